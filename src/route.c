/* SPDX-License-Identifier: MIT */
/*
 * route.c - ls_check_route: may a unit keep the rest of its smoothed route
 * after the map changed? The path's legality and cost are ls_check_path's
 * answer; each remaining shortcut is tested with the smoothing rule's own
 * predicate (ls__shortcut_passes, src/sight.h), so neither rule is written
 * twice.
 */
#include "grid.h"
#include "lockstar.h"
#include "sight.h"

static uint8_t cost_at(const ls_grid *g, ls_point p)
{
    return g->cells[ls__cell_index(g->stride, p.x, p.y)];
}

static int same(ls_point a, ls_point b)
{
    return a.x == b.x && a.y == b.y;
}

/* The index in points of each waypoint, found in order, in at[] (NULL:
 * only check): 1 when the waypoints are points of the path in its order,
 * from its first point to its last. */
static int locate(const ls_point *points, uint32_t count,
                  const ls_point *ways, uint32_t way_count)
{
    uint32_t i = 0, w;
    if (!same(points[0], ways[0]) ||
        !same(points[count - 1], ways[way_count - 1]))
        return 0;
    for (w = 1; w < way_count; w++) {
        do
            i++;
        while (i < count && !same(points[i], ways[w]));
        if (i == count)
            return 0;
    }
    return 1;
}

ls_status ls_check_route(const ls_grid *grid, const ls_query *q,
                         const ls_point *points, uint32_t count,
                         const ls_point *waypoints, uint32_t way_count,
                         int32_t planned_cost, ls_route_check *out)
{
    ls_route_check r;
    uint32_t i = 0, w;
    ls_status st;

    if (!grid || !q || !out || !points || !waypoints)
        return LS_ERR_NULL_ARGUMENT;
    if (count == 0 || way_count == 0)
        return LS_ERR_BAD_SIZE;
    if (!locate(points, count, waypoints, way_count))
        return LS_ERR_BAD_ROUTE;
    st = ls_check_path(grid, q, points, count, planned_cost, &r.path);
    if (st != LS_OK)
        return st;
    r.first_broken = way_count - 1u;
    r.holds = r.path.first_illegal == count && !r.path.cost_changed;
    /* Every point is passable and inside here, so the costs read below
     * are real cells. Segment w runs from waypoint w (path index i) to
     * waypoint w + 1 (path index j). */
    for (w = 0; r.holds && w + 1u < way_count; w++) {
        uint32_t j = i + 1u, k;
        uint8_t dearest = cost_at(grid, points[i]);
        while (!same(points[j], waypoints[w + 1u]))
            j++;
        if (j > i + 1u) {
            for (k = i + 1u; k <= j; k++)
                if (cost_at(grid, points[k]) > dearest)
                    dearest = cost_at(grid, points[k]);
            if (!ls__shortcut_passes(grid, points[i], points[j], dearest,
                                     q->clearance)) {
                r.first_broken = w;
                r.holds = 0;
            }
        }
        i = j;
    }
    *out = r;
    return LS_OK;
}
