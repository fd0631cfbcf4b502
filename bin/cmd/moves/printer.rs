//! How `lexgraph moves` prints a position's answer: the placements through
//! `listing` (put in order, written straight into a byte buffer), ranked
//! plays, exchanges and the pass through the general path, in text or
//! JSON Lines.

use std::io::{IsTerminal, Write};

use anyhow::Result;

use lexgraph::board::Board;
use lexgraph::equity::{Listed, Play, PlayRecord};
use lexgraph::movegen::Move;
use lexgraph::position::Position;
use lexgraph::rack::Rack;
use lexgraph::Alphabet;

use super::listing::{self, JsonLines, Ranking, Spelling, SquareFields};
use super::{Args, Format, JsonMove, Plays};
use crate::setup::JsonCount;

/// A position's output is gathered in a buffer and written out when it
/// reaches this size, and when it is complete: few writes, and bounded
/// memory however many moves a position has.
const OUTPUT_CHUNK: usize = 64 << 10;

/// One position's answer, to be printed.
pub struct Answer<'a> {
    pub k: usize,
    /// Where it was read (`FILE:LINE`, `--cgp`).
    pub label: &'a str,
    /// One of several positions: each line says which.
    pub batch: bool,
    pub position: &'a Position,
    pub plays: &'a Plays,
    /// The placements of [`Plays::Placed`], in no order.
    pub moves: &'a [Move],
    /// The lexicon (an index into `Lexicons::opened`), its label and
    /// alphabet.
    pub li: usize,
    pub lexicon: &'a str,
    pub alphabet: &'a Alphabet,
}

/// Writes answers: what stays from one position to the next.
pub struct Printer<W: Write> {
    json: bool,
    /// `--top` (`None`: every play).
    top: Option<usize>,
    /// Name the columns above a position's plays: text on a terminal.
    header: bool,
    /// Puts the moves in order.
    ranking: Ranking,
    /// How each lexicon's tiles are written (by index in `Lexicons::opened`),
    /// made when it first prints a move.
    spellings: Vec<Option<Spelling>>,
    /// The JSON fields of the squares of the last board printed, made anew
    /// for a board of another size.
    square_fields: Option<SquareFields>,
    /// The output not yet written to `out`.
    buf: Vec<u8>,
    out: W,
}

/// Answers still buffered when a run ends early (an error under
/// `--strict`, a line that cannot be read) are written out all the same.
impl<W: Write> Drop for Printer<W> {
    fn drop(&mut self) {
        if !self.buf.is_empty() {
            let _ = self.out.write_all(&self.buf);
            let _ = self.out.flush();
        }
    }
}

impl<W: Write> Printer<W> {
    pub fn new(args: &Args, out: W) -> Printer<W> {
        Printer {
            json: args.format == Format::Json,
            top: args.top(),
            header: args.format == Format::Text && std::io::stdout().is_terminal(),
            ranking: Ranking::default(),
            spellings: Vec::new(),
            square_fields: None,
            buf: Vec::new(),
            out,
        }
    }

    /// Writes out what is buffered once it is a chunk's worth: a batch read
    /// from a file makes one write per chunk instead of one per answer.
    pub fn flush_if_full(&mut self) -> Result<()> {
        if self.buf.len() >= OUTPUT_CHUNK {
            self.flush()?;
        }
        Ok(())
    }

    /// Writes out what is buffered, and flushes.
    pub fn flush(&mut self) -> Result<()> {
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        self.out.flush()?;
        Ok(())
    }

    /// Writes answer `a` into the output buffer (and out, in chunks).
    pub fn answer(&mut self, a: &Answer<'_>) -> Result<()> {
        let shown = self.plays(a)?;
        if self.json && a.batch && !matches!(a.plays, Plays::Count(_)) {
            self.frame(a.k, a.label, Ok(shown))?;
        }
        Ok(())
    }

    /// In a JSON batch, the record that ends position `k`'s answer: how
    /// many plays were listed, or why there are none. A client reading a
    /// stream tells "no legal play" (`"plays": 0`) from "not answered yet"
    /// by it. (`--count` answers with one record already.)
    pub fn frame(
        &mut self,
        k: usize,
        label: &str,
        outcome: std::result::Result<usize, &str>,
    ) -> Result<()> {
        let (plays, error) = match outcome {
            Ok(n) => (Some(n), None),
            Err(e) => (None, Some(e)),
        };
        let record = JsonFrame {
            kind: "position",
            position: k,
            source: label,
            plays,
            error,
        };
        serde_json::to_writer(&mut self.buf, &record)?;
        writeln!(self.buf)?;
        Ok(())
    }

    /// Writes the plays of answer `a`; returns how many.
    fn plays(&mut self, a: &Answer<'_>) -> Result<usize> {
        let Printer {
            json,
            top,
            header,
            ranking,
            spellings,
            square_fields,
            buf,
            out,
            ..
        } = self;
        let json = *json;
        let Answer {
            k,
            label,
            batch,
            position: p,
            plays,
            moves,
            li,
            lexicon,
            alphabet,
        } = *a;
        let position = batch.then_some(k);
        let shown = match plays {
            Plays::Count(n) => {
                if json {
                    let j = JsonCount {
                        position,
                        lexicon,
                        moves: *n,
                    };
                    serde_json::to_writer(&mut *buf, &j)?;
                    writeln!(buf)?;
                } else if batch {
                    writeln!(buf, "{k} {n}")?;
                } else {
                    writeln!(buf, "{n}")?;
                }
                return Ok(1);
            }
            // The header counts the plays listed under it, ranked or not.
            Plays::Ranked { plays, .. } => plays.len(),
            Plays::Placed { others, .. } => {
                let top = top.unwrap_or(usize::MAX);
                let placed = moves.len().min(top);
                placed + others.len().min(top - placed)
            }
        };
        if !json && batch {
            // `# position K (LABEL): N plays`, without the formatter.
            buf.extend_from_slice(b"# position ");
            listing::push_int(buf, k as i64);
            buf.extend_from_slice(b" (");
            buf.extend_from_slice(label.as_bytes());
            buf.extend_from_slice(b"): ");
            listing::push_int(buf, shown as i64);
            buf.extend_from_slice(b" plays\n");
        }
        if *header {
            let columns = match plays {
                Plays::Ranked { .. } => "move score equity leave",
                _ => "move score",
            };
            writeln!(buf, "# {columns}")?;
        }
        let listed = |buf: &mut Vec<u8>, play: &Listed| -> Result<()> {
            if json {
                let j = json_play(play, position, lexicon, alphabet, &p.board);
                serde_json::to_writer(&mut *buf, &j)?;
                writeln!(buf)?;
            } else {
                writeln!(buf, "{}", text_play(play, alphabet))?;
            }
            Ok(())
        };
        match plays {
            Plays::Count(_) => unreachable!("answered above"),
            Plays::Ranked { plays, .. } => {
                let sp = spelling(spellings, li, alphabet, lexicon);
                for play in plays {
                    match (&play.play, &play.ranked) {
                        // What `text_play` writes, the placement as the
                        // listing writes it.
                        (Play::Place(m), Some((equity, leave))) if !json => {
                            listing::write_text(buf, m, sp);
                            buf.pop();
                            buf.push(b' ');
                            buf.extend_from_slice(equity_text(*equity).as_bytes());
                            buf.push(b' ');
                            buf.extend_from_slice(leave_text(leave, alphabet).as_bytes());
                            buf.push(b'\n');
                        }
                        _ => listed(buf, play)?,
                    }
                }
            }
            Plays::Placed { others, .. } => {
                // The best placements, written straight from the moves
                // (`listing` writes what `listed` would), then exchanges
                // and the pass while --top leaves room.
                let top = top.unwrap_or(usize::MAX);
                ranking.rank(moves, top);
                let sp = spelling(spellings, li, alphabet, lexicon);
                let json_lines = json.then(|| {
                    let size = p.board.size();
                    if square_fields.as_ref().is_none_or(|f| f.size() != size) {
                        *square_fields = Some(SquareFields::new(size));
                    }
                    let fields = square_fields.as_ref().expect("made above");
                    JsonLines::new(position, &p.board, fields, sp)
                });
                for &i in ranking.order() {
                    let m = &moves[i as usize];
                    match &json_lines {
                        Some(lines) => lines.write(buf, m),
                        None => listing::write_text(buf, m, sp),
                    }
                    if buf.len() >= OUTPUT_CHUNK {
                        out.write_all(buf)?;
                        buf.clear();
                    }
                }
                let room = top - ranking.order().len();
                for play in others.iter().take(room) {
                    listed(buf, &Listed::unranked(play.clone()))?;
                }
            }
        }
        Ok(shown)
    }
}

/// The record that closes a position's answer in a JSON batch.
#[derive(serde::Serialize)]
struct JsonFrame<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    position: usize,
    /// Where the position was read (`FILE:LINE`, `stdin:LINE`).
    source: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    plays: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
}

/// How lexicon `li` writes its tiles, made the first time it is needed.
fn spelling<'s>(
    spellings: &'s mut Vec<Option<Spelling>>,
    li: usize,
    alphabet: &Alphabet,
    lexicon: &str,
) -> &'s Spelling {
    if spellings.len() <= li {
        spellings.resize_with(li + 1, || None);
    }
    spellings[li].get_or_insert_with(|| Spelling::new(alphabet, lexicon))
}

/// `8D QUIRE 30`, `-AEI 0` (an exchange, as GCG writes it), `pass 0`;
/// ranked by equity, the
/// equity (to two decimals) and the leave follow (`8G QI 22 29.5 S`, `-`
/// for no tile kept).
fn text_play(listed: &Listed, alphabet: &Alphabet) -> String {
    let play = match &listed.play {
        Play::Place(m) => format!("{} {}", m.notation(alphabet), m.score),
        Play::Exchange(_) => format!("{} 0", listed.play.text(alphabet)),
        Play::Pass => "pass 0".to_string(),
    };
    match &listed.ranked {
        Some((equity, leave)) => format!(
            "{play} {} {}",
            equity_text(*equity),
            leave_text(leave, alphabet)
        ),
        None => play,
    }
}

/// An equity to two decimals at most (`43.07`, `29.5`, `66`): learned
/// leave values carry noise well below a hundredth of a point, and JSON
/// keeps the full value.
fn equity_text(equity: f32) -> String {
    let text = format!("{equity:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    match text {
        "-0" => "0".to_string(),
        t => t.to_string(),
    }
}

/// A leave as text, `-` when empty.
fn leave_text(leave: &Rack, alphabet: &Alphabet) -> String {
    match leave.is_empty() {
        true => "-".to_string(),
        false => leave.to_text(alphabet),
    }
}

fn json_play<'a>(
    listed: &Listed,
    position: Option<usize>,
    lexicon: &'a str,
    alphabet: &Alphabet,
    board: &Board,
) -> JsonMove<'a> {
    JsonMove {
        position,
        lexicon,
        play: PlayRecord::new(listed, board, alphabet),
    }
}

#[cfg(test)]
mod tests {
    use super::equity_text;

    #[test]
    fn equity_to_two_decimals_at_most() {
        assert_eq!(equity_text(43.073154), "43.07");
        assert_eq!(equity_text(29.5), "29.5");
        assert_eq!(equity_text(66.0), "66");
        assert_eq!(equity_text(-3.996), "-4");
        assert_eq!(equity_text(-0.001), "0");
        assert_eq!(equity_text(10.0), "10");
    }
}
