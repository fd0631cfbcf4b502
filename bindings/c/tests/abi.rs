//! What lets a C program outlive a library version, and a cgo program
//! skip callbacks: options read by their `size`, and word cursors.

use std::ffi::{c_char, CStr};
use std::mem::{offset_of, size_of};
use std::ptr::{null, null_mut};

use lexgraph_c::lexgraph_status::*;
use lexgraph_c::*;

const CGP: &str = "15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 AEINRS?/ 0/0 0";

fn message() -> String {
    // SAFETY: the message is NUL-terminated; NULL length is allowed.
    let m = unsafe { CStr::from_ptr(lexgraph_errmsg(null_mut())) };
    m.to_str().unwrap().to_string()
}

/// A small lexicon, compiled once per test binary, opened anew.
fn open(kind: &str) -> *mut lexgraph_lexicon {
    static BASE: std::sync::OnceLock<(tempfile::TempDir, String)> = std::sync::OnceLock::new();
    let (_, base) = BASE.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let words = dir.path().join("words.txt");
        std::fs::write(
            &words,
            "quire\nquires\nqi\nqis\nis\nsi\nrein\nreins\nsire\nrise\n",
        )
        .unwrap();
        let base = dir.path().join("small").to_str().unwrap().to_string();
        let w = words.to_str().unwrap();
        // SAFETY: valid strings with their lengths; no alphabet.
        let st = unsafe {
            lexgraph_compile(
                w.as_ptr().cast(),
                w.len(),
                base.as_ptr().cast(),
                base.len(),
                null(),
                0,
            )
        };
        assert_eq!(st, LEXGRAPH_OK, "{}", message());
        (dir, base)
    });
    let path = format!("{base}.{kind}");
    let mut lex = null_mut();
    // SAFETY: a valid string and a writable handle.
    let st = unsafe { lexgraph_open(path.as_ptr().cast(), path.len(), &mut lex) };
    assert_eq!(st, LEXGRAPH_OK, "{}", message());
    lex
}

fn zeroed_gen() -> lexgraph_gen_options {
    // SAFETY: numbers, bools and NULL pointers: valid zeroed.
    unsafe { std::mem::zeroed() }
}

/// Notation and whether ranked of the plays `opts` (any pointer to a
/// struct that begins as lexgraph_gen_options) gives, or the status.
fn plays(
    lex: *const lexgraph_lexicon,
    opts: *const lexgraph_gen_options,
) -> Result<Vec<(String, bool)>, lexgraph_status> {
    let mut list = null_mut();
    // SAFETY: valid strings; `opts` is the caller's (valid for its size).
    let st = unsafe { lexgraph_generate(lex, CGP.as_ptr().cast(), CGP.len(), opts, &mut list) };
    if st != LEXGRAPH_OK {
        assert!(list.is_null());
        return Err(st);
    }
    let (mut data, mut len) = (null(), 0);
    // SAFETY: writable out pointers; the list's moves live until it is freed.
    let out = unsafe {
        assert_eq!(
            lexgraph_move_list_data(list, &mut data, &mut len),
            LEXGRAPH_OK
        );
        std::slice::from_raw_parts(data, len)
            .iter()
            .map(|m| {
                let n = CStr::from_ptr(m.notation).to_str().unwrap().to_string();
                (n, m.ranked)
            })
            .collect()
    };
    assert_eq!(lexgraph_move_list_free(list), LEXGRAPH_OK);
    Ok(out)
}

#[test]
fn options_are_read_as_far_as_their_size() {
    let lex = open("gaddag");
    let full = lexgraph_gen_options {
        size: size_of::<lexgraph_gen_options>(),
        top: 2,
        by_score: true,
        ..zeroed_gen()
    };
    let by_score = plays(lex, &full).unwrap();
    assert_eq!(by_score.len(), 2);
    assert!(by_score.iter().all(|p| !p.1), "{by_score:?}");

    // A program whose header stopped after `top`: `by_score` (set here,
    // past its size) is not read, so the plays rank by equity.
    let older = lexgraph_gen_options {
        size: offset_of!(lexgraph_gen_options, top) + size_of::<usize>(),
        ..full
    };
    let by_equity = plays(lex, &older).unwrap();
    assert_eq!(by_equity.len(), 2);
    assert!(by_equity.iter().all(|p| p.1), "{by_equity:?}");

    // A program built with a newer header: its extra fields left zero are
    // fine; set, they are options this library cannot honour.
    #[repr(C)]
    struct Newer {
        o: lexgraph_gen_options,
        extra: [u64; 2],
    }
    let mut newer = Newer {
        o: lexgraph_gen_options {
            size: size_of::<Newer>(),
            ..full
        },
        extra: [0; 2],
    };
    assert_eq!(plays(lex, &newer.o), Ok(by_score.clone()));
    newer.extra[1] = 1;
    assert_eq!(plays(lex, &newer.o), Err(LEXGRAPH_ERR_INPUT));
    assert!(message().contains("16 bytes set beyond"), "{}", message());

    // Size 0: the defaults when nothing else is set (a zeroed struct, as
    // NULL); with fields set, the caller forgot the size: refused.
    let zero = zeroed_gen();
    let defaults = plays(lex, null()).unwrap();
    assert!(defaults.len() > 2 && defaults[0].1);
    assert_eq!(plays(lex, &zero), Ok(defaults));
    let forgot = lexgraph_gen_options { size: 0, ..full };
    assert_eq!(plays(lex, &forgot), Err(LEXGRAPH_ERR_INPUT));
    assert!(
        message().contains("set size to sizeof(lexgraph_gen_options)"),
        "{}",
        message()
    );
    let tiny = lexgraph_gen_options { size: 3, ..full };
    assert_eq!(plays(lex, &tiny), Err(LEXGRAPH_ERR_INPUT));

    // The simulation's and the endgame's options, the same way.
    let sim = lexgraph_sim_options {
        size: 0,
        // SAFETY: valid zeroed.
        ..unsafe { std::mem::zeroed() }
    };
    let sim = lexgraph_sim_options { plies: 1, ..sim };
    let mut summary = std::mem::MaybeUninit::<lexgraph_sim_summary>::uninit();
    // SAFETY: valid strings and options; no arms; a writable summary.
    let st = unsafe {
        lexgraph_sim(
            lex,
            CGP.as_ptr().cast(),
            CGP.len(),
            &sim,
            null_mut(),
            0,
            summary.as_mut_ptr(),
            None,
            null_mut(),
        )
    };
    assert_eq!(st, LEXGRAPH_ERR_INPUT);
    assert!(message().contains("lexgraph_sim_options"), "{}", message());
    let end = lexgraph_endgame_options {
        size: 0,
        depth: 1,
        // SAFETY: valid zeroed.
        ..unsafe { std::mem::zeroed() }
    };
    let mut result = std::mem::MaybeUninit::<lexgraph_endgame_result>::uninit();
    // SAFETY: valid strings and options; no buffers; a writable result.
    let st = unsafe {
        lexgraph_endgame(
            lex,
            CGP.as_ptr().cast(),
            CGP.len(),
            &end,
            null_mut(),
            0,
            null_mut(),
            0,
            result.as_mut_ptr(),
        )
    };
    assert_eq!(st, LEXGRAPH_ERR_INPUT);
    assert!(
        message().contains("lexgraph_endgame_options"),
        "{}",
        message()
    );
    assert_eq!(lexgraph_close(lex), LEXGRAPH_OK);
}

/// Every word a cursor gives, read with a buffer of `cap` bytes.
fn drain(cur: *mut lexgraph_cursor, cap: usize) -> Vec<String> {
    let mut buf = vec![0 as c_char; cap];
    let mut out = Vec::new();
    loop {
        let mut len = 0;
        // SAFETY: `buf` holds `cap` bytes; `len` is writable.
        match unsafe { lexgraph_cursor_next(cur, buf.as_mut_ptr(), cap, &mut len) } {
            0 => return out,
            1 => {
                // SAFETY: the library wrote a NUL-terminated word.
                let w = unsafe { CStr::from_ptr(buf.as_ptr()) }.to_str().unwrap();
                assert_eq!(w.len(), len);
                out.push(w.to_string());
            }
            e => panic!("cursor_next: {e}: {}", message()),
        }
    }
}

#[test]
fn cursors_give_the_words_of_the_callbacks() {
    let lex = open("dawg");
    let mut cur = null_mut();
    // SAFETY: valid strings and a writable handle, in each call below.
    unsafe {
        assert_eq!(
            lexgraph_anagram_cursor(lex, c"EIRS".as_ptr(), 4, false, &mut cur),
            LEXGRAPH_OK
        );
        // Too small: the word's length, and the word stays for the next call.
        let mut len = 0;
        let mut small = [0 as c_char; 4];
        let got = lexgraph_cursor_next(cur, small.as_mut_ptr(), 4, &mut len);
        assert_eq!((got, len), (-(LEXGRAPH_ERR_BUFFER as i32), 4));
        assert!(message().contains("needs 5 bytes"), "{}", message());
        // NULL with no room asks for the length only.
        assert_eq!(
            lexgraph_cursor_next(cur, null_mut(), 0, &mut len),
            -(LEXGRAPH_ERR_BUFFER as i32)
        );
        assert_eq!(drain(cur, 5), ["RISE", "SIRE"]);
        assert_eq!(drain(cur, 5), Vec::<String>::new());
        assert_eq!(lexgraph_cursor_free(cur), LEXGRAPH_OK);
        assert_eq!(
            lexgraph_cursor_next(cur, small.as_mut_ptr(), 4, &mut len),
            -(LEXGRAPH_ERR_HANDLE as i32)
        );
        assert_eq!(lexgraph_cursor_free(cur), LEXGRAPH_ERR_HANDLE);
        assert_eq!(lexgraph_cursor_free(null_mut()), LEXGRAPH_OK);

        assert_eq!(
            lexgraph_anagram_cursor(lex, c"QIRS".as_ptr(), 4, true, &mut cur),
            LEXGRAPH_OK
        );
        assert_eq!(drain(cur, 64), ["IS", "QI", "QIS", "SI"]);
        lexgraph_cursor_free(cur);
        assert_eq!(
            lexgraph_pattern_cursor(lex, c"?I*".as_ptr(), 3, &mut cur),
            LEXGRAPH_OK
        );
        assert_eq!(drain(cur, 64), ["QI", "QIS", "RISE", "SI", "SIRE"]);
        lexgraph_cursor_free(cur);

        // Every word, in order; a cursor outlives its lexicon's handle.
        assert_eq!(lexgraph_words_cursor(lex, null(), 0, &mut cur), LEXGRAPH_OK);
        let mut words = null_mut();
        assert_eq!(
            lexgraph_words_cursor(lex, c"RE".as_ptr(), 2, &mut words),
            LEXGRAPH_OK
        );
        assert_eq!(lexgraph_close(lex), LEXGRAPH_OK);
        let all = drain(cur, 64);
        assert_eq!(all.len(), 10);
        assert!(all.windows(2).all(|w| w[0] < w[1]), "{all:?}");
        assert_eq!(drain(words, 64), ["REIN", "REINS"]);
        lexgraph_cursor_free(cur);
        lexgraph_cursor_free(words);

        // Errors: no cursor made, the handle NULL.
        let lex = open("gaddag");
        cur = 0x10 as *mut _;
        assert_eq!(
            lexgraph_pattern_cursor(lex, c"Q1".as_ptr(), 2, &mut cur),
            LEXGRAPH_ERR_INPUT
        );
        assert!(cur.is_null());
        assert_eq!(
            lexgraph_anagram_cursor(lex, c"\xff".as_ptr(), 1, false, &mut cur),
            LEXGRAPH_ERR_UTF8
        );
        assert_eq!(
            lexgraph_anagram_cursor(lex, null(), 0, false, &mut cur),
            LEXGRAPH_ERR_NULL
        );
        assert_eq!(
            lexgraph_words_cursor(lex, null(), 0, null_mut()),
            LEXGRAPH_ERR_NULL
        );
        assert_eq!(
            lexgraph_words_cursor(null(), null(), 0, &mut cur),
            LEXGRAPH_ERR_HANDLE
        );
        // A lexicon handle is not a cursor, nor the reverse.
        let mut len = 0;
        assert_eq!(
            lexgraph_cursor_next(lex.cast(), null_mut(), 0, &mut len),
            -(LEXGRAPH_ERR_HANDLE as i32)
        );
        assert_eq!(lexgraph_words_cursor(lex, null(), 0, &mut cur), LEXGRAPH_OK);
        let mut found = false;
        assert_eq!(
            lexgraph_contains(cur.cast(), c"QI".as_ptr(), 2, &mut found),
            LEXGRAPH_ERR_HANDLE
        );
        lexgraph_cursor_free(cur);
        assert_eq!(lexgraph_close(lex), LEXGRAPH_OK);
    }
}
