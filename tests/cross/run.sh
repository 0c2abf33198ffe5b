#!/bin/bash
# SPDX-License-Identifier: MIT
# tests/cross/run.sh [TARGET...] - the cross-platform matrix (`make check-cross`).
#
# For each target: configure out of tree (--host for cross targets), build,
# run `make check` through the target's emulator (qemu-user, wine, node
# WASI), then run `lockstar scen` on every shared map's *.map.sub.scen and
# compare its standard output byte for byte with the native x86_64 build
# (gcc -O2, the reference). On arm64 the cross-built library is also
# disassembled and must contain no floating-point instruction.
#
# Targets (tests/cross/targets.sh): x86_64-{gcc,clang}-{O0,O2,O3,O3-fastmath},
# i686 armhf arm64 s390x ppc64el mips64el riscv64 powerpc mips tcc-x86_64
# win64 wasm32; "x86_64"
# means the eight native ones; no argument means all. Run
# tests/cross/setup.sh (root) first to install the toolchains.
#
# Environment:
#   LOCKSTAR_CROSS_CACHE   cache/work dir (default /tmp/lockstar-cross):
#                          build/TARGET, logs/TARGET.log, scen/TARGET/
#   LOCKSTAR_CROSS_JOBS    make -j (default: number of CPUs)
#   LOCKSTAR_CROSS_TIMEOUT seconds allowed for one target's `make check`
#                          (default 2400)
#   LOCKSTAR_MAPS_DIR      the shared maps (default ../shared/maps next to the
#                          source tree; the scen part is skipped if none)
#   LOCKSTAR_VECTORS_DIR   golden vectors (default $srcdir/vectors)
#   LOCKSTAR_CROSS_SETUP=1 run setup.sh for the chosen targets first
#
# Output: one summary line per target
#   target compiler flags vectors result seconds
# and a Markdown table in $LOCKSTAR_CROSS_CACHE/results.md. Exit status 0
# only if every target passed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=targets.sh
. "$here/targets.sh"
srcdir=$(cd "$here/../.." && pwd)
CACHE=$LS_CROSS_CACHE
JOBS=${LOCKSTAR_CROSS_JOBS:-$(nproc 2>/dev/null || echo 2)}
CHECK_TIMEOUT=${LOCKSTAR_CROSS_TIMEOUT:-2400}
REF=x86_64-gcc-O2

export LOCKSTAR_VECTORS_DIR=${LOCKSTAR_VECTORS_DIR:-$srcdir/vectors}
case $LOCKSTAR_VECTORS_DIR in /*) ;; *) LOCKSTAR_VECTORS_DIR=$(pwd)/$LOCKSTAR_VECTORS_DIR ;; esac

maps=${LOCKSTAR_MAPS_DIR:-}
if [ -z "$maps" ]; then
    d=$srcdir/../shared/maps
    if [ -d "$d" ]; then maps=$(cd "$d" && pwd); fi
fi

# tests/maps (in make check) reads LS_MAPS_DIR, else $top_srcdir/../shared/maps:
# give it the same maps as the scen comparison, wherever the source tree is.
if [ -n "$maps" ] && [ -z "${LS_MAPS_DIR:-}" ]; then
    export LS_MAPS_DIR=$maps
fi

log() { printf 'check-cross: %s\n' "$*"; }
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.0f", b - a }'; }

# ---------------------------------------------------------------- targets
if [ $# -eq 0 ]; then
    set -- $(ls_cross_all_targets)
fi
targets=
for t in "$@"; do
    case $t in
    all) exp=$(ls_cross_all_targets) ;;
    x86_64|native) exp=$(ls_cross_all_targets | grep '^x86_64-') ;;
    *) ls_cross_lookup "$t" || { log "unknown target '$t' (see tests/cross/targets.sh)"; exit 2; }
       exp=$t ;;
    esac
    for e in $exp; do
        case " $targets " in *" $e "*) ;; *) targets="$targets $e" ;; esac
    done
done

if [ "${LOCKSTAR_CROSS_SETUP:-0}" = 1 ]; then
    bash "$here/setup.sh" $targets || { log "setup failed"; exit 1; }
fi

if [ ! -x "$srcdir/configure" ]; then
    log "no $srcdir/configure: run 'autoreconf -fi' in the source tree first"
    exit 2
fi

mkdir -p "$CACHE/build" "$CACHE/logs" "$CACHE/scen"
# One run at a time per cache: runs share the reference outputs and the
# build directories.
exec 9>"$CACHE/run.lock"
if ! flock -n 9; then
    log "another run.sh is using $CACHE; waiting for it (or set LOCKSTAR_CROSS_CACHE)"
    flock 9
fi
RESULTS=$CACHE/results.md
: >"$CACHE/results.rows"

# "NAME VERSION" of a compiler (gcc: full version; clang: -dumpversion).
cc_desc() {
    local v
    v=$("$@" -dumpfullversion 2>/dev/null) || v=
    case $v in [0-9]*.*) ;; *) v=$("$@" -dumpversion 2>/dev/null) ;; esac
    printf '%s %s' "$1" "$v"
}

# --------------------------------------------------------- per target set
# configure_args NAME: fills CONF (configure arguments), EMU (the command
# prefix that runs a target program; empty for native), MAKEVARS (make
# command-line overrides), CCDESC (compiler and version).
configure_args() {
    ls_cross_lookup "$1"
    local deps=$CACHE/deps/$T_NAME cc
    CONF=() EMU=() MAKEVARS=()
    case $T_KIND in
    native)
        cc=$T_CC
        if [ "$cc" = clang ] && ! command -v clang >/dev/null; then cc=clang-14; fi
        # Shared library only: with both kinds libtool compiles every
        # source twice (PIC and not), and the search loops' specialised
        # copies take most of a build's time; what the matrix compares is
        # the compiler and its flags, which both kinds share.
        CONF=(CC="$cc" CFLAGS="$T_FLAGS" --disable-static)
        CCDESC=$(cc_desc "$cc")
        ;;
    tcc)
        # The Tiny C Compiler links with its own linker, which has no
        # version scripts: libtool's -export-symbols-regex (the ls_* export
        # list of the shared library) cannot be applied, so only the static
        # library is built, as on every cross target. tcc does not define
        # __GNUC__, so this is the one target that runs the portable
        # fallbacks of src/bits.h and src/compiler.h.
        cc=$T_CC
        CONF=(CC="$cc" CFLAGS="$T_FLAGS" --disable-shared)
        CCDESC=$(cc_desc "$cc")
        ;;
    qemu|qemusrc)
        # The cross targets have no libpng: --without-png builds a lockstar
        # that refuses --png (tests/png.sh checks that, then SKIPs).
        # Static: only one libc is involved (dynamic binaries run with
        # qemu -L mix the cross and multiarch libcs and can abort).
        # libtool swallows -static for programs, hence -all-static at make
        # time; configure's own link tests use the plain -static.
        cc=$T_TRIP-gcc
        CONF=(--host="$T_TRIP" --disable-shared --without-png CFLAGS="$T_FLAGS"
              CUNIT_CFLAGS= CUNIT_LIBS=-lcunit TEST_EMULATOR="$T_EMU"
              PKG_CONFIG_LIBDIR="/usr/lib/$T_TRIP/pkgconfig:/usr/share/pkgconfig")
        if [ "$T_KIND" = qemusrc ]; then
            CONF+=(CPPFLAGS="-I$deps/include" LDFLAGS="-static -L$deps/lib")
            MAKEVARS=(LDFLAGS="-all-static -L$deps/lib")
        else
            CONF+=(LDFLAGS=-static)
            MAKEVARS=(LDFLAGS=-all-static)
        fi
        EMU=("$T_EMU")
        CCDESC=$(cc_desc "$cc")
        ;;
    wine)
        cc=$T_TRIP-gcc
        CONF=(--host="$T_TRIP" --disable-shared --without-png CFLAGS="$T_FLAGS"
              CPPFLAGS="-I$deps/include" LDFLAGS="-static -L$deps/lib"
              CUNIT_CFLAGS= CUNIT_LIBS=-lcunit TEST_EMULATOR=wine
              PKG_CONFIG_LIBDIR=/nonexistent)
        MAKEVARS=(LDFLAGS="-all-static -L$deps/lib")
        EMU=(wine)
        CCDESC=$(cc_desc "$cc")
        ;;
    wasi)
        cc="clang-14 --target=wasm32-wasi"
        # wasi-libc has no setjmp.h (CUnit needs it: shim) and needs the
        # emulated process clocks for CUnit's clock(). Programs keep
        # wasm-ld's default 64 KiB stack, the one the JavaScript binding's
        # lockstar.wasm has, so the tests prove the library fits in it (its
        # deepest frame: about 2 KB, gcc -fstack-usage). A test frame with
        # two 64 KiB tu_outcome values (suite landmarks, 02af579) once
        # overflowed it into the data segment; they are static now.
        CONF=(--host="$T_TRIP" --disable-shared --without-png CC="$cc" CFLAGS="$T_FLAGS"
              AR=llvm-ar-14 RANLIB=llvm-ranlib-14 NM=llvm-nm-14
              OBJDUMP=llvm-objdump-14
              CPPFLAGS="-I$deps/include -I$here/setjmp-shim -D_WASI_EMULATED_PROCESS_CLOCKS"
              LDFLAGS="-L$deps/lib" LIBS=-lwasi-emulated-process-clocks
              CUNIT_CFLAGS= CUNIT_LIBS=-lcunit
              TEST_EMULATOR="node $here/wasi-run.mjs"
              PKG_CONFIG_LIBDIR=/nonexistent)
        EMU=(node "$here/wasi-run.mjs")
        CCDESC="$(cc_desc clang-14) --target=wasm32-wasi"
        ;;
    esac
    # The JavaScript and C# bindings are built and tested by the native
    # build (tools/test.sh); no target of the matrix builds them again
    # (mono would add minutes to each native target).
    CONF+=(--without-node --without-mono)
}

# The arm64 float-free guard: disassemble the cross-built library with
# aarch64-linux-gnu-objdump and fail on any floating-point instruction.
# (fmov is not listed: compilers use it to move integers between general
# and SIMD registers.) A self-test first proves the pattern catches float
# code compiled by the same compiler.
ARM64_FP='[[:space:]](fadd|fsub|fmul|fnmul|fdiv|fsqrt|fmadd|fmsub|fnmadd|fnmsub|fabs|fneg|fcmp|fcmpe|fccmp|fccmpe|fcsel|fcvt[a-z]*|scvtf|ucvtf|frint[a-z]*|fmin[a-z]*|fmax[a-z]*|faddp|fmla|fmls)[[:space:]]'
float_guard_arm64() { # BUILD_DIR
    local b=$1 lib n hits probe=$CACHE/build/arm64-fp-selftest
    mkdir -p "$probe"
    printf 'double f(double a, long b) { return a * (double)b + 1.5; }\n' >"$probe/f.c"
    aarch64-linux-gnu-gcc -O2 -c "$probe/f.c" -o "$probe/f.o" &&
        aarch64-linux-gnu-objdump -d --no-show-raw-insn "$probe/f.o" >"$probe/f.dis" || {
        echo "arm64 float guard: self-test could not compile/disassemble"; return 1; }
    if ! grep -qE "$ARM64_FP" "$probe/f.dis"; then
        echo "arm64 float guard: self-test failed (pattern misses float code)"; return 1
    fi
    for lib in "$b/src/.libs/liblockstar_core.a" "$b/src/.libs/liblockstar.a" \
            "$b/src/.libs/liblockstar_selftest_core.a" "$b/src/.libs/liblockstar-selftest.a"; do
        [ -f "$lib" ] || continue
        aarch64-linux-gnu-objdump -d --no-show-raw-insn "$lib" >"$b/arm64-float.dis" 2>&1 || {
            echo "arm64 float guard: objdump failed on $lib"; return 1; }
        n=$(grep -cE '^[[:space:]]+[0-9a-f]+:' "$b/arm64-float.dis")
        if [ "$n" -eq 0 ]; then
            echo "arm64 float guard: empty disassembly of $lib"; return 1
        fi
        hits=$(grep -E "$ARM64_FP" "$b/arm64-float.dis" | head -20)
        if [ -n "$hits" ]; then
            echo "arm64 float guard: floating-point instructions in $lib:"
            printf '%s\n' "$hits"
            return 1
        fi
        echo "arm64 float guard: $lib: $n instructions, no floating point"
    done
    [ -n "${n:-}" ] || { echo "arm64 float guard: no library found in $b/src/.libs"; return 1; }
}

# run_scen NAME BUILD_DIR: `lockstar scen` on every shared sub.scen.
# Sets SCEN_NOTE. Returns 1 on any run failure or difference from $REF.
run_scen() {
    local name=$1 b=$2 out=$CACHE/scen/$1 exe s base rc running n=0 same=0 bad=
    SCEN_NOTE=
    if [ -z "$maps" ] || ! ls "$maps"/*.map.sub.scen >/dev/null 2>&1; then
        SCEN_NOTE="scen: skipped (no shared maps found)"
        echo "$SCEN_NOTE"
        return 0
    fi
    exe=$b/cli/lockstar$(sed -n 's/^EXEEXT = //p' "$b/Makefile")
    rm -rf "$out" && mkdir -p "$out"
    # Up to $JOBS maps at once (one emulator process each).
    running=0
    for s in "$maps"/*.map.sub.scen; do
        if [ "$running" -ge "$JOBS" ]; then wait -n; running=$((running - 1)); fi
        running=$((running + 1))
        base=$(basename "$s" .sub.scen)
        (
            ${EMU[@]+"${EMU[@]}"} "$exe" scen "$maps/$base" "$s" \
                >"$out/$base.raw" 2>"$out/$base.err"
            echo $? >"$out/$base.rc"
        ) &
    done
    wait
    for s in "$maps"/*.map.sub.scen; do
        base=$(basename "$s" .sub.scen)
        n=$((n + 1))
        rc=$(cat "$out/$base.rc" 2>/dev/null || echo '?')
        tr -d '\r' <"$out/$base.raw" >"$out/$base.out" && rm -f "$out/$base.raw"
        if [ "$rc" != 0 ]; then
            echo "scen $base: lockstar scen exited $rc:"; tail -5 "$out/$base.err"
            bad="$bad $base(exit $rc)"
            continue
        fi
        if [ "$name" = "$REF" ]; then
            same=$((same + 1))
        elif cmp "$CACHE/scen/$REF/$base.out" "$out/$base.out"; then
            same=$((same + 1))
        else
            echo "scen $base: output differs from $REF:"
            diff "$CACHE/scen/$REF/$base.out" "$out/$base.out" | head -10
            bad="$bad $base"
        fi
    done
    if [ "$name" = "$REF" ]; then
        SCEN_NOTE="scen: $n maps (reference)"
    else
        SCEN_NOTE="scen: $same/$n maps identical to $REF"
    fi
    echo "$SCEN_NOTE${bad:+; bad:$bad}"
    [ -z "$bad" ]
}

# run_target NAME [refonly]: everything for one target; appends a row.
run_target() {
    local name=$1 mode=${2:-full} b=$CACHE/build/$1 lg=$CACHE/logs/$1.log
    local s st times= fails= degraded= result vectors=- notes= t tr rc same_checks
    s=$(now)
    configure_args "$name"
    rm -rf "$b" && mkdir -p "$b"
    : >"$lg"
    [ "$T_KIND" = wine ] && export WINEPREFIX=$CACHE/wineprefix WINEDEBUG=-all
    {
        # One wineserver for the whole target, killed at its end: by default
        # it exits a few seconds after its last client, and two tests that
        # start at that moment (make check runs them in parallel) meet a
        # server going away ("wine client error: recvmsg: Connection reset
        # by peer"), seen once in CI's matrix.
        [ "$T_KIND" = wine ] && wineserver -p
        echo "== $name: configure ${CONF[*]}"
        st=$(now)
        (cd "$b" && "$srcdir/configure" "${CONF[@]}") || fails=configure
        if [ -z "$fails" ]; then
            echo "== $name: make -j$JOBS ${MAKEVARS[*]+${MAKEVARS[*]}}"
            if [ "$mode" = refonly ]; then
                make -C "$b" -j"$JOBS" ${MAKEVARS[@]+"${MAKEVARS[@]}"} cli/lockstar || fails=build
            else
                make -C "$b" -j"$JOBS" ${MAKEVARS[@]+"${MAKEVARS[@]}"} all || fails=build
            fi
        fi
        # When `make all` fails, still learn what can be learnt: build and
        # test the library, CLI and tests without the extra noinst programs
        # (tools, bench). The result stays FAIL(build).
        degraded=
        if [ "$fails" = build ] && [ "$mode" != refonly ]; then
            echo "== $name: 'make all' failed; retrying without noinst_PROGRAMS"
            if make -C "$b" -j"$JOBS" ${MAKEVARS[@]+"${MAKEVARS[@]}"} noinst_PROGRAMS= all; then
                degraded=yes
                MAKEVARS+=(noinst_PROGRAMS=)
                notes="$notes (make all failed; checked without noinst programs)"
            fi
        fi
        times="build $(elapsed "$st")s"
        if { [ -z "$fails" ] || [ -n "$degraded" ]; } && [ "$mode" != refonly ]; then
            st=$(now)
            echo "== $name: make check (emulator: ${EMU[*]:-none})"
            # The checks whose answer is the same on every target (the
            # three that read only the source tree: architecture, manual
            # pages, Markdown links; and the avoidance liveness figure,
            # which the avoidance vectors pin) SKIP on every target but
            # the reference; tools/test.sh runs them all.
            if [ "$name" = "$REF" ]; then same_checks=run; else same_checks=skip; fi
            LOCKSTAR_SAME_ON_EVERY_TARGET=$same_checks \
                timeout "$CHECK_TIMEOUT" make -C "$b" -j"$JOBS" ${MAKEVARS[@]+"${MAKEVARS[@]}"} check
            rc=$?
            [ $rc -eq 0 ] || fails="${fails:+$fails,}check"
            [ $rc -eq 124 ] && fails="${fails:+$fails,}check-timeout-${CHECK_TIMEOUT}s"
            for t in "$b"/tests/*.trs; do
                [ -f "$t" ] || continue
                tr=$(sed -n 's/^:test-result: //p' "$t" | head -1)
                notes="$notes $(basename "$t" .trs)=$tr"
            done
            [ -f "$b/test-suite.log" ] && [ -n "$fails" ] && cat "$b/test-suite.log"
            # wine adds CRs to the log.
            vectors=$(tr -d '\r' <"$b/tests/unit.log" 2>/dev/null |
                      sed -n 's/.*vectors: \([0-9][0-9]*\) checked.*/\1/p' | tail -1)
            [ -n "$vectors" ] || vectors=none
            times="$times, check $(elapsed "$st")s"
        fi
        case $fails,$degraded in configure,*|build,) ;; *)
            echo "== $name: lockstar scen on the shared maps"
            st=$(now)
            run_scen "$name" "$b" || fails="${fails:+$fails,}scen"
            times="$times, scen $(elapsed "$st")s"
            notes="$notes; $SCEN_NOTE" ;;
        esac
        if [ "$name" = arm64 ] && [ "$mode" != refonly ] && [ -f "$b/src/.libs/liblockstar_core.a" ]; then
            echo "== $name: float-free guard (aarch64-linux-gnu-objdump)"
            if float_guard_arm64 "$b"; then
                notes="$notes; arm64 float guard: ok"
            else
                fails="${fails:+$fails,}float"
                notes="$notes; arm64 float guard: FAILED"
            fi
        fi
        result=PASS
        [ -n "$fails" ] && result="FAIL($fails)"
        [ "$T_KIND" = wine ] && wineserver -k 2>/dev/null
        printf '%s\n' "$result" >"$b/.result"
        printf '%s\n' "$vectors" >"$b/.vectors"
        notes="${notes# }; $times"
        printf '%s\n' "${notes#; }" >"$b/.notes"
    } >>"$lg" 2>&1
    result=$(cat "$b/.result") vectors=$(cat "$b/.vectors") notes=$(cat "$b/.notes")
    t=$(elapsed "$s")
    printf '%-24s | %-34s | %-16s | vectors %-6s | %-12s | %5ss\n' \
        "$name" "$CCDESC" "$T_FLAGS" "$vectors" "$result" "$t"
    echo "    ${notes# }"
    case $result in PASS) ;; *) echo "    log: $lg" ;; esac
    [ "$mode" = refonly ] && return 0
    printf '| %s | %s | `%s` | %s | %s | %s | %s | `bash tests/cross/run.sh %s` |\n' \
        "$name" "$CCDESC" "$T_FLAGS" "$vectors" "$result" "$t" "${notes# }" "$name" \
        >>"$CACHE/results.rows"
    [ "$result" = PASS ]
}

# ------------------------------------------------------------------- main
total_s=$(now)
log "source $srcdir, cache $CACHE, maps ${maps:-none}, vectors $LOCKSTAR_VECTORS_DIR"
log "targets:$targets"
printf '%-24s | %-34s | %-16s | %-14s | %-12s | %s\n' target compiler flags vectors result time
fail=0
# The reference goes first, so every other target can be compared with it;
# when it was not asked for, only its `lockstar scen` outputs are made.
case " $targets " in
*" $REF "*) order="$REF $(printf '%s\n' $targets | grep -vx "$REF")" ;;
*) run_target "$REF" refonly || fail=1; order=$targets ;;
esac
for t in $order; do
    run_target "$t" || fail=1
done
total=$(elapsed "$total_s")
{
    echo "| target | compiler | flags | vectors checked | result | seconds | notes | reproduce |"
    echo "|---|---|---|---|---|---|---|---|"
    cat "$CACHE/results.rows"
    echo
    echo "Whole run: ${total} s for:$targets (run.sh, after setup.sh)."
} >"$RESULTS"
log "total ${total} s; table: $RESULTS"
[ $fail -eq 0 ] && log "all targets passed" || log "SOME TARGETS FAILED"
exit $fail
