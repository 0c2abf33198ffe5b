#!/bin/sh
# SPDX-License-Identifier: MIT
# test.sh - the whole test suite: install what is missing, then
#   1. build with warnings as errors (both bindings: configure
#      --with-node=yes --with-mono=yes, so neither can go missing), run
#      `make check-limits` (the largest grid, searched corner to corner:
#      about 4 s of CPU and 0.6 GB), then `make distcheck` with the same
#      options: the release tarball is unpacked, built out of tree on a
#      read-only source and its `make check` runs every test (unit suites,
#      golden vectors, CLI, float-free and symbol guards, the JavaScript
#      binding's node tests, the C# binding under mono), so the whole suite
#      runs once, on exactly what a release ships;
#   2. build again with -fsanitize=address,undefined and run `make check`;
#   3. the batch, queue, selftest and crowd suites, `lockstar batch` and
#      `lockstar replay` under clang's ThreadSanitizer;
#   4. the browser playground (web/) in headless Chromium: make
#      check-playground in step 1's build (chromium installed through
#      tools/deps.sh, playwright-core from npm into _build/playground-cache);
#      skipped, and said so, only when chromium cannot be installed;
#   5. every CUnit suite (tests/unit of step 1) under valgrind's memcheck,
#      one process per suite, as many at once as there are CPUs: any
#      invalid access, use of uninitialised memory or block left allocated
#      at exit fails.
# Writes: the build trees under _build/ (check, sanitize, tsan, the
# playground's npm cache, logs) and autoreconf's output (see below).
# Usage: sh tools/test.sh     (exit 0 = everything passed)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc 2>/dev/null || echo 2)
# clang and its sanitizer runtimes (Debian 12: libclang-rt-14-dev) for step 4;
# --js: node, clang's wasm32-wasi target and wasi-libc for bindings/js;
# mono's compiler and runtime for the C# binding (step 1); valgrind for the
# memcheck step.
sh "$top/tools/deps.sh" --js clang libclang-rt-14-dev mono-mcs mono-runtime valgrind
# Regenerate autoreconf's output in the source tree (configure, Makefile.in
# files, aclocal.m4, autom4te.cache/, build-aux/, m4/*.m4; all ignored by
# git), so a changed configure.ac or Makefile.am is always what is tested.
(cd "$top" && autoreconf -fi >/dev/null 2>&1)

run_check() { # BUILD_DIR LABEL
    if ! make -C "$1" -j"$jobs" check; then
        echo "test: $2 failed; logs:" >&2
        cat "$1"/test-suite.log >&2 || true
        exit 1
    fi
}

start=$(date +%s)
step_start=$start
# step TITLE: how long the step before took, then the new step's title
# (the figures of the README's quick start and docs/ci.md come from these lines).
step() {
    now=$(date +%s)
    echo "test: that step took $((now - step_start)) s"
    step_start=$now
    echo "== $1"
}
echo "== 1/5 native build (-O2 -Werror, both bindings), make check-limits, and make distcheck (make check of the release tarball)"
werror="-g -O2 -Werror"
rm -rf "$top/_build/check"
sh "$top/tools/build.sh" "$top/_build/check" --with-node=yes --with-mono=yes CFLAGS="$werror"
make -C "$top/_build/check" -j"$jobs" tests/unit >/dev/null
make -C "$top/_build/check" check-limits || {
    echo "test: make check-limits failed" >&2
    exit 1
}
make -C "$top/_build/check" -j"$jobs" distcheck \
    DISTCHECK_CONFIGURE_FLAGS="--with-node=yes --with-mono=yes CFLAGS='$werror'" \
    >"$top/_build/distcheck.log" 2>&1 || {
    grep -E '^(FAIL|ERROR|XPASS|# )' "$top/_build/distcheck.log" >&2 || true
    tail -80 "$top/_build/distcheck.log" >&2
    echo "test: make distcheck failed (full log: _build/distcheck.log; each test's own log: _build/check/lockstar-*/_build/sub/)" >&2
    exit 1
}
grep -E '^(PASS|SKIP|# [A-Z]+: )' "$top/_build/distcheck.log" || true
grep -E '^lockstar-.*archives ready for distribution' -A2 "$top/_build/distcheck.log" || true

step "2/5 address and undefined-behaviour sanitizers"
san="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
rm -rf "$top/_build/sanitize"
# --without-mono: a static, ASan-instrumented build has no liblockstar.so
# for mono to load (and mono cannot load one without preloading ASan).
sh "$top/tools/build.sh" "$top/_build/sanitize" --disable-shared --without-node --without-mono \
    CFLAGS="$san" LDFLAGS="-fsanitize=address,undefined"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    run_check "$top/_build/sanitize" "sanitizer make check"

step "3/5 ThreadSanitizer (clang): the batch, queue, selftest and crowd suites, lockstar batch and replay"
rm -rf "$top/_build/tsan"
sh "$top/tools/build.sh" "$top/_build/tsan" --disable-shared --without-node --without-mono CC=clang \
    CFLAGS="-O1 -g -fsanitize=thread" LDFLAGS="-fsanitize=thread"
make -C "$top/_build/tsan" -j"$jobs" tests/unit >/dev/null
for suite in batch queue selftest crowd "crowd tick" "crowd route"; do
    TSAN_OPTIONS="halt_on_error=1 exitcode=66" "$top/_build/tsan/tests/unit" "$suite" || {
        echo "test: ThreadSanitizer run of the $suite suite failed" >&2
        exit 1
    }
done
TSAN_OPTIONS="halt_on_error=1 exitcode=66" "$top/_build/tsan/cli/lockstar" replay \
    "$top/examples/groups.replay" --threads 4 >/dev/null 2>&1 || {
    echo "test: ThreadSanitizer run of lockstar replay failed" >&2
    exit 1
}
TSAN_OPTIONS="halt_on_error=1 exitcode=66" "$top/_build/tsan/cli/lockstar" batch \
    "$top/examples/demo.map" "$top/examples/demo.scen" --threads 8 >/dev/null || {
    echo "test: ThreadSanitizer run of lockstar batch failed" >&2
    exit 1
}

step "4/5 browser playground (headless chromium): make check-playground"
skipped=""
if make -C "$top/_build/check" check-playground \
        PLAYGROUND_CACHE="$top/_build/playground-cache" >"$top/_build/playground.log" 2>&1; then
    grep -v '^make' "$top/_build/playground.log"
elif grep -q '^playground: SKIP' "$top/_build/playground.log"; then
    # tests/playground.sh exits 77 only when chromium cannot be installed.
    grep '^playground: ' "$top/_build/playground.log"
    skipped=" (1 skipped: the browser playground, chromium could not be installed)"
else
    cat "$top/_build/playground.log" >&2
    echo "test: the browser playground test failed (log: _build/playground.log)" >&2
    exit 1
fi

step "5/5 valgrind memcheck: every CUnit suite, $jobs at once"
vg_start=$(date +%s)
vg_logs="$top/_build/memcheck"
rm -rf "$vg_logs" && mkdir -p "$vg_logs"
# The suites' names, as each suite file registers it; biggest file first,
# so that the longest runs start first and the lanes end close together.
ls -S "$top"/tests/suite_*.c | xargs sed -n 's/.*CU_add_suite("\([^"]*\)".*/\1/p' \
    >"$vg_logs/suites.txt"
[ -s "$vg_logs/suites.txt" ] || { echo "test: memcheck found no suite names" >&2; exit 1; }
# One valgrind per suite; a suite's log is _build/memcheck/<suite>.log.
# memcheck runs the code about 30 times slower, as an emulator does, so
# the randomised trials run at an emulator's 25 % (tests/test_util.h,
# tu_trials: the same seeds, the first quarter of the native trials;
# what only later trials reach is left to step 1 and to the sanitizers of
# step 2, which run them all); golden vectors and the self-test run in
# full, as everywhere.
(cd "$top/_build/check" && tr '\n' '\0' <"$vg_logs/suites.txt" |
    LOCKSTAR_TEST_TRIALS_PERCENT=25 top_srcdir="$top" top_builddir=. \
    xargs -0 -P "$jobs" -I{} sh -c '
        valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=all \
            --errors-for-leak-kinds=all ./tests/unit "$1" >"$2/$1.log" 2>&1 ||
            { echo "memcheck: suite $1 failed (log: _build/memcheck/$1.log)" >&2; exit 1; }' \
        sh {} "$vg_logs") || {
    for f in "$vg_logs"/*.log; do
        grep -qE '^==[0-9]+==|Failed|failed' "$f" && tail -40 "$f" >&2
    done
    echo "test: memcheck of tests/unit failed (logs: _build/memcheck/)" >&2
    exit 1
}
cat "$vg_logs"/*.log | awk '$1 == "tests" && $2 ~ /^[0-9]+$/ { n++; t += $3; p += $4; f += $5 }
    END { printf "memcheck: %d suites, %d tests, %d passed, %d failed\n", n, t, p, f }'
echo "memcheck: no error, no leak, in $(( $(date +%s) - vg_start )) s"

echo "test: that step took $(( $(date +%s) - step_start )) s"
echo "test: all passed in $(( $(date +%s) - start )) s$skipped"
