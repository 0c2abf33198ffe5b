/* SPDX-License-Identifier: MIT */
/*
 * suite_grid.c - the grid: create, size, get/set, fill, load, revision,
 * the size limits of grids and search contexts, and compact grids (no
 * JPS bitsets).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "../src/grid.h" /* the bitsets, checked bit by bit */
#include "suites.h"
#include "test_util.h"

static void test_grid_create_gives_open_cells_of_given_size(void)
{
    ls_grid *g = NULL;
    int32_t w = -1, h = -1, x, y;
    int all_open = 1;

    CU_ASSERT_EQUAL_FATAL(ls_grid_create(7, 5, NULL, &g), LS_OK);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    CU_ASSERT_EQUAL(ls_grid_size(g, &w, &h), LS_OK);
    CU_ASSERT_EQUAL(w, 7);
    CU_ASSERT_EQUAL(h, 5);
    for (y = 0; y < 5; y++)
        for (x = 0; x < 7; x++) {
            uint8_t c = 99;
            if (ls_grid_get(g, x, y, &c) != LS_OK || c != LS_CELL_OPEN)
                all_open = 0;
        }
    CU_ASSERT(all_open);
    ls_grid_destroy(g);
}

static void test_grid_set_then_get_returns_every_cost_value(void)
{
    ls_grid *g = NULL;
    int32_t x, y;
    int ok = 1;

    /* 16 x 16 = 256 cells, one per byte value, including 0 (blocked). */
    CU_ASSERT_EQUAL_FATAL(ls_grid_create(16, 16, NULL, &g), LS_OK);
    for (y = 0; y < 16; y++)
        for (x = 0; x < 16; x++)
            CU_ASSERT_EQUAL(ls_grid_set(g, x, y, (uint8_t)(y * 16 + x)), LS_OK);
    for (y = 0; y < 16; y++)
        for (x = 0; x < 16; x++) {
            uint8_t c;
            if (ls_grid_get(g, x, y, &c) != LS_OK || c != (uint8_t)(y * 16 + x))
                ok = 0;
        }
    CU_ASSERT(ok);
    ls_grid_destroy(g);
}

static void test_grid_set_changes_only_that_cell(void)
{
    ls_grid *g = NULL;
    int32_t x, y;
    int ok = 1;

    CU_ASSERT_EQUAL_FATAL(ls_grid_create(5, 4, NULL, &g), LS_OK);
    CU_ASSERT_EQUAL(ls_grid_set(g, 4, 3, 9), LS_OK);  /* last cell */
    CU_ASSERT_EQUAL(ls_grid_set(g, 0, 0, 0), LS_OK);  /* first cell */
    CU_ASSERT_EQUAL(ls_grid_set(g, 2, 1, 200), LS_OK);
    for (y = 0; y < 4; y++)
        for (x = 0; x < 5; x++) {
            uint8_t c, want = 1;
            if (x == 4 && y == 3)
                want = 9;
            else if (x == 0 && y == 0)
                want = 0;
            else if (x == 2 && y == 1)
                want = 200;
            if (ls_grid_get(g, x, y, &c) != LS_OK || c != want)
                ok = 0;
        }
    CU_ASSERT(ok);
    ls_grid_destroy(g);
}

static void test_grid_fill_sets_every_cell(void)
{
    ls_grid *g = NULL;
    int32_t x, y;
    int ok = 1;
    uint8_t values[3] = { 0, 255, 7 };
    int v;

    CU_ASSERT_EQUAL_FATAL(ls_grid_create(9, 3, NULL, &g), LS_OK);
    for (v = 0; v < 3; v++) {
        CU_ASSERT_EQUAL(ls_grid_fill(g, values[v]), LS_OK);
        for (y = 0; y < 3; y++)
            for (x = 0; x < 9; x++) {
                uint8_t c;
                if (ls_grid_get(g, x, y, &c) != LS_OK || c != values[v])
                    ok = 0;
            }
    }
    CU_ASSERT(ok);
    ls_grid_destroy(g);
}

static void test_grid_load_copies_row_major(void)
{
    /* Not square, so a transposed copy would show. */
    enum { W = 6, H = 4 };
    uint8_t cells[W * H];
    ls_grid *g = NULL;
    int32_t x, y;
    int ok = 1, i;

    for (i = 0; i < W * H; i++)
        cells[i] = (uint8_t)(i * 7 + 3);
    CU_ASSERT_EQUAL_FATAL(ls_grid_create(W, H, NULL, &g), LS_OK);
    CU_ASSERT_EQUAL(ls_grid_load(g, cells, W * H), LS_OK);
    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++) {
            uint8_t c;
            if (ls_grid_get(g, x, y, &c) != LS_OK || c != cells[y * W + x])
                ok = 0;
        }
    CU_ASSERT(ok);
    ls_grid_destroy(g);
}

static void test_grid_load_wrong_count_is_bad_size_and_changes_nothing(void)
{
    enum { W = 6, H = 4 };
    uint8_t cells[(W + 1) * (H + 1)];
    const size_t counts[] = { 0, 1, W * H - 1, W * H + 1, W * H + W,
                              (W + 1) * H, W * (H + 1) - 1, W, H,
                              (size_t)-1 };
    ls_grid *g = NULL;
    uint32_t rev_before, rev_after;
    size_t i;
    int32_t x, y;
    int ok = 1;

    memset(cells, 5, sizeof cells);
    CU_ASSERT_EQUAL_FATAL(ls_grid_create(W, H, NULL, &g), LS_OK);
    CU_ASSERT_EQUAL(ls_grid_revision(g, &rev_before), LS_OK);
    for (i = 0; i < sizeof counts / sizeof counts[0]; i++)
        CU_ASSERT_EQUAL(ls_grid_load(g, cells, counts[i]), LS_ERR_BAD_SIZE);
    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++) {
            uint8_t c;
            if (ls_grid_get(g, x, y, &c) != LS_OK || c != LS_CELL_OPEN)
                ok = 0;
        }
    CU_ASSERT(ok);
    CU_ASSERT_EQUAL(ls_grid_revision(g, &rev_after), LS_OK);
    CU_ASSERT_EQUAL(rev_after, rev_before);
    ls_grid_destroy(g);
}

static void test_grid_revision_changes_on_every_edit(void)
{
    ls_grid *g = NULL;
    uint8_t cells[12], c;
    uint32_t r0, r1, r2, r3, r4, r5, r6;
    int32_t w, h;

    memset(cells, 3, sizeof cells);
    CU_ASSERT_EQUAL_FATAL(ls_grid_create(4, 3, NULL, &g), LS_OK);
    CU_ASSERT_EQUAL(ls_grid_revision(g, &r0), LS_OK);
    CU_ASSERT_EQUAL(ls_grid_set(g, 1, 1, 0), LS_OK);
    ls_grid_revision(g, &r1);
    CU_ASSERT_NOT_EQUAL(r1, r0);
    /* Writing the value a cell already has is still an edit. */
    CU_ASSERT_EQUAL(ls_grid_set(g, 1, 1, 0), LS_OK);
    ls_grid_revision(g, &r2);
    CU_ASSERT_NOT_EQUAL(r2, r1);
    CU_ASSERT_EQUAL(ls_grid_fill(g, 2), LS_OK);
    ls_grid_revision(g, &r3);
    CU_ASSERT_NOT_EQUAL(r3, r2);
    CU_ASSERT_EQUAL(ls_grid_load(g, cells, sizeof cells), LS_OK);
    ls_grid_revision(g, &r4);
    CU_ASSERT_NOT_EQUAL(r4, r3);
    /* Reads are not edits. */
    ls_grid_get(g, 0, 0, &c);
    ls_grid_size(g, &w, &h);
    ls_grid_revision(g, &r5);
    CU_ASSERT_EQUAL(r5, r4);
    /* A refused edit is not an edit either. */
    CU_ASSERT_EQUAL(ls_grid_set(g, 4, 0, 1), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_grid_load(g, cells, 11), LS_ERR_BAD_SIZE);
    ls_grid_revision(g, &r6);
    CU_ASSERT_EQUAL(r6, r4);
    ls_grid_destroy(g);
}

static void test_grid_one_by_one_works(void)
{
    ls_grid *g = NULL;
    ls_search *s = NULL;
    int32_t w, h;
    uint8_t c = 0;

    CU_ASSERT_EQUAL_FATAL(ls_grid_create(1, 1, NULL, &g), LS_OK);
    CU_ASSERT_EQUAL(ls_grid_size(g, &w, &h), LS_OK);
    CU_ASSERT_EQUAL(w, 1);
    CU_ASSERT_EQUAL(h, 1);
    CU_ASSERT_EQUAL(ls_grid_get(g, 0, 0, &c), LS_OK);
    CU_ASSERT_EQUAL(c, LS_CELL_OPEN);
    CU_ASSERT_EQUAL(ls_grid_set(g, 0, 0, 42), LS_OK);
    CU_ASSERT_EQUAL(ls_grid_get(g, 0, 0, &c), LS_OK);
    CU_ASSERT_EQUAL(c, 42);
    CU_ASSERT_EQUAL(ls_grid_get(g, 1, 0, &c), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_grid_get(g, 0, 1, &c), LS_ERR_OUT_OF_BOUNDS);
    CU_ASSERT_EQUAL(ls_search_create(1, 1, NULL, &s), LS_OK);
    CU_ASSERT_PTR_NOT_NULL(s);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

static void test_grid_max_dimension_is_accepted(void)
{
    ls_grid *g = NULL;
    ls_search *s = NULL;
    uint8_t c = 0;

    CU_ASSERT_EQUAL_FATAL(ls_grid_create(LS_MAX_DIMENSION, 1, NULL, &g), LS_OK);
    CU_ASSERT_EQUAL(ls_grid_set(g, LS_MAX_DIMENSION - 1, 0, 77), LS_OK);
    CU_ASSERT_EQUAL(ls_grid_get(g, LS_MAX_DIMENSION - 1, 0, &c), LS_OK);
    CU_ASSERT_EQUAL(c, 77);
    CU_ASSERT_EQUAL(ls_grid_get(g, LS_MAX_DIMENSION, 0, &c),
                    LS_ERR_OUT_OF_BOUNDS);
    ls_grid_destroy(g);
    g = NULL;
    CU_ASSERT_EQUAL_FATAL(ls_grid_create(1, LS_MAX_DIMENSION, NULL, &g), LS_OK);
    CU_ASSERT_EQUAL(ls_grid_set(g, 0, LS_MAX_DIMENSION - 1, 78), LS_OK);
    CU_ASSERT_EQUAL(ls_grid_get(g, 0, LS_MAX_DIMENSION - 1, &c), LS_OK);
    CU_ASSERT_EQUAL(c, 78);
    ls_grid_destroy(g);

    CU_ASSERT_EQUAL(ls_search_create(LS_MAX_DIMENSION, 1, NULL, &s), LS_OK);
    ls_search_destroy(s);
    s = NULL;
    CU_ASSERT_EQUAL(ls_search_create(1, LS_MAX_DIMENSION, NULL, &s), LS_OK);
    ls_search_destroy(s);
}

static void test_grid_size_above_max_dimension_is_bad_size(void)
{
    static const int32_t sizes[][2] = {
        { LS_MAX_DIMENSION + 1, 1 }, { 1, LS_MAX_DIMENSION + 1 },
        { LS_MAX_DIMENSION + 1, LS_MAX_DIMENSION + 1 },
        { INT32_MAX, 1 }, { 1, INT32_MAX }, { INT32_MAX, INT32_MAX },
    };
    size_t i;
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        ls_grid *g = (ls_grid *)&g;  /* not NULL: must be cleared */
        ls_search *s = (ls_search *)&s;
        CU_ASSERT_EQUAL(ls_grid_create(sizes[i][0], sizes[i][1], NULL, &g),
                        LS_ERR_BAD_SIZE);
        CU_ASSERT_PTR_NULL(g);
        CU_ASSERT_EQUAL(ls_search_create(sizes[i][0], sizes[i][1], NULL, &s),
                        LS_ERR_BAD_SIZE);
        CU_ASSERT_PTR_NULL(s);
    }
}

static void test_grid_zero_and_negative_sizes_are_bad_size(void)
{
    static const int32_t sizes[][2] = {
        { 0, 1 }, { 1, 0 }, { 0, 0 }, { -1, 5 }, { 5, -1 }, { -1, -1 },
        { INT32_MIN, 1 }, { 1, INT32_MIN }, { INT32_MIN, INT32_MIN },
    };
    size_t i;
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        ls_grid *g = (ls_grid *)&g;
        ls_search *s = (ls_search *)&s;
        CU_ASSERT_EQUAL(ls_grid_create(sizes[i][0], sizes[i][1], NULL, &g),
                        LS_ERR_BAD_SIZE);
        CU_ASSERT_PTR_NULL(g);
        CU_ASSERT_EQUAL(ls_search_create(sizes[i][0], sizes[i][1], NULL, &s),
                        LS_ERR_BAD_SIZE);
        CU_ASSERT_PTR_NULL(s);
    }
}

/*
 * LS_MAX_CELLS is LS_MAX_DIMENSION squared, so width * height can only
 * exceed it through the byte count of a search context where size_t has 32
 * bits. On 64-bit hosts the full-size grid and context are legal, so they
 * are tried with an allocator that refuses big blocks (no gigabytes are
 * really allocated) and must fail cleanly with LS_ERR_OUT_OF_MEMORY.
 */
static void test_grid_largest_size_overflows_or_runs_out_cleanly(void)
{
    tu_counter counter;
    ls_allocator a = tu_counting_allocator(&counter);
    ls_grid *g = (ls_grid *)&g;
    ls_search *s = (ls_search *)&s;
    const uint64_t bordered = (uint64_t)(LS_MAX_DIMENSION + 2) *
                              (uint64_t)(LS_MAX_DIMENSION + 2);

    counter.max_size = 1u << 20;
    /* One byte per cell: never more than 2^32 bytes, never an overflow. */
    CU_ASSERT_EQUAL(ls_grid_create(LS_MAX_DIMENSION, LS_MAX_DIMENSION, &a, &g),
                    LS_ERR_OUT_OF_MEMORY);
    CU_ASSERT_PTR_NULL(g);
    CU_ASSERT(counter.failed >= 1);
    CU_ASSERT(tu_counter_balanced(&counter));

    counter.failed = 0;
    /* The largest single block is a full context's node array, 16 bytes
     * per cell (src/context.c): only a size_t too small for it overflows. */
    if ((uint64_t)SIZE_MAX < bordered * 16u) {
        CU_ASSERT_EQUAL(ls_search_create(LS_MAX_DIMENSION, LS_MAX_DIMENSION,
                                         &a, &s),
                        LS_ERR_SIZE_OVERFLOW);
        /* Refused before allocating anything. */
        CU_ASSERT_EQUAL(counter.failed, 0);
    } else {
        CU_ASSERT_EQUAL(ls_search_create(LS_MAX_DIMENSION, LS_MAX_DIMENSION,
                                         &a, &s),
                        LS_ERR_OUT_OF_MEMORY);
        CU_ASSERT(counter.failed >= 1);
    }
    CU_ASSERT_PTR_NULL(s);
    CU_ASSERT(tu_counter_balanced(&counter));
}

static void test_grid_get_and_set_out_of_bounds_are_refused(void)
{
    static const int32_t where[][2] = {
        { -1, 0 }, { 0, -1 }, { 5, 0 }, { 0, 3 }, { 5, 3 }, { -1, -1 },
        { INT32_MIN, 0 }, { 0, INT32_MIN }, { INT32_MAX, 0 }, { 0, INT32_MAX },
        { INT32_MAX, INT32_MAX }, { INT32_MIN, INT32_MIN },
    };
    ls_grid *g = NULL;
    size_t i;
    int32_t x, y;
    int untouched = 1;

    CU_ASSERT_EQUAL_FATAL(ls_grid_create(5, 3, NULL, &g), LS_OK);
    for (i = 0; i < sizeof where / sizeof where[0]; i++) {
        uint8_t c = 123;
        CU_ASSERT_EQUAL(ls_grid_get(g, where[i][0], where[i][1], &c),
                        LS_ERR_OUT_OF_BOUNDS);
        CU_ASSERT_EQUAL(c, 123);
        CU_ASSERT_EQUAL(ls_grid_set(g, where[i][0], where[i][1], 0),
                        LS_ERR_OUT_OF_BOUNDS);
    }
    /* No refused write landed in the grid (e.g. wrapped into a row). */
    for (y = 0; y < 3; y++)
        for (x = 0; x < 5; x++) {
            uint8_t c;
            if (ls_grid_get(g, x, y, &c) != LS_OK || c != LS_CELL_OPEN)
                untouched = 0;
        }
    CU_ASSERT(untouched);
    ls_grid_destroy(g);
}

/* An LS_GRID_COMPACT grid behaves like a full one through every edit
 * (set, fill, load) and JPS finds the same results on it, sliced or not,
 * scanning cells instead of bitsets; A* too. Unknown flags are refused. */
static void test_compact_grid_gives_the_same_searches(void)
{
    static tu_outcome on_full, on_compact;
    char why[256];
    ls_rng rng;
    int i;
    uint32_t differ = 0, jps_paths = 0;
    ls_grid *g = (ls_grid *)&g;

    CU_ASSERT_EQUAL(ls_grid_create_with(4, 4, 2, NULL, &g), LS_ERR_BAD_FLAGS);
    CU_ASSERT_PTR_NULL(g);
    ls_rng_seed(&rng, 3131);
    for (i = 0; i < 40; i++) {
        int32_t w = 1 + (int32_t)ls_rng_below(&rng, 90);
        int32_t h = 1 + (int32_t)ls_rng_below(&rng, 90);
        ls_grid *full = tu_random_grid(&rng, w, h, ls_rng_below(&rng, 40), 0, 1);
        ls_grid *compact = NULL;
        ls_search *s = NULL;
        uint8_t *cells;
        int32_t cw, ch, k;

        CU_ASSERT_FATAL(full != NULL);
        CU_ASSERT_FATAL(ls_grid_create_with(w, h, LS_GRID_COMPACT, NULL,
                                            &compact) == LS_OK);
        CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
        /* Reach the same cells three ways: load, fill then set, set. */
        cells = tu_cells(full, &cw, &ch);
        CU_ASSERT_FATAL(cells != NULL);
        if (i % 3 == 0) {
            CU_ASSERT_EQUAL(ls_grid_load(compact, cells, (size_t)w * (size_t)h),
                            LS_OK);
        } else {
            int32_t x, y;
            CU_ASSERT_EQUAL(ls_grid_fill(compact, i % 3 == 1 ? 0 : 1), LS_OK);
            for (y = 0; y < h; y++)
                for (x = 0; x < w; x++)
                    ls_grid_set(compact, x, y, cells[(size_t)y * (size_t)w + (size_t)x]);
        }
        free(cells);
        for (k = 0; k < 10; k++) {
            ls_query q;
            ls_query_init(&q);
            q.algorithm = k % 5 == 4 ? LS_ALGO_ASTAR : LS_ALGO_JPS;
            q.heuristic = k % 4 == 3 ? LS_HEURISTIC_CHEBYSHEV : LS_HEURISTIC_AUTO;
            if (k % 6 == 5)
                q.weight = fix16_one * 2;
            if (!tu_random_open_cell(&rng, full, &q.start_x, &q.start_y) ||
                !tu_random_open_cell(&rng, full, &q.goal_x, &q.goal_y))
                break;
            tu_run(s, full, &q, k % 2 ? 3u : 0u, &on_full);
            tu_run(s, compact, &q, k % 2 ? 3u : 0u, &on_compact);
            if (!tu_outcome_equal(&on_full, &on_compact, why, sizeof why)) {
                differ++;
                printf("\n    compact grid: %s", why);
            }
            if (q.algorithm == LS_ALGO_JPS && on_full.status == LS_OK &&
                on_full.path_length > 2)
                jps_paths++;
        }
        ls_search_destroy(s);
        ls_grid_destroy(compact);
        ls_grid_destroy(full);
    }
    CU_ASSERT_EQUAL(differ, 0);
    CU_ASSERT(jps_paths >= 100); /* the comparison was real */
}

/* Every bit of both JPS bitsets (src/grid.h, docs/design.md) against the
 * cells it mirrors, the zero pad word before and after each set, and the
 * zero bits past the bordered row or column. grid.c rebuilds the sets a
 * word at a time on fill and load; widths and heights around multiples of
 * 64 catch a word or band boundary off by one, and strides 512 and 513
 * (widths 510, 511) the 512-column chunks of the column words. */
static int bitsets_mirror_cells(const ls_grid *g)
{
    const uint32_t rows = (uint32_t)g->height + 2u;
    uint32_t r, c;
    if (g->row_bits[-1] != 0 || g->col_bits[-1] != 0 ||
        g->row_bits[(size_t)rows * g->row_words] != 0 ||
        g->col_bits[(size_t)g->stride * g->col_words] != 0)
        return 0;
    for (r = 0; r < g->row_words * 64u && r < 64u * g->col_words; r++)
        for (c = 0; c < g->row_words * 64u; c++) {
            int cell = r < rows && c < g->stride &&
                       g->cells[(size_t)r * g->stride + c] != LS_CELL_BLOCKED;
            if (r < rows && ((g->row_bits[(size_t)r * g->row_words + c / 64u] >>
                              (c % 64u)) & 1u) != (uint64_t)cell)
                return 0;
            if (c < g->stride &&
                ((g->col_bits[(size_t)c * g->col_words + r / 64u] >>
                  (r % 64u)) & 1u) != (uint64_t)cell)
                return 0;
        }
    return 1;
}

static void test_grid_bitsets_mirror_cells_after_fill_and_load(void)
{
    static const int32_t sides[] = { 1, 2, 61, 62, 63, 64, 65, 127, 130,
                                     510, 511 };
    const size_t n = sizeof sides / sizeof sides[0];
    size_t i, j, bad = 0, tried = 0;
    ls_rng rng;
    ls_rng_seed(&rng, 14);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            int32_t w = sides[i], h = sides[j], k;
            size_t count = (size_t)w * (size_t)h;
            uint8_t *cells = malloc(count);
            ls_grid *g = NULL;
            CU_ASSERT_FATAL(cells != NULL);
            CU_ASSERT_FATAL(ls_grid_create(w, h, NULL, &g) == LS_OK);
            bad += !bitsets_mirror_cells(g); /* all open, from create */
            for (k = 0; k < (int32_t)count; k++)
                cells[k] = ls_rng_below(&rng, 3) == 0
                               ? LS_CELL_BLOCKED
                               : (uint8_t)(1 + ls_rng_below(&rng, 255));
            CU_ASSERT(ls_grid_load(g, cells, count) == LS_OK);
            bad += !bitsets_mirror_cells(g);
            /* Single edits keep the bits in step too. */
            ls_grid_set(g, w - 1, h - 1, LS_CELL_BLOCKED);
            ls_grid_set(g, 0, 0, 9);
            bad += !bitsets_mirror_cells(g);
            CU_ASSERT(ls_grid_fill(g, LS_CELL_BLOCKED) == LS_OK);
            bad += !bitsets_mirror_cells(g);
            CU_ASSERT(ls_grid_fill(g, 3) == LS_OK);
            bad += !bitsets_mirror_cells(g);
            tried += 5;
            ls_grid_destroy(g);
            free(cells);
        }
    CU_ASSERT_EQUAL(tried, 5u * n * n);
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_grid_destroy_accepts_null(void)
{
    /* Must simply return; a crash fails the run. */
    ls_grid_destroy(NULL);
    ls_search_destroy(NULL);
    CU_PASS("NULL accepted");
}

int suite_grid_register(void)
{
    CU_pSuite s = CU_add_suite("grid", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "create gives open cells of the given size",
                     test_grid_create_gives_open_cells_of_given_size) ||
        !CU_add_test(s, "set then get returns every cost value",
                     test_grid_set_then_get_returns_every_cost_value) ||
        !CU_add_test(s, "set changes only that cell",
                     test_grid_set_changes_only_that_cell) ||
        !CU_add_test(s, "fill sets every cell", test_grid_fill_sets_every_cell) ||
        !CU_add_test(s, "load copies row-major", test_grid_load_copies_row_major) ||
        !CU_add_test(s, "load with a wrong count is BAD_SIZE and changes nothing",
                     test_grid_load_wrong_count_is_bad_size_and_changes_nothing) ||
        !CU_add_test(s, "revision changes on every edit",
                     test_grid_revision_changes_on_every_edit) ||
        !CU_add_test(s, "1x1 grid works", test_grid_one_by_one_works) ||
        !CU_add_test(s, "LS_MAX_DIMENSION is accepted",
                     test_grid_max_dimension_is_accepted) ||
        !CU_add_test(s, "size above LS_MAX_DIMENSION is BAD_SIZE",
                     test_grid_size_above_max_dimension_is_bad_size) ||
        !CU_add_test(s, "zero and negative sizes are BAD_SIZE",
                     test_grid_zero_and_negative_sizes_are_bad_size) ||
        !CU_add_test(s, "largest size overflows or runs out of memory cleanly",
                     test_grid_largest_size_overflows_or_runs_out_cleanly) ||
        !CU_add_test(s, "get and set out of bounds are refused",
                     test_grid_get_and_set_out_of_bounds_are_refused) ||
        !CU_add_test(s, "destroy accepts NULL", test_grid_destroy_accepts_null) ||
        !CU_add_test(s, "bitsets mirror the cells after fill and load",
                     test_grid_bitsets_mirror_cells_after_fill_and_load) ||
        !CU_add_test(s, "compact grid gives the same searches",
                     test_compact_grid_gives_the_same_searches))
        return -1;
    return 0;
}
