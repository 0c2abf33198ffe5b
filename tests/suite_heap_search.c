/* SPDX-License-Identifier: MIT */
/*
 * suite_heap_search.c - the heap suite's whole searches: run through both
 * forms of the open list, they agree in every reported field, sliced or
 * not. A compact context has only the bucket form: it runs exactly the
 * queries a full context runs in that form, with the same results, and
 * refuses the rest.
 * (Which queries a compact context accepts, as the header states the rule:
 * suite_context.c.)
 */
#include <stdint.h>
#include <stdio.h>
#include <CUnit/CUnit.h>
#include "../src/search.h" /* the open list's form a search took */
#include "suite_heap.h"
#include "test_util.h"

static tu_outcome with_buckets, with_heap;
static char why[256];

/* A random query on g with step costs number c: random connectivity,
 * corner rule, heuristic (Manhattan only with 4-connectivity unless
 * any_option) and expansion limit, JPS half the time on a uniform grid;
 * with any_option also the smaller-g tie-break and weights, which only the
 * heap form runs. */
static void random_query(ls_rng *rng, const ls_grid *g, int uniform,
                         int any_option, uint32_t c, ls_query *q)
{
    static const int32_t heur[] = { LS_HEURISTIC_AUTO, LS_HEURISTIC_OCTILE,
                                    LS_HEURISTIC_CHEBYSHEV, LS_HEURISTIC_ZERO,
                                    LS_HEURISTIC_MANHATTAN };
    static const uint32_t costs[][2] = { { 10, 14 }, { 1, 1 }, { 3, 4 },
                                         { 100, 141 } };
    ls_query_init(q);
    q->connectivity = ls_rng_below(rng, 2) ? LS_CONNECT_8 : LS_CONNECT_4;
    q->corner_rule = (int32_t)ls_rng_below(rng, 3);
    q->heuristic =
        heur[ls_rng_below(rng, any_option || q->connectivity == 4 ? 5 : 4)];
    q->straight_cost = costs[c][0];
    q->diagonal_cost = costs[c][1];
    if (any_option && ls_rng_below(rng, 5) == 0)
        q->tie_break = LS_TIE_LOW_G;
    if (any_option && ls_rng_below(rng, 5) == 0)
        q->weight = fix16_one + (fix16_t)ls_rng_below(rng, 3u << 16);
    if (ls_rng_below(rng, 4) == 0)
        q->max_expansions = 1 + ls_rng_below(rng, 60);
    if (uniform && ls_rng_below(rng, 2) == 0) {
        q->algorithm = LS_ALGO_JPS;
        q->connectivity = LS_CONNECT_8;
        q->corner_rule = LS_CORNERS_NONE;
    }
    tu_random_open_cell(rng, g, &q->start_x, &q->start_y);
    tu_random_open_cell(rng, g, &q->goal_x, &q->goal_y);
}

/* Queries the bucket form can take (consistent heuristic, weight 1,
 * larger-g tie-break, A* or JPS) run through both forms: every reported
 * field agrees, sliced or not. */
void test_both_forms_give_identical_searches(void)
{
    ls_rng rng;
    int i;
    uint32_t differ = 0, bucket_runs = 0, heap_forced = 0;

    ls_rng_seed(&rng, 606);
    for (i = 0; i < 300; i++) {
        int32_t w = 2 + (int32_t)ls_rng_below(&rng, 39);
        int32_t h = 2 + (int32_t)ls_rng_below(&rng, 39);
        int uniform = i % 3 == 0;
        ls_grid *g = tu_random_grid(&rng, w, h, ls_rng_below(&rng, 45),
                                    uniform ? 0 : 30, uniform ? 1 : 9);
        ls_search *s = NULL;
        ls_query q;
        uint32_t c = ls_rng_below(&rng, 4), budget = ls_rng_below(&rng, 2) * 3;

        CU_ASSERT_FATAL(g != NULL);
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
        random_query(&rng, g, uniform, 0, c, &q);

        s->open.force_heap = 0;
        tu_run(s, g, &q, budget, &with_buckets);
        if (with_buckets.begin_status == LS_OK && s->open.bucket_form)
            bucket_runs++;
        s->open.force_heap = 1;
        tu_run(s, g, &q, budget, &with_heap);
        if (with_heap.begin_status == LS_OK && !s->open.bucket_form)
            heap_forced++;
        if (!tu_outcome_equal(&with_buckets, &with_heap, why, sizeof why))
            differ++;
        ls_search_destroy(s);
        ls_grid_destroy(g);
    }
    CU_ASSERT_EQUAL(differ, 0);
    /* The comparison was real: most queries took the bucket form unless
     * forced, and forcing worked. */
    CU_ASSERT(bucket_runs >= 200);
    CU_ASSERT_EQUAL(heap_forced, 300);
}

/* A compact context (12 bytes per cell: no heap, no prev links, the path
 * threaded through the links) runs every query the bucket form can take
 * with exactly the results of a full one, sliced or not, reusing one pair
 * of contexts across queries; it refuses every other query with
 * LS_ERR_NEEDS_FULL_CONTEXT, and then holds no query but runs the next
 * one normally. */
void test_compact_context_matches_full_or_refuses(void)
{
    static tu_outcome full, compact;
    ls_rng rng;
    int i;
    uint32_t differ = 0, compared = 0, refused = 0, wrong_refusal = 0;
    uint32_t jps_compared = 0, paths = 0;

    ls_rng_seed(&rng, 1212);
    for (i = 0; i < 60; i++) {
        int32_t w = 2 + (int32_t)ls_rng_below(&rng, 60);
        int32_t h = 2 + (int32_t)ls_rng_below(&rng, 60);
        int uniform = i % 2 == 0;
        ls_grid *g = tu_random_grid(&rng, w, h, ls_rng_below(&rng, 40),
                                    uniform ? 0 : 30, uniform ? 1 : 9);
        ls_search *sf = NULL, *sc = NULL;
        int k;

        CU_ASSERT_FATAL(g != NULL);
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &sf) == LS_OK);
        CU_ASSERT_FATAL(ls_search_create_with(w, h, LS_SEARCH_COMPACT, NULL,
                                              &sc) == LS_OK);
        for (k = 0; k < 12; k++) {
            ls_query q;
            uint32_t c = ls_rng_below(&rng, 4), budget = ls_rng_below(&rng, 2) * 4;
            ls_status st;
            random_query(&rng, g, uniform, 1, c, &q);

            tu_run(sf, g, &q, budget, &full);
            /* ls_search_check answers what begin will say, in both kinds. */
            CU_ASSERT_EQUAL(ls_search_check(sf, g, &q), full.begin_status);
            st = ls_search_check(sc, g, &q);
            CU_ASSERT_EQUAL(ls_search_begin(sc, g, &q), st);
            if (st == LS_ERR_NEEDS_FULL_CONTEXT) {
                ls_result r;
                refused++;
                /* Only queries the full context ran in the heap form. */
                if (sf->open.bucket_form)
                    wrong_refusal++;
                CU_ASSERT_EQUAL(ls_search_step(sc, 0), LS_ERR_NO_QUERY);
                CU_ASSERT_EQUAL(ls_search_result(sc, &r), LS_ERR_NO_QUERY);
                continue;
            }
            tu_run(sc, g, &q, budget, &compact);
            if (!sf->open.bucket_form && full.begin_status == LS_OK)
                wrong_refusal++; /* a heap-form query must be refused */
            compared++;
            if (q.algorithm == LS_ALGO_JPS)
                jps_compared++;
            if (full.status == LS_OK && full.path_length > 1)
                paths++;
            if (!tu_outcome_equal(&full, &compact, why, sizeof why)) {
                differ++;
                printf("\n    compact vs full: %s", why);
            }
        }
        ls_search_destroy(sf);
        ls_search_destroy(sc);
        ls_grid_destroy(g);
    }
    CU_ASSERT_EQUAL(differ, 0);
    CU_ASSERT_EQUAL(wrong_refusal, 0);
    /* Both branches were exercised, JPS and long paths included. */
    CU_ASSERT(compared >= 300);
    CU_ASSERT(refused >= 100);
    CU_ASSERT(jps_compared >= 50);
    CU_ASSERT(paths >= 200);
}
