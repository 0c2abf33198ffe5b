/* SPDX-License-Identifier: MIT */
/*
 * suite_flow_model.c - ls_flow against the oracle's flow-field model
 * (tests/oracle/flow.c, written from lockstar_flow.h alone): on random
 * grids (sizes 1x1 to 40x40, obstacles, terrain up to 255), options (both
 * connectivities, every corner rule, step costs 1/1 to 65535/131070) and
 * goals (one to eight, repeated ones, blocked ones refused), every cell's
 * cost and direction, the field digest and the expansion count of a fresh
 * field, sliced under random budgets; then after random edits (cells,
 * rectangles, goals blocked and reopened) and ls_flow_refresh, the same
 * against the model on the edited cells. Fields that overflow LS_COST_MAX
 * are compared by status and expansions (the cells of cost <= LS_COST_MAX).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suites.h"
#include "test_util.h"

enum { FM_MAXW = 40, FM_MAXH = 40, FM_MAXG = 8, FM_CASES = 1500 };
#define FM_CELLS (FM_MAXW * FM_MAXH)

static struct {
    uint32_t fields, refreshes, cells, overflows, refused, unchanged;
} fm_count;

static void fm_options(ls_rng *rng, ls_query *q)
{
    static const uint32_t big[][2] = {
        { 1, 1 }, { 1, 2 }, { 10, 14 }, { 4096, 5793 }, { 65535, 131070 },
        { 60000, 60000 }, { 7, 9 }
    };
    ls_query_init(q);
    q->connectivity = ls_rng_below(rng, 3) == 0 ? LS_CONNECT_4 : LS_CONNECT_8;
    q->corner_rule = (int32_t)ls_rng_below(rng, 3);
    if (ls_rng_below(rng, 3) == 0) {
        uint32_t k = ls_rng_below(rng, 7);
        q->straight_cost = big[k][0];
        q->diagonal_cost = big[k][1];
    } else {
        q->straight_cost = 1 + ls_rng_below(rng, 20);
        q->diagonal_cost =
            q->straight_cost + ls_rng_below(rng, q->straight_cost + 1);
    }
}

/* Compare the flow (complete, status st) with the model on cells. */
static void fm_compare(const ls_flow *f, ls_status st, uint32_t expansions,
                       const uint8_t *cells, int32_t w, int32_t h,
                       const ls_query *q, const ls_point *goals, uint32_t n,
                       uint32_t seed)
{
    static int32_t cost[FM_CELLS];
    static uint8_t dir[FM_CELLS];
    or_flow_field m;
    size_t count = (size_t)w * (size_t)h, i;
    uint64_t digest = 0;

    CU_ASSERT_EQUAL_FATAL(or_flow(cells, w, h, q, goals, n, &m) !=
                              LS_ERR_OUT_OF_MEMORY, 1);
    if (st != m.status)
        fprintf(stderr, "flow_model: case %u: status %d, model %d\n", seed,
                (int)st, (int)m.status);
    CU_ASSERT_EQUAL(st, m.status);
    if (m.status == LS_ERR_COST_OVERFLOW) {
        fm_count.overflows++;
        CU_ASSERT_EQUAL(ls_flow_costs(f, cost, count), LS_ERR_COST_OVERFLOW);
        or_flow_free(&m);
        return;
    }
    if (st != LS_OK) {
        or_flow_free(&m);
        return;
    }
    if (expansions != UINT32_MAX) {
        if (expansions != m.reached)
            fprintf(stderr, "flow_model: case %u: expansions %u, model %u\n",
                    seed, expansions, m.reached);
        CU_ASSERT_EQUAL(expansions, m.reached);
    }
    CU_ASSERT_EQUAL(ls_flow_costs(f, cost, count), LS_OK);
    CU_ASSERT_EQUAL(ls_flow_directions(f, dir, count), LS_OK);
    CU_ASSERT_EQUAL(ls_flow_digest(f, &digest), LS_OK);
    for (i = 0; i < count; i++) {
        if (cost[i] != m.cost[i] || dir[i] != m.direction[i]) {
            fprintf(stderr,
                    "flow_model: case %u: cell %u,%u: cost %d dir %u, "
                    "model %d %u\n",
                    seed, (unsigned)(i % (size_t)w), (unsigned)(i / (size_t)w),
                    cost[i], dir[i], m.cost[i], m.direction[i]);
            CU_FAIL("a cell differs from the model");
            break;
        }
    }
    CU_ASSERT_EQUAL(digest, or_flow_digest(m.cost, m.direction, count));
    fm_count.cells += (uint32_t)count;
    or_flow_free(&m);
}

/* Step the begun field or update to its end under random budgets; the
 * expansions of all steps in *sum. */
static ls_status fm_run(ls_flow *f, ls_rng *rng, uint32_t *sum)
{
    ls_status st;
    uint32_t total = 0, did;
    int one = ls_rng_below(rng, 3) == 0;
    do {
        uint32_t budget = one ? 0 : 1 + ls_rng_below(rng, 1 + ls_rng_below(rng, 200));
        st = ls_flow_step(f, budget, &did);
        total += did;
    } while (st == LS_IN_PROGRESS);
    *sum = total;
    return st;
}

static void fm_edit(ls_rng *rng, ls_grid *g, int32_t w, int32_t h,
                    const ls_point *goals, uint32_t n)
{
    static const uint8_t costs[] = { 0, 0, 1, 1, 2, 5, 9, 255 };
    uint32_t kind = ls_rng_below(rng, 5);
    uint8_t c = costs[ls_rng_below(rng, 8)];
    if (kind == 0) {
        const ls_point *p = &goals[ls_rng_below(rng, n)];
        ls_grid_set(g, p->x, p->y, ls_rng_below(rng, 2) ? 0 : 1);
    } else if (kind == 1) {
        int32_t x = (int32_t)ls_rng_below(rng, (uint32_t)w);
        int32_t y = (int32_t)ls_rng_below(rng, (uint32_t)h);
        int32_t rw = 1 + (int32_t)ls_rng_below(rng, (uint32_t)(w - x));
        int32_t rh = 1 + (int32_t)ls_rng_below(rng, (uint32_t)(h - y));
        if (rw > 6)
            rw = 6;
        if (rh > 6)
            rh = 6;
        ls_grid_set_rect(g, x, y, rw, rh, c);
    } else {
        int32_t x = (int32_t)ls_rng_below(rng, (uint32_t)w);
        int32_t y = (int32_t)ls_rng_below(rng, (uint32_t)h);
        ls_grid_set(g, x, y, c);
    }
}

static void test_model(void)
{
    static const uint8_t terrains[] = { 1, 3, 9, 255 };
    ls_rng rng;
    uint32_t k;

    memset(&fm_count, 0, sizeof fm_count);
    ls_rng_seed(&rng, 0x666c6f77u);
    for (k = 0; k < tu_trials(FM_CASES); k++) { /* fewer when emulated */
        /* One case in 16 a long strip of cost 255 at step costs of 65535
         * and more: fields past LS_COST_MAX (129 dear straight steps). */
        int dear = ls_rng_below(&rng, 16) == 0;
        int32_t w = dear ? FM_MAXW * FM_MAXH / 4 - (int32_t)ls_rng_below(&rng, 300)
                         : 1 + (int32_t)ls_rng_below(&rng, FM_MAXW);
        int32_t h = dear ? 1 + (int32_t)ls_rng_below(&rng, 4)
                         : 1 + (int32_t)ls_rng_below(&rng, FM_MAXH);
        /* Draws in their own statements: the order a call's arguments
         * are evaluated in differs between compilers, and the cases must
         * be the same on every target. */
        uint32_t blocked = dear ? 3 : ls_rng_below(&rng, 45);
        uint32_t terrain = ls_rng_below(&rng, 60);
        uint8_t top = terrains[ls_rng_below(&rng, 4)];
        ls_grid *g = tu_random_grid(&rng, w, h, blocked, terrain, top);
        ls_point goals[FM_MAXG];
        uint32_t n = 1 + ls_rng_below(&rng, FM_MAXG), i, sum, total, round;
        ls_query q;
        ls_flow *f = NULL;
        ls_status st, want;
        uint8_t *cells;
        int32_t cw, ch;

        CU_ASSERT_PTR_NOT_NULL_FATAL(g);
        fm_options(&rng, &q);
        if (dear) {
            int32_t x, y;
            uint8_t c;
            for (y = 0; y < h; y++)
                for (x = 0; x < w; x++)
                    if (ls_grid_get(g, x, y, &c) == LS_OK && c != 0)
                        ls_grid_set(g, x, y, 255);
            q.straight_cost = 65535 - ls_rng_below(&rng, 2000);
            q.diagonal_cost = q.straight_cost + ls_rng_below(&rng, q.straight_cost + 1);
        }
        for (i = 0; i < n; i++) {
            if (i > 0 && ls_rng_below(&rng, 6) == 0) {
                goals[i] = goals[ls_rng_below(&rng, i)]; /* repeated */
                continue;
            }
            goals[i].x = (int32_t)ls_rng_below(&rng, (uint32_t)w);
            goals[i].y = (int32_t)ls_rng_below(&rng, (uint32_t)h);
            if (ls_rng_below(&rng, 4) != 0)
                tu_random_open_cell(&rng, g, &goals[i].x, &goals[i].y);
        }
        CU_ASSERT_EQUAL_FATAL(ls_flow_create(w, h, FM_MAXG, NULL, &f), LS_OK);
        cells = tu_cells(g, &cw, &ch);
        CU_ASSERT_PTR_NOT_NULL_FATAL(cells);
        want = or_flow_goals(cells, w, h, goals, n);
        st = ls_flow_begin(f, g, &q, goals, n);
        CU_ASSERT_EQUAL(st, want);
        if (st != LS_OK) {
            fm_count.refused++;
            free(cells);
            ls_flow_destroy(f);
            ls_grid_destroy(g);
            continue;
        }
        st = fm_run(f, &rng, &sum);
        CU_ASSERT_EQUAL(ls_flow_expansions(f, &total), LS_OK);
        CU_ASSERT_EQUAL(sum, total);
        fm_compare(f, st, st == LS_OK ? total : UINT32_MAX, cells, w, h, &q,
                   goals, n, k);
        if (st == LS_ERR_COST_OVERFLOW) {
            or_flow_field m;
            or_flow(cells, w, h, &q, goals, n, &m);
            CU_ASSERT_EQUAL(total, m.settled);
            or_flow_free(&m);
        }
        fm_count.fields++;
        free(cells);
        for (round = 0; round < 1 + ls_rng_below(&rng, 4); round++) {
            uint32_t e, edits = ls_rng_below(&rng, 6);
            for (e = 0; e < edits; e++)
                fm_edit(&rng, g, w, h, goals, n);
            st = ls_flow_refresh(f, g);
            if (st == LS_OK)
                fm_count.unchanged++;
            else
                st = fm_run(f, &rng, &sum);
            cells = tu_cells(g, &cw, &ch);
            CU_ASSERT_PTR_NOT_NULL_FATAL(cells);
            /* An update's expansions are its own; a fresh field's count
             * is not asked of it. */
            fm_compare(f, st, UINT32_MAX, cells, w, h, &q, goals, n, k);
            fm_count.refreshes++;
            free(cells);
        }
        ls_flow_destroy(f);
        ls_grid_destroy(g);
    }
    printf("\nflow_model: %u fields and %u refreshes (%u unchanged) equal to "
           "the model, %u cells; %u overflowed, %u begins refused\n",
           fm_count.fields, fm_count.refreshes, fm_count.unchanged,
           fm_count.cells, fm_count.overflows, fm_count.refused);
}

int suite_flow_model_register(void)
{
    CU_pSuite s = CU_add_suite("flow_model", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "fields and refreshed fields equal the model",
                     test_model))
        return -1;
    return 0;
}
