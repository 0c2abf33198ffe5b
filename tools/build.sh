#!/bin/sh
# build.sh - configure and build lockstar out of tree.
# Usage: sh tools/build.sh BUILD_DIR [configure arguments...]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
dir=$1
shift
[ -x "$top/configure" ] || (cd "$top" && autoreconf -fi)
mkdir -p "$dir"
cd "$dir"
[ -f Makefile ] || "$top/configure" -q "$@"
make -j"$(nproc 2>/dev/null || echo 2)"
