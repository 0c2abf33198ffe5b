/*
 * suite_heap.c - the open list (src/heap.h): whatever the sequence of
 * pushes, decrease-keys and pops, entries come out in the documented strict
 * total order (key, then cell), and every cell's heap_pos stays correct.
 * The expected order comes from a model kept in a plain array and a merge
 * sort written here.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "../src/internal.h"
#include "suites.h"

enum { CELLS = 400 };

typedef struct model_entry {
    uint64_t key;
    uint32_t cell;
} model_entry;

static int model_less(const model_entry *a, const model_entry *b)
{
    return a->key < b->key || (a->key == b->key && a->cell < b->cell);
}

/* A stable top-down merge sort, so the expected order does not depend on
 * any C library's qsort. */
static void merge_sort(model_entry *v, model_entry *tmp, size_t n)
{
    size_t mid, i, j, k;
    if (n < 2)
        return;
    mid = n / 2;
    merge_sort(v, tmp, mid);
    merge_sort(v + mid, tmp, n - mid);
    i = 0;
    j = mid;
    k = 0;
    while (i < mid && j < n)
        tmp[k++] = model_less(&v[j], &v[i]) ? v[j++] : v[i++];
    while (i < mid)
        tmp[k++] = v[i++];
    while (j < n)
        tmp[k++] = v[j++];
    memcpy(v, tmp, n * sizeof *v);
}

typedef struct fixture {
    ls_heap heap;
    ls_heap_entry entries[CELLS];
    ls_node nodes[CELLS];
    int present[CELLS];
    uint64_t key[CELLS];
} fixture;

static void fixture_init(fixture *f)
{
    memset(f, 0, sizeof *f);
    f->heap.entries = f->entries;
    f->heap.size = 0;
    f->heap.capacity = CELLS;
}

/* heap_pos of every entry points back at it, and no child is smaller
 * than its parent. */
static int heap_consistent(const fixture *f)
{
    uint32_t i;
    for (i = 0; i < f->heap.size; i++) {
        const ls_heap_entry *e = &f->heap.entries[i];
        if (e->cell >= CELLS || f->nodes[e->cell].heap_pos != i)
            return 0;
        if (!f->present[e->cell] || f->key[e->cell] != e->key)
            return 0;
        if (i > 0 && ls__heap_less(e, &f->heap.entries[(i - 1) / 2]))
            return 0;
    }
    return 1;
}

/* The smallest present (key, cell) by a linear scan of the model. */
static int model_min(const fixture *f, uint32_t *cell)
{
    uint32_t c;
    int found = 0;
    model_entry best = { 0, 0 };
    for (c = 0; c < CELLS; c++) {
        model_entry e;
        if (!f->present[c])
            continue;
        e.key = f->key[c];
        e.cell = c;
        if (!found || model_less(&e, &best)) {
            best = e;
            found = 1;
        }
    }
    *cell = best.cell;
    return found;
}

/* Random keys from small ranges, so equal f, equal g and equal keys (told
 * apart only by the cell) are all frequent. */
static uint64_t random_key(ls_rng *rng, int high_g)
{
    uint32_t f = ls_rng_below(rng, 12);
    uint32_t g = ls_rng_below(rng, 4) * 1000u;
    return ls__heap_key(f, g, high_g);
}

static void test_heap_random_operations_pop_in_total_order(void)
{
    static fixture f;
    ls_rng rng;
    int round;
    uint32_t pops = 0, decreases = 0, mismatches = 0, inconsistent = 0;
    uint32_t largest = 0;

    ls_rng_seed(&rng, 20240601u);
    for (round = 0; round < 40; round++) {
        int high_g = round % 2 == 0;
        int op;
        fixture_init(&f);
        for (op = 0; op < 1500; op++) {
            uint32_t r = ls_rng_below(&rng, 10), cell = ls_rng_below(&rng, CELLS);
            if (r < 5 && !f.present[cell]) {
                f.key[cell] = random_key(&rng, high_g);
                f.present[cell] = 1;
                ls__heap_push(&f.heap, f.nodes, f.key[cell], cell);
            } else if (r < 8 && f.heap.size > 0) {
                /* Decrease (or keep) the key of a random entry: keys never
                 * grow, the caller's contract. */
                uint64_t k = random_key(&rng, high_g);
                cell = f.heap.entries[ls_rng_below(&rng, f.heap.size)].cell;
                if (k > f.key[cell])
                    k = f.key[cell] - (f.key[cell] > 0 ? ls_rng_below(&rng, 2) : 0);
                f.key[cell] = k;
                ls__heap_decrease(&f.heap, f.nodes, f.nodes[cell].heap_pos, k);
                decreases++;
            } else if (f.heap.size > 0) {
                uint32_t want, got;
                model_min(&f, &want);
                got = ls__heap_pop(&f.heap, f.nodes);
                if (got != want)
                    mismatches++;
                f.present[got] = 0;
                pops++;
            }
            if (!heap_consistent(&f))
                inconsistent++;
            if (f.heap.size > largest)
                largest = f.heap.size;
        }
        /* Drain: the rest must come out exactly in sorted order. */
        {
            static model_entry rest[CELLS], tmp[CELLS];
            size_t n = 0, i;
            uint32_t c;
            for (c = 0; c < CELLS; c++)
                if (f.present[c]) {
                    rest[n].key = f.key[c];
                    rest[n].cell = c;
                    n++;
                }
            CU_ASSERT_EQUAL(f.heap.size, n);
            merge_sort(rest, tmp, n);
            for (i = 0; i < n; i++) {
                uint32_t got = ls__heap_pop(&f.heap, f.nodes);
                f.present[got] = 0;
                if (got != rest[i].cell)
                    mismatches++;
                if (!heap_consistent(&f))
                    inconsistent++;
            }
            CU_ASSERT_EQUAL(f.heap.size, 0);
        }
    }
    CU_ASSERT(pops > 8000);
    CU_ASSERT(decreases > 15000);
    CU_ASSERT(largest >= 100); /* deep enough for multi-level sifts */
    CU_ASSERT_EQUAL(mismatches, 0);
    CU_ASSERT_EQUAL(inconsistent, 0);
}

/* The same key set pushed in different orders pops in one order: the
 * pop order depends on the keys alone. */
static void test_heap_pop_order_independent_of_push_order(void)
{
    static fixture f;
    static model_entry set[CELLS], sorted[CELLS], tmp[CELLS];
    ls_rng rng;
    uint32_t i, perm, mismatches = 0;

    ls_rng_seed(&rng, 7);
    for (i = 0; i < CELLS; i++) {
        set[i].cell = i;
        set[i].key = random_key(&rng, 1);
    }
    memcpy(sorted, set, sizeof set);
    merge_sort(sorted, tmp, CELLS);
    for (perm = 0; perm < 8; perm++) {
        /* Fisher-Yates shuffle with the library's generator. */
        for (i = CELLS - 1; i > 0; i--) {
            uint32_t j = ls_rng_below(&rng, i + 1);
            model_entry t = set[i];
            set[i] = set[j];
            set[j] = t;
        }
        fixture_init(&f);
        for (i = 0; i < CELLS; i++) {
            f.present[set[i].cell] = 1;
            f.key[set[i].cell] = set[i].key;
            ls__heap_push(&f.heap, f.nodes, set[i].key, set[i].cell);
        }
        CU_ASSERT(heap_consistent(&f));
        for (i = 0; i < CELLS; i++) {
            uint32_t got = ls__heap_pop(&f.heap, f.nodes);
            f.present[got] = 0;
            if (got != sorted[i].cell)
                mismatches++;
        }
    }
    CU_ASSERT_EQUAL(mismatches, 0);
}

/* Pop everything and return the cells in order. */
static void drain(fixture *f, uint32_t *out, uint32_t n)
{
    uint32_t i;
    for (i = 0; i < n; i++)
        out[i] = ls__heap_pop(&f->heap, f->nodes);
}

static void push(fixture *f, uint32_t fval, uint32_t g, int high_g,
                 uint32_t cell)
{
    uint64_t key = ls__heap_key(fval, g, high_g);
    f->present[cell] = 1;
    f->key[cell] = key;
    ls__heap_push(&f->heap, f->nodes, key, cell);
}

static void test_heap_equal_f_pops_larger_g_first_with_high_g(void)
{
    static fixture f;
    uint32_t got[6];
    const uint32_t want[6] = { 8, 1, 9, 2, 4, 3 };

    fixture_init(&f);
    push(&f, 10, 3, 1, 4);
    push(&f, 10, 7, 1, 9);
    push(&f, 11, 99, 1, 3);   /* larger f loses whatever its g */
    push(&f, 10, 5, 1, 2);
    push(&f, 10, 7, 1, 1);    /* same f and g as cell 9: cell decides */
    push(&f, 9, 0, 1, 8);     /* smaller f wins whatever its g */
    CU_ASSERT(heap_consistent(&f));
    drain(&f, got, 6);
    CU_ASSERT_EQUAL(memcmp(got, want, sizeof want), 0);
}

static void test_heap_equal_f_pops_smaller_g_first_with_low_g(void)
{
    static fixture f;
    uint32_t got[6];
    const uint32_t want[6] = { 8, 4, 2, 1, 9, 3 };

    fixture_init(&f);
    push(&f, 10, 3, 0, 4);
    push(&f, 10, 7, 0, 9);
    push(&f, 11, 0, 0, 3);
    push(&f, 10, 5, 0, 2);
    push(&f, 10, 7, 0, 1);
    push(&f, 9, 99, 0, 8);
    CU_ASSERT(heap_consistent(&f));
    drain(&f, got, 6);
    CU_ASSERT_EQUAL(memcmp(got, want, sizeof want), 0);
}

/* f dominates the key for every g the search can produce, both ways. */
static void test_heap_key_orders_f_before_any_g(void)
{
    const uint32_t gs[] = { 0, 1, 1000, LS_COST_MAX - 1, LS_COST_MAX };
    size_t i, j;
    int high_g;
    for (high_g = 0; high_g < 2; high_g++)
        for (i = 0; i < 5; i++)
            for (j = 0; j < 5; j++) {
                CU_ASSERT(ls__heap_key(100, gs[i], high_g) <
                          ls__heap_key(101, gs[j], high_g));
                CU_ASSERT(ls__heap_key(LS_COST_MAX - 1, gs[i], high_g) <
                          ls__heap_key(LS_COST_MAX, gs[j], high_g));
                if (gs[i] < gs[j]) {
                    CU_ASSERT_EQUAL(ls__heap_key(5, gs[i], high_g) <
                                        ls__heap_key(5, gs[j], high_g),
                                    !high_g);
                }
            }
}

static void test_heap_decrease_key_moves_entry_to_its_place(void)
{
    static fixture f;
    uint32_t got[5];
    const uint32_t want[5] = { 4, 0, 1, 2, 3 };
    uint32_t c;

    fixture_init(&f);
    for (c = 0; c < 5; c++)
        push(&f, 10 + c, 0, 1, c);
    /* Cell 4 (largest f) goes to the front; cell 2 keeps its place
     * although its key is rewritten with the same value. */
    f.key[4] = ls__heap_key(5, 0, 1);
    ls__heap_decrease(&f.heap, f.nodes, f.nodes[4].heap_pos, f.key[4]);
    CU_ASSERT(heap_consistent(&f));
    CU_ASSERT_EQUAL(f.heap.entries[0].cell, 4);
    CU_ASSERT_EQUAL(f.nodes[4].heap_pos, 0);
    ls__heap_decrease(&f.heap, f.nodes, f.nodes[2].heap_pos, f.key[2]);
    CU_ASSERT(heap_consistent(&f));
    drain(&f, got, 5);
    CU_ASSERT_EQUAL(memcmp(got, want, sizeof want), 0);
    CU_ASSERT_EQUAL(f.heap.size, 0);
}

int suite_heap_register(void)
{
    CU_pSuite s = CU_add_suite("heap", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "random operations pop in total order",
                     test_heap_random_operations_pop_in_total_order) ||
        !CU_add_test(s, "pop order independent of push order",
                     test_heap_pop_order_independent_of_push_order) ||
        !CU_add_test(s, "equal f pops larger g first with HIGH_G",
                     test_heap_equal_f_pops_larger_g_first_with_high_g) ||
        !CU_add_test(s, "equal f pops smaller g first with LOW_G",
                     test_heap_equal_f_pops_smaller_g_first_with_low_g) ||
        !CU_add_test(s, "key orders f before any g",
                     test_heap_key_orders_f_before_any_g) ||
        !CU_add_test(s, "decrease-key moves the entry to its place",
                     test_heap_decrease_key_moves_entry_to_its_place))
        return -1;
    return 0;
}
