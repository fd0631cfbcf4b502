//! What a script or a program driving `lexgraph` relies on: exit statuses,
//! tiles written so that they read back, one rule for lexicon arguments,
//! standard input, a `moves` engine that answers a line at a time, CGP
//! opcodes, and messages that name the real fault.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

const EMPTY15: &str = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15";
const QUIRE: &str = "15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15";

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_lexgraph"));
    c.env("LEXGRAPH_CACHE", scratch().join("cache"));
    c.env_remove("LEXGRAPH_LEXICON_PATH");
    c.current_dir(scratch());
    c
}

/// A temp dir with ENABLE as `en.*` and the Spanish list as `es.*`.
fn scratch() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let d = tempfile::tempdir().unwrap();
        let root = crate::common::root();
        for (list, out, extra) in [
            ("lexicons/enable1.txt", "en", &[][..]),
            (
                "lexicons/spanish.txt",
                "es",
                &["--alphabet", "spanish", "--skip-invalid"][..],
            ),
        ] {
            let o = Command::new(env!("CARGO_BIN_EXE_lexgraph"))
                .arg("compile")
                .arg(root.join(list))
                .arg("-o")
                .arg(d.path().join(out))
                .args(extra)
                .output()
                .unwrap();
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        }
        d
    })
    .path()
}

fn lex(name: &str) -> PathBuf {
    scratch().join(name)
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().unwrap()
}

fn run_stdin(args: &[&str], input: &str) -> Output {
    let mut c = bin();
    c.args(args);
    feed(c, input)
}

/// Runs `c` with `input` on its standard input, to the end.
fn feed(mut c: Command, input: &str) -> Output {
    let mut child = c
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A command that fails before reading its input closes the pipe.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exited, not killed")
}

#[test]
fn exit_statuses_tell_yes_no_usage_and_data_apart() {
    let en = lex("en.dawg");
    let en = en.to_str().unwrap();
    assert_eq!(code(&run(&["check", "-l", en, "QAT", "ZAX"])), 0);
    let o = run(&["check", "-l", en, "QAT", "XYZZY"]);
    assert_eq!(code(&o), 1, "a word not found is a negative answer");
    assert_eq!(stdout(&o), "QAT yes\nXYZZY no\n");
    assert_eq!(code(&run(&["check", "--no-such-flag", "QI"])), 2);
    assert_eq!(code(&run(&["moves", "-l", en])), 2, "no position given");
    assert_eq!(
        code(&run(&[
            "compile",
            "x.txt",
            "-o",
            "x",
            "--alphabet",
            "klingon"
        ])),
        2
    );
    let o = run(&["check", "-l", "missing.dawg", "QI"]);
    assert_eq!(code(&o), 3, "an unreadable lexicon is an I/O error");
    let garbage = scratch().join("garbage.dawg");
    std::fs::write(
        &garbage,
        b"not a lexicon at all, but long enough to have a header....",
    )
    .unwrap();
    assert_eq!(
        code(&run(&["check", "-l", garbage.to_str().unwrap(), "QI"])),
        3
    );
    // verify answers a question: a corrupt file is its "no".
    assert_eq!(code(&run(&["verify", garbage.to_str().unwrap()])), 1);
    assert_eq!(code(&run(&["verify", en])), 0);
    let help = stdout(&run(&["--help"]));
    for line in [
        "Exit status:",
        "1  a negative answer",
        "2  usage error",
        "3  bad input data",
    ] {
        assert!(help.contains(line), "--help lacks {line:?}:\n{help}");
    }
}

/// A count given as 0 is a usage error that says what it must be, not the
/// 64-bit range clap's ranged parser names.
#[test]
fn counts_of_zero_say_at_least_one() {
    for args in [
        &["sim", "--iterations", "0"][..],
        &["match", "--games", "0"],
        &["selfplay", "--games", "0"],
        &["tune", "--coarse-games", "0"],
        &["tune", "--max-passes", "0"],
        &["leaves", "train", "--games", "10,0", "-o", "x.klv2"],
        &[
            "leaves",
            "train",
            "--games",
            "10",
            "--min-support",
            "0",
            "-o",
            "x.klv2",
        ],
    ] {
        let o = run(args);
        assert_eq!(code(&o), 2, "{args:?}");
        let e = stderr(&o);
        assert!(e.contains("must be at least 1"), "{args:?}: {e}");
        assert!(!e.contains("18446744073709551615"), "{args:?}: {e}");
    }
    let e = stderr(&run(&["sim", "--iterations", "many"]));
    assert!(e.contains("'many'") && e.contains("invalid digit"), "{e}");
}

#[test]
fn operands_are_never_lexicons() {
    // `out` is a directory here: it is still the word OUT, never a lexicon.
    std::fs::create_dir_all(scratch().join("out")).unwrap();
    let o = run(&[
        "check",
        "-l",
        lex("en.dawg").to_str().unwrap(),
        "out",
        "QAT",
    ]);
    assert_eq!(stdout(&o), "out yes\nQAT yes\n", "{}", stderr(&o));
    // An operand written as a lexicon path is refused with the way to give it.
    for args in [
        &["check", "en.dawg", "QI"][..],
        &["check", "./out", "QI"][..],
        &["anagram", "en.gaddag"][..],
        &["pattern", "x/y.kwg"][..],
    ] {
        let o = run(args);
        assert_eq!(code(&o), 2, "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("-l/--lexicon"), "{}", stderr(&o));
    }
    // Commands that take nothing but a lexicon take it as their operand too.
    let g = lex("en.gaddag");
    let a = stdout(&run(&["info", g.to_str().unwrap()]));
    let b = stdout(&run(&["info", "-l", g.to_str().unwrap()]));
    assert!(a.contains("kind:        GADDAG") && a == b, "{a}");
}

#[test]
fn standard_input_for_compile_and_check() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("mine");
    let o = run_stdin(
        &["compile", "-", "-o", out.to_str().unwrap()],
        "cat\ncar\n# comment\ncart\n",
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let dawg = dir.path().join("mine.dawg");
    let words = stdout(&run(&["words", dawg.to_str().unwrap()]));
    assert_eq!(words, "CAR\nCART\nCAT\n");
    let o = run_stdin(
        &["check", "-l", dawg.to_str().unwrap(), "-"],
        "cat\ncab\n\ncart\n",
    );
    assert_eq!(code(&o), 1);
    assert_eq!(stdout(&o), "cat yes\ncab no\ncart yes\n");
    // Standard input has no name to call a directory's output after.
    let o = run_stdin(
        &["compile", "-", "-o", &format!("{}/", dir.path().display())],
        "cat\n",
    );
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(stderr(&o).contains("give -o DIR/NAME"), "{}", stderr(&o));
}

#[test]
fn cgp_letters_outside_brackets_are_single_tiles() {
    let es = lex("es.gaddag");
    let es = es.to_str().unwrap();
    // Two L tiles, not the LL tile: no move uses [LL], and five L tiles
    // are more than the bag's four (five LL tiles would be counted as such).
    let o = run(&[
        "moves",
        "-l",
        es,
        "--cgp",
        &format!("{EMPTY15} CDLLNOS/ 0/0 0"),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        !text.is_empty() && !text.contains("[LL]"),
        "no LL tile on the rack:\n{text}"
    );
    let o = run(&[
        "moves",
        "-l",
        es,
        "--cgp",
        &format!("{EMPTY15} LLLLL/ 0/0 0"),
    ]);
    assert_eq!(code(&o), 3);
    assert!(stderr(&o).contains("5 L tiles"), "{}", stderr(&o));
    // [LL] is the LL tile (the bag has one): written in brackets on output.
    let o = run(&[
        "moves",
        "-l",
        es,
        "--cgp",
        &format!("{EMPTY15} CO[LL]ANS/ 0/0 0"),
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("[LL]"), "{}", stdout(&o));
    let o = run(&[
        "moves",
        "-l",
        es,
        "--cgp",
        &format!("{EMPTY15} [LL][LL]/ 0/0 0"),
    ]);
    assert_eq!(code(&o), 3);
    assert!(stderr(&o).contains("2 [LL] tiles"), "{}", stderr(&o));
    // Board rows read the same way: L L on the board is two tiles.
    let row = "15/15/15/15/15/15/15/6LL7/15/15/15/15/15/15/15 [LL][CH]AOSE/ 0/0 0";
    let o = run(&["moves", "-l", es, "--cgp", row, "--top", "1"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
}

#[test]
fn every_printed_word_reads_back_as_the_same_tiles() {
    let es = lex("es.gaddag");
    let es = es.to_str().unwrap();
    let cgp = format!("{EMPTY15} [CH]ASCAS/ 0/0 0");
    let o = run(&[
        "moves", "-l", es, "--cgp", &cgp, "--top", "1", "--by", "score",
    ]);
    assert_eq!(stdout(&o), "8D [CH]ASCAS 34\n", "{}", stderr(&o));
    // By equity, with the Spanish list's own leaves (`lexicons/spanish.klv2`,
    // copied beside es.gaddag by `compile`); Heuristic 2 keeps the S.
    let o = run(&["moves", "-l", es, "--cgp", &cgp, "--top", "1"]);
    let own = run(&[
        "moves",
        "-l",
        es,
        "--cgp",
        &cgp,
        "--top",
        "1",
        "--leaves",
        "klv:es.klv2",
    ]);
    assert_eq!(stdout(&o), stdout(&own), "{}", stderr(&o));
    assert_eq!(stdout(&o).split(' ').count(), 5, "{}", stdout(&o));
    let o = run(&[
        "moves", "-l", es, "--cgp", &cgp, "--top", "1", "--leaves", "gordon2",
    ]);
    assert_eq!(stdout(&o), "8D [CH]ASCA 32 39.5 S\n", "{}", stderr(&o));
    let o = run(&[
        "moves", "-l", es, "--cgp", &cgp, "--top", "1", "--format", "json", "--by", "score",
    ]);
    let j: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(j["word"], "[CH]ASCAS");
    assert_eq!(j["notation"], "8D [CH]ASCAS");
    assert_eq!(j["tiles"][0]["letter"], "[CH]");
    // --play takes the printed form back.
    let o = run(&["moves", "-l", es, "--cgp", &cgp, "--play", "8D [CH]ASCAS"]);
    assert_eq!(stdout(&o), "8D [CH]ASCAS 34\n", "{}", stderr(&o));
    // Lower case is a blank: the rack has none.
    let o = run(&["moves", "-l", es, "--cgp", &cgp, "--play", "8d [ch]ascas"]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert!(stderr(&o).contains("no blank"), "{}", stderr(&o));
    // Without brackets C and H are two tiles, as in a rack.
    let o = run(&["moves", "-l", es, "--cgp", &cgp, "--play", "8D CHASCAS"]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert!(stderr(&o).contains("no H"), "{}", stderr(&o));
    // Word streams, anagrams and patterns bracket multi-character tiles,
    // and `check` reads those forms back.
    let d = lex("es.dawg");
    let d = d.to_str().unwrap();
    let words = stdout(&run(&["words", d, "--prefix", "[CH]ASCA"]));
    assert!(words.lines().any(|w| w == "[CH]ASCAS"), "{words}");
    let ana = stdout(&run(&["anagram", "-l", d, "[CH]ASCAS"]));
    assert!(ana.lines().any(|w| w == "[CH]ASCAS"), "{ana}");
    let pat = stdout(&run(&["pattern", "-l", d, "[CH]ASCA?"]));
    assert!(pat.lines().any(|w| w == "[CH]ASCAS"), "{pat}");
    let o = run(&["check", "-l", d, "[CH]ASCAS", "chascas"]);
    assert_eq!(stdout(&o), "[CH]ASCAS yes\nchascas yes\n");
}

#[test]
fn moves_answers_each_line_as_it_arrives() {
    let g = lex("en.gaddag");
    let mut child = bin()
        .args([
            "moves",
            "-l",
            g.to_str().unwrap(),
            "--cgp-file",
            "-",
            "--count",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    // One line in, its answer out, with standard input still open.
    for (k, rack) in ["AEINRS?", "AT", "OX"].iter().enumerate() {
        writeln!(stdin, "{QUIRE} {rack}/ 0/0 0").unwrap();
        stdin.flush().unwrap();
        let start = Instant::now();
        let answer = rx
            .recv_timeout(Duration::from_secs(30))
            .unwrap_or_else(|_| panic!("no answer to line {k} while stdin stays open"));
        assert!(answer.starts_with(&format!("{k} ")), "{answer}");
        assert!(start.elapsed() < Duration::from_secs(30));
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn an_unknown_lex_name_is_an_error_unless_fallback() {
    let cgp = format!("{QUIRE} AEINRS?/ 0/0 0 lex NOSUCHLEX;");
    let o = run(&["moves", "--cgp", &cgp, "--count"]);
    assert_eq!(code(&o), 3, "{}", stderr(&o));
    assert!(stderr(&o).contains("\"NOSUCHLEX\"") && stderr(&o).contains("--fallback"));
    assert!(stdout(&o).is_empty());
    let o = run(&["moves", "--cgp", &cgp, "--count", "--fallback"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stderr(&o).contains("using the built-in English lexicon"));
    // A batch: the line is reported, the others answered.
    let batch = format!("{QUIRE} AT/ 0/0 0 lex EN;\n{cgp}\n{QUIRE} OX/ 0/0 0 lex EN;\n");
    let mut c = bin();
    c.env("LEXGRAPH_LEXICON_PATH", scratch());
    c.args(["moves", "--cgp-file", "-", "--count", "--format", "json"]);
    let o = feed(c, &batch);
    assert_eq!(code(&o), 3, "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    // The bad line's record, in its place in the stream.
    assert_eq!(lines[1]["position"], 1);
    assert!(
        lines[1]["error"].as_str().unwrap().contains("NOSUCHLEX"),
        "{lines:?}"
    );
    // JSON names the lexicon used.
    assert!(
        lines[0]["lexicon"].as_str().unwrap().ends_with("en.gaddag"),
        "{lines:?}"
    );
    assert!(stderr(&o).contains("stdin:2"), "{}", stderr(&o));
}

#[test]
fn many_names_for_one_file_open_it_once() {
    // 300 names, none found: with --fallback they all resolve to the one
    // built-in lexicon, and each is reported once.
    let mut batch = String::new();
    for i in 0..300 {
        batch.push_str(&format!(
            "{QUIRE} AT/ 0/0 0 lex NAME{i};\n{QUIRE} OX/ 0/0 0 lex NAME{i};\n"
        ));
    }
    let o = run_stdin(
        &["moves", "--cgp-file", "-", "--count", "--fallback"],
        &batch,
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 600);
    let notes = stderr(&o)
        .lines()
        .filter(|l| !l.contains("compiling the built-in"))
        .count();
    assert_eq!(notes, 300, "one note per name");
}

#[test]
fn cgp_opcodes_bingo_distribution_and_layout() {
    let g = lex("en.gaddag");
    let g = g.to_str().unwrap();
    let score = |ops: &str, extra: &[&str]| -> (String, String, i32) {
        let cgp = format!("{EMPTY15} AEINRST/ 0/0 0 {ops}");
        let mut args = vec![
            "moves", "-l", g, "--cgp", &cgp, "--top", "1", "--by", "score",
        ];
        args.extend_from_slice(extra);
        let o = run(&args);
        (stdout(&o), stderr(&o), code(&o))
    };
    // RETAINS and friends: 7 tiles, 8 + 50 on the opening double word... as
    // the default gives them; `bb 35;` gives 15 less.
    let (base, _, _) = score("", &[]);
    let base: i32 = base.trim().rsplit(' ').next().unwrap().parse().unwrap();
    let (with_bb, err, c) = score("bb 35;", &[]);
    assert_eq!(c, 0, "{err}");
    let with_bb: i32 = with_bb.trim().rsplit(' ').next().unwrap().parse().unwrap();
    assert_eq!(base - with_bb, 15);
    let (_, err, c) = score("bb 2147483647;", &[]);
    assert_eq!(c, 3);
    assert!(err.contains("bingo bonus"), "{err}");
    // A known distribution and layout are honoured silently.
    let (out, err, c) = score("ld english; bdn CrosswordGame;", &[]);
    assert_eq!((c, err.as_str()), (0, ""));
    assert_eq!(out.trim().rsplit(' ').next().unwrap(), base.to_string());
    // Unknown ones, and unknown opcodes, warn once and are ignored.
    let (_, err, c) = score("ld klingon; bdn Weird; zz 1; zz 2;", &[]);
    assert_eq!(c, 0);
    assert_eq!(err.matches("warning:").count(), 3, "{err}");
    assert!(
        err.contains("klingon") && err.contains("Weird") && err.contains("`zz`"),
        "{err}"
    );
}

#[test]
fn messages_name_the_real_fault() {
    let g = lex("en.gaddag");
    let g = g.to_str().unwrap();
    let rows16 = format!("{EMPTY15}/15 AB/ 0/0 0");
    let o = run(&["moves", "-l", g, "--cgp", &rows16]);
    assert!(
        stderr(&o).contains("the board has 16 rows"),
        "{}",
        stderr(&o)
    );
    let big = format!("{} AB/ 0/0 0", vec!["15"; 10_000].join("/"));
    let o = run(&["moves", "-l", g, "--cgp", &big]);
    assert!(
        stderr(&o).contains("the board has 10000 rows"),
        "{}",
        stderr(&o)
    );
    let o = run(&["moves", "-l", g, "--cgp", "hello"]);
    assert!(stderr(&o).contains("not a CGP line") && stderr(&o).contains("BOARD RACK/RACK"));
    // A game record given as CGP.
    let gcg =
        "#character-encoding UTF-8\n#player1 a A\n#player2 b B\n>a: AEINRST 8D RETAINS +72 72\n";
    let o = run_stdin(&["moves", "-l", g, "--cgp-file", "-"], gcg);
    assert_eq!(code(&o), 3);
    assert!(stderr(&o).contains("GCG"), "{}", stderr(&o));
    let f = scratch().join("game.gcg");
    std::fs::write(&f, gcg).unwrap();
    let o = run(&["moves", "-l", g, "--board", f.to_str().unwrap()]);
    assert!(stderr(&o).contains("GCG"), "{}", stderr(&o));
    // A line far too long is reported, not read into memory.
    let long = "A".repeat(200_000);
    let o = run_stdin(
        &["moves", "-l", g, "--cgp-file", "-"],
        &format!("{long}\n{QUIRE} AT/ 0/0 0\n"),
    );
    assert_eq!(code(&o), 3);
    assert!(
        stderr(&o).contains("a line of 200001 bytes"),
        "{}",
        stderr(&o)
    );
    assert!(
        stdout(&o).contains("# position 1"),
        "the next line is answered"
    );
    // Endless input: bounded time and memory, then a clear error.
    if Path::new("/dev/zero").exists() {
        let start = Instant::now();
        for args in [
            &["moves", "-l", g, "--cgp-file", "/dev/zero"][..],
            &["moves", "-l", g, "--board", "/dev/zero"][..],
            &["moves", "-l", g, "--layout", "/dev/zero", "--cgp", "x"][..],
        ] {
            let o = run(args);
            assert_eq!(code(&o), 3, "{args:?}: {}", stderr(&o));
            assert!(stderr(&o).lines().count() <= 2, "{args:?}: {}", stderr(&o));
            assert!(stderr(&o).len() < 400, "a short quote only: {}", stderr(&o));
        }
        assert!(start.elapsed() < Duration::from_secs(30));
    }
}

#[test]
fn option_ranges_are_checked() {
    let g = lex("en.gaddag");
    let g = g.to_str().unwrap();
    let cgp = format!("{EMPTY15} AEINRST/ 0/0 0");
    for (flag, value) in [
        ("--bingo", "2147483647"),
        ("--bingo", "-5"),
        ("--rack-size", "0"),
        ("--rack-size", "64"),
    ] {
        let o = run(&["moves", "-l", g, "--cgp", &cgp, flag, value]);
        assert_eq!(code(&o), 2, "{flag} {value}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"));
    }
    // An all-Q layout with 15-tile racks could score past i32::MAX.
    let dir = tempfile::tempdir().unwrap();
    let q = dir.path().join("q.txt");
    std::fs::write(&q, format!("{}\n", "Q".repeat(15)).repeat(15)).unwrap();
    let layout = q.to_str().unwrap();
    let o = run(&[
        "moves",
        "-l",
        g,
        "--cgp",
        &cgp,
        "--layout",
        layout,
        "--rack-size",
        "15",
    ]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(stderr(&o).contains("2147483647"), "{}", stderr(&o));
}

#[test]
fn compile_names_the_path_in_the_way() {
    let dir = tempfile::tempdir().unwrap();
    let words = dir.path().join("w.txt");
    std::fs::write(&words, "cat\ndog\n").unwrap();
    std::fs::write(dir.path().join("file"), "").unwrap();
    let out = dir.path().join("file/sub/x");
    let o = run(&[
        "compile",
        words.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 3);
    let err = stderr(&o);
    assert!(err.contains("file is a file, not a directory"), "{err}");
    assert!(!err.contains("os error 17"), "{err}");
}

/// A directory no file can be created in is named as the fault. Run as
/// an unprivileged user (root may write anywhere): directly, or through
/// `setpriv` when the tests run as root.
#[cfg(unix)]
#[test]
fn compile_into_a_read_only_directory_names_the_directory() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    std::fs::set_permissions(p, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::write(p.join("w.txt"), "cat\ndog\n").unwrap();
    std::fs::create_dir(p.join("ro")).unwrap();
    std::fs::set_permissions(p.join("ro"), std::fs::Permissions::from_mode(0o555)).unwrap();
    let root = Command::new("id").arg("-u").output().unwrap().stdout == b"0\n";
    let exe = env!("CARGO_BIN_EXE_lexgraph");
    let args = ["compile", "w.txt", "-o", "ro/x"];
    let o = if root {
        let Ok(o) = Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups", exe])
            .args(args)
            .current_dir(p)
            .output()
        else {
            panic!("running as root, and setpriv (util-linux) is missing to drop privileges");
        };
        o
    } else {
        Command::new(exe)
            .args(args)
            .current_dir(p)
            .output()
            .unwrap()
    };
    assert_eq!(code(&o), 3, "{}", stderr(&o));
    assert_eq!(stderr(&o), "error: ro: Permission denied (os error 13)\n");
    assert_eq!(std::fs::read_dir(p.join("ro")).unwrap().count(), 0);
}

#[test]
fn an_illegal_play_says_why() {
    let g = lex("en.gaddag");
    let g = g.to_str().unwrap();
    let why = |rack: &str, play: &str| -> (i32, String) {
        let cgp = format!("{QUIRE} {rack}/ 0/0 0");
        let o = run(&["moves", "-l", g, "--cgp", &cgp, "--play", play]);
        (code(&o), stderr(&o))
    };
    for (rack, play, reason) in [
        ("S", "8E QUIRES", ""),
        ("AB", "8E QUIREZ", "QUIREZ is not in the lexicon"),
        ("AB", "8E QUIRES", "no S on the rack AB"),
        ("S", "8E QUIREs", "no blank (for s)"),
        ("AT", "1A AT", "does not touch any tile"),
        ("AT", "8H AT", "8H holds R, not A"),
        ("AT", "16A AT", "off the 15x15 board"),
        ("AT", "8O ATE", "runs off the 15x15 board"),
    ] {
        let (c, err) = why(rack, play);
        if reason.is_empty() {
            assert_eq!(c, 0, "{play}: {err}");
        } else {
            assert_eq!(c, 1, "{play}: {err}");
            assert!(err.contains(reason), "{play}: wanted {reason:?} in {err}");
        }
    }
    let cgp = format!("{EMPTY15} QUIRE/ 0/0 0");
    let o = run(&["moves", "-l", g, "--cgp", &cgp, "--play", "1A QUIRE"]);
    assert_eq!(code(&o), 1);
    assert!(
        stderr(&o).contains("cover the start square 8H"),
        "{}",
        stderr(&o)
    );
    let o = run(&["moves", "-l", g, "--cgp", &cgp, "--play", "Q1 QUIRE"]);
    assert!(stderr(&o).contains("off the 15x15 board"), "{}", stderr(&o));
}

#[test]
fn completions_and_man_pages() {
    for shell in ["bash", "zsh", "fish"] {
        let o = run(&["completions", shell]);
        assert_eq!(code(&o), 0);
        assert!(stdout(&o).contains("compile"), "{shell}");
    }
    let dir = tempfile::tempdir().unwrap();
    let o = run(&["man", "-o", dir.path().to_str().unwrap()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let page = std::fs::read_to_string(dir.path().join("lexgraph-moves.1")).unwrap();
    assert!(page.contains(".TH") && page.contains("cgp"), "{page}");
}
