//! Running the `lexgraph` binary as a user does, in a directory of the
//! test's own (the default-lexicon cache inside it).

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

pub const BIN: &str = env!("CARGO_BIN_EXE_lexgraph");

/// A command running in `dir`, with the default-lexicon cache inside it.
pub fn cmd(dir: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(BIN);
    c.args(args)
        .current_dir(dir)
        .env("LEXGRAPH_CACHE", dir.join("cache"))
        .env_remove("LEXGRAPH_TRACE")
        .stdin(Stdio::null());
    c
}

/// Runs `lexgraph ARGS` in `dir`; a panic is a test failure whatever the
/// test expects of the exit status.
pub fn run(dir: &Path, args: &[&str]) -> Output {
    let out = cmd(dir, args).output().expect("run lexgraph");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !err.contains("panicked"),
        "lexgraph {args:?} panicked:\n{err}"
    );
    out
}

/// Runs `lexgraph ARGS` in `dir` (as [`cmd`] sets it up) with `input` on
/// standard input; a panic is a test failure whatever the test expects of
/// the exit status. The program may stop reading early: a closed pipe is
/// fine.
pub fn run_with_input(dir: &Path, args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = cmd(dir, args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run lexgraph");
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !err.contains("panicked"),
        "lexgraph {args:?} panicked:\n{err}"
    );
    out
}

/// A temp dir with the project's English list compiled once, as
/// `en.dawg` and `en.gaddag`.
pub fn english_dir() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let d = tempfile::tempdir().unwrap();
        let list = crate::common::root().join("lexicons/wordlist-en.txt");
        let out = Command::new(BIN)
            .args(["compile"])
            .arg(&list)
            .arg("-o")
            .arg(d.path().join("en"))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        d
    })
    .path()
}
