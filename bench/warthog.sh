#!/bin/sh
# SPDX-License-Identifier: MIT
# warthog.sh - lockstar's JPS+ against warthog's JPS+ on the same Moving AI
# scenario files, in one run, taking turns map by map and round by round.
#
# Usage: sh bench/warthog.sh JUMPS_BENCH WARTHOG_JPS MAPS_DIR [ROUNDS]
#   JUMPS_BENCH  bench/lockstar-jumps-bench of a build of this tree
#   WARTHOG_JPS  the warthog-jps program, built OUTSIDE this tree from
#                github.com/ShortestPathLab/warthog-jps (with its
#                warthog-core submodule); docs/jump-tables.md gives the
#                commands. Nothing of warthog is in this repository.
#   MAPS_DIR     holds MAP.map and MAP.map.scen for the five shared maps
#   ROUNDS       default 3
# Prints a Markdown table: per map the mean time per query of each (median
# of the rounds), warthog's from its own per-query "nanos" column (the
# search alone), lockstar's from ls_find_path timed per query (search and
# path), both on the monotonic wall clock (warthog's steady_clock), so a
# busy machine slows both alike; lockstar's JPS and A* beside them, and
# lockstar JPS+ / warthog JPS+. Exits 77 (skip) when a program or the maps are missing.
set -eu
bench=$1
warthog=$2
maps=$3
rounds=${4:-3}
for p in "$bench" "$warthog"; do
    [ -x "$p" ] || { echo "warthog.sh: SKIP: $p is not an executable" >&2; exit 77; }
done
[ -f "$maps/arena.map" ] || { echo "warthog.sh: SKIP: no maps in $maps" >&2; exit 77; }
tmp=${TMPDIR:-/tmp}/warthog-sh.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
names="arena lak303d 16room_000 maze512-4-0 random512-20-0"
r=1
while [ "$r" -le "$rounds" ]; do
    for m in $names; do
        # warthog: one line per query after its header; column 8 is nanos.
        "$warthog" --alg jps+ --scen "$maps/$m.map.scen" --map "$maps/$m.map" \
            2>/dev/null | awk '$2 == "jps+" { n++; t += $8 }
                END { if (n) printf "%d %.0f\n", n, t / n }' >>"$tmp/w.$m"
        "$bench" --repeat 1 --plain --wall "$maps/$m.map" "$maps/$m.map.scen" |
            awk '{ print $2, $3, $4, $5 }' >>"$tmp/l.$m"
    done
    r=$((r + 1))
done
med() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
echo "| map | queries | warthog JPS+ us/query | lockstar JPS+ us/query | lockstar JPS us/query | lockstar A* us/query | lockstar JPS+ / warthog JPS+ |"
echo "|---|---|---|---|---|---|---|"
for m in $names; do
    n=$(awk 'NR == 1 { print $1 }' "$tmp/l.$m")
    wn=$(awk 'NR == 1 { print $1 }' "$tmp/w.$m")
    w=$(awk '{ print $2 }' "$tmp/w.$m" | med)
    lp=$(awk '{ print $2 }' "$tmp/l.$m" | med)
    lj=$(awk '{ print $3 }' "$tmp/l.$m" | med)
    la=$(awk '{ print $4 }' "$tmp/l.$m" | med)
    [ "$n" = "$wn" ] || echo "warthog.sh: $m: warthog ran $wn queries, lockstar $n" >&2
    awk -v m="$m" -v n="$n" -v w="$w" -v lp="$lp" -v lj="$lj" -v la="$la" 'BEGIN {
        printf "| %s | %d | %.2f | %.2f | %.2f | %.2f | %.2f |\n", m, n,
            w / 1000, lp / 1000, lj / 1000, la / 1000, lp / w }'
done
