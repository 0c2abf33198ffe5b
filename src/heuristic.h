/*
 * heuristic.h - the integer distance estimates and f of the search order
 * (formulas documented in lockstar.h).
 */
#ifndef LS_HEURISTIC_H
#define LS_HEURISTIC_H

#include "internal.h"

static inline uint32_t ls__abs_diff(int32_t a, int32_t b)
{
    return a > b ? (uint32_t)a - (uint32_t)b : (uint32_t)b - (uint32_t)a;
}

/* The heuristic's unweighted estimate from (x, y) to the goal. Each term
 * is below 2^31 (16383 * 131070), so the sums fit in 64 bits with room. */
static inline uint64_t ls__estimate(const ls_plan *p, int32_t heuristic,
                                    int32_t x, int32_t y)
{
    uint64_t dx = ls__abs_diff(x, p->goal_x), dy = ls__abs_diff(y, p->goal_y);
    uint64_t lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    switch (heuristic) {
    case LS_HEURISTIC_OCTILE: return lo * p->diagonal + (hi - lo) * p->straight;
    case LS_HEURISTIC_MANHATTAN: return (dx + dy) * p->straight;
    case LS_HEURISTIC_CHEBYSHEV: return hi * p->straight;
    default: return 0;
    }
}

/* f for a cell at (x, y) with cost g so far: g + floor(h * weight / 2^16). */
static inline uint64_t ls__f_value(const ls_plan *p, uint32_t g, int32_t x,
                                   int32_t y)
{
    uint64_t h = ls__estimate(p, p->heuristic, x, y);
    if (p->weight != 0x10000u)
        h = (h * p->weight) >> 16;
    return (uint64_t)g + h;
}

#endif
