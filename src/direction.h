/* SPDX-License-Identifier: MIT */
/*
 * direction.h - the neighbour order of lockstar.h, in one table:
 *     0 N, 1 E, 2 S, 3 W, 4 NE, 5 SE, 6 SW, 7 NW
 * (x grows east, y grows south). The four straight moves come first, so
 * 4-connectivity uses directions 0..3.
 *
 * d must be 0..7. Functions rather than an extern table: with a constant direction (the
 * unrolled A* and JPS loops) the step folds into a constant.
 */
#ifndef LS_DIRECTION_H
#define LS_DIRECTION_H

#include <stdint.h>
#include "lockstar.h"

static inline int32_t ls__dir_dx(uint32_t d)
{
    static const int8_t dx[8] = { 0, 1, 0, -1, 1, 1, -1, -1 };
    return dx[d];
}

static inline int32_t ls__dir_dy(uint32_t d)
{
    static const int8_t dy[8] = { -1, 0, 1, 0, -1, 1, 1, -1 };
    return dy[d];
}

/* The bordered-index step of direction d on a grid of this stride. */
static inline int32_t ls__dir_offset(uint32_t d, uint32_t stride)
{
    return ls__dir_dy(d) * (int32_t)stride + ls__dir_dx(d);
}

/* The direction back: N and S, E and W, NE and SW, SE and NW. */
static inline uint32_t ls__dir_opposite(uint32_t d)
{
    static const uint8_t back[8] = { 2, 3, 0, 1, 6, 7, 4, 5 };
    return back[d];
}

/* For a diagonal direction d (4..7), the straight directions whose cells
 * the step passes: E or W (corner_x) and N or S (corner_y); NE passes E
 * and N, SE E and S, SW W and S, NW W and N. The step from a to b passes
 * the same two cells as the step from b to a, so a diagonal is legal both
 * ways or neither. */
static inline uint32_t ls__dir_corner_x(uint32_t d)
{
    static const uint8_t cx[8] = { 0, 0, 0, 0, 1, 1, 3, 3 };
    return cx[d];
}

static inline uint32_t ls__dir_corner_y(uint32_t d)
{
    static const uint8_t cy[8] = { 0, 0, 0, 0, 0, 2, 2, 0 };
    return cy[d];
}

/* The corner rule of lockstar.h, written once for every caller (A*, the
 * path check, flow fields): may a diagonal step pass two cells of which a
 * and b (0 or 1) say whether each is passable? */
static inline int ls__corner_allows(int32_t rule, int a, int b)
{
    if (rule == LS_CORNERS_NONE)
        return a && b;
    if (rule == LS_CORNERS_ONE)
        return a || b;
    return 1; /* LS_CORNERS_ALL */
}

#endif
