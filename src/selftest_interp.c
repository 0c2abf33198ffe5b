/* SPDX-License-Identifier: MIT */
/*
 * selftest_interp.c - the one interpreter of the vector script language
 * (selftest_interp.h): the path queue, batches, map edits with their map
 * digests, path checks, the geometry lines and flow fields, each line's
 * call made and every observed value handed to the caller with its golden
 * value.
 *
 * What each line observes, in order (the self-test folds these values,
 * tools/selftestgen folds the golden ones in the same order):
 *   QUEUE the create status; SUBMIT, CANCEL, RELEASE the status;
 *   TICK the tick's status, the pending count, then for each request that
 *   finished in the tick, in submission order, its id and ls_queue_status
 *   and, when that status carries a result (LS_OK, LS_NO_PATH,
 *   LS_EXPANSION_LIMIT, LS_ERR_POOL_FULL), ls_queue_result's status, cost,
 *   expansions, length and digest, and for LS_OK ls_queue_path's status
 *   and the kept points' digest; then how many finished;
 *   SET and RECT the status and the map digest; DIGEST the map digest;
 *   BATCH the batch's create status and, once made, the run status and per
 *   query its status and, when >= 0, cost, expansions, length, digest and
 *   the digest of its points;
 *   CHECK the status of ls_queue_path, then of ls_queue_result, then of
 *   ls_check_path (each only after the one before returned LS_OK), and
 *   after LS_OK the check's first illegal point, reason, cost and changed
 *   flag; CHECK_PATH the same from ls_check_path on;
 *   the geometry lines (the host's alone) their status and values;
 *   FLOW the create status; FLOW_BEGIN and FLOW_REFRESH the call's status
 *   and, after LS_OK (for a refresh LS_IN_PROGRESS), the field run's
 *   end status, its ls_flow_step calls, ls_flow_expansions and, when the
 *   end is LS_OK, the field digest; FLOW_CELL ls_flow_cost's status and,
 *   after LS_OK, the cost and the direction.
 */
#include <string.h>
#include "digest.h"
#include "selftest_interp.h"

static void see(ls__script *s, const ls__sop *op, const char *what,
                const char *field, int how, int64_t want, int64_t got,
                int shown)
{
    s->env->observe(s->ctx, op, what, field, how, want, got, shown);
}

static void fail(ls__script *s, const ls__sop *op, const char *what,
                 const char *field, const char *expected, const char *got)
{
    s->env->fail(s->ctx, op, what, field, expected, got);
}

static int has_result(ls_status st)
{
    return st == LS_OK || st == LS_NO_PATH || st == LS_EXPANSION_LIMIT ||
           st == LS_ERR_POOL_FULL;
}

static int same_points(const ls_point *a, const ls_point *b, uint32_t n)
{
    uint32_t i;
    for (i = 0; i < n; i++)
        if (a[i].x != b[i].x || a[i].y != b[i].y)
            return 0;
    return 1;
}

static int64_t packed(ls_point p)
{
    return (int64_t)(((uint64_t)(uint32_t)p.x << 32) | (uint32_t)p.y);
}

/* ---- the queue ----------------------------------------------------------- */

static void held_add(ls__script *s, const ls__sop *op, uint64_t id)
{
    if (s->held_count == s->mem.held_capacity) {
        fail(s, op, "submit", "memory", "enough", "out of memory");
        return;
    }
    s->mem.held[s->held_count] = id;
    s->mem.unfinished[s->held_count++] = 1;
}

static void held_drop(ls__script *s, uint64_t id)
{
    uint32_t i;
    for (i = 0; i < s->held_count; i++) {
        if (s->mem.held[i] == id) {
            memmove(&s->mem.held[i], &s->mem.held[i + 1],
                    (size_t)(s->held_count - i - 1) * sizeof *s->mem.held);
            memmove(&s->mem.unfinished[i], &s->mem.unfinished[i + 1],
                    (size_t)(s->held_count - i - 1));
            s->held_count--;
            return;
        }
    }
}

/* Request id, finished with status qs, against its FINISHED record f. */
static void finished(ls__script *s, const ls__sop *f, uint64_t id,
                     ls_status qs, int shown)
{
    ls_result r;
    ls_status rs, ps;
    uint32_t length = 0;
    uint64_t d = LS_DIGEST_EMPTY;

    see(s, f, "finished", "id (submission order)", LS__SEE_ID,
        (int64_t)f->id, (int64_t)id, shown);
    shown = shown && f->id == id;
    see(s, f, "finished", "status", LS__SEE_STATUS, f->status, qs, shown);
    if (!has_result(qs))
        return;
    shown = shown && f->has_result && qs == f->status;
    memset(&r, 0, sizeof r);
    rs = ls_queue_result(s->queue, id, &r);
    see(s, f, "finished", "result call", LS__SEE_STATUS,
        qs == LS_ERR_POOL_FULL ? LS_ERR_POOL_FULL : LS_OK, rs, shown);
    {
        const int cmp = shown && (rs == LS_OK || rs == LS_ERR_POOL_FULL);
        see(s, f, "finished", "cost", LS__SEE_NUMBER, f->result.cost, r.cost,
            cmp);
        see(s, f, "finished", "expansions", LS__SEE_NUMBER,
            f->result.expansions, r.expansions, cmp);
        see(s, f, "finished", "length", LS__SEE_NUMBER, f->result.path_length,
            r.path_length, cmp);
        see(s, f, "finished", "digest", LS__SEE_HEX, (int64_t)f->result.digest,
            (int64_t)r.digest, cmp);
    }
    if (qs != LS_OK)
        return;
    ps = ls_queue_path(s->queue, id, s->mem.points, s->mem.point_capacity, &length);
    see(s, f, "finished", "path call", LS__SEE_STATUS, LS_OK, ps, shown);
    ls_path_digest(s->mem.points, ps == LS_OK ? length : 0, &d);
    see(s, f, "finished", "digest of the kept path", LS__SEE_HEX,
        (int64_t)f->result.digest, (int64_t)d, shown);
}

static void tick(ls__script *s, const ls__sop *op)
{
    static const ls__sop none; /* a request the records do not list */
    ls_status st = ls_queue_tick(s->queue, s->grid, op->budget);
    uint32_t pending = 0, done = 0, i;

    see(s, op, "tick", "status", LS__SEE_STATUS, LS_OK, st, 1);
    ls_queue_pending(s->queue, &pending);
    see(s, op, "tick", "pending", LS__SEE_NUMBER, op->pending, pending, 1);
    for (i = 0; i < s->held_count; i++) {
        ls_status qs = LS_IN_PROGRESS;
        ls__sop f;
        if (!s->mem.unfinished[i])
            continue;
        ls_queue_status(s->queue, s->mem.held[i], &qs);
        if (qs == LS_IN_PROGRESS)
            continue;
        s->mem.unfinished[i] = 0;
        if (done < op->count) {
            s->env->record(s->ctx, op, done, &f);
            finished(s, &f, s->mem.held[i], qs, 1);
        } else {
            /* More finished than the script says: counted below. */
            f = none;
            f.line = op->line;
            see(s, op, "tick", "finished", LS__SEE_NUMBER, 1, 0, 0);
            finished(s, &f, s->mem.held[i], qs, 0);
        }
        done++;
    }
    see(s, op, "tick", "requests finished in it", LS__SEE_NUMBER, op->count,
        done, 1);
}

/* ---- batches ------------------------------------------------------------- */

static void batch(ls__script *s, const ls__sop *op)
{
    const uint32_t n = op->count;
    const uint32_t cap = (uint32_t)s->width * (uint32_t)s->height;
    ls_status st = LS_OK;
    ls_batch *b;
    uint32_t k;

    if (n > s->mem.batch_capacity ||
        (uint64_t)n * cap > (uint64_t)s->mem.batch_point_capacity) {
        fail(s, op, "batch", "memory", "enough", "out of memory");
        return;
    }
    for (k = 0; k < n; k++) {
        ls__sop q;
        ls_query *qk = &s->mem.batch_queries[k];
        s->env->record(s->ctx, op, k, &q);
        *qk = s->query;
        qk->start_x = q.sx;
        qk->start_y = q.sy;
        qk->goal_x = q.gx;
        qk->goal_y = q.gy;
    }
    b = s->env->batch(s->ctx, op, s->width, s->height, &st);
    see(s, op, "batch", "create", LS__SEE_STATUS, LS_OK, st, 1);
    if (st == LS_OK) {
        memset(s->mem.batch_results, 0, (size_t)n * sizeof *s->mem.batch_results);
        st = ls_batch_run(b, s->grid, s->mem.batch_queries, n, s->mem.batch_points,
                          cap, s->mem.batch_statuses, s->mem.batch_results);
        see(s, op, "batch", "run", LS__SEE_STATUS, LS_OK, st, 1);
    }
    if (st == LS_OK && s->env->batch_ran)
        s->env->batch_ran(s->ctx, op, s->grid, s->mem.batch_queries, n, cap,
                          s->mem.batch_statuses, s->mem.batch_results,
                          s->mem.batch_points);
    for (k = 0; st == LS_OK && k < n; k++) {
        const ls_result *r = &s->mem.batch_results[k];
        const ls_status qs = s->mem.batch_statuses[k];
        uint64_t d = LS_DIGEST_EMPTY;
        ls__sop q;
        s->env->record(s->ctx, op, k, &q);
        see(s, &q, "query", "status", LS__SEE_STATUS, q.status, qs, 1);
        if (qs < 0)
            continue;
        see(s, &q, "query", "cost", LS__SEE_NUMBER, q.result.cost, r->cost,
            q.has_result);
        see(s, &q, "query", "expansions", LS__SEE_NUMBER, q.result.expansions,
            r->expansions, q.has_result);
        see(s, &q, "query", "length", LS__SEE_NUMBER, q.result.path_length,
            r->path_length, q.has_result);
        see(s, &q, "query", "digest", LS__SEE_HEX, (int64_t)q.result.digest,
            (int64_t)r->digest, q.has_result);
        ls_path_digest(s->mem.batch_points + (size_t)k * cap,
                       qs == LS_OK && r->path_length <= cap ? r->path_length
                                                            : 0, &d);
        see(s, &q, "query", "digest of the points", LS__SEE_HEX,
            (int64_t)q.result.digest, (int64_t)d, q.has_result);
    }
}

/* ---- path checks --------------------------------------------------------- */

static void check_outcome(ls__script *s, const ls__sop *op, const char *what,
                          ls_status st, const ls_path_check *pc)
{
    see(s, op, what, "status", LS__SEE_STATUS, op->status, st, 1);
    if (st != LS_OK)
        return;
    see(s, op, what, "first", LS__SEE_NUMBER, op->check.first_illegal,
        pc->first_illegal, op->has_result);
    see(s, op, what, "reason", LS__SEE_NUMBER, op->check.reason, pc->reason,
        op->has_result);
    see(s, op, what, "cost", LS__SEE_NUMBER, op->check.cost, pc->cost,
        op->has_result);
    see(s, op, what, "changed", LS__SEE_NUMBER, op->check.cost_changed,
        pc->cost_changed, op->has_result);
}

static void check_kept(ls__script *s, const ls__sop *op)
{
    uint32_t length = 0;
    ls_result r;
    ls_path_check pc;
    ls_status st;

    st = ls_queue_path(s->queue, op->id, s->mem.points, s->mem.point_capacity,
                       &length);
    see(s, op, "check", "kept path", LS__SEE_STATUS, LS_OK, st, 1);
    if (st != LS_OK)
        return;
    st = ls_queue_result(s->queue, op->id, &r);
    see(s, op, "check", "result", LS__SEE_READABLE, LS_OK, st, 1);
    if (st != LS_OK)
        return;
    memset(&pc, 0, sizeof pc);
    st = ls_check_path(s->grid, &s->query, s->mem.points, length, r.cost, &pc);
    check_outcome(s, op, "check", st, &pc);
}

/* ---- geometry ------------------------------------------------------------ */

/* "point I" into buf (no stdio here). */
static const char *point_field(char buf[24], uint32_t i)
{
    char digits[12];
    int n = 0, k = 0;
    memcpy(buf, "point ", 6);
    do {
        digits[n++] = (char)('0' + i % 10u);
        i /= 10u;
    } while (i > 0);
    while (n > 0)
        buf[6 + k++] = digits[--n];
    buf[6 + k] = '\0';
    return buf;
}

/* The first point that differs from the expected ones. */
static void cmp_points(ls__script *s, const ls__sop *op, const char *what,
                       const ls_point *got, uint32_t n)
{
    uint32_t i;
    char field[24];
    for (i = 0; i < n && i < op->out_count; i++) {
        if (got[i].x == op->out_points[i].x &&
            got[i].y == op->out_points[i].y)
            continue;
        see(s, op, what, point_field(field, i), LS__SEE_POINT,
            packed(op->out_points[i]), packed(got[i]), 1);
        return;
    }
}

/* ls_line_cells, or ls_smooth_path into a buffer of capacity and again in
 * place: both must give the same. */
static void list_call(ls__script *s, const ls__sop *op, const char *what)
{
    ls_point out[LS__SOP_POINTS_MAX], in_place[LS__SOP_POINTS_MAX];
    ls_point in[LS__SOP_POINTS_MAX];
    uint32_t n = 0, n2 = 0;
    ls_status st, st2 = LS_OK;
    if (op->kind == LS__SOP_LINE) {
        st = ls_line_cells(op->ax, op->ay, op->bx, op->by,
                           op->capacity ? out : NULL, op->capacity, &n);
    } else {
        /* The points in an array, never NULL (COUNT 0 too). */
        if (op->point_count > 0)
            memcpy(in, op->points, op->point_count * sizeof *in);
        st = ls_smooth_path(s->grid, in, op->point_count,
                            op->capacity ? out : NULL, op->capacity, &n);
        if (op->point_count > 0 && op->capacity >= op->point_count) {
            memcpy(in_place, op->points,
                   op->point_count * sizeof *op->points);
            st2 = ls_smooth_path(s->grid, in_place, op->point_count,
                                 in_place, op->capacity, &n2);
            if (st2 != st || n2 != n ||
                (st == LS_OK && !same_points(in_place, out, n)))
                fail(s, op, what, "in place", "the same", "different");
        }
    }
    see(s, op, what, "status", LS__SEE_STATUS, op->status, st, 1);
    if (st != op->status || !op->has_result)
        return;
    see(s, op, what, "count", LS__SEE_NUMBER, op->out_count, n, 1);
    if (st == LS_OK)
        cmp_points(s, op, what, out, n);
}

static int same_agent(const ls_agent *a, const ls_agent *b)
{
    return a->world.origin_x == b->world.origin_x &&
           a->world.origin_y == b->world.origin_y &&
           a->world.cell_size == b->world.cell_size && a->x == b->x &&
           a->y == b->y && a->speed == b->speed && a->state == b->state &&
           a->count == b->count && a->target == b->target &&
           a->from_x == b->from_x && a->from_y == b->from_y &&
           a->travelled == b->travelled;
}

static void cmp_agent(ls__script *s, const ls__sop *op, const char *what,
                      ls_status st, const ls_agent *before)
{
    const ls_agent *a = &s->agent;
    see(s, op, what, "status", LS__SEE_STATUS, op->status, st, 1);
    if (st != LS_OK && !same_agent(before, a))
        fail(s, op, what, "agent after an error", "untouched", "changed");
    if (st != op->status || !op->has_result)
        return;
    if (op->kind == LS__SOP_STEP) {
        see(s, op, what, "x", LS__SEE_NUMBER, op->out_x, a->x, 1);
        see(s, op, what, "y", LS__SEE_NUMBER, op->out_y, a->y, 1);
    }
    see(s, op, what, "state", LS__SEE_NUMBER, op->state, a->state, 1);
    see(s, op, what, "target", LS__SEE_NUMBER, op->target, a->target, 1);
    if (op->kind == LS__SOP_STEP)
        see(s, op, what, "travelled", LS__SEE_NUMBER, op->travelled,
            a->travelled, 1);
}

/* The geometry lines (vectors/README.md, "Geometry lines"). */
static void geometry(ls__script *s, const ls__sop *op)
{
    static const char *const keys[] = {
        "frame", "world-cell", "to-cell", "centre", "distance", "segment",
        "path-length", "line", "sight", "smooth", "agent", "speed", "route",
        "step"
    };
    const char *what = keys[op->kind - LS__SOP_FRAME];
    ls_point c = { 0, 0 }, in[LS__SOP_POINTS_MAX];
    fix16_t x = 0, y = 0, len = 0;
    int32_t clear = 0;
    uint8_t mc = 0;
    ls_status st, st2;
    ls_agent before = s->agent;

    switch (op->kind) {
    case LS__SOP_FRAME:
        s->frame = op->world;
        return;
    case LS__SOP_SPEED:
        s->agent.speed = op->speed;
        return;
    case LS__SOP_WORLD_CELL:
    case LS__SOP_TO_CELL:
        st = op->kind == LS__SOP_WORLD_CELL
                 ? ls_world_cell(&s->frame, op->ax, op->ay, &c)
                 : ls_world_to_cell(&s->frame, s->grid, op->ax, op->ay, &c);
        x = c.x;
        y = c.y;
        break;
    case LS__SOP_CENTRE:
        st = ls_world_cell_center(&s->frame, op->ax, op->ay, &x, &y);
        break;
    case LS__SOP_DISTANCE:
        st = ls_world_distance(op->ax, op->ay, op->bx, op->by, &len);
        break;
    case LS__SOP_SEGMENT:
        st = ls_world_segment_length(&s->frame, op->ax, op->ay, op->bx,
                                     op->by, &len);
        break;
    case LS__SOP_PATH_LENGTH:
    case LS__SOP_ROUTE:
        /* The points in an array, never NULL (COUNT 0 too). */
        if (op->point_count > 0)
            memcpy(in, op->points, op->point_count * sizeof *in);
        if (op->kind == LS__SOP_ROUTE) {
            st = ls_agent_follow(&s->agent, in, op->point_count);
            if (op->status == LS_OK && op->point_count > 0)
                memcpy(s->route, in, op->point_count * sizeof *in);
            cmp_agent(s, op, what, st, &before);
            return;
        }
        st = ls_world_path_length(&s->frame, in, op->point_count, &len);
        break;
    case LS__SOP_SIGHT:
        st = ls_line_of_sight(s->grid, op->ax, op->ay, op->bx, op->by,
                              &clear);
        st2 = ls_line_cost(s->grid, op->ax, op->ay, op->bx, op->by, &mc);
        see(s, op, what, "status of ls_line_cost", LS__SEE_STATUS, st, st2, 1);
        if (st == LS_OK && st2 == LS_OK && (clear != 0) != (mc != 0))
            fail(s, op, what, "clear against cost", "agreeing",
                 "disagreeing");
        break;
    case LS__SOP_LINE:
    case LS__SOP_SMOOTH:
        list_call(s, op, what);
        return;
    case LS__SOP_AGENT:
        st = ls_agent_init(&s->agent, &s->frame, op->ax, op->ay, op->speed);
        see(s, op, what, "status", LS__SEE_STATUS, op->status, st, 1);
        return;
    default: /* LS__SOP_STEP */
        st = ls_agent_step(&s->agent, s->route, op->count);
        cmp_agent(s, op, what, st, &before);
        return;
    }
    see(s, op, what, "status", LS__SEE_STATUS, op->status, st, 1);
    if (st != op->status || !op->has_result)
        return;
    switch (op->kind) {
    case LS__SOP_DISTANCE:
    case LS__SOP_SEGMENT:
    case LS__SOP_PATH_LENGTH:
        see(s, op, what, "length", LS__SEE_NUMBER, op->length, len, 1);
        break;
    case LS__SOP_SIGHT:
        see(s, op, what, "clear", LS__SEE_NUMBER, op->clear, clear, 1);
        see(s, op, what, "cost", LS__SEE_NUMBER, op->max_cost, mc, 1);
        break;
    default:
        see(s, op, what, "x", LS__SEE_NUMBER, op->out_x, x, 1);
        see(s, op, what, "y", LS__SEE_NUMBER, op->out_y, y, 1);
        break;
    }
}

/* ---- flow fields ---------------------------------------------------------- */

/* Step the field begun (or the update started) to its end under op's
 * budget and observe the end: status, steps, expansions (the steps' sum),
 * digest. */
static void field_run(ls__script *s, const ls__sop *op, const char *what)
{
    ls_status st, again;
    uint32_t slices = 0, did = 0, sum = 0, total = 0, extra = 1;
    uint64_t d = 0;
    int shown = op->has_result;
    do {
        did = 0;
        st = ls_flow_step(s->flow, op->budget, &did);
        slices++;
        sum += did;
        if (op->budget != 0 && did > op->budget)
            fail(s, op, what, "step expansions", "at most the budget",
                 "more");
        if (st == LS_IN_PROGRESS && did == 0) {
            fail(s, op, what, "step", "progress", "none");
            break;
        }
    } while (st == LS_IN_PROGRESS);
    see(s, op, what, "end status", LS__SEE_STATUS, op->end_status, st, shown);
    shown = shown && st == op->end_status;
    see(s, op, what, "slices", LS__SEE_NUMBER, op->slices, slices, shown);
    again = ls_flow_step(s->flow, op->budget, &extra);
    if (again != st || extra != 0)
        fail(s, op, what, "one more step", "the same status, 0 expansions",
             "another");
    ls_flow_expansions(s->flow, &total);
    see(s, op, what, "expansions", LS__SEE_NUMBER, op->expansions, total,
        shown);
    if (total != sum)
        fail(s, op, what, "expansions", "the steps' sum", "another number");
    if (st == LS_OK) {
        ls_flow_digest(s->flow, &d);
        see(s, op, what, "field digest", LS__SEE_HEX,
            (int64_t)op->field_digest, (int64_t)d, shown);
    } else if (ls_flow_digest(s->flow, &d) != st) {
        fail(s, op, what, "digest call", "the end status", "another");
    }
}

static void flow_line(ls__script *s, const ls__sop *op)
{
    ls_point goals[LS__SOP_POINTS_MAX];
    ls_status st, ds;
    int32_t cost = 0, dir = 0;
    uint32_t i, n = op->point_count;

    switch (op->kind) {
    case LS__SOP_FLOW:
        if (s->flow) {
            fail(s, op, "flow", "create", "one flow", "a second");
            return;
        }
        st = ls_flow_create(s->width, s->height, op->capacity, s->allocator,
                            &s->flow);
        see(s, op, "flow", "create", LS__SEE_STATUS, op->status, st, 1);
        return;
    case LS__SOP_FLOW_BEGIN:
        if (n > LS__SOP_POINTS_MAX)
            n = LS__SOP_POINTS_MAX;
        for (i = 0; i < n; i++)
            goals[i] = op->points[i];
        st = ls_flow_begin(s->flow, s->grid, &s->query, goals, n);
        see(s, op, "flow-begin", "status", LS__SEE_STATUS, op->status, st, 1);
        if (st == LS_OK)
            field_run(s, op, "flow-begin");
        return;
    case LS__SOP_FLOW_REFRESH:
        st = ls_flow_refresh(s->flow, s->grid);
        see(s, op, "flow-refresh", "status", LS__SEE_STATUS, op->status, st,
            1);
        if (st == LS_IN_PROGRESS)
            field_run(s, op, "flow-refresh");
        return;
    default: /* LS__SOP_FLOW_CELL */
        st = ls_flow_cost(s->flow, op->x, op->y, &cost);
        ds = ls_flow_direction(s->flow, op->x, op->y, &dir);
        see(s, op, "flow-cell", "status", LS__SEE_STATUS, op->status, st, 1);
        if (ds != st)
            fail(s, op, "flow-cell", "direction status", "the cost's",
                 "another");
        if (st == LS_OK) {
            const int shown = op->has_result;
            see(s, op, "flow-cell", "cost", LS__SEE_NUMBER, op->field_cost,
                cost, shown);
            see(s, op, "flow-cell", "direction", LS__SEE_NUMBER,
                op->direction, dir, shown);
        }
        return;
    }
}

/* ---- lines --------------------------------------------------------------- */

static void options(ls__script *s, const ls__sop *op)
{
    fix16_t w = 0;
    s->query = op->query;
    /* The weight's text must parse to its raw value (a vector file's own
     * consistency). */
    if (!op->weight_text)
        return;
    if (ls_fix16_parse(op->weight_text, &w) != LS_OK)
        fail(s, op, "file", "weight text", "parsable", "unparsable");
    else
        see(s, op, "file", "weight text parsed", LS__SEE_NUMBER,
            op->query.weight, w, 1);
}

static void submit(ls__script *s, const ls__sop *op)
{
    ls_query q = s->query;
    ls_status st;
    q.start_x = op->sx;
    q.start_y = op->sy;
    q.goal_x = op->gx;
    q.goal_y = op->gy;
    st = ls_queue_submit(s->queue, op->id, &q);
    see(s, op, "submit", "status", LS__SEE_STATUS, op->status, st, 1);
    if (st == LS_OK)
        held_add(s, op, op->id);
}

static void edit(ls__script *s, const ls__sop *op)
{
    const char *what = op->kind == LS__SOP_SET ? "set" : "rect";
    uint64_t d = 0;
    ls_status st = op->kind == LS__SOP_SET
                       ? ls_grid_set(s->grid, op->x, op->y, (uint8_t)op->cost)
                       : ls_grid_set_rect(s->grid, op->x, op->y, op->w, op->h,
                                          (uint8_t)op->cost);
    see(s, op, what, "status", LS__SEE_STATUS, op->status, st, 1);
    ls_grid_digest(s->grid, &d);
    see(s, op, what, "map digest", LS__SEE_HEX, (int64_t)op->map_digest,
        (int64_t)d, 1);
}

void ls__script_begin(ls__script *s, const ls__script_env *env, void *ctx,
                      const ls_allocator *allocator,
                      const ls__script_memory *mem, ls_grid *grid,
                      const ls_query *query)
{
    memset(s, 0, sizeof *s);
    s->env = env;
    s->ctx = ctx;
    s->allocator = allocator;
    s->mem = *mem;
    s->grid = grid;
    ls_grid_size(grid, &s->width, &s->height);
    s->query = *query;
    s->frame.cell_size = 65536; /* frame 0 0 65536 until a frame line */
}

void ls__script_line(ls__script *s, const ls__sop *op)
{
    ls_status st;
    uint64_t d = 0;
    ls_path_check pc;

    switch (op->kind) {
    case LS__SOP_OPTIONS:
        options(s, op);
        break;
    case LS__SOP_QUEUE:
        if (s->queue) {
            fail(s, op, "queue", "create", "one queue", "a second");
            break;
        }
        st = ls_queue_create(s->width, s->height, op->capacity, op->pool,
                             s->allocator, &s->queue);
        see(s, op, "queue", "create", LS__SEE_STATUS, LS_OK, st, 1);
        break;
    case LS__SOP_SUBMIT:
        submit(s, op);
        break;
    case LS__SOP_CANCEL:
    case LS__SOP_RELEASE:
        st = op->kind == LS__SOP_CANCEL ? ls_queue_cancel(s->queue, op->id)
                                        : ls_queue_release(s->queue, op->id);
        see(s, op, op->kind == LS__SOP_CANCEL ? "cancel" : "release",
            "status", LS__SEE_STATUS, op->status, st, 1);
        if (st == LS_OK)
            held_drop(s, op->id);
        break;
    case LS__SOP_TICK:
        tick(s, op);
        break;
    case LS__SOP_SET:
    case LS__SOP_RECT:
        edit(s, op);
        break;
    case LS__SOP_DIGEST:
        ls_grid_digest(s->grid, &d);
        see(s, op, "digest", "map digest", LS__SEE_HEX,
            (int64_t)op->map_digest, (int64_t)d, 1);
        break;
    case LS__SOP_BATCH:
        batch(s, op);
        break;
    case LS__SOP_CHECK:
        check_kept(s, op);
        break;
    case LS__SOP_CHECK_PATH:
        memset(&pc, 0, sizeof pc);
        st = ls_check_path(s->grid, &s->query, op->points, op->point_count,
                           op->planned, &pc);
        check_outcome(s, op, "check-path", st, &pc);
        break;
    default:
        if (op->kind >= LS__SOP_FRAME && op->kind <= LS__SOP_STEP) {
            geometry(s, op);
            break;
        }
        if (op->kind >= LS__SOP_FLOW && op->kind <= LS__SOP_FLOW_CELL) {
            flow_line(s, op);
            break;
        }
        fail(s, op, "script", "line", "an operation", "a stray line");
        break;
    }
}

void ls__script_end(ls__script *s)
{
    ls_queue_destroy(s->queue);
    s->queue = NULL;
    ls_flow_destroy(s->flow);
    s->flow = NULL;
}
