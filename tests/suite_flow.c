/* SPDX-License-Identifier: MIT */
/*
 * suite_flow.c - flow fields' API (include/lockstar_flow.h): every bad
 * argument's status, the states a flow is in (no field, unfinished,
 * complete, overflowed), refresh's answers, no allocation after create,
 * every failed create clean, the documented memory, and the bucket pool's
 * compaction giving the same fields.
 */
#include <stdio.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "../src/flow.h" /* the pool's size, to make it compact (a test hook) */
#include "suites.h"
#include "test_util.h"

static ls_status finish(ls_flow *f)
{
    ls_status st;
    do
        st = ls_flow_step(f, 0, NULL);
    while (st == LS_IN_PROGRESS);
    return st;
}

static void test_bad_arguments_get_their_status(void)
{
    ls_flow *f = (ls_flow *)&f;
    ls_grid *g = NULL, *other = NULL;
    ls_query q;
    ls_point goal = { 2, 3 }, bad;
    int32_t v;
    uint8_t d8[20];
    int32_t c32[20];
    uint32_t n = 7;
    uint64_t dg;

    CU_ASSERT_EQUAL(ls_flow_bytes_per_cell(), 15);
    CU_ASSERT_EQUAL(ls_flow_create(5, 4, 1, NULL, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_flow_create(0, 4, 1, NULL, &f), LS_ERR_BAD_SIZE);
    CU_ASSERT_PTR_NULL(f);
    CU_ASSERT_EQUAL(ls_flow_create(5, -1, 1, NULL, &f), LS_ERR_BAD_SIZE);
    CU_ASSERT_EQUAL(ls_flow_create(LS_MAX_DIMENSION + 1, 4, 1, NULL, &f),
                    LS_ERR_BAD_SIZE);
    CU_ASSERT_EQUAL(ls_flow_create(5, 4, 0, NULL, &f), LS_ERR_BAD_SIZE);
    CU_ASSERT_EQUAL(ls_flow_create(5, 4, LS_FLOW_MAX_GOALS + 1u, NULL, &f),
                    LS_ERR_BAD_SIZE);
    CU_ASSERT_PTR_NULL(f);
    ls_flow_destroy(NULL);

    CU_ASSERT_FATAL(ls_flow_create(5, 4, 2, NULL, &f) == LS_OK);
    CU_ASSERT_FATAL(ls_grid_create(5, 4, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_grid_create(4, 5, NULL, &other) == LS_OK);
    ls_query_init(&q);

    /* Nothing begun yet. */
    CU_ASSERT_EQUAL(ls_flow_step(f, 0, &n), LS_ERR_NO_QUERY);
    CU_ASSERT_EQUAL(n, 0);
    CU_ASSERT_EQUAL(ls_flow_step(NULL, 0, &n), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_flow_refresh(f, g), LS_ERR_NO_QUERY);
    CU_ASSERT_EQUAL(ls_flow_expansions(f, &n), LS_ERR_NO_QUERY);
    CU_ASSERT_EQUAL(ls_flow_cost(f, 0, 0, &v), LS_ERR_NO_QUERY);
    CU_ASSERT_EQUAL(ls_flow_direction(f, 0, 0, &v), LS_ERR_NO_QUERY);
    CU_ASSERT_EQUAL(ls_flow_costs(f, c32, 20), LS_ERR_NO_QUERY);
    CU_ASSERT_EQUAL(ls_flow_directions(f, d8, 20), LS_ERR_NO_QUERY);
    CU_ASSERT_EQUAL(ls_flow_digest(f, &dg), LS_ERR_NO_QUERY);

    /* begin, in the documented order */
    CU_ASSERT_EQUAL(ls_flow_begin(NULL, g, &q, &goal, 1), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_flow_begin(f, NULL, &q, &goal, 1), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_flow_begin(f, g, NULL, &goal, 1), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_flow_begin(f, g, &q, NULL, 1), LS_ERR_NULL_ARGUMENT);
    q.struct_size = 4;
    CU_ASSERT_EQUAL(ls_flow_begin(f, g, &q, &goal, 1), LS_ERR_BAD_STRUCT_SIZE);
    ls_query_init(&q);
    q.connectivity = 6;
    CU_ASSERT_EQUAL(ls_flow_begin(f, g, &q, &goal, 1), LS_ERR_BAD_OPTION);
    ls_query_init(&q);
    q.corner_rule = 3;
    CU_ASSERT_EQUAL(ls_flow_begin(f, g, &q, &goal, 1), LS_ERR_BAD_OPTION);
    ls_query_init(&q);
    q.straight_cost = 0;
    CU_ASSERT_EQUAL(ls_flow_begin(f, g, &q, &goal, 1), LS_ERR_BAD_STEP_COST);
    ls_query_init(&q);
    q.diagonal_cost = 21;
    CU_ASSERT_EQUAL(ls_flow_begin(f, g, &q, &goal, 1), LS_ERR_BAD_STEP_COST);
    ls_query_init(&q);
    q.diagonal_cost = 9;
    CU_ASSERT_EQUAL(ls_flow_begin(f, g, &q, &goal, 1), LS_ERR_BAD_STEP_COST);
    ls_query_init(&q);
    CU_ASSERT_EQUAL(ls_flow_begin(f, other, &q, &goal, 1), LS_ERR_GRID_MISMATCH);
    CU_ASSERT_EQUAL(ls_flow_begin(f, g, &q, &goal, 0), LS_ERR_BAD_SIZE);
    CU_ASSERT_EQUAL(ls_flow_begin(f, g, &q, &goal, 3), LS_ERR_BAD_SIZE);
    bad.x = 5;
    bad.y = 0;
    CU_ASSERT_EQUAL(ls_flow_begin(f, g, &q, &bad, 1), LS_ERR_GOAL_OUT_OF_BOUNDS);
    bad.x = 0;
    bad.y = -1;
    CU_ASSERT_EQUAL(ls_flow_begin(f, g, &q, &bad, 1), LS_ERR_GOAL_OUT_OF_BOUNDS);
    ls_grid_set(g, 2, 3, LS_CELL_BLOCKED);
    CU_ASSERT_EQUAL(ls_flow_begin(f, g, &q, &goal, 1), LS_ERR_GOAL_BLOCKED);
    CU_ASSERT_EQUAL(ls_flow_cost(f, 0, 0, &v), LS_ERR_NO_QUERY);
    ls_grid_set(g, 2, 3, 1);

    /* The fields a field ignores may hold anything. */
    q.heuristic = 99;
    q.tie_break = 7;
    q.algorithm = 5;
    q.weight = 0;
    q.max_expansions = 3;
    q.start_x = -40;
    CU_ASSERT_EQUAL(ls_flow_begin(f, g, &q, &goal, 1), LS_OK);
    CU_ASSERT_EQUAL(ls_flow_cost(f, 0, 0, &v), LS_ERR_NOT_DONE);
    CU_ASSERT_EQUAL(ls_flow_digest(f, &dg), LS_ERR_NOT_DONE);
    CU_ASSERT_EQUAL(ls_flow_expansions(f, &n), LS_OK);
    CU_ASSERT_EQUAL(n, 0);
    CU_ASSERT_EQUAL(ls_flow_step(f, 3, &n), LS_IN_PROGRESS);
    CU_ASSERT_EQUAL(n, 3);
    CU_ASSERT_EQUAL(ls_flow_step(f, 0, NULL), LS_OK);
    CU_ASSERT_EQUAL(ls_flow_expansions(f, &n), LS_OK);
    CU_ASSERT_EQUAL(n, 20);
    CU_ASSERT_EQUAL(ls_flow_expansions(f, NULL), LS_ERR_NULL_ARGUMENT);

    /* Readers. */
    CU_ASSERT_EQUAL(ls_flow_cost(NULL, 0, 0, &v), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_flow_cost(f, 0, 0, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_flow_direction(f, 0, 0, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_flow_cost(f, 5, 0, &v), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_flow_cost(f, 0, 4, &v), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_flow_direction(f, -1, 0, &v), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_flow_costs(f, c32, 19), LS_ERR_BAD_SIZE);
    CU_ASSERT_EQUAL(ls_flow_directions(f, d8, 21), LS_ERR_BAD_SIZE);
    CU_ASSERT_EQUAL(ls_flow_costs(f, NULL, 20), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_flow_directions(f, NULL, 20), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_flow_digest(f, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_flow_cost(f, 2, 3, &v), LS_OK);
    CU_ASSERT_EQUAL(v, 0);
    CU_ASSERT_EQUAL(ls_flow_direction(f, 2, 3, &v), LS_OK);
    CU_ASSERT_EQUAL(v, LS_FLOW_GOAL);
    CU_ASSERT_EQUAL(ls_flow_cost(f, 0, 0, &v), LS_OK);
    CU_ASSERT_EQUAL(v, 38); /* two diagonal steps and one straight */
    CU_ASSERT_EQUAL(ls_flow_direction(f, 0, 0, &v), LS_OK);
    CU_ASSERT_EQUAL(v, 2);  /* S: before SE in the order, and optimal */

    /* refresh */
    CU_ASSERT_EQUAL(ls_flow_refresh(NULL, g), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_flow_refresh(f, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_flow_refresh(f, other), LS_ERR_GRID_MISMATCH);
    CU_ASSERT_EQUAL(ls_flow_refresh(f, g), LS_OK);
    ls_grid_set(g, 4, 0, 1); /* the cost it had: nothing changed */
    CU_ASSERT_EQUAL(ls_flow_refresh(f, g), LS_OK);
    ls_grid_set(g, 1, 1, LS_CELL_BLOCKED);
    CU_ASSERT_EQUAL(ls_flow_refresh(f, g), LS_IN_PROGRESS);
    CU_ASSERT_EQUAL(ls_flow_cost(f, 0, 0, &v), LS_ERR_NOT_DONE);
    /* unfinished, same grid and revision: the update goes on */
    CU_ASSERT_EQUAL(ls_flow_refresh(f, g), LS_IN_PROGRESS);
    CU_ASSERT_EQUAL(finish(f), LS_OK);
    CU_ASSERT_EQUAL(ls_flow_cost(f, 1, 1, &v), LS_OK);
    CU_ASSERT_EQUAL(v, -1);
    CU_ASSERT_EQUAL(ls_flow_direction(f, 1, 1, &v), LS_OK);
    CU_ASSERT_EQUAL(v, LS_FLOW_NONE);
    {   /* another grid with the same cells: nothing to do */
        ls_grid *twin = NULL;
        uint8_t cells[20];
        int32_t i;
        CU_ASSERT_FATAL(ls_grid_create(5, 4, NULL, &twin) == LS_OK);
        for (i = 0; i < 20; i++)
            ls_grid_get(g, i % 5, i / 5, &cells[i]);
        ls_grid_load(twin, cells, 20);
        CU_ASSERT_EQUAL(ls_flow_refresh(f, twin), LS_OK);
        ls_grid_destroy(twin);
    }
    /* a goal blocked by an edit reaches nothing, then is a goal again */
    ls_grid_set(g, 2, 3, LS_CELL_BLOCKED);
    CU_ASSERT_EQUAL(ls_flow_refresh(f, g), LS_IN_PROGRESS);
    CU_ASSERT_EQUAL(finish(f), LS_OK);
    CU_ASSERT_EQUAL(ls_flow_cost(f, 0, 0, &v), LS_OK);
    CU_ASSERT_EQUAL(v, -1);
    CU_ASSERT_EQUAL(ls_flow_direction(f, 2, 3, &v), LS_OK);
    CU_ASSERT_EQUAL(v, LS_FLOW_NONE);
    ls_grid_set(g, 2, 3, 1);
    CU_ASSERT_EQUAL(ls_flow_refresh(f, g), LS_IN_PROGRESS);
    CU_ASSERT_EQUAL(finish(f), LS_OK);
    CU_ASSERT_EQUAL(ls_flow_direction(f, 2, 3, &v), LS_OK);
    CU_ASSERT_EQUAL(v, LS_FLOW_GOAL);
    /* a refused begin leaves no field */
    CU_ASSERT_EQUAL(ls_flow_begin(f, g, &q, &goal, 0), LS_ERR_BAD_SIZE);
    CU_ASSERT_EQUAL(ls_flow_cost(f, 0, 0, &v), LS_ERR_NO_QUERY);
    CU_ASSERT_EQUAL(ls_flow_refresh(f, g), LS_ERR_NO_QUERY);

    ls_grid_destroy(g);
    ls_grid_destroy(other);
    ls_flow_destroy(f);
}

/* A corridor of the dearest cells: a step costs 65535 * 255, so the 129th
 * cell from the goal would cost more than LS_COST_MAX. */
static void test_costs_above_the_maximum_end_the_field(void)
{
    static const uint32_t budgets[] = { 0, 1, 7, 100 };
    ls_grid *g = NULL;
    ls_flow *f = NULL;
    ls_query q;
    ls_point goal = { 0, 0 };
    size_t i;
    int32_t v;
    CU_ASSERT_FATAL(ls_grid_create(200, 1, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_flow_create(200, 1, 1, NULL, &f) == LS_OK);
    ls_grid_fill(g, 255);
    ls_query_init(&q);
    q.straight_cost = 65535;
    q.diagonal_cost = 65535;
    for (i = 0; i < sizeof budgets / sizeof budgets[0]; i++) {
        uint32_t total, sum = 0, n;
        ls_status st;
        CU_ASSERT_FATAL(ls_flow_begin(f, g, &q, &goal, 1) == LS_OK);
        do {
            st = ls_flow_step(f, budgets[i], &n);
            sum += n;
        } while (st == LS_IN_PROGRESS);
        CU_ASSERT_EQUAL(st, LS_ERR_COST_OVERFLOW);
        CU_ASSERT_EQUAL(ls_flow_step(f, 0, &n), LS_ERR_COST_OVERFLOW);
        CU_ASSERT_EQUAL(n, 0);
        ls_flow_expansions(f, &total);
        CU_ASSERT_EQUAL(total, 129); /* costs 0 .. 128 * 16711425 */
        CU_ASSERT_EQUAL(sum, 129);
        CU_ASSERT_EQUAL(ls_flow_cost(f, 0, 0, &v), LS_ERR_COST_OVERFLOW);
    }
    /* Cheaper ground: a refresh computes it again. */
    ls_grid_fill(g, 1);
    CU_ASSERT_EQUAL(ls_flow_refresh(f, g), LS_IN_PROGRESS);
    CU_ASSERT_EQUAL(finish(f), LS_OK);
    CU_ASSERT_EQUAL(ls_flow_cost(f, 199, 0, &v), LS_OK);
    CU_ASSERT_EQUAL(v, 199 * 65535);
    ls_flow_destroy(f);
    ls_grid_destroy(g);
}

static int same_counts(const tu_counter *a, const tu_counter *b)
{
    return a->allocs == b->allocs && a->releases == b->releases &&
           a->failed == b->failed && a->bytes_allocated == b->bytes_allocated;
}

static void test_fields_never_allocate_after_create(void)
{
    tu_counter c, before;
    ls_allocator a = tu_counting_allocator(&c);
    ls_flow *f = NULL;
    ls_grid *g = NULL;
    ls_rng rng;
    int i;
    CU_ASSERT_FATAL(ls_flow_create(30, 20, 8, &a, &f) == LS_OK);
    CU_ASSERT(c.allocs > 0);
    before = c;
    ls_rng_seed(&rng, 2104);
    g = tu_random_grid(&rng, 30, 20, 20, 30, 9);
    CU_ASSERT_FATAL(g != NULL);
    for (i = 0; i < 200; i++) {
        ls_query q;
        ls_point goals[8];
        uint32_t k, ng = 1 + ls_rng_below(&rng, 8);
        int32_t v;
        uint64_t dg;
        ls_query_init(&q);
        q.connectivity = i % 3 ? LS_CONNECT_8 : LS_CONNECT_4;
        q.corner_rule = i % 3;
        for (k = 0; k < ng; k++)
            tu_random_open_cell(&rng, g, &goals[k].x, &goals[k].y);
        if (ls_flow_begin(f, g, &q, goals, ng) != LS_OK)
            continue;
        while (ls_flow_step(f, 1 + ls_rng_below(&rng, 50), NULL) == LS_IN_PROGRESS)
            ;
        for (k = 0; k < 5; k++) {
            ls_grid_set(g, (int32_t)ls_rng_below(&rng, 30),
                        (int32_t)ls_rng_below(&rng, 20),
                        (uint8_t)ls_rng_below(&rng, 4));
            ls_flow_refresh(f, g);
            finish(f);
        }
        ls_flow_cost(f, 3, 3, &v);
        ls_flow_digest(f, &dg);
    }
    CU_ASSERT(same_counts(&c, &before));
    ls_flow_destroy(f);
    ls_grid_destroy(g);
    CU_ASSERT(tu_counter_balanced(&c));
    CU_ASSERT_EQUAL(c.size_mismatches, 0);
}

static void test_failed_create_leaks_nothing(void)
{
    int64_t n;
    int succeeded = 0;
    for (n = 0; n < 16 && !succeeded; n++) {
        tu_counter c;
        ls_allocator a = tu_counting_allocator(&c);
        ls_flow *f = (ls_flow *)&f;
        ls_status st;
        c.fail_after = n;
        st = ls_flow_create(17, 9, 3, &a, &f);
        if (st == LS_OK) {
            succeeded = 1;
            ls_flow_destroy(f);
        } else {
            CU_ASSERT_EQUAL(st, LS_ERR_OUT_OF_MEMORY);
            CU_ASSERT_PTR_NULL(f);
        }
        CU_ASSERT(tu_counter_balanced(&c));
    }
    CU_ASSERT(succeeded);
    CU_ASSERT(n > 3);
}

/* The header: ls_flow_bytes_per_cell() per bordered cell, 4 per goal and
 * a fixed part of about 75 KB. */
static void test_memory_matches_the_header(void)
{
    static const int32_t sizes[][2] = { { 1, 1 }, { 10, 10 }, { 100, 37 },
                                        { 512, 512 } };
    size_t i;
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        tu_counter c;
        ls_allocator a = tu_counting_allocator(&c);
        ls_flow *f = NULL;
        const uint64_t cells = (uint64_t)(sizes[i][0] + 2) * (uint64_t)(sizes[i][1] + 2);
        const uint64_t need = cells * ls_flow_bytes_per_cell() + 4u * 10u;
        CU_ASSERT_FATAL(ls_flow_create(sizes[i][0], sizes[i][1], 10, &a, &f) == LS_OK);
        CU_ASSERT(c.bytes_allocated >= need);
        CU_ASSERT(c.bytes_allocated <= need + 80u * 1024u);
        if (c.bytes_allocated > need + 80u * 1024u)
            printf("\n    flow: %dx%d takes %llu bytes, documented %llu + about 75 KB",
                   (int)sizes[i][0], (int)sizes[i][1],
                   (unsigned long long)c.bytes_allocated, (unsigned long long)need);
        ls_flow_destroy(f);
        CU_ASSERT(tu_counter_balanced(&c));
    }
}

/* Compaction, forced between steps, and the smallest pool flow.h's bound
 * allows: the fields equal those of a flow with the full pool. */
static void test_a_compacted_pool_gives_the_same_fields(void)
{
    ls_rng rng;
    int trial;
    uint32_t compactions = 0;
    ls_rng_seed(&rng, 2105);
    for (trial = 0; trial < 60; trial++) {
        const int32_t w = 40 + (int32_t)ls_rng_below(&rng, 40);
        const int32_t h = 40 + (int32_t)ls_rng_below(&rng, 40);
        ls_grid *g = tu_random_grid(&rng, w, h, ls_rng_below(&rng, 20), 70, 255);
        ls_flow *a = NULL, *b = NULL;
        ls_query q;
        ls_point goal;
        uint64_t da, db;
        uint32_t ea, eb;
        ls_query_init(&q);
        q.straight_cost = 1 + ls_rng_below(&rng, 3);
        q.diagonal_cost = q.straight_cost + ls_rng_below(&rng, q.straight_cost + 1);
        tu_random_open_cell(&rng, g, &goal.x, &goal.y);
        CU_ASSERT_FATAL(ls_flow_create(w, h, 1, NULL, &a) == LS_OK);
        CU_ASSERT_FATAL(ls_flow_create(w, h, 1, NULL, &b) == LS_OK);
        /* at most one entry per queued cell, one partial chunk per bucket */
        b->chunk_count = a->cell_count / (LS_FLOW_CHUNK - 1u) + LS_FLOW_RING + 2u;
        CU_ASSERT_FATAL(ls_flow_begin(a, g, &q, &goal, 1) == LS_OK);
        CU_ASSERT_FATAL(ls_flow_begin(b, g, &q, &goal, 1) == LS_OK);
        CU_ASSERT_EQUAL(finish(a), LS_OK);
        while (ls_flow_step(b, 1 + ls_rng_below(&rng, 100), NULL) == LS_IN_PROGRESS)
            ls__flow_compact(b);
        ls_flow_digest(a, &da);
        ls_flow_digest(b, &db);
        ls_flow_expansions(a, &ea);
        ls_flow_expansions(b, &eb);
        CU_ASSERT_EQUAL(da, db);
        CU_ASSERT_EQUAL(ea, eb);
        compactions += b->compactions;
        ls_flow_destroy(a);
        ls_flow_destroy(b);
        ls_grid_destroy(g);
    }
    CU_ASSERT(compactions > 1000);
}

/* A refresh that finds the cells unchanged (the revision moved, the cells
 * did not) leaves the field and the count of the field begun last. */
static void test_a_refresh_without_changes_keeps_the_count(void)
{
    ls_grid *g = NULL;
    ls_flow *f = NULL;
    ls_query q;
    ls_point goal = { 0, 0 };
    uint32_t total = 0, revision0 = 0, revision1 = 0;
    uint64_t before = 0, after = 0;
    CU_ASSERT_FATAL(ls_grid_create(3, 1, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_flow_create(3, 1, 1, NULL, &f) == LS_OK);
    ls_query_init(&q);
    CU_ASSERT_EQUAL(ls_flow_begin(f, g, &q, &goal, 1), LS_OK);
    CU_ASSERT_EQUAL(ls_flow_step(f, 0, NULL), LS_OK);
    CU_ASSERT_EQUAL(ls_flow_expansions(f, &total), LS_OK);
    CU_ASSERT_EQUAL(total, 3);
    CU_ASSERT_EQUAL(ls_flow_digest(f, &before), LS_OK);
    ls_grid_revision(g, &revision0);
    CU_ASSERT_EQUAL(ls_grid_set(g, 2, 0, 1), LS_OK); /* already 1 */
    ls_grid_fill(g, 1);
    ls_grid_revision(g, &revision1);
    if (revision1 != revision0) {
        CU_ASSERT_EQUAL(ls_flow_refresh(f, g), LS_OK);
        CU_ASSERT_EQUAL(ls_flow_expansions(f, &total), LS_OK);
        CU_ASSERT_EQUAL(total, 3);
        CU_ASSERT_EQUAL(ls_flow_digest(f, &after), LS_OK);
        CU_ASSERT_EQUAL(after, before);
    }
    CU_ASSERT(revision1 != revision0); /* the case above really ran */
    ls_flow_destroy(f);
    ls_grid_destroy(g);
}

int suite_flow_register(void)
{
    CU_pSuite s = CU_add_suite("flow", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "bad arguments get their status",
                     test_bad_arguments_get_their_status) ||
        !CU_add_test(s, "costs above the maximum end the field",
                     test_costs_above_the_maximum_end_the_field) ||
        !CU_add_test(s, "fields never allocate after create",
                     test_fields_never_allocate_after_create) ||
        !CU_add_test(s, "a failed create leaks nothing",
                     test_failed_create_leaks_nothing) ||
        !CU_add_test(s, "memory matches the header",
                     test_memory_matches_the_header) ||
        !CU_add_test(s, "a refresh without changes keeps the count",
                     test_a_refresh_without_changes_keeps_the_count) ||
        !CU_add_test(s, "a compacted pool gives the same fields",
                     test_a_compacted_pool_gives_the_same_fields))
        return -1;
    return 0;
}
