#!/bin/sh
# SPDX-License-Identifier: MIT
# bench.sh - what one query costs through the C# binding against the C
# call (tests/Bench.cs): LockstarTests.exe --bench on the demo map's
# longest query, path buffers of 64 and 4,096 points; fails when the
# binding's call costs more than 1.5 times the C call for either size.
# Prints the figures. Run by `make check` when configure found mono
# (bindings/csharp/csharp.am).
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}"
: "${MONO:=mono}"
exe="$top_builddir/bindings/csharp/LockstarTests.exe"
"$MONO" "$exe" --bench "$top_srcdir/examples/demo.map" "$top_srcdir/examples/demo.scen"
