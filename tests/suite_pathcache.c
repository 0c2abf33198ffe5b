/* SPDX-License-Identifier: MIT */
/*
 * suite_pathcache.c - the exact path cache (lockstar_cache.h): every call
 * returns what a fresh ls_find_path returns (status, every ls_result
 * field, every point, nothing written past the path) over random queries
 * with random edits interleaved, on two grids with the same cells; the
 * eviction order of hand-worked cases, by entries and by blocks; what is
 * stored and what not; no allocation after creation; the arguments.
 */
#include <stdio.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "lockstar_hpa.h"
#include "lockstar_jumps.h"
#include "suites.h"
#include "test_util.h"

enum { CAP = 1024 };
static ls_point got[CAP], want[CAP];

static ls_path_cache *make_cache(uint32_t entries, uint32_t points,
                                 const ls_allocator *a)
{
    ls_path_cache_config cfg;
    ls_path_cache *c = NULL;
    ls_path_cache_config_init(&cfg);
    cfg.max_entries = entries;
    cfg.max_points = points;
    CU_ASSERT_EQUAL(ls_path_cache_create(&cfg, a, &c), LS_OK);
    return c;
}

static ls_path_cache_stats stats_of(const ls_path_cache *c)
{
    ls_path_cache_stats st;
    memset(&st, 0, sizeof st);
    CU_ASSERT_EQUAL(ls_path_cache_stats_get(c, &st), LS_OK);
    return st;
}

/* One call through the cache (context cs) and the same call fresh
 * (context fresh), buffers filled alike beforehand: 1 if status, result
 * and the whole buffer agree, else 0 with a note. */
static int same_as_fresh(ls_path_cache *c, ls_search *cs, ls_search *fresh,
                         const ls_grid *g, const ls_query *q,
                         uint32_t capacity, ls_status *status)
{
    ls_result rg, rw;
    ls_status sg, sw;
    memset(got, 0x5A, sizeof got);
    memset(want, 0x5A, sizeof want);
    memset(&rg, 0xA5, sizeof rg);
    memset(&rw, 0xA5, sizeof rw);
    sg = ls_path_cache_find(c, cs, g, q, got, capacity, &rg);
    sw = ls_find_path(fresh, g, q, want, capacity, &rw);
    *status = sw;
    if (sg != sw || memcmp(&rg, &rw, sizeof rg) != 0 ||
        memcmp(got, want, sizeof got) != 0) {
        printf("\n  cache %d fresh %d (%d,%d)->(%d,%d) cap %u: cost %d/%d "
               "exp %u/%u len %u/%u\n",
               (int)sg, (int)sw, (int)q->start_x, (int)q->start_y,
               (int)q->goal_x, (int)q->goal_y, (unsigned)capacity,
               (int)rg.cost, (int)rw.cost, (unsigned)rg.expansions,
               (unsigned)rw.expansions, (unsigned)rg.path_length,
               (unsigned)rw.path_length);
        return 0;
    }
    return 1;
}

/* A query with options drawn from rng; costs and options vary so that
 * the key's every field matters somewhere. */
static void random_query(ls_rng *rng, const ls_grid *g, ls_query *q)
{
    static const uint32_t costs[3][2] = {{10, 14}, {1, 1}, {3, 5}};
    static const fix16_t weights[3] = {0x10000, 0x18000, 0x30000};
    uint32_t k = ls_rng_below(rng, 3);
    ls_query_init(q);
    tu_random_open_cell(rng, g, &q->start_x, &q->start_y);
    tu_random_open_cell(rng, g, &q->goal_x, &q->goal_y);
    q->connectivity = ls_rng_below(rng, 4) ? LS_CONNECT_8 : LS_CONNECT_4;
    q->corner_rule = (int32_t)ls_rng_below(rng, 3);
    q->heuristic = (int32_t)ls_rng_below(rng, 5);
    q->tie_break = (int32_t)ls_rng_below(rng, 2);
    q->straight_cost = costs[k][0];
    q->diagonal_cost = costs[k][1];
    q->weight = weights[ls_rng_below(rng, 3)];
    q->max_expansions = ls_rng_below(rng, 5) ? 0u : 30u;
    q->clearance = ls_rng_below(rng, 6) ? 0u : 2u;
    if (ls_rng_below(rng, 5) == 0) {
        q->algorithm = LS_ALGO_JPS; /* refused on terrain: passed on */
        q->connectivity = LS_CONNECT_8;
        q->corner_rule = LS_CORNERS_NONE;
        q->clearance = 0;
    }
}

/* Random queries from a small pool (so that they repeat), random edits
 * between them (cells, rectangles, an edit and its undo, a cell set to
 * the cost it holds), on two grids that start with the same cells and so
 * the same digest and revision: every answer of a small cache (always
 * evicting) and of a large one equals a fresh search's. */
static void test_random_queries_and_edits_equal_fresh(void)
{
    enum { W = 24, H = 18, POOL = 14, STEPS = 700, ROUNDS = 8 };
    ls_search *cs = NULL, *fresh = NULL;
    ls_path_cache *small = make_cache(5, 96, NULL);
    ls_path_cache *large = make_cache(256, 8192, NULL);
    ls_path_cache_stats ss, ls_;
    uint8_t cells[W * H];
    ls_rng rng;
    int round, step, bad = 0;
    uint64_t okays = 0;

    CU_ASSERT_FATAL(small != NULL && large != NULL);
    CU_ASSERT_FATAL(ls_search_create(W, H, NULL, &cs) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(W, H, NULL, &fresh) == LS_OK);
    ls_rng_seed(&rng, 0x2323u);
    for (round = 0; round < ROUNDS && !bad; round++) {
        ls_grid *grids[2] = {NULL, NULL};
        ls_query pool[POOL];
        int32_t ux = 0, uy = 0;
        uint8_t undo = 1;
        int i, pending_undo = 0;
        for (i = 0; i < W * H; i++)
            cells[i] = ls_rng_below(&rng, 100) < 22 ? 0 :
                       (round % 2 && ls_rng_below(&rng, 100) < 20)
                           ? (uint8_t)(2 + ls_rng_below(&rng, 4)) : 1;
        for (i = 0; i < 2; i++) {
            CU_ASSERT_FATAL(ls_grid_create(W, H, NULL, &grids[i]) == LS_OK);
            CU_ASSERT_FATAL(ls_grid_load(grids[i], cells, sizeof cells) ==
                            LS_OK);
        }
        for (i = 0; i < POOL; i++)
            random_query(&rng, grids[0], &pool[i]);
        for (step = 0; step < STEPS && !bad; step++) {
            ls_grid *g = grids[ls_rng_below(&rng, 4) == 0];
            uint32_t action = ls_rng_below(&rng, 100);
            if (action < 85) {
                const ls_query *q = &pool[ls_rng_below(&rng, POOL)];
                uint32_t cap = ls_rng_below(&rng, 8) ? CAP
                                                     : ls_rng_below(&rng, 12);
                ls_status st;
                if (!same_as_fresh(small, cs, fresh, g, q, cap, &st) ||
                    !same_as_fresh(large, cs, fresh, g, q, cap, &st))
                    bad = 1;
                okays += st == LS_OK;
            } else if (pending_undo) {
                ls_grid_set(grids[0], ux, uy, undo);
                pending_undo = 0;
            } else if (action < 92) {
                ux = (int32_t)ls_rng_below(&rng, W);
                uy = (int32_t)ls_rng_below(&rng, H);
                ls_grid_get(grids[0], ux, uy, &undo);
                ls_grid_set(grids[0], ux, uy,
                            (uint8_t)ls_rng_below(&rng, round % 2 ? 4 : 2));
                pending_undo = ls_rng_below(&rng, 2);
            } else if (action < 97) {
                ls_grid_set_rect(grids[0], (int32_t)ls_rng_below(&rng, W - 3),
                                 (int32_t)ls_rng_below(&rng, H - 3),
                                 1 + (int32_t)ls_rng_below(&rng, 3),
                                 1 + (int32_t)ls_rng_below(&rng, 3),
                                 (uint8_t)ls_rng_below(&rng, 2));
            } else {
                /* The cost it holds: the revision moves, nothing else. */
                uint8_t same;
                ls_grid_get(grids[1], 3, 4, &same);
                ls_grid_set(grids[1], 3, 4, same);
            }
        }
        ls_grid_destroy(grids[0]);
        ls_grid_destroy(grids[1]);
    }
    CU_ASSERT_FALSE(bad);
    ss = stats_of(small);
    ls_ = stats_of(large);
    /* The run must have exercised what it claims to test. */
    CU_ASSERT(okays > 1000);
    CU_ASSERT(ss.hits > 300);
    CU_ASSERT(ss.evictions > 300);
    CU_ASSERT(ls_.hits > ss.hits);
    CU_ASSERT(ss.entries <= 5 && ss.blocks <= 3);
    ls_path_cache_destroy(small);
    ls_path_cache_destroy(large);
    ls_search_destroy(cs);
    ls_search_destroy(fresh);
}

/* Every field of the key parts answers: a query that differs from a
 * stored one in one field only (and whose fresh answer differs) is never
 * given the stored answer. */
static void test_every_key_field_matters(void)
{
    enum { W = 20, H = 14, VARIANTS = 20 };
    static const char *const rows[H] = {
        "....................", ".S..................",
        "....#######.........", "..........#.........",
        "..........#....##...", "..#.......#.........",
        "..#.................", "..#.....#####.......",
        "....................", "......#.............",
        "......#......###....", "......#.............",
        "..................G.", "....................",
    };
    ls_search *cs = NULL, *fresh = NULL;
    ls_path_cache *c = make_cache(64, 4096, NULL);
    ls_grid *g;
    ls_query base, v[VARIANTS];
    ls_result rb, rv;
    ls_status st;
    int i;

    g = tu_grid_from_rows(rows, H);
    CU_ASSERT_FATAL(g != NULL && c != NULL);
    CU_ASSERT_FATAL(ls_search_create(W, H, NULL, &cs) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(W, H, NULL, &fresh) == LS_OK);
    ls_query_init(&base);
    tu_find(rows, H, 'S', &base.start_x, &base.start_y);
    tu_find(rows, H, 'G', &base.goal_x, &base.goal_y);
    for (i = 0; i < VARIANTS; i++)
        v[i] = base;
    v[0].start_x = base.goal_x;
    v[0].start_y = base.goal_y;
    v[0].goal_x = base.start_x;
    v[0].goal_y = base.start_y;
    v[1].goal_x = base.start_x;
    v[1].goal_y = base.start_y;
    v[2].connectivity = LS_CONNECT_4;
    v[3].corner_rule = LS_CORNERS_ALL;
    v[4].heuristic = LS_HEURISTIC_ZERO;
    v[5].heuristic = LS_HEURISTIC_CHEBYSHEV;
    v[6].tie_break = LS_TIE_LOW_G;
    v[7].algorithm = LS_ALGO_JPS;
    v[8].straight_cost = 10;
    v[8].diagonal_cost = 20;
    v[9].straight_cost = 7;
    v[9].diagonal_cost = 10;
    v[10].weight = 0x30000;
    v[11].max_expansions = 5;
    v[12].clearance = 2;
    v[13].start_x = base.goal_x; /* start only */
    v[13].start_y = base.goal_y;
    v[14].heuristic = LS_HEURISTIC_MANHATTAN;
    v[15].start_x = base.start_x + 1; /* each coordinate alone */
    v[16].start_y = base.start_y - 1;
    v[17].goal_x = base.goal_x - 1;
    v[18].goal_y = base.goal_y + 1;
    v[19].straight_cost = 8; /* the straight cost alone */
    CU_ASSERT_EQUAL(ls_find_path(fresh, g, &base, want, CAP, &rb), LS_OK);
    for (i = 0; i < VARIANTS; i++) {
        /* The variant's own answer differs from the base's... */
        ls_find_path(fresh, g, &v[i], want, CAP, &rv);
        CU_ASSERT(memcmp(&rb, &rv, sizeof rb) != 0);
        if (memcmp(&rb, &rv, sizeof rb) == 0)
            printf("\n  variant %d answers as the base\n", i);
        /* ...so through a cache that holds the base, it must be fresh. */
        CU_ASSERT(same_as_fresh(c, cs, fresh, g, &base, CAP, &st));
        CU_ASSERT(same_as_fresh(c, cs, fresh, g, &v[i], CAP, &st));
        CU_ASSERT(same_as_fresh(c, cs, fresh, g, &v[i], CAP, &st));
        CU_ASSERT(same_as_fresh(c, cs, fresh, g, &base, CAP, &st));
    }
    /* The base once stored, then hit: 2 per variant; each variant one
     * miss and one hit. */
    CU_ASSERT_EQUAL(stats_of(c).misses, 1 + VARIANTS);
    CU_ASSERT_EQUAL(stats_of(c).hits, 3 * VARIANTS - 1);
    ls_path_cache_destroy(c);
    ls_search_destroy(cs);
    ls_search_destroy(fresh);
    ls_grid_destroy(g);
}

/* --------------------------------------------- hand-worked eviction */

/* One row of open cells: the query to (k, 0) finds k + 1 points. */
static ls_query row_query(int32_t k, uint32_t max_expansions)
{
    ls_query q;
    ls_query_init(&q);
    q.goal_x = k;
    q.max_expansions = max_expansions;
    return q;
}

/* A call that must agree with a fresh search; returns 1 for a hit. */
static int call(ls_path_cache *c, ls_search *cs, ls_search *fresh,
                const ls_grid *g, ls_query q)
{
    uint64_t hits = stats_of(c).hits;
    ls_status st;
    CU_ASSERT(same_as_fresh(c, cs, fresh, g, &q, CAP, &st));
    return stats_of(c).hits != hits;
}

static void test_eviction_least_recently_used(void)
{
    ls_grid *g = NULL;
    ls_search *cs = NULL, *fresh = NULL;
    ls_path_cache *c = make_cache(3, 1000, NULL);
    ls_path_cache_stats st;
    const ls_query a = row_query(5, 0), b = row_query(6, 0),
                   cq = row_query(7, 0), d = row_query(8, 0);

    CU_ASSERT_FATAL(c != NULL);
    CU_ASSERT_FATAL(ls_grid_create(40, 1, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(40, 1, NULL, &cs) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(40, 1, NULL, &fresh) == LS_OK);
    /* Use order, oldest first, after each call. */
    CU_ASSERT(!call(c, cs, fresh, g, a));  /* A */
    CU_ASSERT(!call(c, cs, fresh, g, b));  /* A B */
    CU_ASSERT(!call(c, cs, fresh, g, cq)); /* A B C */
    CU_ASSERT(call(c, cs, fresh, g, a));   /* B C A */
    CU_ASSERT(!call(c, cs, fresh, g, d));  /* C A D: B evicted */
    CU_ASSERT_EQUAL(stats_of(c).evictions, 1);
    CU_ASSERT(!call(c, cs, fresh, g, b));  /* A D B: C evicted */
    CU_ASSERT(call(c, cs, fresh, g, a));   /* D B A */
    CU_ASSERT(!call(c, cs, fresh, g, cq)); /* B A C: D evicted */
    CU_ASSERT(!call(c, cs, fresh, g, d));  /* A C D: B evicted */
    CU_ASSERT(call(c, cs, fresh, g, a));
    CU_ASSERT(call(c, cs, fresh, g, cq));
    CU_ASSERT(call(c, cs, fresh, g, d));
    st = stats_of(c);
    CU_ASSERT_EQUAL(st.hits, 5);
    CU_ASSERT_EQUAL(st.misses, 7);
    CU_ASSERT_EQUAL(st.stores, 7);
    CU_ASSERT_EQUAL(st.evictions, 4);
    CU_ASSERT_EQUAL(st.entries, 3);
    CU_ASSERT_EQUAL(st.blocks, 3);
    ls_path_cache_destroy(c);
    ls_search_destroy(cs);
    ls_search_destroy(fresh);
    ls_grid_destroy(g);
}

/* A pool of 2 blocks (64 points): paths are dropped, oldest first, until
 * the new one fits; one needing more than the pool is not kept, and
 * nothing is dropped for it; an answer without path takes no block. */
static void test_eviction_by_blocks(void)
{
    ls_grid *g = NULL;
    ls_search *cs = NULL, *fresh = NULL;
    ls_path_cache *c = make_cache(8, 64, NULL);
    ls_path_cache *none = make_cache(8, 0, NULL);
    ls_path_cache_stats st;
    const ls_query p1 = row_query(9, 0), p2 = row_query(19, 0),
                   p3 = row_query(39, 0), limit = row_query(90, 3),
                   longest = row_query(99, 0);

    CU_ASSERT_FATAL(c != NULL && none != NULL);
    CU_ASSERT_FATAL(ls_grid_create(100, 1, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(100, 1, NULL, &cs) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(100, 1, NULL, &fresh) == LS_OK);
    CU_ASSERT_EQUAL(stats_of(c).max_blocks, 2);
    CU_ASSERT(!call(c, cs, fresh, g, p1));    /* P1: 1 block */
    CU_ASSERT(!call(c, cs, fresh, g, p2));    /* P1 P2: 2 blocks */
    CU_ASSERT(!call(c, cs, fresh, g, limit)); /* P1 P2 L: no block */
    st = stats_of(c);
    CU_ASSERT(st.entries == 3 && st.blocks == 2 && st.evictions == 0);
    CU_ASSERT(!call(c, cs, fresh, g, p3));    /* L P3: P1, P2 evicted */
    st = stats_of(c);
    CU_ASSERT(st.entries == 2 && st.blocks == 2 && st.evictions == 2);
    CU_ASSERT(call(c, cs, fresh, g, limit));  /* P3 L */
    CU_ASSERT(!call(c, cs, fresh, g, p1));    /* L P1: P3 evicted */
    st = stats_of(c);
    CU_ASSERT(st.entries == 2 && st.blocks == 1 && st.evictions == 3);
    CU_ASSERT(!call(c, cs, fresh, g, longest)); /* 100 points: not kept */
    CU_ASSERT(!call(c, cs, fresh, g, longest));
    st = stats_of(c);
    CU_ASSERT(st.entries == 2 && st.blocks == 1 && st.evictions == 3);
    CU_ASSERT_EQUAL(st.stores, 5);
    CU_ASSERT_EQUAL(st.misses, 7);
    CU_ASSERT(call(c, cs, fresh, g, limit));
    CU_ASSERT(call(c, cs, fresh, g, p1));

    /* No pool: only answers without a path are kept. */
    CU_ASSERT(!call(none, cs, fresh, g, p1));
    CU_ASSERT(!call(none, cs, fresh, g, p1));
    CU_ASSERT(!call(none, cs, fresh, g, limit));
    CU_ASSERT(call(none, cs, fresh, g, limit));
    st = stats_of(none);
    CU_ASSERT(st.stores == 1 && st.entries == 1 && st.max_blocks == 0);
    ls_path_cache_destroy(c);
    ls_path_cache_destroy(none);
    ls_search_destroy(cs);
    ls_search_destroy(fresh);
    ls_grid_destroy(g);
}

/* ------------------------------------------------ what is stored */

/* A found path that does not fit is not stored; a stored one met with a
 * small buffer gives LS_ERR_BUFFER_TOO_SMALL, result filled, no point. */
static void test_buffer_too_small(void)
{
    ls_grid *g = NULL;
    ls_search *cs = NULL, *fresh = NULL;
    ls_path_cache *c = make_cache(8, 256, NULL);
    const ls_query q = row_query(20, 0);
    ls_status st;

    CU_ASSERT_FATAL(c != NULL);
    CU_ASSERT_FATAL(ls_grid_create(30, 1, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(30, 1, NULL, &cs) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(30, 1, NULL, &fresh) == LS_OK);
    CU_ASSERT(same_as_fresh(c, cs, fresh, g, &q, 20, &st));
    CU_ASSERT_EQUAL(st, LS_ERR_BUFFER_TOO_SMALL);
    CU_ASSERT(stats_of(c).misses == 1 && stats_of(c).stores == 0);
    CU_ASSERT(same_as_fresh(c, cs, fresh, g, &q, 0, &st)); /* NULL-free 0 */
    CU_ASSERT(same_as_fresh(c, cs, fresh, g, &q, 21, &st));
    CU_ASSERT_EQUAL(st, LS_OK);
    CU_ASSERT(stats_of(c).stores == 1);
    CU_ASSERT(same_as_fresh(c, cs, fresh, g, &q, 20, &st));
    CU_ASSERT_EQUAL(st, LS_ERR_BUFFER_TOO_SMALL);
    CU_ASSERT(same_as_fresh(c, cs, fresh, g, &q, 0, &st));
    CU_ASSERT_EQUAL(stats_of(c).hits, 2);
    {
        ls_result r;
        memset(&r, 0, sizeof r);
        CU_ASSERT_EQUAL(ls_path_cache_find(c, cs, g, &q, NULL, 0, &r),
                        LS_ERR_BUFFER_TOO_SMALL);
        CU_ASSERT(r.status == LS_OK && r.path_length == 21);
    }
    ls_path_cache_destroy(c);
    ls_search_destroy(cs);
    ls_search_destroy(fresh);
    ls_grid_destroy(g);
}

/* Calls the search refuses go to ls_find_path every time: the same error,
 * counted neither as hit nor as miss, never stored. */
static void test_refused_calls_pass_through(void)
{
    static const char *const rows[] = {
        "S..#....",
        "...#.2..",
        ".......G",
    };
    ls_grid *g = tu_grid_from_rows(rows, 3);
    ls_search *cs = NULL, *fresh = NULL, *other = NULL, *compact = NULL;
    ls_path_cache *c = make_cache(8, 256, NULL);
    ls_query q;
    ls_status st;
    int k;

    CU_ASSERT_FATAL(g != NULL && c != NULL);
    CU_ASSERT_FATAL(ls_search_create(8, 3, NULL, &cs) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(8, 3, NULL, &fresh) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(9, 3, NULL, &other) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create_with(8, 3, LS_SEARCH_COMPACT, NULL,
                                          &compact) == LS_OK);
    for (k = 0; k < 2; k++) { /* twice: the second is no hit either */
        ls_result r;
        ls_query_init(&q);
        q.goal_x = 7;
        q.goal_y = 2;
        q.start_x = 3; /* blocked */
        CU_ASSERT(same_as_fresh(c, cs, fresh, g, &q, CAP, &st));
        CU_ASSERT_EQUAL(st, LS_ERR_START_BLOCKED);
        q.start_x = 0;
        q.goal_x = 8;
        CU_ASSERT(same_as_fresh(c, cs, fresh, g, &q, CAP, &st));
        CU_ASSERT_EQUAL(st, LS_ERR_GOAL_OUT_OF_BOUNDS);
        q.goal_x = 7;
        q.weight = 0;
        CU_ASSERT(same_as_fresh(c, cs, fresh, g, &q, CAP, &st));
        CU_ASSERT_EQUAL(st, LS_ERR_BAD_WEIGHT);
        q.weight = fix16_one;
        q.algorithm = LS_ALGO_JPS;
        CU_ASSERT(same_as_fresh(c, cs, fresh, g, &q, CAP, &st));
        CU_ASSERT_EQUAL(st, LS_ERR_NOT_UNIFORM);
        q.algorithm = LS_ALGO_ASTAR;
        q.struct_size = 4;
        CU_ASSERT(same_as_fresh(c, cs, fresh, g, &q, CAP, &st));
        CU_ASSERT_EQUAL(st, LS_ERR_BAD_STRUCT_SIZE);
        ls_query_init(&q);
        q.goal_x = 7;
        q.goal_y = 2;
        memset(&r, 0xA5, sizeof r);
        CU_ASSERT_EQUAL(ls_path_cache_find(c, other, g, &q, got, CAP, &r),
                        LS_ERR_GRID_MISMATCH);
        q.tie_break = LS_TIE_LOW_G;
        CU_ASSERT_EQUAL(ls_path_cache_find(c, compact, g, &q, got, CAP, &r),
                        LS_ERR_NEEDS_FULL_CONTEXT);
        CU_ASSERT_EQUAL((uint32_t)r.status, 0xA5A5A5A5u);
    }
    CU_ASSERT(stats_of(c).hits == 0 && stats_of(c).misses == 0 &&
              stats_of(c).entries == 0);
    /* The same query with a full context is found, then hit; a compact
     * context that cannot run it still gets its refusal, not the hit. */
    CU_ASSERT(same_as_fresh(c, cs, fresh, g, &q, CAP, &st));
    CU_ASSERT(same_as_fresh(c, cs, fresh, g, &q, CAP, &st));
    CU_ASSERT_EQUAL(st, LS_OK);
    CU_ASSERT_EQUAL(stats_of(c).hits, 1);
    {
        ls_result r;
        CU_ASSERT_EQUAL(ls_path_cache_find(c, compact, g, &q, got, CAP, &r),
                        LS_ERR_NEEDS_FULL_CONTEXT);
        CU_ASSERT_EQUAL(stats_of(c).hits, 1);
    }
    ls_path_cache_destroy(c);
    ls_search_destroy(cs);
    ls_search_destroy(fresh);
    ls_search_destroy(other);
    ls_search_destroy(compact);
    ls_grid_destroy(g);
}

/* Edits: any edit (even one that sets a cell to its own cost, or one
 * undone) makes the grid's entries unreachable; another grid with the
 * same cells, size, digest and revision shares nothing. A hit leaves the
 * search context as it was; clear drops entries, keeps the counters. */
static void test_edits_grids_context_clear(void)
{
    ls_grid *g = NULL, *twin = NULL;
    ls_search *cs = NULL, *fresh = NULL;
    ls_path_cache *c = make_cache(16, 512, NULL);
    const ls_query q1 = row_query(12, 0), q2 = row_query(3, 0);
    ls_result r;
    uint64_t d1, d2;
    uint32_t r1, r2;

    CU_ASSERT_FATAL(c != NULL);
    CU_ASSERT_FATAL(ls_grid_create(20, 1, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_grid_create(20, 1, NULL, &twin) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(20, 1, NULL, &cs) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(20, 1, NULL, &fresh) == LS_OK);
    ls_grid_digest(g, &d1);
    ls_grid_digest(twin, &d2);
    ls_grid_revision(g, &r1);
    ls_grid_revision(twin, &r2);
    CU_ASSERT(d1 == d2 && r1 == r2);

    CU_ASSERT(!call(c, cs, fresh, g, q1));
    CU_ASSERT(call(c, cs, fresh, g, q1));
    CU_ASSERT(!call(c, cs, fresh, twin, q1));
    ls_grid_set(g, 19, 0, 1); /* its own cost */
    CU_ASSERT(!call(c, cs, fresh, g, q1));
    ls_grid_set(g, 5, 0, 3);
    CU_ASSERT(!call(c, cs, fresh, g, q1));
    ls_grid_set(g, 5, 0, 1); /* undone: the digest is back */
    CU_ASSERT(!call(c, cs, fresh, g, q1));
    CU_ASSERT(call(c, cs, fresh, twin, q1));

    /* A hit leaves the context alone: it still holds q2's answer. */
    CU_ASSERT_EQUAL(ls_path_cache_find(c, cs, g, &q2, got, CAP, &r), LS_OK);
    CU_ASSERT_EQUAL(ls_path_cache_find(c, cs, g, &q1, got, CAP, &r), LS_OK);
    CU_ASSERT_EQUAL(ls_search_result(cs, &r), LS_OK);
    CU_ASSERT_EQUAL(r.path_length, 4);

    CU_ASSERT_EQUAL(ls_path_cache_clear(c), LS_OK);
    CU_ASSERT(stats_of(c).entries == 0 && stats_of(c).blocks == 0);
    CU_ASSERT(stats_of(c).hits == 3 && stats_of(c).misses == 6);
    CU_ASSERT(!call(c, cs, fresh, g, q1));
    CU_ASSERT(call(c, cs, fresh, g, q1));
    ls_path_cache_destroy(c);
    ls_search_destroy(cs);
    ls_search_destroy(fresh);
    ls_grid_destroy(g);
    ls_grid_destroy(twin);
}

/* JPS+ answers are stored (JPS's, from tables every edit keeps exact)
 * and refused once the tables are dropped; HPA answers depend on the
 * hierarchy, which can be rebuilt with other settings without an edit,
 * so they are never stored. */
static void test_tables_kept_with_the_grid(void)
{
    enum { W = 40, H = 30, N = 300 };
    ls_search *cs = NULL, *fresh = NULL;
    ls_path_cache *c = make_cache(64, 8192, NULL);
    ls_hpa_config hc;
    ls_path_cache_stats before;
    ls_grid *g;
    ls_query q[8];
    ls_status st;
    ls_rng rng;
    int i;

    ls_rng_seed(&rng, 23);
    g = tu_random_grid(&rng, W, H, 20, 0, 1);
    CU_ASSERT_FATAL(g != NULL && c != NULL);
    CU_ASSERT_FATAL(ls_search_create(W, H, NULL, &cs) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(W, H, NULL, &fresh) == LS_OK);
    CU_ASSERT_FATAL(ls_grid_build_jumps(g) == LS_OK);
    for (i = 0; i < 8; i++) {
        ls_query_init(&q[i]);
        q[i].algorithm = LS_ALGO_JPS_PLUS;
        tu_random_open_cell(&rng, g, &q[i].start_x, &q[i].start_y);
        tu_random_open_cell(&rng, g, &q[i].goal_x, &q[i].goal_y);
    }
    for (i = 0; i < N; i++) {
        CU_ASSERT(same_as_fresh(c, cs, fresh, g, &q[ls_rng_below(&rng, 8)],
                                CAP, &st));
        if (i % 40 == 39) /* the tables follow the edit */
            ls_grid_set(g, (int32_t)ls_rng_below(&rng, W),
                        (int32_t)ls_rng_below(&rng, H),
                        (uint8_t)ls_rng_below(&rng, 2));
    }
    CU_ASSERT(stats_of(c).hits > 150);
    CU_ASSERT_EQUAL(ls_grid_drop_jumps(g), LS_OK);
    before = stats_of(c);
    for (i = 0; i < 8; i++) {
        CU_ASSERT(same_as_fresh(c, cs, fresh, g, &q[i], CAP, &st));
        CU_ASSERT(st == LS_ERR_NOT_PREPARED || st == LS_ERR_START_BLOCKED ||
                  st == LS_ERR_GOAL_BLOCKED);
    }
    CU_ASSERT_EQUAL(stats_of(c).hits, before.hits);

    /* HPA: one hierarchy, then another of other clusters, no edit. */
    ls_hpa_config_init(&hc);
    for (i = 0; i < 8; i++) {
        q[i].algorithm = LS_ALGO_HPA;
        tu_random_open_cell(&rng, g, &q[i].start_x, &q[i].start_y);
        tu_random_open_cell(&rng, g, &q[i].goal_x, &q[i].goal_y);
    }
    for (i = 0; i < 32; i++) {
        if (i == 0 || i == 16) {
            hc.cluster_size = i ? 8u : 16u;
            CU_ASSERT_FATAL(ls_grid_build_hierarchy(g, &hc) == LS_OK);
        }
        CU_ASSERT(same_as_fresh(c, cs, fresh, g, &q[i % 8], CAP, &st));
    }
    CU_ASSERT_EQUAL(stats_of(c).stores, before.stores);
    CU_ASSERT_EQUAL(stats_of(c).hits, before.hits);
    ls_path_cache_destroy(c);
    ls_search_destroy(cs);
    ls_search_destroy(fresh);
    ls_grid_destroy(g);
}

/* ------------------------------------------------------------ memory */

/* Every byte comes from the caller's allocator at creation (the stats'
 * figure exactly), none after it, all released by destroy; a failure at
 * any allocation gives LS_ERR_OUT_OF_MEMORY and leaks nothing. */
static void test_memory(void)
{
    enum { W = 30, H = 20 };
    tu_counter counter, before;
    ls_allocator a = tu_counting_allocator(&counter);
    ls_path_cache_config cfg;
    ls_path_cache *c = NULL;
    ls_grid *g;
    ls_search *cs = NULL, *fresh = NULL;
    ls_rng rng;
    ls_query fixed;
    ls_status st;
    int i, failures = 0;

    ls_path_cache_config_init(&cfg);
    cfg.max_entries = 7;
    cfg.max_points = 100;
    for (i = 0; i < 20; i++) {
        a = tu_counting_allocator(&counter);
        counter.fail_after = i;
        st = ls_path_cache_create(&cfg, &a, &c);
        if (st == LS_OK)
            break;
        failures++;
        CU_ASSERT_EQUAL(st, LS_ERR_OUT_OF_MEMORY);
        CU_ASSERT_PTR_NULL(c);
        CU_ASSERT(tu_counter_balanced(&counter));
    }
    CU_ASSERT_FATAL(st == LS_OK);
    CU_ASSERT(failures >= 4);
    CU_ASSERT_EQUAL(stats_of(c).bytes, counter.bytes_allocated);
    CU_ASSERT_EQUAL(stats_of(c).max_blocks, 4); /* 100 points: 4 blocks */

    ls_rng_seed(&rng, 77);
    g = tu_random_grid(&rng, W, H, 20, 10, 4);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_FATAL(ls_search_create(W, H, NULL, &cs) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(W, H, NULL, &fresh) == LS_OK);
    random_query(&rng, g, &fixed);
    fixed.clearance = 0;
    fixed.algorithm = LS_ALGO_ASTAR; /* JPS refuses the terrain */
    before = counter;
    for (i = 0; i < 600; i++) {
        ls_query q;
        random_query(&rng, g, &q);
        if (i % 3 == 0) /* repeat one now and then */
            q = fixed;
        CU_ASSERT(same_as_fresh(c, cs, fresh, g, &q, CAP, &st));
        if (i % 50 == 49)
            ls_grid_set(g, (int32_t)ls_rng_below(&rng, W),
                        (int32_t)ls_rng_below(&rng, H), 1);
        if (i == 300)
            ls_path_cache_clear(c);
    }
    CU_ASSERT(stats_of(c).hits > 100);
    CU_ASSERT(stats_of(c).evictions > 100);
    CU_ASSERT_EQUAL(counter.allocs, before.allocs);
    CU_ASSERT_EQUAL(counter.releases, before.releases);
    ls_path_cache_destroy(c);
    CU_ASSERT(tu_counter_balanced(&counter));
    CU_ASSERT_EQUAL(counter.bytes_released, counter.bytes_allocated);
    ls_search_destroy(cs);
    ls_search_destroy(fresh);
    ls_grid_destroy(g);
}

/* --------------------------------------------------------- arguments */

static void test_arguments(void)
{
    ls_path_cache_config cfg;
    ls_path_cache *c = (ls_path_cache *)&cfg;
    ls_path_cache_stats st;
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_query q;
    ls_result r;

    CU_ASSERT_EQUAL(ls_path_cache_config_init(NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_path_cache_config_init(&cfg), LS_OK);
    CU_ASSERT(cfg.struct_size == sizeof cfg && cfg.max_entries == 1024 &&
              cfg.max_points == 65536);
    CU_ASSERT_EQUAL(ls_path_cache_create(&cfg, NULL, NULL),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_path_cache_create(NULL, NULL, &c),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_PTR_NULL(c);
    cfg.struct_size = 8;
    c = (ls_path_cache *)&cfg;
    CU_ASSERT_EQUAL(ls_path_cache_create(&cfg, NULL, &c),
                    LS_ERR_BAD_STRUCT_SIZE);
    CU_ASSERT_PTR_NULL(c);
    ls_path_cache_config_init(&cfg);
    cfg.max_entries = 0;
    CU_ASSERT_EQUAL(ls_path_cache_create(&cfg, NULL, &c), LS_ERR_BAD_SIZE);
    cfg.max_entries = LS_PATH_CACHE_MAX_ENTRIES + 1u;
    CU_ASSERT_EQUAL(ls_path_cache_create(&cfg, NULL, &c), LS_ERR_BAD_SIZE);
    cfg.max_entries = 1;
    cfg.max_points = LS_PATH_CACHE_MAX_POINTS + 1u;
    CU_ASSERT_EQUAL(ls_path_cache_create(&cfg, NULL, &c), LS_ERR_BAD_SIZE);
    CU_ASSERT_PTR_NULL(c);
    cfg.max_points = 0;
    CU_ASSERT_EQUAL(ls_path_cache_create(&cfg, NULL, &c), LS_OK);
    CU_ASSERT_FATAL(c != NULL);

    CU_ASSERT_FATAL(ls_grid_create(4, 4, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(4, 4, NULL, &s) == LS_OK);
    ls_query_init(&q);
    q.goal_x = 3;
    CU_ASSERT_EQUAL(ls_path_cache_find(NULL, s, g, &q, got, CAP, &r),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_path_cache_find(c, NULL, g, &q, got, CAP, &r),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_path_cache_find(c, s, NULL, &q, got, CAP, &r),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_path_cache_find(c, s, g, NULL, got, CAP, &r),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_path_cache_find(c, s, g, &q, got, CAP, NULL),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_path_cache_find(c, s, g, &q, NULL, 4, &r),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_path_cache_find(c, s, g, &q, got, CAP, &r), LS_OK);
    CU_ASSERT_EQUAL(ls_path_cache_stats_get(NULL, &st), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_path_cache_stats_get(c, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_path_cache_clear(NULL), LS_ERR_NULL_ARGUMENT);
    st = stats_of(c);
    CU_ASSERT(st.misses == 1 && st.hits == 0 && st.stores == 0);
    ls_path_cache_destroy(NULL);
    ls_path_cache_destroy(c);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

int suite_pathcache_register(void)
{
    CU_pSuite s = CU_add_suite("pathcache", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "random queries and edits equal fresh searches",
                     test_random_queries_and_edits_equal_fresh) ||
        !CU_add_test(s, "every field of the key matters",
                     test_every_key_field_matters) ||
        !CU_add_test(s, "eviction: least recently used first",
                     test_eviction_least_recently_used) ||
        !CU_add_test(s, "eviction: by blocks; too long; no path",
                     test_eviction_by_blocks) ||
        !CU_add_test(s, "buffer too small", test_buffer_too_small) ||
        !CU_add_test(s, "refused calls pass through",
                     test_refused_calls_pass_through) ||
        !CU_add_test(s, "edits, twin grids, context, clear",
                     test_edits_grids_context_clear) ||
        !CU_add_test(s, "JPS+ stored, HPA never",
                     test_tables_kept_with_the_grid) ||
        !CU_add_test(s, "memory: at creation only, exact bytes",
                     test_memory) ||
        !CU_add_test(s, "arguments", test_arguments))
        return -1;
    return 0;
}
