/* SPDX-License-Identifier: MIT */
/*
 * suite_picture.c - the raster of cli/picture.h, without libpng (so every
 * target of the matrix runs it): its size, each layer of the palette at
 * known pixels, written here as numbers from docs/pictures.md's legend, the
 * order of the layers, scale limits and the pixel cap.
 */
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "../cli/picture.h"
#include "suites.h"
#include "test_util.h"

/* The pixel (px, py) of an image width pixels wide equals r, g, b. */
static int pixel_is(const uint8_t *rgb, uint32_t width, uint32_t px,
                    uint32_t py, int r, int g, int b)
{
    const uint8_t *p = rgb + ((size_t)py * width + px) * 3u;
    return p[0] == r && p[1] == g && p[2] == b;
}

static void test_picture_ground_palette(void)
{
    uint8_t c[3];
    cli_picture_ground(0, c);
    CU_ASSERT(c[0] == 40 && c[1] == 40 && c[2] == 48);
    cli_picture_ground(1, c);
    CU_ASSERT(c[0] == 236 && c[1] == 236 && c[2] == 228);
    cli_picture_ground(2, c);
    CU_ASSERT(c[0] == 222 && c[1] == 200 && c[2] == 150);
    cli_picture_ground(255, c);
    CU_ASSERT(c[0] == 110 && c[1] == 75 && c[2] == 35);
    /* cost 128: a + (b - a) * 126 / 253, truncated toward zero */
    cli_picture_ground(128, c);
    CU_ASSERT(c[0] == 222 - 112 * 126 / 253 && c[1] == 200 - 125 * 126 / 253 &&
              c[2] == 150 - 115 * 126 / 253);
}

/* A 4 x 3 map at scale 3 with every layer on it:
 *   row 0:  S  .  #  9        (S start, 9 terrain cost 9)
 *   row 1:  .  .  .  .
 *   row 2:  .  .  .  G
 * closed 0,0 1,0 0,1; open 1,1 3,1; path 0,0 1,1 2,2 3,2; waypoints 0,0
 * and 3,2 (start and goal, drawn over them) and 1,1. */
static void test_picture_layers(void)
{
    static const char *const rows[] = { "S.#9", "....", "...G" };
    static const uint8_t visits[12] = { 2, 2, 0, 0, 2, 1, 0, 1, 0, 0, 0, 0 };
    ls_point path[4] = { { 0, 0 }, { 1, 1 }, { 2, 2 }, { 3, 2 } };
    ls_point way[3] = { { 0, 0 }, { 1, 1 }, { 3, 2 } };
    ls_grid *g = tu_grid_from_rows(rows, 3);
    cli_picture p;
    uint8_t *rgb = NULL, t9[3];
    uint32_t w = 0, h = 0;

    CU_ASSERT_FATAL(g != NULL);
    memset(&p, 0, sizeof p);
    p.grid = g;
    p.visits = visits;
    p.path = path;
    p.path_length = 4;
    p.waypoints = way;
    p.waypoint_count = 3;
    p.has_ends = 1;
    p.start = path[0];
    p.goal = path[3];
    p.scale = 3;
    CU_ASSERT_FATAL(cli_picture_render(&p, &rgb, &w, &h) == 0);
    CU_ASSERT_EQUAL(w, 12u);
    CU_ASSERT_EQUAL(h, 9u);
    cli_picture_ground(9, t9);
    CU_ASSERT(pixel_is(rgb, w, 0, 0, 0, 176, 80));          /* start */
    CU_ASSERT(pixel_is(rgb, w, 11, 8, 220, 0, 0));          /* goal */
    CU_ASSERT(pixel_is(rgb, w, 3, 0, 151, 184, 236));       /* closed 1,0 */
    CU_ASSERT(pixel_is(rgb, w, 0, 3, 151, 184, 236));       /* closed 0,1 */
    CU_ASSERT(pixel_is(rgb, w, 9, 3, 144, 202, 155));       /* open 3,1 */
    CU_ASSERT(pixel_is(rgb, w, 6, 0, 40, 40, 48));          /* blocked 2,0 */
    CU_ASSERT(pixel_is(rgb, w, 9, 0, t9[0], t9[1], t9[2])); /* terrain 3,0 */
    CU_ASSERT(pixel_is(rgb, w, 6, 3, 236, 236, 228));       /* unvisited 2,1 */
    CU_ASSERT(pixel_is(rgb, w, 5, 3, 255, 140, 0));         /* path over open 1,1 */
    CU_ASSERT(pixel_is(rgb, w, 3, 3, 25, 25, 112));         /* line from 0,0 */
    CU_ASSERT(pixel_is(rgb, w, 6, 6, 255, 140, 0));         /* path 2,2 */
    /* The waypoint 1,1: a centred square of side 1 at scale 3. */
    CU_ASSERT(pixel_is(rgb, w, 4, 4, 25, 25, 112));
    /* The line from 1,1's centre (4,4) to 3,2's (10,7) crosses cell 2,1
     * and 2,2 at x = 6..8. */
    CU_ASSERT(pixel_is(rgb, w, 6, 5, 25, 25, 112));
    free(rgb);

    /* The map alone, and a partial path. */
    p.visits = NULL;
    p.waypoint_count = 0;
    p.partial = 1;
    p.has_ends = 0;
    p.scale = 1;
    CU_ASSERT_FATAL(cli_picture_render(&p, &rgb, &w, &h) == 0);
    CU_ASSERT(w == 4 && h == 3);
    CU_ASSERT(pixel_is(rgb, w, 0, 0, 200, 60, 200));
    CU_ASSERT(pixel_is(rgb, w, 1, 0, 236, 236, 228));
    CU_ASSERT(pixel_is(rgb, w, 3, 1, 236, 236, 228));
    free(rgb);
    ls_grid_destroy(g);
}

static void test_picture_limits(void)
{
    ls_grid *g = NULL;
    cli_picture p;
    uint8_t *rgb = (uint8_t *)&p;
    uint32_t w = 0, h = 0;

    CU_ASSERT_FATAL(ls_grid_create(300, 300, NULL, &g) == LS_OK);
    memset(&p, 0, sizeof p);
    p.grid = g;
    p.scale = 0;
    CU_ASSERT_EQUAL(cli_picture_render(&p, &rgb, &w, &h), -1);
    CU_ASSERT_PTR_NULL(rgb);
    p.scale = CLI_PICTURE_MAX_SCALE + 1;
    CU_ASSERT_EQUAL(cli_picture_render(&p, &rgb, &w, &h), -1);
    /* 9600 x 9600 > 2^26 pixels; 8192 x 8192 = 2^26 is allowed. */
    CU_ASSERT_EQUAL(cli_picture_size(g, 32, &w, &h), -1);
    CU_ASSERT(w == 9600 && h == 9600);
    ls_grid_destroy(g);
    CU_ASSERT_FATAL(ls_grid_create(256, 256, NULL, &g) == LS_OK);
    CU_ASSERT_EQUAL(cli_picture_size(g, 32, &w, &h), 0);
    CU_ASSERT(w == 8192 && h == 8192);
    ls_grid_destroy(g);
}

int suite_picture_register(void)
{
    CU_pSuite s = CU_add_suite("picture", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "picture: ground colours of the legend", test_picture_ground_palette) ||
        !CU_add_test(s, "picture: every layer at known pixels, in order", test_picture_layers) ||
        !CU_add_test(s, "picture: scale limits and the pixel cap", test_picture_limits))
        return -1;
    return 0;
}
