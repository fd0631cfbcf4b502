//! Simulation: look ahead before choosing. Each candidate play is played
//! out over the same random scenarios for a few plies, and the candidates
//! are ranked by their mean result (O'Connor 2015, §7.3–7.4; the thesis'
//! "probabilistic search", with static equity choosing the candidates as
//! Gordon suggested).
//!
//! - **A scenario** is the unseen tiles in a random order: the opponent's
//!   rack is drawn from it (unless the position gives that rack), then the
//!   bag, in that order. Scenario `i` is shuffled by ChaCha8 from
//!   [`scenario_seed`]`(seed, i)`, so every candidate meets the same
//!   scenarios (common random numbers): the differences between candidates
//!   are not drowned by the luck of the draw.
//! - **A playout** plays the candidate, then `plies` turns in which each
//!   side plays its static best by equity (exchanges and the pass ranked
//!   in), drawing from the scenario's bag, with the end-of-game rules when
//!   a player goes out. Its value is the change of the mover's spread plus
//!   (while the game goes on) the equity of the last mover's leave, counted
//!   for that mover. Its win is the game's result when the playout ends it
//!   (a draw counts half), else the [win table](crate::analysis::winprob)'s
//!   probability for the player to move, given the tiles they cannot see
//!   and the spread (without a table: whether the spread favours the
//!   mover).
//! - **Stopping**: a budget of iterations per candidate, a time limit, and
//!   a best-arm rule after Macondo's: every round (`batch` iterations),
//!   once `min_iterations` are done, a candidate whose upper confidence
//!   bound is below the leader's lower bound (at `confidence`, normal
//!   approximation) is dropped; the simulation ends when one is left.
//!
//! Rounds are played on rayon's threads and their results added in order,
//! so a seed gives the same report whatever the thread count (a time limit
//! aside, which is checked between rounds).
//!
//! ```
//! use lexgraph::{compile, Alphabet, Generator, Lexicon, Position, Rules, WordList};
//! use lexgraph::analysis::sim::{Settings, Simulator};
//! use lexgraph::strategy::Leaves;
//! use std::sync::atomic::AtomicBool;
//! let a = Alphabet::english();
//! let words = WordList::parse(b"qi\nqis\nis\nsi\nit\nti\nat\nta\n", "inline", &a, lexgraph::Invalid::Refuse)?;
//! let lex = Lexicon::from_vec(compile::compile(&words).gaddag)?;
//! let pos = Position::parse_cgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 QIS/ 0/0 0", &a, 15)?;
//! let sim = Simulator::new(&lex, Rules::default(), pos, Leaves::parse("gordon2", &a)?)?;
//! let candidates = sim.candidates(&mut Generator::new(Rules::default()), 3);
//! let settings = Settings { iterations: 20, confidence: None, ..Settings::default() };
//! let report = sim.run(candidates, &settings, &AtomicBool::new(false), |_| {})?;
//! assert_eq!(report.arms.len(), 3);
//! assert!(report.arms.iter().all(|arm| arm.iterations == 20));
//! # Ok::<(), lexgraph::Error>(())
//! ```

use crate::core::clock::Instant;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::alphabet::Tile;
use crate::analysis::winprob::WinTable;
use crate::equity::reuse::ReplyBase;
use crate::equity::{Play, RackMemo, Ranked};
use crate::error::{Error, Result};
use crate::game::Game;
use crate::lexicon::Lexicon;
use crate::movegen::{Generator, Options};
use crate::position::Position;
use crate::rack::Rack;
use crate::rules::Rules;
use crate::strategy::{Exchanges, Leaves, Strategy};

/// The most plies a playout may look ahead.
pub const MAX_PLIES: u32 = 20;

/// How long a simulation runs, and how it stops.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Turns played after the candidate (1 to [`MAX_PLIES`]).
    pub plies: u32,
    /// Iterations (scenarios) per candidate at most.
    pub iterations: u64,
    /// Stop after this long (checked between rounds).
    pub time: Option<Duration>,
    /// Drop candidates that are behind at this confidence (0.5 to
    /// 0.999999); `None`: never.
    pub confidence: Option<f64>,
    /// The scenarios' seed.
    pub seed: u64,
    /// Iterations per round: between rounds the stopping rules are checked.
    pub batch: u64,
    /// Iterations before any candidate may be dropped.
    pub min_iterations: u64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            plies: 2,
            iterations: 1000,
            time: None,
            confidence: Some(0.99),
            seed: 0,
            batch: 64,
            min_iterations: 128,
        }
    }
}

impl Settings {
    /// Refuses settings no simulation can run with: plies outside 1 to
    /// [`MAX_PLIES`], no iterations, an empty round, a confidence outside
    /// 0.5 to 0.999999.
    pub fn check(&self) -> Result<()> {
        let bad = |why: String| Err(Error::Query(why));
        if self.plies == 0 || self.plies > MAX_PLIES {
            return bad(format!(
                "plies {}: a simulation looks 1 to {MAX_PLIES} plies ahead",
                self.plies
            ));
        }
        if self.iterations == 0 {
            return bad("a budget of 0 iterations simulates nothing".into());
        }
        if self.batch == 0 {
            return bad("a round of 0 iterations".into());
        }
        if let Some(c) = self.confidence {
            if !(0.5..=0.999_999).contains(&c) {
                return bad(format!("confidence {c}: between 0.5 and 0.999999"));
            }
        }
        Ok(())
    }
}

/// The result of one playout.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// The change of the mover's spread, plus the last mover's leave.
    pub value: f64,
    /// 1 for a win of the mover's, 0.5 for a draw, 0 for a loss.
    pub win: f64,
}

/// A candidate and what its playouts gave.
#[derive(Clone, Debug, PartialEq)]
pub struct Arm {
    /// The play.
    pub play: Play,
    /// Its static equity.
    pub equity: f32,
    /// Its leave.
    pub leave: Rack,
    /// Playouts so far.
    pub iterations: u64,
    sum: f64,
    sum_sq: f64,
    wins: f64,
    /// Dropped by the stopping rule, after this many iterations.
    pub dropped: Option<u64>,
}

impl Arm {
    fn new(r: Ranked) -> Arm {
        Arm {
            play: r.play,
            equity: r.equity,
            leave: r.leave,
            iterations: 0,
            sum: 0.0,
            sum_sq: 0.0,
            wins: 0.0,
            dropped: None,
        }
    }

    fn add(&mut self, o: Outcome) {
        self.iterations += 1;
        self.sum += o.value;
        self.sum_sq += o.value * o.value;
        self.wins += o.win;
    }

    /// The mean value of its playouts (0 with none).
    pub fn mean(&self) -> f64 {
        match self.iterations {
            0 => 0.0,
            n => self.sum / n as f64,
        }
    }

    /// The standard error of [`Arm::mean`] (infinite with fewer than two
    /// playouts).
    pub fn stderr(&self) -> f64 {
        let n = self.iterations as f64;
        if self.iterations < 2 {
            return f64::INFINITY;
        }
        let var = ((self.sum_sq - self.sum * self.sum / n) / (n - 1.0)).max(0.0);
        (var / n).sqrt()
    }

    /// The confidence interval of the mean at `confidence` (normal
    /// approximation).
    pub fn interval(&self, confidence: f64) -> (f64, f64) {
        let h = normal_quantile(0.5 + confidence / 2.0) * self.stderr();
        (self.mean() - h, self.mean() + h)
    }

    /// The share of its playouts the mover won (draws half).
    pub fn win_rate(&self) -> f64 {
        match self.iterations {
            0 => 0.0,
            n => self.wins / n as f64,
        }
    }
}

/// Why a simulation ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// Every candidate left had its iterations.
    Budget,
    /// One candidate was left: the others were dropped.
    Confidence,
    /// The time limit.
    Time,
    /// The stop flag was raised.
    Interrupted,
}

/// What a simulation found: the candidates best first (by mean value,
/// then static equity), and why it ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// Best first; dropped candidates after those left.
    pub arms: Vec<Arm>,
    /// Why it ended.
    pub stopped: Stopped,
    /// Scenarios played (the most iterations of any candidate).
    pub iterations: u64,
}

/// The seed of scenario `iteration` (a SplitMix64 step of both).
pub fn scenario_seed(seed: u64, iteration: u64) -> u64 {
    let mut z = seed ^ iteration.wrapping_mul(0xD1B5_4A32_D192_ED03);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One scenario: the opponent's rack and the bag, drawn from its end.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scenario {
    /// The opponent's rack.
    pub opponent: Rack,
    /// The bag in drawing order (tiles are drawn from the end).
    pub bag: Vec<Tile>,
    /// Shuffles what an exchange puts back in the bag.
    pub seed: u64,
}

/// A strategy owned, or lent by a player that simulates every turn.
enum Held<'a> {
    Own(Strategy),
    Lent(&'a Strategy),
}

impl std::ops::Deref for Held<'_> {
    type Target = Strategy;
    fn deref(&self) -> &Strategy {
        match self {
            Held::Own(s) => s,
            Held::Lent(s) => s,
        }
    }
}

/// A position to simulate, with the static player every ply uses.
pub struct Simulator<'a> {
    lex: &'a Lexicon,
    rules: Rules,
    position: Position,
    player: Held<'a>,
    /// The tiles the mover cannot see, less a known opponent rack, in
    /// tile order.
    unseen: Vec<Tile>,
    wins: Option<Arc<WinTable>>,
    /// Inferred leaves of the opponent's, with cumulative weights.
    inferred: Option<(Vec<Rack>, Vec<f64>)>,
}

impl<'a> Simulator<'a> {
    /// A simulator of `position` (the mover's rack, the scores from the
    /// mover's side; the opponent's rack when known) under `rules`, every
    /// ply played by static equity with `leaves`. Refused: an Upwords
    /// position, a position that does not fit the tile distribution, and
    /// one with an empty bag (an endgame, where both racks are known).
    pub fn new(
        lex: &'a Lexicon,
        rules: Rules,
        position: Position,
        leaves: Leaves,
    ) -> Result<Simulator<'a>> {
        let player = Held::Own(Strategy::new("sim", leaves, Exchanges::Ranked));
        Simulator::with_player(lex, rules, position, player)
    }

    /// [`Simulator::new`] with the static player lent: every ply is played
    /// by it as it plays (its leave values and exchange rule).
    pub fn lent(
        lex: &'a Lexicon,
        rules: Rules,
        position: Position,
        player: &'a Strategy,
    ) -> Result<Simulator<'a>> {
        Simulator::with_player(lex, rules, position, Held::Lent(player))
    }

    fn with_player(
        lex: &'a Lexicon,
        rules: Rules,
        position: Position,
        player: Held<'a>,
    ) -> Result<Simulator<'a>> {
        let alphabet = lex.alphabet();
        if rules.stacks() {
            return Err(Error::Query(
                "simulation plays the crossword game, not stacked tiles".into(),
            ));
        }
        position.validate(alphabet, rules.rack_size)?;
        if position.rack().is_empty() {
            return Err(Error::Query("the mover's rack is empty".into()));
        }
        if position.bag_len(alphabet, rules.rack_size) == 0 {
            return Err(Error::Query(
                "the bag is empty: both racks are known, and this is an endgame \
                 to solve exactly, not to simulate"
                    .into(),
            ));
        }
        let mut left = position.unseen(alphabet);
        for t in position.racks[1].tiles() {
            left[t as usize] = left[t as usize].saturating_sub(1);
        }
        let unseen = (0..64u8)
            .flat_map(|t| std::iter::repeat_n(t, left[t as usize] as usize))
            .collect();
        Ok(Simulator {
            lex,
            rules,
            position,
            player,
            unseen,
            wins: None,
            inferred: None,
        })
    }

    /// Deals the opponent, in every scenario, one of the leaves `inferred`
    /// (drawn by weight) before filling the rack from the bag: what they
    /// kept from their last play ([`crate::analysis::infer`]). Ignored when
    /// the position gives the opponent's rack. Refused when no leave is
    /// left, or one holds tiles the mover can see.
    pub fn with_inference(mut self, inferred: &[(Rack, f64)]) -> Result<Simulator<'a>> {
        if inferred.is_empty() {
            return Err(Error::Query(
                "no leave of the opponent's is consistent with their play".into(),
            ));
        }
        let mut pool = [0u8; 64];
        for &t in &self.unseen {
            pool[t as usize] += 1;
        }
        let (mut racks, mut cumulative, mut total) = (Vec::new(), Vec::new(), 0.0);
        for (leave, w) in inferred {
            let positive = w.is_finite() && *w > 0.0;
            if leave.counts().iter().zip(pool).any(|(&n, have)| n > have) || !positive {
                return Err(Error::Query(format!(
                    "an inferred leave ({} tiles, weight {w}) does not fit the unseen tiles",
                    leave.len()
                )));
            }
            total += w;
            racks.push(*leave);
            cumulative.push(total);
        }
        self.inferred = Some((racks, cumulative));
        Ok(self)
    }

    /// Reads the win probability of a playout that does not end the game
    /// from `table` (see the [module](self) docs).
    pub fn with_win_table(mut self, table: impl Into<Arc<WinTable>>) -> Simulator<'a> {
        self.wins = Some(table.into());
        self
    }

    /// The position simulated.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The `k` best plays by static equity (exchanges and the pass among
    /// them), best first: the usual candidates.
    pub fn candidates(&self, gen: &mut Generator, k: usize) -> Vec<Ranked> {
        gen.best(
            self.lex,
            &self.position,
            self.player.leaves(),
            k,
            &Options::default(),
        )
    }

    /// Scenario `iteration` for `seed` (see the [module](self) docs).
    pub fn scenario(&self, seed: u64, iteration: u64) -> Scenario {
        let mut sc = Scenario::default();
        self.scenario_into(seed, iteration, &mut sc);
        sc
    }

    /// [`Simulator::scenario`] written into `sc`, in the bag it has.
    pub fn scenario_into(&self, seed: u64, iteration: u64, sc: &mut Scenario) {
        let s = scenario_seed(seed, iteration);
        let mut rng = ChaCha8Rng::seed_from_u64(s);
        let bag = &mut sc.bag;
        bag.clear();
        bag.extend_from_slice(&self.unseen);
        bag.shuffle(&mut rng);
        let opponent = match self.position.racks[1].is_empty() {
            false => self.position.racks[1],
            true => {
                let mut r = Rack::default();
                if let Some((leaves, cumulative)) = &self.inferred {
                    let total = cumulative.last().copied().unwrap_or(0.0);
                    let x = rand::Rng::gen::<f64>(&mut rng) * total;
                    let i = cumulative
                        .partition_point(|&c| c <= x)
                        .min(leaves.len() - 1);
                    for t in leaves[i].tiles() {
                        if let Some(at) = bag.iter().position(|&b| b == t) {
                            bag.swap_remove(at);
                            r.add(t);
                        }
                    }
                }
                while r.len() < self.rules.rack_size {
                    match bag.pop() {
                        Some(t) => r.add(t),
                        None => break,
                    }
                }
                r
            }
        };
        sc.opponent = opponent;
        sc.seed = s;
    }

    /// Plays `candidate` out in `scenario` for `plies` turns.
    pub fn playout(
        &self,
        gen: &mut Generator,
        candidate: &Ranked,
        scenario: Scenario,
        plies: u32,
    ) -> Result<Outcome> {
        self.play_out(
            gen, &mut None, &mut None, None, None, candidate, &scenario, plies,
        )
    }

    /// [`Simulator::playout`] in a thread's [`Workspace`]: its game is
    /// reset for the playout and its position rewritten each ply, so that
    /// once they have grown nothing is allocated.
    pub fn playout_in(
        &self,
        ws: &mut Workspace,
        candidate: &Ranked,
        scenario: &Scenario,
        plies: u32,
    ) -> Result<Outcome> {
        let reply = Some((&mut ws.base, &mut ws.reply));
        self.play_out(
            &mut ws.gen,
            &mut ws.game,
            &mut ws.pos,
            Some(&mut ws.memo),
            reply,
            candidate,
            scenario,
            plies,
        )
    }

    /// A playout in the game and position given, if any (made otherwise),
    /// the static player's racks remembered in `memo`, and with `reply`
    /// the opponent's first reply found from a search of the board without
    /// the candidate kept there (the same for every candidate).
    #[allow(clippy::too_many_arguments)]
    fn play_out(
        &self,
        gen: &mut Generator,
        game: &mut Option<Game>,
        pos: &mut Option<Position>,
        mut memo: Option<&mut RackMemo>,
        mut reply: Option<(&mut Option<Position>, &mut ReplyBase)>,
        candidate: &Ranked,
        scenario: &Scenario,
        plies: u32,
    ) -> Result<Outcome> {
        let p = &self.position;
        let racks = [p.racks[0], scenario.opponent];
        let game = match game {
            Some(g) => {
                g.reset(
                    &p.board,
                    racks,
                    p.scores,
                    0,
                    p.zero_turns,
                    &scenario.bag,
                    scenario.seed,
                );
                g
            }
            slot => slot.insert(Game::resume(
                self.lex.alphabet().clone(),
                self.rules.clone(),
                p.board.clone(),
                racks,
                p.scores,
                0,
                p.zero_turns,
                scenario.bag.clone(),
                scenario.seed,
            )),
        };
        game.play(&candidate.play)?;
        // The leave's share of equity, for the player who kept it.
        let mut last = (0, candidate.equity - candidate.play.score() as f32);
        for ply in 0..plies {
            if game.is_over() {
                break;
            }
            let mover = game.to_move();
            let pos = match &mut *pos {
                Some(pos) => {
                    game.position_into(pos);
                    pos
                }
                slot => slot.insert(game.position()),
            };
            let choice = match reply.as_mut().filter(|_| ply == 0 && mover == 1) {
                Some((base, kept)) => {
                    // The board before the candidate, the opponent to move.
                    let base = match &mut **base {
                        Some(b) => {
                            // Field by field: nothing allocated.
                            b.board.clone_from(&p.board);
                            b.racks = pos.racks;
                            b.scores = pos.scores;
                            b.zero_turns = pos.zero_turns;
                            b.players = pos.players;
                            b
                        }
                        slot => {
                            let mut b = pos.clone();
                            b.board.clone_from(&p.board);
                            slot.insert(b)
                        }
                    };
                    self.player
                        .choose_reply(gen, self.lex, base, pos, memo.as_deref_mut(), kept)
                }
                None => self
                    .player
                    .choose_memo(gen, self.lex, pos, memo.as_deref_mut()),
            };
            game.play(&choice.play)?;
            last = (mover, choice.equity - choice.play.score() as f32);
        }
        let (a, b) = (game.scores()[0], game.scores()[1]);
        let start = p.scores[0] as f64 - p.scores[1] as f64;
        let mut value = a as f64 - b as f64 - start;
        if !game.is_over() {
            let leave = last.1 as f64;
            value += if last.0 == 0 { leave } else { -leave };
        }
        let end = start + value;
        let win = match &self.wins {
            Some(table) if !game.is_over() => {
                let to = game.to_move();
                let unseen = game.bag_len() + game.racks()[1 - to].len();
                let s = game.scores();
                let p = table.probability(unseen, s[to].saturating_sub(s[1 - to]));
                if to == 0 {
                    p
                } else {
                    1.0 - p
                }
            }
            _ if end > 0.0 => 1.0,
            _ if end == 0.0 => 0.5,
            _ => 0.0,
        };
        Ok(Outcome { value, win })
    }

    /// Simulates `candidates` (at least one) as `settings` says, until a
    /// stopping rule or `stop`. `on_round` sees the candidates after every
    /// round (for a live table).
    pub fn run(
        &self,
        candidates: Vec<Ranked>,
        settings: &Settings,
        stop: &AtomicBool,
        on_round: impl FnMut(&[Arm]),
    ) -> Result<Report> {
        if candidates.is_empty() {
            return Err(Error::Query("no candidate play to simulate".into()));
        }
        let plays: Vec<Ranked> = candidates.clone();
        let arms: Vec<Arm> = candidates.into_iter().map(Arm::new).collect();
        run_arms(
            arms,
            settings,
            stop,
            || Workspace::new(self.rules.clone()),
            |ws, a, i| {
                let mut scenario = std::mem::take(&mut ws.scenario);
                self.scenario_into(settings.seed, i, &mut scenario);
                let out = self.playout_in(ws, &plays[a], &scenario, settings.plies);
                ws.scenario = scenario;
                out
            },
            on_round,
        )
    }
}

/// What a thread keeps from one playout to the next
/// ([`Simulator::playout_in`]).
pub struct Workspace {
    gen: Generator,
    game: Option<Game>,
    pos: Option<Position>,
    scenario: Scenario,
    /// The static player's work on the racks it met last: every candidate
    /// meets a scenario's racks.
    memo: RackMemo,
    /// The scenario's board before the candidate, the opponent to move,
    /// and its search, for the opponent's reply to every candidate.
    base: Option<Position>,
    reply: ReplyBase,
}

impl Workspace {
    /// Searches that found their rack remembered.
    #[cfg(test)]
    pub(crate) fn memo_hits(&self) -> u64 {
        self.memo.hits
    }

    /// Replies found from the search of the board before the candidate.
    #[cfg(test)]
    pub(crate) fn replies_reused(&self) -> u64 {
        self.reply.reused
    }

    /// An empty workspace for games under `rules`.
    pub fn new(rules: Rules) -> Workspace {
        Workspace {
            gen: Generator::new(rules),
            game: None,
            pos: None,
            scenario: Scenario::default(),
            memo: RackMemo::default(),
            base: None,
            reply: ReplyBase::default(),
        }
    }
}

/// The round loop of [`Simulator::run`] over any arms: `sample(state, arm,
/// iteration)` gives one outcome, `init` makes a thread's state, which the
/// thread keeps from round to round (it must not change outcomes: it is
/// scratch space, and which thread samples what is not fixed).
pub fn run_arms<S, I, F>(
    mut arms: Vec<Arm>,
    settings: &Settings,
    stop: &AtomicBool,
    init: I,
    sample: F,
    mut on_round: impl FnMut(&[Arm]),
) -> Result<Report>
where
    S: Send,
    I: Fn() -> S + Sync + Send,
    F: Fn(&mut S, usize, u64) -> Result<Outcome> + Sync + Send,
{
    settings.check()?;
    // One state per thread of the pool, made when the thread first needs
    // it; each thread locks only its own.
    let states: Vec<Mutex<Option<S>>> = (0..rayon::current_num_threads().max(1))
        .map(|_| Mutex::new(None))
        .collect();
    let z = settings.confidence.map(|c| normal_quantile(0.5 + c / 2.0));
    let started = Instant::now();
    let mut done = 0u64;
    let stopped = loop {
        let active: Vec<usize> = (0..arms.len())
            .filter(|&a| arms[a].dropped.is_none())
            .collect();
        if stop.load(Ordering::Relaxed) {
            break Stopped::Interrupted;
        }
        if active.len() == 1 && arms.len() > 1 {
            break Stopped::Confidence;
        }
        if done >= settings.iterations {
            break Stopped::Budget;
        }
        if settings.time.is_some_and(|t| started.elapsed() >= t) {
            break Stopped::Time;
        }
        let n = settings.batch.min(settings.iterations - done);
        let tasks: Vec<(usize, u64)> = (done..done + n)
            .flat_map(|i| active.iter().map(move |&a| (a, i)))
            .collect();
        let outcomes: Vec<Result<Outcome>> = tasks
            .par_iter()
            .map(|&(a, i)| {
                let t = rayon::current_thread_index().unwrap_or(0) % states.len();
                let mut state = states[t].lock().unwrap_or_else(|e| e.into_inner());
                sample(state.get_or_insert_with(&init), a, i)
            })
            .collect();
        // Added in task order: the same sums on any number of threads.
        for (&(a, _), o) in tasks.iter().zip(outcomes) {
            arms[a].add(o?);
        }
        done += n;
        if let Some(z) = z {
            if done >= settings.min_iterations {
                drop_behind(&mut arms, z, done);
            }
        }
        on_round(&arms);
    };
    arms.sort_by(|x, y| {
        x.dropped
            .is_some()
            .cmp(&y.dropped.is_some())
            .then(y.mean().total_cmp(&x.mean()))
            .then(y.equity.total_cmp(&x.equity))
    });
    Ok(Report {
        arms,
        stopped,
        iterations: done,
    })
}

/// Drops the arms whose upper bound (mean + z·se) is below the leader's
/// lower bound (mean − z·se).
fn drop_behind(arms: &mut [Arm], z: f64, done: u64) {
    let Some(leader) = arms
        .iter()
        .filter(|a| a.dropped.is_none())
        .max_by(|x, y| x.mean().total_cmp(&y.mean()))
    else {
        return;
    };
    let floor = leader.mean() - z * leader.stderr();
    for a in arms.iter_mut().filter(|a| a.dropped.is_none()) {
        if a.mean() + z * a.stderr() < floor {
            a.dropped = Some(done);
        }
    }
}

/// The standard normal distribution function, from the complementary error
/// function's approximation 7.1.26 of Abramowitz and Stegun (error below
/// 1.5e-7).
fn normal_cdf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs() / std::f64::consts::SQRT_2);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erfc = poly * (-(x * x) / 2.0).exp();
    match x >= 0.0 {
        true => 1.0 - erfc / 2.0,
        false => erfc / 2.0,
    }
}

/// The `p` quantile of the standard normal distribution, by bisection.
pub fn normal_quantile(p: f64) -> f64 {
    let (mut lo, mut hi) = (-10.0f64, 10.0f64);
    for _ in 0..80 {
        let mid = (lo + hi) / 2.0;
        match normal_cdf(mid) < p {
            true => lo = mid,
            false => hi = mid,
        }
    }
    (lo + hi) / 2.0
}

pub mod player;
#[cfg(test)]
mod tests;
