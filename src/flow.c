/* SPDX-License-Identifier: MIT */
/*
 * flow.c - flow fields (include/lockstar_flow.h): creation, begin, step
 * and refresh entry points, the readers and the field digest. How a field
 * is computed is src/flow_run.c's; what an edit changes, src/flow_update.c's.
 */
#include <string.h>
#include "alloc.h"
#include "direction.h"
#include "flow.h"
#include "grid.h"
#include "hash.h"
#include "plan.h"

uint32_t ls_flow_bytes_per_cell(void)
{
    /* cost, dir, the copy of the cells, the moves, two pool entries */
    return (uint32_t)(sizeof(uint32_t) + 3u + 2u * sizeof(uint32_t));
}

static void release_all(ls_flow *f)
{
    const ls_allocator *a = &f->allocator;
    const size_t n = f->cell_count;
    ls__release(a, f->cost, n * sizeof(uint32_t));
    ls__release(a, f->dir, n);
    ls__release(a, f->cells, n);
    ls__release(a, f->moves, n);
    ls__release(a, f->link, (size_t)f->link_count * sizeof(uint32_t));
    ls__release(a, f->ring, 2u * LS_FLOW_RING * sizeof(uint32_t));
    ls__release(a, f->goals, (size_t)f->max_goals * sizeof(uint32_t));
}

ls_status ls_flow_create(int32_t width, int32_t height, uint32_t max_goals,
                         const ls_allocator *allocator, ls_flow **out)
{
    ls_allocator a;
    ls_flow *f;
    uint32_t cells;
    ls_status st;

    if (!out)
        return LS_ERR_NULL_ARGUMENT;
    *out = NULL;
    st = ls__creation_cells(width, height, LS_GRID_FULL, &cells);
    if (st != LS_OK)
        return st;
    if (max_goals < 1 || max_goals > LS_FLOW_MAX_GOALS)
        return LS_ERR_BAD_SIZE;
    /* The largest block, the pool: only a 32-bit size_t can overflow. */
    if (((uint64_t)cells * 2u + (LS_FLOW_RING + 2u) * LS_FLOW_CHUNK) * 4u >
        (uint64_t)SIZE_MAX)
        return LS_ERR_SIZE_OVERFLOW;
    f = ls__alloc_object(allocator, &a, sizeof *f);
    if (!f)
        return LS_ERR_OUT_OF_MEMORY;
    f->allocator = a;
    f->cell_count = cells;
    f->max_goals = max_goals;
    f->link_count = 2u * cells + (LS_FLOW_RING + 2u) * LS_FLOW_CHUNK;
    f->chunk_count = f->link_count / LS_FLOW_CHUNK;
    f->cost = ls__alloc(&a, (size_t)cells * sizeof(uint32_t));
    f->dir = ls__alloc(&a, cells);
    f->cells = ls__alloc(&a, cells);
    f->moves = ls__alloc(&a, cells);
    f->link = ls__alloc(&a, (size_t)f->link_count * sizeof(uint32_t));
    f->ring = ls__alloc(&a, 2u * LS_FLOW_RING * sizeof(uint32_t));
    f->goals = ls__alloc(&a, (size_t)max_goals * sizeof(uint32_t));
    if (!f->cost || !f->dir || !f->cells || !f->moves || !f->link || !f->ring ||
        !f->goals) {
        release_all(f);
        ls__release(&a, f, sizeof *f);
        return LS_ERR_OUT_OF_MEMORY;
    }
    f->width = width;
    f->height = height;
    f->stride = (uint32_t)width + 2u;
    f->phase = LS_FLOW_PHASE_IDLE;
    *out = f;
    return LS_OK;
}

void ls_flow_destroy(ls_flow *f)
{
    ls_allocator a;
    if (!f)
        return;
    a = f->allocator;
    release_all(f);
    ls__release(&a, f, sizeof *f);
}

void ls__flow_legal_table(ls_flow *f)
{
    uint32_t pass, d;
    for (pass = 0; pass < 16; pass++) {
        uint32_t bits = 0x0Fu;
        for (d = 4; d < f->dir_count; d++)
            if (ls__corner_allows(f->corner_rule,
                                  (int)((pass >> ls__dir_corner_x(d)) & 1u),
                                  (int)((pass >> ls__dir_corner_y(d)) & 1u)))
                bits |= 1u << d;
        f->legal[pass] = (uint8_t)bits;
    }
}

int ls__flow_step_legal(const ls_flow *f, uint32_t w, uint32_t d)
{
    const uint8_t *cm = f->cells;
    if (d >= f->dir_count || cm[w + (uint32_t)f->offset[d]] == 0)
        return 0;
    if (d < 4)
        return 1;
    return ls__corner_allows(
        f->corner_rule, cm[w + (uint32_t)f->offset[ls__dir_corner_x(d)]] != 0,
        cm[w + (uint32_t)f->offset[ls__dir_corner_y(d)]] != 0);
}

int ls__flow_is_goal(const ls_flow *f, uint32_t c)
{
    uint32_t lo = 0, hi = f->goal_count;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2u;
        if (f->goals[mid] == c)
            return 1;
        if (f->goals[mid] < c)
            lo = mid + 1u;
        else
            hi = mid;
    }
    return 0;
}

/* Heap sort (in place, no allocation; the order of equal values cannot
 * matter, they are removed next). */
static void sift_down(uint32_t *v, uint32_t i, uint32_t n)
{
    for (;;) {
        uint32_t big = i, l = 2u * i + 1u, r = l + 1u, t;
        if (l < n && v[l] > v[big])
            big = l;
        if (r < n && v[r] > v[big])
            big = r;
        if (big == i)
            return;
        t = v[i];
        v[i] = v[big];
        v[big] = t;
        i = big;
    }
}

static uint32_t sort_distinct(uint32_t *v, uint32_t n)
{
    uint32_t i, k;
    for (i = n / 2u; i-- > 0;)
        sift_down(v, i, n);
    for (i = n; i-- > 1;) {
        uint32_t t = v[0];
        v[0] = v[i];
        v[i] = t;
        sift_down(v, 0, i);
    }
    for (i = k = 0; i < n; i++)
        if (k == 0 || v[k - 1] != v[i])
            v[k++] = v[i];
    return k;
}

static void take_copy(ls_flow *f, const ls_grid *grid)
{
    uint32_t c;
    if (f->clearance > 1u)
        for (c = 0; c < f->cell_count; c++)
            f->cells[c] = ls__flow_seen(grid, c, f->clearance);
    else
        memcpy(f->cells, grid->cells, f->cell_count);
    f->grid_stamp = grid->stamp;
    f->grid_revision = grid->revision;
}

ls_status ls_flow_begin(ls_flow *f, const ls_grid *grid,
                        const ls_query *options, const ls_point *goals,
                        uint32_t goal_count)
{
    uint32_t i, d, shift, k;
    ls_status st;

    if (!f || !grid || !options || !goals)
        return LS_ERR_NULL_ARGUMENT;
    f->phase = LS_FLOW_PHASE_IDLE;
    st = ls__check_move_rules(options);
    if (st == LS_OK)
        st = ls__check_clearance(options, grid, 0);
    if (st != LS_OK)
        return st;
    if (grid->width != f->width || grid->height != f->height)
        return LS_ERR_GRID_MISMATCH;
    if (goal_count < 1 || goal_count > f->max_goals)
        return LS_ERR_BAD_SIZE;
    k = options->clearance > 1u ? options->clearance : 1u;
    for (i = 0; i < goal_count; i++) {
        const ls_point p = goals[i];
        if (p.x < 0 || p.y < 0 || p.x >= f->width || p.y >= f->height)
            return LS_ERR_GOAL_OUT_OF_BOUNDS;
    }
    for (i = 0; i < goal_count; i++) {
        uint32_t c = ls__cell_index(f->stride, goals[i].x, goals[i].y);
        if (ls__flow_seen(grid, c, k) == LS_CELL_BLOCKED)
            return LS_ERR_GOAL_BLOCKED; /* for this clearance */
        f->goals[i] = c;
    }
    f->goal_count = sort_distinct(f->goals, goal_count);
    f->dir_count = (uint32_t)options->connectivity;
    f->corner_rule = options->corner_rule;
    f->straight = options->straight_cost;
    f->diagonal = options->diagonal_cost;
    f->clearance = k;
    for (shift = 0; (2u << shift) <= f->straight; shift++)
        ;
    f->shift = shift;
    for (d = 0; d < 8; d++)
        f->offset[d] = ls__dir_offset(d, f->stride);
    ls__flow_legal_table(f);
    take_copy(f, grid);
    ls__flow_fresh_start(f);
    f->expansions = 0;
    return LS_OK;
}

ls_status ls_flow_step(ls_flow *f, uint32_t budget, uint32_t *expansions)
{
    uint32_t done = 0;
    ls_status st;
    if (expansions)
        *expansions = 0;
    if (!f)
        return LS_ERR_NULL_ARGUMENT;
    if (f->phase == LS_FLOW_PHASE_IDLE)
        return LS_ERR_NO_QUERY;
    st = ls__flow_run(f, budget, &done);
    f->expansions += done;
    if (expansions)
        *expansions = done;
    return st;
}

ls_status ls_flow_refresh(ls_flow *f, const ls_grid *grid)
{
    if (!f || !grid)
        return LS_ERR_NULL_ARGUMENT;
    if (f->phase == LS_FLOW_PHASE_IDLE)
        return LS_ERR_NO_QUERY;
    if (grid->width != f->width || grid->height != f->height)
        return LS_ERR_GRID_MISMATCH;
    if (f->phase != LS_FLOW_PHASE_DONE) {
        if (f->phase != LS_FLOW_PHASE_FAILED && grid->stamp == f->grid_stamp &&
            grid->revision == f->grid_revision)
            return LS_IN_PROGRESS; /* nothing new: the work goes on */
        take_copy(f, grid);
        ls__flow_fresh_start(f);
        f->expansions = 0;
        return LS_IN_PROGRESS;
    }
    if (grid->stamp == f->grid_stamp && grid->revision == f->grid_revision)
        return LS_OK;
    return ls__flow_update_start(f, grid);
}

ls_status ls_flow_expansions(const ls_flow *f, uint32_t *total)
{
    if (!f || !total)
        return LS_ERR_NULL_ARGUMENT;
    if (f->phase == LS_FLOW_PHASE_IDLE)
        return LS_ERR_NO_QUERY;
    *total = f->expansions;
    return LS_OK;
}

/* ---------------------------------------------------------- readers */

static ls_status readable(const ls_flow *f)
{
    switch (f->phase) {
    case LS_FLOW_PHASE_IDLE: return LS_ERR_NO_QUERY;
    case LS_FLOW_PHASE_DONE: return LS_OK;
    case LS_FLOW_PHASE_FAILED: return LS_ERR_COST_OVERFLOW;
    default: return LS_ERR_NOT_DONE;
    }
}

/* A complete field's cell: unset means unreachable. */
static int32_t cell_cost(const ls_flow *f, uint32_t c)
{
    uint8_t d = f->dir[c];
    return d == LS_FLOW_UNSET || d == LS_FLOW_NONE ? -1 : (int32_t)f->cost[c];
}

static uint8_t cell_dir(const ls_flow *f, uint32_t c)
{
    uint8_t d = f->dir[c];
    return d == LS_FLOW_UNSET ? (uint8_t)LS_FLOW_NONE : d;
}

static ls_status read_cell(const ls_flow *f, int32_t x, int32_t y,
                           const void *out, uint32_t *c)
{
    ls_status st;
    if (!f || !out)
        return LS_ERR_NULL_ARGUMENT;
    st = readable(f);
    if (st != LS_OK)
        return st;
    if (x < 0 || y < 0 || x >= f->width || y >= f->height)
        return LS_ERR_OUT_OF_BOUNDS;
    *c = ls__cell_index(f->stride, x, y);
    return LS_OK;
}

ls_status ls_flow_cost(const ls_flow *f, int32_t x, int32_t y, int32_t *cost)
{
    uint32_t c;
    ls_status st = read_cell(f, x, y, cost, &c);
    if (st == LS_OK)
        *cost = cell_cost(f, c);
    return st;
}

ls_status ls_flow_direction(const ls_flow *f, int32_t x, int32_t y,
                            int32_t *direction)
{
    uint32_t c;
    ls_status st = read_cell(f, x, y, direction, &c);
    if (st == LS_OK)
        *direction = cell_dir(f, c);
    return st;
}

static ls_status read_all(const ls_flow *f, const void *out, size_t count)
{
    ls_status st;
    if (!f || !out)
        return LS_ERR_NULL_ARGUMENT;
    st = readable(f);
    if (st != LS_OK)
        return st;
    /* width * height <= LS_MAX_CELLS: no wrap */
    if (count != (size_t)((uint32_t)f->width * (uint32_t)f->height))
        return LS_ERR_BAD_SIZE;
    return LS_OK;
}

ls_status ls_flow_costs(const ls_flow *f, int32_t *costs, size_t count)
{
    uint32_t x, y;
    ls_status st = read_all(f, costs, count);
    if (st != LS_OK)
        return st;
    for (y = 0; y < (uint32_t)f->height; y++) {
        uint32_t row = (y + 1u) * f->stride + 1u;
        for (x = 0; x < (uint32_t)f->width; x++)
            *costs++ = cell_cost(f, row + x);
    }
    return LS_OK;
}

ls_status ls_flow_directions(const ls_flow *f, uint8_t *directions,
                             size_t count)
{
    uint32_t x, y;
    ls_status st = read_all(f, directions, count);
    if (st != LS_OK)
        return st;
    for (y = 0; y < (uint32_t)f->height; y++) {
        uint32_t row = (y + 1u) * f->stride + 1u;
        for (x = 0; x < (uint32_t)f->width; x++)
            *directions++ = cell_dir(f, row + x);
    }
    return LS_OK;
}

ls_status ls_flow_digest(const ls_flow *f, uint64_t *digest)
{
    uint64_t h = LS_FNV_BASIS;
    uint32_t x, y;
    ls_status st;
    if (!f || !digest)
        return LS_ERR_NULL_ARGUMENT;
    st = readable(f);
    if (st != LS_OK)
        return st;
    for (y = 0; y < (uint32_t)f->height; y++) {
        uint32_t row = (y + 1u) * f->stride + 1u;
        for (x = 0; x < (uint32_t)f->width; x++) {
            /* two's complement: -1 is 0xffffffff */
            h = ls__fnv1a_le(h, (uint32_t)cell_cost(f, row + x), 4);
            h = ls__fnv1a_le(h, cell_dir(f, row + x), 1);
        }
    }
    *digest = h;
    return LS_OK;
}
