//! `lexgraph_endgame` from Rust: the engine's solution for the position,
//! on one thread and two; buffers smaller than the line; refused input.

use std::ffi::CStr;
use std::path::PathBuf;
use std::ptr::{null, null_mut};
use std::sync::atomic::AtomicBool;

use lexgraph_c::lexgraph_ending::*;
use lexgraph_c::lexgraph_status::*;
use lexgraph_c::*;
use lexgraph_engine::{EndgameSettings, Input, Session};

/// A self-play ending on ENABLE: TTU to move against QR.
const END: &str = "7F2BURKE/7U4A2/7N4G2/7D3AGLY/7I4I2/1J3RECOVERED1/1A9ES2/AVA1Z1UNROOF3/BEANIES4L3/1l2N6O3/HIT1C5WO3/ANA4DOLED3/PAX3GORIEsT2/4MY1I2N1IMP/THEWIEST2SOLEI TTU/ 403/465 0";

fn message() -> String {
    let mut len = 0;
    // SAFETY: `len` is writable; the message is NUL-terminated.
    let m = unsafe { CStr::from_ptr(lexgraph_errmsg(&mut len)) };
    m.to_str().unwrap().to_string()
}

/// ENABLE compiled once.
fn gaddag() -> PathBuf {
    static BASE: std::sync::OnceLock<(tempfile::TempDir, PathBuf)> = std::sync::OnceLock::new();
    BASE.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let words = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../lexicons/enable1.txt");
        let base = dir.path().join("enable");
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
    let path = gaddag().display().to_string();
    let mut lex = null_mut();
    // SAFETY: a valid string and a writable handle.
    assert_eq!(
        unsafe { lexgraph_open(path.as_ptr().cast(), path.len(), &mut lex) },
        LEXGRAPH_OK
    );
    lex
}

fn options(threads: usize) -> lexgraph_endgame_options {
    lexgraph_endgame_options {
        size: std::mem::size_of::<lexgraph_endgame_options>(),
        seconds: 0.0,
        depth: 0,
        all_first_plays: false,
        threads,
        table_mib: 0,
        rack: null(),
        rack_len: 0,
    }
}

fn blank_step() -> lexgraph_endgame_step {
    lexgraph_endgame_step {
        notation: [0; LEXGRAPH_ENDGAME_NOTATION],
        player: 9,
        score: 0,
        end: 0,
        ending: LEXGRAPH_ENDING_NONE,
    }
}

fn blank_first() -> lexgraph_endgame_first {
    lexgraph_endgame_first {
        notation: [0; LEXGRAPH_ENDGAME_NOTATION],
        value: 0,
        upper_bound: false,
    }
}

fn blank_result() -> lexgraph_endgame_result {
    lexgraph_endgame_result {
        value: 0,
        final_spread: 0,
        exact: false,
        depth: 0,
        nodes: 0,
        line_len: 0,
        first_plays_len: 0,
    }
}

type Solved = (
    lexgraph_status,
    lexgraph_endgame_result,
    Vec<(String, u32, i32, i32, lexgraph_ending)>,
    Vec<(String, i32, bool)>,
);

fn solve(
    lex: *const lexgraph_lexicon,
    o: Option<&lexgraph_endgame_options>,
    line_cap: usize,
    first_cap: usize,
) -> Solved {
    let mut line = vec![blank_step(); line_cap];
    let mut first = vec![blank_first(); first_cap];
    let mut r = blank_result();
    let o = o.map_or(null(), |o| o as *const _);
    // SAFETY: valid strings, options and buffers of their capacities.
    let st = unsafe {
        lexgraph_endgame(
            lex,
            END.as_ptr().cast(),
            END.len(),
            o,
            line.as_mut_ptr(),
            line_cap,
            first.as_mut_ptr(),
            first_cap,
            &mut r,
        )
    };
    // SAFETY: the library NUL-terminates the notations.
    let text = |b: &[std::ffi::c_char]| {
        unsafe { CStr::from_ptr(b.as_ptr()) }
            .to_str()
            .unwrap()
            .to_string()
    };
    let line = line
        .iter()
        .take(r.line_len.min(line_cap))
        .map(|s| (text(&s.notation), s.player, s.score, s.end, s.ending))
        .collect();
    let first = first
        .iter()
        .take(r.first_plays_len.min(first_cap))
        .map(|f| (text(&f.notation), f.value, f.upper_bound))
        .collect();
    (st, r, line, first)
}

#[test]
fn the_engines_solution_on_one_thread_and_two() {
    let lex = open();
    let (st, r, line, first) = solve(lex, Some(&options(1)), 32, 64);
    assert_eq!(st, LEXGRAPH_OK, "{}", message());
    assert!(r.exact);
    assert_eq!(r.final_spread, 403 - 465 + r.value);
    let total: i32 = line
        .iter()
        .map(|s| (s.2 + s.3) * if s.1 == 0 { 1 } else { -1 })
        .sum();
    assert_eq!(total, r.value);
    assert_ne!(line.last().unwrap().4, LEXGRAPH_ENDING_NONE);
    assert_eq!(first[0].1, r.value);
    let (_, r2, line2, _) = solve(lex, Some(&options(2)), 32, 64);
    assert_eq!((r2.value, r2.exact), (r.value, true));
    assert_eq!(line2, line);
    // NULL options: the same.
    let (_, r3, _, _) = solve(lex, None, 0, 0);
    assert_eq!((r3.value, r3.line_len), (r.value, line.len()));

    let session = Session::open(&gaddag()).unwrap();
    let (_, racks, sol) = session
        .endgame(
            Input::Cgp(END),
            None,
            &EndgameSettings::default(),
            &AtomicBool::new(false),
        )
        .unwrap();
    let a = session.lexicon.alphabet();
    assert_eq!(
        (racks[0].to_text(a), racks[1].to_text(a)),
        ("TTU".to_string(), "QR".to_string())
    );
    assert_eq!(sol.value, r.value);
    let theirs: Vec<String> = sol.line.iter().map(|s| s.play.text(a)).collect();
    assert_eq!(theirs, line.iter().map(|s| s.0.clone()).collect::<Vec<_>>());

    // A line buffer of one holds the first play; the result counts them all.
    let (_, r4, short, _) = solve(lex, Some(&options(1)), 1, 0);
    assert_eq!((short.len(), r4.line_len), (1, line.len()));
    assert_eq!(short[0], line[0]);
    // A depth limit: an estimate.
    let (st, r5, _, _) = solve(
        lex,
        Some(&lexgraph_endgame_options {
            size: std::mem::size_of::<lexgraph_endgame_options>(),
            depth: 1,
            ..options(1)
        }),
        4,
        4,
    );
    assert_eq!((st, r5.exact, r5.depth), (LEXGRAPH_OK, false, 1));
    // Refused: bad options, NULL result or buffers, a bag with tiles.
    let (st, ..) = solve(
        lex,
        Some(&lexgraph_endgame_options {
            size: std::mem::size_of::<lexgraph_endgame_options>(),
            seconds: -1.0,
            ..options(1)
        }),
        0,
        0,
    );
    assert_eq!(st, LEXGRAPH_ERR_INPUT);
    let (st, ..) = solve(
        lex,
        Some(&lexgraph_endgame_options {
            size: std::mem::size_of::<lexgraph_endgame_options>(),
            table_mib: 5000,
            ..options(1)
        }),
        0,
        0,
    );
    assert_eq!(st, LEXGRAPH_ERR_INPUT);
    let early = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0";
    let mut res = blank_result();
    // SAFETY: the NULL pointers are the point; the rest is valid.
    unsafe {
        let st = lexgraph_endgame(
            lex,
            END.as_ptr().cast(),
            END.len(),
            null(),
            null_mut(),
            0,
            null_mut(),
            0,
            null_mut(),
        );
        assert_eq!(st, LEXGRAPH_ERR_NULL);
        let st = lexgraph_endgame(
            lex,
            END.as_ptr().cast(),
            END.len(),
            null(),
            null_mut(),
            2,
            null_mut(),
            0,
            &mut res,
        );
        assert_eq!(st, LEXGRAPH_ERR_NULL);
        let st = lexgraph_endgame(
            lex,
            early.as_ptr().cast(),
            early.len(),
            null(),
            null_mut(),
            0,
            null_mut(),
            0,
            &mut res,
        );
        assert_eq!(st, LEXGRAPH_ERR_INPUT);
        assert!(message().contains("in the bag"), "{}", message());
    }
    assert_eq!(lexgraph_close(lex), LEXGRAPH_OK);
}
