#!/bin/sh
# SPDX-License-Identifier: MIT
# regress.sh - `make check`: every libFuzzer harness of tests/fuzz, built
# without libFuzzer (tests/fuzz/standalone.c), run once on each input of
# its corpus, tests/fuzz/corpus/NAME/: the seeds and every input that
# once broke an invariant (named regress-*). Under tools/test.sh's
# sanitizer build this is the corpus under ASan and UBSan.
# Exit 0 = every input passed, 1 = a harness failed or is missing.
set -u
: "${top_srcdir:=.}"
: "${top_builddir:=.}"
: "${TEST_EMULATOR:=}"
failures=0
total=0
for name in search map scen vecfile replay queue batch sight crowd; do
    prog="$top_builddir/tests/fuzz/fuzz_$name"
    [ -x "$prog" ] || [ ! -x "$prog.exe" ] || prog="$prog.exe"
    if [ ! -x "$prog" ]; then
        echo "FAIL: $prog not built"
        failures=$((failures + 1))
        continue
    fi
    set -- "$top_srcdir/tests/fuzz/corpus/$name"/*
    if [ ! -f "$1" ]; then
        echo "FAIL: no corpus in tests/fuzz/corpus/$name"
        failures=$((failures + 1))
        continue
    fi
    total=$((total + $#))
    if [ -n "$TEST_EMULATOR" ]; then
        "$top_builddir/libtool" --mode=execute $TEST_EMULATOR "$prog" "$@" >/dev/null
    else
        "$prog" "$@" >/dev/null
    fi || {
        echo "FAIL: fuzz_$name broke an invariant on its corpus (run: $prog FILE)"
        failures=$((failures + 1))
    }
done
echo "regress: $total corpus inputs through 8 harnesses, $failures failed"
[ "$failures" -eq 0 ]
