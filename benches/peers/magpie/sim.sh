#!/bin/bash
# Usage: sim.sh 'CGP LINE' PLIES ITERATIONS THREADS
# Prints "iterations seconds" where iterations = MAGPIE's "Iters:" (total
# rollouts over all candidates) and seconds = MAGPIE's "Time:" (its BAI timer,
# started in bai() after lexicon loading and move generation, stopped when the
# sampling threads join; printed with 2 decimals).
# Env: WMP=true|false (default true: use data/lexica/CSW21.wmp, MAGPIE's
#      default when the file exists), NUMPLAYS (15), SEED (1),
#      KEEP=FILE (save MAGPIE's full output), WALL=1 (append process wall time).
set -euo pipefail
[ $# -eq 4 ] || { echo "usage: $0 'CGP' PLIES ITERATIONS THREADS" >&2; exit 2; }
CGP=$1 PLIES=$2 ITERS=$3 THREADS=$4
here=$(cd "$(dirname "$0")" && pwd)
M=${MAGPIE_ROOT:-$here/../../../target/peers/magpie}/MAGPIE
WMP=${WMP:-true}
NUMPLAYS=${NUMPLAYS:-15}
SEED=${SEED:-1}

# CGP from ../shared/positions: "BOARD RACKS SCORES ZEROS [opcodes];"
# MAGPIE's cgp command takes the first 4 fields; lexicon etc. come as settings.
read -r board racks scores zeros _ <<<"$CGP"

# Scratch cwd: MAGPIE reads ./data at startup and ./settings.txt if present.
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
ln -s "$M/data" "$w/data"

# -iterations N          total rollouts over all candidates (sample_limit)
# -minplayiterations 1   initial round = 1 rollout per candidate (the initial
#                        phase ignores -iterations; default 500 per play)
# -sr rr                 round robin over candidates
# -threshold none -scondition none   no statistical stopping
# -cutoff 0 -tlim 0      no win% cutoff stop, no time limit (default 60 s)
# -sinfer false          no inference (none anyway without game history)
# -wmp                   word map on/off for move generation
set +e
out=$(cd "$w" && printf 'gsimulate\nquit\n' | { start=$(date +%s.%N);
  "$M/bin/magpie" cgp "$board" "$racks" "$scores" "$zeros" \
    -lex CSW21 -leaves CSW21 -wmp "$WMP" -numplays "$NUMPLAYS" \
    -plies "$PLIES" -iterations "$ITERS" -minplayiterations 1 \
    -sr rr -threshold none -scondition none -cutoff 0 -tlim 0 \
    -threads "$THREADS" -sinfer false -seed "$SEED" -pfrequency 0 \
    -mode sync -savesettings false -hr true 2>&1;
  echo "__WALL__ $start $(date +%s.%N)"; })
rc=$?
set -e
[ -n "${KEEP:-}" ] && printf '%s\n' "$out" > "$KEEP"
iters=$(printf '%s\n' "$out" | sed -n 's/^ *Iters: *\([0-9]*\).*/\1/p' | tail -1)
secs=$(printf '%s\n' "$out" | sed -n 's/^ *Time: *\([0-9.]*\) seconds.*/\1/p' | tail -1)
status=$(printf '%s\n' "$out" | sed -n 's/^ *Status: *//p' | tail -1)
if [ $rc -ne 0 ] || [ -z "$iters" ] || [ -z "$secs" ]; then
  printf '%s\n' "$out" >&2
  echo "sim.sh: MAGPIE failed (rc=$rc)" >&2
  exit 1
fi
case "$status" in *"max iterations"*) ;; *) echo "sim.sh: warning: status: $status" >&2 ;; esac
if [ -n "${WALL:-}" ]; then
  wall=$(printf '%s\n' "$out" | awk '/^__WALL__/{printf "%.3f", $3-$2}')
  echo "$iters $secs $wall"
else
  echo "$iters $secs"
fi
