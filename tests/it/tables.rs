//! Games of three and four players from the command line: `match` with
//! `--p3`/`--p4`, `play` with people and engines at one terminal
//! (`--seat`), and their records read back by `replay`.

use std::path::Path;
use std::process::Output;

use crate::common::cli::{english_dir, run, run_with_input};

fn gaddag() -> String {
    english_dir().join("en.gaddag").display().to_string()
}

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

#[test]
fn a_match_of_three_reports_each_player_and_writes_records_replay_reads() {
    let d = tempfile::tempdir().unwrap();
    let lex = gaddag();
    let args = |threads: &'static str| {
        vec![
            "match",
            "-l",
            &lex,
            "--p1",
            "gordon2",
            "--p2",
            "greedy",
            "--p3",
            "gordon1",
            "--games",
            "6",
            "--seed",
            "4",
            "--format",
            "json",
            "--threads",
            threads,
        ]
        .into_iter()
        .map(String::from)
        .collect::<Vec<_>>()
    };
    let a1 = args("1");
    let a2 = args("2");
    let one = json(&run(
        d.path(),
        &a1.iter().map(String::as_str).collect::<Vec<_>>(),
    ));
    let two = json(&run(
        d.path(),
        &a2.iter().map(String::as_str).collect::<Vec<_>>(),
    ));
    let players = one["players"].as_array().unwrap();
    assert_eq!(players.len(), 3);
    assert_eq!(players[2]["spec"], "gordon1");
    let rates: f64 = players
        .iter()
        .map(|p| p["win_rate"].as_f64().unwrap())
        .sum();
    assert!((rates - 1.0).abs() < 1e-9, "{one}");
    assert_eq!(
        one["players"], two["players"],
        "the thread count changes nothing"
    );

    // The text report has a line for each player.
    let out = run(
        d.path(),
        &[
            "match", "-l", &lex, "--p1", "gordon2", "--p2", "greedy", "--p3", "gordon1", "--p4",
            "greedy", "--games", "4", "--gcg", "games",
        ],
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("p1 gordon2 vs p2 greedy vs p3 gordon1 vs p4 greedy: 4 games"),
        "{text}"
    );
    for p in ["p1 ", "p2 ", "p3 ", "p4 "] {
        assert!(
            text.lines().any(|l| l.starts_with(p) && l.contains('%')),
            "{text}"
        );
    }
    // Game 2 (the second of its group) seats player 2 first.
    let gcg = std::fs::read_to_string(d.path().join("games/game-000002.gcg")).unwrap();
    assert!(
        gcg.contains("#player1 p2 p2\n#player2 p3 p3\n#player3 p4 p4\n#player4 p1 p1\n"),
        "{gcg}"
    );
    let replay = run(d.path(), &["replay", "-l", &lex, "games/game-000002.gcg"]);
    let text = String::from_utf8(replay.stdout).unwrap();
    assert!(replay.status.success(), "{text}");
    assert!(text.contains("every score and total agrees"), "{text}");
    let last = text.lines().find(|l| l.starts_with("final: ")).unwrap();
    assert_eq!(last.matches(", ").count(), 3, "{last}");
}

#[test]
fn player_counts_outside_two_to_four_are_refused() {
    let d = tempfile::tempdir().unwrap();
    let lex = gaddag();
    let out = run(
        d.path(),
        &[
            "match", "-l", &lex, "--p1", "greedy", "--p2", "greedy", "--p4", "greedy",
        ],
    );
    assert_eq!(out.status.code(), Some(2), "--p4 needs --p3");
    for seats in [vec!["greedy"], vec!["greedy"; 5]] {
        let mut args = vec!["play", "-l", lex.as_str()];
        for s in &seats {
            args.extend(["--seat", s]);
        }
        let out = run(d.path(), &args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("2 to 4 players"), "{err}");
    }
}

fn play(dir: &Path, args: &[&str], input: &str) -> String {
    let out = run_with_input(dir, args, input);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn two_people_and_an_engine_play_at_one_terminal() {
    let d = tempfile::tempdir().unwrap();
    let lex = gaddag();
    let out = play(
        d.path(),
        &[
            "play",
            "-l",
            &lex,
            "--seed",
            "5",
            "--seat",
            "human:ann",
            "--seat",
            "greedy",
            "--seat",
            "human:bob",
            "--gcg",
            "three.gcg",
        ],
        &"pass\n".repeat(300),
    );
    assert!(
        out.starts_with("lexgraph ann vs greedy vs bob (seed 5)"),
        "{out}"
    );
    assert!(
        out.contains("ann to play") && out.contains("bob to play"),
        "{out}"
    );
    assert!(out.contains("lexgraph: "), "the engine plays: {out}");
    assert!(
        out.contains("ann: pass") && out.contains("bob: pass"),
        "{out}"
    );
    let last = out.lines().find(|l| l.starts_with("final: ")).expect(&out);
    assert!(
        last.contains("ann ") && last.contains(" - lexgraph ") && last.contains(" - bob "),
        "{last}"
    );
    assert!(last.contains("lexgraph wins"), "{last}");
    let gcg = std::fs::read_to_string(d.path().join("three.gcg")).unwrap();
    assert!(gcg.contains("#player3 bob bob"), "{gcg}");
    let replay = run(d.path(), &["replay", "-l", &lex, "three.gcg"]);
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stdout)
    );

    // Engines alone at the table: a game of four plays to its end.
    let out = play(
        d.path(),
        &[
            "play", "-l", &lex, "--seed", "6", "--seat", "greedy", "--seat", "gordon1", "--seat",
            "gordon2", "--seat", "greedy", "--gcg", "four.gcg",
        ],
        "",
    );
    assert!(out.contains("lexgraph4: "), "{out}");
    assert!(
        out.lines().any(|l| l.starts_with("final: lexgraph1 ")),
        "{out}"
    );
    let replay = run(d.path(), &["replay", "-l", &lex, "four.gcg"]);
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stdout)
    );
}
