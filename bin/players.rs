//! Players from their command-line specs: the plain ones (`greedy`,
//! `gordon2`, `klv:FILE`, ...), `auto` (the lexicon's own leaves), the
//! levels (`level:1` to `level:4`) and modifiers (`gordon2,vocab=5000,
//! realism=40`), which read word frequencies (`lexgraph::equity::levels`).
//!
//! The frequencies are a `--frequencies FILE`, else, for a lexicon in the
//! English alphabet, the shipped `lexicons/english.freq.csv`, built into
//! the binary as the English word list is.

use std::path::Path;
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use lexgraph::equity::levels::StrategyContext;
use lexgraph::lexicon::frequency::Frequencies;
use lexgraph::strategy::Strategy;
use lexgraph::{Alphabet, Lexicon};

/// The shipped English frequencies (wordfreq's data, CC BY-SA 4.0:
/// `lexicons/LICENSE-wordfreq`).
const ENGLISH: &str = include_str!("../lexicons/english.freq.csv");

/// Its name in messages.
const ENGLISH_NAME: &str = "built-in lexicons/english.freq.csv";

/// Word frequencies: `file` read in `alphabet`, else the shipped English
/// ones when `alphabet` is English; else an error saying how to make some.
pub fn frequencies(file: Option<&Path>, alphabet: &Alphabet) -> Result<Arc<Frequencies>> {
    if let Some(path) = file {
        let f = Frequencies::read(path, alphabet)
            .with_context(|| format!("reading the frequency list {}", path.display()))?;
        return Ok(Arc::new(f));
    }
    if !alphabet.same_tiles(&Alphabet::english()) {
        bail!(
            "no word frequencies for the alphabet {}: give --frequencies FILE, a `word,count` \
             list (scripts/make-frequencies.py makes one from wordfreq; docs/players.md)",
            alphabet.name()
        );
    }
    Ok(Arc::new(Frequencies::parse(
        ENGLISH.as_bytes(),
        ENGLISH_NAME,
        alphabet,
    )?))
}

/// Whether `spec` reads word frequencies: a modifier, or a level that
/// has a vocabulary or a realism weight.
pub fn needs_frequencies(spec: &str) -> bool {
    let mut parts = spec.split(',');
    let base = parts.next().unwrap_or("");
    let level = base
        .strip_prefix("level:")
        .and_then(|n| n.parse::<usize>().ok())
        .and_then(|n| n.checked_sub(1))
        .and_then(|i| lexgraph::equity::levels::LEVELS.get(i));
    parts.next().is_some() || level.is_some_and(|l| l.vocabulary.is_some() || l.realism > 0.0)
}

/// The player a spec names, for games on `lex` (whose file, when it has
/// one, is `lexicon_path`: `auto` reads the leaves beside it). Frequencies
/// are read only when the spec needs them, from `frequencies` or the
/// shipped English ones.
pub fn strategy(
    spec: &str,
    lex: &Lexicon,
    lexicon_path: Option<&Path>,
    frequencies_file: Option<&Path>,
) -> Result<Strategy> {
    let alphabet = lex.alphabet();
    let auto = || {
        crate::default_lexicon::leaves_spec("auto", lexicon_path, alphabet)
            .map(|(_, leaves)| leaves)
            .map_err(|e| lexgraph::Error::Query(format!("{e:#}")))
    };
    let mut cx = StrategyContext::new(alphabet)
        .lexicon(lex)
        .auto_leaves(auto);
    if let Some(p) = lexicon_path {
        cx = cx.lexicon_path(p);
    }
    if needs_frequencies(spec) {
        cx = cx.frequencies(frequencies(frequencies_file, alphabet)?);
    }
    Strategy::parse_in(spec, &cx).with_context(|| format!("the player {spec:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_frequencies_read() {
        let a = Alphabet::english();
        let f = frequencies(None, &a).unwrap();
        assert_eq!(f.rank_of("the"), Some(1));
        assert!(f.len() > 50_000);
        assert!(needs_frequencies("level:1") && needs_frequencies("greedy,realism=3"));
        assert!(!needs_frequencies("level:4") && !needs_frequencies("gordon2"));
    }
}
