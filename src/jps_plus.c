/* SPDX-License-Identifier: MIT */
/*
 * jps_plus.c - JPS+ (LS_ALGO_JPS_PLUS): jump point search whose straight
 * jumps are looked up in the grid's jump tables (src/jumps.h) instead of
 * scanned. The successor rules and the offer are JPS's own
 * (src/jps_successors.h), and a lookup gives exactly what JPS's scan
 * finds, so a JPS+ query gives the same result as the JPS query, byte for
 * byte: only the time differs.
 *
 * A straight jump from c in d is one field: run k to the first event, a
 * jump point or a wall; the goal, which is query-dependent and not in the
 * table, ends the jump first when it lies on the line within those k
 * steps. A diagonal jump steps diagonally, reading at each cell the two
 * fields of the straight directions it continues along: whether either
 * finds a jump point (a bit of each), whether the cells beside the next
 * step are free (a field of LS_JUMP_WALL_NEXT says the next cell is
 * blocked), and whether the cell is blocked (an entry of 0). The goal can
 * only be found from the one step where the walk crosses its row and the
 * one where it crosses its column, so only those steps look for it.
 */
#include "compiler.h"
#include "direction.h"
#include "jumps.h"
#include "search.h"

/* What a JPS+ expansion reads, copied out of the context once per
 * ls_search_step (see jps.c's view for why). */
typedef struct jps_view {
    const uint8_t *cells;
    const uint64_t *entry;           /* the jump tables (jumps.h) */
    uint32_t goal, goal_c, goal_r;   /* bordered index, column, row */
    int32_t offset[8];
    ls_loop_kind loop;               /* a fast copy only with octile */
} jps_view;

typedef jps_view loop_locals;

static void loop_locals_init(const ls_search *s, jps_view *v)
{
    const ls_grid *g = s->grid;
    uint32_t d;
    v->cells = g->cells;
    v->entry = g->jumps->entry;
    v->goal = s->plan.goal;
    v->goal_c = (uint32_t)s->plan.goal_x + 1u;
    v->goal_r = (uint32_t)s->plan.goal_y + 1u;
    for (d = 0; d < 8; d++)
        v->offset[d] = s->offset[d];
    v->loop = s->plan.heuristic == LS_HEURISTIC_OCTILE ? s->loop
                                                       : LS_LOOP_CHECKED;
}

/* The loop copies' entry; ls__jps_plus_run checks the tables first. */
static ls_status jps_plus_loop(ls_search *s, uint32_t budget);
#define LS_JPS_RUN jps_plus_loop
#include "jps_successors.h"

/* Steps from position `at` to `goal_at` along a line walked in the
 * direction of sign (+1 or -1); 0 or "negative" (a huge value) when the
 * goal is not ahead. */
LS_HOT_INLINE uint32_t steps_ahead(uint32_t at, uint32_t goal_at, int sign)
{
    return sign > 0 ? goal_at - at : at - goal_at;
}

/* Jump straight from o in direction d (N, E, S or W): the run to the jump
 * point found, 0 if none. */
LS_HOT_INLINE uint32_t jump_straight(const jps_view *v, const jump_origin *o,
                                     uint32_t d)
{
    const uint32_t field = ls__jump_field(v->entry[o->cell], d);
    const uint32_t run = field >> 1;
    const int along_row = d == 1 || d == 3;
    if (along_row ? o->r == v->goal_r : o->c == v->goal_c) {
        const uint32_t k =
            along_row ? steps_ahead(o->c, v->goal_c, d == 1 ? 1 : -1)
                      : steps_ahead(o->r, v->goal_r, d == 2 ? 1 : -1);
        if (k - 1u < run) /* 1 <= k <= run: the goal comes first */
            return k;
    }
    return (field & 1u) ? run : 0u;
}

/* Does the straight jump from the cell of entry e at bordered (c, r), in
 * straight direction d, find the goal (on its line, within its run)? */
static int finds_goal(const jps_view *v, uint64_t e, uint32_t c, uint32_t r,
                      uint32_t d)
{
    const uint32_t run = ls__jump_field(e, d) >> 1;
    uint32_t k;
    if (d == 1 || d == 3) {
        if (r != v->goal_r)
            return 0;
        k = steps_ahead(c, v->goal_c, d == 1 ? 1 : -1);
    } else {
        if (c != v->goal_c)
            return 0;
        k = steps_ahead(r, v->goal_r, d == 2 ? 1 : -1);
    }
    return k - 1u < run;
}

/* Jump diagonally from o in direction d (NE, SE, SW or NW): the run to the
 * first cell that is the goal or from which a straight jump along either
 * component finds something, 0 if a blocked cell or an uncuttable corner
 * comes first (JPS's diagonal jump, docs/contract-jps.md). */
LS_HOT_INLINE uint32_t jump_diagonal(const jps_view *v, const jump_origin *o,
                                     uint32_t d)
{
    const int dx = ls__dir_dx(d), dy = ls__dir_dy(d);
    const uint32_t hx = straight_dir(dx, 0), vy = straight_dir(0, dy);
    const uint32_t shift_x = 16u * hx, shift_y = 16u * vy;
    const uint32_t step = (uint32_t)v->offset[d];
    const uint64_t *entry = v->entry;
    /* The steps at which the walk is on the goal's row (kr) and column
     * (kc), when ahead; "never" is a step count no walk reaches. */
    const uint32_t kr = steps_ahead(o->r, v->goal_r, dy);
    const uint32_t kc = steps_ahead(o->c, v->goal_c, dx);
    const uint32_t never = 0xFFFFFFFFu;
    uint32_t look = never, cell = o->cell, k = 0;
    uint64_t e = entry[cell];
    if (kr - 1u < kc - 1u) /* the nearer of the two, 0 counted as never */
        look = kr;
    else if (kc != 0u)
        look = kc;
    for (;;) {
        if (ls__jump_field(e, hx) == LS_JUMP_WALL_NEXT ||
            ls__jump_field(e, vy) == LS_JUMP_WALL_NEXT)
            return 0; /* no corner cutting */
        cell += step;
        k++;
        e = entry[cell];
        if (e == 0)
            return 0; /* blocked */
        if (k == look) {
            const uint32_t c = o->c + k * (uint32_t)dx;
            const uint32_t r = o->r + k * (uint32_t)dy;
            if (cell == v->goal || finds_goal(v, e, c, r, hx) ||
                finds_goal(v, e, c, r, vy))
                return k;
            /* The other crossing, if it is still ahead. */
            look = kr > k ? kr : kc > k ? kc : never;
        }
        if (((e >> shift_x) | (e >> shift_y)) & 1u)
            return k;
    }
}

/* Jump in direction d (a constant) and offer what is found. */
LS_HOT_INLINE ls_status jump_and_offer(ls_search *s, const jps_view *v,
                                       const jump_origin *o, uint32_t d,
                                       ls_loop_kind loop)
{
    const uint32_t run = d < 4 ? jump_straight(v, o, d) : jump_diagonal(v, o, d);
    if (run == 0)
        return LS_OK;
    /* run <= 16385 and a step <= 131070: no 64-bit overflow. */
    return offer_jump_point(
        s, o->cell + run * (uint32_t)v->offset[d],
        (uint64_t)o->g +
            (uint64_t)run * (d < 4 ? s->plan.straight : s->plan.diagonal),
        d, run, o->at.x + (int32_t)run * ls__dir_dx(d),
        o->at.y + (int32_t)run * ls__dir_dy(d), loop);
}

ls_status ls__jps_plus_run(ls_search *s, uint32_t budget)
{
    /* Tables dropped since the query began (ls_grid_drop_jumps): no edit,
     * so the revision has not moved, but there is nothing to look up. */
    if (!s->grid->jumps)
        return ls__search_finish(s, LS_ERR_NOT_PREPARED);
    return jps_plus_loop(s, budget);
}
