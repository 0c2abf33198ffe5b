/* SPDX-License-Identifier: MIT */
/*
 * suite_slicing.c - time slicing never changes a result: budgets 1, 7,
 * 1000 and 0 (unbounded) give the same status, cost, expansions, path,
 * digest and partial path, on random queries that find paths, find none,
 * and hit max_expansions. ls_search_step reports LS_IN_PROGRESS until the
 * end, then repeats the final status.
 */
#include <stdio.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suites.h"
#include "test_util.h"

static tu_outcome whole, sliced;
static char why[256];

static void random_query(ls_rng *rng, const ls_grid *g, int uniform,
                         ls_query *q)
{
    static const uint32_t costs[][2] = { { 10, 14 }, { 1, 1 }, { 3, 4 },
                                         { 100, 141 } };
    uint32_t c = ls_rng_below(rng, 4);
    ls_query_init(q);
    q->connectivity = ls_rng_below(rng, 2) ? LS_CONNECT_8 : LS_CONNECT_4;
    q->corner_rule = (int32_t)ls_rng_below(rng, 3);
    q->heuristic = (int32_t)ls_rng_below(rng, 5);
    q->tie_break = (int32_t)ls_rng_below(rng, 2);
    q->straight_cost = costs[c][0];
    q->diagonal_cost = costs[c][1];
    if (ls_rng_below(rng, 4) == 0)
        q->weight = (fix16_t)(0x10000 + ls_rng_below(rng, 0x40000));
    if (ls_rng_below(rng, 2) == 0)
        q->max_expansions = 1 + ls_rng_below(rng, 80);
    if (uniform && ls_rng_below(rng, 2) == 0) {
        q->algorithm = LS_ALGO_JPS;
        q->connectivity = LS_CONNECT_8;
        q->corner_rule = LS_CORNERS_NONE;
    }
    tu_random_open_cell(rng, g, &q->start_x, &q->start_y);
    tu_random_open_cell(rng, g, &q->goal_x, &q->goal_y);
}

static void test_slicing_does_not_change_result(void)
{
    static const uint32_t budgets[] = { 1, 7, 1000, UINT32_MAX };
    ls_rng rng;
    int i;
    uint32_t differ = 0, protocol = 0, ok = 0, no_path = 0, limit = 0, jps = 0;
    uint32_t too_many_per_call = 0, idle_calls = 0;

    ls_rng_seed(&rng, 5150);
    for (i = 0; i < 400; i++) {
        int32_t w = 2 + (int32_t)ls_rng_below(&rng, 39);
        int32_t h = 2 + (int32_t)ls_rng_below(&rng, 39);
        int uniform = i % 3 == 0;
        ls_grid *g = tu_random_grid(&rng, w, h, ls_rng_below(&rng, 45),
                                    uniform ? 0 : 30, uniform ? 1 : 9);
        ls_search *s = NULL;
        ls_query q;
        size_t b;

        CU_ASSERT_FATAL(g != NULL);
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
        random_query(&rng, g, uniform, &q);
        tu_run(s, g, &q, 0, &whole);
        if (whole.protocol_errors || whole.steps != 1)
            protocol++;
        for (b = 0; b < sizeof budgets / sizeof budgets[0]; b++) {
            tu_run(s, g, &q, budgets[b], &sliced);
            if (!tu_outcome_equal(&whole, &sliced, why, sizeof why)) {
                differ++;
                printf("\n    slicing: budget %lu, query %d: %s", (unsigned long)budgets[b],
                       i, why);
            }
            if (sliced.protocol_errors)
                protocol++;
            if (whole.result_status == LS_OK) {
                /* At most budget expansions per call, and every call that
                 * returned LS_IN_PROGRESS did some work. */
                uint64_t e = whole.result.expansions;
                if ((uint64_t)sliced.steps * budgets[b] < e)
                    too_many_per_call++;
                if (sliced.steps > e + 1)
                    idle_calls++;
            }
        }
        if (whole.status == LS_OK)
            ok++;
        else if (whole.status == LS_NO_PATH)
            no_path++;
        else if (whole.status == LS_EXPANSION_LIMIT)
            limit++;
        if (q.algorithm == LS_ALGO_JPS)
            jps++;
        ls_search_destroy(s);
        ls_grid_destroy(g);
    }
    CU_ASSERT_EQUAL(differ, 0);
    CU_ASSERT_EQUAL(protocol, 0);
    CU_ASSERT_EQUAL(too_many_per_call, 0);
    CU_ASSERT_EQUAL(idle_calls, 0);
    /* Every kind of ending was exercised. */
    CU_ASSERT(ok >= 100);
    CU_ASSERT(no_path >= 20);
    CU_ASSERT(limit >= 40);
    CU_ASSERT(jps >= 40);
}

/* Budget 1 on a corridor: exactly one expansion per call, so the query
 * takes as many calls as expansions, each but the last LS_IN_PROGRESS;
 * then the final status repeats for any budget. */
static void test_step_reports_in_progress_until_done_then_repeats(void)
{
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_query q;
    ls_result r;
    uint32_t calls = 0, in_progress = 0, k;
    ls_status st;

    CU_ASSERT_FATAL(ls_grid_create(12, 1, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(12, 1, NULL, &s) == LS_OK);
    ls_query_init(&q);
    q.goal_x = 11;
    CU_ASSERT_FATAL(ls_search_begin(s, g, &q) == LS_OK);
    do {
        st = ls_search_step(s, 1);
        calls++;
        if (st == LS_IN_PROGRESS) {
            in_progress++;
            CU_ASSERT_EQUAL(ls_search_result(s, &r), LS_ERR_NOT_DONE);
        }
    } while (st == LS_IN_PROGRESS && calls < 100);
    CU_ASSERT_EQUAL(st, LS_OK);
    CU_ASSERT_EQUAL(ls_search_result(s, &r), LS_OK);
    CU_ASSERT_EQUAL(r.expansions, 11);
    CU_ASSERT(calls >= 11 && calls <= 12);
    CU_ASSERT_EQUAL(in_progress, calls - 1);
    for (k = 0; k < 5; k++)
        CU_ASSERT_EQUAL(ls_search_step(s, k), LS_OK);

    /* The same for the other endings. */
    q.max_expansions = 4;
    CU_ASSERT_FATAL(ls_search_begin(s, g, &q) == LS_OK);
    calls = 0;
    while ((st = ls_search_step(s, 1)) == LS_IN_PROGRESS && calls < 100)
        calls++;
    CU_ASSERT_EQUAL(st, LS_EXPANSION_LIMIT);
    CU_ASSERT(calls >= 3 && calls <= 4);
    for (k = 0; k < 5; k++)
        CU_ASSERT_EQUAL(ls_search_step(s, k), LS_EXPANSION_LIMIT);
    q.max_expansions = 0;
    ls_grid_set(g, 6, 0, LS_CELL_BLOCKED);
    CU_ASSERT_FATAL(ls_search_begin(s, g, &q) == LS_OK);
    calls = 0;
    while ((st = ls_search_step(s, 2)) == LS_IN_PROGRESS && calls < 100)
        calls++;
    CU_ASSERT_EQUAL(st, LS_NO_PATH);
    CU_ASSERT_EQUAL(calls, 2); /* 6 reachable cells, 2 per call */
    for (k = 0; k < 5; k++)
        CU_ASSERT_EQUAL(ls_search_step(s, k), LS_NO_PATH);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/* Asking for the result, path and partial path between slices changes
 * nothing either. */
static void test_reading_between_slices_does_not_disturb_query(void)
{
    ls_rng rng;
    int i;
    uint32_t differ = 0;
    ls_point pts[16];

    ls_rng_seed(&rng, 8086);
    for (i = 0; i < 40; i++) {
        int32_t w = 10 + (int32_t)ls_rng_below(&rng, 20);
        int32_t h = 10 + (int32_t)ls_rng_below(&rng, 20);
        ls_grid *g = tu_random_grid(&rng, w, h, 25, 30, 9);
        ls_search *s = NULL;
        ls_query q;
        ls_status st;

        CU_ASSERT_FATAL(g != NULL);
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
        random_query(&rng, g, 0, &q);
        tu_run(s, g, &q, 0, &whole);
        if (ls_search_begin(s, g, &q) == LS_OK) {
            do {
                ls_result r;
                uint32_t len;
                st = ls_search_step(s, 3);
                if (st == LS_IN_PROGRESS &&
                    (ls_search_result(s, &r) != LS_ERR_NOT_DONE ||
                     ls_search_path(s, pts, 16, &len) != LS_ERR_NOT_DONE ||
                     ls_search_partial_path(s, pts, 16, &len) != LS_ERR_NOT_DONE))
                    differ++;
            } while (st == LS_IN_PROGRESS);
            /* tu_run begins again; compare through a fresh read instead. */
            memset(&sliced, 0, sizeof sliced);
            sliced.begin_status = LS_OK;
            sliced.status = st;
            sliced.result_status = ls_search_result(s, &sliced.result);
            sliced.path_status = ls_search_path(s, sliced.path, TU_MAX_PATH,
                                                &sliced.path_length);
            sliced.partial_status = ls_search_partial_path(
                s, sliced.partial, TU_MAX_PATH, &sliced.partial_length);
            if (!tu_outcome_equal(&whole, &sliced, why, sizeof why))
                differ++;
        }
        ls_search_destroy(s);
        ls_grid_destroy(g);
    }
    CU_ASSERT_EQUAL(differ, 0);
}

/* ls_search_expansions counts as the search goes, ends equal to the
 * result's count, and still counts a query that ended with an error
 * part-way (cost overflow after 128 steps of a corridor of terrain 255 at
 * straight cost 65535), which ls_search_result cannot report. */
static void test_expansions_are_readable_whatever_the_outcome(void)
{
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_query q;
    ls_result r;
    uint32_t n = 99, last = 0, steps = 0;
    ls_status st;
    int32_t x;

    CU_ASSERT_FATAL(ls_grid_create(200, 1, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(200, 1, NULL, &s) == LS_OK);
    CU_ASSERT_EQUAL(ls_search_expansions(s, &n), LS_ERR_NO_QUERY);
    CU_ASSERT_EQUAL(n, 99);
    CU_ASSERT_EQUAL(ls_search_expansions(NULL, &n), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_search_expansions(s, NULL), LS_ERR_NULL_ARGUMENT);
    ls_query_init(&q);
    q.connectivity = LS_CONNECT_4;
    q.goal_x = 150;
    CU_ASSERT_EQUAL_FATAL(ls_search_begin(s, g, &q), LS_OK);
    CU_ASSERT_EQUAL(ls_search_expansions(s, &n), LS_OK);
    CU_ASSERT_EQUAL(n, 0);
    do {
        st = ls_search_step(s, 7);
        CU_ASSERT_EQUAL(ls_search_expansions(s, &n), LS_OK);
        CU_ASSERT(n >= last && n <= last + 7);
        last = n;
        steps++;
    } while (st == LS_IN_PROGRESS && steps < 1000);
    CU_ASSERT_EQUAL(st, LS_OK);
    CU_ASSERT_EQUAL(ls_search_result(s, &r), LS_OK);
    CU_ASSERT_EQUAL(n, r.expansions);

    for (x = 1; x < 200; x++)
        CU_ASSERT_FATAL(ls_grid_set(g, x, 0, 255) == LS_OK);
    q.straight_cost = 65535;
    q.diagonal_cost = 131070;
    q.heuristic = LS_HEURISTIC_ZERO;
    q.goal_x = 199;
    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, NULL, 0, &r), LS_ERR_COST_OVERFLOW);
    CU_ASSERT_EQUAL(ls_search_expansions(s, &n), LS_OK);
    CU_ASSERT(n >= 128 && n <= 130);
    /* A refused begin leaves no query. */
    q.start_x = 300;
    CU_ASSERT_EQUAL(ls_search_begin(s, g, &q), LS_ERR_START_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_search_expansions(s, &n), LS_ERR_NO_QUERY);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

int suite_slicing_register(void)
{
    CU_pSuite s = CU_add_suite("slicing", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "slicing does not change the result",
                     test_slicing_does_not_change_result) ||
        !CU_add_test(s, "step reports IN_PROGRESS until done, then repeats",
                     test_step_reports_in_progress_until_done_then_repeats) ||
        !CU_add_test(s, "reading between slices does not disturb the query",
                     test_reading_between_slices_does_not_disturb_query) ||
        !CU_add_test(s, "expansions are readable whatever the outcome",
                     test_expansions_are_readable_whatever_the_outcome))
        return -1;
    return 0;
}
