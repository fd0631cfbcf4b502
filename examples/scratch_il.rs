use lexgraph::board::Position;
use lexgraph::movegen::{Generator, Move, Options};
use lexgraph::rules::{Layout, Rules};
use lexgraph::Lexicon;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let g = Lexicon::open(&args[1]).unwrap();
    let d = Lexicon::open(&args[2]).unwrap();
    let text = std::fs::read_to_string(&args[3]).unwrap();
    let mode = &args[4];
    let rules = Rules::with_layout(Layout::builtin("standard").unwrap());
    let a = g.alphabet().clone();
    let ps: Vec<Position> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| Position::parse_cgp(l, &a, 15).unwrap())
        .collect();
    let mut gens = [Generator::new(rules.clone()), Generator::new(rules)];
    let lexes = [&g, &d];
    let mut v: Vec<Move> = Vec::with_capacity(4096);
    for rep in 0..5 {
        let mut tg = 0f64;
        for (b, chunk) in ps.chunks(100).enumerate() {
            let order: &[usize] = match mode.as_str() {
                "alone" => &[0],
                _ => {
                    if (rep + b) % 2 == 0 {
                        &[0, 1]
                    } else {
                        &[1, 0]
                    }
                }
            };
            for &k in order {
                for p in chunk {
                    v.clear();
                    let t0 = Instant::now();
                    gens[k].generate(lexes[k], &p.board, p.rack(), &Options::default(), &mut v);
                    let e = t0.elapsed().as_secs_f64() * 1e6;
                    if k == 0 {
                        tg += e;
                    }
                    std::hint::black_box(v.len());
                }
            }
        }
        println!(
            "{mode} rep {rep}: gaddag {:.1} µs/pos",
            tg / ps.len() as f64
        );
    }
}
