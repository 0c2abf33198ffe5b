#!/bin/sh
# SPDX-License-Identifier: MIT
# hostile.sh - hostile files and arguments, named (make check; under
# tools/test.sh's sanitizer build, all under ASan and UBSan). Each row of
# the tables below is one run of `lockstar`: the exact line it must print
# on standard error and its exact exit status (2 for bad input).
#
# The inputs are made here, in a scratch folder the runs start in (so
# messages name files as the tables do): truncated maps, a header claiming
# 16384 x 16384 over a short body, sizes of 0, negative, past the limit,
# with signs, leading zeros or trailing junk, NUL bytes, CRLF and CR-only
# line ends, a last line without newline, lines of a megabyte, numbers
# past 2^31 and 2^63, scenario rows with missing or extra columns, a
# 100,000-row scenario, replay scripts with unknown commands, ticks out of
# order and huge counts; then every option of every command with a
# missing, empty, negative or huge value.
#
# Table rows: NAME|EXIT|STDERR|ARGS. STDERR is the whole of standard
# error, or, ending in '*', its beginning (summaries that give a time,
# and the system's own words after "cannot open: ", which differ between
# the C libraries of the platform matrix);
# ARGS are split at spaces, %E stands for an empty argument.
# Exit 0 = pass, 1 = fail.
set -u
top_builddir=$(cd "${top_builddir:-.}" && pwd)
top_srcdir=$(cd "${top_srcdir:-.}" && pwd)
# shellcheck source=cli_lib.sh
. "$top_srcdir/tests/cli_lib.sh"
case $prog in /*) ;; *) prog="$(pwd)/$prog" ;; esac
cd "$tmp" || exit 1

# ------------------------------------------------------------- inputs
header() { printf 'type octile\nheight %s\nwidth %s\nmap\n' "$1" "$2"; }
rows4() { printf '....\n....\n....\n....\n'; }
mega() { head -c 1048576 /dev/zero | tr '\0' "$1"; }

{ header 4 4; rows4; } >m.map
{ header 4 4; printf '....\n....\n'; } >truncated.map
{ header 4 4; printf '....\n..'; } >truncated-row.map
printf 'type octile\nheight 4\n' >truncated-header.map
: >empty.map
{ header 16384 16384; printf '....\n'; } >huge.map
i=0
for v in 0 -1 16385 +4 -0 4x 4.0 0x4 2147483648 4294967297 \
    9223372036854775808 99999999999999999999999; do
    i=$((i + 1))
    { header "$v" 4; rows4; } >"height$i.map"
    { header 4 "$v"; rows4; } >"width$i.map"
done
{ header 004 0004; rows4; } >zeros.map
printf 'type octile\nheight 2\nwidth 2\nmap\n.\000\n..\n' >nul-row.map
printf 'type\000octile\nheight 2\nwidth 2\nmap\n..\n..\n' >nul-header.map
printf 'type octile\r\nheight 2\r\nwidth 2\r\nmap\r\n..\r\n..\r\n' >crlf.map
printf 'type octile\nheight 2\nwidth 2\nmap\n..\n..\n' >lf.map
printf 'type octile\rheight 2\rwidth 2\rmap\r..\r..\r' >cr.map
printf 'type octile\nheight 2\nwidth 2\nmap\n.\r.\n..\n' >cr-row.map
printf 'type octile\nheight 2\nwidth 2\nmap\n..\n..' >no-newline.map
{ header 1 1048576; mega .; echo; } >mega-width.map
{ header 1 4; mega .; echo; } >mega-row.map
{ header 1 4; printf '....\n'; mega ' '; echo; } >mega-blank.map
{ printf 'type octile\nheight 1\nwidth 4\nmap '; mega x; printf '\n....\n'; } >mega-keyword.map
{ header 4 4; rows4; printf 'junk\n'; } >extra-rows.map
{ header 4 4; printf '..X.\n'; rows4; } >bad-char.map
printf 'type hexagonal\nheight 1\nwidth 1\nmap\n.\n' >hex.map
printf 'height 1\nwidth 1\nmap\n.\n' >no-type.map
printf 'type octile\nwidth 1\nheight 1\nmap\n.\n' >swapped.map
printf 'type octile\nheight 1 1\nwidth 1\nmap\n.\n' >two-numbers.map

row() { printf '0\tm.map\t4\t4\t%s\n' "$1"; }
{ echo 'version 1'; printf '0\tm.map\t4\t4\t0\t0\t3\n'; } >missing.scen
{ echo 'version 1'; row '0	0	3	3	4.24	9'; } >extra.scen
{ echo 'version 1'; printf '0 m.map 4 4 0 0 3 3 4.24\n'; } >spaces.scen
{ echo 'version 1'; row '	0	3	3	4.24'; } >empty-field.scen
{ echo 'version 1'; row '-1	0	3	3	4.24'; } >negative.scen
{ echo 'version 1'; row '+1	0	3	3	4.24'; } >plus.scen
{ echo 'version 1'; row '1x	0	3	3	4.24'; } >junk.scen
{ echo 'version 1'; row '2147483648	0	3	3	4.24'; } >past31.scen
{ echo 'version 1'; row '0	9223372036854775808	3	3	4.24'; } >past63.scen
{ echo 'version 1'; row '0	0	4	3	4.24'; } >outside.scen
{ echo 'version 1'; printf '0\tm.map\t5\t4\t0\t0\t3\t3\t4.24\n'; } >size.scen
{ echo 'version 1'; printf '0\tm.map\t4\t4294967297\t0\t0\t3\t3\t4.24\n'; } >size-past32.scen
{ echo 'version 1'; printf '99999999999\tm.map\t4\t4\t0\t0\t3\t3\t4.24\n'; } >bucket.scen
{ echo 'version 1'; row '0	0	3	3	x'; } >optimal-text.scen
{ echo 'version 1'; row '0	0	3	3	-4.2'; } >optimal-negative.scen
{ echo 'version 1'; row '0	0	3	3	1e5'; } >optimal-exponent.scen
{ echo 'version 1'; row '0	0	3	3	12345678901.5'; } >optimal-big.scen
{ echo 'version 1'; printf '0\tm.map\t4\t4\t0\t0\t3\t3\t'; mega 1; echo; } >mega-number.scen
{ echo 'version 1'; printf '0\tm.map\t4\t4\t0\t0\t3\t3\t4.2'; mega ' '; echo; } >mega-spaces.scen
# Not nul.scen: Windows reads a file named NUL, whatever its extension,
# as the null device (empty); likewise nul-byte.replay below.
{ echo 'version 1'; printf '0\tm.map\t4\t4\t0\t0\t3\0\t3\t4.24\n'; } >nul-byte.scen
printf 'version 1\r\n0\tm.map\t4\t4\t0\t0\t3\t3\t4.24\r\n' >crlf.scen
printf 'version 1\r0\tm.map\t4\t4\t0\t0\t3\t3\t4.24\r' >cr.scen
printf 'version 1\n0\tm.map\t4\t4\t0\t0\t3\t3\t4.24' >no-newline.scen
printf 'version 2\n' >version.scen
: >empty.scen
printf 'version 1\n' >only-version.scen
{ echo 'version 1'; row '0	0	3	3	4.24'; } >m.scen
awk 'BEGIN { print "version 1";
    for (i = 0; i < 100000; i++) printf "%d\tm.map\t4\t4\t%d\t%d\t3\t3\t4.24\n", i % 7, i % 3, i % 4 }' >rows100k.scen

H='lockstar-replay 1\nmap m.map\nagent 1 0,0 1\n'
printf "${H}fly 3\nticks 5\n" >unknown.replay
printf "${H}at 5 move 1 3,3\nat 2 move 1 0,3\nticks 9\n" >order.replay
printf "${H}ticks 99999999999\n" >ticks-huge.replay
printf "${H}ticks 10000001\n" >ticks-past-limit.replay
printf "${H}ticks -1\n" >ticks-negative.replay
printf "${H}at 4294967296 move 1 3,3\nticks 5\n" >tick-past32.replay
printf "${H}at 7 move 1 3,3\nticks 5\n" >tick-late.replay
printf 'lockstar-replay 1\nmap m.map\nagent 9223372036854775808 0,0 1\nticks 5\n' >agent-past63.replay
printf "${H}agent 1 1,1 1\nticks 5\n" >agent-twice.replay
printf "${H}agent 2 0,0 0\nticks 5\n" >speed-zero.replay
printf "${H}agent 2 0,0 32768\nticks 5\n" >speed-huge.replay
printf "${H}at 1 move 1 2147483648,0\nticks 5\n" >move-past31.replay
printf "${H}at 1 move 1 9,9\nticks 5\n" >move-outside.replay
printf "${H}at 1 rect 0,0 0,2 0\nticks 5\n" >rect-empty.replay
printf "${H}at 1 set 0,0 256\nticks 5\n" >set-cost.replay
printf "${H}budget 99999999999\nticks 5\n" >budget-huge.replay
printf "${H}budget 1\nbudget 2\nticks 5\n" >budget-twice.replay
printf 'lockstar-replay 1\nagent 1 0,0 1\nticks 5\n' >no-map.replay
printf "${H}" >no-ticks.replay
printf 'lockstar-replay 1\rmap m.map\ragent 1 0,0 1\rticks 5\r' >cr.replay
printf "${H}ticks 5\0\n" >nul-byte.replay
printf 'lockstar-replay 4\nmap m.map\n' >version.replay
H3='lockstar-replay 3\nmap m.map\n'
printf "${H3}agent 1 0,0 1 radius -1\nticks 5\n" >radius-negative.replay
printf "${H3}agent 1 0,0 1 radius 99999999999\nticks 5\n" >radius-huge.replay
printf "${H3}agent 1 0,0 1 priority 4294967296\nticks 5\n" >priority-past32.replay
printf "${H3}agent 1 0,0 1 radius 1 radius 1\nticks 5\n" >radius-twice.replay
printf "${H}avoidance on\nticks 5\n" >avoidance-v1.replay
printf "${H3}at 4294967296 avoidance on\nticks 5\n" >avoidance-tick.replay
: >empty.replay
{ printf "${H}ticks 5 # "; mega x; echo; } >mega-comment.replay
{ printf 'lockstar-replay 1\nmap '; mega x; printf '\nticks 5\n'; } >mega-map.replay
printf "${H}at 1 move 1 3,3\nticks 5\n" >ok.replay
printf 'lockstar-replay 1\r\nmap m.map\r\nagent 1 0,0 1\r\nat 1 move 1 3,3\r\nticks 5' >crlf.replay

# ------------------------------------------------------------- files
BAD="expected a whole number from 1 to 16384"
X200=$(printf '%200s' '' | tr ' ' x)  # a long path is shown cut at 200 bytes
FILES=$(cat <<EOF2
map truncated|2|lockstar: truncated.map:7: file ends after 2 of 4 map rows|digest truncated.map
map truncated in a row|2|lockstar: truncated-row.map:6: row 1 is too short: 2 characters, expected the width 4|digest truncated-row.map
map truncated header|2|lockstar: truncated-header.map:3: file ends early; expected 'width N'|digest truncated-header.map
map empty|2|lockstar: empty.map:1: empty file; expected 'type octile'|digest empty.map
map 16384x16384 short body|2|lockstar: huge.map:5: row 0 is too short: 4 characters, expected the width 16384|digest huge.map
map height 0|2|lockstar: height1.map:2: bad height '0': $BAD|digest height1.map
map height -1|2|lockstar: height2.map:2: bad height '-1': $BAD|digest height2.map
map height 16385|2|lockstar: height3.map:2: bad height '16385': $BAD|digest height3.map
map height +4|2|lockstar: height4.map:2: bad height '+4': $BAD|digest height4.map
map height -0|2|lockstar: height5.map:2: bad height '-0': $BAD|digest height5.map
map height 4x|2|lockstar: height6.map:2: bad height '4x': $BAD|digest height6.map
map height 4.0|2|lockstar: height7.map:2: bad height '4.0': $BAD|digest height7.map
map height 0x4|2|lockstar: height8.map:2: bad height '0x4': $BAD|digest height8.map
map height 2^31|2|lockstar: height9.map:2: bad height '2147483648': $BAD|digest height9.map
map height 2^32+1|2|lockstar: height10.map:2: bad height '4294967297': $BAD|digest height10.map
map height 2^63|2|lockstar: height11.map:2: bad height '9223372036854775808': $BAD|digest height11.map
map height 23 digits|2|lockstar: height12.map:2: bad height '99999999999999999999999': $BAD|digest height12.map
map width 0|2|lockstar: width1.map:3: bad width '0': $BAD|path width1.map --from 0,0 --to 0,0
map width -1|2|lockstar: width2.map:3: bad width '-1': $BAD|path width2.map --from 0,0 --to 0,0
map width 16385|2|lockstar: width3.map:3: bad width '16385': $BAD|scen width3.map m.scen
map width +4|2|lockstar: width4.map:3: bad width '+4': $BAD|digest width4.map
map width 4x|2|lockstar: width6.map:3: bad width '4x': $BAD|digest width6.map
map width 2^31|2|lockstar: width9.map:3: bad width '2147483648': $BAD|batch width9.map m.scen --threads 2
map width 2^63|2|lockstar: width11.map:3: bad width '9223372036854775808': $BAD|queue width11.map m.scen --tick-budget 5
map NUL in a row|2|lockstar: nul-row.map:5: bad character (byte 0x00) at column 2 (allowed: . G S passable, @ O T W blocked)|digest nul-row.map
map NUL in the header|2|lockstar: nul-header.map:1: expected 'type octile' (a Moving AI map), found 'type?octile'|digest nul-header.map
map CR-only line ends|2|lockstar: cr.map:1: a carriage return inside the line: CR-only line ends are not read (use LF or CRLF line ends)|digest cr.map
map CR inside a row|2|lockstar: cr-row.map:5: a carriage return inside the line: CR-only line ends are not read (use LF or CRLF line ends)|digest cr-row.map
map width of a megabyte|2|lockstar: mega-width.map:3: bad width '1048576': $BAD|digest mega-width.map
map row of a megabyte|2|lockstar: mega-row.map:5: row 0 is too long: 1048576 characters, expected the width 4|digest mega-row.map
map keyword line of a megabyte|2|lockstar: mega-keyword.map:4: expected 'map', found 'map xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'|digest mega-keyword.map
map extra rows|2|lockstar: extra-rows.map:9: extra text after the 4 map rows (height 4)|digest extra-rows.map
map bad character|2|lockstar: bad-char.map:5: bad character 'X' at column 3 (allowed: . G S passable, @ O T W blocked)|digest bad-char.map
map other type|2|lockstar: hex.map:1: map type 'hexagonal' is not supported (expected 'type octile')|digest hex.map
map no type line|2|lockstar: no-type.map:1: expected 'type octile' (a Moving AI map), found 'height 1'|digest no-type.map
map width before height|2|lockstar: swapped.map:2: expected 'height N', found 'width 1'|digest swapped.map
map two numbers|2|lockstar: two-numbers.map:2: expected 'height N' (one number after 'height')|digest two-numbers.map
map missing|2|lockstar: nothing.map: cannot open: *|digest nothing.map
map is a folder|2|lockstar: .: is a directory, not a file|digest .
scen missing columns|2|lockstar: missing.scen:2: too few fields: found 7, expected 9 tab-separated (bucket map width height sx sy gx gy optimal_length)|scen m.map missing.scen
scen extra columns|2|lockstar: extra.scen:2: too many fields: found 10, expected 9 tab-separated (bucket map width height sx sy gx gy optimal_length)|scen m.map extra.scen
scen spaces for tabs|2|lockstar: spaces.scen:2: too few fields: found 1, expected 9 tab-separated (bucket map width height sx sy gx gy optimal_length)|batch m.map spaces.scen --threads 2
scen empty field|2|lockstar: empty-field.scen:2: bad start x '': expected a whole number from 0 to 2147483647|scen m.map empty-field.scen
scen negative|2|lockstar: negative.scen:2: bad start x '-1': expected a whole number from 0 to 2147483647|scen m.map negative.scen
scen sign|2|lockstar: plus.scen:2: bad start x '+1': expected a whole number from 0 to 2147483647|scen m.map plus.scen
scen trailing junk|2|lockstar: junk.scen:2: bad start x '1x': expected a whole number from 0 to 2147483647|queue m.map junk.scen --tick-budget 5
scen past 2^31|2|lockstar: past31.scen:2: bad start x '2147483648': expected a whole number from 0 to 2147483647|scen m.map past31.scen
scen past 2^63|2|lockstar: past63.scen:2: bad start y '9223372036854775808': expected a whole number from 0 to 2147483647|scen m.map past63.scen
scen outside the map|2|lockstar: outside.scen:2: goal 4,3 is outside the 4x4 map|scen m.map outside.scen
scen for another size|2|lockstar: size.scen:2: scenario is for a 5x4 map, but the map is 4x4|scen m.map size.scen
scen size past 2^32|2|lockstar: size-past32.scen:2: bad map height '4294967297': expected a whole number from 1 to 16384|scen m.map size-past32.scen
scen bucket past 2^31|2|lockstar: bucket.scen:2: bad bucket '99999999999': expected a whole number from 0 to 2147483647|scen m.map bucket.scen
scen optimal_length text|2|lockstar: optimal-text.scen:2: bad optimal_length 'x': expected a decimal such as 12 or 3.41421|scen m.map optimal-text.scen
scen optimal_length negative|2|lockstar: optimal-negative.scen:2: bad optimal_length '-4.2': expected a decimal such as 12 or 3.41421|scen m.map optimal-negative.scen
scen optimal_length exponent|2|lockstar: optimal-exponent.scen:2: bad optimal_length '1e5': expected a decimal such as 12 or 3.41421|scen m.map optimal-exponent.scen
scen optimal_length 11 digits|2|lockstar: optimal-big.scen:2: bad optimal_length '12345678901.5': at most 10 digits before the point and 20 after|scen m.map optimal-big.scen
scen number of a megabyte|2|lockstar: mega-number.scen:2: bad optimal_length '1111111111111111111111111111111111111111...': at most 10 digits before the point and 20 after|scen m.map mega-number.scen
scen line of a megabyte|2|lockstar: mega-spaces.scen:2: bad optimal_length '4.2                                     ...': expected a decimal such as 12 or 3.41421|scen m.map mega-spaces.scen
scen NUL|2|lockstar: nul-byte.scen:2: bad goal x '3?': expected a whole number from 0 to 2147483647|scen m.map nul-byte.scen
scen CR-only line ends|2|lockstar: cr.scen:1: a carriage return inside the line: CR-only line ends are not read (use LF or CRLF line ends)|scen m.map cr.scen
scen version 2|2|lockstar: version.scen:1: scenario version '2' is not supported (expected 'version 1' or 'version 1.0')|scen m.map version.scen
scen empty|2|lockstar: empty.scen:1: empty file; expected 'version 1'|scen m.map empty.scen
scen CRLF|0|lockstar scen: 1 queries, 1 solved, 0 refused, 3 expansions, *|scen m.map crlf.scen
scen no final newline|0|lockstar scen: 1 queries, 1 solved, 0 refused, 3 expansions, *|scen m.map no-newline.scen
scen no rows|0|lockstar scen: 0 queries, 0 solved, 0 refused, 0 expansions, *|scen m.map only-version.scen
scen 100,000 rows|0|lockstar scen: 100000 queries, 100000 solved, 0 refused, *|scen m.map rows100k.scen
replay unknown command|2|lockstar: unknown.replay:4: unknown command: 'fly'|replay unknown.replay
replay ticks out of order|2|lockstar: order.replay:5: tick 2 comes after tick 5 (line 4): 'at' lines must be in tick order|replay order.replay
replay huge tick count|2|lockstar: ticks-huge.replay:4: bad tick count (expected 0 to 10000000): '99999999999'|replay ticks-huge.replay
replay tick count past the limit|2|lockstar: ticks-past-limit.replay:4: bad tick count (expected 0 to 10000000): '10000001'|replay ticks-past-limit.replay
replay negative tick count|2|lockstar: ticks-negative.replay:4: bad tick count (expected 0 to 10000000): '-1'|replay ticks-negative.replay
replay tick past 2^32|2|lockstar: tick-past32.replay:4: bad tick (expected a whole number below 10000000): '4294967296'|replay tick-past32.replay
replay tick not run|2|lockstar: tick-late.replay:4: tick 7 is not run (ticks 5 runs ticks 0 to 4, line 5)|replay tick-late.replay
replay agent id past 2^63|2|lockstar: agent-past63.replay:3: bad agent id (expected a whole number from -9223372036854775808 to 9223372036854775807): '9223372036854775808'|replay agent-past63.replay
replay agent twice|2|lockstar: agent-twice.replay:4: agent 1 is declared twice (first at line 3)|replay agent-twice.replay
replay speed 0|2|lockstar: speed-zero.replay:4: bad speed (expected a decimal above 0, at most 32767.99998): '0'|replay speed-zero.replay
replay speed too large|2|lockstar: speed-huge.replay:4: bad speed (expected a decimal above 0, at most 32767.99998): '32768'|replay speed-huge.replay
replay cell past 2^31|2|lockstar: move-past31.replay:4: bad cell (expected X,Y: whole numbers below 16384): '2147483648,0'|replay move-past31.replay
replay goal outside the map|2|lockstar: move-outside.replay:4: goal 9,9 is outside the 4x4 map|replay move-outside.replay
replay empty rectangle|2|lockstar: rect-empty.replay:4: bad rectangle size (expected W,H: whole numbers from 1 to 16383): '0,2'|replay rect-empty.replay
replay cost past 255|2|lockstar: set-cost.replay:4: bad cost (expected 0 to 255, 0 = blocked): '256'|replay set-cost.replay
replay huge budget|2|lockstar: budget-huge.replay:4: bad budget (expected a whole number from 0 to 4294967295, 0 = no limit): '99999999999'|replay budget-huge.replay
replay budget twice|2|lockstar: budget-twice.replay:5: a second 'budget' line (the first is line 4)|replay budget-twice.replay
replay no map|2|lockstar: no-map.replay: no 'map FILE' line|replay no-map.replay
replay no ticks|2|lockstar: no-ticks.replay: no 'ticks N' line|replay no-ticks.replay
replay CR-only line ends|2|lockstar: cr.replay:1: a carriage return inside the line: CR-only line ends are not read (use LF or CRLF line ends)|replay cr.replay
replay NUL|2|lockstar: nul-byte.replay:4: a NUL byte in the line|replay nul-byte.replay
replay version 4|2|lockstar: version.replay:1: unsupported replay version (this lockstar reads 'lockstar-replay 1', 'lockstar-replay 2' and 'lockstar-replay 3')|replay version.replay
replay negative radius|2|lockstar: radius-negative.replay:3: bad radius (expected a decimal from 0 to 64): '-1'|replay radius-negative.replay
replay huge radius|2|lockstar: radius-huge.replay:3: bad radius (expected a decimal from 0 to 64): '99999999999'|replay radius-huge.replay
replay priority past 2^32|2|lockstar: priority-past32.replay:3: bad priority (expected a whole number from 0 to 99): '4294967296'|replay priority-past32.replay
replay radius twice|2|lockstar: radius-twice.replay:3: 'radius' is given twice on one line|replay radius-twice.replay
replay avoidance in version 1|2|lockstar: avoidance-v1.replay:4: 'avoidance' needs 'lockstar-replay 3' (this script says 'lockstar-replay 1')|replay avoidance-v1.replay
replay avoidance tick past 2^32|2|lockstar: avoidance-tick.replay:3: bad tick (expected a whole number below 10000000): '4294967296'|replay avoidance-tick.replay
replay empty|2|lockstar: empty.replay: empty script (it starts with 'lockstar-replay 1')|replay empty.replay
replay map name of a megabyte|2|lockstar: mega-map.replay:2: $X200...: cannot open: *|replay mega-map.replay
replay comment of a megabyte|0|lockstar replay: 5 ticks, 1 agents (0 arrived, 0 moving, 0 waiting, 0 unreachable, 1 idle), 0 paths asked for (0 after edits), 1 threads, *|replay mega-comment.replay
replay CRLF, no final newline|0|lockstar replay: 5 ticks, 1 agents (0 arrived, 1 moving, 0 waiting, 0 unreachable, 0 idle), 1 paths asked for (0 after edits), 1 threads, *|replay crlf.replay
EOF2
)

# ------------------------------------------------------------- options
# Every option of every command: missing (last on the line), empty,
# negative, past 2^32, past 2^63. Rows: COMMAND ARGS BEFORE|OPTION|WHAT
# IT EXPECTS (the message's tail).
QUERY="--connect|expected 4 or 8
--corners|expected none, one or all
--heuristic|expected auto, octile, manhattan, chebyshev, zero or landmarks
--weight|expected a decimal from 1.0 to 64.0 (such as 1.5)
--tie|expected high-g or low-g
--straight|expected a whole number from 1 to 65535
--diagonal|expected a whole number from 1 to 131070
--max-expansions|expected a whole number from 0 to 4294967295
--budget|expected a whole number from 0 to 4294967295
--algo|expected astar, jps, jps+ or hpa
--swamp-cost|expected a whole number from 1 to 255
--context|expected full or compact
--grid|expected full or compact"
OPTIONS=$(
    for cmd in "path m.map --from 0,0 --to 3,3" "scen m.map m.scen" \
        "batch m.map m.scen --threads 2" "queue m.map m.scen --tick-budget 5"; do
        echo "$QUERY" | sed "s/^/$cmd|/"
    done
    cat <<EOF2
path m.map --to 3,3|--from|expected X,Y (two whole numbers below 16384, such as 3,4)
path m.map --from 0,0|--to|expected X,Y (two whole numbers below 16384, such as 3,4)
path m.map --from 0,0 --to 3,3 --png x.png|--scale|expected a whole number from 1 to 32
queue m.map m.scen --tick-budget 5|--per-tick|expected a whole number from 1 to 4294967295
queue m.map m.scen|--tick-budget|expected a whole number from 1 to 4294967295
queue m.map m.scen --tick-budget 5|--pool|expected a whole number from 0 to 268435456
digest m.map|--swamp-cost|expected a whole number from 1 to 255
render m.map --png x.png|--scale|expected a whole number from 1 to 32
render m.map --png x.png|--swamp-cost|expected a whole number from 1 to 255
EOF2
)
OPTION_ROWS=$(echo "$OPTIONS" | while IFS='|' read -r before opt want; do
    echo "$before $opt missing|2|lockstar: option $opt needs a value|$before $opt"
    for v in %E -1 4294967296 9223372036854775808; do
        shown=$v
        [ "$v" = %E ] && shown=
        echo "$before $opt $v|2|lockstar: bad value '$shown' for $opt: $want|$before $opt $v"
    done
done)
NEED_FILE="expected an integer 1..64"
SPECIAL=$(cat <<EOF2
batch --threads missing|2|lockstar: batch: --threads needs a value (1..64)|batch m.map m.scen --threads
batch --threads empty|2|lockstar: batch: bad value '' for --threads ($NEED_FILE)|batch m.map m.scen --threads %E
batch --threads negative|2|lockstar: batch: bad value '-1' for --threads ($NEED_FILE)|batch m.map m.scen --threads -1
batch --threads 65|2|lockstar: batch: bad value '65' for --threads ($NEED_FILE)|batch m.map m.scen --threads 65
batch --threads 2^63|2|lockstar: batch: bad value '9223372036854775808' for --threads ($NEED_FILE)|batch m.map m.scen --threads 9223372036854775808
batch without --threads|2|lockstar: batch: --threads N is required (1..64)|batch m.map m.scen
queue without --tick-budget|2|lockstar: queue: --tick-budget E is required (expansions per tick, 1 or more)|queue m.map m.scen
path --png missing|2|lockstar: option --png needs a value|path m.map --from 0,0 --to 3,3 --png
path --png empty|2|lockstar: path: --png needs a file name|path m.map --from 0,0 --to 3,3 --png %E
path --png an option|2|lockstar: path: --png needs a file name, not '--scale' (write ./--scale for a file of that name)|path m.map --from 0,0 --to 3,3 --png --scale 4
path --png negative|2|lockstar: path: --png needs a file name, not '-1' (write ./-1 for a file of that name)|path m.map --from 0,0 --to 3,3 --png -1
render --png missing|2|lockstar: option --png needs a value|render m.map --png
render --png empty|2|lockstar: render: --png needs a file name|render m.map --png %E
render --png negative|2|lockstar: render: --png needs a file name, not '-1' (write ./-1 for a file of that name)|render m.map --png -1
path --draw with a value|2|lockstar: option --draw takes no value|path m.map --from 0,0 --to 3,3 --draw=1
path --smooth with a value|2|lockstar: option --smooth takes no value|path m.map --from 0,0 --to 3,3 --smooth=
path --from outside|2|lockstar: --from 9,9 is outside the 4x4 map m.map|path m.map --from 9,9 --to 3,3
path --from 2^31|2|lockstar: bad value '2147483648,0' for --from: expected X,Y (two whole numbers below 16384, such as 3,4)|path m.map --from 2147483648,0 --to 3,3
path --weight past 9 decimals|2|lockstar: bad value '1.0000000001' for --weight: expected a decimal from 1.0 to 64.0 (such as 1.5)|path m.map --from 0,0 --to 3,3 --weight 1.0000000001
path unknown option|2|lockstar: path: unknown option '--bogus' (try 'lockstar --help')|path m.map --from 0,0 --to 3,3 --bogus
unknown command|2|lockstar: unknown command 'bogus' (try 'lockstar --help')|bogus
selftest with an argument|2|lockstar: selftest: unexpected argument 'x' (selftest takes none)|selftest x
replay --budget missing|2|lockstar: replay: option --budget needs a value|replay ok.replay --budget
replay --budget empty|2|lockstar: replay: bad value '' for --budget: expected a whole number from 0 to 4294967295 (0 = no limit)|replay ok.replay --budget %E
replay --budget negative|2|lockstar: replay: bad value '-1' for --budget: expected a whole number from 0 to 4294967295 (0 = no limit)|replay ok.replay --budget -1
replay --budget 2^63|2|lockstar: replay: bad value '9223372036854775808' for --budget: expected a whole number from 0 to 4294967295 (0 = no limit)|replay ok.replay --budget 9223372036854775808
replay --threads missing|2|lockstar: replay: option --threads needs a value|replay ok.replay --threads
replay --threads empty|2|lockstar: replay: bad value '' for --threads: expected 1 to 64|replay ok.replay --threads %E
replay --threads 0|2|lockstar: replay: bad value '0' for --threads: expected 1 to 64|replay ok.replay --threads 0
replay --threads negative|2|lockstar: replay: bad value '-1' for --threads: expected 1 to 64|replay ok.replay --threads -1
replay --threads 2^31|2|lockstar: replay: bad value '2147483648' for --threads: expected 1 to 64|replay ok.replay --threads 2147483648
replay --record missing|2|lockstar: replay: option --record needs a value|replay ok.replay --record
replay --record empty|2|lockstar: replay: --record needs a file name|replay ok.replay --record %E
replay --record an option|2|lockstar: replay: --record needs a file name, not '--trace' (write ./--trace for a file of that name)|replay ok.replay --record --trace
replay --verify missing|2|lockstar: replay: option --verify needs a value|replay ok.replay --verify
replay --verify empty|2|lockstar: replay: --verify needs a file name|replay ok.replay --verify %E
replay --verify negative|2|lockstar: replay: --verify needs a file name, not '-1' (write ./-1 for a file of that name)|replay ok.replay --verify -1
replay --verify missing file|2|lockstar: nothing.trail: cannot open: *|replay ok.replay --verify nothing.trail
replay --trace with a value|2|lockstar: replay: option --trace takes no value|replay ok.replay --trace=1
replay --profile with a value|2|lockstar: replay: option --profile takes no value|replay ok.replay --profile=1
EOF2
)

# ------------------------------------------------------------- runs
# A build without libpng (configure --without-png, or a target of the
# platform matrix without it) refuses --png VALUE before anything else:
# those rows expect that refusal instead (tests/png.sh tests the rest).
run "png probe" render m.map --png probe.png
nopng=
grep -q 'built without libpng' "$tmp/err" && nopng=1

rows=0
run_table() {
    while IFS='|' read -r name want expect args; do
        [ -n "$name" ] || continue
        rows=$((rows + 1))
        case "$nopng $args " in
        "1 "*" --png "?*)
            want=2
            expect="lockstar: ${args%% *}: --png: this lockstar was built without libpng (on Debian: apt-get install libpng-dev, then configure and build again)" ;;
        esac
        set --
        for word in $args; do
            [ "$word" = %E ] && word=
            set -- "$@" "$word"
        done
        run "$name" "$@"
        if [ "$code" -ne "$want" ]; then
            fail "$name: exit status $code, expected $want ($(head -c 300 "$tmp/err"))"
            continue
        fi
        got=$(cat "$tmp/err")
        # The wasm32 target's runner (tests/cross/wasi-run.mjs) hands the
        # program absolute paths for the relative ones given here: the
        # messages name "$tmp/FILE" where the table says FILE ("$tmp" for
        # "."), and a long name cut at 200 bytes keeps fewer of its own
        # characters (a run of x's of another length).
        case ${TEST_EMULATOR:-} in
        *wasi-run*)
            got=$(printf '%s' "$got" | sed "s|$tmp/||g; s|$tmp:|.:|g; s/xxx*/x/g")
            expect=$(printf '%s' "$expect" | sed 's/xxx*/x/g') ;;
        esac
        case $expect in
        *'*') [ "${got#"${expect%'*'}"}" != "$got" ] ||
                  fail "$name: stderr '$(echo "$got" | head -c 300)', expected it to start with '${expect%'*'}'" ;;
        *) [ "$got" = "$expect" ] ||
               fail "$name: stderr '$(echo "$got" | head -c 300)', expected '$expect'" ;;
        esac
        if [ "$want" -ne 0 ] && [ -s "$tmp/out" ]; then
            fail "$name: printed on standard output on error"
        fi
    done
}
# Under wine and the wasm32 runner every run starts a whole runtime (about
# a second each): there the generated option rows (every option with a
# missing, empty, negative and huge value: the same parsing code each
# time) are left to the native, sanitizer and qemu runs, and said so. The
# hostile files and the special rows still run everywhere.
case ${TEST_EMULATOR:-} in
*wine*|*wasi-run*)
    skipped_rows=$(echo "$OPTION_ROWS" | grep -c .)
    OPTION_ROWS=
    echo "hostile: $skipped_rows generated option rows not run under '$TEST_EMULATOR' (they run natively, under sanitizers and under qemu)" ;;
esac
run_table <<EOF2
$FILES
$OPTION_ROWS
$SPECIAL
EOF2

# What the accepted oddities read as: the same map, the same rows.
run "crlf digest" digest crlf.map; crlf=$(cat "$tmp/out")
run "lf digest" digest lf.map; lf=$(cat "$tmp/out")
run "no-newline digest" digest no-newline.map; nonl=$(cat "$tmp/out")
[ -n "$lf" ] && [ "$crlf" = "$lf" ] && [ "$nonl" = "$lf" ] ||
    fail "CRLF ($crlf) and final-line ($nonl) maps must read as the LF map ($lf)"
run "zeros digest" digest zeros.map; zeros=$(cat "$tmp/out")
run "plain digest" digest m.map
[ "$zeros" = "$(cat "$tmp/out")" ] || fail "leading zeros (height 004) must read as 4"
run "mega-blank digest" digest mega-blank.map
[ "$code" -eq 0 ] || fail "blank lines of a megabyte after the rows must be accepted"
run "100,000 rows" scen m.map rows100k.scen
n=$(wc -l <"$tmp/out" | tr -d ' ')
[ "$n" = 100000 ] || fail "100,000-row scenario: $n lines printed"
echo "hostile: $rows table rows"
cli_summary hostile.sh
