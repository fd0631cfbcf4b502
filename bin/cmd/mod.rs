//! One module per subcommand: its arguments (`Args`) and `run`.

pub mod anagram;
pub mod check;
pub mod compile;
pub mod docs;
pub mod info;
pub mod leaves;
pub mod moves;
pub mod pattern;
pub mod selfplay;
pub mod verify;
pub mod words;
