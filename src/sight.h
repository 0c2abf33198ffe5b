/* SPDX-License-Identifier: MIT */
/*
 * sight.h - the supercover walk of a segment between two cell centres
 * (src/sight.c), shared by line of sight and smoothing (src/smooth.c).
 */
#ifndef LS_SIGHT_H
#define LS_SIGHT_H

#include <stdint.h>
#include "lockstar.h"

/* The walk's state: cells are returned by ls__line_next in the order
 * lockstar.h's ls_line_cells documents. */
typedef struct ls__line {
    int32_t x, y;       /* the cell the walk is in */
    int32_t sx, sy;     /* step per axis: -1, 0 or +1 */
    int64_t nx, ny;     /* |bx - ax|, |by - ay| */
    int64_t kx, ky;     /* edges crossed so far per axis */
    int32_t phase;      /* 0 start, 1 walking, 2 and 3 inside a corner */
} ls__line;

void ls__line_start(ls__line *line, int32_t ax, int32_t ay, int32_t bx,
                    int32_t by);
/* The next cell touched, 1; or 0 when the walk has passed b. */
int ls__line_next(ls__line *line, int32_t *x, int32_t *y);

/* The largest cost among the cells the segment between the centres of
 * grid cells a and b touches, when every one of them is passable (for
 * clearance above 1: its clearance is at least that; the grid then keeps
 * clearances) and costs at most limit; else 0 (the walk stops at the
 * first cell that is not). The same cells, in the same order, as
 * ls__line_next. */
uint8_t ls__line_max(const ls_grid *grid, int32_t ax, int32_t ay,
                     int32_t bx, int32_t by, uint8_t limit,
                     uint32_t clearance);

/* The smoothing rule's shortcut test (lockstar_world.h, "Smoothing"),
 * written once for ls_smooth_path(_sized) and ls_check_route: the
 * straight segment between the centres of path cells a and b may replace
 * the path between them when every cell it touches is passable (for
 * clearance k above 1: has a clearance of at least k) and costs at most
 * dearest, the dearest path cell from a to b. */
static inline int ls__shortcut_passes(const ls_grid *grid, ls_point a,
                                      ls_point b, uint8_t dearest,
                                      uint32_t clearance)
{
    return ls__line_max(grid, a.x, a.y, b.x, b.y, dearest, clearance) != 0;
}

#endif
