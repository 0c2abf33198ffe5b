/* SPDX-License-Identifier: MIT */
/*
 * suite_crosscheck.c - A* (and JPS) against the independent Dijkstra of
 * test_util.c on hundreds of random small grids, over every combination of
 * connectivity, corner rule, admissible heuristic, tie-break and a few
 * step-cost pairs: same optimal cost (or both unreachable), a legal path
 * whose steps sum to the cost, and the digest of the returned points.
 */
#include <stdio.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suites.h"
#include "test_util.h"

enum { GRIDS = 600, QUERIES_PER_GRID = 8, CAP = 1024 };

typedef struct combo {
    int32_t connectivity, corner_rule, heuristic, tie_break;
    uint32_t straight, diagonal;
} combo;

static const uint32_t step_costs[][2] = {
    { 10, 14 }, { 1, 1 }, { 3, 4 }, { 100, 141 }, { 7, 14 },
};
#define NCOSTS (sizeof step_costs / sizeof step_costs[0])

/* Every combination; 4-connectivity ignores the corner rule, so it gets
 * one (random) rule instead of three. */
static combo combos[200];
static uint32_t combo_count;
static uint32_t combo_hits[200];

static void build_combos(void)
{
    static const int32_t heur8[] = { LS_HEURISTIC_AUTO, LS_HEURISTIC_OCTILE,
                                     LS_HEURISTIC_CHEBYSHEV, LS_HEURISTIC_ZERO };
    static const int32_t heur4[] = { LS_HEURISTIC_AUTO, LS_HEURISTIC_MANHATTAN,
                                     LS_HEURISTIC_OCTILE, LS_HEURISTIC_CHEBYSHEV,
                                     LS_HEURISTIC_ZERO };
    uint32_t corner, h, tie, c;
    combo_count = 0;
    for (corner = 0; corner < 3; corner++)
        for (h = 0; h < 4; h++)
            for (tie = 0; tie < 2; tie++)
                for (c = 0; c < NCOSTS; c++) {
                    combo *k = &combos[combo_count++];
                    k->connectivity = LS_CONNECT_8;
                    k->corner_rule = (int32_t)corner;
                    k->heuristic = heur8[h];
                    k->tie_break = (int32_t)tie;
                    k->straight = step_costs[c][0];
                    k->diagonal = step_costs[c][1];
                }
    for (h = 0; h < 5; h++)
        for (tie = 0; tie < 2; tie++)
            for (c = 0; c < NCOSTS; c++) {
                combo *k = &combos[combo_count++];
                k->connectivity = LS_CONNECT_4;
                k->corner_rule = -1; /* chosen per query */
                k->heuristic = heur4[h];
                k->tie_break = (int32_t)tie;
                k->straight = step_costs[c][0];
                k->diagonal = step_costs[c][1];
            }
}

static ls_point path[CAP];
static char why[256];

static void test_astar_matches_independent_dijkstra_on_random_grids(void)
{
    ls_rng rng;
    uint32_t grid_no, checked = 0, reachable = 0, unreachable = 0;
    uint32_t jps_checked = 0, wrong = 0, min_hits, i;

    build_combos();
    memset(combo_hits, 0, sizeof combo_hits);
    ls_rng_seed(&rng, 0x10C457A2u);
    for (grid_no = 0; grid_no < GRIDS; grid_no++) {
        int32_t w = 1 + (int32_t)ls_rng_below(&rng, 24);
        int32_t h = 1 + (int32_t)ls_rng_below(&rng, 24);
        uint32_t density = ls_rng_below(&rng, 51);
        /* A third of the grids are uniform (cost 1): those also run JPS. */
        int uniform = grid_no % 3 == 0;
        ls_grid *g = tu_random_grid(&rng, w, h, density, uniform ? 0 : 35,
                                    uniform ? 1 : 9);
        ls_search *s = NULL;
        uint32_t j;

        CU_ASSERT_FATAL(g != NULL);
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
        for (j = 0; j < QUERIES_PER_GRID; j++) {
            uint32_t which = (grid_no * QUERIES_PER_GRID + j) % combo_count;
            const combo *k = &combos[which];
            ls_query q;
            ls_result r;
            int64_t want;
            uint64_t digest = 0;
            int algo;

            ls_query_init(&q);
            if (!tu_random_open_cell(&rng, g, &q.start_x, &q.start_y) ||
                !tu_random_open_cell(&rng, g, &q.goal_x, &q.goal_y))
                break; /* no open cell at all */
            q.connectivity = k->connectivity;
            q.corner_rule = k->corner_rule >= 0 ? k->corner_rule
                                                : (int32_t)ls_rng_below(&rng, 3);
            q.heuristic = k->heuristic;
            q.tie_break = k->tie_break;
            q.straight_cost = k->straight;
            q.diagonal_cost = k->diagonal;
            want = tu_dijkstra(g, &q, NULL);

            for (algo = LS_ALGO_ASTAR; algo <= LS_ALGO_JPS; algo++) {
                if (algo == LS_ALGO_JPS &&
                    (!uniform || q.connectivity != LS_CONNECT_8 ||
                     q.corner_rule != LS_CORNERS_NONE))
                    continue;
                q.algorithm = algo;
                if (!tu_find_checked(s, g, &q, path, CAP, &r, why, sizeof why) ||
                    (want < 0 ? r.status != LS_NO_PATH
                              : r.status != LS_OK || r.cost != want)) {
                    if (wrong++ < 5)
                        printf("\n    crosscheck: %dx%d grid %u, %d,%d -> %d,%d "
                               "conn %d corner %d heur %d tie %d costs %u/%u "
                               "algo %d: status %d cost %ld, Dijkstra %lld",
                               (int)w, (int)h, (unsigned)grid_no,
                               (int)q.start_x, (int)q.start_y, (int)q.goal_x,
                               (int)q.goal_y, (int)q.connectivity,
                               (int)q.corner_rule, (int)q.heuristic,
                               (int)q.tie_break, (unsigned)q.straight_cost,
                               (unsigned)q.diagonal_cost, algo, (int)r.status,
                               (long)r.cost, (long long)want);
                    continue;
                }
                if (r.status == LS_OK) {
                    if (ls_path_digest(path, r.path_length, &digest) != LS_OK ||
                        digest != r.digest)
                        wrong++;
                }
                if (algo == LS_ALGO_JPS)
                    jps_checked++;
                checked++;
            }
            combo_hits[which]++;
            if (want >= 0)
                reachable++;
            else
                unreachable++;
        }
        ls_search_destroy(s);
        ls_grid_destroy(g);
    }
    min_hits = combo_hits[0];
    for (i = 1; i < combo_count; i++)
        if (combo_hits[i] < min_hits)
            min_hits = combo_hits[i];
    printf("\n    crosscheck: %u queries checked against Dijkstra (%u reachable, "
           "%u unreachable, %u by JPS) on %u grids, %u option combinations "
           "(each at least %u times)\n",
           (unsigned)checked, (unsigned)reachable, (unsigned)unreachable,
           (unsigned)jps_checked, (unsigned)GRIDS, (unsigned)combo_count,
           (unsigned)min_hits);
    CU_ASSERT_EQUAL(wrong, 0);
    CU_ASSERT(checked >= 4000);
    CU_ASSERT(reachable >= 2000);
    CU_ASSERT(unreachable >= 200);
    CU_ASSERT(jps_checked >= 100);
    CU_ASSERT(min_hits >= 15);
}

/*
 * The library against tu_reference_astar, a second implementation of the
 * header's search order written from its text alone (linear-scan open list):
 * status, cost, expansions, the exact path, digest and partial path must
 * all agree, for every option including weights, the LOW_G tie-break and
 * max_expansions. Costs alone cannot see a wrong neighbour order or a
 * parent changed on an equal g; this can.
 */
static tu_outcome lib_out, ref_out;

static void test_astar_reproduces_reference_search_order_exactly(void)
{
    static const uint32_t costs[][2] = { { 10, 14 }, { 1, 1 }, { 3, 4 },
                                         { 100, 141 }, { 7, 14 } };
    ls_rng rng;
    uint32_t i, differ = 0, ok = 0, no_path = 0, limit = 0;

    ls_rng_seed(&rng, 0xA57A2u);
    for (i = 0; i < 700; i++) {
        int32_t w = 1 + (int32_t)ls_rng_below(&rng, 24);
        int32_t h = 1 + (int32_t)ls_rng_below(&rng, 24);
        ls_grid *g = tu_random_grid(&rng, w, h, ls_rng_below(&rng, 45), 30, 9);
        ls_search *s = NULL;
        ls_query q;
        uint32_t c = ls_rng_below(&rng, 5);

        CU_ASSERT_FATAL(g != NULL);
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
        ls_query_init(&q);
        q.connectivity = ls_rng_below(&rng, 2) ? LS_CONNECT_8 : LS_CONNECT_4;
        q.corner_rule = (int32_t)ls_rng_below(&rng, 3);
        q.heuristic = (int32_t)ls_rng_below(&rng, 5);
        q.tie_break = (int32_t)ls_rng_below(&rng, 2);
        q.straight_cost = costs[c][0];
        q.diagonal_cost = costs[c][1];
        if (ls_rng_below(&rng, 3) == 0)
            q.weight = (fix16_t)(0x10000 + ls_rng_below(&rng, 0x50000));
        if (ls_rng_below(&rng, 4) == 0)
            q.max_expansions = 1 + ls_rng_below(&rng, 100);
        if (tu_random_open_cell(&rng, g, &q.start_x, &q.start_y) &&
            tu_random_open_cell(&rng, g, &q.goal_x, &q.goal_y)) {
            tu_run(s, g, &q, 0, &lib_out);
            CU_ASSERT_FATAL(tu_reference_astar(g, &q, &ref_out));
            if (!tu_outcome_equal(&lib_out, &ref_out, why, sizeof why)) {
                if (differ++ < 5)
                    printf("\n    crosscheck: reference differs on a %dx%d grid, "
                           "%d,%d -> %d,%d conn %d corner %d heur %d tie %d "
                           "costs %u/%u weight %ld max %u: %s",
                           (int)w, (int)h, (int)q.start_x, (int)q.start_y,
                           (int)q.goal_x, (int)q.goal_y, (int)q.connectivity,
                           (int)q.corner_rule, (int)q.heuristic,
                           (int)q.tie_break, (unsigned)q.straight_cost,
                           (unsigned)q.diagonal_cost, (long)q.weight,
                           (unsigned)q.max_expansions, why);
            }
            if (ref_out.status == LS_OK)
                ok++;
            else if (ref_out.status == LS_NO_PATH)
                no_path++;
            else if (ref_out.status == LS_EXPANSION_LIMIT)
                limit++;
        }
        ls_search_destroy(s);
        ls_grid_destroy(g);
    }
    CU_ASSERT_EQUAL(differ, 0);
    CU_ASSERT(ok >= 300);
    CU_ASSERT(no_path >= 50);
    CU_ASSERT(limit >= 50);
}

int suite_crosscheck_register(void)
{
    CU_pSuite s = CU_add_suite("crosscheck", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "A* matches the independent Dijkstra on random grids",
                     test_astar_matches_independent_dijkstra_on_random_grids) ||
        !CU_add_test(s, "A* reproduces the reference search order exactly",
                     test_astar_reproduces_reference_search_order_exactly))
        return -1;
    return 0;
}
