/* SPDX-License-Identifier: MIT */
/*
 * suite_world.c - world frames: exact floor division for every sign,
 * centres, range and frame errors, lengths against their definition
 * (checked by squaring, never by a square root), subadditivity, and the
 * integer square root under them.
 */
#include <stdio.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suites.h"
#include "test_util.h"
#include "../src/isqrt.h" /* the square root under every length */

#define ONE 65536

static ls_world frame(fix16_t ox, fix16_t oy, fix16_t size)
{
    ls_world w;
    w.origin_x = ox;
    w.origin_y = oy;
    w.cell_size = size;
    return w;
}

static int32_t cell_x(const ls_world *w, fix16_t x)
{
    ls_point c = { 12345, 12345 };
    CU_ASSERT_EQUAL(ls_world_cell(w, x, w->origin_y, &c), LS_OK);
    CU_ASSERT_EQUAL(c.y, 0);
    return c.x;
}

static void test_floor_for_every_sign(void)
{
    const ls_world one = frame(0, 0, ONE);
    const ls_world odd = frame(0, 0, 3);
    const ls_world shifted = frame(-10 * ONE, 5 * ONE, 2 * ONE);
    CU_ASSERT_EQUAL(cell_x(&one, 0), 0);
    CU_ASSERT_EQUAL(cell_x(&one, ONE - 1), 0);
    CU_ASSERT_EQUAL(cell_x(&one, ONE), 1);
    CU_ASSERT_EQUAL(cell_x(&one, -1), -1);
    CU_ASSERT_EQUAL(cell_x(&one, -ONE), -1);
    CU_ASSERT_EQUAL(cell_x(&one, -ONE - 1), -2);
    CU_ASSERT_EQUAL(cell_x(&one, INT32_MAX), 32767);
    CU_ASSERT_EQUAL(cell_x(&one, -INT32_MAX), -32768);
    CU_ASSERT_EQUAL(cell_x(&odd, -1), -1);
    CU_ASSERT_EQUAL(cell_x(&odd, -3), -1);
    CU_ASSERT_EQUAL(cell_x(&odd, -4), -2);
    CU_ASSERT_EQUAL(cell_x(&odd, 5), 1);
    CU_ASSERT_EQUAL(cell_x(&odd, 6), 2);
    /* origin -10: world -10 is cell 0, -10.00001 cell -1, -8 cell 1 */
    CU_ASSERT_EQUAL(cell_x(&shifted, -10 * ONE), 0);
    CU_ASSERT_EQUAL(cell_x(&shifted, -10 * ONE - 1), -1);
    CU_ASSERT_EQUAL(cell_x(&shifted, -8 * ONE), 1);
    CU_ASSERT_EQUAL(cell_x(&shifted, -8 * ONE - 1), 0);
}

/* The defining inequality o + c*s <= v < o + (c+1)*s, on random frames
 * and positions, or WORLD_RANGE exactly when c leaves int32. */
static void test_floor_matches_its_definition(void)
{
    ls_rng rng;
    int i, bad = 0;
    ls_rng_seed(&rng, 99);
    /* Random cases: fewer under an emulator (tu_trials). */
    for (i = 0; i < (int)tu_trials(200000) && bad < 5; i++) {
        const uint32_t kind = ls_rng_below(&rng, 4);
        fix16_t size = kind == 0 ? 1 + (fix16_t)ls_rng_below(&rng, 7)
                     : kind == 1 ? 1 + (fix16_t)ls_rng_below(&rng, 1u << 20)
                     : (fix16_t)(ls_rng_next(&rng) >> 33);
        ls_world w;
        fix16_t x = (fix16_t)(uint32_t)ls_rng_next(&rng);
        fix16_t y = (fix16_t)(uint32_t)ls_rng_next(&rng);
        ls_point c;
        ls_status st;
        int64_t cx, cy, off;
        if (size == 0)
            size = 1;
        if (x == INT32_MIN)
            x++;
        if (y == INT32_MIN)
            y++;
        w = frame((fix16_t)(uint32_t)ls_rng_next(&rng) | 1,
                  (fix16_t)(ls_rng_below(&rng, 2001)) - 1000, size);
        st = ls_world_cell(&w, x, y, &c);
        /* The true floors, by a loop-free but different route: shift
         * into the positive range, where C's division is the floor. */
        off = ((int64_t)1 << 33) / size + 2; /* off * size > 2^33 */
        cx = ((int64_t)x - w.origin_x + off * size) / size - off;
        cy = ((int64_t)y - w.origin_y + off * size) / size - off;
        if (cx < INT32_MIN || cx > INT32_MAX || cy < INT32_MIN ||
            cy > INT32_MAX) {
            if (st != LS_ERR_WORLD_RANGE)
                bad++;
            continue;
        }
        if (st != LS_OK || c.x != cx || c.y != cy)
            bad++;
        else if (!((int64_t)w.origin_x + cx * size <= x &&
                   x < (int64_t)w.origin_x + (cx + 1) * size))
            bad++;
    }
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_to_cell_checks_the_grid(void)
{
    ls_grid *g = NULL;
    const ls_world w = frame(-3 * ONE, -2 * ONE, ONE / 2);
    ls_point c = { 7, 7 };
    CU_ASSERT_FATAL(ls_grid_create(10, 6, NULL, &g) == LS_OK);
    CU_ASSERT_EQUAL(ls_world_to_cell(&w, g, -3 * ONE, -2 * ONE, &c), LS_OK);
    CU_ASSERT(c.x == 0 && c.y == 0);
    /* the last cell's far corner is outside, just before it inside */
    CU_ASSERT_EQUAL(ls_world_to_cell(&w, g, 2 * ONE - 1, 1 * ONE - 1, &c),
                    LS_OK);
    CU_ASSERT(c.x == 9 && c.y == 5);
    c.x = c.y = 7;
    CU_ASSERT_EQUAL(ls_world_to_cell(&w, g, 2 * ONE, 0, &c),
                    LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_world_to_cell(&w, g, 0, ONE, &c), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_world_to_cell(&w, g, -3 * ONE - 1, 0, &c),
                    LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_world_to_cell(&w, g, 0, -2 * ONE - 1, &c),
                    LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT(c.x == 7 && c.y == 7);
    {
        /* a cell beyond int32: out of bounds here, out of range raw */
        const ls_world tiny = frame(INT32_MAX, 0, 1);
        CU_ASSERT_EQUAL(ls_world_to_cell(&tiny, g, -INT32_MAX, 0, &c),
                        LS_ERR_OUT_OF_BOUNDS);
        CU_ASSERT_EQUAL(ls_world_cell(&tiny, -INT32_MAX, 0, &c),
                        LS_ERR_WORLD_RANGE);
        CU_ASSERT_EQUAL(ls_world_to_cell(&tiny, g, INT32_MIN, 0, &c),
                        LS_ERR_WORLD_RANGE);
    }
    CU_ASSERT(c.x == 7 && c.y == 7);
    CU_ASSERT_EQUAL(ls_world_to_cell(NULL, g, 0, 0, &c), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_world_to_cell(&w, NULL, 0, 0, &c), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_world_to_cell(&w, g, 0, 0, NULL), LS_ERR_NULL_ARGUMENT);
    ls_grid_destroy(g);
}

static void test_centres(void)
{
    const ls_world one = frame(0, 0, ONE);
    const ls_world odd = frame(-5, 7, 3);
    fix16_t x = 1, y = 1;
    ls_rng rng;
    int i, bad = 0;
    CU_ASSERT_EQUAL(ls_world_cell_center(&one, 0, 0, &x, &y), LS_OK);
    CU_ASSERT(x == ONE / 2 && y == ONE / 2);
    CU_ASSERT_EQUAL(ls_world_cell_center(&one, -1, 2, &x, &y), LS_OK);
    CU_ASSERT(x == -ONE / 2 && y == 2 * ONE + ONE / 2);
    /* odd raw size 3: floor(3 / 2) = 1 */
    CU_ASSERT_EQUAL(ls_world_cell_center(&odd, 0, -1, &x, &y), LS_OK);
    CU_ASSERT(x == -4 && y == 5);
    /* every centre's cell is its cell; centres differ by whole cells */
    ls_rng_seed(&rng, 5);
    /* Random cases: fewer under an emulator (tu_trials). */
    for (i = 0; i < (int)tu_trials(20000); i++) {
        const ls_world w = frame((fix16_t)ls_rng_below(&rng, 1u << 24) - (1 << 23),
                                 (fix16_t)ls_rng_below(&rng, 1u << 24) - (1 << 23),
                                 1 + (fix16_t)ls_rng_below(&rng, i % 2 ? 9 : 1u << 18));
        const int32_t cx = (int32_t)ls_rng_below(&rng, 4001) - 2000;
        const int32_t cy = (int32_t)ls_rng_below(&rng, 4001) - 2000;
        fix16_t x2, y2;
        ls_point c;
        ls_status st = ls_world_cell_center(&w, cx, cy, &x, &y);
        const int64_t wx = (int64_t)w.origin_x + (int64_t)cx * w.cell_size +
                           w.cell_size / 2;
        if (wx < -INT32_MAX || wx > INT32_MAX) {
            bad += st != LS_ERR_WORLD_RANGE;
            continue;
        }
        if (st != LS_OK) {
            bad += (int64_t)w.origin_y + (int64_t)cy * w.cell_size +
                   w.cell_size / 2 <= INT32_MAX &&
                   (int64_t)w.origin_y + (int64_t)cy * w.cell_size +
                   w.cell_size / 2 >= -INT32_MAX;
            continue;
        }
        bad += x != wx;
        bad += ls_world_cell(&w, x, y, &c) != LS_OK || c.x != cx || c.y != cy;
        if (ls_world_cell_center(&w, cx + 3, cy - 2, &x2, &y2) == LS_OK)
            bad += (int64_t)x2 - x != 3 * (int64_t)w.cell_size ||
                   (int64_t)y - y2 != 2 * (int64_t)w.cell_size;
    }
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_centre_range_edges(void)
{
    /* size 2.0, origin 0: centre of cx is 2cx + 1 (in units of 1.0) */
    const ls_world w = frame(0, 0, 2 * ONE);
    fix16_t x = 9, y = 9;
    /* cell 16383's centre is 32767.0; cell 16384's 32769.0: too far */
    CU_ASSERT_EQUAL(ls_world_cell_center(&w, 16383, 0, &x, &y), LS_OK);
    CU_ASSERT_EQUAL(x, 32767 * ONE);
    x = 9;
    CU_ASSERT_EQUAL(ls_world_cell_center(&w, 16384, 0, &x, &y),
                    LS_ERR_WORLD_RANGE);
    CU_ASSERT_EQUAL(ls_world_cell_center(&w, 0, -16385, &x, &y),
                    LS_ERR_WORLD_RANGE);
    CU_ASSERT_EQUAL(x, 9);
    /* exactly 0x7FFFFFFF is allowed, exactly -2^31 is not */
    {
        const ls_world top = frame(INT32_MAX - 1, 0, 2);
        const ls_world bottom = frame(-INT32_MAX, 0, 2);
        CU_ASSERT_EQUAL(ls_world_cell_center(&top, 0, 0, &x, &y), LS_OK);
        CU_ASSERT_EQUAL(x, INT32_MAX);
        CU_ASSERT_EQUAL(ls_world_cell_center(&top, 1, 0, &x, &y),
                        LS_ERR_WORLD_RANGE);
        CU_ASSERT_EQUAL(ls_world_cell_center(&bottom, -1, 0, &x, &y),
                        LS_ERR_WORLD_RANGE); /* -2^31 + 1 - 2 ... */
        CU_ASSERT_EQUAL(ls_world_cell_center(&bottom, 0, 0, &x, &y), LS_OK);
        CU_ASSERT_EQUAL(x, -INT32_MAX + 1);
    }
    {
        /* a result of exactly -2^31: origin -2^31 + 1, size 2, cell -1 */
        const ls_world w2 = frame(-INT32_MAX, 0, 2);
        x = 9;
        CU_ASSERT_EQUAL(ls_world_cell_center(&w2, -1, 0, &x, &y),
                        LS_ERR_WORLD_RANGE);
        CU_ASSERT_EQUAL(x, 9);
    }
    /* extreme cells and sizes do not wrap */
    {
        const ls_world big = frame(0, 0, INT32_MAX);
        CU_ASSERT_EQUAL(ls_world_cell_center(&big, INT32_MIN, 0, &x, &y),
                        LS_ERR_WORLD_RANGE);
        CU_ASSERT_EQUAL(ls_world_cell_center(&big, INT32_MAX, 0, &x, &y),
                        LS_ERR_WORLD_RANGE);
        CU_ASSERT_EQUAL(ls_world_cell_center(&big, 0, 0, &x, &y), LS_OK);
        CU_ASSERT_EQUAL(x, INT32_MAX / 2);
    }
}

static void test_frames_and_arguments(void)
{
    const ls_world good = frame(0, 0, ONE);
    ls_world bad;
    ls_point c = { 3, 3 };
    fix16_t x = 4, y = 4, len = 5;
    ls_point pts[2] = { { 0, 0 }, { 1, 1 } };

    bad = frame(0, 0, 0);
    CU_ASSERT_EQUAL(ls_world_cell(&bad, 0, 0, &c), LS_ERR_BAD_FRAME);
    bad = frame(0, 0, -ONE);
    CU_ASSERT_EQUAL(ls_world_cell(&bad, 0, 0, &c), LS_ERR_BAD_FRAME);
    CU_ASSERT_EQUAL(ls_world_cell_center(&bad, 0, 0, &x, &y), LS_ERR_BAD_FRAME);
    CU_ASSERT_EQUAL(ls_world_segment_length(&bad, 0, 0, 1, 1, &len),
                    LS_ERR_BAD_FRAME);
    CU_ASSERT_EQUAL(ls_world_path_length(&bad, pts, 2, &len), LS_ERR_BAD_FRAME);
    bad = frame(INT32_MIN, 0, ONE);
    CU_ASSERT_EQUAL(ls_world_cell(&bad, 0, 0, &c), LS_ERR_BAD_FRAME);
    bad = frame(0, INT32_MIN, ONE);
    CU_ASSERT_EQUAL(ls_world_cell_center(&bad, 0, 0, &x, &y), LS_ERR_BAD_FRAME);
    /* the frame is judged before the values */
    bad = frame(0, 0, 0);
    CU_ASSERT_EQUAL(ls_world_cell(&bad, INT32_MIN, 0, &c), LS_ERR_BAD_FRAME);
    CU_ASSERT_EQUAL(ls_world_cell(&good, INT32_MIN, 0, &c), LS_ERR_WORLD_RANGE);
    CU_ASSERT_EQUAL(ls_world_cell(&good, 0, INT32_MIN, &c), LS_ERR_WORLD_RANGE);
    CU_ASSERT(c.x == 3 && c.y == 3 && x == 4 && y == 4 && len == 5);

    CU_ASSERT_EQUAL(ls_world_cell(NULL, 0, 0, &c), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_world_cell(&good, 0, 0, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_world_cell_center(NULL, 0, 0, &x, &y),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_world_cell_center(&good, 0, 0, NULL, &y),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_world_cell_center(&good, 0, 0, &x, NULL),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_world_distance(0, 0, 1, 1, NULL), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_world_segment_length(NULL, 0, 0, 1, 1, &len),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_world_segment_length(&good, 0, 0, 1, 1, NULL),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_world_path_length(NULL, pts, 2, &len),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_world_path_length(&good, NULL, 2, &len),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_world_path_length(&good, pts, 2, NULL),
                    LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_world_path_length(&good, NULL, 0, &len), LS_OK);
    CU_ASSERT_EQUAL(len, 0);
    len = 5;
    CU_ASSERT_EQUAL(ls_world_path_length(&good, pts, 1, &len), LS_OK);
    CU_ASSERT_EQUAL(len, 0);
}

/* r = floor(sqrt(n)) exactly when r^2 <= n < (r + 1)^2, checked without
 * overflow: (r + 1)^2 > n  <=>  n - r^2 < 2r + 1 (given r^2 <= n). */
static int is_floor_root(uint64_t n, uint64_t r)
{
    return r < ((uint64_t)1 << 32) && r * r <= n && n - r * r < 2 * r + 1;
}

static void test_isqrt(void)
{
    static const uint64_t fixed[] = { 0, 1, 2, 3, 4, 5, 8, 9, 10, 15, 16,
        UINT64_MAX, UINT64_MAX - 1, (uint64_t)1 << 62, ((uint64_t)1 << 62) - 1,
        ((uint64_t)1 << 63) - 1, UINT64_C(0xFFFFFFFE00000001),
        UINT64_C(0xFFFFFFFE00000000), UINT64_C(0xFFFFFFFE00000002) };
    ls_rng rng;
    size_t i;
    int bad = 0;
    for (i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        bad += !is_floor_root(fixed[i], ls__isqrt_floor(fixed[i]));
    CU_ASSERT_EQUAL(ls__isqrt_ceil(0), 0u);
    CU_ASSERT_EQUAL(ls__isqrt_ceil(1), 1u);
    CU_ASSERT_EQUAL(ls__isqrt_ceil(2), 2u);
    CU_ASSERT_EQUAL(ls__isqrt_ceil(4), 2u);
    CU_ASSERT_EQUAL(ls__isqrt_ceil(5), 3u);
    CU_ASSERT_EQUAL(ls__isqrt_ceil(UINT64_MAX), (uint64_t)1 << 32);
    ls_rng_seed(&rng, 31);
    /* Random cases: fewer under an emulator (tu_trials). */
    for (i = 0; i < tu_trials(200000); i++) {
        const uint64_t k = ls_rng_next(&rng) >> (32 + ls_rng_below(&rng, 32));
        const uint64_t n = ls_rng_next(&rng) >> ls_rng_below(&rng, 64);
        bad += !is_floor_root(n, ls__isqrt_floor(n));
        bad += ls__isqrt_floor(k * k) != k;
        if (k > 0)
            bad += ls__isqrt_floor(k * k - 1) != k - 1 ||
                   ls__isqrt_ceil(k * k) != k;
        if (k > 1)
            bad += ls__isqrt_ceil(k * k - 1) != k;
        bad += ls__isqrt_ceil(k * k + 1) != k + 1;
    }
    CU_ASSERT_EQUAL(bad, 0);
}

/* len = ceil(sqrt(dx^2 + dy^2)) exactly when (len-1)^2 < d2 <= len^2. */
static int is_length(int64_t dx, int64_t dy, fix16_t len)
{
    const uint64_t ux = (uint64_t)(dx < 0 ? -dx : dx);
    const uint64_t uy = (uint64_t)(dy < 0 ? -dy : dy);
    const uint64_t d2 = ux * ux + uy * uy, l = (uint64_t)len;
    if (len < 0)
        return 0;
    return l * l >= d2 && (l == 0 || (l - 1) * (l - 1) < d2);
}

static void test_lengths(void)
{
    const ls_world one = frame(-7 * ONE, 3 * ONE, ONE);
    ls_rng rng;
    fix16_t len = 0;
    int i, bad = 0;
    CU_ASSERT_EQUAL(ls_world_distance(0, 0, 3, 4, &len), LS_OK);
    CU_ASSERT_EQUAL(len, 5);
    CU_ASSERT_EQUAL(ls_world_distance(0, 0, 1, 1, &len), LS_OK);
    CU_ASSERT_EQUAL(len, 2); /* ceil(1.414...) */
    CU_ASSERT_EQUAL(ls_world_segment_length(&one, 5, 5, 6, 5, &len), LS_OK);
    CU_ASSERT_EQUAL(len, ONE);
    CU_ASSERT_EQUAL(ls_world_segment_length(&one, 5, 5, 4, 6, &len), LS_OK);
    CU_ASSERT_EQUAL(len, 92682); /* 65536 * 1.41421356... = 92681.9 */
    CU_ASSERT_EQUAL(ls_world_segment_length(&one, -3, 9, 0, 5, &len), LS_OK);
    CU_ASSERT_EQUAL(len, 5 * ONE);
    /* range: components up to 0x7FFFFFFF, results up to 0x7FFFFFFF */
    CU_ASSERT_EQUAL(ls_world_distance(-INT32_MAX, 0, 0, 0, &len), LS_OK);
    CU_ASSERT_EQUAL(len, INT32_MAX);
    CU_ASSERT_EQUAL(ls_world_distance(-INT32_MAX, 0, 1, 0, &len),
                    LS_ERR_WORLD_RANGE);
    /* (2^30 - 1) * sqrt 2 fits; 0x60000000 * sqrt 2 does not */
    CU_ASSERT_EQUAL(ls_world_distance(0, 0, INT32_MAX / 2, INT32_MAX / 2, &len),
                    LS_OK);
    CU_ASSERT_EQUAL(len, 1518500249);
    CU_ASSERT_EQUAL(ls_world_distance(0, 0, 0x60000000, 0x60000000, &len),
                    LS_ERR_WORLD_RANGE);
    CU_ASSERT_EQUAL(ls_world_distance(INT32_MIN, 0, 0, 0, &len),
                    LS_ERR_WORLD_RANGE);
    CU_ASSERT_EQUAL(ls_world_distance(0, 0, 0, INT32_MIN, &len),
                    LS_ERR_WORLD_RANGE);
    CU_ASSERT_EQUAL(ls_world_segment_length(&one, 0, 0, 32767, 0, &len), LS_OK);
    CU_ASSERT_EQUAL(len, 32767 * ONE);
    CU_ASSERT_EQUAL(ls_world_segment_length(&one, 0, 0, 32768, 0, &len),
                    LS_ERR_WORLD_RANGE);
    CU_ASSERT_EQUAL(ls_world_segment_length(&one, INT32_MIN, 0, INT32_MAX, 0,
                                            &len), LS_ERR_WORLD_RANGE);
    ls_rng_seed(&rng, 8);
    /* Random cases: fewer under an emulator (tu_trials). */
    for (i = 0; i < (int)tu_trials(100000); i++) {
        const fix16_t ax = (fix16_t)(ls_rng_next(&rng) >> (35 + ls_rng_below(&rng, 20)));
        const fix16_t ay = -(fix16_t)(ls_rng_next(&rng) >> (35 + ls_rng_below(&rng, 20)));
        const fix16_t bx = (fix16_t)(ls_rng_next(&rng) >> (35 + ls_rng_below(&rng, 20)));
        const fix16_t by = (fix16_t)(ls_rng_next(&rng) >> (35 + ls_rng_below(&rng, 20)));
        const ls_world w = frame(ax, ay, 1 + (fix16_t)ls_rng_below(&rng, 1u << 19));
        const int32_t cx = (int32_t)ls_rng_below(&rng, 2000) - 1000;
        const int32_t cy = (int32_t)ls_rng_below(&rng, 2000) - 1000;
        const int32_t dx = (int32_t)ls_rng_below(&rng, 200) - 100;
        const int32_t dy = (int32_t)ls_rng_below(&rng, 200) - 100;
        fix16_t a1, a2, b1, b2, seg, dist;
        ls_status st = ls_world_distance(ax, ay, bx, by, &len);
        if (st != LS_OK || !is_length((int64_t)bx - ax, (int64_t)by - ay, len)) {
            fprintf(stderr, "\n    distance %d,%d -> %d,%d: status %d, %d\n",
                    (int)ax, (int)ay, (int)bx, (int)by, (int)st, (int)len);
            bad++;
        }
        /* a segment's length is the distance of the two centres */
        st = ls_world_segment_length(&w, cx, cy, cx + dx, cy + dy, &seg);
        if (st == LS_OK) {
            bad += !is_length((int64_t)dx * w.cell_size,
                              (int64_t)dy * w.cell_size, seg);
            if (ls_world_cell_center(&w, cx, cy, &a1, &a2) == LS_OK &&
                ls_world_cell_center(&w, cx + dx, cy + dy, &b1, &b2) == LS_OK) {
                bad += ls_world_distance(a1, a2, b1, b2, &dist) != LS_OK ||
                       dist != seg;
            }
        } else {
            bad += st != LS_ERR_WORLD_RANGE;
        }
    }
    CU_ASSERT_EQUAL(bad, 0);
}

/* Subadditivity: seg(a, c) <= seg(a, b) + seg(b, c) for any cells, which
 * is what makes a smoothed path never longer. */
static void test_lengths_are_subadditive(void)
{
    ls_rng rng;
    int i, bad = 0;
    ls_rng_seed(&rng, 1010);
    /* Random cases: fewer under an emulator (tu_trials). */
    for (i = 0; i < (int)tu_trials(100000); i++) {
        const ls_world w = frame(0, 0, 1 + (fix16_t)ls_rng_below(&rng, i % 3 ? 70000 : 7));
        ls_point p[3];
        fix16_t ac, ab, bc, chain;
        int k;
        for (k = 0; k < 3; k++) {
            p[k].x = (int32_t)ls_rng_below(&rng, 60);
            p[k].y = (int32_t)ls_rng_below(&rng, 60);
        }
        if (ls_world_segment_length(&w, p[0].x, p[0].y, p[2].x, p[2].y, &ac) != LS_OK ||
            ls_world_segment_length(&w, p[0].x, p[0].y, p[1].x, p[1].y, &ab) != LS_OK ||
            ls_world_segment_length(&w, p[1].x, p[1].y, p[2].x, p[2].y, &bc) != LS_OK ||
            ls_world_path_length(&w, p, 3, &chain) != LS_OK) {
            bad++;
            continue;
        }
        bad += (int64_t)ac > (int64_t)ab + bc;
        bad += chain != ab + bc;
    }
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_path_length_overflow(void)
{
    const ls_world w = frame(0, 0, 1 << 30);
    /* two straight steps of 2^30: 2^31 > 0x7FFFFFFF */
    const ls_point three[3] = { { 0, 0 }, { 1, 0 }, { 2, 0 } };
    const ls_point one_diag[2] = { { 0, 0 }, { 1, 1 } };
    fix16_t len = 77;
    CU_ASSERT_EQUAL(ls_world_path_length(&w, three, 2, &len), LS_OK);
    CU_ASSERT_EQUAL(len, 1 << 30);
    len = 77;
    CU_ASSERT_EQUAL(ls_world_path_length(&w, three, 3, &len),
                    LS_ERR_WORLD_RANGE);
    CU_ASSERT_EQUAL(ls_world_path_length(&w, one_diag, 2, &len), LS_OK);
    CU_ASSERT_EQUAL(len, 1518500250); /* ceil(2^30 * sqrt 2) */
    CU_ASSERT(is_length(1 << 30, 1 << 30, len));
}

int suite_world_register(void)
{
    CU_pSuite s = CU_add_suite("world", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "floor for every sign", test_floor_for_every_sign) ||
        !CU_add_test(s, "floor matches its definition",
                     test_floor_matches_its_definition) ||
        !CU_add_test(s, "to_cell checks the grid", test_to_cell_checks_the_grid) ||
        !CU_add_test(s, "centres", test_centres) ||
        !CU_add_test(s, "centre range edges", test_centre_range_edges) ||
        !CU_add_test(s, "frames and arguments", test_frames_and_arguments) ||
        !CU_add_test(s, "integer square root", test_isqrt) ||
        !CU_add_test(s, "lengths", test_lengths) ||
        !CU_add_test(s, "lengths are subadditive",
                     test_lengths_are_subadditive) ||
        !CU_add_test(s, "path length overflow", test_path_length_overflow))
        return -1;
    return 0;
}
