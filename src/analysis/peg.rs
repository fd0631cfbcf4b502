//! Pre-endgames: one or two tiles in the bag. Each candidate play, for
//! every way the bag may hold its tiles, ends in endgames [solved
//! exactly](super::endgame).
//!
//! The mover sees the tiles left unseen: the opponent's rack and the bag's
//! tiles, in some split. A *scenario* is the bag's tiles in the order they
//! will be drawn, weighted by how many ways the unseen tiles give it (a
//! tile unseen twice is twice as likely to be the one in the bag).
//!
//! - **One tile in the bag.** A placement draws it: the mover holds the
//!   tile `t`, the opponent the rest, and the opponent moves first in an
//!   endgame of perfect information.
//! - **Two tiles, a play of two tiles or more**: it draws both, and the
//!   same holds for each pair of bag tiles.
//! - **Two tiles, a play of one tile**: the mover draws the first, one
//!   tile stays in the bag, and now the *opponent* faces a one-tile
//!   pre-endgame without knowing which of the tiles they cannot see is in
//!   the bag. They answer as this solver would: with the best of their
//!   `replies` highest-scoring placements by their own one-tile pre-endgame
//!   (win rate, then mean spread), which draws the last tile; the scenario's
//!   result is that answer's endgame for the tile the bag really held. An
//!   opponent with no placement passes, and the mover answers in the same
//!   way (no placement on either side: the scoreless turns end the game).
//!
//! A candidate's result is its win rate over the scenarios (a draw
//! counting half), then its mean final spread; candidates are ranked by win
//! rate, then spread. Candidates are placements (the highest-scoring, or
//! given): an exchange needs a full rack's worth in the bag, and a pass
//! hands the opponent the same pre-endgame, not an endgame. The model
//! assumes a player with a placement makes one: passing to wait is not
//! searched, on either side.
//!
//! ```no_run
//! use lexgraph::{Generator, Lexicon, Position, Rules};
//! use lexgraph::analysis::endgame::Settings;
//! use lexgraph::analysis::peg::Pregame;
//! use std::sync::atomic::AtomicBool;
//! let lex = Lexicon::open("enable.gaddag")?;
//! let pos = Position::from_cgp("... one or two tiles in the bag ...", lex.alphabet())?;
//! let peg = Pregame::new(&lex, Rules::default(), &pos)?;
//! let plays = peg.candidates(&mut Generator::new(Rules::default()), 10);
//! for r in peg.solve(plays, &Settings::default(), &AtomicBool::new(false))? {
//!     println!("{:?} wins {:.1} %, spread {:+.1}", r.play, 100.0 * r.win_rate(), r.mean_spread());
//! }
//! # Ok::<(), lexgraph::Error>(())
//! ```

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use rayon::prelude::*;

use super::endgame::{Endgame, Settings};
use crate::alphabet::Tile;
use crate::board::Board;
use crate::equity::Play;
use crate::error::{Error, Result};
use crate::game::SCORELESS_TURNS;
use crate::lexicon::Lexicon;
use crate::movegen::{Generator, Move, Options};
use crate::position::Position;
use crate::rack::Rack;
use crate::rules::Rules;

/// The opponent's placements weighed, by default, when they answer a
/// one-tile play with two tiles in the bag.
pub const DEFAULT_REPLIES: usize = 5;

/// One scenario's endgame after a candidate.
#[derive(Clone, Debug, PartialEq)]
pub struct Draw {
    /// The bag's tiles in the order they are drawn: one, or two. For a
    /// play that draws both, the pair in the alphabet's order (the order
    /// does not matter then).
    pub bag: Vec<Tile>,
    /// Its weight: with one tile in the bag, how many of that tile are
    /// unseen; with two, how many ordered draws of two unseen tiles give
    /// it (a pair drawn together counts both orders).
    pub weight: u32,
    /// The final spread from the mover's side, best play on both sides.
    pub spread: i32,
    /// Whether every endgame it took was solved exactly (no time limit cut
    /// one short).
    pub exact: bool,
    /// With two tiles in the bag and a one-tile candidate: the opponent's
    /// answer (`Play::Pass` when they have no placement).
    pub reply: Option<Play>,
}

/// A candidate's results over the scenarios.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The play.
    pub play: Play,
    /// One endgame result per scenario.
    pub draws: Vec<Draw>,
}

impl Candidate {
    fn weight(&self) -> f64 {
        self.draws.iter().map(|d| d.weight as f64).sum()
    }

    fn weighted(&self, f: impl Fn(&Draw) -> f64) -> f64 {
        // An empty sum is -0.0: start from +0.0.
        self.draws
            .iter()
            .fold(0.0, |s, d| s + d.weight as f64 * f(d))
            / self.weight()
    }

    /// Wins over the scenarios (weighted), a draw counting half, 0 to 1.
    pub fn win_rate(&self) -> f64 {
        self.weighted(|d| match d.spread.signum() {
            1 => 1.0,
            0 => 0.5,
            _ => 0.0,
        })
    }

    /// Weighted share of draws (ties), 0 to 1.
    pub fn draw_rate(&self) -> f64 {
        self.weighted(|d| if d.spread == 0 { 1.0 } else { 0.0 })
    }

    /// The mean final spread, weighted by the scenarios.
    pub fn mean_spread(&self) -> f64 {
        self.weighted(|d| d.spread as f64)
    }

    /// Whether every endgame was solved exactly.
    pub fn exact(&self) -> bool {
        self.draws.iter().all(|d| d.exact)
    }
}

/// A position with one or two tiles in the bag.
pub struct Pregame<'a> {
    lex: &'a Lexicon,
    rules: Rules,
    position: Position,
    /// The unseen tiles by count: the opponent's rack and the bag's tiles.
    unseen: [u8; 64],
    /// Tiles in the bag: 1 or 2.
    bag: usize,
    replies: usize,
}

impl<'a> Pregame<'a> {
    /// The pre-endgame of `pos`, whose bag must hold one tile or two (the
    /// opponent's rack is then unknown: the CGP's is ignored).
    pub fn new(lex: &'a Lexicon, rules: Rules, pos: &Position) -> Result<Pregame<'a>> {
        let a = lex.alphabet();
        if rules.stacks() {
            return Err(Error::Query(
                "the pre-endgame solver plays the crossword game, not stacked tiles".into(),
            ));
        }
        let mut position = pos.clone();
        position.racks[1] = Rack::default();
        position.validate(a, rules.rack_size)?;
        let bag = position.bag_len(a, rules.rack_size);
        if !(1..=2).contains(&bag) {
            return Err(Error::Query(format!(
                "{bag} tile(s) in the bag: a pre-endgame has one or two (the endgame solver \
                 takes none, simulation more)"
            )));
        }
        if position.rack().is_empty() {
            return Err(Error::Query("the mover's rack is empty".into()));
        }
        let unseen = position.unseen(a);
        Ok(Pregame {
            lex,
            rules,
            position,
            unseen,
            bag,
            replies: DEFAULT_REPLIES,
        })
    }

    /// The pre-endgame of the mover's rack and board in `pos` (its bag and
    /// opponent's rack ignored) with `unseen` the tiles the mover cannot
    /// see, `bag` (1 or 2) of which are in the bag: for racks that are not
    /// a full distribution's (tests, variants, the opponent's side of a
    /// two-tile pre-endgame). The opponent holds at least one tile.
    pub fn with_unseen(
        lex: &'a Lexicon,
        rules: Rules,
        pos: &Position,
        unseen: &Rack,
        bag: usize,
    ) -> Result<Pregame<'a>> {
        if rules.stacks() || pos.rack().is_empty() || !(1..=2).contains(&bag) || unseen.len() <= bag
        {
            return Err(Error::Query(
                "a pre-endgame of the crossword game needs a rack, one or two tiles in the bag \
                 and more unseen tiles than that"
                    .into(),
            ));
        }
        let mut position = pos.clone();
        position.racks[1] = Rack::default();
        Ok(Pregame {
            lex,
            rules,
            position,
            unseen: *unseen.counts(),
            bag,
            replies: DEFAULT_REPLIES,
        })
    }

    /// Tiles in the bag: 1 or 2.
    pub fn bag(&self) -> usize {
        self.bag
    }

    /// How many of the opponent's highest-scoring placements are weighed
    /// when they answer a one-tile play with two tiles in the bag (at least
    /// one; [`DEFAULT_REPLIES`] unless set). Each costs an endgame per tile
    /// they cannot see, for every pair of bag tiles.
    pub fn set_replies(&mut self, replies: usize) {
        self.replies = replies.max(1);
    }

    /// The `k` highest-scoring placements, best first (with one or two
    /// tiles left, what is kept matters as the endgame does, not as leave
    /// values say).
    pub fn candidates(&self, gen: &mut Generator, k: usize) -> Vec<Move> {
        self.candidates_with(gen, k, 0)
    }

    /// The `k` highest-scoring placements and, after them, the `one_tile`
    /// highest-scoring one-tile placements not among them: with two tiles
    /// in the bag, a one-tile play keeps one there for the opponent to
    /// face, and seldom scores enough to be among the first `k`.
    pub fn candidates_with(&self, gen: &mut Generator, k: usize, one_tile: usize) -> Vec<Move> {
        let (board, rack) = (&self.position.board, self.position.rack());
        let mut all = top_placements(self.lex, gen, board, rack, usize::MAX);
        let singles: Vec<Move> = all[k.min(all.len())..]
            .iter()
            .filter(|m| m.tiles_placed() == 1)
            .take(one_tile)
            .copied()
            .collect();
        all.truncate(k);
        all.extend(singles);
        all
    }

    /// Solves every candidate over every scenario, each endgame as
    /// `settings` says; ranked by win rate, then mean spread, then the
    /// candidates' order.
    pub fn solve(
        &self,
        candidates: Vec<Move>,
        settings: &Settings,
        stop: &AtomicBool,
    ) -> Result<Vec<Candidate>> {
        self.solve_with_progress(candidates, settings, stop, |_, _| {})
    }

    /// [`solve`](Self::solve), calling `progress(done, total)` as each
    /// (candidate, bag) task is finished, from whichever thread did it:
    /// a task is one endgame, or with two tiles in the bag and a one-tile
    /// play, the opponent's pre-endgame.
    pub fn solve_with_progress(
        &self,
        candidates: Vec<Move>,
        settings: &Settings,
        stop: &AtomicBool,
        progress: impl Fn(usize, usize) + Sync,
    ) -> Result<Vec<Candidate>> {
        if candidates.is_empty() {
            return Err(Error::Query("no candidate play to solve".into()));
        }
        let u = &self.unseen;
        let tiles: Vec<Tile> = (0..64u8).filter(|&t| u[t as usize] > 0).collect();
        // Bag contents without order: single tiles, or pairs a <= b.
        let bags: Vec<Vec<Tile>> = if self.bag == 1 {
            tiles.iter().map(|&t| vec![t]).collect()
        } else {
            let mut pairs = Vec::new();
            for (i, &a) in tiles.iter().enumerate() {
                for &b in &tiles[i..] {
                    if a != b || u[a as usize] >= 2 {
                        pairs.push(vec![a, b]);
                    }
                }
            }
            pairs
        };
        let tasks: Vec<(usize, usize)> = (0..candidates.len())
            .flat_map(|c| (0..bags.len()).map(move |b| (c, b)))
            .collect();
        let done = AtomicUsize::new(0);
        let draws: Vec<Result<Vec<Draw>>> = tasks
            .par_iter()
            .map(|&(c, b)| {
                let d = self.scenarios(&candidates[c], &bags[b], settings, stop);
                progress(done.fetch_add(1, Ordering::Relaxed) + 1, tasks.len());
                d
            })
            .collect();
        let mut results: Vec<(usize, Candidate)> = candidates
            .iter()
            .enumerate()
            .map(|(i, m)| {
                (
                    i,
                    Candidate {
                        play: Play::Place(*m),
                        draws: Vec::new(),
                    },
                )
            })
            .collect();
        for (&(c, _), d) in tasks.iter().zip(draws) {
            results[c].1.draws.extend(d?);
        }
        results.sort_by(|(i, x), (j, y)| {
            y.win_rate()
                .total_cmp(&x.win_rate())
                .then(y.mean_spread().total_cmp(&x.mean_spread()))
                .then(i.cmp(j))
        });
        Ok(results.into_iter().map(|(_, r)| r).collect())
    }

    /// How many ways the unseen tiles put `first` then `second` in the bag.
    fn ordered_weight(&self, first: Tile, second: Tile) -> u32 {
        let (a, b) = (
            self.unseen[first as usize] as u32,
            self.unseen[second as usize] as u32,
        );
        a * if first == second { b - 1 } else { b }
    }

    /// The scenarios after `m` when the bag holds `bag` (one tile, or a
    /// pair in the alphabet's order).
    fn scenarios(
        &self,
        m: &Move,
        bag: &[Tile],
        settings: &Settings,
        stop: &AtomicBool,
    ) -> Result<Vec<Draw>> {
        let p = &self.position;
        let spread = p.scores[0] - p.scores[1] + m.score;
        let scoreless = if m.score == 0 { p.zero_turns + 1 } else { 0 };
        let mut board = p.board.clone();
        m.apply(&mut board);
        let mut kept = *p.rack();
        m.take_from(&mut kept);
        let mut theirs = Rack::default();
        let mut left = self.unseen;
        for &t in bag {
            left[t as usize] -= 1;
        }
        for (t, &n) in left.iter().enumerate() {
            for _ in 0..n {
                theirs.add(t as Tile);
            }
        }
        // The rack is refilled from the bag (with a full rack: one tile a
        // tile placed).
        let drawn = self
            .rules
            .rack_size
            .saturating_sub(kept.len())
            .min(bag.len());
        if drawn == bag.len() {
            // The bag is empty after the play: an endgame.
            let weight = match *bag {
                [t] => self.unseen[t as usize] as u32,
                [a, b] if a == b => self.ordered_weight(a, b),
                [a, b] => 2 * self.ordered_weight(a, b),
                _ => unreachable!("one tile or two in the bag"),
            };
            let mut mine = kept;
            bag.iter().for_each(|&t| mine.add(t));
            let (value, exact) = self.endgame(board, [theirs, mine], scoreless, settings, stop)?;
            return Ok(vec![Draw {
                bag: bag.to_vec(),
                weight,
                spread: spread - value,
                exact,
                reply: None,
            }]);
        }
        // One tile of two drawn: either may be the one drawn.
        let orders: Vec<[Tile; 2]> = if bag[0] == bag[1] {
            vec![[bag[0], bag[1]]]
        } else {
            vec![[bag[0], bag[1]], [bag[1], bag[0]]]
        };
        let position = |rack: Rack, scores: [i32; 2], zero_turns: u32| Position {
            scores,
            zero_turns,
            ..Position::new(board.clone(), rack)
        };
        let value = |r: &Rack| self.tiles_value(r);
        if scoreless >= SCORELESS_TURNS {
            // A sixth scoreless turn: the game is over, the bag as it is.
            return Ok(orders
                .iter()
                .map(|&[first, last]| {
                    let mut mine = kept;
                    mine.add(first);
                    Draw {
                        bag: vec![first, last],
                        weight: self.ordered_weight(first, last),
                        spread: spread - value(&mine) + value(&theirs),
                        exact: true,
                        reply: None,
                    }
                })
                .collect());
        }
        let mut gen = Generator::new(self.rules.clone());
        // What the opponent cannot see: the mover's tiles and the bag's.
        let mut hidden = kept;
        bag.iter().for_each(|&t| hidden.add(t));
        let answer = self.best_reply(
            &mut gen,
            &position(theirs, [0, spread], scoreless),
            &hidden,
            settings,
            stop,
        )?;
        let mut out = Vec::new();
        for [first, last] in orders {
            let weight = self.ordered_weight(first, last);
            let mut mine = kept;
            mine.add(first);
            let draw = |spread: i32, exact: bool, reply: Play| Draw {
                bag: vec![first, last],
                weight,
                spread,
                exact,
                reply: Some(reply),
            };
            if let Some((best, exact)) = &answer {
                // Their spread with the bag's tile `last`.
                out.push(draw(-find(best, last).spread, *exact, best.play.clone()));
                continue;
            }
            // They cannot place: they pass, and the mover answers with
            // the bag's last tile unknown.
            let sl = scoreless + 1;
            let ended = spread - value(&mine) + value(&theirs);
            if sl >= SCORELESS_TURNS {
                out.push(draw(ended, true, Play::Pass));
                continue;
            }
            let mut unknown = theirs;
            unknown.add(last);
            let ours = self.best_reply(
                &mut gen,
                &position(mine, [spread, 0], sl),
                &unknown,
                settings,
                stop,
            )?;
            out.push(match ours {
                Some((best, exact)) => draw(find(&best, last).spread, exact, Play::Pass),
                // Neither side can place: passes until the scoreless
                // turns end the game.
                None => draw(ended, true, Play::Pass),
            });
        }
        Ok(out)
    }

    /// The side to move in `pos`, one tile in the bag among the tiles it
    /// cannot see (`hidden`): its best placement by its one-tile
    /// pre-endgame, and whether every endgame behind the choice was exact;
    /// `None` when it has no placement.
    fn best_reply(
        &self,
        gen: &mut Generator,
        pos: &Position,
        hidden: &Rack,
        settings: &Settings,
        stop: &AtomicBool,
    ) -> Result<Option<(Candidate, bool)>> {
        let peg = Pregame::with_unseen(self.lex, self.rules.clone(), pos, hidden, 1)?;
        let plays = peg.candidates(gen, self.replies);
        if plays.is_empty() {
            return Ok(None);
        }
        let mut ranked = peg.solve(plays, settings, stop)?;
        let exact = ranked.iter().all(Candidate::exact);
        Ok(Some((ranked.swap_remove(0), exact)))
    }

    /// What the tiles of `r` count at the end of the game.
    fn tiles_value(&self, r: &Rack) -> i32 {
        crate::leave::tiles_value(self.lex.alphabet(), r.counts())
    }

    /// The exact value (or an estimate, `false`) of the endgame with
    /// `racks` (the side to move first) after `scoreless` scoreless turns.
    fn endgame(
        &self,
        board: Board,
        racks: [Rack; 2],
        scoreless: u32,
        settings: &Settings,
        stop: &AtomicBool,
    ) -> Result<(i32, bool)> {
        let value = |r: &Rack| self.tiles_value(r);
        if racks[0].is_empty() {
            // Nothing unseen but the bag's tiles: the side to move holds
            // nothing and the game is over; the other played out.
            return Ok((0, true));
        }
        if scoreless >= SCORELESS_TURNS {
            return Ok((value(&racks[1]) - value(&racks[0]), true));
        }
        let e = Endgame::new(self.lex, self.rules.clone(), board, racks, scoreless)?;
        let s = e.solve(settings, stop)?;
        Ok((s.value, s.exact))
    }
}

/// The `k` highest-scoring placements of `rack` on `board`, best first,
/// ties in the generator's order.
fn top_placements(
    lex: &Lexicon,
    gen: &mut Generator,
    board: &Board,
    rack: &Rack,
    k: usize,
) -> Vec<Move> {
    let mut moves: Vec<Move> = Vec::new();
    gen.generate(lex, board, rack, &Options::default(), &mut moves);
    moves.sort_by_key(|m| std::cmp::Reverse(m.score));
    moves.truncate(k);
    moves
}

/// A one-tile pre-endgame candidate's draw for the bag tile `t`.
fn find(c: &Candidate, t: Tile) -> &Draw {
    c.draws
        .iter()
        .find(|d| d.bag == [t])
        .expect("every tile the side cannot see has a draw")
}
