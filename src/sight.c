/* SPDX-License-Identifier: MIT */
/*
 * sight.c - which cells a segment between two cell centres touches, and
 * line of sight over them.
 *
 * In doubled coordinates cell (i, j) is the closed square
 * [2i, 2i+2] x [2j, 2j+2] and its centre (2i+1, 2j+1): odd, never on an
 * edge. Walking from a's centre to b's, with nx = |bx - ax| and
 * ny = |by - ay|, the segment crosses the vertical edges at parameters
 * t = (2k + 1) / (2 nx), k = 0 .. nx-1, and the horizontal ones at
 * (2m + 1) / (2 ny). Scaled by 2 nx ny these are the integers
 * (2k + 1) ny and (2m + 1) nx, compared exactly: the smaller is crossed
 * first (into the cell beside, which shares the edge, so both are
 * touched); equal ones are a corner, where the segment touches the four
 * cells around it. Every point of the segment lies inside one cell, on
 * one edge (two cells) or on one corner (four), so these are exactly the
 * cells whose closed squares the segment touches. Products stay below
 * 2^31 for grid coordinates, and 64-bit arithmetic is used regardless.
 */
#include <stddef.h>
#include "compiler.h"
#include "grid.h"
#include "sight.h"

void ls__line_start(ls__line *line, int32_t ax, int32_t ay, int32_t bx,
                    int32_t by)
{
    const int64_t dx = (int64_t)bx - ax, dy = (int64_t)by - ay;
    line->x = ax;
    line->y = ay;
    line->sx = dx > 0 ? 1 : dx < 0 ? -1 : 0;
    line->sy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
    line->nx = dx < 0 ? -dx : dx;
    line->ny = dy < 0 ? -dy : dy;
    line->kx = 0;
    line->ky = 0;
    line->phase = 0;
}

int ls__line_next(ls__line *l, int32_t *x, int32_t *y)
{
    int64_t tx, ty;
    switch (l->phase) {
    case 0:
        l->phase = 1;
        break;
    case 2: /* second cell of a corner: beside the current one in y */
        l->phase = 3;
        *x = l->x;
        *y = l->y + l->sy;
        return 1;
    case 3: /* third: diagonally across, where the walk goes on */
        l->phase = 1;
        l->x += l->sx;
        l->y += l->sy;
        break;
    default:
        if (l->kx == l->nx && l->ky == l->ny)
            return 0;
        tx = l->kx < l->nx ? (2 * l->kx + 1) * l->ny : INT64_MAX;
        ty = l->ky < l->ny ? (2 * l->ky + 1) * l->nx : INT64_MAX;
        if (tx < ty) {
            l->kx++;
            l->x += l->sx;
        } else if (ty < tx) {
            l->ky++;
            l->y += l->sy;
        } else { /* a corner: first the cell beside in x */
            l->kx++;
            l->ky++;
            l->phase = 2;
            *x = l->x + l->sx;
            *y = l->y;
            return 1;
        }
        break;
    }
    *x = l->x;
    *y = l->y;
    return 1;
}

/* The same walk, fused with the grid for speed (smoothing tries many
 * segments): the next crossing times are kept as running sums
 * (tx = (2k + 1) ny grows by 2 ny per vertical edge crossed) and the cell
 * as a pointer into the bordered array. */
LS_HOT_INLINE uint8_t line_max(const ls_grid *grid, int32_t ax, int32_t ay,
                               int32_t bx, int32_t by, uint8_t limit,
                               uint32_t k)
{
    const int64_t dx = (int64_t)bx - ax, dy = (int64_t)by - ay;
    const int64_t nx = dx < 0 ? -dx : dx, ny = dy < 0 ? -dy : dy;
    const ptrdiff_t step_x = dx < 0 ? -1 : 1;
    const ptrdiff_t step_y = dy < 0 ? -(ptrdiff_t)grid->stride
                                    : (ptrdiff_t)grid->stride;
    const uint32_t first = ls__cell_index(grid->stride, ax, ay);
    const uint8_t *cell = grid->cells + first;
    /* A sized walk also reads each cell's clearance, in step. */
    const uint8_t *clear = k > 1u ? grid->clear + first : NULL;
    int64_t left_x = nx, left_y = ny, tx = ny, ty = nx;
    uint8_t most = *cell;

    /* c is accepted when 1 <= c <= limit: (uint8_t)(c - 1) < limit. */
    if ((uint8_t)(most - 1u) >= limit || (k > 1u && *clear < k))
        return 0;
    while (left_x + left_y > 0) {
        uint8_t c;
        if (left_y == 0 || (left_x > 0 && tx < ty)) {
            cell += step_x;
            if (k > 1u)
                clear += step_x;
            tx += 2 * ny;
            left_x--;
        } else if (left_x == 0 || ty < tx) {
            cell += step_y;
            if (k > 1u)
                clear += step_y;
            ty += 2 * nx;
            left_y--;
        } else { /* a corner: the two cells beside, then across */
            const uint8_t cx = cell[step_x], cy = cell[step_y];
            if ((uint8_t)(cx - 1u) >= limit || (uint8_t)(cy - 1u) >= limit)
                return 0;
            if (k > 1u && (clear[step_x] < k || clear[step_y] < k))
                return 0;
            if (cx > most)
                most = cx;
            if (cy > most)
                most = cy;
            cell += step_x + step_y;
            if (k > 1u)
                clear += step_x + step_y;
            tx += 2 * ny;
            ty += 2 * nx;
            left_x--;
            left_y--;
        }
        c = *cell;
        if ((uint8_t)(c - 1u) >= limit || (k > 1u && *clear < k))
            return 0;
        if (c > most)
            most = c;
    }
    return most;
}

uint8_t ls__line_max(const ls_grid *grid, int32_t ax, int32_t ay,
                     int32_t bx, int32_t by, uint8_t limit, uint32_t clearance)
{
    /* Two copies, so that the unsized walk (line of sight, smoothing)
     * tests nothing more than before. */
    return clearance > 1u ? line_max(grid, ax, ay, bx, by, limit, clearance)
                          : line_max(grid, ax, ay, bx, by, limit, 1u);
}

static int inside(const ls_grid *g, int32_t x, int32_t y)
{
    return x >= 0 && y >= 0 && x < g->width && y < g->height;
}

static int in_range(int32_t v)
{
    return v >= 0 && v < LS_MAX_DIMENSION;
}

ls_status ls_line_cells(int32_t ax, int32_t ay, int32_t bx, int32_t by,
                        ls_point *cells, uint32_t capacity, uint32_t *count)
{
    ls__line line;
    ls_point p;
    uint32_t n = 0;
    if (!count || (!cells && capacity > 0))
        return LS_ERR_NULL_ARGUMENT;
    if (!in_range(ax) || !in_range(ay) || !in_range(bx) || !in_range(by))
        return LS_ERR_OUT_OF_BOUNDS;
    ls__line_start(&line, ax, ay, bx, by);
    while (ls__line_next(&line, &p.x, &p.y))
        n++;
    *count = n;
    if (n > capacity)
        return LS_ERR_BUFFER_TOO_SMALL;
    ls__line_start(&line, ax, ay, bx, by);
    n = 0;
    while (ls__line_next(&line, &p.x, &p.y))
        cells[n++] = p;
    return LS_OK;
}

ls_status ls_line_cost(const ls_grid *grid, int32_t ax, int32_t ay,
                       int32_t bx, int32_t by, uint8_t *max_cost)
{
    if (!grid || !max_cost)
        return LS_ERR_NULL_ARGUMENT;
    if (!inside(grid, ax, ay) || !inside(grid, bx, by))
        return LS_ERR_OUT_OF_BOUNDS;
    *max_cost = ls__line_max(grid, ax, ay, bx, by, 255, 0u);
    return LS_OK;
}

ls_status ls_line_of_sight(const ls_grid *grid, int32_t ax, int32_t ay,
                           int32_t bx, int32_t by, int32_t *clear)
{
    uint8_t most;
    ls_status st;
    if (!grid || !clear)
        return LS_ERR_NULL_ARGUMENT;
    st = ls_line_cost(grid, ax, ay, bx, by, &most);
    if (st == LS_OK)
        *clear = most != LS_CELL_BLOCKED;
    return st;
}
