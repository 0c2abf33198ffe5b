#!/bin/sh
# check-symbols.sh - what the library may call and what it may export.
#
#   1. libfixmath: only the functions the determinism contract lists as
#      pure (fix16_exp/sin/cos/tan/atan2 keep hidden caches; the float
#      conversions are floating point).
#   2. Nothing whose result depends on history, the clock or the C
#      library's choices: rand, time, qsort (unstable, differs per libc).
#   3. The shared library exports the ls_* API and nothing else (never
#      libfixmath's fix16_* symbols).
set -u
: "${top_builddir:=.}"
: "${NM:=nm}"

lib="$top_builddir/src/.libs/liblockstar_core.a"
if [ ! -f "$lib" ]; then
    echo "check-symbols: $lib not found (build first)"
    exit 1
fi
fail=0

# Undefined in some member of the archive and defined in none: what the
# library needs from outside.
defined=$($NM --defined-only "$lib" 2>/dev/null | awk 'NF == 3 {print $3}' | sort -u)
undefined=$($NM -u "$lib" 2>/dev/null | grep -v ":$" | awk '{print $NF}' | sed 's/@.*//' | sort -u \
    | while read -r sym; do echo "$defined" | grep -qxF "$sym" || echo "$sym"; done)
allowed_fix16='^fix16_(mul|div|sqrt|add|sub|sadd|ssub|smul|log)$'
bad_fix16=$(echo "$undefined" | grep '^fix16_' | grep -vE "$allowed_fix16")
if [ -n "$bad_fix16" ]; then
    echo "check-symbols: libfixmath functions outside the allowed set:"
    echo "$bad_fix16"
    fail=1
fi
forbidden='^(rand|srand|random|srandom|rand_r|drand48|time|clock|gettimeofday|clock_gettime|qsort|bsearch|getenv|printf|fprintf|puts|abort|exit)$'
bad=$(echo "$undefined" | grep -E "$forbidden")
if [ -n "$bad" ]; then
    echo "check-symbols: the library calls functions it must not:"
    echo "$bad"
    fail=1
fi

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
else
    echo "check-symbols: no shared library built (static build); export check skipped"
fi
echo "check-symbols: undefined symbols of the library: $(echo $undefined)"
exit $fail
