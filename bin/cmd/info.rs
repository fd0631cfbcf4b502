//! `lexgraph info`: a lexicon file's header, in words.

use std::process::ExitCode;

use anyhow::Result;
use lexgraph::Lexicon;

use crate::LexiconOperand;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    lexicon: LexiconOperand,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let lex = args.lexicon.open()?;
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
    if lex.is_kwg() {
        println!(
            "format:      KWG ({}-bit arcs; read in place, the part of the file named by kind)",
            h.target_bits
        );
    } else {
        println!("format:      {}.{}", h.major, h.minor);
    }
    println!(
        "alphabet:    {} ({} tiles: {})",
        a.name(),
        a.len(),
        labels.join(" ")
    );
    println!("words:       {}", h.words);
    println!("longest:     {} tiles", h.max_word_len);
    println!("nodes:       {}", h.nodes);
    if h.masked() {
        // The array's slots are the nodes' masks and the edges.
        println!(
            "edges:       {} (32 bits each: 5-bit tile, 2 flags, 25-bit target; each node led by a 32-bit tile mask)",
            h.edge_count()
        );
    } else {
        println!(
            "edges:       {} ({} bits each: {}-bit tile, 2 flags, {}-bit target)",
            h.edges,
            h.edge_bits(),
            h.tile_bits,
            h.target_bits
        );
    }
    println!("bytes:       {bytes}");
    println!("bytes/word:  {:.2}", bytes as f64 / h.words.max(1) as f64);
    if !lex.is_kwg() {
        println!(
            "checksum:    {:016x} (xxh3-64 of the payload, as the header says; `lexgraph verify` checks it)",
            h.checksum
        );
    }
    Ok(())
}
