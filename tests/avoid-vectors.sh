#!/bin/sh
# SPDX-License-Identifier: MIT
# avoid-vectors.sh - the avoidance vectors (`make check`): every script of
# vectors/avoid/ (tools/avoidgen.awk: 320 replay scripts, version 3, each
# on its own map: the circle, crossing, corridor and gate families small,
# radii 0 to 2.5 cells on sized paths through doors and lanes of several
# widths, priorities, head-on pairs, walls, edits under moving discs,
# avoidance switched mid-run, group orders, budgets 0 to 1000, cell sizes,
# packed starts) replayed by `lockstar replay SCRIPT --check` (with
# `--trace` for those recorded as aNNN.trace) with 1 thread and with 2, 3
# or 8 in turn, all in one process (tests/replay_each: the command's own
# code); each output must equal the recorded one byte for byte,
# and the exit status must be the one its check line implies (0 with
# "0 overlaps", 1 with "P pair overlaps and W wall overlaps": a few
# scripts block a cell under a disc).
#
# Exit 0 = pass, 1 = fail.
set -u
# shellcheck source=cli_lib.sh
. "${top_srcdir:-.}/tests/cli_lib.sh"

dir="$abs_srcdir/vectors/avoid"
# All runs go to one process (tests/replay_each, each_add in cli_lib.sh).
# Under an emulator (the cross targets of the platform matrix) each
# script runs once, with 1, 2, 3 or 8 threads in turn.
count=0
for script in "$dir"/a*.replay; do
    [ -f "$script" ] || { fail "no avoidance vectors in $dir"; break; }
    base=${script%.replay}
    if [ -f "$base.trace" ]; then expected=$base.trace; opt=--trace
    elif [ -f "$base.out" ]; then expected=$base.out; opt=
    else fail "$(basename "$script"): no recorded output (.out or .trace)"; continue
    fi
    # The check line the recording ends with decides the exit status; a
    # recording without one was not made with --check and is refused.
    if grep -q '^check: [0-9]* ticks, 0 overlaps$' "$expected"; then want=0
    elif grep -q '^check: [0-9]* ticks, [0-9]* pair overlaps and ' "$expected"; then want=1
    else fail "$(basename "$expected"): no 'check:' line"; continue
    fi
    if [ -z "$TEST_EMULATOR" ]; then
        counts="1 $(echo "2 3 8" | cut -d' ' -f$((count % 3 + 1)))"
    else
        counts=$(echo "1 2 3 8" | cut -d' ' -f$((count % 4 + 1)))
    fi
    for threads in $counts; do
        each_add "$want" "$expected" replay "$script" $opt --check --threads "$threads"
    done
    count=$((count + 1))
done
each_run
[ "$count" -ge 300 ] || fail "only $count avoidance scripts (expected at least 300)"
cli_summary avoid-vectors.sh
