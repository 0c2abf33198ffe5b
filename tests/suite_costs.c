/* SPDX-License-Identifier: MIT */
/*
 * suite_costs.c - ls_search_cell_costs, each figure against a computation
 * of its own from the header's rules, never from the search's code:
 *   - g of a closed cell (A*, consistent heuristics) equals the oracle's
 *     Dijkstra cost from the start; g of an open cell is the best offer
 *     of its closed neighbours (the "strictly smaller g" rule re-derived);
 *     along a found path (A* or JPS, any weight) g is the path's cost so
 *     far, summed with the oracle's step costs;
 *   - h is the header's formula written again here, f = g + floor(h *
 *     weight / 65536); and f is the key the open list orders by: stepped
 *     one expansion at a time, the cell expanded next is always the
 *     smallest (f, g by tie-break, index) of the cells open before;
 *   - unvisited cells (JPS's jumped-over cells, an earlier query's cells)
 *     read -1; both context kinds and any slicing agree; the errors.
 */
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "suites.h"
#include "test_util.h"

enum { CAP = 4096 };
static ls_point path[CAP];

static ls_query query(int32_t sx, int32_t sy, int32_t gx, int32_t gy)
{
    ls_query q;
    ls_query_init(&q);
    q.start_x = sx;
    q.start_y = sy;
    q.goal_x = gx;
    q.goal_y = gy;
    return q;
}

/* h as lockstar.h defines it ("Heuristics"), from q alone. */
static int64_t header_h(const ls_query *q, int32_t x, int32_t y)
{
    int64_t dx = x > q->goal_x ? x - q->goal_x : q->goal_x - x;
    int64_t dy = y > q->goal_y ? y - q->goal_y : q->goal_y - y;
    int64_t lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    int64_t s = q->straight_cost, d = q->diagonal_cost;
    int32_t heuristic = q->heuristic;
    if (heuristic == LS_HEURISTIC_AUTO)
        heuristic = q->connectivity == LS_CONNECT_8 ? LS_HEURISTIC_OCTILE
                                                    : LS_HEURISTIC_MANHATTAN;
    switch (heuristic) {
    case LS_HEURISTIC_OCTILE: return d * lo + s * (hi - lo);
    case LS_HEURISTIC_MANHATTAN: return s * (dx + dy);
    case LS_HEURISTIC_CHEBYSHEV: return s * hi;
    default: return 0;
    }
}

/* f = g + floor(h * weight / 65536) ("Search order"). */
static int64_t header_f(const ls_query *q, int64_t g, int64_t h)
{
    return g + (int64_t)(((uint64_t)h * (uint64_t)q->weight) >> 16);
}

/* Every cell's figures, row-major, each checked: LS_OK, the state equal to
 * ls_search_cell_state's, -1s when unvisited, else h and f by the header.
 * A malloc'd array, or NULL when any of that fails. */
static ls_cell_costs *read_costs(const ls_search *s, const ls_query *q,
                                 int32_t w, int32_t h)
{
    ls_cell_costs *all = malloc(sizeof *all * (size_t)w * (size_t)h);
    int32_t x, y;
    if (!all)
        return NULL;
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++) {
            ls_cell_costs *c = &all[(size_t)y * (size_t)w + (size_t)x];
            int32_t state = -7;
            int ok = ls_search_cell_costs(s, x, y, c) == LS_OK &&
                     ls_search_cell_state(s, x, y, &state) == LS_OK &&
                     c->state == state;
            if (ok && state == LS_VISIT_NONE)
                ok = c->g == -1 && c->h == -1 && c->f == -1;
            else if (ok)
                ok = c->g >= 0 && c->h == header_h(q, x, y) &&
                     c->f == header_f(q, c->g, c->h);
            if (!ok) {
                free(all);
                return NULL;
            }
        }
    return all;
}

/* Is p[i] a cell where the path turns (or its first or last)? */
static int turns_at(const ls_point *p, uint32_t length, uint32_t i)
{
    if (i == 0 || i + 1 == length)
        return 1;
    return p[i].x - p[i - 1].x != p[i + 1].x - p[i].x ||
           p[i].y - p[i - 1].y != p[i + 1].y - p[i].y;
}

static int appears_once(const ls_point *p, uint32_t length, uint32_t i)
{
    uint32_t k;
    for (k = 0; k < length; k++)
        if (k != i && p[k].x == p[i].x && p[k].y == p[i].y)
            return 0;
    return 1;
}

/* Along the found path, the goal's parent chain, a cell of the chain has
 * the path's cost so far as its g; the goal's is the result's cost. With
 * A* every cell of the path is in the chain (and none repeats). With JPS
 * (jps) the chain's cells are its jump points, among them every cell
 * where the path turns; a cell a jump passes over may read unvisited, or
 * reached by another jump with a g of its own, so only the turns are
 * checked, and of a weighted path that crosses itself only the cells it
 * visits once. */
static int path_costs_hold(const ls_grid *g, const ls_query *q,
                           const ls_cell_costs *costs, const ls_point *p,
                           uint32_t length, int32_t cost, int jps)
{
    int32_t w, h;
    uint8_t *cells = tu_cells(g, &w, &h);
    int64_t so_far = 0;
    uint32_t i;
    int ok = cells != NULL;
    for (i = 0; ok && i < length; i++) {
        const ls_cell_costs *c = &costs[(size_t)p[i].y * (size_t)w + (size_t)p[i].x];
        if (i > 0) {
            int64_t step = tu_step_cost(cells, w, h, q, p[i - 1].x, p[i - 1].y,
                                        p[i].x - p[i - 1].x, p[i].y - p[i - 1].y);
            ok = step > 0;
            so_far += step;
        }
        if (!jps || (turns_at(p, length, i) && appears_once(p, length, i)))
            ok = ok && c->state != LS_VISIT_NONE && c->g == so_far;
    }
    ok = ok && so_far == cost && costs[(size_t)q->goal_y * (size_t)w +
                                       (size_t)q->goal_x].g == cost;
    free(cells);
    return ok;
}

/* A*'s figures against the oracle: closed cells have the Dijkstra cost
 * (the heuristic being consistent), open cells the smallest offer of a
 * closed neighbour, g(neighbour) + step cost. 1 when it holds. */
static int astar_g_holds(const ls_grid *g, const ls_query *q,
                         const ls_cell_costs *costs, const int64_t *best)
{
    int32_t w, h, x, y, dx, dy;
    uint8_t *cells = tu_cells(g, &w, &h);
    int ok = cells != NULL;
    for (y = 0; ok && y < h; y++)
        for (x = 0; ok && x < w; x++) {
            const ls_cell_costs *c = &costs[(size_t)y * (size_t)w + (size_t)x];
            int64_t offer = -1;
            if (c->state == LS_VISIT_CLOSED) {
                ok = c->g == best[(size_t)y * (size_t)w + (size_t)x];
                continue;
            }
            if (c->state != LS_VISIT_OPEN ||
                (x == q->start_x && y == q->start_y))
                continue;
            for (dy = -1; dy <= 1; dy++)
                for (dx = -1; dx <= 1; dx++) {
                    const ls_cell_costs *n;
                    int64_t step;
                    if (x - dx < 0 || y - dy < 0 || x - dx >= w || y - dy >= h)
                        continue;
                    n = &costs[(size_t)(y - dy) * (size_t)w + (size_t)(x - dx)];
                    step = tu_step_cost(cells, w, h, q, x - dx, y - dy, dx, dy);
                    if (n->state == LS_VISIT_CLOSED && step > 0 &&
                        (offer < 0 || n->g + step < offer))
                        offer = n->g + step;
                }
            ok = offer == c->g;
        }
    free(cells);
    return ok;
}

static void test_costs_errors(void)
{
    static const char *const rows[] = { "S..", ".#.", "..G" };
    ls_grid *g = tu_grid_from_rows(rows, 3);
    ls_search *s = NULL;
    ls_query q = query(0, 0, 2, 2);
    ls_cell_costs c, untouched;
    ls_result r;

    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_FATAL(ls_search_create(3, 3, NULL, &s) == LS_OK);
    memset(&untouched, 0x5A, sizeof untouched);
    c = untouched;
    CU_ASSERT_EQUAL(ls_search_cell_costs(NULL, 0, 0, &c), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_search_cell_costs(s, 0, 0, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_search_cell_costs(s, 0, 0, &c), LS_ERR_NO_QUERY);

    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, path, CAP, &r), LS_OK);
    CU_ASSERT_EQUAL(ls_search_cell_costs(s, -1, 0, &c), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_search_cell_costs(s, 0, -1, &c), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_search_cell_costs(s, 3, 0, &c), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_search_cell_costs(s, 0, 3, &c), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(memcmp(&c, &untouched, sizeof c), 0);

    /* The start: closed, g 0, h octile 2 diagonals (28). The goal: open,
     * the path's cost, h 0. The wall: never reached. */
    CU_ASSERT_EQUAL(ls_search_cell_costs(s, 0, 0, &c), LS_OK);
    CU_ASSERT(c.state == LS_VISIT_CLOSED && c.g == 0 && c.h == 28 && c.f == 28);
    CU_ASSERT_EQUAL(ls_search_cell_costs(s, 2, 2, &c), LS_OK);
    CU_ASSERT(c.state == LS_VISIT_OPEN && c.g == r.cost && c.h == 0 &&
              c.f == r.cost);
    CU_ASSERT_EQUAL(r.cost, 40);
    CU_ASSERT_EQUAL(ls_search_cell_costs(s, 1, 1, &c), LS_OK);
    CU_ASSERT(c.state == LS_VISIT_NONE && c.g == -1 && c.h == -1 && c.f == -1);

    /* An edit after the query: a closed cell's g is no longer known. */
    CU_ASSERT_EQUAL(ls_grid_set(g, 2, 0, 5), LS_OK);
    c = untouched;
    CU_ASSERT_EQUAL(ls_search_cell_costs(s, 0, 0, &c), LS_ERR_GRID_CHANGED);
    CU_ASSERT_EQUAL(ls_search_cell_costs(s, 2, 2, &c), LS_ERR_GRID_CHANGED);
    CU_ASSERT_EQUAL(memcmp(&c, &untouched, sizeof c), 0);
    /* ... and a sliced query that saw the edit ended with it too. */
    CU_ASSERT_EQUAL(ls_search_begin(s, g, &q), LS_OK);
    CU_ASSERT_EQUAL(ls_search_step(s, 1), LS_IN_PROGRESS);
    CU_ASSERT_EQUAL(ls_grid_set(g, 2, 0, 1), LS_OK);
    CU_ASSERT_EQUAL(ls_search_step(s, 1), LS_ERR_GRID_CHANGED);
    CU_ASSERT_EQUAL(ls_search_cell_costs(s, 0, 0, &c), LS_ERR_GRID_CHANGED);

    /* A refused begin leaves no query to read. */
    q.goal_x = 1;
    q.goal_y = 1;
    CU_ASSERT_EQUAL(ls_search_begin(s, g, &q), LS_ERR_GOAL_BLOCKED);
    CU_ASSERT_EQUAL(ls_search_cell_costs(s, 0, 0, &c), LS_ERR_NO_QUERY);
    CU_ASSERT_EQUAL(memcmp(&c, &untouched, sizeof c), 0);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/* start == goal: the start is open with 0, 0, 0; an earlier, larger
 * query's cells read unvisited (their nodes still hold old g values: the
 * generation rule, not the node's g, decides). */
static void test_costs_generations(void)
{
    static const char *const rows[] = { "....", ".2..", "...." };
    ls_grid *g = tu_grid_from_rows(rows, 3);
    ls_search *s = NULL, *fresh = NULL;
    ls_query q = query(0, 0, 3, 2), small = query(3, 0, 3, 1);
    ls_cell_costs *a, *b;
    ls_cell_costs c;
    ls_result r;
    uint32_t k, none = 0;

    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_FATAL(ls_search_create(4, 3, NULL, &s) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(4, 3, NULL, &fresh) == LS_OK);
    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, path, CAP, &r), LS_OK);
    q = query(1, 1, 1, 1);
    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, path, CAP, &r), LS_OK);
    CU_ASSERT_EQUAL(ls_search_cell_costs(s, 1, 1, &c), LS_OK);
    CU_ASSERT(c.state == LS_VISIT_OPEN && c.g == 0 && c.h == 0 && c.f == 0);
    a = read_costs(s, &q, 4, 3);
    CU_ASSERT_FATAL(a != NULL);
    for (k = 0; k < 12; k++)
        none += a[k].state == LS_VISIT_NONE;
    CU_ASSERT_EQUAL(none, 11u);
    free(a);

    /* Past the generation wrap (8191 queries), figures as a fresh
     * context's. */
    q = query(0, 0, 3, 2);
    for (k = 0; k < 8200; k++)
        CU_ASSERT_EQUAL_FATAL(ls_find_path(s, g, k % 2 ? &small : &q, path,
                                           CAP, &r), LS_OK);
    CU_ASSERT_EQUAL(ls_find_path(fresh, g, &small, path, CAP, &r), LS_OK);
    a = read_costs(s, &small, 4, 3);
    b = read_costs(fresh, &small, 4, 3);
    CU_ASSERT_FATAL(a != NULL && b != NULL);
    CU_ASSERT_EQUAL(memcmp(a, b, sizeof *a * 12), 0);
    free(a);
    free(b);
    ls_search_destroy(s);
    ls_search_destroy(fresh);
    ls_grid_destroy(g);
}

/* Random grids with terrain, A* with consistent heuristics (octile and
 * Chebyshev with 8-connectivity, Manhattan and Chebyshev with 4, zero),
 * step costs and tie-breaks varied: after every single expansion the
 * figures follow the oracle (astar_g_holds); the found path's costs hold;
 * a compact context run at once reads the same. */
static void test_costs_astar_oracle(void)
{
    static const int32_t h8[] = { LS_HEURISTIC_AUTO, LS_HEURISTIC_CHEBYSHEV,
                                  LS_HEURISTIC_ZERO };
    static const int32_t h4[] = { LS_HEURISTIC_AUTO, LS_HEURISTIC_CHEBYSHEV,
                                  LS_HEURISTIC_ZERO };
    ls_rng rng;
    uint32_t trial, checked = 0, wrong = 0, closed = 0;

    ls_rng_seed(&rng, 0xC057u);
    for (trial = 0; trial < 48; trial++) {
        int32_t w = 3 + (int32_t)ls_rng_below(&rng, 16);
        int32_t h = 3 + (int32_t)ls_rng_below(&rng, 16);
        size_t n = (size_t)w * (size_t)h, i;
        ls_grid *g = tu_random_grid(&rng, w, h, ls_rng_below(&rng, 35),
                                    trial % 2 ? 40 : 0, 9);
        ls_search *s = NULL, *c = NULL;
        ls_cell_costs *costs = NULL, *once;
        int64_t *best;
        ls_query q;
        ls_result r;
        ls_status status;
        uint32_t length = 0;

        CU_ASSERT_FATAL(g != NULL);
        q = query(0, 0, 0, 0);
        tu_random_open_cell(&rng, g, &q.start_x, &q.start_y);
        tu_random_open_cell(&rng, g, &q.goal_x, &q.goal_y);
        q.connectivity = trial % 3 == 0 ? LS_CONNECT_4 : LS_CONNECT_8;
        q.corner_rule = (int32_t)(trial % 3);
        q.heuristic = q.connectivity == LS_CONNECT_8 ? h8[(trial / 3) % 3]
                                                     : h4[(trial / 3) % 3];
        q.tie_break = (int32_t)((trial / 2) % 2);
        if (trial % 4 == 1) {
            q.straight_cost = 3 + ls_rng_below(&rng, 100);
            q.diagonal_cost = q.straight_cost + ls_rng_below(&rng, q.straight_cost + 1);
        }
        best = tu_dijkstra_all(g, &q, NULL);
        CU_ASSERT_FATAL(best != NULL);
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
        CU_ASSERT_FATAL(ls_search_create_with(w, h, LS_SEARCH_COMPACT, NULL,
                                              &c) == LS_OK);
        CU_ASSERT_FATAL(ls_search_begin(s, g, &q) == LS_OK);
        do {
            status = ls_search_step(s, 1);
            free(costs);
            costs = read_costs(s, &q, w, h);
            if (!costs || !astar_g_holds(g, &q, costs, best))
                wrong++;
            checked++;
        } while (status == LS_IN_PROGRESS && costs);
        CU_ASSERT_FATAL(costs != NULL);
        for (i = 0; i < n; i++)
            closed += costs[i].state == LS_VISIT_CLOSED;
        if (status == LS_OK) {
            CU_ASSERT_EQUAL(ls_search_result(s, &r), LS_OK);
            CU_ASSERT_EQUAL(ls_search_path(s, path, CAP, &length), LS_OK);
            if (!path_costs_hold(g, &q, costs, path, length, r.cost, 0))
                wrong++;
        }
        if (ls_search_check(c, g, &q) == LS_OK) {
            CU_ASSERT_EQUAL(ls_find_path(c, g, &q, path, CAP, &r), status);
            once = read_costs(c, &q, w, h);
            if (!once || memcmp(once, costs, sizeof *once * n) != 0)
                wrong++;
            free(once);
        }
        free(costs);
        costs = NULL;
        free(best);
        ls_search_destroy(s);
        ls_search_destroy(c);
        ls_grid_destroy(g);
    }
    CU_ASSERT_EQUAL(wrong, 0u);
    CU_ASSERT(checked > 300u);
    CU_ASSERT(closed > 300u);
}

/* Is key (f, g, index) before (f2, g2, index2) in the search order? */
static int key_before(const ls_query *q, const ls_cell_costs *a, size_t ia,
                      const ls_cell_costs *b, size_t ib)
{
    if (a->f != b->f)
        return a->f < b->f;
    if (a->g != b->g)
        return q->tie_break == LS_TIE_HIGH_G ? a->g > b->g : a->g < b->g;
    return ia < ib;
}

/* f is the key the open list uses, for every heuristic (Manhattan with
 * 8-connectivity, inconsistent, included), weights above 1.0 and both
 * tie-breaks: stepped one expansion at a time, the cell each step closes
 * is the smallest key of the cells open before it, and the goal of a found
 * path was the smallest key when the search stopped. Found paths' costs
 * hold (weighted searches included). */
static void test_costs_key_order(void)
{
    static const fix16_t weights[] = { 0x10000, 0x18000, 0x1C71C, 0x38000 };
    ls_rng rng;
    uint32_t trial, steps = 0, wrong = 0;

    ls_rng_seed(&rng, 0x0FDE7u);
    for (trial = 0; trial < 40; trial++) {
        int32_t w = 3 + (int32_t)ls_rng_below(&rng, 14);
        int32_t h = 3 + (int32_t)ls_rng_below(&rng, 14);
        size_t n = (size_t)w * (size_t)h, i, top = 0, closed_now = n;
        ls_grid *g = tu_random_grid(&rng, w, h, ls_rng_below(&rng, 30),
                                    trial % 2 ? 40 : 0, 7);
        ls_search *s = NULL;
        ls_cell_costs *before = NULL, *after;
        ls_query q;
        ls_result r;
        ls_status status;
        uint32_t length = 0;

        CU_ASSERT_FATAL(g != NULL);
        q = query(0, 0, 0, 0);
        tu_random_open_cell(&rng, g, &q.start_x, &q.start_y);
        tu_random_open_cell(&rng, g, &q.goal_x, &q.goal_y);
        q.connectivity = trial % 4 == 0 ? LS_CONNECT_4 : LS_CONNECT_8;
        q.corner_rule = (int32_t)(trial % 3);
        q.heuristic = (int32_t)(trial % 5);
        q.tie_break = (int32_t)((trial / 5) % 2);
        q.weight = weights[(trial / 2) % 4];
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
        CU_ASSERT_FATAL(ls_search_begin(s, g, &q) == LS_OK);
        before = read_costs(s, &q, w, h);
        CU_ASSERT_FATAL(before != NULL);
        do {
            int found = 0;
            status = ls_search_step(s, 1);
            after = read_costs(s, &q, w, h);
            CU_ASSERT_FATAL(after != NULL);
            /* The smallest key open before this step. */
            for (i = 0; i < n; i++)
                if (before[i].state == LS_VISIT_OPEN &&
                    (!found || key_before(&q, &before[i], i, &before[top], top))) {
                    top = i;
                    found = 1;
                }
            closed_now = n;
            for (i = 0; i < n; i++)
                if (after[i].state == LS_VISIT_CLOSED &&
                    before[i].state != LS_VISIT_CLOSED) {
                    if (closed_now != n)
                        wrong++; /* two closed by one expansion */
                    closed_now = i;
                }
            /* A step of budget 1 expands one cell, unless the goal (or
             * nothing) is on top first. */
            if (closed_now != n ? !found || closed_now != top
                                : status == LS_IN_PROGRESS)
                wrong++;
            /* The search stopped with the goal on top. */
            if (status == LS_OK) {
                found = 0;
                for (i = 0; i < n; i++)
                    if (after[i].state == LS_VISIT_OPEN &&
                        (!found || key_before(&q, &after[i], i, &after[top], top))) {
                        top = i;
                        found = 1;
                    }
                if (!found || top != (size_t)q.goal_y * (size_t)w + (size_t)q.goal_x)
                    wrong++;
            }
            free(before);
            before = after;
            steps++;
        } while (status == LS_IN_PROGRESS);
        if (status == LS_OK) {
            CU_ASSERT_EQUAL(ls_search_result(s, &r), LS_OK);
            CU_ASSERT_EQUAL(ls_search_path(s, path, CAP, &length), LS_OK);
            if (!path_costs_hold(g, &q, before, path, length, r.cost, 0))
                wrong++;
        }
        free(before);
        ls_search_destroy(s);
        ls_grid_destroy(g);
    }
    CU_ASSERT_EQUAL(wrong, 0u);
    CU_ASSERT(steps > 300u);
}

/* JPS: a jump's inner cells read unvisited; jump points' g along the path
 * is the path's cost so far, never below the oracle's; full and compact
 * contexts, sliced or not, read the same; weighted JPS's path too. */
static void test_costs_jps(void)
{
    static const char *const rows[] = {
        "##########",
        "S........G",
        "##########",
    };
    ls_grid *g = tu_grid_from_rows(rows, 3);
    ls_search *s = NULL, *c = NULL;
    ls_query q = query(0, 1, 9, 1);
    ls_cell_costs one;
    ls_result r;
    ls_rng rng;
    uint32_t trial, wrong = 0, length = 0;

    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_FATAL(ls_search_create(10, 3, NULL, &s) == LS_OK);
    q.algorithm = LS_ALGO_JPS;
    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, path, CAP, &r), LS_OK);
    CU_ASSERT_EQUAL(ls_search_cell_costs(s, 5, 1, &one), LS_OK);
    CU_ASSERT(one.state == LS_VISIT_NONE && one.g == -1 && one.f == -1);
    CU_ASSERT_EQUAL(ls_search_cell_costs(s, 9, 1, &one), LS_OK);
    CU_ASSERT(one.state == LS_VISIT_OPEN && one.g == 90 && one.h == 0 &&
              one.f == 90);
    ls_search_destroy(s);
    ls_grid_destroy(g);

    ls_rng_seed(&rng, 0x7A7Au);
    for (trial = 0; trial < 30; trial++) {
        int32_t w = 8 + (int32_t)ls_rng_below(&rng, 30);
        int32_t h = 8 + (int32_t)ls_rng_below(&rng, 30);
        size_t n = (size_t)w * (size_t)h, i;
        ls_cell_costs *full, *sliced = NULL;
        int64_t *best;
        ls_status a, b = LS_OK;
        g = tu_random_grid(&rng, w, h, ls_rng_below(&rng, 35), 0, 1);
        CU_ASSERT_FATAL(g != NULL);
        q = query(0, 0, 0, 0);
        q.algorithm = LS_ALGO_JPS;
        q.weight = trial % 3 == 2 ? 0x20000 : 0x10000;
        tu_random_open_cell(&rng, g, &q.start_x, &q.start_y);
        tu_random_open_cell(&rng, g, &q.goal_x, &q.goal_y);
        best = tu_dijkstra_all(g, &q, NULL);
        CU_ASSERT_FATAL(best != NULL);
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
        CU_ASSERT_FATAL(ls_search_create_with(w, h, LS_SEARCH_COMPACT, NULL,
                                              &c) == LS_OK);
        a = ls_find_path(s, g, &q, path, CAP, &r);
        full = read_costs(s, &q, w, h);
        CU_ASSERT_FATAL(full != NULL);
        for (i = 0; i < n; i++)
            if (full[i].state != LS_VISIT_NONE && full[i].g < best[i])
                wrong++;
        if (a == LS_OK) {
            CU_ASSERT_EQUAL(ls_search_path(s, path, CAP, &length), LS_OK);
            if (!path_costs_hold(g, &q, full, path, length, r.cost, 1))
                wrong++;
        }
        if (ls_search_check(c, g, &q) == LS_OK) {
            CU_ASSERT_FATAL(ls_search_begin(c, g, &q) == LS_OK);
            while ((b = ls_search_step(c, 3)) == LS_IN_PROGRESS)
                ;
            sliced = read_costs(c, &q, w, h);
            if (a != b || !sliced || memcmp(full, sliced, sizeof *full * n) != 0)
                wrong++;
            free(sliced);
        }
        free(full);
        free(best);
        ls_search_destroy(s);
        ls_search_destroy(c);
        ls_grid_destroy(g);
    }
    CU_ASSERT_EQUAL(wrong, 0u);
}

int suite_costs_register(void)
{
    CU_pSuite s = CU_add_suite("costs", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "cell costs: errors, nothing written on any", test_costs_errors) ||
        !CU_add_test(s, "cell costs: generations decide, not old g values",
                     test_costs_generations) ||
        !CU_add_test(s, "cell costs: A* g against Dijkstra and its offers, step by step",
                     test_costs_astar_oracle) ||
        !CU_add_test(s, "cell costs: f is the key the open list pops by",
                     test_costs_key_order) ||
        !CU_add_test(s, "cell costs: JPS jump points, any context or slicing",
                     test_costs_jps))
        return -1;
    return 0;
}
