//! A game of two to four players under tournament rules: a seeded bag,
//! a rack each, the board and the scores, played one turn at a time, with
//! a record of every turn (what [`crate::gcg`] writes).
//!
//! The rules kept:
//! - each player holds a rack of [`Rules::rack_size`] tiles, refilled from
//!   the bag after a placement or exchange; racks are dealt in seat order
//!   and seat 0 moves first, then 1, 2, ... in turn;
//! - an exchange needs a rack's worth of tiles in the bag: new tiles are
//!   drawn before the old ones go back;
//! - two players: the game ends when a player plays out with the bag
//!   empty, who then gains twice the value of the opponent's tiles (the
//!   tournament rule, as game records write it: `(TILES) +N`); or after six
//!   consecutive scoreless turns, when each player loses the value of the
//!   tiles held;
//! - three or four players (the published rules for more players: the
//!   same 100 tiles, seven on each rack): a player who plays out with the
//!   bag empty gains the value of every other player's tiles, and each
//!   other player loses the value of the own; after three scoreless turns
//!   a player in a row ([`Game::scoreless_limit`]: 9 or 12 turns), each
//!   player loses the value of the tiles held.
//!
//! Where tiles stack ([`Rules::stacks`]: Upwords), the Upwords rules: a
//! tile may go on a tile of another letter under the stack limit; an
//! exchange is of one tile, while the bag holds any
//! ([`Rules::may_exchange`]); the game ends when a player plays out with
//! the bag empty or when every player passes in turn (or, as an engine
//! must end games, after the scoreless limit), and each player then loses
//! the value of the tiles held (5 a tile in the Upwords alphabet, the 1983
//! rule), with no bonus for going out ([`End::Penalties`]).
//!
//! The bag is shuffled by ChaCha8 from the seed, so a seed replays the same
//! game on every machine for the same plays.
//!
//! ```
//! use lexgraph::{Alphabet, Rules};
//! use lexgraph::equity::Play;
//! use lexgraph::game::Game;
//! let mut game = Game::new(Alphabet::english(), Rules::default(), 7);
//! assert_eq!(game.racks()[0].len(), 7);
//! assert_eq!(game.bag_len(), 100 - 14);
//! game.play(&Play::Pass)?;
//! assert_eq!(game.to_move(), 1);
//! assert_eq!(game.turns()[0].score, 0);
//! # Ok::<(), lexgraph::Error>(())
//! ```

pub mod gcg;
pub mod matchplay;
pub mod replay;
pub mod selfplay;
#[cfg(feature = "build")]
pub mod train;
pub mod tune;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::alphabet::{Alphabet, Tile};
use crate::board::Board;
use crate::equity::Play;
use crate::error::{Error, Result};
use crate::leave::tiles_value;
use crate::position::Position;
use crate::rack::Rack;
use crate::rules::Rules;

/// Consecutive scoreless turns that end a two-player game (three a
/// player: see [`Game::scoreless_limit`]).
pub const SCORELESS_TURNS: u32 = 6;

/// The most players a game seats.
pub const MAX_PLAYERS: usize = 4;

/// One turn as played.
#[derive(Clone, Debug, PartialEq)]
pub struct Turn {
    /// The mover's seat: 0 moved first.
    pub player: usize,
    /// The mover's rack before the turn.
    pub rack: Rack,
    /// The play made.
    pub play: Play,
    /// The points the play scored (0 for an exchange or a pass), before
    /// any end-of-game adjustment.
    pub score: i32,
    /// The mover's total after the turn.
    pub total: i32,
}

/// How a game ended, with the points it moved. Racks and penalties are by
/// seat, one for each player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// `player` played out with the bag empty and gained `bonus`: twice
    /// the opponent's tiles' value in a game of two; with more players the
    /// value of every other player's tiles, each of whom lost the own
    /// (`penalties`; all 0 in a game of two).
    Out {
        /// The seat that played out.
        player: usize,
        /// The racks held at the end, by seat (the one that played out is
        /// empty).
        racks: Vec<Rack>,
        /// The points `player` gained.
        bonus: i32,
        /// The points each seat lost.
        penalties: Vec<i32>,
    },
    /// The scoreless limit: each player lost the value of the rack held.
    Scoreless {
        /// The racks held at the end, by seat.
        racks: Vec<Rack>,
        /// The points each seat lost (their racks' tile values).
        penalties: Vec<i32>,
    },
    /// Upwords: `out` played out, or (`None`) every player passed in turn
    /// or the scoreless limit was reached; each player lost the value of
    /// the rack held.
    Penalties {
        /// The seat that played out, or `None` when the game ended on
        /// passes or scoreless turns.
        out: Option<usize>,
        /// The racks held at the end, by seat.
        racks: Vec<Rack>,
        /// The points each seat lost (their racks' tile values).
        penalties: Vec<i32>,
    },
}

impl End {
    /// The racks held at the end, by seat.
    pub fn racks(&self) -> &[Rack] {
        match self {
            End::Out { racks, .. }
            | End::Scoreless { racks, .. }
            | End::Penalties { racks, .. } => racks,
        }
    }

    /// The tiles the players other than `player` held at the end, together.
    pub fn others_tiles(&self, player: usize) -> Rack {
        let mut all = Rack::default();
        for (p, r) in self.racks().iter().enumerate() {
            if p != player {
                for t in r.tiles() {
                    all.add(t);
                }
            }
        }
        all
    }
}

/// A game in progress (see the [module](self) docs).
#[derive(Clone, Debug)]
pub struct Game {
    alphabet: Alphabet,
    rules: Rules,
    board: Board,
    players: usize,
    /// By seat; only the first `players` are in use (arrays, not vectors:
    /// look-ahead searches clone games by the million).
    racks: [Rack; MAX_PLAYERS],
    scores: [i32; MAX_PLAYERS],
    bag: Vec<Tile>,
    rng: ChaCha8Rng,
    to_move: usize,
    scoreless: u32,
    /// Consecutive passes (Upwords ends when every player passed in turn).
    passes: u32,
    turns: Vec<Turn>,
    end: Option<End>,
}

impl Game {
    /// A new two-player game: the alphabet's tiles shuffled by `seed`,
    /// racks dealt to player 0 then player 1; player 0 moves first.
    pub fn new(alphabet: Alphabet, rules: Rules, seed: u64) -> Game {
        Game::with_players(alphabet, rules, seed, 2)
            .expect("two players can always be dealt a rack each")
    }

    /// A new game of `players` players (2 to [`MAX_PLAYERS`]): the tiles
    /// shuffled by `seed`, racks dealt in seat order, seat 0 first to move.
    /// With two players it is the game [`Game::new`] deals. Refused: a
    /// count outside 2–4, or a tile set too small to fill every rack.
    pub fn with_players(
        alphabet: Alphabet,
        rules: Rules,
        seed: u64,
        players: usize,
    ) -> Result<Game> {
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(Error::Play(format!(
                "a game is of 2 to {MAX_PLAYERS} players, not {players}"
            )));
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut bag: Vec<Tile> = Vec::new();
        for (t, info) in alphabet.tiles().iter().enumerate() {
            bag.extend(std::iter::repeat_n(t as Tile, info.count as usize));
        }
        if bag.len() < players * rules.rack_size {
            return Err(Error::Play(format!(
                "{} tiles cannot fill {players} racks of {}",
                bag.len(),
                rules.rack_size
            )));
        }
        bag.shuffle(&mut rng);
        let board = Board::new(rules.layout.size());
        let mut game = Game {
            alphabet,
            rules,
            board,
            players,
            racks: [Rack::default(); MAX_PLAYERS],
            scores: [0; MAX_PLAYERS],
            bag,
            rng,
            to_move: 0,
            scoreless: 0,
            passes: 0,
            turns: Vec::new(),
            end: None,
        };
        for p in 0..players {
            game.refill(p);
        }
        Ok(game)
    }

    /// A two-player game picked up in the middle: `board`, the racks and
    /// scores by player, `to_move`, the count of consecutive scoreless
    /// turns, and the bag in drawing order (tiles are drawn from its end).
    /// `seed` shuffles the tiles an exchange puts back. Racks are not
    /// refilled here. For look-ahead searches, which play a position out
    /// many times over.
    #[allow(clippy::too_many_arguments)]
    pub fn resume(
        alphabet: Alphabet,
        rules: Rules,
        board: Board,
        racks: [Rack; 2],
        scores: [i32; 2],
        to_move: usize,
        scoreless: u32,
        bag: Vec<Tile>,
        seed: u64,
    ) -> Game {
        let mut all_racks = [Rack::default(); MAX_PLAYERS];
        all_racks[..2].copy_from_slice(&racks);
        let mut all_scores = [0; MAX_PLAYERS];
        all_scores[..2].copy_from_slice(&scores);
        Game {
            alphabet,
            rules,
            board,
            players: 2,
            racks: all_racks,
            scores: all_scores,
            bag,
            rng: ChaCha8Rng::seed_from_u64(seed),
            to_move: to_move.min(1),
            scoreless,
            passes: 0,
            turns: Vec::new(),
            end: None,
        }
    }

    /// Sets this two-player game to the one [`Game::resume`] would make
    /// from these arguments, keeping its alphabet and rules and reusing its
    /// buffers: a look-ahead that plays many games out from one position
    /// resets one game instead of building each (no allocation once the
    /// buffers have grown).
    #[allow(clippy::too_many_arguments)]
    pub fn reset(
        &mut self,
        board: &Board,
        racks: [Rack; 2],
        scores: [i32; 2],
        to_move: usize,
        scoreless: u32,
        bag: &[Tile],
        seed: u64,
    ) {
        self.board.clone_from(board);
        self.players = 2;
        self.racks = [Rack::default(); MAX_PLAYERS];
        self.racks[..2].copy_from_slice(&racks);
        self.scores = [0; MAX_PLAYERS];
        self.scores[..2].copy_from_slice(&scores);
        self.bag.clear();
        self.bag.extend_from_slice(bag);
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        self.to_move = to_move.min(1);
        self.scoreless = scoreless;
        self.passes = 0;
        self.turns.clear();
        self.end = None;
    }

    /// The alphabet the game's tiles come from.
    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    /// The rules the game is played under.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board as it stands.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// How many players the game seats (2 to [`MAX_PLAYERS`]).
    pub fn players(&self) -> usize {
        self.players
    }

    /// The racks, by seat.
    pub fn racks(&self) -> &[Rack] {
        &self.racks[..self.players]
    }

    /// The scores, by seat.
    pub fn scores(&self) -> &[i32] {
        &self.scores[..self.players]
    }

    /// The seat to move.
    pub fn to_move(&self) -> usize {
        self.to_move
    }

    /// Tiles left in the bag.
    pub fn bag_len(&self) -> usize {
        self.bag.len()
    }

    /// Every turn so far, in order.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// How the game ended, once it has.
    pub fn end(&self) -> Option<&End> {
        self.end.as_ref()
    }

    /// Whether the game has ended ([`Game::end`] is `Some`).
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// Consecutive scoreless turns that end this game: three a player (six
    /// with two, the tournament rule).
    pub fn scoreless_limit(&self) -> u32 {
        SCORELESS_TURNS / 2 * self.players as u32
    }

    /// The seats finishing first (more than one on a tie), once the game
    /// is over; by the scores so far before that.
    pub fn leaders(&self) -> Vec<usize> {
        let top = self.scores().iter().copied().max().unwrap_or(0);
        (0..self.players)
            .filter(|&p| self.scores[p] == top)
            .collect()
    }

    /// What the player to move sees: the board, the own rack (the others'
    /// left out), the scores from the mover's side (the mover's, then the
    /// best of the others'), the scoreless-turn count, and the number of
    /// players (so that [`Position::bag_len`] of it is the bag's size).
    pub fn position(&self) -> Position {
        // An empty board of side 0 holds no buffer: filled below.
        let mut pos = Position {
            board: Board::new(0),
            racks: [Rack::default(); 2],
            scores: [0; 2],
            zero_turns: 0,
            players: 2,
            lexicon: None,
            opcodes: Vec::new(),
        };
        self.position_into(&mut pos);
        pos
    }

    /// [`Game::position`] written into `pos`, in the buffers it has.
    pub fn position_into(&self, pos: &mut Position) {
        let p = self.to_move;
        let best_other = (0..self.players)
            .filter(|&o| o != p)
            .map(|o| self.scores[o])
            .max()
            .unwrap_or(0);
        pos.board.clone_from(&self.board);
        pos.racks = [self.racks[p], Rack::default()];
        pos.scores = [self.scores[p], best_other];
        pos.zero_turns = self.scoreless;
        pos.players = self.players as u8;
        pos.lexicon = None;
        pos.opcodes.clear();
    }

    /// Whether an exchange is allowed now: a rack's worth of tiles in the
    /// bag (Upwords: any, for one tile).
    pub fn can_exchange(&self) -> bool {
        self.rules.may_exchange(1, self.bag.len())
    }

    /// Plays a turn for the player to move. A placement must be a legal
    /// move for the board and the mover's rack (one a generator found, or a
    /// typed play checked with [`crate::play::Notation::why_illegal`]); this
    /// checks that its tiles are on the rack and its squares empty, not its
    /// words. Refused, with the game unchanged: any play once the game is
    /// over, an exchange of tiles not on the rack or with too few in the
    /// bag.
    pub fn play(&mut self, play: &Play) -> Result<&Turn> {
        if self.end.is_some() {
            return Err(Error::Play("the game is over".into()));
        }
        let p = self.to_move;
        let rack = self.racks[p];
        let score = match play {
            Play::Place(m) => {
                let mut left = rack;
                for (r, c, sq) in m.placements() {
                    let n = self.board.size();
                    let fits = r < n
                        && c < n
                        && match self.board.get(r, c) {
                            0 => true,
                            under => {
                                self.rules.stacks()
                                    && self.board.height(r, c) < self.rules.stack_limit
                                    && crate::board::tile_of(under) != crate::board::tile_of(sq)
                            }
                        };
                    if !fits {
                        return Err(Error::Play(format!(
                            "{} does not fit the board",
                            m.notation(&self.alphabet)
                        )));
                    }
                    let t = if sq & crate::board::BLANK_FLAG != 0 {
                        0
                    } else {
                        crate::board::tile_of(sq)
                    };
                    if !left.remove(t) {
                        return Err(Error::Play(format!(
                            "{} needs tiles not on the rack {}",
                            m.notation(&self.alphabet),
                            rack.to_text(&self.alphabet)
                        )));
                    }
                }
                m.apply(&mut self.board);
                self.racks[p] = left;
                self.refill(p);
                m.score
            }
            Play::Exchange(out) => {
                if !self.rules.may_exchange(out.len(), self.bag.len()) {
                    return Err(Error::Play(if self.rules.stacks() {
                        format!(
                            "an exchange is of one tile, with tiles in the bag; it holds {}",
                            self.bag.len()
                        )
                    } else {
                        format!(
                            "an exchange needs {} tiles in the bag; it holds {}",
                            self.rules.rack_size,
                            self.bag.len()
                        )
                    }));
                }
                let mut left = rack;
                // By counts, not `tiles()`: look-aheads exchange by the
                // million and allocate nothing.
                let taken = out
                    .counts()
                    .iter()
                    .enumerate()
                    .all(|(t, &c)| (0..c).all(|_| left.remove(t as Tile)));
                if out.is_empty() || !taken {
                    return Err(Error::Play(format!(
                        "cannot exchange {} from the rack {}",
                        out.to_text(&self.alphabet),
                        rack.to_text(&self.alphabet)
                    )));
                }
                self.racks[p] = left;
                self.refill(p);
                for (t, &c) in out.counts().iter().enumerate() {
                    self.bag.extend(std::iter::repeat_n(t as Tile, c as usize));
                }
                self.bag.shuffle(&mut self.rng);
                0
            }
            Play::Pass => 0,
        };
        self.scores[p] = self.scores[p].saturating_add(score);
        self.scoreless = if score == 0 { self.scoreless + 1 } else { 0 };
        self.passes = if *play == Play::Pass {
            self.passes + 1
        } else {
            0
        };
        self.turns.push(Turn {
            player: p,
            rack,
            play: play.clone(),
            score,
            total: self.scores[p],
        });
        let next = (p + 1) % self.players;
        let out = self.racks[p].is_empty();
        let n = self.players;
        // The scoreless limit also ends an Upwords game: one-tile exchanges
        // could otherwise go on for ever.
        let stuck = self.passes >= n as u32 || self.scoreless >= self.scoreless_limit();
        if self.rules.stacks() && (out || stuck) {
            let (racks, held) = self.held();
            self.settle(&held);
            self.end = Some(End::Penalties {
                out: out.then_some(p),
                racks,
                penalties: held,
            });
        } else if self.rules.stacks() {
            self.to_move = next;
        } else if out {
            let (racks, held) = self.held();
            let others: i32 = held.iter().sum();
            let (bonus, penalties) = if n == 2 {
                (2 * others, vec![0; 2])
            } else {
                (others, held)
            };
            self.settle(&penalties);
            self.scores[p] = self.scores[p].saturating_add(bonus);
            self.end = Some(End::Out {
                player: p,
                racks,
                bonus,
                penalties,
            });
        } else if self.scoreless >= self.scoreless_limit() {
            let (racks, held) = self.held();
            self.settle(&held);
            self.end = Some(End::Scoreless {
                racks,
                penalties: held,
            });
        } else {
            self.to_move = next;
        }
        Ok(self.turns.last().expect("a turn was just pushed"))
    }

    /// The racks by seat and their tile values, for the end's settlement
    /// (worked out only then: look-ahead searches play millions of turns).
    fn held(&self) -> (Vec<Rack>, Vec<i32>) {
        let racks = self.racks().to_vec();
        let values = racks.iter().map(|r| self.value(r)).collect();
        (racks, values)
    }

    /// Takes each seat's penalty off its score.
    fn settle(&mut self, penalties: &[i32]) {
        for (s, pen) in self.scores.iter_mut().zip(penalties) {
            *s = s.saturating_sub(*pen);
        }
    }

    fn value(&self, rack: &Rack) -> i32 {
        tiles_value(&self.alphabet, rack.counts())
    }

    fn refill(&mut self, p: usize) {
        while self.racks[p].len() < self.rules.rack_size {
            match self.bag.pop() {
                Some(t) => self.racks[p].add(t),
                None => break,
            }
        }
    }
}

/// What the games' tests play on.
#[cfg(test)]
pub(crate) mod testing {
    use crate::{compile, Alphabet, Lexicon, WordList};

    /// A GADDAG of some thirty short English words, two-letter ones with
    /// J, Q, X, Z among them: games on it end, with plays and exchanges.
    pub(crate) fn small_gaddag() -> Lexicon {
        let words = WordList::parse(
            b"at\nta\ntat\neat\ntea\nate\neta\nteat\nqi\nza\nxi\nox\nen\nne\nre\ner\nes\nit\nti\nin\non\nno\nzo\njo\nax\nex\nif\nof\nfe\nef",
            "t",
            &Alphabet::english(),
            crate::Invalid::Refuse,
        )
        .unwrap();
        Lexicon::from_vec(compile::compile(&words).gaddag).unwrap()
    }

    /// Plays game `seed` on `lex` to its end, each side taking the
    /// top-scoring move (with none, the whole rack back when the bag
    /// allows, else a pass); `after` sees the game after every turn.
    pub(crate) fn greedy_game(
        lex: &Lexicon,
        seed: u64,
        after: impl FnMut(&super::Game),
    ) -> super::Game {
        greedy_game_of(lex, 2, seed, after)
    }

    /// [`greedy_game`] with `players` players.
    pub(crate) fn greedy_game_of(
        lex: &Lexicon,
        players: usize,
        seed: u64,
        mut after: impl FnMut(&super::Game),
    ) -> super::Game {
        use super::{Game, Play};
        use crate::{Generator, Options, Rules};
        let mut gen = Generator::new(Rules::default());
        let mut g =
            Game::with_players(lex.alphabet().clone(), Rules::default(), seed, players).unwrap();
        let mut moves = Vec::new();
        while !g.is_over() {
            moves.clear();
            let rack = g.racks()[g.to_move()];
            gen.generate(lex, g.board(), &rack, &Options::default(), &mut moves);
            crate::movegen::sort_moves(&mut moves);
            let play = match moves.first() {
                Some(m) => Play::Place(*m),
                None if g.can_exchange() => Play::Exchange(rack),
                None => Play::Pass,
            };
            g.play(&play).unwrap();
            after(&g);
        }
        g
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn total_tiles(g: &Game) -> usize {
        g.bag_len() + g.racks().iter().map(Rack::len).sum::<usize>() + g.board().tile_count()
    }

    #[test]
    fn tiles_are_conserved_and_the_end_settles_scores() {
        let a = Alphabet::english();
        let lex = crate::game::testing::small_gaddag();
        for seed in 0..20 {
            let mut g = testing::greedy_game(&lex, seed, |g| assert_eq!(total_tiles(g), 100));
            let turns = g.turns();
            let sum = |p: usize| {
                turns
                    .iter()
                    .filter(|t| t.player == p)
                    .map(|t| t.score)
                    .sum::<i32>()
            };
            match g.end().unwrap() {
                End::Out {
                    player,
                    bonus,
                    racks,
                    penalties,
                } => {
                    let opponent_rack = racks[1 - player];
                    assert_eq!(*bonus, 2 * tiles_value(&a, opponent_rack.counts()));
                    assert_eq!(penalties, &[0, 0]);
                    assert_eq!(g.scores()[*player], sum(*player) + bonus);
                    assert_eq!(g.scores()[1 - player], sum(1 - player));
                }
                End::Scoreless { penalties, .. } => {
                    for (p, pen) in penalties.iter().enumerate() {
                        assert_eq!(g.scores()[p], sum(p) - pen);
                    }
                    assert!(turns.iter().rev().take(6).all(|t| t.score == 0));
                }
                End::Penalties { .. } => unreachable!("the crossword game"),
            }
            assert!(g.play(&Play::Pass).is_err(), "no play after the end");
        }
    }

    #[test]
    fn upwords_games_stack_exchange_one_tile_and_end_with_penalties() {
        use crate::movegen::{Generator, Options};
        use crate::scoring::Upwords;
        let a = Alphabet::builtin("upwords").unwrap();
        let words = crate::WordList::parse(
            b"at\nta\ntat\neat\ntea\nate\neta\nteat\nit\nti\nin\non\nno\nen\nne\nre\ner\nes\nto\nso\nos\nis\nsi\nde\nod\ndo",
            "t",
            &a,
            crate::Invalid::Refuse,
        )
        .unwrap();
        let lex = crate::Lexicon::from_vec(crate::compile::compile(&words).gaddag).unwrap();
        let rules = Rules::upwords();
        let mut gen = Generator::<Upwords>::with_scoring(rules.clone());
        let (mut stacked, mut ends) = (0, [0; 2]);
        for seed in 0..10 {
            let mut g = Game::new(a.clone(), rules.clone(), seed);
            // Two tiles may not be exchanged; one may.
            let two = Rack::from_tiles(&g.racks()[0].tiles()[..2]);
            assert!(g.play(&Play::Exchange(two)).is_err());
            while !g.is_over() {
                let rack = g.racks()[g.to_move()];
                let moves = gen.generate_vec(&lex, g.board(), &rack, &Options::default());
                let play = match moves.first() {
                    Some(m) => {
                        stacked +=
                            m.placements().any(|(r, c, _)| g.board().get(r, c) != 0) as usize;
                        Play::Place(*m)
                    }
                    None if g.can_exchange() => {
                        Play::Exchange(Rack::from_tiles(&rack.tiles()[..1]))
                    }
                    None => Play::Pass,
                };
                g.play(&play).unwrap();
                assert_eq!(total_tiles_stacked(&g), 100);
            }
            match g.end().unwrap() {
                End::Penalties {
                    out,
                    racks,
                    penalties,
                } => {
                    ends[out.is_some() as usize] += 1;
                    for p in 0..2 {
                        assert_eq!(penalties[p], 5 * racks[p].len() as i32);
                    }
                    if out.is_none() {
                        let turns = g.turns().iter().rev();
                        let passes = turns.clone().take(2).all(|t| t.play == Play::Pass);
                        let scoreless = turns.take(6).all(|t| t.score == 0);
                        assert!(passes || scoreless);
                    }
                }
                other => panic!("{other:?}"),
            }
        }
        assert!(stacked > 0, "no stacking move was played");
        assert!(ends[0] + ends[1] == 10);
    }

    /// Tiles in the bag, on racks and in the stacks on the board.
    fn total_tiles_stacked(g: &Game) -> usize {
        let n = g.board().size();
        let board: usize = (0..n)
            .flat_map(|r| (0..n).map(move |c| (r, c)))
            .map(|(r, c)| g.board().height(r, c) as usize)
            .sum();
        g.bag_len() + g.racks().iter().map(Rack::len).sum::<usize>() + board
    }

    #[test]
    fn bad_plays_are_refused_and_change_nothing() {
        let a = Alphabet::english();
        let mut g = Game::new(a.clone(), Rules::default(), 3);
        let rack = g.racks()[0];
        let missing = (1..=26u8).find(|&t| rack.count(t) == 0).unwrap();
        let before = (g.racks().to_owned(), g.bag_len());
        let e = g
            .play(&Play::Exchange(Rack::from_tiles(&[missing])))
            .unwrap_err();
        assert!(e.to_string().contains("cannot exchange"), "{e}");
        assert!(g.play(&Play::Exchange(Rack::default())).is_err());
        assert_eq!((g.racks().to_owned(), g.bag_len()), before);
        assert!(g.turns().is_empty());
        // An exchange keeps the tile count and the rack size.
        let out = Rack::from_tiles(&rack.tiles()[..3]);
        g.play(&Play::Exchange(out)).unwrap();
        assert_eq!(g.racks()[0].len(), 7);
        assert_eq!(g.bag_len(), 86);
        // Six scoreless turns end the game with each rack's value lost.
        for _ in 0..5 {
            g.play(&Play::Pass).unwrap();
        }
        assert!(matches!(g.end(), Some(End::Scoreless { .. })));
    }
}

#[cfg(test)]
mod more_players;
