/* SPDX-License-Identifier: MIT */
/*
 * suite_flow_exact.c - flow fields against the library's own queries and
 * against themselves: every cost is the least ls_find_path cost to a goal
 * (Dijkstra, every movement rule, terrain), every direction is the first
 * optimal neighbour and following directions reaches a goal at exactly the
 * cost; the field, the statuses and the expansions are the same whatever
 * the budgets; and after thousands of random edit sequences a refreshed
 * field (refreshed in random slices too) equals a fresh one byte for byte.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "../src/flow.h" /* which updates were incremental */
#include "suites.h"
#include "test_util.h"

enum { MAXW = 24, MAXH = 24, MAXC = MAXW * MAXH, MAXG = 6 };

typedef struct field {
    int32_t cost[MAXC];
    uint8_t dir[MAXC];
    uint64_t digest;
} field;

static void random_options(ls_rng *rng, ls_query *q)
{
    ls_query_init(q);
    q->connectivity = ls_rng_below(rng, 3) == 0 ? LS_CONNECT_4 : LS_CONNECT_8;
    q->corner_rule = (int32_t)ls_rng_below(rng, 3);
    q->straight_cost = 1 + ls_rng_below(rng, ls_rng_below(rng, 2) ? 20 : 3);
    q->diagonal_cost = q->straight_cost + ls_rng_below(rng, q->straight_cost + 1);
    q->heuristic = LS_HEURISTIC_ZERO;
}

static ls_grid *random_grid(ls_rng *rng, int32_t *w, int32_t *h)
{
    static const uint8_t terrains[] = { 1, 3, 9, 255 };
    uint32_t blocked, costly, terrain;
    /* One draw per statement: the order in which a compiler evaluates a
     * call's arguments is unspecified, and every target must run the
     * same cases. */
    *w = 1 + (int32_t)ls_rng_below(rng, MAXW);
    *h = 1 + (int32_t)ls_rng_below(rng, MAXH);
    blocked = ls_rng_below(rng, 45);
    costly = ls_rng_below(rng, 60);
    terrain = terrains[ls_rng_below(rng, 4)];
    return tu_random_grid(rng, *w, *h, blocked, costly, (uint8_t)terrain);
}

static uint32_t random_goals(ls_rng *rng, const ls_grid *g, ls_point *goals)
{
    uint32_t n = 1 + ls_rng_below(rng, MAXG), i;
    for (i = 0; i < n; i++)
        if (!tu_random_open_cell(rng, g, &goals[i].x, &goals[i].y))
            return 0;
    return n;
}

/* Run the begun field (or update) to its end with budgets drawn from rng
 * (0: one unbounded step); the sum of the steps' expansions in *sum. */
static ls_status run(ls_flow *f, ls_rng *rng, uint32_t *sum)
{
    ls_status st;
    uint32_t total = 0, n;
    do {
        uint32_t budget = rng ? 1 + ls_rng_below(rng, ls_rng_below(rng, 2) ? 4 : 60) : 0;
        st = ls_flow_step(f, budget, &n);
        CU_ASSERT(budget == 0 || n <= budget);
        total += n;
    } while (st == LS_IN_PROGRESS);
    *sum = total;
    return st;
}

static void read_field(const ls_flow *f, int32_t w, int32_t h, field *out)
{
    CU_ASSERT_EQUAL(ls_flow_costs(f, out->cost, (size_t)(w * h)), LS_OK);
    CU_ASSERT_EQUAL(ls_flow_directions(f, out->dir, (size_t)(w * h)), LS_OK);
    CU_ASSERT_EQUAL(ls_flow_digest(f, &out->digest), LS_OK);
}

static int same_field(const field *a, const field *b, int32_t n)
{
    return memcmp(a->cost, b->cost, sizeof a->cost[0] * (size_t)n) == 0 &&
           memcmp(a->dir, b->dir, (size_t)n) == 0 && a->digest == b->digest;
}

/* The cost and legality of the one step a -> b, by ls_check_path. */
static int step_cost(const ls_grid *g, const ls_query *q, ls_point a,
                     ls_point b, int32_t *cost)
{
    ls_point two[2];
    ls_path_check chk;
    two[0] = a;
    two[1] = b;
    if (ls_check_path(g, q, two, 2, -1, &chk) != LS_OK ||
        chk.reason != LS_STEP_LEGAL)
        return 0;
    *cost = chk.cost;
    return 1;
}

static const int32_t DX[8] = { 0, 1, 0, -1, 1, 1, -1, -1 };
static const int32_t DY[8] = { -1, 0, 1, 0, -1, 1, 1, -1 };

/* Check cell (x, y) of the field against ls_find_path and the direction
 * rule. Returns 1 if all holds. */
static int check_cell(ls_search *s, const ls_grid *g, const ls_query *opt,
                      const ls_point *goals, uint32_t ng, const field *fd,
                      int32_t w, int32_t h, int32_t x, int32_t y)
{
    int32_t best = -1, cost = fd->cost[y * w + x], d;
    uint8_t dir = fd->dir[y * w + x];
    uint32_t i, steps;
    ls_point at, path[2];
    uint8_t cell;
    ls_grid_get(g, x, y, &cell);
    for (i = 0; i < ng && cell != 0; i++) {
        ls_query q = *opt;
        ls_result r;
        q.start_x = x;
        q.start_y = y;
        q.goal_x = goals[i].x;
        q.goal_y = goals[i].y;
        if (ls_find_path(s, g, &q, path, 0, &r) != LS_ERR_GOAL_BLOCKED &&
            r.status == LS_OK && (best < 0 || r.cost < best))
            best = r.cost;
    }
    if (best != cost) {
        printf("\n    flow: (%d,%d) cost %d, ls_find_path %d", (int)x, (int)y,
               (int)cost, (int)best);
        return 0;
    }
    if (cost < 0)
        return dir == LS_FLOW_NONE;
    if (cost == 0)
        return dir == LS_FLOW_GOAL;
    if (dir >= (opt->connectivity == LS_CONNECT_8 ? 8 : 4))
        return 0;
    /* No earlier neighbour lies on an optimal path; this one does. */
    for (d = 0; d <= (int32_t)dir; d++) {
        ls_point a, b;
        int32_t sc, nc;
        a.x = x;
        a.y = y;
        b.x = x + DX[d];
        b.y = y + DY[d];
        if (b.x < 0 || b.y < 0 || b.x >= w || b.y >= h ||
            !step_cost(g, opt, a, b, &sc)) {
            if (d == (int32_t)dir)
                return 0;
            continue;
        }
        nc = fd->cost[b.y * w + b.x];
        if ((nc >= 0 && nc + sc == cost) != (d == (int32_t)dir))
            return 0;
    }
    /* Following directions: legal steps adding up to the cost, to a goal. */
    at.x = x;
    at.y = y;
    for (steps = 0, d = 0; fd->dir[at.y * w + at.x] < 8; steps++) {
        ls_point nx;
        int32_t sc;
        uint8_t k = fd->dir[at.y * w + at.x];
        nx.x = at.x + DX[k];
        nx.y = at.y + DY[k];
        if (!step_cost(g, opt, at, nx, &sc) || steps > (uint32_t)(w * h))
            return 0;
        d += sc;
        at = nx;
    }
    return fd->dir[at.y * w + at.x] == LS_FLOW_GOAL && d == cost;
}

static void test_costs_and_directions_match_ls_find_path(void)
{
    ls_rng rng;
    int trial, checked = 0, bad = 0;
    ls_search *s = NULL;
    CU_ASSERT_FATAL(ls_search_create(MAXW, MAXH, NULL, &s) == LS_OK);
    ls_rng_seed(&rng, 2101);
    /* Random grids: fewer under an emulator (tu_trials). */
    for (trial = 0; trial < (int)tu_trials(300); trial++) {
        int32_t w, h, x, y, k;
        ls_grid *g = random_grid(&rng, &w, &h);
        ls_search *ss = NULL;
        ls_flow *f = NULL;
        ls_point goals[MAXG];
        ls_query q;
        uint32_t ng, sum, total, reachable = 0;
        static field fd;
        random_options(&rng, &q);
        ng = random_goals(&rng, g, goals);
        if (ng == 0) {
            ls_grid_destroy(g);
            continue;
        }
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &ss) == LS_OK);
        CU_ASSERT_FATAL(ls_flow_create(w, h, MAXG, NULL, &f) == LS_OK);
        CU_ASSERT_FATAL(ls_flow_begin(f, g, &q, goals, ng) == LS_OK);
        CU_ASSERT_EQUAL(run(f, trial % 2 ? &rng : NULL, &sum), LS_OK);
        read_field(f, w, h, &fd);
        /* A fresh field expands every reachable cell once. */
        for (k = 0; k < w * h; k++)
            reachable += fd.cost[k] >= 0;
        CU_ASSERT_EQUAL(ls_flow_expansions(f, &total), LS_OK);
        CU_ASSERT_EQUAL(total, reachable);
        CU_ASSERT_EQUAL(sum, reachable);
        for (k = 0; k < 25; k++) {
            x = (int32_t)ls_rng_below(&rng, (uint32_t)w);
            y = (int32_t)ls_rng_below(&rng, (uint32_t)h);
            checked++;
            if (!check_cell(ss, g, &q, goals, ng, &fd, w, h, x, y)) {
                if (bad++ < 5)
                    printf("\n    flow: trial %d cell (%d,%d) %dx%d conn %d corners %d costs %u/%u",
                           trial, (int)x, (int)y, (int)w, (int)h,
                           (int)q.connectivity, (int)q.corner_rule,
                           (unsigned)q.straight_cost, (unsigned)q.diagonal_cost);
            }
        }
        ls_flow_destroy(f);
        ls_search_destroy(ss);
        ls_grid_destroy(g);
    }
    ls_search_destroy(s);
    CU_ASSERT(checked > (int)tu_trials(5000));
    CU_ASSERT_EQUAL(bad, 0);
}

/* Any budgets give the same field, statuses and expansions. */
static void test_slicing_does_not_change_the_field(void)
{
    ls_rng rng;
    int trial;
    ls_rng_seed(&rng, 2102);
    for (trial = 0; trial < (int)tu_trials(200); trial++) { /* as above */
        int32_t w, h;
        ls_grid *g = random_grid(&rng, &w, &h);
        ls_flow *a = NULL, *b = NULL;
        ls_point goals[MAXG];
        ls_query q;
        uint32_t ng, sa, sb, ta, tb;
        static field fa, fb;
        random_options(&rng, &q);
        ng = random_goals(&rng, g, goals);
        if (ng == 0) {
            ls_grid_destroy(g);
            continue;
        }
        CU_ASSERT_FATAL(ls_flow_create(w, h, MAXG, NULL, &a) == LS_OK);
        CU_ASSERT_FATAL(ls_flow_create(w, h, MAXG, NULL, &b) == LS_OK);
        CU_ASSERT_FATAL(ls_flow_begin(a, g, &q, goals, ng) == LS_OK);
        CU_ASSERT_FATAL(ls_flow_begin(b, g, &q, goals, ng) == LS_OK);
        CU_ASSERT_EQUAL(run(a, NULL, &sa), LS_OK);
        CU_ASSERT_EQUAL(run(b, &rng, &sb), LS_OK);
        read_field(a, w, h, &fa);
        read_field(b, w, h, &fb);
        CU_ASSERT(same_field(&fa, &fb, w * h));
        ls_flow_expansions(a, &ta);
        ls_flow_expansions(b, &tb);
        CU_ASSERT_EQUAL(sa, sb);
        CU_ASSERT_EQUAL(ta, tb);
        /* Done is done: more steps do nothing. */
        CU_ASSERT_EQUAL(ls_flow_step(b, 5, &sb), LS_OK);
        CU_ASSERT_EQUAL(sb, 0);
        ls_flow_destroy(a);
        ls_flow_destroy(b);
        ls_grid_destroy(g);
    }
}

/* One random edit of g: a cell, a rectangle, now and then the whole grid. */
static void random_edit(ls_rng *rng, ls_grid *g, int32_t w, int32_t h)
{
    static const uint8_t values[] = { 0, 0, 0, 1, 1, 2, 5, 255 };
    uint8_t v = values[ls_rng_below(rng, 8)];
    uint32_t kind = ls_rng_below(rng, 40);
    if (kind == 0) {
        ls_grid_fill(g, v == 0 ? 1 : v);
    } else if (kind < 12) {
        int32_t x = (int32_t)ls_rng_below(rng, (uint32_t)w);
        int32_t y = (int32_t)ls_rng_below(rng, (uint32_t)h);
        int32_t rw = 1 + (int32_t)ls_rng_below(rng, (uint32_t)(w - x < 4 ? w - x : 4));
        int32_t rh = 1 + (int32_t)ls_rng_below(rng, (uint32_t)(h - y < 4 ? h - y : 4));
        CU_ASSERT_EQUAL(ls_grid_set_rect(g, x, y, rw, rh, v), LS_OK);
    } else {
        const int32_t x = (int32_t)ls_rng_below(rng, (uint32_t)w);
        const int32_t y = (int32_t)ls_rng_below(rng, (uint32_t)h);
        CU_ASSERT_EQUAL(ls_grid_set(g, x, y, v), LS_OK);
    }
}

static void test_refreshed_field_equals_a_fresh_one(void)
{
    ls_rng rng;
    int trial, sequences = 0, updates = 0, incremental = 0, bad = 0;
    ls_rng_seed(&rng, 2103);
    for (trial = 0; trial < (int)tu_trials(600); trial++) { /* as above */
        int32_t w, h, e;
        ls_grid *g = random_grid(&rng, &w, &h);
        ls_flow *inc = NULL, *sliced = NULL, *fresh = NULL;
        ls_point goals[MAXG];
        ls_query q;
        uint32_t ng, s1, s2;
        static field fi, fs, ff;
        random_options(&rng, &q);
        ng = random_goals(&rng, g, goals);
        if (ng == 0) {
            ls_grid_destroy(g);
            continue;
        }
        CU_ASSERT_FATAL(ls_flow_create(w, h, MAXG, NULL, &inc) == LS_OK);
        CU_ASSERT_FATAL(ls_flow_create(w, h, MAXG, NULL, &sliced) == LS_OK);
        CU_ASSERT_FATAL(ls_flow_create(w, h, MAXG, NULL, &fresh) == LS_OK);
        CU_ASSERT_FATAL(ls_flow_begin(inc, g, &q, goals, ng) == LS_OK);
        CU_ASSERT_FATAL(ls_flow_begin(sliced, g, &q, goals, ng) == LS_OK);
        run(inc, NULL, &s1);
        run(sliced, &rng, &s2);
        for (e = 0; e < 25; e++) {
            uint32_t k, edits = 1 + ls_rng_below(&rng, 4);
            ls_status ri, rs, fb;
            for (k = 0; k < edits; k++)
                random_edit(&rng, g, w, h);
            ri = ls_flow_refresh(inc, g);
            rs = ls_flow_refresh(sliced, g);
            CU_ASSERT(ri == LS_OK || ri == LS_IN_PROGRESS);
            CU_ASSERT_EQUAL(ri, rs);
            updates += ri == LS_IN_PROGRESS;
            incremental += inc->phase == LS_FLOW_PHASE_RESET;
            sequences++;
            run(inc, NULL, &s1);
            run(sliced, &rng, &s2);
            CU_ASSERT_EQUAL(s1, s2);
            /* A fresh field on the edited grid: blocked goals are refused
             * by a begin, so give it those that are open. */
            {
                ls_point open[MAXG];
                uint32_t no = 0;
                for (k = 0; k < ng; k++) {
                    uint8_t c;
                    ls_grid_get(g, goals[k].x, goals[k].y, &c);
                    if (c != 0)
                        open[no++] = goals[k];
                }
                if (no == 0) {
                    /* no goal open: every cell unreachable */
                    int32_t c;
                    read_field(inc, w, h, &fi);
                    for (c = 0; c < w * h; c++)
                        if (fi.cost[c] != -1 || fi.dir[c] != LS_FLOW_NONE)
                            bad++;
                    continue;
                }
                fb = ls_flow_begin(fresh, g, &q, open, no);
                CU_ASSERT_EQUAL(fb, LS_OK);
                run(fresh, NULL, &s1);
            }
            read_field(inc, w, h, &fi);
            read_field(sliced, w, h, &fs);
            read_field(fresh, w, h, &ff);
            if (!same_field(&fi, &ff, w * h) || !same_field(&fs, &ff, w * h)) {
                if (bad++ < 3) {
                    int32_t c;
                    printf("\n    flow: trial %d edit %d: refreshed field differs (%dx%d conn %d corners %d)",
                           trial, (int)e, (int)w, (int)h, (int)q.connectivity,
                           (int)q.corner_rule);
                    if (getenv("FLOW_DEBUG"))
                        for (c = 0; c < w * h; c++)
                            if (fi.cost[c] != ff.cost[c] || fi.dir[c] != ff.dir[c] ||
                                fs.cost[c] != ff.cost[c] || fs.dir[c] != ff.dir[c])
                                printf("\n      (%d,%d) inc %d/%d sliced %d/%d fresh %d/%d",
                                       (int)(c % w), (int)(c / w), (int)fi.cost[c], fi.dir[c],
                                       (int)fs.cost[c], fs.dir[c], (int)ff.cost[c], ff.dir[c]);
                }
            }
        }
        ls_flow_destroy(inc);
        ls_flow_destroy(sliced);
        ls_flow_destroy(fresh);
        ls_grid_destroy(g);
    }
    CU_ASSERT(sequences >= (int)tu_trials(12000));
    CU_ASSERT(updates > (int)tu_trials(6000));
    /* most updates are incremental, not fresh fields */
    CU_ASSERT(incremental * 10 > updates * 6);
    printf("\n    flow: %d edit sequences, %d updates, %d incremental ", sequences,
           updates, incremental);
    CU_ASSERT_EQUAL(bad, 0);
}

int suite_flow_exact_register(void)
{
    CU_pSuite s = CU_add_suite("flow_exact", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "costs and directions match ls_find_path",
                     test_costs_and_directions_match_ls_find_path) ||
        !CU_add_test(s, "slicing does not change the field",
                     test_slicing_does_not_change_the_field) ||
        !CU_add_test(s, "a refreshed field equals a fresh one",
                     test_refreshed_field_equals_a_fresh_one))
        return -1;
    return 0;
}
