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

#[path = "../common/mod.rs"]
mod common;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use lexgraph::{compile, format, Kind, Lexicon};

static START: OnceLock<Instant> = OnceLock::new();

/// A line on stderr with the seconds since the start.
macro_rules! progress {
    ($($arg:tt)*) => {
        eprintln!("[{:7.1}s] {}", $crate::START.get_or_init(std::time::Instant::now).elapsed().as_secs_f64(), format!($($arg)*))
    };
}

mod compile_one;
mod machine;
mod measure;
mod plots;
mod stats;
mod suites;
mod units;

use common::Compiled;
use compile_one::compile_one;
use machine::{cpu_steal, loadavg, machine, steal_share};
use measure::*;
use stats::{median_usize, stats, Stats};
use suites::{blank_suite, make_suites};
use units::{int, mb, ratio, secs, si, spread};

/// The *Agree* cell of a timing table.
fn agree(r: &MgResult) -> &'static str {
    if r.agree {
        "yes"
    } else {
        "**no**"
    }
}

// ---------------------------------------------------------------------------
// Command line

pub struct Args {
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
    let vector_scan = enable_lex
        .gaddag
        .edges()
        .fixed::<format::Tiles5Avx512>()
        .is_some();
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
