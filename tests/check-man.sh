#!/bin/sh
# check-man.sh - the manual pages stay true (`make check`): every public
# function declared in include/lockstar*.h is named in man/lockstar.3, and
# every command and option that `lockstar --help` lists (cli/usage.c) is
# named in man/lockstar.1. Where groff is installed, both pages must also
# format without warnings. Exit 0 = pass, 1 = fail.
set -u
: "${top_srcdir:=.}"
headers="$top_srcdir/include/lockstar.h $top_srcdir/include/lockstar_world.h $top_srcdir/include/lockstar_selftest.h"
usage="$top_srcdir/cli/usage.c"
page1="$top_srcdir/man/lockstar.1"
page3="$top_srcdir/man/lockstar.3"
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
    grep -qw -e "$f" "$page3" || fail "man/lockstar.3 does not name $f()"
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
    for page in "$page1" "$page3"; do
        warnings=$(groff -man -ww -z "$page" 2>&1)
        [ -z "$warnings" ] || fail "$page: groff: $warnings"
    done
    formatted="groff: both pages format cleanly"
else
    formatted="groff not installed: formatting not checked"
fi

echo "check-man: $n functions, $c commands, $o options named; $formatted"
[ "$failures" -eq 0 ]
