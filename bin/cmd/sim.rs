//! `lexgraph sim`: candidate plays simulated a few plies ahead
//! (`lexgraph::analysis::sim`), ranked by their mean result.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use lexgraph::analysis::sim::{Report, Settings, Simulator, MAX_PLIES};
use lexgraph::analysis::winprob::WinTable;
use lexgraph::{Generator, Position};
use serde::Serialize;

use crate::usage;

#[derive(clap::Args)]
pub struct Args {
    /// The position in CGP: `BOARD RACK/RACK SCORE/SCORE ZERO_TURNS [OPCODES]`
    /// (the opponent's rack may be left empty: it is then drawn in each scenario)
    #[arg(long)]
    cgp: String,
    /// Lexicon (.gaddag or .dawg); default: the built-in English lexicon
    #[arg(short, long)]
    lexicon: Option<PathBuf>,
    /// Leave values for the candidates' equity and every ply's static player:
    /// auto (the lexicon's own, else Gordon's Heuristic 2), gordon1, gordon2,
    /// klv:FILE or csv:FILE
    #[arg(long, default_value = "auto")]
    leaves: String,
    /// Win probability at the end of a playout: `auto` (the win table beside
    /// the leaves, X.win.csv for X.klv2, or the built-in list's), a win table
    /// file (`unseen,spread,turns,wins`, as `leaves train` writes), or `none`
    /// (a playout is won when the spread favours the mover)
    #[arg(long, default_value = "auto", value_name = "auto|FILE|none")]
    win_table: String,
    /// The opponent's last play and its score (`'8G QI 22'`): --cgp is then the
    /// position before it (the mover's rack, the scores then), the play is
    /// made, and each scenario deals the opponent a leave that play was best
    /// with (within --infer-margin) by the leaves of --leaves
    #[arg(long, value_name = "PLAY SCORE")]
    infer: Option<String>,
    /// Points of equity within which the opponent's play counts as best
    #[arg(long, default_value_t = 0.0, requires = "infer")]
    infer_margin: f32,
    /// Candidates: the N best plays by static equity
    #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u64).range(1..=1000))]
    candidates: u64,
    /// Turns played after each candidate
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=MAX_PLIES as i64))]
    plies: u32,
    /// Iterations (scenarios) per candidate at most
    #[arg(long, default_value_t = 1000, value_parser = crate::setup::at_least_one)]
    iterations: u64,
    /// Stop after this long: `500ms`, `10s`, `2m`
    #[arg(long, value_parser = crate::setup::parse_duration)]
    time: Option<Duration>,
    /// Drop candidates behind the leader at this confidence, in percent (50
    /// to 99.9999); the simulation ends when one is left
    #[arg(long, default_value_t = 99.0)]
    stop: f64,
    /// Never drop a candidate: every one gets its iterations
    #[arg(long)]
    no_stop: bool,
    /// The scenarios' seed: the same seed gives the same table whatever the thread count
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads, 1 to 256 (default: every core)
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
    /// Output: a text table, or one JSON object
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
}

#[derive(Serialize)]
struct JsonArm {
    play: String,
    score: i32,
    equity: f32,
    leave: String,
    mean: f64,
    stderr: Option<f64>,
    low: Option<f64>,
    high: Option<f64>,
    win: f64,
    iterations: u64,
    dropped: Option<u64>,
}

#[derive(Serialize)]
struct JsonReport {
    lexicon: String,
    leaves: String,
    win_table: String,
    plies: u32,
    seed: u64,
    stopped: &'static str,
    iterations: u64,
    seconds: f64,
    candidates: Vec<JsonArm>,
}

pub fn run(args: Args) -> Result<std::process::ExitCode> {
    if !(50.0..=99.9999).contains(&args.stop) {
        usage!(
            "--stop {}: a confidence between 50 and 99.9999 (percent)",
            args.stop
        );
    }
    let (label, lex) = crate::setup::open_lexicon(args.lexicon.as_deref(), None)?;
    let alphabet = lex.alphabet().clone();
    let position = Position::from_cgp(&args.cgp, &alphabet)
        .with_context(|| format!("--cgp {:?}", args.cgp))?;
    let rules = position.rules().context("--cgp")?;
    let (leaves_name, leaves) =
        crate::default_lexicon::leaves_spec(&args.leaves, args.lexicon.as_deref(), &alphabet)
            .with_context(|| format!("--leaves {}", args.leaves))?;
    let table = match args.win_table.as_str() {
        "none" => None,
        "auto" => {
            let built_in = args.lexicon.is_none() && args.leaves == "auto";
            crate::default_lexicon::win_table_beside(&leaves_name, built_in)?
        }
        file => Some((
            file.to_string(),
            WinTable::read(std::path::Path::new(file)).context("--win-table")?,
        )),
    };
    let (position, inferred) = match &args.infer {
        None => (position, None),
        Some(text) => {
            let (position, inferred) = infer_play(&lex, &rules, position, text, &leaves, &args)?;
            (position, Some(inferred))
        }
    };
    let mut sim = Simulator::new(&lex, rules.clone(), position, leaves).context("--cgp")?;
    if let Some(inf) = &inferred {
        eprintln!(
            "inferred: {} of {} leaves fit the opponent's play",
            inf.leaves.len(),
            inf.considered
        );
        sim = sim
            .with_inference(&inf.leaves)
            .with_context(|| format!("--infer {}", args.infer.as_deref().unwrap_or("")))?;
    }
    let win_source = match table {
        Some((name, t)) => {
            sim = sim.with_win_table(t);
            name
        }
        None => "none".to_string(),
    };
    let candidates = sim.candidates(&mut Generator::new(rules), args.candidates as usize);
    let settings = Settings {
        plies: args.plies,
        iterations: args.iterations,
        time: args.time,
        confidence: (!args.no_stop).then_some(args.stop / 100.0),
        seed: args.seed,
        ..Settings::default()
    };
    let live = crate::simulate::Live::new(args.iterations, &alphabet);
    let on_round = |arms: &[lexgraph::analysis::sim::Arm]| live.update(arms);
    crate::signals::interruptible();
    let t0 = Instant::now();
    let stop = &crate::signals::INTERRUPTED;
    let report = match args.threads {
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n as usize)
            .build()?
            .install(|| sim.run(candidates, &settings, stop, on_round)),
        None => sim.run(candidates, &settings, stop, on_round),
    }?;
    let seconds = t0.elapsed().as_secs_f64();
    live.finish();
    if stop.load(Ordering::SeqCst) {
        eprintln!("interrupted: the table so far");
    }
    let mut out = std::io::stdout().lock();
    match args.format {
        Format::Json => {
            let mut j = json_report(&report, &alphabet, label, &args, seconds);
            j.leaves = leaves_name;
            j.win_table = win_source;
            serde_json::to_writer(&mut out, &j)?;
            writeln!(out)?;
        }
        Format::Text => {
            text_report(&mut out, &report, &alphabet, &args, seconds)?;
            writeln!(out, "leaves {leaves_name}; win % from {win_source}")?;
        }
    }
    out.flush()?;
    Ok(std::process::ExitCode::SUCCESS)
}

/// `--infer 'PLAY SCORE'`: the position after the opponent's play, and
/// what they may have kept.
fn infer_play(
    lex: &lexgraph::Lexicon,
    rules: &lexgraph::Rules,
    before: Position,
    text: &str,
    leaves: &lexgraph::strategy::Leaves,
    args: &Args,
) -> Result<(Position, lexgraph::analysis::infer::Inference)> {
    use lexgraph::analysis::infer::{find_play, infer};
    let why = || format!("--infer {text:?}");
    let (play, score) = text
        .trim()
        .rsplit_once(' ')
        .and_then(|(p, s)| Some((p.trim(), s.trim_start_matches('+').parse::<i32>().ok()?)))
        .with_context(|| format!("{}: give the play and its score, as '8G QI 22'", why()))?;
    let mut gen = Generator::new(rules.clone());
    let m = find_play(&mut gen, lex, &before, play, score).with_context(why)?;
    let inferred =
        infer(&mut gen, lex, &before, &m, leaves, args.infer_margin).with_context(why)?;
    let mut after = before;
    m.apply(&mut after.board);
    after.scores[1] = after.scores[1].saturating_add(m.score);
    after.zero_turns = if m.score == 0 {
        after.zero_turns + 1
    } else {
        0
    };
    Ok((after, inferred))
}

fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}

fn json_report(
    r: &Report,
    a: &lexgraph::Alphabet,
    lexicon: String,
    args: &Args,
    seconds: f64,
) -> JsonReport {
    let c = args.stop / 100.0;
    JsonReport {
        lexicon,
        leaves: String::new(),
        win_table: String::new(),
        plies: args.plies,
        seed: args.seed,
        stopped: crate::simulate::stopped_text(r.stopped),
        iterations: r.iterations,
        seconds,
        candidates: r
            .arms
            .iter()
            .map(|arm| {
                let (lo, hi) = arm.interval(c);
                JsonArm {
                    play: arm.play.text(a),
                    score: arm.play.score(),
                    equity: arm.equity,
                    leave: arm.leave.to_text(a),
                    mean: arm.mean(),
                    stderr: finite(arm.stderr()),
                    low: finite(lo),
                    high: finite(hi),
                    win: arm.win_rate(),
                    iterations: arm.iterations,
                    dropped: arm.dropped,
                }
            })
            .collect(),
    }
}

fn text_report(
    out: &mut impl Write,
    r: &Report,
    a: &lexgraph::Alphabet,
    args: &Args,
    seconds: f64,
) -> Result<()> {
    writeln!(
        out,
        "{} candidates, {} plies, seed {}: {} iterations in {seconds:.1} s (stopped: {})",
        r.arms.len(),
        args.plies,
        args.seed,
        r.iterations,
        crate::simulate::stopped_text(r.stopped)
    )?;
    crate::simulate::write_table(out, &r.arms, a, "")?;
    if r.arms.is_empty() {
        bail!("no candidate");
    }
    Ok(())
}
