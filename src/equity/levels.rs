//! Opponents people enjoy: strategy specs with a vocabulary and a realism
//! weight, and the named levels built from them.
//!
//! A spec is a base strategy ([`Strategy::parse`]'s `greedy`, `gordon1`,
//! `gordon2`, `klv:FILE`, ...; `auto` for the lexicon's own leaves; or
//! `level:N`) followed by modifiers, each after a comma:
//!
//! | modifier    | effect |
//! |-------------|--------|
//! | `vocab=N`   | main words only among the `N` most frequent words of the lexicon, and its two-letter words (compiled once, into a lexicon of their own) |
//! | `realism=M` | each placement's equity plus `M ×` its main word's count over the highest count among the turn's plays (O'Connor 2015, §8.4) |
//!
//! Both need a frequency list ([`Frequencies`]) in the context;
//! `vocab=N` also needs the lexicon, and the feature `build` (it compiles
//! the vocabulary).
//!
//! The levels, weakest first (the numbers are [`LEVELS`], calibrated by
//! matches so that each beats the one below: BENCHMARKS.md, *Levels*):
//!
//! | level     | base      | vocabulary | realism |
//! |-----------|-----------|-----------:|--------:|
//! | `level:1` | `greedy`  | 2,000      | 40      |
//! | `level:2` | `gordon1` | 5,000      | 20      |
//! | `level:3` | `gordon2` | 20,000     | 6       |
//! | `level:4` | `auto`: the lexicon's own leaves (`X.klv2` beside it), else `gordon2` | all | 0 |
//!
//! Modifiers after a level change it: `level:2,realism=0`. The command
//! line's `level:5` is level 4 simulating every move (the `SimPlayer` of
//! `analysis::sim::player` over level 4's strategy), where the simulating
//! players are.
//!
//! ```
//! use std::sync::Arc;
//! use lexgraph::equity::levels::StrategyContext;
//! use lexgraph::lexicon::frequency::Frequencies;
//! use lexgraph::strategy::Strategy;
//! use lexgraph::{Generator, Lexicon, Position, Rules};
//!
//! let lex = Lexicon::from_words(["qi", "qis", "is", "si", "zo", "zoo", "oz"])?;
//! let a = lex.alphabet();
//! let freq = Frequencies::parse(b"is,900\nzoo,40\nqis,1\n", "inline", a)?;
//! let cx = StrategyContext::new(a).lexicon(&lex).frequencies(Arc::new(freq));
//! // QIS is no vocabulary word: the two-letter words and IS are.
//! let s = Strategy::parse_in("greedy,vocab=1", &cx)?;
//! let pos = Position::parse_cgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 QIS/ 0/0 0", a, 15)?;
//! let mut gen = Generator::new(Rules::default());
//! assert_eq!(s.choose(&mut gen, &lex, &pos).play.text(a), "8G QI");
//! assert_eq!(Strategy::parse_in("greedy", &cx)?.choose(&mut gen, &lex, &pos).play.text(a), "8F QIS");
//! # Ok::<(), lexgraph::Error>(())
//! ```

use std::path::Path;
use std::sync::Arc;

use crate::alphabet::Alphabet;
use crate::error::{Error, Result};
use crate::lexicon::frequency::Frequencies;
use crate::lexicon::Lexicon;
use crate::strategy::{Exchanges, Leaves, Realism, Strategy};

/// One level's mix (see the [module](self) table).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// The base strategy's spec (`auto`: the lexicon's own leaves).
    pub base: &'static str,
    /// The vocabulary's size in frequent words (two-letter words aside);
    /// `None`: the whole lexicon.
    pub vocabulary: Option<usize>,
    /// The realism weight (0: none).
    pub realism: f32,
}

/// `level:1` to `level:4`, in order: the one place their numbers are set.
pub const LEVELS: [Level; 4] = [
    Level {
        base: "greedy",
        vocabulary: Some(2_000),
        realism: 40.0,
    },
    Level {
        base: "gordon1",
        vocabulary: Some(5_000),
        realism: 20.0,
    },
    Level {
        base: "gordon2",
        vocabulary: Some(20_000),
        realism: 6.0,
    },
    Level {
        base: "auto",
        vocabulary: None,
        realism: 0.0,
    },
];

/// How the leave values of the spec `auto` are found.
type AutoLeaves<'a> = Box<dyn Fn() -> Result<Leaves> + 'a>;

/// What a spec with modifiers or a level needs besides its text: the
/// alphabet, the whole lexicon, the frequency list, and where the
/// lexicon's own leaves are.
pub struct StrategyContext<'a> {
    alphabet: &'a Alphabet,
    lexicon: Option<&'a Lexicon>,
    frequencies: Option<Arc<Frequencies>>,
    auto: Option<AutoLeaves<'a>>,
    lexicon_path: Option<&'a Path>,
}

impl<'a> StrategyContext<'a> {
    /// A context with the alphabet alone: enough for the plain specs.
    pub fn new(alphabet: &'a Alphabet) -> StrategyContext<'a> {
        StrategyContext {
            alphabet,
            lexicon: None,
            frequencies: None,
            auto: None,
            lexicon_path: None,
        }
    }

    /// The whole lexicon, which a vocabulary is drawn from.
    pub fn lexicon(mut self, lex: &'a Lexicon) -> StrategyContext<'a> {
        self.lexicon = Some(lex);
        self
    }

    /// The lexicon's file: `auto` reads `X.klv2` beside it
    /// ([`Leaves::auto`]) unless [`StrategyContext::auto_leaves`] says
    /// otherwise.
    pub fn lexicon_path(mut self, path: &'a Path) -> StrategyContext<'a> {
        self.lexicon_path = Some(path);
        self
    }

    /// The word counts that `vocab=N` and `realism=M` read.
    pub fn frequencies(mut self, freq: Arc<Frequencies>) -> StrategyContext<'a> {
        self.frequencies = Some(freq);
        self
    }

    /// How the leave values of `auto` are found (a program with leaves
    /// built in gives them here).
    pub fn auto_leaves(mut self, f: impl Fn() -> Result<Leaves> + 'a) -> StrategyContext<'a> {
        self.auto = Some(Box::new(f));
        self
    }

    fn leaves_auto(&self) -> Result<Leaves> {
        match &self.auto {
            Some(f) => f(),
            None => Ok(Leaves::auto(self.lexicon_path, self.alphabet)?.1),
        }
    }

    fn frequencies_for(&self, spec: &str) -> Result<Arc<Frequencies>> {
        self.frequencies.clone().ok_or_else(|| {
            Error::Query(format!(
                "{spec:?} needs word frequencies: give a `word,count` list \
                 (--frequencies FILE; lexicons/english.freq.csv for English)"
            ))
        })
    }
}

impl Strategy {
    /// A strategy from a spec with modifiers or a level (see the
    /// [module](crate::equity::levels) docs); a plain spec is read as
    /// [`Strategy::parse`] reads it. Errors name the spec: an unknown
    /// modifier or level, a number that is not one, a modifier with no
    /// frequency list or lexicon in the context, an empty vocabulary.
    pub fn parse_in(spec: &str, cx: &StrategyContext<'_>) -> Result<Strategy> {
        let mut parts = spec.split(',');
        let base = parts.next().unwrap_or("").trim();
        let (base, mut vocab, mut realism) = match base.strip_prefix("level:") {
            Some(n) => {
                let level = n
                    .parse::<usize>()
                    .ok()
                    .and_then(|n| n.checked_sub(1))
                    .and_then(|i| LEVELS.get(i))
                    .ok_or_else(|| {
                        Error::Query(format!(
                            "unknown level {n:?} in {spec:?}: level:1 to level:{}",
                            LEVELS.len()
                        ))
                    })?;
                (level.base, level.vocabulary, level.realism)
            }
            None => (base, None, 0.0),
        };
        for m in parts {
            let m = m.trim();
            let bad = |why: &str| Error::Query(format!("{why} {m:?} in {spec:?}"));
            match m.split_once('=') {
                Some(("vocab", n)) => {
                    let n: usize = n
                        .trim()
                        .parse()
                        .map_err(|_| bad("vocab=N takes a whole number of words, not"))?;
                    vocab = Some(n);
                }
                Some(("realism", w)) => {
                    let w: f32 = w
                        .trim()
                        .parse()
                        .ok()
                        .filter(|w: &f32| w.is_finite() && *w >= 0.0)
                        .ok_or_else(|| {
                            bad("realism=M takes a number of points (0 or more), not")
                        })?;
                    realism = w;
                }
                _ => return Err(bad("unknown modifier (vocab=N, realism=M)")),
            }
        }
        let mut s = if base == "auto" {
            Strategy::new(base, cx.leaves_auto()?, Exchanges::Ranked)
        } else {
            Strategy::parse(base, cx.alphabet)?
        };
        if realism > 0.0 {
            let frequencies = cx.frequencies_for(spec)?;
            s = s.with_realism(Some(Realism {
                weight: realism,
                frequencies,
            }));
        }
        if let Some(n) = vocab {
            s = s.with_vocabulary(Arc::new(vocabulary_lexicon(spec, n, cx)?));
        }
        Ok(s.named(spec))
    }
}

/// The vocabulary of `vocab=n`, compiled.
#[cfg(feature = "build")]
fn vocabulary_lexicon(spec: &str, n: usize, cx: &StrategyContext<'_>) -> Result<Lexicon> {
    let freq = cx.frequencies_for(spec)?;
    let lex = cx.lexicon.ok_or_else(|| {
        Error::Query(format!(
            "{spec:?}: a vocabulary is drawn from a lexicon, and none was given"
        ))
    })?;
    let words = freq
        .vocabulary(n, lex)
        .map_err(|e| Error::Query(format!("{spec:?}: {e}")))?;
    let list = crate::build::wordlist::WordList::from_tiles(lex.alphabet(), words);
    let files = crate::build::compile::try_compile(&list)?;
    // A GADDAG: the bounded best-move search runs on it fastest.
    Lexicon::from_vec(files.gaddag)
}

/// Without the compiler, no vocabulary can be made.
#[cfg(not(feature = "build"))]
fn vocabulary_lexicon(spec: &str, _n: usize, _cx: &StrategyContext<'_>) -> Result<Lexicon> {
    Err(Error::Query(format!(
        "{spec:?}: a vocabulary is compiled, and this build has no compiler (feature `build`)"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Generator, Position, Rules};

    fn lex() -> Lexicon {
        Lexicon::from_words(["qi", "qis", "is", "si", "zoo", "oz", "ab", "abs"]).unwrap()
    }

    #[test]
    fn specs_with_modifiers_are_checked() {
        let lex = lex();
        let a = lex.alphabet();
        let freq = Arc::new(Frequencies::parse(b"is,9\nzoo,4\n", "f", a).unwrap());
        let bare = StrategyContext::new(a);
        let e = Strategy::parse_in("gordon2,realism=5", &bare)
            .err()
            .unwrap();
        assert!(e.to_string().contains("--frequencies FILE"), "{e}");
        let cx = StrategyContext::new(a)
            .lexicon(&lex)
            .frequencies(freq.clone());
        for (bad, what) in [
            ("gordon2,vocab=x", "whole number"),
            ("gordon2,realism=-1", "0 or more"),
            ("gordon2,speed=3", "unknown modifier"),
            ("level:9", "unknown level"),
            ("level:x", "unknown level"),
            ("gordon3,vocab=5", "unknown strategy"),
        ] {
            let e = Strategy::parse_in(bad, &cx).err().unwrap().to_string();
            assert!(e.contains(what), "{bad}: {e}");
        }
        let s = Strategy::parse_in("gordon2,vocab=1,realism=3", &cx).unwrap();
        assert_eq!(s.name(), "gordon2,vocab=1,realism=3");
        // IS, and the two-letter words QI SI OZ AB.
        assert_eq!(s.vocabulary().unwrap().word_count(), 5);
        assert_eq!(s.realism().unwrap().weight, 3.0);
        for level in ["level:1", "level:2", "level:3", "level:4"] {
            Strategy::parse_in(level, &cx).unwrap();
        }
        assert!(Strategy::parse_in("level:4", &cx)
            .unwrap()
            .vocabulary()
            .is_none());
        assert!(Strategy::parse_in("level:1,realism=0", &cx)
            .unwrap()
            .realism()
            .is_none());
        // No lexicon word in the list, and no two-letter word: nothing to play.
        let only_long = Lexicon::from_words(["zoo", "abs"]).unwrap();
        let none = Arc::new(Frequencies::parse(b"quiz,3\n", "f", a).unwrap());
        let cx = StrategyContext::new(a)
            .lexicon(&only_long)
            .frequencies(none);
        let e = Strategy::parse_in("greedy,vocab=10", &cx)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("none of the 1 words"), "{e}");
        let e = Strategy::parse_in("greedy,vocab=0", &cx)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("empty vocabulary"), "{e}");
    }

    #[test]
    fn strategies_can_be_shared_between_threads() {
        fn shared<T: Send + Sync>() {}
        shared::<Strategy>();
    }

    #[test]
    fn realism_prefers_the_common_word() {
        // ZOO and ABS score alike here (a Z on no premium); the rare word
        // scores more.
        let lex = lex();
        let a = lex.alphabet();
        let freq = Arc::new(Frequencies::parse(b"is,100\nqis,1\n", "f", a).unwrap());
        let cx = StrategyContext::new(a).lexicon(&lex).frequencies(freq);
        let pos = Position::parse_cgp(
            "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 QIS/ 0/0 0",
            a,
            15,
        )
        .unwrap();
        let mut gen = Generator::new(Rules::default());
        let mut play = |spec: &str| {
            Strategy::parse_in(spec, &cx)
                .unwrap()
                .choose(&mut gen, &lex, &pos)
                .play
                .text(a)
        };
        assert_eq!(play("greedy"), "8F QIS");
        assert_eq!(play("greedy,realism=1"), "8F QIS");
        assert_eq!(play("greedy,realism=100"), "8G IS");
    }
}
