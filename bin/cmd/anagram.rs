//! `lexgraph anagram`: the words a rack makes.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use lexgraph::query::Partial;

use crate::study::{By, Printer, StudyArgs};
use crate::{load, refuse_lexicon_operands};

#[derive(clap::Args)]
pub struct Args {
    /// The rack: one character per tile, `[CH]` for a multi-character tile, `?` a blank, `@` a vowel blank, `#` a consonant blank, `[AEIOU]`/`[^AB]` a blank of those letters, `*` any number of blanks
    rack: String,
    /// Lexicon file (default: the built-in English lexicon)
    #[arg(short, long)]
    lexicon: Option<PathBuf>,
    /// All words buildable from some of the tiles, not just all of them (Zyzzyva's subanagrams)
    #[arg(long, visible_alias = "sub")]
    partial: bool,
    #[command(flatten)]
    study: StudyArgs,
}

pub fn run(args: Args) -> Result<ExitCode> {
    refuse_lexicon_operands(std::slice::from_ref(&args.rack))?;
    let lengths = args.study.lengths()?;
    let lex = load(args.lexicon.as_deref(), Some(lexgraph::Kind::Dawg))?;
    let partial = match args.partial {
        true => Partial::Yes,
        false => Partial::No,
    };
    // Zyzzyva lists anagrams longest, then likeliest first.
    let mut out = Printer::new(&lex, &args.study, args.study.by(By::Probability));
    // Each word as the walk finds it; a corrupt file ends the stream with
    // an error, after the words before it (as `lexgraph words` does).
    let mut words = lex.anagrams_within(&args.rack, partial, lengths)?;
    if out.plain() {
        while let Some(w) = words.next_str() {
            out.text(w?)?;
        }
    } else {
        while let Some(w) = words.next_tiles() {
            out.tiles(w?.iter().copied())?;
        }
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}
