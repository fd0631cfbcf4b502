//! Game records read and replayed (`lexgraph::gcg::parse`,
//! `lexgraph::replay`, `lexgraph replay`): every event kind on hand-written
//! records, the encodings and line ends real files come in, wrong scores
//! and malformed lines named, garbage that must not panic; records that
//! `selfplay`, `match` and `play` write replay with every turn agreeing;
//! and (ignored: `../shared/games`) four real games, every turn agreeing.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use lexgraph::gcg::{self, Action, Encoding};
use lexgraph::replay::replay;
use lexgraph::{Alphabet, Error, Rules};
use proptest::prelude::*;

use crate::common::cli::{english_dir, run, BIN};
use crate::common::shared_dir;

/// Every kind of turn line, with totals that add up and scores that are
/// right: QUIRE on the centre star (Q 10, U I R 1, E 2 on the double
/// letter, doubled: 30), AT under it (AT 3, QA 11, UT 3), EX down from
/// the E (9), withdrawn.
const EVERY_KIND: &str = "#character-encoding UTF-8
#player1 ann Ann Smith
#player2 bob Bob
#title a test
#lexicon TEST
#some-future-pragma 1 2 3
>ann: AEIQRSU 8H QUIRE +30 30
#note a fine
opening
>bob: ADEIRST -ADE +0 0
>ann: ADEIST? 9H AT +17 47
>bob: DEIRSTX - +0 0
>bob: DEIRSTX L8 .X +9 9
>bob: DEIRSTX --  -9 0
>ann: DEIS? (challenge) +5 52
>bob: DEIRSTX (time) -10 -10
>ann: DEIST? (DEIST?) -6 46
>bob: DEIRSTX (DEIRSTX) -15 -25
";

fn english() -> Alphabet {
    Alphabet::english()
}

fn parse(text: &str) -> lexgraph::Result<gcg::Record> {
    gcg::parse(text.as_bytes(), "t.gcg", &english())
}

#[test]
fn every_kind_of_turn_replays() {
    let a = english();
    let record = parse(EVERY_KIND).unwrap();
    assert_eq!(record.players[0].name, "Ann Smith");
    assert_eq!(record.players[1].nick, "bob");
    assert_eq!(record.lexicon.as_deref(), Some("TEST"));
    assert!(record
        .pragmas
        .iter()
        .any(|p| p.name == "some-future-pragma" && p.value == "1 2 3"));
    assert_eq!(record.events[0].note, "a fine\nopening");
    let kinds: Vec<&str> = record.events.iter().map(|e| e.action.kind()).collect();
    assert_eq!(
        kinds,
        [
            "place",
            "exchange",
            "place",
            "pass",
            "place",
            "withdrawn",
            "challenge",
            "time",
            "rack-penalty",
            "rack-penalty"
        ]
    );
    assert_eq!(record.events[1].line, 10);
    let game = replay(&record, &Rules::default(), &a, None).unwrap();
    let problems: Vec<_> = game.steps.iter().flat_map(|s| &s.problems).collect();
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(game.totals, [46, -25]);
    assert_eq!(game.computed_totals, [46, -25]);
    let computed: Vec<Option<i32>> = game.steps.iter().map(|s| s.computed).collect();
    assert_eq!(
        computed[..6],
        [Some(30), None, Some(17), None, Some(9), Some(-9)]
    );
    assert_eq!(game.steps[2].words, ["AT", "QA", "UT"]);
    // The withdrawn EX left the board: only QUIRE and AT remain.
    assert_eq!(game.board.tile_count(), 7);
    // The position before each turn, from the mover's side.
    let before = &game.steps[2].before;
    assert_eq!(
        before.to_cgp(&a),
        "15/15/15/15/15/15/15/7QUIRE3/15/15/15/15/15/15/15 ADEIST?/ 30/0 1 lex TEST;"
    );
}

#[test]
fn wrong_scores_totals_and_tiles_are_reported_with_their_turn() {
    let a = english();
    let text = EVERY_KIND
        .replace("QUIRE +30 30", "QUIRE +34 34")
        .replace("9H AT +17 47", "9H AT +17 52")
        .replace("(DEIST?) -6 46", "(DEIST?) -7 45")
        .replace("--  -9 0", "--  -8 1");
    let game = replay(&parse(&text).unwrap(), &Rules::default(), &a, None).unwrap();
    let problems: Vec<(usize, &str)> = game
        .steps
        .iter()
        .flat_map(|s| s.problems.iter().map(move |p| (s.turn, p.as_str())))
        .collect();
    assert_eq!(
        problems,
        [
            (1, "score: recorded +34, computed +30"),
            (3, "total: recorded 52, expected 51 (34 +17)"),
            (6, "score: recorded -8, but the withdrawn play scored +9"),
            (7, "total: recorded 52, expected 57 (52 +5)"),
            (8, "total: recorded -10, expected -9 (1 -10)"),
            (9, "score: recorded -7, the value of DEIST? is -6"),
        ]
    );
    assert!(!game.agrees());
    // Out-of-turn tiles and a wrong end-of-game claim.
    let text =
        "#player1 ann Ann\n#player2 bob Bob\n>ann: AEIQRST 8H QUIRE +30 30\n>ann:  (Z) +22 52\n";
    let game = replay(&parse(text).unwrap(), &Rules::default(), &a, None).unwrap();
    assert_eq!(
        game.steps[0].problems,
        ["tiles: the rack AEIQRST lacks tiles the play places"]
    );
    assert_eq!(
        game.steps[1].problems.len(),
        2,
        "{:?}",
        game.steps[1].problems
    );
    assert!(
        game.steps[1].problems[0].starts_with("score: recorded +22, twice the value of Z is +20")
    );
    assert!(game.steps[1].problems[1].starts_with("tiles: (Z) are not the tiles off the board"));
}

#[test]
fn crlf_bom_and_encodings_read_alike() {
    let plain = parse(EVERY_KIND).unwrap();
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend(EVERY_KIND.replace('\n', "\r\n").bytes());
    let dos = gcg::parse(&bytes, "t", &english()).unwrap();
    assert_eq!(dos.events.len(), plain.events.len());
    for (x, y) in dos.events.iter().zip(&plain.events) {
        assert_eq!(
            (x.line, &x.action, x.points, x.total),
            (y.line, &y.action, y.points, y.total)
        );
    }
    assert_eq!(dos.players, plain.players);
    // The byte offset counts the mark and the carriage returns.
    assert_eq!(dos.events[0].offset, plain.events[0].offset + 3 + 6);
    // ISO-8859-1, declared and not.
    let latin = b"#character-encoding ISO-8859-1\n#player1 jose Jos\xe9 P\xe9rez\n#player2 ana Ana\n>jose: AEIQRSU 8H QUIRE +30 30\n";
    let r = gcg::parse(latin, "t", &english()).unwrap();
    assert_eq!(r.players[0].name, "José Pérez");
    assert_eq!(r.encoding, Encoding::Latin1);
    let r = gcg::parse(&latin[31..], "t", &english()).unwrap();
    assert_eq!(
        (r.players[0].name.as_str(), r.encoding),
        ("José Pérez", Encoding::Latin1)
    );
    let utf8 = "#player1 jose José Pérez\n#player2 ana Ana\n";
    let r = gcg::parse(utf8.as_bytes(), "t", &english()).unwrap();
    assert_eq!(
        (r.players[0].name.as_str(), r.encoding),
        ("José Pérez", Encoding::Utf8)
    );
    // Declared UTF-8 that is not: the line is named.
    let e = gcg::parse(
        b"#character-encoding UTF-8\n#player1 a \xe9\n",
        "t",
        &english(),
    )
    .unwrap_err();
    assert!(matches!(e, Error::Input { line: 2, .. }), "{e}");
}

#[test]
fn tiles_of_other_alphabets() {
    let es = Alphabet::builtin("spanish").unwrap();
    let text = "#player1 ana Ana\n#player2 luis Luis\n\
                >ana: [CH]AOS?? 8H [CH]A +12 12\n\
                >luis: AE2OS? 9H 2A +26 26\n\
                >ana: 1OS?? -1 +0 12\n";
    let r = gcg::parse(text.as_bytes(), "t", &es).unwrap();
    // The digits of older files: 2 is LL, the second multi-character tile;
    // -1 exchanges a CH (in the English alphabet, -1 is a count).
    let Action::Place(n) = &r.events[1].action else {
        panic!("{:?}", r.events[1])
    };
    assert_eq!(es.label(n.word[0], false), "[LL]");
    assert!(matches!(&r.events[2].action, Action::Exchange(t) if t.to_text(&es) == "[CH]"));
    let game = replay(&r, &Rules::default(), &es, None).unwrap();
    // [CH]A on the star: (5 + 1) x 2. LL A below it, A on a double letter:
    // 8 + 2, and the words down [CH][LL] (5 + 8) and AA (1 + 2).
    assert_eq!(game.steps[0].computed, Some(12));
    assert_eq!(game.steps[1].words, ["[LL]A", "[CH][LL]", "AA"]);
    assert_eq!(game.steps[1].computed, Some(26));
    assert!(
        game.agrees(),
        "{:?}",
        game.steps.iter().map(|s| &s.problems).collect::<Vec<_>>()
    );
    let en = parse("#player1 a A\n#player2 b B\n>a: ABC -1 +0 0\n").unwrap();
    assert_eq!(en.events[0].action, Action::ExchangeCount(1));
    // Polish letters, blanks in lower case.
    let pl = Alphabet::builtin("polish").unwrap();
    let text = "#player1 ola Ola\n#player2 jan Jan\n>ola: ŻĄ?AAAA 8H ŻĄł +20 20\n";
    let r = gcg::parse(text.as_bytes(), "t", &pl).unwrap();
    let game = replay(&r, &Rules::default(), &pl, None).unwrap();
    let want = 2
        * (pl.score(pl.tile_by_label("Ż").unwrap()) + pl.score(pl.tile_by_label("Ą").unwrap()))
            as i32;
    assert_eq!(game.steps[0].computed, Some(want));
    assert_eq!(game.steps[0].words, ["ŻĄł"]);
}

/// Lines that cannot be read, each put at line 4 of a record: the error
/// names line 4.
#[test]
fn malformed_lines_are_named() {
    let head = "#player1 ann Ann\n#player2 bob Bob\n>ann: AEIQRSU 8H QUIRE +30 30\n";
    for bad in [
        ">bob: ADEIRST 9H AT +1x 17",
        ">bob: ADEIRST 9H AT +17",
        ">carl: ADEIRST 9H AT +17 17",
        ">bob ADEIRST 9H AT +17 17",
        ">bob: ADEIRST 9Z9 AT +17 17",
        ">bob: AD3IRST 9H AT +17 17",
        ">bob: ADEIRST 9H A%T +17 17",
        ">bob: ADEIRST extra 9H AT +17 17",
        ">bob: ADEIRST -AD! +0 0",
        ">bob: +0 0",
        ">bob: - +99999999999 0",
        "#character-encoding EBCDIC",
        "#player2 bob Bob",
        "#player1",
    ] {
        let text = format!("{head}{bad}\n");
        match parse(&text) {
            Err(Error::Input { line: 4, msg, .. }) => assert!(!msg.is_empty()),
            other => panic!("{bad:?}: {other:?}"),
        }
    }
    // Lines that read but cannot be replayed: named the same way.
    for bad in [
        ">bob: ADEIRST 8H AT +4 4",  // over the Q
        ">bob: ADEIRST 9H .T +2 2",  // '.' on an empty square
        ">bob: ADEIRST 8G A +2 2",   // not the whole word: 8H follows
        ">bob: ADEIRST 8L E +0 0",   // places nothing
        ">bob: ADEIRST 8N ATE +3 3", // off the board
        ">bob: ADEIRST -- -0 0",     // ann placed last, not bob
    ] {
        let record = parse(&format!("{head}{bad}\n")).unwrap();
        match replay(&record, &Rules::default(), &english(), None) {
            Err(Error::Input { line: 4, .. }) => {}
            other => panic!("{bad:?}: {:?}", other.map(|r| r.agrees())),
        }
    }
    // No players at all, or one.
    assert!(parse("").is_err());
    assert!(parse("#player1 ann Ann\n").is_err());
    // Without #player lines, the first two nicknames are the players.
    let r = parse(">ann: AEIQRSU 8H QUIRE +30 30\n>bob: - +0 0\n").unwrap();
    assert_eq!(
        (r.players[0].nick.as_str(), r.players[1].nick.as_str()),
        ("ann", "bob")
    );
}

/// Material for garbage lines: the pieces of real ones, and anything.
fn garbage_line() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just(">ann:".to_string()),
        Just(">bob:".to_string()),
        Just("#player1 ann".to_string()),
        Just("#character-encoding".to_string()),
        Just("8H".to_string()),
        Just("H8".to_string()),
        Just("QUIRE".to_string()),
        Just(".X".to_string()),
        Just("--".to_string()),
        Just("-".to_string()),
        Just("(challenge)".to_string()),
        Just("(time)".to_string()),
        Just("(AB?)".to_string()),
        Just("+30".to_string()),
        Just("-7".to_string()),
        Just("[CH]".to_string()),
        "[0-9]{1,12}",
        "[A-Za-z?.]{1,20}",
        "\\PC{0,12}",
    ];
    prop::collection::vec(piece, 0..8).prop_map(|v| v.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Any lines after a good start: an error or a record, and a record
    /// replays to an error or a result, never a panic.
    #[test]
    fn garbage_never_panics(lines in prop::collection::vec(garbage_line(), 0..12), bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        let mut text = b"#player1 ann Ann\n#player2 bob Bob\n>ann: AEIQRSU 8H QUIRE +30 30\n".to_vec();
        for l in &lines {
            text.extend_from_slice(l.as_bytes());
            text.push(b'\n');
        }
        text.extend_from_slice(&bytes);
        for a in [Alphabet::english(), Alphabet::builtin("spanish").unwrap()] {
            if let Ok(r) = gcg::parse(&text, "g", &a) {
                let _ = replay(&r, &Rules::default(), &a, None);
            }
        }
    }
}

// ---------------------------------------------------------------------------
// The command

fn write(dir: &Path, name: &str, text: &str) -> String {
    std::fs::write(dir.join(name), text).unwrap();
    name.to_string()
}

#[test]
fn the_command_reports_a_wrong_score_with_its_turn_and_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let g = english_dir().join("en.gaddag");
    let lex = g.to_str().unwrap();
    let good = write(dir.path(), "good.gcg", EVERY_KIND);
    let out = run(dir.path(), &["replay", &good, "-l", lex]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("every score and total agrees with the board (10 turns)"),
        "{stdout}"
    );
    assert!(stdout.contains("-- L8 EX"), "{stdout}");
    let bad = write(
        dir.path(),
        "bad.gcg",
        &EVERY_KIND.replace("AT +17 47", "AT +18 48"),
    );
    let out = run(dir.path(), &["replay", &bad, "-l", lex]);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        stdout.contains("! line 11: score: recorded +18, computed +17"),
        "{stdout}"
    );
    assert!(stderr.contains("turn 3 (line 11)"), "{stderr}");
    // JSON: one report, the turn's problem in it.
    let out = run(dir.path(), &["replay", &bad, "-l", lex, "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["agrees"], false);
    assert_eq!(
        v["turns"][2]["problems"][0],
        "score: recorded +18, computed +17"
    );
    assert_eq!(v["turns"][2]["computed"], 17);
    // CGP: one line per turn, the position before it.
    let out = run(dir.path(), &["replay", &good, "-l", lex, "--cgp"]);
    let cgp = String::from_utf8(out.stdout).unwrap();
    assert_eq!(cgp.lines().count(), 10);
    assert!(
        cgp.starts_with("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEIQRSU/ 0/0 0 lex TEST;\n"),
        "{cgp}"
    );
    // A malformed line: exit 3, the file and line named.
    let broken = write(
        dir.path(),
        "broken.gcg",
        &EVERY_KIND.replace(">bob: DEIRSTX - +0 0", ">bob: DEIRSTX - +0 zero"),
    );
    let out = run(dir.path(), &["replay", &broken, "-l", lex]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("broken.gcg:12"), "{stderr}");
}

/// Runs `lexgraph replay FILE --format json` and returns the report, which
/// must agree on every turn, with no word missing from `lex`.
fn replay_json(dir: &Path, file: &Path, lex: &Path, extra: &[&str]) -> serde_json::Value {
    let mut args = vec![
        "replay",
        file.to_str().unwrap(),
        "-l",
        lex.to_str().unwrap(),
        "--format",
        "json",
    ];
    args.extend_from_slice(extra);
    let out = run(dir, &args);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    assert_eq!(out.status.code(), Some(0), "{file:?}: {v}");
    assert_eq!(v["agrees"], true, "{file:?}");
    v
}

#[test]
fn games_selfplay_and_match_write_replay() {
    let dir = tempfile::tempdir().unwrap();
    let g = english_dir().join("en.gaddag");
    let lex = g.to_str().unwrap();
    let out = run(
        dir.path(),
        &[
            "selfplay", "-l", lex, "--games", "3", "--seed", "11", "--gcg", "self", "--quiet",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = run(
        dir.path(),
        &[
            "match", "-l", lex, "--p1", "gordon2", "--p2", "greedy", "--games", "4", "--gcg",
            "match",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut n = 0;
    for sub in ["self", "match"] {
        for f in std::fs::read_dir(dir.path().join(sub)).unwrap() {
            let f = f.unwrap().path();
            let v = replay_json(dir.path(), &f, &g, &[]);
            assert_eq!(v["missing_words"].as_array().unwrap().len(), 0, "{f:?}");
            let text = std::fs::read_to_string(&f).unwrap();
            let last_totals = v["totals"].clone();
            assert_eq!(v["totals"], v["computed_totals"], "{f:?}");
            assert!(text.lines().count() > 10 && !last_totals.is_null());
            n += 1;
        }
    }
    assert_eq!(n, 7);
}

#[test]
fn a_scripted_play_game_replays() {
    let dir = tempfile::tempdir().unwrap();
    let g = english_dir().join("en.gaddag");
    // You pass and exchange, the engine plays: the game ends with the
    // engine out (or six scoreless turns), every line replayable.
    let mut input = String::from("exchange QZXJ\n");
    input.push_str(&"pass\n".repeat(80));
    let mut child = Command::new(BIN)
        .args([
            "play",
            "-l",
            g.to_str().unwrap(),
            "--seed",
            "4",
            "--gcg",
            "p.gcg",
        ])
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out: Output = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = replay_json(
        dir.path(),
        &dir.path().join("p.gcg"),
        &g,
        &["--analyze", "--top", "2"],
    );
    let turns = v["turns"].as_array().unwrap();
    assert!(turns.len() > 10, "{v}");
    let last = turns.last().unwrap();
    assert!(
        ["end-points", "rack-penalty"].contains(&last["action"].as_str().unwrap()),
        "the game ended: {last}"
    );
    // The engine's turns are analysed: it played its own best play.
    let engine = &turns[1];
    assert_eq!(engine["action"], "place", "{engine}");
    assert_eq!(engine["analysis"]["best"].as_array().unwrap().len(), 2);
    let gave_up = engine["analysis"]["gave_up"].as_f64().unwrap();
    assert!(gave_up.abs() < 1e-3, "{engine}");
}

// ---------------------------------------------------------------------------
// Real games

/// The four records of `../shared/games`, each replayed against a lexicon
/// compiled from `list`: every turn agrees; the missing words per game.
fn shared_games(list: &str) -> Vec<(String, Vec<String>)> {
    let dir = tempfile::tempdir().unwrap();
    let words = crate::common::word_list(list);
    let out = run(
        dir.path(),
        &["compile", words.to_str().unwrap(), "-o", "lex"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lex = dir.path().join("lex.gaddag");
    let mut games: Vec<_> = std::fs::read_dir(shared_dir().join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "gcg"))
        .collect();
    games.sort();
    assert_eq!(games.len(), 4, "{games:?}");
    games
        .iter()
        .map(|g| {
            let v = replay_json(dir.path(), g, &lex, &[]);
            for t in v["turns"].as_array().unwrap() {
                assert_eq!(t["problems"].as_array().unwrap().len(), 0, "{g:?}: {t}");
                if t["action"] == "place" {
                    assert_eq!(t["computed"], t["points"], "{g:?}: {t}");
                }
            }
            let missing = v["missing_words"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| format!("{}@{}", m["word"].as_str().unwrap(), m["turn"]))
                .collect();
            (
                g.file_name().unwrap().to_string_lossy().into_owned(),
                missing,
            )
        })
        .collect()
}

#[test]
#[ignore = "needs ../shared/games and ../shared/lexicons/sowpods.txt"]
fn the_shared_games_agree_on_every_turn_in_collins() {
    let games = shared_games("sowpods.txt");
    let missing: Vec<(&str, Vec<&str>)> = games
        .iter()
        .map(|(g, m)| (g.as_str(), m.iter().map(String::as_str).collect()))
        .collect();
    // The phony TILAX (withdrawn), and words newer than the local SOWPODS.
    assert_eq!(
        missing,
        [
            ("doug_v_emely.gcg", vec!["TILAX@6", "YAS@8"]),
            ("noah_vs_mishu.gcg", vec![]),
            ("utf8_dos.gcg", vec!["WAZ@5", "EW@13"]),
            ("vs_frentz.gcg", vec![]),
        ]
    );
}

#[test]
#[ignore = "needs ../shared/games"]
fn the_shared_games_agree_on_every_turn_in_enable() {
    // ENABLE lacks many Collins words: they are listed, the scores still agree.
    let games = shared_games("enable1.txt");
    assert!(games.iter().any(|(_, m)| !m.is_empty()));
}

#[test]
#[ignore = "needs ../shared/games"]
fn the_shared_records_read_as_written() {
    let a = english();
    let read = |name: &str| gcg::read(&shared_dir().join("games").join(name), &a).unwrap();
    let dos = read("utf8_dos.gcg");
    assert_eq!(dos.encoding, Encoding::Utf8);
    assert_eq!(dos.players[1].name, "Michal Josko");
    // A line of the annotator's text, after turn 10, is that turn's note.
    assert!(
        dos.events[9].note.starts_with("since ive been behind"),
        "{:?}",
        dos.events[9]
    );
    let doug = read("doug_v_emely.gcg");
    assert_eq!(doug.events[6].action, Action::Withdrawn);
    assert_eq!(doug.events[6].points, -24);
    let frentz = read("vs_frentz.gcg");
    let kinds: Vec<&str> = frentz.events.iter().map(|e| e.action.kind()).collect();
    assert_eq!(kinds.iter().filter(|k| **k == "challenge").count(), 2);
    assert_eq!(kinds.last(), Some(&"end-points"));
}
