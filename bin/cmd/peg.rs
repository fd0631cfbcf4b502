//! `lexgraph peg`: a position with one tile in the bag, each candidate's
//! endgames solved for every tile the bag may hold
//! (`lexgraph::analysis::peg`).

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use lexgraph::analysis::endgame::Settings;
use lexgraph::analysis::peg::Pregame;
use lexgraph::{Generator, Position};
use serde::Serialize;

#[derive(clap::Args)]
pub struct Args {
    /// The position in CGP, one tile in the bag (the opponent's rack, unknown
    /// then, is ignored)
    #[arg(long)]
    cgp: String,
    /// Lexicon (.gaddag or .dawg); default: the built-in English lexicon
    #[arg(short, long)]
    lexicon: Option<PathBuf>,
    /// Candidates: the N highest-scoring placements
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=1000))]
    candidates: u64,
    /// Time limit of each endgame (`5s`, `1m`): one cut short is an estimate,
    /// and its candidate is marked not exact
    #[arg(long, value_parser = crate::setup::parse_duration)]
    time_per_endgame: Option<Duration>,
    /// Threads, 1 to 256 (default: every core); the results are the same on
    /// any number when every endgame is exact
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
    /// Output: text, or one JSON object
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
}

#[derive(Serialize)]
struct JsonDraw {
    tile: String,
    weight: u32,
    spread: i32,
    exact: bool,
}

#[derive(Serialize)]
struct JsonCandidate {
    play: String,
    score: i32,
    win: f64,
    draws: f64,
    mean_spread: f64,
    exact: bool,
    bag: Vec<JsonDraw>,
}

pub fn run(args: Args) -> Result<std::process::ExitCode> {
    let (_, lex) = crate::setup::open_lexicon(args.lexicon.as_deref(), None)?;
    let a = lex.alphabet().clone();
    let position =
        Position::from_cgp(&args.cgp, &a).with_context(|| format!("--cgp {:?}", args.cgp))?;
    let rules = position.rules().context("--cgp")?;
    let peg = Pregame::new(&lex, rules.clone(), &position).context("--cgp")?;
    let candidates = peg.candidates(&mut Generator::new(rules), args.candidates as usize);
    let settings = Settings {
        time: args.time_per_endgame,
        ..Settings::default()
    };
    let pb = crate::spinner(&format!(
        "solving {} candidates' endgames",
        candidates.len()
    ));
    crate::signals::interruptible();
    let stop = &crate::signals::INTERRUPTED;
    let t0 = Instant::now();
    let solved = match args.threads {
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n as usize)
            .build()?
            .install(|| peg.solve(candidates, &settings, stop)),
        None => peg.solve(candidates, &settings, stop),
    };
    let seconds = t0.elapsed().as_secs_f64();
    if let Some(pb) = pb {
        pb.finish_and_clear();
    }
    let results = solved.context("--cgp")?;
    let mut out = std::io::stdout().lock();
    match args.format {
        Format::Json => {
            let cands: Vec<JsonCandidate> = results
                .iter()
                .map(|r| JsonCandidate {
                    play: r.play.text(&a),
                    score: r.play.score(),
                    win: r.win_rate(),
                    draws: r.draw_rate(),
                    mean_spread: r.mean_spread(),
                    exact: r.exact(),
                    bag: r
                        .draws
                        .iter()
                        .map(|d| JsonDraw {
                            tile: a.label(d.tile, d.tile == 0),
                            weight: d.weight,
                            spread: d.spread,
                            exact: d.exact,
                        })
                        .collect(),
                })
                .collect();
            let j = serde_json::json!({ "seconds": seconds, "candidates": cands });
            serde_json::to_writer(&mut out, &j)?;
            writeln!(out)?;
        }
        Format::Text => {
            writeln!(
                out,
                "{} candidates, one tile in the bag: {seconds:.2} s",
                results.len()
            )?;
            writeln!(
                out,
                "{:>3}  {:<22} {:>5} {:>7} {:>7} {:>8}  bag tile: final spread",
                "#", "play", "score", "win %", "draw %", "spread"
            )?;
            for (i, r) in results.iter().enumerate() {
                let bag: Vec<String> = r
                    .draws
                    .iter()
                    .map(|d| {
                        format!(
                            "{}{}:{:+}{}",
                            a.label(d.tile, d.tile == 0),
                            if d.weight > 1 {
                                format!("x{}", d.weight)
                            } else {
                                String::new()
                            },
                            d.spread,
                            if d.exact { "" } else { "~" }
                        )
                    })
                    .collect();
                writeln!(
                    out,
                    "{:>3}  {:<22} {:>5} {:>7.1} {:>7.1} {:>+8.1}  {}",
                    i + 1,
                    r.play.text(&a),
                    r.play.score(),
                    100.0 * r.win_rate(),
                    100.0 * r.draw_rate(),
                    r.mean_spread(),
                    bag.join(" ")
                )?;
            }
            if results.iter().any(|r| !r.exact()) {
                writeln!(
                    out,
                    "~: an estimate (the endgame's time limit cut it short)"
                )?;
            }
        }
    }
    out.flush()?;
    Ok(std::process::ExitCode::SUCCESS)
}
