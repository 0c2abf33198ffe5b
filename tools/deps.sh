#!/bin/sh
# deps.sh - install the Debian packages lockstar needs, if any are missing.
# Sourced or run by tools/demo.sh, tools/test.sh and .ci/run.
# Usage: sh tools/deps.sh [--js] [EXTRA_PACKAGE...]
#   --js  also what the JavaScript binding needs (bindings/js): clang-14,
#         lld-14 (wasm-ld) and wasi-libc to build lockstar.wasm, and nodejs
#         and npm when no node or npm is on the PATH (any node 18+ will do).
set -eu
js=""
if [ "${1:-}" = --js ]; then
    shift
    js="clang-14 lld-14 wasi-libc"
    command -v node >/dev/null 2>&1 || js="$js nodejs"
    command -v npm >/dev/null 2>&1 || js="$js npm"
fi
packages="build-essential autoconf automake libtool pkgconf libfixmath-dev libcunit1-dev libpng-dev $js $*"
missing=""
for p in $packages; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
        || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

echo "deps: installing missing Debian packages:$missing"
if [ "$(id -u)" -eq 0 ]; then
    run=""
elif command -v sudo >/dev/null 2>&1; then
    run="sudo"
else
    echo "deps: not root and no sudo; run as root: apt-get install -y$missing" >&2
    exit 2
fi
export DEBIAN_FRONTEND=noninteractive
$run apt-get update -q || echo "deps: apt-get update reported errors; trying the install anyway" >&2
# shellcheck disable=SC2086
$run apt-get install -y -q --no-install-recommends $missing
