/* SPDX-License-Identifier: MIT */
/*
 * jumps.c - bench/lockstar-jumps-bench: JPS+ (LS_ALGO_JPS_PLUS with the
 * grid's jump tables) against JPS and A* on the same queries in one run,
 * the tables' build time and memory, and what an edit costs with them.
 *
 *   lockstar-jumps-bench [--repeat N] [--algos LIST] MAP SCEN [MAP SCEN ...]
 *   lockstar-jumps-bench --edits N [--open-size S] MAP [MAP ...]
 *
 * Queries: every query of SCEN, each algorithm of LIST (default
 * jps+,jps,astar) over all of them in turn, N rounds (default 3), each
 * query timed alone (ls_find_path into a buffer, a context created once
 * per map); the row gives each algorithm's mean time per query, median of
 * the rounds, and the ratios to JPS+ measured in the same run. Every
 * JPS+ result must equal JPS's (status, cost, expansions, digest), or the
 * program fails. `--plain` prints one line per map instead of the table:
 * "MAP QUERIES NS_JPS+ NS_JPS NS_ASTAR" (mean ns per query; 0 for an
 * algorithm not run), for bench/warthog.sh.
 *
 * Edits: on each MAP (and on an open S x S grid, default 512, the worst
 * case: nothing stops a re-sweep), N random cells are each flipped
 * (blocked <-> open) and flipped back with ls_grid_set, each call timed,
 * with the tables and without them on the same cells; the row gives the
 * mean and the largest time per call with tables, and the mean without
 * (the difference is the tables' upkeep). Then the build: the tables
 * dropped and built again, median of 5.
 * Times are the thread's CPU time (wall time where the system has none),
 * or with --wall the monotonic wall clock warthog times its queries with.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lockstar.h"
#include "movingai.h"
#include "timer.h"

#define ALGO_COUNT 3
static const char *const algo_names[ALGO_COUNT] = { "jps+", "jps", "astar" };
static const int32_t algo_codes[ALGO_COUNT] = { LS_ALGO_JPS_PLUS, LS_ALGO_JPS,
                                                LS_ALGO_ASTAR };

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static uint64_t median(uint64_t *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, compare_u64);
    return v[n / 2];
}

/* Run every query with one algorithm: total ns, and each result into r. */
static uint64_t run_all(ls_search *s, const ls_grid *g, const mai_scen *scen,
                        int32_t algo, ls_point *pts, uint32_t cap,
                        ls_result *r)
{
    uint64_t total = 0;
    uint32_t i;
    for (i = 0; i < scen->count; i++) {
        const mai_query *sq = &scen->queries[i];
        ls_query q;
        uint64_t t0;
        ls_status st;
        ls_query_init(&q);
        q.start_x = sq->sx;
        q.start_y = sq->sy;
        q.goal_x = sq->gx;
        q.goal_y = sq->gy;
        q.algorithm = algo;
        t0 = bench_now_ns();
        st = ls_find_path(s, g, &q, pts, cap, &r[i]);
        total += bench_now_ns() - t0;
        if (st < 0 && st != LS_ERR_START_BLOCKED && st != LS_ERR_GOAL_BLOCKED) {
            fprintf(stderr, "query %u: %s\n", i, ls_status_name(st));
            exit(1);
        }
        if (st < 0)
            memset(&r[i], 0, sizeof r[i]);
    }
    return total;
}

static int same_result(const ls_result *a, const ls_result *b)
{
    return a->status == b->status && a->cost == b->cost &&
           a->expansions == b->expansions &&
           a->path_length == b->path_length && a->digest == b->digest;
}

static int bench_queries(const char *map_path, const char *scen_path,
                         int repeat, const int *use, int plain)
{
    mai_map map;
    mai_scen scen;
    mai_error err;
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_point *pts;
    ls_result *res[ALGO_COUNT];
    uint64_t *times[ALGO_COUNT], mean[ALGO_COUNT] = { 0, 0, 0 };
    uint64_t expanded[ALGO_COUNT] = { 0, 0, 0 };
    uint32_t cap, i;
    int a, round;

    if (mai_grid_load(map_path, 1, LS_GRID_FULL, &g, &map, &err) != 0 ||
        mai_scen_load(scen_path, map.width, map.height, &scen, &err) != 0) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    cap = (uint32_t)map.width * (uint32_t)map.height;
    pts = malloc((size_t)cap * sizeof *pts);
    if (!pts || ls_search_create(map.width, map.height, NULL, &s) != LS_OK ||
        ls_grid_build_jumps(g) != LS_OK) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    for (a = 0; a < ALGO_COUNT; a++) {
        res[a] = calloc(scen.count ? scen.count : 1, sizeof *res[a]);
        times[a] = calloc((size_t)repeat, sizeof *times[a]);
        if (!res[a] || !times[a])
            return 1;
    }
    /* The algorithms take turns, round by round, so that a slow spell of
     * the machine hits them alike. */
    for (round = 0; round < repeat; round++)
        for (a = 0; a < ALGO_COUNT; a++)
            if (use[a])
                times[a][round] = run_all(s, g, &scen, algo_codes[a], pts,
                                          cap, res[a]);
    for (a = 0; a < ALGO_COUNT; a++) {
        if (!use[a] || scen.count == 0)
            continue;
        mean[a] = median(times[a], repeat) / scen.count;
        for (i = 0; i < scen.count; i++)
            expanded[a] += res[a][i].expansions;
    }
    if (use[0] && use[1])
        for (i = 0; i < scen.count; i++)
            if (!same_result(&res[0][i], &res[1][i])) {
                fprintf(stderr, "%s query %u: JPS+ differs from JPS\n",
                        map_path, i);
                return 1;
            }
    if (plain) {
        printf("%s %u %llu %llu %llu\n", map_path, scen.count,
               (unsigned long long)mean[0], (unsigned long long)mean[1],
               (unsigned long long)mean[2]);
    } else {
        const char *name = strrchr(map_path, '/');
        printf("| %s | %u |", name ? name + 1 : map_path, scen.count);
        for (a = 0; a < ALGO_COUNT; a++) {
            if (use[a])
                printf(" %.2f | %.1f |", (double)mean[a] / 1000.0,
                       scen.count ? (double)expanded[a] / scen.count : 0.0);
            else
                printf(" - | - |");
        }
        if (use[0] && mean[0]) {
            printf(" %.2f | %.2f |\n", use[1] ? (double)mean[1] / mean[0] : 0.0,
                   use[2] ? (double)mean[2] / mean[0] : 0.0);
        } else {
            printf(" - | - |\n");
        }
    }
    for (a = 0; a < ALGO_COUNT; a++) {
        free(res[a]);
        free(times[a]);
    }
    free(pts);
    ls_search_destroy(s);
    ls_grid_destroy(g);
    mai_scen_free(&scen);
    mai_map_free(&map);
    return 0;
}

/* Flip n random cells of g and back, each ls_grid_set timed: the mean and
 * the largest ns per call. */
static void time_edits(ls_grid *g, int n, uint64_t seed, uint64_t *mean_ns,
                       uint64_t *max_ns)
{
    int32_t w, h;
    ls_rng rng;
    uint64_t total = 0, most = 0;
    int i, k;
    ls_grid_size(g, &w, &h);
    ls_rng_seed(&rng, seed);
    for (i = 0; i < n; i++) {
        int32_t x = (int32_t)ls_rng_below(&rng, (uint32_t)w);
        int32_t y = (int32_t)ls_rng_below(&rng, (uint32_t)h);
        uint8_t old = 0;
        ls_grid_get(g, x, y, &old);
        for (k = 0; k < 2; k++) {
            uint8_t cost = k == 0 ? (old == LS_CELL_BLOCKED ? 1 : 0) : old;
            uint64_t t0 = bench_now_ns(), dt;
            ls_grid_set(g, x, y, cost);
            dt = bench_now_ns() - t0;
            total += dt;
            if (dt > most)
                most = dt;
        }
    }
    *mean_ns = total / (2u * (uint64_t)n);
    *max_ns = most;
}

static int bench_edits(const char *label, ls_grid *g, int n)
{
    uint64_t with_mean, with_max, without_mean, without_max, bytes = 0;
    uint64_t build[5];
    int32_t w, h;
    int i;
    ls_grid_size(g, &w, &h);
    ls_grid_drop_jumps(g);
    time_edits(g, n, 99, &without_mean, &without_max);
    if (ls_grid_build_jumps(g) != LS_OK)
        return 1;
    time_edits(g, n, 99, &with_mean, &with_max);
    for (i = 0; i < 5; i++) {
        uint64_t t0;
        ls_grid_drop_jumps(g);
        t0 = bench_now_ns();
        if (ls_grid_build_jumps(g) != LS_OK)
            return 1;
        build[i] = bench_now_ns() - t0;
    }
    ls_grid_jumps_bytes(g, &bytes);
    printf("| %s | %dx%d | %.2f | %.2f | %.2f | %.2f | %.2f |\n", label, w, h,
           (double)with_mean / 1000.0, (double)with_max / 1000.0,
           (double)without_mean / 1000.0,
           (double)median(build, 5) / 1e6,
           (double)bytes / ((double)w * (double)h));
    return 0;
}

static int parse_algos(const char *list, int *use)
{
    int a;
    for (a = 0; a < ALGO_COUNT; a++)
        use[a] = strstr(list, algo_names[a]) != NULL;
    /* "jps" is inside "jps+": count it only when it stands alone. */
    use[1] = 0;
    {
        const char *p = list;
        while ((p = strstr(p, "jps")) != NULL) {
            if (p[3] != '+')
                use[1] = 1;
            p += 3;
        }
    }
    return use[0] || use[1] || use[2];
}

int main(int argc, char **argv)
{
    int repeat = 3, edits = 0, plain = 0, wall = 0, open_size = 512, i = 1;
    int use[ALGO_COUNT] = { 1, 1, 1 };
    for (; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i++) {
        if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc)
            repeat = atoi(argv[++i]);
        else if (strcmp(argv[i], "--edits") == 0 && i + 1 < argc)
            edits = atoi(argv[++i]);
        else if (strcmp(argv[i], "--open-size") == 0 && i + 1 < argc)
            open_size = atoi(argv[++i]);
        else if (strcmp(argv[i], "--algos") == 0 && i + 1 < argc) {
            if (!parse_algos(argv[++i], use))
                break;
        } else if (strcmp(argv[i], "--plain") == 0)
            plain = 1;
        else if (strcmp(argv[i], "--wall") == 0)
            wall = 1;
        else
            break;
    }
    if (repeat < 1 || (edits == 0 && (i >= argc || (argc - i) % 2 != 0)) ||
        (edits != 0 && (edits < 1 || open_size < 1 || open_size > 16384))) {
        fprintf(stderr,
                "usage: %s [--repeat N] [--algos jps+,jps,astar] [--plain] [--wall] "
                "MAP SCEN [MAP SCEN ...]\n"
                "       %s --edits N [--open-size S] [MAP ...]\n",
                argv[0], argv[0]);
        return 2;
    }
    /* Thread CPU time where there is one, so that other processes on the
     * machine slow no query down; --wall keeps the monotonic wall clock,
     * warthog's (std::chrono::steady_clock), for a comparison with it. */
    if (!wall)
        bench_use_cpu_clock();
    if (edits) {
        ls_grid *g = NULL;
        printf("| map | size | us/edit with tables (mean) | largest | us/edit "
               "without | build ms | bytes/cell |\n|---|---|---|---|---|---|---|\n");
        if (ls_grid_create(open_size, open_size, NULL, &g) != LS_OK ||
            bench_edits("open (generated)", g, edits) != 0)
            return 1;
        ls_grid_destroy(g);
        for (; i < argc; i++) {
            mai_map map;
            mai_error err;
            const char *name = strrchr(argv[i], '/');
            if (mai_grid_load(argv[i], 1, LS_GRID_FULL, &g, &map, &err) != 0) {
                fprintf(stderr, "%s\n", err.message);
                return 1;
            }
            if (bench_edits(name ? name + 1 : argv[i], g, edits) != 0)
                return 1;
            ls_grid_destroy(g);
            mai_map_free(&map);
        }
        return 0;
    }
    if (!plain)
        printf("| map | queries | JPS+ us/query | JPS+ expanded | JPS us/query "
               "| JPS expanded | A* us/query | A* expanded | JPS / JPS+ | "
               "A* / JPS+ |\n|---|---|---|---|---|---|---|---|---|---|\n");
    for (; i + 1 < argc; i += 2)
        if (bench_queries(argv[i], argv[i + 1], repeat, use, plain) != 0)
            return 1;
    return 0;
}
