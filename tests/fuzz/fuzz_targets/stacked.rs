//! Any text as Upwords stacked positions (`formats/upwords.md`: `ROWS
//! RACK`, one a line): parsing fails cleanly or succeeds; a position read
//! is written back (`to_stacked`) as text that reads as the same position;
//! and on every position read, move generation by the Upwords rules
//! (`scoring::Upwords`; the board's side, a start square in the centre,
//! stacks as high as the board's highest, at least 5) returns, the DAWG and
//! the GADDAG listing exactly the same moves, on a small lexicon in the
//! `upwords` alphabet (`QU` one tile).
#![no_main]
use std::sync::OnceLock;

use lexgraph::movegen::{Generator, Options};
use lexgraph::rules::{Layout, Rules};
use lexgraph::scoring::Upwords;
use lexgraph::{compile, Alphabet, Invalid, Lexicon, Position, WordList};
use libfuzzer_sys::fuzz_target;

/// Some fifty words in the Upwords alphabet (the Q-without-U ones, as
/// `--skip-invalid` does, left out): short words to stack on each other,
/// `QU` words, plurals.
const WORDS: &str = "aa ab ad ae ag ah ai al am an ar as at aw ax ay ba be bi bo by \
    bog bogs bat bats best bestow cat cats dog dogs do eat east eats es et ex \
    god gods go ha he hi ho is it its ta tab tabs tea teas to tow two qi qat \
    qua quit quite quits quote squat equal aqua sat seat set sit so stow ti \
    ox xi za zax";

fn lexicons() -> &'static (Lexicon, Lexicon) {
    static L: OnceLock<(Lexicon, Lexicon)> = OnceLock::new();
    L.get_or_init(|| {
        let list: String = WORDS.split_whitespace().map(|w| format!("{w}\n")).collect();
        let a = Alphabet::builtin("upwords").unwrap();
        let words = WordList::parse(list.as_bytes(), "upwords-small", &a, Invalid::Skip).unwrap();
        let c = compile::compile(&words);
        (
            Lexicon::from_vec(c.dawg).unwrap(),
            Lexicon::from_vec(c.gaddag).unwrap(),
        )
    })
}

/// Upwords rules on an `n`×`n` board: the classic 10×10 layout, else a
/// plain one starting in the centre; stacks up to `high` (at least 5).
fn rules(n: usize, high: u8) -> Rules {
    let mut rules = Rules::upwords();
    if n != rules.layout.size() {
        let text = format!("start {0} {0}\n{1}", n / 2, format!("{}\n", ".".repeat(n)).repeat(n));
        rules.layout = Layout::parse("plain", &text).expect("a plain layout parses");
    }
    rules.stack_limit = high.max(5);
    rules.validate().expect("Upwords rules on any board side validate");
    rules
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (dawg, gaddag) = lexicons();
    let a = gaddag.alphabet();
    let lines = text.lines().map(str::trim);
    for line in lines.filter(|l| !l.is_empty() && !l.starts_with('#')).take(4) {
        // The side the board has (a line that does not parse at any side
        // is refused at the first row).
        let n = line.split_whitespace().next().map_or(0, |b| b.split('/').count());
        let Ok(p) = Position::parse_stacked(line, a, n) else {
            continue;
        };
        let back = p.to_stacked(a);
        let again = Position::parse_stacked(&back, a, n)
            .unwrap_or_else(|e| panic!("{line:?} written as {back:?}, which does not read: {e}"));
        assert_eq!(again, p, "{line:?} written as {back:?}");
        // Whether the CLI would take it (heights, blanks, the bag): moves
        // are generated either way.
        let _ = p.validate(a, 7);
        let rules = rules(n, p.board.max_height());
        let mut gen = Generator::<Upwords>::with_scoring(rules);
        for opening_both in [false, true] {
            let opts = Options::default().opening_both(opening_both);
            let d = gen.generate_vec(dawg, &p.board, p.rack(), &opts);
            let g = gen.generate_vec(gaddag, &p.board, p.rack(), &opts);
            assert!(d == g, "DAWG and GADDAG differ on {back}: {} and {} moves", d.len(), g.len());
            for m in d.iter().take(50) {
                std::hint::black_box(m.stacked_line(a));
            }
        }
    }
});
