/* SPDX-License-Identifier: MIT */
/*
 * batch.h - the batch runner's insides (src/batch.c): workers, each with
 * its own search context, woken per run. Tests reach
 * ls__batch_create_failing to make thread creation fail on purpose.
 */
#ifndef LS_BATCH_H
#define LS_BATCH_H

#include <stdint.h>
#include "lockstar.h"
#include "thread.h"

/* A share of a job: items [begin, end) on worker `worker`
 * (0 .. threads - 1; 0 is the caller's thread). */
typedef void (*ls__batch_job)(void *context, uint32_t worker, uint32_t begin,
                              uint32_t end);

typedef struct ls__worker {
    struct ls_batch *batch;
    ls_search *search;
    uint32_t index;        /* 0 is the caller's thread */
    uint32_t seen_round;   /* the last run this worker took part in */
    uint32_t kept;         /* 1 + the index of the query whose path this
                              context keeps for ls_batch_kept_path (it did
                              not fit), 0 for none; reset by every run */
    ls__thread thread;     /* workers 1..threads-1 */
} ls__worker;

struct ls_batch {
    ls_allocator allocator;
    int32_t width, height;
    uint32_t threads;
    uint32_t started;      /* threads started (joined in destroy) */
    uint32_t sync_ready;   /* lock and both conditions made */
    ls__lock lock;
    ls__cond wake;         /* a run began, or destroy */
    ls__cond done;         /* a worker finished its share */
    uint32_t round;        /* runs so far */
    uint32_t next;         /* the run's next unclaimed query (under lock) */
    uint32_t pending;      /* workers still on this run */
    uint32_t quit;

    /* The run in progress. */
    const ls_grid *grid;
    const ls_query *queries;
    uint32_t count;
    ls_point *points;
    uint32_t capacity;
    ls_status *statuses;
    ls_result *results;
    uint32_t keep;         /* ls_batch_run_keep: a worker whose path did
                              not fit keeps it and takes no more queries */

    /* A job run by ls__batch_for instead of queries (NULL for queries). */
    ls__batch_job job;
    void *job_context;
    uint32_t job_grain;

    ls__worker workers[LS_BATCH_MAX_THREADS];
};

/* ls_batch_create_with, except that starting the thread of worker
 * fail_thread (1..threads-1) is refused as if by the system
 * (UINT32_MAX: never). */
ls_status ls__batch_create_failing(int32_t width, int32_t height,
                                   uint32_t flags, uint32_t threads,
                                   const ls_allocator *allocator,
                                   uint32_t fail_thread, ls_batch **out);

/* Run job over items [0, count) on the batch's workers, `grain` items at a
 * time (grain >= 1), and return when all are done. Which worker runs which
 * items varies from run to run: a job must give the same result whatever
 * the split (each item writing only its own outputs). No allocation. */
void ls__batch_for(ls_batch *b, uint32_t count, uint32_t grain,
                   ls__batch_job job, void *context);

#endif
