//! The `lexgraph` command line: compile word lists, inspect and query
//! lexicon files, generate moves.

mod default_lexicon;
mod moves_cmd;
mod selfplay_cmd;
mod sigbus;
mod verify_pair;

use std::io::{BufRead, BufWriter, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use lexgraph::format::EdgeLayout;
use lexgraph::{compile, Alphabet, Lexicon, WordList};

#[derive(Parser)]
#[command(name = "lexgraph", version, about = "Compile word lists into minimal DAWG/GADDAG files and query them", long_about = None, after_help = EXIT_STATUS_HELP)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Compile a word list into OUT.dawg and OUT.gaddag
    Compile {
        /// Word list: UTF-8, one word per line, `#` comments (`-`: standard input)
        words: PathBuf,
        /// Output path without extension (writes OUT.dawg and OUT.gaddag); a directory (existing, or ending in `/`): files named after the word list
        #[arg(short, long)]
        out: PathBuf,
        /// Built-in alphabet name (english, super-english, spanish, polish, catalan) or an alphabet file
        #[arg(long, default_value = "english")]
        alphabet: String,
        /// Leave out words the alphabet cannot spell instead of failing
        #[arg(long)]
        skip_invalid: bool,
        /// Write only the DAWG or only the GADDAG
        #[arg(long, value_parser = ["dawg", "gaddag", "both"], default_value = "both")]
        only: String,
        /// Edge layout: packed (smallest files) or aligned (32-bit edges: about a fifth larger, move generation 5-13 % faster)
        #[arg(long, value_parser = ["packed", "aligned"], default_value = "packed")]
        edges: String,
        /// Print the time of each phase
        #[arg(long, short)]
        verbose: bool,
    },
    /// Show a lexicon file's kind, alphabet, counts, size and checksum
    Info {
        /// Lexicon file (default: the built-in English lexicon)
        #[arg(conflicts_with = "lexicon_flag")]
        lexicon: Option<PathBuf>,
        /// The same, as the option every command takes
        #[arg(short = 'l', long = "lexicon", value_name = "LEXICON")]
        lexicon_flag: Option<PathBuf>,
    },
    /// Check checksum and structure; with --words, that it accepts exactly that list
    Verify {
        /// Lexicon file (.dawg or .gaddag)
        #[arg(
            required_unless_present = "lexicon_flag",
            conflicts_with = "lexicon_flag"
        )]
        lexicon: Option<PathBuf>,
        /// The same, as the option every command takes
        #[arg(short = 'l', long = "lexicon", value_name = "LEXICON")]
        lexicon_flag: Option<PathBuf>,
        /// Word list the lexicon must accept exactly (`-`: standard input)
        #[arg(long)]
        words: Option<PathBuf>,
        /// Skip words of the list the alphabet cannot spell (as compile --skip-invalid)
        #[arg(long)]
        skip_invalid: bool,
        /// The other file of the pair, which must come from the same word list (default: x.dawg beside x.gaddag, and the other way round, when it exists)
        #[arg(long)]
        pair: Option<PathBuf>,
    },
    /// Print each word with whether it is in the lexicon; exit 1 if any is not
    Check {
        /// Words to look up (`-`: one per line from standard input); never a lexicon
        #[arg(required = true)]
        words: Vec<String>,
        /// Lexicon file (default: the built-in English lexicon)
        #[arg(short, long)]
        lexicon: Option<PathBuf>,
    },
    /// Stream the words in sorted order
    Words {
        /// Lexicon file (default: the built-in English lexicon)
        #[arg(conflicts_with = "lexicon_flag")]
        lexicon: Option<PathBuf>,
        /// The same, as the option every command takes
        #[arg(short = 'l', long = "lexicon", value_name = "LEXICON")]
        lexicon_flag: Option<PathBuf>,
        /// Only words starting with this prefix
        #[arg(long)]
        prefix: Option<String>,
    },
    /// Words made from a rack (`?` = blank); letters played by blanks are lower case
    Anagram {
        /// The rack: one character per tile, `[CH]` for a multi-character tile, `?` a blank
        rack: String,
        /// Lexicon file (default: the built-in English lexicon)
        #[arg(short, long)]
        lexicon: Option<PathBuf>,
        /// All words buildable from some of the tiles, not just all of them
        #[arg(long)]
        partial: bool,
    },
    /// Words matching a pattern: `?` one tile, `*` any run of tiles
    Pattern {
        /// The pattern: one character per tile (`[CH]` for a multi-character tile)
        pattern: String,
        /// Lexicon file (default: the built-in English lexicon)
        #[arg(short, long)]
        lexicon: Option<PathBuf>,
    },
    /// Every legal move for a position and rack
    Moves(moves_cmd::MovesArgs),
    /// Seeded greedy self-play games, with move-generation statistics
    Selfplay(selfplay_cmd::SelfplayArgs),
    /// Print a shell completion script (e.g. `lexgraph completions bash > /etc/bash_completion.d/lexgraph`)
    Completions {
        /// The shell
        shell: clap_complete::Shell,
    },
    /// Write the man pages: lexgraph.1 and one per subcommand (lexgraph-compile.1, ...)
    Man {
        /// Directory to write them to (created if missing)
        #[arg(short, long)]
        out: PathBuf,
    },
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
    sigbus::install();
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
            eprintln!("error: {e:#}");
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

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.cmd {
        Cmd::Compile {
            words,
            out,
            alphabet,
            skip_invalid,
            only,
            edges,
            verbose,
        } => {
            let opts = compile::Options {
                edges: match edges.as_str() {
                    "aligned" => EdgeLayout::Aligned,
                    _ => EdgeLayout::Packed,
                },
            };
            cmd_compile(&words, &out, &alphabet, skip_invalid, &only, verbose, &opts)?;
        }
        Cmd::Info {
            lexicon,
            lexicon_flag,
        } => {
            let lex = load(lexicon.or(lexicon_flag).as_deref(), None)?;
            cmd_info(&lex)?;
        }
        Cmd::Verify {
            lexicon,
            lexicon_flag,
            words,
            skip_invalid,
            pair,
        } => {
            let Some(lexicon) = lexicon.or(lexicon_flag) else {
                usage!("give the lexicon to verify");
            };
            // A file that is not valid is verify's "no" (exit 1); one that
            // cannot be read is an I/O error (3).
            let negative = |e: lexgraph::Error| match e {
                lexgraph::Error::Io { .. } => anyhow::Error::new(e),
                e => anyhow::Error::new(Negative(e.to_string())),
            };
            let lex = Lexicon::open(&lexicon).map_err(negative)?;
            lex.verify().map_err(negative)?;
            let mut msg = format!(
                "{}: OK: checksum and structure, {} words",
                lexicon.display(),
                lex.word_count()
            );
            if let Some(p) = verify_pair::check(&lexicon, &lex, pair.as_deref())? {
                msg.push_str(&format!(", same word list as {}", p.display()));
            }
            if let Some(w) = words {
                let (list, name) = if w.as_os_str() == "-" {
                    let stdin = std::io::stdin().lock();
                    let list = WordList::from_reader(stdin, "stdin", lex.alphabet(), skip_invalid)?;
                    (list, "stdin".to_string())
                } else {
                    let list = WordList::read(&w, lex.alphabet(), skip_invalid)?;
                    (list, w.display().to_string())
                };
                verify_words(&lex, &list).map_err(|e| {
                    Negative(format!(
                        "{} does not match {name}: {e:#}",
                        lexicon.display()
                    ))
                })?;
                msg.push_str(&format!(
                    ", accepts exactly the {} words of {name}",
                    list.len()
                ));
            }
            println!("{msg}");
        }
        Cmd::Check { words, lexicon } => {
            refuse_lexicon_operands(&words)?;
            let lex = load(lexicon.as_deref(), Some(lexgraph::Kind::Dawg))?;
            let mut all = true;
            let mut out = BufWriter::new(std::io::stdout().lock());
            let mut check = |w: &str, flush: bool| -> Result<()> {
                let ok = lex.contains(w);
                all &= ok;
                writeln!(out, "{w} {}", if ok { "yes" } else { "no" })?;
                if flush {
                    out.flush()?;
                }
                Ok(())
            };
            if words == ["-"] {
                // One word per line, answered as it comes (a pipe stays interactive).
                let mut line = String::new();
                let mut stdin = std::io::stdin().lock();
                let mut n = 0;
                loop {
                    line.clear();
                    let read = (&mut stdin)
                        .take(MAX_WORD_LINE as u64 + 1)
                        .read_line(&mut line)
                        .with_context(|| format!("reading standard input after line {n}"))?;
                    if read == 0 {
                        break;
                    }
                    n += 1;
                    if line.len() > MAX_WORD_LINE && !line.ends_with('\n') {
                        bail!("stdin:{n}: line longer than {MAX_WORD_LINE} bytes");
                    }
                    let w = line.trim().trim_start_matches('\u{feff}');
                    if !w.is_empty() && !w.starts_with('#') {
                        check(w, true)?;
                    }
                }
            } else {
                for (i, w) in words.iter().enumerate() {
                    check(w, i + 1 == words.len())?;
                }
            }
            return Ok(if all {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            });
        }
        Cmd::Words {
            lexicon,
            lexicon_flag,
            prefix,
        } => {
            let lex = load(lexicon.or(lexicon_flag).as_deref(), None)?;
            let mut out = BufWriter::new(std::io::stdout().lock());
            let mut words = match prefix {
                Some(p) => lex.words_with_prefix(&p)?,
                None => lex.words(),
            };
            for w in words.by_ref() {
                writeln!(out, "{w}")?;
            }
            out.flush()?;
            words.check()?;
        }
        Cmd::Anagram {
            rack,
            lexicon,
            partial,
        } => {
            refuse_lexicon_operands(std::slice::from_ref(&rack))?;
            let lex = load(lexicon.as_deref(), Some(lexgraph::Kind::Dawg))?;
            let rack = &rack;
            let mut out = BufWriter::new(std::io::stdout().lock());
            for w in lex.anagram(rack, partial)? {
                writeln!(out, "{w}")?;
            }
            out.flush()?;
        }
        Cmd::Moves(args) => return moves_cmd::run(args),
        Cmd::Completions { shell } => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(shell, &mut cmd, "lexgraph", &mut std::io::stdout());
        }
        Cmd::Man { out } => {
            std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
            let cmd = <Cli as clap::CommandFactory>::command();
            clap_mangen::generate_to(cmd, &out)
                .with_context(|| format!("writing man pages to {}", out.display()))?;
        }
        Cmd::Selfplay(args) => return selfplay_cmd::run(args),
        Cmd::Pattern { pattern, lexicon } => {
            refuse_lexicon_operands(std::slice::from_ref(&pattern))?;
            let lex = load(lexicon.as_deref(), Some(lexgraph::Kind::Dawg))?;
            let pat = &pattern;
            let mut out = BufWriter::new(std::io::stdout().lock());
            for w in lex.pattern(pat)? {
                writeln!(out, "{w}")?;
            }
            out.flush()?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Resolves an alphabet argument: a built-in name or a file.
pub fn resolve_alphabet(name: &str) -> Result<Alphabet> {
    // Any existing non-directory is a file (a pipe or device too: reading is bounded).
    let p = Path::new(name);
    if p.exists() && !p.is_dir() {
        return Ok(Alphabet::from_file(p)?);
    }
    Ok(Alphabet::builtin(name)?)
}

/// Opens `path`, or the built-in default lexicon of the wanted kind.
pub fn load(path: Option<&Path>, kind: Option<lexgraph::Kind>) -> Result<Lexicon> {
    match path {
        Some(p) => Ok(Lexicon::open(p)?),
        None => default_lexicon::open(kind.unwrap_or(lexgraph::Kind::Gaddag)),
    }
}

/// The longest line `check -` reads: as for word lists.
const MAX_WORD_LINE: usize = lexgraph::text::MAX_LINE_BYTES;

/// Operands are words, racks or patterns, never lexicons (one rule for every
/// command). An operand written as a path (a `/`, or a lexicon file's
/// extension) is refused with the way to give a lexicon, instead of being
/// looked up as a word; the file system is not consulted.
fn refuse_lexicon_operands(operands: &[String]) -> Result<()> {
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

fn spinner(msg: &str) -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let pb = indicatif::ProgressBar::new_spinner();
    pb.set_style(indicatif::ProgressStyle::with_template("{spinner} [{elapsed}] {msg}").unwrap());
    pb.enable_steady_tick(std::time::Duration::from_millis(100));
    pb.set_message(msg.to_string());
    Some(pb)
}

fn cmd_compile(
    words: &Path,
    out: &Path,
    alphabet: &str,
    skip_invalid: bool,
    only: &str,
    verbose: bool,
    opts: &compile::Options,
) -> Result<()> {
    let t0 = Instant::now();
    let out = &output_base(out, words)?;
    let alphabet = resolve_alphabet(alphabet)?;
    let pb = spinner(&format!("reading {}", words.display()));
    let list = if words.as_os_str() == "-" {
        let stdin = std::io::stdin().lock();
        WordList::from_reader(stdin, "stdin", &alphabet, skip_invalid)?
    } else {
        WordList::read(words, &alphabet, skip_invalid)?
    };
    let t_read = t0.elapsed();
    if list.is_empty() {
        match list.skipped() {
            0 => bail!("{}: no words", words.display()),
            n => bail!(
                "{}: no words ({n} invalid line(s) skipped)",
                words.display()
            ),
        }
    }
    if let Some(pb) = &pb {
        pb.set_message(format!("building DAWG and GADDAG of {} words", list.len()));
    }
    let files = compile::try_compile_with(&list, opts)?;
    if let Some(pb) = &pb {
        pb.set_message("writing");
    }
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        // Name the path that is in the way, not the directory it blocks.
        if let Some(file) = dir.ancestors().find(|a| a.is_file()) {
            bail!(
                "cannot write {}: {} is a file, not a directory",
                out.display(),
                file.display()
            );
        }
        std::fs::create_dir_all(dir)
            .with_context(|| format!("creating the output directory {}", dir.display()))?;
    }
    let t_write = Instant::now();
    let mut parts = Vec::new();
    let mut outputs = Vec::new();
    let (dn, de, gn, ge) = files.counts;
    for (kind, bytes, nodes, edges) in [
        ("dawg", &files.dawg, dn, de),
        ("gaddag", &files.gaddag, gn, ge),
    ] {
        if only != "both" && only != kind {
            continue;
        }
        let path = with_ext(out, kind);
        parts.push(format!(
            "{} {} B ({nodes} nodes, {edges} edges)",
            path.display(),
            bytes.len()
        ));
        let kind = match kind {
            "dawg" => lexgraph::Kind::Dawg,
            _ => lexgraph::Kind::Gaddag,
        };
        outputs.push((kind, bytes.as_slice()));
    }
    // Both or neither, under OUT.lock: a failed write, or another compile to
    // the same output, leaves no mismatched pair.
    compile::write_lexicon(out, &outputs)?;
    if let Some(pb) = pb {
        pb.finish_and_clear();
    }
    if verbose {
        eprintln!("  {:<15} {:8.3} s", "reading", t_read.as_secs_f64());
        for (name, d) in &files.phases {
            eprintln!("  {name:<15} {:8.3} s", d.as_secs_f64());
        }
        eprintln!(
            "  {:<15} {:8.3} s",
            "writing",
            t_write.elapsed().as_secs_f64()
        );
    }
    eprintln!(
        "compiled {} words ({} duplicates, {} skipped) of {} in {:.2} s: {}",
        list.len(),
        list.duplicates(),
        list.skipped(),
        words.display(),
        t0.elapsed().as_secs_f64(),
        parts.join(", ")
    );
    Ok(())
}

/// Where `compile -o OUT` writes: OUT itself, or inside OUT when it is a
/// directory (existing, or written with a trailing separator), named after
/// the word list (`-o out/` with `lists/enable1.txt` gives `out/enable1`).
/// Appending `.dawg` to a directory would write hidden files `out/.dawg`.
fn output_base(out: &Path, words: &Path) -> Result<PathBuf> {
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

fn cmd_info(lex: &Lexicon) -> Result<()> {
    let h = lex.header();
    let bytes = lex.bytes().len() as u64;
    let a = lex.alphabet();
    let labels: Vec<String> = (1..=a.len() as u8).map(|t| a.label(t, false)).collect();
    println!("file:        {}", lex.origin());
    println!("kind:        {}", h.kind.name());
    println!("format:      {}.{}", h.major, h.minor);
    println!(
        "alphabet:    {} ({} tiles: {})",
        a.name(),
        a.len(),
        labels.join(" ")
    );
    println!("words:       {}", h.words);
    println!("longest:     {} tiles", h.max_word_len);
    println!("nodes:       {}", h.nodes);
    println!(
        "edges:       {} ({} bits each: {}-bit tile, 2 flags, {}-bit target)",
        h.edges,
        h.edge_bits(),
        h.tile_bits,
        h.target_bits
    );
    println!("bytes:       {bytes}");
    println!("bytes/word:  {:.2}", bytes as f64 / h.words.max(1) as f64);
    println!(
        "checksum:    {:016x} (xxh3-64 of the payload, as the header says; `lexgraph verify` checks it)",
        h.checksum
    );
    Ok(())
}

fn verify_words(lex: &Lexicon, list: &WordList) -> Result<()> {
    let a = lex.alphabet();
    let mut expected = list.iter().map(|w| a.spell(w));
    let mut got = lex.words();
    let mut n = 0usize;
    loop {
        match (expected.next(), got.next()) {
            (None, None) => break,
            (Some(e), Some(g)) if e == g => n += 1,
            (Some(e), Some(g)) => bail!("word {n}: list has {e}, lexicon has {g}"),
            (Some(e), None) => bail!("lexicon is missing {e} (and {} more)", expected.count()),
            (None, Some(g)) => bail!("lexicon has {g}, which is not in the list"),
        }
    }
    for w in list.iter() {
        if !lex.contains_tiles(w) {
            bail!("{} is not accepted", a.spell(w));
        }
    }
    if lex.kind() == lexgraph::Kind::Gaddag {
        for w in list.iter() {
            for split in 1..=w.len() {
                if !lex.has_split_path(w, split) {
                    bail!(
                        "{}: no GADDAG path for the split after {split} tiles",
                        a.spell(w)
                    );
                }
            }
        }
    }
    Ok(())
}
