//! The `moves` and `selfplay` commands, run as a user runs them.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const EMPTY15: &str = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15";
const QUIRE: &str = "15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15";

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_lexgraph"));
    c.env("LEXGRAPH_CACHE", scratch().join("cache"));
    c
}

/// The project's English list compiled once, as `en.*`.
fn scratch() -> &'static Path {
    crate::common::cli::english_dir()
}

fn lex(kind: &str) -> PathBuf {
    scratch().join(format!("en.{kind}"))
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// `lexgraph moves` on the test lexicon, by score unless `extra` ranks
/// (`--leaves`, `--by`) or does not rank (`--count`, `--play`): most tests
/// here are about the listing of every move.
fn moves(extra: &[&str]) -> Output {
    let g = lex("gaddag");
    let mut args = vec!["moves", "--lexicon", g.to_str().unwrap()];
    args.extend_from_slice(extra);
    let chosen = ["--leaves", "--by", "--count", "--play"];
    if !extra.iter().any(|a| chosen.contains(a)) {
        args.extend(["--by", "score"]);
    }
    // Every play, not the best 15 `moves` lists by default.
    let limited = ["--top", "--count", "--play", "--all"];
    if !extra.iter().any(|a| limited.contains(a)) {
        args.push("--all");
    }
    run(&args)
}

#[test]
fn text_output_is_notation_sorted_by_score() {
    let cgp = format!("{QUIRE} AEINRS?/ 0/0 0");
    let o = moves(&["--cgp", &cgp, "--top", "20"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 20);
    let scores: Vec<i32> = lines
        .iter()
        .map(|l| l.rsplit(' ').next().unwrap().parse().unwrap())
        .collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{lines:?}");
    for l in &lines {
        let parts: Vec<&str> = l.split(' ').collect();
        assert_eq!(parts.len(), 3, "{l}");
        let coord = parts[0];
        // `8D` (across) or `D8` (down).
        let first = coord.chars().next().unwrap();
        assert!(first.is_ascii_digit() || first.is_ascii_uppercase(), "{l}");
        // A seven-tile play with the blank: exactly one lower-case letter.
        if parts[1].len() >= 7 && scores[0] >= 50 {
            assert!(
                parts[1].chars().filter(|c| c.is_lowercase()).count() <= 1,
                "{l}"
            );
        }
    }
}

#[test]
fn dawg_and_gaddag_print_the_same_moves() {
    let cgp = format!("{QUIRE} AEINRS?/ 0/0 0");
    let g = moves(&["--cgp", &cgp]);
    let d = moves(&["--cgp", &cgp, "--structure", "dawg"]);
    assert!(g.status.success() && d.status.success(), "{}", stderr(&d));
    assert_eq!(stdout(&g), stdout(&d));
    assert!(stdout(&g).lines().count() > 1000);
    // The sibling file is found from either kind.
    let dl = lex("dawg");
    let o = run(&[
        "moves",
        "--lexicon",
        dl.to_str().unwrap(),
        "--cgp",
        &cgp,
        "--structure",
        "gaddag",
        "--by",
        "score",
        "--all",
    ]);
    assert_eq!(stdout(&o), stdout(&g));
}

/// `compile --edges aligned|packed` write 32-bit edges and packed edges:
/// smaller files than the default masked nodes, the same words and moves.
#[test]
fn aligned_and_packed_files_give_the_same_moves() {
    let list = crate::common::root().join("lexicons/wordlist-en.txt");
    let size = |p: PathBuf| std::fs::metadata(p).unwrap().len();
    let cgp = format!("{QUIRE} AEINRS?/ 0/0 0");
    let masked = moves(&["--cgp", &cgp]);
    let info = run(&["info", lex("gaddag").to_str().unwrap()]);
    assert!(
        stdout(&info).contains("format:      2.0"),
        "{}",
        stdout(&info)
    );
    for (layout, bits) in [("aligned", "(32 bits each:"), ("packed", "(28 bits each:")] {
        let out = scratch().join(layout);
        let o = bin()
            .arg("compile")
            .arg(&list)
            .arg("-o")
            .arg(&out)
            .args(["--edges", layout])
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", stderr(&o));
        let gaddag = scratch().join(format!("{layout}.gaddag"));
        let info = run(&["info", gaddag.to_str().unwrap()]);
        assert!(stdout(&info).contains(bits), "{layout}: {}", stdout(&info));
        assert!(
            stdout(&info).contains("format:      1.1"),
            "{}",
            stdout(&info)
        );
        assert!(size(gaddag) < size(lex("gaddag")), "{layout}");
        for kind in ["gaddag", "dawg"] {
            let f = scratch().join(format!("{layout}.{kind}"));
            let o = run(&[
                "moves",
                "--lexicon",
                f.to_str().unwrap(),
                "--cgp",
                &cgp,
                "--structure",
                kind,
                "--by",
                "score",
                "--all",
            ]);
            assert!(o.status.success(), "{}", stderr(&o));
            assert_eq!(stdout(&o), stdout(&masked), "{layout} {kind}");
        }
    }
    assert!(size(scratch().join("aligned.gaddag")) > size(scratch().join("packed.gaddag")));
    let bad = run(&["compile", "x.txt", "-o", "x", "--edges", "wide"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("packed"), "{}", stderr(&bad));
}

#[test]
fn count_matches_the_list_and_top_is_its_head() {
    // `--count` counts without listing and `--top` orders only the best:
    // both must agree with the full sorted list, ties (many here score the
    // same) included.
    let cgp = format!("{QUIRE} AEINRS?/ 0/0 0");
    let all = stdout(&moves(&["--cgp", &cgp]));
    let n = moves(&["--cgp", &cgp, "--count"]);
    assert_eq!(
        stdout(&n).trim().parse::<usize>().unwrap(),
        all.lines().count()
    );
    let lines: Vec<&str> = all.lines().collect();
    for top in [0, 1, 7, 100, lines.len(), lines.len() + 5] {
        let o = stdout(&moves(&["--cgp", &cgp, "--top", &top.to_string()]));
        let want = &lines[..top.min(lines.len())];
        assert_eq!(o.lines().collect::<Vec<_>>(), want, "--top {top}");
    }
    // With exchanges, the count and the list still agree, and the
    // exchanges and the pass come after every placement.
    let ex = stdout(&moves(&["--cgp", &cgp, "--exchanges"]));
    let n = stdout(&moves(&["--cgp", &cgp, "--count", "--exchanges"]));
    assert_eq!(n.trim().parse::<usize>().unwrap(), ex.lines().count());
    assert_eq!(&ex.lines().collect::<Vec<_>>()[..lines.len()], &lines[..]);
    assert_eq!(ex.lines().last(), Some("pass 0"));
}

#[test]
fn batch_streams_from_stdin_and_reports_lines_that_are_not_text() {
    use std::io::Write as _;
    use std::process::Stdio;
    let mut input = format!("{QUIRE} AEINRS?/ 0/0 0\n").into_bytes();
    input.extend_from_slice(b"\xff\xfe 15/15\n\n");
    input.extend_from_slice(format!("{EMPTY15} CAT/ 0/0 0\n").as_bytes());
    let g = lex("gaddag");
    let mut child = bin()
        .args(["moves", "--lexicon", g.to_str().unwrap()])
        .args(["--cgp-file", "-", "--count"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("stdin:2") && err.contains("not UTF-8"),
        "{err}"
    );
    // The good lines are counted as with --cgp, under their batch index.
    let quire = stdout(&moves(&[
        "--cgp",
        &format!("{QUIRE} AEINRS?/ 0/0 0"),
        "--count",
    ]));
    let cat = stdout(&moves(&[
        "--cgp",
        &format!("{EMPTY15} CAT/ 0/0 0"),
        "--count",
    ]));
    assert_eq!(
        stdout(&o),
        format!("0 {}\n2 {}\n", quire.trim(), cat.trim())
    );
}

/// A batch's long listings are printed on a thread of their own where a
/// second core is there (`bin/cmd/moves/output.rs`), handed over in
/// batches: each position's answer must still be what it prints alone,
/// in order, with errors in their places and nothing lost on `--strict`.
#[test]
fn a_batch_listing_prints_each_position_as_it_prints_alone() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("listing.cgp");
    let cgps = [
        format!("{QUIRE} AEINRS?/ 0/0 0"),
        format!("{EMPTY15} AEINRST/ 0/0 0"),
        format!("{QUIRE} ??EORST/ 0/0 0"),
        "15/15/15 AB/ 0/0 0".to_string(),
        format!("{QUIRE} ADEILNT/ 0/0 0"),
        format!("{EMPTY15} CAT/ 0/0 0"),
        format!("{QUIRE} E?SORTN/ 0/0 0"),
    ];
    std::fs::write(&f, cgps.join("\n") + "\n").unwrap();
    let path = f.to_str().unwrap();
    let mut expected = String::new();
    let mut moves_seen = 0;
    for (k, cgp) in cgps.iter().enumerate() {
        if k == 3 {
            continue; // not a position
        }
        let alone = moves(&["--cgp", cgp]);
        assert!(alone.status.success(), "{}", stderr(&alone));
        let text = stdout(&alone);
        let n = text.lines().count();
        moves_seen += n;
        expected += &format!("# position {k} ({path}:{}): {n} plays\n{text}", k + 1);
    }
    // Enough moves for several hand-overs.
    assert!(moves_seen > 30_000, "{moves_seen}");
    let o = moves(&["--cgp-file", path]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("listing.cgp:4"), "{}", stderr(&o));
    assert!(stdout(&o) == expected, "the batch's listing differs");
    // --strict: the answers before the bad line, whole, then the error.
    let o = moves(&["--cgp-file", path, "--strict"]);
    assert_eq!(o.status.code(), Some(3));
    let head = expected.split("# position 4").next().unwrap();
    assert!(stdout(&o) == head, "the answers before the error differ");
    // JSON: each position's plays, then its closing record, the error in
    // its place.
    let o = moves(&["--cgp-file", path, "--format", "json"]);
    let mut order: Vec<String> = Vec::new();
    for line in stdout(&o).lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let what = match v.get("error") {
            Some(_) => "error".to_string(),
            None => v["type"].as_str().unwrap().to_string(),
        };
        let entry = format!("{} {what}", v["position"]);
        if order.last() != Some(&entry) {
            order.push(entry);
        }
    }
    let want = [
        "0 place",
        "0 position",
        "1 place",
        "1 position",
        "2 place",
        "2 position",
        "3 error",
        "4 place",
        "4 position",
        "5 place",
        "5 position",
        "6 place",
        "6 position",
    ];
    assert_eq!(order, want);
}

#[test]
fn json_lines_carry_tiles_cross_words_and_score() {
    // QUIRE across on row 8; an S under E... use a rack that can hook.
    let cgp = format!("{QUIRE} ST/ 0/0 0");
    let o = moves(&["--cgp", &cgp, "--format", "json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut saw_cross = false;
    for line in stdout(&o).lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["type"], "place");
        assert!(v["row"].is_u64() && v["col"].is_u64());
        assert!(v["dir"] == "across" || v["dir"] == "down");
        let tiles = v["tiles"].as_array().unwrap();
        assert!(!tiles.is_empty() && tiles.len() <= 2);
        assert!(v["score"].as_i64().unwrap() > 0);
        assert!(v.get("position").is_none(), "single position has no index");
        // Present on every placement, empty when none is formed.
        let c = v["cross_words"]
            .as_array()
            .expect("cross_words on a placement");
        saw_cross |= !c.is_empty();
        for w in c {
            assert!(w["word"].as_str().unwrap().len() >= 2);
            assert!(w["dir"] != v["dir"], "cross words run the other way");
        }
    }
    assert!(saw_cross, "a hook play forms a cross word");
}

#[test]
fn batch_reports_bad_lines_and_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("batch.cgp");
    let text = format!(
        "{QUIRE} AEINRS?/ 0/0 0\n\
         # a comment\n\
         15/15/15 AB/ 0/0 0\n\
         {EMPTY15} ZZ/ 0/0 0\n\
         {EMPTY15} AEI%RST/ 0/0 0\n\
         {EMPTY15} CAT/ 0/0 0\n"
    );
    std::fs::write(&f, text).unwrap();
    let o = moves(&["--cgp-file", f.to_str().unwrap(), "--count"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("batch.cgp:3"), "{err}");
    assert!(
        err.contains("batch.cgp:4") && err.contains("bag has only 1"),
        "{err}"
    );
    assert!(err.contains("batch.cgp:5") && err.contains('%'), "{err}");
    let out = stdout(&o);
    let idx: Vec<&str> = out.lines().map(|l| l.split(' ').next().unwrap()).collect();
    assert_eq!(idx, ["0", "4"], "{out}");
    // --strict stops at the first bad line, with the answers before it
    // written (a batch from a file is written a chunk at a time).
    let o = moves(&["--cgp-file", f.to_str().unwrap(), "--count", "--strict"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("batch.cgp:3"));
    let out = stdout(&o);
    let idx: Vec<&str> = out.lines().map(|l| l.split(' ').next().unwrap()).collect();
    assert_eq!(idx, ["0"], "{out}");
    // JSON batch objects carry the position index.
    let o = moves(&[
        "--cgp-file",
        f.to_str().unwrap(),
        "--format",
        "json",
        "--top",
        "1",
    ]);
    // Each position's plays, then the record that closes its answer (or
    // says why there is none).
    let records: Vec<String> = stdout(&o)
        .lines()
        .map(|l| {
            let v = serde_json::from_str::<serde_json::Value>(l).unwrap();
            let what = match v.get("error") {
                Some(_) => "error".to_string(),
                None => v["type"].as_str().unwrap().to_string(),
            };
            format!("{} {what}", v["position"])
        })
        .collect();
    assert_eq!(
        records,
        [
            "0 place",
            "0 position",
            "1 error",
            "2 error",
            "3 error",
            "4 place",
            "4 position"
        ]
    );
}

#[test]
fn malformed_positions_are_clear_errors() {
    for (cgp, needle) in [
        (format!("{QUIRE} AEINRSTT/ 0/0 0"), "at most 7"),
        (format!("{QUIRE} AE1/ 0/0 0"), "'1'"),
        (
            "15/15/15/15/15/15/15/4QUIRE7/15/15/15/15/15/15/15 AE/ 0/0 0".to_string(),
            "row 8 has 16 squares",
        ),
        (format!("{QUIRE} QQ/ 0/0 0"), "bag has only 1"),
        ("15/15 A/ 0/0 0".to_string(), "the board has 2 rows"),
    ] {
        let o = moves(&["--cgp", &cgp]);
        assert_eq!(o.status.code(), Some(3), "{cgp}");
        let err = stderr(&o);
        assert!(err.contains(needle), "{cgp}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn text_board_batch_reports_the_faulty_line_and_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut good = vec![".".repeat(15); 15];
    good[7] = "....QUIRE......".to_string();
    let mut bad_tile = good.clone();
    bad_tile[7] = "....QUIRE1.....".to_string();
    let mut short = good.clone();
    short[3] = ".....".to_string();
    let block = |rows: &[String]| rows.join("\n") + "\nAEINRS?\n";
    // A byte-order mark first, and a comment between positions.
    let text = format!(
        "\u{feff}{}# next\n{}{}{}",
        block(&good),
        block(&bad_tile),
        block(&short),
        block(&good)
    );
    let f = dir.path().join("multi.txt");
    std::fs::write(&f, text).unwrap();
    let one = stdout(&moves(&[
        "--cgp",
        &format!("{QUIRE} AEINRS?/ 0/0 0"),
        "--count",
    ]));
    let o = moves(&["--board", f.to_str().unwrap(), "--count"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("0 {}3 {}", one, one));
    let err = stderr(&o);
    let name = f.display().to_string();
    // Lines 1-16 hold the first position, 17 the comment: the second
    // board's row 8 is line 25, the third board's row 4 line 37.
    assert!(
        err.contains(&format!("{name}:25: board row 8: '1'")),
        "{err}"
    );
    assert!(
        err.contains(&format!("{name}:37: board row 4 has 5 squares")),
        "{err}"
    );
    // --strict stops at the first bad position.
    let o = moves(&["--board", f.to_str().unwrap(), "--count", "--strict"]);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(stdout(&o), format!("0 {one}"));
    // A board with a row too many, in a file of positions set apart by
    // blank lines: reported, and the positions after it stay in step.
    let mut extra = good.clone();
    extra.push(".".repeat(15));
    let f = dir.path().join("extra.txt");
    let text = format!("{}\n{}\n{}", block(&extra), block(&good), block(&good));
    std::fs::write(&f, text).unwrap();
    let o = moves(&["--board", f.to_str().unwrap(), "--count"]);
    assert_eq!(stdout(&o), format!("1 {one}2 {one}"));
    assert!(
        stderr(&o).contains(":16: expected the rack"),
        "{}",
        stderr(&o)
    );
    // A board without a rack line and without --rack is an error.
    let f = dir.path().join("norack.txt");
    std::fs::write(&f, good.join("\n") + "\n").unwrap();
    let o = moves(&["--board", f.to_str().unwrap(), "--count"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("no rack line"), "{}", stderr(&o));
}

#[test]
fn each_batch_line_is_answered_in_its_own_lexicon() {
    // A second, tiny lexicon beside the English one, found by name.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("tiny.txt"), "qi\nza\n").unwrap();
    let o = run(&[
        "compile",
        dir.path().join("tiny.txt").to_str().unwrap(),
        "-o",
        dir.path().join("tiny").to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let path = std::env::join_paths([dir.path(), scratch()]).unwrap();
    let count = |lex: &str| {
        let o = bin()
            .env("LEXGRAPH_LEXICON_PATH", &path)
            .args([
                "moves",
                "--count",
                "--cgp",
                &format!("{EMPTY15} AIQZ/ 0/0 0 lex {lex};"),
            ])
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o).trim().to_string()
    };
    let (en, tiny) = (count("en"), count("tiny"));
    assert_ne!(en, tiny);
    // Lines naming each, and one naming none (the first line's).
    let batch = format!(
        "{EMPTY15} AIQZ/ 0/0 0 lex en;\n{EMPTY15} AIQZ/ 0/0 0 lex tiny;\n{EMPTY15} AIQZ/ 0/0 0\n"
    );
    let f = dir.path().join("batch.cgp");
    std::fs::write(&f, batch).unwrap();
    let o = bin()
        .env("LEXGRAPH_LEXICON_PATH", &path)
        .args(["moves", "--count", "--cgp-file", f.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("0 {en}\n1 {tiny}\n2 {en}\n"));
    // A name found only as a DAWG is that lexicon, not the built-in one.
    std::fs::remove_file(dir.path().join("tiny.gaddag")).unwrap();
    assert_eq!(count("tiny"), tiny);
}

#[test]
fn play_scores_one_move_or_says_it_is_illegal() {
    let cgp = format!("{QUIRE} AEINRS?/ 0/0 0");
    let all = stdout(&moves(&["--cgp", &cgp]));
    let line_of = |n: &str| {
        all.lines()
            .find(|l| l.rsplit_once(' ').unwrap().0 == n)
            .unwrap_or_else(|| panic!("{n} not listed"))
            .to_string()
    };
    // The exact notation (spacing and case of the coordinates are free).
    let o = moves(&["--cgp", &cgp, "--play", "8e   QUIRES"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), line_of("8E QUIRES") + "\n");
    // Capitals only: also the plays that need a blank for a letter.
    let o = moves(&["--cgp", &cgp, "--play", "8E QUIRED"]);
    assert_eq!(stdout(&o), line_of("8E QUIREd") + "\n");
    // Not legal: a negative answer naming the play and why.
    let o = moves(&["--cgp", &cgp, "--play", "8D QUIRES"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("8D QUIRES is not legal: 8D is empty")
            || stderr(&o).contains("8D QUIRES is not legal: 8E holds Q, not U"),
        "{}",
        stderr(&o)
    );
    // A lower-case letter is a blank: no loose match then. (The case of a
    // letter already on the board does not matter.)
    let o = moves(&["--cgp", &cgp, "--play", "8E QUIRes"]);
    assert_eq!(stdout(&o), line_of("8E QUIREs") + "\n");
    let o = moves(&["--cgp", &cgp, "--play", "8E QUIRED"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let o = moves(&["--cgp", &cgp, "--play", "8E QUIREz"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("QUIREz is not in the lexicon"),
        "{}",
        stderr(&o)
    );
    // A one-tile play by its other word: S after QUIRE, O below the S.
    let board = "15/15/15/15/15/15/15/4QUIRE6/9O5/15/15/15/15/15/15";
    let one = |play: &str| {
        stdout(&moves(&[
            "--cgp",
            &format!("{board} S/ 0/0 0"),
            "--play",
            play,
        ]))
    };
    assert_eq!(one("J8 SO"), one("8E QUIRES"));
    assert!(
        one("8E QUIRES").starts_with("8E QUIRES "),
        "{}",
        one("8E QUIRES")
    );
    // A down opening is found although openings are listed across.
    let o = moves(&[
        "--cgp",
        &format!("{EMPTY15} CAT/ 0/0 0"),
        "--play",
        "H7 CAT",
    ]);
    assert!(stdout(&o).starts_with("H7 CAT "), "{}", stderr(&o));
    // Squares off the board, and values that name no square.
    let o = moves(&["--cgp", &cgp, "--play", "Z99 QUIRES"]);
    assert!(
        stderr(&o).contains("Z99 is off the 15x15 board"),
        "{}",
        stderr(&o)
    );
    for bad in ["8D", "QUIRE 8D", "8D8 QUIRE"] {
        let o = moves(&["--cgp", &cgp, "--play", bad]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
        assert!(stderr(&o).contains("--play"), "{bad}: {}", stderr(&o));
    }
}

#[test]
fn cgp_fields_may_be_separated_by_any_white_space() {
    let plain = stdout(&moves(&[
        "--cgp",
        &format!("{QUIRE} AEINRS?/ 0/0 0"),
        "--count",
    ]));
    let spaced = moves(&[
        "--cgp",
        &format!("\u{feff}{QUIRE}   AEINRS?/ \t 0/0    0  "),
        "--count",
    ]);
    assert!(spaced.status.success(), "{}", stderr(&spaced));
    assert_eq!(stdout(&spaced), plain);
}

#[test]
fn plain_text_board_with_rack_flag() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("pos.txt");
    let mut rows = vec![".".repeat(15); 15];
    rows[7] = "....QUIRE......".to_string();
    std::fs::write(&f, rows.join("\n") + "\n").unwrap();
    let text = moves(&[
        "--board",
        f.to_str().unwrap(),
        "--rack",
        "AEINRS?",
        "--count",
    ]);
    let cgp = moves(&["--cgp", &format!("{QUIRE} AEINRS?/ 0/0 0"), "--count"]);
    assert!(text.status.success(), "{}", stderr(&text));
    assert_eq!(stdout(&text), stdout(&cgp));
}

#[test]
fn exchanges_and_pass() {
    let o = moves(&["--cgp", &format!("{QUIRE} AAB/ 0/0 0"), "--exchanges"]);
    let out = stdout(&o);
    let ex: Vec<&str> = out.lines().filter(|l| l.starts_with('-')).collect();
    // Sub-multisets of AAB: A, AA, B, AB, AAB.
    assert_eq!(ex.len(), 5, "{out}");
    assert_eq!(out.lines().last(), Some("pass 0"));
    // With fewer than 7 tiles in the bag, only pass.
    // 94 tiles on the board and AB on the rack leave 4 unseen.
    let o = moves(&[
        "--cgp",
        &format!("{} AB/ 0/0 0", board_of(94, "AB")),
        "--exchanges",
    ]);
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!out.lines().any(|l| l.starts_with('-')), "{out}");
    assert_eq!(out.lines().last(), Some("pass 0"));
    // 83 on the board and 7 on the rack leave 10 unseen. Without the
    // opponent's rack, the opponent holds 7 of them: 3 in the bag, too few.
    let board = board_of(83, "ABCDEFG");
    let ex = |racks: &str| {
        let o = moves(&["--cgp", &format!("{board} {racks} 0/0 0"), "--exchanges"]);
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o).lines().filter(|l| l.starts_with('-')).count()
    };
    assert_eq!(ex("ABCDEFG/"), 0);
    // An opponent known to hold 3 tiles leaves 7 in the bag: 127 exchanges.
    let rest = bag_less(&format!("ABCDEFG{}", board_tiles(83, "ABCDEFG")));
    assert_eq!(rest.len() + 2, 10, "the unseen letters and the two blanks");
    assert_eq!(ex(&format!("ABCDEFG/{}", &rest[..3])), 127);
}

/// The English bag's letters (not its two blanks), less `used`.
fn bag_less(used: &str) -> String {
    let mut bag = "AAAAAAAAABBCCDDDDEEEEEEEEEEEEFFGGGHHIIIIIIIIIJKLLLLMMNNNNNNOOOOOOOOPPQRRRRRRSSSSTTTTTTUUUUVVWWXYYZ".to_string();
    for c in used.chars() {
        bag = bag.replacen(c, "", 1);
    }
    bag
}

/// The first `n` tiles of the bag less the rack, as they fill the board.
fn board_tiles(n: usize, rack: &str) -> String {
    bag_less(rack).chars().take(n).collect()
}

/// A CGP board holding `n` tiles of the bag (less the rack's), row by row.
fn board_of(n: usize, rack: &str) -> String {
    let tiles: Vec<char> = board_tiles(n, rack).chars().collect();
    let mut rows: Vec<String> = tiles
        .chunks(15)
        .map(|c| c.iter().collect::<String>())
        .collect();
    let last = rows.last_mut().unwrap();
    let pad = 15 - last.len();
    if pad > 0 {
        last.push_str(&pad.to_string());
    }
    while rows.len() < 15 {
        rows.push("15".into());
    }
    rows.join("/")
}

#[test]
fn opening_both_adds_down_moves() {
    let cgp = format!("{EMPTY15} CAT/ 0/0 0");
    let across: usize = stdout(&moves(&["--cgp", &cgp, "--count"]))
        .trim()
        .parse()
        .unwrap();
    let both: usize = stdout(&moves(&["--cgp", &cgp, "--count", "--opening", "both"]))
        .trim()
        .parse()
        .unwrap();
    assert!(across > 0);
    assert_eq!(both, 2 * across);
}

#[test]
fn super_board_by_size_or_flag() {
    let dir = tempfile::tempdir().unwrap();
    let list = crate::common::root().join("lexicons/wordlist-en.txt");
    let out = dir.path().join("sup");
    let o = run(&[
        "compile",
        list.to_str().unwrap(),
        "--alphabet",
        "super-english",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let empty21 = vec!["21"; 21].join("/");
    let cgp = format!("{empty21} CAT/ 0/0 0");
    let g = dir.path().join("sup.gaddag");
    let a = run(&[
        "moves",
        "--lexicon",
        g.to_str().unwrap(),
        "--cgp",
        &cgp,
        "--top",
        "1",
    ]);
    let b = run(&[
        "moves",
        "--lexicon",
        g.to_str().unwrap(),
        "--cgp",
        &cgp,
        "--top",
        "1",
        "--layout",
        "super",
    ]);
    assert!(a.status.success(), "{}", stderr(&a));
    assert_eq!(stdout(&a), stdout(&b));
    // The Super board's centre (row 11, col K) is a double word.
    assert!(stdout(&a).starts_with("11"), "{}", stdout(&a));
    // A 21x21 position on the 15x15 layout is refused.
    let c = run(&[
        "moves",
        "--lexicon",
        g.to_str().unwrap(),
        "--cgp",
        &cgp,
        "--layout",
        "standard",
    ]);
    assert_eq!(c.status.code(), Some(3));
}

#[test]
fn unknown_lex_name_falls_back_to_the_default_with_a_note() {
    let o = run(&[
        "moves",
        "--cgp",
        &format!("{QUIRE} AEINRS?/ 0/0 0 lex NOSUCHLEX;"),
        "--top",
        "3",
        "--fallback",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("NOSUCHLEX"), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 3);
}

#[test]
fn selfplay_checks_both_structures_and_writes_positions() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pos.cgp");
    let g = lex("gaddag");
    let o = run(&[
        "selfplay",
        "--lexicon",
        g.to_str().unwrap(),
        "--games",
        "2",
        "--seed",
        "3",
        "--structure",
        "both",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let s = stdout(&o);
    assert!(
        s.contains("agreement:") && s.contains("identical moves"),
        "{s}"
    );
    assert!(
        s.contains("game 0 seed 3") && s.contains("game 1 seed 4"),
        "{s}"
    );
    let cgps = std::fs::read_to_string(&out).unwrap();
    let turns: usize = s
        .lines()
        .find(|l| l.starts_with("turns:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(cgps.lines().count(), turns);
    // Every written position reads back and lists moves.
    let first_mid = cgps.lines().nth(5).unwrap();
    let o = moves(&["--cgp", first_mid, "--count"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // Same seed, same games.
    let again = run(&[
        "selfplay",
        "--lexicon",
        g.to_str().unwrap(),
        "--games",
        "2",
        "--seed",
        "3",
        "--structure",
        "both",
    ]);
    let head = |t: &str| {
        t.lines()
            .take(2)
            .map(|l| l.split(", GADDAG").next().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(head(&stdout(&again)), head(&s));
}

/// `--leaves` ranks plays by equity and prints each with its equity and
/// leave; the first is the best play by equity as the library finds it.
#[test]
fn leaves_rank_plays_by_equity() {
    let rack = format!("{QUIRE} UUVWIE/ 0/0 0");
    let o = moves(&["--cgp", &rack, "--top", "3", "--leaves", "gordon1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    // notation, score, equity, leave: equity = score + Gordon's values.
    let fields: Vec<Vec<&str>> = lines.iter().map(|l| l.split(' ').collect()).collect();
    let equity: Vec<f32> = fields.iter().map(|f| f[3].parse().unwrap()).collect();
    assert!(equity.windows(2).all(|w| w[0] >= w[1]), "{lines:?}");
    let value = |t: char| match t {
        'U' => -4.5,
        'V' => -6.5,
        'W' => -4.0,
        'I' => -1.5,
        'E' => 4.0,
        _ => panic!("{t}"),
    };
    for f in &fields {
        let leave: f32 = f[4].chars().filter(|&c| c != '-').map(value).sum();
        assert_eq!(
            f[2].parse::<f32>().unwrap() + leave,
            f[3].parse::<f32>().unwrap(),
            "{f:?}"
        );
    }
    // JSON carries them as fields; a bad file is named.
    let o = moves(&[
        "--cgp", &rack, "--top", "1", "--leaves", "gordon2", "--format", "json",
    ]);
    let j: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert!(j["equity"].is_number() && j["leave"].is_string(), "{j}");
    let o = moves(&["--cgp", &rack, "--leaves", "no-such-leaves.csv"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("no-such-leaves.csv"), "{}", stderr(&o));
}
