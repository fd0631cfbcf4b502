//! Any bytes as a lexicon file: opening, verifying, every query and move
//! generation must return or fail cleanly (no panic, no out-of-bounds read
//! under AddressSanitizer, no overflow with debug assertions on).
#![no_main]
use lexgraph::board::Position;
use lexgraph::movegen::{Generator, Move, Options};
use lexgraph::rules::Rules;
use lexgraph::Lexicon;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(lex) = Lexicon::from_vec(data.to_vec()) else {
        return;
    };
    let _ = lex.verify();
    let mut n = 0usize;
    n += lex.contains("care") as usize + lex.contains("") as usize;
    n += lex.words().take(2_000).map(|w| w.len()).sum::<usize>();
    n += lex
        .words_with_prefix("CA")
        .map_or(0, |w| w.take(500).count());
    n += lex.anagram("AEINRST?", false).map_or(0, |v| v.len());
    n += lex.anagram("CARES?", true).map_or(0, |v| v.len());
    n += lex.pattern("C?T*").map_or(0, |v| v.len());
    n += lex.pattern("*E*").map_or(0, |v| v.len());
    for cgp in [
        "15/15/15/15/15/15/15/5CARE6/15/15/15/15/15/15/15 ACERST?/ 0/0 0",
        "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRS?/ 0/0 0",
    ] {
        if let Ok(p) = Position::parse_cgp(cgp, lex.alphabet(), 15) {
            let mut gen = Generator::new(Rules::default());
            let mut moves: Vec<Move> = Vec::new();
            gen.generate(&lex, &p.board, p.rack(), &Options::default(), &mut moves);
            for m in moves.iter().take(200) {
                n += m.notation(lex.alphabet()).len();
            }
        }
    }
    std::hint::black_box(n);
});
