#!/bin/sh
# SPDX-License-Identifier: MIT
# check-examples.sh - the C examples of README.md and docs/*.md compile
# against the built library and run (`make check`).
#
# Every ```c block in those files must be marked by an HTML comment on the
# line before it (invisible on GitHub):
#   <!-- example: NAME -->          the block is part of program NAME;
#                                   blocks with one NAME, in page order,
#                                   form one program
#   <!-- example: none -->          not compiled (say why beside it)
# Hidden lines a program needs but the page need not show:
#   <!-- example: NAME setup        lines added to NAME's body here
#   ...
#   -->
#   <!-- example: NAME global       lines at file scope (stubs of the
#   ...                             caller's own functions)
#   -->
# and its expected standard output, compared byte for byte:
#   <!-- example-output: NAME -->   before a ``` block
# A program whose text has `int main(` is compiled as it stands; otherwise
# its #include lines go to the top and the rest into `int main(void)`,
# each block in a scope nested in the one before (so a block may declare
# a name again).
# Each program is compiled with $CC -std=c99 -Wall -Wextra -Werror
# (unused variables allowed: fragments declare what later text uses),
# linked against the static library (or the shared one), run (under
# $TEST_EMULATOR when cross-compiling) and must exit 0.
# Exit 0 = pass, 1 = fail.
set -u
: "${top_srcdir:=.}"
: "${top_builddir:=.}"
: "${CC:=cc}"
: "${CPPFLAGS:=}"
: "${LDFLAGS:=}"
: "${FIXMATH_LIBS:=-llibfixmath}"
: "${PTHREAD_LIBS:=}"
: "${EXEEXT:=}"
LDFLAGS=$(printf '%s\n' "$LDFLAGS" | sed 's/-all-static/-static/g')

work=$(mktemp -d "${TMPDIR:-/tmp}/check-examples.XXXXXX") || exit 1
trap 'rm -rf "$work"' 0
trap 'exit 1' 1 2 15

failures=0
fail() {
    echo "check-examples: FAIL: $*"
    failures=$((failures + 1))
}

pages=$(cd "$top_srcdir" && ls README.md docs/*.md)

# Extract: for each page, append marked blocks to $work/NAME.body,
# hidden globals to $work/NAME.global, expected output to $work/NAME.expected.
# Unmarked ```c blocks are reported on $work/unmarked.
for page in $pages; do
    awk -v dir="$work" -v page="$page" '
    function flush_to(file, text) { printf "%s", text >> file; close(file) }
    BEGIN { mode = ""; pending = ""; pend_kind = "" }
    # inside a hidden setup or global comment
    mode == "hidden" {
        if ($0 ~ /^-->[ \t]*$/) { mode = ""; next }
        flush_to(dir "/" hname "." hkind, $0 "\n"); next
    }
    # inside a fence
    mode == "fence" {
        if ($0 ~ /^```[ \t]*$/) { mode = ""; next }
        if (target != "") flush_to(target, $0 "\n")
        next
    }
    /^<!-- example: [a-z0-9-]+ (setup|global)[ \t]*$/ {
        hname = $3; hkind = ($4 == "global") ? "global" : "body"
        mode = "hidden"; pending = ""; next
    }
    /^<!-- example: [a-z0-9-]+ -->/ { pending = $3; pend_kind = "code"; next }
    /^<!-- example-output: [a-z0-9-]+ -->/ { pending = $3; pend_kind = "out"; next }
    /^```/ {
        lang = substr($0, 4); sub(/[ \t]+$/, "", lang)
        target = ""
        if (pending != "" && pend_kind == "code" && lang == "c") {
            if (pending != "none") {
                target = dir "/" pending ".body"
                print pending >> (dir "/names"); close(dir "/names")
                flush_to(target, "/*{*/\n#line " NR + 1 " \"" page "\"\n")
            }
        } else if (pending != "" && pend_kind == "out") {
            target = dir "/" pending ".expected"
            printf "" > target; close(target)
        } else if (lang == "c") {
            print page ":" NR >> (dir "/unmarked"); close(dir "/unmarked")
        }
        pending = ""; mode = "fence"; next
    }
    /^[ \t]*$/ { next }
    { pending = "" }
    ' "$top_srcdir/$page"
done

if [ -s "$work/unmarked" ]; then
    while read -r where; do
        fail "$where: a \`\`\`c block without an <!-- example: NAME --> (or none) mark"
    done <"$work/unmarked"
fi
for f in "$work"/*.expected; do
    [ -f "$f" ] || continue
    name=$(basename "$f" .expected)
    [ -f "$work/$name.body" ] || fail "expected output for \"$name\", which no block defines"
done

# The library to link.
static_lib="$top_builddir/src/.libs/liblockstar.a"
shared_lib="$top_builddir/src/.libs/liblockstar.so"
# The self-test, where it is a library of its own, comes first.
selftest_static="$top_builddir/src/.libs/liblockstar-selftest.a"
selftest_shared="$top_builddir/src/.libs/liblockstar-selftest.so"
if [ -f "$static_lib" ]; then
    st=
    [ -f "$selftest_static" ] && st=$selftest_static
    # shellcheck disable=SC2086
    set -- $st "$static_lib" $FIXMATH_LIBS $PTHREAD_LIBS
elif [ -f "$shared_lib" ]; then
    st=
    [ -f "$selftest_shared" ] && st=-llockstar-selftest
    # shellcheck disable=SC2086
    set -- -L"$top_builddir/src/.libs" $st -llockstar \
        -Wl,-rpath,"$(cd "$top_builddir/src/.libs" && pwd)" $PTHREAD_LIBS
else
    echo "check-examples: FAIL: neither $static_lib nor $shared_lib was built"
    exit 1
fi

n=0
names=$(sort -u "$work/names" 2>/dev/null)
[ -n "$names" ] || fail "no marked example in README.md or docs/*.md"
for name in $names; do
    src="$work/$name.c"
    if grep -q '^int main(' "$work/$name.body"; then
        { [ -f "$work/$name.global" ] && cat "$work/$name.global"
          grep -v '^/\*{\*/$' "$work/$name.body"; } >"$src"
    else
        # Each block opens a scope of its own, closed at the end: a later
        # block may declare a name again (as pages do) and still use what
        # the blocks before it declared.
        blocks=$(grep -c '^/\*{\*/$' "$work/$name.body")
        { grep '^#include' "$work/$name.body"
          echo '#include <stdio.h>'
          echo '#include <lockstar.h>'
          [ -f "$work/$name.global" ] && cat "$work/$name.global"
          echo 'int main(void)'
          echo '{'
          grep -v '^#include' "$work/$name.body" | sed 's|^/\*{\*/$|{|'
          i=0
          while [ "$i" -lt "$blocks" ]; do echo '}'; i=$((i + 1)); done
          echo 'return 0;'
          echo '}'; } >"$src"
    fi
    exe="$work/$name$EXEEXT"
    # shellcheck disable=SC2086
    if ! $CC -std=c99 -Wall -Wextra -Werror -Wno-unused-variable \
            -Wno-unused-but-set-variable -I"$top_srcdir/include" $CPPFLAGS \
            $LDFLAGS "$src" "$@" -o "$exe" 2>"$work/err"; then
        fail "example \"$name\" does not compile:"
        head -n 30 "$work/err"
        continue
    fi
    if [ -n "${TEST_EMULATOR:-}" ]; then
        # shellcheck disable=SC2086
        $TEST_EMULATOR "$exe" >"$work/$name.out" 2>"$work/err"
    else
        "$exe" >"$work/$name.out" 2>"$work/err"
    fi
    rc=$?
    if [ "$rc" -ne 0 ]; then
        fail "example \"$name\" exited with $rc:"
        head -n 20 "$work/err"
        continue
    fi
    if [ -f "$work/$name.expected" ]; then
        # Line ends: a Windows program under wine may print CRLF.
        tr -d '\r' <"$work/$name.out" >"$work/$name.out2"
        if ! cmp -s "$work/$name.out2" "$work/$name.expected"; then
            fail "example \"$name\" printed something other than its page shows:"
            diff "$work/$name.expected" "$work/$name.out2" | head -n 20
            continue
        fi
        n=$((n + 1))
        echo "check-examples: $name: compiled, ran, output as the page shows"
    else
        n=$((n + 1))
        echo "check-examples: $name: compiled and ran"
    fi
done

[ "$failures" -eq 0 ] && echo "check-examples: $n example programs from README.md and docs/*.md compiled and ran"
[ "$failures" -eq 0 ]
