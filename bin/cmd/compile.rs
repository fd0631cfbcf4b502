//! `lexgraph compile`: a word list into a DAWG and a GADDAG.

use lexgraph::Invalid;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use lexgraph::format::EdgeLayout;
use lexgraph::{compile, WordList};

use crate::setup::{output_base, with_ext, EdgeArg};
use crate::{resolve_alphabet, spinner};

#[derive(clap::Args)]
pub struct Args {
    /// Word list: UTF-8, one word per line, `#` comments (`-`: standard input)
    words: PathBuf,
    /// Output path without extension (writes OUT.dawg and OUT.gaddag); a directory (existing, or ending in `/`): files named after the word list
    #[arg(short, long)]
    out: PathBuf,
    /// Built-in alphabet name (english, super-english, spanish, polish, catalan, upwords) or an alphabet file
    #[arg(long, default_value = "english")]
    alphabet: String,
    /// Leave out words the alphabet cannot spell instead of failing
    #[arg(long)]
    skip_invalid: bool,
    /// Write only the DAWG or only the GADDAG
    #[arg(long, value_enum, default_value_t = Only::Both)]
    only: Only,
    /// Edge layout: masked (each node's tiles as a mask: fastest move
    /// generation, the default for alphabets of up to 31 tiles), packed
    /// (smallest files, the default for larger alphabets) or aligned
    /// (32-bit edges); formats/lexicon.md and BENCHMARKS.md, *Edge layouts*
    #[arg(long, value_enum)]
    edges: Option<EdgeArg>,
    /// Store the anagram index in each file: best-move searches read it in
    /// place from the first one instead of building it after 1,000 (0.1 s
    /// and 15 MB for SOWPODS); each file grows by as much (14 MB)
    #[arg(long)]
    anagram_index: bool,
    /// Print the time of each phase
    #[arg(long, short)]
    verbose: bool,
    /// Write a vocabulary instead of the whole list: its N most frequent
    /// words (by --frequencies) and all its two-letter words
    #[arg(long, value_name = "N")]
    vocabulary: Option<usize>,
    /// The `word,count` list --vocabulary ranks words by (default, for the
    /// English alphabet: lexicons/english.freq.csv, built in)
    #[arg(long, value_name = "FILE", requires = "vocabulary")]
    frequencies: Option<PathBuf>,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Only {
    Dawg,
    Gaddag,
    Both,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let opts = match args.edges {
        Some(e) => compile::CompileOptions::default().edges(EdgeLayout::from(e)),
        None => compile::CompileOptions::default(),
    }
    .anagram_index(args.anagram_index);
    let only = match args.only {
        Only::Dawg => "dawg",
        Only::Gaddag => "gaddag",
        Only::Both => "both",
    };
    let vocabulary = args.vocabulary.map(|n| (n, args.frequencies.as_deref()));
    cmd_compile(
        &args.words,
        &args.out,
        &args.alphabet,
        args.skip_invalid,
        only,
        args.verbose,
        &opts,
        vocabulary,
    )?;
    Ok(ExitCode::SUCCESS)
}

#[allow(clippy::too_many_arguments)]
fn cmd_compile(
    words: &Path,
    out: &Path,
    alphabet: &str,
    skip_invalid: bool,
    only: &str,
    verbose: bool,
    opts: &compile::CompileOptions,
    vocabulary: Option<(usize, Option<&Path>)>,
) -> Result<()> {
    let t0 = Instant::now();
    let out = &output_base(out, words)?;
    let alphabet = resolve_alphabet(alphabet)?;
    let pb = spinner(&format!("reading {}", words.display()));
    let list = if words.as_os_str() == "-" {
        let stdin = std::io::stdin().lock();
        WordList::from_reader(stdin, "stdin", &alphabet, Invalid::skip_if(skip_invalid))?
    } else {
        WordList::read(words, &alphabet, Invalid::skip_if(skip_invalid))?
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
    let mut files = compile::try_compile_with(&list, opts)?;
    let mut list = list;
    if let Some((n, freq_file)) = vocabulary {
        (files, list) = vocabulary_of(&files, &list, words, n, freq_file, opts)?;
    }
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
    // A list's leaves travel with it: `enable1.klv2` beside `enable1.txt`
    // is copied to OUT.klv2, which equity rankings use by default.
    if words.as_os_str() != "-" {
        let copied = lexgraph::klv::copy_list_leaves(words, out).with_context(|| {
            format!(
                "the leaves beside the list, {}",
                words.with_extension("klv2").display()
            )
        })?;
        if let Some((dest, n)) = copied {
            parts.push(format!("{} ({n} leaves)", dest.display()));
        }
    }
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

/// The vocabulary of `list` (compiled as `full`): its `n` most frequent
/// words by `freq_file` (else the built-in English counts) and its
/// two-letter words, compiled, with the list of them. Says how many of
/// the frequency list's words the list does not have.
fn vocabulary_of(
    full: &compile::Compiled,
    list: &WordList,
    words: &Path,
    n: usize,
    freq_file: Option<&Path>,
    opts: &compile::CompileOptions,
) -> Result<(compile::Compiled, WordList)> {
    let lex = lexgraph::Lexicon::from_vec(full.dawg.clone())?;
    let freq = crate::players::frequencies(freq_file, list.alphabet())?;
    let mut freq = std::sync::Arc::unwrap_or_clone(freq);
    let total = freq.len();
    let dropped = freq.restrict(&lex);
    let vocab = freq
        .vocabulary(n, &lex)
        .with_context(|| format!("the vocabulary of {} by {}", words.display(), freq.origin()))?;
    let vocab = WordList::from_tiles(list.alphabet(), vocab);
    eprintln!(
        "vocabulary: {} words (the {} most frequent of {} and its two-letter words); \
         {dropped} of the {total} words of {} are not in the list",
        vocab.len(),
        n.min(freq.len()),
        words.display(),
        freq.origin()
    );
    Ok((compile::try_compile_with(&vocab, opts)?, vocab))
}
