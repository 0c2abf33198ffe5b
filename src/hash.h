/* SPDX-License-Identifier: MIT */
/*
 * hash.h - the library's two small mixing rules, written once:
 *
 *   FNV-1a 64 (offset basis 0xcbf29ce484222325, prime 0x100000001b3) over
 *   integers fed little-endian at a stated width. Every digest of the
 *   contract that hashes bytes (the path digest, the self-test digest, the
 *   crowd's tick and agent digests, the flow field digest) folds through
 *   ls__fnv1a_le.
 *
 *   SplitMix64 (Steele, Lea, Flood 2014): the generator's step (the golden
 *   gamma) and its finaliser, used by ls_rng, by the map digest's per-cell
 *   terms and by the queue's id index.
 *
 * The bytes are taken from the integer, never from memory, so the result
 * does not depend on the host's byte order.
 */
#ifndef LS_HASH_H
#define LS_HASH_H

#include <stdint.h>

#define LS_FNV_BASIS 0xcbf29ce484222325ull
#define LS_FNV_PRIME 0x100000001b3ull

/* FNV-1a over the low `bytes` bytes of v (1..8), least significant first. */
static inline uint64_t ls__fnv1a_le(uint64_t h, uint64_t v, unsigned bytes)
{
    unsigned k;
    for (k = 0; k < bytes; k++)
        h = (h ^ ((v >> (8u * k)) & 0xffu)) * LS_FNV_PRIME;
    return h;
}

/* SplitMix64's increment (the golden gamma). */
#define LS_SPLITMIX_GAMMA 0x9e3779b97f4a7c15ull

/* SplitMix64's finaliser; everything wraps mod 2^64. */
static inline uint64_t ls__splitmix_mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

#endif
