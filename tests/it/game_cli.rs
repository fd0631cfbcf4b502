//! `lexgraph match` and `lexgraph play`, run as a user runs them: a
//! scripted game read from standard input, a match's determinism and its
//! game records.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::common::cli::{english_dir, BIN};

fn gaddag() -> PathBuf {
    english_dir().join("en.gaddag")
}

/// Runs `lexgraph ARGS` in `dir` with `input` on standard input.
fn run_with_input(dir: &Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The game may end before reading everything: a closed pipe is fine.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{args:?} panicked:\n{err}");
    assert!(out.status.success(), "{args:?}:\n{err}");
    out
}

fn text(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// Every `>` line's total is the previous total plus the line's points.
fn check_gcg_totals(gcg: &str) -> [i64; 2] {
    let nick = |p: usize| -> String {
        let line = gcg
            .lines()
            .find(|l| l.starts_with(&format!("#player{}", p + 1)))
            .unwrap();
        format!(">{}:", line.split(' ').nth(1).unwrap())
    };
    let nicks = [nick(0), nick(1)];
    let mut totals = [0i64; 2];
    for line in gcg.lines().filter(|l| l.starts_with('>')) {
        let p = nicks
            .iter()
            .position(|n| line.starts_with(n.as_str()))
            .unwrap();
        let f: Vec<&str> = line.split(' ').collect();
        totals[p] += f[f.len() - 2].parse::<i64>().unwrap();
        assert_eq!(totals[p], f[f.len() - 1].parse::<i64>().unwrap(), "{line}");
    }
    totals
}

#[test]
fn a_scripted_game_explains_refusals_and_plays_a_hint() {
    let dir = tempfile::tempdir().unwrap();
    let g = gaddag();
    let args = [
        "play",
        "-l",
        g.to_str().unwrap(),
        "--seed",
        "5",
        "--gcg",
        "g.gcg",
    ];
    let first = text(&run_with_input(
        dir.path(),
        &args,
        "hint\nZZ9 FOO\n8A QQQQ\nexchange QQ\nfrobnicate\nquit\n",
    ));
    for want in [
        "your rack: ",
        // The lexicon's own leaves: `compile` copied the list's beside it.
        "best for you by klv:",
        "ZZ9 is off the 15x15 board",
        "QQQQ is not in the lexicon",
        "the first play must cover the start square 8H",
        "cannot exchange QQ from the rack",
        "type `help` for the commands",
        "quit: the game is saved unfinished",
    ] {
        assert!(first.contains(want), "missing {want:?} in:\n{first}");
    }
    // Without a terminal the board is plain: no escape codes.
    assert!(!first.contains('\x1b'));
    // The hint's best play, typed in a second game with the same seed.
    let hint = first
        .lines()
        .skip_while(|l| !l.starts_with("best for you"))
        .nth(1)
        .unwrap();
    let play: String = hint
        .split_whitespace()
        .take(2)
        .collect::<Vec<_>>()
        .join(" ");
    let second = text(&run_with_input(
        dir.path(),
        &args,
        &format!("{play}\nquit\n"),
    ));
    assert!(
        second.contains(&format!("you play {play} for ")),
        "{second}"
    );
    assert!(
        second.contains("lexgraph: "),
        "the engine answers:\n{second}"
    );
    let gcg = std::fs::read_to_string(dir.path().join("g.gcg")).unwrap();
    let lines: Vec<&str> = gcg.lines().filter(|l| l.starts_with('>')).collect();
    assert_eq!(lines.len(), 2, "{gcg}");
    assert!(
        lines[0].starts_with(">you: ") && lines[0].contains(&play),
        "{gcg}"
    );
    check_gcg_totals(&gcg);
}

#[test]
fn a_scripted_game_plays_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let g = gaddag();
    // The engine moves first; passing every turn lets it play out.
    let out = text(&run_with_input(
        dir.path(),
        &[
            "play",
            "-l",
            g.to_str().unwrap(),
            "--seed",
            "9",
            "--first",
            "engine",
            "--vs",
            "greedy",
        ],
        &"pass\n".repeat(200),
    ));
    assert!(out.contains("final: lexgraph "), "{out}");
    let gcg = std::fs::read_to_string(dir.path().join("lexgraph-9.gcg")).unwrap();
    let totals = check_gcg_totals(&gcg);
    let last = out.lines().find(|l| l.starts_with("final: ")).unwrap();
    assert!(
        last.contains(&format!("lexgraph {} - you {}", totals[0], totals[1])),
        "{last} vs {totals:?}"
    );
}

#[test]
fn a_match_is_deterministic_and_writes_its_games() {
    let dir = tempfile::tempdir().unwrap();
    let g = gaddag();
    let m = |threads: &str, gcg: Option<&str>| {
        let mut args = vec![
            "match",
            "-l",
            g.to_str().unwrap(),
            "--p1",
            "gordon2",
            "--p2",
            "greedy",
            "--games",
            "16",
            "--seed",
            "7",
            "--threads",
            threads,
            "--format",
            "json",
        ];
        if let Some(d) = gcg {
            args.extend(["--gcg", d]);
        }
        let out = crate::common::cli::run(dir.path(), &args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let mut v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let o = v.as_object_mut().unwrap();
        o.remove("seconds");
        o.remove("games_per_second");
        v
    };
    let one = m("1", None);
    let two = m("2", Some("games"));
    assert_eq!(one, two);
    let n = |k: &str| one[k].as_u64().unwrap();
    assert_eq!(n("wins") + n("draws") + n("losses"), 16);
    let ci = one["win_rate_ci95"].as_array().unwrap();
    let rate = one["win_rate"].as_f64().unwrap();
    assert!(ci[0].as_f64().unwrap() <= rate && rate <= ci[1].as_f64().unwrap());
    let files: Vec<_> = std::fs::read_dir(dir.path().join("games"))
        .unwrap()
        .collect();
    assert_eq!(files.len(), 16);
    // Each record's final totals are the game's scores; their mean is the
    // match's (player 1 is p1 in every record).
    let mut sum = [0i64; 2];
    for f in files {
        let gcg = std::fs::read_to_string(f.unwrap().path()).unwrap();
        let t = check_gcg_totals(&gcg);
        let p1_first = gcg.contains("#player1 p1");
        let (p1, p2) = if p1_first { (t[0], t[1]) } else { (t[1], t[0]) };
        sum[0] += p1;
        sum[1] += p2;
    }
    let mean = one["mean_score"].as_array().unwrap();
    assert!((sum[0] as f64 / 16.0 - mean[0].as_f64().unwrap()).abs() < 1e-9);
    assert!((sum[1] as f64 / 16.0 - mean[1].as_f64().unwrap()).abs() < 1e-9);
}

#[test]
fn match_refuses_unknown_strategies() {
    let dir = tempfile::tempdir().unwrap();
    let out = crate::common::cli::run(dir.path(), &["match", "--p1", "smart", "--p2", "greedy"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--p1") && err.contains("unknown strategy \"smart\""),
        "{err}"
    );
}

#[test]
fn tune_writes_weights_that_a_match_plays() {
    let dir = tempfile::tempdir().unwrap();
    let g = gaddag();
    let out = crate::common::cli::run(
        dir.path(),
        &[
            "tune",
            "-l",
            g.to_str().unwrap(),
            "--heuristic",
            "1",
            "--coarse-games",
            "2",
            "--fine-games",
            "0",
            "--max-passes",
            "1",
            "-o",
            "w.csv",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = text(&out);
    assert!(report.starts_with("heuristic 1: "), "{report}");
    assert!(
        report.contains("\nQ      -11.5 "),
        "Gordon's Q beside the tuned one:\n{report}"
    );
    let csv = std::fs::read_to_string(dir.path().join("w.csv")).unwrap();
    assert_eq!(csv.lines().count(), 28, "a header and 27 tiles:\n{csv}");
    let spec = format!("gordon1:{}", dir.path().join("w.csv").display());
    let out = crate::common::cli::run(
        dir.path(),
        &[
            "match",
            "-l",
            g.to_str().unwrap(),
            "--p1",
            &spec,
            "--p2",
            "greedy",
            "--games",
            "2",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `play` and `replay --analyze` rank by the lexicon's own leaves when a
/// KLV2 file sits beside it (as `compile` copies a list's), else by
/// Gordon's Heuristic 2.
#[test]
fn the_default_leaves_are_the_lexicons_own_else_gordon2() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert!(
        english_dir().join("en.klv2").is_file(),
        "compile copies the list's leaves"
    );
    std::fs::write(d.join("small.txt"), "qi\nqis\nza\nzas\nat\nta\neat\ntea\n").unwrap();
    let out = Command::new(BIN)
        .args(["compile", "small.txt", "-o", "small"])
        .current_dir(d)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(!d.join("small.klv2").exists());
    let hint = |lex: &str| {
        text(&run_with_input(
            d,
            &["play", "-l", lex, "--seed", "2", "--gcg", "h.gcg"],
            "hint\nquit\n",
        ))
    };
    assert!(hint("small.gaddag").contains("vs gordon2 (seed 2)"));
    // A KLV2 file beside the lexicon is its own.
    std::fs::copy(english_dir().join("en.klv2"), d.join("small.klv2")).unwrap();
    let own = hint("small.gaddag");
    assert!(own.contains("vs klv:small.klv2 (seed 2)"), "{own}");
    // A bad one is named, not ignored.
    std::fs::write(d.join("small.klv2"), b"not a klv").unwrap();
    let out = Command::new(BIN)
        .args(["play", "-l", "small.gaddag", "--seed", "2"])
        .current_dir(d)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("small.klv2"), "{err}");
}

/// `lexgraph sim`: the same table on one thread and two for a seed, JSON
/// with every candidate, and clear refusals.
#[test]
fn sim_ranks_candidates_the_same_on_any_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cgp = "15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 AEINRST/ 0/0 0";
    let sim = |threads: &str| {
        let o = crate::common::cli::run(
            d,
            &[
                "sim",
                "--cgp",
                cgp,
                "--candidates",
                "4",
                "--iterations",
                "64",
                "--seed",
                "3",
                "--threads",
                threads,
                "--format",
                "json",
                "--no-stop",
            ],
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let mut j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        j["seconds"] = serde_json::Value::Null;
        j
    };
    let one = sim("1");
    assert_eq!(one, sim("2"));
    let c = one["candidates"].as_array().unwrap();
    assert_eq!(c.len(), 4);
    assert!(c
        .iter()
        .all(|a| a["iterations"] == 64 && a["stderr"].is_number()));
    assert_eq!(one["stopped"], "budget");
    let fails = |args: &[&str], want: &str| {
        let o = crate::common::cli::run(d, args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(want), "{args:?}: {err}");
    };
    fails(&["sim", "--cgp", cgp, "--plies", "21"], "21");
    fails(&["sim", "--cgp", cgp, "--stop", "100"], "--stop");
    fails(&["sim", "--cgp", cgp, "--time", "0s"], "above 0");
    fails(&["sim", "--cgp", "15/15 A/ 0/0 0"], "--cgp");
}

/// `match` with a simulating player: the same games on one thread and two,
/// and its options checked before the first game.
#[test]
fn match_with_a_simulating_player_is_the_same_on_any_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let play = |threads: &str| {
        let o = crate::common::cli::run(
            d,
            &[
                "match",
                "--p1",
                "sim:iterations=8,candidates=3",
                "--p2",
                "gordon2",
                "--games",
                "4",
                "--threads",
                threads,
                "--format",
                "json",
            ],
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let mut j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        j["seconds"] = serde_json::Value::Null;
        j["games_per_second"] = serde_json::Value::Null;
        j
    };
    let one = play("1");
    assert_eq!(one, play("2"));
    assert_eq!(one["games"], 4);
    for (bad, want) in [
        ("sim:plies=0", "plies"),
        ("sim:iterations", "KEY=VALUE"),
        ("sim:speed=3", "speed"),
        ("sim:candidates=0", "candidates"),
    ] {
        let o =
            crate::common::cli::run(d, &["match", "--p1", bad, "--p2", "greedy", "--games", "2"]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(want), "{bad}: {err}");
    }
}

/// `sim --infer`: the opponent's play found and checked on the board
/// before it, their leaves weighed, the simulation run after it.
#[test]
fn sim_infers_the_opponents_leave_from_their_play() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let before = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0";
    let sim = |infer: &str| {
        crate::common::cli::run(
            d,
            &[
                "sim",
                "--cgp",
                before,
                "--infer",
                infer,
                "--candidates",
                "3",
                "--iterations",
                "16",
                "--format",
                "json",
            ],
        )
    };
    // A wrong score is refused with the right one.
    let o = sim("8D QUIRE 1");
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(!o.status.success() && err.contains("not 1"), "{err}");
    let score = err
        .split("scores ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|s| s.parse::<i32>().ok())
        .unwrap();
    let o = sim(&format!("8D QUIRE {score}"));
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("inferred: ") && err.contains(" leaves fit"),
        "{err}"
    );
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    // The candidates are played after QUIRE: none of them is on an empty board.
    assert!(j["candidates"].as_array().unwrap().len() == 3);
    for bad in ["QUIRE", "8D QUIRE x", "8D QUIRZ 10"] {
        let o = sim(bad);
        assert!(!o.status.success(), "{bad}");
    }
}
