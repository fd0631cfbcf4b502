//! Tests of the cross-checks: the sets against brute force, the cache,
//! kept lanes, and lanes worked out from the last board's.

use super::*;
use crate::wordlist::Invalid;
use crate::{compile, Alphabet, Lexicon, WordList};

/// The cross-check set of `up _ down` for every tile, by brute force:
/// the tiles `x` for which `up x down` is in `words`.
fn expected(a: &Alphabet, words: &[&str], up: &str, down: &str) -> u64 {
    let mut set = 0;
    for t in 1..=a.len() as Tile {
        let w = format!("{up}{}{down}", a.tile(t).label);
        if words.contains(&w.as_str()) {
            set |= 1 << t;
        }
    }
    set
}

/// The DAWG and GADDAG of `words` (English).
fn compiled(words: &[&str]) -> compile::Compiled {
    let text: String = words.iter().map(|w| format!("{w}\n")).collect();
    let list = WordList::parse(text.as_bytes(), "t", &Alphabet::english(), Invalid::Refuse);
    compile::compile(&list.unwrap())
}

#[test]
fn allowed_sets_are_the_tiles_that_make_words() {
    let a = Alphabet::english();
    let words = [
        "AA", "AB", "AD", "BA", "BAD", "BED", "CAB", "CAD", "DAB", "ZA",
    ];
    let files = compiled(&words);
    let t = |s: &str| a.tokenize(s).unwrap();
    let all = tiles_mask(a.len() as Tile);
    for bytes in [files.dawg, files.gaddag] {
        let lex = Lexicon::from_vec(bytes).unwrap();
        let edges = lex.edges();
        let structure = |e| match lex.kind() {
            crate::Kind::Dawg => Structure::Dawg(e),
            crate::Kind::Gaddag => Structure::Gaddag(e),
        };
        for (up, down) in [
            ("", "A"),
            ("A", ""),
            ("B", "D"),
            ("CA", ""),
            ("", "AB"),
            ("Z", ""),
            ("Q", ""),
            ("", "QQ"),
            ("BA", "X"),
        ] {
            let got = allowed(structure(edges), lex.top_index(), &t(up), &t(down), all);
            let want = expected(&a, &words, up, down);
            assert_eq!(got, want, "{:?} {up}_{down}", lex.kind());
            // Only the wanted tiles are reported.
            let only_b = 1 << t("B")[0];
            let got = allowed(structure(edges), lex.top_index(), &t(up), &t(down), only_b);
            assert_eq!(got, want & only_b, "{:?} {up}_{down} wanting B", lex.kind());
        }
    }
}

/// The tiles `x` for which `left x right` is part of a word of `words`,
/// by brute force.
fn expected_in_words(a: &Alphabet, words: &[&str], left: &str, right: &str) -> u64 {
    let mut set = 0;
    for t in 1..=a.len() as Tile {
        let part = format!("{left}{}{right}", a.tile(t).label);
        if words.iter().any(|w| w.contains(&part)) {
            set |= 1 << t;
        }
    }
    set
}

#[test]
fn the_cache_gives_the_sets_it_was_given() {
    // Every key of up to three letters over A, B, D and Z on each side,
    // twice (worked out, then read back), and again after the cache
    // was used with another lexicon: the same sets as `allowed` and
    // `in_words` on the spot, and as brute force. 7,224 keys per
    // lexicon, some of them sharing a slot.
    let a = Alphabet::english();
    let t = |s: &str| a.tokenize(s).unwrap();
    let lists = [
        vec![
            "AA", "AB", "AD", "BA", "BAD", "BED", "CAB", "DAB", "ZA", "ABBA", "BAZAAR",
        ],
        vec!["AB", "BA", "DAD", "ADZ", "ZZZ", "BAA"],
    ];
    let lexicons: Vec<(&Vec<&str>, Lexicon)> = lists
        .iter()
        .map(|words| (words, Lexicon::from_vec(compiled(words).gaddag).unwrap()))
        .collect();
    let all = tiles_mask(a.len() as Tile);
    let mut parts = vec![String::new()];
    for len in 1..=3 {
        let shorter: Vec<String> = parts
            .iter()
            .filter(|p| p.len() == len - 1)
            .cloned()
            .collect();
        for p in shorter {
            for c in ["A", "B", "D", "Z"] {
                parts.push(format!("{p}{c}"));
            }
        }
    }
    let mut cache = CrossCache::default();
    for (words, lex) in lexicons.iter().chain(&lexicons) {
        cache.use_lexicon(lex.id());
        let s = Structure::Gaddag(lex.edges());
        for pass in 0..2 {
            for up in &parts {
                for down in &parts {
                    if up.is_empty() && down.is_empty() {
                        continue;
                    }
                    let (u, d) = (t(up), t(down));
                    let want = [
                        allowed(s, lex.top_index(), &u, &d, all),
                        in_words(s, lex.top_index(), &u, &d, all),
                    ];
                    if pass == 0 {
                        assert_eq!(want[0], expected(&a, words, up, down), "{up}_{down}");
                        let brute = expected_in_words(&a, words, up, down);
                        assert_eq!(want[1], brute, "{up}_{down} in words");
                    }
                    let got = cache.sets(s, lex.top_index(), &u, &d, all);
                    assert_eq!(got, want, "{up}_{down}");
                }
            }
        }
    }
    // Keys tell the square's place apart, and long ones are not kept.
    assert_ne!(CrossCache::key(&t("A"), &[]), CrossCache::key(&[], &t("A")));
    assert_ne!(
        CrossCache::key(&t("AB"), &t("A")),
        CrossCache::key(&t("A"), &t("BA"))
    );
    let long = vec![1 as Tile; CrossCache::MAX_TILES + 1];
    assert_eq!(CrossCache::key(&long, &[]), None);
    assert!(CrossCache::key(&long[1..], &[]).is_some());
    // Debug output sums the slots up instead of listing them.
    let shown = format!("{cache:?}");
    assert!(shown.contains("kept") && shown.len() < 100, "{shown}");
}

/// Lanes kept for a board come back for that board and lexicon only,
/// equal to lanes worked out again; the oldest go first.
#[test]
fn kept_lanes_come_back_for_their_board_only() {
    use crate::position::Position;
    use crate::scoring::Classic;
    let a = Alphabet::english();
    let words = [
        "AA", "AB", "AD", "BA", "BAD", "BED", "CAB", "DAB", "ZA", "ABBA",
    ];
    let lex = Lexicon::from_vec(compiled(&words).gaddag).unwrap();
    let rules = Rules::default();
    let scoring = Classic::new(&rules, &a);
    let input = CrossInput {
        rules: &rules,
        scoring: &scoring,
        max_tile: a.len() as Tile,
        structure: Structure::Gaddag(lex.edges()),
        top: lex.top_index(),
        lexicon: lex.id(),
    };
    let mut cache = CrossCache::default();
    cache.use_lexicon(lex.id());
    let lanes_of = |board: &Board, cache: &mut CrossCache| {
        let mut l = [Lanes::default(), Lanes::default()];
        l[0].compute(board, Dir::Across, &input, cache);
        l[1].compute(board, Dir::Down, &input, cache);
        l
    };
    // Boards with BAD across at row 8 and one more tile, each elsewhere.
    let start = Position::parse_cgp(
        "15/15/15/15/15/15/15/6BAD6/15/15/15/15/15/15/15 AB/ 0/0 0",
        &a,
        15,
    )
    .unwrap()
    .board;
    let boards: Vec<Board> = (0..40)
        .map(|i| {
            let mut b = start.clone();
            let sq = (i / 15) * 2 * 15 + i % 15;
            b.set(sq / 15, sq % 15, 1);
            b
        })
        .collect();
    let key = (lex.id(), true);
    let mut kept = KeptLanes::default();
    for b in &boards {
        let l = lanes_of(b, &mut cache);
        kept.keep(key, b, &l[0], &l[1]);
    }
    let mut got = [Lanes::default(), Lanes::default()];
    let [across, down] = &mut got;
    for (i, b) in boards.iter().enumerate() {
        let back = kept.restore(key, b, across, down);
        // The first 8 were replaced by the last 8 (32 kept).
        assert_eq!(back, i >= boards.len() - KeptLanes::BOARDS, "board {i}");
        if back {
            let want = lanes_of(b, &mut cache);
            for (g, w) in [&*across, &*down].into_iter().zip(&want) {
                assert_eq!(g.squares, w.squares, "board {i}");
                assert_eq!(g.line_has_anchor, w.line_has_anchor, "board {i}");
                assert_eq!(g.n, 15);
            }
        }
    }
    // Another lexicon's, or the down lanes left out: not these.
    let last = boards.last().unwrap();
    assert!(!kept.restore((lex.id() + 1, true), last, across, down));
    assert!(!kept.restore((lex.id(), false), last, across, down));
    assert!(!kept.restore(key, &start, across, down));
}

#[test]
fn tiles_mask_covers_exactly_the_tiles() {
    assert_eq!(tiles_mask(1), 0b10);
    assert_eq!(tiles_mask(26), ((1u64 << 27) - 1) & !1);
    assert_eq!(tiles_mask(63), !1);
}

/// Lanes worked out from the last board's, only on the lines its changes
/// reach, equal lanes worked out from nothing, in both directions, on a
/// GADDAG and a DAWG: along the first 150 positions of ENABLE's stored
/// suite (a turn's play at a time), back again (tiles taken off), across
/// to another game and its blank suite, on an empty board and after it.
#[test]
fn lanes_from_the_last_boards_are_lanes_from_nothing() {
    use crate::position::Position;
    use crate::scoring::Classic;
    let root = env!("CARGO_MANIFEST_DIR");
    let a = Alphabet::english();
    let built = compile::enable_for_tests();
    let rules = Rules::default();
    let scoring = Classic::new(&rules, &a);
    let mut boards = Vec::new();
    for suite in ["enable", "enable-blank1"] {
        let cgp = std::fs::read_to_string(format!("{root}/benches/positions/{suite}.cgp")).unwrap();
        for line in cgp.lines().take(150) {
            boards.push(Position::from_cgp(line, &a).unwrap().board);
        }
    }
    let forth = boards[..150].to_vec();
    boards.extend(forth.into_iter().rev());
    boards.push(Board::new(15));
    boards.extend(boards[..20].to_vec());
    for bytes in [&built.gaddag, &built.dawg] {
        let lex = Lexicon::from_vec(bytes.clone()).unwrap();
        let structure = match lex.kind() {
            crate::Kind::Dawg => Structure::Dawg(lex.edges()),
            crate::Kind::Gaddag => Structure::Gaddag(lex.edges()),
        };
        let input = CrossInput {
            rules: &rules,
            scoring: &scoring,
            max_tile: a.len() as Tile,
            structure,
            top: lex.top_index(),
            lexicon: lex.id(),
        };
        let mut cache = CrossCache::default();
        cache.use_lexicon(lex.id());
        let mut kept = [Lanes::default(), Lanes::default()];
        let mut partly = 0;
        for (i, board) in boards.iter().enumerate() {
            for (l, dir) in kept.iter_mut().zip([Dir::Across, Dir::Down]) {
                let last = l.lexicon_of.map(|_| l.board_of.clone());
                l.compute(board, dir, &input, &mut cache);
                let mut fresh = Lanes::default();
                fresh.compute(board, dir, &input, &mut cache);
                assert_eq!(
                    l.squares,
                    fresh.squares,
                    "board {i}, {dir:?}, {:?}",
                    lex.kind()
                );
                assert_eq!(
                    l.line_has_anchor, fresh.line_has_anchor,
                    "board {i}, {dir:?}"
                );
                if let Some(old) = last.filter(|_| !board.is_empty()) {
                    let reached = lines_reached(&old, board.squares(), 15, dir);
                    partly += (reached.count_ones() < 15) as usize;
                }
            }
        }
        // Most steps work out only some lines.
        assert!(partly > boards.len(), "{partly} of {}", 2 * boards.len());
    }
}
