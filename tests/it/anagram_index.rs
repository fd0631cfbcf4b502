//! The anagram index (`lexgraph::anagrams`) against a brute force: the
//! sorted letters of every word of a random list, and of every word less
//! one letter, kept in plain sets.

use std::collections::{BTreeMap, HashMap, HashSet};

use lexgraph::alphabet::{Blanks, Spelling};
use lexgraph::anagrams::{push_tile, MAX_LEN, WORD, WORDS_MAX_LEN};
use lexgraph::{compile, Alphabet, Lexicon, WordList};
use proptest::prelude::*;

/// The sorted tiles of `word`.
fn sorted(a: &Alphabet, word: &str) -> Vec<u8> {
    let mut t = a
        .parse_tiles(word, Spelling::Word, Blanks::Refused)
        .unwrap();
    t.sort_unstable();
    t
}

fn key(tiles: &[u8]) -> u64 {
    tiles.iter().fold(0, |k, &t| push_tile(k, t))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Every multiset of up to `MAX_LEN` tiles over the list's letters (and
    /// random ones): whether it spells a word, with a blank, and which
    /// letters complete it, as the brute force says, read from the DAWG
    /// and from the GADDAG alike.
    #[test]
    fn the_index_knows_what_every_multiset_spells(
        words in prop::collection::btree_set("[abcde]{1,10}", 1..120),
        probes in prop::collection::vec("[abcdef]{0,9}", 0..200),
    ) {
        let a = Alphabet::english();
        let text: String = words.iter().map(|w| format!("{w}\n")).collect();
        let list = WordList::parse(text.as_bytes(), "p", &a, lexgraph::Invalid::Refuse).unwrap();
        let files = compile::compile(&list);
        // Brute force: words of 2 to MAX_LEN letters, sorted; and the
        // letters that complete each multiset less one letter.
        let mut whole = HashSet::new();
        let mut completes: HashMap<Vec<u8>, u64> = HashMap::new();
        for w in words.iter().filter(|w| (2..=MAX_LEN).contains(&w.len())) {
            let s = sorted(&a, w);
            for i in 0..s.len() {
                let mut less = s.clone();
                let t = less.remove(i);
                *completes.entry(less).or_default() |= 1 << t;
            }
            whole.insert(s);
        }
        // Built from the edges, and stored in the files (read in place).
        let stored = [
            Lexicon::from_vec(lexgraph::compile::add_anagram_index(files.dawg.clone()).unwrap()).unwrap(),
            Lexicon::from_vec(lexgraph::compile::add_anagram_index(files.gaddag.clone()).unwrap()).unwrap(),
        ];
        prop_assert!(stored.iter().all(|l| l.has_stored_anagram_index() && l.verify().is_ok()));
        let dawg = Lexicon::from_vec(files.dawg).unwrap();
        let gaddag = Lexicon::from_vec(files.gaddag).unwrap();
        // Every multiset of up to 4 of a..f, and the random probes.
        let mut sets: Vec<Vec<u8>> = vec![vec![]];
        for _ in 0..4 {
            let more: Vec<Vec<u8>> = sets
                .iter()
                .flat_map(|s| (1..=6u8).filter(move |&t| s.last().is_none_or(|&l| t >= l)).map(move |t| {
                    let mut n = s.clone();
                    n.push(t);
                    n
                }))
                .collect();
            sets.extend(more);
        }
        sets.sort();
        sets.dedup();
        sets.extend(probes.iter().map(|p| sorted(&a, p)));
        for lex in [&dawg, &gaddag, &stored[0], &stored[1]] {
            let ix = lex.anagram_index();
            for s in &sets {
                let n = s.len();
                let e = ix.entry(key(s), n);
                let spells = whole.contains(s);
                let with = completes.get(s).copied().unwrap_or(0);
                if n <= MAX_LEN {
                    prop_assert_eq!(e & WORD != 0, spells, "{:?} alone", s);
                    prop_assert_eq!(ix.spells(s, 0), Some(spells && n >= 2), "{:?} alone", s);
                }
                if n < MAX_LEN {
                    prop_assert_eq!(e & !WORD, with, "{:?} and one more", s);
                    prop_assert_eq!(ix.spells(s, 1), Some(with != 0 && n >= 1), "{:?} and a blank", s);
                } else {
                    // Past what the index holds: every letter may complete it.
                    prop_assert_eq!(e & !WORD, !WORD, "{:?} is too long to know", s);
                    prop_assert_eq!(ix.spells(s, 1), None);
                }
                prop_assert_eq!(ix.spells(s, 2), None);
            }
            // The words of each multiset, in order, with their letters in
            // place (a GADDAG's come from reversed paths).
            let mut by_set: BTreeMap<Vec<u8>, Vec<Vec<u8>>> = BTreeMap::new();
            for w in words.iter().filter(|w| (2..=WORDS_MAX_LEN).contains(&w.len())) {
                let tiles = a.parse_tiles(w, Spelling::Word, Blanks::Refused).unwrap();
                by_set.entry(sorted(&a, w)).or_default().push(tiles);
            }
            for (set, list) in &by_set {
                let got: Vec<Vec<u8>> = ix
                    .words(key(set))
                    .iter()
                    .map(|w| w.iter().copied().take_while(|&t| t != 0).collect())
                    .collect();
                prop_assert_eq!(&got, list, "the words of {:?}", set);
            }
            for s in sets.iter().filter(|s| !by_set.contains_key(*s)) {
                prop_assert!(ix.words(key(s)).is_empty(), "{:?} has no word", s);
            }
        }
    }
}
