//! The command line on hostile input and concurrent use: unbounded word
//! lists, compiles that are killed or run at once, lexicon files changed
//! under a running command.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use tempfile::TempDir;

const BIN: &str = env!("CARGO_BIN_EXE_lexgraph");

fn cmd(dir: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(BIN);
    c.args(args)
        .current_dir(dir)
        .env("LEXGRAPH_CACHE", dir.join("cache"))
        .stdin(Stdio::null());
    c
}

fn run(dir: &Path, args: &[&str]) -> Output {
    let out = cmd(dir, args).output().expect("run lexgraph");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !err.contains("panicked"),
        "lexgraph {args:?} panicked:\n{err}"
    );
    out
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn compile_of_a_ten_megabyte_line_fails_at_once_naming_file_and_line() {
    let dir = TempDir::new().unwrap();
    let mut text = b"cat\n".to_vec();
    text.extend(std::iter::repeat_n(b'q', 10 << 20));
    std::fs::write(dir.path().join("big.txt"), &text).unwrap();
    for extra in [&[][..], &["--skip-invalid"][..]] {
        let t = Instant::now();
        let mut args = vec!["compile", "big.txt", "-o", "out/x"];
        args.extend_from_slice(extra);
        let out = run(dir.path(), &args);
        let took = t.elapsed();
        assert!(!out.status.success());
        let err = stderr(&out);
        assert!(err.contains("big.txt:2 (byte offset 4)"), "{err}");
        assert!(
            err.len() < 1000,
            "the line is not echoed whole: {} bytes",
            err.len()
        );
        assert!(took < Duration::from_millis(500), "took {took:?}");
        assert!(!dir.path().join("out/x.dawg").exists());
    }
}

#[test]
fn endless_inputs_are_refused_in_bounded_time() {
    let dir = TempDir::new().unwrap();
    let words = dir.path().join("w.txt");
    std::fs::write(&words, "cat\ndog\n").unwrap();
    assert!(run(dir.path(), &["compile", "w.txt", "-o", "x"])
        .status
        .success());
    let cases: [&[&str]; 4] = [
        &["compile", "/dev/zero", "-o", "z"],
        &["compile", "/dev/zero", "-o", "z", "--skip-invalid"],
        &["verify", "x.dawg", "--words", "/dev/zero"],
        &["compile", "w.txt", "-o", "z", "--alphabet", "/dev/zero"],
    ];
    for args in cases {
        let t = Instant::now();
        let out = run(dir.path(), args);
        assert!(t.elapsed() < Duration::from_secs(2), "{args:?}");
        assert!(!out.status.success(), "{args:?}");
        let err = stderr(&out);
        assert!(
            err.contains("/dev/zero") && err.contains("1"),
            "{args:?}: {err}"
        );
    }
    // From standard input too.
    let mut child = cmd(dir.path(), &["verify", "x.dawg", "--words", "-"])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let zeros = vec![0u8; 1 << 16];
        // Stops when lexgraph exits and the pipe closes.
        while stdin.write_all(&zeros).is_ok() {}
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(!out.status.success());
    assert!(stderr(&out).contains("stdin:1"), "{}", stderr(&out));
}
