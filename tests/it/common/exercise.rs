//! Every query on a possibly corrupt lexicon, shared by the corrupt-file
//! tests (`tests/lexicon_corrupt.rs`) and the `lexicon` fuzz target
//! (`tests/fuzz`, which includes this file by path): a query added to the
//! library is added here once and both exercise it.

use lexgraph::movegen::{Generator, Move, Options};
use lexgraph::position::Position;
use lexgraph::rules::Rules;
use lexgraph::{Lexicon, Tile};

/// Runs every query on `lex` (`probes` as tile sequences, streams and move
/// lists read up to `limit` items); returns a summary so the work is not
/// optimized away. Must neither panic nor run away, whatever the bytes.
pub fn exercise(lex: &Lexicon, probes: &[Vec<Tile>], limit: usize) -> usize {
    let mut n = 0;
    for w in probes {
        n += lex.contains_tiles(w) as usize;
        for split in 1..=w.len() {
            n += lex.has_split_path(w, split) as usize;
        }
    }
    n += lex.contains("care") as usize + lex.contains("") as usize;
    n += lex.words().take(limit).map(|w| w.len()).sum::<usize>();
    // A corrupt alphabet may not spell the query: an error, not a panic.
    n += lex
        .words_with_prefix("CA")
        .map_or(0, |w| w.take(limit / 10).count());
    // These collect every match, up to a budget of the header's word count
    // times its longest word (more means corruption): a header claiming
    // billions of words for a few kilobytes of edges would let them fill
    // memory before the budget runs out, as the list would if it were true.
    // Only plausible claims are queried (ENABLE: 1.4 words an edge).
    let h = lex.header();
    if h.words <= 64 * h.edges.max(1) {
        n += lex
            .anagram("AEINRST?", lexgraph::query::Partial::No)
            .map_or(0, |v| v.len());
        n += lex
            .anagram("CARES?", lexgraph::query::Partial::Yes)
            .map_or(0, |v| v.len());
        n += lex.pattern("C?T*").map_or(0, |v| v.len());
        n += lex.pattern("*E*").map_or(0, |v| v.len());
    }
    // Move generation reads edges unchecked (behind the length cap) and
    // prefetches targets: on any bytes it must stay in bounds and finish,
    // and every move it lists must spell with the alphabet (an edge's tile
    // field may name no tile, and a blank must not stand for it).
    for cgp in [
        "15/15/15/15/15/15/15/5CARE6/15/15/15/15/15/15/15 ACERST?/ 0/0 0",
        "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRS?/ 0/0 0",
    ] {
        if let Ok(p) = Position::parse_cgp(cgp, lex.alphabet(), 15) {
            let mut gen = Generator::new(Rules::default());
            // A file that accepts nearly every string yields tens of millions
            // of moves: look at the first `limit`, count the rest, keep none.
            let (mut seen, mut text) = (0usize, 0usize);
            let mut sink = |m: &Move| {
                if seen < limit {
                    text += m.notation(lex.alphabet()).len();
                }
                seen += 1;
            };
            gen.generate(lex, &p.board, p.rack(), &Options::default(), &mut sink);
            n += text + seen;
            // The best-move search reads the anagram index, stored in the
            // file or not (an index section is read only through it).
            if seen <= limit {
                let leaves = lexgraph::leave::Gordon::heuristic2(lex.alphabet());
                n += gen.best(lex, &p, &leaves, 3, &Options::default()).len();
            }
        }
    }
    n
}
