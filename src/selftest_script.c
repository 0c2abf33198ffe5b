/* SPDX-License-Identifier: MIT */
/*
 * selftest_script.c - the self-test's scripts (vectors/README.md, "Format
 * version 2: scripts"): the path queue, batches, map edits with their map
 * digests and path checks, each line's call made and compared with its
 * golden value, as tools/vecfile_script_run.c does on the host.
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
 *
 * (fields a line does not carry, such as the result of a refused query,
 * are 0). What is observed and folded, per operation: QUEUE the create
 * status; SUBMIT, CANCEL, RELEASE the status; TICK the tick's status, the
 * pending count, then for each request that finished in the tick, in
 * submission order, its id and ls_queue_status and, when that status
 * carries a result (LS_OK, LS_NO_PATH, LS_EXPANSION_LIMIT,
 * LS_ERR_POOL_FULL), ls_queue_result's status, cost, expansions, length
 * and digest, and for LS_OK ls_queue_path's status and the kept points'
 * digest; then how many finished; SET and RECT the status and the map
 * digest; DIGEST the map digest; BATCH the create status and, once made,
 * the run status and per query its status and, when >= 0, cost,
 * expansions, length, digest and the digest of its points; CHECK the
 * status of ls_queue_path, then of ls_queue_result, then of ls_check_path
 * (each only after the one before returned LS_OK), and after LS_OK the
 * check's first illegal point, reason, cost and changed flag; CHECK_PATH
 * the same from ls_check_path on. Before the first operation, the map
 * digest of the script's fresh copy of its map.
 *
 * A script's batches run on one ls_batch of 2 worker threads, made by its
 * first BATCH whatever the line's thread count: results do not depend on
 * the count (lockstar.h), and the device's self-test stays small. (The
 * create status every BATCH folds is the first one's.)
 */
#include <string.h>
#include "digest.h"
#include "selftest.h"

enum {
    OP_OPTIONS = 1, OP_QUEUE, OP_SUBMIT, OP_CANCEL, OP_RELEASE, OP_TICK,
    OP_SET, OP_RECT, OP_DIGEST, OP_BATCH, OP_CHECK, OP_CHECK_PATH
};

#define FINISHED_WORDS 8u
#define QUERY_WORDS 10u
#define CHECK_PATH_MAX 64u

typedef struct script_state {
    ls__st_run *run;
    const uint32_t *w;       /* the script's words */
    uint32_t n, at;          /* word count, next word */
    ls_query query;
    ls_queue *queue;
    ls_batch *batch;         /* made by the first BATCH, kept to the end */
    size_t mark;             /* the arena before the queue and batch */
    uint32_t held;           /* ids in run->held */
    int32_t width, height;
} script_state;

static int32_t as_i32(uint32_t u)
{
    return u <= 0x7fffffffu ? (int32_t)u : -(int32_t)(~u) - 1;
}

static uint64_t word64(const uint32_t *w)
{
    return (uint64_t)w[0] | (uint64_t)w[1] << 32;
}

static void expect_status(ls__st_run *run, ls_status got, uint32_t want)
{
    ls__st_expect32(run, (uint32_t)got, want);
}

static void expect_cost(ls__st_run *run, int32_t got, uint32_t want)
{
    ls__st_expect32(run, (uint32_t)got, want);
}

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

static int has_result(ls_status st)
{
    return st == LS_OK || st == LS_NO_PATH || st == LS_EXPANSION_LIMIT ||
           st == LS_ERR_POOL_FULL;
}

static void held_drop(script_state *s, uint64_t id)
{
    ls__st_run *run = s->run;
    uint32_t i;
    for (i = 0; i < s->held; i++) {
        if (run->held[i] == id) {
            memmove(&run->held[i], &run->held[i + 1],
                    (size_t)(s->held - i - 1) * sizeof *run->held);
            memmove(&run->unfinished[i], &run->unfinished[i + 1],
                    (size_t)(s->held - i - 1));
            s->held--;
            return;
        }
    }
}

/* One finished request, against the golden record f (NULL: none left). */
static void finished(script_state *s, uint64_t id, const uint32_t *f)
{
    ls__st_run *run = s->run;
    static const uint32_t none[FINISHED_WORDS] = { 0, 0, 0, 0, 0, 0, 0, 0 };
    ls_status st = LS_IN_PROGRESS, rs, ps;
    ls_result r;
    uint32_t length = 0;
    uint64_t d = LS_DIGEST_EMPTY;

    if (!f) {
        f = none;
        ls__st_expect32(run, 0, 1); /* more finished than the script says */
    }
    ls_queue_status(s->queue, id, &st);
    ls__st_expect64(run, id, word64(f));
    expect_status(run, st, f[2]);
    if (!has_result(st))
        return;
    memset(&r, 0, sizeof r);
    rs = ls_queue_result(s->queue, id, &r);
    expect_status(run, rs, st == LS_ERR_POOL_FULL ? (uint32_t)LS_ERR_POOL_FULL
                                                  : (uint32_t)LS_OK);
    expect_cost(run, r.cost, f[3]);
    ls__st_expect32(run, r.expansions, f[4]);
    ls__st_expect32(run, r.path_length, f[5]);
    ls__st_expect64(run, r.digest, word64(f + 6));
    if (st != LS_OK)
        return;
    ps = ls_queue_path(s->queue, id, run->points, run->point_capacity,
                       &length);
    expect_status(run, ps, LS_OK);
    ls_path_digest(run->points, ps == LS_OK ? length : 0, &d);
    ls__st_expect64(run, d, word64(f + 6));
}

static void tick(script_state *s)
{
    ls__st_run *run = s->run;
    const uint32_t *p = take(s, 3), *f;
    uint32_t pending = 0, want, done = 0, i;
    ls_status st;

    if (!p)
        return;
    want = p[2];
    if (want > (s->n - s->at) / FINISHED_WORDS) {
        ls__st_expect32(run, want, 0);
        s->at = s->n;
        return;
    }
    f = take(s, want * FINISHED_WORDS);
    st = ls_queue_tick(s->queue, run->grid, p[0]);
    expect_status(run, st, LS_OK);
    ls_queue_pending(s->queue, &pending);
    ls__st_expect32(run, pending, p[1]);
    for (i = 0; i < s->held; i++) {
        ls_status qs = LS_IN_PROGRESS;
        if (!run->unfinished[i])
            continue;
        ls_queue_status(s->queue, run->held[i], &qs);
        if (qs == LS_IN_PROGRESS)
            continue;
        run->unfinished[i] = 0;
        finished(s, run->held[i], done < want ? f + done * FINISHED_WORDS
                                              : NULL);
        done++;
    }
    ls__st_expect32(run, done, want);
}

/* ls_check_path's outcome against status first reason cost changed. */
static void check_outcome(ls__st_run *run, ls_status st,
                          const ls_path_check *pc, const uint32_t *want)
{
    expect_status(run, st, want[0]);
    if (st != LS_OK)
        return;
    ls__st_expect32(run, pc->first_illegal, want[1]);
    ls__st_expect32(run, (uint32_t)pc->reason, want[2]);
    expect_cost(run, pc->cost, want[3]);
    ls__st_expect32(run, (uint32_t)pc->cost_changed, want[4]);
}

static void check_kept(script_state *s, const uint32_t *p)
{
    ls__st_run *run = s->run;
    uint64_t id = word64(p);
    uint32_t length = 0;
    ls_result r;
    ls_path_check pc;
    ls_status st;

    st = ls_queue_path(s->queue, id, run->points, run->point_capacity,
                       &length);
    expect_status(run, st, LS_OK);
    if (st != LS_OK)
        return;
    st = ls_queue_result(s->queue, id, &r);
    expect_status(run, st, LS_OK);
    if (st != LS_OK)
        return;
    memset(&pc, 0, sizeof pc);
    st = ls_check_path(run->grid, &s->query, run->points, length, r.cost,
                       &pc);
    check_outcome(run, st, &pc, p + 2);
}

static void check_points(script_state *s, const uint32_t *p)
{
    ls__st_run *run = s->run;
    uint32_t count = p[1], i;
    const uint32_t *xy, *want;
    ls_point points[CHECK_PATH_MAX];
    ls_path_check pc;
    ls_status st;

    if (count > CHECK_PATH_MAX) {
        ls__st_expect32(run, count, CHECK_PATH_MAX);
        return;
    }
    xy = take(s, 2u * count);
    want = take(s, 5);
    if (!xy || !want)
        return;
    for (i = 0; i < count; i++) {
        points[i].x = as_i32(xy[2 * i]);
        points[i].y = as_i32(xy[2 * i + 1]);
    }
    memset(&pc, 0, sizeof pc);
    st = ls_check_path(run->grid, &s->query, points, count, as_i32(p[0]),
                       &pc);
    check_outcome(run, st, &pc, want);
}

static void batch(script_state *s, const uint32_t *p)
{
    ls__st_run *run = s->run;
    uint32_t count = p[1], cap = (uint32_t)s->width * (uint32_t)s->height;
    uint32_t k;
    const uint32_t *q;
    ls_status st = LS_OK;

    if (count > run->batch_capacity ||
        (uint64_t)count * cap > run->batch_point_capacity ||
        count > (s->n - s->at) / QUERY_WORDS) {
        ls__st_expect32(run, count, 0);
        s->at = s->n;
        return;
    }
    q = take(s, count * QUERY_WORDS);
    for (k = 0; k < count; k++) {
        ls_query *qk = &run->batch_queries[k];
        *qk = s->query;
        qk->start_x = as_i32(q[k * QUERY_WORDS]);
        qk->start_y = as_i32(q[k * QUERY_WORDS + 1]);
        qk->goal_x = as_i32(q[k * QUERY_WORDS + 2]);
        qk->goal_y = as_i32(q[k * QUERY_WORDS + 3]);
    }
    if (!s->batch) {
        st = ls_batch_create(s->width, s->height, LS_SEARCH_FULL, 2,
                             &run->arena, &s->batch);
    }
    expect_status(run, st, LS_OK);
    if (st == LS_OK) {
        memset(run->batch_results, 0, (size_t)count * sizeof(ls_result));
        st = ls_batch_run(s->batch, run->grid, run->batch_queries, count,
                          run->batch_points, cap, run->batch_statuses,
                          run->batch_results);
        expect_status(run, st, LS_OK);
    }
    for (k = 0; st == LS_OK && k < count; k++) {
        const uint32_t *want = q + k * QUERY_WORDS + 4;
        const ls_result *r = &run->batch_results[k];
        ls_status qs = run->batch_statuses[k];
        uint64_t d = LS_DIGEST_EMPTY;
        expect_status(run, qs, want[0]);
        if (qs < 0)
            continue;
        expect_cost(run, r->cost, want[1]);
        ls__st_expect32(run, r->expansions, want[2]);
        ls__st_expect32(run, r->path_length, want[3]);
        ls__st_expect64(run, r->digest, word64(want + 4));
        ls_path_digest(run->batch_points + (size_t)k * cap,
                       qs == LS_OK && r->path_length <= cap ? r->path_length
                                                            : 0, &d);
        ls__st_expect64(run, d, word64(want + 4));
    }
}

static void submit(script_state *s, const uint32_t *p)
{
    ls__st_run *run = s->run;
    ls_query q = s->query;
    ls_status st;
    q.start_x = as_i32(p[2]);
    q.start_y = as_i32(p[3]);
    q.goal_x = as_i32(p[4]);
    q.goal_y = as_i32(p[5]);
    st = ls_queue_submit(s->queue, word64(p), &q);
    expect_status(run, st, p[6]);
    if (st != LS_OK)
        return;
    if (s->held == run->held_capacity) {
        ls__st_expect32(run, s->held, run->held_capacity - 1u);
        return;
    }
    run->held[s->held] = word64(p);
    run->unfinished[s->held++] = 1;
}

static void edit(script_state *s, uint32_t code, const uint32_t *p)
{
    ls__st_run *run = s->run;
    uint64_t d = 0;
    ls_status st;
    if (code == OP_SET)
        st = ls_grid_set(run->grid, as_i32(p[0]), as_i32(p[1]),
                         (uint8_t)p[2]);
    else
        st = ls_grid_set_rect(run->grid, as_i32(p[0]), as_i32(p[1]),
                              as_i32(p[2]), as_i32(p[3]), (uint8_t)p[4]);
    p += code == OP_SET ? 3 : 5;
    expect_status(run, st, p[0]);
    ls_grid_digest(run->grid, &d);
    ls__st_expect64(run, d, word64(p + 1));
}

static void options(script_state *s, const uint32_t *p)
{
    s->query.connectivity = as_i32(p[0]);
    s->query.corner_rule = as_i32(p[1]);
    s->query.heuristic = as_i32(p[2]);
    s->query.tie_break = as_i32(p[3]);
    s->query.algorithm = as_i32(p[4]);
    s->query.straight_cost = p[5];
    s->query.diagonal_cost = p[6];
    s->query.weight = as_i32(p[7]);
    s->query.max_expansions = p[8];
}

/* Words after the code and line, by code (CHECK_PATH: before its points;
 * TICK and BATCH: before their records); 0 for an unknown code. */
static uint32_t head_words(uint32_t code)
{
    static const uint32_t words[] = { 0, 9, 2, 7, 3, 3, 0, 6, 8, 2, 2, 7, 2 };
    return code < sizeof words / sizeof words[0] ? words[code] : 0;
}

static void operation(script_state *s)
{
    ls__st_run *run = s->run;
    const uint32_t *p = take(s, 2);
    uint32_t code;
    ls_status st;
    uint64_t d = 0;

    if (!p)
        return;
    code = p[0];
    run->step = p[1];
    if (code == OP_TICK) {
        tick(s);
        return;
    }
    if (head_words(code) == 0) {
        ls__st_expect32(run, code, 0);
        s->at = s->n;
        return;
    }
    p = take(s, head_words(code));
    if (!p)
        return;
    switch (code) {
    case OP_OPTIONS:
        options(s, p);
        break;
    case OP_QUEUE:
        if (s->queue || p[0] > run->held_capacity) {
            ls__st_expect32(run, p[0], 0);
            break;
        }
        st = ls_queue_create(s->width, s->height, p[0], p[1], &run->arena,
                             &s->queue);
        expect_status(run, st, LS_OK);
        break;
    case OP_SUBMIT:
        submit(s, p);
        break;
    case OP_CANCEL:
    case OP_RELEASE:
        st = code == OP_CANCEL ? ls_queue_cancel(s->queue, word64(p))
                               : ls_queue_release(s->queue, word64(p));
        expect_status(run, st, p[2]);
        if (st == LS_OK)
            held_drop(s, word64(p));
        break;
    case OP_SET:
    case OP_RECT:
        edit(s, code, p);
        break;
    case OP_DIGEST:
        ls_grid_digest(run->grid, &d);
        ls__st_expect64(run, d, word64(p));
        break;
    case OP_BATCH:
        batch(s, p);
        break;
    case OP_CHECK:
        check_kept(s, p);
        break;
    case OP_CHECK_PATH:
        check_points(s, p);
        break;
    }
}

void ls__st_run_script(ls__st_run *run, uint32_t i)
{
    const ls__st_script *sc = &run->data->scripts[i];
    script_state s;

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
    ls_query_init(&s.query);
    if (ls__st_use_map(run, sc->map, 1) != 0)
        return;
    ls_grid_size(run->grid, &s.width, &s.height);
    s.mark = run->arena_used;
    while (s.at < s.n)
        operation(&s);
    ls_batch_destroy(s.batch);
    ls_queue_destroy(s.queue);
    run->arena_used = s.mark;
    /* The grid was edited: the next case loads its map again. */
    run->grid_map = UINT32_MAX;
}
