/* SPDX-License-Identifier: MIT */
/*
 * batch.c - ls_batch: many queries on one read-only grid, on a fixed set
 * of worker threads made once at creation with one search context each.
 *
 * Determinism: a query's outcome depends on the query and the grid alone
 * (no hidden state, lockstar.h), and query i writes only its own slots
 * (statuses[i], results[i], points[i * capacity ...]); so which worker
 * runs it, and when, cannot change a byte. Queries are therefore handed
 * out one at a time, in index order, to whichever worker asks next (a
 * counter under the batch's lock): a worker that drew short queries takes
 * more of them, and no worker sits idle while another still holds a share
 * fixed in advance (with a fixed i % threads split the slowest share set
 * the run's time). A run neither allocates nor starts threads: the
 * workers sleep on a condition variable between runs and are joined in
 * ls_batch_destroy.
 *
 * ls_batch_run_keep exists so that no query is ever searched twice: a
 * caller cannot know how long a path will be, and with ls_batch_run a
 * path longer than its slot is lost once the worker begins its next
 * query. Under keep, that worker stops taking queries instead, so its
 * context still holds the path (ls_batch_kept_path copies it out); the
 * run ends when every worker has stopped, and since queries are handed
 * out in index order the ones that ran are a prefix the caller resumes
 * after.
 */
#include <string.h>
#include "alloc.h"
#include "batch.h"
#include "digest.h"

/* Run query i on worker w's context, filling its slots. Returns 1 when
 * the worker must stop: under keep, a path that did not fit stays in its
 * context. */
static int run_one(ls_batch *b, ls__worker *w, uint32_t i)
{
    ls_point *points =
        b->capacity ? b->points + (size_t)i * b->capacity : NULL;
    ls_result *r = &b->results[i];
    ls_status st;
    /* Refusals leave *r as this, so every slot is defined. */
    r->status = 0;
    r->cost = -1;
    r->expansions = 0;
    r->path_length = 0;
    r->digest = LS_DIGEST_EMPTY;
    st = ls_find_path(w->search, b->grid, &b->queries[i], points,
                      b->capacity, r);
    if (st < 0 && st != LS_ERR_BUFFER_TOO_SMALL) {
        /* The expansions done before the error (0 when refused at
         * begin), so that a caller applying a budget rule to the counts
         * needs no second search. */
        uint32_t done = 0;
        r->status = st;
        if (ls_search_expansions(w->search, &done) == LS_OK)
            r->expansions = done;
    }
    b->statuses[i] = st;
    if (st == LS_ERR_BUFFER_TOO_SMALL && b->keep) {
        w->kept = i + 1u;
        return 1;
    }
    return 0;
}

/* Worker k takes the next unclaimed query until none is left (or, under
 * keep, until it keeps a path). The lock costs tens of nanoseconds a
 * query, against microseconds to milliseconds for the search itself. */
static void run_share(ls_batch *b, uint32_t k)
{
    ls__worker *w = &b->workers[k];
    if (b->job) {
        for (;;) {
            uint32_t i, end;
            ls__lock_take(&b->lock);
            i = b->next;
            end = b->count - i > b->job_grain ? i + b->job_grain : b->count;
            b->next = end;
            ls__lock_give(&b->lock);
            if (i >= end)
                return;
            b->job(b->job_context, k, i, end);
        }
    }
    for (;;) {
        uint32_t i;
        ls__lock_take(&b->lock);
        i = b->next;
        if (i < b->count)
            b->next = i + 1u;
        ls__lock_give(&b->lock);
        if (i >= b->count || run_one(b, w, i))
            return;
    }
}

static void worker_main(void *arg)
{
    ls__worker *w = arg;
    ls_batch *b = w->batch;
    ls__lock_take(&b->lock);
    for (;;) {
        while (!b->quit && w->seen_round == b->round)
            ls__cond_wait(&b->wake, &b->lock);
        if (b->quit)
            break;
        w->seen_round = b->round;
        ls__lock_give(&b->lock);
        run_share(b, w->index);
        ls__lock_take(&b->lock);
        if (--b->pending == 0)
            ls__cond_wake_all(&b->done);
    }
    ls__lock_give(&b->lock);
}

void ls_batch_destroy(ls_batch *b)
{
    uint32_t k;
    ls_allocator a;
    if (!b)
        return;
    if (b->sync_ready) {
        ls__lock_take(&b->lock);
        b->quit = 1;
        ls__cond_wake_all(&b->wake);
        ls__lock_give(&b->lock);
        for (k = 1; k <= b->started; k++)
            ls__thread_join(&b->workers[k].thread);
        ls__cond_destroy(&b->done);
        ls__cond_destroy(&b->wake);
        ls__lock_destroy(&b->lock);
    }
    for (k = 0; k < b->threads; k++)
        ls_search_destroy(b->workers[k].search);
    a = b->allocator;
    ls__release(&a, b, sizeof *b);
}

/* The lock and both conditions, all or none. */
static int make_sync(ls_batch *b)
{
    if (ls__lock_init(&b->lock) != 0)
        return -1;
    if (ls__cond_init(&b->wake) != 0) {
        ls__lock_destroy(&b->lock);
        return -1;
    }
    if (ls__cond_init(&b->done) != 0) {
        ls__cond_destroy(&b->wake);
        ls__lock_destroy(&b->lock);
        return -1;
    }
    b->sync_ready = 1;
    return 0;
}

ls_status ls__batch_create_failing(int32_t width, int32_t height,
                                   uint32_t flags, uint32_t threads,
                                   const ls_allocator *allocator,
                                   uint32_t fail_thread, ls_batch **out)
{
    ls_batch *b;
    ls_allocator a;
    ls_status st;
    uint32_t k;

    if (!out)
        return LS_ERR_NULL_ARGUMENT;
    *out = NULL;
    if (threads < 1 || threads > LS_BATCH_MAX_THREADS)
        return LS_ERR_BAD_OPTION;
    if (flags != LS_SEARCH_FULL && flags != LS_SEARCH_COMPACT)
        return LS_ERR_BAD_FLAGS;
    b = ls__alloc_object(allocator, &a, sizeof *b);
    if (!b)
        return LS_ERR_OUT_OF_MEMORY;
    b->allocator = a;
    b->width = width;
    b->height = height;
    b->threads = threads;
    for (k = 0; k < threads; k++) {
        b->workers[k].batch = b;
        b->workers[k].index = k;
        st = ls_search_create_with(width, height, flags, allocator,
                                   &b->workers[k].search);
        if (st != LS_OK) {
            ls_batch_destroy(b);
            return st;
        }
    }
    if (LS_THREADS_NONE || threads == 1) {
        *out = b;
        return LS_OK;
    }
    if (make_sync(b) != 0) {
        ls_batch_destroy(b);
        return LS_ERR_THREAD;
    }
    for (k = 1; k < threads; k++) {
        if (k == fail_thread ||
            ls__thread_start(&b->workers[k].thread, worker_main,
                             &b->workers[k]) != 0) {
            ls_batch_destroy(b);
            return LS_ERR_THREAD;
        }
        b->started = k;
    }
    *out = b;
    return LS_OK;
}

ls_status ls_batch_create(int32_t width, int32_t height, uint32_t flags,
                          uint32_t threads, const ls_allocator *allocator,
                          ls_batch **out)
{
    return ls__batch_create_failing(width, height, flags, threads, allocator,
                                    UINT32_MAX, out);
}

uint32_t ls_batch_threads(const ls_batch *b)
{
    return b ? b->threads : 0;
}

/* The checks both runs make before touching anything. */
static ls_status run_check(const ls_batch *b, const ls_grid *grid,
                           const ls_query *queries, uint32_t count,
                           const ls_point *points, uint32_t capacity,
                           const ls_status *statuses,
                           const ls_result *results)
{
    int32_t width, height;
    if (!b || !grid || ((!queries || !statuses || !results) && count > 0) ||
        (!points && capacity > 0 && count > 0))
        return LS_ERR_NULL_ARGUMENT;
    if (ls_grid_size(grid, &width, &height) != LS_OK)
        return LS_ERR_NULL_ARGUMENT;
    if (width != b->width || height != b->height)
        return LS_ERR_GRID_MISMATCH;
    /* The pool's last point must be addressable. */
    if (capacity > 0 && count > SIZE_MAX / sizeof(ls_point) / capacity)
        return LS_ERR_SIZE_OVERFLOW;
    return LS_OK;
}

/* One round of the run set up in b (lock held on entry and on return):
 * every worker woken, the caller's thread takes its share too, then all
 * are waited for. */
static void one_round(ls_batch *b)
{
    b->next = 0;
    b->round++;
    b->pending = b->threads - 1;
    ls__cond_wake_all(&b->wake);
    ls__lock_give(&b->lock);
    run_share(b, 0);
    ls__lock_take(&b->lock);
    while (b->pending > 0)
        ls__cond_wait(&b->done, &b->lock);
}

/* Run queries[0..count) (checked) until every one ran or, under keep,
 * every worker stopped; returns how many ran (a prefix, index order). */
static uint32_t run(ls_batch *b, const ls_grid *grid,
                    const ls_query *queries, uint32_t count,
                    ls_point *points, uint32_t capacity,
                    ls_status *statuses, ls_result *results, uint32_t keep)
{
    uint32_t k;
    /* A new run forgets the last run's kept paths: their contexts are
     * about to begin other queries. */
    for (k = 0; k < b->threads; k++)
        b->workers[k].kept = 0;
    if (count == 0)
        return 0;
    b->grid = grid;
    b->queries = queries;
    b->count = count;
    b->points = points;
    b->capacity = capacity;
    b->statuses = statuses;
    b->results = results;
    b->keep = keep;
    if (!b->sync_ready) {
        /* One thread, or a platform without threads: every query here. */
        for (k = 0; k < count; k++)
            if (run_one(b, &b->workers[0], k))
                return k + 1u;
        return count;
    }
    ls__lock_take(&b->lock);
    one_round(b);
    /* Claimed queries are [0, next), each finished by its worker. */
    k = b->next;
    ls__lock_give(&b->lock);
    return k;
}

void ls__batch_for(ls_batch *b, uint32_t count, uint32_t grain,
                   ls__batch_job job, void *context)
{
    if (count == 0)
        return;
    if (!b->sync_ready) {
        job(context, 0, 0, count);
        return;
    }
    ls__lock_take(&b->lock);
    b->job = job;
    b->job_context = context;
    b->job_grain = grain ? grain : 1u;
    b->count = count;
    one_round(b);
    b->job = NULL;
    ls__lock_give(&b->lock);
}

ls_status ls_batch_run(ls_batch *b, const ls_grid *grid,
                       const ls_query *queries, uint32_t count,
                       ls_point *points, uint32_t capacity,
                       ls_status *statuses, ls_result *results)
{
    ls_status st = run_check(b, grid, queries, count, points, capacity,
                             statuses, results);
    if (st != LS_OK)
        return st;
    run(b, grid, queries, count, points, capacity, statuses, results, 0);
    return LS_OK;
}

ls_status ls_batch_run_keep(ls_batch *b, const ls_grid *grid,
                            const ls_query *queries, uint32_t count,
                            ls_point *points, uint32_t capacity,
                            ls_status *statuses, ls_result *results,
                            uint32_t *ran)
{
    ls_status st;
    if (!ran)
        return LS_ERR_NULL_ARGUMENT;
    st = run_check(b, grid, queries, count, points, capacity, statuses,
                   results);
    if (st != LS_OK)
        return st;
    *ran = run(b, grid, queries, count, points, capacity, statuses, results,
               1);
    return LS_OK;
}

ls_status ls_batch_kept_path(const ls_batch *b, uint32_t index,
                             ls_point *points, uint32_t capacity,
                             uint32_t *length)
{
    uint32_t k;
    if (!b || !length || (!points && capacity > 0))
        return LS_ERR_NULL_ARGUMENT;
    /* index + 1 cannot wrap: a run's count, hence every kept index, is
     * below UINT32_MAX. */
    for (k = 0; k < b->threads; k++)
        if (b->workers[k].kept != 0 && b->workers[k].kept - 1u == index)
            return ls_search_path(b->workers[k].search, points, capacity,
                                  length);
    return LS_ERR_NO_QUERY;
}
