//! `lexgraph pattern`: the words a pattern matches.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;

use crate::study::{By, Printer, StudyArgs};
use crate::{load, refuse_lexicon_operands};

#[derive(clap::Args)]
pub struct Args {
    /// The pattern: one character per tile (`[CH]` for a multi-character tile), `?` any tile, `*` any run of tiles, `@` a vowel, `#` a consonant, `[AEIOU]` one of these, `[^AB]` any tile but these
    pattern: String,
    /// Lexicon file (default: the built-in English lexicon)
    #[arg(short, long)]
    lexicon: Option<PathBuf>,
    #[command(flatten)]
    study: StudyArgs,
}

pub fn run(args: Args) -> Result<ExitCode> {
    refuse_lexicon_operands(std::slice::from_ref(&args.pattern))?;
    let lengths = args.study.lengths()?;
    let lex = load(args.lexicon.as_deref(), Some(lexgraph::Kind::Dawg))?;
    let mut out = Printer::new(&lex, &args.study, args.study.by(By::Alpha));
    // Each word as the walk finds it; a corrupt file ends the stream with
    // an error, after the words before it (as `lexgraph words` does).
    let mut words = lex.matches_within(&args.pattern, lengths)?;
    if out.plain() {
        while let Some(w) = words.next_str() {
            out.text(w?)?;
        }
    } else {
        // Sorted, they are all collected (a pattern of `*` matches every word).
        while let Some(w) = words.next_tiles() {
            out.tiles(w?.iter().map(|&t| (t, false)))?;
        }
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}
