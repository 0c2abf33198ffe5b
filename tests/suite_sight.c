/* SPDX-License-Identifier: MIT */
/*
 * suite_sight.c - line of sight: ls_line_cells, ls_line_of_sight and
 * ls_line_cost against the brute-force reference of tests/oracle/sight.c on
 * thousands of random segments and grids, the corner cases by name, and
 * every argument check.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suites.h"
#include "test_util.h"

enum { CAP = 512 };

static int point_cmp(const void *a, const void *b)
{
    const ls_point *p = a, *q = b;
    if (p->y != q->y)
        return p->y < q->y ? -1 : 1;
    if (p->x != q->x)
        return p->x < q->x ? -1 : 1;
    return 0;
}

/* ls_line_cells of a-b equals the reference's set, has no duplicate, has
 * 1 + |dx| + |dy| + corners cells, starts at a and ends at b, and each
 * cell after the first is a neighbour (8-way) of one of the three before
 * it. Returns 1 when all holds. */
static int check_segment(int32_t ax, int32_t ay, int32_t bx, int32_t by)
{
    static ls_point walk[CAP], sorted[CAP], ref[CAP];
    uint32_t n = 0, m, i;
    int ok = 1;
    const int32_t nx = abs(bx - ax), ny = abs(by - ay);
    uint32_t corners = 0;
    int32_t k, j;

    CU_ASSERT_EQUAL_FATAL(ls_line_cells(ax, ay, bx, by, walk, CAP, &n), LS_OK);
    m = sr_cells(ax, ay, bx, by, ref, CAP);
    CU_ASSERT_FATAL(m <= CAP);
    memcpy(sorted, walk, n * sizeof walk[0]);
    qsort(sorted, n, sizeof sorted[0], point_cmp);
    qsort(ref, m, sizeof ref[0], point_cmp);
    if (n != m || memcmp(sorted, ref, n * sizeof ref[0]) != 0)
        ok = 0;
    for (i = 1; i < n; i++)
        if (point_cmp(&sorted[i - 1], &sorted[i]) == 0)
            ok = 0;
    /* Corners passed: (2k + 1) ny == (2j + 1) nx, counted independently. */
    for (k = 0; k < nx; k++)
        for (j = 0; j < ny; j++)
            if ((int64_t)(2 * k + 1) * ny == (int64_t)(2 * j + 1) * nx)
                corners++;
    if (n != 1u + (uint32_t)nx + (uint32_t)ny + corners)
        ok = 0;
    if (n == 0 || walk[0].x != ax || walk[0].y != ay ||
        walk[n - 1].x != bx || walk[n - 1].y != by)
        ok = 0;
    for (i = 1; i < n; i++) {
        uint32_t back;
        int near = 0;
        for (back = 1; back <= 3 && back <= i; back++)
            if (abs(walk[i].x - walk[i - back].x) <= 1 &&
                abs(walk[i].y - walk[i - back].y) <= 1)
                near = 1;
        if (!near)
            ok = 0;
    }
    if (!ok)
        fprintf(stderr, "\n    segment %d,%d -> %d,%d: walk %u cells, "
                "reference %u\n", (int)ax, (int)ay, (int)bx, (int)by,
                (unsigned)n, (unsigned)m);
    return ok;
}

static void test_cells_match_brute_force_on_random_segments(void)
{
    ls_rng rng;
    int i, bad = 0;
    ls_rng_seed(&rng, 77);
    /* Random segments: fewer under an emulator (tu_trials). */
    for (i = 0; i < (int)tu_trials(6000); i++) {
        /* Mostly short segments, some up to 60 cells. */
        const uint32_t span = i % 4 == 0 ? 60 : 12;
        const int32_t ax = (int32_t)ls_rng_below(&rng, span);
        const int32_t ay = (int32_t)ls_rng_below(&rng, span);
        const int32_t bx = (int32_t)ls_rng_below(&rng, span);
        const int32_t by = (int32_t)ls_rng_below(&rng, span);
        if (!check_segment(ax, ay, bx, by) && ++bad > 5)
            break;
    }
    CU_ASSERT_EQUAL(bad, 0);
}

/* Every segment of a 9 x 9 block, both directions: all slopes there. */
static void test_cells_match_brute_force_exhaustively(void)
{
    int32_t ax, ay, bx, by;
    int bad = 0;
    for (ay = 0; ay < 9; ay++)
        for (ax = 0; ax < 9; ax++)
            for (by = 0; by < 9; by++)
                for (bx = 0; bx < 9; bx++)
                    if (!check_segment(ax, ay, bx, by) && ++bad > 5)
                        goto done;
done:
    CU_ASSERT_EQUAL(bad, 0);
}

static void expect_cells(int32_t ax, int32_t ay, int32_t bx, int32_t by,
                         const ls_point *want, uint32_t count)
{
    ls_point got[CAP];
    uint32_t n = 0;
    CU_ASSERT_EQUAL_FATAL(ls_line_cells(ax, ay, bx, by, got, CAP, &n), LS_OK);
    CU_ASSERT_EQUAL(n, count);
    if (n == count)
        CU_ASSERT_EQUAL(memcmp(got, want, n * sizeof got[0]), 0);
}

static void test_named_corner_cases(void)
{
    /* start == end: the cell alone */
    static const ls_point same[] = { { 4, 4 } };
    /* horizontal and vertical: the row or column only, in walking order */
    static const ls_point horiz[] = { { 5, 2 }, { 4, 2 }, { 3, 2 } };
    static const ls_point vert[] = { { 1, 0 }, { 1, 1 }, { 1, 2 } };
    /* 45 degrees: at each corner the x-side, the y-side, then across */
    static const ls_point diag[] = { { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 },
                                     { 2, 1 }, { 1, 2 }, { 2, 2 } };
    static const ls_point anti[] = { { 2, 0 }, { 1, 0 }, { 2, 1 }, { 1, 1 } };
    /* (0,0) -> (3,1): centres (1,1) -> (7,3) in doubled units, through the
     * corner (4,2) between cells (1,0), (2,0), (1,1), (2,1). */
    static const ls_point through[] = { { 0, 0 }, { 1, 0 }, { 2, 0 },
                                        { 1, 1 }, { 2, 1 }, { 3, 1 } };
    /* (0,0) -> (2,1): through (3,2), the middle of an edge, no corner. */
    static const ls_point edge[] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 2, 1 } };
    expect_cells(4, 4, 4, 4, same, 1);
    expect_cells(5, 2, 3, 2, horiz, 3);
    expect_cells(1, 0, 1, 2, vert, 3);
    expect_cells(0, 0, 2, 2, diag, 7);
    expect_cells(2, 0, 1, 1, anti, 4);
    expect_cells(0, 0, 3, 1, through, 6);
    expect_cells(0, 0, 2, 1, edge, 4);
}

static ls_grid *picture(const char *const *rows, int32_t h)
{
    ls_grid *g = tu_grid_from_rows(rows, h);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    return g;
}

static int32_t clear_of(const ls_grid *g, int32_t ax, int32_t ay, int32_t bx,
                        int32_t by)
{
    int32_t clear = -1;
    CU_ASSERT_EQUAL(ls_line_of_sight(g, ax, ay, bx, by, &clear), LS_OK);
    return clear;
}

static void test_sight_on_pictures(void)
{
    static const char *const squeeze[] = {
        ".#",
        "#.",
    };
    static const char *const clip[] = {
        "....",
        ".#..",
        "....",
        "....",
    };
    static const char *const terrain[] = {
        "1111",
        "1191",
        "1111",
    };
    ls_grid *g = picture(squeeze, 2);
    uint8_t most = 7;
    /* A diagonal step between two blocked cells touches both. */
    CU_ASSERT_EQUAL(clear_of(g, 0, 0, 1, 1), 0);
    CU_ASSERT_EQUAL(clear_of(g, 0, 0, 0, 0), 1);
    CU_ASSERT_EQUAL(clear_of(g, 0, 1, 0, 1), 0); /* a blocked cell */
    ls_grid_destroy(g);

    g = picture(clip, 4);
    /* (0,0) -> (2,2) passes the corners of (1,1): blocked. */
    CU_ASSERT_EQUAL(clear_of(g, 0, 0, 2, 2), 0);
    CU_ASSERT_EQUAL(clear_of(g, 0, 0, 3, 3), 0);
    /* (0,2) -> (3,0) passes (1,1)'s... the walk decides; compare. */
    CU_ASSERT_EQUAL(clear_of(g, 0, 2, 3, 0), sr_max_cost(g, 0, 2, 3, 0) != 0);
    /* Rows and columns beside the block are clear. */
    CU_ASSERT_EQUAL(clear_of(g, 0, 0, 3, 0), 1);
    CU_ASSERT_EQUAL(clear_of(g, 0, 2, 3, 2), 1);
    CU_ASSERT_EQUAL(clear_of(g, 2, 0, 2, 3), 1);
    /* (0,3) -> (3,2) stays below the block: centres (1,7) -> (7,5). */
    CU_ASSERT_EQUAL(clear_of(g, 0, 3, 3, 2), 1);
    ls_grid_destroy(g);

    g = picture(terrain, 3);
    CU_ASSERT_EQUAL(ls_line_cost(g, 0, 0, 3, 0, &most), LS_OK);
    CU_ASSERT_EQUAL(most, 1);
    CU_ASSERT_EQUAL(ls_line_cost(g, 0, 1, 3, 1, &most), LS_OK);
    CU_ASSERT_EQUAL(most, 9);
    CU_ASSERT_EQUAL(ls_line_cost(g, 0, 0, 3, 2, &most), LS_OK);
    CU_ASSERT_EQUAL(most, 9);
    CU_ASSERT_EQUAL(clear_of(g, 0, 1, 3, 1), 1);
    ls_grid_destroy(g);
}

static void test_sight_and_cost_match_brute_force_on_random_grids(void)
{
    ls_rng rng;
    int round, bad = 0;
    ls_rng_seed(&rng, 4242);
    /* Random grids: fewer under an emulator (tu_trials). */
    for (round = 0; round < (int)tu_trials(60) && bad <= 5; round++) {
        const int32_t w = 2 + (int32_t)ls_rng_below(&rng, 30);
        const int32_t h = 2 + (int32_t)ls_rng_below(&rng, 30);
        ls_grid *g = tu_random_grid(&rng, w, h, 5 + ls_rng_below(&rng, 30),
                                    30, 9);
        int i;
        CU_ASSERT_PTR_NOT_NULL_FATAL(g);
        for (i = 0; i < 100; i++) {
            const int32_t ax = (int32_t)ls_rng_below(&rng, (uint32_t)w);
            const int32_t ay = (int32_t)ls_rng_below(&rng, (uint32_t)h);
            const int32_t bx = (int32_t)ls_rng_below(&rng, (uint32_t)w);
            const int32_t by = (int32_t)ls_rng_below(&rng, (uint32_t)h);
            const uint8_t want = sr_max_cost(g, ax, ay, bx, by);
            uint8_t most = 99;
            int32_t clear = -1;
            CU_ASSERT_EQUAL(ls_line_cost(g, ax, ay, bx, by, &most), LS_OK);
            CU_ASSERT_EQUAL(ls_line_of_sight(g, ax, ay, bx, by, &clear), LS_OK);
            if (most != want || clear != (want != 0)) {
                fprintf(stderr, "\n    %dx%d grid, %d,%d -> %d,%d: cost %u "
                        "clear %d, reference %u\n", (int)w, (int)h, (int)ax,
                        (int)ay, (int)bx, (int)by, most, (int)clear, want);
                bad++;
            }
        }
        ls_grid_destroy(g);
    }
    CU_ASSERT_EQUAL(bad, 0);
}

/* Long segments on the largest grid coordinates: exact, no overflow. */
static void test_long_segments(void)
{
    const int32_t m = LS_MAX_DIMENSION - 1;
    uint32_t n = 0;
    CU_ASSERT_EQUAL(ls_line_cells(0, 0, m, m, NULL, 0, &n),
                    LS_ERR_BUFFER_TOO_SMALL);
    CU_ASSERT_EQUAL(n, 1u + 2u * (uint32_t)m + (uint32_t)m);
    CU_ASSERT_EQUAL(ls_line_cells(0, 0, m, 0, NULL, 0, &n),
                    LS_ERR_BUFFER_TOO_SMALL);
    CU_ASSERT_EQUAL(n, 1u + (uint32_t)m);
    /* 16383 and 16382 are coprime and one is even: no corner. */
    CU_ASSERT_EQUAL(ls_line_cells(0, 0, m, m - 1, NULL, 0, &n),
                    LS_ERR_BUFFER_TOO_SMALL);
    CU_ASSERT_EQUAL(n, 1u + (uint32_t)m + (uint32_t)(m - 1));
    CU_ASSERT(check_segment(m - 40, m, m, m - 7));
}

static void test_arguments(void)
{
    ls_grid *g = NULL;
    ls_point cells[4], before[4];
    uint32_t n = 99;
    int32_t clear = 5;
    uint8_t most = 5;
    CU_ASSERT_FATAL(ls_grid_create(5, 4, NULL, &g) == LS_OK);
    CU_ASSERT_EQUAL(ls_line_of_sight(NULL, 0, 0, 1, 1, &clear),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_line_of_sight(g, 0, 0, 1, 1, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_line_cost(NULL, 0, 0, 1, 1, &most), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_line_cost(g, 0, 0, 1, 1, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_line_of_sight(g, -1, 0, 1, 1, &clear),
                    LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_line_of_sight(g, 0, 0, 5, 1, &clear),
                    LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_line_cost(g, 0, 4, 1, 1, &most), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_line_cost(g, 0, 0, 1, -1, &most), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(clear, 5);
    CU_ASSERT_EQUAL(most, 5);

    CU_ASSERT_EQUAL(ls_line_cells(0, 0, 1, 1, cells, 4, NULL),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_line_cells(0, 0, 1, 1, NULL, 4, &n),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_line_cells(-1, 0, 1, 1, cells, 4, &n),
                    LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_line_cells(0, 0, LS_MAX_DIMENSION, 1, cells, 4, &n),
                    LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(n, 99u);
    /* Too small: the count, nothing written; exactly enough: written. */
    memset(cells, 0x5a, sizeof cells);
    memcpy(before, cells, sizeof cells);
    CU_ASSERT_EQUAL(ls_line_cells(0, 0, 1, 1, cells, 3, &n),
                    LS_ERR_BUFFER_TOO_SMALL);
    CU_ASSERT_EQUAL(n, 4u);
    CU_ASSERT_EQUAL(memcmp(cells, before, sizeof cells), 0);
    CU_ASSERT_EQUAL(ls_line_cells(0, 0, 1, 1, cells, 4, &n), LS_OK);
    CU_ASSERT_EQUAL(n, 4u);
    CU_ASSERT_EQUAL(cells[3].x, 1);
    CU_ASSERT_EQUAL(cells[3].y, 1);
    ls_grid_destroy(g);
}

int suite_sight_register(void)
{
    CU_pSuite s = CU_add_suite("sight", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "cells match brute force on random segments",
                     test_cells_match_brute_force_on_random_segments) ||
        !CU_add_test(s, "cells match brute force on every 9x9 segment",
                     test_cells_match_brute_force_exhaustively) ||
        !CU_add_test(s, "named corner cases", test_named_corner_cases) ||
        !CU_add_test(s, "sight on pictures", test_sight_on_pictures) ||
        !CU_add_test(s, "sight and cost match brute force on random grids",
                     test_sight_and_cost_match_brute_force_on_random_grids) ||
        !CU_add_test(s, "long segments", test_long_segments) ||
        !CU_add_test(s, "arguments", test_arguments))
        return -1;
    return 0;
}
