#!/bin/sh
# SPDX-License-Identifier: MIT
# playground.sh - the browser playground (web/) tested in headless Chromium
# (tests/playground.mjs says what is checked). Installs what it needs:
# Debian's chromium through tools/deps.sh when /usr/bin/chromium is
# missing, and playwright-core from the npm registry into a cache folder
# outside the source tree ($PLAYGROUND_CACHE, default BUILD/playground-cache),
# never into the tree. Serves BUILD (web/, bindings/js/ with lockstar.wasm,
# examples/: `make` lays them out there, web/web.am) from localhost.
#
# Usage: make check-playground   (or with top_srcdir and top_builddir set:
#        sh tests/playground.sh); PLAYGROUND_SCREENSHOT=FILE also writes
#        the screenshot there (docs/playground.md's: docs/pictures/playground.png).
# Exit: 0 passed, 1 failed, 77 skipped: only when chromium is missing and
# could not be installed (no root, no archive).
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}"
node=${NODE:-node}
chromium=${CHROMIUM:-/usr/bin/chromium}
# playwright-core: no dependencies of its own. Pinned to 1.61.1, the newest
# release that still runs on node 18 (Debian 12's own node is 18.20.4;
# 1.62 and later stop with "Playwright requires Node.js 20 or higher").
# Tested with this version under node 18.20.4 and node 20, driving
# Debian 12's chromium 156 (it talks to the browser over CDP, so it does
# not need the chromium build it was released with).
playwright_version=1.61.1
fail() { echo "playground: FAIL: $*"; exit 1; }

if [ ! -x "$chromium" ]; then
    echo "playground: $chromium is missing; installing Debian's chromium"
    sh "$top_srcdir/tools/deps.sh" chromium || true
fi
if [ ! -x "$chromium" ]; then
    echo "playground: SKIP: chromium is not installed and could not be (run as root: sh tools/deps.sh chromium)"
    exit 77
fi
command -v "$node" >/dev/null 2>&1 || fail "node not found (configure --with-node; Debian: apt-get install nodejs)"
wasm="$top_builddir/bindings/js/lockstar.wasm"
[ -f "$wasm" ] || fail "$wasm not built (configure --with-node, then make)"
[ -f "$top_builddir/web/index.html" ] || fail "$top_builddir/web/ not laid out (make builds it with the binding)"
lockstar="$top_builddir/cli/lockstar"
[ -x "$lockstar" ] || fail "$lockstar not built"
pngread="$top_builddir/tests/pngread"

cache=${PLAYGROUND_CACHE:-$top_builddir/playground-cache}
installed=$(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' \
    "$cache/node_modules/playwright-core/package.json" 2>/dev/null | head -1)
if [ "$installed" != "$playwright_version" ]; then
    command -v npm >/dev/null 2>&1 || sh "$top_srcdir/tools/deps.sh" npm ||
        fail "npm not found and could not be installed"
    echo "playground: installing playwright-core@$playwright_version into $cache"
    mkdir -p "$cache" || fail "cannot make $cache"
    t0=$(date +%s)
    npm install --prefix "$cache" --no-save --no-package-lock --no-audit --no-fund \
        --loglevel=error "playwright-core@$playwright_version" ||
        fail "npm install playwright-core@$playwright_version failed"
    echo "playground: npm install took $(( $(date +%s) - t0 )) s"
fi

set -- --root "$top_builddir" --cache "$cache" --lockstar "$lockstar" \
    --readme "$top_srcdir/README.md" --out "$top_builddir/playground-out" \
    --chromium "$chromium"
[ -x "$pngread" ] && set -- "$@" --pngread "$pngread"
[ -n "${PLAYGROUND_SCREENSHOT:-}" ] && set -- "$@" --screenshot "$PLAYGROUND_SCREENSHOT"
echo "playground: node $("$node" --version), playwright-core $playwright_version, $("$chromium" --version 2>/dev/null | head -1)"
"$node" "$top_srcdir/tests/playground.mjs" "$@"
