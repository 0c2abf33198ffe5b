#!/bin/sh
# SPDX-License-Identifier: MIT
# vectors.sh - the golden vectors through the C# binding: LockstarTests.exe
# runs every vector and script of vectors/index.txt and compares every
# field; then a copy with one field changed in a vector file, a queue
# script and a geometry script must be reported, each at its line (so the
# checker is shown to compare, not just to run).
# Run by `make check` when configure found mono (bindings/csharp/csharp.am).
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}"
: "${MONO:=mono}"
exe="$top_builddir/bindings/csharp/LockstarTests.exe"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cs-vec.XXXXXX")
trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT INT TERM

"$MONO" "$exe" "$top_srcdir/vectors" || {
    echo "vectors.sh: the C# binding differs from the golden vectors (above)"
    exit 1
}

cp -R "$top_srcdir/vectors" "$tmp/vectors"
chmod -R u+w "$tmp/vectors"
v="$tmp/vectors"
# One field each: a vector's cost, a queue request's expansions, an
# agent's travelled distance.
sed '0,/^cost 184$/s//cost 185/' "$v/random.vec" >"$v/x" && mv "$v/x" "$v/random.vec"
sed '0,/^finished 613 0 LS_OK cost 0 expansions 0 /s//finished 613 0 LS_OK cost 0 expansions 1 /' \
    "$v/queue.vec" >"$v/x" && mv "$v/x" "$v/queue.vec"
sed '0,/ travelled \([0-9]*\)$/s// travelled 99999/' "$v/follow.vec" >"$v/x" && mv "$v/x" "$v/follow.vec"
"$MONO" "$exe" "$v" random.vec queue.vec follow.vec >"$tmp/out" 2>&1
rc=$?
fail=0
[ "$rc" -eq 1 ] || { echo "vectors.sh: tampered vectors: exit $rc, expected 1"; fail=1; }
for want in \
    "random.vec:150: vector random-0006 (one-shot): cost: expected 185, got 184" \
    "random.vec:150: vector random-0006 (sliced): cost: expected 185, got 184" \
    "queue.vec:47: script queue-0000 (finished 613): expansions: expected 1, got 0" \
    "follow.vec:31: script follow-0000 (step): travelled: expected 99999, got 0" \
    " 4 differences"; do
    grep -qF "$want" "$tmp/out" || { echo "vectors.sh: tampered vectors: missing '$want'"; fail=1; }
done
[ "$fail" -eq 0 ] || { sed 's/^/  /' "$tmp/out"; exit 1; }
echo "vectors.sh: the tampered copy was caught: $(tail -1 "$tmp/out")"
