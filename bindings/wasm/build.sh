#!/usr/bin/env bash
# Builds the analysis page into OUT (default target/web): the WebAssembly
# package (wasm-bindgen's `web` glue in OUT/pkg), the page, and the bundled
# English lexicon with its own leaves. Serve OUT with any static server,
# e.g. `python3 -m http.server -d target/web 8000`, and open
# http://localhost:8000/.
#
# wasm-bindgen's command-line tool must be the version of the
# `wasm-bindgen` crate in Cargo.lock: it is installed from crates.io into
# target/ on first use (about a minute), then reused.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-$root/target/web}
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
cd "$root"
target_dir=${CARGO_TARGET_DIR:-$root/target}

version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
test -n "$version" || { echo "build.sh: no wasm-bindgen in Cargo.lock" >&2; exit 1; }
tools="$target_dir/wasm-bindgen-$version"
if ! test -x "$tools/bin/wasm-bindgen"; then
  echo "installing wasm-bindgen-cli $version into $tools" >&2
  # --locked where the registry has every locked version, else the newest
  # compatible ones. A debug build: half the build time (about a minute),
  # and it still binds the module in a second, byte for byte the same.
  cargo install --debug --quiet wasm-bindgen-cli --version "$version" --root "$tools" --locked 2>/dev/null \
    || cargo install --debug --quiet wasm-bindgen-cli --version "$version" --root "$tools"
fi
if ! rustup target list --installed 2>/dev/null | grep -q wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

cargo build --quiet --release -p lexgraph-wasm --target wasm32-unknown-unknown
rm -rf "$out.tmp"
mkdir -p "$out.tmp/pkg" "$out.tmp/lexicon"
"$tools/bin/wasm-bindgen" --target web --out-dir "$out.tmp/pkg" \
  "$target_dir/wasm32-unknown-unknown/release/lexgraph_wasm.wasm"
cargo run --quiet --release -p lexgraph-cli -- compile lexicons/wordlist-en.txt \
  -o "$out.tmp/lexicon/wordlist-en" >/dev/null
rm "$out.tmp/lexicon/wordlist-en.dawg"
cp lexicons/wordlist-en.win.csv lexicons/LICENSE-wordlist-en "$out.tmp/lexicon/"
cp bindings/wasm/web/*.html bindings/wasm/web/*.js bindings/wasm/web/*.css bindings/wasm/web/*.gcg "$out.tmp/"
rm -rf "$out"
mv "$out.tmp" "$out"
echo "$out"
