#!/bin/sh
# SPDX-License-Identifier: MIT
# cli.sh - the lockstar program end to end (`make check`).
#
# Pins what users and scripts rely on: exit status 0/1/2; every error is
# exactly one line "lockstar: ..." on stderr with nothing on stdout; the
# `path` report and the `scen` line format; --budget never changes a byte
# of output; a scen query the library refuses is an "error NAME" line and
# the run goes on. When the shared Moving AI maps are around ($LS_MAPS_DIR,
# else ../shared/maps beside the source tree) the scen costs are also
# compared with their .expected files; without them those checks are
# skipped with a message.
#
# Exit 0 = pass, 1 = fail.
set -u
# shellcheck source=cli_lib.sh
. "${top_srcdir:-.}/tests/cli_lib.sh"

# check_scen_lines NAME SCEN CONNECT: every line of $tmp/out has the scen
# format, the queries of SCEN in order, a path from start to goal made of
# legal single steps whose 10/14 cost equals the cost column.
check_scen_lines() {
    awk -v name="$1" -v connect="$3" '
    NR == FNR {
        if (FNR > 1 && NF > 0) { n++; want[n] = $5 " " $6 " " $7 " " $8 }
        next
    }
    {
        m++
        bad = ""
        if ($0 !~ /^[0-9]+ [0-9]+ [0-9]+ [0-9]+ (-1|[0-9]+) [0-9]+ [0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]( [0-9]+,[0-9]+)*$/)
            bad = "bad format"
        else if ($1 " " $2 " " $3 " " $4 != want[m])
            bad = "query " $1 " " $2 " " $3 " " $4 ", expected " want[m]
        else if ($5 == -1 && NF != 7)
            bad = "points after cost -1"
        else if ($5 != -1) {
            if ($8 != $1 "," $2 || $NF != $3 "," $4)
                bad = "path does not run from start to goal"
            cost = 0
            split($8, p, ",")
            for (i = 9; i <= NF && bad == ""; i++) {
                split($i, q, ",")
                dx = q[1] - p[1]; dy = q[2] - p[2]
                if (dx < 0) dx = -dx
                if (dy < 0) dy = -dy
                if (dx > 1 || dy > 1 || dx + dy == 0)
                    bad = "illegal step " $(i - 1) " -> " $i
                else if (dx + dy == 2 && connect == 4)
                    bad = "diagonal step with --connect 4"
                cost += (dx + dy == 2) ? 14 : 10
                p[1] = q[1]; p[2] = q[2]
            }
            if (bad == "" && cost != $5)
                bad = "steps cost " cost ", cost column says " $5
        }
        if (bad != "") {
            printf "FAIL: %s: output line %d: %s\n", name, m, bad
            errors++
        }
    }
    END {
        if (m != n) {
            printf "FAIL: %s: %d output lines for %d queries\n", name, m, n
            errors++
        }
        exit errors > 0
    }' "$2" "$tmp/out" || failures=$((failures + 1))
}

# ------------------------------------------------------------ basics
expect_code 0 "--help" --help
grep '^usage: lockstar path' "$tmp/out" >/dev/null || fail "--help: no usage"
[ -s "$tmp/err" ] && fail "--help: wrote to stderr"
expect_code 0 "help" help
grep '^usage:' "$tmp/out" >/dev/null || fail "help: no usage"
expect_code 0 "path --help" path --help
expect_code 0 "--version" --version
grep '^lockstar 0\.' "$tmp/out" >/dev/null || fail "--version: $(cat "$tmp/out")"

expect_error 2 "no command" "no command"
expect_error 2 "unknown command" "unknown command 'frobnicate'" frobnicate
expect_error 2 "unknown top option" "unknown option '--frob'" --frob
expect_error 2 "unknown path option" "unknown option '--frob'" \
    path "$demo" --from 1,1 --to 2,2 --frob
expect_error 2 "unknown scen option" "unknown option '--draw'" \
    scen "$demo" "$demo_scen" --draw
expect_error 2 "newline in argument stays one line" "unknown command" \
    "$(printf 'a\nb')"

# -------------------------------------------------------------- path
expect_code 0 "path demo" path "$demo" --from 1,1 --to 40,5
expect_line "path demo" "status: path found"
expect_line "path demo" "cost: 442"
grep -E '^expansions: [0-9]+$' "$tmp/out" >/dev/null || fail "path: expansions"
grep -E '^digest: [0-9a-f]{16}$' "$tmp/out" >/dev/null || fail "path: digest"
grep -E '^path: 1,1( [0-9]+,[0-9]+)* 40,5$' "$tmp/out" >/dev/null ||
    fail "path demo: path line"
len=$(sed -n 's/^length: //p' "$tmp/out")
pts=$(sed -n 's/^path: //p' "$tmp/out" | wc -w | tr -d ' ')
[ "$len" = "$pts" ] || fail "path demo: length $len but $pts points"
[ -s "$tmp/err" ] && fail "path demo: wrote to stderr: $(cat "$tmp/err")"
# Same digest as the scen line of the same query.
digest=$(sed -n 's/^digest: //p' "$tmp/out")
cp "$tmp/out" "$tmp/path-demo"

expect_code 0 "path --opt=V" path "$demo" --from=1,1 --to=40,5 --connect=8 \
    --corners=none --heuristic=octile --weight=1 --tie=high-g \
    --straight=10 --diagonal=14 --max-expansions=0 --budget=0
cmp -s "$tmp/out" "$tmp/path-demo" || fail "--opt=V spelled options differ"

expect_code 0 "path --draw" path "$demo" --from 1,1 --to 40,5 --draw
rows=$(grep -c -E '^[.#~*SG]{48}$' "$tmp/out")
[ "$rows" = 24 ] || fail "path --draw: $rows map rows of 48, expected 24"
grep '^legend: ' "$tmp/out" >/dev/null || fail "path --draw: no legend"
# Row y=1 (the report has 6 lines, then row 0) has S at x=1; row 5 G at 40.
row1=$(grep -E '^[.#~*SG]{48}$' "$tmp/out" | sed -n 2p)
row5=$(grep -E '^[.#~*SG]{48}$' "$tmp/out" | sed -n 6p)
[ "$(printf '%s' "$row1" | cut -c2)" = S ] || fail "path --draw: no S at 1,1"
[ "$(printf '%s' "$row5" | cut -c41)" = G ] || fail "path --draw: no G at 40,5"
grep '~' "$tmp/out" >/dev/null || fail "path --draw: demo swamp not drawn"

expect_code 1 "path no path" path "$data/small.map" --from 0,0 --to 4,4
expect_line "path no path" "status: no path"
expect_line "path no path" "cost: -1"
expect_line "path no path" "path: none"
expect_line "path no path" "digest: cbf29ce484222325"

expect_code 1 "path expansion limit" path "$demo" --from 1,1 --to 40,5 \
    --max-expansions 5
expect_line "path expansion limit" "status: expansion limit reached"
expect_line "path expansion limit" "cost: -1"
expect_line "path expansion limit" "expansions: 5"
expect_line "path expansion limit" "path: none"
grep -E '^partial path \(NOT a solution[^)]*\): 1,1( [0-9]+,[0-9]+)*$' \
    "$tmp/out" >/dev/null || fail "path expansion limit: partial path line"

expect_code 0 "path start = goal" path "$demo" --from 3,3 --to 3,3
expect_line "path start = goal" "cost: 0"
expect_line "path start = goal" "path: 3,3"

expect_code 0 "path 4-connected" path "$demo" --from 1,1 --to 40,5 --connect 4
expect_line "path 4-connected" "cost: 490"

# CRLF files are accepted.
awk '{ printf "%s\r\n", $0 }' "$data/small.map" >"$tmp/crlf.map"
awk '{ printf "%s\r\n", $0 }' "$data/small.scen" >"$tmp/crlf.scen"
expect_code 0 "path CRLF map" path "$tmp/crlf.map" --from 0,0 --to 9,5
expect_line "path CRLF map" "cost: 134"

# ------------------------------------------------------- path errors
expect_error 2 "path no map" "no MAP file" path --from 1,1 --to 2,2
expect_error 2 "path two maps" "unexpected argument" \
    path "$demo" "$demo" --from 1,1 --to 2,2
expect_error 2 "path no --from" "--from X,Y is required" path "$demo" --to 2,2
expect_error 2 "path no --to" "--to X,Y is required" path "$demo" --from 2,2
expect_error 2 "path --to without value" "option --to needs a value" \
    path "$demo" --from 2,2 --to
expect_error 2 "path bad --from" "bad value '1;1' for --from" \
    path "$demo" --from '1;1' --to 2,2
expect_error 2 "path negative --from" "bad value '-1,1' for --from" \
    path "$demo" --from=-1,1 --to 2,2
expect_error 2 "path --from outside" "--from 48,1 is outside the 48x24 map" \
    path "$demo" --from 48,1 --to 2,2
expect_error 2 "path --to outside" "--to 1,24 is outside" \
    path "$demo" --from 1,1 --to 1,24
expect_error 2 "path blocked start" "--from 0,0 is a blocked cell" \
    path "$demo" --from 0,0 --to 2,2
expect_error 2 "path blocked goal" "--to 14,1 is a blocked cell" \
    path "$demo" --from 1,1 --to 14,1
expect_error 2 "path --draw=1" "--draw takes no value" \
    path "$demo" --from 1,1 --to 2,2 --draw=1
expect_error 2 "--connect 6" "bad value '6' for --connect" \
    path "$demo" --from 1,1 --to 2,2 --connect 6
expect_error 2 "--corners" "bad value 'some' for --corners" \
    path "$demo" --from 1,1 --to 2,2 --corners some
expect_error 2 "--heuristic" "bad value 'euclidean' for --heuristic" \
    path "$demo" --from 1,1 --to 2,2 --heuristic euclidean
expect_error 2 "--tie" "bad value 'middle' for --tie" \
    path "$demo" --from 1,1 --to 2,2 --tie middle
expect_error 2 "--weight 0.5" "bad value '0.5' for --weight" \
    path "$demo" --from 1,1 --to 2,2 --weight 0.5
expect_error 2 "--weight 1,5" "bad value '1,5' for --weight" \
    path "$demo" --from 1,1 --to 2,2 --weight 1,5
expect_error 2 "--budget x" "bad value 'x' for --budget" \
    path "$demo" --from 1,1 --to 2,2 --budget x
expect_error 2 "--budget 2^32" "bad value '4294967296' for --budget" \
    path "$demo" --from 1,1 --to 2,2 --budget 4294967296
expect_error 2 "--max-expansions -1" "bad value '-1' for --max-expansions" \
    path "$demo" --from 1,1 --to 2,2 --max-expansions -1
expect_error 2 "--straight 0" "bad value '0' for --straight" \
    path "$demo" --from 1,1 --to 2,2 --straight 0
expect_error 2 "step costs" "straight <= diagonal <= 2 * straight" \
    path "$demo" --from 1,1 --to 2,2 --straight 10 --diagonal 30
expect_error 2 "missing map file" "$tmp/none.map: cannot open" \
    path "$tmp/none.map" --from 1,1 --to 2,2
expect_error 2 "map is a directory" "$tmp: is a directory" \
    path "$tmp" --from 1,1 --to 2,2
: >"$tmp/empty.map"
expect_error 2 "empty map" "$tmp/empty.map:1: empty file" \
    path "$tmp/empty.map" --from 1,1 --to 2,2
expect_error 2 "bad header" "bad-header.map:1: map type 'tile'" \
    path "$data/bad-header.map" --from 1,1 --to 2,2
expect_error 2 "bad character" "bad-char.map:6: bad character 'x'" \
    path "$data/bad-char.map" --from 1,1 --to 2,2
expect_error 2 "short row" "short-row.map:7: row 2 is too short" \
    path "$data/short-row.map" --from 1,1 --to 2,2
expect_error 2 "too few rows" "too-few-rows.map:9: file ends after 4 of 6" \
    path "$data/too-few-rows.map" --from 1,1 --to 2,2

# -------------------------------------------------------------- scen
expect_code 0 "scen demo" scen "$demo" "$demo_scen"
check_scen_lines "scen demo" "$demo_scen" 8
cp "$tmp/out" "$tmp/scen-demo"
grep -F -e "1 1 40 5 442 " "$tmp/out" | grep -F -e " $digest " >/dev/null ||
    fail "scen demo: cost or digest differ from 'path' for 1,1 -> 40,5"
lines=$(wc -l <"$tmp/err" | tr -d ' ')
[ "$lines" = 1 ] || fail "scen demo: summary is $lines lines on stderr"
grep -E '10 queries, 10 solved, 0 refused, [0-9]+ expansions, [0-9]+\.[0-9]{3} s' \
    "$tmp/err" >/dev/null || fail "scen demo: summary: $(cat "$tmp/err")"

expect_code 0 "scen demo 4-connected" scen "$demo" "$demo_scen" --connect 4
check_scen_lines "scen demo 4-connected" "$demo_scen" 4

expect_code 0 "scen small" scen "$data/small.map" "$data/small.scen"
check_scen_lines "scen small" "$data/small.scen" 8
expect_line "scen small" "4 4 0 0 -1 1 cbf29ce484222325"
expect_line "scen small" "0 0 0 0 0 0 a8c7f832281a39c5 0,0"
cp "$tmp/out" "$tmp/scen-small"
expect_code 0 "scen CRLF" scen "$tmp/crlf.map" "$tmp/crlf.scen"
cmp -s "$tmp/out" "$tmp/scen-small" || fail "scen CRLF: output differs"

expect_code 0 "scen expansion limit" scen "$demo" "$demo_scen" \
    --max-expansions 5
check_scen_lines "scen expansion limit" "$demo_scen" 8
awk '$5 == -1 && $6 != 5 { bad = 1 } END { exit bad }' "$tmp/out" ||
    fail "scen expansion limit: a failed query did not stop at 5"
grep -E '^1 1 40 5 -1 5 cbf29ce484222325$' "$tmp/out" >/dev/null ||
    fail "scen expansion limit: 1,1 -> 40,5 not reported as cost -1"

# ------------------------------------------------------- scen errors
expect_error 2 "scen no files" "no MAP and SCEN" scen
expect_error 2 "scen no scen" "no SCEN file" scen "$demo"
expect_error 2 "scen extra file" "unexpected argument" \
    scen "$demo" "$demo_scen" "$demo_scen"
expect_error 2 "scen missing file" "$tmp/none.scen: cannot open" \
    scen "$demo" "$tmp/none.scen"
expect_error 2 "scen map mismatch" "demo.scen:2: scenario is for a 48x24 map, but the map is 10x6" \
    scen "$data/small.map" "$demo_scen"
expect_error 2 "scen size differs" "wrong-size.scen:3: scenario is for a 12x6" \
    scen "$data/small.map" "$data/wrong-size.scen"
# A query the library refuses (here a blocked start, then a blocked goal,
# among good queries) is one "sx sy gx gy error NAME" line; the run goes on,
# the summary counts it, and the exit status is 2.
expect_code 2 "scen refused" scen "$data/small.map" "$data/refused.scen"
cat >"$tmp/refused.want" <<'END'
0 0 9 5 134 18 fe85eff0cf1ef3d5 0,0 1,0 2,0 3,0 4,0 5,0 6,0 7,0 8,0 8,1 8,2 8,3 8,4 9,5
1 1 0 0 error LS_ERR_START_BLOCKED
2 2 6 2 40 4 73e4f5a2b65b90a1 2,2 3,2 4,2 5,2 6,2
0 0 9 3 error LS_ERR_GOAL_BLOCKED
4 4 0 0 -1 1 cbf29ce484222325
END
cmp -s "$tmp/out" "$tmp/refused.want" ||
    fail "scen refused: stdout differs: $(head -c 300 "$tmp/out")"
lines=$(wc -l <"$tmp/err" | tr -d ' ')
[ "$lines" = 1 ] || fail "scen refused: summary is $lines lines on stderr"
grep -E '^lockstar scen: 5 queries, 2 solved, 2 refused, 23 expansions, [0-9]+\.[0-9]{3} s$' \
    "$tmp/err" >/dev/null || fail "scen refused: summary: $(cat "$tmp/err")"
cp "$tmp/out" "$tmp/refused.out"
expect_code 2 "scen refused --budget 3" scen "$data/small.map" \
    "$data/refused.scen" --budget 3
cmp -s "$tmp/out" "$tmp/refused.out" || fail "scen refused: --budget 3 differs"
expect_code 2 "scen blocked start" scen "$data/small.map" "$data/blocked.scen"
expect_line "scen blocked start" "1 1 0 0 error LS_ERR_START_BLOCKED"
# Water ('W', old Warcraft III maps) is blocked: a query starting on it is
# refused like any blocked start.
printf 'type octile\nheight 1\nwidth 4\nmap\n.WW.\n' >"$tmp/water.map"
printf 'version 1\n0\tw\t4\t1\t1\t0\t3\t0\t2\n0\tw\t4\t1\t0\t0\t0\t0\t0\n' \
    >"$tmp/water.scen"
expect_code 2 "scen water" scen "$tmp/water.map" "$tmp/water.scen"
expect_line "scen water" "1 0 3 0 error LS_ERR_START_BLOCKED"
expect_line "scen water" "0 0 0 0 0 0 a8c7f832281a39c5 0,0"
# A fault of the file itself stops the run before any line, even when it
# comes after good and refused queries.
{ cat "$data/refused.scen"; printf '0\tsmall.map\t10\t6\t0\t0\t9\tx\t1\n'; } \
    >"$tmp/late-fault.scen"
expect_error 2 "scen late bad row" "late-fault.scen:7: bad goal y 'x'" \
    scen "$data/small.map" "$tmp/late-fault.scen"
# Options the library refuses for this map refuse every query alike: one
# error line each, the summary counts them, exit status 2.
expect_code 2 "scen refused options" scen "$data/small.map" \
    "$data/refused.scen" --algo jps --swamp-cost 2
cat >"$tmp/refused-options.want" <<'END'
0 0 9 5 error LS_ERR_NOT_UNIFORM
1 1 0 0 error LS_ERR_NOT_UNIFORM
2 2 6 2 error LS_ERR_NOT_UNIFORM
0 0 9 3 error LS_ERR_NOT_UNIFORM
4 4 0 0 error LS_ERR_NOT_UNIFORM
END
cmp -s "$tmp/out" "$tmp/refused-options.want" ||
    fail "scen refused options: stdout differs: $(head -c 300 "$tmp/out")"
grep -E '^lockstar scen: 5 queries, 0 solved, 5 refused, 0 expansions, ' \
    "$tmp/err" >/dev/null || fail "scen refused options: summary: $(cat "$tmp/err")"
# So is a query whose cost would overflow; the next query still runs.
{ printf 'type octile\nheight 1\nwidth 16384\nmap\n'
  awk 'BEGIN { while (n++ < 16384) printf "."; print "" }'; } >"$tmp/long.map"
printf 'version 1\n0\tl\t16384\t1\t0\t0\t16383\t0\t1\n0\tl\t16384\t1\t0\t0\t3\t0\t3\n' \
    >"$tmp/long.scen"
expect_code 2 "scen cost overflow" scen "$tmp/long.map" "$tmp/long.scen" \
    --straight 65535 --diagonal 65535 --weight 3
expect_line "scen cost overflow" "0 0 16383 0 error LS_ERR_COST_OVERFLOW"
expect_line "scen cost overflow" "0 0 3 0 196605 3 64dbcbc3ab5bf1a5 0,0 1,0 2,0 3,0"
expect_error 2 "scen outside" "outside.scen:2: goal 10,5 is outside the 10x6 map" \
    scen "$data/small.map" "$data/outside.scen"
expect_error 2 "scen version" "bad-version.scen:1: scenario version '2'" \
    scen "$data/small.map" "$data/bad-version.scen"
expect_error 2 "scen bad number" "bad-number.scen:3: bad start y '1x'" \
    scen "$data/small.map" "$data/bad-number.scen"
: >"$tmp/empty.scen"
expect_error 2 "scen empty" "empty.scen:1: empty file" \
    scen "$demo" "$tmp/empty.scen"
expect_error 2 "scen bad map" "bad-char.map:6: bad character" \
    scen "$data/bad-char.map" "$data/small.scen"
expect_error 2 "scen bad option" "bad value '9' for --connect" \
    scen "$demo" "$demo_scen" --connect 9

# ----------------------------------------------- budget changes nothing
budget_check() {
    name=$1
    shift
    expect_code "$want_code" "$name" "$@"
    cp "$tmp/out" "$tmp/budget-ref"
    for b in 1 7; do
        expect_code "$want_code" "$name --budget $b" "$@" --budget "$b"
        cmp -s "$tmp/out" "$tmp/budget-ref" ||
            fail "$name: --budget $b changed stdout"
    done
}
want_code=0
budget_check "budget scen demo" scen "$demo" "$demo_scen"
budget_check "budget scen demo 4" scen "$demo" "$demo_scen" --connect 4 \
    --tie low-g
budget_check "budget scen demo weighted" scen "$demo" "$demo_scen" \
    --weight 2.5 --heuristic manhattan --corners all
budget_check "budget scen limit" scen "$demo" "$demo_scen" \
    --max-expansions 40
budget_check "budget scen small" scen "$data/small.map" "$data/small.scen"
budget_check "budget path draw" path "$demo" --from 1,1 --to 40,5 --draw
want_code=1
budget_check "budget path limit" path "$demo" --from 1,1 --to 40,5 \
    --max-expansions 30 --draw
budget_check "budget path no path" path "$data/small.map" --from 0,0 \
    --to 4,4

# --------------------------------------------- --algo and --swamp-cost
# JPS finds the same costs as A* with fewer expansions; it refuses terrain.
expect_code 0 "scen astar" scen "$demo" "$demo_scen"
cut -d' ' -f1-5 "$tmp/out" >"$tmp/astar-costs"
awk '{ n += $6 } END { print n }' "$tmp/out" >"$tmp/astar-exp"
expect_code 0 "scen jps" scen "$demo" "$demo_scen" --algo jps
cut -d' ' -f1-5 "$tmp/out" >"$tmp/jps-costs"
awk '{ n += $6 } END { print n }' "$tmp/out" >"$tmp/jps-exp"
cmp -s "$tmp/astar-costs" "$tmp/jps-costs" ||
    fail "scen --algo jps: costs differ from A*"
[ "$(cat "$tmp/jps-exp")" -lt "$(cat "$tmp/astar-exp")" ] ||
    fail "scen --algo jps: $(cat "$tmp/jps-exp") expansions, A* $(cat "$tmp/astar-exp")"
expect_error 2 "jps terrain" "JPS needs every passable cell to cost 1" \
    path "$demo" --from 1,1 --to 46,21 --algo jps --swamp-cost 2
expect_error 2 "jps 4-connected" "JPS needs 8-connectivity" \
    path "$demo" --from 1,1 --to 46,21 --algo jps --connect 4
expect_error 2 "bad algo" "bad value 'dfs' for --algo" \
    path "$demo" --from 1,1 --to 46,21 --algo dfs
# The preprocessed modes (issue 23): JPS+ and landmarks find A*'s costs
# (the tables are built on the loaded map); HPA finds a legal path.
expect_code 0 "scen jps+" scen "$demo" "$demo_scen" --algo jps+
cut -d' ' -f1-5 "$tmp/out" >"$tmp/jpsplus-costs"
cmp -s "$tmp/astar-costs" "$tmp/jpsplus-costs" ||
    fail "scen --algo jps+: costs differ from A*"
expect_code 0 "scen landmarks" scen "$demo" "$demo_scen" \
    --heuristic landmarks --landmarks 4
cut -d' ' -f1-5 "$tmp/out" >"$tmp/lm-costs"
cmp -s "$tmp/astar-costs" "$tmp/lm-costs" ||
    fail "scen --heuristic landmarks: costs differ from octile A*"
expect_code 0 "batch landmarks" batch "$demo" "$demo_scen" \
    --heuristic landmarks --threads 2
cut -d' ' -f1-5 "$tmp/out" >"$tmp/lm-costs"
cmp -s "$tmp/astar-costs" "$tmp/lm-costs" ||
    fail "batch --heuristic landmarks: costs differ from octile A*"
expect_code 0 "queue jps+" queue "$demo" "$demo_scen" --algo jps+ \
    --tick-budget 50
expect_code 0 "path jps+" path "$demo" --from 1,1 --to 40,5 --algo jps+
expect_line "path jps+" "cost: 442"
expect_code 0 "path hpa" path "$demo" --from 1,1 --to 40,5 --algo hpa \
    --cluster 8
expect_line "path hpa" "status: path found"
expect_error 2 "hpa corners" "cannot build the tables the options need" \
    path "$demo" --from 1,1 --to 40,5 --algo hpa --corners all
expect_error 2 "bad cluster" "bad value '9' for --cluster" \
    path "$demo" --from 1,1 --to 40,5 --algo hpa --cluster 9
expect_error 2 "bad landmarks" "bad value '17' for --landmarks" \
    scen "$demo" "$demo_scen" --heuristic landmarks --landmarks 17
# prep: one line per table, all three when none is named.
expect_code 0 "prep" prep "$demo"
[ "$(wc -l <"$tmp/out" | tr -d ' ')" = 3 ] || fail "prep: not three lines"
grep -q '^jumps: [0-9]* bytes, [0-9]*\.[0-9][0-9] bytes/cell, [0-9]* us$' \
    "$tmp/out" || fail "prep: no jumps line"
grep -q '^landmarks 8: ' "$tmp/out" || fail "prep: no landmarks line"
grep -q '^hierarchy 16: ' "$tmp/out" || fail "prep: no hierarchy line"
expect_code 0 "prep some" prep "$demo" --landmarks 3 --hierarchy 8
[ "$(wc -l <"$tmp/out" | tr -d ' ')" = 2 ] || fail "prep some: not two lines"
expect_line "prep some" "$(grep '^landmarks 3: ' "$tmp/out")"
expect_error 2 "prep bad hierarchy" "bad value '7' for --hierarchy" \
    prep "$demo" --hierarchy 7
expect_error 2 "prep bad landmarks" "bad value '0' for --landmarks" \
    prep "$demo" --landmarks 0
expect_error 2 "bad swamp cost" "--swamp-cost" \
    path "$demo" --from 1,1 --to 46,21 --swamp-cost 256
# ------------------------------------------------------------ --clearance
# 0 and 1 are the unsized query; in the demo's top-left room (walls at
# x = 0 and 14, y = 0 and 9) (3,3) and (11,6) have clearance 3, so sizes
# 2 and 3 find a path there and 4 is blocked at the start; the room's
# doors are 2 wide, so size 2 gets no further; 17 is refused, and so are
# JPS and a compact grid with a size.
expect_code 0 "clearance none" path "$demo" --from 1,1 --to 46,21 --smooth
cp "$tmp/out" "$tmp/k-none"
for k in 0 1; do
    expect_code 0 "clearance $k" path "$demo" --from 1,1 --to 46,21 \
        --clearance $k --smooth
    cmp -s "$tmp/out" "$tmp/k-none" || fail "--clearance $k differs from none"
done
for k in 2 3; do
    expect_code 0 "clearance $k in a room" path "$demo" --from 3,3 --to 11,6 \
        --clearance $k --smooth
    expect_line "clearance $k in a room" "status: path found"
done
expect_error 2 "clearance 4 in a room" "start cell is blocked" \
    path "$demo" --from 3,3 --to 11,6 --clearance 4
expect_code 1 "clearance 2 through a door" path "$demo" --from 3,3 \
    --to 45,20 --clearance 2
expect_line "clearance 2 through a door" "status: no path"
expect_error 2 "clearance 17" "bad value '17' for --clearance" \
    path "$demo" --from 3,3 --to 11,6 --clearance 17
expect_error 2 "clearance jps" "or with JPS" \
    path "$demo" --from 3,3 --to 11,6 --clearance 2 --algo jps
expect_error 2 "clearance compact grid" "on a compact grid" \
    path "$demo" --from 3,3 --to 11,6 --clearance 2 --grid compact
# The scenario with size 2: 6 of its 10 starts or goals are blocked for
# it (exit 2, as for any refused query); batch and queue print the same.
expect_code 2 "clearance scen" scen "$demo" "$demo_scen" --clearance 2
cp "$tmp/out" "$tmp/k2-scen"
grep -c "error LS_ERR_START_BLOCKED\|error LS_ERR_GOAL_BLOCKED" \
    "$tmp/k2-scen" | grep -qx 6 || fail "clearance scen: not 6 refused"
expect_code 2 "clearance batch" batch "$demo" "$demo_scen" --clearance 2 \
    --threads 2
cmp -s "$tmp/out" "$tmp/k2-scen" || fail "clearance batch: differs from scen"
expect_code 2 "clearance queue" queue "$demo" "$demo_scen" --clearance 2 \
    --tick-budget 9
cut -d' ' -f2- "$tmp/out" | cmp -s - "$tmp/k2-scen" ||
    fail "clearance queue: lines differ from scen"
# --------------------------------------------------------- --context
# A compact context prints byte for byte what a full one prints, for A*
# and JPS, sliced or not; it refuses a weighted query, naming the reason.
for algo in astar jps; do
    expect_code 0 "scen $algo full" scen "$demo" "$demo_scen" --algo $algo
    cp "$tmp/out" "$tmp/full-$algo"
    expect_code 0 "scen $algo compact" scen "$demo" "$demo_scen" --algo $algo \
        --context compact --budget 7
    cmp -s "$tmp/out" "$tmp/full-$algo" ||
        fail "scen --algo $algo --context compact: output differs from full"
done
expect_code 0 "path compact" path "$demo" --from 1,1 --to 40,5 \
    --context compact --swamp-cost 3
expect_line "path compact" "status: path found"
expect_error 2 "compact weighted" "needs a full search context" \
    path "$demo" --from 1,1 --to 40,5 --context compact --weight 2
expect_error 2 "bad context" "bad value 'tiny' for --context" \
    path "$demo" --from 1,1 --to 40,5 --context tiny
# ------------------------------------------------------------ digest
# The map digest (ls_grid_digest) of the demo map, pinned: recomputed from
# its definition in lockstar.h by a Python script over the map's text, not
# by the library. Swamp at cost 4 is another map, so another digest.
expect_code 0 "digest demo" digest "$demo"
[ "$(cat "$tmp/out")" = 51dbb6cbe925f8bb ] ||
    fail "digest demo: got '$(cat "$tmp/out")', expected 51dbb6cbe925f8bb"
[ ! -s "$tmp/err" ] || fail "digest demo: wrote on stderr"
expect_code 0 "digest demo swamp 4" digest "$demo" --swamp-cost 4
[ "$(cat "$tmp/out")" = 9ee3a50f27751945 ] ||
    fail "digest demo swamp 4: got '$(cat "$tmp/out")', expected 9ee3a50f27751945"
expect_code 0 "digest demo swamp 1" digest --swamp-cost=1 -- "$demo"
[ "$(cat "$tmp/out")" = 51dbb6cbe925f8bb ] ||
    fail "digest demo swamp 1: the default is not swamp cost 1"
expect_error 2 "digest no map" "no MAP file given" digest
expect_error 2 "digest two maps" "unexpected argument" digest "$demo" "$demo"
expect_error 2 "digest missing map" "$tmp/none.map" digest "$tmp/none.map"
expect_error 2 "digest bad swamp" "bad value '0' for --swamp-cost" \
    digest "$demo" --swamp-cost 0
expect_error 2 "digest swamp no value" "--swamp-cost" \
    digest "$demo" --swamp-cost
expect_error 2 "digest other option" "unknown option '--connect'" \
    digest "$demo" --connect 4
# ------------------------------------------------------------ --grid
# A compact grid (no bitsets; JPS scans it a cell at a time) prints byte
# for byte what the default full grid prints: path (drawn) and scen, A* and
# JPS, with either search context, sliced or not.
grid_check() {
    name=$1
    shift
    expect_code "$want_code" "$name" "$@"
    cp "$tmp/out" "$tmp/grid-ref"
    for extra in "--grid compact" "--grid=compact --budget 7"; do
        # $extra is split into words on purpose.
        expect_code "$want_code" "$name $extra" "$@" $extra
        cmp -s "$tmp/out" "$tmp/grid-ref" ||
            fail "$name $extra: output differs from --grid full"
    done
}
for algo in astar jps; do
    for context in full compact; do
        want_code=0
        grid_check "grid scen $algo $context" scen "$demo" "$demo_scen" \
            --algo $algo --context $context
        grid_check "grid path $algo $context" path "$demo" --from 1,1 \
            --to 40,5 --algo $algo --context $context --draw
        want_code=1
        grid_check "grid path $algo $context no path" path "$data/small.map" \
            --from 0,0 --to 4,4 --algo $algo --context $context
    done
done
want_code=0
grid_check "grid path swamp" path "$demo" --from 17,9 --to 30,8 \
    --swamp-cost 5 --draw
expect_code 0 "path --grid full" path "$demo" --from 1,1 --to 40,5 --grid full
cmp -s "$tmp/out" "$tmp/path-demo" || fail "--grid full differs from default"
expect_code 0 "--help --grid" --help
grep -F -e '--grid full|compact' "$tmp/out" >/dev/null ||
    fail "--help: --grid not documented"
expect_error 2 "bad grid" "bad value 'tiny' for --grid: expected full or compact" \
    path "$demo" --from 1,1 --to 40,5 --grid tiny
expect_error 2 "scen bad grid" "bad value 'tiny' for --grid" \
    scen "$demo" "$demo_scen" --grid tiny
expect_error 2 "--grid without value" "option --grid needs a value" \
    path "$demo" --from 1,1 --to 40,5 --grid

# Crossing the swamp costs 134 at cost 1; at cost 5 the path goes round.
expect_code 0 "swamp cost 1" path "$demo" --from 17,9 --to 30,8
expect_line "swamp cost 1" "cost: 134"
expect_code 0 "swamp cost 5" path "$demo" --from 17,9 --to 30,8 --swamp-cost 5
expect_line "swamp cost 5" "cost: 150"

# ---------------------------------------------- shared Moving AI maps
maps=${LS_MAPS_DIR:-$top_srcdir/../shared/maps}
if [ ! -f "$maps/arena.map" ]; then
    echo "cli.sh: shared Moving AI maps not found in $maps; skipping those checks"
else
    # cost8/cost4 of <map>.expected against the cost column, for the first
    # 60 queries of each map (all of arena): enough to catch a wrong
    # reading of the files without making `make check` slow.
    for m in arena lak303d maze512-4-0 random512-20-0 16room_000; do
        [ -f "$maps/$m.map.sub.scen" ] || continue
        if [ "$m" = arena ]; then
            cp "$maps/$m.map.sub.scen" "$tmp/sub.scen"
        else
            head -n 61 "$maps/$m.map.sub.scen" >"$tmp/sub.scen"
        fi
        for c in 8 4; do
            expect_code 0 "shared $m --connect $c" \
                scen "$maps/$m.map" "$tmp/sub.scen" --connect "$c"
            col=5
            [ "$c" = 4 ] && col=6
            awk -v col="$col" -v name="$m --connect $c" '
            NR == FNR {
                if ($0 !~ /^#/ && NF > 0) want[++n] = $1 " " $2 " " $3 " " $4 " " $col
                next
            }
            {
                m++
                got = $1 " " $2 " " $3 " " $4 " " $5
                if (got != want[m]) {
                    printf "FAIL: shared %s: line %d: %s, expected %s\n", name, m, got, want[m]
                    bad++
                }
            }
            END { exit bad > 0 }' "$maps/$m.map.expected" "$tmp/out" ||
                failures=$((failures + 1))
        done
    done
    want_code=0
    head -n 41 "$maps/arena.map.sub.scen" >"$tmp/sub.scen"
    budget_check "budget shared arena" scen "$maps/arena.map" "$tmp/sub.scen"
fi

# ------------------------------------------------------------- queue
# `queue` prints `scen`'s lines, each after the tick it completed in.
expect_code 0 "queue scen reference" scen "$demo" "$demo_scen"
cp "$tmp/out" "$tmp/queue-want"
for budget in 1 7 50 1000; do
    for per in "" 1 3; do
        set -- queue "$demo" "$demo_scen" --tick-budget "$budget"
        [ -n "$per" ] && set -- "$@" --per-tick "$per"
        expect_code 0 "queue demo budget $budget per-tick ${per:-all}" "$@"
        cut -d' ' -f2- "$tmp/out" >"$tmp/queue-got"
        cmp -s "$tmp/queue-got" "$tmp/queue-want" ||
            fail "queue demo budget $budget per-tick ${per:-all}: lines differ from scen"
        awk 'NR > 1 && $1 < last { bad = 1 } { last = $1 } END { exit bad }' \
            "$tmp/out" || fail "queue demo budget $budget: ticks go backwards"
    done
done
for extra in "--connect 4" "--algo jps" "--tie low-g --weight 1.5"; do
    # shellcheck disable=SC2086
    expect_code 0 "queue reference $extra" scen "$demo" "$demo_scen" $extra
    cp "$tmp/out" "$tmp/queue-want"
    # shellcheck disable=SC2086
    expect_code 0 "queue $extra" queue "$demo" "$demo_scen" --tick-budget 9 \
        --per-tick 2 $extra
    cut -d' ' -f2- "$tmp/out" | cmp -s - "$tmp/queue-want" ||
        fail "queue $extra: lines differ from scen"
done
grep -q "^lockstar queue: 10 queries, 10 solved, 0 refused, [0-9]* expansions, [0-9]* ticks$" \
    "$tmp/err" || fail "queue: summary: $(cat "$tmp/err")"

# By hand, on an open row of 10 cells and a wall at x = 10: from (0,0),
# goal x = k costs k expansions; goal 0 costs 0, the wall is refused at 0.
# Budget 3, all before tick 0: tick 0 spends 3 on the first (needs 4);
# tick 1 its last 1 and the second's 2; tick 2 the third (0), the refused
# one (0) and the last (3).
printf 'type octile\nheight 1\nwidth 11\nmap\n..........@\n' >"$tmp/row.map"
printf 'version 1\n' >"$tmp/row.scen"
for g in 4 2 0 10 3; do
    printf '0\trow.map\t11\t1\t0\t0\t%s\t0\t0\n' "$g" >>"$tmp/row.scen"
done
expect_code 2 "queue row reference" scen "$tmp/row.map" "$tmp/row.scen"
cp "$tmp/out" "$tmp/queue-want"
expect_code 2 "queue row" queue "$tmp/row.map" "$tmp/row.scen" --tick-budget 3
[ "$(cut -d' ' -f1 "$tmp/out" | tr '\n' ' ')" = "1 1 2 2 2 " ] ||
    fail "queue row: ticks $(cut -d' ' -f1 "$tmp/out" | tr '\n' ' '), expected 1 1 2 2 2"
cut -d' ' -f2- "$tmp/out" | cmp -s - "$tmp/queue-want" ||
    fail "queue row: lines differ from scen"
expect_line "queue row" "2 0 0 10 0 error LS_ERR_GOAL_BLOCKED"
expect_line "queue row" "1 0 0 2 0 20 2 $(awk '$3 == 2 { print $7 }' "$tmp/queue-want") 0,0 1,0 2,0"
# One a tick: tick 1 finishes the first two as before, then one each.
expect_code 2 "queue row per-tick 1" queue "$tmp/row.map" "$tmp/row.scen" \
    --tick-budget 3 --per-tick 1
[ "$(cut -d' ' -f1 "$tmp/out" | tr '\n' ' ')" = "1 1 2 3 4 " ] ||
    fail "queue row per-tick 1: ticks $(cut -d' ' -f1 "$tmp/out" | tr '\n' ' '), expected 1 1 2 3 4"
# A pool of 3 points: the 5-point path does not fit, the 3-point one
# finished in the same tick does.
expect_code 2 "queue row pool 3" queue "$tmp/row.map" "$tmp/row.scen" \
    --tick-budget 3 --pool 3
expect_line "queue row pool 3" "1 0 0 4 0 error LS_ERR_POOL_FULL"
expect_line "queue row pool 3" "1 0 0 2 0 20 2 $(awk '$3 == 2 { print $7 }' "$tmp/queue-want") 0,0 1,0 2,0"

# Without --pool, the output is scen's whatever the budget, even when the
# default pool (one point per cell) cannot keep every path finished in one
# tick: twelve 10-cell paths on a 10-cell map, all in tick 0.
printf 'type octile\nheight 1\nwidth 10\nmap\n..........\n' >"$tmp/line.map"
{ echo 'version 1'; n=0
  while [ $n -lt 12 ]; do printf '0\tl\t10\t1\t0\t0\t9\t0\t9\n'; n=$((n + 1)); done
} >"$tmp/line.scen"
expect_code 0 "queue line reference" scen "$tmp/line.map" "$tmp/line.scen"
cp "$tmp/out" "$tmp/queue-want"
expect_code 0 "queue line default pool" queue "$tmp/line.map" "$tmp/line.scen" \
    --tick-budget 1000
cut -d' ' -f2- "$tmp/out" | cmp -s - "$tmp/queue-want" ||
    fail "queue line default pool: lines differ from scen"
[ "$(cut -d' ' -f1 "$tmp/out" | sort -u)" = 0 ] ||
    fail "queue line default pool: not all in tick 0"
expect_code 2 "queue line --pool 10" queue "$tmp/line.map" "$tmp/line.scen" \
    --tick-budget 1000 --pool 10
[ "$(grep -c 'error LS_ERR_POOL_FULL$' "$tmp/out")" = 11 ] ||
    fail "queue line --pool 10: expected 11 LS_ERR_POOL_FULL lines"
expect_error 2 "queue no budget" "--tick-budget E is required" \
    queue "$demo" "$demo_scen"
for bad in 0 -1 abc 4294967296 ""; do
    expect_error 2 "queue --tick-budget '$bad'" "bad value '$bad' for --tick-budget" \
        queue "$demo" "$demo_scen" --tick-budget "$bad"
done
for bad in 0 x 1.5; do
    expect_error 2 "queue --per-tick '$bad'" "bad value '$bad' for --per-tick" \
        queue "$demo" "$demo_scen" --tick-budget 5 --per-tick="$bad"
done
expect_error 2 "queue --pool too big" "bad value '268435457' for --pool" \
    queue "$demo" "$demo_scen" --tick-budget 5 --pool 268435457
expect_error 2 "queue --tick-budget missing value" "--tick-budget" \
    queue "$demo" "$demo_scen" --tick-budget
expect_error 2 "queue no scen" "no SCEN file" queue "$demo" --tick-budget 5
expect_error 2 "queue unknown option" "queue: unknown option '--draw'" \
    queue "$demo" "$demo_scen" --tick-budget 5 --draw

# ------------------------------------------------------------- batch
# `batch` prints exactly `scen`'s bytes and exit status, for any --threads.
for extra in "" "--algo jps" "--connect 4" "--tie low-g --weight 1.5" \
             "--context compact" "--max-expansions 5"; do
    # shellcheck disable=SC2086
    expect_code 0 "batch reference $extra" scen "$demo" "$demo_scen" $extra
    cp "$tmp/out" "$tmp/batch-want"
    for threads in 1 2 8; do
        # shellcheck disable=SC2086
        expect_code 0 "batch --threads $threads $extra" batch "$demo" \
            "$demo_scen" --threads "$threads" $extra
        cmp -s "$tmp/out" "$tmp/batch-want" ||
            fail "batch --threads $threads $extra: output differs from scen"
    done
done
[ -s "$tmp/batch-want" ] || fail "batch: scen printed nothing to compare"
expect_code 0 "batch summary" batch "$demo" "$demo_scen" --threads 8
grep -q "^lockstar batch: 10 queries, 10 solved, 0 refused, [0-9]* expansions, 8 threads, " \
    "$tmp/err" || fail "batch: summary: $(cat "$tmp/err")"
# Refused queries are error lines, exit status 2, as in scen (the row map
# of the queue checks above: its wall is a goal).
expect_code 2 "batch row reference" scen "$tmp/row.map" "$tmp/row.scen"
cp "$tmp/out" "$tmp/batch-want"
for threads in 1 3 64; do
    expect_code 2 "batch row --threads=$threads" batch "$tmp/row.map" \
        "$tmp/row.scen" --threads="$threads"
    cmp -s "$tmp/out" "$tmp/batch-want" ||
        fail "batch row --threads $threads: output differs from scen"
    expect_line "batch row" "0 0 10 0 error LS_ERR_GOAL_BLOCKED"
done
# --threads after the files and after "--" handling: files stay files.
expect_code 0 "batch threads first" batch --threads 2 -- "$demo" "$demo_scen"
expect_error 2 "batch no threads" "--threads N is required" \
    batch "$demo" "$demo_scen"
for bad in 0 65 -1 junk 2x ""; do
    expect_error 2 "batch --threads '$bad'" "bad value '$bad' for --threads" \
        batch "$demo" "$demo_scen" --threads "$bad"
done
expect_error 2 "batch --threads missing value" "--threads needs a value" \
    batch "$demo" "$demo_scen" --threads
expect_error 2 "batch --threads twice" "--threads given twice" \
    batch "$demo" "$demo_scen" --threads 2 --threads 3
expect_error 2 "batch no scen" "no SCEN file" batch "$demo" --threads 2
expect_error 2 "batch unknown option" "batch: unknown option '--draw'" \
    batch "$demo" "$demo_scen" --threads 2 --draw
expect_error 2 "batch bad option value" "--connect" \
    batch "$demo" "$demo_scen" --threads 2 --connect 5

# ------------------------------------------------------------ selftest
# `lockstar selftest` passes and prints exactly the line README.md
# publishes ("Self-test on the device"): the README may not lie about the
# digest a build of this version must give, on any target.
expect_code 0 "selftest" selftest
st_line=$(cat "$tmp/out")
case "$st_line" in
"lockstar selftest: "*" passed, 0 failed, digest "????????????????) ;;
*) fail "selftest: unexpected output: $st_line" ;;
esac
[ "$(wc -l <"$tmp/out" | tr -d ' ')" = 1 ] || fail "selftest: more than one line"
[ -s "$tmp/err" ] && fail "selftest: wrote to stderr: $(head -c 200 "$tmp/err")"
grep -F -x -e "    $st_line" "$top_srcdir/README.md" >/dev/null ||
    fail "selftest: README.md does not publish the line '$st_line'"
expect_error 2 "selftest argument" "selftest takes none" selftest extra
expect_error 2 "selftest option" "unexpected argument '--connect'" \
    selftest --connect 4
# ----------------------------------------------------------- --smooth
# path adds a waypoints line; scen, batch and queue add " | X,Y ..." after
# each found path: a subsequence of the path from its start to its goal,
# and without --smooth not a byte changes.
expect_code 0 "path --smooth" path "$demo" --from 1,1 --to 46,21 --smooth
expect_line "path --smooth" "waypoints: 1,1 15,5 34,13 46,21"
grep -v '^waypoints:' "$tmp/out" >"$tmp/smooth-rest"
expect_code 0 "path without --smooth" path "$demo" --from 1,1 --to 46,21
cmp -s "$tmp/out" "$tmp/smooth-rest" ||
    fail "path --smooth: other lines differ from a run without it"
expect_code 0 "scen --smooth" scen "$demo" "$demo_scen" --smooth
cp "$tmp/out" "$tmp/scen-smooth"
awk '{
    bar = 0
    for (i = 1; i <= NF; i++) if ($i == "|") bar = i
    if ($5 == -1) { if (bar) { print "FAIL: waypoints without a path: " $0; bad = 1 } next }
    if (!bar) { print "FAIL: no waypoints: " $0; bad = 1; next }
    if ($(bar + 1) != $8 || $NF != $(bar - 1)) { print "FAIL: waypoints do not run from start to goal: " $0; bad = 1 }
    j = 8
    for (i = bar + 1; i <= NF; i++) {
        while (j < bar && $j != $i) j++
        if (j == bar) { print "FAIL: waypoint " $i " not in order on the path: " $0; bad = 1; break }
    }
} END { exit bad }' "$tmp/out" || fail "scen --smooth: bad waypoints"
sed 's/ | .*//' "$tmp/scen-smooth" >"$tmp/scen-cut"
expect_code 0 "scen plain" scen "$demo" "$demo_scen"
cmp -s "$tmp/out" "$tmp/scen-cut" || fail "scen --smooth: the lines before ' | ' differ"
expect_code 0 "batch --smooth" batch "$demo" "$demo_scen" --smooth --threads 2
cmp -s "$tmp/out" "$tmp/scen-smooth" || fail "batch --smooth differs from scen --smooth"
expect_code 0 "queue --smooth" queue "$demo" "$demo_scen" --smooth --tick-budget 50
sed 's/^[0-9]* //' "$tmp/out" | cmp -s - "$tmp/scen-smooth" ||
    fail "queue --smooth lines differ from scen --smooth"
expect_error 2 "--smooth=1" "option --smooth takes no value" \
    path "$demo" --from 1,1 --to 46,21 --smooth=1
expect_error 2 "digest --smooth" "unknown option '--smooth'" digest "$demo" --smooth

cli_summary cli.sh
