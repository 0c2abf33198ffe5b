/*
 * suite_heap.c - the open list (src/openlist.h), in both of its forms.
 *
 * Whatever the sequence of inserts, decrease-keys and pops, cells must come
 * out in the documented strict total order: f ascending, then g (descending
 * for LS_TIE_HIGH_G, ascending for LS_TIE_LOW_G), then cell index. The
 * expected order comes from a model kept in plain arrays and scanned
 * linearly. The bucket form is driven the way a search drives it (offers at
 * or above the current level, same-level offers above the popped g), since
 * that is the contract it is built on; searches then run through both forms
 * and must agree on every expansion count and path (suite "openlist").
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "../src/internal.h"
#include "suites.h"
#include "test_util.h"

enum { CELLS = 400, RING = 64 };

typedef struct fixture {
    ls_open open;
    uint32_t cells[CELLS];
    uint32_t heads[RING];
    ls_node nodes[CELLS];
    int present[CELLS];
    uint32_t f[CELLS], g[CELLS];
} fixture;

static void fixture_init(fixture *x, int bucket_form, int high_g)
{
    uint32_t i;
    memset(x, 0, sizeof *x);
    x->open.cells = x->cells;
    x->open.capacity = CELLS;
    x->open.heads = x->heads;
    x->open.bucket_count = RING;
    x->open.bucket_form = bucket_form;
    x->open.tie_mask = high_g ? 0xFFFFFFFFu : 0u;
    for (i = 0; i < RING; i++)
        x->heads[i] = LS_NO_CELL;
}

/* (f, g, cell) a before (f, g, cell) b in the documented order. */
static int model_before(const fixture *x, uint32_t a, uint32_t b)
{
    int high_g = x->open.tie_mask != 0;
    if (x->f[a] != x->f[b])
        return x->f[a] < x->f[b];
    if (x->g[a] != x->g[b])
        return high_g ? x->g[a] > x->g[b] : x->g[a] < x->g[b];
    return a < b;
}

static uint32_t model_min(const fixture *x)
{
    uint32_t c, best = LS_NO_CELL;
    for (c = 0; c < CELLS; c++)
        if (x->present[c] && (best == LS_NO_CELL || model_before(x, c, best)))
            best = c;
    return best;
}

static void offer(fixture *x, uint32_t cell, uint32_t f, uint32_t g)
{
    int was_open = x->present[cell];
    x->f[cell] = f;
    x->g[cell] = g;
    x->present[cell] = 1;
    x->nodes[cell].g = g;
    ls__open_offer(&x->open, x->nodes, cell, f, was_open);
}

/* Pop one cell; check it is the model's minimum. */
static int pop_matches(fixture *x, uint32_t *popped)
{
    uint32_t want = model_min(x);
    uint32_t got = ls__open_top(&x->open, x->nodes);
    if (got != LS_NO_CELL) {
        if (ls__open_top_f(&x->open, x->nodes, got) != x->f[got])
            return 0;
        ls__open_pop(&x->open, x->nodes);
        x->present[got] = 0;
    }
    *popped = got;
    return got == want;
}

/* In the heap form every cell's link is its position and no child comes
 * before its parent. */
static int heap_consistent(const fixture *x)
{
    uint32_t i;
    for (i = 0; i < x->open.size; i++) {
        uint32_t c = x->open.cells[i];
        if (c >= CELLS || !x->present[c] || x->nodes[c].link != i)
            return 0;
        if (i > 0 && model_before(x, c, x->open.cells[(i - 1) / 2]))
            return 0;
    }
    return 1;
}

static void test_heap_random_operations_pop_in_total_order(void)
{
    static fixture x;
    ls_rng rng;
    int round, high_g;
    uint32_t pops = 0, bad = 0, inconsistent = 0;

    ls_rng_seed(&rng, 20240601u);
    for (high_g = 0; high_g < 2; high_g++) {
        for (round = 0; round < 40; round++) {
            int op;
            fixture_init(&x, 0, high_g);
            for (op = 0; op < 3000; op++) {
                uint32_t cell = ls_rng_below(&rng, CELLS), r = ls_rng_below(&rng, 10);
                /* Small ranges: equal f, equal g and equal keys are common. */
                uint32_t f = ls_rng_below(&rng, 12), g = ls_rng_below(&rng, 4);
                if (r < 5 && !x.present[cell]) {
                    offer(&x, cell, f, g);
                } else if (r < 7 && x.present[cell]) {
                    /* decrease-key: f may only drop, g with it */
                    if (x.f[cell] > 0)
                        offer(&x, cell, x.f[cell] - 1u - ls_rng_below(&rng, x.f[cell]),
                              x.g[cell] > 0 ? x.g[cell] - 1u : 0u);
                } else {
                    uint32_t popped;
                    if (!pop_matches(&x, &popped))
                        bad++;
                    pops++;
                }
                if (!heap_consistent(&x))
                    inconsistent++;
            }
        }
    }
    CU_ASSERT(pops > 10000);
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(inconsistent, 0);
}

/* Drive the bucket form like a consistent search: pop the top at level F
 * with g0, then offer cells with f in [F, F + spread] (a same-level offer
 * has g > g0), and decrease-keys of queued cells that keep those rules. */
static void test_buckets_search_like_operations_pop_in_total_order(void)
{
    static fixture x;
    ls_rng rng;
    int round;
    uint32_t pops = 0, bad = 0, same_level = 0, decreases = 0;
    const uint32_t spread = RING - 1;

    ls_rng_seed(&rng, 77u);
    for (round = 0; round < 200; round++) {
        uint32_t popped = 0, level, g0 = 0, step;
        fixture_init(&x, 1, 1);
        x.open.level = level = ls_rng_below(&rng, 1000);
        offer(&x, ls_rng_below(&rng, CELLS), level, 0);
        for (step = 0; step < 400; step++) {
            uint32_t k, offers;
            if (!pop_matches(&x, &popped)) {
                bad++;
                break;
            }
            if (popped == LS_NO_CELL)
                break;
            pops++;
            level = x.f[popped];
            g0 = x.g[popped];
            offers = ls_rng_below(&rng, 9);
            for (k = 0; k < offers; k++) {
                uint32_t cell = ls_rng_below(&rng, CELLS);
                uint32_t f = level + (ls_rng_below(&rng, 3) == 0 ? 0
                                      : ls_rng_below(&rng, spread + 1));
                uint32_t g = g0 + 1u + ls_rng_below(&rng, 3);
                if (cell == popped || (x.present[cell] && x.f[cell] <= f))
                    continue; /* only strict improvements reach the list */
                if (x.present[cell] && x.f[cell] == level)
                    continue; /* cannot happen in a consistent search */
                if (f == level)
                    same_level++;
                if (x.present[cell])
                    decreases++;
                offer(&x, cell, f, g);
            }
        }
    }
    CU_ASSERT(pops > 5000);
    CU_ASSERT(same_level > 1000);
    CU_ASSERT(decreases > 100);
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_level_sort_orders_by_g_then_cell(void)
{
    ls_node nodes[64];
    uint32_t a[64], n, i;
    ls_rng rng;
    memset(nodes, 0, sizeof nodes);
    ls_rng_seed(&rng, 5u);
    for (n = 0; n <= 64; n += 7) {
        for (i = 0; i < n; i++) {
            a[i] = (i * 37u) % 64u;
            nodes[a[i]].g = ls_rng_below(&rng, 5);
        }
        ls__level_sort(nodes, a, n);
        for (i = 1; i < n; i++)
            CU_ASSERT(ls__level_after(nodes, a[i - 1], a[i]));
    }
}

static void test_heap_equal_f_pops_larger_g_first_with_high_g(void)
{
    static fixture x;
    uint32_t popped;
    fixture_init(&x, 0, 1);
    offer(&x, 5, 10, 3);
    offer(&x, 6, 10, 7);
    offer(&x, 4, 10, 7);
    offer(&x, 9, 9, 0);
    CU_ASSERT(pop_matches(&x, &popped) && popped == 9);
    CU_ASSERT(pop_matches(&x, &popped) && popped == 4);
    CU_ASSERT(pop_matches(&x, &popped) && popped == 6);
    CU_ASSERT(pop_matches(&x, &popped) && popped == 5);
    CU_ASSERT(pop_matches(&x, &popped) && popped == LS_NO_CELL);
}

static void test_heap_equal_f_pops_smaller_g_first_with_low_g(void)
{
    static fixture x;
    uint32_t popped;
    fixture_init(&x, 0, 0);
    offer(&x, 5, 10, 3);
    offer(&x, 6, 10, 7);
    offer(&x, 4, 10, 3);
    CU_ASSERT(pop_matches(&x, &popped) && popped == 4);
    CU_ASSERT(pop_matches(&x, &popped) && popped == 5);
    CU_ASSERT(pop_matches(&x, &popped) && popped == 6);
}

static void test_heap_decrease_key_moves_entry_to_its_place(void)
{
    static fixture x;
    uint32_t c, popped;
    fixture_init(&x, 0, 1);
    for (c = 0; c < 50; c++)
        offer(&x, c, 100 + c, 0);
    offer(&x, 42, 50, 0);
    CU_ASSERT(heap_consistent(&x));
    CU_ASSERT(pop_matches(&x, &popped) && popped == 42);
    CU_ASSERT(pop_matches(&x, &popped) && popped == 0);
}

/* ------------------------------------------------- searches, both forms */

/* Run q on grid with the context forced to the heap form or not; fill r
 * and the path. Returns the status; *bucket says which form ran. */
static ls_status run_form(ls_search *s, const ls_grid *grid, const ls_query *q,
                          int force_heap, ls_result *r, ls_point *pts,
                          uint32_t cap, int *bucket)
{
    ls_status st;
    uint32_t len;
    s->force_heap = force_heap;
    st = ls_search_begin(s, grid, q);
    if (st != LS_OK)
        return st;
    *bucket = s->open.bucket_form;
    st = ls_search_step(s, 0);
    if (ls_search_result(s, r) != LS_OK)
        return st;
    if (st == LS_OK && ls_search_path(s, pts, cap, &len) != LS_OK)
        return -1000;
    if (st == LS_EXPANSION_LIMIT || st == LS_NO_PATH)
        ls_search_partial_path(s, pts, cap, &len);
    return st;
}

static void test_open_forms_give_identical_searches(void)
{
    enum { W = 40, H = 40, CAP = W * H };
    static ls_point p1[CAP], p2[CAP];
    ls_rng rng;
    uint32_t t, compared = 0, bucket_runs = 0, mismatches = 0;

    ls_rng_seed(&rng, 4242u);
    for (t = 0; t < 600; t++) {
        int32_t w = 1 + (int32_t)ls_rng_below(&rng, W);
        int32_t h = 1 + (int32_t)ls_rng_below(&rng, H);
        ls_grid *grid = tu_random_grid(&rng, w, h, ls_rng_below(&rng, 45),
                                       t % 3 == 0 ? 30u : 0u, 9);
        ls_search *s = NULL;
        ls_query q;
        ls_result r1, r2;
        int b1 = 0, b2 = 0;
        ls_status s1, s2;

        CU_ASSERT_FATAL(grid != NULL);
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
        ls_query_init(&q);
        tu_random_open_cell(&rng, grid, &q.start_x, &q.start_y);
        tu_random_open_cell(&rng, grid, &q.goal_x, &q.goal_y);
        q.connectivity = t % 4 == 0 ? LS_CONNECT_4 : LS_CONNECT_8;
        q.corner_rule = (int32_t)ls_rng_below(&rng, 3);
        q.heuristic = (int32_t)ls_rng_below(&rng, 5);
        if (q.heuristic == LS_HEURISTIC_MANHATTAN && q.connectivity == LS_CONNECT_8)
            q.heuristic = LS_HEURISTIC_CHEBYSHEV;
        if (t % 5 == 0) {
            q.straight_cost = 3;
            q.diagonal_cost = 4;
        }
        if (t % 7 == 0)
            q.max_expansions = 1 + ls_rng_below(&rng, 30);
        if (t % 11 == 0) {
            uint8_t c;
            ls_grid_get(grid, q.start_x, q.start_y, &c);
            if (q.connectivity == LS_CONNECT_8 && q.corner_rule == LS_CORNERS_NONE) {
                int32_t x, y;
                for (y = 0; y < h; y++)
                    for (x = 0; x < w; x++) {
                        ls_grid_get(grid, x, y, &c);
                        if (c > 1)
                            ls_grid_set(grid, x, y, 1);
                    }
                q.algorithm = LS_ALGO_JPS;
                q.heuristic = LS_HEURISTIC_OCTILE;
            }
        }
        s1 = run_form(s, grid, &q, 0, &r1, p1, CAP, &b1);
        s2 = run_form(s, grid, &q, 1, &r2, p2, CAP, &b2);
        compared++;
        bucket_runs += b1 != 0;
        CU_ASSERT_EQUAL(b2, 0);
        if (s1 != s2 || (s1 >= 0 && (r1.cost != r2.cost ||
                                      r1.expansions != r2.expansions ||
                                      r1.digest != r2.digest ||
                                      r1.path_length != r2.path_length)))
            mismatches++;
        else if (s1 == LS_OK && memcmp(p1, p2, r1.path_length * sizeof *p1) != 0)
            mismatches++;
        ls_search_destroy(s);
        ls_grid_destroy(grid);
    }
    CU_ASSERT_EQUAL(mismatches, 0);
    CU_ASSERT(bucket_runs > 300);
    printf("\n    open-list forms compared on %u queries (%u in bucket form) ",
           compared, bucket_runs);
}

static void test_bucket_form_only_for_consistent_high_g_queries(void)
{
    ls_grid *grid;
    ls_search *s;
    ls_query q;
    CU_ASSERT_FATAL(ls_grid_create(20, 20, NULL, &grid) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(20, 20, NULL, &s) == LS_OK);
    ls_query_init(&q);
    q.goal_x = 19;
    q.goal_y = 19;
    CU_ASSERT(ls_search_begin(s, grid, &q) == LS_OK && s->open.bucket_form);
    q.tie_break = LS_TIE_LOW_G;
    CU_ASSERT(ls_search_begin(s, grid, &q) == LS_OK && !s->open.bucket_form);
    q.tie_break = LS_TIE_HIGH_G;
    CU_ASSERT_EQUAL(ls_fix16_parse("1.5", &q.weight), LS_OK);
    CU_ASSERT(ls_search_begin(s, grid, &q) == LS_OK && !s->open.bucket_form);
    q.weight = fix16_one;
    q.heuristic = LS_HEURISTIC_MANHATTAN; /* inconsistent with diagonals */
    CU_ASSERT(ls_search_begin(s, grid, &q) == LS_OK && !s->open.bucket_form);
    q.connectivity = LS_CONNECT_4;
    CU_ASSERT(ls_search_begin(s, grid, &q) == LS_OK && s->open.bucket_form);
    q.connectivity = LS_CONNECT_8;
    q.heuristic = LS_HEURISTIC_AUTO;
    q.straight_cost = 60000; /* f can rise past the ring in one step */
    q.diagonal_cost = 80000;
    CU_ASSERT(ls_search_begin(s, grid, &q) == LS_OK && !s->open.bucket_form);
    ls_search_destroy(s);
    ls_grid_destroy(grid);
}

int suite_heap_register(void)
{
    CU_pSuite s = CU_add_suite("heap", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "heap: random operations pop in total order",
                     test_heap_random_operations_pop_in_total_order) ||
        !CU_add_test(s, "buckets: search-like operations pop in total order",
                     test_buckets_search_like_operations_pop_in_total_order) ||
        !CU_add_test(s, "level sort orders by g then cell",
                     test_level_sort_orders_by_g_then_cell) ||
        !CU_add_test(s, "equal f pops larger g first with HIGH_G",
                     test_heap_equal_f_pops_larger_g_first_with_high_g) ||
        !CU_add_test(s, "equal f pops smaller g first with LOW_G",
                     test_heap_equal_f_pops_smaller_g_first_with_low_g) ||
        !CU_add_test(s, "decrease-key moves the entry to its place",
                     test_heap_decrease_key_moves_entry_to_its_place) ||
        !CU_add_test(s, "bucket form only for consistent high-g queries",
                     test_bucket_form_only_for_consistent_high_g_queries) ||
        !CU_add_test(s, "both open-list forms give identical searches",
                     test_open_forms_give_identical_searches))
        return -1;
    return 0;
}
