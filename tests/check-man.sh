#!/bin/sh
# SPDX-License-Identifier: MIT
# check-man.sh - the manual pages stay true (`make check`):
#   1. every public function declared in include/lockstar*.h is named on
#      one of the library's pages (man/lockstar.3 and man/lockstar_*.3);
#   2. every status of include/lockstar.h's status enum (LS_OK ...
#      LS_ERR_*) has its entry, with its value, in lockstar(3)'s STATUSES;
#   3. every page man/lockstar_*.3 is in lockstar(3)'s SEE ALSO, and every
#      page of man/ is installed (named in Makefile.am's dist_man_MANS);
#      lockstar(3)'s EXAMPLES shows the output the README's example prints;
#   4. every command and option that `lockstar --help` lists (cli/usage.c)
#      is named in man/lockstar.1;
#   5. where groff is installed, every page formats without warnings.
# Exit 0 = pass, 1 = fail.
set -u
# This check reads only the source tree, so its answer is the same on
# every target: tools/test.sh runs it, and the platform matrix
# (tests/cross/run.sh) sets LOCKSTAR_SAME_ON_EVERY_TARGET=skip on its
# targets, where it is a SKIP, never a pass.
if [ "${LOCKSTAR_SAME_ON_EVERY_TARGET:-run}" = skip ]; then
    echo "SKIP: ${0##*/} reads only the source tree, the same on every target; tools/test.sh runs it"
    exit 77
fi
: "${top_srcdir:=.}"
headers="$top_srcdir/include/lockstar.h $top_srcdir/include/lockstar_world.h $top_srcdir/include/lockstar_queue.h $top_srcdir/include/lockstar_crowd.h $top_srcdir/include/lockstar_flow.h $top_srcdir/include/lockstar_selftest.h $top_srcdir/include/lockstar_jumps.h $top_srcdir/include/lockstar_landmarks.h $top_srcdir/include/lockstar_hpa.h $top_srcdir/include/lockstar_cache.h"
usage="$top_srcdir/cli/usage.c"
page1="$top_srcdir/man/lockstar.1"
page3="$top_srcdir/man/lockstar.3"
pages3=$(ls "$top_srcdir"/man/lockstar.3 "$top_srcdir"/man/lockstar_*.3 2>/dev/null)
failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# Declarations only: comments are taken out first (a function named in a
# comment is not a declaration).
functions=$(awk 'BEGIN { RS = "\0" } {
    s = $0; out = ""
    while ((i = index(s, "/*")) > 0) {
        out = out substr(s, 1, i - 1); s = substr(s, i + 2)
        j = index(s, "*/"); if (j == 0) { s = ""; break }
        s = substr(s, j + 2)
    }
    print out s
}' $headers | grep -oE '\bls_[a-z0-9_]+ *\(' | sed 's/ *(//' | sort -u)
[ -n "$functions" ] || fail "no function found in $headers"
n=0
for f in $functions; do
    n=$((n + 1))
    # shellcheck disable=SC2086
    grep -qw -e "$f" $pages3 || fail "no page man/lockstar*.3 names $f()"
done

# The statuses: NAME = VALUE in the header's enum, each an entry
# `.BR NAME " (VALUE)` (several may share one entry) in STATUSES.
statuses=$(sed -n '/^typedef int32_t ls_status;/,/^};/p' "$top_srcdir/include/lockstar.h" |
    sed -n 's/^ *\(LS_[A-Z_]*\) = \(-\{0,1\}[0-9][0-9]*\),\{0,1\}.*/\1=\2/p')
[ -n "$statuses" ] || fail "no status found in include/lockstar.h"
section=$(sed -n '/^\.SH STATUSES/,/^\.SH [^S]/p' "$page3")
s=0
for sv in $statuses; do
    name=${sv%%=*}
    value=$(printf '%s' "${sv#*=}" | sed 's/-/\\-/')
    s=$((s + 1))
    printf '%s\n' "$section" | grep -qF -e "$name \" ($value)" ||
        fail "man/lockstar.3's STATUSES has no entry '$name ($value)'"
done

# lockstar(3)'s EXAMPLES prints what the README's first program prints
# (tests/check-examples.sh runs that one and compares its output).
readme_out=$(awk '/^<!-- example-output: readme -->/ { m = 1; next }
    m == 1 && /^```/ { m = 2; next } m == 2 { print; exit }' "$top_srcdir/README.md")
if [ -z "$readme_out" ]; then
    fail "README.md has no <!-- example-output: readme --> block"
else
    sed -n '/^\.SH EXAMPLES/,/^\.SH /p' "$page3" | grep -qxF -e "$readme_out" ||
        fail "man/lockstar.3's EXAMPLES does not show the README's output '$readme_out'"
fi

# The pages: each part's page is reachable from lockstar(3) and installed.
for p in $pages3 "$page1"; do
    base=$(basename "$p")
    case $base in
        lockstar_*.3)
            grep -q "^\.BR ${base%.3} (3)" "$page3" ||
                fail "man/lockstar.3's SEE ALSO does not name ${base%.3}(3)" ;;
    esac
    grep -q "man/$base" "$top_srcdir/Makefile.am" ||
        fail "Makefile.am does not install man/$base (dist_man_MANS)"
done

# Commands: the words after "lockstar" in the usage lines; options: every
# --word of the help text but the "--opt" placeholder. In troff source a
# '-' is written '\-'.
commands=$(sed -n 's/^"\(usage:\)\{0,1\} *lockstar \([a-z][a-z]*\)[ \].*/\2/p' "$usage" | sort -u)
options=$(grep -oE -- '--[a-z][a-z-]*' "$usage" | grep -vx -e '--opt' | sort -u)
[ -n "$commands" ] && [ -n "$options" ] || fail "no command or option found in $usage"
c=0
for cmd in $commands; do
    c=$((c + 1))
    grep -q "^\.B $cmd\$" "$page1" || fail "man/lockstar.1 has no '.B $cmd' entry"
done
o=0
for opt in $options; do
    o=$((o + 1))
    troff=$(printf '%s' "$opt" | sed 's/-/\\\\-/g')
    grep -q -e "$troff" "$page1" || fail "man/lockstar.1 does not name $opt"
done

if command -v groff >/dev/null 2>&1; then
    for page in "$page1" $pages3; do
        warnings=$(groff -man -ww -z "$page" 2>&1)
        [ -z "$warnings" ] || fail "$page: groff: $warnings"
    done
    formatted="groff: every page formats cleanly"
else
    formatted="groff not installed: formatting not checked"
fi

echo "check-man: $n functions on $(echo $pages3 | wc -w) pages, $s statuses, $c commands, $o options named; $formatted"
[ "$failures" -eq 0 ]
