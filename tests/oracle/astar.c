/* SPDX-License-Identifier: MIT */
/*
 * astar.c - the oracle's search order (oracle.h): lockstar.h's A*
 * implemented again from the text alone, with a linear-scan open list:
 * the pop order (f, then g by the tie rule, then the cell index), the
 * expansions counted, the path and the partial path a query must give.
 * Written apart from src/ (and from the Dijkstra of search.c, which gives
 * only optimal costs).
 */
#include <stdlib.h>
#include <string.h>
#include "oracle.h"

static uint64_t ref_estimate(int32_t heuristic, const ls_query *q, int32_t x,
                             int32_t y)
{
    uint64_t dx = (uint64_t)(x > q->goal_x ? x - q->goal_x : q->goal_x - x);
    uint64_t dy = (uint64_t)(y > q->goal_y ? y - q->goal_y : q->goal_y - y);
    uint64_t lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    switch (heuristic) {
    case LS_HEURISTIC_OCTILE:
        return lo * q->diagonal_cost + (hi - lo) * q->straight_cost;
    case LS_HEURISTIC_MANHATTAN:
        return (dx + dy) * q->straight_cost;
    case LS_HEURISTIC_CHEBYSHEV:
        return hi * q->straight_cost;
    default:
        return 0;
    }
}

/* (f, g, index) of a pops before (f, g, index) of b. */
static int ref_before(const ls_query *q, uint64_t fa, uint64_t ga, size_t ia,
                      uint64_t fb, uint64_t gb, size_t ib)
{
    if (fa != fb)
        return fa < fb;
    if (ga != gb)
        return q->tie_break == LS_TIE_HIGH_G ? ga > gb : ga < gb;
    return ia < ib;
}

/* Write the parent chain ending at cell into points (start first). */
static uint32_t ref_chain(const long *parent, size_t cell, int32_t w,
                          ls_point *points, uint32_t capacity)
{
    uint32_t n = 0, i;
    size_t c = cell;
    for (;;) {
        n++;
        if (parent[c] < 0)
            break;
        c = (size_t)parent[c];
    }
    if (n > capacity)
        return n;
    c = cell;
    for (i = n; i-- > 0;) {
        points[i].x = (int32_t)(c % (size_t)w);
        points[i].y = (int32_t)(c / (size_t)w);
        if (parent[c] >= 0)
            c = (size_t)parent[c];
    }
    return n;
}

int tu_reference_astar(const ls_grid *grid, const ls_query *q, tu_outcome *out)
{
    static const int32_t ddx[8] = { 0, 1, 0, -1, 1, 1, -1, -1 };
    static const int32_t ddy[8] = { -1, 0, 1, 0, -1, 1, 1, -1 };
    int32_t w, h;
    uint8_t *cells = or_query_cells(grid, q, &w, &h);
    size_t n, start, goal, best;
    uint64_t *g, *f, best_d, best_f = 0, best_g = 0;
    long *parent;
    unsigned char *state; /* 0 unseen, 1 open, 2 closed */
    int32_t heuristic = q->heuristic;
    int32_t dirs = q->connectivity == LS_CONNECT_8 ? 8 : 4;
    ls_status status = LS_NO_PATH;
    uint32_t expansions = 0;

    memset(out, 0, sizeof *out);
    if (!cells)
        return 0;
    n = (size_t)w * (size_t)h;
    g = malloc(n * sizeof *g);
    f = malloc(n * sizeof *f);
    parent = malloc(n * sizeof *parent);
    state = calloc(n, 1);
    if (!g || !f || !parent || !state) {
        free(cells);
        free(g);
        free(f);
        free(parent);
        free(state);
        return 0;
    }
    if (heuristic == LS_HEURISTIC_AUTO)
        heuristic = dirs == 8 ? LS_HEURISTIC_OCTILE : LS_HEURISTIC_MANHATTAN;
    start = (size_t)q->start_y * (size_t)w + (size_t)q->start_x;
    goal = (size_t)q->goal_y * (size_t)w + (size_t)q->goal_x;
    g[start] = 0;
    f[start] = (ref_estimate(heuristic, q, q->start_x, q->start_y) *
                (uint64_t)q->weight) >> 16;
    parent[start] = -1;
    state[start] = 1;
    best = start;
    best_d = ref_estimate(dirs == 8 ? LS_HEURISTIC_OCTILE : LS_HEURISTIC_MANHATTAN,
                         q, q->start_x, q->start_y);
    best_f = f[start];
    for (;;) {
        size_t top = n, c;
        int32_t x, y, d;
        uint64_t dist;
        /* The open cell first in the total order, by a linear scan. */
        for (c = 0; c < n; c++)
            if (state[c] == 1 &&
                (top == n || ref_before(q, f[c], g[c], c, f[top], g[top], top)))
                top = c;
        if (top == n) {
            status = LS_NO_PATH;
            break;
        }
        if (top == goal) {
            status = LS_OK;
            break;
        }
        if (q->max_expansions != 0 && expansions == q->max_expansions) {
            status = LS_EXPANSION_LIMIT;
            break;
        }
        state[top] = 2;
        expansions++;
        x = (int32_t)(top % (size_t)w);
        y = (int32_t)(top / (size_t)w);
        dist = ref_estimate(dirs == 8 ? LS_HEURISTIC_OCTILE : LS_HEURISTIC_MANHATTAN,
                            q, x, y);
        if (dist < best_d ||
            (dist == best_d &&
             ref_before(q, f[top], g[top], top, best_f, best_g, best))) {
            best_d = dist;
            best_f = f[top];
            best_g = g[top];
            best = top;
        }
        for (d = 0; d < dirs; d++) {
            int64_t step = tu_step_cost(cells, w, h, q, x, y, ddx[d], ddy[d]);
            size_t next;
            uint64_t ng, nf;
            if (step < 0)
                continue;
            next = (size_t)(y + ddy[d]) * (size_t)w + (size_t)(x + ddx[d]);
            ng = g[top] + (uint64_t)step;
            if (state[next] == 2 || (state[next] == 1 && ng >= g[next]))
                continue;
            nf = ng + ((ref_estimate(heuristic, q, x + ddx[d], y + ddy[d]) *
                        (uint64_t)q->weight) >> 16);
            if (ng > LS_COST_MAX || nf > LS_COST_MAX) {
                status = LS_ERR_COST_OVERFLOW;
                goto done;
            }
            g[next] = ng;
            f[next] = nf;
            parent[next] = (long)top;
            state[next] = 1;
        }
    }
done:
    out->begin_status = LS_OK;
    out->status = status;
    out->result_status = status < 0 ? status : LS_OK;
    out->result.status = status;
    out->result.cost = status == LS_OK ? (int32_t)g[goal] : -1;
    out->result.expansions = expansions;
    out->result.digest = 0xcbf29ce484222325ull;
    out->path_status = status == LS_OK ? LS_OK : status;
    out->partial_status = LS_ERR_NO_PARTIAL;
    if (status == LS_OK) {
        out->path_length = ref_chain(parent, goal, w, out->path, TU_MAX_PATH);
        out->result.path_length = out->path_length;
        out->result.digest = tu_fnv1a_points(out->path, out->path_length);
    } else if (status == LS_NO_PATH || status == LS_EXPANSION_LIMIT) {
        out->partial_status = LS_OK;
        out->partial_length = ref_chain(parent, best, w, out->partial, TU_MAX_PATH);
    }
    free(cells);
    free(g);
    free(f);
    free(parent);
    free(state);
    return 1;
}
