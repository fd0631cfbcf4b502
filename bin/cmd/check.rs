//! `lexgraph check`: whether words are in the lexicon.

use std::io::{BufRead, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};

use crate::{load, refuse_lexicon_operands};

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
}

pub fn run(args: Args) -> Result<ExitCode> {
    let Args { words, lexicon } = args;
    refuse_lexicon_operands(&words)?;
    let lex = load(lexicon.as_deref(), Some(lexgraph::Kind::Dawg))?;
    let mut all = true;
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut check = |w: &str, flush: bool| -> Result<()> {
        let ok = lex.contains(w);
        all &= ok;
        writeln!(out, "{w} {}", if ok { "yes" } else { "no" })?;
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
