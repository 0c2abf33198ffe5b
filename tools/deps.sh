#!/bin/sh
# deps.sh - install the Debian packages lockstar needs, if any are missing.
# Sourced or run by tools/demo.sh, tools/test.sh and .ci/run.
# Usage: sh tools/deps.sh [EXTRA_PACKAGE...]
set -eu
packages="build-essential autoconf automake libtool pkgconf libfixmath-dev libcunit1-dev libpng-dev $*"
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
