/* SPDX-License-Identifier: MIT */
/*
 * suite_crowd_avoid.c - the crowd's sizes and avoidance (lockstar_crowd.h,
 * "Sizes and avoidance"): the setters' errors, the guarantee checked on
 * every tick of every scenario (ls_crowd_check_overlaps, and the same
 * test written here apart from the library), head-on pairs passing on
 * their right, priorities, a swap through the middle on 1, 2 and 3
 * threads with one run digest, walls and doors, sized routes, stuck
 * agents, discs that start overlapping, edits under a disc, switching
 * avoidance off, and no allocation in a tick.
 */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <string.h>
#include "lockstar.h"
#include "suite_crowd.h"
#include "suites.h"
#include "test_util.h"

/* Every pair of discs and every disc against every blocked cell, by the
 * header's definition, with no buckets and no shortcut: the count of
 * overlaps. O(n^2 + n * cells near), fine for the sizes here. */
static uint32_t overlaps_by_hand(const ls_crowd *c, const ls_grid *g,
                                 fix16_t cell)
{
    uint32_t count = 0, n = 0, i, j;
    int32_t w = 0, h = 0;
    ls_crowd_count(c, &n);
    ls_grid_size(g, &w, &h);
    for (i = 0; i < n; i++) {
        ls_crowd_agent a;
        int64_t cx, cy, x0, y0, r;
        ls_crowd_get_at(c, i, &a);
        r = a.radius;
        for (j = i + 1; j < n; j++) {
            ls_crowd_agent b;
            int64_t dx, dy, rr;
            ls_crowd_get_at(c, j, &b);
            dx = (int64_t)a.x - b.x;
            dy = (int64_t)a.y - b.y;
            rr = r + b.radius;
            if (rr > 0 && dx * dx + dy * dy < rr * rr)
                count++;
        }
        if (r == 0)
            continue;
        x0 = (a.x - r) / cell - 1;
        y0 = (a.y - r) / cell - 1;
        for (cy = y0; cy <= (a.y + r) / cell + 1; cy++) {
            for (cx = x0; cx <= (a.x + r) / cell + 1; cx++) {
                uint8_t cost = 0;
                int64_t qx, qy, dx, dy;
                if (cx >= 0 && cy >= 0 && cx < w && cy < h)
                    ls_grid_get(g, (int32_t)cx, (int32_t)cy, &cost);
                if (cost != LS_CELL_BLOCKED)
                    continue;
                qx = a.x < cx * cell ? cx * cell
                     : a.x > (cx + 1) * cell ? (cx + 1) * cell : a.x;
                qy = a.y < cy * cell ? cy * cell
                     : a.y > (cy + 1) * cell ? (cy + 1) * cell : a.y;
                dx = a.x - qx;
                dy = a.y - qy;
                if (dx * dx + dy * dy < r * r)
                    count++;
            }
        }
    }
    return count;
}

/* Tick, then the guarantee by the library's check and by hand. */
static int tick_clean(ct_fixture *f)
{
    ls_crowd_overlaps o;
    ct_tick(f);
    CU_ASSERT_FATAL(ls_crowd_check_overlaps(f->crowd, f->grid, &o) == LS_OK);
    return o.pairs == 0 && o.walls == 0 &&
           overlaps_by_hand(f->crowd, f->grid, ONE) == 0;
}

static void add_body(ct_fixture *f, int64_t id, int32_t x, int32_t y,
                     fix16_t speed, fix16_t radius, int32_t priority)
{
    CU_ASSERT_FATAL(ls_crowd_add(f->crowd, id, x, y, speed) == LS_OK);
    CU_ASSERT_FATAL(ls_crowd_set_body(f->crowd, id, radius, priority) ==
                    LS_OK);
}

static uint32_t count_state(const ct_fixture *f, int32_t state)
{
    uint32_t n = 0, i, k = 0;
    ls_crowd_count(f->crowd, &n);
    for (i = 0; i < n; i++) {
        ls_crowd_agent a;
        ls_crowd_get_at(f->crowd, i, &a);
        k += a.state == state;
    }
    return k;
}

static void test_setters(void)
{
    ct_fixture f;
    ls_crowd_config k;
    ls_crowd_agent a;
    ct_config(&k, 10, 10, 4);
    ct_open(&f, ct_open_grid(10, 10), &k);
    CU_ASSERT_EQUAL(ls_crowd_add(f.crowd, 7, 1, 1, ONE), LS_OK);
    a = ct_agent(&f, 7);
    CU_ASSERT_EQUAL(a.radius, 0);
    CU_ASSERT_EQUAL(a.priority, 0);
    CU_ASSERT_EQUAL(a.clearance, 1u);
    CU_ASSERT_EQUAL(ls_crowd_set_body(NULL, 7, 0, 0), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_set_body(f.crowd, 8, 0, 0), LS_ERR_UNKNOWN_ID);
    CU_ASSERT_EQUAL(ls_crowd_set_body(f.crowd, 7, -1, 0), LS_ERR_BAD_RADIUS);
    CU_ASSERT_EQUAL(ls_crowd_set_body(f.crowd, 7, LS_CROWD_MAX_RADIUS + 1, 0),
                    LS_ERR_BAD_RADIUS);
    /* 16.5 cells needs clearance 17: above LS_CLEARANCE_MAX. */
    CU_ASSERT_EQUAL(ls_crowd_set_body(f.crowd, 7, 16 * ONE + ONE / 2, 0),
                    LS_ERR_BAD_RADIUS);
    CU_ASSERT_EQUAL(ls_crowd_set_body(f.crowd, 7, ONE, -1),
                    LS_ERR_BAD_PRIORITY);
    CU_ASSERT_EQUAL(ls_crowd_set_body(f.crowd, 7, ONE, 100),
                    LS_ERR_BAD_PRIORITY);
    a = ct_agent(&f, 7); /* nothing changed by the refusals */
    CU_ASSERT_EQUAL(a.radius, 0);
    CU_ASSERT_EQUAL(a.clearance, 1u);
    /* Class k: the least k with (2k - 1) cells >= the diameter. */
    CU_ASSERT_EQUAL(ls_crowd_set_body(f.crowd, 7, ONE / 2, 99), LS_OK);
    CU_ASSERT_EQUAL(ct_agent(&f, 7).clearance, 1u);
    CU_ASSERT_EQUAL(ct_agent(&f, 7).priority, 99);
    CU_ASSERT_EQUAL(ls_crowd_set_body(f.crowd, 7, ONE / 2 + 1, 0), LS_OK);
    CU_ASSERT_EQUAL(ct_agent(&f, 7).clearance, 2u);
    CU_ASSERT_EQUAL(ls_crowd_set_body(f.crowd, 7, 16 * ONE - ONE / 2, 0),
                    LS_OK);
    CU_ASSERT_EQUAL(ct_agent(&f, 7).clearance, 16u);
    CU_ASSERT_EQUAL(ls_crowd_set_avoidance(NULL, 1), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_set_avoidance(f.crowd, 2), LS_ERR_BAD_OPTION);
    CU_ASSERT_EQUAL(ls_crowd_set_avoidance(f.crowd, -1), LS_ERR_BAD_OPTION);
    ct_close(&f);
}

static void test_config(void)
{
    ls_crowd_config k;
    ls_crowd *c = NULL;
    ct_config(&k, 10, 10, 4);
    CU_ASSERT_EQUAL(k.avoid_neighbours, 10u);
    CU_ASSERT_EQUAL(k.avoid_horizon, 4u);
    CU_ASSERT_EQUAL(k.stuck_ticks, 40u);
    k.avoid_neighbours = 0;
    CU_ASSERT_EQUAL(ls_crowd_create(&k, NULL, &c), LS_ERR_BAD_OPTION);
    k.avoid_neighbours = LS_CROWD_MAX_NEIGHBOURS + 1;
    CU_ASSERT_EQUAL(ls_crowd_create(&k, NULL, &c), LS_ERR_BAD_OPTION);
    k.avoid_neighbours = LS_CROWD_MAX_NEIGHBOURS;
    k.avoid_horizon = 0;
    CU_ASSERT_EQUAL(ls_crowd_create(&k, NULL, &c), LS_ERR_BAD_OPTION);
    k.avoid_horizon = LS_CROWD_MAX_HORIZON + 1;
    CU_ASSERT_EQUAL(ls_crowd_create(&k, NULL, &c), LS_ERR_BAD_OPTION);
    k.avoid_horizon = LS_CROWD_MAX_HORIZON;
    k.flags = LS_CROWD_AVOIDANCE | LS_CROWD_GROW_PATHS | 4u;
    CU_ASSERT_EQUAL(ls_crowd_create(&k, NULL, &c), LS_ERR_BAD_FLAGS);
    CU_ASSERT_PTR_NULL(c);
    k.flags = LS_CROWD_AVOIDANCE | LS_CROWD_GROW_PATHS;
    CU_ASSERT_EQUAL(ls_crowd_create(&k, NULL, &c), LS_OK);
    ls_crowd_destroy(c);
}

/* Two agents walking at each other on one row: they pass, each on its own
 * right (y grows downwards: east-bound passes below the row, west-bound
 * above), and arrive within 3x their straight-line time. Returns each
 * one's largest sideways offset from the row's centre line. */
static void head_on(int32_t p1, int32_t p2, int64_t *off1, int64_t *off2)
{
    ct_fixture f;
    ls_crowd_config k;
    const fix16_t row = 4 * ONE + ONE / 2;
    uint32_t t, passed = 0;
    ct_config(&k, 40, 9, 2);
    k.flags = LS_CROWD_AVOIDANCE;
    ct_open(&f, ct_open_grid(40, 9), &k);
    add_body(&f, 1, 5, 4, ONE / 5, ONE * 45 / 100, p1);
    add_body(&f, 2, 34, 4, ONE / 5, ONE * 45 / 100, p2);
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, 1, 34, 4), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, 2, 5, 4), LS_OK);
    *off1 = *off2 = 0;
    /* 29 cells at 0.2 a tick: 145 ticks in a straight line. */
    for (t = 0; t < 3 * 145 && count_state(&f, LS_CROWD_ARRIVED) < 2; t++) {
        ls_crowd_agent a = ct_agent(&f, 1), b = ct_agent(&f, 2);
        int64_t d1 = (int64_t)a.y - row, d2 = (int64_t)b.y - row;
        CU_ASSERT_FATAL(tick_clean(&f));
        if (a.x < b.x + ONE && a.x + ONE > b.x) {
            passed = 1;
            /* Each to its own right, at the moment they are side by side. */
            CU_ASSERT(p1 > p2 || a.y >= row);
            CU_ASSERT(p2 > p1 || b.y <= row);
        }
        if (d1 < 0)
            d1 = -d1;
        if (d2 < 0)
            d2 = -d2;
        if (d1 > *off1)
            *off1 = d1;
        if (d2 > *off2)
            *off2 = d2;
    }
    CU_ASSERT(passed);
    CU_ASSERT_EQUAL(count_state(&f, LS_CROWD_ARRIVED), 2u);
    ct_close(&f);
}

static void test_head_on(void)
{
    int64_t a = 0, b = 0;
    head_on(0, 0, &a, &b);
    CU_ASSERT(a > ONE / 4 && b > ONE / 4); /* both stepped aside */
    /* The same rule for both: mirror images, to the raw unit. */
    CU_ASSERT(a - b <= 2 && b - a <= 2);
}

static void test_priority(void)
{
    int64_t high = 0, low = 0;
    head_on(99, 0, &high, &low);
    printf("\n  offsets high %lld low %lld\n", (long long)high, (long long)low);
    /* The higher priority yields far less: a hundredth of the avoidance
     * against 99 hundredths. */
    CU_ASSERT(high * 4 < low);
    head_on(0, 99, &low, &high);
    CU_ASSERT(high * 4 < low);
}

/* 32 agents on the sides of a square, each ordered to the point opposite
 * through the centre: all arrive within 3x their straight-line time, no
 * tick has an overlap, and 1, 2 and 3 workers give one run digest. */
static uint64_t square_swap(uint32_t threads)
{
    ct_fixture f;
    ls_crowd_config k;
    uint32_t i, t, straight = 0;
    uint64_t run = 0;
    ct_config(&k, 40, 40, 64);
    k.flags = LS_CROWD_AVOIDANCE;
    k.threads = threads;
    ct_open(&f, ct_open_grid(40, 40), &k);
    for (i = 0; i < 32; i++) {
        /* 8 a side, on the square from 8,8 to 31,31. */
        const int32_t s = (int32_t)(i % 8) * 3, side = (int32_t)(i / 8);
        const int32_t x = side == 0 ? 8 + s : side == 1 ? 31 : side == 2 ? 31 - s : 8;
        const int32_t y = side == 0 ? 8 : side == 1 ? 8 + s : side == 2 ? 31 : 31 - s;
        add_body(&f, 100 + i, x, y, ONE / 4, ONE * 2 / 5, (int32_t)(i % 3));
        CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, 100 + i, 39 - x, 39 - y),
                        LS_OK);
    }
    /* The longest is the diagonal, 23 * sqrt 2 < 33 cells: 132 ticks. */
    straight = 132;
    for (t = 0; t < 3 * straight && count_state(&f, LS_CROWD_ARRIVED) < 32;
         t++)
        CU_ASSERT_FATAL(tick_clean(&f));
    CU_ASSERT_EQUAL(count_state(&f, LS_CROWD_ARRIVED), 32u);
    for (; t < 3 * straight; t++)
        ct_tick(&f);
    ls_crowd_run_digest(f.crowd, &run);
    ct_close(&f);
    return run;
}

static void test_swap_threads(void)
{
    const uint64_t one = square_swap(1);
    CU_ASSERT_EQUAL(square_swap(2), one);
    CU_ASSERT_EQUAL(square_swap(3), one);
}

/* A wall across the map with a one-cell door: 12 agents of radius 0.45
 * from the left to distinct cells on the right, never touching the wall
 * or each other. */
static void test_door(void)
{
    ct_fixture f;
    ls_crowd_config k;
    ls_grid *g = ct_open_grid(30, 20);
    uint32_t i, t;
    ls_grid_set_rect(g, 15, 0, 1, 20, LS_CELL_BLOCKED);
    ls_grid_set(g, 15, 10, 1);
    ct_config(&k, 30, 20, 16);
    k.flags = LS_CROWD_AVOIDANCE;
    ct_open(&f, g, &k);
    for (i = 0; i < 12; i++) {
        add_body(&f, (int64_t)i + 1, 3 + (int32_t)(i % 4) * 2,
                 6 + (int32_t)(i / 4) * 4, ONE / 5, ONE * 45 / 100, 0);
        CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, (int64_t)i + 1,
                                       20 + (int32_t)(i % 4) * 2,
                                       6 + (int32_t)(i / 4) * 4), LS_OK);
    }
    for (t = 0; t < 1500 && count_state(&f, LS_CROWD_ARRIVED) < 12; t++)
        CU_ASSERT_FATAL(tick_clean(&f));
    CU_ASSERT_EQUAL(count_state(&f, LS_CROWD_ARRIVED), 12u);
    ct_close(&f);
}

/* A unit of radius 1.2 (class 2) goes round by the 3-wide gap, never
 * through the 2-wide one a point takes; with the 3-wide gap walled up it
 * is UNREACHABLE. Avoidance off: sizes alone. */
static void test_sized_routes(void)
{
    ct_fixture f;
    ls_crowd_config k;
    ls_grid *g = ct_open_grid(30, 30);
    uint32_t t;
    int through_narrow = 0, point_narrow = 0;
    ls_grid_set_rect(g, 14, 0, 2, 30, LS_CELL_BLOCKED);
    ls_grid_set_rect(g, 14, 13, 2, 2, 1); /* 2 wide at y 13..14 */
    ls_grid_set_rect(g, 14, 25, 2, 3, 1); /* 3 wide at y 25..27 */
    ct_config(&k, 30, 30, 4);
    ct_open(&f, g, &k);
    add_body(&f, 1, 5, 13, ONE / 2, ONE * 6 / 5, 0);
    add_body(&f, 2, 5, 14, ONE / 2, 0, 0);
    CU_ASSERT_EQUAL(ct_agent(&f, 1).clearance, 2u);
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, 1, 24, 13), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, 2, 24, 14), LS_OK);
    for (t = 0; t < 400 && count_state(&f, LS_CROWD_ARRIVED) < 2; t++) {
        ls_crowd_agent a, b;
        ct_tick(&f);
        a = ct_agent(&f, 1);
        b = ct_agent(&f, 2);
        through_narrow |= a.cell.x >= 14 && a.cell.x <= 15 && a.cell.y < 20;
        point_narrow |= b.cell.x >= 14 && b.cell.x <= 15 && b.cell.y < 20;
    }
    CU_ASSERT_EQUAL(count_state(&f, LS_CROWD_ARRIVED), 2u);
    CU_ASSERT(!through_narrow);
    CU_ASSERT(point_narrow);
    ls_grid_set_rect(f.grid, 14, 25, 2, 3, LS_CELL_BLOCKED);
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, 1, 5, 13), LS_OK);
    ct_tick(&f);
    ct_tick(&f);
    CU_ASSERT_EQUAL(ct_agent(&f, 1).state, LS_CROWD_UNREACHABLE);
    ct_close(&f);
}

/* A dead end one cell wide packed with idle agents: the agent ordered to
 * its end cannot get in; it asks again every stuck_ticks ticks, and
 * nothing overlaps while it pushes. */
static void test_stuck(void)
{
    ct_fixture f;
    ls_crowd_config k;
    ls_grid *g = ct_open_grid(20, 9);
    ls_crowd_stats s;
    uint32_t i, t;
    ls_grid_set_rect(g, 8, 0, 12, 4, LS_CELL_BLOCKED);
    ls_grid_set_rect(g, 8, 5, 12, 4, LS_CELL_BLOCKED);
    ct_config(&k, 20, 9, 16);
    k.flags = LS_CROWD_AVOIDANCE;
    k.stuck_ticks = 10;
    ct_open(&f, g, &k);
    for (i = 0; i < 12; i++)
        add_body(&f, (int64_t)i + 10, 8 + (int32_t)i, 4, ONE / 5,
                 ONE * 45 / 100, 0);
    add_body(&f, 1, 2, 4, ONE / 5, ONE * 45 / 100, 0);
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, 1, 19, 4), LS_OK);
    for (t = 0; t < 300; t++)
        CU_ASSERT_FATAL(tick_clean(&f));
    ls_crowd_stats_get(f.crowd, &s);
    CU_ASSERT(s.stuck >= 5);
    CU_ASSERT(ct_agent(&f, 1).state != LS_CROWD_ARRIVED);
    ct_close(&f);
}

/* ls_crowd_check_overlaps itself, then discs that start overlapping part
 * without ever coming closer. */
static void test_overlaps(void)
{
    ct_fixture f;
    ls_crowd_config k;
    ls_crowd_overlaps o;
    ls_grid *g = ct_open_grid(12, 12);
    ls_grid *other = ct_open_grid(11, 12);
    int64_t last = 0;
    uint32_t t;
    ls_grid_set(g, 9, 5, LS_CELL_BLOCKED);
    ct_config(&k, 12, 12, 8);
    ct_open(&f, g, &k);
    CU_ASSERT_EQUAL(ls_crowd_check_overlaps(NULL, g, &o), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_check_overlaps(f.crowd, NULL, &o),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_check_overlaps(f.crowd, g, NULL),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_crowd_check_overlaps(f.crowd, other, &o),
                    LS_ERR_GRID_MISMATCH);
    ls_grid_destroy(other);
    add_body(&f, 5, 3, 3, ONE / 5, 0, 0);
    add_body(&f, 4, 3, 3, ONE / 5, 0, 0);
    CU_ASSERT_EQUAL(ls_crowd_check_overlaps(f.crowd, g, &o), LS_OK);
    CU_ASSERT_EQUAL(o.pairs, 0u); /* points overlap nothing */
    CU_ASSERT_EQUAL(ls_crowd_set_body(f.crowd, 5, ONE / 2, 0), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_check_overlaps(f.crowd, g, &o), LS_OK);
    CU_ASSERT_EQUAL(o.pairs, 1u); /* a point inside a disc */
    CU_ASSERT_EQUAL(o.pair_a, 4);
    CU_ASSERT_EQUAL(o.pair_b, 5);
    add_body(&f, 9, 8, 5, ONE / 5, ONE * 6 / 10, 0); /* beside 9,5 */
    add_body(&f, 10, 0, 0, ONE / 5, ONE / 2, 0);     /* touches edges */
    CU_ASSERT_EQUAL(ls_crowd_check_overlaps(f.crowd, g, &o), LS_OK);
    CU_ASSERT_EQUAL(o.walls, 1u);
    CU_ASSERT_EQUAL(o.wall_agent, 9);
    CU_ASSERT_EQUAL(o.wall_cell.x, 9);
    CU_ASSERT_EQUAL(o.wall_cell.y, 5);
    CU_ASSERT_EQUAL(ls_crowd_set_body(f.crowd, 10, ONE / 2 + 1, 0), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_check_overlaps(f.crowd, g, &o), LS_OK);
    CU_ASSERT_EQUAL(o.walls, 2u); /* now over the grid's edge */
    /* The pair, 9 on 9,5, 10 over cells -1,0 and 0,-1. */
    CU_ASSERT_EQUAL(overlaps_by_hand(f.crowd, g, ONE), 4u);
    CU_ASSERT_EQUAL(ls_crowd_set_body(f.crowd, 4, ONE / 2, 0), LS_OK);
    ct_set_avoidance(&f, 1);
    for (t = 0; t < 200; t++) {
        ls_crowd_agent a, b;
        int64_t dx, dy, d2;
        ct_tick(&f);
        a = ct_agent(&f, 4);
        b = ct_agent(&f, 5);
        dx = (int64_t)a.x - b.x;
        dy = (int64_t)a.y - b.y;
        d2 = dx * dx + dy * dy;
        CU_ASSERT(d2 >= last); /* never closer */
        last = d2;
        CU_ASSERT(ct_agent(&f, 9).x <= 8 * ONE + ONE / 2); /* not nearer */
    }
    CU_ASSERT(last >= (int64_t)ONE * ONE); /* parted */
    CU_ASSERT_EQUAL(ls_crowd_check_overlaps(f.crowd, g, &o), LS_OK);
    CU_ASSERT_EQUAL(o.pairs, 0u);
    ct_close(&f);
}

/* Avoidance switched off mid-walk: every moving agent on a route asks
 * again, and the digests drop the avoidance fields (the model checks). */
static void test_switch_off(void)
{
    ct_fixture f;
    ls_crowd_config k;
    ls_crowd_stats before, after;
    uint32_t t;
    ct_config(&k, 30, 10, 4);
    k.flags = LS_CROWD_AVOIDANCE;
    ct_open(&f, ct_open_grid(30, 10), &k);
    add_body(&f, 1, 2, 2, ONE / 5, ONE / 3, 0);
    add_body(&f, 2, 2, 6, ONE / 5, ONE / 3, 0);
    ls_crowd_order(f.crowd, 1, 27, 2);
    ls_crowd_order(f.crowd, 2, 27, 6);
    for (t = 0; t < 20; t++)
        CU_ASSERT_FATAL(tick_clean(&f));
    CU_ASSERT_EQUAL(count_state(&f, LS_CROWD_MOVING), 2u);
    CU_ASSERT(ct_agent(&f, 1).vx > 0);
    ls_crowd_stats_get(f.crowd, &before);
    ct_set_avoidance(&f, 0);
    ct_tick(&f);
    ls_crowd_stats_get(f.crowd, &after);
    CU_ASSERT_EQUAL(after.requests, before.requests + 2u);
    CU_ASSERT_EQUAL(ct_agent(&f, 1).vx, 0);
    for (t = 0; t < 200 && count_state(&f, LS_CROWD_ARRIVED) < 2; t++)
        ct_tick(&f);
    CU_ASSERT_EQUAL(count_state(&f, LS_CROWD_ARRIVED), 2u);
    ct_close(&f);
}

/* 150 agents ordered about an open map with walls and edits, avoidance
 * on, for 400 ticks on 1 and 3 workers: no tick allocates. */
static void no_allocation(uint32_t threads)
{
    tu_counter c;
    ls_allocator al = tu_counting_allocator(&c);
    ls_crowd_config k;
    ls_crowd *crowd = NULL;
    ls_grid *g = ct_open_grid(48, 48);
    ls_rng rng;
    tu_counter before;
    uint32_t i, t;
    memset(&c, 0, sizeof c);
    al = tu_counting_allocator(&c);
    ls_rng_seed(&rng, 22u + threads);
    ls_grid_set_rect(g, 20, 10, 3, 20, LS_CELL_BLOCKED);
    ct_config(&k, 48, 48, 200);
    k.flags = LS_CROWD_AVOIDANCE;
    k.threads = threads;
    CU_ASSERT_FATAL(ls_crowd_create(&k, &al, &crowd) == LS_OK);
    for (i = 0; i < 150; i++) {
        int32_t x = (int32_t)(i % 15) * 3 + 1, y = (int32_t)(i / 15) * 4 + 2;
        if (x >= 20 && x <= 22)
            x = 30;
        CU_ASSERT_FATAL(ls_crowd_add(crowd, i, x, y, ONE / 4) == LS_OK);
        CU_ASSERT_FATAL(ls_crowd_set_body(crowd, i, ONE * 2 / 5,
                                          (int32_t)(i % 5)) == LS_OK);
    }
    before = c;
    for (t = 0; t < 400; t++) {
        if (t % 40 == 0)
            for (i = 0; i < 150; i += 3)
                ls_crowd_order(crowd, i, (int32_t)ls_rng_below(&rng, 48),
                               (int32_t)ls_rng_below(&rng, 48));
        if (t % 50 == 25)
            ls_grid_set(g, (int32_t)ls_rng_below(&rng, 48),
                        (int32_t)ls_rng_below(&rng, 48), LS_CELL_BLOCKED);
        CU_ASSERT_FATAL(ls_crowd_tick(crowd, g) == LS_OK);
    }
    CU_ASSERT_EQUAL(c.allocs, before.allocs);
    CU_ASSERT_EQUAL(c.releases, before.releases);
    ls_crowd_destroy(crowd);
    CU_ASSERT(tu_counter_balanced(&c));
    ls_grid_destroy(g);
}

static void test_no_allocation(void)
{
    no_allocation(1);
    no_allocation(3);
}

int suite_crowd_avoid_register(void)
{
    CU_pSuite s = CU_add_suite("crowd avoid", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "set_body, set_avoidance: errors, classes",
                     test_setters) ||
        !CU_add_test(s, "avoidance settings: defaults and limits",
                     test_config) ||
        !CU_add_test(s, "head-on pair: passes on each one's right",
                     test_head_on) ||
        !CU_add_test(s, "priority 99 yields a quarter of priority 0 or less",
                     test_priority) ||
        !CU_add_test(s, "square swap: 3x straight time, 1/2/3 threads",
                     test_swap_threads) ||
        !CU_add_test(s, "door one cell wide: no disc touches the wall",
                     test_door) ||
        !CU_add_test(s, "sized routes take the wide gap or none",
                     test_sized_routes) ||
        !CU_add_test(s, "stuck in a packed dead end: asks again",
                     test_stuck) ||
        !CU_add_test(s, "overlap check; overlapping starts part",
                     test_overlaps) ||
        !CU_add_test(s, "avoidance off: moving agents ask again",
                     test_switch_off) ||
        !CU_add_test(s, "no allocation in a tick, 1 and 3 workers",
                     test_no_allocation))
        return -1;
    return 0;
}
