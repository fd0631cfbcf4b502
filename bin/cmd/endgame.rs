//! `lexgraph endgame`: a position with the bag empty solved exactly
//! (`lexgraph::analysis::endgame`).

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use lexgraph::analysis::endgame::{Endgame, Ending, Settings, Solution, Step};
use lexgraph::Position;
use serde::Serialize;

#[derive(clap::Args)]
pub struct Args {
    /// The position in CGP: `BOARD RACK/RACK SCORE/SCORE ZERO_TURNS [OPCODES]`,
    /// the bag empty (the opponent's rack may be left out: it is then every
    /// tile unseen)
    #[arg(long)]
    cgp: String,
    /// Lexicon (.gaddag or .dawg); default: the built-in English lexicon
    #[arg(short, long)]
    lexicon: Option<PathBuf>,
    /// Stop deepening after this long (`500ms`, `30s`, `2m`): the deepest
    /// finished search is then reported as an estimate, not an exact value
    #[arg(long, value_parser = crate::setup::parse_duration)]
    time: Option<Duration>,
    /// Search at most this many plies ahead (an estimate unless the game
    /// ends within them)
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1000))]
    depth: Option<u32>,
    /// Every first play with its exact value (slower: each gets a full
    /// window); otherwise the best exactly and the rest as bounds
    #[arg(long)]
    all_first_plays: bool,
    /// First plays listed (text output)
    #[arg(long, default_value_t = 10)]
    top: usize,
    /// Transposition table size per thread, in MiB
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=4096))]
    table_mib: u64,
    /// Threads, 1 to 256 (default: every core); the value and the best play
    /// are the same on any number
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
struct JsonStep {
    player: &'static str,
    play: String,
    score: i32,
    end: i32,
    ending: Option<&'static str>,
}

#[derive(Serialize)]
struct JsonFirst {
    play: String,
    value: i32,
    upper_bound: bool,
}

#[derive(Serialize)]
struct JsonReport {
    lexicon: String,
    value: i32,
    final_spread: i32,
    exact: bool,
    depth: u32,
    interrupted: bool,
    nodes: u64,
    seconds: f64,
    racks: [String; 2],
    line: Vec<JsonStep>,
    first_plays: Vec<JsonFirst>,
}

fn who(player: usize) -> &'static str {
    match player {
        0 => "mover",
        _ => "opponent",
    }
}

pub fn run(args: Args) -> Result<std::process::ExitCode> {
    let (label, lex) = crate::setup::open_lexicon(args.lexicon.as_deref(), None)?;
    let a = lex.alphabet().clone();
    let position =
        Position::from_cgp(&args.cgp, &a).with_context(|| format!("--cgp {:?}", args.cgp))?;
    let rules = position.rules().context("--cgp")?;
    let endgame = Endgame::from_position(&lex, rules, &position).context("--cgp")?;
    let settings = Settings {
        time: args.time,
        max_depth: args.depth,
        all_first_plays: args.all_first_plays,
        // An entry is 16 bytes.
        table_entries: (args.table_mib as usize) << 16,
        ..Settings::default()
    };
    let pb = crate::spinner("solving the endgame");
    crate::signals::interruptible();
    let stop = &crate::signals::INTERRUPTED;
    let t0 = Instant::now();
    let solved = match args.threads {
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n as usize)
            .build()?
            .install(|| endgame.solve(&settings, stop)),
        None => endgame.solve(&settings, stop),
    };
    let seconds = t0.elapsed().as_secs_f64();
    if let Some(pb) = pb {
        pb.finish_and_clear();
    }
    let s = solved.context("--cgp")?;
    if stop.load(Ordering::SeqCst) {
        eprintln!("interrupted: the deepest search finished");
    }
    let racks = endgame.racks().map(|r| r.to_text(&a));
    let spread = position.scores[0] - position.scores[1];
    let mut out = std::io::stdout().lock();
    match args.format {
        Format::Json => {
            let j = JsonReport {
                lexicon: label,
                value: s.value,
                final_spread: spread + s.value,
                exact: s.exact,
                depth: s.depth,
                interrupted: s.interrupted,
                nodes: s.nodes,
                seconds,
                racks,
                line: s
                    .line
                    .iter()
                    .map(|st| JsonStep {
                        player: who(st.player),
                        play: st.play.text(&a),
                        score: st.score,
                        end: st.end,
                        ending: st.ending.map(|e| e.name()),
                    })
                    .collect(),
                first_plays: s
                    .first_plays
                    .iter()
                    .map(|f| JsonFirst {
                        play: f.play.text(&a),
                        value: f.value,
                        upper_bound: f.upper_bound,
                    })
                    .collect(),
            };
            serde_json::to_writer(&mut out, &j)?;
            writeln!(out)?;
        }
        Format::Text => text(&mut out, &s, &a, &racks, spread, seconds, args.top)?,
    }
    out.flush()?;
    Ok(std::process::ExitCode::SUCCESS)
}

fn text(
    out: &mut impl Write,
    s: &Solution,
    a: &lexgraph::Alphabet,
    racks: &[String; 2],
    spread: i32,
    seconds: f64,
    top: usize,
) -> Result<()> {
    let kind = match s.exact {
        true => "exact".to_string(),
        false => format!("estimate at depth {} (not exact)", s.depth),
    };
    writeln!(
        out,
        "racks {} (to move) / {}: value {:+} ({kind}), final spread {:+}",
        racks[0],
        racks[1],
        s.value,
        spread + s.value
    )?;
    writeln!(
        out,
        "{} nodes in {seconds:.2} s, depth {}{}",
        s.nodes,
        s.depth,
        if s.interrupted { ", interrupted" } else { "" }
    )?;
    let mut running = spread;
    writeln!(out, "line:")?;
    for (i, st) in s.line.iter().enumerate() {
        running += signed(st, st.score + st.end);
        writeln!(
            out,
            "  {:>2}. {:<8} {:<22} {:>+4}{}   spread {:+}",
            i + 1,
            who(st.player),
            st.play.text(a),
            st.score,
            end_text(st),
            running
        )?;
    }
    if !s.exact && s.line.len() == 1 {
        writeln!(out, "  (an estimate: only the first play is given)")?;
    }
    writeln!(out, "first plays, best first:")?;
    for f in s.first_plays.iter().take(top) {
        let v = match f.upper_bound {
            true => format!("<= {:+}", f.value),
            false => format!("{:+}", f.value),
        };
        writeln!(out, "  {:<22} {v}", f.play.text(a))?;
    }
    if s.first_plays.len() > top {
        writeln!(out, "  ... {} more", s.first_plays.len() - top)?;
    }
    Ok(())
}

/// `x` from the mover's side: the opponent's points count against.
fn signed(st: &Step, x: i32) -> i32 {
    match st.player {
        0 => x,
        _ => -x,
    }
}

fn end_text(st: &Step) -> String {
    match st.ending {
        None => String::new(),
        Some(Ending::Out) => format!(" (out: {:+})", st.end),
        Some(Ending::Scoreless) => format!(" (six scoreless turns, racks: {:+})", st.end),
    }
}
