#!/bin/sh
# SPDX-License-Identifier: MIT
# check-cplusplus.sh - the public headers are clean C++ and the library is
# callable from C++.
#
# tests/cplusplus.cpp (which includes <lockstar.h>, and through it
# lockstar_world.h, lockstar_queue.h and lockstar_flow.h, and
# <lockstar_selftest.h>) is compiled with every C++
# compiler found, g++ and clang++, as C++11 and as C++17, with
# -Wall -Wextra -Werror -pedantic; linked against the libraries just built
# (liblockstar-selftest then liblockstar, as a user links them: the static
# archives and, when built, the shared libraries); and run: it
# checks a found path, a path check, two error statuses, the allocator
# hooks, a flow field, and that the self-test's digest is the one README.md publishes.
#
# Exit 77 (SKIP) only when no C++ compiler for the build's host exists:
# none of g++/clang++ natively, none of HOST-g++/HOST-clang++ on a cross
# build (the matrix's cross targets install no C++ cross compiler; the C++
# check runs on the native and tcc builds). LS_CXX="c++ ..." replaces the
# list of compilers. Exit 1 when any build or run fails.
#
# Environment (from make check): top_srcdir, top_builddir, build_triplet,
# host_alias, CPPFLAGS, LDFLAGS, FIXMATH_LIBS, PTHREAD_LIBS, EXEEXT.
set -u
: "${top_srcdir:=.}"
: "${top_builddir:=.}"
: "${build_triplet:=}"
: "${host_triplet:=}"
: "${host_alias:=}"
: "${CPPFLAGS:=}"
: "${LDFLAGS:=}"
: "${FIXMATH_LIBS:=-llibfixmath}"
: "${PTHREAD_LIBS:=}"
: "${EXEEXT:=}"

# libtool's -all-static (the cross targets' make-time LDFLAGS) means
# -static to a compiler driver.
LDFLAGS=$(printf '%s\n' "$LDFLAGS" | sed 's/-all-static/-static/g')

src="$top_srcdir/tests/cplusplus.cpp"
readme="$top_srcdir/README.md"

# The compilers for the host the library was built for.
if [ -n "${LS_CXX:-}" ]; then
    candidates=$LS_CXX
elif [ -n "$host_triplet" ] && [ "$host_triplet" != "$build_triplet" ]; then
    candidates="${host_alias:-$host_triplet}-g++ ${host_alias:-$host_triplet}-clang++"
else
    candidates="g++ clang++"
fi
compilers=
for c in $candidates; do
    command -v "$c" >/dev/null 2>&1 && compilers="$compilers $c"
done
if [ -z "$compilers" ]; then
    echo "check-cplusplus: SKIP: no C++ compiler for ${host_triplet:-this host} (looked for: $candidates)"
    exit 77
fi

# The digest every build of this version must give (README.md, "Self-test
# on the device").
digest=$(sed -n 's/^ *lockstar selftest: [0-9]* passed, 0 failed, digest \([0-9a-f]\{16\}\)$/\1/p' "$readme" | head -n 1)
if [ -z "$digest" ]; then
    echo "check-cplusplus: FAIL: no 'lockstar selftest: ... digest' line in $readme"
    exit 1
fi

# The library forms that were built.
libs=
static_lib="$top_builddir/src/.libs/liblockstar.a"
shared_lib="$top_builddir/src/.libs/liblockstar.so"
static_selftest="$top_builddir/src/.libs/liblockstar-selftest.a"
[ -f "$static_lib" ] && libs="$libs static"
[ -f "$shared_lib" ] && libs="$libs shared"
if [ -z "$libs" ]; then
    echo "check-cplusplus: FAIL: neither $static_lib nor $shared_lib was built"
    exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/check-cplusplus.XXXXXX") || exit 1
trap 'rm -rf "$work"' 0
trap 'exit 1' 1 2 15

status=0
runs=0
for cxx in $compilers; do
    for std in c++11 c++17; do
        obj="$work/$(basename "$cxx")-$std.o"
        # shellcheck disable=SC2086
        if ! "$cxx" -std="$std" -Wall -Wextra -Werror -pedantic \
                -I"$top_srcdir/include" $CPPFLAGS -c "$src" -o "$obj" 2>"$work/err"; then
            echo "check-cplusplus: FAIL: $cxx -std=$std -Wall -Wextra -Werror -pedantic does not compile the headers:"
            head -n 20 "$work/err"
            status=1
            continue
        fi
        for form in $libs; do
            exe="$work/$(basename "$cxx")-$std-$form$EXEEXT"
            if [ "$form" = static ]; then
                # shellcheck disable=SC2086
                set -- "$static_selftest" "$static_lib" $FIXMATH_LIBS $PTHREAD_LIBS
            else
                # libfixmath is inside the shared library (hidden).
                set -- -L"$top_builddir/src/.libs" -llockstar-selftest -llockstar \
                    -Wl,-rpath,"$(cd "$top_builddir/src/.libs" && pwd)" $PTHREAD_LIBS
            fi
            # shellcheck disable=SC2086
            if ! "$cxx" $LDFLAGS "$obj" "$@" -o "$exe" 2>"$work/err"; then
                echo "check-cplusplus: FAIL: $cxx -std=$std cannot link against the $form library:"
                head -n 20 "$work/err"
                status=1
                continue
            fi
            if [ -n "${TEST_EMULATOR:-}" ]; then
                # shellcheck disable=SC2086
                $TEST_EMULATOR "$exe" "$digest" >"$work/out" 2>&1
            else
                "$exe" "$digest" >"$work/out" 2>&1
            fi
            rc=$?
            if [ "$rc" -ne 0 ] || ! grep -q '^cplusplus: ok' "$work/out"; then
                echo "check-cplusplus: FAIL: $cxx -std=$std, $form library: exit $rc:"
                cat "$work/out"
                status=1
                continue
            fi
            runs=$((runs + 1))
            echo "check-cplusplus: $cxx -std=$std, $form library: $(grep '^cplusplus: selftest' "$work/out")"
        done
    done
done
[ "$status" -eq 0 ] && echo "check-cplusplus: $runs builds compiled cleanly, linked and ran"
exit "$status"
