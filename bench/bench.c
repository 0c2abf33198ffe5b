/* SPDX-License-Identifier: MIT */
/*
 * bench.c - lockstar-bench: lockstar against the pathfinders a game
 * developer would otherwise write, on the same queries in the same process.
 *
 *   lockstar-bench [options] MAP SCEN [MAP SCEN ...]
 *   lockstar-bench [options] --generate 256,512,1024,2048,4096
 *
 * Per map it works in two phases:
 *   1. check: each algorithm alone (its state the only one allocated, peak
 *      RSS counted from just before it is created) runs all its queries;
 *      every path is validated cell by cell, and every optimal algorithm
 *      must find lockstar's cost on every query, else the program aborts.
 *   2. timing: all states alive, each warmed up on the first block; the
 *      queries are cut into blocks of --block, every algorithm runs a
 *      block before the next block starts (the order rotates per block),
 *      and the whole pass is repeated --repeat times. A query's time is the median of its repeats; a map's
 *      figures are medians and means over queries.
 * Ratios compare each algorithm with lockstar on exactly the queries that
 * algorithm ran (list-scan runs only --listscan-queries of them, spread
 * evenly over the map's queries).
 *
 * --only ALGO runs one algorithm once over the queries in the function
 * run_only_queries (and nothing else), for instruction counting:
 *   valgrind --tool=callgrind --toggle-collect=run_only_queries \
 *       lockstar-bench --only textbook MAP SCEN
 * Output is Markdown. Bench code: doubles are used for printing times.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lockstar.h"
#include "movingai.h"
#include "bench.h"
#include "mapgen.h"
#include "timer.h"

const algo_info bench_algos[ALG_COUNT] = {
    { "lockstar", "lockstar A* (ls_find_path, LS_ALGO_ASTAR)", 1 },
    { "jps", "lockstar jump point search (LS_ALGO_JPS)", 1 },
    { "textbook", "textbook A*: binary heap, decrease-key, memset per query", 1 },
    { "listscan", "the \"before\": A* with the open list an array scanned for the smallest f", 1 },
    { "dijkstra", "Dijkstra: binary heap, decrease-key, h = 0", 1 },
    { "bfs", "breadth-first search (fewest steps, not least cost)", 0 },
    { "dfs", "depth-first search (any path)", 0 },
};

/* ---------------------------------------------------------------- errors */

void bench_die(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "lockstar-bench: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n");
    exit(2);
}

/* A mismatch between algorithms: a bug in a baseline or in lockstar. */
static void fail_query(const bench_map *m, uint32_t i, const char *algo,
                       const char *why)
{
    const bl_query *q = &m->queries[i];
    fprintf(stderr,
            "lockstar-bench: FAIL on %s query %u (%d,%d)->(%d,%d): %s: %s\n",
            m->name, (unsigned)i, q->sx, q->sy, q->gx, q->gy, algo, why);
    abort();
}

/* Whether query i is one of the `used` of n queries an algorithm runs:
 * evenly spread, always including the last (scenario files sort queries
 * by length, so a prefix would hold only the shortest). */
static int query_used(uint32_t used, uint32_t n, uint32_t i)
{
    if (used >= n)
        return 1;
    return (uint64_t)(i + 1) * used / n != (uint64_t)i * used / n;
}

/* ---------------------------------------------------- counting allocator */

typedef struct alloc_counter {
    uint64_t calls;
} alloc_counter;

static void *counting_alloc(void *user, size_t size)
{
    ((alloc_counter *)user)->calls++;
    return bl_block_alloc(size);
}

static void counting_release(void *user, void *block, size_t size)
{
    (void)user;
    (void)size;
    free(block);
}

static alloc_counter lockstar_allocs;
static const ls_allocator counting_allocator = {
    counting_alloc, counting_release, &lockstar_allocs
};

/* --------------------------------------------------------------- runners */

/* The states of all algorithms for one map size, and path buffers. */
typedef struct runner {
    const bench_map *map;
    ls_search *search;          /* lockstar A* */
    ls_search *search_jps;      /* lockstar JPS, its own context */
    ls_query query;
    ls_point *points;
    uint32_t *path;             /* width * height cells */
    bl_grid grid;
    bl_textbook *textbook;
    bl_listscan *listscan;
    bl_dijkstra *dijkstra;
    bl_bfs *bfs;
    bl_dfs *dfs;
} runner;

static void runner_init(runner *r, const bench_map *m)
{
    memset(r, 0, sizeof *r);
    r->map = m;
    r->grid.width = m->width;
    r->grid.height = m->height;
    r->grid.cells = m->plain;
    ls_query_init(&r->query);
}

/* Allocate (on) or free the path buffers. They are freed between phases,
 * so that pages one algorithm's long paths touched do not count in the
 * next one's peak RSS. */
static void runner_buffers(runner *r, int on)
{
    size_t cells = (size_t)r->map->width * (size_t)r->map->height;
    free(r->points);
    free(r->path);
    r->points = NULL;
    r->path = NULL;
    if (!on)
        return;
    r->points = malloc(cells * sizeof *r->points);
    r->path = malloc(cells * sizeof *r->path);
    if (!r->points || !r->path)
        bench_die("out of memory for path buffers of %s", r->map->name);
}

/* The kind of lockstar context (--compact): the benchmark's queries are
 * the default ones, which both kinds run. */
static uint32_t context_flags = LS_SEARCH_FULL;
/* The kind of grid lockstar searches (--compact-grid). */
static uint32_t grid_flags = LS_GRID_FULL;

/* Make m->grid the kind --compact-grid asks for, from m->plain. */
static void set_grid_kind(bench_map *m)
{
    if (grid_flags == LS_GRID_FULL)
        return;
    ls_grid_destroy(m->grid);
    m->grid = NULL;
    if (ls_grid_create_with(m->width, m->height, grid_flags,
                            &counting_allocator, &m->grid) != LS_OK ||
        ls_grid_load(m->grid, m->plain,
                     (size_t)m->width * (size_t)m->height) != LS_OK)
        bench_die("cannot create the compact grid of %s", m->name);
}

/* Create (or with create == 0 destroy) the state of one algorithm. */
static void runner_state(runner *r, int algo, int create)
{
    int32_t w = r->map->width, h = r->map->height;
    int ok = 1;
    switch (algo) {
    case ALG_LOCKSTAR:
    case ALG_JPS: {
        ls_search **ctx = algo == ALG_JPS ? &r->search_jps : &r->search;
        if (create)
            ok = ls_search_create_with(w, h, context_flags,
                                       &counting_allocator, ctx) == LS_OK;
        else
            ls_search_destroy(*ctx), *ctx = NULL;
        break;
    }
    case ALG_TEXTBOOK:
        if (create)
            ok = (r->textbook = bl_textbook_create(w, h)) != NULL;
        else
            bl_textbook_destroy(r->textbook), r->textbook = NULL;
        break;
    case ALG_LISTSCAN:
        if (create)
            ok = (r->listscan = bl_listscan_create(w, h)) != NULL;
        else
            bl_listscan_destroy(r->listscan), r->listscan = NULL;
        break;
    case ALG_DIJKSTRA:
        if (create)
            ok = (r->dijkstra = bl_dijkstra_create(w, h)) != NULL;
        else
            bl_dijkstra_destroy(r->dijkstra), r->dijkstra = NULL;
        break;
    case ALG_BFS:
        if (create)
            ok = (r->bfs = bl_bfs_create(w, h)) != NULL;
        else
            bl_bfs_destroy(r->bfs), r->bfs = NULL;
        break;
    case ALG_DFS:
        if (create)
            ok = (r->dfs = bl_dfs_create(w, h)) != NULL;
        else
            bl_dfs_destroy(r->dfs), r->dfs = NULL;
        break;
    default:
        break;
    }
    if (!ok)
        bench_die("cannot create the %s state for %s", bench_algos[algo].name,
            r->map->name);
}

static uint32_t state_bytes_per_cell(int algo)
{
    switch (algo) {
    case ALG_LOCKSTAR:
    case ALG_JPS: return ls_search_bytes_per_cell(context_flags);
    case ALG_TEXTBOOK: return bl_textbook_bytes_per_cell();
    case ALG_LISTSCAN: return bl_listscan_bytes_per_cell();
    case ALG_DIJKSTRA: return bl_dijkstra_bytes_per_cell();
    case ALG_BFS: return bl_bfs_bytes_per_cell();
    default: return bl_dfs_bytes_per_cell();
    }
}

/* Allocation calls so far by lockstar (through the hook) or the baselines. */
static uint64_t alloc_calls(int algo)
{
    return algo == ALG_LOCKSTAR || algo == ALG_JPS ? lockstar_allocs.calls
                                                   : bl_alloc_count();
}

static bl_result run_lockstar(runner *r, ls_search *search, int32_t algorithm,
                              const bl_query *q)
{
    bl_result out = { -1, 0, 0 };
    ls_result res;
    ls_status st;
    size_t cap = (size_t)r->map->width * (size_t)r->map->height;

    r->query.start_x = q->sx;
    r->query.start_y = q->sy;
    r->query.goal_x = q->gx;
    r->query.goal_y = q->gy;
    r->query.algorithm = algorithm;
    st = ls_find_path(search, r->map->grid, &r->query, r->points,
                      (uint32_t)cap, &res);
    if (st != LS_OK && st != LS_NO_PATH)
        bench_die("ls_find_path failed: %s (map %s)", ls_status_string(st),
            r->map->name);
    out.expansions = res.expansions;
    if (st == LS_OK) {
        out.cost = res.cost;
        out.path_length = res.path_length;
    }
    return out;
}

/* Run one query with one algorithm. The path is left in r->points
 * (lockstar) or r->path (baselines). */
static bl_result run_one(runner *r, int algo, const bl_query *q)
{
    switch (algo) {
    case ALG_LOCKSTAR: return run_lockstar(r, r->search, LS_ALGO_ASTAR, q);
#if HAVE_JPS
    case ALG_JPS: return run_lockstar(r, r->search_jps, LS_ALGO_JPS, q);
#endif
    case ALG_TEXTBOOK: return bl_textbook_find(r->textbook, &r->grid, q, r->path);
    case ALG_LISTSCAN: return bl_listscan_find(r->listscan, &r->grid, q, r->path);
    case ALG_DIJKSTRA: return bl_dijkstra_find(r->dijkstra, &r->grid, q, r->path);
    case ALG_BFS: return bl_bfs_find(r->bfs, &r->grid, q, r->path);
    case ALG_DFS: return bl_dfs_find(r->dfs, &r->grid, q, r->path);
    default: {
        bl_result none = { -1, 0, 0 };
        return none;
    }
    }
}

/* Check the path just found by algo for query i: it starts and ends at the
 * right cells, every step is a legal move, and its cost is the one
 * reported. */
static void validate_path(runner *r, int algo, uint32_t i, bl_result res)
{
    const bench_map *m = r->map;
    const bl_query *q = &m->queries[i];
    uint32_t k, w = (uint32_t)m->width;

    if (res.cost < 0)
        return;
    if (algo == ALG_LOCKSTAR || algo == ALG_JPS)
        for (k = 0; k < res.path_length; k++)
            r->path[k] = (uint32_t)r->points[k].y * w + (uint32_t)r->points[k].x;
    if (res.path_length == 0 ||
        r->path[0] != (uint32_t)q->sy * w + (uint32_t)q->sx ||
        r->path[res.path_length - 1] != (uint32_t)q->gy * w + (uint32_t)q->gx)
        fail_query(m, i, bench_algos[algo].name, "path does not join start and goal");
    for (k = 1; k < res.path_length; k++) {
        int32_t x = (int32_t)(r->path[k - 1] % w), y = (int32_t)(r->path[k - 1] / w);
        int32_t nx = (int32_t)(r->path[k] % w), ny = (int32_t)(r->path[k] / w);
        int d, legal = 0;
        for (d = 0; d < 8; d++)
            if (x + bl_dx[d] == nx && y + bl_dy[d] == ny)
                legal = bl_can_step(&r->grid, x, y, d);
        if (!legal)
            fail_query(m, i, bench_algos[algo].name, "path makes an illegal step");
    }
    if (bl_path_cost(&r->grid, r->path, res.path_length) != res.cost)
        fail_query(m, i, bench_algos[algo].name, "path cost differs from reported cost");
}

/* For --only: all queries, one algorithm, nothing else; callgrind's
 * --toggle-collect=run_only_queries counts exactly this. */
#if defined(__GNUC__)
#define BENCH_NOINLINE __attribute__((noinline))
#else
#define BENCH_NOINLINE
#endif
BENCH_NOINLINE uint64_t run_only_queries(runner *r, int algo, uint32_t used);
BENCH_NOINLINE uint64_t run_only_queries(runner *r, int algo, uint32_t used)
{
    uint64_t expansions = 0;
    uint32_t i, n = r->map->count;
    for (i = 0; i < n; i++)
        if (query_used(used, n, i))
            expansions += run_one(r, algo, &r->map->queries[i]).expansions;
    return expansions;
}

/* ------------------------------------------------------------ statistics */

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Median of n values (sorts a copy in tmp). */
static double median_u64(const uint64_t *v, uint32_t n, uint64_t *tmp)
{
    if (n == 0)
        return 0.0;
    memcpy(tmp, v, n * sizeof *v);
    qsort(tmp, n, sizeof *tmp, cmp_u64);
    if (n % 2)
        return (double)tmp[n / 2];
    return ((double)tmp[n / 2 - 1] + (double)tmp[n / 2]) / 2.0;
}

/* ------------------------------------------------------------ map input */

static void map_from_grid(bench_map *m)
{
    int32_t x, y;
    m->plain = malloc((size_t)m->width * (size_t)m->height);
    if (!m->plain)
        bench_die("out of memory for %s", m->name);
    for (y = 0; y < m->height; y++)
        for (x = 0; x < m->width; x++) {
            uint8_t c = 0;
            ls_grid_get(m->grid, x, y, &c);
            if (c > 1)
                bench_die("%s: terrain costs above 1 are not supported by the "
                    "baselines", m->name);
            m->plain[(size_t)y * (size_t)m->width + (size_t)x] = c;
        }
}

static void load_scen_map(bench_map *m, const char *map_path,
                          const char *scen_path, uint32_t max_queries)
{
    mai_error err;
    mai_scen scen;
    const char *base = strrchr(map_path, '/');
    uint32_t i, k;
    char *dot;

    memset(m, 0, sizeof *m);
    snprintf(m->name, sizeof m->name, "%s", base ? base + 1 : map_path);
    dot = strstr(m->name, ".map");
    if (dot)
        *dot = '\0';
    if (mai_grid_load(map_path, 1, LS_GRID_FULL, &m->grid, NULL, &err) != 0)
        bench_die("%s", err.message);
    ls_grid_size(m->grid, &m->width, &m->height);
    if (mai_scen_load(scen_path, m->width, m->height, &scen, &err) != 0)
        bench_die("%s", err.message);
    m->scen_count = scen.count;
    m->count = max_queries && scen.count > max_queries ? max_queries : scen.count;
    m->queries = malloc((m->count ? m->count : 1) * sizeof *m->queries);
    if (!m->queries)
        bench_die("out of memory for %s", m->name);
    for (i = 0, k = 0; i < scen.count; i++) {
        if (!query_used(m->count, scen.count, i))
            continue;
        m->queries[k].sx = scen.queries[i].sx;
        m->queries[k].sy = scen.queries[i].sy;
        m->queries[k].gx = scen.queries[i].gx;
        m->queries[k].gy = scen.queries[i].gy;
        k++;
    }
    mai_scen_free(&scen);
    map_from_grid(m);
    set_grid_kind(m);
}

static void make_generated_map(bench_map *m, int32_t size, const config *cfg)
{
    memset(m, 0, sizeof *m);
    snprintf(m->name, sizeof m->name, "gen%d-%u", (int)size,
             (unsigned)cfg->gen_percent);
    m->width = m->height = size;
    if (bench_mapgen(size, cfg->gen_percent, bench_mapgen_seed(size),
                     cfg->gen_queries, &m->plain, &m->queries) != 0)
        bench_die("cannot generate the %s map", m->name);
    m->count = m->scen_count = cfg->gen_queries;
    if (ls_grid_create(size, size, &counting_allocator, &m->grid) != LS_OK ||
        ls_grid_load(m->grid, m->plain, (size_t)size * (size_t)size) != LS_OK)
        bench_die("cannot create the grid of %s", m->name);
    set_grid_kind(m);
}

static void free_map(bench_map *m)
{
    ls_grid_destroy(m->grid);
    free(m->plain);
    free(m->queries);
}

/* --------------------------------------------------------------- one map */

/* How many of the map's queries algo runs (0 = skipped). */
static uint32_t query_count(const config *cfg, const bench_map *m, int algo)
{
    if (!cfg->enabled[algo])
        return 0;
    if (algo == ALG_LISTSCAN) {
        if ((uint64_t)m->width * (uint64_t)m->height > cfg->listscan_max_cells)
            return 0;
        return m->count < cfg->listscan_queries ? m->count : cfg->listscan_queries;
    }
    return m->count;
}

/* The optimal algorithm whose costs the others are checked against. */
static int reference_algo(const config *cfg)
{
    static const int order[] = { ALG_LOCKSTAR, ALG_JPS, ALG_TEXTBOOK,
                                 ALG_DIJKSTRA, ALG_LISTSCAN };
    size_t k;
    for (k = 0; k < sizeof order / sizeof order[0]; k++)
        if (cfg->enabled[order[k]])
            return order[k];
    return -1;
}

/* Phase 1: each algorithm alone, all its queries, every path validated,
 * every optimal cost compared with the reference. */
static void check_phase(const config *cfg, runner *r, const bench_map *m,
                        const int *order, int nalg, uint8_t **used,
                        bl_result **res, map_summary *sum)
{
    int ref = reference_algo(cfg), a, k;
    uint32_t i, n = m->count;

    for (k = 0; k < nalg; k++) {
        a = order[k];
        bench_reset_peak_rss();
        runner_buffers(r, 1);
        runner_state(r, a, 1);
        for (i = 0; i < n; i++) {
            if (!used[a][i])
                continue;
            res[a][i] = run_one(r, a, &m->queries[i]);
            validate_path(r, a, i, res[a][i]);
        }
        sum->st[a].rss_kib = bench_peak_rss_kib();
        runner_state(r, a, 0);
        runner_buffers(r, 0);
    }
    if (ref < 0)
        return;
    for (i = 0; i < n; i++) {
        const bl_result *opt = &res[ref][i];
        for (a = 0; a < ALG_COUNT; a++) {
            char why[160];
            if (!used[a][i] || a == ref)
                continue;
            if ((res[a][i].cost < 0) != (opt->cost < 0)) {
                snprintf(why, sizeof why, "%s a path, %s %s",
                         res[a][i].cost < 0 ? "finds no" : "finds",
                         bench_algos[ref].name, opt->cost < 0 ? "does not" : "does");
                fail_query(m, i, bench_algos[a].name, why);
            }
            if (bench_algos[a].optimal && res[a][i].cost != opt->cost) {
                snprintf(why, sizeof why, "cost %lld, but %s finds %lld",
                         (long long)res[a][i].cost, bench_algos[ref].name,
                         (long long)opt->cost);
                fail_query(m, i, bench_algos[a].name, why);
            }
            if (a == ALG_BFS && opt->cost >= 0 &&
                res[a][i].path_length > opt->path_length)
                fail_query(m, i, "bfs", "more steps than an optimal path");
        }
    }
}

/* Phase 2: all states alive. The queries are cut into blocks; every
 * algorithm runs a block (in an order that rotates from block to block and
 * pass to pass) before the next block starts. samples[a] gets, per query,
 * repeat times in nanoseconds. */
static void timing_phase(const config *cfg, runner *r, const bench_map *m,
                         const int *order, int nalg, uint8_t **used,
                         bl_result **res, uint64_t **samples,
                         uint64_t *allocs, long *huge_kib)
{
    uint32_t n = m->count, repeat = cfg->repeat, block = cfg->block;
    uint32_t b, first, i, blockno = 0;
    int k;

    runner_buffers(r, 1);
    for (k = 0; k < nalg; k++)
        runner_state(r, order[k], 1);
    /* Warm-up, untimed: the first block once per algorithm, so that no
     * timed query pays for first touching freshly allocated pages. */
    for (k = 0; k < nalg; k++)
        for (i = 0; i < n && i < block; i++)
            if (used[order[k]][i])
                run_one(r, order[k], &m->queries[i]);
    for (b = 0; b < repeat; b++) {
        for (first = 0; first < n; first += block, blockno++) {
            uint32_t last = n - first < block ? n : first + block;
            for (k = 0; k < nalg; k++) {
                int a = order[(blockno + (uint32_t)k) % (uint32_t)nalg];
                for (i = first; i < last; i++) {
                    uint64_t t0, t1, c0;
                    bl_result got;
                    if (!used[a][i])
                        continue;
                    c0 = alloc_calls(a);
                    t0 = bench_now_ns();
                    got = run_one(r, a, &m->queries[i]);
                    t1 = bench_now_ns();
                    allocs[a] += alloc_calls(a) - c0;
                    if (got.cost != res[a][i].cost ||
                        got.expansions != res[a][i].expansions ||
                        got.path_length != res[a][i].path_length)
                        fail_query(m, i, bench_algos[a].name,
                                   "a repeated run gave a different result");
                    samples[a][(size_t)i * repeat + b] = t1 - t0;
                }
            }
        }
    }
    *huge_kib = bench_anon_huge_kib();
    for (k = 0; k < nalg; k++)
        runner_state(r, order[k], 0);
    runner_buffers(r, 0);
}

static void compute_stats(const config *cfg, const bench_map *m, int a,
                          uint8_t **used, bl_result **res, uint64_t **times,
                          uint64_t allocs, algo_stats *s)
{
    int ref = reference_algo(cfg), have_ls = cfg->enabled[ALG_LOCKSTAR];
    uint32_t i, n = m->count, q = 0;
    uint64_t total_ns = 0, total_exp = 0, cells = 0, found = 0, ls_ns = 0;
    int64_t cost = 0, opt_cost = 0;
    uint64_t *mine = malloc(((size_t)n + 1) * sizeof *mine);
    uint64_t *theirs = malloc(((size_t)n + 1) * sizeof *theirs);
    uint64_t *tmp = malloc(((size_t)n + 1) * sizeof *tmp);

    if (!mine || !theirs || !tmp)
        bench_die("out of memory");
    for (i = 0; i < n; i++) {
        if (!used[a][i])
            continue;
        mine[q] = times[a][i];
        theirs[q] = have_ls ? times[ALG_LOCKSTAR][i] : 0;
        q++;
        total_ns += times[a][i];
        ls_ns += have_ls ? times[ALG_LOCKSTAR][i] : 0;
        total_exp += res[a][i].expansions;
        if (res[a][i].cost >= 0) {
            found++;
            cells += res[a][i].path_length;
            cost += res[a][i].cost;
            opt_cost += ref >= 0 ? res[ref][i].cost : 0;
        }
    }
    s->ran = 1;
    s->queries = q;
    s->median_ns = median_u64(mine, q, tmp);
    s->mean_ns = (double)total_ns / q;
    s->expansions = (double)total_exp / q;
    s->mexp_per_s = total_ns ? (double)total_exp * 1e3 / (double)total_ns : 0;
    s->ns_per_exp = total_exp ? (double)total_ns / (double)total_exp : 0;
    s->path_cells = found ? (double)cells / (double)found : 0;
    s->cost_ratio = opt_cost ? (double)cost / (double)opt_cost : 0;
    s->bytes_per_cell = state_bytes_per_cell(a);
    s->allocs_per_query = (double)allocs / ((double)q * cfg->repeat);
    if (have_ls) {
        double lm = median_u64(theirs, q, tmp);
        s->ratio_median = lm > 0 ? s->median_ns / lm : 0;
        s->ratio_mean = ls_ns ? (double)total_ns / (double)ls_ns : 0;
    }
    free(mine);
    free(theirs);
    free(tmp);
}

static void run_map(const config *cfg, bench_map *m, map_summary *sum)
{
    runner r;
    uint32_t n = m->count, i;
    int a, k, order[ALG_COUNT], nalg = 0;
    uint8_t *used[ALG_COUNT];
    bl_result *res[ALG_COUNT];
    uint64_t *samples[ALG_COUNT], *times[ALG_COUNT], allocs[ALG_COUNT];
    uint64_t *tmp = malloc(((size_t)cfg->repeat + 1) * sizeof *tmp);
    uint64_t wall0, cpu0;

    memset(sum, 0, sizeof *sum);
    snprintf(sum->name, sizeof sum->name, "%s", m->name);
    sum->width = m->width;
    sum->height = m->height;
    sum->queries = n;
    runner_init(&r, m);
    for (a = 0; a < ALG_COUNT; a++) {
        uint32_t qn = query_count(cfg, m, a);
        used[a] = calloc((size_t)n + 1, 1);
        res[a] = calloc((size_t)n + 1, sizeof *res[a]);
        times[a] = calloc((size_t)n + 1, sizeof *times[a]);
        samples[a] = calloc((size_t)n * cfg->repeat + 1, sizeof *samples[a]);
        if (!used[a] || !res[a] || !times[a] || !samples[a] || !tmp)
            bench_die("out of memory");
        for (i = 0; i < n; i++)
            used[a][i] = qn > 0 && query_used(qn, n, i);
        allocs[a] = 0;
        if (qn > 0)
            order[nalg++] = a;
    }

    check_phase(cfg, &r, m, order, nalg, used, res, sum);
    bench_reset_peak_rss();
    wall0 = bench_wall_ns();
    cpu0 = bench_cpu_ns();
    timing_phase(cfg, &r, m, order, nalg, used, res, samples, allocs,
                 &sum->huge_kib);
    sum->timing_wall_ns = bench_wall_ns() - wall0;
    sum->timing_cpu_ns = bench_cpu_ns() - cpu0;
    sum->rss_all_kib = bench_peak_rss_kib();

    for (k = 0; k < nalg; k++) {
        a = order[k];
        for (i = 0; i < n; i++)
            if (used[a][i])
                times[a][i] = (uint64_t)(median_u64(&samples[a][(size_t)i * cfg->repeat],
                                                    cfg->repeat, tmp) + 0.5);
    }
    for (k = 0; k < nalg; k++)
        compute_stats(cfg, m, order[k], used, res, times, allocs[order[k]],
                      &sum->st[order[k]]);
    for (a = 0; a < ALG_COUNT; a++) {
        free(used[a]);
        free(res[a]);
        free(times[a]);
        free(samples[a]);
    }
    free(tmp);
}

int main(int argc, char **argv)
{
    config cfg;
    const char *files[64];
    uint32_t nfiles, nmaps, k;
    map_summary *sums;

    nfiles = bench_parse_args(argc, argv, &cfg, files,
                              sizeof files / sizeof files[0]);
    context_flags = cfg.context_flags;
    grid_flags = cfg.grid_flags;
    if (cfg.gen_count && cfg.max_queries && cfg.max_queries < cfg.gen_queries)
        cfg.gen_queries = cfg.max_queries;
    nmaps = cfg.gen_count ? cfg.gen_count : nfiles / 2;

    if (cfg.batch_count > 0) {
        printf("| map | queries | threads | median ms per batch | speed-up | "
               "results |\n|---|---:|---:|---:|---:|---|\n");
        for (k = 0; k < nmaps; k++) {
            bench_map m;
            if (cfg.gen_count)
                make_generated_map(&m, cfg.gen_sizes[k], &cfg);
            else
                load_scen_map(&m, files[2 * k], files[2 * k + 1],
                              cfg.max_queries);
            bench_run_batches(&cfg, &m);
            free_map(&m);
        }
        return 0;
    }

    if (cfg.flow) {
        printf("| map | size | field cells | field ms | field M cells/s | "
               "Dijkstra expansions | Dijkstra ms | Dijkstra M exp/s | "
               "Dijkstra / field | update ms | update expansions | "
               "field digest |\n"
               "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (k = 0; k < nmaps; k++) {
            bench_map m;
            if (cfg.gen_count)
                make_generated_map(&m, cfg.gen_sizes[k], &cfg);
            else
                load_scen_map(&m, files[2 * k], files[2 * k + 1],
                              cfg.max_queries);
            bench_run_flow(&cfg, &m);
            free_map(&m);
        }
        return 0;
    }

    if (cfg.only >= 0) {
        for (k = 0; k < nmaps; k++) {
            bench_map m;
            runner r;
            uint32_t n;
            uint64_t exp, t0, t1;
            if (cfg.gen_count)
                make_generated_map(&m, cfg.gen_sizes[k], &cfg);
            else
                load_scen_map(&m, files[2 * k], files[2 * k + 1], cfg.max_queries);
            cfg.enabled[cfg.only] = 1;
            n = query_count(&cfg, &m, cfg.only);
            runner_init(&r, &m);
            runner_buffers(&r, 1);
            runner_state(&r, cfg.only, 1);
            t0 = bench_now_ns();
            exp = run_only_queries(&r, cfg.only, n);
            t1 = bench_now_ns();
            printf("only %s on %s: %u queries, %llu expansions, %.1f ms\n",
                   bench_algos[cfg.only].name, m.name, (unsigned)n,
                   (unsigned long long)exp, (double)(t1 - t0) / 1e6);
            runner_state(&r, cfg.only, 0);
            runner_buffers(&r, 0);
            free_map(&m);
        }
        return 0;
    }

    sums = calloc(nmaps, sizeof *sums);
    if (!sums)
        bench_die("out of memory");
    printf("lockstar %s, search state %u bytes/cell (bordered cells, %s "
           "context). Moves: 8-connected, no corner cutting, costs 10/14.\n\n",
           ls_version(), (unsigned)ls_search_bytes_per_cell(context_flags),
           context_flags == LS_SEARCH_COMPACT ? "compact" : "full");
    printf("Query times: %s.%s\n\n", cfg.cpu_clock
           ? "thread CPU time (CLOCK_THREAD_CPUTIME_ID)"
           : "wall time (CLOCK_MONOTONIC)",
           cfg.huge_pages ? " Search states of 2 MiB and more on transparent "
                            "huge pages (--huge-pages)." : "");
    if (!bench_reset_peak_rss())
        printf("(The peak RSS counter cannot be reset here: each peak RSS "
               "figure includes everything run before it.)\n\n");
    for (k = 0; k < nmaps; k++) {
        bench_map m;
        if (cfg.gen_count)
            make_generated_map(&m, cfg.gen_sizes[k], &cfg);
        else
            load_scen_map(&m, files[2 * k], files[2 * k + 1], cfg.max_queries);
        run_map(&cfg, &m, &sums[k]);
        bench_print_map_table(&cfg, &m, &sums[k]);
        fflush(stdout);
        free_map(&m);
    }
    bench_print_summary(&cfg, sums, nmaps, cfg.gen_count != 0);
    free(sums);
    return 0;
}
