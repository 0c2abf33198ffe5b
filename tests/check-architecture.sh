#!/bin/sh
# SPDX-License-Identifier: MIT
# check-architecture.sh - keeps docs/architecture.md true:
#   1. every source file of the project's folders (bindings/js, and web/'s
#      pages, styles and make fragment included) is named in it (as
#      `folder/file`), and every file it names exists;
#   2. each folder includes only what the document's include rules allow:
#        src/       its own headers and lockstar.h (the self-test's files,
#                   src/selftest*, also lockstar_selftest.h)
#        movingai/  its own headers and lockstar.h
#        cli/       its own headers, lockstar.h, the reader's movingai.h
#                   (cli/cmd_selftest.c also lockstar_selftest.h)
#        bench/     its own headers, lockstar.h, the reader's movingai.h
#        tools/     its own headers, lockstar.h, movingai.h, the oracle
#                   library's tests/oracle/oracle.h, the script
#                   interpreter's src/selftest_interp.h, the replay
#                   reader's cli/replay.h
#        tests/oracle/  its own header and lockstar.h: the models stay
#                   apart from src/
#      (the rest of tests/ may include anything: it tests the insides);
#   3. no source file of include/, src/, cli/, movingai/, tools/, bench/,
#      tests/ (C files and headers; tests/data/ is test data), no .mjs
#      module of bindings/js/ (its tests and examples included) and no .cs
#      file of bindings/csharp/ is longer than 800 lines;
#   4. the claims the document marks (checked) hold in the sources: no I/O
#      in src/, its allocation and thread calls each in one place, libpng
#      named only by cli/pngfile.*, the replay's allocations through
#      cli/memory.c, one argument loop (and replay's), map headers read
#      only in movingai/.
# Run by `make check`; exits 1 naming each fault.
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
doc="$top_srcdir/docs/architecture.md"
fail=0
[ -f "$doc" ] || { echo "check-architecture: $doc not found"; exit 1; }

say() { echo "check-architecture: $*"; fail=1; }

files=$(cd "$top_srcdir" && find src movingai cli bench tools tests include \
    -type f \( -name '*.c' -o -name '*.h' -o -name '*.sh' -o -name '*.mjs' \) \
    ! -path 'tests/data/*' 2>/dev/null | sort)
# The JavaScript binding: its modules, types, scripts and automake fragment.
files="$files
$(cd "$top_srcdir" && find bindings/js -type f \( -name '*.mjs' -o -name '*.ts' \
    -o -name '*.sh' -o -name '*.am' -o -name 'package.json' \) 2>/dev/null | sort)"
# The browser playground: its page, styles, modules, server and automake fragment.
files="$files
$(cd "$top_srcdir" && find web -type f \( -name '*.mjs' -o -name '*.html' -o -name '*.css' \
    -o -name '*.am' \) 2>/dev/null | sort)"
# The C# binding: its sources, tests and automake fragment.
files="$files
$(cd "$top_srcdir" && find bindings/csharp -type f \( -name '*.cs' -o -name '*.sh' -o -name '*.am' \) 2>/dev/null | sort)"
for f in $files; do
    grep -qF "\`$f\`" "$doc" || say "$f is not described in docs/architecture.md"
done
# Every `folder/file.ext` the document names must exist.
for f in $(grep -oE '`(src|movingai|cli|bench|tools|tests|include|docs|vectors|bindings/js|bindings/csharp|web)/[A-Za-z0-9_./-]+\.(c|h|sh|mjs|md|ts|am|json|html|css|cs)`' "$doc" | tr -d '`' | sort -u); do
    [ -f "$top_srcdir/$f" ] || say "docs/architecture.md names $f, which does not exist"
done

# The include rules: every #include "..." of a folder's files.
check_includes() { # FOLDER ALLOWED_REGEX
    for f in $(cd "$top_srcdir" && find "$1" -type f \( -name '*.c' -o -name '*.h' \) 2>/dev/null); do
        sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' \
            "$top_srcdir/$f" | while read -r inc; do
            # lockstar_selftest.h: which files may is checked below.
            case $inc in lockstar.h|lockstar_selftest.h) continue ;; esac
            if [ -f "$top_srcdir/$(dirname "$f")/$inc" ] && [ "${inc#*/}" = "$inc" ]; then
                continue  # a header of its own folder
            fi
            echo "$inc" | grep -Eq "$2" && continue
            echo "check-architecture: $f includes \"$inc\", which $1/ may not"
            echo fail >"$tmp"
        done
    done
}
tmp=$(mktemp "${TMPDIR:-/tmp}/arch.XXXXXX")
trap 'rm -f "$tmp"' EXIT INT TERM
check_includes src '^$'
check_includes movingai '^$'
check_includes cli '^(\.\./movingai/)?movingai\.h$'
check_includes bench '^(\.\./movingai/)?movingai\.h$'
check_includes tools '^((\.\./movingai/)?movingai\.h|\.\./tests/oracle/oracle\.h|\.\./src/selftest_interp\.h|\.\./cli/replay\.h)$'
check_includes tests/oracle '^$'
# The self-test is a library of its own: only its files name its header.
for f in $(cd "$top_srcdir" && grep -l '^[[:space:]]*#[[:space:]]*include[[:space:]]*"lockstar_selftest\.h"' \
        src/*.c src/*.h cli/*.c cli/*.h movingai/*.c movingai/*.h bench/*.c bench/*.h \
        tools/*.c tools/*.h 2>/dev/null); do
    case $f in
    src/selftest*|cli/cmd_selftest.c) ;;
    *) echo "check-architecture: $f includes \"lockstar_selftest.h\", which only the self-test's files may"
       echo fail >"$tmp" ;;
    esac
done
[ -s "$tmp" ] && fail=1

for f in $(cd "$top_srcdir" && { find include src movingai cli bench tools tests -type f \( -name '*.c' -o -name '*.h' \) \
            ! -path 'tests/data/*';
        find bindings/js -type f -name '*.mjs';
        find bindings/csharp -type f -name '*.cs'; } 2>/dev/null); do
    n=$(wc -l <"$top_srcdir/$f")
    [ "$n" -le 800 ] || say "$f has $n lines (at most 800)"
done

# The claims marked (checked). only_in WHAT REGEX ALLOWED FILES...: the
# files (of the folders named) whose code, comments taken out, matches
# REGEX must all match ALLOWED (a grep -E pattern of paths).
code_of() { # FILE: the text with /* */ and // comments blanked
    awk 'BEGIN { RS = "\001" } {
        s = $0; out = ""
        while ((i = index(s, "/*")) > 0) {
            out = out substr(s, 1, i - 1); s = substr(s, i + 2)
            j = index(s, "*/"); if (j == 0) { s = ""; break }
            s = substr(s, j + 2)
        }
        print out s
    }' "$1" | sed 's|//.*$||'
}
only_in() { # WHAT REGEX ALLOWED FOLDER...
    what=$1 regex=$2 allowed=$3
    shift 3
    for f in $(cd "$top_srcdir" && find "$@" -type f \( -name '*.c' -o -name '*.h' \) 2>/dev/null | sort); do
        code_of "$top_srcdir/$f" | grep -Eq -e "$regex" || continue
        echo "$f" | grep -Eqx -e "$allowed" ||
            say "$f $what, which docs/architecture.md says ${allowed:+only }$(echo "${allowed:-no such file}" | tr '|' ' ' | tr -d '\\') may"
    done
}
only_in "does I/O" '#[[:space:]]*include[[:space:]]*<stdio\.h>|\b(f?printf|f?puts|fopen|fread|fwrite|fclose|getchar|putchar|perror|open|read|write)[[:space:]]*\(' \
    '' src
only_in "allocates with the C library" '\b(malloc|calloc|realloc|free)[[:space:]]*\(' \
    'src/alloc\.c|src/default_allocator\.h' src
only_in "names a thread API" '\b(pthread_[a-z_]+|CreateThread|_beginthread(ex)?|WaitForSingleObject|InitializeCriticalSection|InitializeConditionVariable|EnterCriticalSection)\b' \
    'src/thread\.[ch]' src
only_in "names libpng" '\bpng_[a-z_]+|<png\.h>' 'cli/pngfile\.[ch]' src cli movingai bench tools
only_in "allocates past cli/memory.c" '\b(malloc|calloc|realloc)[[:space:]]*\(' '' \
    $(cd "$top_srcdir" && ls cli/replay*.c 2>/dev/null)
only_in "loops over the arguments" '<[[:space:]]*argc\b' 'cli/args\.c|cli/cmd_replay\.c|cli/cmd_queue\.c|cli/cmd_prep\.c' cli
only_in "reads a map header" '"type octile' 'movingai/.*' src cli bench tools

[ $fail -eq 0 ] && echo "check-architecture: $(echo "$files" | wc -l) files described, include rules, file sizes and the checked claims hold"
exit $fail
