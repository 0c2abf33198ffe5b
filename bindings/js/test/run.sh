#!/bin/sh
# SPDX-License-Identifier: MIT
# run.sh - `make check`'s entry to the JavaScript binding's node tests
# (bindings/js/test/*.test.mjs, run by `node --test`), on the module copied
# beside the freshly built lockstar.wasm in the build tree. SKIP (77) when
# configure did not enable the binding (--without-node, or no node/clang
# for wasm32-wasi found), saying why.
set -eu
if [ "${LOCKSTAR_JS_BUILT:-no}" != yes ]; then
    echo "SKIP: the JavaScript binding was not configured (see configure's summary; --with-node=yes requires it)"
    exit 77
fi
: "${top_srcdir:?}" "${top_builddir:?}"
src=$(cd "$top_srcdir" && pwd)
build=$(cd "$top_builddir" && pwd)
LOCKSTAR_JS_DIR=$build/bindings/js
LOCKSTAR_VECTORS_DIR=${LOCKSTAR_VECTORS_DIR:-$src/vectors}
LOCKSTAR_SRC_DIR=$src
LOCKSTAR_CLI=$build/cli/lockstar
LOCKSTAR_EXAMPLES=$src/examples
LOCKSTAR_SHARED_MAPS=${LOCKSTAR_SHARED_MAPS:-$src/../shared/maps}
export LOCKSTAR_SRC_DIR LOCKSTAR_JS_DIR LOCKSTAR_VECTORS_DIR LOCKSTAR_CLI LOCKSTAR_EXAMPLES LOCKSTAR_SHARED_MAPS
# --expose-gc: lifetime.test.mjs collects to see forgotten objects freed
# (node --test hands it on to each test file's process).
exec "${NODE:-node}" --expose-gc --test "$src"/bindings/js/test/*.test.mjs
