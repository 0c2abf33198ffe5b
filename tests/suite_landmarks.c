/* SPDX-License-Identifier: MIT */
/*
 * suite_landmarks.c - landmark tables (include/lockstar_landmarks.h):
 * every landmark query finds the optimal cost (the oracle's Dijkstra and
 * octile A*'s) on random grids of every move rule, terrain and clearance;
 * the tables hold the oracle's distances to landmarks placed by the
 * documented rule; edits that raise costs keep the tables in use, edits
 * that lower them make queries run exactly as octile ones until an update,
 * and after random edit sequences with updates in random slices every
 * cost is still optimal and completed tables equal fresh ones; a query
 * allocates nothing; the refusals are the documented ones.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "lockstar_landmarks.h"
#include "suites.h"
#include "test_util.h"

enum { MAXW = 28, MAXH = 28 };

static void random_moves(ls_rng *rng, ls_landmarks_config *cfg)
{
    ls_landmarks_config_init(cfg);
    cfg->count = 1 + ls_rng_below(rng, LS_LANDMARKS_MAX);
    cfg->connectivity = ls_rng_below(rng, 3) == 0 ? LS_CONNECT_4 : LS_CONNECT_8;
    cfg->corner_rule = (int32_t)ls_rng_below(rng, 3);
    cfg->straight_cost = 1 + ls_rng_below(rng, 12);
    cfg->diagonal_cost =
        cfg->straight_cost + ls_rng_below(rng, cfg->straight_cost + 1);
}

static void query_for(const ls_landmarks_config *cfg, ls_query *q)
{
    ls_query_init(q);
    q->connectivity = cfg->connectivity;
    q->corner_rule = cfg->corner_rule;
    q->straight_cost = cfg->straight_cost;
    q->diagonal_cost = cfg->diagonal_cost;
    q->heuristic = LS_HEURISTIC_LANDMARKS;
}

static ls_grid *random_grid(ls_rng *rng, int32_t *w, int32_t *h)
{
    static const uint8_t terrains[] = { 1, 1, 3, 9, 255 };
    uint32_t blocked, costly, terrain;
    *w = 1 + (int32_t)ls_rng_below(rng, MAXW);
    *h = 1 + (int32_t)ls_rng_below(rng, MAXH);
    blocked = ls_rng_below(rng, 45);
    terrain = terrains[ls_rng_below(rng, 5)];
    costly = terrain > 1 ? ls_rng_below(rng, 60) : 0;
    return tu_random_grid(rng, *w, *h, blocked, costly, (uint8_t)terrain);
}

/* Run q (landmarks) and the same with octile; both must find the
 * oracle's cost. Returns 0 on a mismatch (reported). */
static int check_query(ls_search *s, const ls_grid *g, const ls_query *q,
                       const char *what)
{
    ls_query oq = *q;
    ls_result lr, orr;
    ls_status ls_st, os;
    int64_t want;
    oq.heuristic = LS_HEURISTIC_OCTILE;
    ls_st = ls_find_path(s, g, q, NULL, 0, &lr);
    if (ls_st == LS_ERR_BUFFER_TOO_SMALL)
        ls_st = LS_OK;
    os = ls_find_path(s, g, &oq, NULL, 0, &orr);
    if (os == LS_ERR_BUFFER_TOO_SMALL)
        os = LS_OK;
    want = tu_dijkstra(g, q, NULL);
    if ((ls_st == LS_OK ? (int64_t)lr.cost : -1) != want ||
        (os == LS_OK ? (int64_t)orr.cost : -1) != want) {
        printf("\n%s: (%d,%d)->(%d,%d) k %u: landmarks %d cost %d, octile %d "
               "cost %d, oracle %lld\n",
               what, (int)q->start_x, (int)q->start_y, (int)q->goal_x,
               (int)q->goal_y, (unsigned)q->clearance, (int)ls_st,
               (int)lr.cost, (int)os, (int)orr.cost, (long long)want);
        return 0;
    }
    return 1;
}

/* A random query of cfg's moves between open cells, sometimes sized. */
static int random_query(ls_rng *rng, const ls_grid *g,
                        const ls_landmarks_config *cfg, ls_query *q)
{
    query_for(cfg, q);
    if (!tu_random_open_cell(rng, g, &q->start_x, &q->start_y) ||
        !tu_random_open_cell(rng, g, &q->goal_x, &q->goal_y))
        return 0;
    if (ls_rng_below(rng, 6) == 0)
        q->clearance = 2;
    return ls_query_validate(q, g) == LS_OK;
}

static void test_optimal_random(void)
{
    ls_rng rng;
    uint32_t round, bad = 0, runs = 0;
    ls_rng_seed(&rng, 2301);
    /* Random grids: fewer under an emulator (tu_trials). */
    for (round = 0; round < tu_trials(300); round++) {
        ls_landmarks_config cfg;
        ls_search *s = NULL;
        int32_t w, h;
        ls_grid *g = random_grid(&rng, &w, &h);
        uint32_t k;
        random_moves(&rng, &cfg);
        CU_ASSERT_FATAL(g != NULL);
        CU_ASSERT_FATAL(ls_grid_build_landmarks(g, &cfg) == LS_OK);
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
        for (k = 0; k < 20; k++) {
            ls_query q;
            if (!random_query(&rng, g, &cfg, &q))
                continue;
            runs++;
            bad += !check_query(s, g, &q, "random grid");
        }
        ls_search_destroy(s);
        ls_grid_destroy(g);
    }
    CU_ASSERT(bad == 0);
    CU_ASSERT(runs > tu_trials(3000));
}

/* The tables hold the oracle's field towards each landmark, and the
 * landmarks follow the documented placement. */
static void test_tables_and_placement(void)
{
    ls_rng rng;
    uint32_t round, wrong = 0, placed_any = 0;
    ls_rng_seed(&rng, 2302);
    /* Random grids: fewer under an emulator (tu_trials). */
    for (round = 0; round < tu_trials(120); round++) {
        ls_landmarks_config cfg;
        ls_landmarks_info info;
        int32_t w, h, x, y;
        ls_grid *g = random_grid(&rng, &w, &h);
        uint8_t *cells;
        int32_t *least;
        uint32_t i;
        ls_query q;
        random_moves(&rng, &cfg);
        CU_ASSERT_FATAL(ls_grid_build_landmarks(g, &cfg) == LS_OK);
        info.struct_size = sizeof info;
        CU_ASSERT_FATAL(ls_grid_landmarks_info(g, &info) == LS_OK);
        CU_ASSERT(info.usable == 1 && info.exact == 1);
        CU_ASSERT(info.count <= cfg.count);
        CU_ASSERT(info.bytes_per_cell == ls_landmarks_bytes_per_cell(cfg.count));
        query_for(&cfg, &q);
        cells = tu_cells(g, &w, &h);
        least = malloc((size_t)w * (size_t)h * sizeof *least);
        CU_ASSERT_FATAL(cells != NULL && least != NULL);
        for (i = 0; i < (uint32_t)(w * h); i++)
            least[i] = -1;
        placed_any += info.count > 0;
        for (i = 0; i < info.count; i++) {
            or_flow_field f;
            int32_t best = -1, bx = -1, by = -1;
            CU_ASSERT_FATAL(or_flow(cells, w, h, &q, &info.cells[i], 1, &f) ==
                            LS_OK);
            /* The landmark is the cell farthest from those before it
             * (checked before this field joins the minimum). */
            if (i > 0) {
                for (y = 0; y < h; y++)
                    for (x = 0; x < w; x++)
                        if (least[y * w + x] > best) {
                            best = least[y * w + x];
                            bx = x;
                            by = y;
                        }
                wrong += bx != info.cells[i].x || by != info.cells[i].y;
            }
            for (y = 0; y < h; y++)
                for (x = 0; x < w; x++) {
                    int32_t d, want = f.cost[y * w + x];
                    int32_t *l = &least[y * w + x];
                    CU_ASSERT_FATAL(ls_grid_landmark_distance(g, i, x, y, &d) ==
                                    LS_OK);
                    wrong += d != want;
                    if (want >= 0 && (i == 0 || *l > want || *l < 0))
                        *l = i == 0 || *l >= 0 ? want : *l;
                }
            or_flow_free(&f);
        }
        free(least);
        free(cells);
        ls_grid_destroy(g);
    }
    CU_ASSERT(wrong == 0);
    CU_ASSERT(placed_any > tu_trials(100));
}

/* A two-room map: the first landmark is the far corner of the larger
 * room; a goal in the other room ends after one expansion. */
static void test_parts(void)
{
    static const char *const rows[] = {
        "......#...",
        "......#...",
        "......#...",
        "......#...",
    };
    ls_grid *g = tu_grid_from_rows(rows, 4);
    ls_landmarks_config cfg;
    ls_landmarks_info info;
    ls_search *s = NULL;
    ls_query q;
    ls_result r;
    uint32_t i;
    ls_landmarks_config_init(&cfg);
    cfg.count = 3;
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT(ls_grid_build_landmarks(g, &cfg) == LS_OK);
    info.struct_size = sizeof info;
    CU_ASSERT(ls_grid_landmarks_info(g, &info) == LS_OK);
    /* seed (0,0); farthest from it (5,3); then farthest from that (0,0) */
    CU_ASSERT(info.count == 3);
    CU_ASSERT(info.cells[0].x == 5 && info.cells[0].y == 3);
    CU_ASSERT(info.cells[1].x == 0 && info.cells[1].y == 0);
    for (i = 0; i < info.count; i++)
        CU_ASSERT(info.cells[i].x < 6);
    CU_ASSERT_FATAL(ls_search_create(10, 4, NULL, &s) == LS_OK);
    query_for(&cfg, &q);
    q.goal_x = 8;
    CU_ASSERT(ls_find_path(s, g, &q, NULL, 0, &r) == LS_NO_PATH);
    CU_ASSERT(r.expansions == 1);
    /* and from the small room to the large one */
    q.start_x = 9;
    q.goal_x = 0;
    CU_ASSERT(ls_find_path(s, g, &q, NULL, 0, &r) == LS_NO_PATH);
    CU_ASSERT(r.expansions == 1);
    /* inside the small room (no landmark): octile's search */
    q.start_x = 7;
    q.goal_x = 9;
    q.goal_y = 3;
    CU_ASSERT(ls_find_path(s, g, &q, NULL, 0, &r) == LS_ERR_BUFFER_TOO_SMALL);
    CU_ASSERT(r.cost == 38);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/* Every distance of two usable tables (of the same config) is equal. */
static int same_tables(const ls_grid *a, const ls_grid *b)
{
    ls_landmarks_info ia, ib;
    int32_t w, h, x, y;
    uint32_t i;
    ia.struct_size = ib.struct_size = sizeof ia;
    if (ls_grid_landmarks_info(a, &ia) != LS_OK ||
        ls_grid_landmarks_info(b, &ib) != LS_OK || ia.count != ib.count ||
        memcmp(ia.cells, ib.cells, sizeof ia.cells) != 0 ||
        ia.usable != ib.usable)
        return 0;
    ls_grid_size(a, &w, &h);
    for (i = 0; i < ia.count; i++)
        for (y = 0; y < h; y++)
            for (x = 0; x < w; x++) {
                int32_t da, db;
                if (ls_grid_landmark_distance(a, i, x, y, &da) != LS_OK ||
                    ls_grid_landmark_distance(b, i, x, y, &db) != LS_OK ||
                    da != db)
                    return 0;
            }
    return 1;
}

static ls_grid *copy_grid(const ls_grid *g)
{
    int32_t w, h;
    uint8_t *cells = tu_cells(g, &w, &h);
    ls_grid *c = NULL;
    if (cells && ls_grid_create(w, h, NULL, &c) == LS_OK &&
        ls_grid_load(c, cells, (size_t)w * (size_t)h) != LS_OK) {
        ls_grid_destroy(c);
        c = NULL;
    }
    free(cells);
    return c;
}

/* A stale table's query is an octile query, field for field. */
static int runs_as_octile(ls_search *s, const ls_grid *g, const ls_query *q)
{
    /* static: a tu_outcome holds a whole path (64 KiB), and the wasm32
     * target runs its programs on wasm-ld's default 64 KiB stack, the
     * JavaScript binding's; two on the stack overflowed it. */
    static tu_outcome a, b;
    ls_query oq = *q;
    char why[200];
    oq.heuristic = LS_HEURISTIC_OCTILE;
    tu_run(s, g, q, 0, &a);
    tu_run(s, g, &oq, 0, &b);
    if (!tu_outcome_equal(&a, &b, why, sizeof why)) {
        printf("\nstale tables: %s\n", why);
        return 0;
    }
    return 1;
}

/* Random edits with updates in random slices between them: every query
 * is optimal, raising edits keep the tables usable, lowering ones make
 * queries octile's until the update ends, and a finished update equals a
 * fresh build. */
static void test_edits(void)
{
    ls_rng rng;
    uint32_t round, bad = 0, fresh_checks = 0, stale_checks = 0;
    uint32_t raised_usable = 0, budget_over = 0;
    ls_rng_seed(&rng, 2303);
    /* Random grids: fewer under an emulator (tu_trials). */
    for (round = 0; round < tu_trials(150); round++) {
        ls_landmarks_config cfg;
        ls_search *s = NULL;
        int32_t w, h;
        ls_grid *g = random_grid(&rng, &w, &h);
        uint32_t e, cells = (uint32_t)(w + 2) * (uint32_t)(h + 2);
        random_moves(&rng, &cfg);
        CU_ASSERT_FATAL(ls_grid_build_landmarks(g, &cfg) == LS_OK);
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
        for (e = 0; e < 25; e++) {
            ls_landmarks_info info;
            int32_t x = (int32_t)ls_rng_below(&rng, (uint32_t)w);
            int32_t y = (int32_t)ls_rng_below(&rng, (uint32_t)h);
            uint8_t old, now;
            uint32_t k, action = ls_rng_below(&rng, 4);
            ls_grid_get(g, x, y, &old);
            now = (uint8_t)ls_rng_below(&rng, 4);
            if (action == 0) {
                /* a rectangle, raised or lowered */
                int32_t rw = 1 + (int32_t)ls_rng_below(&rng, 4);
                int32_t rh = 1 + (int32_t)ls_rng_below(&rng, 4);
                if (x + rw > w)
                    rw = w - x;
                if (y + rh > h)
                    rh = h - y;
                ls_grid_set_rect(g, x, y, rw, rh, now);
            } else {
                ls_grid_set(g, x, y, now);
            }
            info.struct_size = sizeof info;
            CU_ASSERT_FATAL(ls_grid_landmarks_info(g, &info) == LS_OK);
            if (action != 0 && old != now &&
                (now == 0 || (old != 0 && now > old)) && info.usable)
                raised_usable++;
            if (!info.usable) {
                ls_query q;
                if (random_query(&rng, g, &cfg, &q)) {
                    stale_checks++;
                    bad += !runs_as_octile(s, g, &q);
                }
            }
            for (k = 0; k < 4; k++) {
                ls_query q;
                if (random_query(&rng, g, &cfg, &q))
                    bad += !check_query(s, g, &q, "after edits");
            }
            if (ls_rng_below(&rng, 3) == 0) {
                uint32_t budget = ls_rng_below(&rng, 2) ? ls_rng_below(&rng, 50)
                                                        : ls_rng_below(&rng, 4000);
                uint32_t done = 0;
                ls_status st;
                do {
                    st = ls_grid_update_landmarks(g, budget, &done);
                    budget_over += budget != 0 && done >= budget + cells;
                } while (st == LS_IN_PROGRESS && ls_rng_below(&rng, 4) != 0);
                CU_ASSERT(st == LS_OK || st == LS_IN_PROGRESS);
                if (st == LS_OK) {
                    ls_grid *c = copy_grid(g);
                    CU_ASSERT_FATAL(c != NULL);
                    CU_ASSERT_FATAL(ls_grid_build_landmarks(c, &cfg) == LS_OK);
                    fresh_checks++;
                    bad += !same_tables(g, c);
                    ls_grid_destroy(c);
                }
            }
        }
        ls_search_destroy(s);
        ls_grid_destroy(g);
    }
    CU_ASSERT(bad == 0);
    CU_ASSERT(budget_over == 0);
    CU_ASSERT(fresh_checks > tu_trials(200));
    CU_ASSERT(stale_checks > tu_trials(200));
    CU_ASSERT(raised_usable > tu_trials(100));
}

/* An update's tables do not depend on how its budgets cut it. */
static void test_budgets(void)
{
    static const uint32_t budgets[] = { 1, 7, 100, 1000, 0 };
    ls_rng rng;
    uint32_t round, bad = 0;
    ls_rng_seed(&rng, 2304);
    /* Random grids: fewer under an emulator (tu_trials). */
    for (round = 0; round < tu_trials(40); round++) {
        ls_landmarks_config cfg;
        int32_t w, h;
        ls_grid *g = random_grid(&rng, &w, &h);
        ls_grid *ref = copy_grid(g);
        uint8_t *cells = tu_cells(g, &w, &h);
        size_t b;
        random_moves(&rng, &cfg);
        CU_ASSERT_FATAL(ls_grid_build_landmarks(ref, &cfg) == LS_OK);
        for (b = 0; b < sizeof budgets / sizeof budgets[0]; b++) {
            uint32_t done, total = 0, calls = 0;
            ls_status st;
            CU_ASSERT_FATAL(ls_grid_build_landmarks(g, &cfg) == LS_OK);
            ls_grid_fill(g, 1); /* lowered: stale */
            CU_ASSERT(ls_grid_load(g, cells, (size_t)w * (size_t)h) == LS_OK);
            do {
                st = ls_grid_update_landmarks(g, budgets[b], &done);
                total += done;
                calls++;
            } while (st == LS_IN_PROGRESS);
            CU_ASSERT(st == LS_OK);
            CU_ASSERT(budgets[b] != 1 || calls > 1);
            bad += !same_tables(g, ref);
            CU_ASSERT(ls_grid_update_landmarks(g, budgets[b], &done) == LS_OK &&
                      done == 0);
        }
        free(cells);
        ls_grid_destroy(ref);
        ls_grid_destroy(g);
    }
    CU_ASSERT(bad == 0);
}

/* Queries allocate nothing; updates neither; everything is released. */
static void test_allocations(void)
{
    tu_counter c;
    ls_allocator a = tu_counting_allocator(&c);
    ls_landmarks_config cfg;
    ls_search *s = NULL;
    ls_grid *g = NULL;
    ls_rng rng;
    uint64_t before;
    uint32_t k;
    ls_rng_seed(&rng, 2305);
    CU_ASSERT_FATAL(ls_grid_create(40, 30, &a, &g) == LS_OK);
    for (k = 0; k < 300; k++)
        ls_grid_set(g, (int32_t)ls_rng_below(&rng, 40),
                    (int32_t)ls_rng_below(&rng, 30), 0);
    CU_ASSERT_FATAL(ls_search_create(40, 30, &a, &s) == LS_OK);
    ls_landmarks_config_init(&cfg);
    CU_ASSERT_FATAL(ls_grid_build_landmarks(g, &cfg) == LS_OK);
    before = c.allocs;
    for (k = 0; k < 200; k++) {
        ls_query q;
        ls_result r;
        ls_point path[1300];
        if (!random_query(&rng, g, &cfg, &q))
            continue;
        ls_find_path(s, g, &q, path, 1300, &r);
        if (k % 20 == 0) {
            ls_grid_set(g, q.start_x, q.start_y, 1);
            while (ls_grid_update_landmarks(g, 500, NULL) == LS_IN_PROGRESS)
                ;
        }
    }
    CU_ASSERT(c.allocs == before);
    ls_search_destroy(s);
    ls_grid_destroy(g);
    CU_ASSERT(tu_counter_balanced(&c));
    CU_ASSERT(c.allocs > 0 && c.allocs == c.releases);
}

/* The refusals of the header, and a sliced query cut by an update. */
static void test_refusals(void)
{
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_landmarks_config cfg;
    ls_landmarks_info info;
    ls_query q;
    int32_t d;
    ls_grid_create(30, 20, NULL, &g);
    ls_search_create(30, 20, NULL, &s);
    ls_query_init(&q);
    q.goal_x = 29;
    q.goal_y = 19;
    q.heuristic = LS_HEURISTIC_LANDMARKS;
    CU_ASSERT(ls_query_validate(&q, g) == LS_ERR_NOT_PREPARED);
    CU_ASSERT(ls_search_begin(s, g, &q) == LS_ERR_NOT_PREPARED);
    CU_ASSERT(ls_grid_update_landmarks(g, 0, NULL) == LS_ERR_NOT_PREPARED);
    info.struct_size = sizeof info;
    CU_ASSERT(ls_grid_landmarks_info(g, &info) == LS_ERR_NOT_PREPARED);
    CU_ASSERT(ls_grid_landmark_distance(g, 0, 0, 0, &d) == LS_ERR_NOT_PREPARED);
    /* 5 and 6 stay unknown heuristics (the golden vectors say so) */
    q.heuristic = 5;
    CU_ASSERT(ls_query_validate(&q, g) == LS_ERR_BAD_OPTION);
    q.heuristic = 6;
    CU_ASSERT(ls_query_validate(&q, g) == LS_ERR_BAD_OPTION);
    q.heuristic = LS_HEURISTIC_LANDMARKS;

    CU_ASSERT(ls_landmarks_config_init(NULL) == LS_ERR_NULL_ARGUMENT);
    ls_landmarks_config_init(&cfg);
    CU_ASSERT(ls_grid_build_landmarks(NULL, &cfg) == LS_ERR_NULL_ARGUMENT);
    CU_ASSERT(ls_grid_build_landmarks(g, NULL) == LS_ERR_NULL_ARGUMENT);
    cfg.struct_size = 3;
    CU_ASSERT(ls_grid_build_landmarks(g, &cfg) == LS_ERR_BAD_STRUCT_SIZE);
    ls_landmarks_config_init(&cfg);
    cfg.count = 0;
    CU_ASSERT(ls_grid_build_landmarks(g, &cfg) == LS_ERR_BAD_SIZE);
    cfg.count = LS_LANDMARKS_MAX + 1;
    CU_ASSERT(ls_grid_build_landmarks(g, &cfg) == LS_ERR_BAD_SIZE);
    cfg.count = 4;
    cfg.connectivity = 6;
    CU_ASSERT(ls_grid_build_landmarks(g, &cfg) == LS_ERR_BAD_OPTION);
    cfg.connectivity = LS_CONNECT_8;
    cfg.corner_rule = 3;
    CU_ASSERT(ls_grid_build_landmarks(g, &cfg) == LS_ERR_BAD_OPTION);
    cfg.corner_rule = LS_CORNERS_NONE;
    cfg.diagonal_cost = 21;
    CU_ASSERT(ls_grid_build_landmarks(g, &cfg) == LS_ERR_BAD_STEP_COST);
    cfg.diagonal_cost = 14;
    CU_ASSERT(ls_landmarks_bytes_per_cell(0) == 0);
    CU_ASSERT(ls_landmarks_bytes_per_cell(LS_LANDMARKS_MAX + 1) == 0);
    CU_ASSERT(ls_landmarks_bytes_per_cell(8) == 8 * 4 + 4 + 15);
    CU_ASSERT(ls_grid_build_landmarks(g, &cfg) == LS_OK);

    CU_ASSERT(ls_query_validate(&q, g) == LS_OK);
    CU_ASSERT(ls_grid_landmarks_info(NULL, &info) == LS_ERR_NULL_ARGUMENT);
    CU_ASSERT(ls_grid_landmarks_info(g, NULL) == LS_ERR_NULL_ARGUMENT);
    info.struct_size = 1;
    CU_ASSERT(ls_grid_landmarks_info(g, &info) == LS_ERR_BAD_STRUCT_SIZE);
    CU_ASSERT(ls_grid_landmark_distance(g, 4, 0, 0, &d) == LS_ERR_BAD_SIZE);
    CU_ASSERT(ls_grid_landmark_distance(g, 0, 30, 0, &d) == LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT(ls_grid_landmark_distance(g, 0, 0, -1, &d) == LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT(ls_grid_landmark_distance(g, 0, 0, 0, NULL) == LS_ERR_NULL_ARGUMENT);
    /* other moves than the tables': refused, the bound would not hold */
    q.diagonal_cost = 15;
    CU_ASSERT(ls_query_validate(&q, g) == LS_ERR_NOT_PREPARED);
    q.diagonal_cost = 14;
    q.corner_rule = LS_CORNERS_ALL;
    CU_ASSERT(ls_query_validate(&q, g) == LS_ERR_NOT_PREPARED);
    q.corner_rule = LS_CORNERS_NONE;
    q.connectivity = LS_CONNECT_4;
    CU_ASSERT(ls_query_validate(&q, g) == LS_ERR_NOT_PREPARED);
    q.connectivity = LS_CONNECT_8;
    q.algorithm = LS_ALGO_JPS;
    CU_ASSERT(ls_query_validate(&q, g) == LS_ERR_UNSUPPORTED);
    q.algorithm = LS_ALGO_ASTAR;
    /* the order: bounds after the tables */
    q.goal_x = 30;
    q.straight_cost = 11;
    CU_ASSERT(ls_query_validate(&q, g) == LS_ERR_NOT_PREPARED);
    q.straight_cost = 10;
    CU_ASSERT(ls_query_validate(&q, g) == LS_ERR_GOAL_OUT_OF_BOUNDS);
    q.goal_x = 29;

    /* an update (here a rebuild) during a sliced query ends it */
    CU_ASSERT(ls_search_begin(s, g, &q) == LS_OK);
    CU_ASSERT(ls_search_step(s, 1) == LS_IN_PROGRESS);
    CU_ASSERT(ls_grid_build_landmarks(g, &cfg) == LS_OK);
    CU_ASSERT(ls_search_step(s, 1) == LS_ERR_GRID_CHANGED);
    CU_ASSERT(ls_search_begin(s, g, &q) == LS_OK);
    CU_ASSERT(ls_search_step(s, 1) == LS_IN_PROGRESS);
    CU_ASSERT(ls_grid_drop_landmarks(g) == LS_OK);
    CU_ASSERT(ls_search_step(s, 1) == LS_ERR_GRID_CHANGED);
    CU_ASSERT(ls_query_validate(&q, g) == LS_ERR_NOT_PREPARED);
    CU_ASSERT(ls_grid_drop_landmarks(NULL) == LS_ERR_NULL_ARGUMENT);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/* The compact context runs landmark queries with the same results. */
static void test_contexts(void)
{
    ls_rng rng;
    uint32_t round, bad = 0, runs = 0;
    ls_rng_seed(&rng, 2306);
    /* Random grids: fewer under an emulator (tu_trials). */
    for (round = 0; round < tu_trials(60); round++) {
        ls_landmarks_config cfg;
        ls_search *full = NULL, *compact = NULL;
        int32_t w, h;
        ls_grid *g = random_grid(&rng, &w, &h);
        uint32_t k;
        ls_landmarks_config_init(&cfg);
        CU_ASSERT_FATAL(ls_grid_build_landmarks(g, &cfg) == LS_OK);
        ls_search_create(w, h, NULL, &full);
        ls_search_create_with(w, h, LS_SEARCH_COMPACT, NULL, &compact);
        for (k = 0; k < 20; k++) {
            ls_query q;
            static tu_outcome a, b; /* 64 KiB each: see runs_as_octile */
            char why[200];
            if (!random_query(&rng, g, &cfg, &q) ||
                ls_search_check(compact, g, &q) != LS_OK)
                continue;
            tu_run(full, g, &q, ls_rng_below(&rng, 3) * 5, &a);
            tu_run(compact, g, &q, 0, &b);
            runs++;
            if (!tu_outcome_equal(&a, &b, why, sizeof why)) {
                printf("\ncontexts: %s\n", why);
                bad++;
            }
        }
        ls_search_destroy(full);
        ls_search_destroy(compact);
        ls_grid_destroy(g);
    }
    CU_ASSERT(bad == 0);
    CU_ASSERT(runs > tu_trials(400));
}

int suite_landmarks_register(void)
{
    CU_pSuite s = CU_add_suite("landmarks", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "optimal costs on random grids", test_optimal_random) ||
        !CU_add_test(s, "tables and placement", test_tables_and_placement) ||
        !CU_add_test(s, "connected parts", test_parts) ||
        !CU_add_test(s, "edits and updates", test_edits) ||
        !CU_add_test(s, "budgets", test_budgets) ||
        !CU_add_test(s, "no allocation per query", test_allocations) ||
        !CU_add_test(s, "refusals", test_refusals) ||
        !CU_add_test(s, "compact contexts", test_contexts))
        return -1;
    return 0;
}
