/* SPDX-License-Identifier: MIT */
/*
 * crowd_serve.c - the crowd's requests under the path queue's budget rule
 * (lockstar_queue.h, "Path request queue"), searched on a batch's workers.
 *
 * The rule needs only each request's expansion count E (ls_find_path's on
 * the grid it finishes on): served in submission order, a request is given
 * what is left of the budget and finishes in the tick in which what it was
 * given reaches E; begun on an older grid or revision, it starts again
 * from 0. So the searches themselves may run anywhere, in any order, in
 * parallel: each request is searched once per grid version, when the
 * serving first reaches it, together with the next unsearched requests
 * (up to `chunk` per batch run, one worker each), and its path waits in
 * the agent's route block until the budget lets it finish. Which worker
 * ran a search, and how many requests were searched ahead, change the
 * time spent, never a result.
 */
#include <string.h>
#include "alloc.h"
#include "crowd.h"
#include "grid.h"
#include "pathcache.h"
#include "sight.h"
#include "lockstar.h"

/* Points of room per query in one run; a longer path is searched again
 * when its request finishes (take_path). */
#define RUN_ROOM 4096u

ls_status ls__crowd_serve_create(ls_crowd *c)
{
    const ls_allocator *al = &c->allocator;
    const uint32_t threads = c->config.threads;
    ls_status st;
    c->chunk = threads == 1u ? 1u : 4u * threads;
    if (c->chunk > c->config.capacity)
        c->chunk = c->config.capacity;
    c->run_room = c->cells < RUN_ROOM ? c->cells : RUN_ROOM;
    c->req_head = c->req_tail = LS__CROWD_NONE;
    st = ls_batch_create(c->config.width, c->config.height, LS_SEARCH_FULL,
                         threads, al, &c->batch);
    if (st != LS_OK)
        return st;
    c->run_queries = ls__alloc(al, c->chunk * sizeof *c->run_queries);
    c->run_slots = ls__alloc(al, c->chunk * sizeof *c->run_slots);
    c->run_statuses = ls__alloc(al, c->chunk * sizeof *c->run_statuses);
    c->run_results = ls__alloc(al, c->chunk * sizeof *c->run_results);
    c->run_points = ls__alloc(al, (size_t)c->chunk * c->run_room *
                                      sizeof *c->run_points);
    if (!c->run_queries || !c->run_slots || !c->run_statuses ||
        !c->run_results || !c->run_points)
        return LS_ERR_OUT_OF_MEMORY;
    return LS_OK;
}

void ls__crowd_serve_destroy(ls_crowd *c)
{
    const ls_allocator *al = &c->allocator;
    ls_batch_destroy(c->batch);
    c->batch = NULL;
    ls__release(al, c->run_queries, c->chunk * sizeof *c->run_queries);
    ls__release(al, c->run_slots, c->chunk * sizeof *c->run_slots);
    ls__release(al, c->run_statuses, c->chunk * sizeof *c->run_statuses);
    ls__release(al, c->run_results, c->chunk * sizeof *c->run_results);
    ls__release(al, c->run_points,
                (size_t)c->chunk * c->run_room * sizeof *c->run_points);
}

void ls__crowd_link(ls_crowd *c, uint32_t k)
{
    *ls__crowd_prev(c, k) = c->req_tail;
    *ls__crowd_next(c, k) = LS__CROWD_NONE;
    if (c->req_tail != LS__CROWD_NONE)
        *ls__crowd_next(c, c->req_tail) = k;
    else
        c->req_head = k;
    c->req_tail = k;
}

void ls__crowd_unlink(ls_crowd *c, uint32_t k)
{
    const uint32_t prev = *ls__crowd_prev(c, k), next = *ls__crowd_next(c, k);
    if (prev != LS__CROWD_NONE)
        *ls__crowd_next(c, prev) = next;
    else
        c->req_head = next;
    if (next != LS__CROWD_NONE)
        *ls__crowd_prev(c, next) = prev;
    else
        c->req_tail = prev;
    *ls__crowd_prev(c, k) = *ls__crowd_next(c, k) = LS__CROWD_NONE;
}

void ls__crowd_options(const ls_crowd *c, uint32_t clearance, ls_query *q)
{
    *q = c->config.options;
    if (clearance > q->clearance)
        q->clearance = clearance;
    /* JPS, JPS+ and HPA* take no clearance: A* finds the same cost. */
    if (q->clearance > 1u && q->algorithm != LS_ALGO_ASTAR)
        q->algorithm = LS_ALGO_ASTAR;
}

ls_point ls__crowd_wide_start(const ls_grid *grid, uint32_t clearance,
                              ls_point cell)
{
    ls_point best = cell;
    uint32_t best_d2 = UINT32_MAX;
    int32_t dx, dy;
    if (clearance <= 1u || !grid->clear ||
        grid->clear[ls__cell_index(grid->stride, cell.x, cell.y)] >= clearance)
        return cell;
    /* Rows then columns, so the first of equally near cells is the one
     * with the smaller y, then the smaller x. */
    for (dy = -(int32_t)clearance; dy <= (int32_t)clearance; dy++)
        for (dx = -(int32_t)clearance; dx <= (int32_t)clearance; dx++) {
            const int32_t x = cell.x + dx, y = cell.y + dy;
            const uint32_t d2 = (uint32_t)(dx * dx + dy * dy);
            if (d2 >= best_d2 || x < 0 || y < 0 || x >= grid->width ||
                y >= grid->height ||
                grid->clear[ls__cell_index(grid->stride, x, y)] < clearance ||
                ls__line_max(grid, cell.x, cell.y, x, y, 255u, 1u) == 0)
                continue;
            best_d2 = d2;
            best.x = x;
            best.y = y;
        }
    return best;
}

/* The query of the agent's request, with the class it was asked with,
 * from the nearest cell wide enough for it (ls__crowd_wide_start). */
static void request_query(const ls_crowd *c, const ls_grid *grid,
                          const ls__crowd_agent *a, ls_query *q)
{
    ls_point start;
    ls__crowd_options(c, a->asked_clearance, q);
    start = ls__crowd_wide_start(grid, q->clearance, a->req_start);
    q->start_x = start.x;
    q->start_y = start.y;
    q->goal_x = a->goal.x;
    q->goal_y = a->goal.y;
}

void ls__crowd_submit(ls_crowd *c, ls__crowd_agent *a, ls_point start)
{
    a->requested = 1;
    a->finished = 0;
    a->req_start = start;
    a->asked_clearance = a->clearance;
    a->begun = 0;
    a->solved = 0;
    a->given = 0;
    ls__crowd_link(c, (uint32_t)(a - c->agents));
}

void ls__crowd_cancel(ls_crowd *c, ls__crowd_agent *a)
{
    if (a->requested && !a->finished)
        ls__crowd_unlink(c, (uint32_t)(a - c->agents));
    a->requested = 0;
    a->finished = 0;
    a->solved = 0;
}

static int solved_on(const ls__crowd_agent *a, uint64_t stamp,
                     uint32_t revision)
{
    return a->solved && a->solved_stamp == stamp &&
           a->solved_revision == revision;
}

/* Keep what the search of run slot i gave: its status, its expansion
 * count, its length, and where its path waits (in the run's points, which
 * the next run overwrites only after every request searched in this one
 * has finished: requests are searched in serving order, from the first
 * not yet searched). A path too long for them is not kept. */
static void record(ls_crowd *c, uint32_t i, uint64_t stamp,
                   uint32_t revision)
{
    ls__crowd_agent *a = &c->agents[c->run_slots[i]];
    const ls_status st = c->run_statuses[i];
    a->solved = 1;
    a->solved_stamp = stamp;
    a->solved_revision = revision;
    a->need = c->run_results[i].expansions;
    a->outcome = st == LS_ERR_BUFFER_TOO_SMALL ? LS_OK : st;
    a->found_length = a->outcome == LS_OK ? c->run_results[i].path_length : 0;
    a->run_slot = st == LS_OK ? i : LS__CROWD_NONE;
}

/* A request finishes (in serving order, so the same on any thread count):
 * its path goes into the agent's block, if the pool has room for it. */
static ls_status take_path(ls_crowd *c, const ls_grid *grid,
                           ls__crowd_agent *a)
{
    const uint32_t length = a->found_length;
    ls_query q;
    ls_status st, found = LS_OK;
    ls_result r;
    if (a->outcome != LS_OK)
        return LS_OK;
    if (ls__crowd_pool_reserve(c, a, length, 0) != LS_OK) {
        a->outcome = LS_ERR_POOL_FULL;
        return LS_OK;
    }
    a->path_length = length;
    a->way_count = 0;
    if (a->run_slot != LS__CROWD_NONE) {
        memcpy(ls__crowd_path(c, a),
               c->run_points + (size_t)a->run_slot * c->run_room,
               (size_t)length * sizeof *c->run_points);
        return LS_OK;
    }
    /* Too long for the run's points: the same search again (the grid
     * version is the one it was searched on), straight into the block. */
    request_query(c, grid, a, &q);
    st = ls_batch_run(c->batch, grid, &q, 1, ls__crowd_path(c, a), length,
                      &found, &r);
    c->stats.searches++;
    return st == LS_OK && found == LS_OK && r.path_length == length
               ? LS_OK
               : LS_ERR_THREAD;
}

/* Search, from request k on in serving order, up to `chunk` requests not
 * searched on this grid version. With a path cache (ls_crowd_set_path_cache)
 * each is looked up first: an answer the cache holds goes to the run's
 * slots from the back, the searches fill them from the front, and what
 * was searched is kept after the run. The cache gives ls_find_path's bytes
 * (status, result with its expansion count, path), which is all record()
 * reads, so the budget rule, the ticks and every digest are the same with
 * a cache of any size or none; only stats.searches counts fewer. The
 * cache is touched on the caller's thread only, around the batch run. */
static ls_status search_from(ls_crowd *c, const ls_grid *grid, uint32_t k,
                             uint64_t stamp, uint32_t revision)
{
    uint32_t front = 0, back = c->chunk, i;
    ls_status st;
    for (; k != LS__CROWD_NONE && front < back; k = *ls__crowd_next(c, k)) {
        ls__crowd_agent *a = &c->agents[k];
        ls_query q;
        if (k >= c->config.capacity || solved_on(a, stamp, revision))
            continue;
        request_query(c, grid, a, &q);
        /* The batch's contexts are full and of the grid's size, so
         * ls_query_validate says what ls_find_path would accept. */
        if (c->cache && ls_query_validate(&q, grid) == LS_OK &&
            ls__path_cache_lookup(c->cache, grid, &q,
                                  c->run_points +
                                      (size_t)(back - 1u) * c->run_room,
                                  c->run_room, &c->run_results[back - 1u],
                                  &c->run_statuses[back - 1u])) {
            back--;
            c->run_queries[back] = q;
            c->run_slots[back] = k;
            continue;
        }
        c->run_queries[front] = q;
        c->run_slots[front++] = k;
    }
    /* Every query runs to its end; one whose path is longer than the
     * run's room still reports its length and expansions
     * (LS_ERR_BUFFER_TOO_SMALL), which is all the budget rule needs. */
    if (front > 0) {
        st = ls_batch_run(c->batch, grid, c->run_queries, front,
                          c->run_points, c->run_room, c->run_statuses,
                          c->run_results);
        if (st != LS_OK)
            return st;
    }
    for (i = 0; i < front; i++) {
        if (c->cache)
            ls__path_cache_store(c->cache, grid, &c->run_queries[i],
                                 c->run_statuses[i], &c->run_results[i],
                                 c->run_points + (size_t)i * c->run_room);
        record(c, i, stamp, revision);
    }
    for (i = back; i < c->chunk; i++)
        record(c, i, stamp, revision);
    c->stats.searches += front;
    return LS_OK;
}

ls_status ls__crowd_serve(ls_crowd *c, const ls_grid *grid)
{
    const uint32_t budget = c->config.budget, capacity = c->config.capacity;
    const uint64_t stamp = grid->stamp;
    uint32_t revision = grid->revision, left = budget, k, next;
    ls_status st;
    /* A request begun on another grid version starts again from 0. */
    for (k = c->req_head; k != LS__CROWD_NONE; k = *ls__crowd_next(c, k)) {
        ls__crowd_agent *a = &c->agents[k];
        if (k < capacity && a->begun &&
            (a->begun_stamp != stamp || a->begun_revision != revision)) {
            a->begun = 0;
            a->given = 0;
        }
    }
    for (k = c->req_head; k != LS__CROWD_NONE; k = next) {
        ls__crowd_agent *a;
        uint32_t remaining;
        if (budget != 0 && left == 0)
            break;
        if (k >= capacity) {
            /* A field: given what is left, taken off the budget. */
            uint32_t done = 0;
            int complete;
            next = *ls__crowd_next(c, k);
            ls__crowd_phase(c, LS_CROWD_PHASE_FIELDS);
            complete = ls__crowd_field_serve(c, k - capacity, budget, left,
                                             &done);
            ls__crowd_phase(c, LS_CROWD_PHASE_SEARCH);
            c->stats.expansions += done;
            if (budget != 0)
                left -= done < left ? done : left;
            if (!complete)
                break;
            continue;
        }
        a = &c->agents[k];
        if (!solved_on(a, stamp, revision)) {
            st = search_from(c, grid, k, stamp, revision);
            if (st != LS_OK)
                return st;
        }
        next = a->req_next;
        if (!a->begun) {
            a->begun = 1;
            a->begun_stamp = stamp;
            a->begun_revision = revision;
            a->given = 0;
        }
        remaining = a->need - a->given;
        if (budget != 0 && remaining > left) {
            a->given += left;
            c->stats.expansions += left;
            break;
        }
        if (budget != 0)
            left -= remaining;
        c->stats.expansions += remaining;
        a->finished = 1;
        ls__crowd_unlink(c, k);
        st = take_path(c, grid, a);
        if (st != LS_OK)
            return st;
    }
    return LS_OK;
}
