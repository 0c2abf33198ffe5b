/* SPDX-License-Identifier: MIT */
/*
 * fuzz_batch.c - ls_batch_run against one-shot queries: a grid, a batch
 * (size, context kind, 1 to 3 threads), queries (nonsense fields
 * included) and a per-query path capacity drawn from the fuzzer's bytes.
 *
 * Invariants: every query's status, result and path slots are exactly
 * ls_find_path's on a context of the same kind (a refused query's result
 * is {status, -1, 0, 0, digest of no points}); slots beyond a path are
 * untouched; a grid of another size is refused with nothing written.
 */
#include <string.h>
#include "fuzz_util.h"

#define MAX_SIDE 10
#define MAX_QUERIES 12
#define MAX_CAPACITY 40
#define CANARY (-77777)

static void draw_query(fz_bytes *b, int32_t w, int32_t h, ls_query *q)
{
    uint8_t how = fz_u8(b);
    ls_query_init(q);
    q->start_x = fz_range(b, -1, w);
    q->start_y = fz_range(b, -1, h);
    q->goal_x = fz_range(b, -1, w);
    q->goal_y = fz_range(b, -1, h);
    if (how & 1)
        q->connectivity = LS_CONNECT_4;
    if (how & 2)
        q->algorithm = LS_ALGO_JPS;
    if (how & 4)
        q->heuristic = fz_range(b, 0, 4);
    if (how & 8)
        q->max_expansions = fz_u8(b) % 16;
    if (how & 16)
        q->corner_rule = fz_range(b, 0, 2);
    if (how & 32)
        q->weight = fz_range(b, LS_MIN_WEIGHT, LS_MAX_WEIGHT);
    if ((how & 0xc0) == 0xc0) { /* nonsense */
        q->tie_break = (int32_t)fz_u32(b);
        q->straight_cost = fz_u32(b);
    }
}

/* The batch made last, kept while inputs ask for the same one (threads
 * are slow to make). */
static ls_batch *batch_for(int32_t w, int32_t h, uint32_t kind,
                           uint32_t threads)
{
    static ls_batch *made;
    static int32_t mw, mh;
    static uint32_t mkind, mthreads;
    if (made && mw == w && mh == h && mkind == kind && mthreads == threads)
        return made;
    ls_batch_destroy(made);
    made = NULL;
    if (ls_batch_create(w, h, kind, threads, NULL, &made) != LS_OK)
        return NULL;
    FZ_CHECK(ls_batch_threads(made) == threads);
    mw = w;
    mh = h;
    mkind = kind;
    mthreads = threads;
    return made;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static ls_point points[MAX_QUERIES * MAX_CAPACITY];
    static ls_point one[MAX_CAPACITY];
    static ls_query queries[MAX_QUERIES];
    ls_status statuses[MAX_QUERIES];
    ls_result results[MAX_QUERIES], r;
    fz_bytes b;
    int32_t w, h, x, y;
    uint32_t kind, threads, count, capacity, i, j;
    uint8_t density;
    ls_grid *grid = NULL, *other = NULL;
    ls_search *ref = NULL;
    ls_batch *batch;
    uint64_t empty;

    fz_begin(&b, data, size);
    w = fz_range(&b, 1, MAX_SIDE);
    h = fz_range(&b, 1, MAX_SIDE);
    kind = fz_u8(&b) & 1 ? LS_SEARCH_COMPACT : LS_SEARCH_FULL;
    threads = (uint32_t)fz_range(&b, 1, 3);
    count = (uint32_t)fz_range(&b, 0, MAX_QUERIES);
    capacity = (uint32_t)fz_range(&b, 0, MAX_CAPACITY);
    batch = batch_for(w, h, kind, threads);
    if (!batch || ls_grid_create(w, h, NULL, &grid) != LS_OK ||
        ls_search_create_with(w, h, kind, NULL, &ref) != LS_OK)
        goto out;
    density = fz_u8(&b);
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++) {
            uint8_t c = fz_u8(&b);
            ls_grid_set(grid, x, y, c < density / 2 ? LS_CELL_BLOCKED
                                    : (uint8_t)(1 + (c & density & 3)));
        }
    for (i = 0; i < count; i++)
        draw_query(&b, w, h, &queries[i]);

    for (i = 0; i < MAX_QUERIES * MAX_CAPACITY; i++)
        points[i].x = points[i].y = CANARY;
    if (ls_grid_create(w + 1, h, NULL, &other) == LS_OK) {
        FZ_CHECK(ls_batch_run(batch, other, queries, count, points, capacity,
                              statuses, results) == LS_ERR_GRID_MISMATCH);
        ls_grid_destroy(other);
        FZ_CHECK(points[0].x == CANARY);
    }
    FZ_CHECK(ls_batch_run(batch, grid, queries, count,
                          capacity ? points : NULL, capacity, statuses,
                          results) == LS_OK);
    FZ_CHECK(ls_path_digest(NULL, 0, &empty) == LS_OK);
    for (i = 0; i < count; i++) {
        ls_status st;
        memset(&r, 0, sizeof r);
        for (j = 0; j < MAX_CAPACITY; j++)
            one[j].x = one[j].y = CANARY;
        st = ls_find_path(ref, grid, &queries[i], capacity ? one : NULL,
                          capacity, &r);
        FZ_CHECK(fz_status_known(statuses[i]));
        FZ_CHECK(statuses[i] == st);
        if (st >= 0 || st == LS_ERR_BUFFER_TOO_SMALL ||
            st == LS_ERR_COST_OVERFLOW) {
            if (st != LS_ERR_COST_OVERFLOW) {
                FZ_CHECK(results[i].status == r.status);
                FZ_CHECK(results[i].cost == r.cost);
                FZ_CHECK(results[i].expansions == r.expansions);
                FZ_CHECK(results[i].path_length == r.path_length);
                FZ_CHECK(results[i].digest == r.digest);
            }
        } else {
            /* Refused before any search. */
            FZ_CHECK(results[i].status == st && results[i].cost == -1);
            FZ_CHECK(results[i].expansions == 0);
            FZ_CHECK(results[i].path_length == 0);
            FZ_CHECK(results[i].digest == empty);
        }
        for (j = 0; j < capacity; j++) {
            const ls_point *p = &points[i * capacity + j];
            FZ_CHECK(p->x == one[j].x && p->y == one[j].y);
        }
    }
    for (i = count * capacity; i < MAX_QUERIES * MAX_CAPACITY; i++)
        FZ_CHECK(points[i].x == CANARY && points[i].y == CANARY);
out:
    ls_search_destroy(ref);
    ls_grid_destroy(grid);
    return 0;
}
