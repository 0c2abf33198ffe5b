/* SPDX-License-Identifier: MIT */
/* rng.c - SplitMix64, the project's specified generator (see lockstar.h). */
#include "hash.h"
#include "lockstar.h"

ls_status ls_rng_seed(ls_rng *rng, uint64_t seed)
{
    if (!rng)
        return LS_ERR_NULL_ARGUMENT;
    rng->state = seed;
    return LS_OK;
}

uint64_t ls_rng_next(ls_rng *rng)
{
    if (!rng)
        return 0;
    rng->state += LS_SPLITMIX_GAMMA;
    return ls__splitmix_mix(rng->state);
}

uint32_t ls_rng_below(ls_rng *rng, uint32_t bound)
{
    uint32_t x, threshold;
    if (!rng || bound == 0)
        return 0;
    /* (2^32 - bound) mod bound, computed in 32 bits. */
    threshold = (0u - bound) % bound;
    do {
        x = (uint32_t)(ls_rng_next(rng) >> 32);
    } while (x < threshold);
    return x % bound;
}
