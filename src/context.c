/* SPDX-License-Identifier: MIT */
/*
 * context.c - search contexts: all the memory a query needs, allocated once
 * for a grid size so that queries never allocate.
 */
#include <stdint.h>
#include "alloc.h"
#include "grid.h"
#include "openlist.h"
#include "search.h"

uint32_t ls_search_bytes_per_cell(uint32_t flags)
{
    /* A full context: 16-byte nodes (g, tag, next, prev) and the heap; a
     * compact one: 8-byte nodes (g, tag) and an array of next. */
    if (flags == LS_SEARCH_COMPACT)
        return (uint32_t)(sizeof(ls_node) + sizeof(uint32_t));
    if (flags == LS_SEARCH_FULL)
        return (uint32_t)(sizeof(ls_node) + 3u * sizeof(uint32_t));
    return 0;
}

static void release_all(ls_search *s)
{
    const ls_allocator *a = &s->allocator;
    ls__release(a, s->nodes, (size_t)s->cell_count << s->open.node_shift);
    if (s->kind == LS_SEARCH_COMPACT) /* else the links are in the nodes */
        ls__release(a, s->open.link, (size_t)s->cell_count * sizeof(uint32_t));
    ls__release(a, s->open.heap, (size_t)s->cell_count * sizeof(uint32_t));
    ls__release(a, s->open.heads, (size_t)s->open.bucket_count * sizeof(uint32_t));
    ls__release(a, s->open.sort_keys, LS_SORT_KEYS * sizeof(uint64_t));
    ls__release(a, s->open.occupied,
                (size_t)(s->open.bucket_count >> 6) * sizeof(uint64_t));
}

ls_status ls_search_create(int32_t width, int32_t height,
                           const ls_allocator *allocator, ls_search **out)
{
    return ls_search_create_with(width, height, LS_SEARCH_FULL, allocator,
                                 out);
}

ls_status ls_search_create_with(int32_t width, int32_t height, uint32_t flags,
                                const ls_allocator *allocator, ls_search **out)
{
    ls_allocator a;
    ls_search *s;
    uint32_t cells, i;
    ls_status st;

    if (!out)
        return LS_ERR_NULL_ARGUMENT;
    *out = NULL;
    st = ls__creation_cells(width, height, flags, &cells);
    if (st != LS_OK)
        return st;
    /* Only a 32-bit size_t can overflow here: the largest block is the
     * node array, 16 bytes per cell (full) or 8 (compact). */
    if (((uint64_t)cells << (flags == LS_SEARCH_FULL ? 4u : 3u)) >
        (uint64_t)SIZE_MAX)
        return LS_ERR_SIZE_OVERFLOW;

    s = ls__alloc_object(allocator, &a, sizeof *s);
    if (!s)
        return LS_ERR_OUT_OF_MEMORY;
    s->allocator = a;
    s->cell_count = cells;
    s->open.bucket_count = ls__open_ring_size(width, height);
    s->kind = flags;
    if (flags == LS_SEARCH_FULL) {
        /* 16-byte nodes: g, tag, then the open list's next and prev. */
        s->open.node_shift = 4;
        s->open.link_shift = 2;
        s->nodes = ls__alloc_zeroed(&a, (size_t)cells << 4);
        s->open.link = s->nodes ? (uint32_t *)s->nodes + 2 : NULL;
        s->open.heap = ls__alloc(&a, (size_t)cells * sizeof(uint32_t));
    } else {
        s->open.node_shift = 3;
        s->open.link_shift = 0;
        s->nodes = ls__alloc_zeroed(&a, (size_t)cells << 3);
        s->open.link = ls__alloc(&a, (size_t)cells * sizeof(uint32_t));
    }
    s->open.heads = ls__alloc(&a, (size_t)s->open.bucket_count * sizeof(uint32_t));
    s->open.sort_keys = ls__alloc(&a, LS_SORT_KEYS * sizeof(uint64_t));
    s->open.occupied = ls__alloc_zeroed(
        &a, (size_t)(s->open.bucket_count >> 6) * sizeof(uint64_t));
    if (!s->nodes || !s->open.link || !s->open.heads || !s->open.sort_keys ||
        !s->open.occupied ||
        (flags == LS_SEARCH_FULL && !s->open.heap)) {
        release_all(s);
        ls__release(&a, s, sizeof *s);
        return LS_ERR_OUT_OF_MEMORY;
    }
    /* Generation 0 is never used by a query, so zeroed tags mean "unseen":
     * the nodes came zeroed, and without a caller's allocator as pages
     * the system zeroes on first touch (src/alloc.c), so a context costs
     * only the cells its queries reach. Nothing else is per cell: the heap
     * and the links are written before they are read. */
    for (i = 0; i < s->open.bucket_count; i++)
        s->open.heads[i] = LS_NO_CELL;
    s->width = width;
    s->height = height;
    s->stride = (uint32_t)width + 2u;
    s->row_magic = (((uint64_t)1 << 48) / s->stride) + 1u;
    /* A large context sweeps its stamps a slice per query instead of
     * clearing them all at the wrap (src/driver.c): the wrap would read
     * every tag at once, a stall of a second on the largest grids, where
     * pages no query reached are read for the first time. */
    if (cells > LS_SWEEP_MIN_CELLS) {
        s->clear_from = 0;
        s->sweep_step = cells / (LS_GENERATION_MAX - 1u) + 1u;
    } else {
        s->clear_from = LS_GENERATION_MAX;
        s->sweep_step = 0;
    }
    s->sweep_cursor = 0;
    s->open.capacity = cells;
    s->open.top = LS_NO_CELL;
    s->generation = 0;
    s->phase = LS_PHASE_IDLE;
    *out = s;
    return LS_OK;
}

void ls_search_destroy(ls_search *s)
{
    ls_allocator a;
    if (!s)
        return;
    a = s->allocator;
    release_all(s);
    ls__release(&a, s, sizeof *s);
}
