//! Bounded reading of text input (word lists, alphabet and layout files).
//!
//! Input may be any file, `/dev/zero` or an endless pipe included, so nothing
//! here reads a whole line before checking its length: a line is read into a
//! buffer of at most [`MAX_LINE_BYTES`] and reading stops once it is full.

use std::io::{BufRead, Read};
use std::path::Path;

use crate::error::{Error, Result};

/// Longest line accepted in a word list, alphabet or layout file, in bytes
/// (end of line excluded). Far above any real line: a word has at most
/// [`MAX_WORD_TILES`] tiles of a few bytes each.
pub const MAX_LINE_BYTES: usize = 4096;

/// Longest word accepted, in tiles (in word lists, and in KWG files). Above
/// any real word (the longest of the 4-million-word Polish list has 39
/// tiles, ENABLE's 28; a 31×31 board holds 31): it bounds the builder's
/// work, which grows with the square of a word's length.
pub const MAX_WORD_TILES: usize = 64;

/// Largest alphabet or layout file accepted, in bytes. The largest real ones
/// are about 1 KB (64 tiles, a 31×31 layout).
pub const MAX_SMALL_FILE_BYTES: usize = 1 << 20;

/// Characters of offending text an error message repeats.
#[doc(hidden)] // for the command line
pub const SNIPPET_CHARS: usize = 40;

/// At most [`SNIPPET_CHARS`] characters of `s`, with `…` when cut, shown
/// as [`visible`] shows them: safe to repeat in a message.
#[doc(hidden)] // for the command line
pub fn snippet(s: &str) -> String {
    match s.char_indices().nth(SNIPPET_CHARS) {
        Some((at, _)) => format!("{}…", visible(&s[..at])),
        None => visible(s).into_owned(),
    }
}

/// A character a terminal acts on instead of showing (see [`visible`]).
fn hidden(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Whether `s` shows on a terminal as it is: no character of it is one
/// [`visible`] writes out.
pub(crate) fn is_visible(s: &str) -> bool {
    !s.chars().any(hidden)
}

/// `s` with every character a terminal would act on instead of show written
/// out as an escape (`\x1b`, `\n`, `\u{202e}`): the C0 and C1 controls and
/// DEL, which move the cursor, clear the screen or retitle the window, and
/// the bidirectional overrides, which reorder what is shown. Text from
/// input files (player names, labels, paths) goes through this before it
/// reaches a terminal.
///
/// ```
/// use lexgraph::input::visible;
/// assert_eq!(visible("Ann\x1b]0;pwned\x07"), "Ann\\x1b]0;pwned\\x07");
/// assert_eq!(visible("plain"), "plain");
/// ```
pub fn visible(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.chars().any(hidden) {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x100 && hidden(c) => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if hidden(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    std::borrow::Cow::Owned(out)
}

/// What [`read_line`] found.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Line {
    /// End of input: no line.
    Eof,
    /// A line, without its `\n`, in the buffer.
    Done,
    /// A line longer than the limit: the buffer holds its first `max` bytes;
    /// the rest has not been read.
    TooLong,
}

/// Reads one line into `buf` (cleared first), at most `max` bytes of it.
pub(crate) fn read_line(
    r: &mut impl BufRead,
    buf: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<Line> {
    buf.clear();
    let mut any = false;
    loop {
        let chunk = match r.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(if any { Line::Done } else { Line::Eof });
        }
        any = true;
        let (take, end) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i, true),
            None => (chunk.len(), false),
        };
        if buf.len() + take > max {
            let room = max - buf.len();
            buf.extend_from_slice(&chunk[..room]);
            r.consume(room);
            return Ok(Line::TooLong);
        }
        buf.extend_from_slice(&chunk[..take]);
        r.consume(take + end as usize);
        if end {
            return Ok(Line::Done);
        }
    }
}

/// Reads a small text file (alphabet, layout) as UTF-8, refusing files over
/// [`MAX_SMALL_FILE_BYTES`] and lines over [`MAX_LINE_BYTES`] before reading
/// them whole. `what` names the kind of file in errors.
pub(crate) fn read_small_file(path: &Path, what: &str) -> Result<String> {
    let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        let e = std::io::Error::new(std::io::ErrorKind::IsADirectory, "is a directory");
        return Err(Error::io(path, e));
    }
    // One byte past the limit tells a file at the limit from a larger one.
    let mut r = std::io::BufReader::new(file.take(MAX_SMALL_FILE_BYTES as u64 + 1));
    let mut text = String::new();
    let mut buf = Vec::new();
    let mut offset = 0usize;
    let bad = |line: usize, offset: usize, msg: String| Error::Input {
        origin: path.display().to_string(),
        line,
        offset: offset as u64,
        msg,
    };
    for line_no in 1.. {
        match read_line(&mut r, &mut buf, MAX_LINE_BYTES).map_err(|e| Error::io(path, e))? {
            Line::Eof => break,
            Line::TooLong => {
                return Err(bad(
                    line_no,
                    offset,
                    format!(
                        "line longer than {MAX_LINE_BYTES} bytes, not {what}: {:?}",
                        snippet(&String::from_utf8_lossy(&buf))
                    ),
                ))
            }
            Line::Done => {}
        }
        if offset + buf.len() > MAX_SMALL_FILE_BYTES {
            return Err(bad(
                line_no,
                offset,
                format!("file longer than {MAX_SMALL_FILE_BYTES} bytes, not {what}"),
            ));
        }
        let s = std::str::from_utf8(&buf)
            .map_err(|e| bad(line_no, offset + e.valid_up_to(), "not UTF-8".into()))?;
        text.push_str(s);
        text.push('\n');
        offset += buf.len() + 1;
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_cut_at_the_limit_and_the_rest_is_left_unread() {
        let mut r: &[u8] = b"ab\ncdefgh\n\nij";
        let mut buf = Vec::new();
        assert_eq!(read_line(&mut r, &mut buf, 4).unwrap(), Line::Done);
        assert_eq!(buf, b"ab");
        assert_eq!(read_line(&mut r, &mut buf, 4).unwrap(), Line::TooLong);
        assert_eq!(buf, b"cdef");
        assert_eq!(r, b"gh\n\nij");
        let mut r: &[u8] = b"\nij";
        assert_eq!(read_line(&mut r, &mut buf, 4).unwrap(), Line::Done);
        assert!(buf.is_empty());
        assert_eq!(read_line(&mut r, &mut buf, 4).unwrap(), Line::Done);
        assert_eq!(buf, b"ij");
        assert_eq!(read_line(&mut r, &mut buf, 4).unwrap(), Line::Eof);
    }

    #[test]
    fn a_line_of_exactly_the_limit_fits() {
        let mut r: &[u8] = b"abcd\nabcde";
        let mut buf = Vec::new();
        assert_eq!(read_line(&mut r, &mut buf, 4).unwrap(), Line::Done);
        assert_eq!(read_line(&mut r, &mut buf, 4).unwrap(), Line::TooLong);
    }

    #[test]
    fn snippets_are_cut_at_forty_characters() {
        assert_eq!(snippet("short"), "short");
        let long = "é".repeat(100);
        let s = snippet(&long);
        assert_eq!(s.chars().count(), SNIPPET_CHARS + 1);
        assert!(s.ends_with('…'));
    }

    #[test]
    fn small_files_refuse_endless_input() {
        let msg = read_small_file(Path::new("/dev/zero"), "an alphabet")
            .unwrap_err()
            .to_string();
        assert!(
            msg.starts_with("/dev/zero:1 (byte offset 0): line longer"),
            "{msg}"
        );
    }
}
