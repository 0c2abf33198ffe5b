#!/bin/sh
# SPDX-License-Identifier: MIT
# report_big_maps.sh - the big-map sections of `make bench` (issue 23):
# prints Markdown on standard output; bench/report.sh puts it in
# bench/RESULTS.md under "Big maps (issue 23)". A file of its own because
# report.sh is near the project's 800-line limit.
#
# Usage: sh bench/report_big_maps.sh MAPS_DIR
#
# Each part runs only when its program is given (report.sh passes what
# the Makefile sets); each prints its own tables, unchanged, with the
# command that produced them:
#   BENCH_HPA        bench/lockstar-hpa-bench (bench/hpa.c): the cluster
#                    hierarchy's build time and size, suboptimality per
#                    quarter of the rows, time and expansions against A*
#                    on the longest quarter, a one-cell edit's rebuild;
#   BENCH_LANDMARKS  bench/lockstar-landmarks-bench --buckets
#                    (bench/landmarks.c): the tables' build time and
#                    memory, expansions and time against octile A* on all
#                    scenarios, the longest quarter and every bucket (the
#                    bucket lines folded here into quarters of the
#                    buckets, a table), one update after a one-cell edit;
#   BENCH_CACHE      bench/lockstar-cache-bench (bench/pathcache.c): fresh
#                    searches, misses and hits, all and the longest quarter;
#   BENCH_JUMPS      bench/lockstar-jumps-bench (bench/jumps.c): JPS+
#                    against JPS and A* on each map's .scen, then --edits:
#                    one-cell edits with and without the jump tables, the
#                    build's time and bytes per cell.
# Settings (all optional): BENCH_BIG_MAPS (the maps, by name: arena
# lak303d maze512-4-0 random512-20-0 16room_000, those with a .scen),
# BENCH_CACHE_MAPS (arena lak303d 16room_000, the maps docs/big-maps.md
# measured with 5 rounds: it ran random512-20-0 with one round only and
# left maze512-4-0 out, the cache holding every answer of the map),
# BENCH_BIG_ROUNDS (each program's own default: hpa 5, landmarks 3, cache
# 5, jumps 3), BENCH_BIG_EDITS (2000, as docs/big-maps.md), BENCH_CLOCK
# (cpu: the cache bench on the thread's CPU clock like the others; the
# others always use it where the system has one).
# BENCH_QUICK=1: arena and lak303d only, 1 round, 100 edits.
set -eu

if [ $# -ne 1 ]; then
    echo "usage: sh bench/report_big_maps.sh MAPS_DIR" >&2
    exit 2
fi
maps=$1
[ -d "$maps" ] || { echo "report_big_maps.sh: no maps directory $maps" >&2; exit 2; }

names=${BENCH_BIG_MAPS:-arena lak303d maze512-4-0 random512-20-0 16room_000}
cache_names=${BENCH_CACHE_MAPS:-arena lak303d 16room_000}
rounds=${BENCH_BIG_ROUNDS:-}
edits=${BENCH_BIG_EDITS:-2000}
if [ "${BENCH_QUICK:-0}" = 1 ]; then
    names=${BENCH_BIG_MAPS:-arena lak303d}
    cache_names=${BENCH_CACHE_MAPS:-arena lak303d}
    rounds=${BENCH_BIG_ROUNDS:-1}
    edits=${BENCH_BIG_EDITS:-100}
fi

# Only maps with a scenario file: every program reads MAP.scen.
present() { # NAME... -> the names whose .map and .map.scen are in $maps
    for n in "$@"; do
        if [ -f "$maps/$n.map" ] && [ -f "$maps/$n.map.scen" ]; then
            printf '%s ' "$n"
        fi
    done
}
names=$(present $names)
cache_names=$(present $cache_names)
[ -n "$names" ] || { echo "report_big_maps.sh: no .map with a .scen in $maps" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lockstar-bigmaps.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# The commands are shown with the maps directory as MAPS, so the report
# does not carry this machine's paths.
run() { # LABEL PROGRAM ARGS... : its output to $tmp/out, failure ends all
    label=$1
    shift
    echo "report_big_maps.sh: $label..." >&2
    if ! "$@" >"$tmp/out" 2>"$tmp/err"; then
        cat "$tmp/out" "$tmp/err" >&2
        echo "report_big_maps.sh: $label failed" >&2
        exit 1
    fi
}
shown() { # PROGRAM ARGS... -> the command line, MAPS for the maps directory
    printf '%s' "$(basename "$1")"
    shift
    for a in "$@"; do
        case $a in
            "$maps"/*) printf ' MAPS/%s' "${a#"$maps"/}" ;;
            "$maps") printf ' MAPS' ;;
            *) printf ' %s' "$a" ;;
        esac
    done
}
fenced() { # the plain-text output in a fenced block
    echo '```'
    cat "$tmp/out"
    echo '```'
}
given() { # PROGRAM_VARIABLE'S_VALUE -> true when set; set but not a program
    # ends the report (a section left out silently would read as done)
    [ -n "$1" ] || return 1
    [ -x "$1" ] && return 0
    echo "report_big_maps.sh: $1 is not a program (make it first)" >&2
    exit 2
}
opt_rounds() { # OPTION -> "OPTION R" when BENCH_BIG_ROUNDS or quick set it
    [ -z "$rounds" ] || printf '%s %s' "$1" "$rounds"
}

files=
for n in $names; do files="$files $n.map"; done

echo "Shared maps: MAPS is the maps directory (\`make bench BENCH_MAPS\`)."
echo "Each program's output below is as it printed it; all queries are"
echo "8-connected, no corner cutting, 10/14."

if given "${BENCH_HPA:-}"; then
    set -- "$BENCH_HPA" $(opt_rounds --rounds) "$maps" $files
    run "hierarchy (HPA)" "$@"
    echo
    echo "### Cluster hierarchy (LS_ALGO_HPA) against A*"
    echo
    echo "\`$(shown "$@")\`: per map the build time and size, the"
    echo "suboptimality against MAP.expected (all rows and per quarter by"
    echo "optimal cost), time and expansions per query on the longest quarter"
    echo "(HPA and A* in turns, best round), and a one-cell edit's cost."
    echo
    fenced
fi

if given "${BENCH_LANDMARKS:-}"; then
    set -- "$BENCH_LANDMARKS" --buckets $(opt_rounds --rounds) "$maps" $files
    run "landmarks" "$@"
    mv "$tmp/out" "$tmp/buckets"
    echo
    echo "### Landmark A* against octile A*"
    echo
    echo "\`$(shown "$@")\`: per map the tables' build"
    echo "time and memory, every scenario's cost checked equal for both and"
    echo "against MAP.expected, expansions and time per query (the two in"
    echo "turns, best round) for the longest quarter, all scenarios and each"
    echo "scenario bucket, and one update after a lowering one-cell edit."
    echo
    # A .scen file has 10 queries per bucket and a 512 x 512 map hundreds
    # of buckets: the bucket lines are folded into quarters of the buckets
    # (by optimal length) rather than printed one by one.
    grep -v '^  bucket ' "$tmp/buckets" >"$tmp/out" || true
    fenced
    echo
    echo "Per quarter of the scenario buckets, folded by report_big_maps.sh"
    echo "from the program's per-bucket lines: expansions and time per query"
    echo "weighted by each bucket's queries (a bucket's time is its best round)."
    echo
    echo "| map | quarter | buckets | queries | octile exp/query | landmarks exp/query | ratio | octile us/query | landmarks us/query | ratio |"
    echo "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|"
    cat >"$tmp/fold.awk" <<'EOF'
function flush(   i, q, lo, hi, n, eo, el, to, tl) {
    if (nb == 0)
        return
    for (q = 0; q < 4; q++) {
        n = eo = el = to = tl = 0
        lo = hi = -1
        for (i = 0; i < nb; i++) {
            if (int(i * 4 / nb) != q)
                continue
            if (lo < 0)
                lo = id[i]
            hi = id[i]
            n += cnt[i]; eo += cnt[i] * xo[i]; el += cnt[i] * xl[i]
            to += cnt[i] * uo[i]; tl += cnt[i] * ul[i]
        }
        if (n == 0)
            continue
        printf "| %s | %d | %d..%d | %d | %.0f | %.0f | %.2fx | %.1f | %.1f | %.2fx |\n",
            map, q + 1, lo, hi, n, eo / n, el / n, (el > 0 ? eo / el : 0),
            to / n, tl / n, (tl > 0 ? to / tl : 0)
    }
    nb = 0
}
BEGIN { nb = 0 }
$2 ~ /^[0-9]+x[0-9]+:$/ { flush(); map = $1; next }
$1 == "bucket" {
    id[nb] = $2; cnt[nb] = $3; xo[nb] = $7; xl[nb] = $9
    uo[nb] = $14; ul[nb] = $16; nb++
}
END { flush() }
EOF
    awk -f "$tmp/fold.awk" "$tmp/buckets"
fi

if given "${BENCH_CACHE:-}" && [ -n "$cache_names" ]; then
    set -- "$BENCH_CACHE" $(opt_rounds --rounds)
    [ "${BENCH_CLOCK:-wall}" != cpu ] || set -- "$@" --clock cpu
    for n in $cache_names; do set -- "$@" "$maps/$n.map"; done
    run "path cache" "$@"
    echo
    echo "### Exact path cache: fresh searches, misses and hits"
    echo
    echo "\`$(shown "$@")\`: every scenario of MAP.scen"
    echo "searched fresh, through an emptied cache (miss) and again (hit), all"
    echo "and the longest quarter; medians of the rounds, every miss and hit"
    echo "checked against the fresh answer."
    echo
    cat "$tmp/out"
fi

if given "${BENCH_JUMPS:-}"; then
    set -- "$BENCH_JUMPS" $(opt_rounds --repeat)
    for n in $names; do set -- "$@" "$maps/$n.map" "$maps/$n.map.scen"; done
    run "jump tables (queries)" "$@"
    echo
    echo "### Jump tables (JPS+) against JPS and A*"
    echo
    echo "\`$(shown "$@")\`:"
    echo "every query of each scenario file, the algorithms in turn, mean time"
    echo "per query (median of the rounds) and expansions; every JPS+ result"
    echo "checked equal to JPS's."
    echo
    cat "$tmp/out"
    set -- "$BENCH_JUMPS" --edits "$edits"
    for n in $names; do set -- "$@" "$maps/$n.map"; done
    run "jump tables (edits)" "$@"
    echo
    echo "\`$(shown "$@")\`: $edits random cells per map (and an"
    echo "open 512 x 512 grid, the worst case) flipped and flipped back with"
    echo "ls_grid_set, with the tables and without; then the tables' build time"
    echo "(median of 5) and memory."
    echo
    cat "$tmp/out"
fi

echo
echo "Every edit above is of one cell: these programs measure no larger edit."
