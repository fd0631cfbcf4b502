//! The best plays by equity (`Generator::best`) are exactly the first of
//! every play ranked by equity: every placement from exhaustive generation,
//! every exchange the bag allows, and the pass, each valued independently
//! here. On the shipped ENABLE reference positions and on racks with blanks,
//! with both generators (and with and without the anagram index), for the
//! top 1 and the top 5, with both of Gordon's heuristics and a small table
//! of non-additive leave values; many plays, empty bags and openings in
//! both directions too.

use crate::common;
use lexgraph::equity::{Play, Ranked};
use lexgraph::leave::{equity, Gordon, LeaveTable, LeaveValue};
use lexgraph::rack::Rack;
use lexgraph::{
    compile, Alphabet, Generator, Invalid, Lexicon, Options, Position, Rules, WordList,
};

/// The GADDAG and the DAWG with their anagram index built (the search
/// bounds with it), the GADDAG with the index stored in the file, and the
/// GADDAG again without (the search builds it itself after
/// `AUTO_INDEX_AFTER` searches: every way is tested).
fn lexicons(a: &Alphabet) -> Vec<Lexicon> {
    let words = WordList::read(&common::word_list("enable1.txt"), a, Invalid::Refuse).unwrap();
    let files = compile::compile(&words);
    let stored = lexgraph::compile::add_anagram_index(files.gaddag.clone()).unwrap();
    let indexed = [
        Lexicon::from_vec(files.gaddag.clone()).unwrap(),
        Lexicon::from_vec(files.dawg).unwrap(),
        Lexicon::from_vec(stored).unwrap(),
    ];
    for lex in &indexed {
        assert!(!lex.anagram_index().is_empty());
    }
    let mut all = Vec::from(indexed);
    all.push(Lexicon::from_vec(files.gaddag).unwrap());
    all
}

fn positions(path: &std::path::Path, a: &Alphabet, every: usize) -> Vec<Position> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .step_by(every)
        .map(|l| Position::parse_cgp(l, a, 15).unwrap())
        .collect()
}

/// Every play of `p`, valued, sorted.
fn exhaustive(
    gen: &mut Generator,
    lex: &Lexicon,
    p: &Position,
    leaves: &impl LeaveValue,
    opts: &Options,
) -> Vec<Ranked> {
    let a = lex.alphabet();
    let rack = *p.rack();
    let bag = p.bag_len(a, 7);
    let opponent = if bag == 0 {
        p.unseen(a)
    } else {
        *p.racks[1].counts()
    };
    let rank = |play: Play, leave: Rack| Ranked {
        equity: equity(play.score(), leave.counts(), leaves, bag, &opponent, a),
        play,
        leave,
    };
    let mut all: Vec<Ranked> = gen
        .generate_vec(lex, &p.board, &rack, opts)
        .into_iter()
        .map(|m| {
            let mut leave = rack;
            for (_, _, sq) in m.placements() {
                let t = if sq & lexgraph::board::BLANK_FLAG != 0 {
                    0
                } else {
                    sq
                };
                leave.remove(t);
            }
            rank(Play::Place(m), leave)
        })
        .collect();
    // Exchanges, unless the rack has more leaves than `best` ranks them
    // for (2^20: see `Stats::exchanges_unranked`).
    if bag >= 7 && rack.len() <= 20 {
        for out in rack.sub_racks() {
            let mut keep = rack;
            for t in out.tiles() {
                keep.remove(t);
            }
            all.push(rank(Play::Exchange(out), keep));
        }
    }
    all.push(rank(Play::Pass, rack));
    all.sort_by(|x, y| x.rank_cmp(y));
    all
}

/// `best` against exhaustive ranking for each position, lexicon and
/// leave valuation, for the top `ns`; returns (anchors skipped, searched,
/// and where bingos with a blank were placed instead).
fn compare(
    lexicons: &[Lexicon],
    positions: &[Position],
    valuations: &[&dyn LeaveValue],
    ns: &[usize],
    opts: &Options,
) -> (usize, usize, usize) {
    let mut gen = Generator::new(Rules::default());
    let (mut skipped, mut searched, mut placed) = (0, 0, 0);
    for lex in lexicons {
        for (k, p) in positions.iter().enumerate() {
            for (v, leaves) in valuations.iter().enumerate() {
                let all = exhaustive(&mut gen, lex, p, leaves, opts);
                for &n in ns {
                    let (best, stats) = gen.best_with_stats(lex, p, leaves, n, opts);
                    let want = &all[..n.min(all.len())];
                    assert_eq!(
                        best,
                        want,
                        "position {k} via {:?}, valuation {v}, top {n}",
                        lex.kind()
                    );
                    skipped += stats.skipped;
                    searched += stats.searched;
                    placed += stats.bingos_placed;
                }
            }
        }
    }
    (skipped, searched, placed)
}

/// A small table of learned-looking values: far from additive (a blank
/// with an S worth more than both, a duplicate worth less than none), so
/// the best leave of each size and the best score rarely go together.
fn table(a: &Alphabet) -> LeaveTable {
    let csv = "?,28.3\nS,9.1\n?S,35.1\nERS,22.7\nERST,24.5\nQ,-7.7\nQU,-3.1\n\
               II,-9.4\nV,-6.2\nEE,-1.5\nAEIN,4.25\nZ,3.0\nX,4.5\nEIRST,26.0\nAEINST,30.2\n";
    LeaveTable::parse(csv, "inline", a).unwrap()
}

/// Returns the anchors where bingos with a blank were placed.
fn check(file: &std::path::Path, every: usize) -> usize {
    let a = Alphabet::english();
    let lexicons = lexicons(&a);
    let positions = positions(file, &a, every);
    let (h1, h2, t) = (Gordon::heuristic1(&a), Gordon::heuristic2(&a), table(&a));
    let (skipped, searched, placed) = compare(
        &lexicons,
        &positions,
        &[&h1, &h2, &t],
        &[1, 5],
        &Options::default(),
    );
    // The bound skips work: report it, and require some.
    eprintln!(
        "{}: {skipped} anchors skipped, {searched} searched, bingos with a blank placed at {placed}",
        file.display()
    );
    assert!(
        skipped > 0,
        "{skipped} anchors skipped, {searched} searched"
    );
    placed
}

/// Many plays wanted (kept all, sorted once), and the end of the game
/// (an empty bag: the leave settles the game instead of its value).
#[test]
fn many_plays_and_empty_bags_rank_as_every_play() {
    let a = Alphabet::english();
    let lexicons = lexicons(&a);
    let all = positions(&common::positions_file("enable_s1_200.cgp"), &a, 1);
    let ended: Vec<Position> = all
        .iter()
        .filter(|p| p.bag_len(&a, 7) == 0)
        .take(10)
        .cloned()
        .collect();
    assert!(!ended.is_empty(), "no position with an empty bag");
    let h2 = Gordon::heuristic2(&a);
    compare(&lexicons, &ended, &[&h2], &[1, 3], &Options::default());
    compare(&lexicons, &all[..20], &[&h2], &[100], &Options::default());
}

/// On an empty board with both directions listed, the down lanes are
/// ranked and searched too.
#[test]
fn openings_in_both_directions_rank_as_every_play() {
    let a = Alphabet::english();
    let lexicons = lexicons(&a);
    let positions: Vec<Position> = ["AEINRS?", "QUIZ", "ADEEGRU", "??", "EEIIOUU"]
        .iter()
        .map(|r| {
            let line = format!("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 {r}/ 0/0 0");
            Position::parse_cgp(&line, &a, 15).unwrap()
        })
        .collect();
    let (h2, t) = (Gordon::heuristic2(&a), table(&a));
    for both in [false, true] {
        let opts = Options::default().opening_both(both);
        compare(&lexicons, &positions, &[&h2, &t], &[1, 5], &opts);
    }
}

/// Racks of more tiles than a rack's worth (only plays of exactly seven
/// earn the bonus, and the bingo checks, which take the whole rack for a
/// bingo's tiles, are then not made): one and two tiles more on some
/// stored positions' racks, and a nine-tile opening rack. Nine tiles also
/// take the bounds past the eight fixed lanes they pair tiles with
/// multipliers in.
#[test]
fn racks_of_eight_and_nine_tiles_rank_as_every_play() {
    let a = Alphabet::english();
    let lexicons = lexicons(&a);
    let text = std::fs::read_to_string(common::positions_file("enable_s1_200.cgp")).unwrap();
    let mut more: Vec<Position> = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()).step_by(20) {
        // The mover's rack is the second field, before the '/'.
        let mut fields: Vec<String> = line.split(' ').map(String::from).collect();
        let Some((mine, theirs)) = fields[1].split_once('/') else {
            continue;
        };
        if mine.len() != 7 {
            continue;
        }
        let (mine, theirs) = (mine.to_string(), theirs.to_string());
        for extra in ["E", "ES"] {
            fields[1] = format!("{mine}{extra}/{theirs}");
            more.push(Position::parse_cgp(&fields.join(" "), &a, 15).unwrap());
        }
    }
    let opening = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST?S/ 0/0 0";
    more.push(Position::parse_cgp(opening, &a, 15).unwrap());
    assert!(more.len() >= 9, "only {} positions", more.len());
    assert!(more.iter().all(|p| p.rack().len() >= 8));
    let h2 = Gordon::heuristic2(&a);
    compare(&lexicons, &more, &[&h2], &[1, 5], &Options::default());
}

#[test]
fn the_best_plays_by_equity_are_those_of_exhaustive_ranking() {
    check(&common::positions_file("enable_s1_200.cgp"), 2);
}

/// With a blank on the rack, where only bingos that use it could rank,
/// the search places them from the rack's words (`Stats::bingos_placed`)
/// and searches the anchor without the blank: the plays are the same.

#[test]
fn the_best_plays_by_equity_with_blanks() {
    let path = crate::common::root().join("benches/positions/enable-blank1.cgp");
    let placed = check(&path, 10);
    assert!(placed > 0, "no bingo with a blank placed from the words");
}

/// The learned leave files of `../shared/leaves` read as their README says.
#[test]
#[ignore = "needs ../shared/leaves (run by .ci/run)"]
fn klv2_files_give_the_published_values() {
    use lexgraph::klv::Klv;
    let a = Alphabet::english();
    let dir = common::shared_dir().join("leaves");
    for (file, leaves, count) in [
        (
            "CSW21.klv2",
            &[
                ("?", 28.291),
                ("S", 9.106),
                ("Q", -7.653),
                ("ERST", 22.710),
                ("IIII", -34.669),
                ("?S", 35.059),
            ][..],
            Some(914_624),
        ),
        (
            "NWL20.klv2",
            &[("?", 24.505), ("S", 7.570), ("Q", -6.793), ("ERST", 19.639)][..],
            None,
        ),
    ] {
        let k = Klv::open(dir.join(file)).unwrap();
        if let Some(n) = count {
            assert_eq!(k.len(), n, "{file}");
        }
        for (leave, want) in leaves {
            let got = k.value(Rack::parse(leave, &a).unwrap().counts());
            assert!(
                (got - want).abs() < 0.0006,
                "{file} {leave}: {got}, want {want}"
            );
        }
        // A leave of seven tiles has no value (leaves are 1 to 6 tiles).
        assert_eq!(k.value(Rack::parse("AEINRST", &a).unwrap().counts()), 0.0);
    }
}

/// With learned leave values (CSW21's, on ENABLE positions: the values
/// need not fit the lexicon to test the search).
#[test]
#[ignore = "needs ../shared/leaves (run by .ci/run)"]
fn the_best_plays_with_learned_leaves_are_those_of_exhaustive_ranking() {
    let a = Alphabet::english();
    let klv = lexgraph::klv::Klv::open(common::shared_dir().join("leaves/CSW21.klv2")).unwrap();
    let lexicons = lexicons(&a);
    let stored = positions(&common::positions_file("enable_s1_200.cgp"), &a, 3);
    let (skipped, searched, _) = compare(&lexicons, &stored, &[&klv], &[1, 5], &Options::default());
    assert!(
        skipped > 0,
        "{skipped} anchors skipped, {searched} searched"
    );
    // Racks with a blank, where a blank kept is worth much: the bingos
    // with it are often all that could rank, and are placed from words.
    let blanks = crate::common::root().join("benches/positions/enable-blank1.cgp");
    let with_blanks = positions(&blanks, &a, 5);
    let (_, _, placed) = compare(
        &lexicons,
        &with_blanks,
        &[&klv],
        &[1, 5],
        &Options::default(),
    );
    assert!(placed > 0, "no bingo with a blank placed from the words");
}

/// A rack with more leaves than the search values at once (21 distinct
/// tiles: 2^21 leaves) is valued play by play, with no table and no
/// bounds: its placements and the pass rank exactly as every play does,
/// and its exchanges, left out, are said to be (`Stats::exchanges_unranked`).
/// Before, the table's size was allocated whatever it was (16 GB for a
/// 63-tile rack).
#[test]
fn racks_of_more_leaves_than_a_table_rank_play_by_play() {
    let a = Alphabet::english();
    let lexicons = lexicons(&a);
    let line = "15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 ABCDFGHJKLMNOPSTVWXYZ/ 0/0 0";
    let p = Position::parse_cgp(line, &a, 15).unwrap();
    assert_eq!(p.rack().len(), 21);
    let (h2, t) = (Gordon::heuristic2(&a), table(&a));
    let mut gen = Generator::new(Rules::default());
    let opts = Options::default();
    for lex in &lexicons[..2] {
        for leaves in [&h2 as &dyn LeaveValue, &t] {
            let all = exhaustive(&mut gen, lex, &p, &leaves, &opts);
            assert!(all.len() > 1000, "{} plays", all.len());
            for n in [1, 5] {
                let (best, stats) = gen.best_with_stats(lex, &p, &leaves, n, &opts);
                assert_eq!(best, all[..n], "{:?}, top {n}", lex.kind());
                assert!(stats.exchanges_unranked);
            }
        }
    }
}
