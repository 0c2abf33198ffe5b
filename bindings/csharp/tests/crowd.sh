#!/bin/sh
# SPDX-License-Identifier: MIT
# crowd.sh - the crowd vectors through the C# binding (Crowd.cs):
# `LockstarTests.exe --crowd` replays every vectors/crowd/s*.replay (480
# scripts, versions 1 and 2, as cli/replay_sim.c drives the crowd) with 1
# thread and with 2, 3 or 8 in turn, and compares each output with its .out
# byte for byte; `--replay` on the bundled examples must print
# examples/rts.trail and what `lockstar replay` prints for the skirmish;
# `--replay --trace` (every agent's position, cell, state and field after
# every tick, read through Crowd.Agents) must print what `lockstar replay
# --trace` prints for the skirmish and 15 vectors (11 of version 2);
# then a copy of two vectors with one digest changed in each must be caught
# at those lines, and a bad script refused with its line (so the runner is
# shown to compare, not just to run).
# Run by `make check` when configure found mono (bindings/csharp/csharp.am).
# Exit 0 = pass, 1 = fail.
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}"
: "${MONO:=mono}"
exe="$top_builddir/bindings/csharp/LockstarTests.exe"
cli="$top_builddir/cli/lockstar"
vec="$top_srcdir/vectors/crowd"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cs-crowd.XXXXXX")
trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT INT TERM
fail=0
say() { echo "crowd.sh: $*"; fail=1; }

"$MONO" "$exe" --crowd "$vec" >"$tmp/out" 2>&1
rc=$?
cat "$tmp/out"
[ "$rc" -eq 0 ] || say "the C# crowd differs from vectors/crowd (exit $rc, above)"
grep -q '^csharp crowd vectors: 480 scripts (160 of version 2), 960 runs, .* 0 differ$' "$tmp/out" ||
    say "expected all 480 scripts (160 of version 2) in 960 runs"

"$MONO" "$exe" --replay "$top_srcdir/examples/rts.replay" >"$tmp/rts" 2>&1 ||
    say "rts.replay: exit $?"
cmp -s "$tmp/rts" "$top_srcdir/examples/rts.trail" ||
    say "rts.replay: differs from examples/rts.trail ($(cmp "$tmp/rts" "$top_srcdir/examples/rts.trail" 2>&1 | head -1))"
if [ -x "$cli" ]; then
    "$MONO" "$exe" --replay "$top_srcdir/examples/skirmish.replay" --threads 2 >"$tmp/sk" 2>&1 ||
        say "skirmish.replay: exit $?"
    "$cli" replay "$top_srcdir/examples/skirmish.replay" >"$tmp/sk.c" 2>/dev/null
    cmp -s "$tmp/sk" "$tmp/sk.c" || say "skirmish.replay: differs from lockstar replay"
fi

# --trace against the CLI's: the skirmish, 11 version 2 vectors and
# four of version 1, on 2 or 3 threads.
if [ -x "$cli" ]; then
    n=0 same=0
    for f in "$top_srcdir/examples/skirmish.replay" \
        "$vec/s000.replay" "$vec/s100.replay" "$vec/s200.replay" "$vec/s300.replay" \
        "$vec/s320.replay" "$vec/s328.replay" "$vec/s336.replay" "$vec/s344.replay" \
        "$vec/s352.replay" "$vec/s400.replay" "$vec/s408.replay" "$vec/s416.replay" \
        "$vec/s424.replay" "$vec/s432.replay" "$vec/s479.replay"; do
        n=$((n + 1))
        "$MONO" "$exe" --replay "$f" --trace --threads $((n % 2 + 2)) >"$tmp/tr" 2>&1
        "$cli" replay "$f" --trace >"$tmp/tr.c" 2>/dev/null
        if cmp -s "$tmp/tr" "$tmp/tr.c"; then
            same=$((same + 1))
        else
            say "$(basename "$f") --trace: differs from lockstar replay --trace ($(cmp "$tmp/tr" "$tmp/tr.c" 2>&1 | head -1))"
        fi
    done
    echo "crowd.sh: --trace identical to lockstar replay --trace for $same of $n scripts"
fi

# Tampered: one tick line of a version 1 vector, the final line of a
# version 2 one.
mkdir "$tmp/v"
cp "$vec/s000.replay" "$vec/s000.out" "$vec/s400.replay" "$vec/s400.out" "$vec/m0.map" "$tmp/v/"
chmod u+w "$tmp/v"/*
good3=$(sed -n 3p "$tmp/v/s000.out")
sed '3s/ [0-9a-f]*$/ 0123456789abcdef/' "$tmp/v/s000.out" >"$tmp/x" && mv "$tmp/x" "$tmp/v/s000.out"
goodf=$(tail -1 "$tmp/v/s400.out")
sed '$s/ [0-9a-f]*$/ 0000000000000000/' "$tmp/v/s400.out" >"$tmp/x" && mv "$tmp/x" "$tmp/v/s400.out"
"$MONO" "$exe" --crowd "$tmp/v" --threads 3 >"$tmp/out" 2>&1
rc=$?
[ "$rc" -eq 1 ] || say "tampered vectors: exit $rc, expected 1"
lines=$(wc -l <"$tmp/v/s400.out" | tr -d ' ')
for want in \
    "s000.replay (3 threads): line 3: expected 'tick 2 0123456789abcdef', got '$good3'" \
    "s400.replay (3 threads): line $lines: expected 'final 0000000000000000', got '$goodf'" \
    "2 scripts (1 of version 2), 2 runs," " 2 differ"; do
    grep -qF "$want" "$tmp/out" || say "tampered vectors: missing '$want'"
done
[ "$fail" -eq 0 ] || sed 's/^/  /' "$tmp/out"

# A bad script: a group order in a version 1 script, refused with its line.
printf 'lockstar-replay 1\nmap m0.map\nagent 1 0,0 1\nat 0 group 2,2 1\nticks 3\n' >"$tmp/v/s999.replay"
"$MONO" "$exe" --replay "$tmp/v/s999.replay" >"$tmp/out" 2>&1
rc=$?
[ "$rc" -eq 2 ] || say "a bad script: exit $rc, expected 2"
grep -qF "s999.replay:4: 'group' orders need 'lockstar-replay 2'" "$tmp/out" ||
    say "a bad script: expected its line 4 named, got: $(cat "$tmp/out")"

[ "$fail" -eq 0 ] && echo "crowd.sh: the C# crowd replays every vector and both examples; the tampered copy was caught"
[ "$fail" -eq 0 ]
