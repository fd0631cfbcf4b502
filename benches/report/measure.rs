//! The measurements: the plan of a run, compiling each list in a fresh
//! process, opening files, scaling samples, lookups and queries, move
//! generation on the position suites, self-play.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use lexgraph::board::Position;
use lexgraph::builder::Builder;
use lexgraph::movegen::{sort_moves, Generator, Move, Options};
use lexgraph::selfplay::play_game;
use lexgraph::{compile, format, Kind, Lexicon, WordList, BLANK};

use crate::common::{Compiled, Resolved, SuiteSpec};
use crate::compile_one::{run_child, CompileRun};
use crate::machine::{cpu_steal, steal_share, thread_cpu_us};
use crate::stats::{stats, Stats};
use crate::units::{int, mb, secs};
use crate::Args;

// The plan

pub struct Plan {
    pub quick: bool,
    pub build_runs: usize,
    pub open_iters: usize,
    pub contains_passes: usize,
    pub movegen_reps: usize,
    /// Use every k-th position of the stored suites and of the blank suites.
    pub stride_stored: usize,
    pub stride_blank: usize,
    pub games: usize,
    pub scaling_runs: usize,
    pub polish: bool,
    pub enable_samples: Vec<usize>,
    pub polish_samples: Vec<usize>,
}

impl Plan {
    pub fn new(a: &Args) -> Plan {
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

pub struct ListResult {
    pub list: Resolved,
    pub runs: Vec<CompileRun>,
    /// Files written by the first run.
    pub dawg_path: PathBuf,
    pub gaddag_path: PathBuf,
    pub open_dawg: Stats,
    pub open_gaddag: Stats,
}

impl ListResult {
    pub fn first(&self) -> &CompileRun {
        &self.runs[0]
    }
    pub fn build(&self) -> Stats {
        stats(&self.runs.iter().map(|r| r.compile_s).collect::<Vec<_>>())
    }
    pub fn peak_kb(&self) -> Option<u64> {
        self.runs.iter().filter_map(|r| r.hwm_kb).max()
    }
    pub fn read_kb(&self) -> Option<u64> {
        self.runs.iter().filter_map(|r| r.hwm_read_kb).max()
    }
}

pub fn open_times(path: &Path, iters: usize) -> Result<Stats> {
    let mut v = Vec::with_capacity(iters);
    for _ in 0..iters {
        let t = Instant::now();
        let lex = Lexicon::open(path)?;
        v.push(t.elapsed().as_secs_f64());
        black_box(&lex);
    }
    Ok(stats(&v))
}

pub fn measure_list(
    list: Resolved,
    runs: usize,
    tmp: &Path,
    open_iters: usize,
) -> Result<ListResult> {
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

pub struct ScalePoint {
    pub list: &'static str,
    pub words: u64,
    pub dawg_bytes: u64,
    pub dawg_nodes: u64,
    pub gaddag_bytes: u64,
    pub gaddag_nodes: u64,
    /// DAWG alone (build + serialize), median.
    pub dawg_s: Option<f64>,
    /// Both structures (`compile::compile`), median.
    pub both_s: f64,
}

pub fn dawg_only(words: &WordList) -> Result<(f64, u64, u64)> {
    let t = Instant::now();
    let built = Builder::build_dawg(words);
    let bytes = format::write(
        &built.arena,
        &built.dawg,
        Kind::Dawg,
        words.alphabet(),
        built.words,
        built.max_len,
        format::EdgeLayout::Packed,
        words.list_id(),
    )?;
    let s = t.elapsed().as_secs_f64();
    Ok((s, bytes.len() as u64, built.dawg.node_count() as u64))
}

pub fn scale_point(
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

pub struct ContainsRow {
    pub lexicon: &'static str,
    pub set: &'static str,
    pub n: usize,
    /// Seconds per pass, per kind.
    pub dawg: Stats,
    pub gaddag: Stats,
}

pub fn contains_passes(
    lex: &Lexicon,
    items: &[String],
    expect: bool,
    passes: usize,
) -> Result<Stats> {
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

pub struct QueryRow {
    pub name: &'static str,
    pub results: usize,
    pub dawg: Stats,
    pub gaddag: Stats,
}

pub fn time_query(lex: &Lexicon, q: &dyn Fn(&Lexicon) -> Vec<String>, budget: Duration) -> Stats {
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
pub enum LexId {
    Enable,
    Sowpods,
    Super,
}

pub struct MgSuite {
    /// Table label.
    pub label: String,
    /// Criterion group of the same measurement, if any.
    pub group: Option<String>,
    pub spec: SuiteSpec,
    pub lex: LexId,
    pub positions: Vec<Position>,
    /// Shown in the plots.
    pub plot: bool,
}

pub struct MgResult {
    pub positions: usize,
    pub rack_blanks: usize,
    pub moves: usize,
    /// Sum over positions of the best move's score (0 with no move).
    pub best_total: i64,
    pub agree: bool,
    /// µs per position, one value per repetition: [dawg, gaddag].
    pub rep_us: [Vec<f64>; 2],
    /// Median µs of each position over the repetitions: [dawg, gaddag].
    pub per_pos: [Vec<f64>; 2],
    /// Thread CPU µs per position, one value per repetition (empty where
    /// [`thread_cpu_us`] is unavailable): [dawg, gaddag].
    pub cpu_us: [Vec<f64>; 2],
    /// Steal over the timed passes, as a share of all CPU time.
    pub steal: Option<f64>,
}

impl MgResult {
    pub fn kind(&self, k: usize) -> Stats {
        stats(&self.rep_us[k])
    }
    pub fn moves_per_s(&self, k: usize) -> f64 {
        let us = self.kind(k).median * self.positions as f64;
        self.moves as f64 / (us / 1e6).max(1e-12)
    }
}

pub fn run_movegen(s: &MgSuite, lex: &Compiled, reps: usize) -> MgResult {
    run_pair(s, [&lex.dawg, &lex.gaddag], reps, [true, true])
}

/// Times two lexicons on a suite, taking turns (see the report's text);
/// index 0 and 1 of the result are `lexes[0]` and `lexes[1]`.
/// `vector[k]`: whether generator `k` may use the AVX-512 node scan
/// (`Generator::set_vector_scan`).
pub fn run_pair(s: &MgSuite, lexes: [&Lexicon; 2], reps: usize, vector: [bool; 2]) -> MgResult {
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

pub fn every(v: Vec<Position>, k: usize) -> Vec<Position> {
    v.into_iter().step_by(k.max(1)).collect()
}

// ---------------------------------------------------------------------------
// Self-play

#[derive(Default)]
pub struct SelfPlay {
    pub name: &'static str,
    pub games: usize,
    pub turns: usize,
    pub moves: Vec<usize>,
    /// Score of the move played, on turns with a placement.
    pub best: Vec<f64>,
    /// Both players' points per game.
    pub points: Vec<f64>,
    /// Each player's points per game.
    pub player_points: Vec<f64>,
    pub bingos: usize,
    pub gaddag_us: Vec<f64>,
    pub dawg_us: Vec<f64>,
    pub error: Option<String>,
}

pub fn self_play(name: &'static str, lex: &Compiled, games: usize) -> SelfPlay {
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
