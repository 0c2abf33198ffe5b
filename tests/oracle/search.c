/* SPDX-License-Identifier: MIT */
/*
 * search.c - the oracle's moves (oracle.h): the step rule, written once
 * (why a step is not a move, with the reasons ls_check_path names), under
 * the Dijkstra, the legality checker and the path check. Nothing here
 * calls the library's search; everything follows the header's rules only.
 */
#include <stdio.h>
#include <stdlib.h>
#include "oracle.h"

uint8_t *tu_cells(const ls_grid *grid, int32_t *width, int32_t *height)
{
    int32_t w, h, x, y;
    uint8_t *cells;

    if (ls_grid_size(grid, &w, &h) != LS_OK)
        return NULL;
    cells = malloc((size_t)w * (size_t)h);
    if (!cells)
        return NULL;
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            ls_grid_get(grid, x, y, &cells[(size_t)y * (size_t)w + (size_t)x]);
    *width = w;
    *height = h;
    return cells;
}

/* ------------------------------------------------------ movement rules */

/* Cells seen either as a row-major copy or through ls_grid_get (cheap for
 * checking one path on a large map). */
typedef struct view {
    const uint8_t *cells;
    const ls_grid *grid;
    int32_t width, height;
} view;

/* The cell's cost byte, or -1 outside the grid. */
static inline int view_cell(const view *v, int32_t x, int32_t y)
{
    uint8_t c;
    if (x < 0 || y < 0 || x >= v->width || y >= v->height)
        return -1;
    if (v->cells)
        return v->cells[(size_t)y * (size_t)v->width + (size_t)x];
    if (ls_grid_get(v->grid, x, y, &c) != LS_OK)
        return -1;
    return c;
}

static inline int passable(const view *v, int32_t x, int32_t y)
{
    return view_cell(v, x, y) > 0;
}

/* Why the step from (x, y), which is passable, to (tx, ty) under q is
 * not a legal move, as ls_check_path names it (the cell entered first,
 * then the move's shape, then the corners); LS_STEP_LEGAL when it is. */
static int32_t step_reason(const view *v, const ls_query *q, int32_t x,
                           int32_t y, int32_t tx, int32_t ty)
{
    /* 64-bit differences: a garbage point must not overflow here. */
    const int64_t dx = (int64_t)tx - x, dy = (int64_t)ty - y;
    const int entered = view_cell(v, tx, ty);

    if (entered < 0)
        return LS_STEP_OUT_OF_BOUNDS;
    if (entered == 0)
        return LS_STEP_BLOCKED;
    if ((dx == 0 && dy == 0) || dx < -1 || dx > 1 || dy < -1 || dy > 1)
        return LS_STEP_NOT_A_MOVE;
    if (dx != 0 && dy != 0) {
        /* A diagonal passes (tx, y) and (x, ty). */
        int a, b;
        if (q->connectivity != LS_CONNECT_8)
            return LS_STEP_NOT_A_MOVE;
        a = passable(v, tx, y);
        b = passable(v, x, ty);
        if (q->corner_rule == LS_CORNERS_NONE && !(a && b))
            return LS_STEP_CORNER;
        if (q->corner_rule == LS_CORNERS_ONE && !(a || b))
            return LS_STEP_CORNER;
    }
    return LS_STEP_LEGAL;
}

/* The cost of a legal step from (x, y) to (tx, ty): the straight or
 * diagonal cost times the cost of the cell entered. */
static int64_t legal_step_cost(const view *v, const ls_query *q, int32_t x,
                               int32_t y, int32_t tx, int32_t ty)
{
    const int64_t base = tx != x && ty != y ? (int64_t)q->diagonal_cost
                                            : (int64_t)q->straight_cost;
    return base * view_cell(v, tx, ty);
}

static int64_t step_cost(const view *v, const ls_query *q, int32_t x,
                         int32_t y, int32_t dx, int32_t dy)
{
    if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0))
        return -1;
    if (!passable(v, x, y) ||
        step_reason(v, q, x, y, x + dx, y + dy) != LS_STEP_LEGAL)
        return -1;
    return legal_step_cost(v, q, x, y, x + dx, y + dy);
}

int64_t tu_step_cost(const uint8_t *cells, int32_t width, int32_t height,
                     const ls_query *q, int32_t x, int32_t y, int32_t dx,
                     int32_t dy)
{
    view v;
    v.cells = cells;
    v.grid = NULL;
    v.width = width;
    v.height = height;
    return step_cost(&v, q, x, y, dx, dy);
}

/* A binary min-heap of (cost, cell) pairs for the Dijkstra, grown on
 * demand; entries that became stale are skipped when popped (lazy
 * deletion). */
typedef struct dj_entry {
    int64_t cost;
    uint32_t cell;
} dj_entry;

typedef struct dj_heap {
    dj_entry *items;
    size_t size, capacity;
} dj_heap;

static int dj_less(const dj_entry *a, const dj_entry *b)
{
    return a->cost < b->cost || (a->cost == b->cost && a->cell < b->cell);
}

/* 0, or -1 when out of memory. */
static int dj_push(dj_heap *heap, dj_entry e)
{
    size_t i;
    if (heap->size == heap->capacity) {
        size_t cap = heap->capacity ? 2 * heap->capacity : 1024;
        dj_entry *grown = realloc(heap->items, cap * sizeof *grown);
        if (!grown)
            return -1;
        heap->items = grown;
        heap->capacity = cap;
    }
    i = heap->size++;
    while (i > 0 && dj_less(&e, &heap->items[(i - 1) / 2])) {
        heap->items[i] = heap->items[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    heap->items[i] = e;
    return 0;
}

static dj_entry dj_pop(dj_heap *heap)
{
    dj_entry *items = heap->items;
    dj_entry top = items[0], last = items[--heap->size];
    size_t i = 0, n = heap->size;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && dj_less(&items[c + 1], &items[c]))
            c++;
        if (!dj_less(&items[c], &last))
            break;
        items[i] = items[c];
        i = c;
    }
    if (n > 0)
        items[i] = last;
    return top;
}

/* Dijkstra from q's start over the cells of v: the cost to every cell
 * settled (-1 = not reached), in a malloc'd array; NULL when out of
 * memory. Stops once the cell stop is settled (SIZE_MAX: never, so every
 * reachable cell is settled and counted in *reached). */
static int64_t *dijkstra(const view *v, const ls_query *q, size_t stop,
                         uint32_t *reached)
{
    static const int32_t ddx[8] = { 0, 1, 0, -1, 1, 1, -1, -1 };
    static const int32_t ddy[8] = { -1, 0, 1, 0, -1, 1, 1, -1 };
    size_t n = (size_t)v->width * (size_t)v->height, i;
    int64_t *dist = malloc(n * sizeof *dist);
    unsigned char *done = calloc(n, 1);
    dj_heap heap = { NULL, 0, 0 };
    uint32_t count = 0;
    int failed = 0;
    dj_entry e;

    if (!dist || !done) {
        free(dist);
        free(done);
        return NULL;
    }
    for (i = 0; i < n; i++)
        dist[i] = -1;
    if (passable(v, q->start_x, q->start_y)) {
        e.cell = (uint32_t)(q->start_y * v->width + q->start_x);
        e.cost = 0;
        dist[e.cell] = 0;
        failed = dj_push(&heap, e) != 0;
    }
    while (!failed && heap.size > 0) {
        int32_t x, y, d;
        e = dj_pop(&heap);
        if (done[e.cell] || e.cost != dist[e.cell])
            continue;
        done[e.cell] = 1;
        count++;
        if (e.cell == stop)
            break;
        x = (int32_t)(e.cell % (uint32_t)v->width);
        y = (int32_t)(e.cell / (uint32_t)v->width);
        for (d = 0; d < 8 && !failed; d++) {
            int64_t step = step_cost(v, q, x, y, ddx[d], ddy[d]);
            size_t next;
            if (step < 0)
                continue;
            next = (size_t)(y + ddy[d]) * (size_t)v->width +
                   (size_t)(x + ddx[d]);
            if (!done[next] && (dist[next] < 0 || e.cost + step < dist[next])) {
                dj_entry ne;
                dist[next] = e.cost + step;
                ne.cost = dist[next];
                ne.cell = (uint32_t)next;
                failed = dj_push(&heap, ne) != 0;
            }
        }
    }
    free(done);
    free(heap.items);
    if (failed) {
        free(dist);
        return NULL;
    }
    if (reached)
        *reached = count;
    return dist;
}

int64_t *tu_dijkstra_all(const ls_grid *grid, const ls_query *q,
                         uint32_t *reached)
{
    view v;
    int64_t *dist;
    uint8_t *cells = or_query_cells(grid, q, &v.width, &v.height);

    if (!cells)
        return NULL;
    v.cells = cells;
    v.grid = NULL;
    dist = dijkstra(&v, q, SIZE_MAX, reached);
    free(cells);
    return dist;
}

int64_t tu_dijkstra(const ls_grid *grid, const ls_query *q, uint32_t *reached)
{
    int32_t w, h;
    int64_t answer = -1;
    int64_t *dist = tu_dijkstra_all(grid, q, reached);

    if (!dist || ls_grid_size(grid, &w, &h) != LS_OK) {
        free(dist);
        return -2;
    }
    if (q->goal_x >= 0 && q->goal_y >= 0 && q->goal_x < w && q->goal_y < h)
        answer = dist[(size_t)q->goal_y * (size_t)w + (size_t)q->goal_x];
    free(dist);
    return answer;
}

int64_t tu_dijkstra_cells(const uint8_t *cells, int32_t width, int32_t height,
                          const ls_query *q)
{
    view v;
    size_t goal;
    int64_t answer, *dist;
    uint8_t *sized = NULL;

    v.cells = cells;
    v.grid = NULL;
    v.width = width;
    v.height = height;
    if (q->clearance > 1u) { /* the cells this clearance sees */
        sized = or_sized_cells(cells, width, height, q->clearance);
        if (!sized)
            return -2;
        v.cells = sized;
    }
    if (!passable(&v, q->goal_x, q->goal_y)) {
        free(sized);
        return -1;
    }
    goal = (size_t)q->goal_y * (size_t)width + (size_t)q->goal_x;
    dist = dijkstra(&v, q, goal, NULL);
    free(sized);
    if (!dist)
        return -2;
    answer = dist[goal];
    free(dist);
    return answer;
}

int tu_path_legal(const ls_grid *grid, const ls_query *q,
                  const ls_point *path, uint32_t length, int to_goal,
                  int64_t *cost, char *why, size_t why_size)
{
    view v;
    uint32_t i;
    int64_t total = 0;
    int ok = 1;
    uint8_t *sized = NULL;

    if (length == 0) {
        snprintf(why, why_size, "empty path");
        return 0;
    }
    if (path[0].x != q->start_x || path[0].y != q->start_y) {
        snprintf(why, why_size, "path starts at %d,%d, not at the start %d,%d",
                 (int)path[0].x, (int)path[0].y, (int)q->start_x,
                 (int)q->start_y);
        return 0;
    }
    if (to_goal && (path[length - 1].x != q->goal_x ||
                    path[length - 1].y != q->goal_y)) {
        snprintf(why, why_size, "path ends at %d,%d, not at the goal %d,%d",
                 (int)path[length - 1].x, (int)path[length - 1].y,
                 (int)q->goal_x, (int)q->goal_y);
        return 0;
    }
    v.cells = NULL;
    v.grid = grid;
    ls_grid_size(grid, &v.width, &v.height);
    if (q->clearance > 1u) { /* the grid this clearance sees */
        sized = or_query_cells(grid, q, &v.width, &v.height);
        if (!sized) {
            snprintf(why, why_size, "out of memory");
            return 0;
        }
        v.cells = sized;
    }
    if (!passable(&v, path[0].x, path[0].y)) {
        snprintf(why, why_size, "start cell not passable");
        ok = 0;
    }
    for (i = 1; ok && i < length; i++) {
        /* 64-bit differences: a garbage point must not overflow here. */
        int64_t dx = (int64_t)path[i].x - path[i - 1].x;
        int64_t dy = (int64_t)path[i].y - path[i - 1].y;
        int64_t step = -1;
        if (dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1)
            step = step_cost(&v, q, path[i - 1].x, path[i - 1].y,
                             (int32_t)dx, (int32_t)dy);
        if (step < 0) {
            snprintf(why, why_size, "illegal step %u: %d,%d -> %d,%d",
                     (unsigned)i, (int)path[i - 1].x, (int)path[i - 1].y,
                     (int)path[i].x, (int)path[i].y);
            ok = 0;
        }
        total += step;
    }
    free(sized);
    if (ok && cost)
        *cost = total;
    return ok;
}

ls_status or_path_check(const uint8_t *cells, int32_t w, int32_t h,
                        const ls_query *q, const ls_point *points,
                        uint32_t n, int32_t planned, ls_path_check *out)
{
    uint64_t cost = 0;
    uint32_t i;
    view v;
    uint8_t *sized = NULL;
    ls_status st = LS_OK;

    v.cells = cells;
    v.grid = NULL;
    v.width = w;
    v.height = h;
    if (q->connectivity != LS_CONNECT_4 && q->connectivity != LS_CONNECT_8)
        return LS_ERR_BAD_OPTION;
    if (q->corner_rule != LS_CORNERS_NONE && q->corner_rule != LS_CORNERS_ONE &&
        q->corner_rule != LS_CORNERS_ALL)
        return LS_ERR_BAD_OPTION;
    if (q->straight_cost < 1 || q->straight_cost > LS_MAX_STEP_COST ||
        q->diagonal_cost < q->straight_cost ||
        q->diagonal_cost > 2u * q->straight_cost)
        return LS_ERR_BAD_STEP_COST;
    if (q->clearance > LS_CLEARANCE_MAX)
        return LS_ERR_BAD_CLEARANCE;
    if (q->clearance > 1u) {
        sized = or_sized_cells(cells, w, h, q->clearance);
        if (!sized)
            return LS_ERR_OUT_OF_MEMORY;
        v.cells = sized;
    }
    for (i = 0; i < n; i++) {
        const ls_point *p = &points[i];
        int32_t why;
        if (i == 0)
            why = view_cell(&v, p->x, p->y) < 0 ? LS_STEP_OUT_OF_BOUNDS
                  : view_cell(&v, p->x, p->y) == 0 ? LS_STEP_BLOCKED
                                                   : LS_STEP_LEGAL;
        else
            why = step_reason(&v, q, points[i - 1].x, points[i - 1].y, p->x,
                              p->y);
        if (why != LS_STEP_LEGAL) {
            out->first_illegal = i;
            out->reason = why;
            out->cost = -1;
            out->cost_changed = planned != -1;
            free(sized);
            return LS_OK;
        }
        if (i > 0) {
            cost += (uint64_t)legal_step_cost(&v, q, points[i - 1].x,
                                              points[i - 1].y, p->x, p->y);
            if (cost > LS_COST_MAX) {
                st = LS_ERR_COST_OVERFLOW;
                break;
            }
        }
    }
    free(sized);
    if (st != LS_OK)
        return st;
    out->first_illegal = n;
    out->reason = LS_STEP_LEGAL;
    out->cost = (int32_t)cost;
    out->cost_changed = (int32_t)cost != planned;
    return LS_OK;
}
