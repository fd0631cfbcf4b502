//! Inference: what the opponent kept, from what they played. Given the
//! position before their play and the play, every rack they could have
//! held is the tiles they placed plus a leave drawn from the tiles the
//! mover could not see; the leaves kept are those for which the play was
//! within `margin` of their best by static equity (as MAGPIE's `infer` and
//! Macondo's inference do). Each is weighted by the number of ways it can
//! be drawn, and the simulator then deals the opponent one of them
//! ([`crate::analysis::sim::Simulator::with_inference`]).
//!
//! ```
//! use lexgraph::{compile, Alphabet, Generator, Lexicon, Position, Rules, WordList};
//! use lexgraph::analysis::infer::{find_play, infer};
//! use lexgraph::strategy::Leaves;
//! let a = Alphabet::english();
//! let words = WordList::parse(b"qi\nqis\n", "inline", &a, lexgraph::Invalid::Refuse)?;
//! let lex = Lexicon::from_vec(compile::compile(&words).gaddag)?;
//! let mut gen = Generator::new(Rules::default());
//! // Before the opponent's QI, from the mover's side.
//! let before = Position::parse_cgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 EEEEEEE/ 0/0 0", &a, 15)?;
//! let play = find_play(&mut gen, &lex, &before, "8G QI", 22)?;
//! // A greedy opponent holding an S would have played QIS for 24.
//! let inferred = infer(&mut gen, &lex, &before, &play, &Leaves::Zero, 0.0)?;
//! assert!(inferred.leaves.iter().all(|(leave, _)| leave.counts()[19] == 0));
//! # Ok::<(), lexgraph::Error>(())
//! ```

use rayon::prelude::*;

use crate::alphabet::Tile;
use crate::board::{tile_of, BLANK_FLAG};
use crate::error::{Error, Result};
use crate::leave::LeaveValue;
use crate::lexicon::Lexicon;
use crate::movegen::{Generator, Move, Options};
use crate::play::{BlankCase, Notation};
use crate::position::Position;
use crate::rack::Rack;
use crate::strategy::Leaves;

/// The most leaves an inference weighs (a one-tile play leaves six tiles
/// to guess: some 700,000 leaves on a full bag).
pub const MAX_LEAVES: usize = 1_000_000;

/// The leaves the opponent may have kept, with their weights (ways to
/// draw them), in the order enumerated.
#[derive(Clone, Debug, PartialEq)]
pub struct Inference {
    /// Leaves consistent with the play, and their weights.
    pub leaves: Vec<(Rack, f64)>,
    /// Leaves weighed in all.
    pub considered: usize,
}

/// The opponent's play `text` (`8G QI`, as `moves` writes it) on the board
/// of `before`, checked to score `score`.
pub fn find_play(
    gen: &mut Generator,
    lex: &Lexicon,
    before: &Position,
    text: &str,
    score: i32,
) -> Result<Move> {
    let alphabet = lex.alphabet();
    let n = Notation::parse(text, alphabet)?;
    // Every tile the word names: a superset of those placed.
    let mut rack = Rack::default();
    for &sq in n.word.iter().filter(|&&sq| sq != 0) {
        rack.add(if sq & BLANK_FLAG != 0 { 0 } else { tile_of(sq) });
    }
    let mut moves = Vec::new();
    gen.generate(
        lex,
        &before.board,
        &rack,
        &Options::default().opening_both(true),
        &mut moves,
    );
    let found: Vec<Move> = moves
        .into_iter()
        .filter(|m| n.names(&before.board, m, BlankCase::AsWritten))
        .collect();
    let Some(m) = found.first() else {
        return Err(Error::Play(format!(
            "{text} is not a legal play on the board before it"
        )));
    };
    if m.score != score {
        return Err(Error::Play(format!(
            "{text} scores {} on that board, not {score}",
            m.score
        )));
    }
    Ok(*m)
}

/// The leaves the opponent may have kept when they played `play` on the
/// board of `before` (`before` from the mover's side: its rack is the
/// mover's, which the opponent could not have held), their moves ranked by
/// `leaves`, within `margin` points of their best.
pub fn infer(
    gen: &mut Generator,
    lex: &Lexicon,
    before: &Position,
    play: &Move,
    leaves: &Leaves,
    margin: f32,
) -> Result<Inference> {
    let alphabet = lex.alphabet();
    let rack_size = gen.rules().rack_size;
    let mut pool = before.unseen(alphabet);
    let mut placed = Rack::default();
    for (_, _, sq) in play.placements() {
        let t = if sq & BLANK_FLAG != 0 { 0 } else { tile_of(sq) };
        if pool[t as usize] == 0 {
            return Err(Error::Play(
                "the play uses a tile the opponent cannot have held".into(),
            ));
        }
        pool[t as usize] -= 1;
        placed.add(t);
    }
    let left: usize = pool.iter().map(|&c| c as usize).sum();
    // With the bag empty both racks are known: nothing to infer.
    if left <= rack_size {
        return Err(Error::Query(
            "the bag was empty before the play: the opponent's rack is known".into(),
        ));
    }
    let k = (rack_size - placed.len()).min(left);
    let mut all = Vec::new();
    multisets(&pool, k, &mut Rack::default(), 0, &mut all)?;
    let considered = all.len();
    let opts = Options::default();
    let rules = gen.rules().clone();
    let kept: Vec<Option<(Rack, f64)>> = all
        .par_iter()
        .map_init(
            || Generator::new(rules.clone()),
            |g, leave| {
                let mut rack = placed;
                for t in leave.tiles() {
                    rack.add(t);
                }
                let theirs = Position {
                    board: before.board.clone(),
                    racks: [rack, Rack::default()],
                    scores: [before.scores[1], before.scores[0]],
                    zero_turns: before.zero_turns,
                    players: 2,
                    lexicon: None,
                    opcodes: Vec::new(),
                };
                let best = g.best(lex, &theirs, leaves, 1, &opts);
                let top = best.first().map_or(f32::NEG_INFINITY, |r| r.equity);
                let this = play.score as f32 + leaves.value(leave.counts());
                (this + margin >= top).then(|| (*leave, ways(&pool, leave)))
            },
        )
        .collect();
    Ok(Inference {
        leaves: kept.into_iter().flatten().collect(),
        considered,
    })
}

/// Every multiset of `k` tiles within `pool`, tile by tile from `from`.
fn multisets(
    pool: &[u8; 64],
    k: usize,
    cur: &mut Rack,
    from: usize,
    out: &mut Vec<Rack>,
) -> Result<()> {
    if k == 0 {
        if out.len() >= MAX_LEAVES {
            return Err(Error::Query(format!(
                "more than {MAX_LEAVES} leaves to weigh: too many to infer"
            )));
        }
        out.push(*cur);
        return Ok(());
    }
    for t in from..64 {
        if pool[t] as usize > cur.counts()[t] as usize {
            cur.add(t as Tile);
            multisets(pool, k - 1, cur, t, out)?;
            cur.remove(t as Tile);
        }
    }
    Ok(())
}

/// The ways to draw `leave` from `pool`: the product of C(pool_t, leave_t).
fn ways(pool: &[u8; 64], leave: &Rack) -> f64 {
    let mut w = 1.0;
    for (t, &n) in leave.counts().iter().enumerate() {
        for i in 0..n as usize {
            w *= (pool[t] as usize - i) as f64 / (i + 1) as f64;
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::testing::small_gaddag;
    use crate::{Alphabet, Rules};

    fn at(cgp: &str, a: &Alphabet) -> Position {
        Position::parse_cgp(cgp, a, 15).unwrap()
    }

    #[test]
    fn every_leave_kept_makes_the_play_best_and_no_other_does() {
        let lex = small_gaddag();
        let a = lex.alphabet();
        let mut gen = Generator::new(Rules::default());
        let before = at(
            "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AAAAAAA/ 0/0 0",
            a,
        );
        let mut moves = Vec::new();
        let rack = Rack::parse("AETT", a).unwrap();
        gen.generate(&lex, &before.board, &rack, &Options::default(), &mut moves);
        let m = *moves.iter().find(|m| m.notation(a) == "8E TEAT").unwrap();
        let found = find_play(&mut gen, &lex, &before, "8E TEAT", m.score).unwrap();
        assert_eq!(found, m);
        let wrong = find_play(&mut gen, &lex, &before, "8E TEAT", m.score + 1);
        assert!(wrong.err().unwrap().to_string().contains("scores"));
        assert!(find_play(&mut gen, &lex, &before, "8E TEAX", 8).is_err());
        let leaves = Leaves::parse("gordon2", a).unwrap();
        let inf = infer(&mut gen, &lex, &before, &m, &leaves, 0.0).unwrap();
        assert!(!inf.leaves.is_empty() && inf.leaves.len() < inf.considered);
        // Brute force: every leave of 5 from the pool, judged again.
        let mut pool = before.unseen(a);
        for t in rack.tiles() {
            pool[t as usize] -= 1;
        }
        let mut all = Vec::new();
        multisets(&pool, 3, &mut Rack::default(), 0, &mut all).unwrap();
        assert_eq!(all.len(), inf.considered);
        let kept: std::collections::HashSet<Rack> = inf.leaves.iter().map(|l| l.0).collect();
        for leave in &all {
            let mut held = *leave;
            for t in rack.tiles() {
                held.add(t);
            }
            let theirs = Position {
                board: before.board.clone(),
                racks: [held, Rack::default()],
                scores: [0, 0],
                zero_turns: 0,
                players: 2,
                lexicon: None,
                opcodes: Vec::new(),
            };
            let top = gen.best(&lex, &theirs, &leaves, 1, &Options::default())[0].equity;
            let this = m.score as f32 + leaves.value(leave.counts());
            assert_eq!(kept.contains(leave), this >= top, "{}", leave.to_text(a));
        }
    }

    #[test]
    fn a_forced_leave_is_the_only_one() {
        // A greedy opponent who played QI for 22 on the empty board held no
        // S (QIS scores 24); of a pool of Q I S and many E, every leave
        // kept is all E.
        let a = Alphabet::english();
        let words = crate::WordList::parse(b"qi\nqis\n", "t", &a, crate::Invalid::Refuse).unwrap();
        let lex = Lexicon::from_vec(crate::compile::compile(&words).gaddag).unwrap();
        let mut gen = Generator::new(Rules::default());
        let before = at(
            "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AAAAAAA/ 0/0 0",
            &a,
        );
        let m = find_play(&mut gen, &lex, &before, "8G QI", 22).unwrap();
        let inf = infer(&mut gen, &lex, &before, &m, &Leaves::Zero, 0.0).unwrap();
        assert!(inf.leaves.iter().all(|(l, _)| l.counts()[19] == 0));
        assert!(inf.leaves.iter().any(|(l, _)| l.len() == 5));
        // Within a margin of 2 points, QI is as good as QIS: S leaves too.
        let loose = infer(&mut gen, &lex, &before, &m, &Leaves::Zero, 2.0).unwrap();
        assert!(loose.leaves.iter().any(|(l, _)| l.counts()[19] == 1));
        assert_eq!(loose.leaves.len(), loose.considered);
        // Weights: the ways to draw a leave.
        let mut pool = [0u8; 64];
        pool[5] = 12;
        pool[19] = 4;
        let mut ee = Rack::default();
        ee.add(5);
        ee.add(5);
        ee.add(19);
        assert_eq!(ways(&pool, &ee), 66.0 * 4.0);
    }
}
