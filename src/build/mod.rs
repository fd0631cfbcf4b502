//! The building layer: word lists in ([`wordlist`]), lexicon files out.
//! With the feature `build`, `builder` makes the minimal DAWG and GADDAG of
//! a sorted list in one pass, `compile` writes both files atomically, and
//! `kwg` lays node arrays out as wolges and MAGPIE do (KWG lexicons, KLV
//! leave files).

#[cfg(feature = "build")]
pub mod builder;
#[cfg(feature = "build")]
pub mod compile;
#[cfg(feature = "build")]
pub mod kwg;
pub mod wordlist;
