//! The core layer: what every other layer speaks in. Tiles and alphabets
//! ([`alphabet`]), boards ([`board`]), racks ([`rack`]), positions ([`position`]), the rules of a
//! game ([`rules`]), bounded reading of untrusted text ([`input`]), the
//! error type ([`error`]), and the one home of target-feature code
//! (`simd`). Nothing here knows of lexicons or moves.
//!
//! ```
//! use lexgraph::{Alphabet, Position};
//! let a = Alphabet::english();
//! let p = Position::parse_cgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 QI/ 0/0 0", &a, 15)?;
//! assert_eq!(p.rack().to_text(&a), "IQ");
//! # Ok::<(), lexgraph::Error>(())
//! ```

pub mod alphabet;
pub mod board;
#[cfg(any(feature = "build", feature = "game"))]
pub(crate) mod clock;
pub mod error;
pub mod input;
pub mod position;
pub mod rack;
pub mod rules;
pub(crate) mod simd;
