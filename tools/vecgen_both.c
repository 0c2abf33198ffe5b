/* SPDX-License-Identifier: MIT */
/*
 * vecgen_both.c - the families of vectors that both the A* files
 * (vecgen_astar.c) and jps.vec (vecgen_jps.c) draw, each caller with its
 * own sizes, seeds and counts (vecgen.h says what each one makes).
 *
 * Every vector file's bytes depend on the order of its PRNG draws: a
 * change here that adds, drops or reorders a draw (rnd, vec_options,
 * vec_pair, pick_*, border_point) changes the vectors of both callers.
 */
#include <stdio.h>
#include <string.h>
#include "vecgen.h"

void map_spec_gen(gen *g, const map_spec *m)
{
    map_gen(g, m->family, m->w, m->h, m->seed, m->p[0], m->p[1], m->p[2],
            m->p[3]);
}

/* ------------------------------------------------------------------------
 * Maps of the generator families
 * --------------------------------------------------------------------- */

void empty_family(gen *g, const int32_t (*maps)[3], uint32_t n_maps,
                  uint32_t cycle, int anti)
{
    uint32_t s, i;
    for (s = 0; s < n_maps; s++) {
        map_gen(g, MG_EMPTY, maps[s][0], maps[s][1], 0, 0, 0, 0, 0);
        for (i = 0; i < (uint32_t)maps[s][2]; i++) {
            vf_vector *v = vec_drawn(g);
            ls_query *q = &v->query;
            int32_t d;
            /* On a shared row, column or diagonal: ties. */
            switch (i % cycle) {
            case 1: q->goal_y = q->start_y; break;
            case 3: q->goal_x = q->start_x; break;
            case 5:
                d = q->goal_x - q->start_x;
                if (anti && i % 12 == 11)
                    d = -d; /* anti-diagonal */
                if (q->start_y + d >= 0 && q->start_y + d < g->h)
                    q->goal_y = q->start_y + d;
                break;
            default: break;
            }
            vec_done(g, v);
        }
    }
}

void grid_family(gen *g, const map_grid *m)
{
    uint32_t a, b, s;
    for (a = 0; a < m->n_first; a++)
        for (b = 0; b < m->n_pair; b++)
            for (s = 0; s < m->n_sizes; s++) {
                map_gen(g, m->family, m->sizes[s][0], m->sizes[s][1],
                        m->seed + a * m->a_step + b * 10u + s, m->first[a],
                        m->pair[b][0], m->pair[b][1], 0);
                vec_random(g, m->per_map);
            }
}

void trap_maps(gen *g, const int32_t (*sizes)[2], uint32_t n_sizes,
               uint64_t seed, void (*fill)(gen *, uint32_t), uint32_t per_map)
{
    static const uint32_t checker[] = { 0, 30, 60, 90 };
    uint32_t c, s;
    for (c = 0; c < VG_COUNT(checker); c++)
        for (s = 0; s < n_sizes; s++) {
            uint32_t area = (uint32_t)(sizes[s][0] * sizes[s][1]);
            map_gen(g, MG_TRAPS, sizes[s][0], sizes[s][1],
                    seed + c * 10u + s, checker[c], area / 40u, 8,
                    area / 30u);
            fill(g, per_map);
        }
}

void far_maps(gen *g, const far_map *maps, uint32_t n)
{
    uint32_t i;
    for (i = 0; i < n; i++) {
        map_spec_gen(g, &maps[i].map);
        vec_far(g, maps[i].count, maps[i].maxlen);
    }
}

/* Pairs far apart on a big map (so searches are long), at most maxlen
 * cells of path when found, to keep files small. */
void vec_far(gen *g, uint32_t n, uint32_t maxlen)
{
    uint32_t i, tries;
    for (i = 0; i < n; i++) {
        vf_vector *v = vec_new(g);
        vec_options(g, v);
        for (tries = 0;; tries++) {
            int32_t dx, dy;
            vec_pair(g, v);
            dx = v->query.goal_x - v->query.start_x;
            dy = v->query.goal_y - v->query.start_y;
            if (dx < 0)
                dx = -dx;
            if (dy < 0)
                dy = -dy;
            if ((dx > dy ? dx : dy) >= g->w / 4 || tries > 100)
                break;
        }
        vec_done(g, v);
        if (v->expect.status == LS_OK && v->expect.length > maxlen &&
            tries < 100) {
            /* too long for the file: drop it, draw again */
            vec_drop(g);
            i--;
        }
    }
}

/* ------------------------------------------------------------------------
 * Edge cases
 * --------------------------------------------------------------------- */

void line_maps(gen *g, const int32_t *lines, uint32_t n, uint32_t seed,
               uint32_t per_map, int uniform)
{
    uint32_t i, k;
    for (i = 0; i < n; i++)
        for (k = 0; k < 4; k++) {
            int32_t w = k % 2 ? lines[i] : 1, h = k % 2 ? 1 : lines[i];
            uint32_t s = seed + i * 10u + k;
            if (k < 2)
                map_gen(g, MG_EMPTY, w, h, 0, 0, 0, 0, 0);
            else if (uniform)
                map_gen(g, MG_RANDOM, w, h, s, 4, 0, 0, 0);
            else
                map_gen(g, MG_TERRAIN, w, h, s, (uint32_t)lines[i] / 8u + 1u,
                        6, 4, 5);
            vec_random(g, per_map);
        }
}

void two_wide_maps(gen *g, uint32_t seed, int32_t long_n, uint32_t per_map)
{
    uint32_t i;
    /* Diagonals squeeze past the obstacles. */
    for (i = 0; i < 4; i++) {
        int32_t n = i < 2 ? 40 : long_n;
        map_gen(g, MG_RANDOM, i % 2 ? n : 2, i % 2 ? 2 : n, seed + i, 15, 0,
                0, 0);
        vec_random(g, per_map);
    }
}

void border_pairs(gen *g, uint32_t maps, uint32_t seed,
                  uint32_t density_step, uint32_t per_map, int open_only)
{
    uint32_t i, k;
    for (i = 0; i < maps; i++) {
        map_gen(g, MG_RANDOM, 30 + (int32_t)i * 7, 20 + (int32_t)i * 3,
                seed + i, 5 + i * density_step, 0, 0, 0);
        for (k = 0; k < per_map; k++) {
            vf_vector *v = vec_new(g);
            int32_t pts[2][2], j;
            vec_options(g, v);
            for (j = 0; j < 2; j++)
                border_point(g, &pts[j][0], &pts[j][1]);
            v->query.start_x = pts[0][0];
            v->query.start_y = pts[0][1];
            v->query.goal_x = pts[1][0];
            v->query.goal_y = pts[1][1];
            if (open_only && (cell(g, pts[0][0], pts[0][1]) == 0 ||
                              cell(g, pts[1][0], pts[1][1]) == 0)) {
                vec_drop(g); /* jps.vec: errors have their own section */
                k--;
                continue;
            }
            vec_done(g, v);
        }
    }
}

void start_is_goal(gen *g, uint32_t seed, uint32_t count, uint32_t centred,
                   int sliced)
{
    uint32_t i;
    map_gen(g, MG_RANDOM, 16, 16, seed, 30, 0, 0, 0);
    map_walled(g, 8, 8, 1, 0);
    for (i = 0; i < count; i++) {
        vf_vector *v = vec_new(g);
        vec_options(g, v);
        if (i < centred) {
            v->query.start_x = v->query.goal_x = 8;
            v->query.start_y = v->query.goal_y = 8;
        } else {
            pick_open(g, &v->query.start_x, &v->query.start_y);
            v->query.goal_x = v->query.start_x;
            v->query.goal_y = v->query.start_y;
        }
        if (i % 3 == 0)
            v->query.max_expansions = 1;
        if (sliced && i % 4 == 1)
            v->budget = 1;
        vec_done(g, v);
    }
}

/* A start's f of weight x estimate above 2^31: 48 or 64 x 699 x 65535. */
void start_f_overflow(gen *g, int draw)
{
    uint32_t k;
    map_gen(g, MG_EMPTY, 700, 1, 0, 0, 0, 0, 0);
    for (k = 0; k < 4; k++) {
        vf_vector *v = draw ? vec_at(g, 0, 0, 699, 0) : vec_new(g);
        set_costs(v, 65535, 65535 + k);
        set_weight(v, k % 2 ? "64" : "48");
        v->query.heuristic = (int32_t)(k % 4);
        v->query.goal_x = 699;
        v->budget = k == 2 ? 1 : 0;
        vec_done(g, v);
    }
}

/* ------------------------------------------------------------------------
 * Unreachable goals and expansion limits
 * --------------------------------------------------------------------- */

void enclosed_family(gen *g, uint32_t maps, uint32_t seed,
                     uint32_t density_step, uint32_t per_map)
{
    uint32_t i, k;
    for (i = 0; i < maps; i++) {
        int32_t w = 24 + (int32_t)i * 4, h = 20 + (int32_t)i * 2, cx, cy;
        map_gen(g, MG_RANDOM, w, h, seed + i, 5 + i * density_step, 0, 0, 0);
        cx = 3 + (int32_t)rnd(g, (uint32_t)w - 6);
        cy = 3 + (int32_t)rnd(g, (uint32_t)h - 6);
        map_walled(g, cx, cy, 1 + (int32_t)(i % 3), 0);
        for (k = 0; k < per_map; k++) {
            vf_vector *v;
            if (k % 2 == 0) {
                v = vec_to(g, cx, cy);
            } else {
                v = vec_drawn(g);
                v->query.start_x = cx;
                v->query.start_y = cy;
            }
            vec_done(g, v);
        }
    }
}

/* maps dense 40x40 random maps (seeds seed + i); keep up to want random
 * pairs per map that turn out unreachable (of at most 200 tried). */
void unreachable_family(gen *g, uint32_t maps, uint32_t seed, uint32_t want)
{
    uint32_t i, k, found;
    for (i = 0; i < maps; i++) {
        map_gen(g, MG_RANDOM, 40, 40, seed + i, 40 + i % 2 * 5, 0, 0, 0);
        for (found = 0, k = 0; found < want && k < 200; k++) {
            if (vec_done(g, vec_drawn(g)) == LS_NO_PATH)
                found++;
            else
                vec_drop(g);
        }
    }
}

/* A copy of vector base with the given limit and budget, run. */
static void clone_done(gen *g, uint32_t base, uint32_t limit, uint32_t budget)
{
    vf_vector *v = vec_clone(g, base);
    v->query.max_expansions = limit;
    v->budget = budget;
    vec_done(g, v);
}

/* An expansion-limit ladder around a solvable query's expansion count E:
 * max_expansions 1, 2, E/2, E-1 (limit), E and E+1 (found). */
void limit_ladder(gen *g)
{
    vf_vector *v;
    uint32_t e, i, base, budget;
    uint32_t tries = 0;
    for (;;) {
        v = vec_drawn(g);
        if (vec_done(g, v) == LS_OK && v->expect.expansions >= 4)
            break;
        vec_drop(g);
        if (++tries > 50)
            return;
    }
    base = last_index(g);
    e = v->expect.expansions;
    budget = v->budget; /* v moves when the vectors grow */
    {
        /* last, the base itself exactly at its count */
        const uint32_t ladder[6] = { 1, 2, e / 2, e - 1, e + 1, e };
        for (i = 0; i < 6; i++)
            clone_done(g, base, ladder[i], budget);
    }
}

void ladder_maps(gen *g, const map_spec *maps, uint32_t n, uint32_t rounds,
                 uint32_t ladders)
{
    uint32_t r, i, k;
    for (r = 0; r < rounds; r++)
        for (i = 0; i < n; i++) {
            const map_spec *m = &maps[i];
            map_gen(g, m->family, m->w, m->h, m->seed + r * n, m->p[0],
                    m->p[1], m->p[2], m->p[3]);
            for (k = 0; k < ladders; k++)
                limit_ladder(g);
        }
}

/* count queries to a goal no query reaches: the centre of an open 3x3
 * pocket at (cx, cy) = map[2..3], walled in by a ring of radius map[4], on
 * a map[0] x map[1] random map (20 % obstacles). Each with a drawn
 * expansion limit of 1 to 40, or (budget_step > 0) sliced with every
 * budget_step-th budget of the list. */
static void pocket_queries(gen *g, const int32_t map[5], uint64_t seed,
                           uint32_t count, uint32_t budget_step)
{
    uint32_t k;
    map_gen(g, MG_RANDOM, map[0], map[1], seed, 20, 0, 0, 0);
    map_walled(g, map[2], map[3], map[4], 1);
    for (k = 0; k < count; k++) {
        vf_vector *v = vec_to(g, map[2], map[3]);
        if (budget_step)
            v->budget = budgets[(k * budget_step) % VG_COUNT(budgets)];
        else
            v->query.max_expansions = 1 + rnd(g, 40);
        vec_done(g, v);
    }
}

void limits_without_path(gen *g, uint64_t seed, uint32_t enclosed,
                         uint32_t boxed)
{
    static const int32_t pocket[5] = { 32, 32, 10, 10, 2 };
    uint32_t k;
    pocket_queries(g, pocket, seed, enclosed, 0);
    map_gen(g, MG_EMPTY, 12, 12, 0, 0, 0, 0, 0);
    map_ring(g, 3, 3, 1);
    for (k = 0; k < boxed; k++) {
        vf_vector *v = vec_at(g, 3, 3, 9, 10);
        v->query.max_expansions = k % 2;
        vec_done(g, v);
    }
}

/* ------------------------------------------------------------------------
 * Time slicing
 * --------------------------------------------------------------------- */

/* On the current map: start == goal with budget 1, and a blocked goal (or
 * one off the map when nothing is blocked) with budget 2. */
void sliced_trivial_and_error(gen *g)
{
    vf_vector *v = vec_drawn(g);
    int32_t bx, by;
    v->query.goal_x = v->query.start_x;
    v->query.goal_y = v->query.start_y;
    v->budget = 1;
    vec_done(g, v);
    v = vec_drawn(g);
    if (pick_blocked(g, &bx, &by) == 0) {
        v->query.goal_x = bx;
        v->query.goal_y = by;
    } else {
        v->query.goal_x = -1;
    }
    v->budget = 2;
    vec_done(g, v);
}

/* count sliced queries to a goal walled in by a ring on a 40x30 random
 * map of the given seed; budgets taken every budget_step-th from the list. */
void sliced_unreachable(gen *g, uint32_t seed, uint32_t count,
                        uint32_t budget_step)
{
    static const int32_t pocket[5] = { 40, 30, 20, 15, 3 };
    pocket_queries(g, pocket, seed, count, budget_step);
}

void every_budget(gen *g, uint32_t per_budget)
{
    uint32_t i, k;
    for (i = 0; i < VG_COUNT(budgets); i++)
        for (k = 0; k < per_budget; k++) {
            vf_vector *v = vec_drawn(g);
            v->budget = budgets[i];
            vec_done(g, v);
        }
}

int budgets_around(gen *g)
{
    uint32_t base, e, b;
    vf_vector *v = vec_drawn(g);
    v->budget = 1;
    if (vec_done(g, v) != LS_OK || v->expect.expansions < 3)
        return 0;
    base = last_index(g);
    e = v->expect.expansions;
    {
        const uint32_t around[6] = { e - 1, e, e + 1, e / 2, e / 2 + 1,
                                     UINT32_MAX };
        for (b = 0; b < 6; b++) {
            clone_done(g, base, 0, around[b]);
            clone_done(g, base, e - 1 - (b % 2), around[b]);
        }
    }
    return 1;
}

void slicing_maps(gen *g, const map_spec *maps, uint32_t n,
                  uint32_t per_budget, uint32_t tries, uint32_t ladders)
{
    uint32_t m, k, made;
    for (m = 0; m < n; m++) {
        map_spec_gen(g, &maps[m]);
        every_budget(g, per_budget);
        for (k = 0, made = 0; k < tries && made < ladders; k++)
            made += (uint32_t)budgets_around(g);
        sliced_trivial_and_error(g);
    }
}
