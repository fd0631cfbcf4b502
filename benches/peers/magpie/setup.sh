#!/bin/bash
# Builds MAGPIE (release) and lays out its data, for the simulation
# side-by-side (sim-side-by-side.sh here), from fetched git directories of
# jvc56/MAGPIE and jvc56/MAGPIE-DATA (the tool library's `fetch`, or clones).
# Idempotent: re-running re-extracts only if the mirror commit changed, make
# rebuilds nothing when up to date, and the WMP is built only if missing.
#
#   MAGPIE_GIT  git dir of the jvc56/MAGPIE mirror
#   DATA_GIT    git dir of the jvc56/MAGPIE-DATA mirror
#   KWG / KLV   word graph / leaves used under the name CSW21
#   JOBS        make -j (at most 2 on this machine)
#   BUILD_WMP   1 (default): also build CSW21.wmp like MAGPIE's own
#               convert_lexica.sh does (MAGPIE uses a WMP by default when one
#               exists); 0: KWG only
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
shared=${LEXGRAPH_SHARED:-$repo/../shared}
ROOT=${MAGPIE_ROOT:-$repo/target/peers/magpie}
MAGPIE_GIT=${MAGPIE_GIT:?the git directory of jvc56/MAGPIE}
DATA_GIT=${DATA_GIT:?the git directory of jvc56/MAGPIE-DATA}
KWG=${KWG:-$shared/kwg/SOWPODS.kwg}
KLV=${KLV:-$shared/leaves/CSW21.klv2}
JOBS=${JOBS:-2}
BUILD_WMP=${BUILD_WMP:-1}
M=$ROOT/MAGPIE
D=$M/data

# 1. MAGPIE source tree at the mirror's HEAD
commit=$(git --git-dir="$MAGPIE_GIT" rev-parse HEAD)
if [ ! -f "$M/.commit" ] || [ "$(cat "$M/.commit")" != "$commit" ]; then
  rm -rf "$M"
  mkdir -p "$M"
  git --git-dir="$MAGPIE_GIT" archive "$commit" | tar -x -C "$M"
  echo "$commit" > "$M/.commit"
fi

# 2. Data: what MAGPIE's download_data.sh would fetch (data-20251004 =
#    MAGPIE-DATA/data/versioned/20251004: layouts, 7-column letter
#    distributions, strategy/winpct.csv, lexica). The mirror lacks the big
#    blobs (the .kwg files, tarballs), so lexica come from ../shared.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# (git prints "error: invalid object ... data/lexica/*.kwg" for the blobs the
# mirror lacks even though they are not requested; the archive is complete.)
git --git-dir="$DATA_GIT" archive HEAD data/layouts data/letterdistributions \
  data/strategy data/versioned/20251004/letterdistributions \
  2> >(grep -v '^error: invalid object' >&2) | tar -x -C "$tmp"
mkdir -p "$D/lexica"
rm -rf "$D/layouts" "$D/letterdistributions" "$D/strategy"
cp -r "$tmp/data/layouts" "$D/layouts"
cp -rL "$tmp/data/versioned/20251004/letterdistributions" "$D/letterdistributions"
cp -r "$tmp/data/strategy" "$D/strategy"
# CSW prefix -> english letter distribution; SOWPODS word list under CSW21 name
ln -sfn "$KWG" "$D/lexica/CSW21.kwg"
ln -sfn "$KLV" "$D/lexica/CSW21.klv2"
git --git-dir="$DATA_GIT" rev-parse HEAD > "$D/.data_commit"

# 3. Build (the Makefile adds -j$(nproc) unless -j is given)
make -C "$M" -j"$JOBS" magpie BUILD=release

# 4. Word map (as MAGPIE's convert_lexica.sh: dawg2text, then text2wordmap).
#    Run from a scratch dir holding only a ./data link so that no
#    settings.txt is read or written anywhere else.
if [ "$BUILD_WMP" = 1 ] && [ ! -s "$D/lexica/CSW21.wmp" ]; then
  w=$(mktemp -d)
  ln -s "$D" "$w/data"
  (cd "$w" &&
    "$M/bin/magpie" convert dawg2text CSW21 -savesettings false &&
    "$M/bin/magpie" convert text2wordmap CSW21 -threads "$JOBS" -savesettings false)
  rm -rf "$w"
fi
ls -lL "$D/lexica"
echo "MAGPIE $(cat "$M/.commit") built at $M/bin/magpie; data at $D"
