/* SPDX-License-Identifier: MIT */
/*
 * mapdigest.h - the map digest of lockstar.h (ls_grid_digest): a sum of one
 * mixed term per cell, so an edit updates it in O(1) by taking the old
 * cell's term out and putting the new one in. src/grid.c keeps it current,
 * src/mapdigest.c reads it.
 */
#ifndef LS_MAPDIGEST_H
#define LS_MAPDIGEST_H

#include <stdint.h>
#include "hash.h"

/* Each term is SplitMix64's finaliser of what it mixes. */
#define ls__map_mix ls__splitmix_mix

/* The term of the grid's size. */
static inline uint64_t ls__map_size_term(int32_t width, int32_t height)
{
    return ls__map_mix(((uint64_t)(uint32_t)width << 32 |
                        (uint64_t)(uint32_t)height) ^ 0x6c6f636b73746172ull);
}

/* What a cell's term mixes, less its cost: cell index + 1's is 256 more
 * than index's (a whole-grid rebuild steps through them by addition). */
static inline uint64_t ls__map_cell_term_base(uint32_t index)
{
    return (uint64_t)index * 256u + LS_SPLITMIX_GAMMA;
}

/* The term of cell index = y * width + x holding cost. */
static inline uint64_t ls__map_cell_term(uint32_t index, uint8_t cost)
{
    return ls__map_mix(ls__map_cell_term_base(index) + cost);
}

#endif
