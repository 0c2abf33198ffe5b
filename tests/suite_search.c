/* SPDX-License-Identifier: MIT */
/*
 * suite_search.c - what one search finds: trivial and unreachable queries,
 * terrain, thin grids and grids at the maximum size, the expansion limit,
 * partial paths and their tie rules, and the parent rule on equal g.
 * (Contexts across queries and threads: suite_context.c; slicing:
 * suite_slicing.c; heuristics and step costs: suite_heuristics.c.)
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

static int has_cost(const ls_grid *g, const ls_point *pts, uint32_t n,
                    uint8_t cost)
{
    uint32_t i;
    for (i = 0; i < n; i++) {
        uint8_t c;
        if (ls_grid_get(g, pts[i].x, pts[i].y, &c) == LS_OK && c == cost)
            return 1;
    }
    return 0;
}

static void test_start_equal_goal_is_one_cell_path_without_expansions(void)
{
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_query q;
    ls_result r;
    ls_point one;
    int algo;

    CU_ASSERT_FATAL(ls_grid_create(6, 5, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(6, 5, NULL, &s) == LS_OK);
    for (algo = LS_ALGO_ASTAR; algo <= LS_ALGO_JPS; algo++) {
        ls_query_init(&q);
        q.algorithm = algo;
        q.start_x = q.goal_x = 4;
        q.start_y = q.goal_y = 3;
        one.x = 4;
        one.y = 3;
        memset(path, 0, sizeof path[0] * 2);
        CU_ASSERT_EQUAL(ls_find_path(s, g, &q, path, CAP, &r), LS_OK);
        CU_ASSERT_EQUAL(r.status, LS_OK);
        CU_ASSERT_EQUAL(r.cost, 0);
        CU_ASSERT_EQUAL(r.path_length, 1);
        CU_ASSERT_EQUAL(r.expansions, 0);
        CU_ASSERT_EQUAL(path[0].x, 4);
        CU_ASSERT_EQUAL(path[0].y, 3);
        CU_ASSERT_EQUAL(r.digest, tu_fnv1a_points(&one, 1));
        /* Sliced: the first step ends it, with any budget. */
        CU_ASSERT_EQUAL(ls_search_begin(s, g, &q), LS_OK);
        CU_ASSERT_EQUAL(ls_search_step(s, 1), LS_OK);
        CU_ASSERT_EQUAL(ls_search_result(s, &r), LS_OK);
        CU_ASSERT_EQUAL(r.expansions, 0);
        CU_ASSERT_EQUAL(r.path_length, 1);
    }
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/* A walled-off goal: LS_NO_PATH after expanding every reachable cell
 * exactly once. */
static void test_unreachable_goal_is_no_path_after_expanding_all_reachable(void)
{
    static const char *const rows[] = {
        "S....#...",
        "..#..#.#.",
        ".....#.G.",
        "..1..#...",
        ".....#...",
    };
    ls_grid *g = tu_grid_from_rows(rows, 5);
    ls_search *s = NULL;
    ls_query q;
    ls_result r;
    uint32_t reached, len = 9;
    int conn, algo;

    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_FATAL(ls_search_create(9, 5, NULL, &s) == LS_OK);
    for (conn = 4; conn <= 8; conn += 4)
        for (algo = LS_ALGO_ASTAR; algo <= LS_ALGO_JPS; algo++) {
            if (algo == LS_ALGO_JPS && conn == 4)
                continue;
            ls_query_init(&q);
            q.connectivity = conn;
            q.algorithm = algo;
            tu_find(rows, 5, 'S', &q.start_x, &q.start_y);
            tu_find(rows, 5, 'G', &q.goal_x, &q.goal_y);
            CU_ASSERT_EQUAL(tu_dijkstra(g, &q, &reached), -1);
            CU_ASSERT_EQUAL(ls_find_path(s, g, &q, path, CAP, &r), LS_NO_PATH);
            CU_ASSERT_EQUAL(r.status, LS_NO_PATH);
            CU_ASSERT_EQUAL(r.cost, -1);
            CU_ASSERT_EQUAL(r.path_length, 0);
            CU_ASSERT_EQUAL(r.digest, 0xcbf29ce484222325ull);
            /* JPS counts jump points, not cells. */
            if (algo == LS_ALGO_ASTAR)
                CU_ASSERT_EQUAL(r.expansions, reached);
            CU_ASSERT_EQUAL(ls_search_path(s, path, CAP, &len), LS_NO_PATH);
            CU_ASSERT_EQUAL(len, 0);
        }
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/* An isolated start: one expansion, no path, the partial path is the start. */
static void test_isolated_start_gives_no_path_and_start_as_partial(void)
{
    static const char *const rows[] = {
        ".#...",
        "#S#..",
        ".#.G.",
    };
    ls_grid *g = tu_grid_from_rows(rows, 3);
    ls_search *s = NULL;
    ls_query q;
    ls_result r;
    uint32_t len = 0;

    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_FATAL(ls_search_create(5, 3, NULL, &s) == LS_OK);
    ls_query_init(&q);
    q.corner_rule = LS_CORNERS_ONE; /* even ONE cannot squeeze out */
    tu_find(rows, 3, 'S', &q.start_x, &q.start_y);
    tu_find(rows, 3, 'G', &q.goal_x, &q.goal_y);
    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, path, CAP, &r), LS_NO_PATH);
    CU_ASSERT_EQUAL(r.expansions, 1);
    CU_ASSERT_EQUAL(ls_search_partial_path(s, path, CAP, &len), LS_OK);
    CU_ASSERT_EQUAL(len, 1);
    CU_ASSERT_EQUAL(path[0].x, 1);
    CU_ASSERT_EQUAL(path[0].y, 1);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/* Straight through cheap ground; around the swamp once it is dearer. */
static void test_cheaper_detour_around_swamp_is_taken(void)
{
    static const char *const swamp[] = {
        "........",
        "S222222G",
        "........",
    };
    static const char *const plain[] = {
        "........",
        "S......G",
        "........",
    };
    ls_grid *gs = tu_grid_from_rows(swamp, 3), *gp = tu_grid_from_rows(plain, 3);
    ls_search *s = NULL;
    ls_query q;
    ls_result r;
    uint32_t i;

    CU_ASSERT_FATAL(gs != NULL && gp != NULL);
    CU_ASSERT_FATAL(ls_search_create(8, 3, NULL, &s) == LS_OK);
    ls_query_init(&q);
    q.start_y = 1;
    q.goal_x = 7;
    q.goal_y = 1;

    /* Plain: the straight row, 7 x 10. */
    CU_ASSERT(tu_find_checked(s, gp, &q, path, CAP, &r, why, sizeof why));
    CU_ASSERT_EQUAL(r.cost, 70);
    CU_ASSERT_EQUAL(r.path_length, 8);
    for (i = 0; i < r.path_length && i < 8; i++) {
        CU_ASSERT_EQUAL(path[i].x, (int32_t)i);
        CU_ASSERT_EQUAL(path[i].y, 1);
    }
    /* Swamp (cost 2: 6 x 20 + 10 = 130 straight): the detour, 14 + 5 x 10
     * + 14 = 78, never entering a swamp cell. */
    CU_ASSERT(tu_find_checked(s, gs, &q, path, CAP, &r, why, sizeof why));
    CU_ASSERT_EQUAL(r.cost, 78);
    CU_ASSERT_EQUAL(r.path_length, 8);
    CU_ASSERT(!has_cost(gs, path, r.path_length, 2));
    CU_ASSERT_EQUAL(r.cost, tu_dijkstra(gs, &q, NULL));
    /* 4-connected: 9 x 10 around, against 130 through. */
    q.connectivity = LS_CONNECT_4;
    CU_ASSERT(tu_find_checked(s, gs, &q, path, CAP, &r, why, sizeof why));
    CU_ASSERT_EQUAL(r.cost, 90);
    CU_ASSERT(!has_cost(gs, path, r.path_length, 2));
    /* With the detour walled off, the swamp is the only way. */
    for (i = 0; i < 8; i++) {
        ls_grid_set(gs, (int32_t)i, 0, LS_CELL_BLOCKED);
        ls_grid_set(gs, (int32_t)i, 2, LS_CELL_BLOCKED);
    }
    CU_ASSERT(tu_find_checked(s, gs, &q, path, CAP, &r, why, sizeof why));
    CU_ASSERT_EQUAL(r.cost, 130);
    ls_search_destroy(s);
    ls_grid_destroy(gs);
    ls_grid_destroy(gp);
}

static void check_thin(int32_t w, int32_t h)
{
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_query q;
    ls_result r;
    int conn, algo;
    int32_t n = w > h ? w : h;

    CU_ASSERT_FATAL(ls_grid_create(w, h, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
    for (conn = 4; conn <= 8; conn += 4)
        for (algo = LS_ALGO_ASTAR; algo <= LS_ALGO_JPS; algo++) {
            if (algo == LS_ALGO_JPS && conn == 4)
                continue;
            ls_query_init(&q);
            q.connectivity = conn;
            q.algorithm = algo;
            q.goal_x = w - 1;
            q.goal_y = h - 1;
            CU_ASSERT(tu_find_checked(s, g, &q, path, CAP, &r, why, sizeof why));
            CU_ASSERT_EQUAL(r.cost, (n - 1) * 10);
            CU_ASSERT_EQUAL(r.path_length, (uint32_t)n);
            /* Back again. */
            q.start_x = w - 1;
            q.start_y = h - 1;
            q.goal_x = 0;
            q.goal_y = 0;
            CU_ASSERT(tu_find_checked(s, g, &q, path, CAP, &r, why, sizeof why));
            CU_ASSERT_EQUAL(r.cost, (n - 1) * 10);
            /* A wall in the middle cuts it. */
            if (n >= 3) {
                ls_grid_set(g, w / 2, h / 2, LS_CELL_BLOCKED);
                CU_ASSERT(tu_find_checked(s, g, &q, path, CAP, &r, why,
                                          sizeof why));
                CU_ASSERT_EQUAL(r.status, LS_NO_PATH);
                ls_grid_set(g, w / 2, h / 2, LS_CELL_OPEN);
            }
        }
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

static void test_one_row_and_one_column_grids(void)
{
    check_thin(50, 1);
    check_thin(1, 50);
    check_thin(2, 1);
    check_thin(1, 2);
}

/* Grids at the maximum width or height: the whole row or column is the
 * path, with cell indices and strides at their largest. */
static void test_full_length_row_and_column_at_max_dimension(void)
{
    static const int32_t sizes[][2] = { { LS_MAX_DIMENSION, 1 },
                                        { 1, LS_MAX_DIMENSION },
                                        { LS_MAX_DIMENSION, 2 } };
    ls_point *pts = malloc((size_t)LS_MAX_DIMENSION * 2 * sizeof *pts);
    size_t i;
    int algo;

    CU_ASSERT_FATAL(pts != NULL);
    for (i = 0; i < 3; i++) {
        int32_t w = sizes[i][0], h = sizes[i][1];
        ls_grid *g = NULL;
        ls_search *s = NULL;
        ls_query q;
        ls_result r;
        CU_ASSERT_FATAL(ls_grid_create(w, h, NULL, &g) == LS_OK);
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
        for (algo = LS_ALGO_ASTAR; algo <= LS_ALGO_JPS; algo++) {
            ls_query_init(&q);
            q.algorithm = algo;
            q.start_x = w - 1;
            q.start_y = h - 1;
            q.goal_x = 0;
            q.goal_y = 0;
            CU_ASSERT(tu_find_checked(s, g, &q, pts, LS_MAX_DIMENSION * 2, &r,
                                      why, sizeof why));
            CU_ASSERT_EQUAL(r.status, LS_OK);
            CU_ASSERT_EQUAL(r.cost, (LS_MAX_DIMENSION - 1) * 10 + (h == 2 ? 4 : 0));
            CU_ASSERT_EQUAL(r.path_length, LS_MAX_DIMENSION);
        }
        ls_search_destroy(s);
        ls_grid_destroy(g);
    }
    free(pts);
}

/* JPS expands jump points, but its partial path still lists every cell:
 * a legal walk from the start. */
static void test_jps_partial_path_is_a_legal_walk(void)
{
    ls_rng rng;
    int i, bad = 0, partials = 0;

    ls_rng_seed(&rng, 1999);
    for (i = 0; i < 120; i++) {
        int32_t w = 8 + (int32_t)ls_rng_below(&rng, 30);
        int32_t h = 8 + (int32_t)ls_rng_below(&rng, 30);
        ls_grid *g = tu_random_grid(&rng, w, h, ls_rng_below(&rng, 40), 0, 1);
        ls_search *s = NULL;
        ls_query q;
        ls_result r;
        uint32_t len = 0;
        char reason[200];

        CU_ASSERT_FATAL(g != NULL);
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
        ls_query_init(&q);
        q.algorithm = LS_ALGO_JPS;
        q.max_expansions = i % 2 ? 1 + ls_rng_below(&rng, 12) : 0;
        tu_random_open_cell(&rng, g, &q.start_x, &q.start_y);
        tu_random_open_cell(&rng, g, &q.goal_x, &q.goal_y);
        if (!tu_find_checked(s, g, &q, path, CAP, &r, why, sizeof why))
            bad++;
        if (r.status != LS_OK &&
            ls_search_partial_path(s, path, CAP, &len) == LS_OK) {
            partials++;
            if (!tu_path_legal(g, &q, path, len, 0, NULL, reason, sizeof reason)) {
                bad++;
                printf("\n    search: JPS partial path: %s", reason);
            }
        }
        ls_search_destroy(s);
        ls_grid_destroy(g);
    }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT(partials >= 30);
}

/* In a corridor each expansion is the next cell: max_expansions = k stops
 * after k cells with a partial path of exactly those k cells; k = 9 is
 * enough for a 10-cell corridor (the goal itself is never expanded). */
static void test_max_expansions_stops_with_partial_path_of_expanded_cells(void)
{
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_query q;
    ls_result r;
    uint32_t k, len, i;

    CU_ASSERT_FATAL(ls_grid_create(10, 1, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(10, 1, NULL, &s) == LS_OK);
    for (k = 1; k <= 11; k++) {
        ls_query_init(&q);
        q.goal_x = 9;
        q.max_expansions = k;
        CU_ASSERT(tu_find_checked(s, g, &q, path, CAP, &r, why, sizeof why));
        if (k < 9) {
            CU_ASSERT_EQUAL(r.status, LS_EXPANSION_LIMIT);
            CU_ASSERT_EQUAL(r.expansions, k);
            CU_ASSERT_EQUAL(ls_search_path(s, path, CAP, &len),
                            LS_EXPANSION_LIMIT);
            CU_ASSERT_EQUAL(len, 0);
            CU_ASSERT_EQUAL(ls_search_partial_path(s, path, CAP, &len), LS_OK);
            CU_ASSERT_EQUAL(len, k);
            for (i = 0; i < len && i < k; i++) {
                CU_ASSERT_EQUAL(path[i].x, (int32_t)i);
                CU_ASSERT_EQUAL(path[i].y, 0);
            }
        } else {
            CU_ASSERT_EQUAL(r.status, LS_OK);
            CU_ASSERT_EQUAL(r.expansions, 9);
            CU_ASSERT_EQUAL(r.cost, 90);
        }
    }
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/* On an open grid, max_expansions = 1 expands only the start (partial =
 * the start); 2 also the first diagonal cell toward the goal. */
static void test_max_expansions_one_and_two_on_open_grid(void)
{
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_query q;
    ls_result r;
    uint32_t len = 0;

    CU_ASSERT_FATAL(ls_grid_create(8, 8, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(8, 8, NULL, &s) == LS_OK);
    ls_query_init(&q);
    q.start_x = 1;
    q.start_y = 1;
    q.goal_x = 6;
    q.goal_y = 6;
    q.max_expansions = 1;
    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, path, CAP, &r), LS_EXPANSION_LIMIT);
    CU_ASSERT_EQUAL(r.expansions, 1);
    CU_ASSERT_EQUAL(ls_search_partial_path(s, path, CAP, &len), LS_OK);
    CU_ASSERT_EQUAL(len, 1);
    CU_ASSERT(path[0].x == 1 && path[0].y == 1);
    q.max_expansions = 2;
    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, path, CAP, &r), LS_EXPANSION_LIMIT);
    CU_ASSERT_EQUAL(r.expansions, 2);
    CU_ASSERT_EQUAL(ls_search_partial_path(s, path, CAP, &len), LS_OK);
    CU_ASSERT_EQUAL(len, 2);
    CU_ASSERT(path[1].x == 2 && path[1].y == 2);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/*
 * The partial path after LS_NO_PATH ends at the expanded cell with the
 * smallest distance to the goal; equal distances are ordered by the search
 * order (f, then g, then cell index). The goal G is walled in; (0,4) and
 * (6,4) are both at distance 30 (3 straight steps).
 */
static const char *const pocket[] = {
    ".......",
    ".#####.",
    ".#####.",
    ".#####.",
    ".##G##.",
    ".#####.",
};

static void check_pocket(int32_t start_x, const ls_point *want, uint32_t n)
{
    ls_grid *g = tu_grid_from_rows(pocket, 6);
    ls_search *s = NULL;
    ls_query q;
    ls_result r;
    uint32_t len = 0;
    int conn, heur;

    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_FATAL(ls_search_create(7, 6, NULL, &s) == LS_OK);
    for (conn = 4; conn <= 8; conn += 4)
        for (heur = LS_HEURISTIC_AUTO; heur <= LS_HEURISTIC_ZERO; heur++) {
            ls_query_init(&q);
            q.connectivity = conn;
            q.heuristic = heur;
            q.start_x = start_x;
            q.goal_x = 3;
            q.goal_y = 4;
            CU_ASSERT_EQUAL(ls_find_path(s, g, &q, path, CAP, &r), LS_NO_PATH);
            memset(path, 0, sizeof path[0] * 16);
            CU_ASSERT_EQUAL(ls_search_partial_path(s, path, CAP, &len), LS_OK);
            CU_ASSERT_EQUAL(len, n);
            if (len == n)
                CU_ASSERT_EQUAL(memcmp(path, want, n * sizeof *want), 0);
        }
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/* From (4,0) the right pocket cell is nearer (g 60 against 80): smaller f
 * wins although its cell index is larger. */
static void test_partial_path_prefers_smaller_f_among_equal_distance(void)
{
    static const ls_point want[] = { { 4, 0 }, { 5, 0 }, { 6, 0 }, { 6, 1 },
                                     { 6, 2 }, { 6, 3 }, { 6, 4 } };
    check_pocket(4, want, 7);
}

/* From (3,0) both are at g 70: the smaller cell index (0,4) wins. */
static void test_partial_path_breaks_full_ties_by_cell_index(void)
{
    static const ls_point want[] = { { 3, 0 }, { 2, 0 }, { 1, 0 }, { 0, 0 },
                                     { 0, 1 }, { 0, 2 }, { 0, 3 }, { 0, 4 } };
    check_pocket(3, want, 8);
}

/* A parent changes only on a strictly smaller g. In a 2 x 2 grid, 4-
 * connected, E (1,0) and S (0,1) both reach the goal at g 20; (1,0) is
 * expanded first (equal f and g, smaller cell index), so the goal keeps it
 * as parent although (0,1) offers the same g later. */
static void test_equal_g_keeps_the_first_parent(void)
{
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_query q;
    ls_result r;
    int tie, heur;

    CU_ASSERT_FATAL(ls_grid_create(2, 2, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(2, 2, NULL, &s) == LS_OK);
    for (tie = LS_TIE_HIGH_G; tie <= LS_TIE_LOW_G; tie++)
        for (heur = LS_HEURISTIC_AUTO; heur <= LS_HEURISTIC_ZERO; heur++) {
            ls_query_init(&q);
            q.connectivity = LS_CONNECT_4;
            q.tie_break = tie;
            q.heuristic = heur;
            q.goal_x = 1;
            q.goal_y = 1;
            CU_ASSERT(tu_find_checked(s, g, &q, path, CAP, &r, why, sizeof why));
            CU_ASSERT_EQUAL(r.cost, 20);
            CU_ASSERT_EQUAL(r.path_length, 3);
            CU_ASSERT(path[1].x == 1 && path[1].y == 0);
        }
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

int suite_search_register(void)
{
    CU_pSuite s = CU_add_suite("search", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "start == goal is a one-cell path without expansions",
                     test_start_equal_goal_is_one_cell_path_without_expansions) ||
        !CU_add_test(s, "unreachable goal is NO_PATH after expanding all reachable",
                     test_unreachable_goal_is_no_path_after_expanding_all_reachable) ||
        !CU_add_test(s, "isolated start gives NO_PATH and the start as partial",
                     test_isolated_start_gives_no_path_and_start_as_partial) ||
        !CU_add_test(s, "cheaper detour around a swamp is taken",
                     test_cheaper_detour_around_swamp_is_taken) ||
        !CU_add_test(s, "one-row and one-column grids",
                     test_one_row_and_one_column_grids) ||
        !CU_add_test(s, "full-length row and column at LS_MAX_DIMENSION",
                     test_full_length_row_and_column_at_max_dimension) ||
        !CU_add_test(s, "JPS partial path is a legal walk",
                     test_jps_partial_path_is_a_legal_walk) ||
        !CU_add_test(s, "max_expansions stops with a partial path of expanded cells",
                     test_max_expansions_stops_with_partial_path_of_expanded_cells) ||
        !CU_add_test(s, "max_expansions 1 and 2 on an open grid",
                     test_max_expansions_one_and_two_on_open_grid) ||
        !CU_add_test(s, "partial path prefers smaller f among equal distance",
                     test_partial_path_prefers_smaller_f_among_equal_distance) ||
        !CU_add_test(s, "partial path breaks full ties by cell index",
                     test_partial_path_breaks_full_ties_by_cell_index) ||
        !CU_add_test(s, "equal g keeps the first parent",
                     test_equal_g_keeps_the_first_parent))
        return -1;
    return 0;
}
