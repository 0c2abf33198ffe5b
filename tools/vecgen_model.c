/* SPDX-License-Identifier: MIT */
/*
 * vecgen_model.c - what tools/vecgen expects of the calls a script makes,
 * worked out from the words of include/lockstar.h alone, never from the
 * library's code (src/queue.c, src/mapdigest.c, src/pathcheck.c): the map
 * digest recomputed over every cell, the path check as a walk of its own,
 * and the queue's budget rule as a loop over modelled requests. vecgen
 * dies before it records a line on which the library and these differ.
 */
#include <string.h>
#include "vecgen.h"

/* ------------------------------------------------------------------------
 * The map digest
 * --------------------------------------------------------------------- */

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint64_t model_map_digest(const uint8_t *cells, int32_t w, int32_t h)
{
    uint64_t d = mix(((uint64_t)(uint32_t)w << 32 | (uint64_t)(uint32_t)h) ^
                     0x6c6f636b73746172ull);
    uint64_t i, n = (uint64_t)(uint32_t)w * (uint64_t)(uint32_t)h;
    for (i = 0; i < n; i++)
        d += mix(i * 256u + cells[i] + 0x9e3779b97f4a7c15ull);
    return d;
}

/* ------------------------------------------------------------------------
 * The path check
 * --------------------------------------------------------------------- */

static int inside(int32_t w, int32_t h, int64_t x, int64_t y)
{
    return x >= 0 && y >= 0 && x < w && y < h;
}

static uint8_t at(const uint8_t *cells, int32_t w, int64_t x, int64_t y)
{
    return cells[(size_t)y * (size_t)w + (size_t)x];
}

/* Why point i (after prev, when i > 0) is illegal: an LS_STEP_* value. */
static int32_t step_reason(const uint8_t *cells, int32_t w, int32_t h,
                           const ls_query *q, const ls_point *p,
                           const ls_point *prev)
{
    int64_t dx, dy;
    int a, b;
    if (!inside(w, h, p->x, p->y))
        return LS_STEP_OUT_OF_BOUNDS;
    if (at(cells, w, p->x, p->y) == 0)
        return LS_STEP_BLOCKED;
    if (!prev)
        return LS_STEP_LEGAL;
    dx = (int64_t)p->x - prev->x;
    dy = (int64_t)p->y - prev->y;
    if ((dx == 0 && dy == 0) || dx < -1 || dx > 1 || dy < -1 || dy > 1 ||
        (q->connectivity == LS_CONNECT_4 && dx != 0 && dy != 0))
        return LS_STEP_NOT_A_MOVE;
    if (dx == 0 || dy == 0)
        return LS_STEP_LEGAL;
    /* A diagonal passes (x+dx, y) and (x, y+dy); prev is inside. */
    a = at(cells, w, prev->x + dx, prev->y) != 0;
    b = at(cells, w, prev->x, prev->y + dy) != 0;
    if (q->corner_rule == LS_CORNERS_NONE && !(a && b))
        return LS_STEP_CORNER;
    if (q->corner_rule == LS_CORNERS_ONE && !(a || b))
        return LS_STEP_CORNER;
    return LS_STEP_LEGAL;
}

ls_status model_path_check(const uint8_t *cells, int32_t w, int32_t h,
                           const ls_query *q, const ls_point *points,
                           uint32_t n, int32_t planned, ls_path_check *out)
{
    uint64_t cost = 0;
    uint32_t i;

    if (q->connectivity != LS_CONNECT_4 && q->connectivity != LS_CONNECT_8)
        return LS_ERR_BAD_OPTION;
    if (q->corner_rule != LS_CORNERS_NONE && q->corner_rule != LS_CORNERS_ONE &&
        q->corner_rule != LS_CORNERS_ALL)
        return LS_ERR_BAD_OPTION;
    if (q->straight_cost < 1 || q->straight_cost > LS_MAX_STEP_COST ||
        q->diagonal_cost < q->straight_cost ||
        q->diagonal_cost > 2u * q->straight_cost)
        return LS_ERR_BAD_STEP_COST;
    for (i = 0; i < n; i++) {
        const ls_point *p = &points[i];
        int32_t why = step_reason(cells, w, h, q, p, i ? &points[i - 1] : NULL);
        if (why != LS_STEP_LEGAL) {
            out->first_illegal = i;
            out->reason = why;
            out->cost = -1;
            out->cost_changed = planned != -1;
            return LS_OK;
        }
        if (i > 0) {
            int diagonal = p->x != points[i - 1].x && p->y != points[i - 1].y;
            cost += (uint64_t)(diagonal ? q->diagonal_cost : q->straight_cost) *
                    at(cells, w, p->x, p->y);
            if (cost > LS_COST_MAX)
                return LS_ERR_COST_OVERFLOW;
        }
    }
    out->first_illegal = n;
    out->reason = LS_STEP_LEGAL;
    out->cost = (int32_t)cost;
    out->cost_changed = (int32_t)cost != planned;
    return LS_OK;
}

/* ------------------------------------------------------------------------
 * The queue's budget rule
 * --------------------------------------------------------------------- */

static void finish(sg_request *r, ls_status st, uint32_t pool,
                   uint32_t *pool_used)
{
    r->state = SG_DONE;
    r->finished_now = 1;
    r->status = st;
    r->kept = 0;
    if (st == LS_OK) {
        if (r->result.path_length <= pool - *pool_used) {
            r->kept = r->result.path_length;
            *pool_used += r->kept;
        } else {
            r->status = LS_ERR_POOL_FULL;
        }
    }
}

void model_tick(sg_request *req, uint32_t n, uint32_t budget, int restart,
                uint32_t pool, uint32_t *pool_used,
                void (*begin)(void *ctx, sg_request *r), void *ctx)
{
    uint32_t left = budget, i;

    for (i = 0; i < n; i++) {
        req[i].finished_now = 0;
        if (restart && req[i].state == SG_RUNNING)
            req[i].state = SG_WAITING;
    }
    /* The oldest unfinished request is served while budget remains. */
    for (i = 0; i < n && (budget == 0 || left > 0); i++) {
        sg_request *r = &req[i];
        uint32_t need;
        if (r->state == SG_DONE)
            continue;
        if (r->state == SG_WAITING) {
            begin(ctx, r);
            /* An error ls_find_path gives before any expansion is the
             * begin's: the request finishes at once, costing nothing. */
            if (r->run_status < 0) {
                finish(r, r->run_status, pool, pool_used);
                continue;
            }
            r->state = SG_RUNNING;
            r->given = 0;
        }
        need = r->result.expansions - r->given;
        if (budget == 0 || left >= need) {
            if (budget != 0)
                left -= need;
            r->given = r->result.expansions;
            finish(r, r->run_status, pool, pool_used);
            continue;
        }
        r->given += left;
        left = 0;
    }
}
