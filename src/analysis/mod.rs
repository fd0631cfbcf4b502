//! The analysis layer: searches that look ahead of one move, built on
//! the layers below (move generation, equity, games).
//!
//! - [`sim`] (feature `game`): candidate plays played out over random racks
//!   and draws for a few plies, ranked by their mean result (O'Connor 2015,
//!   §7.3–7.4), with common random numbers and a best-arm stopping rule;
//! - [`infer`]: the leaves the opponent may have kept, from their last play;
//! - [`winprob`]: P(win | tiles unseen, spread) from self-play's win table;
//! - [`endgame`] (feature `game`): endgames (the bag empty, both racks
//!   known) solved exactly by negamax with alpha-beta, iterative deepening
//!   and a transposition table;
//! - [`peg`] (feature `game`): pre-endgames with one or two tiles in the
//!   bag, each candidate's endgames solved for every way the bag may hold
//!   them.
//!
//! Code here may use every layer below it; nothing below may use it
//! (`tests/it/architecture.rs`).

#[cfg(feature = "game")]
pub mod endgame;
#[cfg(feature = "game")]
pub mod infer;
#[cfg(feature = "game")]
pub mod peg;
#[cfg(feature = "game")]
pub mod sim;
pub mod winprob;
