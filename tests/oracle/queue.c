/* SPDX-License-Identifier: MIT */
/*
 * queue.c - the oracle's path queue (oracle.h): the budget rule of
 * lockstar_queue.h as a loop over modelled requests, one tick at a time,
 * written apart from src/queue.c. The oldest unfinished request is served
 * while budget remains; a request finishes in the tick in which the
 * expansions given to it reach those ls_find_path takes on the grid as it
 * is; a refused begin costs nothing; leftover budget is lost; a change of
 * the grid restarts the running request; a found path is kept when it
 * fits in the pool's free points, else the request ends LS_ERR_POOL_FULL.
 */
#include "oracle.h"

static void finish(or_request *r, uint32_t pool, uint32_t *pool_used)
{
    r->state = OR_DONE;
    r->finished_now = 1;
    r->status = r->found;
    r->kept = 0;
    if (r->found == LS_OK) {
        if (r->length <= pool - *pool_used) {
            r->kept = r->length;
            *pool_used += r->kept;
        } else {
            r->status = LS_ERR_POOL_FULL;
        }
    }
}

void or_queue_tick(void *requests, size_t stride, uint32_t n,
                   uint32_t budget, int restart, uint32_t pool,
                   uint32_t *pool_used,
                   void (*begin)(void *ctx, or_request *r), void *ctx)
{
    char *base = requests;
    uint32_t left = budget, i;

    for (i = 0; i < n; i++) {
        or_request *r = (or_request *)(void *)(base + i * stride);
        r->finished_now = 0;
        if (restart && r->state == OR_RUNNING)
            r->state = OR_WAITING;
    }
    for (i = 0; i < n && (budget == 0 || left > 0); i++) {
        or_request *r = (or_request *)(void *)(base + i * stride);
        uint32_t need;
        if (r->state == OR_DONE)
            continue;
        if (r->state == OR_WAITING) {
            begin(ctx, r);
            r->given = 0;
            /* A refused begin: the request finishes at once with its
             * error, costing nothing. */
            if (r->refused) {
                finish(r, pool, pool_used);
                continue;
            }
            r->state = OR_RUNNING;
        }
        need = r->expansions - r->given;
        if (budget == 0 || left >= need) {
            if (budget != 0)
                left -= need;
            r->given = r->expansions;
            finish(r, pool, pool_used);
            continue;
        }
        r->given += left;
        left = 0;
    }
}
