#!/bin/sh
# run.sh - build the libFuzzer harnesses of tests/fuzz with clang
# (-fsanitize=fuzzer,address,undefined), apart from the normal build, and
# run each for SECONDS (make fuzz FUZZ_SECONDS=N calls this).
#
# Usage: sh tests/fuzz/run.sh [-b BUILD_DIR] [-j JOBS] SECONDS [HARNESS...]
#   SECONDS 0 only builds. HARNESS names (search map scen vecfile replay
#   queue batch sight; default all) pick harnesses. Each runs on a working
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
while [ $# -gt 0 ]; do
    case $1 in
    -b) out=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    *) break ;;
    esac
done
[ $# -ge 1 ] || { echo "usage: $0 [-b DIR] [-j JOBS] SECONDS [HARNESS...]" >&2; exit 2; }
seconds=$1; shift
case $seconds in ''|*[!0-9]*) echo "run.sh: SECONDS must be a whole number, not '$seconds'" >&2; exit 2 ;; esac
all="search map scen vecfile replay queue batch sight"
harnesses=${*:-$all}
if [ -z "${CC:-}" ]; then
    if command -v clang-14 >/dev/null 2>&1; then CC=clang-14; else CC=clang; fi
fi
command -v "$CC" >/dev/null 2>&1 || { echo "run.sh: no $CC (Debian: clang, libclang-rt-14-dev)" >&2; exit 1; }

san="-fsanitize=address,undefined -fno-sanitize-recover=all"
cflags="-std=c99 -O1 -g -fno-omit-frame-pointer $san -fsanitize=fuzzer-no-link"
cflags="$cflags -I$top/include -I$top/movingai -I$top/cli -I$top/tools -I$top/tests -I$top/tests/fuzz"
mkdir -p "$out/obj"

# The library, the readers and the oracles, as one archive the harnesses
# link (only what each uses is pulled in). An object is rebuilt when its
# source or any header of the tree is newer.
newest_header=$(ls -t "$top"/include/*.h "$top"/src/*.h "$top"/movingai/*.h \
    "$top"/cli/*.h "$top"/tools/*.h "$top"/tests/*.h "$top"/tests/fuzz/*.h | head -1)
objects=""
for src in "$top"/src/*.c "$top"/movingai/*.c "$top"/tests/oracle.c \
    "$top"/tests/sight_ref.c "$top"/tools/mapgen.c "$top"/tools/vecfile_*.c \
    "$top"/cli/options.c "$top"/cli/memory.c "$top"/cli/replay_read.c \
    "$top"/tests/fuzz/fuzz_util.c; do
    rel=${src#"$top"/}
    obj="$out/obj/$(echo "$rel" | tr / _).o"
    if [ ! -f "$obj" ] || [ "$src" -nt "$obj" ] || [ "$newest_header" -nt "$obj" ]; then
        echo "  CC $rel"
        $CC $cflags -c "$src" -o "$obj"
    fi
    objects="$objects $obj"
done
stale=""
for obj in $objects; do
    [ -f "$out/libfuzzdeps.a" ] && [ ! "$obj" -nt "$out/libfuzzdeps.a" ] || stale=1
done
if [ -n "$stale" ]; then
    rm -f "$out/libfuzzdeps.a"
    ar rcs "$out/libfuzzdeps.a" $objects
fi

for name in $harnesses; do
    src="$here/fuzz_$name.c"
    [ -f "$src" ] || { echo "run.sh: no harness '$name' (one of: $all)" >&2; exit 2; }
    if [ ! -x "$out/fuzz_$name" ] || [ "$src" -nt "$out/fuzz_$name" ] || \
       [ "$out/libfuzzdeps.a" -nt "$out/fuzz_$name" ]; then
        echo "  LD fuzz_$name"
        $CC $cflags -fsanitize=fuzzer "$src" "$out/libfuzzdeps.a" -llibfixmath \
            -lpthread -o "$out/fuzz_$name"
    fi
done
[ "$seconds" -gt 0 ] || exit 0

parallel=""
[ "$jobs" -gt 1 ] && parallel="-jobs=$jobs -workers=$jobs"
status=0
for name in $harnesses; do
    mkdir -p "$out/corpus/$name"
    dict=""
    [ -f "$here/$name.dict" ] && dict="-dict=$here/$name.dict"
    echo "== fuzz_$name for $seconds s"
    # A case that runs 10 s is a hang: libFuzzer reports it as a fault.
    if ! (cd "$out" && ASAN_OPTIONS=detect_leaks=1 \
        "./fuzz_$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$out/crash-$name-" -print_final_stats=1 \
        $parallel $dict ${FUZZ_FLAGS:-} \
        "$out/corpus/$name" "$here/corpus/$name" >"$out/fuzz_$name.log" 2>&1); then
        status=1
        tail -40 "$out/fuzz_$name.log" >&2
        echo "run.sh: fuzz_$name found a fault (input in $out/crash-$name-*)" >&2
    else
        grep -E '^stat::(number_of_executed_units|peak_rss_mb)|^#[0-9]+.*DONE' \
            "$out/fuzz_$name.log" | tail -3
    fi
done
exit $status
