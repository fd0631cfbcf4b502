//! The clock that time limits and progress reports read. On
//! `wasm32-unknown-unknown` the standard library has none
//! (`std::time::Instant::now` panics there), so a browser build reads
//! `performance.now()` through the `web-time` crate; everywhere else this
//! is `std::time::Instant`.

#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
pub(crate) use std::time::Instant;
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
pub(crate) use web_time::Instant;
