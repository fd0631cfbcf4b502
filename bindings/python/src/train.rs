//! Leave training (`lexgraph::train`) for Python: on this machine
//! (`train_leaves`), or in pieces that a cluster runs (`train_games` per
//! shard, `merge_tallies`, `estimate_leaves`; `lexgraph.cluster` drives
//! them on Dask). Tallies travel as bytes and merge exactly, so the pieces
//! give the same table as the whole.

use super::*;
use lexgraph::train::{self, Settings, Tally};

/// A tally from bytes, named `what` in errors.
fn tally(bytes: &[u8], what: &str) -> PyResult<Tally> {
    Tally::from_bytes(bytes, what).map_err(err)
}

/// Plays games `start .. start + count` of generation `generation` (0
/// first) of a training run with seed `seed`, every player using the leave
/// values `leaves` (KLV2 bytes: the previous generation's; `None` for the
/// first, every leave 0), with the standard rules on `threads` threads
/// (all cores when `None`; the GIL released). Returns the games' tally as
/// bytes, for `merge_tallies` and `estimate_leaves`. Ctrl-C stops it within
/// a game.
#[pyfunction]
#[pyo3(signature = (lexicon, leaves, seed, generation, start, count, *, threads = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn train_games<'py>(
    py: Python<'py>,
    lexicon: &Lexicon,
    leaves: Option<Vec<u8>>,
    seed: u64,
    generation: usize,
    start: u64,
    count: u64,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<Bound<'py, PyBytes>> {
    let threads = thread_count(threads)?;
    let end = start
        .checked_add(count)
        .ok_or_else(|| LexgraphError::new_err("start + count overflows"))?;
    let lex = &lexicon.session.lexicon;
    let rules = Rules::default();
    let out = interruptible(py, threads, |stop| {
        train::play_generation_until(
            lex,
            &rules,
            leaves.as_deref(),
            seed,
            generation,
            start..end,
            stop,
            || {},
        )
        .transpose()
    })?
    .map_err(err)?;
    Ok(PyBytes::new(py, &out.to_bytes()))
}

/// Merges tallies (bytes from `train_games`) into one, exactly: the order
/// does not matter.
#[pyfunction]
pub(crate) fn merge_tallies<'py>(
    py: Python<'py>,
    tallies: Vec<Vec<u8>>,
) -> PyResult<Bound<'py, PyBytes>> {
    let mut all = Tally::default();
    for (i, t) in tallies.iter().enumerate() {
        all.merge(&tally(t, &format!("tally {i}"))?);
    }
    Ok(PyBytes::new(py, &all.to_bytes()))
}

/// Leave values from a tally (bytes): a KLV2 file's bytes, every leave of
/// one tile to one less than a rack (see `lexgraph::train`). Leaves seen
/// in fewer than `min_support` racks lean on smaller leaves.
#[pyfunction]
#[pyo3(signature = (lexicon, tally_bytes, *, min_support = 50))]
pub(crate) fn estimate_leaves<'py>(
    py: Python<'py>,
    lexicon: &Lexicon,
    tally_bytes: Vec<u8>,
    min_support: u64,
) -> PyResult<Bound<'py, PyBytes>> {
    let t = tally(&tally_bytes, "the tally")?;
    let lex = &lexicon.session.lexicon;
    let klv2 = py
        .detach(|| {
            let est = train::estimate(&t, lex.alphabet(), Rules::default().rack_size, min_support)?;
            lexgraph::klv::klv2_bytes(est.leaves, lexgraph::kwg::NodeOrder::Wolges)
        })
        .map_err(err)?;
    Ok(PyBytes::new(py, &klv2))
}

/// The win table of a tally (bytes) as `unseen,spread,turns,wins` CSV.
#[pyfunction]
pub(crate) fn win_table(tally_bytes: Vec<u8>) -> PyResult<String> {
    Ok(tally(&tally_bytes, "the tally")?.win_table_csv())
}

/// Trains leave values by self-play on this machine (the standard rules;
/// `threads` threads, all cores when `None`; the GIL released): `games`
/// games in each of `generations` generations, or a list of counts, one
/// per generation. Returns `(klv2, win_table)`: the KLV2 file's bytes and
/// the win table's CSV, what `lexgraph leaves train` writes, whatever the
/// thread count. Ctrl-C stops it within a game.
#[pyfunction]
#[pyo3(signature = (lexicon, games, *, generations = 4, seed = 1, min_support = 50, threads = None))]
pub(crate) fn train_leaves<'py>(
    py: Python<'py>,
    lexicon: &Lexicon,
    games: &Bound<'_, PyAny>,
    generations: usize,
    seed: u64,
    min_support: u64,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Bound<'py, PyBytes>, String)> {
    let threads = thread_count(threads)?;
    let counts = generation_games(games, generations)?;
    let mut settings = Settings::new(counts, seed);
    settings.min_support = min_support;
    let lex = &lexicon.session.lexicon;
    let rules = Rules::default();
    let trained = interruptible(py, threads, |stop| {
        train::train_until(lex, &rules, &settings, stop, |_| {}).transpose()
    })?
    .map_err(err)?;
    Ok((
        PyBytes::new(py, &trained.klv2),
        trained.tally.win_table_csv(),
    ))
}

/// `games` as one count per generation: an int repeated `generations`
/// times, or a list as it is.
pub(crate) fn generation_games(games: &Bound<'_, PyAny>, generations: usize) -> PyResult<Vec<u64>> {
    let counts: Vec<u64> = match games.extract::<u64>() {
        Ok(n) => vec![n; generations],
        Err(_) => games.extract()?,
    };
    if counts.is_empty() || counts.contains(&0) || generations == 0 {
        return Err(PyValueError::new_err(
            "games: a positive count, or a list of them; generations >= 1",
        ));
    }
    Ok(counts)
}
