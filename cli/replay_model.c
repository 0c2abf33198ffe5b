/* SPDX-License-Identifier: MIT */
/*
 * replay_model.c - the path queue's rules on a batch of worker threads
 * (see replay_model.h). Requests are kept one per slot (an agent holds at
 * most one), linked in submission order while unfinished.
 */
#include <stdlib.h>
#include <string.h>
#include "memory.h"
#include "replay_model.h"

#define NONE UINT32_MAX
/* Points of room per query in one batch run, at most, over all slots: a
 * longer path is found again alone (ls_find_path with room for every
 * cell), which changes nothing but the time. */
#define BATCH_POINTS (1u << 22)

typedef struct model_request {
    int held, finished;
    ls_query query;
    uint32_t prev, next;      /* unfinished requests, submission order */
    int begun;                /* served since submitted or restarted */
    uint32_t begun_revision;
    int solved;
    uint32_t solved_revision; /* the grid revision it was solved on */
    uint32_t need;            /* expansions ls_find_path made */
    uint32_t given;           /* expansions the budget gave it so far */
    ls_status status;
    ls_point *path;
    uint32_t length, room;
} model_request;

struct cli_model {
    int32_t width, height;
    uint32_t slots, cells, capacity;
    ls_batch *batch;
    ls_search *search;        /* long paths and error counts */
    model_request *req;
    uint32_t head, tail;
    ls_query *queries;        /* one batch run */
    uint32_t *which;
    ls_status *statuses;
    ls_result *results;
    ls_point *points;         /* slots * capacity */
    ls_point *scratch;        /* cells */
};

void cli_model_destroy(cli_model *m)
{
    uint32_t k;
    if (!m)
        return;
    ls_batch_destroy(m->batch);
    ls_search_destroy(m->search);
    if (m->req)
        for (k = 0; k < m->slots; k++)
            cli_release(m->req[k].path);
    cli_release(m->req);
    cli_release(m->queries);
    cli_release(m->which);
    cli_release(m->statuses);
    cli_release(m->results);
    cli_release(m->points);
    cli_release(m->scratch);
    cli_release(m);
}

ls_status cli_model_create(int32_t width, int32_t height, uint32_t slots,
                           uint32_t threads, cli_model **out)
{
    cli_model *m = cli_alloc_zeroed(1, sizeof *m);
    ls_status st;
    uint32_t n = slots ? slots : 1;
    *out = NULL;
    if (!m)
        return LS_ERR_OUT_OF_MEMORY;
    m->width = width;
    m->height = height;
    m->slots = slots;
    m->cells = (uint32_t)width * (uint32_t)height;
    m->capacity = BATCH_POINTS / n;
    if (m->capacity > m->cells)
        m->capacity = m->cells;
    if (m->capacity < 64)
        m->capacity = 64;
    m->head = m->tail = NONE;
    st = ls_batch_create(width, height, LS_SEARCH_FULL, threads,
                         cli_library_allocator(),
                         &m->batch);
    if (st == LS_OK)
        st = ls_search_create(width, height, cli_library_allocator(),
                              &m->search);
    if (st != LS_OK) {
        cli_model_destroy(m);
        return st;
    }
    m->req = cli_alloc_zeroed(n, sizeof *m->req);
    m->queries = cli_alloc(n * sizeof *m->queries);
    m->which = cli_alloc(n * sizeof *m->which);
    m->statuses = cli_alloc(n * sizeof *m->statuses);
    m->results = cli_alloc(n * sizeof *m->results);
    m->points = cli_alloc((size_t)n * m->capacity * sizeof *m->points);
    m->scratch = cli_alloc((size_t)m->cells * sizeof *m->scratch);
    if (!m->req || !m->queries || !m->which || !m->statuses ||
        !m->results || !m->points || !m->scratch) {
        cli_model_destroy(m);
        return LS_ERR_OUT_OF_MEMORY;
    }
    *out = m;
    return LS_OK;
}

static void unlink_request(cli_model *m, uint32_t k)
{
    model_request *r = &m->req[k];
    if (r->prev != NONE)
        m->req[r->prev].next = r->next;
    else
        m->head = r->next;
    if (r->next != NONE)
        m->req[r->next].prev = r->prev;
    else
        m->tail = r->prev;
    r->prev = r->next = NONE;
}

void cli_model_submit(cli_model *m, uint32_t slot, const ls_query *q)
{
    model_request *r = &m->req[slot];
    r->held = 1;
    r->finished = 0;
    r->query = *q;
    r->begun = 0;
    r->solved = 0;
    r->given = 0;
    r->length = 0;
    r->prev = m->tail;
    r->next = NONE;
    if (m->tail != NONE)
        m->req[m->tail].next = slot;
    else
        m->head = slot;
    m->tail = slot;
}

void cli_model_cancel(cli_model *m, uint32_t slot)
{
    model_request *r = &m->req[slot];
    if (!r->held)
        return;
    if (!r->finished)
        unlink_request(m, slot);
    r->held = 0;
}

static ls_status keep_path(model_request *r, const ls_point *points,
                           uint32_t length)
{
    if (length > r->room) {
        ls_point *bigger = cli_resize(r->path, (size_t)length * sizeof *bigger);
        if (!bigger)
            return LS_ERR_OUT_OF_MEMORY;
        r->path = bigger;
        r->room = length;
    }
    if (length > 0)
        memcpy(r->path, points, (size_t)length * sizeof *points);
    r->length = length;
    return LS_OK;
}

/* Record what the batch gave request r (batch slot i). A path longer than
 * the batch's room, and an error (whose expansion count ls_result does
 * not carry), are run again alone on the model's own context. */
static ls_status record(cli_model *m, const ls_grid *grid, model_request *r,
                        uint32_t i, uint32_t revision)
{
    ls_status st = m->statuses[i];
    ls_result res = m->results[i];
    const ls_point *points = m->points + (size_t)i * m->capacity;
    if (st == LS_ERR_BUFFER_TOO_SMALL || st < 0) {
        st = ls_find_path(m->search, grid, &r->query, m->scratch, m->cells,
                          &res);
        points = m->scratch;
        if (st < 0) {
            uint32_t count = 0;
            if (ls_search_expansions(m->search, &count) != LS_OK)
                count = 0; /* refused at begin: nothing expanded */
            res.expansions = count;
            res.path_length = 0;
        }
    }
    r->status = st;
    r->need = res.expansions;
    r->solved = 1;
    r->solved_revision = revision;
    return keep_path(r, points, st == LS_OK ? res.path_length : 0);
}

/* Solve, in one batch run, every unfinished request not solved on the grid
 * as it is now. */
static ls_status solve(cli_model *m, const ls_grid *grid, uint32_t revision)
{
    uint32_t k, count = 0, i;
    ls_status st;
    for (k = m->head; k != NONE; k = m->req[k].next) {
        model_request *r = &m->req[k];
        if (r->solved && r->solved_revision == revision)
            continue;
        m->queries[count] = r->query;
        m->which[count++] = k;
    }
    if (count == 0)
        return LS_OK;
    st = ls_batch_run(m->batch, grid, m->queries, count, m->points,
                      m->capacity, m->statuses, m->results);
    for (i = 0; st == LS_OK && i < count; i++)
        st = record(m, grid, &m->req[m->which[i]], i, revision);
    return st;
}

ls_status cli_model_tick(cli_model *m, const ls_grid *grid, uint32_t budget)
{
    uint32_t revision = 0, left = budget, k, next;
    ls_status st = ls_grid_revision(grid, &revision);
    if (st != LS_OK)
        return st;
    /* A request begun on an older grid starts again from 0. */
    for (k = m->head; k != NONE; k = m->req[k].next)
        if (m->req[k].begun && m->req[k].begun_revision != revision) {
            m->req[k].begun = 0;
            m->req[k].given = 0;
        }
    st = solve(m, grid, revision);
    if (st != LS_OK)
        return st;
    for (k = m->head; k != NONE; k = next) {
        model_request *r = &m->req[k];
        uint32_t remaining;
        next = r->next;
        if (budget != 0 && left == 0)
            break;
        if (!r->begun) {
            r->begun = 1;
            r->begun_revision = revision;
            r->given = 0;
        }
        remaining = r->need - r->given;
        if (budget != 0) {
            if (remaining > left) {
                r->given += left;
                left = 0;
                break;
            }
            left -= remaining;
        }
        r->finished = 1;
        unlink_request(m, k);
    }
    return LS_OK;
}

int cli_model_take(cli_model *m, uint32_t slot, ls_status *status,
                   const ls_point **path, uint32_t *length)
{
    model_request *r = &m->req[slot];
    if (!r->held || !r->finished)
        return 0;
    *status = r->status;
    *path = r->path;
    *length = r->length;
    r->held = 0;
    return 1;
}
