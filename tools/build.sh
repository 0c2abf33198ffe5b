#!/bin/sh
# SPDX-License-Identifier: MIT
# build.sh - configure and build lockstar out of tree.
# Usage: sh tools/build.sh BUILD_DIR [configure arguments...]
# What it writes: everything it builds goes into BUILD_DIR. Into the source
# tree it writes only when there is no ./configure yet (a fresh clone):
# autoreconf's output, once - configure, Makefile.in files, aclocal.m4,
# autom4te.cache/, build-aux/ and m4/*.m4 (libtool's macros). git ignores
# all of them (.gitignore); `git clean -fdX` removes them. A release
# tarball already holds them, so building from one writes nothing there.
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
