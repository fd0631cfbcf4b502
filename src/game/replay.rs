//! Replaying a game record turn by turn, checking every score it gives.
//!
//! A [`gcg::Record`](crate::gcg::Record) says what each player did and what
//! it scored; [`replay`] puts each placement on a board and scores it again
//! with the crate's scoring ([`crate::scoring::Classic`]: premiums, cross
//! words, the bingo bonus), so that a recorded score or running total that
//! disagrees is found, with its turn. The other lines are checked by their
//! rules: an exchange or pass scores 0; `--` takes the previous placement's
//! tiles off the board and its points off the total; `(TILES) +N` is twice
//! the value of the tiles (once in a game of three or four players), which
//! must be the tiles not on the board;
//! `RACK (TILES) -N` is their value; `(challenge)` and `(time)` move the
//! total by what they say. A word not in the lexicon does not stop
//! scoring: it is listed with its turn (a lexicon other than the game's, or
//! a phony).
//!
//! ```
//! use lexgraph::{gcg, replay, Alphabet, Rules};
//! let a = Alphabet::english();
//! let text = "#player1 ann Ann\n#player2 bob Bob\n\
//!             >ann: AEIQRSU 8H QUIRE +34 34\n\
//!             >bob: AAEHNTW 9H AT +17 17\n";
//! let record = gcg::parse(text.as_bytes(), "inline", &a)?;
//! let game = replay::replay(&record, &Rules::default(), &a, None)?;
//! // QUIRE: (10 + 1 + 1 + 1 + 2 on the double letter) x 2 on the centre
//! // star = 30, not 34.
//! assert_eq!(game.steps[0].computed, Some(30));
//! assert_eq!(game.steps[0].problems[0], "score: recorded +34, computed +30");
//! // AT forms QA and UT below QUIRE: 3 + 11 + 3.
//! assert_eq!(game.steps[1].words, ["AT", "QA", "UT"]);
//! assert!(game.steps[1].problems.is_empty());
//! assert!(!game.agrees());
//! # Ok::<(), lexgraph::Error>(())
//! ```

use crate::alphabet::{Alphabet, BLANK};
use crate::board::{tile_of, Board, Dir, BLANK_FLAG};
use crate::error::{Error, Result};
use crate::gcg::{Action, Event, Record};
use crate::lane::LaneSquare;
use crate::leave::tiles_value;
use crate::lexicon::Lexicon;
use crate::movegen::{cross_words, squares_text, Move};
use crate::play::{cross_move, Notation};
use crate::position::Position;
use crate::rack::Rack;
use crate::rules::{Rules, MAX_SIZE};
use crate::scoring::{Classic, Scoring};

/// One turn line, replayed.
#[derive(Clone, Debug)]
pub struct Step {
    /// The turn's number (1-based, every `>` line counts).
    pub turn: usize,
    /// The turn line as read.
    pub event: Event,
    /// The position before the turn, from the mover's side: the board, the
    /// mover's rack when the line gives one (the opponent's left out), the
    /// recorded totals (mover first), the scoreless turns so far, the
    /// record's lexicon.
    pub before: Position,
    /// The placement as the board has it (one-tile plays along their word).
    pub placement: Option<Move>,
    /// What the placement scores, computed.
    pub computed: Option<i32>,
    /// The words a placement forms, main word first.
    pub words: Vec<String>,
    /// Those of them the lexicon lacks.
    pub missing: Vec<String>,
    /// Where the record disagrees with the replay (a score, a total, tiles).
    pub problems: Vec<String>,
}

impl Step {
    /// The play made, ranked as the engine ranks plays (its score as the
    /// board computes it, plus the value of the tiles kept under `leaves`,
    /// or the end-of-game settlement when the bag is empty): to compare
    /// with the best play of the turn. `None` when the line gives no rack,
    /// the play's tiles are not on it, or the line is not a placement,
    /// exchange or pass.
    pub fn played(
        &self,
        alphabet: &Alphabet,
        leaves: &crate::strategy::Leaves,
        rules: &Rules,
    ) -> Option<crate::equity::Ranked> {
        use crate::equity::{Play, Ranked};
        let rack = self.event.rack?;
        let (play, used) = match (&self.event.action, &self.placement) {
            (Action::Place(_), Some(m)) => {
                let mut used = Rack::default();
                for (_, _, sq) in m.placements() {
                    used.add(if sq & BLANK_FLAG != 0 { 0 } else { tile_of(sq) });
                }
                let mut m = *m;
                m.score = self.computed?;
                (Play::Place(m), used)
            }
            (Action::Exchange(out), _) => (Play::Exchange(*out), *out),
            (Action::Pass, _) => (Play::Pass, Rack::default()),
            _ => return None,
        };
        let mut leave = rack;
        if !used.tiles().into_iter().all(|t| leave.remove(t)) {
            return None;
        }
        let pos = &self.before;
        let equity = crate::leave::equity(
            play.score(),
            leave.counts(),
            leaves,
            pos.bag_len(alphabet, rules.rack_size),
            &pos.unseen(alphabet),
            alphabet,
        );
        Some(Ranked {
            play,
            equity,
            leave,
        })
    }
}

/// A replayed game (see the [module](self) docs).
#[derive(Clone, Debug)]
pub struct Replay {
    /// Every turn line of the record, replayed, in order.
    pub steps: Vec<Step>,
    /// The board at the end.
    pub board: Board,
    /// The last recorded totals, by player (seat order).
    pub totals: Vec<i64>,
    /// The totals with every placement scored as computed, by player.
    pub computed_totals: Vec<i64>,
}

impl Replay {
    /// Whether every score and total of the record agrees with the replay.
    pub fn agrees(&self) -> bool {
        self.steps.iter().all(|s| s.problems.is_empty())
    }

    /// Every word not in the lexicon, with its turn.
    pub fn missing_words(&self) -> impl Iterator<Item = (usize, &str)> {
        self.steps
            .iter()
            .flat_map(|s| s.missing.iter().map(move |w| (s.turn, w.as_str())))
    }
}

/// Replays `record` on an empty board of `rules`, its tiles of `alphabet`
/// (the alphabet it was parsed with), checking its words against `lexicon`
/// when one is given. Disagreements are reported in each [`Step`]; a line
/// that cannot be replayed at all is an [`Error::Input`] naming it: a
/// placement off the board, over a different tile, on `.` squares that are
/// empty, that is not its whole word or places nothing; `--` with no
/// placement of the player's before it.
pub fn replay(
    record: &Record,
    rules: &Rules,
    alphabet: &Alphabet,
    lexicon: Option<&Lexicon>,
) -> Result<Replay> {
    let classic = Classic::new(rules, alphabet);
    let mut board = Board::new(rules.layout.size());
    let n = record.players.len();
    let mut totals = vec![0i64; n];
    let mut computed_totals = vec![0i64; n];
    let mut zero_turns = 0u32;
    // The last placement, to withdraw: (player, move, recorded points,
    // computed points, scoreless turns before it).
    let mut last_place: Option<(usize, Move, i32, i32, u32)> = None;
    let mut steps = Vec::with_capacity(record.events.len());
    for (i, e) in record.events.iter().enumerate() {
        let p = e.player;
        let bad = |msg: String| Error::Input {
            origin: format!("turn {}", i + 1),
            line: e.line,
            offset: e.offset,
            msg,
        };
        let before = Position {
            board: board.clone(),
            racks: [e.rack.unwrap_or_default(), Rack::default()],
            scores: [
                clamp(totals[p]),
                clamp(
                    (0..n)
                        .filter(|&o| o != p)
                        .map(|o| totals[o])
                        .max()
                        .unwrap_or(0),
                ),
            ],
            zero_turns,
            players: n as u8,
            lexicon: record.lexicon.clone(),
            opcodes: Vec::new(),
        };
        let mut step = Step {
            turn: i + 1,
            event: e.clone(),
            before,
            placement: None,
            computed: None,
            words: Vec::new(),
            missing: Vec::new(),
            problems: Vec::new(),
        };
        let points = i64::from(e.points);
        let mut computed_points = points;
        let rack_text = |r: &Rack| r.to_text(alphabet);
        match &e.action {
            Action::Place(n) => {
                let m = placement(&board, n, alphabet).map_err(bad)?;
                let score = score_placement(&classic, rules, &board, &m);
                step.words = words(&board, &m, alphabet);
                if let Some(lex) = lexicon {
                    step.missing = formed(&board, &m)
                        .into_iter()
                        .filter(|w| {
                            !lex.contains_tiles(&w.iter().map(|&s| tile_of(s)).collect::<Vec<_>>())
                        })
                        .map(|w| squares_text(&w, alphabet))
                        .collect();
                }
                if score != e.points {
                    step.problems.push(format!(
                        "score: recorded {:+}, computed {score:+}",
                        e.points
                    ));
                }
                if let Some(r) = &e.rack {
                    let mut left = *r;
                    if m.placements().any(|(_, _, sq)| !left.remove(bag_tile(sq))) {
                        step.problems.push(format!(
                            "tiles: the rack {} lacks tiles the play places",
                            rack_text(r)
                        ));
                    }
                }
                last_place = Some((p, m, e.points, score, zero_turns));
                m.apply(&mut board);
                zero_turns = if score == 0 { zero_turns + 1 } else { 0 };
                step.placement = Some(m);
                step.computed = Some(score);
                computed_points = i64::from(score);
            }
            Action::Exchange(_) | Action::ExchangeCount(_) | Action::Pass => {
                if let (Action::Exchange(out), Some(r)) = (&e.action, &e.rack) {
                    let mut left = *r;
                    if out.tiles().into_iter().any(|t| !left.remove(t)) {
                        step.problems.push(format!(
                            "tiles: the rack {} lacks tiles the exchange puts back",
                            rack_text(r)
                        ));
                    }
                }
                if e.points != 0 {
                    step.problems.push(format!(
                        "score: recorded {:+} for {}, which scores 0",
                        e.points,
                        if e.action == Action::Pass {
                            "a pass"
                        } else {
                            "an exchange"
                        }
                    ));
                }
                zero_turns += 1;
            }
            Action::Withdrawn => {
                let Some((who, m, recorded, computed, zeros)) = last_place.take() else {
                    return Err(bad("-- withdraws a placement, but none comes before".into()));
                };
                let last = record.events[..i]
                    .iter()
                    .rev()
                    .find(|x| !matches!(x.action, Action::ChallengeBonus | Action::TimePenalty));
                if who != p || !last.is_some_and(|x| matches!(x.action, Action::Place(_))) {
                    return Err(bad(format!(
                        "-- withdraws the player's last placement, but the last turn is not {}'s placement",
                        record.players[p].nick
                    )));
                }
                for (r, c, _) in m.placements() {
                    board.set(r, c, 0);
                }
                if e.points != -recorded {
                    step.problems.push(format!(
                        "score: recorded {:+}, but the withdrawn play scored {recorded:+}",
                        e.points
                    ));
                }
                step.placement = Some(m);
                step.computed = Some(-computed);
                computed_points = -i64::from(computed);
                zero_turns = zeros + 1;
            }
            Action::ChallengeBonus => {
                if e.points < 0 {
                    step.problems
                        .push(format!("score: a challenge bonus of {:+}", e.points));
                }
            }
            Action::EndPoints(tiles) => {
                // Twice the opponent's tiles in a game of two; the others'
                // tiles once with more players (who each lose their own).
                let (times, what) = if n == 2 {
                    (2, "twice the value")
                } else {
                    (1, "the value")
                };
                let want = times * tiles_value(alphabet, tiles.counts());
                if e.points != want {
                    step.problems.push(format!(
                        "score: recorded {:+}, {what} of {} is {want:+}",
                        e.points,
                        rack_text(tiles)
                    ));
                }
                let left = off_board(&board, alphabet);
                if left != *tiles {
                    step.problems.push(format!(
                        "tiles: ({}) are not the tiles off the board, {}",
                        rack_text(tiles),
                        rack_text(&left)
                    ));
                }
            }
            Action::RackPenalty(tiles) => {
                let want = -tiles_value(alphabet, tiles.counts());
                if e.points != want {
                    step.problems.push(format!(
                        "score: recorded {:+}, the value of {} is {}",
                        e.points,
                        rack_text(tiles),
                        want
                    ));
                }
                if e.rack.is_some_and(|r| r != *tiles) {
                    step.problems.push(format!(
                        "tiles: the rack {} is not ({})",
                        rack_text(&e.rack.unwrap_or_default()),
                        rack_text(tiles)
                    ));
                }
            }
            Action::TimePenalty => {
                if e.points > 0 {
                    step.problems
                        .push(format!("score: a time penalty of {:+}", e.points));
                }
            }
        }
        let expected = totals[p] + points;
        if i64::from(e.total) != expected {
            step.problems.push(format!(
                "total: recorded {}, expected {expected} ({} {:+})",
                e.total, totals[p], e.points
            ));
        }
        totals[p] = i64::from(e.total);
        computed_totals[p] += computed_points;
        steps.push(step);
    }
    Ok(Replay {
        steps,
        board,
        totals,
        computed_totals,
    })
}

fn clamp(x: i64) -> i32 {
    x.clamp(i32::MIN as i64, i32::MAX as i64) as i32
}

/// The tile a square's contents took from the bag (a blank as [`BLANK`]).
fn bag_tile(sq: u8) -> u8 {
    if sq & BLANK_FLAG != 0 {
        BLANK
    } else {
        tile_of(sq)
    }
}

/// The tiles of the alphabet's bag not on the board.
fn off_board(board: &Board, a: &Alphabet) -> Rack {
    let on = board.bag_tiles();
    let mut left = Rack::default();
    for (t, info) in a.tiles().iter().enumerate() {
        for _ in on[t]..info.count as usize {
            left.add(t as u8);
        }
    }
    left
}

/// The move a written play makes on `board`, or why it makes none.
pub fn placement(board: &Board, n: &Notation, a: &Alphabet) -> std::result::Result<Move, String> {
    let size = board.size();
    let len = n.word.len();
    let at = |i: usize| match n.dir {
        Dir::Across => (n.row, n.col + i),
        Dir::Down => (n.row + i, n.col),
    };
    let (lr, lc) = at(len - 1);
    if n.row >= size || n.col >= size || lr >= size || lc >= size || len > MAX_SIZE {
        return Err(format!(
            "{} with {len} squares runs off the {size}x{size} board",
            n.coordinates()
        ));
    }
    let name = |(r, c): (usize, usize)| format!("{}{}", r + 1, crate::movegen::column_name(c));
    let mut m = Move {
        dir: n.dir,
        row: n.row as u8,
        col: n.col as u8,
        len: len as u8,
        word: [0; MAX_SIZE],
        placed: 0,
        score: 0,
    };
    for (i, &w) in n.word.iter().enumerate() {
        let (r, c) = at(i);
        match (board.get(r, c), w) {
            (0, 0) => {
                return Err(format!(
                    "{} is empty: '.' stands for a tile on the board",
                    name((r, c))
                ))
            }
            (0, w) => {
                m.word[i] = w;
                m.placed |= 1 << i;
            }
            (on, 0) => m.word[i] = on,
            (on, w) if tile_of(on) == tile_of(w) => m.word[i] = on,
            (on, w) => {
                return Err(format!(
                    "{} holds {}, not {}",
                    name((r, c)),
                    a.label(tile_of(on), on & BLANK_FLAG != 0),
                    a.label(tile_of(w), w & BLANK_FLAG != 0)
                ))
            }
        }
    }
    if m.placed == 0 {
        return Err(format!("{} places no tile", n.coordinates()));
    }
    let (dr, dc) = match n.dir {
        Dir::Across => (0, 1),
        Dir::Down => (1, 0),
    };
    if let (Some(r), Some(c)) = (n.row.checked_sub(dr), n.col.checked_sub(dc)) {
        if board.get(r, c) != 0 {
            return Err(format!(
                "the word is not whole: {} before it holds a tile",
                name((r, c))
            ));
        }
    }
    let (ar, ac) = (lr + dr, lc + dc);
    if ar < size && ac < size && board.get(ar, ac) != 0 {
        return Err(format!(
            "the word is not whole: {} after it holds a tile",
            name((ar, ac))
        ));
    }
    // A lone tile written alone: the play along the word it forms.
    if len == 1 {
        if let Some(other) = cross_move(board, &m) {
            m = other;
        }
    }
    Ok(m)
}

/// The words `m` forms on `board` (before it is applied), main word first
/// (when it has two tiles or more), as squares.
fn formed(board: &Board, m: &Move) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    if m.len >= 2 {
        out.push(m.word().to_vec());
    }
    out.extend(cross_words(board, m).into_iter().map(|(_, _, w)| w));
    out
}

fn words(board: &Board, m: &Move, a: &Alphabet) -> Vec<String> {
    formed(board, m)
        .iter()
        .map(|w| squares_text(w, a))
        .collect()
}

/// What `m` scores on `board` (before it is applied) under `scoring`'s
/// rule: the main word (of two tiles or more), each cross word, the bingo
/// bonus. The move need not be legal: its words are not looked up.
pub fn score_placement<S: Scoring>(scoring: &S, rules: &Rules, board: &Board, m: &Move) -> i32 {
    let n = board.size();
    let (dr, dc) = match m.dir {
        Dir::Across => (1isize, 0isize),
        Dir::Down => (0, 1),
    };
    let at = |r: isize, c: isize| -> u8 {
        if r < 0 || c < 0 || r >= n as isize || c >= n as isize {
            0
        } else {
            board.get(r as usize, c as usize)
        }
    };
    let mut tally = scoring.start();
    for i in 0..m.len as usize {
        let (r, c) = m.square(i);
        let sq = m.word[i];
        if m.placed >> i & 1 == 0 {
            let q = LaneSquare {
                tile: sq,
                height: 1,
                ..LaneSquare::default()
            };
            tally = scoring.through(tally, &q);
            continue;
        }
        // The perpendicular tiles on both sides.
        let (mut cross_sum, mut has_cross) = (0, false);
        for dir in [-1isize, 1] {
            let (mut rr, mut cc) = (r as isize + dir * dr, c as isize + dir * dc);
            while at(rr, cc) != 0 {
                cross_sum += scoring.square_value(at(rr, cc));
                has_cross = true;
                rr += dir * dr;
                cc += dir * dc;
            }
        }
        let q = LaneSquare {
            cross_sum,
            has_cross,
            letter_mult: rules.layout.letter_mult(r, c),
            word_mult: rules.layout.word_mult(r, c),
            ..LaneSquare::default()
        };
        let value = if sq & BLANK_FLAG != 0 {
            0
        } else {
            scoring.value(tile_of(sq) as usize)
        };
        tally = scoring.place(tally, &q, value);
    }
    let total = scoring.total(&tally, m.tiles_placed());
    if m.len < 2 {
        // No main word: only the cross word counts (a lone tile forming
        // nothing scores nothing).
        let alone = {
            let (r, c) = m.square(0);
            let q = LaneSquare {
                letter_mult: rules.layout.letter_mult(r, c),
                word_mult: rules.layout.word_mult(r, c),
                ..LaneSquare::default()
            };
            let v = if m.word[0] & BLANK_FLAG != 0 {
                0
            } else {
                scoring.value(tile_of(m.word[0]) as usize)
            };
            let t = scoring.place(scoring.start(), &q, v);
            scoring.total(&t, m.tiles_placed())
        };
        return total - alone;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gcg;
    use crate::movegen::{Generator, Options};

    /// Every move the generator finds scores the same when scored directly.
    #[test]
    fn direct_scores_match_the_generator() {
        let a = Alphabet::english();
        let lex = crate::game::testing::small_gaddag();
        let rules = Rules::default();
        let classic = Classic::new(&rules, &a);
        let mut gen = Generator::new(rules.clone());
        for seed in 0..5 {
            let mut g = crate::game::Game::new(a.clone(), rules.clone(), seed);
            while !g.is_over() {
                let p = g.to_move();
                let mut moves = Vec::new();
                gen.generate(
                    &lex,
                    g.board(),
                    &g.racks()[p],
                    &Options::default(),
                    &mut moves,
                );
                for m in &moves {
                    assert_eq!(score_placement(&classic, &rules, g.board(), m), m.score);
                }
                crate::movegen::sort_moves(&mut moves);
                let play = match moves.first() {
                    Some(m) => crate::equity::Play::Place(*m),
                    None => crate::equity::Play::Pass,
                };
                g.play(&play).unwrap();
            }
            let text = gcg::write(&g, &["a", "b"], None);
            let record = gcg::parse(text.as_bytes(), "t", &a).unwrap();
            let r = replay(&record, &rules, &a, Some(&lex)).unwrap();
            assert!(
                r.agrees(),
                "{text}\n{:?}",
                r.steps.iter().find(|s| !s.problems.is_empty())
            );
            assert_eq!(r.missing_words().count(), 0);
            assert_eq!(
                r.totals,
                g.scores().iter().map(|&s| i64::from(s)).collect::<Vec<_>>()
            );
        }
    }
}
