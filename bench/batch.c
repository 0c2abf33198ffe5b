/* SPDX-License-Identifier: MIT */
/*
 * batch.c - lockstar-bench --batch N1,N2,...: every query of each map
 * solved by ls_batch_run with each thread count, and every status, result
 * and path compared byte for byte with the first thread count's (a
 * mismatch aborts).
 *
 * Timing on a shared machine: the thread counts take turns, run r of
 * every count before run r + 1 of any (--repeat rounds), so a slow spell
 * of the machine hits all of them alike instead of one count's whole
 * series. The table gives each count's median time, and its speed-up as
 * the median over the rounds of (first count's time / this count's time)
 * in the same round.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include "timer.h"

/* Points kept per query: room for paths crossing the map a couple of
 * times; a longer one is LS_ERR_BUFFER_TOO_SMALL for every thread count
 * alike (its search is done all the same). */
static uint32_t path_room(const bench_map *m)
{
    return 4u * ((uint32_t)m->width + (uint32_t)m->height);
}

static int by_value(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* One run's outputs: what the next thread count must reproduce. */
typedef struct batch_out {
    ls_point *points;
    ls_status *statuses;
    ls_result *results;
} batch_out;

static void out_alloc(batch_out *o, uint32_t count, uint32_t room)
{
    o->points = calloc((size_t)count * room, sizeof *o->points);
    o->statuses = calloc(count, sizeof *o->statuses);
    o->results = calloc(count, sizeof *o->results);
    if (!o->points || !o->statuses || !o->results)
        bench_die("--batch: out of memory");
}

static void out_free(batch_out *o)
{
    free(o->points);
    free(o->statuses);
    free(o->results);
}

static int out_equal(const batch_out *a, const batch_out *b, uint32_t count,
                     uint32_t room)
{
    return memcmp(a->statuses, b->statuses, count * sizeof *a->statuses) == 0 &&
           memcmp(a->results, b->results, count * sizeof *a->results) == 0 &&
           memcmp(a->points, b->points,
                  (size_t)count * room * sizeof *a->points) == 0;
}

static int by_ratio(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* One timed run of batch; the outputs go to out. */
static uint64_t time_run(ls_batch *batch, const bench_map *m,
                         const ls_query *queries, batch_out *out)
{
    uint64_t t0 = bench_now_ns();
    ls_status st = ls_batch_run(batch, m->grid, queries, m->count,
                                out->points, path_room(m), out->statuses,
                                out->results);
    uint64_t t = bench_now_ns() - t0;
    if (st != LS_OK)
        bench_die("--batch: ls_batch_run: %s", ls_status_string(st));
    return t;
}

void bench_run_batches(const config *cfg, const bench_map *m)
{
    const uint32_t room = path_room(m);
    const uint32_t runs = cfg->repeat < 1 ? 1 : cfg->repeat < 64 ? cfg->repeat : 64;
    ls_query *queries = calloc(m->count ? m->count : 1, sizeof *queries);
    ls_batch *batches[8] = { NULL };
    uint64_t times[8][64];
    double ratios[64];
    batch_out first, other;
    uint32_t i, k, r;

    if (!queries)
        bench_die("--batch: out of memory");
    for (i = 0; i < m->count; i++) {
        ls_query_init(&queries[i]);
        queries[i].start_x = m->queries[i].sx;
        queries[i].start_y = m->queries[i].sy;
        queries[i].goal_x = m->queries[i].gx;
        queries[i].goal_y = m->queries[i].gy;
    }
    out_alloc(&first, m->count, room);
    out_alloc(&other, m->count, room);
    for (k = 0; k < cfg->batch_count; k++) {
        ls_status st = ls_batch_create(m->width, m->height, cfg->context_flags,
                                       cfg->batch_threads[k], NULL,
                                       &batches[k]);
        if (st != LS_OK)
            bench_die("--batch: ls_batch_create(%u threads): %s",
                      (unsigned)cfg->batch_threads[k], ls_status_string(st));
    }
    for (r = 0; r < runs; r++)
        for (k = 0; k < cfg->batch_count; k++) {
            batch_out *out = k == 0 ? &first : &other;
            times[k][r] = time_run(batches[k], m, queries, out);
            if (k > 0 && !out_equal(&first, &other, m->count, room))
                bench_die("--batch: %s: %u threads differ from %u", m->name,
                          (unsigned)cfg->batch_threads[k],
                          (unsigned)cfg->batch_threads[0]);
        }
    for (k = 0; k < cfg->batch_count; k++) {
        uint64_t sorted[64];
        for (r = 0; r < runs; r++) {
            sorted[r] = times[k][r];
            ratios[r] = times[k][r] ? (double)times[0][r] / (double)times[k][r]
                                    : 0.0;
        }
        qsort(sorted, runs, sizeof sorted[0], by_value);
        qsort(ratios, runs, sizeof ratios[0], by_ratio);
        printf("| %s | %u | %u | %.1f | %.2f× | %s |\n", m->name,
               (unsigned)m->count, (unsigned)cfg->batch_threads[k],
               (double)sorted[runs / 2] / 1e6, k == 0 ? 1.0 : ratios[runs / 2],
               k == 0 ? "reference" : "identical");
        ls_batch_destroy(batches[k]);
    }
    fflush(stdout);
    out_free(&first);
    out_free(&other);
    free(queries);
}
