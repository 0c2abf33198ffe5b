/* SPDX-License-Identifier: MIT */
/*
 * plan.h - a validated query in the form the search loops read
 * (src/query.c validates; src/heuristic.h computes estimates from it).
 */
#ifndef LS_PLAN_H
#define LS_PLAN_H

#include <stdint.h>
#include "lockstar.h"
#include "grid.h"
#include "landmarks.h"

typedef struct ls_plan {
    uint32_t start, goal;            /* bordered cell indices */
    int32_t goal_x, goal_y;
    uint32_t dir_count;              /* 4 or 8 */
    int32_t corner_rule;
    int32_t heuristic;               /* never LS_HEURISTIC_AUTO */
    int32_t tie_break;
    int32_t algorithm;
    uint32_t straight, diagonal;
    uint32_t weight;                 /* fix16, >= 1.0 */
    uint32_t max_expansions;
    uint32_t clearance;              /* 2..LS_CLEARANCE_MAX sized, else 1 */
    /* LS_HEURISTIC_LANDMARKS (src/landmarks.h): what the query reads of
     * the grid's tables. Last, so no field the loops read moves. */
    ls_landmark_view landmarks;
} ls_plan;

/* Does the algorithm jump (LS_ALGO_JPS, or LS_ALGO_JPS_PLUS, the same
 * search with its jumps looked up): JPS's rules, refusals and open list. */
static inline int ls__algo_jumps(int32_t algorithm)
{
    return algorithm == LS_ALGO_JPS || algorithm == LS_ALGO_JPS_PLUS;
}

/* The query's moves (connectivity, corner rule: LS_ERR_BAD_OPTION) and
 * step costs (LS_ERR_BAD_STEP_COST), each checked as ls_query_validate
 * does; ls_check_path uses them too. */
ls_status ls__check_moves(const ls_query *q);
ls_status ls__check_step_costs(const ls_query *q);

/* The same two checks for a move set a table is built for (landmarks, a
 * hierarchy): the query ls_query_init gives, with these moves and costs. */
ls_status ls__check_move_set(int32_t connectivity, int32_t corner_rule,
                             uint32_t straight_cost, uint32_t diagonal_cost);

/* The rules of moves alone, for what uses a query's moves but searches
 * nothing (ls_check_path, flow fields): struct size
 * (LS_ERR_BAD_STRUCT_SIZE), then ls__check_moves, then
 * ls__check_step_costs, then the clearance (ls__check_clearance without
 * the algorithm's part: JPS is not theirs to refuse). */
ls_status ls__check_move_rules(const ls_query *q);

/* A query's clearance for grid (NULL: any grid): above LS_CLEARANCE_MAX,
 * or above 1 on a compact grid (no clearance kept) or, when `search` is
 * set, with LS_ALGO_JPS, gives LS_ERR_BAD_CLEARANCE. */
ls_status ls__check_clearance(const ls_query *q, const ls_grid *grid,
                              int search);

/* Is bordered cell c enterable for a query of clearance k (as planned:
 * 1 for an unsized one) on grid? The one rule of "a sized query sees the
 * grid with every cell of clearance below k blocked". */
static inline int ls__cell_enterable(const ls_grid *grid, uint32_t c,
                                     uint32_t k)
{
    return k > 1u ? grid->clear[c] >= k : grid->cells[c] != LS_CELL_BLOCKED;
}

/* Everything ls__plan_query checks that does not need a grid (struct
 * size, options, step costs, weight, JPS's movement rules), in its order. */
ls_status ls__check_query_options(const ls_query *q);

/* Validate q for grid, in the documented order of errors, and fill *plan. */
ls_status ls__plan_query(const ls_query *q, const ls_grid *grid,
                         ls_plan *plan);

#endif
