/* SPDX-License-Identifier: MIT */
/*
 * lockstar_landmarks.h - landmark tables kept with a grid, for an exact
 * A* heuristic much closer to the true cost than octile on maps with walls:
 * LS_HEURISTIC_LANDMARKS (lockstar.h's heuristics; 7, since the golden
 * vectors keep 5 and 6 unknown values).
 *
 * Part of the lockstar API: lockstar.h includes it, and it includes
 * lockstar.h, so either may be included first. Same conventions as
 * lockstar.h (every function returns an ls_status and validates its
 * arguments; nothing is changed on an error unless said otherwise).
 *
 * What a query may rely on (the contract):
 *
 *   A query with heuristic LS_HEURISTIC_LANDMARKS runs A* exactly as
 *   lockstar.h's "Search order" specifies, with the estimate
 *     h(n) = max(octile(n), max over landmarks L of b_L(n)),
 *     b_L(n) = d(n, L) - d(goal, L), and when the tables were built on a
 *              grid whose passable cells all cost 1, also d(goal, L) - d(n, L)
 *   where d(c, L) is the least cost from c to L under the tables' moves
 *   (a flow field's cost, lockstar_flow.h). This h is admissible and
 *   consistent, so the cost found is exactly the optimal cost
 *   (LS_HEURISTIC_OCTILE's); the path is the one this order gives (it may
 *   differ from octile's among equal-cost paths), the same on every peer.
 *   A neighbour that the tables prove cannot reach the goal (one of c and
 *   the goal reaches a landmark the other does not) is never opened: a
 *   goal in another part of the map ends with LS_NO_PATH after one
 *   expansion. The start is always opened (with the octile estimate if
 *   the tables rule it out). Works for sized queries (any clearance) too.
 *   Partial paths use the octile closeness as always (lockstar.h).
 *
 *   Refused, in ls_query_validate's order (after LS_ERR_NOT_UNIFORM):
 *   LS_ERR_NOT_PREPARED when the grid holds no landmark tables, or tables
 *   built for other moves (connectivity, corner rule, straight or
 *   diagonal cost differ from the query's: the bound would not hold).
 *   LS_ALGO_JPS with LS_HEURISTIC_LANDMARKS gives LS_ERR_UNSUPPORTED.
 *
 * Edits (ls_grid_set, ls_grid_set_rect, ls_grid_fill, ls_grid_load):
 *   - an edit that only raises costs (blocks a cell, raises a multiplier)
 *     leaves the tables usable: every distance can only have grown, so
 *     the stored ones are still lower bounds and the bound stays
 *     admissible and consistent. The tables are no longer exact
 *     (info.exact 0) until an update.
 *   - an edit that lowers a cost or opens a cell makes the tables stale
 *     (info.usable 0): until ls_grid_update_landmarks completes, a
 *     landmark query runs exactly as an LS_HEURISTIC_OCTILE query would
 *     (same expansions, path and result). It is never refused for it.
 *   - an edit while an update is in progress starts the update again.
 *   An update rebuilds the tables in place, so while it runs (after its
 *   first call that did work) queries use octile too; when it completes
 *   the tables equal, byte for byte, those ls_grid_build_landmarks would
 *   build on the grid as it is then, and are usable and exact.
 *   Building or updating tables while a sliced landmark query is in
 *   progress on the grid ends that query with LS_ERR_GRID_CHANGED at its
 *   next ls_search_step, as an edit does.
 *
 * Landmarks (deterministic): the cells are split into connected parts
 * under the tables' moves; the largest part (ties: the one with the
 * lowest cell index y * width + x) gets every landmark. Its lowest cell
 * is the seed; the first landmark is the cell of that part farthest from
 * the seed (largest d(c, seed)), each next one the cell whose least
 * d(c, L) over the landmarks so far is largest; ties go to the lowest
 * cell index. Fewer than count landmarks are placed when the part runs
 * out of cells at a positive distance from every landmark. Cells of
 * other parts reach no landmark: their queries use octile.
 *
 * Work: a build or update costs about count + 1 flow fields on the grid
 * (docs/landmarks.md gives measured times). ls_grid_update_landmarks does
 * it in slices: a unit of work is one cell visited by a phase (the parts'
 * search, a flow field's expansion, a field copied into the tables); each
 * field's start is one indivisible piece of (width + 2) * (height + 2)
 * units, so a call does at most budget units plus less than one such
 * piece. The state after any sequence of calls is a function of the calls
 * (grid contents, edits and budgets) alone, the same on every peer.
 *
 * Memory, all allocated by ls_grid_build_landmarks through the grid's
 * allocator: ls_landmarks_bytes_per_cell(count) bytes per bordered cell
 * ((width + 2) * (height + 2)): 4 * count for the distances, 4 for the
 * search of connected parts and a flow field's 15 (lockstar_flow.h), kept
 * so that updates allocate nothing; plus a flow's fixed part (about 75
 * KB). Queries allocate nothing. Released with the grid.
 *
 * Threads: the tables are part of the grid: queries on several threads
 * may read them at once; build and update them when nobody reads the grid,
 * as for an edit.
 */
#ifndef LOCKSTAR_LANDMARKS_H
#define LOCKSTAR_LANDMARKS_H

#include "lockstar.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest landmark count. */
#define LS_LANDMARKS_MAX 16u

typedef struct ls_landmarks_config {
    uint32_t struct_size;    /* sizeof(ls_landmarks_config); set by init */
    uint32_t count;          /* landmarks wanted: 1..LS_LANDMARKS_MAX (8) */
    /* The moves the distances are for; a query must use the same ones. */
    int32_t connectivity;    /* LS_CONNECT_8 (default) or LS_CONNECT_4 */
    int32_t corner_rule;     /* LS_CORNERS_NONE (default) */
    uint32_t straight_cost;  /* 10 by default; as ls_query's */
    uint32_t diagonal_cost;  /* 14 by default; as ls_query's */
} ls_landmarks_config;

/* Fill cfg with the defaults above (those of ls_query_init). */
ls_status ls_landmarks_config_init(ls_landmarks_config *cfg);

/* Bytes per bordered cell held by tables of count landmarks (see
 * "Memory"), 0 for a count outside 1..LS_LANDMARKS_MAX. */
uint32_t ls_landmarks_bytes_per_cell(uint32_t count);

/* Build tables of cfg->count landmarks on grid, replacing any it held,
 * and run the whole computation (as ls_grid_update_landmarks with budget
 * 0). Errors: LS_ERR_NULL_ARGUMENT; LS_ERR_BAD_STRUCT_SIZE; LS_ERR_BAD_SIZE
 * (count outside 1..LS_LANDMARKS_MAX); LS_ERR_BAD_OPTION (connectivity,
 * corner rule); LS_ERR_BAD_STEP_COST (as ls_query_validate);
 * LS_ERR_SIZE_OVERFLOW, LS_ERR_OUT_OF_MEMORY (the grid keeps the tables
 * it held, if any); LS_ERR_COST_OVERFLOW when a distance would exceed
 * LS_COST_MAX (the grid then holds no tables). On LS_OK the tables are
 * usable and exact (a grid with no passable cell gets tables of no
 * landmark, which give octile). */
ls_status ls_grid_build_landmarks(ls_grid *grid,
                                  const ls_landmarks_config *cfg);

/* Release the grid's landmark tables (nothing if it holds none): landmark
 * queries give LS_ERR_NOT_PREPARED again. LS_ERR_NULL_ARGUMENT. */
ls_status ls_grid_drop_landmarks(ls_grid *grid);

/* Bring tables that edits left stale or inexact up to date, doing at most
 * about budget units of work (see "Work"; 0: no limit). *done (may be
 * NULL) gets the units this call did. Returns LS_OK when the tables are
 * usable and exact (at once if they were), LS_IN_PROGRESS while work
 * remains, LS_ERR_NOT_PREPARED when the grid holds no tables,
 * LS_ERR_NULL_ARGUMENT, or LS_ERR_COST_OVERFLOW (the grid then holds no
 * tables). */
ls_status ls_grid_update_landmarks(ls_grid *grid, uint32_t budget,
                                   uint32_t *done);

typedef struct ls_landmarks_info {
    uint32_t struct_size;    /* set by the caller to sizeof(ls_landmarks_info) */
    uint32_t count;          /* landmarks placed (0..config count) */
    uint32_t usable;         /* 1: landmark queries use the tables; 0: they
                                run as octile queries (stale, or updating) */
    uint32_t exact;          /* 1: equal to a fresh build on the grid now */
    uint32_t bytes_per_cell; /* ls_landmarks_bytes_per_cell(config count) */
    uint32_t reserved;       /* 0 */
    uint64_t bytes;          /* everything the tables hold, in bytes */
    ls_landmarks_config config;
    ls_point cells[LS_LANDMARKS_MAX]; /* the landmarks, [0, count) */
} ls_landmarks_info;

/* What the grid's tables are (see ls_landmarks_info). Errors:
 * LS_ERR_NULL_ARGUMENT, LS_ERR_BAD_STRUCT_SIZE (info->struct_size),
 * LS_ERR_NOT_PREPARED (no tables). */
ls_status ls_grid_landmarks_info(const ls_grid *grid, ls_landmarks_info *info);

/* Distance d(c, L) the tables hold from cell (x, y) to landmark index
 * (0..count-1) in *cost, -1 when the cell cannot reach it (for tests,
 * pictures and bindings; meaningful once the tables are usable).
 * Errors: LS_ERR_NULL_ARGUMENT, LS_ERR_NOT_PREPARED, LS_ERR_OUT_OF_BOUNDS
 * (the cell), LS_ERR_BAD_SIZE (the index). */
ls_status ls_grid_landmark_distance(const ls_grid *grid, uint32_t index,
                                    int32_t x, int32_t y, int32_t *cost);

#ifdef __cplusplus
}
#endif

#endif
