/* SPDX-License-Identifier: MIT */
/*
 * vecgen_astar.c - the A* vector files of tools/vecgen, one function per
 * file (empty.vec ... files.vec; the table in vecgen.c names them). Each
 * draws its maps and queries from the gen's own PRNG stream: add new draws
 * at the end of a function, or every later vector of its file changes.
 */
#include <stdio.h>
#include <string.h>
#include "vecgen.h"

void fam_empty(gen *g)
{
    static const int32_t sizes[][3] = {
        { 3, 3, 20 }, { 8, 8, 40 }, { 16, 16, 60 }, { 32, 32, 60 },
        { 64, 64, 60 }, { 100, 37, 40 }, { 37, 100, 40 }, { 5, 40, 20 },
        { 40, 5, 20 }, { 128, 128, 40 }, { 200, 50, 30 }, { 256, 256, 16 }
    };
    /* A quarter on a shared row, column or diagonal: ties. */
    empty_family(g, sizes, VG_COUNT(sizes), 8, 0);
}

/* map_grid's pair for the families with one parameter. */
static const uint32_t no_pair[][2] = { { 0, 0 } };

void fam_random(gen *g)
{
    static const int32_t sizes[][2] = { { 24, 24 }, { 48, 48 }, { 64, 40 },
                                        { 96, 96 } };
    static const uint32_t percent[] = { 5, 10, 15, 20, 25, 30, 35, 40, 45 };
    const map_grid m = { MG_RANDOM, percent, VG_COUNT(percent), no_pair, 1,
                         sizes, VG_COUNT(sizes), 1050, 50, 20 };
    grid_family(g, &m);
}

void fam_maze(gen *g)
{
    static const int32_t sizes[][2] = { { 21, 21 }, { 41, 31 }, { 63, 63 },
                                        { 101, 81 } };
    static const uint32_t width[] = { 1, 2, 3 };
    static const uint32_t loops[][2] = { { 0, 0 }, { 5, 0 }, { 25, 0 } };
    const map_grid m = { MG_MAZE, width, VG_COUNT(width), loops,
                         VG_COUNT(loops), sizes, VG_COUNT(sizes), 2100, 100, 9 };
    grid_family(g, &m);
}

void fam_rooms(gen *g)
{
    static const int32_t sizes[][2] = { { 32, 32 }, { 64, 48 }, { 100, 100 } };
    static const uint32_t rooms[] = { 4, 7, 10, 15 };
    static const uint32_t doors[][2] = { { 1, 50 }, { 2, 80 }, { 3, 100 } };
    const map_grid m = { MG_ROOMS, rooms, VG_COUNT(rooms), doors,
                         VG_COUNT(doors), sizes, VG_COUNT(sizes), 3000, 100, 7 };
    grid_family(g, &m);
}

void fam_corridors(gen *g)
{
    static const int32_t sizes[][2] = { { 9, 9 }, { 15, 21 }, { 31, 17 },
                                        { 40, 40 } };
    static const uint32_t gaps[] = { 1, 2, 4 };
    static const uint32_t vertical[][2] = { { 0, 0 }, { 1, 0 } };
    const map_grid m = { MG_CORRIDORS, gaps, VG_COUNT(gaps), vertical,
                         VG_COUNT(vertical), sizes, VG_COUNT(sizes), 4000, 100,
                         9 };
    grid_family(g, &m);
}

/* Small drawn traps where the corner rule decides: run each start/goal
 * pair under all three rules and both tie-breaks. */
static const char *const trap_pinch[] = { ".#", "#.", NULL };
static const char *const trap_clip[] = { "..", "#.", NULL };
static const char *const trap_stairs[] = {
    ".####", "#.###", "##.##", "###.#", "####.", NULL };
static const char *const trap_wall[] = {
    "......", "....#.", "...#..", "..#...", ".#....", "......", NULL };
static const char *const trap_zigzag[] = {
    ".#......", "..#.#...", "...#.#..", "....#.#.", "......#.", NULL };
static const char *const trap_room[] = {
    "#########", "#.......#", "#.##.##.#", "#.#...#.#", "#...#...#",
    "#.#...#.#", "#.##.##.#", "#.......#", "#########", NULL };
static const char *const trap_fence[] = {
    "..........", ".#.#.#.#..", "..#.#.#.#.", ".#.#.#.#..", "..........",
    NULL };
const char *const trap_swamp[] = {
    "..........", ".99999999.", ".9#....#9.", ".9.#..#.9.", ".9..##..9.",
    ".99999999.", "..........", NULL };

const trap corner_traps[CORNER_TRAPS] = {
    { trap_pinch, { { 0, 0, 1, 1 }, { 1, 1, 0, 0 } } },
    { trap_clip, { { 0, 0, 1, 1 }, { 1, 1, 0, 0 } } },
    { trap_stairs, { { 0, 0, 4, 4 }, { 4, 4, 0, 0 } } },
    { trap_wall, { { 5, 0, 0, 5 }, { 3, 3, 2, 2 } } },
    { trap_zigzag, { { 0, 0, 7, 4 }, { 7, 0, 0, 4 } } },
    { trap_room, { { 1, 1, 7, 7 }, { 4, 3, 4, 5 } } },
    { trap_fence, { { 0, 0, 9, 4 }, { 2, 1, 8, 3 } } },
    { trap_swamp, { { 0, 3, 9, 3 }, { 4, 3, 5, 4 } } },
};

/* per_map random pairs, each 8-connected under the three corner rules,
 * the other options cycling. */
static void rule_triples(gen *g, uint32_t per_map)
{
    uint32_t i, rule;
    for (i = 0; i < per_map; i++) {
        uint32_t first = 0;
        for (rule = 0; rule < 3; rule++) {
            vf_vector *v;
            if (rule == 0) {
                v = vec_drawn(g);
                first = last_index(g);
            } else {
                v = vec_clone(g, first);
            }
            v->query.connectivity = LS_CONNECT_8;
            v->query.corner_rule = (int32_t)rule;
            vec_done(g, v);
        }
    }
}

void fam_corners(gen *g)
{
    static const int32_t sizes[][2] = { { 20, 20 }, { 48, 32 }, { 64, 64 } };
    uint32_t t, p, rule, tie;

    for (t = 0; t < CORNER_TRAPS; t++) {
        const trap *tr = &corner_traps[t];
        map_rows(g, tr->rows);
        for (p = 0; p < 2; p++)
            for (rule = 0; rule < 3; rule++)
                for (tie = 0; tie < 2; tie++) {
                    vf_vector *v = vec_new(g);
                    v->query.start_x = tr->pairs[p][0];
                    v->query.start_y = tr->pairs[p][1];
                    v->query.goal_x = tr->pairs[p][2];
                    v->query.goal_y = tr->pairs[p][3];
                    v->query.corner_rule = (int32_t)rule;
                    v->query.tie_break = (int32_t)tie;
                    v->query.heuristic = (int32_t)((t + p) % 5);
                    v->budget = (t + rule) % 4 == 0 ? 1 : 0;
                    vec_done(g, v);
                }
        /* And once 4-connected. */
        {
            vf_vector *v = vec_new(g);
            v->query.connectivity = LS_CONNECT_4;
            v->query.start_x = tr->pairs[0][0];
            v->query.start_y = tr->pairs[0][1];
            v->query.goal_x = tr->pairs[0][2];
            v->query.goal_y = tr->pairs[0][3];
            vec_done(g, v);
        }
    }
    /* Generated traps: diagonal walls, checkerboard pinches, dots. */
    trap_maps(g, sizes, VG_COUNT(sizes), 5000, rule_triples, 8);
}

void fam_terrain(gen *g)
{
    static const uint32_t max[] = { 2, 5, 9, 255 };
    static const uint32_t percent[] = { 0, 10, 25 };
    static const int32_t sizes[][2] = { { 32, 32 }, { 64, 64 }, { 96, 48 } };
    static const char *const drawn[] = {
        "..........222222222", ".###......299999992", "...#......298888892",
        "...#####..298777892", ".......#..298777892", "..2222.#..298888892",
        "..2552.#..299999992", "..2222....222222222", NULL };
    uint32_t m, p, s;

    for (m = 0; m < 4; m++)
        for (p = 0; p < 3; p++)
            for (s = 0; s < 3; s++) {
                uint32_t area = (uint32_t)(sizes[s][0] * sizes[s][1]);
                map_gen(g, MG_TERRAIN, sizes[s][0], sizes[s][1],
                        6000u + m * 100u + p * 10u + s, area / 64u + 3u, 12,
                        max[m], percent[p]);
                vec_random(g, 8);
            }
    map_rows(g, drawn);
    vec_random(g, 20);
    /* The same drawn map with a few costs no row character can spell. */
    map_rows(g, drawn);
    map_edit(g, 12, 2, 3, 3, 200);
    map_edit(g, 0, 7, 1, 1, 255);
    map_edit(g, 5, 0, 4, 2, 17);
    vec_random(g, 20);
}

void fam_edges(gen *g)
{
    static const int32_t lines[] = { 2, 3, 10, 64, 257, 5000 };
    uint32_t i;

    /* 1 x 1: start == goal, and a blocked single cell. */
    map_gen(g, MG_EMPTY, 1, 1, 0, 0, 0, 0, 0);
    for (i = 0; i < 12; i++)
        vec_done(g, vec_at(g, 0, 0, 0, 0));
    map_gen(g, MG_EMPTY, 1, 1, 0, 0, 0, 0, 0);
    map_edit(g, 0, 0, 1, 1, 0);
    vec_done(g, vec_new(g));
    /* 1 x N and N x 1, empty and with terrain patches. */
    line_maps(g, lines, VG_COUNT(lines), 7000, 6, 0);
    /* 2 x N and N x 2 with obstacles. */
    two_wide_maps(g, 7100, 40, 8);
    /* Borders: start and goal on the outer ring, corners included. */
    border_pairs(g, 4, 7200, 5, 16, 0);
    /* start == goal on open maps, in a walled cell, with a limit. */
    start_is_goal(g, 7300, 24, 8, 0);
}

void fam_limits(gen *g)
{
    static const map_spec maps[] = {
        { MG_RANDOM, 48, 48, 8200, { 20, 0, 0, 0 } },
        { MG_MAZE, 41, 41, 8201, { 1, 10, 0, 0 } },
        { MG_ROOMS, 64, 64, 8202, { 9, 2, 80, 0 } },
        { MG_TERRAIN, 48, 48, 8203, { 30, 10, 9, 10 } }
    };

    /* Enclosed goals (and starts): a blocked ring around them. */
    enclosed_family(g, 10, 8000u, 2, 8);
    /* Dense random maps: keep pairs that turn out unreachable. */
    unreachable_family(g, 6, 8100u, 10);
    /* Expansion limits with partial paths: twice over the maps (seeds
     * 8200 to 8207), four ladders on each. */
    ladder_maps(g, maps, VG_COUNT(maps), 2, 4);
    /* Limits on queries that have no path; and a start boxed in alone. */
    limits_without_path(g, 8300, 20, 10);
}

/* The bad (and the extreme valid) option values of errors.vec. */
static const int32_t bad_connect[] = { 0, 1, 2, 6, -4, -8, 9, 16 };
static const int32_t bad_corner[] = { -1, 3, 4, 100, INT32_MIN };
static const int32_t bad_heuristic[] = { -1, 5, 6, 99, INT32_MAX };
static const int32_t bad_tie[] = { -1, 2, 3, 255 };
static const int32_t bad_algo[] = { -1, 99, 1000, INT32_MAX };
static const uint32_t bad_costs[][2] = {
    { 0, 0 }, { 0, 1 }, { 65536, 65536 }, { 65536, 131072 }, { 10, 9 },
    { 10, 21 }, { 1, 0 }, { 1, 3 }, { 65535, 131071 }, { 65535, 65534 },
    { UINT32_MAX, UINT32_MAX }, { 100000, 141421 }
};
static const char *const bad_weights[] = {
    "0", "0.5", "0.99999", "-1", "-64", "64.00002", "65", "100",
    "32767.99998", "-0.00001"
};
static const char *const good_weights[] = { "64", "1", "1.00001",
                                            "63.99999" };
static const uint32_t good_costs[][2] = {
    { 1, 1 }, { 65535, 65535 }, { 65535, 131070 } };

enum { BAD_CONNECT, BAD_CORNER, BAD_HEURISTIC, BAD_TIE, BAD_ALGO, BAD_COSTS,
       BAD_WEIGHT, GOOD_WEIGHT, GOOD_COSTS };

/* A random pair with drawn options, then option what set to its i-th
 * value; variant k > 0 adds a second error (or 4-connectivity) beside
 * it, which pins the order they are reported in. (bx, by) is blocked. */
static void option_vector(gen *g, int what, uint32_t i, uint32_t k,
                          int32_t bx, int32_t by)
{
    vf_vector *v = vec_drawn(g);
    ls_query *q = &v->query;
    switch (what) {
    case BAD_CONNECT:
        q->connectivity = bad_connect[i];
        if (i % 2)
            q->start_x = -1;
        break;
    case BAD_CORNER:
        q->connectivity = k ? LS_CONNECT_4 : LS_CONNECT_8;
        q->corner_rule = bad_corner[i];
        break;
    case BAD_HEURISTIC:
        q->heuristic = bad_heuristic[i];
        if (k)
            set_costs(v, 0, 0);
        break;
    case BAD_TIE:
        q->tie_break = bad_tie[i];
        if (k)
            set_weight(v, "0.5");
        break;
    case BAD_ALGO:
        q->algorithm = bad_algo[i];
        if (k) {
            q->goal_x = bx;
            q->goal_y = by;
        }
        break;
    case BAD_COSTS:
        set_costs(v, bad_costs[i][0], bad_costs[i][1]);
        if (k == 1)
            q->connectivity = LS_CONNECT_4;
        if (k == 2)
            set_weight(v, "100");
        break;
    case BAD_WEIGHT:
        set_weight(v, bad_weights[i]);
        if (k) {
            q->start_x = bx;
            q->start_y = by;
        }
        break;
    case GOOD_WEIGHT: set_weight(v, good_weights[i]); break;
    default: set_costs(v, good_costs[i][0], good_costs[i][1]); break;
    }
    vec_done(g, v);
}

void fam_errors(gen *g)
{
    /* option_vector's what, its number of values, variants of each. */
    static const uint32_t options[][3] = {
        { BAD_CONNECT, VG_COUNT(bad_connect), 1 },
        { BAD_CORNER, VG_COUNT(bad_corner), 2 },
        { BAD_HEURISTIC, VG_COUNT(bad_heuristic), 2 },
        { BAD_TIE, VG_COUNT(bad_tie), 2 },
        { BAD_ALGO, VG_COUNT(bad_algo), 2 },
        { BAD_COSTS, VG_COUNT(bad_costs), 3 },
        { BAD_WEIGHT, VG_COUNT(bad_weights), 2 },
        { GOOD_WEIGHT, VG_COUNT(good_weights), 1 },
        { GOOD_COSTS, VG_COUNT(good_costs), 1 }
    };
    static const int32_t outside[][2] = {
        { -1, 0 }, { 0, -1 }, { 16, 0 }, { 0, 12 }, { 16, 12 }, { -1, -1 },
        { INT32_MIN, 0 }, { 0, INT32_MIN }, { INT32_MAX, 5 }, { 5, INT32_MAX },
        { -16384, 3 }, { 3, 16384 }
    };
    uint32_t o, i, k;
    int32_t bx, by, ox, oy;
    vf_vector *v;

    map_gen(g, MG_RANDOM, 16, 12, 9000, 25, 0, 0, 0);
    pick_blocked(g, &bx, &by);
    pick_open(g, &ox, &oy);
    /* Out of bounds start, goal, both. */
    for (i = 0; i < sizeof outside / sizeof outside[0]; i++) {
        err_vector(g, outside[i][0], outside[i][1], ox, oy);
        err_vector(g, ox, oy, outside[i][0], outside[i][1]);
        err_vector(g, outside[i][0], outside[i][1], outside[i][1],
                   outside[i][0]);
    }
    /* Blocked start, goal, both; and blocked against out of bounds. */
    for (k = 0; k < 6; k++) {
        int32_t b2x, b2y;
        pick_blocked(g, &bx, &by);
        pick_blocked(g, &b2x, &b2y);
        pick_open(g, &ox, &oy);
        err_vector(g, bx, by, ox, oy);
        err_vector(g, ox, oy, bx, by);
        err_vector(g, bx, by, b2x, b2y);
        err_vector(g, bx, by, -1, oy);
        err_vector(g, 16, oy, bx, by);
    }
    /* Bad options, each alone and together with other errors to pin the
     * order in which they are reported; then the valid extremes next to
     * them. */
    pick_blocked(g, &bx, &by);
    pick_open(g, &ox, &oy);
    for (o = 0; o < VG_COUNT(options); o++)
        for (i = 0; i < options[o][1]; i++)
            for (k = 0; k < options[o][2]; k++)
                option_vector(g, (int)options[o][0], i, k, bx, by);

    /* Cost overflow. A step into a cost-255 cell at straight 65535 costs
     * 16711425: 128 steps fit below 2^31, 129 do not. */
    for (i = 0; i < 4; i++) {
        int32_t len = i < 2 ? 129 : 130;
        map_gen(g, MG_EMPTY, len, i % 2 ? 3 : 1, 0, 0, 0, 0, 0);
        map_edit(g, 0, 0, len, g->h, 255);
        for (k = 0; k < 4; k++) {
            v = vec_new(g);
            v->query.connectivity = k % 2 ? LS_CONNECT_4 : LS_CONNECT_8;
            v->query.heuristic = k < 2 ? LS_HEURISTIC_AUTO : LS_HEURISTIC_ZERO;
            set_costs(v, 65535, 131070);
            v->query.start_x = 0;
            v->query.start_y = 0;
            v->query.goal_x = len - 1;
            v->query.goal_y = g->h - 1;
            v->budget = k == 3 ? 50 : 0;
            vec_done(g, v);
        }
    }
    /* ... in the middle of a 2-D search, with diagonals and terrain. */
    map_gen(g, MG_TERRAIN, 200, 60, 9100, 40, 30, 255, 5);
    for (k = 0; k < 6; k++) {
        v = vec_new(g);
        vec_options(g, v);
        set_costs(v, 65535, k % 2 ? 65535 : 131070);
        v->query.start_x = 0;
        v->query.start_y = (int32_t)k * 10;
        v->query.goal_x = 199;
        v->query.goal_y = 59 - (int32_t)k * 10;
        while (cell(g, v->query.start_x, v->query.start_y) == 0 ||
               cell(g, v->query.goal_x, v->query.goal_y) == 0)
            vec_pair(g, v);
        vec_done(g, v);
    }
    /* The start's f overflows at once: weight 64 x a long estimate (the
     * other options the defaults). */
    start_f_overflow(g, 0);
}

void fam_slicing(gen *g)
{
    static const map_spec maps[] = {
        { MG_RANDOM, 48, 48, 10000, { 20, 0, 0, 0 } },
        { MG_MAZE, 41, 41, 10001, { 1, 5, 0, 0 } },
        { MG_ROOMS, 64, 64, 10002, { 7, 2, 70, 0 } },
        { MG_EMPTY, 64, 64, 10003, { 0, 0, 0, 0 } },
        { MG_TERRAIN, 48, 48, 10004, { 40, 10, 9, 10 } },
        { MG_CORRIDORS, 31, 31, 10005, { 2, 0, 0, 0 } }
    };
    /* Every budget from the list on two random pairs, and two tries at
     * budgets around a query's expansion count, on each map. */
    slicing_maps(g, maps, VG_COUNT(maps), 2, 2, 2);
    sliced_unreachable(g, 10010, 16, 1);
}

void fam_large(gen *g)
{
    static const far_map maps[] = {
        { { MG_RANDOM, 512, 512, 11000, { 20, 0, 0, 0 } }, 10, 1200 },
        { { MG_MAZE, 512, 512, 11001, { 4, 0, 0, 0 } }, 6, 2500 },
        { { MG_ROOMS, 512, 512, 11002, { 31, 3, 80, 0 } }, 8, 1200 },
        { { MG_TERRAIN, 512, 512, 11003, { 300, 64, 9, 10 } }, 6, 1200 },
        { { MG_TRAPS, 512, 512, 11004, { 20, 4000, 16, 6000 } }, 6, 1200 },
        { { MG_EMPTY, 1024, 1024, 0, { 0, 0, 0, 0 } }, 8, 2000 },
        { { MG_RANDOM, 1024, 768, 11006, { 30, 0, 0, 0 } }, 6, 2000 }
    };
    far_maps(g, maps, VG_COUNT(maps));
}

void fam_files(gen *g)
{
    map_file(g, "maps/fort.map", 48, 24);
    vec_random(g, 30);
    map_file(g, "maps/pinch.map", 32, 20);
    vec_random(g, 30);
    /* A map file with edits on top: a gate closed, a swamp laid. */
    map_file(g, "maps/fort.map", 48, 24);
    map_edit(g, 25, 16, 3, 1, 0);
    map_edit(g, 36, 17, 10, 5, 7);
    vec_random(g, 20);
}
