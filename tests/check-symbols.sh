#!/bin/sh
# SPDX-License-Identifier: MIT
# check-symbols.sh - what the library may call and what it may export.
#
#   1. An allow-list of everything src/.libs/liblockstar_core.a may need
#      from outside (an undefined symbol no member of the archive defines):
#        - libc: malloc, calloc and free (the default allocator; calloc
#          for zeroed blocks, src/alloc.c), memcpy, memmove and memset.
#          Nothing else: no I/O, no clock, no rand, no qsort (unstable,
#          differs per libc), no getenv, no abort.
#        - threads, for ls_batch (src/thread.c, the only caller), by
#          platform ($host_os): POSIX pthread_create/join, mutex
#          init/destroy/lock/unlock, cond init/destroy/wait/broadcast;
#          on Windows (mingw*) the Win32 equivalents (CreateThread,
#          WaitForSingleObject, CloseHandle, critical sections, condition
#          variables); none on wasm32-wasi, which has no threads.
#        - libfixmath: only the functions docs/determinism.md lists as pure
#          (fix16_exp/sin/cos/tan/atan2 keep hidden caches; the float
#          conversions are floating point).
#        - compiler-runtime helpers the targets need, by exact pattern:
#          libgcc/compiler-rt integer routines (__udivdi3, __ctzdi2,
#          __multi3, ...: integer modes si/di/ti only, never the sf/df
#          float routines), ARM EABI integer and memory helpers
#          (__aeabi_uldivmod, __aeabi_memcpy, ...; never __aeabi_dadd &c.),
#          the stack protector, Windows stack probes, linker-made symbols
#          (_GLOBAL_OFFSET_TABLE_, .TOC.), register save/restore stubs.
#        - instrumentation runtimes, which only instrumented builds
#          reference: __asan_/__ubsan_/__tsan_/__msan_/__hwasan_, sanitizer
#          coverage, gcov, mcount.
#      Anything else fails, naming the symbol. Names are compared after
#      undoing the target's decoration: ELF versions (@GLIBC_...), Windows
#      import stubs (__imp_, _imp__) and, on targets that prefix every C
#      name with '_' (seen on the archive's own ls_* definitions), that
#      underscore.
#   2. The shared library exports the ls_* API and nothing else (never
#      libfixmath's fix16_* symbols), and not the self-test's ls_selftest*.
#   3. The self-test, a library of its own (liblockstar-selftest), needs
#      from outside only the libc and runtime names of 1 and liblockstar's
#      public ls_* functions (no ls__ internal, no libfixmath), and its
#      shared library exports ls_selftest* and nothing else.
#
# The guard proves it is not a no-op before it judges the library: the
# classifier is fed a list containing printf, qsort, fix16_exp, float
# helpers and decorated forms and must reject exactly the bad ones; and
# when $CC is set, an object calling printf, qsort and fix16_exp is built
# for the target and run through the same nm pipeline, which must reject
# it. LS_CHECK_SYMBOLS_EXTRA="a.o b.o" adds objects to the library's own
# check (the check must then fail if they call anything not allowed):
#   LS_CHECK_SYMBOLS_EXTRA=/tmp/bad.o make check TESTS=tests/check-symbols.sh
#
# Environment (from make check): top_builddir, NM, CC.
set -u
: "${top_builddir:=.}"
: "${NM:=nm}"
: "${CC:=}"
: "${LS_CHECK_SYMBOLS_EXTRA:=}"
LC_ALL=C
export LC_ALL

lib="$top_builddir/src/.libs/liblockstar_core.a"
if [ ! -f "$lib" ]; then
    echo "check-symbols: $lib not found (build first)"
    exit 1
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/check-symbols.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
fail=0

# ------------------------------------------------------------ the lists
libc_allowed='^(malloc|calloc|free|memcpy|memmove|memset)$'
fix16_allowed='^fix16_(mul|div|sqrt|add|sub|sadd|ssub|smul|log)$'
# Exactly the thread functions src/thread.c calls, per platform: a batch
# needs workers that sleep between runs (a run must not start threads).
: "${host_os:=}"
case $host_os in
mingw*|cygwin*)
    thread_allowed='^(CreateThread|WaitForSingleObject|CloseHandle|InitializeCriticalSection|DeleteCriticalSection|EnterCriticalSection|LeaveCriticalSection|InitializeConditionVariable|SleepConditionVariableCS|WakeAllConditionVariable)$' ;;
*wasi*)
    thread_allowed='^$' ;;
*)
    thread_allowed='^pthread_(create|join|mutex_(init|destroy|lock|unlock)|cond_(init|destroy|wait|broadcast))$' ;;
esac
# libgcc / compiler-rt integer routines: operation, integer mode (si, di,
# ti = 32, 64, 128 bits), operand count. The float modes (sf, df, xf, tf)
# and conversions (__floatsidf, __fixdfsi, ...) match none of these.
runtime_int='^__((u?div|u?mod|mul|ashl|ashr|lshr)(si|di|ti)3|(neg|u?cmp|clz|ctz|ffs|parity|popcount|bswap)(si|di|ti)2|u?divmod(si|di|ti)4|mulo(si|di|ti)4|(absv|negv)(si|di|ti)2|(addv|subv|mulv)(si|di|ti)3)$'
# ARM EABI run-time helpers: integer division, 64-bit shifts, multiply and
# compare, and the memory functions. (__aeabi_d*/__aeabi_f*/__aeabi_*2d
# are floating point and stay out.)
runtime_arm='^__aeabi_(idiv|uidiv|idivmod|uidivmod|ldivmod|uldivmod|llsl|llsr|lasr|lmul|lcmp|ulcmp|(memcpy|memmove|memset|memclr)[48]?|unwind_cpp_pr[012])$'
# Stack protector, Windows stack probes, symbols the linker makes, and
# the out-of-line register save/restore stubs of ppc64 and riscv (-Os).
runtime_other='^(__stack_chk_fail|__stack_chk_fail_local|__stack_chk_guard|___?chkstk(_ms)?|_GLOBAL_OFFSET_TABLE_|\.TOC\.|_gp_disp|__gnu_local_gp|__stack_pointer|__memory_base|__table_base|__indirect_function_table|_(save|rest)gpr[01]_[0-9]+(_[lt])?|__riscv_(save|restore)_[0-9]+)$'
# Instrumented builds only (-fsanitize=..., --coverage, -pg).
instrumentation='^(__(asan|ubsan|tsan|msan|hwasan|lsan|sanitizer_cov)_[A-Za-z0-9_]+|__(start|stop)___sancov_[a-z_]+|__gcov_[a-z_]+|__llvm_profile_[a-z_]+|_?mcount|__fentry__|__cyg_profile_func_(enter|exit))$'

# classify PREFIXED: reads "raw-name" lines on stdin, writes
# "verdict normalised-name raw-name" lines. PREFIXED=1 when the target puts
# '_' before every C name.
classify() {
    while read -r raw; do
        [ -n "$raw" ] || continue
        n=${raw%%@*}
        case $n in
        __imp_*) n=${n#__imp_} ;;
        _imp__*) n=_${n#_imp__} ;;
        esac
        if [ "$1" = 1 ]; then
            case $n in _*) n=${n#_} ;; esac
        fi
        if printf '%s\n' "$n" | grep -qE "$libc_allowed"; then
            v=libc
        elif printf '%s\n' "$n" | grep -qE "$thread_allowed"; then
            v=thread
        elif printf '%s\n' "$n" | grep -qE "$fix16_allowed"; then
            v=fix16
        elif printf '%s\n' "$n" | grep -q '^fix16_'; then
            v=BAD-fix16
        elif printf '%s\n' "$n" | grep -qE "$runtime_int|$runtime_arm|$runtime_other"; then
            v=runtime
        elif printf '%s\n' "$n" | grep -qE "$instrumentation"; then
            v=instrumentation
        else
            v=BAD
        fi
        printf '%s %s %s\n' "$v" "$n" "$raw"
    done
}

# undefined_of FILE...: the symbols the files need and none of them
# defines, one a line (raw, as nm prints them). Sets PREFIXED.
undefined_of() {
    if ! $NM --defined-only "$@" >"$work/def.nm" 2>"$work/nm.err" ||
       ! $NM -u "$@" >"$work/undef.nm" 2>>"$work/nm.err"; then
        echo "check-symbols: $NM failed on $*:" >&2
        cat "$work/nm.err" >&2
        return 1
    fi
    awk 'NF >= 3 { print $NF }' "$work/def.nm" | sed 's/@.*//' | sort -u >"$work/def"
    awk 'NF >= 1 && $NF !~ /:$/ { print $NF }' "$work/undef.nm" | sort -u >"$work/undef"
    # What a versioned reference (free@GLIBC_2.2.5) names is its base name.
    while read -r sym; do
        grep -qxF "${sym%%@*}" "$work/def" || printf '%s\n' "$sym"
    done <"$work/undef"
    PREFIXED=0
    if ! grep -q '^ls_' "$work/def" && grep -q '^_ls_' "$work/def"; then
        PREFIXED=1
    fi
}

# ------------------------------------------------- self-test, classifier
# Known answers, undecorated and decorated: the guard must reject the bad
# names, or it checks nothing.
selftest() { # PREFIXED "bad names" "good names"
    # shellcheck disable=SC2086 # word lists
    printf '%s\n' $2 $3 | classify "$1" >"$work/self"
    for want in $2; do
        grep -q "^BAD[^ ]* [^ ]* $want\$" "$work/self" || {
            echo "check-symbols: SELF-TEST FAILED: '$want' was allowed"
            fail=1
        }
    done
    for want in $3; do
        grep -q "^BAD[^ ]* [^ ]* $want\$" "$work/self" && {
            echo "check-symbols: SELF-TEST FAILED: '$want' was refused"
            fail=1
        }
    done
}
selftest 0 "printf qsort rand time getenv abort puts fprintf sqrt fix16_exp
    fix16_sin fix16_atan2 fix16_from_float fix16_to_dbl __adddf3 __divdf3
    __floatsidf __fixdfsi __powidf2 __aeabi_dadd __aeabi_i2d __aeabi_fmul
    __imp_printf _imp__qsort _qsort __asan __udivsf3 __ashlxf3 _malloc
    realloc bsearch pthread_detach pthread_cancel pthread_kill
    TerminateThread Sleep" \
    "malloc calloc free memcpy memmove memset free@GLIBC_2.2.5 __imp_malloc fix16_mul
    fix16_sqrt __udivdi3 __umoddi3 __ctzdi2 __clzdi2 __divdi3 __multi3
    __udivti3 __ashldi3 __lshrdi3 __muloti4 __aeabi_uldivmod __aeabi_uidiv
    __aeabi_memcpy4 __stack_chk_fail _GLOBAL_OFFSET_TABLE_ .TOC. ___chkstk_ms
    __asan_report_load8 __ubsan_handle_add_overflow __tsan_read4 __gcov_init
    mcount"
# Targets with a leading underscore (i686 mingw): the same names decorated.
selftest 1 "_printf _qsort __imp__printf _fix16_exp ___adddf3 printf" \
    "_malloc __imp__free _memset ___udivdi3 ___chkstk_ms _fix16_div ___asan_init"
if [ "$fail" -ne 0 ]; then
    echo "check-symbols: the classifier is broken; the library was not judged"
    exit 1
fi

# --------------------------------------------- self-test, real object
# An object built for this target that calls printf, qsort and fix16_exp
# must be refused by the same nm pipeline as the library.
if [ -n "$CC" ]; then
    cat >"$work/probe.c" <<'EOF'
typedef __SIZE_TYPE__ size_t;
int printf(const char *, ...);
void qsort(void *, size_t, size_t, int (*)(const void *, const void *));
int fix16_exp(int);
int ls_probe(int *v, size_t n, int (*cmp)(const void *, const void *))
{
    qsort(v, n, sizeof *v, cmp);
    return printf("%d %d\n", v[0], (int)n) + fix16_exp(v[1]);
}
EOF
    # shellcheck disable=SC2086
    if $CC -c -o "$work/probe.o" "$work/probe.c" >"$work/cc.log" 2>&1; then
        undefined_of "$lib" "$work/probe.o" >"$work/probe.undef" || exit 1
        classify "$PREFIXED" <"$work/probe.undef" | awk '$1 ~ /^BAD/ { print $2 }' \
            >"$work/probe.bad"
        for want in printf qsort fix16_exp; do
            if ! grep -qx "$want" "$work/probe.bad"; then
                echo "check-symbols: SELF-TEST FAILED: an object calling $want" \
                     "was not refused ($NM saw: $(tr '\n' ' ' <"$work/probe.undef"))"
                fail=1
            fi
        done
        [ "$fail" -eq 0 ] && echo "check-symbols: self-test: an object calling" \
            "printf, qsort and fix16_exp is refused ($(tr '\n' ' ' <"$work/probe.bad" | sed 's/ $//'))"
    else
        echo "check-symbols: self-test with a real object SKIPPED: $CC cannot" \
             "compile the probe:"
        sed 's/^/    /' "$work/cc.log" | head -5
    fi
else
    echo "check-symbols: self-test with a real object SKIPPED (CC not set)"
fi
if [ "$fail" -ne 0 ]; then
    echo "check-symbols: the guard failed its self-test; the library was not judged"
    exit 1
fi

# ---------------------------------------------------- the library itself
# shellcheck disable=SC2086
undefined_of "$lib" $LS_CHECK_SYMBOLS_EXTRA >"$work/lib.undef" || exit 1
classify "$PREFIXED" <"$work/lib.undef" >"$work/lib.verdicts"
# The archive members (or extra objects) that reference RAW.
needed_by() {
    # shellcheck disable=SC2086 # a list of files
    $NM -A -u "$lib" $LS_CHECK_SYMBOLS_EXTRA 2>/dev/null |
        awk -v s="$1" '$NF == s { sub(/:[^:]*$/, "", $1); print $1 }' |
        sed 's/.*://' | sort -u | tr '\n' ' ' | sed 's/ $//'
}
while read -r verdict name raw; do
    case $verdict in
    BAD-fix16)
        where=$(needed_by "$raw")
        echo "check-symbols: FAIL: '$name' is a libfixmath function outside the" \
             "allowed set (fix16_mul/div/sqrt/add/sub/sadd/ssub/smul/log;" \
             "docs: determinism.md), needed by: ${where:-?}"
        fail=1 ;;
    BAD)
        where=$(needed_by "$raw")
        as=
        [ "$raw" = "$name" ] || as=" (as $raw)"
        echo "check-symbols: FAIL: the library calls '$name'$as," \
             "which is not on the allow-list of tests/check-symbols.sh" \
             "(libc: malloc calloc free memcpy memmove memset; threads for" \
             "$host_os: $thread_allowed), needed by: ${where:-?}"
        fail=1 ;;
    esac
done <"$work/lib.verdicts"
for kind in libc thread fix16 runtime instrumentation; do
    names=$(awk -v k="$kind" '$1 == k { print $3 }' "$work/lib.verdicts" |
            tr '\n' ' ' | sed 's/ $//')
    echo "check-symbols: allowed $kind: ${names:-none}"
done
[ "$PREFIXED" = 1 ] && echo "check-symbols: (this target prefixes C names with '_')"

# ---------------------------------------------------------- the exports
so=$(ls "$top_builddir"/src/.libs/liblockstar.so 2>/dev/null)
if [ -n "$so" ]; then
    exported=$($NM -D --defined-only "$so" | awk '$2 ~ /^[TDBRVW]$/ {print $3}' | sed 's/@.*//' | sort -u)
    stray=$(echo "$exported" | grep -vE '^ls_[a-z0-9]' | grep -v '^$')
    if [ -n "$stray" ]; then
        echo "check-symbols: $so exports names outside the ls_ API:"
        echo "$stray"
        fail=1
    fi
    n=$(echo "$exported" | grep -c '^ls_')
    echo "check-symbols: $so exports $n ls_* symbols and nothing else"
    if echo "$exported" | grep -q '^ls_selftest'; then
        echo "check-symbols: $so exports the self-test, which is liblockstar-selftest's:"
        echo "$exported" | grep '^ls_selftest'
        fail=1
    fi
else
    echo "check-symbols: no shared library built (static build); export check skipped"
fi

# ------------------------------------------------------------ the self-test
stlib="$top_builddir/src/.libs/liblockstar_selftest_core.a"
if [ ! -f "$stlib" ]; then
    echo "check-symbols: $stlib not found (build first)"
    exit 1
fi
undefined_of "$stlib" >"$work/st.undef" || exit 1
st_prefixed=$PREFIXED
# liblockstar's public functions, as the core archive defines them.
$NM --defined-only "$lib" 2>/dev/null | awk 'NF >= 3 { print $NF }' |
    sed 's/@.*//' | sort -u >"$work/core.def"
classify "$st_prefixed" <"$work/st.undef" >"$work/st.verdicts"
st_public=0
while read -r verdict name raw; do
    case $verdict in
    BAD)
        if printf '%s\n' "$name" | grep -qE '^ls_[a-z0-9]' &&
           grep -qxF "$raw" "$work/core.def"; then
            st_public=$((st_public + 1))
            continue
        fi
        echo "check-symbols: FAIL: the self-test calls '$name', which is neither" \
             "on the allow-list nor a public ls_* function of liblockstar"
        fail=1 ;;
    BAD-fix16)
        echo "check-symbols: FAIL: the self-test calls libfixmath's '$name'"
        fail=1 ;;
    esac
done <"$work/st.verdicts"
echo "check-symbols: the self-test needs $st_public public ls_* functions of" \
     "liblockstar and, besides, only: $(awk '$1 != "BAD" { print $3 }' "$work/st.verdicts" | tr '\n' ' ' | sed 's/ $//')"
stso=$(ls "$top_builddir"/src/.libs/liblockstar-selftest.so 2>/dev/null)
if [ -n "$stso" ]; then
    exported=$($NM -D --defined-only "$stso" | awk '$2 ~ /^[TDBRVW]$/ {print $3}' | sed 's/@.*//' | sort -u)
    stray=$(echo "$exported" | grep -v '^ls_selftest' | grep -v '^$')
    if [ -n "$stray" ]; then
        echo "check-symbols: $stso exports names outside ls_selftest*:"
        echo "$stray"
        fail=1
    fi
    echo "check-symbols: $stso exports $(echo "$exported" | grep -c '^ls_selftest') ls_selftest* symbols and nothing else"
fi
exit $fail
