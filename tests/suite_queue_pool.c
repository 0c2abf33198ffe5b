/* SPDX-License-Identifier: MIT */
/*
 * suite_queue_pool.c - the queue suite's tests of its limits and
 * arguments: full queue and duplicate ids refused without a change,
 * unknown ids named, a full pool keeping the result but not the path,
 * bad arguments, ids held through random churn, no allocation after
 * creation, and every failed creation clean.
 */
#include <stdint.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suite_queue.h"
#include "test_util.h"

static ls_point got[MAXP], want[MAXP];

/* Full queue and duplicate ids are refused without changing anything;
 * unknown ids are named; a path that does not fit the pool gives
 * LS_ERR_POOL_FULL with its result readable; releasing makes room. */
void test_full_queue_duplicates_and_full_pool(void)
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
        queue_check_against_find_path(queue, (uint64_t)i, s, g, &q);
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
    queue_check_against_find_path(queue, 2, s, g, &q);
    q.goal_x = 6; /* 7 points: 5 + 7 = 12 fits exactly */
    CU_ASSERT_EQUAL(ls_queue_submit(queue, 3, &q), LS_OK);
    q.goal_x = 0; /* 1 point: the pool is full */
    CU_ASSERT_EQUAL(ls_queue_submit(queue, 1, &q), LS_OK);
    ls_queue_tick(queue, g, 0);
    q.goal_x = 6;
    queue_check_against_find_path(queue, 3, s, g, &q);
    ls_queue_status(queue, 1, &st);
    CU_ASSERT_EQUAL(st, LS_ERR_POOL_FULL);
    q.goal_x = 4;
    queue_check_against_find_path(queue, 2, s, g, &q);
    ls_queue_destroy(queue);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

void test_bad_arguments(void)
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
void test_queue_never_allocates_after_create(void)
{
    tu_counter c, before;
    ls_allocator a = tu_counting_allocator(&c);
    ls_grid *g = queue_make_grid(3);
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
        queue_random_query(&rng, &q);
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
void test_ids_survive_random_churn(void)
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

/* Fail each allocation of create in turn: LS_ERR_OUT_OF_MEMORY, *out NULL,
 * nothing leaked; then the first n that succeeds needed exactly n. */
void test_every_failed_create_is_clean(void)
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
