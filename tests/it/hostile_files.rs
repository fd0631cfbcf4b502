//! Small hostile files and careless inputs (issue #30): each is refused or
//! answered within a second and 100 MB, measured per command (wall time,
//! and the peak resident size `wait4` reports). Every hostile input is
//! built here; none is committed.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use tempfile::TempDir;

use crate::common::cli::{cmd, english_dir, run};

const MAX_TIME: Duration = Duration::from_secs(1);
const MAX_KB: u64 = 100 << 10;

/// Runs `lexgraph ARGS` in `dir`: its output, wall time and peak resident
/// size in KB (an upper bound: Linux counts the forked test process's
/// size before `exec` too, some 35 MB). (The child is reaped by `wait4`, which std's `Child` does
/// not know of.)
#[allow(clippy::zombie_processes)]
fn measured(dir: &Path, args: &[&str]) -> (Output, Duration, u64) {
    let t = Instant::now();
    let mut child = cmd(dir, args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let read = |mut r: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut v = Vec::new();
            let _ = r.read_to_end(&mut v);
            v
        })
    };
    let out = read(Box::new(child.stdout.take().unwrap()));
    let err = read(Box::new(child.stderr.take().unwrap()));
    let mut status = 0;
    // SAFETY: a zeroed `rusage` is a valid value for wait4 to fill in, and
    // `status` outlives the call; the child is ours and not yet waited for
    // (std's `Child` is never waited on after this, only dropped).
    let (rusage, pid) = unsafe {
        let mut rusage: libc::rusage = std::mem::zeroed();
        let pid = libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut rusage);
        (rusage, pid)
    };
    assert_eq!(pid, child.id() as libc::pid_t, "wait4");
    let took = t.elapsed();
    let output = Output {
        status: std::os::unix::process::ExitStatusExt::from_raw(status),
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    };
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{args:?} panicked: {stderr}");
    (output, took, rusage.ru_maxrss as u64)
}

/// `lexgraph ARGS` fails (or succeeds, `ok`) within the budget; returns its
/// stderr.
fn within_budget(dir: &Path, args: &[&str], ok: bool) -> String {
    let (out, took, kb) = measured(dir, args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.success(), ok, "{args:?}: {err}");
    assert!(took < MAX_TIME, "{args:?} took {took:?}");
    assert!(kb < MAX_KB, "{args:?} peaked at {kb} KB");
    eprintln!("{args:?}: {took:?}, {kb} KB");
    err
}

fn node(tile: u32, accepts: bool, end: bool, arc: u32) -> u32 {
    tile << 24 | (accepts as u32) << 23 | (end as u32) << 22 | arc
}

fn bytes(nodes: &[u32]) -> Vec<u8> {
    nodes.iter().flat_map(|n| n.to_le_bytes()).collect()
}

/// Seven lists of the 26 letters, each arc accepting and pointing to the
/// next list: every string of 1 to 7 letters is a word (8.4 billion) in
/// 736 bytes. With `gaddag`, node 1 is a second root to the same lists.
fn kwg_bomb(gaddag: bool) -> Vec<u8> {
    let mut nodes = vec![
        node(0, false, true, 2),
        node(0, false, true, if gaddag { 2 } else { 0 }),
    ];
    for level in 0..7u32 {
        let next = if level < 6 { 2 + 26 * (level + 1) } else { 0 };
        for t in 1..=26 {
            nodes.push(node(t, true, t == 26, next));
        }
    }
    bytes(&nodes)
}

/// A KLV2 of `nodes` (node 0 the root) and `values`.
fn klv2(nodes: &[u32], values: &[f32]) -> Vec<u8> {
    let mut b = (nodes.len() as u32).to_le_bytes().to_vec();
    b.extend(bytes(nodes));
    b.extend((values.len() as u32).to_le_bytes());
    b.extend(values.iter().flat_map(|v| v.to_le_bytes()));
    b
}

#[test]
fn a_kwg_that_spells_billions_of_words_is_refused_at_open() {
    let dir = TempDir::new().unwrap();
    std::fs::write(dir.path().join("bomb.kwg"), kwg_bomb(false)).unwrap();
    std::fs::write(dir.path().join("bombs.kwg"), kwg_bomb(true)).unwrap();
    let cgp = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0";
    for f in ["bomb.kwg", "bombs.kwg"] {
        for args in [
            &["verify", f][..],
            &["import", f, "--alphabet", "english", "-o", "out/x"],
            &["pattern", "-l", f, "*"],
            &["words", f],
            &["info", f],
            &["anagram", "-l", f, "AEINRST"],
            &["moves", "-l", f, "--cgp", cgp],
        ] {
            let err = within_budget(dir.path(), args, false);
            assert!(err.contains("512 per node"), "{args:?}: {err}");
            // A sound KWG of too many words: no advice to convert it.
            assert!(!err.contains("convert it"), "{args:?}: {err}");
        }
    }
    assert!(!dir.path().join("out").exists());
}

#[test]
fn hostile_klv_files_are_refused_at_open_in_linear_time() {
    let dir = TempDir::new().unwrap();
    // One sibling list of 100,000 arcs (400 KB): opening counted the words
    // from every node to the end of its list, 5·10⁹ steps.
    let n = 100_000u32;
    let mut long: Vec<u32> = vec![node(0, false, true, 1)];
    long.extend((1..n).map(|i| node(1 + i % 26, true, i == n - 1, 0)));
    let values = vec![1.0; n as usize - 1];
    std::fs::write(dir.path().join("long.klv2"), klv2(&long, &values)).unwrap();
    // 40 levels of two siblings leading to the next level, none accepting:
    // 2^40 paths to walk in 332 bytes, no leave.
    let mut paths = vec![node(0, false, true, 1)];
    for level in 0..40u32 {
        let next = if level < 39 { 1 + 2 * (level + 1) } else { 0 };
        paths.push(node(1, false, false, next));
        paths.push(node(2, false, true, next));
    }
    std::fs::write(dir.path().join("paths.klv2"), klv2(&paths, &[])).unwrap();
    // Values that are no numbers: NaN ranked first or last whatever the play.
    let ab = [
        node(0, false, true, 1),
        node(1, true, false, 0),
        node(2, true, true, 0),
    ];
    for (name, v) in [("nan", f32::NAN), ("inf", f32::INFINITY)] {
        std::fs::write(
            dir.path().join(format!("{name}.klv2")),
            klv2(&ab, &[1.0, v]),
        )
        .unwrap();
    }
    let cgp = "15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 AEINRST/ 0/0 0";
    // A lexicon given: the default one would be compiled on first use.
    let lex = english_dir().join("en.gaddag");
    let lex = lex.to_str().unwrap();
    for (file, want) in [
        ("long.klv2", "not higher"),
        ("paths.klv2", "leads nowhere"),
        ("nan.klv2", "value 1 is NaN"),
        ("inf.klv2", "value 1 is inf"),
    ] {
        let leaves = format!("klv:{file}");
        for args in [
            &["leaves", "dump", file][..],
            &["verify", file],
            &[
                "moves", "-l", lex, "--cgp", cgp, "--leaves", &leaves, "--top", "1",
            ],
        ] {
            let err = within_budget(dir.path(), args, false);
            assert!(err.contains(want), "{args:?}: {err}");
        }
    }
}

#[test]
fn a_long_valid_klv_opens_in_linear_time() {
    // Every leave of one to four of 26 letters (23,750): opening and dumping
    // a real-sized file stays fast.
    let dir = TempDir::new().unwrap();
    let mut csv = String::new();
    let letters: Vec<char> = ('A'..='Z').collect();
    let mut leave = String::new();
    fn rec(letters: &[char], from: usize, leave: &mut String, csv: &mut String, k: &mut u32) {
        if !leave.is_empty() {
            *k += 1;
            csv.push_str(&format!("{leave},{}.5\n", *k % 40));
        }
        if leave.len() == 4 {
            return;
        }
        for i in from..letters.len() {
            leave.push(letters[i]);
            rec(letters, i, leave, csv, k);
            leave.pop();
        }
    }
    let mut k = 0;
    rec(&letters, 0, &mut leave, &mut csv, &mut k);
    std::fs::write(dir.path().join("t.csv"), &csv).unwrap();
    let out = run(dir.path(), &["leaves", "compile", "t.csv", "-o", "t.klv2"]);
    assert!(out.status.success(), "{out:?}");
    within_budget(dir.path(), &["verify", "t.klv2"], true);
    within_budget(
        dir.path(),
        &["leaves", "dump", "t.klv2", "-o", "back.csv"],
        true,
    );
    let back = std::fs::read_to_string(dir.path().join("back.csv")).unwrap();
    assert_eq!(
        back.lines().filter(|l| !l.starts_with('#')).count(),
        k as usize
    );
}

#[test]
fn streams_devices_and_huge_sparse_files_given_as_lexicons_are_not_read() {
    let dir = TempDir::new().unwrap();
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    let fifo_ok = made.is_ok_and(|s| s.success());
    let sparse = std::fs::File::create(dir.path().join("sparse.gaddag")).unwrap();
    sparse.set_len(1 << 30).unwrap();
    let cgp = "15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 AEINRST/ 0/0 0";
    let lex = english_dir().join("en.gaddag");
    let lex = lex.to_str().unwrap();
    let mut files = vec!["/dev/zero", "/dev/urandom", "sparse.gaddag"];
    if fifo_ok {
        // No writer: opening it would wait for ever.
        files.push("fifo");
    }
    for f in files {
        let leaves = format!("klv:{f}");
        for args in [
            &["info", f][..],
            &["verify", f],
            &["words", f],
            &["moves", "-l", f, "--cgp", cgp],
            &["check", "-l", f, "QI"],
            &["leaves", "dump", f],
            &["moves", "-l", lex, "--cgp", cgp, "--leaves", &leaves],
        ] {
            let err = within_budget(dir.path(), args, false);
            let named = f.trim_start_matches("/dev/");
            assert!(err.contains(named), "{args:?}: {err}");
            if f != "sparse.gaddag" {
                assert!(err.contains("not a regular file"), "{args:?}: {err}");
            }
        }
    }
}

#[test]
fn a_rack_of_63_tiles_ranks_by_equity_without_a_table_of_its_leaves() {
    let dir = TempDir::new().unwrap();
    // No premiums: 63-tile racks cannot overflow a score.
    let plain: String = (0..15).map(|_| "...............\n").collect();
    std::fs::write(dir.path().join("plain.txt"), plain).unwrap();
    let rack = "AAAAAAAAABBCCDDDDEEEEEEEEEEEFFGGGHHIIIIIIIIJKLLLLMMNNNNNNOOOOOP";
    assert_eq!(rack.len(), 63);
    let cgp = format!("15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 {rack}/ 0/0 0");
    let lex = english_dir().join("en.gaddag");
    let lex = lex.to_str().unwrap();
    for leaves in ["gordon2", "gordon1"] {
        let args = [
            "moves",
            "-l",
            lex,
            "--cgp",
            &cgp,
            "--rack-size",
            "63",
            "--layout",
            "plain.txt",
            "--leaves",
            leaves,
            "--top",
            "3",
        ];
        let (out, took, kb) = measured(dir.path(), &args);
        assert!(out.status.success(), "{:?}", out);
        assert!(took < Duration::from_secs(5), "{took:?}");
        assert!(kb < MAX_KB, "{kb} KB");
        assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 3);
    }
}

/// A GCG record whose names and lexicon carry terminal escapes.
const ESCAPING_GCG: &str = "#player1 ann Ann\x1b]0;owned\x07\n#player2 bob Bob\x1b[2J\n\
#lexicon \x1b[31mRED\n>ann: AEIQRST 8H QUIRE +30 30\n";

#[test]
fn text_from_input_files_reaches_the_terminal_escaped_and_cut() {
    let dir = TempDir::new().unwrap();
    std::fs::write(dir.path().join("g.gcg"), ESCAPING_GCG).unwrap();
    let lex = english_dir().join("en.gaddag");
    let lex = lex.to_str().unwrap();
    let out = run(dir.path(), &["replay", "g.gcg", "-l", lex]);
    let all = [&out.stdout[..], &out.stderr[..]].concat();
    assert!(!all.contains(&0x1b) && !all.contains(&0x07), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Ann\\x1b]0;owned\\x07"), "{text}");
    // Unknown CGP opcodes, `ld` and `lex` names: on stderr, escaped.
    let cgp = "15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 AEINRS?/ 0/0 0";
    for ops in ["zz\x1b[2J x;", "ld \x1b]0;x\x07;", "lex \x1b[2Jfoo;"] {
        let line = format!("{cgp} {ops}");
        // `-l` would stand for the `lex` opcode's lexicon.
        let mut args = vec!["moves", "--cgp", &line, "--top", "1"];
        if !ops.starts_with("lex") {
            args.extend(["-l", lex]);
        }
        let out = run(dir.path(), &args);
        assert!(!out.stderr.contains(&0x1b), "{ops:?}: {out:?}");
        assert!(!out.stderr.is_empty(), "{ops:?}: nothing said");
    }
    // Input echoed in a message is cut: a 100 KB play.
    let play = format!("8E {}", "A".repeat(100_000));
    let out = run(
        dir.path(),
        &["moves", "-l", lex, "--cgp", cgp, "--play", &play],
    );
    assert!(!out.status.success());
    assert!(out.stderr.len() < 2000, "{} bytes", out.stderr.len());
    assert!(String::from_utf8_lossy(&out.stderr).contains("AAAA…"));
}

#[test]
fn numbers_out_of_range_get_messages_that_say_so() {
    let dir = TempDir::new().unwrap();
    for step in ["0", "nan", "inf", "-1"] {
        let arg = format!("--coarse-step={step}");
        let (out, _, _) = measured(dir.path(), &["tune", &arg]);
        assert_eq!(out.status.code(), Some(2), "{step}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("not a positive number"), "{step}: {err}");
    }
    let gcg = "#player1 a A\n#player2 b B\n>a: AEIQRST 8H QUIRE +30 1234567890\n";
    std::fs::write(dir.path().join("g.gcg"), gcg).unwrap();
    let out = run(dir.path(), &["replay", "g.gcg"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("out of range"), "{err}");
    assert!(!err.contains("not a number"), "{err}");
    // A KWG whose tiles run past English may be of another alphabet: the
    // advice says how to convert it; a corrupt one gets none.
    let other = bytes(&[node(0, false, true, 1), node(30, true, true, 0)]);
    std::fs::write(dir.path().join("other.kwg"), other).unwrap();
    let corrupt = bytes(&[node(0, false, true, 1), node(3, true, true, 9)]);
    std::fs::write(dir.path().join("corrupt.kwg"), corrupt).unwrap();
    let out = run(dir.path(), &["words", "-l", "other.kwg"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("convert it"));
    let out = run(dir.path(), &["words", "-l", "corrupt.kwg"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !err.contains("convert it") && err.contains("arc 9"),
        "{err}"
    );
}

/// The id of a process that has ended.
fn dead_pid() -> u32 {
    let mut c = std::process::Command::new("true").spawn().unwrap();
    let pid = c.id();
    c.wait().unwrap();
    pid
}

fn temporaries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp") || n.ends_with(".old"))
        .collect()
}

#[test]
fn writers_remove_dead_writers_temporaries_and_replace_links() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let lex = english_dir().join("en.gaddag");
    let lex = lex.to_str().unwrap();
    // What a writer killed outright leaves: removed by the next writer in
    // the directory, whatever its output; a running writer's file stays.
    let dead = format!(".x.kwg.{}.0.tmp", dead_pid());
    let dead_old = format!(".other.csv.{}.3.old", dead_pid());
    let alive = format!(".y.kwg.{}.0.tmp", std::process::id());
    for f in [&dead, &dead_old, &alive] {
        std::fs::write(d.join(f), b"partial").unwrap();
    }
    let out = run(d, &["export", lex, "--to", "kwg", "-o", "e.kwg"]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(temporaries(d), std::slice::from_ref(&alive));
    // A link at the output path is replaced, not written through; a
    // private file replaced stays private.
    std::fs::write(d.join("target.cgp"), "keep").unwrap();
    std::os::unix::fs::symlink("target.cgp", d.join("link.cgp")).unwrap();
    let out = run(
        d,
        &[
            "selfplay", "-l", lex, "--games", "1", "--seed", "3", "--out", "link.cgp",
        ],
    );
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        std::fs::read_to_string(d.join("target.cgp")).unwrap(),
        "keep"
    );
    let meta = std::fs::symlink_metadata(d.join("link.cgp")).unwrap();
    assert!(meta.is_file());
    std::fs::create_dir(d.join("man")).unwrap();
    std::os::unix::fs::symlink("../target.cgp", d.join("man/lexgraph.1")).unwrap();
    assert!(run(d, &["man", "-o", "man"]).status.success());
    assert_eq!(
        std::fs::read_to_string(d.join("target.cgp")).unwrap(),
        "keep"
    );
    assert!(std::fs::symlink_metadata(d.join("man/lexgraph.1"))
        .unwrap()
        .is_file());
    std::fs::set_permissions(d.join("e.kwg"), std::fs::Permissions::from_mode(0o600)).unwrap();
    assert!(run(d, &["export", lex, "--to", "kwg", "-o", "e.kwg"])
        .status
        .success());
    let mode = std::fs::metadata(d.join("e.kwg"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
    std::fs::remove_file(d.join(&alive)).unwrap();
    assert!(temporaries(d).is_empty(), "{:?}", temporaries(d));
}

#[test]
fn an_interrupted_writer_leaves_no_temporary_file() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let lex = english_dir().join("en.gaddag");
    for signal in [libc::SIGINT, libc::SIGTERM] {
        // Long enough to be under way when the signal comes.
        let mut child = cmd(
            d,
            &[
                "selfplay",
                "-l",
                lex.to_str().unwrap(),
                "--games",
                "100000",
                "--out",
                "p.cgp",
                "--quiet",
            ],
        )
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
        // Wait for the temporary file to appear, then interrupt.
        let t = Instant::now();
        while temporaries(d).is_empty() && t.elapsed() < Duration::from_secs(20) {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(!temporaries(d).is_empty(), "no temporary file seen");
        std::thread::sleep(Duration::from_millis(200));
        // SAFETY: kill(2) with the id of a child we have not waited for.
        assert_eq!(unsafe { libc::kill(child.id() as libc::pid_t, signal) }, 0);
        let status = child.wait().unwrap();
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(status.signal(), Some(signal), "{status:?}");
        assert!(temporaries(d).is_empty(), "{:?}", temporaries(d));
        assert!(!d.join("p.cgp").exists());
    }
}

/// Seven nodes of 26 edges, each edge a word's end and leading to the next
/// node: every string of 1 to 7 letters, as a sound lexgraph DAWG (edges
/// point forward, sorted) of 2 KB.
struct Bomb;

impl lexgraph::format::Automaton for Bomb {
    fn order(&self) -> &[u32] {
        &[0, 1, 2, 3, 4, 5, 6]
    }

    fn ids(&self) -> usize {
        7
    }

    fn edges(
        &self,
        id: u32,
    ) -> impl ExactSizeIterator<Item = lexgraph::format::AutomatonEdge> + '_ {
        (1..=26).map(move |tile| lexgraph::format::AutomatonEdge {
            tile,
            terminal: true,
            target: (id < 6).then_some(id + 1),
        })
    }
}

#[test]
fn a_lexicon_file_that_spells_billions_of_words_builds_no_anagram_index() {
    use lexgraph::format::{write, EdgeLayout, FileInfo, Kind};
    let a = lexgraph::Alphabet::english();
    let info = FileInfo {
        kind: Kind::Dawg,
        alphabet: &a,
        words: 8_353_082_582,
        max_word_len: 7,
        list_id: 1,
    };
    let bytes = write(&Bomb, &info, EdgeLayout::Packed).unwrap();
    assert!(bytes.len() < 4096, "{} bytes", bytes.len());
    let lex = lexgraph::Lexicon::from_vec(bytes).unwrap();
    assert!(lex.contains("QQQQQQQ") && !lex.contains("QQQQQQQQ"));
    // The index would list every word of up to 10 tiles (billions): it
    // gives up after a bounded walk instead, and the search goes on
    // without it.
    let t = Instant::now();
    assert!(lex.anagram_index().is_empty());
    assert!(t.elapsed() < MAX_TIME, "{:?}", t.elapsed());
    let p = lexgraph::Position::parse_cgp(
        "15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 AEINRST/ 0/0 0",
        &a,
        15,
    )
    .unwrap();
    let h2 = lexgraph::leave::Gordon::heuristic2(&a);
    let mut g = lexgraph::Generator::new(lexgraph::Rules::default());
    let best = g.best(&lex, &p, &h2, 3, &lexgraph::Options::default());
    assert_eq!(best.len(), 3);
}

/// An alphabet comes from files (a lexicon carries its own): a label or
/// name holding a character a terminal acts on is refused wherever it
/// comes from, since every word and play prints labels.
#[test]
fn alphabets_refuse_labels_and_names_a_terminal_would_obey() {
    use lexgraph::alphabet::TileInfo;
    let tile = |label: &str| TileInfo {
        label: label.into(),
        score: 1,
        count: 1,
        vowel: false,
    };
    let make = |name: &str, label: &str| {
        lexgraph::Alphabet::from_parts(name, tile("?"), vec![tile("A"), tile(label)], vec![])
    };
    assert!(make("plain", "CH").is_ok());
    for label in ["\x1b[2J", "B\u{7}", "\u{202e}Z", "C\u{9b}"] {
        let e = make("plain", label).unwrap_err().to_string();
        assert!(e.contains("reserved character"), "{label:?}: {e}");
    }
    let e = make("x\x1b]0;t\x07", "B").unwrap_err().to_string();
    assert!(
        e.contains("control character") && !e.contains('\x1b'),
        "{e}"
    );
}
