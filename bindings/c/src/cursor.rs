//! Cursors: the words of an anagram, pattern or prefix query, one per
//! call into the caller's buffer, for callers that cannot easily pass a
//! callback (Go's cgo, for one). A cursor holds its query's words, found
//! when it is made: the query's errors come then, and the lexicon may be
//! closed while the cursor is read.

use std::ffi::c_char;
use std::sync::{Arc, Mutex};

use lexgraph::Partial;

use super::{
    guard, handles, insert, lexgraph_lexicon, lexicon, null, opt_text, text, Fault, Handle,
};
use crate::lexgraph_status::{self, *};

/// The words of a query, read one at a time with [`lexgraph_cursor_next`].
/// Opaque; free it with [`lexgraph_cursor_free`].
pub struct lexgraph_cursor {
    _private: [u8; 0],
}

/// A query's words and how many have been read.
pub(crate) struct Cursor {
    words: Vec<String>,
    next: usize,
}

fn cursor(h: *const lexgraph_cursor) -> Result<Arc<Mutex<Cursor>>, Fault> {
    handles(|t| match t.get(&(h as usize)) {
        Some(Handle::Cursor(c)) => Ok(c.clone()),
        _ => Err(Fault(
            LEXGRAPH_ERR_HANDLE,
            format!("{h:p} is not a cursor handle"),
        )),
    })
}

/// Makes a cursor of `words` (or of the query's error) into `*out`.
///
/// # Safety
/// `out` is NULL or writable.
unsafe fn make(
    out: *mut *mut lexgraph_cursor,
    words: impl FnOnce() -> Result<Vec<String>, Fault>,
) -> lexgraph_status {
    guard(|| {
        if out.is_null() {
            return Err(null("out"));
        }
        // SAFETY: not NULL; the caller promises it is writable.
        unsafe { *out = std::ptr::null_mut() };
        let words = words()?;
        let id = insert(Handle::Cursor(Arc::new(Mutex::new(Cursor {
            words,
            next: 0,
        }))));
        // SAFETY: as above.
        unsafe { *out = id as *mut lexgraph_cursor };
        Ok(LEXGRAPH_OK)
    })
}

/// A cursor over the words [`lexgraph_anagram`](crate::lexgraph_anagram)
/// gives (sorted; with `partial`, those using some of the tiles), into
/// `*out` (NULL on failure).
///
/// # Safety
/// `rack` points to `len` readable bytes; `out` to a writable handle.
#[no_mangle]
pub unsafe extern "C" fn lexgraph_anagram_cursor(
    lex: *const lexgraph_lexicon,
    rack: *const c_char,
    len: usize,
    partial: bool,
    out: *mut *mut lexgraph_cursor,
) -> lexgraph_status {
    let words = || {
        let s = lexicon(lex)?;
        // SAFETY: the caller promises `len` bytes at `rack`.
        let rack = unsafe { text(rack, len, "rack") }?;
        let p = if partial { Partial::Yes } else { Partial::No };
        Ok(s.lexicon.anagram(rack, p)?)
    };
    // SAFETY: `out` as the caller promises.
    unsafe { make(out, words) }
}

/// A cursor over the words matching `pattern` (`?` one tile, `*` any run
/// of tiles), sorted, into `*out` (NULL on failure).
///
/// # Safety
/// `pattern` points to `len` readable bytes; `out` to a writable handle.
#[no_mangle]
pub unsafe extern "C" fn lexgraph_pattern_cursor(
    lex: *const lexgraph_lexicon,
    pattern: *const c_char,
    len: usize,
    out: *mut *mut lexgraph_cursor,
) -> lexgraph_status {
    let words = || {
        let s = lexicon(lex)?;
        // SAFETY: the caller promises `len` bytes at `pattern`.
        let pattern = unsafe { text(pattern, len, "pattern") }?;
        Ok(s.lexicon.pattern(pattern)?)
    };
    // SAFETY: `out` as the caller promises.
    unsafe { make(out, words) }
}

/// A cursor over every word starting with `prefix` (NULL or "": every
/// word of the lexicon, all held by the cursor), sorted, into `*out`
/// (NULL on failure).
///
/// # Safety
/// `prefix` is NULL or points to `len` readable bytes; `out` to a
/// writable handle.
#[no_mangle]
pub unsafe extern "C" fn lexgraph_words_cursor(
    lex: *const lexgraph_lexicon,
    prefix: *const c_char,
    len: usize,
    out: *mut *mut lexgraph_cursor,
) -> lexgraph_status {
    let words = || {
        let s = lexicon(lex)?;
        // SAFETY: the caller promises `len` bytes at `prefix` unless NULL.
        let prefix = unsafe { opt_text(prefix, len, "prefix") }?.unwrap_or("");
        let mut words = s.lexicon.words_with_prefix(prefix)?;
        let all: Vec<String> = (&mut words).collect();
        words.check()?;
        Ok(all)
    };
    // SAFETY: `out` as the caller promises.
    unsafe { make(out, words) }
}

/// The cursor's next word, UTF-8 and NUL-terminated, into `buf` (room for
/// `cap` bytes, the NUL included), its length in bytes (NUL not counted)
/// to `*len` unless `len` is NULL. Returns 1 for a word, 0 when there are
/// no more, or a negative `lexgraph_status` on failure (its message from
/// [`lexgraph_errmsg`](crate::lexgraph_errmsg)): `-LEXGRAPH_ERR_BUFFER` when
/// the word and its NUL do not fit in `cap` bytes, with `*len` the word's
/// length; the word stays the next, for a call with a bigger buffer.
///
/// # Safety
/// `buf` points to `cap` writable bytes (may be NULL when `cap` is 0);
/// `len` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn lexgraph_cursor_next(
    cur: *mut lexgraph_cursor,
    buf: *mut c_char,
    cap: usize,
    len: *mut usize,
) -> i32 {
    let mut got = 0;
    let status = guard(|| {
        let c = cursor(cur)?;
        let mut c = c.lock().unwrap_or_else(|e| e.into_inner());
        let Some(word) = c.words.get(c.next) else {
            return Ok(LEXGRAPH_OK);
        };
        let n = word.len();
        if !len.is_null() {
            // SAFETY: not NULL; the caller promises it is writable.
            unsafe { *len = n };
        }
        if n >= cap {
            return Err(Fault(
                LEXGRAPH_ERR_BUFFER,
                format!(
                    "the word needs {} bytes, its NUL included; cap is {cap}",
                    n + 1
                ),
            ));
        }
        if buf.is_null() {
            return Err(null("buf"));
        }
        // SAFETY: `n + 1 <= cap` bytes the caller promises writable at `buf`.
        unsafe {
            std::ptr::copy_nonoverlapping(word.as_ptr(), buf.cast::<u8>(), n);
            *buf.add(n) = 0;
        }
        c.next += 1;
        got = 1;
        Ok(LEXGRAPH_OK)
    });
    match status {
        LEXGRAPH_OK => got,
        e => -(e as i32),
    }
}

/// Frees a cursor (its words). NULL is a no-op.
#[no_mangle]
pub extern "C" fn lexgraph_cursor_free(cur: *mut lexgraph_cursor) -> lexgraph_status {
    guard(|| {
        if cur.is_null() {
            return Ok(LEXGRAPH_OK);
        }
        cursor(cur)?;
        handles(|t| t.remove(&(cur as usize)));
        Ok(LEXGRAPH_OK)
    })
}
