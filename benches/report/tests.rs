//! Rendering a made-up document (no measuring): the headings the docs cite,
//! well-formed tables, the same bytes from the same document, and the
//! command line.

use std::path::{Path, PathBuf};

use crate::compile_one::CompileRun;
use crate::render::{markdown, render, Links};
use crate::results::*;
use crate::stats::stats;
use crate::{parse_args, Mode};

/// The headings every report has, in order (a `## Notes` section comes
/// before *Reproducing* when the run left something out).
const HEADINGS: [&str; 21] = [
    "# lexgraph benchmarks",
    "## Summary",
    "## Lexicon files",
    "### Build time and memory",
    "## Opening a file",
    "## Word lookups",
    "## Move generation",
    "### Edge layouts",
    "### Node scan",
    "### KWG files in place",
    "### Best move by equity",
    "## Scaling",
    "## Self-play",
    "## Strategies",
    "## Upwords",
    "## Simulation",
    "## Endgames",
    "## Levels",
    "## In the browser",
    "## Against the literature and prior art",
    "## Reproducing",
];

fn run(words: u64, scale: f64) -> CompileRun {
    CompileRun {
        words,
        skipped: 3,
        duplicates: 2,
        tiles: words * 8,
        read_s: 0.02 * scale,
        compile_s: 0.11 * scale,
        dawg_bytes: words * 2,
        dawg_nodes: words / 4,
        dawg_edges: words / 2,
        gaddag_bytes: words * 16,
        gaddag_nodes: words * 2,
        gaddag_edges: words * 4,
        hwm_start_kb: Some(2_000),
        hwm_read_kb: Some(9_000),
        hwm_kb: Some(37_000),
        phases: vec![("read".into(), 0.01 * scale), ("sort".into(), 0.03 * scale)],
        edges: Some(Edges::Masked),
    }
}

fn list(name: &str, file: &str, words: u64) -> List {
    let open = stats(&[8e-6, 9e-6, 7e-6]);
    List {
        name: name.into(),
        file: file.into(),
        alphabet: "english".into(),
        path: format!("/lists/{file}"),
        stand_in: None,
        runs: vec![run(words, 1.0), run(words, 1.1), run(words, 0.9)],
        open_dawg: open,
        open_gaddag: open,
    }
}

fn pair(n: usize, first_us: f64, second_us: f64) -> Pair {
    let per = |base: f64| {
        (0..n)
            .map(|i| ns(base * (0.5 + i as f64 / n as f64)))
            .collect()
    };
    Pair {
        positions: n,
        rack_blanks: n / 3,
        moves: n * 500,
        best_total: n as i64 * 40,
        agree: true,
        rep_us: [
            vec![first_us, first_us * 1.01],
            vec![second_us, second_us * 0.99],
        ],
        per_position_us: [per(first_us), per(second_us)],
        cpu_us: [vec![first_us * 0.98], vec![second_us * 0.97]],
        steal: Some(0.001),
    }
}

/// A third side timed with a [`pair`].
fn side(n: usize, us: f64) -> Side {
    Side {
        rep_us: vec![us, us * 1.02],
        per_position_us: (0..n)
            .map(|i| ns(us * (0.5 + i as f64 / n as f64)))
            .collect(),
        cpu_us: vec![us * 0.98],
        agree: true,
    }
}

fn game(seed: u64) -> Game {
    Game {
        seed,
        turns: 3,
        scores: [350, 370 + seed as i32],
        bingos: 1,
        moves: vec![400, 0, 620],
        best: vec![30, 0, 44],
        gaddag_us: vec![95.5, 1.25, 130.0],
        dawg_us: vec![230.0, 2.5, 300.125],
    }
}

/// A document with every section filled.
pub fn sample() -> Report {
    let scale_point = |list: &str, words: u64| ScalePoint {
        list: list.into(),
        words,
        dawg_bytes: words * 2,
        dawg_nodes: words / 4,
        gaddag_bytes: words * 16,
        gaddag_nodes: words * 2,
        dawg_s: vec![words as f64 * 1e-7],
        both_s: vec![words as f64 * 6e-7],
    };
    let mut movegen = Vec::new();
    for suite in ["enable", "sowpods", "enable-super21"] {
        movegen.push(SuiteRun {
            suite: suite.into(),
            variant: Variant::Stored,
            timing: pair(40, 240.0, 100.0),
            gaddag_vector_off: Some(side(40, 110.0)),
            peers: Vec::new(),
            cli: None,
        });
        if suite != "enable-super21" {
            for k in [1, 2] {
                movegen.push(SuiteRun {
                    suite: suite.into(),
                    variant: Variant::Blanks(k),
                    timing: pair(12, 500.0 * k as f64, 200.0 * k as f64),
                    gaddag_vector_off: Some(side(12, 220.0 * k as f64)),
                    peers: Vec::new(),
                    cli: None,
                });
                movegen.push(SuiteRun {
                    suite: suite.into(),
                    variant: Variant::OriginalRacks(k),
                    timing: pair(12, 240.0, 100.0),
                    gaddag_vector_off: Some(side(12, 110.0)),
                    peers: Vec::new(),
                    cli: None,
                });
            }
        }
    }
    let mut edge_layouts = Vec::new();
    let mut node_scan = Vec::new();
    for suite in ["enable", "sowpods"] {
        for structure in [Structure::Gaddag, Structure::Dawg] {
            edge_layouts.push(LayoutRun {
                suite: suite.into(),
                structure,
                packed_bytes: 2_816_950,
                aligned_bytes: 3_338_564,
                timing: pair(40, 125.0, 110.0),
                masked_bytes: Some(5_015_568),
                masked: Some(side(40, 100.0)),
            });
            for edges in [Edges::Masked, Edges::Packed] {
                node_scan.push(ScanRun {
                    suite: suite.into(),
                    structure,
                    edges,
                    timing: pair(40, 111.0, 99.0),
                });
            }
        }
    }
    let kwg_timing = movegen[0].timing.clone();
    Report {
        schema: SCHEMA,
        run: Run {
            args: vec!["--quick".into(), "-o".into(), "BENCHMARKS.md".into()],
            start_unix_s: 1_795_368_240,
            start_utc: "2026-11-22T17:24:00Z".into(),
            duration_s: 80.64,
            cpu: "Test CPU".into(),
            logical_cpus: 2,
            available_cpus: 2,
            rustc: "rustc 1.95.0".into(),
            commit: Some("0e44b03".into()),
            optimized: true,
            load_start: Some([1.02, 1.04, 1.23]),
            load_end: Some([1.0, 1.03, 1.21]),
            steal: Some(0.0),
            avx512_node_scan: true,
            popcnt_twin: true,
            avx2_bounds: true,
            default_edges: Edges::Masked,
            lexicons: "../shared/lexicons".into(),
        },
        plan: Plan::new(&crate::measure::MeasureArgs {
            lexicons: PathBuf::from("../shared/lexicons"),
            quick: true,
            games: None,
            reps: None,
            peers: true,
        }),
        lists: vec![
            list("ENABLE", "enable1.txt", 172_820),
            list("SOWPODS", "sowpods.txt", 267_751),
            list("wordlist-en", "wordlist-en.txt", 10_000),
            list("Spanish", "spanish.txt", 80_000),
        ],
        scaling: vec![
            scale_point("ENABLE", 10_000),
            scale_point("ENABLE", 100_000),
            scale_point("ENABLE", 172_820),
            scale_point("Polish", 10_000),
            scale_point("Polish", 4_000_000),
        ],
        contains: ["all words of the list", "10,000 random non-words"]
            .iter()
            .map(|set| ContainsRow {
                lexicon: "ENABLE".into(),
                set: set.to_string(),
                items: 10_000,
                dawg_pass_s: vec![0.0019, 0.0018],
                gaddag_pass_s: vec![0.0026, 0.0025],
            })
            .collect(),
        queries: vec![QueryRow {
            query: "pattern C?T*".into(),
            words: 120,
            dawg: stats(&[1e-4, 2e-4]),
            gaddag: stats(&[3e-4]),
        }],
        movegen,
        edge_layouts,
        node_scan,
        self_play: ["ENABLE", "SOWPODS"]
            .iter()
            .map(|l| SelfPlay {
                lexicon: l.to_string(),
                games: vec![game(1), game(2)],
                error: None,
            })
            .collect(),
        kwg: vec![KwgRun {
            suite: "enable".into(),
            structure: Structure::Gaddag,
            file: "ENABLE.kwg".into(),
            kwg_bytes: 3_233_088,
            native_bytes: 2_816_950,
            timing: kwg_timing,
        }],
        best_move: vec![BestRun {
            suite: "enable".into(),
            leaves: "NWL20.klv2".into(),
            positions: 200,
            all_us: vec![80.0, 82.0],
            all_sorted_us: vec![130.0, 131.0],
            best_us: vec![60.0, 61.0],
            best_vector_off_us: vec![66.0, 67.0],
            searched: 38,
            skipped: 62,
            agree: true,
            peers: Vec::new(),
            cli: None,
        }],
        strategies: vec![StrategyMatch {
            lexicon: "ENABLE".into(),
            p1: "gordon2".into(),
            p2: "greedy".into(),
            games: 100,
            seed: 1,
            threads: 2,
            wins: 60,
            draws: 2,
            losses: 38,
            win_rate: 0.61,
            win_rate_ci95: [0.52, 0.70],
            mean_score: [420.0, 390.5],
            mean_spread: 29.5,
            spread_sd: 100.0,
            bingos_per_game: [1.5, 1.1],
            points_per_turn: [34.0, 32.0],
            turns_per_game: 24.0,
            seconds: 0.5,
            error: None,
        }],
        upwords: Some(Upwords {
            words: 172_708,
            skipped: 112,
            self_play: SelfPlay {
                lexicon: "ENABLE".into(),
                games: vec![game(1), game(2)],
                error: None,
            },
            stacking_plays: 2,
            timing: pair(30, 60.0, 25.0),
        }),
        peers: Vec::new(),
        notes: Vec::new(),
    }
}

fn links() -> Links {
    Links {
        json: "benches/results/report.json".into(),
        bars: "benches/plots/movegen-per-suite.svg".into(),
        scatter: "benches/plots/movegen-per-position.svg".into(),
        size: "benches/plots/size-scaling.svg".into(),
        build: "benches/plots/build-scaling.svg".into(),
    }
}

fn headings(md: &str) -> Vec<&str> {
    let mut fenced = false;
    md.lines()
        .filter(|l| {
            if l.starts_with("```") {
                fenced = !fenced;
            }
            !fenced && l.starts_with('#')
        })
        .collect()
}

/// Checks that every table's rows have as many cells as its header.
fn check_tables(md: &str) {
    let cells = |l: &str| l.trim().trim_matches('|').split('|').count();
    let mut header: Option<(usize, &str)> = None;
    for line in md.lines() {
        if !line.starts_with('|') {
            header = None;
            continue;
        }
        assert!(line.ends_with('|'), "table row without a closing |: {line}");
        match header {
            None => header = Some((cells(line), line)),
            Some((n, h)) => assert_eq!(cells(line), n, "row {line:?} of the table {h:?}"),
        }
    }
}

#[test]
fn headings_are_the_cited_ones() {
    let md = markdown(&sample(), &links()).unwrap();
    assert_eq!(headings(&md), HEADINGS);
    let mut with_notes = sample();
    with_notes.notes.push("a note".into());
    let md = markdown(&with_notes, &links()).unwrap();
    let h = headings(&md);
    assert_eq!(h[h.len() - 2..], ["## Notes", "## Reproducing"]);
}

#[test]
fn the_committed_report_has_the_same_headings() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("BENCHMARKS.md");
    let text = std::fs::read_to_string(path).unwrap();
    let h: Vec<&str> = headings(&text)
        .into_iter()
        .filter(|h| *h != "## Notes")
        .collect();
    assert_eq!(h, HEADINGS);
}

#[test]
fn a_report_without_upwords_renders_without_the_section() {
    let mut r = sample();
    r.upwords = None;
    let md = markdown(&r, &links()).unwrap();
    assert!(!headings(&md).contains(&"## Upwords"));
    // A document written before the section reads back without it.
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("r.json");
    r.write(&json).unwrap();
    let text = std::fs::read_to_string(&json)
        .unwrap()
        .replace("\"upwords\": null,\n", "");
    assert!(!text.contains("upwords\""));
    std::fs::write(&json, text).unwrap();
    assert!(Report::read(&json).unwrap().upwords.is_none());
}

/// The Upwords measurement alone, at the full report's size (the quick
/// plan's with `QUICK=1` set), on the shared ENABLE (`LEXGRAPH_LEXICONS` or
/// `../shared/lexicons`): `cargo test --release --example bench-report --
/// --ignored upwords_measurement --nocapture` prints the section.
#[test]
#[ignore]
fn upwords_measurement() {
    let args = crate::measure::MeasureArgs {
        lexicons: crate::common::lexicons_dir(),
        quick: std::env::var_os("QUICK").is_some(),
        games: None,
        reps: None,
        peers: true,
    };
    let plan = Plan::new(&args);
    let enable = args.lexicons.join(crate::common::ENABLE.file);
    let t0 = std::time::Instant::now();
    let u = crate::measure::upwords(&enable, &plan).unwrap();
    eprintln!("measured in {:.1} s", t0.elapsed().as_secs_f64());
    assert!(u.timing.agree);
    assert!(u.self_play.error.is_none());
    let mut r = sample();
    r.upwords = Some(u);
    let md = markdown(&r, &links()).unwrap();
    check_tables(&md);
    let start = md.find("## Upwords").unwrap();
    let end = md[start..].find("\n## ").unwrap() + start;
    println!("{}", &md[start..end]);
}

#[test]
fn tables_are_well_formed() {
    let mut r = sample();
    check_tables(&markdown(&r, &links()).unwrap());
    // No AVX-512, no CPU clock, a self-play failure, a stand-in list.
    r.node_scan.clear();
    r.run.avx512_node_scan = false;
    for s in &mut r.movegen {
        s.timing.cpu_us = [Vec::new(), Vec::new()];
    }
    r.self_play[1].error = Some("game 1 (seed 2): lists differ".into());
    r.lists[2].stand_in = Some("stood in".into());
    let md = markdown(&r, &links()).unwrap();
    check_tables(&md);
    assert!(md.contains("This CPU lacks the AVX-512 instructions"));
    assert!(md.contains("**different** (see below)"));
    assert!(md.contains("wordlist-en (stand-in)"));
}

#[test]
fn peers_render_beside_lexgraph_or_are_said_to_be_absent() {
    let mut r = sample();
    let md = markdown(&r, &links()).unwrap();
    assert!(md.contains("**Peers:** no peer engine was measured in this run"));
    assert!(md.contains("wolges' top-1 search was not measured in this run"));
    assert!(!md.contains("µs/position | GADDAG / wolges |"));

    r.peers = vec![
        PeerInfo {
            name: "wolges".into(),
            version: Some("wolges @2267824".into()),
            program: Some("target/peers/bin/wolges-peer".into()),
            ..PeerInfo::default()
        },
        PeerInfo {
            name: "scrabble".into(),
            version: Some("scrabble 0.1.0".into()),
            program: Some("target/peers/bin/scrabble-peer".into()),
            builds: vec![PeerBuild {
                suite: "enable".into(),
                words: 172_820,
                build_s: 2.7,
                bytes: 5_775_211,
                peak_rss_kb: Some(149_804),
            }],
            ..PeerInfo::default()
        },
    ];
    let run = |peer: &str, us: f64| PeerRun {
        peer: peer.into(),
        positions: 40,
        rep_us: vec![us, us * 1.25],
        cpu_us: vec![us * 0.9, us],
        moves: Some(40 * 500),
        peak_rss_kb: Some(20_000),
        ..PeerRun::default()
    };
    for s in r.movegen.iter_mut().filter(|s| s.suite != "enable-super21") {
        s.peers = vec![run("wolges", 200.0), run("scrabble", 400.0)];
    }
    r.movegen[1].peers[1] = PeerRun {
        rep_us: Vec::new(),
        error: Some("exit status: 2".into()),
        ..run("scrabble", 0.0)
    };
    r.best_move[0].peers = vec![PeerRun {
        equity_compared: Some(190),
        equity_same: Some(189),
        moves: None,
        ..run("wolges", 120.0)
    }];
    let md = markdown(&r, &links()).unwrap();
    check_tables(&md);
    assert!(md.contains(
        "| wolges µs/position | GADDAG / wolges | GADDAG vector off / wolges | scrabble µs/position | GADDAG / scrabble | GADDAG vector off / scrabble |"
    ));
    // GADDAG 100 and 99 µs against wolges' 200 and 250: 0.50 and 0.40;
    // with the vector switch off 110 and 112.2: 0.55 and 0.45.
    assert!(md.contains("| 225.0 (200.0–250.0) | 0.45 (0.40–0.50) | 0.50 (0.45–0.55) |"));
    assert!(md.contains("**failed:** exit status: 2"));
    assert!(
        md.contains("| Top 1 / wolges | Top 1 vector off / wolges | Same best equity as wolges |")
    );
    assert!(md.contains("| 189 of 190 |"));
    assert!(md.contains("**Peers, same run.** wolges @2267824 (`wolges-peer best-equity`)"));
    assert!(md.contains("scrabble 0.1.0 compiled its lexicons"));
    assert!(md.contains("- lexgraph's time against other engines' in this run"));
    assert!(md.contains(
        "every move, enable: 0.45× wolges @2267824's (0.50× with the vector switch off), 0.22× scrabble 0.1.0's (0.25× with the vector switch off)"
    ));
    assert!(!md.contains("wolges' top-1 search was not measured"));
    // The document reads back to the same report.
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("r.json");
    r.write(&json).unwrap();
    let back = Report::read(&json).unwrap();
    assert_eq!(markdown(&back, &links()).unwrap(), md);

    // Without the vector-off timings (a document from before them): the
    // columns as they were.
    for s in &mut r.movegen {
        s.gaddag_vector_off = None;
    }
    r.best_move[0].best_vector_off_us.clear();
    let md = markdown(&r, &links()).unwrap();
    check_tables(&md);
    assert!(md.contains(
        "| wolges µs/position | GADDAG / wolges | scrabble µs/position | GADDAG / scrabble |"
    ));
    assert!(md.contains("| 225.0 (200.0–250.0) | 0.45 (0.40–0.50) |"));
    assert!(md.contains("| Top 1 / wolges | Same best equity as wolges |"));
    assert!(md.contains("every move, enable: 0.45× wolges @2267824's, 0.22× scrabble 0.1.0's"));
}

#[test]
fn the_command_line_is_a_table_of_its_own() {
    let mut r = sample();
    let md = markdown(&r, &links()).unwrap();
    assert!(!md.contains("The command line, same run"));
    let run = |peer: &str, us: f64| PeerRun {
        peer: peer.into(),
        positions: 40,
        rep_us: vec![us, us * 1.25],
        moves: Some(40 * 500),
        peak_rss_kb: Some(20_000),
        ..PeerRun::default()
    };
    // enable: GADDAG 100 and 99 µs in the process; wolges 200 and 250.
    r.movegen[0].peers = vec![run("wolges", 200.0)];
    r.movegen[0].cli = Some(run(crate::peers::CLI, 110.0));
    r.best_move[0].cli = Some(PeerRun {
        rep_us: Vec::new(),
        error: Some("exit status: 3".into()),
        ..run(crate::peers::CLI, 0.0)
    });
    let md = markdown(&r, &links()).unwrap();
    check_tables(&md);
    assert!(md.contains("**The command line, same run.**"));
    // 110 / 100 = 1.10 and 137.5 / 99 = 1.39; over wolges 0.55 both rounds.
    assert!(md.contains(
        "| every move | enable · stored suite | 2 | 500.0 | 123.8 (110.0–137.5) | 99.5 (99.0–100.0) | 1.24 (1.10–1.39) | 0.55 (0.55–0.55) | 19.5 MiB (20.5 MB) |"
    ));
    assert!(md.contains(
        "| best by equity | enable · stored suite | 0 | – | **failed:** exit status: 3 | 60.5 (60.0–61.0) | – | – |"
    ));
    // It reads back.
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("r.json");
    r.write(&json).unwrap();
    let back = Report::read(&json).unwrap();
    assert_eq!(markdown(&back, &links()).unwrap(), md);
}

#[test]
fn layouts_and_the_vector_switch_are_labelled() {
    let md = markdown(&sample(), &links()).unwrap();
    check_tables(&md);
    // Edge layouts: three layouts, sizes and times against the masked file.
    assert!(md.contains("| Suite | Structure | Masked bytes | Packed bytes | Aligned bytes | Masked µs/position | Packed µs/position | Aligned µs/position | Packed / masked | Aligned / masked | Agree |"));
    assert!(
        md.contains("| 5,015,568 | 2,816,950 (0.56×) | 3,338,564 (0.67×) | 101.0 (100.0–102.0) |")
    );
    assert!(md.contains("| 1.24× | 1.08× | yes |"));
    // Node scan: the masked file with its POPCNT twin.
    assert!(md.contains("| masked (default) | baseline code → POPCNT twin |"));
    assert!(md.contains("| packed | scalar scan → AVX-512 scan |"));
    // The vector switch off, beside the default.
    assert!(md.contains("| GADDAG µs/position | GADDAG µs/position, vector off |"));
    assert!(md.contains("| Top 1 µs | Top 1 µs, vector off |"));
    assert!(md.contains("the POPCNT-compiled twin of the masked-node search"));
    assert!(!md.contains("bit-packed edges"));
    assert!(md.contains("docs/design/masked-nodes.md"));

    // One side that differs shows in *Agree*.
    let mut r = sample();
    r.edge_layouts[0].masked.as_mut().unwrap().agree = false;
    r.movegen[0].gaddag_vector_off.as_mut().unwrap().agree = false;
    let md = markdown(&r, &links()).unwrap();
    assert!(md.contains("| 1.24× | 1.08× | **no** |"));

    // A CPU with neither AVX-512 nor the POPCNT twin: no rows, and why.
    r.run.avx512_node_scan = false;
    r.run.popcnt_twin = false;
    r.node_scan.clear();
    let md = markdown(&r, &links()).unwrap();
    check_tables(&md);
    assert!(md.contains("This CPU lacks the AVX-512 instructions"));
    assert!(md.contains("no POPCNT twin of the masked search"));
    assert!(!md.contains("| Off → on |"));
}

#[test]
fn a_document_from_before_masked_nodes_reads_and_renders() {
    // The sample as a report written before masked nodes and the vector
    // switch's columns: none of their fields, packed default files.
    let mut r = sample();
    r.node_scan.retain(|s| s.edges != Edges::Masked);
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("r.json");
    r.write(&json).unwrap();
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    fn strip(v: &mut serde_json::Value, keys: &[&str]) {
        match v {
            serde_json::Value::Object(m) => {
                for k in keys {
                    m.remove(*k);
                }
                m.values_mut().for_each(|v| strip(v, keys));
            }
            serde_json::Value::Array(a) => a.iter_mut().for_each(|v| strip(v, keys)),
            _ => {}
        }
    }
    strip(
        &mut v,
        &[
            "gaddag_vector_off",
            "masked_bytes",
            "masked",
            "best_vector_off_us",
            "popcnt_twin",
            "default_edges",
        ],
    );
    for l in v["lists"].as_array_mut().unwrap() {
        strip(&mut l["runs"], &["edges"]);
    }
    let text = serde_json::to_string(&v).unwrap();
    assert!(!text.contains("masked") && !text.contains("vector_off"));
    std::fs::write(&json, text).unwrap();
    let old = Report::read(&json).unwrap();
    assert_eq!(old.run.default_edges, Edges::Packed);
    assert!(!old.run.popcnt_twin);
    assert!(old.lists[0].first().edges.is_none());
    let md = markdown(&old, &links()).unwrap();
    check_tables(&md);
    assert!(md.contains("bit-packed edges"));
    assert!(md.contains("it predates masked nodes"));
    assert!(md.contains("| – | 2,816,950 | 3,338,564 | – |"));
    assert!(!md.contains("vector off"));
    assert!(md.contains("both searches scan nodes with AVX-512"));
}

#[test]
fn peer_output_is_read() {
    // What `wolges-peer best-equity … --reps 1` prints.
    let o = crate::peers::Output {
        stdout: "0 81 90.000 90 down 3 10 REDARGUE\n\
                 # wolges-peer best-equity kwg=K klv=L positions=1 reps=1 mean_us=335.672 \
                 min_rep_us=335.672 cpu_mean_us=224.596 sum_equity_milli=90000\n"
            .into(),
        stderr: "rep 0: mean_us_per_position=335.672 cpu_us_per_position=224.596\n".into(),
        hwm_kb: Some(9012),
        elapsed: std::time::Duration::ZERO,
    };
    assert_eq!(o.reps(), vec![(335.672, Some(224.596))]);
    let summary = o.summary();
    assert!(summary.contains(&("sum_equity_milli".into(), "90000".into())));
    assert!(summary.contains(&("mean_us".into(), "335.672".into())));
}

#[test]
fn the_document_renders_to_the_same_files() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("benches/results/report.json");
    let r = sample();
    r.write(&json).unwrap();
    let text = std::fs::read_to_string(&json).unwrap();
    // Arrays of numbers on one line.
    assert!(text.contains("\"rep_us\": [\n"));
    assert!(!text
        .lines()
        .any(|l| l.trim().trim_end_matches(',').parse::<f64>().is_ok()));
    let back = Report::read(&json).unwrap();
    assert_eq!(
        markdown(&back, &links()).unwrap(),
        markdown(&r, &links()).unwrap()
    );
    // Every number reads back exactly.
    back.write(&json).unwrap();
    assert!(std::fs::read_to_string(&json).unwrap() == text);

    let md = dir.path().join("BENCHMARKS.md");
    let plots = dir.path().join("benches/plots");
    let files = [
        "BENCHMARKS.md",
        "benches/plots/movegen-per-suite.svg",
        "benches/plots/movegen-per-position.svg",
        "benches/plots/size-scaling.svg",
        "benches/plots/build-scaling.svg",
    ];
    let read_all = || files.map(|f| std::fs::read(dir.path().join(f)).unwrap());
    render(&back, &json, &md, &plots).unwrap();
    let first = read_all();
    render(&Report::read(&json).unwrap(), &json, &md, &plots).unwrap();
    assert!(first == read_all(), "rendering twice gave different files");
    let text = String::from_utf8(first[0].clone()).unwrap();
    assert!(text.contains("](benches/plots/movegen-per-suite.svg)"));
    assert!(text.contains("[`benches/results/report.json`](benches/results/report.json)"));
}

#[test]
fn another_schema_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("r.json");
    std::fs::write(&json, "{\"schema\": 999}").unwrap();
    let e = Report::read(&json).unwrap_err().to_string();
    assert!(e.contains("schema Some(999)"), "{e}");
}

fn parse(args: &str) -> anyhow::Result<Mode> {
    parse_args(
        &args
            .split_whitespace()
            .map(String::from)
            .collect::<Vec<_>>(),
    )
}

#[test]
fn command_line() {
    match parse("--quick -o out/B.md").unwrap() {
        Mode::Both { measure, out } => {
            assert!(measure.quick);
            assert_eq!(out.markdown, Path::new("out/B.md"));
            assert_eq!(out.json, Path::new("out/benches/results/report.json"));
            assert_eq!(out.plots, Path::new("out/benches/plots"));
        }
        _ => panic!("not both"),
    }
    match parse("measure --quick --no-peers").unwrap() {
        Mode::Measure { measure, .. } => assert!(!measure.peers),
        _ => panic!("not measure"),
    }
    assert!(parse("render --no-peers").is_err());
    match parse("measure --lexicons L --json r.json").unwrap() {
        Mode::Measure { measure, json } => {
            assert_eq!(measure.lexicons, Path::new("L"));
            assert_eq!(json, Path::new("r.json"));
        }
        _ => panic!("not measure"),
    }
    match parse("render --json r.json -o B.md --plots p").unwrap() {
        Mode::Render(out) => {
            assert_eq!(out.json, Path::new("r.json"));
            assert_eq!(out.markdown, Path::new("B.md"));
            assert_eq!(out.plots, Path::new("p"));
        }
        _ => panic!("not render"),
    }
    assert!(parse("render --quick").is_err());
    assert!(parse("measure -o B.md").is_err());
    assert!(parse("--bogus").is_err());
}
