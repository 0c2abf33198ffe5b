#!/bin/sh
# SPDX-License-Identifier: MIT
# firstday.sh - the first-day example (examples/FirstDay.cs) built and run
# by `make check`, so it cannot rot: it must exit 0 and print what its
# comments promise (JPS's cost equal to A*'s, the refusals by name, the
# queue's requests, the unit arrived). Run when configure found mono
# (bindings/csharp/csharp.am).
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}"
: "${MONO:=mono}"
exe="$top_builddir/bindings/csharp/FirstDay.exe"
tmp=$(mktemp "${TMPDIR:-/tmp}/cs-first.XXXXXX")
trap 'rm -f "$tmp"' EXIT INT TERM
"$MONO" "$exe" >"$tmp" 2>&1
rc=$?
cat "$tmp"
[ "$rc" -eq 0 ] || { echo "firstday.sh: FirstDay.exe exited $rc"; exit 1; }
fail=0
for want in \
    "A*  Ok cost 234 " "JPS Ok cost 234 " "JPS on terrain: ErrNotUniform" \
    "refused: LS_ERR_OUT_OF_BOUNDS" "blocked goal: ErrGoalBlocked" \
    ": request 1 Ok, cost " ": request 2 ErrNotUniform" " waypoints; length " "(Arrived)"; do
    grep -qF "$want" "$tmp" || { echo "firstday.sh: missing '$want'"; fail=1; }
done
exit $fail
