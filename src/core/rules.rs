//! Rules: the board layout (premium squares, start square) and the scoring
//! constants (rack size, bingo bonus).
//!
//! A layout file has one line per row, one character per square: `.` plain,
//! `l` double letter, `L` triple letter, `q` quadruple letter, `w` double
//! word, `W` triple word, `Q` quadruple word; a line `start ROW COL` (0-based)
//! names a square the first move must cover (default: the centre; several
//! lines name several, of which the first move covers one). `#` lines are
//! comments. Built in: `standard` (15×15), `super` (21×21) and `upwords`
//! (10×10, no premiums, the four centre squares as start squares).
//!
//! ```
//! use lexgraph::rules::Layout;
//! let std15 = Layout::builtin("standard").unwrap();
//! assert_eq!(std15.size(), 15);
//! assert_eq!(std15.start(), (7, 7));
//! assert_eq!(std15.word_mult(0, 0), 3);
//! assert_eq!(std15.letter_mult(0, 3), 2);
//! ```

use crate::error::{Error, Result};

/// Largest board side supported (moves keep per-square bitmasks in a `u32`).
pub const MAX_SIZE: usize = 31;

/// Premium squares and the start square of a square board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    name: String,
    size: usize,
    /// The squares a first move may cover (one or more).
    starts: Vec<(usize, usize)>,
    /// Letter multiplier per square, row-major.
    letter: Vec<u8>,
    /// Word multiplier per square, row-major.
    word: Vec<u8>,
}

const BUILTIN: &[(&str, &str)] = &[
    (
        "standard",
        include_str!("../../lexicons/boards/standard.txt"),
    ),
    ("super", include_str!("../../lexicons/boards/super.txt")),
    ("upwords", include_str!("../../lexicons/boards/upwords.txt")),
];

impl Layout {
    /// A built-in layout: `standard` (15×15), `super` (21×21) or `upwords`
    /// (10×10).
    pub fn builtin(name: &str) -> Result<Layout> {
        let (n, text) = BUILTIN
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                Error::Position(format!(
                    "unknown layout {name:?} (built in: standard, super, upwords; or give a file)"
                ))
            })?;
        Layout::parse(n, text)
    }

    /// A layout named on a command line: a file when the name exists as one
    /// (a FIFO or device too, so that its fault is reported as the file's)
    /// or looks like a path, else a built-in name.
    pub fn named(spec: &str) -> Result<Layout> {
        let path = std::path::Path::new(spec);
        if path.exists() || spec.contains(['/', std::path::MAIN_SEPARATOR]) {
            Layout::from_file(path)
        } else {
            Layout::builtin(spec)
        }
    }

    /// The built-in layout a CGP `bdn NAME;` opcode names: the ecosystem's
    /// `CrosswordGame` and `SuperCrosswordGame`, or lexgraph's own names.
    ///
    /// ```
    /// use lexgraph::rules::Layout;
    /// assert_eq!(Layout::for_cgp_name("SuperCrosswordGame").unwrap().size(), 21);
    /// assert!(Layout::for_cgp_name("Weird").is_none());
    /// ```
    pub fn for_cgp_name(name: &str) -> Option<Layout> {
        let builtin = match name.to_ascii_lowercase().as_str() {
            "crosswordgame" | "standard" | "standard15" => "standard",
            "supercrosswordgame" | "super" | "standard21" => "super",
            _ => return None,
        };
        Layout::builtin(builtin).ok()
    }

    /// The built-in layout of a board `size` squares a side, as a
    /// position that names none is played: 15 the standard layout, 21
    /// super; other sizes need a layout file.
    ///
    /// ```
    /// use lexgraph::rules::Layout;
    /// assert_eq!(Layout::for_size(21).unwrap().name(), "super");
    /// assert!(Layout::for_size(11).is_err());
    /// ```
    pub fn for_size(size: usize) -> Result<Layout> {
        match size {
            15 => Ok(Layout::standard()),
            21 => Layout::builtin("super"),
            n => Err(Error::Position(format!(
                "the board has {n} row{}: no built-in layout has {n} (standard is 15x15, \
                 super 21x21; give a layout file)",
                if n == 1 { "" } else { "s" }
            ))),
        }
    }

    /// The standard 15×15 layout.
    pub fn standard() -> Layout {
        Layout::builtin("standard").expect("built-in layout parses")
    }

    /// Reads a layout file.
    pub fn from_file(path: &std::path::Path) -> Result<Layout> {
        let text = crate::input::read_small_file(path, "a layout file")?;
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        Layout::parse(&name, &text).map_err(|e| Error::Position(format!("{}: {e}", path.display())))
    }

    /// Parses layout text (syntax in the module docs).
    pub fn parse(name: &str, text: &str) -> Result<Layout> {
        let mut rows: Vec<(usize, &str)> = Vec::new();
        let mut starts = Vec::new();
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(rest) = line.strip_prefix("start") {
                let nums: Vec<usize> = rest
                    .split_whitespace()
                    .filter_map(|x| x.parse().ok())
                    .collect();
                match nums[..] {
                    [r, c] => starts.push((r, c)),
                    _ => {
                        return Err(Error::Position(format!(
                            "layout line {}: expected `start ROW COL`",
                            i + 1
                        )))
                    }
                }
                continue;
            }
            rows.push((i + 1, line));
        }
        let size = rows.len();
        if size == 0 || size > MAX_SIZE {
            return Err(Error::Position(format!(
                "layout has {size} rows (1..={MAX_SIZE} allowed)"
            )));
        }
        let mut letter = Vec::with_capacity(size * size);
        let mut word = Vec::with_capacity(size * size);
        for (line_no, row) in &rows {
            if row.chars().count() != size {
                return Err(Error::Position(format!(
                    "layout line {line_no}: {} squares in a {size}-row layout (boards are square)",
                    row.chars().count()
                )));
            }
            for c in row.chars() {
                let (l, w) = match c {
                    '.' => (1, 1),
                    'l' => (2, 1),
                    'L' => (3, 1),
                    'q' => (4, 1),
                    'w' => (1, 2),
                    'W' => (1, 3),
                    'Q' => (1, 4),
                    _ => {
                        return Err(Error::Position(format!(
                            "layout line {line_no}: unknown square {c:?}"
                        )))
                    }
                };
                letter.push(l);
                word.push(w);
            }
        }
        if starts.is_empty() {
            starts.push((size / 2, size / 2));
        }
        if let Some(start) = starts.iter().find(|s| s.0 >= size || s.1 >= size) {
            return Err(Error::Position(format!(
                "start square {start:?} is off the {size}x{size} board"
            )));
        }
        starts.sort_unstable();
        starts.dedup();
        Ok(Layout {
            name: name.to_string(),
            size,
            starts,
            letter,
            word,
        })
    }

    /// Layout name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Board side.
    pub fn size(&self) -> usize {
        self.size
    }
    /// The square the first move must cover (with several start squares,
    /// the first in board order: see [`Layout::starts`]).
    pub fn start(&self) -> (usize, usize) {
        self.starts[0]
    }
    /// The squares of which the first move must cover one, in board order.
    ///
    /// ```
    /// use lexgraph::rules::Layout;
    /// let up = Layout::builtin("upwords").unwrap();
    /// assert_eq!(up.starts(), [(4, 4), (4, 5), (5, 4), (5, 5)]);
    /// ```
    pub fn starts(&self) -> &[(usize, usize)] {
        &self.starts
    }
    /// Whether a first move may cover this square.
    pub fn is_start(&self, row: usize, col: usize) -> bool {
        self.starts.contains(&(row, col))
    }
    /// Letter multiplier of a square.
    #[inline]
    pub fn letter_mult(&self, row: usize, col: usize) -> u8 {
        self.letter[row * self.size + col]
    }
    /// Word multiplier of a square.
    #[inline]
    pub fn word_mult(&self, row: usize, col: usize) -> u8 {
        self.word[row * self.size + col]
    }
}

/// Everything move generation needs besides the board and the lexicon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Premium squares and start square.
    pub layout: Layout,
    /// Tiles on a full rack; placing this many at once earns the bingo bonus.
    pub rack_size: usize,
    /// Bonus for placing a full rack.
    pub bingo_bonus: i32,
    /// How many tiles a square may hold: 1 in the crossword game; in
    /// games where tiles stack (Upwords: 5), a tile may go on a tile, up to
    /// this height, when the generator's [`Scoring`](crate::scoring::Scoring)
    /// stacks ([`Scoring::STACKING`](crate::scoring::Scoring::STACKING)).
    pub stack_limit: u8,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            layout: Layout::standard(),
            rack_size: 7,
            bingo_bonus: 50,
            stack_limit: 1,
        }
    }
}

/// Highest stack the rules accept (the interchange format writes a height
/// as one digit).
pub const MAX_STACK: u8 = 9;

/// Most tiles on a rack ([`crate::rack::Rack`] holds at most 63).
pub const MAX_RACK_SIZE: usize = 63;
/// Largest bingo bonus accepted.
pub const MAX_BINGO_BONUS: i32 = 1_000_000;
/// Highest score a tile can have (an alphabet stores it in a byte).
const MAX_TILE_SCORE: u128 = 255;

impl Rules {
    /// Standard rules on a given layout.
    pub fn with_layout(layout: Layout) -> Rules {
        Rules {
            layout,
            ..Rules::default()
        }
    }

    /// Upwords (classic edition): the 10×10 board with four start squares,
    /// 7-tile racks, +20 for playing all seven, stacks up to 5 high. Move
    /// generation scores them with [`crate::scoring::Upwords`].
    ///
    /// ```
    /// let up = lexgraph::Rules::upwords();
    /// assert_eq!((up.layout.size(), up.rack_size, up.bingo_bonus, up.stack_limit), (10, 7, 20, 5));
    /// ```
    pub fn upwords() -> Rules {
        Rules {
            layout: Layout::builtin("upwords").expect("built-in layout parses"),
            rack_size: 7,
            bingo_bonus: 20,
            stack_limit: 5,
        }
    }

    /// Whether tiles stack under these rules ([`Rules::stack_limit`] above 1).
    pub fn stacks(&self) -> bool {
        self.stack_limit > 1
    }

    /// Whether a player may exchange `tiles` tiles with `bag` tiles in the
    /// bag: in the crossword game any number, when the bag holds a rack's
    /// worth; where tiles stack (Upwords), one tile, while the bag holds any.
    ///
    /// ```
    /// use lexgraph::Rules;
    /// assert!(Rules::default().may_exchange(3, 7) && !Rules::default().may_exchange(3, 6));
    /// assert!(Rules::upwords().may_exchange(1, 1) && !Rules::upwords().may_exchange(2, 50));
    /// ```
    pub fn may_exchange(&self, tiles: usize, bag: usize) -> bool {
        if self.stacks() {
            tiles == 1 && bag >= 1
        } else {
            tiles >= 1 && bag >= self.rack_size
        }
    }

    /// Rules from their parts, checked with [`Rules::validate`].
    ///
    /// ```
    /// use lexgraph::rules::{Layout, Rules};
    /// assert!(Rules::new(Layout::standard(), 7, 50).is_ok());
    /// assert!(Rules::new(Layout::standard(), 7, i32::MAX).is_err());
    /// let all_q = Layout::parse("q", &format!("{}\n", "Q".repeat(15)).repeat(15)).unwrap();
    /// let err = Rules::new(all_q, 15, 50).unwrap_err().to_string();
    /// assert!(err.contains("more than 2147483647"), "{err}");
    /// ```
    pub fn new(layout: Layout, rack_size: usize, bingo_bonus: i32) -> Result<Rules> {
        let rules = Rules {
            layout,
            rack_size,
            bingo_bonus,
            stack_limit: 1,
        };
        rules.validate()?;
        Ok(rules)
    }

    /// Checks that scores under these rules fit an `i32`, so that move
    /// generation's arithmetic cannot wrap: a rack size of
    /// 1..=[`MAX_RACK_SIZE`], a bingo bonus of 0..=[`MAX_BINGO_BONUS`], and
    /// a highest possible score ([`Rules::max_score`]) of at most
    /// `i32::MAX`. [`crate::movegen::Generator`] relies on it and does not
    /// check scores on its hot path; rules built by hand (the fields are
    /// public) must pass this before use.
    pub fn validate(&self) -> Result<()> {
        let bad = |msg: String| Err(Error::Rules(msg));
        if !(1..=MAX_RACK_SIZE).contains(&self.rack_size) {
            return bad(format!(
                "rack size {} is out of range (1..={MAX_RACK_SIZE})",
                self.rack_size
            ));
        }
        if !(0..=MAX_BINGO_BONUS).contains(&self.bingo_bonus) {
            return bad(format!(
                "bingo bonus {} is out of range (0..={MAX_BINGO_BONUS})",
                self.bingo_bonus
            ));
        }
        if !(1..=MAX_STACK).contains(&self.stack_limit) {
            return bad(format!(
                "stack limit {} is out of range (1..={MAX_STACK})",
                self.stack_limit
            ));
        }
        let max = self.max_score();
        if max > i32::MAX as u128 {
            return bad(format!(
                "with {}-tile racks, layout {:?} (word multipliers up to x{} in one move) \
                 could score more than {} points in one move; use a smaller rack or fewer \
                 word premiums",
                self.rack_size,
                self.layout.name,
                self.word_product(),
                i32::MAX
            ));
        }
        Ok(())
    }

    /// An upper bound of any move's score under these rules, for tiles
    /// worth up to 255 points: a main word across the whole board with every
    /// letter on the best letter premium, times the product of the largest
    /// word multipliers one move can cover, plus a full-length cross word
    /// for every tile placed, plus the bingo bonus. (A stacked word scores
    /// at most [`MAX_STACK`] a square, far under a tile's 255.)
    pub fn max_score(&self) -> u128 {
        let l = &self.layout;
        let n = l.size as u128;
        let placed = self.rack_size.min(l.size) as u128;
        let lm = *l.letter.iter().max().unwrap_or(&1) as u128;
        let wm = *l.word.iter().max().unwrap_or(&1) as u128;
        let word = n * MAX_TILE_SCORE * lm;
        let bingo = self.bingo_bonus.max(0) as u128;
        word * self.word_product() + placed * word * wm + bingo
    }

    /// The product of the largest word multipliers a move of at most
    /// `rack_size` tiles can cover (an upper bound: the squares need not be
    /// on one line). At most 4^31, so no overflow.
    fn word_product(&self) -> u128 {
        let mut w = self.layout.word.clone();
        w.sort_unstable_by(|a, b| b.cmp(a));
        w.iter()
            .take(self.rack_size)
            .fold(1u128, |p, &m| p * m as u128)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(c: char, n: usize) -> Layout {
        let row = c.to_string().repeat(n);
        Layout::parse("all", &format!("{row}\n").repeat(n)).unwrap()
    }

    #[test]
    fn real_rules_pass() {
        for name in ["standard", "super"] {
            let l = Layout::builtin(name).unwrap();
            Rules::new(l.clone(), 7, 50).unwrap();
            Rules::new(l, 7, MAX_BINGO_BONUS).unwrap();
        }
    }

    #[test]
    fn out_of_range_options_are_refused() {
        let s = Layout::standard;
        for (rack, bingo, what) in [
            (0, 50, "rack size 0"),
            (64, 50, "rack size 64"),
            (7, -1, "bingo bonus -1"),
            (7, i32::MAX, "bingo bonus 2147483647"),
        ] {
            let e = Rules::new(s(), rack, bingo).unwrap_err().to_string();
            assert!(e.contains(what) && e.contains("out of range"), "{e}");
        }
        // Struct literals are checked by validate.
        let r = Rules {
            bingo_bonus: i32::MAX,
            ..Rules::default()
        };
        assert!(matches!(r.validate(), Err(Error::Rules(_))));
    }

    #[test]
    fn premium_products_that_could_wrap_are_refused() {
        // All quadruple-word squares: 4^15 x 15 x 255 overflows, 4^7 does not.
        let e = Rules::new(all('Q', 15), 15, 50).unwrap_err().to_string();
        assert!(e.contains("x1073741824"), "{e}");
        Rules::new(all('Q', 15), 7, 50).unwrap();
        // The largest board, largest premiums, longest rack that still fits.
        let q31 = all('Q', 31);
        let fits = (1..=MAX_RACK_SIZE)
            .take_while(|&r| Rules::new(q31.clone(), r, 0).is_ok())
            .last()
            .unwrap();
        let r = Rules::new(q31.clone(), fits, 0).unwrap();
        assert!(r.max_score() <= i32::MAX as u128);
        let over = Rules {
            rack_size: fits + 1,
            ..r
        };
        assert!(over.max_score() > i32::MAX as u128);
        // Plain squares: any rack size.
        Rules::new(all('.', 31), MAX_RACK_SIZE, MAX_BINGO_BONUS).unwrap();
    }
}
