//! `lexgraph match`: many games between two to four players, with statistics.

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
    /// Player 1: greedy, gordon1, gordon2, klv:FILE, csv:FILE, auto (the
    /// lexicon's own leaves), level:1 to level:5 (weakest first), any of them
    /// with `,vocab=N` (only the N most frequent words) or `,realism=M`; or
    /// `sim`, a player that simulates every move (`sim:iterations=64,plies=2,
    /// candidates=8,stop=99,leaves=SPEC`; the defaults shown, without stop: a
    /// fixed budget; `leaves=greedy` ranks by score alone)
    #[arg(long, value_name = "STRATEGY")]
    p1: String,
    /// Player 2 (as --p1)
    #[arg(long, value_name = "STRATEGY")]
    p2: String,
    /// Player 3, for a game of three (as --p1)
    #[arg(long, value_name = "STRATEGY")]
    p3: Option<String>,
    /// Player 4, for a game of four (as --p1; needs --p3)
    #[arg(long, value_name = "STRATEGY", requires = "p3")]
    p4: Option<String>,
    /// Number of games; games 2k and 2k+1 share a bag, each player moving
    /// first once (with N players, N games share a bag, the seats turning)
    #[arg(long, default_value_t = 1000, value_parser = crate::setup::at_least_one)]
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
    /// Word frequencies (`word,count`) for players with a vocabulary or a
    /// realism weight (levels 1-3, `,vocab=N`, `,realism=M`); default: the
    /// shipped English list
    #[arg(long, value_name = "FILE")]
    frequencies: Option<PathBuf>,
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
    mean_score: Vec<f64>,
    mean_spread: f64,
    spread_sd: f64,
    bingos_per_game: Vec<f64>,
    points_per_turn: Vec<f64>,
    turns_per_game: f64,
    moves_per_turn: Option<f64>,
    seconds: f64,
    games_per_second: f64,
    /// Every player's figures, player 1 first.
    players: Vec<PlayerReport<'a>>,
}

#[derive(Serialize)]
struct PlayerReport<'a> {
    spec: &'a str,
    win_rate: f64,
    win_rate_ci95: [f64; 2],
    mean_score: f64,
    bingos_per_game: f64,
    points_per_turn: f64,
}

pub fn run(args: Args) -> Result<ExitCode> {
    if args.rules == RuleSet::Upwords && args.gcg.is_some() {
        crate::usage!("--gcg: game records (GCG) have no notation for stacked tiles; Upwords games are not written");
    }
    let (lex, rules) =
        crate::setup::game_setup(args.rules, args.lexicon.as_deref(), args.layout.as_deref())?;
    rules.validate()?;
    let exchanges = |s: Strategy| {
        if args.upwords_exchange {
            s.with_exchanges(Exchanges::Upwords)
        } else {
            s
        }
    };
    let player = |spec: &str, flag: &str| -> Result<Player> {
        let p = crate::simulate::player(
            spec,
            &lex,
            args.lexicon.as_deref(),
            args.frequencies.as_deref(),
            args.seed,
        )
        .with_context(|| format!("{flag} {spec}"))?;
        Ok(match p {
            Player::Static(s) => Player::Static(exchanges(s)),
            Player::Endgame(s, plies) => Player::Endgame(exchanges(s), plies),
            sim => sim,
        })
    };
    let specs: Vec<&str> = [
        Some(&args.p1),
        Some(&args.p2),
        args.p3.as_ref(),
        args.p4.as_ref(),
    ]
    .into_iter()
    .flatten()
    .map(String::as_str)
    .collect();
    let players = specs
        .iter()
        .enumerate()
        .map(|(i, spec)| player(spec, &format!("--p{}", i + 1)))
        .collect::<Result<Vec<Player>>>()?;
    let n = players.len();
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
            // Seats are in move order: name each by its player.
            let names: Vec<String> = (0..n)
                .map(|seat| format!("p{}", (seat + st.first) % n + 1))
                .collect();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            let text = lexgraph::gcg::write(game, &names, Some(&lex_name));
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
    let all_static = players.iter().all(|p| matches!(p, Player::Static(_)));
    let result = match all_static {
        // Static players only: the static match (any rules).
        true => {
            let statics: Vec<Strategy> = players
                .into_iter()
                .map(|p| match p {
                    Player::Static(s) => s,
                    Player::Sim(_) | Player::Endgame(..) => unreachable!("all are static"),
                })
                .collect();
            on_pool(&|| play_match(&lex, &rules, &statics, &settings, on_game))
        }
        false => on_pool(&|| sim_match(&lex, &rules, &players, &settings, on_game)),
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
        mean_score: s.mean_score.clone(),
        mean_spread: s.mean_spread,
        spread_sd: s.spread_sd,
        bingos_per_game: s.bingos_per_game.clone(),
        points_per_turn: s.points_per_turn.clone(),
        turns_per_game: s.turns_per_game,
        moves_per_turn: s.moves_per_turn,
        seconds,
        games_per_second: s.games as f64 / seconds.max(1e-9),
        players: (0..n)
            .map(|p| PlayerReport {
                spec: specs[p],
                win_rate: s.win_rates[p],
                win_rate_ci95: [s.win_rates_ci95[p].0, s.win_rates_ci95[p].1],
                mean_score: s.mean_score[p],
                bingos_per_game: s.bingos_per_game[p],
                points_per_turn: s.points_per_turn[p],
            })
            .collect(),
    };
    let mut out = std::io::stdout().lock();
    match args.format {
        Format::Json => writeln!(out, "{}", serde_json::to_string(&report)?)?,
        Format::Text => print_text(&mut out, &report, s)?,
    }
    Ok(ExitCode::SUCCESS)
}

fn print_text(out: &mut impl Write, r: &Report, s: &Summary) -> Result<()> {
    if r.players.len() > 2 {
        return print_many(out, r, s);
    }
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
    footer(out, r, s)
}

/// A match of three or four: a line for each player.
fn print_many(out: &mut impl Write, r: &Report, s: &Summary) -> Result<()> {
    let names: Vec<String> = r
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| format!("p{} {}", i + 1, p.spec))
        .collect();
    writeln!(
        out,
        "{}: {} games, seed {}",
        names.join(" vs "),
        r.games,
        r.seed
    )?;
    writeln!(
        out,
        "        win rate (95 % CI)       mean score  bingos/game  points/turn"
    )?;
    for (i, p) in r.players.iter().enumerate() {
        writeln!(
            out,
            "p{}   {:5.1} % ({:4.1}–{:4.1} %)   {:10.1}  {:11.2}  {:11.1}",
            i + 1,
            100.0 * p.win_rate,
            100.0 * p.win_rate_ci95[0],
            100.0 * p.win_rate_ci95[1],
            p.mean_score,
            p.bingos_per_game,
            p.points_per_turn
        )?;
    }
    writeln!(
        out,
        "{:.1} turns per game; a tie for first shares the win",
        s.turns_per_game
    )?;
    footer(out, r, s)
}

fn footer(out: &mut impl Write, r: &Report, s: &Summary) -> Result<()> {
    if let Some(m) = s.moves_per_turn {
        writeln!(out, "legal moves per turn {m:.1}")?;
    }
    writeln!(out, "{:.2} s, {:.0} games/s", r.seconds, r.games_per_second)?;
    Ok(())
}
