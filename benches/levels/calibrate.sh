#!/bin/sh
# Calibrates the levels: level N+1 against level N, 2,000 games each (pairs
# sharing a bag), on the bundled English list with its own leaves, and the
# mean frequency rank of the words each level plays (from the first 200
# games' records). Writes benches/results/levels.jsonl and the section
# BENCHMARKS.md shows, benches/results/levels.md (benches/levels/summarize.py;
# bench-report includes it).
#
#   benches/levels/calibrate.sh [GAMES] [FIRST_LEVEL]
#
# GAMES defaults to 2000. Level 5 simulates every move: its match takes about
# 20 minutes on two cores (AMD EPYC Zen 3); the others about a minute each.
set -eu
cd "$(dirname "$0")/../.."
games=${1:-2000}
first=${2:-1}
bin=${LEXGRAPH_BIN:-target/release/lexgraph}
[ -x "$bin" ] || cargo build --release -p lexgraph-cli
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" compile lexicons/wordlist-en.txt -o "$work/en" >/dev/null
mkdir -p benches/results
out=benches/results/levels.jsonl
[ "$first" -gt 1 ] || : > "$out"
lo=$first
while [ "$lo" -lt 5 ]; do
    hi=$((lo + 1))
    echo "level:$hi vs level:$lo, $games games" >&2
    rm -rf "$work/games"
    "$bin" match -l "$work/en.gaddag" --p1 "level:$hi" --p2 "level:$lo" \
        --games "$games" --seed 37 --format json --gcg "$work/games" > "$work/match.json"
    ranks=$(python3 benches/levels/word_ranks.py "$bin" "$work/en.gaddag" \
        lexicons/english.freq.csv "$work/games" 200)
    python3 -c 'import json,sys; m=json.load(open(sys.argv[1])); m["word_ranks"]=json.loads(sys.argv[2]); print(json.dumps(m))' \
        "$work/match.json" "$ranks" >> "$out"
    lo=$hi
done
python3 benches/levels/summarize.py < "$out" > benches/results/levels.md
{
    echo
    echo "A vocabulary player is no slower than a full one: its main words come from a lexicon of its vocabulary, compiled once when the player is made (\`benches/levels/speed.sh\`, the same machine, the whole process timed, so the vocabulary's compilation and the frequency list's reading are in the figures; the realism weight ranks every placement, hence its cost):"
    echo
    LEXGRAPH_BIN="$bin" benches/levels/speed.sh
} >> benches/results/levels.md
cat benches/results/levels.md
