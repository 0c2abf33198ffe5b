/* SPDX-License-Identifier: MIT */
/*
 * smooth.c - path smoothing (ls_smooth_path, ls_smooth_path_sized): the
 * greedy farthest-shortcut rule of lockstar_world.h, "Smoothing", one
 * implementation for both (a clearance of 0 or 1 is the unsized rule).
 *
 * From waypoint i the candidates j are tried from the far end down, the
 * first that qualifies being the largest. A candidate's limit M(i, j), the
 * dearest path cell among p[i..j], is a non-decreasing step function of j
 * with at most 256 steps (costs are bytes), so one forward pass per
 * waypoint records where it rises (a stack array, no allocation) and the
 * downward scan reads it off in O(1) amortised.
 */
#include "grid.h"
#include "sight.h"

static uint8_t cost_at(const ls_grid *g, ls_point p)
{
    return g->cells[ls__cell_index(g->stride, p.x, p.y)];
}

/* The index of the waypoint after p[i] (i < n - 1). */
static uint32_t next_waypoint(const ls_grid *g, uint32_t k,
                              const ls_point *p, uint32_t n, uint32_t i)
{
    /* rise_at[r]: the first j at which M(i, j) == rise_cost[r]. */
    uint32_t rise_at[256];
    uint8_t rise_cost[256];
    uint32_t rises = 0, j;

    for (j = i; j < n; j++) {
        const uint8_t c = cost_at(g, p[j]);
        if (rises == 0 || c > rise_cost[rises - 1]) {
            rise_at[rises] = j;
            rise_cost[rises] = c;
            rises++;
        }
    }
    for (j = n - 1; j > i + 1; j--) {
        while (rise_at[rises - 1] > j)
            rises--;
        if (ls__shortcut_passes(g, p[i], p[j], rise_cost[rises - 1], k))
            return j;
    }
    return i + 1;
}

/* Walk the rule over p[0..n); write the waypoints to out unless it is NULL.
 * Writing out[k] = p[j] (k <= j) only after every read of p[0..j) is done
 * is what makes out == p (in place) safe. */
static uint32_t smooth(const ls_grid *g, uint32_t clearance,
                       const ls_point *p, uint32_t n, ls_point *out)
{
    uint32_t i = 0, k = 1;
    if (out)
        out[0] = p[0];
    while (i < n - 1) {
        i = next_waypoint(g, clearance, p, n, i);
        if (out)
            out[k] = p[i];
        k++;
    }
    return k;
}

ls_status ls_smooth_path(const ls_grid *grid, const ls_point *points,
                         uint32_t count, ls_point *waypoints,
                         uint32_t capacity, uint32_t *length)
{
    return ls_smooth_path_sized(grid, 0u, points, count, waypoints, capacity,
                                length);
}

ls_status ls_smooth_path_sized(const ls_grid *grid, uint32_t clearance,
                               const ls_point *points, uint32_t count,
                               ls_point *waypoints, uint32_t capacity,
                               uint32_t *length)
{
    uint32_t i, needed;
    if (!grid || !points || !length || (!waypoints && capacity > 0))
        return LS_ERR_NULL_ARGUMENT;
    if (clearance > LS_CLEARANCE_MAX || (clearance > 1u && !grid->clear))
        return LS_ERR_BAD_CLEARANCE;
    if (count == 0)
        return LS_ERR_BAD_SIZE;
    for (i = 0; i < count; i++)
        if (points[i].x < 0 || points[i].y < 0 ||
            points[i].x >= grid->width || points[i].y >= grid->height)
            return LS_ERR_OUT_OF_BOUNDS;
    /* There are never more waypoints than points; only a smaller buffer
     * needs the count first (so that nothing is written when it is too
     * small). */
    if (capacity >= count) {
        *length = smooth(grid, clearance, points, count, waypoints);
        return LS_OK;
    }
    needed = smooth(grid, clearance, points, count, NULL);
    *length = needed;
    if (needed > capacity)
        return LS_ERR_BUFFER_TOO_SMALL;
    smooth(grid, clearance, points, count, waypoints);
    return LS_OK;
}
