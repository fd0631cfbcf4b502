//! Helpers shared by the criterion benches (`benches/lexicon.rs`,
//! `benches/movegen.rs`) and the report (`benches/report/`): where the word
//! lists and position suites live, loading and sampling them, building
//! lexicon files in a temporary directory, the blank position suites, and
//! deterministic non-word generators.
//!
//! Each target includes this file with
//! `#[path = "common/mod.rs"] mod common;` and uses only part of it.
#![allow(dead_code)]

use lexgraph::Invalid;
use std::path::{Path, PathBuf};

use lexgraph::compile;
use lexgraph::movegen::{Generator, Move, Options};
use lexgraph::position::Position;
use lexgraph::rack::Rack;
use lexgraph::rules::{Layout, Rules};
use lexgraph::{Alphabet, Lexicon, Tile, WordList, BLANK};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Default directory of the large word lists (beside the crate).
pub const DEFAULT_LEXICONS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/lexicons");
/// The word lists shipped with the project (fallback).
pub const PROJECT_LEXICONS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/lexicons");
/// The stored position suites.
pub const POSITIONS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/positions");

/// Number of positions in each blank suite.
pub const BLANK_SUITE_LEN: usize = 300;
/// Rack size used to validate positions.
pub const RACK_SIZE: usize = 7;

/// The word-list directory: `$LEXGRAPH_LEXICONS`, else [`DEFAULT_LEXICONS`].
pub fn lexicons_dir() -> PathBuf {
    match std::env::var_os("LEXGRAPH_LEXICONS") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(DEFAULT_LEXICONS),
    }
}

/// A word list the benches know about.
#[derive(Clone, Copy, Debug)]
pub struct ListSpec {
    /// Display name.
    pub name: &'static str,
    /// File name in the lexicons directory.
    pub file: &'static str,
    /// Built-in alphabet.
    pub alphabet: &'static str,
    /// Leave out words the alphabet cannot spell.
    pub skip_invalid: bool,
    /// Stand-in from the project's own `lexicons/` when the file is missing.
    pub fallback: Option<&'static str>,
}

pub const ENABLE: ListSpec = ListSpec {
    name: "ENABLE",
    file: "enable1.txt",
    alphabet: "english",
    skip_invalid: false,
    fallback: Some("wordlist-en.txt"),
};
pub const SOWPODS: ListSpec = ListSpec {
    name: "SOWPODS",
    file: "sowpods.txt",
    alphabet: "english",
    skip_invalid: false,
    fallback: Some("wordlist-en.txt"),
};
pub const WORDLIST_EN: ListSpec = ListSpec {
    name: "wordlist-en",
    file: "wordlist-en.txt",
    alphabet: "english",
    skip_invalid: false,
    fallback: Some("wordlist-en.txt"),
};
pub const SPANISH: ListSpec = ListSpec {
    name: "Spanish",
    file: "spanish.txt",
    alphabet: "spanish",
    skip_invalid: true,
    fallback: Some("spanish.txt"),
};
pub const POLISH: ListSpec = ListSpec {
    name: "Polish (SJP)",
    file: "polish-sjp.txt",
    alphabet: "polish",
    skip_invalid: true,
    fallback: None,
};

/// A word list file found on disk.
#[derive(Clone, Debug)]
pub struct Resolved {
    pub spec: ListSpec,
    pub path: PathBuf,
    /// Set when a stand-in is used instead of the real list.
    pub note: Option<String>,
}

/// Finds `spec` in `dir`, else its stand-in in the project's `lexicons/`
/// (printing a note on stderr). `None` when neither exists.
pub fn resolve(dir: &Path, spec: ListSpec) -> Option<Resolved> {
    let p = dir.join(spec.file);
    if p.is_file() {
        return Some(Resolved {
            spec,
            path: p,
            note: None,
        });
    }
    let fb = PathBuf::from(PROJECT_LEXICONS).join(spec.fallback?);
    if !fb.is_file() {
        return None;
    }
    let note = if spec.fallback == Some(spec.file) {
        format!(
            "{} not found in {}; using the project's copy {}",
            spec.file,
            dir.display(),
            fb.display()
        )
    } else {
        format!(
            "{} not found in {}; {} stands in for {}",
            spec.file,
            dir.display(),
            fb.display(),
            spec.name
        )
    };
    eprintln!("note: {note}");
    Some(Resolved {
        spec,
        path: fb,
        note: Some(note),
    })
}

/// Like [`resolve`], panicking with a clear message when nothing is found.
pub fn resolve_or_panic(dir: &Path, spec: ListSpec) -> Resolved {
    resolve(dir, spec).unwrap_or_else(|| {
        panic!(
            "word list {} not found in {} (set LEXGRAPH_LEXICONS)",
            spec.file,
            dir.display()
        )
    })
}

/// A built-in alphabet by name.
pub fn alphabet(name: &str) -> Alphabet {
    Alphabet::builtin(name).unwrap_or_else(|e| panic!("alphabet {name}: {e}"))
}

/// Reads a word list.
pub fn read_words(path: &Path, alphabet: &Alphabet, skip_invalid: bool) -> WordList {
    WordList::read(path, alphabet, Invalid::skip_if(skip_invalid))
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// `n` words spread evenly over the sorted list: word `⌊i·len/n⌋` for
/// `i < n` (every k-th word with k = len/n, which need not be whole); the
/// whole list when it has at most `n` words (or `n == 0`). Deterministic.
pub fn sample(words: &WordList, n: usize) -> WordList {
    let len = words.len();
    if n == 0 || n >= len {
        return words.clone();
    }
    WordList::from_tiles(words.alphabet(), (0..n).map(|i| words.word(i * len / n)))
}

/// The words as text.
pub fn spelled(words: &WordList) -> Vec<String> {
    let a = words.alphabet();
    words.iter().map(|w| a.spell(w)).collect()
}

/// A compiled word list: both files written to a temporary directory and
/// memory-mapped.
pub struct Compiled {
    pub dir: tempfile::TempDir,
    pub dawg_path: PathBuf,
    pub gaddag_path: PathBuf,
    pub dawg: Lexicon,
    pub gaddag: Lexicon,
    /// (dawg nodes, dawg edges, gaddag nodes, gaddag edges).
    pub counts: (usize, usize, usize, usize),
}

impl Compiled {
    /// The lexicon of one kind.
    pub fn get(&self, kind: lexgraph::Kind) -> &Lexicon {
        match kind {
            lexgraph::Kind::Dawg => &self.dawg,
            lexgraph::Kind::Gaddag => &self.gaddag,
        }
    }
}

/// Compiles `words`, writes `STEM.dawg` and `STEM.gaddag` to a new temporary
/// directory and opens them.
pub fn compile_to_temp(words: &WordList, stem: &str) -> Compiled {
    let files = compile::compile(words);
    let dir = tempfile::tempdir().expect("temporary directory");
    let dawg_path = dir.path().join(format!("{stem}.dawg"));
    let gaddag_path = dir.path().join(format!("{stem}.gaddag"));
    compile::write_atomic(&dawg_path, &files.dawg).expect("writing the DAWG");
    compile::write_atomic(&gaddag_path, &files.gaddag).expect("writing the GADDAG");
    let dawg = Lexicon::open(&dawg_path).expect("opening the DAWG");
    let gaddag = Lexicon::open(&gaddag_path).expect("opening the GADDAG");
    Compiled {
        dir,
        dawg_path,
        gaddag_path,
        dawg,
        gaddag,
        counts: files.counts,
    }
}

/// A stored position suite and what it needs.
#[derive(Clone, Copy, Debug)]
pub struct SuiteSpec {
    /// Short name used in bench ids: `enable`, `sowpods`, `enable-super21`.
    pub name: &'static str,
    /// File in `benches/positions/`.
    pub file: &'static str,
    /// The word list it was played with.
    pub list: ListSpec,
    /// Alphabet to compile the list with.
    pub alphabet: &'static str,
    /// Board layout.
    pub layout: &'static str,
}

pub const SUITE_ENABLE: SuiteSpec = SuiteSpec {
    name: "enable",
    file: "enable.cgp",
    list: ENABLE,
    alphabet: "english",
    layout: "standard",
};
pub const SUITE_SOWPODS: SuiteSpec = SuiteSpec {
    name: "sowpods",
    file: "sowpods.cgp",
    list: SOWPODS,
    alphabet: "english",
    layout: "standard",
};
pub const SUITE_SUPER21: SuiteSpec = SuiteSpec {
    name: "enable-super21",
    file: "enable-super21.cgp",
    list: ENABLE,
    alphabet: "super-english",
    layout: "super",
};

impl SuiteSpec {
    /// Rules of the suite's board.
    pub fn rules(&self) -> Rules {
        Rules::with_layout(
            Layout::builtin(self.layout).unwrap_or_else(|e| panic!("layout {}: {e}", self.layout)),
        )
    }

    /// Path of the stored suite.
    pub fn path(&self) -> PathBuf {
        PathBuf::from(POSITIONS).join(self.file)
    }

    /// Path of the suite with `blanks` blanks substituted into the rack.
    pub fn blank_path(&self, blanks: usize) -> PathBuf {
        let stem = self.file.trim_end_matches(".cgp");
        PathBuf::from(POSITIONS).join(format!("{stem}-blank{blanks}.cgp"))
    }
}

/// The CGP lines of a file (blank lines left out).
pub fn read_lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

/// Parses CGP lines for a board of side `size`.
pub fn parse_positions(lines: &[String], alphabet: &Alphabet, size: usize) -> Vec<Position> {
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            Position::parse_cgp(l, alphabet, size)
                .unwrap_or_else(|e| panic!("position {}: {e}: {l}", i + 1))
        })
        .collect()
}

/// Reads a suite file for a board of side `size`.
pub fn read_suite(path: &Path, alphabet: &Alphabet, size: usize) -> Vec<Position> {
    parse_positions(&read_lines(path), alphabet, size)
}

/// One position of a blank suite: the stored line it came from, and the
/// line with blanks in the rack.
#[derive(Clone, Debug)]
pub struct BlankPosition {
    /// 0-based line number in the stored suite.
    pub index: usize,
    pub base: String,
    pub blanked: String,
}

/// Replaces the last `blanks` tiles of the mover's rack (in rack order, as
/// the rack is written) with blanks, if the rack holds no blank and has that
/// many tiles, and the result still fits the bag (at most as many blanks as
/// the alphabet has, counting the board's blanks and both racks; every other
/// tile within its count). `None` when any of this fails.
pub fn add_blanks(pos: &Position, alphabet: &Alphabet, blanks: usize) -> Option<Position> {
    let rack = pos.rack();
    if rack.count(BLANK) > 0 || rack.len() < blanks {
        return None;
    }
    let mut tiles: Vec<Tile> = rack.tiles();
    let keep = tiles.len() - blanks;
    tiles.truncate(keep);
    tiles.extend(std::iter::repeat_n(BLANK, blanks));
    let mut p = pos.clone();
    p.racks[0] = Rack::from_tiles(&tiles);
    p.validate(alphabet, RACK_SIZE).ok()?;
    Some(p)
}

/// Builds a blank suite from the stored suite's lines: every position that
/// [`add_blanks`] accepts, then `count` of them evenly spaced over the suite
/// (all of them when fewer qualify). Deterministic.
pub fn make_blank_suite(
    lines: &[String],
    alphabet: &Alphabet,
    size: usize,
    blanks: usize,
    count: usize,
) -> Vec<BlankPosition> {
    let eligible: Vec<BlankPosition> = lines
        .iter()
        .enumerate()
        .filter_map(|(i, l)| {
            let pos = Position::parse_cgp(l, alphabet, size)
                .unwrap_or_else(|e| panic!("position {}: {e}: {l}", i + 1));
            let p = add_blanks(&pos, alphabet, blanks)?;
            Some(BlankPosition {
                index: i,
                base: l.clone(),
                blanked: p.to_cgp(alphabet),
            })
        })
        .collect();
    if eligible.len() <= count {
        return eligible;
    }
    (0..count)
        .map(|i| eligible[i * eligible.len() / count].clone())
        .collect()
}

/// `n` non-words near real words: a random word of the list with one tile
/// replaced by a random other tile, kept if the result is not a word.
/// Deterministic for a seed.
pub fn near_miss_nonwords(words: &WordList, lex: &Lexicon, n: usize, seed: u64) -> Vec<String> {
    let a = words.alphabet();
    let tiles = a.len() as Tile;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(n);
    let mut w: Vec<Tile> = Vec::new();
    while out.len() < n {
        w.clear();
        w.extend_from_slice(words.word(rng.gen_range(0..words.len())));
        let i = rng.gen_range(0..w.len());
        let t = rng.gen_range(1..=tiles);
        if t == w[i] {
            continue;
        }
        w[i] = t;
        if !lex.contains_tiles(&w) {
            out.push(a.spell(&w));
        }
    }
    out
}

/// `n` random tile strings (2 to 15 tiles, tiles uniform over the alphabet)
/// that are not words. Deterministic for a seed.
pub fn random_nonwords(lex: &Lexicon, n: usize, seed: u64) -> Vec<String> {
    let a = lex.alphabet();
    let tiles = a.len() as Tile;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(n);
    let mut w: Vec<Tile> = Vec::new();
    while out.len() < n {
        w.clear();
        let len = rng.gen_range(2..=15);
        w.extend((0..len).map(|_| rng.gen_range(1..=tiles)));
        if !lex.contains_tiles(&w) {
            out.push(a.spell(&w));
        }
    }
    out
}

/// Generates all moves for every position into `moves` (cleared per
/// position); returns the total number of moves.
pub fn generate_all(
    gen: &mut Generator,
    lex: &Lexicon,
    positions: &[Position],
    moves: &mut Vec<Move>,
) -> usize {
    let opts = Options::default();
    let mut total = 0;
    for p in positions {
        moves.clear();
        gen.generate(lex, &p.board, p.rack(), &opts, moves);
        total += moves.len();
    }
    total
}
