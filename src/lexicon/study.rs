//! Word study: letter classes in patterns and racks, hooks, probability
//! and alphagrams, as Zyzzyva and Hoot show them.
//!
//! # Wildcards and classes
//!
//! [`Lexicon::matches`](crate::Lexicon::matches) and
//! [`Lexicon::anagrams`](crate::Lexicon::anagrams) read the same syntax:
//!
//! | text | in a pattern | on a rack |
//! |---|---|---|
//! | `A` | the tile A | a tile A |
//! | `?` | any one tile | a blank |
//! | `*` | any run of tiles, none included | any number of blanks |
//! | `@` / `#` | one vowel / one consonant | a blank that is a vowel / a consonant |
//! | `[AEIOU]` | one of these tiles | a blank that is one of these |
//! | `[^AB]` | any tile but these | a blank that is any tile but these |
//! | `[CH]` | the tile CH (a bracket naming one tile) | a tile CH |
//!
//! One rule decides what a bracket is: when its whole content names a tile
//! of the alphabet (`[CH]` in Spanish, `[A]`) it is that tile; otherwise it
//! is a class, each character of it one tile, a multi-character tile
//! bracketed inside it (`[[CH]A]`: CH or A). A class whose letters spell a
//! multi-character tile (`[CHA]` in Spanish) is an error that says so:
//! write `[[CH]A]` for the tile, or the letters apart (`[C H A]`). A
//! character that is a tile's label is that tile, so `@` and `#` are
//! wildcards only in alphabets without such a tile; vowels are the tiles
//! the alphabet marks as vowels (English: A E I O U).
//!
//! ```
//! use lexgraph::{Alphabet, Lexicon, WordList, compile, query::Partial};
//! let words = WordList::parse(b"at\nit\nta\ncat\nact\n", "inline", &Alphabet::english(), lexgraph::Invalid::Refuse)?;
//! let dawg = Lexicon::from_vec(compile::compile(&words).dawg)?;
//! assert_eq!(dawg.pattern("@T")?, ["AT", "IT"]);
//! assert_eq!(dawg.pattern("[^A]T")?, ["IT"]);
//! assert_eq!(dawg.pattern("#*")?, ["CAT", "TA"]);
//! // On a rack a class is a blank that may be only those letters.
//! assert_eq!(dawg.anagram("T[AEIOU]", Partial::No)?, ["aT", "iT", "Ta"]);
//! # Ok::<(), lexgraph::Error>(())
//! ```
//!
//! # Hooks, probability, alphagrams
//!
//! A word's front hooks are the tiles that make a word put before it, its
//! back hooks those put after it ([`Lexicon::hooks`]). Its probability is
//! the number of ways to draw its tiles from a full bag ([`Bag::ways`]),
//! blanks standing in for letters as Zyzzyva counts them. Its alphagram is
//! its tiles in the alphabet's order. A [`Study`] puts the three beside a
//! word as an [`Entry`]:
//!
//! ```
//! use lexgraph::{Alphabet, Lexicon, WordList, compile};
//! use lexgraph::lexicon::study::Study;
//! let words = WordList::parse(b"at\nbat\nate\nats\n", "inline", &Alphabet::english(), lexgraph::Invalid::Refuse)?;
//! let dawg = Lexicon::from_vec(compile::compile(&words).dawg)?;
//! let study = Study::new(&dawg, true);
//! let at = study.entry_of("AT")?;
//! assert_eq!(at.line(true), "b AT es 85");
//! assert_eq!(at.alphagram, "AT");
//! # Ok::<(), lexgraph::Error>(())
//! ```

use std::cmp::Reverse;

use crate::alphabet::{Alphabet, Blanks, Spelling, Tile};
use crate::error::{Error, Result};
use crate::lexicon::Lexicon;

/// A token of a pattern or a rack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tok {
    /// That tile.
    Tile(Tile),
    /// One tile of the set (bit `t` for tile `t`): `?`, `@`, `#`, a class.
    Set(u64),
    /// `*`.
    Any,
}

/// The set of every tile of `alphabet` (bit `t` for tile `t`).
pub(crate) fn all_tiles(alphabet: &Alphabet) -> u64 {
    let n = alphabet.len().min(63);
    ((1u64 << n) - 1) << 1
}

/// The alphabet's vowels as a set.
fn vowels(alphabet: &Alphabet) -> u64 {
    let mut set = 0;
    for (t, info) in alphabet.tiles().iter().enumerate().skip(1).take(63) {
        if info.vowel {
            set |= 1 << t;
        }
    }
    set
}

/// Reads `text`, a pattern or a rack (`what` names it in errors), into
/// tokens: the syntax of the [module docs](self). Errors name the
/// character (counted from 1) where the text goes wrong.
pub(crate) fn parse(alphabet: &Alphabet, text: &str, what: &str) -> Result<Vec<Tok>> {
    let chars: Vec<char> = text.chars().collect();
    let fail = |at: usize, msg: String| {
        Error::Query(format!(
            "{msg} (character {} of the {what} {:?})",
            at + 1,
            crate::input::snippet(text)
        ))
    };
    let all = all_tiles(alphabet);
    let vowels = vowels(alphabet);
    // `@` and `#`, when no tile is written so.
    let wildcard = |c: char, at: usize| -> Result<Option<u64>> {
        let set = match c {
            '@' => vowels,
            '#' => all & !vowels,
            _ => return Ok(None),
        };
        if set == 0 {
            let kind = if c == '@' { "vowels" } else { "consonants" };
            return Err(fail(
                at,
                format!(
                    "'{c}' is any of the {kind}, and the {} alphabet marks none",
                    alphabet.name()
                ),
            ));
        }
        Ok(Some(set))
    };
    let mut one = [0u8; 4];
    let mut tile = |c: char| alphabet.tile_by_label(c.encode_utf8(&mut one));
    let not_a_tile = |c: char, at: usize| {
        fail(
            at,
            format!("{c:?} is not a tile of the {} alphabet", alphabet.name()),
        )
    };
    let mut toks = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            c if c.is_whitespace() => {}
            '?' => toks.push(Tok::Set(all)),
            '*' => toks.push(Tok::Any),
            ']' => return Err(fail(i, "']' closes no '['".into())),
            '[' => {
                let close =
                    closing(&chars, i).ok_or_else(|| fail(i, "'[' is never closed".into()))?;
                toks.push(bracket(alphabet, &chars, i, close, &fail, &wildcard)?);
                i = close;
            }
            c => match tile(c) {
                Some(t) => toks.push(Tok::Tile(t)),
                None => match wildcard(c, i)? {
                    Some(set) => toks.push(Tok::Set(set)),
                    None => return Err(not_a_tile(c, i)),
                },
            },
        }
        i += 1;
    }
    Ok(toks)
}

/// The index of the `]` that closes the `[` at `open`: a class may hold
/// bracketed tiles, one level deep.
fn closing(chars: &[char], open: usize) -> Option<usize> {
    let mut depth = 0;
    for (j, &c) in chars.iter().enumerate().skip(open) {
        match c {
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(j);
                }
            }
            _ => {}
        }
    }
    None
}

/// The bracket `chars[open..=close]`: a tile or a class (see the [module
/// docs](self)).
fn bracket(
    alphabet: &Alphabet,
    chars: &[char],
    open: usize,
    close: usize,
    fail: &dyn Fn(usize, String) -> Error,
    wildcard: &dyn Fn(char, usize) -> Result<Option<u64>>,
) -> Result<Tok> {
    let inner = &chars[open + 1..close];
    let whole: String = inner.iter().collect();
    if !inner.contains(&'[') {
        if let Some(t) = alphabet.tile_by_label(&whole) {
            return Ok(Tok::Tile(t));
        }
    }
    let negated = inner.first() == Some(&'^');
    let mut set = 0u64;
    let mut run = String::new();
    let mut run_at = 0;
    // A run of plain letters must not spell a multi-character tile: `[CHA]`
    // could be C, H or A, or CH or A.
    let check_run = |run: &mut String, at: usize| -> Result<()> {
        let folded = alphabet.fold(run);
        for t in alphabet.tiles().iter().skip(1) {
            if t.label.chars().count() > 1 && folded.contains(&t.label) {
                let upper = whole.to_uppercase();
                let tile = match upper.contains(&t.label) {
                    true => upper.replacen(&t.label, &format!("[{}]", t.label), 1),
                    false => format!("[{}]…", t.label),
                };
                let spaced = run.chars().map(String::from).collect::<Vec<_>>().join(" ");
                return Err(fail(
                    at,
                    format!(
                        "[{whole}] is ambiguous: {} is a tile of the {} alphabet; write [{tile}] \
                         for that tile, or [{}] for the letters one by one",
                        t.label,
                        alphabet.name(),
                        whole.replacen(run.as_str(), &spaced, 1)
                    ),
                ));
            }
        }
        run.clear();
        Ok(())
    };
    let mut j = open + 1 + negated as usize;
    while j < close {
        let c = chars[j];
        if c.is_whitespace() || c == '[' {
            check_run(&mut run, run_at)?;
        }
        match c {
            c if c.is_whitespace() => {}
            '[' => {
                let end = closing(chars, j).filter(|&e| e < close).unwrap_or(close);
                let label: String = chars[j + 1..end].iter().collect();
                let t = alphabet.tile_by_label(&label).ok_or_else(|| {
                    fail(
                        j,
                        format!(
                            "[{label}] is not a tile of the {} alphabet",
                            alphabet.name()
                        ),
                    )
                })?;
                set |= 1 << t;
                j = end;
            }
            '?' | '*' | ']' => {
                return Err(fail(j, format!("'{c}' cannot stand in a class [{whole}]")));
            }
            c => {
                let mut one = [0u8; 4];
                match alphabet.tile_by_label(c.encode_utf8(&mut one)) {
                    Some(t) => {
                        if run.is_empty() {
                            run_at = j;
                        }
                        run.push(c);
                        set |= 1 << t;
                    }
                    None => match wildcard(c, j)? {
                        Some(s) => {
                            check_run(&mut run, run_at)?;
                            set |= s;
                        }
                        None => {
                            return Err(fail(
                                j,
                                format!("{c:?} is not a tile of the {} alphabet", alphabet.name()),
                            ))
                        }
                    },
                }
            }
        }
        j += 1;
    }
    check_run(&mut run, run_at)?;
    if negated {
        set = all_tiles(alphabet) & !set;
    } else if set == 0 {
        return Err(fail(open, "[] is an empty class".into()));
    }
    match set {
        0 => Err(fail(open, format!("[{whole}] leaves no tile"))),
        s if s.count_ones() == 1 && !negated => Ok(Tok::Tile(s.trailing_zeros() as Tile)),
        s => Ok(Tok::Set(s)),
    }
}

/// The wildcards of a rack: blanks, each allowed some letters (`?` all of
/// them), and whether `*` (any number of blanks) is there. Which wildcard
/// plays which letter of a word is a matching: `?` and `[AE]` can play
/// `XA` only one way. So the walk keeps every way the wildcards can have
/// been given out so far (a handful: the rack is short).
pub(crate) struct Wild {
    /// Each class's letters (bit `t` for tile `t`); the first admits none.
    pub(crate) masks: Vec<u64>,
    pub(crate) star: bool,
    /// `levels[d]`: after the word's first `d` tiles, the distinct ways the
    /// classes' counts can stand, `masks.len()` bytes each.
    pub(crate) levels: Vec<Vec<u8>>,
}

impl Wild {
    /// The two levels `d` and `d + 1`, the second cleared.
    fn pair(&mut self, d: usize) -> (&[u8], &mut Vec<u8>) {
        if self.levels.len() < d + 2 {
            self.levels.resize_with(d + 2, Vec::new);
        }
        let (lo, hi) = self.levels.split_at_mut(d + 1);
        hi[0].clear();
        (&lo[d], &mut hi[0])
    }

    /// The word's tile `d` is a real tile: the wildcards stand as before.
    pub(crate) fn keep(&mut self, d: usize) {
        let (from, to) = self.pair(d);
        to.extend_from_slice(from);
    }

    /// Lets a wildcard play `tile` as the word's tile `d`; false if none
    /// can in any of the ways so far.
    pub(crate) fn take(&mut self, d: usize, tile: Tile) -> bool {
        let k = self.masks.len();
        let star = self.star;
        let masks = std::mem::take(&mut self.masks);
        let (from, to) = self.pair(d);
        let add = |to: &mut Vec<u8>, state: &[u8], less: Option<usize>| {
            let start = to.len();
            to.extend_from_slice(state);
            if let Some(c) = less {
                to[start + c] -= 1;
            }
            let (seen, new) = to.split_at(start);
            if seen.chunks_exact(k).any(|s| s == new) {
                to.truncate(start);
            }
        };
        for state in from.chunks_exact(k) {
            for (c, &mask) in masks.iter().enumerate() {
                if state[c] > 0 && mask >> tile & 1 == 1 {
                    add(to, state, Some(c));
                }
            }
            if star {
                add(to, state, None);
            }
        }
        let ok = !to.is_empty();
        self.masks = masks;
        ok
    }

    /// Whether every wildcard but `*` can have been used by the word's
    /// first `d` tiles.
    pub(crate) fn all_used(&self, d: usize) -> bool {
        let k = self.masks.len();
        self.levels[d]
            .chunks_exact(k)
            .any(|s| s.iter().all(|&n| n == 0))
    }
}

/// A full bag's tiles by kind, for [`Bag::ways`].
#[derive(Clone, Debug)]
pub struct Bag {
    counts: [u8; 64],
    blanks: u8,
}

/// `n` choose `k`, saturating at `u128::MAX`.
fn choose(n: u32, k: u32) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut r: u128 = 1;
    for i in 0..k {
        // Exact at each step: r * (n - i) is divisible by i + 1.
        r = match r.checked_mul(u128::from(n - i)) {
            Some(x) => x / u128::from(i + 1),
            None => return u128::MAX,
        };
    }
    r
}

impl Bag {
    /// The bag of `alphabet`: its tiles' counts, blanks included.
    pub fn of(alphabet: &Alphabet) -> Bag {
        let mut counts = [0u8; 64];
        for (t, info) in alphabet.tiles().iter().enumerate().take(64) {
            counts[t] = info.count;
        }
        Bag {
            counts,
            blanks: alphabet.blank().count,
        }
    }

    /// The number of ways to draw `word`'s tiles from a full bag: the sets
    /// of as many tiles as it has (each tile of the bag told apart, blanks
    /// included) that spell it, a blank standing for any letter. Zyzzyva's
    /// count with blanks: with 9 A, 6 T and 2 blanks, `AT` has 9 × 6 ways
    /// without a blank, 2 × 6 with a blank as A, 9 × 2 with one as T and 1
    /// with both blanks: 85. A word needing more of a tile than the bag
    /// holds, blanks and all, has 0 ways. Saturates at `u128::MAX` (only a
    /// bag of thousands of tiles gets there).
    ///
    /// ```
    /// use lexgraph::{Alphabet, lexicon::study::Bag};
    /// let en = Alphabet::english();
    /// let bag = Bag::of(&en);
    /// let tiles = |w: &str| en.tokenize(w).unwrap();
    /// assert_eq!(bag.ways(&tiles("AT")), 85);
    /// assert_eq!(bag.ways(&tiles("ZZZZ")), 0); // one Z and two blanks
    /// ```
    pub fn ways(&self, word: &[Tile]) -> u128 {
        let mut need = [0u32; 64];
        for &t in word {
            need[t as usize & 63] += 1;
        }
        let blanks = u32::from(self.blanks);
        // by_blanks[b]: the ways to draw the real tiles of the letters seen
        // so far with b of those letters left to blanks.
        let mut by_blanks: Vec<u128> = vec![1];
        for (t, &n) in need.iter().enumerate().skip(1) {
            if n == 0 {
                continue;
            }
            let have = u32::from(self.counts[t]);
            let top = (by_blanks.len() as u32 - 1 + n).min(blanks) as usize;
            let mut next = vec![0u128; top + 1];
            for (b, &ways) in by_blanks.iter().enumerate() {
                for r in 0..=n as usize {
                    if b + r > top {
                        break;
                    }
                    let real = choose(have, n - r as u32);
                    next[b + r] = next[b + r].saturating_add(ways.saturating_mul(real));
                }
            }
            by_blanks = next;
        }
        by_blanks.iter().enumerate().fold(0u128, |sum, (b, &w)| {
            sum.saturating_add(choose(blanks, b as u32).saturating_mul(w))
        })
    }
}

/// A word's tiles in the alphabet's order: what its anagrams share.
pub fn alphagram(word: &[Tile]) -> Vec<Tile> {
    let mut a = word.to_vec();
    a.sort_unstable();
    a
}

impl Lexicon {
    /// The front and back hooks of `word`: the tiles `t` for which `t` +
    /// word, and word + `t`, are words, in the alphabet's order.
    ///
    /// ```
    /// use lexgraph::{Alphabet, Lexicon, WordList, compile};
    /// let en = Alphabet::english();
    /// let words = WordList::parse(b"at\nbat\ncat\nate\nats\n", "inline", &en, lexgraph::Invalid::Refuse)?;
    /// let dawg = Lexicon::from_vec(compile::compile(&words).dawg)?;
    /// let (front, back) = dawg.hooks(&en.tokenize("AT").unwrap());
    /// assert_eq!((en.spell(&front), en.spell(&back)), ("BC".into(), "ES".into()));
    /// # Ok::<(), lexgraph::Error>(())
    /// ```
    pub fn hooks(&self, word: &[Tile]) -> (Vec<Tile>, Vec<Tile>) {
        let n = self.alphabet().len().min(63) as Tile;
        let mut buf = Vec::with_capacity(word.len() + 1);
        let (mut front, mut back) = (Vec::new(), Vec::new());
        if word.is_empty() {
            return (front, back);
        }
        for t in 1..=n {
            buf.clear();
            buf.push(t);
            buf.extend_from_slice(word);
            if self.contains_tiles(&buf) {
                front.push(t);
            }
            buf.clear();
            buf.extend_from_slice(word);
            buf.push(t);
            if self.contains_tiles(&buf) {
                back.push(t);
            }
        }
        (front, back)
    }
}

/// A word with what study lists show beside it (see [`Study`]); JSON
/// through `serde` is one object with these fields, the hooks only when
/// asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Entry {
    /// As lexgraph prints words: letters played by blanks (or classes, on
    /// a rack) in lower case, multi-character tiles bracketed.
    pub word: String,
    /// Tiles (`[CH]` is one).
    pub length: usize,
    /// The tiles in the alphabet's order, upper case.
    pub alphagram: String,
    /// The ways to draw the word from a full bag ([`Bag::ways`]).
    pub probability: u128,
    /// The front hooks in lower case (`""` for none), when asked for.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub front_hooks: Option<String>,
    /// The back hooks, the same way.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub back_hooks: Option<String>,
    #[cfg_attr(feature = "serde", serde(skip))]
    sorted: Vec<Tile>,
}

impl Entry {
    /// The entry as one line of text: the word; with hooks, the front
    /// hooks before it and the back hooks after it, `-` for none
    /// (`b AT es`); then the probability if `probability`.
    pub fn line(&self, probability: bool) -> String {
        let mut s = String::new();
        let hook = |h: &str| {
            if h.is_empty() {
                "-".to_string()
            } else {
                h.to_string()
            }
        };
        match (&self.front_hooks, &self.back_hooks) {
            (Some(f), Some(b)) => {
                s = format!("{} {} {}", hook(f), self.word, hook(b));
            }
            _ => s.push_str(&self.word),
        }
        if probability {
            s += &format!(" {}", self.probability);
        }
        s
    }
}

/// Anagrams grouped under their alphagram, as study lists ask them.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Group {
    /// The tiles the words share, in the alphabet's order.
    pub alphagram: String,
    /// Tiles.
    pub length: usize,
    /// The ways to draw the alphagram (every word of it has the same).
    pub probability: u128,
    /// The words, in the lexicon's order.
    pub words: Vec<Entry>,
}

impl Group {
    /// The group as text: `ALPHAGRAM [PROBABILITY] WORD…` on one line; with
    /// hooks, the alphagram's line and then each word's
    /// [line](Entry::line) indented by two spaces.
    pub fn text(&self, probability: bool) -> String {
        let mut s = self.alphagram.clone();
        if probability {
            s += &format!(" {}", self.probability);
        }
        for w in &self.words {
            if w.front_hooks.is_some() {
                s += &format!("\n  {}", w.line(false));
            } else {
                s += &format!(" {}", w.word);
            }
        }
        s
    }
}

/// Builds [`Entry`]s for a lexicon's words: their alphagram, probability
/// and, if asked, hooks.
#[derive(Debug)]
pub struct Study<'a> {
    lex: &'a Lexicon,
    bag: Bag,
    hooks: bool,
}

impl<'a> Study<'a> {
    /// Entries of `lex`'s words, with hooks if `hooks`; probability counts
    /// the bag of the lexicon's alphabet.
    pub fn new(lex: &'a Lexicon, hooks: bool) -> Study<'a> {
        Study {
            lex,
            bag: Bag::of(lex.alphabet()),
            hooks,
        }
    }

    /// The entry of a word given as tiles, each with whether a blank plays
    /// it (as [`crate::query::Anagrams::next_tiles`] gives them).
    pub fn entry(&self, word: impl IntoIterator<Item = (Tile, bool)>) -> Entry {
        let a = self.lex.alphabet();
        let mut text = String::new();
        let mut tiles = Vec::new();
        for (t, blank) in word {
            text += &a.label(t, blank);
            tiles.push(t);
        }
        let sorted = alphagram(&tiles);
        let lower = |hooks: &[Tile]| hooks.iter().map(|&t| a.label(t, true)).collect::<String>();
        let (front_hooks, back_hooks) = match self.hooks {
            true => {
                let (f, b) = self.lex.hooks(&tiles);
                (Some(lower(&f)), Some(lower(&b)))
            }
            false => (None, None),
        };
        Entry {
            word: text,
            length: tiles.len(),
            alphagram: a.render(&sorted),
            probability: self.bag.ways(&tiles),
            front_hooks,
            back_hooks,
            sorted,
        }
    }

    /// The entry of a word written as text (spelled as word lists are).
    pub fn entry_of(&self, word: &str) -> Result<Entry> {
        let tiles = self
            .lex
            .alphabet()
            .parse_tiles(word, Spelling::Word, Blanks::Refused)?;
        Ok(self.entry(tiles.into_iter().map(|t| (t, false))))
    }
}

/// Sorts entries for study: longest first, then most probable, then in
/// the order they came (stable: a stream's order is the lexicon's).
pub fn sort_by_probability(entries: &mut [Entry]) {
    entries.sort_by_key(|e| (Reverse(e.length), Reverse(e.probability)));
}

/// Groups entries under their alphagrams, the groups in alphagram order
/// (the alphabet's, shorter first), the words of each in the order they
/// came.
pub fn group_by_alphagram(mut entries: Vec<Entry>) -> Vec<Group> {
    entries.sort_by(|x, y| (x.sorted.len(), &x.sorted).cmp(&(y.sorted.len(), &y.sorted)));
    let mut groups: Vec<Group> = Vec::new();
    let mut keys: Vec<Vec<Tile>> = Vec::new();
    for e in entries {
        if keys.last() != Some(&e.sorted) {
            keys.push(e.sorted.clone());
            groups.push(Group {
                alphagram: e.alphagram.clone(),
                length: e.length,
                probability: e.probability,
                words: Vec::new(),
            });
        }
        groups.last_mut().expect("pushed above").words.push(e);
    }
    groups
}

/// Sorts groups as [`sort_by_probability`] sorts entries.
pub fn sort_groups_by_probability(groups: &mut [Group]) {
    groups.sort_by_key(|g| (Reverse(g.length), Reverse(g.probability)));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(a: &Alphabet, s: &str) -> Result<Vec<Tok>> {
        parse(a, s, "pattern")
    }

    #[test]
    fn brackets_name_a_tile_or_a_class() {
        let es = Alphabet::builtin("spanish").unwrap();
        let t = |l: &str| es.tile_by_label(l).unwrap();
        let bit = |l: &str| 1u64 << t(l);
        assert_eq!(toks(&es, "[CH]").unwrap(), [Tok::Tile(t("CH"))]);
        assert_eq!(toks(&es, "[ch]").unwrap(), [Tok::Tile(t("CH"))]);
        assert_eq!(
            toks(&es, "[[CH]A]").unwrap(),
            [Tok::Set(bit("CH") | bit("A"))]
        );
        assert_eq!(
            toks(&es, "[C H A]").unwrap(),
            [Tok::Set(bit("C") | bit("H") | bit("A"))]
        );
        assert_eq!(
            toks(&es, "[HCA]").unwrap(),
            [Tok::Set(bit("C") | bit("H") | bit("A"))]
        );
        let e = toks(&es, "X[CHA]").unwrap_err().to_string();
        assert!(
            e.contains("ambiguous") && e.contains("character 3") && e.contains("[[CH]"),
            "{e}"
        );
        let e = toks(&es, "[^CH]A").unwrap_err().to_string();
        assert!(e.contains("ambiguous"), "{e}");
        assert_eq!(
            toks(&es, "[^[CH]]").unwrap(),
            [Tok::Set(all_tiles(&es) & !bit("CH"))]
        );
    }

    #[test]
    fn wildcards_and_errors() {
        let en = Alphabet::english();
        let v = vowels(&en);
        assert_eq!(v.count_ones(), 5);
        assert_eq!(
            toks(&en, "@#?*").unwrap(),
            [
                Tok::Set(v),
                Tok::Set(all_tiles(&en) & !v),
                Tok::Set(all_tiles(&en)),
                Tok::Any
            ]
        );
        assert_eq!(toks(&en, "[@S]").unwrap(), [Tok::Set(v | 1 << 19)]);
        for (bad, says) in [
            ("AB[CD", "'[' is never closed (character 3"),
            ("AB]", "']' closes no '[' (character 3"),
            ("A[]", "empty class (character 2"),
            ("[^ABCDEFGHIJKLMNOPQRSTUVWXYZ]", "leaves no tile"),
            (
                "A1",
                "'1' is not a tile of the english alphabet (character 2",
            ),
            (
                "[A1]",
                "'1' is not a tile of the english alphabet (character 3",
            ),
            ("[A?]", "cannot stand in a class"),
            ("[A[XY]]", "[XY] is not a tile"),
        ] {
            let e = toks(&en, bad).unwrap_err().to_string();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    #[test]
    fn ways_by_hand() {
        let en = Alphabet::english();
        let bag = Bag::of(&en);
        let w = |s: &str| bag.ways(&en.tokenize(s).unwrap());
        // E: 12, A: 9; 2 blanks.
        assert_eq!(w("E"), 12 + 2);
        assert_eq!(w("EE"), choose(12, 2) + 2 * 12 + 1);
        // QI: Q 1, I 9: 9 + 2*9 (blank Q) + 2*1 (blank I) + 1.
        assert_eq!(w("QI"), 9 + 18 + 2 + 1);
        // ZZ: one Z; a blank for the other, or both.
        assert_eq!(w("ZZ"), 2 + 1);
        assert_eq!(w("ZZZ"), 1);
        assert_eq!(choose(100, 7), 16_007_560_800);
        assert_eq!(choose(5, 9), 0);
    }
}
