/* SPDX-License-Identifier: MIT */
/*
 * vecgen_jps.c - jps.vec, the JPS vectors of tools/vecgen: every query is
 * LS_ALGO_JPS. vec_done checks each outcome as for A* (legal walk,
 * Dijkstra's cost) and against A* and the validation order (vecgen_gen.c).
 * The file is split into sections (g->sections), counted in the summary.
 */
#include <stdio.h>
#include <string.h>
#include "vecgen.h"

/* Close the current section and open one called name (NULL: none). */
static void jps_section(gen *g, const char *name)
{
    vg_sections *s = &g->sections;
    if (s->used > 0)
        s->count[s->used - 1] = g->file.vector_count - s->start;
    if (!name)
        return;
    if (s->used == VG_MAX_SECTIONS)
        die("internal: too many sections", name);
    s->name[s->used++] = name;
    s->start = g->file.vector_count;
}

/* Drawn maps where jump points and forced neighbours decide. */
static const char *const jps_forced[] = {
    "............", "....#.......", "............", "........#...",
    "..#.........", "............", "......#.....", "............", NULL };
static const char *const jps_utrap[] = {
    "..............", "...########...", "..........#...", "..........#...",
    "..........#...", "...########...", "..............", "..............",
    NULL };
static const char *const jps_pillars[] = {
    "...........", ".#.#.#.#.#.", "...........", ".#.#.#.#.#.",
    "...........", ".#.#.#.#.#.", "...........", NULL };
static const char *const jps_diagwall[] = {
    "........#", ".......#.", "......#..", ".....#...", "....#....",
    "...#.....", "..#......", ".#.......", "#........", NULL };
static const char *const jps_online[] = {
    "...............", "...............", "...............",
    "..........#....", "...............", NULL };

/* After corners.vec's uniform traps (corner_traps). */
static const trap jps_traps[] = {
    { jps_forced, { { 0, 0, 11, 7 }, { 11, 1, 0, 6 } } },
    { jps_utrap, { { 5, 3, 13, 3 }, { 0, 3, 13, 4 } } },
    { jps_pillars, { { 0, 0, 10, 6 }, { 2, 2, 8, 4 } } },
    { jps_diagwall, { { 0, 0, 8, 8 }, { 0, 0, 4, 3 } } },
    { jps_online, { { 0, 2, 7, 2 }, { 0, 0, 4, 4 } } },
};

static void jps_plain(gen *g)
{
    static const int32_t empty[][3] = {
        { 3, 3, 10 }, { 8, 8, 20 }, { 16, 16, 24 }, { 32, 32, 24 },
        { 64, 64, 24 }, { 100, 37, 16 }, { 37, 100, 16 }, { 5, 40, 10 },
        { 40, 5, 10 }, { 128, 128, 16 }, { 256, 256, 10 }
    };
    static const int32_t two_sizes[][2][2] = {
        { { 32, 32 }, { 64, 48 } },   /* random */
        { { 21, 21 }, { 63, 47 } },   /* maze */
        { { 40, 40 }, { 80, 64 } },   /* rooms */
        { { 15, 21 }, { 40, 40 } }    /* corridors */
    };
    static const uint32_t percent[] = { 5, 10, 15, 20, 25, 30, 35, 40, 45 };
    static const uint32_t no_pair[][2] = { { 0, 0 } };
    static const uint32_t width[] = { 1, 2, 3 };
    static const uint32_t loops[][2] = { { 0, 0 }, { 10, 0 } };
    static const uint32_t rooms[] = { 5, 9, 15 };
    static const uint32_t doors[][2] = { { 1, 60 }, { 3, 100 } };
    static const uint32_t gaps[] = { 1, 2, 4 };
    static const uint32_t vertical[][2] = { { 0, 0 }, { 1, 0 } };
    static const map_grid grids[] = {
        { MG_RANDOM, percent, 9, no_pair, 1, two_sizes[0], 2, 20050, 50, 8 },
        { MG_MAZE, width, 3, loops, 2, two_sizes[1], 2, 21100, 100, 6 },
        { MG_ROOMS, rooms, 3, doors, 2, two_sizes[2], 2, 22000, 100, 6 },
        { MG_CORRIDORS, gaps, 3, vertical, 2, two_sizes[3], 2, 23000, 100, 6 }
    };
    static const char *const names[] = { "random", "maze", "rooms",
                                         "corridors" };
    uint32_t i;

    /* Empty fields: ties everywhere; a third of the pairs on a shared row,
     * column, diagonal or anti-diagonal. */
    jps_section(g, "empty");
    empty_family(g, empty, VG_COUNT(empty), 6, 1);
    for (i = 0; i < VG_COUNT(grids); i++) {
        jps_section(g, names[i]);
        grid_family(g, &grids[i]);
    }
}

static void jps_corners(gen *g)
{
    static const int32_t sizes[][2] = { { 20, 20 }, { 48, 32 } };
    const uint32_t n = CORNER_TRAPS_UNIFORM + VG_COUNT(jps_traps);
    uint32_t t, p, tie;

    /* Drawn traps (no corner may be cut: pinches and diagonal walls are
     * closed to JPS) and forced-neighbour patterns: each pair under both
     * tie-breaks, then random pairs. */
    jps_section(g, "corners");
    for (t = 0; t < n; t++) {
        const trap *tr = t < CORNER_TRAPS_UNIFORM
                             ? &corner_traps[t]
                             : &jps_traps[t - CORNER_TRAPS_UNIFORM];
        map_rows(g, tr->rows);
        for (p = 0; p < 2; p++)
            for (tie = 0; tie < 2; tie++) {
                const int32_t *pr = tr->pairs[p];
                vf_vector *v = vec_at(g, pr[0], pr[1], pr[2], pr[3]);
                v->query.tie_break = (int32_t)tie;
                v->query.heuristic = (int32_t)((t + p + tie) % 5);
                if ((t + p + tie) % 4 == 0)
                    v->budget = 1;
                vec_done(g, v);
            }
        vec_random(g, 4);
    }
    /* Generated traps: checkerboard pinches, diagonal walls, dots. */
    trap_maps(g, sizes, VG_COUNT(sizes), 24000, vec_random, 6);
}

static void jps_edges(gen *g)
{
    static const int32_t lines[] = { 2, 3, 10, 64, 257, 2000 };
    uint32_t i, k;

    /* 1 x 1: start == goal. */
    jps_section(g, "edges");
    map_gen(g, MG_EMPTY, 1, 1, 0, 0, 0, 0, 0);
    for (i = 0; i < 6; i++) {
        vf_vector *v = vec_at(g, 0, 0, 0, 0);
        if (i == 5)
            v->budget = 1;
        vec_done(g, v);
    }
    /* 1 x N and N x 1, empty and with a few obstacles. */
    line_maps(g, lines, VG_COUNT(lines), 25000, 3, 1);
    /* The longest lines (LS_MAX_DIMENSION): jumps of up to 16383 cells to
     * the border, a wall part-way, short paths found beside long jumps. */
    for (k = 0; k < 2; k++) {
        int32_t n = 16384;
        map_gen(g, MG_EMPTY, k ? 1 : n, k ? n : 1, 0, 0, 0, 0, 0);
        if (k)
            map_edit(g, 0, 9000, 1, 1, 0);
        else
            map_edit(g, 16000, 0, 1, 1, 0);
        for (i = 0; i < 4; i++) {
            static const int32_t pts[4][2] = {
                { 16380, 16383 }, { 0, 16383 }, { 8000, 8005 }, { 5, 0 } };
            vf_vector *v = k ? vec_at(g, 0, pts[i][0], 0, pts[i][1])
                             : vec_at(g, pts[i][0], 0, pts[i][1], 0);
            vec_done(g, v);
        }
    }
    /* 2 x N and N x 2 with obstacles. */
    two_wide_maps(g, 25100, 200, 5);
    /* Borders: start and goal on the outer ring, corners included; both
     * open (errors have their own section). */
    border_pairs(g, 3, 25200, 10, 12, 1);

    /* start == goal: in a walled cell, on open cells, with a limit. */
    jps_section(g, "start-goal");
    start_is_goal(g, 25300, 12, 6, 1);
}

static void jps_limits(gen *g)
{
    static const map_spec maps[] = {
        { MG_RANDOM, 48, 48, 26200, { 20, 0, 0, 0 } },
        { MG_MAZE, 41, 41, 26201, { 1, 10, 0, 0 } },
        { MG_ROOMS, 64, 64, 26202, { 9, 2, 80, 0 } },
        { MG_RANDOM, 64, 64, 26203, { 30, 0, 0, 0 } }
    };

    /* Enclosed goals and starts: no path, a partial path. */
    jps_section(g, "unreachable");
    enclosed_family(g, 6, 26000u, 3, 6);
    /* Dense random maps: keep pairs that turn out unreachable. */
    unreachable_family(g, 3, 26100u, 6);

    /* Expansion limits (1, 2, E/2, E-1, E, E+1) with partial paths. */
    jps_section(g, "limits");
    ladder_maps(g, maps, VG_COUNT(maps), 1, 2);
    /* Limits on queries that have no path; a start boxed in alone. */
    limits_without_path(g, 26300, 12, 6);
}

static void jps_slicing(gen *g)
{
    static const map_spec maps[] = {
        { MG_RANDOM, 48, 48, 27000, { 20, 0, 0, 0 } },
        { MG_MAZE, 41, 41, 27001, { 1, 5, 0, 0 } },
        { MG_EMPTY, 64, 64, 0, { 0, 0, 0, 0 } }
    };
    jps_section(g, "slicing");
    /* Every budget of the list on a random pair, and up to four tries at
     * one ladder of budgets around a query's expansion count, on each
     * map. */
    slicing_maps(g, maps, VG_COUNT(maps), 1, 4, 1);
    sliced_unreachable(g, 27010, 8, 2);
}

static void jps_option_grid(gen *g)
{
    static const char *const wts[] = { "1", "1.00001", "1.5", "2", "64" };
    static const uint32_t steps[][2] = {
        { 1, 1 }, { 1, 2 }, { 2, 2 }, { 2, 3 }, { 2, 4 }, { 3, 4 }, { 3, 5 },
        { 5, 7 }, { 10, 10 }, { 10, 14 }, { 10, 20 }, { 50, 99 },
        { 100, 141 }, { 1000, 1414 }, { 4096, 5793 }, { 32768, 65536 },
        { 65535, 65535 }, { 65535, 131070 }
    };
    uint32_t h, w, t, i, n = 0;

    /* Every heuristic JPS accepts (all five: manhattan overestimates with
     * 8-connectivity, so only legality is checked there) x weights x
     * tie-breaks, step costs cycling. */
    jps_section(g, "options");
    map_gen(g, MG_RANDOM, 48, 48, 28000, 15, 0, 0, 0);
    for (h = 0; h < 5; h++)
        for (w = 0; w < sizeof wts / sizeof wts[0]; w++)
            for (t = 0; t < 2; t++) {
                vf_vector *v = vec_new(g);
                const uint32_t *c = costs[n++ % (sizeof costs / sizeof costs[0])];
                vec_options(g, v);
                vec_pair(g, v);
                v->query.heuristic = (int32_t)h;
                v->query.tie_break = (int32_t)t;
                set_weight(v, wts[w]);
                set_costs(v, c[0], c[1]);
                vec_done(g, v);
            }
    /* Step costs from 1/1 to 65535/131070 (straight <= diagonal <=
     * 2 x straight): once with the defaults otherwise, once drawn. */
    jps_section(g, "step-costs");
    map_gen(g, MG_MAZE, 41, 41, 28001, 2, 15, 0, 0);
    for (i = 0; i < sizeof steps / sizeof steps[0]; i++)
        for (t = 0; t < 2; t++) {
            vf_vector *v = vec_new(g);
            if (t)
                vec_options(g, v);
            else
                v->query.algorithm = LS_ALGO_JPS;
            vec_pair(g, v);
            set_costs(v, steps[i][0], steps[i][1]);
            vec_done(g, v);
        }
}

static void jps_large(gen *g)
{
    static const far_map maps[] = {
        { { MG_RANDOM, 512, 512, 29000, { 20, 0, 0, 0 } }, 5, 1200 },
        { { MG_MAZE, 512, 512, 29001, { 4, 0, 0, 0 } }, 3, 2500 },
        { { MG_ROOMS, 512, 512, 29002, { 31, 3, 80, 0 } }, 4, 1200 },
        { { MG_EMPTY, 512, 512, 0, { 0, 0, 0, 0 } }, 4, 1200 },
        { { MG_TRAPS, 512, 512, 29004, { 20, 4000, 16, 6000 } }, 4, 1200 },
        { { MG_RANDOM, 512, 512, 29005, { 35, 0, 0, 0 } }, 4, 1200 }
    };
    jps_section(g, "large");
    far_maps(g, maps, VG_COUNT(maps));

    jps_section(g, "files");
    map_file(g, "maps/fort.map", 48, 24);
    vec_random(g, 12);
    map_file(g, "maps/pinch.map", 32, 20);
    vec_random(g, 12);
}

static void jps_errors(gen *g)
{
    uint32_t i, k;
    int32_t ox, oy, bx, by;
    vf_vector *v;

    /* LS_ERR_NOT_UNIFORM: one passable cell above cost 1 anywhere, even
     * where no search could reach it. */
    jps_section(g, "not-uniform");
    for (i = 0; i < 4; i++) {
        map_gen(g, MG_EMPTY, 16, 16, 0, 0, 0, 0, 0);
        switch (i) {
        case 0: map_edit(g, 15, 15, 1, 1, 2); break;
        case 1: map_edit(g, 0, 0, 1, 1, 255); break;
        case 2: /* walled off */
            map_ring(g, 8, 8, 1);
            map_edit(g, 8, 8, 1, 1, 3);
            break;
        default: map_edit(g, 3, 5, 4, 2, 9); break;
        }
        for (k = 0; k < 5; k++) {
            v = vec_new(g);
            vec_options(g, v);
            vec_pair(g, v);
            if (k == 3) { /* start == goal */
                v->query.goal_x = v->query.start_x;
                v->query.goal_y = v->query.start_y;
            }
            vec_done(g, v);
        }
    }
    /* ... at the start or the goal itself. */
    map_gen(g, MG_EMPTY, 10, 10, 0, 0, 0, 0, 0);
    map_edit(g, 2, 2, 1, 1, 2);
    map_edit(g, 7, 7, 1, 1, 2);
    err_vector(g, 2, 2, 7, 7);
    err_vector(g, 7, 7, 0, 0);
    err_vector(g, 0, 0, 2, 2);
    /* Generated terrain and a drawn swamp. */
    for (i = 0; i < 3; i++) {
        static const uint32_t max[] = { 2, 9, 255 };
        map_gen(g, MG_TERRAIN, 32, 32, 29100u + i, 8, 6, max[i], 10);
        vec_random(g, 3);
    }
    map_rows(g, trap_swamp);
    vec_random(g, 3);
    /* Costs raised and set back to 1 (or blocked) by edits: uniform
     * again, so these queries run. Then one row left costly. */
    map_gen(g, MG_RANDOM, 24, 24, 29110, 10, 0, 0, 0);
    map_edit(g, 2, 2, 6, 6, 9);
    map_edit(g, 2, 2, 6, 6, 1);
    map_edit(g, 20, 20, 1, 1, 7);
    map_edit(g, 20, 20, 1, 1, 0);
    map_edit(g, 12, 3, 2, 2, 200);
    map_edit(g, 12, 3, 2, 2, 1);
    vec_random(g, 6);
    map_gen(g, MG_RANDOM, 24, 24, 29110, 10, 0, 0, 0);
    map_edit(g, 2, 2, 6, 6, 9);
    map_edit(g, 2, 2, 6, 5, 1);
    vec_random(g, 3);

    /* LS_ERR_UNSUPPORTED: 4-connectivity (any corner rule) and corner
     * rules one and all, on a uniform map. */
    jps_section(g, "unsupported");
    map_gen(g, MG_RANDOM, 24, 24, 29200, 20, 0, 0, 0);
    for (i = 0; i < 5; i++)
        for (k = 0; k < 4; k++) {
            v = vec_new(g);
            vec_options(g, v);
            vec_pair(g, v);
            v->query.connectivity = i < 3 ? LS_CONNECT_4 : LS_CONNECT_8;
            v->query.corner_rule = (int32_t)(i < 3 ? i : i - 2);
            if (k == 3) {
                v->query.goal_x = v->query.start_x;
                v->query.goal_y = v->query.start_y;
            }
            vec_done(g, v);
        }
    map_gen(g, MG_EMPTY, 1, 1, 0, 0, 0, 0, 0);
    for (i = 0; i < 3; i++) {
        v = vec_at(g, 0, 0, 0, 0);
        v->query.connectivity = i ? LS_CONNECT_8 : LS_CONNECT_4;
        v->query.corner_rule = (int32_t)i;
        vec_done(g, v);
    }

    /* The order: option errors, then UNSUPPORTED, then NOT_UNIFORM, then
     * bounds and blocked cells. */
    jps_section(g, "error-order");
    map_gen(g, MG_EMPTY, 16, 16, 0, 0, 0, 0, 0);
    map_edit(g, 3, 3, 1, 1, 0);
    map_edit(g, 12, 12, 1, 1, 5);
    for (i = 0; i < 2; i++) { /* i = 1: also 4-connected (UNSUPPORTED) */
        static const int32_t pts[][4] = {
            { -1, 0, 5, 5 }, { 5, 5, 16, 3 }, { 3, 3, 5, 5 }, { 5, 5, 3, 3 },
            { 5, 5, 5, 5 } };
        for (k = 0; k < sizeof pts / sizeof pts[0]; k++) {
            v = vec_at(g, pts[k][0], pts[k][1], pts[k][2], pts[k][3]);
            if (i)
                v->query.connectivity = LS_CONNECT_4;
            vec_done(g, v);
        }
        for (k = 0; k < 6; k++) {
            v = vec_at(g, 5, 5, 10, 9);
            if (i)
                v->query.corner_rule = LS_CORNERS_ALL;
            switch (k) {
            case 0: v->query.connectivity = 6; break;
            case 1: v->query.corner_rule = 3; break;
            case 2: v->query.heuristic = 5; break;
            case 3: v->query.tie_break = 2; break;
            case 4: set_costs(v, 10, 21); break;
            default: set_weight(v, "0.5"); break;
            }
            vec_done(g, v);
        }
    }
    map_gen(g, MG_RANDOM, 16, 12, 29300, 25, 0, 0, 0);
    for (k = 0; k < 6; k++) {
        pick_blocked(g, &bx, &by);
        pick_open(g, &ox, &oy);
        switch (k % 3) {
        case 0: v = vec_at(g, bx, by, ox, oy); break;
        case 1: v = vec_at(g, ox, oy, bx, by); break;
        default: v = vec_at(g, ox, oy, ox, 12); break;
        }
        if (k >= 3)
            v->query.connectivity = LS_CONNECT_4;
        vec_done(g, v);
    }

    /* LS_ERR_COST_OVERFLOW: the start's f (weight 64 x a long estimate),
     * and during the search: a serpentine of 65 rows of 600 cells, about
     * 39000 steps, over 2^31 at straight costs of 60000 and more. */
    jps_section(g, "overflow");
    start_f_overflow(g, 1);
    map_gen(g, MG_EMPTY, 600, 129, 0, 0, 0, 0, 0);
    for (i = 1; i < 129; i += 2)
        map_edit(g, i % 4 == 1 ? 0 : 1, (int32_t)i, 599, 1, 0);
    for (k = 0; k < 6; k++) {
        static const uint32_t big[][2] = { { 65535, 65535 },
                                           { 65535, 131070 },
                                           { 60000, 84853 } };
        v = vec_at(g, 0, 0, k % 2 ? 599 : 0, 128);
        set_weight(v, "1");
        set_costs(v, big[k % 3][0], big[k % 3][1]);
        if (k == 3)
            v->budget = 7;
        if (k == 5)
            v->query.max_expansions = 20;
        vec_done(g, v);
    }
}

void fam_jps(gen *g)
{
    g->jps = 1;
    jps_plain(g);
    jps_corners(g);
    jps_edges(g);
    jps_limits(g);
    jps_slicing(g);
    jps_option_grid(g);
    jps_large(g);
    jps_errors(g);
    jps_section(g, NULL);
}
