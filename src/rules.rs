//! Rules: the board layout (premium squares, start square) and the scoring
//! constants (rack size, bingo bonus).
//!
//! A layout file has one line per row, one character per square: `.` plain,
//! `l` double letter, `L` triple letter, `q` quadruple letter, `w` double
//! word, `W` triple word, `Q` quadruple word; a line `start ROW COL` (0-based)
//! names the square the first move must cover (default: the centre). `#`
//! lines are comments. Built in: `standard` (15×15) and `super` (21×21).
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
    start: (usize, usize),
    /// Letter multiplier per square, row-major.
    letter: Vec<u8>,
    /// Word multiplier per square, row-major.
    word: Vec<u8>,
}

const BUILTIN: &[(&str, &str)] = &[
    ("standard", include_str!("../lexicons/boards/standard.txt")),
    ("super", include_str!("../lexicons/boards/super.txt")),
];

impl Layout {
    /// A built-in layout: `standard` (15×15) or `super` (21×21).
    pub fn builtin(name: &str) -> Result<Layout> {
        let (n, text) = BUILTIN
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                Error::Position(format!(
                    "unknown layout {name:?} (built in: standard, super; or give a file)"
                ))
            })?;
        Layout::parse(n, text)
    }

    /// The standard 15×15 layout.
    pub fn standard() -> Layout {
        Layout::builtin("standard").expect("built-in layout parses")
    }

    /// Reads a layout file.
    pub fn from_file(path: &std::path::Path) -> Result<Layout> {
        let text = crate::text::read_small_file(path, "a layout file")?;
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        Layout::parse(&name, &text).map_err(|e| Error::Position(format!("{}: {e}", path.display())))
    }

    /// Parses layout text (syntax in the module docs).
    pub fn parse(name: &str, text: &str) -> Result<Layout> {
        let mut rows: Vec<(usize, &str)> = Vec::new();
        let mut start = None;
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
                    [r, c] => start = Some((r, c)),
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
        let start = start.unwrap_or((size / 2, size / 2));
        if start.0 >= size || start.1 >= size {
            return Err(Error::Position(format!(
                "start square {start:?} is off the {size}x{size} board"
            )));
        }
        Ok(Layout {
            name: name.to_string(),
            size,
            start,
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
    /// The square the first move must cover.
    pub fn start(&self) -> (usize, usize) {
        self.start
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
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            layout: Layout::standard(),
            rack_size: 7,
            bingo_bonus: 50,
        }
    }
}

impl Rules {
    /// Standard rules on a given layout.
    pub fn with_layout(layout: Layout) -> Rules {
        Rules {
            layout,
            ..Rules::default()
        }
    }
}
