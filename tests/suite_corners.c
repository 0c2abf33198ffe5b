/* SPDX-License-Identifier: MIT */
/*
 * suite_corners.c - the diagonal corner rules on hand-made grids, with
 * exact paths:
 *   NONE  a diagonal needs both orthogonal cells passable;
 *   ONE   it needs at least one (clips a corner, never squeezes);
 *   ALL   it only needs its target.
 */
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suites.h"
#include "test_util.h"

static char why[256];

/* Run q on rows and compare status, cost and exact path. want_len 0 means
 * LS_NO_PATH is expected. */
static void expect_path(const char *const *rows, int32_t height,
                        int32_t connectivity, int32_t corner_rule,
                        int32_t want_cost, const ls_point *want,
                        uint32_t want_len)
{
    ls_grid *g = tu_grid_from_rows(rows, height);
    ls_search *s = NULL;
    ls_query q;
    ls_result r;
    ls_point path[64];
    int32_t w, h;

    CU_ASSERT_FATAL(g != NULL);
    ls_grid_size(g, &w, &h);
    CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
    ls_query_init(&q);
    q.connectivity = connectivity;
    q.corner_rule = corner_rule;
    CU_ASSERT_FATAL(tu_find(rows, height, 'S', &q.start_x, &q.start_y));
    CU_ASSERT_FATAL(tu_find(rows, height, 'G', &q.goal_x, &q.goal_y));
    memset(path, 0x55, sizeof path);
    CU_ASSERT(tu_find_checked(s, g, &q, path, 64, &r, why, sizeof why));
    if (want_len == 0) {
        CU_ASSERT_EQUAL(r.status, LS_NO_PATH);
    } else {
        CU_ASSERT_EQUAL(r.status, LS_OK);
        CU_ASSERT_EQUAL(r.cost, want_cost);
        CU_ASSERT_EQUAL(r.path_length, want_len);
        if (r.path_length == want_len)
            CU_ASSERT_EQUAL(memcmp(path, want, want_len * sizeof *want), 0);
    }
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/*
 * Every diagonal direction, every corner rule, every blocking of the two
 * orthogonal cells, in a 2 x 2 grid. The start sits in one corner and the
 * goal in the opposite one, so the diagonal points NE, SE, SW or NW.
 */
static void test_corner_rules_for_every_diagonal_direction(void)
{
    /* Start corner for NE, SE, SW, NW: the goal is the opposite corner. */
    static const int32_t start[4][2] = { { 0, 1 }, { 0, 0 }, { 1, 0 }, { 1, 1 } };
    int dir, rule, blocked;

    for (dir = 0; dir < 4; dir++)
        for (rule = LS_CORNERS_NONE; rule <= LS_CORNERS_ALL; rule++)
            for (blocked = 0; blocked < 4; blocked++) {
                /* bit 0: the cell beside the start along x (the x-side
                 * orthogonal); bit 1: the one along y. */
                char r0[3] = "..", r1[3] = "..";
                char *rows_rw[2];
                const char *rows[2];
                int32_t sx = start[dir][0], sy = start[dir][1];
                int32_t gx = 1 - sx, gy = 1 - sy;
                int allowed;
                ls_point want[3];
                uint32_t len;
                int32_t cost;

                rows_rw[0] = r0;
                rows_rw[1] = r1;
                rows_rw[sy][sx] = 'S';
                rows_rw[gy][gx] = 'G';
                if (blocked & 1)
                    rows_rw[sy][gx] = '#';
                if (blocked & 2)
                    rows_rw[gy][sx] = '#';
                rows[0] = r0;
                rows[1] = r1;

                if (rule == LS_CORNERS_NONE)
                    allowed = blocked == 0;
                else if (rule == LS_CORNERS_ONE)
                    allowed = blocked != 3;
                else
                    allowed = 1;
                want[0].x = sx;
                want[0].y = sy;
                if (allowed) {
                    want[1].x = gx;
                    want[1].y = gy;
                    len = 2;
                    cost = 14;
                } else if (blocked == 3) {
                    len = 0;
                    cost = -1;
                } else {
                    /* Around the corner through the open orthogonal. */
                    want[1].x = (blocked & 1) ? sx : gx;
                    want[1].y = (blocked & 1) ? gy : sy;
                    want[2].x = gx;
                    want[2].y = gy;
                    len = 3;
                    cost = 20;
                }
                expect_path(rows, 2, LS_CONNECT_8, rule, cost, want, len);
            }
}

/* Clipping a corner: through the gap in the wall, NONE walks around each
 * corner, ONE and ALL cut them. */
static const char *const gap_rows[] = {
    "S.....",
    "####.#",
    ".....G",
};

static void test_corners_none_walks_around_both_corners(void)
{
    static const ls_point want[] = { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 3, 0 },
                                     { 4, 0 }, { 4, 1 }, { 4, 2 }, { 5, 2 } };
    expect_path(gap_rows, 3, LS_CONNECT_8, LS_CORNERS_NONE, 70, want, 8);
}

static void test_corners_one_clips_a_single_blocked_corner(void)
{
    static const ls_point want[] = { { 0, 0 }, { 1, 0 }, { 2, 0 },
                                     { 3, 0 }, { 4, 1 }, { 5, 2 } };
    expect_path(gap_rows, 3, LS_CONNECT_8, LS_CORNERS_ONE, 58, want, 6);
    expect_path(gap_rows, 3, LS_CONNECT_8, LS_CORNERS_ALL, 58, want, 6);
}

/* Squeezing between two blocked cells: only ALL crosses the diagonal wall. */
static const char *const squeeze_rows[] = {
    "S..#",
    "..#.",
    ".#..",
    "#..G",
};

static void test_corners_none_and_one_never_squeeze_between_two_blocked(void)
{
    expect_path(squeeze_rows, 4, LS_CONNECT_8, LS_CORNERS_NONE, -1, NULL, 0);
    expect_path(squeeze_rows, 4, LS_CONNECT_8, LS_CORNERS_ONE, -1, NULL, 0);
}

static void test_corners_all_squeezes_between_two_blocked(void)
{
    static const ls_point want[] = { { 0, 0 }, { 1, 1 }, { 2, 2 }, { 3, 3 } };
    expect_path(squeeze_rows, 4, LS_CONNECT_8, LS_CORNERS_ALL, 42, want, 4);
}

/* 4-connectivity has no diagonals, whatever the corner rule says. */
static void test_corner_rule_does_not_matter_with_4_connectivity(void)
{
    static const ls_point want[] = { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 3, 0 },
                                     { 4, 0 }, { 4, 1 }, { 4, 2 }, { 5, 2 } };
    int rule;
    for (rule = LS_CORNERS_NONE; rule <= LS_CORNERS_ALL; rule++) {
        expect_path(gap_rows, 3, LS_CONNECT_4, rule, 70, want, 8);
        expect_path(squeeze_rows, 4, LS_CONNECT_4, rule, -1, NULL, 0);
    }
}

/* The grid's edge is not a blocked corner: a diagonal along the border
 * only passes cells inside the grid. */
static void test_diagonal_along_the_border_is_allowed_with_none(void)
{
    static const char *const rows[] = {
        "S..",
        "...",
        "..G",
    };
    static const ls_point want[] = { { 0, 0 }, { 1, 1 }, { 2, 2 } };
    expect_path(rows, 3, LS_CONNECT_8, LS_CORNERS_NONE, 28, want, 3);
}

int suite_corners_register(void)
{
    CU_pSuite s = CU_add_suite("corners", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "corner rules for every diagonal direction",
                     test_corner_rules_for_every_diagonal_direction) ||
        !CU_add_test(s, "NONE walks around both corners",
                     test_corners_none_walks_around_both_corners) ||
        !CU_add_test(s, "ONE (and ALL) clip a single blocked corner",
                     test_corners_one_clips_a_single_blocked_corner) ||
        !CU_add_test(s, "NONE and ONE never squeeze between two blocked",
                     test_corners_none_and_one_never_squeeze_between_two_blocked) ||
        !CU_add_test(s, "ALL squeezes between two blocked",
                     test_corners_all_squeezes_between_two_blocked) ||
        !CU_add_test(s, "corner rule does not matter with 4-connectivity",
                     test_corner_rule_does_not_matter_with_4_connectivity) ||
        !CU_add_test(s, "diagonal along the border is allowed with NONE",
                     test_diagonal_along_the_border_is_allowed_with_none))
        return -1;
    return 0;
}
