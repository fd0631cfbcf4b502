//! `lexgraph verify`: checksum, structure, the pair, and the word list;
//! or the structure of a KWG or KLV file of the wolges / MAGPIE ecosystem.

use lexgraph::Invalid;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use lexgraph::format::kwg::{KwgLayout, KwgReport};
use lexgraph::lexicon::{check_pair, sibling_path};
use lexgraph::{Kind, Kwg, Lexicon, WordList};

use crate::setup::{json_line, Format};
use crate::{resolve_alphabet, usage, Negative};

#[derive(clap::Args)]
pub struct Args {
    /// Lexicon file (.dawg or .gaddag), or a KWG (.kwg, .kbwg) or KLV leave file (.klv2, .klv)
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
    /// The alphabet a KWG's or KLV's tiles number (they name none): built-in name or file
    #[arg(long, default_value = "english")]
    alphabet: String,
    /// Output format: a line of text, or one JSON object (`{"file", "ok",
    /// "checked"}`, or `{"file", "ok": false, "error"}` for a file that
    /// does not verify, exit 1)
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// `verify --format json`.
#[derive(serde::Serialize)]
struct JsonVerify<'a> {
    file: &'a str,
    ok: bool,
    /// What was checked, as the text says it after `OK: `.
    #[serde(skip_serializing_if = "Option::is_none")]
    checked: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// What sort of file verify was given.
enum FileKind {
    Lexgraph,
    Kwg,
    Klv,
}

/// A `.klv`/`.klv2` name makes a leave file (its bytes do not say so
/// reliably); a lexgraph file starts with its magic bytes; a KWG starts
/// with a root node (whatever its length, so that a truncated one gets the
/// KWG reader's word on it) or is named `.kwg`/`.kbwg`. Anything else gets
/// the lexgraph reader's error.
fn file_kind(path: &Path) -> Result<FileKind> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let is = |e: &str| ext.eq_ignore_ascii_case(e);
    if is("klv") || is("klv2") {
        return Ok(FileKind::Klv);
    }
    let mut head = Vec::with_capacity(8);
    if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        // The reader's own error names it (a pipe is not opened: that
        // would wait for a writer).
        return Ok(FileKind::Lexgraph);
    }
    std::fs::File::open(path)
        .and_then(|f| std::io::Read::read_to_end(&mut std::io::Read::take(f, 8), &mut head))
        .with_context(|| format!("reading {}", path.display()))?;
    let root = head.len() >= 4 && lexgraph::format::kwg::looks_like_kwg(&head[..4]);
    Ok(if head == b"LEXGRAPH" {
        FileKind::Lexgraph
    } else if root || is("kwg") || is("kbwg") {
        FileKind::Kwg
    } else {
        FileKind::Lexgraph
    })
}

pub fn run(args: Args) -> Result<ExitCode> {
    let format = args.format;
    let Some(file) = args.lexicon.clone().or(args.lexicon_flag.clone()) else {
        usage!("give the lexicon to verify");
    };
    let file = file.display().to_string();
    let outcome = verify(args);
    if format == Format::Text {
        println!("{file}: OK: {}", outcome?);
        return Ok(ExitCode::SUCCESS);
    }
    let checked;
    let record = match outcome {
        Ok(c) => {
            checked = c;
            JsonVerify {
                file: &file,
                ok: true,
                checked: Some(&checked),
                error: None,
            }
        }
        Err(e) => match e.downcast::<Negative>() {
            Ok(no) => {
                let record = JsonVerify {
                    file: &file,
                    ok: false,
                    checked: None,
                    error: Some(no.0),
                };
                json_line(&mut std::io::stdout().lock(), &record)?;
                return Ok(ExitCode::from(crate::status::NO));
            }
            Err(e) => return Err(e),
        },
    };
    json_line(&mut std::io::stdout().lock(), &record)?;
    Ok(ExitCode::SUCCESS)
}

/// Verifies the file; returns what was checked (the text after `OK: `).
fn verify(args: Args) -> Result<String> {
    let Args {
        lexicon,
        lexicon_flag,
        words,
        skip_invalid,
        pair,
        alphabet,
        ..
    } = args;
    let lexicon = lexicon.or(lexicon_flag).expect("checked by run");
    // A file that is not valid is verify's "no" (exit 1); one that
    // cannot be read is an I/O error (3).
    let negative = |e: lexgraph::Error| match e {
        lexgraph::Error::Io { .. } => anyhow::Error::new(e),
        e => anyhow::Error::new(Negative(e.to_string())),
    };
    match file_kind(&lexicon)? {
        FileKind::Lexgraph => {}
        kind => {
            if pair.is_some() {
                usage!("--pair is for lexgraph files (a KWG holds its DAWG and GADDAG together)");
            }
            let alphabet = resolve_alphabet(&alphabet)?;
            let (report, lex) = match kind {
                FileKind::Klv => {
                    if words.is_some() {
                        usage!("--words is for lexicons, not leave files");
                    }
                    let klv = lexgraph::klv::Klv::open(&lexicon).map_err(negative)?;
                    let r = klv
                        .verify(alphabet.len() as lexgraph::Tile)
                        .map_err(negative)?;
                    (r, None)
                }
                _ => {
                    let kwg = Kwg::open(&lexicon, &alphabet).map_err(negative)?;
                    (kwg.verify().map_err(negative)?, Some(kwg))
                }
            };
            let mut msg = describe(&report, lex.is_none());
            if let (Some(kwg), Some(w)) = (&lex, words) {
                msg.push_str(&check_list(kwg.best(), &lexicon, &w, skip_invalid)?);
            }
            return Ok(msg);
        }
    }
    let lex = Lexicon::open(&lexicon).map_err(negative)?;
    lex.verify().map_err(negative)?;
    let mut msg = format!("checksum and structure, {} words", lex.word_count());
    if let Some(p) = check_sibling(&lexicon, &lex, pair.as_deref())? {
        msg.push_str(&format!(", same word list as {}", p.display()));
    }
    if let Some(w) = words {
        msg.push_str(&check_list(&lex, &lexicon, &w, skip_invalid)?);
    }
    Ok(msg)
}

/// What verify says of a valid KWG or KLV.
fn describe(r: &KwgReport, leaves: bool) -> String {
    let i = &r.info;
    let arcs = match i.layout {
        KwgLayout::Arcs22 => "22-bit arcs",
        KwgLayout::Arcs24 => "24-bit arcs (big)",
    };
    let padding = match r.padding {
        0 => String::new(),
        p => format!(", {p} padding"),
    };
    if leaves {
        return format!(
            "KLV structure, {} leaves, one value each ({} nodes, {arcs}{padding})",
            i.words, i.nodes
        );
    }
    let shape = match i.gaddag_root {
        Some(_) => "GADDAWG; the GADDAG holds every split of every word, nothing else",
        None => "DAWG only",
    };
    format!(
        "KWG structure, {} words ({} nodes, {arcs}{padding}; {shape})",
        i.words, i.nodes
    )
}

/// Checks `lex` (from `path`) against the word list `w` (`-`: stdin);
/// says what was checked, for the OK line.
fn check_list(lex: &Lexicon, path: &Path, w: &Path, skip_invalid: bool) -> Result<String> {
    let (list, name) = if w.as_os_str() == "-" {
        let stdin = std::io::stdin().lock();
        let list = WordList::from_reader(
            stdin,
            "stdin",
            lex.alphabet(),
            Invalid::skip_if(skip_invalid),
        )?;
        (list, "stdin".to_string())
    } else {
        let list = WordList::read(w, lex.alphabet(), Invalid::skip_if(skip_invalid))?;
        (list, w.display().to_string())
    };
    verify_words(lex, &list)
        .map_err(|e| Negative(format!("{} does not match {name}: {e:#}", path.display())))?;
    Ok(format!(
        ", accepts exactly the {} words of {name}",
        list.len()
    ))
}

/// Checks `lex` (opened from `path`) against its pair: `pair` when given,
/// else the sibling file (`x.dawg` beside `x.gaddag` and the other way
/// round) when it exists. Returns the pair's path when one was checked.
fn check_sibling(path: &Path, lex: &Lexicon, pair: Option<&Path>) -> Result<Option<PathBuf>> {
    let other_kind = match lex.kind() {
        Kind::Dawg => Kind::Gaddag,
        Kind::Gaddag => Kind::Dawg,
    };
    let other_path = match pair {
        Some(p) => p.to_path_buf(),
        None => {
            let s = sibling_path(path, other_kind);
            if s == path || !s.exists() {
                return Ok(None);
            }
            s
        }
    };
    let other = Lexicon::open(&other_path).with_context(|| {
        format!(
            "opening {}, the {} that goes with {}",
            other_path.display(),
            other_kind.name(),
            path.display()
        )
    })?;
    match lex.kind() {
        Kind::Dawg => check_pair(lex, &other)?,
        Kind::Gaddag => check_pair(&other, lex)?,
    }
    Ok(Some(other_path))
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
