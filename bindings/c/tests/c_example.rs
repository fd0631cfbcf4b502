//! The C example (`examples/analyse.c`), compiled with the system `cc`
//! against `lexgraph.h` and the shared library this test was built with,
//! run on the shipped ENABLE list: under valgrind (`--leak-check=full
//! --error-exitcode=1`, with `valgrind.supp`) when it is installed, which
//! `LEXGRAPH_REQUIRE_VALGRIND=1` (CI) makes a requirement.

use std::path::{Path, PathBuf};
use std::process::Command;

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Where cargo put `liblexgraph_c.so` for this build: beside the test.
fn library_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let deps = exe.parent().unwrap().to_path_buf();
    assert!(
        deps.join("liblexgraph_c.so").exists(),
        "liblexgraph_c.so is not in {}",
        deps.display()
    );
    deps
}

fn has(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
#[cfg(target_os = "linux")]
fn the_c_example_runs_clean_under_valgrind() {
    let dir = tempfile::tempdir().unwrap();
    let exe = dir.path().join("analyse");
    let lib = library_dir();
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let status = Command::new(&cc)
        .args(["-std=c11", "-Wall", "-Wextra", "-Werror", "-g"])
        .arg("-I")
        .arg(manifest().join("include"))
        .arg(manifest().join("examples/analyse.c"))
        .arg("-L")
        .arg(&lib)
        .arg("-llexgraph_c")
        // DT_RPATH, which wins over LD_LIBRARY_PATH (cargo sets it to
        // target/release, which may hold an older build of the library).
        .arg(format!("-Wl,--disable-new-dtags,-rpath,{}", lib.display()))
        .arg("-o")
        .arg(&exe)
        .status()
        .unwrap_or_else(|e| panic!("cannot run {cc}: {e}"));
    assert!(status.success(), "the C example does not compile");

    let words = manifest().join("../../lexicons/enable1.txt");
    let out = dir.path().join("enable");
    let valgrind = has("valgrind");
    if !valgrind {
        assert!(
            std::env::var_os("LEXGRAPH_REQUIRE_VALGRIND").is_none(),
            "valgrind is not installed"
        );
        eprintln!("valgrind is not installed: the example runs without it");
    }
    let mut cmd = if valgrind {
        let mut c = Command::new("valgrind");
        c.args(["-q", "--leak-check=full", "--error-exitcode=1"])
            .arg(format!(
                "--suppressions={}",
                manifest().join("tests/valgrind.supp").display()
            ))
            .arg(&exe);
        c
    } else {
        Command::new(&exe)
    };
    let run = cmd
        .arg(&words)
        .arg(&out)
        .env_remove("LD_LIBRARY_PATH")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        run.status.success(),
        "the C example failed ({}):\n{stdout}\n{stderr}",
        run.status
    );
    assert!(stdout.contains("all checks passed"), "{stdout}");
    assert!(stdout.contains("D2 ARsINES       score  80"), "{stdout}");
    // valgrind -q prints nothing unless it found something.
    assert!(!stderr.contains("=="), "{stderr}");
    assert!(Path::new(&format!("{}.gaddag", out.display())).exists());
}
