//! `lexgraph words`: the words of a lexicon, sorted.

use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;

use crate::load;

#[derive(clap::Args)]
pub struct Args {
    /// Lexicon file (default: the built-in English lexicon)
    #[arg(conflicts_with = "lexicon_flag")]
    lexicon: Option<PathBuf>,
    /// The same, as the option every command takes
    #[arg(short = 'l', long = "lexicon", value_name = "LEXICON")]
    lexicon_flag: Option<PathBuf>,
    /// Only words starting with this prefix
    #[arg(long)]
    prefix: Option<String>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let lex = load(args.lexicon.or(args.lexicon_flag).as_deref(), None)?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut words = match args.prefix {
        Some(p) => lex.words_with_prefix(&p)?,
        None => lex.words(),
    };
    for w in words.by_ref() {
        writeln!(out, "{w}")?;
    }
    out.flush()?;
    words.check()?;
    Ok(ExitCode::SUCCESS)
}
