//! Match play: many games between two strategies, on all cores, with the
//! statistics that say which is stronger.
//!
//! Games come in pairs: games `2k` and `2k + 1` draw from the same shuffled
//! bag (seeded from the match seed and `k`), the first with player 1 moving
//! first, the second with player 2 first; pairing halves the luck of the
//! draw and of moving first. Every game depends only on the match seed and
//! its number, so a match gives the same result whatever the thread count.
//!
//! The win rate counts a draw as half a win; its 95 % confidence interval
//! is Wilson's score interval for that rate over the games. Unlike the
//! normal (Wald) interval it stays inside 0–1 and does not shrink to a
//! point when every game went one way: 4 wins in 4 games give 51–100 %,
//! where Wald gives 100–100 %. (A draw varies less than a win or a loss,
//! so with draws the interval is a little wider than it need be.)
//!
//! ```
//! use lexgraph::{compile, Alphabet, Lexicon, Rules, WordList};
//! use lexgraph::matchplay::{play_match, MatchSettings};
//! use lexgraph::strategy::Strategy;
//! let a = Alphabet::english();
//! let words = WordList::parse(b"at\nta\ntat\neat\ntea\nate\neta\nteat\nqi\nza\n", "inline", &a, lexgraph::Invalid::Refuse)?;
//! let lex = Lexicon::from_vec(compile::compile(&words).gaddag)?;
//! let players = [Strategy::parse("gordon2", &a)?, Strategy::parse("greedy", &a)?];
//! let settings = MatchSettings::new(4, 7);
//! let m = play_match(&lex, &Rules::default(), &players, &settings, |_, _| {})?;
//! assert_eq!(m.summary.games, 4);
//! assert_eq!(m.summary.wins + m.summary.draws + m.summary.losses, 4);
//! # Ok::<(), lexgraph::Error>(())
//! ```

use rayon::prelude::*;

use crate::equity::Play;
use crate::error::Result;
use crate::game::Game;
use crate::lexicon::Lexicon;
use crate::movegen::{Generator, Move, Options};
use crate::rules::Rules;
use crate::scoring::{Classic, Scoring, Upwords};
use crate::strategy::Strategy;

/// What to play.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct MatchSettings {
    /// Number of games (pairs share a bag; an odd last game has no twin).
    pub games: u64,
    /// The match seed: with the game's number, it seeds each game's bag
    /// ([`game_seed`]).
    pub seed: u64,
    /// Also count every legal placement of each turn (a full generation
    /// per turn: slower).
    pub count_moves: bool,
}

impl MatchSettings {
    /// `games` games from match seed `seed`, legal moves not counted.
    pub fn new(games: u64, seed: u64) -> MatchSettings {
        MatchSettings {
            games,
            seed,
            count_moves: false,
        }
    }

    /// These settings with [`MatchSettings::count_moves`] set to `yes`.
    pub fn count_moves(mut self, yes: bool) -> MatchSettings {
        self.count_moves = yes;
        self
    }
}

/// One game's result, by player (index 0: player 1's strategy).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameStats {
    /// The game's number in the match.
    pub number: u64,
    /// Which player moved first.
    pub first: usize,
    /// Final scores, the end-of-game settlement included.
    pub scores: [i32; 2],
    /// Placements that used a whole rack's worth of tiles.
    pub bingos: [u32; 2],
    /// Turns taken: placements, exchanges and passes.
    pub turns: [u32; 2],
    /// Points scored by placements (the end-of-game settlement left out).
    pub points: [i64; 2],
    /// Legal placements summed over each player's turns (with
    /// [`MatchSettings::count_moves`]).
    pub legal_moves: [u64; 2],
}

/// The match's statistics, for player 1 against player 2.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// Number of games played.
    pub games: u64,
    /// Games player 1 finished ahead.
    pub wins: u64,
    /// Games that finished level.
    pub draws: u64,
    /// Games player 1 finished behind.
    pub losses: u64,
    /// (wins + draws / 2) / games.
    pub win_rate: f64,
    /// The 95 % confidence interval of the win rate.
    pub win_rate_ci95: (f64, f64),
    /// Mean final score, by player.
    pub mean_score: [f64; 2],
    /// Mean of player 1's score less player 2's.
    pub mean_spread: f64,
    /// The sample standard deviation of player 1's score less player 2's
    /// (0 with fewer than two games).
    pub spread_sd: f64,
    /// Mean bingos a game, by player.
    pub bingos_per_game: [f64; 2],
    /// Placement points per turn.
    pub points_per_turn: [f64; 2],
    /// Mean turns a game, both players' together.
    pub turns_per_game: f64,
    /// Legal placements per turn ([`MatchSettings::count_moves`]).
    pub moves_per_turn: Option<f64>,
}

/// A finished match: every game's statistics, in game order, and the summary.
#[derive(Clone, Debug)]
pub struct Match {
    /// Each game's statistics, in game order.
    pub games: Vec<GameStats>,
    /// The statistics of all the games.
    pub summary: Summary,
}

/// The bag's seed for game `number` (pairs share one): SplitMix64 of the
/// match seed and the pair, so nearby seeds give unrelated bags.
pub fn game_seed(seed: u64, number: u64) -> u64 {
    let mut z = seed ^ (number / 2).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays game `number` of a match: seats by [`game_seed`] and the pairing
/// (player 1 first in even games). Returns the finished game and its
/// statistics; `players[i]` is player `i + 1`.
pub fn play_one<R: Scoring>(
    gen: &mut Generator<R>,
    lex: &Lexicon,
    players: &[Strategy; 2],
    settings: &MatchSettings,
    number: u64,
) -> Result<(Game, GameStats)> {
    play_observed(gen, lex, players, settings, number, |_, _, _| {})
}

/// [`play_one`], showing `observe` every turn before it is played: the
/// player (index into `players`), the mover's view and the chosen play.
pub(crate) fn play_observed<R: Scoring>(
    gen: &mut Generator<R>,
    lex: &Lexicon,
    players: &[Strategy; 2],
    settings: &MatchSettings,
    number: u64,
    observe: impl FnMut(usize, &Game, &crate::equity::Ranked),
) -> Result<(Game, GameStats)> {
    let choose = |p: usize, gen: &mut Generator<R>, game: &Game| {
        Ok(players[p].choose(gen, lex, &game.position()))
    };
    play_chosen(gen, lex, settings, number, choose, observe)
}

/// Game `number` of a match as [`play_one`] plays it, with each turn's
/// play chosen by `choose(player, generator, game)` (player 0 is player
/// 1): for players that are not a [`Strategy`], as look-ahead searches.
pub fn play_chosen<R: Scoring>(
    gen: &mut Generator<R>,
    lex: &Lexicon,
    settings: &MatchSettings,
    number: u64,
    mut choose: impl FnMut(usize, &mut Generator<R>, &Game) -> Result<crate::equity::Ranked>,
    mut observe: impl FnMut(usize, &Game, &crate::equity::Ranked),
) -> Result<(Game, GameStats)> {
    let rules = gen.rules().clone();
    let first = (number % 2) as usize;
    let mut game = Game::new(
        lex.alphabet().clone(),
        rules.clone(),
        game_seed(settings.seed, number),
    );
    // Seat s is played by player (s + first) % 2.
    let who = |seat: usize| (seat + first) % 2;
    let mut st = GameStats {
        number,
        first,
        ..GameStats::default()
    };
    let mut all: Vec<Move> = Vec::new();
    while !game.is_over() {
        let seat = game.to_move();
        let p = who(seat);
        if settings.count_moves {
            let pos = game.position();
            all.clear();
            gen.generate(lex, &pos.board, pos.rack(), &Options::default(), &mut all);
            st.legal_moves[p] += all.len() as u64;
        }
        let choice = choose(p, gen, &game)?;
        observe(p, &game, &choice);
        if let Play::Place(m) = &choice.play {
            st.points[p] += m.score as i64;
            if m.tiles_placed() as usize == rules.rack_size {
                st.bingos[p] += 1;
            }
        }
        st.turns[p] += 1;
        game.play(&choice.play)?;
    }
    // Seats are by move order, statistics by player: player p sat in seat
    // (p + first) % 2, which `who` also computes.
    let scores = game.scores();
    st.scores = [scores[who(0)], scores[who(1)]];
    Ok((game, st))
}

/// Plays a match on rayon's threads. `on_game` sees each finished game
/// (in any order: it runs on the worker threads) — to write records or
/// move a progress bar.
pub fn play_match(
    lex: &Lexicon,
    rules: &Rules,
    players: &[Strategy; 2],
    settings: &MatchSettings,
    on_game: impl Fn(&Game, &GameStats) + Sync,
) -> Result<Match> {
    let games = play_range(lex, rules, players, settings, 0..settings.games, on_game)?;
    let summary = summarize(&games, settings.count_moves);
    Ok(Match { games, summary })
}

/// Plays games `numbers` of a match (a shard of it) on rayon's threads and
/// returns their statistics in game order; `settings.games` is not read.
/// Each game depends only on the match seed and its number, so shards
/// played anywhere, concatenated in game order, are the games of
/// [`play_match`] with the same seed, and [`summarize`] gives its summary.
pub fn play_range(
    lex: &Lexicon,
    rules: &Rules,
    players: &[Strategy; 2],
    settings: &MatchSettings,
    numbers: std::ops::Range<u64>,
    on_game: impl Fn(&Game, &GameStats) + Sync,
) -> Result<Vec<GameStats>> {
    rules.validate()?;
    // Upwords scores by heights, and its generator stacks.
    if rules.stacks() {
        play_range_with::<Upwords>(lex, rules, players, settings, numbers, on_game)
    } else {
        play_range_with::<Classic>(lex, rules, players, settings, numbers, on_game)
    }
}

/// [`play_range`] with moves scored by `R`.
fn play_range_with<R: Scoring + Send>(
    lex: &Lexicon,
    rules: &Rules,
    players: &[Strategy; 2],
    settings: &MatchSettings,
    numbers: std::ops::Range<u64>,
    on_game: impl Fn(&Game, &GameStats) + Sync,
) -> Result<Vec<GameStats>> {
    numbers
        .into_par_iter()
        .map_init(
            || Generator::<R>::with_scoring(rules.clone()),
            |gen, number| {
                let (game, st) = play_one(gen, lex, players, settings, number)?;
                on_game(&game, &st);
                Ok(st)
            },
        )
        .collect::<Result<Vec<GameStats>>>()
}

/// The statistics of a list of games (see [`Summary`]).
pub fn summarize(games: &[GameStats], count_moves: bool) -> Summary {
    let n = games.len() as f64;
    let mut s = Summary {
        games: games.len() as u64,
        ..Summary::default()
    };
    if games.is_empty() {
        return s;
    }
    let mut results = Vec::with_capacity(games.len());
    let mut spreads = Vec::with_capacity(games.len());
    let (mut turns, mut points, mut legal) = ([0u64; 2], [0i64; 2], 0u64);
    for g in games {
        let spread = g.scores[0] as f64 - g.scores[1] as f64;
        let r = match spread.partial_cmp(&0.0) {
            Some(std::cmp::Ordering::Greater) => {
                s.wins += 1;
                1.0
            }
            Some(std::cmp::Ordering::Less) => {
                s.losses += 1;
                0.0
            }
            _ => {
                s.draws += 1;
                0.5
            }
        };
        results.push(r);
        spreads.push(spread);
        for p in 0..2 {
            s.mean_score[p] += g.scores[p] as f64 / n;
            s.bingos_per_game[p] += g.bingos[p] as f64 / n;
            turns[p] += g.turns[p] as u64;
            points[p] += g.points[p];
            legal += g.legal_moves[p];
        }
    }
    s.win_rate = results.iter().sum::<f64>() / n;
    s.win_rate_ci95 = wilson(s.win_rate, n);
    (s.mean_spread, s.spread_sd) = mean_sd(&spreads);
    for p in 0..2 {
        s.points_per_turn[p] = points[p] as f64 / turns[p].max(1) as f64;
    }
    let all_turns = (turns[0] + turns[1]) as f64;
    s.turns_per_game = all_turns / n;
    s.moves_per_turn = count_moves.then(|| legal as f64 / all_turns.max(1.0));
    s
}

/// Wilson's 95 % score interval for a rate `p` observed over `n` trials.
fn wilson(p: f64, n: f64) -> (f64, f64) {
    const Z: f64 = 1.96;
    let z2n = Z * Z / n;
    let centre = (p + z2n / 2.0) / (1.0 + z2n);
    let half = Z / (1.0 + z2n) * (p * (1.0 - p) / n + z2n / (4.0 * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Mean and sample standard deviation.
fn mean_sd(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, 0.0);
    }
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
    (mean, var.sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::testing::small_gaddag as lexicon;

    #[test]
    fn a_match_is_the_same_on_any_number_of_threads() {
        let lex = lexicon();
        let a = lex.alphabet().clone();
        let players = [
            Strategy::parse("gordon2", &a).unwrap(),
            Strategy::parse("greedy", &a).unwrap(),
        ];
        let settings = MatchSettings {
            games: 12,
            seed: 3,
            count_moves: true,
        };
        let run = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| play_match(&lex, &Rules::default(), &players, &settings, |_, _| {}))
                .unwrap()
        };
        let (one, two) = (run(1), run(2));
        assert_eq!(one.games, two.games);
        assert_eq!(one.summary, two.summary);
        let s = &one.summary;
        assert_eq!(s.wins + s.draws + s.losses, 12);
        assert!(s.win_rate_ci95.0 <= s.win_rate && s.win_rate <= s.win_rate_ci95.1);
        assert!(s.moves_per_turn.unwrap() > 0.0);
        // Pairs share a bag and swap who moves first.
        assert_eq!(game_seed(3, 4), game_seed(3, 5));
        assert_ne!(game_seed(3, 4), game_seed(3, 6));
        assert_eq!((one.games[4].first, one.games[5].first), (0, 1));
    }

    #[test]
    fn shards_played_apart_merge_into_the_match() {
        let lex = lexicon();
        let a = lex.alphabet().clone();
        let players = [
            Strategy::parse("gordon1", &a).unwrap(),
            Strategy::parse("greedy", &a).unwrap(),
        ];
        let settings = MatchSettings {
            games: 9,
            seed: 11,
            count_moves: false,
        };
        let rules = Rules::default();
        let whole = play_match(&lex, &rules, &players, &settings, |_, _| {}).unwrap();
        let mut games = Vec::new();
        for shard in [0..4, 4..5, 5..9] {
            games.extend(play_range(&lex, &rules, &players, &settings, shard, |_, _| {}).unwrap());
        }
        assert_eq!(games, whole.games);
        assert_eq!(summarize(&games, false), whole.summary);
    }

    #[test]
    fn the_summary_counts_draws_as_half() {
        let g = |s0: i32, s1: i32| GameStats {
            scores: [s0, s1],
            turns: [10, 10],
            points: [s0 as i64, s1 as i64],
            ..GameStats::default()
        };
        let s = summarize(&[g(300, 200), g(250, 250), g(100, 400), g(350, 300)], false);
        assert_eq!((s.wins, s.draws, s.losses), (2, 1, 1));
        assert_eq!(s.win_rate, 2.5 / 4.0);
        assert_eq!(s.mean_score, [250.0, 287.5]);
        assert_eq!(s.mean_spread, -37.5);
        assert_eq!(s.turns_per_game, 20.0);
        assert_eq!(s.points_per_turn, [25.0, 28.75]);
        assert_eq!(s.moves_per_turn, None);
        // Wilson at 0.625 over 4 games.
        assert!((s.win_rate_ci95.0 - 0.219422).abs() < 1e-6);
        assert!((s.win_rate_ci95.1 - 0.908103).abs() < 1e-6);
    }

    /// Wilson's interval: inside 0–1, never a point, narrowing as games
    /// add up (values from the formula worked by hand).
    #[test]
    fn the_win_rate_interval_is_wilsons() {
        let (lo, hi) = wilson(1.0, 4.0);
        assert!((lo - 0.510100).abs() < 1e-6 && hi == 1.0);
        let (lo, hi) = wilson(0.0, 4.0);
        assert!(lo == 0.0 && (hi - 0.489900).abs() < 1e-6);
        let (lo, hi) = wilson(0.5, 10_000.0);
        assert!((lo - 0.490202).abs() < 1e-6 && (hi - 0.509798).abs() < 1e-6);
    }
}
