//! `--compile-one`: reads and compiles one word list in this process and
//! prints what it measured as one JSON line; [`run_child`] runs the report
//! itself in this mode so that each build's memory is measured alone.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use lexgraph::{compile, Alphabet, Invalid, WordList};
use serde::{Deserialize, Serialize};

use crate::common::Resolved;
use crate::machine::vm_hwm_kb;
use crate::results::Edges;

/// What one `--compile-one` run measured.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CompileRun {
    pub words: u64,
    pub skipped: u64,
    pub duplicates: u64,
    pub tiles: u64,
    pub read_s: f64,
    pub compile_s: f64,
    pub dawg_bytes: u64,
    pub dawg_nodes: u64,
    pub dawg_edges: u64,
    pub gaddag_bytes: u64,
    pub gaddag_nodes: u64,
    pub gaddag_edges: u64,
    /// Peak RSS before reading the list, after reading it, after compiling.
    pub hwm_start_kb: Option<u64>,
    pub hwm_read_kb: Option<u64>,
    pub hwm_kb: Option<u64>,
    /// Wall time of each build phase as the compiler reports it, seconds.
    #[serde(default)]
    pub phases: Vec<(String, f64)>,
    /// The edge layout the default options chose for this list's alphabet
    /// (masked nodes for up to 31 tiles, else packed), read back from the
    /// files' headers; absent from reports written before masked nodes,
    /// when it was always packed.
    #[serde(default)]
    pub edges: Option<Edges>,
}

impl CompileRun {
    /// [`CompileRun::edges`], packed where the document predates it.
    pub fn layout(&self) -> Edges {
        self.edges.unwrap_or(Edges::Packed)
    }
}

pub fn load_alphabet(name: &str) -> Result<Alphabet> {
    let p = Path::new(name);
    Ok(if p.is_file() {
        Alphabet::from_file(p)?
    } else {
        Alphabet::builtin(name)?
    })
}

pub fn compile_one(
    path: &Path,
    alphabet: &str,
    skip_invalid: bool,
    out: Option<&Path>,
) -> Result<()> {
    let hwm_start_kb = vm_hwm_kb();
    let a = load_alphabet(alphabet)?;
    let t = Instant::now();
    let words = WordList::read(path, &a, Invalid::skip_if(skip_invalid))?;
    let read_s = t.elapsed().as_secs_f64();
    let hwm_read_kb = vm_hwm_kb();
    let t = Instant::now();
    let files = compile::try_compile(&words)?;
    let compile_s = t.elapsed().as_secs_f64();
    let hwm_kb = vm_hwm_kb();
    if let Some(prefix) = out {
        compile::write_atomic(&prefix.with_extension("dawg"), &files.dawg)?;
        compile::write_atomic(&prefix.with_extension("gaddag"), &files.gaddag)?;
    }
    let (dn, de, gn, ge) = files.counts;
    let edges = Edges::of_file(&files.gaddag);
    if Edges::of_file(&files.dawg) != edges {
        bail!(
            "the DAWG and the GADDAG of {} have different layouts",
            path.display()
        );
    }
    let run = CompileRun {
        words: words.len() as u64,
        skipped: words.skipped() as u64,
        duplicates: words.duplicates() as u64,
        tiles: words.total_tiles() as u64,
        read_s,
        compile_s,
        dawg_bytes: files.dawg.len() as u64,
        dawg_nodes: dn as u64,
        dawg_edges: de as u64,
        gaddag_bytes: files.gaddag.len() as u64,
        gaddag_nodes: gn as u64,
        gaddag_edges: ge as u64,
        hwm_start_kb,
        hwm_read_kb,
        hwm_kb,
        phases: files
            .phases
            .iter()
            .map(|(n, d)| (n.to_string(), d.as_secs_f64()))
            .collect(),
        edges: Some(edges),
    };
    println!("{}", serde_json::to_string(&run)?);
    Ok(())
}

/// Runs this program in `--compile-one` mode and reads its answer.
pub fn run_child(list: &Resolved, out: Option<&Path>) -> Result<CompileRun> {
    let exe = std::env::current_exe().context("locating the report executable")?;
    let mut cmd = Command::new(exe);
    cmd.arg("--compile-one")
        .arg(&list.path)
        .arg(list.spec.alphabet);
    if list.spec.skip_invalid {
        cmd.arg("--skip-invalid");
    }
    if let Some(o) = out {
        cmd.arg("--out").arg(o);
    }
    let o = cmd.output().context("running --compile-one")?;
    if !o.status.success() {
        bail!(
            "--compile-one {} failed: {}",
            list.path.display(),
            String::from_utf8_lossy(&o.stderr)
        );
    }
    let text = String::from_utf8_lossy(&o.stdout);
    let line = text.lines().last().unwrap_or_default();
    serde_json::from_str(line).with_context(|| format!("reading --compile-one output {line:?}"))
}
