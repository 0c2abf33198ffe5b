/* SPDX-License-Identifier: MIT */
/*
 * suite_queue.c - the path request queue: every result byte-identical to
 * ls_find_path on the grid it finished on, whatever the budget and cancels;
 * the tick of each completion as the header's budget rule says (checked
 * against the oracle library's model of the rule). The suite's other tests: edits and grid
 * identity in suite_queue_grid.c; full queue, full pool, duplicate and
 * unknown ids, bad arguments, no allocation after creation and every
 * failed creation clean in suite_queue_pool.c.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suite_queue.h"
#include "suites.h"
#include "oracle/oracle.h"

static ls_point got[MAXP], want[MAXP];

/* A grid with walls (1 in 5) and terrain costs 1..4 on half the rows. */
ls_grid *queue_make_grid(uint64_t seed)
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
void queue_random_query(ls_rng *rng, ls_query *q)
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
void queue_check_against_find_path(const ls_queue *queue, uint64_t id,
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

/* The oracle library's budget rule (tests/oracle/oracle.h): the tick in
 * which each of n requests (submitted before tick 0, needing need[i]
 * expansions, none refused at begin as far as the budget is concerned)
 * finishes with budget per tick. */
typedef struct ticked {
    or_request rule;
    uint32_t need;
} ticked;

static void begin_ticked(void *ctx, or_request *rule)
{
    (void)ctx;
    rule->refused = 0;
    rule->found = LS_OK;
    rule->expansions = ((ticked *)(void *)rule)->need;
    rule->length = 0;
}

static void model_ticks(const uint32_t *need, int n, uint32_t budget,
                        uint32_t *tick)
{
    ticked req[NQ];
    uint32_t t, pool_used = 0, left = (uint32_t)n;
    int i;
    memset(req, 0, sizeof req);
    for (i = 0; i < n; i++) {
        req[i].rule.state = OR_WAITING;
        req[i].need = need[i];
    }
    for (t = 0; left > 0 && t < 100000u; t++) {
        or_queue_tick(req, sizeof req[0], (uint32_t)n, budget, 0, 0,
                      &pool_used, begin_ticked, NULL);
        for (i = 0; i < n; i++)
            if (req[i].rule.finished_now) {
                tick[i] = t;
                left--;
            }
    }
}

/* NQ random queries submitted before tick 0, ticked with budget until
 * none is pending: each result equals ls_find_path's, and each finished in
 * the tick the model of the budget rule gives. */
static void results_match_for_budget(uint32_t budget)
{
    ls_grid *g = queue_make_grid(77);
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
        queue_random_query(&rng, &q[i]);
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
        queue_check_against_find_path(queue, 5000u + (uint64_t)i * 3u, s, g, &q[i]);
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
    ls_grid *g = queue_make_grid(5);
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
        queue_random_query(&rng, &q[i]);
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
                queue_check_against_find_path(queue, (uint64_t)i, s, g, &q[i]);
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
            queue_check_against_find_path(queue, (uint64_t)i, s, g, &q[i]);
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
