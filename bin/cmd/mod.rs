//! One module per subcommand: its arguments (`Args`) and `run`.

pub mod anagram;
pub mod check;
pub mod compile;
pub mod docs;
pub mod endgame;
pub mod export;
pub mod import;
pub mod info;
pub mod leaves;
pub mod matchplay;
pub mod moves;
pub mod pattern;
pub mod peg;
pub mod play;
pub mod replay;
pub mod selfplay;
pub mod sim;
pub mod tune;
pub mod ucgi;
pub mod verify;
pub mod words;
