#!/bin/sh
# Builds the peer engines' harnesses that `bench-report` runs beside lexgraph
# (see README.md here):
#
#   benches/peers/build.sh [PEERS_DIR]
#
# PEERS_DIR (default $LEXGRAPH_PEERS_DIR, else target/peers in the repository)
# holds the build trees; the two programs are then copied to
# $LEXGRAPH_PEERS_BIN (default target/peers/bin in the repository), where
# bench-report looks for them.
#
# - wolges-peer: the harness of ${LEXGRAPH_SHARED:-../shared}/peers/wolges-peer,
#   copied into PEERS_DIR beside wolges' source at the pinned commit. The
#   source is PEERS_DIR/wolges if it is there already, else taken from
#   $WOLGES_SRC: a clone or a fetched git directory (the commit is extracted
#   with `git archive`), or a directory holding that commit's files.
# - scrabble-peer: our harness in benches/peers/scrabble-peer, with
#   scrabble 0.1.0 from crates.io (pinned by its Cargo.lock).
#
# A peer whose source is missing, or whose build fails, is skipped with a
# note; the others are still built. Set CARGO_BUILD_JOBS to limit the build.
set -u

WOLGES_COMMIT=2267824acd0bc636c2ce66992c710a2b7e36ce9a

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
peers=${1:-${LEXGRAPH_PEERS_DIR:-$repo/target/peers}}
bin=${LEXGRAPH_PEERS_BIN:-$repo/target/peers/bin}
shared=${LEXGRAPH_SHARED:-$repo/../shared}

mkdir -p "$peers" "$bin" || exit 1
peers=$(cd "$peers" && pwd)
bin=$(cd "$bin" && pwd)

note() { echo "build.sh: $*" >&2; }
built=""
skipped=""

# --- wolges ------------------------------------------------------------------

# Puts wolges' source at $peers/wolges; fails with a note when it cannot.
wolges_source() {
    dest=$peers/wolges
    if [ -f "$dest/Cargo.toml" ]; then
        note "wolges: using the source in $dest"
        return 0
    fi
    src=${WOLGES_SRC:-}
    if [ -z "$src" ]; then
        note "wolges: no source: set WOLGES_SRC to a clone of https://github.com/andy-k/wolges (or a fetched git directory), or put commit $WOLGES_COMMIT's files in $dest"
        return 1
    fi
    if [ ! -d "$src" ]; then
        note "wolges: WOLGES_SRC=$src is not a directory"
        return 1
    fi
    gitdir=""
    if [ -d "$src/.git" ]; then
        gitdir=$src/.git
    elif git --git-dir="$src" rev-parse --git-dir >/dev/null 2>&1; then
        gitdir=$src
    fi
    if [ -n "$gitdir" ]; then
        if ! git --git-dir="$gitdir" cat-file -e "$WOLGES_COMMIT^{commit}" 2>/dev/null; then
            note "wolges: $src does not hold commit $WOLGES_COMMIT (git fetch it first)"
            return 1
        fi
        mkdir -p "$dest.tmp" &&
            git --git-dir="$gitdir" archive "$WOLGES_COMMIT" | tar -x -C "$dest.tmp" &&
            mv "$dest.tmp" "$dest" || {
            rm -rf "$dest.tmp"
            note "wolges: extracting $WOLGES_COMMIT from $src failed"
            return 1
        }
        note "wolges: extracted $WOLGES_COMMIT from $src into $dest"
    elif [ -f "$src/Cargo.toml" ] && grep -q '^name = "wolges"' "$src/Cargo.toml"; then
        mkdir -p "$dest.tmp" &&
            (cd "$src" && tar -c --exclude=./target --exclude=./.git .) | tar -x -C "$dest.tmp" &&
            mv "$dest.tmp" "$dest" || {
            rm -rf "$dest.tmp"
            note "wolges: copying $src failed"
            return 1
        }
        note "wolges: copied $src into $dest (not a git checkout: the commit is not checked)"
    else
        note "wolges: $src is neither a git checkout of wolges nor its source"
        return 1
    fi
}

build_wolges() {
    harness=$shared/peers/wolges-peer
    if [ ! -f "$harness/Cargo.toml" ]; then
        note "wolges: skipped: the harness $harness is missing (set LEXGRAPH_SHARED)"
        return 1
    fi
    wolges_source || {
        note "wolges: skipped"
        return 1
    }
    # The harness's files copied over (the shared ones are read-only; an
    # earlier build's target directory is kept), beside wolges, as its
    # Cargo.toml expects (`path = "../wolges"`).
    mkdir -p "$peers/wolges-peer" &&
        cp -R "$harness/." "$peers/wolges-peer/" &&
        chmod -R u+w "$peers/wolges-peer" || return 1
    # Its own workspace: under this repository's target/ (the default), cargo
    # would take the harness for a member of lexgraph's workspace and refuse
    # it (the root's `members = ["."]` covers every path below it, so
    # `exclude` cannot keep it out).
    grep -q '^\[workspace\]' "$peers/wolges-peer/Cargo.toml" ||
        printf '\n[workspace]\n' >>"$peers/wolges-peer/Cargo.toml" || return 1
    note "wolges: building the harness in $peers/wolges-peer"
    (cd "$peers/wolges-peer" && CARGO_TARGET_DIR="$peers/wolges-peer/target" cargo build --release) || {
        note "wolges: skipped: the build failed"
        return 1
    }
    cp "$peers/wolges-peer/target/release/wolges-peer" "$bin/wolges-peer" || return 1
    echo "wolges @${WOLGES_COMMIT%"${WOLGES_COMMIT#???????}"}" >"$bin/wolges-peer.version"
}

# --- scrabble ------------------------------------------------------------------

build_scrabble() {
    src=$here/scrabble-peer
    if [ ! -f "$src/Cargo.toml" ]; then
        note "scrabble: skipped: $src is missing"
        return 1
    fi
    note "scrabble: building $src (target directory $peers/scrabble-peer-target)"
    # From its directory, so that its .cargo/config.toml applies.
    (cd "$src" && CARGO_TARGET_DIR="$peers/scrabble-peer-target" cargo build --release --locked) || {
        note "scrabble: skipped: the build failed (crates.io unreachable?)"
        return 1
    }
    cp "$peers/scrabble-peer-target/release/scrabble-peer" "$bin/scrabble-peer" || return 1
    version=$(sed -n '/^name = "scrabble"$/{n;s/^version = "\(.*\)"$/\1/p;}' "$src/Cargo.lock")
    echo "scrabble ${version:-0.1.0}" >"$bin/scrabble-peer.version"
}

if build_wolges; then built="$built wolges-peer"; else skipped="$skipped wolges"; fi
if build_scrabble; then built="$built scrabble-peer"; else skipped="$skipped scrabble"; fi

[ -n "$built" ] && note "built:$built (in $bin)"
[ -n "$skipped" ] && note "skipped:$skipped"
if [ -n "$built" ] && [ "$bin" != "$repo/target/peers/bin" ]; then
    note "bench-report looks in \$LEXGRAPH_PEERS_BIN, else $repo/target/peers/bin; or point it here with"
    for p in $built; do
        case $p in
        wolges-peer) echo "export LEXGRAPH_WOLGES_PEER=$bin/wolges-peer" ;;
        scrabble-peer) echo "export LEXGRAPH_SCRABBLE_PEER=$bin/scrabble-peer" ;;
        esac
    done
fi
exit 0
