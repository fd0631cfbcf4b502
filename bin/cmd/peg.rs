//! `lexgraph peg`: a position with one or two tiles in the bag, each
//! candidate's endgames solved for every way the bag may hold them
//! (`lexgraph::analysis::peg`).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use lexgraph::analysis::endgame::Settings;
use lexgraph::analysis::peg::Pregame;
use lexgraph::{Generator, Position};
use serde::Serialize;

#[derive(clap::Args)]
pub struct Args {
    /// The position in CGP, one or two tiles in the bag (the opponent's rack,
    /// unknown then, is ignored)
    #[arg(long)]
    cgp: String,
    /// Lexicon (.gaddag or .dawg); default: the built-in English lexicon
    #[arg(short, long)]
    lexicon: Option<PathBuf>,
    /// Candidates: the N highest-scoring placements
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=1000))]
    candidates: u64,
    /// With two tiles in the bag: also the N highest-scoring one-tile
    /// placements (they keep a tile in the bag for the opponent)
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(0..=1000))]
    one_tile_plays: u64,
    /// With two tiles in the bag: the opponent's N highest-scoring
    /// placements weighed when they answer a one-tile play
    #[arg(long, default_value_t = lexgraph::analysis::peg::DEFAULT_REPLIES as u64,
          value_parser = clap::value_parser!(u64).range(1..=1000))]
    replies: u64,
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
    /// The bag's tiles in the order they are drawn.
    bag: Vec<String>,
    weight: u32,
    spread: i32,
    exact: bool,
    /// The opponent's answer to a one-tile play with two in the bag.
    #[serde(skip_serializing_if = "Option::is_none")]
    reply: Option<String>,
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
    let mut peg = Pregame::new(&lex, rules.clone(), &position).context("--cgp")?;
    peg.set_replies(args.replies as usize);
    let one_tile = match peg.bag() {
        1 => 0,
        _ => args.one_tile_plays as usize,
    };
    let candidates = peg.candidates_with(
        &mut Generator::new(rules),
        args.candidates as usize,
        one_tile,
    );
    let settings = Settings {
        time: args.time_per_endgame,
        ..Settings::default()
    };
    // On a terminal, a bar of the (candidate, bag) tasks done: a task is an
    // endgame, or the opponent's pre-endgame after a one-tile play.
    let pb = std::io::stderr().is_terminal().then(|| {
        let pb = indicatif::ProgressBar::new(0);
        pb.set_style(
            indicatif::ProgressStyle::with_template(&format!(
                "{{bar:40}} {{pos}}/{{len}} {} of {} candidate{} [{{elapsed}}]",
                if peg.bag() == 1 {
                    "bag tiles"
                } else {
                    "pairs of bag tiles"
                },
                candidates.len(),
                if candidates.len() == 1 { "" } else { "s" }
            ))
            .expect("a valid template"),
        );
        pb
    });
    let progress = |done: usize, total: usize| {
        if let Some(pb) = &pb {
            pb.set_length(total as u64);
            pb.set_position(done as u64);
        }
    };
    crate::signals::interruptible();
    let stop = &crate::signals::INTERRUPTED;
    let t0 = Instant::now();
    let solve = || peg.solve_with_progress(candidates, &settings, stop, progress);
    let solved = match args.threads {
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n as usize)
            .build()?
            .install(solve),
        None => solve(),
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
                            bag: d.bag.iter().map(|&t| a.label(t, t == 0)).collect(),
                            weight: d.weight,
                            spread: d.spread,
                            exact: d.exact,
                            reply: d.reply.as_ref().map(|p| p.text(&a)),
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
                "{} candidates, {} in the bag: {seconds:.2} s",
                results.len(),
                if peg.bag() == 1 {
                    "one tile"
                } else {
                    "two tiles"
                }
            )?;
            writeln!(
                out,
                "{:>3}  {:<22} {:>5} {:>7} {:>7} {:>8}  {}: final spread",
                "#",
                "play",
                "score",
                "win %",
                "draw %",
                "spread",
                if peg.bag() == 1 { "bag tile" } else { "bag" }
            )?;
            for (i, r) in results.iter().enumerate() {
                let bag: Vec<String> = r
                    .draws
                    .iter()
                    .map(|d| {
                        // A pair drawn together reads `AB`; one drawn now
                        // and one left for the opponent, `A,B`.
                        let labels: Vec<String> =
                            d.bag.iter().map(|&t| a.label(t, t == 0)).collect();
                        let sep = if d.reply.is_some() { "," } else { "" };
                        // Ways to draw it: ordered draws for `A,B`, pairs
                        // of tiles for `AB` (half the ordered draws).
                        let ways = match (d.bag.len(), d.reply.is_some()) {
                            (2, false) => d.weight / 2,
                            _ => d.weight,
                        };
                        format!(
                            "{}{}:{:+}{}",
                            labels.join(sep),
                            if ways > 1 {
                                format!("x{ways}")
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
            if results
                .iter()
                .any(|r| r.draws.iter().any(|d| d.reply.is_some()))
            {
                writeln!(
                    out,
                    "A,B: the mover draws A and B stays in the bag; the opponent answers with \
                     their best of --replies placements (JSON: each scenario's reply)"
                )?;
            }
        }
    }
    out.flush()?;
    Ok(std::process::ExitCode::SUCCESS)
}
