#!/bin/bash
# Usage: endgame.sh 'CGP LINE' THREADS
# Solves the endgame of a CGP position (bag empty, both racks given) with
# MAGPIE's `endgame` command: 25 plies (its most), no time limit, no word
# map. Prints "value seconds depth": the mover's spread from here to the
# end, and MAGPIE's own timer and depth ("Endgame (depth: D, time: Ts").
# Env: KEEP=FILE (save MAGPIE's full output); CAP=SECONDS: stop MAGPIE
# then (default 300) and print "capped CAP 0".
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 'CGP' THREADS" >&2; exit 2; }
CGP=$1 THREADS=$2
here=$(cd "$(dirname "$0")" && pwd)
M=${MAGPIE_ROOT:-$here/../../../target/peers/magpie}/MAGPIE
read -r board racks scores zeros _ <<<"$CGP"
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
ln -s "$M/data" "$w/data"
cap=${CAP:-300}
set +e
out=$(cd "$w" && printf 'endgame\n' | timeout "$cap" "$M/bin/magpie" cgp "$board" "$racks" "$scores" "$zeros" \
  -lex CSW21 -leaves CSW21 -wmp false -threads "$THREADS" -eplies 25 -etlim 0 \
  -savesettings false -hr true 2>&1)
rc=$?
set -e
[ $rc -eq 124 ] && { echo "capped $cap 0"; exit 0; }
[ -n "${KEEP:-}" ] && printf '%s\n' "$out" > "$KEEP"
head=$(printf '%s\n' "$out" | grep -m1 '^Endgame (depth' || true)
[ -n "$head" ] || { printf '%s\n' "$out" >&2; echo "endgame.sh: MAGPIE failed" >&2; exit 1; }
depth=$(sed -n 's/.*depth: \([0-9]*\),.*/\1/p' <<<"$head")
secs=$(sed -n 's/.*time: \([0-9.]*\)s,.*/\1/p' <<<"$head")
# The first play's row: PLAY... SCORE VALUE SPREAD ...; the value is the
# second number after the play's notation.
value=$(printf '%s\n' "$out" | grep -A1 -m1 '^Play ' | tail -1 | awk '{ n = 0; for (i = 1; i <= NF; i++) if ($i ~ /^-?[0-9]+$/) { n++; if (n == 2) { print $i; exit } } }')
echo "$value $secs $depth"
