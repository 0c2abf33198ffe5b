#!/bin/sh
# SPDX-License-Identifier: MIT
# crowd-vectors.sh - the crowd vectors (`make check`): every script of
# vectors/crowd/ (tools/crowdgen.awk: 480 replay scripts on 16 maps, every
# movement rule, terrain, edits under moving units, budgets 0 to 1000;
# 160 of them version 2, with groups on flow fields and edits under them)
# replayed by `lockstar replay` with 1 thread and with 2, 3 or 8 (in turn,
# so each count covers 160 scripts); each output must equal the recorded
# SCRIPT.out byte for byte. The outputs of the version 1 scripts were
# recorded when the simulation lived in the program (cli/replay_sim.c
# before the crowd moved into the library), so they also prove the move
# changed nothing.
#
# Exit 0 = pass, 1 = fail.
set -u
# shellcheck source=cli_lib.sh
. "${top_srcdir:-.}/tests/cli_lib.sh"

dir="$top_srcdir/vectors/crowd"
# Under an emulator (the cross targets of the platform matrix, about 0.1 s
# a run) each script runs once, with 1, 2, 3 or 8 threads in turn.
count=0
for script in "$dir"/s*.replay; do
    [ -f "$script" ] || { fail "no crowd vectors in $dir"; break; }
    expected="${script%.replay}.out"
    if [ -z "$TEST_EMULATOR" ]; then
        counts="1 $(echo "2 3 8" | cut -d' ' -f$((count % 3 + 1)))"
    else
        counts=$(echo "1 2 3 8" | cut -d' ' -f$((count % 4 + 1)))
    fi
    for threads in $counts; do
        expect_code 0 "$(basename "$script") --threads $threads" \
            replay "$script" --threads "$threads"
        cmp -s "$tmp/out" "$expected" ||
            fail "$name: output differs from $(basename "$expected") ($(cmp "$tmp/out" "$expected" 2>&1 | head -1))"
    done
    count=$((count + 1))
done
[ "$count" -ge 300 ] || fail "only $count crowd scripts (expected at least 300)"
cli_summary crowd-vectors.sh
