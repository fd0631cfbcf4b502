//! Leaves and equity: what the tiles kept on the rack are worth.
//!
//! A move's **equity** is its score plus the value of its **leave**, the
//! tiles it keeps. Every strong engine ranks moves by equity: `8D QUIRE`
//! for 30 keeping `S?` is a better play than 32 keeping `UUV`. A
//! [`LeaveValue`] says what a leave is worth; this module has Gordon's two
//! heuristics (Gordon 1993, as the thesis behind this project reproduces
//! them, O'Connor 2015, figures 7.1 and 7.2) and tables of values per
//! leave read from CSV.
//!
//! ```
//! use lexgraph::leave::{Gordon, LeaveValue};
//! use lexgraph::{Alphabet, Rack};
//!
//! let a = Alphabet::english();
//! let h2 = Gordon::heuristic2(&a);
//! // The thesis' worked example: I I I S S is worth -2.5 before the
//! // vowel-consonant balance, which adds +1 for 3 vowels and 2 consonants.
//! let leave = Rack::parse("IIISS", &a)?;
//! assert_eq!(h2.value(leave.counts()), -2.5 + 1.0);
//! # Ok::<(), lexgraph::Error>(())
//! ```
//!
//! # Equity
//!
//! [`equity`] is the score plus the leave's value while the bag holds
//! tiles. With an empty bag the leave has no future draws to balance, and
//! the game's end decides instead, as engines count it: a move that
//! plays out the rack gains twice the value of the opponent's tiles (the
//! opponent's rack counts against them and for the mover); a move that
//! keeps tiles loses twice the value of the tiles kept (the opponent may go
//! out next and collect them).

use std::collections::HashMap;
use std::path::Path;

use crate::alphabet::{Alphabet, Blanks, Spelling, Tile};
use crate::error::{Error, Result};
use crate::input;

/// The value of a leave, given as tile counts (index 0: blanks).
pub trait LeaveValue {
    /// Points the leave `counts` is worth (0 for the empty leave).
    fn value(&self, counts: &[u8; 64]) -> f32;

    /// The value of every leave `rack` holds, at once (a best-move search
    /// values them all each turn): `out[code]` is the value of the leave
    /// whose counts are `code`'s digits, in mixed radix over the rack's
    /// kinds of tile in tile order (blanks first), each digit of radix one
    /// more than the rack's copies, the first digit least significant.
    /// `out` holds exactly the product of those radixes. The default calls
    /// [`LeaveValue::value`] for each; a table can walk itself once.
    fn sub_leave_values(&self, rack: &[u8; 64], out: &mut [f32]) {
        each_sub_leave(self, rack, out);
    }
}

/// [`LeaveValue::sub_leave_values`] one leave at a time.
pub fn each_sub_leave<V: LeaveValue + ?Sized>(values: &V, rack: &[u8; 64], out: &mut [f32]) {
    // On the stack: no allocation per search.
    let (mut all, mut nk) = ([(0usize, 0u8); 64], 0);
    for (t, &c) in rack.iter().enumerate().filter(|(_, &c)| c > 0) {
        all[nk] = (t, c);
        nk += 1;
    }
    for (code, slot) in out.iter_mut().enumerate() {
        let (mut counts, mut rest) = ([0u8; 64], code);
        for &(t, c) in &all[..nk] {
            let radix = c as usize + 1;
            counts[t] = (rest % radix) as u8;
            rest /= radix;
        }
        *slot = values.value(&counts);
    }
}

/// A reference values as what it refers to (`&dyn LeaveValue` too).
impl<T: LeaveValue + ?Sized> LeaveValue for &T {
    fn value(&self, counts: &[u8; 64]) -> f32 {
        (**self).value(counts)
    }

    fn sub_leave_values(&self, rack: &[u8; 64], out: &mut [f32]) {
        (**self).sub_leave_values(rack, out)
    }
}

/// Gordon's per-letter heuristics: Heuristic 1 (a value per tile), or
/// Heuristic 2 (a value per tile, less for each duplicate, plus the
/// vowel-consonant balance).
#[derive(Clone, Debug)]
pub struct Gordon {
    base: [f32; 64],
    /// Added for the k-th extra copy, k times (0 in Heuristic 1).
    dup: [f32; 64],
    /// Tile is a vowel (A E I O U in English: the alphabet's flags).
    vowel: [bool; 64],
    /// Heuristic 2 adds the vowel-consonant table.
    balance: bool,
}

/// Gordon's values, from O'Connor (2015), figure 7.1: letter, Heuristic 1,
/// Heuristic 2 base, Heuristic 2 duplicate (`None`: a letter with one
/// copy in the bag).
const GORDON: [(&str, f32, f32, Option<f32>); 27] = [
    ("?", 24.5, 24.5, Some(-15.0)),
    ("A", 0.5, 1.0, Some(-3.0)),
    ("B", -3.5, -3.5, Some(-3.0)),
    ("C", -0.5, -0.5, Some(-3.5)),
    ("D", -1.0, 0.0, Some(-2.5)),
    ("E", 4.0, 4.0, Some(-2.5)),
    ("F", -3.0, -2.0, Some(-2.0)),
    ("G", -3.5, -2.0, Some(-2.5)),
    ("H", 0.5, 0.5, Some(-3.5)),
    ("I", -1.5, -0.5, Some(-4.0)),
    ("J", -2.5, -3.0, None),
    ("K", -1.5, -2.5, None),
    ("L", -1.5, -1.0, Some(-2.0)),
    ("M", -0.5, -1.0, Some(-2.0)),
    ("N", 0.0, 0.5, Some(-2.5)),
    ("O", -2.5, -1.5, Some(-3.5)),
    ("P", -1.5, -1.5, Some(-2.5)),
    ("Q", -11.5, -11.5, None),
    ("R", 1.0, 1.5, Some(-3.5)),
    ("S", 7.5, 7.5, Some(-4.0)),
    ("T", -1.0, 0.0, Some(-2.5)),
    ("U", -4.5, -3.0, Some(-3.0)),
    ("V", -6.5, -5.5, Some(-3.5)),
    ("W", -4.0, -4.0, Some(-4.5)),
    ("X", 3.5, 3.5, None),
    ("Y", -2.5, -2.0, Some(-4.5)),
    ("Z", 3.0, 2.0, None),
];

/// The vowel-consonant balance (O'Connor 2015, figure 7.2): row = vowels
/// kept, column = consonants kept (blanks are neither).
const BALANCE: [[f32; 7]; 7] = [
    [0.0, 0.0, -1.0, -2.0, -3.0, -4.0, -5.0],
    [-1.0, 1.0, 1.0, 0.0, -1.0, -2.0, 0.0],
    [-2.0, 0.0, 2.0, 2.0, 1.0, 0.0, 0.0],
    [-3.0, -1.0, 1.0, 3.0, 0.0, 0.0, 0.0],
    [-4.0, -2.0, 0.0, 0.0, 0.0, 0.0, 0.0],
    [-5.0, -3.0, 0.0, 0.0, 0.0, 0.0, 0.0],
    [-6.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
];

impl Gordon {
    fn new(alphabet: &Alphabet, h2: bool) -> Gordon {
        let mut g = Gordon {
            base: [0.0; 64],
            dup: [0.0; 64],
            vowel: [false; 64],
            balance: h2,
        };
        for (label, h1, base, dup) in GORDON {
            let t = if label == "?" {
                Some(0)
            } else {
                alphabet.tile_by_label(label)
            };
            if let Some(t) = t {
                let t = t as usize & 63;
                g.base[t] = if h2 { base } else { h1 };
                g.dup[t] = if h2 { dup.unwrap_or(0.0) } else { 0.0 };
            }
        }
        for t in 1..=alphabet.len().min(63) {
            g.vowel[t] = alphabet.tile(t as Tile).vowel;
        }
        g
    }

    /// Heuristic 1: each tile kept is worth its letter's value. Tiles of
    /// `alphabet` that Gordon's English table lacks are worth 0.
    pub fn heuristic1(alphabet: &Alphabet) -> Gordon {
        Gordon::new(alphabet, false)
    }

    /// Heuristic 2: the k-th extra copy of a letter adds `base + k × dup`
    /// (n copies: `n × base + dup × n(n−1)/2`), plus the vowel-consonant
    /// balance of the leave (vowels by the alphabet's flags).
    pub fn heuristic2(alphabet: &Alphabet) -> Gordon {
        Gordon::new(alphabet, true)
    }

    /// Whether this is Heuristic 2 (duplicates and the balance table count).
    pub fn is_heuristic2(&self) -> bool {
        self.balance
    }

    /// Tile `t`'s value and duplicate value.
    pub fn weight(&self, t: Tile) -> (f32, f32) {
        (self.base[t as usize & 63], self.dup[t as usize & 63])
    }

    /// Sets tile `t`'s value and duplicate value (the duplicate counts in
    /// Heuristic 2 only).
    pub fn set_weight(&mut self, t: Tile, base: f32, dup: f32) {
        self.base[t as usize & 63] = base;
        self.dup[t as usize & 63] = if self.balance { dup } else { 0.0 };
    }

    /// The weights as CSV, `tile,value,duplicate`, a line per tile of
    /// `alphabet` (`?` the blank): what [`Gordon::parse_csv`] reads.
    pub fn to_csv(&self, alphabet: &Alphabet) -> String {
        let mut s = String::from("tile,value,duplicate\n");
        for t in std::iter::once(0).chain(1..=alphabet.len().min(63) as Tile) {
            let label = if t == 0 {
                "?".to_string()
            } else {
                alphabet.label(t, false)
            };
            let (b, d) = self.weight(t);
            s.push_str(&format!("{label},{b},{d}\n"));
        }
        s
    }

    /// Reads weights written by [`Gordon::to_csv`] (a header line, `#`
    /// comments and blank lines skipped; the duplicate column may be left
    /// out); tiles not listed are worth 0. Heuristic 2 when `h2`.
    pub fn parse_csv(text: &str, origin: &str, alphabet: &Alphabet, h2: bool) -> Result<Gordon> {
        let mut g = Gordon {
            base: [0.0; 64],
            dup: [0.0; 64],
            vowel: Gordon::new(alphabet, h2).vowel,
            balance: h2,
        };
        let mut offset = 0u64;
        for (i, raw) in text.split('\n').enumerate() {
            let at = offset;
            offset += raw.len() as u64 + 1;
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') || (i == 0 && line.starts_with("tile,")) {
                continue;
            }
            let bad = |msg: String| Error::Input {
                origin: origin.to_string(),
                line: i + 1,
                offset: at,
                msg,
            };
            let fields: Vec<&str> = line.split(',').map(str::trim).collect();
            if !(2..=3).contains(&fields.len()) {
                return Err(bad(format!(
                    "expected tile,value,duplicate: {:?}",
                    input::snippet(line)
                )));
            }
            let t = match fields[0] {
                "?" => 0,
                label => match alphabet.parse_tiles(label, Spelling::Tiles, Blanks::Refused) {
                    Ok(ts) if ts.len() == 1 => ts[0],
                    _ => return Err(bad(format!("{:?} is not one tile", input::snippet(label)))),
                },
            };
            let number = |f: &str| -> Result<f32> {
                f.parse::<f32>()
                    .ok()
                    .filter(|v| v.is_finite())
                    .ok_or_else(|| bad(format!("{:?} is not a number", input::snippet(f))))
            };
            let base = number(fields[1])?;
            let dup = fields.get(2).map(|f| number(f)).transpose()?.unwrap_or(0.0);
            g.set_weight(t, base, dup);
        }
        Ok(g)
    }
}

impl LeaveValue for Gordon {
    fn value(&self, counts: &[u8; 64]) -> f32 {
        let (mut v, mut vowels, mut consonants) = (0.0f32, 0usize, 0usize);
        for (t, &n) in counts.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let n = n as f32;
            v += n * self.base[t] + self.dup[t] * n * (n - 1.0) / 2.0;
            if t != 0 {
                if self.vowel[t] {
                    vowels += n as usize;
                } else {
                    consonants += n as usize;
                }
            }
        }
        if self.balance && vowels < 7 && consonants < 7 {
            v += BALANCE[vowels][consonants];
        }
        v
    }
}

/// Largest leave table file read: 64 MiB (every English leave of 1 to 6
/// tiles, about 900,000 lines, takes some 18 MB).
pub const MAX_TABLE_BYTES: u64 = 64 << 20;

/// A value per leave, as a table: leaves not in it are worth 0.
#[derive(Clone, Debug, Default)]
pub struct LeaveTable {
    values: HashMap<Vec<u8>, f32>,
}

/// The key of a leave: its tiles in order, blanks first.
fn key(counts: &[u8; 64]) -> Vec<u8> {
    let mut k = Vec::new();
    for (t, &n) in counts.iter().enumerate() {
        k.extend(std::iter::repeat_n(t as u8, n as usize));
    }
    k
}

impl LeaveTable {
    /// Reads `leave,value` lines (`#` comments and blank lines skipped; a
    /// first line `leave,value` is a header): the leave in rack notation
    /// (`?` a blank, `[CH]` a multi-character tile), the value a number.
    /// A leave given twice is an error, as is a bad tile or value, named
    /// with its line.
    pub fn parse(text: &str, origin: &str, alphabet: &Alphabet) -> Result<LeaveTable> {
        let mut values = HashMap::new();
        let mut offset = 0u64;
        for (i, raw) in text.split('\n').enumerate() {
            let at = offset;
            offset += raw.len() as u64 + 1;
            let line = raw.trim();
            let n = i + 1;
            if line.is_empty() || line.starts_with('#') || (n == 1 && line == "leave,value") {
                continue;
            }
            let bad = |msg: String| Error::Input {
                origin: origin.to_string(),
                line: n,
                offset: at,
                msg,
            };
            let (leave, value) = line
                .split_once(',')
                .ok_or_else(|| bad(format!("{:?} is not leave,value", input::snippet(line))))?;
            let tiles = alphabet
                .parse_tiles(leave, Spelling::Tiles, Blanks::Allowed)
                .map_err(|e| bad(e.to_string()))?;
            let value: f32 = value
                .trim()
                .parse()
                .ok()
                .filter(|v: &f32| v.is_finite())
                .ok_or_else(|| bad(format!("{:?} is not a number", input::snippet(value))))?;
            if tiles.is_empty() {
                return Err(bad("the empty leave is worth 0 and takes no value".into()));
            }
            let mut counts = [0u8; 64];
            for t in tiles {
                counts[t as usize & 63] = counts[t as usize & 63].saturating_add(1);
            }
            if values.insert(key(&counts), value).is_some() {
                return Err(bad(format!(
                    "the leave {:?} is given twice",
                    input::snippet(leave)
                )));
            }
        }
        Ok(LeaveTable { values })
    }

    /// [`LeaveTable::parse`] on a file of at most [`MAX_TABLE_BYTES`].
    pub fn read(path: &Path, alphabet: &Alphabet) -> Result<LeaveTable> {
        use std::io::Read;
        let origin = path.display().to_string();
        let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
        let mut bytes = Vec::new();
        file.take(MAX_TABLE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| Error::io(path, e))?;
        let fault = |offset: u64, msg: String| Error::BadFile {
            origin: origin.clone(),
            offset,
            msg,
        };
        if bytes.len() as u64 > MAX_TABLE_BYTES {
            return Err(fault(
                MAX_TABLE_BYTES,
                format!("a leave table has at most {MAX_TABLE_BYTES} bytes"),
            ));
        }
        let text = String::from_utf8(bytes)
            .map_err(|e| fault(e.utf8_error().valid_up_to() as u64, "not UTF-8".into()))?;
        LeaveTable::parse(&text, &origin, alphabet)
    }

    /// Every leave (tiles ascending, blanks first as tile 0) and its
    /// value, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (&[u8], f32)> + '_ {
        self.values.iter().map(|(k, &v)| (&k[..], v))
    }

    /// Leaves in the table.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// True when the table has no leave.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

impl LeaveValue for LeaveTable {
    fn value(&self, counts: &[u8; 64]) -> f32 {
        self.values.get(&key(counts)).copied().unwrap_or(0.0)
    }
}

/// The sum of the tile values of `counts` (blanks 0).
pub fn tiles_value(alphabet: &Alphabet, counts: &[u8; 64]) -> i32 {
    let values = alphabet.values();
    counts.iter().zip(values).map(|(&c, v)| c as i32 * v).sum()
}

/// A move's equity (see the [module](self) docs): `score` plus the value
/// of `leave` while `bag` tiles remain; with an empty bag, twice the
/// opponent's tile values when the leave is empty, else minus twice the
/// leave's tile values.
pub fn equity(
    score: i32,
    leave: &[u8; 64],
    values: &impl LeaveValue,
    bag: usize,
    opponent: &[u8; 64],
    alphabet: &Alphabet,
) -> f32 {
    if bag > 0 {
        return score as f32 + values.value(leave);
    }
    let kept_any = leave.iter().any(|&n| n != 0);
    let kept = if kept_any {
        tiles_value(alphabet, leave)
    } else {
        0
    };
    settle(score, kept_any, kept, tiles_value(alphabet, opponent))
}

/// [`equity`] with an empty bag, from tile values: a play scoring `score`
/// that keeps tiles (`kept_any`) worth `kept` points, the opponent's worth
/// `opponent`.
pub fn settle(score: i32, kept_any: bool, kept: i32, opponent: i32) -> f32 {
    if kept_any {
        score as f32 - 2.0 * kept as f32
    } else {
        score as f32 + 2.0 * opponent as f32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rack::Rack;

    fn counts(a: &Alphabet, text: &str) -> [u8; 64] {
        *Rack::parse(text, a).unwrap().counts()
    }

    /// The figures of the thesis: the worked duplicate example, and the
    /// range of Heuristic 2 with the balance table.
    #[test]
    fn gordon_matches_the_published_figures() {
        let a = Alphabet::english();
        let (h1, h2) = (Gordon::heuristic1(&a), Gordon::heuristic2(&a));
        // -0.5 + (-0.5 - 4.0) + (-0.5 - 4.0 - 4.0) + 7.5 + (7.5 - 4.0) = -2.5,
        // then 3 vowels and 2 consonants: +1 (the figure's example).
        let iiiss = counts(&a, "IIISS");
        assert_eq!(h2.value(&iiiss), -2.5 + 1.0);
        assert_eq!(BALANCE[3][2], 1.0);
        // Q -11.5, W W 2 x -4.0 - 4.5, Y Y 2 x -2.0 - 4.5, V -5.5: -38; no
        // vowel and 6 consonants: -5.
        assert_eq!(h2.value(&counts(&a, "QWWYYV")), -43.0);
        // ? 24.5, E 4.0, S 7.5, X 3.5, Z 2.0, A 1.0: 42.5; 2 vowels and 3
        // consonants (the blank is neither): +2.
        assert_eq!(h2.value(&counts(&a, "?ESXZA")), 44.5);
        // Heuristic 1: values add, no duplicates, no balance.
        assert_eq!(h1.value(&counts(&a, "SS?")), 7.5 + 7.5 + 24.5);
        assert_eq!(h1.value(&[0; 64]), 0.0);
        assert_eq!(h2.value(&[0; 64]), 0.0);
    }

    #[test]
    fn gordon_weights_round_trip_through_csv() {
        let a = Alphabet::english();
        for h2 in [false, true] {
            let g = if h2 {
                Gordon::heuristic2(&a)
            } else {
                Gordon::heuristic1(&a)
            };
            let csv = g.to_csv(&a);
            assert!(csv.starts_with("tile,value,duplicate\n?,24.5,"), "{csv}");
            let back = Gordon::parse_csv(&csv, "g.csv", &a, h2).unwrap();
            for leave in ["IIISS", "QWWYYV", "?ESXZA", "EE"] {
                let c = counts(&a, leave);
                assert_eq!(back.value(&c), g.value(&c), "{leave}");
            }
        }
        let e = Gordon::parse_csv("tile,value\nA,1\nAB,2\n", "g.csv", &a, false).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("g.csv:3 (byte offset 15): \"AB\" is not one tile"),
            "{e}"
        );
        assert!(Gordon::parse_csv("A,x", "g.csv", &a, false).is_err());
    }

    #[test]
    fn a_table_reads_csv_and_names_bad_lines() {
        let a = Alphabet::english();
        let t = LeaveTable::parse("leave,value\n# c\n?,28.3\nERST,22.7\n\n", "t.csv", &a).unwrap();
        assert_eq!(t.len(), 2);
        assert_eq!(t.value(&counts(&a, "TSRE")), 22.7);
        assert_eq!(t.value(&counts(&a, "?")), 28.3);
        assert_eq!(t.value(&counts(&a, "Q")), 0.0);
        for (text, want) in [
            ("?,x", "t.csv:1 (byte offset 0): \"x\" is not a number"),
            (
                "A,1\nA,2",
                "t.csv:2 (byte offset 4): the leave \"A\" is given twice",
            ),
            ("A;1", "t.csv:1 "),
            ("1,1", "t.csv:1 "),
            ("A,inf", "t.csv:1 "),
        ] {
            let e = LeaveTable::parse(text, "t.csv", &a)
                .unwrap_err()
                .to_string();
            assert!(e.contains(want), "{text:?}: {e}");
        }
    }

    #[test]
    fn equity_adds_the_leave_or_settles_the_end() {
        let a = Alphabet::english();
        let h1 = Gordon::heuristic1(&a);
        let s = counts(&a, "S");
        let none = [0u8; 64];
        let opp = counts(&a, "QZ"); // 10 + 10
        assert_eq!(equity(30, &s, &h1, 10, &opp, &a), 37.5);
        assert_eq!(equity(30, &none, &h1, 0, &opp, &a), 70.0);
        assert_eq!(equity(30, &s, &h1, 0, &opp, &a), 28.0);
    }
}
