/* SPDX-License-Identifier: MIT */
/*
 * test_util.c - see test_util.h. Nothing here calls the library's search;
 * the reference A* follows the header's rules only (the step rule, the
 * Dijkstra and the legality checker are in oracle.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test_util.h"

/* ------------------------------------------------------------- grids */

static int cell_from_char(char c, uint8_t *cost)
{
    if (c == '#' || c == '@') {
        *cost = LS_CELL_BLOCKED;
    } else if (c == '.' || c == 'S' || c == 'G') {
        *cost = 1;
    } else if (c >= '1' && c <= '9') {
        *cost = (uint8_t)(c - '0');
    } else if (c == 'x') {
        *cost = 255;
    } else {
        return 0;
    }
    return 1;
}

ls_grid *tu_grid_from_rows(const char *const *rows, int32_t height)
{
    ls_grid *grid = NULL;
    int32_t width, x, y;

    if (height < 1 || !rows[0])
        return NULL;
    width = (int32_t)strlen(rows[0]);
    if (ls_grid_create(width, height, NULL, &grid) != LS_OK)
        return NULL;
    for (y = 0; y < height; y++) {
        if ((int32_t)strlen(rows[y]) != width) {
            fprintf(stderr, "tu_grid_from_rows: row %d has length %d, not %d\n",
                    (int)y, (int)strlen(rows[y]), (int)width);
            ls_grid_destroy(grid);
            return NULL;
        }
        for (x = 0; x < width; x++) {
            uint8_t cost;
            if (!cell_from_char(rows[y][x], &cost) ||
                ls_grid_set(grid, x, y, cost) != LS_OK) {
                fprintf(stderr, "tu_grid_from_rows: bad cell '%c' at %d,%d\n",
                        rows[y][x], (int)x, (int)y);
                ls_grid_destroy(grid);
                return NULL;
            }
        }
    }
    return grid;
}

int tu_find(const char *const *rows, int32_t height, char ch, int32_t *x,
            int32_t *y)
{
    int32_t i, j;
    for (j = 0; j < height; j++)
        for (i = 0; rows[j][i]; i++)
            if (rows[j][i] == ch) {
                *x = i;
                *y = j;
                return 1;
            }
    return 0;
}

ls_grid *tu_random_grid(ls_rng *rng, int32_t width, int32_t height,
                        uint32_t blocked_percent, uint32_t terrain_percent,
                        uint8_t max_terrain)
{
    ls_grid *grid = NULL;
    uint8_t *cells;
    size_t i, n = (size_t)width * (size_t)height;

    if (ls_grid_create(width, height, NULL, &grid) != LS_OK)
        return NULL;
    cells = malloc(n);
    if (!cells) {
        ls_grid_destroy(grid);
        return NULL;
    }
    for (i = 0; i < n; i++) {
        if (ls_rng_below(rng, 100) < blocked_percent)
            cells[i] = LS_CELL_BLOCKED;
        else if (max_terrain > 1 && ls_rng_below(rng, 100) < terrain_percent)
            cells[i] = (uint8_t)(2 + ls_rng_below(rng, (uint32_t)max_terrain - 1));
        else
            cells[i] = 1;
    }
    if (ls_grid_load(grid, cells, n) != LS_OK) {
        ls_grid_destroy(grid);
        grid = NULL;
    }
    free(cells);
    return grid;
}

int tu_random_open_cell(ls_rng *rng, const ls_grid *grid, int32_t *x,
                        int32_t *y)
{
    int32_t w, h, i, j;
    uint32_t open = 0, pick;
    uint8_t c;

    ls_grid_size(grid, &w, &h);
    for (j = 0; j < h; j++)
        for (i = 0; i < w; i++)
            if (ls_grid_get(grid, i, j, &c) == LS_OK && c != LS_CELL_BLOCKED)
                open++;
    if (open == 0)
        return 0;
    pick = ls_rng_below(rng, open);
    for (j = 0; j < h; j++)
        for (i = 0; i < w; i++)
            if (ls_grid_get(grid, i, j, &c) == LS_OK && c != LS_CELL_BLOCKED) {
                if (pick == 0) {
                    *x = i;
                    *y = j;
                    return 1;
                }
                pick--;
            }
    return 0;
}

/* ------------------------------------------------ counting allocator */

/* Each block is preceded by a header holding its size, so a release with
 * the wrong size is noticed. The header keeps malloc's alignment. */
#define TU_HEADER 16u

static void *counting_alloc(void *user, size_t size)
{
    tu_counter *c = user;
    unsigned char *block;

    if ((c->fail_after >= 0 && c->allocs == (uint64_t)c->fail_after) ||
        (c->max_size != 0 && size > c->max_size) ||
        size > SIZE_MAX - TU_HEADER) {
        c->failed++;
        return NULL;
    }
    block = malloc(size + TU_HEADER);
    if (!block) {
        c->failed++;
        return NULL;
    }
    memcpy(block, &size, sizeof size);
    c->allocs++;
    c->bytes_allocated += size;
    return block + TU_HEADER;
}

static void counting_release(void *user, void *block, size_t size)
{
    tu_counter *c = user;
    unsigned char *start;
    size_t recorded;

    if (!block)
        return;
    start = (unsigned char *)block - TU_HEADER;
    memcpy(&recorded, start, sizeof recorded);
    if (recorded != size)
        c->size_mismatches++;
    c->releases++;
    c->bytes_released += recorded;
    free(start);
}

ls_allocator tu_counting_allocator(tu_counter *c)
{
    ls_allocator a;
    memset(c, 0, sizeof *c);
    c->fail_after = -1;
    a.alloc = counting_alloc;
    a.release = counting_release;
    a.user = c;
    return a;
}

int tu_counter_balanced(const tu_counter *c)
{
    return c->allocs == c->releases &&
           c->bytes_allocated == c->bytes_released && c->size_mismatches == 0;
}

/* ------------------------------------------------- whole-query runs */

ls_status tu_run(ls_search *search, const ls_grid *grid, const ls_query *q,
                 uint32_t budget, tu_outcome *out)
{
    ls_status st;

    memset(out, 0, sizeof *out);
    out->begin_status = ls_search_begin(search, grid, q);
    if (out->begin_status != LS_OK) {
        out->status = out->begin_status;
        return out->status;
    }
    for (;;) {
        st = ls_search_step(search, budget);
        out->steps++;
        if (st != LS_IN_PROGRESS)
            break;
        if (budget == 0) {
            /* An unbounded step must run to the end. */
            out->protocol_errors++;
            break;
        }
    }
    out->status = st;
    /* The final status must repeat, whatever the budget. */
    if (ls_search_step(search, 1) != st || ls_search_step(search, 0) != st ||
        ls_search_step(search, 1000) != st)
        out->protocol_errors++;
    out->result_status = ls_search_result(search, &out->result);
    out->path_status = ls_search_path(search, out->path, TU_MAX_PATH,
                                      &out->path_length);
    out->partial_status = ls_search_partial_path(search, out->partial,
                                                 TU_MAX_PATH,
                                                 &out->partial_length);
    return st;
}

#define DIFF(cond, ...)                                                        \
    do {                                                                       \
        if (cond) {                                                            \
            snprintf(why, why_size, __VA_ARGS__);                              \
            fprintf(stderr, "    [test_util] %s\n", why);                      \
            return 0;                                                          \
        }                                                                      \
    } while (0)

int tu_outcome_equal(const tu_outcome *a, const tu_outcome *b, char *why,
                     size_t why_size)
{
    uint32_t i;
    DIFF(a->begin_status != b->begin_status, "begin status %d vs %d",
         (int)a->begin_status, (int)b->begin_status);
    DIFF(a->status != b->status, "status %d vs %d", (int)a->status,
         (int)b->status);
    DIFF(a->result_status != b->result_status, "result status %d vs %d",
         (int)a->result_status, (int)b->result_status);
    if (a->result_status == LS_OK) {
        DIFF(a->result.status != b->result.status, "result.status %d vs %d",
             (int)a->result.status, (int)b->result.status);
        DIFF(a->result.cost != b->result.cost, "cost %ld vs %ld",
             (long)a->result.cost, (long)b->result.cost);
        DIFF(a->result.expansions != b->result.expansions,
             "expansions %lu vs %lu", (unsigned long)a->result.expansions,
             (unsigned long)b->result.expansions);
        DIFF(a->result.path_length != b->result.path_length,
             "path_length %lu vs %lu", (unsigned long)a->result.path_length,
             (unsigned long)b->result.path_length);
        DIFF(a->result.digest != b->result.digest, "digest %016llx vs %016llx",
             (unsigned long long)a->result.digest,
             (unsigned long long)b->result.digest);
    }
    DIFF(a->path_status != b->path_status, "path status %d vs %d",
         (int)a->path_status, (int)b->path_status);
    DIFF(a->path_length != b->path_length, "path length %lu vs %lu",
         (unsigned long)a->path_length, (unsigned long)b->path_length);
    if (a->path_status == LS_OK)
        for (i = 0; i < a->path_length; i++)
            DIFF(a->path[i].x != b->path[i].x || a->path[i].y != b->path[i].y,
                 "path point %lu: %d,%d vs %d,%d", (unsigned long)i,
                 (int)a->path[i].x, (int)a->path[i].y, (int)b->path[i].x,
                 (int)b->path[i].y);
    DIFF(a->partial_status != b->partial_status, "partial status %d vs %d",
         (int)a->partial_status, (int)b->partial_status);
    DIFF(a->partial_length != b->partial_length, "partial length %lu vs %lu",
         (unsigned long)a->partial_length, (unsigned long)b->partial_length);
    if (a->partial_status == LS_OK)
        for (i = 0; i < a->partial_length; i++)
            DIFF(a->partial[i].x != b->partial[i].x ||
                     a->partial[i].y != b->partial[i].y,
                 "partial point %lu: %d,%d vs %d,%d", (unsigned long)i,
                 (int)a->partial[i].x, (int)a->partial[i].y,
                 (int)b->partial[i].x, (int)b->partial[i].y);
    return 1;
}

int tu_find_checked(ls_search *search, const ls_grid *grid, const ls_query *q,
                    ls_point *path, uint32_t capacity, ls_result *result,
                    char *why, size_t why_size)
{
    ls_status st;
    int64_t sum = -1;
    char reason[200];

    memset(result, 0, sizeof *result);
    st = ls_find_path(search, grid, q, path, capacity, result);
    DIFF(st != result->status && st >= 0, "find_path returned %d, result %d",
         (int)st, (int)result->status);
    if (st == LS_OK) {
        DIFF(result->path_length == 0 || result->path_length > capacity,
             "path_length %lu", (unsigned long)result->path_length);
        DIFF(!tu_path_legal(grid, q, path, result->path_length, 1, &sum,
                            reason, sizeof reason),
             "illegal path: %s", reason);
        DIFF(sum != result->cost, "steps sum to %lld, reported cost %ld",
             (long long)sum, (long)result->cost);
        DIFF(tu_fnv1a_points(path, result->path_length) != result->digest,
             "digest %016llx is not the path's",
             (unsigned long long)result->digest);
    } else if (st == LS_NO_PATH || st == LS_EXPANSION_LIMIT) {
        DIFF(result->cost != -1 || result->path_length != 0 ||
                 result->digest != 0xcbf29ce484222325ull,
             "status %d with cost %ld, length %lu, digest %016llx", (int)st,
             (long)result->cost, (unsigned long)result->path_length,
             (unsigned long long)result->digest);
    } else {
        DIFF(1, "find_path returned %d (%s)", (int)st, ls_status_string(st));
    }
    return 1;
}

ls_grid *tu_replay_grid(void)
{
    ls_grid *g = NULL;
    int32_t y;
    if (ls_grid_create(12, 6, NULL, &g) != LS_OK)
        return NULL;
    for (y = 0; y < 6; y++)
        if (y != 4)
            ls_grid_set(g, 6, y, LS_CELL_BLOCKED);
    return g;
}

/* ------------------------------------------------ randomised trials */

/* "LOCKSTAR_TEST_TRIALS_PERCENT=25" or "TEST_EMULATOR=qemu-arm", for the
 * banner; the value is cut at a length no one needs. */
static char trials_why[96];
static uint32_t trials_percent; /* 0 until read */

/* A whole decimal number 1..100, else 0. */
static uint32_t parse_percent(const char *text)
{
    uint32_t v = 0;
    const char *p = text;
    if (*p == '\0')
        return 0;
    for (; *p; p++) {
        if (*p < '0' || *p > '9')
            return 0;
        v = v * 10 + (uint32_t)(*p - '0');
        if (v > 100)
            return 0;
    }
    return v;
}

uint32_t tu_trials_percent(const char **why)
{
    if (trials_percent == 0) {
        const char *over = getenv("LOCKSTAR_TEST_TRIALS_PERCENT");
        const char *emu = getenv("TEST_EMULATOR");
        trials_percent = 100;
        if (over && *over) {
            trials_percent = parse_percent(over);
            if (trials_percent == 0) {
                fprintf(stderr,
                        "unit: LOCKSTAR_TEST_TRIALS_PERCENT='%s' is not a "
                        "whole number from 1 to 100; running every trial "
                        "(100 %%)\n",
                        over);
                trials_percent = 100;
            }
            snprintf(trials_why, sizeof trials_why,
                     "LOCKSTAR_TEST_TRIALS_PERCENT=%s", over);
        } else if (emu && *emu) {
            trials_percent = 25;
            snprintf(trials_why, sizeof trials_why, "TEST_EMULATOR=%s", emu);
        }
    }
    if (why)
        *why = trials_why[0] ? trials_why : NULL;
    return trials_percent;
}

uint32_t tu_trials(uint32_t native_count)
{
    const uint32_t percent = tu_trials_percent(NULL);
    uint64_t n;
    if (percent >= 100 || native_count == 0)
        return native_count;
    n = (uint64_t)native_count * percent / 100;
    return n < 1 ? 1 : (uint32_t)n;
}
