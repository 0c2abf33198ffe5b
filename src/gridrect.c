/* SPDX-License-Identifier: MIT */
/*
 * gridrect.c - rectangle edits (ls_grid_set_rect): a building placed or
 * removed in one call, every argument checked before any cell changes,
 * and one revision step for the whole rectangle.
 */
#include "grid.h"

ls_status ls_grid_set_rect(ls_grid *grid, int32_t x, int32_t y, int32_t w,
                           int32_t h, uint8_t cost)
{
    int32_t cx, cy;
    int changed = 0, passability = 0, lowered = 0;
    if (!grid)
        return LS_ERR_NULL_ARGUMENT;
    if (w < 1 || h < 1)
        return LS_ERR_BAD_SIZE;
    /* x < width, so width - x cannot overflow; nor x + w - 1 after. */
    if (x < 0 || y < 0 || x >= grid->width || y >= grid->height ||
        w > grid->width - x || h > grid->height - y)
        return LS_ERR_OUT_OF_BOUNDS;
    for (cy = y; cy < y + h; cy++)
        for (cx = x; cx < x + w; cx++) {
            const uint8_t old =
                grid->cells[ls__cell_index(grid->stride, cx, cy)];
            passability |= (old == LS_CELL_BLOCKED) != (cost == LS_CELL_BLOCKED);
            lowered |= ls__cost_lowered(old, cost);
            changed |= ls__grid_put(grid, cx, cy, cost);
        }
    /* Clearances move only where passability did: the rectangle grown by
     * LS_CLEARANCE_MAX - 1 is recomputed once (src/clearance.c). */
    if (passability)
        ls__clearance_after_rect(grid, x, y, w, h);
    if (changed) {
        ls__prep_after_edit(grid, x, y, w, h, lowered);
        grid->revision++;
    }
    return LS_OK;
}
