#!/bin/sh
# SPDX-License-Identifier: MIT
# avoidgen.sh - writes the avoidance scenarios of issue 22 from
# tools/avoidgen.awk, in one command:
#
#   sh tools/avoidgen.sh [LOCKSTAR]
#
#   tests/data/avoid/: the four liveness families at full size (NAME.map,
#     NAME.replay; tests/avoid-liveness.sh runs them);
#   vectors/avoid/: 320 avoidance scripts with their maps (aNNN.map,
#     aNNN.replay), and each script's recorded output: aNNN.out, what
#     `lockstar replay aNNN.replay --check` printed, or, for the scripts of
#     at most 1,000 agent-ticks (agents x ticks), aNNN.trace, what
#     `--trace --check` printed (positions, radii and velocities pinned
#     line by line, while the large scripts stay small on disk).
#
# LOCKSTAR is the program that records (default: the newest
# _build/*/cli/lockstar of the source tree). Run it only to change the
# vectors: the outputs it records are the contract tests/avoid-vectors.sh
# holds every later build to. A script the program refuses stops the run
# (a vector must be a valid script); a run that reports overlaps (exit 1)
# is recorded as it is (its check line says so, and the test expects it).
# AVOIDGEN_COUNT=N writes only the first N scripts (a quicker look).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
cli=${1:-}
if [ -z "$cli" ]; then
    # the newest build's program (ls -t: most recently built first)
    cli=$(ls -t "$top"/_build/*/cli/lockstar 2>/dev/null | head -1) || true
    [ -n "$cli" ] || { echo "usage: avoidgen.sh LOCKSTAR (no _build/*/cli/lockstar found)" >&2; exit 2; }
fi
echo "avoidgen: recording with $cli" >&2

data=$top/tests/data/avoid
mkdir -p "$data"
for f in circle crossing corridor gate; do
    awk -v what=famap -v name=$f -f "$here/avoidgen.awk" >"$data/$f.map"
    awk -v what=family -v name=$f -f "$here/avoidgen.awk" >"$data/$f.replay"
done

dir=$top/vectors/avoid
mkdir -p "$dir"
rm -f "$dir"/a*.out "$dir"/a*.trace
i=0
while [ $i -lt "${AVOIDGEN_COUNT:-320}" ]; do
    name=$(printf 'a%03d' $i)
    awk -v what=map -v n=$i -f "$here/avoidgen.awk" >"$dir/$name.map"
    awk -v what=script -v n=$i -f "$here/avoidgen.awk" >"$dir/$name.replay"
    size=$(awk '$1 == "agent" { n++ } $1 == "ticks" { t = $2 } END { print n * t }' "$dir/$name.replay")
    if [ "$size" -le 1000 ]; then ext=trace; opt=--trace; else ext=out; opt=; fi
    # the program's summary on standard error is shown only on a refusal
    rc=0
    "$cli" replay "$dir/$name.replay" $opt --check >"$dir/$name.$ext" 2>"$dir/$name.err" || rc=$?
    [ $rc -le 1 ] || { echo "avoidgen: $name.replay: exit $rc" >&2; cat "$dir/$name.err" >&2; exit 1; }
    rm -f "$dir/$name.err"
    i=$((i + 1))
done
echo "avoidgen: $i scripts in $dir" >&2
