//! `lexgraph_sim` from Rust: the same table as the engine's own simulation
//! for the seed, on one thread and two; the buffer's capacity; a callback
//! that stops; refused input.

use std::ffi::{c_void, CStr};
use std::path::PathBuf;
use std::ptr::{null, null_mut};
use std::sync::atomic::AtomicBool;

use lexgraph::analysis::sim::Settings;
use lexgraph_c::lexgraph_sim_stopped::*;
use lexgraph_c::lexgraph_status::*;
use lexgraph_c::*;
use lexgraph_engine::{Input, Session, SimQuery};

/// A mid-game position with a full bag's worth unseen.
const CGP: &str = "15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 AEINRST/ 0/0 0";

fn message() -> String {
    let mut len = 0;
    // SAFETY: `len` is writable; the message is NUL-terminated.
    let m = unsafe { CStr::from_ptr(lexgraph_errmsg(&mut len)) };
    m.to_str().unwrap().to_string()
}

/// The ENABLE words of up to five letters (and QUIRE), compiled once.
fn lexicon_path() -> PathBuf {
    static BASE: std::sync::OnceLock<(tempfile::TempDir, PathBuf)> = std::sync::OnceLock::new();
    BASE.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let all = std::fs::read_to_string(
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../lexicons/enable1.txt"),
        )
        .unwrap();
        let short: Vec<&str> = all
            .lines()
            .filter(|w| w.len() <= 5 || *w == "quire")
            .collect();
        let words = dir.path().join("short.txt");
        std::fs::write(&words, short.join("\n")).unwrap();
        let base = dir.path().join("short");
        let (w, b) = (words.to_str().unwrap(), base.to_str().unwrap());
        // SAFETY: valid strings with their lengths; no alphabet.
        let st = unsafe {
            lexgraph_compile(
                w.as_ptr().cast(),
                w.len(),
                b.as_ptr().cast(),
                b.len(),
                null(),
                0,
            )
        };
        assert_eq!(st, LEXGRAPH_OK, "{}", message());
        (dir, base.with_extension("gaddag"))
    })
    .1
    .clone()
}

fn open() -> *mut lexgraph_lexicon {
    let path = lexicon_path().display().to_string();
    let mut lex = null_mut();
    // SAFETY: a valid string and a writable handle.
    let st = unsafe { lexgraph_open(path.as_ptr().cast(), path.len(), &mut lex) };
    assert_eq!(st, LEXGRAPH_OK, "{}", message());
    lex
}

fn options(threads: usize) -> lexgraph_sim_options {
    lexgraph_sim_options {
        size: std::mem::size_of::<lexgraph_sim_options>(),
        candidates: 6,
        plies: 2,
        iterations: 96,
        seconds: 0.0,
        stop: -1.0,
        seed: 7,
        threads,
        rack: null(),
        rack_len: 0,
        leaves: c"gordon2".as_ptr(),
        leaves_len: 7,
        win_table: null(),
        win_table_len: 0,
    }
}

fn blank_arm() -> lexgraph_sim_arm {
    lexgraph_sim_arm {
        notation: [0; LEXGRAPH_SIM_NOTATION],
        leave: [0; LEXGRAPH_SIM_LEAVE],
        score: 0,
        equity: 0.0,
        mean: 0.0,
        stderr: 0.0,
        win: 0.0,
        iterations: 0,
        dropped: false,
    }
}

fn blank_summary() -> lexgraph_sim_summary {
    lexgraph_sim_summary {
        candidates: 0,
        iterations: 0,
        stopped: LEXGRAPH_SIM_TIME,
    }
}

type Table = Vec<(String, String, i32, f64, f64, u64)>;

fn sim(
    lex: *const lexgraph_lexicon,
    cgp: &str,
    o: &lexgraph_sim_options,
    cap: usize,
) -> (lexgraph_status, lexgraph_sim_summary, Table) {
    let mut arms = vec![blank_arm(); cap];
    let mut summary = blank_summary();
    // SAFETY: valid strings and options; `cap` writable arms; no callback.
    let st = unsafe {
        lexgraph_sim(
            lex,
            cgp.as_ptr().cast(),
            cgp.len(),
            o,
            arms.as_mut_ptr(),
            cap,
            &mut summary,
            None,
            null_mut(),
        )
    };
    let text = |b: &[std::ffi::c_char]| {
        // SAFETY: the library NUL-terminates both strings.
        unsafe { CStr::from_ptr(b.as_ptr()) }
            .to_str()
            .unwrap()
            .to_string()
    };
    let table = arms
        .iter()
        .take(summary.candidates.min(cap))
        .map(|a| {
            (
                text(&a.notation),
                text(&a.leave),
                a.score,
                a.mean,
                a.win,
                a.iterations,
            )
        })
        .collect();
    (st, summary, table)
}

#[test]
fn the_engines_table_on_one_thread_and_two() {
    let lex = open();
    let (st, summary, one) = sim(lex, CGP, &options(1), 16);
    assert_eq!(st, LEXGRAPH_OK, "{}", message());
    assert_eq!(summary.candidates, 6);
    assert_eq!(summary.iterations, 96);
    assert_eq!(summary.stopped, LEXGRAPH_SIM_BUDGET);
    assert_eq!(one.len(), 6);
    assert!(one.iter().all(|a| a.5 == 96 && !a.0.is_empty()));
    let (_, _, two) = sim(lex, CGP, &options(2), 16);
    assert_eq!(one, two);

    // The engine's simulation of the same position, seed and settings.
    let session = Session::open(&lexicon_path()).unwrap();
    let q = SimQuery {
        candidates: 6,
        settings: Settings {
            plies: 2,
            iterations: 96,
            confidence: None,
            seed: 7,
            ..Settings::default()
        },
        leaves: Some("gordon2"),
        win_table: None,
    };
    let (_, report) = session
        .sim(Input::Cgp(CGP), None, &q, &AtomicBool::new(false))
        .unwrap();
    let a = session.lexicon.alphabet();
    let theirs: Table = report
        .arms
        .iter()
        .map(|x| {
            (
                x.play.text(a),
                x.leave.to_text(a),
                x.play.score(),
                x.mean(),
                x.win_rate(),
                x.iterations,
            )
        })
        .collect();
    assert_eq!(one, theirs);

    // A buffer of two holds the best two; the summary still counts six.
    let (st, summary, best) = sim(lex, CGP, &options(1), 2);
    assert_eq!(st, LEXGRAPH_OK);
    assert_eq!(summary.candidates, 6);
    assert_eq!(best, one[..2]);
    // No buffer at all: only the summary.
    let (st, summary, none) = sim(lex, CGP, &options(1), 0);
    assert_eq!((st, summary.candidates, none.len()), (LEXGRAPH_OK, 6, 0));
    assert_eq!(lexgraph_close(lex), LEXGRAPH_OK);
}

#[test]
fn a_callback_stops_it_and_bad_input_is_refused() {
    let lex = open();
    unsafe extern "C" fn stop_at_two_rounds(ctx: *mut c_void, iterations: u64, left: usize) -> i32 {
        // SAFETY: the test passes a `Vec<(u64, usize)>`.
        let seen = unsafe { &mut *ctx.cast::<Vec<(u64, usize)>>() };
        seen.push((iterations, left));
        (seen.len() >= 2) as i32
    }
    let mut seen: Vec<(u64, usize)> = Vec::new();
    let mut arms = vec![blank_arm(); 8];
    let mut summary = blank_summary();
    let o = lexgraph_sim_options {
        size: std::mem::size_of::<lexgraph_sim_options>(),
        iterations: 100_000,
        ..options(2)
    };
    // SAFETY: valid strings, options, buffer, summary and callback context.
    let st = unsafe {
        lexgraph_sim(
            lex,
            CGP.as_ptr().cast(),
            CGP.len(),
            &o,
            arms.as_mut_ptr(),
            arms.len(),
            &mut summary,
            Some(stop_at_two_rounds),
            (&mut seen as *mut Vec<(u64, usize)>).cast(),
        )
    };
    assert_eq!(st, LEXGRAPH_STOPPED);
    assert_eq!(summary.stopped, LEXGRAPH_SIM_INTERRUPTED);
    assert_eq!(seen, vec![(64, 6), (128, 6)]);
    assert_eq!(summary.iterations, 128);
    assert_eq!(arms[0].iterations, 128);

    // A NULL options pointer: the defaults (15 candidates, stopping at 99 %).
    let mut summary = blank_summary();
    let mut arm = [blank_arm()];
    // SAFETY: as above, no options and no callback.
    let st = unsafe {
        lexgraph_sim(
            lex,
            CGP.as_ptr().cast(),
            CGP.len(),
            null(),
            arm.as_mut_ptr(),
            1,
            &mut summary,
            None,
            null_mut(),
        )
    };
    assert_eq!(st, LEXGRAPH_OK, "{}", message());
    assert!(summary.candidates > 6 && summary.candidates <= 15);
    assert!(arm[0].iterations >= 128);

    let refused = |cgp: &str, o: &lexgraph_sim_options, want: &str| {
        let (st, _, _) = sim(lex, cgp, o, 4);
        assert_eq!(st, LEXGRAPH_ERR_INPUT, "{cgp}");
        let m = message();
        assert!(m.contains(want), "{m:?} lacks {want:?}");
    };
    refused(
        CGP,
        &lexgraph_sim_options {
            size: std::mem::size_of::<lexgraph_sim_options>(),
            plies: 21,
            ..options(1)
        },
        "plies 21",
    );
    refused(
        CGP,
        &lexgraph_sim_options {
            size: std::mem::size_of::<lexgraph_sim_options>(),
            stop: 20.0,
            ..options(1)
        },
        "stop 20",
    );
    refused(
        CGP,
        &lexgraph_sim_options {
            size: std::mem::size_of::<lexgraph_sim_options>(),
            seconds: f64::NAN,
            ..options(1)
        },
        "seconds",
    );
    refused(
        CGP,
        &lexgraph_sim_options {
            size: std::mem::size_of::<lexgraph_sim_options>(),
            threads: 1000,
            ..options(1)
        },
        "threads",
    );
    // Every tile but the racks' on the board would be a long CGP; an
    // opponent's rack of more tiles than exist is refused the same way.
    refused(
        "15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 ZZZZZZZ/ 0/0 0",
        &options(1),
        "Z",
    );
    // NULL summary, NULL buffer with room, a closed handle.
    // SAFETY: the NULL pointers are the point; the rest is valid.
    unsafe {
        let mut s = blank_summary();
        let st = lexgraph_sim(
            lex,
            CGP.as_ptr().cast(),
            CGP.len(),
            null(),
            null_mut(),
            0,
            null_mut(),
            None,
            null_mut(),
        );
        assert_eq!(st, LEXGRAPH_ERR_NULL);
        let st = lexgraph_sim(
            lex,
            CGP.as_ptr().cast(),
            CGP.len(),
            null(),
            null_mut(),
            3,
            &mut s,
            None,
            null_mut(),
        );
        assert_eq!(st, LEXGRAPH_ERR_NULL);
        assert_eq!(lexgraph_close(lex), LEXGRAPH_OK);
        let st = lexgraph_sim(
            lex,
            CGP.as_ptr().cast(),
            CGP.len(),
            null(),
            null_mut(),
            0,
            &mut s,
            None,
            null_mut(),
        );
        assert_eq!(st, LEXGRAPH_ERR_HANDLE);
    }
}
