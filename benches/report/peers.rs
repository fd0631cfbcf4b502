//! The peer engines of `benches/peers/`, run beside lexgraph on the same
//! positions in the same sitting: wolges through its harness `wolges-peer`
//! (every move: `time`; the best play by equity: `best-equity`), the
//! `scrabble` crate through ours, `scrabble-peer` (every move: `time`).
//!
//! Each round is one process that reads the suite's positions, makes one
//! untimed warm-up pass and times one more (`--reps 1`); the rounds take
//! turns with lexgraph's repetitions ([`crate::movegen::time_sides`]),
//! so that the machine's drifting speed hits every engine alike. Both
//! harnesses print, per timed pass, `rep K: mean_us_per_position=…
//! cpu_us_per_position=…` on stderr and a summary line with `mean_us=` on
//! stdout; [`parse`] reads both. A process's peak memory is its own
//! `peak_rss_kb=` where it prints one (scrabble-peer), else `VmHWM` of
//! `/proc/PID/status` read while it runs (the high-water mark only grows,
//! and the harnesses reach it loading the lexicon).
//!
//! The programs are `$LEXGRAPH_WOLGES_PEER` and `$LEXGRAPH_SCRABBLE_PEER`,
//! else `wolges-peer` and `scrabble-peer` in `$LEXGRAPH_PEERS_BIN`, else in
//! `target/peers/bin` of the crate (where `benches/peers/build.sh` puts
//! them). A peer that is missing is left out with a note; the report says so.
//!
//! lexgraph's own command line is timed the same way, as a whole process
//! (parse, open, generate, print) from the outside: `lexgraph moves
//! --cgp-file` on the suite's positions, its output to a file
//! ([`Peers::cli_job`]). The program is `$LEXGRAPH_CLI`, else `lexgraph`
//! beside this report's directory (`target/release/lexgraph`, built by
//! `cargo build --release`); left out with a note when absent.

use std::ffi::OsString;
use std::io::{Read, Seek};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::results::{PeerBuild, PeerInfo, PeerRun};

pub const WOLGES: &str = "wolges";
pub const SCRABBLE: &str = "scrabble";
/// lexgraph's command line, timed as a peer is (not a peer: it has a table
/// of its own).
pub const CLI: &str = "lexgraph moves";

/// The peers found for this run and what they need.
pub struct Peers {
    wolges: Option<PathBuf>,
    scrabble: Option<PathBuf>,
    /// lexgraph's command line, or why it is not run.
    cli: Result<PathBuf, String>,
    /// `ENABLE.kwg`, `SOWPODS.kwg` (wolges' lexicons).
    kwg_dir: PathBuf,
    /// The word lists lexgraph compiled, by suite: `enable`, `sowpods`.
    lists: Vec<(&'static str, PathBuf)>,
    /// scrabble's compiled lexicons by suite (or why there is none), built
    /// on first use.
    slex: Vec<(String, Result<PathBuf, String>)>,
    /// What the report says about each peer.
    pub info: Vec<PeerInfo>,
    tmp: tempfile::TempDir,
    files: usize,
}

/// The directory `build.sh` installs the programs in.
fn bin_dir() -> PathBuf {
    std::env::var_os("LEXGRAPH_PEERS_BIN")
        .filter(|p| !p.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/target/peers/bin")))
}

/// The program of one peer: `$env`, else `file` in [`bin_dir`].
fn locate(env: &str, file: &str) -> Result<PathBuf, String> {
    match std::env::var_os(env).filter(|p| !p.is_empty()) {
        Some(p) => {
            let p = PathBuf::from(p);
            if p.is_file() {
                Ok(p)
            } else {
                Err(format!("{env}={} is not a file", p.display()))
            }
        }
        None => {
            let p = bin_dir().join(file);
            if p.is_file() {
                Ok(p)
            } else {
                Err(format!(
                    "{} not found (build it with `benches/peers/build.sh`, or set {env})",
                    p.display()
                ))
            }
        }
    }
}

impl Peers {
    /// Looks for the programs; `wanted: false` (`--no-peers`) runs none.
    /// `kwg_dir` holds wolges' KWG files; `lists` are the word lists lexgraph
    /// compiled, by suite name.
    pub fn find(
        wanted: bool,
        kwg_dir: &Path,
        lists: Vec<(&'static str, PathBuf)>,
    ) -> anyhow::Result<Peers> {
        let mut info = Vec::new();
        let mut found = |name: &str, env: &str, file: &str| -> Option<PathBuf> {
            let located = if wanted {
                locate(env, file)
            } else {
                Err("left out by --no-peers".into())
            };
            let mut i = PeerInfo {
                name: name.into(),
                ..PeerInfo::default()
            };
            let path = match located {
                Ok(p) => {
                    let mut version = p.clone().into_os_string();
                    version.push(".version");
                    i.version = std::fs::read_to_string(version)
                        .ok()
                        .map(|v| v.trim().to_string())
                        .filter(|v| !v.is_empty());
                    i.program = Some(p.display().to_string());
                    progress!(
                        "peer {name}: {} ({})",
                        p.display(),
                        i.version.as_deref().unwrap_or("version unknown")
                    );
                    Some(p)
                }
                Err(e) => {
                    progress!("peer {name}: {e}");
                    i.note = Some(e);
                    None
                }
            };
            info.push(i);
            path
        };
        let wolges = found(WOLGES, "LEXGRAPH_WOLGES_PEER", "wolges-peer");
        let scrabble = found(SCRABBLE, "LEXGRAPH_SCRABBLE_PEER", "scrabble-peer");
        let cli = locate_cli();
        match &cli {
            Ok(p) => progress!("command line: {}", p.display()),
            Err(e) => progress!("command line: {e}; not timed"),
        }
        Ok(Peers {
            wolges,
            scrabble,
            cli,
            kwg_dir: kwg_dir.to_path_buf(),
            lists,
            slex: Vec::new(),
            info,
            tmp: tempfile::tempdir()?,
            files: 0,
        })
    }

    /// No peer will run.
    pub fn none(&self) -> bool {
        self.wolges.is_none() && self.scrabble.is_none()
    }

    /// Writes positions for the peers to read.
    fn positions_file(&mut self, lines: &[String]) -> Result<PathBuf, String> {
        self.files += 1;
        let path = self.tmp.path().join(format!("suite{}.cgp", self.files));
        let mut text = lines.join("\n");
        text.push('\n');
        std::fs::write(&path, text).map_err(|e| format!("writing {}: {e}", path.display()))?;
        Ok(path)
    }

    /// scrabble's lexicon for a suite, compiled on first use from the word
    /// list lexgraph compiled.
    fn scrabble_lexicon(&mut self, program: &Path, suite: &str) -> Result<PathBuf, String> {
        if let Some((_, r)) = self.slex.iter().find(|(s, _)| s == suite) {
            return r.clone();
        }
        let r = self.build_scrabble_lexicon(program, suite);
        self.slex.push((suite.to_string(), r.clone()));
        r
    }

    fn build_scrabble_lexicon(&mut self, program: &Path, suite: &str) -> Result<PathBuf, String> {
        let list = self
            .lists
            .iter()
            .find(|(s, _)| *s == suite)
            .map(|(_, p)| p.clone())
            .ok_or_else(|| format!("no word list for the {suite} suite"))?;
        let out = self.tmp.path().join(format!("{suite}.slex"));
        progress!(
            "peer scrabble: compiling {} into its lexicon",
            list.display()
        );
        let o = run(
            program,
            &[
                "build".into(),
                list.clone().into_os_string(),
                out.clone().into_os_string(),
            ],
        )?;
        let s = o.summary();
        let get = |k: &str| s.iter().find(|(key, _)| key == k).map(|(_, v)| v.clone());
        let num = |k: &str| get(k).and_then(|v| v.parse::<f64>().ok());
        let build = PeerBuild {
            suite: suite.into(),
            words: num("words").unwrap_or(0.0) as u64,
            build_s: num("build_s").unwrap_or(0.0),
            bytes: num("bytes").unwrap_or(0.0) as u64,
            peak_rss_kb: num("peak_rss_kb")
                .map(|k| k as u64)
                .filter(|&k| k > 0)
                .or(o.hwm_kb),
        };
        progress!(
            "  {} words in {:.2} s, {} bytes",
            build.words,
            build.build_s,
            build.bytes
        );
        if let Some(i) = self.info.iter_mut().find(|i| i.name == SCRABBLE) {
            i.builds.push(build);
        }
        Ok(out)
    }

    /// Every move of every position of a suite (`enable` or `sowpods`, the
    /// standard board), one job per peer found.
    pub fn every_move_jobs(&mut self, suite: &str, lines: &[String]) -> Vec<Job> {
        if self.none() {
            return Vec::new();
        }
        let positions = self.positions_file(lines);
        let mut jobs = Vec::new();
        if let Some(w) = self.wolges.clone() {
            let kwg = self.kwg_dir.join(kwg_file(suite));
            let args = positions.clone().and_then(|p| {
                if !kwg.is_file() {
                    return Err(format!("{} not found", kwg.display()));
                }
                Ok(vec![
                    "time".into(),
                    kwg.into_os_string(),
                    p.into_os_string(),
                    "--reps".into(),
                    "1".into(),
                ])
            });
            jobs.push(Job::new(WOLGES, w, args, lines.len()));
        }
        if let Some(s) = self.scrabble.clone() {
            let args = positions.and_then(|p| {
                let lex = self.scrabble_lexicon(&s, suite)?;
                Ok(vec![
                    "time".into(),
                    lex.into_os_string(),
                    p.into_os_string(),
                    "--reps".into(),
                    "1".into(),
                ])
            });
            jobs.push(Job::new(SCRABBLE, s, args, lines.len()));
        }
        jobs
    }

    /// The best play by equity with the leave file `klv`: wolges alone
    /// (scrabble 0.1.0 reads no KLV2 file and has no top-1 search).
    pub fn best_equity_jobs(&mut self, suite: &str, lines: &[String], klv: &Path) -> Vec<Job> {
        let Some(w) = self.wolges.clone() else {
            return Vec::new();
        };
        let kwg = self.kwg_dir.join(kwg_file(suite));
        let args = self.positions_file(lines).and_then(|p| {
            if !kwg.is_file() {
                return Err(format!("{} not found", kwg.display()));
            }
            Ok(vec![
                "best-equity".into(),
                kwg.into_os_string(),
                klv.as_os_str().to_owned(),
                p.into_os_string(),
                "--reps".into(),
                "1".into(),
            ])
        });
        let mut job = Job::new(WOLGES, w, args, lines.len());
        job.equities = Some(Vec::new());
        vec![job]
    }

    /// lexgraph's command line on a suite's positions with its GADDAG
    /// `gaddag` (written to a file here), a process a round: every move
    /// (`leaves: None`), or the best play by equity with the KLV file
    /// `leaves` (`--leaves KLV --top 1`, on the GADDAG with its anagram
    /// index stored). `None` when the program is absent.
    pub fn cli_job(
        &mut self,
        suite: &str,
        lines: &[String],
        gaddag: &[u8],
        leaves: Option<&Path>,
    ) -> Option<Job> {
        let program = self.cli.clone().ok()?;
        // The best play by equity reads the anagram index: from a file
        // compiled with it (`compile --anagram-index`), as a program that
        // runs such searches would have it.
        let name = match leaves {
            Some(_) => format!("{suite}.anagrams.gaddag"),
            None => format!("{suite}.gaddag"),
        };
        let lexicon = self.tmp.path().join(name);
        let args = self.positions_file(lines).and_then(|p| {
            if !lexicon.is_file() {
                let bytes = match leaves {
                    Some(_) => lexgraph::compile::add_anagram_index(gaddag.to_vec())
                        .map_err(|e| format!("storing the anagram index: {e}"))?,
                    None => gaddag.to_vec(),
                };
                std::fs::write(&lexicon, bytes)
                    .map_err(|e| format!("writing {}: {e}", lexicon.display()))?;
            }
            let mut args: Vec<OsString> = vec![
                "moves".into(),
                "--lexicon".into(),
                lexicon.into_os_string(),
                "--cgp-file".into(),
                p.into_os_string(),
            ];
            match leaves {
                Some(klv) => {
                    args.extend(["--leaves".into(), klv.into(), "--top".into(), "1".into()])
                }
                // Every move, as the peers list them: by score.
                None => args.extend(["--by".into(), "score".into(), "--all".into()]),
            }
            Ok(args)
        });
        let mut job = Job::new(CLI, program, args, lines.len());
        job.wall = true;
        Some(job)
    }
}

/// lexgraph's program: `$LEXGRAPH_CLI`, else `lexgraph` in the directory
/// above this report's (`target/release/examples/bench-report` →
/// `target/release/lexgraph`).
fn locate_cli() -> Result<PathBuf, String> {
    if let Some(p) = std::env::var_os("LEXGRAPH_CLI").filter(|p| !p.is_empty()) {
        let p = PathBuf::from(p);
        return match p.is_file() {
            true => Ok(p),
            false => Err(format!("LEXGRAPH_CLI={} is not a file", p.display())),
        };
    }
    let exe = std::env::current_exe().map_err(|e| format!("locating this program: {e}"))?;
    let p = exe
        .parent()
        .and_then(Path::parent)
        .map(|d| d.join(format!("lexgraph{}", std::env::consts::EXE_SUFFIX)))
        .ok_or("no directory above this program's")?;
    match p.is_file() {
        true => Ok(p),
        false => Err(format!(
            "{} not found (build it with `cargo build --release`, or set LEXGRAPH_CLI)",
            p.display()
        )),
    }
}

/// wolges' lexicon for a suite.
fn kwg_file(suite: &str) -> &'static str {
    match suite {
        "enable" => "ENABLE.kwg",
        _ => "SOWPODS.kwg",
    }
}

/// One peer on one suite, a round at a time.
pub struct Job {
    program: PathBuf,
    args: Vec<OsString>,
    pub run: PeerRun,
    /// Best-equity jobs: per position, (the peer's bag, its best equity in
    /// millipoints), from the first round.
    equities: Option<Vec<(i64, i64)>>,
    /// Timed from outside (the command line): the process's wall time, and
    /// its moves from the `# position K (…): N moves` lines (with `--top`,
    /// every play, not only those printed).
    wall: bool,
}

impl Job {
    fn new(
        peer: &str,
        program: PathBuf,
        args: Result<Vec<OsString>, String>,
        positions: usize,
    ) -> Job {
        let mut run = PeerRun {
            peer: peer.into(),
            positions,
            ..PeerRun::default()
        };
        let args = args.unwrap_or_else(|e| {
            progress!("  peer {peer}: {e}; left out");
            run.error = Some(e);
            Vec::new()
        });
        Job {
            program,
            args,
            run,
            equities: None,
            wall: false,
        }
    }

    /// Runs one round; after a failure, nothing.
    pub fn round(&mut self) {
        if self.run.error.is_some() {
            return;
        }
        match run(&self.program, &self.args).and_then(|o| self.record(&o)) {
            Ok(()) => {}
            Err(e) => {
                progress!("  peer {}: {e}", self.run.peer);
                self.run.error = Some(e);
            }
        }
    }

    fn record(&mut self, o: &Output) -> Result<(), String> {
        if self.wall {
            let n = self.run.positions.max(1) as f64;
            self.run.rep_us.push(o.elapsed.as_secs_f64() * 1e6 / n);
            self.run.peak_rss_kb = self.run.peak_rss_kb.max(o.hwm_kb);
            let moves = o
                .stdout
                .lines()
                .filter(|l| l.starts_with("# position "))
                .filter_map(|l| l.rsplit(' ').nth(1)?.parse::<usize>().ok())
                .sum::<usize>();
            self.run.moves = Some(moves);
            return Ok(());
        }
        let reps = o.reps();
        let [(us, cpu)] = reps[..] else {
            return Err(format!(
                "expected one timed pass, read {}: {}",
                reps.len(),
                o.tail()
            ));
        };
        let summary = o.summary();
        let get = |k: &str| {
            summary
                .iter()
                .find(|(key, _)| key == k)
                .and_then(|(_, v)| v.parse::<u64>().ok())
        };
        self.run.rep_us.push(us);
        if let Some(c) = cpu {
            self.run.cpu_us.push(c);
        }
        if let Some(m) = get("moves") {
            self.run.moves = Some(m as usize);
        }
        let hwm = get("peak_rss_kb").filter(|&k| k > 0).or(o.hwm_kb);
        self.run.peak_rss_kb = self.run.peak_rss_kb.max(hwm);
        if let Some(eq) = self.equities.as_mut().filter(|e| e.is_empty()) {
            // `K BAG EQUITY SCORE MOVE…`, one line per position.
            for line in o.stdout.lines().filter(|l| !l.starts_with('#')) {
                let mut f = line.split_whitespace();
                let (Some(_), Some(bag), Some(e)) = (f.next(), f.next(), f.next()) else {
                    continue;
                };
                if let (Ok(bag), Some(milli)) = (bag.parse::<i64>(), milli(e)) {
                    eq.push((bag, milli));
                }
            }
        }
        Ok(())
    }

    /// Best-equity jobs: compares lexgraph's best equity of each position
    /// with the peer's where the peer's bag holds tiles.
    pub fn compare_equity(&mut self, lexgraph: &[Option<f32>]) {
        let Some(eq) = &self.equities else {
            return;
        };
        if eq.len() != lexgraph.len() {
            return;
        }
        let mut compared = 0;
        let mut same = 0;
        for (&(bag, peer), ours) in eq.iter().zip(lexgraph) {
            if bag <= 0 {
                continue;
            }
            compared += 1;
            if let Some(e) = ours {
                same += usize::from(((*e as f64 * 1000.0).round() as i64 - peer).abs() <= 1);
            }
        }
        self.run.equity_compared = Some(compared);
        self.run.equity_same = Some(same);
    }
}

/// One round of every job; the order alternates with `round`.
pub fn round_all(jobs: &mut [Job], round: usize) {
    if round.is_multiple_of(2) {
        jobs.iter_mut().for_each(Job::round);
    } else {
        jobs.iter_mut().rev().for_each(Job::round);
    }
}

/// `41.613` or `-7.5` → millipoints.
fn milli(s: &str) -> Option<i64> {
    let v: f64 = s.parse().ok()?;
    Some((v * 1000.0).round() as i64)
}

/// What a peer process printed, and its peak memory as watched from here.
pub struct Output {
    pub stdout: String,
    pub stderr: String,
    pub hwm_kb: Option<u64>,
    /// From the start of the process to its end (seen within 1 ms).
    pub elapsed: Duration,
}

impl Output {
    /// (µs, CPU µs) per position of each timed pass, from the `rep K:` lines.
    pub fn reps(&self) -> Vec<(f64, Option<f64>)> {
        self.stderr
            .lines()
            .filter(|l| l.starts_with("rep "))
            .filter_map(|l| {
                let f = fields(l);
                let get = |k: &str| {
                    f.iter()
                        .find(|(key, _)| key == k)
                        .and_then(|(_, v)| v.parse::<f64>().ok())
                };
                Some((get("mean_us_per_position")?, get("cpu_us_per_position")))
            })
            .collect()
    }

    /// The `key=value` fields of the summary line: the last line of stdout
    /// with `mean_us=`, or for `build` its last line.
    pub fn summary(&self) -> Vec<(String, String)> {
        let line = self
            .stdout
            .lines()
            .rev()
            .find(|l| l.contains(" mean_us="))
            .or_else(|| self.stdout.lines().next_back())
            .unwrap_or_default();
        fields(line)
    }

    /// The end of stderr, for an error message.
    fn tail(&self) -> String {
        let lines: Vec<&str> = self.stderr.lines().collect();
        lines[lines.len().saturating_sub(3)..].join(" / ")
    }
}

/// `key=value` tokens of a line.
fn fields(line: &str) -> Vec<(String, String)> {
    line.split_whitespace()
        .filter_map(|t| t.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// `VmHWM` of a running process, kB.
fn vm_hwm_kb(status: &Path) -> Option<u64> {
    let text = std::fs::read_to_string(status).ok()?;
    let line = text.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs a peer to the end, its output in temporary files (no pipe to
/// drain), watching its peak memory and its end every millisecond (the
/// command line's time is taken from outside).
pub fn run(program: &Path, args: &[OsString]) -> Result<Output, String> {
    let what = || {
        format!(
            "{} {}",
            program.display(),
            args.first().map_or("".into(), |a| a.to_string_lossy())
        )
    };
    let io = |e: std::io::Error| format!("{}: {e}", what());
    let mut out = tempfile::tempfile().map_err(io)?;
    let mut err = tempfile::tempfile().map_err(io)?;
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(out.try_clone().map_err(io)?)
        .stderr(err.try_clone().map_err(io)?)
        .spawn()
        .map_err(io)?;
    let status_file = PathBuf::from(format!("/proc/{}/status", child.id()));
    let mut hwm: Option<u64> = None;
    let start = Instant::now();
    let (status, elapsed) = loop {
        // Every poll: a short run (a quick suite's command line takes a few
        // ms) may give one reading only. A process just started or ending
        // may read 0 (or nothing): no reading, rather than a peak of 0.
        hwm = hwm.max(vm_hwm_kb(&status_file).filter(|&k| k > 0));
        match child.try_wait().map_err(io)? {
            Some(s) => break (s, start.elapsed()),
            None if start.elapsed() > Duration::from_secs(3600) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("{}: still running after an hour, killed", what()));
            }
            None => std::thread::sleep(Duration::from_millis(1)),
        }
    };
    let read = |f: &mut std::fs::File| -> Result<String, String> {
        let mut s = String::new();
        f.rewind().map_err(io)?;
        f.read_to_string(&mut s).map_err(io)?;
        Ok(s)
    };
    let o = Output {
        stdout: read(&mut out)?,
        stderr: read(&mut err)?,
        hwm_kb: hwm,
        elapsed,
    };
    if !status.success() {
        return Err(format!("{}: {status}: {}", what(), o.tail()));
    }
    Ok(o)
}
