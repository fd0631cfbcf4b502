//! The cost of one `moves` call in Rust, for comparison with the Python
//! binding's (`bindings/python/bench/bench_moves.py` times the same calls):
//! `Session::moves` on each CGP line of a file, best of REPS rounds.
//!
//! ```sh
//! cargo run --release -p lexgraph-engine --example bench_moves -- \
//!     out/enable.gaddag tests/data/positions/enable_s1_200.cgp [TOP|all] [LEAVES|score] [REPS]
//! ```
//!
//! LEAVES: by equity with these leave values (`auto`, the default, is the
//! lexicon's own, else Heuristic 2); `score` (or `none`): by score.

use std::time::Instant;

use lexgraph_engine::{By, Input, Session};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [lexicon, positions, rest @ ..] = args.as_slice() else {
        return Err(
            "usage: bench_moves LEXICON POSITIONS.cgp [TOP|all] [LEAVES|score] [REPS]".into(),
        );
    };
    let top = rest.first().and_then(|t| t.parse().ok());
    let leaves = rest.get(1).map_or("auto", String::as_str);
    let (by, spec) = match leaves {
        "score" | "none" => (By::Score, None),
        spec => (By::Equity, Some(spec)),
    };
    let reps: usize = rest.get(2).and_then(|r| r.parse().ok()).unwrap_or(5);
    let session = Session::open(lexicon.as_ref())?;
    let text = std::fs::read_to_string(positions)?;
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let mut best = f64::INFINITY;
    let mut plays = 0;
    for _ in 0..reps {
        plays = 0;
        let t = Instant::now();
        for l in &lines {
            let (_, listed) = session.moves(Input::Cgp(l), None, top, by, spec, false)?;
            plays += listed.len();
        }
        best = best.min(t.elapsed().as_secs_f64());
    }
    println!(
        "rust: {} positions, {plays} plays, top={} leaves={}: {:.1} us per call (best of {reps})",
        lines.len(),
        top.map_or("all".to_string(), |t: usize| t.to_string()),
        leaves,
        best / lines.len() as f64 * 1e6
    );
    Ok(())
}
