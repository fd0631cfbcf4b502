//! Seeded greedy self-play: both players always make the highest-scoring
//! move. Used to measure move generation on realistic positions, to build
//! benchmark suites, and to check that the DAWG and GADDAG generators agree.
//!
//! The games follow [`crate::game`]'s rules (a seeded bag, so a seed
//! replays the same games on every machine; the tournament end); a player
//! with no legal placement exchanges the whole rack when the bag holds at
//! least a rack's worth of tiles, else passes. Where tiles stack (Upwords)
//! moves are scored by [`Upwords`] and a player with no placement
//! exchanges as the Upwords engine did: the first of F J K Q V W X Z on the
//! rack while the bag holds tiles, else passes.
//!
//! ```
//! use lexgraph::{Alphabet, Lexicon, WordList, compile};
//! use lexgraph::rules::Rules;
//! use lexgraph::selfplay::{play_game, TurnView};
//! let words = WordList::parse(b"at\nta\ntat\neat\ntea\nate\neta\nteat\n", "inline", &Alphabet::english(), lexgraph::Invalid::Refuse)?;
//! let gaddag = Lexicon::from_vec(compile::compile(&words).gaddag)?;
//! let game = play_game(&gaddag, None, &Rules::default(), 7, |_t: &TurnView| {})?;
//! assert!(game.turns > 0);
//! # Ok::<(), lexgraph::Error>(())
//! ```

use crate::core::clock::Instant;
use std::time::Duration;

use crate::alphabet::Alphabet;
use crate::equity::Play;
use crate::error::{Error, Result};
use crate::game::Game;
use crate::movegen::{sort_moves, Generator, Move, Options};
use crate::position::Position;
use crate::rules::Rules;
use crate::scoring::{Classic, Scoring, Upwords};
use crate::strategy::upwords_exchange;

/// One turn as seen by the callback.
pub struct TurnView<'a> {
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
    /// Turns played, both players' together.
    pub turns: usize,
    /// Final scores, by player (0 moved first), the end-of-game settlement
    /// included.
    pub scores: [i32; 2],
    /// Placements that used a whole rack's worth of tiles, both players'
    /// together.
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
    on_turn: impl FnMut(&TurnView),
) -> Result<GameResult> {
    play_game_recorded(lex, check, rules, seed, on_turn).map(|(res, _)| res)
}

/// [`play_game`], and the game as played (its turns, for a record:
/// [`crate::gcg::write`]).
pub fn play_game_recorded(
    lex: &crate::Lexicon,
    check: Option<&crate::Lexicon>,
    rules: &Rules,
    seed: u64,
    on_turn: impl FnMut(&TurnView),
) -> Result<(GameResult, Game)> {
    rules.validate()?;
    if rules.stacks() {
        play_with::<Upwords>(lex, check, rules, seed, on_turn)
    } else {
        play_with::<Classic>(lex, check, rules, seed, on_turn)
    }
}

/// [`play_game_recorded`] with moves scored by `R`.
fn play_with<R: Scoring>(
    lex: &crate::Lexicon,
    check: Option<&crate::Lexicon>,
    rules: &Rules,
    seed: u64,
    mut on_turn: impl FnMut(&TurnView),
) -> Result<(GameResult, Game)> {
    let alphabet = lex.alphabet().clone();
    let mut game = Game::new(alphabet.clone(), rules.clone(), seed);
    let mut gen = Generator::<R>::with_scoring(rules.clone());
    let mut check_gen = Generator::<R>::with_scoring(rules.clone());
    let opts = Options::default();
    let mut res = GameResult::default();
    let mut moves: Vec<Move> = Vec::new();
    let mut other: Vec<Move> = Vec::new();
    while !game.is_over() {
        let player = game.to_move();
        let racks = game.racks();
        let rack = racks[player];
        let scores = game.scores();
        // Both racks: a written position is complete.
        let position = Position {
            racks: [rack, racks[1 - player]],
            scores: [scores[player], scores[1 - player]],
            ..game.position()
        };
        moves.clear();
        let t0 = Instant::now();
        gen.generate(lex, game.board(), &rack, &opts, &mut moves);
        let time = t0.elapsed();
        sort_moves(&mut moves);
        let mut check_time = None;
        if let Some(c) = check {
            other.clear();
            let t1 = Instant::now();
            check_gen.generate(c, game.board(), &rack, &opts, &mut other);
            check_time = Some(t1.elapsed());
            sort_moves(&mut other);
            if moves != other {
                return Err(Error::Position(mismatch(
                    &alphabet, &position, &moves, &other, lex, c,
                )));
            }
        }
        let played = moves.first().copied();
        on_turn(&TurnView {
            player,
            position: &position,
            moves: moves.len(),
            played: played.as_ref(),
            time,
            check_time,
            bag: game.bag_len(),
        });
        res.turns += 1;
        res.moves_per_turn.push(moves.len());
        res.time_per_turn.push(time);
        if let Some(ct) = check_time {
            res.check_time_per_turn.push(ct);
        }
        let play = match played {
            Some(m) => {
                if m.tiles_placed() as usize == rules.rack_size {
                    res.bingos += 1;
                }
                Play::Place(m)
            }
            None if !game.can_exchange() => Play::Pass,
            None if rules.stacks() => match upwords_exchange(&alphabet, &rack) {
                Some(out) => Play::Exchange(out),
                None => Play::Pass,
            },
            None => Play::Exchange(rack),
        };
        res.best_per_turn.push(play.score());
        game.play(&play)?;
    }
    res.scores = [game.scores()[0], game.scores()[1]];
    Ok((res, game))
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
        if p.board.heights().is_some() {
            p.to_stacked(a)
        } else {
            p.to_cgp(a)
        },
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
            stack_limit: 1,
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
