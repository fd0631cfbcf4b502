//! The default lexicon: `lexicons/wordlist-en.txt`, embedded in the binary and
//! compiled on first use into a cache directory, so every command that takes
//! a lexicon works with none given, in any directory.
//!
//! Cache directory: `$LEXGRAPH_CACHE`, else the platform's cache
//! directory for lexgraph (`$XDG_CACHE_HOME/lexgraph` or
//! `~/.cache/lexgraph` on Linux, `~/Library/Caches/lexgraph` on macOS,
//! `%LOCALAPPDATA%\lexgraph\cache` on Windows), else the system temp
//! directory. File names carry a hash of the word list, alphabet and format
//! version, so a changed list or format never reads a stale file; writes are
//! atomic, so concurrent first runs are safe. The first run says that it
//! compiles into the cache, and where.
//!
//! Upwords plays the same list in the Upwords alphabet (`QU` one tile),
//! without the words it cannot spell (a Q not followed by U): [`open_upwords`].

use lexgraph::Invalid;
use std::path::PathBuf;

use anyhow::{Context, Result};
use lexgraph::{compile, format, Alphabet, Kind, Lexicon, WordList};

const WORDS: &str = include_str!("../lexicons/wordlist-en.txt");

/// The cache directory (see module docs).
pub fn cache_dir() -> PathBuf {
    // An empty variable counts as unset (it would mean the current directory).
    if let Some(d) = std::env::var_os("LEXGRAPH_CACHE").filter(|v| !v.is_empty()) {
        return PathBuf::from(d);
    }
    match directories::ProjectDirs::from("", "", "lexgraph") {
        Some(dirs) => dirs.cache_dir().to_path_buf(),
        None => std::env::temp_dir().join("lexgraph"),
    }
}

/// Opens the default lexicon of `kind`, compiling it first if not cached.
pub fn open(kind: Kind) -> Result<Lexicon> {
    open_in(&Alphabet::english(), Invalid::Refuse, "wordlist-en", kind)
}

/// The default lexicon in the Upwords alphabet.
pub fn open_upwords(kind: Kind) -> Result<Lexicon> {
    let alphabet = Alphabet::builtin("upwords")?;
    open_in(&alphabet, Invalid::Skip, "wordlist-en-upwords", kind)
}

/// The default list in `alphabet`, cached under `stem`.
fn open_in(alphabet: &Alphabet, invalid: Invalid, stem: &str, kind: Kind) -> Result<Lexicon> {
    let mut key = WORDS.as_bytes().to_vec();
    key.extend_from_slice(alphabet.to_text().as_bytes());
    key.extend_from_slice(&format::VERSION_MAJOR.to_le_bytes());
    key.extend_from_slice(&format::VERSION_MINOR.to_le_bytes());
    let hash = xxhash_rust::xxh3::xxh3_64(&key);
    let dir = cache_dir();
    let path = dir.join(format!("{stem}-{hash:016x}.{}", kind.extension()));
    if let Ok(lex) = crate::open_file(&path) {
        return Ok(lex);
    }
    let list = WordList::parse(
        WORDS.as_bytes(),
        "lexicons/wordlist-en.txt",
        alphabet,
        invalid,
    )?;
    // Nothing is written to a player's disk unannounced.
    eprintln!(
        "note: compiling the built-in English lexicon into {} (once; LEXGRAPH_CACHE moves it)",
        dir.display()
    );
    let files = compile::try_compile(&list)?;
    let cached = std::fs::create_dir_all(&dir)
        .map_err(anyhow::Error::from)
        .with_context(|| format!("creating cache directory {}", dir.display()))
        .and_then(|()| {
            let base = dir.join(format!("{stem}-{hash:016x}"));
            let both = [Kind::Dawg, Kind::Gaddag].map(|k| (k, bytes_of(&files, k).as_slice()));
            compile::write_lexicon(&base, &both)?;
            Ok(crate::open_file(&path)?)
        });
    match cached {
        Ok(lex) => Ok(lex),
        // A cache that cannot be written costs a compile per run, not the run.
        Err(e) => {
            eprintln!("note: default lexicon not cached ({e:#}); compiled in memory");
            Ok(Lexicon::from_vec(bytes_of(&files, kind).clone())?)
        }
    }
}

fn bytes_of(files: &compile::Compiled, kind: Kind) -> &Vec<u8> {
    match kind {
        Kind::Dawg => &files.dawg,
        Kind::Gaddag => &files.gaddag,
    }
}

/// The built-in list's own leave values (`lexicons/wordlist-en.klv2`,
/// trained by `lexgraph leaves train`; `lexicons/LEAVES.md`).
const LEAVES: &[u8] = include_bytes!("../lexicons/wordlist-en.klv2");

/// The leave values a lexicon brings, for equity rankings by default:
/// `X.klv2` beside `X.gaddag` or `X.dawg` (as `compile` copies a list's),
/// the built-in list's own in the English alphabet, else none. Returns the
/// name to show and the values.
pub fn own_leaves(
    lexicon: Option<&std::path::Path>,
    alphabet: &Alphabet,
) -> Result<Option<(String, lexgraph::strategy::Leaves)>> {
    use lexgraph::klv::Klv;
    use lexgraph::strategy::Leaves;
    match lexicon {
        None if alphabet.same_tiles(&Alphabet::english()) => {
            let klv = Klv::from_vec(LEAVES.to_vec(), "built-in wordlist-en.klv2")?;
            Ok(Some(("klv:wordlist-en.klv2".into(), Leaves::Klv(klv))))
        }
        None => Ok(None),
        Some(path) => Ok(Leaves::of_lexicon(path)
            .with_context(|| {
                format!(
                    "the lexicon's leaves, {}",
                    path.with_extension("klv2").display()
                )
            })?
            .map(|(beside, own)| (format!("klv:{}", beside.display()), own))),
    }
}

/// The built-in list's win table, from the same self-play as its leaves.
const WINS: &str = include_str!("../lexicons/wordlist-en.win.csv");

/// The win table that goes with leave values named `leaves` (as
/// [`leaves_spec`] names them): `X.win.csv` beside `klv:X.klv2`, the
/// built-in list's with its leaves (`built_in`: no lexicon or leaves
/// given), else none. Returns the table and where it came from.
pub fn win_table_beside(
    leaves: &str,
    built_in: bool,
) -> Result<Option<(String, lexgraph::analysis::winprob::WinTable)>> {
    use lexgraph::analysis::winprob::WinTable;
    if built_in && leaves == "klv:wordlist-en.klv2" {
        let name = "built-in wordlist-en.win.csv";
        return Ok(Some((name.into(), WinTable::parse(WINS, name)?)));
    }
    let Some(path) = leaves.strip_prefix("klv:") else {
        return Ok(None);
    };
    let path = std::path::Path::new(path);
    let name = path.with_extension("win.csv").display().to_string();
    Ok(WinTable::beside(path)?.map(|t| (name, t)))
}

/// Leave values by their command-line spec; `auto` is the lexicon's own
/// ([`own_leaves`]), else Gordon's Heuristic 2.
pub fn leaves_spec(
    spec: &str,
    lexicon: Option<&std::path::Path>,
    alphabet: &Alphabet,
) -> Result<(String, lexgraph::strategy::Leaves)> {
    use lexgraph::strategy::Leaves;
    if spec == "auto" {
        if let Some(own) = own_leaves(lexicon, alphabet)? {
            return Ok(own);
        }
        return Ok(("gordon2".into(), Leaves::parse("gordon2", alphabet)?));
    }
    match Leaves::parse(spec, alphabet) {
        Ok(leaves) => Ok((spec.to_string(), leaves)),
        // The command line's choices include `auto`.
        Err(lexgraph::Error::Query(m)) if m.starts_with("unknown leave values") => {
            anyhow::bail!(
                "unknown leave values {spec:?}: auto, {}",
                lexgraph::strategy::LEAVE_CHOICES
            )
        }
        Err(e) => Err(e.into()),
    }
}
