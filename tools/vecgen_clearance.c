/* SPDX-License-Identifier: MIT */
/*
 * vecgen_clearance.c - clearance.vec: sized queries (ls_query.clearance,
 * the optional `clearance K` key of a vector block) on random maps, rooms
 * with doors 1 to 5 wide, gaps 1 to 11 wide across a wall, corridors,
 * terrain and edited maps, k 1 to 6 (and 0), both connectivities, every
 * corner rule, heuristic and tie-break; starts and goals blocked for the
 * size; the refusals (above LS_CLEARANCE_MAX, JPS) in their order.
 *
 * Besides vec_done's checks (a legal path on the grid the size sees, the
 * oracle's Dijkstra cost on it, the sliced run), every vector is compared
 * whole with the oracle's search (tu_reference_astar honours the
 * clearance): status, cost, expansions, path, digest and partial path, so
 * nothing is recorded that the words of lockstar.h do not give.
 */
#include <string.h>
#include "vecgen.h"

/* The oracle's outcome of v must be the one recorded. */
static void clearance_check(gen *g, const vf_vector *v)
{
    static tu_outcome want;
    const vf_outcome *o = &v->expect;
    uint32_t i;
    if (o->status < 0) {
        ls_status st = ls_query_validate(&v->query, g->grid);
        if (st != o->status)
            die("a refused sized query: validation says otherwise", v->id);
        return;
    }
    if (!tu_reference_astar(g->grid, &v->query, &want))
        die("out of memory", NULL);
    if (want.status != o->status || want.result.cost != o->cost ||
        want.result.expansions != o->expansions ||
        want.result.digest != o->digest ||
        want.path_length != o->length)
        die("a sized query differs from the oracle's search", v->id);
    for (i = 0; i < o->length && i < TU_MAX_PATH; i++)
        if (want.path[i].x != o->path[i].x || want.path[i].y != o->path[i].y)
            die("a sized path differs from the oracle's", v->id);
    if (o->status != LS_OK) {
        if (want.partial_length != o->partial_length)
            die("a sized partial path differs from the oracle's", v->id);
        for (i = 0; i < o->partial_length && i < TU_MAX_PATH; i++)
            if (want.partial[i].x != o->partial[i].x ||
                want.partial[i].y != o->partial[i].y)
                die("a sized partial path differs from the oracle's", v->id);
    }
}

/* A random cell of clearance at least k on the current map (any open cell
 * when a few hundred draws find none). */
static void pick_room(gen *g, uint32_t k, int32_t *x, int32_t *y)
{
    uint32_t tries, c = 0;
    for (tries = 0; tries < 400; tries++) {
        if (pick_open(g, x, y) != 0)
            die("internal: a map with no open cell", NULL);
        if (ls_grid_clearance(g->grid, *x, *y, &c) == LS_OK && c >= k)
            return;
    }
}

/* A sized vector with drawn options: clearance k, a start and goal where
 * it fits (fits 0: drawn anywhere open, so some are blocked for it). */
static void sized(gen *g, uint32_t k, int fits)
{
    vf_vector *v = vec_new(g);
    vec_options(g, v);
    v->query.clearance = k;
    if (fits) {
        pick_room(g, k, &v->query.start_x, &v->query.start_y);
        pick_room(g, k, &v->query.goal_x, &v->query.goal_y);
    } else {
        vec_pair(g, v);
    }
    vec_done(g, v);
    clearance_check(g, v);
}

/* n sized vectors on the current map, k cycling 1..kmax, one in five
 * drawn anywhere. */
static void sized_run(gen *g, uint32_t n, uint32_t kmax)
{
    uint32_t i;
    for (i = 0; i < n; i++)
        sized(g, 1 + (i + rnd(g, 2)) % kmax, i % 5 != 4);
}

/* A 40 x 30 field with a wall across x = 19 whose gap is `gap` cells
 * (centred), queries from the left to the right for k = 1..6: a gap of
 * 2k - 1 lets k through, 2k - 2 not. */
static void gap_maps(gen *g)
{
    int32_t gap;
    for (gap = 1; gap <= 11; gap++) {
        uint32_t k;
        map_gen(g, MG_EMPTY, 40, 30, 0, 0, 0, 0, 0);
        map_edit(g, 19, 0, 1, 30, 0);
        map_edit(g, 19, 15 - gap / 2, 1, gap, 1);
        for (k = 1; k <= 6; k++) {
            vf_vector *v = vec_at(g, 8, 15, 31, 15);
            v->query.clearance = k;
            if (v->query.heuristic == LS_HEURISTIC_MANHATTAN &&
                v->query.connectivity == LS_CONNECT_8)
                v->query.heuristic = LS_HEURISTIC_OCTILE;
            vec_done(g, v);
            clearance_check(g, v);
            if ((v->expect.status == LS_OK) != (gap >= (int32_t)(2 * k - 1)))
                die("a gap let the wrong sizes through", v->id);
        }
    }
}

/* Errors: above LS_CLEARANCE_MAX, JPS with a size, and their place among
 * the other checks; starts and goals blocked for the size. */
static void refusals(gen *g)
{
    static const uint32_t ks[] = { 17, 18, 255, 65536, 0xFFFFFFFFu };
    uint32_t i;
    vf_vector *v;
    map_gen(g, MG_RANDOM, 24, 24, 4242, 10, 0, 0, 0);
    for (i = 0; i < VG_COUNT(ks); i++) {
        v = vec_drawn(g);
        v->query.clearance = ks[i];
        vec_done(g, v);
        clearance_check(g, v);
    }
    for (i = 0; i < 12; i++) { /* JPS: 1 runs, 2 and more are refused */
        v = vec_drawn(g);
        v->query.algorithm = LS_ALGO_JPS;
        v->query.connectivity = i % 6 == 5 ? LS_CONNECT_4 : LS_CONNECT_8;
        v->query.corner_rule = LS_CORNERS_NONE;
        v->query.clearance = i % 4;
        vec_done(g, v);
        if (v->query.clearance <= 1)
            continue;
        if (v->expect.status != (v->query.connectivity == LS_CONNECT_4
                                     ? LS_ERR_UNSUPPORTED
                                     : LS_ERR_BAD_CLEARANCE))
            die("JPS with a size: not the documented refusal", v->id);
    }
    for (i = 0; i < 8; i++) { /* after the option checks */
        v = vec_drawn(g);
        v->query.clearance = 17 + i;
        if (i % 4 == 0)
            v->query.corner_rule = 3;
        else if (i % 4 == 1)
            v->query.straight_cost = 0;
        else if (i % 4 == 2)
            set_weight(v, "0.5");
        else
            v->query.start_x = -1;
        vec_done(g, v);
        clearance_check(g, v);
    }
}

void fam_clearance(gen *g)
{
    static const uint32_t percent[] = { 3, 6, 10, 15, 20 };
    static const int32_t sizes[][2] = { { 24, 24 }, { 40, 32 }, { 64, 48 } };
    uint32_t p, s, door, room, i;

    for (p = 0; p < VG_COUNT(percent); p++)
        for (s = 0; s < VG_COUNT(sizes); s++) {
            map_gen(g, MG_RANDOM, sizes[s][0], sizes[s][1],
                    22000u + p * 10u + s, percent[p], 0, 0, 0);
            sized_run(g, 8, 6);
        }
    /* Rooms of 10 and 15 cells, doors 1 to 5 wide. */
    for (door = 1; door <= 5; door++)
        for (room = 10; room <= 15; room += 5) {
            map_gen(g, MG_ROOMS, 48, 48, 22100u + door * 10u + room, room,
                    door, 100, 0);
            sized_run(g, 8, 4);
        }
    gap_maps(g);
    /* Mazes with corridors 2 and 3 wide: clearance 2 fits only the
     * 3-wide ones. */
    for (i = 0; i < 4; i++) {
        map_gen(g, MG_MAZE, 41, 41, 22200u + i, 2u + i % 2u, 10, 0, 0);
        sized_run(g, 6, 3);
    }
    /* Terrain: costs stay the cells', passability the size's. */
    for (i = 0; i < 6; i++) {
        map_gen(g, MG_TERRAIN, 48, 40, 22300u + i, 30, 10, 2u + i * 50u,
                5u + i * 3u);
        sized_run(g, 8, 5);
    }
    /* Edited maps: buildings put up and a cell reopened. */
    for (i = 0; i < 6; i++) {
        map_gen(g, MG_RANDOM, 40, 40, 22400u + i, 4, 0, 0, 0);
        map_edit(g, 5 + (int32_t)i * 3, 8, 6, 5, 0);
        map_edit(g, 20, 14 + (int32_t)i, 9, 3, 0);
        map_edit(g, 22, 15 + (int32_t)i, 1, 1, 1);
        map_edit(g, 30, 2, 3, 30, 7);
        sized_run(g, 8, 6);
    }
    /* Empty fields: the edge alone limits the size. */
    map_gen(g, MG_EMPTY, 32, 20, 0, 0, 0, 0, 0);
    sized_run(g, 12, 6);
    refusals(g);
}
