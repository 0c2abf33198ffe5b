/* SPDX-License-Identifier: MIT */
/*
 * fuzz_queue.c - the path request queue (ls_queue_*) under operation
 * sequences drawn from the fuzzer's bytes: submits (duplicate ids and
 * nonsense queries included), cancels, releases, ticks with budgets, grid
 * edits between ticks, and every read, checked against the oracle
 * library's model of the rules of include/lockstar_queue.h (the budget
 * rule, tests/oracle/oracle.h) and the bookkeeping below, both written
 * apart from src/queue.c:
 *   - capacity, duplicate and unknown ids, release of unfinished requests;
 *   - the budget rule: served in submission order, a request finishing in
 *     the tick in which the expansions given to it reach those of its
 *     ls_find_path on the grid as it is (a refused begin costs nothing),
 *     leftover budget lost, a running request restarted by an edit;
 *   - each finished request's status, result and path equal to
 *     ls_find_path's on the grid it finished on, LS_ERR_POOL_FULL exactly
 *     when the path does not fit in the pool's free points;
 *   - a grid destroyed and made again in the same memory (a LIFO block
 *     cache), with the same size, cells (or one changed) and revision, is
 *     another grid: the running request starts again on it;
 *   - ls_queue_create answers a capacity or pool from 2^30 - 1 up at once
 *     (LS_ERR_SIZE_OVERFLOW above LS_QUEUE_MAX_CAPACITY, else out of
 *     memory from an allocator refusing big blocks), leaving nothing.
 */
#include <stdlib.h>
#include <string.h>
#include "fuzz_util.h"
#include "oracle/oracle.h"

#define MAX_SIDE 12
#define MAX_POINTS (MAX_SIDE * MAX_SIDE)
#define MAX_HELD 8

/* A request of the model: the oracle's (state, budget, outcome, points
 * kept) first, for or_queue_tick. */
typedef struct model_request {
    or_request rule;
    uint64_t id;
    ls_query query;
    ls_result result;       /* running, done: ls_find_path's */
    ls_point path[MAX_POINTS];
} model_request;

typedef struct model {
    model_request req[MAX_HELD]; /* held requests, submission order */
    uint32_t count, capacity, pool, pool_used;
    uint32_t revision;      /* the grid's revision at the last tick */
    int replaced;           /* the grid was made again since */
    ls_search *search;      /* ls_find_path's context */
    const ls_grid *grid;    /* the grid of the tick being modelled */
} model;

/* The grid's allocator: a released block is handed back to the next
 * request of its size, newest first, as game pool allocators do. */
#define CACHE_SLOTS 8
static struct {
    void *block[CACHE_SLOTS];
    size_t size[CACHE_SLOTS];
    int count;
} cache;

static void *cache_alloc(void *user, size_t size)
{
    int i;
    (void)user;
    for (i = cache.count - 1; i >= 0; i--)
        if (cache.size[i] == size) {
            void *block = cache.block[i];
            cache.count--;
            cache.block[i] = cache.block[cache.count];
            cache.size[i] = cache.size[cache.count];
            return block;
        }
    return malloc(size);
}

static void cache_release(void *user, void *block, size_t size)
{
    (void)user;
    if (cache.count == CACHE_SLOTS) {
        free(block);
        return;
    }
    cache.block[cache.count] = block;
    cache.size[cache.count] = size;
    cache.count++;
}

static const ls_allocator cache_allocator = { cache_alloc, cache_release,
                                              NULL };

/* An allocator that refuses every block over 1 MiB and counts the rest. */
static long small_blocks;
static void *small_alloc(void *user, size_t size)
{
    (void)user;
    if (size > ((size_t)1 << 20))
        return NULL;
    small_blocks++;
    return malloc(size);
}

static void small_release(void *user, void *block, size_t size)
{
    (void)user;
    (void)size;
    small_blocks--;
    free(block);
}

static model_request *find(model *m, uint64_t id)
{
    uint32_t i;
    for (i = 0; i < m->count; i++)
        if (m->req[i].id == id)
            return &m->req[i];
    return NULL;
}

static void forget(model *m, model_request *r)
{
    uint32_t i = (uint32_t)(r - m->req);
    if (r->rule.state == OR_DONE)
        m->pool_used -= r->rule.kept;
    memmove(&m->req[i], &m->req[i + 1], (m->count - i - 1) * sizeof *r);
    m->count--;
}

/* or_queue_tick's begin: what ls_search_begin and ls_find_path do with
 * the request's query on the grid now. */
static void begin(void *ctx, or_request *rule)
{
    model *m = ctx;
    model_request *r = (model_request *)(void *)rule;
    ls_status st = ls_search_begin(m->search, m->grid, &r->query);
    rule->refused = st != LS_OK;
    rule->expansions = 0;
    rule->length = 0;
    if (st != LS_OK) {
        rule->found = st;
        return;
    }
    rule->found = ls_find_path(m->search, m->grid, &r->query, r->path,
                               MAX_POINTS, &r->result);
    FZ_CHECK(rule->found != LS_ERR_BUFFER_TOO_SMALL);
    FZ_CHECK(ls_search_expansions(m->search, &rule->expansions) == LS_OK);
    rule->length = r->result.path_length;
}

static void model_tick(model *m, ls_search *s, const ls_grid *g,
                       uint32_t budget)
{
    uint32_t revision;
    int restart;
    ls_grid_revision(g, &revision);
    restart = m->replaced || revision != m->revision;
    m->replaced = 0;
    m->revision = revision;
    m->search = s;
    m->grid = g;
    or_queue_tick(m->req, sizeof m->req[0], m->count, budget, restart,
                  m->pool, &m->pool_used, begin, m);
}

/* Destroy *grid and make a grid of its size in its memory again, with its
 * cells (one changed when change) brought to its revision: another grid
 * for the queue, so every running request of the model starts again. */
static void replace_grid(model *m, ls_grid **grid, int32_t w, int32_t h,
                         int change)
{
    static uint8_t cells[MAX_POINTS];
    ls_grid *g = NULL;
    uintptr_t address = (uintptr_t)*grid;
    uint32_t old_revision = 0, revision = 0;
    int32_t x, y;

    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            FZ_CHECK(ls_grid_get(*grid, x, y, &cells[y * w + x]) == LS_OK);
    if (change)
        cells[0] = cells[0] == LS_CELL_BLOCKED ? LS_CELL_OPEN
                                               : LS_CELL_BLOCKED;
    FZ_CHECK(ls_grid_revision(*grid, &old_revision) == LS_OK);
    ls_grid_destroy(*grid);
    *grid = NULL;
    FZ_CHECK(ls_grid_create(w, h, &cache_allocator, &g) == LS_OK);
    FZ_CHECK((uintptr_t)g == address);
    FZ_CHECK(ls_grid_load(g, cells, (size_t)w * (size_t)h) == LS_OK);
    FZ_CHECK(ls_grid_revision(g, &revision) == LS_OK);
    while (revision < old_revision) {
        FZ_CHECK(ls_grid_set(g, 0, 0, cells[0]) == LS_OK);
        revision++;
    }
    *grid = g;
    m->replaced = 1;
}

/* ls_queue_create at a size around 2^30 or 2^31: a status at once. */
static void create_huge(fz_bytes *b, int32_t w, int32_t h)
{
    static const uint32_t sizes[] = { 0x3FFFFFFFu, 0x40000000u, 0x40000001u,
                                      0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu };
    const ls_allocator small = { small_alloc, small_release, NULL };
    uint32_t size = sizes[fz_u8(b) % 6], capacity = 4, pool = 16;
    ls_queue *queue = (ls_queue *)&queue;
    ls_status st;
    if (fz_u8(b) & 1)
        capacity = size;
    else
        pool = size;
    st = ls_queue_create(w, h, capacity, pool, &small, &queue);
    FZ_CHECK(queue == NULL && small_blocks == 0);
    if (capacity > LS_QUEUE_MAX_CAPACITY)
        FZ_CHECK(st == LS_ERR_SIZE_OVERFLOW);
    else
        FZ_CHECK(st == LS_ERR_OUT_OF_MEMORY || st == LS_ERR_SIZE_OVERFLOW);
}

static void draw_query(fz_bytes *b, ls_query *q)
{
    uint8_t how = fz_u8(b);
    ls_query_init(q);
    q->start_x = fz_range(b, -1, MAX_SIDE);
    q->start_y = fz_range(b, -1, MAX_SIDE);
    q->goal_x = fz_range(b, -1, MAX_SIDE);
    q->goal_y = fz_range(b, -1, MAX_SIDE);
    if (how & 1)
        q->connectivity = LS_CONNECT_4;
    if (how & 2)
        q->algorithm = LS_ALGO_JPS;
    if (how & 4)
        q->heuristic = LS_HEURISTIC_ZERO;
    if (how & 8)
        q->max_expansions = fz_u8(b) % 32;
    if ((how & 0x30) == 0x30) {
        q->straight_cost = 60000;
        q->diagonal_cost = 120000;
    }
    if ((how & 0xc0) == 0xc0)
        q->corner_rule = (int32_t)fz_u32(b); /* nonsense: a refused begin */
}

static void check_reads(const model *m, const ls_queue *queue)
{
    uint32_t i, pending = 0, length = 0;
    ls_status st;
    ls_result r;
    static ls_point path[MAX_POINTS];

    for (i = 0; i < m->count; i++) {
        const model_request *q = &m->req[i];
        FZ_CHECK(ls_queue_status(queue, q->id, &st) == LS_OK);
        if (q->rule.state != OR_DONE) {
            pending++;
            FZ_CHECK(st == LS_IN_PROGRESS);
            FZ_CHECK(ls_queue_result(queue, q->id, &r) == LS_ERR_NOT_DONE);
            FZ_CHECK(ls_queue_path(queue, q->id, path, MAX_POINTS, &length) ==
                     LS_ERR_NOT_DONE && length == 0);
            continue;
        }
        FZ_CHECK(st == q->rule.status);
        if (q->rule.status >= 0 || q->rule.status == LS_ERR_POOL_FULL) {
            FZ_CHECK(ls_queue_result(queue, q->id, &r) == (q->rule.status ==
                     LS_ERR_POOL_FULL ? LS_ERR_POOL_FULL : LS_OK));
            FZ_CHECK(r.status == q->result.status && r.cost == q->result.cost);
            FZ_CHECK(r.expansions == q->result.expansions);
            FZ_CHECK(r.path_length == q->result.path_length);
            FZ_CHECK(r.digest == q->result.digest);
        } else {
            FZ_CHECK(ls_queue_result(queue, q->id, &r) == q->rule.status);
        }
        st = ls_queue_path(queue, q->id, path, MAX_POINTS, &length);
        if (q->rule.status == LS_OK) {
            FZ_CHECK(st == LS_OK && length == q->rule.kept);
            FZ_CHECK(memcmp(path, q->path, length * sizeof *path) == 0);
            if (length > 1)
                FZ_CHECK(ls_queue_path(queue, q->id, path, length - 1,
                                       &length) == LS_ERR_BUFFER_TOO_SMALL &&
                         length == q->rule.kept);
        } else {
            FZ_CHECK(st == q->rule.status && length == 0);
        }
    }
    FZ_CHECK(ls_queue_pending(queue, &pending) == LS_OK);
    {
        uint32_t want = 0;
        for (i = 0; i < m->count; i++)
            want += m->req[i].rule.state != OR_DONE;
        FZ_CHECK(pending == want);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static model m;
    fz_bytes b;
    int32_t w, h;
    ls_grid *grid = NULL;
    ls_search *ref = NULL;
    ls_queue *queue = NULL;
    uint32_t ops = 0;

    fz_begin(&b, data, size);
    w = fz_range(&b, 1, MAX_SIDE);
    h = fz_range(&b, 1, MAX_SIDE);
    memset(&m, 0, sizeof m);
    m.capacity = (uint32_t)fz_range(&b, 1, MAX_HELD);
    m.pool = fz_u8(&b) < 128 ? 4096u : fz_u8(&b) % 40;
    if (ls_grid_create(w, h, &cache_allocator, &grid) != LS_OK ||
        ls_search_create(w, h, NULL, &ref) != LS_OK ||
        ls_queue_create(w, h, m.capacity, m.pool, NULL, &queue) != LS_OK)
        goto out;
    {
        int32_t x, y;
        uint8_t density = fz_u8(&b);
        for (y = 0; y < h; y++)
            for (x = 0; x < w; x++)
                if (fz_u8(&b) < density / 2)
                    ls_grid_set(grid, x, y, LS_CELL_BLOCKED);
    }
    while (fz_left(&b) > 0 && ops++ < 64) {
        uint8_t op = fz_u8(&b);
        uint64_t id = fz_u8(&b) % 12;
        model_request *r = find(&m, id);
        ls_status st;
        ls_query q;
        switch (op % 8) {
        case 0: case 1: /* submit */
            draw_query(&b, &q);
            st = ls_queue_submit(queue, id, &q);
            if (r) {
                FZ_CHECK(st == LS_ERR_DUPLICATE_ID);
            } else if (m.count == m.capacity) {
                FZ_CHECK(st == LS_ERR_QUEUE_FULL);
            } else {
                FZ_CHECK(st == LS_OK);
                r = &m.req[m.count++];
                memset(r, 0, sizeof *r);
                r->id = id;
                r->query = q;
                r->rule.state = OR_WAITING;
            }
            break;
        case 2: /* cancel */
            st = ls_queue_cancel(queue, id);
            FZ_CHECK(st == (r ? LS_OK : LS_ERR_UNKNOWN_ID));
            if (r)
                forget(&m, r);
            break;
        case 3: /* release */
            st = ls_queue_release(queue, id);
            FZ_CHECK(st == (!r ? LS_ERR_UNKNOWN_ID
                            : r->rule.state != OR_DONE ? LS_ERR_NOT_DONE : LS_OK));
            if (r && r->rule.state == OR_DONE)
                forget(&m, r);
            break;
        case 4: case 5: { /* tick */
            uint32_t budget = op & 0x80 ? 0 : fz_u8(&b) % 24;
            FZ_CHECK(ls_queue_tick(queue, grid, budget) == LS_OK);
            model_tick(&m, ref, grid, budget);
            break;
        }
        case 6: { /* an edit between ticks */
            int32_t x = fz_range(&b, 0, w - 1), y = fz_range(&b, 0, h - 1);
            uint8_t cost = fz_u8(&b) & 1 ? LS_CELL_BLOCKED
                                         : (uint8_t)(1 + fz_u8(&b) % 3);
            if (op & 0x80)
                FZ_CHECK(ls_grid_set_rect(grid, x, y, 1 + (w - 1 - x) / 2,
                                          1 + (h - 1 - y) / 2, cost) == LS_OK);
            else
                FZ_CHECK(ls_grid_set(grid, x, y, cost) == LS_OK);
            break;
        }
        default: {
            ls_grid *other = NULL;
            if (op & 0x80) { /* the grid made again in the same memory */
                replace_grid(&m, &grid, w, h, op & 0x40);
                break;
            }
            if (op & 0x40) {
                create_huge(&b, w, h);
                break;
            }
            /* a tick with a grid of another size is refused */
            if (ls_grid_create(w + 1, h, NULL, &other) == LS_OK) {
                FZ_CHECK(ls_queue_tick(queue, other, 0) == LS_ERR_GRID_MISMATCH);
                ls_grid_destroy(other);
            }
            break;
        }
        }
        check_reads(&m, queue);
    }
out:
    ls_queue_destroy(queue);
    ls_search_destroy(ref);
    ls_grid_destroy(grid);
    while (cache.count > 0)
        free(cache.block[--cache.count]);
    return 0;
}
