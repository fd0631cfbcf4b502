//! Word queries on a mapped lexicon: listing, anagrams with blanks, patterns.
//!
//! All queries read words left to right. A DAWG is that automaton already; a
//! GADDAG contains it too, behind its separator edges: the path `a ◇ v`
//! spells the word `av`, so the root's arcs followed by their `◇` arc form a
//! DAWG. Both kinds answer every query, in sorted order.
//!
//! Every walk is bounded by what a valid file of the header's word count
//! could need (each path from the root is a prefix of a word): a corrupt
//! file whose edges form a graph with exponentially many paths gets an
//! error from [`Lexicon::pattern`] and [`Lexicon::anagram`], and a word
//! stream that stops with [`Words::cut_short`] set, instead of a walk that
//! never ends.
//!
//! ```
//! use lexgraph::{Alphabet, Lexicon, WordList, compile, query::Partial};
//! let words = WordList::parse(b"cat\nact\ntac\ncats\ncoat\n", "inline", &Alphabet::english(), lexgraph::Invalid::Refuse)?;
//! let dawg = Lexicon::from_vec(compile::compile(&words).dawg)?;
//! assert_eq!(dawg.anagram("TCA", Partial::No)?, ["ACT", "CAT", "TAC"]);
//! assert_eq!(dawg.anagram("TC?", Partial::No)?, ["aCT", "CaT", "TaC"]);
//! assert_eq!(dawg.pattern("C*T")?, ["CAT", "COAT"]);
//! assert_eq!(dawg.pattern("?AT?")?, ["CATS"]);
//! # Ok::<(), lexgraph::Error>(())
//! ```

use crate::alphabet::{Alphabet, Blanks, Spelling, Tile, BLANK};
use crate::error::{Corruption, Error, Result};
use crate::format::{Arc, Children, Edges, Kind};
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

struct FwdChildren<'a> {
    inner: Children<'a>,
    edges: Edges<'a>,
    through_separator: bool,
}

impl Iterator for FwdChildren<'_> {
    type Item = (Tile, bool, At);
    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let a: Arc = self.inner.next()?;
            if a.tile == 0 {
                continue; // a DAWG has no separator; in a GADDAG it is not a letter
            }
            let target = if self.through_separator {
                self.edges.separator(a.target).map_or(0, |s| s.target)
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
            edges: self.edges,
            through_separator: through,
        }
    }

    fn child(&self, at: At, tile: Tile) -> Option<(bool, At)> {
        self.children(at)
            .find(|&(t, _, _)| t == tile)
            .map(|(_, term, at)| (term, at))
    }
}

/// Sorted stream of words (see [`Lexicon::words`]).
pub struct Words<'a> {
    lex: &'a Lexicon,
    fwd: Forward<'a>,
    stack: Vec<FwdChildren<'a>>,
    word: Vec<Tile>,
    /// Length of the fixed prefix in `word`.
    base: usize,
    max_len: usize,
    /// A word to yield before the walk (the prefix itself).
    pending: Option<String>,
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

impl Iterator for Words<'_> {
    type Item = String;
    fn next(&mut self) -> Option<String> {
        if let Some(p) = self.pending.take() {
            return Some(p);
        }
        loop {
            let top = self.stack.last_mut()?;
            match top.next() {
                Some(_) if self.budget == 0 => {
                    self.cut_short = true;
                    self.stack.clear();
                    return None;
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
                        return Some(self.lex.alphabet().render(&self.word));
                    }
                }
                None => {
                    self.stack.pop();
                }
            }
        }
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
        let pending = (terminal && !tiles.is_empty()).then(|| self.alphabet().render(&tiles));
        let mut w = self.words_from(tiles, at);
        w.pending = pending;
        Ok(w)
    }

    fn words_from(&self, prefix: Vec<Tile>, at: At) -> Words<'_> {
        let fwd = self.forward();
        let mut w = Words {
            fwd,
            lex: self,
            stack: Vec::new(),
            base: prefix.len(),
            word: prefix,
            max_len: self.depth_limit(),
            pending: None,
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
    pub fn anagram(&self, rack: &str, partial: Partial) -> Result<Vec<String>> {
        let partial = partial == Partial::Yes;
        let tiles = self
            .alphabet()
            .parse_tiles(rack, Spelling::Tiles, Blanks::Allowed)?;
        if tiles.len() > 64 {
            return Err(Error::Query(format!(
                "rack of {} tiles: at most 64",
                tiles.len()
            )));
        }
        let mut counts = [0u8; 64];
        for &t in &tiles {
            counts[t as usize] += 1;
        }
        let mut out = Vec::new();
        let mut word: Vec<(Tile, bool)> = Vec::new();
        let mut budget = self.path_budget();
        anagram_rec(
            self.forward(),
            self.alphabet(),
            At::Root,
            &mut counts,
            tiles.len(),
            partial,
            &mut word,
            &mut out,
            &mut budget,
        );
        if budget == 0 {
            return Err(self.too_many_paths());
        }
        Ok(out)
    }

    /// Words matching `pattern`: `?` stands for one tile, `*` for any run of
    /// tiles (possibly empty), anything else for itself.
    pub fn pattern(&self, pattern: &str) -> Result<Vec<String>> {
        let toks = parse_pattern(self.alphabet(), pattern)?;
        let start = closure(&toks, 1);
        let mut out = Vec::new();
        let mut word = Vec::new();
        let mut budget = self.path_budget();
        pattern_rec(
            self.forward(),
            self.alphabet(),
            &toks,
            At::Root,
            start,
            self.depth_limit(),
            &mut word,
            &mut out,
            &mut budget,
        );
        if budget == 0 {
            return Err(self.too_many_paths());
        }
        Ok(out)
    }
}

#[allow(clippy::too_many_arguments)]
fn anagram_rec(
    fwd: Forward<'_>,
    alphabet: &Alphabet,
    at: At,
    counts: &mut [u8; 64],
    left: usize,
    partial: bool,
    word: &mut Vec<(Tile, bool)>,
    out: &mut Vec<String>,
    budget: &mut u64,
) {
    if left == 0 {
        return;
    }
    for (tile, terminal, next) in fwd.children(at) {
        if *budget == 0 {
            return;
        }
        // A real tile when there is one: the same word by blank is no new word.
        let blank = if counts[tile as usize] > 0 {
            false
        } else if counts[BLANK as usize] > 0 {
            true
        } else {
            continue;
        };
        *budget -= 1;
        let slot = if blank { BLANK } else { tile } as usize;
        counts[slot] -= 1;
        word.push((tile, blank));
        if terminal && (partial || left == 1) {
            out.push(word.iter().map(|&(t, b)| alphabet.label(t, b)).collect());
        }
        anagram_rec(
            fwd,
            alphabet,
            next,
            counts,
            left - 1,
            partial,
            word,
            out,
            budget,
        );
        word.pop();
        counts[slot] += 1;
    }
}

/// A pattern token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Tile(Tile),
    One,
    Any,
}

fn parse_pattern(alphabet: &Alphabet, pattern: &str) -> Result<Vec<Tok>> {
    let mut toks = Vec::new();
    let mut rest = String::new();
    let flush = |rest: &mut String, toks: &mut Vec<Tok>| -> Result<()> {
        if !rest.is_empty() {
            for t in alphabet.parse_tiles(rest, Spelling::Tiles, Blanks::Refused)? {
                toks.push(Tok::Tile(t));
            }
            rest.clear();
        }
        Ok(())
    };
    for c in pattern.chars() {
        match c {
            '?' | '*' => {
                flush(&mut rest, &mut toks)?;
                toks.push(if c == '?' { Tok::One } else { Tok::Any });
            }
            _ => rest.push(c),
        }
    }
    flush(&mut rest, &mut toks)?;
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
                Tok::One => next |= 1 << (i + 1),
                Tok::Tile(x) if x == tile => next |= 1 << (i + 1),
                Tok::Tile(_) => {}
            }
        }
    }
    closure(toks, next)
}

#[allow(clippy::too_many_arguments)]
fn pattern_rec(
    fwd: Forward<'_>,
    alphabet: &Alphabet,
    toks: &[Tok],
    at: At,
    set: u64,
    depth_left: usize,
    word: &mut Vec<Tile>,
    out: &mut Vec<String>,
    budget: &mut u64,
) {
    if depth_left == 0 {
        return;
    }
    let accept = 1u64 << toks.len();
    for (tile, terminal, next) in fwd.children(at) {
        let s = advance(toks, set, tile);
        if s == 0 {
            continue;
        }
        if *budget == 0 {
            return;
        }
        *budget -= 1;
        word.push(tile);
        if terminal && s & accept != 0 {
            out.push(alphabet.render(word));
        }
        pattern_rec(
            fwd,
            alphabet,
            toks,
            next,
            s,
            depth_left - 1,
            word,
            out,
            budget,
        );
        word.pop();
    }
}

/// Whether [`Lexicon::anagram`] lists words that use only some of the rack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Partial {
    /// Only words that use every tile.
    No,
    /// Every word the tiles make, using some or all of them.
    Yes,
}
