#!/bin/sh
# SPDX-License-Identifier: MIT
# report.sh - run the benchmark and write its Markdown report.
#
# Usage: sh bench/report.sh BENCH_PROGRAM MAPS_DIR OUTPUT.md
#   (`make bench` calls it with bench/lockstar-bench, the shared Moving AI
#   maps and bench/RESULTS.md)
#
# Runs, in this order:
#   1. the Moving AI maps of MAPS_DIR (arena, lak303d, maze512-4-0,
#      random512-20-0, 16room_000; each with <map>.sub.scen, else
#      <map>.scen), all algorithms, --repeat $BENCH_REPEAT;
#   2. the scaling run on generated maps ($BENCH_SIZES, 20 % obstacles);
#   3. instruction counts with valgrind --tool=callgrind for lockstar and
#      the textbook A* on the same queries ($BENCH_CALLGRIND_MAPS), and the
#      functions lockstar spends them in;
#   4. with BENCH_CLI, the lockstar program itself on every map present:
#      whole-process instructions of `scen --algo jps` and `batch
#      --threads 1 --algo jps` (callgrind; scen's beside its count before
#      the hand-made output, cli_before below), and the CPU time of
#      `batch --threads 1` over `scen` (default query, the summaries'
#      clock(), median of BENCH_CLI_REPEAT=3 runs taking turns).
# Environment (all optional): CC and CFLAGS (only recorded: the program is
# already built), BENCH_REPEAT (3), BENCH_SIZES (256,512,1024,2048,4096),
# BENCH_GEN_QUERIES (32), BENCH_SCALING_ALGOS (lockstar,jps,textbook,listscan:
# Dijkstra, BFS and DFS search whole 4096^2 maps, which takes many minutes;
# the Moving AI tables show them), BENCH_CALLGRIND_MAPS (lak303d random512-20-0),
# BENCH_BATCH_REPEAT (9: rounds of batches, thread counts in turn),
# BENCH_FLOW_REPEAT (9: rounds of flow fields against Dijkstra), BENCH_CLI
# (the lockstar program: step 4, and with BENCH_REPLAY the replay to time,
# `lockstar replay SCRIPT --profile`, median of BENCH_REPLAY_REPEAT=7 runs;
# each skipped when not given; with BENCH_CLI also the crowd, 2,000 units
# from bench/crowdgen.awk on BENCH_CROWD_MAPS, BENCH_CROWD_REPEAT=3 runs
# of 1 and 2 threads), BENCH_AVOID (bench/lockstar-avoid-bench: the
# avoidance section, bench/avoid.sh, which says its own settings),
# BENCH_HPA, BENCH_LANDMARKS, BENCH_CACHE, BENCH_JUMPS (the issue-23
# programs bench/lockstar-hpa-bench, -landmarks-bench, -cache-bench and
# -jumps-bench: the "Big maps" section, bench/report_big_maps.sh, which
# says its own settings; each part skipped when its program is not given),
# BENCH_CLI_REPEAT (3), BENCH_CLI_MAPS (the
# maps of step 4: all five and corridor512, generated; BENCH_QUICK: arena
# lak303d), BENCH_CALLGRIND_QUERIES (30), BENCH_JPS_MAPS (lak303d arena: JPS against
# lockstar A* in instructions, on every query of the scenario), BENCH_CLOCK (wall, or cpu for thread CPU
# time on a busy machine), BENCH_COMMIT (the source version to print;
# default: git describes this tree), BENCH_QUICK=1 (a short run for trying the
# script: 30 queries per map, sizes 256,512, 5 callgrind queries).
set -eu

if [ $# -ne 3 ]; then
    echo "usage: sh bench/report.sh BENCH_PROGRAM MAPS_DIR OUTPUT.md" >&2
    exit 2
fi
bin=$1
maps=$2
out=$3
[ -x "$bin" ] || { echo "report.sh: $bin is not a program (run make first)" >&2; exit 2; }
[ -d "$maps" ] || { echo "report.sh: no maps directory $maps" >&2; exit 2; }

repeat=${BENCH_REPEAT:-3}
clock=${BENCH_CLOCK:-wall}
sizes=${BENCH_SIZES:-256,512,1024,2048,4096}
if "$bin" --help | grep -q '^  jps '; then
    scaling_algos=${BENCH_SCALING_ALGOS:-lockstar,jps,textbook,listscan}
else
    scaling_algos=${BENCH_SCALING_ALGOS:-lockstar,textbook,listscan}
fi
gen_queries=${BENCH_GEN_QUERIES:-32}
cg_maps=${BENCH_CALLGRIND_MAPS:-lak303d random512-20-0}
cg_queries=${BENCH_CALLGRIND_QUERIES:-30}
jps_maps=${BENCH_JPS_MAPS:-lak303d arena}
cli_maps=${BENCH_CLI_MAPS:-arena lak303d maze512-4-0 random512-20-0 16room_000 corridor512}
batch_repeat=${BENCH_BATCH_REPEAT:-9}
jps_limit=
limit=
if [ "${BENCH_QUICK:-0}" = 1 ]; then
    limit="--queries 30"
    sizes=256,512
    cg_queries=5
    jps_limit="--queries 30"
    cli_maps=${BENCH_CLI_MAPS:-arena lak303d}
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lockstar-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# Maps present, with their scenario file.
set --
for name in arena lak303d maze512-4-0 random512-20-0 16room_000; do
    map=$maps/$name.map
    [ -f "$map" ] || continue
    if [ -f "$map.sub.scen" ]; then scen=$map.sub.scen; else scen=$map.scen; fi
    [ -f "$scen" ] || continue
    set -- "$@" "$map" "$scen"
done
[ $# -gt 0 ] || { echo "report.sh: no .map with a .scen in $maps" >&2; exit 2; }

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
[ -n "$cpu" ] || cpu=unknown
cc_version=$(${CC:-cc} --version 2>/dev/null | head -n 1 || true)
[ -n "$cc_version" ] || cc_version="${CC:-cc} (version unknown)"
load_before=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
# The library version measured: BENCH_COMMIT, else the git commit of this
# source tree (with "+ local changes" if src/ or include/ differ from it).
commit=${BENCH_COMMIT:-}
if [ -z "$commit" ]; then
    top=$(cd "$(dirname "$0")/.." && pwd)
    commit=$(git -C "$top" rev-parse --short HEAD 2>/dev/null || true)
    if [ -n "$commit" ] && [ -n "$(git -C "$top" status --porcelain -- src include 2>/dev/null)" ]; then
        commit="$commit + local changes in src/ or include/"
    fi
fi
[ -n "$commit" ] || commit=unknown

echo "report.sh: Moving AI maps ($(($# / 2)) maps, repeat $repeat)..." >&2
start=$(date +%s)
"$bin" --clock "$clock" --repeat "$repeat" $limit "$@" >"$tmp/maps.md"
echo "report.sh: scaling run ($sizes)..." >&2
"$bin" --clock "$clock" --generate "$sizes" --gen-queries "$gen_queries" \
    --algo "$scaling_algos" >"$tmp/scaling.md"
load_after=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)

# Instruction counts: callgrind counts only inside run_only_queries.
count_ir() { # ALGO MAP SCEN [BENCH OPTIONS] -> "instructions expansions queries"
    cg_out=$tmp/cg.$1.out
    cg_algo=$1 cg_map=$2 cg_scen=$3
    shift 3
    valgrind --tool=callgrind --callgrind-out-file="$cg_out" \
        --toggle-collect=run_only_queries \
        "$bin" --only "$cg_algo" "$@" "$cg_map" "$cg_scen" \
        >"$tmp/cg.$cg_algo.txt" 2>"$tmp/cg.$cg_algo.err" || {
        cat "$tmp/cg.$cg_algo.err" >&2
        return 1
    }
    ir=$(sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$cg_out" | head -n 1)
    [ -n "$ir" ] || ir=$(sed -n 's/^summary: *\([0-9]*\).*/\1/p' "$cg_out" | head -n 1)
    exp=$(sed -n 's/.*queries, \([0-9]*\) expansions.*/\1/p' "$tmp/cg.$cg_algo.txt")
    nq=$(sed -n 's/.*: \([0-9]*\) queries,.*/\1/p' "$tmp/cg.$cg_algo.txt")
    echo "$ir $exp $nq"
}

have_valgrind=0
if command -v valgrind >/dev/null 2>&1 && command -v callgrind_annotate >/dev/null 2>&1; then
    have_valgrind=1
fi
: >"$tmp/instr.md"
: >"$tmp/profile.txt"
if [ $have_valgrind = 1 ]; then
    echo "report.sh: instruction counts (callgrind)..." >&2
    {
        echo "| map | queries | lockstar instructions/query | textbook instructions/query | textbook / lockstar | lockstar instructions/expansion | textbook instructions/expansion |"
        echo "|---|---:|---:|---:|---:|---:|---:|"
    } >"$tmp/instr.md"
    worst=
    for name in $cg_maps; do
        map=$maps/$name.map
        [ -f "$map" ] || continue
        if [ -f "$map.sub.scen" ]; then scen=$map.sub.scen; else scen=$map.scen; fi
        r=$(count_ir lockstar "$map" "$scen" --queries "$cg_queries") || exit 1
        set -- $r
        ls_ir=$1 ls_exp=$2 nq=$3
        cp "$tmp/cg.lockstar.out" "$tmp/profile.$name.out"
        r=$(count_ir textbook "$map" "$scen" --queries "$cg_queries") || exit 1
        set -- $r
        tb_ir=$1 tb_exp=$2
        awk -v n="$name" -v q="$nq" -v l="$ls_ir" -v t="$tb_ir" \
            -v le="$ls_exp" -v te="$tb_exp" 'BEGIN {
            printf "| %s | %d | %.0f | %.0f | %.2f× | %.1f | %.1f |\n",
                n, q, l / q, t / q, t / l, l / le, t / te }' >>"$tmp/instr.md"
        worst=$(awk -v w="$worst" -v l="$ls_ir" -v t="$tb_ir" -v n="$name" 'BEGIN {
            r = t / l; split(w, a, " ");
            if (w == "" || r < a[1]) printf "%.2f %s", r, n; else print w }')
        profile_map=$name
    done
    if [ -n "$worst" ]; then
        set -- $worst
        verdict="**not met**"
        awk -v r="$1" 'BEGIN { exit !(r >= 2.0) }' && verdict=met
        {
            echo
            echo "| target | measured (worst map) | |"
            echo "|---|---|---|"
            echo "| lockstar A* ≥ 2× fewer instructions than textbook A* | $1× ($2) | $verdict |"
        } >>"$tmp/instr.md"
        callgrind_annotate --inclusive=no --auto=no "$tmp/profile.$profile_map.out" 2>/dev/null |
            grep -E '^ *[0-9,]+ ' | head -n 12 |
            # Source paths relative to the tree, no binary path: the report
            # names no machine's folders.
            sed -E 's# \[[^]]*\]##; s#[^ ]*/(src|bench|tests|cli|movingai)/#\1/#g' \
            >"$tmp/profile.txt" || true
    fi

    # JPS against lockstar's own A*, every query of the scenario.
    : >"$tmp/jps.md"
    if "$bin" --help | grep -q '^  jps '; then
        echo "report.sh: JPS instruction counts (callgrind)..." >&2
        {
            echo "| map | queries | A* instructions/query | JPS instructions/query | A* / JPS | A* expansions/query | JPS expansions/query | target ≥ 10× |"
            echo "|---|---:|---:|---:|---:|---:|---:|---|"
        } >"$tmp/jps.md"
        for name in $jps_maps; do
            map=$maps/$name.map
            [ -f "$map" ] || continue
            if [ -f "$map.sub.scen" ]; then scen=$map.sub.scen; else scen=$map.scen; fi
            r=$(count_ir lockstar "$map" "$scen" $jps_limit) || exit 1
            set -- $r
            a_ir=$1 a_exp=$2 nq=$3
            r=$(count_ir jps "$map" "$scen" $jps_limit) || exit 1
            set -- $r
            j_ir=$1 j_exp=$2
            awk -v n="$name" -v q="$nq" -v a="$a_ir" -v j="$j_ir" \
                -v ae="$a_exp" -v je="$j_exp" 'BEGIN {
                r = a / j
                printf "| %s | %d | %.0f | %.0f | %.2f× | %.0f | %.1f | %s |\n",
                    n, q, a / q, j / q, r, ae / q, je / q,
                    (r >= 10 ? "met" : "**not met**") }' >>"$tmp/jps.md"
        done
    fi
fi

# The lockstar program on the scenario files: what a user runs. Whole
# processes, so map loading and printing count too. A libtool wrapper
# (a shared build's cli/lockstar) is run through libtool --mode=execute,
# which hands valgrind the real program.
: >"$tmp/cli.md"
: >"$tmp/clicpu.md"
cli=${BENCH_CLI:-}
cli_repeat=${BENCH_CLI_REPEAT:-3}
# Whole-process instructions of `lockstar scen --algo jps MAP MAP.sub.scen`
# at ae104c6, before scenario lines were formatted by hand (printf per
# point), with gcc 12.2 -O2 -g on x86_64: the "before" of the table, from
# a build of the same kind as the program measured. A shared build (the
# program a libtool wrapper, $cli_lt set) runs liblockstar.so, compiled
# position-independent: ae104c6 took 0.5 % (lak303d) to 1.1 % (16room_000)
# more instructions there than in a --disable-shared build, so each kind
# is held to its own counts (a program built --disable-shared against
# the shared counts would look 0.5 % better than it is).
cli_before() {
    if [ -n "$cli_lt" ]; then
        case $1 in
        arena) echo 7017590 ;;
        lak303d) echo 115395859 ;;
        maze512-4-0) echo 1334934778 ;;
        random512-20-0) echo 1695620981 ;;
        16room_000) echo 393152199 ;;
        corridor512) echo 7173776334 ;;
        *) echo - ;;
        esac
    else
        case $1 in
        arena) echo 6938757 ;;
        lak303d) echo 114794656 ;;
        maze512-4-0) echo 1330802238 ;;
        random512-20-0) echo 1691488391 ;;
        16room_000) echo 388974364 ;;
        corridor512) echo 7169802108 ;;
        *) echo - ;;
        esac
    fi
}
# corridor512: a perfect maze of one-cell corridors on 512 x 512 cells
# (randomised depth-first search) and 300 queries between corridor cells,
# written into $tmp (never into the tree). None of the shared maps has a
# path longer than 4 (w + h) points, the room `lockstar batch` gives a
# path at first; here most are, which is where a batch used to search
# queries twice. minstd draws, exact in any awk's doubles: every awk
# writes the same files.
corridor_maze() { # OUT-PREFIX
    awk -v OUT="$1" 'function draw(n) { seed = (seed * 48271) % 2147483647; return seed % n }
    BEGIN {
        N = 512; Q = 300; seed = 20261202; c = int((N - 1) / 2)
        sp = 0; sx[sp] = 0; sy[sp] = 0; sp++; seen[0, 0] = 1; open[1, 1] = 1
        split("1 0 -1 0", dxs, " "); split("0 1 0 -1", dys, " ")
        while (sp > 0) {
            x = sx[sp - 1]; y = sy[sp - 1]; n = 0
            for (d = 1; d <= 4; d++) {
                nx = x + dxs[d]; ny = y + dys[d]
                if (nx >= 0 && nx < c && ny >= 0 && ny < c && !((nx, ny) in seen))
                    cand[n++] = d
            }
            if (n == 0) { sp--; continue }
            d = cand[draw(n)]; nx = x + dxs[d]; ny = y + dys[d]; seen[nx, ny] = 1
            open[2 * x + 1 + dxs[d], 2 * y + 1 + dys[d]] = 1
            open[2 * nx + 1, 2 * ny + 1] = 1
            sx[sp] = nx; sy[sp] = ny; sp++
        }
        map = OUT ".map"
        printf "type octile\nheight %d\nwidth %d\nmap\n", N, N > map
        for (y = 0; y < N; y++) {
            row = ""
            for (x = 0; x < N; x++) row = row ((x, y) in open ? "." : "@")
            print row > map
        }
        close(map)
        scen = OUT ".map.scen"
        print "version 1" > scen
        for (i = 0; i < Q; i++)
            printf "0\tcorridor512.map\t%d\t%d\t%d\t%d\t%d\t%d\t0\n", N, N,
                2 * draw(c) + 1, 2 * draw(c) + 1, 2 * draw(c) + 1,
                2 * draw(c) + 1 > scen
        close(scen)
    }'
}
cli_run() { # the lockstar program with ARGS, through libtool if wrapped
    if [ -n "$cli_lt" ]; then "$cli_lt" --mode=execute "$@"; else "$@"; fi
}
cli_ir() { # OUT-NAME ARGS... -> whole-process instructions
    cg_name=$1
    shift
    cli_run valgrind --tool=callgrind --callgrind-out-file="$tmp/cli.$cg_name.out" \
        "$cli" "$@" >"$tmp/cli.$cg_name.txt" 2>"$tmp/cli.$cg_name.err" || {
        cat "$tmp/cli.$cg_name.err" >&2
        return 1
    }
    sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$tmp/cli.$cg_name.out" | head -n 1
}
cli_cpu() { # ARGS... -> the CPU seconds the summary line gives
    "$cli" "$@" 2>&1 >/dev/null | sed -n 's/.*, \([0-9.]*\) s$/\1/p'
}
if [ -n "$cli" ] && [ -x "$cli" ]; then
    case " $cli_maps " in
    *" corridor512 "*) corridor_maze "$tmp/corridor512" ;;
    esac
    cli_lt=
    if [ "$(head -c 2 "$cli")" = "#!" ] && [ -x "$(dirname "$cli")/../libtool" ]; then
        cli_lt=$(dirname "$cli")/../libtool
    fi
    set --
    for name in $cli_maps; do
        map=$maps/$name.map
        [ "$name" = corridor512 ] && map=$tmp/corridor512.map
        [ -f "$map" ] || continue
        if [ -f "$map.sub.scen" ]; then scen=$map.sub.scen; else scen=$map.scen; fi
        [ -f "$scen" ] || continue
        set -- "$@" "$name" "$map" "$scen"
    done
    if [ $have_valgrind = 1 ] && [ $# -gt 0 ]; then
        echo "report.sh: the lockstar program under callgrind..." >&2
        {
            echo "| map | queries | \`scen --algo jps\` before | \`scen --algo jps\` now | now / before | now ≤ 0.5× before | \`batch --threads 1 --algo jps\` | batch / scen | batch ≤ 1.05× scen |"
            echo "|---|---:|---:|---:|---:|---|---:|---:|---|"
        } >"$tmp/cli.md"
        while [ $# -gt 0 ]; do
            name=$1 map=$2 scen=$3
            shift 3
            s_ir=$(cli_ir scen.$name scen --algo jps "$map" "$scen") || exit 1
            b_ir=$(cli_ir batch.$name batch --threads 1 --algo jps "$map" "$scen") || exit 1
            # Both print the same bytes; a difference is a bug to stop at.
            cmp -s "$tmp/cli.scen.$name.txt" "$tmp/cli.batch.$name.txt" || {
                echo "report.sh: lockstar batch and scen differ on $name" >&2
                exit 1
            }
            nq=$(wc -l <"$tmp/cli.scen.$name.txt")
            awk -v n="$name" -v q="$nq" -v was="$(cli_before "$name")" \
                -v s="$s_ir" -v b="$b_ir" 'BEGIN {
                r = b / s
                if (was == "-") { w = "-"; nw = "-"; half = "-" }
                else {
                    w = sprintf("%.0f", was); nw = sprintf("%.3f×", s / was)
                    half = (s / was <= 0.5 ? "met" : "**not met**")
                }
                printf "| %s | %d | %s | %.0f | %s | %s | %.0f | %.3f× | %s |\n",
                    n, q, w, s, nw, half, b, r, (r <= 1.05 ? "met" : "**not met**") }' >>"$tmp/cli.md"
        done
    fi
    # CPU time: the default query (A*), the summaries' clock().
    set --
    for name in $cli_maps; do
        map=$maps/$name.map
        [ "$name" = corridor512 ] && map=$tmp/corridor512.map
        [ -f "$map" ] || continue
        if [ -f "$map.sub.scen" ]; then scen=$map.sub.scen; else scen=$map.scen; fi
        [ -f "$scen" ] || continue
        set -- "$@" "$name" "$map" "$scen"
    done
    if [ $# -gt 0 ]; then
        echo "report.sh: lockstar scen and batch --threads 1, CPU time..." >&2
        {
            echo "| map | \`scen\` CPU s | \`batch --threads 1\` CPU s | batch / scen | batch ≤ 1.05× scen |"
            echo "|---|---:|---:|---:|---|"
        } >"$tmp/clicpu.md"
        while [ $# -gt 0 ]; do
            name=$1 map=$2 scen=$3
            shift 3
            : >"$tmp/cpu.scen"
            : >"$tmp/cpu.batch"
            : >"$tmp/cpu.ratio"
            i=0
            while [ $i -lt "$cli_repeat" ]; do
                a=$(cli_cpu scen "$map" "$scen")
                b=$(cli_cpu batch --threads 1 "$map" "$scen")
                echo "$a" >>"$tmp/cpu.scen"
                echo "$b" >>"$tmp/cpu.batch"
                awk -v a="$a" -v b="$b" 'BEGIN { if (a > 0) printf "%.4f\n", b / a; else print "1" }' >>"$tmp/cpu.ratio"
                i=$((i + 1))
            done
            mid=$(( (cli_repeat + 1) / 2 ))
            a=$(sort -n "$tmp/cpu.scen" | sed -n "${mid}p")
            b=$(sort -n "$tmp/cpu.batch" | sed -n "${mid}p")
            r=$(sort -n "$tmp/cpu.ratio" | sed -n "${mid}p")
            awk -v n="$name" -v a="$a" -v b="$b" -v r="$r" 'BEGIN {
                printf "| %s | %.3f | %.3f | %.2f× | %s |\n", n, a, b, r,
                    (a < 0.05 ? "too short to time" : (r <= 1.05 ? "met" : "**not met**")) }' >>"$tmp/clicpu.md"
        done
    fi
fi

# Batches: every query of the 512 x 512 maps through ls_batch_run with 1
# and 2 threads (the issue's goal: at least 1.8x with 2 on 2 cores).
: >"$tmp/batch.md"
if "$bin" --help | grep -q -- '--batch'; then
    echo "report.sh: batches on 1 and 2 threads..." >&2
    set --
    for name in maze512-4-0 random512-20-0 16room_000; do
        map=$maps/$name.map
        [ -f "$map" ] || continue
        if [ -f "$map.sub.scen" ]; then scen=$map.sub.scen; else scen=$map.scen; fi
        set -- "$@" "$map" "$scen"
    done
    if [ $# -gt 0 ]; then
        "$bin" --batch 1,2 --repeat "$batch_repeat" $limit "$@" >"$tmp/batch.md" || exit 1
    fi
fi

# Flow fields: a whole field against a Dijkstra query of the library over
# the same cells, in one run (bench/flow.c), on every map and a 1024 x 1024
# open field (the issue's goals: <= 10 ms for that field, >= 80 M cells/s
# on the 512 x 512 maps).
: >"$tmp/flow.md"
flow_repeat=${BENCH_FLOW_REPEAT:-9}
if "$bin" --help | grep -q -- '--flow'; then
    echo "report.sh: flow fields, $flow_repeat rounds..." >&2
    set --
    for name in arena lak303d maze512-4-0 random512-20-0 16room_000; do
        map=$maps/$name.map
        [ -f "$map" ] || continue
        set -- "$@" "$map" "$map.scen"
    done
    if [ $# -gt 0 ]; then
        "$bin" --flow --clock "$clock" --repeat "$flow_repeat" "$@" >"$tmp/flow.md" || exit 1
    fi
    "$bin" --flow --clock "$clock" --repeat "$flow_repeat" --gen-percent 0 --generate 1024 |
        tail -n 1 >>"$tmp/flow.md" || exit 1
fi

# The replay: the RTS example, ticks per second and where the time goes.
: >"$tmp/replay.md"
replay_repeat=${BENCH_REPLAY_REPEAT:-7}
if [ -n "${BENCH_CLI:-}" ] && [ -n "${BENCH_REPLAY:-}" ] && [ -x "$BENCH_CLI" ]; then
    echo "report.sh: the replay example, $replay_repeat runs..." >&2
    i=0
    : >"$tmp/replay.runs"
    # Ticks per second from plain runs (their summary's CPU time): with
    # --profile the clock() at every phase of a tick costs a few per cent
    # of a small tick. The split comes from --profile runs besides.
    : >"$tmp/replay.plain"
    while [ $i -lt "$replay_repeat" ]; do
        "$BENCH_CLI" replay "$BENCH_REPLAY" --profile 2>&1 >/dev/null |
            sed -n 's/^lockstar replay: profile: //p' >>"$tmp/replay.runs"
        "$BENCH_CLI" replay "$BENCH_REPLAY" 2>&1 >/dev/null |
            sed -n 's/^lockstar replay: .*, \([0-9.]*\) s$/\1/p' >>"$tmp/replay.plain"
        i=$((i + 1))
    done
    # "2400 ticks in 0.066 s (36363 ticks per second); searching 28%, ..."
    sort -t'(' -k2 -n "$tmp/replay.runs" |
        sed -n "$(( (replay_repeat + 1) / 2 ))p" >"$tmp/replay.median"
    if [ -s "$tmp/replay.median" ]; then
        {
            echo "\`lockstar replay $(basename "$BENCH_REPLAY") --profile\`, the median of"
            echo "$replay_repeat runs by ticks per second (CPU time, clock()):"
            echo
            echo "    $(cat "$tmp/replay.median")"
            echo
            plain=$(sort -n "$tmp/replay.plain" | sed -n "$(( (replay_repeat + 1) / 2 ))p")
            ticks=$(sed 's/^\([0-9]*\) ticks.*/\1/' "$tmp/replay.median")
            tps=$(awk -v s="$plain" -v t="$ticks" 'BEGIN { printf "%d", (s > 0) ? (t / s) : 0 }')
            echo "Without --profile (whose clock() at every phase of a tick costs a few"
            echo "per cent), the median run takes $plain s of CPU: $tps ticks per second,"
            echo "$((tps / 30))x real time for a game at 30 ticks per second (the baseline:"
            echo "a lockstep game must simulate at least that fast)."
        } >"$tmp/replay.md"
    fi
fi

# The crowd: bench/crowdgen.awk's 2,000 units on a 512 x 512 map (groups
# on flow fields, single orders, a building every 20 ticks), 600 ticks,
# with 1 and 2 worker threads: wall time per tick (median of
# BENCH_CROWD_REPEAT=3 runs, taking turns) and, from the 1-thread runs'
# --profile, where the CPU time goes. The tick digests of every run are
# compared (they must not depend on the thread count).
: >"$tmp/crowd.md"
crowd_repeat=${BENCH_CROWD_REPEAT:-3}
crowd_maps=${BENCH_CROWD_MAPS:-16room_000 random512-20-0}
here=$(cd "$(dirname "$0")" && pwd)
if [ -n "${BENCH_CLI:-}" ] && [ -x "$BENCH_CLI" ]; then
    for name in $crowd_maps; do
        map=$maps/$name.map
        [ -f "$map" ] || continue
        echo "report.sh: the crowd on $name, $crowd_repeat runs..." >&2
        mapabs=$(cd "$(dirname "$map")" && pwd)/$(basename "$map")
        awk -v map="$mapabs" -f "$here/crowdgen.awk" "$map" >"$tmp/crowd.replay" || exit 1
        : >"$tmp/crowd.1"; : >"$tmp/crowd.2"; : >"$tmp/crowd.prof"
        i=0
        while [ $i -lt "$crowd_repeat" ]; do
            for th in 1 2; do
                t0=$(date +%s%N)
                "$BENCH_CLI" replay "$tmp/crowd.replay" --threads $th --profile \
                    >"$tmp/crowd.out.$th" 2>"$tmp/crowd.err" || exit 1
                t1=$(date +%s%N)
                echo $(( (t1 - t0) / 1000 )) >>"$tmp/crowd.$th"
                [ $th = 1 ] && sed -n 's/^lockstar replay: profile: //p' "$tmp/crowd.err" >>"$tmp/crowd.prof"
            done
            cmp -s "$tmp/crowd.out.1" "$tmp/crowd.out.2" ||
                { echo "report.sh: the crowd's digests differ between 1 and 2 threads" >&2; exit 1; }
            i=$((i + 1))
        done
        mid=$(( (crowd_repeat + 1) / 2 ))
        us1=$(sort -n "$tmp/crowd.1" | sed -n "${mid}p")
        us2=$(sort -n "$tmp/crowd.2" | sed -n "${mid}p")
        prof=$(sort -t'(' -k2 -n "$tmp/crowd.prof" | sed -n "${mid}p")
        summary=$(sed -n 's/^lockstar replay: 600 ticks, //p' "$tmp/crowd.err" | sed 's/, [0-9.]* s$//')
        echo "| $name | $((us1 / 600)) | $((us2 / 600)) | $(awk -v a="$us1" -v b="$us2" 'BEGIN { printf "%.2f", a / b }') | $prof | $summary |" >>"$tmp/crowd.md"
    done
fi

# Avoidance (issue 22, "Speed"): bench/avoid.sh, with BENCH_AVOID
# (bench/lockstar-avoid-bench) and, for the RTS example, BENCH_CLI.
: >"$tmp/avoid.md"
if [ -n "${BENCH_AVOID:-}" ] && [ -x "$BENCH_AVOID" ]; then
    echo "report.sh: avoidance..." >&2
    sh "$here/avoid.sh" "$BENCH_AVOID" "${BENCH_CLI:-}" "$here/../examples" \
        >"$tmp/avoid.md" || exit 1
fi

# Big maps (issue 23): bench/report_big_maps.sh, with any of BENCH_HPA,
# BENCH_LANDMARKS, BENCH_CACHE and BENCH_JUMPS; a wrong answer in one of
# those programs fails the report, as in the sections above.
: >"$tmp/bigmaps.md"
if [ -n "${BENCH_HPA:-}${BENCH_LANDMARKS:-}${BENCH_CACHE:-}${BENCH_JUMPS:-}" ]; then
    echo "report.sh: big maps (issue 23)..." >&2
    sh "$here/report_big_maps.sh" "$maps" >"$tmp/bigmaps.md" || exit 1
fi

{
    echo "# lockstar benchmark results"
    echo
    echo "Written by \`make bench\` (bench/report.sh; method in bench/README.md)."
    echo "Numbers from a shared, possibly busy machine: compare ratios measured"
    echo "in the same run, and prefer the instruction counts, which do not vary."
    echo
    echo "| | |"
    echo "|---|---|"
    echo "| date | $(date -u '+%Y-%m-%d %H:%M UTC') |"
    echo "| machine | $(uname -m), $(uname -sr), $(nproc 2>/dev/null || echo '?') CPUs |"
    echo "| CPU | $cpu |"
    echo "| compiler | $cc_version |"
    echo "| CFLAGS | \`${CFLAGS:-(not given)}\` |"
    echo "| lockstar source | $commit |"
    echo "| load average before / after timing | $load_before / $load_after |"
    echo "| duration of the timed runs | $(( $(date +%s) - start )) s |"
    echo
    echo "## Moving AI maps"
    echo
    echo "\`lockstar-bench --clock $clock --repeat $repeat $limit MAP SCEN ...\` with the maps and"
    echo "scenario files listed in the tables (from ../shared/maps; see its"
    echo "SOURCES.md). All algorithms ran on the same queries in one process;"
    echo "ratios are this algorithm's time over lockstar's on the same queries."
    echo
    cat "$tmp/maps.md"
    echo "## Scaling: generated maps with 20 % obstacles"
    echo
    echo "\`lockstar-bench --clock $clock --generate $sizes --gen-queries $gen_queries --algo $scaling_algos\`: one map per"
    echo "size from ls_rng (seed 0x6c6f636b73746172 + size), $gen_queries random"
    echo "start/goal pairs per map that are connected."
    echo
    cat "$tmp/scaling.md"
    echo "## Instructions (callgrind)"
    echo
    if [ $have_valgrind = 1 ]; then
        echo "\`valgrind --tool=callgrind --toggle-collect=run_only_queries"
        echo "lockstar-bench --only ALGO --queries $cg_queries MAP SCEN\`: instructions"
        echo "executed inside the query loop only (the same $cg_queries queries, spread"
        echo "over the scenario file, for both)."
        echo
        cat "$tmp/instr.md"
        if [ -s "$tmp/profile.txt" ]; then
            echo
            echo "Where lockstar's instructions go on $profile_map (callgrind_annotate,"
            echo "exclusive, top functions):"
            echo
            echo '```'
            cat "$tmp/profile.txt"
            echo '```'
        fi
        if [ -s "$tmp/jps.md" ]; then
            echo
            echo "### JPS against lockstar's A*"
            echo
            echo "\`lockstar-bench --only lockstar|jps $jps_limit MAP SCEN\` under the same"
            echo "callgrind options: every query of the scenario file."
            echo
            cat "$tmp/jps.md"
        fi
    else
        echo "valgrind (callgrind) is not installed; no instruction counts."
    fi
    if [ -s "$tmp/batch.md" ]; then
        echo
        echo "## Batches on threads"
        echo
        echo "\`lockstar-bench --batch 1,2 --repeat $batch_repeat $limit MAP SCEN ...\`: every"
        echo "query of the map through one ls_batch_run (full contexts, default"
        echo "query), wall time of the whole batch; the thread counts take turns"
        echo "for $batch_repeat rounds (a slow spell of the machine hits both alike),"
        echo "the time is each count's median and the speed-up the median of the"
        echo "rounds' ratios; every status, result and path compared with the"
        echo "1-thread run. Goal: at least 1.8x with 2 threads on this 2-core machine."
        echo
        cat "$tmp/batch.md"
    fi
    if [ -s "$tmp/flow.md" ]; then
        echo
        echo "## Flow fields"
        echo
        echo "\`lockstar-bench --flow --clock $clock --repeat $flow_repeat MAP SCEN ...\` and"
        echo "\`lockstar-bench --flow --clock $clock --repeat $flow_repeat --gen-percent 0 --generate 1024\`"
        echo "(gen1024-0: an open 1024 x 1024 field): per map, a whole flow field"
        echo "(ls_flow_begin and ls_flow_step to the end, default moves) towards the"
        echo "first query's goal, and a Dijkstra ls_find_path (LS_HEURISTIC_ZERO)"
        echo "from that goal to the field's farthest cell, which expands the same"
        echo "cells; the two take turns for $flow_repeat rounds, medians of $clock"
        echo "time. Update: the cell halfway along the farthest cell's directions"
        echo "blocked and the field refreshed to the end, then opened and refreshed"
        echo "again (mean of the two; the field must end as it began). Goals: the"
        echo "open 1024 x 1024 field in at most 10 ms, at least 80 M cells per second"
        echo "on the 512 x 512 maps (docs/flow.md)."
        echo
        cat "$tmp/flow.md"
    fi
    if [ -s "$tmp/cli.md" ] || [ -s "$tmp/clicpu.md" ]; then
        echo
        echo "## The lockstar program: scen and batch"
        echo
        echo "Whole processes on each map's scenario file (map loading, searching,"
        echo "printing). \`lockstar batch\` prints \`scen\`'s bytes and must cost at most"
        echo "1.05x \`scen\` on one thread: no query is ever searched twice (a path"
        echo "longer than its slot is kept by its worker and copied out,"
        echo "ls_batch_run_keep). \`scen\` formats its lines by hand (cli/output.c),"
        echo "reads well-formed map and scenario rows on fast paths (movingai/), and the"
        echo "library rebuilds a grid's bitsets and digest a word at a time (src/grid.c,"
        echo "twice per map: creation, then ls_grid_load); the"
        echo "\"before\" column is the same command at ae104c6, which called printf per"
        echo "path point (gcc 12.2 -O2 -g, x86_64; another compiler shifts both), in"
        if [ -n "$cli_lt" ]; then
            echo "a build of this one's kind: shared (liblockstar.so, position-independent)."
        else
            echo "a build of this one's kind: --disable-shared (the library linked in)."
        fi
        if [ -s "$tmp/cli.md" ]; then
            echo
            echo "\`valgrind --tool=callgrind lockstar scen|batch --threads 1 --algo jps"
            echo "MAP SCEN\`, instructions of the whole process (outputs compared byte for"
            echo "byte):"
            echo
            cat "$tmp/cli.md"
            if grep -q '^| corridor512 ' "$tmp/cli.md"; then
                echo
                echo "corridor512 is generated (report.sh, corridor_maze): one-cell corridors,"
                echo "most paths longer than the 4 (w + h) points \`batch\` first gives one."
                echo "At ae104c6, which ran such a chunk again, \`batch --threads 1 --algo jps\`"
                echo "took 10004721167 instructions there, 1.39x \`scen\`'s, 5742379958 of them"
                echo "in the library against \`scen\`'s 2911393617: every query searched twice."
            fi
        fi
        if [ -s "$tmp/clicpu.md" ]; then
            echo
            echo "\`lockstar scen MAP SCEN\` and \`lockstar batch MAP SCEN --threads 1\`"
            echo "(default query: A*), CPU time from their summary lines (clock()),"
            echo "taking turns $cli_repeat times; medians, the ratio the median of the turns' ratios:"
            echo
            cat "$tmp/clicpu.md"
        fi
    fi
    if [ -s "$tmp/replay.md" ]; then
        echo
        echo "## The replay"
        echo
        cat "$tmp/replay.md"
    fi
    if [ -s "$tmp/crowd.md" ]; then
        echo
        echo "## The crowd"
        echo
        echo "bench/crowdgen.awk's script: 2,000 units on the map (8 groups of 150 on"
        echo "shared flow fields, sent elsewhere every 150 ticks; 800 units ordered one"
        echo "by one on paths; a 3x3 building or clearing every 20 ticks), 600 ticks,"
        echo "budget 200,000 expansions per tick. Wall time per tick, median of"
        echo "$crowd_repeat runs taking turns (whole \`lockstar replay\` processes, map loading"
        echo "included); the split is the 1-thread run's CPU time by tick phase"
        echo "(\`--profile\`). The digests of the 1- and 2-thread runs are compared."
        echo
        echo "| map | µs per tick, 1 thread | µs per tick, 2 threads | ratio | 1 thread: \`--profile\` | end state |"
        echo "|---|---:|---:|---:|---|---|"
        cat "$tmp/crowd.md"
    fi
    if [ -s "$tmp/avoid.md" ]; then
        echo
        echo "## Avoidance"
        echo
        cat "$tmp/avoid.md"
    fi
    if [ -s "$tmp/bigmaps.md" ]; then
        echo
        echo "## Big maps (issue 23): hierarchy, landmarks, path cache, jump tables"
        echo
        cat "$tmp/bigmaps.md"
    fi
} >"$out.tmp"
mv "$out.tmp" "$out"
echo "report.sh: wrote $out" >&2
