/* SPDX-License-Identifier: MIT */
/*
 * suite_alloc.c - memory: queries never allocate, destroy releases exactly
 * what create allocated (with the sizes it was allocated with), the sizes
 * match the header's memory notes, and every allocation failure gives
 * LS_ERR_OUT_OF_MEMORY without a leak.
 */
#include <stdio.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suites.h"
#include "test_util.h"

enum { W = 40, H = 30, CAP = 2048 };
static ls_point path[CAP];

static int same_counts(const tu_counter *a, const tu_counter *b)
{
    return a->allocs == b->allocs && a->releases == b->releases &&
           a->failed == b->failed && a->bytes_allocated == b->bytes_allocated &&
           a->bytes_released == b->bytes_released;
}

/* Run 400 mixed queries (a compact context refuses some of them) and
 * check that neither the grid's nor the context's allocator was called. */
static void queries_never_allocate(uint32_t flags)
{
    tu_counter gc, sc, gc_before, sc_before;
    ls_allocator ga = tu_counting_allocator(&gc);
    ls_allocator sa = tu_counting_allocator(&sc);
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_rng rng;
    int i;
    uint32_t found = 0;

    CU_ASSERT_FATAL(ls_grid_create(W, H, &ga, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create_with(W, H, flags, &sa, &s) == LS_OK);
    CU_ASSERT(gc.allocs > 0);
    CU_ASSERT(sc.allocs > 0);
    ls_rng_seed(&rng, 1234);
    for (i = 0; i < W * H; i++)
        ls_grid_set(g, i % W, i / W,
                    ls_rng_below(&rng, 4) == 0 ? 0 : (uint8_t)(1 + ls_rng_below(&rng, i % 2 ? 1 : 5)));
    gc_before = gc;
    sc_before = sc;
    for (i = 0; i < 400; i++) {
        ls_query q;
        ls_result r;
        uint32_t len;
        uint64_t d;
        ls_query_init(&q);
        q.connectivity = i % 2 ? LS_CONNECT_4 : LS_CONNECT_8;
        q.corner_rule = i % 3;
        q.heuristic = i % 5;
        q.tie_break = (i / 2) % 2;
        q.max_expansions = i % 7 == 0 ? 25 : 0;
        if (i % 11 == 0) {
            /* JPS on the uniform grid state below */
            q.algorithm = LS_ALGO_JPS;
            q.connectivity = LS_CONNECT_8;
            q.corner_rule = LS_CORNERS_NONE;
        }
        tu_random_open_cell(&rng, g, &q.start_x, &q.start_y);
        tu_random_open_cell(&rng, g, &q.goal_x, &q.goal_y);
        ls_query_validate(&q, g);
        if (i % 3 == 0) {
            if (ls_search_begin(s, g, &q) == LS_OK)
                while (ls_search_step(s, 5) == LS_IN_PROGRESS)
                    ;
            ls_search_result(s, &r);
            ls_search_path(s, path, CAP, &len);
        } else if (ls_find_path(s, g, &q, path, CAP, &r) == LS_OK) {
            found++;
            ls_path_digest(path, r.path_length, &d);
        }
        ls_search_partial_path(s, path, CAP, &len);
        /* Grid edits between queries do not allocate either. */
        if (i == 200)
            ls_grid_fill(g, 1);
    }
    CU_ASSERT(found > (flags == LS_SEARCH_COMPACT ? 50u : 100u));
    CU_ASSERT(same_counts(&gc, &gc_before));
    CU_ASSERT(same_counts(&sc, &sc_before));
    ls_search_destroy(s);
    ls_grid_destroy(g);
    CU_ASSERT(tu_counter_balanced(&gc));
    CU_ASSERT(tu_counter_balanced(&sc));
    CU_ASSERT_EQUAL(gc.failed + sc.failed, 0);
}

static void test_queries_never_allocate(void)
{
    queries_never_allocate(LS_SEARCH_FULL);
}

static void test_queries_never_allocate_in_a_compact_context(void)
{
    queries_never_allocate(LS_SEARCH_COMPACT);
}

static void test_destroy_releases_everything_create_allocated(void)
{
    static const int32_t sizes[][2] = { { 1, 1 }, { 7, 3 }, { 64, 64 },
                                        { LS_MAX_DIMENSION, 1 } };
    size_t i;
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        tu_counter c;
        ls_allocator a = tu_counting_allocator(&c);
        ls_grid *g = NULL;
        ls_search *s = NULL;
        CU_ASSERT_FATAL(ls_grid_create(sizes[i][0], sizes[i][1], &a, &g) == LS_OK);
        CU_ASSERT_FATAL(ls_search_create(sizes[i][0], sizes[i][1], &a, &s) == LS_OK);
        CU_ASSERT(c.allocs >= 2);
        CU_ASSERT_EQUAL(c.releases, 0);
        ls_search_destroy(s);
        ls_grid_destroy(g);
        CU_ASSERT(tu_counter_balanced(&c));
        CU_ASSERT_EQUAL(c.size_mismatches, 0);
    }
}

/* The header: a grid takes one byte per cell plus a one-cell border, one
 * byte of clearance per bordered cell, and two passability bitsets (a bit per bordered cell each, lines rounded up
 * to 64-bit words); a context ls_search_bytes_per_cell(flags) per bordered
 * cell (12 compact, 20 full), plus a fixed part and the open list's bucket
 * ring, which grows with the longest side (a JPS jump can cross the grid). */
static void test_memory_matches_documented_sizes(void)
{
    static const int32_t sizes[][2] = { { 1, 1 }, { 10, 10 }, { 100, 37 },
                                        { 512, 512 } };
    size_t i;
    CU_ASSERT_EQUAL(ls_search_bytes_per_cell(LS_SEARCH_COMPACT), 12);
    CU_ASSERT_EQUAL(ls_search_bytes_per_cell(LS_SEARCH_FULL), 20);
    CU_ASSERT_EQUAL(ls_search_bytes_per_cell(7), 0);
    for (i = 0; i < 2 * sizeof sizes / sizeof sizes[0]; i++) {
        const uint32_t flags = i % 2 ? LS_SEARCH_COMPACT : LS_SEARCH_FULL;
        const int32_t *sz = sizes[i / 2];
        tu_counter gc, sc;
        ls_allocator ga = tu_counting_allocator(&gc);
        ls_allocator sa = tu_counting_allocator(&sc);
        ls_grid *g = NULL;
        ls_search *s = NULL;
        uint64_t cells = (uint64_t)(sz[0] + 2) * (uint64_t)(sz[1] + 2);
        uint64_t per_cell = ls_search_bytes_per_cell(flags);
        uint64_t longest = (uint64_t)(sz[0] > sz[1] ? sz[0]
                                                                : sz[1]);
        uint64_t lines = (uint64_t)(sz[0] + 2) + (uint64_t)(sz[1] + 2);
        uint64_t grid_max = 2 * cells + cells / 4 + 8 * lines + 4096;

        CU_ASSERT_FATAL(ls_grid_create(sz[0], sz[1], &ga, &g) == LS_OK);
        CU_ASSERT_FATAL(ls_search_create_with(sz[0], sz[1], flags,
                                              &sa, &s) == LS_OK);
        CU_ASSERT(per_cell > 0);
        CU_ASSERT(gc.bytes_allocated >= 2 * cells);
        CU_ASSERT(gc.bytes_allocated <= grid_max);
        {   /* a compact grid: the cells alone, plus its small struct */
            tu_counter cc;
            ls_allocator ca = tu_counting_allocator(&cc);
            ls_grid *cg = NULL;
            CU_ASSERT_FATAL(ls_grid_create_with(sz[0], sz[1], LS_GRID_COMPACT,
                                                &ca, &cg) == LS_OK);
            CU_ASSERT(cc.bytes_allocated >= cells);
            CU_ASSERT(cc.bytes_allocated <= cells + 256);
            ls_grid_destroy(cg);
            CU_ASSERT(tu_counter_balanced(&cc));
        }
        CU_ASSERT(sc.bytes_allocated >= per_cell * cells);
        CU_ASSERT(sc.bytes_allocated <= per_cell * cells + 65536 + 256 * longest);
        if (gc.bytes_allocated > grid_max ||
            sc.bytes_allocated > per_cell * cells + 65536 + 256 * longest)
            printf("\n    alloc: %dx%d: grid %llu bytes (documented: %llu x 2.25 + small), "
                   "context %llu bytes (documented: %llu x %llu + small)",
                   (int)sz[0], (int)sz[1],
                   (unsigned long long)gc.bytes_allocated,
                   (unsigned long long)cells,
                   (unsigned long long)sc.bytes_allocated,
                   (unsigned long long)per_cell, (unsigned long long)cells);
        ls_search_destroy(s);
        ls_grid_destroy(g);
    }
}

/* Fail the 1st, 2nd, ... allocation until creation succeeds: each failure
 * is LS_ERR_OUT_OF_MEMORY, leaves *out NULL and leaks nothing. */
static void test_failing_allocator_gives_out_of_memory_without_leaks(void)
{
    int which; /* a grid, a full context, a compact context, a compact grid */
    for (which = 0; which < 4; which++) {
        int64_t n;
        int succeeded = 0;
        for (n = 0; n < 32 && !succeeded; n++) {
            tu_counter c;
            ls_allocator a = tu_counting_allocator(&c);
            ls_status st;
            ls_grid *g = (ls_grid *)&g;
            ls_search *s = (ls_search *)&s;

            c.fail_after = n;
            if (which == 0 || which == 3)
                st = ls_grid_create_with(30, 20,
                                         which == 0 ? LS_GRID_FULL
                                                    : LS_GRID_COMPACT,
                                         &a, &g);
            else
                st = ls_search_create_with(30, 20,
                                           which == 1 ? LS_SEARCH_FULL
                                                      : LS_SEARCH_COMPACT,
                                           &a, &s);
            if (st == LS_OK) {
                succeeded = 1;
                /* It needed exactly n allocations. */
                CU_ASSERT_EQUAL(c.allocs, (uint64_t)n);
                CU_ASSERT_EQUAL(c.failed, 0);
                if (which == 0 || which == 3)
                    ls_grid_destroy(g);
                else
                    ls_search_destroy(s);
            } else {
                CU_ASSERT_EQUAL(st, LS_ERR_OUT_OF_MEMORY);
                CU_ASSERT(c.failed >= 1);
                CU_ASSERT_PTR_NULL(which == 0 || which == 3 ? (void *)g
                                                            : (void *)s);
            }
            CU_ASSERT(tu_counter_balanced(&c));
        }
        CU_ASSERT(succeeded);
        /* At least one failure was exercised. */
        CU_ASSERT(n >= 2);
    }
}

/* A grid and a context made by different allocators work together, and
 * each allocator only sees its own blocks. */
static void test_grid_and_context_keep_their_own_allocators(void)
{
    tu_counter gc, sc;
    ls_allocator ga = tu_counting_allocator(&gc);
    ls_allocator sa = tu_counting_allocator(&sc);
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_query q;
    ls_result r;
    uint64_t grid_allocs;

    CU_ASSERT_FATAL(ls_grid_create(8, 8, &ga, &g) == LS_OK);
    grid_allocs = gc.allocs;
    CU_ASSERT_FATAL(ls_search_create(8, 8, &sa, &s) == LS_OK);
    CU_ASSERT_EQUAL(gc.allocs, grid_allocs);
    /* The hooks struct may go away after creation: it is copied. */
    memset(&ga, 0, sizeof ga);
    memset(&sa, 0, sizeof sa);
    ls_query_init(&q);
    q.goal_x = 7;
    q.goal_y = 7;
    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, path, CAP, &r), LS_OK);
    CU_ASSERT_EQUAL(r.cost, 7 * 14);
    ls_grid_destroy(g);
    CU_ASSERT(tu_counter_balanced(&gc));
    CU_ASSERT_EQUAL(sc.releases, 0);
    ls_search_destroy(s);
    CU_ASSERT(tu_counter_balanced(&sc));
}

int suite_alloc_register(void)
{
    CU_pSuite s = CU_add_suite("alloc", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "queries never allocate", test_queries_never_allocate) ||
        !CU_add_test(s, "queries never allocate in a compact context",
                     test_queries_never_allocate_in_a_compact_context) ||
        !CU_add_test(s, "destroy releases everything create allocated",
                     test_destroy_releases_everything_create_allocated) ||
        !CU_add_test(s, "memory matches the documented sizes",
                     test_memory_matches_documented_sizes) ||
        !CU_add_test(s, "failing allocator gives OUT_OF_MEMORY without leaks",
                     test_failing_allocator_gives_out_of_memory_without_leaks) ||
        !CU_add_test(s, "grid and context keep their own allocators",
                     test_grid_and_context_keep_their_own_allocators))
        return -1;
    return 0;
}
