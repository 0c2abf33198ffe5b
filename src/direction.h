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

#endif
