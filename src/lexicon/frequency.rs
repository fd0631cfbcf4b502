//! Word frequencies: how common each word is in ordinary text, for players
//! that people enjoy playing against.
//!
//! A strong engine plays `QAID` and `ZOEAE`; a person plays `QUIET` and
//! `ZONE`. A frequency list says which words are which: a `word,count`
//! CSV (counts per billion words of text, say; only their order and
//! ratios matter). From it a program can
//!
//! * restrict a player to a *vocabulary*: the `n` most frequent words of
//!   the lexicon plus all its two-letter words (which every club player
//!   knows), compiled into a lexicon of its own ([`Frequencies::vocabulary`]);
//! * pull a player towards common words (the realism weight of O'Connor's
//!   2015 thesis, §8.4): a play's equity plus `M ×` its main word's count
//!   over the highest count among the turn's plays ([`Frequencies::count`]).
//!
//! The file: one `word,count` a line; a first line `word,count` is a
//! header; blank lines and lines starting with `#` are skipped. A word
//! given twice, a count that is negative, missing or not a whole number,
//! or a word with a letter the alphabet lacks is an error naming the file
//! and line. A word that is not in the lexicon at hand is not: frequency
//! lists are made from text, not from a word list, so
//! [`Frequencies::restrict`] drops such words and says how many.
//!
//! ```
//! use lexgraph::lexicon::frequency::Frequencies;
//! use lexgraph::{Alphabet, Lexicon};
//!
//! let a = Alphabet::english();
//! let csv = b"# per billion words\nword,count\nthe,50000\nquiet,900\nqi,3\nqaid,1\nzzz,1\n";
//! let mut freq = Frequencies::parse(csv, "inline", &a)?;
//! assert_eq!(freq.rank_of("the"), Some(1));
//! assert_eq!(freq.count_of("quiet"), 900);
//!
//! let lex = Lexicon::from_words(["the", "quiet", "qi", "qaid", "za"])?;
//! // ZZZ is no word of the lexicon: dropped, and counted.
//! assert_eq!(freq.restrict(&lex), 1);
//! // The two most frequent words, and every two-letter word.
//! let vocab = freq.vocabulary(2, &lex)?;
//! let text: Vec<String> = vocab.iter().map(|w| a.spell(w)).collect();
//! assert_eq!(text, ["QI", "QUIET", "THE", "ZA"]);
//! # Ok::<(), lexgraph::Error>(())
//! ```

use std::collections::HashMap;
use std::io::Read;
use std::path::Path;

use xxhash_rust::xxh3::Xxh3Builder;

use crate::alphabet::{Alphabet, Tile};
use crate::board::{tile_of, BLANK_FLAG};
use crate::error::{Error, Result};
use crate::input::snippet;
use crate::lexicon::Lexicon;

/// Largest frequency file read, in bytes: a list of every word of a large
/// lexicon with its count is some 10 MB; a hostile file costs no more.
pub const MAX_FREQUENCY_FILE_BYTES: usize = 64 << 20;

/// A word frequency list, ranked (see the [module](self) docs).
#[derive(Clone, Debug)]
pub struct Frequencies {
    alphabet: Alphabet,
    origin: String,
    /// Most frequent first; ties in tile order, so that ranks never depend
    /// on the file's order.
    ranked: Vec<(Box<[Tile]>, u64)>,
    /// A word's index in `ranked`.
    index: HashMap<Box<[Tile]>, u32, Xxh3Builder>,
}

impl Frequencies {
    /// Reads a `word,count` file (see the [module](self) docs), refusing
    /// files over [`MAX_FREQUENCY_FILE_BYTES`] before reading them whole.
    pub fn read(path: impl AsRef<Path>, alphabet: &Alphabet) -> Result<Frequencies> {
        let path = path.as_ref();
        let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
        if file.metadata().is_ok_and(|m| m.is_dir()) {
            let e = std::io::Error::new(std::io::ErrorKind::IsADirectory, "is a directory");
            return Err(Error::io(path, e));
        }
        let mut bytes = Vec::new();
        // One byte past the limit tells a file at the limit from a larger one.
        file.take(MAX_FREQUENCY_FILE_BYTES as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| Error::io(path, e))?;
        let origin = path.display().to_string();
        if bytes.len() > MAX_FREQUENCY_FILE_BYTES {
            return Err(Error::Input {
                origin,
                line: 0,
                offset: MAX_FREQUENCY_FILE_BYTES as u64,
                msg: format!(
                    "file longer than {MAX_FREQUENCY_FILE_BYTES} bytes, not a frequency list"
                ),
            });
        }
        Frequencies::parse(&bytes, &origin, alphabet)
    }

    /// Parses `word,count` lines; `origin` names the text in errors.
    pub fn parse(text: &[u8], origin: &str, alphabet: &Alphabet) -> Result<Frequencies> {
        let mut ranked: Vec<(Box<[Tile]>, u64)> = Vec::new();
        // The line each word was on, to name both lines of a duplicate.
        let mut seen: HashMap<Box<[Tile]>, usize, Xxh3Builder> =
            HashMap::with_hasher(Xxh3Builder::new());
        let mut offset = 0usize;
        let mut header_allowed = true;
        let mut tiles = Vec::new();
        for (i, raw) in text.split(|&b| b == b'\n').enumerate() {
            let line_no = i + 1;
            let at = offset;
            offset += raw.len() + 1;
            let bad = |msg: String| Error::Input {
                origin: origin.to_string(),
                line: line_no,
                offset: at as u64,
                msg,
            };
            let line = std::str::from_utf8(raw)
                .map_err(|e| Error::Input {
                    origin: origin.to_string(),
                    line: line_no,
                    offset: (at + e.valid_up_to()) as u64,
                    msg: "not UTF-8".into(),
                })?
                .trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if std::mem::take(&mut header_allowed) && line.eq_ignore_ascii_case("word,count") {
                continue;
            }
            let (word, count) = match line.split_once(',') {
                Some((w, c)) if !c.contains(',') => (w.trim(), c.trim()),
                _ => return Err(bad(format!("expected word,count, not {:?}", snippet(line)))),
            };
            if word.is_empty() {
                return Err(bad("missing word before the comma".into()));
            }
            let count: u64 = match count.parse() {
                Ok(c) => c,
                Err(_) if count.is_empty() => {
                    return Err(bad(format!("missing count for {:?}", snippet(word))))
                }
                Err(_) if count.starts_with('-') => {
                    return Err(bad(format!(
                        "negative count {:?} for {:?}",
                        snippet(count),
                        snippet(word)
                    )))
                }
                Err(_) => {
                    return Err(bad(format!(
                        "count {:?} for {:?} is not a whole number",
                        snippet(count),
                        snippet(word)
                    )))
                }
            };
            alphabet.tokenize_into(word, &mut tiles).map_err(|c| {
                bad(format!(
                    "{:?} has {c:?}, not a tile of the alphabet {}",
                    snippet(word),
                    alphabet.name()
                ))
            })?;
            let key: Box<[Tile]> = tiles.as_slice().into();
            if let Some(&first) = seen.get(&key) {
                return Err(bad(format!(
                    "{:?} is given twice, on lines {first} and {line_no}",
                    snippet(word)
                )));
            }
            seen.insert(key.clone(), line_no);
            ranked.push((key, count));
        }
        drop(seen);
        let mut f = Frequencies {
            alphabet: alphabet.clone(),
            origin: origin.to_string(),
            ranked,
            index: HashMap::with_hasher(Xxh3Builder::new()),
        };
        f.reindex();
        Ok(f)
    }

    /// Sorts by rank and indexes the words.
    fn reindex(&mut self) {
        self.ranked
            .sort_unstable_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        self.index.clear();
        self.index.reserve(self.ranked.len());
        for (i, (w, _)) in self.ranked.iter().enumerate() {
            self.index.insert(w.clone(), i as u32);
        }
    }

    /// The file or name the list was read from.
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// The alphabet its words are spelled in.
    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    /// How many words it counts.
    pub fn len(&self) -> usize {
        self.ranked.len()
    }

    /// Whether it counts no word.
    pub fn is_empty(&self) -> bool {
        self.ranked.is_empty()
    }

    /// The index of `word` in `ranked`; the word's tiles may carry the
    /// blank flag (a move's word), which does not change the word.
    fn index_of(&self, word: &[Tile]) -> Option<usize> {
        if word.iter().any(|&t| t & BLANK_FLAG != 0) {
            let plain: Vec<Tile> = word.iter().map(|&t| tile_of(t)).collect();
            return self.index.get(plain.as_slice()).map(|&i| i as usize);
        }
        self.index.get(word).map(|&i| i as usize)
    }

    /// The count of a word given as tiles (blanks count as the letters
    /// they stand for); 0 for a word the list does not have.
    pub fn count(&self, word: &[Tile]) -> u64 {
        self.index_of(word).map_or(0, |i| self.ranked[i].1)
    }

    /// [`Frequencies::count`] of a word given as text; 0 for text the
    /// alphabet cannot spell.
    pub fn count_of(&self, word: &str) -> u64 {
        self.alphabet.tokenize(word).map_or(0, |w| self.count(&w))
    }

    /// The rank of a word: 1 for the most frequent; words of equal count
    /// ranked in tile (alphabetical) order. `None` for a word not listed.
    pub fn rank(&self, word: &[Tile]) -> Option<usize> {
        self.index_of(word).map(|i| i + 1)
    }

    /// [`Frequencies::rank`] of a word given as text.
    pub fn rank_of(&self, word: &str) -> Option<usize> {
        self.alphabet
            .tokenize(word)
            .ok()
            .and_then(|w| self.rank(&w))
    }

    /// The highest count (0 for an empty list).
    pub fn max_count(&self) -> u64 {
        self.ranked.first().map_or(0, |w| w.1)
    }

    /// The words and their counts, most frequent first.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&[Tile], u64)> + '_ {
        self.ranked.iter().map(|(w, c)| (&w[..], *c))
    }

    /// Drops the words `lex` does not have; returns how many.
    pub fn restrict(&mut self, lex: &Lexicon) -> usize {
        let before = self.ranked.len();
        self.ranked.retain(|(w, _)| lex.contains_tiles(w));
        let dropped = before - self.ranked.len();
        if dropped > 0 {
            self.reindex();
        }
        dropped
    }

    /// A vocabulary: the `n` most frequent words that `lex` has, and every
    /// two-letter word of `lex`, sorted in tile order (ready for
    /// `WordList::from_tiles`). An error when that is no word at all, or
    /// when `n > 0` and none of the list's words is in `lex` (a list for
    /// another language, or another alphabet's spelling).
    pub fn vocabulary(&self, n: usize, lex: &Lexicon) -> Result<Vec<Vec<Tile>>> {
        if !lex.alphabet().same_tiles(&self.alphabet) {
            return Err(Error::Query(format!(
                "{} is spelled in the alphabet {}, {} in {}: no common vocabulary",
                self.origin,
                self.alphabet.name(),
                lex.origin(),
                lex.alphabet().name()
            )));
        }
        let mut words: Vec<Vec<Tile>> = self
            .ranked
            .iter()
            .filter(|(w, _)| lex.contains_tiles(w))
            .take(n)
            .map(|(w, _)| w.to_vec())
            .collect();
        if n > 0 && words.is_empty() {
            return Err(Error::Query(format!(
                "none of the {} words of {} is a word of {}: a frequency list for this lexicon's \
                 language is needed",
                self.ranked.len(),
                self.origin,
                lex.origin()
            )));
        }
        let tiles = lex.alphabet().len() as Tile;
        for a in 1..=tiles {
            for b in 1..=tiles {
                if lex.contains_tiles(&[a, b]) {
                    words.push(vec![a, b]);
                }
            }
        }
        if words.is_empty() {
            return Err(Error::Query(format!(
                "an empty vocabulary: no word among the top {n} of {} and no two-letter word in {}",
                self.origin,
                lex.origin()
            )));
        }
        words.sort_unstable();
        words.dedup();
        Ok(words)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Frequencies> {
        Frequencies::parse(text.as_bytes(), "f.csv", &Alphabet::english())
    }

    #[test]
    fn ranks_break_ties_alphabetically_whatever_the_file_order() {
        let f = parse("zed,5\n\n# c\nabc,5\nmid,9\nlow,0\n").unwrap();
        let order: Vec<String> = f.iter().map(|(w, _)| f.alphabet().spell(w)).collect();
        assert_eq!(order, ["MID", "ABC", "ZED", "LOW"]);
        assert_eq!(f.rank_of("zed"), Some(3));
        assert_eq!(f.rank_of("nope"), None);
        assert_eq!(f.max_count(), 9);
        assert_eq!(f.count_of("low"), 0);
        // A blank's flag does not change the word.
        let mut w = f.alphabet().tokenize("mid").unwrap();
        w[1] |= BLANK_FLAG;
        assert_eq!(f.count(&w), 9);
    }

    #[test]
    fn bad_lines_are_named() {
        for (text, line, what) in [
            ("word,count\nab,1\ncd,2\nab,3\n", 4, "lines 2 and 4"),
            ("ab,-1\n", 1, "negative"),
            ("# x\nab,x1\n", 2, "not a whole number"),
            ("ab,1.5\n", 1, "not a whole number"),
            ("ab,\n", 1, "missing count"),
            ("ab\n", 1, "expected word,count"),
            ("ab,1,2\n", 1, "expected word,count"),
            (",4\n", 1, "missing word"),
            ("ab,1\nd3f,2\n", 2, "not a tile"),
        ] {
            let e = parse(text).unwrap_err().to_string();
            assert!(e.starts_with(&format!("f.csv:{line} ")), "{text:?}: {e}");
            assert!(e.contains(what), "{text:?}: {e}");
        }
        // A header is only a header on the first line.
        assert!(parse("ab,1\nword,count\n").is_err());
    }

    #[test]
    fn the_file_size_is_bounded() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.csv");
        let f = std::fs::File::create(&path).unwrap();
        f.set_len(MAX_FREQUENCY_FILE_BYTES as u64 + 10).unwrap();
        let e = Frequencies::read(&path, &Alphabet::english()).unwrap_err();
        assert!(e.to_string().contains("file longer than"), "{e}");
    }
}
