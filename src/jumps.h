/* SPDX-License-Identifier: MIT */
/*
 * jumps.h - the JPS+ jump tables kept with a grid (src/jumps.c builds and
 * updates them; src/jps_plus.c reads them; docs/jump-tables.md).
 *
 * One 64-bit entry per bordered cell holds four 16-bit fields, one per
 * straight direction (N bits 0-15, E 16-31, S 32-47, W 48-63). A field
 * answers, for a free cell, what JPS's straight jump (docs/contract-jps.md,
 * "Jumps") finds when the goal is not on the way: walking in direction d,
 * the first cell that is blocked or has a forced neighbour for d,
 *     field = run << 1 | jump_point
 * where run (1..LS_MAX_DIMENSION) counts the steps to that cell and
 * jump_point is 1 when it is free (a forced neighbour), 0 when blocked
 * (the jump finds nothing there). A free cell's fields are never 0; a
 * blocked cell's entry (border included) is 0 in all four.
 *
 * Diagonal jumps are not stored: a diagonal step is resolved at query time
 * from the two straight fields of the cell it reaches, so one edit changes
 * only the straight fields of the rows and columns next to it
 * (docs/jump-tables.md explains the choice).
 */
#ifndef LS_JUMPS_H
#define LS_JUMPS_H

#include <stddef.h>
#include <stdint.h>
#include "grid.h"

struct ls_jumps {
    uint64_t *entry;      /* one per bordered cell */
    uint32_t cell_count;  /* bordered, as the grid's */
};

/* A straight field whose first cell is blocked: run 1, no jump point. The
 * diagonal walk reads "the cell next door in d is blocked" from it. */
#define LS_JUMP_WALL_NEXT 2u

/* Direction d's (0..3) field of an entry. */
static inline uint32_t ls__jump_field(uint64_t entry, uint32_t d)
{
    return (uint32_t)(entry >> (16u * d)) & 0xFFFFu;
}

/* Bring the tables of grid (if it holds any) up to date after the cells
 * of the rectangle (x, y, w, h), inside the grid, changed (src/prep.c). */
void ls__jumps_after_edit(ls_grid *grid, int32_t x, int32_t y, int32_t w,
                          int32_t h);

/* Release grid's tables, if any (src/prep.c, ls_grid_drop_jumps). */
void ls__jumps_release(ls_grid *grid);

/* Bytes grid's tables hold (0 without tables). */
size_t ls__jumps_bytes(const ls_grid *grid);

#endif
