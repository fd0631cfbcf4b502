//! Game records in GCG, the format of tournament and online game records:
//! header lines (`#player1 NICK Full name`), then one line per turn,
//! `>NICK: RACK POSITION PLAY +SCORE TOTAL`.
//!
//! A placement writes its main word with `.` for the tiles already on the
//! board and lower case for blanks (`8D WINDY`, `E3 JAVE..N`); an exchange
//! is `-TILES`, a pass `-`; the end of the game is `(TILES) +N` for the
//! player who played out (twice the opponent's tiles) or `(TILES) -N` for
//! each player after six scoreless turns.
//!
//! ```
//! use lexgraph::{Alphabet, Rules};
//! use lexgraph::equity::Play;
//! use lexgraph::game::Game;
//! let mut game = Game::new(Alphabet::english(), Rules::default(), 1);
//! game.play(&Play::Pass)?;
//! let text = lexgraph::gcg::write(&game, ["ann", "bob"], Some("ENABLE"));
//! assert!(text.starts_with("#character-encoding UTF-8\n#player1 ann ann\n#player2 bob bob\n#lexicon ENABLE\n>ann: "));
//! assert!(text.ends_with(" - +0 0\n"));
//! # Ok::<(), lexgraph::Error>(())
//! ```

use std::fmt::Write;

use crate::board::{tile_of, Rack, BLANK_FLAG};
use crate::equity::Play;
use crate::game::{End, Game};
use crate::movegen::Move;

/// The game as GCG text. Nicknames must not hold white space or `:`;
/// such characters become `_`.
pub fn write(game: &Game, nicks: [&str; 2], lexicon: Option<&str>) -> String {
    let a = game.alphabet();
    let nick = |p: usize| -> String {
        nicks[p]
            .chars()
            .map(|c| {
                if c.is_whitespace() || c == ':' {
                    '_'
                } else {
                    c
                }
            })
            .collect()
    };
    let rack = |r: &Rack| r.to_text(a);
    let mut s = String::from("#character-encoding UTF-8\n");
    for (p, full) in nicks.iter().enumerate() {
        let _ = writeln!(s, "#player{} {} {full}", p + 1, nick(p));
    }
    if let Some(l) = lexicon {
        let _ = writeln!(s, "#lexicon {l}");
    }
    for t in game.turns() {
        let what = match &t.play {
            Play::Place(m) => placement(m, a),
            Play::Exchange(out) => format!("-{}", rack(out)),
            Play::Pass => "-".to_string(),
        };
        let _ = writeln!(
            s,
            ">{}: {} {} +{} {}",
            nick(t.player),
            rack(&t.rack),
            what,
            t.score,
            t.total
        );
    }
    let totals = game.scores();
    match game.end() {
        Some(End::Out {
            player,
            opponent_rack,
            bonus,
        }) => {
            let _ = writeln!(
                s,
                ">{}:  ({}) +{} {}",
                nick(*player),
                rack(opponent_rack),
                bonus,
                totals[*player]
            );
        }
        Some(End::Scoreless { racks, penalties }) => {
            for p in 0..2 {
                let _ = writeln!(
                    s,
                    ">{}: {} ({}) -{} {}",
                    nick(p),
                    rack(&racks[p]),
                    rack(&racks[p]),
                    penalties[p],
                    totals[p]
                );
            }
        }
        None => {}
    }
    s
}

/// `8D WINDY`, `E3 JAVE..N`: the main word, `.` for tiles on the board.
fn placement(m: &Move, a: &crate::Alphabet) -> String {
    let word: String = m
        .word()
        .iter()
        .enumerate()
        .map(|(i, &sq)| {
            if m.placed >> i & 1 == 0 {
                ".".to_string()
            } else {
                a.label(tile_of(sq), sq & BLANK_FLAG != 0)
            }
        })
        .collect();
    format!("{} {}", m.coordinates(), word)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alphabet::Alphabet;
    use crate::rules::Rules;
    use crate::{Generator, Options};

    /// A whole game's record: every line's total follows from the scores
    /// before it, and the last totals are the game's.
    #[test]
    fn totals_add_up_line_by_line() {
        let a = Alphabet::english();
        let lex = crate::game::testing::small_gaddag();
        let mut gen = Generator::new(Rules::default());
        for seed in 0..10 {
            let mut g = Game::new(a.clone(), Rules::default(), seed);
            while !g.is_over() {
                let mut moves = Vec::new();
                let p = g.to_move();
                gen.generate(
                    &lex,
                    g.board(),
                    &g.racks()[p],
                    &Options::default(),
                    &mut moves,
                );
                crate::movegen::sort_moves(&mut moves);
                let play = moves.first().map_or(Play::Pass, |m| Play::Place(*m));
                g.play(&play).unwrap();
            }
            let text = write(&g, ["p1", "p2"], None);
            let mut totals = [0i64; 2];
            for line in text.lines().filter(|l| l.starts_with('>')) {
                let p = usize::from(line.starts_with(">p2"));
                let f: Vec<&str> = line.split(' ').collect();
                let (delta, total) = (f[f.len() - 2], f[f.len() - 1]);
                totals[p] += delta.parse::<i64>().unwrap();
                assert_eq!(totals[p], total.parse::<i64>().unwrap(), "{line}");
            }
            assert_eq!(totals, g.scores().map(i64::from), "{text}");
        }
    }
}
