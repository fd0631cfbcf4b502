//! `lexgraph pattern`: the words a pattern matches.

use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;

use crate::{load, refuse_lexicon_operands};

#[derive(clap::Args)]
pub struct Args {
    /// The pattern: one character per tile (`[CH]` for a multi-character tile)
    pattern: String,
    /// Lexicon file (default: the built-in English lexicon)
    #[arg(short, long)]
    lexicon: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    refuse_lexicon_operands(std::slice::from_ref(&args.pattern))?;
    let lex = load(args.lexicon.as_deref(), Some(lexgraph::Kind::Dawg))?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    // Each word as the walk finds it; a corrupt file ends the stream with
    // an error, after the words before it (as `lexgraph words` does).
    let mut words = lex.matches(&args.pattern)?;
    while let Some(w) = words.next_str() {
        writeln!(out, "{}", w?)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
