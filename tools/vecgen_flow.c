/* SPDX-License-Identifier: MIT */
/*
 * vecgen_flow.c - flow.vec: scripts of flow fields (vectors/README.md,
 * "Flow lines"). Each fg_* call makes the call on the library, works out
 * what it must give apart from src/ (the statuses by the header's rules,
 * every cell's cost and direction and the field digest by the oracle's
 * model, tests/oracle/flow.c), dies when the two differ, and records the
 * line. The file: fields on generated maps (every family of sg_map, both
 * connectivities, every corner rule, the step costs of vec_options, one to
 * eight goals, slicing budgets) edited and refreshed; on the bundled maps
 * (maps/fort.map, maps/pinch.map, maps/demo.map); on terrain up to 255;
 * fields past LS_COST_MAX; every error of create, begin, refresh and the
 * cell readers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vecgen.h"

#define FG_MAX_GOALS 64

typedef struct fgen {
    sgen s;
    ls_flow *flow;
    uint32_t max_goals;
    int has_field;           /* the last begin was accepted */
    ls_status end;           /* the last field run's end */
    uint32_t total;          /* ls_flow_expansions after it */
    uint8_t *copy;           /* the cells the field describes */
    ls_query options;        /* the field's moves */
    ls_point goals[FG_MAX_GOALS];
    uint32_t goal_count;
    or_flow_field model;     /* the model's field of copy */
    struct fg_counts *count;
} fgen;

/* What the generator checked, for the summary. */
typedef struct fg_counts {
    uint32_t fields, refreshes, noops, overflows, cells, cell_lines;
} fg_counts;

static void fg_begin_script(gen *g, fgen *f, const ls_query *q,
                            fg_counts *count)
{
    memset(f, 0, sizeof *f);
    f->count = count;
    sg_begin(g, &f->s, q, "1");
    f->copy = malloc((size_t)f->s.w * (size_t)f->s.h);
    if (!f->copy)
        die("out of memory", NULL);
}

static void fg_end_script(fgen *f)
{
    ls_flow_destroy(f->flow);
    or_flow_free(&f->model);
    free(f->copy);
    sg_end(&f->s);
}

static void fg_create(fgen *f, uint32_t max_goals)
{
    ls_status want = max_goals == 0 || max_goals > LS_FLOW_MAX_GOALS
                         ? LS_ERR_BAD_SIZE : LS_OK;
    ls_status got = ls_flow_create(f->s.w, f->s.h, max_goals, NULL, &f->flow);
    vf_op *op;
    if (got != want)
        sg_fail(&f->s, "ls_flow_create differs from the header's rule");
    op = sg_add(&f->s, VF_OP_FLOW);
    op->capacity = max_goals;
    op->status = got;
    f->max_goals = max_goals;
}

/* ls_flow_begin's status by the header: the options as ls_query_validate
 * checks them, then the goal count, then the goals (the oracle). */
static ls_status begin_rule(const fgen *f, const ls_point *goals, uint32_t n)
{
    const ls_query *q = &f->s.query;
    if (!f->flow)
        return LS_ERR_NULL_ARGUMENT;
    if ((q->connectivity != LS_CONNECT_4 && q->connectivity != LS_CONNECT_8) ||
        q->corner_rule < LS_CORNERS_NONE || q->corner_rule > LS_CORNERS_ALL)
        return LS_ERR_BAD_OPTION;
    if (q->straight_cost < 1 || q->straight_cost > LS_MAX_STEP_COST ||
        q->diagonal_cost < q->straight_cost ||
        q->diagonal_cost > 2u * q->straight_cost)
        return LS_ERR_BAD_STEP_COST;
    if (n == 0 || n > f->max_goals)
        return LS_ERR_BAD_SIZE;
    return or_flow_goals(f->s.cells, f->s.w, f->s.h, goals, n);
}

/* Step the field to its end under budget and record the run in op; then
 * check the field against the model of the script's cells now. fresh: a
 * begin (its expansions are the cells reached). */
static void field_run(fgen *f, vf_op *op, uint32_t budget, int fresh)
{
    const size_t n = (size_t)f->s.w * (size_t)f->s.h;
    uint32_t did, sum = 0, slices = 0, extra = 1, total = 0;
    ls_status st, again;
    uint64_t digest = 0;
    size_t i;

    do {
        did = 0;
        st = ls_flow_step(f->flow, budget, &did);
        slices++;
        sum += did;
        if ((budget && did > budget) || (st == LS_IN_PROGRESS && did == 0))
            sg_fail_added(&f->s, "ls_flow_step: more than the budget, or no "
                                 "progress");
    } while (st == LS_IN_PROGRESS);
    again = ls_flow_step(f->flow, budget, &extra);
    if (ls_flow_expansions(f->flow, &total) != LS_OK || again != st ||
        extra != 0 || total != sum) {
        sg_fail_added(&f->s, "ls_flow_step or ls_flow_expansions: the end "
                             "does not hold, or the counts disagree");
    }
    op->end_status = st;
    op->slices = slices;
    op->expansions = total;
    f->end = st;
    f->total = total;
    memcpy(f->copy, f->s.cells, n);
    or_flow_free(&f->model);
    if (or_flow(f->s.cells, f->s.w, f->s.h, &f->options, f->goals,
                f->goal_count, &f->model) == LS_ERR_OUT_OF_MEMORY)
        die("out of memory", NULL);
    if (st != f->model.status)
        sg_fail_added(&f->s, "the field's end status differs from the model");
    if (fresh && total != (st == LS_OK ? f->model.reached : f->model.settled))
        sg_fail_added(&f->s, "a fresh field's expansions are not the cells "
                             "a goal is reached from");
    if (st != LS_OK) {
        if (ls_flow_digest(f->flow, &digest) != st)
            sg_fail_added(&f->s, "ls_flow_digest after an overflow");
        f->count->overflows++;
        return;
    }
    {
        int32_t *cost = malloc(n * sizeof *cost);
        uint8_t *dir = malloc(n);
        if (!cost || !dir)
            die("out of memory", NULL);
        if (ls_flow_costs(f->flow, cost, n) != LS_OK ||
            ls_flow_directions(f->flow, dir, n) != LS_OK ||
            ls_flow_digest(f->flow, &digest) != LS_OK)
            sg_fail_added(&f->s, "a complete field cannot be read");
        for (i = 0; i < n; i++)
            if (cost[i] != f->model.cost[i] || dir[i] != f->model.direction[i])
                sg_fail_added(&f->s, "a cell's cost or direction differs "
                                     "from the model");
        if (digest != or_flow_digest(f->model.cost, f->model.direction, n))
            sg_fail_added(&f->s, "the field digest differs from the model's");
        free(cost);
        free(dir);
    }
    op->field_digest = digest;
    f->count->cells += (uint32_t)n;
}

static ls_status fg_begin(fgen *f, uint32_t budget, const ls_point *goals,
                          uint32_t n)
{
    ls_status want = begin_rule(f, goals, n), got;
    vf_op *op;
    if (n > FG_MAX_GOALS)
        die("internal", "too many goals for one line");
    got = ls_flow_begin(f->flow, f->s.grid, &f->s.query, goals, n);
    if (got != want)
        sg_fail(&f->s, "ls_flow_begin's status differs from the header's");
    op = sg_add(&f->s, VF_OP_FLOW_BEGIN);
    op->budget = budget;
    op->point_count = n;
    op->points = sg_copy_points(goals, n);
    op->status = got;
    f->has_field = got == LS_OK;
    if (got != LS_OK)
        return got;
    f->options = f->s.query;
    memcpy(f->goals, goals, n * sizeof *goals);
    f->goal_count = n;
    field_run(f, op, budget, 1);
    f->count->fields++;
    return got;
}

static ls_status fg_refresh(fgen *f, uint32_t budget)
{
    const size_t n = (size_t)f->s.w * (size_t)f->s.h;
    ls_status want, got;
    vf_op *op;
    if (!f->flow)
        want = LS_ERR_NULL_ARGUMENT;
    else if (!f->has_field)
        want = LS_ERR_NO_QUERY;
    else if (f->end == LS_OK && memcmp(f->copy, f->s.cells, n) == 0)
        want = LS_OK;
    else
        want = LS_IN_PROGRESS;
    got = ls_flow_refresh(f->flow, f->s.grid);
    if (got != want)
        sg_fail(&f->s, "ls_flow_refresh's status differs from the header's");
    op = sg_add(&f->s, VF_OP_FLOW_REFRESH);
    op->budget = budget;
    op->status = got;
    if (got == LS_IN_PROGRESS) {
        field_run(f, op, budget, 0);
        f->count->refreshes++;
    }
    f->count->noops += got == LS_OK;
    return got;
}

static ls_status fg_cell(fgen *f, int32_t x, int32_t y)
{
    ls_status want, got, gd;
    int32_t cost = 0, dir = 0;
    vf_op *op;
    if (!f->flow)
        want = LS_ERR_NULL_ARGUMENT;
    else if (!f->has_field)
        want = LS_ERR_NO_QUERY;
    else if (f->end != LS_OK)
        want = f->end;
    else if (x < 0 || y < 0 || x >= f->s.w || y >= f->s.h)
        want = LS_ERR_OUT_OF_BOUNDS;
    else
        want = LS_OK;
    got = ls_flow_cost(f->flow, x, y, &cost);
    gd = ls_flow_direction(f->flow, x, y, &dir);
    if (got != want || gd != want)
        sg_fail(&f->s, "ls_flow_cost or ls_flow_direction: a status differs "
                       "from the header's");
    if (got == LS_OK) {
        size_t i = (size_t)y * (size_t)f->s.w + (size_t)x;
        if (cost != f->model.cost[i] || dir != f->model.direction[i])
            sg_fail(&f->s, "flow-cell differs from the model");
    }
    op = sg_add(&f->s, VF_OP_FLOW_CELL);
    op->x = x;
    op->y = y;
    op->status = got;
    op->field_cost = cost;
    op->direction = dir;
    f->count->cell_lines++;
    return got;
}

/* ---- the file ------------------------------------------------------------ */

static const uint32_t fg_budgets[8] = { 0, 1, 7, 64, 1000, 3, 0, 250 };

/* Options: connectivity and corner rule from k, step costs drawn. */
static void fg_options(gen *g, uint32_t k, ls_query *q)
{
    uint32_t c = rnd(g, 18);
    ls_query_init(q);
    q->connectivity = k % 3 == 0 ? LS_CONNECT_4 : LS_CONNECT_8;
    q->corner_rule = (int32_t)((k / 3) % 3);
    q->straight_cost = costs[c][0];
    q->diagonal_cost = costs[c][1];
}

/* n goals on open cells (a few repeated). */
static uint32_t fg_goals(fgen *f, uint32_t n, ls_point *goals)
{
    uint32_t i;
    for (i = 0; i < n; i++) {
        if (i > 0 && rnd(f->s.g, 8) == 0) {
            goals[i] = goals[rnd(f->s.g, i)];
            continue;
        }
        if (sg_open(&f->s, &goals[i].x, &goals[i].y) != 0)
            die("internal", "a flow map without an open cell");
    }
    return n;
}

/* A random cell. The draws are in statements of their own, y first (the
 * order gcc gave the arguments they once were: the file was written so),
 * so that every compiler regenerates the same file. */
static void fg_random_cell(fgen *f)
{
    int32_t y = (int32_t)rnd(f->s.g, (uint32_t)f->s.h);
    int32_t x = (int32_t)rnd(f->s.g, (uint32_t)f->s.w);
    fg_cell(f, x, y);
}

/* One to three random edits of the script's grid. */
static void fg_edits(fgen *f)
{
    static const uint32_t cost_of[6] = { 0, 0, 1, 2, 5, 9 };
    uint32_t e, n = 1 + rnd(f->s.g, 3);
    for (e = 0; e < n; e++) {
        int32_t x = (int32_t)rnd(f->s.g, (uint32_t)f->s.w);
        int32_t y = (int32_t)rnd(f->s.g, (uint32_t)f->s.h);
        uint32_t c = cost_of[rnd(f->s.g, 6)];
        if (rnd(f->s.g, 3) == 0) {
            int32_t w = 1 + (int32_t)rnd(f->s.g, 4), h = 1 + (int32_t)rnd(f->s.g, 4);
            if (x + w > f->s.w)
                w = f->s.w - x;
            if (y + h > f->s.h)
                h = f->s.h - y;
            if (w * h > 1) {
                sg_rect(&f->s, x, y, w, h, c);
                continue;
            }
        }
        sg_set(&f->s, x, y, c);
    }
}

/* A field, cells read, edited and refreshed, a no-op refresh; sometimes
 * a goal blocked and reopened, or options changed and a field begun
 * again on the same flow. */
static void fg_life(fgen *f, uint32_t k)
{
    gen *g = f->s.g;
    ls_point goals[8];
    uint32_t n = k % 4 == 0 ? 1 : 2 + rnd(g, 7), r, rounds = 1 + rnd(g, 3);

    fg_create(f, 8);
    fg_goals(f, n, goals);
    fg_begin(f, fg_budgets[rnd(g, 8)], goals, n);
    fg_random_cell(f);
    fg_cell(f, goals[0].x, goals[0].y);
    for (r = 0; r < rounds; r++) {
        fg_edits(f);
        fg_refresh(f, fg_budgets[rnd(g, 8)]);
        fg_random_cell(f);
    }
    fg_refresh(f, fg_budgets[rnd(g, 8)]); /* nothing changed: LS_OK */
    fg_random_cell(f);
    if (k % 5 == 1) {
        ls_point p = goals[n - 1];
        uint8_t was = sg_cell(&f->s, p.x, p.y);
        sg_set(&f->s, p.x, p.y, 0);
        fg_refresh(f, 0);
        fg_cell(f, p.x, p.y);
        sg_set(&f->s, p.x, p.y, was ? was : 1);
        fg_refresh(f, 0);
        fg_cell(f, p.x, p.y);
    }
    if (k % 7 == 2) {
        ls_query q = f->s.query;
        q.connectivity = q.connectivity == LS_CONNECT_4 ? LS_CONNECT_8
                                                        : LS_CONNECT_4;
        q.corner_rule = (q.corner_rule + 1) % 3;
        sg_options(&f->s, &q, "1");
        n = 1 + rnd(g, 8);
        fg_goals(f, n, goals);
        fg_begin(f, fg_budgets[rnd(g, 8)], goals, n);
        fg_random_cell(f);
    }
}

static void fg_generated(gen *g, uint32_t scripts, fg_counts *count)
{
    uint32_t k;
    for (k = 0; k < scripts; k++) {
        fgen f;
        ls_query q;
        int32_t w = 6 + (int32_t)rnd(g, 43), h = 6 + (int32_t)rnd(g, 43);
        sg_map(g, k, w, h, 91000 + k);
        fg_options(g, k, &q);
        fg_begin_script(g, &f, &q, count);
        fg_life(&f, k);
        fg_end_script(&f);
    }
}

static void fg_terrain(gen *g, uint32_t scripts, fg_counts *count)
{
    static const uint32_t maxes[4] = { 2, 9, 40, 255 };
    uint32_t k;
    for (k = 0; k < scripts; k++) {
        fgen f;
        ls_query q;
        int32_t w = 12 + (int32_t)rnd(g, 37), h = 12 + (int32_t)rnd(g, 37);
        uint32_t size = 2 + rnd(g, 10); /* drawn first, as fg_random_cell */
        uint32_t patches = 4 + rnd(g, 12);
        map_gen(g, MG_TERRAIN, w, h, 92000 + k, patches, size, maxes[k % 4],
                k % 3 == 0 ? 0 : 10);
        fg_options(g, k + 1, &q);
        fg_begin_script(g, &f, &q, count);
        fg_life(&f, k + 3);
        fg_end_script(&f);
    }
}

static void fg_files(gen *g, fg_counts *count)
{
    static const struct { const char *path; int32_t w, h; } maps[3] = {
        { "maps/fort.map", 48, 24 }, { "maps/pinch.map", 32, 20 },
        { "maps/demo.map", 48, 24 }
    };
    uint32_t m, k;
    for (m = 0; m < 3; m++) {
        map_file(g, maps[m].path, maps[m].w, maps[m].h);
        for (k = 0; k < 8; k++) {
            fgen f;
            ls_query q;
            fg_options(g, k + (k / 6), &q);
            fg_begin_script(g, &f, &q, count);
            fg_life(&f, k + 4 * m);
            fg_end_script(&f);
        }
    }
}

/* A 60 x 12 strip of cost 255 with three walls of one gap each (a path of
 * some 240 steps): at straight cost 65535 its far cells pass LS_COST_MAX
 * (128 steps of 255 * 65535 fit, 129 do not). An edit opening the walls
 * near the goal, or at cheaper costs, brings it back under. */
static void fg_overflow(gen *g, uint32_t scripts, fg_counts *count)
{
    uint32_t k;
    for (k = 0; k < scripts; k++) {
        fgen f;
        ls_query q;
        ls_point goal;
        map_gen(g, MG_EMPTY, 60, 12, 0, 0, 0, 0, 0);
        map_edit(g, 0, 0, 60, 12, 255);
        map_edit(g, 1, 2, 59, 1, 0);
        map_edit(g, 0, 5, 59, 1, 0);
        map_edit(g, 1, 8, 59, 1, 0);
        ls_query_init(&q);
        q.connectivity = k % 2 ? LS_CONNECT_8 : LS_CONNECT_4;
        q.corner_rule = (int32_t)(k % 3);
        q.straight_cost = 65535 - 1000 * (k / 2);
        q.diagonal_cost = q.straight_cost + (k % 4) * 9000;
        fg_begin_script(g, &f, &q, count);
        fg_create(&f, 2);
        goal.x = 59 - (int32_t)k;
        goal.y = 0;
        fg_begin(&f, fg_budgets[k % 8], &goal, 1);
        fg_cell(&f, 0, 0);
        fg_refresh(&f, 7); /* an overflowed field is computed again */
        sg_rect(&f.s, 0, 2, 60, 7, 255); /* the walls opened */
        fg_refresh(&f, fg_budgets[(k + 3) % 8]);
        fg_cell(&f, 0, 11);
        sg_rect(&f.s, 0, 5, 60, 1, 0); /* a wall back, without a gap */
        fg_refresh(&f, 64);
        fg_cell(&f, 0, 11);
        fg_cell(&f, 30, 3);
        fg_end_script(&f);
    }
}

/* Every error of the four lines, each script on a small random map. */
static void fg_errors(gen *g, fg_counts *count)
{
    static const int32_t bad[][3] = {
        /* connectivity, corner rule, then straight (diagonal 2x) */
        { 6, 0, 10 }, { 0, 0, 10 }, { 8, 3, 10 }, { 8, -1, 10 },
        { 8, 0, 0 }, { 4, 0, 65536 }
    };
    uint32_t k;
    for (k = 0; k < 14; k++) {
        fgen f;
        ls_query q;
        ls_point goals[10];
        int32_t x, y;
        uint32_t i;
        map_gen(g, MG_RANDOM, 10 + (int32_t)k, 9, 93000 + k, 25, 0, 0, 0);
        ls_query_init(&q);
        fg_begin_script(g, &f, &q, count);
        if (k < 2) {
            /* LS_ERR_BAD_SIZE: the flow stays NULL */
            fg_create(&f, k == 0 ? 0 : LS_FLOW_MAX_GOALS + 1);
            fg_goals(&f, 1, goals);
            fg_begin(&f, 0, goals, 1);
            fg_refresh(&f, 0);
            fg_cell(&f, 0, 0);
            fg_end_script(&f);
            continue;
        }
        fg_create(&f, 3);
        fg_cell(&f, 0, 0);     /* LS_ERR_NO_QUERY */
        fg_refresh(&f, 0);     /* LS_ERR_NO_QUERY */
        fg_goals(&f, 4, goals);
        if (k < 8) {
            ls_query b = q;
            b.connectivity = bad[k - 2][0];
            b.corner_rule = bad[k - 2][1];
            b.straight_cost = (uint32_t)bad[k - 2][2];
            b.diagonal_cost = 2u * b.straight_cost;
            if (k == 7)
                b.diagonal_cost = 65536;
            sg_options(&f.s, &b, "1");
            fg_begin(&f, 0, goals, 1);
            sg_options(&f.s, &q, "1");
        }
        fg_begin(&f, 0, goals, 0);            /* LS_ERR_BAD_SIZE */
        fg_begin(&f, 0, goals, 4);            /* above max_goals */
        goals[1].x = k % 2 ? -1 : f.s.w;      /* outside */
        goals[1].y = 2;
        fg_begin(&f, 7, goals, 2);
        fg_cell(&f, 1, 1);                    /* refused: no field */
        if (pick_blocked(g, &x, &y) == 0) {
            goals[1].x = x;                   /* blocked */
            goals[1].y = y;
            fg_begin(&f, 0, goals, 2);
            goals[2] = goals[0];
            goals[0].x = -5;                  /* outside, then blocked */
            fg_begin(&f, 0, goals, 2);
            goals[0] = goals[1];              /* blocked, then outside */
            goals[1].x = -5;
            goals[1].y = 0;
            fg_begin(&f, 0, goals, 2);
        }
        fg_goals(&f, 2, goals);
        fg_begin(&f, 1 + k, goals, 2);
        for (i = 0; i < 4; i++) {
            static const int32_t out[4][2] = {
                { -1, 0 }, { 0, -1 }, { 1000, 0 }, { 0, 1000 } };
            fg_cell(&f, out[i][0] < 1000 ? out[i][0] : f.s.w,
                    out[i][1] < 1000 ? out[i][1] : f.s.h);
        }
        fg_random_cell(&f);
        fg_end_script(&f);
    }
}

void fam_flow(gen *g)
{
    fg_counts c, *count = &c;
    memset(&c, 0, sizeof c);
    fg_generated(g, 150, count);
    fg_terrain(g, 24, count);
    fg_files(g, count);
    fg_overflow(g, 8, count);
    fg_errors(g, count);
    printf("  flow: %lu fields begun, %lu refreshed (%lu with nothing to "
           "do), %lu overflowed; %lu cells and %lu flow-cell lines checked "
           "against the model\n",
           (unsigned long)c.fields, (unsigned long)c.refreshes,
           (unsigned long)c.noops, (unsigned long)c.overflows,
           (unsigned long)c.cells, (unsigned long)c.cell_lines);
}
