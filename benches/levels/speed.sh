#!/bin/sh
# How fast the players of each level choose: `lexgraph moves --top 1` on
# the positions of 100 self-play games on the bundled English list, the
# full lexicon against the vocabularies of levels 1-3 (with and without
# their realism weights), the best of 3 runs each, in one sitting. Prints a
# markdown table (calibrate.sh appends it to benches/results/levels.md).
set -eu
cd "$(dirname "$0")/../.."
bin=${LEXGRAPH_BIN:-target/release/lexgraph}
[ -x "$bin" ] || cargo build --release -p lexgraph-cli
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" compile lexicons/wordlist-en.txt -o "$work/en" 2>/dev/null
"$bin" selfplay -l "$work/en.gaddag" --games 100 --seed 5 --out "$work/pos.cgp" >/dev/null
n=$(grep -c . "$work/pos.cgp")
best() {
    b=
    for _ in 1 2 3; do
        t=$(python3 -c 'import subprocess,sys,time; a=sys.argv[1:]; t=time.perf_counter(); subprocess.run(a, stdout=subprocess.DEVNULL, check=True); print(time.perf_counter()-t)' \
            "$bin" moves -l "$work/en.gaddag" --cgp-file "$work/pos.cgp" --top 1 "$@")
        b=$(python3 -c "import sys; v=[float(x) for x in sys.argv[1:] if x]; print(min(v))" $b $t)
    done
    echo "$b"
}
echo "| player | options | ms per position (whole process, $n positions) |"
echo "|---|---|--:|"
row() {
    s=$(best "$@")
    echo "| $label | \`$*\` | $(python3 -c "print(f'{1000*$s/$n:.3f}')") |"
}
label="level 4: every word"; row --leaves auto
label="2,000 words (level 1's)"; row --leaves auto --vocabulary 2000
label="5,000 words (level 2's)"; row --leaves auto --vocabulary 5000
label="20,000 words (level 3's)"; row --leaves auto --vocabulary 20000
label="every word, realism 20"; row --leaves auto --realism 20
label="5,000 words, realism 20"; row --leaves auto --vocabulary 5000 --realism 20
