//! The best plays by equity (`Generator::best`) are exactly the first of
//! every play ranked by equity: every placement from exhaustive generation,
//! every exchange the bag allows, and the pass, each valued independently
//! here. On the shipped ENABLE reference positions and on racks with blanks,
//! with both generators, for the top 1 and the top 5, with both of Gordon's
//! heuristics.

use crate::common;
use lexgraph::board::Rack;
use lexgraph::equity::{Play, Ranked};
use lexgraph::leave::{equity, Gordon, LeaveValue};
use lexgraph::{
    compile, Alphabet, Generator, Invalid, Lexicon, Options, Position, Rules, WordList,
};

fn lexicons(a: &Alphabet) -> Vec<Lexicon> {
    let words = WordList::read(&common::word_list("enable1.txt"), a, Invalid::Refuse).unwrap();
    let files = compile::compile(&words);
    vec![
        Lexicon::from_vec(files.gaddag).unwrap(),
        Lexicon::from_vec(files.dawg).unwrap(),
    ]
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
        .generate_vec(lex, &p.board, &rack, &Options::default())
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
    if bag >= 7 {
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

fn check(file: &std::path::Path, every: usize) {
    let a = Alphabet::english();
    let lexicons = lexicons(&a);
    let positions = positions(file, &a, every);
    let mut gen = Generator::new(Rules::default());
    let (mut skipped, mut searched) = (0, 0);
    let heuristics = [Gordon::heuristic1(&a), Gordon::heuristic2(&a)];
    for lex in &lexicons {
        for (k, p) in positions.iter().enumerate() {
            for leaves in &heuristics {
                let all = exhaustive(&mut gen, lex, p, leaves);
                for n in [1, 5] {
                    let (best, stats) = gen.best_with_stats(lex, p, leaves, n, &Options::default());
                    let want = &all[..n.min(all.len())];
                    assert_eq!(best, want, "position {k} via {:?}, top {n}", lex.kind());
                    skipped += stats.skipped;
                    searched += stats.searched;
                }
            }
        }
    }
    // The bound skips work: report it, and require some.
    eprintln!(
        "{}: {skipped} lanes skipped, {searched} searched",
        file.display()
    );
    assert!(skipped > 0, "{skipped} lanes skipped, {searched} searched");
}

#[test]
fn the_best_plays_by_equity_are_those_of_exhaustive_ranking() {
    check(&common::positions_file("enable_s1_200.cgp"), 2);
}

#[test]
fn the_best_plays_by_equity_with_blanks() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("benches/positions/enable-blank1.cgp");
    check(&path, 10);
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
