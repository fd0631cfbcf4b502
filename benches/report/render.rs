//! `bench-report render`: `BENCHMARKS.md` and the plots from a [`Report`]
//! alone. The same document renders to the same bytes: nothing here reads
//! the clock, the machine or the environment.
//!
//! The section headings are cited by the crate's docs, the format spec and
//! the README (*Move generation*, *Edge layouts*, *Node scan*, …): keep
//! them, or change the citations with them (`tests.rs` checks them).

use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context, Result};

use crate::common;
use crate::plots;
use crate::results::{suite_label, Edges, Pair, PeerRun, Report, Run, SelfPlay, Side, Variant};
use crate::stats::{stats, Stats};
use crate::units::{int, mb, ratio, secs, spread, utc_minute};

/// Draws the plots into `plots_dir` and writes the Markdown to `output`,
/// with links relative to the output's directory.
pub fn render(r: &Report, json: &Path, output: &Path, plots_dir: &Path) -> Result<()> {
    let out_dir = output
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    progress!("plots in {}", plots_dir.display());
    let files = plots::write_all(r, plots_dir)?;
    let links = Links {
        json: link(out_dir, json),
        bars: link(out_dir, &files.bars),
        scatter: link(out_dir, &files.scatter),
        size: link(out_dir, &files.size),
        build: link(out_dir, &files.build),
    };
    let md = markdown(r, &links)?;
    std::fs::write(output, md).with_context(|| format!("writing {}", output.display()))?;
    progress!("wrote {} and 4 plots", output.display());
    Ok(())
}

/// Where the report links to, relative to its directory.
pub struct Links {
    pub json: String,
    pub bars: String,
    pub scatter: String,
    pub size: String,
    pub build: String,
}

/// Relative link from the report's directory to `target`.
fn link(from_dir: &Path, target: &Path) -> String {
    let abs = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    let (d, t) = (abs(from_dir), abs(target));
    t.strip_prefix(&d)
        .map(|r| r.display().to_string())
        .unwrap_or_else(|_| t.display().to_string())
}

/// The *Agree* cell of a timing table with a third side.
fn agree_with(r: &Pair, third: Option<&Side>) -> &'static str {
    if r.agree && third.is_none_or(|s| s.agree) {
        "yes"
    } else {
        "**no**"
    }
}

/// The *Agree* cell of a timing table.
fn agree(r: &Pair) -> &'static str {
    if r.agree {
        "yes"
    } else {
        "**no**"
    }
}

/// The default files' layout, for the text: `masked nodes (format 2.0, …)`.
fn layout_words(e: Edges) -> &'static str {
    match e {
        Edges::Masked => "masked nodes, format 2.0",
        Edges::Packed => "bit-packed edges",
        Edges::Aligned => "aligned 32-bit edges",
    }
}

/// What `Generator::set_vector_scan(true)`, the default, runs on the
/// default files on the run's machine.
fn vector_on(run: &Run) -> &'static str {
    match (run.default_edges, run.popcnt_twin, run.avx512_node_scan) {
        (Edges::Masked, true, _) => {
            "the POPCNT-compiled twin of the masked-node search (a child's slot is one population count instruction)"
        }
        (Edges::Masked, false, _) => {
            "the x86-64 baseline code, as with the switch off (no POPCNT twin on this CPU)"
        }
        (_, _, true) => "the AVX-512 node scan",
        (_, _, false) => "the scalar node scan, as with the switch off (no AVX-512 on this CPU)",
    }
}

/// The summary's clause on how the searches read the default files.
fn searches_run(run: &Run) -> String {
    match run.default_edges {
        Edges::Masked => format!(
            "both searches read the default masked files with {}; the AVX-512 node scan is for \
             packed and aligned files only",
            if run.popcnt_twin {
                "the POPCNT-compiled twin of the search"
            } else {
                "the x86-64 baseline code (no POPCNT twin here)"
            }
        ),
        _ if run.avx512_node_scan => "both searches scan nodes with AVX-512".into(),
        _ => "both searches scan nodes with scalar code (no AVX-512 here)".into(),
    }
}

/// `1.02 1.04 1.23`.
fn load(l: Option<[f64; 3]>) -> String {
    l.map_or("n/a".into(), |[a, b, c]| format!("{a:.2} {b:.2} {c:.2}"))
}

/// The report's Markdown.
pub fn markdown(r: &Report, links: &Links) -> Result<String> {
    let (run, plan) = (&r.run, &r.plan);
    let mut md = String::new();
    let find = |file: &str| r.lists.iter().find(|l| l.file == file);
    let enable = find(common::ENABLE.file).context("the report has no ENABLE list")?;
    let stored = |suite: &str| {
        r.movegen
            .iter()
            .find(|s| s.suite == suite && s.variant == Variant::Stored)
            .map(|s| &s.timing)
    };

    writeln!(md, "# lexgraph benchmarks\n")?;
    let cmd = |args: &[String]| {
        format!(
            "cargo run --release --example bench-report --{}{}",
            if args.is_empty() { "" } else { " " },
            args.join(" ")
        )
    };
    let by = if run.args.first().map(String::as_str) == Some("measure") {
        format!(
            "Measured by `{}` and written from its results by `bench-report render`",
            cmd(&run.args)
        )
    } else {
        format!("Written by `{}`", cmd(&run.args))
    };
    writeln!(
        md,
        "{by} ({}). \
         Every number below was measured by that run, except those marked **cited**: \
         figures quoted from the papers and from `../shared/notes/prior-art.md` \
         (other programs, measured by others on a comparable 2-vCPU machine, on their own \
         position sets). The measured values, unformatted, are in [`{}`]({}).\n",
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
        },
        links.json,
        links.json,
    )?;
    writeln!(
        md,
        "**Machine:** {} · {} logical CPUs ({} available to the process) · {} · {} · \
         load average {} at the start, {} at the end · CPU steal {} · commit `{}`{}.\n",
        run.cpu,
        run.logical_cpus,
        run.available_cpus,
        run.rustc,
        utc_minute(run.start_unix_s),
        load(run.load_start),
        load(run.load_end),
        run.steal.map_or("n/a".into(), |x| format!(
            "{:.1} % of all CPU time over the run (time the hypervisor ran something else)",
            x * 100.0
        )),
        run.commit.as_deref().unwrap_or("unknown"),
        if run.optimized {
            ""
        } else {
            " · **built without optimizations**"
        }
    )?;
    writeln!(md, "Total run time: {}.\n", secs(run.duration_s))?;

    // Summary.
    let en_rows = stored("enable");
    let ep = enable.first();
    writeln!(md, "## Summary\n")?;
    writeln!(
        md,
        "- ENABLE ({} words): DAWG {} bytes, GADDAG {} bytes ({} the DAWG), the default layout: {}; both built in {} (median of {} fresh-process runs).",
        int(ep.words),
        int(ep.dawg_bytes),
        int(ep.gaddag_bytes),
        ratio(ep.gaddag_bytes as f64, ep.dawg_bytes as f64),
        layout_words(ep.layout()),
        secs(enable.build().median),
        enable.runs.len()
    )?;
    if let Some(c) = r.contains.first() {
        writeln!(
            md,
            "- Opening the ENABLE GADDAG takes {} (median); `contains` on every ENABLE word takes {:.0} ns per word on the DAWG.",
            secs(enable.open_gaddag.median),
            stats(&c.dawg_pass_s).median / c.items as f64 * 1e9
        )?;
    }
    if let Some(t) = en_rows {
        writeln!(
            md,
            "- All moves of a position from the stored ENABLE suite ({} moves on average): DAWG {:.0} µs, GADDAG {:.0} µs (GADDAG {} faster), {} and {} M moves/s; {} (see *Node scan*).",
            int(t.moves_per_position().round() as u64),
            t.side(0).median,
            t.side(1).median,
            ratio(t.side(0).median, t.side(1).median),
            format_args!("{:.2}", t.moves_per_s(0) / 1e6),
            format_args!("{:.2}", t.moves_per_s(1) / 1e6),
            searches_run(run),
        )?;
    }
    // The default layout against the others, where this run timed it.
    let layouts: Vec<String> = r
        .edge_layouts
        .iter()
        .filter_map(|l| {
            let m = l.masked.as_ref()?.stats().median;
            Some(format!(
                "{} {}: packed {}, aligned {} the masked time",
                l.suite,
                l.structure.name(),
                ratio(l.timing.side(0).median, m),
                ratio(l.timing.side(1).median, m)
            ))
        })
        .collect();
    if !layouts.is_empty() {
        writeln!(
            md,
            "- Masked nodes (format 2.0, the default for alphabets of up to 31 tiles; \
             [`docs/design/masked-nodes.md`](docs/design/masked-nodes.md)) against the other edge \
             layouts, stored suites, the three taking turns (see *Edge layouts*): {}.",
            layouts.join("; ")
        )?;
    }
    // lexgraph's time over each peer's, per stored suite.
    // (With the vector switch off too, where the run timed it.)
    let versus =
        |what: String, peers: &[PeerRun], lexgraph_us: &[f64], off_us: &[f64]| -> Option<String> {
            let v: Vec<String> = peers
                .iter()
                .filter(|p| !p.rep_us.is_empty())
                .map(|p| {
                    format!(
                        "{:.2}× {}'s{}",
                        p.ratios(lexgraph_us).median,
                        peer_label(r, &p.peer),
                        if off_us.is_empty() {
                            String::new()
                        } else {
                            format!(
                                " ({:.2}× with the vector switch off)",
                                p.ratios(off_us).median
                            )
                        }
                    )
                })
                .collect();
            (!v.is_empty()).then(|| format!("{what}: {}", v.join(", ")))
        };
    let mut against: Vec<String> = Vec::new();
    for s in r.movegen.iter().filter(|s| s.variant == Variant::Stored) {
        against.extend(versus(
            format!("every move, {}", s.suite),
            &s.peers,
            &s.timing.rep_us[1],
            s.gaddag_vector_off
                .as_ref()
                .map_or(&[][..], |o| o.rep_us.as_slice()),
        ));
    }
    for b in &r.best_move {
        against.extend(versus(
            format!("best play by equity, {} with {}", b.suite, b.leaves),
            &b.peers,
            &b.best_us,
            &b.best_vector_off_us,
        ));
    }
    if !against.is_empty() {
        writeln!(
            md,
            "- lexgraph's time against other engines' in this run, stored suites, the default files (median of the rounds' ratios; below 1× lexgraph is faster): {}.",
            against.join("; ")
        )?;
    }
    let all_agree =
        r.movegen.iter().all(|s| s.timing.agree) && r.self_play.iter().all(|s| s.error.is_none());
    writeln!(
        md,
        "- DAWG and GADDAG generated {} move lists on every position of every suite and every self-play turn.\n",
        if all_agree { "identical" } else { "**different** (see below)" }
    )?;

    // Sizes.
    writeln!(md, "## Lexicon files\n")?;
    if r.lists.iter().any(|l| l.first().edges.is_some()) {
        writeln!(
            md,
            "Each list compiled by `compile::try_compile` with the default options (minimal DAWG and \
             minimal GADDAG) in a fresh process (`bench-report --compile-one`). The default edge \
             layout (column *Edges*) is masked nodes (format 2.0: each node led by a 32-bit mask of \
             its tiles, a child found by a population count; \
             [`docs/design/masked-nodes.md`](docs/design/masked-nodes.md)) for alphabets of up to 31 \
             tiles, and packed edges (format 1.1, the smallest files) for larger ones; *Edge layouts* \
             below has the other layouts' sizes. Bytes are whole files (64-byte header, alphabet, \
             edges, and in a masked file the nodes' masks). Words are distinct words after the \
             alphabet's folding.\n"
        )?;
    } else {
        writeln!(
            md,
            "Each list compiled by `compile::try_compile` (minimal DAWG and minimal GADDAG, bit-packed edges) \
             in a fresh process (`bench-report --compile-one`). Bytes are whole files (64-byte header, \
             alphabet, edges). Words are distinct words after the alphabet's folding.\n"
        )?;
    }
    writeln!(
        md,
        "| List | Words | Tiles | Edges | DAWG bytes | DAWG nodes | DAWG edges | DAWG B/word | GADDAG bytes | GADDAG nodes | GADDAG edges | GADDAG B/word | GADDAG / DAWG bytes |"
    )?;
    writeln!(md, "|---|--:|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|")?;
    for l in &r.lists {
        let f = l.first();
        let w = f.words.max(1) as f64;
        writeln!(
            md,
            "| {}{} | {} | {} | {} | {} | {} | {} | {:.2} | {} | {} | {} | {:.2} | {} |",
            l.name,
            if l.stand_in.is_some() {
                " (stand-in)"
            } else {
                ""
            },
            int(f.words),
            int(f.tiles),
            f.layout().name(),
            int(f.dawg_bytes),
            int(f.dawg_nodes),
            int(f.dawg_edges),
            f.dawg_bytes as f64 / w,
            int(f.gaddag_bytes),
            int(f.gaddag_nodes),
            int(f.gaddag_edges),
            f.gaddag_bytes as f64 / w,
            ratio(f.gaddag_bytes as f64, f.dawg_bytes as f64)
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
    for l in &r.lists {
        let b = l.build();
        writeln!(
            md,
            "| {} | {} | {} | {} – {} | {} | {} | {} |",
            l.name,
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
    let phase_names: Vec<String> = r
        .lists
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
        for l in &r.lists {
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
            writeln!(md, "| {} | {} |", l.name, cells.join(" | "))?;
        }
        writeln!(md)?;
    }
    let skipped: Vec<String> = r
        .lists
        .iter()
        .filter(|l| l.first().skipped > 0 || l.first().duplicates > 0)
        .map(|l| {
            format!(
                "{}: {} lines skipped (not spellable in the {} alphabet), {} duplicates after folding",
                l.name,
                int(l.first().skipped),
                l.alphabet,
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
    for l in &r.lists {
        let f = l.first();
        writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} | {} |",
            l.name,
            int(f.dawg_bytes),
            secs(l.open_dawg.median),
            secs(l.open_dawg.p90),
            int(f.gaddag_bytes),
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
    for c in &r.contains {
        let n = c.items as f64;
        let (d, g) = (stats(&c.dawg_pass_s), stats(&c.gaddag_pass_s));
        writeln!(
            md,
            "| {} | {} | {} | {:.2} M | {:.0} ({:.0}–{:.0}) | {:.2} M | {:.0} ({:.0}–{:.0}) |",
            c.lexicon,
            c.set,
            int(c.items as u64),
            n / d.median / 1e6,
            d.median / n * 1e9,
            d.min / n * 1e9,
            d.max / n * 1e9,
            n / g.median / 1e6,
            g.median / n * 1e9,
            g.min / n * 1e9,
            g.max / n * 1e9,
        )?;
    }
    writeln!(md)?;
    writeln!(
        md,
        "Queries on ENABLE (median time per query; `?` a blank in anagrams, one tile in patterns, `*` any run):\n"
    )?;
    writeln!(md, "| Query | Words found | DAWG | GADDAG |")?;
    writeln!(md, "|---|--:|--:|--:|")?;
    for q in &r.queries {
        writeln!(
            md,
            "| `{}` | {} | {} | {} |",
            q.query,
            int(q.words as u64),
            secs(q.dawg.median),
            secs(q.gaddag.median)
        )?;
    }
    writeln!(md)?;

    // Move generation.
    writeln!(md, "## Move generation\n")?;
    let vector_off = r.movegen.iter().any(|s| s.gaddag_vector_off.is_some());
    if vector_off {
        writeln!(
            md,
            "Every legal placement for the position's rack (`Generator::generate` into a reused \
             `Vec<Move>`, cross-checks computed inside each call, no sorting), one position at a \
             time. Each suite is run {} times by three generators: the DAWG and the GADDAG with \
             the vector switch on (`Generator::set_vector_scan(true)`, the default), and the \
             GADDAG with it off (the x86-64 baseline code; column *GADDAG µs/position, vector \
             off*). Within a repetition the three take turns on blocks of 100 positions, rotating \
             which goes first, so that all see the same stretch of this shared machine's drifting \
             speed. The table gives the median over repetitions of the mean µs per position, with \
             min–max. Speed-up = DAWG time / GADDAG time. Moves/s = moves generated / time. Best \
             score/position = mean score of each position's highest-scoring move (0 with no move). \
             Before timing, the three generators' sorted move lists were compared on every \
             position (column *Agree*).\n",
            plan.movegen_reps
        )?;
    } else {
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
    }
    writeln!(
        md,
        "Files: the default ones, {}. With the vector switch on, the search runs {} on this \
         machine.\n",
        if run.default_edges == Edges::Masked {
            "with masked nodes, format 2.0 ([`docs/design/masked-nodes.md`](docs/design/masked-nodes.md); \
             *Edge layouts* below times them against packed and aligned files, *Node scan* the \
             vector switch off against on)"
        } else {
            layout_words(run.default_edges)
        },
        vector_on(run),
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
    let peer_cols = ran(r.movegen.iter().map(|s| s.peers.as_slice()));
    let mut head = String::new();
    let mut rule = String::new();
    for name in &peer_cols {
        write!(head, " {name} µs/position | GADDAG / {name} |")?;
        rule.push_str("--:|--:|");
        if vector_off {
            write!(head, " GADDAG vector off / {name} |")?;
            rule.push_str("--:|");
        }
    }
    let (off_head, off_rule) = if vector_off {
        (" GADDAG µs/position, vector off |", "--:|")
    } else {
        ("", "")
    };
    writeln!(md, "| Suite | Criterion id | Positions | Racks with a blank | Moves/position | Best score/position | DAWG µs/position | GADDAG µs/position |{off_head} Speed-up | DAWG M moves/s | GADDAG M moves/s | Agree |{head}")?;
    writeln!(
        md,
        "|---|---|--:|--:|--:|--:|--:|--:|{off_rule}--:|--:|--:|:-:|{rule}"
    )?;
    for s in &r.movegen {
        let t = &s.timing;
        let (d, g) = (t.side(0), t.side(1));
        let off = s.gaddag_vector_off.as_ref();
        let off_cell = match off {
            _ if !vector_off => String::new(),
            Some(o) => format!(" {} |", spread(&o.stats())),
            None => " – |".into(),
        };
        let off_us = off.map_or(&[][..], |o| o.rep_us.as_slice());
        writeln!(
            md,
            "| {} | {} | {} | {} | {:.1} | {:.1} | {} | {} |{off_cell} {} | {:.2} | {:.2} | {} |{}",
            s.label(),
            s.criterion_group()
                .map(|g| format!("`{g}/*`"))
                .unwrap_or_else(|| "–".into()),
            int(t.positions as u64),
            int(t.rack_blanks as u64),
            t.moves_per_position(),
            t.best_total as f64 / t.positions.max(1) as f64,
            spread(&d),
            spread(&g),
            ratio(d.median, g.median),
            t.moves_per_s(0) / 1e6,
            t.moves_per_s(1) / 1e6,
            agree_with(t, off),
            peer_pairs(
                &peer_cols,
                &s.peers,
                &t.rep_us[1],
                vector_off.then_some(off_us)
            )
            .iter()
            .map(|(t, q, o)| format!(" {t} | {q} |{o}"))
            .collect::<String>()
        )?;
    }
    writeln!(md)?;
    movegen_peers(&mut md, r, &peer_cols)?;
    writeln!(
        md,
        "Per-position spread (medians over repetitions of single positions):\n"
    )?;
    writeln!(
        md,
        "| Suite | DAWG median | DAWG p90 | DAWG max | GADDAG median | GADDAG p90 | GADDAG max |"
    )?;
    writeln!(md, "|---|--:|--:|--:|--:|--:|--:|")?;
    for s in &r.movegen {
        let t = &s.timing;
        let (d, g) = (stats(&t.per_position_us[0]), stats(&t.per_position_us[1]));
        writeln!(
            md,
            "| {} | {:.0} µs | {:.0} µs | {:.0} µs | {:.0} µs | {:.0} µs | {:.0} µs |",
            s.label(),
            d.median,
            d.p90,
            d.max,
            g.median,
            g.p90,
            g.max
        )?;
    }
    writeln!(md)?;
    if r.movegen.iter().any(|s| !s.timing.cpu_us[1].is_empty()) {
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
        for s in &r.movegen {
            let t = &s.timing;
            if t.cpu_us[1].is_empty() {
                continue;
            }
            let (dw, gw) = (t.side(0).median, t.side(1).median);
            let (dc, gc) = (stats(&t.cpu_us[0]).median, stats(&t.cpu_us[1]).median);
            writeln!(
                md,
                "| {} | {:.1} | {:.1} | {:.1} | {:.1} | {:.0} % | {} |",
                s.label(),
                dw,
                dc,
                gw,
                gc,
                (1.0 - gc / gw.max(1e-9)).max(0.0) * 100.0,
                t.steal
                    .map_or("n/a".into(), |x| format!("{:.1} %", x * 100.0))
            )?;
        }
        writeln!(md)?;
    }
    writeln!(md, "![µs per position by suite]({})\n", links.bars)?;
    writeln!(
        md,
        "![µs per position, DAWG against GADDAG]({})\n",
        links.scatter
    )?;

    edge_layouts(&mut md, r)?;
    node_scan(&mut md, r)?;

    kwg_section(&mut md, r)?;
    best_move(&mut md, r)?;

    // Scaling.
    let median_s = |v: &[f64]| {
        if v.is_empty() {
            "–".into()
        } else {
            secs(stats(v).median)
        }
    };
    writeln!(md, "## Scaling\n")?;
    writeln!(
        md,
        "A sample of n words of a list of N takes word ⌊i·N/n⌋ of the sorted list for i < n \
         (every k-th word, k = N/n), so samples are deterministic and spread over the alphabet. Build times in this process: DAWG alone \
         (`Builder::build_dawg` + `format::write`) and both structures (`compile::try_compile`), \
         median of {} runs ({}); the whole Polish list's combined build time is its \
         `--compile-one` run. Builds here run in a process that has built before (warm \
         allocator and thread pool), so they can differ from the fresh-process times above.{}\n",
        plan.scaling_runs,
        if plan.polish {
            "1 run for Polish samples"
        } else {
            "Polish left out in quick mode"
        },
        if run.default_edges == Edges::Masked {
            " Both structures are written in the layout the default options choose for the \
             alphabet, as in *Lexicon files*: masked nodes for ENABLE, packed edges for the \
             Polish list (more than 31 tiles)."
        } else {
            ""
        }
    )?;
    writeln!(md, "| List | Words | DAWG bytes | DAWG nodes | DAWG B/word | GADDAG bytes | GADDAG nodes | GADDAG B/word | GADDAG / DAWG | DAWG build | DAWG + GADDAG build |")?;
    writeln!(md, "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")?;
    for p in &r.scaling {
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
            median_s(&p.dawg_s),
            median_s(&p.both_s),
        )?;
    }
    writeln!(md)?;
    writeln!(md, "![file size against list size]({})\n", links.size)?;
    writeln!(md, "![build time against list size]({})\n", links.build)?;

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
    let sps = &r.self_play;
    writeln!(
        md,
        "| | {} | Cited |",
        sps.iter()
            .map(|s| s.lexicon.as_str())
            .collect::<Vec<_>>()
            .join(" | ")
    )?;
    writeln!(md, "|---|{}---|", "--:|".repeat(sps.len()))?;
    type Cell = (&'static str, fn(&SelfPlay) -> String, &'static str);
    let cells: [Cell; 12] = [
        ("Games played", |s| int(s.games.len() as u64), ""),
        (
            "Turns per game",
            |s| format!("{:.1}", s.turns() as f64 / s.games.len().max(1) as f64),
            "",
        ),
        (
            "Moves per turn, mean",
            |s| format!("{:.1}", stats(&s.moves()).mean),
            "~450 (Appel & Jacobson 1988, their lexicon); 304 (2015 Java thesis)",
        ),
        (
            "Moves per turn, median",
            |s| format!("{:.0}", stats(&s.moves()).median),
            "",
        ),
        (
            "Moves per turn, max",
            |s| int(stats(&s.moves()).max as u64),
            "",
        ),
        (
            "Best move, mean points",
            |s| format!("{:.1}", stats(&s.best()).mean),
            "34.6 (2015 thesis)",
        ),
        (
            "Points per game, both players",
            |s| format!("{:.1}", stats(&s.points()).mean),
            "",
        ),
        (
            "Points per game, per player",
            |s| format!("{:.1}", stats(&s.player_points()).mean),
            "377 (Appel & Jacobson, self-play, their lexicon)",
        ),
        (
            "Bingos per game",
            |s| format!("{:.2}", s.bingos() as f64 / s.games.len().max(1) as f64),
            "",
        ),
        (
            "GADDAG µs per turn, mean (median)",
            |s| {
                let t = stats(&s.gaddag_us());
                format!("{:.0} ({:.0})", t.mean, t.median)
            },
            "26.67 ms per search (2015 thesis, Java)",
        ),
        (
            "DAWG µs per turn, mean (median)",
            |s| {
                let t = stats(&s.dawg_us());
                format!("{:.0} ({:.0})", t.mean, t.median)
            },
            "",
        ),
        (
            "DAWG and GADDAG agree",
            |s| match &s.error {
                None => format!("all {} turns", int(s.turns() as u64)),
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

    strategies(&mut md, r)?;

    upwords(&mut md, r)?;

    simulation(&mut md)?;

    literature(&mut md, r, en_rows, stored("sowpods"))?;

    // Notes and reproduction.
    if !r.notes.is_empty() {
        writeln!(md, "## Notes\n")?;
        for n in &r.notes {
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
    writeln!(md, "cargo run --release --example bench-report -- measure --lexicons ../shared/lexicons --json benches/results/report.json  # measure only")?;
    writeln!(md, "cargo run --release --example bench-report -- render --json benches/results/report.json -o BENCHMARKS.md --plots benches/plots  # render only")?;
    writeln!(md, "cargo run --release --example bench-report -- --make-suites  # regenerate the blank suites")?;
    writeln!(md, "benches/peers/build.sh   # the peer engines' harnesses (benches/peers/README.md); --no-peers leaves them out")?;
    writeln!(
        md,
        "cargo bench --bench lexicon    # criterion: compile, open, contains, queries"
    )?;
    writeln!(
        md,
        "cargo bench --bench movegen    # criterion: movegen/<suite>/blank<k>/<dawg|gaddag>"
    )?;
    writeln!(md, "```")?;
    Ok(md)
}

/// *Edge layouts*: the default files against the other layouts.
fn edge_layouts(md: &mut String, r: &Report) -> Result<()> {
    let label = |suite: &str| suite_label(suite, Variant::Stored);
    writeln!(md, "### Edge layouts\n")?;
    let masked = r.edge_layouts.iter().any(|l| l.masked.is_some());
    if masked {
        writeln!(
            md,
            "The stored suites on the three edge layouts of a lexicon file, compiled from the same \
             list: **masked** nodes (format 2.0, the default of `compile` and `lexgraph compile` for \
             alphabets of up to 31 tiles, and the files every other table reads: each node led by a \
             32-bit mask of its tiles, so that a child is found by a population count instead of a \
             scan of the node's edges), **packed** edges (`--edges packed`, format 1.1: just enough \
             bits per edge, the smallest files; the default before masked nodes) and **aligned** \
             edges (`--edges aligned`, format 1.1: 32 bits per edge, one aligned load each). \
             [`formats/lexicon.md`](formats/lexicon.md) (*Masked nodes*) has the layout, \
             [`docs/design/masked-nodes.md`](docs/design/masked-nodes.md) why it is the default. The \
             three files take turns on blocks of 100 positions as above, each with the vector \
             switch on, which here runs the {} on the masked file and the {} on the other two (see \
             *Node scan*). Bytes in brackets: the file's size over the masked one's. *Packed / \
             masked*, *Aligned / masked*: the layout's time over the masked file's (above 1×, the \
             masked file is faster). *Agree*: the same sorted move lists on every position from \
             all three.\n",
            if r.run.popcnt_twin {
                "POPCNT twin"
            } else {
                "baseline code (no POPCNT twin on this CPU)"
            },
            if r.run.avx512_node_scan {
                "AVX-512 node scan"
            } else {
                "scalar node scan (no AVX-512 on this CPU)"
            }
        )?;
    } else {
        writeln!(
            md,
            "The same suites on files compiled with `--edges aligned` (32-bit edges, read with \
             one aligned load each) against the packed files, the default when this document was \
             measured (it predates masked nodes, so their columns are empty), timed the same way \
             (the two files take turns on blocks of 100 positions). *Agree*: the same sorted move \
             lists on every position.\n"
        )?;
    }
    writeln!(md, "| Suite | Structure | Masked bytes | Packed bytes | Aligned bytes | Masked µs/position | Packed µs/position | Aligned µs/position | Packed / masked | Aligned / masked | Agree |")?;
    writeln!(md, "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|:-:|")?;
    for l in &r.edge_layouts {
        let (p, a) = (l.timing.side(0), l.timing.side(1));
        let (pb, ab) = (l.packed_bytes, l.aligned_bytes);
        let bytes = |b: u64| match l.masked_bytes {
            Some(m) => format!("{} ({})", int(b), ratio(b as f64, m.max(1) as f64)),
            None => int(b),
        };
        let m = l.masked.as_ref().map(Side::stats);
        writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            label(&l.suite),
            l.structure.name(),
            l.masked_bytes.map_or("–".into(), int),
            bytes(pb),
            bytes(ab),
            m.as_ref().map_or("–".into(), spread),
            spread(&p),
            spread(&a),
            m.as_ref().map_or("–".into(), |m| ratio(p.median, m.median)),
            m.as_ref().map_or("–".into(), |m| ratio(a.median, m.median)),
            agree_with(&l.timing, l.masked.as_ref())
        )?;
    }
    writeln!(md)?;
    Ok(())
}

/// *Node scan*: the vector switch off against on, file by file.
fn node_scan(md: &mut String, r: &Report) -> Result<()> {
    let run = &r.run;
    let label = |suite: &str| suite_label(suite, Variant::Stored);
    writeln!(md, "### Node scan\n")?;
    writeln!(
        md,
        "`Generator::set_vector_scan(false)` makes the search run the x86-64 baseline code; on \
         (the default) it uses, where the CPU has them, the POPCNT-compiled twin of the masked-node \
         search on masked files (the same search, with a child's slot `n + 1 + popcount(mask & \
         below)` one instruction instead of the baseline's dozen; \
         [`docs/design/masked-nodes.md`](docs/design/masked-nodes.md)) and the AVX-512 node scan \
         on packed and aligned files (a node's edges 16 at a time). A masked node has no scan to \
         vectorize: the AVX-512 code is for packed and aligned files only. The tables above read \
         the default files ({}) with the switch on, which on this machine runs {}.\n",
        run.default_edges.name(),
        vector_on(run)
    )?;
    let mut cpu = Vec::new();
    if run.popcnt_twin {
        cpu.push(
            "This CPU has POPCNT, BMI1 and LZCNT: masked files run the POPCNT twin with the \
             switch on."
                .to_string(),
        );
    } else if run.default_edges == Edges::Masked {
        cpu.push(
            "This machine has no POPCNT twin of the masked search (it needs x86-64 with POPCNT, \
             BMI1 and LZCNT), so masked files run the same code with the switch on or off: their \
             rows would time it twice, and are left out."
                .to_string(),
        );
    }
    if run.avx512_node_scan {
        cpu.push(
            "This CPU has the AVX-512 instructions (BW, VL, VBMI, BITALG) of the vector node scan: \
             packed and aligned files are scanned 16 edges at a time with the switch on."
                .to_string(),
        );
    } else {
        cpu.push(format!(
            "This CPU lacks the AVX-512 instructions (BW, VL, VBMI, BITALG) of the vector node \
             scan, so packed and aligned files are searched by the scalar scan with the switch on \
             or off: every packed and aligned number in this report is the scalar scan's, and \
             their rows here would time the same code twice, so they are left out{}.",
            if run.default_edges == Edges::Masked {
                ""
            } else {
                " (this document predates masked nodes: every number above is the scalar scan's)"
            }
        ));
    }
    writeln!(md, "{}\n", cpu.join(" "))?;
    if r.node_scan.is_empty() {
        return Ok(());
    }
    writeln!(
        md,
        "Each file with the switch off and on, taking turns as above. *Off → on*: the code each \
         side runs. *Speed-up*: off time / on time. *Agree*: the same sorted move lists on every \
         position.\n"
    )?;
    writeln!(md, "| Suite | Structure | Edges | Off → on | Off µs/position | On µs/position | Speed-up | Agree |")?;
    writeln!(md, "|---|---|---|---|--:|--:|--:|:-:|")?;
    for s in &r.node_scan {
        let (a, v) = (s.timing.side(0), s.timing.side(1));
        writeln!(
            md,
            "| {} | {} | {}{} | {} | {} | {} | {} | {} |",
            label(&s.suite),
            s.structure.name(),
            s.edges.name(),
            if s.edges == run.default_edges {
                " (default)"
            } else {
                ""
            },
            match s.edges {
                Edges::Masked => "baseline code → POPCNT twin",
                Edges::Packed | Edges::Aligned => "scalar scan → AVX-512 scan",
            },
            spread(&a),
            spread(&v),
            ratio(a.median, v.median),
            agree(&s.timing)
        )?;
    }
    writeln!(md)?;
    Ok(())
}

/// *KWG files in place*: the reference engine's files against lexgraph's.
fn kwg_section(md: &mut String, r: &Report) -> Result<()> {
    if r.kwg.is_empty() {
        return Ok(());
    }
    writeln!(md, "### KWG files in place\n")?;
    writeln!(
        md,
        "The reference engine's KWG files (`../shared/kwg`, written by wolges; one array holds the \
         DAWG and the GADDAG) opened with `lexgraph::Kwg` and searched in place by the same \
         generators, against lexgraph's own file of the same list (the default file: {}); the two \
         take turns as above, both with the vector switch on. *Agree*: the same sorted move lists \
         on every position.\n",
        layout_words(r.run.default_edges)
    )?;
    writeln!(
        md,
        "| Suite | Structure | KWG file bytes | lexgraph file bytes | lexgraph µs/position | KWG µs/position | lexgraph speed-up | Agree |"
    )?;
    writeln!(md, "|---|---|--:|--:|--:|--:|--:|:-:|")?;
    for k in &r.kwg {
        let (a, b) = (k.timing.side(0), k.timing.side(1));
        writeln!(
            md,
            "| {} | {} | {} ({}) | {} | {} | {} | {} | {} |",
            suite_label(&k.suite, Variant::Stored),
            k.structure.name(),
            int(k.kwg_bytes),
            k.file,
            int(k.native_bytes),
            spread(&a),
            spread(&b),
            ratio(b.median, a.median),
            agree(&k.timing)
        )?;
    }
    writeln!(md)?;
    Ok(())
}

/// *Best move by equity*: `Generator::best` against every play.
fn best_move(md: &mut String, r: &Report) -> Result<()> {
    if r.best_move.is_empty() {
        return Ok(());
    }
    let vector_off = r.best_move.iter().any(|b| !b.best_vector_off_us.is_empty());
    writeln!(md, "### Best move by equity\n")?;
    writeln!(
        md,
        "The best play by equity (score plus the leave's value from a learned KLV2 file, \
         `../shared/leaves`), GADDAG, stored suites: every move generated (no valuing); every \
         play valued and sorted (`Generator::best` asked for every play: what the top-1 search \
         must equal); and `Generator::best` for the top play, which ranks every anchor by a \
         bound on its plays' equity and stops at the first that cannot beat the best found. \
         {}The {} take turns on blocks of 100 positions; median of the repetitions' means \
         (min–max). *Agree*: top-1 equals the first play of the sorted list on every position{}.\n",
        if vector_off {
            format!(
                "All on the default files ({}) with the vector switch on, which here runs {}{}; \
                 *Top 1 µs, vector off*: `Generator::best` again with the switch off \
                 (`Generator::set_vector_scan(false)`, the x86-64 baseline code). ",
                r.run.default_edges.name(),
                vector_on(&r.run),
                if r.run.avx2_bounds {
                    ", and works out the top-1 search's bounds with AVX2 (eight multipliers \
                     in one vector, `src/equity/bound.rs`)"
                } else {
                    ""
                }
            )
        } else {
            String::new()
        },
        if vector_off { "four" } else { "three" },
        if vector_off {
            ", with the switch on and off"
        } else {
            ""
        }
    )?;
    let peer_cols = ran(r.best_move.iter().map(|b| b.peers.as_slice()));
    let mut head = String::new();
    let mut rule = String::new();
    for name in &peer_cols {
        write!(head, " {name} top 1 µs | Top 1 / {name} |")?;
        rule.push_str("--:|--:|");
        if vector_off {
            write!(head, " Top 1 vector off / {name} |")?;
            rule.push_str("--:|");
        }
        write!(head, " Same best equity as {name} |")?;
        rule.push_str("--:|");
    }
    let (off_head, off_rule) = if vector_off {
        (" Top 1 µs, vector off |", "--:|")
    } else {
        ("", "")
    };
    writeln!(
        md,
        "| Suite | Leaves | All moves µs | All valued + sorted µs | Top 1 µs |{off_head} Speed-up over valued + sorted | Anchors searched | Agree |{head}"
    )?;
    writeln!(md, "|---|---|--:|--:|--:|{off_rule}--:|--:|:-:|{rule}")?;
    for b in &r.best_move {
        let (all, sorted, best) = (stats(&b.all_us), stats(&b.all_sorted_us), stats(&b.best_us));
        let anchors = b.searched + b.skipped;
        let off_cell = match () {
            _ if !vector_off => String::new(),
            _ if b.best_vector_off_us.is_empty() => " – |".into(),
            _ => format!(" {} |", spread(&stats(&b.best_vector_off_us))),
        };
        let mut cells = String::new();
        for (name, (t, q, o)) in peer_cols.iter().zip(peer_pairs(
            &peer_cols,
            &b.peers,
            &b.best_us,
            vector_off.then_some(b.best_vector_off_us.as_slice()),
        )) {
            let same = b
                .peers
                .iter()
                .find(|p| &p.peer == name)
                .and_then(|p| Some((p.equity_same?, p.equity_compared?)))
                .map_or("–".into(), |(s, c)| {
                    format!("{} of {}", int(s as u64), int(c as u64))
                });
            write!(cells, " {t} | {q} |{o} {same} |")?;
        }
        writeln!(
            md,
            "| {} | {} | {} | {} | {} |{off_cell} {} | {:.0} % of {} | {} |{cells}",
            suite_label(&b.suite, Variant::Stored),
            b.leaves,
            spread(&all),
            spread(&sorted),
            spread(&best),
            ratio(sorted.median, best.median),
            100.0 * b.searched as f64 / anchors.max(1) as f64,
            int(anchors as u64),
            if b.agree { "yes" } else { "**no**" }
        )?;
    }
    writeln!(md)?;
    best_peers(md, r, &peer_cols)?;
    command_line(md, r)?;
    Ok(())
}

/// *The command line*: `lexgraph moves --cgp-file` as a whole process on
/// the suites above, against lexgraph's in-process time and wolges'.
fn command_line(md: &mut String, r: &Report) -> Result<()> {
    let every = r.movegen.iter().filter_map(|s| {
        let c = s.cli.as_ref()?;
        Some(("every move", s.label(), c, &s.timing.rep_us[1], &s.peers))
    });
    let best = r.best_move.iter().filter_map(|b| {
        let c = b.cli.as_ref()?;
        Some((
            "best by equity",
            suite_label(&b.suite, Variant::Stored),
            c,
            &b.best_us,
            &b.peers,
        ))
    });
    let rows: Vec<_> = every.chain(best).collect();
    if rows.is_empty() {
        return Ok(());
    }
    writeln!(
        md,
        "**The command line, same run.** `lexgraph moves --lexicon SUITE.gaddag --cgp-file \
         SUITE.cgp` (every move, printed as text, best first), and with `--leaves KLV --top 1` \
         (the best play by equity, on the GADDAG compiled with `--anagram-index`, so that the \
         search reads the index from the file from its first position), timed from outside as a \
         whole process: start, reading the \
         positions, opening the lexicon (and the leaves), generating, putting the moves in \
         order, writing them to a file, exit. Where the process has a second core, it prints a \
         listing of every move on a thread of its own while the search goes on \
         (`bin/cmd/moves/output.rs`): the time here is wall time, and the two threads use about \
         10 % more CPU time than one. One process per round, in the peers' rounds. \
         *Whole process / in-process*: its time over lexgraph's in-process time (the GADDAG \
         column above, or *Top 1*), round by round, median (min–max); *whole process / wolges*: \
         over wolges' in-process time of the same round. The process's peak RSS (`VmHWM`, \
         read every millisecond while it runs; n/a if no reading came) includes the mapped \
         lexicon pages it touched.\n"
    )?;
    writeln!(
        md,
        "| Work | Suite | Rounds | Moves/position | Whole process µs/position | In-process µs/position | Whole process / in-process | Whole process / wolges | Peak RSS |"
    )?;
    writeln!(md, "|---|---|--:|--:|--:|--:|--:|--:|--:|")?;
    for (work, suite, c, in_process, peers) in rows {
        let q = |s: Stats| format!("{:.2} ({:.2}–{:.2})", s.median, s.min, s.max);
        let (time, over_in, over_wolges) = match &c.error {
            Some(e) if c.rep_us.is_empty() => (format!("**failed:** {e}"), "–".into(), "–".into()),
            _ => (
                spread(&c.side()),
                q(crate::stats::ratios(&c.rep_us, in_process)),
                peers
                    .iter()
                    .find(|p| p.peer == crate::peers::WOLGES && !p.rep_us.is_empty())
                    .map_or("–".into(), |w| {
                        q(crate::stats::ratios(&c.rep_us, &w.rep_us))
                    }),
            ),
        };
        let moves = match (work, c.moves) {
            ("every move", Some(m)) => format!("{:.1}", m as f64 / c.positions.max(1) as f64),
            _ => "–".into(),
        };
        writeln!(
            md,
            "| {work} | {suite} | {} | {moves} | {time} | {} | {over_in} | {over_wolges} | {} |",
            c.rep_us.len(),
            spread(&stats(in_process)),
            mb(c.peak_rss_kb)
        )?;
    }
    writeln!(md)?;
    Ok(())
}

/// Peers that have a timing in any of `runs`, in order of appearance.
fn ran<'a>(runs: impl Iterator<Item = &'a [PeerRun]>) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for p in runs.flatten() {
        if !p.rep_us.is_empty() && !names.contains(&p.peer) {
            names.push(p.peer.clone());
        }
    }
    names
}

/// Cells per peer: its µs per position (median of its rounds, min–max) and
/// lexgraph's time over it, round by round; `–` where the peer did not run
/// on this suite. With `off_us` (lexgraph with the vector switch off, per
/// repetition; `Some` when the table has the column), a third cell,
/// ` 0.50 (0.40–0.60) |` (` – |` where that time is missing), else empty.
fn peer_pairs(
    names: &[String],
    peers: &[PeerRun],
    lexgraph_us: &[f64],
    off_us: Option<&[f64]>,
) -> Vec<(String, String, String)> {
    let q = |p: &PeerRun, us: &[f64]| {
        let q = p.ratios(us);
        format!("{:.2} ({:.2}–{:.2})", q.median, q.min, q.max)
    };
    names
        .iter()
        .map(|name| {
            let p = peers
                .iter()
                .find(|p| &p.peer == name)
                .filter(|p| !p.rep_us.is_empty());
            let off = match (off_us, p) {
                (None, _) => String::new(),
                (Some(us), Some(p)) if !us.is_empty() => format!(" {} |", q(p, us)),
                (Some(_), _) => " – |".into(),
            };
            match (p, peers.iter().any(|p| &p.peer == name)) {
                (Some(p), _) => (spread(&p.side()), q(p, lexgraph_us), off),
                (None, true) => ("failed".into(), "–".into(), off),
                (None, false) => ("–".into(), "–".into(), off),
            }
        })
        .collect()
}

/// `wolges @2267824`: what was built, else the name.
fn peer_label(r: &Report, name: &str) -> String {
    r.peers
        .iter()
        .find(|p| p.name == name)
        .and_then(|p| p.version.clone())
        .unwrap_or_else(|| name.to_string())
}

/// Why no peer ran, for the tables' notes.
fn peers_absent(r: &Report) -> String {
    if r.peers.is_empty() {
        return "the run that wrote this document did not look for them".into();
    }
    r.peers
        .iter()
        .map(|p| {
            format!(
                "{}: {}",
                p.name,
                p.note.as_deref().unwrap_or("found, but it ran on no suite")
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The peers' paragraph and table under *Move generation*, or the note that
/// none ran.
fn movegen_peers(md: &mut String, r: &Report, names: &[String]) -> Result<()> {
    if names.is_empty() {
        writeln!(
            md,
            "**Peers:** no peer engine was measured in this run ({}), so the table has no peer \
             columns. `benches/peers/build.sh` builds wolges' and `scrabble`'s harnesses \
             (`benches/peers/README.md`); `bench-report` then runs them on the same positions, \
             in the same sitting.\n",
            peers_absent(r)
        )?;
        return Ok(());
    }
    let what = |name: &str| match name {
        crate::peers::WOLGES => format!(
            "{} (`wolges-peer time`: `reset_for_another_kwg` and `gen_moves_raw_all_unsorted`, \
             no exchanges, on the KWG files of `../shared/kwg`)",
            peer_label(r, name)
        ),
        crate::peers::SCRABBLE => format!(
            "{} (`scrabble-peer time`: `MoveGenerator::generate`, which computes the cross-sets \
             and every placement, on its own lexicon compiled from the same word list)",
            peer_label(r, name)
        ),
        other => peer_label(r, other),
    };
    writeln!(
        md,
        "**Peers, same run.** The last columns are other engines on the same positions in this \
         sitting, each through a harness in `benches/peers/`: {}. A round is one process of the \
         peer: it reads the positions, makes one untimed pass, then times each position alone \
         for one more pass. The rounds take turns with lexgraph's repetitions: peers, lexgraph, \
         lexgraph, peers, peers, lexgraph, …, the peers' order alternating too, so that every \
         engine sees the same stretches of the machine's time; a suite has as many rounds as \
         repetitions. *µs/position*: median of the rounds (min–max). *GADDAG / peer*: \
         lexgraph's GADDAG time over the peer's, each round against the repetition it took \
         turns with, median (min–max); below 1, lexgraph is faster{}. The peers' harnesses are \
         built with `-C target-cpu=native` and whole-program LTO. Moves: placements counted \
         as the reference move lists count them.\n",
        names.iter().map(|n| what(n)).collect::<Vec<_>>().join("; "),
        if r.movegen.iter().any(|s| s.gaddag_vector_off.is_some()) {
            ". *GADDAG vector off / peer*: the same with lexgraph's vector switch off \
             (`Generator::set_vector_scan(false)`), from the same repetitions"
        } else {
            ""
        }
    )?;
    writeln!(
        md,
        "| Suite | Peer | Rounds | Moves/position, peer | Moves/position, lexgraph | µs/position | CPU µs/position | Peak RSS of the process |"
    )?;
    writeln!(md, "|---|---|--:|--:|--:|--:|--:|--:|")?;
    for s in &r.movegen {
        for p in &s.peers {
            let cpu = if p.cpu_us.is_empty() {
                "n/a".into()
            } else {
                format!("{:.1}", stats(&p.cpu_us).median)
            };
            let (time, moves) = match &p.error {
                Some(e) if p.rep_us.is_empty() => (format!("**failed:** {e}"), "–".into()),
                _ => (
                    spread(&p.side()),
                    p.moves.map_or("n/a".into(), |m| {
                        format!("{:.1}", m as f64 / p.positions.max(1) as f64)
                    }),
                ),
            };
            writeln!(
                md,
                "| {} | {} | {} | {} | {:.1} | {} | {} | {} |",
                s.label(),
                peer_label(r, &p.peer),
                p.rep_us.len(),
                moves,
                s.timing.moves_per_position(),
                time,
                cpu,
                mb(p.peak_rss_kb)
            )?;
        }
    }
    writeln!(md)?;
    for i in &r.peers {
        if i.builds.is_empty() {
            continue;
        }
        let builds: Vec<String> = i
            .builds
            .iter()
            .map(|b| {
                format!(
                    "{} ({} words) in {}, {} bytes, peak RSS {}",
                    b.suite,
                    int(b.words),
                    secs(b.build_s),
                    int(b.bytes),
                    mb(b.peak_rss_kb)
                )
            })
            .collect();
        writeln!(
            md,
            "{} compiled its lexicons from the word lists before the timings, once each: {}.\n",
            peer_label(r, &i.name),
            builds.join("; ")
        )?;
    }
    Ok(())
}

/// The peers' note under *Best move by equity*.
fn best_peers(md: &mut String, r: &Report, names: &[String]) -> Result<()> {
    if !names.iter().any(|n| n == crate::peers::WOLGES) {
        writeln!(
            md,
            "**Peers:** wolges' top-1 search was not measured in this run ({}). \
             **Cited:** wolges' top-1 search, about 180–260 µs per position on such positions on \
             this machine (`../shared/notes/prior-art.md`).\n",
            peers_absent(r)
        )?;
        return Ok(());
    }
    let rss: Vec<String> = r
        .best_move
        .iter()
        .flat_map(|b| {
            b.peers
                .iter()
                .map(move |p| format!("{} {}", b.suite, mb(p.peak_rss_kb)))
        })
        .collect();
    writeln!(
        md,
        "**Peers, same run.** {} (`wolges-peer best-equity`): the kibitzer's search, \
         `gen_moves_unfiltered` with `max_gen = 1`, exchanges allowed when its bag holds 7 or \
         more, the same KLV2 file; one process per round, the rounds taking turns with the \
         repetitions above as under *Move generation*. *Top 1 / wolges*: lexgraph's top-1 time \
         over wolges', round by round, median (min–max){}. *Same best equity*: positions whose \
         best equity is the same to 0.001, of those whose bag holds tiles by wolges' reckoning \
         (100 − tiles on the board − 14; below that wolges switches to its own end-game \
         equity; and lexgraph ranks the pass with the other plays, where wolges' kibitzer passes \
         only when nothing else is legal). Peak RSS of the wolges process: {}. The `scrabble` crate (0.1.0) has no top-1 \
         search and reads no KLV2 leaves, so it is not run here.\n",
        peer_label(r, crate::peers::WOLGES),
        if r.best_move.iter().any(|b| !b.best_vector_off_us.is_empty()) {
            "; *Top 1 vector off / wolges*: the same with lexgraph's vector switch off"
        } else {
            ""
        },
        rss.join(", ")
    )?;
    Ok(())
}

/// *Strategies*: matches between players, beside the papers' claims.
fn strategies(md: &mut String, r: &Report) -> Result<()> {
    if r.strategies.is_empty() {
        return Ok(());
    }
    writeln!(
        md,
        "## Strategies
"
    )?;
    writeln!(
        md,
        "`lexgraph match` (`matchplay::play_match`), standard board (Upwords: its own), seed 1: games 2k and 2k+1 \
         share a bag with each player moving first once; the tournament end (out: twice the opponent's \
         tiles). Win rate counts a draw as half; the interval is Wilson's 95 % score interval over games. \
         KLV = `NWL20.klv2` (learned leaves, `../shared/leaves`); `lexicons/enable1.klv2` = lexgraph's \
         own ENABLE leaves, learned by `lexgraph leaves train` (`lexicons/LEAVES.md`, which also says how \
         the SOWPODS, Spanish and Upwords tables were trained; `CSW21.klv2` is MAGPIE's); gordon2 = Gordon's \
         Heuristic 2 with the vowel-consonant table (the 2015 thesis' player); greedy = the top-scoring move. \
         Points per turn: placement points over all turns. The games are the same for a seed whatever \
         the thread count; the speed is on {} threads. KLV against itself is there for the speed: \
         with one strategy on both sides, a pair's two games mirror each other.\n",
        r.strategies[0].threads
    )?;
    writeln!(
        md,
        "| Lexicon | Player 1 vs player 2 | Games | Win rate, p1 (95 % CI) | Mean score p1 / p2 | Spread (sd) | Bingos per game p1 / p2 | Points per turn p1 / p2 | Games/s |"
    )?;
    writeln!(md, "|---|---|--:|--:|--:|--:|--:|--:|--:|")?;
    for m in &r.strategies {
        if let Some(e) = &m.error {
            writeln!(
                md,
                "| {} | {} vs {} | | **error:** {e} | | | | | |",
                m.lexicon, m.p1, m.p2
            )?;
            continue;
        }
        writeln!(
            md,
            "| {} | {} vs {} | {} | {:.1} % ({:.1}–{:.1} %) | {:.1} / {:.1} | {:+.1} ({:.1}) | {:.2} / {:.2} | {:.1} / {:.1} | {:.0} |",
            m.lexicon,
            m.p1,
            m.p2,
            int(m.games),
            100.0 * m.win_rate,
            100.0 * m.win_rate_ci95[0],
            100.0 * m.win_rate_ci95[1],
            m.mean_score[0],
            m.mean_score[1],
            m.mean_spread,
            m.spread_sd,
            m.bingos_per_game[0],
            m.bingos_per_game[1],
            m.points_per_turn[0],
            m.points_per_turn[1],
            m.games as f64 / m.seconds.max(1e-9),
        )?;
    }
    writeln!(
        md,
        "\n**Cited:** Gordon (1993): weighted leave heuristics beat greedy play (and his simulation \
         search). O'Connor (2015, the thesis' Heuristic 2 player): 304 moves and a 34.6-point top \
         move per turn (compare *Self-play* above: moves per turn and best move of greedy play).\n"
    )?;
    Ok(())
}

/// *Upwords*: move generation on stacked positions and greedy self-play.
fn upwords(md: &mut String, r: &Report) -> Result<()> {
    let Some(u) = &r.upwords else {
        return Ok(());
    };
    let (t, sp) = (&u.timing, &u.self_play);
    let games = sp.games.len();
    writeln!(md, "## Upwords\n")?;
    writeln!(
        md,
        "Upwords, the stacking game, by the rules of the classic edition as \
         [`formats/upwords.md`](formats/upwords.md) states them (`Rules::upwords`): a 10×10 board \
         without premium squares, a first move on the four centre squares, racks of 7, tiles \
         stacked up to 5 high (never on the same letter, never covering a whole word), flat words \
         2 points a tile (+2 with the `Qu` tile), words with a stack the sum of their stack \
         heights, +20 for all seven tiles. The lexicon is ENABLE read with the `upwords` alphabet \
         (`Qu` is one tile): {} words kept, {} skipped for a Q not followed by U. Moves are \
         generated and scored by the same generators as above (`Generator::<scoring::Upwords>`).\n",
        int(u.words),
        int(u.skipped)
    )?;
    writeln!(
        md,
        "**Move generation.** {} positions evenly spaced over the turns of the self-play games \
         below (stacked boards, the mover's rack), every legal move generated on each with the \
         DAWG and with the GADDAG, the two taking turns on blocks of 100 positions as in *Move \
         generation*; {} repetitions. Mean: the median of the repetitions' means over the \
         positions (min–max); median: the median over positions of each position's median. \
         {}\n",
        int(t.positions as u64),
        t.rep_us[0].len(),
        if t.agree {
            "The DAWG and the GADDAG returned identical sorted move lists on every position."
        } else {
            "**The DAWG and the GADDAG returned different move lists** on some position."
        }
    )?;
    writeln!(
        md,
        "| Positions | Moves per position, mean | DAWG µs/position, mean | GADDAG µs/position, mean | DAWG µs, median | GADDAG µs, median | GADDAG speed-up | Agree |"
    )?;
    writeln!(md, "|--:|--:|--:|--:|--:|--:|--:|:-:|")?;
    let (d, g) = (t.side(0), t.side(1));
    let med = |k: usize| stats(&t.per_position_us[k]).median;
    writeln!(
        md,
        "| {} | {:.1} | {} | {} | {:.1} | {:.1} | {} | {} |\n",
        int(t.positions as u64),
        t.moves_per_position(),
        spread(&d),
        spread(&g),
        med(0),
        med(1),
        ratio(d.median, g.median),
        agree(t)
    )?;
    let per_game = |x: f64| x / games.max(1) as f64;
    writeln!(
        md,
        "**Self-play.** `selfplay::play_game` with `Rules::upwords()`: greedy players (the \
         top-scoring move), seeds 1–{games}, GADDAG as the generator and the DAWG generating every \
         turn again as a check; a player with no move exchanges the first of F J K Q V W X Z on \
         the rack, else passes; the game ends when a player plays out, after two passes in a row \
         or six scoreless turns, and 5 points come off per tile left on a rack. Points per \
         turn: placement points over all turns (0 on a pass or exchange). Stacking plays: \
         placements that put at least one tile on a stack.\n"
    )?;
    writeln!(md, "| | ENABLE, Upwords |")?;
    writeln!(md, "|---|--:|")?;
    let ms = stats(&sp.moves());
    let rows: [(&str, String); 10] = [
        ("Games played", int(games as u64)),
        (
            "Turns per game",
            format!("{:.1}", per_game(sp.turns() as f64)),
        ),
        ("Points per turn", format!("{:.2}", u.points_per_turn())),
        (
            "Move played, mean points (turns with a placement)",
            format!("{:.1}", stats(&sp.best()).mean),
        ),
        (
            "Points per game, per player",
            format!("{:.1}", stats(&sp.player_points()).mean),
        ),
        (
            "Moves per turn, mean (median)",
            format!("{:.1} ({:.0})", ms.mean, ms.median),
        ),
        (
            "Stacking plays",
            format!(
                "{:.1} % of {} placements",
                100.0 * u.stacking_plays as f64 / u.placements().max(1) as f64,
                int(u.placements() as u64)
            ),
        ),
        (
            "Bingos (all 7 tiles) per game",
            format!("{:.2}", per_game(sp.bingos() as f64)),
        ),
        ("GADDAG µs per turn, mean (median)", {
            let s = stats(&sp.gaddag_us());
            format!("{:.0} ({:.0})", s.mean, s.median)
        }),
        (
            "DAWG and GADDAG agree",
            match &sp.error {
                None => format!("all {} turns", int(sp.turns() as u64)),
                Some(e) => format!("**no**: {e}"),
            },
        ),
    ];
    for (name, value) in rows {
        writeln!(md, "| {name} | {value} |")?;
    }
    writeln!(md)?;
    Ok(())
}

/// ` (masked nodes; packed edges: DAWG 366,748, GADDAG 2,816,950)`: the
/// layout of a list's default files and, where *Edge layouts* measured it,
/// the packed files' sizes; empty for packed default files.
fn other_layouts(r: &Report, suite: &str, layout: Edges) -> String {
    if layout == Edges::Packed {
        return String::new();
    }
    let packed = |structure: crate::results::Structure| {
        r.edge_layouts
            .iter()
            .find(|l| l.suite == suite && l.structure == structure)
            .map(|l| int(l.packed_bytes))
    };
    match (
        packed(crate::results::Structure::Dawg),
        packed(crate::results::Structure::Gaddag),
    ) {
        (Some(d), Some(g)) => format!(" ({}; packed edges: DAWG {d}, GADDAG {g})", layout.name()),
        _ => format!(" ({})", layout.name()),
    }
}

/// The sections measured apart and kept in `benches/results/`, shown as
/// they are there (nothing for a file that is absent): the simulation
/// side-by-side with MAGPIE (it needs MAGPIE built: `benches/peers/magpie/`,
/// `simulation.md`), the endgames against MAGPIE's solver
/// (`endgame-side-by-side.sh` there: `endgame.md`), the levels' calibration matches
/// (`benches/levels/calibrate.sh`, some 40 minutes: `levels.md`), and the
/// WebAssembly package in Chromium (`benches/browser/measure.py`:
/// `browser.md`).
fn simulation(md: &mut String) -> Result<()> {
    for name in ["simulation.md", "endgame.md", "levels.md", "browser.md"] {
        let path = format!("{}/benches/results/{name}", env!("CARGO_MANIFEST_DIR"));
        if let Ok(text) = std::fs::read_to_string(path) {
            writeln!(md, "{}\n", text.trim_end())?;
        }
    }
    Ok(())
}

/// *Against the literature and prior art*: this run's figures beside the
/// cited ones.
fn literature(
    md: &mut String,
    r: &Report,
    enable_stored: Option<&Pair>,
    sowpods_stored: Option<&Pair>,
) -> Result<()> {
    let find = |file: &str| r.lists.iter().find(|l| l.file == file);
    let enable = find(common::ENABLE.file).context("the report has no ENABLE list")?;
    let sowpods = find(common::SOWPODS.file).context("the report has no SOWPODS list")?;
    let (ep, sr) = (enable.first(), sowpods.first());
    writeln!(md, "## Against the literature and prior art\n")?;
    writeln!(
        md,
        "Left: measured by this run. Right: **cited** figures (papers; `../shared/notes/prior-art.md`, \
         whose measurements are of other programs on their own 1,000-position self-play suites, so \
         per-position figures compare workloads of the same kind, not the same positions).\n"
    )?;
    writeln!(md, "| Quantity | This run | Cited |")?;
    writeln!(md, "|---|---|---|")?;
    let lit = |md: &mut String, q: &str, ours: String, cited: &str| -> std::fmt::Result {
        writeln!(md, "| {q} | {ours} | {cited} |")
    };
    lit(
        md,
        "GADDAG size / DAWG size",
        format!(
            "ENABLE {}, SOWPODS {}",
            ratio(ep.gaddag_bytes as f64, ep.dawg_bytes as f64),
            ratio(sr.gaddag_bytes as f64, sr.dawg_bytes as f64)
        ),
        "Gordon 1994: nearly 5×. wolges KWG (DAWG and GADDAG in one array): ENABLE 3,233,088 B vs DAWG alone 467,520 B",
    )?;
    if let Some(t) = enable_stored {
        lit(
            md,
            "GADDAG speed-up over the DAWG, all moves",
            format!(
                "ENABLE {}{}",
                ratio(t.side(0).median, t.side(1).median),
                sowpods_stored
                    .map(|s| format!(", SOWPODS {}", ratio(s.side(0).median, s.side(1).median)))
                    .unwrap_or_default()
            ),
            "Gordon 1994: more than 2×",
        )?;
        lit(
            md,
            "All moves, µs per position (ENABLE)",
            format!(
                "GADDAG {:.0}, DAWG {:.0} (stored suite, {:.0} moves/position)",
                t.side(1).median,
                t.side(0).median,
                t.moves_per_position()
            ),
            "wolges 240 (629 moves/position), MAGPIE 238",
        )?;
        if let Some(s) = sowpods_stored {
            lit(
                md,
                "All moves, µs per position (SOWPODS)",
                format!(
                    "GADDAG {:.0}, DAWG {:.0} (stored suite, {:.0} moves/position)",
                    s.side(1).median,
                    s.side(0).median,
                    s.moves_per_position()
                ),
                "wolges 316 (942 moves/position), MAGPIE 387",
            )?;
            lit(
                md,
                "Moves per second, all moves",
                format!(
                    "GADDAG {:.2} M (ENABLE), {:.2} M (SOWPODS)",
                    t.moves_per_s(1) / 1e6,
                    s.moves_per_s(1) / 1e6
                ),
                "wolges ≈ 2.9–3.0 M",
            )?;
        }
    }
    lit(
        md,
        "ENABLE file bytes",
        format!(
            "DAWG {}, GADDAG {}{}",
            int(ep.dawg_bytes),
            int(ep.gaddag_bytes),
            other_layouts(r, "enable", ep.layout())
        ),
        "KWG DAWG alone 467,520; KWG DAWG + GADDAG 3,233,088 (a lexgraph GADDAG file also reads every word forwards, so it compares with KWG's combined array); fst set 508,190",
    )?;
    lit(
        md,
        "SOWPODS file bytes",
        format!(
            "DAWG {}, GADDAG {}{}",
            int(sr.dawg_bytes),
            int(sr.gaddag_bytes),
            other_layouts(r, "sowpods", sr.layout())
        ),
        "KWG DAWG alone 706,348; KWG DAWG + GADDAG 4,656,156; fst set 800,446",
    )?;
    if let Some(p) = find(common::POLISH.file) {
        let f = p.first();
        lit(
            md,
            "Polish 4M: file bytes, build, peak RSS",
            format!(
                "DAWG {}, GADDAG {}; {} ({} edges in the GADDAG); {}",
                int(f.dawg_bytes),
                int(f.gaddag_bytes),
                secs(f.compile_s),
                int(f.gaddag_edges),
                mb(f.hwm_kb)
            ),
            "KWG needs 4.7M arcs, over its 22-bit limit; 'big' variant 18,980,916 B in 11.1 s, 0.5 GB",
        )?;
    }
    lit(
        md,
        "Build time, ENABLE",
        format!(
            "{} both structures; {} DAWG alone",
            secs(enable.build().median),
            r.scaling
                .iter()
                .find(|p| p.list == "ENABLE" && p.words == ep.words && !p.dawg_s.is_empty())
                .map(|p| secs(stats(&p.dawg_s).median))
                .unwrap_or_else(|| "–".into())
        ),
        "KWG 0.4–0.6 s; fst set 38–60 ms",
    )?;
    lit(
        md,
        "Build time, SOWPODS",
        format!("{} both structures", secs(sowpods.build().median)),
        "KWG 0.6–1.1 s",
    )?;
    lit(
        md,
        "Peak RSS while building, ENABLE / SOWPODS",
        format!("{} / {}", mb(enable.peak_kb()), mb(sowpods.peak_kb())),
        "KWG 47 / 85 MB",
    )?;
    if let Some(c) = r.contains.first() {
        let per = |v: &[f64]| stats(v).median / c.items as f64 * 1e9;
        lit(
            md,
            "`contains`, ns per lookup (ENABLE words)",
            format!(
                "DAWG {:.0}, GADDAG {:.0}",
                per(&c.dawg_pass_s),
                per(&c.gaddag_pass_s)
            ),
            "fst ≈ 140–370",
        )?;
    }
    if let Some(p) = r
        .scaling
        .iter()
        .filter(|p| p.list == "ENABLE")
        .min_by_key(|p| p.words.abs_diff(94_000))
    {
        lit(
            md,
            "DAWG of a ~100k-word list",
            format!(
                "ENABLE sample of {} words: {} nodes, {} bytes{}",
                int(p.words),
                int(p.dawg_nodes),
                int(p.dawg_bytes),
                if r.run.default_edges == Edges::Packed {
                    String::new()
                } else {
                    format!(" ({})", r.run.default_edges.name())
                }
            ),
            "Appel & Jacobson: 94k words, 19,853 nodes, 175 KB (from a 117,150-node trie)",
        )?;
    }
    lit(
        md,
        "GADDAG of a ~270k-word list",
        format!(
            "SOWPODS ({} words): {} nodes, {} bytes{}; peak RSS {}",
            int(sr.words),
            int(sr.gaddag_nodes),
            int(sr.gaddag_bytes),
            other_layouts(r, "sowpods", sr.layout()),
            mb(sowpods.peak_kb())
        ),
        "2015 thesis: unminimized Java GADDAG, 2.5M nodes, 38.6 MB; out of memory on a 270k list with a 256 MB heap",
    )?;
    for s in &r.self_play {
        lit(
            md,
            &format!(
                "Self-play on {}: moves per turn, best move, points per player",
                s.lexicon
            ),
            format!(
                "{:.1}; {:.1}; {:.1}",
                stats(&s.moves()).mean,
                stats(&s.best()).mean,
                stats(&s.player_points()).mean
            ),
            "Appel & Jacobson ~450 moves/turn, 377 points/game per player; 2015 thesis 304 moves/turn, 34.6-point best move",
        )?;
        lit(
            md,
            &format!("Self-play on {}: generation time per turn", s.lexicon),
            format!("GADDAG {} (mean)", secs(stats(&s.gaddag_us()).mean / 1e6)),
            "2015 thesis: 26.67 ms per search",
        )?;
    }
    writeln!(md)?;
    Ok(())
}
