/* SPDX-License-Identifier: MIT */
/*
 * flow.c - the oracle's flow-field model (oracle.h), from the contract of
 * include/lockstar_flow.h alone: a plain Dijkstra run backwards from the
 * goals (a cell's cost is the least over its legal steps of the step's
 * cost plus the cost of the cell it enters), over the oracle's step rule
 * (tu_step_cost), with its own binary heap; then each cell's direction,
 * the first neighbour in the fixed order whose step is legal and whose
 * cost plus the step's is the cell's; then the field digest by its
 * definition. Costs are int64, so a field past LS_COST_MAX is seen whole.
 * Nothing here reads src/flow*.c or calls ls_flow_*.
 */
#include <stdlib.h>
#include "oracle.h" /* lockstar.h, which includes lockstar_flow.h */

static const int32_t FDX[8] = { 0, 1, 0, -1, 1, 1, -1, -1 };
static const int32_t FDY[8] = { -1, 0, 1, 0, -1, 1, 1, -1 };

typedef struct fh_item {
    int64_t cost;
    size_t cell;
} fh_item;

typedef struct fh_heap {
    fh_item *items;
    size_t size, capacity;
} fh_heap;

static int fh_push(fh_heap *h, int64_t cost, size_t cell)
{
    size_t i;
    if (h->size == h->capacity) {
        size_t cap = h->capacity ? 2 * h->capacity : 256;
        fh_item *grown = realloc(h->items, cap * sizeof *grown);
        if (!grown)
            return -1;
        h->items = grown;
        h->capacity = cap;
    }
    i = h->size++;
    while (i > 0 && h->items[(i - 1) / 2].cost > cost) {
        h->items[i] = h->items[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->items[i].cost = cost;
    h->items[i].cell = cell;
    return 0;
}

static fh_item fh_pop(fh_heap *h)
{
    fh_item top = h->items[0], last = h->items[--h->size];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= h->size)
            break;
        if (c + 1 < h->size && h->items[c + 1].cost < h->items[c].cost)
            c++;
        if (h->items[c].cost >= last.cost)
            break;
        h->items[i] = h->items[c];
        i = c;
    }
    if (h->size > 0)
        h->items[i] = last;
    return top;
}

ls_status or_flow_goals(const uint8_t *cells, int32_t w, int32_t h,
                        const ls_point *goals, uint32_t goal_count)
{
    uint32_t i;
    if (goal_count == 0)
        return LS_ERR_BAD_SIZE;
    for (i = 0; i < goal_count; i++)
        if (goals[i].x < 0 || goals[i].y < 0 || goals[i].x >= w ||
            goals[i].y >= h)
            return LS_ERR_GOAL_OUT_OF_BOUNDS;
    for (i = 0; i < goal_count; i++)
        if (cells[(size_t)goals[i].y * (size_t)w + (size_t)goals[i].x] == 0)
            return LS_ERR_GOAL_BLOCKED;
    return LS_OK;
}

/* The field on the cells as given (or_flow derives a sized query's). */
static ls_status flow_on(const uint8_t *cells, int32_t w, int32_t h,
                         const ls_query *q, const ls_point *goals,
                         uint32_t goal_count, or_flow_field *out)
{
    const size_t n = (size_t)w * (size_t)h;
    const int dirs = q->connectivity == LS_CONNECT_4 ? 4 : 8;
    int64_t *dist = malloc((n ? n : 1) * sizeof *dist);
    unsigned char *done = calloc(n ? n : 1, 1);
    fh_heap heap = { NULL, 0, 0 };
    uint32_t i, reached = 0, settled = 0;
    int failed = 0, overflow = 0;
    size_t c;

    out->cost = NULL;
    out->direction = NULL;
    out->reached = out->settled = 0;
    out->status = LS_ERR_OUT_OF_MEMORY;
    if (!dist || !done)
        goto fail;
    for (c = 0; c < n; c++)
        dist[c] = -1;
    /* Goals on passable cells cost 0 (a goal given twice counts once);
     * goals on blocked cells reach nothing. */
    for (i = 0; i < goal_count && !failed; i++) {
        size_t g = (size_t)goals[i].y * (size_t)w + (size_t)goals[i].x;
        if (cells[g] == 0 || dist[g] == 0)
            continue;
        dist[g] = 0;
        failed = fh_push(&heap, 0, g) != 0;
    }
    while (!failed && heap.size > 0) {
        fh_item e = fh_pop(&heap);
        int32_t x, y, d;
        if (done[e.cell] || e.cost != dist[e.cell])
            continue;
        done[e.cell] = 1;
        reached++;
        if (e.cost <= (int64_t)LS_COST_MAX)
            settled++;
        x = (int32_t)(e.cell % (size_t)w);
        y = (int32_t)(e.cell / (size_t)w);
        /* Every cell p that can step into e.cell: p = e.cell - d. */
        for (d = 0; d < dirs && !failed; d++) {
            int32_t px = x - FDX[d], py = y - FDY[d];
            int64_t step;
            size_t p;
            if (px < 0 || py < 0 || px >= w || py >= h)
                continue;
            step = tu_step_cost(cells, w, h, q, px, py, FDX[d], FDY[d]);
            if (step < 0)
                continue;
            p = (size_t)py * (size_t)w + (size_t)px;
            if (!done[p] && (dist[p] < 0 || e.cost + step < dist[p])) {
                dist[p] = e.cost + step;
                failed = fh_push(&heap, dist[p], p) != 0;
            }
        }
    }
    if (failed)
        goto fail;
    out->cost = malloc((n ? n : 1) * sizeof *out->cost);
    out->direction = malloc(n ? n : 1);
    if (!out->cost || !out->direction)
        goto fail;
    for (c = 0; c < n; c++) {
        int32_t x = (int32_t)(c % (size_t)w), y = (int32_t)(c / (size_t)w);
        int d;
        if (dist[c] > (int64_t)LS_COST_MAX)
            overflow = 1;
        out->cost[c] = dist[c] > (int64_t)LS_COST_MAX ? -1 : (int32_t)dist[c];
        if (dist[c] < 0) {
            out->direction[c] = LS_FLOW_NONE;
            continue;
        }
        if (dist[c] == 0) {
            out->direction[c] = LS_FLOW_GOAL;
            continue;
        }
        out->direction[c] = LS_FLOW_NONE; /* not reached: a bug below */
        for (d = 0; d < dirs; d++) {
            int64_t step = tu_step_cost(cells, w, h, q, x, y, FDX[d], FDY[d]);
            size_t t;
            if (step < 0)
                continue;
            t = (size_t)(y + FDY[d]) * (size_t)w + (size_t)(x + FDX[d]);
            if (dist[t] >= 0 && dist[t] + step == dist[c]) {
                out->direction[c] = (uint8_t)d;
                break;
            }
        }
    }
    free(dist);
    free(done);
    free(heap.items);
    out->reached = reached;
    out->settled = settled;
    out->status = overflow ? LS_ERR_COST_OVERFLOW : LS_OK;
    return out->status;
fail:
    free(dist);
    free(done);
    free(heap.items);
    or_flow_free(out);
    out->status = LS_ERR_OUT_OF_MEMORY;
    return LS_ERR_OUT_OF_MEMORY;
}

void or_flow_free(or_flow_field *f)
{
    free(f->cost);
    free(f->direction);
    f->cost = NULL;
    f->direction = NULL;
}

uint64_t or_flow_digest(const int32_t *cost, const uint8_t *direction,
                        size_t count)
{
    uint64_t d = OR_FNV_BASIS;
    size_t i;
    for (i = 0; i < count; i++) {
        d = or_fnv32(d, (uint32_t)cost[i]);
        d = or_fnv_byte(d, direction[i]);
    }
    return d;
}

ls_status or_flow(const uint8_t *cells, int32_t w, int32_t h,
                  const ls_query *q, const ls_point *goals,
                  uint32_t goal_count, or_flow_field *out)
{
    uint8_t *sized;
    ls_status st;
    if (q->clearance <= 1u)
        return flow_on(cells, w, h, q, goals, goal_count, out);
    /* A sized field is the field of the grid its clearance sees. */
    sized = or_sized_cells(cells, w, h, q->clearance);
    if (!sized) {
        out->cost = NULL;
        out->direction = NULL;
        out->reached = out->settled = 0;
        out->status = LS_ERR_OUT_OF_MEMORY;
        return LS_ERR_OUT_OF_MEMORY;
    }
    st = flow_on(sized, w, h, q, goals, goal_count, out);
    free(sized);
    return st;
}
