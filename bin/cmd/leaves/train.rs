//! `lexgraph leaves train`: leave values learned by self-play
//! (`lexgraph::train`), written as KLV2 with the win table beside.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result};
use lexgraph::train::{train, Progress, Settings};

use crate::setup::RuleSet;

#[derive(clap::Args)]
pub struct TrainArgs {
    /// Lexicon (.gaddag or .dawg); default: the built-in English lexicon
    #[arg(short, long)]
    lexicon: Option<PathBuf>,
    /// Games in each generation, or one count per generation (`20000,20000,200000`);
    /// games 2k and 2k+1 share a bag
    #[arg(long, value_delimiter = ',', required = true, value_parser = crate::setup::at_least_one)]
    games: Vec<u64>,
    /// Generations when --games gives one count: each plays with the leaves of the one before
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=100))]
    generations: u64,
    /// Seed: the same seed trains the same table whatever the thread count
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Racks seen below which a leave is pulled towards its estimate from smaller leaves
    #[arg(long, default_value_t = 50, value_parser = crate::setup::at_least_one)]
    min_support: u64,
    /// The KLV2 file to write (replaced atomically)
    #[arg(short, long)]
    out: PathBuf,
    /// The win table (`unseen,spread,turns,wins`); default: beside --out, as NAME.win.csv
    #[arg(long, value_name = "FILE")]
    win_table: Option<PathBuf>,
    /// Board layout: standard, super, upwords or a layout file (default: the rules' board)
    #[arg(long)]
    layout: Option<String>,
    /// The game: classic, or upwords (tiles stack)
    #[arg(long, value_enum, default_value_t = RuleSet::Classic)]
    rules: RuleSet,
    /// Threads, 1 to 256 (default: every core)
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
}

/// `leaves.klv2` → `leaves.win.csv`.
fn beside(out: &Path) -> PathBuf {
    out.with_extension("win.csv")
}

pub fn run(a: TrainArgs) -> Result<()> {
    crate::long_run();
    let (lex, rules) =
        crate::setup::game_setup(a.rules, a.lexicon.as_deref(), a.layout.as_deref())?;
    rules.validate()?;
    let games = if a.games.len() == 1 {
        vec![a.games[0]; a.generations as usize]
    } else {
        a.games.clone()
    };
    let mut settings = Settings::new(games.clone(), a.seed);
    settings.min_support = a.min_support;
    let win_path = a.win_table.clone().unwrap_or_else(|| beside(&a.out));
    let pb = std::io::stderr().is_terminal().then(|| {
        let pb = indicatif::ProgressBar::new(0);
        pb.set_style(
            indicatif::ProgressStyle::with_template(
                "{prefix} {bar:40} {pos}/{len} games [{elapsed}<{eta}, {per_sec}] {msg}",
            )
            .unwrap(),
        );
        pb
    });
    let count = games.len();
    let progress = |p: Progress| {
        let Some(pb) = &pb else { return };
        match p {
            Progress::Generation(g, n) => {
                pb.reset();
                pb.set_length(n);
                pb.set_prefix(format!("generation {}/{count}", g + 1));
                pb.set_message("");
            }
            Progress::Game => pb.inc(1),
            Progress::Estimating => pb.set_message("estimating leaves"),
        }
    };
    let t0 = Instant::now();
    let trained = match a.threads {
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n as usize)
            .build()?
            .install(|| train(&lex, &rules, &settings, progress)),
        None => train(&lex, &rules, &settings, progress),
    }?;
    let seconds = t0.elapsed().as_secs_f64();
    if let Some(pb) = pb {
        pb.finish_and_clear();
    }
    lexgraph::compile::write_atomic(&a.out, &trained.klv2)
        .with_context(|| format!("writing {}", a.out.display()))?;
    lexgraph::compile::write_atomic(&win_path, trained.tally.win_table_csv().as_bytes())
        .with_context(|| format!("writing {}", win_path.display()))?;
    let mut out = std::io::stdout().lock();
    for (g, r) in trained.generations.iter().enumerate() {
        writeln!(
            out,
            "generation {}: {} games in {:.1} s, {} full racks ({} distinct); leaves measured {}, smoothed {}, filled {} ({:.1} s)",
            g + 1,
            r.games,
            r.play_seconds,
            r.turns,
            r.distinct_racks,
            r.measured,
            r.smoothed,
            r.filled,
            r.estimate_seconds
        )?;
    }
    let total: u64 = games.iter().sum();
    writeln!(
        out,
        "{} leaves written to {}, win table to {}; {total} games in {seconds:.1} s ({:.0} games/s), seed {}",
        trained.leaves.len(),
        a.out.display(),
        win_path.display(),
        total as f64 / seconds.max(1e-9),
        a.seed
    )?;
    Ok(())
}
