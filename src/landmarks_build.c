/* SPDX-License-Identifier: MIT */
/*
 * landmarks_build.c - computing landmark tables in slices: the connected
 * parts (to place every landmark in the largest), then one flow field per
 * landmark (src/flow*.c: the one Dijkstra of the library, with the
 * query's move rules), each copied into the table and used to place the
 * next landmark farthest from those placed. Every phase keeps its
 * position in struct ls_landmarks, so any cut of the work into calls
 * ends in the same tables (lockstar_landmarks.h, "Work").
 */
#include "direction.h"
#include "flow.h"
#include "grid.h"
#include "landmarks.h"

/* A flow field's cost of cell c as ls_flow_cost reads it, with
 * LS_LANDMARK_FAR for a cell that reaches no goal. */
static uint32_t field_cost(const ls_flow *f, uint32_t c)
{
    uint8_t d = f->dir[c];
    return d == LS_FLOW_UNSET || d == LS_FLOW_NONE ? LS_LANDMARK_FAR
                                                    : f->cost[c];
}

static ls_query moves_of(const ls_landmarks_config *cfg)
{
    ls_query q;
    ls_query_init(&q);
    q.connectivity = cfg->connectivity;
    q.corner_rule = cfg->corner_rule;
    q.straight_cost = cfg->straight_cost;
    q.diagonal_cost = cfg->diagonal_cost;
    return q;
}

void ls__landmarks_restart(struct ls_landmarks *lm)
{
    lm->phase = LS_LM_PHASE_CLEAR;
    lm->cursor = 0;
    lm->head = lm->tail = 0;
    lm->part_root = lm->part_size = 0;
    lm->best_root = LS_LANDMARK_FAR;
    lm->best_size = 0;
    lm->field = 0;
    lm->goal = LS_LANDMARK_FAR;
}

/* Column 0 of the table marks the cells the parts' search has reached
 * (the fields overwrite it later); also finds the first passable cell. */
static void run_clear(const ls_grid *grid, struct ls_landmarks *lm,
                      uint32_t budget, uint32_t *n)
{
    const uint32_t stride = lm->config.count;
    if (lm->cursor == 0)
        lm->count = 0; /* the tables are unusable from here on */
    while (lm->cursor < lm->cell_count && (budget == 0 || *n < budget)) {
        uint32_t c = lm->cursor++;
        lm->dist[(size_t)c * stride] = 0;
        if (lm->goal == LS_LANDMARK_FAR && grid->cells[c] != LS_CELL_BLOCKED)
            lm->goal = c;
        ++*n;
    }
    if (lm->cursor == lm->cell_count) {
        lm->cursor = 0;
        lm->phase = LS_LM_PHASE_PARTS_BEGIN;
    }
}

/* Search the connected parts in cell order, each breadth first through
 * the flow's legal steps (ls__flow_step_legal, the move rules of every
 * field), keeping the largest; ties keep the earlier, whose lowest cell
 * (its root: the scan meets each part first at its lowest cell) is
 * lower. */
static void run_parts(struct ls_landmarks *lm, uint32_t budget, uint32_t *n)
{
    const ls_flow *f = lm->flow;
    const uint32_t stride = lm->config.count;
    uint32_t *mark = lm->dist;
    for (;;) {
        if (budget != 0 && *n >= budget)
            return;
        if (lm->head < lm->tail) {
            uint32_t c = lm->queue[lm->head++], d;
            for (d = 0; d < f->dir_count; d++) {
                uint32_t m = c + (uint32_t)f->offset[d];
                if (mark[(size_t)m * stride] == 0 &&
                    ls__flow_step_legal(f, c, d)) {
                    mark[(size_t)m * stride] = 1;
                    lm->queue[lm->tail++] = m;
                }
            }
            ++*n;
            continue;
        }
        if (lm->tail != 0) { /* a part ended */
            if (lm->tail > lm->best_size) {
                lm->best_size = lm->tail;
                lm->best_root = lm->part_root;
            }
            lm->head = lm->tail = 0;
        }
        if (lm->cursor == lm->cell_count)
            break;
        {
            uint32_t c = lm->cursor++;
            if (f->cells[c] != LS_CELL_BLOCKED && mark[(size_t)c * stride] == 0) {
                mark[(size_t)c * stride] = 1;
                lm->queue[lm->tail++] = c;
                lm->part_root = c;
            }
            ++*n;
        }
    }
    lm->cursor = 0;
    lm->field = 0;
    lm->phase = LS_LM_PHASE_FIELD_BEGIN;
}

/* Copy field lm->field into the table (the seed's field, 0, is only
 * read) and find the cell whose least distance to the landmarks so far
 * is largest, ties to the lowest index: the next landmark. */
static void run_copy(struct ls_landmarks *lm, uint32_t budget, uint32_t *n)
{
    const ls_flow *f = lm->flow;
    const uint32_t stride = lm->config.count, col = lm->field;
    while (lm->cursor < lm->cell_count && (budget == 0 || *n < budget)) {
        uint32_t c = lm->cursor++, least = field_cost(f, c), j;
        uint32_t *row = lm->dist + (size_t)c * stride;
        if (col > 0) {
            row[col - 1u] = least;
            for (j = 0; j + 1u < col; j++)
                least = row[j] < least ? row[j] : least;
        }
        if (least != LS_LANDMARK_FAR &&
            (lm->far_cell == LS_LANDMARK_FAR || least > lm->far_value)) {
            lm->far_value = least;
            lm->far_cell = c;
        }
        ++*n;
    }
    if (lm->cursor < lm->cell_count)
        return;
    lm->cursor = 0;
    if (col > 0)
        lm->count = col;
    if (col == lm->config.count || lm->far_cell == LS_LANDMARK_FAR ||
        lm->far_value == 0) {
        lm->phase = LS_LM_PHASE_DONE;
        return;
    }
    lm->cells[col] = lm->far_cell;
    lm->goal = lm->far_cell;
    lm->field = col + 1u;
    lm->phase = LS_LM_PHASE_FIELD_BEGIN;
}

/* Begin the flow towards lm->goal: one indivisible piece of cell_count
 * units (ls_flow_begin writes every cell). */
static ls_status begin_field(const ls_grid *grid, struct ls_landmarks *lm,
                             uint32_t *n)
{
    ls_query q = moves_of(&lm->config);
    ls_point p;
    p.x = (int32_t)(lm->goal % grid->stride) - 1;
    p.y = (int32_t)(lm->goal / grid->stride) - 1;
    *n += lm->cell_count;
    /* The goal is a passable cell of this grid, unedited since it was
     * found (an edit restarts the computation): begin cannot refuse. */
    return ls_flow_begin(lm->flow, grid, &q, &p, 1);
}

ls_status ls__landmarks_run(ls_grid *grid, struct ls_landmarks *lm,
                            uint32_t budget, uint32_t *done)
{
    uint32_t n = 0;
    ls_status st = LS_IN_PROGRESS;
    while (st == LS_IN_PROGRESS && (budget == 0 || n < budget)) {
        switch (lm->phase) {
        case LS_LM_PHASE_CLEAR:
            run_clear(grid, lm, budget, &n);
            break;
        case LS_LM_PHASE_PARTS_BEGIN:
            if (lm->goal == LS_LANDMARK_FAR) { /* no passable cell */
                lm->phase = LS_LM_PHASE_DONE;
                break;
            }
            st = begin_field(grid, lm, &n);
            if (st == LS_OK) {
                st = LS_IN_PROGRESS;
                lm->phase = LS_LM_PHASE_PARTS;
            }
            break;
        case LS_LM_PHASE_PARTS:
            run_parts(lm, budget, &n);
            break;
        case LS_LM_PHASE_FIELD_BEGIN:
            if (lm->field == 0) {
                lm->far_cell = LS_LANDMARK_FAR;
                lm->far_value = 0;
                if (lm->goal == lm->best_root) { /* begun for the parts */
                    lm->phase = LS_LM_PHASE_FIELD_RUN;
                    break;
                }
                lm->goal = lm->best_root;
            }
            lm->far_cell = LS_LANDMARK_FAR;
            lm->far_value = 0;
            st = begin_field(grid, lm, &n);
            if (st == LS_OK) {
                st = LS_IN_PROGRESS;
                lm->phase = LS_LM_PHASE_FIELD_RUN;
            }
            break;
        case LS_LM_PHASE_FIELD_RUN: {
            uint32_t k = 0;
            st = ls_flow_step(lm->flow, budget == 0 ? 0 : budget - n, &k);
            n += k;
            if (st == LS_OK) {
                st = LS_IN_PROGRESS;
                lm->phase = LS_LM_PHASE_FIELD_COPY;
            }
            break;
        }
        case LS_LM_PHASE_FIELD_COPY:
            run_copy(lm, budget, &n);
            break;
        default:
            st = LS_OK;
            break;
        }
    }
    if (lm->phase == LS_LM_PHASE_DONE && st == LS_IN_PROGRESS)
        st = LS_OK;
    if (done)
        *done += n;
    return st;
}
