//! Any bytes as a lexicon file: opening, verifying, every query and move
//! generation must return or fail cleanly (no panic, no out-of-bounds read
//! under AddressSanitizer, no overflow with debug assertions on).
#![no_main]
use lexgraph::Lexicon;
use libfuzzer_sys::fuzz_target;

#[path = "../../common/exercise.rs"]
mod exercise;

fuzz_target!(|data: &[u8]| {
    let Ok(lex) = Lexicon::from_vec(data.to_vec()) else {
        return;
    };
    let _ = lex.verify();
    // Smaller limits than the tests': thousands of inputs a second.
    std::hint::black_box(exercise::exercise(&lex, &[], 2_000));
});
