/* SPDX-License-Identifier: MIT */
/*
 * lockstar_flow.h - flow fields: for every cell of a grid, the least cost
 * to the nearest of a set of goal cells and the direction of the first step
 * on such a path, so that any number of units heading for the same goals
 * share one computation.
 *
 * Part of the lockstar API: lockstar.h includes it, and it includes
 * lockstar.h, so either may be included first. Same conventions as
 * lockstar.h (every function returns an ls_status and validates its
 * arguments; nothing is written on an error unless said otherwise).
 *
 * What a field is (the contract; a port must reproduce it exactly):
 *
 *   Moves are those of a query (lockstar.h): connectivity, corner rule,
 *   straight and diagonal base costs; a step into a cell costs the base
 *   cost times that cell's multiplier, as in A*. For every cell c:
 *     cost(c)  the least cost of a path of such steps from c to any goal:
 *              0 at a goal; exactly the cost ls_find_path reports from c
 *              to the nearest goal with the same options (and an
 *              admissible heuristic: it then finds optimal paths), the
 *              minimum over the goals. -1 when no goal can be reached
 *              (blocked cells included).
 *     direction(c)  for a reachable cell that is not a goal, the first of
 *              the eight neighbours in the library's fixed order
 *                0 N (0,-1), 1 E (+1,0), 2 S (0,+1), 3 W (-1,0),
 *                4 NE (+1,-1), 5 SE (+1,+1), 6 SW (-1,+1), 7 NW (-1,-1)
 *              (y grows downward; 4-connectivity uses 0..3) such that the
 *              step to it is legal and cost(neighbour) + that step's cost
 *              = cost(c). LS_FLOW_GOAL at a goal, LS_FLOW_NONE where
 *              cost is -1.
 *   So following directions from any reachable cell walks legal steps
 *   whose costs add up to exactly cost(c), and ends on a goal.
 *
 *   Goals on blocked cells are kept but reach nothing while blocked (their
 *   cell reads LS_FLOW_NONE); when an edit opens them they are goals again.
 *   Costs never exceed LS_COST_MAX: a field in which a reachable cell's
 *   cost would exceed it ends with LS_ERR_COST_OVERFLOW (after settling
 *   every cell of cost <= LS_COST_MAX, whatever the budgets).
 *
 * Work in slices (zlib's and the query's manner): ls_flow_begin starts a
 * field, ls_flow_step(budget) does at most budget expansions, and the
 * field, the statuses and the expansion counts are identical however the
 * budgets cut the work. An expansion is one unit of per-cell work:
 *   - a cell settled (its cost fixed, its direction found, its neighbours
 *     offered a cost); a fresh field expands every reachable cell once,
 *     goals included, so its total is the number of reachable cells;
 *   - in an update (ls_flow_refresh): a cell put on the update's list,
 *     once as the resets spread from it (a cell is reset when no step
 *     that gave its cost is left, kept when only its direction's step
 *     went) and once more when a reset cell is seeded from its neighbours
 *     or a kept cell finds its direction again; an edited cell, when it
 *     is seeded; and a cell settled again.
 * The number a step did is returned by ls_flow_step, and is a function of
 * the calls alone (the grid contents, goals, options and budgets), so a
 * crowd can share one tick budget between fields and queries.
 *
 * Edits: the field holds its own copy of the cells it was computed on (so
 * the grid may be edited, even destroyed, while a field is computed or
 * read); a sized field's copy is the grid its clearance sees, so a cell
 * whose clearance crossed k counts as edited like a cell built on. (A
 * sized refresh compares every cell a byte at a time, where an unsized
 * one compares eight.) ls_flow_refresh compares the grid with that copy
 * and brings the field up to date: incrementally where few cells changed,
 * else by computing it again; either way the result is identical, byte
 * for byte, to a field freshly begun on the edited grid.
 *
 * Memory: ls_flow_bytes_per_cell() bytes per cell, cells counted with the
 * one-cell border ((width + 2) * (height + 2)), plus 4 bytes per goal of
 * max_goals and a fixed part of about 75 KB (the bucket queue's room for a
 * partly filled block of cells per bucket); all allocated by
 * ls_flow_create. Nothing else allocates. The field itself (cost and
 * direction) is 5 bytes of the 15; the rest is the copy of the cells (1),
 * each cell's legal moves (1, so that a fresh field need not work them
 * out at every cell) and the bucket queue's pool (8), which an update
 * reuses for its own lists and heap, so updates need no memory of their
 * own.
 *
 * Threads: a flow is used by one thread at a time; any number of flows may
 * read one grid at once, as long as nobody edits it meanwhile
 * (ls_flow_begin and ls_flow_refresh read the grid; nothing else does).
 */
#ifndef LOCKSTAR_FLOW_H
#define LOCKSTAR_FLOW_H

#include "lockstar.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ls_flow ls_flow;

/* Directions (ls_flow_direction) besides 0..7, the neighbour order above. */
#define LS_FLOW_GOAL 8 /* the cell is a goal (cost 0) */
#define LS_FLOW_NONE 9 /* no goal can be reached (cost -1), or blocked */

/* Largest max_goals of ls_flow_create: 2^24 goals. */
#define LS_FLOW_MAX_GOALS 0x01000000u

/* A flow for grids of width x height (1..LS_MAX_DIMENSION each, else
 * LS_ERR_BAD_SIZE) with room for max_goals goals (1..LS_FLOW_MAX_GOALS,
 * else LS_ERR_BAD_SIZE). All memory is allocated here, through allocator
 * (NULL: malloc/free): a block whose byte count does not fit a size_t
 * gives LS_ERR_SIZE_OVERFLOW, a block the allocator refuses
 * LS_ERR_OUT_OF_MEMORY; on failure *out is NULL and nothing is left
 * allocated. The flow holds no field until ls_flow_begin. */
ls_status ls_flow_create(int32_t width, int32_t height, uint32_t max_goals,
                         const ls_allocator *allocator, ls_flow **out);
/* Free a flow. NULL is accepted and ignored. */
void ls_flow_destroy(ls_flow *flow);

/* Bytes per bordered cell of a flow (see "Memory" above): 15. */
uint32_t ls_flow_bytes_per_cell(void);

/* Start a field on grid towards goals[0..goal_count). options gives the
 * moves: its struct_size (LS_ERR_BAD_STRUCT_SIZE), connectivity and
 * corner_rule (LS_ERR_BAD_OPTION), straight_cost and diagonal_cost
 * (LS_ERR_BAD_STEP_COST), checked as ls_query_validate does, and its
 * clearance: a field of clearance k above 1 is the field of the grid
 * where every cell of clearance below k is blocked (lockstar.h,
 * "Clearance"), one field per size class (LS_ERR_BAD_CLEARANCE above
 * LS_CLEARANCE_MAX, or above 1 on an LS_GRID_COMPACT grid). Its start,
 * goal, heuristic, tie_break, algorithm, weight and max_expansions are
 * ignored (a field is always exact and unlimited). Then: grid's size not
 * the flow's: LS_ERR_GRID_MISMATCH; goal_count 0 or above max_goals:
 * LS_ERR_BAD_SIZE; a goal outside the grid: LS_ERR_GOAL_OUT_OF_BOUNDS; a
 * goal on a blocked cell (for the clearance: of clearance below k):
 * LS_ERR_GOAL_BLOCKED (goals blocked later by an edit are kept, see
 * above). A goal given twice counts once. On an error
 * the flow holds no field (readers give LS_ERR_NO_QUERY). On LS_OK the
 * cells are copied and every cell's state written (O(cells), about a
 * millisecond for 1024 x 1024); nothing is expanded yet. */
ls_status ls_flow_begin(ls_flow *flow, const ls_grid *grid,
                        const ls_query *options, const ls_point *goals,
                        uint32_t goal_count);

/* Do at most budget expansions (0 = no limit: to the end) of the field
 * begun or the update started. Returns LS_IN_PROGRESS while work remains,
 * LS_OK when the field is complete (then readable), or
 * LS_ERR_COST_OVERFLOW; once complete or failed, further calls return the
 * same status and do nothing. *expansions (may be NULL) receives the
 * number this call did (<= budget when budget != 0). LS_ERR_NO_QUERY when
 * no field was begun. */
ls_status ls_flow_step(ls_flow *flow, uint32_t budget, uint32_t *expansions);

/* Bring the field up to date with grid (same size as the flow, else
 * LS_ERR_GRID_MISMATCH; LS_ERR_NO_QUERY when no field was begun). Returns
 * LS_OK when the field already describes grid's cells (nothing to do: the
 * same grid at the same revision, or cells identical to the field's copy),
 * else LS_IN_PROGRESS: the edited cells are copied, and the update is
 * started, to be finished by ls_flow_step under budget. Costs O(cells) to
 * compare the cells (a revision unchanged on the same grid costs O(1)),
 * plus O(1) per edited cell; an update that would touch many cells (more
 * edited cells than 1/16 of all, an affected region over 1/4, or a queue
 * that outgrows its room) computes the field again instead, writing every
 * cell (O(cells)) where that is decided. While a field or an update is
 * unfinished, a refresh with the same grid at the same revision returns
 * LS_IN_PROGRESS and changes nothing (the work goes on), and any other
 * starts the field again, fresh, on grid's cells (LS_IN_PROGRESS). A field
 * that ended with LS_ERR_COST_OVERFLOW is computed again, fresh, on grid's
 * cells (LS_IN_PROGRESS) whatever the grid. "The same grid" is the one the
 * cells were last copied from, told apart by creation as the path queue
 * does (never by address); another grid with the same cells costs the
 * comparison only. */
ls_status ls_flow_refresh(ls_flow *flow, const ls_grid *grid);

/* Expansions of the field or update begun last (by ls_flow_begin or by an
 * ls_flow_refresh that returned LS_IN_PROGRESS), all steps together, in
 * *total. LS_ERR_NO_QUERY when no field was begun. */
ls_status ls_flow_expansions(const ls_flow *flow, uint32_t *total);

/* The cost of cell (x, y) in *cost (-1: no goal reachable), and its
 * direction in *direction (0..7, LS_FLOW_GOAL, LS_FLOW_NONE). Errors,
 * nothing written: LS_ERR_NULL_ARGUMENT, LS_ERR_NO_QUERY (nothing begun,
 * or the last begin was refused), LS_ERR_NOT_DONE (the field or an update
 * is unfinished), LS_ERR_COST_OVERFLOW (the field ended with it),
 * LS_ERR_OUT_OF_BOUNDS. O(1). */
ls_status ls_flow_cost(const ls_flow *flow, int32_t x, int32_t y,
                       int32_t *cost);
ls_status ls_flow_direction(const ls_flow *flow, int32_t x, int32_t y,
                            int32_t *direction);

/* Every cell's cost (int32_t, -1 unreachable) or direction (one byte
 * each), row-major (y * width + x), for bindings and pictures. count must
 * be width * height (else LS_ERR_BAD_SIZE); other errors as
 * ls_flow_cost, nothing written. */
ls_status ls_flow_costs(const ls_flow *flow, int32_t *costs, size_t count);
ls_status ls_flow_directions(const ls_flow *flow, uint8_t *directions,
                             size_t count);

/* The field digest, for peers to compare fields without sending them:
 * FNV-1a 64 (offset basis 0xcbf29ce484222325, prime 0x100000001b3) over
 * every cell in row-major order (y * width + x ascending), each as its
 * cost, a 32-bit little-endian two's complement integer (-1 unreachable),
 * then its direction, one byte (0..9). Errors as ls_flow_cost. */
ls_status ls_flow_digest(const ls_flow *flow, uint64_t *digest);

#ifdef __cplusplus
}
#endif

#endif /* LOCKSTAR_FLOW_H */
