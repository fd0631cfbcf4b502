//! `bench-report`: measures lexgraph directly (no criterion) and writes
//! `BENCHMARKS.md` plus SVG plots in `benches/plots/`.
//!
//! ```sh
//! cargo run --release --example bench-report -- --lexicons ../shared/lexicons -o BENCHMARKS.md
//! cargo run --release --example bench-report -- --quick          # smoke run, about a minute
//! cargo run --release --example bench-report -- --make-suites    # rewrite the blank suites
//! ```
//!
//! Options: `--lexicons DIR` (default `$LEXGRAPH_LEXICONS`, else
//! `../shared/lexicons` beside the crate; missing lists fall back to the
//! project's `lexicons/` with a note), `-o FILE` (default `BENCHMARKS.md` in
//! the crate), `--plots DIR` (default `benches/plots` beside the output),
//! `--quick`, `--games N`, `--reps N`.
//!
//! Internal mode: `--compile-one PATH ALPHABET [--skip-invalid] [--out
//! PREFIX]` reads and compiles one word list in a fresh process and prints
//! one JSON line with the sizes, the times and the peak resident memory
//! (`VmHWM` from `/proc/self/status`); the report runs itself in this mode
//! so that each build's memory is measured alone.
//!
//! `--make-suites` writes `benches/positions/{enable,sowpods}-blank{1,2}.cgp`
//! from the stored suites (see [`common::make_blank_suite`]): the last one
//! or two tiles of blank-free racks replaced by `?` where the bag allows it,
//! 300 positions evenly spaced over the suite (all of them when fewer
//! qualify).

#[path = "common/mod.rs"]
mod common;

use lexgraph::Invalid;
use std::fmt::Write as _;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use common::{Compiled, Resolved, SuiteSpec};
use lexgraph::board::Position;
use lexgraph::builder::Builder;
use lexgraph::movegen::{sort_moves, Generator, Move, Options};
use lexgraph::selfplay::play_game;
use lexgraph::{compile, format, Alphabet, Kind, Lexicon, WordList, BLANK};
use serde::{Deserialize, Serialize};

// ---------------------------------------------------------------------------
// Progress, statistics, formatting

static START: OnceLock<Instant> = OnceLock::new();

macro_rules! progress {
    ($($arg:tt)*) => {
        eprintln!("[{:7.1}s] {}", START.get_or_init(Instant::now).elapsed().as_secs_f64(), format!($($arg)*))
    };
}

#[derive(Clone, Copy, Debug, Default)]
struct Stats {
    median: f64,
    min: f64,
    max: f64,
    p90: f64,
    mean: f64,
}

fn stats(v: &[f64]) -> Stats {
    if v.is_empty() {
        return Stats::default();
    }
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let n = s.len();
    let median = if n % 2 == 1 {
        s[n / 2]
    } else {
        (s[n / 2 - 1] + s[n / 2]) / 2.0
    };
    Stats {
        median,
        min: s[0],
        max: s[n - 1],
        p90: s[((n - 1) as f64 * 0.9).round() as usize],
        mean: s.iter().sum::<f64>() / n as f64,
    }
}

fn median_usize(v: &[usize]) -> f64 {
    stats(&v.iter().map(|&x| x as f64).collect::<Vec<_>>()).median
}

/// `1234567` → `1,234,567`.
fn int(n: u64) -> String {
    let s = n.to_string();
    let groups: Vec<&str> = s
        .as_bytes()
        .rchunks(3)
        .rev()
        .map(|g| std::str::from_utf8(g).unwrap_or_default())
        .collect();
    groups.join(",")
}

/// Seconds as `12.3 ms` / `1.23 s` / `45 µs`.
fn secs(s: f64) -> String {
    if s >= 1.0 {
        format!("{s:.2} s")
    } else if s >= 1e-3 {
        format!("{:.1} ms", s * 1e3)
    } else {
        format!("{:.1} µs", s * 1e6)
    }
}

fn mb(kb: Option<u64>) -> String {
    match kb {
        // VmHWM is in KiB: report MiB, and the decimal MB the targets use.
        Some(k) => format!(
            "{:.1} MiB ({:.1} MB)",
            k as f64 / 1024.0,
            k as f64 * 1024.0 / 1e6
        ),
        None => "n/a".into(),
    }
}

/// Short SI form for plot ticks: 10k, 2.5M.
fn si(v: f64) -> String {
    let (d, s) = if v >= 1e9 {
        (1e9, "G")
    } else if v >= 1e6 {
        (1e6, "M")
    } else if v >= 1e3 {
        (1e3, "k")
    } else {
        (1.0, "")
    };
    let x = v / d;
    if (x - x.round()).abs() < 1e-9 {
        format!("{}{s}", x.round())
    } else {
        format!("{x:.1}{s}")
    }
}

/// `median (min–max)`, one decimal.
fn spread(s: &Stats) -> String {
    format!("{:.1} ({:.1}–{:.1})", s.median, s.min, s.max)
}

/// The *Agree* cell of a timing table.
fn agree(r: &MgResult) -> &'static str {
    if r.agree {
        "yes"
    } else {
        "**no**"
    }
}

fn ratio(a: f64, b: f64) -> String {
    if b > 0.0 {
        format!("{:.2}×", a / b)
    } else {
        "n/a".into()
    }
}

// ---------------------------------------------------------------------------
// Machine

struct Machine {
    cpu: String,
    logical: usize,
    available: usize,
    rustc: String,
    date: String,
    git: String,
}

fn machine() -> Machine {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let cpu = cpuinfo
        .lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split_once(':'))
        .map(|(_, v)| v.trim().to_string())
        .unwrap_or_else(|| "unknown CPU".into());
    let logical = cpuinfo
        .lines()
        .filter(|l| l.starts_with("processor"))
        .count();
    let available = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    let rustc_bin = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let rustc = Command::new(rustc_bin)
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "rustc: unknown".into());
    let git = Command::new("git")
        .args([
            "-C",
            env!("CARGO_MANIFEST_DIR"),
            "describe",
            "--always",
            "--dirty",
        ])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown".into());
    Machine {
        cpu,
        logical: logical.max(1),
        available,
        rustc,
        date: utc_now(),
        git,
    }
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|| "n/a".into())
}

/// This thread's CPU time so far, µs (`CLOCK_THREAD_CPUTIME_ID`). Where the
/// guest kernel accounts for steal, as this VM's does, it leaves out the time
/// the hypervisor gave the vCPU to other guests: wall time does not.
#[cfg(unix)]
fn thread_cpu_us() -> Option<f64> {
    use nix::time::{clock_gettime, ClockId};
    let t = clock_gettime(ClockId::CLOCK_THREAD_CPUTIME_ID).ok()?;
    Some(t.tv_sec() as f64 * 1e6 + t.tv_nsec() as f64 / 1e3)
}

#[cfg(not(unix))]
fn thread_cpu_us() -> Option<f64> {
    None
}

/// (steal, all) time of every CPU so far, in jiffies, from `/proc/stat`.
fn cpu_steal() -> Option<(u64, u64)> {
    let text = std::fs::read_to_string("/proc/stat").ok()?;
    let line = text.lines().find(|l| l.starts_with("cpu "))?;
    let v: Vec<u64> = line
        .split_whitespace()
        .skip(1)
        .filter_map(|x| x.parse().ok())
        .collect();
    // user nice system idle iowait irq softirq steal [guest guest_nice]:
    // guest time is already inside user time.
    let all: u64 = v.iter().take(8).sum();
    Some((*v.get(7)?, all))
}

/// Steal as a share of all CPU time between two [`cpu_steal`] readings.
fn steal_share(a: Option<(u64, u64)>, b: Option<(u64, u64)>) -> Option<f64> {
    let ((s0, t0), (s1, t1)) = (a?, b?);
    (t1 > t0).then(|| (s1 - s0) as f64 / (t1 - t0) as f64)
}

/// The current UTC time as `YYYY-MM-DD HH:MM UTC`.
fn utc_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0);
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Days to civil date (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + (m <= 2) as i64;
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        rem / 3600,
        rem % 3600 / 60
    )
}

/// Peak resident set size of this process so far, in kB.
fn vm_hwm_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

// ---------------------------------------------------------------------------
// Command line

struct Args {
    lexicons: PathBuf,
    output: PathBuf,
    plots: Option<PathBuf>,
    quick: bool,
    games: Option<usize>,
    reps: Option<usize>,
}

enum Mode {
    Report(Args),
    MakeSuites,
    CompileOne {
        path: PathBuf,
        alphabet: String,
        skip_invalid: bool,
        out: Option<PathBuf>,
    },
}

const USAGE: &str =
    "usage: bench-report [--lexicons DIR] [-o FILE] [--plots DIR] [--quick] [--games N] [--reps N]
       bench-report --make-suites
       bench-report --compile-one PATH ALPHABET [--skip-invalid] [--out PREFIX]";

fn parse_args() -> Result<Mode> {
    let mut it = std::env::args().skip(1);
    let mut args = Args {
        lexicons: common::lexicons_dir(),
        output: PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/BENCHMARKS.md")),
        plots: None,
        quick: false,
        games: None,
        reps: None,
    };
    let mut make_suites = false;
    let mut compile_one: Option<(PathBuf, String)> = None;
    let mut skip_invalid = false;
    let mut out = None;
    let value = |it: &mut dyn Iterator<Item = String>, flag: &str| {
        it.next()
            .with_context(|| format!("{flag} needs a value\n{USAGE}"))
    };
    while let Some(a) = it.next() {
        match a.as_str() {
            "--lexicons" => args.lexicons = value(&mut it, &a)?.into(),
            "-o" | "--output" => args.output = value(&mut it, &a)?.into(),
            "--plots" => args.plots = Some(value(&mut it, &a)?.into()),
            "--quick" => args.quick = true,
            "--games" => args.games = Some(value(&mut it, &a)?.parse()?),
            "--reps" => args.reps = Some(value(&mut it, &a)?.parse::<usize>()?.max(1)),
            "--make-suites" => make_suites = true,
            "--compile-one" => {
                let p = value(&mut it, &a)?;
                let alpha = value(&mut it, &a)?;
                compile_one = Some((p.into(), alpha));
            }
            "--skip-invalid" => skip_invalid = true,
            "--out" => out = Some(value(&mut it, &a)?.into()),
            "-h" | "--help" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            _ => bail!("unknown argument {a:?}\n{USAGE}"),
        }
    }
    Ok(if let Some((path, alphabet)) = compile_one {
        Mode::CompileOne {
            path,
            alphabet,
            skip_invalid,
            out,
        }
    } else if make_suites {
        Mode::MakeSuites
    } else {
        Mode::Report(args)
    })
}

fn main() -> Result<()> {
    START.get_or_init(Instant::now);
    match parse_args()? {
        Mode::CompileOne {
            path,
            alphabet,
            skip_invalid,
            out,
        } => compile_one(&path, &alphabet, skip_invalid, out.as_deref()),
        Mode::MakeSuites => make_suites(),
        Mode::Report(args) => report(args),
    }
}

// ---------------------------------------------------------------------------
// --compile-one

/// What one `--compile-one` run measured.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct CompileRun {
    words: u64,
    skipped: u64,
    duplicates: u64,
    tiles: u64,
    read_s: f64,
    compile_s: f64,
    dawg_bytes: u64,
    dawg_nodes: u64,
    dawg_edges: u64,
    gaddag_bytes: u64,
    gaddag_nodes: u64,
    gaddag_edges: u64,
    /// Peak RSS before reading the list, after reading it, after compiling.
    hwm_start_kb: Option<u64>,
    hwm_read_kb: Option<u64>,
    hwm_kb: Option<u64>,
    /// Wall time of each build phase as the compiler reports it, seconds.
    #[serde(default)]
    phases: Vec<(String, f64)>,
}

fn load_alphabet(name: &str) -> Result<Alphabet> {
    let p = Path::new(name);
    Ok(if p.is_file() {
        Alphabet::from_file(p)?
    } else {
        Alphabet::builtin(name)?
    })
}

fn compile_one(path: &Path, alphabet: &str, skip_invalid: bool, out: Option<&Path>) -> Result<()> {
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
    };
    println!("{}", serde_json::to_string(&run)?);
    Ok(())
}

/// Runs this program in `--compile-one` mode and reads its answer.
fn run_child(list: &Resolved, out: Option<&Path>) -> Result<CompileRun> {
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

// ---------------------------------------------------------------------------
// --make-suites

/// The blank suites: (stored suite, blanks).
const BLANK_SUITES: [(SuiteSpec, usize); 4] = [
    (common::SUITE_ENABLE, 1),
    (common::SUITE_ENABLE, 2),
    (common::SUITE_SOWPODS, 1),
    (common::SUITE_SOWPODS, 2),
];

fn blank_suite(spec: &SuiteSpec, blanks: usize) -> Vec<common::BlankPosition> {
    let alphabet = common::alphabet(spec.alphabet);
    let size = spec.rules().layout.size();
    let lines = common::read_lines(&spec.path());
    common::make_blank_suite(&lines, &alphabet, size, blanks, common::BLANK_SUITE_LEN)
}

fn make_suites() -> Result<()> {
    for (spec, blanks) in BLANK_SUITES {
        let suite = blank_suite(&spec, blanks);
        let path = spec.blank_path(blanks);
        let mut text = String::new();
        for p in &suite {
            text.push_str(&p.blanked);
            text.push('\n');
        }
        compile::write_atomic(&path, text.as_bytes())?;
        progress!(
            "wrote {} ({} positions{})",
            path.display(),
            suite.len(),
            if suite.len() < common::BLANK_SUITE_LEN {
                format!("; only {} positions of {} qualify", suite.len(), spec.file)
            } else {
                String::new()
            }
        );
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// The plan

struct Plan {
    quick: bool,
    build_runs: usize,
    open_iters: usize,
    contains_passes: usize,
    movegen_reps: usize,
    /// Use every k-th position of the stored suites and of the blank suites.
    stride_stored: usize,
    stride_blank: usize,
    games: usize,
    scaling_runs: usize,
    polish: bool,
    enable_samples: Vec<usize>,
    polish_samples: Vec<usize>,
}

impl Plan {
    fn new(a: &Args) -> Plan {
        let mut p = if a.quick {
            Plan {
                quick: true,
                build_runs: 2,
                open_iters: 200,
                contains_passes: 2,
                movegen_reps: 3,
                stride_stored: 10,
                stride_blank: 5,
                games: 4,
                scaling_runs: 1,
                polish: false,
                enable_samples: vec![10_000, 25_000, 50_000, 100_000, 0],
                polish_samples: vec![],
            }
        } else {
            Plan {
                quick: false,
                build_runs: 5,
                open_iters: 2000,
                contains_passes: 5,
                movegen_reps: 5,
                stride_stored: 1,
                stride_blank: 1,
                games: 50,
                scaling_runs: 3,
                polish: true,
                enable_samples: vec![10_000, 25_000, 50_000, 100_000, 0],
                polish_samples: vec![10_000, 100_000, 1_000_000, 0],
            }
        };
        if let Some(g) = a.games {
            p.games = g;
        }
        if let Some(r) = a.reps {
            p.movegen_reps = r;
        }
        p
    }
}

// ---------------------------------------------------------------------------
// Lexicons: sizes, build time, memory, open time

struct ListResult {
    list: Resolved,
    runs: Vec<CompileRun>,
    /// Files written by the first run.
    dawg_path: PathBuf,
    gaddag_path: PathBuf,
    open_dawg: Stats,
    open_gaddag: Stats,
}

impl ListResult {
    fn first(&self) -> &CompileRun {
        &self.runs[0]
    }
    fn build(&self) -> Stats {
        stats(&self.runs.iter().map(|r| r.compile_s).collect::<Vec<_>>())
    }
    fn peak_kb(&self) -> Option<u64> {
        self.runs.iter().filter_map(|r| r.hwm_kb).max()
    }
    fn read_kb(&self) -> Option<u64> {
        self.runs.iter().filter_map(|r| r.hwm_read_kb).max()
    }
}

fn open_times(path: &Path, iters: usize) -> Result<Stats> {
    let mut v = Vec::with_capacity(iters);
    for _ in 0..iters {
        let t = Instant::now();
        let lex = Lexicon::open(path)?;
        v.push(t.elapsed().as_secs_f64());
        black_box(&lex);
    }
    Ok(stats(&v))
}

fn measure_list(list: Resolved, runs: usize, tmp: &Path, open_iters: usize) -> Result<ListResult> {
    let stem = tmp.join(list.spec.file.trim_end_matches(".txt"));
    let mut results = Vec::new();
    for i in 0..runs {
        let r = run_child(&list, (i == 0).then_some(stem.as_path()))?;
        progress!(
            "  {} run {}/{}: {} words, compile {} , peak RSS {}",
            list.spec.name,
            i + 1,
            runs,
            int(r.words),
            secs(r.compile_s),
            mb(r.hwm_kb)
        );
        results.push(r);
    }
    let dawg_path = stem.with_extension("dawg");
    let gaddag_path = stem.with_extension("gaddag");
    let open_dawg = open_times(&dawg_path, open_iters)?;
    let open_gaddag = open_times(&gaddag_path, open_iters)?;
    Ok(ListResult {
        list,
        runs: results,
        dawg_path,
        gaddag_path,
        open_dawg,
        open_gaddag,
    })
}

// ---------------------------------------------------------------------------
// Scaling

struct ScalePoint {
    list: &'static str,
    words: u64,
    dawg_bytes: u64,
    dawg_nodes: u64,
    gaddag_bytes: u64,
    gaddag_nodes: u64,
    /// DAWG alone (build + serialize), median.
    dawg_s: Option<f64>,
    /// Both structures (`compile::compile`), median.
    both_s: f64,
}

fn dawg_only(words: &WordList) -> Result<(f64, u64, u64)> {
    let t = Instant::now();
    let built = Builder::build_dawg(words);
    let bytes = format::write(
        &built.dawg(),
        &built.info(Kind::Dawg, words),
        format::EdgeLayout::Packed,
    )?;
    let s = t.elapsed().as_secs_f64();
    Ok((s, bytes.len() as u64, built.dawg().node_count() as u64))
}

fn scale_point(
    list: &'static str,
    words: &WordList,
    runs: usize,
    with_both: bool,
) -> Result<ScalePoint> {
    let mut both = Vec::new();
    let mut d = Vec::new();
    let mut sizes = (0, 0, 0, 0);
    for _ in 0..runs {
        let (s, bytes, nodes) = dawg_only(words)?;
        d.push(s);
        sizes.0 = bytes;
        sizes.1 = nodes;
        if with_both {
            let t = Instant::now();
            let files = compile::try_compile(words)?;
            both.push(t.elapsed().as_secs_f64());
            sizes.2 = files.gaddag.len() as u64;
            sizes.3 = files.counts.2 as u64;
        }
    }
    Ok(ScalePoint {
        list,
        words: words.len() as u64,
        dawg_bytes: sizes.0,
        dawg_nodes: sizes.1,
        gaddag_bytes: sizes.2,
        gaddag_nodes: sizes.3,
        dawg_s: Some(stats(&d).median),
        both_s: stats(&both).median,
    })
}

// ---------------------------------------------------------------------------
// Lookups and queries

struct ContainsRow {
    lexicon: &'static str,
    set: &'static str,
    n: usize,
    /// Seconds per pass, per kind.
    dawg: Stats,
    gaddag: Stats,
}

fn contains_passes(lex: &Lexicon, items: &[String], expect: bool, passes: usize) -> Result<Stats> {
    let mut v = Vec::new();
    for _ in 0..passes {
        let t = Instant::now();
        let found = items.iter().filter(|w| lex.contains(black_box(w))).count();
        v.push(t.elapsed().as_secs_f64());
        let want = if expect { items.len() } else { 0 };
        if found != want {
            bail!(
                "{}: contains found {found} of {} items, expected {want}",
                lex.kind().name(),
                items.len()
            );
        }
    }
    Ok(stats(&v))
}

struct QueryRow {
    name: &'static str,
    results: usize,
    dawg: Stats,
    gaddag: Stats,
}

fn time_query(lex: &Lexicon, q: &dyn Fn(&Lexicon) -> Vec<String>, budget: Duration) -> Stats {
    let mut v = Vec::new();
    let start = Instant::now();
    while v.len() < 5 || (start.elapsed() < budget && v.len() < 500) {
        let t = Instant::now();
        black_box(q(lex));
        v.push(t.elapsed().as_secs_f64());
    }
    stats(&v)
}

// ---------------------------------------------------------------------------
// Move generation

/// Which compiled lexicon a suite uses.
#[derive(Clone, Copy, PartialEq, Eq)]
enum LexId {
    Enable,
    Sowpods,
    Super,
}

struct MgSuite {
    /// Table label.
    label: String,
    /// Criterion group of the same measurement, if any.
    group: Option<String>,
    spec: SuiteSpec,
    lex: LexId,
    positions: Vec<Position>,
    /// Shown in the plots.
    plot: bool,
}

struct MgResult {
    positions: usize,
    rack_blanks: usize,
    moves: usize,
    /// Sum over positions of the best move's score (0 with no move).
    best_total: i64,
    agree: bool,
    /// µs per position, one value per repetition: [dawg, gaddag].
    rep_us: [Vec<f64>; 2],
    /// Median µs of each position over the repetitions: [dawg, gaddag].
    per_pos: [Vec<f64>; 2],
    /// Thread CPU µs per position, one value per repetition (empty where
    /// [`thread_cpu_us`] is unavailable): [dawg, gaddag].
    cpu_us: [Vec<f64>; 2],
    /// Steal over the timed passes, as a share of all CPU time.
    steal: Option<f64>,
}

impl MgResult {
    fn kind(&self, k: usize) -> Stats {
        stats(&self.rep_us[k])
    }
    fn moves_per_s(&self, k: usize) -> f64 {
        let us = self.kind(k).median * self.positions as f64;
        self.moves as f64 / (us / 1e6).max(1e-12)
    }
}

fn run_movegen(s: &MgSuite, lex: &Compiled, reps: usize) -> MgResult {
    run_pair(s, [&lex.dawg, &lex.gaddag], reps, [true, true])
}

/// Times two lexicons on a suite, taking turns (see the report's text);
/// index 0 and 1 of the result are `lexes[0]` and `lexes[1]`.
/// `vector[k]`: whether generator `k` may use the AVX-512 node scan
/// (`Generator::set_vector_scan`).
fn run_pair(s: &MgSuite, lexes: [&Lexicon; 2], reps: usize, vector: [bool; 2]) -> MgResult {
    let rules = s.spec.rules();
    let opts = Options::default();
    let mut gens = [Generator::new(rules.clone()), Generator::new(rules)];
    for (g, v) in gens.iter_mut().zip(vector) {
        g.set_vector_scan(v);
    }
    let mut a: Vec<Move> = Vec::with_capacity(4096);
    let mut b: Vec<Move> = Vec::with_capacity(4096);
    // Untimed pass: warms caches, counts moves, checks full agreement.
    let mut agree = true;
    let mut moves = 0;
    let mut best_total = 0i64;
    for p in &s.positions {
        a.clear();
        b.clear();
        gens[0].generate(lexes[0], &p.board, p.rack(), &opts, &mut a);
        gens[1].generate(lexes[1], &p.board, p.rack(), &opts, &mut b);
        sort_moves(&mut a);
        sort_moves(&mut b);
        agree &= a == b;
        moves += b.len();
        best_total += b.first().map_or(0, |m| m.score as i64);
    }
    let n = s.positions.len();
    // times[rep][kind][position], µs.
    let mut times = vec![[vec![0f64; n], vec![0f64; n]]; reps];
    // Thread CPU µs of each repetition, per structure (read between blocks).
    let mut cpu = vec![[0f64; 2]; reps];
    let mut cpu_ok = thread_cpu_us().is_some();
    let steal_start = cpu_steal();
    // The two structures take turns on blocks of positions, the first one
    // alternating, so that both see the same stretch of machine time (this
    // shared VM's speed drifts within seconds) while each block still runs
    // on warm caches.
    const BLOCK: usize = 100;
    for (rep, t) in times.iter_mut().enumerate() {
        for (b, start) in (0..n).step_by(BLOCK).enumerate() {
            let end = (start + BLOCK).min(n);
            let order = if (rep + b) % 2 == 0 { [0, 1] } else { [1, 0] };
            for k in order {
                let c0 = thread_cpu_us();
                for (slot, p) in t[k][start..end].iter_mut().zip(&s.positions[start..end]) {
                    a.clear();
                    let t0 = Instant::now();
                    gens[k].generate(lexes[k], &p.board, p.rack(), &opts, &mut a);
                    *slot = t0.elapsed().as_secs_f64() * 1e6;
                    black_box(a.len());
                }
                match (c0, thread_cpu_us()) {
                    (Some(c0), Some(c1)) => cpu[rep][k] += c1 - c0,
                    _ => cpu_ok = false,
                }
            }
        }
    }
    let rep_us = |k: usize| -> Vec<f64> {
        times
            .iter()
            .map(|t| t[k].iter().sum::<f64>() / n.max(1) as f64)
            .collect()
    };
    let per_pos = |k: usize| -> Vec<f64> {
        (0..n)
            .map(|i| stats(&times.iter().map(|t| t[k][i]).collect::<Vec<_>>()).median)
            .collect()
    };
    MgResult {
        positions: n,
        rack_blanks: s
            .positions
            .iter()
            .filter(|p| p.rack().count(BLANK) > 0)
            .count(),
        moves,
        best_total,
        agree,
        rep_us: [rep_us(0), rep_us(1)],
        per_pos: [per_pos(0), per_pos(1)],
        cpu_us: [0, 1].map(|k| {
            if cpu_ok {
                cpu.iter().map(|c| c[k] / n.max(1) as f64).collect()
            } else {
                Vec::new()
            }
        }),
        steal: steal_share(steal_start, cpu_steal()),
    }
}

fn every(v: Vec<Position>, k: usize) -> Vec<Position> {
    v.into_iter().step_by(k.max(1)).collect()
}

// ---------------------------------------------------------------------------
// Self-play

#[derive(Default)]
struct SelfPlay {
    name: &'static str,
    games: usize,
    turns: usize,
    moves: Vec<usize>,
    /// Score of the move played, on turns with a placement.
    best: Vec<f64>,
    /// Both players' points per game.
    points: Vec<f64>,
    /// Each player's points per game.
    player_points: Vec<f64>,
    bingos: usize,
    gaddag_us: Vec<f64>,
    dawg_us: Vec<f64>,
    error: Option<String>,
}

fn self_play(name: &'static str, lex: &Compiled, games: usize) -> SelfPlay {
    let rules = lexgraph::rules::Rules::default();
    let mut sp = SelfPlay {
        name,
        ..Default::default()
    };
    for g in 0..games {
        let seed = 1 + g as u64;
        match play_game(&lex.gaddag, Some(&lex.dawg), &rules, seed, |_| {}) {
            Ok(res) => {
                sp.games += 1;
                sp.turns += res.turns;
                for (&m, &b) in res.moves_per_turn.iter().zip(&res.best_per_turn) {
                    sp.moves.push(m);
                    if m > 0 {
                        sp.best.push(b as f64);
                    }
                }
                sp.points.push((res.scores[0] + res.scores[1]) as f64);
                sp.player_points
                    .extend(res.scores.iter().map(|&s| s as f64));
                sp.bingos += res.bingos;
                sp.gaddag_us
                    .extend(res.time_per_turn.iter().map(|d| d.as_secs_f64() * 1e6));
                sp.dawg_us.extend(
                    res.check_time_per_turn
                        .iter()
                        .map(|d| d.as_secs_f64() * 1e6),
                );
            }
            Err(e) => {
                sp.error = Some(format!("game {g} (seed {seed}): {e}"));
                break;
            }
        }
    }
    sp
}

// ---------------------------------------------------------------------------
// Plots

mod plots {
    use std::path::Path;

    use anyhow::Result;
    use plotters::prelude::*;
    use plotters::style::text_anchor::{HPos, Pos, VPos};

    use super::{si, Stats};

    pub const DAWG: RGBColor = RGBColor(31, 119, 180);
    pub const GADDAG: RGBColor = RGBColor(214, 39, 40);
    pub const PALETTE: [RGBColor; 8] = [
        RGBColor(31, 119, 180),
        RGBColor(255, 127, 14),
        RGBColor(44, 160, 44),
        RGBColor(214, 39, 40),
        RGBColor(148, 103, 189),
        RGBColor(140, 86, 75),
        RGBColor(227, 119, 194),
        RGBColor(127, 127, 127),
    ];

    fn err<E: std::fmt::Display>(e: E) -> anyhow::Error {
        anyhow::anyhow!("plot: {e}")
    }

    /// One panel of grouped bars: (suite, DAWG stats, GADDAG stats).
    pub type Panel = (String, Vec<(String, Stats, Stats)>);

    /// Grouped bars: median µs per position, DAWG and GADDAG, min–max
    /// whiskers; one panel per entry, each with its own linear scale.
    pub fn movegen_bars(path: &Path, panels: &[Panel]) -> Result<()> {
        let root = SVGBackend::new(path, (1100, 560)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let root = root
            .titled(
                "All-moves generation: µs per position (bars: median of repetitions; whiskers: min–max)",
                ("sans-serif", 18),
            )
            .map_err(err)?;
        let total: usize = panels.iter().map(|p| p.1.len()).sum::<usize>().max(1);
        let mut rest = root.clone();
        let width = root.dim_in_pixel().0 as f64;
        for (pi, (title, groups)) in panels.iter().enumerate() {
            let area = if pi + 1 == panels.len() {
                rest.clone()
            } else {
                let w = (width * groups.len() as f64 / total as f64).round() as i32;
                let (l, r) = rest.split_horizontally(w);
                rest = r;
                l
            };
            bar_panel(&area, title, groups, pi == 0)?;
        }
        root.present().map_err(err)?;
        Ok(())
    }

    fn bar_panel<DB: DrawingBackend>(
        area: &DrawingArea<DB, plotters::coord::Shift>,
        title: &str,
        groups: &[(String, Stats, Stats)],
        legend: bool,
    ) -> Result<()>
    where
        DB::ErrorType: 'static,
    {
        let n = groups.len();
        let top = groups
            .iter()
            .map(|(_, d, g)| d.max.max(g.max))
            .fold(0.0, f64::max)
            * 1.2;
        let mut chart = ChartBuilder::on(area)
            .caption(title, ("sans-serif", 15))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(60)
            .build_cartesian_2d(-0.5f64..(n as f64 - 0.5), 0f64..top.max(1.0))
            .map_err(err)?;
        let names: Vec<String> = groups.iter().map(|g| g.0.clone()).collect();
        let fmt_x = |x: &f64| {
            let i = x.round();
            if (x - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < names.len() {
                names[i as usize].clone()
            } else {
                String::new()
            }
        };
        chart
            .configure_mesh()
            .disable_x_mesh()
            .light_line_style(TRANSPARENT)
            .x_labels(n + 1)
            .x_label_formatter(&fmt_x)
            .y_label_formatter(&|v| format!("{v:.0}"))
            .y_desc("µs per position")
            .label_style(("sans-serif", 13))
            .draw()
            .map_err(err)?;
        for (k, color, label) in [
            (0usize, DAWG, "DAWG (Appel & Jacobson)"),
            (1, GADDAG, "GADDAG (Gordon)"),
        ] {
            let off = if k == 0 { -0.2 } else { 0.2 };
            chart
                .draw_series(groups.iter().enumerate().map(|(i, (_, d, g))| {
                    let s = if k == 0 { d } else { g };
                    let x = i as f64 + off;
                    Rectangle::new([(x - 0.18, 0.0), (x + 0.18, s.median)], color.filled())
                }))
                .map_err(err)?
                .label(label)
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 6), (x + 14, y + 6)], color.filled())
                });
            chart
                .draw_series(groups.iter().enumerate().map(|(i, (_, d, g))| {
                    let s = if k == 0 { d } else { g };
                    let x = i as f64 + off;
                    PathElement::new(vec![(x, s.min), (x, s.max)], BLACK.stroke_width(1))
                }))
                .map_err(err)?;
        }
        chart
            .draw_series(groups.iter().enumerate().map(|(i, (_, d, g))| {
                let r = d.median / g.median.max(1e-12);
                let text = if r >= 1.0 {
                    format!("GADDAG {r:.2}× faster")
                } else {
                    format!("DAWG {:.2}× faster", 1.0 / r)
                };
                Text::new(
                    text,
                    (i as f64, d.max.max(g.max) + top * 0.015),
                    ("sans-serif", 12)
                        .into_font()
                        .into_text_style(area)
                        .pos(Pos::new(HPos::Center, VPos::Bottom)),
                )
            }))
            .map_err(err)?;
        if legend {
            chart
                .configure_series_labels()
                .position(SeriesLabelPosition::UpperLeft)
                .background_style(WHITE.mix(0.9))
                .border_style(BLACK)
                .label_font(("sans-serif", 13))
                .draw()
                .map_err(err)?;
        }
        Ok(())
    }

    /// Per-position µs, DAWG (x) against GADDAG (y), log-log, one colour per suite.
    pub fn movegen_scatter(path: &Path, series: &[(String, Vec<(f64, f64)>)]) -> Result<()> {
        let root = SVGBackend::new(path, (800, 760)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let all = series
            .iter()
            .flat_map(|s| s.1.iter())
            .flat_map(|&(x, y)| [x, y]);
        let lo = all.clone().fold(f64::INFINITY, f64::min).max(0.1) / 1.3;
        let hi = all.fold(0.0, f64::max).max(lo * 10.0) * 1.3;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "All-moves generation per position: DAWG vs GADDAG (µs)",
                ("sans-serif", 18),
            )
            .margin(14)
            .x_label_area_size(50)
            .y_label_area_size(64)
            .build_cartesian_2d((lo..hi).log_scale(), (lo..hi).log_scale())
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc("DAWG µs per position")
            .y_desc("GADDAG µs per position")
            .x_label_formatter(&|v| si(*v))
            .y_label_formatter(&|v| si(*v))
            .label_style(("sans-serif", 13))
            .draw()
            .map_err(err)?;
        let grey = RGBColor(90, 90, 90);
        chart
            .draw_series(LineSeries::new(
                vec![(lo, lo), (hi, hi)],
                grey.stroke_width(1),
            ))
            .map_err(err)?
            .label("equal time")
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 16, y)], grey.stroke_width(1))
            });
        let light = RGBColor(170, 170, 170);
        chart
            .draw_series(LineSeries::new(
                vec![(lo, lo / 2.0), (hi, hi / 2.0)],
                light.stroke_width(1),
            ))
            .map_err(err)?
            .label("GADDAG 2× faster")
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 16, y)], light.stroke_width(1))
            });
        for (i, (name, pts)) in series.iter().enumerate() {
            let c = PALETTE[i % PALETTE.len()];
            chart
                .draw_series(
                    pts.iter()
                        .map(|&(x, y)| Circle::new((x, y), 2, c.mix(0.55).filled())),
                )
                .map_err(err)?
                .label(name.as_str())
                .legend(move |(x, y)| Circle::new((x + 8, y), 4, c.filled()));
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK)
            .label_font(("sans-serif", 13))
            .draw()
            .map_err(err)?;
        root.present().map_err(err)?;
        Ok(())
    }

    /// One line of a scaling plot.
    pub struct Line {
        pub name: String,
        pub color: RGBColor,
        pub light: bool,
        pub points: Vec<(f64, f64)>,
    }

    /// Log-log lines of a quantity against the number of words, plus
    /// labelled single points.
    pub fn scaling(
        path: &Path,
        title: &str,
        y_desc: &str,
        y_fmt: &dyn Fn(&f64) -> String,
        lines: &[Line],
        points: &[(String, RGBColor, f64, f64)],
    ) -> Result<()> {
        let root = SVGBackend::new(path, (900, 620)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let xs = lines
            .iter()
            .flat_map(|l| l.points.iter().map(|p| p.0))
            .chain(points.iter().map(|p| p.2));
        let ys = lines
            .iter()
            .flat_map(|l| l.points.iter().map(|p| p.1))
            .chain(points.iter().map(|p| p.3))
            .filter(|&y| y > 0.0);
        let x0 = xs.clone().fold(f64::INFINITY, f64::min) / 1.5;
        // Room on the right for the labels of single points.
        let x1 = xs.fold(0.0, f64::max) * if points.is_empty() { 1.5 } else { 2.5 };
        let y0 = ys.clone().fold(f64::INFINITY, f64::min) / 2.0;
        let y1 = ys.fold(0.0, f64::max) * 2.0;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(14)
            .x_label_area_size(50)
            .y_label_area_size(72)
            .build_cartesian_2d((x0..x1).log_scale(), (y0..y1).log_scale())
            .map_err(err)?;
        chart
            .configure_mesh()
            .light_line_style(RGBColor(235, 235, 235))
            .x_labels(8)
            .y_labels(8)
            .x_desc("words in the list")
            .y_desc(y_desc)
            .x_label_formatter(&|v| si(*v))
            .y_label_formatter(y_fmt)
            .label_style(("sans-serif", 13))
            .draw()
            .map_err(err)?;
        for l in lines {
            let c = l.color;
            let style = if l.light {
                c.mix(0.6).stroke_width(2)
            } else {
                c.stroke_width(2)
            };
            let pts: Vec<(f64, f64)> = l.points.iter().copied().filter(|p| p.1 > 0.0).collect();
            chart
                .draw_series(LineSeries::new(pts.clone(), style))
                .map_err(err)?
                .label(l.name.as_str())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], style));
            if l.light {
                chart
                    .draw_series(pts.iter().map(|&p| TriangleMarker::new(p, 5, c.filled())))
                    .map_err(err)?;
            } else {
                chart
                    .draw_series(pts.iter().map(|&p| Circle::new(p, 4, c.filled())))
                    .map_err(err)?;
            }
        }
        for (i, (name, c, x, y)) in points.iter().enumerate() {
            chart
                .draw_series(std::iter::once(Cross::new((*x, *y), 6, c.stroke_width(2))))
                .map_err(err)?;
            // Alternate below-right and above-left so close points stay legible.
            let (anchor, dx, dy) = if i % 2 == 0 {
                (Pos::new(HPos::Left, VPos::Top), 7, 5)
            } else {
                (Pos::new(HPos::Right, VPos::Bottom), -7, -5)
            };
            chart
                .draw_series(std::iter::once(
                    EmptyElement::at((*x, *y))
                        + Text::new(
                            name.clone(),
                            (dx, dy),
                            ("sans-serif", 12)
                                .into_font()
                                .into_text_style(&root)
                                .pos(anchor),
                        ),
                ))
                .map_err(err)?;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK)
            .label_font(("sans-serif", 13))
            .draw()
            .map_err(err)?;
        root.present().map_err(err)?;
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// The report

/// Relative link from the report's directory to `target`.
fn link(from_dir: &Path, target: &Path) -> String {
    let abs = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    let (d, t) = (abs(from_dir), abs(target));
    t.strip_prefix(&d)
        .map(|r| r.display().to_string())
        .unwrap_or_else(|_| t.display().to_string())
}

fn report(args: Args) -> Result<()> {
    let plan = Plan::new(&args);
    let m = machine();
    let load_start = loadavg();
    let steal_start = cpu_steal();
    let out_dir = args
        .output
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    let plots_dir = args
        .plots
        .clone()
        .unwrap_or_else(|| out_dir.join("benches").join("plots"));
    std::fs::create_dir_all(&plots_dir)
        .with_context(|| format!("creating {}", plots_dir.display()))?;
    progress!(
        "bench-report{}: lexicons from {}, output {}",
        if plan.quick { " --quick" } else { "" },
        args.lexicons.display(),
        args.output.display()
    );
    if cfg!(debug_assertions) {
        progress!("warning: built without optimizations; run with --release");
    }
    let mut notes: Vec<String> = Vec::new();
    let tmp = tempfile::tempdir()?;

    // --- Lexicons -------------------------------------------------------
    let mut specs = vec![
        common::ENABLE,
        common::SOWPODS,
        common::WORDLIST_EN,
        common::SPANISH,
    ];
    if plan.polish {
        specs.push(common::POLISH);
    }
    let mut lists: Vec<ListResult> = Vec::new();
    for spec in specs {
        let Some(list) = common::resolve(&args.lexicons, spec) else {
            notes.push(format!(
                "{} ({}) not found in {}: left out.",
                spec.name,
                spec.file,
                args.lexicons.display()
            ));
            progress!("{} not found, skipped", spec.file);
            continue;
        };
        if let Some(n) = &list.note {
            notes.push(n.clone());
        }
        // One run is enough for the 4M-word Polish list.
        let runs = if spec.file == common::POLISH.file {
            1
        } else {
            plan.build_runs
        };
        progress!(
            "compiling {} ({} runs, each in a fresh process)",
            spec.name,
            runs
        );
        lists.push(measure_list(list, runs, tmp.path(), plan.open_iters)?);
    }
    let find = |file: &str| lists.iter().find(|l| l.list.spec.file == file);
    let Some(enable) = find(common::ENABLE.file) else {
        bail!("ENABLE (or its stand-in) is needed");
    };
    let Some(sowpods) = find(common::SOWPODS.file) else {
        bail!("SOWPODS (or its stand-in) is needed");
    };

    // --- Word lists in this process, lexicons for the rest ----------------
    let english = common::alphabet("english");
    let enable_words = common::read_words(&enable.list.path, &english, false);
    let sowpods_words = common::read_words(&sowpods.list.path, &english, false);
    let open_pair = |l: &ListResult| -> Result<Compiled> {
        // The files written by the first --compile-one run.
        let dir = tempfile::tempdir()?;
        Ok(Compiled {
            dawg: Lexicon::open(&l.dawg_path)?,
            gaddag: Lexicon::open(&l.gaddag_path)?,
            dawg_path: l.dawg_path.clone(),
            gaddag_path: l.gaddag_path.clone(),
            counts: (
                l.first().dawg_nodes as usize,
                l.first().dawg_edges as usize,
                l.first().gaddag_nodes as usize,
                l.first().gaddag_edges as usize,
            ),
            dir,
        })
    };
    let enable_lex = open_pair(enable)?;
    let sowpods_lex = open_pair(sowpods)?;
    progress!("compiling ENABLE with the super-english alphabet (21×21 suite)");
    let super_alpha = common::alphabet(common::SUITE_SUPER21.alphabet);
    let super_lex = common::compile_to_temp(
        &common::read_words(&enable.list.path, &super_alpha, false),
        "enable-super",
    );

    // --- Scaling --------------------------------------------------------
    progress!("scaling: samples of ENABLE");
    let mut scale: Vec<ScalePoint> = Vec::new();
    for &n in &plan.enable_samples {
        let w = common::sample(&enable_words, n);
        scale.push(scale_point("ENABLE", &w, plan.scaling_runs, true)?);
    }
    if let Some(polish) = find(common::POLISH.file) {
        progress!("scaling: samples of the Polish list");
        let pa = common::alphabet("polish");
        let pw = common::read_words(&polish.list.path, &pa, true);
        for &n in &plan.polish_samples {
            if n == 0 || n >= pw.len() {
                // The whole list: both structures from the --compile-one run.
                let (s, bytes, nodes) = dawg_only(&pw)?;
                let r = polish.first();
                scale.push(ScalePoint {
                    list: "Polish",
                    words: r.words,
                    dawg_bytes: bytes,
                    dawg_nodes: nodes,
                    gaddag_bytes: r.gaddag_bytes,
                    gaddag_nodes: r.gaddag_nodes,
                    dawg_s: Some(s),
                    both_s: r.compile_s,
                });
            } else {
                let w = common::sample(&pw, n);
                scale.push(scale_point("Polish", &w, 1, true)?);
            }
            progress!("  Polish {} words done", int(scale.last().unwrap().words));
        }
    }

    // --- Lookups and queries ----------------------------------------------
    progress!("contains: ENABLE and SOWPODS");
    let mut contains_rows: Vec<ContainsRow> = Vec::new();
    for (name, words, lex) in [
        ("ENABLE", &enable_words, &enable_lex),
        ("SOWPODS", &sowpods_words, &sowpods_lex),
    ] {
        let text = common::spelled(words);
        let near = common::near_miss_nonwords(words, &lex.dawg, 10_000, 1);
        let random = common::random_nonwords(&lex.dawg, 10_000, 2);
        for (set, items, expect) in [
            ("all words of the list", &text, true),
            ("10,000 near-miss non-words", &near, false),
            ("10,000 random non-words", &random, false),
        ] {
            contains_rows.push(ContainsRow {
                lexicon: name,
                set,
                n: items.len(),
                dawg: contains_passes(&lex.dawg, items, expect, plan.contains_passes)?,
                gaddag: contains_passes(&lex.gaddag, items, expect, plan.contains_passes)?,
            });
        }
    }
    progress!("queries on ENABLE");
    type Q = (&'static str, fn(&Lexicon) -> Vec<String>);
    let queries: [Q; 5] = [
        ("anagram AEINRST?", |l| {
            l.anagram("AEINRST?", lexgraph::query::Partial::No)
                .unwrap_or_default()
        }),
        ("anagram AEINRST --partial", |l| {
            l.anagram("AEINRST", lexgraph::query::Partial::Yes)
                .unwrap_or_default()
        }),
        ("pattern C?T*", |l| l.pattern("C?T*").unwrap_or_default()),
        ("pattern *ING", |l| l.pattern("*ING").unwrap_or_default()),
        ("pattern ?A?E?", |l| l.pattern("?A?E?").unwrap_or_default()),
    ];
    let budget = Duration::from_millis(if plan.quick { 100 } else { 500 });
    let mut query_rows = Vec::new();
    for (name, q) in queries {
        let rd = q(&enable_lex.dawg);
        let rg = q(&enable_lex.gaddag);
        if rd != rg {
            notes.push(format!(
                "query {name}: the DAWG and the GADDAG return different words"
            ));
        }
        query_rows.push(QueryRow {
            name,
            results: rg.len(),
            dawg: time_query(&enable_lex.dawg, &q, budget),
            gaddag: time_query(&enable_lex.gaddag, &q, budget),
        });
    }

    // --- Move generation ----------------------------------------------------
    let mut suites: Vec<MgSuite> = Vec::new();
    for (spec, lex_id) in [
        (common::SUITE_ENABLE, LexId::Enable),
        (common::SUITE_SOWPODS, LexId::Sowpods),
        (common::SUITE_SUPER21, LexId::Super),
    ] {
        let alphabet = common::alphabet(spec.alphabet);
        let size = spec.rules().layout.size();
        let stored = common::read_suite(&spec.path(), &alphabet, size);
        suites.push(MgSuite {
            label: format!("{} · stored suite", spec.name),
            group: Some(format!("movegen/{}/blank0", spec.name)),
            spec,
            lex: lex_id,
            positions: every(stored, plan.stride_stored),
            plot: true,
        });
        for blanks in [1, 2] {
            let path = spec.blank_path(blanks);
            if !path.is_file() {
                continue;
            }
            let file_lines = common::read_lines(&path);
            let made = blank_suite(&spec, blanks);
            let same = made.len() == file_lines.len()
                && made.iter().zip(&file_lines).all(|(a, b)| a.blanked == *b);
            if !same {
                notes.push(format!(
                    "{} differs from what `--make-suites` makes now; its \"originals\" row is left out.",
                    path.display()
                ));
            }
            suites.push(MgSuite {
                label: format!(
                    "{} · {blanks} blank{}",
                    spec.name,
                    if blanks > 1 { "s" } else { "" }
                ),
                group: Some(format!("movegen/{}/blank{blanks}", spec.name)),
                spec,
                lex: lex_id,
                positions: every(
                    common::parse_positions(&file_lines, &alphabet, size),
                    plan.stride_blank,
                ),
                plot: true,
            });
            if same {
                let base: Vec<String> = made.into_iter().map(|p| p.base).collect();
                suites.push(MgSuite {
                    label: format!("{} · same positions, original racks", spec.name),
                    group: None,
                    spec,
                    lex: lex_id,
                    positions: every(
                        common::parse_positions(&base, &alphabet, size),
                        plan.stride_blank,
                    ),
                    plot: false,
                });
            }
        }
    }
    let mut mg: Vec<MgResult> = Vec::new();
    for s in &suites {
        let lex = match s.lex {
            LexId::Enable => &enable_lex,
            LexId::Sowpods => &sowpods_lex,
            LexId::Super => &super_lex,
        };
        progress!(
            "movegen: {} ({} positions × {} repetitions × 2 structures)",
            s.label,
            s.positions.len(),
            plan.movegen_reps
        );
        let r = run_movegen(s, lex, plan.movegen_reps);
        progress!(
            "  DAWG {:.1} µs/position, GADDAG {:.1} µs/position, {:.1} moves/position{}",
            r.kind(0).median,
            r.kind(1).median,
            r.moves as f64 / r.positions.max(1) as f64,
            if r.agree { "" } else { ", MOVE LISTS DIFFER" }
        );
        mg.push(r);
    }

    // --- Edge layouts: the stored suites on 32-bit aligned files ------------
    // (kind, suite index, packed bytes, aligned bytes, packed-vs-aligned timing)
    let mut layouts: Vec<(Kind, usize, u64, u64, MgResult)> = Vec::new();
    // (suite index, layout name, GADDAG) for the node-scan comparison.
    let mut scan_lexes: Vec<(usize, Kind, &str, Lexicon)> = Vec::new();
    for (i, s) in suites.iter().enumerate() {
        let (lex, words) = match s.lex {
            LexId::Enable => (&enable_lex, &enable_words),
            LexId::Sowpods => (&sowpods_lex, &sowpods_words),
            LexId::Super => continue,
        };
        if !s.label.ends_with("stored suite") {
            continue;
        }
        progress!("edge layouts: {} on packed and aligned files", s.label);
        let opts = compile::Options {
            edges: format::EdgeLayout::Aligned,
        };
        let files = compile::try_compile_with(words, &opts)?;
        for (kind, packed, bytes) in [
            (Kind::Gaddag, &lex.gaddag, files.gaddag),
            (Kind::Dawg, &lex.dawg, files.dawg),
        ] {
            let aligned_bytes = bytes.len() as u64;
            let aligned = Lexicon::from_vec(bytes)?;
            let r = run_pair(s, [packed, &aligned], plan.movegen_reps, [true, true]);
            progress!(
                "  {}: packed {:.1} µs/position, aligned {:.1}{}",
                kind.name(),
                r.kind(0).median,
                r.kind(1).median,
                if r.agree { "" } else { ", MOVE LISTS DIFFER" }
            );
            layouts.push((kind, i, packed.bytes().len() as u64, aligned_bytes, r));
            // Scalar against vector scan: both layouts of the GADDAG, the
            // default layout of the DAWG.
            scan_lexes.push((
                i,
                kind,
                "packed",
                Lexicon::from_vec(packed.bytes().to_vec())?,
            ));
            if kind == Kind::Gaddag {
                scan_lexes.push((i, kind, "aligned", aligned));
            }
        }
    }

    // --- Node scan: AVX-512 against scalar ---------------------------------------
    let vector_scan =
        Generator::new(lexgraph::rules::Rules::default()).uses_vector_scan(&enable_lex.gaddag);
    let mut scans: Vec<(usize, Kind, &str, MgResult)> = Vec::new();
    if vector_scan {
        for (i, kind, layout, lex) in &scan_lexes {
            let s = &suites[*i];
            progress!(
                "node scan: {} ({} {layout}), scalar and AVX-512",
                s.label,
                kind.name()
            );
            let r = run_pair(s, [lex, lex], plan.movegen_reps, [false, true]);
            progress!(
                "  scalar {:.1} µs/position, AVX-512 {:.1}{}",
                r.kind(0).median,
                r.kind(1).median,
                if r.agree { "" } else { ", MOVE LISTS DIFFER" }
            );
            scans.push((*i, *kind, layout, r));
        }
    }

    // --- Self-play ------------------------------------------------------------
    let mut sps = Vec::new();
    for (name, lex) in [("ENABLE", &enable_lex), ("SOWPODS", &sowpods_lex)] {
        progress!(
            "self-play: {} games on {name}, GADDAG checked against the DAWG",
            plan.games
        );
        let sp = self_play(name, lex, plan.games);
        if let Some(e) = &sp.error {
            progress!("  self-play error: {e}");
        }
        sps.push(sp);
    }
    let load_end = loadavg();
    let steal_run = steal_share(steal_start, cpu_steal());

    // --- Plots ----------------------------------------------------------------
    progress!("plots in {}", plots_dir.display());
    let bars_path = plots_dir.join("movegen-per-suite.svg");
    let scatter_path = plots_dir.join("movegen-per-position.svg");
    let size_path = plots_dir.join("size-scaling.svg");
    let build_path = plots_dir.join("build-scaling.svg");
    let short = |s: &MgSuite| s.label.replace(" · stored suite", "").replace(" · ", " ");
    let bars = |blanks: bool| -> Vec<(String, Stats, Stats)> {
        suites
            .iter()
            .zip(&mg)
            .filter(|(s, _)| s.plot && s.label.contains("blank") == blanks)
            .map(|(s, r)| (short(s), r.kind(0), r.kind(1)))
            .collect()
    };
    plots::movegen_bars(
        &bars_path,
        &[
            ("Stored self-play suites".to_string(), bars(false)),
            (
                "Blank suites (1 or 2 blanks on the rack)".to_string(),
                bars(true),
            ),
        ],
    )?;
    let scatter: Vec<(String, Vec<(f64, f64)>)> = suites
        .iter()
        .zip(&mg)
        .filter(|(s, _)| s.plot)
        .map(|(s, r)| {
            // At most 300 points a suite keeps the file small.
            let k = r.positions.div_ceil(300).max(1);
            let pts = r.per_pos[0]
                .iter()
                .zip(&r.per_pos[1])
                .step_by(k)
                .map(|(&d, &g)| (d, g))
                .collect();
            (short(s), pts)
        })
        .collect();
    plots::movegen_scatter(&scatter_path, &scatter)?;
    let line = |list: &str, f: &dyn Fn(&ScalePoint) -> f64| -> Vec<(f64, f64)> {
        scale
            .iter()
            .filter(|p| p.list == list)
            .map(|p| (p.words as f64, f(p)))
            .collect()
    };
    let mut size_lines = vec![
        plots::Line {
            name: "DAWG, samples of ENABLE".into(),
            color: plots::DAWG,
            light: false,
            points: line("ENABLE", &|p| p.dawg_bytes as f64),
        },
        plots::Line {
            name: "GADDAG, samples of ENABLE".into(),
            color: plots::GADDAG,
            light: false,
            points: line("ENABLE", &|p| p.gaddag_bytes as f64),
        },
    ];
    let mut build_lines = vec![
        plots::Line {
            name: "DAWG alone, samples of ENABLE".into(),
            color: plots::DAWG,
            light: false,
            points: line("ENABLE", &|p| p.dawg_s.unwrap_or(0.0)),
        },
        plots::Line {
            name: "DAWG + GADDAG, samples of ENABLE".into(),
            color: plots::GADDAG,
            light: false,
            points: line("ENABLE", &|p| p.both_s),
        },
    ];
    if scale.iter().any(|p| p.list == "Polish") {
        size_lines.push(plots::Line {
            name: "DAWG, samples of Polish".into(),
            color: plots::DAWG,
            light: true,
            points: line("Polish", &|p| p.dawg_bytes as f64),
        });
        size_lines.push(plots::Line {
            name: "GADDAG, samples of Polish".into(),
            color: plots::GADDAG,
            light: true,
            points: line("Polish", &|p| p.gaddag_bytes as f64),
        });
        build_lines.push(plots::Line {
            name: "DAWG alone, samples of Polish".into(),
            color: plots::DAWG,
            light: true,
            points: line("Polish", &|p| p.dawg_s.unwrap_or(0.0)),
        });
        build_lines.push(plots::Line {
            name: "DAWG + GADDAG, samples of Polish".into(),
            color: plots::GADDAG,
            light: true,
            points: line("Polish", &|p| p.both_s),
        });
    }
    // The other whole lists as single points (DAWGs first, then GADDAGs, so
    // neighbouring lists get their labels on opposite sides).
    let others: Vec<&ListResult> = lists
        .iter()
        .filter(|l| {
            l.list.spec.file != common::ENABLE.file && l.list.spec.file != common::POLISH.file
        })
        .collect();
    let mut size_points = Vec::new();
    for (kind, color) in [(Kind::Dawg, plots::DAWG), (Kind::Gaddag, plots::GADDAG)] {
        for l in &others {
            let r = l.first();
            let bytes = match kind {
                Kind::Dawg => r.dawg_bytes,
                Kind::Gaddag => r.gaddag_bytes,
            };
            size_points.push((
                format!("{} {}", l.list.spec.name, kind.name()),
                color,
                r.words as f64,
                bytes as f64,
            ));
        }
    }
    let build_points: Vec<_> = others
        .iter()
        .map(|l| {
            (
                l.list.spec.name.to_string(),
                plots::GADDAG,
                l.first().words as f64,
                l.build().median,
            )
        })
        .collect();
    plots::scaling(
        &size_path,
        "File size against list size (log-log; crosses: other whole lists)",
        "file bytes",
        &|v| format!("{}B", si(*v)),
        &size_lines,
        &size_points,
    )?;
    plots::scaling(
        &build_path,
        "Build time against list size (log-log; crosses: DAWG + GADDAG)",
        "seconds",
        &|v| {
            if *v >= 1.0 {
                format!("{v:.0} s")
            } else if *v >= 1e-3 {
                format!("{:.0} ms", v * 1e3)
            } else {
                format!("{:.2} ms", v * 1e3)
            }
        },
        &build_lines,
        &build_points,
    )?;

    // --- Write the report ---------------------------------------------------
    let mut md = String::new();
    let cmdline: Vec<String> = std::env::args().skip(1).collect();
    writeln!(md, "# lexgraph benchmarks\n")?;
    writeln!(
        md,
        "Written by `cargo run --release --example bench-report --{}{}` ({}). \
         Every number below was measured by that run, except those marked **cited**: \
         figures quoted from the papers and from `../shared/notes/prior-art.md` \
         (other programs, measured by others on a comparable 2-vCPU machine, on their own \
         position sets).\n",
        if cmdline.is_empty() { "" } else { " " },
        cmdline.join(" "),
        if plan.quick {
            format!(
                "**quick mode**: {} repetitions, subsampled suites, {} games, no Polish list; for checking the report works, not for quoting",
                plan.movegen_reps, plan.games
            )
        } else {
            format!(
                "full run: {} build runs per list, {} repetitions of each suite, {} self-play games per lexicon",
                plan.build_runs, plan.movegen_reps, plan.games
            )
        }
    )?;
    writeln!(
        md,
        "**Machine:** {} · {} logical CPUs ({} available to the process) · {} · {} · \
         load average {} at the start, {} at the end · CPU steal {} · commit `{}`{}.\n",
        m.cpu,
        m.logical,
        m.available,
        m.rustc,
        m.date,
        load_start,
        load_end,
        steal_run.map_or("n/a".into(), |x| format!(
            "{:.1} % of all CPU time over the run (time the hypervisor ran something else)",
            x * 100.0
        )),
        m.git,
        if cfg!(debug_assertions) {
            " · **built without optimizations**"
        } else {
            ""
        }
    )?;
    writeln!(
        md,
        "Total run time: {}.\n",
        secs(START.get().unwrap().elapsed().as_secs_f64())
    )?;

    // Summary.
    let mg_of = |label: &str| suites.iter().position(|s| s.label == label).map(|i| &mg[i]);
    let en_rows = mg_of("enable · stored suite");
    let ep = enable.first();
    writeln!(md, "## Summary\n")?;
    writeln!(
        md,
        "- ENABLE ({} words): DAWG {} bytes, GADDAG {} bytes ({} the DAWG); both built in {} (median of {} fresh-process runs).",
        int(ep.words),
        int(ep.dawg_bytes),
        int(ep.gaddag_bytes),
        ratio(ep.gaddag_bytes as f64, ep.dawg_bytes as f64),
        secs(enable.build().median),
        enable.runs.len()
    )?;
    writeln!(
        md,
        "- Opening the ENABLE GADDAG takes {} (median); `contains` on every ENABLE word takes {:.0} ns per word on the DAWG.",
        secs(enable.open_gaddag.median),
        contains_rows[0].dawg.median / contains_rows[0].n as f64 * 1e9
    )?;
    if let Some(r) = en_rows {
        writeln!(
            md,
            "- All moves of a position from the stored ENABLE suite ({} moves on average): DAWG {:.0} µs, GADDAG {:.0} µs (GADDAG {} faster), {} and {} M moves/s; {} (see *Node scan*).",
            int((r.moves as f64 / r.positions.max(1) as f64).round() as u64),
            r.kind(0).median,
            r.kind(1).median,
            ratio(r.kind(0).median, r.kind(1).median),
            format_args!("{:.2}", r.moves_per_s(0) / 1e6),
            format_args!("{:.2}", r.moves_per_s(1) / 1e6),
            if vector_scan {
                "both searches scan nodes with AVX-512"
            } else {
                "both searches scan nodes with scalar code (no AVX-512 here)"
            },
        )?;
    }
    let all_agree = mg.iter().all(|r| r.agree) && sps.iter().all(|s| s.error.is_none());
    writeln!(
        md,
        "- DAWG and GADDAG generated {} move lists on every position of every suite and every self-play turn.\n",
        if all_agree { "identical" } else { "**different** (see below)" }
    )?;

    // Sizes.
    writeln!(md, "## Lexicon files\n")?;
    writeln!(
        md,
        "Each list compiled by `compile::try_compile` (minimal DAWG and minimal GADDAG, bit-packed edges) \
         in a fresh process (`bench-report --compile-one`). Bytes are whole files (64-byte header, \
         alphabet, edges). Words are distinct words after the alphabet's folding.\n"
    )?;
    writeln!(
        md,
        "| List | Words | Tiles | DAWG bytes | DAWG nodes | DAWG edges | DAWG B/word | GADDAG bytes | GADDAG nodes | GADDAG edges | GADDAG B/word | GADDAG / DAWG bytes |"
    )?;
    writeln!(md, "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")?;
    for l in &lists {
        let r = l.first();
        let w = r.words.max(1) as f64;
        writeln!(
            md,
            "| {}{} | {} | {} | {} | {} | {} | {:.2} | {} | {} | {} | {:.2} | {} |",
            l.list.spec.name,
            if l.list.note.is_some() {
                " (stand-in)"
            } else {
                ""
            },
            int(r.words),
            int(r.tiles),
            int(r.dawg_bytes),
            int(r.dawg_nodes),
            int(r.dawg_edges),
            r.dawg_bytes as f64 / w,
            int(r.gaddag_bytes),
            int(r.gaddag_nodes),
            int(r.gaddag_edges),
            r.gaddag_bytes as f64 / w,
            ratio(r.gaddag_bytes as f64, r.dawg_bytes as f64)
        )?;
    }
    writeln!(md)?;
    writeln!(md, "### Build time and memory\n")?;
    writeln!(
        md,
        "Build = `compile::try_compile` on the parsed list (both structures and their serialization; \
         the builder sorts the GADDAG's keys on a second thread). Reading = `WordList::read` \
         (parse, sort, dedupe). Peak RSS = `VmHWM` of the `--compile-one` process after compiling \
         (word list included); the column before it is `VmHWM` after reading the list.\n"
    )?;
    writeln!(md, "| List | Runs | Build, median | Build, min–max | Reading the list | Peak RSS after reading | Peak RSS |")?;
    writeln!(md, "|---|--:|--:|--:|--:|--:|--:|")?;
    for l in &lists {
        let b = l.build();
        writeln!(
            md,
            "| {} | {} | {} | {} – {} | {} | {} | {} |",
            l.list.spec.name,
            l.runs.len(),
            secs(b.median),
            secs(b.min),
            secs(b.max),
            secs(stats(&l.runs.iter().map(|r| r.read_s).collect::<Vec<_>>()).median),
            mb(l.read_kb()),
            mb(l.peak_kb())
        )?;
    }
    writeln!(md)?;
    let phase_names: Vec<String> = lists
        .first()
        .map(|l| l.first().phases.iter().map(|p| p.0.clone()).collect())
        .unwrap_or_default();
    if !phase_names.is_empty() {
        writeln!(
            md,
            "Build phases as `compile::Compiled::phases` reports them (wall time, median over the runs; \
             phases marked parallel overlap the one before):\n"
        )?;
        writeln!(md, "| List | {} |", phase_names.join(" | "))?;
        writeln!(md, "|---|{}", "--:|".repeat(phase_names.len()))?;
        for l in &lists {
            let cells: Vec<String> = phase_names
                .iter()
                .map(|name| {
                    let v: Vec<f64> = l
                        .runs
                        .iter()
                        .filter_map(|r| r.phases.iter().find(|p| &p.0 == name).map(|p| p.1))
                        .collect();
                    if v.is_empty() {
                        "–".into()
                    } else {
                        secs(stats(&v).median)
                    }
                })
                .collect();
            writeln!(md, "| {} | {} |", l.list.spec.name, cells.join(" | "))?;
        }
        writeln!(md)?;
    }
    let skipped: Vec<String> = lists
        .iter()
        .filter(|l| l.first().skipped > 0 || l.first().duplicates > 0)
        .map(|l| {
            format!(
                "{}: {} lines skipped (not spellable in the {} alphabet), {} duplicates after folding",
                l.list.spec.name,
                int(l.first().skipped),
                l.list.spec.alphabet,
                int(l.first().duplicates)
            )
        })
        .collect();
    if !skipped.is_empty() {
        writeln!(md, "Input notes: {}.\n", skipped.join("; "))?;
    }

    // Open.
    writeln!(md, "## Opening a file\n")?;
    writeln!(
        md,
        "`Lexicon::open`: map the file and check the header; nothing is copied or parsed beyond the \
         alphabet. {} opens of each file (page cache warm).\n",
        int(plan.open_iters as u64)
    )?;
    writeln!(md, "| List | DAWG bytes | DAWG open, median | p90 | GADDAG bytes | GADDAG open, median | p90 |")?;
    writeln!(md, "|---|--:|--:|--:|--:|--:|--:|")?;
    for l in &lists {
        let r = l.first();
        writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} | {} |",
            l.list.spec.name,
            int(r.dawg_bytes),
            secs(l.open_dawg.median),
            secs(l.open_dawg.p90),
            int(r.gaddag_bytes),
            secs(l.open_gaddag.median),
            secs(l.open_gaddag.p90)
        )?;
    }
    writeln!(md)?;

    // Lookups.
    writeln!(md, "## Word lookups\n")?;
    writeln!(
        md,
        "`Lexicon::contains(&str)` (tokenizes, then walks; a GADDAG walks the reversed word). \
         Near-miss non-words: a random word with one tile replaced at random (seeded); random \
         non-words: 2–15 uniformly random tiles. Median of {} passes (min–max in brackets).\n",
        plan.contains_passes
    )?;
    writeln!(md, "| Lexicon | Set | Items | DAWG lookups/s | DAWG ns/lookup | GADDAG lookups/s | GADDAG ns/lookup |")?;
    writeln!(md, "|---|---|--:|--:|--:|--:|--:|")?;
    for r in &contains_rows {
        let n = r.n as f64;
        writeln!(
            md,
            "| {} | {} | {} | {:.2} M | {:.0} ({:.0}–{:.0}) | {:.2} M | {:.0} ({:.0}–{:.0}) |",
            r.lexicon,
            r.set,
            int(r.n as u64),
            n / r.dawg.median / 1e6,
            r.dawg.median / n * 1e9,
            r.dawg.min / n * 1e9,
            r.dawg.max / n * 1e9,
            n / r.gaddag.median / 1e6,
            r.gaddag.median / n * 1e9,
            r.gaddag.min / n * 1e9,
            r.gaddag.max / n * 1e9,
        )?;
    }
    writeln!(md)?;
    writeln!(
        md,
        "Queries on ENABLE (median time per query; `?` a blank in anagrams, one tile in patterns, `*` any run):\n"
    )?;
    writeln!(md, "| Query | Words found | DAWG | GADDAG |")?;
    writeln!(md, "|---|--:|--:|--:|")?;
    for q in &query_rows {
        writeln!(
            md,
            "| `{}` | {} | {} | {} |",
            q.name,
            int(q.results as u64),
            secs(q.dawg.median),
            secs(q.gaddag.median)
        )?;
    }
    writeln!(md)?;

    // Move generation.
    writeln!(md, "## Move generation\n")?;
    writeln!(
        md,
        "Every legal placement for the position's rack (`Generator::generate` into a reused \
         `Vec<Move>`, cross-checks computed inside each call, no sorting), one position at a time. \
         Each suite is run {} times per structure; within a repetition the two structures take \
         turns on blocks of 100 positions, alternating which goes first, so that both see the \
         same stretch of this shared machine's drifting speed. The \
         table gives the median over repetitions of the mean µs per position, with min–max. \
         Speed-up = DAWG time / GADDAG time. Moves/s = moves generated / time. Best \
         score/position = mean score of each position's highest-scoring move (0 with no move). \
         Before timing, both structures' sorted move lists were compared on every position \
         (column *Agree*).\n",
        plan.movegen_reps
    )?;
    writeln!(
        md,
        "Suites (`benches/positions/`): *stored* = the 1,000 positions of greedy self-play \
         (`enable.cgp`, `sowpods.cgp`: 15×15; `enable-super21.cgp`: 21×21 Super board, ENABLE in \
         the super-english alphabet); *1 blank* / *2 blanks* = `*-blank1.cgp`, `*-blank2.cgp` \
         (blank-free racks of the stored suite with the last 1 or 2 tiles turned into `?`, where \
         the bag allows it); *same positions, original racks* = those positions before the \
         change, to isolate the cost of the blanks.{}\n",
        if plan.quick {
            format!(
                " Quick mode: every {}th stored position, every {}th blank-suite position.",
                plan.stride_stored, plan.stride_blank
            )
        } else {
            String::new()
        }
    )?;
    writeln!(md, "| Suite | Criterion id | Positions | Racks with a blank | Moves/position | Best score/position | DAWG µs/position | GADDAG µs/position | Speed-up | DAWG M moves/s | GADDAG M moves/s | Agree |")?;
    writeln!(md, "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|:-:|")?;
    for (s, r) in suites.iter().zip(&mg) {
        let (d, g) = (r.kind(0), r.kind(1));
        writeln!(
            md,
            "| {} | {} | {} | {} | {:.1} | {:.1} | {} | {} | {} | {:.2} | {:.2} | {} |",
            s.label,
            s.group
                .as_deref()
                .map(|g| format!("`{g}/*`"))
                .unwrap_or_else(|| "–".into()),
            int(r.positions as u64),
            int(r.rack_blanks as u64),
            r.moves as f64 / r.positions.max(1) as f64,
            r.best_total as f64 / r.positions.max(1) as f64,
            spread(&d),
            spread(&g),
            ratio(d.median, g.median),
            r.moves_per_s(0) / 1e6,
            r.moves_per_s(1) / 1e6,
            agree(r)
        )?;
    }
    writeln!(md)?;
    writeln!(
        md,
        "Per-position spread (medians over repetitions of single positions):\n"
    )?;
    writeln!(
        md,
        "| Suite | DAWG median | DAWG p90 | DAWG max | GADDAG median | GADDAG p90 | GADDAG max |"
    )?;
    writeln!(md, "|---|--:|--:|--:|--:|--:|--:|")?;
    for (s, r) in suites.iter().zip(&mg) {
        let (d, g) = (stats(&r.per_pos[0]), stats(&r.per_pos[1]));
        writeln!(
            md,
            "| {} | {:.0} µs | {:.0} µs | {:.0} µs | {:.0} µs | {:.0} µs | {:.0} µs |",
            s.label, d.median, d.p90, d.max, g.median, g.p90, g.max
        )?;
    }
    writeln!(md)?;
    if mg.iter().any(|r| !r.cpu_us[1].is_empty()) {
        writeln!(
            md,
            "Wall time against the thread's CPU time over the same passes (medians over \
             repetitions, µs per position; CPU time from `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`, \
             which leaves out the time this VM's hypervisor gave the vCPU to other guests). *Not \
             running* = the share of the GADDAG's wall time the thread did not run; *steal* = \
             the hypervisor's share of all CPU time during the suite (`/proc/stat`). The tables \
             above quote wall time.\n"
        )?;
        writeln!(md, "| Suite | DAWG wall | DAWG CPU | GADDAG wall | GADDAG CPU | GADDAG not running | Steal |")?;
        writeln!(md, "|---|--:|--:|--:|--:|--:|--:|")?;
        for (s, r) in suites.iter().zip(&mg) {
            if r.cpu_us[1].is_empty() {
                continue;
            }
            let (dw, gw) = (r.kind(0).median, r.kind(1).median);
            let (dc, gc) = (stats(&r.cpu_us[0]).median, stats(&r.cpu_us[1]).median);
            writeln!(
                md,
                "| {} | {:.1} | {:.1} | {:.1} | {:.1} | {:.0} % | {} |",
                s.label,
                dw,
                dc,
                gw,
                gc,
                (1.0 - gc / gw.max(1e-9)).max(0.0) * 100.0,
                r.steal
                    .map_or("n/a".into(), |x| format!("{:.1} %", x * 100.0))
            )?;
        }
        writeln!(md)?;
    }
    let (bl, sl) = (link(&out_dir, &bars_path), link(&out_dir, &scatter_path));
    writeln!(md, "![µs per position by suite]({bl})\n")?;
    writeln!(md, "![µs per position, DAWG against GADDAG]({sl})\n")?;

    writeln!(md, "### Edge layouts\n")?;
    writeln!(
        md,
        "The same suites on files compiled with `--edges aligned` (32-bit edges, read with \
         one aligned load each) against the default packed files, timed the same way (the \
         two files take turns on blocks of 100 positions). *Agree*: the same sorted move \
         lists on every position.\n"
    )?;
    writeln!(md, "| Suite | Structure | Packed bytes | Aligned bytes | Packed µs/position | Aligned µs/position | Aligned speed-up | Agree |")?;
    writeln!(md, "|---|---|--:|--:|--:|--:|--:|:-:|")?;
    for (kind, i, pb, ab, r) in &layouts {
        let (p, a) = (r.kind(0), r.kind(1));
        writeln!(
            md,
            "| {} | {} | {} | {} (+{:.0} %) | {} | {} | {} | {} |",
            suites[*i].label,
            kind.name(),
            int(*pb),
            int(*ab),
            (*ab as f64 / (*pb).max(1) as f64 - 1.0) * 100.0,
            spread(&p),
            spread(&a),
            ratio(p.median, a.median),
            agree(r)
        )?;
    }
    writeln!(md)?;

    writeln!(md, "### Node scan\n")?;
    if scans.is_empty() {
        writeln!(
            md,
            "This CPU lacks the AVX-512 instructions (BW, VL, VBMI, BITALG) of the vector node \
             scan, so every number above is the scalar scan's.\n"
        )?;
    } else {
        writeln!(
            md,
            "Every move generation number above, DAWG and GADDAG alike, scans a node's edges \
             16 at a time with AVX-512 (the default where the CPU has it). Here the same files \
             with the scalar scan (`Generator::set_vector_scan(false)`, the code every other \
             CPU runs) against the vector one, taking turns as above. *Agree*: the same sorted \
             move lists on every position.\n"
        )?;
        writeln!(md, "| Suite | Structure | Edges | Scalar µs/position | AVX-512 µs/position | AVX-512 speed-up | Agree |")?;
        writeln!(md, "|---|---|---|--:|--:|--:|:-:|")?;
        for (i, kind, layout, r) in &scans {
            let (a, v) = (r.kind(0), r.kind(1));
            writeln!(
                md,
                "| {} | {} | {layout} | {} | {} | {} | {} |",
                suites[*i].label,
                kind.name(),
                spread(&a),
                spread(&v),
                ratio(a.median, v.median),
                agree(r)
            )?;
        }
        writeln!(md)?;
    }

    // Scaling.
    writeln!(md, "## Scaling\n")?;
    writeln!(
        md,
        "A sample of n words of a list of N takes word ⌊i·N/n⌋ of the sorted list for i < n \
         (every k-th word, k = N/n), so samples are deterministic and spread over the alphabet. Build times in this process: DAWG alone \
         (`Builder::build_dawg` + `format::write`) and both structures (`compile::try_compile`), \
         median of {} runs ({}); the whole Polish list's combined build time is its \
         `--compile-one` run. Builds here run in a process that has built before (warm \
         allocator and thread pool), so they can differ from the fresh-process times above.\n",
        plan.scaling_runs,
        if plan.polish {
            "1 run for Polish samples"
        } else {
            "Polish left out in quick mode"
        }
    )?;
    writeln!(md, "| List | Words | DAWG bytes | DAWG nodes | DAWG B/word | GADDAG bytes | GADDAG nodes | GADDAG B/word | GADDAG / DAWG | DAWG build | DAWG + GADDAG build |")?;
    writeln!(md, "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")?;
    for p in &scale {
        let w = p.words.max(1) as f64;
        writeln!(
            md,
            "| {} | {} | {} | {} | {:.2} | {} | {} | {:.2} | {} | {} | {} |",
            p.list,
            int(p.words),
            int(p.dawg_bytes),
            int(p.dawg_nodes),
            p.dawg_bytes as f64 / w,
            int(p.gaddag_bytes),
            int(p.gaddag_nodes),
            p.gaddag_bytes as f64 / w,
            ratio(p.gaddag_bytes as f64, p.dawg_bytes as f64),
            p.dawg_s.map(secs).unwrap_or_else(|| "–".into()),
            secs(p.both_s),
        )?;
    }
    writeln!(md)?;
    writeln!(
        md,
        "![file size against list size]({})\n",
        link(&out_dir, &size_path)
    )?;
    writeln!(
        md,
        "![build time against list size]({})\n",
        link(&out_dir, &build_path)
    )?;

    // Self-play.
    writeln!(md, "## Self-play\n")?;
    writeln!(
        md,
        "`selfplay::play_game`: greedy players (always the top-scoring move), seeds 1–{}, \
         standard 15×15 board, GADDAG as the primary generator and the DAWG generating every turn \
         again as a check (identical sorted move lists required). Moves/turn counts every legal \
         placement on every turn (0 on a pass or exchange); best move = score of the move played, \
         over turns with a placement. Generation time per turn includes the cross-checks.\n",
        plan.games
    )?;
    writeln!(
        md,
        "| | {} | Cited |",
        sps.iter().map(|s| s.name).collect::<Vec<_>>().join(" | ")
    )?;
    writeln!(md, "|---|{}---|", "--:|".repeat(sps.len()))?;
    type Cell = (&'static str, fn(&SelfPlay) -> String, &'static str);
    let cells: [Cell; 12] = [
        ("Games played", |s| int(s.games as u64), ""),
        (
            "Turns per game",
            |s| format!("{:.1}", s.turns as f64 / s.games.max(1) as f64),
            "",
        ),
        (
            "Moves per turn, mean",
            |s| {
                format!(
                    "{:.1}",
                    stats(&s.moves.iter().map(|&x| x as f64).collect::<Vec<_>>()).mean
                )
            },
            "~450 (Appel & Jacobson 1988, their lexicon); 304 (2015 Java thesis)",
        ),
        (
            "Moves per turn, median",
            |s| format!("{:.0}", median_usize(&s.moves)),
            "",
        ),
        (
            "Moves per turn, max",
            |s| int(s.moves.iter().copied().max().unwrap_or(0) as u64),
            "",
        ),
        (
            "Best move, mean points",
            |s| format!("{:.1}", stats(&s.best).mean),
            "34.6 (2015 thesis)",
        ),
        (
            "Points per game, both players",
            |s| format!("{:.1}", stats(&s.points).mean),
            "",
        ),
        (
            "Points per game, per player",
            |s| format!("{:.1}", stats(&s.player_points).mean),
            "377 (Appel & Jacobson, self-play, their lexicon)",
        ),
        (
            "Bingos per game",
            |s| format!("{:.2}", s.bingos as f64 / s.games.max(1) as f64),
            "",
        ),
        (
            "GADDAG µs per turn, mean (median)",
            |s| {
                let t = stats(&s.gaddag_us);
                format!("{:.0} ({:.0})", t.mean, t.median)
            },
            "26.67 ms per search (2015 thesis, Java)",
        ),
        (
            "DAWG µs per turn, mean (median)",
            |s| {
                let t = stats(&s.dawg_us);
                format!("{:.0} ({:.0})", t.mean, t.median)
            },
            "",
        ),
        (
            "DAWG and GADDAG agree",
            |s| match &s.error {
                None => format!("all {} turns", int(s.turns as u64)),
                Some(e) => format!("**no**: {e}"),
            },
            "",
        ),
    ];
    for (name, f, cited) in cells {
        writeln!(
            md,
            "| {name} | {} | {} |",
            sps.iter().map(f).collect::<Vec<_>>().join(" | "),
            if cited.is_empty() {
                String::new()
            } else {
                format!("**cited:** {cited}")
            }
        )?;
    }
    writeln!(md)?;

    // Literature.
    writeln!(md, "## Against the literature and prior art\n")?;
    writeln!(
        md,
        "Left: measured by this run. Right: **cited** figures (papers; `../shared/notes/prior-art.md`, \
         whose measurements are of other programs on their own 1,000-position self-play suites, so \
         per-position figures compare workloads of the same kind, not the same positions).\n"
    )?;
    writeln!(md, "| Quantity | This run | Cited |")?;
    writeln!(md, "|---|---|---|")?;
    let sp_lex = find(common::SOWPODS.file).map(|l| l.first());
    let sr = sowpods.first();
    let lit = |md: &mut String, q: &str, ours: String, cited: &str| -> std::fmt::Result {
        writeln!(md, "| {q} | {ours} | {cited} |")
    };
    lit(
        &mut md,
        "GADDAG size / DAWG size",
        format!(
            "ENABLE {}, SOWPODS {}",
            ratio(ep.gaddag_bytes as f64, ep.dawg_bytes as f64),
            ratio(sr.gaddag_bytes as f64, sr.dawg_bytes as f64)
        ),
        "Gordon 1994: nearly 5×. wolges KWG (DAWG and GADDAG in one array): ENABLE 3,233,088 B vs DAWG alone 467,520 B",
    )?;
    if let Some(r) = en_rows {
        let s_rows = mg_of("sowpods · stored suite");
        lit(
            &mut md,
            "GADDAG speed-up over the DAWG, all moves",
            format!(
                "ENABLE {}{}",
                ratio(r.kind(0).median, r.kind(1).median),
                s_rows
                    .map(|s| format!(", SOWPODS {}", ratio(s.kind(0).median, s.kind(1).median)))
                    .unwrap_or_default()
            ),
            "Gordon 1994: more than 2×",
        )?;
        lit(
            &mut md,
            "All moves, µs per position (ENABLE)",
            format!(
                "GADDAG {:.0}, DAWG {:.0} (stored suite, {:.0} moves/position)",
                r.kind(1).median,
                r.kind(0).median,
                r.moves as f64 / r.positions.max(1) as f64
            ),
            "wolges 240 (629 moves/position), MAGPIE 238",
        )?;
        if let Some(s) = s_rows {
            lit(
                &mut md,
                "All moves, µs per position (SOWPODS)",
                format!(
                    "GADDAG {:.0}, DAWG {:.0} (stored suite, {:.0} moves/position)",
                    s.kind(1).median,
                    s.kind(0).median,
                    s.moves as f64 / s.positions.max(1) as f64
                ),
                "wolges 316 (942 moves/position), MAGPIE 387",
            )?;
            lit(
                &mut md,
                "Moves per second, all moves",
                format!(
                    "GADDAG {:.2} M (ENABLE), {:.2} M (SOWPODS)",
                    r.moves_per_s(1) / 1e6,
                    s.moves_per_s(1) / 1e6
                ),
                "wolges ≈ 2.9–3.0 M",
            )?;
        }
    }
    lit(
        &mut md,
        "ENABLE file bytes",
        format!(
            "DAWG {}, GADDAG {}",
            int(ep.dawg_bytes),
            int(ep.gaddag_bytes)
        ),
        "KWG DAWG alone 467,520; KWG DAWG + GADDAG 3,233,088 (a lexgraph GADDAG file also reads every word forwards, so it compares with KWG's combined array); fst set 508,190",
    )?;
    if let Some(s) = sp_lex {
        lit(
            &mut md,
            "SOWPODS file bytes",
            format!("DAWG {}, GADDAG {}", int(s.dawg_bytes), int(s.gaddag_bytes)),
            "KWG DAWG alone 706,348; KWG DAWG + GADDAG 4,656,156; fst set 800,446",
        )?;
    }
    let pl = find(common::POLISH.file);
    if let Some(p) = pl {
        let r = p.first();
        lit(
            &mut md,
            "Polish 4M: file bytes, build, peak RSS",
            format!(
                "DAWG {}, GADDAG {}; {} ({} edges in the GADDAG); {}",
                int(r.dawg_bytes),
                int(r.gaddag_bytes),
                secs(r.compile_s),
                int(r.gaddag_edges),
                mb(r.hwm_kb)
            ),
            "KWG needs 4.7M arcs, over its 22-bit limit; 'big' variant 18,980,916 B in 11.1 s, 0.5 GB",
        )?;
    }
    lit(
        &mut md,
        "Build time, ENABLE",
        format!(
            "{} both structures; {} DAWG alone",
            secs(enable.build().median),
            scale
                .iter()
                .find(|p| p.list == "ENABLE" && p.words == ep.words)
                .and_then(|p| p.dawg_s)
                .map(secs)
                .unwrap_or_else(|| "–".into())
        ),
        "KWG 0.4–0.6 s; fst set 38–60 ms",
    )?;
    lit(
        &mut md,
        "Build time, SOWPODS",
        format!("{} both structures", secs(sowpods.build().median)),
        "KWG 0.6–1.1 s",
    )?;
    lit(
        &mut md,
        "Peak RSS while building, ENABLE / SOWPODS",
        format!("{} / {}", mb(enable.peak_kb()), mb(sowpods.peak_kb())),
        "KWG 47 / 85 MB",
    )?;
    if let Some(c) = contains_rows.first() {
        lit(
            &mut md,
            "`contains`, ns per lookup (ENABLE words)",
            format!(
                "DAWG {:.0}, GADDAG {:.0}",
                c.dawg.median / c.n as f64 * 1e9,
                c.gaddag.median / c.n as f64 * 1e9
            ),
            "fst ≈ 140–370",
        )?;
    }
    if let Some(p) = scale
        .iter()
        .filter(|p| p.list == "ENABLE")
        .min_by_key(|p| p.words.abs_diff(94_000))
    {
        lit(
            &mut md,
            "DAWG of a ~100k-word list",
            format!(
                "ENABLE sample of {} words: {} nodes, {} bytes",
                int(p.words),
                int(p.dawg_nodes),
                int(p.dawg_bytes)
            ),
            "Appel & Jacobson: 94k words, 19,853 nodes, 175 KB (from a 117,150-node trie)",
        )?;
    }
    if let Some(s) = sp_lex {
        lit(
            &mut md,
            "GADDAG of a ~270k-word list",
            format!(
                "SOWPODS ({} words): {} nodes, {} bytes; peak RSS {}",
                int(s.words),
                int(s.gaddag_nodes),
                int(s.gaddag_bytes),
                mb(sowpods.peak_kb())
            ),
            "2015 thesis: unminimized Java GADDAG, 2.5M nodes, 38.6 MB; out of memory on a 270k list with a 256 MB heap",
        )?;
    }
    for s in &sps {
        lit(
            &mut md,
            &format!("Self-play on {}: moves per turn, best move, points per player", s.name),
            format!(
                "{:.1}; {:.1}; {:.1}",
                stats(&s.moves.iter().map(|&x| x as f64).collect::<Vec<_>>()).mean,
                stats(&s.best).mean,
                stats(&s.player_points).mean
            ),
            "Appel & Jacobson ~450 moves/turn, 377 points/game per player; 2015 thesis 304 moves/turn, 34.6-point best move",
        )?;
        lit(
            &mut md,
            &format!("Self-play on {}: generation time per turn", s.name),
            format!("GADDAG {} (mean)", secs(stats(&s.gaddag_us).mean / 1e6)),
            "2015 thesis: 26.67 ms per search",
        )?;
    }
    writeln!(md)?;

    // Notes and reproduction.
    if !notes.is_empty() {
        writeln!(md, "## Notes\n")?;
        for n in &notes {
            writeln!(md, "- {n}")?;
        }
        writeln!(md)?;
    }
    writeln!(md, "## Reproducing\n")?;
    writeln!(md, "```sh")?;
    writeln!(md, "cargo run --release --example bench-report -- --lexicons ../shared/lexicons -o BENCHMARKS.md")?;
    writeln!(
        md,
        "cargo run --release --example bench-report -- --quick        # smoke run"
    )?;
    writeln!(md, "cargo run --release --example bench-report -- --make-suites  # regenerate the blank suites")?;
    writeln!(
        md,
        "cargo bench --bench lexicon    # criterion: compile, open, contains, queries"
    )?;
    writeln!(
        md,
        "cargo bench --bench movegen    # criterion: movegen/<suite>/blank<k>/<dawg|gaddag>"
    )?;
    writeln!(md, "```")?;

    std::fs::write(&args.output, md)
        .with_context(|| format!("writing {}", args.output.display()))?;
    progress!("wrote {} and 4 plots", args.output.display());
    Ok(())
}
