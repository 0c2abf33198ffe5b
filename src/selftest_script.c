/* SPDX-License-Identifier: MIT */
/*
 * selftest_script.c - the self-test's scripts (vectors/README.md, "Format
 * version 2: scripts"): the lines decoded from the words of
 * src/selftest_data.c and run by the one interpreter of the script
 * language, src/selftest_interp.c (which lists what each line observes,
 * in order); every observed value is folded into the digest and compared
 * with its golden one.
 *
 * A script is a run of 32-bit words (ls__st_script, src/selftest.h). Each
 * operation starts with its code and the line of the vector file it came
 * from (what ls_selftest_report.first_failed_step gives for a script);
 * then, by code (ids and digests are two words, low half first; statuses,
 * costs and coordinates are two's complement):
 *
 *   OPTIONS   connectivity corners heuristic tie algo straight diagonal
 *             weight max-expansions     (the current query's options)
 *   QUEUE     capacity pool
 *   SUBMIT    id sx sy gx gy status
 *   CANCEL    id status                 RELEASE   id status
 *   TICK      budget pending count, then count finished requests in
 *             submission order: id status cost expansions length digest
 *   SET       x y cost status digest    RECT      x y w h cost status digest
 *   DIGEST    digest
 *   BATCH     threads count, then count queries: sx sy gx gy status cost
 *             expansions length digest
 *   CHECK     id status first reason cost changed
 *   CHECK_PATH planned count x y ... status first reason cost changed
 *   FLOW      max-goals status
 *   FLOW_BEGIN budget count x y ... status end slices expansions digest
 *   FLOW_REFRESH budget status end slices expansions digest
 *   FLOW_CELL x y status cost direction
 *
 * (fields a line does not carry, such as the result of a refused query,
 * are 0). Before the
 * first operation, the map digest of the script's fresh copy of its map is
 * observed. Words that do not make an operation, or a queue, batch or
 * flow larger than the memory sized for them, are a difference. A flow
 * is made in the arena for the script's map (sized by src/selftest.c for
 * the largest such map and the most goals, ls__st_script.flow_goals).
 *
 * A script's batches run on one ls_batch of 2 worker threads, made by its
 * first BATCH whatever the line's thread count: results do not depend on
 * the count (lockstar.h), and the device's self-test stays small. (The
 * create status every BATCH observes is the first one's.)
 */
#include <string.h>
#include "selftest.h"

/* The codes of the words (tools/selftestgen_script.c writes them). */
enum {
    OP_OPTIONS = 1, OP_QUEUE, OP_SUBMIT, OP_CANCEL, OP_RELEASE, OP_TICK,
    OP_SET, OP_RECT, OP_DIGEST, OP_BATCH, OP_CHECK, OP_CHECK_PATH,
    OP_FLOW, OP_FLOW_BEGIN, OP_FLOW_REFRESH, OP_FLOW_CELL
};

#define FINISHED_WORDS 8u
#define QUERY_WORDS 10u

typedef struct script_state {
    ls__st_run *run;
    const uint32_t *w;       /* the script's words */
    uint32_t n, at;          /* word count, next word */
    const uint32_t *records; /* the current TICK's or BATCH's records */
    ls_batch *batch;         /* made by the first BATCH, kept to the end */
    ls__script interp;
} script_state;

static int32_t as_i32(uint32_t u)
{
    return u <= 0x7fffffffu ? (int32_t)u : -(int32_t)(~u) - 1;
}

static uint64_t word64(const uint32_t *w)
{
    return (uint64_t)w[0] | (uint64_t)w[1] << 32;
}

/* ---- the interpreter's environment --------------------------------------- */

static void observe(void *ctx, const ls__sop *op, const char *what,
                    const char *field, int how, int64_t want, int64_t got,
                    int shown)
{
    ls__st_run *run = ((script_state *)ctx)->run;
    (void)what;
    (void)field;
    (void)shown;
    run->step = op->line;
    if (how == LS__SEE_HEX || how == LS__SEE_ID)
        ls__st_expect64(run, (uint64_t)got, (uint64_t)want);
    else
        ls__st_expect32(run, (uint32_t)got, (uint32_t)want);
}

static void fail(void *ctx, const ls__sop *op, const char *what,
                 const char *field, const char *expected, const char *got)
{
    ls__st_run *run = ((script_state *)ctx)->run;
    (void)what;
    (void)field;
    (void)expected;
    (void)got;
    run->step = op->line;
    ls__st_differ(run);
}

static int carries_result(ls_status st)
{
    return st == LS_OK || st == LS_NO_PATH || st == LS_EXPANSION_LIMIT ||
           st == LS_ERR_POOL_FULL;
}

static void record(void *ctx, const ls__sop *op, uint32_t i, ls__sop *out)
{
    const script_state *s = ctx;
    const uint32_t *f;
    memset(out, 0, sizeof *out);
    out->line = op->line;
    if (op->kind == LS__SOP_TICK) {
        f = s->records + i * FINISHED_WORDS;
        out->kind = LS__SOP_FINISHED;
        out->id = word64(f);
        out->status = as_i32(f[2]);
        f += 3;
        out->has_result = carries_result(out->status);
    } else {
        f = s->records + i * QUERY_WORDS;
        out->kind = LS__SOP_QUERY;
        out->sx = as_i32(f[0]);
        out->sy = as_i32(f[1]);
        out->gx = as_i32(f[2]);
        out->gy = as_i32(f[3]);
        out->status = as_i32(f[4]);
        f += 5;
        out->has_result = out->status >= 0;
    }
    out->result.cost = as_i32(f[0]);
    out->result.expansions = f[1];
    out->result.path_length = f[2];
    out->result.digest = word64(f + 3);
}

static ls_batch *batch(void *ctx, const ls__sop *op, int32_t width,
                       int32_t height, ls_status *status)
{
    script_state *s = ctx;
    (void)op;
    *status = LS_OK;
    if (!s->batch)
        *status = ls_batch_create(width, height, LS_SEARCH_FULL, 2,
                                  &s->run->arena, &s->batch);
    return s->batch;
}

/* ---- decoding ------------------------------------------------------------ */

/* The next k words, or NULL (a difference) when the script has fewer. */
static const uint32_t *take(script_state *s, uint32_t k)
{
    const uint32_t *p;
    if (k > s->n - s->at) {
        ls__st_expect32(s->run, 0, 1);
        s->at = s->n;
        return NULL;
    }
    p = s->w + s->at;
    s->at += k;
    return p;
}

/* Words after the code and line, by code (CHECK_PATH: before its points;
 * TICK and BATCH: before their records); 0 for an unknown code. */
static uint32_t head_words(uint32_t code)
{
    static const uint32_t words[] = { 0, 9, 2, 7, 3, 3, 3, 6, 8, 2, 2, 7, 2,
                                      2, 2, 7, 5 };
    return code < sizeof words / sizeof words[0] ? words[code] : 0;
}

/* The interpreter's kind of line of a code (head_words says it is one). */
static int32_t kind_of(uint32_t code)
{
    static const int32_t kinds[] = {
        0, LS__SOP_OPTIONS, LS__SOP_QUEUE, LS__SOP_SUBMIT, LS__SOP_CANCEL,
        LS__SOP_RELEASE, LS__SOP_TICK, LS__SOP_SET, LS__SOP_RECT,
        LS__SOP_DIGEST, LS__SOP_BATCH, LS__SOP_CHECK, LS__SOP_CHECK_PATH,
        LS__SOP_FLOW, LS__SOP_FLOW_BEGIN, LS__SOP_FLOW_REFRESH,
        LS__SOP_FLOW_CELL
    };
    return kinds[code];
}

/* The check's golden outcome: status first reason cost changed. */
static void check_of(ls__sop *op, const uint32_t *want)
{
    op->status = as_i32(want[0]);
    op->check.first_illegal = want[1];
    op->check.reason = as_i32(want[2]);
    op->check.cost = as_i32(want[3]);
    op->check.cost_changed = as_i32(want[4]);
    op->has_result = op->status == LS_OK;
}

/* A field run's golden end: end slices expansions digest (two words). */
static void field_of(ls__sop *op, const uint32_t *want)
{
    op->end_status = as_i32(want[0]);
    op->slices = want[1];
    op->expansions = want[2];
    op->field_digest = word64(want + 3);
}

static void operation(script_state *s)
{
    ls__st_run *run = s->run;
    const uint32_t *p = take(s, 2), *want;
    ls_point points[LS__SOP_POINTS_MAX];
    ls__sop op;
    uint32_t i, records = 0;

    if (!p)
        return;
    memset(&op, 0, sizeof op);
    op.line = p[1];
    run->step = op.line;
    if (head_words(p[0]) == 0) {
        ls__st_expect32(run, p[0], 0);
        s->at = s->n;
        return;
    }
    op.kind = kind_of(p[0]);
    p = take(s, head_words(p[0]));
    if (!p)
        return;
    switch (op.kind) {
    case LS__SOP_OPTIONS:
        op.query = s->interp.query;
        op.query.connectivity = as_i32(p[0]);
        op.query.corner_rule = as_i32(p[1]);
        op.query.heuristic = as_i32(p[2]);
        op.query.tie_break = as_i32(p[3]);
        op.query.algorithm = as_i32(p[4]);
        op.query.straight_cost = p[5];
        op.query.diagonal_cost = p[6];
        op.query.weight = as_i32(p[7]);
        op.query.max_expansions = p[8];
        break;
    case LS__SOP_QUEUE:
        if (p[0] > run->script.held_capacity) {
            ls__st_expect32(run, p[0], 0);
            return;
        }
        op.capacity = p[0];
        op.pool = p[1];
        break;
    case LS__SOP_SUBMIT:
        op.id = word64(p);
        op.sx = as_i32(p[2]);
        op.sy = as_i32(p[3]);
        op.gx = as_i32(p[4]);
        op.gy = as_i32(p[5]);
        op.status = as_i32(p[6]);
        break;
    case LS__SOP_CANCEL:
    case LS__SOP_RELEASE:
        op.id = word64(p);
        op.status = as_i32(p[2]);
        break;
    case LS__SOP_TICK:
    case LS__SOP_BATCH:
        if (op.kind == LS__SOP_TICK) {
            op.budget = p[0];
            op.pending = p[1];
            op.count = p[2];
            records = FINISHED_WORDS;
        } else {
            op.threads = p[0];
            op.count = p[1];
            records = QUERY_WORDS;
        }
        if (op.count > (s->n - s->at) / records ||
            (op.kind == LS__SOP_BATCH &&
             (op.count > run->script.batch_capacity ||
              (uint64_t)op.count * (uint32_t)s->interp.width *
                      (uint32_t)s->interp.height >
                  run->script.batch_point_capacity))) {
            ls__st_expect32(run, op.count, 0);
            s->at = s->n;
            return;
        }
        s->records = take(s, op.count * records);
        break;
    case LS__SOP_SET:
    case LS__SOP_RECT:
        op.x = as_i32(p[0]);
        op.y = as_i32(p[1]);
        op.w = op.h = 1;
        if (op.kind == LS__SOP_RECT) {
            op.w = as_i32(p[2]);
            op.h = as_i32(p[3]);
            p += 2;
        }
        op.cost = p[2];
        op.status = as_i32(p[3]);
        op.map_digest = word64(p + 4);
        break;
    case LS__SOP_DIGEST:
        op.map_digest = word64(p);
        break;
    case LS__SOP_CHECK:
        op.id = word64(p);
        check_of(&op, p + 2);
        break;
    case LS__SOP_FLOW:
        if (p[0] > run->flow_goals) {
            ls__st_expect32(run, p[0], 0);
            s->at = s->n;
            return;
        }
        op.capacity = p[0];
        op.status = as_i32(p[1]);
        break;
    case LS__SOP_FLOW_REFRESH:
        op.budget = p[0];
        op.status = as_i32(p[1]);
        field_of(&op, p + 2);
        op.has_result = op.status == LS_IN_PROGRESS;
        break;
    case LS__SOP_FLOW_CELL:
        op.x = as_i32(p[0]);
        op.y = as_i32(p[1]);
        op.status = as_i32(p[2]);
        op.field_cost = as_i32(p[3]);
        op.direction = as_i32(p[4]);
        op.has_result = op.status == LS_OK;
        break;
    case LS__SOP_FLOW_BEGIN:
        op.budget = p[0];
        op.point_count = p[1];
        if (op.point_count > LS__SOP_POINTS_MAX) {
            ls__st_expect32(run, op.point_count, LS__SOP_POINTS_MAX);
            s->at = s->n;
            return;
        }
        p = take(s, 2u * op.point_count);
        want = take(s, 6);
        if (!p || !want)
            return;
        for (i = 0; i < op.point_count; i++) {
            points[i].x = as_i32(p[2 * i]);
            points[i].y = as_i32(p[2 * i + 1]);
        }
        op.points = points;
        op.status = as_i32(want[0]);
        field_of(&op, want + 1);
        op.has_result = op.status == LS_OK;
        break;
    default: /* LS__SOP_CHECK_PATH */
        op.planned = as_i32(p[0]);
        op.point_count = p[1];
        if (op.point_count > LS__SOP_POINTS_MAX) {
            ls__st_expect32(run, op.point_count, LS__SOP_POINTS_MAX);
            return;
        }
        p = take(s, 2u * op.point_count);
        want = take(s, 5);
        if (!p || !want)
            return;
        for (i = 0; i < op.point_count; i++) {
            points[i].x = as_i32(p[2 * i]);
            points[i].y = as_i32(p[2 * i + 1]);
        }
        op.points = points;
        check_of(&op, want);
        break;
    }
    ls__script_line(&s->interp, &op);
}

void ls__st_run_script(ls__st_run *run, uint32_t i)
{
    static const ls__script_env env = { observe, fail, record, batch, NULL };
    const ls__st_script *sc = &run->data->scripts[i];
    ls__script_memory memory;
    script_state s;
    ls_query query;
    size_t mark;

    memset(&s, 0, sizeof s);
    s.run = run;
    run->step = 0;
    if (sc->first_word > run->data->word_count ||
        sc->word_count > run->data->word_count - sc->first_word) {
        ls__st_expect32(run, sc->word_count, 0);
        return;
    }
    s.w = run->data->words + sc->first_word;
    s.n = sc->word_count;
    if (ls__st_use_map(run, sc->map, 1) != 0)
        return;
    memory = run->script;
    memory.points = run->points;
    memory.point_capacity = run->point_capacity;
    ls_query_init(&query);
    ls__script_begin(&s.interp, &env, &s, &run->arena, &memory, run->grid,
                     &query);
    mark = run->arena_used;
    while (s.at < s.n)
        operation(&s);
    ls_batch_destroy(s.batch);
    ls__script_end(&s.interp);
    run->arena_used = mark;
    /* The grid was edited: the next case loads its map again. */
    run->grid_map = UINT32_MAX;
}
