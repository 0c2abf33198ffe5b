/* SPDX-License-Identifier: MIT */
/*
 * digest.h - the path digest of the determinism contract: FNV-1a 64 over
 * each point's x then y as 4 little-endian bytes (lockstar.h,
 * ls_path_digest). Used by src/digest.c and by the searches, which digest
 * a found path as they store it (src/path.c).
 */
#ifndef LS_DIGEST_H
#define LS_DIGEST_H

#include <stdint.h>
#include "hash.h"
#include "lockstar.h"

/* The digest of no points (FNV-1a 64 offset basis), and one more point
 * (x then y, each as 4 little-endian bytes of its two's complement). */
#define LS_DIGEST_EMPTY LS_FNV_BASIS

static inline uint64_t ls__digest_extend(uint64_t digest, ls_point point)
{
    return ls__fnv1a_le(ls__fnv1a_le(digest, (uint32_t)point.x, 4),
                        (uint32_t)point.y, 4);
}

/* The same for a point of a grid, whose coordinates are 0..LS_MAX_DIMENSION-1
 * and so below 2^16: their two high bytes are zero, and FNV-1a of a zero
 * byte is a bare multiply, so the last three multiplies of each coordinate
 * fold into one by the prime cubed (mod 2^64, as the hash itself wraps).
 * Half the multiplies of ls__digest_extend, on the dependency chain that
 * every found path's digest waits for. */
#define LS_FNV_PRIME_CUBED (LS_FNV_PRIME * LS_FNV_PRIME * LS_FNV_PRIME)

static inline uint64_t ls__digest_extend_cell(uint64_t digest, ls_point point)
{
    const uint32_t x = (uint32_t)point.x, y = (uint32_t)point.y;
    digest = (digest ^ (x & 0xffu)) * LS_FNV_PRIME;
    digest = (digest ^ (x >> 8)) * LS_FNV_PRIME_CUBED;
    digest = (digest ^ (y & 0xffu)) * LS_FNV_PRIME;
    return (digest ^ (y >> 8)) * LS_FNV_PRIME_CUBED;
}

#endif
