//! Timing move generation: the position suites, two generators taking
//! turns on the same positions ([`run_pair`]), packed against aligned edge
//! files, the scalar against the AVX-512 node scan.

use std::hint::black_box;
use std::time::Instant;

use anyhow::Result;
use lexgraph::movegen::{sort_moves, Generator, Move, Options};
use lexgraph::position::Position;
use lexgraph::scoring::{Classic, Scoring};
use lexgraph::Rules;
use lexgraph::{compile, format, Kind, Lexicon, WordList, BLANK};

use crate::common::{self, Compiled, SuiteSpec};
use crate::machine::{cpu_steal, steal_share, thread_cpu_us};
use crate::results::{
    ns, suite_label, BestRun, Edges, KwgRun, LayoutRun, Pair, Plan, ScanRun, Structure, SuiteRun,
    Variant,
};
use crate::stats::stats;
use crate::suites::blank_suite;

/// Which compiled lexicon a suite uses.
#[derive(Clone, Copy, PartialEq, Eq)]
enum LexId {
    Enable,
    Sowpods,
    Super,
}

/// The lexicons the suites run on, and the word lists to compile the
/// aligned files from.
pub struct Lexicons<'a> {
    pub enable: &'a Compiled,
    pub sowpods: &'a Compiled,
    pub super21: &'a Compiled,
    pub enable_words: &'a WordList,
    pub sowpods_words: &'a WordList,
}

impl Lexicons<'_> {
    fn get(&self, id: LexId) -> &Compiled {
        match id {
            LexId::Enable => self.enable,
            LexId::Sowpods => self.sowpods,
            LexId::Super => self.super21,
        }
    }
}

/// Positions to time.
pub struct Suite {
    spec: SuiteSpec,
    variant: Variant,
    lex: LexId,
    positions: Vec<Position>,
}

impl Suite {
    fn label(&self) -> String {
        suite_label(self.spec.name, self.variant)
    }
}

/// The stored suites, their blank suites and, where a blank suite is what
/// `--make-suites` makes now, its positions with the original racks;
/// subsampled as the plan says.
pub fn suites(plan: &Plan, notes: &mut Vec<String>) -> Vec<Suite> {
    let mut suites = Vec::new();
    for (spec, lex) in [
        (common::SUITE_ENABLE, LexId::Enable),
        (common::SUITE_SOWPODS, LexId::Sowpods),
        (common::SUITE_SUPER21, LexId::Super),
    ] {
        let alphabet = common::alphabet(spec.alphabet);
        let size = spec.rules().layout.size();
        let stored = common::read_suite(&spec.path(), &alphabet, size);
        suites.push(Suite {
            spec,
            variant: Variant::Stored,
            lex,
            positions: every(stored, plan.stride_stored),
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
            suites.push(Suite {
                spec,
                variant: Variant::Blanks(blanks),
                lex,
                positions: every(
                    common::parse_positions(&file_lines, &alphabet, size),
                    plan.stride_blank,
                ),
            });
            if same {
                let base: Vec<String> = made.into_iter().map(|p| p.base).collect();
                suites.push(Suite {
                    spec,
                    variant: Variant::OriginalRacks(blanks),
                    lex,
                    positions: every(
                        common::parse_positions(&base, &alphabet, size),
                        plan.stride_blank,
                    ),
                });
            }
        }
    }
    suites
}

fn every(v: Vec<Position>, k: usize) -> Vec<Position> {
    v.into_iter().step_by(k.max(1)).collect()
}

/// Every suite, DAWG against GADDAG.
pub fn run_suites(suites: &[Suite], lexicons: &Lexicons, reps: usize) -> Vec<SuiteRun> {
    let mut out = Vec::new();
    for s in suites {
        let lex = lexicons.get(s.lex);
        progress!(
            "movegen: {} ({} positions × {} repetitions × 2 structures)",
            s.label(),
            s.positions.len(),
            reps
        );
        let r = run_pair(s, [&lex.dawg, &lex.gaddag], reps, [true, true]);
        progress!(
            "  DAWG {:.1} µs/position, GADDAG {:.1} µs/position, {:.1} moves/position{}",
            r.side(0).median,
            r.side(1).median,
            r.moves_per_position(),
            if r.agree { "" } else { ", MOVE LISTS DIFFER" }
        );
        out.push(SuiteRun {
            suite: s.spec.name.into(),
            variant: s.variant,
            timing: r,
        });
    }
    out
}

/// A file for the node-scan comparison: (suite index, structure, edges,
/// lexicon).
pub type ScanFile = (usize, Structure, Edges, Lexicon);

/// The stored ENABLE and SOWPODS suites on packed against aligned files;
/// also returns the files the node scan is timed on (both layouts of the
/// GADDAG, the packed DAWG).
pub fn edge_layouts(
    suites: &[Suite],
    lexicons: &Lexicons,
    reps: usize,
) -> Result<(Vec<LayoutRun>, Vec<ScanFile>)> {
    let mut layouts = Vec::new();
    let mut scan_files = Vec::new();
    for (i, s) in suites.iter().enumerate() {
        let words = match s.lex {
            LexId::Enable => lexicons.enable_words,
            LexId::Sowpods => lexicons.sowpods_words,
            LexId::Super => continue,
        };
        if s.variant != Variant::Stored {
            continue;
        }
        let lex = lexicons.get(s.lex);
        progress!("edge layouts: {} on packed and aligned files", s.label());
        let opts = compile::CompileOptions::default().edges(format::EdgeLayout::Aligned);
        let files = compile::try_compile_with(words, &opts)?;
        for (kind, packed, bytes) in [
            (Kind::Gaddag, &lex.gaddag, files.gaddag),
            (Kind::Dawg, &lex.dawg, files.dawg),
        ] {
            let structure = match kind {
                Kind::Dawg => Structure::Dawg,
                Kind::Gaddag => Structure::Gaddag,
            };
            let aligned_bytes = bytes.len() as u64;
            let aligned = Lexicon::from_vec(bytes)?;
            let r = run_pair(s, [packed, &aligned], reps, [true, true]);
            progress!(
                "  {}: packed {:.1} µs/position, aligned {:.1}{}",
                kind.name(),
                r.side(0).median,
                r.side(1).median,
                if r.agree { "" } else { ", MOVE LISTS DIFFER" }
            );
            layouts.push(LayoutRun {
                suite: s.spec.name.into(),
                structure,
                packed_bytes: packed.bytes().len() as u64,
                aligned_bytes,
                timing: r,
            });
            scan_files.push((
                i,
                structure,
                Edges::Packed,
                Lexicon::from_vec(packed.bytes().to_vec())?,
            ));
            if kind == Kind::Gaddag {
                scan_files.push((i, structure, Edges::Aligned, aligned));
            }
        }
    }
    Ok((layouts, scan_files))
}

/// Each file with the scalar against the AVX-512 node scan.
pub fn node_scan(suites: &[Suite], files: &[ScanFile], reps: usize) -> Vec<ScanRun> {
    let mut out = Vec::new();
    for (i, structure, edges, lex) in files {
        let s = &suites[*i];
        progress!(
            "node scan: {} ({} {}), scalar and AVX-512",
            s.label(),
            structure.name(),
            edges.name()
        );
        let r = run_pair(s, [lex, lex], reps, [false, true]);
        progress!(
            "  scalar {:.1} µs/position, AVX-512 {:.1}{}",
            r.side(0).median,
            r.side(1).median,
            if r.agree { "" } else { ", MOVE LISTS DIFFER" }
        );
        out.push(ScanRun {
            suite: s.spec.name.into(),
            structure: *structure,
            edges: *edges,
            timing: r,
        });
    }
    out
}

/// Times two lexicons on a suite, taking turns (see the report's text);
/// index 0 and 1 of the result are `lexes[0]` and `lexes[1]`.
/// `vector[k]`: whether generator `k` may use the AVX-512 node scan
/// (`Generator::set_vector_scan`).
fn run_pair(s: &Suite, lexes: [&Lexicon; 2], reps: usize, vector: [bool; 2]) -> Pair {
    time_pair::<Classic>(&s.spec.rules(), &s.positions, lexes, reps, vector)
}

/// [`run_pair`] on any positions, with moves scored by `R` under `rules`.
pub fn time_pair<R: Scoring>(
    rules: &Rules,
    positions: &[Position],
    lexes: [&Lexicon; 2],
    reps: usize,
    vector: [bool; 2],
) -> Pair {
    let opts = Options::default();
    let mut gens = [
        Generator::<R>::with_scoring(rules.clone()),
        Generator::<R>::with_scoring(rules.clone()),
    ];
    for (g, v) in gens.iter_mut().zip(vector) {
        g.set_vector_scan(v);
    }
    let mut a: Vec<Move> = Vec::with_capacity(4096);
    let mut b: Vec<Move> = Vec::with_capacity(4096);
    // Untimed pass: warms caches, counts moves, checks full agreement.
    let mut agree = true;
    let mut moves = 0;
    let mut best_total = 0i64;
    for p in positions {
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
    let n = positions.len();
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
                for (slot, p) in t[k][start..end].iter_mut().zip(&positions[start..end]) {
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
    let per_position = |k: usize| -> Vec<f64> {
        (0..n)
            .map(|i| ns(stats(&times.iter().map(|t| t[k][i]).collect::<Vec<_>>()).median))
            .collect()
    };
    Pair {
        positions: n,
        rack_blanks: positions
            .iter()
            .filter(|p| p.rack().count(BLANK) > 0)
            .count(),
        moves,
        best_total,
        agree,
        rep_us: [rep_us(0), rep_us(1)],
        per_position_us: [per_position(0), per_position(1)],
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

/// The best play by equity on the stored ENABLE and SOWPODS suites, with
/// the leave file of each lexicon (`leaves/NWL20.klv2`, `CSW21.klv2` beside
/// the lexicons): every move, every play valued and sorted, and `best` (top
/// 1), taking turns on blocks as [`run_pair`] does.
pub fn best_move(
    suites: &[Suite],
    lexicons: &Lexicons,
    leaves_dir: &std::path::Path,
    reps: usize,
    notes: &mut Vec<String>,
) -> Vec<BestRun> {
    use lexgraph::equity::Ranked;
    use lexgraph::klv::Klv;
    let mut out = Vec::new();
    for (suite, file) in [("enable", "NWL20.klv2"), ("sowpods", "CSW21.klv2")] {
        let Some(s) = suites
            .iter()
            .find(|s| s.spec.name == suite && s.variant == Variant::Stored)
        else {
            continue;
        };
        let path = leaves_dir.join(file);
        let klv = match Klv::open(&path) {
            Ok(k) => k,
            Err(e) => {
                notes.push(format!("best move on {suite}: {e}; left out."));
                continue;
            }
        };
        let lex = &lexicons.get(s.lex).gaddag;
        // Built before any timing, as a program that runs many searches
        // would (the search builds it itself after `AUTO_INDEX_AFTER`).
        lex.anagram_index();
        let opts = Options::default();
        let mut gen = Generator::new(s.spec.rules());
        let mut moves: Vec<Move> = Vec::with_capacity(4096);
        // Every play ranked as `best` ranks them: the reference.
        let all_sorted = |gen: &mut Generator, p: &Position| -> Vec<Ranked> {
            gen.best(lex, p, &klv, usize::MAX, &opts)
        };
        let (mut searched, mut skipped, mut agree) = (0, 0, true);
        for p in &s.positions {
            let (best, st) = gen.best_with_stats(lex, p, &klv, 1, &opts);
            searched += st.searched;
            skipped += st.skipped;
            agree &= all_sorted(&mut gen, p).first() == best.first();
        }
        progress!(
            "best move: {} with {file} ({} positions × {reps} repetitions × 3 ways)",
            s.label(),
            s.positions.len()
        );
        let n = s.positions.len();
        let mut sums = vec![[0f64; 3]; reps];
        const BLOCK: usize = 100;
        for (rep, sum) in sums.iter_mut().enumerate() {
            for (b, start) in (0..n).step_by(BLOCK).enumerate() {
                let end = (start + BLOCK).min(n);
                for j in 0..3 {
                    let k = (j + rep + b) % 3;
                    let t0 = Instant::now();
                    for p in &s.positions[start..end] {
                        match k {
                            0 => {
                                moves.clear();
                                gen.generate(lex, &p.board, p.rack(), &opts, &mut moves);
                                black_box(moves.len());
                            }
                            // Each play valued (as `best` values it) and sorted.
                            1 => {
                                black_box(all_sorted(&mut gen, p).len());
                            }
                            _ => {
                                black_box(gen.best(lex, p, &klv, 1, &opts).len());
                            }
                        }
                    }
                    sum[k] += t0.elapsed().as_secs_f64() * 1e6;
                }
            }
        }
        let per = |k: usize| -> Vec<f64> { sums.iter().map(|s| s[k] / n.max(1) as f64).collect() };
        let run = BestRun {
            suite: suite.into(),
            leaves: file.into(),
            positions: n,
            all_us: per(0),
            all_sorted_us: per(1),
            best_us: per(2),
            searched,
            skipped,
            agree,
        };
        progress!(
            "  all {:.1} µs, all valued and sorted {:.1} µs, best {:.1} µs per position{}",
            stats(&run.all_us).median,
            stats(&run.all_sorted_us).median,
            stats(&run.best_us).median,
            if agree { "" } else { ", BEST DIFFERS" }
        );
        out.push(run);
    }
    out
}

/// The reference engine's KWG files (`kwg/ENABLE.kwg`, `SOWPODS.kwg` beside
/// the lexicons) read in place, against lexgraph's files of the same lists,
/// on the stored suites: both structures.
pub fn kwg_files(
    suites: &[Suite],
    lexicons: &Lexicons,
    kwg_dir: &std::path::Path,
    native: [(u64, u64); 2],
    reps: usize,
    notes: &mut Vec<String>,
) -> Vec<KwgRun> {
    let mut out = Vec::new();
    for ((suite, file), sizes) in [("enable", "ENABLE.kwg"), ("sowpods", "SOWPODS.kwg")]
        .into_iter()
        .zip(native)
    {
        let Some(s) = suites
            .iter()
            .find(|s| s.spec.name == suite && s.variant == Variant::Stored)
        else {
            continue;
        };
        let path = kwg_dir.join(file);
        let alphabet = lexicons.get(s.lex).gaddag.alphabet().clone();
        let kwg = match lexgraph::Kwg::open(&path, &alphabet) {
            Ok(k) => k,
            Err(e) => {
                notes.push(format!("KWG on {suite}: {e}; left out."));
                continue;
            }
        };
        let kwg_bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
        let lex = lexicons.get(s.lex);
        let Some(kwg_gaddag) = kwg.gaddag() else {
            notes.push(format!("{} has no GADDAG; left out.", path.display()));
            continue;
        };
        for (structure, native_lex, kwg_lex, native_bytes) in [
            (Structure::Gaddag, &lex.gaddag, kwg_gaddag, sizes.1),
            (Structure::Dawg, &lex.dawg, kwg.dawg(), sizes.0),
        ] {
            progress!(
                "KWG: {} {} from {file} in place ({} positions × {reps} repetitions × 2)",
                s.label(),
                structure.name(),
                s.positions.len()
            );
            let timing = run_pair(s, [native_lex, kwg_lex], reps, [true, true]);
            progress!(
                "  lexgraph {:.1} µs/position, KWG {:.1} µs/position{}",
                timing.side(0).median,
                timing.side(1).median,
                if timing.agree {
                    ""
                } else {
                    ", MOVE LISTS DIFFER"
                }
            );
            out.push(KwgRun {
                suite: suite.into(),
                structure,
                file: file.into(),
                kwg_bytes,
                native_bytes,
                timing,
            });
        }
    }
    out
}
