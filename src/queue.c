/* SPDX-License-Identifier: MIT */
/*
 * queue.c - the path request queue (Detour's dtPathQueue made
 * deterministic): requests by caller id, served in submission order by one
 * full search context under an expansion budget per tick, their paths kept
 * in a pool of points. Everything is allocated by ls_queue_create; submit,
 * tick, reads, cancel and release never allocate.
 *
 * The pool is kept compact: paths sit one after another from its start in
 * the order they finished, and releasing one slides the later ones down.
 * So "does a path fit" is only "is it at most the free points", a function
 * of the calls alone, never of fragmentation.
 *
 * Every call is O(1) in the number of requests held, but for releasing a
 * path (which moves the later paths): ids are found through a hash index
 * (open addressing, linear probing, backward-shift deletion, at most half
 * full), the unfinished requests form a list in submission order (its
 * head is the one to serve), and free slots a stack. None of these orders
 * can show in a result: which slot or bucket a request sits in is never
 * read back.
 */
#include <stdint.h>
#include <string.h>
#include "alloc.h"
#include "hash.h"
#include "search.h"

/* Where a held request is in its life. */
typedef enum ls_request_state {
    LS_REQUEST_FREE,    /* the slot holds no request */
    LS_REQUEST_WAITING, /* submitted, not finished (maybe begun) */
    LS_REQUEST_DONE     /* finished; status and result are final */
} ls_request_state;

typedef struct ls_request {
    uint64_t id;
    ls_query query;
    ls_request_state state;
    ls_status status;      /* final status once LS_REQUEST_DONE */
    ls_result result;      /* filled when status >= 0 or LS_ERR_POOL_FULL */
    uint32_t path_offset;  /* first point in the pool */
    uint32_t path_stored;  /* points kept in the pool (0: none) */
    uint32_t next, prev;   /* unfinished list (or, when free, next free) */
} ls_request;

#define LS_QUEUE_NONE UINT32_MAX

struct ls_queue {
    int32_t width, height;
    uint32_t capacity, held, unfinished;
    uint32_t pool_points, pool_used;
    uint32_t pool_block;     /* points allocated: pool_points, at least 1 */
    ls_request *slots;
    uint32_t *index;         /* index_size buckets: slot + 1, 0 empty */
    uint32_t index_size;     /* a power of two, at least 2 * capacity */
    uint32_t first_free;     /* stack of free slots through next */
    uint32_t oldest, newest; /* the unfinished list, submission order */
    ls_point *pool;
    ls_search *search;
    /* The request begun in the context, and the grid it was begun on: its
     * stamp (never its address, which a grid made after that one was
     * destroyed may get again) and its revision then. */
    uint32_t running;
    uint64_t run_stamp;
    uint32_t run_revision;
    ls_allocator allocator;
};

static void release_all(ls_queue *q)
{
    ls_allocator a = q->allocator;
    ls_search_destroy(q->search);
    ls__release(&a, q->pool, (size_t)q->pool_block * sizeof(ls_point));
    ls__release(&a, q->slots, (size_t)q->capacity * sizeof(ls_request));
    ls__release(&a, q->index, (size_t)q->index_size * sizeof(uint32_t));
    ls__release(&a, q, sizeof *q);
}

ls_status ls_queue_create(int32_t width, int32_t height, uint32_t capacity,
                          uint32_t pool_points, const ls_allocator *allocator,
                          ls_queue **out)
{
    ls_allocator a;
    ls_queue *q;
    uint32_t cells, i, index_size = 2;
    ls_status st;

    if (!out)
        return LS_ERR_NULL_ARGUMENT;
    *out = NULL;
    st = ls__creation_cells(width, height, LS_SEARCH_FULL, &cells);
    if (st != LS_OK)
        return st;
    if (capacity == 0)
        return LS_ERR_BAD_SIZE;
    /* The index is a power of two at least 2 * capacity buckets (at most
     * half full), counted in 32 bits: above 2^30 requests it would need
     * 2^32, and the doubling below would wrap to 0 and never end. */
    if (capacity > LS_QUEUE_MAX_CAPACITY)
        return LS_ERR_SIZE_OVERFLOW;
    while (index_size < 2u * capacity) /* 2 * capacity <= 2^31: no wrap */
        index_size <<= 1;
    /* Each block's bytes must fit a size_t (only a 32-bit one can fail). */
    if ((uint64_t)capacity * sizeof(ls_request) > (uint64_t)SIZE_MAX ||
        (uint64_t)index_size * sizeof(uint32_t) > (uint64_t)SIZE_MAX ||
        (uint64_t)pool_points * sizeof(ls_point) > (uint64_t)SIZE_MAX)
        return LS_ERR_SIZE_OVERFLOW;
    q = ls__alloc_object(allocator, &a, sizeof *q);
    if (!q)
        return LS_ERR_OUT_OF_MEMORY;
    q->allocator = a;
    q->width = width;
    q->height = height;
    q->capacity = capacity;
    q->pool_points = pool_points;
    q->running = LS_QUEUE_NONE;
    q->slots = ls__alloc(&a, (size_t)capacity * sizeof(ls_request));
    q->index_size = index_size;
    q->index = ls__alloc(&a, (size_t)index_size * sizeof(uint32_t));
    /* A pool of 0 points is allowed (every path is then LS_ERR_POOL_FULL);
     * it still gets a block of one point, so NULL always means out of
     * memory. */
    q->pool_block = pool_points ? pool_points : 1u;
    q->pool = ls__alloc(&a, (size_t)q->pool_block * sizeof(ls_point));
    if (!q->slots || !q->index || !q->pool) {
        release_all(q);
        return LS_ERR_OUT_OF_MEMORY;
    }
    st = ls_search_create(width, height, &a, &q->search);
    if (st != LS_OK) {
        release_all(q);
        return st;
    }
    memset(q->slots, 0, (size_t)capacity * sizeof(ls_request));
    memset(q->index, 0, (size_t)index_size * sizeof(uint32_t));
    for (i = 0; i < capacity; i++)
        q->slots[i].next = i + 1u < capacity ? i + 1u : LS_QUEUE_NONE;
    q->first_free = 0;
    q->oldest = q->newest = LS_QUEUE_NONE;
    *out = q;
    return LS_OK;
}

void ls_queue_destroy(ls_queue *q)
{
    if (q)
        release_all(q);
}

/* The id's home bucket: SplitMix64's finaliser, so that ids a game makes
 * in sequence spread over the index. */
static uint32_t home(const ls_queue *q, uint64_t id)
{
    return (uint32_t)ls__splitmix_mix(id) & (q->index_size - 1u);
}

/* The bucket holding id, or the empty bucket where it would go. */
static uint32_t bucket_of(const ls_queue *q, uint64_t id)
{
    uint32_t b = home(q, id);
    while (q->index[b] != 0 && q->slots[q->index[b] - 1u].id != id)
        b = (b + 1u) & (q->index_size - 1u);
    return b;
}

static ls_request *find(const ls_queue *q, uint64_t id)
{
    uint32_t b = bucket_of(q, id);
    return q->index[b] ? &q->slots[q->index[b] - 1u] : NULL;
}

/* Empty bucket b, moving later entries of its probe run back so that every
 * id stays reachable from its home bucket (no tombstones). */
static void index_remove(ls_queue *q, uint32_t b)
{
    const uint32_t mask = q->index_size - 1u;
    uint32_t j = b;
    q->index[b] = 0;
    for (;;) {
        uint32_t h;
        j = (j + 1u) & mask;
        if (q->index[j] == 0)
            return;
        h = home(q, q->slots[q->index[j] - 1u].id);
        /* Move j's entry into the hole unless its home lies cyclically in
         * (hole, j]: then it is already as close to home as it can be. */
        if (((j - h) & mask) >= ((j - b) & mask)) {
            q->index[b] = q->index[j];
            q->index[j] = 0;
            b = j;
        }
    }
}

/* Take slot i out of the unfinished list. */
static void unlink_unfinished(ls_queue *q, uint32_t i)
{
    ls_request *r = &q->slots[i];
    if (r->prev != LS_QUEUE_NONE)
        q->slots[r->prev].next = r->next;
    else
        q->oldest = r->next;
    if (r->next != LS_QUEUE_NONE)
        q->slots[r->next].prev = r->prev;
    else
        q->newest = r->prev;
}

ls_status ls_queue_submit(ls_queue *q, uint64_t id, const ls_query *query)
{
    ls_request *r;
    uint32_t i, b;

    if (!q || !query)
        return LS_ERR_NULL_ARGUMENT;
    b = bucket_of(q, id);
    if (q->index[b] != 0)
        return LS_ERR_DUPLICATE_ID;
    if (q->held == q->capacity)
        return LS_ERR_QUEUE_FULL;
    i = q->first_free;
    r = &q->slots[i];
    q->first_free = r->next;
    memset(r, 0, sizeof *r);
    r->id = id;
    r->query = *query;
    r->state = LS_REQUEST_WAITING;
    r->next = LS_QUEUE_NONE;
    r->prev = q->newest;
    if (q->newest != LS_QUEUE_NONE)
        q->slots[q->newest].next = i;
    else
        q->oldest = i;
    q->newest = i;
    q->index[b] = i + 1u;
    q->held++;
    q->unfinished++;
    return LS_OK;
}

/* Free r's slot, and its pool points by sliding the later paths down. */
static void forget(ls_queue *q, ls_request *r)
{
    const uint32_t slot = (uint32_t)(r - q->slots);
    uint32_t i, end = r->path_offset + r->path_stored;

    if (slot == q->running)
        q->running = LS_QUEUE_NONE;
    if (r->state == LS_REQUEST_WAITING) {
        unlink_unfinished(q, slot);
        q->unfinished--;
    }
    index_remove(q, bucket_of(q, r->id));
    if (r->path_stored > 0) {
        memmove(q->pool + r->path_offset, q->pool + end,
                (size_t)(q->pool_used - end) * sizeof(ls_point));
        for (i = 0; i < q->capacity; i++)
            if (q->slots[i].path_stored > 0 && q->slots[i].path_offset >= end)
                q->slots[i].path_offset -= r->path_stored;
        q->pool_used -= r->path_stored;
    }
    memset(r, 0, sizeof *r);
    r->state = LS_REQUEST_FREE;
    r->next = q->first_free;
    q->first_free = slot;
    q->held--;
}

/* Forget request id: in any state (cancel), or only once finished
 * (release: else LS_ERR_NOT_DONE, nothing changed). */
static ls_status drop(ls_queue *q, uint64_t id, int done_only)
{
    ls_request *r;
    if (!q)
        return LS_ERR_NULL_ARGUMENT;
    r = find(q, id);
    if (!r)
        return LS_ERR_UNKNOWN_ID;
    if (done_only && r->state != LS_REQUEST_DONE)
        return LS_ERR_NOT_DONE;
    forget(q, r);
    return LS_OK;
}

ls_status ls_queue_cancel(ls_queue *q, uint64_t id)
{
    return drop(q, id, 0);
}

ls_status ls_queue_release(ls_queue *q, uint64_t id)
{
    return drop(q, id, 1);
}

/* The unfinished request submitted first, or LS_QUEUE_NONE. */
static uint32_t oldest_waiting(const ls_queue *q)
{
    return q->oldest;
}

/* End r with status; keep its path in the pool when it fits. */
static void finish(ls_queue *q, ls_request *r, ls_status status)
{
    uint32_t length = 0;

    unlink_unfinished(q, (uint32_t)(r - q->slots));
    r->state = LS_REQUEST_DONE;
    r->status = status;
    q->unfinished--;
    q->running = LS_QUEUE_NONE;
    if (status < 0)
        return;
    ls_search_result(q->search, &r->result);
    if (status != LS_OK)
        return;
    if (r->result.path_length > q->pool_points - q->pool_used) {
        r->status = LS_ERR_POOL_FULL;
        return;
    }
    ls_search_path(q->search, q->pool + q->pool_used,
                   q->pool_points - q->pool_used, &length);
    r->path_offset = q->pool_used;
    r->path_stored = length;
    q->pool_used += length;
}

ls_status ls_queue_tick(ls_queue *q, const ls_grid *grid, uint32_t budget)
{
    uint32_t left = budget, revision, before, used;
    int32_t width, height;
    ls_request *r;
    ls_status st;

    if (!q || !grid)
        return LS_ERR_NULL_ARGUMENT;
    ls_grid_size(grid, &width, &height);
    if (width != q->width || height != q->height)
        return LS_ERR_GRID_MISMATCH;
    ls_grid_revision(grid, &revision);
    /* A request begun on another grid, or before an edit, starts again.
     * Grids are told apart by stamp: one made in a destroyed grid's memory,
     * brought to the same revision, is still another grid, and going on
     * with the old search there would return a path through its walls. */
    if (q->running != LS_QUEUE_NONE &&
        (q->run_stamp != grid->stamp || q->run_revision != revision))
        q->running = LS_QUEUE_NONE;
    while (budget == 0 || left > 0) {
        if (q->running == LS_QUEUE_NONE) {
            uint32_t next = oldest_waiting(q);
            if (next == LS_QUEUE_NONE)
                break;
            r = &q->slots[next];
            st = ls_search_begin(q->search, grid, &r->query);
            if (st != LS_OK) {
                finish(q, r, st);
                continue;
            }
            q->running = next;
            q->run_stamp = grid->stamp;
            q->run_revision = revision;
        }
        r = &q->slots[q->running];
        before = q->search->expansions;
        st = ls_search_step(q->search, left);
        used = q->search->expansions - before;
        if (budget != 0)
            left -= used;
        if (st != LS_IN_PROGRESS)
            finish(q, r, st);
    }
    return LS_OK;
}

ls_status ls_queue_status(const ls_queue *q, uint64_t id, ls_status *status)
{
    const ls_request *r;
    if (!q || !status)
        return LS_ERR_NULL_ARGUMENT;
    r = find(q, id);
    if (!r)
        return LS_ERR_UNKNOWN_ID;
    *status = r->state == LS_REQUEST_DONE ? r->status : LS_IN_PROGRESS;
    return LS_OK;
}

ls_status ls_queue_pending(const ls_queue *q, uint32_t *count)
{
    if (!q || !count)
        return LS_ERR_NULL_ARGUMENT;
    *count = q->unfinished;
    return LS_OK;
}

/* The finished request id, or the status that says why there is none. */
static ls_status done_request(const ls_queue *q, uint64_t id,
                              const ls_request **out)
{
    const ls_request *r = find(q, id);
    if (!r)
        return LS_ERR_UNKNOWN_ID;
    if (r->state != LS_REQUEST_DONE)
        return LS_ERR_NOT_DONE;
    *out = r;
    return LS_OK;
}

ls_status ls_queue_result(const ls_queue *q, uint64_t id, ls_result *out)
{
    const ls_request *r = NULL;
    ls_status st;
    if (!q || !out)
        return LS_ERR_NULL_ARGUMENT;
    st = done_request(q, id, &r);
    if (st != LS_OK)
        return st;
    if (r->status < 0 && r->status != LS_ERR_POOL_FULL)
        return r->status;
    *out = r->result;
    return r->status == LS_ERR_POOL_FULL ? LS_ERR_POOL_FULL : LS_OK;
}

ls_status ls_queue_path(const ls_queue *q, uint64_t id, ls_point *points,
                        uint32_t capacity, uint32_t *length)
{
    const ls_request *r = NULL;
    ls_status st;
    if (!q || !length || (!points && capacity > 0))
        return LS_ERR_NULL_ARGUMENT;
    *length = 0;
    st = done_request(q, id, &r);
    if (st != LS_OK)
        return st;
    if (r->status != LS_OK)
        return r->status;
    *length = r->path_stored;
    if (capacity < r->path_stored)
        return LS_ERR_BUFFER_TOO_SMALL;
    memcpy(points, q->pool + r->path_offset,
           (size_t)r->path_stored * sizeof(ls_point));
    return LS_OK;
}
