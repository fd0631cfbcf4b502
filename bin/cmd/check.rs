//! `lexgraph check`: whether words are in the lexicon.

use std::io::{BufRead, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};

use crate::refuse_lexicon_operands;
use crate::setup::{json_line, open_lexicon, Format};

/// The longest line `check -` reads: as for word lists.
const MAX_WORD_LINE: usize = lexgraph::input::MAX_LINE_BYTES;

#[derive(clap::Args)]
pub struct Args {
    /// Words to look up (`-`: one per line from standard input); never a lexicon
    #[arg(required = true)]
    words: Vec<String>,
    /// Lexicon file (default: the built-in English lexicon)
    #[arg(short, long)]
    lexicon: Option<PathBuf>,
    /// Output format: `WORD yes|no` lines, or JSON Lines
    /// (`{"word", "valid", "lexicon"}`)
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// A word's answer as `--format json` writes it.
#[derive(serde::Serialize)]
struct JsonCheck<'a> {
    word: &'a str,
    valid: bool,
    lexicon: &'a str,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let Args {
        words,
        lexicon,
        format,
    } = args;
    refuse_lexicon_operands(&words)?;
    let (label, lex) = open_lexicon(lexicon.as_deref(), Some(lexgraph::Kind::Dawg))?;
    if lexicon.is_none() {
        // A player checking a word must know which list judged it.
        eprintln!(
            "note: checked in the {label} lexicon ({} words); -l FILE checks in another",
            lex.word_count()
        );
    }
    let mut all = true;
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut check = |w: &str, flush: bool| -> Result<()> {
        let ok = lex.contains(w);
        all &= ok;
        match format {
            Format::Text => writeln!(out, "{w} {}", if ok { "yes" } else { "no" })?,
            Format::Json => json_line(
                &mut out,
                &JsonCheck {
                    word: w,
                    valid: ok,
                    lexicon: &label,
                },
            )?,
        }
        if flush {
            out.flush()?;
        }
        Ok(())
    };
    if words == ["-"] {
        // One word per line, answered as it comes (a pipe stays interactive).
        let mut line = String::new();
        let mut stdin = std::io::stdin().lock();
        let mut n = 0;
        loop {
            line.clear();
            let read = (&mut stdin)
                .take(MAX_WORD_LINE as u64 + 1)
                .read_line(&mut line)
                .with_context(|| format!("reading standard input after line {n}"))?;
            if read == 0 {
                break;
            }
            n += 1;
            if line.len() > MAX_WORD_LINE && !line.ends_with('\n') {
                bail!("stdin:{n}: line longer than {MAX_WORD_LINE} bytes");
            }
            let w = line.trim().trim_start_matches('\u{feff}');
            if !w.is_empty() && !w.starts_with('#') {
                check(w, true)?;
            }
        }
    } else {
        for (i, w) in words.iter().enumerate() {
            check(w, i + 1 == words.len())?;
        }
    }
    Ok(ExitCode::from(if all {
        crate::status::OK
    } else {
        crate::status::NO
    }))
}
