/* SPDX-License-Identifier: MIT */
/*
 * loop.h - the search loop, written once for A* (src/astar.c) and JPS
 * (src/jps.c): pop, stop at the goal, the expansion limit or the end of
 * the budget, else expand. It keeps all of its state in the context, so
 * stopping after any expansion and resuming later gives the same sequence
 * as one uninterrupted run.
 *
 * A template by inclusion: the including file first defines
 *     typedef struct loop_locals { ... } loop_locals;
 *     static void loop_locals_init(const ls_search *s, loop_locals *l);
 *     LS_HOT_INLINE ls_status loop_expand(ls_search *s, const loop_locals *l,
 *         uint32_t cell, ls_point at, int32_t heuristic, uint32_t dir_count,
 *         int32_t corner_rule, ls_loop_kind loop);
 * (what its expansion reads, copied out of the context once per step so
 * that stores into the node array cannot force reloads, and the expansion
 * of one cell: LS_OK or LS_ERR_COST_OVERFLOW), then includes this header
 * and instantiates ls__search_loop with constant options in functions of
 * their own.
 */
#ifndef LS_LOOP_H
#define LS_LOOP_H

#include "heuristic.h"
#include "search.h"

/* Is (f, g, cell) before (f2, g2, cell2) in the search order? */
static int key_before(const ls_search *s, uint32_t f, uint32_t g,
                      uint32_t cell, uint32_t f2, uint32_t g2, uint32_t cell2)
{
    uint32_t t = s->open.tie_mask;
    if (f != f2)
        return f < f2;
    if (g != g2)
        return (g ^ t) < (g2 ^ t);
    return cell < cell2;
}

/* Remember the expanded cell closest to the goal, for partial paths: a
 * cell at distance d replaces the best when d is smaller, or equal and its
 * key comes first in the search order. */
static void closest_update(ls_search *s, uint32_t cell, uint32_t f,
                           uint32_t g, uint64_t d)
{
    if (d < s->best_distance ||
        (d == s->best_distance &&
         key_before(s, f, g, cell, s->best_f, s->best_g, s->best_cell))) {
        s->best_distance = d;
        s->best_f = f;
        s->best_g = g;
        s->best_cell = cell;
    }
}

/* When the search's own heuristic is the closeness measure (the default
 * queries, always so in the fast loops but landmark ones), h = f - g
 * comes free; almost every expansion is farther than the best, so that
 * test comes first. */
LS_HOT_INLINE void track_closest(ls_search *s, uint32_t cell, uint32_t f,
                                 int32_t x, int32_t y, int32_t heuristic,
                                 ls_loop_kind loop)
{
    const uint32_t g =
        ls__node(s->nodes, cell, ls__loop_node_shift(loop, &s->open))->g;
    uint64_t d = (ls__loop_fast(loop) &&
                  heuristic != LS_HEURISTIC_LANDMARKS) ||
                         s->closeness_from_key
                     ? (uint64_t)(f - g)
                     : ls__closeness(&s->plan, x, y);
    if (d <= s->best_distance)
        closest_update(s, cell, f, g, d);
}

/* heuristic, dir_count, corner_rule and loop are constants in the
 * specialised copies; a fast loop promises the bucket form, weight 1.0 and
 * costs that cannot overflow (src/driver.c), so those checks vanish. */
LS_HOT_INLINE ls_status ls__search_loop(ls_search *s, uint32_t budget,
                                        int32_t heuristic, uint32_t dir_count,
                                        int32_t corner_rule, ls_loop_kind loop)
{
    const uint32_t goal = s->plan.goal, max = s->plan.max_expansions;
    const int fast = ls__loop_fast(loop);
    uint32_t done = 0, cell;
    loop_locals locals;

    loop_locals_init(s, &locals);
    while ((cell = fast ? ls__bucket_top(&s->open, s->nodes)
                        : ls__open_top(&s->open, s->nodes)) != LS_NO_CELL) {
        ls_point at;
        ls_status st;

        if (cell == goal)
            return ls__search_finish_found(s);
        if (max != 0 && s->expansions == max)
            return ls__search_finish(s, LS_EXPANSION_LIMIT);
        if (budget != 0 && done == budget)
            return LS_IN_PROGRESS;

        at = ls__cell_point_fast(s, cell);
        track_closest(s, cell,
                      fast ? s->open.level : ls__open_top_f(&s->open, cell),
                      at.x, at.y, heuristic, loop);
        if (fast)
            ls__bucket_pop(&s->open, s->nodes,
                           ls__loop_link_shift(loop, &s->open));
        else
            ls__open_pop(&s->open, s->nodes);
        s->expansions++;
        done++;
        st = loop_expand(s, &locals, cell, at, heuristic, dir_count,
                         corner_rule, loop);
        if (st != LS_OK)
            return ls__search_finish(s, st);
        /* after: the expansion reads its g */
        ls__close(ls__node(s->nodes, cell, ls__loop_node_shift(loop, &s->open)));
    }
    return ls__search_finish(s, LS_NO_PATH);
}

#endif
