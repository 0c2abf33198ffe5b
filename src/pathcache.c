/* SPDX-License-Identifier: MIT */
/*
 * pathcache.c - the exact path cache (lockstar_cache.h): answers of
 * ls_find_path kept by a key that holds everything they depend on, so a
 * hit can hand back the stored bytes instead of searching again.
 *
 * Layout, all allocated by ls_path_cache_create:
 *   entries   max_entries slots, each one key, one ls_result and links;
 *   buckets   a power of two >= max_entries chain heads (entry indexes),
 *             chains linked through entry.bucket_next;
 *   pool      the path points in blocks of LS_PATH_CACHE_BLOCK_POINTS, a
 *             path's blocks chained through block_next.
 * Free entries and free blocks are stacks (LIFO), and the entries in use
 * form a list from the most to the least recently used. Which slot or
 * block a path lands in never shows in an answer; what is evicted depends
 * only on that list, i.e. on the order of the calls.
 *
 * Blocks rather than one contiguous arena: storing and dropping a path of
 * n points then costs O(n), with no compaction whose cost would grow with
 * the pool, at the price of a part-filled last block per path.
 */
#include <string.h>
#include "alloc.h"
#include "grid.h"
#include "hash.h"
#include "pathcache.h"

#define NONE 0xFFFFFFFFu
#define BLOCK LS_PATH_CACHE_BLOCK_POINTS

/* The key in 32-bit words: the grid's stamp (2 words), revision, digest
 * (2), width, height, then every ls_query field but struct_size (14). */
#define KEY_GRID_WORDS 7u
#define KEY_WORDS 21u

/* 128 bytes on every target: the result first (the only 64-bit field),
 * then 32-bit words only, so no padding depends on the ABI. */
typedef struct cache_entry {
    ls_result result;
    uint32_t key[KEY_WORDS];
    uint32_t hash;
    uint32_t bucket_next; /* next in its bucket's chain, or in the free
                             stack; NONE ends either */
    uint32_t newer, older; /* the use list, NONE at its ends */
    uint32_t first_block;  /* the path's first block, NONE without path */
} cache_entry;

struct ls_path_cache {
    ls_allocator allocator;
    cache_entry *entries;
    uint32_t *buckets;
    ls_point *pool;
    uint32_t *block_next;
    uint32_t max_entries, bucket_count, max_blocks;
    uint32_t free_entry, free_block;
    uint32_t used_entries, used_blocks;
    uint32_t newest, oldest;
    uint64_t hits, misses, stores, evictions, bytes;
};

ls_status ls_path_cache_config_init(ls_path_cache_config *config)
{
    if (!config)
        return LS_ERR_NULL_ARGUMENT;
    config->struct_size = (uint32_t)sizeof *config;
    config->max_entries = 1024u;
    config->max_points = 65536u;
    return LS_OK;
}

/* Every entry and block free, no chain, an empty use list. */
static void reset(ls_path_cache *c)
{
    uint32_t i;
    for (i = 0; i < c->max_entries; i++)
        c->entries[i].bucket_next = i + 1u < c->max_entries ? i + 1u : NONE;
    for (i = 0; i < c->bucket_count; i++)
        c->buckets[i] = NONE;
    for (i = 0; i < c->max_blocks; i++)
        c->block_next[i] = i + 1u < c->max_blocks ? i + 1u : NONE;
    c->free_entry = 0;
    c->free_block = c->max_blocks ? 0u : NONE;
    c->used_entries = c->used_blocks = 0;
    c->newest = c->oldest = NONE;
}

static void release_all(ls_path_cache *c)
{
    ls_allocator a = c->allocator;
    ls__release(&a, c->entries, (size_t)c->max_entries * sizeof *c->entries);
    ls__release(&a, c->buckets, (size_t)c->bucket_count * sizeof(uint32_t));
    ls__release(&a, c->pool, (size_t)c->max_blocks * BLOCK * sizeof(ls_point));
    ls__release(&a, c->block_next, (size_t)c->max_blocks * sizeof(uint32_t));
    ls__release(&a, c, sizeof *c);
}

ls_status ls_path_cache_create(const ls_path_cache_config *config,
                               const ls_allocator *allocator,
                               ls_path_cache **out)
{
    ls_allocator a;
    ls_path_cache *c;
    uint32_t blocks, buckets = 1;
    uint64_t entry_bytes, pool_bytes;

    if (!out)
        return LS_ERR_NULL_ARGUMENT;
    *out = NULL;
    if (!config)
        return LS_ERR_NULL_ARGUMENT;
    if (config->struct_size != sizeof *config)
        return LS_ERR_BAD_STRUCT_SIZE;
    if (config->max_entries == 0 ||
        config->max_entries > LS_PATH_CACHE_MAX_ENTRIES ||
        config->max_points > LS_PATH_CACHE_MAX_POINTS)
        return LS_ERR_BAD_SIZE;
    blocks = (config->max_points + (BLOCK - 1u)) / BLOCK; /* no wrap: 2^28 */
    while (buckets < config->max_entries) /* at most 2^24 */
        buckets <<= 1;
    entry_bytes = (uint64_t)config->max_entries * sizeof(cache_entry);
    pool_bytes = (uint64_t)blocks * BLOCK * sizeof(ls_point);
    if (entry_bytes > (uint64_t)SIZE_MAX || pool_bytes > (uint64_t)SIZE_MAX)
        return LS_ERR_SIZE_OVERFLOW;

    c = ls__alloc_object(allocator, &a, sizeof *c);
    if (!c)
        return LS_ERR_OUT_OF_MEMORY;
    c->allocator = a;
    c->max_entries = config->max_entries;
    c->bucket_count = buckets;
    c->max_blocks = blocks;
    c->entries = ls__alloc(&a, (size_t)entry_bytes);
    c->buckets = ls__alloc(&a, (size_t)buckets * sizeof(uint32_t));
    if (blocks) {
        c->pool = ls__alloc(&a, (size_t)pool_bytes);
        c->block_next = ls__alloc(&a, (size_t)blocks * sizeof(uint32_t));
    }
    if (!c->entries || !c->buckets ||
        (blocks && (!c->pool || !c->block_next))) {
        release_all(c);
        return LS_ERR_OUT_OF_MEMORY;
    }
    memset(c->entries, 0, (size_t)entry_bytes);
    c->bytes = (uint64_t)sizeof *c + entry_bytes + pool_bytes +
               (uint64_t)buckets * sizeof(uint32_t) +
               (uint64_t)blocks * sizeof(uint32_t);
    reset(c);
    *out = c;
    return LS_OK;
}

void ls_path_cache_destroy(ls_path_cache *cache)
{
    if (cache)
        release_all(cache);
}

ls_status ls_path_cache_clear(ls_path_cache *cache)
{
    if (!cache)
        return LS_ERR_NULL_ARGUMENT;
    reset(cache);
    return LS_OK;
}

ls_status ls_path_cache_stats_get(const ls_path_cache *cache,
                                  ls_path_cache_stats *out)
{
    if (!cache || !out)
        return LS_ERR_NULL_ARGUMENT;
    out->hits = cache->hits;
    out->misses = cache->misses;
    out->stores = cache->stores;
    out->evictions = cache->evictions;
    out->bytes = cache->bytes;
    out->entries = cache->used_entries;
    out->blocks = cache->used_blocks;
    out->max_entries = cache->max_entries;
    out->max_blocks = cache->max_blocks;
    return LS_OK;
}

/* ---------------------------------------------------------------- keys */

/* Everything a query's answer depends on (lockstar_cache.h, "The key"):
 * the grid's identity and state, then the query's fields. The signed
 * fields go in as their two's complement bits. */
static void make_key(uint32_t key[KEY_WORDS], const ls_grid *g,
                     const ls_query *q)
{
    key[0] = (uint32_t)g->stamp;
    key[1] = (uint32_t)(g->stamp >> 32);
    key[2] = g->revision;
    key[3] = (uint32_t)g->digest;
    key[4] = (uint32_t)(g->digest >> 32);
    key[5] = (uint32_t)g->width;
    key[6] = (uint32_t)g->height;
    key[7] = (uint32_t)q->start_x;
    key[8] = (uint32_t)q->start_y;
    key[9] = (uint32_t)q->goal_x;
    key[10] = (uint32_t)q->goal_y;
    key[11] = (uint32_t)q->connectivity;
    key[12] = (uint32_t)q->corner_rule;
    key[13] = (uint32_t)q->heuristic;
    key[14] = (uint32_t)q->tie_break;
    key[15] = (uint32_t)q->algorithm;
    key[16] = q->straight_cost;
    key[17] = q->diagonal_cost;
    key[18] = (uint32_t)q->weight;
    key[19] = q->max_expansions;
    key[20] = q->clearance;
}

/* Only picks the bucket: entries are told apart by the whole key. */
static uint32_t key_hash(const uint32_t key[KEY_WORDS])
{
    uint64_t h = 0;
    uint32_t i;
    for (i = 0; i + 1u < KEY_WORDS; i += 2u)
        h = ls__splitmix_mix(h + ((uint64_t)key[i] << 32 | key[i + 1u]) +
                             LS_SPLITMIX_GAMMA);
    h = ls__splitmix_mix(h + key[KEY_WORDS - 1u] + LS_SPLITMIX_GAMMA);
    return (uint32_t)(h >> 32);
}

/* Word by word rather than memcmp, which is not among the few libc calls
 * the library may make (tests/check-symbols.sh). */
static int same_key(const uint32_t *a, const uint32_t *b)
{
    uint32_t i;
    for (i = 0; i < KEY_WORDS; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

static uint32_t lookup(const ls_path_cache *c, const uint32_t *key,
                       uint32_t hash)
{
    uint32_t e = c->buckets[hash & (c->bucket_count - 1u)];
    while (e != NONE) {
        const cache_entry *entry = &c->entries[e];
        if (entry->hash == hash &&
            same_key(entry->key, key))
            return e;
        e = entry->bucket_next;
    }
    return NONE;
}

/* ------------------------------------------------------------ use list */

static void unlink_use(ls_path_cache *c, uint32_t e)
{
    cache_entry *entry = &c->entries[e];
    if (entry->newer != NONE)
        c->entries[entry->newer].older = entry->older;
    else
        c->newest = entry->older;
    if (entry->older != NONE)
        c->entries[entry->older].newer = entry->newer;
    else
        c->oldest = entry->newer;
}

static void link_newest(ls_path_cache *c, uint32_t e)
{
    cache_entry *entry = &c->entries[e];
    entry->newer = NONE;
    entry->older = c->newest;
    if (c->newest != NONE)
        c->entries[c->newest].newer = e;
    else
        c->oldest = e;
    c->newest = e;
}

/* Drop the least recently used entry: out of its bucket's chain and the
 * use list, its blocks and itself back on the free stacks. */
static void evict_oldest(ls_path_cache *c)
{
    uint32_t e = c->oldest, *link, b;
    cache_entry *entry = &c->entries[e];

    link = &c->buckets[entry->hash & (c->bucket_count - 1u)];
    while (*link != e)
        link = &c->entries[*link].bucket_next;
    *link = entry->bucket_next;
    unlink_use(c, e);

    b = entry->first_block;
    while (b != NONE) {
        uint32_t next = c->block_next[b];
        c->block_next[b] = c->free_block;
        c->free_block = b;
        c->used_blocks--;
        b = next;
    }
    entry->bucket_next = c->free_entry;
    c->free_entry = e;
    c->used_entries--;
    c->evictions++;
}

/* Keep an answer: result, and for LS_OK its points. Nothing happens when
 * the path needs more blocks than the pool has. */
static void store(ls_path_cache *c, const uint32_t *key, uint32_t hash,
                  const ls_result *result, const ls_point *points)
{
    uint32_t length = result->status == LS_OK ? result->path_length : 0u;
    uint32_t blocks = length / BLOCK + (length % BLOCK != 0u);
    uint32_t e, done, *tail;
    cache_entry *entry;

    if (blocks > c->max_blocks)
        return;
    while (c->free_entry == NONE || c->max_blocks - c->used_blocks < blocks)
        evict_oldest(c);

    e = c->free_entry;
    entry = &c->entries[e];
    c->free_entry = entry->bucket_next;
    c->used_entries++;
    entry->result = *result;
    memcpy(entry->key, key, sizeof entry->key);
    entry->hash = hash;

    tail = &entry->first_block;
    for (done = 0; done < length; done += BLOCK) {
        uint32_t b = c->free_block, n = length - done;
        c->free_block = c->block_next[b];
        memcpy(&c->pool[(size_t)b * BLOCK], points + done,
               (size_t)(n < BLOCK ? n : BLOCK) * sizeof(ls_point));
        *tail = b;
        tail = &c->block_next[b];
    }
    *tail = NONE;
    c->used_blocks += blocks;

    entry->bucket_next = c->buckets[hash & (c->bucket_count - 1u)];
    c->buckets[hash & (c->bucket_count - 1u)] = e;
    link_newest(c, e);
    c->stores++;
}

/* A hit: the stored answer as ls_find_path returns it. */
static ls_status answer(ls_path_cache *c, uint32_t e, ls_point *points,
                        uint32_t capacity, ls_result *result)
{
    const cache_entry *entry = &c->entries[e];
    uint32_t length = entry->result.path_length, done, b;

    unlink_use(c, e);
    link_newest(c, e);
    c->hits++;
    *result = entry->result;
    if (entry->result.status != LS_OK)
        return entry->result.status;
    if (capacity < length)
        return LS_ERR_BUFFER_TOO_SMALL;
    b = entry->first_block;
    for (done = 0; done < length; done += BLOCK) {
        uint32_t n = length - done;
        memcpy(points + done, &c->pool[(size_t)b * BLOCK],
               (size_t)(n < BLOCK ? n : BLOCK) * sizeof(ls_point));
        b = c->block_next[b];
    }
    return LS_OK;
}

/* Whether q's answer is a function of the key alone. A* and JPS read
 * nothing but the cells and the query; JPS+ gives JPS's answer byte for
 * byte from tables every edit keeps exact, and without them the check
 * before the lookup refuses it. Searches that read other tables kept
 * with the grid (a hierarchy, landmarks) are not: those can change
 * without an edit (rebuilt with other settings, brought up to date
 * under a budget), which the grid's revision does not show, so they are
 * passed on and never stored until the key can hold their tables' state.
 * A list of what is known safe, so that nothing added later slips in. */
static int answer_keyed_by_cells(const ls_query *q)
{
    return (q->algorithm == LS_ALGO_ASTAR || q->algorithm == LS_ALGO_JPS ||
            q->algorithm == LS_ALGO_JPS_PLUS) &&
           q->heuristic >= LS_HEURISTIC_AUTO &&
           q->heuristic <= LS_HEURISTIC_ZERO;
}

int ls__path_cache_lookup(ls_path_cache *cache, const ls_grid *grid,
                          const ls_query *q, ls_point *points,
                          uint32_t capacity, ls_result *result,
                          ls_status *status)
{
    uint32_t key[KEY_WORDS], e;
    if (!answer_keyed_by_cells(q))
        return 0;
    make_key(key, grid, q);
    e = lookup(cache, key, key_hash(key));
    if (e == NONE)
        return 0;
    *status = answer(cache, e, points, capacity, result);
    return 1;
}

void ls__path_cache_store(ls_path_cache *cache, const ls_grid *grid,
                          const ls_query *q, ls_status status,
                          const ls_result *result, const ls_point *points)
{
    uint32_t key[KEY_WORDS], hash;
    cache->misses++;
    /* Outcomes of the search alone; an error part-way is not kept, nor a
     * path the caller's buffer could not hold (it was not copied). */
    if (!answer_keyed_by_cells(q) ||
        (status != LS_OK && status != LS_NO_PATH &&
         status != LS_EXPANSION_LIMIT))
        return;
    make_key(key, grid, q);
    hash = key_hash(key);
    /* Two requests of one crowd run with the same query both missed
     * before either was kept: the first kept stays (the answers are the
     * same bytes). */
    if (lookup(cache, key, hash) != NONE)
        return;
    store(cache, key, hash, result, points);
}

ls_status ls_path_cache_find(ls_path_cache *cache, ls_search *search,
                             const ls_grid *grid, const ls_query *q,
                             ls_point *points, uint32_t capacity,
                             ls_result *result)
{
    ls_status st;

    if (!cache || !search || !grid || !q || !result ||
        (!points && capacity > 0))
        return LS_ERR_NULL_ARGUMENT;
    /* A query the search would refuse is never answered here: the search
     * refuses it again, leaving the context as it always does. Nor one
     * whose answer the key does not pin. */
    if (ls_search_check(search, grid, q) != LS_OK ||
        !answer_keyed_by_cells(q))
        return ls_find_path(search, grid, q, points, capacity, result);
    if (ls__path_cache_lookup(cache, grid, q, points, capacity, result, &st))
        return st;
    st = ls_find_path(search, grid, q, points, capacity, result);
    ls__path_cache_store(cache, grid, q, st, result, points);
    return st;
}
