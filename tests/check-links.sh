#!/bin/sh
# SPDX-License-Identifier: MIT
# check-links.sh - the Markdown links of README.md and docs/*.md lead
# somewhere (`make check`):
#   1. every link [text](target) and image ![alt](target) outside code
#      (fenced blocks and `inline code` are skipped) whose target is not a
#      URL (http:, https:, mailto:) names a file or folder that exists,
#      relative to the page;
#   2. a target with #anchor (or a bare #anchor, on the same page) names a
#      heading of that Markdown file, by GitHub's rule: the heading's text
#      (links reduced to their text), lowercased, everything but letters,
#      digits, spaces, '-' and '_' removed, spaces turned into '-', and a
#      heading met again given -1, -2, ...
#   3. the anchor rule itself is checked on known headings first, so a
#      broken rule cannot pass every link by accident.
# Exit 0 = pass, 1 = fail, naming each broken link as FILE:LINE.
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
failures=0
fail() {
    echo "check-links: FAIL: $*"
    failures=$((failures + 1))
}

# The anchors a Markdown file's headings produce, one a line.
anchors() {
    awk '
    /^```/ { fence = !fence; next }
    fence { next }
    /^#+[ \t]/ && !/^#######/ {
        h = $0
        sub(/^#+[ \t]+/, "", h); sub(/[ \t]+#*[ \t]*$/, "", h)
        # [text](url) -> text
        while (match(h, /\[[^]]*\]\([^)]*\)/)) {
            t = substr(h, RSTART + 1, RLENGTH - 1); sub(/\]\(.*$/, "", t)
            h = substr(h, 1, RSTART - 1) t substr(h, RSTART + RLENGTH)
        }
        h = tolower(h)
        gsub(/[^a-z0-9 _-]/, "", h)
        gsub(/ /, "-", h)
        if (h in seen) { n = seen[h]++; print h "-" n } else { seen[h] = 1; print h }
    }' "$1"
}

# The rule on known headings (GitHub's anchors for them).
self_test() { # HEADING EXPECTED
    got=$(printf '# %s\n' "$1" | { f=$(mktemp "${TMPDIR:-/tmp}/links.XXXXXX"); cat >"$f"; anchors "$f"; rm -f "$f"; })
    [ "$got" = "$2" ] || fail "anchor rule: '$1' gives '$got', GitHub gives '$2'"
}
self_test 'The CLI: `lockstar`' 'the-cli-lockstar'
self_test 'C# for Unity and .NET' 'c-for-unity-and-net'
self_test 'Finding a desync with `--verify`' 'finding-a-desync-with---verify'
self_test 'Per-cell search state (`src/node.h`, `src/openlist.h`)' 'per-cell-search-state-srcnodeh-srcopenlisth'
self_test 'What lockstar promises on bad input' 'what-lockstar-promises-on-bad-input'

# Every link outside code: FILE:LINE:TARGET.
links=$(cd "$top_srcdir" && for page in README.md docs/*.md; do
    awk -v page="$page" '
    /^```/ { fence = !fence; next }
    fence { next }
    {
        s = $0
        gsub(/`[^`]*`/, "", s)
        while (match(s, /\]\([^) ]+\)/)) {
            t = substr(s, RSTART + 2, RLENGTH - 3)
            print page ":" NR ":" t
            s = substr(s, RSTART + RLENGTH)
        }
    }' "$page"
done)

n=0
while IFS= read -r line; do
    [ -n "$line" ] || continue
    page=${line%%:*}
    rest=${line#*:}
    lineno=${rest%%:*}
    target=${rest#*:}
    case $target in
        http:*|https:*|mailto:*) continue ;;
    esac
    n=$((n + 1))
    path=${target%%#*}
    anchor=
    case $target in *'#'*) anchor=${target#*#} ;; esac
    if [ -z "$path" ]; then
        file="$top_srcdir/$page"
    else
        file="$top_srcdir/$(dirname "$page")/$path"
    fi
    if [ ! -e "$file" ]; then
        fail "$page:$lineno: $target: no such file"
        continue
    fi
    if [ -n "$anchor" ]; then
        case $file in
            *.md) ;;
            *) fail "$page:$lineno: $target: an anchor into a file that is not Markdown"; continue ;;
        esac
        anchors "$file" | grep -qxF -e "$anchor" ||
            fail "$page:$lineno: $target: no heading of $(basename "$file") gives #$anchor"
    fi
done <<EOF
$links
EOF

[ "$failures" -eq 0 ] && echo "check-links: $n links of README.md and docs/*.md lead to files and headings that exist"
[ "$failures" -eq 0 ]
