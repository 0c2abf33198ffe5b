/* SPDX-License-Identifier: MIT */
/*
 * lockstar_queue.h - many agents at once: the path request queue (queries
 * served under an expansion budget per game tick) and batches (many
 * queries on worker threads).
 *
 * Part of the lockstar API: lockstar.h includes it, and it includes
 * lockstar.h, so either may be included first. Same conventions as
 * lockstar.h (every function returns an ls_status, nothing is written on
 * an error unless said otherwise); the statuses, ls_query, ls_result,
 * ls_point and ls_allocator are defined there.
 */
#ifndef LOCKSTAR_QUEUE_H
#define LOCKSTAR_QUEUE_H

#include "lockstar.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Path request queue
 *
 * Detour's dtPathQueue, deterministic: many agents' queries served by one
 * LS_SEARCH_FULL context (so every valid query is accepted) under an
 * expansion budget per game tick. Created once for a grid size with room
 * for `capacity` requests and a pool of `pool_points` path points; after
 * that no call allocates.
 *
 * A request is a caller-chosen 64-bit id and an ls_query (copied at
 * submit). It is held, and counts against capacity, from ls_queue_submit
 * until ls_queue_cancel or ls_queue_release; reading a result does not
 * release it.
 *
 * The budget rule (the tick in which each request finishes is a function
 * of the calls alone): ls_queue_tick(queue, grid, budget) serves the
 * unfinished requests in submission order. While budget remains (budget 0:
 * no limit), the oldest unfinished request is served: begun on grid if it
 * is not running (ls_search_begin; costs nothing), then given
 * ls_search_step(the budget that remains); the expansions it does are
 * taken off the budget. If it finishes, the next one is served with what
 * is left; if not, the budget is spent and the tick ends, the request
 * going on at the next tick. Budget left when no request is unfinished is
 * lost, never carried to a later tick. So a request whose ls_find_path
 * result has E expansions finishes in the tick in which the expansions
 * given to it reach E (E = 0: the first tick that serves it with budget
 * left). A request whose begin fails (a blocked start, a bad option, ...)
 * finishes at once with that error, costing 0 expansions, and the next one
 * is served in the same tick.
 *
 * Edits: a request that is running when a tick is called with another
 * grid, or with its grid's revision changed, starts again on that grid
 * (from 0 expansions, in submission order as before), so its result is the
 * one ls_find_path gives on the grid it finishes on. Finished results are
 * never recomputed. "Another grid" means one made by another
 * ls_grid_create (or ls_grid_create_with) call: a grid created after the
 * request's grid was destroyed is another grid even if it has the same
 * address (an allocator may hand the same memory back), size, cells and
 * revision. So whether a request starts again, and the tick it finishes
 * in, depend on the calls alone, never on where an allocator puts a grid.
 *
 * Results: a finished request's status is ls_find_path's final status on
 * that grid (LS_OK, LS_NO_PATH, LS_EXPANSION_LIMIT, or an error), except
 * that a found path that does not fit in the pool's free points (pool_points
 * minus the points of the paths kept) gives LS_ERR_POOL_FULL: its ls_result
 * is still readable (status LS_OK, cost, expansions, path_length, digest)
 * but no path is kept. Found paths are kept in the order they finish;
 * releasing one frees its points at once (the pool never fragments).
 * Cost: every call but ls_queue_tick is O(1) in the requests held (an id
 * is found through a hash index), except that releasing or cancelling a
 * request with a kept path moves the paths kept after it; a tick costs its
 * searches' expansions plus O(1) per request it serves.
 * --------------------------------------------------------------------- */

typedef struct ls_queue ls_queue;

/* Largest capacity of a queue: 2^30 requests. */
#define LS_QUEUE_MAX_CAPACITY 0x40000000u

/* A queue for grids of width x height, holding at most capacity (>= 1,
 * else LS_ERR_BAD_SIZE; at most LS_QUEUE_MAX_CAPACITY, else
 * LS_ERR_SIZE_OVERFLOW) requests and pool_points points of paths (0 is
 * allowed). All memory (the slots, the id index, the pool and a full
 * search context) is allocated here, through allocator (NULL:
 * malloc/free); a block whose byte count does not fit a size_t gives
 * LS_ERR_SIZE_OVERFLOW, a block the allocator refuses
 * LS_ERR_OUT_OF_MEMORY. Every size is answered at once, whatever it is.
 * On failure *out is NULL and nothing is left allocated. */
ls_status ls_queue_create(int32_t width, int32_t height, uint32_t capacity,
                          uint32_t pool_points, const ls_allocator *allocator,
                          ls_queue **out);
/* Free a queue and every request it holds. NULL is accepted and ignored. */
void ls_queue_destroy(ls_queue *queue);

/* Add a request at the end of the serving order. LS_ERR_DUPLICATE_ID if a
 * held request has this id, else LS_ERR_QUEUE_FULL if capacity requests
 * are held; either way nothing in the queue changes. The query is checked
 * when it begins, not here. */
ls_status ls_queue_submit(ls_queue *queue, uint64_t id, const ls_query *q);

/* Forget the request whatever its state: a waiting or running one is never
 * served further; a finished one's result and path are dropped. Its slot
 * and pool points are free at once. LS_ERR_UNKNOWN_ID if not held. */
ls_status ls_queue_cancel(ls_queue *queue, uint64_t id);

/* Forget a finished request (its slot and pool points are free at once).
 * LS_ERR_NOT_DONE, changing nothing, while it is unfinished;
 * LS_ERR_UNKNOWN_ID if not held. */
ls_status ls_queue_release(ls_queue *queue, uint64_t id);

/* Serve requests for at most budget expansions (0 = until none is
 * unfinished), by the budget rule above. LS_ERR_GRID_MISMATCH (nothing
 * done) if grid's size is not the queue's; else LS_OK, whatever the
 * requests' own outcomes. */
ls_status ls_queue_tick(ls_queue *queue, const ls_grid *grid,
                        uint32_t budget);

/* The request's status in *status: LS_IN_PROGRESS while unfinished, else
 * its final status (see "Results"). Returns LS_OK, or LS_ERR_UNKNOWN_ID. */
ls_status ls_queue_status(const ls_queue *queue, uint64_t id,
                          ls_status *status);

/* The number of held requests not yet finished. */
ls_status ls_queue_pending(const ls_queue *queue, uint32_t *count);

/* A finished request's ls_result, as ls_search_result gives it: LS_OK with
 * *out filled (out->status: LS_OK, LS_NO_PATH or LS_EXPANSION_LIMIT);
 * LS_ERR_POOL_FULL with *out filled; the request's error (nothing
 * written) when it ended with one; LS_ERR_NOT_DONE or LS_ERR_UNKNOWN_ID. */
ls_status ls_queue_result(const ls_queue *queue, uint64_t id,
                          ls_result *out);

/* Copy a finished request's path as ls_search_path does: LS_OK, or
 * LS_ERR_BUFFER_TOO_SMALL with the needed length in *length and no point
 * written; a request without a kept path returns its status (LS_NO_PATH,
 * LS_EXPANSION_LIMIT, LS_ERR_POOL_FULL, an error) with *length = 0; also
 * LS_ERR_NOT_DONE and LS_ERR_UNKNOWN_ID (*length = 0). */
ls_status ls_queue_path(const ls_queue *queue, uint64_t id,
                        ls_point *points, uint32_t capacity,
                        uint32_t *length);

/* ------------------------------------------------------------------------
 * Batches: many queries on one grid, on worker threads
 *
 * A batch owns `threads` workers (1..LS_BATCH_MAX_THREADS), each with its
 * own search context of the batch's size and kind, all made once by
 * ls_batch_create through the allocator. The caller's thread is worker 0;
 * the others are POSIX threads (Win32 threads on Windows) that sleep
 * between runs and are joined by ls_batch_destroy. Where there are no
 * threads (wasm32-wasi) every query runs on the caller's thread.
 *
 * ls_batch_run neither allocates nor starts threads. Each query is run
 * with ls_find_path by whichever worker is free next (queries are handed
 * out one at a time, in index order) and writes only its own slots, so
 * every status, result and path is byte-identical to ls_find_path's for
 * that query, whatever the thread count or scheduling. The grid must not
 * be edited during a run; one batch runs one batch at a time.
 * --------------------------------------------------------------------- */

typedef struct ls_batch ls_batch;

#define LS_BATCH_MAX_THREADS 64

/* A batch of `threads` workers for width x height grids, contexts of kind
 * flags (LS_SEARCH_FULL or LS_SEARCH_COMPACT). Errors: LS_ERR_BAD_OPTION
 * (threads outside 1..LS_BATCH_MAX_THREADS), ls_search_create_with's,
 * LS_ERR_THREAD when the system refused a thread; nothing is left behind
 * and *out is NULL on any error. */
ls_status ls_batch_create(int32_t width, int32_t height, uint32_t flags,
                          uint32_t threads, const ls_allocator *allocator,
                          ls_batch **out);
/* Stop and join the workers, free everything. NULL is ignored. */
void ls_batch_destroy(ls_batch *batch);
/* The batch's thread count (0 for NULL). */
uint32_t ls_batch_threads(const ls_batch *batch);

/* Run queries[0..count) on grid. Query i's path goes to
 * points[i * capacity .. (i + 1) * capacity) (points may be NULL when
 * capacity is 0); statuses[i] is what ls_find_path returned for it
 * (LS_OK, LS_NO_PATH, LS_EXPANSION_LIMIT, LS_ERR_BUFFER_TOO_SMALL with the
 * needed length in results[i].path_length, or the error that refused
 * it), and results[i] what ls_find_path stored; a query refused or ended
 * by an error has the result {status, -1, E, 0, digest of no points}, E
 * the expansions it did before the error (0 when refused at begin, as
 * the path queue counts it). Returns LS_OK once every
 * query ran, or, touching nothing: LS_ERR_NULL_ARGUMENT,
 * LS_ERR_GRID_MISMATCH, LS_ERR_SIZE_OVERFLOW (count * capacity points
 * cannot be addressed). */
ls_status ls_batch_run(ls_batch *batch, const ls_grid *grid,
                       const ls_query *queries, uint32_t count,
                       ls_point *points, uint32_t capacity,
                       ls_status *statuses, ls_result *results);

/* ls_batch_run for callers who cannot know how long paths will be and
 * must never search a query twice. Arguments, slots, checks and errors
 * as ls_batch_run's, plus ran (not NULL, else LS_ERR_NULL_ARGUMENT). The
 * difference: a worker whose query's path is longer than capacity (status
 * LS_ERR_BUFFER_TOO_SMALL, results[i] complete with the needed length in
 * results[i].path_length, no point written) keeps that path and takes no
 * more queries in this run. The run ends when every query ran or every
 * worker stopped; it returns LS_OK with *ran = how many queries ran, and
 * these are queries[0..*ran) (queries are handed out in index order), each
 * with every slot filled; the slots of queries[*ran..count) are untouched.
 * Run the rest by calling again on queries + *ran (with more capacity, if
 * you like). With one thread a run ends at the first path that does not
 * fit; with more, the others go on until they stop too. Each kept path
 * can be copied out with ls_batch_kept_path until the batch's next run
 * (of either kind) or its destruction. Which queries end up kept depends
 * on scheduling; every status, result and path copied out does not. */
ls_status ls_batch_run_keep(ls_batch *batch, const ls_grid *grid,
                            const ls_query *queries, uint32_t count,
                            ls_point *points, uint32_t capacity,
                            ls_status *statuses, ls_result *results,
                            uint32_t *ran);

/* Copy the path the last ls_batch_run_keep kept for queries[index] (index
 * into that run's queries) into points[0..capacity), as ls_search_path
 * does: LS_OK with its length in *length, or LS_ERR_BUFFER_TOO_SMALL with
 * the needed length in *length and no point written. Errors:
 * LS_ERR_NULL_ARGUMENT (batch or length NULL, points NULL with capacity
 * > 0), LS_ERR_NO_QUERY (that query's path was not kept: it fitted, was
 * refused, found none, or a later run began). The path was stored when
 * its query ended: a later edit of the grid does not change it. Never
 * allocates. */
ls_status ls_batch_kept_path(const ls_batch *batch, uint32_t index,
                             ls_point *points, uint32_t capacity,
                             uint32_t *length);

#ifdef __cplusplus
}
#endif

#endif /* LOCKSTAR_QUEUE_H */
