/* grid.c - the terrain: one byte per cell inside a blocked border. */
#include <string.h>
#include "internal.h"

ls_status ls_grid_create(int32_t width, int32_t height,
                         const ls_allocator *allocator, ls_grid **out)
{
    ls_allocator a;
    ls_grid *g;
    uint32_t cells;
    ls_status st;

    if (!out)
        return LS_ERR_NULL_ARGUMENT;
    *out = NULL;
    st = ls__bordered_cells(width, height, &cells);
    if (st != LS_OK)
        return st;
    if ((size_t)cells != cells) /* size_t narrower than 32 bits */
        return LS_ERR_SIZE_OVERFLOW;

    ls__allocator_copy(&a, allocator);
    g = ls__alloc(&a, sizeof *g);
    if (!g)
        return LS_ERR_OUT_OF_MEMORY;
    g->cells = ls__alloc(&a, cells);
    if (!g->cells) {
        ls__release(&a, g, sizeof *g);
        return LS_ERR_OUT_OF_MEMORY;
    }
    g->width = width;
    g->height = height;
    g->stride = (uint32_t)width + 2u;
    g->cell_count = cells;
    g->revision = 0;
    g->costly_cells = 0;
    g->allocator = a;
    memset(g->cells, LS_CELL_BLOCKED, cells);
    ls_grid_fill(g, LS_CELL_OPEN);
    *out = g;
    return LS_OK;
}

void ls_grid_destroy(ls_grid *grid)
{
    ls_allocator a;
    if (!grid)
        return;
    a = grid->allocator;
    ls__release(&a, grid->cells, grid->cell_count);
    ls__release(&a, grid, sizeof *grid);
}

ls_status ls_grid_size(const ls_grid *grid, int32_t *width, int32_t *height)
{
    if (!grid || !width || !height)
        return LS_ERR_NULL_ARGUMENT;
    *width = grid->width;
    *height = grid->height;
    return LS_OK;
}

static int in_bounds(const ls_grid *grid, int32_t x, int32_t y)
{
    return x >= 0 && y >= 0 && x < grid->width && y < grid->height;
}

ls_status ls_grid_get(const ls_grid *grid, int32_t x, int32_t y, uint8_t *cost)
{
    if (!grid || !cost)
        return LS_ERR_NULL_ARGUMENT;
    if (!in_bounds(grid, x, y))
        return LS_ERR_OUT_OF_BOUNDS;
    *cost = grid->cells[ls__cell_index(grid->stride, x, y)];
    return LS_OK;
}

ls_status ls_grid_set(ls_grid *grid, int32_t x, int32_t y, uint8_t cost)
{
    uint8_t *cell;
    if (!grid)
        return LS_ERR_NULL_ARGUMENT;
    if (!in_bounds(grid, x, y))
        return LS_ERR_OUT_OF_BOUNDS;
    cell = &grid->cells[ls__cell_index(grid->stride, x, y)];
    grid->costly_cells += (uint32_t)(cost > 1) - (uint32_t)(*cell > 1);
    *cell = cost;
    grid->revision++;
    return LS_OK;
}

ls_status ls_grid_fill(ls_grid *grid, uint8_t cost)
{
    int32_t y;
    if (!grid)
        return LS_ERR_NULL_ARGUMENT;
    for (y = 0; y < grid->height; y++)
        memset(grid->cells + ls__cell_index(grid->stride, 0, y), cost,
               (size_t)grid->width);
    grid->costly_cells = cost > 1 ? (uint32_t)grid->width * (uint32_t)grid->height : 0;
    grid->revision++;
    return LS_OK;
}

ls_status ls_grid_load(ls_grid *grid, const uint8_t *cells, size_t count)
{
    int32_t y;
    size_t w, i;
    uint32_t costly = 0;
    if (!grid || !cells)
        return LS_ERR_NULL_ARGUMENT;
    w = (size_t)grid->width;
    if (count / w != (size_t)grid->height || count % w != 0)
        return LS_ERR_BAD_SIZE;
    for (y = 0; y < grid->height; y++)
        memcpy(grid->cells + ls__cell_index(grid->stride, 0, y),
               cells + (size_t)y * w, w);
    for (i = 0; i < count; i++)
        costly += cells[i] > 1;
    grid->costly_cells = costly;
    grid->revision++;
    return LS_OK;
}

ls_status ls_grid_revision(const ls_grid *grid, uint32_t *revision)
{
    if (!grid || !revision)
        return LS_ERR_NULL_ARGUMENT;
    *revision = grid->revision;
    return LS_OK;
}
