#!/bin/sh
# SPDX-License-Identifier: MIT
# crowd-vectors.sh - the crowd vectors (`make check`): every script of
# vectors/crowd/ (tools/crowdgen.awk: 480 replay scripts on 16 maps, every
# movement rule, terrain, edits under moving units, budgets 0 to 1000;
# 160 of them version 2, with groups on flow fields and edits under them)
# replayed by `lockstar replay`'s code with 1 thread and with 2, 3 or 8 (in
# turn, so each count covers 160 scripts), all in one process
# (tests/replay_each); each output must equal the recorded
# SCRIPT.out byte for byte. The outputs of the version 1 scripts were
# recorded when the simulation lived in the program (cli/replay_sim.c
# before the crowd moved into the library), so they also prove the move
# changed nothing.
#
# Exit 0 = pass, 1 = fail.
set -u
# shellcheck source=cli_lib.sh
. "${top_srcdir:-.}/tests/cli_lib.sh"

dir="$abs_srcdir/vectors/crowd"
# All runs go to one process (tests/replay_each, each_add in cli_lib.sh).
# Under an emulator (the cross targets of the platform matrix) each
# script runs once, with 1, 2, 3 or 8 threads in turn.
count=0
for script in "$dir"/s*.replay; do
    [ -f "$script" ] || { fail "no crowd vectors in $dir"; break; }
    if [ -z "$TEST_EMULATOR" ]; then
        counts="1 $(echo "2 3 8" | cut -d' ' -f$((count % 3 + 1)))"
    else
        counts=$(echo "1 2 3 8" | cut -d' ' -f$((count % 4 + 1)))
    fi
    for threads in $counts; do
        each_add 0 "${script%.replay}.out" replay "$script" --threads "$threads"
    done
    count=$((count + 1))
done
each_run
[ "$count" -ge 300 ] || fail "only $count crowd scripts (expected at least 300)"
cli_summary crowd-vectors.sh
