//! `lexgraph_check_play`: a typed play's legality, score, words and
//! reason, against the moves the library lists for the same position.

use std::ffi::{c_char, CStr};
use std::ptr::{null, null_mut};

use lexgraph_c::lexgraph_status::*;
use lexgraph_c::*;

/// QUIRE across 8E-8I; the mover holds AEINRS?.
const CGP: &str = "15/15/15/15/15/15/15/4QUIRE6/15/15/15/15/15/15/15 AEINRS?/ 0/0 0";

fn message() -> String {
    // SAFETY: the message is NUL-terminated; NULL length is allowed.
    let m = unsafe { CStr::from_ptr(lexgraph_errmsg(null_mut())) };
    m.to_str().unwrap().to_string()
}

fn open() -> (tempfile::TempDir, *mut lexgraph_lexicon) {
    let dir = tempfile::tempdir().unwrap();
    let words = dir.path().join("words.txt");
    std::fs::write(
        &words,
        "quire\nquires\nqi\nqis\nis\nsi\nrein\nreins\nsire\nrise\n",
    )
    .unwrap();
    let base = dir.path().join("small");
    let (w, b) = (words.to_str().unwrap(), base.to_str().unwrap());
    let path = format!("{b}.gaddag");
    let mut lex = null_mut();
    // SAFETY: valid strings with their lengths; a writable handle.
    unsafe {
        let st = lexgraph_compile(
            w.as_ptr().cast(),
            w.len(),
            b.as_ptr().cast(),
            b.len(),
            null(),
            0,
        );
        assert_eq!(st, LEXGRAPH_OK, "{}", message());
        let st = lexgraph_open(path.as_ptr().cast(), path.len(), &mut lex);
        assert_eq!(st, LEXGRAPH_OK, "{}", message());
    }
    (dir, lex)
}

struct Checked {
    result: lexgraph_check_result,
    words: String,
    reason: String,
}

fn check(
    lex: *const lexgraph_lexicon,
    rack: Option<&str>,
    play: &str,
    cap: usize,
) -> Result<Checked, lexgraph_status> {
    let mut words = vec![0x7f as c_char; cap];
    let mut reason = vec![0x7f as c_char; cap];
    let mut result = lexgraph_check_result::default();
    let (r, r_len) = rack.map_or((null(), 0), |r| (r.as_ptr(), r.len()));
    // SAFETY: strings with their lengths; buffers of `cap` bytes.
    let st = unsafe {
        lexgraph_check_play(
            lex,
            CGP.as_ptr().cast(),
            CGP.len(),
            r.cast(),
            r_len,
            play.as_ptr().cast(),
            play.len(),
            words.as_mut_ptr(),
            cap,
            reason.as_mut_ptr(),
            cap,
            &mut result,
        )
    };
    if st != LEXGRAPH_OK {
        return Err(st);
    }
    // SAFETY: the library NUL-terminated both (cap > 0 in these tests).
    let text = |b: &[c_char]| {
        unsafe { CStr::from_ptr(b.as_ptr()) }
            .to_str()
            .unwrap()
            .to_string()
    };
    Ok(Checked {
        result,
        words: text(&words),
        reason: text(&reason),
    })
}

/// The score `lexgraph_generate` lists for `notation` (by score, every play).
fn listed_score(lex: *const lexgraph_lexicon, notation: &str) -> i32 {
    // SAFETY: numbers, bools and NULL pointers: valid zeroed.
    let mut opts: lexgraph_gen_options = unsafe { std::mem::zeroed() };
    opts.size = std::mem::size_of::<lexgraph_gen_options>();
    opts.by_score = true;
    let (mut list, mut data, mut len) = (null_mut(), null(), 0);
    // SAFETY: valid strings, options and out pointers; the moves live
    // until the list is freed.
    unsafe {
        let st = lexgraph_generate(lex, CGP.as_ptr().cast(), CGP.len(), &opts, &mut list);
        assert_eq!(st, LEXGRAPH_OK, "{}", message());
        assert_eq!(
            lexgraph_move_list_data(list, &mut data, &mut len),
            LEXGRAPH_OK
        );
        let m = std::slice::from_raw_parts(data, len)
            .iter()
            .find(|m| CStr::from_ptr(m.notation).to_str().unwrap() == notation)
            .unwrap_or_else(|| panic!("{notation} is not listed"));
        let score = m.score;
        lexgraph_move_list_free(list);
        score
    }
}

#[test]
fn legal_plays_score_as_listed_and_name_their_words() {
    let (_dir, lex) = open();
    // Down from J8: S hooks QUIRE into QUIRES, I below it makes SI.
    let c = check(lex, None, "J8 SI", 64).unwrap();
    assert!(c.result.legal);
    assert_eq!(c.result.score, listed_score(lex, "J8 SI"));
    assert!(c.result.score > 0);
    assert_eq!(c.words, "SI QUIRES");
    assert_eq!((c.result.words_count, c.result.words_len), (2, 9));
    assert_eq!((c.result.reason_len, c.reason.as_str()), (0, ""));
    // Through the board's tiles, with a blank for the S.
    let c = check(lex, None, "8E .....s", 64).unwrap();
    assert!(c.result.legal, "{}", c.reason);
    assert_eq!(c.result.score, listed_score(lex, "8E QUIREs"));
    assert_eq!(c.words, "QUIREs");
    // The lone S, named along either word.
    let c = check(lex, None, "8J S", 64).unwrap();
    assert_eq!((c.result.legal, c.words.as_str()), (true, "QUIRES"));
    assert_eq!(c.result.score, listed_score(lex, "8E QUIRES"));
    assert_eq!(lexgraph_close(lex), LEXGRAPH_OK);
}

#[test]
fn illegal_plays_say_why_and_bad_input_is_an_error() {
    let (_dir, lex) = open();
    // Without an S on the rack: illegal, the word it would form named.
    let c = check(lex, Some("AEINR"), "8E QUIRES", 128).unwrap();
    assert!(!c.result.legal);
    assert_eq!(c.result.score, 0);
    assert_eq!(c.words, "QUIRES");
    assert_eq!(c.reason, "no S on the rack AEINR (lower case is a blank)");
    assert_eq!(c.result.reason_len, c.reason.len());
    // Not a word, and cut to a small buffer (lengths stay whole).
    let c = check(lex, None, "J8 SE", 8).unwrap();
    assert!(!c.result.legal);
    assert!(c.result.reason_len > 7);
    assert_eq!(c.reason, "SE is n");
    assert_eq!(c.words, "SE QUIR");
    assert_eq!(c.result.words_len, "SE QUIRES".len());
    let c = check(lex, None, "1A QI", 128).unwrap();
    assert!(c.reason.contains("does not touch any tile"), "{}", c.reason);
    assert_eq!(c.result.words_count, 1);

    // Not notation, bad positions, racks and pointers: errors.
    assert_eq!(
        check(lex, None, "QUIRES", 64).err(),
        Some(LEXGRAPH_ERR_INPUT)
    );
    assert!(message().contains("SQUARE WORD"), "{}", message());
    assert_eq!(
        check(lex, None, "8E \u{1F600}", 64).err(),
        Some(LEXGRAPH_ERR_INPUT)
    );
    assert_eq!(
        check(lex, Some("QQQ"), "8J S", 64).err(),
        Some(LEXGRAPH_ERR_INPUT)
    );
    assert_eq!(
        check(null(), None, "8J S", 64).err(),
        Some(LEXGRAPH_ERR_HANDLE)
    );
    let mut result = lexgraph_check_result::default();
    // SAFETY: each call refuses before reading what it is not given.
    unsafe {
        let st = lexgraph_check_play(
            lex,
            c"15/15 A/ 0/0 0".as_ptr(),
            14,
            null(),
            0,
            c"8J S".as_ptr(),
            4,
            null_mut(),
            0,
            null_mut(),
            0,
            &mut result,
        );
        assert_eq!(st, LEXGRAPH_ERR_INPUT);
        let st = lexgraph_check_play(
            lex,
            CGP.as_ptr().cast(),
            CGP.len(),
            null(),
            0,
            c"8J \xff".as_ptr(),
            4,
            null_mut(),
            0,
            null_mut(),
            0,
            &mut result,
        );
        assert_eq!(st, LEXGRAPH_ERR_UTF8);
        let st = lexgraph_check_play(
            lex,
            CGP.as_ptr().cast(),
            CGP.len(),
            null(),
            0,
            null(),
            0,
            null_mut(),
            0,
            null_mut(),
            0,
            &mut result,
        );
        assert_eq!(st, LEXGRAPH_ERR_NULL);
        let st = lexgraph_check_play(
            lex,
            CGP.as_ptr().cast(),
            CGP.len(),
            null(),
            0,
            c"8J S".as_ptr(),
            4,
            null_mut(),
            8,
            null_mut(),
            0,
            &mut result,
        );
        assert_eq!(st, LEXGRAPH_ERR_NULL);
        let st = lexgraph_check_play(
            lex,
            CGP.as_ptr().cast(),
            CGP.len(),
            null(),
            0,
            c"8J S".as_ptr(),
            4,
            null_mut(),
            0,
            null_mut(),
            0,
            null_mut(),
        );
        assert_eq!(st, LEXGRAPH_ERR_NULL);
        // No buffers: the lengths alone.
        let st = lexgraph_check_play(
            lex,
            CGP.as_ptr().cast(),
            CGP.len(),
            null(),
            0,
            c"8J S".as_ptr(),
            4,
            null_mut(),
            0,
            null_mut(),
            0,
            &mut result,
        );
        assert_eq!(st, LEXGRAPH_OK);
        assert!(result.legal && result.words_len == 6 && result.words_count == 1);
    }
    assert_eq!(lexgraph_close(lex), LEXGRAPH_OK);
}
