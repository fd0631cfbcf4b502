//! What the commands that simulate share: the `sim[:key=value,...]` player
//! (`match --p1`, `play --vs`, `tune --vs`, `replay --analyze --sim`), the
//! table a simulation prints, and that table kept live on a terminal while
//! it runs.

use std::io::{IsTerminal, Write};
use std::path::Path;

use anyhow::{Context, Result};
use lexgraph::analysis::endgame::Limit;
use lexgraph::analysis::sim::player::{Player, SimPlayer};
use lexgraph::analysis::sim::{Arm, Settings, Stopped};
use lexgraph::strategy::{Exchanges, Strategy};
use lexgraph::Alphabet;

const KEYS: &str = "iterations, plies, candidates, stop, leaves, endgame";

/// Whether a player spec names a simulating player.
pub fn is_sim(spec: &str) -> bool {
    spec == "sim" || spec.starts_with("sim:")
}

/// A simulating player from `sim[:key=value,...]`: 64 iterations, 2 plies,
/// 8 candidates and no stopping rule unless given; its leaves as `auto`
/// resolves them (the lexicon's own, else Heuristic 2) or as `leaves=`
/// says (`greedy`: the greedy player's, score alone), its win table
/// beside them, its scenarios seeded by `seed`; with `endgame=PLIES` or
/// `endgame=TIME`, the endgame solved that deep or that long once the bag
/// is empty.
pub fn sim_player(
    spec: &str,
    lexicon: Option<&Path>,
    alphabet: &Alphabet,
    seed: u64,
) -> Result<SimPlayer> {
    let mut settings = Settings {
        iterations: 64,
        confidence: None,
        seed,
        ..Settings::default()
    };
    let (mut candidates, mut leaves, mut endgame) = (8usize, "auto".to_string(), None);
    let options = spec
        .strip_prefix("sim")
        .unwrap_or(spec)
        .trim_start_matches(':');
    for kv in options.split(',').filter(|s| !s.is_empty()) {
        let Some((k, v)) = kv.split_once('=') else {
            anyhow::bail!("{kv:?}: options are KEY=VALUE ({KEYS})");
        };
        let number = || -> Result<u64> {
            v.parse()
                .with_context(|| format!("{k}={v}: a whole number"))
        };
        match k {
            "iterations" => settings.iterations = number()?,
            "plies" => settings.plies = number()?.min(u32::MAX as u64) as u32,
            "candidates" => candidates = number()?.min(100_000) as usize,
            "stop" => {
                let pct: f64 = v
                    .parse()
                    .with_context(|| format!("stop={v}: a percentage"))?;
                settings.confidence = Some(pct / 100.0);
            }
            "leaves" => leaves = v.to_string(),
            "endgame" => endgame = Some(endgame_limit(v)?),
            _ => anyhow::bail!("{k:?}: not an option of sim ({KEYS})"),
        }
    }
    if candidates == 0 {
        anyhow::bail!("candidates=0: a player needs a play to choose");
    }
    // `greedy`: candidates and playouts by score alone, the naive
    // probabilistic search that Gordon (1994) found weaker than leave
    // heuristics without look-ahead.
    let (static_player, table) = if leaves == "greedy" {
        (Strategy::parse("greedy", alphabet)?, None)
    } else {
        let (name, values) = crate::default_lexicon::leaves_spec(&leaves, lexicon, alphabet)?;
        let built_in = lexicon.is_none() && leaves == "auto";
        let table = crate::default_lexicon::win_table_beside(&name, built_in)?;
        (Strategy::new(&name, values, Exchanges::Ranked), table)
    };
    // Checked here, not at the first move.
    settings.check()?;
    let mut p = SimPlayer::new(spec, static_player, settings, candidates);
    if let Some((_, t)) = table {
        p = p.with_win_table(t);
    }
    if let Some(limit) = endgame {
        p = p.with_endgame(limit);
    }
    Ok(p)
}

/// `endgame=PLIES` (1 to 1000: the same play on every run) or
/// `endgame=TIME` (`500ms`, `2s`: deepening until then; a match with it
/// may differ from run to run).
fn endgame_limit(v: &str) -> Result<Limit> {
    const WHAT: &str = "plies from 1 to 1000, or a time such as 500ms or 2s";
    if v.bytes().all(|b| b.is_ascii_digit()) {
        return v
            .parse()
            .ok()
            .filter(|n| (1..=1000).contains(n))
            .map(Limit::Plies)
            .with_context(|| format!("endgame={v}: {WHAT}"));
    }
    let t = crate::setup::parse_duration(v)
        .map_err(|e| anyhow::anyhow!("endgame={v}: {e} ({WHAT})"))?;
    if t.is_zero() {
        anyhow::bail!("endgame={v}: {WHAT}");
    }
    Ok(Limit::Time(t))
}

/// The simulation `level:5` runs: the default `sim` player's budget, over
/// level 4's static player (the lexicon's own leaves, every word).
pub const LEVEL5_SIM: &str = "sim:iterations=64,plies=2,candidates=8";

/// A player by its spec, for games on `lex` (the file `lexicon`, when it
/// has one): `sim[:...]` ([`sim_player`]), `level:5` (level 4 simulating
/// as [`LEVEL5_SIM`] says), or a static strategy as
/// [`crate::players::strategy`] reads it (`greedy`, `gordon2`, `auto`,
/// `klv:FILE`, `level:1`..`level:4`, modifiers `,vocab=N,realism=M` with
/// the word frequencies of `frequencies`, else the shipped English ones).
/// A static player or `level:5` with `,endgame=PLIES` (or `,endgame=TIME`)
/// solves the endgame that deep (or that long) once the bag is empty.
pub fn player(
    spec: &str,
    lex: &lexgraph::Lexicon,
    lexicon: Option<&Path>,
    frequencies: Option<&Path>,
    seed: u64,
) -> Result<Player> {
    let alphabet = lex.alphabet();
    if is_sim(spec) {
        return Ok(Player::Sim(sim_player(spec, lexicon, alphabet, seed)?));
    }
    // `endgame=PLIES` after a static player (or level 5): the endgame
    // solved once the bag is empty.
    let (rest, endgame): (Vec<&str>, Vec<&str>) =
        spec.split(',').partition(|m| !m.starts_with("endgame="));
    if let Some(last) = endgame.last() {
        let limit = endgame_limit(&last["endgame=".len()..])?;
        let base = rest.join(",");
        if base == "level:5" {
            let p = sim_player(LEVEL5_SIM, lexicon, alphabet, seed)?;
            return Ok(Player::Sim(p.with_endgame(limit).named(spec)));
        }
        return Ok(match player(&base, lex, lexicon, frequencies, seed)? {
            Player::Static(s) | Player::Endgame(s, _) => Player::Endgame(s, limit),
            Player::Sim(p) => Player::Sim(p.with_endgame(limit)),
        });
    }
    if spec == "auto" {
        // Named by the leaves it found (`klv:PATH`, `gordon2`).
        let (name, leaves) = crate::default_lexicon::leaves_spec("auto", lexicon, alphabet)?;
        return Ok(Player::Static(Strategy::new(
            &name,
            leaves,
            Exchanges::Ranked,
        )));
    }
    if spec == "level:5" {
        let p = sim_player(LEVEL5_SIM, lexicon, alphabet, seed)?;
        return Ok(Player::Sim(p.named(spec)));
    }
    Ok(Player::Static(crate::players::strategy(
        spec,
        lex,
        lexicon,
        frequencies,
    )?))
}

/// Why a simulation stopped, in a word.
pub fn stopped_text(s: Stopped) -> &'static str {
    match s {
        Stopped::Budget => "budget",
        Stopped::Confidence => "confidence",
        Stopped::Time => "time",
        Stopped::Interrupted => "interrupted",
    }
}

/// The arms as a table shows them: the survivors best first, then the
/// dropped ones.
fn ranked(arms: &[Arm]) -> Vec<&Arm> {
    let mut v: Vec<&Arm> = arms.iter().collect();
    v.sort_by(|x, y| {
        x.dropped
            .is_some()
            .cmp(&y.dropped.is_some())
            .then(y.mean().total_cmp(&x.mean()))
    });
    v
}

/// The column names of [`row`].
pub fn header(indent: &str) -> String {
    format!(
        "{indent}{:>3}  {:<22} {:>5} {:>8} {:>8} {:>6} {:>6} {:>6}",
        "#", "play", "score", "equity", "sim", "±se", "win %", "iters"
    )
}

/// One candidate: its play, score, static equity, mean result ± its
/// standard error, win % and iterations.
pub fn row(indent: &str, rank: usize, arm: &Arm, a: &Alphabet) -> String {
    let se = arm.stderr();
    let se = match se.is_finite() {
        true => format!("{se:.2}"),
        false => "-".into(),
    };
    let dropped = arm.dropped.map_or(String::new(), |_| "  dropped".into());
    format!(
        "{indent}{:>3}  {:<22} {:>5} {:>8.2} {:>+8.2} {:>6} {:>6.1} {:>6}{dropped}",
        rank,
        arm.play.text(a),
        arm.play.score(),
        arm.equity,
        arm.mean(),
        se,
        100.0 * arm.win_rate(),
        arm.iterations
    )
}

/// The table of `arms`, best first, under [`header`].
pub fn write_table(out: &mut impl Write, arms: &[Arm], a: &Alphabet, indent: &str) -> Result<()> {
    writeln!(out, "{}", header(indent))?;
    for (i, arm) in ranked(arms).into_iter().enumerate() {
        writeln!(out, "{}", row(indent, i + 1, arm, a))?;
    }
    Ok(())
}

/// Rows of the live table.
const LIVE_ROWS: usize = 10;

/// A simulation's progress on a terminal: a bar over the iterations and
/// the leading candidates' table, redrawn after every round. Nothing when
/// standard error is not a terminal.
pub struct Live {
    pb: Option<indicatif::ProgressBar>,
    alphabet: Alphabet,
}

impl Live {
    pub fn new(iterations: u64, alphabet: &Alphabet) -> Live {
        let pb = std::io::stderr().is_terminal().then(|| {
            let pb = indicatif::ProgressBar::new(iterations);
            pb.set_style(
                indicatif::ProgressStyle::with_template(
                    "{bar:40} {pos}/{len} iterations [{elapsed}]\n{msg}",
                )
                .expect("a valid template"),
            );
            pb
        });
        Live {
            pb,
            alphabet: alphabet.clone(),
        }
    }

    /// Shows the state after a round.
    pub fn update(&self, arms: &[Arm]) {
        let Some(pb) = &self.pb else { return };
        pb.set_position(arms.iter().map(|a| a.iterations).max().unwrap_or(0));
        let left = arms.iter().filter(|a| a.dropped.is_none()).count();
        let mut lines = vec![header("")];
        let shown = ranked(arms);
        for (i, arm) in shown.iter().take(LIVE_ROWS).enumerate() {
            lines.push(row("", i + 1, arm, &self.alphabet));
        }
        if shown.len() > LIVE_ROWS {
            lines.push(format!("  ... {} more", shown.len() - LIVE_ROWS));
        }
        lines.push(format!("{left} of {} candidates left", arms.len()));
        pb.set_message(lines.join("\n"));
    }

    /// Clears the display.
    pub fn finish(self) {
        if let Some(pb) = self.pb {
            pb.finish_and_clear();
        }
    }
}
