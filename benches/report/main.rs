//! `bench-report`: measures lexgraph directly (no criterion), writes every
//! measured value to a JSON document, and renders `BENCHMARKS.md` and the
//! SVG plots in `benches/plots/` from that document.
//!
//! ```sh
//! # both steps, as the README says:
//! cargo run --release --example bench-report -- --lexicons ../shared/lexicons -o BENCHMARKS.md
//! cargo run --release --example bench-report -- --quick          # smoke run, under a minute
//! # one step at a time:
//! cargo run --release --example bench-report -- measure --lexicons ../shared/lexicons --json benches/results/report.json
//! cargo run --release --example bench-report -- render --json benches/results/report.json -o BENCHMARKS.md --plots benches/plots
//! cargo run --release --example bench-report -- --make-suites    # rewrite the blank suites
//! ```
//!
//! `measure` ([`measure`]) runs the measurements and writes the JSON
//! document ([`results::Report`]): raw numbers and the run's machine,
//! start, load and steal, nothing formatted. `render` ([`render`]) reads
//! it and writes the Markdown and the plots, touching nothing else, so the
//! same document always renders to the same files. With neither, the
//! report measures, writes the document, reads it back and renders it.
//!
//! Measuring options: `--lexicons DIR` (default `$LEXGRAPH_LEXICONS`, else
//! `../shared/lexicons` beside the crate; missing lists fall back to the
//! project's `lexicons/` with a note), `--quick`, `--games N`, `--reps N`,
//! `--no-peers`.
//!
//! The peer engines (wolges, the `scrabble` crate) run on the same suites in
//! the same sitting when their harnesses are built (`benches/peers/build.sh`;
//! see [`peers`] for where they are looked for), their rounds taking turns
//! with lexgraph's repetitions; `--no-peers` leaves them out.
//! Rendering options: `-o FILE` (default `BENCHMARKS.md` in the crate),
//! `--plots DIR` (default `benches/plots` beside the output). Both:
//! `--json FILE` (default `benches/results/report.json` beside the output;
//! for `measure`, beside the crate's `BENCHMARKS.md`).
//!
//! Internal mode: `--compile-one PATH ALPHABET [--skip-invalid] [--out
//! PREFIX]` reads and compiles one word list in a fresh process and prints
//! one JSON line with the sizes, the times and the peak resident memory
//! (`VmHWM` from `/proc/self/status`); the report runs itself in this mode
//! so that each build's memory is measured alone.
//!
//! `--make-suites` writes `benches/positions/{enable,sowpods}-blank{1,2}.cgp`
//! from the stored suites (see [`common::make_blank_suite`]): the last one
//! or two tiles of blank-free racks replaced by `?` where the bag allows it,
//! 300 positions evenly spaced over the suite (all of them when fewer
//! qualify).

#[path = "../common/mod.rs"]
mod common;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Instant;

use anyhow::{bail, Context, Result};

static START: OnceLock<Instant> = OnceLock::new();

/// A line on stderr with the seconds since the start.
macro_rules! progress {
    ($($arg:tt)*) => {
        eprintln!("[{:7.1}s] {}", $crate::START.get_or_init(std::time::Instant::now).elapsed().as_secs_f64(), format!($($arg)*))
    };
}

mod compile_one;
mod machine;
mod measure;
mod movegen;
mod peers;
mod plots;
mod render;
mod results;
mod stats;
mod suites;
#[cfg(test)]
mod tests;
mod units;

use measure::MeasureArgs;
use results::Report;

/// What to do.
enum Mode {
    /// Measure, write the document, render it.
    Both {
        measure: MeasureArgs,
        out: Output,
    },
    Measure {
        measure: MeasureArgs,
        json: PathBuf,
    },
    Render(Output),
    MakeSuites,
    CompileOne {
        path: PathBuf,
        alphabet: String,
        skip_invalid: bool,
        out: Option<PathBuf>,
    },
}

/// Where the document is and where the report goes.
struct Output {
    json: PathBuf,
    markdown: PathBuf,
    plots: PathBuf,
}

const USAGE: &str = "usage: bench-report [--lexicons DIR] [--quick] [--games N] [--reps N] [--no-peers] [--json FILE] [-o FILE] [--plots DIR]
       bench-report measure [--lexicons DIR] [--quick] [--games N] [--reps N] [--no-peers] [--json FILE]
       bench-report render [--json FILE] [-o FILE] [--plots DIR]
       bench-report --make-suites
       bench-report --compile-one PATH ALPHABET [--skip-invalid] [--out PREFIX]";

/// The default report: `BENCHMARKS.md` in the crate.
fn default_markdown() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/BENCHMARKS.md"))
}

/// The directory of the report, for the defaults beside it.
fn dir_of(markdown: &Path) -> PathBuf {
    markdown
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."))
}

fn parse_args(args: &[String]) -> Result<Mode> {
    #[derive(PartialEq)]
    enum Cmd {
        Both,
        Measure,
        Render,
    }
    let mut it = args.iter().cloned().peekable();
    let cmd = match it.peek().map(String::as_str) {
        Some("measure") => Cmd::Measure,
        Some("render") => Cmd::Render,
        _ => Cmd::Both,
    };
    if cmd != Cmd::Both {
        it.next();
    }
    let mut measure = MeasureArgs {
        lexicons: common::lexicons_dir(),
        quick: false,
        games: None,
        reps: None,
        peers: true,
    };
    let (mut json, mut markdown, mut plots) = (None, None, None);
    let mut make_suites = false;
    let mut compile_one: Option<(PathBuf, String)> = None;
    let mut skip_invalid = false;
    let mut out = None;
    // Flags that measure (`true`) or render (`false`).
    let mut given: Vec<(String, bool)> = Vec::new();
    let value = |it: &mut dyn Iterator<Item = String>, flag: &str| {
        it.next()
            .with_context(|| format!("{flag} needs a value\n{USAGE}"))
    };
    while let Some(a) = it.next() {
        match a.as_str() {
            "--lexicons" => measure.lexicons = value(&mut it, &a)?.into(),
            "--quick" => measure.quick = true,
            "--no-peers" => measure.peers = false,
            "--games" => measure.games = Some(value(&mut it, &a)?.parse()?),
            "--reps" => measure.reps = Some(value(&mut it, &a)?.parse::<usize>()?.max(1)),
            "--json" => json = Some(PathBuf::from(value(&mut it, &a)?)),
            "-o" | "--output" => markdown = Some(PathBuf::from(value(&mut it, &a)?)),
            "--plots" => plots = Some(PathBuf::from(value(&mut it, &a)?)),
            "--make-suites" => make_suites = true,
            "--compile-one" => {
                let p = value(&mut it, &a)?;
                let alpha = value(&mut it, &a)?;
                compile_one = Some((p.into(), alpha));
            }
            "--skip-invalid" => skip_invalid = true,
            "--out" => out = Some(value(&mut it, &a)?.into()),
            "-h" | "--help" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            _ => bail!("unknown argument {a:?}\n{USAGE}"),
        }
        match a.as_str() {
            "--lexicons" | "--quick" | "--games" | "--reps" | "--no-peers" => given.push((a, true)),
            "-o" | "--output" | "--plots" => given.push((a, false)),
            _ => {}
        }
    }
    if let Some((path, alphabet)) = compile_one {
        return Ok(Mode::CompileOne {
            path,
            alphabet,
            skip_invalid,
            out,
        });
    }
    if make_suites {
        return Ok(Mode::MakeSuites);
    }
    for (flag, measuring) in &given {
        match cmd {
            Cmd::Measure if !measuring => {
                bail!("{flag} is a rendering option: `measure` writes the JSON document only\n{USAGE}")
            }
            Cmd::Render if *measuring => {
                bail!("{flag} is a measuring option: `render` measures nothing\n{USAGE}")
            }
            _ => {}
        }
    }
    let markdown = markdown.unwrap_or_else(default_markdown);
    let dir = dir_of(&markdown);
    let json = json.unwrap_or_else(|| dir.join("benches/results/report.json"));
    let plots = plots.unwrap_or_else(|| dir.join("benches/plots"));
    let output = Output {
        json,
        markdown,
        plots,
    };
    Ok(match cmd {
        Cmd::Both => Mode::Both {
            measure,
            out: output,
        },
        Cmd::Measure => Mode::Measure {
            measure,
            json: output.json,
        },
        Cmd::Render => Mode::Render(output),
    })
}

fn main() -> Result<()> {
    START.get_or_init(Instant::now);
    let args: Vec<String> = std::env::args().skip(1).collect();
    match parse_args(&args)? {
        Mode::CompileOne {
            path,
            alphabet,
            skip_invalid,
            out,
        } => compile_one::compile_one(&path, &alphabet, skip_invalid, out.as_deref()),
        Mode::MakeSuites => suites::make_suites(),
        Mode::Measure { measure, json } => {
            let report = measure::measure(&measure)?;
            report.write(&json)?;
            progress!("wrote {}", json.display());
            Ok(())
        }
        Mode::Render(out) => render_file(&out),
        Mode::Both { measure, out } => {
            let report = measure::measure(&measure)?;
            report.write(&out.json)?;
            progress!("wrote {}", out.json.display());
            // Render what was written, so that `render` on the same file
            // gives the same report.
            render_file(&out)
        }
    }
}

/// Renders the document at `out.json`.
fn render_file(out: &Output) -> Result<()> {
    let report = Report::read(&out.json)?;
    render::render(&report, &out.json, &out.markdown, &out.plots)
}
