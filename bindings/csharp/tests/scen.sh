#!/bin/sh
# SPDX-License-Identifier: MIT
# scen.sh - LockstarScen.exe (C#) against `lockstar scen` (C), byte for
# byte: standard output, exit status, and standard error with the CPU time
# of the summary line masked (each process measures its own). Runs on the
# bundled examples/, on every map/scen pair of the shared Moving AI maps
# (LS_MAPS_DIR, else ../shared/maps beside the source tree; counted as
# skipped when absent, never as passed) under several option sets, and
# on file and option errors.
# Run by `make check` when configure found mono (bindings/csharp/csharp.am).
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}"
cli="$top_builddir/cli/lockstar"
exe="$top_builddir/bindings/csharp/LockstarScen.exe"
: "${MONO:=mono}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cs-scen.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0 skip=0

compare() { # LABEL ARGS... (the arguments after `scen`)
    label=$1
    shift
    # Both at once (two cores); each writes its own files.
    { "$cli" scen "$@" >"$tmp/c.out" 2>"$tmp/c.err"; echo $? >"$tmp/c.rc"; } &
    "$MONO" "$exe" "$@" >"$tmp/cs.out" 2>"$tmp/cs.err"
    cs_rc=$?
    wait
    c_rc=$(cat "$tmp/c.rc")
    for f in c cs; do
        sed 's/, [0-9]*\.[0-9][0-9][0-9] s$/, (cpu time) s/' "$tmp/$f.err" >"$tmp/$f.err.masked"
    done
    if [ "$c_rc" != "$cs_rc" ]; then
        echo "FAIL $label: exit status: lockstar $c_rc, LockstarScen.exe $cs_rc"
        sed 's/^/  cs stderr: /' "$tmp/cs.err" | head -5
        fail=$((fail + 1))
    elif ! cmp -s "$tmp/c.out" "$tmp/cs.out"; then
        echo "FAIL $label: standard output differs:"
        cmp "$tmp/c.out" "$tmp/cs.out"
        diff "$tmp/c.out" "$tmp/cs.out" | head -6
        fail=$((fail + 1))
    elif ! cmp -s "$tmp/c.err.masked" "$tmp/cs.err.masked"; then
        echo "FAIL $label: standard error differs:"
        diff "$tmp/c.err.masked" "$tmp/cs.err.masked" | head -6
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
}

# Proves that compare() can fail: a LockstarScen output with one byte
# changed must be caught. (The comparison itself is cmp; this checks the
# plumbing around it, e.g. that both programs really ran.)
"$cli" scen "$top_srcdir/examples/demo.map" "$top_srcdir/examples/demo.scen" >"$tmp/c.out" 2>/dev/null
"$MONO" "$exe" "$top_srcdir/examples/demo.map" "$top_srcdir/examples/demo.scen" 2>/dev/null |
    sed '1s/^\(.\)/X/' >"$tmp/cs.out"
if cmp -s "$tmp/c.out" "$tmp/cs.out" || [ ! -s "$tmp/c.out" ]; then
    echo "FAIL self-check: a changed output was not told apart (or lockstar printed nothing)"
    fail=$((fail + 1))
fi

demo_map="$top_srcdir/examples/demo.map"
demo_scen="$top_srcdir/examples/demo.scen"
option_sets="
--connect=4 --budget 3
--algo jps --heuristic zero
--weight 1.5 --tie low-g --corners all --smooth
--corners one --straight 7 --diagonal 9 --max-expansions 40
--context compact --grid compact --swamp-cost 5 --heuristic chebyshev
--weight 64 --straight 65535 --diagonal 131070
--clearance 2 --smooth --corners one
--clearance 3 --connect 4 --budget 5 --smooth
"
compare "demo" "$demo_map" "$demo_scen"
echo "$option_sets" | while IFS= read -r opts; do
    [ -n "$opts" ] && echo "$opts"
done >"$tmp/sets"
while IFS= read -r opts; do
    # shellcheck disable=SC2086
    compare "demo $opts" "$demo_map" "$demo_scen" $opts
done <"$tmp/sets"

# Faults: files, options, and their messages.
printf 'type octile\nheight 2\nwidth 3\nmap\n.x.\n...\n' >"$tmp/badchar.map"
printf 'type octile\nheight 2\nwidth 3\nmap\n...\n' >"$tmp/short.map"
printf 'type octile\nheight 1\nwidth 3\nmap\n...\n' >"$tmp/ok.map"
printf 'version 1\n0\tok.map\t3\t1\t0\t0\t2\t0\t2\n0\tok.map\t3\t1\t0\t0\t9\t0\t9\n' >"$tmp/outside.scen"
printf 'version 2\n' >"$tmp/v2.scen"
printf 'version 1\n0\tx\t4\t1\t0\t0\t2\t0\t2\n' >"$tmp/size.scen"
printf 'type octile\rheight 1\rwidth 3\rmap\r...\r' >"$tmp/cr.map"
printf 'version 1\n0\tok.map\t3\t1\t0\t0\t2\t0\t2.0\r0\n' >"$tmp/cr.scen"
printf 'version 1\n0\tok.map\t3\t1\t0\t0\t2\t0\t12345678901.5\n' >"$tmp/long.scen"
long=$(printf '%0300d' 0)
compare "missing map" "$tmp/nothing.map" "$demo_scen"
compare "missing map, long name" "$tmp/$long.map" "$demo_scen"
# Where C cuts bytes, C# must cut the same ones: a path at 200 bytes
# (here inside the two bytes of an e-acute), a reader's message at 511
# (a bad map under a path of over 511 bytes), the CLI's at 1023.
pad=$(printf '%*s' $((199 - ${#tmp} - 1)) '' | tr ' ' a)
compare "missing map, UTF-8 cut at 200 bytes" "$tmp/$pad$(printf '\303\251')$(printf '%040d' 0).map" "$demo_scen"
deep=$tmp/$(printf '%0200d' 1)/$(printf '%0200d' 2)/$(printf '%0150d' 3)
mkdir -p "$deep" && cp "$tmp/badchar.map" "$deep/"
compare "bad map, message cut at 511 bytes" "$deep/badchar.map" "$demo_scen"
compare "unknown option, message cut at 1023 bytes" "$demo_map" "$demo_scen" "--$(printf '%01100d' 0)"
compare "unexpected UTF-8 argument" "$demo_map" "$demo_scen" "$(printf 'caf\303\251')"
compare "CR-only map" "$tmp/cr.map" "$demo_scen"
compare "CR in a scen row" "$tmp/ok.map" "$tmp/cr.scen"
compare "optimal_length too long" "$tmp/ok.map" "$tmp/long.scen"
compare "missing scen" "$demo_map" "$tmp/nothing.scen"
compare "directory" "$tmp" "$demo_scen"
compare "bad character" "$tmp/badchar.map" "$demo_scen"
compare "short map" "$tmp/short.map" "$demo_scen"
compare "goal outside" "$tmp/ok.map" "$tmp/outside.scen"
compare "scen version" "$tmp/ok.map" "$tmp/v2.scen"
compare "scen size" "$tmp/ok.map" "$tmp/size.scen"
compare "no files"
compare "one file" "$demo_map"
compare "three files" "$demo_map" "$demo_scen" extra
compare "unknown option" "$demo_map" "$demo_scen" --fast
compare "bad connect" "$demo_map" "$demo_scen" --connect 6
compare "bad weight" "$demo_map" "$demo_scen" --weight=0.5
compare "missing value" "$demo_map" "$demo_scen" --budget
compare "step costs" "$demo_map" "$demo_scen" --straight 10 --diagonal 25
compare "smooth value" "$demo_map" "$demo_scen" --smooth=1
compare "jps refused" "$demo_map" "$demo_scen" --algo jps --corners all
compare "clearance 17" "$demo_map" "$demo_scen" --clearance 17
compare "clearance 2 with jps" "$demo_map" "$demo_scen" --clearance 2 --algo jps
compare "clearance 2 on a compact grid" "$demo_map" "$demo_scen" --clearance 2 --grid compact
compare "double dash" -- "$demo_map" "$demo_scen"

maps=${LS_MAPS_DIR:-$top_srcdir/../shared/maps}
if [ -d "$maps" ] && ls "$maps"/*.map >/dev/null 2>&1; then
    for map in "$maps"/*.map; do
        for scen in "$map".scen "$map".sub.scen; do
            [ -f "$scen" ] || continue
            # The whole maze512 scenario under A* is 942 million expansions,
            # 88 s of CPU for each program (measured): it runs under JPS
            # (10 s each) unless LS_CSHARP_SLOW=1; its .sub.scen runs under
            # A* and every option set below.
            case "$scen,${LS_CSHARP_SLOW:-0}" in
            */maze512-4-0.map.scen,0)
                compare "$(basename "$scen") --algo jps" "$map" "$scen" --algo jps ;;
            *)
                compare "$(basename "$scen")" "$map" "$scen" ;;
            esac
        done
        # The other option sets on the smaller scenario of each map.
        [ -f "$map.sub.scen" ] || continue
        while IFS= read -r opts; do
            # shellcheck disable=SC2086
            compare "$(basename "$map").sub.scen $opts" "$map" "$map.sub.scen" $opts
        done <"$tmp/sets"
    done
else
    echo "SKIP shared maps: $maps not found"
    skip=$((skip + 1))
fi

echo "csharp scen: $pass comparisons identical, $fail differ, $skip skipped (shared maps)"
[ "$fail" -eq 0 ] || exit 1
[ "$pass" -gt 0 ] || exit 77
exit 0
