#!/usr/bin/env bash
# Builds the lexgraph wheel for PyPI: one manylinux2014 (manylinux_2_17)
# abi3 wheel for CPython 3.9 and later, linked by zig against glibc 2.17 so
# that it installs on any Linux of the last decade, not only on the machine
# that built it (a plain `maturin build` links against the host's glibc).
#
#   bindings/python/build-wheel.sh VENV OUTDIR
#
# Installs maturin and ziglang into the venv VENV (made when missing) and
# writes the wheel into OUTDIR. Prints the wheel's path, alone on standard
# output (the build's messages go to standard error):
#   wheel=$(bindings/python/build-wheel.sh target/build-venv target/wheels)
# zig cross-compiles for x86_64-unknown-linux-gnu: the crates go into
# TARGET_DIR/x86_64-unknown-linux-gnu/release, beside TARGET_DIR/release.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 VENV OUTDIR" >&2
  exit 2
fi
venv=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
venv=$(cd "$venv" && pwd)  # the build below runs from another folder
# maturin's bounds are pyproject.toml's build-system ones.
"$venv/bin/python" -m pip install -q "maturin>=1.5,<2" "ziglang>=0.10"
mkdir -p "$out"
out=$(cd "$out" && pwd)  # maturin runs from this folder
# maturin runs zig as `python3 -m ziglang`: the venv's python3 comes first.
(cd "$here" && PATH="$venv/bin:$PATH" maturin build --release --locked --strip \
  --zig --compatibility manylinux2014 --out "$out") >&2
# The newest wheel in OUTDIR: the one just written.
wheel=$(ls -t "$out"/lexgraph-*.whl | head -n 1)
case $(basename "$wheel") in
  *manylinux2014_*.whl | *manylinux_2_17_*.whl) ;;
  *) echo "not a manylinux2014 wheel: $wheel" >&2; exit 1 ;;
esac
echo "$wheel"
