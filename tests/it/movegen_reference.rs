//! Both generators reproduce, exactly, the move lists of an independent
//! engine for the 406 reference positions: the 203 ENABLE ones shipped in
//! `tests/data/positions/`, and the 203 SOWPODS ones in `../shared/positions/`
//! (Collins cannot be shipped: those tests are ignored unless asked for).

use crate::common;
use lexgraph::Invalid;

use lexgraph::format::EdgeLayout;
use lexgraph::movegen::{Dir, Generator, Move, Options};
use lexgraph::position::Position;
use lexgraph::rules::Rules;
use lexgraph::{compile, Alphabet, Lexicon, WordList};

/// The list's DAWG and GADDAG, packed, with 32-bit aligned edges and with
/// masked nodes: the generators read each layout with its own compiled
/// reader.
fn lexicons(list: &str) -> Vec<Lexicon> {
    let path = common::word_list(list);
    let words = WordList::read(&path, &Alphabet::english(), Invalid::Refuse).unwrap();
    let mut out = Vec::new();
    for edges in [EdgeLayout::Packed, EdgeLayout::Aligned, EdgeLayout::Masked] {
        let files =
            compile::try_compile_with(&words, &compile::CompileOptions::default().edges(edges))
                .unwrap();
        for bytes in [files.gaddag, files.dawg] {
            let lex = Lexicon::from_vec(bytes).unwrap();
            let bits = lex.header().edge_bits();
            assert_eq!(bits == 32, edges != EdgeLayout::Packed, "{bits}-bit edges");
            assert_eq!(lex.header().masked(), edges == EdgeLayout::Masked);
            out.push(lex);
        }
    }
    out
}

/// `DIR ROW COL WORD SCORE`, as the reference files write a move.
fn line(m: &Move, a: &Alphabet) -> String {
    let dir = match m.dir {
        Dir::Across => "across",
        Dir::Down => "down",
    };
    format!("{dir} {} {} {} {}", m.row, m.col, m.word_text(a), m.score)
}

fn reference(name: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(common::positions_file(name)).unwrap();
    let mut out: Vec<Vec<String>> = Vec::new();
    for l in text.lines() {
        if l.starts_with("#pos") {
            out.push(Vec::new());
        } else if !l.trim().is_empty() {
            out.last_mut().unwrap().push(l.to_string());
        }
    }
    out
}

fn check(cgp: &str, moves: &str, list: &str) {
    let lexicons = lexicons(list);
    let a = Alphabet::english();
    let text = std::fs::read_to_string(common::positions_file(cgp)).unwrap();
    let expected = reference(moves);
    let positions: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(positions.len(), expected.len());
    let mut gen = Generator::new(Rules::default());
    let mut failures = Vec::new();
    for (k, (cgp, want)) in positions.iter().zip(&expected).enumerate() {
        let p = Position::parse_cgp(cgp, &a, 15).unwrap();
        // With and without the AVX-512 node scan (the same where the CPU
        // lacks it).
        for (lex, vector) in lexicons.iter().flat_map(|l| [(l, true), (l, false)]) {
            gen.set_vector_scan(vector);
            let mut got: Vec<String> = gen
                .generate_vec(lex, &p.board, p.rack(), &Options::default())
                .iter()
                .map(|m| line(m, &a))
                .collect();
            got.sort();
            if &got != want {
                let missing: Vec<_> = want.iter().filter(|w| !got.contains(w)).take(5).collect();
                let extra: Vec<_> = got.iter().filter(|g| !want.contains(g)).take(5).collect();
                failures.push(format!(
                    "{cgp} pos {k} via {:?} ({}-bit edges, vector scan {vector}): got {} want {}; missing {missing:?} extra {extra:?}",
                    lex.kind(),
                    lex.header().edge_bits(),
                    got.len(),
                    want.len()
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn sanity3_enable() {
    check("sanity3_enable.cgp", "sanity3_enable.moves", "enable1.txt");
}

#[test]
#[ignore = "needs ../shared/lexicons/sowpods.txt and ../shared/positions (run by .ci/run)"]
fn sanity3_sowpods() {
    check(
        "sanity3_sowpods.cgp",
        "sanity3_sowpods.moves",
        "sowpods.txt",
    );
}

#[test]
fn enable_200() {
    check("enable_s1_200.cgp", "enable_s1_200.moves", "enable1.txt");
}

#[test]
#[ignore = "needs ../shared/lexicons/sowpods.txt and ../shared/positions (run by .ci/run)"]
fn sowpods_200() {
    check("sowpods_s1_200.cgp", "sowpods_s1_200.moves", "sowpods.txt");
}
