//! Generates the C header from `src/` into `OUT_DIR/lexgraph.h`
//! (`tests/header.rs` compares it with the checked-in
//! `include/lexgraph.h`; `LEXGRAPH_BLESS=1 cargo test -p lexgraph-c --test
//! header` rewrites that file), and gives the shared library its soname.

use std::path::{Path, PathBuf};

fn main() {
    let dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=cbindgen.toml");
    let version = std::env::var("CARGO_PKG_VERSION").unwrap();
    let [major, minor, patch]: [u32; 3] = ["MAJOR", "MINOR", "PATCH"].map(|p| {
        std::env::var(format!("CARGO_PKG_VERSION_{p}"))
            .unwrap()
            .parse()
            .unwrap()
    });

    let mut config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml");
    // The version the header was made for, beside lexgraph_version_number()
    // (the library's at run time): Cargo's, so they cannot drift apart.
    config.after_includes = Some(format!(
        "\n/* The version of the library this header declares (Cargo's). */\n\
         #define LEXGRAPH_VERSION \"{version}\"\n\
         #define LEXGRAPH_VERSION_MAJOR {major}\n\
         #define LEXGRAPH_VERSION_MINOR {minor}\n\
         #define LEXGRAPH_VERSION_PATCH {patch}\n\
         /* MAJOR * 1000000 + MINOR * 1000 + PATCH, as lexgraph_version_number(). */\n\
         #define LEXGRAPH_VERSION_NUMBER {}",
        major * 1_000_000 + minor * 1000 + patch
    ));
    let mut header = Vec::new();
    cbindgen::Builder::new()
        .with_config(config)
        .with_src(dir.join("src/lib.rs"))
        .generate()
        .expect("cbindgen reads src/lib.rs")
        .write(&mut header);
    let header = String::from_utf8(header).expect("a UTF-8 header");
    std::fs::write(out.join("lexgraph.h"), plain_comments(&header)).unwrap();

    // The soname of the installed library (install.sh names the file
    // liblexgraph.so.MAJOR.MINOR.PATCH): programs linked against it need
    // liblexgraph.so.MAJOR, whatever the file is called.
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        let soname = format!("liblexgraph.so.{major}");
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,{soname}");
        // Programs linked in the build tree (`-L target/release
        // -llexgraph_c`) then look for that name there: a link to the
        // library cargo builds, as libtool leaves one in its build tree.
        // OUT_DIR is PROFILE/build/lexgraph-c-HASH/out.
        if let Some(profile) = out.ancestors().nth(3) {
            for d in [profile.to_path_buf(), profile.join("deps")] {
                link_soname(&d, &soname);
            }
        }
    }
}

/// `dir/soname` -> `liblexgraph_c.so` (dangling until the library is
/// linked). A failure only costs programs linked in the build tree.
#[cfg(unix)]
fn link_soname(dir: &Path, soname: &str) {
    let link = dir.join(soname);
    if std::fs::read_link(&link).is_ok_and(|t| t == Path::new("liblexgraph_c.so")) {
        return;
    }
    let _ = std::fs::create_dir_all(dir);
    let _ = std::fs::remove_file(&link);
    if let Err(e) = std::os::unix::fs::symlink("liblexgraph_c.so", &link) {
        println!("cargo:warning=cannot link {}: {e}", link.display());
    }
}

#[cfg(not(unix))]
fn link_soname(_: &Path, _: &str) {}

/// The header with its doc comments as plain C comments: cbindgen copies
/// the Rust docs, whose markup (intra-doc links, code spans, the `# Safety`
/// heading clippy asks for) means nothing in a C header.
fn plain_comments(header: &str) -> String {
    let functions: Vec<&str> = header
        .lines()
        .filter(|l| !l.trim_start().starts_with('*') && l.contains('('))
        .filter_map(|l| l.split('(').next()?.rsplit([' ', '*']).next())
        .filter(|name| name.starts_with("lexgraph_"))
        .collect();
    let mut out = String::with_capacity(header.len());
    for line in header.split_inclusive('\n') {
        let t = line.trim_start();
        let comment = t.starts_with("* ") || t.starts_with("/**");
        if !comment {
            out.push_str(line);
        } else if t.trim_end() == "* # Safety" {
            out.push_str(&line.replace("# Safety", "Safety:"));
        } else {
            out.push_str(&plain_line(line, &functions));
        }
    }
    out
}

/// `[`name`]` becomes `name` (`name()` for a function, `a.b` for a field
/// `a::b`); a code span becomes its text, in quotes unless it is one
/// identifier-like word (`.` alone is quoted).
fn plain_line(line: &str, functions: &[&str]) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(i) = rest.find('`') {
        let link = rest[..i].ends_with('[');
        out.push_str(&rest[..i - usize::from(link)]);
        let after = &rest[i + 1..];
        let Some(j) = after.find('`') else {
            out.push_str(&rest[i..]);
            return out;
        };
        let code = &after[..j];
        rest = &after[j + 1..];
        if link && rest.starts_with(']') {
            rest = &rest[1..];
            // `[`name`](path)`: the path is Rust's.
            if rest.starts_with('(') {
                rest = rest.find(')').map_or(rest, |k| &rest[k + 1..]);
            }
            out.push_str(&code.replace("::", "."));
            if functions.contains(&code) {
                out.push_str("()");
            }
        } else if code.chars().any(|c| c.is_ascii_alphanumeric())
            && code
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "_.:*()-".contains(c))
        {
            out.push_str(code);
        } else {
            out.push('"');
            out.push_str(code);
            out.push('"');
        }
    }
    out.push_str(rest);
    out
}
