/* SPDX-License-Identifier: MIT */
/*
 * jps_successors.h - the JPS successor rules of docs/contract-jps.md,
 * written once for the two ways of finding a jump: scanning the grid
 * (src/jps.c, LS_ALGO_JPS) and looking it up in the jump tables
 * (src/jps_plus.c, LS_ALGO_JPS_PLUS). Which directions an expanded jump
 * point tries, in which order, and how a found jump point is offered are
 * here; so both algorithms give the same searches, byte for byte, and
 * differ only in how a jump's result is found.
 *
 * A template by inclusion, like loop.h: the including file first defines
 *     typedef struct jps_view { ... } jps_view;   with at least
 *         const uint8_t *cells; int32_t offset[8]; ls_loop_kind loop;
 *     typedef jps_view loop_locals;
 *     static void loop_locals_init(const ls_search *s, jps_view *v);
 *     #define LS_JPS_RUN  the name of its run function (search.h)
 * then includes this header, then defines
 *     LS_HOT_INLINE ls_status jump_and_offer(ls_search *s,
 *         const jps_view *v, const jump_origin *o, uint32_t d,
 *         ls_loop_kind loop);
 * which jumps from o in direction d and offers what it finds with
 * offer_jump_point (LS_OK when it finds nothing).
 */
#ifndef LS_JPS_SUCCESSORS_H
#define LS_JPS_SUCCESSORS_H

#include "compiler.h"
#include "direction.h"
#include "heuristic.h"
#include "openlist.h"
#include "search.h"

static int is_free(const uint8_t *cells, uint32_t cell)
{
    return cells[cell] != LS_CELL_BLOCKED;
}

/* The straight direction of a horizontal (dy = 0) or vertical (dx = 0)
 * component: N 0, E 1, S 2, W 3. */
static uint32_t straight_dir(int dx, int dy)
{
    return dx > 0 ? 1u : dx < 0 ? 3u : dy > 0 ? 2u : 0u;
}

/* The diagonal direction with components dx, dy (both non-zero). */
static uint32_t diagonal_dir(int dx, int dy)
{
    return dx > 0 ? (dy < 0 ? 4u : 5u) : (dy > 0 ? 6u : 7u);
}

/* The forced-neighbour directions of a cell reached by a straight step
 * `from`: for each perpendicular side whose cell is free while the cell
 * behind it is blocked, the side and the diagonal between from and it. */
LS_HOT_INLINE uint32_t forced_mask(const jps_view *v, uint32_t cell,
                                   uint32_t from)
{
    uint32_t mask = 0, side;
    for (side = (from + 1u) & 1u; side < 4; side += 2) { /* perpendicular */
        uint32_t side_cell = cell + (uint32_t)v->offset[side];
        if (is_free(v->cells, side_cell) &&
            !is_free(v->cells, side_cell - (uint32_t)v->offset[from])) {
            mask |= 1u << side;
            mask |= 1u << diagonal_dir(ls__dir_dx(from) + ls__dir_dx(side),
                                       ls__dir_dy(from) + ls__dir_dy(side));
        }
    }
    return mask;
}

/* Offer the jump point next (at x, y), reached by run steps in direction
 * dir, the cost ng: the rule of astar.c's try_move (skip closed cells;
 * change only on a strictly smaller g). loop: LS_LOOP_CHECKED, or a fast
 * kind, whose promises (bucket form, octile estimate, no overflow
 * possible) hold. A copy of try_move's rule, not a shared helper: each
 * loop measured 5-8 % fewer instructions with its own copy on its own
 * local values (see astar.c); the golden vectors pin both to one result. */
LS_HOT_INLINE ls_status offer_jump_point(ls_search *s, uint32_t next,
                                         uint64_t ng, uint32_t dir,
                                         uint32_t run, int32_t x, int32_t y,
                                         ls_loop_kind loop)
{
    const int fast = loop != LS_LOOP_CHECKED;
    ls_node *n = ls__node(s->nodes, next, ls__loop_node_shift(loop, &s->open));
    const uint32_t tag = n->tag;
    const int fresh = (tag >> LS_TAG_GEN_SHIFT) != s->generation;
    uint64_t f;
    uint32_t old_f;

    if (!fresh && ng >= n->g) /* closed cells have g 0 (ls__close) */
        return LS_OK;
    if (!fast && ng > LS_COST_MAX)
        return LS_ERR_COST_OVERFLOW;
    f = ls__f_value_with(&s->plan, (uint32_t)ng, x, y,
                         fast ? LS_HEURISTIC_OCTILE : s->plan.heuristic);
    if (!fast && f > LS_COST_MAX)
        return LS_ERR_COST_OVERFLOW;
    old_f = n->g + ((uint32_t)f - (uint32_t)ng); /* h is unchanged */
    n->g = (uint32_t)ng;
    n->tag = ls__tag_parent(s->generation, dir, run);
    if (fast)
        ls__bucket_offer(&s->open, s->nodes, next, (uint32_t)f, !fresh, old_f,
                         1, ls__loop_link_shift(loop, &s->open),
                         ls__loop_node_shift(loop, &s->open));
    else
        ls__open_offer(&s->open, s->nodes, next, (uint32_t)f, !fresh, old_f);
    return LS_OK;
}

/* The cell being expanded, as the jumps need it. */
typedef struct jump_origin {
    uint32_t cell, c, r, g; /* bordered index, column, row; its g */
    ls_point at;
} jump_origin;

/* Defined by the including file (see the top of this header). */
LS_HOT_INLINE ls_status jump_and_offer(ls_search *s, const jps_view *v,
                                       const jump_origin *o, uint32_t d,
                                       ls_loop_kind loop);

/* The general (not fast) copy calls the jumps through this one function
 * rather than inlining each of them again: it is rare, and the inlined
 * copies would double the code that has to stay in the instruction cache. */
static ls_status jump_and_offer_checked(ls_search *s, const jps_view *v,
                                        const jump_origin *o, uint32_t d)
{
    switch (d) {
    case 0: return jump_and_offer(s, v, o, 0, LS_LOOP_CHECKED);
    case 1: return jump_and_offer(s, v, o, 1, LS_LOOP_CHECKED);
    case 2: return jump_and_offer(s, v, o, 2, LS_LOOP_CHECKED);
    case 3: return jump_and_offer(s, v, o, 3, LS_LOOP_CHECKED);
    case 4: return jump_and_offer(s, v, o, 4, LS_LOOP_CHECKED);
    case 5: return jump_and_offer(s, v, o, 5, LS_LOOP_CHECKED);
    case 6: return jump_and_offer(s, v, o, 6, LS_LOOP_CHECKED);
    default: return jump_and_offer(s, v, o, 7, LS_LOOP_CHECKED);
    }
}

/* Try the successor directions in the documented order, skipping pruned
 * ones: the start tries all eight; a cell reached diagonally tries the
 * move's two straight components, then the diagonal itself; a cell reached
 * straight tries the same direction, plus its forced neighbours. The two
 * common cases are written out so that no mask is tested per direction. */
LS_HOT_INLINE ls_status expand_with(ls_search *s, const jps_view *v,
                                    uint32_t cell, ls_point at,
                                    ls_loop_kind loop)
{
    const ls_node *node =
        ls__node(s->nodes, cell, ls__loop_node_shift(loop, &s->open));
    const uint32_t tag = node->tag;
    uint32_t mask = 0xFFu, from;
    ls_status st = LS_OK;
    jump_origin o;

    o.cell = cell;
    o.c = (uint32_t)at.x + 1u;
    o.r = (uint32_t)at.y + 1u;
    o.g = node->g;
    o.at = at;

#define LS_JUMP(d)                                                      \
    (st = loop != LS_LOOP_CHECKED ? jump_and_offer(s, v, &o, d, loop)   \
                                  : jump_and_offer_checked(s, v, &o, d)) != LS_OK
#define LS_JUMP_IF(d) ((mask & (1u << d)) && LS_JUMP(d))
    if (tag & LS_TAG_HAS_PARENT) {
        from = ls__tag_dir(tag);
        switch (from) {
        case 4: if (LS_JUMP(0) || LS_JUMP(1) || LS_JUMP(4)) return st; return LS_OK;
        case 5: if (LS_JUMP(1) || LS_JUMP(2) || LS_JUMP(5)) return st; return LS_OK;
        case 6: if (LS_JUMP(2) || LS_JUMP(3) || LS_JUMP(6)) return st; return LS_OK;
        case 7: if (LS_JUMP(0) || LS_JUMP(3) || LS_JUMP(7)) return st; return LS_OK;
        default: break;
        }
        mask = forced_mask(v, cell, from);
        if (mask == 0) {
            switch (from) {
            case 0: (void)(LS_JUMP(0)); break;
            case 1: (void)(LS_JUMP(1)); break;
            case 2: (void)(LS_JUMP(2)); break;
            default: (void)(LS_JUMP(3)); break;
            }
            return st;
        }
        mask |= 1u << from;
    }
    if (LS_JUMP_IF(0) || LS_JUMP_IF(1) || LS_JUMP_IF(2) || LS_JUMP_IF(3) ||
        LS_JUMP_IF(4) || LS_JUMP_IF(5) || LS_JUMP_IF(6) || LS_JUMP_IF(7))
        return st;
#undef LS_JUMP_IF
#undef LS_JUMP
    return LS_OK;
}

/* Expand a jump point in the copy its view names. A function of its own,
 * called from every copy of the loop, as it was when it lived in another
 * file: inlined into the loop copies, the JPS loop measured more
 * instructions (the jumps already fill the registers). */
static LS_NOINLINE ls_status expand_jump_point(ls_search *s, const jps_view *v,
                                               uint32_t cell, ls_point at)
{
    switch (v->loop) {
    case LS_LOOP_FAST_FULL:
        return expand_with(s, v, cell, at, LS_LOOP_FAST_FULL);
    case LS_LOOP_FAST_COMPACT:
        return expand_with(s, v, cell, at, LS_LOOP_FAST_COMPACT);
    default:
        return expand_with(s, v, cell, at, LS_LOOP_CHECKED);
    }
}

/* The expansion the search loop calls; the loop's own options do not
 * apply (JPS has one set of moves, and its view picked the copy). */
LS_HOT_INLINE ls_status loop_expand(ls_search *s, const jps_view *v,
                                    uint32_t cell, ls_point at,
                                    int32_t heuristic, uint32_t dir_count,
                                    int32_t corner_rule, ls_loop_kind loop)
{
    (void)heuristic;
    (void)dir_count;
    (void)corner_rule;
    (void)loop;
    return expand_jump_point(s, v, cell, at);
}

#include "loop.h"

/* The copies of the loop JPS queries run: with the octile estimate, fast
 * per kind of context; anything else checked (see src/astar.c for why each
 * copy is a function of its own). */
static LS_NOINLINE ls_status jps_fast_full(ls_search *s, uint32_t budget)
{
    return ls__search_loop(s, budget, LS_HEURISTIC_OCTILE, 8, LS_CORNERS_NONE,
                           LS_LOOP_FAST_FULL);
}

static LS_NOINLINE ls_status jps_fast_compact(ls_search *s, uint32_t budget)
{
    return ls__search_loop(s, budget, LS_HEURISTIC_OCTILE, 8, LS_CORNERS_NONE,
                           LS_LOOP_FAST_COMPACT);
}

static LS_NOINLINE ls_status jps_checked(ls_search *s, uint32_t budget)
{
    return ls__search_loop(s, budget, s->plan.heuristic, 8, LS_CORNERS_NONE,
                           LS_LOOP_CHECKED);
}

ls_status LS_JPS_RUN(ls_search *s, uint32_t budget)
{
    if (s->plan.heuristic != LS_HEURISTIC_OCTILE)
        return jps_checked(s, budget);
    return s->loop == LS_LOOP_FAST_FULL      ? jps_fast_full(s, budget)
           : s->loop == LS_LOOP_FAST_COMPACT ? jps_fast_compact(s, budget)
                                             : jps_checked(s, budget);
}

#endif
