/* SPDX-License-Identifier: MIT */
/*
 * world.h - world frames and lengths in world units, shared by the world
 * functions (src/world.c) and path following (src/follow.c).
 */
#ifndef LS_WORLD_H
#define LS_WORLD_H

#include <stdint.h>
#include "lockstar.h"

/* The largest magnitude of a world value: every fix16_t but 0x80000000. */
#define LS__WORLD_MAX 0x7FFFFFFF

static inline int ls__world_value_ok(fix16_t v)
{
    return v != INT32_MIN;
}

/* LS_OK or LS_ERR_BAD_FRAME (world not NULL). */
ls_status ls__world_check(const ls_world *world);

/* The centre of cell (cx, cy) of a valid frame, or LS_ERR_WORLD_RANGE. */
ls_status ls__world_center(const ls_world *world, int32_t cx, int32_t cy,
                           fix16_t *x, fix16_t *y);

/* ceil(sqrt(dx^2 + dy^2)) of raw differences, or LS_ERR_WORLD_RANGE when
 * |dx| or |dy| or the result exceeds LS__WORLD_MAX. */
ls_status ls__distance(int64_t dx, int64_t dy, fix16_t *length);

#endif
