//! `lexgraph anagram`: the words a rack makes.

use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use lexgraph::query::Partial;

use crate::{load, refuse_lexicon_operands};

#[derive(clap::Args)]
pub struct Args {
    /// The rack: one character per tile, `[CH]` for a multi-character tile, `?` a blank
    rack: String,
    /// Lexicon file (default: the built-in English lexicon)
    #[arg(short, long)]
    lexicon: Option<PathBuf>,
    /// All words buildable from some of the tiles, not just all of them
    #[arg(long)]
    partial: bool,
}

pub fn run(args: Args) -> Result<ExitCode> {
    refuse_lexicon_operands(std::slice::from_ref(&args.rack))?;
    let lex = load(args.lexicon.as_deref(), Some(lexgraph::Kind::Dawg))?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    let partial = match args.partial {
        true => Partial::Yes,
        false => Partial::No,
    };
    // Each word as the walk finds it; a corrupt file ends the stream with
    // an error, after the words before it (as `lexgraph words` does).
    let mut words = lex.anagrams(&args.rack, partial)?;
    while let Some(w) = words.next_str() {
        writeln!(out, "{}", w?)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
