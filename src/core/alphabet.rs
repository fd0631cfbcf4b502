//! Alphabets: the tiles of a game, their scores and counts, and how text
//! becomes tiles.
//!
//! A lexicon never stores characters. Every word is a sequence of *tiles*,
//! numbered `1..=n` in the order the alphabet lists them (`n <= 63`, so a set
//! of tiles fits a `u64` bitset with bit 0 to spare). Tile `0` is reserved: it
//! is the GADDAG separator inside automata and "blank" inside racks.
//!
//! A tile may be written with several characters: Spanish `CH`, `LL`, `RR`,
//! Catalan `L·L`. Text is turned into tiles by upper-casing, applying the
//! alphabet's fold rules (Spanish `á` → `A`), then taking the longest tile label
//! that matches at each position, left to right:
//!
//! ```
//! use lexgraph::Alphabet;
//! let es = Alphabet::builtin("spanish").unwrap();
//! let tiles = es.tokenize("chorro").unwrap();
//! assert_eq!(es.render(&tiles), "[CH]O[RR]O");
//! assert_eq!(es.tokenize("camión").unwrap(), es.tokenize("CAMION").unwrap());
//! ```
//!
//! # Alphabet files
//!
//! One tile per line: `LABEL SCORE COUNT VOWEL`, where `LABEL` is one character
//! or a bracketed string (`[CH]`), `SCORE` and `COUNT` are 0–255 and `VOWEL` is
//! `0` or `1`. The blank is the label `?` and must be present (its count may be
//! 0). `fold X Y` replaces the text `X` (compared after upper-casing, longest
//! first) by `Y` before tokenizing: `fold á A`, or `fold L.L L·L`.
//! Blank lines and lines starting with `#` are ignored. The built-in alphabets
//! live in `lexicons/alphabets/` in this syntax.

use std::collections::HashMap;
use std::fmt;

use crate::error::{Error, Result};

/// Largest number of distinct tiles (excluding the blank) an alphabet may have.
pub const MAX_TILES: usize = 63;

/// A tile number: `1..=MAX_TILES` for real tiles; 0 is the blank in racks and
/// the separator in GADDAG paths.
pub type Tile = u8;

/// The blank tile in a rack (and the GADDAG separator in an automaton).
pub const BLANK: Tile = 0;

/// One tile kind of an alphabet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileInfo {
    /// Upper-case label, e.g. `A` or `CH`.
    pub label: String,
    /// Points the tile scores when played as itself (a blank always scores 0).
    pub score: u8,
    /// Number of such tiles in a full bag.
    pub count: u8,
    /// Whether the tile is a vowel.
    pub vowel: bool,
}

/// An alphabet: blank plus up to 63 tiles, with fold rules for reading text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alphabet {
    name: String,
    /// Index 0 is the blank; 1..=n are the tiles.
    tiles: Vec<TileInfo>,
    /// Folds applied after upper-casing (source, replacement), longest source first.
    folds: Vec<(String, String)>,
    /// Label (upper case) -> tile, for every tile.
    by_label: HashMap<String, Tile>,
    /// Single-character labels, for the fast path of tokenizing.
    by_char: HashMap<char, Tile>,
    /// Single-character ASCII labels by byte (0 = none): the hot path.
    ascii: [Tile; 128],
    /// What [`Alphabet::tile_by_label`] gives for each one-character ASCII
    /// text (upper-cased and folded; 0 = none): most lookups are of one
    /// character (a board's square, a rack's tile), and this spares them
    /// the folding and the hash.
    label_ascii: [Tile; 128],
    /// Longest label in characters.
    max_label_chars: usize,
}

const BUILTIN: &[(&str, &str)] = &[
    (
        "english",
        include_str!("../../lexicons/alphabets/english.txt"),
    ),
    (
        "super-english",
        include_str!("../../lexicons/alphabets/super-english.txt"),
    ),
    (
        "spanish",
        include_str!("../../lexicons/alphabets/spanish.txt"),
    ),
    (
        "polish",
        include_str!("../../lexicons/alphabets/polish.txt"),
    ),
    (
        "catalan",
        include_str!("../../lexicons/alphabets/catalan.txt"),
    ),
    (
        "upwords",
        include_str!("../../lexicons/alphabets/upwords.txt"),
    ),
];

impl Alphabet {
    /// Names of the built-in alphabets.
    pub fn builtin_names() -> impl Iterator<Item = &'static str> {
        BUILTIN.iter().map(|(n, _)| *n)
    }

    /// An alphabet named on a command line: a file when the name is an
    /// existing file (a pipe or device too: reading is bounded), else a
    /// built-in name.
    pub fn named(spec: &str) -> Result<Alphabet> {
        let p = std::path::Path::new(spec);
        if p.exists() && !p.is_dir() {
            Alphabet::from_file(p)
        } else {
            Alphabet::builtin(spec)
        }
    }

    /// A built-in alphabet by name (`english`, `super-english`, `spanish`,
    /// `polish`, `catalan`, `upwords`).
    ///
    /// ```
    /// use lexgraph::Alphabet;
    /// let up = Alphabet::builtin("upwords").unwrap();
    /// assert_eq!(up.render(&up.tokenize("quit").unwrap()), "[QU]IT");
    /// assert_eq!(up.tokenize("qat"), Err('Q')); // Q only as QU
    /// assert_eq!(up.bag_size(), 100);
    /// ```
    pub fn builtin(name: &str) -> Result<Alphabet> {
        let lower = name.to_ascii_lowercase();
        let (n, text) = BUILTIN
            .iter()
            .find(|(n, _)| *n == lower)
            .ok_or_else(|| Error::UnknownAlphabet(name.to_string()))?;
        Alphabet::parse(n, text, &format!("<builtin alphabet {n}>"))
    }

    /// The default alphabet (English).
    pub fn english() -> Alphabet {
        Alphabet::builtin("english").expect("built-in English alphabet parses")
    }

    /// Reads an alphabet file (syntax in the module docs).
    pub fn from_file(path: &std::path::Path) -> Result<Alphabet> {
        let text = crate::input::read_small_file(path, "an alphabet file")?;
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "custom".into());
        Alphabet::parse(&name, &text, &path.display().to_string())
    }

    /// Parses alphabet text; `origin` names the source in errors.
    pub fn parse(name: &str, text: &str, origin: &str) -> Result<Alphabet> {
        let bad = |line: usize, msg: String| Error::Alphabet {
            origin: origin.to_string(),
            line,
            msg,
        };
        let mut blank: Option<TileInfo> = None;
        let mut tiles: Vec<TileInfo> = Vec::new();
        let mut folds: Vec<(String, String)> = Vec::new();
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for (i, raw) in text.lines().enumerate() {
            let line_no = i + 1;
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let fields: Vec<&str> = line.split_whitespace().collect();
            if fields[0] == "fold" {
                if fields.len() != 3 {
                    return Err(bad(line_no, "expected `fold TEXT REPLACEMENT`".into()));
                }
                folds.push((fields[1].to_uppercase(), fields[2].to_uppercase()));
                continue;
            }
            if fields.len() != 4 {
                return Err(bad(
                    line_no,
                    format!(
                        "expected `LABEL SCORE COUNT VOWEL`, got {:?}",
                        crate::input::snippet(line)
                    ),
                ));
            }
            let label = parse_label(fields[0])
                .filter(|l| valid_label(l))
                .ok_or_else(|| {
                    bad(
                        line_no,
                        format!(
                            "bad label {:?}: one character or [BRACKETED]",
                            crate::input::snippet(fields[0])
                        ),
                    )
                })?;
            let num = |s: &str, what: &str| {
                s.parse::<u8>().map_err(|_| {
                    bad(
                        line_no,
                        format!(
                            "{what} {:?} is not a number 0-255",
                            crate::input::snippet(s)
                        ),
                    )
                })
            };
            let score = num(fields[1], "score")?;
            let count = num(fields[2], "count")?;
            let vowel = match fields[3] {
                "0" => false,
                "1" => true,
                v => {
                    return Err(bad(
                        line_no,
                        format!("vowel flag {:?} is not 0 or 1", crate::input::snippet(v)),
                    ))
                }
            };
            let info = TileInfo {
                label: label.to_uppercase(),
                score,
                count,
                vowel,
            };
            if label == "?" {
                if blank.is_some() {
                    return Err(bad(line_no, "the blank `?` is listed twice".into()));
                }
                blank = Some(TileInfo { score: 0, ..info });
            } else {
                if tiles.iter().any(|t| t.label == info.label) {
                    return Err(bad(
                        line_no,
                        format!("tile {:?} is listed twice", crate::input::snippet(&label)),
                    ));
                }
                tiles.push(info);
            }
        }
        // Faults of the whole text are reported at its last line.
        let end = text.lines().count().max(1);
        let blank = blank.ok_or_else(|| bad(end, "no blank `?` line".into()))?;
        Alphabet::new(name, blank, tiles, folds).map_err(|msg| bad(end, msg))
    }

    /// Builds an alphabet from parts (blank first, then tiles in order).
    pub fn from_parts(
        name: &str,
        blank: TileInfo,
        tiles: Vec<TileInfo>,
        folds: Vec<(String, String)>,
    ) -> Result<Alphabet> {
        Alphabet::new(name, blank, tiles, folds).map_err(|msg| Error::Alphabet {
            origin: crate::input::snippet(name),
            line: 0,
            msg,
        })
    }

    fn char_tile(&self, c: char) -> Option<Tile> {
        if c.is_ascii() {
            Some(self.ascii[c as usize]).filter(|&t| t != 0)
        } else {
            self.by_char.get(&c).copied()
        }
    }

    fn new(
        name: &str,
        blank: TileInfo,
        tiles: Vec<TileInfo>,
        mut folds: Vec<(String, String)>,
    ) -> std::result::Result<Alphabet, String> {
        if tiles.is_empty() {
            return Err("an alphabet needs at least one tile".into());
        }
        if tiles.len() > MAX_TILES {
            return Err(format!(
                "{} tiles; at most {MAX_TILES} are supported",
                tiles.len()
            ));
        }
        if folds.iter().any(|(from, _)| from.is_empty()) {
            return Err("a fold source is empty".into());
        }
        // Names and labels are printed (`info`, every word and play): none
        // may hold a character a terminal acts on (an escape sequence in a
        // lexicon file's alphabet could clear the screen).
        let shown = crate::input::is_visible;
        if !shown(name) {
            return Err(format!(
                "the name {:?} has a control character",
                crate::input::snippet(name)
            ));
        }
        // Longest source first, so `L.L` wins over a shorter one.
        folds.sort_by_key(|(from, _)| std::cmp::Reverse(from.chars().count()));
        let mut all = Vec::with_capacity(tiles.len() + 1);
        all.push(TileInfo {
            label: "?".into(),
            ..blank
        });
        all.extend(tiles);
        let mut by_label = HashMap::new();
        let mut by_char = HashMap::new();
        let mut ascii = [0; 128];
        let mut max_label_chars = 1;
        for (i, t) in all.iter().enumerate().skip(1) {
            if t.label.is_empty()
                || t.label
                    .chars()
                    .any(|c| c.is_whitespace() || "[]?*".contains(c))
                || !shown(&t.label)
            {
                return Err(format!(
                    "tile label {:?} is empty or has a reserved character",
                    t.label
                ));
            }
            let n = t.label.chars().count();
            max_label_chars = max_label_chars.max(n);
            if n == 1 {
                let c = t.label.chars().next().unwrap();
                by_char.insert(c, i as Tile);
                if c.is_ascii() {
                    ascii[c as usize] = i as Tile;
                }
            }
            by_label.insert(t.label.clone(), i as Tile);
        }
        let mut a = Alphabet {
            name: name.to_string(),
            tiles: all,
            folds,
            by_label,
            by_char,
            ascii,
            label_ascii: [0; 128],
            max_label_chars,
        };
        for c in 1..128u8 {
            let text = [c];
            let text = std::str::from_utf8(&text).expect("ASCII");
            a.label_ascii[c as usize] = a.folded_label(text).unwrap_or(0);
        }
        Ok(a)
    }

    /// The alphabet's name (`english`, or a custom file's stem).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Number of real tiles (excluding the blank).
    pub fn len(&self) -> usize {
        self.tiles.len() - 1
    }

    /// Always false: an alphabet has at least one tile.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The blank's entry (label `?`).
    pub fn blank(&self) -> &TileInfo {
        &self.tiles[0]
    }

    /// Info for tile `t` (`0` is the blank).
    pub fn tile(&self, t: Tile) -> &TileInfo {
        &self.tiles[t as usize]
    }

    /// All tiles, index = tile number, index 0 = blank.
    pub fn tiles(&self) -> &[TileInfo] {
        &self.tiles
    }

    /// Fold rules, longest source first.
    pub fn folds(&self) -> &[(String, String)] {
        &self.folds
    }

    /// Score of tile `t` played as itself.
    pub fn score(&self, t: Tile) -> u8 {
        self.tiles[t as usize].score
    }

    /// Every tile's score as a table indexed by tile: 0 for the blank
    /// (index 0) and past the alphabet.
    pub fn values(&self) -> [i32; 64] {
        let mut v = [0i32; 64];
        for (t, x) in v.iter_mut().enumerate().take(self.len() + 1).skip(1) {
            *x = self.score(t as Tile) as i32;
        }
        v
    }

    /// The tile with exactly this (case-insensitive, folded) label.
    pub fn tile_by_label(&self, label: &str) -> Option<Tile> {
        match *label.as_bytes() {
            [c] if c.is_ascii() => match self.label_ascii[c as usize] {
                0 => None,
                t => Some(t),
            },
            _ => self.folded_label(label),
        }
    }

    /// [`Alphabet::tile_by_label`] of the one-character text `c` (ASCII).
    #[inline]
    pub(crate) fn tile_by_ascii(&self, c: u8) -> Option<Tile> {
        match self.label_ascii[c as usize & 127] {
            0 => None,
            t => Some(t),
        }
    }

    /// The tile whose label is `label` upper-cased and folded (what the
    /// table of one-character labels holds).
    fn folded_label(&self, label: &str) -> Option<Tile> {
        let up = self.fold(label);
        self.by_label.get(&up).copied()
    }

    /// Upper-cases `text` and applies the fold rules.
    pub fn fold(&self, text: &str) -> String {
        let upper = text.to_uppercase();
        if self.folds.is_empty() {
            return upper;
        }
        let mut out = String::with_capacity(upper.len());
        let mut rest = upper.as_str();
        while let Some(c) = rest.chars().next() {
            match self
                .folds
                .iter()
                .find(|(f, _)| rest.starts_with(f.as_str()))
            {
                Some((f, to)) => {
                    out.push_str(to);
                    rest = &rest[f.len()..];
                }
                None => {
                    out.push(c);
                    rest = &rest[c.len_utf8()..];
                }
            }
        }
        out
    }

    /// Turns a word into tiles. On failure returns the first character (as
    /// written after folding) that starts no tile label.
    pub fn tokenize(&self, word: &str) -> std::result::Result<Vec<Tile>, char> {
        let mut out = Vec::with_capacity(word.len());
        self.tokenize_into(word, &mut out)?;
        Ok(out)
    }

    /// Like [`tokenize`](Self::tokenize), appending to `out` (cleared first).
    pub fn tokenize_into(&self, word: &str, out: &mut Vec<Tile>) -> std::result::Result<(), char> {
        out.clear();
        // Upper-case ASCII needs no folding: the common case for English lists.
        let folded;
        let ascii_folds = self.folds.iter().any(|(f, _)| f.is_ascii());
        let text: &str = if !ascii_folds && word.bytes().all(|b| b.is_ascii_uppercase()) {
            word
        } else if !ascii_folds && word.bytes().all(|b| b.is_ascii_alphabetic()) {
            folded = word.to_ascii_uppercase();
            &folded
        } else {
            folded = self.fold(word);
            &folded
        };
        if self.max_label_chars == 1 {
            for c in text.chars() {
                match self.char_tile(c) {
                    Some(t) => out.push(t),
                    None => return Err(c),
                }
            }
            return Ok(());
        }
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        let mut buf = String::new();
        while i < chars.len() {
            let mut found = None;
            let longest = self.max_label_chars.min(chars.len() - i);
            for n in (2..=longest).rev() {
                buf.clear();
                buf.extend(&chars[i..i + n]);
                if let Some(&t) = self.by_label.get(&buf) {
                    found = Some((t, n));
                    break;
                }
            }
            if found.is_none() {
                if let Some(t) = self.char_tile(chars[i]) {
                    found = Some((t, 1));
                }
            }
            match found {
                Some((t, n)) => {
                    out.push(t);
                    i += n;
                }
                None => return Err(chars[i]),
            }
        }
        Ok(())
    }

    /// Label of tile `t` as text: multi-character labels in brackets (`[CH]`),
    /// lower case when `blank` is set (a blank played as that letter).
    pub fn label(&self, t: Tile, blank: bool) -> String {
        let l = &self.tiles[t as usize].label;
        let l = if blank { l.to_lowercase() } else { l.clone() };
        if l.chars().count() > 1 {
            format!("[{l}]")
        } else {
            l
        }
    }

    /// Writes tiles as text, multi-character tiles bracketed (see [`label`](Self::label)).
    pub fn render(&self, tiles: &[Tile]) -> String {
        tiles.iter().map(|&t| self.label(t, false)).collect()
    }

    /// Writes tiles as plain words: labels concatenated without brackets.
    pub fn spell(&self, tiles: &[Tile]) -> String {
        tiles
            .iter()
            .map(|&t| self.tiles[t as usize].label.as_str())
            .collect()
    }

    /// True when `other` has the same tiles with the same values, in any
    /// numbers: another distribution of this alphabet's tiles (super-english
    /// of english), which a lexicon of this alphabet can be played with.
    pub fn same_tiles(&self, other: &Alphabet) -> bool {
        self.len() == other.len()
            && self
                .tiles
                .iter()
                .zip(&other.tiles)
                .all(|(x, y)| x.label == y.label && x.score == y.score)
    }

    /// Total tiles in a full bag, blanks included.
    pub fn bag_size(&self) -> usize {
        self.tiles.iter().map(|t| t.count as usize).sum()
    }

    /// Serializes the alphabet in the text syntax of alphabet files.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for (i, t) in self.tiles.iter().enumerate() {
            let label = if i == 0 {
                "?".to_string()
            } else {
                self.label(i as Tile, false)
            };
            s.push_str(&format!(
                "{} {} {} {}\n",
                label, t.score, t.count, t.vowel as u8
            ));
        }
        for (from, to) in &self.folds {
            s.push_str(&format!("fold {from} {to}\n"));
        }
        s
    }
}

impl fmt::Display for Alphabet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({} tiles)", self.name, self.len())
    }
}

/// `A` -> `A`, `[CH]` -> `CH`; `None` for anything else.
/// A tile label may not contain white space or the characters that racks
/// and patterns reserve (`?` alone is the blank).
fn valid_label(l: &str) -> bool {
    l == "?" || !l.chars().any(|c| c.is_whitespace() || "[]?*".contains(c))
}

fn parse_label(s: &str) -> Option<String> {
    if let Some(inner) = s.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        if inner.is_empty() {
            return None;
        }
        return Some(inner.to_string());
    }
    let mut cs = s.chars();
    match (cs.next(), cs.next()) {
        (Some(c), None) => Some(c.to_string()),
        _ => None,
    }
}

/// How plain characters (outside brackets) of a text are read as tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spelling {
    /// As a word is spelled: the alphabet's longest-match rule (`CHASCAS`
    /// starts with the CH tile in Spanish). Word lists, `contains`, prefixes.
    Word,
    /// One character, one tile, as CGP writes racks and board rows (`LL` is
    /// two L tiles; the LL tile is written `[LL]`). Racks and patterns.
    Tiles,
}

/// Whether a text of tiles may hold blanks (`?`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blanks {
    /// `?` is a blank (racks, anagram queries).
    Allowed,
    /// `?` is an error (words, prefixes, pattern letters).
    Refused,
}

impl Alphabet {
    /// Parses tiles written as text: bracketed labels (`[CH]`), `?` for a
    /// blank where `blanks` allows one, other characters as `spelling` says.
    ///
    /// ```
    /// use lexgraph::alphabet::{Blanks, Spelling};
    /// let es = lexgraph::Alphabet::builtin("spanish").unwrap();
    /// let word = es.parse_tiles("CHASCAS", Spelling::Word, Blanks::Refused).unwrap();
    /// let rack = es.parse_tiles("CH?", Spelling::Tiles, Blanks::Allowed).unwrap();
    /// assert_eq!((word.len(), rack.len()), (6, 3));
    /// ```
    pub fn parse_tiles(&self, text: &str, spelling: Spelling, blanks: Blanks) -> Result<Vec<Tile>> {
        let alphabet = self;
        let mut out = Vec::new();
        let mut plain = String::new();
        let not_a_tile = |what: String| {
            Error::Query(format!(
                "{what} in {text:?} is not a tile of the {} alphabet",
                alphabet.name()
            ))
        };
        let flush = |plain: &mut String, out: &mut Vec<Tile>| -> Result<()> {
            if !plain.is_empty() {
                let t = alphabet
                    .tokenize(plain)
                    .map_err(|c| not_a_tile(format!("{c:?}")))?;
                out.extend(t);
                plain.clear();
            }
            Ok(())
        };
        let mut chars = text.chars();
        let mut one = [0u8; 4];
        while let Some(c) = chars.next() {
            match c {
                '?' if blanks == Blanks::Allowed => {
                    flush(&mut plain, &mut out)?;
                    out.push(BLANK);
                }
                '[' => {
                    flush(&mut plain, &mut out)?;
                    let label: String = chars.by_ref().take_while(|&c| c != ']').collect();
                    let t = alphabet
                        .tile_by_label(&label)
                        .ok_or_else(|| not_a_tile(format!("[{label}]")))?;
                    out.push(t);
                }
                c if c.is_whitespace() => {}
                c if spelling == Spelling::Tiles => {
                    let t = alphabet
                        .tile_by_label(c.encode_utf8(&mut one))
                        .ok_or_else(|| not_a_tile(format!("{c:?}")))?;
                    out.push(t);
                }
                _ => plain.push(c),
            }
        }
        flush(&mut plain, &mut out)?;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table of one-character labels gives what the folded lookup
    /// does, for every ASCII character of every built-in alphabet (folds
    /// included).
    #[test]
    fn the_ascii_label_table_is_the_label_lookup() {
        for name in Alphabet::builtin_names() {
            let a = Alphabet::builtin(name).unwrap();
            for c in 0..128u8 {
                let text = std::str::from_utf8(&[c]).unwrap().to_string();
                assert_eq!(
                    a.tile_by_label(&text),
                    a.folded_label(&text),
                    "{name}: {:?}",
                    c as char
                );
            }
        }
    }

    #[test]
    fn builtins_match_standard_bags() {
        for (name, tiles, bag) in [
            ("english", 26, 100),
            ("super-english", 26, 200),
            ("spanish", 28, 100),
            ("polish", 32, 100),
            ("catalan", 26, 100),
            ("upwords", 26, 100),
        ] {
            let a = Alphabet::builtin(name).unwrap();
            assert_eq!(a.len(), tiles, "{name}");
            assert_eq!(a.bag_size(), bag, "{name}");
        }
    }

    #[test]
    fn spanish_digraphs_and_folds() {
        let es = Alphabet::builtin("spanish").unwrap();
        let t = es.tokenize("llorré").unwrap();
        assert_eq!(es.spell(&t), "LLORRE");
        assert_eq!(t.len(), 4);
        assert_eq!(es.tokenize("niño").unwrap().len(), 4);
        assert_eq!(
            es.tokenize("pingüino").unwrap(),
            es.tokenize("PINGUINO").unwrap()
        );
        assert_eq!(es.tokenize("kilo"), Err('K'));
    }

    #[test]
    fn catalan_middle_dot() {
        let ca = Alphabet::builtin("catalan").unwrap();
        let t = ca.tokenize("col·lecció").unwrap();
        assert_eq!(ca.render(&t), "CO[L·L]ECCIO");
    }

    #[test]
    fn text_round_trip() {
        for name in Alphabet::builtin_names() {
            let a = Alphabet::builtin(name).unwrap();
            let b = Alphabet::parse(name, &a.to_text(), "x").unwrap();
            assert_eq!(a, b);
        }
    }

    #[test]
    fn bad_alphabet_lines_are_named() {
        let e = Alphabet::parse("x", "? 0 2 0\nA 1 9\n", "f.txt").unwrap_err();
        assert!(e.to_string().contains("f.txt:2"), "{e}");
        let e = Alphabet::parse("x", "A 1 9 0\n", "f.txt").unwrap_err();
        assert!(e.to_string().contains("blank"), "{e}");
    }
}
