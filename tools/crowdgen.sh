#!/bin/sh
# SPDX-License-Identifier: MIT
# crowdgen.sh - writes vectors/crowd/: 16 maps and 480 replay scripts from
# tools/crowdgen.awk, and each script's expected `lockstar replay`
# output (SCRIPT.out) from the lockstar program given.
#
#   sh tools/crowdgen.sh path/to/lockstar [DIR]
#
# Run it only to change the vectors; the outputs it records are the
# contract tests/crowd-vectors.sh holds every later build to.
set -eu
# the outputs are recorded as printed; a script the program refuses stops
# the run (a vector must be a valid script)
cli=${1:?usage: crowdgen.sh LOCKSTAR [DIR]}
here=$(cd "$(dirname "$0")" && pwd)
dir=${2:-$here/../vectors/crowd}
mkdir -p "$dir"
k=0
while [ $k -lt 16 ]; do
    awk -v what=map -v n=$k -f "$here/crowdgen.awk" >"$dir/m$k.map"
    k=$((k + 1))
done
# CROWDGEN_FROM=320 writes only the version 2 scripts, leaving the
# recorded version 1 outputs as they are.
i=${CROWDGEN_FROM:-0}
while [ $i -lt ${CROWDGEN_COUNT:-480} ]; do
    name=$(printf 's%03d' $i)
    awk -v what=script -v n=$i -f "$here/crowdgen.awk" >"$dir/$name.replay"
    "$cli" replay "$dir/$name.replay" >"$dir/$name.out"
    i=$((i + 1))
done
