//! `lexgraph leaves`: KLV2 leave files from `leave,value` tables and back,
//! and trained by self-play (`leaves train`, in `train.rs`).

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use lexgraph::klv::{self, Klv};
use lexgraph::kwg::NodeOrder;
use lexgraph::leave::LeaveTable;
use lexgraph::Alphabet;

use crate::resolve_alphabet;

mod train;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(clap::Subcommand)]
enum Cmd {
    /// Write a KLV2 file from a `leave,value` table (`?` a blank)
    Compile(CompileArgs),
    /// Print a KLV2 or KLV file as `leave,value` lines, in the file's order
    Dump(DumpArgs),
    /// Learn leave values by self-play and write them as KLV2 (and a win table beside)
    Train(train::TrainArgs),
}

#[derive(clap::Args)]
struct CompileArgs {
    /// `leave,value` lines (`#` comments; a first line `leave,value` is a header)
    table: PathBuf,
    /// The KLV2 file to write (replaced atomically)
    #[arg(short, long)]
    out: PathBuf,
    /// Built-in alphabet name (english, super-english, spanish, polish, catalan, upwords) or an alphabet file
    #[arg(long, default_value = "english")]
    alphabet: String,
    /// Node order: wolges (what its `english-klv` writes) or magpie (MAGPIE's files, such as its
    /// CSW21.klv2). Default: the table's `# layout: NAME` line, which `dump` writes, else wolges
    #[arg(long, value_enum)]
    layout: Option<LayoutArg>,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum LayoutArg {
    Wolges,
    Magpie,
}

#[derive(clap::Args)]
struct DumpArgs {
    /// A KLV2 or KLV file
    klv: PathBuf,
    /// Write to this file (replaced atomically) instead of standard output
    #[arg(short, long)]
    out: Option<PathBuf>,
    /// Built-in alphabet name (english, super-english, spanish, polish, catalan, upwords) or an alphabet file
    #[arg(long, default_value = "english")]
    alphabet: String,
}

pub fn run(args: Args) -> Result<ExitCode> {
    match args.cmd {
        Cmd::Compile(a) => compile(a)?,
        Cmd::Dump(a) => dump(a)?,
        Cmd::Train(a) => train::run(a)?,
    }
    Ok(ExitCode::SUCCESS)
}

fn compile(a: CompileArgs) -> Result<()> {
    let alphabet = resolve_alphabet(&a.alphabet)?;
    let table = LeaveTable::read(&a.table, &alphabet)?;
    let layout = match a.layout.or_else(|| layout_line(&a.table)) {
        Some(LayoutArg::Magpie) => NodeOrder::Magpie,
        Some(LayoutArg::Wolges) | None => NodeOrder::Wolges,
    };
    let leaves = table.iter().map(|(t, v)| (t.to_vec(), v));
    klv::write_klv2(&a.out, leaves, layout)
        .with_context(|| format!("writing {}", a.out.display()))?;
    Ok(())
}

/// The layout a dump recorded on its first line: `# layout: magpie`.
fn layout_line(table: &std::path::Path) -> Option<LayoutArg> {
    use std::io::BufRead;
    let file = std::fs::File::open(table).ok()?;
    let mut first = String::new();
    std::io::BufReader::new(file)
        .take(256)
        .read_line(&mut first)
        .ok()?;
    match first.trim().strip_prefix("# layout:")?.trim() {
        "magpie" => Some(LayoutArg::Magpie),
        "wolges" => Some(LayoutArg::Wolges),
        _ => None,
    }
}

fn dump(a: DumpArgs) -> Result<()> {
    let alphabet = resolve_alphabet(&a.alphabet)?;
    let k = Klv::open(&a.klv)?;
    match &a.out {
        None => {
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            write_csv(&k, &alphabet, &mut out)?;
            out.flush()?;
        }
        Some(path) => {
            // The whole text first: a bad value leaves no partial file.
            let mut text = Vec::new();
            write_csv(&k, &alphabet, &mut text)?;
            lexgraph::compile::write_atomic(path, &text)?;
        }
    }
    Ok(())
}

/// One `leave,value` line per leave, in the file's order: `?` for the
/// blank, multi-character tiles in brackets, each value as the shortest
/// decimal that reads back as the same `f32`.
fn write_csv(k: &Klv, alphabet: &Alphabet, out: &mut impl Write) -> Result<()> {
    let fault = |i: usize, msg: String| lexgraph::Error::BadFile {
        origin: k.origin().to_string(),
        offset: k.value_offset(i),
        msg,
    };
    // The node order, for `compile` to write the same bytes again.
    let layout = if k.has_empty_second_root() {
        "magpie"
    } else {
        "wolges"
    };
    writeln!(out, "# layout: {layout}")?;
    let mut line = String::new();
    for (i, (tiles, value)) in k.leaves().enumerate() {
        line.clear();
        for &t in &tiles {
            match t {
                0 => line.push('?'),
                t if (t as usize) <= alphabet.len() => line.push_str(&alphabet.label(t, false)),
                t => {
                    return Err(fault(
                        i,
                        format!(
                            "leave {} has tile {t}, which the {} alphabet lacks",
                            i + 1,
                            alphabet.name()
                        ),
                    )
                    .into())
                }
            }
        }
        if !value.is_finite() {
            return Err(fault(i, format!("the value of leave {line} is {value}")).into());
        }
        writeln!(out, "{line},{value}")?;
    }
    Ok(())
}
