//! Games from Python: match play on all cores, per-game results and their
//! summary.

use super::*;

/// One game's result by player (index 0: the first strategy named), a
/// list with an entry for each of the 2 to 4 players.
/// Picklable, and equal when every field is.
#[pyclass(module = "lexgraph", frozen, eq, get_all)]
#[derive(Clone, PartialEq)]
pub(crate) struct GameStats {
    /// The game's number in the match.
    pub(crate) number: u64,
    /// Which player moved first (seat s was player (s + first) % players).
    pub(crate) first: usize,
    /// Final scores.
    pub(crate) scores: Vec<i32>,
    /// Bingos played.
    pub(crate) bingos: Vec<u32>,
    /// Turns taken.
    pub(crate) turns: Vec<u32>,
    /// Points scored by placements (the end-of-game settlement left out).
    pub(crate) points: Vec<i64>,
    /// Legal placements summed over each player's turns (`count_moves=True`).
    pub(crate) legal_moves: Vec<u64>,
}

impl From<&GameStats> for matchplay::GameStats {
    fn from(g: &GameStats) -> matchplay::GameStats {
        matchplay::GameStats {
            number: g.number,
            first: g.first,
            scores: g.scores.clone(),
            bingos: g.bingos.clone(),
            turns: g.turns.clone(),
            points: g.points.clone(),
            legal_moves: g.legal_moves.clone(),
        }
    }
}

impl From<&matchplay::GameStats> for GameStats {
    fn from(g: &matchplay::GameStats) -> GameStats {
        GameStats {
            number: g.number,
            first: g.first,
            scores: g.scores.clone(),
            bingos: g.bingos.clone(),
            turns: g.turns.clone(),
            points: g.points.clone(),
            legal_moves: g.legal_moves.clone(),
        }
    }
}

#[pymethods]
impl GameStats {
    #[new]
    fn new(
        number: u64,
        first: usize,
        scores: Vec<i32>,
        bingos: Vec<u32>,
        turns: Vec<u32>,
        points: Vec<i64>,
        legal_moves: Vec<u64>,
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
    fn __getnewargs__(&self) -> (u64, usize, Vec<i32>, Vec<u32>, Vec<u32>, Vec<i64>, Vec<u64>) {
        (
            self.number,
            self.first,
            self.scores.clone(),
            self.bingos.clone(),
            self.turns.clone(),
            self.points.clone(),
            self.legal_moves.clone(),
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "GameStats(number={}, first={}, scores={:?}, bingos={:?}, turns={:?}, points={:?}, legal_moves={:?})",
            self.number, self.first, self.scores, self.bingos, self.turns, self.points, self.legal_moves
        )
    }
}

/// A match's statistics: the first strategy's against the others (the
/// second in a match of two), and each player's. Picklable, and equal when
/// every field is.
#[pyclass(module = "lexgraph", frozen, eq, get_all)]
#[derive(Clone, PartialEq)]
pub(crate) struct Summary {
    /// Games played.
    pub(crate) games: u64,
    /// Players in each game.
    pub(crate) players: usize,
    /// Each player's share of the wins (a tie for first shared).
    pub(crate) win_rates: Vec<f64>,
    /// Their 95 % confidence intervals.
    pub(crate) win_rates_ci95: Vec<(f64, f64)>,
    pub(crate) wins: u64,
    pub(crate) draws: u64,
    pub(crate) losses: u64,
    /// (wins + draws / 2) / games.
    pub(crate) win_rate: f64,
    /// The 95 % confidence interval of the win rate.
    pub(crate) win_rate_ci95: (f64, f64),
    /// Mean final score of each player.
    pub(crate) mean_score: Vec<f64>,
    /// Mean of the first player's score less the best of the others'.
    pub(crate) mean_spread: f64,
    /// Standard deviation of the spread.
    pub(crate) spread_sd: f64,
    pub(crate) bingos_per_game: Vec<f64>,
    /// Placement points per turn.
    pub(crate) points_per_turn: Vec<f64>,
    pub(crate) turns_per_game: f64,
    /// Legal placements per turn (with `count_moves=True`), else `None`.
    pub(crate) moves_per_turn: Option<f64>,
}

impl From<matchplay::Summary> for Summary {
    fn from(s: matchplay::Summary) -> Summary {
        Summary {
            games: s.games,
            players: s.players,
            win_rates: s.win_rates,
            win_rates_ci95: s.win_rates_ci95,
            wins: s.wins,
            draws: s.draws,
            losses: s.losses,
            win_rate: s.win_rate,
            win_rate_ci95: s.win_rate_ci95,
            mean_score: s.mean_score,
            mean_spread: s.mean_spread,
            spread_sd: s.spread_sd,
            bingos_per_game: s.bingos_per_game,
            points_per_turn: s.points_per_turn,
            turns_per_game: s.turns_per_game,
            moves_per_turn: s.moves_per_turn,
        }
    }
}

#[pymethods]
impl Summary {
    #[new]
    #[pyo3(signature = (games, wins, draws, losses, win_rate, win_rate_ci95, mean_score, mean_spread, spread_sd, bingos_per_game, points_per_turn, turns_per_game, moves_per_turn = None, players = 2, win_rates = None, win_rates_ci95 = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        games: u64,
        wins: u64,
        draws: u64,
        losses: u64,
        win_rate: f64,
        win_rate_ci95: (f64, f64),
        mean_score: Vec<f64>,
        mean_spread: f64,
        spread_sd: f64,
        bingos_per_game: Vec<f64>,
        points_per_turn: Vec<f64>,
        turns_per_game: f64,
        moves_per_turn: Option<f64>,
        players: usize,
        win_rates: Option<Vec<f64>>,
        win_rates_ci95: Option<Vec<(f64, f64)>>,
    ) -> Summary {
        Summary {
            games,
            players,
            win_rates: win_rates.unwrap_or_default(),
            win_rates_ci95: win_rates_ci95.unwrap_or_default(),
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

    /// The constructor's arguments by name: the fields (16: more than a
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
        d.set_item("players", self.players)?;
        d.set_item("win_rates", self.win_rates.clone())?;
        d.set_item("win_rates_ci95", self.win_rates_ci95.clone())?;
        d.set_item("wins", self.wins)?;
        d.set_item("draws", self.draws)?;
        d.set_item("losses", self.losses)?;
        d.set_item("win_rate", self.win_rate)?;
        d.set_item("win_rate_ci95", self.win_rate_ci95)?;
        d.set_item("mean_score", self.mean_score.clone())?;
        d.set_item("mean_spread", self.mean_spread)?;
        d.set_item("spread_sd", self.spread_sd)?;
        d.set_item("bingos_per_game", self.bingos_per_game.clone())?;
        d.set_item("points_per_turn", self.points_per_turn.clone())?;
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

/// The strategies of a match: `p1`, `p2`, and `p3`, `p4` when given (a
/// `p4` needs a `p3`).
pub(crate) fn players(lex: &Lexicon, specs: [Option<&str>; 4]) -> PyResult<Vec<Strategy>> {
    let a = lex.session.lexicon.alphabet();
    if specs[3].is_some() && specs[2].is_none() {
        return Err(PyValueError::new_err("p4 needs p3: players sit in order"));
    }
    specs
        .iter()
        .flatten()
        .map(|spec| Strategy::parse(spec, a).map_err(err))
        .collect()
}

/// Plays games `numbers` of a match with the standard rules on the current
/// rayon pool, in game order, as `matchplay::play_range` does, but stopping
/// (`None`) once `stop` is set: each game is `matchplay::play_one`, so the
/// games are the library's, whatever the thread count.
pub(crate) fn play_range(
    lex: &lexgraph::Lexicon,
    players: &[Strategy],
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
/// against `p2` (and `p3`, `p4` in a game of three or four) with seed
/// `seed` (standard rules), on `threads` threads (1
/// to 256; all cores when `None`) with the GIL released, and returns their
/// `GameStats` in game order. Each game depends only on the seed and its
/// number: shards played anywhere, merged with `summarize`, give exactly
/// `play_match`'s summary. Strategies: `greedy`, `gordon1`, `gordon2`,
/// `klv:FILE`, `csv:FILE`, `gordon1:FILE`, `gordon2:FILE`. The lexicon must
/// be a GADDAG or DAWG of the game's alphabet. Ctrl-C stops it within a
/// game.
#[pyfunction]
#[pyo3(signature = (lexicon, p1, p2, seed, start, count, *, count_moves = false, threads = None, p3 = None, p4 = None))]
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
    p3: Option<&str>,
    p4: Option<&str>,
) -> PyResult<Vec<GameStats>> {
    let threads = thread_count(threads)?;
    let players = players(lexicon, [Some(p1), Some(p2), p3, p4])?;
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
    let counted =
        count_moves.unwrap_or_else(|| games.iter().any(|g| g.legal_moves.iter().any(|&m| m != 0)));
    matchplay::summarize(&games, counted).into()
}

/// Plays a whole match of `games` games on this machine (`threads`
/// threads, 1 to 256; all cores when `None`; the GIL released) and returns
/// its `Summary`: what `lexgraph match` reports, whatever the thread count.
/// `p3` and `p4` seat a third and a fourth player. Ctrl-C stops it within
/// a game.
#[pyfunction]
#[pyo3(signature = (lexicon, p1, p2, games, seed, *, count_moves = false, threads = None, p3 = None, p4 = None))]
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
    p3: Option<&str>,
    p4: Option<&str>,
) -> PyResult<Summary> {
    let threads = thread_count(threads)?;
    let players = players(lexicon, [Some(p1), Some(p2), p3, p4])?;
    let settings = MatchSettings::new(games, seed).count_moves(count_moves);
    let lex = &lexicon.session.lexicon;
    let played = interruptible(py, threads, |stop| {
        play_range(lex, &players, &settings, 0..games, stop)
    })?
    .map_err(err)?;
    Ok(matchplay::summarize(&played, count_moves).into())
}
