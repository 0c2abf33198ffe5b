/* SPDX-License-Identifier: MIT */
/*
 * heuristic.h - the integer distance estimates and f of the search order
 * (formulas documented in lockstar.h).
 */
#ifndef LS_HEURISTIC_H
#define LS_HEURISTIC_H

#include <stdint.h>
#include "compiler.h"
#include "plan.h"

static inline uint32_t ls__abs_diff(int32_t a, int32_t b)
{
    return a > b ? (uint32_t)a - (uint32_t)b : (uint32_t)b - (uint32_t)a;
}

/* The unweighted estimate from (x, y) to the goal (gx, gy) with the given
 * step costs. Each term is below 2^31 (16383 * 131070), so the sums fit in
 * 64 bits with room. */
LS_HOT_INLINE uint64_t ls__estimate_to(int32_t x, int32_t y, int32_t gx,
                                       int32_t gy, uint32_t straight,
                                       uint32_t diagonal, int32_t heuristic)
{
    uint64_t dx = ls__abs_diff(x, gx), dy = ls__abs_diff(y, gy);
    uint64_t lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    switch (heuristic) {
    case LS_HEURISTIC_OCTILE: return lo * diagonal + (hi - lo) * straight;
    case LS_HEURISTIC_MANHATTAN: return (dx + dy) * straight;
    case LS_HEURISTIC_CHEBYSHEV: return hi * straight;
    default: return 0;
    }
}

/* The plan's estimate with the given heuristic. With landmarks, a cell
 * the tables cut off from the goal gets the octile estimate here (the
 * start's f, ls_search_cell_state): the loops never open such a cell
 * (src/astar.c), so only the start can be one. */
LS_HOT_INLINE uint64_t ls__estimate(const ls_plan *p, int32_t heuristic,
                                    int32_t x, int32_t y)
{
    uint64_t h = ls__estimate_to(x, y, p->goal_x, p->goal_y, p->straight,
                                 p->diagonal,
                                 heuristic == LS_HEURISTIC_LANDMARKS
                                     ? LS_HEURISTIC_OCTILE : heuristic);
    if (heuristic == LS_HEURISTIC_LANDMARKS) {
        uint64_t b = ls__landmark_estimate(
            &p->landmarks,
            ls__cell_index(p->landmarks.grid_stride, x, y), h);
        h = b == LS_LANDMARK_APART ? h : b;
    }
    return h;
}

/* f for a cell at (x, y) with cost g so far: g + floor(h * weight / 2^16),
 * with the heuristic given (a constant where the search loop is
 * specialised, so the switch above folds away). */
LS_HOT_INLINE uint64_t ls__f_value_with(const ls_plan *p, uint32_t g,
                                        int32_t x, int32_t y,
                                        int32_t heuristic)
{
    uint64_t h = ls__estimate(p, heuristic, x, y);
    if (p->weight != 0x10000u)
        h = (h * p->weight) >> 16;
    return (uint64_t)g + h;
}

static inline uint64_t ls__f_value(const ls_plan *p, uint32_t g, int32_t x,
                                   int32_t y)
{
    return ls__f_value_with(p, g, x, y, p->heuristic);
}

/* The distance that picks a partial path's end (lockstar.h): octile with
 * 8-connectivity, Manhattan with 4, whatever heuristic the query uses. */
static inline uint64_t ls__closeness(const ls_plan *p, int32_t x, int32_t y)
{
    return ls__estimate(p, p->dir_count == 8 ? LS_HEURISTIC_OCTILE
                                             : LS_HEURISTIC_MANHATTAN, x, y);
}

#endif
