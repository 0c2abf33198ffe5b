/* SPDX-License-Identifier: MIT */
/*
 * pathcache.h - the path cache's two halves (src/pathcache.c), for a
 * caller that searches elsewhere, such as on a batch's workers: look an
 * answer up before the search, keep the search's answer after it.
 * ls_path_cache_find is these two around ls_find_path.
 */
#ifndef LS_PATHCACHE_H
#define LS_PATHCACHE_H

#include "lockstar.h"

/* If the cache holds q's answer on grid, give it as ls_find_path gives
 * it: *status, *result, and for LS_OK the points (LS_ERR_BUFFER_TOO_SMALL
 * in *status, *result filled and no point written, when capacity is
 * short), count a hit and return 1. Else return 0, touching nothing
 * (no miss is counted). The caller must know that ls_find_path would
 * accept q on grid with the context it would use (ls_search_check): a
 * refused query is never stored, but neither is it looked for here. */
int ls__path_cache_lookup(ls_path_cache *cache, const ls_grid *grid,
                          const ls_query *q, ls_point *points,
                          uint32_t capacity, ls_result *result,
                          ls_status *status);

/* After ls_find_path(q on grid) returned status with *result and points:
 * count a miss and keep the answer if it may be kept (lockstar_cache.h,
 * "What is stored") and q is not kept yet (a lookup just missed it; a
 * crowd run may search the same query twice before keeping either). */
void ls__path_cache_store(ls_path_cache *cache, const ls_grid *grid,
                          const ls_query *q, ls_status status,
                          const ls_result *result, const ls_point *points);

#endif
