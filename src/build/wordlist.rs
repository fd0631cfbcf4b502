//! Reading word lists: text in, sorted unique tile sequences out.
//!
//! A word list is UTF-8 text with one word per line (LF or CRLF). Blank lines
//! and lines starting with `#` are ignored, case is folded, words may come in
//! any order and duplicates are collapsed. A word that the alphabet cannot
//! spell is an error naming the file, line and word, unless the caller asked to
//! skip such words. A word of more than [`MAX_WORD_TILES`] tiles is such a
//! word; a line of more than [`MAX_LINE_BYTES`] bytes stops the read with an
//! error (a file with such a line is not a word list), and error messages
//! repeat at most 40 characters of a line.
//!
//! ```
//! use lexgraph::{Alphabet, WordList};
//! let list = WordList::parse(b"cat\nact\n# comment\nCAT\n", "inline", &Alphabet::english(), lexgraph::Invalid::Refuse).unwrap();
//! assert_eq!(list.len(), 2);
//! assert_eq!(list.duplicates(), 1);
//! assert_eq!(list.alphabet().spell(list.word(0)), "ACT");
//! ```

use std::io::BufRead;
use std::path::Path;

use crate::alphabet::{Alphabet, Tile};
use crate::error::{Error, Result};
pub use crate::input::MAX_LINE_BYTES;
use crate::input::{self, snippet, Line};

pub use crate::input::MAX_WORD_TILES;

/// How many bad lines an error lists before it only counts.
const ERRORS_SHOWN: usize = 10;

/// A sorted, duplicate-free list of words as tile sequences, stored flat.
#[derive(Clone, Debug)]
pub struct WordList {
    alphabet: Alphabet,
    tiles: Vec<Tile>,
    /// `ends[i]` is the end of word `i` in `tiles`; word `i` starts at `ends[i-1]`.
    ends: Vec<usize>,
    duplicates: usize,
    skipped: usize,
    lines: usize,
}

/// What reading a word list does with a line the alphabet cannot spell (or
/// that is not UTF-8, or is a word longer than [`MAX_WORD_TILES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// Fail, naming the first such lines ([`Error::InvalidWords`]).
    Refuse,
    /// Count them ([`WordList::skipped`]) and leave them out.
    Skip,
}

impl Invalid {
    /// [`Invalid::Skip`] when `skip`, else [`Invalid::Refuse`]: for a
    /// command-line flag such as `--skip-invalid`.
    pub fn skip_if(skip: bool) -> Invalid {
        match skip {
            true => Invalid::Skip,
            false => Invalid::Refuse,
        }
    }
}

impl WordList {
    /// Reads and parses a word list file; `invalid` says what happens to
    /// the words the alphabet cannot spell.
    pub fn read(path: &Path, alphabet: &Alphabet, invalid: Invalid) -> Result<WordList> {
        let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
        if file.metadata().is_ok_and(|m| m.is_dir()) {
            let e = std::io::Error::new(std::io::ErrorKind::IsADirectory, "is a directory");
            return Err(Error::io(path, e));
        }
        let reader = std::io::BufReader::with_capacity(1 << 16, file);
        let origin = path.display().to_string();
        WordList::from_reader(reader, &origin, alphabet, invalid)
    }

    /// Parses word-list bytes; `origin` names the source in errors.
    pub fn parse(
        bytes: &[u8],
        origin: &str,
        alphabet: &Alphabet,
        invalid: Invalid,
    ) -> Result<WordList> {
        WordList::from_reader(bytes, origin, alphabet, invalid)
    }

    /// Parses a word list from a reader (a file, standard input), one line at
    /// a time: a line longer than [`MAX_LINE_BYTES`] stops the read with an
    /// error, skipping or not, before the rest of it is read. `origin` names
    /// the source in errors; an I/O error is reported as
    /// [`Error::Io`] with `origin` as the path.
    pub fn from_reader(
        mut reader: impl BufRead,
        origin: &str,
        alphabet: &Alphabet,
        invalid: Invalid,
    ) -> Result<WordList> {
        let skip_invalid = invalid == Invalid::Skip;
        let mut tiles: Vec<Tile> = Vec::new();
        let mut spans: Vec<(usize, usize)> = Vec::new();
        let mut bad: Vec<(usize, String, String)> = Vec::new();
        let mut bad_total = 0usize;
        let mut lines = 0usize;
        let mut word: Vec<Tile> = Vec::with_capacity(32);
        let mut buf: Vec<u8> = Vec::with_capacity(256);
        let mut offset = 0u64;
        fn note(bad: &mut Vec<(usize, String, String)>, line: usize, text: &str, why: String) {
            if bad.len() < ERRORS_SHOWN {
                bad.push((line, snippet(text), why));
            }
        }
        loop {
            let got = input::read_line(&mut reader, &mut buf, MAX_LINE_BYTES)
                .map_err(|e| Error::io(Path::new(origin), e))?;
            let line_no = lines + 1;
            match got {
                Line::Eof => break,
                Line::Done => lines = line_no,
                Line::TooLong => {
                    // Not a word list (or a binary file): stop here, whatever
                    // `skip_invalid` says, as the line may never end.
                    return Err(Error::Input {
                        origin: origin.to_string(),
                        line: line_no,
                        offset,
                        msg: format!(
                            "line longer than {MAX_LINE_BYTES} bytes, not a word list: {:?}",
                            snippet(&String::from_utf8_lossy(&buf))
                        ),
                    });
                }
            }
            let line_offset = offset;
            offset += buf.len() as u64 + 1;
            let mut raw = buf.as_slice();
            let mut raw_offset = line_offset;
            if line_no == 1 {
                // A byte-order mark (editors on Windows write one) is not a word.
                if let Some(rest) = raw.strip_prefix(b"\xef\xbb\xbf") {
                    raw = rest;
                    raw_offset += 3;
                }
            }
            let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
            let text = match std::str::from_utf8(raw) {
                Ok(t) => t.trim(),
                Err(e) => {
                    let why = format!(
                        "not UTF-8 (byte {} of the line, byte offset {})",
                        e.valid_up_to(),
                        raw_offset + e.valid_up_to() as u64
                    );
                    bad_total += 1;
                    note(&mut bad, line_no, &String::from_utf8_lossy(raw), why);
                    continue;
                }
            };
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            match alphabet.tokenize_into(text, &mut word) {
                Ok(()) if word.len() > MAX_WORD_TILES => {
                    let why = format!(
                        "{} tiles, at most {MAX_WORD_TILES} allowed (line at byte offset {line_offset})",
                        word.len()
                    );
                    bad_total += 1;
                    note(&mut bad, line_no, text, why);
                }
                Ok(()) => {
                    let start = tiles.len();
                    tiles.extend_from_slice(&word);
                    spans.push((start, tiles.len()));
                }
                Err(c) => {
                    let why = format!(
                        "{c:?} is not in the {} alphabet (line at byte offset {line_offset})",
                        alphabet.name()
                    );
                    bad_total += 1;
                    note(&mut bad, line_no, text, why);
                }
            }
        }
        if bad_total > 0 && !skip_invalid {
            return Err(Error::InvalidWords {
                file: origin.to_string(),
                total: bad_total,
                first: bad,
            });
        }
        let word_of = |s: &(usize, usize)| &tiles[s.0..s.1];
        if !spans.windows(2).all(|w| word_of(&w[0]) <= word_of(&w[1])) {
            spans.sort_unstable_by(|a, b| word_of(a).cmp(word_of(b)));
        }
        let before = spans.len();
        spans.dedup_by(|a, b| word_of(a) == word_of(b));
        let duplicates = before - spans.len();
        // Re-pack in sorted order so words are contiguous and ordered.
        let mut sorted = Vec::with_capacity(tiles.len());
        let mut ends = Vec::with_capacity(spans.len());
        for s in &spans {
            sorted.extend_from_slice(word_of(s));
            ends.push(sorted.len());
        }
        Ok(WordList {
            alphabet: alphabet.clone(),
            tiles: sorted,
            ends,
            duplicates,
            skipped: bad_total,
            lines,
        })
    }

    /// Builds a list from words already turned into tiles (any order).
    pub fn from_tiles<I, W>(alphabet: &Alphabet, words: I) -> WordList
    where
        I: IntoIterator<Item = W>,
        W: AsRef<[Tile]>,
    {
        let mut all: Vec<Vec<Tile>> = words
            .into_iter()
            .map(|w| w.as_ref().to_vec())
            .filter(|w| !w.is_empty())
            .collect();
        all.sort_unstable();
        let before = all.len();
        all.dedup();
        let mut tiles = Vec::new();
        let mut ends = Vec::new();
        for w in &all {
            tiles.extend_from_slice(w);
            ends.push(tiles.len());
        }
        WordList {
            alphabet: alphabet.clone(),
            tiles,
            ends,
            duplicates: before - all.len(),
            skipped: 0,
            lines: before,
        }
    }

    /// The alphabet the words are spelled in.
    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    /// Number of distinct words.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// True if there are no words.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Word `i` in sorted order.
    pub fn word(&self, i: usize) -> &[Tile] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.tiles[start..self.ends[i]]
    }

    /// All words in sorted order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &[Tile]> + '_ {
        (0..self.len()).map(move |i| self.word(i))
    }

    /// Input words that repeated an earlier one.
    pub fn duplicates(&self) -> usize {
        self.duplicates
    }

    /// Lines left out because the alphabet cannot spell them (with skipping on).
    pub fn skipped(&self) -> usize {
        self.skipped
    }

    /// Lines read.
    pub fn lines(&self) -> usize {
        self.lines
    }

    /// Length of the longest word, in tiles.
    pub fn max_len(&self) -> usize {
        self.iter().map(|w| w.len()).max().unwrap_or(0)
    }

    /// Identifier of this list of words in this alphabet: the xxh3-64 of
    /// the alphabet (as [`Alphabet::to_text`] writes it) and of the sorted
    /// words' tiles. The compiler stores it in both files of a pair, so that
    /// [`crate::lexicon::check_pair`] can tell a DAWG and a GADDAG of
    /// different lists apart. It does not depend on the input's order,
    /// duplicates, comments or edge layout.
    pub fn list_id(&self) -> u64 {
        let mut h = xxhash_rust::xxh3::Xxh3::new();
        h.update(self.alphabet.to_text().as_bytes());
        // Tiles are 1..=63, so a 0 ends each word unambiguously.
        h.update(&[0xff]);
        let mut start = 0;
        for &end in &self.ends {
            h.update(&self.tiles[start..end]);
            h.update(&[0]);
            start = end;
        }
        h.digest()
    }

    /// Total tiles over all words.
    pub fn total_tiles(&self) -> usize {
        self.tiles.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_first_word() {
        let wl = WordList::parse(
            b"\xef\xbb\xbfzebra\r\nant\r\n",
            "bom",
            &Alphabet::english(),
            Invalid::Refuse,
        )
        .unwrap();
        assert_eq!(wl.len(), 2);
        assert_eq!(wl.lines(), 2);
    }

    #[test]
    fn crlf_comments_blank_lines_duplicates() {
        let a = Alphabet::english();
        let l = WordList::parse(
            b"zebra\r\n\r\n# x\nApple\napple\n  mango  \n",
            "t",
            &a,
            Invalid::Refuse,
        )
        .unwrap();
        let words: Vec<String> = l.iter().map(|w| a.spell(w)).collect();
        assert_eq!(words, ["APPLE", "MANGO", "ZEBRA"]);
        assert_eq!(l.duplicates(), 1);
    }

    #[test]
    fn bad_words_name_file_line_and_word() {
        let a = Alphabet::english();
        let e = WordList::parse(b"ok\nb4d\nfine\n", "list.txt", &a, Invalid::Refuse).unwrap_err();
        let msg = e.to_string();
        assert!(msg.contains("list.txt:2"), "{msg}");
        assert!(msg.contains("b4d"), "{msg}");
        let l = WordList::parse(b"ok\nb4d\nfine\n", "list.txt", &a, Invalid::Skip).unwrap();
        assert_eq!((l.len(), l.skipped()), (2, 1));
    }

    #[test]
    fn many_bad_words_are_counted_after_ten() {
        let a = Alphabet::english();
        let text: String = (0..25).map(|i| format!("w{i}\n")).collect();
        let msg = WordList::parse(text.as_bytes(), "f", &a, Invalid::Refuse)
            .unwrap_err()
            .to_string();
        assert!(msg.contains("25 invalid"), "{msg}");
        assert!(msg.contains("15 more"), "{msg}");
    }

    #[test]
    fn not_utf8_is_an_error_with_line() {
        let a = Alphabet::english();
        let msg = WordList::parse(b"good\nba\xffd\n", "f", &a, Invalid::Refuse)
            .unwrap_err()
            .to_string();
        assert!(msg.contains("f:2") && msg.contains("UTF-8"), "{msg}");
    }
}
