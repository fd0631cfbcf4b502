//! Timing move generation: the position suites, generators taking turns
//! on the same positions ([`time_sides`], [`run_pair`]), the peer engines'
//! rounds between their repetitions ([`crate::peers`]), the default masked
//! files against packed and aligned ones, and `Generator::set_vector_scan`
//! off against on (the POPCNT twin on masked files, the AVX-512 node scan
//! on packed and aligned ones).

use std::hint::black_box;
use std::time::Instant;

use anyhow::Result;
use lexgraph::movegen::{sort_moves, Generator, Move, Options};
use lexgraph::position::Position;
use lexgraph::scoring::{Classic, Scoring};
use lexgraph::Rules;
use lexgraph::{compile, format, Lexicon, WordList, BLANK};

use crate::common::{self, Compiled, SuiteSpec};
use crate::machine::{cpu_steal, steal_share, thread_cpu_us};
use crate::peers::{self, Job, Peers};
use crate::results::{
    ns, suite_label, BestRun, Edges, KwgRun, LayoutRun, Pair, PeerRun, Plan, ScanRun, Side,
    Structure, SuiteRun, Variant,
};
use crate::stats::{ratios, stats};
use crate::suites::blank_suite;

/// Which compiled lexicon a suite uses.
#[derive(Clone, Copy, PartialEq, Eq)]
enum LexId {
    Enable,
    Sowpods,
    Super,
}

/// The lexicons the suites run on (compiled with the default options:
/// masked nodes for these alphabets), and the word lists to compile the
/// packed and aligned files of *Edge layouts* from.
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
    /// The CGP lines of `positions`, for the peer engines.
    lines: Vec<String>,
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
        let stored = common::read_lines(&spec.path());
        suites.push(Suite {
            spec,
            variant: Variant::Stored,
            lex,
            positions: every(
                common::parse_positions(&stored, &alphabet, size),
                plan.stride_stored,
            ),
            lines: every(stored, plan.stride_stored),
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
                lines: every(file_lines, plan.stride_blank),
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
                    lines: every(base, plan.stride_blank),
                });
            }
        }
    }
    suites
}

fn every<T>(v: Vec<T>, k: usize) -> Vec<T> {
    v.into_iter().step_by(k.max(1)).collect()
}

/// The peers' suites: the standard board with English tiles.
fn peers_run_on(s: &Suite) -> bool {
    matches!(s.lex, LexId::Enable | LexId::Sowpods)
}

/// Every suite, DAWG against GADDAG, with the GADDAG again with the vector
/// switch off (`Generator::set_vector_scan(false)`) as a third generator in
/// the same turns, and the peers' rounds between the repetitions on the
/// suites they play.
pub fn run_suites(
    suites: &[Suite],
    lexicons: &Lexicons,
    reps: usize,
    peers: &mut Peers,
) -> Vec<SuiteRun> {
    let mut out = Vec::new();
    for s in suites {
        let lex = lexicons.get(s.lex);
        let mut jobs = if peers_run_on(s) {
            let mut jobs = peers.every_move_jobs(s.spec.name, &s.lines);
            jobs.extend(peers.cli_job(s.spec.name, &s.lines, lex.gaddag.bytes(), None));
            jobs
        } else {
            Vec::new()
        };
        progress!(
            "movegen: {} ({} positions × {} repetitions × DAWG, GADDAG, GADDAG vector off{})",
            s.label(),
            s.positions.len(),
            reps,
            peer_names(&jobs)
        );
        let t = time_sides::<Classic>(
            &s.spec.rules(),
            &s.positions,
            &[(&lex.dawg, true), (&lex.gaddag, true), (&lex.gaddag, false)],
            reps,
            &mut |rep| peers::round_all(&mut jobs, rep),
        );
        let (r, off) = (t.pair(0, 1), t.side(2));
        progress!(
            "  DAWG {:.1} µs/position, GADDAG {:.1} µs/position, GADDAG vector off {:.1}, {:.1} moves/position{}",
            r.side(0).median,
            r.side(1).median,
            off.stats().median,
            r.moves_per_position(),
            if r.agree && off.agree { "" } else { ", MOVE LISTS DIFFER" }
        );
        let (peers, cli) = split_cli(jobs);
        report_peers(&peers, &r.rep_us[1], Some(&off.rep_us));
        report_cli(cli.as_ref(), &r.rep_us[1], &peers);
        out.push(SuiteRun {
            suite: s.spec.name.into(),
            variant: s.variant,
            timing: r,
            gaddag_vector_off: Some(off),
            peers,
            cli,
        });
    }
    out
}

/// The peers' runs, and the command line's apart.
fn split_cli(jobs: Vec<Job>) -> (Vec<PeerRun>, Option<PeerRun>) {
    let (cli, peers): (Vec<_>, Vec<_>) = jobs
        .into_iter()
        .map(|j| j.run)
        .partition(|r| r.peer == peers::CLI);
    (peers, cli.into_iter().next())
}

/// A progress line for the command line: its time, over lexgraph's in the
/// process and over each peer's, round by round.
fn report_cli(cli: Option<&PeerRun>, lexgraph_us: &[f64], peers: &[PeerRun]) {
    let Some(c) = cli.filter(|c| !c.rep_us.is_empty()) else {
        if let Some(e) = cli.and_then(|c| c.error.as_deref()) {
            progress!("  command line failed: {e}");
        }
        return;
    };
    let over = peers
        .iter()
        .filter(|p| !p.rep_us.is_empty())
        .map(|p| format!(", / {} {:.2}", p.peer, ratios(&c.rep_us, &p.rep_us).median))
        .collect::<String>();
    progress!(
        "  {} {:.1} µs/position (whole process), / in-process {:.2}{over}",
        c.peer,
        c.side().median,
        ratios(&c.rep_us, lexgraph_us).median,
    );
}

/// `, rounds of wolges and scrabble between`, for the progress lines.
fn peer_names(jobs: &[Job]) -> String {
    if jobs.is_empty() {
        return String::new();
    }
    let names: Vec<&str> = jobs.iter().map(|j| j.run.peer.as_str()).collect();
    format!(", rounds of {} between", names.join(" and "))
}

/// A progress line per peer: its time and lexgraph's over it, with the
/// vector switch on and, where timed, off.
fn report_peers(peers: &[PeerRun], lexgraph_us: &[f64], vector_off_us: Option<&[f64]>) {
    for p in peers {
        if p.rep_us.is_empty() {
            continue;
        }
        progress!(
            "  {} {:.1} µs/position ({} rounds{}), lexgraph / {} {:.2}{}",
            p.peer,
            p.side().median,
            p.rep_us.len(),
            p.moves
                .map(|m| format!(
                    ", {:.1} moves/position",
                    m as f64 / p.positions.max(1) as f64
                ))
                .unwrap_or_default(),
            p.peer,
            p.ratios(lexgraph_us).median,
            vector_off_us
                .map(|off| format!(" (vector off {:.2})", p.ratios(off).median))
                .unwrap_or_default()
        );
    }
}

/// A file for the node-scan comparison: (suite index, structure, edges,
/// lexicon).
pub type ScanFile = (usize, Structure, Edges, Lexicon);

/// Whether the best-move search's bounds have their AVX2-compiled twin on
/// this CPU (x86-64 with AVX2, as the library checks): on with
/// `Generator::set_vector_scan(true)`.
pub fn avx2_bounds() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Whether the masked-node search has its POPCNT-compiled twin on this CPU
/// (x86-64 with POPCNT, BMI1 and LZCNT, as the library checks before it
/// chooses the twin): what `Generator::set_vector_scan(true)` turns on for
/// masked files.
pub fn popcnt_twin() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        is_x86_feature_detected!("popcnt")
            && is_x86_feature_detected!("bmi1")
            && is_x86_feature_detected!("lzcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The stored ENABLE and SOWPODS suites on the three edge layouts: the
/// default files (masked nodes, format 2.0), and files of the same list
/// compiled with packed edges (format 1.1, the smallest) and with aligned
/// 32-bit edges, the three taking turns ([`time_sides`]). Also returns the
/// files the node scan is timed on: the masked, packed and aligned
/// GADDAGs, the packed DAWG.
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
        progress!(
            "edge layouts: {} on masked (default), packed and aligned files",
            s.label()
        );
        let compile_as = |layout: format::EdgeLayout| -> Result<[Lexicon; 2]> {
            let opts = compile::CompileOptions::default().edges(layout);
            let files = compile::try_compile_with(words, &opts)?;
            Ok([
                Lexicon::from_vec(files.dawg)?,
                Lexicon::from_vec(files.gaddag)?,
            ])
        };
        let packed = compile_as(format::EdgeLayout::Packed)?;
        let aligned = compile_as(format::EdgeLayout::Aligned)?;
        // The default files are the masked ones (compiled here only if the
        // default options ever chose otherwise for this list).
        let default_masked = Edges::of_file(lex.gaddag.bytes()) == Edges::Masked
            && Edges::of_file(lex.dawg.bytes()) == Edges::Masked;
        let own_masked = if default_masked {
            None
        } else {
            progress!("  the default files are not masked: compiling masked ones");
            Some(compile_as(format::EdgeLayout::Masked)?)
        };
        let masked: [&Lexicon; 2] = match &own_masked {
            Some([d, g]) => [d, g],
            None => [&lex.dawg, &lex.gaddag],
        };
        for (k, structure) in [(1, Structure::Gaddag), (0, Structure::Dawg)] {
            let (p, a, m) = (&packed[k], &aligned[k], masked[k]);
            let t = time_sides::<Classic>(
                &s.spec.rules(),
                &s.positions,
                &[(p, true), (a, true), (m, true)],
                reps,
                &mut |_| {},
            );
            let (r, masked_side) = (t.pair(0, 1), t.side(2));
            progress!(
                "  {}: masked {:.1} µs/position, packed {:.1}, aligned {:.1}{}",
                structure.name(),
                masked_side.stats().median,
                r.side(0).median,
                r.side(1).median,
                if r.agree && masked_side.agree {
                    ""
                } else {
                    ", MOVE LISTS DIFFER"
                }
            );
            layouts.push(LayoutRun {
                suite: s.spec.name.into(),
                structure,
                packed_bytes: p.bytes().len() as u64,
                aligned_bytes: a.bytes().len() as u64,
                timing: r,
                masked_bytes: Some(m.bytes().len() as u64),
                masked: Some(masked_side),
            });
        }
        let [packed_dawg, packed_gaddag] = packed;
        let [_, aligned_gaddag] = aligned;
        scan_files.push((
            i,
            Structure::Gaddag,
            Edges::Masked,
            Lexicon::from_vec(masked[1].bytes().to_vec())?,
        ));
        scan_files.push((i, Structure::Gaddag, Edges::Packed, packed_gaddag));
        scan_files.push((i, Structure::Gaddag, Edges::Aligned, aligned_gaddag));
        scan_files.push((i, Structure::Dawg, Edges::Packed, packed_dawg));
    }
    Ok((layouts, scan_files))
}

/// Each file with the vector switch off and on
/// (`Generator::set_vector_scan`): on masked files where the CPU has the
/// POPCNT twin (`popcnt`), the x86-64 baseline code against it; on packed
/// and aligned files where it has AVX-512 (`avx512`), the scalar against
/// the AVX-512 node scan. Files where the switch changes nothing on this
/// CPU are left out.
pub fn node_scan(
    suites: &[Suite],
    files: &[ScanFile],
    reps: usize,
    avx512: bool,
    popcnt: bool,
) -> Vec<ScanRun> {
    let mut out = Vec::new();
    for (i, structure, edges, lex) in files {
        let (timed, on) = match edges {
            Edges::Masked => (popcnt, "POPCNT twin"),
            Edges::Packed | Edges::Aligned => (avx512, "AVX-512"),
        };
        if !timed {
            continue;
        }
        let s = &suites[*i];
        progress!(
            "node scan: {} ({} {}), vector switch off and on ({on})",
            s.label(),
            structure.name(),
            edges.name()
        );
        let r = run_pair(s, [lex, lex], reps, [false, true]);
        progress!(
            "  off {:.1} µs/position, on ({on}) {:.1}{}",
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
/// `vector[k]`: whether generator `k` may use the instructions beyond the
/// x86-64 baseline (`Generator::set_vector_scan`: the AVX-512 node scan,
/// the POPCNT twin of the masked search).
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
    time_sides::<R>(
        rules,
        positions,
        &[(lexes[0], vector[0]), (lexes[1], vector[1])],
        reps,
        &mut |_| {},
    )
    .pair(0, 1)
}

/// Generators timed on the same positions by [`time_sides`]: a [`Pair`]'s
/// fields, one entry per side.
pub struct Sides {
    positions: usize,
    rack_blanks: usize,
    /// Moves and best scores of side 1 (side 0 where there is one side).
    moves: usize,
    best_total: i64,
    /// Side `k`'s sorted move lists equal side 0's on every position.
    agree: Vec<bool>,
    rep_us: Vec<Vec<f64>>,
    per_position_us: Vec<Vec<f64>>,
    /// Empty where the thread's CPU clock is unavailable.
    cpu_us: Vec<Vec<f64>>,
    steal: Option<f64>,
}

impl Sides {
    /// Sides `a` and `b` as a [`Pair`]; `agree`: both have side 0's move
    /// lists (with `a` = 0, exactly: `b` has `a`'s).
    pub fn pair(&self, a: usize, b: usize) -> Pair {
        Pair {
            positions: self.positions,
            rack_blanks: self.rack_blanks,
            moves: self.moves,
            best_total: self.best_total,
            agree: self.agree[a] && self.agree[b],
            rep_us: [self.rep_us[a].clone(), self.rep_us[b].clone()],
            per_position_us: [
                self.per_position_us[a].clone(),
                self.per_position_us[b].clone(),
            ],
            cpu_us: [a, b].map(|k| self.cpu_us.get(k).cloned().unwrap_or_default()),
            steal: self.steal,
        }
    }

    /// Side `k` alone; `agree`: its move lists equal side 0's.
    pub fn side(&self, k: usize) -> Side {
        Side {
            rep_us: self.rep_us[k].clone(),
            per_position_us: self.per_position_us[k].clone(),
            cpu_us: self.cpu_us.get(k).cloned().unwrap_or_default(),
            agree: self.agree[k],
        }
    }
}

/// Times generators (`sides`: a lexicon, and whether that generator has
/// the vector switch on, `Generator::set_vector_scan`) on the same
/// positions, scoring moves by `R` under `rules`: an untimed pass that
/// compares their sorted move lists, then `reps` repetitions in which the
/// sides take turns on blocks of positions, the first one rotating. Calls
/// `between(rep)` once per repetition: before even repetitions, after odd
/// ones (A B B A …), so that what it runs (the peer engines' rounds) and
/// the repetitions see the same stretches of the machine's time.
pub fn time_sides<R: Scoring>(
    rules: &Rules,
    positions: &[Position],
    sides: &[(&Lexicon, bool)],
    reps: usize,
    between: &mut dyn FnMut(usize),
) -> Sides {
    let opts = Options::default();
    let w = sides.len();
    assert!(w > 0, "time_sides needs a side");
    let mut gens: Vec<Generator<R>> = sides
        .iter()
        .map(|&(_, vector)| {
            let mut g = Generator::<R>::with_scoring(rules.clone());
            g.set_vector_scan(vector);
            g
        })
        .collect();
    let mut lists: Vec<Vec<Move>> = (0..w).map(|_| Vec::with_capacity(4096)).collect();
    // Untimed pass: warms caches, counts moves, checks full agreement.
    let reference = 1.min(w - 1);
    let mut agree = vec![true; w];
    let mut moves = 0;
    let mut best_total = 0i64;
    for p in positions {
        for ((g, list), &(lex, _)) in gens.iter_mut().zip(&mut lists).zip(sides) {
            list.clear();
            g.generate(lex, &p.board, p.rack(), &opts, list);
            sort_moves(list);
        }
        for k in 1..w {
            agree[k] &= lists[k] == lists[0];
        }
        moves += lists[reference].len();
        best_total += lists[reference].first().map_or(0, |m| m.score as i64);
    }
    let a = &mut lists[0];
    let n = positions.len();
    // times[rep][side][position], µs.
    let mut times = vec![vec![vec![0f64; n]; w]; reps];
    // Thread CPU µs of each repetition, per side (read between blocks).
    let mut cpu = vec![vec![0f64; w]; reps];
    let mut cpu_ok = thread_cpu_us().is_some();
    let steal_start = cpu_steal();
    // The sides take turns on blocks of positions, the first one rotating,
    // so that all see the same stretch of machine time (this shared VM's
    // speed drifts within seconds) while each block still runs on warm
    // caches.
    const BLOCK: usize = 100;
    for (rep, t) in times.iter_mut().enumerate() {
        if rep.is_multiple_of(2) {
            between(rep);
        }
        for (b, start) in (0..n).step_by(BLOCK).enumerate() {
            let end = (start + BLOCK).min(n);
            for j in 0..w {
                let k = (j + rep + b) % w;
                let c0 = thread_cpu_us();
                for (slot, p) in t[k][start..end].iter_mut().zip(&positions[start..end]) {
                    a.clear();
                    let t0 = Instant::now();
                    gens[k].generate(sides[k].0, &p.board, p.rack(), &opts, a);
                    *slot = t0.elapsed().as_secs_f64() * 1e6;
                    black_box(a.len());
                }
                match (c0, thread_cpu_us()) {
                    (Some(c0), Some(c1)) => cpu[rep][k] += c1 - c0,
                    _ => cpu_ok = false,
                }
            }
        }
        if !rep.is_multiple_of(2) {
            between(rep);
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
    Sides {
        positions: n,
        rack_blanks: positions
            .iter()
            .filter(|p| p.rack().count(BLANK) > 0)
            .count(),
        moves,
        best_total,
        agree,
        rep_us: (0..w).map(rep_us).collect(),
        per_position_us: (0..w).map(per_position).collect(),
        cpu_us: if cpu_ok {
            (0..w)
                .map(|k| cpu.iter().map(|c| c[k] / n.max(1) as f64).collect())
                .collect()
        } else {
            Vec::new()
        },
        steal: steal_share(steal_start, cpu_steal()),
    }
}

/// The best play by equity on the stored ENABLE and SOWPODS suites, with
/// the leave file of each lexicon (`leaves/NWL20.klv2`, `CSW21.klv2` beside
/// the lexicons): every move, every play valued and sorted, `best` (top
/// 1), and `best` again with the vector switch off
/// (`Generator::set_vector_scan(false)`), taking turns on blocks as
/// [`run_pair`] does; the peers' top-1 searches with the same leaves in
/// rounds between the repetitions.
pub fn best_move(
    suites: &[Suite],
    lexicons: &Lexicons,
    leaves_dir: &std::path::Path,
    reps: usize,
    peers: &mut Peers,
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
        let mut gen_off = Generator::new(s.spec.rules());
        gen_off.set_vector_scan(false);
        let mut moves: Vec<Move> = Vec::with_capacity(4096);
        // Every play ranked as `best` ranks them: the reference.
        let all_sorted = |gen: &mut Generator, p: &Position| -> Vec<Ranked> {
            gen.best(lex, p, &klv, usize::MAX, &opts)
        };
        let (mut searched, mut skipped, mut agree) = (0, 0, true);
        // Each position's best equity, to compare with the peers'.
        let mut equities: Vec<Option<f32>> = Vec::with_capacity(s.positions.len());
        for p in &s.positions {
            let (best, st) = gen.best_with_stats(lex, p, &klv, 1, &opts);
            searched += st.searched;
            skipped += st.skipped;
            agree &= all_sorted(&mut gen, p).first() == best.first();
            agree &= gen_off.best(lex, p, &klv, 1, &opts).first() == best.first();
            equities.push(best.first().map(|r| r.equity));
        }
        let mut jobs = peers.best_equity_jobs(suite, &s.lines, &path);
        jobs.extend(peers.cli_job(suite, &s.lines, lex.bytes(), Some(&path)));
        progress!(
            "best move: {} with {file} ({} positions × {reps} repetitions × 4 ways{})",
            s.label(),
            s.positions.len(),
            peer_names(&jobs)
        );
        let n = s.positions.len();
        const WAYS: usize = 4;
        let mut sums = vec![[0f64; WAYS]; reps];
        const BLOCK: usize = 100;
        for (rep, sum) in sums.iter_mut().enumerate() {
            if rep.is_multiple_of(2) {
                peers::round_all(&mut jobs, rep);
            }
            for (b, start) in (0..n).step_by(BLOCK).enumerate() {
                let end = (start + BLOCK).min(n);
                for j in 0..WAYS {
                    let k = (j + rep + b) % WAYS;
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
                            2 => {
                                black_box(gen.best(lex, p, &klv, 1, &opts).len());
                            }
                            _ => {
                                black_box(gen_off.best(lex, p, &klv, 1, &opts).len());
                            }
                        }
                    }
                    sum[k] += t0.elapsed().as_secs_f64() * 1e6;
                }
            }
            if !rep.is_multiple_of(2) {
                peers::round_all(&mut jobs, rep);
            }
        }
        for j in &mut jobs {
            j.compare_equity(&equities);
        }
        let per = |k: usize| -> Vec<f64> { sums.iter().map(|s| s[k] / n.max(1) as f64).collect() };
        let (peers, cli) = split_cli(jobs);
        let run = BestRun {
            suite: suite.into(),
            leaves: file.into(),
            positions: n,
            all_us: per(0),
            all_sorted_us: per(1),
            best_us: per(2),
            best_vector_off_us: per(3),
            searched,
            skipped,
            agree,
            peers,
            cli,
        };
        progress!(
            "  all {:.1} µs, all valued and sorted {:.1} µs, best {:.1} µs, best vector off {:.1} µs per position{}",
            stats(&run.all_us).median,
            stats(&run.all_sorted_us).median,
            stats(&run.best_us).median,
            stats(&run.best_vector_off_us).median,
            if agree { "" } else { ", BEST DIFFERS" }
        );
        report_peers(&run.peers, &run.best_us, Some(&run.best_vector_off_us));
        report_cli(run.cli.as_ref(), &run.best_us, &run.peers);
        for p in &run.peers {
            if let (Some(c), Some(same)) = (p.equity_compared, p.equity_same) {
                progress!(
                    "  {}: the same best equity on {same} of {c} positions with tiles in the bag",
                    p.peer
                );
            }
        }
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
