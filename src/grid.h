/* SPDX-License-Identifier: MIT */
/*
 * grid.h - the grid's layout, shared by the search (src/grid.c owns it).
 *
 * Cells are stored with a one-cell blocked border, so a neighbour index
 * never leaves the array and needs no bounds test. Cell (x, y) lives at
 * (y + 1) * stride + (x + 1), stride = width + 2. This bordered index sorts
 * exactly like y * width + x, so it serves as the tie-break index directly.
 */
#ifndef LS_GRID_H
#define LS_GRID_H

#include <stdint.h>
#include "lockstar.h"

struct ls_grid {
    int32_t width, height;
    uint32_t stride;
    uint32_t cell_count;     /* bordered */
    uint32_t revision;
    uint32_t costly_cells;   /* cells with cost > 1 (JPS needs none) */
    uint64_t digest;         /* ls_grid_digest, kept current (mapdigest.h) */
    uint8_t *cells;
    /* Passability bitsets for JPS (bits.h), kept in step with cells; NULL
     * in an LS_GRID_COMPACT grid. */
    uint64_t *row_bits, *col_bits;
    uint32_t row_words, col_words; /* words per bordered row, column */
    ls_allocator allocator;
    /* Which creation made this grid (ls__stamp_next, src/thread.c): never
     * the same for two grids of one process, whatever memory they get, so
     * the queue tells grids apart by it and not by address. Last, so that
     * no field the search reads moves. */
    uint64_t stamp;
    /* Each bordered cell's clearance (lockstar.h, "Clearance"; 0 on the
     * border), kept current by src/clearance.c after every edit; NULL in
     * an LS_GRID_COMPACT grid. After stamp for the same reason. */
    uint8_t *clear;
    /* Preprocessed tables kept with the grid for big maps (JPS+ jump
     * distances, landmark distances, a cluster hierarchy), each NULL until
     * its module builds it. src/prep.c tells every one of them about each
     * edit and releases them with the grid. After clear for the same
     * reason as stamp. */
    struct ls_jumps *jumps;
    struct ls_landmarks *landmarks;
    struct ls_hpa *hpa;
};

static inline uint32_t ls__cell_index(uint32_t stride, int32_t x, int32_t y)
{
    return ((uint32_t)y + 1u) * stride + (uint32_t)x + 1u;
}

/* Store cost in cell (x, y), inside the grid, keeping the bitsets, the
 * costly-cell count and the digest in step; the revision is the caller's.
 * Returns 1 if the cell's cost changed, else 0. */
int ls__grid_put(ls_grid *grid, int32_t x, int32_t y, uint8_t cost);

/* Clearance upkeep (src/clearance.c); all do nothing on a compact grid.
 * ls__clearance_window recomputes bordered columns c0..c1 and rows r0..r1
 * (inside the border) exactly from the cells, holding the ring around
 * them fixed; ls__clearance_after_cell brings the clearance up to date
 * after one cell's cost changed from old to its cost now; and
 * ls__clearance_after_rect after the cells of the rectangle (x, y, w, h)
 * changed (some passability among them). ls__clearance_fill sets every
 * cell's clearance for a grid whose cells all hold one cost. */
void ls__clearance_window(ls_grid *grid, uint32_t c0, uint32_t r0,
                          uint32_t c1, uint32_t r1);
void ls__clearance_after_cell(ls_grid *grid, int32_t x, int32_t y,
                              uint8_t old);
void ls__clearance_after_rect(ls_grid *grid, int32_t x, int32_t y, int32_t w,
                              int32_t h);
void ls__clearance_fill(ls_grid *grid, uint8_t cost);

/* Whether a cell going from cost old to cost now became cheaper to enter
 * or passable (a blocked cell has no cost to lower). */
static inline int ls__cost_lowered(uint8_t old, uint8_t now)
{
    return now != LS_CELL_BLOCKED && (old == LS_CELL_BLOCKED || now < old);
}

/* After cells of the rectangle (x, y, w, h), inside the grid, changed
 * cost (src/prep.c): each table attached to the grid is brought up to date
 * or marked stale, as its module documents. lowered is nonzero if any of
 * them became cheaper to enter or passable, which is what can make a
 * stored lower bound too high. Called after the clearance upkeep. */
void ls__prep_after_edit(ls_grid *grid, int32_t x, int32_t y, int32_t w,
                         int32_t h, int lowered);

/* Release every table attached to the grid (before the grid itself). */
void ls__prep_release(ls_grid *grid);

/* The checks every grid and search context creation starts with: width
 * and height 1..LS_MAX_DIMENSION each (else LS_ERR_BAD_SIZE), then flags
 * full (0) or compact (1) (else LS_ERR_BAD_FLAGS); and the bordered cell
 * count (width + 2) * (height + 2). */
ls_status ls__creation_cells(int32_t width, int32_t height, uint32_t flags,
                             uint32_t *cells);

#endif
