//! `lexgraph replay`: a GCG game record replayed turn by turn, every
//! placement scored again from the board; a recorded score or total that
//! disagrees is reported with its turn (exit 1).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use serde::Serialize;

use lexgraph::gcg::{Action, Record};
use lexgraph::input::visible;
use lexgraph::leave::equity;
use lexgraph::movegen::{Generator, Options};
use lexgraph::replay::{replay, Step};
use lexgraph::rules::{Layout, Rules};
use lexgraph::strategy::Leaves;
use lexgraph::{Alphabet, Lexicon, Rack};

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
    players: [&'a str; 2],
    lexicon: String,
    record_lexicon: Option<&'a str>,
    encoding: &'static str,
    turns: Vec<TurnJson<'a>>,
    totals: [i64; 2],
    computed_totals: [i64; 2],
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
    let mut gen = Generator::new(rules.clone());
    let mut analyses: Vec<Option<Analysis>> = game
        .steps
        .iter()
        .map(|s| {
            leaves
                .as_ref()
                .and_then(|l| analyze(s, &mut gen, &lex, l, &rules, args.top as usize))
        })
        .collect();
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
                players: [nick(0), nick(1)],
                lexicon: lex_name.clone(),
                record_lexicon: record.lexicon.as_deref(),
                encoding: match record.encoding {
                    lexgraph::gcg::Encoding::Utf8 => "UTF-8",
                    lexgraph::gcg::Encoding::Latin1 => "ISO-8859-1",
                },
                turns,
                totals: game.totals,
                computed_totals: game.computed_totals,
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
    let nicks = [0, 1].map(|p| visible(&record.players[p].nick).into_owned());
    let nick = |p: usize| nicks[p].as_str();
    let width = nick(0).chars().count().max(nick(1).chars().count());
    writeln!(
        out,
        "{}: {} vs {}{}, {} turns, words looked up in {}",
        visible(&args.game.display().to_string()),
        visible(&record.players[0].name),
        visible(&record.players[1].name),
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
        }
    }
    writeln!(
        out,
        "final: {} {}, {} {}",
        nick(0),
        game.totals[0],
        nick(1),
        game.totals[1]
    )?;
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
    let rack = s.event.rack?;
    let pos = &s.before;
    let used: Option<Rack> = match (&s.event.action, &s.placement) {
        (Action::Place(_), Some(m)) => {
            let mut r = Rack::default();
            for (_, _, sq) in m.placements() {
                r.add(if sq & lexgraph::board::BLANK_FLAG != 0 {
                    0
                } else {
                    lexgraph::board::tile_of(sq)
                });
            }
            Some(r)
        }
        (Action::Exchange(out), _) => Some(*out),
        (Action::Pass, _) => Some(Rack::default()),
        _ => return None,
    };
    let best = gen.best(lex, pos, leaves, top, &Options::default());
    let bag = pos.bag_len(a, rules.rack_size);
    let unseen = pos.unseen(a);
    let played_equity = used.and_then(|u| {
        let mut leave = rack;
        u.tiles().into_iter().all(|t| leave.remove(t)).then(|| {
            let score = s.computed.unwrap_or(0);
            equity(score, leave.counts(), leaves, bag, &unseen, a)
        })
    });
    let gave_up = match (best.first(), played_equity) {
        (Some(b), Some(p)) => Some((b.equity - p).max(0.0)),
        _ => None,
    };
    Some(Analysis {
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
