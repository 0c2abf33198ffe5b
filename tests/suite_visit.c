/* SPDX-License-Identifier: MIT */
/*
 * suite_visit.c - the debug read-out (ls_search_cell_state,
 * ls_search_cell_states): its errors, and its states against what the
 * header says of them. For A* the states are re-derived from the rules
 * alone: the closed cells are as many as the expansions, each step of one
 * expansion closes exactly one more cell and opens none that was closed,
 * and the reached cells are exactly the start and every cell one allowed
 * move from a closed cell. For JPS: closed cells count the expansions and
 * the cells a jump passes over stay unvisited. Both kinds of context give
 * the same states, sliced or not, and the bulk read equals the cell reads.
 */
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "suites.h"
#include "test_util.h"

enum { CAP = 4096 };
static ls_point path[CAP];

static ls_query query(int32_t sx, int32_t sy, int32_t gx, int32_t gy)
{
    ls_query q;
    ls_query_init(&q);
    q.start_x = sx;
    q.start_y = sy;
    q.goal_x = gx;
    q.goal_y = gy;
    return q;
}

/* Every cell's state, cell by cell through ls_search_cell_state, checked
 * against the bulk read; returns a malloc'd array or NULL on a mismatch. */
static uint8_t *read_states(const ls_search *s, int32_t w, int32_t h)
{
    uint8_t *bulk = malloc((size_t)w * (size_t)h);
    int32_t x, y;
    if (!bulk)
        return NULL;
    if (ls_search_cell_states(s, bulk, (size_t)w * (size_t)h) != LS_OK) {
        free(bulk);
        return NULL;
    }
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++) {
            int32_t one = -1;
            if (ls_search_cell_state(s, x, y, &one) != LS_OK ||
                one != bulk[(size_t)y * (size_t)w + (size_t)x]) {
                free(bulk);
                return NULL;
            }
        }
    return bulk;
}

static uint32_t count_state(const uint8_t *st, size_t n, uint8_t which)
{
    uint32_t c = 0;
    size_t i;
    for (i = 0; i < n; i++)
        c += st[i] == which;
    return c;
}

static void test_visit_errors(void)
{
    static const char *const rows[] = { "S..", ".#.", "..G" };
    ls_grid *g = tu_grid_from_rows(rows, 3);
    ls_search *s = NULL;
    ls_query q = query(0, 0, 2, 2);
    uint8_t st[9];
    int32_t one = 77;
    ls_result r;

    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_FATAL(ls_search_create(3, 3, NULL, &s) == LS_OK);
    CU_ASSERT_EQUAL(ls_search_cell_state(NULL, 0, 0, &one), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_search_cell_state(s, 0, 0, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_search_cell_states(NULL, st, 9), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_search_cell_states(s, NULL, 9), LS_ERR_NULL_ARGUMENT);
    /* Nothing begun yet. */
    CU_ASSERT_EQUAL(ls_search_cell_state(s, 0, 0, &one), LS_ERR_NO_QUERY);
    CU_ASSERT_EQUAL(ls_search_cell_states(s, st, 9), LS_ERR_NO_QUERY);
    CU_ASSERT_EQUAL(one, 77);

    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, path, CAP, &r), LS_OK);
    CU_ASSERT_EQUAL(ls_search_cell_state(s, -1, 0, &one), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_search_cell_state(s, 0, -1, &one), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_search_cell_state(s, 3, 0, &one), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_search_cell_state(s, 0, 3, &one), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(one, 77);
    memset(st, 0xEE, sizeof st);
    CU_ASSERT_EQUAL(ls_search_cell_states(s, st, 8), LS_ERR_BAD_SIZE);
    CU_ASSERT_EQUAL(ls_search_cell_states(s, st, 10), LS_ERR_BAD_SIZE);
    CU_ASSERT_EQUAL(st[0], 0xEE);
    CU_ASSERT_EQUAL(ls_search_cell_states(s, st, 9), LS_OK);
    CU_ASSERT_EQUAL(st[4], LS_VISIT_NONE);   /* the wall */
    CU_ASSERT_EQUAL(st[0], LS_VISIT_CLOSED); /* the start */
    CU_ASSERT_EQUAL(st[8], LS_VISIT_OPEN);   /* the goal, never expanded */

    /* A refused begin leaves no query to read, like ls_search_expansions. */
    q.goal_x = 1;
    q.goal_y = 1;
    CU_ASSERT_EQUAL(ls_search_begin(s, g, &q), LS_ERR_GOAL_BLOCKED);
    CU_ASSERT_EQUAL(ls_search_cell_state(s, 0, 0, &one), LS_ERR_NO_QUERY);
    CU_ASSERT_EQUAL(ls_search_cell_states(s, st, 9), LS_ERR_NO_QUERY);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/* start == goal: the one-cell path; the start is reached, never expanded,
 * and an earlier query's cells are forgotten. */
static void test_visit_start_is_goal(void)
{
    static const char *const rows[] = { "....", "....", "...." };
    ls_grid *g = tu_grid_from_rows(rows, 3);
    ls_search *s = NULL;
    ls_query q = query(0, 0, 3, 2);
    ls_result r;
    uint8_t *st;

    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_FATAL(ls_search_create(4, 3, NULL, &s) == LS_OK);
    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, path, CAP, &r), LS_OK);
    q = query(1, 1, 1, 1);
    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, path, CAP, &r), LS_OK);
    st = read_states(s, 4, 3);
    CU_ASSERT_FATAL(st != NULL);
    CU_ASSERT_EQUAL(st[5], LS_VISIT_OPEN);
    CU_ASSERT_EQUAL(count_state(st, 12, LS_VISIT_NONE), 11u);
    free(st);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/* Is the move from (x, y) by (dx, dy) allowed under q on grid? (The
 * corner rules of lockstar.h, written again here.) */
static int move_allowed(const ls_grid *g, const ls_query *q, int32_t x,
                        int32_t y, int32_t dx, int32_t dy)
{
    int32_t w, h;
    uint8_t c = 0, a = 0, b = 0;
    ls_grid_size(g, &w, &h);
    if (x + dx < 0 || y + dy < 0 || x + dx >= w || y + dy >= h)
        return 0;
    ls_grid_get(g, x + dx, y + dy, &c);
    if (c == LS_CELL_BLOCKED)
        return 0;
    if (dx == 0 || dy == 0)
        return 1;
    ls_grid_get(g, x + dx, y, &a);
    ls_grid_get(g, x, y + dy, &b);
    if (q->corner_rule == LS_CORNERS_NONE)
        return a && b;
    if (q->corner_rule == LS_CORNERS_ONE)
        return a || b;
    return 1;
}

/* The A* rule: reached = the start and every allowed neighbour of a closed
 * cell; closed cells = expansions. 1 when it holds. */
static int astar_states_hold(const ls_grid *g, const ls_query *q,
                             const uint8_t *st, uint32_t expansions)
{
    int32_t w, h, x, y, dx, dy;
    size_t n;
    uint8_t *reached;
    int ok = 1;

    ls_grid_size(g, &w, &h);
    n = (size_t)w * (size_t)h;
    reached = calloc(n, 1);
    if (!reached)
        return 0;
    reached[(size_t)q->start_y * (size_t)w + (size_t)q->start_x] = 1;
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++) {
            if (st[(size_t)y * (size_t)w + (size_t)x] != LS_VISIT_CLOSED)
                continue;
            for (dy = -1; dy <= 1; dy++)
                for (dx = -1; dx <= 1; dx++) {
                    if ((dx == 0 && dy == 0) ||
                        (q->connectivity == LS_CONNECT_4 && dx != 0 && dy != 0))
                        continue;
                    if (move_allowed(g, q, x, y, dx, dy))
                        reached[(size_t)(y + dy) * (size_t)w +
                                (size_t)(x + dx)] = 1;
                }
        }
    for (x = 0; (size_t)x < n; x++)
        if ((st[x] != LS_VISIT_NONE) != reached[x])
            ok = 0;
    if (count_state(st, n, LS_VISIT_CLOSED) != expansions)
        ok = 0;
    free(reached);
    return ok;
}

/* Random grids and queries, A* under every connectivity and corner rule,
 * stepped one expansion at a time: each step closes exactly one more cell
 * (never reopening one), the rule above holds after every step, and the
 * final states equal a one-shot run's in a compact context too. */
static void test_visit_astar_follows_the_rules(void)
{
    ls_rng rng;
    uint32_t trial, checked = 0, wrong = 0;

    ls_rng_seed(&rng, 0x5EE5EEu);
    for (trial = 0; trial < 60; trial++) {
        int32_t w = 3 + (int32_t)ls_rng_below(&rng, 20);
        int32_t h = 3 + (int32_t)ls_rng_below(&rng, 20);
        ls_grid *g = tu_random_grid(&rng, w, h, ls_rng_below(&rng, 40),
                                    trial % 2 ? 30 : 0, 9);
        ls_search *s = NULL, *c = NULL;
        size_t n = (size_t)w * (size_t)h;
        uint8_t *prev = calloc(n, 1), *st = NULL, *one = NULL;
        ls_query q;
        ls_result r;
        ls_status status;
        uint32_t steps = 0;

        CU_ASSERT_FATAL(g != NULL && prev != NULL);
        q = query(0, 0, 0, 0);
        tu_random_open_cell(&rng, g, &q.start_x, &q.start_y);
        tu_random_open_cell(&rng, g, &q.goal_x, &q.goal_y);
        q.connectivity = trial % 3 == 0 ? LS_CONNECT_4 : LS_CONNECT_8;
        q.corner_rule = (int32_t)(trial % 3);
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
        CU_ASSERT_FATAL(ls_search_create_with(w, h, LS_SEARCH_COMPACT, NULL,
                                              &c) == LS_OK);
        CU_ASSERT_FATAL(ls_search_begin(s, g, &q) == LS_OK);
        do {
            uint32_t done = 0;
            size_t i;
            status = ls_search_step(s, 1);
            ls_search_expansions(s, &done);
            free(st);
            st = read_states(s, w, h);
            CU_ASSERT_FATAL(st != NULL);
            if (!astar_states_hold(g, &q, st, done))
                wrong++;
            for (i = 0; i < n; i++)
                if (prev[i] == LS_VISIT_CLOSED && st[i] != LS_VISIT_CLOSED)
                    wrong++;
            memcpy(prev, st, n);
            steps++;
            checked++;
        } while (status == LS_IN_PROGRESS);
        /* The last step found the goal (or the end) without expanding. */
        if (status == LS_OK) {
            CU_ASSERT_EQUAL(st[(size_t)q.goal_y * (size_t)w + (size_t)q.goal_x],
                            LS_VISIT_OPEN);
        }
        if (ls_search_check(c, g, &q) == LS_OK) {
            status = ls_find_path(c, g, &q, path, CAP, &r);
            one = read_states(c, w, h);
            CU_ASSERT_FATAL(one != NULL);
            if (memcmp(one, st, n) != 0)
                wrong++;
            free(one);
        }
        free(st);
        st = NULL;
        free(prev);
        ls_search_destroy(s);
        ls_search_destroy(c);
        ls_grid_destroy(g);
    }
    CU_ASSERT_EQUAL(wrong, 0u);
    CU_ASSERT(checked > 200u);
}

/* JPS: the expanded jump points are the closed cells; a jump along an
 * empty corridor passes its cells without reaching them (A* closes them);
 * compact and full contexts, sliced or not, give the same states. */
static void test_visit_jps_jump_points(void)
{
    static const char *const rows[] = {
        "####################",
        "S..................G",
        "####################",
    };
    ls_grid *g = tu_grid_from_rows(rows, 3);
    ls_search *s = NULL, *c = NULL;
    ls_query q = query(0, 1, 19, 1);
    ls_result r;
    uint8_t *astar, *jps, *sliced;
    ls_rng rng;
    uint32_t trial, wrong = 0;

    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_FATAL(ls_search_create(20, 3, NULL, &s) == LS_OK);
    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, path, CAP, &r), LS_OK);
    astar = read_states(s, 20, 3);
    q.algorithm = LS_ALGO_JPS;
    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, path, CAP, &r), LS_OK);
    jps = read_states(s, 20, 3);
    CU_ASSERT_FATAL(astar != NULL && jps != NULL);
    CU_ASSERT_EQUAL(astar[20 + 10], LS_VISIT_CLOSED);
    CU_ASSERT_EQUAL(jps[20 + 10], LS_VISIT_NONE);
    CU_ASSERT_EQUAL(jps[20 + 0], LS_VISIT_CLOSED);
    CU_ASSERT_EQUAL(jps[20 + 19], LS_VISIT_OPEN);
    CU_ASSERT_EQUAL(count_state(jps, 60, LS_VISIT_CLOSED), r.expansions);
    free(astar);
    free(jps);
    ls_search_destroy(s);
    ls_grid_destroy(g);

    ls_rng_seed(&rng, 0x1A5Au);
    for (trial = 0; trial < 30; trial++) {
        int32_t w = 8 + (int32_t)ls_rng_below(&rng, 40);
        int32_t h = 8 + (int32_t)ls_rng_below(&rng, 40);
        size_t n = (size_t)w * (size_t)h;
        ls_status a, b;
        g = tu_random_grid(&rng, w, h, ls_rng_below(&rng, 35), 0, 1);
        CU_ASSERT_FATAL(g != NULL);
        q = query(0, 0, 0, 0);
        q.algorithm = LS_ALGO_JPS;
        tu_random_open_cell(&rng, g, &q.start_x, &q.start_y);
        tu_random_open_cell(&rng, g, &q.goal_x, &q.goal_y);
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
        CU_ASSERT_FATAL(ls_search_create_with(w, h, LS_SEARCH_COMPACT, NULL,
                                              &c) == LS_OK);
        a = ls_find_path(s, g, &q, path, CAP, &r);
        jps = read_states(s, w, h);
        CU_ASSERT_FATAL(jps != NULL);
        if (count_state(jps, n, LS_VISIT_CLOSED) != r.expansions)
            wrong++;
        CU_ASSERT_FATAL(ls_search_begin(c, g, &q) == LS_OK);
        while ((b = ls_search_step(c, 3)) == LS_IN_PROGRESS)
            ;
        sliced = read_states(c, w, h);
        CU_ASSERT_FATAL(sliced != NULL);
        if (a != b || memcmp(jps, sliced, n) != 0)
            wrong++;
        free(jps);
        free(sliced);
        ls_search_destroy(s);
        ls_search_destroy(c);
        ls_grid_destroy(g);
    }
    CU_ASSERT_EQUAL(wrong, 0u);
}

int suite_visit_register(void)
{
    CU_pSuite s = CU_add_suite("visit", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "read-out: errors, nothing written on any", test_visit_errors) ||
        !CU_add_test(s, "read-out: start == goal reads open, old queries forgotten",
                     test_visit_start_is_goal) ||
        !CU_add_test(s, "read-out: A* states follow the rules step by step",
                     test_visit_astar_follows_the_rules) ||
        !CU_add_test(s, "read-out: JPS closes jump points only, any context or slicing",
                     test_visit_jps_jump_points))
        return -1;
    return 0;
}
