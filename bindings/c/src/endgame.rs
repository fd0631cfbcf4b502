//! `lexgraph_endgame`: a position with the bag empty solved exactly, into
//! the caller's buffers (no list to free).

use std::ffi::c_char;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use lexgraph_engine::{EndgameSettings, Ending, Input};

use super::options::{self, fields, SizedOptions};
use super::sim::copy_into;
use super::{guard, lexicon, null, opt_text, text, Fault};
use crate::lexgraph_status::{self, *};

/// How to solve: zeroed, `size` set, then the fields wanted, as
/// [`lexgraph_gen_options`]. A zeroed struct (or a NULL pointer) asks for the exact
/// value on every core, the best play exactly and the others as bounds,
/// a 16 MiB table.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct lexgraph_endgame_options {
    /// `sizeof(lexgraph_endgame_options)`: which fields the caller has (see
    /// [`lexgraph_gen_options`]).
    pub size: usize,
    /// Stop deepening after this many seconds; 0: no limit. A search cut
    /// short is an estimate (`exact` false).
    pub seconds: f64,
    /// Search at most this many plies; 0: no limit.
    pub depth: u32,
    /// Every first play with its exact value (slower).
    pub all_first_plays: bool,
    /// Threads, at most 256; 0: every core.
    pub threads: usize,
    /// Transposition table, MiB (1 to 4096); 0: 16.
    pub table_mib: usize,
    /// The mover's rack, replacing the CGP's; NULL: the CGP's.
    pub rack: *const c_char,
    /// Bytes in `rack`.
    pub rack_len: usize,
}

// SAFETY: repr(C), `size` first, valid zeroed; `fields` lists the rest.
unsafe impl SizedOptions for lexgraph_endgame_options {
    const NAME: &'static str = "lexgraph_endgame_options";
    const FIRST: usize = 7;
    fn fields() -> Vec<(usize, usize)> {
        fields!(lexgraph_endgame_options {
            seconds,
            depth,
            all_first_plays,
            threads,
            table_mib,
            rack,
            rack_len
        })
    }
}

/// Bytes of the notation fields, their NUL included.
pub const LEXGRAPH_ENDGAME_NOTATION: usize = 128;

/// How a play ended the game.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum lexgraph_ending {
    /// The game goes on.
    LEXGRAPH_ENDING_NONE = 0,
    /// The player played out.
    LEXGRAPH_ENDING_OUT = 1,
    /// The sixth scoreless turn in a row.
    LEXGRAPH_ENDING_SCORELESS = 2,
}

/// A play of the best line.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct lexgraph_endgame_step {
    /// `8D QUIRE` or `pass`, UTF-8, NUL-terminated.
    pub notation: [c_char; LEXGRAPH_ENDGAME_NOTATION],
    /// 0: the mover; 1: the opponent.
    pub player: u32,
    /// Points the play scores.
    pub score: i32,
    /// What the end adds to this player's spread (the going-out bonus, or
    /// the racks' values after six scoreless turns); 0 while it goes on.
    pub end: i32,
    /// Whether and how this play ended the game.
    pub ending: lexgraph_ending,
}

/// A first play and its value.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct lexgraph_endgame_first {
    /// `8D QUIRE` or `pass`, UTF-8, NUL-terminated.
    pub notation: [c_char; LEXGRAPH_ENDGAME_NOTATION],
    /// Its value (the mover's points to the end less the opponent's).
    pub value: i32,
    /// `value` is an upper bound: the play was shown worse than the best.
    pub upper_bound: bool,
}

/// What the solver found.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct lexgraph_endgame_result {
    /// The mover's points to the end less the opponent's.
    pub value: i32,
    /// The spread now plus `value`.
    pub final_spread: i32,
    /// False when a limit cut the search: `value` is an estimate.
    pub exact: bool,
    /// The deepest search finished, in plies.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
    /// Plays in the best line (the buffer holds at most its capacity).
    pub line_len: usize,
    /// First plays (the buffer holds at most its capacity).
    pub first_plays_len: usize,
}

/// Solves the position in CGP line `cgp` (its bag empty; an opponent's rack
/// left out is every tile unseen) as `opts` says (NULL: the defaults of
/// [`lexgraph_endgame_options`]): the best line into `line` (room for
/// `line_cap` plays), the first plays best first into `first` (room for
/// `first_cap`), and the value into `*result`.
///
/// # Safety
/// `cgp` points to `len` readable bytes; `opts` is NULL or valid; `line`
/// and `first` point to `line_cap` and `first_cap` writable entries (may
/// be NULL when their capacity is 0); `result` to a writable result.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn lexgraph_endgame(
    lex: *const super::lexgraph_lexicon,
    cgp: *const c_char,
    len: usize,
    opts: *const lexgraph_endgame_options,
    line: *mut lexgraph_endgame_step,
    line_cap: usize,
    first: *mut lexgraph_endgame_first,
    first_cap: usize,
    result: *mut lexgraph_endgame_result,
) -> lexgraph_status {
    guard(|| {
        let s = lexicon(lex)?;
        if result.is_null() {
            return Err(null("result"));
        }
        if (line.is_null() && line_cap > 0) || (first.is_null() && first_cap > 0) {
            return Err(null("line or first"));
        }
        // SAFETY: the caller promises `len` bytes at `cgp`.
        let cgp = unsafe { text(cgp, len, "cgp") }?;
        // SAFETY: NULL or a valid struct, by the caller's promise.
        let o = unsafe { options::read(opts) }?;
        let bad = |why: String| Fault(LEXGRAPH_ERR_INPUT, why);
        let mut settings = EndgameSettings::default();
        let (mut threads, mut rack) = (0, None);
        if let Some(o) = &o {
            if !(o.seconds.is_finite() && o.seconds >= 0.0 && o.seconds < 1e9) {
                return Err(bad(format!("seconds {}: 0 or more", o.seconds)));
            }
            if o.seconds > 0.0 {
                settings.time = Some(Duration::from_secs_f64(o.seconds));
            }
            settings.max_depth = (o.depth > 0).then_some(o.depth);
            settings.all_first_plays = o.all_first_plays;
            if o.threads > 256 {
                return Err(bad(format!("threads {}: at most 256", o.threads)));
            }
            threads = o.threads;
            if o.table_mib > 4096 {
                return Err(bad(format!("table_mib {}: at most 4096", o.table_mib)));
            }
            if o.table_mib > 0 {
                // An entry is 16 bytes.
                settings.table_entries = o.table_mib << 16;
            }
            // SAFETY: the struct's strings point to their lengths in bytes.
            rack = unsafe { opt_text(o.rack, o.rack_len, "rack") }?;
        }
        let never = AtomicBool::new(false);
        // A pool of the call's own, joined before it returns.
        let (setup, _, sol) = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build_scoped(
                |thread| thread.run(),
                |pool| pool.install(|| s.endgame(Input::Cgp(cgp), rack, &settings, &never)),
            )
            .map_err(|e| Fault(LEXGRAPH_ERR_INTERNAL, format!("a thread pool: {e}")))??;
        let a = s.lexicon.alphabet();
        for (i, st) in sol.line.iter().take(line_cap).enumerate() {
            let out = lexgraph_endgame_step {
                notation: copy_into(&st.play.text(a), "the notation")?,
                player: st.player as u32,
                score: st.score,
                end: st.end,
                ending: match st.ending {
                    None => lexgraph_ending::LEXGRAPH_ENDING_NONE,
                    Some(Ending::Out) => lexgraph_ending::LEXGRAPH_ENDING_OUT,
                    Some(Ending::Scoreless) => lexgraph_ending::LEXGRAPH_ENDING_SCORELESS,
                },
            };
            // SAFETY: `i < line_cap` entries the caller promised writable.
            unsafe { line.add(i).write(out) };
        }
        for (i, f) in sol.first_plays.iter().take(first_cap).enumerate() {
            let out = lexgraph_endgame_first {
                notation: copy_into(&f.play.text(a), "the notation")?,
                value: f.value,
                upper_bound: f.upper_bound,
            };
            // SAFETY: `i < first_cap` entries the caller promised writable.
            unsafe { first.add(i).write(out) };
        }
        let spread = setup.position.scores[0] - setup.position.scores[1];
        // SAFETY: checked not NULL; writable by the caller's promise.
        unsafe {
            result.write(lexgraph_endgame_result {
                value: sol.value,
                final_spread: spread + sol.value,
                exact: sol.exact,
                depth: sol.depth,
                nodes: sol.nodes,
                line_len: sol.line.len(),
                first_plays_len: sol.first_plays.len(),
            })
        };
        Ok(LEXGRAPH_OK)
    })
}
