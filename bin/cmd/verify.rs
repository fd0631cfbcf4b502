//! `lexgraph verify`: checksum, structure, the pair, and the word list.

use lexgraph::Invalid;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use lexgraph::lexicon::{check_pair, sibling_path};
use lexgraph::{Kind, Lexicon, WordList};

use crate::{usage, Negative};

#[derive(clap::Args)]
pub struct Args {
    /// Lexicon file (.dawg or .gaddag)
    #[arg(
        required_unless_present = "lexicon_flag",
        conflicts_with = "lexicon_flag"
    )]
    lexicon: Option<PathBuf>,
    /// The same, as the option every command takes
    #[arg(short = 'l', long = "lexicon", value_name = "LEXICON")]
    lexicon_flag: Option<PathBuf>,
    /// Word list the lexicon must accept exactly (`-`: standard input)
    #[arg(long)]
    words: Option<PathBuf>,
    /// Skip words of the list the alphabet cannot spell (as compile --skip-invalid)
    #[arg(long)]
    skip_invalid: bool,
    /// The other file of the pair, which must come from the same word list (default: x.dawg beside x.gaddag, and the other way round, when it exists)
    #[arg(long)]
    pair: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let Args {
        lexicon,
        lexicon_flag,
        words,
        skip_invalid,
        pair,
    } = args;
    let Some(lexicon) = lexicon.or(lexicon_flag) else {
        usage!("give the lexicon to verify");
    };
    // A file that is not valid is verify's "no" (exit 1); one that
    // cannot be read is an I/O error (3).
    let negative = |e: lexgraph::Error| match e {
        lexgraph::Error::Io { .. } => anyhow::Error::new(e),
        e => anyhow::Error::new(Negative(e.to_string())),
    };
    let lex = Lexicon::open(&lexicon).map_err(negative)?;
    lex.verify().map_err(negative)?;
    let mut msg = format!(
        "{}: OK: checksum and structure, {} words",
        lexicon.display(),
        lex.word_count()
    );
    if let Some(p) = check_sibling(&lexicon, &lex, pair.as_deref())? {
        msg.push_str(&format!(", same word list as {}", p.display()));
    }
    if let Some(w) = words {
        let (list, name) = if w.as_os_str() == "-" {
            let stdin = std::io::stdin().lock();
            let list = WordList::from_reader(
                stdin,
                "stdin",
                lex.alphabet(),
                Invalid::skip_if(skip_invalid),
            )?;
            (list, "stdin".to_string())
        } else {
            let list = WordList::read(&w, lex.alphabet(), Invalid::skip_if(skip_invalid))?;
            (list, w.display().to_string())
        };
        verify_words(&lex, &list).map_err(|e| {
            Negative(format!(
                "{} does not match {name}: {e:#}",
                lexicon.display()
            ))
        })?;
        msg.push_str(&format!(
            ", accepts exactly the {} words of {name}",
            list.len()
        ));
    }
    println!("{msg}");
    Ok(ExitCode::SUCCESS)
}

/// Checks `lex` (opened from `path`) against its pair: `pair` when given,
/// else the sibling file (`x.dawg` beside `x.gaddag` and the other way
/// round) when it exists. Returns the pair's path when one was checked.
fn check_sibling(path: &Path, lex: &Lexicon, pair: Option<&Path>) -> Result<Option<PathBuf>> {
    let other_kind = match lex.kind() {
        Kind::Dawg => Kind::Gaddag,
        Kind::Gaddag => Kind::Dawg,
    };
    let other_path = match pair {
        Some(p) => p.to_path_buf(),
        None => {
            let s = sibling_path(path, other_kind);
            if s == path || !s.exists() {
                return Ok(None);
            }
            s
        }
    };
    let other = Lexicon::open(&other_path).with_context(|| {
        format!(
            "opening {}, the {} that goes with {}",
            other_path.display(),
            other_kind.name(),
            path.display()
        )
    })?;
    match lex.kind() {
        Kind::Dawg => check_pair(lex, &other)?,
        Kind::Gaddag => check_pair(&other, lex)?,
    }
    Ok(Some(other_path))
}

fn verify_words(lex: &Lexicon, list: &WordList) -> Result<()> {
    let a = lex.alphabet();
    let mut expected = list.iter().map(|w| a.spell(w));
    let mut got = lex.words();
    let mut n = 0usize;
    loop {
        match (expected.next(), got.next()) {
            (None, None) => break,
            (Some(e), Some(g)) if e == g => n += 1,
            (Some(e), Some(g)) => bail!("word {n}: list has {e}, lexicon has {g}"),
            (Some(e), None) => bail!("lexicon is missing {e} (and {} more)", expected.count()),
            (None, Some(g)) => bail!("lexicon has {g}, which is not in the list"),
        }
    }
    for w in list.iter() {
        if !lex.contains_tiles(w) {
            bail!("{} is not accepted", a.spell(w));
        }
    }
    if lex.kind() == lexgraph::Kind::Gaddag {
        for w in list.iter() {
            for split in 1..=w.len() {
                if !lex.has_split_path(w, split) {
                    bail!(
                        "{}: no GADDAG path for the split after {split} tiles",
                        a.spell(w)
                    );
                }
            }
        }
    }
    Ok(())
}
