//! `lexgraph import`: a KWG (wolges / MAGPIE / Macondo) into lexgraph's DAWG
//! and GADDAG.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result};
use lexgraph::format::EdgeLayout;
use lexgraph::{compile, Kind, Kwg, WordList};

use crate::resolve_alphabet;
use crate::setup::{output_base, with_ext, EdgeArg};

#[derive(clap::Args)]
pub struct Args {
    /// A KWG file: DAWG-only or GADDAWG, 22-bit or 24-bit ("big") arcs
    kwg: PathBuf,
    /// Output path without extension (writes OUT.dawg and OUT.gaddag); a directory: files named after the KWG
    #[arg(short, long)]
    out: PathBuf,
    /// The alphabet the KWG's tiles number (a KWG names none; tile 1 is its first letter): built-in name or file
    #[arg(long, default_value = "english")]
    alphabet: String,
    /// Edge layout: masked (each node's tiles as a mask: fastest move
    /// generation, the default for alphabets of up to 31 tiles), packed
    /// (smallest files, the default for larger alphabets) or aligned
    /// (32-bit edges); formats/lexicon.md and BENCHMARKS.md, *Edge layouts*
    #[arg(long, value_enum)]
    edges: Option<EdgeArg>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let t0 = Instant::now();
    let alphabet = resolve_alphabet(&args.alphabet)?;
    let out = output_base(&args.out, &args.kwg)?;
    let kwg = Kwg::open(&args.kwg, &alphabet)?;
    let list = WordList::from_tiles(&alphabet, kwg.word_tiles());
    let opts = match args.edges {
        Some(e) => compile::CompileOptions::default().edges(EdgeLayout::from(e)),
        None => compile::CompileOptions::default(),
    };
    let files = compile::try_compile_with(&list, &opts)?;
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("creating the output directory {}", dir.display()))?;
    }
    compile::write_lexicon(
        &out,
        &[(Kind::Dawg, &files.dawg), (Kind::Gaddag, &files.gaddag)],
    )?;
    eprintln!(
        "imported {} words from {} ({} KWG nodes{}) in {:.2} s: {} {} B, {} {} B",
        list.len(),
        args.kwg.display(),
        kwg.nodes(),
        if kwg.is_big() { ", 24-bit arcs" } else { "" },
        t0.elapsed().as_secs_f64(),
        with_ext(&out, "dawg").display(),
        files.dawg.len(),
        with_ext(&out, "gaddag").display(),
        files.gaddag.len(),
    );
    Ok(ExitCode::SUCCESS)
}
