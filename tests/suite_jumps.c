/* SPDX-License-Identifier: MIT */
/*
 * suite_jumps.c - JPS+ jump tables (lockstar_jumps.h) and LS_ALGO_JPS_PLUS.
 *
 * What would fail if the feature broke:
 *  - the tables a grid keeps through thousands of random edits (cells,
 *    rectangles, fills, loads) differ, byte for byte, from tables built
 *    fresh on the edited cells, or either differs from the definition
 *    walked cell by cell here (a jump's run and whether it ends free);
 *  - a JPS+ query differs from the JPS query in any reported field
 *    (statuses, cost, expansions, path, digest, partial path, slicing),
 *    on random maps edited between queries and on sampled scenarios of
 *    the shared Moving AI maps (skipped, saying why, when they are absent);
 *  - the errors (no tables, dropped tables, compact grid, argument checks,
 *    the validation order) or the zero-allocation promise of a query.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "../src/jumps.h" /* the kept entries, compared byte for byte */
#include "lockstar.h"
#include "movingai.h"
#include "suites.h"
#include "test_util.h"

/* ---------------------------------------------------- the definition */

static int free_at(const ls_grid *g, int32_t x, int32_t y)
{
    uint8_t cost = 0;
    int32_t w, h;
    ls_grid_size(g, &w, &h);
    if (x < 0 || y < 0 || x >= w || y >= h)
        return 0;
    ls_grid_get(g, x, y, &cost);
    return cost != LS_CELL_BLOCKED;
}

/* Walk from (x, y) in straight direction d to the first blocked cell or
 * cell with a forced neighbour for d, as docs/contract-jps.md words it. */
static void walk_jump(const ls_grid *g, int32_t x, int32_t y, int d,
                      int32_t *run, int32_t *jump_point)
{
    static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
    const int sx = dy[d] != 0, sy = dx[d] != 0; /* a perpendicular side */
    int32_t k = 0;
    *run = 0;
    *jump_point = 0;
    if (!free_at(g, x, y))
        return;
    for (;;) {
        int side;
        x += dx[d];
        y += dy[d];
        k++;
        if (!free_at(g, x, y)) {
            *run = k;
            return;
        }
        for (side = -1; side <= 1; side += 2) {
            int32_t px = x + side * sx, py = y + side * sy;
            if (free_at(g, px, py) && !free_at(g, px - dx[d], py - dy[d])) {
                *run = k;
                *jump_point = 1;
                return;
            }
        }
    }
}

/* Every stored jump of g equals the walked one; 0 and the first mismatch
 * otherwise. */
static int jumps_match_definition(const ls_grid *g, char *why, size_t size)
{
    int32_t w, h, x, y;
    int d;
    ls_grid_size(g, &w, &h);
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            for (d = 0; d < 4; d++) {
                int32_t run, jp, wrun, wjp;
                if (ls_grid_jump(g, x, y, d, &run, &jp) != LS_OK) {
                    snprintf(why, size, "ls_grid_jump failed at %d,%d", x, y);
                    return 0;
                }
                walk_jump(g, x, y, d, &wrun, &wjp);
                if (run != wrun || jp != wjp) {
                    snprintf(why, size,
                             "(%d,%d) dir %d: stored %d/%d, walked %d/%d", x,
                             y, d, run, jp, wrun, wjp);
                    return 0;
                }
            }
    return 1;
}

/* g's kept tables equal, byte for byte, those of a fresh grid loaded with
 * g's cells and built once. */
static int jumps_match_fresh(const ls_grid *g, uint8_t *scratch)
{
    int32_t w, h, x, y;
    ls_grid *fresh = NULL;
    int same;
    ls_grid_size(g, &w, &h);
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            ls_grid_get(g, x, y, &scratch[(size_t)y * (size_t)w + (size_t)x]);
    if (ls_grid_create(w, h, NULL, &fresh) != LS_OK)
        return 0;
    same = ls_grid_load(fresh, scratch, (size_t)w * (size_t)h) == LS_OK &&
           ls_grid_build_jumps(fresh) == LS_OK && g->jumps &&
           g->jumps->cell_count == fresh->jumps->cell_count &&
           memcmp(g->jumps->entry, fresh->jumps->entry,
                  (size_t)g->jumps->cell_count * sizeof(uint64_t)) == 0;
    ls_grid_destroy(fresh);
    return same;
}

/* One random edit of every kind the API has, mostly small ones. */
static void random_edit(ls_rng *rng, ls_grid *g, uint8_t *scratch,
                        uint32_t blocked_percent)
{
    int32_t w, h;
    uint32_t kind = ls_rng_below(rng, 100);
    ls_grid_size(g, &w, &h);
    if (kind < 70) {
        ls_grid_set(g, (int32_t)ls_rng_below(rng, (uint32_t)w),
                    (int32_t)ls_rng_below(rng, (uint32_t)h),
                    ls_rng_below(rng, 100) < blocked_percent ? 0 : 1);
    } else if (kind < 97) {
        int32_t x = (int32_t)ls_rng_below(rng, (uint32_t)w);
        int32_t y = (int32_t)ls_rng_below(rng, (uint32_t)h);
        int32_t rw = 1 + (int32_t)ls_rng_below(rng, (uint32_t)(w - x < 6 ? w - x : 6));
        int32_t rh = 1 + (int32_t)ls_rng_below(rng, (uint32_t)(h - y < 6 ? h - y : 6));
        ls_grid_set_rect(g, x, y, rw, rh, ls_rng_below(rng, 2) ? 0 : 1);
    } else if (kind < 98) {
        ls_grid_fill(g, ls_rng_below(rng, 4) == 0 ? 0 : 1);
    } else {
        int32_t i;
        for (i = 0; i < w * h; i++)
            scratch[i] = ls_rng_below(rng, 100) < blocked_percent ? 0 : 1;
        ls_grid_load(g, scratch, (size_t)w * (size_t)h);
    }
}

static void test_tables_under_edits(void)
{
    static const int32_t sizes[][2] = { { 37, 23 }, { 1, 17 }, { 19, 1 },
                                        { 64, 9 },  { 2, 2 },  { 70, 66 } };
    static const uint32_t blocked[] = { 25, 5, 40, 10, 30, 20 };
    char why[160];
    size_t i;
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        const int32_t w = sizes[i][0], h = sizes[i][1];
        /* Fewer edits under an emulator (tu_trials). */
        const int edits = (int)tu_trials(w * h > 4000 ? 300 : 2000);
        uint8_t *scratch = malloc((size_t)w * (size_t)h);
        ls_rng rng;
        ls_grid *g;
        int e, fresh_ok = 1, def_ok = 1;
        ls_rng_seed(&rng, 77 + i);
        g = tu_random_grid(&rng, w, h, blocked[i], 0, 1);
        CU_ASSERT_FATAL(g != NULL && scratch != NULL);
        CU_ASSERT_FATAL(ls_grid_build_jumps(g) == LS_OK);
        def_ok = jumps_match_definition(g, why, sizeof why);
        if (!def_ok)
            fprintf(stderr, "\n  fresh build: %s\n", why);
        for (e = 0; e < edits && fresh_ok && def_ok; e++) {
            random_edit(&rng, g, scratch, blocked[i]);
            fresh_ok = jumps_match_fresh(g, scratch);
            if (!fresh_ok)
                fprintf(stderr, "\n  %dx%d: kept != fresh after edit %d\n", w,
                        h, e);
            if (e % 50 == 0) {
                def_ok = jumps_match_definition(g, why, sizeof why);
                if (!def_ok)
                    fprintf(stderr, "\n  after edit %d: %s\n", e, why);
            }
        }
        CU_ASSERT(fresh_ok);
        CU_ASSERT(def_ok);
        ls_grid_destroy(g);
        free(scratch);
    }
}

/* ------------------------------------------ JPS+ == JPS, field by field */

static int same_as_jps(ls_search *s, const ls_grid *g, const ls_query *q,
                       uint32_t budget, tu_outcome *a, tu_outcome *b)
{
    ls_query qp = *q;
    char why[200];
    qp.algorithm = LS_ALGO_JPS;
    tu_run(s, g, &qp, budget, a);
    qp.algorithm = LS_ALGO_JPS_PLUS;
    tu_run(s, g, &qp, budget, b);
    if (!tu_outcome_equal(a, b, why, sizeof why)) {
        fprintf(stderr, "\n  (%d,%d)->(%d,%d) h%d w%d budget %u: %s\n",
                q->start_x, q->start_y, q->goal_x, q->goal_y, q->heuristic,
                (int)q->weight, budget, why);
        return 0;
    }
    return 1;
}

/* A random valid JPS query's options: mostly the defaults (the fast
 * loops), else other heuristics, weights, tie-breaks, costs and limits
 * (the checked loop). */
static void random_options(ls_rng *rng, ls_query *q)
{
    if (ls_rng_below(rng, 3) != 0)
        return;
    q->heuristic = (int32_t)ls_rng_below(rng, 5);
    q->tie_break = (int32_t)ls_rng_below(rng, 2);
    q->weight = ls_rng_below(rng, 3) == 0 ? 0x18000 : 0x10000;
    q->straight_cost = 1 + ls_rng_below(rng, 20);
    q->diagonal_cost = q->straight_cost + ls_rng_below(rng, q->straight_cost + 1);
    q->max_expansions = ls_rng_below(rng, 3) == 0 ? ls_rng_below(rng, 30) : 0;
}

static void test_same_as_jps_random(void)
{
    static const uint32_t blocked[] = { 10, 25, 40 };
    tu_outcome *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    size_t m;
    CU_ASSERT_FATAL(a != NULL && b != NULL);
    for (m = 0; m < sizeof blocked / sizeof blocked[0]; m++) {
        const int32_t w = 48 + (int32_t)m * 7, h = 40 - (int32_t)m * 5;
        uint8_t *scratch = malloc((size_t)w * (size_t)h);
        ls_search *s = NULL;
        ls_rng rng;
        ls_grid *g;
        int i, ok = 1, compared = 0;
        ls_rng_seed(&rng, 900 + m);
        g = tu_random_grid(&rng, w, h, blocked[m], 0, 1);
        CU_ASSERT_FATAL(g && scratch &&
                        ls_search_create(w, h, NULL, &s) == LS_OK);
        CU_ASSERT_FATAL(ls_grid_build_jumps(g) == LS_OK);
        for (i = 0; i < (int)tu_trials(600) && ok; i++) { /* see tu_trials */
            ls_query q;
            uint32_t budget = ls_rng_below(&rng, 4) == 0
                                  ? 1 + ls_rng_below(&rng, 5) : 0;
            if (i % 3 == 0) {
                int k, n = 1 + (int)ls_rng_below(&rng, 4);
                for (k = 0; k < n; k++)
                    random_edit(&rng, g, scratch, blocked[m]);
            }
            ls_query_init(&q);
            if (!tu_random_open_cell(&rng, g, &q.start_x, &q.start_y) ||
                !tu_random_open_cell(&rng, g, &q.goal_x, &q.goal_y))
                continue;
            random_options(&rng, &q);
            ok = same_as_jps(s, g, &q, budget, a, b);
            compared++;
        }
        CU_ASSERT(ok);
        CU_ASSERT(compared > (int)tu_trials(300));
        ls_search_destroy(s);
        ls_grid_destroy(g);
        free(scratch);
    }
    free(a);
    free(b);
}

/* Where the shared Moving AI maps are: $LS_MAPS_DIR, else
 * $top_srcdir/../shared/maps, else ../../../shared/maps from a build
 * directory two levels down (as tests/maps.c finds them). */
static int maps_dir(char *dir, size_t size)
{
    const char *env = getenv("LS_MAPS_DIR"), *top = getenv("top_srcdir");
    char probe[1200];
    FILE *f;
    if (env && *env)
        snprintf(dir, size, "%s", env);
    else if (top && *top)
        snprintf(dir, size, "%s/../shared/maps", top);
    else
        snprintf(dir, size, "../../../shared/maps");
    snprintf(probe, sizeof probe, "%s/arena.map", dir);
    f = fopen(probe, "r");
    if (!f)
        return 0;
    fclose(f);
    return 1;
}

static void test_same_as_jps_shared_maps(void)
{
    static const char *const names[] = { "arena.map", "lak303d.map",
                                         "16room_000.map", "maze512-4-0.map",
                                         "random512-20-0.map" };
    char dir[1024], path[1200];
    tu_outcome *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    size_t m;
    CU_ASSERT_FATAL(a != NULL && b != NULL);
    if (!maps_dir(dir, sizeof dir)) {
        printf("\n  SKIP: no shared maps in %s (set LS_MAPS_DIR); the "
               "random-map tests still ran\n", dir);
        free(a);
        free(b);
        return;
    }
    for (m = 0; m < sizeof names / sizeof names[0]; m++) {
        mai_map map;
        mai_scen scen;
        mai_error err;
        ls_grid *g = NULL;
        ls_search *s = NULL;
        ls_rng rng;
        uint32_t i, every, compared = 0;
        int ok = 1;
        snprintf(path, sizeof path, "%s/%s", dir, names[m]);
        CU_ASSERT_FATAL(mai_grid_load(path, 1, LS_GRID_FULL, &g, &map, &err) == 0);
        snprintf(path, sizeof path, "%s/%s.scen", dir, names[m]);
        CU_ASSERT_FATAL(mai_scen_load(path, map.width, map.height, &scen, &err) == 0);
        CU_ASSERT_FATAL(ls_search_create(map.width, map.height, NULL, &s) == LS_OK);
        CU_ASSERT_FATAL(ls_grid_build_jumps(g) == LS_OK);
        ls_rng_seed(&rng, 5150 + m);
        /* About 60 scenarios per map, longest buckets included. */
        every = scen.count / 60 ? scen.count / 60 : 1;
        for (i = 0; i < scen.count && ok; i += every) {
            ls_query q;
            const mai_query *sq = &scen.queries[i];
            ls_query_init(&q);
            q.start_x = sq->sx;
            q.start_y = sq->sy;
            q.goal_x = sq->gx;
            q.goal_y = sq->gy;
            ok = same_as_jps(s, g, &q, 0, a, b);
            compared++;
            /* Then a few edits, kept away from this scenario's ends only
             * by chance: blocked ends are compared as errors too. */
            if (i % (every * 4) == 0) {
                int k;
                for (k = 0; k < 3; k++)
                    ls_grid_set(g, (int32_t)ls_rng_below(&rng, (uint32_t)map.width),
                                (int32_t)ls_rng_below(&rng, (uint32_t)map.height),
                                ls_rng_below(&rng, 2) ? 0 : 1);
            }
        }
        CU_ASSERT(ok);
        CU_ASSERT(compared >= 50);
        ls_search_destroy(s);
        ls_grid_destroy(g);
        mai_scen_free(&scen);
        mai_map_free(&map);
    }
    free(a);
    free(b);
}

/* ------------------------------------------------- errors and memory */

static void test_errors(void)
{
    ls_grid *g = NULL, *compact = NULL;
    ls_search *s = NULL;
    ls_query q;
    ls_result r;
    ls_point pts[64];
    int32_t run = 7, jp = 7;
    uint64_t bytes = 1;

    CU_ASSERT_FATAL(ls_grid_create(10, 8, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(10, 8, NULL, &s) == LS_OK);
    ls_query_init(&q);
    q.goal_x = 9;
    q.goal_y = 7;
    q.algorithm = LS_ALGO_JPS_PLUS;

    CU_ASSERT_EQUAL(ls_grid_build_jumps(NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_drop_jumps(NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_jumps_bytes(NULL, &bytes), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_jumps_bytes(g, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_jumps_bytes(g, &bytes), LS_OK);
    CU_ASSERT_EQUAL(bytes, 0);
    CU_ASSERT_EQUAL(ls_grid_jump(g, 0, 0, 1, &run, &jp), LS_ERR_NOT_PREPARED);

    /* No tables: refused by validation, before the bounds. */
    CU_ASSERT_EQUAL(ls_query_validate(&q, g), LS_ERR_NOT_PREPARED);
    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, pts, 64, &r), LS_ERR_NOT_PREPARED);
    q.goal_x = 99;
    CU_ASSERT_EQUAL(ls_query_validate(&q, g), LS_ERR_NOT_PREPARED);
    q.goal_x = 9;
    /* JPS's own refusals come first. */
    q.connectivity = LS_CONNECT_4;
    CU_ASSERT_EQUAL(ls_query_validate(&q, g), LS_ERR_UNSUPPORTED);
    q.connectivity = LS_CONNECT_8;
    q.clearance = 2;
    CU_ASSERT_EQUAL(ls_query_validate(&q, g), LS_ERR_BAD_CLEARANCE);
    q.clearance = 0;
    CU_ASSERT_EQUAL(ls_grid_set(g, 4, 4, 3), LS_OK);
    CU_ASSERT_EQUAL(ls_query_validate(&q, g), LS_ERR_NOT_UNIFORM);
    CU_ASSERT_EQUAL(ls_grid_set(g, 4, 4, 1), LS_OK);
    q.algorithm = 99;
    CU_ASSERT_EQUAL(ls_query_validate(&q, g), LS_ERR_BAD_OPTION);
    q.algorithm = LS_ALGO_JPS_PLUS;

    /* Built: runs, and reads jumps back. */
    CU_ASSERT_EQUAL(ls_grid_build_jumps(g), LS_OK);
    CU_ASSERT_EQUAL(ls_grid_build_jumps(g), LS_OK); /* already held */
    CU_ASSERT_EQUAL(ls_grid_jumps_bytes(g, &bytes), LS_OK);
    CU_ASSERT(bytes >= 12u * 10u * 8u);
    CU_ASSERT_EQUAL(ls_query_validate(&q, g), LS_OK);
    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, pts, 64, &r), LS_OK);
    CU_ASSERT_EQUAL(r.cost, 7 * 14 + 2 * 10);
    CU_ASSERT_EQUAL(ls_grid_jump(g, 0, 0, 1, &run, &jp), LS_OK);
    CU_ASSERT_EQUAL(run, 10); /* to the border, open grid */
    CU_ASSERT_EQUAL(jp, 0);
    CU_ASSERT_EQUAL(ls_grid_jump(g, 0, 0, 4, &run, &jp), LS_ERR_BAD_OPTION);
    CU_ASSERT_EQUAL(ls_grid_jump(g, 0, 0, -1, &run, &jp), LS_ERR_BAD_OPTION);
    CU_ASSERT_EQUAL(ls_grid_jump(g, 10, 0, 1, &run, &jp), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_grid_jump(g, 0, -1, 1, &run, &jp), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_grid_jump(NULL, 0, 0, 1, &run, &jp), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_jump(g, 0, 0, 1, NULL, &jp), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_jump(g, 0, 0, 1, &run, NULL), LS_ERR_NULL_ARGUMENT);
    ls_grid_set(g, 3, 3, 0);
    CU_ASSERT_EQUAL(ls_grid_jump(g, 3, 3, 2, &run, &jp), LS_OK);
    CU_ASSERT(run == 0 && jp == 0);

    /* Dropped while a sliced query is under way: the next step says so. */
    q.goal_x = 9;
    CU_ASSERT_EQUAL(ls_search_begin(s, g, &q), LS_OK);
    CU_ASSERT_EQUAL(ls_grid_drop_jumps(g), LS_OK);
    CU_ASSERT_EQUAL(ls_search_step(s, 1), LS_ERR_NOT_PREPARED);
    CU_ASSERT_EQUAL(ls_grid_drop_jumps(g), LS_OK); /* none: still OK */
    CU_ASSERT_EQUAL(ls_query_validate(&q, g), LS_ERR_NOT_PREPARED);
    CU_ASSERT_EQUAL(ls_grid_jumps_bytes(g, &bytes), LS_OK);
    CU_ASSERT_EQUAL(bytes, 0);

    /* A compact grid takes no tables. */
    CU_ASSERT_FATAL(ls_grid_create_with(10, 8, LS_GRID_COMPACT, NULL, &compact) == LS_OK);
    CU_ASSERT_EQUAL(ls_grid_build_jumps(compact), LS_ERR_UNSUPPORTED);
    CU_ASSERT_EQUAL(ls_query_validate(&q, compact), LS_ERR_NOT_PREPARED);
    ls_grid_destroy(compact);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

static void test_memory(void)
{
    tu_counter gc, sc;
    ls_allocator ga = tu_counting_allocator(&gc);
    ls_allocator sa = tu_counting_allocator(&sc);
    const int32_t W = 60, H = 50;
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_rng rng;
    uint64_t before, bytes = 0;
    int i, found = 0;

    CU_ASSERT_FATAL(ls_grid_create(W, H, &ga, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(W, H, &sa, &s) == LS_OK);
    ls_rng_seed(&rng, 4242);
    for (i = 0; i < W * H / 4; i++)
        ls_grid_set(g, (int32_t)ls_rng_below(&rng, W),
                    (int32_t)ls_rng_below(&rng, H), 0);
    before = gc.bytes_allocated;
    CU_ASSERT_FATAL(ls_grid_build_jumps(g) == LS_OK);
    CU_ASSERT_EQUAL(ls_grid_jumps_bytes(g, &bytes), LS_OK);
    /* What the header says: 8 bytes per bordered cell (and a handle). */
    CU_ASSERT(gc.bytes_allocated - before == bytes);
    CU_ASSERT(bytes >= 8u * (W + 2u) * (H + 2u) &&
              bytes <= 8u * (W + 2u) * (H + 2u) + 64u);

    /* Queries and edits allocate nothing. */
    before = gc.allocs + sc.allocs;
    for (i = 0; i < 300; i++) {
        ls_query q;
        ls_result r;
        static ls_point pts[60 * 50];
        ls_query_init(&q);
        q.algorithm = LS_ALGO_JPS_PLUS;
        if (!tu_random_open_cell(&rng, g, &q.start_x, &q.start_y) ||
            !tu_random_open_cell(&rng, g, &q.goal_x, &q.goal_y))
            continue;
        if (ls_find_path(s, g, &q, pts, W * H, &r) == LS_OK)
            found++;
        ls_grid_set(g, (int32_t)ls_rng_below(&rng, W),
                    (int32_t)ls_rng_below(&rng, H), (uint8_t)ls_rng_below(&rng, 2));
    }
    CU_ASSERT(found > 50);
    CU_ASSERT_EQUAL(gc.allocs + sc.allocs, before);

    /* Refused memory leaves the grid without tables, and it still works. */
    CU_ASSERT_EQUAL(ls_grid_drop_jumps(g), LS_OK);
    gc.fail_after = (int64_t)gc.allocs + 1; /* the handle, not the entries */
    CU_ASSERT_EQUAL(ls_grid_build_jumps(g), LS_ERR_OUT_OF_MEMORY);
    gc.fail_after = (int64_t)gc.allocs;
    CU_ASSERT_EQUAL(ls_grid_build_jumps(g), LS_ERR_OUT_OF_MEMORY);
    gc.fail_after = -1;
    CU_ASSERT_EQUAL(ls_grid_jumps_bytes(g, &bytes), LS_OK);
    CU_ASSERT_EQUAL(bytes, 0);
    CU_ASSERT_EQUAL(ls_grid_build_jumps(g), LS_OK);
    ls_search_destroy(s);
    ls_grid_destroy(g); /* releases the tables with the grid */
    CU_ASSERT(tu_counter_balanced(&gc));
    CU_ASSERT(tu_counter_balanced(&sc));
    CU_ASSERT_EQUAL(gc.size_mismatches, 0);
}

int suite_jumps_register(void)
{
    CU_pSuite s = CU_add_suite("jumps", NULL, NULL);
    if (!s)
        return 1;
    if (!CU_add_test(s, "kept tables == fresh build == definition, random edits",
                     test_tables_under_edits) ||
        !CU_add_test(s, "JPS+ == JPS, random maps edited between queries",
                     test_same_as_jps_random) ||
        !CU_add_test(s, "JPS+ == JPS, shared-map scenarios and edits",
                     test_same_as_jps_shared_maps) ||
        !CU_add_test(s, "errors, validation order, dropped tables",
                     test_errors) ||
        !CU_add_test(s, "memory: 8 bytes a cell, none per query or edit",
                     test_memory))
        return 1;
    return 0;
}
