/* SPDX-License-Identifier: MIT */
/*
 * pathcheck.c - checking a planned path against the grid as it is now
 * (ls_check_path): the first point a unit can no longer walk to, and what
 * the path costs today, so a game re-plans only the units an edit touched.
 * The movement rules are those of the search (lockstar.h, "Search order"
 * and the corner rule); no search state is used.
 */
#include "direction.h"
#include "grid.h"
#include "plan.h"

static uint8_t cell_at(const ls_grid *g, int32_t x, int32_t y)
{
    return g->cells[ls__cell_index(g->stride, x, y)];
}

/* Why the step from a to b (b inside the grid and passable) is not a move
 * of q on g: LS_STEP_LEGAL when it is one. */
static int32_t step_fault(const ls_grid *g, const ls_query *q, uint32_t k,
                          ls_point a, ls_point b)
{
    /* Both inside the grid: the differences fit in int32_t. */
    const int32_t dx = b.x - a.x, dy = b.y - a.y;
    int open_x, open_y;
    if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0))
        return LS_STEP_NOT_A_MOVE;
    if (dx == 0 || dy == 0)
        return LS_STEP_LEGAL;
    if (q->connectivity == LS_CONNECT_4)
        return LS_STEP_NOT_A_MOVE;
    open_x = ls__cell_enterable(g, ls__cell_index(g->stride, b.x, a.y), k);
    open_y = ls__cell_enterable(g, ls__cell_index(g->stride, a.x, b.y), k);
    return ls__corner_allows(q->corner_rule, open_x, open_y)
               ? LS_STEP_LEGAL : LS_STEP_CORNER;
}

ls_status ls_check_path(const ls_grid *grid, const ls_query *q,
                        const ls_point *points, uint32_t count,
                        int32_t planned_cost, ls_path_check *out)
{
    ls_path_check r;
    uint64_t cost = 0;
    uint32_t i, k;
    ls_status st;

    if (!grid || !q || !out || (!points && count > 0))
        return LS_ERR_NULL_ARGUMENT;
    st = ls__check_move_rules(q);
    if (st == LS_OK)
        st = ls__check_clearance(q, grid, 0);
    if (st != LS_OK)
        return st;
    k = q->clearance > 1u ? q->clearance : 1u;
    r.first_illegal = count;
    r.reason = LS_STEP_LEGAL;
    for (i = 0; i < count; i++) {
        const ls_point p = points[i];
        uint8_t here = 0;
        if (p.x < 0 || p.y < 0 || p.x >= grid->width || p.y >= grid->height)
            r.reason = LS_STEP_OUT_OF_BOUNDS;
        else if (!ls__cell_enterable(
                     grid, ls__cell_index(grid->stride, p.x, p.y), k))
            r.reason = LS_STEP_BLOCKED; /* blocked for this clearance */
        else {
            here = cell_at(grid, p.x, p.y);
            if (i > 0)
                r.reason = step_fault(grid, q, k, points[i - 1], p);
        }
        if (r.reason != LS_STEP_LEGAL) {
            r.first_illegal = i;
            break;
        }
        if (i > 0) {
            /* At most 2 * 65535 * 255 per step: adding it to a sum still
             * <= LS_COST_MAX cannot wrap 64 bits. */
            const uint64_t base = (points[i - 1].x != p.x &&
                                   points[i - 1].y != p.y)
                                      ? q->diagonal_cost
                                      : q->straight_cost;
            cost += base * here;
            if (cost > LS_COST_MAX)
                return LS_ERR_COST_OVERFLOW;
        }
    }
    r.cost = r.reason == LS_STEP_LEGAL ? (int32_t)cost : -1;
    r.cost_changed = r.cost != planned_cost;
    *out = r;
    return LS_OK;
}
