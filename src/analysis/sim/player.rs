//! Players that simulate before every move, and matches between them and
//! static players.
//!
//! A [`SimPlayer`] takes the best candidates by static equity and plays
//! the one whose [simulation](super) comes out best, with a fixed budget per
//! move (no time limit: a match is the same for a seed whatever the thread
//! count or the machine). With the bag empty it plays its static choice:
//! both racks are known there, and that is the endgame solver's ground.
//! Each move's scenarios are seeded from the player's seed and the position,
//! so a position met again is simulated the same way.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use rayon::prelude::*;

use super::{Settings, Simulator};
use crate::analysis::endgame::Limit;
use crate::analysis::winprob::WinTable;
use crate::equity::Ranked;
use crate::error::{Error, Result};
use crate::game::matchplay::{play_chosen, summarize, GameStats, Match, MatchSettings};
use crate::game::Game;
use crate::lexicon::Lexicon;
use crate::movegen::Generator;
use crate::position::Position;
use crate::rules::Rules;
use crate::strategy::Strategy;

/// A player that simulates every move with a fixed budget.
pub struct SimPlayer {
    name: String,
    player: Strategy,
    settings: Settings,
    candidates: usize,
    wins: Option<Arc<WinTable>>,
    /// With the bag empty: solve the endgame as far as this says.
    endgame: Option<Limit>,
}

impl SimPlayer {
    /// Simulates the `candidates` best plays of every turn as `settings`
    /// says (its `time` is ignored), each ply played by `player`.
    pub fn new(name: &str, player: Strategy, settings: Settings, candidates: usize) -> SimPlayer {
        SimPlayer {
            name: name.to_string(),
            player,
            settings: Settings {
                time: None,
                ..settings
            },
            candidates: candidates.max(1),
            wins: None,
            endgame: None,
        }
    }

    /// Win probabilities from `table` (see [`Simulator::with_win_table`]).
    pub fn with_win_table(mut self, table: impl Into<Arc<WinTable>>) -> SimPlayer {
        self.wins = Some(table.into());
        self
    }

    /// With the bag empty, plays the best first play of the
    /// [endgame](crate::analysis::endgame) searched on one thread as far as
    /// `limit` says ([`Limit::Plies`]: the same on every run), instead of
    /// its static choice.
    pub fn with_endgame(mut self, limit: Limit) -> SimPlayer {
        self.endgame = Some(limit);
        self
    }

    /// The same player under another name.
    pub fn named(mut self, name: &str) -> SimPlayer {
        self.name = name.to_string();
        self
    }

    /// Its name, as given.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The settings every move is simulated with.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Candidates simulated per move, at most.
    pub fn candidate_count(&self) -> usize {
        self.candidates
    }

    /// The simulation this player runs for the player to move in `game`
    /// (its table, best first); `None` when it does not simulate: with the
    /// bag empty, or one candidate only. `stop` ends it early.
    pub fn simulate(
        &self,
        gen: &mut Generator,
        lex: &Lexicon,
        game: &Game,
        stop: &AtomicBool,
        on_round: impl FnMut(&[super::Arm]),
    ) -> Result<Option<super::Report>> {
        let pos = game.position();
        let rack_size = game.rules().rack_size;
        if pos.bag_len(lex.alphabet(), rack_size) == 0 {
            return Ok(None);
        }
        let seed = self.seed_for(&pos);
        let sim = self.simulator(lex, game.rules().clone(), pos)?;
        let candidates = sim.candidates(gen, self.candidates);
        if candidates.len() < 2 {
            return Ok(None);
        }
        let settings = Settings {
            seed,
            ..self.settings.clone()
        };
        sim.run(candidates, &settings, stop, on_round).map(Some)
    }

    /// The seed of the scenarios of `pos`: the player's seed and the
    /// position's own, so the same position meets the same scenarios.
    pub fn seed_for(&self, pos: &Position) -> u64 {
        let key = format!("{:?}{:?}{:?}", pos.board, pos.racks, pos.scores);
        super::scenario_seed(
            self.settings.seed,
            xxhash_rust::xxh3::xxh3_64(key.as_bytes()),
        )
    }

    /// A simulator of `pos` as this player simulates (its static player
    /// and win table), for candidates of the caller's choosing; run it
    /// with [`SimPlayer::settings`] seeded by [`SimPlayer::seed_for`].
    pub fn simulator<'a>(
        &'a self,
        lex: &'a Lexicon,
        rules: Rules,
        pos: Position,
    ) -> Result<Simulator<'a>> {
        let mut sim = Simulator::lent(lex, rules, pos, &self.player)?;
        if let Some(t) = &self.wins {
            sim = sim.with_win_table(t.clone());
        }
        Ok(sim)
    }

    /// The play for the player to move in `game`.
    pub fn choose(&self, gen: &mut Generator, lex: &Lexicon, game: &Game) -> Result<Ranked> {
        let pos = game.position();
        // The simulation and the endgame model one opponent: with more,
        // the static player underneath chooses.
        if game.players() > 2 {
            return Ok(self.player.choose(gen, lex, &pos));
        }
        if let (Some(limit), 0) = (
            self.endgame,
            pos.bag_len(lex.alphabet(), game.rules().rack_size),
        ) {
            return crate::analysis::endgame::play_for(lex, game, limit);
        }
        match self.simulate(gen, lex, game, &AtomicBool::new(false), |_| {})? {
            Some(report) => {
                let best = &report.arms[0];
                Ok(Ranked {
                    play: best.play.clone(),
                    equity: best.equity,
                    leave: best.leave,
                })
            }
            None => Ok(self.player.choose(gen, lex, &game.position())),
        }
    }

    /// The static player every ply of its simulations is played by.
    pub fn static_player(&self) -> &Strategy {
        &self.player
    }
}

/// A player of a match: static, or simulating.
pub enum Player {
    /// Plays its best by static equity.
    Static(Strategy),
    /// Plays its best by static equity until the bag is empty, then the
    /// endgame's best first play searched as far as the limit says
    /// ([`crate::analysis::endgame::play_for`]; in a game of two).
    Endgame(Strategy, Limit),
    /// Simulates every move.
    Sim(SimPlayer),
}

impl Player {
    /// Its name, as given.
    pub fn name(&self) -> &str {
        match self {
            Player::Static(s) | Player::Endgame(s, _) => s.name(),
            Player::Sim(s) => s.name(),
        }
    }

    /// The static player under it: the one that chooses, or (simulating)
    /// plays every ply of its simulations.
    pub fn static_player(&self) -> &Strategy {
        match self {
            Player::Static(s) | Player::Endgame(s, _) => s,
            Player::Sim(s) => s.static_player(),
        }
    }

    /// The play for the player to move in `game`.
    pub fn choose(&self, gen: &mut Generator, lex: &Lexicon, game: &Game) -> Result<Ranked> {
        match self {
            Player::Static(s) => Ok(s.choose(gen, lex, &game.position())),
            Player::Endgame(s, limit) => {
                // The game's own bag: a position's is counted from the full
                // distribution.
                if game.players() == 2 && game.bag_len() == 0 {
                    crate::analysis::endgame::play_for(lex, game, *limit)
                } else {
                    Ok(s.choose(gen, lex, &game.position()))
                }
            }
            Player::Sim(s) => s.choose(gen, lex, game),
        }
    }
}

/// A match as [`crate::matchplay::play_match`] plays it (the same bags,
/// seats and statistics), between 2 to 4 players that may simulate (in a
/// game of more than two, a simulating player's static player chooses).
/// The crossword game only. `on_game` sees each finished game, in any order.
pub fn play_match(
    lex: &Lexicon,
    rules: &Rules,
    players: &[Player],
    settings: &MatchSettings,
    on_game: impl Fn(&Game, &GameStats) + Sync,
) -> Result<Match> {
    rules.validate()?;
    crate::matchplay::check_players(players.len())?;
    if rules.stacks() {
        return Err(Error::Query(
            "simulating players play the crossword game, not stacked tiles".into(),
        ));
    }
    let games = (0..settings.games)
        .into_par_iter()
        .map_init(
            || Generator::new(rules.clone()),
            |gen, number| {
                let choose =
                    |p: usize, gen: &mut Generator, game: &Game| players[p].choose(gen, lex, game);
                let (game, st) = play_chosen(
                    gen,
                    lex,
                    settings,
                    players.len(),
                    number,
                    choose,
                    |_, _, _| {},
                )?;
                on_game(&game, &st);
                Ok(st)
            },
        )
        .collect::<Result<Vec<GameStats>>>()?;
    let summary = summarize(&games, settings.count_moves);
    Ok(Match { games, summary })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::testing::small_gaddag;
    use crate::strategy::Leaves;

    fn sim_player(lex: &Lexicon) -> SimPlayer {
        let a = lex.alphabet();
        let static_player = Strategy::parse("gordon2", a).unwrap();
        let settings = Settings {
            iterations: 16,
            batch: 8,
            confidence: None,
            seed: 5,
            ..Settings::default()
        };
        SimPlayer::new("sim", static_player, settings, 3)
    }

    #[test]
    fn a_match_with_a_simulating_player_is_the_same_on_one_thread_and_two() {
        let lex = small_gaddag();
        let a = lex.alphabet();
        let players = [
            Player::Sim(sim_player(&lex)),
            Player::Static(Strategy::new(
                "zero",
                Leaves::parse("gordon1", a).unwrap(),
                crate::strategy::Exchanges::Ranked,
            )),
        ];
        let settings = MatchSettings::new(4, 9);
        let on = |threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| play_match(&lex, &Rules::default(), &players, &settings, |_, _| {}))
                .unwrap()
        };
        let one = on(1);
        assert_eq!(one.games, on(2).games);
        assert_eq!(one.games.len(), 4);
        assert!(one.games.iter().all(|g| g.turns[0] > 0 && g.turns[1] > 0));
    }

    #[test]
    fn two_static_players_play_the_static_match() {
        let lex = small_gaddag();
        let a = lex.alphabet();
        let s = || Strategy::parse("gordon2", a).unwrap();
        let g = || Strategy::parse("greedy", a).unwrap();
        let settings = MatchSettings::new(6, 3);
        let ours = play_match(
            &lex,
            &Rules::default(),
            &[Player::Static(s()), Player::Static(g())],
            &settings,
            |_, _| {},
        )
        .unwrap();
        let theirs = crate::matchplay::play_match(
            &lex,
            &Rules::default(),
            &[s(), g()],
            &settings,
            |_, _| {},
        )
        .unwrap();
        assert_eq!(ours.games, theirs.games);
        assert!(play_match(
            &lex,
            &Rules::upwords(),
            &[Player::Static(s()), Player::Static(g())],
            &settings,
            |_, _| {}
        )
        .is_err());
    }
}
