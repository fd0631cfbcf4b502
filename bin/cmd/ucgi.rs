//! `lexgraph ucgi`: an engine for crossword-game GUIs over standard input and
//! output, speaking the Universal Crossword Game Interface of Macondo and
//! MAGPIE (UCI's model: `ucgi`, `isready`, `setoption`, `position cgp`, `go`,
//! `stop`, `quit`). docs/ucgi.md lists the subset.
//!
//! The reader never blocks on a search: `go sim` and `go endgame` run on a
//! worker thread ([`search`]) while this loop keeps reading, so `stop`,
//! `isready` and `quit` are answered at once.

use std::io::{BufRead, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use lexgraph::{Lexicon, Position};

mod search;

use search::{Go, Job, Kind};

#[derive(clap::Args)]
pub struct Args {
    /// Lexicon (.gaddag or .dawg); default: the built-in English lexicon
    /// (the `Lexicon` option sets it too)
    #[arg(short, long)]
    lexicon: Option<PathBuf>,
    /// Leave values for equity: auto, gordon1, gordon2, klv:FILE or csv:FILE
    /// (the `Leaves` option)
    #[arg(long, default_value = "auto")]
    leaves: String,
    /// Threads for `go sim` and `go endgame`, 1 to 256 (default: every core;
    /// the `Threads` option)
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
}

/// Writes one line to standard output and flushes it: a GUI reads line by
/// line. A closed pipe is ignored: the GUI has gone, and the next read
/// ends the session.
pub fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// An error as one `info string` line (a multi-line message joined, input
/// echoed in it made visible).
pub fn say_error(e: &anyhow::Error) {
    let msg = crate::shown(&format!("{e:#}")).replace('\n', "; ");
    say(&format!("info string error: {msg}"));
}

/// The longest command line read; a longer one is refused (a CGP is a few
/// hundred bytes).
const MAX_LINE: u64 = 1 << 20;

/// How long `stop` waits for the search to end by itself before answering
/// with the best move found so far (an endgame depth is not interruptible).
const STOP_GRACE: Duration = Duration::from_millis(300);

/// Options a GUI may set, as `ucgi` announces them.
struct Options {
    lexicon: Option<PathBuf>,
    leaves: String,
    win_table: String,
    threads: Option<usize>,
    hash_mib: u64,
}

/// A search on its worker thread.
struct Running {
    job: Arc<Job>,
    thread: std::thread::JoinHandle<()>,
}

struct Engine {
    opts: Options,
    /// The lexicon, opened on first need (`isready` opens it).
    lex: Option<Arc<Lexicon>>,
    /// The position, as sent and as read.
    position: Option<(String, Position)>,
    running: Option<Running>,
    debug: bool,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let mut engine = Engine {
        opts: Options {
            lexicon: args.lexicon,
            leaves: args.leaves,
            win_table: "auto".into(),
            threads: args.threads.map(|n| n as usize),
            hash_mib: 16,
        },
        lex: None,
        position: None,
        running: None,
        debug: false,
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let n = (&mut input).take(MAX_LINE).read_until(b'\n', &mut buf)?;
        if n == 0 {
            break;
        }
        if buf.last() != Some(&b'\n') && n as u64 == MAX_LINE {
            // Drop the rest of the overlong line.
            let mut rest = Vec::new();
            while (&mut input).take(MAX_LINE).read_until(b'\n', &mut rest)? > 0
                && rest.last() != Some(&b'\n')
            {
                rest.clear();
            }
            say(&format!(
                "info string error: a line longer than {MAX_LINE} bytes: ignored"
            ));
            continue;
        }
        let line = String::from_utf8_lossy(&buf);
        if !engine.command(&line) {
            return Ok(ExitCode::SUCCESS);
        }
    }
    // End of input: a search with limits is let finish (a script may pipe
    // its commands), an infinite one is stopped.
    engine.finish_on_eof();
    Ok(ExitCode::SUCCESS)
}

/// The commands, as the first token a line may start with (UCI: unknown
/// tokens before a command are skipped).
const COMMANDS: &[&str] = &[
    "ucgi",
    "debug",
    "isready",
    "setoption",
    "register",
    "ucginewgame",
    "position",
    "go",
    "stop",
    "quit",
];

impl Engine {
    /// Answers one line; false on `quit`.
    fn command(&mut self, line: &str) -> bool {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if tokens.is_empty() {
            return true;
        }
        if self.debug {
            say(&format!(
                "info string received: {}",
                crate::shown(&tokens.join(" "))
            ));
        }
        let Some(at) = tokens.iter().position(|t| COMMANDS.contains(t)) else {
            say(&format!(
                "info string unknown command: {}",
                crate::shown(&tokens.join(" "))
            ));
            return true;
        };
        let rest = &tokens[at + 1..];
        match tokens[at] {
            "ucgi" => self.identify(),
            "debug" => self.debug = rest.first() != Some(&"off"),
            "isready" => {
                // Opening the lexicon is the slow part of starting up; a
                // search in progress goes on.
                if self.running.is_none() {
                    if let Err(e) = self.lexicon() {
                        say_error(&e);
                    }
                }
                say("readyok");
            }
            "setoption" => {
                if let Err(e) = self.set_option(rest) {
                    say_error(&e);
                }
            }
            "register" => {}
            "ucginewgame" => self.position = None,
            "position" => {
                if let Err(e) = self.set_position(rest) {
                    say_error(&e);
                }
            }
            "go" => {
                if let Err(e) = self.go(rest) {
                    say_error(&e);
                }
            }
            "stop" => self.stop(),
            "quit" => return false,
            _ => unreachable!("every command is matched"),
        }
        true
    }

    fn identify(&self) {
        say(&format!("id name lexgraph {}", env!("CARGO_PKG_VERSION")));
        say("id author the lexgraph authors");
        let lexicon = self
            .opts
            .lexicon
            .as_ref()
            .map_or("<empty>".to_string(), |p| p.display().to_string());
        say(&format!(
            "option name Lexicon type string default {lexicon}"
        ));
        say(&format!(
            "option name Leaves type string default {}",
            self.opts.leaves
        ));
        say(&format!(
            "option name WinTable type string default {}",
            self.opts.win_table
        ));
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        say(&format!(
            "option name Threads type spin default {} min 1 max 256",
            self.opts.threads.unwrap_or(cores)
        ));
        say(&format!(
            "option name EndgameHash type spin default {} min 1 max 4096",
            self.opts.hash_mib
        ));
        say("ucgiok");
    }

    /// The lexicon, opened now if it is not yet.
    fn lexicon(&mut self) -> Result<Arc<Lexicon>> {
        if let Some(lex) = &self.lex {
            return Ok(lex.clone());
        }
        let (_, lex) = crate::setup::open_lexicon(self.opts.lexicon.as_deref(), None)?;
        let lex = Arc::new(lex);
        self.lex = Some(lex.clone());
        Ok(lex)
    }

    fn searching(&self) -> bool {
        self.running.as_ref().is_some_and(|r| !r.job.answered())
    }

    /// `setoption name ID [value X]`: the name and value may hold spaces;
    /// names are not case sensitive.
    fn set_option(&mut self, rest: &[&str]) -> Result<()> {
        if self.searching() {
            anyhow::bail!("setoption while searching: send stop first");
        }
        let (name, value) = match rest.first() {
            Some(&"name") => {
                let v = rest.iter().position(|&t| t == "value");
                let name = rest[1..v.unwrap_or(rest.len())].join(" ");
                let value = v.map(|i| rest[i + 1..].join(" ")).unwrap_or_default();
                (name, value)
            }
            _ => anyhow::bail!("setoption name ID value X"),
        };
        let empty = value.is_empty() || value == "<empty>";
        match name.to_ascii_lowercase().as_str() {
            "lexicon" => {
                let path = (!empty).then(|| PathBuf::from(&value));
                let (_, lex) = crate::setup::open_lexicon(path.as_deref(), None)
                    .with_context(|| format!("Lexicon {value}"))?;
                self.opts.lexicon = path;
                self.lex = Some(Arc::new(lex));
                // The position is read again in the new lexicon's alphabet.
                if let Some((cgp, _)) = self.position.take() {
                    let tokens: Vec<&str> = cgp.split_whitespace().collect();
                    self.set_position(&[&["cgp"], &tokens[..]].concat())?;
                }
            }
            "leaves" => {
                let spec = if empty { "auto" } else { value.as_str() };
                let lex = self.lexicon()?;
                crate::default_lexicon::leaves_spec(
                    spec,
                    self.opts.lexicon.as_deref(),
                    lex.alphabet(),
                )
                .with_context(|| format!("Leaves {spec}"))?;
                self.opts.leaves = spec.to_string();
            }
            "wintable" => {
                self.opts.win_table = if empty { "auto".into() } else { value };
            }
            "threads" => {
                let n: usize = value
                    .parse()
                    .ok()
                    .filter(|n| (1..=256).contains(n))
                    .with_context(|| format!("Threads {value:?}: 1 to 256"))?;
                self.opts.threads = Some(n);
            }
            "endgamehash" => {
                self.opts.hash_mib = value
                    .parse()
                    .ok()
                    .filter(|n| (1..=4096).contains(n))
                    .with_context(|| format!("EndgameHash {value:?}: 1 to 4096 (MiB)"))?;
            }
            _ => anyhow::bail!("no option named {name:?}"),
        }
        Ok(())
    }

    /// `position cgp CGP`: read now, so that a bad one is answered here.
    fn set_position(&mut self, rest: &[&str]) -> Result<()> {
        if self.searching() {
            anyhow::bail!("position while searching: send stop first");
        }
        let Some((&"cgp", cgp)) = rest.split_first() else {
            anyhow::bail!("only `position cgp CGP` is supported");
        };
        if cgp.contains(&"moves") {
            anyhow::bail!(
                "`position ... moves` is not supported: send the position after them as CGP"
            );
        }
        let cgp = cgp.join(" ");
        // A bad position replaces none: `go` then says there is none.
        self.position = None;
        let lex = self.lexicon()?;
        let a = lex.alphabet();
        let p = Position::from_cgp(&cgp, a).with_context(|| format!("position cgp {cgp}"))?;
        let rules = p.rules()?;
        p.validate(a, rules.rack_size)?;
        self.position = Some((cgp, p));
        Ok(())
    }

    fn go(&mut self, rest: &[&str]) -> Result<()> {
        if self.searching() {
            anyhow::bail!("go while searching: send stop first");
        }
        let Some((_, position)) = self.position.clone() else {
            anyhow::bail!("go without a position: send `position cgp CGP` first");
        };
        let (go, ignored) = Go::parse(rest)?;
        if !ignored.is_empty() {
            say(&format!(
                "info string go: ignored {}",
                crate::shown(&ignored.join(" "))
            ));
        }
        let lex = self.lexicon()?;
        let setup = search::Setup::new(lex, position, &go, &self.opts)?;
        if setup.kind == Kind::Static {
            // At once, on this thread: a move generation.
            return setup.run_static();
        }
        let job = Arc::new(Job::new(setup.fallback.clone(), go.infinite));
        let worker = job.clone();
        let thread = std::thread::Builder::new()
            .name("ucgi-search".into())
            .spawn(move || setup.run(&go, &worker))
            .context("starting the search")?;
        self.running = Some(Running { job, thread });
        Ok(())
    }

    /// `stop`: the search is told to stop; if it has not answered within
    /// [`STOP_GRACE`], its best move so far is sent for it (and whatever it
    /// finds later is dropped).
    fn stop(&mut self) {
        let Some(r) = self.running.as_ref().filter(|r| !r.job.answered()) else {
            return;
        };
        r.job.stop();
        let t0 = Instant::now();
        while !r.thread.is_finished() && t0.elapsed() < STOP_GRACE {
            std::thread::sleep(Duration::from_millis(5));
        }
        r.job.answer_now();
    }

    fn finish_on_eof(&mut self) {
        // A search answered for (after `stop`) is not waited for.
        let Some(r) = self.running.take().filter(|r| !r.job.answered()) else {
            return;
        };
        if r.job.infinite() {
            self.running = Some(r);
            self.stop();
        } else {
            let _ = r.thread.join();
        }
    }
}
