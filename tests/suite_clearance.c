/* SPDX-License-Identifier: MIT */
/*
 * suite_clearance.c - unit sizes (lockstar.h, "Clearance"): each cell's
 * clearance on hand-drawn maps, the kept clearance against a brute-force
 * recomputation (the oracle's, tests/oracle/clearance.c) after thousands
 * of random edits of every kind, sized queries against the oracle's
 * search on the grid the clearance sees and against an unsized query on
 * that grid built for real (the definition), corridors exactly 2k - 1
 * wide, the refusals (JPS, compact grids, above LS_CLEARANCE_MAX) in the
 * documented order, ls_world_clearance, the queue and batches passing
 * the option through, and no allocation per sized query. Path checks,
 * routes, smoothing and flow fields with a clearance are
 * tests/suite_clearance_use.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suites.h"
#include "test_util.h"

/* 1 when every cell's kept clearance equals the oracle's. */
static int cl_matches_oracle(const ls_grid *g, const char *what, uint32_t n)
{
    int32_t w, h, x, y;
    uint8_t *cells = tu_cells(g, &w, &h);
    int ok = 1;
    CU_ASSERT_PTR_NOT_NULL_FATAL(cells);
    for (y = 0; y < h && ok; y++)
        for (x = 0; x < w && ok; x++) {
            uint32_t got = 99, want = or_clearance_at(cells, w, h, x, y);
            CU_ASSERT_EQUAL(ls_grid_clearance(g, x, y, &got), LS_OK);
            if (got != want) {
                fprintf(stderr, "clearance: %s %u: cell %d,%d kept %u, "
                                "brute force %u\n",
                        what, n, (int)x, (int)y, got, want);
                ok = 0;
            }
        }
    free(cells);
    return ok;
}

static void test_hand_drawn(void)
{
    static const char *const rows[] = {
        "..........",
        "..........",
        "..........",
        "....#.....",
        "..........",
        "..........",
        "..........",
    };
    static const uint8_t want[7][11] = {
        "1111111111", "1222222221", "1221112321", "1221012321",
        "1221112321", "1222222221", "1111111111",
    };
    ls_grid *g = tu_grid_from_rows(rows, 7), *c = NULL, *open = NULL;
    int32_t x, y;
    uint32_t k = 0;
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    for (y = 0; y < 7; y++)
        for (x = 0; x < 10; x++) {
            CU_ASSERT_EQUAL(ls_grid_clearance(g, x, y, &k), LS_OK);
            CU_ASSERT_EQUAL(k, (uint32_t)(want[y][x] - '0'));
        }
    /* Terrain is not a wall. */
    CU_ASSERT_EQUAL(ls_grid_set(g, 5, 3, 200), LS_OK);
    CU_ASSERT_EQUAL(ls_grid_clearance(g, 5, 3, &k), LS_OK);
    CU_ASSERT_EQUAL(k, 1);
    CU_ASSERT_EQUAL(ls_grid_clearance(g, 7, 3, &k), LS_OK);
    CU_ASSERT_EQUAL(k, 3);
    /* Errors: NULLs, then the bounds. */
    CU_ASSERT_EQUAL(ls_grid_clearance(NULL, 0, 0, &k), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_clearance(g, 0, 0, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_clearance(g, -1, 0, &k), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_grid_clearance(g, 10, 0, &k), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_grid_clearance(g, 0, 7, &k), LS_ERR_OUT_OF_BOUNDS);
    ls_grid_destroy(g);

    /* The cap: the middle of a 60 x 60 open map is 30 from the edge. */
    CU_ASSERT_FATAL(ls_grid_create(60, 60, NULL, &open) == LS_OK);
    CU_ASSERT_EQUAL(ls_grid_clearance(open, 30, 30, &k), LS_OK);
    CU_ASSERT_EQUAL(k, LS_CLEARANCE_MAX);
    CU_ASSERT_EQUAL(ls_grid_clearance(open, 15, 30, &k), LS_OK);
    CU_ASSERT_EQUAL(k, 16);
    CU_ASSERT_EQUAL(ls_grid_clearance(open, 14, 30, &k), LS_OK);
    CU_ASSERT_EQUAL(k, 15);
    CU_ASSERT_EQUAL(ls_grid_clearance(open, 59, 59, &k), LS_OK);
    CU_ASSERT_EQUAL(k, 1);
    CU_ASSERT(cl_matches_oracle(open, "open", 0));
    CU_ASSERT_EQUAL(ls_grid_fill(open, LS_CELL_BLOCKED), LS_OK);
    CU_ASSERT_EQUAL(ls_grid_clearance(open, 30, 30, &k), LS_OK);
    CU_ASSERT_EQUAL(k, 0);
    CU_ASSERT_EQUAL(ls_grid_fill(open, 7), LS_OK);
    CU_ASSERT(cl_matches_oracle(open, "filled", 7));
    ls_grid_destroy(open);

    /* A 1 x 1 grid: its one cell has clearance 1. */
    CU_ASSERT_FATAL(ls_grid_create(1, 1, NULL, &open) == LS_OK);
    CU_ASSERT_EQUAL(ls_grid_clearance(open, 0, 0, &k), LS_OK);
    CU_ASSERT_EQUAL(k, 1);
    ls_grid_destroy(open);

    /* A compact grid keeps none. */
    CU_ASSERT_FATAL(ls_grid_create_with(5, 5, LS_GRID_COMPACT, NULL, &c) ==
                    LS_OK);
    k = 77;
    CU_ASSERT_EQUAL(ls_grid_clearance(c, 2, 2, &k), LS_ERR_BAD_CLEARANCE);
    CU_ASSERT_EQUAL(k, 77);
    CU_ASSERT_EQUAL(ls_grid_clearance(c, 9, 2, &k), LS_ERR_OUT_OF_BOUNDS);
    ls_grid_destroy(c);
}

/* A random edit of g: mostly single cells (blocking, opening, terrain),
 * some rectangles, now and then a fill or a load. */
static void cl_random_edit(ls_rng *rng, ls_grid *g, int32_t w, int32_t h)
{
    static const uint8_t costs[] = { 0, 0, 0, 1, 1, 1, 2, 9, 255 };
    const uint32_t kind = ls_rng_below(rng, 100);
    const uint8_t cost = costs[ls_rng_below(rng, sizeof costs)];
    if (kind < 70) {
        CU_ASSERT_EQUAL(ls_grid_set(g, (int32_t)ls_rng_below(rng, (uint32_t)w),
                                    (int32_t)ls_rng_below(rng, (uint32_t)h),
                                    cost),
                        LS_OK);
    } else if (kind < 97) {
        int32_t x = (int32_t)ls_rng_below(rng, (uint32_t)w);
        int32_t y = (int32_t)ls_rng_below(rng, (uint32_t)h);
        int32_t rw = 1 + (int32_t)ls_rng_below(rng, (uint32_t)(w - x));
        int32_t rh = 1 + (int32_t)ls_rng_below(rng, (uint32_t)(h - y));
        if (ls_rng_below(rng, 2)) { /* mostly small buildings */
            rw = rw > 4 ? 1 + rw % 4 : rw;
            rh = rh > 4 ? 1 + rh % 4 : rh;
        }
        CU_ASSERT_EQUAL(ls_grid_set_rect(g, x, y, rw, rh, cost), LS_OK);
    } else if (kind < 98) {
        CU_ASSERT_EQUAL(ls_grid_fill(g, cost), LS_OK);
    } else {
        size_t i, n = (size_t)w * (size_t)h;
        uint8_t *cells = malloc(n);
        CU_ASSERT_PTR_NOT_NULL_FATAL(cells);
        for (i = 0; i < n; i++)
            cells[i] = ls_rng_below(rng, 10) == 0 ? 0 : 1;
        CU_ASSERT_EQUAL(ls_grid_load(g, cells, n), LS_OK);
        free(cells);
    }
}

static void test_incremental_equals_brute_force(void)
{
    static const int32_t sizes[][2] = { { 1, 1 },   { 1, 9 },   { 9, 1 },
                                        { 5, 7 },   { 17, 12 }, { 33, 33 },
                                        { 40, 21 }, { 64, 48 }, { 90, 70 } };
    uint32_t s, total = 0;
    ls_rng rng;
    ls_rng_seed(&rng, 22001);
    for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        const int32_t w = sizes[s][0], h = sizes[s][1];
        const uint32_t cells = (uint32_t)(w * h);
        /* Compare after every edit on small maps, else every few. */
        const uint32_t every = cells <= 1600 ? 1 : cells <= 3200 ? 4 : 16;
        uint32_t round;
        for (round = 0; round < 3; round++) {
            ls_grid *g = tu_random_grid(&rng, w, h, round == 0 ? 0 : 3 * round,
                                        10, 9);
            /* Fewer edits under an emulator (tu_trials). */
            uint32_t e, edits = tu_trials(600);
            CU_ASSERT_PTR_NOT_NULL_FATAL(g);
            if (!cl_matches_oracle(g, "load", s))
                CU_FAIL("loaded grid");
            for (e = 0; e < edits; e++) {
                cl_random_edit(&rng, g, w, h);
                total++;
                if ((e % every == 0 || e + 1 == edits) &&
                    !cl_matches_oracle(g, "edit", e)) {
                    CU_FAIL("kept clearance differs from brute force");
                    e = edits;
                }
            }
            ls_grid_destroy(g);
        }
    }
    CU_ASSERT(total >= tu_trials(16000));
}

/* Copy q with clearance k onto a fresh grid whose cells of clearance
 * below k are blocked (the definition of a sized query). */
static ls_grid *cl_seen_grid(const ls_grid *g, uint32_t k)
{
    int32_t w, h;
    uint8_t *cells = tu_cells(g, &w, &h), *seen;
    ls_grid *out = NULL;
    CU_ASSERT_PTR_NOT_NULL_FATAL(cells);
    seen = or_sized_cells(cells, w, h, k);
    CU_ASSERT_PTR_NOT_NULL_FATAL(seen);
    CU_ASSERT_FATAL(ls_grid_create(w, h, NULL, &out) == LS_OK);
    CU_ASSERT_FATAL(ls_grid_load(out, seen, (size_t)w * (size_t)h) == LS_OK);
    free(cells);
    free(seen);
    return out;
}

static void cl_random_query(ls_rng *rng, ls_query *q, int32_t w, int32_t h)
{
    ls_query_init(q);
    q->start_x = (int32_t)ls_rng_below(rng, (uint32_t)w);
    q->start_y = (int32_t)ls_rng_below(rng, (uint32_t)h);
    q->goal_x = (int32_t)ls_rng_below(rng, (uint32_t)w);
    q->goal_y = (int32_t)ls_rng_below(rng, (uint32_t)h);
    q->clearance = 1 + ls_rng_below(rng, 5);
    if (ls_rng_below(rng, 8) == 0)
        q->clearance = 0;
    q->connectivity = ls_rng_below(rng, 3) == 0 ? LS_CONNECT_4 : LS_CONNECT_8;
    q->corner_rule = (int32_t)ls_rng_below(rng, 3);
    if (ls_rng_below(rng, 4) == 0)
        q->heuristic = (int32_t)ls_rng_below(rng, 5);
    if (ls_rng_below(rng, 4) == 0)
        q->tie_break = LS_TIE_LOW_G;
    if (ls_rng_below(rng, 5) == 0)
        q->weight = fix16_one + (fix16_t)ls_rng_below(rng, 2u * fix16_one);
    if (ls_rng_below(rng, 6) == 0)
        q->max_expansions = 1 + ls_rng_below(rng, 60);
}

static void test_sized_queries_against_oracle(void)
{
    static tu_outcome got, want, plain;
    ls_search *s = NULL, *sc = NULL;
    uint32_t i, found = 0, refused = 0, compared = 0;
    char why[256];
    ls_rng rng;
    ls_rng_seed(&rng, 22002);
    CU_ASSERT_FATAL(ls_search_create(40, 40, NULL, &s) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create_with(40, 40, LS_SEARCH_COMPACT, NULL,
                                          &sc) == LS_OK);
    for (i = 0; i < tu_trials(300); i++) { /* random maps */
        const int32_t w = 40, h = 40;
        const uint32_t open = ls_rng_below(&rng, 4);
        ls_grid *g = tu_random_grid(&rng, w, h, open == 0 ? 2 : 4 + 6 * open,
                                    15, 6);
        uint32_t j;
        CU_ASSERT_PTR_NOT_NULL_FATAL(g);
        for (j = 0; j < 10; j++) {
            ls_query q;
            ls_grid *seen;
            ls_status st;
            uint32_t ks = 0, kg = 0;
            const uint32_t budget = ls_rng_below(&rng, 3) ? 0
                                    : 1 + ls_rng_below(&rng, 9);
            cl_random_query(&rng, &q, w, h);
            if (ls_rng_below(&rng, 5) != 0) { /* mostly where it fits */
                uint32_t tries;
                for (tries = 0; tries < 200; tries++) {
                    ls_grid_clearance(g, q.start_x, q.start_y, &ks);
                    if (ks >= q.clearance)
                        break;
                    q.start_x = (int32_t)ls_rng_below(&rng, (uint32_t)w);
                    q.start_y = (int32_t)ls_rng_below(&rng, (uint32_t)h);
                }
                for (tries = 0; tries < 200; tries++) {
                    ls_grid_clearance(g, q.goal_x, q.goal_y, &kg);
                    if (kg >= q.clearance)
                        break;
                    q.goal_x = (int32_t)ls_rng_below(&rng, (uint32_t)w);
                    q.goal_y = (int32_t)ls_rng_below(&rng, (uint32_t)h);
                }
            }
            ls_grid_clearance(g, q.start_x, q.start_y, &ks);
            ls_grid_clearance(g, q.goal_x, q.goal_y, &kg);
            st = tu_run(s, g, &q, budget, &got);
            if (ks < (q.clearance ? q.clearance : 1)) {
                CU_ASSERT_EQUAL(st, LS_ERR_START_BLOCKED);
                refused++;
                continue;
            }
            if (kg < (q.clearance ? q.clearance : 1)) {
                CU_ASSERT_EQUAL(st, LS_ERR_GOAL_BLOCKED);
                refused++;
                continue;
            }
            CU_ASSERT_FATAL(tu_reference_astar(g, &q, &want));
            if (!tu_outcome_equal(&got, &want, why, sizeof why)) {
                fprintf(stderr, "clearance: query %u.%u k %u: %s\n", i, j,
                        q.clearance, why);
                CU_FAIL("sized query differs from the oracle");
            }
            /* The definition: an unsized query on the grid it sees. */
            seen = cl_seen_grid(g, q.clearance);
            q.clearance = 0;
            tu_run(s, seen, &q, budget, &plain);
            if (!tu_outcome_equal(&got, &plain, why, sizeof why)) {
                fprintf(stderr, "clearance: query %u.%u on the grid it sees: "
                                "%s\n", i, j, why);
                CU_FAIL("sized query differs from the unsized one on the "
                        "derived grid");
            }
            /* A compact context runs what it accepts the same way. */
            q.clearance = 1 + (uint32_t)(ks < kg ? ks : kg) / 2u;
            if (q.clearance > 5)
                q.clearance = 5;
            if (ls_search_check(sc, g, &q) == LS_OK) {
                static tu_outcome full;
                tu_run(s, g, &q, budget, &full);
                tu_run(sc, g, &q, budget, &got);
                CU_ASSERT(tu_outcome_equal(&got, &full, why, sizeof why));
            }
            found += got.status == LS_OK;
            compared++;
            ls_grid_destroy(seen);
        }
        ls_grid_destroy(g);
    }
    ls_search_destroy(s);
    ls_search_destroy(sc);
    CU_ASSERT(compared >= tu_trials(1000));
    CU_ASSERT(found >= tu_trials(300));
    CU_ASSERT(refused >= tu_trials(100));
}

/* A wall across a 60 x 60 map at y = 30 with a gap `gap` cells wide. */
static ls_grid *cl_gap_map(int32_t gap)
{
    ls_grid *g = NULL;
    CU_ASSERT_FATAL(ls_grid_create(60, 60, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_grid_set_rect(g, 0, 30, 60, 1, 0) == LS_OK);
    if (gap > 0)
        CU_ASSERT_FATAL(ls_grid_set_rect(g, 30 - gap / 2, 30, gap, 1, 1) ==
                        LS_OK);
    return g;
}

static void test_corridors(void)
{
    ls_search *s = NULL;
    uint32_t k;
    CU_ASSERT_FATAL(ls_search_create(60, 60, NULL, &s) == LS_OK);
    for (k = 1; k <= 8; k++) {
        int32_t gap;
        for (gap = (int32_t)(2 * k) - 2; gap <= (int32_t)(2 * k) - 1; gap++) {
            ls_grid *g = cl_gap_map(gap);
            ls_query q;
            ls_result r;
            ls_status st;
            ls_query_init(&q);
            q.start_x = 30;
            q.start_y = 10;
            q.goal_x = 30;
            q.goal_y = 50;
            q.clearance = k;
            st = ls_find_path(s, g, &q, NULL, 0, &r);
            /* A (2k - 1)-wide gap lets clearance k through, 2k - 2 not. */
            if (gap == (int32_t)(2 * k) - 1) {
                CU_ASSERT(st == LS_OK || st == LS_ERR_BUFFER_TOO_SMALL);
            } else {
                CU_ASSERT_EQUAL(st, LS_NO_PATH);
            }
            if ((gap == (int32_t)(2 * k) - 1) !=
                (st == LS_OK || st == LS_ERR_BUFFER_TOO_SMALL))
                fprintf(stderr, "clearance: k %u gap %d: status %d\n", k,
                        (int)gap, (int)st);
            ls_grid_destroy(g);
        }
    }
    ls_search_destroy(s);
}

static void test_refusals_in_order(void)
{
    ls_grid *g = NULL, *c = NULL, *t = NULL;
    ls_search *s = NULL;
    ls_query q;
    ls_result r;
    CU_ASSERT_FATAL(ls_grid_create(20, 20, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_grid_create_with(20, 20, LS_GRID_COMPACT, NULL, &c) ==
                    LS_OK);
    CU_ASSERT_FATAL(ls_grid_create(20, 20, NULL, &t) == LS_OK);
    CU_ASSERT_FATAL(ls_grid_set(t, 3, 3, 5) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(20, 20, NULL, &s) == LS_OK);
#define CL_EXPECT(grid, want)                                                \
    do {                                                                     \
        CU_ASSERT_EQUAL(ls_query_validate(&q, grid), want);                  \
        CU_ASSERT_EQUAL(ls_search_check(s, grid, &q), want);                 \
        CU_ASSERT_EQUAL(ls_search_begin(s, grid, &q), want);                 \
    } while (0)
    ls_query_init(&q);
    q.start_x = q.start_y = 5;
    q.goal_x = q.goal_y = 14;
    q.clearance = LS_CLEARANCE_MAX;
    CL_EXPECT(g, LS_ERR_START_BLOCKED); /* 6 from the edge: too small */
    q.clearance = 5;
    CL_EXPECT(g, LS_OK);
    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, NULL, 0, &r),
                    LS_ERR_BUFFER_TOO_SMALL);
    q.goal_x = 15; /* clearance 5 */
    CL_EXPECT(g, LS_OK);
    q.goal_x = 16; /* clearance 4 */
    CL_EXPECT(g, LS_ERR_GOAL_BLOCKED);
    q.goal_x = 14;
    q.clearance = LS_CLEARANCE_MAX + 1;
    CL_EXPECT(g, LS_ERR_BAD_CLEARANCE);
    q.clearance = 0xFFFFFFFFu;
    CL_EXPECT(g, LS_ERR_BAD_CLEARANCE);
    /* After every other option check... */
    q.connectivity = 5;
    CL_EXPECT(g, LS_ERR_BAD_OPTION);
    q.connectivity = LS_CONNECT_8;
    q.straight_cost = 0;
    CL_EXPECT(g, LS_ERR_BAD_STEP_COST);
    q.straight_cost = 10;
    q.weight = 0;
    CL_EXPECT(g, LS_ERR_BAD_WEIGHT);
    q.weight = fix16_one;
    q.algorithm = LS_ALGO_JPS;
    q.connectivity = LS_CONNECT_4;
    CL_EXPECT(g, LS_ERR_UNSUPPORTED);
    /* ... JPS takes no clearance above 1 ... */
    q.connectivity = LS_CONNECT_8;
    q.clearance = 2;
    CL_EXPECT(g, LS_ERR_BAD_CLEARANCE);
    CL_EXPECT(t, LS_ERR_BAD_CLEARANCE); /* before LS_ERR_NOT_UNIFORM */
    q.clearance = 1;
    CL_EXPECT(g, LS_OK);
    CL_EXPECT(t, LS_ERR_NOT_UNIFORM);
    q.clearance = 0;
    CL_EXPECT(c, LS_OK);
    /* ... nor does a compact grid, before the grid's own checks. */
    q.algorithm = LS_ALGO_ASTAR;
    q.clearance = 2;
    CL_EXPECT(c, LS_ERR_BAD_CLEARANCE);
    q.start_x = -1;
    CL_EXPECT(c, LS_ERR_BAD_CLEARANCE);
    CL_EXPECT(g, LS_ERR_START_OUT_OF_BOUNDS);
    q.start_x = 5;
    q.clearance = 1;
    CL_EXPECT(c, LS_OK);
    q.struct_size = 4;
    q.clearance = 99;
    CL_EXPECT(g, LS_ERR_BAD_STRUCT_SIZE);
#undef CL_EXPECT
    ls_search_destroy(s);
    ls_grid_destroy(g);
    ls_grid_destroy(c);
    ls_grid_destroy(t);
}

static void test_world_clearance(void)
{
    static const struct {
        fix16_t cell, radius;
        ls_status st;
        uint32_t k;
    } cases[] = {
        { 0x10000, 0, LS_OK, 1 },
        { 0x10000, 0x8000, LS_OK, 1 },         /* 0.5: the cell itself */
        { 0x10000, 0x8001, LS_OK, 2 },
        { 0x10000, 0x18000, LS_OK, 2 },        /* 1.5: 3 cells across */
        { 0x10000, 0x18001, LS_OK, 3 },
        { 0x10000, 0xF8000, LS_OK, 16 },       /* 15.5 */
        { 0x10000, 0xF8001, LS_ERR_BAD_RADIUS, 0 },
        { 0x10000, 0x7FFFFFFF, LS_ERR_BAD_RADIUS, 0 },
        { 0x10000, -1, LS_ERR_BAD_RADIUS, 0 },
        { 0x20000, 0x10000, LS_OK, 1 },        /* radius 1, cells of 2 */
        { 0x20000, 0x10001, LS_OK, 2 },
        { 1, 0, LS_OK, 1 },
        { 1, 15, LS_OK, 16 },                  /* 31 raw units across */
        { 1, 16, LS_ERR_BAD_RADIUS, 0 },
        { 0x7FFFFFFF, 0x7FFFFFFF, LS_OK, 2 },
        { 0, 0, LS_ERR_BAD_FRAME, 0 },
        { -5, -1, LS_ERR_BAD_FRAME, 0 },
    };
    size_t i;
    ls_world w;
    uint32_t k;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        w.origin_x = w.origin_y = 0;
        w.cell_size = cases[i].cell;
        k = 99;
        CU_ASSERT_EQUAL(ls_world_clearance(&w, cases[i].radius, &k),
                        cases[i].st);
        CU_ASSERT_EQUAL(k, cases[i].st == LS_OK ? cases[i].k : 99u);
        if (cases[i].st == LS_OK) /* the least k with (2k-1)s >= 2r */
            CU_ASSERT((2 * (int64_t)k - 1) * cases[i].cell >=
                          2 * (int64_t)cases[i].radius &&
                      (k == 1 || (2 * (int64_t)k - 3) * cases[i].cell <
                                     2 * (int64_t)cases[i].radius));
    }
    w.cell_size = fix16_one;
    CU_ASSERT_EQUAL(ls_world_clearance(NULL, 0, &k), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_world_clearance(&w, 0, NULL), LS_ERR_NULL_ARGUMENT);
    w.origin_x = (fix16_t)0x80000000u;
    CU_ASSERT_EQUAL(ls_world_clearance(&w, -1, &k), LS_ERR_BAD_FRAME);
}

/* The queue and batches take whole queries: a sized one comes out as
 * ls_find_path gives it. */
static void test_queue_and_batch_pass_it_through(void)
{
    enum { N = 24 };
    static ls_point pts[N * 400], one[400];
    ls_query qs[N];
    ls_status sts[N];
    ls_result rs[N], r;
    ls_grid *g;
    ls_search *s = NULL;
    ls_batch *b = NULL;
    ls_queue *queue = NULL;
    uint32_t i, differ = 0, sized = 0;
    ls_rng rng;
    ls_rng_seed(&rng, 22003);
    g = tu_random_grid(&rng, 40, 40, 8, 10, 4);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    CU_ASSERT_FATAL(ls_search_create(40, 40, NULL, &s) == LS_OK);
    CU_ASSERT_FATAL(ls_batch_create(40, 40, LS_SEARCH_FULL, 2, NULL, &b) ==
                    LS_OK);
    CU_ASSERT_FATAL(ls_queue_create(40, 40, N, N * 400, NULL, &queue) ==
                    LS_OK);
    for (i = 0; i < N; i++) {
        cl_random_query(&rng, &qs[i], 40, 40);
        qs[i].max_expansions = 0;
        sized += qs[i].clearance > 1;
        CU_ASSERT_EQUAL(ls_queue_submit(queue, i + 1u, &qs[i]), LS_OK);
    }
    CU_ASSERT_EQUAL(ls_batch_run(b, g, qs, N, pts, 400, sts, rs), LS_OK);
    CU_ASSERT_EQUAL(ls_queue_tick(queue, g, 0), LS_OK);
    for (i = 0; i < N; i++) {
        ls_status st = ls_find_path(s, g, &qs[i], one, 400, &r), qst;
        ls_result qr;
        uint32_t len = 0;
        CU_ASSERT_EQUAL(sts[i], st);
        CU_ASSERT_EQUAL(ls_queue_status(queue, i + 1u, &qst), LS_OK);
        CU_ASSERT_EQUAL(qst, st);
        if (st == LS_OK) {
            CU_ASSERT_EQUAL(rs[i].cost, r.cost);
            CU_ASSERT_EQUAL(rs[i].digest, r.digest);
            CU_ASSERT_EQUAL(rs[i].expansions, r.expansions);
            CU_ASSERT_EQUAL(ls_queue_result(queue, i + 1u, &qr), LS_OK);
            CU_ASSERT_EQUAL(qr.digest, r.digest);
            CU_ASSERT_EQUAL(ls_queue_path(queue, i + 1u, pts, 400, &len),
                            LS_OK);
            CU_ASSERT_EQUAL(len, r.path_length);
        }
        differ += st != ls_query_validate(&qs[i], g) && st < 0;
    }
    CU_ASSERT_EQUAL(differ, 0);
    CU_ASSERT(sized >= 10);
    ls_queue_destroy(queue);
    ls_batch_destroy(b);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/* No allocation per sized query, nor per edit. */
static void test_no_allocation(void)
{
    tu_counter gc, sc;
    ls_allocator ga = tu_counting_allocator(&gc);
    ls_allocator sa = tu_counting_allocator(&sc);
    static ls_point pts[4096];
    ls_grid *g = NULL;
    ls_search *s = NULL;
    uint64_t ga0, sa0;
    uint32_t i, ok = 0;
    ls_rng rng;
    ls_rng_seed(&rng, 22004);
    CU_ASSERT_FATAL(ls_grid_create(64, 64, &ga, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(64, 64, &sa, &s) == LS_OK);
    ga0 = gc.allocs;
    sa0 = sc.allocs;
    for (i = 0; i < 500; i++) {
        ls_query q;
        ls_result r;
        cl_random_edit(&rng, g, 64, 64);
        cl_random_query(&rng, &q, 64, 64);
        q.clearance = 2 + ls_rng_below(&rng, 3);
        ok += ls_find_path(s, g, &q, pts, 4096, &r) == LS_OK;
    }
    CU_ASSERT_EQUAL(gc.allocs, ga0);
    CU_ASSERT_EQUAL(sc.allocs, sa0);
    CU_ASSERT(ok >= 20);
    ls_search_destroy(s);
    ls_grid_destroy(g);
    CU_ASSERT(tu_counter_balanced(&gc));
    CU_ASSERT(tu_counter_balanced(&sc));
}

int suite_clearance_register(void)
{
    CU_pSuite s = CU_add_suite("clearance", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "hand-drawn maps, the cap, compact grids",
                     test_hand_drawn) ||
        !CU_add_test(s, "kept clearance == brute force after random edits",
                     test_incremental_equals_brute_force) ||
        !CU_add_test(s, "sized queries == the oracle on the grid they see",
                     test_sized_queries_against_oracle) ||
        !CU_add_test(s, "a (2k-1)-wide gap passes k, 2k-2 does not",
                     test_corridors) ||
        !CU_add_test(s, "JPS, compact grids, above the cap: in order",
                     test_refusals_in_order) ||
        !CU_add_test(s, "ls_world_clearance", test_world_clearance) ||
        !CU_add_test(s, "the queue and batches pass it through",
                     test_queue_and_batch_pass_it_through) ||
        !CU_add_test(s, "no allocation per sized query or edit",
                     test_no_allocation))
        return -1;
    return 0;
}
