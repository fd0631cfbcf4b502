#!/bin/bash
# lexgraph and MAGPIE simulation speed side by side, one sitting: 5 SOWPODS
# positions x plies {1,2,3,5} x threads {1,2}; 15 candidates, the same total
# rollouts (MAGPIE -iterations = lexgraph 15 x --iterations), no stopping rule,
# CSW21 leaves; each run waits for an idle machine. CSV to stdout.
#
#   benches/peers/magpie/sim-side-by-side.sh > sim.csv
#
# Needs setup.sh run first (MAGPIE at $MAGPIE_ROOT, default
# target/peers/magpie), target/release/lexgraph, and SOWPODS compiled to
# $SOWPODS (default target/peers/sowpods.gaddag: `lexgraph compile
# ../shared/lexicons/sowpods.txt -o target/peers/sowpods`).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
shared=${LEXGRAPH_SHARED:-$repo/../shared}
F=$shared/positions/sowpods_s1_200.cgp
L=$repo/target/release/lexgraph
G=${SOWPODS:-$repo/target/peers/sowpods.gaddag}
K=klv:$shared/leaves/CSW21.klv2
declare -A BUDGET=([1]=30000 [2]=15000 [3]=9000 [5]=6000)
busy() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9}' /proc/stat; }
wait_idle() {
  local t0=$SECONDS
  while :; do
    local a; a=$(busy); sleep 2; local b; b=$(busy)
    [ $((b - a)) -lt 10 ] && return 0
    [ $((SECONDS - t0)) -gt 900 ] && { echo "gave up waiting for idle" >&2; return 0; }
  done
}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
echo "engine,line,plies,threads,rollouts,seconds,rollouts_per_s"
for line in 2 7 10 1 9; do
  cgp=$(sed -n "${line}p" "$F")
  for P in 1 2 3 5; do
    for T in 1 2; do
      B=${BUDGET[$P]}
      wait_idle
      # The report is captured before Python reads it: a reader started
      # alongside would take a core from a two-thread run (MAGPIE's output
      # is captured the same way in sim.sh).
      $L sim -l $G --leaves $K --cgp "$cgp" --candidates 15 --plies $P \
        --iterations $((B / 15)) --no-stop --threads $T --win-table none --format json > "$out"
      read -r it s < <(python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print(sum(c['iterations'] for c in j['candidates']), j['seconds'])" "$out")
      echo "lexgraph,$line,$P,$T,$it,$s,$(awk -v i=$it -v s=$s 'BEGIN{printf "%.0f", i/s}')"
      for wmp in true false; do
        wait_idle
        read -r it s < <(WMP=$wmp "$here/sim.sh" "$cgp" "$P" "$B" "$T")
        echo "magpie-wmp-$wmp,$line,$P,$T,$it,$s,$(awk -v i=$it -v s=$s 'BEGIN{printf "%.0f", i/s}')"
      done
    done
  done
done
