//! The C functions called from Rust: every pointer argument NULL, bad
//! UTF-8, handles closed, made up or of the wrong kind, callbacks that
//! stop, a lexicon shared by threads and closed while they use it.

use std::ffi::{c_char, c_void, CStr};
use std::path::PathBuf;
use std::ptr::{null, null_mut};

use lexgraph_c::lexgraph_status::*;
use lexgraph_c::*;

const CGP: &str = "15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 AEINRS?/ 0/0 0";

fn message() -> String {
    let mut len = 0;
    // SAFETY: `len` is writable; the message is NUL-terminated.
    let m = unsafe { CStr::from_ptr(lexgraph_errmsg(&mut len)) };
    assert_eq!(m.to_bytes().len(), len);
    m.to_str().unwrap().to_string()
}

/// Compiles a small list once per test binary; returns the base path.
fn lexicon_base() -> PathBuf {
    static BASE: std::sync::OnceLock<(tempfile::TempDir, PathBuf)> = std::sync::OnceLock::new();
    BASE.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let words = dir.path().join("words.txt");
        std::fs::write(
            &words,
            "quire\nquires\nqi\nqis\nis\nsi\nrein\nreins\nsire\nrise\n",
        )
        .unwrap();
        let base = dir.path().join("small");
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
        (dir, base)
    })
    .1
    .clone()
}

fn open(kind: &str) -> *mut lexgraph_lexicon {
    let path = format!("{}.{kind}", lexicon_base().display());
    let mut lex = null_mut();
    // SAFETY: a valid string and a writable handle.
    assert_eq!(
        unsafe { lexgraph_open(path.as_ptr().cast(), path.len(), &mut lex) },
        LEXGRAPH_OK
    );
    assert!(!lex.is_null());
    lex
}

fn contains(lex: *const lexgraph_lexicon, word: &[u8]) -> Result<bool, lexgraph_status> {
    let mut out = false;
    // SAFETY: `word` is readable for its length; `out` is writable.
    match unsafe { lexgraph_contains(lex, word.as_ptr().cast(), word.len(), &mut out) } {
        LEXGRAPH_OK => Ok(out),
        e => Err(e),
    }
}

#[test]
fn queries_and_their_errors() {
    let lex = open("dawg");
    assert_eq!(contains(lex, b"quires"), Ok(true));
    assert_eq!(contains(lex, b"quirez"), Ok(false));
    assert_eq!(contains(lex, b"\xff"), Err(LEXGRAPH_ERR_UTF8));
    assert!(message().contains("invalid utf-8"), "{}", message());
    assert_eq!(contains(null(), b"qi"), Err(LEXGRAPH_ERR_HANDLE));
    assert_eq!(
        contains(0x1230 as *const _, b"qi"),
        Err(LEXGRAPH_ERR_HANDLE)
    );
    // SAFETY: NULL word with length 0 is refused before any read.
    assert_eq!(
        unsafe { lexgraph_contains(lex, null(), 0, &mut false) },
        LEXGRAPH_ERR_NULL
    );
    let mut n = 0;
    // SAFETY: `n` is writable.
    assert_eq!(unsafe { lexgraph_word_count(lex, &mut n) }, LEXGRAPH_OK);
    assert_eq!(n, 10);
    assert_eq!(message(), "");

    unsafe extern "C" fn collect(ctx: *mut c_void, w: *const c_char, len: usize) -> i32 {
        // SAFETY: `ctx` is the Vec passed below; `w` holds `len` bytes and a NUL.
        unsafe {
            let v = &mut *(ctx as *mut Vec<String>);
            assert_eq!(*w.add(len), 0);
            v.push(
                std::str::from_utf8(std::slice::from_raw_parts(w.cast(), len))
                    .unwrap()
                    .into(),
            );
            (v.len() >= 4) as i32
        }
    }
    let mut got: Vec<String> = Vec::new();
    let ctx = &mut got as *mut Vec<String> as *mut c_void;
    // SAFETY: valid strings; the callback reads `ctx` as the Vec it is.
    unsafe {
        assert_eq!(
            lexgraph_anagram(lex, c"EIRS".as_ptr(), 4, false, Some(collect), ctx),
            LEXGRAPH_OK
        );
        assert_eq!(got, ["RISE", "SIRE"]);
        got.clear();
        assert_eq!(
            lexgraph_pattern(lex, c"?I?".as_ptr(), 3, Some(collect), ctx),
            LEXGRAPH_OK
        );
        assert_eq!(got, ["QIS"]);
        got.clear();
        // Stopped by the callback after four words.
        assert_eq!(
            lexgraph_words(lex, null(), 0, Some(collect), ctx),
            LEXGRAPH_STOPPED
        );
        assert_eq!(got, ["IS", "QI", "QIS", "QUIRE"]);
        got.clear();
        assert_eq!(
            lexgraph_words(lex, c"QU".as_ptr(), 2, Some(collect), ctx),
            LEXGRAPH_OK
        );
        assert_eq!(got, ["QUIRE", "QUIRES"]);
        assert_eq!(
            lexgraph_pattern(lex, c"?I*".as_ptr(), 3, None, ctx),
            LEXGRAPH_ERR_NULL
        );
        assert_eq!(
            lexgraph_anagram(lex, c"E1".as_ptr(), 2, true, Some(collect), ctx),
            LEXGRAPH_ERR_INPUT
        );
    }
    assert_eq!(lexgraph_close(lex), LEXGRAPH_OK);
    assert_eq!(contains(lex, b"qi"), Err(LEXGRAPH_ERR_HANDLE));
    assert_eq!(lexgraph_close(lex), LEXGRAPH_ERR_HANDLE);
}

#[test]
fn move_lists_and_callbacks() {
    let lex = open("gaddag");
    let opts = lexgraph_gen_options {
        size: std::mem::size_of::<lexgraph_gen_options>(),
        top: 2,
        rack: c"S".as_ptr(),
        rack_len: 1,
        leaves: null(),
        leaves_len: 0,
        exchanges: false,
        by_score: true,
    };
    let mut list = null_mut();
    // SAFETY: valid strings, options and out pointer.
    assert_eq!(
        unsafe { lexgraph_generate(lex, CGP.as_ptr().cast(), CGP.len(), &opts, &mut list) },
        LEXGRAPH_OK
    );
    let (mut data, mut len) = (null(), 0);
    // SAFETY: writable out pointers.
    assert_eq!(
        unsafe { lexgraph_move_list_data(list, &mut data, &mut len) },
        LEXGRAPH_OK
    );
    // SAFETY: the library says `data` holds `len` moves while the list lives.
    let moves = unsafe { std::slice::from_raw_parts(data, len) };
    assert_eq!(moves.len(), 2);
    let m = &moves[0];
    // SAFETY: the move's strings and tiles live as long as the list.
    unsafe {
        assert_eq!(CStr::from_ptr(m.notation).to_str().unwrap(), "8E QUIRES");
        assert_eq!(m.notation_len, 9);
        assert_eq!(CStr::from_ptr(m.word).to_str().unwrap(), "QUIRES");
        let tiles = std::slice::from_raw_parts(m.tiles, m.tiles_len);
        assert_eq!((tiles.len(), tiles[0].row, tiles[0].col), (1, 7, 9));
        assert_eq!(CStr::from_ptr(tiles[0].letter).to_str().unwrap(), "S");
    }
    assert_eq!(
        (m.kind, m.row, m.col, m.dir),
        (
            lexgraph_play_kind::LEXGRAPH_PLACE,
            7,
            4,
            lexgraph_dir::LEXGRAPH_ACROSS
        )
    );
    assert!(!m.ranked && m.equity == m.score as f64);
    // A list handle is not a lexicon handle, nor the reverse.
    assert_eq!(contains(list as *const _, b"qi"), Err(LEXGRAPH_ERR_HANDLE));
    // SAFETY: writable out pointers.
    assert_eq!(
        unsafe { lexgraph_move_list_data(lex as *const _, &mut data, &mut len) },
        LEXGRAPH_ERR_HANDLE
    );
    // SAFETY: NULL out pointers are refused.
    assert_eq!(
        unsafe { lexgraph_move_list_data(list, null_mut(), &mut len) },
        LEXGRAPH_ERR_NULL
    );
    assert_eq!(lexgraph_move_list_free(list), LEXGRAPH_OK);
    assert_eq!(lexgraph_move_list_free(list), LEXGRAPH_ERR_HANDLE);
    assert_eq!(lexgraph_move_list_free(null_mut()), LEXGRAPH_OK);

    // By equity, exchanges and the pass included, through a callback.
    unsafe extern "C" fn texts(ctx: *mut c_void, m: *const lexgraph_move) -> i32 {
        // SAFETY: `ctx` is the Vec below; the move is valid during the call.
        unsafe {
            let m = &*m;
            let v = &mut *(ctx as *mut Vec<(String, bool, String)>);
            let s = |p: *const c_char| CStr::from_ptr(p).to_str().unwrap().to_string();
            v.push((s(m.notation), m.ranked, s(m.leave)));
        }
        0
    }
    let opts = lexgraph_gen_options {
        size: std::mem::size_of::<lexgraph_gen_options>(),
        top: 0,
        rack: c"QIS".as_ptr(),
        rack_len: 3,
        leaves: c"gordon1".as_ptr(),
        leaves_len: 7,
        exchanges: false,
        by_score: false,
    };
    let empty = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/ 0/0 0";
    let mut got: Vec<(String, bool, String)> = Vec::new();
    let ctx = &mut got as *mut _ as *mut c_void;
    // SAFETY: valid strings, options and callback.
    let st = unsafe {
        lexgraph_generate_each(
            lex,
            empty.as_ptr().cast(),
            empty.len(),
            &opts,
            Some(texts),
            ctx,
        )
    };
    assert_eq!(st, LEXGRAPH_OK, "{}", message());
    assert_eq!(got[0], ("8G QI".to_string(), true, "S".to_string()));
    assert!(got.iter().any(|g| g.0 == "-IQS"));
    assert!(got.iter().any(|g| g.0 == "pass"));

    // No options: by equity, with Heuristic 2 for a lexicon with no leaves
    // of its own beside it; leaves with by_score are refused.
    let mut by_default: Vec<(String, bool, String)> = Vec::new();
    let ctx = &mut by_default as *mut _ as *mut c_void;
    let qis = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 QIS/ 0/0 0";
    // SAFETY: valid strings and callback; NULL options.
    let st = unsafe {
        lexgraph_generate_each(
            lex,
            qis.as_ptr().cast(),
            qis.len(),
            null(),
            Some(texts),
            ctx,
        )
    };
    assert_eq!(st, LEXGRAPH_OK, "{}", message());
    assert_eq!(by_default[0], ("8G QI".to_string(), true, "S".to_string()));
    let both = lexgraph_gen_options {
        size: std::mem::size_of::<lexgraph_gen_options>(),
        by_score: true,
        ..opts
    };
    // SAFETY: valid strings, options and out pointer.
    let st = unsafe { lexgraph_generate(lex, qis.as_ptr().cast(), qis.len(), &both, &mut list) };
    assert_eq!(st, LEXGRAPH_ERR_INPUT, "{}", message());

    // Bad positions and options.
    for (cgp, opts) in [
        ("15/15 A/ 0/0 0", None),
        (
            CGP,
            Some(lexgraph_gen_options {
                size: std::mem::size_of::<lexgraph_gen_options>(),
                top: 0,
                rack: c"QQQ".as_ptr(),
                rack_len: 3,
                leaves: null(),
                leaves_len: 0,
                exchanges: false,
                by_score: false,
            }),
        ),
        ("", None),
    ] {
        let o = opts.as_ref().map_or(null(), |o| o as *const _);
        // SAFETY: valid strings; `list` is writable.
        let st = unsafe { lexgraph_generate(lex, cgp.as_ptr().cast(), cgp.len(), o, &mut list) };
        assert_eq!(st, LEXGRAPH_ERR_INPUT, "{cgp}");
        assert!(list.is_null() && !message().is_empty());
    }
    // SAFETY: the callback is NULL: refused.
    assert_eq!(
        unsafe {
            lexgraph_generate_each(
                lex,
                CGP.as_ptr().cast(),
                CGP.len(),
                null(),
                None,
                null_mut(),
            )
        },
        LEXGRAPH_ERR_NULL
    );
    // SAFETY: NULL out pointer: refused.
    assert_eq!(
        unsafe { lexgraph_generate(lex, CGP.as_ptr().cast(), CGP.len(), null(), null_mut()) },
        LEXGRAPH_ERR_NULL
    );
    assert_eq!(lexgraph_close(lex), LEXGRAPH_OK);
}

#[test]
fn files_that_are_not_lexicons() {
    let mut lex = 0x10 as *mut lexgraph_lexicon;
    let missing = "/nonexistent/x.gaddag";
    // SAFETY: valid strings and out pointer.
    assert_eq!(
        unsafe { lexgraph_open(missing.as_ptr().cast(), missing.len(), &mut lex) },
        LEXGRAPH_ERR_IO
    );
    assert!(lex.is_null());
    assert!(message().contains("No such file"), "{}", message());
    let words = format!("{}/../../lexicons/enable1.txt", env!("CARGO_MANIFEST_DIR"));
    // SAFETY: as above.
    assert_eq!(
        unsafe { lexgraph_open(words.as_ptr().cast(), words.len(), &mut lex) },
        LEXGRAPH_ERR_LEXICON
    );
    // SAFETY: NULL path, NULL out: refused.
    assert_eq!(
        unsafe { lexgraph_open(null(), 0, &mut lex) },
        LEXGRAPH_ERR_NULL
    );
    assert_eq!(
        unsafe { lexgraph_open(missing.as_ptr().cast(), missing.len(), null_mut()) },
        LEXGRAPH_ERR_NULL
    );
    // A word list with a word the alphabet cannot spell.
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "qi\nz9\n").unwrap();
    let (b, o) = (bad.to_str().unwrap(), dir.path().join("out"));
    let o = o.to_str().unwrap();
    // SAFETY: valid strings.
    let st = unsafe {
        lexgraph_compile(
            b.as_ptr().cast(),
            b.len(),
            o.as_ptr().cast(),
            o.len(),
            c"klingon".as_ptr(),
            7,
        )
    };
    // Neither a file nor a built-in name: an unknown alphabet, as the CLI
    // says it (`Alphabet::named`).
    assert_eq!(st, LEXGRAPH_ERR_INPUT);
    assert!(message().contains("klingon"), "{}", message());
    // SAFETY: valid strings.
    let st = unsafe {
        lexgraph_compile(
            b.as_ptr().cast(),
            b.len(),
            o.as_ptr().cast(),
            o.len(),
            null(),
            0,
        )
    };
    assert_eq!(st, LEXGRAPH_ERR_INPUT);
    assert!(message().contains("z9"), "{}", message());
}

#[test]
fn threads_share_a_lexicon_and_see_their_own_errors() {
    let lex = open("gaddag") as usize;
    let threads: Vec<_> = (0..4)
        .map(|i| {
            std::thread::spawn(move || {
                for _ in 0..200 {
                    let r = contains(lex as *const _, b"quire");
                    // Closed by the main thread at some point: an error, not a crash.
                    if r == Err(LEXGRAPH_ERR_HANDLE) {
                        assert!(message().contains("not an open lexicon"));
                        return;
                    }
                    assert_eq!(r, Ok(true));
                    if i == 0 {
                        // The close may land between the two calls: then the
                        // handle error comes first, as it does above.
                        match contains(lex as *const _, b"\xfe") {
                            Err(LEXGRAPH_ERR_HANDLE) => return,
                            r => assert_eq!(r, Err(LEXGRAPH_ERR_UTF8)),
                        }
                    } else {
                        assert_eq!(message(), "");
                    }
                }
            })
        })
        .collect();
    std::thread::sleep(std::time::Duration::from_millis(1));
    assert_eq!(lexgraph_close(lex as *mut _), LEXGRAPH_OK);
    for t in threads {
        t.join().unwrap();
    }
}

#[test]
fn versions_and_status_names() {
    // SAFETY: static NUL-terminated strings.
    unsafe {
        assert_eq!(
            CStr::from_ptr(lexgraph_version()).to_str().unwrap(),
            env!("CARGO_PKG_VERSION")
        );
        assert_eq!(
            CStr::from_ptr(lexgraph_errstr(4)).to_str().unwrap(),
            "not valid UTF-8"
        );
        assert_eq!(
            CStr::from_ptr(lexgraph_errstr(9)).to_str().unwrap(),
            "buffer too small"
        );
        assert_eq!(
            CStr::from_ptr(lexgraph_errstr(99)).to_str().unwrap(),
            "unknown status"
        );
    }
}
