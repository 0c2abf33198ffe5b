/* SPDX-License-Identifier: MIT */
/*
 * suite_smooth.c - smoothing (ls_smooth_path): on thousands of paths the
 * search finds on random terrain, the waypoints are those of the oracle
 * library's smoothing rule (tests/oracle/oracle.h: each the farthest
 * qualifying path cell, with the brute-force touched cells), no shortcut
 * touches terrain dearer than the stretch it replaces (ls_line_cost), and
 * the waypoints are never longer than the path in several world frames;
 * plus pictures, in-place smoothing, buffers and arguments.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suites.h"
#include "test_util.h"

enum { CAP = 4096 };
static ls_point path[CAP], way[CAP], again[CAP], rule[CAP];
static uint32_t rule_at[CAP];

static uint8_t cost_of(const ls_grid *g, ls_point p)
{
    uint8_t c = 0;
    CU_ASSERT_EQUAL(ls_grid_get(g, p.x, p.y, &c), LS_OK);
    return c;
}

/* Check every promise of ls_smooth_path for p[0..n) and its waypoints
 * w[0..m); returns the number of broken ones (and says which). */
static int check_smoothing(const ls_grid *g, const ls_point *p, uint32_t n,
                           const ls_point *w, uint32_t m)
{
    static const fix16_t sizes[] = { 65536, 1, 3, 65535, 1 << 20, 40000 };
    uint32_t i = 0, k, j;
    int broken = 0;
    size_t s;
    if (m == 0 || m > n || w[0].x != p[0].x || w[0].y != p[0].y ||
        w[m - 1].x != p[n - 1].x || w[m - 1].y != p[n - 1].y) {
        fprintf(stderr, "\n    waypoints do not run from start to goal\n");
        return 1;
    }
    /* The oracle's waypoints: each the farthest qualifying path cell. */
    {
        int32_t gw = 0, gh = 0;
        uint8_t *cells = tu_cells(g, &gw, &gh);
        uint32_t om = 0;
        CU_ASSERT_PTR_NOT_NULL_FATAL(cells);
        CU_ASSERT_EQUAL_FATAL(or_smooth(cells, gw, gh, p, n, rule, rule_at,
                                        CAP, &om), LS_OK);
        free(cells);
        for (k = 0; k < m && k < om; k++)
            if (w[k].x != rule[k].x || w[k].y != rule[k].y)
                break;
        if (k < m || om != m) {
            fprintf(stderr, "\n    waypoint %u of %u: the oracle's rule "
                    "gives another (of %u)\n", (unsigned)k, (unsigned)m,
                    (unsigned)om);
            return 1;
        }
    }
    for (k = 1; k < m; k++) {
        const uint32_t far = rule_at[k];
        /* The terrain rule, stated on its own. */
        if (far > i + 1) {
            uint8_t most = 0, dearest = 0;
            for (j = i; j <= far; j++)
                if (cost_of(g, p[j]) > dearest)
                    dearest = cost_of(g, p[j]);
            CU_ASSERT_EQUAL(ls_line_cost(g, p[i].x, p[i].y, p[far].x,
                                         p[far].y, &most), LS_OK);
            if (most == 0 || most > dearest) {
                fprintf(stderr, "\n    shortcut %u -> %u crosses cost %u > %u\n",
                        (unsigned)i, (unsigned)far, most, dearest);
                broken++;
            }
        }
        i = far;
    }
    if (i != n - 1)
        broken++;
    /* Never longer, in every frame. */
    for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        const ls_world f = { -123456, 98765, sizes[s] };
        fix16_t lp = 0, lw = 0;
        const ls_status sp = ls_world_path_length(&f, p, n, &lp);
        const ls_status sw = ls_world_path_length(&f, w, m, &lw);
        if (sp == LS_OK && (sw != LS_OK || lw > lp)) {
            fprintf(stderr, "\n    size %d: waypoints %d longer than path %d\n",
                    (int)sizes[s], (int)lw, (int)lp);
            broken++;
        }
    }
    return broken;
}

static void smooth_random_paths(uint64_t seed, int rounds, int connect,
                                int corners, int *paths_checked)
{
    ls_rng rng;
    int round, bad = 0;
    ls_rng_seed(&rng, seed);
    rounds = (int)tu_trials((uint32_t)rounds); /* fewer when emulated */
    for (round = 0; round < rounds && bad == 0; round++) {
        const int32_t w = 8 + (int32_t)ls_rng_below(&rng, 24);
        const int32_t h = 8 + (int32_t)ls_rng_below(&rng, 24);
        ls_grid *g = tu_random_grid(&rng, w, h, ls_rng_below(&rng, 35),
                                    ls_rng_below(&rng, 60), 9);
        ls_search *s = NULL;
        int q;
        CU_ASSERT_PTR_NOT_NULL_FATAL(g);
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
        for (q = 0; q < 20 && bad == 0; q++) {
            ls_query query;
            ls_result r;
            uint32_t m = 0;
            ls_query_init(&query);
            query.connectivity = connect;
            query.corner_rule = corners;
            if (!tu_random_open_cell(&rng, g, &query.start_x, &query.start_y) ||
                !tu_random_open_cell(&rng, g, &query.goal_x, &query.goal_y))
                break;
            if (ls_find_path(s, g, &query, path, CAP, &r) != LS_OK)
                continue;
            CU_ASSERT_EQUAL_FATAL(ls_smooth_path(g, path, r.path_length, way,
                                                 CAP, &m), LS_OK);
            bad += check_smoothing(g, path, r.path_length, way, m);
            (*paths_checked)++;
        }
        ls_search_destroy(s);
        ls_grid_destroy(g);
    }
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_found_paths_8_connected(void)
{
    int n = 0;
    smooth_random_paths(11, 120, LS_CONNECT_8, LS_CORNERS_NONE, &n);
    CU_ASSERT(n > (int)tu_trials(1000));
}

static void test_found_paths_corner_cutting_and_4_connected(void)
{
    int n = 0;
    smooth_random_paths(12, 40, LS_CONNECT_8, LS_CORNERS_ONE, &n);
    smooth_random_paths(13, 40, LS_CONNECT_8, LS_CORNERS_ALL, &n);
    smooth_random_paths(14, 40, LS_CONNECT_4, LS_CORNERS_NONE, &n);
    CU_ASSERT(n > (int)tu_trials(1000));
}

/* Any cells, not only legal paths: jumps, repeats, blocked cells. */
static void test_arbitrary_cell_sequences(void)
{
    ls_rng rng;
    int round, bad = 0;
    ls_rng_seed(&rng, 15);
    for (round = 0; round < 300 && bad == 0; round++) {
        const int32_t w = 3 + (int32_t)ls_rng_below(&rng, 12);
        const int32_t h = 3 + (int32_t)ls_rng_below(&rng, 12);
        ls_grid *g = tu_random_grid(&rng, w, h, 20, 40, 5);
        const uint32_t n = 1 + ls_rng_below(&rng, 30);
        uint32_t i, m = 0;
        CU_ASSERT_PTR_NOT_NULL_FATAL(g);
        for (i = 0; i < n; i++) {
            path[i].x = (int32_t)ls_rng_below(&rng, (uint32_t)w);
            path[i].y = (int32_t)ls_rng_below(&rng, (uint32_t)h);
        }
        CU_ASSERT_EQUAL_FATAL(ls_smooth_path(g, path, n, way, CAP, &m), LS_OK);
        bad += check_smoothing(g, path, n, way, m);
        ls_grid_destroy(g);
    }
    CU_ASSERT_EQUAL(bad, 0);
}

static ls_grid *picture(const char *const *rows, int32_t h)
{
    ls_grid *g = tu_grid_from_rows(rows, h);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    return g;
}

static void test_pictures(void)
{
    /* An L-shaped path on open ground: one straight shortcut. */
    static const char *const open[] = {
        ".....",
        ".....",
        ".....",
    };
    static const ls_point l_path[] = { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 3, 0 },
                                       { 4, 1 }, { 4, 2 } };
    /* The path goes round a swamp (9) the straight line would cross. */
    static const char *const swamp[] = {
        ".....",
        ".999.",
        ".....",
    };
    static const ls_point round_path[] = { { 0, 1 }, { 0, 0 }, { 1, 0 },
                                           { 2, 0 }, { 3, 0 }, { 4, 0 },
                                           { 4, 1 } };
    /* A path through the swamp may cut across it: it crossed it anyway. */
    static const ls_point through[] = { { 0, 1 }, { 1, 1 }, { 2, 1 },
                                        { 3, 1 }, { 4, 1 } };
    /* Farthest, not first failure: p[2] is hidden from p[0] by the wall
     * but p[3] is in sight. */
    static const char *const wall[] = {
        "...",
        ".#.",
        "...",
    };
    static const ls_point hidden[] = { { 0, 2 }, { 0, 1 }, { 2, 0 },
                                       { 0, 0 } };
    ls_grid *g = picture(open, 3);
    uint32_t m = 0;
    CU_ASSERT_EQUAL(ls_smooth_path(g, l_path, 6, way, 8, &m), LS_OK);
    CU_ASSERT_EQUAL(m, 2u);
    CU_ASSERT(way[0].x == 0 && way[0].y == 0 && way[1].x == 4 && way[1].y == 2);
    ls_grid_destroy(g);

    g = picture(swamp, 3);
    CU_ASSERT_EQUAL(ls_smooth_path(g, round_path, 7, way, 8, &m), LS_OK);
    /* (0,1) sees nothing past (0,0) without touching the swamp; from
     * (0,0) the row leads to (4,0). */
    CU_ASSERT_EQUAL(m, 4u);
    CU_ASSERT(way[1].x == 0 && way[1].y == 0);
    CU_ASSERT(way[2].x == 4 && way[2].y == 0);
    CU_ASSERT_EQUAL(check_smoothing(g, round_path, 7, way, m), 0);
    CU_ASSERT_EQUAL(ls_smooth_path(g, through, 5, way, 8, &m), LS_OK);
    CU_ASSERT_EQUAL(m, 2u);
    ls_grid_destroy(g);

    g = picture(wall, 3);
    CU_ASSERT_EQUAL(ls_smooth_path(g, hidden, 4, way, 8, &m), LS_OK);
    CU_ASSERT_EQUAL(check_smoothing(g, hidden, 4, way, m), 0);
    CU_ASSERT_EQUAL(m, 2u);
    CU_ASSERT(way[1].x == 0 && way[1].y == 0);
    ls_grid_destroy(g);
}

static void test_in_place_and_buffers(void)
{
    ls_rng rng;
    ls_grid *g;
    ls_search *s = NULL;
    ls_query q;
    ls_result r;
    uint32_t m = 0, m2 = 0, i;
    int tries = 0;
    ls_rng_seed(&rng, 16);
    g = tu_random_grid(&rng, 30, 30, 25, 30, 4);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    CU_ASSERT_FATAL(ls_search_create(30, 30, NULL, &s) == LS_OK);
    ls_query_init(&q);
    do { /* a path with at least 3 waypoints */
        tu_random_open_cell(&rng, g, &q.start_x, &q.start_y);
        tu_random_open_cell(&rng, g, &q.goal_x, &q.goal_y);
        if (ls_find_path(s, g, &q, path, CAP, &r) == LS_OK)
            ls_smooth_path(g, path, r.path_length, way, CAP, &m);
    } while (m < 3 && ++tries < 1000);
    CU_ASSERT_FATAL(m >= 3);
    /* too small: the number needed, nothing written */
    memset(again, 0x33, sizeof again);
    CU_ASSERT_EQUAL(ls_smooth_path(g, path, r.path_length, again, m - 1, &m2),
                    LS_ERR_BUFFER_TOO_SMALL);
    CU_ASSERT_EQUAL(m2, m);
    for (i = 0; i < m; i++)
        CU_ASSERT(again[i].x == 0x33333333 && again[i].y == 0x33333333);
    CU_ASSERT_EQUAL(ls_smooth_path(g, path, r.path_length, NULL, 0, &m2),
                    LS_ERR_BUFFER_TOO_SMALL);
    CU_ASSERT_EQUAL(m2, m);
    /* exactly enough (below count: the two-pass route) */
    CU_ASSERT_EQUAL(ls_smooth_path(g, path, r.path_length, again, m, &m2), LS_OK);
    CU_ASSERT_EQUAL(m2, m);
    CU_ASSERT_EQUAL(memcmp(again, way, m * sizeof way[0]), 0);
    CU_ASSERT(again[m].x == 0x33333333);
    /* in place */
    CU_ASSERT_EQUAL(ls_smooth_path(g, path, r.path_length, path, CAP, &m2), LS_OK);
    CU_ASSERT_EQUAL(m2, m);
    CU_ASSERT_EQUAL(memcmp(path, way, m * sizeof way[0]), 0);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

static void test_arguments(void)
{
    ls_grid *g = NULL;
    const ls_point pts[3] = { { 0, 0 }, { 1, 1 }, { 2, 1 } };
    const ls_point outside[2] = { { 0, 0 }, { 3, 0 } };
    const ls_point negative[2] = { { 0, -1 }, { 1, 0 } };
    ls_point out[3];
    uint32_t m = 77;
    CU_ASSERT_FATAL(ls_grid_create(3, 2, NULL, &g) == LS_OK);
    CU_ASSERT_EQUAL(ls_smooth_path(NULL, pts, 3, out, 3, &m), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_smooth_path(g, NULL, 3, out, 3, &m), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_smooth_path(g, pts, 3, out, 3, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_smooth_path(g, pts, 3, NULL, 3, &m), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_smooth_path(g, pts, 0, out, 3, &m), LS_ERR_BAD_SIZE);
    CU_ASSERT_EQUAL(ls_smooth_path(g, outside, 2, out, 3, &m),
                    LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_smooth_path(g, negative, 2, out, 3, &m),
                    LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(m, 77u);
    /* one point: itself */
    CU_ASSERT_EQUAL(ls_smooth_path(g, pts, 1, out, 3, &m), LS_OK);
    CU_ASSERT(m == 1 && out[0].x == 0 && out[0].y == 0);
    ls_grid_destroy(g);
}

/* Smoothing never allocates: the grid's counting allocator sees nothing,
 * and neither do line of sight, world conversion or following. */
static void test_no_allocation(void)
{
    tu_counter c;
    ls_allocator a = tu_counting_allocator(&c);
    ls_grid *g = NULL;
    tu_counter before;
    const ls_point pts[4] = { { 0, 0 }, { 1, 1 }, { 2, 2 }, { 3, 2 } };
    ls_point out[4], cell;
    uint32_t m;
    int32_t clear;
    const ls_world w = { 0, 0, 65536 };
    ls_agent agent;
    fix16_t x, y;
    CU_ASSERT_FATAL(ls_grid_create(4, 4, &a, &g) == LS_OK);
    before = c;
    CU_ASSERT_EQUAL(ls_smooth_path(g, pts, 4, out, 4, &m), LS_OK);
    CU_ASSERT_EQUAL(ls_smooth_path(g, pts, 4, out, 2, &m), LS_OK);
    CU_ASSERT_EQUAL(ls_line_of_sight(g, 0, 0, 3, 2, &clear), LS_OK);
    CU_ASSERT_EQUAL(ls_world_to_cell(&w, g, 70000, 3, &cell), LS_OK);
    CU_ASSERT_EQUAL(ls_world_cell_center(&w, 3, 2, &x, &y), LS_OK);
    CU_ASSERT_EQUAL(ls_agent_init(&agent, &w, x, y, 30000), LS_OK);
    CU_ASSERT_EQUAL(ls_agent_follow(&agent, out, m), LS_OK);
    CU_ASSERT_EQUAL(ls_agent_step(&agent, out, m), LS_OK);
    CU_ASSERT_EQUAL(c.allocs, before.allocs);
    CU_ASSERT_EQUAL(c.failed, before.failed);
    ls_grid_destroy(g);
    CU_ASSERT(tu_counter_balanced(&c));
}

int suite_smooth_register(void)
{
    CU_pSuite s = CU_add_suite("smooth", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "found paths, 8-connected",
                     test_found_paths_8_connected) ||
        !CU_add_test(s, "found paths, corner cutting and 4-connected",
                     test_found_paths_corner_cutting_and_4_connected) ||
        !CU_add_test(s, "arbitrary cell sequences",
                     test_arbitrary_cell_sequences) ||
        !CU_add_test(s, "pictures", test_pictures) ||
        !CU_add_test(s, "in place and buffers", test_in_place_and_buffers) ||
        !CU_add_test(s, "arguments", test_arguments) ||
        !CU_add_test(s, "no allocation", test_no_allocation))
        return -1;
    return 0;
}
