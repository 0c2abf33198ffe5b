/* SPDX-License-Identifier: MIT */
/*
 * clearance.c - each cell's clearance (lockstar.h, "Clearance"), kept
 * current under every edit, and ls_grid_clearance.
 *
 * On the bordered array (border cells blocked) the clearance is the
 * chessboard distance transform of the blocked cells, capped at
 * LS_CLEARANCE_MAX = C: 0 on a blocked cell, else
 *     clear(p) = min(C, 1 + min of clear over p's eight neighbours),
 * the cap passing through the min unchanged (1 + C > C).
 *
 * Exact recomputation of a window: two raster passes of the 3x3 chamfer,
 * the forward one taking W, NW, N, NE, the backward one E, SE, S, SW.
 * Every chessboard shortest path can be ordered as forward steps (E, SE,
 * S, SW) then backward steps (W, NW, N, NE), so the two passes carry
 * every source's distance exactly (Rosenfeld and Pfaltz). The cells
 * around the window are held fixed: any 8-connected path from a window
 * cell to a blocked cell outside crosses that ring, whose cells already
 * hold their distance, so the window's values come out exact as long as
 * the ring's are unchanged by the edit.
 *
 * Which cells an edit can change: a cell q at chessboard distance d from
 * the edited cell p keeps its clearance when d >= C (p's distance to q,
 * and so its say in q's minimum, is then at least the cap). So a one-cell
 * edit touches only the (2C - 1)^2 window around p, and its ring (at
 * distance C) is fixed; a rectangle edit, the rectangle grown by C - 1.
 * Blocking p can only lower clearances, to min(old, d): that needs no
 * passes. Unblocking recomputes the window with the chamfer. Both are
 * O(C^2) = at most 961 cells.
 */
#include <string.h>
#include "compiler.h"
#include "grid.h"

#define CAP ((uint8_t)LS_CLEARANCE_MAX)
#define REACH ((int32_t)LS_CLEARANCE_MAX - 1) /* farthest cell an edit moves */

LS_HOT_INLINE uint8_t min8(uint8_t a, uint8_t b)
{
    return a < b ? a : b;
}

/* Eight cells as one word (bytes in memory order, whatever the machine's
 * byte order: every operation below keeps to its own byte, no carry or
 * borrow crossing one, because every value is below 128). */
#define LANES 0x0101010101010101ull
#define HIGHS 0x8080808080808080ull

LS_HOT_INLINE uint64_t load8(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

LS_HOT_INLINE void store8(uint8_t *p, uint64_t v)
{
    memcpy(p, &v, 8);
}

/* Bytewise min of a and b (bytes below 128): (a | 0x80) - b keeps each
 * byte's high bit exactly when a >= b, and borrows from no other byte. */
LS_HOT_INLINE uint64_t min_lanes(uint64_t a, uint64_t b)
{
    const uint64_t take_b = ((((a | HIGHS) - b) & HIGHS) >> 7) * 0xFFu;
    return (b & take_b) | (a & ~take_b);
}

/* 0xFF in each byte whose cell is not blocked (grid.c's row_word test). */
LS_HOT_INLINE uint64_t open_lanes(uint64_t cells)
{
    const uint64_t high =
        (((cells & ~HIGHS) + ~HIGHS) | cells) & HIGHS;
    return (high >> 7) * 0xFFu;
}

/* From the row before (after, going back): min of the three cells above
 * (below) each of the 8 cells at p's column, plus 1. */
LS_HOT_INLINE uint64_t from_line(const uint8_t *line)
{
    return min_lanes(min_lanes(load8(line - 1), load8(line)),
                     load8(line + 1)) + LANES;
}

void ls__clearance_window(ls_grid *g, uint32_t c0, uint32_t r0, uint32_t c1,
                          uint32_t r1)
{
    const uint32_t s = g->stride;
    const uint64_t cap = (uint64_t)CAP * LANES;
    uint8_t *cl = g->clear;
    uint32_t r, c;
    if (!cl)
        return;
    /* Each pass over a row in two loops with the same result as the
     * plain raster order: first what comes from the row before (N and
     * its two diagonals: no dependency between cells, so eight at a
     * time), then what runs along the row (W, or E going back), one min
     * per cell. A blocked cell is 0 and stays 0 through both. */
    for (r = r0; r <= r1; r++) {
        const uint8_t *cells = g->cells + (size_t)r * s;
        uint8_t *row = cl + (size_t)r * s;
        const uint8_t *up = row - s;
        uint8_t prev = row[c0 - 1];
        for (c = c0; c + 8u <= c1 + 1u; c += 8u)
            store8(row + c, min_lanes(from_line(up + c), cap) &
                                open_lanes(load8(cells + c)));
        for (; c <= c1; c++) {
            const uint8_t m = min8(min8(up[c - 1], up[c]), up[c + 1]);
            const uint8_t v = m >= CAP ? CAP : (uint8_t)(m + 1u);
            row[c] = cells[c] == LS_CELL_BLOCKED ? 0 : v;
        }
        for (c = c0; c <= c1; c++) {
            prev = min8(row[c], (uint8_t)(prev + 1u));
            row[c] = prev;
        }
    }
    for (r = r1 + 1u; r-- > r0;) {
        uint8_t *row = cl + (size_t)r * s;
        const uint8_t *down = row + s;
        uint8_t next = row[c1 + 1];
        for (c = c0; c + 8u <= c1 + 1u; c += 8u)
            store8(row + c, min_lanes(load8(row + c), from_line(down + c)));
        for (; c <= c1; c++) {
            const uint8_t m = min8(min8(down[c - 1], down[c]), down[c + 1]);
            row[c] = min8(row[c], (uint8_t)(m + 1u));
        }
        for (c = c1 + 1u; c-- > c0;) {
            next = min8(row[c], (uint8_t)(next + 1u));
            row[c] = next;
        }
    }
}

/* The grid cells within REACH of the rectangle [x0, x1] x [y0, y1],
 * as bordered columns and rows, clipped to the grid. */
static void grown_window(ls_grid *g, int32_t x0, int32_t y0, int32_t x1,
                         int32_t y1)
{
    const int32_t gx0 = x0 - REACH < 0 ? 0 : x0 - REACH;
    const int32_t gy0 = y0 - REACH < 0 ? 0 : y0 - REACH;
    const int32_t gx1 = x1 + REACH >= g->width ? g->width - 1 : x1 + REACH;
    const int32_t gy1 = y1 + REACH >= g->height ? g->height - 1 : y1 + REACH;
    ls__clearance_window(g, (uint32_t)gx0 + 1u, (uint32_t)gy0 + 1u,
                         (uint32_t)gx1 + 1u, (uint32_t)gy1 + 1u);
}

/* p = (x, y) was blocked: every cell within REACH gets
 * min(its clearance, its distance to p). */
static void lower_around(ls_grid *g, int32_t x, int32_t y)
{
    const int32_t x0 = x - REACH < 0 ? 0 : x - REACH;
    const int32_t y0 = y - REACH < 0 ? 0 : y - REACH;
    const int32_t x1 = x + REACH >= g->width ? g->width - 1 : x + REACH;
    const int32_t y1 = y + REACH >= g->height ? g->height - 1 : y + REACH;
    int32_t cx, cy;
    for (cy = y0; cy <= y1; cy++) {
        const int32_t ady = cy > y ? cy - y : y - cy;
        uint8_t *row = g->clear + ls__cell_index(g->stride, 0, cy);
        for (cx = x0; cx <= x1; cx++) {
            const int32_t adx = cx > x ? cx - x : x - cx;
            const uint8_t d = (uint8_t)(adx > ady ? adx : ady);
            if (d < row[cx])
                row[cx] = d;
        }
    }
}

void ls__clearance_after_cell(ls_grid *g, int32_t x, int32_t y, uint8_t old)
{
    const int was_open = old != LS_CELL_BLOCKED;
    const int is_open =
        g->cells[ls__cell_index(g->stride, x, y)] != LS_CELL_BLOCKED;
    if (!g->clear || was_open == is_open)
        return;
    if (is_open)
        grown_window(g, x, y, x, y);
    else
        lower_around(g, x, y);
}

void ls__clearance_after_rect(ls_grid *g, int32_t x, int32_t y, int32_t w,
                              int32_t h)
{
    if (g->clear)
        grown_window(g, x, y, x + w - 1, y + h - 1);
}

void ls__clearance_fill(ls_grid *g, uint8_t cost)
{
    const uint32_t w = (uint32_t)g->width, h = (uint32_t)g->height;
    uint32_t r, c;
    if (!g->clear)
        return;
    /* All blocked: all 0. All open: the distance to the border. */
    for (r = 1; r <= h; r++) {
        uint8_t *row = g->clear + (size_t)r * g->stride;
        const uint32_t to_edge = r < h + 1u - r ? r : h + 1u - r;
        const uint32_t cap = cost == LS_CELL_BLOCKED ? 0u
                             : to_edge < CAP     ? to_edge
                                                 : CAP;
        /* The row is 1, 2, ... up to cap, cap ..., then down to 1. */
        memset(row + 1, (int)cap, w);
        for (c = 1; c <= w && c < cap; c++) {
            const uint32_t side = c < w + 1u - c ? c : w + 1u - c;
            row[c] = row[w + 1u - c] = (uint8_t)(side < cap ? side : cap);
        }
    }
}

ls_status ls_grid_clearance(const ls_grid *grid, int32_t x, int32_t y,
                            uint32_t *clearance)
{
    if (!grid || !clearance)
        return LS_ERR_NULL_ARGUMENT;
    if (x < 0 || y < 0 || x >= grid->width || y >= grid->height)
        return LS_ERR_OUT_OF_BOUNDS;
    if (!grid->clear)
        return LS_ERR_BAD_CLEARANCE;
    *clearance = grid->clear[ls__cell_index(grid->stride, x, y)];
    return LS_OK;
}
