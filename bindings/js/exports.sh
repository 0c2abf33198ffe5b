#!/bin/sh
# SPDX-License-Identifier: MIT
# exports.sh - the wasm-ld flags that export every function the given
# public headers declare (a declaration starts a line with its return type,
# then ls_NAME followed by '('), for bindings/js/js.am.
# Usage: sh exports.sh INCLUDE_DIR [HEADER...]
# Without headers: lockstar.h, lockstar_world.h, lockstar_queue.h,
# lockstar_crowd.h, lockstar_flow.h, lockstar_jumps.h, lockstar_landmarks.h,
# lockstar_hpa.h and lockstar_cache.h, the API of lockstar.wasm.
# The self-test's module, lockstar-selftest.wasm, exports only what
# lockstar_selftest.h declares (a module of its own, loaded on demand).
set -eu
dir=$1
shift
[ $# -gt 0 ] || set -- lockstar.h lockstar_world.h lockstar_queue.h lockstar_crowd.h lockstar_flow.h \
    lockstar_jumps.h lockstar_landmarks.h lockstar_hpa.h lockstar_cache.h
files=
for h in "$@"; do
    files="$files $dir/$h"
done
# shellcheck disable=SC2086 # a list of files
names=$(sed -n 's/^[a-z][a-z0-9_ ]*[ *]\(ls_[a-z][a-z0-9_]*\)(.*/\1/p' $files | sort -u)
[ -n "$names" ] || { echo "exports.sh: no ls_ function found in$files" >&2; exit 1; }
for n in $names; do
    printf -- '-Wl,--export=%s\n' "$n"
done
