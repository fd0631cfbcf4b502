//! scrabble-peer: the `scrabble` crate (0.1.0, crates.io, MIT) on lexgraph's
//! benchmark positions, for `bench-report`'s side-by-side tables.
//!
//! ```text
//! scrabble-peer build WORDS OUT.slex               compile a word list, save it
//! scrabble-peer moves LEXICON POSITIONS.cgp        canonical move lines per position
//! scrabble-peer time  LEXICON POSITIONS.cgp [--reps N]
//! ```
//!
//! LEXICON is a `.slex` file written by `build`, or a word list (compiled in
//! memory first). POSITIONS: one CGP position per line (`BOARD RACK/... ...`,
//! BOARD the 15 rows joined by `/`, a number for that many empty squares, a
//! lower-case letter a blank), on the standard 15×15 board with English tiles.
//!
//! `time` prints what the wolges harness (`wolges-peer time`) prints, so one
//! parser reads both: after one untimed warm-up pass, per repetition a line
//! `rep K: mean_us_per_position=… cpu_us_per_position=… moves=…` on stderr,
//! then one summary line on stdout with `mean_us=`, `min_rep_us=`,
//! `cpu_mean_us=`, `moves=` and `peak_rss_kb=` (`VmHWM` of this process).
//! Each position is timed alone: `MoveGenerator::generate`, which computes the
//! board's cross-sets and then every placement for the rack, into the
//! generator's reused vector, unsorted. `moves` counts placements as the
//! canonical move lists do (on an empty board, across only: `scrabble` also
//! returns each opening's vertical mirror, which is generated and timed but not
//! counted).
//!
//! `moves` prints, per position, `#pos K moves N` and the sorted canonical lines
//! `DIR ROW COL WORD SCORE` (the format of the reference move lists beside the
//! positions), to check that positions are read as the other engines read them.

use std::io::{BufWriter, Write as _};
use std::path::Path;
use std::process::exit;
use std::time::Instant;

use scrabble::prelude::*;

const USAGE: &str = "usage: scrabble-peer build WORDS OUT.slex
       scrabble-peer moves LEXICON POSITIONS.cgp
       scrabble-peer time  LEXICON POSITIONS.cgp [--reps N]";

fn die(msg: impl std::fmt::Display) -> ! {
    eprintln!("scrabble-peer: {msg}");
    exit(2);
}

/// One position: the board, the mover's rack, whether the board is empty.
struct Pos {
    board: Board,
    rack: Rack,
    empty: bool,
}

/// Reads CGP lines for `config`'s board.
fn read_positions(path: &str, config: &GameConfig) -> Vec<Pos> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| die(format!("{path}: {e}")));
    let (w, h) = (config.width(), config.height());
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |what: String| -> ! { die(format!("{path}:{}: {what}", i + 1)) };
        let mut fields = line.split_whitespace();
        let board_text = fields.next().unwrap_or_default();
        let racks = fields.next().unwrap_or_else(|| bad("no rack field".into()));
        let rack_text = racks.split('/').next().unwrap_or_default();
        let rows: Vec<&str> = board_text.split('/').collect();
        if rows.len() != h {
            bad(format!("{} rows, the board has {h}", rows.len()));
        }
        let mut board = Board::new(&config.layout);
        for (r, row) in rows.iter().enumerate() {
            let mut c = 0usize;
            let mut run = 0usize;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10) {
                    run = run * 10 + d as usize;
                    continue;
                }
                c += std::mem::take(&mut run);
                let (letter, blank) = config
                    .alphabet
                    .parse_char(ch)
                    .unwrap_or_else(|| bad(format!("{ch:?} is not a tile")));
                if c >= w {
                    bad(format!("row {r} is longer than {w} squares"));
                }
                let sq = if blank {
                    Square::blank_letter(letter)
                } else {
                    Square::letter(letter)
                };
                board.set(r, c, sq);
                c += 1;
            }
            c += run;
            if c != w {
                bad(format!("row {r} has {c} squares, not {w}"));
            }
        }
        let rack = Rack::parse(&config.alphabet, rack_text)
            .unwrap_or_else(|ch| bad(format!("{ch:?} is not a rack tile")));
        let empty = board.is_empty();
        out.push(Pos { board, rack, empty });
    }
    out
}

/// The words of a list, upper case; lines that are not plain letters of the
/// alphabet are skipped (counted in the second value).
fn read_words(path: &str, config: &GameConfig) -> (Vec<String>, usize) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| die(format!("{path}: {e}")));
    let mut words = Vec::new();
    let mut skipped = 0;
    for line in text.lines() {
        let w = line.trim();
        if w.is_empty() || w.starts_with('#') {
            continue;
        }
        let up = w.to_uppercase();
        if up
            .chars()
            .all(|ch| config.alphabet.parse_char(ch).is_some())
        {
            words.push(up);
        } else {
            skipped += 1;
        }
    }
    (words, skipped)
}

/// A `.slex` file, or a word list compiled here.
fn load_lexicon(path: &str, config: &GameConfig) -> Lexicon {
    let bytes = std::fs::read(path).unwrap_or_else(|e| die(format!("{path}: {e}")));
    if bytes.starts_with(b"SLEX") {
        return Lexicon::from_bytes(&bytes).unwrap_or_else(|e| die(format!("{path}: {e:?}")));
    }
    let (words, _) = read_words(path, config);
    Lexicon::from_words(&config.alphabet, &words).unwrap_or_else(|e| die(format!("{path}: {e:?}")))
}

/// `VmHWM` of this process, kB.
fn peak_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// This thread's CPU time, ns (leaves out time the thread was not running).
fn thread_cpu_ns() -> u128 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec.
    unsafe {
        libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts);
    }
    ts.tv_sec as u128 * 1_000_000_000 + ts.tv_nsec as u128
}

/// Placements counted as the canonical lists count them.
fn counted(p: &Pos, plays: &[Play]) -> usize {
    if p.empty {
        plays
            .iter()
            .filter(|m| m.direction() == Direction::Horizontal)
            .count()
    } else {
        plays.len()
    }
}

fn build(words_path: &str, out: &str, config: &GameConfig) {
    let t0 = Instant::now();
    let (words, skipped) = read_words(words_path, config);
    let read_s = t0.elapsed().as_secs_f64();
    let t1 = Instant::now();
    let lex = Lexicon::from_words(&config.alphabet, &words)
        .unwrap_or_else(|e| die(format!("{words_path}: {e:?}")));
    let build_s = t1.elapsed().as_secs_f64();
    let bytes = lex.to_bytes();
    std::fs::write(out, &bytes).unwrap_or_else(|e| die(format!("{out}: {e}")));
    println!(
        "scrabble-peer build words={} skipped={skipped} read_s={read_s:.3} build_s={build_s:.3} bytes={} peak_rss_kb={}",
        lex.word_count(),
        bytes.len(),
        peak_rss_kb().unwrap_or(0)
    );
}

fn moves(lex: &Lexicon, positions: &[Pos], config: &GameConfig) {
    let mut gen = MoveGenerator::new(config);
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for (k, p) in positions.iter().enumerate() {
        let plays = gen.generate(&p.board, &p.rack, lex);
        let mut lines: Vec<String> = plays
            .iter()
            .filter(|m| !p.empty || m.direction() == Direction::Horizontal)
            .map(|m| {
                let c = m.coord();
                let dir = match m.direction() {
                    Direction::Horizontal => "across",
                    Direction::Vertical => "down",
                };
                format!(
                    "{dir} {} {} {} {}",
                    c.row,
                    c.col,
                    m.word_text(&config.alphabet),
                    m.score()
                )
            })
            .collect();
        lines.sort_unstable();
        lines.dedup();
        writeln!(out, "#pos {k} moves {}", lines.len()).unwrap();
        for l in &lines {
            writeln!(out, "{l}").unwrap();
        }
    }
    out.flush().unwrap();
}

fn time(lex_path: &str, lex: &Lexicon, positions: &[Pos], config: &GameConfig, reps: usize) {
    let n = positions.len().max(1);
    let mut gen = MoveGenerator::new(config);
    // One pass: every position alone, each call timed; (µs/position, CPU
    // µs/position, moves).
    let mut pass = |timed: bool| -> (f64, f64, usize) {
        let cpu0 = thread_cpu_ns();
        let mut ns: u128 = 0;
        let mut moves = 0;
        for p in positions {
            let t0 = Instant::now();
            let plays = gen.generate(&p.board, &p.rack, lex);
            let el = t0.elapsed();
            if timed {
                ns += el.as_nanos();
            }
            moves += counted(p, plays);
        }
        let cpu = thread_cpu_ns() - cpu0;
        (
            ns as f64 / 1e3 / n as f64,
            cpu as f64 / 1e3 / n as f64,
            moves,
        )
    };
    let (_, _, warm_moves) = pass(false);
    let (mut means, mut cpus) = (Vec::new(), Vec::new());
    for rep in 0..reps {
        let (mean, cpu, moves) = pass(true);
        eprintln!(
            "rep {rep}: mean_us_per_position={mean:.3} cpu_us_per_position={cpu:.3} moves={moves}"
        );
        if moves != warm_moves {
            die("the move count changed between passes");
        }
        means.push(mean);
        cpus.push(cpu);
    }
    let avg = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    let min = means.iter().copied().fold(f64::INFINITY, f64::min);
    println!(
        "scrabble-peer time lexicon={lex_path} positions={} reps={reps} mean_us={:.3} min_rep_us={min:.3} cpu_mean_us={:.3} moves={warm_moves} api=MoveGenerator::generate peak_rss_kb={}",
        positions.len(),
        avg(&means),
        avg(&cpus),
        peak_rss_kb().unwrap_or(0)
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let config = GameConfig::standard();
    match args.first().map(String::as_str) {
        Some("build") if args.len() == 3 => build(&args[1], &args[2], &config),
        Some(cmd @ ("moves" | "time")) if args.len() >= 3 => {
            let mut reps = 3usize;
            let mut rest = args[3..].iter();
            while let Some(a) = rest.next() {
                match a.as_str() {
                    "--reps" if cmd == "time" => {
                        reps = rest
                            .next()
                            .and_then(|v| v.parse().ok())
                            .filter(|&r| r >= 1)
                            .unwrap_or_else(|| die("--reps needs a number >= 1"));
                    }
                    _ => die(format!("unknown argument {a:?}\n{USAGE}")),
                }
            }
            if !Path::new(&args[1]).is_file() {
                die(format!("{}: not a file", args[1]));
            }
            let lex = load_lexicon(&args[1], &config);
            let positions = read_positions(&args[2], &config);
            if cmd == "moves" {
                moves(&lex, &positions, &config);
            } else {
                time(&args[1], &lex, &positions, &config, reps);
            }
        }
        _ => die(USAGE),
    }
}
