//! `lexgraph words`: the words of a lexicon, sorted.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use anyhow::Result;

use crate::LexiconOperand;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    lexicon: LexiconOperand,
    /// Only words starting with this prefix
    #[arg(long)]
    prefix: Option<String>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let lex = args.lexicon.open()?;
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
