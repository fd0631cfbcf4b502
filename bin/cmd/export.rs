//! `lexgraph export`: a lexgraph lexicon as a KWG that the wolges / MAGPIE /
//! Macondo engines read.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use lexgraph::kwg::{self, KwgLayout, NodeOrder};
use lexgraph::{compile, Kwg};

use crate::{load, usage};

#[derive(clap::Args)]
pub struct Args {
    /// The lexicon to export: a .dawg or .gaddag (default: -l, else the built-in English lexicon)
    #[arg(conflicts_with = "lexicon_flag")]
    lexicon: Option<PathBuf>,
    /// The same, as the option every command takes
    #[arg(short = 'l', long = "lexicon", value_name = "LEXICON")]
    lexicon_flag: Option<PathBuf>,
    /// kwg: the GADDAWG (DAWG and GADDAG, what `buildlex english-kwg` writes, for move
    /// generation); dawg-kwg: the DAWG alone (word lookups)
    #[arg(long, value_enum, default_value_t = To::Kwg)]
    to: To,
    /// The KWG file to write (replaced atomically)
    #[arg(short, long)]
    out: PathBuf,
    /// Node order: wolges (the reference files, byte for byte) or magpie
    #[arg(long, value_enum, default_value_t = LayoutArg::Wolges)]
    layout: LayoutArg,
    /// 24-bit arcs: the reference compiler's "big" variant (.kbwg) for lists past the format's
    /// 4,194,304 nodes; few engines read it
    #[arg(long)]
    big: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum To {
    Kwg,
    DawgKwg,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum LayoutArg {
    Wolges,
    Magpie,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let path = args.lexicon.or(args.lexicon_flag);
    let lex = load(path.as_deref(), None)?;
    let alphabet = lex.alphabet().clone();
    let mut words = Vec::with_capacity(lex.word_count() as usize);
    let mut stream = lex.words();
    for w in stream.by_ref() {
        match alphabet.tokenize(&w) {
            Ok(t) => words.push(t),
            Err(c) => usage!(
                "{}: the word {w} has {c:?}, which no tile spells",
                lex.origin()
            ),
        }
    }
    stream.check()?;
    if words.iter().any(|w| w.iter().any(|&t| t > 63)) {
        usage!("a KWG holds tiles 1..=63; this alphabet has more");
    }
    let layout = match args.layout {
        LayoutArg::Wolges => NodeOrder::Wolges,
        LayoutArg::Magpie => NodeOrder::Magpie,
    };
    let arcs = if args.big {
        KwgLayout::Arcs24
    } else {
        KwgLayout::Arcs22
    };
    let nodes = match args.to {
        To::Kwg => kwg::gaddawg_with(&words, layout, arcs),
        To::DawgKwg => kwg::dawg_with(&words, layout, arcs),
    }
    .map_err(|e| match e {
        lexgraph::Error::TooLarge(m) if !args.big => {
            anyhow::anyhow!("lexicon too large for a KWG: {m}; --big writes 24-bit arcs")
        }
        e => e.into(),
    })?;
    let bytes = kwg::to_bytes(&nodes);
    // What is written reads back as the same words.
    let check = Kwg::from_vec(bytes.clone(), &alphabet)?;
    if check.word_count() != words.len() as u64 {
        anyhow::bail!(
            "internal error: the KWG holds {} words, the lexicon {}",
            check.word_count(),
            words.len()
        );
    }
    compile::write_atomic(&args.out, &bytes)
        .with_context(|| format!("writing {}", args.out.display()))?;
    eprintln!(
        "exported {} words of {} to {}: {} B ({} nodes{})",
        words.len(),
        lex.origin(),
        args.out.display(),
        bytes.len(),
        nodes.len(),
        if args.big { ", 24-bit arcs" } else { "" }
    );
    Ok(ExitCode::SUCCESS)
}
