#!/usr/bin/env bash
# One fuzz run: tests/fuzz/run.sh TARGET SECONDS
#   (TARGET: lexicon, text, gcg, kwg, klv or stacked)
#
# Builds the target with cargo-fuzz (AddressSanitizer, debug assertions and
# overflow checks on, optimized), then runs it for SECONDS on one core, from
# the committed seeds in seeds/TARGET plus what earlier runs kept in
# corpus/TARGET, with inputs of up to 64 KiB (long lines and words).
# Findings land in artifacts/TARGET. Needs `cargo install cargo-fuzz`; the
# stable toolchain takes cargo-fuzz's nightly flags with RUSTC_BOOTSTRAP=1.
set -euo pipefail
target=${1:?usage: tests/fuzz/run.sh lexicon|text|gcg|kwg|klv|stacked SECONDS}
seconds=${2:-600}
cd "$(dirname "$0")"
mkdir -p "corpus/$target" "artifacts/$target"
export RUSTC_BOOTSTRAP=1
export CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-1}
exec cargo fuzz run --fuzz-dir . -O -a "$target" "corpus/$target" "seeds/$target" -- \
  -max_len=65536 -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 \
  -artifact_prefix="artifacts/$target/" -print_final_stats=1
