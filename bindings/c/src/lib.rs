//! lexgraph's C library: the functions of `include/lexgraph.h` (generated
//! from this file by cbindgen; `build.rs`).
//!
//! - Every function returns a [`lexgraph_status`] and catches panics
//!   (`catch_unwind`): none crosses into C.
//! - Handles are numbers the library hands out, never pointers it
//!   dereferences: a handle is looked up in a table, so a NULL, closed or
//!   made-up one is [`lexgraph_status::LEXGRAPH_ERR_HANDLE`], and a
//!   lexicon closed while another thread uses it lives until that call
//!   returns.
//! - Strings in are pointer and length (UTF-8 checked); strings out are
//!   NUL-terminated UTF-8 with their length.
//! - The message of the calling thread's last failure: [`lexgraph_errmsg`].
//! - Options structs begin with their size, so that fields can be added
//!   (`options.rs`); results too long for a caller's buffer say so.

#![allow(non_camel_case_types)]
#![deny(unsafe_op_in_unsafe_fn)]

use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::{c_char, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use lexgraph::Partial;
use lexgraph_engine::Session;

mod check;
mod cursor;
mod endgame;
mod moves;
mod options;
mod sim;
pub use check::*;
pub use cursor::*;
pub use endgame::*;
pub use moves::*;
pub use sim::*;

/// What a call did. `LEXGRAPH_OK` (0) is success; `LEXGRAPH_STOPPED` means
/// a callback asked to stop (not an error); every other value is a failure
/// whose message [`lexgraph_errmsg`] gives.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum lexgraph_status {
    /// Success.
    LEXGRAPH_OK = 0,
    /// A callback returned nonzero: the iteration stopped early.
    LEXGRAPH_STOPPED = 1,
    /// A required pointer argument was NULL.
    LEXGRAPH_ERR_NULL = 2,
    /// A handle that is NULL, closed, of the wrong kind or never issued.
    LEXGRAPH_ERR_HANDLE = 3,
    /// A string argument is not valid UTF-8.
    LEXGRAPH_ERR_UTF8 = 4,
    /// A file could not be read or written.
    LEXGRAPH_ERR_IO = 5,
    /// A lexicon file is corrupt or not a lexicon.
    LEXGRAPH_ERR_LEXICON = 6,
    /// Bad input: a position, rack, word list, pattern or option.
    LEXGRAPH_ERR_INPUT = 7,
    /// A bug in lexgraph (a caught panic).
    LEXGRAPH_ERR_INTERNAL = 8,
    /// The caller's buffer is too small for the result.
    LEXGRAPH_ERR_BUFFER = 9,
}

use lexgraph_status::*;

/// An open lexicon (DAWG or GADDAG). Opaque: a handle, not memory to read.
pub struct lexgraph_lexicon {
    _private: [u8; 0],
}

/// Receives one word; return 0 to go on, nonzero to stop.
pub type lexgraph_word_fn =
    Option<unsafe extern "C" fn(ctx: *mut c_void, word: *const c_char, len: usize) -> i32>;

// ---- handles, errors, panics ----

/// What a handle stands for.
enum Handle {
    Lexicon(Arc<Session>),
    Moves(Arc<moves::MoveList>),
    Cursor(Arc<Mutex<cursor::Cursor>>),
}

/// Handles in use, by number. Numbers are never reused, so a closed
/// handle stays invalid.
static HANDLES: Mutex<Option<HashMap<usize, Handle>>> = Mutex::new(None);
static NEXT_HANDLE: AtomicUsize = AtomicUsize::new(1);

fn handles<T>(f: impl FnOnce(&mut HashMap<usize, Handle>) -> T) -> T {
    let mut guard = HANDLES.lock().unwrap_or_else(|e| e.into_inner());
    let out = f(guard.get_or_insert_with(HashMap::new));
    // With every handle closed the table itself goes: a program that
    // closes what it opens ends with nothing of lexgraph's allocated.
    if guard.as_ref().is_some_and(HashMap::is_empty) {
        *guard = None;
    }
    out
}

fn insert(h: Handle) -> usize {
    // Multiples of 16: they look like aligned pointers to tools that check.
    let id = NEXT_HANDLE.fetch_add(1, Ordering::Relaxed) << 4;
    handles(|t| t.insert(id, h));
    id
}

struct Fault(lexgraph_status, String);

impl From<lexgraph::Error> for Fault {
    fn from(e: lexgraph::Error) -> Fault {
        use lexgraph::Error as E;
        let status = match &e {
            E::Io { .. } => LEXGRAPH_ERR_IO,
            E::BadLexicon { .. } | E::WrongKind { .. } | E::NotAPair { .. } | E::BadFile { .. } => {
                LEXGRAPH_ERR_LEXICON
            }
            _ => LEXGRAPH_ERR_INPUT,
        };
        let msg = match std::error::Error::source(&e) {
            Some(why) if matches!(e, E::Io { .. }) => format!("{e}: {why}"),
            _ => e.to_string(),
        };
        Fault(status, msg)
    }
}

type Outcome = Result<lexgraph_status, Fault>;

thread_local! {
    /// The calling thread's last message, NUL-terminated.
    static LAST_ERROR: RefCell<Vec<u8>> = RefCell::new(vec![0]);
}

fn set_message(msg: &str) {
    LAST_ERROR.with(|m| {
        let mut m = m.borrow_mut();
        m.clear();
        // An interior NUL would cut the C string short: shown as U+FFFD.
        m.extend(msg.replace('\0', "\u{FFFD}").bytes());
        m.push(0);
    });
}

/// Runs a call's body: its status, its message kept for
/// [`lexgraph_errmsg`], a panic caught and reported as
/// `LEXGRAPH_ERR_INTERNAL`.
fn guard(body: impl FnOnce() -> Outcome) -> lexgraph_status {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(status)) => {
            set_message("");
            status
        }
        Ok(Err(Fault(status, msg))) => {
            set_message(&msg);
            status
        }
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown".into());
            set_message(&format!("internal error (a bug in lexgraph): {what}"));
            LEXGRAPH_ERR_INTERNAL
        }
    }
}

fn null(what: &str) -> Fault {
    Fault(LEXGRAPH_ERR_NULL, format!("{what} is NULL"))
}

/// The string at `ptr` with `len` bytes.
///
/// # Safety
/// `ptr` is NULL or points to `len` readable bytes.
unsafe fn text<'a>(ptr: *const c_char, len: usize, what: &str) -> Result<&'a str, Fault> {
    if ptr.is_null() {
        return Err(null(what));
    }
    // SAFETY: the caller promises `len` readable bytes at `ptr`, not NULL.
    let bytes = unsafe { std::slice::from_raw_parts(ptr.cast::<u8>(), len) };
    std::str::from_utf8(bytes).map_err(|e| Fault(LEXGRAPH_ERR_UTF8, format!("{what}: {e}")))
}

/// Like [`text`], NULL meaning none.
///
/// # Safety
/// As [`text`].
unsafe fn opt_text<'a>(
    ptr: *const c_char,
    len: usize,
    what: &str,
) -> Result<Option<&'a str>, Fault> {
    match ptr.is_null() {
        true => Ok(None),
        // SAFETY: as this function's contract.
        false => unsafe { text(ptr, len, what) }.map(Some),
    }
}

fn lexicon(h: *const lexgraph_lexicon) -> Result<Arc<Session>, Fault> {
    handles(|t| match t.get(&(h as usize)) {
        Some(Handle::Lexicon(s)) => Ok(s.clone()),
        _ => Err(Fault(
            LEXGRAPH_ERR_HANDLE,
            format!("{h:p} is not an open lexicon handle"),
        )),
    })
}

// ---- general ----

/// The library's version, a static NUL-terminated string (`0.1.0`).
#[no_mangle]
pub extern "C" fn lexgraph_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// The library's version as a number, MAJOR * 1000000 + MINOR * 1000 +
/// PATCH (1002 for 0.1.2): compare it with the header's
/// `LEXGRAPH_VERSION_NUMBER` to see which library a program runs with.
#[no_mangle]
pub extern "C" fn lexgraph_version_number() -> u32 {
    const fn num(s: &str) -> u32 {
        let (b, mut i, mut n) = (s.as_bytes(), 0, 0);
        while i < b.len() {
            n = n * 10 + (b[i] - b'0') as u32;
            i += 1;
        }
        n
    }
    // Evaluated at compile time: a version that is not numbers fails the
    // build, not the call.
    const N: u32 = num(env!("CARGO_PKG_VERSION_MAJOR")) * 1_000_000
        + num(env!("CARGO_PKG_VERSION_MINOR")) * 1000
        + num(env!("CARGO_PKG_VERSION_PATCH"));
    N
}

/// The message of the calling thread's last failed call ("" after a
/// success), NUL-terminated; its length in bytes goes to `*len` unless
/// `len` is NULL. Valid until this thread's next lexgraph call.
///
/// # Safety
/// `len` is NULL or points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn lexgraph_errmsg(len: *mut usize) -> *const c_char {
    LAST_ERROR.with(|m| {
        let m = m.borrow();
        if !len.is_null() {
            // SAFETY: `len` is not NULL and the caller promises it is writable.
            unsafe { *len = m.len() - 1 };
        }
        m.as_ptr().cast()
    })
}

/// A short static description of a status code (`"not valid UTF-8"`).
#[no_mangle]
pub extern "C" fn lexgraph_errstr(status: i32) -> *const c_char {
    let s: &'static str = match status {
        0 => "ok\0",
        1 => "stopped by the callback\0",
        2 => "a required pointer is NULL\0",
        3 => "not a valid handle\0",
        4 => "not valid UTF-8\0",
        5 => "input/output error\0",
        6 => "not a valid lexicon file\0",
        7 => "bad input\0",
        8 => "internal error\0",
        9 => "buffer too small\0",
        _ => "unknown status\0",
    };
    s.as_ptr().cast()
}

// ---- lexicons ----

/// Opens (memory-maps) a lexicon file, DAWG or GADDAG, and writes its
/// handle to `*out` (NULL on failure). Close it with [`lexgraph_close`].
/// The file must be replaced by rename, never rewritten in place, while
/// open.
///
/// # Safety
/// `path` points to `path_len` readable bytes; `out` to a writable handle.
#[no_mangle]
pub unsafe extern "C" fn lexgraph_open(
    path: *const c_char,
    path_len: usize,
    out: *mut *mut lexgraph_lexicon,
) -> lexgraph_status {
    guard(|| {
        if out.is_null() {
            return Err(null("out"));
        }
        // SAFETY: `out` is not NULL and the caller promises it is writable.
        unsafe { *out = std::ptr::null_mut() };
        // SAFETY: the caller promises `path_len` bytes at `path`.
        let path = unsafe { text(path, path_len, "path") }?;
        let session = Session::open(Path::new(path))?;
        let id = insert(Handle::Lexicon(Arc::new(session)));
        // SAFETY: as above.
        unsafe { *out = id as *mut lexgraph_lexicon };
        Ok(LEXGRAPH_OK)
    })
}

/// Closes a lexicon. NULL is a no-op; a handle already closed or never
/// issued is `LEXGRAPH_ERR_HANDLE`. A call running on another thread
/// keeps the lexicon until it returns.
#[no_mangle]
pub extern "C" fn lexgraph_close(lex: *mut lexgraph_lexicon) -> lexgraph_status {
    guard(|| {
        if lex.is_null() {
            return Ok(LEXGRAPH_OK);
        }
        lexicon(lex)?;
        handles(|t| t.remove(&(lex as usize)));
        Ok(LEXGRAPH_OK)
    })
}

/// The number of words in the lexicon, to `*out`.
///
/// # Safety
/// `out` points to a writable `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn lexgraph_word_count(
    lex: *const lexgraph_lexicon,
    out: *mut u64,
) -> lexgraph_status {
    guard(|| {
        let s = lexicon(lex)?;
        if out.is_null() {
            return Err(null("out"));
        }
        // SAFETY: not NULL; the caller promises it is writable.
        unsafe { *out = s.lexicon.word_count() };
        Ok(LEXGRAPH_OK)
    })
}

/// Whether `word` (spelled in the lexicon's alphabet, any case) is a word:
/// `*out` true or false.
///
/// # Safety
/// `word` points to `len` readable bytes; `out` to a writable `bool`.
#[no_mangle]
pub unsafe extern "C" fn lexgraph_contains(
    lex: *const lexgraph_lexicon,
    word: *const c_char,
    len: usize,
    out: *mut bool,
) -> lexgraph_status {
    guard(|| {
        let s = lexicon(lex)?;
        // SAFETY: the caller promises `len` bytes at `word`.
        let word = unsafe { text(word, len, "word") }?;
        if out.is_null() {
            return Err(null("out"));
        }
        // SAFETY: not NULL; the caller promises it is writable.
        unsafe { *out = s.lexicon.contains(word) };
        Ok(LEXGRAPH_OK)
    })
}

/// Calls `cb` with each word of `words`, in order, until it returns nonzero.
///
/// # Safety
/// `cb` is a valid function; `ctx` is what it expects.
unsafe fn each_word(
    words: impl IntoIterator<Item = String>,
    cb: lexgraph_word_fn,
    ctx: *mut c_void,
) -> Outcome {
    let cb = cb.ok_or_else(|| null("callback"))?;
    let mut buf = Vec::new();
    for w in words {
        buf.clear();
        buf.extend_from_slice(w.as_bytes());
        buf.push(0);
        // SAFETY: `buf` holds `w.len()` bytes and a NUL, alive during the
        // call; `cb` and `ctx` are the caller's.
        if unsafe { cb(ctx, buf.as_ptr().cast(), w.len()) } != 0 {
            return Ok(LEXGRAPH_STOPPED);
        }
    }
    Ok(LEXGRAPH_OK)
}

/// The words whose tiles are those of `rack` (`?` a blank, shown in lower
/// case), sorted, each passed to `cb` with `ctx`; with `partial`, the
/// words that use some of them. Returns `LEXGRAPH_STOPPED` if `cb`
/// returned nonzero.
///
/// # Safety
/// `rack` points to `len` readable bytes; `cb` is a valid function that
/// receives a NUL-terminated word valid during the call.
#[no_mangle]
pub unsafe extern "C" fn lexgraph_anagram(
    lex: *const lexgraph_lexicon,
    rack: *const c_char,
    len: usize,
    partial: bool,
    cb: lexgraph_word_fn,
    ctx: *mut c_void,
) -> lexgraph_status {
    guard(|| {
        let s = lexicon(lex)?;
        // SAFETY: the caller promises `len` bytes at `rack`.
        let rack = unsafe { text(rack, len, "rack") }?;
        cb.ok_or_else(|| null("callback"))?;
        let p = if partial { Partial::Yes } else { Partial::No };
        let words = s.lexicon.anagram(rack, p)?;
        // SAFETY: the caller's callback and context.
        unsafe { each_word(words, cb, ctx) }
    })
}

/// The words matching `pattern` (`?` one tile, `*` any run of tiles,
/// other characters themselves), sorted, each passed to `cb`.
///
/// # Safety
/// As [`lexgraph_anagram`].
#[no_mangle]
pub unsafe extern "C" fn lexgraph_pattern(
    lex: *const lexgraph_lexicon,
    pattern: *const c_char,
    len: usize,
    cb: lexgraph_word_fn,
    ctx: *mut c_void,
) -> lexgraph_status {
    guard(|| {
        let s = lexicon(lex)?;
        // SAFETY: the caller promises `len` bytes at `pattern`.
        let pattern = unsafe { text(pattern, len, "pattern") }?;
        cb.ok_or_else(|| null("callback"))?;
        let words = s.lexicon.pattern(pattern)?;
        // SAFETY: the caller's callback and context.
        unsafe { each_word(words, cb, ctx) }
    })
}

/// Every word starting with `prefix` (NULL or "": every word), in sorted
/// order, streamed to `cb` as the lexicon is walked.
///
/// # Safety
/// `prefix` is NULL or points to `len` readable bytes; `cb` as in
/// [`lexgraph_anagram`].
#[no_mangle]
pub unsafe extern "C" fn lexgraph_words(
    lex: *const lexgraph_lexicon,
    prefix: *const c_char,
    len: usize,
    cb: lexgraph_word_fn,
    ctx: *mut c_void,
) -> lexgraph_status {
    guard(|| {
        let s = lexicon(lex)?;
        // SAFETY: the caller promises `len` bytes at `prefix` unless NULL.
        let prefix = unsafe { opt_text(prefix, len, "prefix") }?.unwrap_or("");
        cb.ok_or_else(|| null("callback"))?;
        let mut words = s.lexicon.words_with_prefix(prefix)?;
        // SAFETY: the caller's callback and context.
        let status = unsafe { each_word(&mut words, cb, ctx) }?;
        words.check()?;
        Ok(status)
    })
}

/// Compiles the word list in file `words` (UTF-8, one word per line, `#`
/// comments) into `OUT.dawg` and `OUT.gaddag`, `out` being the path
/// without extension, written atomically. `alphabet`: a built-in name
/// (`english`, `spanish`, `polish`, `catalan`, `super-english`) or an
/// alphabet file; NULL: English.
///
/// # Safety
/// Each string points to its length in readable bytes (`alphabet` may be
/// NULL).
#[no_mangle]
pub unsafe extern "C" fn lexgraph_compile(
    words: *const c_char,
    words_len: usize,
    out: *const c_char,
    out_len: usize,
    alphabet: *const c_char,
    alphabet_len: usize,
) -> lexgraph_status {
    guard(|| {
        // SAFETY: the caller promises each length in bytes at each pointer.
        let (words, out, alphabet) = unsafe {
            (
                text(words, words_len, "words")?,
                text(out, out_len, "out")?,
                opt_text(alphabet, alphabet_len, "alphabet")?,
            )
        };
        // On threads of its own, joined before returning: no thread of
        // lexgraph's outlives the call.
        let compiled = rayon::ThreadPoolBuilder::new()
            .build_scoped(
                |thread| thread.run(),
                |pool| {
                    pool.install(|| {
                        lexgraph_engine::compile_file(Path::new(words), Path::new(out), alphabet)
                    })
                },
            )
            .map_err(|e| Fault(LEXGRAPH_ERR_INTERNAL, format!("cannot start threads: {e}")))?;
        compiled?;
        Ok(LEXGRAPH_OK)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_an_error_code_and_message() {
        let status = guard(|| panic!("boom"));
        assert_eq!(status, LEXGRAPH_ERR_INTERNAL);
        let mut len = 0;
        // SAFETY: `len` is a valid usize; the message is NUL-terminated.
        let msg = unsafe { std::ffi::CStr::from_ptr(lexgraph_errmsg(&mut len)) };
        assert_eq!(
            msg.to_str().unwrap(),
            "internal error (a bug in lexgraph): boom"
        );
        assert_eq!(len, msg.to_bytes().len());
        assert_eq!(guard(|| Ok(LEXGRAPH_OK)), LEXGRAPH_OK);
        // SAFETY: NULL length is allowed.
        assert_eq!(unsafe { *lexgraph_errmsg(std::ptr::null_mut()) }, 0);
    }
}
