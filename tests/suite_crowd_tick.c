/* SPDX-License-Identifier: MIT */
/*
 * suite_crowd_tick.c - what one crowd tick does (include/lockstar_crowd.h,
 * "One tick"): every tick here is followed by a check of the tick, run
 * and agent digests against their definition, computed apart from the
 * library with the oracle's FNV-1a and map digest (tests/oracle/); an
 * agent arriving exactly on its goal centre after ceil(route length /
 * speed) ticks; a second order replacing the first and taking its place
 * in the serving order (budget 1, the exact tick each request finishes);
 * stop and remove cancelling requests; blocked and walled-off goals;
 * walls across a route making it re-plan and detour, edits elsewhere not;
 * the same bytes with 1, 2, 3 and 8 threads under budgets 0/1/7/1000 and
 * a tight route pool; a pool too small for a path (NO_ROOM, others
 * unaffected) and the same pool with LS_CROWD_GROW_PATHS.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suite_crowd.h"
#include "suites.h"
#include "test_util.h"

/* ---------------------------------------------------------- the model */

/* The agent digest's fields, from lockstar_crowd.h "Digests" (and, with
 * avoidance on, "Sizes and avoidance"). */
static uint64_t feed_agent(uint64_t h, const ls_crowd_agent *a, int avoiding)
{
    h = or_fnv64(h, (uint64_t)a->id);
    h = or_fnv32(h, (uint32_t)a->x);
    h = or_fnv32(h, (uint32_t)a->y);
    h = or_fnv_byte(h, (uint8_t)a->state);
    h = or_fnv32(h, a->waypoint);
    if (!avoiding)
        return h;
    h = or_fnv32(h, (uint32_t)a->vx);
    h = or_fnv32(h, (uint32_t)a->vy);
    h = or_fnv32(h, (uint32_t)a->radius);
    h = or_fnv_byte(h, (uint8_t)a->priority);
    return or_fnv32(h, a->stuck);
}

/* After a tick: the tick digest is the model's (the map digest, the
 * count, every agent's fields in ascending id order), the run digest
 * folds it into *run, every agent digest is the model's, and the
 * waypoint index is 0 unless MOVING or ARRIVED (and, MOVING, the index
 * of the waypoint it heads for). 1 when all holds. */
static int digests_hold(const ls_crowd *c, const ls_grid *g, uint64_t *run,
                        int avoiding)
{
    uint64_t h = OR_FNV_BASIS, got = 0, map = 0, d = 0;
    uint32_t count = 0, n;
    int ok = 1;
    ls_crowd_count(c, &count);
    ls_grid_digest(g, &map);
    ok &= map == or_grid_digest(g);
    h = or_fnv64(h, or_grid_digest(g));
    h = or_fnv32(h, count);
    for (n = 0; n < count; n++) {
        ls_crowd_agent a, prev;
        ls_point ways[512];
        uint32_t len = 0;
        ok &= ls_crowd_get_at(c, n, &a) == LS_OK;
        if (n > 0) {
            ls_crowd_get_at(c, n - 1, &prev);
            ok &= prev.id < a.id;
        }
        h = feed_agent(h, &a, avoiding);
        ok &= ls_crowd_agent_digest(c, a.id, &d) == LS_OK &&
              d == feed_agent(OR_FNV_BASIS, &a, avoiding);
        if (a.state == LS_CROWD_MOVING && !a.on_field) {
            ok &= ls_crowd_route(c, a.id, ways, 512, &len) == LS_OK;
            ok &= len == a.way_count && a.waypoint < len &&
                  ways[a.waypoint].x == a.heading.x &&
                  ways[a.waypoint].y == a.heading.y;
        } else if (a.state != LS_CROWD_ARRIVED && a.state != LS_CROWD_MOVING) {
            ok &= a.waypoint == 0 && a.way_count == 0;
        }
    }
    ok &= ls_crowd_tick_digest(c, &got) == LS_OK && got == h;
    *run = or_fnv64(*run, h);
    ok &= ls_crowd_run_digest(c, &got) == LS_OK && got == *run;
    return ok;
}


void ct_open(ct_fixture *f, ls_grid *g, const ls_crowd_config *k)
{
    memset(f, 0, sizeof *f);
    f->grid = g;
    f->run = OR_FNV_BASIS;
    f->digests_ok = 1;
    f->avoiding = f->avoid_next = (k->flags & LS_CROWD_AVOIDANCE) != 0;
    CU_ASSERT_FATAL(ls_crowd_create(k, NULL, &f->crowd) == LS_OK);
}

void ct_set_avoidance(ct_fixture *f, int on)
{
    CU_ASSERT_FATAL(ls_crowd_set_avoidance(f->crowd, on) == LS_OK);
    f->avoid_next = on;
}

void ct_close(ct_fixture *f)
{
    CU_ASSERT(f->digests_ok);
    ls_crowd_destroy(f->crowd);
    ls_grid_destroy(f->grid);
}

void ct_tick(ct_fixture *f)
{
    CU_ASSERT_FATAL(ls_crowd_tick(f->crowd, f->grid) == LS_OK);
    f->ticks++;
    f->avoiding = f->avoid_next;
    if (!digests_hold(f->crowd, f->grid, &f->run, f->avoiding)) {
        if (f->digests_ok)
            printf("\n  digests differ from the model at tick %u\n",
                   (unsigned)f->ticks);
        f->digests_ok = 0;
    }
}

ls_crowd_agent ct_agent(const ct_fixture *f, int64_t id)
{
    ls_crowd_agent a;
    memset(&a, 0, sizeof a);
    a.state = -1;
    CU_ASSERT(ls_crowd_get(f->crowd, id, &a) == LS_OK);
    return a;
}

void ct_config(ls_crowd_config *k, int32_t w, int32_t h, uint32_t cap)
{
    CU_ASSERT_FATAL(ls_crowd_config_init(k) == LS_OK);
    k->width = w;
    k->height = h;
    k->capacity = cap;
}

ls_grid *ct_open_grid(int32_t w, int32_t h)
{
    ls_grid *g = NULL;
    CU_ASSERT_FATAL(ls_grid_create(w, h, NULL, &g) == LS_OK);
    return g;
}

/* ls_find_path's expansions for the crowd's options from a to b. */
static uint32_t expansions(const ct_fixture *f, const ls_crowd_config *k,
                           int32_t ax, int32_t ay, int32_t bx, int32_t by)
{
    static ls_point path[4096];
    ls_search *s = NULL;
    ls_query q = k->options;
    ls_result r;
    int32_t w, h;
    ls_grid_size(f->grid, &w, &h);
    CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
    q.start_x = ax;
    q.start_y = ay;
    q.goal_x = bx;
    q.goal_y = by;
    CU_ASSERT_FATAL(ls_find_path(s, f->grid, &q, path, 4096, &r) == LS_OK);
    ls_search_destroy(s);
    return r.expansions;
}

/* The first tick (counting from 1) after which the agent is neither
 * WAITING nor IDLE, ticking at most limit times. */
static uint32_t tick_until_served(ct_fixture *f, int64_t id, uint32_t limit)
{
    uint32_t n;
    for (n = 1; n <= limit; n++) {
        int32_t st;
        ct_tick(f);
        st = ct_agent(f, id).state;
        if (st != LS_CROWD_WAITING && st != LS_CROWD_IDLE)
            return f->ticks;
    }
    return 0;
}

uint32_t ct_tick_until_arrived(ct_fixture *f, int64_t id, uint32_t limit)
{
    uint32_t n;
    for (n = 1; n <= limit; n++) {
        ct_tick(f);
        if (ct_agent(f, id).state == LS_CROWD_ARRIVED)
            return f->ticks;
    }
    return 0;
}

/* ------------------------------------------------------- semantics */

/* An agent ordered across a grid with walls, in frames with even and odd
 * cell sizes: it arrives exactly on the goal cell's centre in the tick
 * in which speed * ticks reaches its route's length, and stays. */
static void arrives_on_goal_centre(const ls_world *world, fix16_t speed)
{
    ct_fixture f;
    ls_crowd_config k;
    ls_crowd_agent a;
    ls_point ways[256];
    uint32_t len = 0, at, n;
    fix16_t cx, cy, length = 0;
    uint64_t d0 = 0, d1 = 0;

    ct_config(&k, 24, 16, 4);
    k.world = *world;
    ct_open(&f, ct_open_grid(24, 16), &k);
    ls_grid_set_rect(f.grid, 8, 0, 2, 12, LS_CELL_BLOCKED);
    ls_grid_set_rect(f.grid, 15, 5, 2, 11, LS_CELL_BLOCKED);
    ls_grid_set_rect(f.grid, 11, 12, 3, 3, 4);
    CU_ASSERT_EQUAL(ls_crowd_add(f.crowd, 7, 1, 2, speed), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, 7, 22, 13), LS_OK);
    ct_tick(&f);
    a = ct_agent(&f, 7);
    CU_ASSERT_EQUAL_FATAL(a.state, LS_CROWD_MOVING);
    CU_ASSERT_EQUAL(ls_crowd_route(f.crowd, 7, ways, 256, &len), LS_OK);
    CU_ASSERT(len >= 3);
    CU_ASSERT_EQUAL(ways[0].x, 1);
    CU_ASSERT_EQUAL(ways[0].y, 2);
    CU_ASSERT_EQUAL(ways[len - 1].x, 22);
    CU_ASSERT_EQUAL(ways[len - 1].y, 13);
    CU_ASSERT_EQUAL(ls_world_path_length(world, ways, len, &length), LS_OK);
    at = ct_tick_until_arrived(&f, 7, 10000);
    CU_ASSERT_EQUAL(at, (uint32_t)(((int64_t)length + speed - 1) / speed));
    a = ct_agent(&f, 7);
    CU_ASSERT_EQUAL(ls_world_cell_center(world, 22, 13, &cx, &cy), LS_OK);
    CU_ASSERT_EQUAL(a.x, cx);
    CU_ASSERT_EQUAL(a.y, cy);
    CU_ASSERT_EQUAL(a.cell.x, 22);
    CU_ASSERT_EQUAL(a.cell.y, 13);
    CU_ASSERT_EQUAL(a.waypoint, len - 1);
    ls_crowd_agent_digest(f.crowd, 7, &d0);
    for (n = 0; n < 10; n++)
        ct_tick(&f);
    a = ct_agent(&f, 7);
    CU_ASSERT_EQUAL(a.state, LS_CROWD_ARRIVED);
    CU_ASSERT_EQUAL(a.x, cx);
    CU_ASSERT_EQUAL(a.y, cy);
    ls_crowd_agent_digest(f.crowd, 7, &d1);
    CU_ASSERT(d0 == d1);
    ct_close(&f);
}

static void test_arrives_on_goal_centre(void)
{
    ls_world w = { 0, 0, ONE };
    arrives_on_goal_centre(&w, ONE / 3);
    w.origin_x = -147456; /* -2.25 */
    w.origin_y = 7 * ONE;
    w.cell_size = 49152; /* 0.75 */
    arrives_on_goal_centre(&w, 40000);
    w.cell_size = 3 * ONE + 1; /* odd: centres half a raw unit low */
    arrives_on_goal_centre(&w, ONE + ONE / 2);
}

/* Budget 1: each request finishes in the tick in which the expansions
 * given to it reach ls_find_path's count. A, B, C ordered in that order,
 * then A again (elsewhere): A's second order replaces its first and takes
 * its place after C, so B, C, A finish at E_B, E_B + E_C and
 * E_B + E_C + E_A. */
static void test_second_order_replaces_first(void)
{
    ct_fixture f;
    ls_crowd_config k;
    uint32_t eb, ec, ea, tb, tc, ta;
    ls_crowd_stats stats;

    ct_config(&k, 30, 30, 4);
    k.budget = 1;
    ct_open(&f, ct_open_grid(30, 30), &k);
    ls_grid_set_rect(f.grid, 5, 5, 20, 1, LS_CELL_BLOCKED);
    ls_grid_set_rect(f.grid, 12, 10, 1, 15, LS_CELL_BLOCKED);
    CU_ASSERT_EQUAL(ls_crowd_add(f.crowd, 10, 1, 1, ONE), LS_OK);  /* A */
    CU_ASSERT_EQUAL(ls_crowd_add(f.crowd, 20, 1, 28, ONE), LS_OK); /* B */
    CU_ASSERT_EQUAL(ls_crowd_add(f.crowd, 30, 15, 15, ONE), LS_OK); /* C */
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, 10, 28, 28), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, 20, 28, 1), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, 30, 2, 12), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, 10, 20, 9), LS_OK);
    eb = expansions(&f, &k, 1, 28, 28, 1);
    ec = expansions(&f, &k, 15, 15, 2, 12);
    ea = expansions(&f, &k, 1, 1, 20, 9);
    CU_ASSERT_FATAL(ea > 1 && eb > 1 && ec > 1);
    tb = tick_until_served(&f, 20, 5000);
    CU_ASSERT_EQUAL(tb, eb);
    CU_ASSERT_EQUAL(ct_agent(&f, 10).state, LS_CROWD_WAITING);
    tc = tick_until_served(&f, 30, 5000);
    CU_ASSERT_EQUAL(tc, eb + ec);
    CU_ASSERT_EQUAL(ct_agent(&f, 10).state, LS_CROWD_WAITING);
    ta = tick_until_served(&f, 10, 5000);
    CU_ASSERT_EQUAL(ta, eb + ec + ea);
    CU_ASSERT_EQUAL(ct_agent(&f, 10).state, LS_CROWD_MOVING);
    CU_ASSERT_EQUAL(ct_agent(&f, 10).goal.x, 20);
    CU_ASSERT_EQUAL(ct_agent(&f, 10).goal.y, 9);
    ls_crowd_stats_get(f.crowd, &stats);
    CU_ASSERT_EQUAL(stats.requests, 3);
    CU_ASSERT_EQUAL(stats.expansions, (uint64_t)ea + eb + ec);
    CU_ASSERT(ct_tick_until_arrived(&f, 10, 500) > 0);
    CU_ASSERT_EQUAL(ct_agent(&f, 10).cell.x, 20);
    CU_ASSERT_EQUAL(ct_agent(&f, 10).cell.y, 9);
    ct_close(&f);
}

/* Stop: IDLE where it stands, its request cancelled. An order and a stop
 * before one tick: only the last counts. */
static void test_stop_cancels(void)
{
    ct_fixture f;
    ls_crowd_config k;
    ls_crowd_agent a, b;
    ls_crowd_stats s0, s1;
    uint32_t n;

    ct_config(&k, 40, 40, 4);
    k.budget = 3;
    ct_open(&f, ct_open_grid(40, 40), &k);
    ls_grid_set_rect(f.grid, 20, 0, 1, 39, LS_CELL_BLOCKED);
    CU_ASSERT_EQUAL(ls_crowd_add(f.crowd, 1, 0, 0, ONE / 2), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_add(f.crowd, 2, 3, 3, ONE / 2), LS_OK);
    /* Moving agent 1 stopped: no move in the stop's tick, then none. */
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, 1, 10, 0), LS_OK);
    CU_ASSERT(tick_until_served(&f, 1, 100) > 0);
    for (n = 0; n < 3; n++)
        ct_tick(&f);
    a = ct_agent(&f, 1);
    CU_ASSERT_EQUAL(a.state, LS_CROWD_MOVING);
    CU_ASSERT_EQUAL(ls_crowd_stop(f.crowd, 1), LS_OK);
    for (n = 0; n < 6; n++) {
        ct_tick(&f);
        b = ct_agent(&f, 1);
        CU_ASSERT_EQUAL(b.state, LS_CROWD_IDLE);
        CU_ASSERT_EQUAL(b.x, a.x);
        CU_ASSERT_EQUAL(b.y, a.y);
        CU_ASSERT_EQUAL(b.waypoint, 0);
        CU_ASSERT_EQUAL(b.way_count, 0);
    }
    /* Waiting agent 2 (a long search at budget 3) stopped: its request is
     * given nothing more. */
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, 2, 39, 39), LS_OK);
    ct_tick(&f);
    ct_tick(&f);
    CU_ASSERT_EQUAL(ct_agent(&f, 2).state, LS_CROWD_WAITING);
    CU_ASSERT_EQUAL(ls_crowd_stop(f.crowd, 2), LS_OK);
    ct_tick(&f);
    ls_crowd_stats_get(f.crowd, &s0);
    for (n = 0; n < 50; n++)
        ct_tick(&f);
    ls_crowd_stats_get(f.crowd, &s1);
    CU_ASSERT_EQUAL(ct_agent(&f, 2).state, LS_CROWD_IDLE);
    CU_ASSERT_EQUAL(ct_agent(&f, 2).cell.x, 3);
    CU_ASSERT_EQUAL(s1.expansions, s0.expansions);
    CU_ASSERT_EQUAL(s1.requests, s0.requests);
    /* Order then stop before a tick: the stop only, no request. */
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, 2, 5, 5), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_stop(f.crowd, 2), LS_OK);
    ct_tick(&f);
    ls_crowd_stats_get(f.crowd, &s0);
    CU_ASSERT_EQUAL(s0.requests, s1.requests);
    CU_ASSERT_EQUAL(ct_agent(&f, 2).state, LS_CROWD_IDLE);
    /* Stop then order: the order. */
    CU_ASSERT_EQUAL(ls_crowd_stop(f.crowd, 2), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, 2, 5, 5), LS_OK);
    CU_ASSERT(ct_tick_until_arrived(&f, 2, 500) > 0);
    CU_ASSERT_EQUAL(ct_agent(&f, 2).cell.x, 5);
    ct_close(&f);
}

/* Remove drops the agent's request (the others are served as if it had
 * never been given the budget it did not use) and its pending order: an
 * agent added again under its id is IDLE. */
static void test_remove_drops_request_and_order(void)
{
    ct_fixture f;
    ls_crowd_config k;
    ls_crowd_stats s;
    uint32_t ea, eb, n;

    ct_config(&k, 30, 30, 4);
    k.budget = 1;
    ct_open(&f, ct_open_grid(30, 30), &k);
    ls_grid_set_rect(f.grid, 3, 10, 24, 1, LS_CELL_BLOCKED);
    CU_ASSERT_EQUAL(ls_crowd_add(f.crowd, -1, 2, 2, ONE), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_add(f.crowd, -2, 27, 2, ONE), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_add(f.crowd, -3, 15, 2, ONE), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, -1, 15, 20), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, -2, 15, 25), LS_OK);
    ea = expansions(&f, &k, 2, 2, 15, 20);
    eb = expansions(&f, &k, 27, 2, 15, 25);
    CU_ASSERT_FATAL(ea > 3 && eb > 1);
    ct_tick(&f);
    ct_tick(&f);
    /* -1 had 2 of its ea expansions; removed, -2 starts at tick 3. */
    CU_ASSERT_EQUAL(ls_crowd_remove(f.crowd, -1), LS_OK);
    CU_ASSERT_EQUAL(tick_until_served(&f, -2, 5000), 2 + eb);
    ls_crowd_stats_get(f.crowd, &s);
    CU_ASSERT_EQUAL(s.expansions, 2u + eb);
    /* An order pending when its agent is removed dies with it. */
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, -3, 15, 28), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_remove(f.crowd, -3), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_add(f.crowd, -3, 15, 2, ONE), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_add(f.crowd, -1, 2, 2, ONE), LS_OK);
    for (n = 0; n < 5; n++)
        ct_tick(&f);
    CU_ASSERT_EQUAL(ct_agent(&f, -3).state, LS_CROWD_IDLE);
    CU_ASSERT_EQUAL(ct_agent(&f, -1).state, LS_CROWD_IDLE);
    ls_crowd_stats_get(f.crowd, &s);
    CU_ASSERT_EQUAL(s.requests, 2);
    ct_close(&f);
}

/* Goals that cannot be reached: blocked, walled in, beyond the options'
 * expansion limit, or a start on a blocked cell. The agent stays where it
 * is until ordered again. */
static void test_unreachable(void)
{
    ct_fixture f;
    ls_crowd_config k;
    ls_crowd_agent a0, a;
    uint32_t n;

    ct_config(&k, 20, 20, 8);
    ct_open(&f, ct_open_grid(20, 20), &k);
    ls_grid_set(f.grid, 5, 5, LS_CELL_BLOCKED);
    ls_grid_set_rect(f.grid, 14, 14, 5, 5, LS_CELL_BLOCKED);
    ls_grid_set_rect(f.grid, 15, 15, 3, 3, 1); /* a walled-in room */
    CU_ASSERT_EQUAL(ls_crowd_add(f.crowd, 1, 1, 1, ONE), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_add(f.crowd, 2, 2, 1, ONE), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_add(f.crowd, 3, 5, 5, ONE), LS_OK); /* blocked */
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, 1, 5, 5), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, 2, 16, 16), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, 3, 8, 8), LS_OK);
    a0 = ct_agent(&f, 1);
    for (n = 0; n < 5; n++) {
        ct_tick(&f);
        a = ct_agent(&f, 1);
        CU_ASSERT_EQUAL(a.state, LS_CROWD_UNREACHABLE);
        CU_ASSERT_EQUAL(a.x, a0.x);
        CU_ASSERT_EQUAL(a.y, a0.y);
        CU_ASSERT_EQUAL(a.goal.x, 5);
        CU_ASSERT_EQUAL(ct_agent(&f, 2).state, LS_CROWD_UNREACHABLE);
        CU_ASSERT_EQUAL(ct_agent(&f, 2).cell.x, 2);
        CU_ASSERT_EQUAL(ct_agent(&f, 3).state, LS_CROWD_UNREACHABLE);
    }
    /* Ordered again to a reachable cell: it goes. */
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, 1, 6, 6), LS_OK);
    CU_ASSERT(ct_tick_until_arrived(&f, 1, 100) > 0);
    CU_ASSERT_EQUAL(ct_agent(&f, 1).cell.x, 6);
    ls_crowd_destroy(f.crowd);
    /* The options' expansion limit refuses far goals. */
    ct_config(&k, 20, 20, 8);
    k.options.max_expansions = 5;
    CU_ASSERT_FATAL(ls_crowd_create(&k, NULL, &f.crowd) == LS_OK);
    f.run = OR_FNV_BASIS;
    CU_ASSERT_EQUAL(ls_crowd_add(f.crowd, 1, 0, 0, ONE), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, 1, 12, 0), LS_OK);
    ct_tick(&f);
    CU_ASSERT_EQUAL(ct_agent(&f, 1).state, LS_CROWD_UNREACHABLE);
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, 1, 2, 0), LS_OK);
    ct_tick(&f);
    CU_ASSERT_EQUAL(ct_agent(&f, 1).state, LS_CROWD_MOVING);
    ct_close(&f);
}

/* A wall built across a moving agent's route makes it re-plan from where
 * it stands and arrive by the detour; a terrain change on its path too
 * (the rest's cost changed); edits away from its route (a far cell
 * blocked, a far wall opened) change nothing it does. */
static void test_edits_and_replans(void)
{
    ct_fixture f, twin;
    ls_crowd_config k;
    ls_crowd_stats s;
    ls_crowd_agent a, b;
    uint32_t n, at;
    uint8_t cost;

    ct_config(&k, 30, 20, 4);
    ct_open(&f, ct_open_grid(30, 20), &k);
    ct_open(&twin, ct_open_grid(30, 20), &k);
    ls_grid_set(f.grid, 0, 19, LS_CELL_BLOCKED);
    ls_grid_set(twin.grid, 0, 19, LS_CELL_BLOCKED);
    CU_ASSERT_EQUAL(ls_crowd_add(f.crowd, 5, 2, 5, ONE / 2), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, 5, 27, 5), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_add(twin.crowd, 5, 2, 5, ONE / 2), LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_order(twin.crowd, 5, 27, 5), LS_OK);
    for (n = 0; n < 4; n++) {
        ct_tick(&f);
        ct_tick(&twin);
    }
    /* Far edits: a cell blocked, a blocked cell opened, a rectangle. */
    ls_grid_set(f.grid, 29, 19, LS_CELL_BLOCKED);
    ls_grid_set(f.grid, 0, 19, 1);
    ls_grid_set_rect(f.grid, 10, 15, 5, 3, 7);
    for (n = 0; n < 6; n++) {
        uint64_t da = 0, db = 0;
        ct_tick(&f);
        ct_tick(&twin);
        ls_crowd_agent_digest(f.crowd, 5, &da);
        ls_crowd_agent_digest(twin.crowd, 5, &db);
        CU_ASSERT(da == db);
    }
    ls_crowd_stats_get(f.crowd, &s);
    CU_ASSERT_EQUAL(s.replans, 0);
    CU_ASSERT_EQUAL(s.requests, 1);
    /* A wall across its route (x = 15, y 0..16). */
    a = ct_agent(&f, 5);
    CU_ASSERT_EQUAL_FATAL(a.state, LS_CROWD_MOVING);
    CU_ASSERT(a.cell.x < 15);
    ls_grid_set_rect(f.grid, 15, 0, 1, 17, LS_CELL_BLOCKED);
    ls_grid_set_rect(twin.grid, 15, 0, 1, 17, LS_CELL_BLOCKED);
    ct_tick(&f);
    ls_crowd_stats_get(f.crowd, &s);
    CU_ASSERT_EQUAL(s.replans, 1);
    CU_ASSERT_EQUAL(s.requests, 2);
    b = ct_agent(&f, 5);
    CU_ASSERT_EQUAL(b.state, LS_CROWD_MOVING); /* budget 0: at once */
    CU_ASSERT(b.heading.y > 5 || b.heading.x < 15);
    for (n = 0, at = 0; n < 400 && !at; n++) {
        ct_tick(&f);
        b = ct_agent(&f, 5);
        ls_grid_get(f.grid, b.cell.x, b.cell.y, &cost);
        CU_ASSERT(cost != LS_CELL_BLOCKED);
        at = b.state == LS_CROWD_ARRIVED;
    }
    CU_ASSERT(at);
    CU_ASSERT_EQUAL(b.cell.x, 27);
    CU_ASSERT_EQUAL(b.cell.y, 5);
    /* The detour is longer than the 25 cells at 0.5 a tick. */
    CU_ASSERT(f.ticks > 50 + 4);
    ls_crowd_stats_get(f.crowd, &s);
    CU_ASSERT_EQUAL(s.replans, 1);
    /* The twin, its wall built with the same timing, agrees; then terrain
     * raised on the cells ahead of it breaks the rest's cost. */
    ct_tick(&twin);
    CU_ASSERT(ls_crowd_stats_get(twin.crowd, &s) == LS_OK && s.replans == 1);
    a = ct_agent(&twin, 5);
    CU_ASSERT_EQUAL_FATAL(a.state, LS_CROWD_MOVING);
    {
        ls_point ways[64];
        uint32_t len = 0;
        ls_crowd_route(twin.crowd, 5, ways, 64, &len);
        CU_ASSERT_FATAL(len >= 2);
        ls_grid_set(twin.grid, ways[len - 1].x, ways[len - 1].y, 3);
    }
    ct_tick(&twin);
    ls_crowd_stats_get(twin.crowd, &s);
    CU_ASSERT_EQUAL(s.replans, 2);
    CU_ASSERT(ct_tick_until_arrived(&twin, 5, 400) > 0);
    ct_close(&f);
    ct_close(&twin);
}

/* ------------------------------------------- thread-count independence */

enum { SC_AGENTS = 60, SC_TICKS = 1200 };

/* A random scenario on a 40 x 40 grid with walls and terrain, driven by
 * the seed: orders, stops, speeds,
 * removals and adds, cell and rectangle edits, and edits where a moving
 * agent heads (what the crowd does is the same with any thread count, or
 * the digests already differ). The tick digest of every tick in
 * digests[]; the model checked after every tick. */
static void scenario(uint64_t seed, uint32_t budget, uint32_t threads,
                     uint32_t path_points, uint32_t flags,
                     uint64_t *digests, ls_crowd_stats *stats,
                     uint32_t *states)
{
    /* Small budgets get fewer orders and edits (an edit restarts the
     * running request) and more ticks, so requests finish. */
    const int busy = budget == 0 || budget >= 1000;
    const uint32_t ticks = busy ? SC_TICKS / 3 : SC_TICKS;
    const uint32_t first = budget == 1 ? 8 : SC_AGENTS;
    const uint32_t per = busy ? 0 : budget == 1 ? 60 : 6;
    const uint32_t edits = busy ? 8 : budget == 1 ? 150 : 30;
    ct_fixture f;
    ls_crowd_config k;
    ls_rng rng;
    int64_t ids[SC_AGENTS], next = 1;
    uint32_t t, i;
    ls_rng_seed(&rng, seed);
    ct_config(&k, 40, 40, SC_AGENTS);
    k.budget = budget;
    k.threads = threads;
    k.path_points = path_points;
    k.flags = flags;
    k.options.corner_rule = (int32_t)(seed % 3);
    ct_open(&f, tu_random_grid(&rng, 40, 40, 20, 25, 5), &k);
    for (i = 0; i < SC_AGENTS; i++) {
        ids[i] = ((int64_t)ls_rng_below(&rng, 2000000) - 1000000) * 4096 +
                 (int64_t)i;
        CU_ASSERT_FATAL(ls_crowd_add(f.crowd, ids[i],
                                     (int32_t)ls_rng_below(&rng, 40),
                                     (int32_t)ls_rng_below(&rng, 40),
                                     (fix16_t)(ONE / 5 +
                                               ls_rng_below(&rng, ONE))) ==
                        LS_OK);
    }
    for (t = 0; t < SC_TICKS; t++)
        digests[t] = 0;
    for (t = 0; t < ticks; t++) {
        const uint32_t orders = t == 0      ? first
                                : per == 0 ? ls_rng_below(&rng, 4)
                                           : ls_rng_below(&rng, per) == 0;
        for (i = 0; i < orders; i++) {
            const uint32_t who = t == 0 ? i : ls_rng_below(&rng, SC_AGENTS);
            const uint32_t r = ls_rng_below(&rng, 100);
            const int32_t x = (int32_t)ls_rng_below(&rng, 40);
            const int32_t y = (int32_t)ls_rng_below(&rng, 40);
            if (r < 80) {
                CU_ASSERT(ls_crowd_order(f.crowd, ids[who], x, y) == LS_OK);
            } else if (r < 88) {
                CU_ASSERT(ls_crowd_stop(f.crowd, ids[who]) == LS_OK);
            } else if (r < 94) {
                CU_ASSERT(ls_crowd_set_speed(f.crowd, ids[who],
                                             (fix16_t)(ONE / 4 + x * 999)) ==
                          LS_OK);
            } else {
                CU_ASSERT(ls_crowd_remove(f.crowd, ids[who]) == LS_OK);
                ids[who] = INT64_MAX - next++;
                CU_ASSERT(ls_crowd_add(f.crowd, ids[who], x, y, ONE / 2) ==
                          LS_OK);
                CU_ASSERT(ls_crowd_order(f.crowd, ids[who], y, x) == LS_OK);
            }
        }
        if (ls_rng_below(&rng, edits) == 0)
            ls_grid_set(f.grid, (int32_t)ls_rng_below(&rng, 40),
                        (int32_t)ls_rng_below(&rng, 40),
                        (uint8_t)ls_rng_below(&rng, 6));
        if (ls_rng_below(&rng, edits) == 0) {
            /* Something on a route: where an agent heads (if moving). */
            const ls_crowd_agent a =
                ct_agent(&f, ids[ls_rng_below(&rng, SC_AGENTS)]);
            if (a.state == LS_CROWD_MOVING && a.heading.x < 39 &&
                a.heading.y < 39)
                ls_grid_set_rect(f.grid, a.heading.x, a.heading.y, 2, 1,
                                 (uint8_t)(ls_rng_below(&rng, 2) * 3));
        }
        if (ls_rng_below(&rng, 5 * edits) == 0)
            ls_grid_set_rect(f.grid, (int32_t)ls_rng_below(&rng, 36),
                             (int32_t)ls_rng_below(&rng, 36), 4, 3,
                             (uint8_t)ls_rng_below(&rng, 2));
        ct_tick(&f);
        ls_crowd_tick_digest(f.crowd, &digests[t]);
        for (i = 0; i < SC_AGENTS; i++)
            states[ct_agent(&f, ids[i]).state & 7]++;
    }
    ls_crowd_stats_get(f.crowd, stats);
    ct_close(&f);
}

/* The same scenario with 1, 2, 3 and 8 threads: the same tick digests,
 * states, counters and pool (not searches: how many run ahead may
 * differ).
 * Returns how often an agent was NO_ROOM with 1 thread. */
static uint32_t same_with_any_thread_count(uint64_t seed, uint32_t budget,
                                           uint32_t path_points,
                                           uint32_t flags)
{
    static const uint32_t threads[] = { 2, 3, 8 };
    static uint64_t one[SC_TICKS], many[SC_TICKS];
    /* With randomised trials cut (tu_trials: under an emulator or
     * memcheck) each call compares 1 thread with one other count, 2, 3
     * and 8 in turn, so the seven callers still cover all three; natively
     * every call compares all three. Most of this suite's time under qemu
     * (16 s of arm's) and memcheck (97 s) was these runs. */
    static uint32_t turn;
    const int all = tu_trials_percent(NULL) >= 100;
    const uint32_t from = all ? 0 : turn++ % 3, to = all ? 3 : from + 1;
    uint32_t st1[8] = { 0 }, i, t;
    ls_crowd_stats s1, sn;
    scenario(seed, budget, 1, path_points, flags, one, &s1, st1);
    /* The scenario reaches every state a request can end in. */
    CU_ASSERT(st1[LS_CROWD_MOVING] > 0);
    CU_ASSERT(st1[LS_CROWD_ARRIVED] > 0);
    CU_ASSERT(st1[LS_CROWD_UNREACHABLE] > 0);
    CU_ASSERT(st1[LS_CROWD_IDLE] > 0);
    CU_ASSERT(budget == 0 || st1[LS_CROWD_WAITING] > 0);
    CU_ASSERT(budget == 1 || path_points < 1000 || s1.replans > 0);
    if (getenv("CROWD_DEBUG"))
        printf("\n  seed %u: idle %u waiting %u moving %u arrived %u "
               "unreachable %u no-room %u; requests %u replans %u\n",
               (unsigned)seed, st1[0], st1[1], st1[2], st1[3], st1[4], st1[5],
               (unsigned)s1.requests, (unsigned)s1.replans);
    for (i = from; i < to; i++) {
        uint32_t stn[8] = { 0 };
        scenario(seed, budget, threads[i], path_points, flags, many, &sn,
                 stn);
        for (t = 0; t < SC_TICKS && many[t] == one[t]; t++)
            ;
        if (t < SC_TICKS)
            printf("\n  seed %llu budget %u pool %u flags %u: %u threads "
                   "differ from 1 from tick %u on\n",
                   (unsigned long long)seed, (unsigned)budget,
                   (unsigned)path_points, (unsigned)flags,
                   (unsigned)threads[i], (unsigned)t + 1);
        CU_ASSERT_EQUAL(t, SC_TICKS);
        CU_ASSERT(memcmp(st1, stn, sizeof st1) == 0);
        CU_ASSERT_EQUAL(sn.requests, s1.requests);
        CU_ASSERT_EQUAL(sn.replans, s1.replans);
        CU_ASSERT_EQUAL(sn.expansions, s1.expansions);
        CU_ASSERT_EQUAL(sn.pool_used, s1.pool_used);
        CU_ASSERT_EQUAL(sn.pool_points, s1.pool_points);
    }
    return st1[LS_CROWD_NO_ROOM];
}

static void test_threads_budget_0(void)
{
    CU_ASSERT_EQUAL(same_with_any_thread_count(11, 0, 65536, 0), 0);
}

static void test_threads_budget_1(void)
{
    CU_ASSERT_EQUAL(same_with_any_thread_count(12, 1, 65536, 0), 0);
}

static void test_threads_budget_7(void)
{
    CU_ASSERT_EQUAL(same_with_any_thread_count(13, 7, 65536, 0), 0);
}

static void test_threads_budget_1000(void)
{
    CU_ASSERT_EQUAL(same_with_any_thread_count(14, 1000, 65536, 0), 0);
}

/* A route pool that holds a few routes only: which agents get NO_ROOM
 * must not depend on how many requests the workers searched ahead. */
static void test_threads_tight_pool(void)
{
    CU_ASSERT(same_with_any_thread_count(15, 7, 120, 0) > 0);
    CU_ASSERT(same_with_any_thread_count(16, 50, 250, 0) > 0);
}

/* Points of routes held: "how many are run ahead depends on the thread
 * count, nothing else does" (stats.searches), so pool_used too must be
 * the same with any thread count. */
static void test_threads_same_pool_use(void)
{
    static uint64_t digests[SC_TICKS];
    uint32_t st[8] = { 0 }, n;
    ls_crowd_stats s1, s8;
    for (n = 0; n < 2; n++) {
        scenario(13 + n, 7, 1, 65536, 0, digests, &s1, st);
        scenario(13 + n, 7, 8, 65536, 0, digests, &s8, st);
        if (s1.pool_used != s8.pool_used)
            printf("\n  seed %u budget 7: pool_used %u with 1 thread, %u "
                   "with 8\n", (unsigned)(13 + n), (unsigned)s1.pool_used,
                   (unsigned)s8.pool_used);
        CU_ASSERT_EQUAL(s1.pool_used, s8.pool_used);
    }
}

static void test_threads_growing_pool(void)
{
    CU_ASSERT_EQUAL(same_with_any_thread_count(17, 7, 0, LS_CROWD_GROW_PATHS),
                    0);
}

int suite_crowd_tick_register(void)
{
    CU_pSuite s = CU_add_suite("crowd tick", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "arrives on the goal centre, in frames",
                     test_arrives_on_goal_centre) ||
        !CU_add_test(s, "a second order replaces the first, in its place",
                     test_second_order_replaces_first) ||
        !CU_add_test(s, "stop cancels", test_stop_cancels) ||
        !CU_add_test(s, "remove drops request and order",
                     test_remove_drops_request_and_order) ||
        !CU_add_test(s, "unreachable goals", test_unreachable) ||
        !CU_add_test(s, "edits across a route re-plan, others not",
                     test_edits_and_replans) ||
        !CU_add_test(s, "1/2/3/8 threads agree, budget 0",
                     test_threads_budget_0) ||
        !CU_add_test(s, "1/2/3/8 threads agree, budget 1",
                     test_threads_budget_1) ||
        !CU_add_test(s, "1/2/3/8 threads agree, budget 7",
                     test_threads_budget_7) ||
        !CU_add_test(s, "1/2/3/8 threads agree, budget 1000",
                     test_threads_budget_1000) ||
        !CU_add_test(s, "1/2/3/8 threads agree, tight route pool",
                     test_threads_tight_pool) ||
        !CU_add_test(s, "1/2/3/8 threads agree, growing route pool",
                     test_threads_growing_pool) ||
        !CU_add_test(s, "1/2/3/8 threads: the same pool use",
                     test_threads_same_pool_use))
        return -1;
    return 0;
}
