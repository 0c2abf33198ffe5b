/* SPDX-License-Identifier: MIT */
/*
 * hpa_smooth.c - the shortening rule of an LS_ALGO_HPA path (lockstar_hpa.h,
 * "Refinement"): a refined path bends toward the transitions it passes
 * through, and this pass takes the bends out while keeping a grid path of
 * the query's moves, every cell distinct.
 *
 * The rule, greedy from the start: from path cell i, the cells j up to
 * LS_HPA_REACH steps ahead are tried from the farthest down; the first j
 * whose direct path from p[i] (the "diagonal first" shape: min(dx, dy)
 * diagonal steps toward p[j], then straight ones; else the "straight
 * first" shape, the same steps the other way round) is legal and costs
 * strictly less than the path from p[i] to p[j] replaces it (with
 * 4-connectivity only straight shapes, dx or dy 0, qualify); then i moves
 * to that j (or to i + 1 when none did). A direct shape never has more
 * steps than the part it replaces, so the path is rewritten in place.
 * Finally a cell that the new path passes twice closes a loop, which is
 * cut (as the refinement does).
 */
#include "direction.h"
#include "heuristic.h"
#include "hpa.h"

/* How far ahead a shortcut may reach (steps). */
#define LS_HPA_REACH 32u

/* The direction of a step by (sx, sy), each -1, 0 or 1, not both 0. */
static uint32_t dir_of(int32_t sx, int32_t sy)
{
    static const uint8_t table[3][3] = { { 7, 3, 6 }, { 0, 8, 2 },
                                         { 4, 1, 5 } };
    return table[sx + 1][sy + 1];
}

/* The cost of the shape from a to b (diagonal steps first when
 * diagonal_first), or 0 when a step of it is not legal. */
static uint64_t shape_cost(const ls_search *s, uint32_t a, int32_t dx,
                           int32_t dy, int diagonal_first)
{
    const uint8_t *cells = s->grid->cells;
    const int32_t sx = dx > 0 ? 1 : dx < 0 ? -1 : 0;
    const int32_t sy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
    const uint32_t ax = (uint32_t)(dx < 0 ? -dx : dx);
    const uint32_t ay = (uint32_t)(dy < 0 ? -dy : dy);
    const uint32_t diag = ax < ay ? ax : ay, straight = (ax < ay ? ay : ax) - diag;
    const uint32_t dd = diag ? dir_of(sx, sy) : 0u;
    const uint32_t ds = straight ? (ax > ay ? dir_of(sx, 0) : dir_of(0, sy)) : 0u;
    uint64_t cost = 0;
    uint32_t cell = a, k;
    if (diag > 0 && s->plan.dir_count == 4)
        return 0; /* 4-connected: straight shortcuts only */
    for (k = 0; k < diag + straight; k++) {
        const int is_diag = diagonal_first ? k < diag : k >= straight;
        const uint32_t d = is_diag ? dd : ds;
        const uint32_t next = cell + (uint32_t)s->offset[d];
        if (cells[next] == LS_CELL_BLOCKED)
            return 0;
        if (d >= 4 && s->plan.corner_rule != LS_CORNERS_ALL &&
            !ls__corner_allows(
                s->plan.corner_rule,
                cells[cell + (uint32_t)s->offset[ls__dir_corner_x(d)]] != 0,
                cells[cell + (uint32_t)s->offset[ls__dir_corner_y(d)]] != 0))
            return 0;
        cost += (uint64_t)(d < 4 ? s->plan.straight : s->plan.diagonal) *
                cells[next];
        cell = next;
    }
    return cost;
}

/* Write the shape from a to b into out (a excluded, b included); returns
 * the number of cells written. */
static uint32_t shape_write(const ls_search *s, uint32_t a, int32_t dx,
                            int32_t dy, int diagonal_first, uint32_t *out)
{
    const int32_t sx = dx > 0 ? 1 : dx < 0 ? -1 : 0;
    const int32_t sy = dy > 0 ? 1 : dy < 0 ? -1 : 0;
    const uint32_t ax = (uint32_t)(dx < 0 ? -dx : dx);
    const uint32_t ay = (uint32_t)(dy < 0 ? -dy : dy);
    const uint32_t diag = ax < ay ? ax : ay, straight = (ax < ay ? ay : ax) - diag;
    const uint32_t dd = diag ? dir_of(sx, sy) : 0u;
    const uint32_t ds = straight ? (ax > ay ? dir_of(sx, 0) : dir_of(0, sy)) : 0u;
    uint32_t cell = a, k;
    for (k = 0; k < diag + straight; k++) {
        const int is_diag = diagonal_first ? k < diag : k >= straight;
        cell += (uint32_t)s->offset[is_diag ? dd : ds];
        out[k] = cell;
    }
    return diag + straight;
}

static uint64_t step_cost(const ls_search *s, uint32_t a, uint32_t b)
{
    const uint32_t diff = b > a ? b - a : a - b;
    const uint32_t base = diff == 1u || diff == s->stride ? s->plan.straight
                                                          : s->plan.diagonal;
    return (uint64_t)base * s->grid->cells[b];
}

/* Cut the loops of p[0..n) in place (a cell met again: back to where it
 * was), marking positions in the nodes' g as the refinement does. */
static uint32_t cut_loops(ls_search *s, uint32_t *p, uint32_t n)
{
    uint32_t out = 0, i;
    for (i = 0; i < n; i++) {
        const uint32_t cell = p[i];
        ls_node *node = ls__node(s->nodes, cell, s->open.node_shift);
        if (node->g < out && p[node->g] == cell) {
            out = node->g + 1u;
            continue;
        }
        node->g = out;
        p[out++] = cell;
    }
    return out;
}

uint32_t ls__hpa_shorten(ls_search *s, uint32_t *p, uint32_t n)
{
    uint64_t ahead[LS_HPA_REACH + 1];
    uint32_t i = 0, out = 1;
    const int32_t bound = s->plan.dir_count == 8 ? LS_HEURISTIC_OCTILE
                                                 : LS_HEURISTIC_MANHATTAN;
    if (n < 3)
        return n;
    /* p[out - 1] == p[i] throughout: the new path's last cell. */
    while (i < n - 1) {
        const uint32_t last = n - 1 - i < LS_HPA_REACH ? n - 1 - i : LS_HPA_REACH;
        const ls_point a = ls__cell_point_fast(s, p[i]);
        uint32_t k, best = 0;
        int shape = 0;
        ahead[0] = 0;
        for (k = 1; k <= last; k++)
            ahead[k] = ahead[k - 1] + step_cost(s, p[i + k - 1], p[i + k]);
        for (k = last; k >= 2 && best == 0; k--) {
            const ls_point b = ls__cell_point_fast(s, p[i + k]);
            const int32_t dx = b.x - a.x, dy = b.y - a.y;
            uint64_t c1, c2;
            /* Every path of the query's moves from p[i] to p[i + k], a
             * shape too, costs at least the octile (4-connected:
             * Manhattan) distance, so a part already that cheap has no
             * shortcut: skipping it picks the same j without walking two
             * shapes, which on a long refined path is most of the work. */
            if (ahead[k] <= ls__estimate_to(a.x, a.y, b.x, b.y,
                                            s->plan.straight,
                                            s->plan.diagonal, bound))
                continue;
            c1 = shape_cost(s, p[i], dx, dy, 1);
            if (c1 != 0 && c1 < ahead[k]) {
                best = k;
                shape = 1;
                break;
            }
            c2 = shape_cost(s, p[i], dx, dy, 0);
            if (c2 != 0 && c2 < ahead[k]) {
                best = k;
                shape = 0;
            }
        }
        if (best == 0) {
            p[out++] = p[i + 1];
            i++;
            continue;
        }
        {
            const ls_point b = ls__cell_point_fast(s, p[i + best]);
            /* out <= i + 1 and the shape has at most best cells, so it
             * overwrites only cells already read. */
            out += shape_write(s, p[i], b.x - a.x, b.y - a.y, shape, p + out);
            i += best;
        }
    }
    return cut_loops(s, p, out);
}
