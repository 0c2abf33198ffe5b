/* SPDX-License-Identifier: MIT */
/*
 * clearance.c - the oracle's clearance (oracle.h): each cell's clearance
 * by brute force from the words of lockstar.h ("Clearance"), and the grid
 * a sized query sees (every cell of clearance below k blocked), which is
 * how every other model honours ls_query.clearance.
 */
#include <stdlib.h>
#include <string.h>
#include "oracle.h"

/* Is (x, y) blocked or outside the grid? */
static int wall(const uint8_t *cells, int32_t w, int32_t h, int32_t x,
                int32_t y)
{
    return x < 0 || y < 0 || x >= w || y >= h ||
           cells[(size_t)y * (size_t)w + (size_t)x] == 0;
}

uint32_t or_clearance_at(const uint8_t *cells, int32_t w, int32_t h,
                         int32_t x, int32_t y)
{
    int32_t d, i;
    if (wall(cells, w, h, x, y))
        return 0;
    /* The least d such that a cell at Chebyshev distance exactly d (the
     * square ring of side 2d + 1) is a wall, capped. */
    for (d = 1; d < (int32_t)LS_CLEARANCE_MAX; d++)
        for (i = -d; i <= d; i++)
            if (wall(cells, w, h, x + i, y - d) ||
                wall(cells, w, h, x + i, y + d) ||
                wall(cells, w, h, x - d, y + i) ||
                wall(cells, w, h, x + d, y + i))
                return (uint32_t)d;
    return LS_CLEARANCE_MAX;
}

void or_clearance(const uint8_t *cells, int32_t w, int32_t h, uint8_t *out)
{
    int32_t x, y;
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            out[(size_t)y * (size_t)w + (size_t)x] =
                (uint8_t)or_clearance_at(cells, w, h, x, y);
}

uint8_t *or_sized_cells(const uint8_t *cells, int32_t w, int32_t h,
                        uint32_t k)
{
    const size_t n = (size_t)w * (size_t)h;
    uint8_t *out = malloc(n ? n : 1), *clear;
    size_t i;
    if (!out)
        return NULL;
    memcpy(out, cells, n);
    if (k <= 1u)
        return out;
    clear = malloc(n ? n : 1);
    if (!clear) {
        free(out);
        return NULL;
    }
    or_clearance(cells, w, h, clear);
    for (i = 0; i < n; i++)
        if (clear[i] < k)
            out[i] = 0;
    free(clear);
    return out;
}

uint8_t *or_query_cells(const ls_grid *grid, const ls_query *q, int32_t *w,
                        int32_t *h)
{
    uint8_t *cells = tu_cells(grid, w, h), *sized;
    if (!cells || q->clearance <= 1u)
        return cells;
    sized = or_sized_cells(cells, *w, *h, q->clearance);
    free(cells);
    return sized;
}
