/* SPDX-License-Identifier: MIT */
/*
 * suite_batch.c - ls_batch: every thread count gives, byte for byte, what
 * ls_find_path gives for each query (A*, JPS, weights, terrain, limits,
 * refused queries, short buffers); ls_batch_run_keep runs every query
 * once, a prefix per run, and its kept paths are ls_find_path's; batches
 * are reused; a run never allocates; every allocation failure of creation and a refused thread
 * leave nothing behind; argument errors touch nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "../src/batch.h" /* ls__batch_create_failing, LS_THREADS_NONE */
#include "test_util.h"
#include "suites.h"

#define W 40
#define H 32
#define QUERIES 300
#define CAP (W * H)

static const uint32_t thread_counts[] = { 1, 2, 3, 8, 64 };
#define THREAD_COUNTS (sizeof thread_counts / sizeof thread_counts[0])

/* What ls_find_path gives, query by query, and what a batch gave. */
typedef struct expected {
    ls_status status[QUERIES];
    ls_result result[QUERIES];
    ls_point *points;  /* QUERIES * CAP */
} expected;

static ls_query queries[QUERIES];
static expected want, got;

/* A random query over grid: mostly valid, some refused (blocked or
 * outside cells, JPS where it cannot run, weights in a compact context). */
static void random_query(ls_rng *rng, const ls_grid *grid, ls_query *q)
{
    static const uint32_t costs[][2] = { { 10, 14 }, { 1, 1 }, { 3, 4 },
                                         { 5, 10 } };
    int32_t w, h;
    uint32_t c = ls_rng_below(rng, 4);
    ls_grid_size(grid, &w, &h);
    ls_query_init(q);
    tu_random_open_cell(rng, grid, &q->start_x, &q->start_y);
    tu_random_open_cell(rng, grid, &q->goal_x, &q->goal_y);
    if (ls_rng_below(rng, 15) == 0) { /* any cell, maybe blocked */
        q->goal_x = (int32_t)ls_rng_below(rng, (uint32_t)w);
        q->goal_y = (int32_t)ls_rng_below(rng, (uint32_t)h);
    }
    if (ls_rng_below(rng, 40) == 0)
        q->start_x = w + (int32_t)ls_rng_below(rng, 3);
    if (ls_rng_below(rng, 3) == 0) {
        q->algorithm = LS_ALGO_JPS;
        if (ls_rng_below(rng, 6) == 0)
            q->connectivity = LS_CONNECT_4; /* refused: LS_ERR_UNSUPPORTED */
    } else {
        q->connectivity = ls_rng_below(rng, 3) ? LS_CONNECT_8 : LS_CONNECT_4;
        q->corner_rule = (int32_t)ls_rng_below(rng, 3);
        q->heuristic = (int32_t)ls_rng_below(rng, 5);
        q->tie_break = (int32_t)ls_rng_below(rng, 2);
        if (ls_rng_below(rng, 4) == 0)
            q->weight = (fix16_t)(0x10000 + ls_rng_below(rng, 0x40000));
    }
    if (ls_rng_below(rng, 3) == 0) {
        q->straight_cost = costs[c][0];
        q->diagonal_cost = costs[c][1];
    }
    if (ls_rng_below(rng, 6) == 0)
        q->max_expansions = 1 + ls_rng_below(rng, 60);
}

/* ls_find_path on a fresh context of kind flags, query by query, into
 * *e, with capacity points per query. Refused queries get the result a
 * batch documents. */
static void expect_find_path(const ls_grid *grid, uint32_t flags,
                             uint32_t count, uint32_t capacity, expected *e)
{
    ls_search *s = NULL;
    uint32_t i;
    int32_t w, h;
    ls_grid_size(grid, &w, &h);
    CU_ASSERT_EQUAL_FATAL(ls_search_create_with(w, h, flags, NULL, &s), LS_OK);
    memset(e->points, 0, sizeof(ls_point) * (size_t)QUERIES * CAP);
    for (i = 0; i < count; i++) {
        ls_result *r = &e->result[i];
        r->status = 0;
        r->cost = -1;
        r->expansions = 0;
        r->path_length = 0;
        r->digest = 0xcbf29ce484222325ull;
        e->status[i] = ls_find_path(s, grid, &queries[i],
                                    capacity ? e->points + (size_t)i * capacity
                                             : NULL,
                                    capacity, r);
        if (e->status[i] < 0 && e->status[i] != LS_ERR_BUFFER_TOO_SMALL)
            r->status = e->status[i];
    }
    ls_search_destroy(s);
}

/* Byte-identical statuses, results and paths; returns the number of
 * queries that differ (each reported once). */
static uint32_t compare(uint32_t count, uint32_t capacity, uint32_t threads,
                        uint32_t *found, uint32_t *refused)
{
    uint32_t i, differ = 0;
    for (i = 0; i < count; i++) {
        const ls_result *a = &want.result[i], *b = &got.result[i];
        int same = want.status[i] == got.status[i] &&
                   a->status == b->status && a->cost == b->cost &&
                   a->expansions == b->expansions &&
                   a->path_length == b->path_length && a->digest == b->digest;
        if (same && want.status[i] == LS_OK)
            same = memcmp(want.points + (size_t)i * capacity,
                          got.points + (size_t)i * capacity,
                          sizeof(ls_point) * a->path_length) == 0;
        if (want.status[i] == LS_OK)
            (*found)++;
        if (want.status[i] < 0)
            (*refused)++;
        if (!same) {
            if (differ == 0)
                fprintf(stderr, "    batch of %u threads: query %u differs "
                        "(status %d vs %d, cost %d vs %d)\n",
                        (unsigned)threads, (unsigned)i, (int)want.status[i],
                        (int)got.status[i], (int)a->cost, (int)b->cost);
            differ++;
        }
    }
    return differ;
}

/* Run the batch and compare with want; outputs are scribbled over first,
 * so every slot must be written by the run itself. */
static void run_and_compare(ls_batch *b, const ls_grid *grid, uint32_t count,
                            uint32_t capacity, uint32_t *found,
                            uint32_t *refused)
{
    memset(got.status, 0x5A, sizeof got.status);
    memset(got.result, 0xA5, sizeof got.result);
    memset(got.points, 0xC3, sizeof(ls_point) * (size_t)QUERIES * CAP);
    CU_ASSERT_EQUAL_FATAL(ls_batch_run(b, grid, queries, count, got.points,
                                       capacity, got.status, got.result),
                          LS_OK);
    CU_ASSERT_EQUAL(compare(count, capacity, ls_batch_threads(b), found,
                            refused), 0);
}

/* ls_batch_run_keep over queries[0..count) with capacity points a slot,
 * resumed after each run until every query ran, against want (found with
 * capacity) and, for each kept path, full (found with CAP). Each query
 * runs exactly once: the runs' prefixes add up to count. Returns the
 * number of runs; *kept counts the kept paths. */
static uint32_t keep_and_compare(ls_batch *b, const ls_grid *grid,
                                 uint32_t count, uint32_t capacity,
                                 const expected *full, uint32_t *kept)
{
    uint32_t done = 0, runs = 0, found = 0, refused = 0;
    ls_point *path = malloc(sizeof(ls_point) * CAP);
    CU_ASSERT_PTR_NOT_NULL_FATAL(path);
    memset(got.status, 0x5A, sizeof got.status);
    memset(got.result, 0xA5, sizeof got.result);
    memset(got.points, 0xC3, sizeof(ls_point) * (size_t)QUERIES * CAP);
    while (done < count) {
        uint32_t ran = UINT32_MAX, j, length;
        CU_ASSERT_EQUAL_FATAL(ls_batch_run_keep(b, grid, queries + done,
                                                count - done,
                                                got.points +
                                                    (size_t)done * capacity,
                                                capacity, got.status + done,
                                                got.result + done, &ran),
                              LS_OK);
        CU_ASSERT_FATAL(ran >= 1 && ran <= count - done);
        for (j = 0; j < ran; j++) {
            uint32_t i = done + j;
            ls_status st = ls_batch_kept_path(b, j, path, CAP, &length);
            if (got.status[i] != LS_ERR_BUFFER_TOO_SMALL) {
                CU_ASSERT_EQUAL(st, LS_ERR_NO_QUERY);
                continue;
            }
            /* One thread stops at its first kept path. */
            if (ls_batch_threads(b) == 1)
                CU_ASSERT_EQUAL(j, ran - 1);
            (*kept)++;
            CU_ASSERT_EQUAL(st, LS_OK);
            CU_ASSERT_EQUAL(length, got.result[i].path_length);
            CU_ASSERT_EQUAL(full->status[i], LS_OK);
            CU_ASSERT(memcmp(path, full->points + (size_t)i * CAP,
                             sizeof(ls_point) * length) == 0);
            /* Too little room: the needed length, nothing written. */
            length = 0;
            path[0].x = -7;
            CU_ASSERT_EQUAL(ls_batch_kept_path(b, j, path, 1, &length),
                            length > 1 ? LS_ERR_BUFFER_TOO_SMALL : LS_OK);
            CU_ASSERT_EQUAL(length, got.result[i].path_length);
        }
        /* The queries after the prefix are untouched. */
        if (done + ran < count)
            CU_ASSERT_EQUAL(got.status[done + ran], 0x5A5A5A5A);
        done += ran;
        runs++;
    }
    CU_ASSERT_EQUAL(compare(count, capacity, ls_batch_threads(b), &found,
                            &refused), 0);
    free(path);
    return runs;
}

static int alloc_points(void)
{
    want.points = malloc(sizeof(ls_point) * (size_t)QUERIES * CAP);
    got.points = malloc(sizeof(ls_point) * (size_t)QUERIES * CAP);
    return want.points && got.points;
}

static void free_points(void)
{
    free(want.points);
    free(got.points);
    want.points = got.points = NULL;
}

static void test_every_thread_count_matches_find_path(void)
{
    /* Uniform grids (JPS runs), a terrain grid (JPS refused), an open one. */
    static const uint32_t blocked[] = { 25, 10, 35, 0 };
    static const uint32_t terrain[] = { 0, 30, 0, 0 };
    ls_batch *batches[THREAD_COUNTS];
    uint32_t g, t, round, found = 0, refused = 0, short_buffers = 0;
    /* Every query is drawn (the same grids on every target); fewer run
     * under an emulator (tu_trials). */
    const uint32_t n = tu_trials(QUERIES);
    ls_rng rng;

    CU_ASSERT_FATAL(alloc_points());
    for (t = 0; t < THREAD_COUNTS; t++)
        CU_ASSERT_EQUAL_FATAL(ls_batch_create(W, H, LS_SEARCH_FULL,
                                              thread_counts[t], NULL,
                                              &batches[t]), LS_OK);
    ls_rng_seed(&rng, 0xBA7C4u);
    for (g = 0; g < sizeof blocked / sizeof blocked[0]; g++) {
        ls_grid *grid = tu_random_grid(&rng, W, H, blocked[g], terrain[g], 9);
        uint32_t i;
        CU_ASSERT_PTR_NOT_NULL_FATAL(grid);
        for (i = 0; i < QUERIES; i++)
            random_query(&rng, grid, &queries[i]);
        /* Full paths, then buffers of 8 points (long paths: too small). */
        expect_find_path(grid, LS_SEARCH_FULL, n, CAP, &want);
        for (round = 0; round < 2; round++)
            for (t = 0; t < THREAD_COUNTS; t++)
                run_and_compare(batches[t], grid, n, CAP, &found, &refused);
        expect_find_path(grid, LS_SEARCH_FULL, n, 8, &want);
        for (i = 0; i < n; i++)
            short_buffers += want.status[i] == LS_ERR_BUFFER_TOO_SMALL;
        for (t = 0; t < THREAD_COUNTS; t++)
            run_and_compare(batches[t], grid, n, 8, &found, &refused);
        /* Fewer queries than threads, and a count not a multiple. */
        expect_find_path(grid, LS_SEARCH_FULL, 5, CAP, &want);
        for (t = 0; t < THREAD_COUNTS; t++)
            run_and_compare(batches[t], grid, 5, CAP, &found, &refused);
        ls_grid_destroy(grid);
    }
    for (t = 0; t < THREAD_COUNTS; t++)
        ls_batch_destroy(batches[t]);
    free_points();
    /* The mix held what it promised: paths, refusals, short buffers. */
    CU_ASSERT(found >= tu_trials(1000));
    CU_ASSERT(refused >= tu_trials(100));
    CU_ASSERT(short_buffers >= tu_trials(50));
}

/* Short slots under ls_batch_run_keep: every query once, kept paths
 * equal to ls_find_path's, for every thread count and context kind; a
 * kept path is gone once the next run begins. */
static void test_keep_runs_each_query_once(void)
{
    static const uint32_t kinds[] = { LS_SEARCH_FULL, LS_SEARCH_COMPACT };
    expected *full = malloc(sizeof *full);
    uint32_t k, t, i, g, kept = 0, runs = 0, length;
    const uint32_t n = tu_trials(QUERIES); /* as in the test above */
    ls_rng rng;

    CU_ASSERT_PTR_NOT_NULL_FATAL(full);
    full->points = malloc(sizeof(ls_point) * (size_t)QUERIES * CAP);
    CU_ASSERT_PTR_NOT_NULL_FATAL(full->points);
    CU_ASSERT_FATAL(alloc_points());
    ls_rng_seed(&rng, 0x4EE9u);
    for (g = 0; g < 2; g++) {
        ls_grid *grid = tu_random_grid(&rng, W, H, g ? 35 : 15, 0, 1);
        CU_ASSERT_PTR_NOT_NULL_FATAL(grid);
        for (i = 0; i < QUERIES; i++)
            random_query(&rng, grid, &queries[i]);
        for (k = 0; k < 2; k++) {
            expect_find_path(grid, kinds[k], n, CAP, full);
            expect_find_path(grid, kinds[k], n, 8, &want);
            for (t = 0; t < THREAD_COUNTS; t++) {
                ls_batch *b = NULL;
                CU_ASSERT_EQUAL_FATAL(ls_batch_create(W, H, kinds[k],
                                                      thread_counts[t], NULL,
                                                      &b), LS_OK);
                runs += keep_and_compare(b, grid, n, 8, full, &kept);
                /* Room for every path: one run does it all. */
                memcpy(want.status, full->status, sizeof want.status);
                memcpy(want.result, full->result, sizeof want.result);
                {
                    ls_point *swap = want.points;
                    want.points = full->points;
                    CU_ASSERT_EQUAL(keep_and_compare(b, grid, n, CAP, full,
                                                     &kept), 1);
                    want.points = swap;
                }
                expect_find_path(grid, kinds[k], n, 8, &want);
                ls_batch_destroy(b);
            }
        }
        ls_grid_destroy(grid);
    }
    /* Long paths were kept, and each stopped a one-thread run. */
    CU_ASSERT(kept >= tu_trials(500));
    CU_ASSERT(runs >= tu_trials(100));

    /* The next run of either kind forgets kept paths. */
    {
        ls_batch *b = NULL;
        ls_grid *grid = NULL;
        ls_status st[2];
        ls_result r[2];
        uint32_t ran = 0;
        CU_ASSERT_EQUAL_FATAL(ls_grid_create(8, 8, NULL, &grid), LS_OK);
        CU_ASSERT_EQUAL_FATAL(ls_batch_create(8, 8, LS_SEARCH_FULL, 1, NULL,
                                              &b), LS_OK);
        ls_query_init(&queries[0]);
        queries[0].goal_x = 7;
        CU_ASSERT_EQUAL(ls_batch_run_keep(b, grid, queries, 1, NULL, 0, st, r,
                                          &ran), LS_OK);
        CU_ASSERT_EQUAL(ran, 1);
        CU_ASSERT_EQUAL(st[0], LS_ERR_BUFFER_TOO_SMALL);
        CU_ASSERT_EQUAL(ls_batch_kept_path(b, 0, NULL, 0, &length),
                        LS_ERR_BUFFER_TOO_SMALL);
        CU_ASSERT_EQUAL(length, 8);
        CU_ASSERT_EQUAL(ls_batch_kept_path(b, 1, NULL, 0, &length),
                        LS_ERR_NO_QUERY);
        CU_ASSERT_EQUAL(ls_batch_run(b, grid, queries, 1, NULL, 0, st, r),
                        LS_OK);
        CU_ASSERT_EQUAL(ls_batch_kept_path(b, 0, NULL, 0, &length),
                        LS_ERR_NO_QUERY);
        CU_ASSERT_EQUAL(ls_batch_run_keep(b, grid, queries, 1, NULL, 0, st, r,
                                          &ran), LS_OK);
        CU_ASSERT_EQUAL(ls_batch_kept_path(b, 0, NULL, 0, &length),
                        LS_ERR_BUFFER_TOO_SMALL);
        CU_ASSERT_EQUAL(ls_batch_run_keep(b, grid, queries, 0, NULL, 0, NULL,
                                          NULL, &ran), LS_OK);
        CU_ASSERT_EQUAL(ran, 0);
        CU_ASSERT_EQUAL(ls_batch_kept_path(b, 0, NULL, 0, &length),
                        LS_ERR_NO_QUERY);
        ls_batch_destroy(b);
        ls_grid_destroy(grid);
    }
    free_points();
    free(full->points);
    free(full);
}

/* A compact batch refuses what a compact context refuses, per query. */
static void test_compact_batch_matches_compact_context(void)
{
    ls_batch *b = NULL;
    ls_grid *grid;
    uint32_t i, t, found = 0, refused = 0, needs_full = 0;
    ls_rng rng;

    CU_ASSERT_FATAL(alloc_points());
    ls_rng_seed(&rng, 0xC0FFEEu);
    grid = tu_random_grid(&rng, W, H, 20, 0, 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(grid);
    for (i = 0; i < QUERIES; i++)
        random_query(&rng, grid, &queries[i]);
    expect_find_path(grid, LS_SEARCH_COMPACT, QUERIES, CAP, &want);
    for (i = 0; i < QUERIES; i++)
        needs_full += want.status[i] == LS_ERR_NEEDS_FULL_CONTEXT;
    for (t = 0; t < THREAD_COUNTS; t++) {
        CU_ASSERT_EQUAL_FATAL(ls_batch_create(W, H, LS_SEARCH_COMPACT,
                                              thread_counts[t], NULL, &b),
                              LS_OK);
        run_and_compare(b, grid, QUERIES, CAP, &found, &refused);
        ls_batch_destroy(b);
    }
    ls_grid_destroy(grid);
    free_points();
    CU_ASSERT(needs_full >= 10);
    CU_ASSERT(found >= 500);
}

/* After creation, runs never call the allocator, however many. */
static void test_runs_do_not_allocate(void)
{
    tu_counter c;
    ls_allocator a = tu_counting_allocator(&c);
    ls_batch *b = NULL;
    ls_grid *grid;
    uint64_t allocs, releases;
    uint32_t i, run, found = 0, refused = 0, kept = 0;
    static expected full;
    ls_rng rng;

    CU_ASSERT_FATAL(alloc_points());
    full.points = malloc(sizeof(ls_point) * (size_t)QUERIES * CAP);
    CU_ASSERT_PTR_NOT_NULL_FATAL(full.points);
    ls_rng_seed(&rng, 0x0A110Cu);
    grid = tu_random_grid(&rng, W, H, 20, 0, 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(grid);
    for (i = 0; i < QUERIES; i++)
        random_query(&rng, grid, &queries[i]);
    expect_find_path(grid, LS_SEARCH_FULL, QUERIES, CAP, &want);
    CU_ASSERT_EQUAL_FATAL(ls_batch_create(W, H, LS_SEARCH_FULL, 8, &a, &b),
                          LS_OK);
    /* The batch and one context per worker, all at creation. */
    CU_ASSERT(c.allocs >= 9);
    allocs = c.allocs;
    releases = c.releases;
    for (run = 0; run < 20; run++)
        run_and_compare(b, grid, QUERIES, CAP, &found, &refused);
    /* Keep runs, stopping at short slots, and kept paths read back. */
    expect_find_path(grid, LS_SEARCH_FULL, QUERIES, CAP, &full);
    expect_find_path(grid, LS_SEARCH_FULL, QUERIES, 8, &want);
    CU_ASSERT(keep_and_compare(b, grid, QUERIES, 8, &full, &kept) > 1);
    CU_ASSERT(kept > 0);
    CU_ASSERT_EQUAL(c.allocs, allocs);
    CU_ASSERT_EQUAL(c.releases, releases);
    CU_ASSERT_EQUAL(c.failed, 0);
    ls_batch_destroy(b);
    CU_ASSERT(tu_counter_balanced(&c));
    CU_ASSERT_EQUAL(c.releases, c.allocs);
    ls_grid_destroy(grid);
    free_points();
    free(full.points);
    full.points = NULL;
}

/* Fail the 1st, 2nd, ... allocation of ls_batch_create until it succeeds:
 * each failure is LS_ERR_OUT_OF_MEMORY with *out NULL and every block
 * released; the batch that finally comes out works. */
static void test_every_allocation_failure_is_clean(void)
{
    static const uint32_t threads[] = { 1, 3, 8 };
    uint32_t k;
    for (k = 0; k < sizeof threads / sizeof threads[0]; k++) {
        int64_t n;
        uint32_t failures = 0;
        for (n = 0;; n++) {
            tu_counter c;
            ls_allocator a = tu_counting_allocator(&c);
            ls_batch *b = (ls_batch *)&c; /* must be reset to NULL */
            ls_status st;
            c.fail_after = n;
            st = ls_batch_create(24, 24, LS_SEARCH_FULL, threads[k], &a, &b);
            if (st == LS_OK) {
                ls_grid *grid = NULL;
                ls_status s1;
                ls_result r;
                ls_point p[64];
                CU_ASSERT_EQUAL(c.failed, 0);
                CU_ASSERT_EQUAL_FATAL(ls_grid_create(24, 24, NULL, &grid), LS_OK);
                ls_query_init(&queries[0]);
                queries[0].goal_x = 23;
                queries[0].goal_y = 20;
                CU_ASSERT_EQUAL(ls_batch_run(b, grid, queries, 1, p, 64, &s1,
                                             &r), LS_OK);
                CU_ASSERT_EQUAL(s1, LS_OK);
                CU_ASSERT_EQUAL(r.path_length, 24);
                ls_grid_destroy(grid);
                ls_batch_destroy(b);
                CU_ASSERT(tu_counter_balanced(&c));
                break;
            }
            failures++;
            CU_ASSERT_EQUAL(st, LS_ERR_OUT_OF_MEMORY);
            CU_ASSERT_PTR_NULL(b);
            CU_ASSERT(c.failed >= 1);
            CU_ASSERT(tu_counter_balanced(&c));
            CU_ASSERT_EQUAL(c.releases, c.allocs);
            if (n > 1000) {
                CU_FAIL("ls_batch_create never succeeded");
                break;
            }
        }
        /* The batch and each worker's context allocations were failed. */
        CU_ASSERT(failures >= threads[k] + 1);
    }
}

/* A thread the system refuses: LS_ERR_THREAD, the threads already started
 * are stopped and joined, every block released. Without threads
 * (wasm32-wasi) none is started, so creation cannot fail that way. */
static void test_refused_thread_gives_ls_err_thread(void)
{
    uint32_t fail;
    for (fail = 1; fail < 5; fail++) {
        tu_counter c;
        ls_allocator a = tu_counting_allocator(&c);
        ls_batch *b = (ls_batch *)&c;
        ls_status st = ls__batch_create_failing(16, 16, LS_SEARCH_FULL, 5, &a,
                                                fail, &b);
#if LS_THREADS_NONE
        CU_ASSERT_EQUAL(st, LS_OK);
        CU_ASSERT_PTR_NOT_NULL(b);
        ls_batch_destroy(b);
#else
        CU_ASSERT_EQUAL(st, LS_ERR_THREAD);
        CU_ASSERT_PTR_NULL(b);
#endif
        CU_ASSERT(tu_counter_balanced(&c));
        CU_ASSERT_EQUAL(c.releases, c.allocs);
        CU_ASSERT(c.allocs >= 6);
    }
    CU_ASSERT_STRING_EQUAL(ls_status_name(LS_ERR_THREAD), "LS_ERR_THREAD");
    CU_ASSERT_EQUAL(LS_ERR_THREAD, -30);
}

static void test_argument_errors_touch_nothing(void)
{
    ls_batch *b = NULL, *other = NULL;
    ls_grid *grid = NULL, *wrong = NULL;
    ls_point p[8];
    ls_status st[2] = { 77, 77 };
    ls_result r[2];
    ls_batch *out = (ls_batch *)&st;
    uint32_t ran = 77, length = 77;

    CU_ASSERT_EQUAL(ls_batch_create(8, 8, LS_SEARCH_FULL, 2, NULL, NULL),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_batch_create(8, 8, LS_SEARCH_FULL, 0, NULL, &out),
                    LS_ERR_BAD_OPTION);
    CU_ASSERT_PTR_NULL(out);
    CU_ASSERT_EQUAL(ls_batch_create(8, 8, LS_SEARCH_FULL,
                                    LS_BATCH_MAX_THREADS + 1, NULL, &out),
                    LS_ERR_BAD_OPTION);
    CU_ASSERT_EQUAL(ls_batch_create(8, 8, 7u, 2, NULL, &out), LS_ERR_BAD_FLAGS);
    CU_ASSERT_EQUAL(ls_batch_create(0, 8, LS_SEARCH_FULL, 2, NULL, &out),
                    LS_ERR_BAD_SIZE);
    CU_ASSERT_PTR_NULL(out);
    CU_ASSERT_EQUAL(ls_batch_threads(NULL), 0);
    ls_batch_destroy(NULL);

    CU_ASSERT_EQUAL_FATAL(ls_batch_create(8, 8, LS_SEARCH_FULL, 2, NULL, &b),
                          LS_OK);
    CU_ASSERT_EQUAL(ls_batch_threads(b), 2);
    CU_ASSERT_EQUAL_FATAL(ls_grid_create(8, 8, NULL, &grid), LS_OK);
    CU_ASSERT_EQUAL_FATAL(ls_grid_create(9, 8, NULL, &wrong), LS_OK);
    ls_query_init(&queries[0]);
    ls_query_init(&queries[1]);
    queries[1].goal_x = 7;

    CU_ASSERT_EQUAL(ls_batch_run(NULL, grid, queries, 2, p, 4, st, r),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_batch_run(b, NULL, queries, 2, p, 4, st, r),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_batch_run(b, grid, NULL, 2, p, 4, st, r),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_batch_run(b, grid, queries, 2, NULL, 4, st, r),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_batch_run(b, grid, queries, 2, p, 4, NULL, r),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_batch_run(b, grid, queries, 2, p, 4, st, NULL),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_batch_run(b, wrong, queries, 2, p, 4, st, r),
                    LS_ERR_GRID_MISMATCH);
    CU_ASSERT_EQUAL(ls_batch_run(b, grid, queries, UINT32_MAX, p,
                                 UINT32_MAX, st, r), LS_ERR_SIZE_OVERFLOW);
    CU_ASSERT_EQUAL(st[0], 77);
    CU_ASSERT_EQUAL(st[1], 77);
    CU_ASSERT_EQUAL(ls_batch_run_keep(b, grid, queries, 2, p, 4, st, r,
                                      NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_batch_run_keep(NULL, grid, queries, 2, p, 4, st, r,
                                      &ran), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_batch_run_keep(b, wrong, queries, 2, p, 4, st, r,
                                      &ran), LS_ERR_GRID_MISMATCH);
    CU_ASSERT_EQUAL(ls_batch_run_keep(b, grid, queries, UINT32_MAX, p,
                                      UINT32_MAX, st, r, &ran),
                    LS_ERR_SIZE_OVERFLOW);
    CU_ASSERT_EQUAL(ran, 77);
    CU_ASSERT_EQUAL(ls_batch_kept_path(NULL, 0, p, 4, &length),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_batch_kept_path(b, 0, p, 4, NULL),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_batch_kept_path(b, 0, NULL, 4, &length),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_batch_kept_path(b, 0, p, 4, &length),
                    LS_ERR_NO_QUERY);
    CU_ASSERT_EQUAL(length, 77);
    /* Nothing to do is fine, with or without buffers. */
    CU_ASSERT_EQUAL(ls_batch_run(b, grid, NULL, 0, NULL, 4, NULL, NULL), LS_OK);

    /* No path room at all: start == goal is still found, the other query
     * says how much room it needs. */
    CU_ASSERT_EQUAL(ls_batch_run(b, grid, queries, 2, NULL, 0, st, r), LS_OK);
    CU_ASSERT_EQUAL(st[0], LS_ERR_BUFFER_TOO_SMALL);
    CU_ASSERT_EQUAL(r[0].path_length, 1);
    CU_ASSERT_EQUAL(st[1], LS_ERR_BUFFER_TOO_SMALL);
    CU_ASSERT_EQUAL(r[1].path_length, 8);
    CU_ASSERT_EQUAL(r[1].cost, 70);

    /* A batch of another size is independent. */
    CU_ASSERT_EQUAL_FATAL(ls_batch_create(9, 8, LS_SEARCH_FULL, 3, NULL,
                                          &other), LS_OK);
    CU_ASSERT_EQUAL(ls_batch_run(other, wrong, queries, 2, p, 4, st, r), LS_OK);
    CU_ASSERT_EQUAL(st[0], LS_OK);
    CU_ASSERT_EQUAL(st[1], LS_ERR_BUFFER_TOO_SMALL);
    ls_batch_destroy(other);
    ls_batch_destroy(b);
    ls_grid_destroy(grid);
    ls_grid_destroy(wrong);
}

int suite_batch_register(void)
{
    CU_pSuite s = CU_add_suite("batch", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "every thread count matches ls_find_path",
                     test_every_thread_count_matches_find_path) ||
        !CU_add_test(s, "keep runs each query once, kept paths exact",
                     test_keep_runs_each_query_once) ||
        !CU_add_test(s, "compact batch matches a compact context",
                     test_compact_batch_matches_compact_context) ||
        !CU_add_test(s, "runs do not allocate", test_runs_do_not_allocate) ||
        !CU_add_test(s, "every allocation failure of create is clean",
                     test_every_allocation_failure_is_clean) ||
        !CU_add_test(s, "a refused thread gives LS_ERR_THREAD",
                     test_refused_thread_gives_ls_err_thread) ||
        !CU_add_test(s, "argument errors touch nothing",
                     test_argument_errors_touch_nothing))
        return -1;
    return 0;
}
