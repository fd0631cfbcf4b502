//! Endgames solved exactly: with the bag empty both racks are known, and
//! the rest of the game is a two-player game of perfect information.
//!
//! The value of a position is the mover's points from here to the end less
//! the opponent's, under the end-of-game rules exactly as
//! [`Game::play`](crate::game::Game::play) applies them: a player who plays
//! out gains twice the value of the tiles the opponent holds; six scoreless
//! turns in a row (passes and zero-point plays) end the game, each player
//! losing the value of the tiles held. The final spread is the spread now
//! plus that value.
//!
//! - **Negamax with alpha-beta** over every placement of the mover's rack
//!   (from the [generator](crate::movegen), the only one) and the pass. A
//!   child is searched with the window shifted by the play's score: `s − v`
//!   lies in `(α, β)` exactly when `v` lies in `(s − β, s − α)`.
//! - **Iterative deepening**: depth 1, 2, … plies until a search meets no
//!   depth limit (then its value is exact), a time limit, or a depth limit.
//!   A search that met a depth limit scores the unfinished position by the
//!   tiles each side holds and is reported as an *estimate* at that depth,
//!   never as exact.
//! - **A transposition table** keyed by a Zobrist hash of the board, both
//!   racks and the scoreless-turn count, each entry with its bound type
//!   (exact, lower, upper), the depth it was searched to (or "complete":
//!   no depth limit below it), and its best move for ordering.
//! - **Move ordering**: the table's move, then plays that go out, then by
//!   score.
//! - **Threads**: the root's first play is searched alone; the others are
//!   shared among rayon's threads against the best value so far less one
//!   point, so every play that reaches the best gets its exact value. The
//!   threads share the table without locks: an entry is two words, the key
//!   XOR the data and the data, so a torn write reads as a miss, never as
//!   another position's value. The best play is the first, in the
//!   generator's order, of those with the best value: the same value and
//!   play on any number of threads (an estimate may differ).
//!
//! ```
//! use lexgraph::{compile, Alphabet, Board, Lexicon, Rack, Rules, WordList};
//! use lexgraph::analysis::endgame::{Endgame, Settings};
//! use std::sync::atomic::AtomicBool;
//! let a = Alphabet::english();
//! let words = WordList::parse(b"qi\nqis\nis\nsi\nit\nti\nat\nta\n", "inline", &a, lexgraph::Invalid::Refuse)?;
//! let lex = Lexicon::from_vec(compile::compile(&words).gaddag)?;
//! let mut board = Board::new(15);
//! board.set(7, 7, a.tile_by_label("Q").unwrap());
//! board.set(7, 8, a.tile_by_label("I").unwrap());
//! let racks = [Rack::parse("S", &a)?, Rack::parse("TA", &a)?];
//! let e = Endgame::new(&lex, Rules::default(), board, racks, 0)?;
//! let s = e.solve(&Settings::default(), &AtomicBool::new(false))?;
//! assert!(s.exact);
//! // QIS goes out at once: 12 points, and twice the value of the T and A.
//! assert_eq!(s.value, 12 + 2 * 2);
//! # Ok::<(), lexgraph::Error>(())
//! ```

use crate::core::clock::Instant;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use rayon::prelude::*;

use crate::alphabet::Tile;
use crate::board::{tile_of, Board, BLANK_FLAG};
use crate::equity::Play;
use crate::error::{Error, Result};
use crate::game::SCORELESS_TURNS;
use crate::lexicon::Lexicon;
use crate::movegen::{Generator, Move, Options};
use crate::position::Position;
use crate::rack::Rack;
use crate::rules::Rules;

/// Above any value a position can have.
const INF: i32 = 1_000_000;

/// How long to search.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Stop deepening after this long (checked every few thousand nodes):
    /// the last finished depth's result is an estimate.
    pub time: Option<Duration>,
    /// Search at most this many plies ahead (`None`: until exact).
    pub max_depth: Option<u32>,
    /// Every first play's value, not only the best one's (each then
    /// searched with a full window: slower).
    pub all_first_plays: bool,
    /// Transposition table entries, shared by the threads (rounded down to
    /// a power of two, at least 1,024; 16 bytes each); 0: no table (for
    /// testing it).
    pub table_entries: usize,
    /// Share the root's plays among rayon's threads. Off, one thread
    /// searches: an estimate (a limited search) is then the same on every
    /// run, as a match needs; exact values are the same either way.
    pub parallel: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            time: None,
            max_depth: None,
            all_first_plays: false,
            table_entries: 1 << 20,
            parallel: true,
        }
    }
}

/// A play of the line, by the player who made it (0: the mover at the
/// root).
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// Who played: 0 the mover, 1 the opponent.
    pub player: usize,
    /// The play.
    pub play: Play,
    /// Its score.
    pub score: i32,
    /// What the end of the game then adds to this player's spread: twice
    /// the opponent's tiles when playing out; after six scoreless turns,
    /// the opponent's tile values less this player's (both racks counted
    /// against their holders); 0 while the game goes on.
    pub end: i32,
    /// How this play ended the game, if it did.
    pub ending: Option<Ending>,
}

/// How a game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The player played out.
    Out,
    /// Six scoreless turns in a row.
    Scoreless,
}

impl Ending {
    /// `out` or `scoreless`, as the CLI's JSON and the bindings name it.
    pub fn name(self) -> &'static str {
        match self {
            Ending::Out => "out",
            Ending::Scoreless => "scoreless",
        }
    }
}

/// A first play and its value.
#[derive(Clone, Debug, PartialEq)]
pub struct FirstPlay {
    /// The play.
    pub play: Play,
    /// Its value (the mover's points to the end less the opponent's), or
    /// a bound: at most this when `upper_bound`.
    pub value: i32,
    /// The value is an upper bound (the play was shown worse than the best,
    /// not valued exactly).
    pub upper_bound: bool,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The mover's points to the end of the game less the opponent's, with
    /// best play on both sides.
    pub value: i32,
    /// Whether `value` is exact: no depth or time limit cut the search.
    /// Otherwise it is an estimate at `depth` plies.
    pub exact: bool,
    /// The deepest search finished, in plies.
    pub depth: u32,
    /// The principal variation: best play on both sides to the end (exact
    /// results), or the best first play (estimates).
    pub line: Vec<Step>,
    /// The first plays, best first (all of them with
    /// [`Settings::all_first_plays`]; otherwise the best exactly and the
    /// others as bounds).
    pub first_plays: Vec<FirstPlay>,
    /// Positions searched, over every depth and thread.
    pub nodes: u64,
    /// Whether the time limit or the stop flag ended the search.
    pub interrupted: bool,
}

/// How far a player's endgame search goes ([`play_for`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// This many plies deep: exact when the game ends within them, and the
    /// same play on every run either way (what a match for a seed needs).
    Plies(u32),
    /// Deepening until this much time has passed: exact when a search ends
    /// every line sooner, else the deepest finished search's best, which
    /// may differ from run to run.
    Time(Duration),
}

/// The best first play of the endgame of the game's position (its bag
/// empty), searched on one thread as far as `limit` says. As a ranked play,
/// its equity the endgame's value.
pub fn play_for(
    lex: &Lexicon,
    game: &crate::game::Game,
    limit: Limit,
) -> Result<crate::equity::Ranked> {
    let pos = game.position();
    // Both racks as the game holds them (a position leaves the opponent's
    // out and counts its bag from the full distribution).
    let (p, racks) = (game.to_move(), game.racks());
    let e = Endgame::new(
        lex,
        game.rules().clone(),
        pos.board.clone(),
        [racks[p], racks[1 - p]],
        pos.zero_turns,
    )?;
    let mut settings = Settings {
        parallel: false,
        // Many games search at once in a match: a small table each.
        table_entries: 1 << 16,
        ..Settings::default()
    };
    match limit {
        Limit::Plies(plies) => settings.max_depth = Some(plies.max(1)),
        Limit::Time(t) => settings.time = Some(t),
    }
    let never = AtomicBool::new(false);
    let s = match e.solve(&settings, &never) {
        // Out of time before the first ply was searched: one ply, whatever
        // it takes (a player must play).
        Err(_) if matches!(limit, Limit::Time(_)) => e.solve(
            &Settings {
                time: None,
                max_depth: Some(1),
                ..settings
            },
            &never,
        )?,
        other => other?,
    };
    let best = &s.first_plays[0];
    let mut leave = *pos.rack();
    if let crate::equity::Play::Place(m) = &best.play {
        m.take_from(&mut leave);
    }
    Ok(crate::equity::Ranked {
        play: best.play.clone(),
        equity: best.value as f32,
        leave,
    })
}

/// An endgame: the board, both racks and the scoreless turns so far.
pub struct Endgame<'a> {
    lex: &'a Lexicon,
    rules: Rules,
    board: Board,
    racks: [Rack; 2],
    scoreless: u32,
    values: [i32; 64],
}

impl<'a> Endgame<'a> {
    /// The endgame of a board with the mover's rack `racks[0]` and the
    /// opponent's `racks[1]`, the bag empty, after `scoreless` scoreless
    /// turns. Refused: Upwords, an empty rack, a scoreless count that has
    /// already ended the game.
    pub fn new(
        lex: &'a Lexicon,
        rules: Rules,
        board: Board,
        racks: [Rack; 2],
        scoreless: u32,
    ) -> Result<Endgame<'a>> {
        if rules.stacks() {
            return Err(Error::Query(
                "the endgame solver plays the crossword game, not stacked tiles".into(),
            ));
        }
        if board.size() != rules.layout.size() {
            return Err(Error::Query(format!(
                "a board of {} squares a side for a layout of {}",
                board.size(),
                rules.layout.size()
            )));
        }
        if racks.iter().any(Rack::is_empty) {
            return Err(Error::Query(
                "a rack is empty: the game is over, there is nothing to solve".into(),
            ));
        }
        if scoreless >= SCORELESS_TURNS {
            return Err(Error::Query(format!(
                "{scoreless} scoreless turns: the game is over"
            )));
        }
        Ok(Endgame {
            values: lex.alphabet().values(),
            lex,
            rules,
            board,
            racks,
            scoreless,
        })
    }

    /// The endgame of `pos`: its bag must be empty. An opponent's rack the
    /// position leaves out is the unseen tiles (all of them, with the bag
    /// empty).
    pub fn from_position(lex: &'a Lexicon, rules: Rules, pos: &Position) -> Result<Endgame<'a>> {
        let a = lex.alphabet();
        pos.validate(a, rules.rack_size)?;
        let bag = pos.bag_len(a, rules.rack_size);
        if bag > 0 {
            return Err(Error::Query(format!(
                "{bag} tile(s) in the bag: an endgame has none (simulate it: `sim`; \
                 with one or two tiles in the bag, solve the pre-endgame: `peg`)"
            )));
        }
        let mut racks = pos.racks;
        if racks[1].is_empty() {
            let unseen = pos.unseen(a);
            for (t, &n) in unseen.iter().enumerate() {
                for _ in 0..n {
                    racks[1].add(t as Tile);
                }
            }
        }
        Endgame::new(lex, rules, pos.board.clone(), racks, pos.zero_turns)
    }

    /// The racks: the mover's, the opponent's.
    pub fn racks(&self) -> [Rack; 2] {
        self.racks
    }

    /// Solves the endgame as `settings` says, until exact, a limit, or
    /// `stop`.
    pub fn solve(&self, settings: &Settings, stop: &AtomicBool) -> Result<Solution> {
        let started = Instant::now();
        let deadline = settings.time.map(|t| started + t);
        let table = Table::new(settings.table_entries);
        let pool: Mutex<Vec<Searcher<'_, 'a>>> = Mutex::new(Vec::new());
        let searcher = || -> Searcher<'_, 'a> {
            pool.lock()
                .unwrap_or_else(|e| e.into_inner())
                .pop()
                .unwrap_or_else(|| Searcher::new(self, &table, deadline, stop))
        };

        // The root's plays, ordered as a node orders them, each with its
        // index in that first order (the tie-break of equal values).
        let mut plays: Vec<(usize, Root)> = Searcher::new(self, &table, deadline, stop)
            .ordered_moves(&self.racks[0], None)
            .into_iter()
            .chain([Root::Pass])
            .enumerate()
            .collect();
        // Two tiles a placement at least, or a scoreless turn: a game ends
        // within this many plies.
        let tiles = (self.racks[0].len() + self.racks[1].len()) as u32;
        let limit = settings
            .max_depth
            .unwrap_or(u32::MAX)
            .min((tiles + 1) * SCORELESS_TURNS + 1)
            .max(1);
        let mut nodes = 0u64;
        // The last finished depth: (index in `plays`, value, a bound?) best
        // first, and the depth.
        let mut best: Option<(Vec<Ranked>, u32)> = None;
        let mut exact = false;
        let mut interrupted = false;
        for depth in 1..=limit {
            let alpha = AtomicI32::new(-INF);
            let run = |i: usize, s: &mut Searcher| -> (i32, bool, u64, bool) {
                let before = (s.nodes, s.cuts);
                let lo = match settings.all_first_plays {
                    true => -INF,
                    false => alpha.load(Ordering::SeqCst).saturating_sub(1).max(-INF),
                };
                let v = s.root_child(&plays[i].1, depth, lo);
                if v > lo {
                    alpha.fetch_max(v, Ordering::SeqCst);
                }
                (v, v <= lo, s.nodes - before.0, s.cuts > before.1)
            };
            // The first play alone: a window for the rest.
            let mut s = searcher();
            let first = run(0, &mut s);
            let aborted = s.aborted;
            give_back(&pool, s);
            let task = |i: usize| {
                let mut s = searcher();
                let (v, bound, n, cut) = run(i, &mut s);
                let aborted = s.aborted;
                give_back(&pool, s);
                (v, bound, n, cut, aborted)
            };
            let rest: Vec<(i32, bool, u64, bool, bool)> = match settings.parallel {
                true => (1..plays.len()).into_par_iter().map(task).collect(),
                false => (1..plays.len()).map(task).collect(),
            };
            nodes += first.2 + rest.iter().map(|r| r.2).sum::<u64>();
            if aborted || rest.iter().any(|r| r.4) || stop.load(Ordering::Relaxed) {
                interrupted = true;
                break;
            }
            let cut = first.3 || rest.iter().any(|r| r.3);
            let mut results = vec![(0usize, first.0, first.1)];
            results.extend(rest.iter().enumerate().map(|(i, r)| (i + 1, r.0, r.1)));
            // Best first (exact values before bounds, then by value, then
            // in the first order): the next depth's order too.
            results.sort_by_key(|&(i, v, bound)| (bound, -v, plays[i].0));
            plays = results.iter().map(|&(i, _, _)| plays[i].clone()).collect();
            let ranked = results
                .iter()
                .enumerate()
                .map(|(j, &(_, v, bound))| (j, v, bound))
                .collect();
            best = Some((ranked, depth));
            if !cut {
                exact = true;
                break;
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                interrupted = true;
                break;
            }
        }
        let Some((results, depth)) = best else {
            return Err(Error::Query(
                "stopped before the first ply was searched: no result".into(),
            ));
        };
        // `results` follows `plays`' order, best first.
        let first_plays: Vec<FirstPlay> = results
            .iter()
            .map(|&(i, v, bound)| FirstPlay {
                play: plays[i].1.play(),
                value: v,
                upper_bound: bound,
            })
            .collect();
        let value = first_plays[0].value;
        let mut line = vec![self.step(0, &plays[results[0].0].1, &self.racks)];
        if exact {
            let mut s = searcher();
            line = s.principal_variation(&plays[results[0].0].1, value);
            nodes += s.nodes;
        }
        Ok(Solution {
            value,
            exact,
            depth,
            line,
            first_plays,
            nodes,
            interrupted,
        })
    }

    /// `leave::tiles_value` with the values read once: this is called at
    /// every terminal node.
    fn value_of(&self, rack: &Rack) -> i32 {
        rack.counts()
            .iter()
            .zip(self.values)
            .map(|(&c, v)| c as i32 * v)
            .sum()
    }

    /// `play` by `player` with `racks` (the root's order) as a line step.
    fn step(&self, player: usize, play: &Root, racks: &[Rack; 2]) -> Step {
        let me = racks[player];
        let them = racks[1 - player];
        match play {
            Root::Place(m) => {
                let mut left = me;
                m.take_from(&mut left);
                Step {
                    player,
                    play: Play::Place(*m),
                    score: m.score,
                    end: match left.is_empty() {
                        true => 2 * self.value_of(&them),
                        false => 0,
                    },
                    ending: left.is_empty().then_some(Ending::Out),
                }
            }
            Root::Pass => Step {
                player,
                play: Play::Pass,
                score: 0,
                end: 0,
                ending: None,
            },
        }
    }
}

/// A root play's result: its index, its value, whether that is an upper
/// bound.
type Ranked = (usize, i32, bool);

/// Returns a searcher to the pool, for the next task to reuse its table.
fn give_back<'e, 'a>(pool: &Mutex<Vec<Searcher<'e, 'a>>>, s: Searcher<'e, 'a>) {
    pool.lock().unwrap_or_else(|e| e.into_inner()).push(s);
}

/// A root play.
#[derive(Clone, Debug)]
enum Root {
    Place(Move),
    Pass,
}

impl Root {
    fn play(&self) -> Play {
        match self {
            Root::Place(m) => Play::Place(*m),
            Root::Pass => Play::Pass,
        }
    }
}

/// Transposition table entry bound types.
const EXACT: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;
/// The depth of an entry whose search met no depth limit.
const COMPLETE: u8 = u8::MAX;

#[derive(Clone, Copy, Default, Debug, PartialEq)]
struct Entry {
    value: i32,
    depth: u8,
    flag: u8,
    /// 1 + the index of the best move in the node's order; 0: none.
    best: u16,
}

impl Entry {
    fn pack(self) -> u64 {
        self.value as u32 as u64
            | (self.depth as u64) << 32
            | (self.flag as u64) << 40
            | (self.best as u64) << 48
    }

    fn unpack(x: u64) -> Entry {
        Entry {
            value: x as u32 as i32,
            depth: (x >> 32) as u8,
            flag: (x >> 40) as u8,
            best: (x >> 48) as u16,
        }
    }
}

/// The transposition table the threads share, direct-mapped. A slot is
/// the key XOR the packed entry, then the entry: a reader checks the key
/// against the XOR of the two, so a slot half-written by another thread
/// (or overwritten between the two reads) is a miss.
struct Table {
    slots: Vec<[AtomicU64; 2]>,
}

impl Table {
    fn new(entries: usize) -> Table {
        if entries == 0 {
            return Table { slots: Vec::new() };
        }
        let n = entries.max(1024);
        let n = if n.is_power_of_two() {
            n
        } else {
            n.next_power_of_two() / 2
        };
        Table {
            slots: (0..n)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
        }
    }

    fn slot(&self, key: u64) -> &[AtomicU64; 2] {
        &self.slots[(key as usize) & (self.slots.len() - 1)]
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        if self.slots.is_empty() {
            return None;
        }
        let [k, d] = self.slot(key);
        let data = d.load(Ordering::Relaxed);
        (k.load(Ordering::Relaxed) ^ data == key && key != 0).then(|| Entry::unpack(data))
    }

    fn store(&self, key: u64, e: Entry) {
        if self.slots.is_empty() {
            return;
        }
        let [k, d] = self.slot(key);
        let data = e.pack();
        k.store(key ^ data, Ordering::Relaxed);
        d.store(data, Ordering::Relaxed);
    }
}

/// One thread's search: its board, generator, move buffers and table.
struct Searcher<'e, 'a> {
    game: &'e Endgame<'a>,
    table: &'e Table,
    board: Board,
    board_hash: u64,
    gen: Generator,
    buffers: Vec<Vec<Move>>,
    nodes: u64,
    /// Depth limits met (and table entries used that met one).
    cuts: u64,
    deadline: Option<Instant>,
    /// The caller's stop flag, read with the clock: a stop ends the depth
    /// being searched, not only the next one.
    stop: &'e AtomicBool,
    aborted: bool,
}

/// A well-mixed 64-bit value for `x` (SplitMix64's finalizer): Zobrist
/// keys computed, not tabled.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn square_key(index: usize, sq: u8) -> u64 {
    mix(((index as u64) << 8) | sq as u64)
}

fn rack_key(rack: &Rack, side: u64) -> u64 {
    rack.counts()
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .fold(0, |h, (t, &n)| {
            h ^ mix((1 << 40) | (side << 32) | ((t as u64) << 8) | n as u64)
        })
}

fn node_key(board_hash: u64, racks: &[Rack; 2], scoreless: u32) -> u64 {
    board_hash ^ rack_key(&racks[0], 0) ^ rack_key(&racks[1], 1) ^ mix((2 << 40) | scoreless as u64)
}

impl<'e, 'a> Searcher<'e, 'a> {
    fn new(
        game: &'e Endgame<'a>,
        table: &'e Table,
        deadline: Option<Instant>,
        stop: &'e AtomicBool,
    ) -> Searcher<'e, 'a> {
        let n = game.board.size();
        let mut h = 0;
        for r in 0..n {
            for c in 0..n {
                let sq = game.board.get(r, c);
                if sq != 0 {
                    h ^= square_key(r * n + c, sq);
                }
            }
        }
        Searcher {
            game,
            table,
            board: game.board.clone(),
            board_hash: h,
            gen: Generator::new(game.rules.clone()),
            buffers: Vec::new(),
            nodes: 0,
            cuts: 0,
            deadline,
            stop,
            aborted: false,
        }
    }

    /// The placements of `rack`, ordered: `first` (an index of the
    /// generator's order), then plays that go out, then by score.
    fn ordered_moves(&mut self, rack: &Rack, first: Option<usize>) -> Vec<Root> {
        let mut moves: Vec<Move> = Vec::new();
        self.gen.generate(
            self.game.lex,
            &self.board,
            rack,
            &Options::default(),
            &mut moves,
        );
        let n = rack.len() as u32;
        let mut idx: Vec<usize> = (0..moves.len()).collect();
        idx.sort_by_key(|&i| {
            let m = &moves[i];
            (
                Some(i) != first,
                m.tiles_placed() != n,
                std::cmp::Reverse(m.score),
                i,
            )
        });
        idx.into_iter().map(|i| Root::Place(moves[i])).collect()
    }

    fn place(&mut self, m: &Move) {
        let n = self.board.size();
        for (r, c, sq) in m.placements() {
            self.board.set(r, c, sq);
            self.board_hash ^= square_key(r * n + c, sq);
        }
    }

    fn unplace(&mut self, m: &Move) {
        let n = self.board.size();
        for (r, c, sq) in m.placements() {
            self.board.set(r, c, 0);
            self.board_hash ^= square_key(r * n + c, sq);
        }
    }

    fn left_after(m: &Move, rack: &Rack) -> Rack {
        let mut left = *rack;
        for (_, _, sq) in m.placements() {
            left.remove(if sq & BLANK_FLAG != 0 { 0 } else { tile_of(sq) });
        }
        left
    }

    /// The value of playing `play` at the root (the mover to move with
    /// the root's racks), searched `depth` plies deep above `lo`.
    fn root_child(&mut self, play: &Root, depth: u32, lo: i32) -> i32 {
        let racks = self.game.racks;
        self.child(play, &racks, self.game.scoreless, depth, lo, INF, 0)
    }

    /// The value of `play` for the side to move with `racks` (mover first)
    /// after `scoreless` scoreless turns: its score and what follows.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        play: &Root,
        racks: &[Rack; 2],
        scoreless: u32,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let g = self.game;
        match play {
            Root::Place(m) => {
                let s = m.score;
                let left = Self::left_after(m, &racks[0]);
                if left.is_empty() {
                    return s + 2 * g.value_of(&racks[1]);
                }
                let sl = if s == 0 { scoreless + 1 } else { 0 };
                if sl >= SCORELESS_TURNS {
                    return s - g.value_of(&left) + g.value_of(&racks[1]);
                }
                self.place(m);
                let v = s - self.negamax(
                    &[racks[1], left],
                    sl,
                    depth - 1,
                    s - beta,
                    s - alpha,
                    ply + 1,
                );
                self.unplace(m);
                v
            }
            Root::Pass => {
                let sl = scoreless + 1;
                if sl >= SCORELESS_TURNS {
                    return g.value_of(&racks[1]) - g.value_of(&racks[0]);
                }
                -self.negamax(&[racks[1], racks[0]], sl, depth - 1, -beta, -alpha, ply + 1)
            }
        }
    }

    /// The value of the position for the side to move (`racks[0]`),
    /// fail-soft within `(alpha, beta)`.
    fn negamax(
        &mut self,
        racks: &[Rack; 2],
        scoreless: u32,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        if self.aborted {
            return 0;
        }
        if self.nodes & 1023 == 0
            && (self.stop.load(Ordering::Relaxed)
                || self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.aborted = true;
            return 0;
        }
        let g = self.game;
        if depth == 0 {
            // A depth limit: the tiles held, as if the game ended here.
            self.cuts += 1;
            return g.value_of(&racks[1]) - g.value_of(&racks[0]);
        }
        let key = node_key(self.board_hash, racks, scoreless);
        let mut first = None;
        if let Some(e) = self.table.probe(key) {
            if e.depth == COMPLETE || e.depth as u32 >= depth {
                if e.depth != COMPLETE {
                    self.cuts += 1;
                }
                match e.flag {
                    EXACT => return e.value,
                    LOWER => alpha = alpha.max(e.value),
                    _ => beta = beta.min(e.value),
                }
                if alpha >= beta {
                    return e.value;
                }
            }
            first = (e.best > 0).then(|| e.best as usize - 1);
        }
        let (alpha0, cuts0) = (alpha, self.cuts);
        // The generator's order, kept so the table can name a move.
        let mut moves = self
            .buffers
            .get_mut(ply)
            .map(std::mem::take)
            .unwrap_or_default();
        moves.clear();
        self.gen.generate(
            g.lex,
            &self.board,
            &racks[0],
            &Options::default(),
            &mut moves,
        );
        let n = racks[0].len() as u32;
        let mut order: Vec<u32> = (0..=moves.len() as u32).collect();
        // Index `moves.len()` is the pass, tried last.
        order.sort_by_key(|&i| match moves.get(i as usize) {
            Some(m) => (
                first != Some(i as usize),
                m.tiles_placed() != n,
                std::cmp::Reverse(m.score),
                i,
            ),
            None => (
                first != Some(i as usize),
                true,
                std::cmp::Reverse(i32::MIN),
                i,
            ),
        });
        let mut best = -INF;
        let mut best_i = 0usize;
        for &i in &order {
            let play = match moves.get(i as usize) {
                Some(m) => Root::Place(*m),
                None => Root::Pass,
            };
            let v = self.child(&play, racks, scoreless, depth, alpha, beta, ply);
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                best_i = i as usize;
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        self.buffers[ply] = moves;
        if !self.aborted {
            let flag = if best <= alpha0 {
                UPPER
            } else if best >= beta {
                LOWER
            } else {
                EXACT
            };
            let complete = self.cuts == cuts0;
            self.table.store(
                key,
                Entry {
                    value: best,
                    depth: if complete {
                        COMPLETE
                    } else {
                        depth.min(254) as u8
                    },
                    flag,
                    best: (best_i + 1).min(u16::MAX as usize) as u16,
                },
            );
        }
        best
    }

    /// The line from the root's best play `first` (value `value`): at each
    /// position the first play, in the node's order, that keeps the value.
    fn principal_variation(&mut self, first: &Root, value: i32) -> Vec<Step> {
        let g = self.game;
        let mut racks = g.racks; // the root's: [mover, opponent]
        let mut scoreless = g.scoreless;
        let mut player = 0;
        let mut want = value;
        let mut play = first.clone();
        let mut line = Vec::new();
        let mut placed = Vec::new();
        loop {
            let (me, them) = (racks[player], racks[1 - player]);
            let step = g.step(player, &play, &racks);
            let score = step.score;
            line.push(step);
            let (left, sl) = match &play {
                Root::Place(m) => {
                    let left = Self::left_after(m, &me);
                    (left, if m.score == 0 { scoreless + 1 } else { 0 })
                }
                Root::Pass => (me, scoreless + 1),
            };
            if left.is_empty() {
                break;
            }
            if sl >= SCORELESS_TURNS {
                let last = line.last_mut().expect("a step was pushed");
                last.end = g.value_of(&them) - g.value_of(&left);
                last.ending = Some(Ending::Scoreless);
                break;
            }
            if let Root::Place(m) = &play {
                self.place(m);
                placed.push(*m);
            }
            racks[player] = left;
            scoreless = sl;
            player = 1 - player;
            want = score - want; // the opponent's value from here
            let node = [racks[player], racks[1 - player]];
            let mut plays = self.ordered_moves(&node[0], None);
            plays.push(Root::Pass);
            if self.aborted {
                break;
            }
            let next = plays.into_iter().find(|p| {
                // Exactly `want`: at least `want` when it is the best.
                self.child(p, &node, scoreless, u32::MAX / 2, want - 1, want + 1, 0) >= want
            });
            match next {
                Some(p) => play = p,
                None => break,
            }
        }
        for m in placed.iter().rev() {
            self.unplace(m);
        }
        line
    }
}

#[cfg(test)]
mod tests;
