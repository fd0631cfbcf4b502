//! A two-player game under tournament rules: a seeded bag, two racks, the
//! board and the scores, played one turn at a time, with a record of every
//! turn (what [`crate::gcg`] writes).
//!
//! The rules kept:
//! - each player holds a rack of [`Rules::rack_size`] tiles, refilled from
//!   the bag after a placement or exchange;
//! - an exchange needs a rack's worth of tiles in the bag: new tiles are
//!   drawn before the old ones go back;
//! - the game ends when a player plays out with the bag empty, who then
//!   gains twice the value of the opponent's tiles (the tournament rule,
//!   as game records write it: `(TILES) +N`); or after six consecutive
//!   scoreless turns, when each player loses the value of the tiles held.
//!
//! Where tiles stack ([`Rules::stacks`]: Upwords), the Upwords rules: a
//! tile may go on a tile of another letter under the stack limit; an
//! exchange is of one tile, while the bag holds any
//! ([`Rules::may_exchange`]); the game ends when a player plays out with
//! the bag empty or when both pass in turn (or, as an engine must end
//! games, after six scoreless turns), and each player then loses the
//! value of the tiles held (5 a tile in the Upwords alphabet, the 1983
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

/// Consecutive scoreless turns that end a game.
pub const SCORELESS_TURNS: u32 = 6;

/// One turn as played.
#[derive(Clone, Debug, PartialEq)]
pub struct Turn {
    /// The mover: 0 or 1.
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

/// How a game ended, with the points it moved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// `player` played out and gained `bonus`: twice the value of
    /// `opponent_rack`.
    Out {
        /// The player who played out: 0 or 1.
        player: usize,
        /// The tiles the opponent held at the end.
        opponent_rack: Rack,
        /// The points `player` gained.
        bonus: i32,
    },
    /// Six scoreless turns: each player lost the value of the rack held.
    Scoreless {
        /// The racks held at the end, by player.
        racks: [Rack; 2],
        /// The points each player lost (their racks' tile values), by
        /// player.
        penalties: [i32; 2],
    },
    /// Upwords: `out` played out, or (`None`) both players passed in turn
    /// or six turns went scoreless; each player lost the value of the rack
    /// held.
    Penalties {
        /// The player who played out, or `None` when the game ended on
        /// passes or scoreless turns.
        out: Option<usize>,
        /// The racks held at the end, by player.
        racks: [Rack; 2],
        /// The points each player lost (their racks' tile values), by
        /// player.
        penalties: [i32; 2],
    },
}

/// A game in progress (see the [module](self) docs).
#[derive(Clone, Debug)]
pub struct Game {
    alphabet: Alphabet,
    rules: Rules,
    board: Board,
    racks: [Rack; 2],
    scores: [i32; 2],
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
    /// A new game: the alphabet's tiles shuffled by `seed`, racks dealt to
    /// player 0 then player 1; player 0 moves first.
    pub fn new(alphabet: Alphabet, rules: Rules, seed: u64) -> Game {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut bag: Vec<Tile> = Vec::new();
        for (t, info) in alphabet.tiles().iter().enumerate() {
            bag.extend(std::iter::repeat_n(t as Tile, info.count as usize));
        }
        bag.shuffle(&mut rng);
        let board = Board::new(rules.layout.size());
        let mut game = Game {
            alphabet,
            rules,
            board,
            racks: [Rack::default(); 2],
            scores: [0; 2],
            bag,
            rng,
            to_move: 0,
            scoreless: 0,
            passes: 0,
            turns: Vec::new(),
            end: None,
        };
        for p in 0..2 {
            game.refill(p);
        }
        game
    }

    /// A game picked up in the middle: `board`, the racks and scores by
    /// player, `to_move`, the count of consecutive scoreless turns, and the
    /// bag in drawing order (tiles are drawn from its end). `seed` shuffles
    /// the tiles an exchange puts back. Racks are not refilled here. For
    /// look-ahead searches, which play a position out many times over.
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
        Game {
            alphabet,
            rules,
            board,
            racks,
            scores,
            bag,
            rng: ChaCha8Rng::seed_from_u64(seed),
            to_move: to_move.min(1),
            scoreless,
            passes: 0,
            turns: Vec::new(),
            end: None,
        }
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

    /// Both racks, by player.
    pub fn racks(&self) -> &[Rack; 2] {
        &self.racks
    }

    /// Both scores, by player.
    pub fn scores(&self) -> [i32; 2] {
        self.scores
    }

    /// The player to move.
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

    /// What the player to move sees: the board, the own rack (the
    /// opponent's left out), the scores from the mover's side, and the
    /// scoreless-turn count. [`Position::bag_len`] of it is the bag's size.
    pub fn position(&self) -> Position {
        let (p, o) = (self.to_move, 1 - self.to_move);
        Position {
            board: self.board.clone(),
            racks: [self.racks[p], Rack::default()],
            scores: [self.scores[p], self.scores[o]],
            zero_turns: self.scoreless,
            lexicon: None,
            opcodes: Vec::new(),
        }
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
                if out.is_empty() || out.tiles().into_iter().any(|t| !left.remove(t)) {
                    return Err(Error::Play(format!(
                        "cannot exchange {} from the rack {}",
                        out.to_text(&self.alphabet),
                        rack.to_text(&self.alphabet)
                    )));
                }
                self.racks[p] = left;
                self.refill(p);
                self.bag.extend(out.tiles());
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
        let o = 1 - p;
        let out = self.racks[p].is_empty();
        // Six scoreless turns also end an Upwords game: one-tile exchanges
        // could otherwise go on for ever.
        let stuck = self.passes >= 2 || self.scoreless >= SCORELESS_TURNS;
        if self.rules.stacks() && (out || stuck) {
            let penalties = [self.value(&self.racks[0]), self.value(&self.racks[1])];
            for (s, pen) in self.scores.iter_mut().zip(penalties) {
                *s = s.saturating_sub(pen);
            }
            self.end = Some(End::Penalties {
                out: out.then_some(p),
                racks: self.racks,
                penalties,
            });
        } else if self.rules.stacks() {
            self.to_move = o;
        } else if out {
            let bonus = 2 * self.value(&self.racks[o]);
            self.scores[p] = self.scores[p].saturating_add(bonus);
            self.end = Some(End::Out {
                player: p,
                opponent_rack: self.racks[o],
                bonus,
            });
        } else if self.scoreless >= SCORELESS_TURNS {
            let penalties = [self.value(&self.racks[0]), self.value(&self.racks[1])];
            for (s, pen) in self.scores.iter_mut().zip(penalties) {
                *s = s.saturating_sub(pen);
            }
            self.end = Some(End::Scoreless {
                racks: self.racks,
                penalties,
            });
        } else {
            self.to_move = o;
        }
        Ok(self.turns.last().expect("a turn was just pushed"))
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
        mut after: impl FnMut(&super::Game),
    ) -> super::Game {
        use super::{Game, Play};
        use crate::{Generator, Options, Rules};
        let mut gen = Generator::new(Rules::default());
        let mut g = Game::new(lex.alphabet().clone(), Rules::default(), seed);
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
                    opponent_rack,
                } => {
                    assert_eq!(*bonus, 2 * tiles_value(&a, opponent_rack.counts()));
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
