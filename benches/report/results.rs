//! The JSON document between measuring and rendering: every value a run
//! measured, raw (seconds, µs, bytes, KiB, counts; no formatted strings),
//! and the machine and settings it ran with. `bench-report measure` writes
//! it, `bench-report render` reads it and writes `BENCHMARKS.md` and the
//! plots from it alone, so one document always renders the same way.
//!
//! Units are in the field names (`_s` seconds, `_us` microseconds, `_kb`
//! KiB as `/proc/self/status` gives them); `[dawg, gaddag]` pairs and the
//! `first`/`second` sides of a [`Pair`] say which is which where they are
//! declared. Samples are kept whole where a run takes a handful (build runs,
//! passes, repetitions, self-play turns); timings taken hundreds or
//! thousands of times (opening a file, a query) are kept as [`Stats`].

use std::path::Path;

use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};

use crate::compile_one::CompileRun;
use crate::stats::{stats, Stats};

/// Version of this layout; `render` refuses a document of another.
pub const SCHEMA: u32 = 1;

/// One run of the report.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Report {
    pub schema: u32,
    pub run: Run,
    pub plan: Plan,
    /// Whole word lists, each compiled in fresh processes.
    pub lists: Vec<List>,
    /// Samples of ENABLE (and of the Polish list in a full run).
    pub scaling: Vec<ScalePoint>,
    /// `Lexicon::contains` passes over word sets.
    pub contains: Vec<ContainsRow>,
    /// Anagram and pattern queries on ENABLE.
    pub queries: Vec<QueryRow>,
    /// All-moves generation, DAWG (`first`) against GADDAG (`second`), and
    /// the GADDAG with `Generator::set_vector_scan(false)`.
    pub movegen: Vec<SuiteRun>,
    /// The default files (masked nodes) against packed and aligned edges,
    /// stored suites.
    pub edge_layouts: Vec<LayoutRun>,
    /// `Generator::set_vector_scan(false)` (`first`) against `true`
    /// (`second`), file by file: the masked files where the CPU has the
    /// POPCNT twin ([`Run::popcnt_twin`]), the packed and aligned ones where
    /// it has AVX-512 ([`Run::avx512_node_scan`]); empty where it has
    /// neither.
    pub node_scan: Vec<ScanRun>,
    pub self_play: Vec<SelfPlay>,
    /// The reference engine's KWG files read in place against lexgraph's
    /// own files (absent from reports written before it).
    #[serde(default)]
    pub kwg: Vec<KwgRun>,
    /// The best play by equity against every play, on the stored suites
    /// (`Generator::best`); absent from reports written before it.
    #[serde(default)]
    pub best_move: Vec<BestRun>,
    /// Matches between strategies (`lexgraph::matchplay`); absent from
    /// reports written before they were measured.
    #[serde(default)]
    pub strategies: Vec<StrategyMatch>,
    /// Upwords on ENABLE: move generation on self-play positions and
    /// greedy self-play; absent from reports written before it.
    #[serde(default)]
    pub upwords: Option<Upwords>,
    /// The peer engines looked for (`benches/peers/`), found or not; their
    /// timings are in [`SuiteRun::peers`] and [`BestRun::peers`]. Empty in
    /// reports written before peers were run.
    #[serde(default)]
    pub peers: Vec<PeerInfo>,
    /// Lists left out or stood in for, suites that differ from what
    /// `--make-suites` makes, queries whose answers differ.
    pub notes: Vec<String>,
}

/// The machine, the build and the run's start, end and load.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Run {
    /// The measuring command's arguments (what follows `--`).
    pub args: Vec<String>,
    /// Start, seconds since the Unix epoch.
    pub start_unix_s: u64,
    /// The same, RFC 3339 UTC (for people reading this file).
    pub start_utc: String,
    /// From the start to the last measurement.
    pub duration_s: f64,
    /// `model name` of `/proc/cpuinfo`.
    pub cpu: String,
    pub logical_cpus: usize,
    /// `std::thread::available_parallelism`.
    pub available_cpus: usize,
    /// `rustc --version`.
    pub rustc: String,
    /// `git describe --always --dirty` of the crate, if git could tell.
    pub commit: Option<String>,
    /// Built with optimizations (`--release`).
    pub optimized: bool,
    /// `/proc/loadavg` (1, 5, 15 minutes) at the start and at the end.
    pub load_start: Option<[f64; 3]>,
    pub load_end: Option<[f64; 3]>,
    /// Steal as a share (0–1) of all CPU time over the run (`/proc/stat`).
    pub steal: Option<f64>,
    /// The CPU has the AVX-512 node scan, which `set_vector_scan(true)`
    /// (the default) uses on packed and aligned files. Before masked nodes
    /// were the default ([`Run::default_edges`] packed), every move
    /// generation timing but the scalar side of [`Report::node_scan`] used
    /// it.
    pub avx512_node_scan: bool,
    /// The CPU (x86-64 with POPCNT, BMI1 and LZCNT) has the POPCNT-compiled
    /// twin of the masked-node search, which `set_vector_scan(true)` (the
    /// default) uses on masked files; false in reports written before
    /// masked nodes.
    #[serde(default)]
    pub popcnt_twin: bool,
    /// The best-move search works out its bounds with AVX2 here (x86-64
    /// with AVX2), as `Generator::set_vector_scan(true)` lets it; false in
    /// reports written before it did.
    #[serde(default)]
    pub avx2_bounds: bool,
    /// The edge layout `compile::try_compile` chose with the default
    /// options for ENABLE and SOWPODS, whose files every timing reads but
    /// the other layouts of *Edge layouts* and *Node scan*: masked since
    /// format 2.0; packed in reports written before it.
    #[serde(default = "Edges::packed")]
    pub default_edges: Edges,
    /// Where the word lists were looked for.
    pub lexicons: String,
}

/// How much of everything a run measures.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Plan {
    pub quick: bool,
    /// Fresh-process builds per list (1 for the Polish list).
    pub build_runs: usize,
    pub open_iters: usize,
    pub contains_passes: usize,
    pub movegen_reps: usize,
    /// Every k-th position of the stored suites and of the blank suites.
    pub stride_stored: usize,
    pub stride_blank: usize,
    /// Self-play games per lexicon.
    pub games: usize,
    /// Games per strategy match, and in the KLV-against-KLV throughput run.
    #[serde(default)]
    pub match_games: u64,
    #[serde(default)]
    pub throughput_games: u64,
    /// Upwords self-play games, and how many of their positions are timed.
    #[serde(default)]
    pub upwords_games: usize,
    #[serde(default)]
    pub upwords_positions: usize,
    pub scaling_runs: usize,
    /// The Polish list and its samples are measured.
    pub polish: bool,
    /// Sample sizes (0: the whole list).
    pub enable_samples: Vec<usize>,
    pub polish_samples: Vec<usize>,
    /// Time budget of each query timing, ms.
    pub query_budget_ms: u64,
}

/// One word list: every `--compile-one` run and the open times of the
/// files the first run wrote.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct List {
    pub name: String,
    /// File name in the lexicons directory (`enable1.txt`).
    pub file: String,
    pub alphabet: String,
    /// The file read.
    pub path: String,
    /// Set when the project's own list stood in for a missing one.
    pub stand_in: Option<String>,
    pub runs: Vec<CompileRun>,
    /// `Lexicon::open`, seconds.
    pub open_dawg: Stats,
    pub open_gaddag: Stats,
}

impl List {
    pub fn first(&self) -> &CompileRun {
        &self.runs[0]
    }
    /// Build time over the runs, seconds.
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

/// A sample of a list, built in the report's own process.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ScalePoint {
    /// `ENABLE` or `Polish`.
    pub list: String,
    pub words: u64,
    pub dawg_bytes: u64,
    pub dawg_nodes: u64,
    pub gaddag_bytes: u64,
    pub gaddag_nodes: u64,
    /// DAWG alone (build + serialize), seconds, one per run.
    pub dawg_s: Vec<f64>,
    /// Both structures (`compile::try_compile`), seconds, one per run (the
    /// whole Polish list: its first `--compile-one` run).
    pub both_s: Vec<f64>,
}

/// `contains` on every item of a set.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ContainsRow {
    pub lexicon: String,
    pub set: String,
    pub items: usize,
    /// Seconds per pass over all items, one per pass.
    pub dawg_pass_s: Vec<f64>,
    pub gaddag_pass_s: Vec<f64>,
}

/// One query on ENABLE.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct QueryRow {
    pub query: String,
    /// Words the GADDAG returned.
    pub words: usize,
    /// Seconds per query.
    pub dawg: Stats,
    pub gaddag: Stats,
}

/// Which positions of a suite.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// The stored self-play suite.
    Stored,
    /// The blank suite with this many blanks on the rack.
    Blanks(usize),
    /// The positions of that blank suite with their original racks.
    OriginalRacks(usize),
}

/// A position suite timed with two generators.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SuiteRun {
    /// `enable`, `sowpods`, `enable-super21`.
    pub suite: String,
    pub variant: Variant,
    /// DAWG (`first`), GADDAG (`second`).
    pub timing: Pair,
    /// The GADDAG again with `Generator::set_vector_scan(false)` (the
    /// x86-64 baseline code), a third generator taking turns with the two
    /// of `timing`; `agree`: its move lists equal the DAWG's. Absent from
    /// reports written before it.
    #[serde(default)]
    pub gaddag_vector_off: Option<Side>,
    /// The peer engines on the same positions, their rounds taking turns
    /// with the repetitions of `timing` (empty where none ran).
    #[serde(default)]
    pub peers: Vec<PeerRun>,
    /// `lexgraph moves --cgp-file` on the same positions, timed as a whole
    /// process, in the peers' rounds (absent where it was not run).
    #[serde(default)]
    pub cli: Option<PeerRun>,
}

impl SuiteRun {
    /// The table's label: `enable · 1 blank`.
    pub fn label(&self) -> String {
        suite_label(&self.suite, self.variant)
    }
    /// The plots' label: `enable 1 blank`.
    pub fn short(&self) -> String {
        self.label()
            .replace(" · stored suite", "")
            .replace(" · ", " ")
    }
    /// The criterion group measuring the same thing, if any.
    pub fn criterion_group(&self) -> Option<String> {
        match self.variant {
            Variant::Stored => Some(format!("movegen/{}/blank0", self.suite)),
            Variant::Blanks(k) => Some(format!("movegen/{}/blank{k}", self.suite)),
            Variant::OriginalRacks(_) => None,
        }
    }
    /// Shown in the plots.
    pub fn plotted(&self) -> bool {
        !matches!(self.variant, Variant::OriginalRacks(_))
    }
}

/// The table label of a suite's positions.
pub fn suite_label(suite: &str, variant: Variant) -> String {
    match variant {
        Variant::Stored => format!("{suite} · stored suite"),
        Variant::Blanks(k) => format!("{suite} · {k} blank{}", if k > 1 { "s" } else { "" }),
        Variant::OriginalRacks(_) => format!("{suite} · same positions, original racks"),
    }
}

/// DAWG or GADDAG.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Structure {
    #[serde(rename = "DAWG")]
    Dawg,
    #[serde(rename = "GADDAG")]
    Gaddag,
}

impl Structure {
    pub fn name(self) -> &'static str {
        match self {
            Structure::Dawg => "DAWG",
            Structure::Gaddag => "GADDAG",
        }
    }
}

/// A stored suite on the masked (default), packed and aligned files of
/// one structure, the three taking turns on blocks of positions.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LayoutRun {
    /// The stored suite (`enable`, `sowpods`).
    pub suite: String,
    pub structure: Structure,
    pub packed_bytes: u64,
    pub aligned_bytes: u64,
    /// Packed (`first`), aligned (`second`).
    pub timing: Pair,
    /// The masked file (format 2.0, the default): its bytes, and its
    /// timing in the same turns as `timing` (`agree`: its move lists equal
    /// the packed file's). Both absent from reports written before masked
    /// nodes, whose default files were the packed ones.
    #[serde(default)]
    pub masked_bytes: Option<u64>,
    #[serde(default)]
    pub masked: Option<Side>,
}

/// Edge layout of a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Edges {
    Packed,
    Aligned,
    /// Masked nodes (format 2.0).
    Masked,
}

impl Edges {
    pub fn name(self) -> &'static str {
        match self {
            Edges::Packed => "packed",
            Edges::Aligned => "aligned",
            Edges::Masked => "masked",
        }
    }
    /// The default of reports written before [`Run::default_edges`].
    pub fn packed() -> Edges {
        Edges::Packed
    }
    /// The layout of a lexicon file's bytes, from its header's major
    /// version (2: masked nodes); a 1.x file is taken as packed, which is
    /// what the default options write in 1.x.
    pub fn of_file(bytes: &[u8]) -> Edges {
        match bytes.get(8..10) {
            Some(&[2, 0]) => Edges::Masked,
            _ => Edges::Packed,
        }
    }
}

/// A stored suite on one file with `Generator::set_vector_scan(false)`
/// and `true`: the scalar against the AVX-512 node scan (packed and
/// aligned files), the x86-64 baseline code against its POPCNT twin
/// (masked files).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ScanRun {
    pub suite: String,
    pub structure: Structure,
    pub edges: Edges,
    /// Vector switch off (`first`), on (`second`).
    pub timing: Pair,
}

/// Two generators timed on the same positions, taking turns on blocks of
/// positions. Index 0 of each pair is the first side, 1 the second.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Pair {
    pub positions: usize,
    /// Positions whose rack holds a blank.
    pub rack_blanks: usize,
    /// Moves over all positions (the second side's; the sides agree or
    /// `agree` is false).
    pub moves: usize,
    /// Sum over positions of the best move's score (0 with no move).
    pub best_total: i64,
    /// Both sides' sorted move lists were identical on every position.
    pub agree: bool,
    /// Mean µs per position, one value per repetition.
    pub rep_us: [Vec<f64>; 2],
    /// Each position's median µs over the repetitions (rounded to ns).
    pub per_position_us: [Vec<f64>; 2],
    /// The thread's CPU µs per position, one value per repetition (empty
    /// where the clock is unavailable).
    pub cpu_us: [Vec<f64>; 2],
    /// Steal over the timed passes, as a share of all CPU time.
    pub steal: Option<f64>,
}

/// One more generator timed in the same turns as the two sides of a
/// [`Pair`] (the same positions, repetitions and blocks).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Side {
    /// Mean µs per position, one value per repetition.
    pub rep_us: Vec<f64>,
    /// Each position's median µs over the repetitions (rounded to ns).
    pub per_position_us: Vec<f64>,
    /// The thread's CPU µs per position, one value per repetition (empty
    /// where the clock is unavailable).
    pub cpu_us: Vec<f64>,
    /// Its sorted move lists equal those of the side its field names.
    pub agree: bool,
}

impl Side {
    /// µs per position over the repetitions.
    pub fn stats(&self) -> Stats {
        stats(&self.rep_us)
    }
}

impl Pair {
    /// µs per position over the repetitions, one side.
    pub fn side(&self, k: usize) -> Stats {
        stats(&self.rep_us[k])
    }
    pub fn moves_per_s(&self, k: usize) -> f64 {
        let us = self.side(k).median * self.positions as f64;
        self.moves as f64 / (us / 1e6).max(1e-12)
    }
    pub fn moves_per_position(&self) -> f64 {
        self.moves as f64 / self.positions.max(1) as f64
    }
}

/// A KWG file read in place (`lexgraph::Kwg`) against lexgraph's file of
/// the same list.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct KwgRun {
    pub suite: String,
    pub structure: Structure,
    /// `ENABLE.kwg`, `SOWPODS.kwg`.
    pub file: String,
    /// The whole KWG file's bytes (DAWG and GADDAG in one array), and the
    /// lexgraph file's.
    pub kwg_bytes: u64,
    pub native_bytes: u64,
    /// lexgraph's file (`first`) against the KWG in place (`second`).
    pub timing: Pair,
}

/// The best play by equity on one suite: three ways, taking turns on
/// blocks of positions. µs per position, one value per repetition.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct BestRun {
    pub suite: String,
    /// The leave values: `NWL20.klv2`, `CSW21.klv2`.
    pub leaves: String,
    pub positions: usize,
    /// Every move (`Generator::generate` into a vector).
    pub all_us: Vec<f64>,
    /// Every play valued by equity and sorted: what `best` must equal.
    pub all_sorted_us: Vec<f64>,
    /// `Generator::best`, top 1.
    pub best_us: Vec<f64>,
    /// The same with `Generator::set_vector_scan(false)` (the x86-64
    /// baseline code), a fourth way in the same turns; empty in reports
    /// written before it.
    #[serde(default)]
    pub best_vector_off_us: Vec<f64>,
    /// Anchors searched and skipped by `best` over the suite, once.
    pub searched: usize,
    pub skipped: usize,
    /// `best` returned the first play of the sorted list on every position
    /// (and, with the vector switch off, the same play).
    pub agree: bool,
    /// The peer engines' top play by equity with the same leaves, their
    /// rounds taking turns with the repetitions above (empty where none ran).
    #[serde(default)]
    pub peers: Vec<PeerRun>,
    /// `lexgraph moves --cgp-file --leaves KLV --top 1` on the same
    /// positions, timed as a whole process, in the peers' rounds.
    #[serde(default)]
    pub cli: Option<PeerRun>,
}

/// A peer engine's harness (`benches/peers/`), as this run found it.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct PeerInfo {
    /// `wolges`, `scrabble`.
    pub name: String,
    /// What was built (the `.version` file beside the program:
    /// `wolges @2267824`, `scrabble 0.1.0`), if known.
    pub version: Option<String>,
    /// The program run; `None` when it was not found or not wanted.
    pub program: Option<String>,
    /// Why it was not run.
    pub note: Option<String>,
    /// Lexicons the peer compiled from the word lists before timing
    /// (`scrabble`; wolges reads the KWG files).
    pub builds: Vec<PeerBuild>,
}

/// A peer compiling a word list into its own lexicon file, once.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct PeerBuild {
    /// The suite it is for: `enable`, `sowpods`.
    pub suite: String,
    pub words: u64,
    pub build_s: f64,
    pub bytes: u64,
    pub peak_rss_kb: Option<u64>,
}

/// A peer engine on one suite: one process per round, each timing one pass
/// over the positions after an untimed warm-up pass of its own.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct PeerRun {
    /// `wolges`, `scrabble`.
    pub peer: String,
    pub positions: usize,
    /// Mean µs per position, one value per round, in the order of the
    /// lexgraph repetitions they took turns with.
    pub rep_us: Vec<f64>,
    /// The peer thread's CPU µs per position, one value per round.
    pub cpu_us: Vec<f64>,
    /// Placements over all positions, as the peer counted them (every-move
    /// runs).
    pub moves: Option<usize>,
    /// Best play by equity: positions whose bag holds tiles by the peer's
    /// reckoning (wolges: 100 − tiles on the board − 14), and how many of
    /// them have lexgraph's best equity within 0.001 of the peer's.
    pub equity_compared: Option<usize>,
    pub equity_same: Option<usize>,
    /// Peak resident memory of the peer's process (`VmHWM`), the largest
    /// over the rounds.
    pub peak_rss_kb: Option<u64>,
    /// Why a round failed; no rounds were run after it.
    pub error: Option<String>,
}

impl PeerRun {
    /// µs per position over the rounds.
    pub fn side(&self) -> Stats {
        stats(&self.rep_us)
    }
    /// lexgraph's time over the peer's, round by round (`lexgraph_us[i]` is
    /// the repetition that round `i` took turns with).
    pub fn ratios(&self, lexgraph_us: &[f64]) -> Stats {
        crate::stats::ratios(lexgraph_us, &self.rep_us)
    }
}

/// One match between two strategies (`lexgraph::matchplay::play_match`),
/// for player 1.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct StrategyMatch {
    pub lexicon: String,
    pub p1: String,
    pub p2: String,
    pub games: u64,
    pub seed: u64,
    pub threads: usize,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub win_rate: f64,
    pub win_rate_ci95: [f64; 2],
    pub mean_score: [f64; 2],
    pub mean_spread: f64,
    pub spread_sd: f64,
    pub bingos_per_game: [f64; 2],
    pub points_per_turn: [f64; 2],
    pub turns_per_game: f64,
    /// Wall time of the whole match, on `threads` threads.
    pub seconds: f64,
    pub error: Option<String>,
}

/// Upwords (classic edition, `Rules::upwords`) on ENABLE read with the
/// Upwords alphabet.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Upwords {
    /// Words of the list kept, and skipped (a Q not followed by U).
    pub words: u64,
    pub skipped: u64,
    /// Greedy games with seeds 1, 2, …, GADDAG checked against the DAWG on
    /// every turn (`lexicon`: `ENABLE`).
    pub self_play: SelfPlay,
    /// Placements (turns with a move played) that put at least one tile on
    /// a stack.
    pub stacking_plays: usize,
    /// Positions evenly spaced over the games' turns, all moves generated
    /// on them: DAWG (`first`), GADDAG (`second`).
    pub timing: Pair,
}

impl Upwords {
    /// Turns with a placement.
    pub fn placements(&self) -> usize {
        self.self_play.best().len()
    }
    /// Placement points over all turns (0 on a pass or exchange).
    pub fn points_per_turn(&self) -> f64 {
        let points: i64 = self
            .self_play
            .games
            .iter()
            .flat_map(|g| g.best.iter().map(|&b| b as i64))
            .sum();
        points as f64 / self.self_play.turns().max(1) as f64
    }
}

/// Greedy self-play on one lexicon.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct SelfPlay {
    /// `ENABLE`, `SOWPODS`.
    pub lexicon: String,
    /// The games played, in seed order.
    pub games: Vec<Game>,
    /// The first game that failed (DAWG and GADDAG disagreed, or an
    /// error); no games were played after it.
    pub error: Option<String>,
}

/// One self-play game.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Game {
    pub seed: u64,
    pub turns: usize,
    pub scores: [i32; 2],
    pub bingos: usize,
    /// Legal placements per turn (0 on a pass or exchange).
    pub moves: Vec<usize>,
    /// Score of the move played per turn (0 on a pass or exchange).
    pub best: Vec<i32>,
    /// Generation µs per turn (rounded to ns): the GADDAG, the DAWG check.
    pub gaddag_us: Vec<f64>,
    pub dawg_us: Vec<f64>,
}

impl SelfPlay {
    pub fn turns(&self) -> usize {
        self.games.iter().map(|g| g.turns).sum()
    }
    /// Moves of every turn.
    pub fn moves(&self) -> Vec<f64> {
        self.games
            .iter()
            .flat_map(|g| g.moves.iter().map(|&m| m as f64))
            .collect()
    }
    /// Score of the move played, on turns with a placement.
    pub fn best(&self) -> Vec<f64> {
        self.games
            .iter()
            .flat_map(|g| {
                g.moves
                    .iter()
                    .zip(&g.best)
                    .filter(|(&m, _)| m > 0)
                    .map(|(_, &b)| b as f64)
            })
            .collect()
    }
    /// Both players' points per game.
    pub fn points(&self) -> Vec<f64> {
        self.games
            .iter()
            .map(|g| (g.scores[0] + g.scores[1]) as f64)
            .collect()
    }
    /// Each player's points per game.
    pub fn player_points(&self) -> Vec<f64> {
        self.games
            .iter()
            .flat_map(|g| g.scores.iter().map(|&s| s as f64))
            .collect()
    }
    pub fn bingos(&self) -> usize {
        self.games.iter().map(|g| g.bingos).sum()
    }
    pub fn gaddag_us(&self) -> Vec<f64> {
        self.games
            .iter()
            .flat_map(|g| g.gaddag_us.iter().copied())
            .collect()
    }
    pub fn dawg_us(&self) -> Vec<f64> {
        self.games
            .iter()
            .flat_map(|g| g.dawg_us.iter().copied())
            .collect()
    }
}

/// `x` µs rounded to whole nanoseconds (the clock's resolution), which
/// keeps the document short.
pub fn ns(x: f64) -> f64 {
    (x * 1e3).round() / 1e3
}

impl Report {
    /// Writes the document: indented, with each array of numbers or strings
    /// on one line.
    pub fn write(&self, path: &Path) -> Result<()> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        }
        let mut text = flat_arrays(&serde_json::to_string_pretty(self)?);
        text.push('\n');
        lexgraph::compile::write_atomic(path, text.as_bytes())
            .with_context(|| format!("writing {}", path.display()))
    }

    /// Reads a document that [`Report::write`] wrote.
    pub fn read(path: &Path) -> Result<Report> {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        #[derive(Deserialize)]
        struct Version {
            schema: Option<u32>,
        }
        let v: Version =
            serde_json::from_str(&text).with_context(|| format!("parsing {}", path.display()))?;
        if v.schema != Some(SCHEMA) {
            bail!(
                "{}: schema {:?}, this bench-report reads schema {SCHEMA}",
                path.display(),
                v.schema
            );
        }
        serde_json::from_str(&text).with_context(|| format!("reading {}", path.display()))
    }
}

/// `serde_json`'s pretty JSON with every array that holds no array or
/// object written on one line, without spaces: a run's per-position times
/// take a line per suite instead of a line per number.
fn flat_arrays(pretty: &str) -> String {
    let b = pretty.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                let end = string_end(b, i);
                out.extend_from_slice(&b[i..end]);
                i = end;
            }
            b'[' => match flat_array_end(b, i) {
                Some(end) => {
                    // Drop the whitespace outside strings.
                    let mut j = i;
                    while j < end {
                        if b[j] == b'"' {
                            let e = string_end(b, j);
                            out.extend_from_slice(&b[j..e]);
                            j = e;
                        } else {
                            if !b[j].is_ascii_whitespace() {
                                out.push(b[j]);
                            }
                            j += 1;
                        }
                    }
                    i = end;
                }
                None => {
                    out.push(b'[');
                    i += 1;
                }
            },
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    // Only ASCII whitespace was removed, between whole UTF-8 sequences.
    String::from_utf8(out).expect("UTF-8")
}

/// The index just past the JSON string that starts at `b[start]` (a `"`).
fn string_end(b: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// The index just past the `]` closing the array at `b[start]`, if the
/// array holds no array or object.
fn flat_array_end(b: &[u8], start: usize) -> Option<usize> {
    let mut i = start + 1;
    while i < b.len() {
        match b[i] {
            b'"' => i = string_end(b, i),
            b'[' | b'{' => return None,
            b']' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}
