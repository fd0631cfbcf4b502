//! Any bytes as a lexicon file: opening, verifying, every query, move
//! generation and the pair check must return or fail cleanly (no panic, no
//! out-of-bounds read under AddressSanitizer, no overflow with debug
//! assertions on).
#![no_main]
use lexgraph::Invalid;
use std::sync::OnceLock;

use lexgraph::lexicon::check_pair;
use lexgraph::{compile, Alphabet, Lexicon, WordList};
use libfuzzer_sys::fuzz_target;

#[path = "../../it/common/exercise.rs"]
mod exercise;

/// A valid pair to check any input against.
fn pair() -> &'static (Lexicon, Lexicon) {
    static P: OnceLock<(Lexicon, Lexicon)> = OnceLock::new();
    P.get_or_init(|| {
        let w = WordList::parse(
            b"car\ncare\ncars\n",
            "pair",
            &Alphabet::english(),
            Invalid::Refuse,
        );
        let c = compile::compile(&w.unwrap());
        (
            Lexicon::from_vec(c.dawg).unwrap(),
            Lexicon::from_vec(c.gaddag).unwrap(),
        )
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(lex) = Lexicon::from_vec(data.to_vec()) else {
        return;
    };
    let _ = lex.verify();
    let (dawg, gaddag) = pair();
    let _ = check_pair(&lex, gaddag);
    let _ = check_pair(dawg, &lex);
    // Smaller limits than the tests': thousands of inputs a second.
    std::hint::black_box(exercise::exercise(&lex, &[], 2_000));
});
