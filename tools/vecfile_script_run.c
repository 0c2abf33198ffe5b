/* SPDX-License-Identifier: MIT */
/*
 * vecfile_script_run.c - checking a script (format version 2) against the
 * library (vecfile.h): its lines are run by the one interpreter of the
 * script language, the self-test's (src/selftest_interp.h), on the
 * script's own copy of its map; this file gives it the lines, memory and
 * batches, and turns what it observes into reports. Each difference is
 * one report line, "name:LINE: script ID (what): field: expected X, got
 * Y", LINE being the line of the script that differs; the script goes on
 * after a difference (later lines may then differ too). Batches also run
 * again on one worker, which must give the same bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vecfile_impl.h"
#include "../src/selftest_interp.h"

typedef struct srun {
    const vf_script *s;
    const char *name;
    vf_report *rep;
    uint32_t bad;            /* differences so far */
    int32_t w, h;
    vf_batch_cache *batches; /* where batch lines find their batches */
    uint32_t at;             /* the line being run (its records follow) */
    ls_status *one_statuses; /* a batch again on one worker */
    ls_result *one_results;
    ls_point *one_points;
} srun;

static void sreport(srun *r, uint32_t line, const char *what,
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
            r->name, vf_fmt_u64(num, line), r->s->id, what, field, expected,
            got);
}

/* "KEY ID" for the lines that name a request, else "KEY". */
static const char *what_of(char buf[48], const char *key, const ls__sop *op)
{
    static const char *const with_id[] = { "submit", "cancel", "release",
                                           "finished", "check" };
    char num[24];
    size_t i;
    for (i = 0; i < sizeof with_id / sizeof with_id[0]; i++)
        if (strcmp(key, with_id[i]) == 0) {
            snprintf(buf, 48, "%s %s", key, vf_fmt_u64(num, op->id));
            return buf;
        }
    snprintf(buf, 48, "%s", key);
    return buf;
}

static const char *show(char buf[64], int how, int64_t v, int want)
{
    char num[24];
    switch (how) {
    case LS__SEE_HEX: return vf_fmt_hex64(buf, (uint64_t)v);
    case LS__SEE_ID: return vf_fmt_u64(buf, (uint64_t)v);
    case LS__SEE_READABLE: return want ? "readable" : "not readable";
    case LS__SEE_POINT:
        snprintf(buf, 64, "%s,", vf_fmt_i64(num,
                 (int32_t)(uint32_t)((uint64_t)v >> 32)));
        strcat(buf, vf_fmt_i64(num, (int32_t)(uint32_t)(uint64_t)v));
        return buf;
    case LS__SEE_STATUS:
        snprintf(buf, 64, "%s %s", vf_fmt_i64(num, v),
                 vf_status_known((ls_status)v) ? ls_status_name((ls_status)v)
                                               : "(unknown)");
        return buf;
    default: return vf_fmt_i64(buf, v);
    }
}

static void observe(void *ctx, const ls__sop *op, const char *what,
                    const char *field, int how, int64_t want, int64_t got,
                    int shown)
{
    char w[48], a[64], b[64];
    if (!shown || want == got)
        return;
    sreport(ctx, op->line, what_of(w, what, op), field, show(a, how, want, 1),
            show(b, how, got, 0));
}

static void fail(void *ctx, const ls__sop *op, const char *what,
                 const char *field, const char *expected, const char *got)
{
    char w[48];
    sreport(ctx, op->line, what_of(w, what, op), field, expected, got);
}

/* A vector file's line as the interpreter reads it (the kinds are numbered
 * alike). */
static void sop_of(const vf_op *op, ls__sop *out)
{
    memset(out, 0, sizeof *out);
    out->kind = op->kind;
    out->line = op->line;
    out->has_result = vf_op_has_result(op);
    out->query = op->query;
    if (op->kind == VF_OP_OPTIONS)
        out->weight_text = op->weight_text;
    out->capacity = op->capacity;
    out->pool = op->pool;
    out->id = op->id;
    out->sx = op->sx;
    out->sy = op->sy;
    out->gx = op->gx;
    out->gy = op->gy;
    out->budget = op->budget;
    out->pending = op->pending;
    out->x = op->x;
    out->y = op->y;
    out->w = op->w;
    out->h = op->h;
    out->cost = op->cost;
    out->threads = op->threads;
    out->count = op->count;
    out->planned = op->planned;
    out->point_count = op->point_count;
    out->points = op->points;
    out->status = op->status;
    out->result = op->result;
    out->check = op->check;
    out->map_digest = op->map_digest;
    out->world = op->world;
    out->ax = op->ax;
    out->ay = op->ay;
    out->bx = op->bx;
    out->by = op->by;
    out->speed = op->speed;
    out->out_x = op->out_x;
    out->out_y = op->out_y;
    out->length = op->length;
    out->clear = op->clear;
    out->max_cost = op->max_cost;
    out->out_count = op->out_count;
    out->out_points = op->out_points;
    out->state = op->state;
    out->target = op->target;
    out->travelled = op->travelled;
    out->end_status = op->end_status;
    out->slices = op->slices;
    out->expansions = op->expansions;
    out->field_digest = op->field_digest;
    out->field_cost = op->field_cost;
    out->direction = op->direction;
}

/* Record i of the TICK or BATCH being run: the line i + 1 after it. */
static void record(void *ctx, const ls__sop *op, uint32_t i, ls__sop *out)
{
    const srun *r = ctx;
    (void)op;
    sop_of(&r->s->ops[r->at + 1 + i], out);
}

static ls_batch *batch(void *ctx, const ls__sop *op, int32_t width,
                       int32_t height, ls_status *status)
{
    srun *r = ctx;
    return vf_batch_get(r->batches, width, height, op->threads, status);
}

/* The batch's queries again on one worker: the same bytes. */
static void batch_ran(void *ctx, const ls__sop *op, const ls_grid *grid,
                      const ls_query *queries, uint32_t n, uint32_t cap,
                      const ls_status *st, const ls_result *res,
                      const ls_point *pts)
{
    srun *r = ctx;
    ls_status os = LS_OK;
    ls_batch *one = vf_batch_get(r->batches, r->w, r->h, 1, &os);
    uint32_t k;
    int same = 1;
    if (!one || ls_batch_run(one, grid, queries, n, r->one_points, cap,
                             r->one_statuses, r->one_results) != LS_OK) {
        fail(r, op, "batch", "one-worker run", "done", "failed");
        return;
    }
    for (k = 0; k < n && same; k++)
        same = st[k] == r->one_statuses[k] &&
               memcmp(&res[k], &r->one_results[k], sizeof res[k]) == 0 &&
               (st[k] != LS_OK ||
                memcmp(pts + (size_t)k * cap, r->one_points + (size_t)k * cap,
                       res[k].path_length * sizeof *pts) == 0);
    if (!same)
        fail(r, op, "batch", "bytes against one worker", "identical",
             "different");
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

/* What the script's lines need at most: requests held (one per submit),
 * the queries of one batch. */
static void needs(const vf_script *s, uint32_t *held, uint32_t *batch)
{
    uint32_t i;
    *held = *batch = 0;
    for (i = 0; i < s->op_count; i++) {
        if (s->ops[i].kind == VF_OP_SUBMIT)
            ++*held;
        if (s->ops[i].kind == VF_OP_BATCH && s->ops[i].count > *batch)
            *batch = s->ops[i].count;
    }
}

uint32_t vf_check_script(const vf_file *f, const vf_script *s,
                         const ls_grid *map_grid, const char *name,
                         vf_batch_cache *batches, vf_report *rep)
{
    srun r;
    vf_batch_cache own;
    static const ls__script_env env = { observe, fail, record, batch,
                                        batch_ran };
    ls__script_memory mem;
    ls__script in;
    ls__sop first;
    ls_grid *grid;
    uint32_t i, held = 0, most = 0;
    size_t cells = 0;
    int ok;

    memset(&r, 0, sizeof r);
    memset(&own, 0, sizeof own);
    memset(&mem, 0, sizeof mem);
    memset(&in, 0, sizeof in);
    r.batches = batches ? batches : &own;
    r.s = s;
    r.name = name;
    r.rep = rep;
    grid = vf_grid_copy(map_grid, LS_GRID_FULL);
    needs(s, &held, &most);
    if (grid) {
        ls_grid_size(grid, &r.w, &r.h);
        cells = (size_t)r.w * (size_t)r.h;
    }
    /* The script's memory, and the batches' again on one worker. */
    mem.point_capacity = (uint32_t)cells;
    mem.held_capacity = held;
    mem.batch_capacity = most;
    mem.batch_point_capacity = most * cells;
    ok = grid && (mem.points = malloc(cells * sizeof *mem.points + 1u)) &&
         (mem.held = malloc(held * sizeof *mem.held + 1u)) &&
         (mem.unfinished = malloc(held + 1u)) &&
         (mem.batch_queries = malloc(most * sizeof(ls_query) + 1u)) &&
         (mem.batch_statuses = malloc(most * sizeof(ls_status) + 1u)) &&
         (mem.batch_results = malloc(most * sizeof(ls_result) + 1u)) &&
         (mem.batch_points = malloc(most * cells * sizeof(ls_point) + 1u)) &&
         (r.one_statuses = malloc(most * sizeof(ls_status) + 1u)) &&
         (r.one_results = malloc(most * sizeof(ls_result) + 1u)) &&
         (r.one_points = malloc(most * cells * sizeof(ls_point) + 1u));
    if (!ok) {
        sreport(&r, s->line, "script", "grid", "built", "failed");
    } else {
        ls__script_begin(&in, &env, &r, NULL, &mem, grid, &s->query);
        /* The script's own options first: its weight text is checked. */
        memset(&first, 0, sizeof first);
        first.kind = LS__SOP_OPTIONS;
        first.line = s->line;
        first.query = s->query;
        first.weight_text = s->weight_text;
        ls__script_line(&in, &first);
        for (i = 0; i < s->op_count; i++) {
            const vf_op *op = &s->ops[i];
            ls__sop line;
            sop_of(op, &line);
            r.at = i;
            if (op->kind == VF_OP_TICK) {
                line.count = 0;
                while (i + 1 + line.count < s->op_count &&
                       s->ops[i + 1 + line.count].kind == VF_OP_FINISHED)
                    line.count++;
            } else if (op->kind == VF_OP_BATCH &&
                       (uint64_t)i + op->count >= s->op_count) {
                sreport(&r, op->line, "batch", "memory", "enough",
                        "out of memory");
                break;
            }
            ls__script_line(&in, &line);
            if (op->kind == VF_OP_TICK || op->kind == VF_OP_BATCH)
                i += line.count;
        }
    }
    ls__script_end(&in);
    if (r.batches == &own)
        vf_batch_cache_free(&own);
    ls_grid_destroy(grid);
    free(mem.points);
    free(mem.held);
    free(mem.unfinished);
    free(mem.batch_queries);
    free(mem.batch_statuses);
    free(mem.batch_results);
    free(mem.batch_points);
    free(r.one_statuses);
    free(r.one_results);
    free(r.one_points);
    (void)f;
    return r.bad;
}
