/* SPDX-License-Identifier: MIT */
/*
 * pathcache.c - lockstar-cache-bench: the exact path cache
 * (lockstar_cache.h) on Moving AI maps, through the public API only.
 *
 * For each map (its scenarios in MAP.scen, default query: A*, octile,
 * 8-connected, no corner cutting, 10/14), in one run:
 *   fresh  ls_find_path on every scenario (the baseline);
 *   miss   ls_path_cache_find on an emptied cache: the search plus the
 *          cost of storing its answer;
 *   hit    ls_path_cache_find again: every call a hit;
 * and the same for the longest quarter of the scenarios (by path length),
 * where a hit copies the most points. The cache holds every answer (its
 * entries and points are sized from the check pass), so no pass evicts.
 *
 * Each pass times the whole loop over its scenarios; the row gives each
 * figure's median over the rounds, in microseconds per query, and the
 * ratio fresh / hit. The passes take turns in each round and which goes
 * first alternates, so a slow spell of a shared machine hits all alike.
 *
 * Checked, outside the timed loops: every miss and every hit returns the
 * status, the ls_result (every field) and the path (its points' digest)
 * of the fresh search, and the run aborts otherwise.
 *
 * Usage: lockstar-cache-bench [--rounds R] [--clock cpu] MAP...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lockstar.h"
#include "movingai.h"
#include "timer.h"

typedef struct run {
    ls_grid *grid;
    ls_search *search;
    ls_path_cache *cache;
    const mai_query *scen;
    uint32_t count;
    ls_point *path;
    uint32_t capacity;
    ls_result *want;   /* the fresh answers */
    ls_status *status; /* their statuses */
    uint32_t *longest; /* the longest quarter's indexes */
    uint32_t quarter;
} run;

enum { PASS_FRESH, PASS_MISS, PASS_HIT, PASS_FRESH_LONG, PASS_HIT_LONG,
       PASSES };

static void die(const char *what)
{
    fprintf(stderr, "lockstar-cache-bench: %s\n", what);
    exit(1);
}

static void query_of(const mai_query *m, ls_query *q)
{
    ls_query_init(q);
    q->start_x = m->sx;
    q->start_y = m->sy;
    q->goal_x = m->gx;
    q->goal_y = m->gy;
}

/* One call, fresh or through the cache. */
static ls_status one(run *r, uint32_t i, int cached, ls_result *res)
{
    ls_query q;
    query_of(&r->scen[i], &q);
    return cached ? ls_path_cache_find(r->cache, r->search, r->grid, &q,
                                       r->path, r->capacity, res)
                  : ls_find_path(r->search, r->grid, &q, r->path,
                                 r->capacity, res);
}

/* A call through the cache must give the fresh answer exactly. */
static void check(run *r, uint32_t i)
{
    ls_result res;
    uint64_t digest = 0;
    ls_status st = one(r, i, 1, &res);
    if (st != r->status[i] || memcmp(&res, &r->want[i], sizeof res) != 0)
        die("a cached answer differs from the fresh one");
    if (st == LS_OK) {
        ls_path_digest(r->path, res.path_length, &digest);
        if (digest != r->want[i].digest)
            die("a cached path differs from the fresh one");
    }
}

/* Nanoseconds per query of one pass over the indexes (all when NULL). */
static double timed_pass(run *r, int cached, const uint32_t *which,
                         uint32_t n)
{
    ls_result res;
    uint64_t t0, t1;
    uint32_t k;
    t0 = bench_now_ns();
    for (k = 0; k < n; k++)
        one(r, which ? which[k] : k, cached, &res);
    t1 = bench_now_ns();
    return (double)(t1 - t0) / (double)n;
}

static double median(double *v, uint32_t n)
{
    uint32_t i, j;
    for (i = 1; i < n; i++) /* insertion sort: a handful of rounds */
        for (j = i; j > 0 && v[j - 1] > v[j]; j--) {
            double t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static const ls_result *sort_base;
static int by_length_desc(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    uint32_t lx = sort_base[x].path_length, ly = sort_base[y].path_length;
    if (lx != ly)
        return lx < ly ? 1 : -1;
    return x < y ? -1 : x > y;
}

static void bench_map(const char *map_path, uint32_t rounds, int header)
{
    char scen_path[1100];
    mai_scen scen;
    mai_error err;
    run r;
    ls_path_cache_config cfg;
    ls_path_cache_stats stats;
    double *t[PASSES], fig[PASSES];
    uint64_t points = 0;
    uint32_t i, round, p;
    int32_t w, h;

    memset(&r, 0, sizeof r);
    snprintf(scen_path, sizeof scen_path, "%s.scen", map_path);
    if (mai_grid_load(map_path, 1, LS_GRID_FULL, &r.grid, NULL, &err) != 0)
        die(err.message);
    ls_grid_size(r.grid, &w, &h);
    if (mai_scen_load(scen_path, w, h, &scen, &err) != 0)
        die(err.message);
    if (scen.count < 4)
        die("fewer than 4 scenarios");
    r.scen = scen.queries;
    r.count = scen.count;
    r.capacity = (uint32_t)w * (uint32_t)h;
    r.path = malloc((size_t)r.capacity * sizeof *r.path);
    r.want = malloc((size_t)r.count * sizeof *r.want);
    r.status = malloc((size_t)r.count * sizeof *r.status);
    r.longest = malloc((size_t)r.count * sizeof *r.longest);
    for (p = 0; p < PASSES; p++)
        t[p] = malloc((size_t)rounds * sizeof(double));
    if (!r.path || !r.want || !r.status || !r.longest || !t[PASSES - 1])
        die("out of memory");
    if (ls_search_create(w, h, NULL, &r.search) != LS_OK)
        die("cannot create a search context");

    /* The fresh answers, and the cache sized to hold them all. */
    for (i = 0; i < r.count; i++) {
        r.status[i] = one(&r, i, 0, &r.want[i]);
        if (r.status[i] == LS_OK)
            points += r.want[i].path_length + LS_PATH_CACHE_BLOCK_POINTS;
        r.longest[i] = i;
    }
    sort_base = r.want;
    qsort(r.longest, r.count, sizeof *r.longest, by_length_desc);
    r.quarter = r.count / 4;
    ls_path_cache_config_init(&cfg);
    cfg.max_entries = r.count;
    cfg.max_points = points > LS_PATH_CACHE_MAX_POINTS
                         ? LS_PATH_CACHE_MAX_POINTS : (uint32_t)points;
    if (ls_path_cache_create(&cfg, NULL, &r.cache) != LS_OK)
        die("cannot create the cache");

    for (round = 0; round < rounds; round++) {
        int hit_first = round % 2;
        ls_path_cache_clear(r.cache);
        if (hit_first) { /* fill it (untimed) so that hits go first */
            for (i = 0; i < r.count; i++)
                check(&r, i);
            t[PASS_HIT][round] = timed_pass(&r, 1, NULL, r.count);
            t[PASS_HIT_LONG][round] =
                timed_pass(&r, 1, r.longest, r.quarter);
            t[PASS_FRESH][round] = timed_pass(&r, 0, NULL, r.count);
            t[PASS_FRESH_LONG][round] =
                timed_pass(&r, 0, r.longest, r.quarter);
            ls_path_cache_clear(r.cache);
            t[PASS_MISS][round] = timed_pass(&r, 1, NULL, r.count);
        } else {
            t[PASS_FRESH][round] = timed_pass(&r, 0, NULL, r.count);
            t[PASS_FRESH_LONG][round] =
                timed_pass(&r, 0, r.longest, r.quarter);
            t[PASS_MISS][round] = timed_pass(&r, 1, NULL, r.count);
            t[PASS_HIT][round] = timed_pass(&r, 1, NULL, r.count);
            t[PASS_HIT_LONG][round] =
                timed_pass(&r, 1, r.longest, r.quarter);
        }
        for (i = 0; i < r.count; i++) /* every answer a hit, all exact */
            check(&r, i);
    }
    ls_path_cache_stats_get(r.cache, &stats);
    if (stats.evictions != 0 || stats.entries != r.count)
        die("the cache did not hold every answer");
    for (p = 0; p < PASSES; p++)
        fig[p] = median(t[p], rounds) / 1000.0;

    if (header) {
        printf("| map | queries | fresh us | miss us | hit us | fresh/hit "
               "| longest 1/4: fresh us | hit us | fresh/hit | longest "
               "path | cache MB |\n");
        printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    }
    printf("| %s | %u | %.1f | %.1f | %.3f | %.0fx | %.1f | %.3f | %.0fx "
           "| %u | %.1f |\n",
           strrchr(map_path, '/') ? strrchr(map_path, '/') + 1 : map_path,
           (unsigned)r.count, fig[PASS_FRESH], fig[PASS_MISS], fig[PASS_HIT],
           fig[PASS_FRESH] / fig[PASS_HIT], fig[PASS_FRESH_LONG],
           fig[PASS_HIT_LONG], fig[PASS_FRESH_LONG] / fig[PASS_HIT_LONG],
           (unsigned)r.want[r.longest[0]].path_length,
           (double)stats.bytes / 1048576.0);
    fflush(stdout);

    ls_path_cache_destroy(r.cache);
    ls_search_destroy(r.search);
    ls_grid_destroy(r.grid);
    mai_scen_free(&scen);
    for (p = 0; p < PASSES; p++)
        free(t[p]);
    free(r.path);
    free(r.want);
    free(r.status);
    free(r.longest);
}

int main(int argc, char **argv)
{
    uint32_t rounds = 5;
    int i, maps = 0;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc) {
            long v = strtol(argv[++i], NULL, 10);
            if (v < 1 || v > 1000)
                die("--rounds takes 1..1000");
            rounds = (uint32_t)v;
        } else if (strcmp(argv[i], "--clock") == 0 && i + 1 < argc &&
                   strcmp(argv[i + 1], "cpu") == 0) {
            if (!bench_use_cpu_clock())
                die("no thread CPU clock here");
            i++;
        } else if (argv[i][0] == '-') {
            die("usage: lockstar-cache-bench [--rounds R] [--clock cpu] "
                "MAP...");
        }
    }
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--rounds") == 0 ||
            strcmp(argv[i], "--clock") == 0) {
            i++;
            continue;
        }
        bench_map(argv[i], rounds, maps++ == 0);
    }
    if (maps == 0)
        die("usage: lockstar-cache-bench [--rounds R] [--clock cpu] MAP...");
    return 0;
}
