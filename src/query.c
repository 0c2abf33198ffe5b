/* SPDX-License-Identifier: MIT */
/* query.c - query defaults and validation into a plan the search runs. */
#include "grid.h"
#include "heuristic.h"
#include "hpa.h"
#include "plan.h"

ls_status ls_query_init(ls_query *q)
{
    if (!q)
        return LS_ERR_NULL_ARGUMENT;
    q->struct_size = (uint32_t)sizeof *q;
    q->start_x = q->start_y = 0;
    q->goal_x = q->goal_y = 0;
    q->connectivity = LS_CONNECT_8;
    q->corner_rule = LS_CORNERS_NONE;
    q->heuristic = LS_HEURISTIC_AUTO;
    q->tie_break = LS_TIE_HIGH_G;
    q->algorithm = LS_ALGO_ASTAR;
    q->straight_cost = 10;
    q->diagonal_cost = 14;
    q->weight = fix16_one;
    q->max_expansions = 0;
    q->clearance = 0;
    return LS_OK;
}

static int inside(const ls_grid *g, int32_t x, int32_t y)
{
    return x >= 0 && y >= 0 && x < g->width && y < g->height;
}

ls_status ls__check_moves(const ls_query *q)
{
    if (q->connectivity != LS_CONNECT_4 && q->connectivity != LS_CONNECT_8)
        return LS_ERR_BAD_OPTION;
    if (q->corner_rule < LS_CORNERS_NONE || q->corner_rule > LS_CORNERS_ALL)
        return LS_ERR_BAD_OPTION;
    return LS_OK;
}

ls_status ls__check_step_costs(const ls_query *q)
{
    if (q->straight_cost < 1 || q->straight_cost > LS_MAX_STEP_COST)
        return LS_ERR_BAD_STEP_COST;
    /* Checked for 4-connectivity too: the octile estimate uses it. */
    if (q->diagonal_cost < q->straight_cost ||
        q->diagonal_cost > 2u * q->straight_cost)
        return LS_ERR_BAD_STEP_COST;
    return LS_OK;
}

ls_status ls__check_move_set(int32_t connectivity, int32_t corner_rule,
                             uint32_t straight_cost, uint32_t diagonal_cost)
{
    ls_query q;
    ls_status st;
    ls_query_init(&q);
    q.connectivity = connectivity;
    q.corner_rule = corner_rule;
    q.straight_cost = straight_cost;
    q.diagonal_cost = diagonal_cost;
    st = ls__check_moves(&q);
    return st != LS_OK ? st : ls__check_step_costs(&q);
}

ls_status ls__check_clearance(const ls_query *q, const ls_grid *grid,
                              int search)
{
    if (q->clearance > LS_CLEARANCE_MAX)
        return LS_ERR_BAD_CLEARANCE;
    if (q->clearance > 1u &&
        ((search && ls__algo_jumps(q->algorithm)) ||
         (search && q->algorithm == LS_ALGO_HPA) || (grid && !grid->clear)))
        return LS_ERR_BAD_CLEARANCE;
    return LS_OK;
}

ls_status ls__check_move_rules(const ls_query *q)
{
    ls_status st;
    if (q->struct_size != sizeof *q)
        return LS_ERR_BAD_STRUCT_SIZE;
    st = ls__check_moves(q);
    if (st == LS_OK)
        st = ls__check_step_costs(q);
    return st != LS_OK ? st : ls__check_clearance(q, NULL, 0);
}

/* In the documented order: every LS_ERR_BAD_OPTION first, then the step
 * costs, then the weight. */
static ls_status check_options(const ls_query *q)
{
    ls_status st = ls__check_moves(q);
    if (st != LS_OK)
        return st;
    if ((q->heuristic < LS_HEURISTIC_AUTO || q->heuristic > LS_HEURISTIC_ZERO) &&
        q->heuristic != LS_HEURISTIC_LANDMARKS)
        return LS_ERR_BAD_OPTION;
    if (q->tie_break != LS_TIE_HIGH_G && q->tie_break != LS_TIE_LOW_G)
        return LS_ERR_BAD_OPTION;
    if (q->algorithm != LS_ALGO_ASTAR && !ls__algo_jumps(q->algorithm) &&
        q->algorithm != LS_ALGO_HPA)
        return LS_ERR_BAD_OPTION;
    st = ls__check_step_costs(q);
    if (st != LS_OK)
        return st;
    if (q->weight < LS_MIN_WEIGHT || q->weight > LS_MAX_WEIGHT)
        return LS_ERR_BAD_WEIGHT;
    return LS_OK;
}

ls_status ls__check_query_options(const ls_query *q)
{
    ls_status st;
    if (q->struct_size != sizeof *q)
        return LS_ERR_BAD_STRUCT_SIZE;
    st = check_options(q);
    if (st != LS_OK)
        return st;
    if (ls__algo_jumps(q->algorithm) &&
        (q->connectivity != LS_CONNECT_8 || q->corner_rule != LS_CORNERS_NONE))
        return LS_ERR_UNSUPPORTED;
    /* Landmark bounds serve A* alone (lockstar_landmarks.h). */
    if (q->heuristic == LS_HEURISTIC_LANDMARKS && q->algorithm != LS_ALGO_ASTAR)
        return LS_ERR_UNSUPPORTED;
    return ls__check_clearance(q, NULL, 1);
}

ls_status ls__plan_query(const ls_query *q, const ls_grid *grid,
                         ls_plan *plan)
{
    ls_status st;
    if (!q || !grid || !plan)
        return LS_ERR_NULL_ARGUMENT;
    st = ls__check_query_options(q);
    if (st == LS_OK) /* the grid's part: a compact grid keeps none */
        st = ls__check_clearance(q, grid, 1);
    if (st != LS_OK)
        return st;
    if (ls__algo_jumps(q->algorithm) && grid->costly_cells != 0)
        return LS_ERR_NOT_UNIFORM;
    /* JPS+ looks its jumps up in tables built beforehand (jumps.h). */
    if (q->algorithm == LS_ALGO_JPS_PLUS && grid->jumps == NULL)
        return LS_ERR_NOT_PREPARED;
    /* HPA searches the hierarchy built for its moves (hpa.h). */
    if (q->algorithm == LS_ALGO_HPA && ls__hpa_accepts(grid, q) != LS_OK)
        return LS_ERR_NOT_PREPARED;
    /* Landmark tables built for the query's moves (landmarks.h). */
    if (q->heuristic == LS_HEURISTIC_LANDMARKS &&
        ls__landmarks_check(grid, q) != LS_OK)
        return LS_ERR_NOT_PREPARED;
    if (!inside(grid, q->start_x, q->start_y))
        return LS_ERR_START_OUT_OF_BOUNDS;
    if (!inside(grid, q->goal_x, q->goal_y))
        return LS_ERR_GOAL_OUT_OF_BOUNDS;
    plan->start = ls__cell_index(grid->stride, q->start_x, q->start_y);
    plan->goal = ls__cell_index(grid->stride, q->goal_x, q->goal_y);
    /* Blocked for this query: for a sized one, a clearance below its. */
    plan->clearance = q->clearance > 1u ? q->clearance : 1u;
    if (!ls__cell_enterable(grid, plan->start, plan->clearance))
        return LS_ERR_START_BLOCKED;
    if (!ls__cell_enterable(grid, plan->goal, plan->clearance))
        return LS_ERR_GOAL_BLOCKED;

    plan->goal_x = q->goal_x;
    plan->goal_y = q->goal_y;
    plan->dir_count = (uint32_t)q->connectivity;
    plan->corner_rule = q->corner_rule;
    plan->heuristic = q->heuristic;
    if (plan->heuristic == LS_HEURISTIC_AUTO)
        plan->heuristic = q->connectivity == LS_CONNECT_8
                              ? LS_HEURISTIC_OCTILE : LS_HEURISTIC_MANHATTAN;
    plan->tie_break = q->tie_break;
    plan->algorithm = q->algorithm;
    plan->straight = q->straight_cost;
    plan->diagonal = q->diagonal_cost;
    plan->weight = (uint32_t)q->weight;
    plan->max_expansions = q->max_expansions;
    /* Tables that edits left stale give octile's search (landmarks.h). */
    if (plan->heuristic == LS_HEURISTIC_LANDMARKS &&
        !ls__landmarks_view(grid, plan->goal, &plan->landmarks))
        plan->heuristic = LS_HEURISTIC_OCTILE;
    /* The start's own f must fit, or no key can be formed at all. */
    if (ls__f_value(plan, 0, q->start_x, q->start_y) > LS_COST_MAX)
        return LS_ERR_COST_OVERFLOW;
    return LS_OK;
}

ls_status ls_query_validate(const ls_query *q, const ls_grid *grid)
{
    ls_plan plan;
    if (!q || !grid)
        return LS_ERR_NULL_ARGUMENT;
    return ls__plan_query(q, grid, &plan);
}
