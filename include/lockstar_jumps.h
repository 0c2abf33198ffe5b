/* SPDX-License-Identifier: MIT */
/*
 * lockstar_jumps.h - JPS+ jump tables: a grid's straight jumps computed
 * once and kept current under edits, so that LS_ALGO_JPS_PLUS queries look
 * jumps up instead of scanning for them.
 *
 * Part of the lockstar API: it includes lockstar.h. Same conventions as
 * lockstar.h (every function returns an ls_status and validates its
 * arguments; nothing is changed on an error).
 *
 * What a caller may rely on:
 *
 *   A query with LS_ALGO_JPS_PLUS on a grid holding tables gives exactly
 *   what the same query with LS_ALGO_JPS gives: status, cost, path,
 *   expansion count and result digest, byte for byte, on every target.
 *   It takes JPS's rules (8-connectivity, LS_CORNERS_NONE, every passable
 *   cell of cost 1, no clearance above 1) and the same errors in the same
 *   order; after them (ls_query_validate's order, after LS_ERR_NOT_UNIFORM)
 *   LS_ERR_NOT_PREPARED when the grid holds no tables.
 *
 *   The tables are kept current by every edit (ls_grid_set,
 *   ls_grid_set_rect, ls_grid_fill, ls_grid_load), inside the edit call:
 *   there is no moment at which a query sees stale tables, and the tables
 *   after any sequence of edits are exactly those a fresh build on the
 *   edited grid makes. An edit costs, on top of its own work, a re-sweep
 *   of the rows and columns next to the changed cells (rows y-1..y+h,
 *   columns x-1..x+w), each from the change to the first cell whose jump
 *   did not change: at most (h + 2) * width + (w + 2) * height cells, far
 *   fewer on maps with walls (docs/jump-tables.md gives measured times).
 *
 *   Memory: 8 bytes per cell, cells counted with the grid's one-cell
 *   border ((width + 2) * (height + 2)), held until ls_grid_drop_jumps or
 *   ls_grid_destroy, allocated through the grid's allocator. Building
 *   takes O(cells) time; queries never allocate.
 *
 *   Tables depend only on which cells are blocked; terrain costs do not
 *   change them (a JPS+ query on a grid with a cell costing more than 1
 *   is refused with LS_ERR_NOT_UNIFORM all the same).
 */
#ifndef LOCKSTAR_JUMPS_H
#define LOCKSTAR_JUMPS_H

#include "lockstar.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Build grid's jump tables, or do nothing when it already holds them (they
 * are always current). LS_ERR_NULL_ARGUMENT; LS_ERR_UNSUPPORTED for an
 * LS_GRID_COMPACT grid (a grid created to hold 1 byte per cell does not
 * take 8 more); LS_ERR_OUT_OF_MEMORY when the grid's allocator refuses
 * (the grid is then unchanged, without tables). */
ls_status ls_grid_build_jumps(ls_grid *grid);

/* Release grid's jump tables; LS_OK also when it holds none. Later
 * LS_ALGO_JPS_PLUS queries give LS_ERR_NOT_PREPARED until the next build. */
ls_status ls_grid_drop_jumps(ls_grid *grid);

/* *bytes = the bytes grid's jump tables hold (0 when it holds none). */
ls_status ls_grid_jumps_bytes(const ls_grid *grid, uint64_t *bytes);

/* One stored jump, for tools and tests: from cell (x, y) in straight
 * direction direction (0 N, 1 E, 2 S, 3 W), *run is the number of steps
 * to the first cell that is blocked or has a forced neighbour for that
 * direction (docs/contract-jps.md), *jump_point 1 when that cell is free
 * (a jump from (x, y) finds it when the goal is not on the way) and 0 when
 * it is blocked (the jump finds nothing). A blocked (x, y) gives 0 and 0.
 * Errors: LS_ERR_NULL_ARGUMENT, LS_ERR_BAD_OPTION (direction outside 0..3),
 * LS_ERR_OUT_OF_BOUNDS, LS_ERR_NOT_PREPARED (no tables). */
ls_status ls_grid_jump(const ls_grid *grid, int32_t x, int32_t y,
                       int32_t direction, int32_t *run, int32_t *jump_point);

#ifdef __cplusplus
}
#endif

#endif
