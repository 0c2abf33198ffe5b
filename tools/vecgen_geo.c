/* SPDX-License-Identifier: MIT */
/*
 * vecgen_geo.c - the geometry lines of a script (world frames, line of
 * sight, smoothing, path following; vectors/README.md "Geometry lines"):
 * each sg_* call makes the call on the library, works out what it must
 * give with the models of tests/oracle/oracle.h (written from lockstar.h
 * apart from src/), dies when the two differ, and records the line.
 */
#include <stdlib.h>
#include <string.h>
#include "vecgen.h"

uint32_t vg_line(int32_t ax, int32_t ay, int32_t bx, int32_t by,
                 ls_point *out, uint32_t cap)
{
    uint32_t n = or_line(ax, ay, bx, by, out, cap);
    if (n == 0)
        die("internal", "a segment the line model cannot list");
    return n;
}

/* sg_copy_points, for a line of at most VF_CHECK_PATH_MAX points. */
static ls_point *dup_points(const ls_point *p, uint32_t n)
{
    if (n > VF_CHECK_PATH_MAX)
        die("internal", "too many points for one line");
    return sg_copy_points(p, n);
}

void sg_frame(sgen *s, int32_t ox, int32_t oy, int32_t size)
{
    vf_op *op = sg_add(s, VF_OP_FRAME);
    s->frame.origin_x = ox;
    s->frame.origin_y = oy;
    s->frame.cell_size = size;
    op->world = s->frame;
}

ls_status sg_world_cell(sgen *s, int32_t x, int32_t y, int to_cell)
{
    vf_op *op = sg_add(s, to_cell ? VF_OP_TO_CELL : VF_OP_WORLD_CELL);
    ls_point want = { 0, 0 }, got = { 0, 0 };
    ls_status ws = or_world_cell(&s->frame, x, y, &want), gs;
    if (to_cell && ws == LS_OK &&
        (want.x < 0 || want.y < 0 || want.x >= s->w || want.y >= s->h))
        ws = LS_ERR_OUT_OF_BOUNDS;
    if (to_cell && ws == LS_ERR_WORLD_RANGE && x != INT32_MIN &&
        y != INT32_MIN)
        ws = LS_ERR_OUT_OF_BOUNDS; /* a cell outside int32 */
    gs = to_cell ? ls_world_to_cell(&s->frame, s->grid, x, y, &got)
                 : ls_world_cell(&s->frame, x, y, &got);
    op->ax = x;
    op->ay = y;
    op->status = gs;
    if (gs != ws || (gs == LS_OK && (got.x != want.x || got.y != want.y)))
        sg_fail_added(s,
                      "ls_world_cell differs from floor((x - origin) / size)");
    if (gs == LS_OK) {
        op->out_x = got.x;
        op->out_y = got.y;
    }
    return gs;
}

ls_status sg_centre(sgen *s, int32_t cx, int32_t cy)
{
    vf_op *op = sg_add(s, VF_OP_CENTRE);
    int32_t wx = 0, wy = 0;
    fix16_t gx = 0, gy = 0;
    ls_status ws = or_centre(&s->frame, cx, cy, &wx, &wy);
    ls_status gs = ls_world_cell_center(&s->frame, cx, cy, &gx, &gy);
    op->ax = cx;
    op->ay = cy;
    op->status = gs;
    if (gs != ws || (gs == LS_OK && (gx != wx || gy != wy)))
        sg_fail_added(s, "ls_world_cell_center differs from its definition");
    if (gs == LS_OK) {
        ls_point back;
        if (or_world_cell(&s->frame, gx, gy, &back) != LS_OK ||
            back.x != cx || back.y != cy)
            sg_fail_added(s, "a centre's cell is not its cell");
        op->out_x = gx;
        op->out_y = gy;
    }
    return gs;
}

/* A new line of kind on the segment from (ax, ay) to (bx, by). */
static vf_op *segment_op(sgen *s, int32_t kind, int32_t ax, int32_t ay,
                         int32_t bx, int32_t by)
{
    vf_op *op = sg_add(s, kind);
    op->ax = ax;
    op->ay = ay;
    op->bx = bx;
    op->by = by;
    return op;
}

static ls_status length_line(sgen *s, vf_op *op, ls_status ws, int32_t want,
                             ls_status gs, fix16_t got, const char *what)
{
    op->status = gs;
    if (gs != ws || (gs == LS_OK && got != want))
        sg_fail_added(s, what);
    if (gs == LS_OK)
        op->length = got;
    return gs;
}

ls_status sg_distance(sgen *s, int32_t ax, int32_t ay, int32_t bx,
                      int32_t by)
{
    vf_op *op = segment_op(s, VF_OP_DISTANCE, ax, ay, bx, by);
    int32_t want = 0;
    fix16_t got = 0;
    ls_status ws = or_distance(ax, ay, bx, by, &want);
    ls_status gs = ls_world_distance(ax, ay, bx, by, &got);
    return length_line(s, op, ws, want, gs, got,
                       "ls_world_distance differs from ceil(sqrt)");
}

ls_status sg_segment(sgen *s, int32_t ax, int32_t ay, int32_t bx,
                     int32_t by)
{
    vf_op *op = segment_op(s, VF_OP_SEGMENT, ax, ay, bx, by);
    int32_t want = 0;
    fix16_t got = 0;
    ls_status ws = or_segment(&s->frame, ax, ay, bx, by, &want);
    ls_status gs = ls_world_segment_length(&s->frame, ax, ay, bx, by, &got);
    return length_line(s, op, ws, want, gs, got,
                       "ls_world_segment_length differs from its definition");
}

ls_status sg_path_length(sgen *s, const ls_point *p, uint32_t n)
{
    vf_op *op = sg_add(s, VF_OP_PATH_LENGTH);
    int32_t want = 0;
    fix16_t got = 0;
    ls_status ws = or_path_length(&s->frame, p, n, &want);
    ls_status gs = ls_world_path_length(&s->frame, p, n, &got);
    op->point_count = n;
    op->points = dup_points(p, n);
    return length_line(s, op, ws, want, gs, got,
                       "ls_world_path_length differs from the sum");
}

ls_status sg_line(sgen *s, int32_t ax, int32_t ay, int32_t bx, int32_t by,
                  uint32_t cap)
{
    vf_op *op = segment_op(s, VF_OP_LINE, ax, ay, bx, by);
    ls_point want[VF_CHECK_PATH_MAX], got[VF_CHECK_PATH_MAX];
    uint32_t wn = 0, gn = 0;
    ls_status ws, gs;
    if (cap > VF_CHECK_PATH_MAX)
        sg_fail_added(s, "internal: line capacity above 64");
    ws = or_line_cells(ax, ay, bx, by, want, cap, &wn);
    if (ws != LS_ERR_OUT_OF_BOUNDS && wn == 0)
        die("internal", "a segment the line model cannot list");
    gs = ls_line_cells(ax, ay, bx, by, cap ? got : NULL, cap, &gn);
    op->capacity = cap;
    op->status = gs;
    if (gs != ws || (vf_op_has_result(op) && gn != wn) ||
        (gs == LS_OK && memcmp(want, got, gn * sizeof *got) != 0))
        sg_fail_added(s,
                      "ls_line_cells differs from the brute-force reference");
    if (vf_op_has_result(op)) {
        op->out_count = gn;
        if (gs == LS_OK)
            op->out_points = dup_points(got, gn);
    }
    return gs;
}

ls_status sg_sight(sgen *s, int32_t ax, int32_t ay, int32_t bx, int32_t by)
{
    vf_op *op = segment_op(s, VF_OP_SIGHT, ax, ay, bx, by);
    int32_t wclear = 0, gclear = 0;
    uint8_t wcost = 0, gcost = 0;
    ls_status ws = or_sight(s->cells, s->w, s->h, ax, ay, bx, by, &wclear,
                            &wcost);
    ls_status gs = ls_line_of_sight(s->grid, ax, ay, bx, by, &gclear);
    ls_status cs = ls_line_cost(s->grid, ax, ay, bx, by, &gcost);
    op->status = gs;
    if (gs != ws || cs != ws ||
        (gs == LS_OK && (gclear != wclear || gcost != wcost)))
        sg_fail_added(s,
                      "ls_line_of_sight or ls_line_cost differs from the reference");
    if (gs == LS_OK) {
        op->clear = gclear;
        op->max_cost = gcost;
    }
    return gs;
}

ls_status sg_smooth(sgen *s, uint32_t cap, const ls_point *p, uint32_t n,
                    ls_point *waypoints, uint32_t *count)
{
    vf_op *op = sg_add(s, VF_OP_SMOOTH);
    ls_point want[VF_CHECK_PATH_MAX], got[VF_CHECK_PATH_MAX];
    uint32_t wn = 0, gn = 0;
    ls_status ws, gs;
    if (cap > VF_CHECK_PATH_MAX || n > VF_CHECK_PATH_MAX)
        sg_fail_added(s, "internal: smooth above 64 points");
    ws = or_smooth(s->cells, s->w, s->h, p, n, want, NULL, cap, &wn);
    gs = ls_smooth_path(s->grid, p, n, cap ? got : NULL, cap, &gn);
    op->capacity = cap;
    op->point_count = n;
    op->points = dup_points(p, n);
    op->status = gs;
    if (gs != ws || (vf_op_has_result(op) && gn != wn) ||
        (gs == LS_OK && memcmp(want, got, gn * sizeof *got) != 0))
        sg_fail_added(s, "ls_smooth_path differs from the rule re-derived");
    if (gs == LS_OK) {
        /* Never longer, in every frame: checked in the current one. */
        int32_t a = 0, b = 0;
        if (or_path_length(&s->frame, p, n, &a) == LS_OK &&
            or_path_length(&s->frame, got, gn, &b) == LS_OK && b > a)
            sg_fail_added(s, "waypoints longer than the path");
        if (waypoints)
            memcpy(waypoints, got, gn * sizeof *got);
        if (count)
            *count = gn;
    }
    if (vf_op_has_result(op)) {
        op->out_count = gn;
        if (gs == LS_OK)
            op->out_points = dup_points(got, gn);
    }
    return gs;
}

/* The library's agent against the model's (the fields the lines show and
 * the rest the header defines). */
static void same_agent(sgen *s)
{
    const ls_agent *a = &s->agent;
    const or_agent *m = &s->model;
    if (a->x != m->x || a->y != m->y || a->speed != m->speed ||
        a->state != m->state || a->target != m->target ||
        a->travelled != m->travelled ||
        memcmp(&a->world, &m->world, sizeof a->world) != 0 ||
        (a->state != LS_AGENT_IDLE &&
         (a->count != m->count || a->from_x != m->from_x ||
          a->from_y != m->from_y)))
        sg_fail_added(s, "the agent differs from the follower's model");
}

ls_status sg_agent(sgen *s, int32_t x, int32_t y, int32_t speed)
{
    vf_op *op = sg_add(s, VF_OP_AGENT);
    ls_agent before = s->agent;
    ls_status ws = or_agent_init(&s->model, &s->frame, x, y, speed);
    ls_status gs = ls_agent_init(&s->agent, &s->frame, x, y, speed);
    op->ax = x;
    op->ay = y;
    op->speed = speed;
    op->status = gs;
    if (gs != ws)
        sg_fail_added(s, "ls_agent_init's status differs from the model");
    if (gs != LS_OK && memcmp(&before, &s->agent, sizeof before) != 0)
        sg_fail_added(s, "ls_agent_init changed the agent on an error");
    same_agent(s);
    return gs;
}

void sg_speed(sgen *s, int32_t speed)
{
    vf_op *op = sg_add(s, VF_OP_SPEED);
    op->speed = speed;
    s->agent.speed = speed;
    s->model.speed = speed;
}

static void record_agent(sgen *s, vf_op *op, ls_status ws, ls_status gs,
                         const ls_agent *before)
{
    op->status = gs;
    if (gs != ws)
        sg_fail_added(s, "the follower's status differs from the model");
    if (gs != LS_OK && memcmp(before, &s->agent, sizeof *before) != 0)
        sg_fail_added(s, "an error changed the agent");
    same_agent(s);
    if (gs == LS_OK) {
        op->out_x = s->agent.x;
        op->out_y = s->agent.y;
        op->state = s->agent.state;
        op->target = s->agent.target;
        if (op->kind == VF_OP_STEP)
            op->travelled = s->agent.travelled;
        else
            op->out_x = op->out_y = 0;
    }
}

ls_status sg_route(sgen *s, const ls_point *p, uint32_t n)
{
    vf_op *op = sg_add(s, VF_OP_ROUTE);
    ls_agent before = s->agent;
    or_agent mbefore = s->model;
    ls_status ws = or_agent_follow(&s->model, p, n);
    ls_status gs = ls_agent_follow(&s->agent, p, n); /* never NULL */
    op->point_count = n;
    op->points = dup_points(p, n);
    if (ws != LS_OK)
        s->model = mbefore;
    record_agent(s, op, ws, gs, &before);
    if (gs == LS_OK && n > 0)
        memcpy(s->route, p, n * sizeof *p);
    return gs;
}

ls_status sg_step(sgen *s, uint32_t count)
{
    vf_op *op = sg_add(s, VF_OP_STEP);
    ls_agent before = s->agent;
    or_agent mbefore = s->model;
    ls_status ws = or_agent_step(&s->model, s->route, count);
    ls_status gs = ls_agent_step(&s->agent, s->route, count);
    op->count = count;
    if (ws != LS_OK)
        s->model = mbefore;
    record_agent(s, op, ws, gs, &before);
    return gs;
}

uint32_t sg_found_path(sgen *s, ls_point *p, uint32_t max)
{
    ls_query q;
    ls_result r;
    int32_t pr[4];
    uint32_t tries;
    ls_query_init(&q);
    for (tries = 0; tries < 40; tries++) {
        sg_pair(s, pr);
        q.start_x = pr[0];
        q.start_y = pr[1];
        q.goal_x = pr[2];
        q.goal_y = pr[3];
        if (ls_find_path(s->search, s->grid, &q, s->buffer,
                         (uint32_t)s->w * (uint32_t)s->h, &r) == LS_OK &&
            r.path_length <= max && r.path_length >= 2) {
            int64_t cost = -1;
            char why[128];
            if (!tu_path_legal(s->grid, &q, s->buffer, r.path_length, 1,
                               &cost, why, sizeof why) ||
                cost != r.cost)
                sg_fail_added(s,
                              "a found path is not a legal walk of its cost");
            memcpy(p, s->buffer, r.path_length * sizeof *p);
            return r.path_length;
        }
    }
    return 0;
}
