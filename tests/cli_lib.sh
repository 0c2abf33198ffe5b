# SPDX-License-Identifier: MIT
# cli_lib.sh - what the end-to-end tests of the lockstar program share
# (sourced by tests/cli.sh and tests/replay.sh): finding the program,
# running it (through the emulator of a cross build), a scratch folder,
# and the checks on exit status, standard output and one-line errors.
# The sourcing script prints its summary with cli_summary.
set -u
: "${top_srcdir:=.}"
: "${top_builddir:=.}"
: "${TEST_EMULATOR:=}"

prog="$top_builddir/cli/lockstar"
# Windows builds (mingw, run under wine) name it lockstar.exe.
if [ ! -x "$prog" ] && [ -x "$prog.exe" ]; then
    prog="$prog.exe"
fi
# A shared-library build makes cli/lockstar libtool's wrapper script, which
# costs about 50 ms a run (a bash start and its checks) against about 5 ms
# for the program itself; the vector tests run it thousands of times. Run
# the program the wrapper would run, with the library path the wrapper
# would set, both read from the wrapper itself.
if [ -z "$TEST_EMULATOR" ] && grep -q 'temporary wrapper script' "$prog" 2>/dev/null; then
    wrapped_dir=$(sed -n "s/^ *progdir=\"\$thisdir\/\(.*\)\"$/\1/p" "$prog" | head -1)
    wrapped_name=$(sed -n "s/^ *program='\(.*\)'$/\1/p" "$prog" | head -1)
    wrapped_libs=$(sed -n 's/^ *LD_LIBRARY_PATH="\(.*\):\$LD_LIBRARY_PATH"$/\1/p' "$prog" | head -1)
    wrapped="$(dirname "$prog")/$wrapped_dir/$wrapped_name"
    if [ -n "$wrapped_dir" ] && [ -n "$wrapped_name" ] && [ -n "$wrapped_libs" ] &&
        [ -x "$wrapped" ] &&
        LD_LIBRARY_PATH="$wrapped_libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
            "$wrapped" --version >/dev/null 2>&1; then
        prog=$wrapped
        LD_LIBRARY_PATH="$wrapped_libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
        export LD_LIBRARY_PATH
    fi
fi
data="$top_srcdir/tests/data"
demo="$top_srcdir/examples/demo.map"
demo_scen="$top_srcdir/examples/demo.scen"

if [ ! -x "$prog" ]; then
    echo "${0##*/}: $prog not found (build it first)"
    exit 1
fi

tmp="${TMPDIR:-/tmp}/lockstar-cli.$$"
rm -rf "$tmp"
mkdir "$tmp" || exit 1
trap 'rm -rf "$tmp"' 0
trap 'exit 1' 1 2 15

failures=0
checks=0

fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# Run the program; under cross compilation through the emulator. A
# program linked against the uninstalled shared library is a libtool
# wrapper script, and libtool finds the real binary behind it; the static
# builds of the platform matrix are the binary itself, and there the
# emulator runs it directly: `libtool --mode=execute` would only pass it
# on, at about 100 ms of shell per run, which over hostile.sh's 445 runs
# was most of a qemu target's test time.
prog_is_wrapper=
if [ -n "$TEST_EMULATOR" ] && [ "$(head -c 2 "$prog")" = '#!' ]; then
    prog_is_wrapper=1
fi
# exec_built IS_WRAPPER PROGRAM ARGS...: run PROGRAM (IS_WRAPPER non-empty:
# a libtool wrapper script) natively or through the emulator.
exec_built() {
    exec_wrapper=$1
    exec_program=$2
    shift 2
    if [ -z "$TEST_EMULATOR" ]; then
        "$exec_program" "$@"
    elif [ -n "$exec_wrapper" ]; then
        "$top_builddir/libtool" --mode=execute $TEST_EMULATOR "$exec_program" "$@"
    else
        $TEST_EMULATOR "$exec_program" "$@"
    fi
}
lockstar() {
    exec_built "$prog_is_wrapper" "$prog" "$@"
}

# run_built PROGRAM ARGS...: run another program of this build once (its
# libtool wrapper too: one run).
run_built() {
    built=$1
    shift
    if [ ! -x "$built" ] && [ -x "$built.exe" ]; then
        built=$built.exe
    fi
    built_wrapper=
    if [ -n "$TEST_EMULATOR" ] && [ "$(head -c 2 "$built")" = '#!' ]; then
        built_wrapper=1
    fi
    exec_built "$built_wrapper" "$built" "$@"
}

# Many `lockstar replay` runs in one process (tests/replay_each.c says
# why): each_add queues one, each_run runs the queue and counts each run
# as a check, each failure as a failure.
# each_add STATUS EXPECTED ARGS...: a run from "replay" on that must exit
# with STATUS and print exactly the file EXPECTED. Give absolute paths
# ($abs_srcdir): the wasm32 target's runner cannot give the program a
# working folder.
abs_srcdir=$(cd "$top_srcdir" && pwd)
each_count=0
each_add() {
    each_line=
    for each_arg in "$@"; do
        each_line="$each_line${each_line:+	}$each_arg"
    done
    printf '%s\n' "$each_line" >>"$tmp/each.list"
    each_count=$((each_count + 1))
}

# each_run: the queued runs, then an empty queue. A report that lacks
# its last line means the program itself failed (a crash, or wine losing
# its server: then once more).
each_run() {
    [ "$each_count" -gt 0 ] || return 0
    : >"$tmp/each.report"
    run_built "$top_builddir/tests/replay_each" "$tmp/each.list" "$tmp/each.report" \
        >"$tmp/each.stdout" 2>&1
    each_code=$?
    case "$TEST_EMULATOR" in
    *wine*)
        if [ "$each_code" -gt 1 ] && ! grep -q '^replay_each: [0-9]* runs' "$tmp/each.report"; then
            echo "${0##*/}: replay_each ended with status $each_code under wine; running it again" >&2
            run_built "$top_builddir/tests/replay_each" "$tmp/each.list" "$tmp/each.report" \
                >"$tmp/each.stdout" 2>&1
            each_code=$?
        fi
        ;;
    esac
    checks=$((checks + each_count))
    grep '^FAIL' "$tmp/each.report"
    failures=$((failures + $(grep -c '^FAIL' "$tmp/each.report")))
    if ! grep -q "^replay_each: $each_count runs" "$tmp/each.report"; then
        fail "replay_each ended with status $each_code after $(grep -c '^ok\|^FAIL' "$tmp/each.report" 2>/dev/null) of $each_count runs: $(tail -n 3 "$tmp/each.stdout" "$tmp/each.report" 2>/dev/null | tr '\n' ' ')"
    fi
    rm -f "$tmp/each.list"
    each_count=0
}

# run NAME ARGS...: run with stdout in $tmp/out, stderr in $tmp/err, exit
# status in $code.
run() {
    name=$1
    shift
    checks=$((checks + 1))
    lockstar "$@" >"$tmp/out" 2>"$tmp/err"
    code=$?
    # Under wine the Windows C library writes CRLF line ends; and once in a
    # while wine itself fails a run: it loses its server ("wine client
    # error"), or the process ends with status 1 having written nothing at
    # all (seen in CI's matrix on two error tests of one run, never
    # reproduced in 30 direct runs). lockstar never fails silently: every
    # non-zero exit prints a message. So a silent failure, or wine's own
    # message, is wine's, and the run is repeated (twice at most); a
    # lockstar that really is silent still fails the test.
    case "$TEST_EMULATOR" in
    *wine*)
        for retry in 1 2; do
            if grep -q '^wine client error' "$tmp/err" ||
               { [ "$code" -ne 0 ] && [ ! -s "$tmp/err" ] && [ ! -s "$tmp/out" ]; }; then
                echo "${0##*/}: $name: wine failed the run (status $code, no output); running again" >&2
                lockstar "$@" >"$tmp/out" 2>"$tmp/err"
                code=$?
            fi
        done
        for f in "$tmp/out" "$tmp/err"; do
            tr -d '\r' <"$f" >"$f.lf" && mv "$f.lf" "$f"
        done
        ;;
    esac
}

# expect_code CODE NAME ARGS...
expect_code() {
    want=$1
    shift
    run "$@"
    if [ "$code" -ne "$want" ]; then
        fail "$name: exit status $code, expected $want"
        sed 's/^/    stderr: /' "$tmp/err" | head -n 3
    fi
}

# expect_error CODE NAME TEXT ARGS...: the command fails with status CODE,
# prints nothing on stdout and one line on stderr, "lockstar: " then a
# message that contains TEXT.
expect_error() {
    want=$1
    name=$2
    text=$3
    shift 3
    expect_code "$want" "$name" "$@"
    if [ -s "$tmp/out" ]; then
        fail "$name: printed on stdout on error: $(head -c 200 "$tmp/out")"
    fi
    lines=$(wc -l <"$tmp/err" | tr -d ' ')
    if [ "$lines" != 1 ]; then
        fail "$name: stderr has $lines lines, expected 1"
    fi
    first=$(head -n 1 "$tmp/err")
    case "$first" in
    "lockstar: "*) ;;
    *) fail "$name: error does not start with 'lockstar: ': $first" ;;
    esac
    if ! grep -F -e "$text" "$tmp/err" >/dev/null; then
        fail "$name: error lacks '$text': $first"
    fi
}

# expect_line NAME LINE: stdout has exactly this line.
expect_line() {
    if ! grep -x -F -e "$2" "$tmp/out" >/dev/null; then
        fail "$1: stdout lacks the line '$2'"
    fi
}

# cli_summary SCRIPT: print the count of runs and failures; exit 0 or 1.
cli_summary() {
    echo "$1: $checks runs, $failures failures"
    [ "$failures" -eq 0 ] || exit 1
    exit 0
}
