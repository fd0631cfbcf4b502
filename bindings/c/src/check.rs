//! `lexgraph_check_play`: one play a player typed, checked on a position:
//! legal or not, its score, the words it forms, and why not.

use std::ffi::c_char;

use lexgraph_engine::Input;

use super::{guard, lexgraph_lexicon, lexicon, null, opt_text, text};
use crate::lexgraph_status::{self, *};

/// What [`lexgraph_check_play`] found. Plain data: it owns nothing.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct lexgraph_check_result {
    /// True when the play is legal here.
    pub legal: bool,
    /// Its score when legal; 0 otherwise.
    pub score: i32,
    /// Words of two tiles or more it forms: the main word, then the cross
    /// words; for an illegal play, those it would form if its tiles fit on
    /// the board (else none).
    pub words_count: usize,
    /// Bytes of the words, space-separated (NUL not counted). Truncated
    /// in the caller's buffer when this is not below its capacity.
    pub words_len: usize,
    /// Bytes of the reason (NUL not counted); 0 when legal. Truncated as
    /// `words_len`.
    pub reason_len: usize,
}

/// Writes as much of `s` as fits in `cap` bytes with a NUL (cut at a
/// character's start, so that what is written is UTF-8).
///
/// # Safety
/// `buf` points to `cap` writable bytes (NULL when `cap` is 0).
unsafe fn put(s: &str, buf: *mut c_char, cap: usize) {
    if cap == 0 {
        return;
    }
    let mut n = s.len().min(cap - 1);
    while !s.is_char_boundary(n) {
        n -= 1;
    }
    // SAFETY: `n + 1 <= cap` bytes, writable by the caller's promise.
    unsafe {
        std::ptr::copy_nonoverlapping(s.as_ptr(), buf.cast::<u8>(), n);
        *buf.add(n) = 0;
    }
}

/// Checks `play`, in players' notation (`8D QUIRE` across, `D8 QUIRE`
/// down, lower case for a blank, `.` for a tile on the board), on the
/// position in CGP line `cgp` with the mover's rack (`rack`, NULL: the
/// CGP's), as `lexgraph moves --play` does: legal when it is among the
/// position's plays (a one-tile play by either of its words; a play in
/// capitals only also stands for its versions with blanks). The words it
/// forms go to `words`, space-separated, and why it is not legal to
/// `reason` (the rules it breaks, `; `-separated), each NUL-terminated and
/// cut to its capacity (`cap` bytes, NUL included) as `snprintf` does;
/// `*result` gives their full lengths. An illegal play is `LEXGRAPH_OK`
/// with `legal` false; a play that is not notation is
/// `LEXGRAPH_ERR_INPUT`.
///
/// # Safety
/// `cgp` and `play` point to their lengths in readable bytes; `rack` is
/// NULL or points to `rack_len` bytes; `words` and `reason` point to
/// `words_cap` and `reason_cap` writable bytes (may be NULL when their
/// capacity is 0); `result` to a writable result.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn lexgraph_check_play(
    lex: *const lexgraph_lexicon,
    cgp: *const c_char,
    cgp_len: usize,
    rack: *const c_char,
    rack_len: usize,
    play: *const c_char,
    play_len: usize,
    words: *mut c_char,
    words_cap: usize,
    reason: *mut c_char,
    reason_cap: usize,
    result: *mut lexgraph_check_result,
) -> lexgraph_status {
    guard(|| {
        let s = lexicon(lex)?;
        if result.is_null() {
            return Err(null("result"));
        }
        if (words.is_null() && words_cap > 0) || (reason.is_null() && reason_cap > 0) {
            return Err(null("words or reason"));
        }
        // SAFETY: the caller promises each length in bytes at each pointer.
        let (cgp, rack, play) = unsafe {
            (
                text(cgp, cgp_len, "cgp")?,
                opt_text(rack, rack_len, "rack")?,
                text(play, play_len, "play")?,
            )
        };
        let (_, checked) = s.check_play(Input::Cgp(cgp), rack, play)?;
        let formed = checked.words.join(" ");
        let why = checked.why.unwrap_or_default();
        // SAFETY: the buffers the caller promised, or capacity 0.
        unsafe {
            put(&formed, words, words_cap);
            put(&why, reason, reason_cap);
        }
        let out = lexgraph_check_result {
            legal: checked.legal,
            score: checked.score.unwrap_or(0),
            words_count: checked.words.len(),
            words_len: formed.len(),
            reason_len: why.len(),
        };
        // SAFETY: checked not NULL; writable by the caller's promise.
        unsafe { result.write(out) };
        Ok(LEXGRAPH_OK)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn put_cuts_at_a_character_and_ends_with_a_nul() {
        let mut buf = [1 as c_char; 4];
        // SAFETY: 4 writable bytes, told 4.
        unsafe { put("aé€", buf.as_mut_ptr(), 4) };
        // "a" (1 byte) and "é" (2) fit with the NUL; "€" (3) does not.
        assert_eq!(buf.map(|b| b as u8), [b'a', 0xc3, 0xa9, 0]);
        // SAFETY: 2 bytes of the 4, told 2.
        unsafe { put("é", buf.as_mut_ptr(), 2) };
        assert_eq!(buf[0], 0);
        // SAFETY: nothing is written with no room.
        unsafe { put("x", std::ptr::null_mut(), 0) };
    }
}
