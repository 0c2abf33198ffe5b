/* SPDX-License-Identifier: MIT */
/*
 * digest.c - the oracle's digests (oracle.h), from their definitions in
 * lockstar.h: FNV-1a 64 over little-endian bytes (the path digest, and
 * the fold the self-test and the vector files use), and the map digest,
 * a sum of SplitMix64-mixed terms, one per cell, recomputed from scratch.
 */
#include <stdlib.h>
#include "oracle.h"

#define FNV_PRIME 0x100000001b3ull

uint64_t or_fnv_byte(uint64_t h, uint8_t byte)
{
    return (h ^ byte) * FNV_PRIME;
}

uint64_t or_fnv32(uint64_t h, uint32_t v)
{
    int i;
    for (i = 0; i < 4; i++)
        h = or_fnv_byte(h, (uint8_t)((v >> (8 * i)) & 0xffu));
    return h;
}

uint64_t or_fnv64(uint64_t h, uint64_t v)
{
    h = or_fnv32(h, (uint32_t)(v & 0xffffffffu));
    return or_fnv32(h, (uint32_t)(v >> 32));
}

uint64_t tu_fnv1a_points(const ls_point *points, uint32_t count)
{
    uint64_t h = OR_FNV_BASIS;
    uint32_t i;
    /* Two's complement by conversion to uint32_t, then bytes lowest
     * first: the little-endian encoding, on any host. */
    for (i = 0; i < count; i++) {
        h = or_fnv32(h, (uint32_t)points[i].x);
        h = or_fnv32(h, (uint32_t)points[i].y);
    }
    return h;
}

/* lockstar.h's mix(): SplitMix64's finalizer. */
static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint64_t or_map_digest(const uint8_t *cells, int32_t w, int32_t h)
{
    uint64_t d = mix(((uint64_t)(uint32_t)w << 32 | (uint64_t)(uint32_t)h) ^
                     0x6c6f636b73746172ull);
    uint64_t i, n = (uint64_t)(uint32_t)w * (uint64_t)(uint32_t)h;
    for (i = 0; i < n; i++)
        d += mix(i * 256u + cells[i] + 0x9e3779b97f4a7c15ull);
    return d;
}

uint64_t or_grid_digest(const ls_grid *grid)
{
    int32_t w = 0, h = 0;
    uint8_t *cells = tu_cells(grid, &w, &h);
    uint64_t d;
    if (!cells)
        return 0;
    d = or_map_digest(cells, w, h);
    free(cells);
    return d;
}
