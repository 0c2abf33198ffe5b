#!/bin/sh
# exports.sh - the wasm-ld flags that export every function the public
# headers declare (a declaration starts a line with its return type, then
# ls_NAME followed by '('), for bindings/js/js.am.
# Usage: sh exports.sh INCLUDE_DIR
set -eu
dir=$1
names=$(sed -n 's/^[a-z][a-z0-9_ ]*[ *]\(ls_[a-z][a-z0-9_]*\)(.*/\1/p' \
    "$dir"/lockstar.h "$dir"/lockstar_world.h "$dir"/lockstar_selftest.h | sort -u)
[ -n "$names" ] || { echo "exports.sh: no ls_ function found in $dir" >&2; exit 1; }
for n in $names; do
    printf -- '-Wl,--export=%s\n' "$n"
done
