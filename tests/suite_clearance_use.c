/* SPDX-License-Identifier: MIT */
/*
 * suite_clearance_use.c - what else takes a query's clearance: the path
 * check (a point whose cell's clearance is below k is LS_STEP_BLOCKED,
 * corners judged on the derived passability) against the oracle's check
 * on the grid the clearance sees, the route check's shortcut test,
 * ls_smooth_path_sized against the oracle's smoothing of that grid (and
 * equal to ls_smooth_path for 0 and 1), and flow fields with a clearance:
 * against the oracle's field of that grid, and after random edits and
 * ls_flow_refresh equal, cell for cell, to a fresh field and to the
 * oracle. Refusals: above LS_CLEARANCE_MAX, compact grids.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suites.h"
#include "test_util.h"

enum { CU_W = 36, CU_H = 30, CU_N = CU_W * CU_H };

static ls_grid *cu_map(ls_rng *rng)
{
    const uint32_t kind = ls_rng_below(rng, 3);
    ls_grid *g = tu_random_grid(rng, CU_W, CU_H, kind == 0 ? 2 : 5 * kind, 20,
                                5);
    uint32_t i;
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    /* Some buildings, so that clearances vary. */
    for (i = 0; i < 4; i++)
        ls_grid_set_rect(g, (int32_t)ls_rng_below(rng, CU_W - 4),
                         (int32_t)ls_rng_below(rng, CU_H - 4),
                         1 + (int32_t)ls_rng_below(rng, 4),
                         1 + (int32_t)ls_rng_below(rng, 4), 0);
    return g;
}

static void cu_options(ls_rng *rng, ls_query *q)
{
    ls_query_init(q);
    q->connectivity = ls_rng_below(rng, 3) == 0 ? LS_CONNECT_4 : LS_CONNECT_8;
    q->corner_rule = (int32_t)ls_rng_below(rng, 3);
    q->straight_cost = 1 + ls_rng_below(rng, 12);
    q->diagonal_cost = q->straight_cost + ls_rng_below(rng, q->straight_cost + 1);
    q->clearance = ls_rng_below(rng, 6);
}

/* Paths found unsized and sized, checked with random clearances, against
 * the oracle; then their routes and smoothing. */
static void test_check_route_smooth(void)
{
    static ls_point path[CU_N], way[CU_N], want[CU_N];
    static uint32_t want_at[CU_N];
    ls_search *s = NULL;
    uint32_t i, checked = 0, illegal = 0, smoothed = 0, routes = 0;
    ls_rng rng;
    ls_rng_seed(&rng, 22101);
    CU_ASSERT_FATAL(ls_search_create(CU_W, CU_H, NULL, &s) == LS_OK);
    for (i = 0; i < tu_trials(200); i++) { /* random maps */
        ls_grid *g = cu_map(&rng);
        int32_t w, h;
        uint8_t *cells = tu_cells(g, &w, &h);
        uint32_t j;
        CU_ASSERT_PTR_NOT_NULL_FATAL(cells);
        for (j = 0; j < 8; j++) {
            ls_query q;
            ls_result r;
            ls_path_check pc, opc;
            ls_route_check rc;
            uint32_t len, n, k, m;
            uint8_t *seen;
            cu_options(&rng, &q);
            q.clearance = ls_rng_below(&rng, 3); /* the search's */
            tu_random_open_cell(&rng, g, &q.start_x, &q.start_y);
            tu_random_open_cell(&rng, g, &q.goal_x, &q.goal_y);
            if (ls_find_path(s, g, &q, path, CU_N, &r) != LS_OK)
                continue;
            len = r.path_length;
            /* Checked with the clearance it was found with, or another. */
            k = ls_rng_below(&rng, 2) ? q.clearance : ls_rng_below(&rng, 6);
            q.clearance = k;
            CU_ASSERT_EQUAL(ls_check_path(g, &q, path, len, r.cost, &pc),
                            LS_OK);
            CU_ASSERT_EQUAL(or_path_check(cells, w, h, &q, path, len, r.cost,
                                          &opc),
                            LS_OK);
            CU_ASSERT_EQUAL(pc.first_illegal, opc.first_illegal);
            CU_ASSERT_EQUAL(pc.reason, opc.reason);
            CU_ASSERT_EQUAL(pc.cost, opc.cost);
            CU_ASSERT_EQUAL(pc.cost_changed, opc.cost_changed);
            if (pc.first_illegal < len) {
                uint32_t c = 9;
                illegal++;
                /* Sized: a blocked point is one of too small a clearance. */
                if (pc.reason == LS_STEP_BLOCKED) {
                    ls_grid_clearance(g, path[pc.first_illegal].x,
                                      path[pc.first_illegal].y, &c);
                    CU_ASSERT(c < (k > 1 ? k : 1));
                }
            }
            checked++;
            /* Smoothing with clearance k: the oracle's on the grid k sees. */
            seen = or_sized_cells(cells, w, h, k);
            CU_ASSERT_PTR_NOT_NULL_FATAL(seen);
            CU_ASSERT_EQUAL(ls_smooth_path_sized(g, k, path, len, way, CU_N,
                                                 &n),
                            LS_OK);
            CU_ASSERT_EQUAL(or_smooth(seen, w, h, path, len, want, want_at,
                                      CU_N, &m),
                            LS_OK);
            CU_ASSERT_EQUAL(n, m);
            CU_ASSERT(n == m && memcmp(way, want, n * sizeof *way) == 0);
            if (k <= 1) {
                uint32_t n1 = 0;
                static ls_point plain[CU_N];
                CU_ASSERT_EQUAL(ls_smooth_path(g, path, len, plain, CU_N,
                                               &n1),
                                LS_OK);
                CU_ASSERT(n1 == n && memcmp(plain, way, n * sizeof *way) == 0);
            }
            smoothed++;
            /* The route check's shortcuts use the clearance: the route
             * smoothed with k holds under k when the path does; the route
             * smoothed with 1 holds under k only if every shortcut passes
             * the sized rule (the oracle's smoothing said which). */
            CU_ASSERT_EQUAL(ls_check_route(g, &q, path, len, way, n, r.cost,
                                           &rc),
                            LS_OK);
            CU_ASSERT_EQUAL(rc.holds, pc.first_illegal == len &&
                                          !pc.cost_changed);
            {
                static ls_point loose[CU_N];
                uint32_t ln = 0, wi, a;
                int passes = 1;
                ls_smooth_path(g, path, len, loose, CU_N, &ln);
                CU_ASSERT_EQUAL(ls_check_route(g, &q, path, len, loose, ln,
                                               r.cost, &rc),
                                LS_OK);
                for (wi = 0, a = 0; wi + 1 < ln && passes; wi++) {
                    uint32_t b2 = a, t;
                    uint8_t dear = 0, lc;
                    while (!(path[b2].x == loose[wi + 1].x &&
                             path[b2].y == loose[wi + 1].y))
                        b2++;
                    for (t = a; t <= b2; t++) {
                        uint8_t c = cells[(size_t)path[t].y * (size_t)w +
                                          (size_t)path[t].x];
                        if (c > dear)
                            dear = c;
                    }
                    /* A shortcut's cells: clearance >= k (the grid k
                     * sees), none dearer than the path it replaces. */
                    lc = or_line_cost(seen, w, h, loose[wi].x, loose[wi].y,
                                      loose[wi + 1].x, loose[wi + 1].y);
                    if (b2 > a + 1 && (lc == 0 || lc > dear))
                        passes = 0;
                    a = b2;
                }
                CU_ASSERT_EQUAL(rc.holds, pc.first_illegal == len &&
                                              !pc.cost_changed && passes);
                routes += !passes;
            }
            free(seen);
        }
        free(cells);
        ls_grid_destroy(g);
    }
    ls_search_destroy(s);
    CU_ASSERT(checked >= tu_trials(600));
    CU_ASSERT(illegal >= tu_trials(50));
    CU_ASSERT(smoothed >= tu_trials(600));
    CU_ASSERT(routes >= tu_trials(10));
}

static void test_refusals(void)
{
    ls_grid *g = NULL, *c = NULL;
    ls_flow *f = NULL;
    ls_query q;
    ls_point p[2] = { { 1, 1 }, { 2, 2 } }, way[2];
    ls_path_check pc;
    ls_route_check rc;
    uint32_t n = 0;
    CU_ASSERT_FATAL(ls_grid_create(8, 8, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_grid_create_with(8, 8, LS_GRID_COMPACT, NULL, &c) ==
                    LS_OK);
    CU_ASSERT_FATAL(ls_flow_create(8, 8, 4, NULL, &f) == LS_OK);
    ls_query_init(&q);
    q.clearance = LS_CLEARANCE_MAX + 1;
    CU_ASSERT_EQUAL(ls_check_path(g, &q, p, 2, -1, &pc), LS_ERR_BAD_CLEARANCE);
    CU_ASSERT_EQUAL(ls_check_route(g, &q, p, 2, p, 2, -1, &rc),
                    LS_ERR_BAD_CLEARANCE);
    CU_ASSERT_EQUAL(ls_flow_begin(f, g, &q, p, 1), LS_ERR_BAD_CLEARANCE);
    CU_ASSERT_EQUAL(ls_smooth_path_sized(g, LS_CLEARANCE_MAX + 1, p, 2, way,
                                         2, &n),
                    LS_ERR_BAD_CLEARANCE);
    q.straight_cost = 0; /* the step costs come first */
    CU_ASSERT_EQUAL(ls_check_path(g, &q, p, 2, -1, &pc), LS_ERR_BAD_STEP_COST);
    CU_ASSERT_EQUAL(ls_flow_begin(f, g, &q, p, 1), LS_ERR_BAD_STEP_COST);
    q.straight_cost = 10;
    q.clearance = 2;
    CU_ASSERT_EQUAL(ls_check_path(c, &q, p, 2, -1, &pc), LS_ERR_BAD_CLEARANCE);
    CU_ASSERT_EQUAL(ls_flow_begin(f, c, &q, p, 1), LS_ERR_BAD_CLEARANCE);
    CU_ASSERT_EQUAL(ls_smooth_path_sized(c, 2, p, 2, way, 2, &n),
                    LS_ERR_BAD_CLEARANCE);
    CU_ASSERT_EQUAL(ls_smooth_path_sized(NULL, 2, p, 2, way, 2, &n),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_smooth_path_sized(g, 99, p, 0, way, 2, &n),
                    LS_ERR_BAD_CLEARANCE);
    CU_ASSERT_EQUAL(ls_smooth_path_sized(g, 2, p, 0, way, 2, &n),
                    LS_ERR_BAD_SIZE);
    /* JPS is the search's to refuse, not theirs. */
    q.algorithm = LS_ALGO_JPS;
    CU_ASSERT_EQUAL(ls_check_path(g, &q, p, 2, -1, &pc), LS_OK);
    CU_ASSERT_EQUAL(pc.first_illegal, 2); /* (1,1) has clearance 2 */
    CU_ASSERT_EQUAL(pc.reason, LS_STEP_LEGAL);
    CU_ASSERT_EQUAL(pc.cost, 14);
    q.clearance = 3; /* (1,1) has clearance 2: blocked for 3 */
    CU_ASSERT_EQUAL(ls_check_path(g, &q, p, 2, -1, &pc), LS_OK);
    CU_ASSERT_EQUAL(pc.first_illegal, 0);
    CU_ASSERT_EQUAL(pc.reason, LS_STEP_BLOCKED);
    /* Goals blocked for the size. */
    CU_ASSERT_EQUAL(ls_flow_begin(f, g, &q, p, 1), LS_ERR_GOAL_BLOCKED);
    CU_ASSERT_EQUAL(ls_flow_begin(f, c, &q, p, 1), LS_ERR_BAD_CLEARANCE);
    q.clearance = 1;
    CU_ASSERT_EQUAL(ls_flow_begin(f, c, &q, p, 1), LS_OK);
    ls_flow_destroy(f);
    ls_grid_destroy(g);
    ls_grid_destroy(c);
}

/* The complete flow f against the oracle's field of cells under q. */
static int cu_flow_matches(const ls_flow *f, const uint8_t *cells, int32_t w,
                           int32_t h, const ls_query *q, const ls_point *goals,
                           uint32_t n)
{
    static int32_t cost[CU_N];
    static uint8_t dir[CU_N];
    or_flow_field m;
    int ok;
    CU_ASSERT_FATAL(or_flow(cells, w, h, q, goals, n, &m) !=
                    LS_ERR_OUT_OF_MEMORY);
    CU_ASSERT_EQUAL(ls_flow_costs(f, cost, (size_t)(w * h)), LS_OK);
    CU_ASSERT_EQUAL(ls_flow_directions(f, dir, (size_t)(w * h)), LS_OK);
    ok = m.status == LS_OK &&
         memcmp(cost, m.cost, (size_t)(w * h) * sizeof *cost) == 0 &&
         memcmp(dir, m.direction, (size_t)(w * h)) == 0;
    or_flow_free(&m);
    return ok;
}

static void test_flows(void)
{
    static int32_t cost_a[CU_N], cost_b[CU_N];
    static uint8_t dir_a[CU_N], dir_b[CU_N];
    ls_flow *f = NULL, *fresh = NULL;
    uint32_t i, fields = 0, refreshes = 0, moved = 0;
    ls_rng rng;
    ls_rng_seed(&rng, 22102);
    CU_ASSERT_FATAL(ls_flow_create(CU_W, CU_H, 4, NULL, &f) == LS_OK);
    CU_ASSERT_FATAL(ls_flow_create(CU_W, CU_H, 4, NULL, &fresh) == LS_OK);
    for (i = 0; i < tu_trials(250); i++) { /* random maps */
        ls_grid *g = cu_map(&rng);
        ls_query q;
        ls_point goals[4];
        uint32_t n = 1 + ls_rng_below(&rng, 3), j, e, k;
        int32_t w, h;
        uint8_t *cells;
        ls_status st;
        cu_options(&rng, &q);
        q.clearance = 1 + ls_rng_below(&rng, 5);
        k = q.clearance;
        /* Goals where the size fits (some may not: refused). */
        for (j = 0; j < n; j++) {
            uint32_t c = 0, tries = 0;
            do
                tu_random_open_cell(&rng, g, &goals[j].x, &goals[j].y);
            while (ls_grid_clearance(g, goals[j].x, goals[j].y, &c) == LS_OK &&
                   c < k && ++tries < 50);
        }
        st = ls_flow_begin(f, g, &q, goals, n);
        if (st != LS_OK) {
            CU_ASSERT_EQUAL(st, LS_ERR_GOAL_BLOCKED);
            ls_grid_destroy(g);
            continue;
        }
        CU_ASSERT_EQUAL(ls_flow_step(f, 0, NULL), LS_OK);
        cells = tu_cells(g, &w, &h);
        CU_ASSERT(cu_flow_matches(f, cells, w, h, &q, goals, n));
        free(cells);
        fields++;
        /* Edits: clearance changes are edits of what the field sees. */
        for (e = 0; e < 6; e++) {
            uint32_t r;
            for (r = 1 + ls_rng_below(&rng, 3); r > 0; r--) {
                const int32_t x = (int32_t)ls_rng_below(&rng, CU_W);
                const int32_t y = (int32_t)ls_rng_below(&rng, CU_H);
                const uint8_t c = ls_rng_below(&rng, 3) ? 0
                                  : (uint8_t)(1 + ls_rng_below(&rng, 4));
                if (ls_rng_below(&rng, 3) == 0)
                    ls_grid_set_rect(g, x, y,
                                     1 + (int32_t)ls_rng_below(&rng,
                                                               (uint32_t)(CU_W - x)) % 3,
                                     1 + (int32_t)ls_rng_below(&rng,
                                                               (uint32_t)(CU_H - y)) % 3,
                                     c);
                else
                    ls_grid_set(g, x, y, c);
            }
            st = ls_flow_refresh(f, g);
            CU_ASSERT(st == LS_OK || st == LS_IN_PROGRESS);
            if (st == LS_IN_PROGRESS)
                st = ls_flow_step(f, 1 + ls_rng_below(&rng, 50), NULL);
            while (st == LS_IN_PROGRESS)
                st = ls_flow_step(f, 0, NULL);
            refreshes++;
            if (ls_flow_begin(fresh, g, &q, goals, n) != LS_OK) {
                /* A goal lost its room: the kept field has it as a wall
                 * like any blocked goal; the oracle says the same. */
                moved++;
            } else {
                CU_ASSERT_EQUAL(ls_flow_step(fresh, 0, NULL), LS_OK);
                CU_ASSERT_EQUAL(st, LS_OK);
                ls_flow_costs(f, cost_a, CU_N);
                ls_flow_costs(fresh, cost_b, CU_N);
                ls_flow_directions(f, dir_a, CU_N);
                ls_flow_directions(fresh, dir_b, CU_N);
                CU_ASSERT(memcmp(cost_a, cost_b, sizeof cost_a) == 0);
                CU_ASSERT(memcmp(dir_a, dir_b, sizeof dir_a) == 0);
            }
            cells = tu_cells(g, &w, &h);
            if (st == LS_OK &&
                !cu_flow_matches(f, cells, w, h, &q, goals, n)) {
                fprintf(stderr, "clearance: flow %u edit %u k %u differs "
                                "from the oracle\n", i, e, k);
                CU_FAIL("refreshed sized flow");
            }
            free(cells);
        }
        ls_grid_destroy(g);
    }
    ls_flow_destroy(f);
    ls_flow_destroy(fresh);
    CU_ASSERT(fields >= tu_trials(150));
    CU_ASSERT(refreshes >= tu_trials(900));
    (void)moved;
}

int suite_clearance_use_register(void)
{
    CU_pSuite s = CU_add_suite("clearance use", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "path check, route check, smoothing, sized",
                     test_check_route_smooth) ||
        !CU_add_test(s, "refusals: above the cap, compact grids",
                     test_refusals) ||
        !CU_add_test(s, "sized flows == the oracle, fresh == refreshed",
                     test_flows))
        return -1;
    return 0;
}
