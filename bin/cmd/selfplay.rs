//! `lexgraph selfplay`: seeded greedy games with move-generation statistics.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result};

use lexgraph::rules::{Layout, Rules};

use crate::setup::{json_line, Format, RuleSet};
use lexgraph::selfplay::{play_game_recorded, TurnView};
use lexgraph::{Kind, Lexicon};

#[derive(clap::Args)]
pub struct Args {
    /// Lexicon file (.gaddag or .dawg); default: the built-in English lexicon
    #[arg(short, long)]
    lexicon: Option<PathBuf>,
    /// Number of games (at least 1)
    #[arg(long, default_value_t = 10, value_parser = crate::setup::at_least_one)]
    games: u64,
    /// Seed of the first game (game i uses seed + i)
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Structure(s) to generate with; `both` checks on every turn that they agree
    #[arg(long, value_enum, default_value_t = Structure::Gaddag)]
    structure: Structure,
    /// Board layout: standard, super, upwords or a layout file (default: the
    /// rules' board)
    #[arg(long)]
    layout: Option<String>,
    /// The game: classic, or upwords (tiles stack; the built-in list in the
    /// Upwords alphabet by default; a player with no word exchanges as the
    /// Upwords engine did)
    #[arg(long, value_enum, default_value_t = RuleSet::Classic)]
    rules: RuleSet,
    /// Write every position seen (before each move) as CGP lines (Upwords:
    /// stacked positions, formats/upwords.md)
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write every game as GCG into this directory (game-SEED.gcg), as
    /// `lexgraph replay` reads it
    #[arg(long, value_name = "DIR")]
    gcg: Option<PathBuf>,
    /// Name for the CGP `lex` opcode and the records' `#lexicon` (default: the lexicon file's stem, upper case)
    #[arg(long)]
    lex_name: Option<String>,
    /// Print only the totals, not a line per game
    #[arg(long)]
    quiet: bool,
    /// Output format: text, or JSON Lines (a `game` record per game, then
    /// the `summary`)
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Moves per turn, or microseconds per turn.
#[derive(serde::Serialize)]
struct Spread<T> {
    mean: f64,
    median: T,
    max: T,
}

/// One game, as `--format json` writes it.
#[derive(serde::Serialize)]
struct JsonGame {
    #[serde(rename = "type")]
    kind: &'static str,
    game: u64,
    seed: u64,
    turns: usize,
    scores: [i32; 2],
    bingos: usize,
    moves_per_turn: Spread<usize>,
    best_points_per_turn: f64,
    structure: &'static str,
    mean_us_per_turn: f64,
}

/// The totals, as `--format json` writes them.
#[derive(serde::Serialize)]
struct JsonSummary {
    #[serde(rename = "type")]
    kind: &'static str,
    games: u64,
    turns: usize,
    moves_per_turn: Spread<usize>,
    best_points_per_turn: f64,
    points_per_game: f64,
    bingos: usize,
    structure: &'static str,
    us_per_turn: Spread<f64>,
    moves_per_second: f64,
    /// With `--structure both`: the second structure's timing (the two
    /// agreed on every turn, or the run would have failed).
    #[serde(skip_serializing_if = "Option::is_none")]
    checked_with: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    check_us_per_turn: Option<Spread<f64>>,
}

/// Mean, median and maximum microseconds of `v`.
fn us_spread(v: &[Duration]) -> Spread<f64> {
    let mut us: Vec<f64> = v.iter().map(|d| d.as_secs_f64() * 1e6).collect();
    us.sort_by(f64::total_cmp);
    Spread {
        mean: mean_us_of(v),
        median: us.get(us.len() / 2).copied().unwrap_or(0.0),
        max: us.last().copied().unwrap_or(0.0),
    }
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Structure {
    Gaddag,
    Dawg,
    Both,
}

fn sibling(path: &std::path::Path, kind: Kind) -> PathBuf {
    path.with_extension(kind.extension())
}

pub fn run(args: Args) -> Result<ExitCode> {
    let (primary_kind, check_kind) = match args.structure {
        Structure::Dawg => (Kind::Dawg, None),
        Structure::Both => (Kind::Gaddag, Some(Kind::Dawg)),
        Structure::Gaddag => (Kind::Gaddag, None),
    };
    let upwords = args.rules == RuleSet::Upwords;
    let open = |kind: Kind| -> Result<Lexicon> {
        match &args.lexicon {
            Some(p) => {
                let lex = crate::open_file(p)?;
                if lex.kind() == kind {
                    Ok(lex)
                } else {
                    let s = sibling(p, kind);
                    crate::open_file(&s).with_context(|| {
                        format!(
                            "--structure {} needs {}",
                            s.extension().unwrap_or_default().display(),
                            s.display()
                        )
                    })
                }
            }
            None if upwords => crate::default_lexicon::open_upwords(kind),
            None => crate::default_lexicon::open(kind),
        }
    };
    if upwords && args.gcg.is_some() {
        crate::usage!("--gcg: game records (GCG) have no notation for stacked tiles; Upwords games are not written");
    }
    let lex = open(primary_kind)?;
    let check = check_kind.map(open).transpose()?;
    if let Some(c) = &check {
        // Both structures must hold the same words, or they disagree on moves.
        lexgraph::lexicon::check_pair(c, &lex)?;
    }
    let rules = if upwords {
        if lex.alphabet().tile_by_label("QU").is_none() {
            anyhow::bail!(
                "Upwords needs a lexicon in the Upwords alphabet (QU is one tile): compile one \
                 with `lexgraph compile LIST --alphabet upwords --skip-invalid`"
            );
        }
        crate::setup::rules(args.layout.as_deref(), 7, None)?
    } else {
        Rules::with_layout(Layout::named(args.layout.as_deref().unwrap_or("standard"))?)
    };
    rules.validate()?;
    let lex_name = args
        .lex_name
        .clone()
        .unwrap_or_else(|| crate::lexicon_name(args.lexicon.as_deref()));
    if let Some(dir) = &args.gcg {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    // Put in place when every game is written: no partial file on an
    // error or Ctrl-C, and a link at the path is replaced, not followed.
    let mut out = match &args.out {
        Some(p) => Some(
            lexgraph::compile::AtomicFile::create(p)
                .with_context(|| format!("creating {}", p.display()))?,
        ),
        None => None,
    };
    let pb = std::io::stderr().is_terminal().then(|| {
        let pb = indicatif::ProgressBar::new(args.games);
        pb.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games [{elapsed}<{eta}]")
                .unwrap(),
        );
        pb
    });
    let alphabet = lex.alphabet().clone();
    let mut all_moves: Vec<usize> = Vec::new();
    let mut all_best: Vec<i32> = Vec::new();
    let mut all_time: Vec<Duration> = Vec::new();
    let mut all_check: Vec<Duration> = Vec::new();
    let mut game_points: Vec<i32> = Vec::new();
    let mut bingos = 0usize;
    let mut turns = 0usize;
    let stdout = std::io::stdout();
    let mut so = stdout.lock();
    for g in 0..args.games {
        let seed = args.seed + g;
        let mut write_err: Option<std::io::Error> = None;
        let (res, game) = play_game_recorded(&lex, check.as_ref(), &rules, seed, |t: &TurnView| {
            if let Some(o) = out.as_mut() {
                let mut p = t.position.clone();
                p.lexicon = Some(lex_name.clone());
                let line = if upwords {
                    p.to_stacked(&alphabet)
                } else {
                    p.to_cgp(&alphabet)
                };
                if let Err(e) = writeln!(o, "{line}") {
                    write_err.get_or_insert(e);
                }
            }
        })
        .with_context(|| format!("game {g} (seed {seed})"))?;
        if let Some(e) = write_err {
            return Err(e).context("writing positions");
        }
        if let Some(dir) = &args.gcg {
            let text = lexgraph::gcg::write(&game, &["greedy1", "greedy2"], Some(&lex_name));
            let path = dir.join(format!("game-{seed}.gcg"));
            lexgraph::compile::write_atomic(&path, text.as_bytes())
                .with_context(|| format!("writing {}", path.display()))?;
        }
        if !args.quiet && args.format == Format::Json {
            let mut mv = res.moves_per_turn.clone();
            mv.sort_unstable();
            let record = JsonGame {
                kind: "game",
                game: g,
                seed,
                turns: res.turns,
                scores: res.scores,
                bingos: res.bingos,
                moves_per_turn: Spread {
                    mean: mv.iter().sum::<usize>() as f64 / res.turns.max(1) as f64,
                    median: mv.get(mv.len() / 2).copied().unwrap_or(0),
                    max: mv.last().copied().unwrap_or(0),
                },
                best_points_per_turn: res.best_per_turn.iter().sum::<i32>() as f64
                    / res.turns.max(1) as f64,
                structure: primary_kind.name(),
                mean_us_per_turn: mean_us_of(&res.time_per_turn),
            };
            match &pb {
                Some(pb) => pb.println(serde_json::to_string(&record)?),
                None => json_line(&mut so, &record)?,
            }
        } else if !args.quiet {
            let mean_us = mean_us_of(&res.time_per_turn);
            let check = if res.check_time_per_turn.is_empty() {
                String::new()
            } else {
                format!(
                    ", {} {:.0} µs/turn",
                    check_kind.unwrap().name(),
                    mean_us_of(&res.check_time_per_turn)
                )
            };
            let mut mv = res.moves_per_turn.clone();
            mv.sort_unstable();
            let msg = format!(
                "game {g} seed {seed}: {} turns, scores {}-{}, {} bingos, moves/turn mean {:.1} median {} max {}, best move {:.1} points/turn, {} {:.0} µs/turn{check}",
                res.turns,
                res.scores[0],
                res.scores[1],
                res.bingos,
                res.moves_per_turn.iter().sum::<usize>() as f64 / res.turns.max(1) as f64,
                mv.get(mv.len() / 2).copied().unwrap_or(0),
                mv.last().copied().unwrap_or(0),
                res.best_per_turn.iter().sum::<i32>() as f64 / res.turns.max(1) as f64,
                primary_kind.name(),
                mean_us,
            );
            match &pb {
                Some(pb) => pb.println(msg),
                None => writeln!(so, "{msg}")?,
            }
        }
        if let Some(pb) = &pb {
            pb.inc(1);
        }
        turns += res.turns;
        bingos += res.bingos;
        game_points.push(res.scores[0] + res.scores[1]);
        all_moves.extend(&res.moves_per_turn);
        all_best.extend(&res.best_per_turn);
        all_time.extend(&res.time_per_turn);
        all_check.extend(&res.check_time_per_turn);
    }
    if let Some(pb) = pb {
        pb.finish_and_clear();
    }
    if let (Some(o), Some(p)) = (out, &args.out) {
        o.commit()
            .with_context(|| format!("writing {}", p.display()))?;
    }
    let mut mv = all_moves.clone();
    mv.sort_unstable();
    let median = |v: &[usize]| if v.is_empty() { 0 } else { v[v.len() / 2] };
    if args.format == Format::Json {
        let moves = all_moves.iter().sum::<usize>();
        let record = JsonSummary {
            kind: "summary",
            games: args.games,
            turns,
            moves_per_turn: Spread {
                mean: moves as f64 / turns.max(1) as f64,
                median: median(&mv),
                max: mv.last().copied().unwrap_or(0),
            },
            best_points_per_turn: all_best.iter().map(|&x| x as f64).sum::<f64>()
                / turns.max(1) as f64,
            points_per_game: game_points.iter().map(|&x| x as f64).sum::<f64>()
                / game_points.len().max(1) as f64,
            bingos,
            structure: primary_kind.name(),
            us_per_turn: us_spread(&all_time),
            moves_per_second: moves as f64
                / all_time
                    .iter()
                    .map(|d| d.as_secs_f64())
                    .sum::<f64>()
                    .max(1e-12),
            checked_with: check_kind.map(|k| k.name()),
            check_us_per_turn: check_kind.map(|_| us_spread(&all_check)),
        };
        json_line(&mut so, &record)?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(so, "games:            {}", args.games)?;
    writeln!(
        so,
        "turns:            {turns} ({:.1} per game)",
        turns as f64 / args.games.max(1) as f64
    )?;
    writeln!(
        so,
        "moves per turn:   mean {:.1}, median {}, max {}",
        all_moves.iter().sum::<usize>() as f64 / turns.max(1) as f64,
        median(&mv),
        mv.last().copied().unwrap_or(0)
    )?;
    writeln!(
        so,
        "best move:        mean {:.2} points per turn",
        all_best.iter().map(|&x| x as f64).sum::<f64>() / turns.max(1) as f64
    )?;
    writeln!(
        so,
        "points per game:  mean {:.1} (both players)",
        game_points.iter().map(|&x| x as f64).sum::<f64>() / game_points.len().max(1) as f64
    )?;
    writeln!(
        so,
        "bingos:           {bingos} ({:.2} per game)",
        bingos as f64 / args.games.max(1) as f64
    )?;
    let line = |kind: Kind, v: &[Duration]| {
        let mut us: Vec<f64> = v.iter().map(|d| d.as_secs_f64() * 1e6).collect();
        us.sort_by(f64::total_cmp);
        let med = us.get(us.len() / 2).copied().unwrap_or(0.0);
        format!(
            "{:<6} movegen:   mean {:.1} µs/turn, median {:.1} µs, {:.2} M moves/s",
            kind.name(),
            mean_us_of(v),
            med,
            all_moves.iter().sum::<usize>() as f64
                / v.iter().map(|d| d.as_secs_f64()).sum::<f64>().max(1e-12)
                / 1e6
        )
    };
    writeln!(so, "{}", line(primary_kind, &all_time))?;
    if let Some(k) = check_kind {
        writeln!(so, "{}", line(k, &all_check))?;
        writeln!(
            so,
            "agreement:        {} and {} found identical moves on all {turns} turns",
            primary_kind.name(),
            k.name()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

fn mean_us_of(v: &[Duration]) -> f64 {
    v.iter().map(|d| d.as_secs_f64() * 1e6).sum::<f64>() / v.len().max(1) as f64
}
