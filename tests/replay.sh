#!/bin/sh
# SPDX-License-Identifier: MIT
# replay.sh - `lockstar replay` end to end (`make check`): the bundled
# examples' trails (examples/rts.trail and examples/groups.trail, the
# same match with groups on flow fields, and examples/battle.trail, sizes
# and avoidance, are checked byte for byte, so every
# target of the platform matrix must print the same 2,401 and 801 lines); the
# output formats; --threads and --budget against the queue itself;
# --record and --verify finding a desync and naming the map or the
# agents; and every kind of bad script, each with its FILE:LINE message.
#
# Exit 0 = pass, 1 = fail.
set -u
# shellcheck source=cli_lib.sh
. "${top_srcdir:-.}/tests/cli_lib.sh"

ex="$top_srcdir/examples"
skirmish="$ex/skirmish.replay"
rts="$ex/rts.replay"

# ------------------------------------------------------- the examples
expect_code 0 "rts" replay "$rts"
cmp -s "$tmp/out" "$ex/rts.trail" ||
    fail "rts: the output differs from examples/rts.trail (first: $(cmp "$tmp/out" "$ex/rts.trail" 2>&1 | head -1))"
grep -q "^lockstar replay: 2400 ticks, 240 agents" "$tmp/err" ||
    fail "rts: summary line: $(head -1 "$tmp/err")"
expect_code 0 "rts verify" replay "$rts" --verify "$ex/rts.trail"
expect_line "rts verify" "verify: 2400 ticks match"

# The same match fought with groups on flow fields (script version 2).
expect_code 0 "groups" replay "$ex/groups.replay"
cmp -s "$tmp/out" "$ex/groups.trail" ||
    fail "groups: the output differs from examples/groups.trail (first: $(cmp "$tmp/out" "$ex/groups.trail" 2>&1 | head -1))"
expect_code 0 "groups verify" replay "$ex/groups.replay" --verify "$ex/groups.trail" --threads 3
expect_line "groups verify" "verify: 2400 ticks match"

# The battle (issue 22, tools/battlegen.awk: version 3, three sizes,
# avoidance on): its trail byte for byte with --check, which must find no
# overlap on any tick, then --verify on 2 threads.
expect_code 0 "battle --check" replay "$ex/battle.replay" --check
grep -v -e '^check: ' -e '^arrived: ' "$tmp/out" | cmp -s - "$ex/battle.trail" ||
    fail "battle: the output differs from examples/battle.trail (first: $(grep -v -e '^check: ' -e '^arrived: ' "$tmp/out" | cmp - "$ex/battle.trail" 2>&1 | head -1))"
expect_line "battle --check" "check: 800 ticks, 0 overlaps"
expect_code 0 "battle verify" replay "$ex/battle.replay" --verify "$ex/battle.trail" --threads 2
expect_line "battle verify" "verify: 800 ticks match"

expect_code 0 "skirmish" replay "$skirmish"
cp "$tmp/out" "$tmp/skirmish.out"
lines=$(wc -l <"$tmp/out" | tr -d ' ')
[ "$lines" = 201 ] || fail "skirmish: $lines lines, expected 200 ticks + final"
bad=$(grep -v -c -E '^(tick (0|[1-9][0-9]*)|final) [0-9a-f]{16}$' "$tmp/out")
[ "$bad" = 0 ] || fail "skirmish: $bad lines not 'tick T DIGEST' / 'final DIGEST'"
awk '/^tick/ { if ($2 != n) { print "FAIL: skirmish: tick " $2 " at line " NR; exit 1 } n++ }' \
    "$tmp/out" || fail "skirmish: ticks not 0, 1, 2, ..."

# --trace: the same tick lines, each followed by one line per agent in ID
# order; by tick 199 the example's units have arrived, but unit 4, ordered
# into a room walled up at tick 50, is unreachable.
expect_code 0 "skirmish --trace" replay "$skirmish" --trace
grep -E '^(tick|final) ' "$tmp/out" | cmp -s - "$tmp/skirmish.out" ||
    fail "skirmish --trace: the tick lines differ from the plain run"
bad=$(grep -c -v -E '^((tick|final) |agent -?[0-9]+ -?[0-9]+ -?[0-9]+ [0-9]+,[0-9]+ (idle|waiting|moving|arrived|unreachable)$)' "$tmp/out")
[ "$bad" = 0 ] || fail "skirmish --trace: $bad lines of an unknown form"
awk '/^tick/ { t = $2; n = 0; next }
     /^agent/ { n++; if ($2 != n) { print "FAIL: agent " $2 " in place " n " at tick " t; bad = 1 } }
     END { exit bad }' "$tmp/out" || fail "skirmish --trace: agents not in ID order"
expect_line "skirmish --trace" "agent 4 3317248 1232470 33,12 unreachable"
expect_line "skirmish --trace" "agent 1 4472832 2113536 45,21 arrived"
# Unit 1 starts on the centre of cell 2,2 of cells of 1.5: 3.75 = 245760.
expect_line "skirmish --trace" "agent 1 245760 245760 2,2 waiting"

# --threads solves the requests on a batch: the lines never change, for
# any budget (the budget rule is the queue's, carried out by the model).
for budget in 0 1 7 60 1000; do
    expect_code 0 "skirmish --budget $budget" replay "$skirmish" \
        --budget "$budget"
    cp "$tmp/out" "$tmp/want"
    for threads in 2 3 8; do
        expect_code 0 "skirmish --budget $budget --threads $threads" \
            replay "$skirmish" --budget "$budget" --threads "$threads"
        cmp -s "$tmp/out" "$tmp/want" ||
            fail "skirmish --budget $budget --threads $threads: output differs from 1 thread"
    done
done
expect_code 0 "rts --threads 4" replay "$rts" --threads=4
cmp -s "$tmp/out" "$ex/rts.trail" || fail "rts --threads 4: output differs"
# The budget matters (requests span ticks), so the override is used.
expect_code 0 "skirmish --budget 1" replay "$skirmish" --budget 1
cmp -s "$tmp/out" "$tmp/skirmish.out" &&
    fail "skirmish --budget 1: same lines as budget 60 (override ignored?)"

# ------------------------------------------------- record and verify
# A script changed in one edit, and one changed in one order: --verify
# with the recorded trail names the tick and what differs.
cp "$ex/demo.map" "$tmp/demo.map"
sed 's/^map .*/map demo.map/' "$skirmish" >"$tmp/base.replay"
expect_code 0 "record" replay "$tmp/base.replay" --record "$tmp/base.trail"
cmp -s "$tmp/out" "$tmp/skirmish.out" || fail "record: stdout differs"
head -1 "$tmp/base.trail" | grep -qx 'lockstar-trail 1' ||
    fail "record: no 'lockstar-trail 1' first line"
grep -c '^agents [0-9a-f]\{20\}$' "$tmp/base.trail" | grep -qx 200 ||
    fail "record: not 200 'agents' lines of 5 x 4 hex digits"
expect_code 0 "verify same" replay "$tmp/base.replay" --verify "$tmp/base.trail"
expect_line "verify same" "verify: 200 ticks match"

sed 's/^at 50 rect 39,7 2,1 0 .*/at 50 rect 39,7 1,1 0/' "$tmp/base.replay" \
    >"$tmp/edit.replay"
cmp -s "$tmp/edit.replay" "$tmp/base.replay" && fail "edit: sed changed nothing"
expect_code 1 "verify edit" replay "$tmp/edit.replay" --verify "$tmp/base.trail"
grep -q '^verify: tick 50 differs (trail line [0-9]*): the map differs; agents differing: none$' \
    "$tmp/out" || fail "verify edit: $(cat "$tmp/out")"

sed 's/^at 60 move 2 2,2$/at 60 move 2 3,2/' "$tmp/base.replay" >"$tmp/order.replay"
expect_code 1 "verify order" replay "$tmp/order.replay" --verify "$tmp/base.trail"
# (Unit 2 waits for its path at tick 60 either way: the states part when
# the queue hands the two different paths over.)
grep -q '^verify: tick [6-9][0-9] differs (trail line [0-9]*): the map matches; agents differing: 2$' \
    "$tmp/out" || fail "verify order: $(cat "$tmp/out")"
# A plain trail (standard output) names the tick only; a --trace one the
# agents.
expect_code 1 "verify plain" replay "$tmp/order.replay" --verify "$tmp/skirmish.out"
grep -q '^verify: tick [6-9][0-9] differs (trail line [0-9]*): the trail has no map digest; the trail has no agent digests' \
    "$tmp/out" || fail "verify plain: $(cat "$tmp/out")"
expect_code 0 "trace trail" replay "$tmp/base.replay" --trace
cp "$tmp/out" "$tmp/trace.trail"
expect_code 1 "verify traced" replay "$tmp/order.replay" --verify "$tmp/trace.trail"
grep -q 'agents differing: 2$' "$tmp/out" || fail "verify traced: $(cat "$tmp/out")"
# A shorter or longer run than the trail.
sed 's/^ticks 200$/ticks 150/' "$tmp/base.replay" >"$tmp/short.replay"
expect_code 1 "verify longer trail" replay "$tmp/short.replay" --verify "$tmp/base.trail"
expect_line "verify longer trail" "verify: the trail goes on after the run's last tick 149 (it has 200 ticks)"
head -n 301 "$tmp/base.trail" >"$tmp/cut.trail"
expect_code 1 "verify cut trail" replay "$tmp/base.replay" --verify "$tmp/cut.trail"
expect_line "verify cut trail" "verify: the trail ends before tick 100"

# ------------------------------------------------ version 3 and --check
# A version 3 script that uses nothing of version 3 replays as version 1
# or 2 does, trace included (no r/v columns); the same with priorities
# only (a priority alone shows no column).
sed 's/^lockstar-replay 1$/lockstar-replay 3/' "$tmp/base.replay" >"$tmp/v3.replay"
expect_code 0 "v3 as v1" replay "$tmp/v3.replay" --trace
cmp -s "$tmp/out" "$tmp/trace.trail" || fail "v3 as v1: the trace differs from version 1's"
sed 's/^\(agent [0-9]* [0-9,]* [0-9.]*\)$/\1 priority 7/' "$tmp/v3.replay" >"$tmp/v3p.replay"
grep -q 'priority 7$' "$tmp/v3p.replay" || fail "v3 priority: sed changed nothing"
expect_code 0 "v3 priorities only" replay "$tmp/v3p.replay" --trace
cmp -s "$tmp/out" "$tmp/trace.trail" || fail "v3 priorities only: the trace differs from version 1's"

# Radius and priority in either order, and the defaults (radius 0,
# priority 0). Two agents of radius 0.4 swap places along row 4 of the
# demo map's open room (9 cells at 0.25 a tick: 36 ticks each); agent 3
# is a point that is never ordered.
cross() { # cross NAME AVOIDANCE: the script $tmp/NAME.replay
    printf 'lockstar-replay 3\nmap demo.map\navoidance %s\nagent 1 2,4 0.25 radius 0.4 priority 3\nagent 2 11,4 0.25 priority 3 radius 0.4\nagent 3 2,8 0.5\nat 0 move 1 11,4\nat 0 move 2 2,4\nticks 40\n' \
        "$2" >"$tmp/$1.replay"
}
cross off off
expect_code 0 "v3 radius and priority" replay "$tmp/off.replay" --trace
bad=$(grep -c -v -E '^((tick|final) |agent -?[0-9]+ -?[0-9]+ -?[0-9]+ [0-9]+,[0-9]+ (idle|waiting|moving|arrived|unreachable)( field [0-9]+,[0-9]+)? r [0-9]+ v -?[0-9]+,-?[0-9]+$)' "$tmp/out")
[ "$bad" = 0 ] || fail "v3 --trace: $bad lines without ' r R v VX,VY'"
# 0.4 is 26214 raw; agent 3 keeps the default radius 0 and never moves.
grep -q '^agent 1 [0-9]* 294912 [0-9]*,4 [a-z]* r 26214 v -\{0,1\}[0-9]*,0$' "$tmp/out" ||
    fail "v3 --trace: agent 1's line: $(grep '^agent 1 ' "$tmp/out" | head -1)"
grep -q '^agent 2 [0-9]* 294912 [0-9]*,4 [a-z]* r 26214 v ' "$tmp/out" ||
    fail "v3 --trace: agent 2's radius is not 26214"
expect_line "v3 --trace" "agent 3 163840 557056 2,8 idle r 0 v 0,0"
# The largest radius that fits cells of 1 (clearance class 16), and a
# priority with radius 0 given.
printf 'lockstar-replay 3\nmap demo.map\nagent 1 2,4 1 radius 15.5\nagent 2 5,4 1 priority 99 radius 0\nticks 1\n' \
    >"$tmp/big.replay"
expect_code 0 "v3 radius 15.5" replay "$tmp/big.replay"
# --check changes no tick line.
expect_code 0 "v3 plain" replay "$tmp/off.replay"
cp "$tmp/out" "$tmp/off.out"
# Avoidance off: they walk through each other, their discs overlapping
# while their centres are less than 0.8 apart: after ticks 16, 17 and 18
# (0.5, 0 and 0.5 apart); both arrive in exactly their straight-line time.
expect_code 1 "v3 --check, avoidance off" replay "$tmp/off.replay" --check
head -n 41 "$tmp/out" | cmp -s - "$tmp/off.out" ||
    fail "v3 --check: the tick lines differ from the run without --check"
expect_line "v3 --check off" "check: 40 ticks, 3 pair overlaps and 0 wall overlaps in 3 ticks, first at tick 16: agents 1 and 2"
expect_line "v3 --check off" "arrived: 2 of 2 agents ordered, within 3x straight-line time: 2 (worst ratio 1.00)"
[ "$(wc -l <"$tmp/out" | tr -d ' ')" = 43 ] || fail "v3 --check off: not 41 lines and two"
# Avoidance on: they pass each other and never overlap, with any thread
# count.
cross on on
expect_code 0 "v3 --check, avoidance on" replay "$tmp/on.replay" --check
expect_line "v3 --check on" "check: 40 ticks, 0 overlaps"
grep -q '^lockstar replay: avoidance: [0-9]* stuck re-plans, [0-9]* moves cut$' "$tmp/err" ||
    fail "v3 --check on: no avoidance summary: $(cat "$tmp/err")"
grep -q '^arrived: 2 of 2 agents ordered, within 3x straight-line time: 2 (worst ratio [12]\.[0-9][0-9])$' \
    "$tmp/out" || fail "v3 --check on: $(tail -1 "$tmp/out")"
cp "$tmp/out" "$tmp/on.out"
for threads in 2 3; do
    expect_code 0 "v3 --check on --threads $threads" replay "$tmp/on.replay" --check --threads $threads
    cmp -s "$tmp/out" "$tmp/on.out" || fail "v3 --check on --threads $threads: output differs"
done
# Switched on by 'at 0 avoidance on': the same run as the setting line;
# switched on at tick 20, when they are 4.5 apart, no overlap either.
cross at off
sed 's/^ticks 40$/at 0 avoidance on\nticks 40/' "$tmp/at.replay" >"$tmp/at0.replay"
expect_code 0 "v3 at 0 avoidance on" replay "$tmp/at0.replay" --check
cmp -s "$tmp/out" "$tmp/on.out" || fail "v3: 'at 0 avoidance on' differs from 'avoidance on'"
sed 's/^ticks 40$/at 10 avoidance on\nticks 40/' "$tmp/at.replay" >"$tmp/at10.replay"
expect_code 0 "v3 at 10 avoidance on" replay "$tmp/at10.replay" --check --trace
expect_line "v3 at 10 avoidance on" "check: 40 ticks, 0 overlaps"
# ... and 'at 0 avoidance off' after 'avoidance on' is the run without.
sed 's/^ticks 40$/at 0 avoidance off\nticks 40/' "$tmp/on.replay" >"$tmp/onoff.replay"
expect_code 1 "v3 at 0 avoidance off" replay "$tmp/onoff.replay" --check
expect_line "v3 at 0 avoidance off" "check: 40 ticks, 3 pair overlaps and 0 wall overlaps in 3 ticks, first at tick 16: agents 1 and 2"

# The arrival line: the last order counts, from where the agent stands
# then; an agent never ordered is not counted; one that cannot reach its
# goal is counted, not arrived. Agent 1 (speed 1) is sent to 12,1 at
# tick 0, then at tick 3 (standing on 4,1) to 4,6: 5 cells, 5 ticks,
# arriving at the end of tick 7 (ratio 1.00). Agent 2 (speed 0.5) goes
# 6 cells down the room's column 1: 12 ticks; agent 3 is never ordered,
# agent 4 is ordered into the wall at 0,0 (unreachable).
printf 'lockstar-replay 2\nmap demo.map\nagent 1 1,1 1\nagent 2 1,2 0.5\nagent 3 9,7 1\nagent 4 3,3 1\nat 0 move 1 12,1\nat 0 move 2 1,8\nat 0 move 4 0,0\nat 3 move 1 4,6\nticks 30\n' \
    >"$tmp/arrive.replay"
expect_code 0 "--check arrivals" replay "$tmp/arrive.replay" --check
expect_line "--check arrivals" "check: 30 ticks, 0 overlaps"
expect_line "--check arrivals" "arrived: 2 of 3 agents ordered, within 3x straight-line time: 2 (worst ratio 1.00)"
# Budget 1: the searches take ticks, so the ratios grow past 1.
expect_code 0 "--check arrivals, budget 1" replay "$tmp/arrive.replay" --check --budget 1
grep -q '^arrived: [0-2] of 3 agents ordered, within 3x straight-line time: [0-2] (worst ratio \([0-9]*\.[0-9][0-9]\|-\))$' \
    "$tmp/out" || fail "--check arrivals --budget 1: $(tail -1 "$tmp/out")"
printf 'lockstar-replay 1\nmap demo.map\nagent 1 1,1 1\nticks 0\n' >"$tmp/none.replay"
expect_code 0 "--check no ticks" replay "$tmp/none.replay" --check
expect_line "--check no ticks" "check: 0 ticks, 0 overlaps"
expect_line "--check no ticks" "arrived: 0 of 0 agents ordered, within 3x straight-line time: 0 (worst ratio -)"
# The version 1 example checks clean (its agents are points).
expect_code 0 "skirmish --check" replay "$skirmish" --check
head -n 201 "$tmp/out" | cmp -s - "$tmp/skirmish.out" ||
    fail "skirmish --check: the tick lines differ"
expect_line "skirmish --check" "check: 200 ticks, 0 overlaps"
grep -q 'avoidance' "$tmp/err" && fail "skirmish --check: an avoidance summary in a version 1 run"

# ------------------------------------------------------- bad scripts
# bad_script NAME TEXT LINE REASON: a script of TEXT (printf format, the
# map beside it) is refused with "FILE:LINE: REASON...", exit 2 ("FILE:
# REASON" when LINE is empty).
bad_script() {
    printf "$2" >"$tmp/bad.replay"
    if [ -n "$3" ]; then
        expect_error 2 "script: $1" "bad.replay:$3: $4" replay "$tmp/bad.replay"
    else
        expect_error 2 "script: $1" "bad.replay: $4" replay "$tmp/bad.replay"
    fi
}
head='lockstar-replay 1\nmap demo.map\n'
bad_script "no header" 'map demo.map\nticks 1\n' 1 \
    "a replay script starts with 'lockstar-replay 1'"
bad_script "version 4" 'lockstar-replay 4\n' 1 \
    "unsupported replay version (this lockstar reads 'lockstar-replay 1', 'lockstar-replay 2' and 'lockstar-replay 3')"
bad_script "group in version 1" "${head}agent 1 2,2 1\nat 0 group 5,5 1\nticks 5\n" 4 \
    "'group' orders need 'lockstar-replay 2'"
head2='lockstar-replay 2\nmap demo.map\n'
bad_script "group without agents" "${head2}agent 1 2,2 1\nat 0 group 5,5\nticks 5\n" 4 \
    "'group' takes a goal and at least one agent"
bad_script "group unknown agent" "${head2}agent 1 2,2 1\nat 0 group 5,5 1 2\nticks 5\n" 4 \
    "no agent with this id is declared before this line: '2'"
bad_script "group bad id" "${head2}agent 1 2,2 1\nat 0 group 5,5 x\nticks 5\n" 4 \
    "bad agent id"
bad_script "group goal outside" "${head2}agent 1 2,2 1\nat 0 group 500,5 1\nticks 5\n" 4 \
    "goal 500,5 is outside the 48x24 map"
bad_script "unknown order v2" "${head2}agent 1 2,2 1\nat 0 fly 5,5 1\nticks 5\n" 4 \
    "unknown order (expected move, group, set or rect): 'fly'"
# Version 3: radius and priority after the speed, avoidance lines.
head3='lockstar-replay 3\nmap demo.map\n'
bad_script "radius in version 1" "${head}agent 1 2,2 1 radius 0.5\nticks 5\n" 3 \
    "'radius' needs 'lockstar-replay 3' (this script says 'lockstar-replay 1')"
bad_script "priority in version 2" "${head2}agent 1 2,2 1 priority 5\nticks 5\n" 3 \
    "'priority' needs 'lockstar-replay 3' (this script says 'lockstar-replay 2')"
bad_script "avoidance in version 2" "${head2}avoidance on\nticks 5\n" 3 \
    "'avoidance' needs 'lockstar-replay 3' (this script says 'lockstar-replay 2')"
bad_script "at avoidance in version 1" "${head}at 0 avoidance on\nticks 5\n" 3 \
    "'avoidance' needs 'lockstar-replay 3' (this script says 'lockstar-replay 1')"
bad_script "v1 agent extra words" "${head}agent 1 2,2 1 x 1\nticks 5\n" 3 \
    "'agent' takes 3 values: agent ID X,Y SPEED"
bad_script "negative radius" "${head3}agent 1 2,2 1 radius -0.5\nticks 5\n" 3 \
    "bad radius (expected a decimal from 0 to 64): '-0.5'"
bad_script "radius past 64" "${head3}agent 1 2,2 1 radius 64.0001\nticks 5\n" 3 \
    "bad radius (expected a decimal from 0 to 64): '64.0001'"
bad_script "radius not a number" "${head3}agent 1 2,2 1 radius big\nticks 5\n" 3 \
    "bad radius (expected a decimal from 0 to 64): 'big'"
bad_script "priority 100" "${head3}agent 1 2,2 1 priority 100\nticks 5\n" 3 \
    "bad priority (expected a whole number from 0 to 99): '100'"
bad_script "negative priority" "${head3}agent 1 2,2 1 priority -1\nticks 5\n" 3 \
    "bad priority (expected a whole number from 0 to 99): '-1'"
bad_script "radius twice" "${head3}agent 1 2,2 1 radius 0.5 radius 0.5\nticks 5\n" 3 \
    "'radius' is given twice on one line"
bad_script "priority twice" "${head3}agent 1 2,2 1 priority 1 radius 0.5 priority 2\nticks 5\n" 3 \
    "'agent' takes 3 values, then 'radius R' and 'priority P' if wanted: agent ID X,Y SPEED [radius R] [priority P]"
bad_script "priority twice in pairs" "${head3}agent 1 2,2 1 priority 1 priority 2\nticks 5\n" 3 \
    "'priority' is given twice on one line"
bad_script "radius without value" "${head3}agent 1 2,2 1 radius\nticks 5\n" 3 \
    "'agent' takes 3 values, then 'radius R' and 'priority P' if wanted"
bad_script "unknown agent setting" "${head3}agent 1 2,2 1 size 2\nticks 5\n" 3 \
    "unknown agent setting (expected radius or priority): 'size'"
bad_script "avoidance maybe" "${head3}avoidance maybe\nticks 5\n" 3 \
    "bad avoidance setting (expected on or off): 'maybe'"
bad_script "avoidance twice" "${head3}avoidance on\navoidance off\nticks 5\n" 4 \
    "a second 'avoidance' line (the first is line 3)"
bad_script "avoidance without value" "${head3}avoidance\nticks 5\n" 3 \
    "'avoidance' takes 1 value: avoidance on|off"
bad_script "at avoidance without value" "${head3}at 0 avoidance\nticks 5\n" 3 \
    "'at' takes 3 values: at T avoidance on|off"
bad_script "at avoidance maybe" "${head3}at 0 avoidance 1\nticks 5\n" 3 \
    "bad avoidance setting (expected on or off): '1'"
bad_script "at avoidance out of order" "${head3}at 4 avoidance on\nat 2 avoidance off\nticks 5\n" 4 \
    "tick 2 comes after tick 4 (line 3): 'at' lines must be in tick order"
bad_script "at avoidance not run" "${head3}at 5 avoidance on\nticks 5\n" 3 \
    "tick 5 is not run (ticks 5 runs ticks 0 to 4"
bad_script "unknown order v3" "${head3}at 0 fly 5,5\nticks 5\n" 3 \
    "unknown order (expected move, group, set, rect or avoidance): 'fly'"
# The library's limit: a radius whose clearance class passes 16 at the
# script's cell size (at cell 1, 15.5 fits and 15.6 does not).
bad_script "radius too large for the cell" "${head3}agent 1 2,2 1 radius 15.6\nticks 5\n" 3 \
    "the radius is too large for the cell size: its clearance class would be above 16 (LS_ERR_BAD_RADIUS)"
bad_script "unknown command" "${head}agnet 1 2,2 1\nticks 5\n" 3 \
    "unknown command: 'agnet'"
bad_script "two maps" "${head}map demo.map\nticks 5\n" 3 \
    "a second 'map' line (the first is line 2)"
bad_script "agent words" "${head}agent 1 2,2\nticks 5\n" 3 \
    "'agent' takes 3 values: agent ID X,Y SPEED"
bad_script "duplicate agent" "${head}agent 7 2,2 1\nagent 7 3,3 1\nticks 5\n" 4 \
    "agent 7 is declared twice (first at line 3)"
bad_script "bad id" "${head}agent x 2,2 1\nticks 5\n" 3 "bad agent id"
bad_script "id past int64" "${head}agent 9223372036854775808 2,2 1\nticks 5\n" 3 \
    "bad agent id"
bad_script "zero speed" "${head}agent 1 2,2 0\nticks 5\n" 3 "bad speed"
bad_script "bad speed" "${head}agent 1 2,2 fast\nticks 5\n" 3 "bad speed"
bad_script "negative cell" "${head}agent 1 -2,2 1\nticks 5\n" 3 "bad cell"
bad_script "start outside" "${head}agent 1 48,2 1\nticks 5\n" 3 \
    "agent starts at 48,2, outside the 48x24 map"
bad_script "blocked start" "${head}agent 1 0,0 1\nticks 5\n" 3 \
    "agent starts on a blocked cell 0,0"
bad_script "unknown agent" "${head}at 0 move 3 5,5\nagent 3 2,2 1\nticks 5\n" 3 \
    "no agent with this id is declared before this line: '3'"
bad_script "goal outside" "${head}agent 1 2,2 1\nat 0 move 1 5,24\nticks 5\n" 4 \
    "goal 5,24 is outside the 48x24 map"
bad_script "ticks out of order" "${head}at 5 set 3,3 0\nat 4 set 3,3 1\nticks 9\n" 4 \
    "tick 4 comes after tick 5 (line 3)"
bad_script "tick not run" "${head}at 5 set 3,3 0\nticks 5\n" 3 \
    "tick 5 is not run (ticks 5 runs ticks 0 to 4"
bad_script "huge ticks" "${head}ticks 10000001\n" 3 "bad tick count"
bad_script "no ticks" "${head}" "" "no 'ticks N' line"
bad_script "no map" 'lockstar-replay 1\nticks 5\n' "" "no 'map FILE' line"
bad_script "empty" '# nothing\n' "" "empty script"
bad_script "rect outside" "${head}at 0 rect 46,2 3,1 0\nticks 5\n" 3 \
    "rectangle at 46,2 (with its size) is outside the 48x24 map"
bad_script "rect size 0" "${head}at 0 rect 4,2 0,1 0\nticks 5\n" 3 \
    "bad rectangle size"
bad_script "bad cost" "${head}at 0 set 4,2 256\nticks 5\n" 3 "bad cost"
bad_script "bad order" "${head}at 0 build 4,2\nticks 5\n" 3 \
    "unknown order (expected move, set or rect): 'build'"
bad_script "option not allowed" "${head}options --budget 5\nticks 5\n" 3 \
    "not a query option of a replay"
bad_script "bad option value" "${head}options --connect 6\nticks 5\n" 3 \
    "bad value '6' for --connect"
bad_script "option without value" "${head}options --weight\nticks 5\n" 3 \
    "option --weight needs a value"
bad_script "option jps+" "${head}options --algo jps+\nticks 5\n" 3 \
    "--algo jps+, --algo hpa and --heuristic landmarks are not served by replays"
bad_script "option landmarks" "${head}options --heuristic landmarks\nticks 5\n" 3 \
    "--algo jps+, --algo hpa and --heuristic landmarks are not served by replays"
bad_script "bad cell size" "${head}cell 0\nticks 5\n" 3 "bad cell size"
bad_script "two budgets" "${head}budget 5\nbudget 6\nticks 5\n" 4 \
    "a second 'budget' line (the first is line 3)"
bad_script "bad swamp cost" "${head}swamp-cost 0\nticks 5\n" 3 "bad swamp cost"
bad_script "control byte" "${head}ticks\0015\n" 3 "a control byte in the line"
printf 'lockstar-replay 1\nmap nowhere.map\nticks 5\n' >"$tmp/bad.replay"
expect_error 2 "script: missing map file" "nowhere.map: cannot open" \
    replay "$tmp/bad.replay"
grep -q "bad.replay:2: " "$tmp/err" || fail "missing map file: no line: $(cat "$tmp/err")"
# Comments anywhere and CRLF line ends are fine.
printf 'lockstar-replay 1\r\n# a comment\r\nmap demo.map   # the map\r\n\r\nagent 1 2,2 1 # unit\r\nat 0 move 1 5,5\r\nticks 3\r\n' \
    >"$tmp/ok.replay"
expect_code 0 "comments and CRLF" replay "$tmp/ok.replay"

# ------------------------------------------------------- bad arguments
expect_error 2 "replay no script" "no SCRIPT given" replay
expect_error 2 "replay two scripts" "expected one SCRIPT" replay "$skirmish" "$skirmish"
expect_error 2 "replay unknown option" "unknown option '--fast'" replay "$skirmish" --fast
expect_error 2 "replay bad threads" "bad value '0' for --threads" \
    replay "$skirmish" --threads 0
expect_error 2 "replay bad budget" "bad value '-1' for --budget" \
    replay "$skirmish" --budget -1
expect_error 2 "replay record and verify" "cannot be combined" \
    replay "$skirmish" --record "$tmp/x" --verify "$tmp/y"
expect_error 2 "replay check and verify" "--check and --verify cannot be combined" \
    replay "$skirmish" --check --verify "$tmp/y"
expect_error 2 "replay missing trail" "cannot open" \
    replay "$skirmish" --verify "$tmp/none.trail"
printf 'tick 0 0123\n' >"$tmp/badtrail"
expect_error 2 "replay bad trail" "badtrail:1: a digest is 16 lowercase hex digits" \
    replay "$skirmish" --verify "$tmp/badtrail"
printf 'tick 1 0123456789abcdef\n' >"$tmp/badtrail"
expect_error 2 "replay trail from 1" "ticks must count up from 0" \
    replay "$skirmish" --verify "$tmp/badtrail"
expect_error 2 "replay record unwritable" "cannot write" \
    replay "$skirmish" --record "$tmp/no/such/dir/t"

cli_summary replay.sh
