/* SPDX-License-Identifier: MIT */
/*
 * isqrt.c - floor(sqrt(n)) on 64-bit integers by Newton's method on the
 * integers: x' = floor((x + floor(n / x)) / 2) from any start at or above
 * floor(sqrt(n)) decreases strictly until it would not, and there x is
 * floor(sqrt(n)) exactly (for every integer a > 0, floor((a + floor(n/a))
 * / 2) >= floor(sqrt(n)), by the inequality of the means). So the result
 * is exact for every input and the same on every target (no float, no
 * table); the start only decides how many divisions it takes.
 */
#include "isqrt.h"

uint32_t ls__isqrt_floor(uint64_t n)
{
    uint64_t x, y, t = n;
    int h = 0;

    if (n < 2)
        return (uint32_t)n;
    /* h = ceil(bits(n) / 2): 2^(h-1) <= sqrt(n) < 2^h. */
    if (t >> 32) { t >>= 32; h += 16; }
    if (t >> 16) { t >>= 16; h += 8; }
    if (t >> 8) { t >>= 8; h += 4; }
    if (t >> 4) { t >>= 4; h += 2; }
    if (t >> 2) { t >>= 2; h += 1; }
    h += 1;             /* t is now 1, 2 or 3: one or two bits more */
    /* The first step from a = 2^(h-1) without a division (n >> (h-1) is
     * floor(n / a)): at or above floor(sqrt(n)) by the rule above, and
     * within 6 % of it. n < 2^(2h), so x < 2^(h+1) <= 2^33. */
    x = (((uint64_t)1 << (h - 1)) + (n >> (h - 1))) >> 1;
    for (;;) {
        y = (x + n / x) >> 1;
        if (y >= x)
            return (uint32_t)x;
        x = y;
    }
}
