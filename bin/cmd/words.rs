//! `lexgraph words`: the words of a lexicon, sorted, and study lists.

use std::process::ExitCode;

use anyhow::Result;

use crate::study::{By, Printer, StudyArgs};
use crate::LexiconOperand;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    lexicon: LexiconOperand,
    /// Only words starting with this prefix
    #[arg(long)]
    prefix: Option<String>,
    /// Group anagrams under their alphagram, one line each: `AEINRST ANESTRI NASTIER …`
    #[arg(long)]
    alphagrams: bool,
    #[command(flatten)]
    study: StudyArgs,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let lengths = args.study.lengths()?;
    let lex = args.lexicon.open()?;
    let mut words = match &args.prefix {
        Some(p) => lex.words_with_prefix(p)?,
        None => lex.words(),
    };
    let mut out = Printer::new(&lex, &args.study, args.study.by(By::Alpha));
    if args.alphagrams {
        out.collect_all();
    }
    let unlimited = lengths == (0..=usize::MAX);
    if out.plain() && unlimited {
        for w in words.by_ref() {
            out.text(&w)?;
        }
    } else {
        // Sorted or grouped, they are all collected: the words of the
        // lengths asked for.
        while let Some(w) = words.next_tiles() {
            if lengths.contains(&w.len()) {
                out.tiles(w.iter().map(|&t| (t, false)))?;
            }
        }
    }
    match args.alphagrams {
        true => out.finish_grouped()?,
        false => out.finish()?,
    }
    words.check()?;
    Ok(ExitCode::SUCCESS)
}
