//! `install.sh` into a temporary prefix, then a C program built the way
//! its users build it: `cc $(pkg-config --cflags --libs lexgraph)`, run
//! against the installed library (found by its soname), and linked
//! statically with the `Libs.private` of `lexgraph.pc`. Needs pkg-config;
//! without it the test is skipped unless `LEXGRAPH_REQUIRE_PKGCONFIG` is
//! set (CI).

#![cfg(target_os = "linux")]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::ptr::null;

use lexgraph_c::lexgraph_status::LEXGRAPH_OK;

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn run(cmd: &mut Command) -> Output {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?} failed ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn has_pkg_config() -> bool {
    Command::new("pkg-config")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// `readelf -d FILE`'s dynamic section.
fn dynamic(file: &Path) -> String {
    stdout(&run(Command::new("readelf").arg("-d").arg(file)))
}

#[test]
fn installed_library_builds_and_runs_a_program_through_pkg_config() {
    if !has_pkg_config() {
        assert!(
            std::env::var_os("LEXGRAPH_REQUIRE_PKGCONFIG").is_none(),
            "pkg-config is not installed"
        );
        eprintln!("pkg-config is not installed: install.sh is not tested");
        return;
    }
    // The libraries this test was built with: beside it, in deps/.
    let exe = std::env::current_exe().unwrap();
    let built = exe.parent().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let prefix = dir.path().join("prefix");
    let version = env!("CARGO_PKG_VERSION");
    let major = env!("CARGO_PKG_VERSION_MAJOR");

    // A staged install: the files under DESTDIR, the prefix alone recorded.
    let stage = dir.path().join("stage");
    run(Command::new("sh")
        .arg(manifest().join("install.sh"))
        .args(["--prefix", "/opt/lexgraph", "--destdir"])
        .arg(&stage)
        .arg("--from")
        .arg(built));
    let staged = stage.join("opt/lexgraph");
    let pc = std::fs::read_to_string(staged.join("lib/pkgconfig/lexgraph.pc")).unwrap();
    assert!(pc.contains("prefix=/opt/lexgraph\n"), "{pc}");
    assert!(pc.contains(&format!("Version: {version}\n")), "{pc}");
    assert!(!pc.contains(stage.to_str().unwrap()), "{pc}");
    assert!(staged.join("include/lexgraph.h").is_file());

    // The real thing, twice: a second install replaces the first.
    for _ in 0..2 {
        run(Command::new("sh")
            .arg(manifest().join("install.sh"))
            .arg("--prefix")
            .arg(&prefix)
            .arg("--from")
            .arg(built));
    }
    let lib = prefix.join("lib");
    let real = lib.join(format!("liblexgraph.so.{version}"));
    let soname = format!("liblexgraph.so.{major}");
    assert!(real.is_file() && !real.is_symlink());
    assert_eq!(
        std::fs::read_link(lib.join(&soname)).unwrap(),
        Path::new(&format!("liblexgraph.so.{version}"))
    );
    assert_eq!(
        std::fs::read_link(lib.join("liblexgraph.so")).unwrap(),
        Path::new(&soname)
    );
    assert!(lib.join("liblexgraph.a").is_file());
    assert!(
        dynamic(&real).contains(&format!("Library soname: [{soname}]")),
        "{}",
        dynamic(&real)
    );
    let leftovers: Vec<_> = std::fs::read_dir(&lib)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.contains(".tmp."))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");

    let pkg = |args: &[&str]| {
        let out = run(Command::new("pkg-config")
            .args(args)
            .arg("lexgraph")
            .env("PKG_CONFIG_PATH", lib.join("pkgconfig"))
            .env_remove("PKG_CONFIG_LIBDIR"));
        stdout(&out)
            .split_whitespace()
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(pkg(&["--modversion"]), [version]);
    let flags = pkg(&["--cflags", "--libs"]);
    assert!(flags.contains(&"-llexgraph".to_string()), "{flags:?}");

    // A lexicon for the example to read, and the position it is given.
    let words = dir.path().join("words.txt");
    std::fs::write(&words, "quire\nquires\nqi\nqis\nrein\nreins\nsire\nrise\n").unwrap();
    let base = dir.path().join("small");
    let (w, b) = (words.to_str().unwrap(), base.to_str().unwrap());
    // SAFETY: valid strings with their lengths; no alphabet.
    let st = unsafe {
        lexgraph_c::lexgraph_compile(
            w.as_ptr().cast(),
            w.len(),
            b.as_ptr().cast(),
            b.len(),
            null(),
            0,
        )
    };
    assert_eq!(st, LEXGRAPH_OK);
    let gaddag = format!("{b}.gaddag");
    let cgp = "15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 S/ 0/0 0\n";
    let records = |exe: &Path, library_path: &str| {
        let mut cmd = Command::new(exe);
        cmd.args([&gaddag, "0", "score"])
            .env("LD_LIBRARY_PATH", library_path)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped());
        let mut child = cmd.spawn().unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(cgp.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        stdout(&out)
    };
    let check = |out: &str| {
        // QUIRES, the one play of the rack S: Q10 U1 I1 R1 E1 S1, no
        // premium square under the S.
        assert_eq!(out.lines().count(), 1, "{out}");
        assert!(out.contains("\"notation\":\"8E QUIRES\""), "{out}");
        assert!(out.contains("\"score\":15"), "{out}");
    };

    // Shared: found at run time by its soname in the prefix only.
    let shared = dir.path().join("records");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    run(Command::new(&cc)
        .args(["-std=c11", "-Wall", "-Wextra", "-Werror"])
        .arg(manifest().join("examples/records.c"))
        .args(&flags)
        .arg("-o")
        .arg(&shared));
    assert!(
        dynamic(&shared).contains(&format!("Shared library: [{soname}]")),
        "{}",
        dynamic(&shared)
    );
    let ldd = stdout(&run(Command::new("ldd")
        .arg(&shared)
        .env("LD_LIBRARY_PATH", &lib)));
    assert!(
        ldd.contains(&format!("{soname} => {}", lib.join(&soname).display())),
        "{ldd}"
    );
    check(&records(&shared, lib.to_str().unwrap()));

    // Static: the archive and the private libraries the .pc names.
    let fixed = dir.path().join("records-static");
    let mut libs = pkg(&["--static", "--libs"]);
    libs.retain(|f| f != "-llexgraph" && !f.starts_with("-L"));
    run(Command::new(&cc)
        .args(["-std=c11", "-Wall", "-Wextra", "-Werror"])
        .args(pkg(&["--cflags"]))
        .arg(manifest().join("examples/records.c"))
        .arg(lib.join("liblexgraph.a"))
        .args(&libs)
        .arg("-o")
        .arg(&fixed));
    assert!(
        !dynamic(&fixed).contains("liblexgraph"),
        "{}",
        dynamic(&fixed)
    );
    check(&records(&fixed, ""));
}
