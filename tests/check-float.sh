#!/bin/sh
# SPDX-License-Identifier: MIT
# check-float.sh - the library must contain no floating-point code.
#
# Lockstep determinism forbids floating point in liblockstar (see the
# determinism contract). This test proves it on the built object code:
#   1. on x86 and arm64 hosts, disassemble the library and fail on any
#      floating-point instruction;
#   2. on every host, fail if the library calls a soft-float helper or a
#      libm function (that is how float shows up on CPUs without an FPU).
# Both for liblockstar's code and, run again on it (LS_CHECK_FLOAT_LIB),
# for the self-test's library, liblockstar-selftest.
set -u
: "${top_builddir:=.}"
: "${OBJDUMP:=objdump}"
: "${NM:=nm}"
: "${host_cpu:=$(uname -m)}"

lib=${LS_CHECK_FLOAT_LIB:-$top_builddir/src/.libs/liblockstar_core.a}
if [ ! -f "$lib" ]; then
    echo "check-float: $lib not found (build first)"
    exit 1
fi

fail=0

# Soft-float and libm references, on any architecture.
softfloat='^(__(add|sub|mul|div|neg|cmp|eq|ne|lt|le|gt|ge|unord)[sdtx]f[23]|__(fix|fixuns|float|floatun|extend|trunc)[a-z]*[sdtx]f[a-z0-9]*|(sqrt|pow|exp|log|sin|cos|tan|atan2?|floor|ceil|round|fabs|fmod|lrint|rint)f?)$'
hits=$($NM -u "$lib" 2>/dev/null | grep -v ":$" | awk '{print $NF}' | grep -E "$softfloat" | sort -u)
if [ -n "$hits" ]; then
    echo "check-float: the library references floating-point helpers:"
    echo "$hits"
    fail=1
fi

case "$host_cpu" in
x86_64|i?86)
    # SSE/AVX scalar and packed float/double arithmetic, comparisons and
    # conversions, and x87. Bitwise moves and logic on xmm registers
    # (movaps, xorps to zero a register, pxor, movdqa, ...) compute nothing
    # in floating point and are allowed: compilers use them for memset and
    # struct copies.
    pattern='v?(add|sub|mul|div|sqrt|min|max|rcp|rsqrt|round|fmadd[0-9]*|fmsub[0-9]*)[sp][sd]|v?cvt[a-z0-9]*|v?u?comis[sd]|f(ld|st|stp|add|sub|mul|div|sqrt|ild|ist|istp|comp?|ucomi?p?|xch|chs|abs)[a-z]*'
    ;;
aarch64|arm64)
    # fmov between registers only copies bits (GCC moves integers through
    # SIMD registers); fmov of an immediate (#1.0) is a float constant.
    pattern='fadd|fsub|fmul|fdiv|fsqrt|fmadd|fmsub|fnmadd|fnmsub|fneg|fabs|fcmp|fcmpe|fccmp|fcsel|fcvt[a-z]*|scvtf|ucvtf|fmin[a-z]*|fmax[a-z]*|frint[a-z]*'
    immediate_fmov=1
    ;;
*)
    pattern=''
    echo "check-float: no instruction check for $host_cpu (symbol check done)"
    ;;
esac

if [ -n "$pattern" ]; then
    if ! $OBJDUMP -d --no-show-raw-insn "$lib" > check-float.dis 2>&1; then
        echo "check-float: $OBJDUMP failed on $lib"
        exit 1
    fi
    insns=$(grep -cE '^[[:space:]]+[0-9a-f]+:' check-float.dis)
    # Match the mnemonic only (the first word after the address), never an
    # operand: a jump target such as "fadd <ls_search_step+...>" is an
    # address, not an instruction.
    hits=$(grep -E '^[[:space:]]+[0-9a-f]+:' check-float.dis \
        | awk -F '\t' -v re="^($pattern)\$" -v fmov="${immediate_fmov:-0}" '
            { split($2, w, " ");
              if (w[1] ~ re || (fmov && w[1] == "fmov" && $2 ~ /#/)) print }' \
        | head -20)
    rm -f check-float.dis
    if [ "$insns" -eq 0 ]; then
        echo "check-float: disassembly of $lib is empty"
        exit 1
    fi
    if [ -n "$hits" ]; then
        echo "check-float: floating-point instructions in $lib:"
        echo "$hits"
        fail=1
    else
        echo "check-float: $insns instructions of $lib ($host_cpu): no floating point"
    fi
fi
if [ -z "${LS_CHECK_FLOAT_LIB:-}" ]; then
    LS_CHECK_FLOAT_LIB="$top_builddir/src/.libs/liblockstar_selftest_core.a" \
        top_builddir="$top_builddir" OBJDUMP="$OBJDUMP" NM="$NM" host_cpu="$host_cpu" \
        sh "$0" || fail=1
fi
exit $fail
