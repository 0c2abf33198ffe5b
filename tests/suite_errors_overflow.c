/* SPDX-License-Identifier: MIT */
/*
 * suite_errors_overflow.c - the errors suite's tests of cost overflow:
 * LS_ERR_COST_OVERFLOW from ls_search_begin and ls_query_validate alike
 * when the start's f already passes LS_COST_MAX, and from A* and JPS when
 * a path's cost would, never a wrapped cost.
 */
#include <stdint.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suite_errors.h"
#include "test_util.h"

/* Begin refuses a query whose start already has f > LS_COST_MAX;
 * ls_query_validate must report the same. 16384 x 1 grid, straight 65535:
 * h(start) = 16383 * 65535, times weight 3 > 2^31 - 1. */
void test_start_f_overflow_is_reported_by_begin_and_validate(void)
{
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_query q;
    ls_result r;

    CU_ASSERT_FATAL(ls_grid_create(LS_MAX_DIMENSION, 1, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(LS_MAX_DIMENSION, 1, NULL, &s) == LS_OK);
    ls_query_init(&q);
    q.goal_x = LS_MAX_DIMENSION - 1;
    q.straight_cost = 65535;
    q.diagonal_cost = 131070;
    /* Weight 2 still fits: 2 * 16383 * 65535 = 2147287810. */
    q.weight = 0x20000;
    q.heuristic = LS_HEURISTIC_MANHATTAN;
    CU_ASSERT_EQUAL(ls_search_begin(s, g, &q), LS_OK);
    q.weight = 0x30000;
    CU_ASSERT_EQUAL(ls_search_begin(s, g, &q), LS_ERR_COST_OVERFLOW);
    CU_ASSERT_EQUAL(ls_search_step(s, 0), LS_ERR_NO_QUERY);
    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, NULL, 0, &r), LS_ERR_COST_OVERFLOW);
    CU_ASSERT_EQUAL(ls_query_validate(&q, g), LS_ERR_COST_OVERFLOW);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/* A 130-cell corridor: 128 steps into terrain 255 at straight 65535 cost
 * 2139062400; the last step into terrain t adds 65535 * t. t = 128 ends at
 * 2147450880 <= LS_COST_MAX; t = 129 would reach 2147516415. */
void test_cost_overflow_on_long_expensive_corridor(void)
{
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_query q;
    ls_result r;
    ls_point pts[130];
    uint32_t len = 99;
    int32_t x;
    int heur;

    CU_ASSERT_FATAL(ls_grid_create(130, 1, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(130, 1, NULL, &s) == LS_OK);
    ls_grid_fill(g, 255);
    for (heur = LS_HEURISTIC_AUTO; heur <= LS_HEURISTIC_ZERO; heur++) {
        ls_query_init(&q);
        q.connectivity = LS_CONNECT_4;
        q.goal_x = 129;
        q.straight_cost = 65535;
        q.diagonal_cost = 131070;
        q.heuristic = heur;
        ls_grid_set(g, 129, 0, 128);
        CU_ASSERT_EQUAL(ls_find_path(s, g, &q, pts, 130, &r), LS_OK);
        CU_ASSERT_EQUAL(r.cost, 2147450880);
        CU_ASSERT_EQUAL(r.path_length, 130);

        ls_grid_set(g, 129, 0, 129);
        CU_ASSERT_EQUAL(ls_find_path(s, g, &q, pts, 130, &r),
                        LS_ERR_COST_OVERFLOW);
        /* Sliced, and what the finished query then reports. */
        CU_ASSERT_EQUAL(ls_search_begin(s, g, &q), LS_OK);
        CU_ASSERT_EQUAL(ls_search_step(s, 0), LS_ERR_COST_OVERFLOW);
        CU_ASSERT_EQUAL(ls_search_step(s, 5), LS_ERR_COST_OVERFLOW);
        CU_ASSERT_EQUAL(ls_search_result(s, &r), LS_ERR_COST_OVERFLOW);
        CU_ASSERT_EQUAL(ls_search_path(s, pts, 130, &len), LS_ERR_COST_OVERFLOW);
        CU_ASSERT_EQUAL(len, 0);
        CU_ASSERT_EQUAL(ls_search_partial_path(s, pts, 130, &len),
                        LS_ERR_NO_PARTIAL);
    }
    /* 8-connectivity (no diagonal fits in one row) overflows the same way. */
    q.connectivity = LS_CONNECT_8;
    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, pts, 130, &r), LS_ERR_COST_OVERFLOW);
    for (x = 0; x < 130; x++)
        ls_grid_set(g, x, 0, 1);
    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, pts, 130, &r), LS_OK);
    CU_ASSERT_EQUAL(r.cost, 129 * 65535);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/* A serpentine of 128 one-cell corridors, 256 wide, joined at alternate
 * ends: the only path has 32894 straight steps. At straight 65535 its cost
 * (2155708290) exceeds LS_COST_MAX: A* and JPS must both report the
 * overflow, never a wrapped cost; at straight 1000 both find 32894000. */
void test_cost_overflow_on_long_serpentine_for_astar_and_jps(void)
{
    enum { SW = 256, SH = 255 };
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_query q;
    ls_result r;
    int32_t x, y;
    int algo;

    CU_ASSERT_FATAL(ls_grid_create(SW, SH, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(SW, SH, NULL, &s) == LS_OK);
    for (y = 1; y < SH; y += 2)
        for (x = 0; x < SW; x++)
            if (x != (y % 4 == 1 ? SW - 1 : 0))
                ls_grid_set(g, x, y, LS_CELL_BLOCKED);
    for (algo = LS_ALGO_ASTAR; algo <= LS_ALGO_JPS; algo++) {
        ls_query_init(&q);
        q.algorithm = algo;
        q.goal_x = 0; /* the last corridor (y = 254) is walked right to left */
        q.goal_y = SH - 1;
        q.straight_cost = 1000;
        q.diagonal_cost = 1414;
        CU_ASSERT_EQUAL(ls_find_path(s, g, &q, NULL, 0, &r), LS_ERR_BUFFER_TOO_SMALL);
        CU_ASSERT_EQUAL(r.cost, 32894000);
        CU_ASSERT_EQUAL(r.path_length, 32895);
        if (algo == LS_ALGO_ASTAR)
            CU_ASSERT_EQUAL(tu_dijkstra(g, &q, NULL), 32894000);
        q.straight_cost = 65535;
        q.diagonal_cost = 131070;
        CU_ASSERT_EQUAL(ls_find_path(s, g, &q, NULL, 0, &r), LS_ERR_COST_OVERFLOW);
        q.heuristic = LS_HEURISTIC_ZERO;
        CU_ASSERT_EQUAL(ls_find_path(s, g, &q, NULL, 0, &r), LS_ERR_COST_OVERFLOW);
    }
    ls_search_destroy(s);
    ls_grid_destroy(g);
}
