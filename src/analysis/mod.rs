//! The analysis layer: searches that look ahead of one move, built on
//! the layers below (move generation, equity, games).
//!
//! - [`sim`] (feature `game`): candidate plays played out over random racks
//!   and draws for a few plies, ranked by their mean result (O'Connor 2015,
//!   §7.3–7.4), with common random numbers and a best-arm stopping rule;
//! - [`infer`]: the leaves the opponent may have kept, from their last play;
//! - [`winprob`]: P(win | tiles unseen, spread) from self-play's win table.
//!
//! Next here: exact endgames (both racks known) and pre-endgames (one tile
//! in the bag), negamax with alpha-beta over plays and passes.
//!
//! Code here may use every layer below it; nothing below may use it
//! (`tests/it/architecture.rs`).

#[cfg(feature = "game")]
pub mod infer;
#[cfg(feature = "game")]
pub mod sim;
pub mod winprob;
