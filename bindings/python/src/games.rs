//! Games from Python: match play on all cores, per-game results and their
//! summary.

use super::*;

/// One game's result by player (index 0: the first strategy named).
/// Picklable, and equal when every field is.
#[pyclass(module = "lexgraph", frozen, eq, get_all)]
#[derive(Clone, PartialEq)]
pub(crate) struct GameStats {
    /// The game's number in the match.
    pub(crate) number: u64,
    /// Which player moved first (0 or 1).
    pub(crate) first: usize,
    /// Final scores.
    pub(crate) scores: (i32, i32),
    /// Bingos played.
    pub(crate) bingos: (u32, u32),
    /// Turns taken.
    pub(crate) turns: (u32, u32),
    /// Points scored by placements (the end-of-game settlement left out).
    pub(crate) points: (i64, i64),
    /// Legal placements summed over each player's turns (`count_moves=True`).
    pub(crate) legal_moves: (u64, u64),
}

impl From<&GameStats> for matchplay::GameStats {
    fn from(g: &GameStats) -> matchplay::GameStats {
        matchplay::GameStats {
            number: g.number,
            first: g.first,
            scores: [g.scores.0, g.scores.1],
            bingos: [g.bingos.0, g.bingos.1],
            turns: [g.turns.0, g.turns.1],
            points: [g.points.0, g.points.1],
            legal_moves: [g.legal_moves.0, g.legal_moves.1],
        }
    }
}

impl From<&matchplay::GameStats> for GameStats {
    fn from(g: &matchplay::GameStats) -> GameStats {
        GameStats {
            number: g.number,
            first: g.first,
            scores: (g.scores[0], g.scores[1]),
            bingos: (g.bingos[0], g.bingos[1]),
            turns: (g.turns[0], g.turns[1]),
            points: (g.points[0], g.points[1]),
            legal_moves: (g.legal_moves[0], g.legal_moves[1]),
        }
    }
}

#[pymethods]
impl GameStats {
    #[new]
    fn new(
        number: u64,
        first: usize,
        scores: (i32, i32),
        bingos: (u32, u32),
        turns: (u32, u32),
        points: (i64, i64),
        legal_moves: (u64, u64),
    ) -> GameStats {
        GameStats {
            number,
            first,
            scores,
            bingos,
            turns,
            points,
            legal_moves,
        }
    }

    #[allow(clippy::type_complexity)]
    fn __getnewargs__(
        &self,
    ) -> (
        u64,
        usize,
        (i32, i32),
        (u32, u32),
        (u32, u32),
        (i64, i64),
        (u64, u64),
    ) {
        (
            self.number,
            self.first,
            self.scores,
            self.bingos,
            self.turns,
            self.points,
            self.legal_moves,
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "GameStats(number={}, first={}, scores={:?}, bingos={:?}, turns={:?}, points={:?}, legal_moves={:?})",
            self.number, self.first, self.scores, self.bingos, self.turns, self.points, self.legal_moves
        )
    }
}

/// A match's statistics, for the first strategy against the second.
/// Picklable, and equal when every field is.
#[pyclass(module = "lexgraph", frozen, eq, get_all)]
#[derive(Clone, PartialEq)]
pub(crate) struct Summary {
    /// Games played.
    pub(crate) games: u64,
    pub(crate) wins: u64,
    pub(crate) draws: u64,
    pub(crate) losses: u64,
    /// (wins + draws / 2) / games.
    pub(crate) win_rate: f64,
    /// The 95 % confidence interval of the win rate.
    pub(crate) win_rate_ci95: (f64, f64),
    /// Mean final score of each player.
    pub(crate) mean_score: (f64, f64),
    /// Mean of the first player's score less the second's.
    pub(crate) mean_spread: f64,
    /// Standard deviation of the spread.
    pub(crate) spread_sd: f64,
    pub(crate) bingos_per_game: (f64, f64),
    /// Placement points per turn.
    pub(crate) points_per_turn: (f64, f64),
    pub(crate) turns_per_game: f64,
    /// Legal placements per turn (with `count_moves=True`), else `None`.
    pub(crate) moves_per_turn: Option<f64>,
}

impl From<matchplay::Summary> for Summary {
    fn from(s: matchplay::Summary) -> Summary {
        Summary {
            games: s.games,
            wins: s.wins,
            draws: s.draws,
            losses: s.losses,
            win_rate: s.win_rate,
            win_rate_ci95: s.win_rate_ci95,
            mean_score: (s.mean_score[0], s.mean_score[1]),
            mean_spread: s.mean_spread,
            spread_sd: s.spread_sd,
            bingos_per_game: (s.bingos_per_game[0], s.bingos_per_game[1]),
            points_per_turn: (s.points_per_turn[0], s.points_per_turn[1]),
            turns_per_game: s.turns_per_game,
            moves_per_turn: s.moves_per_turn,
        }
    }
}

#[pymethods]
impl Summary {
    #[new]
    #[pyo3(signature = (games, wins, draws, losses, win_rate, win_rate_ci95, mean_score, mean_spread, spread_sd, bingos_per_game, points_per_turn, turns_per_game, moves_per_turn = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        games: u64,
        wins: u64,
        draws: u64,
        losses: u64,
        win_rate: f64,
        win_rate_ci95: (f64, f64),
        mean_score: (f64, f64),
        mean_spread: f64,
        spread_sd: f64,
        bingos_per_game: (f64, f64),
        points_per_turn: (f64, f64),
        turns_per_game: f64,
        moves_per_turn: Option<f64>,
    ) -> Summary {
        Summary {
            games,
            wins,
            draws,
            losses,
            win_rate,
            win_rate_ci95,
            mean_score,
            mean_spread,
            spread_sd,
            bingos_per_game,
            points_per_turn,
            turns_per_game,
            moves_per_turn,
        }
    }

    /// The constructor's arguments by name: the fields (13: more than a
    /// tuple converts).
    fn __getnewargs_ex__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyTuple>, Bound<'py, PyDict>)> {
        Ok((PyTuple::empty(py), self.to_dict(py)?))
    }

    /// The fields as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("games", self.games)?;
        d.set_item("wins", self.wins)?;
        d.set_item("draws", self.draws)?;
        d.set_item("losses", self.losses)?;
        d.set_item("win_rate", self.win_rate)?;
        d.set_item("win_rate_ci95", self.win_rate_ci95)?;
        d.set_item("mean_score", self.mean_score)?;
        d.set_item("mean_spread", self.mean_spread)?;
        d.set_item("spread_sd", self.spread_sd)?;
        d.set_item("bingos_per_game", self.bingos_per_game)?;
        d.set_item("points_per_turn", self.points_per_turn)?;
        d.set_item("turns_per_game", self.turns_per_game)?;
        d.set_item("moves_per_turn", self.moves_per_turn)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "Summary(games={}, wins={}, draws={}, losses={}, win_rate={:.4}, mean_spread={:.2})",
            self.games, self.wins, self.draws, self.losses, self.win_rate, self.mean_spread
        )
    }
}

pub(crate) fn players(lex: &Lexicon, p1: &str, p2: &str) -> PyResult<[Strategy; 2]> {
    let a = lex.session.lexicon.alphabet();
    Ok([
        Strategy::parse(p1, a).map_err(err)?,
        Strategy::parse(p2, a).map_err(err)?,
    ])
}

/// Plays games `numbers` of a match with the standard rules on the current
/// rayon pool, in game order, as `matchplay::play_range` does, but stopping
/// (`None`) once `stop` is set: each game is `matchplay::play_one`, so the
/// games are the library's, whatever the thread count.
pub(crate) fn play_range(
    lex: &lexgraph::Lexicon,
    players: &[Strategy; 2],
    settings: &MatchSettings,
    numbers: std::ops::Range<u64>,
    stop: &AtomicBool,
) -> Option<lexgraph::Result<Vec<matchplay::GameStats>>> {
    let rules = Rules::default();
    let games = numbers
        .into_par_iter()
        .map_init(
            || Generator::new(rules.clone()),
            |gen, number| {
                let go = !stop.load(Ordering::Relaxed);
                // The game itself is dropped here: only its statistics stay.
                go.then(|| matchplay::play_one(gen, lex, players, settings, number).map(|g| g.1))
            },
        )
        .collect::<Option<Vec<_>>>()?;
    Some(games.into_iter().collect())
}

/// Plays games `start .. start + count` of the match of strategy `p1`
/// against `p2` with seed `seed` (standard rules), on `threads` threads (1
/// to 256; all cores when `None`) with the GIL released, and returns their
/// `GameStats` in game order. Each game depends only on the seed and its
/// number: shards played anywhere, merged with `summarize`, give exactly
/// `play_match`'s summary. Strategies: `greedy`, `gordon1`, `gordon2`,
/// `klv:FILE`, `csv:FILE`, `gordon1:FILE`, `gordon2:FILE`. The lexicon must
/// be a GADDAG or DAWG of the game's alphabet. Ctrl-C stops it within a
/// game.
#[pyfunction]
#[pyo3(signature = (lexicon, p1, p2, seed, start, count, *, count_moves = false, threads = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn play_games(
    py: Python<'_>,
    lexicon: &Lexicon,
    p1: &str,
    p2: &str,
    seed: u64,
    start: u64,
    count: u64,
    count_moves: bool,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<GameStats>> {
    let threads = thread_count(threads)?;
    let players = players(lexicon, p1, p2)?;
    let settings = MatchSettings::new(count, seed).count_moves(count_moves);
    let end = start
        .checked_add(count)
        .ok_or_else(|| LexgraphError::new_err("start + count overflows"))?;
    let lex = &lexicon.session.lexicon;
    let games = interruptible(py, threads, |stop| {
        play_range(lex, &players, &settings, start..end, stop)
    })?
    .map_err(err)?;
    Ok(games.iter().map(GameStats::from).collect())
}

/// The `Summary` of a list of games, put in game order first (so shards
/// may come in any order). `count_moves`: report `moves_per_turn`; by
/// default, when any game counted its legal moves.
#[pyfunction]
#[pyo3(signature = (stats, *, count_moves = None))]
pub(crate) fn summarize(stats: Vec<PyRef<'_, GameStats>>, count_moves: Option<bool>) -> Summary {
    let mut games: Vec<matchplay::GameStats> = stats.iter().map(|g| (&**g).into()).collect();
    games.sort_by_key(|g| g.number);
    let counted = count_moves.unwrap_or_else(|| games.iter().any(|g| g.legal_moves != [0, 0]));
    matchplay::summarize(&games, counted).into()
}

/// Plays a whole match of `games` games on this machine (`threads`
/// threads, 1 to 256; all cores when `None`; the GIL released) and returns
/// its `Summary`: what `lexgraph match` reports, whatever the thread count.
/// Ctrl-C stops it within a game.
#[pyfunction]
#[pyo3(signature = (lexicon, p1, p2, games, seed, *, count_moves = false, threads = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn play_match(
    py: Python<'_>,
    lexicon: &Lexicon,
    p1: &str,
    p2: &str,
    games: u64,
    seed: u64,
    count_moves: bool,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<Summary> {
    let threads = thread_count(threads)?;
    let players = players(lexicon, p1, p2)?;
    let settings = MatchSettings::new(games, seed).count_moves(count_moves);
    let lex = &lexicon.session.lexicon;
    let played = interruptible(py, threads, |stop| {
        play_range(lex, &players, &settings, 0..games, stop)
    })?
    .map_err(err)?;
    Ok(matchplay::summarize(&played, count_moves).into())
}
