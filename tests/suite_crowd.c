/* SPDX-License-Identifier: MIT */
/*
 * suite_crowd.c - the crowd's API (include/lockstar_crowd.h) from outside:
 * ls_crowd_config_init's defaults, every refused ls_crowd_create (its
 * status, *out NULL, nothing left allocated), every failed allocation of
 * a create (1 and 3 threads) clean, no allocation in thousands of ticks
 * of orders and edits, agents by 64-bit id (add, remove, the readers in
 * ascending id order, count, orders, stop, speed, the route reader's
 * buffer rule), the state names, the digests before the first tick, a
 * tick on a grid of another size changing nothing, NULL arguments, and a
 * route pool too small for a path (NO_ROOM, others unaffected; grown with
 * LS_CROWD_GROW_PATHS). The tick's semantics and ls_check_route are in
 * suite_crowd_route.c.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suites.h"
#include "test_util.h"

#define ONE 65536 /* 1.0 in fix16 */

static void config(ls_crowd_config *k, int32_t w, int32_t h, uint32_t cap)
{
    CU_ASSERT_FATAL(ls_crowd_config_init(k) == LS_OK);
    k->width = w;
    k->height = h;
    k->capacity = cap;
}

/* Tick until the agent's state is not WAITING or MOVING (at most limit
 * ticks); the ticks run. */
static uint32_t run_until_settled(ls_crowd *c, const ls_grid *g, int64_t id,
                                  uint32_t limit)
{
    ls_crowd_agent a;
    uint32_t n;
    for (n = 0; n < limit; n++) {
        CU_ASSERT_FATAL(ls_crowd_tick(c, g) == LS_OK);
        CU_ASSERT_FATAL(ls_crowd_get(c, id, &a) == LS_OK);
        if (a.state != LS_CROWD_WAITING && a.state != LS_CROWD_MOVING)
            return n + 1;
    }
    return n;
}

static void test_config_defaults(void)
{
    ls_crowd_config k;
    ls_query q;
    memset(&k, 0x5a, sizeof k);
    CU_ASSERT_EQUAL(ls_crowd_config_init(&k), LS_OK);
    ls_query_init(&q);
    CU_ASSERT_EQUAL(k.struct_size, sizeof k);
    CU_ASSERT_EQUAL(k.width, 1);
    CU_ASSERT_EQUAL(k.height, 1);
    CU_ASSERT_EQUAL(k.capacity, 1024);
    CU_ASSERT_EQUAL(k.path_points, 65536);
    CU_ASSERT_EQUAL(k.world.origin_x, 0);
    CU_ASSERT_EQUAL(k.world.origin_y, 0);
    CU_ASSERT_EQUAL(k.world.cell_size, ONE);
    CU_ASSERT(memcmp(&k.options, &q, sizeof q) == 0);
    CU_ASSERT_EQUAL(k.budget, 0);
    CU_ASSERT_EQUAL(k.threads, 1);
    CU_ASSERT_EQUAL(k.flags, 0);
    CU_ASSERT_PTR_NULL(k.phase);
    CU_ASSERT_PTR_NULL(k.user);
    CU_ASSERT_EQUAL(ls_crowd_config_init(NULL), LS_ERR_NULL_ARGUMENT);
}

/* One refused create: the status, *out NULL, nothing left allocated. */
static void refused(const ls_crowd_config *k, ls_status want, int line)
{
    tu_counter c;
    ls_allocator al = tu_counting_allocator(&c);
    ls_crowd *crowd = (ls_crowd *)&c;
    const ls_status st = ls_crowd_create(k, &al, &crowd);
    if (st != want)
        printf("\n  line %d: create gave %d, not %d\n", line, (int)st,
               (int)want);
    CU_ASSERT_EQUAL(st, want);
    CU_ASSERT_PTR_NULL(crowd);
    CU_ASSERT(tu_counter_balanced(&c));
    crowd = (ls_crowd *)&c;
    CU_ASSERT_EQUAL(ls_crowd_create(k, NULL, &crowd), want);
    CU_ASSERT_PTR_NULL(crowd);
}

#define REFUSED(field, value, want)                                          \
    do {                                                                     \
        config(&k, 16, 12, 8);                                               \
        k.field = value;                                                     \
        refused(&k, want, __LINE__);                                         \
    } while (0)

static void test_create_refuses_bad_arguments(void)
{
    ls_crowd_config k;
    ls_crowd *crowd = (ls_crowd *)&k;
    config(&k, 16, 12, 8);
    CU_ASSERT_EQUAL(ls_crowd_create(&k, NULL, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_create(NULL, NULL, &crowd), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_PTR_NULL(crowd);
    REFUSED(struct_size, 0, LS_ERR_BAD_STRUCT_SIZE);
    REFUSED(struct_size, sizeof k - 4, LS_ERR_BAD_STRUCT_SIZE);
    REFUSED(struct_size, sizeof k + 4, LS_ERR_BAD_STRUCT_SIZE);
    REFUSED(width, 0, LS_ERR_BAD_SIZE);
    REFUSED(height, 0, LS_ERR_BAD_SIZE);
    REFUSED(width, -3, LS_ERR_BAD_SIZE);
    REFUSED(height, INT32_MIN, LS_ERR_BAD_SIZE);
    REFUSED(width, LS_MAX_DIMENSION + 1, LS_ERR_BAD_SIZE);
    REFUSED(height, LS_MAX_DIMENSION + 1, LS_ERR_BAD_SIZE);
    REFUSED(width, INT32_MAX, LS_ERR_BAD_SIZE);
    REFUSED(capacity, 0, LS_ERR_BAD_SIZE);
    REFUSED(capacity, LS_CROWD_MAX_CAPACITY + 1u, LS_ERR_SIZE_OVERFLOW);
    REFUSED(capacity, UINT32_MAX, LS_ERR_SIZE_OVERFLOW);
    REFUSED(flags, 4u, LS_ERR_BAD_FLAGS); /* 2 is LS_CROWD_AVOIDANCE */
    REFUSED(flags, LS_CROWD_GROW_PATHS | 0x80000000u, LS_ERR_BAD_FLAGS);
    REFUSED(threads, 0, LS_ERR_BAD_OPTION);
    REFUSED(threads, LS_BATCH_MAX_THREADS + 1, LS_ERR_BAD_OPTION);
    REFUSED(threads, UINT32_MAX, LS_ERR_BAD_OPTION);
    REFUSED(world.cell_size, 0, LS_ERR_BAD_FRAME);
    REFUSED(world.cell_size, -ONE, LS_ERR_BAD_FRAME);
    REFUSED(world.origin_x, (fix16_t)INT32_MIN, LS_ERR_BAD_FRAME);
    REFUSED(world.origin_y, (fix16_t)INT32_MIN, LS_ERR_BAD_FRAME);
    REFUSED(options.struct_size, 12, LS_ERR_BAD_STRUCT_SIZE);
    REFUSED(options.connectivity, 5, LS_ERR_BAD_OPTION);
    REFUSED(options.corner_rule, 3, LS_ERR_BAD_OPTION);
    REFUSED(options.heuristic, 99, LS_ERR_BAD_OPTION);
    REFUSED(options.straight_cost, 0, LS_ERR_BAD_STEP_COST);
    REFUSED(options.diagonal_cost, 9, LS_ERR_BAD_STEP_COST);  /* < 10 */
    REFUSED(options.diagonal_cost, 21, LS_ERR_BAD_STEP_COST); /* > 20 */
    REFUSED(options.weight, 0, LS_ERR_BAD_WEIGHT);
    /* JPS needs 8-connectivity and no corner cutting. */
    config(&k, 16, 12, 8);
    k.options.algorithm = LS_ALGO_JPS;
    k.options.connectivity = LS_CONNECT_4;
    refused(&k, LS_ERR_UNSUPPORTED, __LINE__);
    k.options.connectivity = LS_CONNECT_8;
    k.options.corner_rule = LS_CORNERS_ALL;
    refused(&k, LS_ERR_UNSUPPORTED, __LINE__);
    /* The limits themselves are accepted. */
    config(&k, 16, 12, 1);
    k.threads = LS_BATCH_MAX_THREADS;
    k.flags = LS_CROWD_GROW_PATHS;
    k.path_points = 0;
    crowd = NULL;
    CU_ASSERT_EQUAL(ls_crowd_create(&k, NULL, &crowd), LS_OK);
    CU_ASSERT_PTR_NOT_NULL(crowd);
    ls_crowd_destroy(crowd);
    ls_crowd_destroy(NULL);
}

/* Refuse the n-th allocation of a create, n = 0, 1, 2, ... until it
 * succeeds: each failure is LS_ERR_OUT_OF_MEMORY (or LS_ERR_THREAD) with
 * *out NULL and every block released; the create that succeeds made
 * exactly n allocations and its crowd works. */
static void failed_creates_are_clean(uint32_t threads)
{
    ls_grid *g = NULL;
    int64_t n;
    int done = 0;
    CU_ASSERT_FATAL(ls_grid_create(20, 20, NULL, &g) == LS_OK);
    for (n = 0; n < 500 && !done; n++) {
        tu_counter c;
        ls_allocator al = tu_counting_allocator(&c);
        ls_crowd_config k;
        ls_crowd *crowd = (ls_crowd *)&c;
        ls_status st;
        config(&k, 20, 20, 8);
        k.threads = threads;
        k.path_points = 100;
        c.fail_after = n;
        st = ls_crowd_create(&k, &al, &crowd);
        if (st == LS_OK) {
            ls_crowd_agent a;
            done = 1;
            CU_ASSERT_EQUAL(c.allocs, (uint64_t)n);
            CU_ASSERT_EQUAL(c.failed, 0);
            CU_ASSERT_EQUAL(ls_crowd_add(crowd, 1, 0, 0, ONE), LS_OK);
            CU_ASSERT_EQUAL(ls_crowd_order(crowd, 1, 19, 19), LS_OK);
            run_until_settled(crowd, g, 1, 100);
            CU_ASSERT_EQUAL(ls_crowd_get(crowd, 1, &a), LS_OK);
            CU_ASSERT_EQUAL(a.state, LS_CROWD_ARRIVED);
            ls_crowd_destroy(crowd);
        } else {
            CU_ASSERT(st == LS_ERR_OUT_OF_MEMORY || st == LS_ERR_THREAD);
            CU_ASSERT_PTR_NULL(crowd);
            CU_ASSERT(c.failed >= 1);
        }
        CU_ASSERT(tu_counter_balanced(&c));
        CU_ASSERT_EQUAL(c.bytes_allocated, c.bytes_released);
    }
    CU_ASSERT(done);
    CU_ASSERT(n >= 6); /* at least crowd, agents, ids, orders, pool, batch */
    ls_grid_destroy(g);
}

static void test_failed_creates_are_clean_1_thread(void)
{
    failed_creates_are_clean(1);
}

static void test_failed_creates_are_clean_3_threads(void)
{
    failed_creates_are_clean(3);
}

/* A random open cell of g (there are many). */
static ls_point open_cell(ls_rng *rng, const ls_grid *g)
{
    ls_point p = { 0, 0 };
    CU_ASSERT_FATAL(tu_random_open_cell(rng, g, &p.x, &p.y));
    return p;
}

/* 64 x 64 with walls and terrain, 200 agents, random orders, stops,
 * speeds, removals and edits (cells and rectangles) for 3,000 ticks of
 * budget 50: after create the allocator is never called; destroy then
 * releases every byte. */
static void ticks_never_allocate(uint32_t threads)
{
    enum { N = 200, TICKS = 3000 };
    tu_counter c, before;
    ls_allocator al = tu_counting_allocator(&c);
    ls_crowd_config k;
    ls_crowd *crowd = NULL;
    ls_crowd_stats stats;
    ls_rng rng;
    ls_grid *g;
    uint32_t t, count, arrived = 0, moving = 0, i;
    int64_t next_id = 1000;

    ls_rng_seed(&rng, 77 + threads);
    g = tu_random_grid(&rng, 64, 64, 18, 20, 4);
    CU_ASSERT_FATAL(g != NULL);
    config(&k, 64, 64, N + 8);
    k.threads = threads;
    k.budget = 50;
    k.path_points = 1u << 17;
    CU_ASSERT_FATAL(ls_crowd_create(&k, &al, &crowd) == LS_OK);
    CU_ASSERT(c.allocs >= 6);
    before = c;
    for (i = 0; i < N; i++) {
        const ls_point p = open_cell(&rng, g), q = open_cell(&rng, g);
        const int64_t id = (int64_t)i * 1000003 - 77777777;
        CU_ASSERT_EQUAL(ls_crowd_add(crowd, id, p.x, p.y,
                                     (fix16_t)(ONE / 4 + (int32_t)i * 300)),
                        LS_OK);
        CU_ASSERT_EQUAL(ls_crowd_order(crowd, id, q.x, q.y), LS_OK);
    }
    for (t = 0; t < TICKS; t++) {
        const uint32_t r = ls_rng_below(&rng, 1000);
        ls_crowd_agent a;
        ls_crowd_count(crowd, &count);
        CU_ASSERT_FATAL(ls_crowd_get_at(crowd, ls_rng_below(&rng, count),
                                        &a) == LS_OK);
        if (r < 300) {
            const ls_point q = open_cell(&rng, g);
            CU_ASSERT_EQUAL(ls_crowd_order(crowd, a.id, q.x, q.y), LS_OK);
        } else if (r < 320) {
            CU_ASSERT_EQUAL(ls_crowd_stop(crowd, a.id), LS_OK);
        } else if (r < 340) {
            CU_ASSERT_EQUAL(ls_crowd_set_speed(crowd, a.id, ONE / 3), LS_OK);
        } else if (r < 350) {
            const ls_point p = open_cell(&rng, g);
            CU_ASSERT_EQUAL(ls_crowd_remove(crowd, a.id), LS_OK);
            CU_ASSERT_EQUAL(ls_crowd_add(crowd, next_id, p.x, p.y, ONE / 2),
                            LS_OK);
            CU_ASSERT_EQUAL(ls_crowd_order(crowd, next_id, a.cell.x,
                                           a.cell.y), LS_OK);
            next_id++;
        } else if (r < 420) {
            ls_grid_set(g, (int32_t)ls_rng_below(&rng, 64),
                        (int32_t)ls_rng_below(&rng, 64),
                        (uint8_t)ls_rng_below(&rng, 4));
        } else if (r < 430) {
            ls_grid_set_rect(g, (int32_t)ls_rng_below(&rng, 60),
                             (int32_t)ls_rng_below(&rng, 60), 4, 2,
                             (uint8_t)(r % 2));
        }
        CU_ASSERT_FATAL(ls_crowd_tick(crowd, g) == LS_OK);
        for (i = 0; i < count; i += 7) {
            CU_ASSERT_FATAL(ls_crowd_get_at(crowd, i, &a) == LS_OK);
            arrived += a.state == LS_CROWD_ARRIVED;
            moving += a.state == LS_CROWD_MOVING;
        }
        if (c.allocs != before.allocs || c.releases != before.releases)
            break;
    }
    CU_ASSERT_EQUAL(t, TICKS); /* no tick allocated or released */
    CU_ASSERT_EQUAL(c.allocs, before.allocs);
    CU_ASSERT_EQUAL(c.releases, before.releases);
    CU_ASSERT_EQUAL(c.failed, 0);
    /* The scenario did something: routes followed, routes broken. */
    ls_crowd_stats_get(crowd, &stats);
    CU_ASSERT(stats.requests >= N + 300);
    CU_ASSERT(stats.replans > 0);
    CU_ASSERT(arrived > 1000);
    CU_ASSERT(moving > 1000);
    ls_crowd_destroy(crowd);
    CU_ASSERT(tu_counter_balanced(&c));
    CU_ASSERT_EQUAL(c.bytes_allocated - c.bytes_released, 0);
    ls_grid_destroy(g);
}

static void test_ticks_never_allocate_1_thread(void)
{
    ticks_never_allocate(1);
}

static void test_ticks_never_allocate_3_threads(void)
{
    ticks_never_allocate(3);
}

/* Agents by id: the readers in ascending id order (negative ids and the
 * extremes too), every refused add changing nothing, removal. */
static void test_agents_by_id(void)
{
    static const int64_t ids[] = { 5, INT64_MIN, -1, INT64_MAX, 0, -7, 3 };
    static const int64_t sorted[] = { INT64_MIN, -7, -1, 0, 3, 5, INT64_MAX };
    ls_crowd_config k;
    ls_crowd *crowd = NULL;
    ls_crowd_agent a, b;
    uint32_t n, count = 99;
    fix16_t cx, cy;

    config(&k, 10, 8, 8);
    k.world.origin_x = -229376; /* -3.5 */
    k.world.origin_y = 98304;   /* 1.5 */
    k.world.cell_size = 49152;  /* 0.75 */
    CU_ASSERT_FATAL(ls_crowd_create(&k, NULL, &crowd) == LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_count(crowd, &count), LS_OK);
    CU_ASSERT_EQUAL(count, 0);
    CU_ASSERT_EQUAL(ls_crowd_get_at(crowd, 0, &a), LS_ERR_OUT_OF_BOUNDS);
    for (n = 0; n < 7; n++)
        CU_ASSERT_EQUAL(ls_crowd_add(crowd, ids[n], (int32_t)n,
                                     (int32_t)(7 - n), ONE + (fix16_t)n),
                        LS_OK);
    ls_crowd_count(crowd, &count);
    CU_ASSERT_EQUAL(count, 7);
    for (n = 0; n < 7; n++) {
        uint32_t m = 0;
        CU_ASSERT_EQUAL_FATAL(ls_crowd_get_at(crowd, n, &a), LS_OK);
        CU_ASSERT(a.id == sorted[n]);
        while (ids[m] != sorted[n])
            m++;
        ls_world_cell_center(&k.world, (int32_t)m, (int32_t)(7 - m), &cx,
                             &cy);
        CU_ASSERT_EQUAL(a.state, LS_CROWD_IDLE);
        CU_ASSERT_EQUAL(a.x, cx);
        CU_ASSERT_EQUAL(a.y, cy);
        CU_ASSERT_EQUAL(a.cell.x, (int32_t)m);
        CU_ASSERT_EQUAL(a.cell.y, (int32_t)(7 - m));
        CU_ASSERT_EQUAL(a.goal.x, a.cell.x);
        CU_ASSERT_EQUAL(a.goal.y, a.cell.y);
        CU_ASSERT_EQUAL(a.heading.x, a.cell.x);
        CU_ASSERT_EQUAL(a.heading.y, a.cell.y);
        CU_ASSERT_EQUAL(a.speed, ONE + (fix16_t)m);
        CU_ASSERT_EQUAL(a.waypoint, 0);
        CU_ASSERT_EQUAL(a.way_count, 0);
        CU_ASSERT_EQUAL(ls_crowd_get(crowd, sorted[n], &b), LS_OK);
        CU_ASSERT(memcmp(&a, &b, sizeof a) == 0);
    }
    memset(&b, 0x3c, sizeof b);
    a = b;
    CU_ASSERT_EQUAL(ls_crowd_get_at(crowd, 7, &a), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_crowd_get_at(crowd, UINT32_MAX, &a),
                    LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_crowd_get(crowd, 4, &a), LS_ERR_UNKNOWN_ID);
    CU_ASSERT(memcmp(&a, &b, sizeof a) == 0);
    /* Refused adds change nothing. */
    CU_ASSERT_EQUAL(ls_crowd_add(crowd, 5, 9, 0, ONE), LS_ERR_DUPLICATE_ID);
    CU_ASSERT_EQUAL(ls_crowd_add(crowd, INT64_MIN, 1, 1, ONE),
                    LS_ERR_DUPLICATE_ID);
    CU_ASSERT_EQUAL(ls_crowd_add(crowd, 9, -1, 0, ONE), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_crowd_add(crowd, 9, 10, 0, ONE), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_crowd_add(crowd, 9, 0, 8, ONE), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_crowd_add(crowd, 9, 0, -1, ONE), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_crowd_add(crowd, 9, 1, 1, 0), LS_ERR_BAD_SPEED);
    CU_ASSERT_EQUAL(ls_crowd_add(crowd, 9, 1, 1, -ONE), LS_ERR_BAD_SPEED);
    /* add_at: a world point outside the grid; below the origin. */
    CU_ASSERT_EQUAL(ls_crowd_add_at(crowd, 9, k.world.origin_x - 1, 0x20000,
                                    ONE), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_crowd_add_at(crowd, 9, 0, 98304 + 8 * 49152, ONE),
                    LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_crowd_add_at(crowd, 9, 0, 0x20000, 0),
                    LS_ERR_BAD_SPEED);
    ls_crowd_count(crowd, &count);
    CU_ASSERT_EQUAL(count, 7);
    CU_ASSERT_EQUAL(ls_crowd_get(crowd, 5, &a), LS_OK);
    CU_ASSERT_EQUAL(a.cell.x, 0);
    CU_ASSERT_EQUAL(a.speed, ONE);
    /* add_at keeps the exact position, off the centre. */
    CU_ASSERT_EQUAL(ls_crowd_add_at(crowd, 9, -229376 + 2 * 49152 + 100,
                                    98304 + 3 * 49152 + 49151, ONE), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_get(crowd, 9, &a), LS_OK);
    CU_ASSERT_EQUAL(a.x, -229376 + 2 * 49152 + 100);
    CU_ASSERT_EQUAL(a.y, 98304 + 3 * 49152 + 49151);
    CU_ASSERT_EQUAL(a.cell.x, 2);
    CU_ASSERT_EQUAL(a.cell.y, 3);
    /* Full: capacity 8 held. A duplicate is still named as one. */
    CU_ASSERT_EQUAL(ls_crowd_add(crowd, 10, 1, 1, ONE), LS_ERR_CROWD_FULL);
    CU_ASSERT_EQUAL(ls_crowd_add(crowd, 9, 1, 1, ONE), LS_ERR_DUPLICATE_ID);
    ls_crowd_count(crowd, &count);
    CU_ASSERT_EQUAL(count, 8);
    /* Removal. */
    CU_ASSERT_EQUAL(ls_crowd_remove(crowd, 42), LS_ERR_UNKNOWN_ID);
    CU_ASSERT_EQUAL(ls_crowd_remove(crowd, INT64_MIN), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_remove(crowd, INT64_MIN), LS_ERR_UNKNOWN_ID);
    CU_ASSERT_EQUAL(ls_crowd_remove(crowd, 0), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_get(crowd, INT64_MIN, &a), LS_ERR_UNKNOWN_ID);
    CU_ASSERT_EQUAL(ls_crowd_order(crowd, 0, 1, 1), LS_ERR_UNKNOWN_ID);
    ls_crowd_count(crowd, &count);
    CU_ASSERT_EQUAL(count, 6);
    {
        static const int64_t left[] = { -7, -1, 3, 5, 9, INT64_MAX };
        for (n = 0; n < 6; n++) {
            CU_ASSERT_EQUAL(ls_crowd_get_at(crowd, n, &a), LS_OK);
            CU_ASSERT(a.id == left[n]);
        }
    }
    CU_ASSERT_EQUAL(ls_crowd_add(crowd, INT64_MIN, 4, 4, ONE), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_get_at(crowd, 0, &a), LS_OK);
    CU_ASSERT(a.id == INT64_MIN);
    CU_ASSERT_EQUAL(a.cell.x, 4);
    ls_crowd_destroy(crowd);
}

/* Orders, stop and speed refused for what they name; a refused order is
 * not carried out; a new speed is used from the next tick on. */
static void test_orders_stop_and_speed(void)
{
    ls_crowd_config k;
    ls_crowd *crowd = NULL;
    ls_grid *g = NULL;
    ls_crowd_agent a;
    ls_crowd_stats stats;

    CU_ASSERT_FATAL(ls_grid_create(20, 20, NULL, &g) == LS_OK);
    config(&k, 20, 20, 4);
    CU_ASSERT_FATAL(ls_crowd_create(&k, NULL, &crowd) == LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_add(crowd, -3, 0, 0, ONE), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_order(crowd, 4, 5, 5), LS_ERR_UNKNOWN_ID);
    CU_ASSERT_EQUAL(ls_crowd_order(crowd, -3, 20, 0), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_crowd_order(crowd, -3, 0, 20), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_crowd_order(crowd, -3, -1, 5), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_crowd_order(crowd, -3, 5, INT32_MIN),
                    LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_crowd_order_at(crowd, -3, 20 * ONE, ONE),
                    LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_crowd_order_at(crowd, -3, -1, ONE),
                    LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_crowd_order_at(crowd, 4, ONE, ONE), LS_ERR_UNKNOWN_ID);
    CU_ASSERT_EQUAL(ls_crowd_stop(crowd, 4), LS_ERR_UNKNOWN_ID);
    CU_ASSERT_EQUAL(ls_crowd_set_speed(crowd, 4, ONE), LS_ERR_UNKNOWN_ID);
    CU_ASSERT_EQUAL(ls_crowd_set_speed(crowd, -3, 0), LS_ERR_BAD_SPEED);
    CU_ASSERT_EQUAL(ls_crowd_set_speed(crowd, -3, -ONE), LS_ERR_BAD_SPEED);
    CU_ASSERT_EQUAL(ls_crowd_tick(crowd, g), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_get(crowd, -3, &a), LS_OK);
    CU_ASSERT_EQUAL(a.state, LS_CROWD_IDLE);
    CU_ASSERT_EQUAL(a.speed, ONE);
    ls_crowd_stats_get(crowd, &stats);
    CU_ASSERT_EQUAL(stats.requests, 0);
    /* order_at: the cell holding the point (15.99, 0.0) is (15, 0). */
    CU_ASSERT_EQUAL(ls_crowd_order_at(crowd, -3, 16 * ONE - 1, 0), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_tick(crowd, g), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_get(crowd, -3, &a), LS_OK);
    CU_ASSERT_EQUAL(a.state, LS_CROWD_MOVING);
    CU_ASSERT_EQUAL(a.goal.x, 15);
    CU_ASSERT_EQUAL(a.goal.y, 0);
    /* Budget 0: found, handed over and moved 1.0 in the same tick. */
    CU_ASSERT_EQUAL(a.x, ONE / 2 + ONE);
    CU_ASSERT_EQUAL(a.y, ONE / 2);
    CU_ASSERT_EQUAL(ls_crowd_set_speed(crowd, -3, 2 * ONE + ONE / 4), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_get(crowd, -3, &a), LS_OK);
    CU_ASSERT_EQUAL(a.speed, 2 * ONE + ONE / 4);
    CU_ASSERT_EQUAL(a.x, ONE / 2 + ONE); /* not moved yet */
    CU_ASSERT_EQUAL(ls_crowd_tick(crowd, g), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_get(crowd, -3, &a), LS_OK);
    CU_ASSERT_EQUAL(a.x, ONE / 2 + 3 * ONE + ONE / 4);
    CU_ASSERT_EQUAL(a.y, ONE / 2);
    ls_crowd_stats_get(crowd, &stats);
    CU_ASSERT_EQUAL(stats.requests, 1);
    CU_ASSERT_EQUAL(stats.replans, 0);
    ls_crowd_destroy(crowd);
    ls_grid_destroy(g);
}

/* The route reader: the waypoints of ls_smooth_path over ls_find_path's
 * path from the agent's cell, with ls_search_path's buffer rule. */
static void test_route_reader(void)
{
    enum { MAXW = 64 };
    ls_crowd_config k;
    ls_crowd *crowd = NULL;
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_crowd_agent a;
    ls_point route[MAXW], path[400], ways[400];
    ls_query q;
    ls_result r;
    uint32_t len = 0, n, want = 0, i;

    CU_ASSERT_FATAL(ls_grid_create(20, 20, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(20, 20, NULL, &s) == LS_OK);
    ls_grid_set_rect(g, 10, 0, 1, 15, LS_CELL_BLOCKED);
    config(&k, 20, 20, 4);
    k.options.corner_rule = LS_CORNERS_ONE;
    CU_ASSERT_FATAL(ls_crowd_create(&k, NULL, &crowd) == LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_add(crowd, 9, 2, 2, ONE / 2), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_add(crowd, 8, 0, 19, ONE / 2), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_route(crowd, 9, route, MAXW, &len), LS_OK);
    CU_ASSERT_EQUAL(len, 0); /* no route yet */
    CU_ASSERT_EQUAL(ls_crowd_order(crowd, 9, 17, 2), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_tick(crowd, g), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_get(crowd, 9, &a), LS_OK);
    CU_ASSERT_EQUAL_FATAL(a.state, LS_CROWD_MOVING);
    q = k.options;
    q.start_x = 2;
    q.start_y = 2;
    q.goal_x = 17;
    q.goal_y = 2;
    CU_ASSERT_FATAL(ls_find_path(s, g, &q, path, 400, &r) == LS_OK);
    CU_ASSERT_FATAL(ls_smooth_path(g, path, r.path_length, ways, 400,
                                   &want) == LS_OK);
    CU_ASSERT_FATAL(want >= 3 && want < MAXW);
    CU_ASSERT_EQUAL(a.way_count, want);
    CU_ASSERT_EQUAL(ls_crowd_route(crowd, 9, NULL, 0, &len),
                    LS_ERR_BUFFER_TOO_SMALL);
    CU_ASSERT_EQUAL(len, want);
    for (i = 0; i < MAXW; i++)
        route[i].x = route[i].y = -77;
    len = 0;
    CU_ASSERT_EQUAL(ls_crowd_route(crowd, 9, route, want - 1, &len),
                    LS_ERR_BUFFER_TOO_SMALL);
    CU_ASSERT_EQUAL(len, want);
    CU_ASSERT_EQUAL(route[0].x, -77);
    CU_ASSERT_EQUAL(ls_crowd_route(crowd, 9, route, want, &n), LS_OK);
    CU_ASSERT_EQUAL_FATAL(n, want);
    CU_ASSERT(memcmp(route, ways, n * sizeof *route) == 0);
    CU_ASSERT_EQUAL(route[want].x, -77);
    CU_ASSERT(a.waypoint >= 1 && a.waypoint < want);
    CU_ASSERT_EQUAL(a.heading.x, route[a.waypoint].x);
    CU_ASSERT_EQUAL(a.heading.y, route[a.waypoint].y);
    CU_ASSERT_EQUAL(ls_crowd_route(crowd, 8, route, MAXW, &len), LS_OK);
    CU_ASSERT_EQUAL(len, 0);
    CU_ASSERT_EQUAL(ls_crowd_route(crowd, 7, route, MAXW, &len),
                    LS_ERR_UNKNOWN_ID);
    CU_ASSERT_EQUAL(ls_crowd_route(crowd, 9, NULL, 5, &len),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_route(crowd, 9, route, 5, NULL),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_route(NULL, 9, route, 5, &len),
                    LS_ERR_NULL_ARGUMENT);
    /* Arrived: no route to read any more. */
    run_until_settled(crowd, g, 9, 200);
    CU_ASSERT_EQUAL(ls_crowd_get(crowd, 9, &a), LS_OK);
    CU_ASSERT_EQUAL(a.state, LS_CROWD_ARRIVED);
    CU_ASSERT_EQUAL(a.waypoint, want - 1);
    CU_ASSERT_EQUAL(ls_crowd_route(crowd, 9, route, MAXW, &len), LS_OK);
    CU_ASSERT_EQUAL(len, 0);
    ls_crowd_destroy(crowd);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

static void test_state_names(void)
{
    CU_ASSERT_STRING_EQUAL(ls_crowd_state_name(LS_CROWD_IDLE), "idle");
    CU_ASSERT_STRING_EQUAL(ls_crowd_state_name(LS_CROWD_WAITING), "waiting");
    CU_ASSERT_STRING_EQUAL(ls_crowd_state_name(LS_CROWD_MOVING), "moving");
    CU_ASSERT_STRING_EQUAL(ls_crowd_state_name(LS_CROWD_ARRIVED), "arrived");
    CU_ASSERT_STRING_EQUAL(ls_crowd_state_name(LS_CROWD_UNREACHABLE),
                           "unreachable");
    CU_ASSERT_STRING_EQUAL(ls_crowd_state_name(LS_CROWD_NO_ROOM), "no-room");
    CU_ASSERT_STRING_EQUAL(ls_crowd_state_name(-1), "?");
    CU_ASSERT_STRING_EQUAL(ls_crowd_state_name(6), "?");
    CU_ASSERT_STRING_EQUAL(ls_crowd_state_name(INT32_MIN), "?");
    CU_ASSERT_STRING_EQUAL(ls_crowd_state_name(INT32_MAX), "?");
}

/* Before the first tick: no tick digest, the run digest the offset basis;
 * a tick on a grid of another size is refused and changes nothing (the
 * order given before it is carried out by the next good tick). */
static void test_digests_before_first_tick_and_grid_mismatch(void)
{
    ls_crowd_config k;
    ls_crowd *crowd = NULL;
    ls_grid *g = NULL, *wide = NULL, *turned = NULL;
    ls_crowd_agent a;
    ls_crowd_stats stats;
    uint64_t d = 12345, run = 0, agent = 0, before = 0;
    uint32_t ticks = 9;

    CU_ASSERT_FATAL(ls_grid_create(12, 6, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_grid_create(13, 6, NULL, &wide) == LS_OK);
    CU_ASSERT_FATAL(ls_grid_create(12, 7, NULL, &turned) == LS_OK);
    config(&k, 12, 6, 4);
    CU_ASSERT_FATAL(ls_crowd_create(&k, NULL, &crowd) == LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_tick_digest(crowd, &d), LS_ERR_NOT_DONE);
    CU_ASSERT(d == 12345);
    CU_ASSERT_EQUAL(ls_crowd_run_digest(crowd, &run), LS_OK);
    CU_ASSERT(run == 0xcbf29ce484222325ull);
    CU_ASSERT_EQUAL(ls_crowd_ticks(crowd, &ticks), LS_OK);
    CU_ASSERT_EQUAL(ticks, 0);
    CU_ASSERT_EQUAL(ls_crowd_add(crowd, 1, 1, 1, ONE), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_agent_digest(crowd, 1, &before), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_agent_digest(crowd, 2, &agent),
                    LS_ERR_UNKNOWN_ID);
    CU_ASSERT_EQUAL(ls_crowd_order(crowd, 1, 10, 4), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_tick(crowd, wide), LS_ERR_GRID_MISMATCH);
    CU_ASSERT_EQUAL(ls_crowd_tick(crowd, turned), LS_ERR_GRID_MISMATCH);
    CU_ASSERT_EQUAL(ls_crowd_tick_digest(crowd, &d), LS_ERR_NOT_DONE);
    ls_crowd_run_digest(crowd, &run);
    CU_ASSERT(run == 0xcbf29ce484222325ull);
    ls_crowd_ticks(crowd, &ticks);
    CU_ASSERT_EQUAL(ticks, 0);
    ls_crowd_stats_get(crowd, &stats);
    CU_ASSERT_EQUAL(stats.requests, 0);
    CU_ASSERT_EQUAL(ls_crowd_get(crowd, 1, &a), LS_OK);
    CU_ASSERT_EQUAL(a.state, LS_CROWD_IDLE);
    CU_ASSERT_EQUAL(ls_crowd_agent_digest(crowd, 1, &agent), LS_OK);
    CU_ASSERT(agent == before);
    CU_ASSERT_EQUAL(ls_crowd_tick(crowd, g), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_get(crowd, 1, &a), LS_OK);
    CU_ASSERT_EQUAL(a.state, LS_CROWD_MOVING);
    CU_ASSERT_EQUAL(a.goal.x, 10);
    ls_crowd_ticks(crowd, &ticks);
    CU_ASSERT_EQUAL(ticks, 1);
    CU_ASSERT_EQUAL(ls_crowd_tick_digest(crowd, &d), LS_OK);
    ls_crowd_run_digest(crowd, &run);
    CU_ASSERT(run == or_fnv64(OR_FNV_BASIS, d));
    /* A refused tick after the first changes nothing either. */
    CU_ASSERT_EQUAL(ls_crowd_agent_digest(crowd, 1, &before), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_tick(crowd, wide), LS_ERR_GRID_MISMATCH);
    CU_ASSERT_EQUAL(ls_crowd_agent_digest(crowd, 1, &agent), LS_OK);
    CU_ASSERT(agent == before);
    CU_ASSERT_EQUAL(ls_crowd_tick_digest(crowd, &agent), LS_OK);
    CU_ASSERT(agent == d);
    ls_crowd_ticks(crowd, &ticks);
    CU_ASSERT_EQUAL(ticks, 1);
    ls_crowd_destroy(crowd);
    ls_grid_destroy(g);
    ls_grid_destroy(wide);
    ls_grid_destroy(turned);
}

static void test_null_arguments(void)
{
    ls_crowd_config k;
    ls_crowd *crowd = NULL;
    ls_grid *g = NULL;
    ls_crowd_agent a;
    ls_crowd_stats stats;
    ls_point p[4];
    uint64_t d;
    uint32_t n;
    const ls_crowd *none = NULL;

    CU_ASSERT_FATAL(ls_grid_create(8, 8, NULL, &g) == LS_OK);
    config(&k, 8, 8, 4);
    CU_ASSERT_FATAL(ls_crowd_create(&k, NULL, &crowd) == LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_add(crowd, 1, 1, 1, ONE), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_add(NULL, 2, 1, 1, ONE), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_add_at(NULL, 2, ONE, ONE, ONE),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_remove(NULL, 1), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_order(NULL, 1, 2, 2), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_order_at(NULL, 1, ONE, ONE),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_stop(NULL, 1), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_set_speed(NULL, 1, ONE), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_tick(NULL, g), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_tick(crowd, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_count(none, &n), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_count(crowd, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_get(none, 1, &a), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_get(crowd, 1, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_get_at(none, 0, &a), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_get_at(crowd, 0, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_route(none, 1, p, 4, &n), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_agent_digest(none, 1, &d), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_agent_digest(crowd, 1, NULL),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_tick_digest(none, &d), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_tick_digest(crowd, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_run_digest(none, &d), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_run_digest(crowd, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_ticks(none, &n), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_ticks(crowd, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_stats_get(none, &stats), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_stats_get(crowd, NULL), LS_ERR_NULL_ARGUMENT);
    /* Nothing of that touched the crowd. */
    CU_ASSERT_EQUAL(ls_crowd_count(crowd, &n), LS_OK);
    CU_ASSERT_EQUAL(n, 1);
    CU_ASSERT_EQUAL(ls_crowd_ticks(crowd, &n), LS_OK);
    CU_ASSERT_EQUAL(n, 0);
    ls_crowd_destroy(crowd);
    ls_grid_destroy(g);
}

int suite_crowd_register(void)
{
    CU_pSuite s = CU_add_suite("crowd", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "config defaults", test_config_defaults) ||
        !CU_add_test(s, "create refuses every bad argument",
                     test_create_refuses_bad_arguments) ||
        !CU_add_test(s, "every failed create is clean, 1 thread",
                     test_failed_creates_are_clean_1_thread) ||
        !CU_add_test(s, "every failed create is clean, 3 threads",
                     test_failed_creates_are_clean_3_threads) ||
        !CU_add_test(s, "3000 ticks never allocate, 1 thread",
                     test_ticks_never_allocate_1_thread) ||
        !CU_add_test(s, "3000 ticks never allocate, 3 threads",
                     test_ticks_never_allocate_3_threads) ||
        !CU_add_test(s, "agents by id, ascending", test_agents_by_id) ||
        !CU_add_test(s, "orders, stop and speed",
                     test_orders_stop_and_speed) ||
        !CU_add_test(s, "the route reader", test_route_reader) ||
        !CU_add_test(s, "state names", test_state_names) ||
        !CU_add_test(s, "digests before the first tick, grid mismatch",
                     test_digests_before_first_tick_and_grid_mismatch) ||
        !CU_add_test(s, "NULL arguments", test_null_arguments))
        return -1;
    return 0;
}
