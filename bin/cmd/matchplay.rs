//! `lexgraph match`: many games between two strategies, with statistics.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result};
use serde::Serialize;

use lexgraph::analysis::sim::player::{play_match as sim_match, Player};
use lexgraph::matchplay::{play_match, MatchSettings, Summary};

use crate::setup::RuleSet;
use lexgraph::strategy::{Exchanges, Strategy};

#[derive(clap::Args)]
pub struct Args {
    /// Player 1: greedy, gordon1, gordon2, klv:FILE or csv:FILE; or `sim`, a
    /// player that simulates every move (`sim:iterations=64,plies=2,candidates=8,
    /// stop=99,leaves=SPEC`; the defaults shown, without stop: a fixed budget)
    #[arg(long, value_name = "STRATEGY")]
    p1: String,
    /// Player 2 (as --p1)
    #[arg(long, value_name = "STRATEGY")]
    p2: String,
    /// Number of games; games 2k and 2k+1 share a bag, each player moving first once
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// Seed: the same seed plays the same games whatever the thread count
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Lexicon (.gaddag or .dawg); default: the built-in English lexicon
    #[arg(short, long)]
    lexicon: Option<PathBuf>,
    /// Board layout: standard, super, upwords or a layout file (default: the
    /// rules' board)
    #[arg(long)]
    layout: Option<String>,
    /// The game: classic, or upwords (tiles stack; the built-in list in the
    /// Upwords alphabet by default; exchanges are of one tile, and a greedy
    /// player with no word exchanges as the Upwords engine did)
    #[arg(long, value_enum, default_value_t = RuleSet::Classic)]
    rules: RuleSet,
    /// Threads, 1 to 256 (default: every core)
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
    /// Write every game as GCG into this directory (game-000001.gcg, ...)
    #[arg(long, value_name = "DIR")]
    gcg: Option<PathBuf>,
    /// Both players exchange only when they find no word: the first of
    /// F J K Q V W X Z on the rack, else pass (the Upwords engine's rule)
    #[arg(long)]
    upwords_exchange: bool,
    /// Also count every legal move of each turn (slower)
    #[arg(long)]
    count_moves: bool,
    /// Output format
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
}

#[derive(Serialize)]
struct Report<'a> {
    p1: &'a str,
    p2: &'a str,
    games: u64,
    seed: u64,
    wins: u64,
    draws: u64,
    losses: u64,
    win_rate: f64,
    win_rate_ci95: [f64; 2],
    mean_score: [f64; 2],
    mean_spread: f64,
    spread_sd: f64,
    bingos_per_game: [f64; 2],
    points_per_turn: [f64; 2],
    turns_per_game: f64,
    moves_per_turn: Option<f64>,
    seconds: f64,
    games_per_second: f64,
}

pub fn run(args: Args) -> Result<ExitCode> {
    if args.rules == RuleSet::Upwords && args.gcg.is_some() {
        crate::usage!("--gcg: game records (GCG) have no notation for stacked tiles; Upwords games are not written");
    }
    let (lex, rules) =
        crate::setup::game_setup(args.rules, args.lexicon.as_deref(), args.layout.as_deref())?;
    let alphabet = lex.alphabet().clone();
    rules.validate()?;
    let exchanges = |s: Strategy| {
        if args.upwords_exchange {
            s.with_exchanges(Exchanges::Upwords)
        } else {
            s
        }
    };
    let player = |spec: &str, flag: &str| -> Result<Player> {
        if crate::simulate::is_sim(spec) {
            return crate::simulate::player(spec, args.lexicon.as_deref(), &alphabet, args.seed)
                .with_context(|| format!("{flag} {spec}"));
        }
        let s = Strategy::parse(spec, &alphabet).context(flag.to_string())?;
        Ok(Player::Static(exchanges(s)))
    };
    let players = [player(&args.p1, "--p1")?, player(&args.p2, "--p2")?];
    if let Some(dir) = &args.gcg {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let lex_name = crate::lexicon_name(args.lexicon.as_deref());
    let settings = MatchSettings::new(args.games, args.seed).count_moves(args.count_moves);
    let pb = std::io::stderr().is_terminal().then(|| {
        let pb = indicatif::ProgressBar::new(args.games);
        pb.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} games [{elapsed}<{eta}, {per_sec}]",
            )
            .unwrap(),
        );
        pb
    });
    // The first failure to write a record; the match goes on without records.
    let write_error = std::sync::Mutex::new(None::<anyhow::Error>);
    let on_game = |game: &lexgraph::game::Game, st: &lexgraph::matchplay::GameStats| {
        if let Some(dir) = &args.gcg {
            // Seats are in move order: name each by its strategy.
            let names = if st.first == 0 {
                ["p1", "p2"]
            } else {
                ["p2", "p1"]
            };
            let text = lexgraph::gcg::write(game, names, Some(&lex_name));
            let path = dir.join(format!("game-{:06}.gcg", st.number + 1));
            if let Err(e) = lexgraph::compile::write_atomic(&path, text.as_bytes()) {
                write_error.lock().unwrap().get_or_insert(e.into());
            }
        }
        if let Some(pb) = &pb {
            pb.inc(1);
        }
    };
    let t0 = Instant::now();
    let pool = match args.threads {
        Some(n) => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(n as usize)
                .build()?,
        ),
        None => None,
    };
    let on_pool =
        |f: &(dyn Fn() -> lexgraph::Result<lexgraph::matchplay::Match> + Sync)| match &pool {
            Some(p) => p.install(f),
            None => f(),
        };
    let result = match players {
        // Static players only: the static match (any rules).
        [Player::Static(a), Player::Static(b)] => {
            let statics = [a, b];
            on_pool(&|| play_match(&lex, &rules, &statics, &settings, on_game))
        }
        players => on_pool(&|| sim_match(&lex, &rules, &players, &settings, on_game)),
    }?;
    let seconds = t0.elapsed().as_secs_f64();
    if let Some(pb) = pb {
        pb.finish_and_clear();
    }
    if let Some(e) = write_error.into_inner().unwrap() {
        return Err(e.context("writing game records"));
    }
    let s = &result.summary;
    let report = Report {
        p1: &args.p1,
        p2: &args.p2,
        games: s.games,
        seed: args.seed,
        wins: s.wins,
        draws: s.draws,
        losses: s.losses,
        win_rate: s.win_rate,
        win_rate_ci95: [s.win_rate_ci95.0, s.win_rate_ci95.1],
        mean_score: s.mean_score,
        mean_spread: s.mean_spread,
        spread_sd: s.spread_sd,
        bingos_per_game: s.bingos_per_game,
        points_per_turn: s.points_per_turn,
        turns_per_game: s.turns_per_game,
        moves_per_turn: s.moves_per_turn,
        seconds,
        games_per_second: s.games as f64 / seconds.max(1e-9),
    };
    let mut out = std::io::stdout().lock();
    match args.format {
        Format::Json => writeln!(out, "{}", serde_json::to_string(&report)?)?,
        Format::Text => print_text(&mut out, &report, s)?,
    }
    Ok(ExitCode::SUCCESS)
}

fn print_text(out: &mut impl Write, r: &Report, s: &Summary) -> Result<()> {
    writeln!(
        out,
        "p1 {} vs p2 {}: {} games, seed {}",
        r.p1, r.p2, r.games, r.seed
    )?;
    writeln!(
        out,
        "p1 wins {}, draws {}, losses {}: win rate {:.1} % (95 % CI {:.1}–{:.1} %)",
        s.wins,
        s.draws,
        s.losses,
        100.0 * s.win_rate,
        100.0 * s.win_rate_ci95.0,
        100.0 * s.win_rate_ci95.1
    )?;
    writeln!(
        out,
        "mean score        p1 {:.1}, p2 {:.1}; spread {:+.1} (sd {:.1})",
        s.mean_score[0], s.mean_score[1], s.mean_spread, s.spread_sd
    )?;
    writeln!(
        out,
        "bingos per game   p1 {:.2}, p2 {:.2}",
        s.bingos_per_game[0], s.bingos_per_game[1]
    )?;
    writeln!(
        out,
        "points per turn   p1 {:.1}, p2 {:.1}; {:.1} turns per game",
        s.points_per_turn[0], s.points_per_turn[1], s.turns_per_game
    )?;
    if let Some(m) = s.moves_per_turn {
        writeln!(out, "legal moves per turn {m:.1}")?;
    }
    writeln!(out, "{:.2} s, {:.0} games/s", r.seconds, r.games_per_second)?;
    Ok(())
}
