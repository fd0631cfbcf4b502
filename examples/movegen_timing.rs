//! Times move generation over a CGP file: `cargo run --release --example movegen_timing -- LEXICON CGPFILE [REPEAT]`.
use lexgraph::board::Position;
use lexgraph::movegen::{Generator, Move, Options};
use lexgraph::rules::Rules;
use lexgraph::Lexicon;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let lex = Lexicon::open(&args[1]).unwrap();
    let text = std::fs::read_to_string(&args[2]).unwrap();
    let repeat: usize = args.get(3).map(|s| s.parse().unwrap()).unwrap_or(1);
    let a = lex.alphabet().clone();
    let ps: Vec<Position> = text.lines().filter(|l| !l.trim().is_empty()).map(|l| Position::parse_cgp(l, &a, 15).unwrap()).collect();
    let mut gen = Generator::new(Rules::default());
    let mut v: Vec<Move> = Vec::with_capacity(100_000);
    let mut total = 0usize;
    let t = Instant::now();
    for _ in 0..repeat {
        for p in &ps {
            v.clear();
            gen.generate(&lex, &p.board, p.rack(), &Options::default(), &mut v);
            total += v.len();
        }
    }
    let el = t.elapsed().as_secs_f64();
    let n = (ps.len() * repeat) as f64;
    println!("{:?}: {} positions, {:.1} moves/pos, {:.1} µs/pos, {:.2} M moves/s", lex.kind(), ps.len(), total as f64 / n, el * 1e6 / n, total as f64 / el / 1e6);
}
