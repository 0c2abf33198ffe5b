/* SPDX-License-Identifier: MIT */
/*
 * sight_ref.h - an independent reference for the cells a segment between
 * two cell centres touches (lockstar.h, "Line of sight"), for the sight
 * and smoothing suites: every cell near the segment is tested for an
 * exact closed-square/segment intersection with integer cross products.
 * Nothing is shared with src/sight.c's walk.
 */
#ifndef LS_TESTS_SIGHT_REF_H
#define LS_TESTS_SIGHT_REF_H

#include <stdint.h>
#include "lockstar.h"

/* 1 when the segment between the centres of cells a and b shares a point
 * with the closed square of cell c. */
int sr_touches(int32_t ax, int32_t ay, int32_t bx, int32_t by, int32_t cx,
               int32_t cy);

/* The touched cells, row by row of the bounding box widened by one cell
 * (cells outside the box are asserted untouched by the callers' counts),
 * into out (at most cap); returns how many there are. */
uint32_t sr_cells(int32_t ax, int32_t ay, int32_t bx, int32_t by,
                  ls_point *out, uint32_t cap);

/* The largest cost among the touched cells of grid, 0 if one is blocked
 * (cells outside the grid count as blocked). */
uint8_t sr_max_cost(const ls_grid *grid, int32_t ax, int32_t ay, int32_t bx,
                    int32_t by);

#endif
