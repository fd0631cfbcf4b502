#!/usr/bin/env bash
# Instruction counts of move generation under callgrind, for the DAWG and the
# GADDAG: one line per structure,
#
#   dawg Ir=407874008 moves=95065 positions=200
#
# Ir counts only `movegen_instructions::generate_all` and what it calls
# (examples/movegen_instructions.rs): every move of every position once, with
# the scalar node scan. Opening the lexicon and parsing the positions are not
# counted (--collect-atstart=no, --toggle-collect). Counts are deterministic:
# a second run gives the same numbers.
#
# Usage: benches/callgrind.sh [CGPFILE]
#   CGPFILE     default tests/data/positions/enable_s1_200.cgp (ENABLE)
# Environment:
#   LEXICON     path prefix of an existing PREFIX.dawg and PREFIX.gaddag;
#               by default lexicons/enable1.txt is compiled (by this
#               checkout's own compiler) into a temporary directory
#   PROFILE     cargo profile to build with (default: profiling, which is
#               release with line tables)
#   CALLGRIND_OUT_DIR  keep callgrind.out.{dawg,gaddag} there (for
#               callgrind_annotate); by default they are deleted
#   CARGO_TARGET_DIR, CARGO_BUILD_JOBS  as for cargo
set -euo pipefail

me=${0##*/}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

die() {
    echo "$me: $*" >&2
    exit 1
}

command -v valgrind >/dev/null 2>&1 ||
    die "valgrind not found in PATH (Debian/Ubuntu: apt-get install valgrind)"
command -v cargo >/dev/null 2>&1 || die "cargo not found in PATH"

cgp=${1:-tests/data/positions/enable_s1_200.cgp}
[[ -r $cgp ]] || die "cannot read positions file $cgp"
profile=${PROFILE:-profiling}
target=${CARGO_TARGET_DIR:-$root/target}
# cargo puts the dev profile in debug/, every other profile under its name.
case $profile in
    dev) outdir=$target/debug ;;
    *) outdir=$target/$profile ;;
esac
symbol='movegen_instructions::generate_all'

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lexgraph-callgrind.XXXXXX")
trap 'rm -rf -- "$tmp"' EXIT

echo "$me: building ($profile profile)" >&2
cargo build --quiet --profile "$profile" --bin lexgraph --example movegen_instructions >&2
example=$outdir/examples/movegen_instructions
[[ -x $example ]] || die "built, but $example is missing (is CARGO_TARGET_DIR the target directory cargo used?)"

# The program runs in $tmp with short relative arguments and an empty
# environment: the stack's contents (argv, environment) move the addresses
# of what it copies, and memcpy's instruction count depends on alignment (a
# few tens of Ir). So the counts do not depend on where the checkout is.
cp "$example" "$tmp/movegen_instructions"
cp "$cgp" "$tmp/positions.cgp"
if [[ -n ${LEXICON:-} ]]; then
    for kind in dawg gaddag; do
        [[ -r $LEXICON.$kind ]] || die "cannot read lexicon $LEXICON.$kind"
        ln -s "$(cd "$(dirname "$LEXICON.$kind")" && pwd)/${LEXICON##*/}.$kind" "$tmp/lex.$kind"
    done
else
    echo "$me: compiling lexicons/enable1.txt" >&2
    "$outdir/lexgraph" compile lexicons/enable1.txt -o "$tmp/lex" >&2
fi
valgrind=$(command -v valgrind)

for kind in dawg gaddag; do
    out=$tmp/callgrind.out.$kind
    (cd "$tmp" && env -i "$valgrind" --tool=callgrind --collect-atstart=no \
        --toggle-collect="$symbol*" --callgrind-out-file="callgrind.out.$kind" \
        ./movegen_instructions "lex.$kind" positions.cgp) \
        >"$tmp/stdout.$kind" 2>"$tmp/valgrind.$kind" || {
        cat "$tmp/valgrind.$kind" >&2
        die "valgrind failed on $kind"
    }
    # The toggle must have matched: callgrind names the function it counted
    # (as fn=, or as cfn= in the record of its caller).
    grep -q "^c\{0,1\}fn=.* $symbol" "$out" ||
        die "$kind: callgrind collected nothing in $symbol (symbol renamed or inlined?)"
    # With collection off at start, 'totals:' is the collected region alone.
    ir=$(sed -n 's/^totals: *\([0-9][0-9]*\).*/\1/p' "$out")
    [[ -n $ir && $ir -gt 0 ]] || die "$kind: no instructions collected (totals line of $out)"
    moves=$(sed -n 's/.*moves=\([0-9][0-9]*\).*/\1/p' "$tmp/stdout.$kind")
    positions=$(sed -n 's/^positions=\([0-9][0-9]*\).*/\1/p' "$tmp/stdout.$kind")
    [[ -n $moves && -n $positions ]] || die "$kind: unexpected output: $(cat "$tmp/stdout.$kind")"
    echo "$kind Ir=$ir moves=$moves positions=$positions"
    if [[ -n ${CALLGRIND_OUT_DIR:-} ]]; then
        mkdir -p "$CALLGRIND_OUT_DIR"
        cp "$out" "$CALLGRIND_OUT_DIR/callgrind.out.$kind"
    fi
done
