/*
 * grid.c - the terrain: one byte per cell inside a blocked border, plus
 * (unless the grid is LS_GRID_COMPACT) one bit per cell twice, by rows and
 * by columns, saying "passable", which lets jump point search test 64
 * cells at a time (bits.h).
 */
#include <stdint.h>
#include <string.h>
#include "alloc.h"
#include "grid.h"
#include "mapdigest.h"
#include "thread.h"

/* Each bitset is allocated with one zero word before its first line and
 * one after its last, so that the scans in jps.c may read the word before
 * or after any line without a bounds test (see bits.h). */
static size_t row_bits_bytes(const ls_grid *g)
{
    return ((size_t)(g->height + 2) * g->row_words + 2u) * sizeof(uint64_t);
}

static size_t col_bits_bytes(const ls_grid *g)
{
    return ((size_t)g->stride * g->col_words + 2u) * sizeof(uint64_t);
}

/* The allocation behind a bitset pointer, and back. */
static uint64_t *bits_block(uint64_t *bits)
{
    return bits ? bits - 1 : NULL;
}

static uint64_t *bits_after_pad(uint64_t *block)
{
    return block ? block + 1 : NULL;
}

static void release_grid(ls_grid *g)
{
    ls_allocator a = g->allocator;
    ls__release(&a, g->cells, g->cell_count);
    ls__release(&a, bits_block(g->row_bits), row_bits_bytes(g));
    ls__release(&a, bits_block(g->col_bits), col_bits_bytes(g));
    ls__release(&a, g, sizeof *g);
}

/* Set the passability bits of bordered cell (c, r). */
static void set_bits(ls_grid *g, uint32_t c, uint32_t r, int passable)
{
    uint64_t *rw, *cw, rb, cb;
    if (!g->row_bits) /* LS_GRID_COMPACT */
        return;
    rw = &g->row_bits[(size_t)r * g->row_words + (c >> 6)];
    cw = &g->col_bits[(size_t)c * g->col_words + (r >> 6)];
    rb = (uint64_t)1 << (c & 63u);
    cb = (uint64_t)1 << (r & 63u);
    if (passable) {
        *rw |= rb;
        *cw |= cb;
    } else {
        *rw &= ~rb;
        *cw &= ~cb;
    }
}

/* Rebuild both bitsets from the cells a word at a time. A bit per cell
 * through set_bits would cost a read-modify-write of two words per cell,
 * and in column order a cache miss per cell (the column words of one row
 * lie a column's length apart). Here each word is written once: a row
 * word from 64 adjacent cells; column words a band of 64 rows at a time,
 * gathered for 512 columns in a stack array while each row of the band is
 * read in order (reading a column down the band instead would touch 64
 * lines a stride apart, which fall into the same few cache sets), then
 * stored. Border cells are blocked, so they make the zero bits around
 * the grid. */
#define LS_BITS_CHUNK 512u
static void rebuild_bits(ls_grid *g)
{
    const uint32_t stride = g->stride, rows = (uint32_t)g->height + 2u;
    uint64_t gather[LS_BITS_CHUNK];
    uint32_t r, c, k, band;
    bits_block(g->row_bits)[0] = 0;
    g->row_bits[(size_t)rows * g->row_words] = 0;
    bits_block(g->col_bits)[0] = 0;
    g->col_bits[(size_t)stride * g->col_words] = 0;
    for (r = 0; r < rows; r++) {
        const uint8_t *line = g->cells + (size_t)r * stride;
        for (k = 0; k < g->row_words; k++) {
            uint32_t end = stride - k * 64u < 64u ? stride - k * 64u : 64u;
            uint64_t word = 0;
            for (c = 0; c < end; c++)
                word |= (uint64_t)(line[k * 64u + c] != LS_CELL_BLOCKED) << c;
            g->row_bits[(size_t)r * g->row_words + k] = word;
        }
    }
    for (band = 0; band < g->col_words; band++) {
        const uint32_t first = band * 64u;
        const uint32_t end = rows - first < 64u ? rows - first : 64u;
        uint32_t c0;
        for (c0 = 0; c0 < stride; c0 += LS_BITS_CHUNK) {
            const uint32_t n = stride - c0 < LS_BITS_CHUNK ? stride - c0
                                                           : LS_BITS_CHUNK;
            memset(gather, 0, sizeof gather);
            for (r = 0; r < end; r++) {
                const uint8_t *line =
                    g->cells + (size_t)(first + r) * stride + c0;
                for (c = 0; c < n; c++)
                    gather[c] |= (uint64_t)(line[c] != LS_CELL_BLOCKED) << r;
            }
            for (c = 0; c < n; c++)
                g->col_bits[(size_t)(c0 + c) * g->col_words + band] = gather[c];
        }
    }
}

/* Recompute the bitsets, the count of costly cells and the digest from the
 * cells (the digest as the sum of every cell's term: the same value the
 * per-cell updates of ls__grid_put keep). */
static void rebuild_derived(ls_grid *g)
{
    uint32_t c, r, costly = 0, index = 0;
    uint64_t digest = ls__map_size_term(g->width, g->height);
    if (g->row_bits)
        rebuild_bits(g);
    for (r = 1; r <= (uint32_t)g->height; r++) {
        const uint8_t *line = g->cells + (size_t)r * g->stride;
        for (c = 1; c <= (uint32_t)g->width; c++) {
            costly += line[c] > 1;
            digest += ls__map_cell_term(index++, line[c]);
        }
    }
    g->costly_cells = costly;
    g->digest = digest;
}

/* A grid's cell bytes, up to (16384 + 2)^2, are one block: size_t must
 * hold 32 bits (every target does), so no run-time test is needed. */
#if SIZE_MAX < 0xFFFFFFFFu
#error "lockstar needs a size_t of at least 32 bits"
#endif

/* Both kinds of object share the flag values ls__creation_cells checks. */
typedef char ls__flags_are_zero_and_one
    [LS_GRID_FULL == 0u && LS_SEARCH_FULL == 0u && LS_GRID_COMPACT == 1u &&
             LS_SEARCH_COMPACT == 1u ? 1 : -1];

/* LS_MAX_CELLS must stay what the dimension limit implies. */
typedef char ls__max_cells_is_dimension_squared
    [LS_MAX_CELLS == (uint32_t)LS_MAX_DIMENSION * LS_MAX_DIMENSION ? 1 : -1];

ls_status ls__creation_cells(int32_t width, int32_t height, uint32_t flags,
                             uint32_t *cells)
{
    if (width < 1 || height < 1 || width > LS_MAX_DIMENSION ||
        height > LS_MAX_DIMENSION)
        return LS_ERR_BAD_SIZE;
    /* LS_GRID_FULL/LS_SEARCH_FULL and LS_GRID_COMPACT/LS_SEARCH_COMPACT. */
    if (flags != 0u && flags != 1u)
        return LS_ERR_BAD_FLAGS;
    /* So width * height <= LS_MAX_CELLS (= LS_MAX_DIMENSION squared, which
     * the typedef above checks at compile time) without a test, and
     * (16384 + 2)^2 < 2^32: this cannot wrap. */
    *cells = ((uint32_t)width + 2u) * ((uint32_t)height + 2u);
    return LS_OK;
}

ls_status ls_grid_create(int32_t width, int32_t height,
                         const ls_allocator *allocator, ls_grid **out)
{
    return ls_grid_create_with(width, height, LS_GRID_FULL, allocator, out);
}

ls_status ls_grid_create_with(int32_t width, int32_t height, uint32_t flags,
                              const ls_allocator *allocator, ls_grid **out)
{
    ls_allocator a;
    ls_grid *g;
    uint32_t cells;
    ls_status st;

    if (!out)
        return LS_ERR_NULL_ARGUMENT;
    *out = NULL;
    st = ls__creation_cells(width, height, flags, &cells);
    if (st != LS_OK)
        return st;

    g = ls__alloc_object(allocator, &a, sizeof *g);
    if (!g)
        return LS_ERR_OUT_OF_MEMORY;
    g->allocator = a;
    g->stamp = ls__stamp_next();
    g->width = width;
    g->height = height;
    g->stride = (uint32_t)width + 2u;
    g->cell_count = cells;
    g->row_words = (g->stride + 63u) / 64u;
    g->col_words = ((uint32_t)height + 2u + 63u) / 64u;
    g->cells = ls__alloc(&a, cells);
    if (flags == LS_GRID_FULL) {
        g->row_bits = bits_after_pad(ls__alloc(&a, row_bits_bytes(g)));
        g->col_bits = bits_after_pad(ls__alloc(&a, col_bits_bytes(g)));
    }
    if (!g->cells ||
        (flags == LS_GRID_FULL && (!g->row_bits || !g->col_bits))) {
        release_grid(g);
        return LS_ERR_OUT_OF_MEMORY;
    }
    memset(g->cells, LS_CELL_BLOCKED, cells);
    ls_grid_fill(g, LS_CELL_OPEN);
    *out = g;
    return LS_OK;
}

void ls_grid_destroy(ls_grid *grid)
{
    if (grid)
        release_grid(grid);
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

int ls__grid_put(ls_grid *grid, int32_t x, int32_t y, uint8_t cost)
{
    uint8_t *cell = &grid->cells[ls__cell_index(grid->stride, x, y)];
    /* y * width + x < LS_MAX_CELLS = 2^28: no wrap. */
    const uint32_t index = (uint32_t)y * (uint32_t)grid->width + (uint32_t)x;
    const uint8_t old = *cell;
    grid->costly_cells += (uint32_t)(cost > 1) - (uint32_t)(old > 1);
    grid->digest = grid->digest - ls__map_cell_term(index, old) +
                   ls__map_cell_term(index, cost);
    *cell = cost;
    set_bits(grid, (uint32_t)x + 1u, (uint32_t)y + 1u, cost != LS_CELL_BLOCKED);
    return old != cost;
}

ls_status ls_grid_set(ls_grid *grid, int32_t x, int32_t y, uint8_t cost)
{
    if (!grid)
        return LS_ERR_NULL_ARGUMENT;
    if (!in_bounds(grid, x, y))
        return LS_ERR_OUT_OF_BOUNDS;
    ls__grid_put(grid, x, y, cost);
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
    rebuild_derived(grid);
    grid->revision++;
    return LS_OK;
}

ls_status ls_grid_load(ls_grid *grid, const uint8_t *cells, size_t count)
{
    int32_t y;
    size_t w;
    if (!grid || !cells)
        return LS_ERR_NULL_ARGUMENT;
    w = (size_t)grid->width;
    if (count / w != (size_t)grid->height || count % w != 0)
        return LS_ERR_BAD_SIZE;
    for (y = 0; y < grid->height; y++)
        memcpy(grid->cells + ls__cell_index(grid->stride, 0, y),
               cells + (size_t)y * w, w);
    rebuild_derived(grid);
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
