//! The streaming queries (`Lexicon::anagrams`, `Lexicon::matches`, issue
//! #31): the same words in the same order as the `Vec` forms and as a
//! brute force over the word list, on DAWGs and GADDAGs of real lists
//! (Spanish for multi-character tiles and a non-ASCII one); a stream walks
//! only as far as the words taken; and a corrupt file with exponentially
//! many paths ends a stream with an error, never a walk of years.

use std::collections::BTreeSet;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::common::{self, alphabet_section, RawEdge, RawFile};
use lexgraph::error::Corruption;
use lexgraph::query::Partial;
use lexgraph::{compile, Alphabet, Error, Invalid, Lexicon, Tile, WordList};

/// A word list compiled: the list's distinct words (sorted by tile
/// number, the lexicon's order) and both lexicons.
struct Case {
    alphabet: Alphabet,
    words: BTreeSet<Vec<Tile>>,
    lexicons: [Lexicon; 2],
}

fn case(name: &str, alphabet: Alphabet) -> Case {
    let list = WordList::read(&common::word_list(name), &alphabet, Invalid::Skip)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let files = compile::compile(&list);
    let words = list.iter().map(<[Tile]>::to_vec).collect();
    let lexicons = [
        Lexicon::from_vec(files.dawg).unwrap(),
        Lexicon::from_vec(files.gaddag).unwrap(),
    ];
    Case {
        alphabet,
        words,
        lexicons,
    }
}

/// How a tile is written in a rack or pattern: `[CH]` for a
/// multi-character tile.
fn text_of(a: &Alphabet, t: Tile) -> String {
    a.label(t, false)
}

/// The brute force of `anagram`: each word whose tiles the rack holds
/// (blanks for the missing ones, real tiles first, left to right).
fn anagram_oracle(c: &Case, rack: &[Tile], partial: Partial) -> Vec<String> {
    let mut out = Vec::new();
    'words: for w in &c.words {
        if w.len() > rack.len() || (partial == Partial::No && w.len() != rack.len()) {
            continue;
        }
        let mut counts = [0u8; 64];
        for &t in rack {
            counts[t as usize] += 1;
        }
        let mut text = String::new();
        for &t in w {
            let blank = if counts[t as usize] > 0 {
                counts[t as usize] -= 1;
                false
            } else if counts[0] > 0 {
                counts[0] -= 1;
                true
            } else {
                continue 'words;
            };
            text.push_str(&c.alphabet.label(t, blank));
        }
        out.push(text);
    }
    out
}

#[derive(Clone, Copy, Debug)]
enum Tok {
    Tile(Tile),
    One,
    Any,
}

fn glob(toks: &[Tok], word: &[Tile]) -> bool {
    match toks.split_first() {
        None => word.is_empty(),
        Some((Tok::Any, rest)) => (0..=word.len()).any(|i| glob(rest, &word[i..])),
        Some((Tok::One, rest)) => !word.is_empty() && glob(rest, &word[1..]),
        Some((Tok::Tile(t), rest)) => word.first() == Some(t) && glob(rest, &word[1..]),
    }
}

/// The brute force of `pattern`.
fn pattern_oracle(c: &Case, toks: &[Tok]) -> Vec<String> {
    c.words
        .iter()
        .filter(|w| glob(toks, w))
        .map(|w| c.alphabet.render(w))
        .collect()
}

fn pattern_text(a: &Alphabet, toks: &[Tok]) -> String {
    toks.iter()
        .map(|t| match *t {
            Tok::Tile(t) => text_of(a, t),
            Tok::One => "?".into(),
            Tok::Any => "*".into(),
        })
        .collect()
}

/// The words of a stream through `next_str`.
fn lent(mut next: impl FnMut() -> Option<lexgraph::Result<String>>) -> Vec<String> {
    std::iter::from_fn(|| next().map(Result::unwrap)).collect()
}

/// Random racks (up to 9 tiles, up to 2 blanks) and patterns (most cut
/// from a word of the list, so that they match something): the stream,
/// its `next_str` and the `Vec` form give the brute force's words, in its
/// order, on both kinds of lexicon.
fn streams_equal_the_vec_forms_and_the_brute_force(c: &Case, seed: u64, queries: usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let words: Vec<&Vec<Tile>> = c.words.iter().collect();
    let n = c.alphabet.len() as Tile;
    let mut nonempty = [0usize; 2];
    for q in 0..queries {
        // A rack: the tiles of a random word (shuffled, some swapped for
        // blanks or other tiles), or random tiles.
        let mut rack: Vec<Tile> = if q % 3 == 0 {
            (0..rng.gen_range(1..=8))
                .map(|_| rng.gen_range(1..=n))
                .collect()
        } else {
            words[rng.gen_range(0..words.len())]
                .iter()
                .take(9)
                .copied()
                .collect()
        };
        for t in rack.iter_mut() {
            match rng.gen_range(0..10) {
                0 => *t = 0,
                1 => *t = rng.gen_range(1..=n),
                _ => {}
            }
        }
        let blanks = rack.iter().filter(|&&t| t == 0).count();
        if blanks > 2 {
            rack.retain(|&t| t != 0);
            rack.extend([0, 0]);
        }
        let rack_text: String = rack
            .iter()
            .rev()
            .map(|&t| match t {
                0 => "?".to_string(),
                t => text_of(&c.alphabet, t),
            })
            .collect();
        for partial in [Partial::No, Partial::Yes] {
            let want = anagram_oracle(c, &rack, partial);
            nonempty[0] += !want.is_empty() as usize;
            for lex in &c.lexicons {
                let what = format!("{:?} anagram {rack_text:?} {partial:?}", lex.kind());
                let streamed: Vec<String> = lex
                    .anagrams(&rack_text, partial)
                    .unwrap()
                    .collect::<lexgraph::Result<_>>()
                    .unwrap();
                assert_eq!(streamed, want, "{what}");
                let mut s = lex.anagrams(&rack_text, partial).unwrap();
                assert_eq!(
                    lent(|| s.next_str().map(|r| r.map(str::to_owned))),
                    want,
                    "{what}: next_str"
                );
                assert!(s.next().is_none() && s.next_str().is_none(), "{what}");
                assert_eq!(lex.anagram(&rack_text, partial).unwrap(), want, "{what}");
            }
        }
        // A pattern: a random word with some tiles made `?` and some runs
        // `*`, or random tokens.
        let mut toks: Vec<Tok> = Vec::new();
        if q % 4 == 0 {
            for _ in 0..rng.gen_range(1..=5) {
                toks.push(match rng.gen_range(0..4) {
                    0 => Tok::One,
                    1 => Tok::Any,
                    _ => Tok::Tile(rng.gen_range(1..=n)),
                });
            }
        } else {
            let w = words[rng.gen_range(0..words.len())];
            let mut i = 0;
            while i < w.len() {
                match rng.gen_range(0..8) {
                    0 | 1 => toks.push(Tok::One),
                    2 => {
                        toks.push(Tok::Any);
                        i += rng.gen_range(0..3);
                    }
                    _ => toks.push(Tok::Tile(w[i])),
                }
                i += 1;
            }
            if toks.is_empty() {
                toks.push(Tok::Any);
            }
        }
        let text = pattern_text(&c.alphabet, &toks);
        let want = pattern_oracle(c, &toks);
        nonempty[1] += !want.is_empty() as usize;
        for lex in &c.lexicons {
            let what = format!("{:?} pattern {text:?}", lex.kind());
            let streamed: Vec<String> = lex
                .matches(&text)
                .unwrap()
                .collect::<lexgraph::Result<_>>()
                .unwrap();
            assert_eq!(streamed, want, "{what}");
            let mut s = lex.matches(&text).unwrap();
            assert_eq!(
                lent(|| s.next_str().map(|r| r.map(str::to_owned))),
                want,
                "{what}: next_str"
            );
            assert!(s.next().is_none() && s.next_str().is_none(), "{what}");
            assert_eq!(lex.pattern(&text).unwrap(), want, "{what}");
        }
    }
    // Not vacuous: most queries find words.
    assert!(
        nonempty[0] > queries && nonempty[1] > queries / 2,
        "{nonempty:?} of {queries}"
    );
}

#[test]
fn query_streams_equal_the_vec_forms_on_enable() {
    let c = case("enable1.txt", Alphabet::english());
    streams_equal_the_vec_forms_and_the_brute_force(&c, 31, 150);
    // The whole list, both ways.
    for lex in &c.lexicons {
        let all = lex.pattern("*").unwrap();
        assert_eq!(all.len(), c.words.len());
        assert!(lex.matches("*").unwrap().map(Result::unwrap).eq(all));
    }
}

/// Spanish: `CH`, `LL`, `RR` are single tiles (written `[CH]`, a blank's
/// `[ch]`), `Ñ` a non-ASCII one (a blank's `ñ`).
#[test]
fn query_streams_equal_the_vec_forms_on_spanish() {
    let c = case("spanish.txt", Alphabet::builtin("spanish").unwrap());
    streams_equal_the_vec_forms_and_the_brute_force(&c, 32, 150);
    for lex in &c.lexicons {
        let got = lex.anagram("O[RR]O[CH]", Partial::No).unwrap();
        assert!(got.contains(&"[CH]O[RR]O".to_string()), "{got:?}");
        // R, R is not the tile RR.
        let got = lex.anagram("ORRO[CH]", Partial::No).unwrap();
        assert!(!got.contains(&"[CH]O[RR]O".to_string()), "{got:?}");
        let got = lex.anagram("?O[RR]O", Partial::No).unwrap();
        assert!(got.contains(&"[ch]O[RR]O".to_string()), "{got:?}");
        let got = lex.anagram("NI?O", Partial::No).unwrap();
        assert!(got.contains(&"NIñO".to_string()), "{got:?}");
        assert!(lex
            .matches("[CH]O[RR]?")
            .unwrap()
            .any(|w| w.unwrap() == "[CH]O[RR]O"));
    }
}

/// `bytes` with the header's word count (offset 16) set to `words`: the
/// walks' budget (`words × max_word_len + 65` steps) shrinks, the checksum
/// (of bytes 64 on) stays right.
fn claiming(mut bytes: Vec<u8>, words: u64) -> Vec<u8> {
    bytes[16..24].copy_from_slice(&words.to_le_bytes());
    bytes
}

/// Taking the first words of a query that matches the whole list walks
/// only as far as those words: on ENABLE with a header that claims 2 words
/// (a budget of 2 × 28 + 65 steps), the first 25 words of `*` and of a
/// rack of 12 blanks come, while the `Vec` forms, which walk everything,
/// run out of budget.
#[test]
fn query_streams_walk_only_as_far_as_the_words_taken() {
    let list = WordList::read(
        &common::word_list("enable1.txt"),
        &Alphabet::english(),
        Invalid::Refuse,
    )
    .unwrap();
    let files = compile::compile(&list);
    for bytes in [files.dawg, files.gaddag] {
        let full = Lexicon::from_vec(bytes.clone()).unwrap();
        let lex = Lexicon::from_vec(claiming(bytes, 2)).unwrap();
        let kind = lex.kind();
        let budget = 2 * u64::from(lex.header().max_word_len) + 65;
        assert!(budget < 150, "{kind:?}: {budget}");
        let first: Vec<String> = lex
            .matches("*")
            .unwrap()
            .take(25)
            .collect::<lexgraph::Result<_>>()
            .unwrap_or_else(|e| panic!("{kind:?}: {e}"));
        assert_eq!(first[..4], ["AA", "AAH", "AAHED", "AAHING"], "{kind:?}");
        assert_eq!(first, full.pattern("*").unwrap()[..25], "{kind:?}");
        let rack = "?".repeat(12);
        let first: Vec<String> = lex
            .anagrams(&rack, Partial::Yes)
            .unwrap()
            .take(25)
            .collect::<lexgraph::Result<_>>()
            .unwrap_or_else(|e| panic!("{kind:?}: {e}"));
        assert_eq!(first[..3], ["aa", "aah", "aahed"], "{kind:?}");
        assert_eq!(
            first,
            full.anagram(&rack, Partial::Yes).unwrap()[..25],
            "{kind:?}"
        );
        // The same queries walked to the end need more than the budget.
        assert!(is_too_many_paths(lex.pattern("*")), "{kind:?}");
        assert!(
            is_too_many_paths(lex.anagram(&rack, Partial::Yes)),
            "{kind:?}"
        );
    }
}

fn is_too_many_paths<T: std::fmt::Debug>(r: lexgraph::Result<T>) -> bool {
    match r {
        Err(Error::BadLexicon {
            problem: Corruption::Header { offset: 16, what },
            ..
        }) => what.contains("corrupt"),
        other => panic!("{other:?}"),
    }
}

/// A DAWG whose `depth` nodes each lead by both `A` and `B` to the next
/// one: 2^(depth+1) − 2 words in 2·depth edges, every edge valid on its
/// own; the header claims one word per edge.
fn ladder(depth: u64) -> Vec<u8> {
    let a = Alphabet::english();
    let labels: Vec<String> = (0..=26u8)
        .map(|t| match t {
            0 => "?".into(),
            t => a.tile(t).label.clone(),
        })
        .collect();
    let tiles: Vec<(&str, u8, u8, u8)> = labels
        .iter()
        .zip(a.tiles())
        .map(|(l, i)| (l.as_str(), i.score, i.count, i.vowel as u8))
        .collect();
    let mut edges: Vec<RawEdge> = Vec::new();
    for k in 0..depth {
        let next = if k + 1 < depth { 2 * (k + 1) } else { 0 };
        edges.push((1, true, false, next));
        edges.push((2, true, true, next));
    }
    let mut f = RawFile::new(1, alphabet_section("english", &tiles, &[]), edges, 26);
    (f.words, f.nodes, f.max_word_len) = (2 * depth, depth, depth as u16);
    f.encode()
}

/// On a file of 2^41 words whose header claims 80, every stream ends
/// within the budget (80 words × 40 tiles + 65 steps) with the error the
/// `Vec` forms give, as its last item; a query within the budget is
/// answered.
#[test]
fn query_streams_of_a_hostile_file_end_with_an_error() {
    let lex = Lexicon::from_vec(ladder(40)).unwrap();
    let budget = 80 * 40 + 65;
    let rack = format!("{}{}", "A".repeat(20), "B".repeat(20));
    type Stream<'a> = Box<dyn Iterator<Item = lexgraph::Result<String>> + 'a>;
    let streams: [(&str, Stream<'_>); 4] = [
        ("matches *", Box::new(lex.matches("*").unwrap())),
        ("matches *B", Box::new(lex.matches("*B").unwrap())),
        ("matches ?*A", Box::new(lex.matches("?*A").unwrap())),
        (
            "anagrams partial",
            Box::new(lex.anagrams(&rack, Partial::Yes).unwrap()),
        ),
    ];
    for (what, mut s) in streams {
        let mut words = 0;
        let err = loop {
            match s.next() {
                Some(Ok(_)) => words += 1,
                Some(Err(e)) => break e,
                None => panic!("{what}: ended without an error after {words} words"),
            }
            assert!(words < budget, "{what}: {words} words");
        };
        assert!(is_too_many_paths::<()>(Err(err)), "{what}");
        assert!(words > 0, "{what}");
        // The error is the last item.
        assert!(s.next().is_none() && s.next().is_none(), "{what}");
    }
    // `*` yields a word per step: all but the last step of the budget.
    assert_eq!(
        lex.matches("*").unwrap().take_while(Result::is_ok).count(),
        budget - 1
    );
    // The lending form ends the same way.
    let mut s = lex.matches("*A").unwrap();
    let mut words = 0;
    while let Some(w) = s.next_str() {
        match w {
            Ok(w) => {
                assert!(w.ends_with('A'));
                words += 1;
            }
            Err(e) => {
                assert!(is_too_many_paths::<()>(Err(e)));
                break;
            }
        }
    }
    assert!(words > 0 && words < budget && s.next_str().is_none());
    assert!(is_too_many_paths(lex.pattern("*")));
    assert!(is_too_many_paths(lex.anagram(&rack, Partial::Yes)));
    // Short queries stay within the budget.
    assert_eq!(lex.anagram("AB", Partial::No).unwrap(), ["AB", "BA"]);
    assert_eq!(
        lex.matches("A?")
            .unwrap()
            .map(Result::unwrap)
            .collect::<Vec<_>>(),
        ["AA", "AB"]
    );
}

/// The semantics on a small list: real tiles before blanks, blanks in
/// lower case, `Partial`, and errors of bad racks and patterns before any
/// walk.
#[test]
fn query_streams_on_a_small_list() {
    let words = WordList::parse(
        b"aa\naah\nah\nha\nhah\nbah\n",
        "t",
        &Alphabet::english(),
        Invalid::Refuse,
    )
    .unwrap();
    let files = compile::compile(&words);
    for bytes in [files.dawg, files.gaddag] {
        let lex = Lexicon::from_vec(bytes).unwrap();
        let all =
            |s: lexgraph::query::Anagrams<'_>| -> Vec<String> { s.map(Result::unwrap).collect() };
        assert_eq!(
            all(lex.anagrams("AH?", Partial::No).unwrap()),
            ["AaH", "bAH", "HAh"]
        );
        assert_eq!(
            all(lex.anagrams("A?", Partial::No).unwrap()),
            ["Aa", "Ah", "hA"]
        );
        assert_eq!(
            all(lex.anagrams("A?", Partial::Yes).unwrap()),
            ["Aa", "Ah", "hA"]
        );
        assert_eq!(
            all(lex.anagrams("HAA", Partial::Yes).unwrap()),
            ["AA", "AAH", "AH", "HA"]
        );
        assert_eq!(
            all(lex.anagrams("", Partial::Yes).unwrap()),
            Vec::<String>::new()
        );
        assert!(lex.anagrams("A1", Partial::No).is_err());
        assert!(lex.anagrams(&"?".repeat(65), Partial::No).is_err());
        assert!(lex.matches("").is_err());
        assert!(lex.matches(&"?".repeat(63)).is_err());
        assert_eq!(
            lex.matches("*H")
                .unwrap()
                .map(Result::unwrap)
                .collect::<Vec<_>>(),
            ["AAH", "AH", "BAH", "HAH"]
        );
        let s = lex.matches("?A*").unwrap();
        assert!(format!("{s:?}").starts_with("Matches"));
    }
}
