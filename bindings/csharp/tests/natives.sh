#!/bin/sh
# SPDX-License-Identifier: MIT
# natives.sh - bindings/csharp/Native.cs declares every function the
# public headers (include/*.h) declare, by its C name (a DllImport of that
# name, or an EntryPoint naming it), and no function they do not; and
# Status names every LS_ERR_* the headers define (LockstarTests.exe then
# checks each value and name against the library), and the crowd's states
# and phases and the flow's LS_FLOW_GOAL and LS_FLOW_NONE are the C# enums'
# values. So a function or value added to a header cannot be forgotten by
# the binding.
# Run by `make check` when configure found mono (bindings/csharp/csharp.am).
# Exit 0 = pass, 1 = fail.
set -u
: "${top_srcdir:=.}"
native="$top_srcdir/bindings/csharp/Native.cs"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cs-natives.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0

# The headers' functions: a declaration line names ls_NAME( at its start
# (after the return type), as the Windows DLL's .def file is made
# (docs/csharp.md).
grep -h '^[a-z].*[ *]ls_[a-z0-9_]*(' "$top_srcdir"/include/*.h |
    sed 's/^[^(]*[ *]\(ls_[a-z0-9_]*\)(.*/\1/' | sort -u >"$tmp/headers"
# Native.cs: extern NAME( and EntryPoint = "NAME".
{ grep -o 'extern [^(]*[ ]ls_[a-z0-9_]*(' "$native" | sed 's/.*[ ]\(ls_[a-z0-9_]*\)(/\1/'
  grep -o 'EntryPoint = "ls_[a-z0-9_]*"' "$native" | sed 's/.*"\(ls_[a-z0-9_]*\)"/\1/'; } |
    sort -u >"$tmp/native"
n=$(wc -l <"$tmp/headers" | tr -d ' ')
[ "$n" -ge 100 ] || { echo "natives.sh: only $n functions found in include/*.h"; fail=1; }
for f in $(comm -23 "$tmp/headers" "$tmp/native"); do
    echo "natives.sh: $f is declared by include/ but not by Native.cs"
    fail=1
done
for f in $(comm -13 "$tmp/headers" "$tmp/native"); do
    echo "natives.sh: Native.cs declares $f, which no header of include/ declares"
    fail=1
done

# Statuses: LS_ERR_BAD_ROUTE -> ErrBadRoute.
grep -ho 'LS_ERR_[A-Z0-9_]* *= *-[0-9]*' "$top_srcdir"/include/*.h | tr -d ' ' | sort -u >"$tmp/statuses"
while IFS='=' read -r name value; do
    pascal=$(echo "${name#LS_}" | tr 'A-Z' 'a-z' |
        awk -F_ '{ s = ""; for (i = 1; i <= NF; i++) s = s toupper(substr($i, 1, 1)) substr($i, 2); print s }')
    grep -qE "^ *$pascal = $value,?\$" "$native" ||
        { echo "natives.sh: Status has no '$pascal = $value' ($name)"; fail=1; }
done <"$tmp/statuses"
s=$(wc -l <"$tmp/statuses" | tr -d ' ')
[ "$s" -ge 36 ] || { echo "natives.sh: only $s LS_ERR_ values found in include/*.h"; fail=1; }

# The crowd's states and phases, and the flow's directions: each value of
# the header's enum under its name in the C# enum (LS_CROWD_NO_ROOM = 5 ->
# NoRoom = 5 in CrowdState).
enum_line() { grep -E "public enum $1 " "$native"; }
check_enum() { # C_PREFIX CSHARP_ENUM
    grep -hoE "^ *$1[A-Z0-9_]+ *= *[0-9]+" "$top_srcdir"/include/*.h | tr -d ' ' |
        while IFS='=' read -r name value; do
            pascal=$(echo "${name#"$1"}" | tr 'A-Z' 'a-z' |
                awk -F_ '{ s = ""; for (i = 1; i <= NF; i++) s = s toupper(substr($i, 1, 1)) substr($i, 2); print s }')
            enum_line "$2" | grep -qE "[ {]$pascal = $value[ ,]" ||
                echo "natives.sh: $2 has no '$pascal = $value' ($name)"
        done
}
check_enum LS_CROWD_PHASE_ CrowdPhase >"$tmp/enums"
grep -hoE '^ *LS_CROWD_[A-Z_]+ *= *[0-9]+' "$top_srcdir/include/lockstar_crowd.h" | grep -q NO_ROOM ||
    echo "natives.sh: no LS_CROWD_NO_ROOM in lockstar_crowd.h" >>"$tmp/enums"
grep -hoE '^ *LS_CROWD_[A-Z_]+ *= *[0-9]+' "$top_srcdir/include/lockstar_crowd.h" | grep -v PHASE |
    tr -d ' ' | while IFS='=' read -r name value; do
        pascal=$(echo "${name#LS_CROWD_}" | tr 'A-Z' 'a-z' |
            awk -F_ '{ s = ""; for (i = 1; i <= NF; i++) s = s toupper(substr($i, 1, 1)) substr($i, 2); print s }')
        enum_line CrowdState | grep -qE "[ {]$pascal = $value[ ,]" ||
            echo "natives.sh: CrowdState has no '$pascal = $value' ($name)"
    done >>"$tmp/enums"
for d in GOAL NONE; do
    v=$(sed -n "s/^#define LS_FLOW_$d \([0-9]*\).*/\1/p" "$top_srcdir/include/lockstar_flow.h")
    p=$(echo "$d" | awk '{ print substr($0, 1, 1) tolower(substr($0, 2)) }')
    enum_line FlowDirection | grep -qE "[ {]$p = $v[ ,]" ||
        echo "natives.sh: FlowDirection has no '$p = $v' (LS_FLOW_$d)" >>"$tmp/enums"
done
if [ -s "$tmp/enums" ]; then cat "$tmp/enums"; fail=1; fi

[ "$fail" -eq 0 ] && echo "natives.sh: Native.cs declares the $n functions of include/*.h, and Status its $s errors"
[ "$fail" -eq 0 ]
