#!/bin/sh
# SPDX-License-Identifier: MIT
# crowd.sh - the crowd vectors through the C# binding (Crowd.cs):
# `LockstarTests.exe --crowd` replays every vectors/crowd/s*.replay (480
# scripts, versions 1 and 2, as cli/replay_sim.c drives the crowd) with 1
# thread and with 2, 3 or 8 in turn, and compares each output with its .out
# byte for byte; `--replay` on the bundled examples must print
# examples/rts.trail and examples/battle.trail (version 3) and what
# `lockstar replay` prints for the skirmish;
# `--replay --trace` (every agent's position, cell, state and field after
# every tick, read through Crowd.Agents) must print what `lockstar replay
# --trace` prints for the skirmish and 15 vectors (11 of version 2);
# then a copy of two vectors with one digest changed in each must be caught
# at those lines, and a bad script refused with its line (so the runner is
# shown to compare, not just to run).
# Version 3 (sizes and avoidance): 16 scripts of tools/avoidgen.awk (one
# of each kind) recorded here by `lockstar replay --trace --check` must
# replay identically through C# (`--crowd`: trace columns ' r R v VX,VY',
# the 'check:' and 'arrived:' lines), `--replay --check` must exit as the
# CLI does (1 on an overlap), a recording with one velocity and one check
# line changed must be caught at those lines, and version 3's lines in a
# version 2 script and a radius too large for the cell size refused with
# their lines; vectors/avoid/ (320 scripts with their recorded `--check`
# outputs), once recorded, must replay byte for byte.
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
grep -q '^csharp crowd vectors: 480 scripts (160 of version 2, 0 of version 3), 960 runs, .* 0 differ$' "$tmp/out" ||
    say "expected all 480 scripts (160 of version 2) in 960 runs"

"$MONO" "$exe" --replay "$top_srcdir/examples/rts.replay" >"$tmp/rts" 2>&1 ||
    say "rts.replay: exit $?"
cmp -s "$tmp/rts" "$top_srcdir/examples/rts.trail" ||
    say "rts.replay: differs from examples/rts.trail ($(cmp "$tmp/rts" "$top_srcdir/examples/rts.trail" 2>&1 | head -1))"
# The battle (version 3: sizes, avoidance on) must print its trail too.
"$MONO" "$exe" --replay "$top_srcdir/examples/battle.replay" >"$tmp/battle" 2>&1 ||
    say "battle.replay: exit $?"
cmp -s "$tmp/battle" "$top_srcdir/examples/battle.trail" ||
    say "battle.replay: differs from examples/battle.trail ($(cmp "$tmp/battle" "$top_srcdir/examples/battle.trail" 2>&1 | head -1))"
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
    "2 scripts (1 of version 2, 0 of version 3), 2 runs," " 2 differ"; do
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

# Version 3, recorded here by the CLI: one script of each of
# avoidgen.awk's 16 kinds (circles, crossings, corridors, gates, sized
# paths, priorities, walls, edits under discs, avoidance switched, groups,
# budgets, cell sizes, packed starts), all traced and checked.
if [ -x "$cli" ]; then
    mkdir "$tmp/a"
    for i in 0 21 42 63 84 105 126 147 160 189 210 231 252 273 294 315; do
        name=$(printf 'a%03d' $i)
        awk -v what=map -v n=$i -f "$top_srcdir/tools/avoidgen.awk" >"$tmp/a/$name.map"
        awk -v what=script -v n=$i -f "$top_srcdir/tools/avoidgen.awk" >"$tmp/a/$name.replay"
        "$cli" replay "$tmp/a/$name.replay" --trace --check --threads 2 >"$tmp/a/$name.trace" 2>/dev/null
        [ $? -le 1 ] || say "$name.replay: lockstar replay failed"
    done
    "$MONO" "$exe" --crowd "$tmp/a" >"$tmp/out" 2>&1 || say "version 3 through C# differs from lockstar replay (exit $?)"
    cat "$tmp/out"
    grep -q '^csharp crowd vectors: 16 scripts (0 of version 2, 16 of version 3), 32 runs, .* 0 differ$' "$tmp/out" ||
        say "expected 16 version 3 scripts in 32 runs, 0 differ"
    # --replay --check exits as the CLI: 1 after an overlap (a160 blocks
    # cells under discs), 0 without.
    for name in a160 a000; do
        "$MONO" "$exe" --replay "$tmp/a/$name.replay" --check >"$tmp/r" 2>&1
        rc=$?
        "$cli" replay "$tmp/a/$name.replay" --check >"$tmp/r.c" 2>/dev/null
        want=$?
        [ "$rc" -eq "$want" ] || say "$name --check: exit $rc, lockstar replay's $want"
        cmp -s "$tmp/r" "$tmp/r.c" || say "$name --check: differs from lockstar replay --check"
    done
    grep -q '^check: .* wall overlaps in ' "$tmp/a/a160.trace" || say "a160.trace: no overlap recorded to exit 1 on"
    # Tampered: a velocity in a trace line, the check line of another.
    mkdir "$tmp/t"
    cp "$tmp/a/a084.replay" "$tmp/a/a084.map" "$tmp/a/a160.replay" "$tmp/a/a160.map" "$tmp/t/"
    vline=$(grep -n ' v [-0-9]*,[-0-9]*$' "$tmp/a/a084.trace" | grep -v ' v 0,0$' | head -1 | cut -d: -f1)
    good=$(sed -n "${vline}p" "$tmp/a/a084.trace")
    sed "${vline}s/ v [-0-9]*,/ v 7,/" "$tmp/a/a084.trace" >"$tmp/t/a084.trace"
    bad=$(sed -n "${vline}p" "$tmp/t/a084.trace")
    cline=$(grep -n '^check: ' "$tmp/a/a160.trace" | cut -d: -f1)
    goodc=$(sed -n "${cline}p" "$tmp/a/a160.trace")
    sed "${cline}s/.*/check: 320 ticks, 0 overlaps/" "$tmp/a/a160.trace" >"$tmp/t/a160.trace"
    "$MONO" "$exe" --crowd "$tmp/t" --threads 3 >"$tmp/out" 2>&1
    rc=$?
    [ "$rc" -eq 1 ] || say "tampered version 3: exit $rc, expected 1"
    for want in \
        "a084.replay (3 threads): line $vline: expected '$bad', got '$good'" \
        "a160.replay (3 threads): line $cline: expected 'check: 320 ticks, 0 overlaps', got '$goodc'" \
        "2 scripts (0 of version 2, 2 of version 3), 2 runs," " 2 differ"; do
        grep -qF "$want" "$tmp/out" || say "tampered version 3: missing '$want'"
    done
    # Refused with their lines: a radius in a version 2 script, a radius
    # whose clearance class passes 16 at cell size 0.25 (the library's
    # LS_ERR_BAD_RADIUS), an avoidance order in a version 1 script.
    printf 'lockstar-replay 2\nmap a000.map\nagent 1 15,8 1 radius 0.5\nticks 3\n' >"$tmp/a/b1.replay"
    printf 'lockstar-replay 3\nmap a000.map\ncell 0.25\nagent 1 15,8 0.1\nagent 2 15,9 0.1 priority 3 radius 4\nticks 3\n' \
        >"$tmp/a/b2.replay"
    printf 'lockstar-replay 1\nmap a000.map\nagent 1 15,8 1\nat 1 avoidance on\nticks 3\n' >"$tmp/a/b3.replay"
    for want in "b1.replay:3: 'radius' needs 'lockstar-replay 3' (this script says 'lockstar-replay 2')" \
        "b2.replay:5: the radius is too large for the cell size: its clearance class would be above 16 (LS_ERR_BAD_RADIUS)" \
        "b3.replay:4: 'avoidance' needs 'lockstar-replay 3' (this script says 'lockstar-replay 1')"; do
        f=${want%%:*}
        "$MONO" "$exe" --replay "$tmp/a/$f" >"$tmp/out" 2>&1
        rc=$?
        [ "$rc" -eq 2 ] || say "$f: exit $rc, expected 2"
        grep -qF "$want" "$tmp/out" || say "$f: expected '$want', got: $(cat "$tmp/out")"
    done
fi

# vectors/avoid/, once recorded (tools/avoidgen.sh): every script against
# its .trace or .out, with 1 thread and with 2, 3 or 8.
if ls "$top_srcdir"/vectors/avoid/a*.out >/dev/null 2>&1; then
    "$MONO" "$exe" --crowd "$top_srcdir/vectors/avoid" >"$tmp/out" 2>&1
    rc=$?
    cat "$tmp/out"
    [ "$rc" -eq 0 ] || say "the C# crowd differs from vectors/avoid (exit $rc, above)"
    n=$(sed -n 's/^csharp crowd vectors: \([0-9]*\) scripts .* 0 differ$/\1/p' "$tmp/out")
    [ "${n:-0}" -ge 300 ] || say "expected at least 300 scripts of vectors/avoid to match"
elif command -v git >/dev/null 2>&1 &&
    git -C "$top_srcdir" ls-files vectors/avoid 2>/dev/null | grep -q '\.out$'; then
    say "git lists vectors/avoid/'s recordings, but $top_srcdir/vectors/avoid has none"
else
    echo "crowd.sh: vectors/avoid/ has no recorded outputs yet: not replayed"
fi

[ "$fail" -eq 0 ] && echo "crowd.sh: the C# crowd replays every vector and both examples; the tampered copies were caught"
[ "$fail" -eq 0 ]
