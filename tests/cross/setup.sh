#!/bin/bash
# SPDX-License-Identifier: MIT
# tests/cross/setup.sh [TARGET...] - install what the cross matrix needs.
#
# Idempotent: packages already installed are not asked for again, source
# builds are cached under $LOCKSTAR_CROSS_CACHE (default /tmp/lockstar-cross).
# Needs root and Debian 12 (bookworm). Targets: see targets.sh, or
# "x86_64" for all native builds; no argument means every target.
#
# What it does, per target:
#   x86_64-*   gcc, clang-14, libfixmath-dev, libcunit1-dev, autotools
#   qemu ones  qemu-user, gcc-TRIPLET, libc6-dev-ARCH-cross and the multiarch
#              libfixmath-dev:ARCH libcunit1-dev:ARCH (libc6-dev:ARCH is
#              avoided: mirror skew can make it uninstallable)
#   riscv64    qemu-user, gcc-riscv64-linux-gnu, libc6-dev-riscv64-cross;
#              libfixmath + CUnit built from Debian's sources (no riscv64
#              binary packages in Debian 12)
#   powerpc, mips  the same as riscv64: 32-bit big-endian, not Debian 12
#              architectures (powerpc lives in debian-ports, big-endian mips
#              was dropped before bookworm), but the cross gcc and libc are
#              in bookworm main: gcc-powerpc-linux-gnu, gcc-mips-linux-gnu,
#              libc6-dev-powerpc-cross, libc6-dev-mips-cross
#   tcc-x86_64 tcc (the Tiny C Compiler), with the native libfixmath-dev
#              and libcunit1-dev
#   win64      gcc-mingw-w64-x86-64-win32, wine, wine64; libs from sources;
#              a wine prefix in the cache, created once
#   wasm32     clang-14, lld-14, llvm-14, wasi-libc, libclang-rt-14-dev-wasm32,
#              nodejs (>= 20 for node:wasi); libs from sources with the
#              setjmp shim in tests/cross/setjmp-shim
#
# `apt-get update` may exit 100 when a foreign architecture's index on the
# mirror is stale ("Mirror sync in progress?"); that is reported and
# tolerated. Timings go to $CACHE/setup-times.txt and stdout.
set -u
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=targets.sh
. "$here/targets.sh"
CACHE=$LS_CROSS_CACHE
mkdir -p "$CACHE"
export DEBIAN_FRONTEND=noninteractive
TIMES=$CACHE/setup-times.txt

log() { printf 'setup: %s\n' "$*"; }
die() { printf 'setup: error: %s\n' "$*" >&2; exit 1; }
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
record() { # record WHAT SECONDS
    log "$1: $2 s"
    printf '%s %s\n' "$1" "$2" >>"$TIMES"
}

[ "$(id -u)" = 0 ] || die "needs root (apt-get, dpkg --add-architecture)"

# ---------------------------------------------------------------- targets
if [ $# -eq 0 ]; then
    set -- $(ls_cross_all_targets)
fi
units=
for t in "$@"; do
    case $t in
    x86_64|native|x86_64-*) u=native ;;
    *) ls_cross_lookup "$t" || die "unknown target '$t' (see tests/cross/targets.sh)"
       u=$t ;;
    esac
    case " $units " in *" $u "*) ;; *) units="$units $u" ;; esac
done

# ------------------------------------------------------------ apt helpers
# DPkg::Lock::Timeout: wait for another apt/dpkg (a second setup.sh, an
# unattended upgrade) instead of failing at once on the dpkg lock.
apt_updated=no
apt_update() {
    [ "$apt_updated" = yes ] && return 0
    local s; s=$(now)
    if ! apt-get update -q -o DPkg::Lock::Timeout=900 >"$CACHE/apt-update.log" 2>&1; then
        log "WARN: apt-get update reported errors (stale multiarch index on the mirror?); continuing:"
        grep -E '^(E|W):' "$CACHE/apt-update.log" | head -5 | sed 's/^/setup:   /'
    fi
    apt_updated=yes
    record apt-update "$(elapsed "$s")"
}

# Packages (pkg or pkg:arch) not yet installed.
missing_pkgs() {
    local p st
    for p in "$@"; do
        st=$(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null)
        case $st in ii*) ;; *) printf '%s\n' "$p" ;; esac
    done
}

apt_install() { # apt_install PKG...  (only what is missing)
    local miss
    miss=$(missing_pkgs "$@")
    [ -z "$miss" ] && return 0
    apt_update
    # shellcheck disable=SC2086
    apt-get install -y -q -o DPkg::Lock::Timeout=900 --no-install-recommends $miss \
        >>"$CACHE/apt-install.log" 2>&1 || {
        tail -20 "$CACHE/apt-install.log" >&2
        return 1
    }
}

add_arch() {
    if ! dpkg --print-foreign-architectures | grep -qx "$1"; then
        dpkg --add-architecture "$1"
        apt_updated=no   # the new architecture's index is needed
    fi
}

# deb-src entries, needed by `apt-get source` (own file; the system's
# sources are not edited).
ensure_deb_src() {
    if ! grep -rqsE '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/; then
        cat >/etc/apt/sources.list.d/lockstar-cross-src.sources <<'EOF'
# added by lockstar tests/cross/setup.sh: sources for libfixmath and cunit
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
        apt_updated=no
    fi
}

# ------------------------------------------------------ Debian's sources
SRC=$CACHE/src
fetch_sources() {
    [ -f "$SRC/.done" ] && return 0
    local s; s=$(now)
    ensure_deb_src
    apt_update
    mkdir -p "$SRC" && cd "$SRC" || die "cannot enter $SRC"
    # libfixmath: the debian.tar.xz has been seen to 404 on the mirror, which
    # makes apt-get source exit 100; the orig tarball still arrives and is
    # all that is needed (Debian builds it without any FIXMATH_* option).
    apt-get source -q --download-only libfixmath >libfixmath.log 2>&1 ||
        log "WARN: apt-get source libfixmath reported errors (see $SRC/libfixmath.log); using the orig tarball"
    set -- libfixmath_*.orig.tar.*
    [ -f "$1" ] || die "libfixmath orig tarball not downloaded (see $SRC/libfixmath.log)"
    rm -rf libfixmath && mkdir libfixmath && tar -C libfixmath -xf "$1" ||
        die "cannot unpack $1"
    [ -f libfixmath/libfixmath/fix16.c ] || die "unexpected libfixmath tarball layout"
    apt-get source -q --download-only cunit >cunit.log 2>&1 ||
        die "apt-get source cunit failed (see $SRC/cunit.log)"
    rm -rf cunit && dpkg-source -x cunit_*.dsc cunit >>cunit.log 2>&1 ||
        die "dpkg-source -x cunit failed (see $SRC/cunit.log)"
    touch .done
    cd - >/dev/null || true
    record sources "$(elapsed "$s")"
}

# build_libs TARGET AR CC... : liblibfixmath.a + libcunit.a + headers into
# $CACHE/deps/TARGET/{lib,include}. $LIBS_EXTRA_CFLAGS is added for CUnit.
build_libs() {
    local t=$1 ar=$2; shift 2
    local d=$CACHE/deps/$t s f o
    [ -f "$d/.done" ] && return 0
    s=$(now)
    rm -rf "$d" && mkdir -p "$d/lib" "$d/include/libfixmath" "$d/include/CUnit" "$d/obj" || return 1
    cp "$SRC"/libfixmath/libfixmath/*.h "$d/include/libfixmath/"
    cp "$SRC"/cunit/CUnit/Headers/*.h "$d/include/CUnit/"
    sed 's/@VERSION@-@RELEASE@/2.1-3/' "$SRC/cunit/CUnit/Headers/CUnit.h.in" >"$d/include/CUnit/CUnit.h"
    for f in "$SRC"/libfixmath/libfixmath/*.c; do
        o=$d/obj/fm_$(basename "$f" .c).o
        "$@" -O2 -c "$f" -o "$o" || return 1
    done
    for f in "$SRC"/cunit/CUnit/Sources/Framework/*.c "$SRC"/cunit/CUnit/Sources/Basic/Basic.c; do
        o=$d/obj/cu_$(basename "$f" .c).o
        # shellcheck disable=SC2086
        "$@" -O2 ${LIBS_EXTRA_CFLAGS:-} -I"$d/include" -I"$d/include/CUnit" -c "$f" -o "$o" || return 1
    done
    "$ar" rcs "$d/lib/liblibfixmath.a" "$d"/obj/fm_*.o || return 1
    "$ar" rcs "$d/lib/libcunit.a" "$d"/obj/cu_*.o || return 1
    rm -rf "$d/obj"
    touch "$d/.done"
    record "libs-$t" "$(elapsed "$s")"
}

# A tiny probe: proves the toolchain compiles, links libfixmath and CUnit,
# and runs under its emulator. Prints e.g. "probe arm64: ok".
PROBE_C=$CACHE/probe.c
write_probe() {
    cat >"$PROBE_C" <<'EOF'
#include <stdio.h>
#include <stdint.h>
#include <libfixmath/fix16.h>
#include <CUnit/Basic.h>
static void t(void) { CU_ASSERT_EQUAL(fix16_mul(fix16_from_int(3), fix16_from_int(2)), fix16_from_int(6)); }
int main(void)
{
    uint32_t a = (uint32_t)fix16_sqrt(fix16_from_int(2));
    unsigned f;
    fflush(stdout);
    CU_basic_set_mode(CU_BRM_SILENT);
    if (CU_initialize_registry() != CUE_SUCCESS) return 2;
    CU_add_test(CU_add_suite("probe", NULL, NULL), "mul", t);
    CU_basic_run_tests();
    f = CU_get_number_of_failures();
    CU_cleanup_registry();
    printf("sqrt2=%08lx failures=%u\n", (unsigned long)a, f);
    return f != 0;
}
EOF
}

probe() { # probe NAME OUT [EMULATOR...] -- COMPILE... (the command gets -o OUT)
    local name=$1 out=$2 got; shift 2
    local emu=()
    while [ "$1" != -- ]; do emu+=("$1"); shift; done
    shift
    if ! "$@" -o "$out" >"$out.log" 2>&1; then
        log "probe $name: BUILD FAILED"; sed 's/^/setup:   /' "$out.log" | head -20; return 1
    fi
    got=$(${emu[@]+"${emu[@]}"} "$out" 2>>"$out.log" | tr -d '\r' | tail -n 1)
    if [ "$got" = "sqrt2=00016a0a failures=0" ]; then
        log "probe $name: ok"
    else
        log "probe $name: FAILED (got '$got')"; return 1
    fi
}

# ------------------------------------------------------------- per target
PROBES=$CACHE/probes
mkdir -p "$PROBES"
write_probe
status=0

setup_native() {
    local s; s=$(now)
    apt_install build-essential clang-14 autoconf automake libtool pkgconf \
        libfixmath-dev libcunit1-dev binutils || return 1
    # `clang` itself comes with the clang package (a symlink to clang-14).
    command -v clang >/dev/null || apt_install clang || return 1
    record install-native "$(elapsed "$s")"
    probe x86_64-gcc "$PROBES/native-gcc" -- gcc -O2 "$PROBE_C" -llibfixmath -lcunit &&
    probe x86_64-clang "$PROBES/native-clang" -- clang -O2 "$PROBE_C" -llibfixmath -lcunit
}

setup_qemu() { # ARCH TRIPLET
    local arch=$1 trip=$2 s; s=$(now)
    add_arch "$arch"
    apt_install qemu-user "gcc-$trip" "libc6-dev-$arch-cross" \
        "libfixmath-dev:$arch" "libcunit1-dev:$arch" || return 1
    record "install-$T_NAME" "$(elapsed "$s")"
}

setup_one() {
    local u=$1
    case $u in
    native)
        setup_native || return 1
        ;;
    *)
        ls_cross_lookup "$u"
        case $T_KIND in
        qemu)
            setup_qemu "$T_ARCH" "$T_TRIP" || return 1
            probe "$u" "$PROBES/$u" "$T_EMU" -- "$T_TRIP-gcc" -O2 -static \
                -x c "$PROBE_C" -x none -llibfixmath -lcunit || return 1
            ;;
        qemusrc)
            local s; s=$(now)
            apt_install qemu-user "gcc-$T_TRIP" "libc6-dev-$u-cross" || return 1
            record "install-$u" "$(elapsed "$s")"
            fetch_sources || return 1
            LIBS_EXTRA_CFLAGS= build_libs "$u" "$T_TRIP-ar" "$T_TRIP-gcc" || return 1
            probe "$u" "$PROBES/$u" "$T_EMU" -- "$T_TRIP-gcc" -O2 -static \
                -I"$CACHE/deps/$u/include" -x c "$PROBE_C" -x none \
                -L"$CACHE/deps/$u/lib" -llibfixmath -lcunit || return 1
            ;;
        tcc)
            local s; s=$(now)
            apt_install tcc autoconf automake libtool pkgconf libfixmath-dev \
                libcunit1-dev || return 1
            record "install-$u" "$(elapsed "$s")"
            probe "$u" "$PROBES/$u" -- tcc "$PROBE_C" -llibfixmath -lcunit || return 1
            ;;
        wine)
            local s; s=$(now)
            apt_install gcc-mingw-w64-x86-64-win32 wine wine64 || return 1
            record "install-$u" "$(elapsed "$s")"
            fetch_sources || return 1
            LIBS_EXTRA_CFLAGS= build_libs "$u" "$T_TRIP-ar" "$T_TRIP-gcc" || return 1
            export WINEPREFIX=$CACHE/wineprefix WINEDEBUG=-all
            if [ ! -f "$WINEPREFIX/system.reg" ]; then
                s=$(now)
                wineboot -i >"$CACHE/wineboot.log" 2>&1 ||
                    log "WARN: wineboot -i failed (see $CACHE/wineboot.log)"
                wineserver -w 2>/dev/null || true
                record wineprefix "$(elapsed "$s")"
            fi
            probe "$u" "$PROBES/$u.exe" wine -- "$T_TRIP-gcc" -O2 -static \
                -I"$CACHE/deps/$u/include" -x c "$PROBE_C" -x none \
                -L"$CACHE/deps/$u/lib" -llibfixmath -lcunit || return 1
            ;;
        wasi)
            local s; s=$(now)
            apt_install clang-14 lld-14 llvm-14 wasi-libc libclang-rt-14-dev-wasm32 || return 1
            command -v node >/dev/null || apt_install nodejs || return 1
            case $(node --version 2>/dev/null) in
            v[2-9][0-9].*) ;;
            *) log "WARN: node $(node --version 2>/dev/null) found; wasi-run.mjs needs node >= 20 (node:wasi without a flag)" ;;
            esac
            record "install-$u" "$(elapsed "$s")"
            fetch_sources || return 1
            LIBS_EXTRA_CFLAGS="-D_WASI_EMULATED_PROCESS_CLOCKS -I$here/setjmp-shim" \
                build_libs "$u" llvm-ar-14 clang-14 --target=wasm32-wasi || return 1
            probe "$u" "$PROBES/$u.wasm" node "$here/wasi-run.mjs" -- \
                clang-14 --target=wasm32-wasi -O2 -D_WASI_EMULATED_PROCESS_CLOCKS \
                -I"$here/setjmp-shim" -I"$CACHE/deps/$u/include" -x c "$PROBE_C" -x none \
                -L"$CACHE/deps/$u/lib" -llibfixmath -lcunit -lwasi-emulated-process-clocks || return 1
            ;;
        esac
        ;;
    esac
}

# Add every needed foreign architecture first: one `apt-get update` then.
for u in $units; do
    [ "$u" = native ] && continue
    ls_cross_lookup "$u"
    [ "$T_KIND" = qemu ] && add_arch "$T_ARCH"
done

for u in $units; do
    [ "$u" = native ] || ls_cross_lookup "$u"
    s=$(now)
    if setup_one "$u"; then
        record "ready-$u" "$(elapsed "$s")"
    else
        log "$u: SETUP FAILED"
        status=1
    fi
done
exit $status
