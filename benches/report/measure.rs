//! `bench-report measure`: runs every measurement of the plan and returns
//! the [`Report`] document: the word lists compiled in fresh processes,
//! open times, scaling samples, lookups and queries, move generation
//! ([`crate::movegen`]), self-play, strategy matches and Upwords. Nothing
//! here formats a number.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use lexgraph::builder::Builder;
use lexgraph::matchplay::{play_match, MatchSettings};
use lexgraph::selfplay::play_game;
use lexgraph::strategy::Strategy;
use lexgraph::Rules;
use lexgraph::{compile, format, Alphabet, Invalid, Kind, Lexicon, Position, WordList};

use crate::common::{self, Compiled, Resolved};
use crate::compile_one::{run_child, CompileRun};
use crate::machine::{cpu_steal, loadavg, machine, now_unix_s, steal_share};
use crate::movegen::{self, Lexicons};
use crate::peers::Peers;
use crate::results::{
    ns, ContainsRow, Edges, Game, List, Plan, QueryRow, Report, Run, ScalePoint, SelfPlay,
    StrategyMatch, Structure, Upwords, SCHEMA,
};
use crate::stats::{stats, Stats};
use crate::units::{int, mb, rfc3339, secs};

/// What `measure` is told on the command line.
pub struct MeasureArgs {
    pub lexicons: PathBuf,
    pub quick: bool,
    pub games: Option<usize>,
    pub reps: Option<usize>,
    /// Run the peer engines that are built (`--no-peers`: none).
    pub peers: bool,
}

impl Plan {
    pub fn new(a: &MeasureArgs) -> Plan {
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
                match_games: 100,
                throughput_games: 50,
                upwords_games: 20,
                upwords_positions: 200,
                scaling_runs: 1,
                polish: false,
                enable_samples: vec![10_000, 25_000, 50_000, 100_000, 0],
                polish_samples: vec![],
                query_budget_ms: 100,
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
                match_games: 10_000,
                throughput_games: 2_000,
                upwords_games: 200,
                upwords_positions: 1_000,
                scaling_runs: 3,
                polish: true,
                enable_samples: vec![10_000, 25_000, 50_000, 100_000, 0],
                polish_samples: vec![10_000, 100_000, 1_000_000, 0],
                query_budget_ms: 500,
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

/// Runs the whole plan.
pub fn measure(args: &MeasureArgs) -> Result<Report> {
    let plan = Plan::new(args);
    let start_unix_s = now_unix_s();
    let m = machine();
    let load_start = loadavg();
    let steal_start = cpu_steal();
    progress!(
        "bench-report measure{}: lexicons from {}",
        if plan.quick { " --quick" } else { "" },
        args.lexicons.display(),
    );
    if cfg!(debug_assertions) {
        progress!("warning: built without optimizations; run with --release");
    }
    let mut notes: Vec<String> = Vec::new();
    let tmp = tempfile::tempdir()?;

    // --- Lexicons ---------------------------------------------------------
    let mut specs = vec![
        common::ENABLE,
        common::SOWPODS,
        common::WORDLIST_EN,
        common::SPANISH,
    ];
    if plan.polish {
        specs.push(common::POLISH);
    }
    let mut lists: Vec<Measured> = Vec::new();
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
    let enable_lex = enable.open()?;
    let sowpods_lex = sowpods.open()?;
    let file_sizes = |m: &Measured| {
        let len = |p: &Path| std::fs::metadata(p).map_or(0, |m| m.len());
        (len(&m.dawg_path), len(&m.gaddag_path))
    };
    let native_sizes = [file_sizes(enable), file_sizes(sowpods)];
    progress!("compiling ENABLE with the super-english alphabet (21×21 suite)");
    let super_alpha = common::alphabet(common::SUITE_SUPER21.alphabet);
    let super_lex = common::compile_to_temp(
        &common::read_words(&enable.list.path, &super_alpha, false),
        "enable-super",
    );

    // --- Scaling ----------------------------------------------------------
    progress!("scaling: samples of ENABLE");
    let mut scaling: Vec<ScalePoint> = Vec::new();
    for &n in &plan.enable_samples {
        let w = common::sample(&enable_words, n);
        scaling.push(scale_point("ENABLE", &w, plan.scaling_runs)?);
    }
    if let Some(polish) = find(common::POLISH.file) {
        progress!("scaling: samples of the Polish list");
        let pa = common::alphabet("polish");
        let pw = common::read_words(&polish.list.path, &pa, true);
        for &n in &plan.polish_samples {
            if n == 0 || n >= pw.len() {
                // The whole list: both structures from the --compile-one run.
                let (s, bytes, nodes) = dawg_only(&pw)?;
                let r = &polish.runs[0];
                scaling.push(ScalePoint {
                    list: "Polish".into(),
                    words: r.words,
                    dawg_bytes: bytes,
                    dawg_nodes: nodes,
                    gaddag_bytes: r.gaddag_bytes,
                    gaddag_nodes: r.gaddag_nodes,
                    dawg_s: vec![s],
                    both_s: vec![r.compile_s],
                });
            } else {
                let w = common::sample(&pw, n);
                scaling.push(scale_point("Polish", &w, 1)?);
            }
            progress!("  Polish {} words done", int(scaling.last().unwrap().words));
        }
    }

    // --- Lookups and queries ----------------------------------------------
    progress!("contains: ENABLE and SOWPODS");
    let mut contains: Vec<ContainsRow> = Vec::new();
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
            contains.push(ContainsRow {
                lexicon: name.into(),
                set: set.into(),
                items: items.len(),
                dawg_pass_s: contains_passes(&lex.dawg, items, expect, plan.contains_passes)?,
                gaddag_pass_s: contains_passes(&lex.gaddag, items, expect, plan.contains_passes)?,
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
    let budget = Duration::from_millis(plan.query_budget_ms);
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
            query: name.into(),
            words: rg.len(),
            dawg: time_query(&enable_lex.dawg, &q, budget),
            gaddag: time_query(&enable_lex.gaddag, &q, budget),
        });
    }

    // --- Move generation, edge layouts, node scan ---------------------------
    let lexicons = Lexicons {
        enable: &enable_lex,
        sowpods: &sowpods_lex,
        super21: &super_lex,
        enable_words: &enable_words,
        sowpods_words: &sowpods_words,
    };
    let suites = movegen::suites(&plan, &mut notes);
    let mut peers = Peers::find(
        args.peers,
        &args.lexicons.join("../kwg"),
        vec![
            ("enable", enable.list.path.clone()),
            ("sowpods", sowpods.list.path.clone()),
        ],
    )?;
    let mg = movegen::run_suites(&suites, &lexicons, plan.movegen_reps, &mut peers);
    let (edge_layouts, scan_files) = movegen::edge_layouts(&suites, &lexicons, plan.movegen_reps)?;
    // The AVX-512 scan reads packed and aligned files only: ask about the
    // packed GADDAG, not the default (masked) one.
    let avx512_node_scan = scan_files
        .iter()
        .find(|f| f.1 == Structure::Gaddag && f.2 == Edges::Packed)
        .is_some_and(|f| {
            lexgraph::Generator::new(lexgraph::Rules::default()).uses_vector_scan(&f.3)
        });
    let popcnt_twin = movegen::popcnt_twin();
    let default_edges = Edges::of_file(enable_lex.gaddag.bytes());
    progress!(
        "default files: {}; AVX-512 node scan: {}; POPCNT twin of the masked search: {}",
        default_edges.name(),
        if avx512_node_scan { "yes" } else { "no" },
        if popcnt_twin { "yes" } else { "no" }
    );
    let node_scan = movegen::node_scan(
        &suites,
        &scan_files,
        plan.movegen_reps,
        avx512_node_scan,
        popcnt_twin,
    );
    drop(scan_files);

    let kwg = movegen::kwg_files(
        &suites,
        &lexicons,
        &args.lexicons.join("../kwg"),
        native_sizes,
        plan.movegen_reps,
        &mut notes,
    );
    let best_move = movegen::best_move(
        &suites,
        &lexicons,
        &args.lexicons.join("../leaves"),
        plan.movegen_reps,
        &mut peers,
        &mut notes,
    );
    let peers = peers.info;

    // --- Self-play ----------------------------------------------------------
    let mut self_play = Vec::new();
    for (name, lex) in [("ENABLE", &enable_lex), ("SOWPODS", &sowpods_lex)] {
        progress!(
            "self-play: {} games on {name}, GADDAG checked against the DAWG",
            plan.games
        );
        let sp = self_play_games(name, lex, plan.games);
        if let Some(e) = &sp.error {
            progress!("  self-play error: {e}");
        }
        self_play.push(sp);
    }

    // --- Strategies -----------------------------------------------------------
    let mut strategies = strategy_matches(&plan, &args.lexicons, &enable_lex, &mut notes);
    strategies.extend(own_leaves_elsewhere(
        &plan,
        &args.lexicons,
        &sowpods_lex,
        &mut notes,
    ));

    // --- Upwords --------------------------------------------------------------
    let upwords = match upwords(&enable.list.path, &plan) {
        Ok(u) => Some(u),
        Err(e) => {
            notes.push(format!("Upwords: {e:#}; left out."));
            None
        }
    };

    let run = Run {
        args: std::env::args().skip(1).collect(),
        start_unix_s,
        start_utc: rfc3339(start_unix_s),
        duration_s: crate::START.get().unwrap().elapsed().as_secs_f64(),
        cpu: m.cpu,
        logical_cpus: m.logical,
        available_cpus: m.available,
        rustc: m.rustc,
        commit: m.git,
        optimized: !cfg!(debug_assertions),
        load_start,
        load_end: loadavg(),
        steal: steal_share(steal_start, cpu_steal()),
        avx512_node_scan,
        popcnt_twin,
        avx2_bounds: movegen::avx2_bounds(),
        default_edges,
        lexicons: args.lexicons.display().to_string(),
    };
    Ok(Report {
        schema: SCHEMA,
        run,
        plan,
        lists: lists.into_iter().map(Measured::into_list).collect(),
        scaling,
        contains,
        queries: query_rows,
        movegen: mg,
        edge_layouts,
        node_scan,
        self_play,
        kwg,
        best_move,
        strategies,
        upwords,
        peers,
        notes,
    })
}

/// The leave file for ENABLE: `../leaves/NWL20.klv2` beside the lexicons.
fn nwl20(lexicons: &Path) -> PathBuf {
    lexicons.join("../leaves/NWL20.klv2")
}

/// Gordon 2, KLV and greedy against each other on ENABLE (`plan.match_games`
/// each), and KLV against itself for throughput.
fn strategy_matches(
    plan: &Plan,
    lexicons: &Path,
    enable: &Compiled,
    notes: &mut Vec<String>,
) -> Vec<StrategyMatch> {
    let klv = nwl20(lexicons);
    let klv_spec = format!("klv:{}", klv.display());
    let mut pairs = vec![(
        "gordon2".to_string(),
        "greedy".to_string(),
        plan.match_games,
    )];
    if klv.is_file() {
        pairs.push((klv_spec.clone(), "greedy".into(), plan.match_games));
        pairs.push((klv_spec.clone(), "gordon2".into(), plan.match_games));
        pairs.push((klv_spec.clone(), klv_spec.clone(), plan.throughput_games));
    } else {
        notes.push(format!(
            "{} not found: the KLV matches are left out.",
            klv.display()
        ));
    }
    // lexgraph's own ENABLE leaves (`lexicons/enable1.klv2`, trained by
    // `leaves train`) against the others.
    let own = Path::new(env!("CARGO_MANIFEST_DIR")).join("lexicons/enable1.klv2");
    if own.is_file() {
        let own_spec = format!("klv:{}", own.display());
        if klv.is_file() {
            pairs.push((own_spec.clone(), klv_spec, plan.match_games));
        }
        pairs.push((own_spec.clone(), "gordon2".into(), plan.match_games));
        pairs.push((own_spec, "greedy".into(), plan.match_games));
    }
    let own_dir = format!(
        "{}",
        own.parent()
            .map(|d| d.join(""))
            .unwrap_or_default()
            .display()
    );
    let shorten = |spec: &str| {
        spec.replace(&format!("{}", lexicons.join("../leaves/").display()), "")
            .replace(&own_dir, "lexicons/")
    };
    pairs
        .into_iter()
        .map(|(p1, p2, games)| {
            let names = [shorten(&p1), shorten(&p2)];
            one_match(
                "ENABLE",
                &enable.gaddag,
                &Rules::default(),
                [&p1, &p2],
                names,
                games,
            )
        })
        .collect()
}

/// lexgraph's own leaves elsewhere: SOWPODS against `CSW21.klv2` and
/// Heuristic 2, Spanish and Upwords against Heuristic 2 (the baseline those
/// users have), `plan.match_games` each. The tables are
/// `lexicons/{sowpods,spanish,wordlist-en-upwords}.klv2`
/// (`lexicons/LEAVES.md`).
fn own_leaves_elsewhere(
    plan: &Plan,
    lexicons: &Path,
    sowpods: &Compiled,
    notes: &mut Vec<String>,
) -> Vec<StrategyMatch> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("lexicons");
    let own = |name: &str| root.join(format!("{name}.klv2"));
    let spec = |p: &Path| format!("klv:{}", p.display());
    let games = plan.match_games;
    let mut rows = Vec::new();
    let csw21 = lexicons.join("../leaves/CSW21.klv2");
    let sow = own("sowpods");
    let mut p2s = vec![("gordon2".to_string(), "gordon2".to_string())];
    if csw21.is_file() {
        p2s.insert(0, (spec(&csw21), "CSW21.klv2".into()));
    } else {
        notes.push(format!(
            "{} not found: SOWPODS against it is left out.",
            csw21.display()
        ));
    }
    for (p2, name) in p2s {
        rows.push(one_match(
            "SOWPODS",
            &sowpods.gaddag,
            &Rules::default(),
            [&spec(&sow), &p2],
            ["lexicons/sowpods.klv2".into(), name],
            games,
        ));
    }
    let lists: [(&str, &str, &str, Rules, &str); 2] = [
        (
            "Spanish",
            "spanish.txt",
            "spanish",
            Rules::default(),
            "spanish",
        ),
        (
            "Upwords",
            "wordlist-en.txt",
            "upwords",
            Rules::upwords(),
            "wordlist-en-upwords",
        ),
    ];
    for (label, list, alphabet, rules, table) in lists {
        let lex = Alphabet::builtin(alphabet)
            .map_err(anyhow::Error::from)
            .and_then(|a| Ok(WordList::read(&root.join(list), &a, Invalid::Skip)?))
            .and_then(|w| Ok(Lexicon::from_vec(compile::compile(&w).gaddag)?));
        match lex {
            Ok(lex) => rows.push(one_match(
                label,
                &lex,
                &rules,
                [&spec(&own(table)), "gordon2"],
                [format!("lexicons/{table}.klv2"), "gordon2".into()],
                games,
            )),
            Err(e) => notes.push(format!("{label}: {e:#}; its match is left out.")),
        }
    }
    rows
}

/// One match of `games` between the strategies `specs` (shown as `names`)
/// on `lex` under `rules`, seed 1.
fn one_match(
    label: &str,
    lex: &Lexicon,
    rules: &Rules,
    specs: [&str; 2],
    names: [String; 2],
    games: u64,
) -> StrategyMatch {
    let threads = rayon::current_num_threads();
    let a = lex.alphabet();
    let [p1, p2] = names;
    progress!("match: {p1} vs {p2}, {games} games on {label}, {threads} threads");
    let mut row = StrategyMatch {
        lexicon: label.into(),
        p1,
        p2,
        games,
        seed: 1,
        threads,
        ..StrategyMatch::default()
    };
    let players = match (Strategy::parse(specs[0], a), Strategy::parse(specs[1], a)) {
        (Ok(x), Ok(y)) => [x, y],
        (Err(e), _) | (_, Err(e)) => {
            row.error = Some(e.to_string());
            return row;
        }
    };
    let settings = MatchSettings::new(games, 1).count_moves(false);
    let t0 = Instant::now();
    match play_match(lex, rules, &players, &settings, |_, _| {}) {
        Ok(m) => {
            let s = m.summary;
            row.seconds = t0.elapsed().as_secs_f64();
            row.wins = s.wins;
            row.draws = s.draws;
            row.losses = s.losses;
            row.win_rate = s.win_rate;
            row.win_rate_ci95 = [s.win_rate_ci95.0, s.win_rate_ci95.1];
            row.mean_score = [s.mean_score[0], s.mean_score[1]];
            row.mean_spread = s.mean_spread;
            row.spread_sd = s.spread_sd;
            row.bingos_per_game = [s.bingos_per_game[0], s.bingos_per_game[1]];
            row.points_per_turn = [s.points_per_turn[0], s.points_per_turn[1]];
            row.turns_per_game = s.turns_per_game;
            progress!(
                "  win rate {:.1} %, {:.0} games/s",
                100.0 * s.win_rate,
                games as f64 / row.seconds
            );
        }
        Err(e) => row.error = Some(e.to_string()),
    }
    row
}

// ---------------------------------------------------------------------------
// Lexicons: sizes, build time, memory, open time

/// A word list measured, with the files its first run wrote.
struct Measured {
    list: Resolved,
    runs: Vec<CompileRun>,
    dawg_path: PathBuf,
    gaddag_path: PathBuf,
    open_dawg: Stats,
    open_gaddag: Stats,
}

impl Measured {
    /// Opens the files the first `--compile-one` run wrote.
    fn open(&self) -> Result<Compiled> {
        let first = &self.runs[0];
        Ok(Compiled {
            dawg: Lexicon::open(&self.dawg_path)?,
            gaddag: Lexicon::open(&self.gaddag_path)?,
            dawg_path: self.dawg_path.clone(),
            gaddag_path: self.gaddag_path.clone(),
            counts: (
                first.dawg_nodes as usize,
                first.dawg_edges as usize,
                first.gaddag_nodes as usize,
                first.gaddag_edges as usize,
            ),
            dir: tempfile::tempdir()?,
        })
    }

    fn into_list(self) -> List {
        let spec = self.list.spec;
        List {
            name: spec.name.into(),
            file: spec.file.into(),
            alphabet: spec.alphabet.into(),
            path: self.list.path.display().to_string(),
            stand_in: self.list.note,
            runs: self.runs,
            open_dawg: self.open_dawg,
            open_gaddag: self.open_gaddag,
        }
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

fn measure_list(list: Resolved, runs: usize, tmp: &Path, open_iters: usize) -> Result<Measured> {
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
    Ok(Measured {
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

/// Builds and serializes the DAWG alone, in the layout the default options
/// of `compile::try_compile` choose for the list's alphabet (so that its
/// bytes compare with the GADDAG's): (seconds, bytes, nodes).
fn dawg_only(words: &WordList) -> Result<(f64, u64, u64)> {
    let t = Instant::now();
    let built = Builder::build_dawg(words);
    let bytes = format::write(
        &built.dawg(),
        &built.info(Kind::Dawg, words),
        format::EdgeLayout::fastest_for(words.alphabet()),
    )?;
    let s = t.elapsed().as_secs_f64();
    Ok((s, bytes.len() as u64, built.dawg().node_count() as u64))
}

/// `runs` builds of the DAWG alone and of both structures.
fn scale_point(list: &str, words: &WordList, runs: usize) -> Result<ScalePoint> {
    let mut both = Vec::new();
    let mut d = Vec::new();
    let mut sizes = (0, 0, 0, 0);
    for _ in 0..runs {
        let (s, bytes, nodes) = dawg_only(words)?;
        d.push(s);
        sizes.0 = bytes;
        sizes.1 = nodes;
        let t = Instant::now();
        let files = compile::try_compile(words)?;
        both.push(t.elapsed().as_secs_f64());
        sizes.2 = files.gaddag.len() as u64;
        sizes.3 = files.counts.2 as u64;
    }
    Ok(ScalePoint {
        list: list.into(),
        words: words.len() as u64,
        dawg_bytes: sizes.0,
        dawg_nodes: sizes.1,
        gaddag_bytes: sizes.2,
        gaddag_nodes: sizes.3,
        dawg_s: d,
        both_s: both,
    })
}

// ---------------------------------------------------------------------------
// Lookups and queries

/// Seconds of each pass of `contains` over `items`.
fn contains_passes(
    lex: &Lexicon,
    items: &[String],
    expect: bool,
    passes: usize,
) -> Result<Vec<f64>> {
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
    Ok(v)
}

/// Seconds per query: at least 5 queries, then until `budget` is spent or
/// 500 were timed.
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
// Self-play

/// Greedy games with seeds 1, 2, …, the DAWG checking the GADDAG on every
/// turn; stops at the first failure.
fn self_play_games(name: &str, lex: &Compiled, games: usize) -> SelfPlay {
    self_play_with(
        name,
        [&lex.gaddag, &lex.dawg],
        &Rules::default(),
        games,
        |_| {},
    )
}

/// [`self_play_games`] on `[gaddag, dawg]` under `rules`, each turn also
/// shown to `on_turn`.
fn self_play_with(
    name: &str,
    [gaddag, dawg]: [&Lexicon; 2],
    rules: &Rules,
    games: usize,
    mut on_turn: impl FnMut(&lexgraph::selfplay::TurnView),
) -> SelfPlay {
    let mut sp = SelfPlay {
        lexicon: name.into(),
        ..Default::default()
    };
    for g in 0..games {
        let seed = 1 + g as u64;
        match play_game(gaddag, Some(dawg), rules, seed, &mut on_turn) {
            Ok(res) => sp.games.push(Game {
                seed,
                turns: res.turns,
                scores: res.scores,
                bingos: res.bingos,
                moves: res.moves_per_turn,
                best: res.best_per_turn,
                gaddag_us: res
                    .time_per_turn
                    .iter()
                    .map(|d| ns(d.as_secs_f64() * 1e6))
                    .collect(),
                dawg_us: res
                    .check_time_per_turn
                    .iter()
                    .map(|d| ns(d.as_secs_f64() * 1e6))
                    .collect(),
            }),
            Err(e) => {
                sp.error = Some(format!("game {g} (seed {seed}): {e}"));
                break;
            }
        }
    }
    sp
}

// ---------------------------------------------------------------------------
// Upwords

/// Upwords, classic edition, on ENABLE read with the Upwords alphabet
/// (`Qu` one tile; words with a Q not followed by U skipped): greedy
/// self-play with the DAWG checking the GADDAG on every turn, then
/// all-moves generation timed on `plan.upwords_positions` of the games'
/// positions, evenly spaced over all their turns.
pub fn upwords(enable: &Path, plan: &Plan) -> Result<Upwords> {
    let alphabet = Alphabet::builtin("upwords")?;
    let words = WordList::read(enable, &alphabet, Invalid::Skip)?;
    let files = compile::try_compile(&words)?;
    let dawg = Lexicon::from_vec(files.dawg)?;
    let gaddag = Lexicon::from_vec(files.gaddag)?;
    let rules = Rules::upwords();
    progress!(
        "upwords: {} words of ENABLE ({} skipped), {} self-play games, GADDAG checked against the DAWG",
        int(words.len() as u64),
        int(words.skipped() as u64),
        plan.upwords_games
    );
    let mut positions: Vec<Position> = Vec::new();
    let mut stacking_plays = 0;
    let self_play = self_play_with(
        "ENABLE",
        [&gaddag, &dawg],
        &rules,
        plan.upwords_games,
        |t| {
            positions.push(t.position.clone());
            if let Some(m) = t.played {
                let board = &t.position.board;
                let stacks = (0..m.len as usize).any(|i| {
                    let (r, c) = m.square(i);
                    m.placed & (1 << i) != 0 && board.get(r, c) != 0
                });
                stacking_plays += stacks as usize;
            }
        },
    );
    if let Some(e) = &self_play.error {
        progress!("  upwords self-play error: {e}");
    }
    // Evenly spaced over every turn played.
    let want = plan.upwords_positions.max(1);
    let positions: Vec<Position> = (0..want.min(positions.len()))
        .map(|i| positions[i * positions.len() / want.min(positions.len())].clone())
        .collect();
    progress!(
        "upwords: movegen on {} positions × {} repetitions × 2 structures",
        positions.len(),
        plan.movegen_reps
    );
    let timing = movegen::time_pair::<lexgraph::scoring::Upwords>(
        &rules,
        &positions,
        [&dawg, &gaddag],
        plan.movegen_reps,
        [true, true],
    );
    progress!(
        "  DAWG {:.1} µs/position, GADDAG {:.1} µs/position, {:.1} moves/position{}",
        timing.side(0).median,
        timing.side(1).median,
        timing.moves_per_position(),
        if timing.agree {
            ""
        } else {
            ", MOVE LISTS DIFFER"
        }
    );
    Ok(Upwords {
        words: words.len() as u64,
        skipped: words.skipped() as u64,
        self_play,
        stacking_plays,
        timing,
    })
}
