/* SPDX-License-Identifier: MIT */
/*
 * suite_heap.c - the open list (src/openlist.h) in both of its forms.
 *
 * Whatever the sequence of offers (pushes and decrease-keys) and pops, cells
 * come out in the documented strict total order: f ascending, then g
 * descending (LS_TIE_HIGH_G) or ascending (LS_TIE_LOW_G), then cell index
 * ascending. The expected order comes from a model kept in plain arrays (a
 * linear scan for the minimum) and a merge sort written here. The heap
 * form's positions (link) must always point back at their slots.
 *
 * The bucket form only serves monotone searches (f never below the level
 * being popped, the larger-g tie-break), so it is driven by a simulated
 * monotone search. Also here: the bit scans (bits.h) that the bucket
 * form's occupancy bitmap relies on. Whole searches through both forms,
 * and the compact context, are the suite's tests in suite_heap_search.c;
 * this file registers every test of the suite, in one order.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "../src/search.h" /* the open list, nodes and contexts it tests */
#include "suite_heap.h"
#include "suites.h"
#include "test_util.h"

enum { CELLS = 400, RING = 64, SPREAD = 40 };

typedef struct model_entry {
    uint32_t f, g, cell;
} model_entry;

/* a pops before b in the documented order. */
static int model_before(const model_entry *a, const model_entry *b, int high_g)
{
    if (a->f != b->f)
        return a->f < b->f;
    if (a->g != b->g)
        return high_g ? a->g > b->g : a->g < b->g;
    return a->cell < b->cell;
}

/* A stable top-down merge sort, so the expected order depends on no C
 * library's qsort. */
static void merge_sort(model_entry *v, model_entry *tmp, size_t n, int high_g)
{
    size_t mid, i, j, k;
    if (n < 2)
        return;
    mid = n / 2;
    merge_sort(v, tmp, mid, high_g);
    merge_sort(v + mid, tmp, n - mid, high_g);
    i = 0;
    j = mid;
    k = 0;
    while (i < mid && j < n)
        tmp[k++] = model_before(&v[j], &v[i], high_g) ? v[j++] : v[i++];
    while (i < mid)
        tmp[k++] = v[i++];
    while (j < n)
        tmp[k++] = v[j++];
    memcpy(v, tmp, n * sizeof *v);
}

typedef struct fixture {
    ls_open open;
    uint32_t cells[CELLS];   /* the heap */
    /* The nodes, laid out as in a full context (g, tag, next, prev: 16
     * bytes each) or, after fixture_compact, as in a compact one (g, tag:
     * 8 bytes each, the links in compact_link). */
    uint32_t words[4 * CELLS];
    uint32_t compact_link[CELLS];
    ls_node *nodes;
    uint32_t heads[RING];
    uint64_t occupied[RING / 64];
    uint64_t sort_keys[CELLS]; /* a level never holds more than CELLS */
    int present[CELLS];
    uint32_t f[CELLS];
    int high_g;
} fixture;

static void fixture_init(fixture *x, int bucket_form, int high_g, uint32_t level)
{
    uint32_t i;
    memset(x, 0, sizeof *x);
    x->open.heap = x->cells;
    x->nodes = (ls_node *)(void *)x->words;
    x->open.link = x->words + 2;
    x->open.link_shift = 2;
    x->open.node_shift = 4;
    x->open.top = LS_NO_CELL;
    x->open.capacity = CELLS;
    x->open.tie_mask = high_g ? 0xFFFFFFFFu : 0u;
    x->open.bucket_form = bucket_form;
    x->open.heads = x->heads;
    x->open.occupied = x->occupied;
    x->open.sort_keys = x->sort_keys;
    x->open.bucket_count = RING;
    x->open.level = level;
    for (i = 0; i < RING; i++)
        x->heads[i] = LS_NO_CELL;
    x->high_g = high_g;
}

/* Switch a fresh fixture to a compact context's layout. */
static void fixture_compact(fixture *x)
{
    x->open.link = x->compact_link;
    x->open.link_shift = 0;
    x->open.node_shift = 3;
}

/* The node of cell in the fixture's layout. */
static ls_node *node_of(fixture *x, uint32_t cell)
{
    return ls__node(x->nodes, cell, x->open.node_shift);
}

/* Insert cell with (f, g), or lower its key to (f, g). */
static void offer(fixture *x, uint32_t cell, uint32_t f, uint32_t g)
{
    int was_open = x->present[cell];
    uint32_t old_f = x->f[cell];
    node_of(x, cell)->g = g;
    x->f[cell] = f;
    x->present[cell] = 1;
    ls__open_offer(&x->open, x->nodes, cell, f, was_open, old_f);
}

/* The first present cell in the documented order, by a linear scan. */
static int model_min(fixture *x, model_entry *best)
{
    uint32_t c;
    int found = 0;
    for (c = 0; c < CELLS; c++) {
        model_entry e;
        if (!x->present[c])
            continue;
        e.f = x->f[c];
        e.g = node_of(x, c)->g;
        e.cell = c;
        if (!found || model_before(&e, best, x->high_g)) {
            *best = e;
            found = 1;
        }
    }
    return found;
}

/* Pop the top and check it against the model: 1 if it was the model's
 * minimum (with its f), 0 if both were empty, -1 on any disagreement. */
static int pop_checked(fixture *x, uint32_t *popped)
{
    model_entry want;
    uint32_t top = ls__open_top(&x->open, x->nodes);
    int ok;
    if (!model_min(x, &want))
        return top == LS_NO_CELL ? 0 : -1;
    if (top >= CELLS)
        return -1;
    ok = top == want.cell &&
         ls__open_top_f(&x->open, top) == want.f;
    ls__open_pop(&x->open, x->nodes);
    x->present[top] = 0;
    *popped = top;
    return ok ? 1 : -1;
}

/* Heap form: every slot's cell knows its slot, no child before its
 * parent, and the heap holds exactly the model's cells. */
static int heap_consistent(fixture *x)
{
    uint32_t i, n = 0, c;
    for (i = 0; i < x->open.size; i++) {
        uint32_t cell = x->cells[i];
        if (cell >= CELLS || !x->present[cell] ||
            x->words[4 * cell + 2] != i || x->words[4 * cell + 3] != x->f[cell])
            return 0;
        if (i > 0 && ls__heap_before(&x->open, x->nodes, cell,
                                     x->cells[(i - 1) / 2]))
            return 0;
    }
    for (c = 0; c < CELLS; c++)
        n += x->present[c] != 0;
    return n == x->open.size;
}

/* ------------------------------------------------------- heap form */

static void run_heap_random(int high_g, uint64_t seed, uint32_t *pops,
                            uint32_t *decreases, uint32_t *wrong,
                            uint32_t *largest)
{
    static fixture x;
    static model_entry rest[CELLS], tmp[CELLS];
    ls_rng rng;
    int round, op;

    ls_rng_seed(&rng, seed);
    for (round = 0; round < 20; round++) {
        size_t n = 0, i;
        uint32_t c;
        fixture_init(&x, 0, high_g, 0);
        for (op = 0; op < 1500; op++) {
            uint32_t r = ls_rng_below(&rng, 10), cell = ls_rng_below(&rng, CELLS);
            /* Small ranges, so equal f, equal g and equal (f, g) told
             * apart only by the cell are all frequent. */
            uint32_t f = ls_rng_below(&rng, 12), g = ls_rng_below(&rng, 4) * 1000u;
            if (r < 5 && !x.present[cell]) {
                offer(&x, cell, f, g);
            } else if (r < 8 && x.open.size > 0) {
                /* A decrease-key: as in A* (g and f drop together), or
                 * any other strictly smaller key. */
                cell = x.cells[ls_rng_below(&rng, x.open.size)];
                if (r < 7 && node_of(&x, cell)->g > 0) {
                    uint32_t d = 1 + ls_rng_below(&rng, node_of(&x, cell)->g);
                    if (d > x.f[cell])
                        d = x.f[cell];
                    if (d > 0) {
                        offer(&x, cell, x.f[cell] - d, node_of(&x, cell)->g - d);
                        (*decreases)++;
                    }
                } else {
                    model_entry old, now;
                    old.f = x.f[cell];
                    old.g = node_of(&x, cell)->g;
                    old.cell = now.cell = cell;
                    now.f = f;
                    now.g = g;
                    if (model_before(&now, &old, high_g)) {
                        offer(&x, cell, f, g);
                        (*decreases)++;
                    }
                }
            } else if (x.open.size > 0) {
                uint32_t popped;
                if (pop_checked(&x, &popped) != 1)
                    (*wrong)++;
                (*pops)++;
            }
            if (!heap_consistent(&x))
                (*wrong)++;
            if (x.open.size > *largest)
                *largest = x.open.size;
        }
        /* Drain: the rest comes out exactly in merge-sorted order. */
        for (c = 0; c < CELLS; c++)
            if (x.present[c]) {
                rest[n].f = x.f[c];
                rest[n].g = node_of(&x, c)->g;
                rest[n].cell = c;
                n++;
            }
        merge_sort(rest, tmp, n, high_g);
        for (i = 0; i < n; i++) {
            uint32_t top = ls__open_top(&x.open, x.nodes);
            if (top != rest[i].cell)
                (*wrong)++;
            ls__open_pop(&x.open, x.nodes);
            if (top < CELLS)
                x.present[top] = 0;
            if (!heap_consistent(&x))
                (*wrong)++;
        }
        if (ls__open_top(&x.open, x.nodes) != LS_NO_CELL)
            (*wrong)++;
    }
}

static void test_heap_form_random_operations_pop_in_total_order(void)
{
    int high_g;
    for (high_g = 0; high_g < 2; high_g++) {
        uint32_t pops = 0, decreases = 0, wrong = 0, largest = 0;
        run_heap_random(high_g, 20240601u + (uint64_t)high_g, &pops, &decreases,
                        &wrong, &largest);
        CU_ASSERT_EQUAL(wrong, 0);
        CU_ASSERT(pops > 4000);
        CU_ASSERT(decreases > 5000);
        CU_ASSERT(largest >= 100); /* deep enough for multi-level sifts */
    }
}

/* The same key set pushed in different orders pops in one order: the pop
 * order depends on the keys alone. */
static void test_heap_form_pop_order_independent_of_push_order(void)
{
    static fixture x;
    static model_entry set[CELLS], sorted[CELLS], tmp[CELLS];
    ls_rng rng;
    uint32_t i, perm, wrong = 0;
    int high_g;

    ls_rng_seed(&rng, 7);
    for (high_g = 0; high_g < 2; high_g++) {
        for (i = 0; i < CELLS; i++) {
            set[i].cell = i;
            set[i].f = ls_rng_below(&rng, 10);
            set[i].g = ls_rng_below(&rng, 5);
        }
        memcpy(sorted, set, sizeof set);
        merge_sort(sorted, tmp, CELLS, high_g);
        for (perm = 0; perm < 6; perm++) {
            for (i = CELLS - 1; i > 0; i--) { /* Fisher-Yates */
                uint32_t j = ls_rng_below(&rng, i + 1);
                model_entry t = set[i];
                set[i] = set[j];
                set[j] = t;
            }
            fixture_init(&x, 0, high_g, 0);
            for (i = 0; i < CELLS; i++)
                offer(&x, set[i].cell, set[i].f, set[i].g);
            if (!heap_consistent(&x))
                wrong++;
            for (i = 0; i < CELLS; i++) {
                uint32_t top = ls__open_top(&x.open, x.nodes);
                if (top != sorted[i].cell)
                    wrong++;
                ls__open_pop(&x.open, x.nodes);
            }
        }
    }
    CU_ASSERT_EQUAL(wrong, 0);
}

static void drain(fixture *x, uint32_t *out, uint32_t n)
{
    uint32_t i;
    for (i = 0; i < n; i++) {
        out[i] = ls__open_top(&x->open, x->nodes);
        ls__open_pop(&x->open, x->nodes);
    }
}

static void test_heap_form_equal_f_pops_larger_g_first_with_high_g(void)
{
    static fixture x;
    uint32_t got[6];
    const uint32_t want[6] = { 8, 1, 9, 2, 4, 3 };

    fixture_init(&x, 0, 1, 0);
    offer(&x, 4, 10, 3);
    offer(&x, 9, 10, 7);
    offer(&x, 3, 11, 99);  /* larger f loses whatever its g */
    offer(&x, 2, 10, 5);
    offer(&x, 1, 10, 7);   /* same f and g as cell 9: the cell decides */
    offer(&x, 8, 9, 0);    /* smaller f wins whatever its g */
    CU_ASSERT(heap_consistent(&x));
    drain(&x, got, 6);
    CU_ASSERT_EQUAL(memcmp(got, want, sizeof want), 0);
}

static void test_heap_form_equal_f_pops_smaller_g_first_with_low_g(void)
{
    static fixture x;
    uint32_t got[6];
    const uint32_t want[6] = { 8, 4, 2, 1, 9, 3 };

    fixture_init(&x, 0, 0, 0);
    offer(&x, 4, 10, 3);
    offer(&x, 9, 10, 7);
    offer(&x, 3, 11, 0);
    offer(&x, 2, 10, 5);
    offer(&x, 1, 10, 7);
    offer(&x, 8, 9, 99);
    CU_ASSERT(heap_consistent(&x));
    drain(&x, got, 6);
    CU_ASSERT_EQUAL(memcmp(got, want, sizeof want), 0);
}

/* f dominates for every g a search can produce, at both ends of the
 * range, for both tie-breaks. */
static void test_heap_form_orders_f_before_any_g(void)
{
    static fixture x;
    const uint32_t gs[] = { 0, 1, 1000, LS_COST_MAX - 1, LS_COST_MAX };
    size_t i, j;
    int high_g;
    for (high_g = 0; high_g < 2; high_g++)
        for (i = 0; i < 5; i++)
            for (j = 0; j < 5; j++) {
                fixture_init(&x, 0, high_g, 0);
                offer(&x, 1, LS_COST_MAX, gs[i]);
                offer(&x, 2, LS_COST_MAX - 1, gs[j]);
                CU_ASSERT_EQUAL(ls__open_top(&x.open, x.nodes), 2);
                fixture_init(&x, 0, high_g, 0);
                offer(&x, 2, 101, gs[i]);
                offer(&x, 1, 100, gs[j]);
                CU_ASSERT_EQUAL(ls__open_top(&x.open, x.nodes), 1);
            }
}

static void test_heap_form_decrease_key_moves_cell_to_its_place(void)
{
    static fixture x;
    uint32_t got[5];
    const uint32_t want[5] = { 4, 0, 1, 2, 3 };
    uint32_t c;

    fixture_init(&x, 0, 1, 0);
    for (c = 0; c < 5; c++)
        offer(&x, c, 10 + c, 20);
    offer(&x, 4, 5, 15);  /* last to first */
    CU_ASSERT(heap_consistent(&x));
    CU_ASSERT_EQUAL(x.cells[0], 4);
    CU_ASSERT_EQUAL(x.words[4 * 4 + 2], 0); /* cell 4's heap position */
    drain(&x, got, 5);
    CU_ASSERT_EQUAL(memcmp(got, want, sizeof want), 0);
    CU_ASSERT_EQUAL(x.open.size, 0);
}

/* ----------------------------------------------------- bucket form */

/*
 * A simulated monotone search, as A* with a consistent heuristic makes it:
 * every cell has a fixed estimate h (0..20) and f = g + h. Popping a cell
 * p (at level F = f(p)) offers up to six cells with g = g(p) + step, where
 * the step keeps f within [F, F + SPREAD] (consistency); offering a cell
 * that is still open with a smaller g is a decrease-key. The ring has
 * RING = 64 buckets, so the levels wrap it many times over. Run four ways:
 * with and without prev links (a full context's O(1) unlink, a compact
 * context's walk), with and without the occupancy bitmap (as for JPS),
 * which must be empty again when the list is.
 */
static void run_monotone_search(int track, int with_prev)
{
    static fixture x;
    static uint32_t h[CELLS];
    ls_rng rng;
    uint32_t pops = 0, decreases = 0, same_level = 0, wrong = 0, round, c;

    ls_rng_seed(&rng, 424242);
    for (round = 0; round < 10; round++) {
        uint32_t popped = 0, start = ls_rng_below(&rng, CELLS);
        int st;
        for (c = 0; c < CELLS; c++)
            h[c] = ls_rng_below(&rng, 21);
        fixture_init(&x, 1, 1, h[start]);
        x.open.track_occupied = track;
        if (!with_prev)
            fixture_compact(&x);
        offer(&x, start, h[start], 0);
        while ((st = pop_checked(&x, &popped)) == 1) {
            uint32_t k, n, F = x.f[popped];
            pops++;
            node_of(&x, popped)->tag = 1; /* closed: never offered again */
            n = ls_rng_below(&rng, 7);
            for (k = 0; k < n; k++) {
                uint32_t cell = ls_rng_below(&rng, CELLS), lo, rise, g;
                if (node_of(&x, cell)->tag != 0)
                    continue;
                /* rise = f(cell) - F >= 0 with a step of at least 1. */
                lo = h[cell] + 1 > h[popped] ? h[cell] + 1 - h[popped] : 0;
                rise = lo;
                if (ls_rng_below(&rng, 3) != 0)
                    rise += ls_rng_below(&rng, x.present[cell] ? 6u : SPREAD + 1u - lo);
                if (rise > SPREAD)
                    rise = SPREAD;
                g = node_of(&x, popped)->g + rise + h[popped] - h[cell];
                if (x.present[cell]) {
                    if (g >= node_of(&x, cell)->g)
                        continue; /* not strictly better: no change */
                    decreases++;
                }
                offer(&x, cell, F + rise, g);
                if (rise == 0)
                    same_level++;
            }
        }
        /* The loop must end with both lists empty, not on a mismatch. */
        for (c = 0; c < RING / 64; c++)
            if (x.occupied[c] != 0)
                wrong++;
        if (st != 0 || x.open.future != 0)
            wrong++;
    }
    CU_ASSERT_EQUAL(wrong, 0);
    CU_ASSERT(pops >= 2500);
    CU_ASSERT(decreases >= 300);
    CU_ASSERT(same_level >= 300);
}

static void test_bucket_form_monotone_search_pops_in_total_order(void)
{
    run_monotone_search(0, 1);
    run_monotone_search(0, 0);
}

static void test_bucket_form_with_occupancy_bitmap_pops_in_total_order(void)
{
    run_monotone_search(1, 1);
    run_monotone_search(1, 0);
}

static void test_bucket_form_equal_f_pops_larger_g_then_smaller_cell(void)
{
    static fixture x;
    uint32_t got[7];
    const uint32_t want[7] = { 0, 8, 1, 9, 2, 4, 3 };

    fixture_init(&x, 1, 1, 10);
    offer(&x, 0, 10, 0);          /* the start, on the current level */
    got[0] = ls__open_top(&x.open, x.nodes);
    ls__open_pop(&x.open, x.nodes);
    x.present[0] = 0;
    offer(&x, 4, 12, 3);
    offer(&x, 9, 12, 7);
    offer(&x, 3, 13, 9);
    offer(&x, 2, 12, 5);
    offer(&x, 1, 12, 7);
    offer(&x, 8, 11, 1);
    CU_ASSERT_EQUAL(ls__open_top_f(&x.open, ls__open_top(&x.open, x.nodes)), 11);
    drain(&x, got + 1, 6);
    CU_ASSERT_EQUAL(memcmp(got, want, sizeof want), 0);
    CU_ASSERT_EQUAL(ls__open_top(&x.open, x.nodes), LS_NO_CELL);
}

/* A level of the bucket form is sorted in two ways: on packed keys in a
 * scratch array (up to LS_SORT_KEYS cells) and as a linked list through the
 * nodes (larger levels). Both must give the one order the search needs:
 * largest g first, then smallest index. */
static void test_level_sorts_agree_with_the_order(void)
{
    enum { MAX = LS_SORT_KEYS + 900 };
    static ls_node nodes[MAX];
    static uint32_t by_list[MAX], by_keys[MAX], links[MAX];
    static uint64_t keys[LS_SORT_KEYS];
    static const uint32_t sizes[] = { 0, 1, 2, 3, 15, 16, 17, 100, 1000,
                                      LS_SORT_KEYS, MAX };
    ls_rng rng;
    size_t k;
    uint32_t bad = 0;

    ls_rng_seed(&rng, 99u);
    for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        uint32_t n = sizes[k], i, list = LS_NO_CELL, got = 0, cell;
        for (i = 0; i < n; i++) {
            /* distinct cells in a shuffled order, g with many ties */
            by_keys[i] = (i * 7919u) % MAX;
            nodes[by_keys[i]].g = ls_rng_below(&rng, 1u + n / 8u);
        }
        for (i = n; i-- > 0;) { /* the list in the shuffled order */
            links[by_keys[i]] = list;
            list = by_keys[i];
        }
        for (cell = ls__list_sort(nodes, 3, links, 0, list); cell != LS_NO_CELL;
             cell = links[cell])
            if (got < MAX)
                by_list[got++] = cell;
        if (got != n)
            bad++;
        if (n <= LS_SORT_KEYS) {
            /* the scratch-key path, as ls__bucket_advance runs it: the
             * last key is popped first */
            for (i = 0; i < n; i++)
                keys[i] = ((uint64_t)nodes[by_keys[i]].g << 32) |
                          (0xFFFFFFFFu - by_keys[i]);
            ls__key_sort(keys, n);
            for (i = 0; i < n; i++)
                if (by_list[i] != 0xFFFFFFFFu - (uint32_t)keys[n - 1u - i])
                    bad++;
        }
        for (i = 1; i < got; i++) {
            uint32_t a = by_list[i], b = by_list[i - 1];
            /* a is popped after b */
            if (!(nodes[a].g < nodes[b].g || (nodes[a].g == nodes[b].g && a > b)))
                bad++;
        }
    }
    CU_ASSERT_EQUAL(bad, 0);
}

/* ls__bucket_advance reads a level straight into the sort keys and turns
 * to the linked merge sort when the level outgrows them: levels just
 * below, at and above LS_SORT_KEYS cells must all pop in the order (larger
 * g, then smaller index) and leave the ring and its bitmap empty. */
static void test_bucket_levels_of_any_size_pop_in_order(void)
{
    enum { MAX = LS_SORT_KEYS + 700, LEVEL_RING = 64 };
    static uint32_t words[4 * MAX], heads[LEVEL_RING], links[MAX];
    ls_node *nodes = (ls_node *)(void *)words;
    static uint64_t keys[LS_SORT_KEYS], occupied[LEVEL_RING / 64];
    static const uint32_t sizes[] = { 2, 17, 65, LS_SORT_KEYS - 1,
                                      LS_SORT_KEYS, LS_SORT_KEYS + 1, MAX };
    ls_rng rng;
    size_t k;
    uint32_t bad = 0;

    ls_rng_seed(&rng, 4242u);
    for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        uint32_t n = sizes[k], i, popped = 0, prev = LS_NO_CELL, cell;
        int track;
        for (track = 0; track < 2; track++) {
            ls_open o;
            memset(&o, 0, sizeof o);
            memset(occupied, 0, sizeof occupied);
            o.capacity = MAX;
            /* both layouts: full (links inside 16-byte nodes), compact */
            o.link = track ? words + 2 : links;
            o.link_shift = track ? 2u : 0u;
            o.node_shift = track ? 4u : 3u;
            o.top = LS_NO_CELL;
            o.tie_mask = 0xFFFFFFFFu;
            o.bucket_form = 1;
            o.heads = heads;
            o.occupied = occupied;
            o.track_occupied = track;
            o.sort_keys = keys;
            o.bucket_count = LEVEL_RING;
            o.level = 100;
            for (i = 0; i < LEVEL_RING; i++)
                heads[i] = LS_NO_CELL;
            for (i = 0; i < n; i++) { /* shuffled cells, g with ties */
                cell = (i * 7919u) % MAX;
                ls__node(nodes, cell, o.node_shift)->g =
                    ls_rng_below(&rng, 1u + n / 8u);
                ls__open_offer(&o, nodes, cell, 130, 0, 0);
            }
            popped = 0;
            prev = LS_NO_CELL;
            while ((cell = ls__open_top(&o, nodes)) != LS_NO_CELL) {
                if (o.level != 130)
                    bad++;
                if (prev != LS_NO_CELL) {
                    uint32_t g = ls__node(nodes, cell, o.node_shift)->g;
                    uint32_t gp = ls__node(nodes, prev, o.node_shift)->g;
                    if (!(g < gp || (g == gp && cell > prev)))
                        bad++;
                }
                prev = cell;
                ls__open_pop(&o, nodes);
                popped++;
            }
            if (popped != n || o.future != 0)
                bad++;
            for (i = 0; i < LEVEL_RING / 64; i++)
                if (occupied[i] != 0)
                    bad++;
        }
    }
    CU_ASSERT_EQUAL(bad, 0);
}

/* The bit scans (bits.h) have a compiler-instruction form and a portable
 * form; the search may use either, so both must give every answer the
 * same: every single bit, and random words with the bits around them. */
static void test_bit_scans_agree_with_the_portable_forms(void)
{
    ls_rng rng;
    uint32_t i, bad = 0;
    ls_rng_seed(&rng, 64u);
    for (i = 0; i < 64; i++) {
        uint64_t one = (uint64_t)1 << i;
        if (ls__lowest_bit(one) != i || ls__lowest_bit_portable(one) != i ||
            ls__highest_bit(one) != i || ls__highest_bit_portable(one) != i)
            bad++;
    }
    for (i = 0; i < 100000; i++) {
        uint64_t x = ls_rng_next(&rng) >> ls_rng_below(&rng, 64);
        uint32_t k, low = 64, high = 0;
        if (x == 0)
            continue;
        for (k = 0; k < 64; k++)
            if ((x >> k) & 1u) {
                if (low == 64)
                    low = k;
                high = k;
            }
        if (ls__lowest_bit(x) != low || ls__lowest_bit_portable(x) != low ||
            ls__highest_bit(x) != high || ls__highest_bit_portable(x) != high)
            bad++;
    }
    CU_ASSERT_EQUAL(bad, 0);
}

int suite_heap_register(void)
{
    CU_pSuite s = CU_add_suite("heap", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "compact context matches a full one, or refuses",
                     test_compact_context_matches_full_or_refuses))
        return -1;
    if (!CU_add_test(s, "heap form: random operations pop in total order",
                     test_heap_form_random_operations_pop_in_total_order) ||
        !CU_add_test(s, "heap form: pop order independent of push order",
                     test_heap_form_pop_order_independent_of_push_order) ||
        !CU_add_test(s, "heap form: equal f pops larger g first with HIGH_G",
                     test_heap_form_equal_f_pops_larger_g_first_with_high_g) ||
        !CU_add_test(s, "heap form: equal f pops smaller g first with LOW_G",
                     test_heap_form_equal_f_pops_smaller_g_first_with_low_g) ||
        !CU_add_test(s, "heap form: f orders before any g",
                     test_heap_form_orders_f_before_any_g) ||
        !CU_add_test(s, "heap form: decrease-key moves the cell to its place",
                     test_heap_form_decrease_key_moves_cell_to_its_place) ||
        !CU_add_test(s, "bucket form: monotone search pops in total order",
                     test_bucket_form_monotone_search_pops_in_total_order) ||
        !CU_add_test(s, "bit scans agree with their portable forms",
                     test_bit_scans_agree_with_the_portable_forms) ||
        !CU_add_test(s, "bucket form: levels of any size pop in order",
                     test_bucket_levels_of_any_size_pop_in_order) ||
        !CU_add_test(s, "bucket form: same with the occupancy bitmap",
                     test_bucket_form_with_occupancy_bitmap_pops_in_total_order) ||
        !CU_add_test(s, "bucket form: equal f pops larger g, then smaller cell",
                     test_bucket_form_equal_f_pops_larger_g_then_smaller_cell) ||
        !CU_add_test(s, "level sorts (keys and in place) agree with the order",
                     test_level_sorts_agree_with_the_order) ||
        !CU_add_test(s, "both forms give identical searches",
                     test_both_forms_give_identical_searches))
        return -1;
    return 0;
}
