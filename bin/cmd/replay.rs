//! `lexgraph replay`: a GCG game record replayed turn by turn, every
//! placement scored again from the board; a recorded score or total that
//! disagrees is reported with its turn (exit 1).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use serde::Serialize;

use std::sync::atomic::AtomicBool;

use lexgraph::analysis::sim::player::SimPlayer;
use lexgraph::analysis::sim::{Arm, Settings};
use lexgraph::equity::Play;
use lexgraph::gcg::{Action, Record};
use lexgraph::input::visible;
use lexgraph::movegen::{Generator, Options};
use lexgraph::replay::{replay, Step};
use lexgraph::rules::{Layout, Rules};
use lexgraph::strategy::Leaves;
use lexgraph::{Alphabet, Lexicon};

#[derive(clap::Args)]
pub struct Args {
    /// The game record (GCG)
    game: PathBuf,
    /// Lexicon the words are looked up in (.gaddag or .dawg); default: the
    /// built-in English lexicon. Words it lacks are listed, not errors
    #[arg(short, long)]
    lexicon: Option<PathBuf>,
    /// Board layout: standard, super, or a layout file
    #[arg(long, default_value = "standard")]
    layout: String,
    /// Print the position before each turn as CGP (the mover's rack, as the
    /// line gives it) instead of the turns; disagreements go to stderr
    #[arg(long)]
    cgp: bool,
    /// Add, per turn, the engine's best plays by equity and the equity the
    /// player gave up
    #[arg(long)]
    analyze: bool,
    /// Leave values for --analyze: gordon1, gordon2, klv:FILE, csv:FILE, or auto: the
    /// lexicon's own (X.klv2 beside it; the built-in list's), else gordon2
    #[arg(
        long,
        value_name = "SPEC",
        default_value = "auto",
        requires = "analyze"
    )]
    leaves: String,
    /// With --analyze, also simulate each turn's best plays and the play made:
    /// `sim`, or `sim:iterations=N,plies=N,candidates=N,stop=PCT,leaves=SPEC` as
    /// `match --p1` takes it (leaves default to --leaves); shows each turn's
    /// sim table and what the play gave up in points and win %
    #[arg(long, value_name = "SIM", num_args = 0..=1, default_missing_value = "sim", requires = "analyze")]
    sim: Option<String>,
    /// Seed of the simulations (each turn's scenarios are seeded by it and the position)
    #[arg(long, default_value_t = 1, requires = "sim")]
    seed: u64,
    /// Best plays shown per turn with --analyze
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=100), requires = "analyze")]
    top: u64,
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
    file: String,
    players: Vec<&'a str>,
    lexicon: String,
    record_lexicon: Option<&'a str>,
    encoding: &'static str,
    turns: Vec<TurnJson<'a>>,
    totals: Vec<i64>,
    computed_totals: Vec<i64>,
    agrees: bool,
    missing_words: Vec<Missing<'a>>,
}

#[derive(Serialize)]
struct Missing<'a> {
    turn: usize,
    word: &'a str,
}

#[derive(Serialize)]
struct TurnJson<'a> {
    turn: usize,
    line: usize,
    player: &'a str,
    rack: Option<String>,
    action: &'static str,
    play: String,
    points: i32,
    total: i32,
    computed: Option<i32>,
    words: &'a [String],
    missing: &'a [String],
    problems: &'a [String],
    cgp: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    analysis: Option<Analysis>,
}

#[derive(Serialize)]
struct Analysis {
    best: Vec<Best>,
    /// The equity of the play made, when its tiles are on the rack given.
    played_equity: Option<f32>,
    /// The best equity less the played one.
    gave_up: Option<f32>,
    /// With --sim: the simulation of the best plays and the play made.
    #[serde(skip_serializing_if = "Option::is_none")]
    sim: Option<SimAnalysis>,
}

#[derive(Serialize)]
struct SimAnalysis {
    plies: u32,
    iterations: u64,
    /// Candidates best first (the play made among them).
    candidates: Vec<SimArm>,
    /// Where the play made ranks among them (1 = best).
    played_rank: Option<usize>,
    /// The best mean less the play made's, in points.
    gave_up: Option<f64>,
    /// The best win % less the play made's.
    gave_up_win: Option<f64>,
    /// Why no simulation ran (an empty bag: an endgame).
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped: Option<&'static str>,
}

#[derive(Serialize)]
struct SimArm {
    play: String,
    score: i32,
    equity: f32,
    mean: f64,
    stderr: Option<f64>,
    win: f64,
    iterations: u64,
    dropped: Option<u64>,
    played: bool,
}

#[derive(Serialize)]
struct Best {
    play: String,
    score: i32,
    equity: f32,
    leave: String,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let lex = crate::load(args.lexicon.as_deref(), None)?;
    let lex_name = crate::lexicon_name(args.lexicon.as_deref());
    let a = lex.alphabet().clone();
    let rules = Rules::with_layout(Layout::named(&args.layout)?);
    rules.validate()?;
    let record = lexgraph::gcg::read(&args.game, &a)?;
    let game = replay(&record, &rules, &a, Some(&lex))
        .with_context(|| format!("replaying {}", args.game.display()))?;
    let leaves = if args.analyze {
        Some(
            crate::default_lexicon::leaves_spec(&args.leaves, args.lexicon.as_deref(), &a)
                .context("--leaves")?
                .1,
        )
    } else {
        None
    };
    let simulating = match &args.sim {
        None => None,
        Some(spec) => {
            let spec = match (spec.contains("leaves="), spec.as_str()) {
                (true, _) => spec.clone(),
                (false, "sim") => format!("sim:leaves={}", args.leaves),
                (false, _) => format!("{spec},leaves={}", args.leaves),
            };
            if !crate::simulate::is_sim(&spec) {
                crate::usage!("--sim {spec}: `sim` or `sim:KEY=VALUE,...`");
            }
            Some(
                crate::simulate::sim_player(&spec, args.lexicon.as_deref(), &a, args.seed)
                    .with_context(|| format!("--sim {spec}"))?,
            )
        }
    };
    let mut gen = Generator::new(rules.clone());
    let live = simulating
        .is_some()
        .then(|| crate::spinner("simulating"))
        .flatten();
    let mut analyses: Vec<Option<Analysis>> = Vec::with_capacity(game.steps.len());
    for s in &game.steps {
        let Some(l) = leaves.as_ref() else {
            analyses.push(None);
            continue;
        };
        let mut an = analyze(s, &mut gen, &lex, l, &rules, args.top as usize);
        if let (Some(an), Some(p)) = (an.as_mut(), simulating.as_ref()) {
            if let Some(pb) = &live {
                pb.set_message(format!(
                    "simulating turn {} of {}",
                    s.turn,
                    game.steps.len()
                ));
            }
            an.sim = simulate_turn(s, p, &mut gen, &lex, &rules, l)
                .with_context(|| format!("simulating turn {} (line {})", s.turn, s.event.line))?;
        }
        analyses.push(an);
    }
    if let Some(pb) = live {
        pb.finish_and_clear();
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let nick = |p: usize| record.players[p].nick.as_str();
    let problems: Vec<String> = game
        .steps
        .iter()
        .flat_map(|s| {
            s.problems
                .iter()
                .map(move |p| format!("turn {} (line {}): {p}", s.turn, s.event.line))
        })
        .collect();
    match args.format {
        Format::Json => {
            let turns = game
                .steps
                .iter()
                .zip(analyses.iter_mut())
                .map(|(s, an)| TurnJson {
                    turn: s.turn,
                    line: s.event.line,
                    player: nick(s.event.player),
                    rack: s.event.rack.map(|r| r.to_text(&a)),
                    action: s.event.action.kind(),
                    play: play_text(s, &a),
                    points: s.event.points,
                    total: s.event.total,
                    computed: s.computed,
                    words: &s.words,
                    missing: &s.missing,
                    problems: &s.problems,
                    cgp: s.before.to_cgp(&a),
                    analysis: an.take(),
                })
                .collect();
            let report = Report {
                file: args.game.display().to_string(),
                players: (0..record.players.len()).map(nick).collect(),
                lexicon: lex_name.clone(),
                record_lexicon: record.lexicon.as_deref(),
                encoding: match record.encoding {
                    lexgraph::gcg::Encoding::Utf8 => "UTF-8",
                    lexgraph::gcg::Encoding::Latin1 => "ISO-8859-1",
                },
                turns,
                totals: game.totals.clone(),
                computed_totals: game.computed_totals.clone(),
                agrees: game.agrees(),
                missing_words: game
                    .missing_words()
                    .map(|(turn, word)| Missing { turn, word })
                    .collect(),
            };
            writeln!(out, "{}", serde_json::to_string(&report)?)?;
        }
        Format::Text if args.cgp => {
            for s in &game.steps {
                writeln!(out, "{}", s.before.to_cgp(&a))?;
            }
            for p in &problems {
                eprintln!("{}", crate::shown(&format!("{}: {p}", args.game.display())));
            }
        }
        Format::Text => {
            text_report(&mut out, &args, &record, &game, &analyses, &a, &lex_name)?;
        }
    }
    out.flush()?;
    if !problems.is_empty() {
        return Err(anyhow::Error::new(crate::Negative(format!(
            "{}: {} disagreement(s) with the replay, the first: {}",
            args.game.display(),
            problems.len(),
            problems[0]
        ))));
    }
    Ok(ExitCode::SUCCESS)
}

fn text_report(
    out: &mut impl Write,
    args: &Args,
    record: &Record,
    game: &lexgraph::replay::Replay,
    analyses: &[Option<Analysis>],
    a: &Alphabet,
    lex_name: &str,
) -> Result<()> {
    // Names and the lexicon come from the file: shown, not obeyed, by a
    // terminal (an escape sequence in a name could clear the screen).
    let nicks: Vec<String> = record
        .players
        .iter()
        .map(|p| visible(&p.nick).into_owned())
        .collect();
    let nick = |p: usize| nicks[p].as_str();
    let width = nicks.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    let names: Vec<String> = record
        .players
        .iter()
        .map(|p| visible(&p.name).into_owned())
        .collect();
    writeln!(
        out,
        "{}: {}{}, {} turns, words looked up in {}",
        visible(&args.game.display().to_string()),
        names.join(" vs "),
        record
            .lexicon
            .as_deref()
            .map_or(String::new(), |l| format!(" ({})", visible(l))),
        game.steps.len(),
        visible(lex_name)
    )?;
    for (s, an) in game.steps.iter().zip(analyses) {
        let e = &s.event;
        let rack = e.rack.map_or(String::new(), |r| r.to_text(a));
        let mut line = format!(
            "{:>3}  {:<width$}  {:<7}  {:<18} {:>+4} {:>4}",
            s.turn,
            nick(e.player),
            rack,
            play_text(s, a),
            e.points,
            e.total
        );
        if !s.missing.is_empty() {
            line.push_str(&format!("  not in {lex_name}: {}", s.missing.join(", ")));
        }
        writeln!(out, "{}", line.trim_end())?;
        for p in &s.problems {
            writeln!(out, "     ! line {}: {}", e.line, visible(p))?;
        }
        if let Some(an) = an {
            let best: Vec<String> = an
                .best
                .iter()
                .map(|b| format!("{} {:+} ({:.1})", b.play, b.score, b.equity))
                .collect();
            writeln!(out, "       best: {}", best.join(", "))?;
            if let (Some(eq), Some(lost)) = (an.played_equity, an.gave_up) {
                writeln!(out, "       played: equity {eq:.1}, gave up {lost:.1}")?;
            }
            if let Some(sim) = &an.sim {
                sim_text(out, sim)?;
            }
        }
    }
    let finals: Vec<String> = game
        .totals
        .iter()
        .enumerate()
        .map(|(p, t)| format!("{} {t}", nick(p)))
        .collect();
    writeln!(out, "final: {}", finals.join(", "))?;
    let missing: Vec<String> = game
        .missing_words()
        .map(|(t, w)| format!("{w} (turn {t})"))
        .collect();
    if !missing.is_empty() {
        writeln!(
            out,
            "{} word(s) not in {lex_name}: {}",
            missing.len(),
            missing.join(", ")
        )?;
    }
    if game.agrees() {
        writeln!(
            out,
            "every score and total agrees with the board ({} turns)",
            game.steps.len()
        )?;
    }
    Ok(())
}

/// A turn's simulation, under its static analysis.
fn sim_text(out: &mut impl Write, sim: &SimAnalysis) -> Result<()> {
    if let Some(why) = sim.skipped {
        writeln!(out, "       sim: {why}")?;
        return Ok(());
    }
    writeln!(
        out,
        "       sim ({} plies, {} iterations):",
        sim.plies, sim.iterations
    )?;
    for (i, c) in sim.candidates.iter().enumerate() {
        writeln!(
            out,
            "       {:>2}. {:<20} {:>+8.2} ±{:<5} win {:>5.1} %{}{}",
            i + 1,
            c.play,
            c.mean,
            c.stderr.map_or("-".to_string(), |e| format!("{e:.2}")),
            100.0 * c.win,
            if c.dropped.is_some() { "  dropped" } else { "" },
            if c.played { "  <- played" } else { "" }
        )?;
    }
    if let (Some(p), Some(w)) = (sim.gave_up, sim.gave_up_win) {
        writeln!(
            out,
            "       sim: the play made gave up {p:.1} points, {:.1} % of win",
            100.0 * w
        )?;
    }
    Ok(())
}

/// The turn's action as written, a withdrawn play with what it withdrew.
fn play_text(s: &Step, a: &Alphabet) -> String {
    match (&s.event.action, &s.placement) {
        (Action::Withdrawn, Some(m)) => format!("-- {}", m.notation(a)),
        (action, _) => action.text(a),
    }
}

/// The engine's best plays for the mover's rack, and what the play made
/// was worth beside them; for placements, exchanges and passes with a
/// rack.
fn analyze(
    s: &Step,
    gen: &mut Generator,
    lex: &Lexicon,
    leaves: &Leaves,
    rules: &Rules,
    top: usize,
) -> Option<Analysis> {
    let a = lex.alphabet();
    s.event.rack?;
    match (&s.event.action, &s.placement) {
        (Action::Place(_), Some(_)) | (Action::Exchange(_), _) | (Action::Pass, _) => {}
        _ => return None,
    }
    let best = gen.best(lex, &s.before, leaves, top, &Options::default());
    let played_equity = s.played(a, leaves, rules).map(|r| r.equity);
    let gave_up = match (best.first(), played_equity) {
        (Some(b), Some(p)) => Some((b.equity - p).max(0.0)),
        _ => None,
    };
    Some(Analysis {
        sim: None,
        best: best
            .iter()
            .map(|r| Best {
                play: r.play.text(a),
                score: r.play.score(),
                equity: r.equity,
                leave: r.leave.to_text(a),
            })
            .collect(),
        played_equity,
        gave_up,
    })
}

/// The turn simulated as `p` simulates: its best candidates and the play
/// made, over the same scenarios.
fn simulate_turn(
    s: &Step,
    p: &SimPlayer,
    gen: &mut Generator,
    lex: &Lexicon,
    rules: &Rules,
    leaves: &Leaves,
) -> Result<Option<SimAnalysis>> {
    let a = lex.alphabet();
    let pos = s.before.clone();
    if pos.bag_len(a, rules.rack_size) == 0 {
        return Ok(Some(SimAnalysis {
            plies: p.settings().plies,
            iterations: 0,
            candidates: Vec::new(),
            played_rank: None,
            gave_up: None,
            gave_up_win: None,
            skipped: Some("the bag is empty: an endgame, not simulated"),
        }));
    }
    let made = s.played(lex.alphabet(), leaves, rules);
    let seed = p.seed_for(&pos);
    let sim = p.simulator(lex, rules.clone(), pos)?;
    let mut candidates = sim.candidates(gen, p.candidate_count());
    if let Some(m) = &made {
        if !candidates.iter().any(|c| same(&c.play, &m.play)) {
            candidates.push(m.clone());
        }
    }
    let settings = Settings {
        seed,
        ..p.settings().clone()
    };
    let never = AtomicBool::new(false);
    let report = sim.run(candidates, &settings, &never, |_| {})?;
    let is_made = |arm: &Arm| made.as_ref().is_some_and(|m| same(&m.play, &arm.play));
    let finite = |x: f64| x.is_finite().then_some(x);
    let played_rank = report.arms.iter().position(is_made).map(|i| i + 1);
    let (gave_up, gave_up_win) =
        match (report.arms.first(), report.arms.iter().find(|x| is_made(x))) {
            (Some(best), Some(m)) => (
                Some((best.mean() - m.mean()).max(0.0)),
                Some((best.win_rate() - m.win_rate()).max(0.0)),
            ),
            _ => (None, None),
        };
    Ok(Some(SimAnalysis {
        plies: settings.plies,
        iterations: report.iterations,
        candidates: report
            .arms
            .iter()
            .map(|arm| SimArm {
                play: arm.play.text(a),
                score: arm.play.score(),
                equity: arm.equity,
                mean: arm.mean(),
                stderr: finite(arm.stderr()),
                win: arm.win_rate(),
                iterations: arm.iterations,
                dropped: arm.dropped,
                played: is_made(arm),
            })
            .collect(),
        played_rank,
        gave_up,
        gave_up_win,
        skipped: None,
    }))
}

/// Whether two plays put the same tiles on the same squares (a one-tile
/// play may be written along either word), or exchange the same tiles.
fn same(x: &Play, y: &Play) -> bool {
    match (x, y) {
        (Play::Place(a), Play::Place(b)) => {
            let squares = |m: &lexgraph::Move| {
                let mut v: Vec<_> = m.placements().collect();
                v.sort_unstable();
                v
            };
            squares(a) == squares(b)
        }
        _ => x == y,
    }
}
