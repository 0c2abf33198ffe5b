#!/bin/sh
# SPDX-License-Identifier: MIT
# avoid.sh - the avoidance section of `make bench` (issue 22, "Speed"):
# prints Markdown on standard output; bench/report.sh puts it in
# bench/RESULTS.md under "Avoidance".
#
# Usage: sh bench/avoid.sh AVOID_BENCH LOCKSTAR EXAMPLES_DIR
#   AVOID_BENCH  bench/lockstar-avoid-bench (bench/avoidance.c)
#   LOCKSTAR     cli/lockstar (for the RTS example), or "" to skip it
#   EXAMPLES_DIR examples/ of the source tree (rts.replay, rts.map)
#
# Runs:
#   1. 2,000 agents of radius 0.4 on an open 128 x 128 grid, one thread
#      (bench/avoidance.c says the scenario), avoidance on and off taking
#      turns, BENCH_AVOID_REPEAT rounds (5), BENCH_CLOCK (wall; cpu for
#      the calling thread's CPU time on a busy machine); the goal: the
#      avoidance step at most 1 ms per tick;
#   2. 10,000 agents on an open 288 x 288 grid (about the same density:
#      12 % of the cells), 2 threads, wall time (the workers' time counts);
#      goal: the whole tick at most 8 ms; and the same on 1 thread for the
#      speed-up (wall time too, and with BENCH_CLOCK=cpu once more in the
#      thread's CPU time);
#   3. examples/rts.replay (240 units, 2,400 ticks) made a version 3 script
#      by sed, without changing the example: 'lockstar-replay 3', the map
#      by its absolute path, every agent given 'radius 1' (0.4 of its
#      2.5-unit cells, clearance class 1, so its paths are those of the
#      example), and 'avoidance on' or 'avoidance off'; plain runs of both
#      taking turns (BENCH_REPLAY_REPEAT, 7), CPU time from the summary
#      line: crowd ticks per second and their ratio; the split from one
#      --profile run; overlaps from one --check run;
#   4. with valgrind, the avoidance step's instructions per agent and tick
#      (callgrind, 2,000 agents, 1 thread) and the functions they go to.
# BENCH_QUICK=1: 2 rounds, 60 timed ticks, 3 replays.
set -eu

if [ $# -ne 3 ]; then
    echo "usage: sh bench/avoid.sh AVOID_BENCH LOCKSTAR EXAMPLES_DIR" >&2
    exit 2
fi
avoid=$1
cli=$2
examples=$(cd "$3" && pwd)
repeat=${BENCH_AVOID_REPEAT:-5}
ticks=${BENCH_AVOID_TICKS:-200}
replays=${BENCH_REPLAY_REPEAT:-7}
clock=${BENCH_CLOCK:-wall}
if [ "${BENCH_QUICK:-0}" = 1 ]; then
    repeat=2 ticks=60 replays=3
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lockstar-avoid.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

echo "avoid.sh: 2,000 agents, 1 thread, $repeat rounds..." >&2
"$avoid" --header --agents 2000 --side 128 --threads 1 --ticks "$ticks" \
    --repeat "$repeat" --clock "$clock" --check >"$tmp/rows"
echo "avoid.sh: 10,000 agents, 1 and 2 threads, $repeat rounds..." >&2
if [ "$clock" = cpu ]; then
    "$avoid" --agents 10000 --side 288 --threads 1 --ticks "$ticks" \
        --repeat "$repeat" --clock cpu >>"$tmp/rows"
fi
"$avoid" --agents 10000 --side 288 --threads 1 --ticks "$ticks" \
    --repeat "$repeat" --check >>"$tmp/rows"
"$avoid" --agents 10000 --side 288 --threads 2 --ticks "$ticks" \
    --repeat "$repeat" --check >>"$tmp/rows"

# Columns of a row (split on '|'): 2 agents, 4 threads, 5 the clock, 6
# the avoidance step, 7 the whole tick with it on, 14 the run digest.
field() { # AGENTS THREADS CLOCK COLUMN
    awk -F'|' -v a="$1" -v t="$2" -v k="$3" -v c="$4" '
        { gsub(/ /, "", $2); gsub(/ /, "", $4); gsub(/ /, "", $5) }
        $2 == a && $4 == t && $5 == k { v = $c; gsub(/ /, "", v); print v }' "$tmp/rows"
}
step2k=$(field 2000 1 "$clock" 6)
tick10k2=$(field 10000 2 wall 7)
tick10k1=$(field 10000 1 wall 7)
[ "$(field 10000 1 wall 14)" = "$(field 10000 2 wall 14)" ] ||
    { echo "avoid.sh: the 10,000 agents' digests differ between 1 and 2 threads" >&2; exit 1; }

echo "\`lockstar-avoid-bench --agents 2000 --side 128 --threads 1 --ticks $ticks --repeat $repeat --clock $clock --check\`,"
echo "then \`--agents 10000 --side 288 --ticks $ticks --repeat $repeat --check\` with \`--threads 1\` and \`--threads 2\`"
echo "(wall clock; with BENCH_CLOCK=cpu also 1 thread in CPU time): N agents of radius 0.4 cells on distinct random cells of an"
echo "open grid, speeds 0.1 to 0.2 cells per tick, priorities 0 to 99, each"
echo "walking to a random cell and sent to another when it arrives (paths,"
echo "budget 0, the crowd's default avoidance settings); 60 ticks untimed,"
echo "then $ticks timed; avoidance on and off taking turns for $repeat rounds,"
echo "medians of the rounds' means per tick. The avoidance step is the"
echo "crowd's phase LS_CROWD_PHASE_AVOID (steps 6a-6d), timed by the phase"
echo "hook; the whole tick is ls_crowd_tick. Moves cut and stuck re-plans are"
echo "counts over the first round's whole run; overlaps are"
echo "ls_crowd_check_overlaps after every tick of the first round with"
echo "avoidance on. The 1- and 2-thread runs end on the same run digest."
echo
cat "$tmp/rows"
echo
echo "| goal | measured | |"
echo "|---|---|---|"
awk -v s="$step2k" -v t="$tick10k2" -v o="$tick10k1" 'BEGIN {
    printf "| avoidance step for 2,000 agents on one core ≤ 1 ms per tick (go-orca: 5.44 ms for 1,000) | %.3f ms | %s |\n",
        s, (s <= 1.0 ? "met" : "**not met**")
    printf "| 10,000 agents on 2 threads ≤ 8 ms per tick (whole tick) | %.3f ms (1 thread: %.3f ms, %.2f× faster on 2) | %s |\n",
        t, o, o / t, (t <= 8.0 ? "met" : "**not met**") }'

# Instructions (callgrind, which a busy machine does not change): the
# avoidance step's own function and all it calls, over all 80 ticks of a
# run of 2,000 agents on 1 thread (60 warm-up ticks and 20 more; tick 0's
# agents are still waiting), per agent and tick.
if command -v valgrind >/dev/null 2>&1; then
    echo "avoid.sh: instructions of the avoidance step (callgrind)..." >&2
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" \
        --toggle-collect=ls__crowd_avoid_move "$avoid" --agents 2000 \
        --side 128 --threads 1 --warmup 60 --ticks 20 --repeat 1 \
        >/dev/null 2>"$tmp/cg.err" || { cat "$tmp/cg.err" >&2; exit 1; }
    ir=$(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$tmp/cg.out" | head -n 1)
    [ -n "$ir" ] || ir=$(sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$tmp/cg.out" | head -n 1)
    echo
    echo "\`valgrind --tool=callgrind --toggle-collect=ls__crowd_avoid_move"
    echo "lockstar-avoid-bench --agents 2000 --side 128 --threads 1 --warmup 60 --ticks 20 --repeat 1\`:"
    awk -v ir="$ir" 'BEGIN { printf "%.0f instructions in the avoidance step over 80 ticks, %.0f per agent and tick.\n", ir, ir / 80 / 2000 }'
    if command -v callgrind_annotate >/dev/null 2>&1; then
        echo
        echo "Where they go (callgrind_annotate, exclusive, top functions):"
        echo
        echo '```'
        callgrind_annotate --inclusive=no --auto=no "$tmp/cg.out" 2>/dev/null |
            grep -E '^ *[0-9,]+ ' | grep -v 'PROGRAM TOTALS' | head -n 12 |
            sed -E 's# \[[^]]*\]##; s#[^ ]*/(src|bench)/#\1/#g'
        echo '```'
    fi
fi

if [ -n "$cli" ] && [ -x "$cli" ] && [ -f "$examples/rts.replay" ]; then
    echo "avoid.sh: the RTS example with avoidance on and off, $replays runs..." >&2
    for setting in on off; do
        sed -e 's/^lockstar-replay 1$/lockstar-replay 3/' \
            -e "s|^map rts.map\$|map $examples/rts.map|" \
            -e 's/^\(agent [0-9]* [0-9]*,[0-9]* [0-9.]*\)$/\1 radius 1/' \
            "$examples/rts.replay" >"$tmp/rts-$setting.replay"
        echo "avoidance $setting" >>"$tmp/rts-$setting.replay"
        : >"$tmp/cpu.$setting"
    done
    i=0
    while [ $i -lt "$replays" ]; do
        for setting in on off; do
            "$cli" replay "$tmp/rts-$setting.replay" 2>&1 >/dev/null |
                sed -n 's/^lockstar replay: .*, \([0-9.]*\) s$/\1/p' >>"$tmp/cpu.$setting"
        done
        i=$((i + 1))
    done
    mid=$(( (replays + 1) / 2 ))
    on=$(sort -n "$tmp/cpu.on" | sed -n "${mid}p")
    off=$(sort -n "$tmp/cpu.off" | sed -n "${mid}p")
    prof=$("$cli" replay "$tmp/rts-on.replay" --profile 2>&1 >/dev/null |
        sed -n 's/^lockstar replay: profile: //p')
    check=$("$cli" replay "$tmp/rts-on.replay" --check 2>/dev/null |
        sed -n 's/^check: //p' || true)
    echo
    echo "The RTS example (\`examples/rts.replay\`, 240 units, 2,400 ticks) as a"
    echo "version 3 script (bench/avoid.sh's sed: every agent 'radius 1', 0.4 of"
    echo "a 2.5-unit cell; 'avoidance on' or 'avoidance off'), plain runs taking"
    echo "turns, median of $replays CPU times (the summary line):"
    echo
    echo "| avoidance | CPU s | crowd ticks per second | |"
    echo "|---|---:|---:|---|"
    awk -v a="$on" -v b="$off" 'BEGIN {
        printf "| off | %.3f | %d | |\n", b, (b > 0 ? 2400 / b : 0)
        printf "| on | %.3f | %d | %.1f× the time of off |\n", a,
            (a > 0 ? 2400 / a : 0), (b > 0 ? a / b : 0) }'
    echo
    echo "With avoidance on, \`--profile\`: $prof; \`--check\`: $check."
fi
