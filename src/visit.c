/* SPDX-License-Identifier: MIT */
/*
 * visit.c - the debug read-out (ls_search_cell_state, ls_search_cell_states,
 * ls_search_cell_costs): a cell's state read from its tag (src/node.h),
 * which the search writes anyway. A tag of the context's generation means
 * "reached by this query"; its closed bit, set by the loop after each
 * expansion and otherwise only there for debugging, means "expanded".
 * Nothing here is called by a search, so queries that never ask pay
 * nothing.
 */
#include "heuristic.h"
#include "search.h"

static uint8_t visit_state(const ls_search *s, uint32_t cell)
{
    const ls_node *n = ls__node(s->nodes, cell, s->open.node_shift);
    if ((n->tag >> LS_TAG_GEN_SHIFT) != s->generation)
        return LS_VISIT_NONE;
    return (n->tag & LS_TAG_CLOSED) ? LS_VISIT_CLOSED : LS_VISIT_OPEN;
}

ls_status ls_search_cell_state(const ls_search *s, int32_t x, int32_t y,
                               int32_t *state)
{
    if (!s || !state)
        return LS_ERR_NULL_ARGUMENT;
    if (s->phase == LS_PHASE_IDLE)
        return LS_ERR_NO_QUERY;
    if (x < 0 || y < 0 || x >= s->width || y >= s->height)
        return LS_ERR_OUT_OF_BOUNDS;
    *state = visit_state(s, ((uint32_t)y + 1u) * s->stride + (uint32_t)x + 1u);
    return LS_OK;
}

ls_status ls_search_cell_states(const ls_search *s, uint8_t *states,
                                size_t count)
{
    uint32_t x, y, w, h;
    if (!s || !states)
        return LS_ERR_NULL_ARGUMENT;
    if (s->phase == LS_PHASE_IDLE)
        return LS_ERR_NO_QUERY;
    w = (uint32_t)s->width;
    h = (uint32_t)s->height;
    if (count != (size_t)w * h) /* w * h <= LS_MAX_CELLS: no wrap */
        return LS_ERR_BAD_SIZE;
    for (y = 0; y < h; y++) {
        uint32_t row = (y + 1u) * s->stride + 1u;
        for (x = 0; x < w; x++)
            *states++ = visit_state(s, row + x);
    }
    return LS_OK;
}

/* The g a closed cell was expanded with. ls__close cleared it, so it is
 * summed again along the parent chain, each run's steps costing the base
 * cost times the multiplier of the cell entered, as the loops added them:
 * a cell's g was set from its parent's final g (the parent was expanded,
 * and closed cells are never offered again), and the start's is 0. A
 * chain never holds a stale tag (every parent was expanded by this query)
 * and ends at the start, which alone has no parent. The grid is unedited
 * since the begin (the caller checked), so its multipliers are the ones
 * the search read; a JPS run crosses only cells of multiplier 1. */
static uint64_t closed_g(const ls_search *s, uint32_t cell)
{
    const uint8_t *cells = s->grid->cells;
    uint64_t g = 0;
    for (;;) {
        uint32_t tag = ls__node(s->nodes, cell, s->open.node_shift)->tag;
        uint32_t run, dir, step;
        if (!(tag & LS_TAG_HAS_PARENT))
            return g;
        dir = ls__tag_dir(tag);
        step = dir < 4 ? s->plan.straight : s->plan.diagonal;
        for (run = tag & LS_TAG_RUN_MASK; run > 0; run--) {
            g += (uint64_t)step * cells[cell];
            cell -= (uint32_t)s->offset[dir];
        }
    }
}

ls_status ls_search_cell_costs(const ls_search *s, int32_t x, int32_t y,
                               ls_cell_costs *out)
{
    uint32_t cell, state;
    uint64_t g, h;
    if (!s || !out)
        return LS_ERR_NULL_ARGUMENT;
    if (s->phase == LS_PHASE_IDLE)
        return LS_ERR_NO_QUERY;
    if (x < 0 || y < 0 || x >= s->width || y >= s->height)
        return LS_ERR_OUT_OF_BOUNDS;
    /* A closed cell's g needs the multipliers the search read. */
    if (s->grid->revision != s->grid_revision)
        return LS_ERR_GRID_CHANGED;
    cell = ls__cell_index(s->stride, x, y);
    state = visit_state(s, cell);
    out->state = (int32_t)state;
    if (state == LS_VISIT_NONE) {
        out->g = out->h = out->f = -1;
        return LS_OK;
    }
    g = state == LS_VISIT_OPEN
            ? ls__node(s->nodes, cell, s->open.node_shift)->g
            : closed_g(s, cell);
    /* The loops computed this f when they offered the cell (and refused
     * any above LS_COST_MAX), so each figure fits; h <= h weighted. */
    h = ls__estimate(&s->plan, s->plan.heuristic, x, y);
    out->g = (int32_t)g;
    out->h = (int32_t)h;
    out->f = (int32_t)ls__f_value(&s->plan, (uint32_t)g, x, y);
    return LS_OK;
}
