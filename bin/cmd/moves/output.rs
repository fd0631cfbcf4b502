//! Where `moves` sends its answers: to a [`Printer`] in place, or to one on
//! a thread of its own.
//!
//! Listing every move of a position (putting some 800 moves in order and
//! writing a line for each) costs about 40 % of the search that found them
//! (SOWPODS, `--by score --all`). In a batch read from a file, on a machine
//! with a second core, the printer runs beside the search: while it writes
//! one position's moves the next position is searched. The bytes written
//! are the same either way; only long listings go to the thread, since
//! handing an answer over costs a few microseconds, more than printing
//! one line does.

use std::io::{Stdout, StdoutLock};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::Arc;
use std::thread::JoinHandle;

use anyhow::{anyhow, Result};

use lexgraph::movegen::Move;
use lexgraph::position::Position;
use lexgraph::Alphabet;

use super::printer::{Answer, Printer};
use super::Plays;

/// Answers go over in batches of about this many moves: waking the
/// printer for each position would cost more than it saves.
const BATCH_MOVES: usize = 8 << 10;

/// Batches handed over and not yet printed, at most: memory stays bounded
/// when the printer is the slower.
const IN_FLIGHT: usize = 2;

/// Move vectors kept for reuse, at most, and the most moves one may have
/// room for: a vector keeps the room of the longest listing it held, and
/// dozens of those would hold megabytes for nothing.
const SPARE: usize = 16;
const SPARE_ROOM: usize = 2 << 10;

/// An answer that owns what [`Answer`] borrows, to be printed elsewhere.
pub struct Owned {
    pub k: usize,
    pub label: String,
    pub batch: bool,
    pub position: Position,
    pub plays: Plays,
    pub moves: Vec<Move>,
    pub li: usize,
    pub lexicon: String,
    pub alphabet: Arc<Alphabet>,
}

enum Msg {
    Answer(Box<Owned>),
    /// A position without an answer (a JSON batch says why, in its place).
    Frame {
        k: usize,
        label: String,
        why: String,
    },
}

/// The printer, here or on its own thread.
pub enum Output {
    Here(Printer<StdoutLock<'static>>),
    Apart(Apart),
}

/// The printing thread: answers go to it in order, and their move vectors
/// come back for the next searches.
pub struct Apart {
    tx: Option<SyncSender<Vec<Msg>>>,
    spare: Receiver<Vec<Move>>,
    worker: Option<JoinHandle<Result<()>>>,
    /// What goes over next, and its moves.
    batch: Vec<Msg>,
    moves: usize,
}

impl Apart {
    /// Starts the thread that runs `printer`.
    pub fn start(mut printer: Printer<Stdout>) -> Result<Apart> {
        let (tx, rx) = sync_channel::<Vec<Msg>>(IN_FLIGHT);
        let (back, spare) = sync_channel::<Vec<Move>>(SPARE);
        let worker = std::thread::Builder::new()
            .name("moves-printer".into())
            .spawn(move || -> Result<()> {
                for batch in rx {
                    for msg in batch {
                        match msg {
                            Msg::Answer(o) => {
                                printer.answer(&Answer {
                                    k: o.k,
                                    label: &o.label,
                                    batch: o.batch,
                                    position: &o.position,
                                    plays: &o.plays,
                                    moves: &o.moves,
                                    li: o.li,
                                    lexicon: &o.lexicon,
                                    alphabet: &o.alphabet,
                                })?;
                                // Kept for reuse while there is room.
                                if o.moves.capacity() <= SPARE_ROOM {
                                    let _ = back.try_send(o.moves);
                                }
                            }
                            Msg::Frame { k, label, why } => printer.frame(k, &label, Err(&why))?,
                        }
                        printer.flush_if_full()?;
                    }
                }
                printer.flush()
            })?;
        Ok(Apart {
            tx: Some(tx),
            spare,
            worker: Some(worker),
            batch: Vec::new(),
            moves: 0,
        })
    }

    /// A vector for the next position's moves: one the printer is done
    /// with, if any.
    pub fn spare(&self) -> Vec<Move> {
        self.spare.try_recv().unwrap_or_default()
    }

    pub fn answer(&mut self, answer: Owned) -> Result<()> {
        let lines = 1 + match &answer.plays {
            Plays::Ranked { plays } => plays.len(),
            _ => answer.moves.len(),
        };
        self.push(Msg::Answer(Box::new(answer)), lines)
    }

    pub fn frame(&mut self, k: usize, label: &str, why: &str) -> Result<()> {
        let msg = Msg::Frame {
            k,
            label: label.to_string(),
            why: why.to_string(),
        };
        self.push(msg, 1)
    }

    /// Adds `msg` (`lines` lines of output) to the batch, and hands the
    /// batch over when full: a file of millions of bad lines holds no more
    /// than a batch of their records.
    fn push(&mut self, msg: Msg, lines: usize) -> Result<()> {
        self.batch.push(msg);
        self.moves += lines;
        match self.moves >= BATCH_MOVES {
            true => self.send(),
            false => Ok(()),
        }
    }

    /// Hands the batch over.
    fn send(&mut self) -> Result<()> {
        self.moves = 0;
        let batch = std::mem::take(&mut self.batch);
        let sent = self.tx.as_ref().map(|tx| tx.send(batch).is_ok());
        match sent {
            Some(true) => Ok(()),
            // The printer stopped: its error (a closed pipe, a full disk)
            // is the run's.
            _ => self
                .finish()
                .and(Err(anyhow!("the printing thread stopped"))),
        }
    }

    /// Waits for every answer handed over to be written; the printer's
    /// error if it had one.
    pub fn finish(&mut self) -> Result<()> {
        if !self.batch.is_empty() && self.tx.is_some() {
            self.send()?;
        }
        drop(self.tx.take());
        match self.worker.take().map(JoinHandle::join) {
            None | Some(Ok(Ok(()))) => Ok(()),
            Some(Ok(Err(e))) => Err(e),
            Some(Err(panic)) => std::panic::resume_unwind(panic),
        }
    }
}

/// A run that stops early (`--strict`, a line that cannot be read) still
/// writes the answers it handed over, as the printer in place does.
impl Drop for Apart {
    fn drop(&mut self) {
        if let Some(tx) = self.tx.take() {
            let _ = tx.send(std::mem::take(&mut self.batch));
        }
        if let Some(w) = self.worker.take() {
            let _ = w.join();
        }
    }
}
