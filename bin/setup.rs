//! What several commands share: the rule sets (`--rules classic|upwords`),
//! the Upwords rules and lexicon, a game's lexicon and rules, a lexicon of
//! a wanted kind (the sibling file of the other), the JSON count line, and
//! where and how (`--edges`) `compile` and `import` write.
//! No command imports another; what two need lives here.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{bail, Context, Result};
use lexgraph::rules::{Layout, Rules};
use lexgraph::{Kind, Lexicon};
use serde::Serialize;

use crate::usage;

/// The rule sets a command can play by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum RuleSet {
    /// The crossword game (Scrabble): premium squares, one tile a square
    #[default]
    Classic,
    /// Upwords: tiles stack up to 5 high on a 10x10 board (formats/upwords.md)
    Upwords,
}

/// Upwords rules: the classic edition's, on `layout` when given (a file or
/// built-in name: the 8x8 editions), with `rack_size` tiles and `bingo`
/// for playing them all (default 20).
pub fn rules(layout: Option<&str>, rack_size: usize, bingo: Option<i32>) -> Result<Rules> {
    let mut rules = Rules::upwords();
    if let Some(l) = layout {
        rules.layout = Layout::named(l).with_context(|| format!("--layout {l}"))?;
    }
    rules.rack_size = rack_size;
    if let Some(b) = bingo {
        rules.bingo_bonus = b;
    }
    rules.validate()?;
    Ok(rules)
}

/// The lexicon for Upwords: `path`, else the built-in list in the Upwords
/// alphabet; of the wanted kind (the sibling file when `path` is of the
/// other). Its alphabet must have the `QU` tile. Returns a label and the
/// lexicon.
pub fn lexicon(path: Option<&Path>, want: Option<Kind>) -> Result<(String, Lexicon)> {
    let (label, lex) = match path {
        None => (
            "built-in (wordlist-en, Upwords alphabet)".to_string(),
            crate::default_lexicon::open_upwords(want.unwrap_or(Kind::Gaddag))?,
        ),
        Some(_) => open_lexicon(path, want)?,
    };
    if lex.alphabet().tile_by_label("QU").is_none() {
        bail!(
            "{label}: Upwords needs a lexicon in the Upwords alphabet (QU is one tile): \
             compile one with `lexgraph compile LIST --alphabet upwords --skip-invalid`"
        );
    }
    Ok((label, lex))
}

/// The lexicon and rules of a game command (`match`, `play`): Upwords' (see
/// [`lexicon`], [`rules`]) or the crossword game's, on `layout` (default
/// `standard`).
pub fn game_setup(
    set: RuleSet,
    lexicon_path: Option<&Path>,
    layout: Option<&str>,
) -> Result<(Lexicon, Rules)> {
    Ok(match set {
        RuleSet::Upwords => (lexicon(lexicon_path, None)?.1, rules(layout, 7, None)?),
        RuleSet::Classic => {
            let lex = crate::load(lexicon_path, None)?;
            let layout = Layout::named(layout.unwrap_or("standard"))?;
            (lex, Rules::with_layout(layout))
        }
    })
}

/// Opens `path` (`None`: the built-in lexicon) as the wanted kind, finding
/// the sibling file (x.gaddag <-> x.dawg) when it is of the other kind.
/// Returns the label JSON output names it by, and the lexicon.
pub fn open_lexicon(path: Option<&Path>, want: Option<Kind>) -> Result<(String, Lexicon)> {
    let Some(path) = path else {
        let lex = crate::default_lexicon::open(want.unwrap_or(Kind::Gaddag))?;
        return Ok(("built-in (wordlist-en)".to_string(), lex));
    };
    let lex = crate::load(Some(path), want)?;
    match want {
        Some(k) if k != lex.kind() => {
            let sibling = path.with_extension(k.extension());
            let other = crate::open_file(&sibling).with_context(|| {
                format!(
                    "{} is a {}; --structure {} needs {}",
                    path.display(),
                    lex.kind().name(),
                    k.extension(),
                    sibling.display()
                )
            })?;
            // The two must come from one word list, or the structures would
            // answer with different moves.
            let (dawg, gaddag) = match k {
                Kind::Dawg => (&other, &lex),
                Kind::Gaddag => (&lex, &other),
            };
            lexgraph::lexicon::check_pair(dawg, gaddag)?;
            Ok((sibling.display().to_string(), other))
        }
        _ => Ok((path.display().to_string(), lex)),
    }
}

/// `--format` of the commands that print records: text for people, JSON
/// Lines (one object a line) for programs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    #[default]
    Text,
    Json,
}

/// Writes `value` as one line of JSON.
pub fn json_line(out: &mut impl std::io::Write, value: &impl Serialize) -> Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    writeln!(out)?;
    Ok(())
}

/// `--count` as JSON (also for Upwords positions).
#[derive(Serialize)]
pub struct JsonCount<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<usize>,
    pub lexicon: &'a str,
    pub moves: usize,
}

/// Where `compile -o OUT` writes: OUT itself, or inside OUT when it is a
/// directory (existing, or written with a trailing separator), named after
/// the word list (`-o out/` with `lists/enable1.txt` gives `out/enable1`).
/// Appending `.dawg` to a directory would write hidden files `out/.dawg`.
pub fn output_base(out: &Path, words: &Path) -> Result<PathBuf> {
    let trailing = out
        .as_os_str()
        .to_str()
        .is_some_and(|s| s.ends_with(std::path::MAIN_SEPARATOR) || s.ends_with('/'));
    if !trailing && !out.is_dir() {
        // `-o out/enable.dawg` names the pair `out/enable.*`, not `enable.dawg.dawg`.
        let known = out
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("dawg") || e.eq_ignore_ascii_case("gaddag"));
        return Ok(if known {
            out.with_extension("")
        } else {
            out.to_path_buf()
        });
    }
    match words.file_stem().filter(|s| !s.is_empty() && *s != "-") {
        Some(stem) => Ok(out.join(stem)),
        None => usage!(
            "{} is a directory and {} has no file name to name the output after: give -o DIR/NAME",
            out.display(),
            if words.as_os_str() == "-" {
                "standard input".to_string()
            } else {
                words.display().to_string()
            }
        ),
    }
}

/// `out` with `.ext` appended (keeps dots already in the name).
pub fn with_ext(out: &Path, ext: &str) -> PathBuf {
    let mut s = out.as_os_str().to_owned();
    s.push(".");
    s.push(ext);
    PathBuf::from(s)
}

/// `--edges` of `compile` and `import`.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum EdgeArg {
    Packed,
    Aligned,
    Masked,
}

impl From<EdgeArg> for lexgraph::format::EdgeLayout {
    fn from(e: EdgeArg) -> Self {
        match e {
            EdgeArg::Packed => Self::Packed,
            EdgeArg::Aligned => Self::Aligned,
            EdgeArg::Masked => Self::Masked,
        }
    }
}

/// A count that must be at least 1 (`--games`, `--iterations`, …). Clap's
/// ranged parser would say "0 is not in 1..18446744073709551615".
pub fn at_least_one(s: &str) -> std::result::Result<u64, String> {
    match s.parse::<u64>() {
        Ok(0) => Err("must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

/// A duration as the command line writes it: `500ms`, `10s`, `2m`, `1h`
/// (a bare number: seconds).
pub fn parse_duration(s: &str) -> std::result::Result<Duration, String> {
    let (n, unit) = s
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .map_or((s, "s"), |i| s.split_at(i));
    let n: f64 = n
        .parse()
        .map_err(|_| format!("{s:?}: a duration is a number and a unit, as 500ms, 10s or 2m"))?;
    let secs = match unit {
        "ms" => n / 1000.0,
        "s" => n,
        "m" => n * 60.0,
        "h" => n * 3600.0,
        _ => return Err(format!("{s:?}: the unit is ms, s, m or h")),
    };
    if !(secs > 0.0 && secs < 1e7) {
        return Err(format!("{s:?}: a time above 0"));
    }
    Ok(Duration::from_secs_f64(secs))
}
