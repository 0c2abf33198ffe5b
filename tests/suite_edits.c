/* SPDX-License-Identifier: MIT */
/*
 * suite_edits.c - editing a grid while units walk it: rectangle edits
 * (ls_grid_set_rect), the map digest (ls_grid_digest) against the oracle
 * library's recomputation from its definition in lockstar.h, and the
 * path check (ls_check_path) against paths the search found.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suites.h"
#include "test_util.h"

/* ------------------------------------------------------------ the digest */

static uint64_t digest_of(const ls_grid *g)
{
    uint64_t d = 0;
    CU_ASSERT_EQUAL(ls_grid_digest(g, &d), LS_OK);
    return d;
}

static void test_digest_known_values(void)
{
    /* python3 -c "M=2**64-1
     * def mix(z):
     *  z=((z^(z>>30))*0xbf58476d1ce4e5b9)&M; z=((z^(z>>27))*0x94d049bb133111eb)&M; return z^(z>>31)
     * def dg(w,h,c): return (mix(((w<<32)|h)^0x6c6f636b73746172)+sum(mix(i*256+v+0x9e3779b97f4a7c15) for i,v in enumerate(c)))&M
     * print(hex(dg(1,1,[1])), hex(dg(3,2,[1,0,5,255,1,2])))"
     * prints 0xafbf69441039f50b 0x225f2a19a7e4e8fc */
    static const uint8_t cells[6] = { 1, 0, 5, 255, 1, 2 };
    ls_grid *g = NULL;
    uint32_t flags;

    for (flags = LS_GRID_FULL; flags <= LS_GRID_COMPACT; flags++) {
        CU_ASSERT_EQUAL_FATAL(ls_grid_create_with(1, 1, flags, NULL, &g),
                              LS_OK);
        CU_ASSERT_EQUAL(digest_of(g), UINT64_C(0xafbf69441039f50b));
        ls_grid_destroy(g);

        /* Reached by load, by set, and by rectangles. */
        CU_ASSERT_EQUAL_FATAL(ls_grid_create_with(3, 2, flags, NULL, &g),
                              LS_OK);
        CU_ASSERT_EQUAL(ls_grid_load(g, cells, 6), LS_OK);
        CU_ASSERT_EQUAL(digest_of(g), UINT64_C(0x225f2a19a7e4e8fc));
        CU_ASSERT_EQUAL(ls_grid_fill(g, 1), LS_OK);
        CU_ASSERT_NOT_EQUAL(digest_of(g), UINT64_C(0x225f2a19a7e4e8fc));
        CU_ASSERT_EQUAL(ls_grid_set(g, 1, 0, 0), LS_OK);
        CU_ASSERT_EQUAL(ls_grid_set(g, 2, 0, 5), LS_OK);
        CU_ASSERT_EQUAL(ls_grid_set(g, 0, 1, 255), LS_OK);
        CU_ASSERT_EQUAL(ls_grid_set(g, 2, 1, 2), LS_OK);
        CU_ASSERT_EQUAL(digest_of(g), UINT64_C(0x225f2a19a7e4e8fc));
        CU_ASSERT_EQUAL(ls_grid_fill(g, 7), LS_OK);
        CU_ASSERT_EQUAL(ls_grid_set_rect(g, 0, 0, 3, 2, 1), LS_OK);
        CU_ASSERT_EQUAL(ls_grid_set_rect(g, 1, 0, 1, 1, 0), LS_OK);
        CU_ASSERT_EQUAL(ls_grid_set_rect(g, 2, 0, 1, 2, 2), LS_OK);
        CU_ASSERT_EQUAL(ls_grid_set_rect(g, 2, 0, 1, 1, 5), LS_OK);
        CU_ASSERT_EQUAL(ls_grid_set_rect(g, 0, 1, 1, 1, 255), LS_OK);
        CU_ASSERT_EQUAL(digest_of(g), UINT64_C(0x225f2a19a7e4e8fc));
        ls_grid_destroy(g);
    }
}

/* One random edit: a cell, a rectangle, rarely a fill or a load. */
static void random_edit(ls_rng *rng, ls_grid *g, int32_t w, int32_t h)
{
    uint32_t kind = ls_rng_below(rng, 20);
    uint8_t cost = (uint8_t)(ls_rng_below(rng, 3) == 0
                                 ? 0
                                 : 1 + ls_rng_below(rng, 255));
    if (kind < 9) {
        CU_ASSERT_EQUAL(ls_grid_set(g, (int32_t)ls_rng_below(rng, (uint32_t)w),
                                    (int32_t)ls_rng_below(rng, (uint32_t)h),
                                    cost),
                        LS_OK);
    } else if (kind < 18) {
        int32_t x = (int32_t)ls_rng_below(rng, (uint32_t)w);
        int32_t y = (int32_t)ls_rng_below(rng, (uint32_t)h);
        int32_t rw = 1 + (int32_t)ls_rng_below(rng, (uint32_t)(w - x));
        int32_t rh = 1 + (int32_t)ls_rng_below(rng, (uint32_t)(h - y));
        CU_ASSERT_EQUAL(ls_grid_set_rect(g, x, y, rw, rh, cost), LS_OK);
    } else if (kind < 19) {
        CU_ASSERT_EQUAL(ls_grid_fill(g, cost), LS_OK);
    } else {
        size_t n = (size_t)w * (size_t)h, i;
        uint8_t *cells = malloc(n);
        CU_ASSERT_PTR_NOT_NULL_FATAL(cells);
        for (i = 0; i < n; i++)
            cells[i] = (uint8_t)ls_rng_below(rng, 4);
        CU_ASSERT_EQUAL(ls_grid_load(g, cells, n), LS_OK);
        free(cells);
    }
}

static void test_digest_follows_random_edits(void)
{
    static const int32_t sizes[][2] = {
        { 1, 1 }, { 1, 9 }, { 9, 1 }, { 2, 3 }, { 5, 4 },
        { 16, 16 }, { 70, 9 }, { 13, 66 }, { 64, 64 }
    };
    size_t s;
    uint32_t flags, checked = 0, mismatches = 0;
    ls_rng rng;

    ls_rng_seed(&rng, 20261201u);
    for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (flags = LS_GRID_FULL; flags <= LS_GRID_COMPACT; flags++) {
            const int32_t w = sizes[s][0], h = sizes[s][1];
            ls_grid *g = NULL;
            int step;
            CU_ASSERT_EQUAL_FATAL(ls_grid_create_with(w, h, flags, NULL, &g),
                                  LS_OK);
            if (digest_of(g) != or_grid_digest(g))
                mismatches++;
            for (step = 0; step < 120; step++) {
                random_edit(&rng, g, w, h);
                checked++;
                if (digest_of(g) != or_grid_digest(g)) {
                    if (mismatches++ == 0)
                        printf("\n  digest differs: %ldx%ld flags %lu step "
                               "%d\n", (long)w, (long)h,
                               (unsigned long)flags, step);
                }
            }
            ls_grid_destroy(g);
        }
    CU_ASSERT_EQUAL(mismatches, 0);
    CU_ASSERT_EQUAL(checked, 9u * 2u * 120u);
}

static void test_digest_returns_after_undo(void)
{
    ls_grid *g = NULL;
    uint64_t before, edited;
    uint8_t saved[6 * 4];
    int32_t x, y;

    CU_ASSERT_EQUAL_FATAL(ls_grid_create(20, 12, NULL, &g), LS_OK);
    CU_ASSERT_EQUAL(ls_grid_set(g, 3, 3, 9), LS_OK);
    before = digest_of(g);

    /* One cell. */
    CU_ASSERT_EQUAL(ls_grid_set(g, 7, 2, LS_CELL_BLOCKED), LS_OK);
    edited = digest_of(g);
    CU_ASSERT_NOT_EQUAL(edited, before);
    CU_ASSERT_EQUAL(ls_grid_set(g, 7, 2, LS_CELL_OPEN), LS_OK);
    CU_ASSERT_EQUAL(digest_of(g), before);

    /* A building over mixed terrain, then the terrain put back. */
    for (y = 0; y < 4; y++)
        for (x = 0; x < 6; x++)
            ls_grid_get(g, 1 + x, 1 + y, &saved[y * 6 + x]);
    CU_ASSERT_EQUAL(ls_grid_set_rect(g, 1, 1, 6, 4, LS_CELL_BLOCKED), LS_OK);
    CU_ASSERT_NOT_EQUAL(digest_of(g), before);
    CU_ASSERT_EQUAL(ls_grid_set_rect(g, 1, 1, 6, 4, LS_CELL_OPEN), LS_OK);
    CU_ASSERT_NOT_EQUAL(digest_of(g), before); /* (3,3) was 9 */
    CU_ASSERT_EQUAL(ls_grid_set(g, 3, 3, saved[2 * 6 + 2]), LS_OK);
    CU_ASSERT_EQUAL(digest_of(g), before);

    /* Swapping two cells' costs changes it: a cell's term has its index. */
    CU_ASSERT_EQUAL(ls_grid_set(g, 3, 3, 1), LS_OK);
    CU_ASSERT_EQUAL(ls_grid_set(g, 4, 3, 9), LS_OK);
    CU_ASSERT_NOT_EQUAL(digest_of(g), before);
    ls_grid_destroy(g);
}

static void test_digest_depends_on_size_and_arguments(void)
{
    ls_grid *a = NULL, *b = NULL;
    uint64_t d;

    /* Same cells, same count, transposed size. */
    CU_ASSERT_EQUAL_FATAL(ls_grid_create(4, 6, NULL, &a), LS_OK);
    CU_ASSERT_EQUAL_FATAL(ls_grid_create(6, 4, NULL, &b), LS_OK);
    CU_ASSERT_NOT_EQUAL(digest_of(a), digest_of(b));
    CU_ASSERT_EQUAL(ls_grid_digest(NULL, &d), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_digest(a, NULL), LS_ERR_NULL_ARGUMENT);
    ls_grid_destroy(a);
    ls_grid_destroy(b);
}

/* ------------------------------------------------- rectangle edits */

static void test_rect_refuses_and_changes_nothing(void)
{
    ls_grid *g = NULL;
    uint64_t d0;
    uint32_t r0 = 0, r1 = 0;
    int32_t x, y;
    int untouched = 1;
    static const int32_t bad[][4] = {
        { -1, 0, 1, 1 }, { 0, -1, 1, 1 }, { 8, 0, 1, 1 }, { 0, 5, 1, 1 },
        { 7, 0, 2, 1 }, { 0, 4, 1, 2 }, { 0, 0, 9, 1 }, { 0, 0, 1, 6 },
        { 1, 1, INT32_MAX, 1 }, { 1, 1, 1, INT32_MAX },
        { INT32_MAX, 0, 1, 1 }, { INT32_MIN, 0, 1, 1 }
    };
    size_t i;

    CU_ASSERT_EQUAL_FATAL(ls_grid_create(8, 5, NULL, &g), LS_OK);
    d0 = digest_of(g);
    ls_grid_revision(g, &r0);
    CU_ASSERT_EQUAL(ls_grid_set_rect(NULL, 0, 0, 1, 1, 0),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_grid_set_rect(g, 0, 0, 0, 1, 0), LS_ERR_BAD_SIZE);
    CU_ASSERT_EQUAL(ls_grid_set_rect(g, 0, 0, 1, 0, 0), LS_ERR_BAD_SIZE);
    CU_ASSERT_EQUAL(ls_grid_set_rect(g, 0, 0, -3, 2, 0), LS_ERR_BAD_SIZE);
    CU_ASSERT_EQUAL(ls_grid_set_rect(g, 0, 0, 2, INT32_MIN, 0),
                    LS_ERR_BAD_SIZE);
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CU_ASSERT_EQUAL(ls_grid_set_rect(g, bad[i][0], bad[i][1], bad[i][2],
                                         bad[i][3], 0),
                        LS_ERR_OUT_OF_BOUNDS);
    ls_grid_revision(g, &r1);
    CU_ASSERT_EQUAL(r1, r0);
    CU_ASSERT_EQUAL(digest_of(g), d0);
    for (y = 0; y < 5; y++)
        for (x = 0; x < 8; x++) {
            uint8_t c = 0;
            ls_grid_get(g, x, y, &c);
            untouched &= c == LS_CELL_OPEN;
        }
    CU_ASSERT(untouched);

    /* The whole grid and single corner cells are inside. */
    CU_ASSERT_EQUAL(ls_grid_set_rect(g, 0, 0, 8, 5, 3), LS_OK);
    CU_ASSERT_EQUAL(ls_grid_set_rect(g, 7, 4, 1, 1, 0), LS_OK);
    ls_grid_destroy(g);
}

static void test_rect_sets_exactly_its_cells(void)
{
    ls_grid *g = NULL;
    int32_t x, y;
    int ok = 1;

    CU_ASSERT_EQUAL_FATAL(ls_grid_create(9, 7, NULL, &g), LS_OK);
    CU_ASSERT_EQUAL(ls_grid_set_rect(g, 2, 1, 4, 3, 6), LS_OK);
    for (y = 0; y < 7; y++)
        for (x = 0; x < 9; x++) {
            uint8_t c = 0, want = (x >= 2 && x < 6 && y >= 1 && y < 4) ? 6 : 1;
            ls_grid_get(g, x, y, &c);
            ok &= c == want;
        }
    CU_ASSERT(ok);
    ls_grid_destroy(g);
}

static void test_rect_revision_once_per_change(void)
{
    ls_grid *g = NULL;
    uint32_t r0 = 0, r = 0;

    CU_ASSERT_EQUAL_FATAL(ls_grid_create(10, 10, NULL, &g), LS_OK);
    ls_grid_revision(g, &r0);
    CU_ASSERT_EQUAL(ls_grid_set_rect(g, 1, 1, 5, 5, 0), LS_OK);
    ls_grid_revision(g, &r);
    CU_ASSERT_EQUAL(r, r0 + 1u);
    /* Nothing changes: the revision stays. */
    CU_ASSERT_EQUAL(ls_grid_set_rect(g, 1, 1, 5, 5, 0), LS_OK);
    CU_ASSERT_EQUAL(ls_grid_set_rect(g, 0, 0, 1, 1, 1), LS_OK);
    ls_grid_revision(g, &r);
    CU_ASSERT_EQUAL(r, r0 + 1u);
    /* One changed cell among unchanged ones: one step. */
    CU_ASSERT_EQUAL(ls_grid_set_rect(g, 0, 0, 6, 6, 0), LS_OK);
    ls_grid_revision(g, &r);
    CU_ASSERT_EQUAL(r, r0 + 2u);
    ls_grid_destroy(g);
}

/* A sliced query ends with LS_ERR_GRID_CHANGED after a rectangle that
 * changed a cell, and goes on unharmed after one that changed none. */
static void test_rect_and_sliced_query(void)
{
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_query q;
    ls_result sliced, whole;
    ls_status st;
    ls_point path[64];

    CU_ASSERT_EQUAL_FATAL(ls_grid_create(20, 20, NULL, &g), LS_OK);
    CU_ASSERT_EQUAL_FATAL(ls_search_create(20, 20, NULL, &s), LS_OK);
    CU_ASSERT_EQUAL(ls_grid_set_rect(g, 5, 0, 2, 15, 0), LS_OK);
    ls_query_init(&q);
    q.start_x = 1;
    q.start_y = 1;
    q.goal_x = 18;
    q.goal_y = 2;
    CU_ASSERT_EQUAL(ls_find_path(s, g, &q, path, 64, &whole), LS_OK);

    CU_ASSERT_EQUAL_FATAL(ls_search_begin(s, g, &q), LS_OK);
    CU_ASSERT_EQUAL(ls_search_step(s, 3), LS_IN_PROGRESS);
    CU_ASSERT_EQUAL(ls_grid_set_rect(g, 5, 0, 2, 15, 0), LS_OK); /* no-op */
    do
        st = ls_search_step(s, 3);
    while (st == LS_IN_PROGRESS);
    CU_ASSERT_EQUAL(st, LS_OK);
    CU_ASSERT_EQUAL(ls_search_result(s, &sliced), LS_OK);
    CU_ASSERT_EQUAL(sliced.cost, whole.cost);
    CU_ASSERT_EQUAL(sliced.expansions, whole.expansions);
    CU_ASSERT_EQUAL(sliced.digest, whole.digest);

    CU_ASSERT_EQUAL_FATAL(ls_search_begin(s, g, &q), LS_OK);
    CU_ASSERT_EQUAL(ls_search_step(s, 3), LS_IN_PROGRESS);
    CU_ASSERT_EQUAL(ls_grid_set_rect(g, 10, 10, 2, 2, 0), LS_OK);
    CU_ASSERT_EQUAL(ls_search_step(s, 0), LS_ERR_GRID_CHANGED);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/* start == goal ends inside ls_search_begin (lockstar.h): the result is
 * readable before any step, and an edit made after the begin, which ends
 * any query still running with LS_ERR_GRID_CHANGED, leaves it as it was. */
static void test_start_is_goal_ends_at_begin(void)
{
    ls_grid *g = NULL;
    ls_search *s = NULL;
    ls_query q;
    ls_result r;
    ls_point p[2];
    uint32_t n = 0, expansions = 1;

    CU_ASSERT_EQUAL_FATAL(ls_grid_create(8, 8, NULL, &g), LS_OK);
    CU_ASSERT_EQUAL_FATAL(ls_search_create(8, 8, NULL, &s), LS_OK);
    ls_query_init(&q);
    q.start_x = q.goal_x = 3;
    q.start_y = q.goal_y = 4;
    CU_ASSERT_EQUAL_FATAL(ls_search_begin(s, g, &q), LS_OK);
    CU_ASSERT_EQUAL(ls_search_result(s, &r), LS_OK);
    CU_ASSERT_EQUAL(r.cost, 0);
    CU_ASSERT_EQUAL(ls_search_expansions(s, &expansions), LS_OK);
    CU_ASSERT_EQUAL(expansions, 0);
    CU_ASSERT_EQUAL(ls_grid_set_rect(g, 0, 0, 8, 8, 2), LS_OK);
    CU_ASSERT_EQUAL(ls_search_step(s, 1), LS_OK);
    CU_ASSERT_EQUAL(ls_search_step(s, 0), LS_OK);
    CU_ASSERT_EQUAL(ls_search_path(s, p, 2, &n), LS_OK);
    CU_ASSERT_EQUAL(n, 1);
    CU_ASSERT(p[0].x == 3 && p[0].y == 4);
    /* The same query begun after the edit is no different. */
    CU_ASSERT_EQUAL_FATAL(ls_search_begin(s, g, &q), LS_OK);
    CU_ASSERT_EQUAL(ls_search_step(s, 0), LS_OK);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/* After random rectangle edits, searches on the edited grid (whose JPS
 * bitsets and costly-cell count were kept in step) equal searches on a
 * fresh grid loaded with the same cells (built from scratch). */
static void test_rect_keeps_derived_state(void)
{
    const int32_t w = 71, h = 37;
    ls_grid *g = NULL, *fresh = NULL;
    ls_search *s = NULL;
    ls_rng rng;
    ls_point path[4096];
    uint8_t *cells;
    int32_t gw, gh;
    int round, compared = 0, differ = 0;

    ls_rng_seed(&rng, 77u);
    CU_ASSERT_EQUAL_FATAL(ls_grid_create(w, h, NULL, &g), LS_OK);
    CU_ASSERT_EQUAL_FATAL(ls_search_create(w, h, NULL, &s), LS_OK);
    for (round = 0; round < 40; round++) {
        ls_query q;
        ls_result a, b;
        ls_status sa, sb;
        int32_t x = (int32_t)ls_rng_below(&rng, (uint32_t)w);
        int32_t y = (int32_t)ls_rng_below(&rng, (uint32_t)h);
        int32_t rw = 1 + (int32_t)ls_rng_below(&rng, (uint32_t)(w - x) < 9u
                                                         ? (uint32_t)(w - x)
                                                         : 9u);
        int32_t rh = 1 + (int32_t)ls_rng_below(&rng, (uint32_t)(h - y) < 9u
                                                         ? (uint32_t)(h - y)
                                                         : 9u);
        /* Mostly walls and open ground (JPS runs); now and then terrain
         * (JPS must refuse), later cleared again. */
        uint8_t cost = (round % 7 == 3) ? 4 : (round % 2 ? 0 : 1);
        CU_ASSERT_EQUAL(ls_grid_set_rect(g, x, y, rw, rh, cost), LS_OK);
        if (round % 7 == 5)
            CU_ASSERT_EQUAL(ls_grid_set_rect(g, 0, 0, w, h, 1), LS_OK);
        cells = tu_cells(g, &gw, &gh);
        CU_ASSERT_PTR_NOT_NULL_FATAL(cells);
        CU_ASSERT_EQUAL_FATAL(ls_grid_create(w, h, NULL, &fresh), LS_OK);
        CU_ASSERT_EQUAL(ls_grid_load(fresh, cells, (size_t)w * h), LS_OK);
        free(cells);
        CU_ASSERT_EQUAL(digest_of(g), digest_of(fresh));
        ls_query_init(&q);
        q.algorithm = LS_ALGO_JPS;
        if (!tu_random_open_cell(&rng, g, &q.start_x, &q.start_y) ||
            !tu_random_open_cell(&rng, g, &q.goal_x, &q.goal_y)) {
            ls_grid_destroy(fresh);
            continue;
        }
        sa = ls_find_path(s, g, &q, path, 4096, &a);
        sb = ls_find_path(s, fresh, &q, path, 4096, &b);
        compared++;
        if (sa != sb || (sa >= 0 && (a.cost != b.cost ||
                                     a.expansions != b.expansions ||
                                     a.digest != b.digest)))
            differ++;
        ls_grid_destroy(fresh);
    }
    CU_ASSERT(compared >= 30);
    CU_ASSERT_EQUAL(differ, 0);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/* ------------------------------------------------------ path check */

static ls_status check(const ls_grid *g, const ls_query *q,
                       const ls_point *p, uint32_t n, int32_t planned,
                       ls_path_check *out)
{
    memset(out, 0xAB, sizeof *out);
    return ls_check_path(g, q, p, n, planned, out);
}

/* A 12 x 8 open grid and the default-options path from (1,1) to (10,6). */
static void plan(ls_grid **g, ls_search **s, ls_query *q, ls_point *path,
                 ls_result *r)
{
    CU_ASSERT_EQUAL_FATAL(ls_grid_create(12, 8, NULL, g), LS_OK);
    CU_ASSERT_EQUAL_FATAL(ls_search_create(12, 8, NULL, s), LS_OK);
    ls_query_init(q);
    q->start_x = 1;
    q->start_y = 1;
    q->goal_x = 10;
    q->goal_y = 6;
    CU_ASSERT_EQUAL_FATAL(ls_find_path(*s, *g, q, path, 64, r), LS_OK);
}

static void test_check_found_paths_are_clean(void)
{
    ls_rng rng;
    ls_search *s = NULL;
    ls_point path[2048];
    int round, clean = 0, found = 0;

    ls_rng_seed(&rng, 5u);
    CU_ASSERT_EQUAL_FATAL(ls_search_create(40, 30, NULL, &s), LS_OK);
    for (round = 0; round < 60; round++) {
        ls_grid *g = tu_random_grid(&rng, 40, 30, 25, 30, 9);
        ls_query q;
        ls_result r;
        ls_path_check c;
        CU_ASSERT_PTR_NOT_NULL_FATAL(g);
        ls_query_init(&q);
        q.connectivity = round % 3 == 0 ? LS_CONNECT_4 : LS_CONNECT_8;
        q.corner_rule = round % 3;
        q.straight_cost = 7u + (uint32_t)round % 5u;
        q.diagonal_cost = q.straight_cost + (uint32_t)round % 7u;
        if (tu_random_open_cell(&rng, g, &q.start_x, &q.start_y) &&
            tu_random_open_cell(&rng, g, &q.goal_x, &q.goal_y) &&
            ls_find_path(s, g, &q, path, 2048, &r) == LS_OK) {
            found++;
            CU_ASSERT_EQUAL(check(g, &q, path, r.path_length, r.cost, &c),
                            LS_OK);
            if (c.first_illegal == r.path_length &&
                c.reason == LS_STEP_LEGAL && c.cost == r.cost &&
                c.cost_changed == 0)
                clean++;
        }
        ls_grid_destroy(g);
    }
    CU_ASSERT(found >= 30);
    CU_ASSERT_EQUAL(clean, found);
    ls_search_destroy(s);
}

static void test_check_blocked_step_is_found(void)
{
    ls_grid *g;
    ls_search *s;
    ls_query q;
    ls_point path[64];
    ls_result r;
    ls_path_check c;
    uint32_t k;

    plan(&g, &s, &q, path, &r);
    CU_ASSERT_FATAL(r.path_length >= 4);
    /* Block each point of the path in turn (start and goal included). */
    for (k = 0; k < r.path_length; k++) {
        CU_ASSERT_EQUAL(ls_grid_set(g, path[k].x, path[k].y, 0), LS_OK);
        CU_ASSERT_EQUAL(check(g, &q, path, r.path_length, r.cost, &c), LS_OK);
        CU_ASSERT_EQUAL(c.first_illegal, k);
        CU_ASSERT_EQUAL(c.reason, LS_STEP_BLOCKED);
        CU_ASSERT_EQUAL(c.cost, -1);
        CU_ASSERT_EQUAL(c.cost_changed, 1);
        /* With two blocked cells, the earlier one is reported. */
        if (k + 2 < r.path_length) {
            ls_grid_set(g, path[k + 2].x, path[k + 2].y, 0);
            check(g, &q, path, r.path_length, r.cost, &c);
            CU_ASSERT_EQUAL(c.first_illegal, k);
            ls_grid_set(g, path[k + 2].x, path[k + 2].y, 1);
        }
        CU_ASSERT_EQUAL(ls_grid_set(g, path[k].x, path[k].y, 1), LS_OK);
    }
    /* Blocking a building across the path with a rectangle. */
    CU_ASSERT_EQUAL(ls_grid_set_rect(g, path[3].x, 0, 1, 8, 0), LS_OK);
    check(g, &q, path, r.path_length, r.cost, &c);
    CU_ASSERT_EQUAL(c.first_illegal, 3u);
    CU_ASSERT_EQUAL(c.reason, LS_STEP_BLOCKED);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

static void test_check_terrain_changes_cost(void)
{
    ls_grid *g;
    ls_search *s;
    ls_query q;
    ls_point path[64];
    ls_result r;
    ls_path_check c;
    int32_t base;

    plan(&g, &s, &q, path, &r);
    /* path[2] entered by a step of base cost 10 or 14; cost 1 -> 5 adds 4
     * times that base. */
    base = (path[2].x != path[1].x && path[2].y != path[1].y) ? 14 : 10;
    CU_ASSERT_EQUAL(ls_grid_set(g, path[2].x, path[2].y, 5), LS_OK);
    CU_ASSERT_EQUAL(check(g, &q, path, r.path_length, r.cost, &c), LS_OK);
    CU_ASSERT_EQUAL(c.first_illegal, r.path_length);
    CU_ASSERT_EQUAL(c.reason, LS_STEP_LEGAL);
    CU_ASSERT_EQUAL(c.cost, r.cost + 4 * base);
    CU_ASSERT_EQUAL(c.cost_changed, 1);
    /* Compared with the new cost, nothing changed. */
    check(g, &q, path, r.path_length, r.cost + 4 * base, &c);
    CU_ASSERT_EQUAL(c.cost_changed, 0);
    /* The start cell's cost is never paid. */
    CU_ASSERT_EQUAL(ls_grid_set(g, path[2].x, path[2].y, 1), LS_OK);
    CU_ASSERT_EQUAL(ls_grid_set(g, path[0].x, path[0].y, 200), LS_OK);
    check(g, &q, path, r.path_length, r.cost, &c);
    CU_ASSERT_EQUAL(c.cost, r.cost);
    CU_ASSERT_EQUAL(c.cost_changed, 0);
    /* Other step costs give another cost for the same path. */
    q.straight_cost = 3;
    q.diagonal_cost = 4;
    check(g, &q, path, r.path_length, r.cost, &c);
    CU_ASSERT_EQUAL(c.reason, LS_STEP_LEGAL);
    CU_ASSERT_NOT_EQUAL(c.cost, r.cost);
    CU_ASSERT_EQUAL(c.cost_changed, 1);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

static void test_check_corner_rules(void)
{
    ls_grid *g = NULL;
    ls_query q;
    ls_path_check c;
    /* (1,1) -> (2,2) -> (3,3): diagonal steps beside (2,1) and (1,2). */
    static const ls_point diag[3] = { { 1, 1 }, { 2, 2 }, { 3, 3 } };

    CU_ASSERT_EQUAL_FATAL(ls_grid_create(5, 5, NULL, &g), LS_OK);
    ls_query_init(&q);
    CU_ASSERT_EQUAL(check(g, &q, diag, 3, 28, &c), LS_OK);
    CU_ASSERT_EQUAL(c.first_illegal, 3u);
    CU_ASSERT_EQUAL(c.cost, 28);
    CU_ASSERT_EQUAL(c.cost_changed, 0);

    /* A wall beside the second step, at (3,2). */
    ls_grid_set(g, 3, 2, 0);
    q.corner_rule = LS_CORNERS_NONE;
    check(g, &q, diag, 3, 28, &c);
    CU_ASSERT_EQUAL(c.first_illegal, 2u);
    CU_ASSERT_EQUAL(c.reason, LS_STEP_CORNER);
    CU_ASSERT_EQUAL(c.cost, -1);
    q.corner_rule = LS_CORNERS_ONE;
    check(g, &q, diag, 3, 28, &c);
    CU_ASSERT_EQUAL(c.first_illegal, 3u);
    CU_ASSERT_EQUAL(c.cost, 28);
    /* Both sides of the second step: only LS_CORNERS_ALL allows it. */
    ls_grid_set(g, 2, 3, 0);
    check(g, &q, diag, 3, 28, &c);
    CU_ASSERT_EQUAL(c.first_illegal, 2u);
    CU_ASSERT_EQUAL(c.reason, LS_STEP_CORNER);
    q.corner_rule = LS_CORNERS_ALL;
    check(g, &q, diag, 3, 28, &c);
    CU_ASSERT_EQUAL(c.first_illegal, 3u);
    CU_ASSERT_EQUAL(c.cost, 28);
    CU_ASSERT_EQUAL(c.cost_changed, 0);
    /* A side of the first step, under LS_CORNERS_NONE: index 1. */
    ls_grid_set(g, 3, 2, 1);
    ls_grid_set(g, 2, 3, 1);
    ls_grid_set(g, 1, 2, 0);
    q.corner_rule = LS_CORNERS_NONE;
    check(g, &q, diag, 3, 28, &c);
    CU_ASSERT_EQUAL(c.first_illegal, 1u);
    CU_ASSERT_EQUAL(c.reason, LS_STEP_CORNER);
    /* With 4-connectivity no diagonal is a move. */
    ls_grid_set(g, 1, 2, 1);
    q.connectivity = LS_CONNECT_4;
    check(g, &q, diag, 3, 28, &c);
    CU_ASSERT_EQUAL(c.first_illegal, 1u);
    CU_ASSERT_EQUAL(c.reason, LS_STEP_NOT_A_MOVE);
    ls_grid_destroy(g);
}

static void test_check_malformed_paths(void)
{
    ls_grid *g = NULL;
    ls_query q;
    ls_path_check c;
    static const ls_point jump[3] = { { 0, 0 }, { 1, 0 }, { 3, 0 } };
    static const ls_point stay[2] = { { 2, 2 }, { 2, 2 } };
    static const ls_point out[3] = { { 0, 0 }, { 1, 0 }, { 1, -1 } };
    static const ls_point far[2] = { { 0, 0 }, { 9, 0 } };
    static const ls_point one[1] = { { 2, 3 } };
    static const ls_point lone_out[1] = { { 5, 0 } };

    CU_ASSERT_EQUAL_FATAL(ls_grid_create(5, 4, NULL, &g), LS_OK);
    ls_query_init(&q);
    check(g, &q, jump, 3, 20, &c);
    CU_ASSERT_EQUAL(c.first_illegal, 2u);
    CU_ASSERT_EQUAL(c.reason, LS_STEP_NOT_A_MOVE);
    check(g, &q, stay, 2, 0, &c);
    CU_ASSERT_EQUAL(c.first_illegal, 1u);
    CU_ASSERT_EQUAL(c.reason, LS_STEP_NOT_A_MOVE);
    check(g, &q, out, 3, 20, &c);
    CU_ASSERT_EQUAL(c.first_illegal, 2u);
    CU_ASSERT_EQUAL(c.reason, LS_STEP_OUT_OF_BOUNDS);
    check(g, &q, far, 2, 10, &c);
    CU_ASSERT_EQUAL(c.first_illegal, 1u);
    CU_ASSERT_EQUAL(c.reason, LS_STEP_OUT_OF_BOUNDS);

    /* Empty: legal, cost 0; compared with the -1 of "no path" it differs. */
    CU_ASSERT_EQUAL(check(g, &q, NULL, 0, -1, &c), LS_OK);
    CU_ASSERT_EQUAL(c.first_illegal, 0u);
    CU_ASSERT_EQUAL(c.reason, LS_STEP_LEGAL);
    CU_ASSERT_EQUAL(c.cost, 0);
    CU_ASSERT_EQUAL(c.cost_changed, 1);
    /* One point: cost 0 while its cell is passable. */
    CU_ASSERT_EQUAL(check(g, &q, one, 1, 0, &c), LS_OK);
    CU_ASSERT_EQUAL(c.first_illegal, 1u);
    CU_ASSERT_EQUAL(c.cost, 0);
    CU_ASSERT_EQUAL(c.cost_changed, 0);
    ls_grid_set(g, 2, 3, 0);
    check(g, &q, one, 1, 0, &c);
    CU_ASSERT_EQUAL(c.first_illegal, 0u);
    CU_ASSERT_EQUAL(c.reason, LS_STEP_BLOCKED);
    CU_ASSERT_EQUAL(c.cost_changed, 1);
    check(g, &q, lone_out, 1, 0, &c);
    CU_ASSERT_EQUAL(c.first_illegal, 0u);
    CU_ASSERT_EQUAL(c.reason, LS_STEP_OUT_OF_BOUNDS);
    ls_grid_destroy(g);
}

static void test_check_arguments(void)
{
    ls_grid *g = NULL;
    ls_query q;
    ls_path_check c, before;
    static const ls_point p[2] = { { 0, 0 }, { 1, 1 } };

    CU_ASSERT_EQUAL_FATAL(ls_grid_create(4, 4, NULL, &g), LS_OK);
    ls_query_init(&q);
    memset(&before, 0x5A, sizeof before);
    c = before;
    CU_ASSERT_EQUAL(ls_check_path(NULL, &q, p, 2, 14, &c),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_check_path(g, NULL, p, 2, 14, &c),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_check_path(g, &q, NULL, 2, 14, &c),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_check_path(g, &q, p, 2, 14, NULL),
                    LS_ERR_NULL_ARGUMENT);
    q.struct_size = 4;
    CU_ASSERT_EQUAL(ls_check_path(g, &q, p, 2, 14, &c),
                    LS_ERR_BAD_STRUCT_SIZE);
    ls_query_init(&q);
    q.connectivity = 6;
    CU_ASSERT_EQUAL(ls_check_path(g, &q, p, 2, 14, &c), LS_ERR_BAD_OPTION);
    ls_query_init(&q);
    q.corner_rule = 3;
    CU_ASSERT_EQUAL(ls_check_path(g, &q, p, 2, 14, &c), LS_ERR_BAD_OPTION);
    ls_query_init(&q);
    q.straight_cost = 0;
    CU_ASSERT_EQUAL(ls_check_path(g, &q, p, 2, 14, &c), LS_ERR_BAD_STEP_COST);
    ls_query_init(&q);
    q.diagonal_cost = 21;
    CU_ASSERT_EQUAL(ls_check_path(g, &q, p, 2, 14, &c), LS_ERR_BAD_STEP_COST);
    CU_ASSERT_EQUAL(memcmp(&c, &before, sizeof c), 0);
    /* Fields the check does not use are not validated. */
    ls_query_init(&q);
    q.heuristic = 99;
    q.weight = 0;
    q.start_x = -5;
    CU_ASSERT_EQUAL(ls_check_path(g, &q, p, 2, 14, &c), LS_OK);
    CU_ASSERT_EQUAL(c.cost, 14);
    ls_grid_destroy(g);
}

static void test_check_cost_overflow(void)
{
    ls_grid *g = NULL;
    ls_query q;
    ls_path_check c, before;
    ls_point *p;
    uint32_t i, n = 130;

    /* Steps of 65535 * 255 = 16711425 each: 128 (2139062400) fit under
     * LS_COST_MAX, 129 (2155773825) do not. */
    CU_ASSERT_EQUAL_FATAL(ls_grid_create(n, 1, NULL, &g), LS_OK);
    CU_ASSERT_EQUAL(ls_grid_fill(g, 255), LS_OK);
    p = malloc(n * sizeof *p);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    for (i = 0; i < n; i++) {
        p[i].x = (int32_t)i;
        p[i].y = 0;
    }
    ls_query_init(&q);
    q.straight_cost = 65535;
    q.diagonal_cost = 65535;
    CU_ASSERT_EQUAL(check(g, &q, p, 129, 0, &c), LS_OK);
    CU_ASSERT_EQUAL(c.cost, 2139062400);
    memset(&before, 0xAB, sizeof before);
    CU_ASSERT_EQUAL(check(g, &q, p, n, 0, &c), LS_ERR_COST_OVERFLOW);
    CU_ASSERT_EQUAL(memcmp(&c, &before, sizeof c), 0);
    free(p);
    ls_grid_destroy(g);
}

int suite_edits_register(void)
{
    CU_pSuite s = CU_add_suite("edits", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "map digest known values", test_digest_known_values) ||
        !CU_add_test(s, "map digest follows random edits",
                     test_digest_follows_random_edits) ||
        !CU_add_test(s, "map digest returns after undo",
                     test_digest_returns_after_undo) ||
        !CU_add_test(s, "map digest depends on size; arguments",
                     test_digest_depends_on_size_and_arguments) ||
        !CU_add_test(s, "rect refuses and changes nothing",
                     test_rect_refuses_and_changes_nothing) ||
        !CU_add_test(s, "rect sets exactly its cells",
                     test_rect_sets_exactly_its_cells) ||
        !CU_add_test(s, "rect revision once per change",
                     test_rect_revision_once_per_change) ||
        !CU_add_test(s, "rect and sliced query", test_rect_and_sliced_query) ||
        !CU_add_test(s, "start == goal ends at begin, edits after it do not matter",
                     test_start_is_goal_ends_at_begin) ||
        !CU_add_test(s, "rect keeps JPS bitsets and costly count",
                     test_rect_keeps_derived_state) ||
        !CU_add_test(s, "check: found paths are clean",
                     test_check_found_paths_are_clean) ||
        !CU_add_test(s, "check: blocked step is found",
                     test_check_blocked_step_is_found) ||
        !CU_add_test(s, "check: terrain changes cost",
                     test_check_terrain_changes_cost) ||
        !CU_add_test(s, "check: corner rules", test_check_corner_rules) ||
        !CU_add_test(s, "check: malformed, empty, 1-point paths",
                     test_check_malformed_paths) ||
        !CU_add_test(s, "check: arguments", test_check_arguments) ||
        !CU_add_test(s, "check: cost overflow", test_check_cost_overflow))
        return -1;
    return 0;
}
