//! Seeded greedy self-play: both players always make the highest-scoring
//! move. Used to measure move generation on realistic positions, to build
//! benchmark suites, and to check that the DAWG and GADDAG generators agree.
//!
//! Rules followed: a real bag drawn from the alphabet's distribution (seeded
//! ChaCha8, so a seed replays the same games on every machine); a player with
//! no legal placement exchanges the whole rack when the bag holds at least a
//! rack's worth of tiles, else passes; the game ends when a player empties
//! the rack with the bag empty (that player gains the value of the
//! opponent's rack, which the opponent loses) or after six consecutive
//! scoreless turns (each player loses the value of the tiles left on the rack).
//!
//! ```
//! use lexgraph::{Alphabet, Lexicon, WordList, compile};
//! use lexgraph::rules::Rules;
//! use lexgraph::selfplay::{play_game, Turn};
//! let words = WordList::parse(b"at\nta\ntat\neat\ntea\nate\neta\nteat\n", "inline", &Alphabet::english(), lexgraph::Invalid::Refuse)?;
//! let gaddag = Lexicon::from_vec(compile::compile(&words).gaddag)?;
//! let game = play_game(&gaddag, None, &Rules::default(), 7, |_t: &Turn| {})?;
//! assert!(game.turns > 0);
//! # Ok::<(), lexgraph::Error>(())
//! ```

use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::alphabet::{Alphabet, Tile, BLANK};
use crate::board::{Board, Position, Rack};
use crate::error::{Error, Result};
use crate::movegen::{sort_moves, Generator, Move, Options};
use crate::rules::Rules;

/// One turn as seen by the callback.
pub struct Turn<'a> {
    /// The player to move (0 moves first).
    pub player: usize,
    /// The position before the move (mover's rack first).
    pub position: &'a Position,
    /// Legal placements found.
    pub moves: usize,
    /// The move played, if any placement was possible.
    pub played: Option<&'a Move>,
    /// Generation time with the primary lexicon.
    pub time: Duration,
    /// Generation time with the checking lexicon, if any.
    pub check_time: Option<Duration>,
    /// Tiles in the bag before the move.
    pub bag: usize,
}

/// The outcome of one game.
#[derive(Clone, Debug, Default)]
pub struct GameResult {
    pub turns: usize,
    pub scores: [i32; 2],
    pub bingos: usize,
    /// Legal placements per turn.
    pub moves_per_turn: Vec<usize>,
    /// Score of the move played per turn (0 for exchange/pass).
    pub best_per_turn: Vec<i32>,
    /// Generation time per turn, primary lexicon.
    pub time_per_turn: Vec<Duration>,
    /// Generation time per turn, checking lexicon.
    pub check_time_per_turn: Vec<Duration>,
}

/// Plays one greedy game with `lex`. With `check`, every turn is also
/// generated with that lexicon (the other structure) and the two move lists
/// must be identical, else an error describes the first difference. Rules
/// that fail [`Rules::validate`] are an error; game totals saturate.
pub fn play_game(
    lex: &crate::Lexicon,
    check: Option<&crate::Lexicon>,
    rules: &Rules,
    seed: u64,
    mut on_turn: impl FnMut(&Turn),
) -> Result<GameResult> {
    rules.validate()?;
    let alphabet = lex.alphabet().clone();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut bag: Vec<Tile> = Vec::new();
    for (t, info) in alphabet.tiles().iter().enumerate() {
        bag.extend(std::iter::repeat_n(t as Tile, info.count as usize));
    }
    bag.shuffle(&mut rng);
    let n = rules.layout.size();
    let mut board = Board::new(n);
    let mut racks = [Rack::default(), Rack::default()];
    for r in &mut racks {
        refill(r, &mut bag, rules.rack_size);
    }
    let mut gen = Generator::new(rules.clone());
    let mut check_gen = Generator::new(rules.clone());
    let opts = Options::default();
    let mut res = GameResult::default();
    let mut scores = [0i32; 2];
    let mut zero_turns = 0u32;
    let mut player = 0usize;
    let mut moves: Vec<Move> = Vec::new();
    let mut other: Vec<Move> = Vec::new();
    loop {
        let position = Position {
            board: board.clone(),
            racks: [racks[player], racks[1 - player]],
            scores: [scores[player], scores[1 - player]],
            zero_turns,
            lexicon: None,
            opcodes: Vec::new(),
        };
        moves.clear();
        let t0 = Instant::now();
        gen.generate(lex, &board, &racks[player], &opts, &mut moves);
        let time = t0.elapsed();
        sort_moves(&mut moves);
        let mut check_time = None;
        if let Some(c) = check {
            other.clear();
            let t1 = Instant::now();
            check_gen.generate(c, &board, &racks[player], &opts, &mut other);
            check_time = Some(t1.elapsed());
            sort_moves(&mut other);
            if moves != other {
                return Err(Error::Position(mismatch(
                    &alphabet, &position, &moves, &other, lex, c,
                )));
            }
        }
        let bag_before = bag.len();
        let played = moves.first().copied();
        on_turn(&Turn {
            player,
            position: &position,
            moves: moves.len(),
            played: played.as_ref(),
            time,
            check_time,
            bag: bag_before,
        });
        res.turns += 1;
        res.moves_per_turn.push(moves.len());
        res.time_per_turn.push(time);
        if let Some(ct) = check_time {
            res.check_time_per_turn.push(ct);
        }
        match played {
            Some(m) => {
                m.apply(&mut board);
                m.take_from(&mut racks[player]);
                scores[player] = scores[player].saturating_add(m.score);
                res.best_per_turn.push(m.score);
                if m.tiles_placed() as usize == rules.rack_size {
                    res.bingos += 1;
                }
                zero_turns = if m.score == 0 { zero_turns + 1 } else { 0 };
                refill(&mut racks[player], &mut bag, rules.rack_size);
                if racks[player].is_empty() {
                    // Out: the opponent's tiles count for the mover and against the opponent.
                    let left = rack_value(&racks[1 - player], &alphabet);
                    scores[player] = scores[player].saturating_add(left);
                    scores[1 - player] = scores[1 - player].saturating_sub(left);
                    break;
                }
            }
            None => {
                res.best_per_turn.push(0);
                if bag.len() >= rules.rack_size {
                    // Exchange the whole rack.
                    let old = racks[player].tiles();
                    racks[player] = Rack::default();
                    refill(&mut racks[player], &mut bag, rules.rack_size);
                    bag.extend(old);
                    bag.shuffle(&mut rng);
                }
                zero_turns += 1;
            }
        }
        if zero_turns >= 6 {
            for p in 0..2 {
                scores[p] = scores[p].saturating_sub(rack_value(&racks[p], &alphabet));
            }
            break;
        }
        player = 1 - player;
    }
    res.scores = scores;
    Ok(res)
}

fn refill(rack: &mut Rack, bag: &mut Vec<Tile>, size: usize) {
    while rack.len() < size {
        match bag.pop() {
            Some(t) => rack.add(t),
            None => break,
        }
    }
}

fn rack_value(rack: &Rack, alphabet: &Alphabet) -> i32 {
    rack.tiles()
        .iter()
        .map(|&t| {
            if t == BLANK {
                0
            } else {
                alphabet.score(t) as i32
            }
        })
        .sum()
}

fn mismatch(
    a: &Alphabet,
    p: &Position,
    moves: &[Move],
    other: &[Move],
    lex: &crate::Lexicon,
    c: &crate::Lexicon,
) -> String {
    let show = |m: &Move| format!("{} {}", m.notation(a), m.score);
    let only_a: Vec<String> = moves
        .iter()
        .filter(|m| !other.contains(m))
        .take(5)
        .map(show)
        .collect();
    let only_b: Vec<String> = other
        .iter()
        .filter(|m| !moves.contains(m))
        .take(5)
        .map(show)
        .collect();
    format!(
        "{} and {} disagree on position {}: {} vs {} moves; only {}: {:?}; only {}: {:?}",
        lex.kind().name(),
        c.kind().name(),
        p.to_cgp(a),
        moves.len(),
        other.len(),
        lex.kind().name(),
        only_a,
        c.kind().name(),
        only_b
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Layout;
    use crate::wordlist::Invalid;
    use crate::{compile, Lexicon, WordList};

    #[test]
    fn rules_that_could_overflow_are_refused_before_playing() {
        let words =
            WordList::parse(b"at\nta\n", "t", &Alphabet::english(), Invalid::Refuse).unwrap();
        let lex = Lexicon::from_vec(compile::compile(&words).gaddag).unwrap();
        let all_q = Layout::parse("q", &format!("{}\n", "Q".repeat(15)).repeat(15)).unwrap();
        let rules = Rules {
            layout: all_q,
            rack_size: 15,
            bingo_bonus: 50,
        };
        match play_game(&lex, None, &rules, 1, |_| {}) {
            Err(Error::Rules(msg)) => assert!(msg.contains("15-tile racks"), "{msg}"),
            other => panic!("{:?}", other.map(|r| r.scores)),
        }
        let fine = Rules {
            rack_size: 7,
            ..rules
        };
        let game = play_game(&lex, None, &fine, 1, |_| {}).unwrap();
        assert!(game.scores.iter().all(|&s| s > -1000));
    }
}
