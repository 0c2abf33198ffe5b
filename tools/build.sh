#!/bin/sh
# build.sh - configure and build lockstar out of tree.
# Usage: sh tools/build.sh BUILD_DIR [configure arguments...]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
dir=$1
shift
if [ ! -x "$top/configure" ]; then
    (cd "$top" && autoreconf -fi >autoreconf.log 2>&1) || {
        cat "$top/autoreconf.log" >&2
        echo "build: autoreconf failed" >&2
        exit 1
    }
    rm -f "$top/autoreconf.log"
fi
mkdir -p "$dir"
cd "$dir"
[ -f Makefile ] || "$top/configure" -q "$@"
make -j"$(nproc 2>/dev/null || echo 2)"
