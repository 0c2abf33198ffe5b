#!/bin/sh
# SPDX-License-Identifier: MIT
# png.sh - `lockstar path --png` and `lockstar render` end to end: the
# pictures are decoded with libpng (tests/pngread, not lockstar's code) and
# their size and the colours of known cells checked against the palette of
# docs/pictures.md ("Legend"): blocked, open ground, terrain, closed, open, path,
# partial path, waypoint, start, goal; then every refusal as one line. A
# lockstar built without libpng (configure --without-png) must refuse --png
# with one line; that is checked, and the rest is skipped (exit 77).
. "${top_srcdir:-.}/tests/cli_lib.sh"

pngread="$top_builddir/tests/pngread"
[ -x "$pngread" ] || pngread="$pngread.exe"

run "built with libpng?" render "$demo" --png "$tmp/probe.png"
if grep -q "built without libpng" "$tmp/err"; then
    expect_error 2 "path --png without libpng" "built without libpng" \
        path "$demo" --from 1,1 --to 46,22 --png "$tmp/p.png"
    expect_error 2 "render without libpng" "built without libpng" \
        render "$demo" --png "$tmp/m.png"
    [ ! -e "$tmp/p.png" ] || fail "a file was written without libpng"
    echo "png.sh: SKIP: built without libpng (configure --without-png); only the refusal of --png was checked ($checks runs, $failures failures)"
    [ "$failures" -eq 0 ] || exit 1
    exit 77
fi
[ -x "$pngread" ] || { echo "png.sh: $pngread not built (make check builds it)"; exit 1; }

# pixels FILE SCALE X,Y...: $tmp/px holds "size W H" and one "X,Y RRGGBB"
# line per cell, X,Y being cells: each is read at its top-left pixel.
pixels() {
    f=$1 s=$2
    shift 2
    list=
    for c in "$@"; do
        list="$list $(( ${c%,*} * s )),$(( ${c#*,} * s ))"
    done
    # shellcheck disable=SC2086
    if [ -n "$TEST_EMULATOR" ]; then
        "$top_builddir/libtool" --mode=execute $TEST_EMULATOR "$pngread" "$f" $list >"$tmp/px"
    else
        "$pngread" "$f" $list >"$tmp/px"
    fi || fail "pngread $f failed"
}
# colour NAME X,Y RRGGBB SCALE: the cell's top-left pixel in $tmp/px.
colour() {
    px="$(( ${2%,*} * $4 )),$(( ${2#*,} * $4 ))"
    grep -q -x -F "$px $3" "$tmp/px" ||
        fail "$1: cell $2 is $(grep "^$px " "$tmp/px" | cut -d' ' -f2), expected $3"
}

# The palette (docs/pictures.md, cli/picture.h).
BLOCKED=282830 GROUND=ecece4
CLOSED=97b8ec   # ground averaged with 66 133 244
OPEN=90ca9b     # ground averaged with 52 168 83
PATH_RGB=ff8c00 PARTIAL=c83cc8 WAYPOINT=191970 START=00b050 GOAL=dc0000
TERRAIN2=dec896 TERRAIN255=6e4b23

# The first swamp 'S' of the demo map, as X,Y.
swamp=$(awk 'f { i = index($0, "S"); if (i) { print i - 1 "," y; exit } y++ }
             /^map/ { f = 1; y = 0 }' "$demo")

# ------------------------------------------------------------ render
expect_code 0 "render" render "$demo" --png "$tmp/map.png" --scale 3
[ -s "$tmp/out" ] && fail "render: printed on stdout"
pixels "$tmp/map.png" 3 0,0 1,1 "$swamp"
grep -q -x "size 144 72" "$tmp/px" || fail "render: $(head -1 "$tmp/px"), expected 144x72 (48x24 cells at scale 3)"
colour "render blocked" 0,0 $BLOCKED 3
colour "render ground" 1,1 $GROUND 3
colour "render swamp at cost 1" "$swamp" $GROUND 3
expect_code 0 "render --swamp-cost 255" render "$demo" --png "$tmp/map.png" --scale=1 --swamp-cost 255
pixels "$tmp/map.png" 1 "$swamp"
grep -q -x "size 48 24" "$tmp/px" || fail "render --scale=1: $(head -1 "$tmp/px")"
colour "render terrain 255" "$swamp" $TERRAIN255 1
expect_code 0 "render --swamp-cost 2" render "$demo" --png "$tmp/map.png" --swamp-cost 2
pixels "$tmp/map.png" 8 "$swamp"
grep -q -x "size 384 192" "$tmp/px" || fail "render default scale 8: $(head -1 "$tmp/px")"
colour "render terrain 2" "$swamp" $TERRAIN2 8

# ------------------------------------------------------ path --png
# Dijkstra (--heuristic zero) expands every cell nearer than the goal, so
# the start's neighbour 1,2, off the path, is closed.
expect_code 0 "path" path "$demo" --from 1,1 --to 46,22 --heuristic zero
cp "$tmp/out" "$tmp/path.out"
expect_code 0 "path --png" path "$demo" --from 1,1 --to 46,22 --heuristic zero --png "$tmp/p.png"
cmp -s "$tmp/out" "$tmp/path.out" || fail "path --png: the report differs from the one without --png"
points=$(sed -n 's/^path: //p' "$tmp/out")
mid=$(echo "$points" | tr ' ' '\n' | awk '{ p[NR] = $0 } END { print p[int(NR / 2)] }')
case " $points " in *" 1,2 "*) fail "path: 1,2 is on the path; pick another closed cell" ;; esac
pixels "$tmp/p.png" 8 0,0 1,1 46,22 "$mid" 1,2
grep -q -x "size 384 192" "$tmp/px" || fail "path --png: $(head -1 "$tmp/px"), expected 384x192"
colour "path blocked" 0,0 $BLOCKED 8
colour "path start" 1,1 $START 8
colour "path goal" 46,22 $GOAL 8
colour "path cell $mid" "$mid" $PATH_RGB 8
colour "path closed" 1,2 $CLOSED 8

# One expansion: the start is closed, its neighbours open; the partial
# path is the start alone.
expect_code 1 "path one expansion" path "$demo" --from 1,1 --to 46,22 --max-expansions 1 --png "$tmp/one.png" --scale 2
pixels "$tmp/one.png" 2 2,1 1,2 2,2 3,3
colour "open east of start" 2,1 $OPEN 2
colour "open south of start" 1,2 $OPEN 2
colour "open south-east of start" 2,2 $OPEN 2
colour "unvisited" 3,3 $GROUND 2

# A partial path after 40 expansions.
expect_code 1 "path partial" path "$demo" --from 1,1 --to 46,22 --max-expansions 40 --png "$tmp/part.png"
partial=$(sed -n 's/^partial path ([^)]*): //p' "$tmp/out" | tr ' ' '\n' | sed -n 2p)
[ -n "$partial" ] || fail "path partial: no second point of the partial path"
pixels "$tmp/part.png" 8 "${partial:-1,1}"
colour "partial path" "${partial:-1,1}" $PARTIAL 8

# --smooth: a waypoint between start and goal has the waypoint colour at its
# centre pixel.
expect_code 0 "path --smooth --png" path "$demo" --from 1,1 --to 46,22 --smooth --png "$tmp/s.png" --algo jps
wp=$(sed -n 's/^waypoints: //p' "$tmp/out" | tr ' ' '\n' | sed -n 2p)
if [ -n "$wp" ] && [ "$wp" != 46,22 ]; then
    "$pngread" "$tmp/s.png" "$(( ${wp%,*} * 8 + 4 )),$(( ${wp#*,} * 8 + 4 ))" >"$tmp/px"
    grep -q " $WAYPOINT\$" "$tmp/px" || fail "waypoint $wp: centre is $(tail -1 "$tmp/px"), expected $WAYPOINT"
else
    fail "path --smooth: no waypoint between start and goal: $wp"
fi

# ------------------------------------------------------------ refusals
expect_error 2 "--scale 0" "bad value '0' for --scale: expected a whole number from 1 to 32" \
    path "$demo" --from 1,1 --to 46,22 --png "$tmp/x.png" --scale 0
expect_error 2 "--scale 33" "bad value '33' for --scale" \
    render "$demo" --png "$tmp/x.png" --scale 33
expect_error 2 "--scale x" "bad value 'x' for --scale" \
    render "$demo" --png "$tmp/x.png" --scale=x
expect_error 2 "--scale without --png" "path: --scale needs --png FILE" \
    path "$demo" --from 1,1 --to 46,22 --scale 4
expect_error 2 "--png without value" "option --png needs a value" \
    path "$demo" --from 1,1 --to 46,22 --png
expect_error 2 "--png empty" "render: --png needs a file name" \
    render "$demo" --png=
expect_error 2 "render without --png" "render: --png FILE is required" \
    render "$demo"
expect_error 2 "render without map" "render: no MAP file given" \
    render --png "$tmp/x.png"
expect_error 2 "render two maps" "render: unexpected argument" \
    render "$demo" "$demo" --png "$tmp/x.png"
expect_error 2 "render query option" "render: unknown option '--connect'" \
    render "$demo" --connect 4 --png "$tmp/x.png"
expect_error 2 "render missing map" "$tmp/none.map" \
    render "$tmp/none.map" --png "$tmp/x.png"
[ ! -e "$tmp/x.png" ] || fail "a refused command wrote $tmp/x.png"
expect_error 2 "unwritable" "path: cannot write $tmp/no/dir.png" \
    path "$demo" --from 1,1 --to 46,22 --png "$tmp/no/dir.png"
# A failed write leaves an older file as it was, and nothing else.
cp "$tmp/map.png" "$tmp/keep.png"
mkdir "$tmp/keep.png.tmp"
expect_error 2 "write fails" "render: cannot write $tmp/keep.png" \
    render "$demo" --png "$tmp/keep.png" --scale 1
cmp -s "$tmp/map.png" "$tmp/keep.png" || fail "write fails: the older file changed"
rmdir "$tmp/keep.png.tmp"
ls "$tmp" | grep -q '\.tmp$' && fail "a .tmp file was left behind"
# Too many pixels for one picture: 300x300 cells at scale 32.
awk 'BEGIN { print "type octile\nheight 300\nwidth 300\nmap";
             r = ""; for (i = 0; i < 300; i++) r = r "."
             for (i = 0; i < 300; i++) print r }' >"$tmp/big.map"
expect_error 2 "too many pixels" "render: --png: the picture would be 9600x9600 pixels, more than 67108864; choose a smaller --scale" \
    render "$tmp/big.map" --png "$tmp/big.png" --scale 32
[ ! -e "$tmp/big.png" ] || fail "too many pixels: a file was written"

cli_summary png.sh
