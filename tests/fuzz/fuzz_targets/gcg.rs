//! Any bytes as a GCG game record, read with the English and the Spanish
//! alphabets: parsing fails cleanly (an error naming a line) or succeeds,
//! and a record read replays to a result or an error, never a panic, with
//! a small lexicon to look its words up in.
#![no_main]
use std::sync::OnceLock;

use lexgraph::replay::replay;
use lexgraph::{compile, gcg, Alphabet, Invalid, Lexicon, Rules, WordList};
use libfuzzer_sys::fuzz_target;

fn lexicon() -> &'static Lexicon {
    static L: OnceLock<Lexicon> = OnceLock::new();
    L.get_or_init(|| {
        let w = WordList::parse(
            b"quire\nquires\nat\nqi\nex\nza\n",
            "small",
            &Alphabet::english(),
            Invalid::Refuse,
        );
        Lexicon::from_vec(compile::compile(&w.unwrap()).gaddag).unwrap()
    })
}

fuzz_target!(|data: &[u8]| {
    for a in [Alphabet::english(), Alphabet::builtin("spanish").unwrap()] {
        match gcg::parse(data, "fuzz", &a) {
            Ok(record) => {
                let lex = (a.name() == "english").then(lexicon);
                let _ = std::hint::black_box(replay(&record, &Rules::default(), &a, lex));
            }
            Err(e) => assert!(matches!(e, lexgraph::Error::Input { .. }), "{e}"),
        }
    }
});
