//! `lexgraph tune`: Gordon's hill climbing of leave weights against greedy,
//! or against the opponent `--vs` names (a simulating one among them).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};

use lexgraph::analysis::sim::player::{play_match as sim_match, Player};
use lexgraph::leave::Gordon;
use lexgraph::matchplay::{play_match, MatchSettings};
use lexgraph::rules::{Layout, Rules};
use lexgraph::strategy::Strategy;
use lexgraph::tune::{tune_with, Phase, TuneSettings};

#[derive(clap::Args)]
pub struct Args {
    /// Where to write the tuned weights (CSV `tile,value,duplicate`; play them
    /// as `gordon1:FILE` or `gordon2:FILE`)
    #[arg(short, long)]
    output: PathBuf,
    /// Lexicon (.gaddag or .dawg); default: the built-in English lexicon
    #[arg(short, long)]
    lexicon: Option<PathBuf>,
    /// Which heuristic to tune: 1 (a value per tile) or 2 (values, duplicate
    /// values, and the vowel-consonant table)
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=2))]
    heuristic: u8,
    /// Board layout: standard, super, or a layout file
    #[arg(long, default_value = "standard")]
    layout: String,
    /// First phase: the step and the games judging each trial
    #[arg(long, default_value_t = 2.0, value_parser = positive_step)]
    coarse_step: f32,
    #[arg(long, default_value_t = 1000, value_parser = crate::setup::at_least_one)]
    coarse_games: u64,
    /// Second phase (0 games: no second phase)
    #[arg(long, default_value_t = 0.5, value_parser = positive_step)]
    fine_step: f32,
    #[arg(long, default_value_t = 10_000)]
    fine_games: u64,
    /// Passes over the weights per phase, at most
    #[arg(long, default_value_t = 10, value_parser = crate::setup::at_least_one)]
    max_passes: u64,
    /// The opponent every trial plays: greedy (Gordon's), gordon1, gordon2,
    /// klv:FILE, csv:FILE, auto (the lexicon's own leaves), or a player that
    /// simulates every move, `sim:iterations=64,plies=2,candidates=8,stop=99,
    /// leaves=SPEC` as `match --p1` takes it (much slower: keep the games few)
    #[arg(long, value_name = "STRATEGY", default_value = "greedy")]
    vs: String,
    /// Match seed of every trial
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// A step is a positive, finite number of points.
fn positive_step(s: &str) -> std::result::Result<f32, String> {
    match s.parse::<f32>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(format!("{s:?} is not a positive number of points")),
    }
}

pub fn run(args: Args) -> Result<ExitCode> {
    let lex = crate::load(args.lexicon.as_deref(), None)?;
    let a = lex.alphabet().clone();
    let rules = Rules::with_layout(Layout::named(&args.layout)?);
    let mut phases = vec![Phase {
        step: args.coarse_step,
        games: args.coarse_games,
    }];
    if args.fine_games > 0 {
        phases.push(Phase {
            step: args.fine_step,
            games: args.fine_games,
        });
    }
    let settings = TuneSettings::new(phases, args.seed, args.max_passes as usize)
        .heuristic2(args.heuristic == 2);
    let pb = std::io::stderr()
        .is_terminal()
        .then(|| crate::spinner("tuning"))
        .flatten();
    let spec = args.vs.as_str();
    // Checked once here, not at the first trial.
    crate::simulate::player(spec, &lex, args.lexicon.as_deref(), None, args.seed)
        .with_context(|| format!("--vs {spec}"))?;
    let judge = |tuned: Strategy, m: &MatchSettings| -> lexgraph::Result<(f64, f64)> {
        let opponent =
            crate::simulate::player(spec, &lex, args.lexicon.as_deref(), None, args.seed)
                .map_err(|e| lexgraph::Error::Settings(format!("--vs {spec}: {e:#}")))?;
        let summary = match opponent {
            Player::Static(s) => play_match(&lex, &rules, &[tuned, s], m, |_, _| {})?.summary,
            sim => sim_match(&lex, &rules, &[Player::Static(tuned), sim], m, |_, _| {})?.summary,
        };
        Ok((summary.mean_spread, summary.win_rate))
    };
    let on_trial = |t: &lexgraph::tune::Trial| {
        let what = if t.duplicate { "duplicate" } else { "value" };
        let msg = format!(
            "phase {} pass {}: {} {what} {:+.1}: spread {:+.2} (best {:+.2}){}",
            t.phase + 1,
            t.pass + 1,
            a.label(t.tile, t.tile == 0),
            t.value,
            t.spread,
            t.best,
            if t.kept { " kept" } else { "" }
        );
        match &pb {
            Some(pb) => pb.set_message(msg),
            None => eprintln!("{msg}"),
        }
    };
    let tuned = tune_with(&lex, &settings, judge, on_trial)?;
    if let Some(pb) = pb {
        pb.finish_and_clear();
    }
    lexgraph::compile::write_atomic(&args.output, tuned.gordon.to_csv(&a).as_bytes())?;
    let gordon = if settings.heuristic2 {
        Gordon::heuristic2(&a)
    } else {
        Gordon::heuristic1(&a)
    };
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "heuristic {}: {} trials; tuned vs {} over {} games: spread {:+.2}, win rate {:.1} %",
        args.heuristic,
        tuned.trials,
        args.vs,
        settings.phases.last().map_or(0, |p| p.games),
        tuned.spread,
        100.0 * tuned.win_rate
    )?;
    writeln!(out, "tile  Gordon  tuned   Gordon dup  tuned dup")?;
    for t in std::iter::once(0).chain(1..=a.len().min(63) as u8) {
        let ((g, gd), (v, vd)) = (gordon.weight(t), tuned.gordon.weight(t));
        let label = if t == 0 {
            "?".into()
        } else {
            a.label(t, false)
        };
        writeln!(out, "{label:<4} {g:>7.1} {v:>6.1} {gd:>11.1} {vd:>10.1}")?;
    }
    writeln!(out, "wrote {}", args.output.display())?;
    Ok(ExitCode::SUCCESS)
}
