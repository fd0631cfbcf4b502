//! The builder's automata are minimal and exact: for many small random word
//! lists, the DAWG and GADDAG node counts equal those of an independently
//! computed minimal automaton (distinct right languages of a trie), and the
//! compiled files accept exactly the intended languages.

use crate::common;
use lexgraph::Invalid;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use lexgraph::builder::Builder;
use lexgraph::lexicon::Node;
use lexgraph::{compile, Alphabet, Lexicon, Tile, WordList};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A plain trie with finality on edges: node -> label -> (terminal, child).
#[derive(Default)]
struct Trie {
    nodes: Vec<BTreeMap<Tile, (bool, usize)>>,
}

impl Trie {
    fn of(strings: &BTreeSet<Vec<Tile>>) -> Trie {
        let mut t = Trie {
            nodes: vec![BTreeMap::new()],
        };
        for s in strings {
            let mut node = 0;
            for (i, &c) in s.iter().enumerate() {
                let next = match t.nodes[node].get(&c) {
                    Some(&(_, child)) => child,
                    None => {
                        t.nodes.push(BTreeMap::new());
                        let child = t.nodes.len() - 1;
                        t.nodes[node].insert(c, (false, child));
                        child
                    }
                };
                if i + 1 == s.len() {
                    t.nodes[node].get_mut(&c).unwrap().0 = true;
                }
                node = next;
            }
        }
        t
    }

    /// (states, edges) of the minimal automaton: one state per distinct
    /// canonical signature {(label, terminal, child signature)}, the empty
    /// state not counted.
    fn minimal_counts(&self) -> (usize, usize) {
        let mut ids: HashMap<Vec<(Tile, bool, usize)>, usize> = HashMap::new();
        self.signature(0, &mut ids);
        let edges = ids.keys().map(Vec::len).sum();
        (ids.len(), edges)
    }

    fn signature(&self, node: usize, ids: &mut HashMap<Vec<(Tile, bool, usize)>, usize>) -> usize {
        let sig: Vec<(Tile, bool, usize)> = self.nodes[node]
            .iter()
            .map(|(&c, &(term, child))| (c, term, self.signature(child, ids)))
            .collect();
        if sig.is_empty() {
            return 0;
        }
        let next = ids.len() + 1;
        *ids.entry(sig).or_insert(next)
    }
}

/// Gordon's language: rev(w[..i]) ◇ w[i..] for 1 <= i < len, and rev(w).
fn gaddag_strings(words: &BTreeSet<Vec<Tile>>) -> BTreeSet<Vec<Tile>> {
    let mut out = BTreeSet::new();
    for w in words {
        for i in 1..=w.len() {
            let mut s: Vec<Tile> = w[..i].iter().rev().copied().collect();
            if i < w.len() {
                s.push(0);
                s.extend_from_slice(&w[i..]);
            }
            out.insert(s);
        }
    }
    out
}

/// Every accepted string of a file, read through the raw edge API, and the
/// number of distinct nodes reached (root included).
fn enumerate(lex: &Lexicon) -> (BTreeSet<Vec<Tile>>, usize) {
    fn walk(
        node: Node<'_>,
        path: &mut Vec<Tile>,
        out: &mut BTreeSet<Vec<Tile>>,
        seen: &mut BTreeSet<u32>,
    ) {
        for t in node.transitions() {
            path.push(t.tile);
            if t.terminal {
                assert!(out.insert(path.clone()), "string accepted twice");
            }
            if let Some(next) = t.next() {
                seen.insert(next.id());
                walk(next, path, out, seen);
            }
            path.pop();
        }
    }
    let (mut out, mut seen) = (BTreeSet::new(), BTreeSet::new());
    let root = lex.root();
    if root.transitions().next().is_some() {
        seen.insert(root.id());
        walk(root, &mut Vec::new(), &mut out, &mut seen);
    }
    (out, seen.len())
}

fn check(alphabet: &Alphabet, words: &[Vec<Tile>]) {
    let list = WordList::from_tiles(alphabet, words);
    let set: BTreeSet<Vec<Tile>> = words.iter().filter(|w| !w.is_empty()).cloned().collect();
    assert_eq!(list.len(), set.len());
    let gstrings = gaddag_strings(&set);
    let (dawg_nodes, dawg_edges) = Trie::of(&set).minimal_counts();
    let (gaddag_nodes, gaddag_edges) = Trie::of(&gstrings).minimal_counts();

    let built = Builder::build(&list);
    assert_eq!(
        built.dawg().node_count(),
        dawg_nodes,
        "DAWG nodes of {set:?}"
    );
    assert_eq!(
        built.dawg().edge_count(),
        dawg_edges,
        "DAWG edges of {set:?}"
    );
    assert_eq!(
        built.gaddag().node_count(),
        gaddag_nodes,
        "GADDAG nodes of {set:?}"
    );
    assert_eq!(
        built.gaddag().edge_count(),
        gaddag_edges,
        "GADDAG edges of {set:?}"
    );

    let files = compile::compile(&list);
    let dawg = Lexicon::from_vec(files.dawg).unwrap();
    let gaddag = Lexicon::from_vec(files.gaddag).unwrap();
    for lex in [&dawg, &gaddag] {
        lex.verify().unwrap_or_else(|e| panic!("{set:?}: {e}"));
    }
    let spelled: Vec<String> = set.iter().map(|w| alphabet.spell(w)).collect();
    assert_eq!(dawg.words().collect::<Vec<_>>(), spelled, "DAWG words()");
    assert_eq!(
        gaddag.words().collect::<Vec<_>>(),
        spelled,
        "GADDAG words()"
    );

    let (accepted, reached) = enumerate(&dawg);
    assert_eq!(accepted, set, "DAWG language");
    assert_eq!(
        (reached, dawg.header().nodes as usize),
        (dawg_nodes, dawg_nodes)
    );
    let (accepted, reached) = enumerate(&gaddag);
    assert!(
        accepted == gstrings,
        "GADDAG language of {set:?}:\n got {accepted:?}\nwant {gstrings:?}"
    );
    assert_eq!(
        (reached, gaddag.header().nodes as usize),
        (gaddag_nodes, gaddag_nodes)
    );
    for w in &set {
        for split in 1..=w.len() {
            assert!(gaddag.has_split_path(w, split), "{w:?} split {split}");
        }
        assert!(dawg.contains_tiles(w) && gaddag.contains_tiles(w));
    }
}

fn word_lists() -> impl Strategy<Value = (usize, Vec<Vec<Tile>>)> {
    (3usize..=6).prop_flat_map(|n| {
        let word = prop::collection::vec(1..=n as Tile, 1..=7);
        (Just(n), prop::collection::vec(word, 1..=24))
    })
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 3000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_small_lists_are_minimal_and_exact((n, words) in word_lists()) {
        check(&common::small_alphabet(n), &words);
    }
}

/// Larger lists over few tiles share many suffixes: a harder test of the register.
#[test]
fn dense_lists_are_minimal_and_exact() {
    let mut rng = StdRng::seed_from_u64(0xd1a6);
    for _ in 0..150 {
        let n = rng.gen_range(3..=6);
        let count = rng.gen_range(20..=400);
        let words: Vec<Vec<Tile>> = (0..count)
            .map(|_| {
                let len = rng.gen_range(1..=7);
                (0..len).map(|_| rng.gen_range(1..=n as Tile)).collect()
            })
            .collect();
        check(&common::small_alphabet(n), &words);
    }
}

#[test]
fn known_shapes() {
    let a = common::small_alphabet(3);
    // All strings of length 1..=k: one state per remaining length.
    for k in 1..=5 {
        let mut words = vec![vec![]];
        let mut all = Vec::new();
        for _ in 0..k {
            words = words
                .iter()
                .flat_map(|w: &Vec<Tile>| (1..=3).map(move |t| [w.clone(), vec![t]].concat()))
                .collect();
            all.extend(words.iter().cloned());
        }
        let built = Builder::build(&WordList::from_tiles(&a, &all));
        assert_eq!(built.dawg().node_count(), k, "Σ^1..{k}");
        assert_eq!(built.dawg().edge_count(), 3 * k);
        check(&a, &all);
    }
    // CAR, CARE, CARS as in the builder's docs: root, C, CA, CAR.
    let en = Alphabet::english();
    let list = WordList::parse(b"car\ncare\ncars\n", "t", &en, Invalid::Refuse).unwrap();
    let built = Builder::build(&list);
    assert_eq!(
        (built.dawg().node_count(), built.dawg().edge_count()),
        (4, 5)
    );
    assert_eq!(
        (built.gaddag().node_count(), built.gaddag().edge_count()),
        (13, 18)
    );
    let words: Vec<Vec<Tile>> = list.iter().map(<[Tile]>::to_vec).collect();
    check(&en, &words);
    // Duplicates and empty words are dropped by from_tiles.
    let list = WordList::from_tiles(&a, [vec![1, 2], vec![], vec![1, 2]]);
    assert_eq!((list.len(), list.duplicates()), (1, 1));
}
