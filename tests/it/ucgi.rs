//! `lexgraph ucgi` driven as a GUI drives an engine: commands written to
//! its standard input while its answers are read line by line, with
//! deadlines; the answers checked against `moves` and `endgame`.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::common::cli::{english_dir, run, BIN};

/// The README's opening position: QUIRE on the board, AEINRS? to play.
const OPENING: &str = "15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 AEINRS?/ 0/0 0";

/// The README's endgame: the bag empty, TTU to play against QR.
const ENDGAME: &str = "7F2BURKE/7U4A2/7N4G2/7D3AGLY/7I4I2/1J3RECOVERED1/1A9ES2/AVA1Z1UNROOF3/BEANIES4L3/1l2N6O3/HIT1C5WO3/ANA4DOLED3/PAX3GORIEsT2/4MY1I2N1IMP/THEWIEST2SOLEI TTU/ 403/465 0";

/// Long enough for a debug build on a busy machine; a test that passes
/// never waits for it.
const PATIENCE: Duration = Duration::from_secs(120);

fn lexicon() -> PathBuf {
    english_dir().join("en.gaddag")
}

/// A running engine: its input, and its output lines as they come.
struct Engine {
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far, for failure messages.
    seen: Vec<String>,
}

impl Engine {
    fn start(dir: &Path) -> Engine {
        let mut child = Command::new(BIN)
            .args(["ucgi", "-l"])
            .arg(lexicon())
            .current_dir(dir)
            .env("LEXGRAPH_CACHE", dir.join("cache"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start lexgraph ucgi");
        let out = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let input = child.stdin.take();
        Engine {
            child,
            input,
            lines,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        let input = self.input.as_mut().expect("input open");
        writeln!(input, "{line}").unwrap();
        input.flush().unwrap();
    }

    /// The lines up to and including the first that `done` accepts,
    /// within `within`.
    fn until(&mut self, within: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + within;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    got.push(line.clone());
                    if done(&line) {
                        return got;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!(
                        "no awaited line within {within:?}; so far:\n{}",
                        self.seen.join("\n")
                    )
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!(
                        "the engine closed its output; so far:\n{}",
                        self.seen.join("\n")
                    )
                }
            }
        }
    }

    /// The answer to `line`: every line up to the one starting with `last`.
    fn ask(&mut self, line: &str, last: &str) -> Vec<String> {
        self.send(line);
        self.until(PATIENCE, |l| l.starts_with(last))
    }

    /// `isready` answered, and the lines before `readyok`.
    fn sync(&mut self) -> Vec<String> {
        let mut got = self.ask("isready", "readyok");
        got.pop();
        got
    }

    /// Closes the input with `quit` (or none) and waits for the exit
    /// status, which must be 0 within `within`.
    fn finish(mut self, quit: bool, within: Duration) {
        if quit {
            self.send("quit");
        }
        drop(self.input.take());
        let t0 = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                let mut err = String::new();
                let _ =
                    std::io::Read::read_to_string(self.child.stderr.as_mut().unwrap(), &mut err);
                assert!(status.success(), "exit {status}: {err}");
                assert!(!err.contains("panicked"), "{err}");
                return;
            }
            if t0.elapsed() > within {
                let _ = self.child.kill();
                panic!("the engine did not exit within {within:?}");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

/// `8D QUIRE` (lexgraph's notation) as UCGI writes it: `8d.QUIRE`.
fn as_ucgi(play: &str) -> String {
    match play.split_once(' ') {
        Some(("exchange", tiles)) => format!("ex.{tiles}"),
        Some((at, word)) => format!("{}.{word}", at.to_ascii_lowercase()),
        None => play.to_string(),
    }
}

fn bestmove(lines: &[String]) -> String {
    let last = lines.last().expect("a line");
    last.strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("not a bestmove: {last}"))
        .to_string()
}

/// The handshake, options, errors that leave the session going, and `go`
/// at once: the best play by equity, as `lexgraph moves` ranks it.
#[test]
fn a_gui_session_with_a_static_search() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut e = Engine::start(d);
    let hello = e.ask("ucgi", "ucgiok");
    assert!(hello[0].starts_with("id name lexgraph "), "{hello:?}");
    assert!(hello[1].starts_with("id author "), "{hello:?}");
    for option in ["Lexicon", "Leaves", "Threads", "EndgameHash"] {
        let name = format!("option name {option} type ");
        assert!(hello.iter().any(|l| l.starts_with(&name)), "{hello:?}");
    }
    assert!(e.sync().is_empty());

    // Wrong lines are answered, and the session goes on.
    e.send("frobnicate now");
    e.send("go");
    e.send("position cgp 15/15 nonsense");
    e.send("go");
    e.send("setoption name Threads value 0");
    e.send("setoption name NoSuchOption value 1");
    e.send("stop");
    let answers = e.sync();
    assert_eq!(answers.len(), 6, "{answers:?}");
    assert!(answers[0].starts_with("info string unknown command: frobnicate"));
    for a in &answers[1..] {
        assert!(a.starts_with("info string error: "), "{answers:?}");
    }
    assert!(answers[1].contains("without a position"), "{answers:?}");
    assert!(answers[3].contains("without a position"), "{answers:?}");
    // UCI: unknown words before a command are skipped.
    assert!(e.ask("joho isready", "readyok").len() == 1);

    let o = run(
        d,
        &[
            "moves",
            "-l",
            lexicon().to_str().unwrap(),
            "--cgp",
            OPENING,
            "--top",
            "1",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let listed = String::from_utf8_lossy(&o.stdout);
    let first = listed.lines().next().unwrap();
    let words: Vec<&str> = first.split_whitespace().collect();
    let expected = as_ucgi(&format!("{} {}", words[0], words[1]));

    e.send(&format!("position cgp {OPENING}"));
    let answer = e.ask("go", "bestmove");
    assert_eq!(bestmove(&answer), expected, "{answer:?} vs {first}");
    assert!(answer[0].starts_with(&format!("info currmove {expected} sc {} eq ", words[2])));
    let three = e.ask("go static plays 3", "bestmove");
    assert_eq!(three.len(), 4, "{three:?}");
    assert_eq!(bestmove(&three), expected);
    e.finish(true, Duration::from_secs(10));
}

/// `go sim`: it ends by its budget with every candidate reported; `go
/// infinite` runs until `stop`, which is answered at once with one
/// bestmove; a `go` while searching is refused; `quit` ends a search.
#[test]
fn a_simulation_stops_when_told() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = Engine::start(dir.path());
    e.send("setoption name Threads value 2");
    e.send(&format!("position cgp {OPENING}"));
    assert!(e.sync().is_empty());

    let answer = e.ask("go sim plays 3 i 20 depth 1", "bestmove");
    // The final report: every candidate, a summary, the answer.
    let n = answer.len();
    assert!(n >= 5, "{answer:?}");
    let table = &answer[n - 5..n - 2];
    for l in table {
        assert!(
            l.starts_with("info currmove ") && l.contains(" it 20 "),
            "{answer:?}"
        );
    }
    assert!(
        answer[n - 2].starts_with("info string sim: 20 iterations"),
        "{answer:?}"
    );
    // The table is best first, and its first is the answer.
    let best = bestmove(&answer);
    assert!(
        table[0].starts_with(&format!("info currmove {best} ")),
        "{answer:?}"
    );

    e.send("go infinite plays 5");
    // Searching: its first report, then a refused `go`.
    e.until(PATIENCE, |l| l.starts_with("info currmove "));
    let refused = e.ask("go", "info string error");
    assert!(
        refused.last().unwrap().contains("while searching"),
        "{refused:?}"
    );
    e.send("stop");
    let stopped = Instant::now();
    let answer = e.until(Duration::from_secs(10), |l| l.starts_with("bestmove"));
    assert!(
        stopped.elapsed() < Duration::from_secs(2),
        "bestmove {:?} after stop",
        stopped.elapsed()
    );
    assert!(bestmove(&answer).starts_with("d2."), "{answer:?}");
    // One bestmove: nothing more of that search after it.
    std::thread::sleep(Duration::from_millis(500));
    let after = e.sync();
    assert!(after.is_empty(), "{after:?}");
    e.send("stop");
    assert!(e.sync().is_empty());

    e.send("go sim infinite");
    e.until(PATIENCE, |l| l.starts_with("info currmove "));
    e.finish(true, Duration::from_secs(5));
}

/// `go endgame` gives `lexgraph endgame`'s value and first play, with an
/// `info depth` line per search; `go sim` on an empty bag is refused; the
/// end of input lets a search finish.
#[test]
fn an_endgame_is_solved_as_lexgraph_endgame_solves_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let lex = lexicon();
    let o = run(
        d,
        &[
            "endgame",
            "-l",
            lex.to_str().unwrap(),
            "--cgp",
            ENDGAME,
            "--format",
            "json",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let solved: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(solved["exact"], true, "{solved}");
    let value = solved["value"].as_i64().unwrap();
    let first = as_ucgi(solved["line"][0]["play"].as_str().unwrap());

    let mut e = Engine::start(d);
    e.send(&format!("position cgp {ENDGAME}"));
    let refused = e.ask("go sim", "info string error");
    assert!(refused.last().unwrap().contains("endgame"), "{refused:?}");
    let answer = e.ask("go endgame", "bestmove");
    assert_eq!(bestmove(&answer), first, "{answer:?}");
    let depths: Vec<&String> = answer
        .iter()
        .filter(|l| l.starts_with("info depth "))
        .collect();
    assert!(!depths.is_empty(), "{answer:?}");
    let last = depths.last().unwrap();
    assert!(
        last.contains(&format!(" score eq {value} ")),
        "{last} vs {value}"
    );
    assert!(last.contains(&format!(" pv {first}")), "{last}");
    assert!(answer.iter().any(|l| l.contains("(exact)")), "{answer:?}");

    // A depth limit and no search type: the endgame, as the bag is empty.
    e.send("go depth 1");
    e.finish(false, PATIENCE);
}
