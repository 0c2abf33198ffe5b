/* SPDX-License-Identifier: MIT */
/*
 * crowd_pool.c - the crowd's route pool: one block of points per agent,
 * placed at the top of the used part and linked in pool order. Freed
 * blocks leave holes that a compaction (blocks moved down, in pool order)
 * closes when a new block does not fit above the top; so the pool never
 * fragments, and where a block sits never changes a result (blocks are
 * found through their agent, never by position).
 */
#include <string.h>
#include "alloc.h"
#include "crowd.h"
#include "lockstar.h"

ls_status ls__crowd_pool_create(ls_crowd *c, uint32_t points)
{
    c->pool_size = points;
    c->pool_top = c->pool_used = 0;
    c->pool_first = c->pool_last = LS__CROWD_NONE;
    if (points > 0) {
        c->pool = ls__alloc(&c->allocator, (size_t)points * sizeof *c->pool);
        if (!c->pool)
            return LS_ERR_OUT_OF_MEMORY;
    }
    return LS_OK;
}

void ls__crowd_pool_destroy(ls_crowd *c)
{
    ls__release(&c->allocator, c->pool, (size_t)c->pool_size * sizeof *c->pool);
    c->pool = NULL;
    c->pool_size = 0;
}

static uint32_t slot_of(const ls_crowd *c, const ls__crowd_agent *a)
{
    return (uint32_t)(a - c->agents);
}

void ls__crowd_pool_release(ls_crowd *c, ls__crowd_agent *a)
{
    if (a->room == 0)
        return;
    if (a->pool_prev != LS__CROWD_NONE)
        c->agents[a->pool_prev].pool_next = a->pool_next;
    else
        c->pool_first = a->pool_next;
    if (a->pool_next != LS__CROWD_NONE)
        c->agents[a->pool_next].pool_prev = a->pool_prev;
    else
        c->pool_last = a->pool_prev;
    if (c->pool_last == LS__CROWD_NONE)
        c->pool_top = 0;
    else
        c->pool_top = c->agents[c->pool_last].block +
                      c->agents[c->pool_last].room;
    c->pool_used -= a->room;
    a->block = LS__CROWD_NONE;
    a->room = 0;
    a->pool_prev = a->pool_next = LS__CROWD_NONE;
    a->path_length = a->way_count = 0;
}

/* Move every block down over the holes, in pool order. */
static void compact(ls_crowd *c)
{
    uint32_t k, top = 0;
    for (k = c->pool_first; k != LS__CROWD_NONE; k = c->agents[k].pool_next) {
        ls__crowd_agent *b = &c->agents[k];
        if (b->block != top)
            memmove(c->pool + top, c->pool + b->block,
                    (size_t)b->room * sizeof *c->pool);
        b->block = top;
        top += b->room;
    }
    c->pool_top = top;
}

/* A bigger pool (the live blocks are compact at its bottom already). */
static int grow(ls_crowd *c, uint32_t need)
{
    uint64_t size = (uint64_t)c->pool_size * 2u;
    ls_point *bigger;
    if (size < (uint64_t)c->pool_top + need)
        size = (uint64_t)c->pool_top + need;
    if (size < 1024u)
        size = 1024u;
    if (size > UINT32_MAX)
        size = UINT32_MAX;
    if (size < (uint64_t)c->pool_top + need ||
        size > SIZE_MAX / sizeof *bigger)
        return 0;
    bigger = ls__alloc(&c->allocator, (size_t)size * sizeof *bigger);
    if (!bigger)
        return 0;
    if (c->pool_top > 0)
        memcpy(bigger, c->pool, (size_t)c->pool_top * sizeof *bigger);
    ls__release(&c->allocator, c->pool, (size_t)c->pool_size * sizeof *c->pool);
    c->pool = bigger;
    c->pool_size = (uint32_t)size;
    return 1;
}

/* Link a fresh block of room points for a at the top. */
static void place(ls_crowd *c, ls__crowd_agent *a, uint32_t room)
{
    const uint32_t k = slot_of(c, a);
    a->block = c->pool_top;
    a->room = room;
    a->pool_prev = c->pool_last;
    a->pool_next = LS__CROWD_NONE;
    if (c->pool_last != LS__CROWD_NONE)
        c->agents[c->pool_last].pool_next = k;
    else
        c->pool_first = k;
    c->pool_last = k;
    c->pool_top += room;
    c->pool_used += room;
}

ls_status ls__crowd_pool_reserve(ls_crowd *c, ls__crowd_agent *a,
                                 uint32_t room, uint32_t keep)
{
    uint32_t length = a->path_length, ways = a->way_count;
    if (a->room >= room)
        return LS_OK;
    /* The last block grows in place when the pool has room above it. */
    if (a->room > 0 && slot_of(c, a) == c->pool_last &&
        (uint64_t)a->block + room <= c->pool_size) {
        c->pool_used += room - a->room;
        c->pool_top = a->block + room;
        a->room = room;
        return LS_OK;
    }
    if (keep > 0)
        memcpy(c->scratch_path, c->pool + a->block,
               (size_t)keep * sizeof *c->pool);
    ls__crowd_pool_release(c, a);
    if ((uint64_t)c->pool_top + room > c->pool_size) {
        compact(c);
        if ((uint64_t)c->pool_top + room > c->pool_size &&
            (!(c->config.flags & LS_CROWD_GROW_PATHS) || !grow(c, room)))
            return LS_ERR_POOL_FULL;
    }
    place(c, a, room);
    if (keep > 0)
        memcpy(c->pool + a->block, c->scratch_path,
               (size_t)keep * sizeof *c->pool);
    a->path_length = length;
    a->way_count = ways;
    return LS_OK;
}
