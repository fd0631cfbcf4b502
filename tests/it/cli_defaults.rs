//! What a player or a program meets first: `moves` lists the 15 best plays
//! by equity, batches frame each answer, leave specs are one syntax whose
//! mistakes list the choices, `check` names its lexicon, `--format json`
//! on the query commands, no lock file left behind, and `play`'s
//! `shuffle`, `undo`, `resign` and `--color`.

use std::path::Path;
use std::process::{Output, Stdio};

use crate::common::cli::{english_dir, run, run_with_input};

const OPENING: &str = "15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 AEINRS?/ 0/0 0";
const LATER: &str = "15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 BEHLOTT/ 0/0 0";

fn gaddag() -> String {
    english_dir().join("en.gaddag").display().to_string()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

#[test]
fn moves_lists_the_best_fifteen_by_equity_unless_told_otherwise() {
    let d = tempfile::tempdir().unwrap();
    let lex = gaddag();
    let base = ["moves", "-l", &lex, "--cgp", OPENING];
    let listed = |extra: &[&str]| -> Vec<String> {
        let o = run(d.path(), &[&base[..], extra].concat());
        assert!(o.status.success(), "{extra:?}: {}", stderr(&o));
        stdout(&o).lines().map(String::from).collect()
    };
    let default = listed(&[]);
    assert_eq!(default.len(), 15);
    // Ranked by equity: each line carries score, equity and leave.
    assert!(
        default.iter().all(|l| l.split(' ').count() == 5),
        "{default:?}"
    );
    assert_eq!(default, listed(&["--by", "equity", "--top", "15"]));
    // --all lists every placement: as many as --count counts.
    let count: usize = stdout(&run(d.path(), &[&base[..], &["--count"]].concat()))
        .trim()
        .parse()
        .unwrap();
    assert!(count > 1000, "{count}");
    assert_eq!(listed(&["--all", "--by", "score"]).len(), count);
    let by_score = listed(&["--by", "score"]);
    assert_eq!(by_score.len(), 15);
    assert!(by_score.iter().all(|l| l.split(' ').count() == 3));
    // --all does not go with --top.
    let o = run(d.path(), &[&base[..], &["--all", "--top", "3"]].concat());
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn a_batch_header_counts_the_plays_under_it_ranked_or_not() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("p.cgp"), format!("{OPENING}\n{LATER}\n")).unwrap();
    let lex = gaddag();
    for by in ["equity", "score"] {
        let o = run(
            d.path(),
            &[
                "moves",
                "-l",
                &lex,
                "--cgp-file",
                "p.cgp",
                "--top",
                "4",
                "--by",
                by,
            ],
        );
        assert!(o.status.success(), "{}", stderr(&o));
        let text = stdout(&o);
        let headers: Vec<&str> = text.lines().filter(|l| l.starts_with('#')).collect();
        assert_eq!(
            headers,
            [
                "# position 0 (p.cgp:1): 4 plays",
                "# position 1 (p.cgp:2): 4 plays"
            ],
            "--by {by}"
        );
        assert_eq!(text.lines().count(), 10, "--by {by}");
    }
}

#[test]
fn a_json_stream_closes_each_answer_with_a_record_of_its_position() {
    let d = tempfile::tempdir().unwrap();
    let lex = gaddag();
    let input = format!("{OPENING}\nnot a position\n{LATER}\n");
    let o = run_with_input(
        d.path(),
        &[
            "moves",
            "-l",
            &lex,
            "--cgp-file",
            "-",
            "--format",
            "json",
            "--top",
            "3",
        ],
        &input,
    );
    // A bad line: exit 3, reported on stderr and in the stream; the rest
    // answered.
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("stdin:2"), "{}", stderr(&o));
    let records = json_lines(&o);
    let frames: Vec<&serde_json::Value> =
        records.iter().filter(|r| r["type"] == "position").collect();
    assert_eq!(frames.len(), 3);
    assert_eq!(frames[0]["position"], 0);
    assert_eq!(frames[0]["plays"], 3);
    assert_eq!(frames[0]["source"], "stdin:1");
    assert_eq!(frames[1]["position"], 1);
    assert!(frames[1]["error"]
        .as_str()
        .unwrap()
        .contains("not a CGP line"));
    assert!(frames[1].get("plays").is_none());
    assert_eq!(frames[2]["plays"], 3);
    // Each frame follows its own position's plays.
    let kinds: Vec<String> = records
        .iter()
        .map(|r| format!("{}{}", r["type"].as_str().unwrap(), r["position"]))
        .collect();
    assert_eq!(
        kinds,
        [
            "place0",
            "place0",
            "place0",
            "position0",
            "position1",
            "place2",
            "place2",
            "place2",
            "position2"
        ]
    );
}

#[test]
fn the_column_header_shows_on_a_terminal_only() {
    let d = tempfile::tempdir().unwrap();
    let lex = gaddag();
    let piped = run(
        d.path(),
        &["moves", "-l", &lex, "--cgp", OPENING, "--top", "2"],
    );
    assert!(!stdout(&piped).contains('#'));
    // `script` gives the command a terminal (util-linux, on every Debian).
    let line = format!(
        "{} moves -l {lex} --cgp '{OPENING}' --top 2",
        crate::common::cli::BIN
    );
    let Ok(o) = std::process::Command::new("script")
        .args(["-qec", &line, "/dev/null"])
        .env("LEXGRAPH_CACHE", d.path().join("cache"))
        .stdin(Stdio::null())
        .output()
    else {
        panic!("`script` (util-linux) is needed to give the command a terminal");
    };
    let text = stdout(&o);
    assert!(
        text.lines()
            .next()
            .unwrap()
            .starts_with("# move score equity leave"),
        "{text}"
    );
    assert_eq!(text.lines().count(), 3, "{text}");
}

#[test]
fn an_unknown_leave_spec_lists_the_choices() {
    let d = tempfile::tempdir().unwrap();
    let lex = gaddag();
    let o = run(
        d.path(),
        &["moves", "-l", &lex, "--cgp", OPENING, "--leaves", "gordon3"],
    );
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let err = stderr(&o);
    for choice in [
        "auto", "gordon1", "gordon2", "klv:FILE", "csv:FILE", ".klv2",
    ] {
        assert!(err.contains(choice), "{choice}: {err}");
    }
    assert!(!err.contains("No such file"), "{err}");
    // A player spec lists greedy too.
    let o = run(
        d.path(),
        &[
            "match", "-l", &lex, "--p1", "gordon3", "--p2", "greedy", "--games", "2",
        ],
    );
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(err.contains("greedy") && err.contains("klv:FILE"), "{err}");
    // A file with a leave table's extension is read as one.
    std::fs::write(d.path().join("mine.csv"), "leave,value\nQ,-7\nS,8\n").unwrap();
    let o = run(
        d.path(),
        &[
            "moves", "-l", &lex, "--cgp", OPENING, "--leaves", "mine.csv", "--top", "1",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn check_names_the_lexicon_it_used_and_the_cache_it_filled() {
    let d = tempfile::tempdir().unwrap();
    let first = run(d.path(), &["check", "QAT"]);
    assert!(first.status.success());
    assert_eq!(stdout(&first), "QAT yes\n");
    let err = stderr(&first);
    assert!(
        err.contains("compiling the built-in English lexicon into")
            && err.contains(&d.path().join("cache").display().to_string()),
        "{err}"
    );
    assert!(
        err.contains("checked in the built-in (wordlist-en) lexicon"),
        "{err}"
    );
    // The cache is filled once.
    let second = run(d.path(), &["check", "QAT"]);
    assert!(
        !stderr(&second).contains("compiling"),
        "{}",
        stderr(&second)
    );
    // A lexicon named on the command line needs no note.
    let lex = english_dir().join("en.dawg").display().to_string();
    let named = run(d.path(), &["check", "-l", &lex, "QAT"]);
    assert_eq!(stderr(&named), "");
}

#[test]
fn query_commands_speak_json() {
    let d = tempfile::tempdir().unwrap();
    let lex = english_dir().join("en.dawg").display().to_string();
    let o = run(
        d.path(),
        &["check", "-l", &lex, "--format", "json", "QAT", "QATX"],
    );
    assert_eq!(o.status.code(), Some(1));
    let v = json_lines(&o);
    assert_eq!(v.len(), 2);
    assert_eq!(
        (&v[0]["word"], &v[0]["valid"]),
        (&"QAT".into(), &true.into())
    );
    assert_eq!(v[1]["valid"], false);
    assert_eq!(v[0]["lexicon"], lex.as_str());

    let o = run(d.path(), &["info", &lex, "--format", "json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let info = &json_lines(&o)[0];
    let text = stdout(&run(d.path(), &["info", &lex]));
    let field = |name: &str| -> String {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("{name}:")))
            .unwrap()
            .trim()
            .to_string()
    };
    assert_eq!(info["kind"], "DAWG");
    assert_eq!(info["words"].to_string(), field("words"));
    assert_eq!(info["nodes"].to_string(), field("nodes"));
    assert_eq!(info["bytes"].to_string(), field("bytes"));
    assert_eq!(info["tiles"].as_array().unwrap().len(), 26);

    let o = run(d.path(), &["verify", &lex, "--format", "json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = &json_lines(&o)[0];
    assert_eq!(v["ok"], true);
    assert!(v["checked"].as_str().unwrap().contains("words"), "{v}");
    let bad = d.path().join("bad.dawg");
    std::fs::write(&bad, &std::fs::read(&lex).unwrap()[..200]).unwrap();
    let o = run(
        d.path(),
        &["verify", bad.to_str().unwrap(), "--format", "json"],
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v = &json_lines(&o)[0];
    assert_eq!(v["ok"], false);
    assert!(v["error"].as_str().unwrap().contains("truncated"), "{v}");

    let lex = gaddag();
    let args = ["selfplay", "-l", &lex, "--games", "2", "--seed", "5"];
    let o = run(d.path(), &[&args[..], &["--format", "json"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let v = json_lines(&o);
    assert_eq!(v.len(), 3);
    assert_eq!((&v[0]["type"], &v[0]["seed"]), (&"game".into(), &5.into()));
    assert_eq!(v[2]["type"], "summary");
    let turns = v[0]["turns"].as_u64().unwrap() + v[1]["turns"].as_u64().unwrap();
    assert_eq!(v[2]["turns"].as_u64().unwrap(), turns);
    // The same games as the text says.
    let text = stdout(&run(d.path(), &args));
    let scores = format!("scores {}-{}", v[0]["scores"][0], v[0]["scores"][1]);
    assert!(text.contains(&scores), "{scores}: {text}");
}

/// Runs a scripted game of `play` with the commands `input`.
fn play(dir: &Path, extra: &[&str], input: &str) -> (String, String) {
    let lex = gaddag();
    let args = [
        &["play", "-l", &lex, "--seed", "3", "--gcg", "g.gcg"][..],
        extra,
    ]
    .concat();
    let o = run_with_input(dir, &args, input);
    assert!(o.status.success(), "{}", stderr(&o));
    let gcg = std::fs::read_to_string(dir.join("g.gcg")).unwrap();
    (stdout(&o), gcg)
}

/// The letters of each `your rack:` line.
fn racks(out: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| l.strip_prefix("your rack: "))
        .map(String::from)
        .collect()
}

fn sorted(s: &str) -> String {
    let mut v: Vec<char> = s.chars().collect();
    v.sort();
    v.into_iter().collect()
}

#[test]
fn play_shuffles_undoes_and_resigns() {
    let d = tempfile::tempdir().unwrap();
    let (out, _) = play(d.path(), &[], "pass\nquit\n");
    let first = racks(&out)[0].clone();

    // Shuffle: the same tiles, and the order kept while the rack stays.
    let (out, _) = play(d.path(), &[], "shuffle\nshuffle\nshuffle\nquit\n");
    let shown = racks(&out);
    assert_eq!(shown.len(), 4, "{out}");
    assert!(
        shown.iter().all(|r| sorted(r) == sorted(&first)),
        "{shown:?}"
    );

    // Undo: the pass and the engine's reply are taken back; the same rack,
    // an empty board, and the record holds no turn.
    let (out, gcg) = play(d.path(), &[], "pass\nundo\nundo\nquit\n");
    assert!(out.contains("undone: your last play"), "{out}");
    assert!(out.contains("nothing of yours to undo"), "{out}");
    let shown = racks(&out);
    assert_eq!(shown.last().unwrap(), &first);
    assert!(!gcg.lines().any(|l| l.starts_with('>')), "{gcg}");
    assert!(out.contains("you 0  lexgraph 0  bag 86"), "{out}");

    // An exchange written as GCG writes it.
    let tiles: String = first.chars().take(2).collect();
    let (out, gcg) = play(d.path(), &[], &format!("-{tiles}\nquit\n"));
    assert!(
        out.contains(&format!("you exchange {}", sorted(&tiles))),
        "{out}"
    );
    assert!(gcg.contains(&format!("-{}", sorted(&tiles))), "{gcg}");

    // Resign: the engine wins, and the record says so.
    let (out, gcg) = play(d.path(), &[], "resign\n");
    assert!(out.contains("you resign: lexgraph wins"), "{out}");
    assert!(gcg.ends_with("#note you resigned\n"), "{gcg}");
}

#[test]
fn play_colours_when_told() {
    let d = tempfile::tempdir().unwrap();
    let (plain, _) = play(d.path(), &[], "quit\n");
    assert!(!plain.contains('\u{1b}'));
    let (always, _) = play(d.path(), &["--color", "always"], "quit\n");
    assert!(always.contains("\u{1b}["), "{always}");
    let (never, _) = play(d.path(), &["--color", "never"], "quit\n");
    assert!(!never.contains('\u{1b}'));
}
