/* SPDX-License-Identifier: MIT */
/*
 * suite_errors.c - every error status of every public function: NULL
 * arguments, query validation, buffers too small, the query life cycle.
 * The suite's other tests: the statuses themselves (fixed values, strings,
 * names) in suite_errors_status.c; cost overflow in
 * suite_errors_overflow.c. This file registers all of them, in one order.
 * (ls_fix16_parse's refusals of bad text: suite_numbers.c.)
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suite_errors.h"
#include "suites.h"
#include "test_util.h"

#define SENTINEL 0x5a

/* A 10 x 8 grid with one blocked cell at (5, 5), and a context for it. */
static ls_grid *grid;
static ls_search *search;

static int setup(void)
{
    if (ls_grid_create(10, 8, NULL, &grid) != LS_OK ||
        ls_search_create(10, 8, NULL, &search) != LS_OK)
        return -1;
    return ls_grid_set(grid, 5, 5, LS_CELL_BLOCKED) == LS_OK ? 0 : -1;
}

static int teardown(void)
{
    ls_search_destroy(search);
    ls_grid_destroy(grid);
    return 0;
}

static ls_query valid_query(void)
{
    ls_query q;
    ls_query_init(&q);
    q.start_x = 1;
    q.start_y = 1;
    q.goal_x = 8;
    q.goal_y = 6;
    return q;
}

static int all_bytes(const void *p, size_t n, unsigned char v)
{
    const unsigned char *b = p;
    size_t i;
    for (i = 0; i < n; i++)
        if (b[i] != v)
            return 0;
    return 1;
}

/* The same error from validate, begin and find_path, and the context
 * holds no query afterwards. */
static void expect_query_error(const ls_query *q, ls_status want)
{
    ls_result r;
    ls_point pts[4];
    CU_ASSERT_EQUAL(ls_query_validate(q, grid), want);
    CU_ASSERT_EQUAL(ls_search_begin(search, grid, q), want);
    CU_ASSERT_EQUAL(ls_search_step(search, 0), LS_ERR_NO_QUERY);
    CU_ASSERT_EQUAL(ls_search_result(search, &r), LS_ERR_NO_QUERY);
    CU_ASSERT_EQUAL(ls_find_path(search, grid, q, pts, 4, &r), want);
}

/* -------------------------------------------------- NULL arguments */

static void test_null_arguments_everywhere(void)
{
    ls_query q = valid_query();
    ls_result r;
    ls_point pts[4];
    uint32_t len = 7, rev;
    int32_t w, h;
    uint8_t c, cells[80];
    uint64_t d;
    fix16_t f;
    ls_grid *g;
    ls_search *s;

    memset(cells, 1, sizeof cells);
    CU_ASSERT_EQUAL(ls_grid_create(3, 3, NULL, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_size(NULL, &w, &h), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_size(grid, NULL, &h), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_size(grid, &w, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_get(NULL, 0, 0, &c), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_get(grid, 0, 0, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_set(NULL, 0, 0, 1), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_fill(NULL, 1), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_load(NULL, cells, 80), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_load(grid, NULL, 80), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_revision(NULL, &rev), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_revision(grid, NULL), LS_ERR_NULL_ARGUMENT);

    CU_ASSERT_EQUAL(ls_query_init(NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_query_validate(NULL, grid), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_query_validate(&q, NULL), LS_ERR_NULL_ARGUMENT);

    CU_ASSERT_EQUAL(ls_search_create(3, 3, NULL, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_search_begin(NULL, grid, &q), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_search_begin(search, NULL, &q), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_search_begin(search, grid, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_search_step(NULL, 0), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_search_result(NULL, &r), LS_ERR_NULL_ARGUMENT);

    /* With a finished query in the context, so only the NULL is wrong. */
    CU_ASSERT_EQUAL_FATAL(ls_find_path(search, grid, &q, pts, 0, &r),
                          LS_ERR_BUFFER_TOO_SMALL);
    CU_ASSERT_EQUAL(ls_search_result(search, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_search_path(NULL, pts, 4, &len), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_search_path(search, pts, 4, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_search_path(search, NULL, 4, &len), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_search_partial_path(NULL, pts, 4, &len),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_search_partial_path(search, pts, 4, NULL),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_search_partial_path(search, NULL, 4, &len),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_find_path(NULL, grid, &q, pts, 4, &r), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_find_path(search, NULL, &q, pts, 4, &r), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_find_path(search, grid, NULL, pts, 4, &r), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_find_path(search, grid, &q, pts, 4, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_find_path(search, grid, &q, NULL, 4, &r), LS_ERR_NULL_ARGUMENT);

    CU_ASSERT_EQUAL(ls_path_digest(pts, 1, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_path_digest(NULL, 1, &d), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_path_digest(NULL, 0, &d), LS_OK);
    CU_ASSERT_EQUAL(d, 0xcbf29ce484222325ull);
    CU_ASSERT_EQUAL(ls_fix16_parse(NULL, &f), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_fix16_parse("1", NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_rng_seed(NULL, 1), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_rng_next(NULL), 0);
    CU_ASSERT_EQUAL(ls_rng_below(NULL, 10), 0);

    /* Creation with a NULL out never allocated anything to leak; a good
     * one still works afterwards. */
    g = NULL;
    s = NULL;
    CU_ASSERT_EQUAL(ls_grid_create(3, 3, NULL, &g), LS_OK);
    CU_ASSERT_EQUAL(ls_search_create(3, 3, NULL, &s), LS_OK);
    ls_grid_destroy(g);
    ls_search_destroy(s);
}

/* points may be NULL when capacity is 0: the way to ask for the length. */
static void test_null_points_with_zero_capacity_asks_for_length(void)
{
    ls_query q = valid_query();
    ls_result r;
    uint32_t len = 0;

    CU_ASSERT_EQUAL(ls_find_path(search, grid, &q, NULL, 0, &r),
                    LS_ERR_BUFFER_TOO_SMALL);
    CU_ASSERT_EQUAL(r.status, LS_OK);
    CU_ASSERT(r.path_length > 1);
    CU_ASSERT_EQUAL(ls_search_path(search, NULL, 0, &len),
                    LS_ERR_BUFFER_TOO_SMALL);
    CU_ASSERT_EQUAL(len, r.path_length);
}

/* ------------------------------------------------ query validation */

static void test_start_out_of_bounds(void)
{
    static const int32_t where[][2] = {
        { -1, 0 }, { 0, -1 }, { 10, 0 }, { 0, 8 }, { 10, 8 },
        { INT32_MIN, 0 }, { 0, INT32_MIN }, { INT32_MAX, 0 }, { 0, INT32_MAX },
    };
    size_t i;
    for (i = 0; i < sizeof where / sizeof where[0]; i++) {
        ls_query q = valid_query();
        q.start_x = where[i][0];
        q.start_y = where[i][1];
        expect_query_error(&q, LS_ERR_START_OUT_OF_BOUNDS);
    }
}

static void test_goal_out_of_bounds(void)
{
    static const int32_t where[][2] = {
        { -1, 0 }, { 0, -1 }, { 10, 0 }, { 0, 8 }, { 10, 8 },
        { INT32_MIN, 0 }, { 0, INT32_MIN }, { INT32_MAX, 0 }, { 0, INT32_MAX },
    };
    size_t i;
    for (i = 0; i < sizeof where / sizeof where[0]; i++) {
        ls_query q = valid_query();
        q.goal_x = where[i][0];
        q.goal_y = where[i][1];
        expect_query_error(&q, LS_ERR_GOAL_OUT_OF_BOUNDS);
    }
}

static void test_blocked_start_and_goal(void)
{
    ls_query q = valid_query();
    q.start_x = 5;
    q.start_y = 5;
    expect_query_error(&q, LS_ERR_START_BLOCKED);
    q = valid_query();
    q.goal_x = 5;
    q.goal_y = 5;
    expect_query_error(&q, LS_ERR_GOAL_BLOCKED);
    /* start == goal on a blocked cell is still a blocked start. */
    q.start_x = 5;
    q.start_y = 5;
    expect_query_error(&q, LS_ERR_START_BLOCKED);
}

static void test_bad_option_values(void)
{
    static const int32_t connectivity[] = { 0, 1, 2, 3, 5, 6, 7, 9, 16, -4, -8,
                                            INT32_MIN, INT32_MAX };
    static const int32_t corner[] = { -1, 3, 4, 100, INT32_MIN, INT32_MAX };
    static const int32_t heuristic[] = { -1, 5, 6, 8, 100, INT32_MIN, INT32_MAX };
    static const int32_t tie[] = { -1, 2, 3, INT32_MIN, INT32_MAX };
    static const int32_t algorithm[] = { -1, 4, 5, INT32_MIN, INT32_MAX };
    size_t i;
    ls_query q;

    for (i = 0; i < sizeof connectivity / sizeof connectivity[0]; i++) {
        q = valid_query();
        q.connectivity = connectivity[i];
        expect_query_error(&q, LS_ERR_BAD_OPTION);
    }
    for (i = 0; i < sizeof corner / sizeof corner[0]; i++) {
        q = valid_query();
        q.corner_rule = corner[i];
        expect_query_error(&q, LS_ERR_BAD_OPTION);
        /* A corner rule is checked even where it has no effect. */
        q.connectivity = LS_CONNECT_4;
        expect_query_error(&q, LS_ERR_BAD_OPTION);
    }
    for (i = 0; i < sizeof heuristic / sizeof heuristic[0]; i++) {
        q = valid_query();
        q.heuristic = heuristic[i];
        expect_query_error(&q, LS_ERR_BAD_OPTION);
    }
    for (i = 0; i < sizeof tie / sizeof tie[0]; i++) {
        q = valid_query();
        q.tie_break = tie[i];
        expect_query_error(&q, LS_ERR_BAD_OPTION);
    }
    for (i = 0; i < sizeof algorithm / sizeof algorithm[0]; i++) {
        q = valid_query();
        q.algorithm = algorithm[i];
        expect_query_error(&q, LS_ERR_BAD_OPTION);
    }
}

static void test_every_valid_option_value_is_accepted(void)
{
    int32_t conn, corner, heur, tie;
    for (conn = 4; conn <= 8; conn += 4)
        for (corner = LS_CORNERS_NONE; corner <= LS_CORNERS_ALL; corner++)
            for (heur = LS_HEURISTIC_AUTO; heur <= LS_HEURISTIC_ZERO; heur++)
                for (tie = LS_TIE_HIGH_G; tie <= LS_TIE_LOW_G; tie++) {
                    ls_query q = valid_query();
                    q.connectivity = conn;
                    q.corner_rule = corner;
                    q.heuristic = heur;
                    q.tie_break = tie;
                    CU_ASSERT_EQUAL(ls_query_validate(&q, grid), LS_OK);
                }
}

static void test_bad_step_costs(void)
{
    static const uint32_t bad[][2] = {
        { 0, 0 }, { 0, 1 }, { 65536, 65536 }, { 65536, 131072 },
        { UINT32_MAX, UINT32_MAX }, { 10, 9 }, { 10, 0 }, { 10, 21 },
        { 1, 3 }, { 65535, 131071 }, { 65535, 65534 }, { 10, UINT32_MAX },
    };
    static const uint32_t good[][2] = {
        { 1, 1 }, { 1, 2 }, { 10, 10 }, { 10, 20 }, { 3, 4 },
        { 65535, 65535 }, { 65535, 131070 },
    };
    size_t i;
    int conn;
    for (conn = 4; conn <= 8; conn += 4) {
        for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            ls_query q = valid_query();
            q.connectivity = conn;
            q.straight_cost = bad[i][0];
            q.diagonal_cost = bad[i][1];
            /* Checked for 4-connectivity too: octile uses the diagonal. */
            expect_query_error(&q, LS_ERR_BAD_STEP_COST);
        }
        for (i = 0; i < sizeof good / sizeof good[0]; i++) {
            ls_query q = valid_query();
            q.connectivity = conn;
            q.straight_cost = good[i][0];
            q.diagonal_cost = good[i][1];
            CU_ASSERT_EQUAL(ls_query_validate(&q, grid), LS_OK);
        }
    }
}

static void test_bad_weight(void)
{
    static const fix16_t bad[] = { 0, 1, 0xFFFF, -0x10000, 0x400001, 0x7FFFFFFF,
                                   (fix16_t)INT32_MIN, 0x800000 };
    static const fix16_t good[] = { 0x10000, 0x10001, 0x18000, 0x20000,
                                    0x3FFFFF, 0x400000 };
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ls_query q = valid_query();
        q.weight = bad[i];
        expect_query_error(&q, LS_ERR_BAD_WEIGHT);
    }
    for (i = 0; i < sizeof good / sizeof good[0]; i++) {
        ls_query q = valid_query();
        q.weight = good[i];
        CU_ASSERT_EQUAL(ls_query_validate(&q, grid), LS_OK);
    }
}

static void test_bad_struct_size(void)
{
    static const uint32_t sizes[] = { 0, 1, sizeof(ls_query) - 4,
                                      sizeof(ls_query) + 4, UINT32_MAX };
    size_t i;
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        ls_query q = valid_query();
        q.struct_size = sizes[i];
        expect_query_error(&q, LS_ERR_BAD_STRUCT_SIZE);
    }
}

/* JPS needs 8-connectivity, no corner cutting and a uniform grid; the
 * grid's uniformity follows every kind of edit. */
static void test_jps_unsupported_options_and_non_uniform_grid(void)
{
    ls_query q = valid_query();
    uint8_t cells[80];
    int rule;

    q.algorithm = LS_ALGO_JPS;
    CU_ASSERT_EQUAL(ls_query_validate(&q, grid), LS_OK);
    q.connectivity = LS_CONNECT_4;
    expect_query_error(&q, LS_ERR_UNSUPPORTED);
    q.connectivity = LS_CONNECT_8;
    for (rule = LS_CORNERS_ONE; rule <= LS_CORNERS_ALL; rule++) {
        q.corner_rule = rule;
        expect_query_error(&q, LS_ERR_UNSUPPORTED);
    }
    q.corner_rule = LS_CORNERS_NONE;

    ls_grid_set(grid, 9, 7, 2);
    expect_query_error(&q, LS_ERR_NOT_UNIFORM);
    ls_grid_set(grid, 9, 7, 255);
    expect_query_error(&q, LS_ERR_NOT_UNIFORM);
    ls_grid_set(grid, 9, 7, LS_CELL_BLOCKED);   /* blocked is uniform */
    CU_ASSERT_EQUAL(ls_query_validate(&q, grid), LS_OK);
    ls_grid_set(grid, 0, 0, 3);
    ls_grid_set(grid, 1, 0, 3);
    ls_grid_set(grid, 0, 0, 1);
    expect_query_error(&q, LS_ERR_NOT_UNIFORM);   /* (1,0) still costs 3 */
    ls_grid_set(grid, 1, 0, 1);
    CU_ASSERT_EQUAL(ls_query_validate(&q, grid), LS_OK);
    ls_grid_fill(grid, 4);
    expect_query_error(&q, LS_ERR_NOT_UNIFORM);
    ls_grid_fill(grid, 1);
    CU_ASSERT_EQUAL(ls_query_validate(&q, grid), LS_OK);
    memset(cells, 1, sizeof cells);
    cells[79] = 9;
    ls_grid_load(grid, cells, sizeof cells);
    expect_query_error(&q, LS_ERR_NOT_UNIFORM);
    cells[79] = 0;
    ls_grid_load(grid, cells, sizeof cells);
    CU_ASSERT_EQUAL(ls_query_validate(&q, grid), LS_OK);
    /* A* does not care. */
    ls_grid_fill(grid, 4);
    q.algorithm = LS_ALGO_ASTAR;
    CU_ASSERT_EQUAL(ls_query_validate(&q, grid), LS_OK);

    ls_grid_fill(grid, 1);
    ls_grid_set(grid, 5, 5, LS_CELL_BLOCKED);
}

/* ls_query_validate reports what ls_search_begin would, in the same
 * order, also when a query has several faults. */
static void test_validate_and_begin_agree_on_several_faults(void)
{
    int mask;
    for (mask = 1; mask < 128; mask++) {
        ls_query q = valid_query();
        ls_status v, b;
        if (mask & 1)
            q.struct_size = 3;
        if (mask & 2)
            q.connectivity = 5;
        if (mask & 4)
            q.straight_cost = 0;
        if (mask & 8)
            q.weight = 0;
        if (mask & 16)
            q.start_x = -1;
        if (mask & 32)
            q.goal_y = 99;
        if (mask & 64) {
            q.start_x = 5;
            q.start_y = 5;
        }
        v = ls_query_validate(&q, grid);
        b = ls_search_begin(search, grid, &q);
        CU_ASSERT(v < 0);
        CU_ASSERT_EQUAL(v, b);
    }
}

/* ---------------------------------------------- buffer too small */

static void test_find_path_buffer_too_small_reports_length_writes_nothing(void)
{
    ls_query q = valid_query();
    ls_result r;
    ls_point pts[64];
    uint32_t need;

    CU_ASSERT_EQUAL_FATAL(ls_find_path(search, grid, &q, pts, 64, &r), LS_OK);
    need = r.path_length;
    CU_ASSERT_FATAL(need > 2);
    memset(pts, SENTINEL, sizeof pts);
    memset(&r, 0, sizeof r);
    CU_ASSERT_EQUAL(ls_find_path(search, grid, &q, pts, need - 1, &r),
                    LS_ERR_BUFFER_TOO_SMALL);
    CU_ASSERT(all_bytes(pts, sizeof pts, SENTINEL));
    CU_ASSERT_EQUAL(r.status, LS_OK);
    CU_ASSERT_EQUAL(r.path_length, need);
    CU_ASSERT(r.cost > 0);
    CU_ASSERT_EQUAL(ls_find_path(search, grid, &q, pts, 1, &r),
                    LS_ERR_BUFFER_TOO_SMALL);
    CU_ASSERT(all_bytes(pts, sizeof pts, SENTINEL));
    /* Exactly enough room is enough. */
    CU_ASSERT_EQUAL(ls_find_path(search, grid, &q, pts, need, &r), LS_OK);
    CU_ASSERT(all_bytes(pts + need, sizeof pts - need * sizeof *pts, SENTINEL));
}

static void test_search_path_buffer_too_small_reports_length_writes_nothing(void)
{
    ls_query q = valid_query();
    ls_result r;
    ls_point pts[64];
    uint32_t need, len = 0;

    CU_ASSERT_EQUAL_FATAL(ls_search_begin(search, grid, &q), LS_OK);
    CU_ASSERT_EQUAL_FATAL(ls_search_step(search, 0), LS_OK);
    CU_ASSERT_EQUAL_FATAL(ls_search_result(search, &r), LS_OK);
    need = r.path_length;
    memset(pts, SENTINEL, sizeof pts);
    CU_ASSERT_EQUAL(ls_search_path(search, pts, need - 1, &len),
                    LS_ERR_BUFFER_TOO_SMALL);
    CU_ASSERT_EQUAL(len, need);
    CU_ASSERT(all_bytes(pts, sizeof pts, SENTINEL));
    len = 0;
    CU_ASSERT_EQUAL(ls_search_path(search, pts, need, &len), LS_OK);
    CU_ASSERT_EQUAL(len, need);
    CU_ASSERT_EQUAL(pts[0].x, 1);
    CU_ASSERT_EQUAL(pts[need - 1].x, 8);
}

static void test_partial_path_buffer_too_small_reports_length_writes_nothing(void)
{
    ls_query q = valid_query();
    ls_point pts[64];
    uint32_t len = 0, need;

    q.max_expansions = 5;
    CU_ASSERT_EQUAL_FATAL(ls_search_begin(search, grid, &q), LS_OK);
    CU_ASSERT_EQUAL_FATAL(ls_search_step(search, 0), LS_EXPANSION_LIMIT);
    CU_ASSERT_EQUAL(ls_search_partial_path(search, pts, 64, &need), LS_OK);
    CU_ASSERT_FATAL(need >= 2);
    memset(pts, SENTINEL, sizeof pts);
    CU_ASSERT_EQUAL(ls_search_partial_path(search, pts, need - 1, &len),
                    LS_ERR_BUFFER_TOO_SMALL);
    CU_ASSERT_EQUAL(len, need);
    CU_ASSERT(all_bytes(pts, sizeof pts, SENTINEL));
    CU_ASSERT_EQUAL(ls_search_partial_path(search, NULL, 0, &len),
                    LS_ERR_BUFFER_TOO_SMALL);
    CU_ASSERT_EQUAL(len, need);
}

/* ------------------------------------------------ query life cycle */

static void test_grid_mismatch(void)
{
    ls_grid *g = NULL;
    ls_query q = valid_query();
    ls_result r;
    ls_point pts[4];
    static const int32_t sizes[][2] = { { 10, 9 }, { 11, 8 }, { 12, 12 } };
    size_t i;

    for (i = 0; i < 3; i++) {
        CU_ASSERT_FATAL(ls_grid_create(sizes[i][0], sizes[i][1], NULL, &g) == LS_OK);
        CU_ASSERT_EQUAL(ls_search_begin(search, g, &q), LS_ERR_GRID_MISMATCH);
        CU_ASSERT_EQUAL(ls_search_step(search, 0), LS_ERR_NO_QUERY);
        CU_ASSERT_EQUAL(ls_find_path(search, g, &q, pts, 4, &r),
                        LS_ERR_GRID_MISMATCH);
        /* The grid itself is fine for validation. */
        CU_ASSERT_EQUAL(ls_query_validate(&q, g), LS_OK);
        ls_grid_destroy(g);
    }
}

static void test_no_query_on_fresh_context(void)
{
    ls_search *s = NULL;
    ls_result r;
    ls_point pts[4];
    uint32_t len = 7;

    CU_ASSERT_FATAL(ls_search_create(10, 8, NULL, &s) == LS_OK);
    CU_ASSERT_EQUAL(ls_search_step(s, 0), LS_ERR_NO_QUERY);
    CU_ASSERT_EQUAL(ls_search_step(s, 1), LS_ERR_NO_QUERY);
    CU_ASSERT_EQUAL(ls_search_result(s, &r), LS_ERR_NO_QUERY);
    CU_ASSERT_EQUAL(ls_search_path(s, pts, 4, &len), LS_ERR_NO_QUERY);
    CU_ASSERT_EQUAL(len, 0);
    len = 7;
    CU_ASSERT_EQUAL(ls_search_partial_path(s, pts, 4, &len), LS_ERR_NO_QUERY);
    CU_ASSERT_EQUAL(len, 0);
    ls_search_destroy(s);
}

/* A failed begin drops the previous query: its result is gone. */
static void test_failed_begin_forgets_previous_query(void)
{
    ls_query q = valid_query();
    ls_result r;
    ls_point pts[64];
    uint32_t len;

    CU_ASSERT_EQUAL_FATAL(ls_find_path(search, grid, &q, pts, 64, &r), LS_OK);
    q.connectivity = 3;
    CU_ASSERT_EQUAL(ls_search_begin(search, grid, &q), LS_ERR_BAD_OPTION);
    CU_ASSERT_EQUAL(ls_search_result(search, &r), LS_ERR_NO_QUERY);
    CU_ASSERT_EQUAL(ls_search_path(search, pts, 64, &len), LS_ERR_NO_QUERY);
    CU_ASSERT_EQUAL(ls_search_step(search, 0), LS_ERR_NO_QUERY);
}

static void test_not_done_while_in_progress(void)
{
    ls_query q = valid_query();
    ls_result r;
    ls_point pts[64];
    uint32_t len = 7;

    CU_ASSERT_EQUAL_FATAL(ls_search_begin(search, grid, &q), LS_OK);
    CU_ASSERT_EQUAL(ls_search_result(search, &r), LS_ERR_NOT_DONE);
    CU_ASSERT_EQUAL(ls_search_path(search, pts, 64, &len), LS_ERR_NOT_DONE);
    CU_ASSERT_EQUAL(len, 0);
    CU_ASSERT_EQUAL(ls_search_partial_path(search, pts, 64, &len),
                    LS_ERR_NOT_DONE);
    CU_ASSERT_EQUAL(ls_search_step(search, 1), LS_IN_PROGRESS);
    CU_ASSERT_EQUAL(ls_search_result(search, &r), LS_ERR_NOT_DONE);
    CU_ASSERT_EQUAL(ls_search_path(search, pts, 64, &len), LS_ERR_NOT_DONE);
    CU_ASSERT_EQUAL(ls_search_step(search, 0), LS_OK);
    CU_ASSERT_EQUAL(ls_search_result(search, &r), LS_OK);
}

/* Each kind of edit between two slices ends the query. */
static void test_grid_changed_between_slices(void)
{
    int edit;
    uint8_t cells[80];

    for (edit = 0; edit < 4; edit++) {
        ls_query q = valid_query();
        ls_result r;
        ls_point pts[64];
        uint32_t len = 7;

        ls_grid_fill(grid, 1);
        ls_grid_set(grid, 5, 5, LS_CELL_BLOCKED);
        memset(cells, 1, sizeof cells);
        cells[5 * 10 + 5] = LS_CELL_BLOCKED;
        CU_ASSERT_EQUAL_FATAL(ls_search_begin(search, grid, &q), LS_OK);
        if (edit != 3)
            CU_ASSERT_EQUAL(ls_search_step(search, 2), LS_IN_PROGRESS);
        switch (edit) {
        case 0: ls_grid_set(grid, 0, 7, 3); break;
        case 1: ls_grid_set(grid, 5, 5, LS_CELL_BLOCKED); break; /* same value */
        case 2: ls_grid_load(grid, cells, sizeof cells); break;  /* same cells */
        default: ls_grid_fill(grid, 1); break;  /* before the first step */
        }
        CU_ASSERT_EQUAL(ls_search_step(search, 2), LS_ERR_GRID_CHANGED);
        CU_ASSERT_EQUAL(ls_search_step(search, 0), LS_ERR_GRID_CHANGED);
        CU_ASSERT_EQUAL(ls_search_result(search, &r), LS_ERR_GRID_CHANGED);
        CU_ASSERT_EQUAL(ls_search_path(search, pts, 64, &len),
                        LS_ERR_GRID_CHANGED);
        CU_ASSERT_EQUAL(ls_search_partial_path(search, pts, 64, &len),
                        LS_ERR_NO_PARTIAL);
    }
    ls_grid_fill(grid, 1);
    ls_grid_set(grid, 5, 5, LS_CELL_BLOCKED);
}

/* Editing another grid does not disturb the query. */
static void test_edit_of_another_grid_is_not_a_change(void)
{
    ls_grid *other = NULL;
    ls_query q = valid_query();

    CU_ASSERT_FATAL(ls_grid_create(10, 8, NULL, &other) == LS_OK);
    CU_ASSERT_EQUAL_FATAL(ls_search_begin(search, grid, &q), LS_OK);
    CU_ASSERT_EQUAL(ls_search_step(search, 1), LS_IN_PROGRESS);
    ls_grid_set(other, 1, 1, 0);
    CU_ASSERT_EQUAL(ls_search_step(search, 0), LS_OK);
    ls_grid_destroy(other);
}

static void test_no_partial_after_ok(void)
{
    ls_query q = valid_query();
    ls_point pts[64];
    uint32_t len = 7;
    ls_result r;

    CU_ASSERT_EQUAL_FATAL(ls_find_path(search, grid, &q, pts, 64, &r), LS_OK);
    CU_ASSERT_EQUAL(ls_search_partial_path(search, pts, 64, &len),
                    LS_ERR_NO_PARTIAL);
    CU_ASSERT_EQUAL(len, 0);
    /* start == goal is LS_OK too. */
    q.goal_x = q.start_x;
    q.goal_y = q.start_y;
    CU_ASSERT_EQUAL_FATAL(ls_find_path(search, grid, &q, pts, 64, &r), LS_OK);
    CU_ASSERT_EQUAL(ls_search_partial_path(search, pts, 64, &len),
                    LS_ERR_NO_PARTIAL);
}

int suite_errors_register(void)
{
    CU_pSuite s = CU_add_suite("errors", setup, teardown);
    if (!s)
        return -1;
    if (!CU_add_test(s, "status strings are distinct and named",
                     test_status_strings_are_distinct_and_named) ||
        !CU_add_test(s, "unknown status string", test_unknown_status_string) ||
        !CU_add_test(s, "status values are fixed", test_status_values_are_fixed) ||
        !CU_add_test(s, "status name is the enum name for every status",
                     test_status_name_is_the_enum_name_for_every_status) ||
        !CU_add_test(s, "status name of unknown values is LS_UNKNOWN_STATUS",
                     test_status_name_of_unknown_values_is_ls_unknown_status) ||
        !CU_add_test(s, "status string is never NULL",
                     test_status_string_is_never_null) ||
        !CU_add_test(s, "NULL arguments everywhere", test_null_arguments_everywhere) ||
        !CU_add_test(s, "NULL points with zero capacity asks for the length",
                     test_null_points_with_zero_capacity_asks_for_length) ||
        !CU_add_test(s, "start out of bounds", test_start_out_of_bounds) ||
        !CU_add_test(s, "goal out of bounds", test_goal_out_of_bounds) ||
        !CU_add_test(s, "blocked start and goal", test_blocked_start_and_goal) ||
        !CU_add_test(s, "bad option values", test_bad_option_values) ||
        !CU_add_test(s, "every valid option value is accepted",
                     test_every_valid_option_value_is_accepted) ||
        !CU_add_test(s, "bad step costs", test_bad_step_costs) ||
        !CU_add_test(s, "bad weight", test_bad_weight) ||
        !CU_add_test(s, "bad struct size", test_bad_struct_size) ||
        !CU_add_test(s, "JPS: unsupported options and non-uniform grid",
                     test_jps_unsupported_options_and_non_uniform_grid) ||
        !CU_add_test(s, "validate and begin agree on several faults",
                     test_validate_and_begin_agree_on_several_faults) ||
        !CU_add_test(s, "start f overflow is reported by begin and validate",
                     test_start_f_overflow_is_reported_by_begin_and_validate) ||
        !CU_add_test(s, "cost overflow on a long expensive corridor",
                     test_cost_overflow_on_long_expensive_corridor) ||
        !CU_add_test(s, "cost overflow on a long serpentine for A* and JPS",
                     test_cost_overflow_on_long_serpentine_for_astar_and_jps) ||
        !CU_add_test(s, "find_path buffer too small: length, nothing written",
                     test_find_path_buffer_too_small_reports_length_writes_nothing) ||
        !CU_add_test(s, "search_path buffer too small: length, nothing written",
                     test_search_path_buffer_too_small_reports_length_writes_nothing) ||
        !CU_add_test(s, "partial path buffer too small: length, nothing written",
                     test_partial_path_buffer_too_small_reports_length_writes_nothing) ||
        !CU_add_test(s, "grid mismatch", test_grid_mismatch) ||
        !CU_add_test(s, "no query on a fresh context", test_no_query_on_fresh_context) ||
        !CU_add_test(s, "failed begin forgets the previous query",
                     test_failed_begin_forgets_previous_query) ||
        !CU_add_test(s, "not done while in progress", test_not_done_while_in_progress) ||
        !CU_add_test(s, "grid changed between slices", test_grid_changed_between_slices) ||
        !CU_add_test(s, "edit of another grid is not a change",
                     test_edit_of_another_grid_is_not_a_change) ||
        !CU_add_test(s, "no partial after LS_OK", test_no_partial_after_ok))
        return -1;
    return 0;
}
