/*
 * astar.c - the A* expansion loop, resumable under an expansion budget.
 *
 * Everything that decides the result lives here and in heap.h: the key
 * order, the neighbour order and the "strictly smaller g" rule. The loop
 * keeps all of its state in the context, so stopping after any expansion
 * and resuming later gives the same sequence as one uninterrupted run.
 */
#include <string.h>
#include "internal.h"
#include "heuristic.h"

/* The distance used to pick the partial path's end (see the header). */
static uint64_t closeness(const ls_plan *p, int32_t x, int32_t y)
{
    return ls__estimate(p, p->dir_count == 8 ? LS_HEURISTIC_OCTILE
                                         : LS_HEURISTIC_MANHATTAN, x, y);
}

static uint32_t pack_xy(int32_t x, int32_t y);

static ls_status finish(ls_search *s, ls_status status)
{
    s->phase = LS_PHASE_DONE;
    s->final_status = status;
    return status;
}

/* The goal was reached: keep the path (start first) in the open list's
 * memory, which the finished query no longer needs, and digest it. */
static ls_status finish_found(ls_search *s)
{
    uint32_t length = ls__chain_length(s, s->plan.goal);
    uint32_t i;
    ls_chain_walk w;

    ls__chain_start(&w, s->plan.goal);
    for (i = length; i-- > 0;) {
        s->heap.entries[i].cell = w.cell;
        ls__chain_back(s, &w);
    }
    s->digest = LS_DIGEST_EMPTY;
    for (i = 0; i < length; i++)
        s->digest = ls__digest_extend(
            s->digest, ls__cell_point(s->stride, s->heap.entries[i].cell));
    s->heap.size = 0;
    s->cost = (int32_t)s->nodes[s->plan.goal].g;
    s->path_length = length;
    return finish(s, LS_OK);
}

static void next_generation(ls_search *s)
{
    if (s->generation == LS_GENERATION_MAX) {
        /* Once every 8191 queries: forget all stamps for real. */
        memset(s->nodes, 0, (size_t)s->cell_count * sizeof(ls_node));
        s->generation = 0;
    }
    s->generation++;
}

ls_status ls_search_begin(ls_search *s, const ls_grid *grid,
                          const ls_query *q)
{
    ls_status st;
    ls_node *start;
    uint64_t f;
    uint32_t d;
    int32_t sx, sy;

    if (!s || !grid || !q)
        return LS_ERR_NULL_ARGUMENT;
    s->phase = LS_PHASE_IDLE;
    if (grid->width != s->width || grid->height != s->height)
        return LS_ERR_GRID_MISMATCH;
    st = ls__plan_query(q, grid, &s->plan);
    if (st != LS_OK)
        return st;

    sx = q->start_x;
    sy = q->start_y;
    f = ls__f_value(&s->plan, 0, sx, sy);
    if (f > LS_COST_MAX)
        return LS_ERR_COST_OVERFLOW;

    for (d = 0; d < 8; d++)
        s->offset[d] = ls__dir_dy[d] * (int32_t)s->stride + ls__dir_dx[d];
    next_generation(s);
    s->grid = grid;
    s->grid_revision = grid->revision;
    s->expansions = 0;
    s->cost = -1;
    s->path_length = 0;
    s->digest = LS_DIGEST_EMPTY;
    s->heap.size = 0;

    start = &s->nodes[s->plan.start];
    start->g = 0;
    start->tag = s->generation << LS_TAG_GEN_SHIFT;
    s->best_cell = s->plan.start;
    s->best_distance = closeness(&s->plan, sx, sy);
    s->best_key = ls__heap_key((uint32_t)f, 0, s->plan.tie_break == LS_TIE_HIGH_G);
    s->phase = LS_PHASE_RUNNING;
    if (s->plan.start == s->plan.goal) {
        finish_found(s);
        return LS_OK;
    }
    s->closeness_from_key =
        s->plan.weight == 0x10000u &&
        s->plan.heuristic == (s->plan.dir_count == 8 ? LS_HEURISTIC_OCTILE
                                                     : LS_HEURISTIC_MANHATTAN);
    ls__heap_push_xy(&s->heap, s->nodes, s->best_key, s->plan.start,
                     pack_xy(sx, sy));
    return LS_OK;
}

/* Remember the expanded cell closest to the goal, for partial paths.
 * When the search's own heuristic is the closeness measure (the default
 * queries), h = f - g comes free from the key. */
static void track_closest(ls_search *s, const ls_heap_entry *top, int32_t x,
                          int32_t y)
{
    uint64_t d;
    if (s->closeness_from_key) {
        uint32_t f = (uint32_t)(top->key >> 32);
        d = f - s->nodes[top->cell].g;
    } else {
        d = closeness(&s->plan, x, y);
    }
    if (d < s->best_distance ||
        (d == s->best_distance &&
         (top->key < s->best_key ||
          (top->key == s->best_key && top->cell < s->best_cell)))) {
        s->best_distance = d;
        s->best_key = top->key;
        s->best_cell = top->cell;
    }
}

static uint32_t pack_xy(int32_t x, int32_t y)
{
    return ((uint32_t)x << 16) | (uint32_t)y;
}

/* Offer next (at x, y) the cost ng; see ls__relax. */
static inline ls_status relax(ls_search *s, uint32_t next, uint32_t ng,
                              uint32_t dir, uint32_t run, int32_t x, int32_t y)
{
    ls_node *n = &s->nodes[next];
    const uint32_t gen = s->generation;
    const int fresh = (n->tag >> LS_TAG_GEN_SHIFT) != gen;
    uint64_t f, key;

    if (!fresh && ((n->tag & LS_TAG_CLOSED) || ng >= n->g))
        return LS_OK;
    if (ng > LS_COST_MAX)
        return LS_ERR_COST_OVERFLOW;
    f = ls__f_value(&s->plan, ng, x, y);
    if (f > LS_COST_MAX)
        return LS_ERR_COST_OVERFLOW;
    n->g = ng;
    n->tag = ls__tag_parent(gen, dir, run);
    key = ls__heap_key((uint32_t)f, ng, s->plan.tie_break == LS_TIE_HIGH_G);
    if (fresh)
        ls__heap_push_xy(&s->heap, s->nodes, key, next, pack_xy(x, y));
    else
        ls__heap_decrease(&s->heap, s->nodes, n->heap_pos, key);
    return LS_OK;
}

ls_status ls__relax(ls_search *s, uint32_t next, uint32_t ng, uint32_t dir,
                    uint32_t run, int32_t x, int32_t y)
{
    return relax(s, next, ng, dir, run, x, y);
}

/* Bit d set when the step in direction d from cell is allowed: its target
 * is passable and, for diagonals, the corner rule holds. The four straight
 * neighbours are read once and serve both. */
static uint32_t allowed_moves(const ls_search *s, const uint8_t *cells,
                              uint32_t cell)
{
    const int32_t *o = s->offset;
    uint32_t n = cells[cell + (uint32_t)o[0]] != 0;
    uint32_t e = cells[cell + (uint32_t)o[1]] != 0;
    uint32_t so = cells[cell + (uint32_t)o[2]] != 0;
    uint32_t w = cells[cell + (uint32_t)o[3]] != 0;
    uint32_t mask = n | e << 1 | so << 2 | w << 3;
    uint32_t ne, se, sw, nw;

    if (s->plan.dir_count == 4)
        return mask;
    switch (s->plan.corner_rule) {
    case LS_CORNERS_NONE:
        ne = n & e; se = so & e; sw = so & w; nw = n & w;
        break;
    case LS_CORNERS_ONE:
        ne = n | e; se = so | e; sw = so | w; nw = n | w;
        break;
    default:
        ne = se = sw = nw = 1;
        break;
    }
    ne &= cells[cell + (uint32_t)o[4]] != 0;
    se &= cells[cell + (uint32_t)o[5]] != 0;
    sw &= cells[cell + (uint32_t)o[6]] != 0;
    nw &= cells[cell + (uint32_t)o[7]] != 0;
    return mask | ne << 4 | se << 5 | sw << 6 | nw << 7;
}

/* Expand cell: relax each allowed neighbour in the documented order.
 * Returns LS_OK or LS_ERR_COST_OVERFLOW. */
static ls_status expand(ls_search *s, uint32_t cell, ls_point at)
{
    const uint8_t *cells = s->grid->cells;
    const uint32_t g = s->nodes[cell].g;
    uint32_t moves = allowed_moves(s, cells, cell);

    while (moves != 0) {
        /* Lowest set bit first: the documented neighbour order. */
        uint32_t d = 0, next, step;
        ls_status st;
        while (!(moves & (1u << d)))
            d++;
        moves &= moves - 1;
        next = cell + (uint32_t)s->offset[d];
        step = (d < 4 ? s->plan.straight : s->plan.diagonal) * cells[next];
        /* g <= 2^31 - 1 and step < 2^25: the sum cannot wrap. */
        st = relax(s, next, g + step, d, 1, at.x + ls__dir_dx[d],
                   at.y + ls__dir_dy[d]);
        if (st != LS_OK)
            return st;
    }
    return LS_OK;
}

ls_status ls_search_step(ls_search *s, uint32_t budget)
{
    uint32_t done = 0;

    if (!s)
        return LS_ERR_NULL_ARGUMENT;
    if (s->phase == LS_PHASE_IDLE)
        return LS_ERR_NO_QUERY;
    if (s->phase == LS_PHASE_DONE)
        return s->final_status;
    if (s->grid->revision != s->grid_revision)
        return finish(s, LS_ERR_GRID_CHANGED);

    while (s->heap.size > 0) {
        const ls_heap_entry top = s->heap.entries[0];
        ls_point at;
        ls_status st;

        if (top.cell == s->plan.goal)
            return finish_found(s);
        if (s->plan.max_expansions != 0 &&
            s->expansions == s->plan.max_expansions)
            return finish(s, LS_EXPANSION_LIMIT);
        if (budget != 0 && done == budget)
            return LS_IN_PROGRESS;

        ls__heap_pop(&s->heap, s->nodes);
        s->nodes[top.cell].tag |= LS_TAG_CLOSED;
        s->expansions++;
        done++;
        at.x = (int32_t)(top.xy >> 16);
        at.y = (int32_t)(top.xy & 0xFFFFu);
        track_closest(s, &top, at.x, at.y);
        st = s->plan.algorithm == LS_ALGO_JPS ? ls__jps_expand(s, top.cell, at)
                                              : expand(s, top.cell, at);
        if (st != LS_OK)
            return finish(s, st);
    }
    return finish(s, LS_NO_PATH);
}
