/* SPDX-License-Identifier: MIT */
/*
 * suite_sizes.c - every creation function (and the one size product a
 * call takes from outside, ls_batch_run's count * capacity) at the sizes
 * around 2^30 and 2^31 where a 32-bit size loop or product wraps
 * (issue 20: ls_queue_create spun for ever on a capacity from 2^30 + 1 to
 * 2^31 - 1), and the context's ring sizing. Each must return a status
 * at once, through an allocator that refuses any block over a few
 * megabytes (so nothing huge is allocated), and leave nothing behind.
 */
#include <stdint.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "../src/openlist.h" /* the ring sizing it tests */
#include "suites.h"
#include "test_util.h"


/* The sizes each test walks: both sides of 2^30 and of 2^31. */
static const uint32_t sizes[] = {
    0x3FFFFFFFu, 0x40000000u, 0x40000001u, 0x7FFFFFFFu, 0x80000000u,
    0xFFFFFFFFu,
};
#define NSIZES (sizeof sizes / sizeof sizes[0])

/* A counting allocator refusing every block over 4 MiB: the small blocks
 * of a creation are really made (and must all come back), a huge one is
 * refused as a system out of memory would. */
static ls_allocator small_only(tu_counter *c)
{
    ls_allocator a = tu_counting_allocator(c);
    c->max_size = (size_t)4 << 20;
    return a;
}

/* A size as the int32_t a width or height is (2^31 and up: negative). */
static int32_t as_side(uint32_t v)
{
    return v > 0x7FFFFFFFu ? (int32_t)-1 - (int32_t)(0xFFFFFFFFu - v)
                           : (int32_t)v;
}

static void test_grid_sides(void)
{
    size_t i;
    uint32_t kind;
    for (i = 0; i < NSIZES; i++)
        for (kind = 0; kind <= 1; kind++) {
            tu_counter c;
            ls_allocator a = small_only(&c);
            ls_grid *g = (ls_grid *)&g;
            int32_t v = as_side(sizes[i]);
            CU_ASSERT_EQUAL(ls_grid_create_with(v, 4, kind, &a, &g),
                            LS_ERR_BAD_SIZE);
            CU_ASSERT_PTR_NULL(g);
            CU_ASSERT_EQUAL(ls_grid_create_with(4, v, kind, &a, &g),
                            LS_ERR_BAD_SIZE);
            CU_ASSERT_EQUAL(ls_grid_create(v, v, &a, &g), LS_ERR_BAD_SIZE);
            CU_ASSERT_EQUAL(c.allocs + c.failed, 0);
            /* Flags of that size are refused too, the size being fine. */
            CU_ASSERT_EQUAL(ls_grid_create_with(4, 4, sizes[i], &a, &g),
                            LS_ERR_BAD_FLAGS);
            CU_ASSERT_EQUAL(c.allocs + c.failed, 0);
        }
}

static void test_search_sides(void)
{
    size_t i;
    uint32_t kind;
    for (i = 0; i < NSIZES; i++)
        for (kind = 0; kind <= 1; kind++) {
            tu_counter c;
            ls_allocator a = small_only(&c);
            ls_search *s = (ls_search *)&s;
            int32_t v = as_side(sizes[i]);
            CU_ASSERT_EQUAL(ls_search_create_with(v, 4, kind, &a, &s),
                            LS_ERR_BAD_SIZE);
            CU_ASSERT_PTR_NULL(s);
            CU_ASSERT_EQUAL(ls_search_create_with(4, v, kind, &a, &s),
                            LS_ERR_BAD_SIZE);
            CU_ASSERT_EQUAL(ls_search_create(v, v, &a, &s), LS_ERR_BAD_SIZE);
            CU_ASSERT_EQUAL(ls_search_create_with(4, 4, sizes[i], &a, &s),
                            LS_ERR_BAD_FLAGS);
            CU_ASSERT_EQUAL(c.allocs + c.failed, 0);
        }
}

static void test_batch_sides_and_threads(void)
{
    size_t i;
    for (i = 0; i < NSIZES; i++) {
        tu_counter c;
        ls_allocator a = small_only(&c);
        ls_batch *b = (ls_batch *)&b;
        int32_t v = as_side(sizes[i]);
        CU_ASSERT_EQUAL(ls_batch_create(v, 4, LS_SEARCH_FULL, 1, &a, &b),
                        LS_ERR_BAD_SIZE);
        CU_ASSERT_PTR_NULL(b);
        CU_ASSERT_EQUAL(ls_batch_create(4, v, LS_SEARCH_COMPACT, 2, &a, &b),
                        LS_ERR_BAD_SIZE);
        CU_ASSERT_EQUAL(ls_batch_create(4, 4, LS_SEARCH_FULL, sizes[i], &a,
                                        &b),
                        LS_ERR_BAD_OPTION);
        CU_ASSERT_EQUAL(ls_batch_create(4, 4, sizes[i], 1, &a, &b),
                        LS_ERR_BAD_FLAGS);
        CU_ASSERT(tu_counter_balanced(&c));
    }
}

/* count * capacity points must be addressable: with capacity 2^32 - 1 no
 * count from 2^30 - 1 up is, on any size_t, so the run is refused before
 * any query (the buffers are never read). */
static void test_batch_run_products(void)
{
    ls_batch *b = NULL;
    ls_grid *g = NULL;
    ls_query q;
    ls_point p;
    ls_status st;
    ls_result r;
    size_t i;
    CU_ASSERT_FATAL(ls_grid_create(4, 4, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_batch_create(4, 4, LS_SEARCH_FULL, 1, NULL, &b) ==
                    LS_OK);
    ls_query_init(&q);
    for (i = 0; i < NSIZES; i++) {
        CU_ASSERT_EQUAL(ls_batch_run(b, g, &q, sizes[i], &p, 0xFFFFFFFFu,
                                     &st, &r),
                        LS_ERR_SIZE_OVERFLOW);
        CU_ASSERT_EQUAL(ls_batch_run(b, g, &q, 0xFFFFFFFFu, &p, sizes[i],
                                     &st, &r),
                        LS_ERR_SIZE_OVERFLOW);
    }
    ls_batch_destroy(b);
    ls_grid_destroy(g);
}

/* The queue's capacity: up to LS_QUEUE_MAX_CAPACITY its blocks are asked
 * for (and refused here: LS_ERR_OUT_OF_MEMORY; a 32-bit size_t may say
 * LS_ERR_SIZE_OVERFLOW first), above it LS_ERR_SIZE_OVERFLOW before any
 * allocation. Its sides are refused as a grid's. */
static void test_queue_capacity_and_sides(void)
{
    size_t i;
    for (i = 0; i < NSIZES; i++) {
        tu_counter c;
        ls_allocator a = small_only(&c);
        ls_queue *queue = (ls_queue *)&queue;
        int32_t v = as_side(sizes[i]);
        ls_status st = ls_queue_create(8, 8, sizes[i], 16, &a, &queue);
        CU_ASSERT_PTR_NULL(queue);
        if (sizes[i] <= LS_QUEUE_MAX_CAPACITY) {
            CU_ASSERT(st == LS_ERR_OUT_OF_MEMORY ||
                      (sizeof(size_t) < 8 && st == LS_ERR_SIZE_OVERFLOW));
            if (sizeof(size_t) >= 8) {
                CU_ASSERT_EQUAL(st, LS_ERR_OUT_OF_MEMORY);
            }
        } else {
            CU_ASSERT_EQUAL(st, LS_ERR_SIZE_OVERFLOW);
            CU_ASSERT_EQUAL(c.allocs + c.failed, 0);
        }
        CU_ASSERT(tu_counter_balanced(&c));
        CU_ASSERT_EQUAL(ls_queue_create(v, 8, 4, 16, &a, &queue),
                        LS_ERR_BAD_SIZE);
        CU_ASSERT_EQUAL(ls_queue_create(8, v, 4, 16, &a, &queue),
                        LS_ERR_BAD_SIZE);
        CU_ASSERT(tu_counter_balanced(&c));
    }
}

/* The pool: pool_points * 8 bytes, refused by the allocator on a 64-bit
 * size_t, by LS_ERR_SIZE_OVERFLOW where it does not fit a size_t. */
static void test_queue_pool_points(void)
{
    size_t i;
    for (i = 0; i < NSIZES; i++) {
        tu_counter c;
        ls_allocator a = small_only(&c);
        ls_queue *queue = (ls_queue *)&queue;
        ls_status st = ls_queue_create(8, 8, 4, sizes[i], &a, &queue);
        CU_ASSERT_PTR_NULL(queue);
        if ((uint64_t)sizes[i] * sizeof(ls_point) > (uint64_t)SIZE_MAX) {
            CU_ASSERT_EQUAL(st, LS_ERR_SIZE_OVERFLOW);
        } else {
            CU_ASSERT_EQUAL(st, LS_ERR_OUT_OF_MEMORY);
        }
        CU_ASSERT(tu_counter_balanced(&c));
    }
}

/* The largest capacity whose blocks the allocator grants still makes a
 * working queue: the index sizing is exact at the small end too. */
static void test_queue_small_capacities_work(void)
{
    uint32_t capacity;
    for (capacity = 1; capacity <= 70; capacity++) {
        ls_queue *queue = NULL;
        ls_grid *g = NULL;
        ls_query q;
        uint32_t i, pending = 1;
        CU_ASSERT_FATAL(ls_grid_create(5, 5, NULL, &g) == LS_OK);
        CU_ASSERT_FATAL(ls_queue_create(5, 5, capacity, 25 * capacity, NULL,
                                        &queue) == LS_OK);
        ls_query_init(&q);
        q.goal_x = 4;
        q.goal_y = 4;
        for (i = 0; i < capacity; i++)
            CU_ASSERT_EQUAL(ls_queue_submit(queue, 1000003u * i, &q), LS_OK);
        CU_ASSERT_EQUAL(ls_queue_submit(queue, 7777777u, &q),
                        LS_ERR_QUEUE_FULL);
        CU_ASSERT_EQUAL(ls_queue_tick(queue, g, 0), LS_OK);
        CU_ASSERT_EQUAL(ls_queue_pending(queue, &pending), LS_OK);
        CU_ASSERT_EQUAL(pending, 0);
        ls_queue_destroy(queue);
        ls_grid_destroy(g);
    }
}

/* The open list's bucket ring of a context (src/openlist.c): 2^19 at the
 * largest side, and a prompt power of two for any side, even one no
 * context accepts (its doubling cannot wrap). */
static void test_ring_sizing(void)
{
    size_t i;
    CU_ASSERT_EQUAL(ls__open_ring_size(1, 1), 4096u);
    CU_ASSERT_EQUAL(ls__open_ring_size(LS_MAX_DIMENSION, 1), 1u << 19);
    CU_ASSERT_EQUAL(ls__open_ring_size(3, LS_MAX_DIMENSION), 1u << 19);
    for (i = 0; i < NSIZES; i++) {
        uint32_t n = ls__open_ring_size(as_side(sizes[i]), 1);
        CU_ASSERT(n >= 1024u && (n & (n - 1u)) == 0);
    }
}

int suite_sizes_register(void)
{
    CU_pSuite s = CU_add_suite("sizes", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "grid sides around 2^30 and 2^31", test_grid_sides) ||
        !CU_add_test(s, "search context sides around 2^30 and 2^31",
                     test_search_sides) ||
        !CU_add_test(s, "batch sides and threads around 2^30 and 2^31",
                     test_batch_sides_and_threads) ||
        !CU_add_test(s, "batch run count * capacity around 2^30 and 2^31",
                     test_batch_run_products) ||
        !CU_add_test(s, "queue capacity and sides around 2^30 and 2^31",
                     test_queue_capacity_and_sides) ||
        !CU_add_test(s, "queue pool points around 2^30 and 2^31",
                     test_queue_pool_points) ||
        !CU_add_test(s, "queue capacities 1..70 work",
                     test_queue_small_capacities_work) ||
        !CU_add_test(s, "context ring sizing at and past the largest side",
                     test_ring_sizing))
        return -1;
    return 0;
}
