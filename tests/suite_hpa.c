/* SPDX-License-Identifier: MIT */
/*
 * suite_hpa.c - the cluster hierarchy (lockstar_hpa.h) and LS_ALGO_HPA.
 *
 * What would fail if the feature broke:
 *  - a hierarchy kept through thousands of random edits (cells, terrain,
 *    rectangles) differs from one built fresh on the edited cells (digest
 *    and info), or a query on it differs in any reported field from the
 *    same query on the fresh one;
 *  - an HPA path is illegal for the query's moves, lists a cell twice,
 *    costs other than it reports (ls_check_path), costs less than A*'s
 *    optimum (impossible for a real path) or exists exactly when A* finds
 *    none (or the reverse);
 *  - a sliced query differs from a whole one;
 *  - the refusals (no hierarchy, other moves, compact context, clearance,
 *    build arguments) or the promise of no allocation per query or edit.
 */
#include <stdio.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "lockstar_hpa.h"
#include "suites.h"
#include "test_util.h"

static ls_point path_buf[TU_MAX_PATH];
static tu_outcome out_a, out_b;

static void hpa_query(ls_query *q, int32_t sx, int32_t sy, int32_t gx,
                      int32_t gy)
{
    ls_query_init(q);
    q->algorithm = LS_ALGO_HPA;
    q->start_x = sx;
    q->start_y = sy;
    q->goal_x = gx;
    q->goal_y = gy;
}

static ls_hpa_config config(uint32_t cluster)
{
    ls_hpa_config cfg;
    ls_hpa_config_init(&cfg);
    cfg.cluster_size = cluster;
    return cfg;
}

/* A copy of g's cells in a new grid, with a fresh hierarchy. */
static ls_grid *fresh_copy(const ls_grid *g, uint32_t cluster)
{
    static uint8_t cells[64 * 64];
    int32_t w, h, x, y;
    ls_grid *copy = NULL;
    ls_hpa_config cfg = config(cluster);
    ls_grid_size(g, &w, &h);
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            ls_grid_get(g, x, y, &cells[y * w + x]);
    CU_ASSERT_FATAL(ls_grid_create(w, h, NULL, &copy) == LS_OK);
    CU_ASSERT_FATAL(ls_grid_load(copy, cells, (size_t)w * h) == LS_OK);
    CU_ASSERT_FATAL(ls_grid_build_hierarchy(copy, &cfg) == LS_OK);
    return copy;
}

static void random_edit(ls_rng *rng, ls_grid *g)
{
    int32_t w, h, x, y;
    uint32_t kind = ls_rng_below(rng, 10);
    uint8_t cost = ls_rng_below(rng, 3) == 0 ? LS_CELL_BLOCKED
                                             : (uint8_t)(1 + ls_rng_below(rng, 3));
    ls_grid_size(g, &w, &h);
    x = (int32_t)ls_rng_below(rng, (uint32_t)w);
    y = (int32_t)ls_rng_below(rng, (uint32_t)h);
    if (kind < 8) {
        ls_grid_set(g, x, y, cost);
    } else {
        int32_t rw = 1 + (int32_t)ls_rng_below(rng, 6);
        int32_t rh = 1 + (int32_t)ls_rng_below(rng, 6);
        if (x + rw > w)
            rw = w - x;
        if (y + rh > h)
            rh = h - y;
        ls_grid_set_rect(g, x, y, rw, rh, cost);
    }
}

/* Kept == fresh, after every one of 3,000 random edits over 12 maps (3 maps
 * under an emulator, tu_trials). */
static void test_kept_equals_fresh(void)
{
    static const uint32_t clusters[3] = { 8, 16, 32 };
    ls_rng rng;
    uint32_t map, edit, mismatches = 0, queries = 0;
    ls_search *s = NULL;
    char why[256];
    ls_rng_seed(&rng, 2304);
    CU_ASSERT_FATAL(ls_search_create(64, 64, NULL, &s) == LS_OK);
    for (map = 0; map < tu_trials(12); map++) { /* random maps */
        const uint32_t cluster = clusters[map % 3];
        const int32_t w = 20 + (int32_t)ls_rng_below(&rng, 41);
        const int32_t h = 20 + (int32_t)ls_rng_below(&rng, 41);
        ls_grid *g = tu_random_grid(&rng, w, h, 25, 20, 4);
        ls_hpa_config cfg = config(cluster);
        ls_search *sw = NULL;
        CU_ASSERT_FATAL(g != NULL);
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &sw) == LS_OK);
        CU_ASSERT_FATAL(ls_grid_build_hierarchy(g, &cfg) == LS_OK);
        for (edit = 0; edit < 250; edit++) {
            ls_grid *fresh;
            uint64_t dk = 0, df = 0;
            ls_hpa_info ik, ifr;
            int32_t sx, sy, gx, gy;
            ls_query q;
            random_edit(&rng, g);
            fresh = fresh_copy(g, cluster);
            ls_grid_hierarchy_digest(g, &dk);
            ls_grid_hierarchy_digest(fresh, &df);
            ls_grid_hierarchy_info(g, &ik);
            ls_grid_hierarchy_info(fresh, &ifr);
            if (dk != df || memcmp(&ik, &ifr, sizeof ik) != 0)
                mismatches++;
            if (tu_random_open_cell(&rng, g, &sx, &sy) &&
                tu_random_open_cell(&rng, g, &gx, &gy)) {
                hpa_query(&q, sx, sy, gx, gy);
                tu_run(sw, g, &q, 0, &out_a);
                tu_run(sw, fresh, &q, 0, &out_b);
                if (!tu_outcome_equal(&out_a, &out_b, why, sizeof why)) {
                    if (mismatches < 3)
                        printf("\n  kept != fresh query: %s\n", why);
                    mismatches++;
                }
                queries++;
            }
            ls_grid_destroy(fresh);
        }
        ls_search_destroy(sw);
        ls_grid_destroy(g);
    }
    ls_search_destroy(s);
    CU_ASSERT_EQUAL(mismatches, 0);
    CU_ASSERT(queries > tu_trials(2000));
}

/* Against A* on random maps with terrain, every move rule served. */
static void test_paths_against_astar(void)
{
    ls_rng rng;
    uint32_t map, i, bad = 0, found = 0, total_over = 0;
    uint64_t hpa_sum = 0, astar_sum = 0;
    ls_rng_seed(&rng, 23);
    for (map = 0; map < 16; map++) {
        const int32_t w = 24 + (int32_t)ls_rng_below(&rng, 40);
        const int32_t h = 24 + (int32_t)ls_rng_below(&rng, 40);
        ls_grid *g = tu_random_grid(&rng, w, h, map % 2 ? 30 : 15, 25, 5);
        ls_hpa_config cfg = config(map % 3 == 0 ? 8u : 16u);
        ls_search *s = NULL;
        cfg.connectivity = map % 4 == 3 ? LS_CONNECT_4 : LS_CONNECT_8;
        if (map % 5 == 4) { /* other step costs */
            cfg.straight_cost = 3;
            cfg.diagonal_cost = 5;
        }
        CU_ASSERT_FATAL(ls_grid_build_hierarchy(g, &cfg) == LS_OK);
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
        for (i = 0; i < 60; i++) {
            int32_t sx, sy, gx, gy;
            ls_query q, qa;
            ls_result rh, ra;
            ls_status sh, sa;
            if (!tu_random_open_cell(&rng, g, &sx, &sy) ||
                !tu_random_open_cell(&rng, g, &gx, &gy))
                continue;
            hpa_query(&q, sx, sy, gx, gy);
            q.connectivity = cfg.connectivity;
            q.straight_cost = cfg.straight_cost;
            q.diagonal_cost = cfg.diagonal_cost;
            qa = q;
            qa.algorithm = LS_ALGO_ASTAR;
            sa = ls_find_path(s, g, &qa, path_buf, TU_MAX_PATH, &ra);
            sh = ls_find_path(s, g, &q, path_buf, TU_MAX_PATH, &rh);
            if (sa != sh) {
                bad++;
                continue;
            }
            if (sh == LS_OK) {
                ls_path_check pc;
                uint64_t digest = 0;
                uint32_t a, b;
                int dup = 0;
                found++;
                CU_ASSERT(ls_check_path(g, &q, path_buf, rh.path_length,
                                        rh.cost, &pc) == LS_OK);
                ls_path_digest(path_buf, rh.path_length, &digest);
                if (pc.first_illegal != rh.path_length || pc.cost != rh.cost ||
                    path_buf[0].x != sx || path_buf[0].y != sy ||
                    path_buf[rh.path_length - 1].x != gx ||
                    path_buf[rh.path_length - 1].y != gy ||
                    rh.cost < ra.cost ||
                    rh.digest != digest)
                    bad++;
                for (a = 0; a < rh.path_length && !dup && rh.path_length < 400;
                     a++)
                    for (b = a + 1; b < rh.path_length; b++)
                        if (path_buf[a].x == path_buf[b].x &&
                            path_buf[a].y == path_buf[b].y)
                            dup = 1;
                bad += (uint32_t)dup;
                hpa_sum += (uint64_t)rh.cost;
                astar_sum += (uint64_t)ra.cost;
                total_over += rh.cost > ra.cost;
            }
        }
        ls_search_destroy(s);
        ls_grid_destroy(g);
    }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT(found > 500);
    /* Near-optimal, not a random walk: within 5 % in total on these maps. */
    CU_ASSERT(hpa_sum * 100u <= astar_sum * 105u);
    printf("\n  %u paths, %u dearer than A*, total cost %llu vs %llu ",
           found, total_over, (unsigned long long)hpa_sum,
           (unsigned long long)astar_sum);
}

/* Sliced runs (budgets 1, 3, 50) give what one whole run gives. */
static void test_sliced_equals_whole(void)
{
    ls_rng rng;
    uint32_t i, bad = 0;
    ls_grid *g;
    ls_search *s = NULL;
    ls_hpa_config cfg = config(8);
    char why[256];
    static const uint32_t budgets[3] = { 1, 3, 50 };
    ls_rng_seed(&rng, 77);
    g = tu_random_grid(&rng, 60, 50, 25, 10, 3);
    CU_ASSERT_FATAL(ls_grid_build_hierarchy(g, &cfg) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(60, 50, NULL, &s) == LS_OK);
    for (i = 0; i < 90; i++) {
        int32_t sx, sy, gx, gy;
        ls_query q;
        tu_random_open_cell(&rng, g, &sx, &sy);
        tu_random_open_cell(&rng, g, &gx, &gy);
        hpa_query(&q, sx, sy, gx, gy);
        q.max_expansions = i % 9 == 0 ? 40u : 0u;
        tu_run(s, g, &q, 0, &out_a);
        tu_run(s, g, &q, budgets[i % 3], &out_b);
        if (!tu_outcome_equal(&out_a, &out_b, why, sizeof why) ||
            out_a.protocol_errors || out_b.protocol_errors)
            bad++;
    }
    CU_ASSERT_EQUAL(bad, 0);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

static void test_refusals(void)
{
    ls_grid *g = NULL, *compact = NULL;
    ls_search *s = NULL, *cs = NULL;
    ls_hpa_config cfg;
    ls_hpa_info info;
    uint64_t digest;
    ls_query q;
    ls_result r;
    uint32_t rev0, rev1;
    CU_ASSERT_FATAL(ls_grid_create(40, 30, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(40, 30, NULL, &s) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create_with(40, 30, LS_SEARCH_COMPACT, NULL,
                                          &cs) == LS_OK);
    hpa_query(&q, 1, 1, 38, 28);
    /* No hierarchy. */
    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, path_buf, TU_MAX_PATH, &r),
                    LS_ERR_NOT_PREPARED);
    CU_ASSERT_EQUAL(ls_query_validate(&q, g), LS_ERR_NOT_PREPARED);
    CU_ASSERT_EQUAL(ls_grid_hierarchy_info(g, &info), LS_ERR_NOT_PREPARED);
    CU_ASSERT_EQUAL(ls_grid_hierarchy_digest(g, &digest), LS_ERR_NOT_PREPARED);
    /* Build arguments, in the documented order. */
    CU_ASSERT_EQUAL(ls_hpa_config_init(NULL), LS_ERR_NULL_ARGUMENT);
    ls_hpa_config_init(&cfg);
    CU_ASSERT_EQUAL(ls_grid_build_hierarchy(NULL, &cfg), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_build_hierarchy(g, NULL), LS_ERR_NULL_ARGUMENT);
    cfg.struct_size = 3;
    CU_ASSERT_EQUAL(ls_grid_build_hierarchy(g, &cfg), LS_ERR_BAD_STRUCT_SIZE);
    ls_hpa_config_init(&cfg);
    cfg.cluster_size = 12;
    CU_ASSERT_EQUAL(ls_grid_build_hierarchy(g, &cfg), LS_ERR_BAD_SIZE);
    cfg.cluster_size = 64;
    CU_ASSERT_EQUAL(ls_grid_build_hierarchy(g, &cfg), LS_ERR_BAD_SIZE);
    ls_hpa_config_init(&cfg);
    cfg.connectivity = 6;
    CU_ASSERT_EQUAL(ls_grid_build_hierarchy(g, &cfg), LS_ERR_BAD_OPTION);
    ls_hpa_config_init(&cfg);
    cfg.diagonal_cost = 30;
    CU_ASSERT_EQUAL(ls_grid_build_hierarchy(g, &cfg), LS_ERR_BAD_STEP_COST);
    ls_hpa_config_init(&cfg);
    cfg.corner_rule = LS_CORNERS_ONE;
    CU_ASSERT_EQUAL(ls_grid_build_hierarchy(g, &cfg), LS_ERR_UNSUPPORTED);
    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, path_buf, TU_MAX_PATH, &r),
                    LS_ERR_NOT_PREPARED);
    /* Built: the revision moves (a sliced query in progress ends). */
    ls_hpa_config_init(&cfg);
    ls_grid_revision(g, &rev0);
    CU_ASSERT_EQUAL(ls_grid_build_hierarchy(g, &cfg), LS_OK);
    ls_grid_revision(g, &rev1);
    CU_ASSERT(rev1 != rev0);
    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, path_buf, TU_MAX_PATH, &r), LS_OK);
    CU_ASSERT_EQUAL(r.cost, 10 * 10 + 14 * 27);
    /* Other moves than those built for. */
    q.diagonal_cost = 15;
    CU_ASSERT_EQUAL(ls_query_validate(&q, g), LS_ERR_NOT_PREPARED);
    hpa_query(&q, 1, 1, 38, 28);
    q.connectivity = LS_CONNECT_4;
    CU_ASSERT_EQUAL(ls_query_validate(&q, g), LS_ERR_NOT_PREPARED);
    hpa_query(&q, 1, 1, 38, 28);
    q.corner_rule = LS_CORNERS_ALL;
    CU_ASSERT_EQUAL(ls_query_validate(&q, g), LS_ERR_NOT_PREPARED);
    /* Out of bounds comes after the hierarchy check, as documented. */
    hpa_query(&q, -1, 1, 38, 28);
    CU_ASSERT_EQUAL(ls_query_validate(&q, g), LS_ERR_START_OUT_OF_BOUNDS);
    /* Clearance and context kind. */
    hpa_query(&q, 1, 1, 38, 28);
    q.clearance = 2;
    CU_ASSERT_EQUAL(ls_query_validate(&q, g), LS_ERR_BAD_CLEARANCE);
    q.clearance = 1;
    CU_ASSERT_EQUAL(ls_query_validate(&q, g), LS_OK);
    CU_ASSERT_EQUAL(ls_search_begin(cs, g, &q), LS_ERR_NEEDS_FULL_CONTEXT);
    /* Info and digest. */
    CU_ASSERT_EQUAL(ls_grid_hierarchy_info(NULL, &info), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_hierarchy_info(g, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_hierarchy_digest(g, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_hierarchy_info(g, &info), LS_OK);
    CU_ASSERT_EQUAL(info.cluster_size, 16);
    CU_ASSERT_EQUAL(info.clusters, 3u * 2u);
    /* 40 x 30 open, clusters 16/16/8 by 16/14: every border one wide
     * entrance, two transitions: 2 vertical borders in each of 2 cluster
     * rows, 1 horizontal border in each of 3 columns. Transitions at the
     * corner of a cluster share their cell there. */
    CU_ASSERT_EQUAL(info.entrances, 2u * (2u * 2u + 3u * 1u));
    CU_ASSERT(info.nodes < 2u * info.entrances && info.nodes >= info.entrances);
    /* A sliced query sees a drop as an edit. */
    hpa_query(&q, 1, 1, 38, 28);
    CU_ASSERT_EQUAL(ls_search_begin(s, g, &q), LS_OK);
    CU_ASSERT_EQUAL(ls_search_step(s, 1), LS_IN_PROGRESS);
    CU_ASSERT_EQUAL(ls_grid_drop_hierarchy(g), LS_OK);
    CU_ASSERT_EQUAL(ls_search_step(s, 0), LS_ERR_GRID_CHANGED);
    CU_ASSERT_EQUAL(ls_grid_drop_hierarchy(NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, path_buf, TU_MAX_PATH, &r),
                    LS_ERR_NOT_PREPARED);
    /* A compact grid holds a hierarchy too. */
    CU_ASSERT_FATAL(ls_grid_create_with(40, 30, LS_GRID_COMPACT, NULL,
                                        &compact) == LS_OK);
    CU_ASSERT_EQUAL(ls_grid_build_hierarchy(compact, &cfg), LS_OK);
    CU_ASSERT_EQUAL(ls_find_path(s, compact, &q, path_buf, TU_MAX_PATH, &r),
                    LS_OK);
    ls_grid_destroy(compact);
    ls_search_destroy(cs);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/* Every block through the grid's allocator at build, released with the
 * grid; nothing allocated by queries or edits. */
static void test_no_allocation(void)
{
    tu_counter gc, sc;
    ls_allocator ga = tu_counting_allocator(&gc);
    ls_allocator sa = tu_counting_allocator(&sc);
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_rng rng;
    ls_hpa_config cfg = config(16);
    uint64_t grid_allocs, search_allocs;
    uint32_t i, ok = 0;
    ls_rng_seed(&rng, 5);
    CU_ASSERT_FATAL(ls_grid_create(80, 70, &ga, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(80, 70, &sa, &s) == LS_OK);
    for (i = 0; i < 900; i++)
        random_edit(&rng, g);
    CU_ASSERT_FATAL(ls_grid_build_hierarchy(g, &cfg) == LS_OK);
    grid_allocs = gc.allocs;
    search_allocs = sc.allocs;
    for (i = 0; i < 300; i++) {
        int32_t sx, sy, gx, gy;
        ls_query q;
        ls_result r;
        tu_random_open_cell(&rng, g, &sx, &sy);
        tu_random_open_cell(&rng, g, &gx, &gy);
        hpa_query(&q, sx, sy, gx, gy);
        ok += ls_find_path(s, g, &q, path_buf, TU_MAX_PATH, &r) == LS_OK;
        if (i % 3 == 0)
            random_edit(&rng, g);
    }
    CU_ASSERT(ok > 100);
    CU_ASSERT_EQUAL(gc.allocs, grid_allocs);
    CU_ASSERT_EQUAL(sc.allocs, search_allocs);
    ls_search_destroy(s);
    ls_grid_destroy(g);
    CU_ASSERT(tu_counter_balanced(&gc));
    CU_ASSERT(tu_counter_balanced(&sc));
}

int suite_hpa_register(void)
{
    CU_pSuite s = CU_add_suite("hpa", NULL, NULL);
    if (!s)
        return 1;
    if (!CU_add_test(s, "kept hierarchy == fresh build, queries too, random edits",
                     test_kept_equals_fresh) ||
        !CU_add_test(s, "paths legal, distinct cells, never below A*",
                     test_paths_against_astar) ||
        !CU_add_test(s, "sliced == whole", test_sliced_equals_whole) ||
        !CU_add_test(s, "refusals and info", test_refusals) ||
        !CU_add_test(s, "no allocation per query or edit", test_no_allocation))
        return 1;
    return 0;
}
