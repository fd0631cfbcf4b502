#!/bin/bash
# Usage: endgame-side-by-side.sh ENDGAMES.cgp THREADS > endgames.csv
# Each endgame (both racks given, bag empty; endgames.py makes them from
# self-play) solved by lexgraph and by MAGPIE in turn, on THREADS threads.
# lexgraph: `lexgraph endgame --format json` on $LEXICON (the SOWPODS
# GADDAG), capped at $CAP seconds (default 120; a capped run is not exact);
# MAGPIE: endgame.sh (CSW21 from ../shared/kwg/SOWPODS.kwg, 25 plies),
# capped at $CAP seconds too ("capped" for its value). FIRST=N starts at
# the file's Nth position.
# Columns: position, lexgraph's value, exact, seconds, nodes; MAGPIE's
# value, seconds, depth. The run in BENCHMARKS.md (*Endgames*):
#
#   lexgraph compile ../shared/lexicons/sowpods.txt -o sow
#   lexgraph match -l sow.gaddag --p1 klv:../shared/leaves/CSW21.klv2 \
#     --p2 klv:../shared/leaves/CSW21.klv2 --games 40 --seed 35 --gcg games
#   LEXGRAPH=lexgraph LEXICON=sow.gaddag python3 endgames.py games/*.gcg | sort -u > eg.cgp
#   LEXICON=sow.gaddag CAP=120 ./endgame-side-by-side.sh eg.cgp 1 > eg1.csv
#   LEXICON=sow.gaddag CAP=120 ./endgame-side-by-side.sh eg.cgp 2 > eg2.csv
#   python3 endgame-summarize.py 1=eg1.csv 2=eg2.csv > ../../results/endgame.md
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 ENDGAMES.cgp THREADS" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
N=${LEXGRAPH:-$here/../../../target/release/lexgraph}
LEXICON=${LEXICON:?the SOWPODS GADDAG}
CAP=${CAP:-120}
echo "position,lexgraph_value,lexgraph_exact,lexgraph_seconds,lexgraph_nodes,magpie_value,magpie_seconds,magpie_depth"
i=0
while IFS= read -r cgp; do
  [ -n "$cgp" ] || continue
  i=$((i + 1))
  [ "$i" -ge "${FIRST:-1}" ] || continue
  lg=$("$N" endgame -l "$LEXICON" --cgp "$cgp" --threads "$2" --time "${CAP}s" --format json |
    python3 -c 'import json,sys; j=json.load(sys.stdin); print(j["value"], str(j["exact"]).lower(), j["seconds"], j["nodes"])')
  mg=$(CAP=$CAP "$here/endgame.sh" "$cgp" "$2")
  read -r lv le ls ln <<<"$lg"
  read -r mv ms md <<<"$mg"
  echo "$i,$lv,$le,$ls,$ln,$mv,$ms,$md"
done < "$1"
