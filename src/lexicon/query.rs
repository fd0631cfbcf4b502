//! Word queries on a mapped lexicon: listing, anagrams with blanks, patterns.
//!
//! All queries read words left to right. A DAWG is that automaton already; a
//! GADDAG contains it too, behind its separator edges: the path `a ◇ v`
//! spells the word `av`, so the root's arcs followed by their `◇` arc form a
//! DAWG. Both kinds answer every query, in sorted order.
//!
//! # Streams
//!
//! Each query is a stream: an iterator that walks the lexicon depth first
//! with a stack of its own (no recursion) and stops at each word it yields,
//! so it walks only as far as the words taken. The first words of a query
//! that matches the whole lexicon come at once, and a program that prints
//! the words as they come holds one at a time. The `Vec` forms collect a
//! stream:
//!
//! | stream | items | collected |
//! |---|---|---|
//! | [`Lexicon::anagrams`] → [`Anagrams`] | `Result<String>` | [`Lexicon::anagram`] |
//! | [`Lexicon::matches`] → [`Matches`] | `Result<String>` | [`Lexicon::pattern`] |
//! | [`Lexicon::words`], [`Lexicon::words_with_prefix`] → [`Words`] | `String` | |
//!
//! Patterns and racks may hold letter classes (`[AEIOU]`, `[^AB]`) and
//! vowel and consonant wildcards (`@`, `#`): the syntax of
//! [`study`], which also gives hooks, probability
//! and alphagrams. [`Lexicon::matches_within`] and
//! [`Lexicon::anagrams_within`] bound the words' lengths.
//!
//! ```
//! use lexgraph::{Alphabet, Lexicon, WordList, compile, query::Partial};
//! let words = WordList::parse(b"cat\nact\ntac\ncats\ncoat\n", "inline", &Alphabet::english(), lexgraph::Invalid::Refuse)?;
//! let dawg = Lexicon::from_vec(compile::compile(&words).dawg)?;
//! // The collected forms.
//! assert_eq!(dawg.anagram("TCA", Partial::No)?, ["ACT", "CAT", "TAC"]);
//! assert_eq!(dawg.anagram("TC?", Partial::No)?, ["aCT", "CaT", "TaC"]);
//! assert_eq!(dawg.pattern("C*T")?, ["CAT", "COAT"]);
//! assert_eq!(dawg.pattern("?AT?")?, ["CATS"]);
//!
//! // A stream: the walk has gone as far as `CAT` and no further.
//! let mut matches = dawg.matches("C*")?;
//! assert_eq!(matches.next().transpose()?.as_deref(), Some("CAT"));
//! // The rest, collected: an `Err` item would make this the error.
//! let rest: Vec<String> = matches.collect::<Result<_, _>>()?;
//! assert_eq!(rest, ["CATS", "COAT"]);
//!
//! // `next_str` lends each word from one buffer: no allocation per word.
//! let mut anagrams = dawg.anagrams("CATS", Partial::Yes)?;
//! let mut out = String::new();
//! while let Some(word) = anagrams.next_str() {
//!     out += word?;
//!     out += " ";
//! }
//! assert_eq!(out, "ACT CAT CATS TAC ");
//! # Ok::<(), lexgraph::Error>(())
//! ```
//!
//! Words come in the lexicon's order (by tile number: the alphabet's
//! order), each once. The iterators allocate one `String` per word yielded
//! and nothing else per step; `next_str` on [`Anagrams`] and [`Matches`]
//! writes each word into a buffer the stream reuses instead.
//!
//! # Corrupt files
//!
//! Every walk is bounded by what a valid file of the header's word count
//! could need (each path from the root is a prefix of a word): a corrupt
//! file whose edges form a graph with exponentially many paths ends an
//! [`Anagrams`] or [`Matches`] stream with an `Err` item (its last, after
//! the words found before it, which are not all the words), so
//! [`Lexicon::anagram`] and [`Lexicon::pattern`] return that error; a
//! [`Words`] stream, whose items are plain strings, stops with
//! [`Words::cut_short`] set. Either way the walk ends instead of running
//! for years. A valid file never meets the bound.

use std::fmt;
use std::iter::FusedIterator;
use std::ops::{Bound, RangeBounds};

use crate::alphabet::{Alphabet, Blanks, Spelling, Tile};
use crate::error::{Corruption, Error, Result};
use crate::format::{Arc, Children, Edges, Kind};
use crate::lexicon::study::{self, Tok, Wild};
use crate::lexicon::Lexicon;

/// Where a forward walk stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum At {
    Root,
    Node(u32),
    /// Past an arc with no children.
    Nowhere,
}

/// Left-to-right view of either kind of lexicon.
#[derive(Clone, Copy)]
struct Forward<'a> {
    edges: Edges<'a>,
    gaddag: bool,
}

/// The children of one node of the forward view, being walked (with
/// [`FwdChildren::next`]).
struct FwdChildren<'a> {
    inner: Children<'a>,
    /// At a GADDAG's root: each arc's node is the one behind its `◇` arc.
    through_separator: bool,
}

impl<'a> FwdChildren<'a> {
    /// The next child: its tile, whether it ends a word, where it leads.
    #[inline]
    fn next(&mut self, edges: &Edges<'a>) -> Option<(Tile, bool, At)> {
        loop {
            let a: Arc = self.inner.next()?;
            if a.tile == 0 {
                continue; // a DAWG has no separator; in a GADDAG it is not a letter
            }
            let target = if self.through_separator {
                edges.separator(a.target).map_or(0, |s| s.target)
            } else {
                a.target
            };
            let at = if target == 0 {
                At::Nowhere
            } else {
                At::Node(target)
            };
            return Some((a.tile, a.terminal, at));
        }
    }
}

impl<'a> Forward<'a> {
    fn children(&self, at: At) -> FwdChildren<'a> {
        let (inner, through) = match at {
            At::Root => (self.edges.children(0), self.gaddag),
            At::Node(n) => (self.edges.children(n), false),
            At::Nowhere => (self.edges.children(0).finished(), false),
        };
        let inner = if self.edges.is_empty() {
            inner.finished()
        } else {
            inner
        };
        FwdChildren {
            inner,
            through_separator: through,
        }
    }

    fn child(&self, at: At, tile: Tile) -> Option<(bool, At)> {
        let mut kids = self.children(at);
        while let Some((t, term, at)) = kids.next(&self.edges) {
            if t == tile {
                return Some((term, at));
            }
        }
        None
    }
}

/// Sorted stream of words (see [`Lexicon::words`]).
pub struct Words<'a> {
    lex: &'a Lexicon,
    fwd: Forward<'a>,
    labels: Labels<'a>,
    stack: Vec<FwdChildren<'a>>,
    word: Vec<Tile>,
    /// Length of the fixed prefix in `word`.
    base: usize,
    max_len: usize,
    /// The prefix itself is a word, to yield before the walk.
    pending: bool,
    /// Steps left before the walk has taken more than a valid file allows
    /// (see [`Lexicon::path_budget`]).
    budget: u64,
    cut_short: bool,
}

impl Words<'_> {
    /// True if the stream stopped because the file spells more word
    /// prefixes than its header's word count allows: the file is corrupt
    /// (its edges can form a graph with exponentially many paths), and the
    /// words listed are not all of them. [`Lexicon::verify`] says where.
    pub fn cut_short(&self) -> bool {
        self.cut_short
    }

    /// The error [`Lexicon::pattern`] gives in the same case, if the stream
    /// was [cut short](Words::cut_short): for callers that list the words
    /// first and report afterwards.
    pub fn check(&self) -> Result<()> {
        match self.cut_short {
            true => Err(self.lex.too_many_paths()),
            false => Ok(()),
        }
    }
}

impl fmt::Debug for Words<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Words")
            .field("lexicon", &self.lex.origin())
            .field("depth", &self.stack.len())
            .field("budget", &self.budget)
            .field("cut_short", &self.cut_short)
            .finish_non_exhaustive()
    }
}

impl Words<'_> {
    /// Walks to the next word, leaving its tiles in `word`.
    fn step(&mut self) -> bool {
        if std::mem::take(&mut self.pending) {
            return true;
        }
        loop {
            let Some(top) = self.stack.last_mut() else {
                return false;
            };
            match top.next(&self.fwd.edges) {
                Some(_) if self.budget == 0 => {
                    self.cut_short = true;
                    self.stack.clear();
                    return false;
                }
                Some((tile, terminal, at)) => {
                    self.budget -= 1;
                    self.word.truncate(self.base + self.stack.len() - 1);
                    self.word.push(tile);
                    if at != At::Nowhere && self.word.len() < self.max_len {
                        let kids = self.fwd.children(at);
                        self.stack.push(kids);
                    }
                    if terminal {
                        return true;
                    }
                }
                None => {
                    self.stack.pop();
                }
            }
        }
    }

    /// The next word as its tiles, borrowed until the next call: for
    /// callers that look at the tiles (a word's length, its
    /// [hooks](Lexicon::hooks)) rather than print them.
    pub fn next_tiles(&mut self) -> Option<&[Tile]> {
        self.step().then_some(&self.word[..])
    }
}

impl Iterator for Words<'_> {
    type Item = String;
    fn next(&mut self) -> Option<String> {
        if !self.step() {
            return None;
        }
        let mut text = String::with_capacity(self.word.len());
        for &t in &self.word {
            self.labels.push(&mut text, t, false);
        }
        Some(text)
    }
}

impl Lexicon {
    fn forward(&self) -> Forward<'_> {
        Forward {
            edges: self.edges(),
            gaddag: self.kind() == Kind::Gaddag,
        }
    }

    fn depth_limit(&self) -> usize {
        self.header().max_word_len as usize
    }

    /// How many steps a walk of a valid file can take. Every forward path
    /// from the root is a prefix of a word (a minimal automaton has no dead
    /// ends), and the words have at most `words × max_word_len` prefixes;
    /// a GADDAG's root also has an edge for each letter that ends a prefix
    /// but starts no word, a dead end of the forward view (at most 64). A
    /// corrupt file's edges can form a graph with exponentially many paths;
    /// the queries stop there instead of running for years.
    fn path_budget(&self) -> u64 {
        let h = self.header();
        h.words
            .saturating_mul(u64::from(h.max_word_len.max(1)))
            .saturating_add(65)
    }

    /// The error for a walk that ran out of [`Lexicon::path_budget`].
    fn too_many_paths(&self) -> Error {
        let h = self.header();
        Error::BadLexicon {
            origin: self.origin().to_string(),
            problem: Corruption::Header {
                offset: 16,
                what: format!(
                    "the edges spell more word prefixes than {} words of at most {} tiles have: \
                     the file is corrupt (verify says where)",
                    h.words, h.max_word_len
                ),
            },
        }
    }

    /// All words in sorted order.
    pub fn words(&self) -> Words<'_> {
        self.words_from(Vec::new(), At::Root)
    }

    /// Words starting with `prefix` (text in the lexicon's alphabet), sorted.
    pub fn words_with_prefix(&self, prefix: &str) -> Result<Words<'_>> {
        let tiles = self
            .alphabet()
            .parse_tiles(prefix, Spelling::Word, Blanks::Refused)?;
        let fwd = self.forward();
        let mut at = At::Root;
        let mut terminal = false;
        for &t in &tiles {
            match fwd.child(at, t) {
                Some((term, next)) => {
                    terminal = term;
                    at = next;
                }
                None => return Ok(self.words_from(tiles, At::Nowhere)),
            }
        }
        let pending = terminal && !tiles.is_empty();
        let mut w = self.words_from(tiles, at);
        w.pending = pending;
        Ok(w)
    }

    fn words_from(&self, prefix: Vec<Tile>, at: At) -> Words<'_> {
        let fwd = self.forward();
        let mut w = Words {
            fwd,
            lex: self,
            labels: Labels::new(self.alphabet()),
            stack: Vec::new(),
            base: prefix.len(),
            word: prefix,
            max_len: self.depth_limit(),
            pending: false,
            budget: self.path_budget(),
            cut_short: false,
        };
        if at != At::Nowhere && w.base < w.max_len {
            w.stack.push(fwd.children(at));
        }
        w
    }

    /// Words that can be made from `rack` (`?` is a blank): with
    /// [`Partial::No`] only words using all of its tiles, with
    /// [`Partial::Yes`] every word using some of them. Letters supplied by
    /// blanks are lower case.
    ///
    /// [`Lexicon::anagrams`] collected: the same words in the same order, or
    /// the error that stream ends with on a corrupt file.
    pub fn anagram(&self, rack: &str, partial: Partial) -> Result<Vec<String>> {
        self.anagrams(rack, partial)?.collect()
    }

    /// Streams the words that can be made from `rack`, in sorted order,
    /// walking the lexicon only as far as the words taken (see the
    /// [module docs](self)): the words of [`Lexicon::anagram`], one at a
    /// time. `?` in the rack is a blank; with [`Partial::No`] only words
    /// using all of its tiles come, with [`Partial::Yes`] every word using
    /// some of them. A letter a blank supplies is lower case, and a real
    /// tile is always used before a blank: each word comes once.
    ///
    /// The rack may also hold blanks restricted to some letters (`@` a
    /// vowel, `#` a consonant, `[AEIOU]`, `[^AB]`) and `*`, any number of
    /// blanks: the syntax of [`study`]. A letter
    /// any of these supplies is lower case too.
    ///
    /// Errors: a rack that is not text of the lexicon's alphabet, or of
    /// more than 64 tiles. The stream's items are `Err` only on a corrupt
    /// file (see [`Anagrams`]).
    ///
    /// ```
    /// use lexgraph::{Alphabet, Lexicon, WordList, compile, query::Partial};
    /// let words = WordList::parse(b"at\ncat\nact\ntac\n", "inline", &Alphabet::english(), lexgraph::Invalid::Refuse)?;
    /// let dawg = Lexicon::from_vec(compile::compile(&words).dawg)?;
    /// let mut anagrams = dawg.anagrams("CA?", Partial::Yes)?;
    /// assert_eq!(anagrams.next().transpose()?.as_deref(), Some("ACt"));
    /// assert_eq!(anagrams.next().transpose()?.as_deref(), Some("At"));
    /// // The walk has stopped at `AT`; the rest of the words are still to come.
    /// let rest: Vec<String> = anagrams.collect::<Result<_, _>>()?;
    /// assert_eq!(rest, ["CAt", "tAC"]);
    /// # Ok::<(), lexgraph::Error>(())
    /// ```
    pub fn anagrams(&self, rack: &str, partial: Partial) -> Result<Anagrams<'_>> {
        self.anagrams_within(rack, partial, ..)
    }

    /// [`Lexicon::anagrams`] of as many tiles as `lengths` allows: with
    /// [`Partial::Yes`], the subanagrams of a length (`3..=5`).
    ///
    /// ```
    /// use lexgraph::{Alphabet, Lexicon, WordList, compile, query::Partial};
    /// let words = WordList::parse(b"at\ncat\nact\ncats\n", "inline", &Alphabet::english(), lexgraph::Invalid::Refuse)?;
    /// let dawg = Lexicon::from_vec(compile::compile(&words).dawg)?;
    /// assert_eq!(dawg.anagrams_within("STAC", Partial::Yes, 3..=3)?.collect::<Result<Vec<_>, _>>()?, ["ACT", "CAT"]);
    /// // `*` is any number of blanks: words holding C, A and T.
    /// assert_eq!(dawg.anagrams_within("CAT*", Partial::No, ..)?.collect::<Result<Vec<_>, _>>()?, ["ACT", "CAT", "CATs"]);
    /// # Ok::<(), lexgraph::Error>(())
    /// ```
    pub fn anagrams_within(
        &self,
        rack: &str,
        partial: Partial,
        lengths: impl RangeBounds<usize>,
    ) -> Result<Anagrams<'_>> {
        let toks = study::parse(self.alphabet(), rack, "rack")?;
        let fixed = toks.iter().filter(|t| **t != Tok::Any).count();
        if fixed > 64 {
            return Err(Error::Query(format!("rack of {fixed} tiles: at most 64")));
        }
        let mut counts = [0u8; 64];
        // A class that admits nothing, so that there is at least one.
        let mut classes: Vec<(u64, u8)> = vec![(0, 0)];
        let mut star = false;
        for t in toks {
            match t {
                Tok::Tile(t) => counts[t as usize] += 1,
                Tok::Set(set) => match classes.iter_mut().find(|c| c.0 == set) {
                    Some(c) => c.1 += 1,
                    None => classes.push((set, 1)),
                },
                Tok::Any => star = true,
            }
        }
        let (min_len, max_len) = bounds(&lengths);
        let limit = match star {
            true => self.depth_limit(),
            false => fixed,
        }
        .min(max_len);
        let fwd = self.forward();
        let mut stack = Vec::with_capacity(limit.min(64));
        if limit > 0 {
            stack.push(fwd.children(At::Root));
        }
        Ok(Anagrams {
            lex: self,
            fwd,
            labels: Labels::new(self.alphabet()),
            stack,
            word: Vec::with_capacity(limit.min(64)),
            real_left: counts.iter().map(|&c| c as usize).sum(),
            counts,
            wild: Wild {
                masks: classes.iter().map(|c| c.0).collect(),
                star,
                levels: vec![classes.iter().map(|c| c.1).collect()],
            },
            rack_len: fixed,
            limit,
            min_len,
            partial: partial == Partial::Yes,
            budget: self.path_budget(),
            text: String::new(),
        })
    }

    /// Words matching `pattern`: `?` stands for one tile, `*` for any run of
    /// tiles (possibly empty), anything else for itself.
    ///
    /// [`Lexicon::matches`] collected: the same words in the same order, or
    /// the error that stream ends with on a corrupt file.
    pub fn pattern(&self, pattern: &str) -> Result<Vec<String>> {
        self.matches(pattern)?.collect()
    }

    /// Streams the words matching `pattern`, in sorted order, walking the
    /// lexicon only as far as the words taken (see the [module
    /// docs](self)): the words of [`Lexicon::pattern`], one at a time. In
    /// the pattern `?` stands for one tile, `*` for any run of tiles
    /// (possibly empty), `@` for a vowel, `#` for a consonant, `[AEIOU]`
    /// for one of those tiles, `[^AB]` for any tile but those, anything
    /// else for itself (`[CH]` for a multi-character tile): the syntax of
    /// [`study`].
    ///
    /// Errors: an empty pattern, one of more than 62 tiles and wildcards,
    /// or text that is not of the lexicon's alphabet (naming the
    /// character). The stream's items are `Err` only on a corrupt file
    /// (see [`Matches`]).
    ///
    /// ```
    /// use lexgraph::{Alphabet, Lexicon, WordList, compile};
    /// let words = WordList::parse(b"cat\ncoat\ncot\ndog\n", "inline", &Alphabet::english(), lexgraph::Invalid::Refuse)?;
    /// let dawg = Lexicon::from_vec(compile::compile(&words).dawg)?;
    /// let first: Vec<String> = dawg.matches("C*T")?.take(2).collect::<Result<_, _>>()?;
    /// assert_eq!(first, ["CAT", "COAT"]);
    /// assert_eq!(dawg.pattern("C[^A]T")?, ["COT"]);
    /// # Ok::<(), lexgraph::Error>(())
    /// ```
    pub fn matches(&self, pattern: &str) -> Result<Matches<'_>> {
        self.matches_within(pattern, ..)
    }

    /// [`Lexicon::matches`] of as many tiles as `lengths` allows.
    ///
    /// ```
    /// use lexgraph::{Alphabet, Lexicon, WordList, compile};
    /// let words = WordList::parse(b"cat\ncoat\ncot\ndog\n", "inline", &Alphabet::english(), lexgraph::Invalid::Refuse)?;
    /// let dawg = Lexicon::from_vec(compile::compile(&words).dawg)?;
    /// let long: Vec<String> = dawg.matches_within("C*", 4..)?.collect::<Result<_, _>>()?;
    /// assert_eq!(long, ["COAT"]);
    /// # Ok::<(), lexgraph::Error>(())
    /// ```
    pub fn matches_within(
        &self,
        pattern: &str,
        lengths: impl RangeBounds<usize>,
    ) -> Result<Matches<'_>> {
        let toks = parse_pattern(self.alphabet(), pattern)?;
        let fwd = self.forward();
        let (min_len, max_len) = bounds(&lengths);
        let max_len = self.depth_limit().min(max_len);
        let mut stack = Vec::new();
        if max_len > 0 {
            stack.push((fwd.children(At::Root), closure(&toks, 1)));
        }
        Ok(Matches {
            lex: self,
            fwd,
            labels: Labels::new(self.alphabet()),
            accept: 1 << toks.len(),
            toks,
            stack,
            word: Vec::new(),
            min_len,
            max_len,
            budget: self.path_budget(),
            text: String::new(),
        })
    }
}

/// The least and most tiles of `lengths` (a most below the least for an
/// empty range).
fn bounds(lengths: &impl RangeBounds<usize>) -> (usize, usize) {
    let min = match lengths.start_bound() {
        Bound::Included(&n) => n,
        Bound::Excluded(&n) => n.saturating_add(1),
        Bound::Unbounded => 0,
    };
    let max = match lengths.end_bound() {
        Bound::Included(&n) => n,
        Bound::Excluded(&0) => return (1, 0),
        Bound::Excluded(&n) => n - 1,
        Bound::Unbounded => usize::MAX,
    };
    (min, max)
}

/// Writes tiles as [`Alphabet::label`] does, allocating nothing per tile.
struct Labels<'a> {
    alphabet: &'a Alphabet,
    /// The label of each tile whose label is one ASCII character (a
    /// blank's is its lower case); 0 for the others.
    ascii: [u8; 64],
    /// The others' labels (`[CH]`, `Ñ`), as a tile and as a blank, by
    /// tile; empty if there are none.
    others: Vec<[String; 2]>,
}

impl<'a> Labels<'a> {
    fn new(alphabet: &'a Alphabet) -> Labels<'a> {
        let mut ascii = [0u8; 64];
        let mut all_ascii = true;
        for (slot, info) in ascii.iter_mut().zip(alphabet.tiles()) {
            match *info.label.as_bytes() {
                [b] if b.is_ascii() => *slot = b,
                _ => all_ascii = false,
            }
        }
        let others = match all_ascii {
            true => Vec::new(),
            false => (0..alphabet.tiles().len().min(64) as Tile)
                .map(|t| match ascii[t as usize] {
                    0 => [alphabet.label(t, false), alphabet.label(t, true)],
                    _ => Default::default(),
                })
                .collect(),
        };
        Labels {
            alphabet,
            ascii,
            others,
        }
    }

    #[inline]
    fn push(&self, text: &mut String, tile: Tile, blank: bool) {
        match self.ascii.get(tile as usize).copied().unwrap_or(0) {
            0 => match self.others.get(tile as usize) {
                Some(l) => text.push_str(&l[blank as usize]),
                None => text.push_str(&self.alphabet.label(tile, blank)),
            },
            b if blank => text.push(b.to_ascii_lowercase() as char),
            b => text.push(b as char),
        }
    }
}

/// Sorted stream of the words a rack makes (see [`Lexicon::anagrams`]).
///
/// An `Iterator` of `Result<String>`: a `String` allocated per word, or,
/// through [`Anagrams::next_str`], one buffer reused for every word. An
/// item is `Err` only when the file is corrupt: its edges spell more word
/// prefixes than its header's word count allows (a graph with
/// exponentially many paths). That error is the last item, after which the
/// stream ends; the words before it are not all the words. Collecting into
/// `Result<Vec<String>>` gives [`Lexicon::anagram`].
pub struct Anagrams<'a> {
    lex: &'a Lexicon,
    fwd: Forward<'a>,
    labels: Labels<'a>,
    /// The children being walked at each depth: the top one extends the
    /// word's first `stack.len() - 1` tiles.
    stack: Vec<FwdChildren<'a>>,
    /// The word walked to, each tile with whether a wildcard plays it; it
    /// can be longer than the top of `stack` extends (tiles of finished
    /// branches, put back into `counts` at the next step).
    word: Vec<(Tile, bool)>,
    /// The rack's tiles not in `word`, by tile.
    counts: [u8; 64],
    /// Their sum.
    real_left: usize,
    /// The rack's wildcards, and how `word` can have used them.
    wild: Wild,
    /// Tiles and wildcards on the rack, `*` aside.
    rack_len: usize,
    /// The longest word walked to.
    limit: usize,
    min_len: usize,
    partial: bool,
    /// Steps left (see [`Lexicon::path_budget`]).
    budget: u64,
    /// The buffer of [`Anagrams::next_str`].
    text: String,
}

impl Anagrams<'_> {
    /// Walks to the next word, leaving its tiles in `word`; `None` at the
    /// end, `Some(Err)` once when the budget runs out.
    fn step(&mut self) -> Option<Result<()>> {
        loop {
            let depth = self.stack.len();
            let top = self.stack.last_mut()?;
            let Some((tile, terminal, next)) = top.next(&self.fwd.edges) else {
                self.stack.pop();
                continue;
            };
            while self.word.len() >= depth {
                if let Some((t, wild)) = self.word.pop() {
                    if !wild {
                        self.counts[t as usize] += 1;
                        self.real_left += 1;
                    }
                }
            }
            let d = self.word.len();
            // A real tile when there is one: the same word by a wildcard is
            // no new word.
            let wild = if self.counts[tile as usize] > 0 {
                false
            } else if self.wild.take(d, tile) {
                true
            } else {
                continue;
            };
            self.budget -= 1;
            if self.budget == 0 {
                self.stack.clear();
                return Some(Err(self.lex.too_many_paths()));
            }
            if !wild {
                self.counts[tile as usize] -= 1;
                self.real_left -= 1;
                self.wild.keep(d);
            }
            self.word.push((tile, wild));
            let len = d + 1;
            if len < self.limit && next != At::Nowhere {
                self.stack.push(self.fwd.children(next));
            }
            let complete = || self.real_left == 0 && self.wild.all_used(len);
            if terminal && len >= self.min_len && (self.partial || complete()) {
                return Some(Ok(()));
            }
        }
    }

    /// The next word as its tiles, each with whether a wildcard (a blank,
    /// a class) plays it, borrowed until the next call: for callers that
    /// look at the tiles (a [`study::Study`] entry) rather than print them.
    pub fn next_tiles(&mut self) -> Option<Result<&[(Tile, bool)]>> {
        if let Err(e) = self.step()? {
            return Some(Err(e));
        }
        Some(Ok(&self.word))
    }

    fn render(labels: &Labels<'_>, word: &[(Tile, bool)], text: &mut String) {
        for &(t, blank) in word {
            labels.push(text, t, blank);
        }
    }

    /// The next word as [`Iterator::next`] gives it, written into a buffer
    /// the stream keeps and reuses: no allocation per word. The word is
    /// borrowed until the next call.
    ///
    /// ```
    /// use lexgraph::{Alphabet, Lexicon, WordList, compile, query::Partial};
    /// let words = WordList::parse(b"at\ncat\nact\n", "inline", &Alphabet::english(), lexgraph::Invalid::Refuse)?;
    /// let dawg = Lexicon::from_vec(compile::compile(&words).dawg)?;
    /// let mut anagrams = dawg.anagrams("TAC", Partial::Yes)?;
    /// let mut longest = 0;
    /// while let Some(word) = anagrams.next_str() {
    ///     longest = longest.max(word?.len());
    /// }
    /// assert_eq!(longest, 3);
    /// # Ok::<(), lexgraph::Error>(())
    /// ```
    pub fn next_str(&mut self) -> Option<Result<&str>> {
        if let Err(e) = self.step()? {
            return Some(Err(e));
        }
        self.text.clear();
        Self::render(&self.labels, &self.word, &mut self.text);
        Some(Ok(&self.text))
    }
}

impl Iterator for Anagrams<'_> {
    type Item = Result<String>;
    fn next(&mut self) -> Option<Result<String>> {
        self.next_str().map(|w| w.map(str::to_owned))
    }
}

impl FusedIterator for Anagrams<'_> {}

impl fmt::Debug for Anagrams<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Anagrams")
            .field("lexicon", &self.lex.origin())
            .field("rack_len", &self.rack_len)
            .field("partial", &self.partial)
            .field("depth", &self.stack.len())
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

/// Sorted stream of the words a pattern matches (see [`Lexicon::matches`]).
///
/// An `Iterator` of `Result<String>`: a `String` allocated per word, or,
/// through [`Matches::next_str`], one buffer reused for every word. An item
/// is `Err` only when the file is corrupt: its edges spell more word
/// prefixes than its header's word count allows (a graph with
/// exponentially many paths). That error is the last item, after which the
/// stream ends; the words before it are not all the words. Collecting into
/// `Result<Vec<String>>` gives [`Lexicon::pattern`].
pub struct Matches<'a> {
    lex: &'a Lexicon,
    fwd: Forward<'a>,
    labels: Labels<'a>,
    toks: Vec<Tok>,
    /// The bit of a set of pattern positions that means "all matched".
    accept: u64,
    /// The children being walked at each depth, with the pattern positions
    /// (bit i: the first i tokens) the word's first `depth` tiles reach.
    stack: Vec<(FwdChildren<'a>, u64)>,
    /// The word walked to; it can be longer than the top of `stack`
    /// extends (tiles of finished branches, cut at the next step).
    word: Vec<Tile>,
    min_len: usize,
    max_len: usize,
    /// Steps left (see [`Lexicon::path_budget`]).
    budget: u64,
    /// The buffer of [`Matches::next_str`].
    text: String,
}

impl Matches<'_> {
    /// Walks to the next word, leaving its tiles in `word`; `None` at the
    /// end, `Some(Err)` once when the budget runs out.
    fn step(&mut self) -> Option<Result<()>> {
        loop {
            let depth = self.stack.len();
            let (kids, set) = self.stack.last_mut()?;
            let Some((tile, terminal, next)) = kids.next(&self.fwd.edges) else {
                self.stack.pop();
                continue;
            };
            let set = advance(&self.toks, *set, tile);
            if set == 0 {
                continue;
            }
            self.budget -= 1;
            if self.budget == 0 {
                self.stack.clear();
                return Some(Err(self.lex.too_many_paths()));
            }
            self.word.truncate(depth - 1);
            self.word.push(tile);
            if next != At::Nowhere && self.word.len() < self.max_len {
                self.stack.push((self.fwd.children(next), set));
            }
            if terminal && set & self.accept != 0 && self.word.len() >= self.min_len {
                return Some(Ok(()));
            }
        }
    }

    /// The next word as its tiles, borrowed until the next call (see
    /// [`Anagrams::next_tiles`]).
    pub fn next_tiles(&mut self) -> Option<Result<&[Tile]>> {
        if let Err(e) = self.step()? {
            return Some(Err(e));
        }
        Some(Ok(&self.word))
    }

    fn render(labels: &Labels<'_>, word: &[Tile], text: &mut String) {
        for &t in word {
            labels.push(text, t, false);
        }
    }

    /// The next word as [`Iterator::next`] gives it, written into a buffer
    /// the stream keeps and reuses: no allocation per word. The word is
    /// borrowed until the next call.
    ///
    /// ```
    /// use lexgraph::{Alphabet, Lexicon, WordList, compile};
    /// let words = WordList::parse(b"cat\ncoat\ncot\n", "inline", &Alphabet::english(), lexgraph::Invalid::Refuse)?;
    /// let dawg = Lexicon::from_vec(compile::compile(&words).dawg)?;
    /// let mut matches = dawg.matches("C?T")?;
    /// let mut out = String::new();
    /// while let Some(word) = matches.next_str() {
    ///     out.push_str(word?);
    ///     out.push('\n');
    /// }
    /// assert_eq!(out, "CAT\nCOT\n");
    /// # Ok::<(), lexgraph::Error>(())
    /// ```
    pub fn next_str(&mut self) -> Option<Result<&str>> {
        if let Err(e) = self.step()? {
            return Some(Err(e));
        }
        self.text.clear();
        Self::render(&self.labels, &self.word, &mut self.text);
        Some(Ok(&self.text))
    }
}

impl Iterator for Matches<'_> {
    type Item = Result<String>;
    fn next(&mut self) -> Option<Result<String>> {
        self.next_str().map(|w| w.map(str::to_owned))
    }
}

impl FusedIterator for Matches<'_> {}

impl fmt::Debug for Matches<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Matches")
            .field("lexicon", &self.lex.origin())
            .field("pattern", &self.toks)
            .field("depth", &self.stack.len())
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}
/// Reads a pattern: the tokens of [`study`], of
/// which there are 1 to 62 (bit 63 of a set of pattern positions is the
/// last).
fn parse_pattern(alphabet: &Alphabet, pattern: &str) -> Result<Vec<Tok>> {
    let toks = study::parse(alphabet, pattern, "pattern")?;
    if toks.is_empty() {
        return Err(Error::Query("empty pattern".into()));
    }
    if toks.len() > 62 {
        return Err(Error::Query(format!(
            "pattern of {} tokens: at most 62",
            toks.len()
        )));
    }
    Ok(toks)
}

/// Adds to `set` (bit i = "matched the first i tokens") every position
/// reachable through `*` tokens matching nothing.
fn closure(toks: &[Tok], mut set: u64) -> u64 {
    for (i, t) in toks.iter().enumerate() {
        if set >> i & 1 == 1 && *t == Tok::Any {
            set |= 1 << (i + 1);
        }
    }
    set
}

fn advance(toks: &[Tok], set: u64, tile: Tile) -> u64 {
    let mut next = 0u64;
    for (i, t) in toks.iter().enumerate() {
        if set >> i & 1 == 1 {
            match *t {
                Tok::Any => next |= 1 << i,
                Tok::Set(set) if set >> tile & 1 == 1 => next |= 1 << (i + 1),
                Tok::Tile(x) if x == tile => next |= 1 << (i + 1),
                Tok::Tile(_) | Tok::Set(_) => {}
            }
        }
    }
    closure(toks, next)
}

/// Whether [`Lexicon::anagram`] lists words that use only some of the rack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Partial {
    /// Only words that use every tile.
    No,
    /// Every word the tiles make, using some or all of them.
    Yes,
}
