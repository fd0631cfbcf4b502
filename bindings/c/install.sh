#!/bin/sh
# Installs lexgraph's C library (Linux):
#
#   PREFIX/lib/liblexgraph.so.X.Y.Z     the shared library (soname liblexgraph.so.X)
#   PREFIX/lib/liblexgraph.so.X, .so    links to it
#   PREFIX/lib/liblexgraph.a            the static library
#   PREFIX/include/lexgraph.h
#   PREFIX/lib/pkgconfig/lexgraph.pc
#
# usage: bindings/c/install.sh [--prefix DIR] [--libdir DIR] [--destdir DIR] [--from DIR]
#
#   --prefix   where the files go (default /usr/local); recorded in lexgraph.pc
#   --libdir   the libraries' directory (default PREFIX/lib)
#   --destdir  a staging root prepended to every path, not recorded (packagers)
#   --from     take the libraries from DIR (a cargo profile directory such as
#              target/release) instead of running
#              `cargo build --release -p lexgraph-c`
#
# Each file is written beside its destination and renamed over it, so a
# program starting meanwhile sees the old file or the new one, never half.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
prefix=/usr/local
libdir=
destdir=
from=
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#*=}; shift ;;
    --libdir) libdir=$2; shift 2 ;;
    --libdir=*) libdir=${1#*=}; shift ;;
    --destdir) destdir=$2; shift 2 ;;
    --destdir=*) destdir=${1#*=}; shift ;;
    --from) from=$2; shift 2 ;;
    --from=*) from=${1#*=}; shift ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
case "$prefix" in /*) ;; *) echo "install.sh: --prefix must be absolute: $prefix" >&2; exit 2 ;; esac
libdir=${libdir:-$prefix/lib}
case "$libdir" in /*) ;; *) echo "install.sh: --libdir must be absolute: $libdir" >&2; exit 2 ;; esac
includedir=$prefix/include

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$here/Cargo.toml" | head -n 1)
major=${version%%.*}
test -n "$version" || { echo "install.sh: no version in $here/Cargo.toml" >&2; exit 1; }

if [ -z "$from" ]; then
  (cd "$root" && cargo build --release -p lexgraph-c)
  target=${CARGO_TARGET_DIR:-target}
  case "$target" in /*) ;; *) target=$root/$target ;; esac
  from=$target/release
fi
for f in liblexgraph_c.so liblexgraph_c.a; do
  test -f "$from/$f" || { echo "install.sh: $from/$f is missing" >&2; exit 1; }
done
soname=$(readelf -d "$from/liblexgraph_c.so" 2>/dev/null | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
if [ "$soname" != "liblexgraph.so.$major" ]; then
  echo "install.sh: $from/liblexgraph_c.so has soname '$soname', not liblexgraph.so.$major" >&2
  exit 1
fi

# What a program linking the static library needs besides it: rustc's
# list for a static library of this toolchain (the library uses only std).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo '#[no_mangle] pub extern "C" fn f() {}' > "$tmp/probe.rs"
private=$(rustc --crate-type staticlib --print native-static-libs "$tmp/probe.rs" \
          -o "$tmp/libprobe.a" 2>&1 | sed -n 's/.*native-static-libs: //p')
private=${private:--lgcc_s -lutil -lrt -lpthread -lm -ldl -lc}

# put MODE SRC DEST: SRC copied beside DEST, then renamed over it.
put() {
  install -m "$1" "$2" "$3.tmp.$$"
  mv -f "$3.tmp.$$" "$3"
}
# link TARGET NAME: NAME -> TARGET, replaced by a rename.
link() {
  ln -sfn "$1" "$2.tmp.$$"
  mv -f "$2.tmp.$$" "$2"
}

lib=$destdir$libdir
inc=$destdir$includedir
mkdir -p "$lib/pkgconfig" "$inc"
put 0755 "$from/liblexgraph_c.so" "$lib/liblexgraph.so.$version"
link "liblexgraph.so.$version" "$lib/liblexgraph.so.$major"
link "liblexgraph.so.$major" "$lib/liblexgraph.so"
put 0644 "$from/liblexgraph_c.a" "$lib/liblexgraph.a"
put 0644 "$here/include/lexgraph.h" "$inc/lexgraph.h"
# Paths under the prefix are written relative to it (pkg-config's
# --define-prefix can then move the tree).
pc_libdir=$libdir
[ "$libdir" = "$prefix/lib" ] && pc_libdir='${prefix}/lib'
cat > "$tmp/lexgraph.pc" <<EOF
prefix=$prefix
libdir=$pc_libdir
includedir=\${prefix}/include

Name: lexgraph
Description: Crossword-game lexicons, word queries and move generation (C library)
Version: $version
Libs: -L\${libdir} -llexgraph
Libs.private: $private
Cflags: -I\${includedir}
EOF
put 0644 "$tmp/lexgraph.pc" "$lib/pkgconfig/lexgraph.pc"
echo "installed lexgraph $version into $destdir$prefix"
