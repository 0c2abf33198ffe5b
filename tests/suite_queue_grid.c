/* SPDX-License-Identifier: MIT */
/*
 * suite_queue_grid.c - the queue suite's tests of the grid it is ticked
 * on: cells edited between ticks restart the running request, and a new
 * grid made in a destroyed grid's memory (same address, size and
 * revision) is still another grid, on which the request starts again.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suite_queue.h"

static ls_point got[MAXP], want[MAXP];

/* Cells edited between ticks: a request finishes as ls_find_path on the
 * grid as it was when it finished, the running one having started again. */
void test_edits_between_ticks_restart_the_running_request(void)
{
    ls_grid *g = queue_make_grid(11);
    ls_search *s = NULL;
    ls_queue *queue = NULL;
    ls_query q[NQ];
    int checked[NQ], edits = 0, n_checked = 0;
    uint32_t pending = 1;
    ls_rng rng;
    int i, t = 0;

    CU_ASSERT_FATAL(ls_search_create(W, H, NULL, &s) == LS_OK);
    CU_ASSERT_FATAL(ls_queue_create(W, H, NQ, NQ * MAXP, NULL, &queue) == LS_OK);
    ls_rng_seed(&rng, 4242);
    for (i = 0; i < NQ; i++) {
        queue_random_query(&rng, &q[i]);
        checked[i] = 0;
        CU_ASSERT_EQUAL(ls_queue_submit(queue, (uint64_t)i, &q[i]), LS_OK);
    }
    while (pending > 0 && t < 100000) {
        ls_queue_tick(queue, g, 7);
        t++;
        /* Finished now: compare on the grid they finished on. */
        for (i = 0; i < NQ; i++) {
            ls_status st;
            ls_queue_status(queue, (uint64_t)i, &st);
            if (!checked[i] && st != LS_IN_PROGRESS) {
                queue_check_against_find_path(queue, (uint64_t)i, s, g, &q[i]);
                checked[i] = 1;
                n_checked++;
            }
        }
        if (t % 2 == 0) {
            ls_grid_set(g, (int32_t)ls_rng_below(&rng, W),
                        (int32_t)ls_rng_below(&rng, H),
                        (uint8_t)ls_rng_below(&rng, 3));
            edits++;
        }
        ls_queue_pending(queue, &pending);
    }
    CU_ASSERT_EQUAL(pending, 0);
    CU_ASSERT_EQUAL(n_checked, NQ);
    CU_ASSERT(edits >= 10);
    ls_queue_destroy(queue);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/* An allocator that hands a released block back to the next request of
 * the same size, newest first (a LIFO block cache, as game pool
 * allocators are): a grid destroyed and created again at the same size
 * gets the same memory, so the same address. */
enum { CACHE_SLOTS = 16 };
typedef struct block_cache {
    void *block[CACHE_SLOTS];
    size_t size[CACHE_SLOTS];
    int count;
    uint64_t reused;
} block_cache;

static void *cache_alloc(void *user, size_t size)
{
    block_cache *c = user;
    int i;
    for (i = c->count - 1; i >= 0; i--)
        if (c->size[i] == size) {
            void *b = c->block[i];
            memmove(&c->block[i], &c->block[i + 1],
                    (size_t)(c->count - i - 1) * sizeof c->block[0]);
            memmove(&c->size[i], &c->size[i + 1],
                    (size_t)(c->count - i - 1) * sizeof c->size[0]);
            c->count--;
            c->reused++;
            return b;
        }
    return malloc(size);
}

static void cache_release(void *user, void *block, size_t size)
{
    block_cache *c = user;
    if (c->count == CACHE_SLOTS) {
        free(block);
        return;
    }
    c->block[c->count] = block;
    c->size[c->count] = size;
    c->count++;
}

static void cache_empty(block_cache *c)
{
    while (c->count > 0)
        free(c->block[--c->count]);
}

/* Issue 20: a request running on a grid that is destroyed, and a new grid
 * of the same size made in the same memory (a LIFO block cache) and
 * brought to the same revision. The new grid is another grid: the request
 * must start again on it and give what ls_find_path gives there, not
 * carry on with a search whose open cells are walls of the new grid. */
void test_new_grid_at_the_same_address_restarts(void)
{
    enum { GW = 16, GH = 9 };
    static const char *const wall[GH] = {
        ".#..............", ".#..............", ".#..............",
        ".#..............", "S#.............G", ".#..............",
        ".#..............", ".#..............", "................",
    };
    uint8_t cells[GW * GH];
    block_cache cache;
    ls_allocator a;
    ls_grid *old_grid = NULL, *grid = NULL;
    ls_search *s = NULL;
    ls_queue *queue = NULL;
    ls_query q;
    ls_result want_r, got_r;
    ls_path_check check;
    ls_status st;
    uint32_t old_revision = 0, revision = 0, len = 0;
    uintptr_t old_address;
    int32_t x, y;

    memset(&cache, 0, sizeof cache);
    a.alloc = cache_alloc;
    a.release = cache_release;
    a.user = &cache;
    for (y = 0; y < GH; y++)
        for (x = 0; x < GW; x++)
            cells[y * GW + x] = wall[y][x] == '#' ? LS_CELL_BLOCKED
                                                  : LS_CELL_OPEN;
    ls_query_init(&q);
    q.start_x = 0;
    q.start_y = 4;
    q.goal_x = 15;
    q.goal_y = 4;
    CU_ASSERT_FATAL(ls_search_create(GW, GH, NULL, &s) == LS_OK);
    CU_ASSERT_FATAL(ls_queue_create(GW, GH, 4, 256, NULL, &queue) == LS_OK);

    /* Begin on an open grid: the cells beside the start are opened. */
    CU_ASSERT_FATAL(ls_grid_create(GW, GH, &a, &old_grid) == LS_OK);
    CU_ASSERT_EQUAL(ls_grid_fill(old_grid, LS_CELL_OPEN), LS_OK);
    CU_ASSERT_EQUAL(ls_queue_submit(queue, 1, &q), LS_OK);
    CU_ASSERT_EQUAL(ls_queue_tick(queue, old_grid, 3), LS_OK);
    CU_ASSERT_EQUAL(ls_queue_status(queue, 1, &st), LS_OK);
    CU_ASSERT_EQUAL_FATAL(st, LS_IN_PROGRESS);
    ls_grid_revision(old_grid, &old_revision);
    old_address = (uintptr_t)old_grid;
    ls_grid_destroy(old_grid);

    /* The new grid: same size, same memory, same revision, a wall. */
    CU_ASSERT_FATAL(ls_grid_create(GW, GH, &a, &grid) == LS_OK);
    CU_ASSERT_EQUAL(ls_grid_load(grid, cells, sizeof cells), LS_OK);
    ls_grid_revision(grid, &revision);
    CU_ASSERT_EQUAL_FATAL((uintptr_t)grid, old_address);
    CU_ASSERT_EQUAL_FATAL(revision, old_revision);
    CU_ASSERT(cache.reused >= 1);

    CU_ASSERT_EQUAL(ls_queue_tick(queue, grid, 0), LS_OK);
    CU_ASSERT_EQUAL(ls_find_path(s, grid, &q, want, MAXP, &want_r), LS_OK);
    CU_ASSERT_EQUAL(ls_queue_result(queue, 1, &got_r), LS_OK);
    CU_ASSERT_EQUAL(got_r.cost, want_r.cost);
    CU_ASSERT_EQUAL(got_r.expansions, want_r.expansions);
    CU_ASSERT_EQUAL(got_r.digest, want_r.digest);
    CU_ASSERT_EQUAL(ls_queue_path(queue, 1, got, MAXP, &len), LS_OK);
    CU_ASSERT_EQUAL(ls_check_path(grid, &q, got, len, got_r.cost, &check),
                    LS_OK);
    CU_ASSERT_EQUAL(check.reason, LS_STEP_LEGAL);
    CU_ASSERT_EQUAL(check.first_illegal, len);
    queue_check_against_find_path(queue, 1, s, grid, &q);

    ls_queue_destroy(queue);
    ls_search_destroy(s);
    ls_grid_destroy(grid);
    cache_empty(&cache);
}

/* Ticks of budget 5 until request 1 (across an open 16 x 9 grid) is done,
 * after 5 expansions on a first grid that is then replaced by a second of
 * the same size, cells and revision: made in the first one's memory
 * (reuse) or beside it while the first is still alive. */
static uint32_t ticks_after_replacement(int reuse)
{
    block_cache cache;
    ls_allocator a;
    ls_grid *first = NULL, *second = NULL;
    ls_queue *queue = NULL;
    ls_query q;
    ls_status st = LS_IN_PROGRESS;
    uint32_t ticks = 0, r1 = 0, r2 = 0;
    uintptr_t first_address;

    memset(&cache, 0, sizeof cache);
    a.alloc = cache_alloc;
    a.release = cache_release;
    a.user = &cache;
    ls_query_init(&q);
    q.start_y = q.goal_y = 4;
    q.goal_x = 15;
    CU_ASSERT_FATAL(ls_queue_create(16, 9, 2, 64, NULL, &queue) == LS_OK);
    CU_ASSERT_FATAL(ls_grid_create(16, 9, &a, &first) == LS_OK);
    CU_ASSERT_EQUAL(ls_queue_submit(queue, 1, &q), LS_OK);
    CU_ASSERT_EQUAL(ls_queue_tick(queue, first, 5), LS_OK);
    ls_grid_revision(first, &r1);
    first_address = (uintptr_t)first;
    if (reuse)
        ls_grid_destroy(first);
    CU_ASSERT_FATAL(ls_grid_create(16, 9, &a, &second) == LS_OK);
    ls_grid_revision(second, &r2);
    CU_ASSERT_EQUAL(r1, r2);
    CU_ASSERT_EQUAL((uintptr_t)second == first_address, reuse);
    while (st == LS_IN_PROGRESS && ticks < 100) {
        CU_ASSERT_EQUAL(ls_queue_tick(queue, second, 5), LS_OK);
        ticks++;
        ls_queue_status(queue, 1, &st);
    }
    CU_ASSERT_EQUAL(st, LS_OK);
    ls_queue_destroy(queue);
    ls_grid_destroy(second);
    if (!reuse)
        ls_grid_destroy(first);
    cache_empty(&cache);
    return ticks;
}

/* The same grid content at the same revision in the same memory is still
 * another grid: the request starts again there exactly as it does on a
 * grid elsewhere, so the tick it finishes in does not depend on where the
 * allocator put the grid (a lockstep peer with another allocator agrees). */
void test_same_cells_same_memory_still_another_grid(void)
{
    ls_search *s = NULL;
    ls_grid *g = NULL;
    ls_query q;
    ls_result r;
    uint32_t reused = ticks_after_replacement(1);
    uint32_t elsewhere = ticks_after_replacement(0);

    CU_ASSERT_FATAL(ls_search_create(16, 9, NULL, &s) == LS_OK);
    CU_ASSERT_FATAL(ls_grid_create(16, 9, NULL, &g) == LS_OK);
    ls_query_init(&q);
    q.start_y = q.goal_y = 4;
    q.goal_x = 15;
    CU_ASSERT_EQUAL_FATAL(ls_find_path(s, g, &q, want, MAXP, &r), LS_OK);
    CU_ASSERT(r.expansions > 5);
    /* Started again from 0 on the second grid: E expansions at 5 a tick. */
    CU_ASSERT_EQUAL(elsewhere, (r.expansions + 4u) / 5u);
    CU_ASSERT_EQUAL(reused, elsewhere);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}
