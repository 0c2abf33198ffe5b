/* SPDX-License-Identifier: MIT */
/*
 * mapgen.h - generated maps for the scaling run: size x size cells, each
 * blocked with probability percent/100 drawn from ls_rng (so any port can
 * rebuild the same map from the seed), and query pairs whose start and goal
 * are distinct, passable and connected under the benchmark's moves
 * (8-connected, no corner cutting).
 */
#ifndef LS_BENCH_MAPGEN_H
#define LS_BENCH_MAPGEN_H

#include <stdint.h>
#include "baselines.h"

/* The seed used by the scaling run for a map of the given size. */
uint64_t bench_mapgen_seed(int32_t size);

/* Fill *cells (malloc'd, size * size, 0 = blocked, 1 = open) and *queries
 * (malloc'd, count pairs). Draw order: every cell row by row with
 * ls_rng_below(rng, 100) < percent meaning blocked; then, per pair, start x,
 * start y, goal x, goal y with ls_rng_below(rng, size), redrawn whole until
 * both cells are open, distinct and connected. Returns 0, or -1 if memory
 * ran out or no pair could be found after many draws. */
int bench_mapgen(int32_t size, uint32_t percent, uint64_t seed,
                 uint32_t count, uint8_t **cells, bl_query **queries);

#endif
