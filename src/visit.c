/*
 * visit.c - the debug read-out (ls_search_cell_state, ls_search_cell_states):
 * a cell's state read from its tag (src/node.h), which the search writes
 * anyway. A tag of the context's generation means "reached by this query";
 * its closed bit, set by the loop after each expansion and otherwise only
 * there for debugging, means "expanded". Nothing here is called by a
 * search, so queries that never ask pay nothing.
 */
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
