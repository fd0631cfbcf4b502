//! `go`: its parameters, and the searches it starts: static (the best play
//! by equity), simulation and the endgame, each answered with `info` lines
//! and exactly one `bestmove`.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use lexgraph::analysis::endgame::{Endgame, Settings as EndgameSettings, Solution};
use lexgraph::analysis::sim::{normal_quantile, Arm, Settings as SimSettings, Simulator};
use lexgraph::analysis::winprob::WinTable;
use lexgraph::equity::{Play, Ranked};
use lexgraph::movegen::{Generator, Options as GenOptions};
use lexgraph::rules::Rules;
use lexgraph::strategy::{Exchanges, Strategy};
use lexgraph::{Alphabet, Lexicon, Position};

use super::{say, say_error, Options};

/// The searches `go` can start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The best plays by static equity, at once.
    Static,
    /// Simulation (Monte Carlo) of the best candidates, a few plies ahead.
    Sim,
    /// The endgame solved (the bag empty), deepening ply by ply.
    Endgame,
}

/// `go`'s parameters, in UCGI's (and MAGPIE's) words.
#[derive(Clone, Debug, Default)]
pub struct Go {
    kind: Option<Kind>,
    /// Until `stop`, whatever else is given.
    pub infinite: bool,
    /// Plies: the simulation's look-ahead, the endgame's deepest search.
    depth: Option<u32>,
    /// Candidates simulated, or plays listed by `go static`.
    plays: Option<usize>,
    /// Iterations per candidate.
    iterations: Option<u64>,
    movetime: Option<Duration>,
    /// Percent confidence at which candidates are dropped; `Some(None)`:
    /// never.
    stop_condition: Option<Option<f64>>,
    threads: Option<usize>,
    seed: Option<u64>,
}

/// Candidates and plays listed unless `plays` says (as `lexgraph sim`).
const DEFAULT_PLAYS: usize = 15;

/// The least time between two `info` lines of a simulation.
const INFO_EVERY: Duration = Duration::from_millis(250);

/// Iterations a simulation round plays before the stop flag is looked at
/// again: small, so that `stop` is met soon.
const SIM_BATCH: u64 = 16;

impl Go {
    /// `go` from its tokens; also returns the tokens it did not know
    /// (ignored, as UCI says).
    pub fn parse(tokens: &[&str]) -> Result<(Go, Vec<String>)> {
        let mut go = Go::default();
        let mut ignored = Vec::new();
        let mut it = tokens.iter();
        fn value<T: std::str::FromStr>(
            it: &mut std::slice::Iter<'_, &str>,
            name: &str,
            what: &str,
        ) -> Result<T> {
            let v = it.next().with_context(|| format!("go {name}: {what}"))?;
            v.parse()
                .ok()
                .with_context(|| format!("go {name} {v:?}: {what}"))
        }
        let kind = |go: &mut Go, k: Kind| -> Result<()> {
            if go.kind.is_some_and(|old| old != k) {
                bail!("go: one of static, sim and endgame");
            }
            go.kind = Some(k);
            Ok(())
        };
        while let Some(&t) = it.next() {
            match t {
                "static" => kind(&mut go, Kind::Static)?,
                "sim" => kind(&mut go, Kind::Sim)?,
                "endgame" => kind(&mut go, Kind::Endgame)?,
                "infinite" => go.infinite = true,
                "depth" | "plies" => {
                    let d: u32 = value(&mut it, t, "plies, 1 to 1000")?;
                    if !(1..=1000).contains(&d) {
                        bail!("go {t} {d}: plies, 1 to 1000");
                    }
                    go.depth = Some(d);
                }
                "plays" | "candidates" => {
                    let n: usize = value(&mut it, t, "a number of plays, 1 to 1000")?;
                    if !(1..=1000).contains(&n) {
                        bail!("go {t} {n}: a number of plays, 1 to 1000");
                    }
                    go.plays = Some(n);
                }
                "i" | "iterations" => {
                    let n: u64 = value(&mut it, t, "iterations, at least 1")?;
                    if n == 0 {
                        bail!("go {t} 0: iterations, at least 1");
                    }
                    go.iterations = Some(n);
                }
                "movetime" => {
                    let ms: u64 = value(&mut it, t, "milliseconds")?;
                    go.movetime = Some(Duration::from_millis(ms.max(1)));
                }
                "stopcondition" => {
                    let v = it
                        .next()
                        .context("go stopcondition: a percentage or none")?;
                    go.stop_condition = Some(match *v {
                        "none" | "0" => None,
                        v => {
                            let pct: f64 = v.parse().ok().filter(|p| (50.0..=99.9999).contains(p))
                                .with_context(|| format!("go stopcondition {v:?}: a percentage, 50 to 99.9999, or none"))?;
                            Some(pct)
                        }
                    });
                }
                "threads" => {
                    let n: usize = value(&mut it, t, "threads, 1 to 256")?;
                    if !(1..=256).contains(&n) {
                        bail!("go threads {n}: 1 to 256");
                    }
                    go.threads = Some(n);
                }
                "seed" => go.seed = Some(value(&mut it, t, "a whole number")?),
                // Clocks: a search here is limited by what it is told,
                // not by the time left.
                "1time" | "2time" | "1inc" | "2inc" => {
                    let _: i64 = value(&mut it, t, "milliseconds")?;
                }
                other => ignored.push(other.to_string()),
            }
        }
        Ok((go, ignored))
    }

    /// Whether a limit that only a search uses is given.
    fn searches(&self) -> bool {
        self.infinite
            || self.movetime.is_some()
            || self.iterations.is_some()
            || self.depth.is_some()
            || self.stop_condition.is_some()
    }
}

/// A play in UCGI's notation: `8d.QUIRE` across (row, then column), `d8.QUIRE`
/// down, the tiles played through written out, a blank in lower case;
/// `ex.ABC` (a blank as `?`); `pass`.
pub fn notation(play: &Play, a: &Alphabet) -> String {
    match play {
        Play::Place(m) => format!(
            "{}.{}",
            m.coordinates().to_ascii_lowercase(),
            m.word_text(a)
        ),
        Play::Exchange(r) => format!("ex.{}", r.to_text(a)),
        Play::Pass => "pass".into(),
    }
}

/// One search's answers: `info` lines until its `bestmove`, which is sent
/// once, by the search or for it (`stop` that is not met in time); nothing
/// follows it.
pub struct Job {
    stop: AtomicBool,
    infinite: bool,
    state: Mutex<Answer>,
}

struct Answer {
    answered: bool,
    /// The best move so far, in UCGI notation.
    best: String,
}

impl Job {
    /// A job whose answer is `fallback` until the search finds better.
    pub fn new(fallback: String, infinite: bool) -> Job {
        Job {
            stop: AtomicBool::new(false),
            infinite,
            state: Mutex::new(Answer {
                answered: false,
                best: fallback,
            }),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, Answer> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    pub fn infinite(&self) -> bool {
        self.infinite
    }

    /// Whether `bestmove` has been sent.
    pub fn answered(&self) -> bool {
        self.state().answered
    }

    /// An `info` line, unless the answer has gone.
    fn info(&self, line: &str) {
        let s = self.state();
        if !s.answered {
            say(line);
        }
    }

    fn best_so_far(&self, m: String) {
        self.state().best = m;
    }

    /// The final `info` lines and `bestmove` (`best`, else the best so
    /// far), unless sent already.
    fn answer(&self, lines: &[String], best: Option<String>) {
        let mut s = self.state();
        if s.answered {
            return;
        }
        s.answered = true;
        for l in lines {
            say(l);
        }
        if let Some(b) = best {
            s.best = b;
        }
        say(&format!("bestmove {}", s.best));
    }

    /// `bestmove` with the best move so far, unless sent already.
    pub fn answer_now(&self) {
        self.answer(&[], None);
    }
}

/// A search ready to run: what it needs, checked before `go` is accepted.
pub struct Setup {
    pub kind: Kind,
    lex: Arc<Lexicon>,
    position: Position,
    rules: Rules,
    /// Every ply's static player, and the candidates' equity.
    strategy: Strategy,
    win_table: Option<Arc<WinTable>>,
    threads: Option<usize>,
    hash_mib: u64,
    /// The best plays by static equity, best first.
    statics: Vec<Ranked>,
    /// The answer before the search finds one: the best by equity.
    pub fallback: String,
}

impl Setup {
    pub fn new(lex: Arc<Lexicon>, position: Position, go: &Go, opts: &Options) -> Result<Setup> {
        let a = lex.alphabet().clone();
        let rules = position.rules()?;
        position.validate(&a, rules.rack_size)?;
        if position.rack().is_empty() {
            bail!("the mover's rack is empty: give it in the CGP");
        }
        let bag = position.bag_len(&a, rules.rack_size);
        let kind = match go.kind {
            Some(k) => k,
            None if go.searches() && bag == 0 => Kind::Endgame,
            None if go.searches() => Kind::Sim,
            None => Kind::Static,
        };
        match kind {
            Kind::Static if go.infinite => bail!("go static ends at once: not with infinite"),
            Kind::Sim if bag == 0 => {
                bail!("the bag is empty: this is an endgame to solve (go endgame), not to simulate")
            }
            Kind::Endgame => {
                // Checked now, so that a bad `go` gets no bestmove.
                Endgame::from_position(&lex, rules.clone(), &position)?;
            }
            _ => {}
        }
        let (leaves_name, leaves) =
            crate::default_lexicon::leaves_spec(&opts.leaves, opts.lexicon.as_deref(), &a)
                .with_context(|| format!("Leaves {}", opts.leaves))?;
        let win_table = match (kind, opts.win_table.as_str()) {
            (Kind::Sim, "auto") => {
                let built_in = opts.lexicon.is_none() && opts.leaves == "auto";
                crate::default_lexicon::win_table_beside(&leaves_name, built_in)?
                    .map(|(_, t)| Arc::new(t))
            }
            (Kind::Sim, "none") => None,
            (Kind::Sim, file) => {
                let t =
                    WinTable::read(Path::new(file)).with_context(|| format!("WinTable {file}"))?;
                Some(Arc::new(t))
            }
            _ => None,
        };
        let strategy = Strategy::new(&leaves_name, leaves, Exchanges::Ranked);
        let n = go.plays.unwrap_or(DEFAULT_PLAYS);
        let statics = Generator::new(rules.clone()).best(
            &lex,
            &position,
            strategy.leaves(),
            n,
            &GenOptions::default(),
        );
        let fallback = statics
            .first()
            .map_or("pass".to_string(), |r| notation(&r.play, &a));
        Ok(Setup {
            kind,
            lex,
            position,
            rules,
            strategy,
            win_table,
            threads: go.threads.or(opts.threads),
            hash_mib: opts.hash_mib,
            statics,
            fallback,
        })
    }

    /// `go static`: each play with its score and equity, then the best.
    pub fn run_static(&self) -> Result<()> {
        let a = self.lex.alphabet();
        for r in &self.statics {
            say(&format!(
                "info currmove {} sc {} eq {:.3} it 0",
                notation(&r.play, a),
                r.play.score(),
                r.equity
            ));
        }
        say(&format!("bestmove {}", self.fallback));
        Ok(())
    }

    /// Runs the search on this (the worker's) thread, on `threads` threads,
    /// and answers; an `infinite` search's answer waits for `stop`.
    pub fn run(self, go: &Go, job: &Job) {
        let threads = self.threads;
        let search = || match self.kind {
            Kind::Sim => self.sim(go, job),
            _ => self.endgame(go, job),
        };
        let result = match threads.map(|n| rayon::ThreadPoolBuilder::new().num_threads(n).build()) {
            Some(Ok(pool)) => pool.install(search),
            Some(Err(e)) => Err(e.into()),
            None => search(),
        };
        let (lines, best) = match result {
            Ok(answer) => answer,
            Err(e) => {
                if !job.answered() {
                    say_error(&e);
                }
                (Vec::new(), None)
            }
        };
        if job.infinite() {
            while !job.stopped() && !job.answered() {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        job.answer(&lines, best);
    }

    /// The simulation: the leader after each round (at most every
    /// [`INFO_EVERY`]), then every candidate, best first.
    fn sim(&self, go: &Go, job: &Job) -> Result<(Vec<String>, Option<String>)> {
        let a = self.lex.alphabet();
        let mut sim = Simulator::lent(
            &self.lex,
            self.rules.clone(),
            self.position.clone(),
            &self.strategy,
        )?;
        if let Some(t) = &self.win_table {
            sim = sim.with_win_table(t.clone());
        }
        let plays = go.plays.unwrap_or(DEFAULT_PLAYS);
        let candidates = sim.candidates(&mut Generator::new(self.rules.clone()), plays);
        let settings = match go.infinite {
            true => SimSettings {
                plies: go.depth.unwrap_or(2),
                iterations: u64::MAX,
                time: None,
                confidence: None,
                seed: go.seed.unwrap_or(1),
                batch: SIM_BATCH,
                ..SimSettings::default()
            },
            false => SimSettings {
                plies: go.depth.unwrap_or(2),
                iterations: go.iterations.unwrap_or(1000),
                time: go.movetime,
                confidence: go.stop_condition.unwrap_or(Some(99.0)).map(|p| p / 100.0),
                seed: go.seed.unwrap_or(1),
                batch: SIM_BATCH,
                ..SimSettings::default()
            },
        };
        settings.check()?;
        let t0 = Instant::now();
        let mut last: Option<Instant> = None;
        let on_round = |arms: &[Arm]| {
            let Some(leader) = arms
                .iter()
                .filter(|x| x.dropped.is_none())
                .max_by(|x, y| x.mean().total_cmp(&y.mean()))
            else {
                return;
            };
            job.best_so_far(notation(&leader.play, a));
            if last.is_none_or(|t| t.elapsed() >= INFO_EVERY) {
                last = Some(Instant::now());
                job.info(&arm_line(leader, a));
            }
        };
        let report = sim.run(candidates, &settings, &job.stop, on_round)?;
        let secs = t0.elapsed().as_secs_f64();
        let mut lines: Vec<String> = report.arms.iter().map(|x| arm_line(x, a)).collect();
        lines.push(format!(
            "info string sim: {} iterations, {} plies, in {secs:.2} s (stopped: {})",
            report.iterations,
            settings.plies,
            crate::simulate::stopped_text(report.stopped)
        ));
        let best = report.arms.first().map(|x| notation(&x.play, a));
        Ok((lines, best))
    }

    /// The endgame, deepened by searches to depth 1, 2, 4, 8, ... (the
    /// library reports only a finished search, and each one deepens from 1
    /// again: doubling keeps the repeated work small), an `info` line for
    /// each, until the value is exact, a limit or `stop`.
    fn endgame(&self, go: &Go, job: &Job) -> Result<(Vec<String>, Option<String>)> {
        let a = self.lex.alphabet();
        let eg = Endgame::from_position(&self.lex, self.rules.clone(), &self.position)?;
        let t0 = Instant::now();
        let deadline = go.movetime.filter(|_| !go.infinite).map(|t| t0 + t);
        let mut nodes = 0u64;
        let mut best: Option<Solution> = None;
        let mut d = 1u32;
        loop {
            let time = match deadline {
                Some(dl) => match dl.checked_duration_since(Instant::now()) {
                    Some(left) if !left.is_zero() => Some(left),
                    _ => break,
                },
                None => None,
            };
            let settings = EndgameSettings {
                time,
                max_depth: Some(go.depth.map_or(d, |m| d.min(m))),
                all_first_plays: false,
                // An entry is 16 bytes.
                table_entries: (self.hash_mib as usize) << 16,
                parallel: true,
            };
            let s = match eg.solve(&settings, &job.stop) {
                Ok(s) => s,
                // Stopped before its first depth: what was found stands.
                Err(_) if job.stopped() || best.is_some() => break,
                Err(e) => return Err(e.into()),
            };
            nodes += s.nodes;
            let (exact, interrupted) = (s.exact, s.interrupted);
            if best.as_ref().is_none_or(|b| s.depth > b.depth) {
                let ms = t0.elapsed().as_millis().max(1);
                let pv: Vec<String> = s.line.iter().map(|st| notation(&st.play, a)).collect();
                if let Some(first) = pv.first() {
                    job.best_so_far(first.clone());
                }
                job.info(&format!(
                    "info depth {} score eq {} time {ms} nodes {nodes} nps {} pv {}",
                    s.depth,
                    s.value,
                    nodes as u128 * 1000 / ms,
                    pv.join(" ")
                ));
                best = Some(s);
            }
            if exact || interrupted || go.depth.is_some_and(|m| d >= m) || job.stopped() {
                break;
            }
            d = d.saturating_mul(2);
        }
        let Some(s) = best else {
            return Ok((Vec::new(), None));
        };
        let spread = self.position.scores[0] - self.position.scores[1];
        let kind = match s.exact {
            true => "exact".to_string(),
            false => format!("estimate at depth {}", s.depth),
        };
        let lines = vec![format!(
            "info string endgame: value {:+} ({kind}), final spread {:+}",
            s.value,
            spread + s.value
        )];
        Ok((lines, s.line.first().map(|st| notation(&st.play, a))))
    }
}

/// A candidate as MAGPIE reports one: score, win % and equity (the mean
/// result) with their 99 % half-widths, iterations, and whether the
/// stopping rule dropped it.
fn arm_line(x: &Arm, a: &Alphabet) -> String {
    let z = normal_quantile(0.995);
    let n = x.iterations.max(1) as f64;
    let p = x.win_rate();
    let wpe = 100.0 * z * (p * (1.0 - p) / n).sqrt();
    let eqe = z * x.stderr();
    format!(
        "info currmove {} sc {} wp {:.3} wpe {:.3} eq {:.3} eqe {:.3} it {} ig {}",
        notation(&x.play, a),
        x.play.score(),
        100.0 * p,
        wpe,
        x.mean(),
        eqe,
        x.iterations,
        u8::from(x.dropped.is_some())
    )
}
