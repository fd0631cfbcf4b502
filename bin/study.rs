//! What `anagram`, `pattern` and `words` share: the word-study flags
//! (lengths, order, hooks, probability, format) and how a word is printed
//! under them (docs/word-study.md).

use std::io::{BufWriter, StdoutLock, Write};
use std::ops::RangeInclusive;

use anyhow::Result;
use lexgraph::lexicon::study::{self, Entry, Study};
use lexgraph::{Lexicon, Tile};

use crate::setup::Format;
use crate::usage;

#[derive(clap::Args)]
pub struct StudyArgs {
    /// Only words of at least N tiles
    #[arg(long, value_name = "N")]
    min_length: Option<usize>,
    /// Only words of at most N tiles
    #[arg(long, value_name = "N")]
    max_length: Option<usize>,
    /// Only words of exactly N tiles
    #[arg(long, value_name = "N", conflicts_with_all = ["min_length", "max_length"])]
    length: Option<usize>,
    /// Order: alpha (the lexicon's order, streamed as found) or probability
    /// (longest first, then most probable, then alphabetical); anagram's
    /// default is probability, the others' alpha
    #[arg(long, value_enum)]
    by: Option<By>,
    /// Show each word's front and back hooks: `b AT ehs` (`-` for none)
    #[arg(long)]
    hooks: bool,
    /// Show each word's probability: the ways to draw it from a full bag
    #[arg(long)]
    probability: bool,
    /// Output: text, or json (JSON Lines, one object per word)
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum By {
    Alpha,
    Probability,
}

impl StudyArgs {
    /// The lengths asked for, in tiles.
    pub fn lengths(&self) -> Result<RangeInclusive<usize>> {
        let (min, max) = match self.length {
            Some(n) => (n, n),
            None => (
                self.min_length.unwrap_or(0),
                self.max_length.unwrap_or(usize::MAX),
            ),
        };
        if min > max {
            usage!("--min-length {min} is above --max-length {max}");
        }
        Ok(min..=max)
    }

    /// `--by`, else the command's default.
    pub fn by(&self, default: By) -> By {
        self.by.unwrap_or(default)
    }

    pub fn json(&self) -> bool {
        self.format == Format::Json
    }

    /// Words printed as they are, nothing computed for them.
    pub fn plain(&self) -> bool {
        !self.hooks && !self.probability && !self.json()
    }
}

/// Prints words as the flags say: streamed as found, or collected and
/// sorted by probability (`--by probability`) at [`Printer::finish`].
pub struct Printer<'a> {
    args: &'a StudyArgs,
    sorted: bool,
    study: Study<'a>,
    all: Vec<Entry>,
    out: BufWriter<StdoutLock<'static>>,
}

impl<'a> Printer<'a> {
    pub fn new(lex: &'a Lexicon, args: &'a StudyArgs, by: By) -> Printer<'a> {
        Printer {
            args,
            sorted: by == By::Probability,
            study: Study::new(lex, args.hooks),
            all: Vec::new(),
            out: BufWriter::new(std::io::stdout().lock()),
        }
    }

    /// Whether words may be printed as text, as found ([`Printer::text`]).
    pub fn plain(&self) -> bool {
        self.args.plain() && !self.sorted
    }

    /// A word as found, written as it is (when [`Printer::plain`]).
    pub fn text(&mut self, word: &str) -> Result<()> {
        writeln!(self.out, "{word}")?;
        Ok(())
    }

    /// A word by its tiles, each with whether a blank played it.
    pub fn tiles(&mut self, tiles: impl IntoIterator<Item = (Tile, bool)>) -> Result<()> {
        let e = self.study.entry(tiles);
        match self.sorted {
            true => self.all.push(e),
            false => print(&mut self.out, self.args, &e)?,
        }
        Ok(())
    }

    /// The words collected, grouped under their alphagrams: one line each.
    pub fn finish_grouped(mut self) -> Result<()> {
        let mut groups = study::group_by_alphagram(std::mem::take(&mut self.all));
        if self.args.by == Some(By::Probability) {
            study::sort_groups_by_probability(&mut groups);
        }
        for g in &groups {
            match self.args.json() {
                false => writeln!(self.out, "{}", g.text(self.args.probability))?,
                // Written as text, so that a closed pipe is an I/O error.
                true => writeln!(self.out, "{}", serde_json::to_string(g)?)?,
            }
        }
        self.out.flush()?;
        Ok(())
    }

    /// Prints what was collected (sorted), and flushes.
    pub fn finish(mut self) -> Result<()> {
        if self.sorted {
            study::sort_by_probability(&mut self.all);
            for e in &self.all {
                print(&mut self.out, self.args, e)?;
            }
        }
        self.out.flush()?;
        Ok(())
    }

    /// Collect every word, whatever the order (for `--alphagrams`).
    pub fn collect_all(&mut self) {
        self.sorted = true;
    }
}

fn print(out: &mut impl Write, args: &StudyArgs, e: &Entry) -> Result<()> {
    match args.json() {
        false => writeln!(out, "{}", e.line(args.probability))?,
        // Written as text, so that a closed pipe is an I/O error.
        true => writeln!(out, "{}", serde_json::to_string(e)?)?,
    }
    Ok(())
}
