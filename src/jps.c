/*
 * jps.c - jump point search for uniform-cost, 8-connected grids without
 * corner cutting.
 *
 * A* on such grids wastes most of its work on symmetric paths. JPS expands
 * only "jump points": cells where an optimal path may have to turn. It
 * returns the same optimal cost as A* (the grid's passable cells must all
 * cost 1; the query check enforces it) while touching the heap far less.
 *
 * Deterministic rules (a port must follow them exactly):
 *  - Successor directions of a cell are tried in the documented neighbour
 *    order N, E, S, W, NE, SE, SW, NW, skipping pruned ones:
 *      the start: every direction;
 *      reached by a straight step d: d itself, plus each forced
 *        neighbour: for a side s perpendicular to d, if the side cell
 *        (cell + s) is free and the cell behind it (cell - d + s) is
 *        blocked, then s and the diagonal d+s;
 *      reached by a diagonal step (dx, dy): (dx, 0), (0, dy), (dx, dy).
 *    A diagonal step always needs both cells it passes to be free.
 *  - jump(cell, d) walks from cell in direction d and returns the first
 *    cell that is the goal, has a forced neighbour (straight d), or from
 *    which a straight jump along either component of d finds a jump point
 *    (diagonal d); it returns nothing at a blocked cell or a corner that
 *    may not be cut.
 *  - The jump point found at run k is offered to the open list with
 *    g + k * cost(d) exactly as A* offers a neighbour (ls__relax): same
 *    key order, same "strictly smaller g" rule.
 * Expansions count expanded jump points. The path is rebuilt cell by cell
 * from the runs stored in each jump point's tag.
 */
#include "internal.h"

/* Directions by their (dx, dy) components: index = (dy + 1) * 3 + (dx + 1). */
static const int8_t dir_of_delta[9] = { 7, 0, 4, 3, -1, 1, 6, 2, 5 };

static int dir_index(int dx, int dy)
{
    return dir_of_delta[(dy + 1) * 3 + (dx + 1)];
}

static int is_free(const uint8_t *cells, uint32_t cell)
{
    return cells[cell] != LS_CELL_BLOCKED;
}

/* Does a straight move in direction d (0..3) arriving at cell have a forced
 * neighbour on either side? */
static int has_forced(const ls_search *s, const uint8_t *cells, uint32_t cell,
                      uint32_t d)
{
    int32_t ahead = s->offset[d];
    /* The two perpendicular directions: N/S for E/W moves, E/W for N/S. */
    uint32_t side_a = (d & 1u) ? 0u : 1u, side_b = (d & 1u) ? 2u : 3u;
    uint32_t a = cell + (uint32_t)s->offset[side_a];
    uint32_t b = cell + (uint32_t)s->offset[side_b];
    return (is_free(cells, a) && !is_free(cells, a - (uint32_t)ahead)) ||
           (is_free(cells, b) && !is_free(cells, b - (uint32_t)ahead));
}

/* Walk straight from cell in direction d; on success store the jump point
 * and its run length. */
static int jump_straight(const ls_search *s, const uint8_t *cells,
                         uint32_t cell, uint32_t d, uint32_t *found,
                         uint32_t *run)
{
    const uint32_t step = (uint32_t)s->offset[d];
    uint32_t k = 0;
    for (;;) {
        cell += step;
        k++;
        if (!is_free(cells, cell))
            return 0;
        if (cell == s->plan.goal || has_forced(s, cells, cell, d)) {
            *found = cell;
            *run = k;
            return 1;
        }
    }
}

static int jump_diagonal(const ls_search *s, const uint8_t *cells,
                         uint32_t cell, uint32_t d, uint32_t *found,
                         uint32_t *run)
{
    const int dx = ls__dir_dx[d], dy = ls__dir_dy[d];
    const uint32_t hx = (uint32_t)dir_index(dx, 0), vy = (uint32_t)dir_index(0, dy);
    uint32_t k = 0, ignored_cell, ignored_run;
    for (;;) {
        if (!is_free(cells, cell + (uint32_t)s->offset[hx]) ||
            !is_free(cells, cell + (uint32_t)s->offset[vy]))
            return 0; /* no corner cutting */
        cell += (uint32_t)s->offset[d];
        k++;
        if (!is_free(cells, cell))
            return 0;
        if (cell == s->plan.goal ||
            jump_straight(s, cells, cell, hx, &ignored_cell, &ignored_run) ||
            jump_straight(s, cells, cell, vy, &ignored_cell, &ignored_run)) {
            *found = cell;
            *run = k;
            return 1;
        }
    }
}

/* Bit d set: try direction d from cell, reached from its parent by arrival
 * direction `from`. */
static uint32_t successor_mask(const ls_search *s, const uint8_t *cells,
                               uint32_t cell, uint32_t tag)
{
    uint32_t from, mask, side;
    if (!(tag & LS_TAG_HAS_PARENT))
        return 0xFFu;
    from = ls__tag_dir(tag);
    if (from >= 4) {
        int dx = ls__dir_dx[from], dy = ls__dir_dy[from];
        return (1u << from) | (1u << (uint32_t)dir_index(dx, 0)) |
               (1u << (uint32_t)dir_index(0, dy));
    }
    mask = 1u << from;
    for (side = 0; side < 4; side++) {
        uint32_t side_cell;
        if ((side & 1u) == (from & 1u))
            continue; /* parallel to the move */
        side_cell = cell + (uint32_t)s->offset[side];
        if (is_free(cells, side_cell) &&
            !is_free(cells, side_cell - (uint32_t)s->offset[from])) {
            mask |= 1u << side;
            mask |= 1u << (uint32_t)dir_index(ls__dir_dx[from] + ls__dir_dx[side],
                                              ls__dir_dy[from] + ls__dir_dy[side]);
        }
    }
    return mask;
}

ls_status ls__jps_expand(ls_search *s, uint32_t cell, ls_point at)
{
    const uint8_t *cells = s->grid->cells;
    const uint32_t g = s->nodes[cell].g;
    const uint32_t mask = successor_mask(s, cells, cell, s->nodes[cell].tag);
    uint32_t d;

    for (d = 0; d < 8; d++) {
        uint32_t found, run, cost;
        int ok;
        ls_status st;
        if (!(mask & (1u << d)))
            continue;
        ok = d < 4 ? jump_straight(s, cells, cell, d, &found, &run)
                   : jump_diagonal(s, cells, cell, d, &found, &run);
        if (!ok)
            continue;
        cost = d < 4 ? s->plan.straight : s->plan.diagonal;
        /* run <= 16383 and cost <= 131070: the product is below 2^31. */
        if ((uint64_t)g + (uint64_t)run * cost > LS_COST_MAX)
            return LS_ERR_COST_OVERFLOW;
        st = ls__relax(s, found, g + run * cost, d, run,
                       at.x + (int32_t)run * ls__dir_dx[d],
                       at.y + (int32_t)run * ls__dir_dy[d]);
        if (st != LS_OK)
            return st;
    }
    return LS_OK;
}
