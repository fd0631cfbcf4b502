//! Batches of CGP lines: read line by line with bounded buffers (a line
//! longer than a position can be is reported, not held), and a line's
//! opcodes read before it is parsed.

use std::io::{BufRead, Read};

use anyhow::Result;

/// The longest CGP line read (a 21x21 board of bracketed tiles and its
/// opcodes fit many times over); a longer one is reported, not buffered.
pub const MAX_CGP_LINE: usize = 64 * 1024;

/// The longest over-long CGP line skipped (reported) before the batch
/// ends: a stream that never ends its line is not read for ever.
pub const MAX_SKIPPED_LINE: u64 = 64 << 20;

/// The data lines of a CGP file, numbered: (label `FILE:LINE`, the line
/// or why it cannot be read). Blank lines and `#` comments are skipped; a
/// read error ends the batch.
pub struct CgpLines {
    name: String,
    reader: Box<dyn BufRead>,
    line: usize,
    buf: Vec<u8>,
}

impl CgpLines {
    /// The lines of `reader`, labelled with `name` (a file, or `-`).
    pub fn new(name: String, reader: Box<dyn BufRead>) -> CgpLines {
        CgpLines {
            name,
            reader,
            line: 0,
            buf: Vec::new(),
        }
    }
}

pub type CgpLine = (String, std::result::Result<String, String>);

impl Iterator for CgpLines {
    type Item = Result<CgpLine>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            self.buf.clear();
            let read = (&mut self.reader)
                .take(MAX_CGP_LINE as u64 + 1)
                .read_until(b'\n', &mut self.buf);
            match read {
                Ok(0) => return None,
                Ok(_) => {}
                Err(e) => {
                    return Some(Err(anyhow::Error::new(e)
                        .context(format!("reading {} after line {}", self.name, self.line))))
                }
            }
            self.line += 1;
            let label = format!("{}:{}", self.name, self.line);
            if self.buf.len() > MAX_CGP_LINE && self.buf.last() != Some(&b'\n') {
                // Skip the rest of the line without keeping it, up to a
                // bound: a "line" that does not end (/dev/zero) ends the batch.
                let mut skipped = self.buf.len() as u64;
                loop {
                    if skipped > MAX_SKIPPED_LINE {
                        return Some(Err(anyhow::anyhow!(
                            "{label}: a line of more than {} MiB: not a CGP file (the batch stops here)",
                            MAX_SKIPPED_LINE >> 20
                        )));
                    }
                    let chunk = match self.reader.fill_buf() {
                        Ok(c) => c,
                        Err(e) => return Some(Err(anyhow::Error::new(e))),
                    };
                    if chunk.is_empty() {
                        break;
                    }
                    let (n, end) = match chunk.iter().position(|&b| b == b'\n') {
                        Some(i) => (i + 1, true),
                        None => (chunk.len(), false),
                    };
                    self.reader.consume(n);
                    skipped += n as u64;
                    if end {
                        break;
                    }
                }
                let msg =
                    format!("a line of {skipped} bytes: a CGP line has at most {MAX_CGP_LINE}");
                return Some(Ok((label, Err(msg))));
            }
            let text = match std::str::from_utf8(&self.buf) {
                Ok(t) => t.trim(),
                Err(e) => {
                    let msg = format!("not UTF-8 text (byte {} of the line)", e.valid_up_to());
                    return Some(Ok((label, Err(msg))));
                }
            };
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            return Some(Ok((label, Ok(text.to_string()))));
        }
    }
}

/// A CGP line's opcodes: what follows its first four fields.
#[cfg(test)]
pub fn cgp_opcodes(line: &str) -> &str {
    opcodes_from(line, line.split_whitespace().nth(4))
}

/// The opcodes of `line` given its fifth field (`split_whitespace`'s
/// slice of `line`), for a reader that has split the fields before it.
pub fn opcodes_from<'a>(line: &'a str, fifth: Option<&str>) -> &'a str {
    match fifth {
        // Where the fifth field starts (it is a slice of `line`).
        Some(fifth) => &line[fifth.as_ptr() as usize - line.as_ptr() as usize..],
        None => "",
    }
}

/// The value of opcode `name` in a CGP line's `opcodes`: they are split at
/// `;`, each an opcode's name and its value (its words joined by single
/// spaces).
pub fn opcode(opcodes: &str, name: &str) -> Option<String> {
    opcodes.split(';').find_map(|op| {
        let mut words = op.split_whitespace();
        if words.next() != Some(name) {
            return None;
        }
        let value: Vec<&str> = words.collect();
        (!value.is_empty()).then(|| value.join(" "))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The opcodes as they were first read: the fields after the fourth
    /// joined by spaces, split at `;`.
    fn joined_opcode(line: &str, name: &str) -> Option<String> {
        let ops = line
            .split_whitespace()
            .skip(4)
            .collect::<Vec<_>>()
            .join(" ");
        ops.split(';').find_map(|op| {
            let (n, v) = op.trim().split_once(char::is_whitespace)?;
            (n == name).then(|| v.trim().to_string())
        })
    }

    #[test]
    fn opcodes_read_as_joined_fields() {
        let lines = [
            "15/15 A/ 0/0 0 lex CSW21;",
            "15/15 A/ 0/0 0 lex\tCSW21 ; bdn  super  board;lex X;",
            "15/15 A/ 0/0 0 bb 35; lex;lex  NWL;",
            "15/15 A/ 0/0 0\u{a0}lex A\u{2003}B;",
            "15/15 A/ 0/0 0;lex A",
            "15/15 A/ 0/0 0",
            "15/15 A/ 0/0",
            "",
            "  lex A; lex B; lex C; lex D; lex E; lex F;",
            "15/15 A/ 0/0 0 lexicon A; lex",
        ];
        for line in lines {
            for name in ["lex", "bdn", "bb", "lexicon"] {
                let got = opcode(cgp_opcodes(line), name);
                assert_eq!(got, joined_opcode(line, name), "{line:?} {name}");
            }
        }
    }
}
