#!/bin/sh
# SPDX-License-Identifier: MIT
# run.sh - build the libFuzzer harnesses of tests/fuzz with clang
# (-fsanitize=fuzzer,address,undefined), apart from the normal build, and
# run each for SECONDS (make fuzz FUZZ_SECONDS=N calls this).
#
# Usage: sh tests/fuzz/run.sh [-b BUILD_DIR] [-j JOBS] [-p AT_ONCE] SECONDS [HARNESS...]
#   SECONDS 0 only builds. HARNESS names (search map scen vecfile replay
#   queue batch sight; default all) pick harnesses. -j gives each harness
#   JOBS libFuzzer jobs (default 1); -p runs AT_ONCE harnesses side by side
#   and compiles as many files at once (default: the number of CPUs, so
#   .ci/run's 8 x 20 s take 80 s of a 2-core machine, not 160). Each runs on a working
#   copy of its seed corpus (BUILD_DIR/corpus/NAME, kept between runs, so
#   coverage grows) with tests/fuzz/corpus/NAME read as seeds; a crash is
#   left as BUILD_DIR/crash-NAME-* and the script exits 1.
# Environment: CC (default clang-14, else clang), FUZZ_FLAGS (extra
#   libFuzzer flags, e.g. -runs=10000000).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
out="$top/_build/fuzz"
jobs=1
at_once=$(nproc 2>/dev/null || echo 1)
while [ $# -gt 0 ]; do
    case $1 in
    -b) out=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    -p) at_once=$2; shift 2 ;;
    *) break ;;
    esac
done
[ $# -ge 1 ] || { echo "usage: $0 [-b DIR] [-j JOBS] [-p AT_ONCE] SECONDS [HARNESS...]" >&2; exit 2; }
for n in "$jobs" "$at_once"; do
    case $n in ''|*[!0-9]*|0) echo "run.sh: -j and -p take a whole number >= 1, not '$n'" >&2; exit 2 ;; esac
done
seconds=$1; shift
case $seconds in ''|*[!0-9]*) echo "run.sh: SECONDS must be a whole number, not '$seconds'" >&2; exit 2 ;; esac
all="search map scen vecfile replay queue batch sight crowd"
harnesses=${*:-$all}
if [ -z "${CC:-}" ]; then
    if command -v clang-14 >/dev/null 2>&1; then CC=clang-14; else CC=clang; fi
fi
command -v "$CC" >/dev/null 2>&1 || { echo "run.sh: no $CC (Debian: clang, libclang-rt-14-dev)" >&2; exit 1; }

san="-fsanitize=address,undefined -fno-sanitize-recover=all"
cflags="-std=c99 -O1 -g -fno-omit-frame-pointer $san -fsanitize=fuzzer-no-link"
cflags="$cflags -I$top/include -I$top/movingai -I$top/cli -I$top/tools -I$top/tests -I$top/tests/fuzz"
mkdir -p "$out/obj"

# The library, the readers and the oracle library, as one archive the harnesses
# link (only what each uses is pulled in). An object is rebuilt when its
# source or any header of the tree is newer.
newest_header=$(ls -t "$top"/include/*.h "$top"/src/*.h "$top"/movingai/*.h \
    "$top"/cli/*.h "$top"/tools/*.h "$top"/tests/*.h "$top"/tests/oracle/*.h \
    "$top"/tests/fuzz/*.h | head -1)
objects=""
: >"$out/obj/todo"
for src in "$top"/src/*.c "$top"/movingai/*.c "$top"/tests/oracle/*.c \
    "$top"/tools/mapgen.c "$top"/tools/vecfile_*.c \
    "$top"/cli/options.c "$top"/cli/memory.c "$top"/cli/replay_read.c \
    "$top"/tests/fuzz/fuzz_util.c; do
    rel=${src#"$top"/}
    obj="$out/obj/$(echo "$rel" | tr / _).o"
    if [ ! -f "$obj" ] || [ "$src" -nt "$obj" ] || [ "$newest_header" -nt "$obj" ]; then
        printf '%s %s\n' "$src" "$obj" >>"$out/obj/todo"
    fi
    objects="$objects $obj"
done
# Compile what is out of date, $at_once files at a time (no path here
# holds a space: the tree's own names). A failed compile removes its
# object, so the next run tries it again.
export CC cflags
if [ -s "$out/obj/todo" ]; then
    xargs -P "$at_once" -n 2 sh -c 'echo "  CC ${0##*/}"; $CC $cflags -c "$0" -o "$1" || { rm -f "$1"; exit 255; }' \
        <"$out/obj/todo" || { echo "run.sh: compiling the fuzz objects failed" >&2; exit 1; }
fi
stale=""
for obj in $objects; do
    [ -f "$out/libfuzzdeps.a" ] && [ ! "$obj" -nt "$out/libfuzzdeps.a" ] || stale=1
done
if [ -n "$stale" ]; then
    rm -f "$out/libfuzzdeps.a"
    ar rcs "$out/libfuzzdeps.a" $objects
fi

: >"$out/link-todo"
for name in $harnesses; do
    src="$here/fuzz_$name.c"
    [ -f "$src" ] || { echo "run.sh: no harness '$name' (one of: $all)" >&2; exit 2; }
    if [ ! -x "$out/fuzz_$name" ] || [ "$src" -nt "$out/fuzz_$name" ] || \
       [ "$out/libfuzzdeps.a" -nt "$out/fuzz_$name" ]; then
        printf '%s %s\n' "$src" "$out/fuzz_$name" >>"$out/link-todo"
    fi
done
if [ -s "$out/link-todo" ]; then
    xargs -P "$at_once" -n 2 sh -c 'echo "  LD ${1##*/}"; $CC $cflags -fsanitize=fuzzer "$0" "${1%/*}/libfuzzdeps.a" -llibfixmath -lpthread -o "$1" || { rm -f "$1"; exit 255; }' \
        <"$out/link-todo" || { echo "run.sh: linking the harnesses failed" >&2; exit 1; }
fi
[ "$seconds" -gt 0 ] || exit 0

parallel=""
[ "$jobs" -gt 1 ] && parallel="-jobs=$jobs -workers=$jobs"
# fuzz_one NAME: one harness for $seconds s; its report goes to
# $out/fuzz_NAME.log and its verdict to $out/fuzz_NAME.status.
fuzz_one() {
    name=$1
    mkdir -p "$out/corpus/$name"
    dict=""
    [ -f "$here/$name.dict" ] && dict="-dict=$here/$name.dict"
    # A case that runs 10 s is a hang: libFuzzer reports it as a fault.
    if (cd "$out" && ASAN_OPTIONS=detect_leaks=1 \
        "./fuzz_$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$out/crash-$name-" -print_final_stats=1 \
        $parallel $dict ${FUZZ_FLAGS:-} \
        "$out/corpus/$name" "$here/corpus/$name" >"$out/fuzz_$name.log" 2>&1); then
        echo 0 >"$out/fuzz_$name.status"
    else
        echo 1 >"$out/fuzz_$name.status"
    fi
}

# report NAME: print the harness's figures, or its fault; returns 1 on a fault.
report() {
    echo "== fuzz_$1 for $seconds s"
    if [ "$(cat "$out/fuzz_$1.status" 2>/dev/null)" = 0 ]; then
        grep -E '^stat::(number_of_executed_units|peak_rss_mb)|^#[0-9]+.*DONE' \
            "$out/fuzz_$1.log" | tail -3
        return 0
    fi
    tail -40 "$out/fuzz_$1.log" >&2
    echo "run.sh: fuzz_$1 found a fault (input in $out/crash-$1-*)" >&2
    return 1
}

# $at_once harnesses side by side (each gets the same time, so batches
# of equal length waste nothing); reports in the order asked for.
status=0
batch=""
count=0
for name in $harnesses; do
    rm -f "$out/fuzz_$name.status"
    fuzz_one "$name" &
    batch="$batch $name"
    count=$((count + 1))
    if [ "$count" -ge "$at_once" ]; then
        wait
        for b in $batch; do report "$b" || status=1; done
        batch="" count=0
    fi
done
wait
for b in $batch; do report "$b" || status=1; done
exit $status
