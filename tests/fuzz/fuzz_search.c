/* SPDX-License-Identifier: MIT */
/*
 * fuzz_search.c - the public search API on grids and queries drawn from
 * the fuzzer's bytes: sizes, grid and context kinds, cells and terrain,
 * every ls_query field (nonsense included), the path buffer's capacity,
 * slice budgets and an edit during a sliced query.
 *
 * Invariants (any breach aborts):
 *   - every status is one lockstar.h names; a refusal is the one
 *     ls_query_validate / ls_search_check predict;
 *   - a found path starts at the start, ends at the goal, is legal under
 *     the corner rule by ls_check_path and by the oracle's own walk
 *     (tests/oracle/oracle.h), costs what both recompute from the cells, and its
 *     digest is ls_path_digest's; results without a path say so;
 *   - a partial path is a legal walk from the start;
 *   - the query sliced into the drawn budgets ends exactly as one-shot;
 *     an edit during a sliced query ends it with LS_ERR_GRID_CHANGED;
 *   - a compact context gives the full context's outcome, or refuses
 *     with LS_ERR_NEEDS_FULL_CONTEXT;
 *   - with weight 1, an admissible heuristic and no expansion limit, the
 *     cost is the oracle's Dijkstra's, and JPS's cost equals A*'s.
 */
#include <stdlib.h>
#include <string.h>
#include "fuzz_util.h"
#include "oracle/oracle.h"

#define MAX_SIDE 16
#define MAX_POINTS (MAX_SIDE * MAX_SIDE)

typedef struct outcome {
    ls_status status;
    ls_result result;
    ls_point path[MAX_POINTS];
    uint32_t length;
} outcome;

/* A raw 32-bit value now and then, else the sane draw. */
static int nonsense(fz_bytes *b)
{
    return fz_u8(b) < 12;
}

static void draw_query(fz_bytes *b, int32_t w, int32_t h, ls_query *q)
{
    ls_query_init(q);
    if (nonsense(b))
        q->struct_size = fz_u32(b);
    q->start_x = nonsense(b) ? (int32_t)fz_u32(b) : fz_range(b, -1, w);
    q->start_y = nonsense(b) ? (int32_t)fz_u32(b) : fz_range(b, -1, h);
    q->goal_x = nonsense(b) ? (int32_t)fz_u32(b) : fz_range(b, -1, w);
    q->goal_y = nonsense(b) ? (int32_t)fz_u32(b) : fz_range(b, -1, h);
    q->connectivity = nonsense(b) ? (int32_t)fz_u32(b)
                                  : (fz_u8(b) & 1 ? LS_CONNECT_8 : LS_CONNECT_4);
    q->corner_rule = nonsense(b) ? (int32_t)fz_u32(b) : fz_range(b, 0, 2);
    q->heuristic = nonsense(b) ? (int32_t)fz_u32(b) : fz_range(b, 0, 4);
    q->tie_break = nonsense(b) ? (int32_t)fz_u32(b) : fz_range(b, 0, 1);
    q->algorithm = nonsense(b) ? (int32_t)fz_u32(b) : fz_range(b, 0, 1);
    switch (fz_u8(b) & 7) {
    case 0: /* nonsense */
        q->straight_cost = fz_u32(b);
        q->diagonal_cost = fz_u32(b);
        break;
    case 1: /* large: costs that may overflow on long paths */
        q->straight_cost = (uint32_t)fz_range(b, 1, (int32_t)LS_MAX_STEP_COST);
        q->diagonal_cost = q->straight_cost + fz_u32(b) % (q->straight_cost + 1);
        break;
    case 2: case 3: /* small */
        q->straight_cost = (uint32_t)fz_range(b, 1, 12);
        q->diagonal_cost = q->straight_cost + fz_u8(b) % (q->straight_cost + 1);
        break;
    default: /* the defaults, 10 and 14 */
        break;
    }
    switch (fz_u8(b) & 7) {
    case 0:
        q->weight = (fix16_t)fz_u32(b);
        break;
    case 1:
        q->weight = (fix16_t)fz_range(b, LS_MIN_WEIGHT, LS_MAX_WEIGHT);
        break;
    default:
        break;
    }
    switch (fz_u8(b) & 7) {
    case 0:
        q->max_expansions = fz_u32(b);
        break;
    case 1:
        q->max_expansions = fz_u8(b);
        break;
    default:
        break;
    }
}

static int result_equal(const ls_result *a, const ls_result *b)
{
    return a->status == b->status && a->cost == b->cost &&
           a->expansions == b->expansions &&
           a->path_length == b->path_length && a->digest == b->digest;
}

/* ls_find_path with the path read back in full when it did not fit. */
static void run_once(ls_search *s, const ls_grid *g, const ls_query *q,
                     uint32_t capacity, outcome *o)
{
    memset(o, 0, sizeof *o);
    o->status = ls_find_path(s, g, q, o->path, capacity, &o->result);
    FZ_CHECK(fz_status_known(o->status) && o->status != LS_IN_PROGRESS);
    if (o->status == LS_OK) {
        FZ_CHECK(o->result.path_length <= capacity);
        o->length = o->result.path_length;
    } else if (o->status == LS_ERR_BUFFER_TOO_SMALL) {
        FZ_CHECK(o->result.status == LS_OK);
        FZ_CHECK(o->result.path_length > capacity);
        FZ_CHECK(ls_search_path(s, o->path, MAX_POINTS, &o->length) == LS_OK);
        FZ_CHECK(o->length == o->result.path_length);
    }
}

static void check_found(const ls_grid *g, const ls_query *q, const outcome *o)
{
    ls_path_check pc;
    int64_t cost = -1;
    uint64_t digest = 0;
    char why[160];
    const ls_result *r = &o->result;

    FZ_CHECK(r->status == LS_OK && r->cost >= 0);
    FZ_CHECK(o->length >= 1 && o->length == r->path_length);
    FZ_CHECK(o->path[0].x == q->start_x && o->path[0].y == q->start_y);
    FZ_CHECK(o->path[o->length - 1].x == q->goal_x &&
             o->path[o->length - 1].y == q->goal_y);
    FZ_CHECK(ls_path_digest(o->path, o->length, &digest) == LS_OK);
    FZ_CHECK(digest == r->digest);
    FZ_CHECK(ls_check_path(g, q, o->path, o->length, r->cost, &pc) == LS_OK);
    FZ_CHECK(pc.first_illegal == o->length && pc.reason == LS_STEP_LEGAL);
    FZ_CHECK(pc.cost == r->cost && pc.cost_changed == 0);
    FZ_CHECK(tu_path_legal(g, q, o->path, o->length, 1, &cost, why,
                           sizeof why));
    FZ_CHECK(cost == r->cost);
    /* A path never visits a cell twice (a search expands each once). */
    FZ_CHECK(o->length <= MAX_POINTS);
}

static void check_not_found(ls_search *s, const ls_grid *g,
                            const ls_query *q, const outcome *o)
{
    uint64_t empty = 0;
    ls_point partial[MAX_POINTS];
    uint32_t length = 0;
    int64_t cost;
    char why[160];

    FZ_CHECK(ls_path_digest(NULL, 0, &empty) == LS_OK);
    FZ_CHECK(o->result.status == o->status && o->result.cost == -1);
    FZ_CHECK(o->result.path_length == 0 && o->result.digest == empty);
    FZ_CHECK(ls_search_path(s, partial, MAX_POINTS, &length) == o->status);
    FZ_CHECK(length == 0);
    FZ_CHECK(ls_search_partial_path(s, partial, MAX_POINTS, &length) == LS_OK);
    FZ_CHECK(length >= 1 && length <= MAX_POINTS);
    FZ_CHECK(tu_path_legal(g, q, partial, length, 0, &cost, why, sizeof why));
}

static int admissible(const ls_query *q)
{
    if (q->weight != LS_MIN_WEIGHT || q->max_expansions != 0)
        return 0;
    if (q->heuristic == LS_HEURISTIC_MANHATTAN)
        return q->connectivity == LS_CONNECT_4;
    return 1;
}

/* Begin, then step through the drawn budgets; with edit set, change a
 * cell after the first slice (the query must then end GRID_CHANGED). */
static void run_sliced(ls_search *s, ls_grid *g, const ls_query *q,
                       const uint32_t *budgets, uint32_t nbudgets, int edit,
                       const outcome *once)
{
    ls_status st = ls_search_begin(s, g, q);
    ls_result r;
    ls_point path[MAX_POINTS];
    uint32_t i = 0, length = 0, done = 0, now = 0;
    uint8_t cell;

    FZ_CHECK(fz_status_known(st));
    if (st != LS_OK) {
        FZ_CHECK(st == once->status);
        FZ_CHECK(ls_search_expansions(s, &now) == LS_ERR_NO_QUERY);
        return;
    }
    /* start == goal: the begin itself ends the query (the one-cell path);
     * otherwise nothing is done before the first step. */
    if (q->start_x != q->goal_x || q->start_y != q->goal_y)
        FZ_CHECK(ls_search_result(s, &r) == LS_ERR_NOT_DONE);
    do {
        st = ls_search_step(s, budgets[i++ % nbudgets]);
        FZ_CHECK(fz_status_known(st));
        FZ_CHECK(ls_search_expansions(s, &now) == LS_OK && now >= done);
        done = now;
        if (st == LS_IN_PROGRESS && edit) {
            FZ_CHECK(ls_grid_get(g, q->start_x, q->start_y, &cell) == LS_OK);
            FZ_CHECK(ls_grid_set(g, q->start_x, q->start_y, cell) == LS_OK);
            FZ_CHECK(ls_search_step(s, 0) == LS_ERR_GRID_CHANGED);
            return;
        }
    } while (st == LS_IN_PROGRESS);
    FZ_CHECK(ls_search_step(s, 1) == st);
    if (once->status == LS_ERR_BUFFER_TOO_SMALL)
        FZ_CHECK(st == LS_OK);
    else
        FZ_CHECK(st == once->status);
    FZ_CHECK(done == once->result.expansions || st < 0);
    if (st < 0)
        return;
    FZ_CHECK(ls_search_result(s, &r) == LS_OK);
    FZ_CHECK(result_equal(&r, &once->result));
    if (st == LS_OK) {
        FZ_CHECK(ls_search_path(s, path, MAX_POINTS, &length) == LS_OK);
        FZ_CHECK(length == once->length);
        FZ_CHECK(memcmp(path, once->path, length * sizeof *path) == 0);
    }
}

static void check_query(ls_search *s, ls_search *full, ls_grid *g,
                        const ls_query *q, uint32_t capacity,
                        const uint32_t *budgets, uint32_t nbudgets, int edit)
{
    static outcome once, ref, astar;
    ls_status valid = ls_query_validate(q, g);
    ls_status accepts = ls_search_check(s, g, q);
    ls_query as_astar;

    FZ_CHECK(fz_status_known(valid) && fz_status_known(accepts));
    run_once(full, g, q, capacity, &ref);
    if (valid != LS_OK) {
        FZ_CHECK(accepts == valid && ref.status == valid);
        return;
    }
    FZ_CHECK(ls_search_check(full, g, q) == LS_OK);
    run_once(s, g, q, capacity, &once);
    if (accepts != LS_OK) {
        FZ_CHECK(accepts == LS_ERR_NEEDS_FULL_CONTEXT && s != full);
        FZ_CHECK(once.status == accepts);
        return;
    }
    /* What the compact context accepts, it runs as the full one does. */
    FZ_CHECK(once.status == ref.status);
    if (ref.status >= 0 || ref.status == LS_ERR_BUFFER_TOO_SMALL) {
        FZ_CHECK(result_equal(&once.result, &ref.result));
        FZ_CHECK(once.length == ref.length);
        FZ_CHECK(memcmp(once.path, ref.path, ref.length * sizeof *ref.path) == 0);
    }
    if (ref.status == LS_OK || ref.status == LS_ERR_BUFFER_TOO_SMALL)
        check_found(g, q, &ref);
    else if (ref.status == LS_NO_PATH || ref.status == LS_EXPANSION_LIMIT)
        check_not_found(full, g, q, &ref);
    else
        FZ_CHECK(ref.status == LS_ERR_COST_OVERFLOW);

    if (admissible(q) && ref.status != LS_ERR_COST_OVERFLOW) {
        int64_t best = tu_dijkstra(g, q, NULL);
        FZ_CHECK(best != -2);
        if (ref.status == LS_NO_PATH)
            FZ_CHECK(best == -1);
        else
            FZ_CHECK(best == ref.result.cost);
        if (q->algorithm == LS_ALGO_JPS) {
            as_astar = *q;
            as_astar.algorithm = LS_ALGO_ASTAR;
            run_once(full, g, &as_astar, MAX_POINTS, &astar);
            FZ_CHECK(astar.status == (ref.status == LS_ERR_BUFFER_TOO_SMALL
                                          ? LS_OK : ref.status));
            FZ_CHECK(astar.result.cost == ref.result.cost);
        }
    }
    run_sliced(s, g, q, budgets, nbudgets, edit, &once);
}

/* Contexts are made once per size and kind and reused by every input:
 * creation would otherwise take most of the time, and reuse is itself
 * under test (lockstar.h: a result never depends on earlier queries). */
static ls_search *context(int32_t w, int32_t h, uint32_t flags)
{
    static ls_search *made[MAX_SIDE][MAX_SIDE][2];
    ls_search **slot = &made[w - 1][h - 1][flags];
    if (!*slot && ls_search_create_with(w, h, flags, NULL, slot) != LS_OK)
        *slot = NULL;
    return *slot;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_bytes b;
    int32_t w, h, x, y;
    uint32_t grid_flags, search_flags, capacity, budgets[8], nbudgets, i;
    uint32_t queries = 0;
    uint8_t density, top, shape;
    ls_grid *grid = NULL;
    ls_search *search = NULL, *full = NULL;
    ls_status st;
    ls_query q;
    int edit;

    fz_begin(&b, data, size);
    w = fz_range(&b, 1, MAX_SIDE);
    h = fz_range(&b, 1, MAX_SIDE);
    shape = fz_u8(&b);
    grid_flags = shape & 1 ? LS_GRID_COMPACT : LS_GRID_FULL;
    search_flags = shape & 2 ? LS_SEARCH_COMPACT : LS_SEARCH_FULL;
    edit = (shape & 0x1c) == 0x1c;
    if ((shape & 0xe0) == 0xe0) {
        /* Unknown kinds are refused, nothing made. */
        uint32_t flags = fz_u32(&b) | 2u;
        FZ_CHECK(ls_grid_create_with(w, h, flags, NULL, &grid) == LS_ERR_BAD_FLAGS);
        FZ_CHECK(grid == NULL);
        FZ_CHECK(ls_search_create_with(w, h, flags, NULL, &search) ==
                 LS_ERR_BAD_FLAGS);
        FZ_CHECK(search == NULL);
        return 0;
    }
    search = context(w, h, search_flags);
    full = context(w, h, LS_SEARCH_FULL);
    if (!search || !full ||
        ls_grid_create_with(w, h, grid_flags, NULL, &grid) != LS_OK)
        return 0;
    density = fz_u8(&b);
    top = fz_u8(&b);
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++) {
            uint8_t c = fz_u8(&b);
            uint8_t cost = c < density / 2 ? LS_CELL_BLOCKED
                           : top < 128 ? LS_CELL_OPEN
                                       : (uint8_t)(1 + c % (1 + top % 255));
            st = ls_grid_set(grid, x, y, cost);
            FZ_CHECK(st == LS_OK);
        }
    capacity = fz_u8(&b) < 200 ? MAX_POINTS : fz_u8(&b) % 24;
    nbudgets = 1 + fz_u8(&b) % 8;
    for (i = 0; i < nbudgets; i++)
        budgets[i] = 1 + fz_u8(&b) % 40;
    /* Then up to two queries while bytes remain (at least one). */
    do {
        draw_query(&b, w, h, &q);
        check_query(search, full, grid, &q, capacity, budgets, nbudgets, edit);
    } while (fz_left(&b) > 16 && ++queries < 2);
    ls_grid_destroy(grid);
    return 0;
}
