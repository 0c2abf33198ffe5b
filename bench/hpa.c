/* SPDX-License-Identifier: MIT */
/*
 * hpa.c - bench/lockstar-hpa-bench: the cluster hierarchy (LS_ALGO_HPA,
 * include/lockstar_hpa.h) on the shared Moving AI maps, against lockstar's
 * A* in the same run.
 *
 * Usage: bench/lockstar-hpa-bench [--cluster N] [--rounds R] MAPS_DIR [MAP...]
 * (MAP: a map's file name in MAPS_DIR; default the five shared maps).
 *
 * Per map it prints:
 *   - build time and the hierarchy's size (ls_grid_hierarchy_info);
 *   - suboptimality against the .expected optimal costs (8-connected, no
 *     corner cutting, 10/14): mean and worst, over every costed row, and
 *     per quarter of those rows by optimal cost;
 *   - time per query on the longest quarter of the .scen scenarios (by
 *     the scenario file's optimal length), HPA and A* each timed over R
 *     rounds, interleaved, best round of each, and their ratio;
 *   - the cost of a one-cell edit: the mean time of ls_grid_set toggling
 *     random cells (blocked, then back) with the hierarchy, minus the
 *     same edits without it (the clearance and digest upkeep both share).
 * Timing uses the thread's CPU clock when available (bench/timer.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lockstar.h"
#include "movingai.h"
#include "timer.h"

typedef struct expected_row {
    int32_t sx, sy, gx, gy, cost;
} expected_row;

/* The costed rows of MAP.expected (cost8 >= 0). */
static expected_row *read_expected(const char *path, uint32_t *count)
{
    FILE *f = fopen(path, "r");
    char line[512];
    expected_row *rows = NULL;
    uint32_t n = 0, cap = 0;
    if (!f)
        return NULL;
    while (fgets(line, sizeof line, f)) {
        expected_row r;
        int c4;
        if (line[0] == '#')
            continue;
        if (sscanf(line, "%d %d %d %d %d %d", &r.sx, &r.sy, &r.gx, &r.gy,
                   &r.cost, &c4) != 6 || r.cost < 0)
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 256;
            rows = realloc(rows, cap * sizeof *rows);
            if (!rows)
                exit(1);
        }
        rows[n++] = r;
    }
    fclose(f);
    *count = n;
    return rows;
}

static ls_point *path;
static uint32_t path_cap;

static ls_status run(ls_search *s, const ls_grid *g, int32_t algo,
                     int32_t sx, int32_t sy, int32_t gx, int32_t gy,
                     ls_result *r)
{
    ls_query q;
    ls_query_init(&q);
    q.algorithm = algo;
    q.start_x = sx;
    q.start_y = sy;
    q.goal_x = gx;
    q.goal_y = gy;
    return ls_find_path(s, g, &q, path, path_cap, r);
}

static int by_length(const void *a, const void *b)
{
    const mai_query *x = a, *y = b;
    return (x->bucket > y->bucket) - (x->bucket < y->bucket);
}

static uint64_t time_set(ls_search *s, const ls_grid *g, int32_t algo,
                         const mai_query *q, uint32_t n, uint64_t *expansions)
{
    uint64_t t0 = bench_now_ns(), e = 0;
    uint32_t i;
    ls_result r;
    for (i = 0; i < n; i++) {
        run(s, g, algo, q[i].sx, q[i].sy, q[i].gx, q[i].gy, &r);
        e += r.expansions;
    }
    *expansions = e;
    return bench_now_ns() - t0;
}

/* Mean ns of `edits` one-cell edits (each cell blocked, then restored:
 * two ls_grid_set calls, counted as two edits). */
static double time_edits(ls_grid *g, uint32_t edits, uint32_t seed)
{
    int32_t w, h;
    uint32_t i, x = seed;
    uint64_t t0, total = 0;
    ls_grid_size(g, &w, &h);
    for (i = 0; i < edits; i++) {
        uint8_t old;
        int32_t cx, cy;
        x = x * 1103515245u + 12345u;
        cx = (int32_t)((x >> 8) % (uint32_t)w);
        x = x * 1103515245u + 12345u;
        cy = (int32_t)((x >> 8) % (uint32_t)h);
        ls_grid_get(g, cx, cy, &old);
        t0 = bench_now_ns();
        ls_grid_set(g, cx, cy, old == LS_CELL_BLOCKED ? 1 : LS_CELL_BLOCKED);
        ls_grid_set(g, cx, cy, old);
        total += bench_now_ns() - t0;
    }
    return (double)total / (2.0 * edits);
}

static int bench_map(const char *dir, const char *name, uint32_t cluster,
                     uint32_t rounds)
{
    char mp[2048], sp[2048], ep[2048];
    ls_grid *g = NULL;
    ls_search *s = NULL;
    mai_error err;
    mai_scen scen;
    expected_row *rows;
    uint32_t nrows = 0, i, quarter, first, r, worst_i = 0;
    int32_t w, h;
    ls_hpa_config cfg;
    ls_hpa_info info;
    uint64_t t0, build_ns, best_hpa = UINT64_MAX, best_astar = UINT64_MAX;
    uint64_t e_hpa = 0, e_astar = 0;
    double sum = 0, worst = 0, qsum[4] = { 0, 0, 0, 0 }, qworst[4] = { 0 };
    uint32_t qn[4] = { 0, 0, 0, 0 }, bad = 0;
    double edit_with, edit_without;

    snprintf(mp, sizeof mp, "%s/%s", dir, name);
    snprintf(sp, sizeof sp, "%s/%s.scen", dir, name);
    snprintf(ep, sizeof ep, "%s/%s.expected", dir, name);
    if (mai_grid_load(mp, 1, LS_GRID_FULL, &g, NULL, &err) != 0) {
        fprintf(stderr, "hpa-bench: %s: cannot load\n", mp);
        return 1;
    }
    ls_grid_size(g, &w, &h);
    if (mai_scen_load(sp, w, h, &scen, &err) != 0) {
        fprintf(stderr, "hpa-bench: %s: cannot load\n", sp);
        return 1;
    }
    rows = read_expected(ep, &nrows);
    if (!rows) {
        fprintf(stderr, "hpa-bench: %s: cannot read\n", ep);
        return 1;
    }
    path_cap = (uint32_t)((w + 2) * (h + 2));
    path = malloc(path_cap * sizeof *path);
    ls_search_create(w, h, NULL, &s);

    ls_hpa_config_init(&cfg);
    cfg.cluster_size = cluster;
    t0 = bench_now_ns();
    if (ls_grid_build_hierarchy(g, &cfg) != LS_OK) {
        fprintf(stderr, "hpa-bench: build failed\n");
        return 1;
    }
    build_ns = bench_now_ns() - t0;
    ls_grid_hierarchy_info(g, &info);
    printf("%s %dx%d cluster %u: build %.2f ms, %u clusters, %u entrances, "
           "%u nodes (at most %u in one), %u edges, %llu bytes (%.1f per "
           "cell)\n",
           name, w, h, cluster, build_ns / 1e6, info.clusters, info.entrances,
           info.nodes, info.max_nodes, info.edges,
           (unsigned long long)info.bytes, (double)info.bytes / (w * h));

    /* Suboptimality over the costed rows, quarters by optimal cost (the
     * rows come sorted by the scenario buckets). */
    for (i = 0; i < nrows; i++) {
        ls_result res;
        ls_status st = run(s, g, LS_ALGO_HPA, rows[i].sx, rows[i].sy,
                           rows[i].gx, rows[i].gy, &res);
        double sub;
        uint32_t qi = i * 4u / nrows;
        if (st != LS_OK) {
            printf("  row %u: status %d\n", i, st);
            bad++;
            continue;
        }
        if (res.cost < rows[i].cost) {
            printf("  row %u: cost %d below optimal %d\n", i, res.cost,
                   rows[i].cost);
            bad++;
        }
        sub = rows[i].cost ? (double)(res.cost - rows[i].cost) / rows[i].cost
                           : 0.0;
        sum += sub;
        qsum[qi] += sub;
        qn[qi]++;
        if (sub > qworst[qi])
            qworst[qi] = sub;
        if (sub > worst) {
            worst = sub;
            worst_i = i;
        }
    }
    printf("  suboptimality over %u rows: mean %.3f %%, worst %.3f %% "
           "(row %u: %d,%d -> %d,%d)%s\n",
           nrows, 100 * sum / (nrows ? nrows : 1), 100 * worst, worst_i,
           rows[worst_i].sx, rows[worst_i].sy, rows[worst_i].gx,
           rows[worst_i].gy, bad ? "  FAILURES" : "");
    for (i = 0; i < 4; i++)
        printf("    quarter %u (%u rows): mean %.3f %%, worst %.3f %%\n", i + 1,
               qn[i], 100 * qsum[i] / (qn[i] ? qn[i] : 1), 100 * qworst[i]);

    /* Time on the longest quarter of the scenarios. */
    qsort(scen.queries, scen.count, sizeof *scen.queries, by_length);
    quarter = scen.count / 4u;
    first = scen.count - quarter;
    for (r = 0; r < rounds; r++) {
        uint64_t a = time_set(s, g, LS_ALGO_ASTAR, scen.queries + first,
                              quarter, &e_astar);
        uint64_t b = time_set(s, g, LS_ALGO_HPA, scen.queries + first,
                              quarter, &e_hpa);
        best_astar = a < best_astar ? a : best_astar;
        best_hpa = b < best_hpa ? b : best_hpa;
    }
    printf("  longest quarter (%u scenarios, buckets %d..%d): A* %.1f us, "
           "HPA %.1f us per query: %.1fx less time; expansions per query A* "
           "%llu, HPA %llu\n",
           quarter, scen.queries[first].bucket,
           scen.queries[scen.count - 1].bucket,
           best_astar / 1e3 / quarter, best_hpa / 1e3 / quarter,
           (double)best_astar / best_hpa,
           (unsigned long long)(e_astar / quarter),
           (unsigned long long)(e_hpa / quarter));

    edit_with = time_edits(g, 2000, 12345u);
    ls_grid_drop_hierarchy(g);
    edit_without = time_edits(g, 2000, 12345u);
    printf("  one-cell edit: %.2f us with the hierarchy, %.2f us without: "
           "rebuild %.2f us\n",
           edit_with / 1e3, edit_without / 1e3,
           (edit_with - edit_without) / 1e3);

    ls_search_destroy(s);
    ls_grid_destroy(g);
    mai_scen_free(&scen);
    free(rows);
    free(path);
    return bad != 0;
}

int main(int argc, char **argv)
{
    static const char *defaults[] = { "arena.map", "lak303d.map",
                                      "16room_000.map", "maze512-4-0.map",
                                      "random512-20-0.map" };
    uint32_t cluster = LS_HPA_CLUSTER_DEFAULT, rounds = 5;
    int i = 1, failed = 0;
    const char *dir;
    while (i < argc && strncmp(argv[i], "--", 2) == 0) {
        if (strcmp(argv[i], "--cluster") == 0 && i + 1 < argc)
            cluster = (uint32_t)atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc)
            rounds = (uint32_t)atoi(argv[i + 1]);
        else {
            fprintf(stderr, "usage: %s [--cluster N] [--rounds R] MAPS_DIR "
                            "[MAP...]\n", argv[0]);
            return 2;
        }
        i += 2;
    }
    if (i >= argc) {
        fprintf(stderr, "usage: %s [--cluster N] [--rounds R] MAPS_DIR "
                        "[MAP...]\n", argv[0]);
        return 2;
    }
    dir = argv[i++];
    bench_use_cpu_clock();
    if (i < argc)
        for (; i < argc; i++)
            failed |= bench_map(dir, argv[i], cluster, rounds);
    else
        for (i = 0; i < 5; i++)
            failed |= bench_map(dir, defaults[i], cluster, rounds);
    return failed;
}
