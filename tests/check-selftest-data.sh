#!/bin/sh
# SPDX-License-Identifier: MIT
# check-selftest-data.sh - the self-test's embedded cases cannot drift from
# the golden vectors: tools/selftestgen, run here (under the target's
# emulator when cross-compiled) on $top_srcdir/vectors, must write exactly
# the checked-in src/selftest_data.c. On a difference: make selftest-regen,
# review, commit. Exit 0 = same, 1 = different or the generator failed.
set -u
: "${top_srcdir:=.}"
: "${top_builddir:=.}"
: "${TEST_EMULATOR:=}"

prog="$top_builddir/tools/selftestgen"
if [ ! -x "$prog" ] && [ -x "$prog.exe" ]; then
    prog="$prog.exe"
fi
if [ ! -x "$prog" ]; then
    echo "check-selftest-data: $prog not found (build it first)"
    exit 1
fi
want="$top_srcdir/src/selftest_data.c"
out="${TMPDIR:-/tmp}/selftest_data.$$.c"
trap 'rm -f "$out"' 0
trap 'exit 1' 1 2 15

if [ -n "$TEST_EMULATOR" ]; then
    "$top_builddir/libtool" --mode=execute $TEST_EMULATOR "$prog" \
        "$top_srcdir/vectors" "$out"
else
    "$prog" "$top_srcdir/vectors" "$out"
fi
rc=$?
if [ "$rc" -ne 0 ] || [ ! -s "$out" ]; then
    echo "check-selftest-data: FAIL: tools/selftestgen exited with $rc"
    exit 1
fi
if ! cmp -s "$out" "$want"; then
    echo "check-selftest-data: FAIL: src/selftest_data.c is not what" \
         "tools/selftestgen writes from vectors/ (run make selftest-regen," \
         "review, commit); first difference:"
    cmp "$out" "$want" | head -n 1
    exit 1
fi
echo "check-selftest-data: src/selftest_data.c is what tools/selftestgen writes from vectors/"
exit 0
