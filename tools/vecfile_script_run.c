/* SPDX-License-Identifier: MIT */
/*
 * vecfile_script_run.c - running a script (format version 2) and checking
 * every line against what the library returns (vecfile.h). Each
 * difference is one report line, "name:LINE: script ID (what): field:
 * expected X, got Y", LINE being the line of the script that differs; the
 * script goes on after a difference (later lines may then differ too).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vecfile_impl.h"

/* A request the script's queue holds, in submission order. */
typedef struct held {
    uint64_t id;
    int finished;
} held;

typedef struct srun {
    const vf_file *f;
    const vf_script *s;
    const char *name;
    vf_report *rep;
    ls_grid *grid;           /* the script's own copy of its map */
    int32_t w, h;
    ls_queue *queue;
    ls_query query;          /* the current query */
    ls_point *buffer;        /* w * h points */
    held *held;
    uint32_t held_count, held_capacity;
    vf_batch_cache *batches; /* where batch lines find their batches */
    uint32_t bad;            /* differences so far */
    ls_world frame;          /* the current frame (frame lines) */
    ls_agent agent;          /* the script's agent (all zero at first) */
    ls_point route[VF_CHECK_PATH_MAX]; /* its waypoints (route lines) */
} srun;

enum { SHOW_I64, SHOW_HEX, SHOW_STATUS };

static void sreport(srun *r, const vf_op *op, const char *what,
                    const char *field, const char *expected, const char *got)
{
    vf_report *rep = r->rep;
    char num[24];
    r->bad++;
    rep->mismatches++;
    if (!rep->out || (rep->print_limit && rep->printed >= rep->print_limit))
        return;
    rep->printed++;
    fprintf(rep->out, "%s:%s: script %s (%s): %s: expected %s, got %s\n",
            r->name, vf_fmt_u64(num, op ? op->line : r->s->line), r->s->id,
            what, field, expected, got);
}

static const char *show(char buf[64], int how, int64_t v)
{
    char num[24];
    switch (how) {
    case SHOW_HEX: return vf_fmt_hex64(buf, (uint64_t)v);
    case SHOW_STATUS:
        snprintf(buf, 64, "%s %s", vf_fmt_i64(num, v),
                 vf_status_known((ls_status)v) ? ls_status_name((ls_status)v)
                                               : "(unknown)");
        return buf;
    default: return vf_fmt_i64(buf, v);
    }
}

static void cmp(srun *r, const vf_op *op, const char *what,
                const char *field, int how, int64_t want, int64_t got)
{
    char a[64], b[64];
    if (want != got)
        sreport(r, op, what, field, show(a, how, want), show(b, how, got));
}

static void cmp_hex(srun *r, const vf_op *op, const char *what,
                    const char *field, uint64_t want, uint64_t got)
{
    char a[24], b[24];
    if (want != got)
        sreport(r, op, what, field, vf_fmt_hex64(a, want),
                vf_fmt_hex64(b, got));
}

/* "KEY ID" or "KEY" for the report's parenthesis. */
static const char *what_of(char buf[48], const char *key, const vf_op *op,
                           int with_id)
{
    char num[24];
    if (with_id)
        snprintf(buf, 48, "%s %s", key, vf_fmt_u64(num, op->id));
    else
        snprintf(buf, 48, "%s", key);
    return buf;
}

static void cmp_result(srun *r, const vf_op *op, const char *what,
                       const ls_result *got)
{
    cmp(r, op, what, "cost", SHOW_I64, op->result.cost, got->cost);
    cmp(r, op, what, "expansions", SHOW_I64, op->result.expansions,
        got->expansions);
    cmp(r, op, what, "length", SHOW_I64, op->result.path_length,
        got->path_length);
    cmp_hex(r, op, what, "digest", op->result.digest, got->digest);
}

static void cmp_check(srun *r, const vf_op *op, const char *what,
                      ls_status st, const ls_path_check *got)
{
    cmp(r, op, what, "status", SHOW_STATUS, op->status, st);
    if (st != LS_OK || !vf_op_has_result(op))
        return;
    cmp(r, op, what, "first", SHOW_I64, op->check.first_illegal,
        got->first_illegal);
    cmp(r, op, what, "reason", SHOW_I64, op->check.reason, got->reason);
    cmp(r, op, what, "cost", SHOW_I64, op->check.cost, got->cost);
    cmp(r, op, what, "changed", SHOW_I64, op->check.cost_changed,
        got->cost_changed);
}

static int held_add(srun *r, uint64_t id)
{
    if (vf_grow((void **)&r->held, &r->held_capacity, r->held_count,
                sizeof *r->held) != 0)
        return -1;
    r->held[r->held_count].id = id;
    r->held[r->held_count++].finished = 0;
    return 0;
}

static void held_drop(srun *r, uint64_t id)
{
    uint32_t i;
    for (i = 0; i < r->held_count; i++) {
        if (r->held[i].id == id) {
            memmove(&r->held[i], &r->held[i + 1],
                    (r->held_count - i - 1) * sizeof *r->held);
            r->held_count--;
            return;
        }
    }
}

/* The tick at ops[i] and the finished lines after it; the index of the
 * last of them. */
static uint32_t run_tick(srun *r, uint32_t i)
{
    const vf_script *s = r->s;
    const vf_op *op = &s->ops[i];
    ls_status st = ls_queue_tick(r->queue, r->grid, op->budget);
    uint32_t pending = 0, k, next = i + 1, done = 0, want = 0;
    char a[24], b[24];

    cmp(r, op, "tick", "status", SHOW_STATUS, LS_OK, st);
    ls_queue_pending(r->queue, &pending);
    cmp(r, op, "tick", "pending", SHOW_I64, op->pending, pending);
    while (next + want < s->op_count &&
           s->ops[next + want].kind == VF_OP_FINISHED)
        want++;
    for (k = 0; k < r->held_count; k++) {
        held *h = &r->held[k];
        ls_status qs = LS_IN_PROGRESS;
        const vf_op *fo;
        char what[48];
        if (h->finished)
            continue;
        ls_queue_status(r->queue, h->id, &qs);
        if (qs == LS_IN_PROGRESS)
            continue;
        h->finished = 1;
        if (done >= want) {
            done++;
            continue;
        }
        fo = &s->ops[next + done++];
        what_of(what, "finished", fo, 1);
        if (fo->id != h->id) {
            sreport(r, fo, what, "id (submission order)",
                    vf_fmt_u64(a, fo->id), vf_fmt_u64(b, h->id));
            continue;
        }
        cmp(r, fo, what, "status", SHOW_STATUS, fo->status, qs);
        if (vf_op_has_result(fo) && qs == fo->status) {
            ls_result res;
            ls_status rs = ls_queue_result(r->queue, h->id, &res);
            cmp(r, fo, what, "result call", SHOW_STATUS,
                fo->status == LS_ERR_POOL_FULL ? LS_ERR_POOL_FULL : LS_OK, rs);
            if (rs == LS_OK || rs == LS_ERR_POOL_FULL)
                cmp_result(r, fo, what, &res);
            if (fo->status == LS_OK) {
                uint32_t len = 0;
                uint64_t d = 0;
                ls_status ps = ls_queue_path(r->queue, h->id, r->buffer,
                                             (uint32_t)r->w * (uint32_t)r->h,
                                             &len);
                cmp(r, fo, what, "path call", SHOW_STATUS, LS_OK, ps);
                ls_path_digest(r->buffer, ps == LS_OK ? len : 0, &d);
                cmp_hex(r, fo, what, "digest of the kept path",
                        fo->result.digest, d);
            }
        }
    }
    cmp(r, op, "tick", "requests finished in it", SHOW_I64, want, done);
    return i + want;
}

/* The batch at ops[i] and its query lines; the index of the last. */
static uint32_t run_batch(srun *r, uint32_t i)
{
    const vf_script *s = r->s;
    const vf_op *op = &s->ops[i];
    uint32_t n = op->count, k, cap = (uint32_t)r->w * (uint32_t)r->h;
    ls_query *qs = malloc(n * sizeof *qs);
    ls_status *st = malloc(2u * n * sizeof *st);
    ls_result *res = malloc(2u * n * sizeof *res);
    ls_point *pts = malloc(2u * (size_t)n * cap * sizeof *pts);
    ls_status cs = LS_OK, os = LS_OK;
    ls_batch *batch, *one;
    int same = 1;

    if (!qs || !st || !res || !pts || i + n >= s->op_count) {
        sreport(r, op, "batch", "memory", "enough", "out of memory");
        goto done;
    }
    for (k = 0; k < n; k++) {
        const vf_op *qo = &s->ops[i + 1 + k];
        qs[k] = r->query;
        qs[k].start_x = qo->sx;
        qs[k].start_y = qo->sy;
        qs[k].goal_x = qo->gx;
        qs[k].goal_y = qo->gy;
    }
    batch = vf_batch_get(r->batches, r->w, r->h, op->threads, &cs);
    cmp(r, op, "batch", "create", SHOW_STATUS, LS_OK, cs);
    if (cs == LS_OK) {
        cs = ls_batch_run(batch, r->grid, qs, n, pts, cap, st, res);
        cmp(r, op, "batch", "run", SHOW_STATUS, LS_OK, cs);
    }
    one = cs == LS_OK ? vf_batch_get(r->batches, r->w, r->h, 1, &os) : NULL;
    if (one &&
        ls_batch_run(one, r->grid, qs, n, pts + (size_t)n * cap, cap,
                     st + n, res + n) == LS_OK) {
        for (k = 0; k < n && same; k++)
            same = st[k] == st[n + k] &&
                   memcmp(&res[k], &res[n + k], sizeof res[k]) == 0 &&
                   (st[k] != LS_OK ||
                    memcmp(pts + (size_t)k * cap, pts + (size_t)(n + k) * cap,
                           res[k].path_length * sizeof *pts) == 0);
        if (!same)
            sreport(r, op, "batch", "bytes against one worker", "identical",
                    "different");
    } else if (cs == LS_OK) {
        sreport(r, op, "batch", "one-worker run", "done", "failed");
    }
    for (k = 0; cs == LS_OK && k < n; k++) {
        const vf_op *qo = &s->ops[i + 1 + k];
        uint64_t d = 0;
        cmp(r, qo, "query", "status", SHOW_STATUS, qo->status, st[k]);
        if (!vf_op_has_result(qo) || st[k] < 0)
            continue;
        cmp_result(r, qo, "query", &res[k]);
        ls_path_digest(pts + (size_t)k * cap,
                       st[k] == LS_OK ? res[k].path_length : 0, &d);
        cmp_hex(r, qo, "query", "digest of the points", qo->result.digest, d);
    }
done:
    free(qs);
    free(st);
    free(res);
    free(pts);
    return i + n;
}

/* The weight's text must parse to its raw value (the file's own
 * consistency, as for vectors). */
static void check_weight(srun *r, const vf_op *op, const ls_query *q,
                         const char *text)
{
    fix16_t w = 0;
    if (ls_fix16_parse(text, &w) != LS_OK)
        sreport(r, op, "file", "weight text", "parsable", "unparsable");
    else
        cmp(r, op, "file", "weight text parsed", SHOW_I64, q->weight, w);
}

/* A point list against the expected one. */
static void cmp_points(srun *r, const vf_op *op, const char *what,
                       const ls_point *got, uint32_t n)
{
    uint32_t i;
    char field[32], num[24], a[56], b[56];
    for (i = 0; i < n && i < op->out_count; i++) {
        if (got[i].x == op->out_points[i].x &&
            got[i].y == op->out_points[i].y)
            continue;
        snprintf(field, sizeof field, "point %s", vf_fmt_u64(num, i));
        snprintf(a, sizeof a, "%s,", vf_fmt_i64(num, op->out_points[i].x));
        strcat(a, vf_fmt_i64(num, op->out_points[i].y));
        snprintf(b, sizeof b, "%s,", vf_fmt_i64(num, got[i].x));
        strcat(b, vf_fmt_i64(num, got[i].y));
        sreport(r, op, what, field, a, b);
        return;
    }
}

/* ls_line_cells, or ls_smooth_path into a buffer of capacity and again in
 * place: both must give the same. */
static void run_list_call(srun *r, const vf_op *op, const char *what)
{
    ls_point out[VF_CHECK_PATH_MAX], in_place[VF_CHECK_PATH_MAX];
    ls_point in[VF_CHECK_PATH_MAX];
    uint32_t n = 0, n2 = 0;
    ls_status st, st2 = LS_OK;
    if (op->kind == VF_OP_LINE) {
        st = ls_line_cells(op->ax, op->ay, op->bx, op->by,
                           op->capacity ? out : NULL, op->capacity, &n);
    } else {
        /* The points in an array, never NULL (COUNT 0 too). */
        if (op->point_count > 0)
            memcpy(in, op->points, op->point_count * sizeof *in);
        st = ls_smooth_path(r->grid, in, op->point_count,
                            op->capacity ? out : NULL, op->capacity, &n);
        if (op->point_count > 0 && op->capacity >= op->point_count) {
            memcpy(in_place, op->points,
                   op->point_count * sizeof *op->points);
            st2 = ls_smooth_path(r->grid, in_place, op->point_count,
                                 in_place, op->capacity, &n2);
            if (st2 != st || n2 != n ||
                (st == LS_OK && memcmp(in_place, out, n * sizeof *out) != 0))
                sreport(r, op, what, "in place", "the same", "different");
        }
    }
    cmp(r, op, what, "status", SHOW_STATUS, op->status, st);
    if (st != op->status || !vf_op_has_result(op))
        return;
    cmp(r, op, what, "count", SHOW_I64, op->out_count, n);
    if (st == LS_OK)
        cmp_points(r, op, what, out, n);
}

static void cmp_agent(srun *r, const vf_op *op, const char *what,
                      ls_status st, const ls_agent *before)
{
    const ls_agent *a = &r->agent;
    cmp(r, op, what, "status", SHOW_STATUS, op->status, st);
    if (st != LS_OK && memcmp(before, a, sizeof *a) != 0)
        sreport(r, op, what, "agent after an error", "untouched", "changed");
    if (st != op->status || !vf_op_has_result(op))
        return;
    if (op->kind == VF_OP_STEP) {
        cmp(r, op, what, "x", SHOW_I64, op->out_x, a->x);
        cmp(r, op, what, "y", SHOW_I64, op->out_y, a->y);
    }
    cmp(r, op, what, "state", SHOW_I64, op->state, a->state);
    cmp(r, op, what, "target", SHOW_I64, op->target, a->target);
    if (op->kind == VF_OP_STEP)
        cmp(r, op, what, "travelled", SHOW_I64, op->travelled, a->travelled);
}

/* The geometry lines (vectors/README.md, "Geometry lines"). */
static void run_geo(srun *r, const vf_op *op)
{
    static const char *const keys[] = {
        "frame", "world-cell", "to-cell", "centre", "distance", "segment",
        "path-length", "line", "sight", "smooth", "agent", "speed", "route",
        "step"
    };
    const char *what = keys[op->kind - VF_OP_FRAME];
    ls_point c = { 0, 0 }, in[VF_CHECK_PATH_MAX];
    fix16_t x = 0, y = 0, len = 0;
    int32_t clear = 0;
    uint8_t mc = 0;
    ls_status st, st2;
    ls_agent before = r->agent;

    switch (op->kind) {
    case VF_OP_FRAME:
        r->frame = op->world;
        return;
    case VF_OP_SPEED:
        r->agent.speed = op->speed;
        return;
    case VF_OP_WORLD_CELL:
    case VF_OP_TO_CELL:
        st = op->kind == VF_OP_WORLD_CELL
                 ? ls_world_cell(&r->frame, op->ax, op->ay, &c)
                 : ls_world_to_cell(&r->frame, r->grid, op->ax, op->ay, &c);
        x = c.x;
        y = c.y;
        break;
    case VF_OP_CENTRE:
        st = ls_world_cell_center(&r->frame, op->ax, op->ay, &x, &y);
        break;
    case VF_OP_DISTANCE:
        st = ls_world_distance(op->ax, op->ay, op->bx, op->by, &len);
        break;
    case VF_OP_SEGMENT:
        st = ls_world_segment_length(&r->frame, op->ax, op->ay, op->bx,
                                     op->by, &len);
        break;
    case VF_OP_PATH_LENGTH:
    case VF_OP_ROUTE:
        /* The points in an array, never NULL (COUNT 0 too). */
        if (op->point_count > 0)
            memcpy(in, op->points, op->point_count * sizeof *in);
        if (op->kind == VF_OP_ROUTE) {
            st = ls_agent_follow(&r->agent, in, op->point_count);
            if (op->status == LS_OK && op->point_count > 0)
                memcpy(r->route, in, op->point_count * sizeof *in);
            cmp_agent(r, op, what, st, &before);
            return;
        }
        st = ls_world_path_length(&r->frame, in, op->point_count, &len);
        break;
    case VF_OP_SIGHT:
        st = ls_line_of_sight(r->grid, op->ax, op->ay, op->bx, op->by,
                              &clear);
        st2 = ls_line_cost(r->grid, op->ax, op->ay, op->bx, op->by, &mc);
        cmp(r, op, what, "status of ls_line_cost", SHOW_STATUS, st, st2);
        if (st == LS_OK && st2 == LS_OK && (clear != 0) != (mc != 0))
            sreport(r, op, what, "clear against cost", "agreeing",
                    "disagreeing");
        break;
    case VF_OP_LINE:
    case VF_OP_SMOOTH:
        run_list_call(r, op, what);
        return;
    case VF_OP_AGENT:
        st = ls_agent_init(&r->agent, &r->frame, op->ax, op->ay, op->speed);
        cmp(r, op, what, "status", SHOW_STATUS, op->status, st);
        return;
    default: /* VF_OP_STEP */
        st = ls_agent_step(&r->agent, r->route, op->count);
        cmp_agent(r, op, what, st, &before);
        return;
    }
    cmp(r, op, what, "status", SHOW_STATUS, op->status, st);
    if (st != op->status || !vf_op_has_result(op))
        return;
    switch (op->kind) {
    case VF_OP_DISTANCE:
    case VF_OP_SEGMENT:
    case VF_OP_PATH_LENGTH:
        cmp(r, op, what, "length", SHOW_I64, op->length, len);
        break;
    case VF_OP_SIGHT:
        cmp(r, op, what, "clear", SHOW_I64, op->clear, clear);
        cmp(r, op, what, "cost", SHOW_I64, op->max_cost, mc);
        break;
    default:
        cmp(r, op, what, "x", SHOW_I64, op->out_x, x);
        cmp(r, op, what, "y", SHOW_I64, op->out_y, y);
        break;
    }
}

static void run_op(srun *r, const vf_op *op)
{
    char what[48];
    ls_status st;
    uint64_t d = 0;
    ls_path_check pc;
    ls_query q;

    switch (op->kind) {
    case VF_OP_OPTIONS:
        r->query = op->query;
        check_weight(r, op, &op->query, op->weight_text);
        break;
    case VF_OP_QUEUE:
        st = ls_queue_create(r->w, r->h, op->capacity, op->pool, NULL,
                             &r->queue);
        cmp(r, op, "queue", "create", SHOW_STATUS, LS_OK, st);
        break;
    case VF_OP_SUBMIT:
        q = r->query;
        q.start_x = op->sx;
        q.start_y = op->sy;
        q.goal_x = op->gx;
        q.goal_y = op->gy;
        st = ls_queue_submit(r->queue, op->id, &q);
        cmp(r, op, what_of(what, "submit", op, 1), "status", SHOW_STATUS,
            op->status, st);
        if (st == LS_OK && held_add(r, op->id) != 0)
            sreport(r, op, what, "memory", "enough", "out of memory");
        break;
    case VF_OP_CANCEL:
    case VF_OP_RELEASE:
        st = op->kind == VF_OP_CANCEL ? ls_queue_cancel(r->queue, op->id)
                                      : ls_queue_release(r->queue, op->id);
        cmp(r, op, what_of(what, op->kind == VF_OP_CANCEL ? "cancel"
                                                          : "release", op, 1),
            "status", SHOW_STATUS, op->status, st);
        if (st == LS_OK)
            held_drop(r, op->id);
        break;
    case VF_OP_SET:
    case VF_OP_RECT:
        st = op->kind == VF_OP_SET
                 ? ls_grid_set(r->grid, op->x, op->y, (uint8_t)op->cost)
                 : ls_grid_set_rect(r->grid, op->x, op->y, op->w, op->h,
                                    (uint8_t)op->cost);
        what_of(what, op->kind == VF_OP_SET ? "set" : "rect", op, 0);
        cmp(r, op, what, "status", SHOW_STATUS, op->status, st);
        ls_grid_digest(r->grid, &d);
        cmp_hex(r, op, what, "map digest", op->map_digest, d);
        break;
    case VF_OP_DIGEST:
        ls_grid_digest(r->grid, &d);
        cmp_hex(r, op, "digest", "map digest", op->map_digest, d);
        break;
    case VF_OP_CHECK: {
        uint32_t len = 0;
        ls_result res;
        what_of(what, "check", op, 1);
        st = ls_queue_path(r->queue, op->id, r->buffer,
                           (uint32_t)r->w * (uint32_t)r->h, &len);
        if (st != LS_OK || ls_queue_result(r->queue, op->id, &res) != LS_OK) {
            cmp(r, op, what, "kept path", SHOW_STATUS, LS_OK, st);
            if (st == LS_OK)
                sreport(r, op, what, "result", "readable", "not readable");
            break;
        }
        memset(&pc, 0, sizeof pc);
        st = ls_check_path(r->grid, &r->query, r->buffer, len, res.cost, &pc);
        cmp_check(r, op, what, st, &pc);
        break;
    }
    case VF_OP_CHECK_PATH:
        memset(&pc, 0, sizeof pc);
        st = ls_check_path(r->grid, &r->query, op->points, op->point_count,
                           op->planned, &pc);
        cmp_check(r, op, "check-path", st, &pc);
        break;
    default:
        if (op->kind >= VF_OP_FRAME && op->kind <= VF_OP_STEP) {
            run_geo(r, op);
            break;
        }
        sreport(r, op, "script", "line", "an operation", "a stray line");
        break;
    }
}

ls_batch *vf_batch_get(vf_batch_cache *c, int32_t width, int32_t height,
                       uint32_t threads, ls_status *status)
{
    uint32_t i, oldest = 0;
    ls_batch *b = NULL;
    c->clock++;
    for (i = 0; i < c->used; i++) {
        if (c->width[i] == width && c->height[i] == height &&
            ls_batch_threads(c->batch[i]) == threads) {
            c->used_at[i] = c->clock;
            *status = LS_OK;
            return c->batch[i];
        }
        if (c->used_at[i] < c->used_at[oldest])
            oldest = i;
    }
    *status = ls_batch_create(width, height, LS_SEARCH_FULL, threads, NULL,
                              &b);
    if (*status != LS_OK)
        return NULL;
    if (c->used < VF_BATCH_CACHE) {
        i = c->used++;
    } else {
        i = oldest;
        ls_batch_destroy(c->batch[i]);
    }
    c->batch[i] = b;
    c->width[i] = width;
    c->height[i] = height;
    c->used_at[i] = c->clock;
    return b;
}

void vf_batch_cache_free(vf_batch_cache *c)
{
    uint32_t i;
    for (i = 0; i < c->used; i++)
        ls_batch_destroy(c->batch[i]);
    memset(c, 0, sizeof *c);
}

uint32_t vf_check_script(const vf_file *f, const vf_script *s,
                         const ls_grid *map_grid, const char *name,
                         vf_batch_cache *batches, vf_report *rep)
{
    srun r;
    vf_batch_cache own;
    uint32_t i;

    memset(&r, 0, sizeof r);
    memset(&own, 0, sizeof own);
    r.batches = batches ? batches : &own;
    r.f = f;
    r.s = s;
    r.name = name;
    r.rep = rep;
    r.query = s->query;
    r.frame.cell_size = 65536; /* frame 0 0 65536 until a frame line */
    check_weight(&r, NULL, &s->query, s->weight_text);
    r.grid = vf_grid_copy(map_grid, LS_GRID_FULL);
    if (r.grid)
        ls_grid_size(r.grid, &r.w, &r.h);
    r.buffer = malloc((size_t)r.w * (size_t)r.h * sizeof *r.buffer + 1u);
    if (!r.grid || !r.buffer) {
        sreport(&r, NULL, "script", "grid", "built", "failed");
    } else {
        for (i = 0; i < s->op_count; i++) {
            const vf_op *op = &s->ops[i];
            if (op->kind == VF_OP_TICK)
                i = run_tick(&r, i);
            else if (op->kind == VF_OP_BATCH)
                i = run_batch(&r, i);
            else
                run_op(&r, op);
        }
    }
    ls_queue_destroy(r.queue);
    if (r.batches == &own)
        vf_batch_cache_free(&own);
    ls_grid_destroy(r.grid);
    free(r.buffer);
    free(r.held);
    (void)f;
    return r.bad;
}
