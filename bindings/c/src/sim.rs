//! `lexgraph_sim`: the best plays of a position simulated a few plies
//! ahead, into the caller's buffer (no list to free).

use std::ffi::{c_char, c_void};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use lexgraph::analysis::sim::{Settings, Stopped, MAX_PLIES};
use lexgraph_engine::{Input, SimQuery};

use super::options::{self, fields, SizedOptions};
use super::{guard, lexicon, null, opt_text, text, Fault};
use crate::lexgraph_status::{self, *};

/// How to simulate: zeroed, `size` set, then the fields wanted, as
/// [`lexgraph_gen_options`]. A zeroed struct (or a NULL pointer) asks for the 15
/// best plays by equity, 2 plies, at most 1,000 iterations each, dropping
/// those behind at 99 % confidence, seed 0, every core, the lexicon's own
/// leaves and win table.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct lexgraph_sim_options {
    /// `sizeof(lexgraph_sim_options)`: which fields the caller has (see
    /// [`lexgraph_gen_options`]).
    pub size: usize,
    /// Candidates: the best plays by static equity; 0: 15.
    pub candidates: usize,
    /// Turns played after each candidate, 1 to 20; 0: 2.
    pub plies: u32,
    /// Iterations per candidate at most; 0: 1,000.
    pub iterations: u64,
    /// Stop after this many seconds (checked between rounds of 64
    /// iterations); 0: no time limit.
    pub seconds: f64,
    /// Drop candidates behind the leader at this confidence, in percent
    /// (50 to 99.9999); 0: 99; below 0: never drop one.
    pub stop: f64,
    /// The scenarios' seed: the same seed gives the same results whatever
    /// the thread count.
    pub seed: u64,
    /// Threads, at most 256; 0: every core.
    pub threads: usize,
    /// The mover's rack (`AEINRS?`), replacing the CGP's; NULL: the CGP's.
    pub rack: *const c_char,
    /// Bytes in `rack`.
    pub rack_len: usize,
    /// Leave values of the candidates and of every ply: `auto`, `gordon1`,
    /// `gordon2`, `klv:FILE.klv2` or `csv:FILE`; NULL: `auto`.
    pub leaves: *const c_char,
    /// Bytes in `leaves`.
    pub leaves_len: usize,
    /// Win table: `auto` (beside the leaves), `none`, or a file; NULL: `auto`.
    pub win_table: *const c_char,
    /// Bytes in `win_table`.
    pub win_table_len: usize,
}

// SAFETY: repr(C), `size` first, valid zeroed; `fields` lists the rest.
unsafe impl SizedOptions for lexgraph_sim_options {
    const NAME: &'static str = "lexgraph_sim_options";
    const FIRST: usize = 13;
    fn fields() -> Vec<(usize, usize)> {
        fields!(lexgraph_sim_options {
            candidates,
            plies,
            iterations,
            seconds,
            stop,
            seed,
            threads,
            rack,
            rack_len,
            leaves,
            leaves_len,
            win_table,
            win_table_len
        })
    }
}

/// Bytes of [`lexgraph_sim_arm::notation`], its NUL included.
pub const LEXGRAPH_SIM_NOTATION: usize = 128;
/// Bytes of [`lexgraph_sim_arm::leave`], its NUL included.
pub const LEXGRAPH_SIM_LEAVE: usize = 64;

/// One candidate's result. Plain data: it owns nothing.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct lexgraph_sim_arm {
    /// Players' notation (`8D QUIRE`, `exchange AEI`, `pass`), UTF-8,
    /// NUL-terminated.
    pub notation: [c_char; LEXGRAPH_SIM_NOTATION],
    /// The tiles kept, UTF-8, NUL-terminated.
    pub leave: [c_char; LEXGRAPH_SIM_LEAVE],
    /// Points the play scores.
    pub score: i32,
    /// Its static equity.
    pub equity: f64,
    /// The mean result: the mover's spread gained over the plies, plus the
    /// last mover's leave.
    pub mean: f64,
    /// The mean's standard error (NaN below two iterations).
    pub stderr: f64,
    /// Win probability, 0 to 1.
    pub win: f64,
    /// Iterations simulated.
    pub iterations: u64,
    /// True when dropped behind the leader (its iterations stopped there).
    pub dropped: bool,
}

/// Why a simulation ended.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum lexgraph_sim_stopped {
    /// Every candidate left had its iterations.
    LEXGRAPH_SIM_BUDGET = 0,
    /// One candidate was left: the others were dropped.
    LEXGRAPH_SIM_CONFIDENCE = 1,
    /// The time limit.
    LEXGRAPH_SIM_TIME = 2,
    /// The callback asked to stop.
    LEXGRAPH_SIM_INTERRUPTED = 3,
}

/// What a simulation did besides its candidates.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct lexgraph_sim_summary {
    /// Candidates simulated (the arms there are; the buffer holds at most
    /// its capacity of them).
    pub candidates: usize,
    /// Iterations of the candidate simulated longest.
    pub iterations: u64,
    /// Why it ended.
    pub stopped: lexgraph_sim_stopped,
}

/// Called after every round with the iterations so far and the
/// candidates still in; return 0 to go on, nonzero to stop (the results
/// so far are written, and the call returns `LEXGRAPH_STOPPED`).
pub type lexgraph_sim_fn =
    Option<unsafe extern "C" fn(ctx: *mut c_void, iterations: u64, left: usize) -> i32>;

/// The caller's context pointer, carried to the thread that runs the
/// rounds.
struct Context(*mut c_void);

// SAFETY: the callback gets `ctx` on one thread at a time (the one running
// the round loop), while the caller is blocked in `lexgraph_sim`: the C
// program sees one call after another, as if on its own thread.
unsafe impl Send for Context {}
// SAFETY: as above: never used from two threads at once.
unsafe impl Sync for Context {}

pub(crate) fn copy_into<const N: usize>(s: &str, what: &str) -> Result<[c_char; N], Fault> {
    let bytes = s.as_bytes();
    if bytes.len() >= N {
        return Err(Fault(
            LEXGRAPH_ERR_INTERNAL,
            format!("{what} {s:?} is longer than its {} bytes", N - 1),
        ));
    }
    let mut out = [0 as c_char; N];
    for (o, &b) in out.iter_mut().zip(bytes) {
        *o = b as c_char;
    }
    Ok(out)
}

/// Simulates the best plays of the position in CGP line `cgp` as `opts`
/// says (NULL: the defaults of [`lexgraph_sim_options`]), best first, into
/// `arms` (room for `cap` of them; the best `cap` are written), with
/// `*summary` saying how many there were, the iterations and why it
/// stopped. The CGP may give the opponent's rack; otherwise it is drawn
/// in each scenario. An empty bag is refused (an endgame). `cb` (may be
/// NULL) sees every round, one call at a time while this function has
/// not returned (on the calling thread, or with `threads` set on one of
/// the simulation's).
///
/// # Safety
/// `cgp` points to `len` readable bytes; `opts` is NULL or valid, its
/// strings pointing to their lengths in bytes; `arms` to `cap` writable
/// arms (may be NULL when `cap` is 0); `summary` to a writable summary.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn lexgraph_sim(
    lex: *const super::lexgraph_lexicon,
    cgp: *const c_char,
    len: usize,
    opts: *const lexgraph_sim_options,
    arms: *mut lexgraph_sim_arm,
    cap: usize,
    summary: *mut lexgraph_sim_summary,
    cb: lexgraph_sim_fn,
    ctx: *mut c_void,
) -> lexgraph_status {
    guard(|| {
        let s = lexicon(lex)?;
        if summary.is_null() {
            return Err(null("summary"));
        }
        if arms.is_null() && cap > 0 {
            return Err(null("arms"));
        }
        // SAFETY: the caller promises `len` bytes at `cgp`.
        let cgp = unsafe { text(cgp, len, "cgp") }?;
        // SAFETY: NULL or a valid struct, by the caller's promise.
        let o = unsafe { options::read(opts) }?;
        let bad = |why: String| Fault(LEXGRAPH_ERR_INPUT, why);
        let mut settings = Settings::default();
        let (mut candidates, mut threads) = (15, 0);
        let (mut rack, mut leaves, mut win_table) = (None, None, None);
        if let Some(o) = &o {
            if o.candidates > 0 {
                candidates = o.candidates;
            }
            if o.plies > MAX_PLIES {
                return Err(bad(format!("plies {}: 1 to {MAX_PLIES}", o.plies)));
            }
            if o.plies > 0 {
                settings.plies = o.plies;
            }
            if o.iterations > 0 {
                settings.iterations = o.iterations;
            }
            if !(o.seconds.is_finite() && o.seconds >= 0.0 && o.seconds < 1e9) {
                return Err(bad(format!("seconds {}: 0 or more", o.seconds)));
            }
            if o.seconds > 0.0 {
                settings.time = Some(Duration::from_secs_f64(o.seconds));
            }
            settings.confidence = match o.stop {
                x if x < 0.0 => None,
                0.0 => settings.confidence,
                x if (50.0..=99.9999).contains(&x) => Some(x / 100.0),
                x => {
                    return Err(bad(format!(
                        "stop {x}: 50 to 99.9999 percent, 0 or below 0"
                    )))
                }
            };
            settings.seed = o.seed;
            if o.threads > 256 {
                return Err(bad(format!("threads {}: at most 256", o.threads)));
            }
            threads = o.threads;
            // SAFETY: the struct's strings point to their lengths in bytes.
            unsafe {
                rack = opt_text(o.rack, o.rack_len, "rack")?;
                leaves = opt_text(o.leaves, o.leaves_len, "leaves")?;
                win_table = opt_text(o.win_table, o.win_table_len, "win_table")?;
            }
        }
        let q = SimQuery {
            candidates,
            settings,
            leaves,
            win_table,
        };
        let stop = AtomicBool::new(false);
        let mut stopped_by_cb = false;
        let ctx = Context(ctx);
        let run = || {
            let ctx = &ctx;
            s.sim_watched(Input::Cgp(cgp), rack, &q, &stop, |done, left| {
                if let Some(f) = cb {
                    // SAFETY: `f` and `ctx` are the caller's.
                    if unsafe { f(ctx.0, done, left) } != 0 {
                        stopped_by_cb = true;
                        return false;
                    }
                }
                true
            })
        };
        // A pool of the call's own, joined before it returns: no thread
        // of lexgraph's outlives the call (0: rayon's default, every core).
        let (_, report) = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build_scoped(|thread| thread.run(), |pool| pool.install(run))
            .map_err(|e| Fault(LEXGRAPH_ERR_INTERNAL, format!("a thread pool: {e}")))??;
        let a = s.lexicon.alphabet();
        for (i, arm) in report.arms.iter().take(cap).enumerate() {
            let out = lexgraph_sim_arm {
                notation: copy_into(&arm.play.text(a), "the notation")?,
                leave: copy_into(&arm.leave.to_text(a), "the leave")?,
                score: arm.play.score(),
                equity: f64::from(arm.equity),
                mean: arm.mean(),
                stderr: arm.stderr(),
                win: arm.win_rate(),
                iterations: arm.iterations,
                dropped: arm.dropped.is_some(),
            };
            // SAFETY: `i < cap`, and the caller promises `cap` writable arms.
            unsafe { arms.add(i).write(out) };
        }
        let stopped = match report.stopped {
            Stopped::Budget => lexgraph_sim_stopped::LEXGRAPH_SIM_BUDGET,
            Stopped::Confidence => lexgraph_sim_stopped::LEXGRAPH_SIM_CONFIDENCE,
            Stopped::Time => lexgraph_sim_stopped::LEXGRAPH_SIM_TIME,
            Stopped::Interrupted => lexgraph_sim_stopped::LEXGRAPH_SIM_INTERRUPTED,
        };
        // SAFETY: checked not NULL; writable by the caller's promise.
        unsafe {
            summary.write(lexgraph_sim_summary {
                candidates: report.arms.len(),
                iterations: report.iterations,
                stopped,
            })
        };
        Ok(match stopped_by_cb {
            true => LEXGRAPH_STOPPED,
            false => LEXGRAPH_OK,
        })
    })
}
