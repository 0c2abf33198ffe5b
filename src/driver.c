/* SPDX-License-Identifier: MIT */
/*
 * driver.c - the query driver: begin a query, step it under a budget
 * through the A* or JPS loop, finish it, and ls_find_path, which does all
 * three at once.
 */
#include "digest.h"
#include "direction.h"
#include "heuristic.h"
#include "hpa.h"
#include "openlist.h"
#include "path.h"
#include "search.h"

ls_status ls__search_finish(ls_search *s, ls_status status)
{
    s->phase = LS_PHASE_DONE;
    s->final_status = status;
    return status;
}

ls_status ls__search_finish_found(ls_search *s)
{
    ls__path_record(s);
    s->cost = (int32_t)ls__node(s->nodes, s->plan.goal, s->open.node_shift)->g;
    return ls__search_finish(s, LS_OK);
}

/* Forget stamps for real, so that a generation number can be used again:
 * a stale tag that carried it would pass for this query's. Only the tags
 * matter (a cell whose tag is not of this generation is unseen, whatever
 * its g and links hold), and only tags that are not zero yet are written:
 * the pages of a large context that no query reached were never touched
 * (src/context.c), and reading them finds zeroes without making the
 * system give them memory, where a memset would. */
static void clear_tags(ls_search *s, uint32_t first, uint32_t count)
{
    const uint32_t words = 1u << (s->open.node_shift - 2u);
    uint32_t *tag = &ls__node(s->nodes, first, s->open.node_shift)->tag;
    uint32_t k;
    for (k = 0; k < count; k++, tag += words)
        if (*tag != 0u)
            *tag = 0u;
}

/* Reached at the wrap (a small context: every tag, once every 8191
 * queries) or at every query (a large one: the next sweep_step tags, so
 * that the sweep passes every cell in fewer than LS_GENERATION_MAX
 * queries; a tag written by a query is then gone before that query's
 * generation number comes round again). Every tag is stale here: the
 * previous query is over and the next has not begun. */
static LS_NOINLINE void forget_stamps(ls_search *s)
{
    if (s->sweep_step == 0) {
        clear_tags(s, 0, s->cell_count);
    } else {
        uint32_t left = s->cell_count - s->sweep_cursor;
        uint32_t n = s->sweep_step < left ? s->sweep_step : left;
        clear_tags(s, s->sweep_cursor, n);
        s->sweep_cursor = n == left ? 0u : s->sweep_cursor + n;
    }
    if (s->generation == LS_GENERATION_MAX)
        s->generation = 0;
}

static void next_generation(ls_search *s)
{
    /* One comparison, as a plain wrap test would need: small contexts
     * reach forget_stamps at the wrap only. */
    if (s->generation >= s->clear_from)
        forget_stamps(s);
    s->generation++;
}

/* Can no g or f of this query exceed LS_COST_MAX? With a consistent
 * heuristic an expanded cell has its optimal g, the cost of a path that
 * never repeats a cell: at most width * height - 1 steps of at most
 * diagonal * 255 (or diagonal on a grid without terrain costs). A cell it
 * offers adds one step (A*) or one jump of at most `longest` steps (JPS).
 * With weight 1.0, h is at most 2 * longest side * diagonal; a landmark
 * bound is admissible, at most the cost of a path that never repeats a
 * cell, so at most g_max (a cell it cuts off is never offered). The shared
 * maps are far below the limit, so their queries skip the overflow checks
 * per neighbour. */
static int cannot_overflow(const ls_search *s)
{
    const ls_plan *p = &s->plan;
    uint64_t terrain = s->grid->costly_cells ? 255u : 1u;
    uint64_t longest = (uint64_t)(s->width > s->height ? s->width : s->height);
    uint64_t steps = (uint64_t)s->width * (uint64_t)s->height + longest;
    uint64_t g_max = steps * p->diagonal * terrain;
    uint64_t h_max = p->heuristic == LS_HEURISTIC_LANDMARKS
                         ? g_max : 2u * longest * p->diagonal;
    return p->weight == 0x10000u && g_max + h_max <= LS_COST_MAX;
}

/* The copy of the search loop this query runs (search.h), once the open
 * list has picked its form. */
static ls_loop_kind choose_loop(const ls_search *s)
{
    if (s->plan.clearance > 1u)
        return LS_LOOP_SIZED;
    if (!s->open.bucket_form || !cannot_overflow(s))
        return LS_LOOP_CHECKED;
    return s->kind == LS_SEARCH_FULL ? LS_LOOP_FAST_FULL : LS_LOOP_FAST_COMPACT;
}

/* Validate q for this context and grid: ls_query_validate's checks, then
 * whether the context's kind can run it. */
static ls_status plan_for_context(const ls_search *s, const ls_grid *grid,
                                  const ls_query *q, ls_plan *plan)
{
    ls_status st;
    if (grid->width != s->width || grid->height != s->height)
        return LS_ERR_GRID_MISMATCH;
    st = ls__plan_query(q, grid, plan);
    if (st != LS_OK)
        return st;
    if (!ls__open_accepts(&s->open, grid, plan))
        return LS_ERR_NEEDS_FULL_CONTEXT;
    return LS_OK;
}

ls_status ls_search_check(const ls_search *s, const ls_grid *grid,
                          const ls_query *q)
{
    ls_plan plan;
    if (!s || !grid || !q)
        return LS_ERR_NULL_ARGUMENT;
    return plan_for_context(s, grid, q, &plan);
}

ls_status ls_search_begin(ls_search *s, const ls_grid *grid,
                          const ls_query *q)
{
    ls_status st;
    ls_node *start;
    uint64_t f;
    uint32_t d;
    int32_t sx, sy;

    if (!s || !grid || !q)
        return LS_ERR_NULL_ARGUMENT;
    s->phase = LS_PHASE_IDLE;
    st = plan_for_context(s, grid, q, &s->plan);
    if (st != LS_OK)
        return st;

    sx = q->start_x;
    sy = q->start_y;
    f = ls__f_value(&s->plan, 0, sx, sy); /* checked by ls__plan_query */

    for (d = 0; d < 8; d++)
        s->offset[d] = ls__dir_offset(d, s->stride);
    next_generation(s);
    s->grid = grid;
    s->grid_revision = grid->revision;
    s->expansions = 0;
    s->cost = -1;
    s->path_length = 0;
    s->digest = LS_DIGEST_EMPTY;
    ls__open_start(&s->open, grid, &s->plan, (uint32_t)f);
    s->loop = choose_loop(s);

    start = ls__node(s->nodes, s->plan.start, s->open.node_shift);
    start->g = 0;
    start->tag = s->generation << LS_TAG_GEN_SHIFT;
    s->best_cell = s->plan.start;
    s->best_distance = ls__closeness(&s->plan, sx, sy);
    s->best_f = (uint32_t)f;
    s->best_g = 0;
    s->closeness_from_key =
        s->plan.weight == 0x10000u &&
        s->plan.heuristic == (s->plan.dir_count == 8 ? LS_HEURISTIC_OCTILE
                                                     : LS_HEURISTIC_MANHATTAN);
    s->phase = LS_PHASE_RUNNING;
    if (s->plan.start == s->plan.goal) {
        ls__search_finish_found(s);
        return LS_OK;
    }
    ls__open_offer(&s->open, s->nodes, s->plan.start, (uint32_t)f, 0, 0);
    return LS_OK;
}

ls_status ls_search_step(ls_search *s, uint32_t budget)
{
    if (!s)
        return LS_ERR_NULL_ARGUMENT;
    if (s->phase == LS_PHASE_IDLE)
        return LS_ERR_NO_QUERY;
    if (s->phase == LS_PHASE_DONE)
        return s->final_status;
    if (s->grid->revision != s->grid_revision)
        return ls__search_finish(s, LS_ERR_GRID_CHANGED);
    /* Landmark tables rebuilt or dropped since the begin (landmarks.h). */
    if (s->plan.heuristic == LS_HEURISTIC_LANDMARKS &&
        !ls__landmarks_current(s->grid, s->plan.landmarks.epoch))
        return ls__search_finish(s, LS_ERR_GRID_CHANGED);
    if (s->plan.algorithm == LS_ALGO_HPA)
        return ls__hpa_run(s, budget);
    if (s->plan.algorithm == LS_ALGO_JPS_PLUS)
        return ls__jps_plus_run(s, budget);
    return s->plan.algorithm == LS_ALGO_JPS ? ls__jps_run(s, budget)
                                            : ls__astar_run(s, budget);
}

ls_status ls_find_path(ls_search *s, const ls_grid *grid, const ls_query *q,
                       ls_point *points, uint32_t capacity, ls_result *result)
{
    ls_status st;
    uint32_t length;
    if (!s || !grid || !q || !result || (!points && capacity > 0))
        return LS_ERR_NULL_ARGUMENT;
    st = ls_search_begin(s, grid, q);
    if (st != LS_OK)
        return st;
    st = ls_search_step(s, 0);
    if (st < 0)
        return st;
    ls_search_result(s, result);
    if (st != LS_OK)
        return st;
    return ls_search_path(s, points, capacity, &length);
}
