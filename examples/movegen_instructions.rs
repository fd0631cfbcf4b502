//! Generates every move of every position in a CGP file once, with the
//! scalar node scan, inside one function that callgrind can count alone:
//! `cargo run --profile profiling --example movegen_instructions -- LEXICON CGPFILE [LAYOUT]`.
//!
//! The lexicon is opened and all positions are parsed first; then
//! `generate_all` (never inlined) runs the generator over them and returns
//! the number of moves. Under
//! `valgrind --tool=callgrind --collect-atstart=no --toggle-collect='movegen_instructions::generate_all*'`
//! the collected instruction count (Ir) is that of move generation only:
//! not opening the lexicon, not parsing. `benches/callgrind.sh` does this
//! for ENABLE's DAWG and GADDAG on the 200 reference positions.
//!
//! The scan is scalar (`Generator::set_vector_scan(false)`) because
//! valgrind does not run AVX-512 code, and so that every CPU measures the
//! same instructions.
//!
//! With `BEST=N` in the environment it counts `Generator::best` (the N best
//! plays by equity) instead, with the KLV file named by `LEAVES`, else
//! Gordon's Heuristic 2; `moves` is then the number of plays returned, and
//! the anchors searched and skipped are printed too.
//!
//! Prints `positions=N moves=M kind=K`.
use lexgraph::leave::LeaveValue;
use lexgraph::movegen::{Generator, Move, Options};
use lexgraph::position::Position;
use lexgraph::rules::{Layout, Rules};
use lexgraph::Lexicon;

/// The measured region: every position's moves, once, into `v` (cleared
/// per position); returns the total number of moves.
#[inline(never)]
fn generate_all(gen: &mut Generator, lex: &Lexicon, ps: &[Position], v: &mut Vec<Move>) -> usize {
    let opts = Options::default();
    let mut total = 0usize;
    for p in ps {
        v.clear();
        gen.generate(lex, &p.board, p.rack(), &opts, v);
        total += v.len();
    }
    total
}

/// The measured region with `BEST=n`: every position's `n` best plays by
/// equity; returns their number and the search's statistics.
#[inline(never)]
fn best_all(
    gen: &mut Generator,
    lex: &Lexicon,
    ps: &[Position],
    leaves: &dyn LeaveValue,
    n: usize,
) -> (usize, usize, usize) {
    let opts = Options::default();
    let (mut total, mut searched, mut skipped) = (0, 0, 0);
    for p in ps {
        let (best, stats) = gen.best_with_stats(lex, p, &leaves, n, &opts);
        total += best.len();
        searched += stats.searched;
        skipped += stats.skipped;
    }
    (total, searched, skipped)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 || args.len() > 4 {
        eprintln!("usage: movegen_instructions LEXICON CGPFILE [LAYOUT]");
        std::process::exit(2);
    }
    let lex = Lexicon::open(&args[1]).unwrap_or_else(|e| {
        eprintln!("movegen_instructions: {}: {e}", args[1]);
        std::process::exit(1);
    });
    let text = std::fs::read_to_string(&args[2]).unwrap_or_else(|e| {
        eprintln!("movegen_instructions: {}: {e}", args[2]);
        std::process::exit(1);
    });
    let layout = Layout::builtin(args.get(3).map(String::as_str).unwrap_or("standard")).unwrap();
    let rules = Rules::with_layout(layout);
    let a = lex.alphabet().clone();
    let ps: Vec<Position> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| Position::parse_cgp(l, &a, rules.layout.size()).unwrap())
        .collect();
    let mut gen = Generator::new(rules);
    gen.set_vector_scan(false);
    if let Some(n) = std::env::var("BEST").ok().map(|n| n.parse().unwrap()) {
        let gordon = lexgraph::leave::Gordon::heuristic2(&a);
        let klv = std::env::var_os("LEAVES").map(|p| lexgraph::klv::Klv::open(p).unwrap());
        let leaves: &dyn LeaveValue = match &klv {
            Some(k) => k,
            None => &gordon,
        };
        // Built once per lexicon, outside the measured region.
        lex.anagram_index();
        let (total, searched, skipped) = best_all(&mut gen, &lex, &ps, leaves, n);
        println!(
            "positions={} moves={} kind={:?} anchors_searched={searched} anchors_skipped={skipped}",
            ps.len(),
            total,
            lex.kind()
        );
        return;
    }
    let mut v: Vec<Move> = Vec::with_capacity(100_000);
    let total = generate_all(&mut gen, &lex, &ps, &mut v);
    println!(
        "positions={} moves={} kind={:?}",
        ps.len(),
        total,
        lex.kind()
    );
}
