# SPDX-License-Identifier: MIT
# tests/cross/targets.sh - the cross matrix's target table (sourced by
# setup.sh and run.sh; not run on its own).
#
# One line per target:
#   name  kind  dpkg-arch  host-triplet  emulator  compiler  flags
# (flags: commas stand for spaces, "-" for none; "gcc" on a cross target means the
# triplet-prefixed cross gcc, "clang" on wasm32 means clang-14 --target=wasm32-wasi)
# kind: native   built with the machine's own gcc/clang (x86_64 flag variants)
#       qemu     Debian cross gcc + multiarch libfixmath-dev:ARCH/libcunit1-dev:ARCH
#       qemusrc  Debian cross gcc; libfixmath/CUnit built from Debian sources
#                (riscv64, and the 32-bit big-endian powerpc and mips, which
#                are not Debian 12 architectures: no multiarch packages)
#       tcc      native, the Tiny C Compiler (a third compiler family);
#                Debian's libfixmath-dev and libcunit1-dev
#       wine     mingw-w64 gcc; libs from sources; run under wine
#       wasi     clang --target=wasm32-wasi + wasi-libc; libs from sources; node WASI
LS_CROSS_TABLE='
x86_64-gcc-O0           native  -        x86_64-linux-gnu         -              gcc      -O0
x86_64-gcc-O2           native  -        x86_64-linux-gnu         -              gcc      -O2
x86_64-gcc-O3           native  -        x86_64-linux-gnu         -              gcc      -O3
x86_64-gcc-O3-fastmath  native  -        x86_64-linux-gnu         -              gcc      -O3,-ffast-math
x86_64-clang-O0         native  -        x86_64-linux-gnu         -              clang    -O0
x86_64-clang-O2         native  -        x86_64-linux-gnu         -              clang    -O2
x86_64-clang-O3         native  -        x86_64-linux-gnu         -              clang    -O3
x86_64-clang-O3-fastmath native -        x86_64-linux-gnu         -              clang    -O3,-ffast-math
i686                    qemu    i386     i686-linux-gnu           qemu-i386      gcc      -O2
armhf                   qemu    armhf    arm-linux-gnueabihf      qemu-arm       gcc      -O2
arm64                   qemu    arm64    aarch64-linux-gnu        qemu-aarch64   gcc      -O2
s390x                   qemu    s390x    s390x-linux-gnu          qemu-s390x     gcc      -O2
ppc64el                 qemu    ppc64el  powerpc64le-linux-gnu    qemu-ppc64le   gcc      -O2
mips64el                qemu    mips64el mips64el-linux-gnuabi64  qemu-mips64el  gcc      -O2
riscv64                 qemusrc -        riscv64-linux-gnu        qemu-riscv64   gcc      -O2
powerpc                 qemusrc -        powerpc-linux-gnu        qemu-ppc       gcc      -O2
mips                    qemusrc -        mips-linux-gnu           qemu-mips      gcc      -O2
tcc-x86_64              tcc     -        x86_64-linux-gnu         -              tcc      -
win64                   wine    -        x86_64-w64-mingw32       wine           gcc      -O2
wasm32                  wasi    -        wasm32-unknown-wasi      node           clang    -O2
'

# The default target list (all of them), in table order.
ls_cross_all_targets() {
    printf '%s\n' "$LS_CROSS_TABLE" | awk 'NF { print $1 }'
}

# ls_cross_lookup NAME: sets T_NAME T_KIND T_ARCH T_TRIP T_EMU T_CC T_FLAGS;
# returns 1 if NAME is unknown.
ls_cross_lookup() {
    local line
    line=$(printf '%s\n' "$LS_CROSS_TABLE" | awk -v n="$1" '$1 == n')
    [ -n "$line" ] || return 1
    # shellcheck disable=SC2086
    set -- $line
    T_NAME=$1 T_KIND=$2 T_ARCH=$3 T_TRIP=$4 T_EMU=$5 T_CC=$6
    T_FLAGS=$(printf '%s' "$7" | tr ',' ' ')
    if [ "$T_FLAGS" = - ]; then T_FLAGS=; fi
}

# Where setup.sh puts downloaded sources, source-built libraries and the
# wine prefix; run.sh puts its build trees and logs there too.
LS_CROSS_CACHE=${LOCKSTAR_CROSS_CACHE:-/tmp/lockstar-cross}
