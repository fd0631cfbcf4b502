//! The analysis layer as players meet it: simulation in `replay --analyze
//! --sim` on a game's turns, `play` with a simulating engine and `hint
//! sim`, and `tune` against a simulating opponent; `endgame` on a game's
//! last turns.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::common::cli::{english_dir, run, BIN};

fn gaddag() -> PathBuf {
    english_dir().join("en.gaddag")
}

fn play_with_input(dir: &Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .env("LEXGRAPH_CACHE", dir.join("cache"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

/// A match game's turns simulated: every turn with a rack and tiles in
/// the bag has a table holding the play made exactly once, each candidate
/// with its iterations; the bag-empty turns say why they were not; the
/// same report twice.
#[test]
fn replay_simulates_every_turn_with_the_play_made_among_the_candidates() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let g = gaddag();
    let lex = g.to_str().unwrap();
    let o = run(
        d,
        &[
            "match", "-l", lex, "--p1", "gordon2", "--p2", "greedy", "--games", "1", "--seed", "5",
            "--gcg", "games",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let game = d.join("games/game-000001.gcg");
    let replay = || {
        let o = run(
            d,
            &[
                "replay",
                game.to_str().unwrap(),
                "-l",
                lex,
                "--analyze",
                "--leaves",
                "gordon2",
                "--sim",
                "sim:iterations=8,candidates=3",
                "--format",
                "json",
            ],
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        serde_json::from_slice::<serde_json::Value>(&o.stdout).unwrap()
    };
    let v = replay();
    assert_eq!(v, replay());
    let (mut simulated, mut skipped) = (0, 0);
    for t in v["turns"].as_array().unwrap() {
        let Some(sim) = t["analysis"].get("sim") else {
            continue;
        };
        if !sim["skipped"].is_null() {
            assert!(sim["skipped"].as_str().unwrap().contains("endgame"), "{t}");
            skipped += 1;
            continue;
        }
        let c = sim["candidates"].as_array().unwrap();
        let played: Vec<_> = c.iter().filter(|a| a["played"] == true).collect();
        assert_eq!(played.len(), 1, "{t}");
        assert_eq!(played[0]["score"], t["points"], "{t}");
        assert!(c.len() >= 2 && c.len() <= 4, "{t}");
        assert!(c.iter().all(|a| a["iterations"] == 8), "{t}");
        let best = c[0]["mean"].as_f64().unwrap();
        let gave_up = sim["gave_up"].as_f64().unwrap();
        assert!((best - played[0]["mean"].as_f64().unwrap() - gave_up).abs() < 1e-9);
        assert_eq!(sim["played_rank"].as_u64().unwrap() as usize, {
            c.iter().position(|a| a["played"] == true).unwrap() + 1
        });
        simulated += 1;
    }
    assert!(simulated > 8, "{simulated} turns simulated");
    assert!(skipped >= 1, "the last turns have an empty bag");
    // The text report shows the tables.
    let o = run(
        d,
        &[
            "replay",
            game.to_str().unwrap(),
            "-l",
            lex,
            "--analyze",
            "--sim",
            "sim:iterations=4,candidates=2",
        ],
    );
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success() && text.contains("<- played"), "{text}");
    assert!(text.contains("sim: the play made gave up"), "{text}");
    // --sim needs --analyze; a bad spec is refused before any turn.
    let o = run(d, &["replay", game.to_str().unwrap(), "--sim"]);
    assert!(!o.status.success());
    let o = run(
        d,
        &[
            "replay",
            game.to_str().unwrap(),
            "--analyze",
            "--sim",
            "sim:plies=99",
        ],
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("plies"), "{err}");
}

/// `play --vs sim:...` moves by simulation; `hint sim` prints the table;
/// Upwords refuses a simulating engine.
#[test]
fn play_against_a_simulating_engine_with_simulated_hints() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let g = gaddag();
    let lex = g.to_str().unwrap();
    let o = play_with_input(
        d,
        &[
            "play",
            "-l",
            lex,
            "--seed",
            "3",
            "--vs",
            "sim:iterations=8,candidates=3",
            "--gcg",
            "p.gcg",
        ],
        "hint\nhint sim\nhint what\npass\nquit\n",
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // Both hints simulate (the engine does): two tables.
    assert_eq!(
        out.matches("your best plays simulated 2 plies ahead (8 iterations")
            .count(),
        2,
        "{out}"
    );
    assert!(out.contains("`hint` or `hint sim`"), "{out}");
    assert!(out.contains("lexgraph: "), "the engine moved: {out}");
    // A static engine: `hint` lists, `hint sim` simulates with --hint-sim.
    let o = play_with_input(
        d,
        &[
            "play",
            "-l",
            lex,
            "--seed",
            "3",
            "--hint-sim",
            "sim:iterations=4,candidates=2",
            "--gcg",
            "q.gcg",
        ],
        "hint\nhint sim\nquit\n",
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("best for you by"), "{out}");
    assert!(
        out.contains("simulated 2 plies ahead (4 iterations"),
        "{out}"
    );
    let o = play_with_input(d, &["play", "--rules", "upwords", "--vs", "sim"], "quit\n");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("Upwords"), "{err}");
}

/// `tune --vs sim:...`: the weights judged against a simulating opponent,
/// written and reported as such; a bad opponent refused up front.
#[test]
fn tune_against_a_simulating_opponent() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let g = gaddag();
    let lex = g.to_str().unwrap();
    let o = run(
        d,
        &[
            "tune",
            "-l",
            lex,
            "-o",
            "w.csv",
            "--heuristic",
            "1",
            "--coarse-games",
            "2",
            "--fine-games",
            "0",
            "--max-passes",
            "1",
            "--vs",
            "sim:iterations=2,candidates=2,plies=1",
        ],
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        out.contains("tuned vs sim:iterations=2,candidates=2,plies=1 over 2 games"),
        "{out}"
    );
    assert!(
        std::fs::read_to_string(d.join("w.csv"))
            .unwrap()
            .lines()
            .count()
            > 20
    );
    let o = run(
        d,
        &["tune", "-l", lex, "-o", "x.csv", "--vs", "sim:plies=0"],
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("plies"), "{err}");
    assert!(!d.join("x.csv").exists());
}

/// The positions before each turn of a self-play game, as CGP.
fn game_positions(d: &Path, lex: &str, seed: &str) -> Vec<String> {
    let o = run(
        d,
        &[
            "selfplay", "-l", lex, "--games", "1", "--seed", seed, "--gcg", "sp", "--quiet",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let game = std::fs::read_dir(d.join("sp"))
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let o = run(d, &["replay", game.to_str().unwrap(), "-l", lex, "--cgp"]);
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// Tiles on a CGP line's board.
fn board_tiles(cgp: &str) -> usize {
    cgp.split(' ')
        .next()
        .unwrap()
        .chars()
        .filter(|c| c.is_alphabetic())
        .count()
}

/// `lexgraph endgame`: an exact value whose line adds up to it, the same
/// on one thread and two; a depth limit labelled an estimate; a position
/// with tiles in the bag refused.
#[test]
fn endgame_solves_a_self_play_ending_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let g = gaddag();
    let lex = g.to_str().unwrap();
    let positions = game_positions(d, lex, "3");
    let late = positions
        .iter()
        .find(|c| board_tiles(c) >= 90)
        .expect("a position with the bag empty");
    let solve = |extra: &[&str]| {
        let mut args = vec!["endgame", "-l", lex, "--cgp", late, "--format", "json"];
        args.extend_from_slice(extra);
        let o = run(d, &args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        serde_json::from_slice::<serde_json::Value>(&o.stdout).unwrap()
    };
    let one = solve(&["--threads", "1"]);
    let two = solve(&["--threads", "2"]);
    assert_eq!(one["exact"], true, "{one}");
    assert_eq!(one["value"], two["value"]);
    assert_eq!(one["line"], two["line"]);
    let total: i64 = one["line"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let x = s["score"].as_i64().unwrap() + s["end"].as_i64().unwrap();
            if s["player"] == "mover" {
                x
            } else {
                -x
            }
        })
        .sum();
    assert_eq!(total, one["value"].as_i64().unwrap(), "{one}");
    let last = one["line"].as_array().unwrap().last().unwrap().clone();
    assert!(!last["ending"].is_null(), "the line ends the game: {one}");
    let limited = solve(&["--depth", "1"]);
    assert_eq!(limited["exact"], false);
    let o = run(d, &["endgame", "-l", lex, "--cgp", late, "--depth", "1"]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("estimate at depth 1 (not exact)"));
    let early = &positions[2];
    let o = run(d, &["endgame", "-l", lex, "--cgp", early]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("in the bag"), "{err}");
}

/// The first turn, in the games under `d/many`, with `tiles` tiles on the
/// board and a full rack to move, as CGP.
fn full_rack_with(d: &std::path::Path, lex: &str, tiles: usize) -> Option<String> {
    std::fs::read_dir(d.join("many")).unwrap().find_map(|f| {
        let f = f.unwrap().path();
        let o = run(d, &["replay", f.to_str().unwrap(), "-l", lex, "--cgp"]);
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .find(|l| {
                let rack = l.split(' ').nth(1).unwrap().split('/').next().unwrap();
                board_tiles(l) == tiles && rack.chars().count() == 7
            })
            .map(str::to_string)
    })
}

/// `lexgraph peg`: every candidate's bag tiles add up to the unseen tiles,
/// ranked by win rate; an endgame cut short is marked; a position with
/// more tiles in the bag is refused.
#[test]
fn peg_solves_each_bag_tile() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let g = gaddag();
    let lex = g.to_str().unwrap();
    let o = run(
        d,
        &[
            "selfplay", "-l", lex, "--games", "30", "--seed", "100", "--gcg", "many", "--quiet",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // A position with 85 tiles on the board and a full rack: one in the bag.
    let cgp = full_rack_with(d, lex, 85).expect("a game with one tile in the bag");
    // `peg --format json` of `cgp` with `options`.
    let peg = |cgp: &str, options: &[&str]| -> serde_json::Value {
        let mut args = vec!["peg", "-l", lex, "--cgp", cgp, "--format", "json"];
        args.extend_from_slice(options);
        let o = run(d, &args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        serde_json::from_slice(&o.stdout).unwrap()
    };
    let j = peg(&cgp, &["--candidates", "2", "--time-per-endgame", "200ms"]);
    let c = j["candidates"].as_array().unwrap();
    assert_eq!(c.len(), 2);
    for cand in c {
        let weights: u64 = cand["bag"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["weight"].as_u64().unwrap())
            .sum();
        assert_eq!(weights, 8, "{cand}");
        let exact = cand["bag"]
            .as_array()
            .unwrap()
            .iter()
            .all(|b| b["exact"] == true);
        assert_eq!(cand["exact"], exact);
    }
    assert!(c[0]["win"].as_f64().unwrap() >= c[1]["win"].as_f64().unwrap());
    // Two in the bag (84 tiles on the board): every pair of the nine unseen
    // tiles, in order, once: 9 × 8 ways.
    let cgp = full_rack_with(d, lex, 84).expect("a game with two tiles in the bag");
    let j = peg(
        &cgp,
        &[
            "--candidates",
            "1",
            "--one-tile-plays",
            "1",
            "--replies",
            "1",
            "--time-per-endgame",
            "50ms",
        ],
    );
    let mut one_tile = 0;
    for cand in j["candidates"].as_array().unwrap() {
        let bag = cand["bag"].as_array().unwrap();
        let weights: u64 = bag.iter().map(|b| b["weight"].as_u64().unwrap()).sum();
        assert_eq!(weights, 72, "{cand}");
        assert!(bag.iter().all(|b| b["bag"].as_array().unwrap().len() == 2));
        // A one-tile play leaves a tile for the opponent: every scenario
        // names their answer; a play that draws both, none.
        let replies = bag.iter().filter(|b| b["reply"].is_string()).count();
        assert!(replies == 0 || replies == bag.len(), "{cand}");
        one_tile += usize::from(replies > 0);
    }
    // The best-scoring play, and a one-tile play (unless that was it).
    assert!(j["candidates"].as_array().unwrap().len() <= 2);
    assert!(one_tile >= 1, "a one-tile play was judged");
    let o = run(
        d,
        &["peg", "-l", lex, "--cgp", &game_positions(d, lex, "4")[2]],
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success() && err.contains("in the bag"), "{err}");
}

/// A simulating player that solves the endgame once the bag is empty: the
/// same match on one thread and two; `play`'s `hint` solves the endgame
/// when the bag is empty.
#[test]
fn players_solve_the_endgame_when_the_bag_is_empty() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let g = gaddag();
    let lex = g.to_str().unwrap();
    let play = |p1: &str, threads: &str| {
        let o = run(
            d,
            &[
                "match",
                "-l",
                lex,
                "--p1",
                p1,
                "--p2",
                "gordon2",
                "--games",
                "2",
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
    // A simulating player, and a static one with `,endgame=PLIES` (that it
    // then plays optimal first plays: the library's endgame tests).
    for p1 in [
        "sim:iterations=4,candidates=2,endgame=4",
        "gordon2,endgame=4",
    ] {
        assert_eq!(play(p1, "1"), play(p1, "2"), "{p1}");
    }
    // A time limit instead of plies: timed, so only that the games are played.
    for p1 in [
        "sim:iterations=4,candidates=2,endgame=200ms",
        "gordon2,endgame=1s",
    ] {
        assert_eq!(play(p1, "2")["games"], 2, "{p1}");
    }
    for bad in [
        "sim:endgame=0",
        "gordon2,endgame=0",
        "level:2,endgame=x",
        "gordon2,endgame=0s",
        "gordon2,endgame=3q",
    ] {
        let o = run(
            d,
            &[
                "match", "-l", lex, "--p1", bad, "--p2", "gordon2", "--games", "2",
            ],
        );
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            !o.status.success() && err.contains("endgame="),
            "{bad}: {err}"
        );
    }
    // You pass every turn and ask for a hint after each: once the bag is
    // empty the hint is the endgame's.
    let input = "pass\nhint\n".repeat(45);
    let o = play_with_input(
        d,
        &["play", "-l", lex, "--seed", "4", "--gcg", "h.gcg"],
        &input,
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        out.contains("the bag is empty: the endgame solved"),
        "{out}"
    );
}

/// `sim:leaves=greedy` simulates over the greedy player (Gordon's naive
/// probabilistic search): with one candidate it plays the greedy player's
/// every move, so a match gives the same games as the greedy player's.
#[test]
fn a_greedy_simulation_with_one_candidate_plays_as_the_greedy_player() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let g = gaddag();
    let lex = g.to_str().unwrap();
    let games = |p1: &str| {
        let o = run(
            d,
            &[
                "match", "-l", lex, "--p1", p1, "--p2", "gordon2", "--games", "4", "--seed", "3",
            ],
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let text = String::from_utf8_lossy(&o.stdout).into_owned();
        // The results, without the players' names and the time taken.
        let lines: Vec<String> = text.lines().skip(1).take(4).map(str::to_string).collect();
        assert!(
            lines[0].contains("wins") && lines[3].contains("points per turn"),
            "{text}"
        );
        lines
    };
    assert_eq!(
        games("sim:iterations=2,candidates=1,plies=1,leaves=greedy"),
        games("greedy")
    );
}
