/* SPDX-License-Identifier: MIT */
/*
 * isqrt.c - floor(sqrt(n)) on 64-bit integers, digit by digit in base 4:
 * each round decides one bit of the root from the remainder, so the result
 * is exact for every input and the same on every target (no division, no
 * float, no table).
 */
#include "isqrt.h"

uint32_t ls__isqrt_floor(uint64_t n)
{
    uint64_t rem = n, root = 0, bit = (uint64_t)1 << 62;

    while (bit > n)
        bit >>= 2;
    /* Invariant: root holds the bits decided so far, shifted so that
     * (root + bit) is the square's increment when the next bit is set. */
    while (bit != 0) {
        if (rem >= root + bit) {
            rem -= root + bit;
            root = (root >> 1) + bit;
        } else {
            root >>= 1;
        }
        bit >>= 2;
    }
    return (uint32_t)root;
}
