/* SPDX-License-Identifier: MIT */
/*
 * suite_digest.c - the path digest (FNV-1a 64 over little-endian int32 x, y),
 * public and as the searches compute it, against constants computed
 * independently (Python, arbitrary-precision integers) and a byte-wise
 * FNV-1a written in test_util.c. (The SplitMix64 generator:
 * suite_numbers.c.)
 */
#include <stdint.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suites.h"
#include "test_util.h"
#include "../src/digest.h" /* ls__digest_extend_cell, the searches' digest */

static uint64_t digest_of(const ls_point *pts, uint32_t n)
{
    uint64_t d = 0;
    CU_ASSERT_EQUAL(ls_path_digest(pts, n, &d), LS_OK);
    return d;
}

static void test_empty_digest_is_offset_basis(void)
{
    ls_point p = { 5, 5 };
    CU_ASSERT_EQUAL(digest_of(NULL, 0), 0xcbf29ce484222325ull);
    CU_ASSERT_EQUAL(digest_of(&p, 0), 0xcbf29ce484222325ull);
}

/* Values computed outside C: FNV-1a 64 over struct.pack('<ii', x, y). */
static void test_digest_known_values(void)
{
    const ls_point origin[] = { { 0, 0 } };
    const ls_point two[] = { { 1, 2 }, { 3, 4 } };
    const ls_point negative[] = { { -1, 0 }, { 0, -1 }, { INT32_MIN, INT32_MAX } };
    CU_ASSERT_EQUAL(digest_of(origin, 1), 0xa8c7f832281a39c5ull);
    CU_ASSERT_EQUAL(digest_of(two, 2), 0x84c39a079fc08121ull);
    CU_ASSERT_EQUAL(digest_of(negative, 3), 0x36d2151ccf266e59ull);
    /* And the test's own byte-wise FNV-1a agrees with those constants. */
    CU_ASSERT_EQUAL(tu_fnv1a_points(origin, 1), 0xa8c7f832281a39c5ull);
    CU_ASSERT_EQUAL(tu_fnv1a_points(two, 2), 0x84c39a079fc08121ull);
    CU_ASSERT_EQUAL(tu_fnv1a_points(negative, 3), 0x36d2151ccf266e59ull);
}

/* Two's complement reinterpretation without implementation-defined
 * conversion. */
static int32_t to_int32(uint32_t u)
{
    return u <= 0x7FFFFFFFu ? (int32_t)u : -(int32_t)(~u) - 1;
}

static void test_digest_matches_bytewise_fnv_on_random_points(void)
{
    ls_rng rng;
    ls_point pts[64];
    int round, differ = 0;
    ls_rng_seed(&rng, 2718);
    for (round = 0; round < 500; round++) {
        uint32_t n = ls_rng_below(&rng, 65), i;
        for (i = 0; i < n; i++) {
            /* Full 32-bit range, negatives included. */
            pts[i].x = to_int32((uint32_t)(ls_rng_next(&rng) >> 32));
            pts[i].y = (int32_t)ls_rng_below(&rng, 200) - 100;
        }
        if (digest_of(pts, n) != tu_fnv1a_points(pts, n))
            differ++;
    }
    CU_ASSERT_EQUAL(differ, 0);
}

/* The searches digest their paths with ls__digest_extend_cell, which folds
 * the zero high bytes of grid coordinates into one multiply. It must agree
 * with the byte-wise FNV-1a for every coordinate a grid can have: the byte
 * edges, the largest grid's last cell, and random points. */
static void test_cell_digest_matches_bytewise_fnv(void)
{
    static const int32_t edges[] = { 0, 1, 255, 256, 257, 4095, 4096,
                                     LS_MAX_DIMENSION - 1, 65535 };
    const uint32_t count = sizeof edges / sizeof edges[0];
    ls_point pts[64];
    ls_rng rng;
    uint64_t h = LS_DIGEST_EMPTY;
    uint32_t i, j, n = 0, round;
    int differ = 0;
    for (i = 0; i < count; i++)
        for (j = 0; j < count; j++) {
            ls_point p;
            p.x = edges[i];
            p.y = edges[j];
            h = ls__digest_extend_cell(h, p);
            CU_ASSERT_EQUAL(ls__digest_extend_cell(LS_DIGEST_EMPTY, p),
                            tu_fnv1a_points(&p, 1));
        }
    /* The whole chain of 81 points, as a path would be digested. */
    {
        uint64_t expect = LS_DIGEST_EMPTY;
        for (i = 0; i < count; i++)
            for (j = 0; j < count; j++) {
                ls_point p;
                p.x = edges[i];
                p.y = edges[j];
                expect = ls__digest_extend(expect, p);
            }
        CU_ASSERT_EQUAL(h, expect);
    }
    ls_rng_seed(&rng, 1618);
    for (round = 0; round < 500; round++) {
        n = ls_rng_below(&rng, 65);
        h = LS_DIGEST_EMPTY;
        for (i = 0; i < n; i++) {
            pts[i].x = (int32_t)ls_rng_below(&rng, LS_MAX_DIMENSION);
            pts[i].y = (int32_t)ls_rng_below(&rng, LS_MAX_DIMENSION);
            h = ls__digest_extend_cell(h, pts[i]);
        }
        if (h != tu_fnv1a_points(pts, n))
            differ++;
    }
    CU_ASSERT_EQUAL(differ, 0);
}

/* Order matters: swapping points or coordinates changes the digest. */
static void test_digest_depends_on_order_and_axes(void)
{
    const ls_point ab[] = { { 1, 2 }, { 3, 4 } };
    const ls_point ba[] = { { 3, 4 }, { 1, 2 } };
    const ls_point swapped[] = { { 2, 1 }, { 4, 3 } };
    CU_ASSERT_NOT_EQUAL(digest_of(ab, 2), digest_of(ba, 2));
    CU_ASSERT_NOT_EQUAL(digest_of(ab, 2), digest_of(swapped, 2));
    CU_ASSERT_NOT_EQUAL(digest_of(ab, 1), digest_of(ab, 2));
}

int suite_digest_register(void)
{
    CU_pSuite s = CU_add_suite("digest", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "empty digest is the offset basis",
                     test_empty_digest_is_offset_basis) ||
        !CU_add_test(s, "digest known values", test_digest_known_values) ||
        !CU_add_test(s, "digest matches byte-wise FNV-1a on random points",
                     test_digest_matches_bytewise_fnv_on_random_points) ||
        !CU_add_test(s, "cell digest matches byte-wise FNV-1a",
                     test_cell_digest_matches_bytewise_fnv) ||
        !CU_add_test(s, "digest depends on order and axes",
                     test_digest_depends_on_order_and_axes))
        return -1;
    return 0;
}
