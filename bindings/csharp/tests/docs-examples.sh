#!/bin/sh
# SPDX-License-Identifier: MIT
# docs-examples.sh - the C# examples of README.md and docs/*.md compiled
# with mcs against the binding's sources and run by `make check`, so they
# cannot rot (issue 20); the C examples are tests/check-examples.sh's and
# the JavaScript ones bindings/js/test/docs-examples.test.mjs's, whose
# marks these follow with `example-cs`.
#
# Every ```csharp block (```cs and ```c# too) must be marked by an HTML
# comment before it (blank lines between allowed; invisible on GitHub), or
# the test fails:
#   <!-- example-cs: NAME -->       the block is part of program NAME;
#                                   the blocks of one NAME, in page order,
#                                   form one source file (their `using`
#                                   directives moved to its top)
#   <!-- example-cs: none --> WHY   not compiled (say why beside it)
# Hidden lines, added where they stand, and the expected standard output,
# compared line for line:
#   <!-- example-cs: NAME setup
#   ...
#   -->
#   <!-- example-cs: NAME output
#   ...
#   -->
# A program that says `using UnityEngine;` is compiled with
# UnityStub.cs (a stand-in for the UnityEngine names, for this test only)
# and UnityDriver.cs (Start, then FixedUpdate and Update per frame until
# the behaviour's transform stands still, then OnDestroy, logging each);
# one with a `static void Main` or `static int Main` runs as it stands;
# any other is compiled as a library only. Compiled with the binding's
# flags (-langversion:7 -warnaserror+), run with mono beside a link to the
# built liblockstar.so; it must exit 0 and print its expected output.
# Run when configure found mono (bindings/csharp/csharp.am).
# Exit 0 = pass, 1 = fail.
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}"
: "${MONO:=mono}" "${MCS:=mcs}"
src=$(cd "$top_srcdir" && pwd)
build=$(cd "$top_builddir" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/cs-docs.XXXXXX") || exit 1
trap 'rm -rf "$work"' 0
trap 'exit 1' 1 2 15

failures=0
fail() {
    echo "docs-examples: FAIL: $*"
    failures=$((failures + 1))
}

# Extract: for each page, marked blocks and setup lines to $work/NAME.body
# (with #line directives, so mcs names the page's lines), their `using`
# directives to $work/NAME.using, expected output to $work/NAME.expected;
# faults (unmarked blocks, stray marks) to $work/faults.
for page in $(cd "$src" && ls README.md docs/*.md); do
    awk -v dir="$work" -v page="$page" '
    function put(file, text) { printf "%s", text >> file; close(file) }
    function stray() {
        if (pending != "") put(dir "/faults", page ":" pend_at ": mark \"" pending "\" not followed by a ```csharp block\n")
        pending = ""
    }
    BEGIN { mode = ""; pending = "" }
    mode == "hidden" {
        if ($0 ~ /^-->[ \t]*$/) { mode = ""; next }
        put(hfile, (hkind == "output" ? "" : "#line " NR " \"" page "\"\n") $0 "\n"); next
    }
    mode == "fence" {
        if ($0 ~ /^```[ \t]*$/) { mode = ""; next }
        if (target == "") next
        if ($0 ~ /^using [A-Za-z0-9_.]+( = [A-Za-z0-9_.]+)?;/) {
            put(dir "/" name ".using", "#line " NR " \"" page "\"\n" $0 "\n"); resync = 1
        } else {
            put(target, (resync ? "#line " NR " \"" page "\"\n" : "") $0 "\n"); resync = 0
        }
        next
    }
    /^<!-- example-cs: [a-z0-9-]+ (setup|output)[ \t]*$/ {
        stray()
        hkind = $4
        hfile = dir "/" $3 "." (hkind == "output" ? "expected" : "body")
        if (hkind == "output") { printf "" > hfile; close(hfile) }
        else put(dir "/hidden", $3 " " page ":" NR "\n")
        mode = "hidden"; next
    }
    /^<!-- example-cs: [a-z0-9-]+ -->/ { stray(); pending = $3; pend_at = NR; next }
    /^```/ {
        lang = substr($0, 4); sub(/[ \t]+$/, "", lang)
        target = ""
        if (lang == "csharp" || lang == "cs" || lang == "c#") {
            if (pending == "")
                put(dir "/faults", page ":" NR ": a ```" lang " block without an <!-- example-cs: NAME --> (or none) mark\n")
            else if (pending != "none") {
                name = pending; target = dir "/" name ".body"
                put(dir "/names", name "\n")
                put(target, "#line " NR + 1 " \"" page "\"\n")
                resync = 0
            }
        } else if (pending != "") {
            put(dir "/faults", page ":" pend_at ": mark \"" pending "\" before a ```" lang " block, not a ```csharp one\n")
        }
        pending = ""; mode = "fence"; next
    }
    /^[ \t]*$/ { next }
    { stray() }
    END {
        stray()
        if (mode != "") put(dir "/faults", page ": a fence or hidden comment never closed\n")
    }
    ' "$src/$page"
done

if [ -s "$work/faults" ]; then
    while read -r line; do fail "$line"; done <"$work/faults"
fi
names=$(sort -u "$work/names" 2>/dev/null)
[ -n "$names" ] || fail "no <!-- example-cs: NAME --> block in README.md or docs/*.md"
for f in "$work"/*.expected; do
    [ -f "$f" ] || continue
    name=$(basename "$f" .expected)
    printf '%s\n' "$names" | grep -qx "$name" || fail "expected output for \"$name\", which no block shows"
done
if [ -f "$work/hidden" ]; then
    while read -r name where; do
        printf '%s\n' "$names" | grep -qx "$name" || fail "$where: setup lines of \"$name\", which no block shows"
    done <"$work/hidden"
fi

binding="$src/bindings/csharp/Native.cs $src/bindings/csharp/Handles.cs
    $src/bindings/csharp/Lockstar.cs $src/bindings/csharp/Queue.cs
    $src/bindings/csharp/World.cs $src/bindings/csharp/Flow.cs
    $src/bindings/csharp/Crowd.cs $src/bindings/csharp/Jumps.cs
    $src/bindings/csharp/Landmarks.cs $src/bindings/csharp/Hierarchy.cs
    $src/bindings/csharp/PathCache.cs"
# Mono looks for "lockstar" beside the program first (as csharp.am's link
# beside the built programs).
for lib in liblockstar.so liblockstar-selftest.so; do
    [ -f "$build/src/.libs/$lib" ] && ln -s "$build/src/.libs/$lib" "$work/$lib"
done

n=0
for name in $names; do
    cs="$work/$name.cs"
    { [ -f "$work/$name.using" ] && cat "$work/$name.using"
      echo '#line default'
      cat "$work/$name.body"; } >"$cs"
    extra='' target=-target:exe
    if grep -q '^using UnityEngine;' "$cs"; then
        extra="$src/bindings/csharp/tests/UnityStub.cs $src/bindings/csharp/tests/UnityDriver.cs"
        kind="driven as a Unity behaviour"
    elif grep -qE 'static (void|int) Main\(' "$cs"; then
        kind="ran"
    else
        target=-target:library kind="compiled (a library)"
    fi
    ext=exe
    [ "$target" = -target:library ] && ext=dll
    # shellcheck disable=SC2086
    if ! (cd "$src" && "$MCS" -langversion:7 -warnaserror+ -debug- $target \
            -out:"$work/$name.$ext" $binding $extra "$cs") >"$work/err" 2>&1; then
        fail "example \"$name\" does not compile:"
        # #line names the page relative to the source file's folder.
        grep -v '^Compilation failed' "$work/err" | sed "s|$work/||" | head -n 30
        continue
    fi
    if [ "$ext" = exe ]; then
        (cd "$work" && "$MONO" "./$name.exe") >"$work/$name.out" 2>"$work/err"
        rc=$?
        if [ "$rc" -ne 0 ]; then
            fail "example \"$name\" exited with $rc:"
            head -n 20 "$work/$name.out" "$work/err"
            continue
        fi
        if [ -f "$work/$name.expected" ]; then
            tr -d '\r' <"$work/$name.out" >"$work/$name.out2"
            if ! cmp -s "$work/$name.out2" "$work/$name.expected"; then
                fail "example \"$name\" printed something other than its page expects:"
                diff "$work/$name.expected" "$work/$name.out2" | head -n 20
                continue
            fi
            kind="$kind, output as the page expects"
        fi
    elif [ -f "$work/$name.expected" ]; then
        fail "example \"$name\" has expected output but no Main and no MonoBehaviour to run"
        continue
    fi
    n=$((n + 1))
    echo "docs-examples: $name: $kind"
done

[ "$failures" -eq 0 ] && echo "docs-examples: $n C# example programs from README.md and docs/*.md compiled and ran"
[ "$failures" -eq 0 ]
