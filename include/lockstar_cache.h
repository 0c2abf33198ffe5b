/* SPDX-License-Identifier: MIT */
/*
 * lockstar_cache.h - the exact path cache: answers a query it has seen on
 * the same grid, unedited since, with the bytes of the search it ran then.
 *
 * Part of the lockstar API: lockstar.h includes it, and it includes
 * lockstar.h, so either may be included first. Same conventions as
 * lockstar.h (every function returns an ls_status and validates its
 * arguments; nothing is written on an error unless said otherwise).
 *
 * The promise (docs/path-cache.md argues it): ls_path_cache_find(cache,
 * search, grid, q, points, capacity, result) returns exactly what
 * ls_find_path(search, grid, q, points, capacity, result) returns at that
 * moment - the same status, every field of *result, the same points in
 * points[0 .. path_length) and nothing written beyond them - whether the
 * cache holds the answer (a hit) or not (a miss: it runs ls_find_path and
 * keeps what it may). So a peer with a cache and a peer without one, or
 * with a cache of another size, never disagree.
 *
 * The one difference is the search context: a miss leaves it as
 * ls_find_path does (its read-outs, ls_search_path, ls_search_cell_state
 * and the rest, describe that query); a hit only checks the query against
 * it (ls_search_check) and leaves it untouched, so its read-outs still
 * describe the last query it ran.
 *
 * The key. An entry is found only by a call that agrees with the call that
 * stored it on every field of the ls_query but struct_size (start, goal,
 * connectivity, corner rule, heuristic, tie-break, algorithm, both step
 * costs, weight, max_expansions, clearance) and on the grid: the same grid
 * object (ls_grid_create call; never told apart by address), the same
 * revision (ls_grid_revision: every edit changes it, so an edit makes
 * every entry of that grid unreachable), the same size and the same map
 * digest (ls_grid_digest). A wrong answer would take one grid whose
 * 32-bit revision came round to the same value after 2^32 edits, while
 * the entry outlived them, AND whose cells changed without changing the
 * 64-bit digest.
 *
 * What is stored: only the outcomes a fresh search would repeat on the
 * same key - LS_OK (with its path), LS_NO_PATH and LS_EXPANSION_LIMIT
 * (max_expansions is part of the key). Never an error: a call the search
 * refuses (a bad option, a blocked goal, a context of the wrong size or
 * kind, ...) is passed to ls_find_path every time and counts neither as a
 * hit nor as a miss; nor LS_ERR_COST_OVERFLOW found part-way. Only
 * LS_ALGO_ASTAR, LS_ALGO_JPS and LS_ALGO_JPS_PLUS (JPS's answer from
 * tables every edit keeps exact) queries with the heuristics AUTO to
 * ZERO are stored: a search that reads other tables kept with the grid
 * (LS_ALGO_HPA's hierarchy, landmarks) can answer differently after
 * those tables change (rebuilt with another cluster size, brought up to
 * date), which no edit and no revision shows; such calls too go to
 * ls_find_path every time, uncounted. A found path
 * that did not fit the caller's buffer (LS_ERR_BUFFER_TOO_SMALL) is not
 * stored; a stored one met with too small a buffer returns
 * LS_ERR_BUFFER_TOO_SMALL with *result filled and no point written, as
 * ls_find_path does.
 *
 * Memory, bounded at creation (nothing is allocated after
 * ls_path_cache_create): max_entries entries and a pool of path points in
 * blocks of LS_PATH_CACHE_BLOCK_POINTS points; max_points is rounded up to
 * whole blocks. A path of n points holds ceil(n / LS_PATH_CACHE_BLOCK_POINTS)
 * blocks; LS_NO_PATH and LS_EXPANSION_LIMIT hold none. Total: about
 * 128 bytes per entry, 4 per hash bucket (one bucket per entry, rounded up
 * to a power of two) and 8.125 per point; ls_path_cache_stats gives the
 * exact figure.
 *
 * Eviction, a function of the sequence of calls alone (never of addresses,
 * time or threads): each entry has the time of its last use (stored, or
 * returned by a hit), counted in cache calls, and no two entries share
 * one. To store an answer, the least recently used entries are dropped,
 * oldest first, until a free entry and enough free blocks exist. An answer
 * needing more blocks than the whole pool is returned but not stored
 * (nothing is dropped for it).
 *
 * Time: a hit costs ls_search_check, a hash lookup and the copy of the
 * path, so it grows with the path's length (O(path length), like a
 * miss's bookkeeping); a miss costs the search plus O(path length). The
 * cache is not thread-safe: one thread at a time per cache.
 */
#ifndef LOCKSTAR_CACHE_H
#define LOCKSTAR_CACHE_H

#include "lockstar.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ls_path_cache ls_path_cache;

/* Points per block of the path pool. */
#define LS_PATH_CACHE_BLOCK_POINTS 32u
/* Largest max_entries and max_points. */
#define LS_PATH_CACHE_MAX_ENTRIES 0x01000000u
#define LS_PATH_CACHE_MAX_POINTS 0x10000000u

typedef struct ls_path_cache_config {
    uint32_t struct_size; /* sizeof(ls_path_cache_config); set by
                             ls_path_cache_config_init */
    uint32_t max_entries; /* answers held at once, 1 ..
                             LS_PATH_CACHE_MAX_ENTRIES (default 1024) */
    uint32_t max_points;  /* path points held at once, 0 ..
                             LS_PATH_CACHE_MAX_POINTS, rounded up to
                             whole blocks (default 65536; 0 keeps only
                             answers without a path) */
} ls_path_cache_config;

/* Fill config with the defaults above. */
ls_status ls_path_cache_config_init(ls_path_cache_config *config);

/* A cache made to config, all its memory allocated here through allocator
 * (NULL: malloc/free). Errors, *out NULL and nothing left allocated:
 * LS_ERR_NULL_ARGUMENT (config or out), LS_ERR_BAD_STRUCT_SIZE,
 * LS_ERR_BAD_SIZE (max_entries 0 or above LS_PATH_CACHE_MAX_ENTRIES,
 * max_points above LS_PATH_CACHE_MAX_POINTS), LS_ERR_SIZE_OVERFLOW (a
 * block's bytes do not fit a size_t), LS_ERR_OUT_OF_MEMORY. */
ls_status ls_path_cache_create(const ls_path_cache_config *config,
                               const ls_allocator *allocator,
                               ls_path_cache **out);

/* Free a cache. NULL is accepted and ignored. */
void ls_path_cache_destroy(ls_path_cache *cache);

/* ls_find_path(search, grid, q, points, capacity, result) through the
 * cache: the same status, *result and points (see above). Arguments as
 * ls_find_path's, with cache first: a NULL cache, search, grid, q or
 * result, or NULL points with capacity > 0, give LS_ERR_NULL_ARGUMENT
 * with nothing touched. Bounded time: a hit does no search. */
ls_status ls_path_cache_find(ls_path_cache *cache, ls_search *search,
                             const ls_grid *grid, const ls_query *q,
                             ls_point *points, uint32_t capacity,
                             ls_result *result);

typedef struct ls_path_cache_stats {
    uint64_t hits;       /* calls answered from the cache */
    uint64_t misses;     /* calls that searched (refused calls not
                            counted), whether or not the answer was
                            stored */
    uint64_t stores;     /* answers stored */
    uint64_t evictions;  /* entries dropped to make room (not by clear) */
    uint64_t bytes;      /* memory the cache holds, fixed at creation */
    uint32_t entries;    /* entries held now */
    uint32_t blocks;     /* blocks of the path pool held now */
    uint32_t max_entries;
    uint32_t max_blocks; /* blocks in the pool */
} ls_path_cache_stats;

/* The counters since creation (ls_path_cache_clear keeps them). Errors:
 * LS_ERR_NULL_ARGUMENT. */
ls_status ls_path_cache_stats_get(const ls_path_cache *cache,
                                  ls_path_cache_stats *out);

/* Drop every entry (not counted as evictions); the counters stay.
 * O(max_entries). Errors: LS_ERR_NULL_ARGUMENT. */
ls_status ls_path_cache_clear(ls_path_cache *cache);

#ifdef __cplusplus
}
#endif

#endif /* LOCKSTAR_CACHE_H */
