//! `lexgraph info`: a lexicon file's header, in words.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use lexgraph::Lexicon;

use crate::load;

#[derive(clap::Args)]
pub struct Args {
    /// Lexicon file (default: the built-in English lexicon)
    #[arg(conflicts_with = "lexicon_flag")]
    lexicon: Option<PathBuf>,
    /// The same, as the option every command takes
    #[arg(short = 'l', long = "lexicon", value_name = "LEXICON")]
    lexicon_flag: Option<PathBuf>,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let lex = load(args.lexicon.or(args.lexicon_flag).as_deref(), None)?;
    cmd_info(&lex)?;
    Ok(ExitCode::SUCCESS)
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
