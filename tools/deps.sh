#!/bin/sh
# SPDX-License-Identifier: MIT
# deps.sh - install the Debian packages lockstar needs, if any are missing.
# Run by tools/demo.sh, tools/test.sh and tests/playground.sh.
# Usage: sh tools/deps.sh [--js] [EXTRA_PACKAGE...]
#   --js  also what the JavaScript binding needs (bindings/js): clang-14,
#         lld-14 (wasm-ld), wasi-libc and clang's wasm32 runtime
#         (libclang-rt-14-dev-wasm32: wasm-ld links its builtins) to build
#         lockstar.wasm, and Debian's nodejs and npm when no node or npm is
#         on the PATH (any node 18+ will do; Debian 12's is 18.20.4), and
#         ca-certificates, without which npm cannot reach its registry
#         over https (nodejs only recommends it, and recommends are not
#         installed here).
# A package counts as present only when it is installed for this machine's
# own architecture (dpkg --print-architecture): a foreign copy such as
# libfixmath-dev:i386, which the cross matrix installs, does not build a
# native lockstar.
set -eu
js=""
if [ "${1:-}" = --js ]; then
    shift
    js="clang-14 lld-14 wasi-libc libclang-rt-14-dev-wasm32 ca-certificates"
    command -v node >/dev/null 2>&1 || js="$js nodejs"
    command -v npm >/dev/null 2>&1 || js="$js npm"
fi
packages="build-essential autoconf automake libtool pkgconf libfixmath-dev libcunit1-dev libpng-dev $js $*"
arch=$(dpkg --print-architecture)
missing=""
for p in $packages; do
    # One line per installed copy: "ARCH STATUS". Only a copy for this
    # machine's architecture, or an Architecture: all package, counts.
    dpkg-query -W -f='${Architecture} ${db:Status-Status}\n' "$p" 2>/dev/null |
        grep -Eq "^($arch|all) installed\$" || missing="$missing $p"
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
