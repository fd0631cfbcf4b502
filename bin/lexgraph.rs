//! The `lexgraph` command line: compile word lists, inspect and query
//! lexicon files, generate moves.

mod cgp_lines;
mod cmd;
mod default_lexicon;
mod players;
mod setup;
mod signals;
mod simulate;
mod stacked;
mod study;

use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;
use clap::{Parser, Subcommand};
use lexgraph::{Alphabet, Lexicon};

#[derive(Parser)]
#[command(name = "lexgraph", version, about = "Compile word lists into minimal DAWG/GADDAG files and query them", long_about = None, after_help = EXIT_STATUS_HELP)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Compile a word list into OUT.dawg and OUT.gaddag
    Compile(cmd::compile::Args),
    /// Convert a KWG (wolges / MAGPIE / Macondo) into OUT.dawg and OUT.gaddag
    Import(cmd::import::Args),
    /// Write a lexicon as a KWG (wolges / MAGPIE / Macondo): --to kwg|dawg-kwg
    Export(cmd::export::Args),
    /// Show a lexicon file's kind, alphabet, counts, size and checksum
    Info(cmd::info::Args),
    /// Check checksum and structure (of a KWG or KLV: every node, a GADDAG against its DAWG); with --words, that it accepts exactly that list
    Verify(cmd::verify::Args),
    /// Print each word with whether it is in the lexicon; exit 1 if any is not
    Check(cmd::check::Args),
    /// Stream the words in sorted order
    Words(cmd::words::Args),
    /// Words made from a rack (`?` = blank); letters played by blanks are lower case
    Anagram(cmd::anagram::Args),
    /// Words matching a pattern: `?` one tile, `*` any run of tiles
    Pattern(cmd::pattern::Args),
    /// Every legal move for a position and rack
    Moves(cmd::moves::Args),
    /// Leave values: compile a `leave,value` table into a KLV2 file, or dump one
    Leaves(cmd::leaves::Args),
    /// Seeded greedy self-play games, with move-generation statistics
    Selfplay(cmd::selfplay::Args),
    /// Play many games between two strategies: win rate with its 95 % confidence
    /// interval, scores, bingos (all cores; the same seed gives the same games)
    Match(cmd::matchplay::Args),
    /// Simulate the best plays a few plies ahead over random racks and draws,
    /// ranked by their mean result and win %; Ctrl-C prints what it has
    Sim(cmd::sim::Args),
    /// Solve an endgame (the bag empty) exactly: its value, the best line with
    /// scores and the going-out bonus, and every first play's value on request
    Endgame(cmd::endgame::Args),
    /// Solve a pre-endgame (one or two tiles in the bag): each candidate's
    /// endgames for every way the bag may hold them, ranked by win %, then spread
    Peg(cmd::peg::Args),
    /// Play a game against the engine in the terminal (or scripted, from standard
    /// input); the game is saved as GCG
    Play(cmd::play::Args),
    /// Replay a GCG game record turn by turn, scoring every placement again
    /// from the board: a recorded score or total that disagrees is reported
    /// with its turn (exit 1)
    Replay(cmd::replay::Args),
    /// Tune Gordon's leave weights by hill climbing against a greedy player
    /// (Gordon 1993); writes them as CSV
    Tune(cmd::tune::Args),
    /// An engine for crossword-game GUIs: the UCGI protocol of Macondo and
    /// MAGPIE on standard input and output (docs/ucgi.md)
    Ucgi(cmd::ucgi::Args),
    /// Print a shell completion script (e.g. `lexgraph completions bash > /etc/bash_completion.d/lexgraph`)
    Completions(cmd::docs::CompletionsArgs),
    /// Write the man pages: lexgraph.1 and one per subcommand (lexgraph-compile.1, ...)
    Man(cmd::docs::ManArgs),
}

/// The command line's definition, for completions and man pages.
pub fn command() -> clap::Command {
    <Cli as clap::CommandFactory>::command()
}

/// Exit statuses, as `--help` and the README list them.
pub mod status {
    /// Done; every answer was yes (every word found, the play legal, the file valid).
    pub const OK: u8 = 0;
    /// A negative answer: a word not in the lexicon, an illegal `--play`, a
    /// file that does not verify.
    pub const NO: u8 = 1;
    /// The command line is wrong: an unknown flag or value, a missing argument.
    pub const USAGE: u8 = 2;
    /// Bad input data or an I/O error: a malformed word list, position or
    /// lexicon file; a file that cannot be read or written.
    pub const DATA: u8 = 3;
}

/// An error in how the command was called (exit status 2), as opposed to
/// bad data or I/O (3).
#[derive(Debug)]
pub struct Usage(pub String);

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

/// A negative answer worth a message (exit status 1): an illegal play, a
/// file that does not verify.
#[derive(Debug)]
pub struct Negative(pub String);

impl std::fmt::Display for Negative {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Negative {}

/// Returns a [`Usage`] error from the enclosing function.
#[macro_export]
macro_rules! usage {
    ($($t:tt)*) => {
        return Err(anyhow::Error::new($crate::Usage(format!($($t)*))))
    };
}

/// The exit status an error stands for.
fn error_status(e: &anyhow::Error) -> u8 {
    let any = |f: &dyn Fn(&(dyn std::error::Error + 'static)) -> bool| e.chain().any(f);
    if any(&|c| {
        c.is::<Usage>()
            || matches!(
                c.downcast_ref::<lexgraph::Error>(),
                Some(lexgraph::Error::UnknownAlphabet(_))
            )
    }) {
        status::USAGE
    } else if any(&|c| c.is::<Negative>()) {
        status::NO
    } else {
        status::DATA
    }
}

const EXIT_STATUS_HELP: &str = "\
Exit status:
  0  success (and every answer yes)
  1  a negative answer: a word not in the lexicon (check), an illegal --play,
     a lexicon that does not verify
  2  usage error: a bad option, value or missing argument
  3  bad input data or an I/O error: a malformed word list, position or lexicon
     file, a file that cannot be read or written

Lexicon arguments: every command takes the lexicon as -l/--lexicon FILE (default:
the built-in English lexicon). Operands are never lexicons, except for info,
verify and words, whose only operand is the lexicon.";

fn main() -> ExitCode {
    signals::install_sigbus();
    signals::clean_up_on_termination();
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            // A closed pipe (`lexgraph words | head`) is not an error worth a message.
            if e.chain().any(|c| {
                c.downcast_ref::<std::io::Error>()
                    .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            }) {
                return ExitCode::SUCCESS;
            }
            eprintln!("error: {}", shown(&format!("{e:#}")));
            if e.chain().any(|c| {
                matches!(
                    c.downcast_ref::<lexgraph::Error>(),
                    Some(lexgraph::Error::InvalidWords { .. })
                )
            }) {
                eprintln!("  (use --skip-invalid to leave them out)");
            }
            ExitCode::from(error_status(&e))
        }
    }
}

/// Characters of one line of a message printed whole: far above any
/// message of lexgraph's own, so that only echoed input is cut.
const MAX_MESSAGE_LINE: usize = 1000;

/// A message as it may reach a terminal: each line's control characters
/// written out (`input::visible`: input text can hold escape sequences) and
/// cut to [`MAX_MESSAGE_LINE`] characters (input echoed in it may be long:
/// a 100 KB `--play`).
pub fn shown(msg: &str) -> String {
    msg.lines()
        .map(|line| {
            let line = lexgraph::input::visible(line);
            match line.char_indices().nth(MAX_MESSAGE_LINE) {
                Some((at, _)) => format!(
                    "{}… ({} more characters)",
                    &line[..at],
                    line[at..].chars().count()
                ),
                None => line.into_owned(),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn run(cli: Cli) -> Result<ExitCode> {
    // `leaves train` says so itself.
    if matches!(
        cli.cmd,
        Cmd::Selfplay(_)
            | Cmd::Match(_)
            | Cmd::Sim(_)
            | Cmd::Endgame(_)
            | Cmd::Peg(_)
            | Cmd::Tune(_)
            | Cmd::Ucgi(_)
    ) {
        long_run();
    }
    match cli.cmd {
        Cmd::Compile(args) => cmd::compile::run(args),
        Cmd::Import(args) => cmd::import::run(args),
        Cmd::Export(args) => cmd::export::run(args),
        Cmd::Info(args) => cmd::info::run(args),
        Cmd::Verify(args) => cmd::verify::run(args),
        Cmd::Check(args) => cmd::check::run(args),
        Cmd::Words(args) => cmd::words::run(args),
        Cmd::Anagram(args) => cmd::anagram::run(args),
        Cmd::Pattern(args) => cmd::pattern::run(args),
        Cmd::Moves(args) => cmd::moves::run(args),
        Cmd::Leaves(args) => cmd::leaves::run(args),
        Cmd::Selfplay(args) => cmd::selfplay::run(args),
        Cmd::Match(args) => cmd::matchplay::run(args),
        Cmd::Sim(args) => cmd::sim::run(args),
        Cmd::Endgame(args) => cmd::endgame::run(args),
        Cmd::Peg(args) => cmd::peg::run(args),
        Cmd::Play(args) => cmd::play::run(args),
        Cmd::Replay(args) => cmd::replay::run(args),
        Cmd::Tune(args) => cmd::tune::run(args),
        Cmd::Ucgi(args) => cmd::ucgi::run(args),
        Cmd::Completions(args) => cmd::docs::completions(args),
        Cmd::Man(args) => cmd::docs::man(args),
    }
}

/// Resolves an alphabet argument: a built-in name or a file.
pub fn resolve_alphabet(name: &str) -> Result<Alphabet> {
    Ok(Alphabet::named(name)?)
}

/// The lexicon of a command that takes nothing else (`info`, `words`): as
/// its operand or as `-l/--lexicon`, the option every command takes.
#[derive(clap::Args)]
pub struct LexiconOperand {
    /// Lexicon file (default: the built-in English lexicon)
    #[arg(conflicts_with = "lexicon_flag")]
    lexicon: Option<std::path::PathBuf>,
    /// The same, as the option every command takes
    #[arg(short = 'l', long = "lexicon", value_name = "LEXICON")]
    lexicon_flag: Option<std::path::PathBuf>,
}

impl LexiconOperand {
    /// Opens the lexicon given, or the built-in one.
    pub fn open(self) -> Result<Lexicon> {
        load(self.lexicon.or(self.lexicon_flag).as_deref(), None)
    }
}

/// The name game records and CGP give a lexicon: the file's stem in
/// capitals (`ENABLE` for `out/enable.gaddag`), or the built-in list's.
pub fn lexicon_name(path: Option<&Path>) -> String {
    path.and_then(|p| p.file_stem())
        .map(|s| s.to_string_lossy().to_uppercase())
        .unwrap_or_else(|| "WORDLIST-EN".into())
}

/// Set by the commands that search for long (`sim`, `match`, `selfplay`,
/// `tune`, `endgame`, `peg`, `ucgi`, `leaves train`): they read their
/// lexicons into memory instead of mapping them. The copy costs a few
/// milliseconds at the start; on Linux it sits on huge pages, and the
/// searches then run 2-4 % faster (`Lexicon::read`). A command that
/// answers a few queries keeps the map, which costs nothing up front.
static LONG_RUN: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Marks this process as one that searches for long (see [`LONG_RUN`]).
pub fn long_run() {
    LONG_RUN.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// The largest lexicon a long run copies into memory; a larger one stays
/// mapped (a copy costs its size in memory beside the page cache's).
const COPY_AT_MOST: usize = 256 << 20;

/// Whether `lex`, just mapped, is to be read into memory instead: in a long
/// run (see [`LONG_RUN`]), if not too large. Mapped first, so that a file
/// that is no lexicon is refused before anything is copied.
fn copy_for_long_run(lex: &Lexicon) -> bool {
    LONG_RUN.load(std::sync::atomic::Ordering::Relaxed) && lex.bytes().len() <= COPY_AT_MOST
}

/// Opens the lexicon file `path` (lexgraph's own): mapped, or read into
/// memory for a long run (see [`LONG_RUN`]).
pub fn open_file(path: &Path) -> lexgraph::Result<Lexicon> {
    let lex = Lexicon::open(path)?;
    if copy_for_long_run(&lex) {
        return Lexicon::read(path);
    }
    Ok(lex)
}

/// Opens `path`, or the built-in default lexicon of the wanted kind. A KWG
/// file is read in place, in the English alphabet (`lexgraph import
/// --alphabet` converts one of another), as its GADDAG unless a DAWG is
/// wanted (or it has none).
pub fn load(path: Option<&Path>, kind: Option<lexgraph::Kind>) -> Result<Lexicon> {
    match path {
        Some(p) => Lexicon::open_any(p, &Alphabet::english(), kind)
            .and_then(|lex| {
                if copy_for_long_run(&lex) {
                    Lexicon::read_any(p, &Alphabet::english(), kind)
                } else {
                    Ok(lex)
                }
            })
            .map_err(|e| {
                // Only a KWG whose tiles run past the English alphabet's may be
                // one of another alphabet; a corrupt one gets no such advice.
                let other_alphabet = matches!(&e, lexgraph::Error::BadFile { msg, .. }
                if msg.contains("outside the alphabet"));
                let e = anyhow::Error::from(e);
                if other_alphabet {
                    e.context(format!(
                        "{} is a KWG file, read as English: for another alphabet, \
                     convert it with `lexgraph import FILE --alphabet NAME -o OUT`",
                        p.display()
                    ))
                } else {
                    e
                }
            }),
        None => default_lexicon::open(kind.unwrap_or(lexgraph::Kind::Gaddag)),
    }
}

/// Operands are words, racks or patterns, never lexicons (one rule for every
/// command). An operand written as a path (a `/`, or a lexicon file's
/// extension) is refused with the way to give a lexicon, instead of being
/// looked up as a word; the file system is not consulted.
pub fn refuse_lexicon_operands(operands: &[String]) -> Result<()> {
    for o in operands {
        let lower = o.to_ascii_lowercase();
        let named = [".dawg", ".gaddag", ".kwg"]
            .iter()
            .any(|e| lower.ends_with(e));
        if named || o.contains('/') || o.contains(std::path::MAIN_SEPARATOR) {
            usage!("{o} looks like a lexicon file: give it with -l/--lexicon (operands are words)");
        }
    }
    Ok(())
}

pub fn spinner(msg: &str) -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let pb = indicatif::ProgressBar::new_spinner();
    pb.set_style(indicatif::ProgressStyle::with_template("{spinner} [{elapsed}] {msg}").unwrap());
    pb.enable_steady_tick(std::time::Duration::from_millis(100));
    pb.set_message(msg.to_string());
    Some(pb)
}
