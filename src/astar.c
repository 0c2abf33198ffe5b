/* SPDX-License-Identifier: MIT */
/*
 * astar.c - A* expansion: relax a cell's neighbours in the documented
 * order (lockstar.h) with the "strictly smaller g" rule, and the copies of
 * the search loop (src/loop.h) that A* queries run.
 */
#include "compiler.h"
#include "direction.h"
#include "heuristic.h"
#include "openlist.h"
#include "search.h"

/* What the expansion loop reads for every neighbour, copied out of the
 * context: stores into the node array could otherwise alias these fields
 * and force the compiler to reload them after every store. */
typedef struct hot_plan {
    uint32_t generation, straight, diagonal, weight;
    int32_t goal_x, goal_y;
} hot_plan;

typedef struct loop_locals {
    hot_plan hp;
    int32_t offset[8];
    const uint8_t *clear; /* a sized query's: the grid's clearances */
    uint32_t k;           /* and the least it may enter */
    /* LS_HEURISTIC_LANDMARKS: the plan's view of the tables (a pointer:
     * a copy here made the octile loops spill, 1.4 % more instructions) */
    const ls_landmark_view *lm;
} loop_locals;

/* Relax the neighbour in direction d (a constant after inlining). jps.c's
 * offer_jump_point applies the same rule to jump points; the two are
 * separate because each loop measured 5-8 % fewer instructions with its own
 * copy on its own local values than with one shared helper (the golden
 * vectors pin both to the same results). */
LS_HOT_INLINE ls_status try_move(ls_open *o, ls_node *restrict nodes,
                                 const uint8_t *restrict cells,
                                 const loop_locals *l, uint32_t cell,
                                 ls_point at, uint32_t g, uint32_t d,
                                 int32_t heuristic, uint32_t dir_count,
                                 int32_t corner_rule, ls_loop_kind loop)
{
    const int fast = ls__loop_fast(loop);
    /* A sized query (its own copy of the loop: `sized` is a constant)
     * sees a cell as passable when its clearance is at least k, and
     * everything else as in the grid (lockstar.h, "Clearance"). */
    const int sized = loop == LS_LOOP_SIZED;
    const int32_t *offset = l->offset;
    const hot_plan *hp = &l->hp;
    uint32_t next, ng, tag, old_g;
    int fresh;
    uint64_t f;
    ls_node *n;

    if (d >= dir_count)
        return LS_OK;
    next = cell + (uint32_t)offset[d];
    if (sized ? l->clear[next] < l->k : cells[next] == LS_CELL_BLOCKED)
        return LS_OK;
    if (d >= 4 && corner_rule != LS_CORNERS_ALL) {
        /* The two cells the diagonal passes (same loads as the straight
         * moves above, so the compiler reuses them). */
        const uint32_t cx = cell + (uint32_t)offset[ls__dir_corner_x(d)];
        const uint32_t cy = cell + (uint32_t)offset[ls__dir_corner_y(d)];
        int a = sized ? l->clear[cx] >= l->k : cells[cx] != 0;
        int b = sized ? l->clear[cy] >= l->k : cells[cy] != 0;
        if (!ls__corner_allows(corner_rule, a, b))
            return LS_OK;
    }
    n = ls__node(nodes, next, ls__loop_node_shift(loop, o));
    tag = n->tag;
    fresh = (tag >> LS_TAG_GEN_SHIFT) != hp->generation;
    /* g <= 2^31 - 1 and a step < 2^25: the sum cannot wrap. A closed
     * cell has g 0 (ls__close), so this test skips it too. */
    ng = g + (d < 4 ? hp->straight : hp->diagonal) * cells[next];
    if (!fresh && ng >= n->g)
        return LS_OK;
    if (!fast && ng > LS_COST_MAX)
        return LS_ERR_COST_OVERFLOW;
    /* heuristic is a constant in the copies of the loop but the general
     * ones, so the octile copies test nothing here. */
    f = ls__estimate_to(at.x + ls__dir_dx(d), at.y + ls__dir_dy(d),
                        hp->goal_x, hp->goal_y, hp->straight, hp->diagonal,
                        heuristic == LS_HEURISTIC_LANDMARKS
                            ? LS_HEURISTIC_OCTILE : heuristic);
    if (heuristic == LS_HEURISTIC_LANDMARKS) {
        f = ls__landmark_estimate(l->lm, next, f);
        if (f == LS_LANDMARK_APART) /* cannot lead to the goal */
            return LS_OK;
    }
    if (!fast && hp->weight != 0x10000u)
        f = (f * hp->weight) >> 16;
    f += ng;
    if (!fast && f > LS_COST_MAX)
        return LS_ERR_COST_OVERFLOW;
    old_g = n->g;
    n->g = ng;
    n->tag = ls__tag_parent(hp->generation, d, 1);
    /* In the bucket form f - ng is h, the same before and after. */
    if (fast)
        ls__bucket_offer(o, nodes, next, (uint32_t)f, !fresh,
                         old_g + ((uint32_t)f - ng), 0,
                         ls__loop_link_shift(loop, o), ls__loop_node_shift(loop, o));
    else
        ls__open_offer(o, nodes, next, (uint32_t)f, !fresh,
                       old_g + ((uint32_t)f - ng));
    return LS_OK;
}

/* The values every expansion of this step reads, copied once. */
static void loop_locals_init(const ls_search *s, loop_locals *l)
{
    hot_plan *hp = &l->hp;
    uint32_t d;
    for (d = 0; d < 8; d++)
        l->offset[d] = s->offset[d];
    hp->generation = s->generation;
    hp->straight = s->plan.straight;
    hp->diagonal = s->plan.diagonal;
    hp->weight = s->plan.weight;
    hp->goal_x = s->plan.goal_x;
    hp->goal_y = s->plan.goal_y;
    l->clear = s->grid->clear;
    l->k = s->plan.clearance;
    l->lm = &s->plan.landmarks;
}

/* Expand cell: relax each allowed neighbour in the documented order,
 * unrolled so that each direction's offsets are constants. Returns LS_OK
 * or LS_ERR_COST_OVERFLOW. */
LS_HOT_INLINE ls_status loop_expand(ls_search *s, const loop_locals *l,
                                    uint32_t cell, ls_point at,
                                    int32_t heuristic, uint32_t dir_count,
                                    int32_t corner_rule, ls_loop_kind loop)
{
    ls_node *restrict nodes = s->nodes;
    const uint8_t *restrict cells = s->grid->cells;
    ls_open *o = &s->open;
    const uint32_t g = ls__node(nodes, cell, ls__loop_node_shift(loop, o))->g;
    ls_status st;

#define LS_TRY(dir) try_move(o, nodes, cells, l, cell, at, g, dir, heuristic, \
                             dir_count, corner_rule, loop)
    if ((st = LS_TRY(0)) != LS_OK || (st = LS_TRY(1)) != LS_OK ||
        (st = LS_TRY(2)) != LS_OK || (st = LS_TRY(3)) != LS_OK ||
        (st = LS_TRY(4)) != LS_OK || (st = LS_TRY(5)) != LS_OK ||
        (st = LS_TRY(6)) != LS_OK || (st = LS_TRY(7)) != LS_OK)
        return st;
#undef LS_TRY
    return LS_OK;
}

#include "loop.h"

/* The copies of the loop, each a function of its own so that the compiler
 * allocates its registers alone: with every copy inlined into one function
 * the fast A* loop spilled more (measured with callgrind on lak303d). The
 * default queries get copies with their options as constants (8-connected
 * octile without corner cutting, 4-connected Manhattan), fast ones per
 * kind of context; every other query runs the general copy. */
#define LS_LOOP_COPY(name, heuristic, dirs, loop)                            \
    static LS_NOINLINE ls_status name(ls_search *s, uint32_t budget)        \
    {                                                                       \
        return ls__search_loop(s, budget, heuristic, dirs, LS_CORNERS_NONE,  \
                               loop);                                       \
    }
LS_LOOP_COPY(octile_fast_full, LS_HEURISTIC_OCTILE, 8, LS_LOOP_FAST_FULL)
LS_LOOP_COPY(octile_fast_compact, LS_HEURISTIC_OCTILE, 8, LS_LOOP_FAST_COMPACT)
LS_LOOP_COPY(octile_checked, LS_HEURISTIC_OCTILE, 8, LS_LOOP_CHECKED)
LS_LOOP_COPY(manhattan_fast_full, LS_HEURISTIC_MANHATTAN, 4, LS_LOOP_FAST_FULL)
LS_LOOP_COPY(manhattan_fast_compact, LS_HEURISTIC_MANHATTAN, 4,
             LS_LOOP_FAST_COMPACT)
LS_LOOP_COPY(manhattan_checked, LS_HEURISTIC_MANHATTAN, 4, LS_LOOP_CHECKED)
/* Landmark queries of the default moves (lockstar_landmarks.h). */
LS_LOOP_COPY(landmarks_fast_full, LS_HEURISTIC_LANDMARKS, 8, LS_LOOP_FAST_FULL)
LS_LOOP_COPY(landmarks_fast_compact, LS_HEURISTIC_LANDMARKS, 8,
             LS_LOOP_FAST_COMPACT)
LS_LOOP_COPY(landmarks_checked, LS_HEURISTIC_LANDMARKS, 8, LS_LOOP_CHECKED)
#undef LS_LOOP_COPY

static LS_NOINLINE ls_status general(ls_search *s, uint32_t budget)
{
    const ls_plan *p = &s->plan;
    return ls__search_loop(s, budget, p->heuristic, p->dir_count,
                           p->corner_rule, LS_LOOP_CHECKED);
}

/* Sized queries: the general copy on the clearance. */
static LS_NOINLINE ls_status general_sized(ls_search *s, uint32_t budget)
{
    const ls_plan *p = &s->plan;
    return ls__search_loop(s, budget, p->heuristic, p->dir_count,
                           p->corner_rule, LS_LOOP_SIZED);
}

ls_status ls__astar_run(ls_search *s, uint32_t budget)
{
    const ls_plan *p = &s->plan;
    if (s->loop == LS_LOOP_SIZED)
        return general_sized(s, budget);
    if (p->dir_count == 8 && p->corner_rule == LS_CORNERS_NONE &&
        p->heuristic == LS_HEURISTIC_OCTILE)
        return s->loop == LS_LOOP_FAST_FULL      ? octile_fast_full(s, budget)
               : s->loop == LS_LOOP_FAST_COMPACT ? octile_fast_compact(s, budget)
                                                 : octile_checked(s, budget);
    if (p->dir_count == 4 && p->heuristic == LS_HEURISTIC_MANHATTAN)
        return s->loop == LS_LOOP_FAST_FULL ? manhattan_fast_full(s, budget)
               : s->loop == LS_LOOP_FAST_COMPACT
                   ? manhattan_fast_compact(s, budget)
                   : manhattan_checked(s, budget);
    if (p->dir_count == 8 && p->corner_rule == LS_CORNERS_NONE &&
        p->heuristic == LS_HEURISTIC_LANDMARKS)
        return s->loop == LS_LOOP_FAST_FULL ? landmarks_fast_full(s, budget)
               : s->loop == LS_LOOP_FAST_COMPACT
                   ? landmarks_fast_compact(s, budget)
                   : landmarks_checked(s, budget);
    return general(s, budget);
}
