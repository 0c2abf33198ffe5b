/* SPDX-License-Identifier: MIT */
/*
 * jumps.c - the JPS+ jump tables (src/jumps.h): build them for a grid,
 * keep them exact after every edit, drop them (lockstar_jumps.h).
 *
 * A field is a function of the line it lies on: walking against d, the
 * field of a free cell c is that of the cell n = c + d it steps into,
 * one step longer, unless n itself is an event for d (blocked, or with a
 * forced neighbour for d), where the walk stops. So one sweep per line
 * and direction, against d, builds every field from the one before it.
 *
 * Events for d at n read n, its two sides n +- t and the cells behind
 * them n +- t - d, so a changed cell (x, y) changes the events, and hence
 * the fields, of rows y-1..y+1 (E and W) and columns x-1..x+1 (N and S)
 * only. An edit re-sweeps those lines from just past the changed events,
 * and stops a sweep at the first cell beyond them whose field came out
 * unchanged: every field before it along the sweep is a function of that
 * field and of events the edit did not touch. The result is the table a
 * fresh build gives, whatever edits led to the cells (tests/suite_jumps.c
 * compares them byte for byte).
 */
#include <string.h>
#include "alloc.h"
#include "direction.h"
#include "jumps.h"

static int is_free(const uint8_t *cells, uint32_t cell)
{
    return cells[cell] != LS_CELL_BLOCKED;
}

/* Is n an event for a walk whose steps are `step`, with sides +-side:
 * blocked, or a side cell free whose cell behind (one step back) is
 * blocked? The rule of forced neighbours (docs/contract-jps.md). n is
 * inside the grid or on its border, so every cell read is in the array. */
static int is_event(const uint8_t *cells, uint32_t n, uint32_t step,
                    uint32_t side)
{
    if (!is_free(cells, n))
        return 1;
    return (is_free(cells, n + side) && !is_free(cells, n + side - step)) ||
           (is_free(cells, n - side) && !is_free(cells, n - side - step));
}

/* The field of free cell c for the direction whose step is `step`, from
 * the next cell's entry (already current). */
static uint32_t field_of(const uint8_t *cells, const uint64_t *entry,
                         uint32_t c, uint32_t step, uint32_t side,
                         uint32_t shift)
{
    const uint32_t n = c + step;
    if (is_event(cells, n, step, side))
        return 2u | (uint32_t)is_free(cells, n);
    return ((uint32_t)(entry[n] >> shift) & 0xFFFFu) + 2u;
}

/* One line's sweep for direction d: cells first, first - step, ..., count
 * of them (the walk runs against d, so each field's next cell is done
 * before it). After the first `exact` cells, the sweep ends at the first
 * cell whose field did not change (see the top of this file). A blocked
 * cell's whole entry is 0, whichever direction writes it. */
static void sweep(const ls_grid *g, uint64_t *entry, uint32_t d,
                  uint32_t first, uint32_t count, uint32_t exact)
{
    const uint32_t step = (uint32_t)ls__dir_offset(d, g->stride);
    const uint32_t side = (uint32_t)ls__dir_offset((d + 1u) & 3u, g->stride);
    const uint32_t shift = 16u * d;
    const uint64_t mask = (uint64_t)0xFFFFu << shift;
    const uint8_t *cells = g->cells;
    uint32_t k, c = first;
    for (k = 0; k < count; k++, c -= step) {
        uint64_t was = entry[c], now;
        if (!is_free(cells, c))
            now = 0;
        else
            now = (was & ~mask) |
                  ((uint64_t)field_of(cells, entry, c, step, side, shift)
                   << shift);
        if (now == was && k >= exact)
            return;
        entry[c] = now;
    }
}

/* Re-sweep row r (bordered, 1..height) for E and W, the events of columns
 * c0..c1 (bordered) having changed; everything when c0..c1 spans the row. */
static void sweep_row(const ls_grid *g, uint64_t *entry, uint32_t r,
                      uint32_t c0, uint32_t c1)
{
    const uint32_t w = (uint32_t)g->width, base = r * g->stride;
    /* E walks west from c1, whose field reads only column c1 + 1 (no
     * changed event). A field west of c0 - 1 reads events that did not
     * change and the field east of it, so from c0 - 1 on (k >= from + 1 -
     * c0) an unchanged field ends the sweep. W mirrors it from c0: from
     * c1 + 1 on. */
    uint32_t from = c1 < w ? c1 : w;
    sweep(g, entry, 1u, base + from, from, from + 1u - c0);
    from = c0 > 1u ? c0 : 1u;
    sweep(g, entry, 3u, base + from, w + 1u - from,
          (c1 < w ? c1 + 1u : w) + 1u - from);
}

/* The same for column c: N and S, the events of rows r0..r1 changed. */
static void sweep_column(const ls_grid *g, uint64_t *entry, uint32_t c,
                         uint32_t r0, uint32_t r1)
{
    const uint32_t h = (uint32_t)g->height, stride = g->stride;
    uint32_t from = r1 < h ? r1 : h;
    sweep(g, entry, 2u, from * stride + c, from, from + 1u - r0);
    from = r0 > 1u ? r0 : 1u;
    sweep(g, entry, 0u, from * stride + c, h + 1u - from,
          (r1 < h ? r1 + 1u : h) + 1u - from);
}

/* Bring every field whose events lie in the bordered window c0..c1,
 * r0..r1 (the changed cells grown by one) up to date. */
static void update_window(const ls_grid *g, uint64_t *entry, uint32_t c0,
                          uint32_t r0, uint32_t c1, uint32_t r1)
{
    const uint32_t w = (uint32_t)g->width, h = (uint32_t)g->height;
    uint32_t r, c;
    for (r = r0 < 1u ? 1u : r0; r <= r1 && r <= h; r++)
        sweep_row(g, entry, r, c0, c1);
    for (c = c0 < 1u ? 1u : c0; c <= c1 && c <= w; c++)
        sweep_column(g, entry, c, r0, r1);
}

/* Build every field of g from its cells into entry (all 0 on entry). */
static void build_all(const ls_grid *g, uint64_t *entry)
{
    update_window(g, entry, 1u, 1u, (uint32_t)g->width,
                  (uint32_t)g->height);
}

void ls__jumps_after_edit(ls_grid *grid, int32_t x, int32_t y, int32_t w,
                          int32_t h)
{
    if (!grid->jumps)
        return;
    /* Bordered (x, y) is (x + 1, y + 1); the events that read the
     * changed cells lie one cell further on each side. */
    update_window(grid, grid->jumps->entry, (uint32_t)x, (uint32_t)y,
                  (uint32_t)x + (uint32_t)w + 1u,
                  (uint32_t)y + (uint32_t)h + 1u);
}

void ls__jumps_release(ls_grid *grid)
{
    if (!grid->jumps)
        return;
    ls__release(&grid->allocator, grid->jumps->entry,
                (size_t)grid->jumps->cell_count * sizeof(uint64_t));
    ls__release(&grid->allocator, grid->jumps, sizeof *grid->jumps);
    grid->jumps = NULL;
}

size_t ls__jumps_bytes(const ls_grid *grid)
{
    if (!grid->jumps)
        return 0;
    return sizeof *grid->jumps +
           (size_t)grid->jumps->cell_count * sizeof(uint64_t);
}

ls_status ls_grid_build_jumps(ls_grid *grid)
{
    struct ls_jumps *j;
    if (!grid)
        return LS_ERR_NULL_ARGUMENT;
    if (!grid->row_bits)
        return LS_ERR_UNSUPPORTED; /* LS_GRID_COMPACT */
    if (grid->jumps) /* kept current by every edit: nothing to do */
        return LS_OK;
    j = ls__alloc(&grid->allocator, sizeof *j);
    if (!j)
        return LS_ERR_OUT_OF_MEMORY;
    j->cell_count = grid->cell_count;
    j->entry = ls__alloc_zeroed(&grid->allocator,
                                (size_t)grid->cell_count * sizeof(uint64_t));
    if (!j->entry) {
        ls__release(&grid->allocator, j, sizeof *j);
        return LS_ERR_OUT_OF_MEMORY;
    }
    build_all(grid, j->entry);
    grid->jumps = j;
    return LS_OK;
}

ls_status ls_grid_drop_jumps(ls_grid *grid)
{
    if (!grid)
        return LS_ERR_NULL_ARGUMENT;
    ls__jumps_release(grid);
    return LS_OK;
}

ls_status ls_grid_jumps_bytes(const ls_grid *grid, uint64_t *bytes)
{
    if (!grid || !bytes)
        return LS_ERR_NULL_ARGUMENT;
    *bytes = (uint64_t)ls__jumps_bytes(grid);
    return LS_OK;
}

ls_status ls_grid_jump(const ls_grid *grid, int32_t x, int32_t y,
                       int32_t direction, int32_t *run, int32_t *jump_point)
{
    uint32_t field;
    if (!grid || !run || !jump_point)
        return LS_ERR_NULL_ARGUMENT;
    if (direction < 0 || direction > 3)
        return LS_ERR_BAD_OPTION;
    if (x < 0 || y < 0 || x >= grid->width || y >= grid->height)
        return LS_ERR_OUT_OF_BOUNDS;
    if (!grid->jumps)
        return LS_ERR_NOT_PREPARED;
    field = ls__jump_field(
        grid->jumps->entry[ls__cell_index(grid->stride, x, y)],
        (uint32_t)direction);
    *run = (int32_t)(field >> 1);
    *jump_point = (int32_t)(field & 1u);
    return LS_OK;
}
