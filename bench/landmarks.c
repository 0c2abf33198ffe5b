/* SPDX-License-Identifier: MIT */
/*
 * landmarks.c - bench/lockstar-landmarks-bench: LS_HEURISTIC_LANDMARKS
 * (include/lockstar_landmarks.h) against octile A* on the shared Moving AI
 * maps, in the same run.
 *
 * Usage: bench/lockstar-landmarks-bench [--count K] [--rounds R] MAPS_DIR
 *        [MAP...]   (MAP: a map's file name in MAPS_DIR; default the five
 *        shared maps)
 *
 * Per map it prints:
 *   - the tables' build time (ls_grid_build_landmarks, best of R) and
 *     memory (bytes per bordered cell, total);
 *   - every scenario of MAP.scen run with both heuristics (8-connected, no
 *     corner cutting, 10/14): the two costs must be equal, and equal to
 *     MAP.expected's where it has the query (a mismatch is counted and
 *     makes the exit status 1);
 *   - for all scenarios and for the longest quarter (by optimal cost, ties
 *     in file order): expansions of each and their ratio, and time of each
 *     (every query of the set once per round, the two heuristics
 *     interleaved round by round, best round of each) and their ratio;
 *   - per scenario bucket (with --buckets): the same for that bucket;
 *   - the time of one update after a lowering one-cell edit on the map
 *     (ls_grid_update_landmarks, budget 0).
 * Timing uses the thread's CPU clock when available (bench/timer.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lockstar.h"
#include "movingai.h"
#include "timer.h"

typedef struct run {
    int32_t cost;
    uint32_t expansions[2]; /* octile, landmarks */
    int32_t bucket;
} run;

static int run_query(ls_search *s, const ls_grid *g, const mai_query *m,
                     int32_t heuristic, ls_result *r)
{
    ls_query q;
    ls_status st;
    ls_query_init(&q);
    q.start_x = m->sx;
    q.start_y = m->sy;
    q.goal_x = m->gx;
    q.goal_y = m->gy;
    q.heuristic = heuristic;
    st = ls_find_path(s, g, &q, NULL, 0, r);
    return st == LS_OK || st == LS_ERR_BUFFER_TOO_SMALL || st == LS_NO_PATH;
}

/* Time every query of idx[0..n) once with heuristic. */
static uint64_t time_set(ls_search *s, const ls_grid *g, const mai_query *qs,
                         const uint32_t *idx, uint32_t n, int32_t heuristic)
{
    uint64_t t0 = bench_now_ns();
    uint32_t i;
    ls_result r;
    for (i = 0; i < n; i++)
        run_query(s, g, &qs[idx[i]], heuristic, &r);
    return bench_now_ns() - t0;
}

static const run *sort_runs;
static int by_cost(const void *a, const void *b)
{
    uint32_t i = *(const uint32_t *)a, j = *(const uint32_t *)b;
    if (sort_runs[i].cost != sort_runs[j].cost)
        return sort_runs[i].cost > sort_runs[j].cost ? -1 : 1;
    return i < j ? -1 : i > j;
}

/* One line for the queries idx[0..n). */
static void report(const char *label, ls_search *s, const ls_grid *g,
                   const mai_query *qs, const run *runs, const uint32_t *idx,
                   uint32_t n, unsigned rounds)
{
    uint64_t e[2] = { 0, 0 }, best[2] = { UINT64_MAX, UINT64_MAX };
    uint32_t i;
    unsigned k;
    if (n == 0)
        return;
    for (i = 0; i < n; i++) {
        e[0] += runs[idx[i]].expansions[0];
        e[1] += runs[idx[i]].expansions[1];
    }
    for (k = 0; k < rounds; k++) {
        uint64_t t = time_set(s, g, qs, idx, n, LS_HEURISTIC_OCTILE);
        best[0] = t < best[0] ? t : best[0];
        t = time_set(s, g, qs, idx, n, LS_HEURISTIC_LANDMARKS);
        best[1] = t < best[1] ? t : best[1];
    }
    printf("  %-16s %5u queries  expansions/query octile %9.0f landmarks "
           "%8.0f  ratio %6.2fx   us/query octile %8.1f landmarks %8.1f  "
           "ratio %5.2fx\n",
           label, n, (double)e[0] / n, (double)e[1] / n,
           e[1] ? (double)e[0] / (double)e[1] : 0.0,
           (double)best[0] / n / 1e3, (double)best[1] / n / 1e3,
           best[1] ? (double)best[0] / (double)best[1] : 0.0);
}

/* MAP.expected's 8-connected cost of the query, or -2 if absent. */
static int32_t expected_cost(FILE *f, const mai_query *m)
{
    char line[512];
    rewind(f);
    while (fgets(line, sizeof line, f)) {
        int sx, sy, gx, gy, c8, c4;
        if (line[0] == '#' ||
            sscanf(line, "%d %d %d %d %d %d", &sx, &sy, &gx, &gy, &c8, &c4) != 6)
            continue;
        if (sx == m->sx && sy == m->sy && gx == m->gx && gy == m->gy)
            return c8;
    }
    return -2;
}

static int bench_map(const char *dir, const char *name, uint32_t count,
                     unsigned rounds, int buckets)
{
    char mp[1200], sp[1200], ep[1200];
    mai_error err;
    mai_scen scen;
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_landmarks_config cfg;
    ls_landmarks_info info;
    int32_t w, h;
    uint32_t i, n, quarter, wrong = 0, checked = 0, *idx;
    uint64_t t, build = UINT64_MAX;
    run *runs;
    unsigned k;
    FILE *ef;

    snprintf(mp, sizeof mp, "%s/%s", dir, name);
    snprintf(sp, sizeof sp, "%s/%s.scen", dir, name);
    snprintf(ep, sizeof ep, "%s/%s.expected", dir, name);
    memset(&err, 0, sizeof err);
    if (mai_grid_load(mp, 1, LS_GRID_FULL, &g, NULL, &err) != 0) {
        printf("%s\n", err.message);
        return 1;
    }
    ls_grid_size(g, &w, &h);
    if (mai_scen_load(sp, w, h, &scen, &err) != 0) {
        printf("%s\n", err.message);
        ls_grid_destroy(g);
        return 1;
    }
    ls_search_create(w, h, NULL, &s);
    ls_landmarks_config_init(&cfg);
    cfg.count = count;
    for (k = 0; k < rounds; k++) {
        t = bench_now_ns();
        if (ls_grid_build_landmarks(g, &cfg) != LS_OK) {
            printf("%s: build failed\n", name);
            return 1;
        }
        t = bench_now_ns() - t;
        build = t < build ? t : build;
    }
    info.struct_size = sizeof info;
    ls_grid_landmarks_info(g, &info);
    printf("%s %dx%d: %u landmarks, build %.1f ms, %u bytes per cell, "
           "%.1f MB\n", name, (int)w, (int)h, info.count, (double)build / 1e6,
           info.bytes_per_cell, (double)info.bytes / 1e6);

    n = scen.count;
    runs = calloc(n, sizeof *runs);
    idx = malloc(n * sizeof *idx);
    ef = fopen(ep, "r");
    for (i = 0; i < n; i++) {
        ls_result ro, rl;
        int32_t want;
        run_query(s, g, &scen.queries[i], LS_HEURISTIC_OCTILE, &ro);
        run_query(s, g, &scen.queries[i], LS_HEURISTIC_LANDMARKS, &rl);
        runs[i].cost = ro.cost;
        runs[i].expansions[0] = ro.expansions;
        runs[i].expansions[1] = rl.expansions;
        runs[i].bucket = scen.queries[i].bucket;
        wrong += ro.cost != rl.cost;
        want = ef ? expected_cost(ef, &scen.queries[i]) : -2;
        if (want != -2) {
            checked++;
            wrong += want != rl.cost;
        }
        idx[i] = i;
    }
    if (ef)
        fclose(ef);
    printf("  costs: %u scenarios, landmarks == octile A* on all%s; %u "
           "checked against %s.expected: %u wrong\n",
           n, wrong ? " but some" : "", checked, name, wrong);
    sort_runs = runs;
    qsort(idx, n, sizeof *idx, by_cost);
    quarter = (n + 3) / 4;
    report("longest quarter", s, g, scen.queries, runs, idx, quarter, rounds);
    for (i = 0; i < n; i++)
        idx[i] = i;
    report("all", s, g, scen.queries, runs, idx, n, rounds);
    if (buckets) {
        int32_t b, last = 0;
        for (i = 0; i < n; i++)
            last = runs[i].bucket > last ? runs[i].bucket : last;
        for (b = 0; b <= last; b++) {
            char label[32];
            uint32_t m = 0;
            for (i = 0; i < n; i++)
                if (runs[i].bucket == b)
                    idx[m++] = i;
            snprintf(label, sizeof label, "bucket %d", (int)b);
            report(label, s, g, scen.queries, runs, idx, m, rounds);
        }
    }
    {
        /* A lowering edit: a blocked cell opened, then the update. */
        int32_t x, y, fx = -1, fy = -1;
        uint8_t c = 1;
        for (y = 0; y < h && fx < 0; y++)
            for (x = 0; x < w && fx < 0; x++)
                if (ls_grid_get(g, x, y, &c) == LS_OK && c == 0) {
                    fx = x;
                    fy = y;
                }
        if (fx < 0) {
            printf("  update after opening a cell: no blocked cell\n");
        } else {
            ls_grid_set(g, fx, fy, 1);
            t = bench_now_ns();
            ls_grid_update_landmarks(g, 0, NULL);
            t = bench_now_ns() - t;
            printf("  update after opening cell (%d,%d): %.1f ms\n", (int)fx,
                   (int)fy, (double)t / 1e6);
        }
    }
    free(runs);
    free(idx);
    mai_scen_free(&scen);
    ls_search_destroy(s);
    ls_grid_destroy(g);
    return wrong != 0;
}

int main(int argc, char **argv)
{
    static const char *const shared[] = { "arena.map", "lak303d.map",
                                          "16room_000.map", "maze512-4-0.map",
                                          "random512-20-0.map" };
    uint32_t count = 8;
    unsigned rounds = 3;
    int a = 1, failures = 0, buckets = 0;
    const char *dir;
    while (a < argc && strncmp(argv[a], "--", 2) == 0) {
        if (strcmp(argv[a], "--count") == 0 && a + 1 < argc)
            count = (uint32_t)atoi(argv[++a]);
        else if (strcmp(argv[a], "--rounds") == 0 && a + 1 < argc)
            rounds = (unsigned)atoi(argv[++a]);
        else if (strcmp(argv[a], "--buckets") == 0)
            buckets = 1;
        else {
            fprintf(stderr, "landmarks-bench: unknown option %s\n", argv[a]);
            return 2;
        }
        a++;
    }
    if (a >= argc || rounds < 1 || count < 1 || count > LS_LANDMARKS_MAX) {
        fprintf(stderr, "usage: lockstar-landmarks-bench [--count K] "
                        "[--rounds R] [--buckets] MAPS_DIR [MAP...]\n");
        return 2;
    }
    dir = argv[a++];
    bench_use_cpu_clock();
    printf("lockstar-landmarks-bench: %u landmarks, best of %u rounds, "
           "8-connected, no corner cutting, 10/14\n", count, rounds);
    if (a < argc) {
        for (; a < argc; a++)
            failures += bench_map(dir, argv[a], count, rounds, buckets);
    } else {
        size_t i;
        for (i = 0; i < sizeof shared / sizeof shared[0]; i++)
            failures += bench_map(dir, shared[i], count, rounds, buckets);
    }
    return failures != 0;
}
