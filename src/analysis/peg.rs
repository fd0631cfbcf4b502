//! Pre-endgames with one tile in the bag: each candidate play, for every
//! tile the bag may hold, ends in an endgame [solved exactly](super::endgame).
//!
//! With one tile in the bag the mover sees the eight (or fewer) tiles left:
//! the opponent's rack and the bag's tile, in some split. For a placement,
//! each possible bag tile `t` (weighted by how many of it are unseen) gives
//! one endgame: the mover draws `t`, the opponent holds the rest and moves
//! next. The final spread of each is the spread now, plus the play's score,
//! less the opponent's exact endgame value. A candidate's result is its
//! win rate over the bag tiles (a draw counting half), then its mean final
//! spread; candidates are ranked by win rate, then spread.
//!
//! Candidates are placements (the best by static equity, or given): an
//! exchange needs a full rack's worth in the bag, and after a pass the
//! opponent faces the same one-tile pre-endgame, not an endgame.
//!
//! ```no_run
//! use lexgraph::{Generator, Lexicon, Position, Rules};
//! use lexgraph::analysis::endgame::Settings;
//! use lexgraph::analysis::peg::Pregame;
//! use std::sync::atomic::AtomicBool;
//! let lex = Lexicon::open("enable.gaddag")?;
//! let pos = Position::from_cgp("... one tile in the bag ...", lex.alphabet())?;
//! let peg = Pregame::new(&lex, Rules::default(), &pos)?;
//! let plays = peg.candidates(&mut Generator::new(Rules::default()), 10);
//! for r in peg.solve(plays, &Settings::default(), &AtomicBool::new(false))? {
//!     println!("{:?} wins {:.1} %, spread {:+.1}", r.play, 100.0 * r.win_rate(), r.mean_spread());
//! }
//! # Ok::<(), lexgraph::Error>(())
//! ```

use std::sync::atomic::AtomicBool;

use rayon::prelude::*;

use super::endgame::{Endgame, Settings};
use crate::alphabet::Tile;
use crate::equity::Play;
use crate::error::{Error, Result};
use crate::game::SCORELESS_TURNS;
use crate::lexicon::Lexicon;
use crate::movegen::{Generator, Move, Options};
use crate::position::Position;
use crate::rack::Rack;
use crate::rules::Rules;

/// One bag tile's endgame after a candidate.
#[derive(Clone, Debug, PartialEq)]
pub struct Draw {
    /// The tile the bag held (and the mover drew).
    pub tile: Tile,
    /// How many of it were unseen: its weight.
    pub weight: u32,
    /// The final spread from the mover's side, best play on both sides.
    pub spread: i32,
    /// Whether the endgame was solved exactly (no time limit cut it).
    pub exact: bool,
}

/// A candidate's results over the bag tiles.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The play.
    pub play: Play,
    /// One endgame per distinct bag tile.
    pub draws: Vec<Draw>,
}

impl Candidate {
    fn weight(&self) -> f64 {
        self.draws.iter().map(|d| d.weight as f64).sum()
    }

    /// Wins over the bag tiles (weighted), a draw counting half, 0 to 1.
    pub fn win_rate(&self) -> f64 {
        let w: f64 = self
            .draws
            .iter()
            .map(|d| {
                d.weight as f64
                    * match d.spread.signum() {
                        1 => 1.0,
                        0 => 0.5,
                        _ => 0.0,
                    }
            })
            .sum();
        w / self.weight()
    }

    /// Weighted share of draws (ties), 0 to 1.
    pub fn draw_rate(&self) -> f64 {
        let w: f64 = self
            .draws
            .iter()
            .filter(|d| d.spread == 0)
            .map(|d| d.weight as f64)
            .sum::<f64>()
            + 0.0; // an empty sum is -0.0
        w / self.weight()
    }

    /// The mean final spread, weighted by the bag tiles.
    pub fn mean_spread(&self) -> f64 {
        let s: f64 = self
            .draws
            .iter()
            .map(|d| d.weight as f64 * d.spread as f64)
            .sum();
        s / self.weight()
    }

    /// Whether every endgame was solved exactly.
    pub fn exact(&self) -> bool {
        self.draws.iter().all(|d| d.exact)
    }
}

/// A position with one tile in the bag.
pub struct Pregame<'a> {
    lex: &'a Lexicon,
    rules: Rules,
    position: Position,
    /// The unseen tiles by count: the opponent's rack and the bag's tile.
    unseen: [u8; 64],
}

impl<'a> Pregame<'a> {
    /// The pre-endgame of `pos`, whose bag must hold one tile (the
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
        if bag != 1 {
            return Err(Error::Query(format!(
                "{bag} tile(s) in the bag: a pre-endgame has one (the endgame solver takes \
                 none, simulation more)"
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
        })
    }

    /// The pre-endgame of the mover's rack and board in `pos` (its bag and
    /// opponent's rack ignored) with `unseen` the tiles the mover cannot
    /// see, one of which is in the bag: for racks that are not a full
    /// distribution's (tests, variants). `unseen` must hold two tiles or
    /// more.
    pub fn with_unseen(
        lex: &'a Lexicon,
        rules: Rules,
        pos: &Position,
        unseen: &Rack,
    ) -> Result<Pregame<'a>> {
        if rules.stacks() || pos.rack().is_empty() || unseen.len() < 2 {
            return Err(Error::Query(
                "a pre-endgame of the crossword game needs a rack and two unseen tiles or more"
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
        })
    }

    /// The `k` highest-scoring placements, best first (with one tile left,
    /// what is kept matters as the endgame does, not as leave values say).
    pub fn candidates(&self, gen: &mut Generator, k: usize) -> Vec<Move> {
        let mut moves: Vec<Move> = Vec::new();
        gen.generate(
            self.lex,
            &self.position.board,
            self.position.rack(),
            &Options::default(),
            &mut moves,
        );
        moves.sort_by_key(|m| std::cmp::Reverse(m.score));
        moves.truncate(k);
        moves
    }

    /// Solves every candidate over every bag tile, each endgame as
    /// `settings` says; ranked by win rate, then mean spread, then the
    /// candidates' order.
    pub fn solve(
        &self,
        candidates: Vec<Move>,
        settings: &Settings,
        stop: &AtomicBool,
    ) -> Result<Vec<Candidate>> {
        if candidates.is_empty() {
            return Err(Error::Query("no candidate play to solve".into()));
        }
        let tiles: Vec<(Tile, u32)> = (0..64u8)
            .filter(|&t| self.unseen[t as usize] > 0)
            .map(|t| (t, self.unseen[t as usize] as u32))
            .collect();
        let tasks: Vec<(usize, Tile, u32)> = (0..candidates.len())
            .flat_map(|c| tiles.iter().map(move |&(t, w)| (c, t, w)))
            .collect();
        let draws: Vec<Result<Draw>> = tasks
            .par_iter()
            .map(|&(c, t, w)| self.draw(&candidates[c], t, w, settings, stop))
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
        for (&(c, _, _), d) in tasks.iter().zip(draws) {
            results[c].1.draws.push(d?);
        }
        results.sort_by(|(i, x), (j, y)| {
            y.win_rate()
                .total_cmp(&x.win_rate())
                .then(y.mean_spread().total_cmp(&x.mean_spread()))
                .then(i.cmp(j))
        });
        Ok(results.into_iter().map(|(_, r)| r).collect())
    }

    /// The endgame after `m` when the bag holds `t`.
    fn draw(
        &self,
        m: &Move,
        t: Tile,
        weight: u32,
        settings: &Settings,
        stop: &AtomicBool,
    ) -> Result<Draw> {
        let p = &self.position;
        let mut board = p.board.clone();
        m.apply(&mut board);
        let mut mine = *p.rack();
        m.take_from(&mut mine);
        mine.add(t);
        let mut theirs = Rack::default();
        for (u, &n) in self.unseen.iter().enumerate() {
            let n = if u == t as usize { n - 1 } else { n };
            for _ in 0..n {
                theirs.add(u as Tile);
            }
        }
        let spread = p.scores[0] - p.scores[1] + m.score;
        let scoreless = if m.score == 0 { p.zero_turns + 1 } else { 0 };
        if theirs.is_empty() {
            // Nothing unseen but the bag's tile: the opponent holds nothing
            // and the game is over.
            return Ok(Draw {
                tile: t,
                weight,
                spread,
                exact: true,
            });
        }
        if scoreless >= SCORELESS_TURNS {
            let value = |r: &Rack| crate::leave::tiles_value(self.lex.alphabet(), r.counts());
            return Ok(Draw {
                tile: t,
                weight,
                spread: spread - value(&mine) + value(&theirs),
                exact: true,
            });
        }
        // The opponent moves next: their value counts against the mover.
        let e = Endgame::new(
            self.lex,
            self.rules.clone(),
            board,
            [theirs, mine],
            scoreless,
        )?;
        let s = e.solve(settings, stop)?;
        Ok(Draw {
            tile: t,
            weight,
            spread: spread - s.value,
            exact: s.exact,
        })
    }
}
