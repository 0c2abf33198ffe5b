/* SPDX-License-Identifier: MIT */
/*
 * isqrt.h - exact integer square roots, the one place lengths in world
 * units are rounded (src/world.c). Exact for every input, no floating
 * point (src/isqrt.c: a table, one Newton step, an exact correction).
 */
#ifndef LS_ISQRT_H
#define LS_ISQRT_H

#include <stdint.h>

/* floor(sqrt(n)) for every 64-bit n (always below 2^32). */
uint32_t ls__isqrt_floor(uint64_t n);

/* ceil(sqrt(n)) for every 64-bit n (at most 2^32). */
static inline uint64_t ls__isqrt_ceil(uint64_t n)
{
    const uint64_t r = ls__isqrt_floor(n);
    return r * r == n ? r : r + 1u;
}

#endif
