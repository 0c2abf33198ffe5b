/* SPDX-License-Identifier: MIT */
/*
 * suite_crowd_route.c - the crowd's route pool and ls_check_route
 * (include/lockstar_crowd.h): a pool too small for a path (NO_ROOM for
 * that agent only, the same with 1, 2, 3 and 8 threads; grown with
 * LS_CROWD_GROW_PATHS); who gets room when more threads search paths
 * ahead; a path longer than the workers' buffers; step 1's planned cost
 * after an edit that holds; ls_check_route on hand-made routes (holds
 * with the planned cost; a blocked path cell, a changed cost; a cell that
 * only a smoothed segment crosses, blocked or made dearer, breaking that
 * segment while the cell path stays legal and as cheap), every refused
 * route and argument, and thousands of random routes and edits against a
 * model built from the oracle's path check and touched cells
 * (tests/oracle/).
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

/* ------------------------------------------------------ the route pool */

/* A pool of 20 points on an open 30 x 3 grid: X's path of 26 points does
 * not fit (NO_ROOM, where it stands, until ordered again), Y's and Z's
 * (6 and 4 points, then 10 and 8 with their waypoints) do and are walked
 * exactly as with a large pool; once they arrived, X fits a 13-point
 * path. With LS_CROWD_GROW_PATHS the pool grows and X goes. The same
 * with 1, 2, 3 and 8 threads. */
static void tiny_pool(uint32_t threads, uint32_t flags, uint64_t *out)
{
    ct_fixture f, big;
    ls_crowd_config k;
    ls_crowd_stats s;
    ls_crowd_agent x;
    tu_counter c;
    ls_allocator al = tu_counting_allocator(&c);
    uint64_t allocs;
    uint32_t n;
    int64_t id;

    ct_config(&k, 30, 3, 4);
    k.threads = threads;
    ct_open(&big, ct_open_grid(30, 3), &k);
    k.path_points = 20;
    k.flags = flags;
    memset(&f, 0, sizeof f);
    f.grid = ct_open_grid(30, 3);
    f.run = OR_FNV_BASIS;
    f.digests_ok = 1;
    CU_ASSERT_FATAL(ls_crowd_create(&k, &al, &f.crowd) == LS_OK);
    allocs = c.allocs;
    for (id = 1; id <= 3; id++) {
        static const int32_t from[3][2] = { { 0, 1 }, { 0, 0 }, { 29, 2 } };
        static const int32_t to[3][2] = { { 25, 1 }, { 5, 0 }, { 26, 2 } };
        const int32_t *p = from[id - 1], *q = to[id - 1];
        CU_ASSERT(ls_crowd_add(f.crowd, id, p[0], p[1], ONE / 2) == LS_OK);
        CU_ASSERT(ls_crowd_order(f.crowd, id, q[0], q[1]) == LS_OK);
        CU_ASSERT(ls_crowd_add(big.crowd, id, p[0], p[1], ONE / 2) == LS_OK);
        CU_ASSERT(ls_crowd_order(big.crowd, id, q[0], q[1]) == LS_OK);
    }
    for (n = 0; n < 30; n++) {
        uint64_t a = 0, b = 0;
        ct_tick(&f);
        ct_tick(&big);
        out[n] = 0;
        ls_crowd_tick_digest(f.crowd, &out[n]);
        for (id = 2; id <= 3; id++) {
            ls_crowd_agent_digest(f.crowd, id, &a);
            ls_crowd_agent_digest(big.crowd, id, &b);
            CU_ASSERT(a == b); /* Y and Z unaffected */
        }
        x = ct_agent(&f, 1);
        if (flags & LS_CROWD_GROW_PATHS) {
            CU_ASSERT(x.state == LS_CROWD_MOVING);
            continue;
        }
        CU_ASSERT_EQUAL(x.state, LS_CROWD_NO_ROOM);
        CU_ASSERT_EQUAL(x.x, ONE / 2);
        CU_ASSERT_EQUAL(x.y, ONE + ONE / 2);
        CU_ASSERT_EQUAL(x.waypoint, 0);
        CU_ASSERT_EQUAL(x.way_count, 0);
    }
    CU_ASSERT_EQUAL(ct_agent(&f, 2).state, LS_CROWD_ARRIVED);
    CU_ASSERT_EQUAL(ct_agent(&f, 3).state, LS_CROWD_ARRIVED);
    ls_crowd_stats_get(f.crowd, &s);
    if (flags & LS_CROWD_GROW_PATHS) {
        CU_ASSERT(s.pool_points > 20);
        CU_ASSERT(c.allocs > allocs);
        CU_ASSERT(ct_tick_until_arrived(&f, 1, 100) > 0);
        CU_ASSERT_EQUAL(ct_agent(&f, 1).cell.x, 25);
    } else {
        CU_ASSERT_EQUAL(s.pool_points, 20);
        CU_ASSERT_EQUAL(s.pool_used, 0);
        CU_ASSERT_EQUAL(c.allocs, allocs);
        CU_ASSERT_EQUAL(ls_crowd_order(f.crowd, 1, 12, 1), LS_OK);
        ct_tick(&f);
        CU_ASSERT_EQUAL(ct_agent(&f, 1).state, LS_CROWD_MOVING);
        ls_crowd_stats_get(f.crowd, &s);
        CU_ASSERT_EQUAL(s.pool_used, 13 + 2 * 2);
        CU_ASSERT(ct_tick_until_arrived(&f, 1, 100) > 0);
        CU_ASSERT_EQUAL(ct_agent(&f, 1).cell.x, 12);
    }
    ct_close(&f);
    ct_close(&big);
    CU_ASSERT(tu_counter_balanced(&c));
}

static void test_tiny_pool(void)
{
    static const uint32_t threads[] = { 1, 2, 3, 8 };
    uint64_t one[30], other[30];
    uint32_t i;
    tiny_pool(1, 0, one);
    for (i = 1; i < 4; i++) {
        tiny_pool(threads[i], 0, other);
        CU_ASSERT(memcmp(one, other, sizeof one) == 0);
    }
    tiny_pool(1, LS_CROWD_GROW_PATHS, one);
    for (i = 1; i < 4; i++) {
        tiny_pool(threads[i], LS_CROWD_GROW_PATHS, other);
        CU_ASSERT(memcmp(one, other, sizeof one) == 0);
    }
}

/* Budget 1, a pool of 20 points on an open 30 x 3 grid: A (0,0) -> (9,0)
 * then B (0,2) -> (7,2). By the contract only A's request is under way
 * until it finishes (tick E_A): A holds 10 points, then 14 with its
 * waypoints, so B's 8 do not fit when B finishes: A MOVING, B NO_ROOM.
 * The same crowd must give the same bytes with any thread count; a crowd
 * whose workers search B ahead and keep B's path in the pool while it
 * waits for the budget leaves A no room at its hand-over instead. */
static void pool_race(uint32_t threads, uint64_t *digests, int32_t *states)
{
    ct_fixture f;
    ls_crowd_config k;
    uint32_t n;
    ct_config(&k, 30, 3, 4);
    k.threads = threads;
    k.budget = 1;
    k.path_points = 20;
    ct_open(&f, ct_open_grid(30, 3), &k);
    CU_ASSERT(ls_crowd_add(f.crowd, 1, 0, 0, ONE / 4) == LS_OK);
    CU_ASSERT(ls_crowd_add(f.crowd, 2, 0, 2, ONE / 4) == LS_OK);
    CU_ASSERT(ls_crowd_order(f.crowd, 1, 9, 0) == LS_OK);
    CU_ASSERT(ls_crowd_order(f.crowd, 2, 7, 2) == LS_OK);
    for (n = 0; n < 40; n++) {
        ct_tick(&f);
        ls_crowd_tick_digest(f.crowd, &digests[n]);
    }
    states[0] = ct_agent(&f, 1).state;
    states[1] = ct_agent(&f, 2).state;
    ct_close(&f);
}

static void test_pool_use_independent_of_threads(void)
{
    uint64_t one[40], two[40];
    int32_t s1[2], s2[2];
    pool_race(1, one, s1);
    CU_ASSERT_EQUAL(s1[0], LS_CROWD_MOVING);
    CU_ASSERT_EQUAL(s1[1], LS_CROWD_NO_ROOM);
    pool_race(2, two, s2);
    if (s2[0] != s1[0] || s2[1] != s1[1])
        printf("\n  2 threads: A %s, B %s (1 thread: A %s, B %s)\n",
               ls_crowd_state_name(s2[0]), ls_crowd_state_name(s2[1]),
               ls_crowd_state_name(s1[0]), ls_crowd_state_name(s1[1]));
    CU_ASSERT_EQUAL(s2[0], s1[0]);
    CU_ASSERT_EQUAL(s2[1], s1[1]);
    CU_ASSERT(memcmp(one, two, sizeof one) == 0);
}

/* A path longer than the workers' buffers (4,096 points a query): a
 * serpentine 100 x 100 whose path from (0,0) to (0,98) has over 5,000
 * points, asked with two short ones after it. The route is ls_smooth_path
 * of ls_find_path's path, the agent arrives on the goal centre, and the
 * tick digests are the same with 1, 2, 3 and 8 threads, budget 0 and
 * 700. */
static void long_path(uint32_t threads, uint32_t budget, uint64_t *digests)
{
    static ls_point path[10000], ways[10000], route[10000];
    ct_fixture f;
    ls_crowd_config k;
    ls_search *s = NULL;
    ls_query q;
    ls_result r;
    uint32_t y, n, nw = 0, len = 0;
    int32_t moving = 0;
    fix16_t cx, cy;

    ct_config(&k, 100, 100, 4);
    k.threads = threads;
    k.budget = budget;
    ct_open(&f, ct_open_grid(100, 100), &k);
    for (y = 1; y < 99; y += 2)
        ls_grid_set_rect(f.grid, y % 4 == 1 ? 0 : 1, (int32_t)y, 99, 1,
                         LS_CELL_BLOCKED);
    CU_ASSERT_FATAL(ls_search_create(100, 100, NULL, &s) == LS_OK);
    q = k.options;
    q.goal_y = 98;
    CU_ASSERT_FATAL(ls_find_path(s, f.grid, &q, path, 10000, &r) == LS_OK);
    CU_ASSERT_FATAL(r.path_length > 5000);
    CU_ASSERT_FATAL(ls_smooth_path(f.grid, path, r.path_length, ways, 10000,
                                   &nw) == LS_OK);
    CU_ASSERT(ls_crowd_add(f.crowd, 3, 0, 0, 8 * ONE) == LS_OK);
    CU_ASSERT(ls_crowd_add(f.crowd, 1, 5, 0, ONE) == LS_OK);
    CU_ASSERT(ls_crowd_add(f.crowd, 2, 50, 98, ONE) == LS_OK);
    CU_ASSERT(ls_crowd_order(f.crowd, 3, 0, 98) == LS_OK);
    CU_ASSERT(ls_crowd_order(f.crowd, 1, 20, 0) == LS_OK);
    CU_ASSERT(ls_crowd_order(f.crowd, 2, 10, 98) == LS_OK);
    for (n = 0; n < 800; n++) {
        ct_tick(&f);
        ls_crowd_tick_digest(f.crowd, &digests[n]);
        if (!moving && ct_agent(&f, 3).state == LS_CROWD_MOVING) {
            moving = 1;
            CU_ASSERT_EQUAL(ls_crowd_route(f.crowd, 3, route, 10000, &len),
                            LS_OK);
            CU_ASSERT_EQUAL(len, nw);
            CU_ASSERT(memcmp(route, ways, nw * sizeof *route) == 0);
        }
    }
    CU_ASSERT(moving);
    CU_ASSERT_EQUAL(ct_agent(&f, 3).state, LS_CROWD_ARRIVED);
    ls_world_cell_center(&k.world, 0, 98, &cx, &cy);
    CU_ASSERT_EQUAL(ct_agent(&f, 3).x, cx);
    CU_ASSERT_EQUAL(ct_agent(&f, 3).y, cy);
    CU_ASSERT_EQUAL(ct_agent(&f, 1).state, LS_CROWD_ARRIVED);
    CU_ASSERT_EQUAL(ct_agent(&f, 2).state, LS_CROWD_ARRIVED);
    ls_search_destroy(s);
    ct_close(&f);
}

static void test_path_longer_than_buffers(void)
{
    static const uint32_t threads[] = { 2, 3, 8 };
    static uint64_t one[800], many[800];
    uint32_t b, i;
    for (b = 0; b < 2; b++) {
        long_path(1, b * 700, one);
        for (i = 0; i < 3; i++) {
            long_path(threads[i], b * 700, many);
            CU_ASSERT(memcmp(one, many, sizeof one) == 0);
        }
    }
}

/* Step 1's planned cost is what the rest of the route cost on the grid
 * of the previous tick. An edit that moves cost between segments (a path
 * cell of the first segment dearer, one of the last as much cheaper)
 * leaves the total, so the route holds; a later edit elsewhere, the agent
 * on its last segment by then, must compare with that segment's cost on
 * the edited grid, not the one it was planned with: no re-plan. */
static void test_planned_cost_follows_edits(void)
{
    static ls_point path[400], ways[400];
    ct_fixture f;
    ls_crowd_config k;
    ls_crowd_stats st;
    ls_search *s = NULL;
    ls_query q;
    ls_result r;
    uint32_t nw = 0, i, last = 0, n;

    ct_config(&k, 20, 20, 2);
    k.options.connectivity = LS_CONNECT_4; /* every step straight */
    ct_open(&f, ct_open_grid(20, 20), &k);
    ls_grid_fill(f.grid, 2);
    ls_grid_set_rect(f.grid, 0, 6, 15, 1, LS_CELL_BLOCKED);
    ls_grid_set_rect(f.grid, 5, 12, 15, 1, LS_CELL_BLOCKED);
    CU_ASSERT_FATAL(ls_search_create(20, 20, NULL, &s) == LS_OK);
    q = k.options;
    q.start_x = q.start_y = 2;
    q.goal_x = 12;
    q.goal_y = 17;
    CU_ASSERT_FATAL(ls_find_path(s, f.grid, &q, path, 400, &r) == LS_OK);
    CU_ASSERT_FATAL(ls_smooth_path(f.grid, path, r.path_length, ways, 400,
                                   &nw) == LS_OK);
    CU_ASSERT_FATAL(nw >= 4);
    for (i = 0; i < r.path_length; i++)
        if (path[i].x == ways[nw - 2].x && path[i].y == ways[nw - 2].y)
            last = i; /* where the last segment begins */
    CU_ASSERT_FATAL(last + 2 < r.path_length && last > 3);
    CU_ASSERT(ls_crowd_add(f.crowd, 1, 2, 2, ONE) == LS_OK);
    CU_ASSERT(ls_crowd_order(f.crowd, 1, 12, 17) == LS_OK);
    ct_tick(&f);
    CU_ASSERT_EQUAL(ct_agent(&f, 1).way_count, nw);
    ls_grid_set(f.grid, path[2].x, path[2].y, 3);
    ls_grid_set(f.grid, path[last + 1].x, path[last + 1].y, 1);
    for (n = 0; n < 200 && ct_agent(&f, 1).waypoint < nw - 1; n++)
        ct_tick(&f);
    CU_ASSERT_EQUAL(ct_agent(&f, 1).state, LS_CROWD_MOVING);
    ls_grid_set(f.grid, 19, 0, LS_CELL_BLOCKED);
    ct_tick(&f);
    ls_crowd_stats_get(f.crowd, &st);
    CU_ASSERT_EQUAL(st.replans, 0);
    CU_ASSERT(ct_tick_until_arrived(&f, 1, 200) > 0);
    ls_search_destroy(s);
    ct_close(&f);
}

/* ------------------------------------------------------ ls_check_route */

/* The route check from its definition: the oracle's ls_check_path
 * outcome, then each segment's touched cells (the oracle's) against the
 * dearest path cell between its waypoints. */
static ls_status model_route(const ls_grid *g, const ls_query *q,
                             const ls_point *p, uint32_t n,
                             const ls_point *w, uint32_t wn, int32_t planned,
                             ls_route_check *out)
{
    int32_t gw, gh;
    uint8_t *cells;
    uint32_t i = 0, k, s;
    ls_status st;
    if (n == 0 || wn == 0)
        return LS_ERR_BAD_SIZE;
    /* Waypoints: points of the path in order, first and last included. */
    if (p[0].x != w[0].x || p[0].y != w[0].y || p[n - 1].x != w[wn - 1].x ||
        p[n - 1].y != w[wn - 1].y)
        return LS_ERR_BAD_ROUTE;
    for (k = 1; k < wn; k++) {
        for (i++; i < n && (p[i].x != w[k].x || p[i].y != w[k].y); i++)
            ;
        if (i >= n)
            return LS_ERR_BAD_ROUTE;
    }
    cells = tu_cells(g, &gw, &gh);
    CU_ASSERT_FATAL(cells != NULL);
    memset(out, 0, sizeof *out);
    st = or_path_check(cells, gw, gh, q, p, n, planned, &out->path);
    out->first_broken = wn - 1;
    out->holds = st == LS_OK && out->path.first_illegal == n &&
                 !out->path.cost_changed;
    for (s = 0, i = 0; out->holds && s + 1 < wn; s++) {
        uint32_t j = i + 1;
        uint8_t dearest = 0, line;
        while (p[j].x != w[s + 1].x || p[j].y != w[s + 1].y)
            j++;
        for (k = i; k <= j; k++)
            if (cells[p[k].y * gw + p[k].x] > dearest)
                dearest = cells[p[k].y * gw + p[k].x];
        line = sr_max_cost(g, p[i].x, p[i].y, p[j].x, p[j].y);
        if (j > i + 1 && (line == 0 || line > dearest)) {
            out->first_broken = s;
            out->holds = 0;
        }
        i = j;
    }
    free(cells);
    return st;
}

/* ls_check_route and the model agree; the library's answer in *out. */
static ls_status check(const ls_grid *g, const ls_query *q,
                       const ls_point *p, uint32_t n, const ls_point *w,
                       uint32_t wn, int32_t planned, ls_route_check *out)
{
    ls_route_check want;
    ls_status st, st_want;
    memset(out, 0x6b, sizeof *out);
    memset(&want, 0x6b, sizeof want);
    st = ls_check_route(g, q, p, n, w, wn, planned, out);
    st_want = model_route(g, q, p, n, w, wn, planned, &want);
    CU_ASSERT_EQUAL(st, st_want);
    if (st == LS_OK && st_want == LS_OK)
        CU_ASSERT(memcmp(out, &want, sizeof want) == 0);
    return st;
}

/* An L of 10 cells on an open 8 x 6 grid, 4-connected: (0,0) .. (5,0)
 * then down to (5,4); cost 9 steps of 10. */
static const ls_point ell[] = { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 3, 0 },
                                { 4, 0 }, { 5, 0 }, { 5, 1 }, { 5, 2 },
                                { 5, 3 }, { 5, 4 } };

static void test_check_route_holds_and_breaks(void)
{
    /* Segment 1 of w1 runs from (1.5, 0.5) to (5.5, 4.5): through the
     * cells (2,1), (3,2), (4,3) (and the corners between them), none on
     * the path. */
    static const ls_point w1[] = { { 0, 0 }, { 1, 0 }, { 5, 4 } };
    /* Segment 1 of w2, (4,0) to (5,1), passes the corner it cuts: it
     * touches (4,1) too. */
    static const ls_point w2[] = { { 0, 0 }, { 4, 0 }, { 5, 1 }, { 5, 4 } };
    static const ls_point w3[] = { { 0, 0 }, { 5, 4 } };
    ls_grid *g = ct_open_grid(8, 6);
    ls_query q;
    ls_route_check r;

    ls_query_init(&q);
    q.connectivity = LS_CONNECT_4;
    CU_ASSERT_EQUAL(check(g, &q, ell, 10, w1, 3, 90, &r), LS_OK);
    CU_ASSERT_EQUAL(r.holds, 1);
    CU_ASSERT_EQUAL(r.first_broken, 2);
    CU_ASSERT_EQUAL(r.path.first_illegal, 10);
    CU_ASSERT_EQUAL(r.path.reason, LS_STEP_LEGAL);
    CU_ASSERT_EQUAL(r.path.cost, 90);
    CU_ASSERT_EQUAL(r.path.cost_changed, 0);
    /* A cell only the shortcut crosses, blocked: segment 1 breaks, the
     * cell path is as legal and as cheap as planned. */
    ls_grid_set(g, 3, 2, LS_CELL_BLOCKED);
    CU_ASSERT_EQUAL(check(g, &q, ell, 10, w1, 3, 90, &r), LS_OK);
    CU_ASSERT_EQUAL(r.holds, 0);
    CU_ASSERT_EQUAL(r.first_broken, 1);
    CU_ASSERT_EQUAL(r.path.first_illegal, 10);
    CU_ASSERT_EQUAL(r.path.cost, 90);
    CU_ASSERT_EQUAL(r.path.cost_changed, 0);
    CU_ASSERT_EQUAL(check(g, &q, ell, 10, w3, 2, 90, &r), LS_OK);
    CU_ASSERT_EQUAL(r.holds, 0);
    CU_ASSERT_EQUAL(r.first_broken, 0);
    CU_ASSERT_EQUAL(check(g, &q, ell, 10, w2, 4, 90, &r), LS_OK);
    CU_ASSERT_EQUAL(r.holds, 1); /* w2 does not cross (3,2) */
    CU_ASSERT_EQUAL(r.first_broken, 3);
    /* Made dearer than the dearest path cell of the stretch: broken;
     * as dear as it: holds (but the path's cost changed, so planned must
     * follow). */
    ls_grid_set(g, 3, 2, 2);
    CU_ASSERT_EQUAL(check(g, &q, ell, 10, w1, 3, 90, &r), LS_OK);
    CU_ASSERT_EQUAL(r.holds, 0);
    CU_ASSERT_EQUAL(r.first_broken, 1);
    ls_grid_set(g, 5, 3, 2);
    CU_ASSERT_EQUAL(check(g, &q, ell, 10, w1, 3, 90, &r), LS_OK);
    CU_ASSERT_EQUAL(r.holds, 0);
    CU_ASSERT_EQUAL(r.path.cost, 100);
    CU_ASSERT_EQUAL(r.path.cost_changed, 1);
    CU_ASSERT_EQUAL(r.first_broken, 2); /* segments not examined */
    CU_ASSERT_EQUAL(check(g, &q, ell, 10, w1, 3, 100, &r), LS_OK);
    CU_ASSERT_EQUAL(r.holds, 1);
    ls_grid_set(g, 3, 2, 3);
    CU_ASSERT_EQUAL(check(g, &q, ell, 10, w1, 3, 100, &r), LS_OK);
    CU_ASSERT_EQUAL(r.holds, 0);
    CU_ASSERT_EQUAL(r.first_broken, 1);
    ls_grid_fill(g, 1);
    /* The corner cut by w2's segment 1. */
    ls_grid_set(g, 4, 1, LS_CELL_BLOCKED);
    CU_ASSERT_EQUAL(check(g, &q, ell, 10, w2, 4, 90, &r), LS_OK);
    CU_ASSERT_EQUAL(r.holds, 0);
    CU_ASSERT_EQUAL(r.first_broken, 1);
    CU_ASSERT_EQUAL(r.path.cost, 90);
    ls_grid_fill(g, 1);
    /* A cell no segment touches: holds. Opening cells never breaks. */
    ls_grid_set(g, 1, 3, LS_CELL_BLOCKED);
    ls_grid_set(g, 7, 5, LS_CELL_BLOCKED);
    CU_ASSERT_EQUAL(check(g, &q, ell, 10, w1, 3, 90, &r), LS_OK);
    CU_ASSERT_EQUAL(r.holds, 1);
    ls_grid_set(g, 1, 3, 1);
    CU_ASSERT_EQUAL(check(g, &q, ell, 10, w1, 3, 90, &r), LS_OK);
    CU_ASSERT_EQUAL(r.holds, 1);
    /* A path cell blocked: the path check's answer, no segment named. */
    ls_grid_set(g, 4, 0, LS_CELL_BLOCKED);
    CU_ASSERT_EQUAL(check(g, &q, ell, 10, w1, 3, 90, &r), LS_OK);
    CU_ASSERT_EQUAL(r.holds, 0);
    CU_ASSERT_EQUAL(r.path.first_illegal, 4);
    CU_ASSERT_EQUAL(r.path.reason, LS_STEP_BLOCKED);
    CU_ASSERT_EQUAL(r.path.cost, -1);
    CU_ASSERT_EQUAL(r.first_broken, 2);
    ls_grid_set(g, 4, 0, 1);
    /* A path cell's cost changed, up or down. */
    ls_grid_set(g, 2, 0, 5);
    CU_ASSERT_EQUAL(check(g, &q, ell, 10, w1, 3, 90, &r), LS_OK);
    CU_ASSERT_EQUAL(r.holds, 0);
    CU_ASSERT_EQUAL(r.path.first_illegal, 10);
    CU_ASSERT_EQUAL(r.path.cost, 130);
    CU_ASSERT_EQUAL(r.path.cost_changed, 1);
    CU_ASSERT_EQUAL(check(g, &q, ell, 10, w1, 3, 130, &r), LS_OK);
    CU_ASSERT_EQUAL(r.holds, 1); /* (2,0) is in segment 1's stretch */
    CU_ASSERT_EQUAL(r.first_broken, 2);
    ls_grid_destroy(g);
}

/* Refused routes and arguments: the status, *out untouched. */
static void test_check_route_refuses(void)
{
    static const ls_point skip[] = { { 0, 0 }, { 5, 2 }, { 3, 0 }, { 5, 4 } };
    static const ls_point off[] = { { 0, 0 }, { 2, 2 }, { 5, 4 } };
    static const ls_point late[] = { { 1, 0 }, { 5, 4 } };
    static const ls_point early[] = { { 0, 0 }, { 5, 3 } };
    static const ls_point twice[] = { { 0, 0 }, { 1, 0 }, { 1, 0 }, { 5, 4 } };
    static const ls_point w[] = { { 0, 0 }, { 5, 4 } };
    static const ls_point one[] = { { 2, 2 } };
    static const ls_point outside[] = { { 0, 0 }, { -1, 0 } };
    ls_grid *g = ct_open_grid(8, 6);
    ls_query q, bad;
    ls_route_check r, before;

    ls_query_init(&q);
    q.connectivity = LS_CONNECT_4;
    memset(&before, 0x6b, sizeof before);
    r = before;
    CU_ASSERT_EQUAL(check(g, &q, ell, 10, skip, 4, 90, &r), LS_ERR_BAD_ROUTE);
    CU_ASSERT_EQUAL(check(g, &q, ell, 10, off, 3, 90, &r), LS_ERR_BAD_ROUTE);
    CU_ASSERT_EQUAL(check(g, &q, ell, 10, late, 2, 90, &r), LS_ERR_BAD_ROUTE);
    CU_ASSERT_EQUAL(check(g, &q, ell, 10, early, 2, 90, &r),
                    LS_ERR_BAD_ROUTE);
    CU_ASSERT_EQUAL(check(g, &q, ell, 10, twice, 4, 90, &r),
                    LS_ERR_BAD_ROUTE);
    CU_ASSERT_EQUAL(check(g, &q, ell, 10, w, 1, 90, &r), LS_ERR_BAD_ROUTE);
    CU_ASSERT_EQUAL(check(g, &q, ell, 9, w, 2, 90, &r), LS_ERR_BAD_ROUTE);
    CU_ASSERT_EQUAL(check(g, &q, ell, 0, w, 2, 90, &r), LS_ERR_BAD_SIZE);
    CU_ASSERT_EQUAL(check(g, &q, ell, 10, w, 0, 90, &r), LS_ERR_BAD_SIZE);
    CU_ASSERT_EQUAL(ls_check_route(NULL, &q, ell, 10, w, 2, 90, &r),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_check_route(g, NULL, ell, 10, w, 2, 90, &r),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_check_route(g, &q, NULL, 10, w, 2, 90, &r),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_check_route(g, &q, ell, 10, NULL, 2, 90, &r),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_check_route(g, &q, ell, 10, w, 2, 90, NULL),
                    LS_ERR_NULL_ARGUMENT);
    /* ls_check_path's own errors. */
    bad = q;
    bad.connectivity = 5;
    CU_ASSERT_EQUAL(ls_check_route(g, &bad, ell, 10, w, 2, 90, &r),
                    LS_ERR_BAD_OPTION);
    bad = q;
    bad.corner_rule = 7;
    CU_ASSERT_EQUAL(ls_check_route(g, &bad, ell, 10, w, 2, 90, &r),
                    LS_ERR_BAD_OPTION);
    bad = q;
    bad.straight_cost = 0;
    CU_ASSERT_EQUAL(ls_check_route(g, &bad, ell, 10, w, 2, 90, &r),
                    LS_ERR_BAD_STEP_COST);
    bad = q;
    bad.struct_size = 0;
    CU_ASSERT_EQUAL(ls_check_route(g, &bad, ell, 10, w, 2, 90, &r),
                    LS_ERR_BAD_STRUCT_SIZE);
    CU_ASSERT(memcmp(&r, &before, sizeof r) == 0);
    /* One point: holds at cost 0; a point outside the grid is the path
     * check's illegal point, not an error. */
    CU_ASSERT_EQUAL(check(g, &q, one, 1, one, 1, 0, &r), LS_OK);
    CU_ASSERT_EQUAL(r.holds, 1);
    CU_ASSERT_EQUAL(r.first_broken, 0);
    CU_ASSERT_EQUAL(check(g, &q, one, 1, one, 1, 10, &r), LS_OK);
    CU_ASSERT_EQUAL(r.holds, 0);
    CU_ASSERT_EQUAL(r.path.cost_changed, 1);
    CU_ASSERT_EQUAL(check(g, &q, outside, 2, outside, 2, 10, &r), LS_OK);
    CU_ASSERT_EQUAL(r.holds, 0);
    CU_ASSERT_EQUAL(r.path.first_illegal, 1);
    CU_ASSERT_EQUAL(r.path.reason, LS_STEP_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(r.first_broken, 1);
    ls_grid_destroy(g);
}

/* Routes of ls_find_path and ls_smooth_path on random grids under every
 * movement rule, then random edits near them: ls_check_route equals the
 * model every time, and every outcome occurs, the shortcut-only break
 * (path legal and as cheap, a segment broken) included. */
static void test_check_route_random(void)
{
    enum { W = 24, H = 18, CAP = W * H };
    static ls_point path[CAP], ways[CAP];
    ls_search *s = NULL;
    ls_rng rng;
    uint32_t round, held = 0, illegal = 0, dearer = 0, shortcut = 0;

    CU_ASSERT_FATAL(ls_search_create(W, H, NULL, &s) == LS_OK);
    ls_rng_seed(&rng, 2026);
    for (round = 0; round < tu_trials(3000); round++) { /* random maps */
        ls_grid *g = tu_random_grid(&rng, W, H, 15, round % 2 ? 30 : 0, 6);
        ls_query q;
        ls_result res;
        ls_route_check r;
        uint32_t nw = 0, e, edits = 1 + ls_rng_below(&rng, 3);
        CU_ASSERT_FATAL(g != NULL);
        ls_query_init(&q);
        q.connectivity = ls_rng_below(&rng, 3) ? LS_CONNECT_8 : LS_CONNECT_4;
        q.corner_rule = (int32_t)ls_rng_below(&rng, 3);
        q.straight_cost = 5 + ls_rng_below(&rng, 6);
        q.diagonal_cost = q.straight_cost + ls_rng_below(&rng,
                                                         q.straight_cost + 1);
        tu_random_open_cell(&rng, g, &q.start_x, &q.start_y);
        tu_random_open_cell(&rng, g, &q.goal_x, &q.goal_y);
        if (ls_find_path(s, g, &q, path, CAP, &res) != LS_OK ||
            ls_smooth_path(g, path, res.path_length, ways, CAP, &nw) !=
                LS_OK) {
            ls_grid_destroy(g);
            continue;
        }
        CU_ASSERT_EQUAL(check(g, &q, path, res.path_length, ways, nw,
                              res.cost, &r), LS_OK);
        CU_ASSERT_EQUAL(r.holds, 1);
        for (e = 0; e < edits; e++) {
            const ls_point p = path[ls_rng_below(&rng, res.path_length)];
            const int32_t x = p.x + (int32_t)ls_rng_below(&rng, 5) - 2;
            const int32_t y = p.y + (int32_t)ls_rng_below(&rng, 5) - 2;
            if (x >= 0 && y >= 0 && x < W && y < H)
                ls_grid_set(g, x, y, (uint8_t)ls_rng_below(&rng, 7));
        }
        CU_ASSERT_EQUAL(check(g, &q, path, res.path_length, ways, nw,
                              res.cost, &r), LS_OK);
        if (r.holds)
            held++;
        else if (r.path.first_illegal < res.path_length)
            illegal++;
        else if (r.path.cost_changed)
            dearer++;
        else
            shortcut++;
        ls_grid_destroy(g);
    }
    if (getenv("CROWD_DEBUG"))
        printf("\n  held %u illegal %u dearer %u shortcut %u\n", held,
               illegal, dearer, shortcut);
    CU_ASSERT(held > tu_trials(300));
    CU_ASSERT(illegal > tu_trials(100));
    CU_ASSERT(dearer > tu_trials(100));
    CU_ASSERT(shortcut > tu_trials(20));
    ls_search_destroy(s);
}

/* A path cache (ls_crowd_set_path_cache) changes nothing a peer can see:
 * a crowd of 24 agents shuttling between four corners of a walled map,
 * with edits, budget 60 and 2 threads, gives the same tick digests with
 * no cache, a large one and one of 2 entries and 64 points that evicts
 * all the time; the large one answers some requests (fewer searches).
 * One agent's path is longer than the workers' buffers, so a stored
 * answer met with too little room is exercised too. */
static void shuttle(ls_path_cache *cache, uint64_t *digests,
                    ls_crowd_stats *stats)
{
    static const int32_t corner[4][2] = { { 2, 2 }, { 57, 2 }, { 57, 57 }, { 2, 57 } };
    ct_fixture f;
    ls_crowd_config k;
    uint32_t n, i;
    ct_config(&k, 60, 60, 32);
    k.threads = 2;
    k.budget = 60;
    ct_open(&f, ct_open_grid(60, 60), &k);
    for (n = 6; n < 56; n += 6)
        ls_grid_set_rect(f.grid, n % 12 == 0 ? 0 : 3, (int32_t)n, 57, 1,
                         LS_CELL_BLOCKED);
    CU_ASSERT_EQUAL(ls_crowd_set_path_cache(f.crowd, cache), LS_OK);
    for (i = 0; i < 24; i++)
        CU_ASSERT(ls_crowd_add(f.crowd, (int64_t)i + 1, corner[i % 4][0],
                               corner[i % 4][1], 2 * ONE) == LS_OK);
    for (n = 0; n < 600; n++) {
        if (n % 50 == 0)
            for (i = 0; i < 24; i++) {
                const uint32_t c = (i + n / 50 + 1) % 4;
                CU_ASSERT(ls_crowd_order(f.crowd, (int64_t)i + 1, corner[c][0],
                                         corner[c][1]) == LS_OK);
            }
        if (n == 120)
            ls_grid_set(f.grid, 30, 3, LS_CELL_BLOCKED);
        if (n == 300)
            ls_grid_set(f.grid, 30, 3, LS_CELL_OPEN);
        ct_tick(&f);
        ls_crowd_tick_digest(f.crowd, &digests[n]);
    }
    CU_ASSERT(ls_crowd_stats_get(f.crowd, stats) == LS_OK);
    CU_ASSERT_EQUAL(ls_crowd_set_path_cache(f.crowd, NULL), LS_OK);
    ct_close(&f);
}

static void test_path_cache_changes_nothing(void)
{
    static uint64_t none[600], big[600], tiny[600];
    ls_crowd_stats s0, s1, s2;
    ls_path_cache_config cfg;
    ls_path_cache *large = NULL, *small = NULL;
    ls_path_cache_stats cs;
    CU_ASSERT_EQUAL(ls_crowd_set_path_cache(NULL, NULL), LS_ERR_NULL_ARGUMENT);
    ls_path_cache_config_init(&cfg);
    CU_ASSERT_FATAL(ls_path_cache_create(&cfg, NULL, &large) == LS_OK);
    cfg.max_entries = 2;
    cfg.max_points = 64;
    CU_ASSERT_FATAL(ls_path_cache_create(&cfg, NULL, &small) == LS_OK);
    shuttle(NULL, none, &s0);
    shuttle(large, big, &s1);
    shuttle(small, tiny, &s2);
    CU_ASSERT(memcmp(none, big, sizeof none) == 0);
    CU_ASSERT(memcmp(none, tiny, sizeof none) == 0);
    CU_ASSERT_EQUAL(s1.requests, s0.requests);
    CU_ASSERT_EQUAL(s1.expansions, s0.expansions);
    CU_ASSERT(s1.searches < s0.searches);
    CU_ASSERT(ls_path_cache_stats_get(large, &cs) == LS_OK);
    CU_ASSERT(cs.hits > 0);
    CU_ASSERT_EQUAL(s0.searches - s1.searches, cs.hits);
    CU_ASSERT(ls_path_cache_stats_get(small, &cs) == LS_OK);
    CU_ASSERT(cs.evictions > 0);
    ls_path_cache_destroy(large);
    ls_path_cache_destroy(small);
}

int suite_crowd_route_register(void)
{
    CU_pSuite s = CU_add_suite("crowd route", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "a pool too small: NO_ROOM, others unaffected",
                     test_tiny_pool) ||
        !CU_add_test(s, "who gets pool room does not depend on threads",
                     test_pool_use_independent_of_threads) ||
        !CU_add_test(s, "a path longer than the workers' buffers",
                     test_path_longer_than_buffers) ||
        !CU_add_test(s, "the planned cost follows edits that hold",
                     test_planned_cost_follows_edits) ||
        !CU_add_test(s, "ls_check_route holds and breaks",
                     test_check_route_holds_and_breaks) ||
        !CU_add_test(s, "ls_check_route refuses",
                     test_check_route_refuses) ||
        !CU_add_test(s, "a path cache changes nothing but the searches",
                     test_path_cache_changes_nothing) ||
        !CU_add_test(s, "ls_check_route against the model, random",
                     test_check_route_random))
        return -1;
    return 0;
}
