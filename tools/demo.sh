#!/bin/sh
# SPDX-License-Identifier: MIT
# demo.sh - the quick start: install what is missing, build, and find a path
# on the bundled example map, drawn in ASCII.
# Usage: sh tools/demo.sh [lockstar path options...]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
sh "$top/tools/deps.sh"
sh "$top/tools/build.sh" "$top/_build/native" >/dev/null
if [ $# -eq 0 ]; then
    set -- --from 1,1 --to 46,21 --swamp-cost 4 --draw
fi
exec "$top/_build/native/cli/lockstar" path "$top/examples/demo.map" "$@"
