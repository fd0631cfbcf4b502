//! `lexgraph info`: a lexicon file's header, in words.

use std::process::ExitCode;

use anyhow::Result;
use lexgraph::Lexicon;
use serde::Serialize;

use crate::setup::{json_line, Format};
use crate::LexiconOperand;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    lexicon: LexiconOperand,
    /// Output format: text, or one JSON object
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

pub fn run(args: Args) -> Result<ExitCode> {
    let format = args.format;
    let lex = args.lexicon.open()?;
    match format {
        Format::Text => cmd_info(&lex)?,
        Format::Json => json_line(&mut std::io::stdout().lock(), &JsonInfo::of(&lex))?,
    }
    Ok(ExitCode::SUCCESS)
}

/// `info --format json`: the header's facts under the names the text uses.
#[derive(Serialize)]
struct JsonInfo {
    file: String,
    kind: &'static str,
    /// `lexgraph` (with `version`) or `kwg`.
    format: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    version: Option<String>,
    alphabet: String,
    tiles: Vec<String>,
    words: u64,
    longest: u64,
    nodes: u64,
    edges: u64,
    bytes: u64,
    /// The payload's xxh3-64, in hex (lexgraph files).
    #[serde(skip_serializing_if = "Option::is_none")]
    checksum: Option<String>,
    /// Bytes of the stored anagram index (files compiled with it).
    #[serde(skip_serializing_if = "Option::is_none")]
    anagram_index_bytes: Option<u64>,
}

impl JsonInfo {
    fn of(lex: &Lexicon) -> JsonInfo {
        let h = lex.header();
        let a = lex.alphabet();
        let kwg = lex.is_kwg();
        JsonInfo {
            file: lex.origin().to_string(),
            kind: h.kind.name(),
            format: if kwg { "kwg" } else { "lexgraph" },
            version: (!kwg).then(|| format!("{}.{}", h.major, h.minor)),
            alphabet: a.name().to_string(),
            tiles: (1..=a.len() as u8).map(|t| a.label(t, false)).collect(),
            words: h.words,
            longest: h.max_word_len as u64,
            nodes: h.nodes,
            edges: if h.masked() { h.edge_count() } else { h.edges },
            bytes: lex.bytes().len() as u64,
            checksum: (!kwg).then(|| format!("{:016x}", h.checksum)),
            anagram_index_bytes: h.anagrams.map(|(_, len)| len),
        }
    }
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
    if let Some((_, len)) = h.anagrams {
        println!(
            "anagrams:    stored, {len} bytes ({} multisets; read in place by best-move searches)",
            lex.anagram_index().len()
        );
    }
    Ok(())
}
