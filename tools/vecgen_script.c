/* SPDX-License-Identifier: MIT */
/*
 * vecgen_script.c - building scripts (format version 2) for tools/vecgen:
 * each sg_* call makes one call on the library, works out what it must
 * give apart from the code it pins (the models of tests/oracle/oracle.h
 * for the queue's ticks, the map digest and the path check; ls_find_path,
 * checked by the same oracle, for every search result), dies when the two
 * differ, and records the line (vecgen.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vecgen.h"

/* The query's options only (start and goal 0), as scripts hold them. */
static ls_query options_of(const ls_query *q)
{
    ls_query o = *q;
    o.start_x = o.start_y = o.goal_x = o.goal_y = 0;
    return o;
}

void sg_begin(gen *g, sgen *s, const ls_query *q, const char *weight_text)
{
    vf_script *sc;
    size_t n = (size_t)g->w * (size_t)g->h;

    memset(s, 0, sizeof *s);
    s->g = g;
    sc = vf_add_script(&g->file);
    if (!sc)
        die("out of memory", NULL);
    s->script = g->file.script_count - 1;
    snprintf(sc->id, sizeof sc->id, "%s-%04u", g->stem, (unsigned)s->script);
    sc->map = (uint32_t)g->map;
    g->map_vectors++;
    if (q) {
        sc->query = options_of(q);
        snprintf(sc->weight_text, sizeof sc->weight_text, "%s", weight_text);
    }
    s->query = sc->query;
    memcpy(s->weight_text, sc->weight_text, sizeof s->weight_text);
    s->w = g->w;
    s->h = g->h;
    s->frame.cell_size = 65536; /* frame 0 0 65536 until sg_frame */
    s->cells = malloc(n);
    s->buffer = malloc(n * sizeof *s->buffer);
    if (!s->cells || !s->buffer ||
        ls_grid_create(s->w, s->h, NULL, &s->grid) != LS_OK ||
        ls_search_create(s->w, s->h, NULL, &s->search) != LS_OK)
        die("out of memory", NULL);
    memcpy(s->cells, g->cells, n);
    if (ls_grid_load(s->grid, s->cells, n) != LS_OK)
        die("internal: cannot load a script's grid", NULL);
}

void sg_end(sgen *s)
{
    uint32_t i;
    for (i = 0; i < s->nreq; i++)
        free(s->req[i].path);
    ls_queue_destroy(s->queue);
    ls_grid_destroy(s->grid);
    ls_search_destroy(s->search);
    free(s->cells);
    free(s->buffer);
    memset(s, 0, sizeof *s);
}

uint8_t sg_cell(const sgen *s, int32_t x, int32_t y)
{
    return s->cells[(size_t)y * (size_t)s->w + (size_t)x];
}

int sg_open(sgen *s, int32_t *x, int32_t *y)
{
    uint32_t tries;
    size_t i, n = (size_t)s->w * (size_t)s->h;
    for (tries = 0; tries < 1000; tries++) {
        *x = (int32_t)rnd(s->g, (uint32_t)s->w);
        *y = (int32_t)rnd(s->g, (uint32_t)s->h);
        if (sg_cell(s, *x, *y) != 0)
            return 0;
    }
    for (i = 0; i < n; i++) {
        if (s->cells[i] != 0) {
            *x = (int32_t)(i % (size_t)s->w);
            *y = (int32_t)(i / (size_t)s->w);
            return 0;
        }
    }
    return -1;
}

/* ------------------------------------------------------------------------
 * Options
 * --------------------------------------------------------------------- */

void sg_draw(sgen *s, ls_query *q, char text[VF_WEIGHT_TEXT_MAX])
{
    vf_vector v;
    memset(&v, 0, sizeof v);
    ls_query_init(&v.query);
    strcpy(v.weight_text, "1");
    vec_options(s->g, &v);
    *q = options_of(&v.query);
    memcpy(text, v.weight_text, VF_WEIGHT_TEXT_MAX);
}

/* The options in force before op i: the last options op before it, or
 * the script's own. */
static void options_before(const vf_script *sc, uint32_t i, ls_query *q,
                           char *text)
{
    *q = sc->query;
    memcpy(text, sc->weight_text, VF_WEIGHT_TEXT_MAX);
    while (i > 0) {
        const vf_op *op = &sc->ops[--i];
        if (op->kind == VF_OP_OPTIONS) {
            *q = op->query;
            memcpy(text, op->weight_text, VF_WEIGHT_TEXT_MAX);
            return;
        }
    }
}

/* Option lines before the first operation are the script's own options,
 * and consecutive ones one change (that is how they read back). */
void sg_options(sgen *s, const ls_query *q, const char *weight_text)
{
    ls_query o = options_of(q), prev;
    char text[VF_WEIGHT_TEXT_MAX], prev_text[VF_WEIGHT_TEXT_MAX];
    vf_script *sc = sg_current_script(s);
    vf_op *op;

    snprintf(text, sizeof text, "%s", weight_text);
    s->query = o;
    memcpy(s->weight_text, text, sizeof text);
    if (sc->op_count == 0) {
        sc->query = o;
        memcpy(sc->weight_text, text, sizeof text);
        return;
    }
    op = &sc->ops[sc->op_count - 1];
    if (op->kind != VF_OP_OPTIONS) {
        options_before(sc, sc->op_count, &prev, prev_text);
        if (memcmp(&o, &prev, sizeof o) == 0 && strcmp(text, prev_text) == 0)
            return;
        op = sg_add(s, VF_OP_OPTIONS);
    }
    op->query = o;
    memcpy(op->weight_text, text, sizeof text);
    options_before(sc, sc->op_count - 1, &prev, prev_text);
    if (memcmp(&o, &prev, sizeof o) == 0 && strcmp(text, prev_text) == 0)
        sc->op_count--; /* back to what it was: no line */
}

/* The current query from (sx, sy) to (gx, gy). */
static ls_query query_at(const sgen *s, int32_t sx, int32_t sy, int32_t gx,
                         int32_t gy)
{
    ls_query q = s->query;
    q.start_x = sx;
    q.start_y = sy;
    q.goal_x = gx;
    q.goal_y = gy;
    return q;
}

/* ls_find_path on the script's grid, its found path checked by the
 * oracle (a legal walk whose step costs are the cost; the optimum where
 * the heuristic is admissible and the weight 1). */
static ls_status find(sgen *s, const ls_query *q, ls_result *res)
{
    ls_status st;
    memset(res, 0, sizeof *res);
    st = ls_find_path(s->search, s->grid, q, s->buffer,
                      (uint32_t)s->w * (uint32_t)s->h, res);
    if (st == LS_OK) {
        int64_t walked, best;
        char why[128];
        uint64_t d;
        if (!tu_path_legal(s->grid, q, s->buffer, res->path_length, 1,
                           &walked, why, sizeof why))
            sg_fail(s, "ls_find_path returned an illegal path");
        if (walked != res->cost)
            sg_fail(s, "ls_find_path's steps do not add up to its cost");
        ls_path_digest(s->buffer, res->path_length, &d);
        if (d != res->digest)
            sg_fail(s, "ls_find_path's digest is not its path's");
        if (admissible(q) && q->weight == fix16_one) {
            best = tu_dijkstra_cells(s->cells, s->w, s->h, q);
            if (best != walked)
                sg_fail(s, "plain A* was not optimal");
        }
    }
    if (st == LS_NO_PATH && tu_dijkstra_cells(s->cells, s->w, s->h, q) >= 0)
        sg_fail(s, "LS_NO_PATH, but Dijkstra reaches the goal");
    if (st == LS_ERR_BUFFER_TOO_SMALL || st == LS_IN_PROGRESS)
        sg_fail(s, "an unexpected status from ls_find_path");
    return st;
}

/* ------------------------------------------------------------------------
 * Queue
 * --------------------------------------------------------------------- */

void sg_queue(sgen *s, uint32_t capacity, uint32_t pool)
{
    vf_op *op;
    if (s->queue || capacity > SG_MAX_REQUESTS)
        sg_fail(s, "internal: a second queue, or too large a capacity");
    if (ls_queue_create(s->w, s->h, capacity, pool, NULL, &s->queue) != LS_OK)
        sg_fail(s, "ls_queue_create failed");
    s->capacity = capacity;
    s->pool = pool;
    op = sg_add(s, VF_OP_QUEUE);
    op->capacity = capacity;
    op->pool = pool;
}

sg_request *sg_find(sgen *s, uint64_t id)
{
    uint32_t i;
    for (i = 0; i < s->nreq; i++)
        if (s->req[i].id == id)
            return &s->req[i];
    return NULL;
}

ls_status sg_submit(sgen *s, uint64_t id, int32_t sx, int32_t sy,
                    int32_t gx, int32_t gy)
{
    ls_query q = query_at(s, sx, sy, gx, gy);
    ls_status want, got;
    vf_op *op;

    want = sg_find(s, id) ? LS_ERR_DUPLICATE_ID
           : s->nreq == s->capacity ? LS_ERR_QUEUE_FULL : LS_OK;
    got = ls_queue_submit(s->queue, id, &q);
    if (got != want)
        sg_fail(s, "ls_queue_submit differs from the model");
    if (got == LS_OK) {
        sg_request *r = &s->req[s->nreq++];
        memset(r, 0, sizeof *r);
        r->id = id;
        r->query = q;
        r->rule.state = OR_WAITING;
    }
    op = sg_add(s, VF_OP_SUBMIT);
    op->id = id;
    op->sx = sx;
    op->sy = sy;
    op->gx = gx;
    op->gy = gy;
    op->status = got;
    return got;
}

static ls_status drop(sgen *s, uint64_t id, int release)
{
    sg_request *r = sg_find(s, id);
    ls_status want, got;
    vf_op *op;

    want = !r ? LS_ERR_UNKNOWN_ID
           : release && r->rule.state != OR_DONE ? LS_ERR_NOT_DONE : LS_OK;
    got = release ? ls_queue_release(s->queue, id)
                  : ls_queue_cancel(s->queue, id);
    if (got != want)
        sg_fail(s, release ? "ls_queue_release differs from the model"
                        : "ls_queue_cancel differs from the model");
    if (r && got != LS_ERR_UNKNOWN_ID)
        s->g->events[r->rule.state == OR_WAITING
                         ? (release ? SG_EV_NOT_DONE_WAITING : SG_EV_CANCEL_WAITING)
                     : r->rule.state == OR_RUNNING
                         ? (release ? SG_EV_NOT_DONE_RUNNING : SG_EV_CANCEL_RUNNING)
                         : SG_EV_CANCEL_DONE] += !release || got != LS_OK;
    if (got == LS_OK) {
        s->pool_used -= r->rule.kept;
        free(r->path);
        memmove(r, r + 1, (size_t)(s->req + s->nreq - r - 1) * sizeof *r);
        s->nreq--;
    }
    op = sg_add(s, release ? VF_OP_RELEASE : VF_OP_CANCEL);
    op->id = id;
    op->status = got;
    return got;
}

ls_status sg_cancel(sgen *s, uint64_t id)
{
    return drop(s, id, 0);
}

ls_status sg_release(sgen *s, uint64_t id)
{
    return drop(s, id, 1);
}

/* or_queue_tick's begin: ls_find_path on the grid as it is now (an error
 * it gives is one that ls_search_begin gives, before any expansion). */
static void begin_request(void *ctx, or_request *rule)
{
    sgen *s = ctx;
    sg_request *r = (sg_request *)(void *)rule;
    uint32_t n;
    rule->found = find(s, &r->query, &r->result);
    rule->refused = rule->found < 0;
    rule->expansions = r->result.expansions;
    rule->length = r->result.path_length;
    free(r->path);
    r->path = NULL;
    n = rule->found == LS_OK ? r->result.path_length : 0;
    r->path = sg_copy_points(s->buffer, n);
}

/* The library's finished request against the model's. */
static void compare_finished(sgen *s, const sg_request *r)
{
    ls_status st = LS_IN_PROGRESS, rs;
    ls_result res;
    uint32_t len = 0;

    ls_queue_status(s->queue, r->id, &st);
    if (st != r->rule.status)
        sg_fail(s, "a finished request's status differs from the model");
    rs = ls_queue_result(s->queue, r->id, &res);
    if (r->rule.status == LS_OK || r->rule.status == LS_NO_PATH ||
        r->rule.status == LS_EXPANSION_LIMIT || r->rule.status == LS_ERR_POOL_FULL) {
        if (rs != (r->rule.status == LS_ERR_POOL_FULL ? LS_ERR_POOL_FULL : LS_OK) ||
            res.cost != r->result.cost ||
            res.expansions != r->result.expansions ||
            res.path_length != r->result.path_length ||
            res.digest != r->result.digest)
            sg_fail(s, "a queued result differs from ls_find_path's");
    } else if (rs != r->rule.status) {
        sg_fail(s, "ls_queue_result does not return the request's error");
    }
    rs = ls_queue_path(s->queue, r->id, s->buffer,
                       (uint32_t)s->w * (uint32_t)s->h, &len);
    if (r->rule.kept) {
        if (rs != LS_OK || len != r->rule.kept ||
            memcmp(s->buffer, r->path, len * sizeof *s->buffer) != 0)
            sg_fail(s, "a kept path differs from ls_find_path's");
    } else if (rs != r->rule.status || len != 0) {
        sg_fail(s, "ls_queue_path of a request without a kept path");
    }
}

uint32_t sg_tick(sgen *s, uint32_t budget)
{
    int before[SG_MAX_REQUESTS];
    uint32_t i, pending = 0, got = 0;
    vf_op *op;

    for (i = 0; i < s->nreq; i++) {
        before[i] = s->req[i].rule.state == OR_DONE;
        if (s->restart && s->req[i].rule.state == OR_RUNNING)
            s->g->events[SG_EV_RESTART]++;
    }
    or_queue_tick(s->req, sizeof s->req[0], s->nreq, budget, s->restart,
                  s->pool, &s->pool_used, begin_request, s);
    s->restart = 0;
    if (ls_queue_tick(s->queue, s->grid, budget) != LS_OK)
        sg_fail(s, "ls_queue_tick failed");
    for (i = 0; i < s->nreq; i++)
        if (s->req[i].rule.state != OR_DONE)
            pending++;
    ls_queue_pending(s->queue, &got);
    if (got != pending)
        sg_fail(s, "ls_queue_pending differs from the model");
    op = sg_add(s, VF_OP_TICK);
    op->budget = budget;
    op->pending = pending;
    for (i = 0; i < s->nreq; i++) {
        const sg_request *r = &s->req[i];
        ls_status st = LS_IN_PROGRESS;
        ls_queue_status(s->queue, r->id, &st);
        if (before[i])
            continue;
        if ((st != LS_IN_PROGRESS) != (r->rule.finished_now != 0))
            sg_fail(s, "a request finished in another tick than the model's");
        if (!r->rule.finished_now)
            continue;
        compare_finished(s, r);
        if (r->rule.found >= 0 && r->result.expansions == 0)
            s->g->events[SG_EV_ZERO_EXPANSIONS]++;
        op = sg_add(s, VF_OP_FINISHED);
        op->id = r->id;
        op->status = r->rule.status;
        op->result = r->result;
        op->result.status = 0;
        if (!vf_op_has_result(op))
            memset(&op->result, 0, sizeof op->result);
    }
    return pending;
}

void sg_drain(sgen *s, uint32_t budget, uint32_t max)
{
    uint32_t i;
    for (i = 0; i < max; i++)
        if (sg_tick(s, budget) == 0)
            return;
}

/* ------------------------------------------------------------------------
 * Edits and digests
 * --------------------------------------------------------------------- */

static void compare_digest(sgen *s, uint64_t *digest)
{
    uint64_t d = 0;
    size_t i, n = (size_t)s->w * (size_t)s->h;
    for (i = 0; i < n; i++) {
        uint8_t c = 0;
        ls_grid_get(s->grid, (int32_t)(i % (size_t)s->w),
                    (int32_t)(i / (size_t)s->w), &c);
        if (c != s->cells[i])
            sg_fail(s, "the grid's cells differ from the edits' model");
    }
    ls_grid_digest(s->grid, &d);
    if (d != or_map_digest(s->cells, s->w, s->h))
        sg_fail(s, "ls_grid_digest differs from the digest's definition");
    *digest = d;
}

/* Record an edit line (a set is a 1 x 1 rectangle) with the status the
 * library gave and the map's digest after it, checked; returns got. */
static ls_status edit_line(sgen *s, int32_t kind, int32_t x, int32_t y,
                           int32_t w, int32_t h, uint32_t cost, ls_status got)
{
    vf_op *op = sg_add(s, kind);
    op->x = x;
    op->y = y;
    op->w = w;
    op->h = h;
    op->cost = cost;
    op->status = got;
    compare_digest(s, &op->map_digest);
    return got;
}

ls_status sg_rect(sgen *s, int32_t x, int32_t y, int32_t w, int32_t h,
                  uint32_t cost)
{
    ls_status want = LS_OK, got;
    int64_t i, j;
    int changed = 0;

    if (w < 1 || h < 1)
        want = LS_ERR_BAD_SIZE;
    else if (x < 0 || y < 0 || (int64_t)x + w > s->w || (int64_t)y + h > s->h)
        want = LS_ERR_OUT_OF_BOUNDS;
    got = ls_grid_set_rect(s->grid, x, y, w, h, (uint8_t)cost);
    if (got != want)
        sg_fail(s, "ls_grid_set_rect differs from the model");
    if (got == LS_OK) {
        for (j = y; j < (int64_t)y + h; j++) {
            for (i = x; i < (int64_t)x + w; i++) {
                uint8_t *c = &s->cells[(size_t)j * (size_t)s->w + (size_t)i];
                changed |= *c != cost;
                *c = (uint8_t)cost;
            }
        }
        if (changed)
            s->restart = 1;
        else
            s->g->events[SG_EV_NOOP_EDIT]++;
    }
    return edit_line(s, VF_OP_RECT, x, y, w, h, cost, got);
}

ls_status sg_set(sgen *s, int32_t x, int32_t y, uint32_t cost)
{
    ls_status want = LS_OK, got;

    if (x < 0 || y < 0 || x >= s->w || y >= s->h)
        want = LS_ERR_OUT_OF_BOUNDS;
    got = ls_grid_set(s->grid, x, y, (uint8_t)cost);
    if (got != want)
        sg_fail(s, "ls_grid_set differs from the model");
    if (got == LS_OK) {
        if (sg_cell(s, x, y) == cost)
            s->g->events[SG_EV_NOOP_EDIT]++;
        s->cells[(size_t)y * (size_t)s->w + (size_t)x] = (uint8_t)cost;
        s->restart = 1; /* every ls_grid_set is an edit (revision) */
    }
    return edit_line(s, VF_OP_SET, x, y, 1, 1, cost, got);
}

void sg_digest(sgen *s)
{
    vf_op *op = sg_add(s, VF_OP_DIGEST);
    uint64_t d;
    compare_digest(s, &d);
    op->map_digest = d;
}

/* ------------------------------------------------------------------------
 * Batches
 * --------------------------------------------------------------------- */

void sg_batch(sgen *s, uint32_t threads, uint32_t n,
              const int32_t (*pairs)[4])
{
    uint32_t cap = (uint32_t)s->w * (uint32_t)s->h, i;
    ls_query *qs = malloc(n * sizeof *qs);
    ls_status *st = malloc(n * sizeof *st);
    ls_result *res = malloc(n * sizeof *res);
    ls_point *pts = malloc((size_t)n * cap * sizeof *pts);
    ls_batch *batch = NULL;
    vf_op *op;

    if (!qs || !st || !res || !pts)
        die("out of memory", NULL);
    for (i = 0; i < n; i++)
        qs[i] = query_at(s, pairs[i][0], pairs[i][1], pairs[i][2],
                         pairs[i][3]);
    if (ls_batch_create(s->w, s->h, LS_SEARCH_FULL, threads, NULL, &batch) !=
            LS_OK ||
        ls_batch_run(batch, s->grid, qs, n, pts, cap, st, res) != LS_OK)
        sg_fail(s, "ls_batch_create or ls_batch_run failed");
    ls_batch_destroy(batch);
    op = sg_add(s, VF_OP_BATCH);
    op->threads = threads;
    op->count = n;
    for (i = 0; i < n; i++) {
        ls_result want;
        ls_status ws = find(s, &qs[i], &want);
        if (ws != st[i])
            sg_fail(s, "a batch status differs from ls_find_path's");
        if (ws >= 0 &&
            (want.cost != res[i].cost || want.expansions != res[i].expansions ||
             want.path_length != res[i].path_length ||
             want.digest != res[i].digest ||
             (ws == LS_OK &&
              memcmp(s->buffer, pts + (size_t)i * cap,
                     want.path_length * sizeof *pts) != 0)))
            sg_fail(s, "a batch result differs from ls_find_path's");
        op = sg_add(s, VF_OP_QUERY);
        op->sx = pairs[i][0];
        op->sy = pairs[i][1];
        op->gx = pairs[i][2];
        op->gy = pairs[i][3];
        op->status = st[i];
        if (st[i] >= 0) {
            op->result = res[i];
            op->result.status = 0;
        }
    }
    free(qs);
    free(st);
    free(res);
    free(pts);
}

/* ------------------------------------------------------------------------
 * Path checks
 * --------------------------------------------------------------------- */

static ls_status check_points(sgen *s, vf_op *op, const ls_point *p,
                              uint32_t n, int32_t planned)
{
    ls_path_check want, got;
    ls_status ws, gs;
    memset(&want, 0, sizeof want);
    memset(&got, 0, sizeof got);
    ws = or_path_check(s->cells, s->w, s->h, &s->query, p, n, planned,
                          &want);
    gs = ls_check_path(s->grid, &s->query, p, n, planned, &got);
    if (ws != gs || (gs == LS_OK && memcmp(&want, &got, sizeof want) != 0))
        sg_fail(s, "ls_check_path differs from the walk's model");
    op->status = gs;
    if (gs == LS_OK)
        op->check = got;
    return gs;
}

ls_status sg_check(sgen *s, uint64_t id)
{
    sg_request *r = sg_find(s, id);
    vf_op *op;
    if (!r || r->rule.state != OR_DONE || r->rule.kept == 0)
        sg_fail(s, "internal: check of a request without a kept path");
    op = sg_add(s, VF_OP_CHECK);
    op->id = id;
    return check_points(s, op, r->path, r->rule.kept, r->result.cost);
}

ls_status sg_check_path(sgen *s, int32_t planned, const ls_point *points,
                        uint32_t n)
{
    vf_op *op;
    if (n > VF_CHECK_PATH_MAX)
        sg_fail(s, "internal: too many points for check-path");
    op = sg_add(s, VF_OP_CHECK_PATH);
    op->planned = planned;
    op->point_count = n;
    op->points = sg_copy_points(points, n);
    return check_points(s, op, points, n, planned);
}

/* ------------------------------------------------------------------------
 * What the script families share
 * --------------------------------------------------------------------- */

void sg_map(gen *g, uint32_t k, int32_t w, int32_t h, uint64_t seed)
{
    switch (k % 6) {
    case 0: map_gen(g, MG_RANDOM, w, h, seed, 20, 0, 0, 0); break;
    case 1: map_gen(g, MG_MAZE, w, h, seed, 1 + (uint32_t)(w >= 24), 10, 0, 0);
        break;
    case 2: map_gen(g, MG_ROOMS, w, h, seed, 5, 2, 80, 0); break;
    case 3: map_gen(g, MG_TERRAIN, w, h, seed, 6, 6, 9, 10); break;
    case 4: map_gen(g, MG_EMPTY, w, h, 0, 0, 0, 0, 0); break;
    default: map_gen(g, MG_RANDOM, w, h, seed, 35, 0, 0, 0); break;
    }
}

void sg_pair(sgen *s, int32_t p[4])
{
    if (sg_open(s, &p[0], &p[1]) != 0 || sg_open(s, &p[2], &p[3]) != 0) {
        p[0] = p[1] = p[2] = p[3] = 0;
    }
}

ls_status sg_submit_drawn(sgen *s, uint64_t id, uint32_t limit)
{
    ls_query q;
    char text[VF_WEIGHT_TEXT_MAX];
    int32_t p[4];
    sg_draw(s, &q, text);
    q.max_expansions = limit;
    sg_options(s, &q, text);
    sg_pair(s, p);
    return sg_submit(s, id, p[0], p[1], p[2], p[3]);
}
