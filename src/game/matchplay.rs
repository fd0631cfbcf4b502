//! Match play: many games between two to four strategies, on all cores,
//! with the statistics that say which is stronger.
//!
//! Games come in pairs: games `2k` and `2k + 1` draw from the same shuffled
//! bag (seeded from the match seed and `k`), the first with player 1 moving
//! first, the second with player 2 first; pairing halves the luck of the
//! draw and of moving first. With `n` players games come in groups of `n`
//! that share a bag, the seats turned one place a game, so that each
//! player moves first once. Every game depends only on the match seed and
//! its number, so a match gives the same result whatever the thread count.
//!
//! A player wins a game by finishing first; players tied for first share
//! the win. With two players that is the usual win, draw or loss.
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
use crate::game::{Game, MAX_PLAYERS};
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
    /// Which player moved first (seat `s` was player `(s + first) % n`).
    pub first: usize,
    /// Final scores, the end-of-game settlement included.
    pub scores: Vec<i32>,
    /// Placements that used a whole rack's worth of tiles.
    pub bingos: Vec<u32>,
    /// Turns taken: placements, exchanges and passes.
    pub turns: Vec<u32>,
    /// Points scored by placements (the end-of-game settlement left out).
    pub points: Vec<i64>,
    /// Legal placements summed over each player's turns (with
    /// [`MatchSettings::count_moves`]).
    pub legal_moves: Vec<u64>,
}

impl GameStats {
    /// Each player's share of the win: 1 to the one who finished first, or
    /// split between those tied for first.
    pub fn win_shares(&self) -> Vec<f64> {
        let top = self.scores.iter().copied().max().unwrap_or(0);
        let tied = self.scores.iter().filter(|&&s| s == top).count() as f64;
        self.scores
            .iter()
            .map(|&s| if s == top { 1.0 / tied } else { 0.0 })
            .collect()
    }
}

/// The match's statistics: player 1's against the others (player 2 in a
/// match of two), and each player's.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    /// Number of games played.
    pub games: u64,
    /// Players in each game.
    pub players: usize,
    /// Games player 1 finished ahead of every other player.
    pub wins: u64,
    /// Games player 1 finished tied for first.
    pub draws: u64,
    /// Games player 1 finished behind another player.
    pub losses: u64,
    /// Player 1's share of the wins over the games (with two players,
    /// (wins + draws / 2) / games).
    pub win_rate: f64,
    /// The 95 % confidence interval of the win rate.
    pub win_rate_ci95: (f64, f64),
    /// Each player's share of the wins over the games (ties shared), by
    /// player.
    pub win_rates: Vec<f64>,
    /// The 95 % confidence interval of each player's win rate.
    pub win_rates_ci95: Vec<(f64, f64)>,
    /// Mean final score, by player.
    pub mean_score: Vec<f64>,
    /// Mean of player 1's score less the best of the others' (player 2's
    /// in a match of two).
    pub mean_spread: f64,
    /// The sample standard deviation of that spread (0 with fewer than
    /// two games).
    pub spread_sd: f64,
    /// Mean bingos a game, by player.
    pub bingos_per_game: Vec<f64>,
    /// Placement points per turn, by player.
    pub points_per_turn: Vec<f64>,
    /// Mean turns a game, every player's together.
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

/// The bag's seed for game `number` of a two-player match (pairs share
/// one): [`group_seed`] of the pair.
pub fn game_seed(seed: u64, number: u64) -> u64 {
    group_seed(seed, number / 2)
}

/// The bag's seed for a group of games that share a bag (game `number`
/// of an `n`-player match is in group `number / n`): SplitMix64 of the
/// match seed and the group, so nearby seeds give unrelated bags.
pub fn group_seed(seed: u64, group: u64) -> u64 {
    let mut z = seed ^ group.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Plays game `number` of a match: seats by [`group_seed`] and the
/// rotation (player 1 first in game 0 of each group). Returns the finished
/// game and its statistics; `players[i]` is player `i + 1`.
pub fn play_one<R: Scoring>(
    gen: &mut Generator<R>,
    lex: &Lexicon,
    players: &[Strategy],
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
    players: &[Strategy],
    settings: &MatchSettings,
    number: u64,
    observe: impl FnMut(usize, &Game, &crate::equity::Ranked),
) -> Result<(Game, GameStats)> {
    let choose = |p: usize, gen: &mut Generator<R>, game: &Game| {
        Ok(players[p].choose(gen, lex, &game.position()))
    };
    play_chosen(gen, lex, settings, players.len(), number, choose, observe)
}

/// Game `number` of a match of `players` players (2 to 4) as [`play_one`]
/// plays it, with each turn's play chosen by `choose(player, generator,
/// game)` (player 0 is player 1): for players that are not a
/// [`Strategy`], as look-ahead searches.
pub fn play_chosen<R: Scoring>(
    gen: &mut Generator<R>,
    lex: &Lexicon,
    settings: &MatchSettings,
    players: usize,
    number: u64,
    mut choose: impl FnMut(usize, &mut Generator<R>, &Game) -> Result<crate::equity::Ranked>,
    mut observe: impl FnMut(usize, &Game, &crate::equity::Ranked),
) -> Result<(Game, GameStats)> {
    let rules = gen.rules().clone();
    let n = players;
    let first = (number % n.max(1) as u64) as usize;
    let mut game = Game::with_players(
        lex.alphabet().clone(),
        rules.clone(),
        group_seed(settings.seed, number / n.max(1) as u64),
        n,
    )?;
    // Seat s is played by player (s + first) % n.
    let who = |seat: usize| (seat + first) % n;
    let mut st = GameStats {
        number,
        first,
        scores: vec![0; n],
        bingos: vec![0; n],
        turns: vec![0; n],
        points: vec![0; n],
        legal_moves: vec![0; n],
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
    // Seats are by move order, statistics by player.
    for (seat, &score) in game.scores().iter().enumerate() {
        st.scores[who(seat)] = score;
    }
    Ok((game, st))
}

/// Plays a match on rayon's threads, between the 2 to 4 `players`.
/// `on_game` sees each finished game (in any order: it runs on the worker
/// threads) — to write records or move a progress bar.
pub fn play_match(
    lex: &Lexicon,
    rules: &Rules,
    players: &[Strategy],
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
    players: &[Strategy],
    settings: &MatchSettings,
    numbers: std::ops::Range<u64>,
    on_game: impl Fn(&Game, &GameStats) + Sync,
) -> Result<Vec<GameStats>> {
    rules.validate()?;
    check_players(players.len())?;
    // Upwords scores by heights, and its generator stacks.
    if rules.stacks() {
        play_range_with::<Upwords>(lex, rules, players, settings, numbers, on_game)
    } else {
        play_range_with::<Classic>(lex, rules, players, settings, numbers, on_game)
    }
}

/// Refuses a match of fewer than 2 or more than [`MAX_PLAYERS`] players.
pub fn check_players(n: usize) -> Result<()> {
    if !(2..=MAX_PLAYERS).contains(&n) {
        return Err(crate::error::Error::Query(format!(
            "a match is of 2 to {MAX_PLAYERS} players, not {n}"
        )));
    }
    Ok(())
}

/// [`play_range`] with moves scored by `R`.
fn play_range_with<R: Scoring + Send>(
    lex: &Lexicon,
    rules: &Rules,
    players: &[Strategy],
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
    let players = games.first().map_or(2, |g| g.scores.len());
    let mut s = Summary {
        games: games.len() as u64,
        players,
        win_rates: vec![0.0; players],
        mean_score: vec![0.0; players],
        bingos_per_game: vec![0.0; players],
        points_per_turn: vec![0.0; players],
        ..Summary::default()
    };
    if games.is_empty() {
        s.win_rates_ci95 = vec![(0.0, 1.0); players];
        return s;
    }
    let mut spreads = Vec::with_capacity(games.len());
    let (mut turns, mut points, mut legal) = (vec![0u64; players], vec![0i64; players], 0u64);
    for g in games {
        let shares = g.win_shares();
        if shares[0] == 1.0 {
            s.wins += 1;
        } else if shares[0] > 0.0 {
            s.draws += 1;
        } else {
            s.losses += 1;
        }
        let best_other = g.scores[1..].iter().copied().max().unwrap_or(0);
        spreads.push(g.scores[0] as f64 - best_other as f64);
        for p in 0..players {
            s.win_rates[p] += shares[p] / n;
            s.mean_score[p] += g.scores[p] as f64 / n;
            s.bingos_per_game[p] += g.bingos[p] as f64 / n;
            turns[p] += g.turns[p] as u64;
            points[p] += g.points[p];
            legal += g.legal_moves[p];
        }
    }
    s.win_rate = s.win_rates[0];
    s.win_rates_ci95 = s.win_rates.iter().map(|&w| wilson(w, n)).collect();
    s.win_rate_ci95 = s.win_rates_ci95[0];
    (s.mean_spread, s.spread_sd) = mean_sd(&spreads);
    for p in 0..players {
        s.points_per_turn[p] = points[p] as f64 / turns[p].max(1) as f64;
    }
    let all_turns = turns.iter().sum::<u64>() as f64;
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
    fn matches_of_three_and_four_rotate_the_seats_and_share_the_wins() {
        let lex = lexicon();
        let a = lex.alphabet().clone();
        let names = ["gordon2", "greedy", "gordon1", "greedy"];
        for n in [3usize, 4] {
            let players: Vec<Strategy> = names[..n]
                .iter()
                .map(|s| Strategy::parse(s, &a).unwrap())
                .collect();
            let settings = MatchSettings::new(2 * n as u64, 5);
            let run = |threads: usize| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap()
                    .install(|| play_match(&lex, &Rules::default(), &players, &settings, |_, _| {}))
                    .unwrap()
            };
            let (one, two) = (run(1), run(2));
            assert_eq!(one.games, two.games);
            assert_eq!(one.summary, two.summary);
            let s = &one.summary;
            assert_eq!((s.players, s.win_rates.len()), (n, n));
            assert!((s.win_rates.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            for (g, game) in one.games.iter().enumerate() {
                // Each group of n games turns the seats once round.
                assert_eq!(game.first, g % n);
                assert_eq!(game.scores.len(), n);
                assert!(game.turns.iter().all(|&t| t > 0));
            }
        }
        // A group shares its bag: the same tiles, dealt to other players.
        let players: Vec<Strategy> = names[..3]
            .iter()
            .map(|s| Strategy::parse(s, &a).unwrap())
            .collect();
        let mut gen = Generator::new(Rules::default());
        let settings = MatchSettings::new(3, 8);
        let mut racks = |number| {
            let (g, _) = play_one(&mut gen, &lex, &players, &settings, number).unwrap();
            g.turns()[..3].iter().map(|t| t.rack).collect::<Vec<_>>()
        };
        assert_eq!(racks(0), racks(1));
        assert!(play_match(&lex, &Rules::default(), &players[..1], &settings, |_, _| {}).is_err());
    }

    #[test]
    fn the_summary_counts_draws_as_half() {
        let g = |s0: i32, s1: i32| GameStats {
            scores: vec![s0, s1],
            bingos: vec![0, 0],
            turns: vec![10, 10],
            points: vec![s0 as i64, s1 as i64],
            legal_moves: vec![0, 0],
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
