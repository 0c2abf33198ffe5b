/* SPDX-License-Identifier: MIT */
/*
 * grid.c - the terrain: one byte per cell inside a blocked border, plus
 * (unless the grid is LS_GRID_COMPACT) one bit per cell twice, by rows and
 * by columns, saying "passable", which lets jump point search test 64
 * cells at a time (bits.h), and one byte per cell of clearance
 * (src/clearance.c keeps it).
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
    ls__release(&a, g->clear, g->cell_count);
    ls__prep_release(g);
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

/* Rows read 8 cells as one word where the byte order is known to be
 * little-endian (cell c in byte c % 8); elsewhere, and for the tail of a
 * line, a cell at a time. Same bits either way. */
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define LS_GRID_WORD_CELLS 1
#endif

/* The passability bits of n <= 64 cells, cell c in bit c. A byte's high
 * bit is set when the byte is non-zero, (b & 0x7f) + 0x7f carrying into
 * it (no carry leaves a byte), and the multiplication gathers the eight
 * high bits, each term on a bit of its own, into the top byte in order:
 * 2 instructions a cell instead of the 9 of the cell loop, which with the
 * column pass below was most of what creating and loading a grid cost
 * (rebuilt twice on the way from a map file: ls_grid_create_with, then
 * ls_grid_load). */
static uint64_t row_word(const uint8_t *cells, uint32_t n)
{
    uint64_t word = 0;
    uint32_t c = 0;
#ifdef LS_GRID_WORD_CELLS
    for (; c + 8u <= n; c += 8u) {
        uint64_t v, high;
        memcpy(&v, cells + c, 8);
        high = (((v & 0x7f7f7f7f7f7f7f7full) + 0x7f7f7f7f7f7f7f7full) | v) &
               0x8080808080808080ull;
        word |= ((high >> 7) * 0x0102040810204080ull >> 56) << c;
    }
#endif
    for (; c < n; c++)
        word |= (uint64_t)(cells[c] != LS_CELL_BLOCKED) << c;
    return word;
}

/* Transpose a 64 x 64 bit matrix in place, a[i] bit j trading with a[j]
 * bit i: six rounds swapping ever smaller blocks (32, 16, ... 1 bits)
 * across the diagonal, 384 swaps of a few operations each for 4,096 bits. */
static void transpose64(uint64_t *a)
{
    uint64_t m = 0x00000000ffffffffull, t;
    unsigned j, k;
    for (j = 32u; j != 0u; j >>= 1, m ^= m << j) {
        for (k = 0u; k < 64u; k = ((k | j) + 1u) & ~j) {
            t = ((a[k] >> j) ^ a[k | j]) & m;
            a[k | j] ^= t;
            a[k] ^= t << j;
        }
    }
}

/* Rebuild both bitsets from the cells a word at a time. The row words
 * come from the cells (row_word); the column words are the row words
 * transposed in 64 x 64 blocks (64 rows of one band by 64 columns), so no
 * cell is read twice and each word is written once. Border cells are
 * blocked, so they make the zero bits around the grid; a band's rows past
 * the last, and a row word's bits past the stride, are zero too. */
static void rebuild_bits(ls_grid *g)
{
    const uint32_t stride = g->stride, rows = (uint32_t)g->height + 2u;
    const uint32_t rw = g->row_words, cw = g->col_words;
    uint64_t block[64];
    uint32_t r, k, i, band;
    bits_block(g->row_bits)[0] = 0;
    g->row_bits[(size_t)rows * rw] = 0;
    bits_block(g->col_bits)[0] = 0;
    g->col_bits[(size_t)stride * cw] = 0;
    for (r = 0; r < rows; r++) {
        const uint8_t *line = g->cells + (size_t)r * stride;
        for (k = 0; k < rw; k++) {
            uint32_t end = stride - k * 64u < 64u ? stride - k * 64u : 64u;
            g->row_bits[(size_t)r * rw + k] = row_word(line + k * 64u, end);
        }
    }
    for (band = 0; band < cw; band++) {
        const uint32_t first = band * 64u;
        const uint32_t end = rows - first < 64u ? rows - first : 64u;
        for (k = 0; k < rw; k++) {
            const uint32_t n = stride - k * 64u < 64u ? stride - k * 64u
                                                      : 64u;
            for (i = 0; i < 64u; i++)
                block[i] = i < end ? g->row_bits[(size_t)(first + i) * rw + k]
                                   : 0u;
            transpose64(block);
            for (i = 0; i < n; i++)
                g->col_bits[(size_t)(k * 64u + i) * cw + band] = block[i];
        }
    }
}

/* How many of the n cells have a cost above 1. Where words of 8 cells
 * are read (row_word), a byte's high bit is set when the byte is above 1
 * ((b & 0x7e) + 0x7e carries into it, or b has it) and the multiplication
 * sums the eight flags into the top byte. */
static uint32_t costly_in(const uint8_t *cells, uint32_t n)
{
    uint32_t count = 0, c = 0;
#ifdef LS_GRID_WORD_CELLS
    for (; c + 8u <= n; c += 8u) {
        uint64_t v, high;
        memcpy(&v, cells + c, 8);
        high = (((v & 0x7e7e7e7e7e7e7e7eull) + 0x7e7e7e7e7e7e7e7eull) | v) &
               0x8080808080808080ull;
        count += (uint32_t)((high >> 7) * 0x0101010101010101ull >> 56);
    }
#endif
    for (; c < n; c++)
        count += cells[c] > 1;
    return count;
}

/* Recompute the bitsets, the count of costly cells and the digest from the
 * cells (the digest as the sum of every cell's term: the same value the
 * per-cell updates of ls__grid_put keep). A cell's term is
 * ls__map_mix(index * 256 + cost + constant); the part before the cost
 * advances by 256 a cell, kept as a running sum instead of a product. */
static void rebuild_derived(ls_grid *g)
{
    const uint32_t w = (uint32_t)g->width;
    uint32_t r, costly = 0;
    uint64_t digest = ls__map_size_term(g->width, g->height);
    uint64_t base = ls__map_cell_term_base(0);
    if (g->row_bits)
        rebuild_bits(g);
    for (r = 1; r <= (uint32_t)g->height; r++) {
        const uint8_t *cell = g->cells + (size_t)r * g->stride + 1u;
        const uint8_t *end = cell + w;
        costly += costly_in(cell, w);
        /* Four cells a step: the loop's own test and increments are a
         * sixth of a cell's cost otherwise. */
        for (; end - cell >= 4; cell += 4) {
            digest += ls__map_mix(base + cell[0]) +
                      ls__map_mix(base + 256u + cell[1]) +
                      ls__map_mix(base + 512u + cell[2]) +
                      ls__map_mix(base + 768u + cell[3]);
            base += 1024u;
        }
        for (; cell != end; cell++) {
            digest += ls__map_mix(base + *cell);
            base += 256u;
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
        g->clear = ls__alloc(&a, cells);
    }
    if (!g->cells || (flags == LS_GRID_FULL &&
                      (!g->row_bits || !g->col_bits || !g->clear))) {
        release_grid(g);
        return LS_ERR_OUT_OF_MEMORY;
    }
    memset(g->cells, LS_CELL_BLOCKED, cells);
    if (g->clear) /* the border's clearance, 0, is never written again */
        memset(g->clear, 0, cells);
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
    uint8_t old;
    if (!grid)
        return LS_ERR_NULL_ARGUMENT;
    if (!in_bounds(grid, x, y))
        return LS_ERR_OUT_OF_BOUNDS;
    old = grid->cells[ls__cell_index(grid->stride, x, y)];
    ls__grid_put(grid, x, y, cost);
    ls__clearance_after_cell(grid, x, y, old);
    if (old != cost)
        ls__prep_after_edit(grid, x, y, 1, 1, ls__cost_lowered(old, cost));
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
    ls__clearance_fill(grid, cost);
    ls__prep_after_edit(grid, 0, 0, grid->width, grid->height, 1);
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
    ls__clearance_window(grid, 1u, 1u, (uint32_t)grid->width,
                         (uint32_t)grid->height);
    ls__prep_after_edit(grid, 0, 0, grid->width, grid->height, 1);
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
