/* SPDX-License-Identifier: MIT */
/*
 * suite_heuristics.c - each heuristic's behaviour as seen through searches:
 * exact ones on empty grids expand only the path, admissible ones are
 * optimal (against the independent Dijkstra), the zero heuristic is
 * Dijkstra, weighted A* stays within weight x optimal, and custom step
 * costs are priced as documented.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suites.h"
#include "test_util.h"

enum { CAP = 4096 };
static ls_point path[CAP];
static char why[256];

static uint32_t absdiff(int32_t a, int32_t b)
{
    return a > b ? (uint32_t)(a - b) : (uint32_t)(b - a);
}

static int64_t octile(const ls_query *q)
{
    uint32_t dx = absdiff(q->start_x, q->goal_x);
    uint32_t dy = absdiff(q->start_y, q->goal_y);
    uint32_t lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return (int64_t)lo * q->diagonal_cost + (int64_t)(hi - lo) * q->straight_cost;
}

static int64_t manhattan(const ls_query *q)
{
    return (int64_t)(absdiff(q->start_x, q->goal_x) +
                     absdiff(q->start_y, q->goal_y)) * q->straight_cost;
}

/* Fixed start/goal pairs on a 20 x 15 grid: all eight directions, straight
 * lines, corners and the start == goal case. */
static const int32_t pairs[][4] = {
    { 0, 0, 19, 14 }, { 19, 14, 0, 0 }, { 19, 0, 0, 14 }, { 0, 14, 19, 0 },
    { 3, 7, 17, 7 }, { 17, 7, 3, 7 }, { 9, 0, 9, 14 }, { 9, 14, 9, 0 },
    { 2, 3, 5, 12 }, { 15, 2, 4, 6 }, { 10, 10, 10, 10 }, { 0, 5, 1, 6 },
};
#define NPAIRS (sizeof pairs / sizeof pairs[0])

static void set_pair(ls_query *q, size_t i)
{
    q->start_x = pairs[i][0];
    q->start_y = pairs[i][1];
    q->goal_x = pairs[i][2];
    q->goal_y = pairs[i][3];
}

/* On an empty grid an exact heuristic with the HIGH_G tie-break walks
 * straight to the goal: each expansion is a path cell (the goal is not
 * expanded), so expansions == path_length - 1. */
static void check_exact_on_empty(int32_t connectivity, int32_t heuristic)
{
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_query q;
    ls_result r;
    size_t i;

    CU_ASSERT_FATAL(ls_grid_create(20, 15, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(20, 15, NULL, &s) == LS_OK);
    for (i = 0; i < NPAIRS; i++) {
        int64_t want;
        uint32_t steps;
        ls_query_init(&q);
        q.connectivity = connectivity;
        q.heuristic = heuristic;
        set_pair(&q, i);
        want = connectivity == 8 ? octile(&q) : manhattan(&q);
        steps = connectivity == 8
                    ? (absdiff(q.start_x, q.goal_x) > absdiff(q.start_y, q.goal_y)
                           ? absdiff(q.start_x, q.goal_x)
                           : absdiff(q.start_y, q.goal_y))
                    : absdiff(q.start_x, q.goal_x) + absdiff(q.start_y, q.goal_y);
        CU_ASSERT(tu_find_checked(s, g, &q, path, CAP, &r, why, sizeof why));
        CU_ASSERT_EQUAL(r.status, LS_OK);
        CU_ASSERT_EQUAL(r.cost, want);
        CU_ASSERT_EQUAL(r.path_length, steps + 1);
        CU_ASSERT_EQUAL(r.expansions, steps);
    }
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

static void test_octile_on_empty_8grid_is_exact_and_expands_only_the_path(void)
{
    check_exact_on_empty(LS_CONNECT_8, LS_HEURISTIC_OCTILE);
    check_exact_on_empty(LS_CONNECT_8, LS_HEURISTIC_AUTO);
}

static void test_manhattan_on_empty_4grid_is_exact_and_expands_only_the_path(void)
{
    check_exact_on_empty(LS_CONNECT_4, LS_HEURISTIC_MANHATTAN);
    check_exact_on_empty(LS_CONNECT_4, LS_HEURISTIC_AUTO);
}

/* With h = 0 the search is Dijkstra: before the goal is popped, every cell
 * closer than the goal must be expanded, and no cell farther than it. */
static void test_zero_heuristic_expands_exactly_the_dijkstra_ball(void)
{
    ls_rng rng;
    int i, bad_bounds = 0, bad_cost = 0, more = 0, runs = 0;

    ls_rng_seed(&rng, 11);
    for (i = 0; i < 60; i++) {
        int32_t w = 8 + (int32_t)ls_rng_below(&rng, 17);
        int32_t h = 8 + (int32_t)ls_rng_below(&rng, 17);
        ls_grid *g = tu_random_grid(&rng, w, h, ls_rng_below(&rng, 30), 30, 5);
        ls_search *s = NULL;
        ls_query q;
        ls_result r, ro;
        int64_t *dist;
        size_t c, below = 0, upto = 0;
        int64_t goal;

        CU_ASSERT_FATAL(g != NULL);
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
        ls_query_init(&q);
        q.connectivity = i % 2 ? LS_CONNECT_4 : LS_CONNECT_8;
        q.corner_rule = (int32_t)ls_rng_below(&rng, 3);
        tu_random_open_cell(&rng, g, &q.start_x, &q.start_y);
        tu_random_open_cell(&rng, g, &q.goal_x, &q.goal_y);
        dist = tu_dijkstra_all(g, &q, NULL);
        CU_ASSERT_FATAL(dist != NULL);
        goal = dist[(size_t)q.goal_y * (size_t)w + (size_t)q.goal_x];
        q.heuristic = LS_HEURISTIC_ZERO;
        CU_ASSERT(tu_find_checked(s, g, &q, path, CAP, &r, why, sizeof why));
        if (goal >= 0) {
            for (c = 0; c < (size_t)w * (size_t)h; c++) {
                if (dist[c] >= 0 && dist[c] < goal)
                    below++;
                if (dist[c] >= 0 && dist[c] <= goal)
                    upto++;
            }
            if (r.cost != goal)
                bad_cost++;
            /* upto counts the goal itself, which is never expanded. */
            if (goal > 0 && (r.expansions < below || r.expansions > upto - 1))
                bad_bounds++;
            q.heuristic = LS_HEURISTIC_AUTO;
            CU_ASSERT(tu_find_checked(s, g, &q, path, CAP, &ro, why, sizeof why));
            if (r.expansions > ro.expansions)
                more++;
            runs++;
        } else if (r.status != LS_NO_PATH) {
            bad_cost++;
        }
        free(dist);
        ls_search_destroy(s);
        ls_grid_destroy(g);
    }
    CU_ASSERT_EQUAL(bad_cost, 0);
    CU_ASSERT_EQUAL(bad_bounds, 0);
    /* Dijkstra explores more than A* with an informed heuristic. */
    CU_ASSERT(runs >= 30);
    CU_ASSERT(more * 2 > runs);
}

static void test_zero_heuristic_on_empty_grid_expands_more_than_octile(void)
{
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_query q;
    ls_result rz, ro;
    size_t i;

    CU_ASSERT_FATAL(ls_grid_create(20, 15, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(20, 15, NULL, &s) == LS_OK);
    for (i = 0; i < NPAIRS; i++) {
        ls_query_init(&q);
        set_pair(&q, i);
        q.heuristic = LS_HEURISTIC_ZERO;
        CU_ASSERT(tu_find_checked(s, g, &q, path, CAP, &rz, why, sizeof why));
        q.heuristic = LS_HEURISTIC_OCTILE;
        CU_ASSERT(tu_find_checked(s, g, &q, path, CAP, &ro, why, sizeof why));
        CU_ASSERT_EQUAL(rz.cost, ro.cost);
        if (ro.path_length > 2)
            CU_ASSERT(rz.expansions > ro.expansions);
    }
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/* Admissible heuristics give the Dijkstra cost on random grids with
 * terrain, for both tie-breaks and every corner rule. */
static void check_optimal(int32_t connectivity, int32_t heuristic, uint64_t seed)
{
    ls_rng rng;
    int i, wrong = 0, found = 0;

    ls_rng_seed(&rng, seed);
    for (i = 0; i < 80; i++) {
        int32_t w = 1 + (int32_t)ls_rng_below(&rng, 24);
        int32_t h = 1 + (int32_t)ls_rng_below(&rng, 24);
        ls_grid *g = tu_random_grid(&rng, w, h, ls_rng_below(&rng, 40), 25, 9);
        ls_search *s = NULL;
        ls_query q;
        ls_result r;
        int64_t want;

        CU_ASSERT_FATAL(g != NULL);
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
        ls_query_init(&q);
        q.connectivity = connectivity;
        q.heuristic = heuristic;
        q.corner_rule = (int32_t)ls_rng_below(&rng, 3);
        q.tie_break = (int32_t)ls_rng_below(&rng, 2);
        if (tu_random_open_cell(&rng, g, &q.start_x, &q.start_y) &&
            tu_random_open_cell(&rng, g, &q.goal_x, &q.goal_y)) {
            want = tu_dijkstra(g, &q, NULL);
            if (!tu_find_checked(s, g, &q, path, CAP, &r, why, sizeof why) ||
                r.cost != want)
                wrong++;
            if (want > 0)
                found++;
        }
        ls_search_destroy(s);
        ls_grid_destroy(g);
    }
    CU_ASSERT_EQUAL(wrong, 0);
    CU_ASSERT(found >= 30);
}

static void test_chebyshev_is_optimal(void)
{
    check_optimal(LS_CONNECT_8, LS_HEURISTIC_CHEBYSHEV, 101);
    check_optimal(LS_CONNECT_4, LS_HEURISTIC_CHEBYSHEV, 102);
}

static void test_octile_and_zero_are_optimal(void)
{
    check_optimal(LS_CONNECT_8, LS_HEURISTIC_OCTILE, 103);
    check_optimal(LS_CONNECT_8, LS_HEURISTIC_ZERO, 104);
    check_optimal(LS_CONNECT_4, LS_HEURISTIC_OCTILE, 105);
    check_optimal(LS_CONNECT_4, LS_HEURISTIC_MANHATTAN, 106);
    check_optimal(LS_CONNECT_4, LS_HEURISTIC_ZERO, 107);
}

/* Manhattan overestimates diagonal moves: the path stays legal and never
 * beats the optimum, and on some grids it is really longer. */
static void test_manhattan_on_8grid_gives_legal_paths_maybe_suboptimal(void)
{
    ls_rng rng;
    int i, wrong = 0, longer = 0, found = 0;

    ls_rng_seed(&rng, 202);
    for (i = 0; i < 150; i++) {
        int32_t w = 4 + (int32_t)ls_rng_below(&rng, 21);
        int32_t h = 4 + (int32_t)ls_rng_below(&rng, 21);
        ls_grid *g = tu_random_grid(&rng, w, h, ls_rng_below(&rng, 35), 25, 9);
        ls_search *s = NULL;
        ls_query q;
        ls_result r;
        int64_t want;

        CU_ASSERT_FATAL(g != NULL);
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
        ls_query_init(&q);
        q.heuristic = LS_HEURISTIC_MANHATTAN;
        q.corner_rule = (int32_t)ls_rng_below(&rng, 3);
        if (tu_random_open_cell(&rng, g, &q.start_x, &q.start_y) &&
            tu_random_open_cell(&rng, g, &q.goal_x, &q.goal_y)) {
            want = tu_dijkstra(g, &q, NULL);
            if (!tu_find_checked(s, g, &q, path, CAP, &r, why, sizeof why) ||
                (want < 0) != (r.status == LS_NO_PATH) ||
                (want >= 0 && r.cost < want))
                wrong++;
            if (want >= 0 && r.cost > want)
                longer++;
            if (want > 0)
                found++;
        }
        ls_search_destroy(s);
        ls_grid_destroy(g);
    }
    CU_ASSERT_EQUAL(wrong, 0);
    CU_ASSERT(found >= 50);
    CU_ASSERT(longer > 0);
}

/* Weighted A*: cost <= weight x optimal (exactly, in integers), legal
 * paths, and fewer expansions overall than plain A*. */
static void test_weighted_astar_within_weight_times_optimal(void)
{
    static const char *const weights[] = { "1.5", "2", "3" };
    size_t wi;

    for (wi = 0; wi < 3; wi++) {
        ls_rng rng;
        fix16_t weight;
        int i, wrong = 0, found = 0;
        uint64_t expanded_plain = 0, expanded_weighted = 0;

        CU_ASSERT_FATAL(ls_fix16_parse(weights[wi], &weight) == LS_OK);
        ls_rng_seed(&rng, 300 + wi);
        for (i = 0; i < 100; i++) {
            int32_t w = 4 + (int32_t)ls_rng_below(&rng, 21);
            int32_t h = 4 + (int32_t)ls_rng_below(&rng, 21);
            ls_grid *g = tu_random_grid(&rng, w, h, ls_rng_below(&rng, 35), 30, 9);
            ls_search *s = NULL;
            ls_query q;
            ls_result r, plain;
            int64_t want;

            CU_ASSERT_FATAL(g != NULL);
            CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
            ls_query_init(&q);
            q.connectivity = i % 3 == 0 ? LS_CONNECT_4 : LS_CONNECT_8;
            q.corner_rule = (int32_t)ls_rng_below(&rng, 3);
            q.tie_break = (int32_t)ls_rng_below(&rng, 2);
            if (tu_random_open_cell(&rng, g, &q.start_x, &q.start_y) &&
                tu_random_open_cell(&rng, g, &q.goal_x, &q.goal_y)) {
                want = tu_dijkstra(g, &q, NULL);
                CU_ASSERT(tu_find_checked(s, g, &q, path, CAP, &plain, why,
                                          sizeof why));
                q.weight = weight;
                if (!tu_find_checked(s, g, &q, path, CAP, &r, why, sizeof why))
                    wrong++;
                else if (want < 0 ? r.status != LS_NO_PATH
                                  : (r.status != LS_OK || r.cost < want ||
                                     (int64_t)r.cost * 65536 >
                                         want * (int64_t)weight))
                    wrong++;
                if (want > 0) {
                    found++;
                    expanded_plain += plain.expansions;
                    expanded_weighted += r.expansions;
                }
            }
            ls_search_destroy(s);
            ls_grid_destroy(g);
        }
        CU_ASSERT_EQUAL(wrong, 0);
        CU_ASSERT(found >= 40);
        CU_ASSERT(expanded_weighted < expanded_plain);
    }
}

/* Step costs on an empty grid: the octile formula with the query's
 * costs, and the independent Dijkstra agrees on grids with terrain. */
static void check_step_costs(uint32_t straight, uint32_t diagonal)
{
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_query q;
    ls_result r;
    ls_rng rng;
    size_t i;
    int k, wrong = 0;

    CU_ASSERT_FATAL(ls_grid_create(20, 15, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(20, 15, NULL, &s) == LS_OK);
    for (i = 0; i < NPAIRS; i++) {
        ls_query_init(&q);
        q.straight_cost = straight;
        q.diagonal_cost = diagonal;
        set_pair(&q, i);
        CU_ASSERT(tu_find_checked(s, g, &q, path, CAP, &r, why, sizeof why));
        CU_ASSERT_EQUAL(r.cost, octile(&q));
        q.connectivity = LS_CONNECT_4;
        CU_ASSERT(tu_find_checked(s, g, &q, path, CAP, &r, why, sizeof why));
        CU_ASSERT_EQUAL(r.cost, manhattan(&q));
    }
    ls_search_destroy(s);
    ls_grid_destroy(g);

    ls_rng_seed(&rng, straight * 1000u + diagonal);
    for (k = 0; k < 40; k++) {
        int32_t w = 2 + (int32_t)ls_rng_below(&rng, 20);
        int32_t h = 2 + (int32_t)ls_rng_below(&rng, 20);
        g = tu_random_grid(&rng, w, h, ls_rng_below(&rng, 30), 40, 9);
        CU_ASSERT_FATAL(g != NULL);
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
        ls_query_init(&q);
        q.straight_cost = straight;
        q.diagonal_cost = diagonal;
        q.corner_rule = (int32_t)ls_rng_below(&rng, 3);
        if (tu_random_open_cell(&rng, g, &q.start_x, &q.start_y) &&
            tu_random_open_cell(&rng, g, &q.goal_x, &q.goal_y)) {
            int64_t want = tu_dijkstra(g, &q, NULL);
            if (!tu_find_checked(s, g, &q, path, CAP, &r, why, sizeof why) ||
                r.cost != want)
                wrong++;
        }
        ls_search_destroy(s);
        ls_grid_destroy(g);
    }
    CU_ASSERT_EQUAL(wrong, 0);
}

static void test_custom_step_costs_3_and_4(void)
{
    check_step_costs(3, 4);
}

static void test_custom_step_costs_100_and_141(void)
{
    check_step_costs(100, 141);
}

static void test_step_cost_extremes_equal_and_double(void)
{
    check_step_costs(10, 10);  /* diagonal as cheap as straight */
    check_step_costs(10, 20);  /* diagonal no better than two straights */
    check_step_costs(1, 1);
    check_step_costs(1, 2);
    check_step_costs(65535, 65535);
}

/* A diagonal step into terrain costs diagonal x multiplier. */
static void test_step_into_terrain_costs_base_times_multiplier(void)
{
    static const char *const rows[] = {
        "S9",
        "97",
    };
    ls_grid *g = tu_grid_from_rows(rows, 2);
    ls_search *s = NULL;
    ls_query q;
    ls_result r;

    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_FATAL(ls_search_create(2, 2, NULL, &s) == LS_OK);
    ls_query_init(&q);
    q.goal_x = 1;
    q.goal_y = 1;
    q.straight_cost = 100;
    q.diagonal_cost = 141;
    CU_ASSERT(tu_find_checked(s, g, &q, path, CAP, &r, why, sizeof why));
    CU_ASSERT_EQUAL(r.cost, 141 * 7);
    CU_ASSERT_EQUAL(r.path_length, 2);
    q.connectivity = LS_CONNECT_4;
    CU_ASSERT(tu_find_checked(s, g, &q, path, CAP, &r, why, sizeof why));
    CU_ASSERT_EQUAL(r.cost, 100 * 9 + 100 * 7);
    CU_ASSERT_EQUAL(r.path_length, 3);
    /* The start cell's own terrain is never paid. */
    ls_grid_set(g, 0, 0, 9);
    q.connectivity = LS_CONNECT_8;
    CU_ASSERT(tu_find_checked(s, g, &q, path, CAP, &r, why, sizeof why));
    CU_ASSERT_EQUAL(r.cost, 141 * 7);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

int suite_heuristics_register(void)
{
    CU_pSuite s = CU_add_suite("heuristics", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "octile on empty 8-grid is exact and expands only the path",
                     test_octile_on_empty_8grid_is_exact_and_expands_only_the_path) ||
        !CU_add_test(s, "manhattan on empty 4-grid is exact and expands only the path",
                     test_manhattan_on_empty_4grid_is_exact_and_expands_only_the_path) ||
        !CU_add_test(s, "zero heuristic expands exactly the Dijkstra ball",
                     test_zero_heuristic_expands_exactly_the_dijkstra_ball) ||
        !CU_add_test(s, "zero heuristic on empty grid expands more than octile",
                     test_zero_heuristic_on_empty_grid_expands_more_than_octile) ||
        !CU_add_test(s, "chebyshev is optimal", test_chebyshev_is_optimal) ||
        !CU_add_test(s, "octile, manhattan(4) and zero are optimal",
                     test_octile_and_zero_are_optimal) ||
        !CU_add_test(s, "manhattan on 8-grid gives legal paths, maybe suboptimal",
                     test_manhattan_on_8grid_gives_legal_paths_maybe_suboptimal) ||
        !CU_add_test(s, "weighted A* within weight x optimal",
                     test_weighted_astar_within_weight_times_optimal) ||
        !CU_add_test(s, "custom step costs 3/4", test_custom_step_costs_3_and_4) ||
        !CU_add_test(s, "custom step costs 100/141",
                     test_custom_step_costs_100_and_141) ||
        !CU_add_test(s, "step cost extremes (diagonal = straight, = 2 straight)",
                     test_step_cost_extremes_equal_and_double) ||
        !CU_add_test(s, "step into terrain costs base x multiplier",
                     test_step_into_terrain_costs_base_times_multiplier))
        return -1;
    return 0;
}
