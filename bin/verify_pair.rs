//! `lexgraph verify`'s pair check: a DAWG and a GADDAG used together must
//! come from the same word list (`lexgraph::lexicon::check_pair`).

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use lexgraph::lexicon::{check_pair, sibling_path};
use lexgraph::{Kind, Lexicon};

/// Checks `lex` (opened from `path`) against its pair: `pair` when given,
/// else the sibling file (`x.dawg` beside `x.gaddag` and the other way
/// round) when it exists. Returns the pair's path when one was checked.
pub fn check(path: &Path, lex: &Lexicon, pair: Option<&Path>) -> Result<Option<PathBuf>> {
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
