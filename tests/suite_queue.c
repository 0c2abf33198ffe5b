/*
 * suite_queue.c - the path request queue: every result byte-identical to
 * ls_find_path on the grid it finished on, whatever the budget, cancels
 * and edits; the tick of each completion as the header's budget rule
 * says (checked against a model of the rule); full queue, full pool,
 * duplicate and unknown ids; no allocation after creation, and every
 * failed creation clean.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suites.h"
#include "test_util.h"

enum { W = 24, H = 18, NQ = 80, MAXP = W * H };

static ls_point got[MAXP], want[MAXP];

/* A grid with walls (1 in 5) and terrain costs 1..4 on half the rows. */
static ls_grid *make_grid(uint64_t seed)
{
    ls_grid *g = NULL;
    ls_rng rng;
    int32_t x, y;
    CU_ASSERT_FATAL(ls_grid_create(W, H, NULL, &g) == LS_OK);
    ls_rng_seed(&rng, seed);
    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++)
            ls_grid_set(g, x, y,
                        ls_rng_below(&rng, 5) == 0
                            ? 0
                            : (uint8_t)(y % 2 ? 1 : 1 + ls_rng_below(&rng, 4)));
    return g;
}

/* A random query: varied options, some refused at begin (blocked start or
 * goal, JPS on terrain), some with an expansion limit. */
static void random_query(ls_rng *rng, ls_query *q)
{
    ls_query_init(q);
    q->start_x = (int32_t)ls_rng_below(rng, W);
    q->start_y = (int32_t)ls_rng_below(rng, H);
    q->goal_x = (int32_t)ls_rng_below(rng, W);
    q->goal_y = (int32_t)ls_rng_below(rng, H);
    switch (ls_rng_below(rng, 6)) {
    case 0: q->connectivity = LS_CONNECT_4; break;
    case 1: q->corner_rule = LS_CORNERS_ALL; q->tie_break = LS_TIE_LOW_G; break;
    case 2: q->weight = 0x28000; break; /* 2.5 */
    case 3: q->algorithm = LS_ALGO_JPS; break;
    case 4: q->max_expansions = 1 + ls_rng_below(rng, 40); break;
    default: break;
    }
}

/* Check the finished request id against ls_find_path(q) on grid, through
 * every reading call. */
static void check_against_find_path(const ls_queue *queue, uint64_t id,
                                    ls_search *s, const ls_grid *grid,
                                    const ls_query *q)
{
    ls_result r1, r2;
    ls_status want_st, st, qst;
    uint32_t len = 0, i;

    memset(&r1, 0, sizeof r1);
    memset(&r2, 0xab, sizeof r2);
    want_st = ls_find_path(s, grid, q, want, MAXP, &r1);
    CU_ASSERT_EQUAL_FATAL(ls_queue_status(queue, id, &qst), LS_OK);
    CU_ASSERT_EQUAL(qst, want_st);
    st = ls_queue_result(queue, id, &r2);
    if (want_st < 0) {
        CU_ASSERT_EQUAL(st, want_st);
        CU_ASSERT_EQUAL(ls_queue_path(queue, id, got, MAXP, &len), want_st);
        CU_ASSERT_EQUAL(len, 0);
        return;
    }
    CU_ASSERT_EQUAL(st, LS_OK);
    CU_ASSERT(memcmp(&r1, &r2, sizeof r1) == 0);
    st = ls_queue_path(queue, id, got, MAXP, &len);
    CU_ASSERT_EQUAL(st, want_st);
    CU_ASSERT_EQUAL(len, want_st == LS_OK ? r1.path_length : 0);
    if (want_st == LS_OK && len == r1.path_length) {
        for (i = 0; i < len; i++)
            CU_ASSERT(got[i].x == want[i].x && got[i].y == want[i].y);
    }
}

/* The expansions ls_find_path spends on q (0 when begin refuses it). */
static uint32_t cost_of(ls_search *s, const ls_grid *grid, const ls_query *q)
{
    ls_result r;
    ls_status st = ls_find_path(s, grid, q, want, MAXP, &r);
    return st == LS_OK || st == LS_NO_PATH || st == LS_EXPANSION_LIMIT
               ? r.expansions
               : 0u;
}

/* The header's budget rule, written again as a model: the tick in which
 * each of n requests (submitted before tick 0, needing need[i]
 * expansions) finishes with budget per tick. */
static void model_ticks(const uint32_t *need, int n, uint32_t budget,
                        uint32_t *tick)
{
    uint32_t t = 0, left = budget;
    int i;
    for (i = 0; i < n; i++) {
        uint32_t rest = need[i];
        if (budget == 0) {
            tick[i] = 0;
            continue;
        }
        if (left == 0) {
            t++;
            left = budget;
        }
        while (rest > left) {
            rest -= left;
            t++;
            left = budget;
        }
        left -= rest;
        tick[i] = t;
    }
}

/* NQ random queries submitted before tick 0, ticked with budget until
 * none is pending: each result equals ls_find_path's, and each finished in
 * the tick the model of the budget rule gives. */
static void results_match_for_budget(uint32_t budget)
{
    ls_grid *g = make_grid(77);
    ls_search *s = NULL;
    ls_queue *queue = NULL;
    ls_query q[NQ];
    uint32_t need[NQ], tick[NQ], done_at[NQ], pending = 1, t = 0;
    ls_rng rng;
    int i, refused = 0, found = 0;

    CU_ASSERT_FATAL(ls_search_create(W, H, NULL, &s) == LS_OK);
    CU_ASSERT_FATAL(ls_queue_create(W, H, NQ, NQ * MAXP, NULL, &queue) == LS_OK);
    ls_rng_seed(&rng, 1000 + budget);
    for (i = 0; i < NQ; i++) {
        ls_result r;
        random_query(&rng, &q[i]);
        need[i] = cost_of(s, g, &q[i]);
        if (ls_find_path(s, g, &q[i], want, MAXP, &r) < 0)
            refused++;
        else if (r.status == LS_OK)
            found++;
        CU_ASSERT_EQUAL(ls_queue_submit(queue, 5000u + (uint64_t)i * 3u, &q[i]),
                        LS_OK);
        done_at[i] = UINT32_MAX;
    }
    /* The queries cover refusals and found paths. */
    CU_ASSERT(refused >= 3);
    CU_ASSERT(found >= 20);
    model_ticks(need, NQ, budget, tick);
    while (pending > 0 && t < 100000u) {
        CU_ASSERT_EQUAL_FATAL(ls_queue_tick(queue, g, budget), LS_OK);
        for (i = 0; i < NQ; i++) {
            ls_status st;
            ls_queue_status(queue, 5000u + (uint64_t)i * 3u, &st);
            if (st != LS_IN_PROGRESS && done_at[i] == UINT32_MAX)
                done_at[i] = t;
        }
        ls_queue_pending(queue, &pending);
        t++;
    }
    CU_ASSERT_EQUAL(pending, 0);
    for (i = 0; i < NQ; i++) {
        check_against_find_path(queue, 5000u + (uint64_t)i * 3u, s, g, &q[i]);
        CU_ASSERT_EQUAL(done_at[i], tick[i]);
        if (done_at[i] != tick[i])
            fprintf(stderr, "    budget %lu request %d: tick %lu, rule %lu\n",
                    (unsigned long)budget, i, (unsigned long)done_at[i],
                    (unsigned long)tick[i]);
    }
    ls_queue_destroy(queue);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

static void test_results_equal_find_path_budget_1(void)
{
    results_match_for_budget(1);
}

static void test_results_equal_find_path_budget_7(void)
{
    results_match_for_budget(7);
}

static void test_results_equal_find_path_budget_1000(void)
{
    results_match_for_budget(1000);
}

static void test_budget_0_finishes_everything_in_one_tick(void)
{
    results_match_for_budget(0);
}

/* Cancels of waiting, running and finished requests, and releases, leave
 * every other result as ls_find_path gives it; forgotten ids are unknown. */
static void test_cancel_and_release_change_nothing_else(void)
{
    ls_grid *g = make_grid(5);
    ls_search *s = NULL;
    ls_queue *queue = NULL;
    ls_query q[NQ];
    int gone[NQ];
    uint32_t pending = 1, len = 99;
    ls_rng rng;
    ls_result r;
    ls_status st;
    int i, t = 0, cancelled_running = 0;

    CU_ASSERT_FATAL(ls_search_create(W, H, NULL, &s) == LS_OK);
    CU_ASSERT_FATAL(ls_queue_create(W, H, NQ, 4 * MAXP, NULL, &queue) == LS_OK);
    ls_rng_seed(&rng, 99);
    for (i = 0; i < NQ; i++) {
        random_query(&rng, &q[i]);
        gone[i] = 0;
        CU_ASSERT_EQUAL(ls_queue_submit(queue, (uint64_t)i, &q[i]), LS_OK);
    }
    while (pending > 0 && t < 100000) {
        ls_queue_tick(queue, g, 7);
        t++;
        for (i = 0; i < NQ; i++) {
            if (gone[i])
                continue;
            ls_queue_status(queue, (uint64_t)i, &st);
            if (st == LS_IN_PROGRESS && i % 5 == 2) {
                /* Waiting or running (i % 5 == 2 hits running ones too). */
                ls_status before = st;
                CU_ASSERT_EQUAL(ls_queue_release(queue, (uint64_t)i),
                                LS_ERR_NOT_DONE);
                ls_queue_status(queue, (uint64_t)i, &st);
                CU_ASSERT_EQUAL(st, before);
                if (t > 3 * (i / 5)) {
                    CU_ASSERT_EQUAL(ls_queue_cancel(queue, (uint64_t)i), LS_OK);
                    gone[i] = 1;
                    cancelled_running++;
                }
            } else if (st != LS_IN_PROGRESS && i % 7 == 3) {
                check_against_find_path(queue, (uint64_t)i, s, g, &q[i]);
                CU_ASSERT_EQUAL(i % 2 ? ls_queue_release(queue, (uint64_t)i)
                                      : ls_queue_cancel(queue, (uint64_t)i),
                                LS_OK);
                gone[i] = 1;
            }
        }
        ls_queue_pending(queue, &pending);
    }
    CU_ASSERT_EQUAL(pending, 0);
    CU_ASSERT(cancelled_running >= 5);
    for (i = 0; i < NQ; i++) {
        if (!gone[i]) {
            check_against_find_path(queue, (uint64_t)i, s, g, &q[i]);
            continue;
        }
        CU_ASSERT_EQUAL(ls_queue_status(queue, (uint64_t)i, &st),
                        LS_ERR_UNKNOWN_ID);
        CU_ASSERT_EQUAL(ls_queue_result(queue, (uint64_t)i, &r),
                        LS_ERR_UNKNOWN_ID);
        CU_ASSERT_EQUAL(ls_queue_path(queue, (uint64_t)i, got, MAXP, &len),
                        LS_ERR_UNKNOWN_ID);
        CU_ASSERT_EQUAL(len, 0);
        CU_ASSERT_EQUAL(ls_queue_cancel(queue, (uint64_t)i), LS_ERR_UNKNOWN_ID);
        CU_ASSERT_EQUAL(ls_queue_release(queue, (uint64_t)i),
                        LS_ERR_UNKNOWN_ID);
    }
    ls_queue_destroy(queue);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/* Cells edited between ticks: a request finishes as ls_find_path on the
 * grid as it was when it finished, the running one having started again. */
static void test_edits_between_ticks_restart_the_running_request(void)
{
    ls_grid *g = make_grid(11);
    ls_search *s = NULL;
    ls_queue *queue = NULL;
    ls_query q[NQ];
    int checked[NQ], edits = 0, n_checked = 0;
    uint32_t pending = 1;
    ls_rng rng;
    int i, t = 0;

    CU_ASSERT_FATAL(ls_search_create(W, H, NULL, &s) == LS_OK);
    CU_ASSERT_FATAL(ls_queue_create(W, H, NQ, NQ * MAXP, NULL, &queue) == LS_OK);
    ls_rng_seed(&rng, 4242);
    for (i = 0; i < NQ; i++) {
        random_query(&rng, &q[i]);
        checked[i] = 0;
        CU_ASSERT_EQUAL(ls_queue_submit(queue, (uint64_t)i, &q[i]), LS_OK);
    }
    while (pending > 0 && t < 100000) {
        ls_queue_tick(queue, g, 7);
        t++;
        /* Finished now: compare on the grid they finished on. */
        for (i = 0; i < NQ; i++) {
            ls_status st;
            ls_queue_status(queue, (uint64_t)i, &st);
            if (!checked[i] && st != LS_IN_PROGRESS) {
                check_against_find_path(queue, (uint64_t)i, s, g, &q[i]);
                checked[i] = 1;
                n_checked++;
            }
        }
        if (t % 2 == 0) {
            ls_grid_set(g, (int32_t)ls_rng_below(&rng, W),
                        (int32_t)ls_rng_below(&rng, H),
                        (uint8_t)ls_rng_below(&rng, 3));
            edits++;
        }
        ls_queue_pending(queue, &pending);
    }
    CU_ASSERT_EQUAL(pending, 0);
    CU_ASSERT_EQUAL(n_checked, NQ);
    CU_ASSERT(edits >= 10);
    ls_queue_destroy(queue);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/* Hand-computed: on an open 10 x 1 row, (0,0) to (k,0) needs k
 * expansions. Budget 3: requests needing 4, 2, 0 and 3 finish in ticks
 * 1, 1, 2, 2 (tick 0: 3 of the first; tick 1: its last 1, then the
 * second's 2, the budget is spent; tick 2: the third at no cost, the
 * fourth's 3). An edit restarts the running one from 0 expansions. */
static void test_tick_numbers_by_hand_and_restart(void)
{
    ls_grid *g = NULL;
    ls_queue *queue = NULL;
    ls_query q;
    const int32_t goals[4] = { 4, 2, 0, 3 };
    const ls_status want_after[3][4] = {
        { LS_IN_PROGRESS, LS_IN_PROGRESS, LS_IN_PROGRESS, LS_IN_PROGRESS },
        { LS_OK, LS_OK, LS_IN_PROGRESS, LS_IN_PROGRESS },
        { LS_OK, LS_OK, LS_OK, LS_OK },
    };
    ls_status st;
    ls_result r;
    int i, t;

    CU_ASSERT_FATAL(ls_grid_create(10, 1, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_queue_create(10, 1, 4, 40, NULL, &queue) == LS_OK);
    ls_query_init(&q);
    for (i = 0; i < 4; i++) {
        q.goal_x = goals[i];
        CU_ASSERT_EQUAL(ls_queue_submit(queue, (uint64_t)(10 + i), &q), LS_OK);
    }
    for (t = 0; t < 3; t++) {
        CU_ASSERT_EQUAL(ls_queue_tick(queue, g, 3), LS_OK);
        for (i = 0; i < 4; i++) {
            ls_queue_status(queue, (uint64_t)(10 + i), &st);
            CU_ASSERT_EQUAL(st, want_after[t][i]);
        }
    }
    for (i = 0; i < 4; i++) {
        CU_ASSERT_EQUAL(ls_queue_result(queue, (uint64_t)(10 + i), &r), LS_OK);
        CU_ASSERT_EQUAL(r.expansions, (uint32_t)goals[i]);
        CU_ASSERT_EQUAL(ls_queue_release(queue, (uint64_t)(10 + i)), LS_OK);
    }
    /* Needing 6: 3 in tick 0; an edit (cell 9 is off its path, so its
     * result does not change) restarts it: 3 + 3 more, done in tick 2. */
    q.goal_x = 6;
    CU_ASSERT_EQUAL(ls_queue_submit(queue, 1, &q), LS_OK);
    ls_queue_tick(queue, g, 3);
    ls_grid_set(g, 9, 0, 2);
    ls_queue_tick(queue, g, 3);
    ls_queue_status(queue, 1, &st);
    CU_ASSERT_EQUAL(st, LS_IN_PROGRESS);
    ls_queue_tick(queue, g, 3);
    ls_queue_status(queue, 1, &st);
    CU_ASSERT_EQUAL(st, LS_OK);
    CU_ASSERT_EQUAL(ls_queue_result(queue, 1, &r), LS_OK);
    CU_ASSERT_EQUAL(r.expansions, 6);
    CU_ASSERT_EQUAL(r.cost, 60);
    ls_queue_destroy(queue);
    ls_grid_destroy(g);
}

/* Full queue and duplicate ids are refused without changing anything;
 * unknown ids are named; a path that does not fit the pool gives
 * LS_ERR_POOL_FULL with its result readable; releasing makes room. */
static void test_full_queue_duplicates_and_full_pool(void)
{
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_queue *queue = NULL;
    ls_query q;
    ls_result r, rf;
    ls_status st;
    uint32_t len = 7, pending;
    int i;

    /* Open 10 x 1 row: (0,0) to (k,0) is a path of k + 1 points. */
    CU_ASSERT_FATAL(ls_grid_create(10, 1, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(10, 1, NULL, &s) == LS_OK);
    CU_ASSERT_FATAL(ls_queue_create(10, 1, 3, 12, NULL, &queue) == LS_OK);
    ls_query_init(&q);
    q.goal_x = 5; /* 6 points */
    CU_ASSERT_EQUAL(ls_queue_submit(queue, 1, &q), LS_OK);
    q.goal_x = 4; /* 5 points */
    CU_ASSERT_EQUAL(ls_queue_submit(queue, 2, &q), LS_OK);
    q.goal_x = 9;
    CU_ASSERT_EQUAL(ls_queue_submit(queue, 2, &q), LS_ERR_DUPLICATE_ID);
    q.goal_x = 3; /* 4 points: 6 + 5 + 4 > 12 */
    CU_ASSERT_EQUAL(ls_queue_submit(queue, 3, &q), LS_OK);
    CU_ASSERT_EQUAL(ls_queue_submit(queue, 4, &q), LS_ERR_QUEUE_FULL);
    CU_ASSERT_EQUAL(ls_queue_submit(queue, 3, &q), LS_ERR_DUPLICATE_ID);
    CU_ASSERT_EQUAL(ls_queue_status(queue, 4, &st), LS_ERR_UNKNOWN_ID);
    CU_ASSERT_EQUAL(ls_queue_result(queue, 4, &r), LS_ERR_UNKNOWN_ID);
    CU_ASSERT_EQUAL(ls_queue_path(queue, 4, got, MAXP, &len),
                    LS_ERR_UNKNOWN_ID);
    CU_ASSERT_EQUAL(ls_queue_result(queue, 1, &r), LS_ERR_NOT_DONE);
    CU_ASSERT_EQUAL(ls_queue_path(queue, 1, got, MAXP, &len), LS_ERR_NOT_DONE);
    CU_ASSERT_EQUAL(len, 0);
    ls_queue_pending(queue, &pending);
    CU_ASSERT_EQUAL(pending, 3);
    CU_ASSERT_EQUAL(ls_queue_tick(queue, g, 0), LS_OK);
    ls_queue_pending(queue, &pending);
    CU_ASSERT_EQUAL(pending, 0);
    /* The refused submits changed nothing: goals 5, 4, 3 as submitted. */
    for (i = 1; i <= 2; i++) {
        q.goal_x = 6 - i;
        check_against_find_path(queue, (uint64_t)i, s, g, &q);
    }
    ls_queue_status(queue, 3, &st);
    CU_ASSERT_EQUAL(st, LS_ERR_POOL_FULL);
    q.goal_x = 3;
    ls_find_path(s, g, &q, want, MAXP, &rf);
    CU_ASSERT_EQUAL(ls_queue_result(queue, 3, &r), LS_ERR_POOL_FULL);
    CU_ASSERT(memcmp(&r, &rf, sizeof r) == 0);
    CU_ASSERT_EQUAL(r.status, LS_OK);
    CU_ASSERT_EQUAL(r.path_length, 4);
    len = 9;
    CU_ASSERT_EQUAL(ls_queue_path(queue, 3, got, MAXP, &len), LS_ERR_POOL_FULL);
    CU_ASSERT_EQUAL(len, 0);
    /* Buffer too small: the needed length, nothing written. */
    got[0].x = -5;
    CU_ASSERT_EQUAL(ls_queue_path(queue, 2, got, 4, &len),
                    LS_ERR_BUFFER_TOO_SMALL);
    CU_ASSERT_EQUAL(len, 5);
    CU_ASSERT_EQUAL(got[0].x, -5);
    CU_ASSERT_EQUAL(ls_queue_path(queue, 2, NULL, 0, &len),
                    LS_ERR_BUFFER_TOO_SMALL);
    CU_ASSERT_EQUAL(len, 5);
    /* Releasing the first path slides the second down (it stays intact)
     * and frees 7 points: a 7-point path then fits exactly, and a 1-point
     * one after it finds the pool full. */
    CU_ASSERT_EQUAL(ls_queue_release(queue, 1), LS_OK);
    CU_ASSERT_EQUAL(ls_queue_release(queue, 3), LS_OK);
    q.goal_x = 4;
    check_against_find_path(queue, 2, s, g, &q);
    q.goal_x = 6; /* 7 points: 5 + 7 = 12 fits exactly */
    CU_ASSERT_EQUAL(ls_queue_submit(queue, 3, &q), LS_OK);
    q.goal_x = 0; /* 1 point: the pool is full */
    CU_ASSERT_EQUAL(ls_queue_submit(queue, 1, &q), LS_OK);
    ls_queue_tick(queue, g, 0);
    q.goal_x = 6;
    check_against_find_path(queue, 3, s, g, &q);
    ls_queue_status(queue, 1, &st);
    CU_ASSERT_EQUAL(st, LS_ERR_POOL_FULL);
    q.goal_x = 4;
    check_against_find_path(queue, 2, s, g, &q);
    ls_queue_destroy(queue);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

static void test_bad_arguments(void)
{
    ls_queue *queue = (ls_queue *)&queue;
    ls_grid *g = NULL, *other = NULL;
    ls_query q;
    ls_status st;
    ls_result r;
    uint32_t n;

    ls_query_init(&q);
    CU_ASSERT_EQUAL(ls_queue_create(10, 10, 4, 10, NULL, NULL),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_queue_create(0, 10, 4, 10, NULL, &queue), LS_ERR_BAD_SIZE);
    CU_ASSERT_PTR_NULL(queue);
    CU_ASSERT_EQUAL(ls_queue_create(10, 10, 0, 10, NULL, &queue), LS_ERR_BAD_SIZE);
    CU_ASSERT_PTR_NULL(queue);
    CU_ASSERT_EQUAL(ls_queue_create(10, 10, 1, 0, NULL, &queue), LS_OK);
    CU_ASSERT_FATAL(ls_grid_create(10, 10, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_grid_create(10, 11, NULL, &other) == LS_OK);
    CU_ASSERT_EQUAL(ls_queue_submit(NULL, 1, &q), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_queue_submit(queue, 1, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_queue_tick(NULL, g, 1), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_queue_tick(queue, NULL, 1), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_queue_cancel(NULL, 1), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_queue_release(NULL, 1), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_queue_status(queue, 1, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_queue_pending(queue, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_queue_result(queue, 1, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_queue_path(queue, 1, NULL, 3, &n), LS_ERR_NULL_ARGUMENT);
    /* A pool of 0 points: the result is kept, the path is not. */
    q.goal_x = 2;
    CU_ASSERT_EQUAL(ls_queue_submit(queue, 1, &q), LS_OK);
    CU_ASSERT_EQUAL(ls_queue_tick(queue, other, 100), LS_ERR_GRID_MISMATCH);
    ls_queue_status(queue, 1, &st);
    CU_ASSERT_EQUAL(st, LS_IN_PROGRESS);
    CU_ASSERT_EQUAL(ls_queue_tick(queue, g, 100), LS_OK);
    CU_ASSERT_EQUAL(ls_queue_result(queue, 1, &r), LS_ERR_POOL_FULL);
    CU_ASSERT_EQUAL(r.cost, 20);
    ls_queue_destroy(queue);
    ls_queue_destroy(NULL);
    ls_grid_destroy(g);
    ls_grid_destroy(other);
}

/* After create, nothing allocates: submits, ticks, reads, cancels and
 * releases over hundreds of requests; destroy releases exactly what
 * create allocated. */
static void test_queue_never_allocates_after_create(void)
{
    tu_counter c, before;
    ls_allocator a = tu_counting_allocator(&c);
    ls_grid *g = make_grid(3);
    ls_queue *queue = NULL;
    ls_query q;
    ls_result r;
    ls_status st;
    ls_rng rng;
    uint32_t len, pending;
    uint64_t id;
    int found = 0;

    CU_ASSERT_FATAL(ls_queue_create(W, H, 16, 200, &a, &queue) == LS_OK);
    CU_ASSERT(c.allocs >= 3);
    before = c;
    ls_rng_seed(&rng, 8);
    for (id = 0; id < 400; id++) {
        random_query(&rng, &q);
        if (ls_queue_submit(queue, id, &q) == LS_ERR_QUEUE_FULL) {
            uint64_t k;
            for (k = id - 16; k < id; k++) {
                if (ls_queue_status(queue, k, &st) != LS_OK)
                    continue;
                if (st == LS_OK) {
                    found += ls_queue_path(queue, k, got, MAXP, &len) == LS_OK;
                    ls_queue_result(queue, k, &r);
                }
                if (k % 3 == 0)
                    ls_queue_cancel(queue, k);
                else if (ls_queue_release(queue, k) == LS_ERR_NOT_DONE)
                    ls_queue_cancel(queue, k);
            }
            CU_ASSERT_EQUAL(ls_queue_submit(queue, id, &q), LS_OK);
        }
        ls_queue_tick(queue, g, 9);
        if (id % 50 == 0)
            ls_grid_set(g, (int32_t)(id % W), 3, 1);
    }
    ls_queue_tick(queue, g, 0);
    ls_queue_pending(queue, &pending);
    CU_ASSERT_EQUAL(pending, 0);
    CU_ASSERT(found >= 50);
    CU_ASSERT_EQUAL(c.allocs, before.allocs);
    CU_ASSERT_EQUAL(c.releases, before.releases);
    CU_ASSERT_EQUAL(c.failed, 0);
    ls_queue_destroy(queue);
    CU_ASSERT(tu_counter_balanced(&c));
    CU_ASSERT_EQUAL(c.releases, c.allocs);
    ls_grid_destroy(g);
}

/* Ids are found through a hash index with deletions: thousands of random
 * submits (duplicates included), cancels, ticks and releases over a small
 * id range, with ids spread far apart and packed together, must agree at
 * every step with a plain model of which ids are held and in which order
 * they are served. */
static void test_ids_survive_random_churn(void)
{
    enum { IDS = 300, CAPACITY = 64 };
    static const uint64_t spreads[] = { 1u, 64u, 0x100000000ull };
    static int held[IDS];
    ls_grid *g = NULL;
    size_t k;
    uint32_t mismatches = 0, submitted_ok = 0, refused_full = 0, dups = 0;

    CU_ASSERT_FATAL(ls_grid_create(8, 8, NULL, &g) == LS_OK);
    for (k = 0; k < sizeof spreads / sizeof spreads[0]; k++) {
        ls_queue *queue = NULL;
        ls_rng rng;
        uint32_t step, count = 0, id;
        ls_query q;

        ls_rng_seed(&rng, 77u + (uint64_t)k);
        memset(held, 0, sizeof held);
        ls_query_init(&q);
        q.goal_x = 7;
        q.goal_y = 7;
        CU_ASSERT_FATAL(ls_queue_create(8, 8, CAPACITY, 0, NULL, &queue) ==
                        LS_OK);
        for (step = 0; step < 6000; step++) {
            uint32_t op = ls_rng_below(&rng, 10);
            uint64_t key;
            ls_status st, expect;
            id = ls_rng_below(&rng, IDS);
            key = (uint64_t)id * spreads[k];
            if (op < 5) { /* submit */
                expect = held[id] ? LS_ERR_DUPLICATE_ID
                       : count == CAPACITY ? LS_ERR_QUEUE_FULL : LS_OK;
                st = ls_queue_submit(queue, key, &q);
                mismatches += st != expect;
                if (st == LS_OK) {
                    held[id] = 1;
                    count++;
                    submitted_ok++;
                }
                refused_full += st == LS_ERR_QUEUE_FULL;
                dups += st == LS_ERR_DUPLICATE_ID;
            } else if (op < 8) { /* cancel */
                st = ls_queue_cancel(queue, key);
                mismatches += st != (held[id] ? LS_OK : LS_ERR_UNKNOWN_ID);
                if (held[id])
                    count--;
                held[id] = 0;
            } else { /* serve one request, then release the finished */
                uint32_t i;
                ls_queue_tick(queue, g, 1);
                for (i = 0; i < IDS; i++) {
                    ls_status s2;
                    if (!held[i])
                        continue;
                    if (ls_queue_status(queue, (uint64_t)i * spreads[k], &s2) !=
                        LS_OK) {
                        mismatches++;
                        continue;
                    }
                    if (s2 != LS_IN_PROGRESS &&
                        ls_queue_release(queue, (uint64_t)i * spreads[k]) ==
                            LS_OK) {
                        held[i] = 0;
                        count--;
                    }
                }
            }
            /* Every id: held exactly when the model says so. */
            if (step % 97 == 0) {
                uint32_t i, pending = 0;
                for (i = 0; i < IDS; i++) {
                    ls_status s2;
                    st = ls_queue_status(queue, (uint64_t)i * spreads[k], &s2);
                    mismatches += (st == LS_OK) != held[i];
                }
                ls_queue_pending(queue, &pending);
                mismatches += pending > count;
            }
        }
        ls_queue_destroy(queue);
    }
    ls_grid_destroy(g);
    CU_ASSERT_EQUAL(mismatches, 0);
    /* Every branch happened. */
    CU_ASSERT(submitted_ok > 1000);
    CU_ASSERT(refused_full > 10);
    CU_ASSERT(dups > 100);
}

/* An allocator that hands a released block back to the next request of
 * the same size, newest first (a LIFO block cache, as game pool
 * allocators are): a grid destroyed and created again at the same size
 * gets the same memory, so the same address. */
enum { CACHE_SLOTS = 16 };
typedef struct block_cache {
    void *block[CACHE_SLOTS];
    size_t size[CACHE_SLOTS];
    int count;
    uint64_t reused;
} block_cache;

static void *cache_alloc(void *user, size_t size)
{
    block_cache *c = user;
    int i;
    for (i = c->count - 1; i >= 0; i--)
        if (c->size[i] == size) {
            void *b = c->block[i];
            memmove(&c->block[i], &c->block[i + 1],
                    (size_t)(c->count - i - 1) * sizeof c->block[0]);
            memmove(&c->size[i], &c->size[i + 1],
                    (size_t)(c->count - i - 1) * sizeof c->size[0]);
            c->count--;
            c->reused++;
            return b;
        }
    return malloc(size);
}

static void cache_release(void *user, void *block, size_t size)
{
    block_cache *c = user;
    if (c->count == CACHE_SLOTS) {
        free(block);
        return;
    }
    c->block[c->count] = block;
    c->size[c->count] = size;
    c->count++;
}

static void cache_empty(block_cache *c)
{
    while (c->count > 0)
        free(c->block[--c->count]);
}

/* Issue 20: a request running on a grid that is destroyed, and a new grid
 * of the same size made in the same memory (a LIFO block cache) and
 * brought to the same revision. The new grid is another grid: the request
 * must start again on it and give what ls_find_path gives there, not
 * carry on with a search whose open cells are walls of the new grid. */
static void test_new_grid_at_the_same_address_restarts(void)
{
    enum { GW = 16, GH = 9 };
    static const char *const wall[GH] = {
        ".#..............", ".#..............", ".#..............",
        ".#..............", "S#.............G", ".#..............",
        ".#..............", ".#..............", "................",
    };
    uint8_t cells[GW * GH];
    block_cache cache;
    ls_allocator a;
    ls_grid *old_grid = NULL, *grid = NULL;
    ls_search *s = NULL;
    ls_queue *queue = NULL;
    ls_query q;
    ls_result want_r, got_r;
    ls_path_check check;
    ls_status st;
    uint32_t old_revision = 0, revision = 0, len = 0;
    uintptr_t old_address;
    int32_t x, y;

    memset(&cache, 0, sizeof cache);
    a.alloc = cache_alloc;
    a.release = cache_release;
    a.user = &cache;
    for (y = 0; y < GH; y++)
        for (x = 0; x < GW; x++)
            cells[y * GW + x] = wall[y][x] == '#' ? LS_CELL_BLOCKED
                                                  : LS_CELL_OPEN;
    ls_query_init(&q);
    q.start_x = 0;
    q.start_y = 4;
    q.goal_x = 15;
    q.goal_y = 4;
    CU_ASSERT_FATAL(ls_search_create(GW, GH, NULL, &s) == LS_OK);
    CU_ASSERT_FATAL(ls_queue_create(GW, GH, 4, 256, NULL, &queue) == LS_OK);

    /* Begin on an open grid: the cells beside the start are opened. */
    CU_ASSERT_FATAL(ls_grid_create(GW, GH, &a, &old_grid) == LS_OK);
    CU_ASSERT_EQUAL(ls_grid_fill(old_grid, LS_CELL_OPEN), LS_OK);
    CU_ASSERT_EQUAL(ls_queue_submit(queue, 1, &q), LS_OK);
    CU_ASSERT_EQUAL(ls_queue_tick(queue, old_grid, 3), LS_OK);
    CU_ASSERT_EQUAL(ls_queue_status(queue, 1, &st), LS_OK);
    CU_ASSERT_EQUAL_FATAL(st, LS_IN_PROGRESS);
    ls_grid_revision(old_grid, &old_revision);
    old_address = (uintptr_t)old_grid;
    ls_grid_destroy(old_grid);

    /* The new grid: same size, same memory, same revision, a wall. */
    CU_ASSERT_FATAL(ls_grid_create(GW, GH, &a, &grid) == LS_OK);
    CU_ASSERT_EQUAL(ls_grid_load(grid, cells, sizeof cells), LS_OK);
    ls_grid_revision(grid, &revision);
    CU_ASSERT_EQUAL_FATAL((uintptr_t)grid, old_address);
    CU_ASSERT_EQUAL_FATAL(revision, old_revision);
    CU_ASSERT(cache.reused >= 1);

    CU_ASSERT_EQUAL(ls_queue_tick(queue, grid, 0), LS_OK);
    CU_ASSERT_EQUAL(ls_find_path(s, grid, &q, want, MAXP, &want_r), LS_OK);
    CU_ASSERT_EQUAL(ls_queue_result(queue, 1, &got_r), LS_OK);
    CU_ASSERT_EQUAL(got_r.cost, want_r.cost);
    CU_ASSERT_EQUAL(got_r.expansions, want_r.expansions);
    CU_ASSERT_EQUAL(got_r.digest, want_r.digest);
    CU_ASSERT_EQUAL(ls_queue_path(queue, 1, got, MAXP, &len), LS_OK);
    CU_ASSERT_EQUAL(ls_check_path(grid, &q, got, len, got_r.cost, &check),
                    LS_OK);
    CU_ASSERT_EQUAL(check.reason, LS_STEP_LEGAL);
    CU_ASSERT_EQUAL(check.first_illegal, len);
    check_against_find_path(queue, 1, s, grid, &q);

    ls_queue_destroy(queue);
    ls_search_destroy(s);
    ls_grid_destroy(grid);
    cache_empty(&cache);
}

/* Ticks of budget 5 until request 1 (across an open 16 x 9 grid) is done,
 * after 5 expansions on a first grid that is then replaced by a second of
 * the same size, cells and revision: made in the first one's memory
 * (reuse) or beside it while the first is still alive. */
static uint32_t ticks_after_replacement(int reuse)
{
    block_cache cache;
    ls_allocator a;
    ls_grid *first = NULL, *second = NULL;
    ls_queue *queue = NULL;
    ls_query q;
    ls_status st = LS_IN_PROGRESS;
    uint32_t ticks = 0, r1 = 0, r2 = 0;
    uintptr_t first_address;

    memset(&cache, 0, sizeof cache);
    a.alloc = cache_alloc;
    a.release = cache_release;
    a.user = &cache;
    ls_query_init(&q);
    q.start_y = q.goal_y = 4;
    q.goal_x = 15;
    CU_ASSERT_FATAL(ls_queue_create(16, 9, 2, 64, NULL, &queue) == LS_OK);
    CU_ASSERT_FATAL(ls_grid_create(16, 9, &a, &first) == LS_OK);
    CU_ASSERT_EQUAL(ls_queue_submit(queue, 1, &q), LS_OK);
    CU_ASSERT_EQUAL(ls_queue_tick(queue, first, 5), LS_OK);
    ls_grid_revision(first, &r1);
    first_address = (uintptr_t)first;
    if (reuse)
        ls_grid_destroy(first);
    CU_ASSERT_FATAL(ls_grid_create(16, 9, &a, &second) == LS_OK);
    ls_grid_revision(second, &r2);
    CU_ASSERT_EQUAL(r1, r2);
    CU_ASSERT_EQUAL((uintptr_t)second == first_address, reuse);
    while (st == LS_IN_PROGRESS && ticks < 100) {
        CU_ASSERT_EQUAL(ls_queue_tick(queue, second, 5), LS_OK);
        ticks++;
        ls_queue_status(queue, 1, &st);
    }
    CU_ASSERT_EQUAL(st, LS_OK);
    ls_queue_destroy(queue);
    ls_grid_destroy(second);
    if (!reuse)
        ls_grid_destroy(first);
    cache_empty(&cache);
    return ticks;
}

/* The same grid content at the same revision in the same memory is still
 * another grid: the request starts again there exactly as it does on a
 * grid elsewhere, so the tick it finishes in does not depend on where the
 * allocator put the grid (a lockstep peer with another allocator agrees). */
static void test_same_cells_same_memory_still_another_grid(void)
{
    ls_search *s = NULL;
    ls_grid *g = NULL;
    ls_query q;
    ls_result r;
    uint32_t reused = ticks_after_replacement(1);
    uint32_t elsewhere = ticks_after_replacement(0);

    CU_ASSERT_FATAL(ls_search_create(16, 9, NULL, &s) == LS_OK);
    CU_ASSERT_FATAL(ls_grid_create(16, 9, NULL, &g) == LS_OK);
    ls_query_init(&q);
    q.start_y = q.goal_y = 4;
    q.goal_x = 15;
    CU_ASSERT_EQUAL_FATAL(ls_find_path(s, g, &q, want, MAXP, &r), LS_OK);
    CU_ASSERT(r.expansions > 5);
    /* Started again from 0 on the second grid: E expansions at 5 a tick. */
    CU_ASSERT_EQUAL(elsewhere, (r.expansions + 4u) / 5u);
    CU_ASSERT_EQUAL(reused, elsewhere);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/* Fail each allocation of create in turn: LS_ERR_OUT_OF_MEMORY, *out NULL,
 * nothing leaked; then the first n that succeeds needed exactly n. */
static void test_every_failed_create_is_clean(void)
{
    int64_t n;
    int succeeded = 0;
    for (n = 0; n < 32 && !succeeded; n++) {
        tu_counter c;
        ls_allocator a = tu_counting_allocator(&c);
        ls_queue *queue = (ls_queue *)&queue;
        ls_status st;

        c.fail_after = n;
        st = ls_queue_create(30, 20, 8, 100, &a, &queue);
        if (st == LS_OK) {
            succeeded = 1;
            CU_ASSERT_EQUAL(c.allocs, (uint64_t)n);
            CU_ASSERT_EQUAL(c.failed, 0);
            ls_queue_destroy(queue);
        } else {
            CU_ASSERT_EQUAL(st, LS_ERR_OUT_OF_MEMORY);
            CU_ASSERT(c.failed >= 1);
            CU_ASSERT_PTR_NULL(queue);
        }
        CU_ASSERT(tu_counter_balanced(&c));
        CU_ASSERT_EQUAL(c.releases, c.allocs);
    }
    CU_ASSERT(succeeded);
    /* Queue, slots, pool, and the context's own blocks. */
    CU_ASSERT(n >= 6);
}

int suite_queue_register(void)
{
    CU_pSuite s = CU_add_suite("queue", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "results equal ls_find_path, budget 1",
                     test_results_equal_find_path_budget_1) ||
        !CU_add_test(s, "results equal ls_find_path, budget 7",
                     test_results_equal_find_path_budget_7) ||
        !CU_add_test(s, "results equal ls_find_path, budget 1000",
                     test_results_equal_find_path_budget_1000) ||
        !CU_add_test(s, "budget 0 finishes everything in one tick",
                     test_budget_0_finishes_everything_in_one_tick) ||
        !CU_add_test(s, "cancel and release change nothing else",
                     test_cancel_and_release_change_nothing_else) ||
        !CU_add_test(s, "edits between ticks restart the running request",
                     test_edits_between_ticks_restart_the_running_request) ||
        !CU_add_test(s, "tick numbers by hand, and a restart",
                     test_tick_numbers_by_hand_and_restart) ||
        !CU_add_test(s, "full queue, duplicate ids, full pool",
                     test_full_queue_duplicates_and_full_pool) ||
        !CU_add_test(s, "bad arguments", test_bad_arguments) ||
        !CU_add_test(s, "queue never allocates after create",
                     test_queue_never_allocates_after_create) ||
        !CU_add_test(s, "ids survive random submits, cancels, releases",
                     test_ids_survive_random_churn) ||
        !CU_add_test(s, "every failed create is clean",
                     test_every_failed_create_is_clean) ||
        !CU_add_test(s, "a new grid at the same address restarts",
                     test_new_grid_at_the_same_address_restarts) ||
        !CU_add_test(s, "same cells, same memory: still another grid",
                     test_same_cells_same_memory_still_another_grid))
        return -1;
    return 0;
}
