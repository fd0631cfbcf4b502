//! Any text as an alphabet, a board layout, a word list, a CGP position, a
//! text position or a rack (the first byte picks which): parsing fails
//! cleanly or succeeds; a compiled list verifies and holds its words; on a
//! valid position the DAWG and the GADDAG list exactly the same moves.
#![no_main]
use lexgraph::Invalid;
use std::sync::OnceLock;

use lexgraph::position::{parse_text_positions, Position};
use lexgraph::rack::Rack;
use lexgraph::movegen::{Generator, Options};
use lexgraph::rules::{Layout, Rules};
use lexgraph::{compile, Alphabet, Lexicon, WordList};
use libfuzzer_sys::fuzz_target;

fn lexicons() -> &'static (Lexicon, Lexicon) {
    static L: OnceLock<(Lexicon, Lexicon)> = OnceLock::new();
    L.get_or_init(|| {
        // ENABLE from ../shared beside the project, as the tests find it.
        let shared = std::env::var("LEXGRAPH_SHARED")
            .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared").into());
        let text =
            std::fs::read(format!("{shared}/lexicons/enable1.txt")).expect("ENABLE word list");
        let words =
            WordList::parse(&text, "enable1", &Alphabet::english(), Invalid::Refuse).unwrap();
        let c = compile::compile(&words);
        (
            Lexicon::from_vec(c.dawg).unwrap(),
            Lexicon::from_vec(c.gaddag).unwrap(),
        )
    })
}

fn both_agree(p: &Position) {
    let (dawg, gaddag) = lexicons();
    if p.validate(gaddag.alphabet(), 7).is_err() {
        return;
    }
    for opening_both in [false, true] {
        let opts = Options::default().opening_both(opening_both);
        let mut gen = Generator::new(Rules::default());
        let d = gen.generate_vec(dawg, &p.board, p.rack(), &opts);
        let g = gen.generate_vec(gaddag, &p.board, p.rack(), &opts);
        assert_eq!(
            d,
            g,
            "DAWG and GADDAG differ on {}",
            p.to_cgp(gaddag.alphabet())
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        if sel % 6 == 2 {
            let _ = WordList::parse(
                rest,
                "fuzz",
                &Alphabet::english(),
                Invalid::skip_if(sel & 0x80 != 0),
            );
        }
        return;
    };
    match sel % 6 {
        0 => {
            if let Ok(a) = Alphabet::parse("fuzz", text, "fuzz") {
                let _ = a.tokenize("CARE");
                let _ = a.fold(text);
                for t in 0..=a.len() as u8 {
                    let _ = a.label(t, true);
                }
            }
        }
        1 => {
            if let Ok(l) = Layout::parse("fuzz", text) {
                let n = l.size();
                let _ = (l.start(), l.letter_mult(n - 1, n - 1), l.word_mult(0, 0));
                // Rules that validate cannot overflow: every opening move
                // scores at least 0 (overflow checks are on, too).
                let rack_size = (sel >> 3) as usize;
                if let Ok(rules) = Rules::new(l, rack_size, 50) {
                    assert!(rules.max_score() <= i32::MAX as u128);
                    let (_, gaddag) = lexicons();
                    let a = gaddag.alphabet();
                    let tiles = "ZQXJKVW".chars().cycle().take(rack_size.min(16));
                    let rack = Rack::parse(&tiles.collect::<String>(), a).unwrap();
                    let mut gen = Generator::new(rules);
                    let board = lexgraph::board::Board::new(n);
                    for m in gen.generate_vec(gaddag, &board, &rack, &Options::default()) {
                        assert!(m.score >= 0, "score {}", m.score);
                    }
                }
            }
        }
        2 => {
            let a = Alphabet::english();
            if let Ok(w) = WordList::parse(rest, "fuzz", &a, Invalid::skip_if(sel & 0x80 != 0)) {
                if let Ok(c) = compile::try_compile(&w) {
                    for bytes in [c.dawg, c.gaddag] {
                        let lex = Lexicon::from_vec(bytes).expect("fresh file opens");
                        lex.verify().expect("fresh file verifies");
                        for word in w.iter() {
                            assert!(lex.contains_tiles(word));
                        }
                    }
                }
            }
        }
        3 => {
            let (_, gaddag) = lexicons();
            if let Ok(p) = Position::parse_cgp(text, gaddag.alphabet(), 15) {
                both_agree(&p);
            }
        }
        4 => {
            let (_, gaddag) = lexicons();
            let ps = parse_text_positions(text, gaddag.alphabet(), 15);
            for p in ps.iter().filter_map(|(_, p)| p.as_ref().ok()).take(4) {
                both_agree(p);
            }
        }
        _ => {
            let a = Alphabet::english();
            if let Ok(r) = Rack::parse(text, &a) {
                let _ = r.to_text(&a);
            }
        }
    }
});
