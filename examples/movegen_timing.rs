//! Times move generation over a CGP file, as the fastest and the median of
//! several passes (this machine is shared, so single runs are noisy):
//! `cargo run --release --example movegen_timing -- LEXICON CGPFILE [PASSES] [LAYOUT]`.
//! With `SCALAR=1` in the environment the search scans nodes with scalar
//! code even where the CPU has AVX-512 (`Generator::set_vector_scan`).
//! With `BEST=N` it times `Generator::best` (the N best plays by equity)
//! instead of generating every move: with the KLV file named by `LEAVES`,
//! else Gordon's Heuristic 2; the anagram index is built before timing,
//! unless `NO_INDEX=1` (a file with the index stored reads it in place,
//! others search without it for their first 1,000). With `EQUITY=1` (and not `BEST`) it generates
//! every move, values each (score plus its leave, looked up), and sorts them
//! by equity: the naive way to the best play, for comparison. With `BEST`
//! it also prints the anchors searched and skipped a position. With
//! `FRESH=1` every pass starts with a new generator (its cross-check cache
//! empty), as a process that searches the suite once would. A `.kwg`
//! LEXICON (English) is read in place (`lexgraph::Kwg`): its GADDAG, or its
//! DAWG with `KWG_DAWG=1`.
use std::time::Instant;

use lexgraph::movegen::{Generator, Move, Options};
use lexgraph::position::Position;
use lexgraph::rules::{Layout, Rules};
use lexgraph::Lexicon;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: movegen_timing LEXICON CGPFILE [PASSES] [LAYOUT]");
        std::process::exit(2);
    }
    let lex = if args[1].to_ascii_lowercase().ends_with(".kwg") {
        let kwg = lexgraph::Kwg::open(&args[1], &lexgraph::Alphabet::english()).unwrap();
        let (dawg, gaddag) = kwg.into_parts();
        match gaddag {
            Some(g) if std::env::var_os("KWG_DAWG").is_none() => g,
            _ => dawg,
        }
    } else {
        Lexicon::open(&args[1]).unwrap()
    };
    let text = std::fs::read_to_string(&args[2]).unwrap();
    let passes: usize = args.get(3).map(|s| s.parse().unwrap()).unwrap_or(5);
    let layout = Layout::builtin(args.get(4).map(String::as_str).unwrap_or("standard")).unwrap();
    let rules = Rules::with_layout(layout);
    let a = lex.alphabet().clone();
    let ps: Vec<Position> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| Position::parse_cgp(l, &a, rules.layout.size()).unwrap())
        .collect();
    let mut gen = Generator::new(rules.clone());
    gen.set_vector_scan(std::env::var_os("SCALAR").is_none_or(|v| v != "1"));
    let mut v: Vec<Move> = Vec::with_capacity(100_000);
    let mut times = Vec::new();
    let mut total = 0usize;
    let best: Option<usize> = std::env::var("BEST").ok().map(|n| n.parse().unwrap());
    let equity = std::env::var_os("EQUITY").is_some_and(|v| v == "1");
    let gordon = lexgraph::leave::Gordon::heuristic2(&a);
    let klv = std::env::var_os("LEAVES").map(|p| lexgraph::klv::Klv::open(p).unwrap());
    let leaves: &dyn lexgraph::leave::LeaveValue = match &klv {
        Some(k) => k,
        None => &gordon,
    };
    if best.is_some() && std::env::var_os("NO_INDEX").is_none() {
        // Built before timing (the search builds it itself after
        // `AUTO_INDEX_AFTER` searches).
        let t = Instant::now();
        let n = lex.anagram_index().len();
        eprintln!(
            "anagram index: {n} multisets, built in {:.1} ms",
            t.elapsed().as_secs_f64() * 1e3
        );
    }
    let (mut searched, mut skipped) = (0usize, 0usize);
    let fresh = std::env::var_os("FRESH").is_some_and(|v| v == "1");
    for _ in 0..passes {
        if fresh {
            gen = Generator::new(rules.clone());
            gen.set_vector_scan(std::env::var_os("SCALAR").is_none_or(|v| v != "1"));
        }
        total = 0;
        (searched, skipped) = (0, 0);
        let t = Instant::now();
        for p in &ps {
            v.clear();
            match best {
                Some(n) => {
                    let (b, st) = gen.best_with_stats(&lex, p, &leaves, n, &Options::default());
                    total += b.len();
                    searched += st.searched;
                    skipped += st.skipped;
                }
                None => {
                    gen.generate(&lex, &p.board, p.rack(), &Options::default(), &mut v);
                    total += v.len();
                    if equity {
                        let mut valued: Vec<(f32, &Move)> = v
                            .iter()
                            .map(|m| {
                                let mut keep = *p.rack();
                                m.take_from(&mut keep);
                                (m.score as f32 + leaves.value(keep.counts()), m)
                            })
                            .collect();
                        valued.sort_by(|a, b| b.0.total_cmp(&a.0));
                        std::hint::black_box(valued.first());
                    }
                }
            }
        }
        times.push(t.elapsed().as_secs_f64() * 1e6 / ps.len() as f64);
    }
    times.sort_by(f64::total_cmp);
    let n = ps.len() as f64;
    if best.is_some() {
        println!(
            "anchors a position: {:.2} searched, {:.1} skipped",
            searched as f64 / n,
            skipped as f64 / n
        );
    }
    println!(
        "{:?}: {} positions, {:.1} moves/pos, fastest {:.1} µs/pos, median {:.1} µs/pos, {:.2} M moves/s (fastest)",
        lex.kind(),
        ps.len(),
        total as f64 / n,
        times[0],
        times[times.len() / 2],
        total as f64 / n / times[0]
    );
}
