/* SPDX-License-Identifier: MIT */
/*
 * crowd.c - the oracle's crowd tick (oracle.h), written from
 * lockstar_crowd.h ("One tick", "Groups on flow fields", "Digests") apart
 * from src/crowd*.c, on the oracle's other models: the search order
 * (tu_reference_astar) for every request's expansions and path, the
 * budget rule of the path queue extended to the fields of the serving
 * order, the path check and the smoothing rule for ls_check_route, the
 * smoothing of found paths, the follower, the flow field model (its
 * directions steer the agents on fields) and the digests. Only how many
 * expansions a field's update takes has no model here (the library's
 * incremental update defines it): the caller's field callbacks mirror each
 * field on an ls_flow and report what ls_flow_begin, ls_flow_refresh and
 * ls_flow_step return; the model makes exactly the calls the header says
 * the crowd makes. The grid is read through ls_grid_size, ls_grid_get and
 * ls_grid_revision (whether an edit happened).
 */
#include <stdlib.h>
#include <string.h>
#include "oracle.h"

static const int32_t CDX[8] = { 0, 1, 0, -1, 1, 1, -1, -1 };
static const int32_t CDY[8] = { -1, 0, 1, 0, -1, 1, 1, -1 };

/* ---- small helpers ------------------------------------------------------- */

static or_crowd_agent *find(or_crowd *c, int64_t id)
{
    uint32_t i;
    for (i = 0; i < c->count; i++)
        if (c->agents[i].id == id)
            return &c->agents[i];
    return NULL;
}

static ls_point cell_of(const or_crowd *c, const or_crowd_agent *a)
{
    ls_point p = { 0, 0 };
    or_world_cell(&c->world, a->f.x, a->f.y, &p);
    return p;
}

static void drop_route(or_crowd_agent *a)
{
    free(a->path);
    free(a->way);
    free(a->way_index);
    a->path = a->way = NULL;
    a->way_index = NULL;
    a->path_len = a->way_count = 0;
}

/* Remove serving-order item k. */
static void serve_remove(or_crowd *c, uint32_t k)
{
    memmove(&c->serve[k], &c->serve[k + 1],
            (c->serve_count - k - 1) * sizeof c->serve[0]);
    c->serve_count--;
}

static int serve_find(const or_crowd *c, int kind, int64_t who)
{
    uint32_t k;
    for (k = 0; k < c->serve_count; k++)
        if (c->serve[k].kind == kind && c->serve[k].who == who)
            return (int)k;
    return -1;
}

static void serve_add(or_crowd *c, int kind, int64_t who)
{
    or_crowd_item *it = &c->serve[c->serve_count++];
    memset(it, 0, sizeof *it);
    it->kind = kind;
    it->who = who;
}

static uint32_t field_members(const or_crowd *c, int32_t slot)
{
    uint32_t i, n = 0;
    for (i = 0; i < c->count; i++)
        n += c->agents[i].field == slot;
    return n;
}

/* The agent leaves its request or its field (a field left empty frees its
 * slot and its place in the serving order). */
static void leave(or_crowd *c, or_crowd_agent *a)
{
    int k = serve_find(c, OR_ITEM_REQUEST, a->id);
    if (k >= 0)
        serve_remove(c, (uint32_t)k);
    if (a->field >= 0) {
        int32_t slot = a->field;
        a->field = -1;
        if (field_members(c, slot) == 0) {
            c->slots[slot].held = 0;
            k = serve_find(c, OR_ITEM_FIELD, slot);
            if (k >= 0)
                serve_remove(c, (uint32_t)k);
        }
    }
}

static void request(or_crowd *c, or_crowd_agent *a, ls_point goal)
{
    leave(c, a);
    a->goal = goal;
    a->state = LS_CROWD_WAITING;
    a->waypoint = 0;
    drop_route(a);
    serve_add(c, OR_ITEM_REQUEST, a->id);
}

/* ---- creation, agents, orders -------------------------------------------- */

int or_crowd_init(or_crowd *c, const ls_crowd_config *config,
                  const or_crowd_fields *fields)
{
    uint32_t s;
    memset(c, 0, sizeof *c);
    c->world = config->world;
    c->options = config->options;
    c->budget = config->budget;
    c->max_fields = config->max_fields;
    c->fields = *fields;
    c->width = config->width;
    c->height = config->height;
    c->run_digest = OR_FNV_BASIS;
    c->outcome = malloc(sizeof *c->outcome);
    c->cells = calloc((size_t)c->width * (size_t)c->height, 1);
    if (c->max_fields > OR_CROWD_SLOTS)
        return -1;
    for (s = 0; s < c->max_fields; s++) {
        c->slots[s].copy = malloc((size_t)c->width * (size_t)c->height);
        if (!c->slots[s].copy)
            return -1;
    }
    return c->outcome && c->cells ? 0 : -1;
}

void or_crowd_free(or_crowd *c)
{
    uint32_t i;
    for (i = 0; i < c->count; i++)
        drop_route(&c->agents[i]);
    for (i = 0; i < OR_CROWD_SLOTS; i++) {
        or_flow_free(&c->slots[i].model);
        free(c->slots[i].copy);
    }
    free(c->outcome);
    free(c->cells);
    memset(c, 0, sizeof *c);
}

int or_crowd_add(or_crowd *c, int64_t id, int32_t x, int32_t y, int32_t speed)
{
    or_crowd_agent *a;
    int32_t cx, cy;
    uint32_t i;
    if (c->count == OR_CROWD_AGENTS || find(c, id) ||
        or_centre(&c->world, x, y, &cx, &cy) != LS_OK)
        return -1;
    for (i = c->count; i > 0 && c->agents[i - 1].id > id; i--)
        c->agents[i] = c->agents[i - 1];
    a = &c->agents[i];
    memset(a, 0, sizeof *a);
    c->count++;
    a->id = id;
    a->field = -1;
    a->goal.x = x;
    a->goal.y = y;
    or_agent_init(&a->f, &c->world, cx, cy, speed);
    return 0;
}

int or_crowd_remove(or_crowd *c, int64_t id)
{
    or_crowd_agent *a = find(c, id);
    uint32_t i, k;
    if (!a)
        return -1;
    leave(c, a);
    drop_route(a);
    for (k = 0; k < c->order_count;)
        if (c->orders[k].id == id)
            memmove(&c->orders[k], &c->orders[k + 1],
                    (--c->order_count - k) * sizeof c->orders[0]);
        else
            k++;
    i = (uint32_t)(a - c->agents);
    memmove(a, a + 1, (c->count - i - 1) * sizeof *a);
    c->count--;
    return 0;
}

/* An order replaces the agent's earlier one and takes the later place. */
static void add_order(or_crowd *c, int64_t id, int kind, ls_point goal)
{
    uint32_t k;
    for (k = 0; k < c->order_count; k++)
        if (c->orders[k].id == id) {
            memmove(&c->orders[k], &c->orders[k + 1],
                    (c->order_count - k - 1) * sizeof c->orders[0]);
            c->order_count--;
            break;
        }
    if (c->order_count == OR_CROWD_AGENTS)
        return;
    c->orders[c->order_count].id = id;
    c->orders[c->order_count].kind = kind;
    c->orders[c->order_count].goal = goal;
    c->order_count++;
}

void or_crowd_order(or_crowd *c, int64_t id, int32_t x, int32_t y)
{
    ls_point g = { x, y };
    add_order(c, id, OR_ORDER_MOVE, g);
}

void or_crowd_group(or_crowd *c, const int64_t *ids, uint32_t n, int32_t x,
                    int32_t y)
{
    ls_point g = { x, y };
    uint32_t i;
    for (i = 0; i < n; i++)
        add_order(c, ids[i], OR_ORDER_GROUP, g);
}

void or_crowd_stop(or_crowd *c, int64_t id)
{
    ls_point g = { 0, 0 };
    add_order(c, id, OR_ORDER_STOP, g);
}

void or_crowd_speed(or_crowd *c, int64_t id, int32_t speed)
{
    or_crowd_agent *a = find(c, id);
    if (a)
        a->f.speed = speed;
}

/* ---- step 1: routes checked, fields refreshed ----------------------------- */

/* ls_check_route's "holds" for the rest of a's route from waypoint k, as
 * the header defines it, planned at the cost the rest had on prev. */
static int route_holds(const or_crowd *c, const uint8_t *prev,
                       const or_crowd_agent *a, uint32_t k)
{
    const uint8_t *now = c->cells;
    const ls_point *rest = a->path + a->way_index[k];
    uint32_t n = a->path_len - a->way_index[k], j, t;
    ls_path_check was, pc;
    if (or_path_check(prev, c->width, c->height, &c->options, rest, n, -1,
                      &was) != LS_OK ||
        or_path_check(now, c->width, c->height, &c->options, rest, n,
                      was.cost, &pc) != LS_OK ||
        pc.reason != LS_STEP_LEGAL || pc.cost_changed)
        return 0;
    for (j = k; j + 1 < a->way_count; j++) {
        uint32_t from = a->way_index[j], to = a->way_index[j + 1];
        uint8_t limit = 0, line;
        const ls_point *p = a->path;
        if (to <= from + 1)
            continue;
        for (t = from; t <= to; t++) {
            uint8_t v = now[(size_t)p[t].y * (size_t)c->width + (size_t)p[t].x];
            if (v > limit)
                limit = v;
        }
        line = or_line_cost(now, c->width, c->height, p[from].x, p[from].y,
                            p[to].x, p[to].y);
        if (line == 0 || line > limit)
            return 0;
    }
    return 1;
}

static void step_edits(or_crowd *c, const uint8_t *prev)
{
    const size_t n = (size_t)c->width * (size_t)c->height;
    uint32_t i, s;
    for (i = 0; i < c->count; i++) {
        or_crowd_agent *a = &c->agents[i];
        uint32_t k;
        if (a->state != LS_CROWD_MOVING || a->field >= 0)
            continue;
        k = a->f.target > 0 ? a->f.target - 1 : 0;
        if (!route_holds(c, prev, a, k))
            request(c, a, a->goal);
    }
    for (s = 0; s < c->max_fields; s++) {
        or_crowd_slot *f = &c->slots[s];
        if (!f->held)
            continue;
        c->fields.refresh(c->fields.ctx, s, c->grid);
        if (memcmp(f->copy, c->cells, n) == 0)
            continue;
        memcpy(f->copy, c->cells, n);
        /* "Goes back to the end of the serving order": a complete field
         * (which had left it); one still in it keeps its place and starts
         * again there, as a running request does (the header's words
         * read so; the library does this). */
        if (serve_find(c, OR_ITEM_FIELD, s) < 0)
            serve_add(c, OR_ITEM_FIELD, s);
        f->complete = 0;
        for (i = 0; i < c->count; i++)
            if (c->agents[i].field == (int32_t)s &&
                c->agents[i].state == LS_CROWD_MOVING) {
                c->agents[i].state = LS_CROWD_WAITING;
                c->agents[i].waypoint = 0;
            }
    }
}

/* ---- step 3: orders --------------------------------------------------------- */

static void group_order(or_crowd *c, or_crowd_agent *a, ls_point goal)
{
    const size_t n = (size_t)c->width * (size_t)c->height;
    uint32_t s;
    int32_t free_slot = -1;
    ls_status st;
    leave(c, a);
    drop_route(a);
    a->goal = goal;
    a->waypoint = 0;
    for (s = 0; s < c->max_fields; s++) {
        if (c->slots[s].held && c->slots[s].goal.x == goal.x &&
            c->slots[s].goal.y == goal.y) {
            a->field = (int32_t)s;
            a->state = LS_CROWD_WAITING;
            return;
        }
        if (!c->slots[s].held && free_slot < 0)
            free_slot = (int32_t)s;
    }
    if (free_slot < 0) {
        request(c, a, goal);
        return;
    }
    st = c->fields.begin(c->fields.ctx, (uint32_t)free_slot, c->grid,
                         &c->options, goal);
    if (st != LS_OK) {
        a->state = LS_CROWD_UNREACHABLE;
        return;
    }
    s = (uint32_t)free_slot;
    c->slots[s].held = 1;
    c->slots[s].complete = 0;
    c->slots[s].goal = goal;
    memcpy(c->slots[s].copy, c->cells, n);
    serve_add(c, OR_ITEM_FIELD, s);
    a->field = free_slot;
    a->state = LS_CROWD_WAITING;
}

static void step_orders(or_crowd *c)
{
    uint32_t k;
    for (k = 0; k < c->order_count; k++) {
        or_crowd_agent *a = find(c, c->orders[k].id);
        if (!a)
            continue;
        if (c->orders[k].kind == OR_ORDER_MOVE) {
            request(c, a, c->orders[k].goal);
        } else if (c->orders[k].kind == OR_ORDER_GROUP) {
            group_order(c, a, c->orders[k].goal);
        } else {
            leave(c, a);
            drop_route(a);
            a->state = LS_CROWD_IDLE;
            a->waypoint = 0;
        }
    }
    c->order_count = 0;
}

/* ---- step 4: the serving order under the budget ----------------------------- */

/* Begin a request on the grid as it is: what ls_find_path gives (the
 * oracle's search order), or the begin's refusal. */
static void begin_request(or_crowd *c, or_crowd_item *it)
{
    or_crowd_agent *a = find(c, it->who);
    ls_point s = cell_of(c, a);
    ls_query q = c->options;
    uint8_t sc, gc;
    q.start_x = s.x;
    q.start_y = s.y;
    q.goal_x = a->goal.x;
    q.goal_y = a->goal.y;
    it->given = 0;
    it->begun = 1;
    ls_grid_get(c->grid, s.x, s.y, &sc);
    ls_grid_get(c->grid, a->goal.x, a->goal.y, &gc);
    if (sc == 0 || gc == 0) {
        it->refused = 1;
        it->found = sc == 0 ? LS_ERR_START_BLOCKED : LS_ERR_GOAL_BLOCKED;
        it->expansions = 0;
        return;
    }
    it->refused = 0;
    tu_reference_astar(c->grid, &q, c->outcome);
    it->found = c->outcome->status;
    it->expansions = c->outcome->result.expansions;
}

static void finish_request(or_crowd *c, or_crowd_item *it)
{
    or_crowd_agent *a = find(c, it->who);
    it->done = 1;
    a->finished = 1;
    a->found = it->found;
}

static void step_serve(or_crowd *c, int restart)
{
    uint32_t left = c->budget, k;
    const int unlimited = c->budget == 0;
    for (k = 0; k < c->serve_count; k++)
        if (restart && c->serve[k].kind == OR_ITEM_REQUEST)
            c->serve[k].begun = 0;
    for (k = 0; k < c->serve_count && (unlimited || left > 0);) {
        or_crowd_item *it = &c->serve[k];
        if (it->kind == OR_ITEM_REQUEST) {
            uint32_t need;
            if (!it->begun) {
                begin_request(c, it);
                if (it->refused) {
                    finish_request(c, it);
                    serve_remove(c, k);
                    continue;
                }
            }
            need = it->expansions - it->given;
            if (unlimited || left >= need) {
                if (!unlimited)
                    left -= need;
                finish_request(c, it);
                serve_remove(c, k);
                continue;
            }
            it->given += left;
            left = 0;
        } else {
            uint32_t did = 0;
            ls_status st = c->fields.step(c->fields.ctx, (uint32_t)it->who,
                                          unlimited ? 0 : left, &did);
            if (!unlimited)
                left -= did < left ? did : left;
            if (st == LS_IN_PROGRESS) {
                left = 0;
                break;
            }
            c->slots[it->who].complete = 1;
            c->slots[it->who].status = st;
            or_flow_free(&c->slots[it->who].model);
            or_flow(c->cells, c->width, c->height, &c->options,
                    &c->slots[it->who].goal, 1, &c->slots[it->who].model);
            serve_remove(c, k);
            continue;
        }
        k++;
    }
}

/* ---- step 5: hand-over -------------------------------------------------------- */

static void hand_path(or_crowd *c, or_crowd_agent *a)
{
    ls_point s = cell_of(c, a);
    ls_query q = c->options;
    uint32_t n, wn = 0;
    q.start_x = s.x;
    q.start_y = s.y;
    q.goal_x = a->goal.x;
    q.goal_y = a->goal.y;
    tu_reference_astar(c->grid, &q, c->outcome);
    n = c->outcome->path_length;
    drop_route(a);
    a->path = malloc(n * sizeof *a->path);
    a->way = malloc(n * sizeof *a->way);
    a->way_index = malloc(n * sizeof *a->way_index);
    if (!a->path || !a->way || !a->way_index || n == 0) {
        drop_route(a);
        a->state = LS_CROWD_UNREACHABLE;
        return;
    }
    memcpy(a->path, c->outcome->path, n * sizeof *a->path);
    a->path_len = n;
    or_smooth(c->cells, c->width, c->height, a->path, n, a->way,
              a->way_index, n, &wn);
    a->way_count = wn;
    or_agent_follow(&a->f, a->way, wn);
    a->state = a->f.state == LS_AGENT_ARRIVED ? LS_CROWD_ARRIVED
                                              : LS_CROWD_MOVING;
    a->waypoint = a->f.target;
}

static void step_handover(or_crowd *c)
{
    uint32_t i;
    for (i = 0; i < c->count; i++) {
        or_crowd_agent *a = &c->agents[i];
        if (a->finished) {
            a->finished = 0;
            if (a->found == LS_OK) {
                hand_path(c, a);
            } else {
                a->state = LS_CROWD_UNREACHABLE;
                a->waypoint = 0;
            }
            continue;
        }
        if (a->field >= 0 && a->state == LS_CROWD_WAITING &&
            c->slots[a->field].complete) {
            const or_crowd_slot *f = &c->slots[a->field];
            ls_point p = cell_of(c, a);
            if (f->status != LS_OK ||
                f->model.cost[(size_t)p.y * (size_t)c->width + (size_t)p.x] <
                    0) {
                leave(c, a);
                a->state = LS_CROWD_UNREACHABLE;
                a->waypoint = 0;
            } else {
                a->state = LS_CROWD_MOVING;
                a->heading = p;
            }
        }
    }
}

/* ---- step 6: movement ------------------------------------------------------------ */

static void move_on_field(or_crowd *c, or_crowd_agent *a)
{
    const or_crowd_slot *f = &c->slots[a->field];
    ls_point at = a->heading;
    uint32_t n = 0;
    c->route[n++] = at;
    while (n < LS_CROWD_FIELD_REACH) {
        uint8_t d = f->model.direction[(size_t)at.y * (size_t)c->width +
                                       (size_t)at.x];
        if (d > 7)
            break;
        at.x += CDX[d];
        at.y += CDY[d];
        c->route[n++] = at;
    }
    or_agent_follow(&a->f, c->route, n);
    or_agent_step(&a->f, c->route, n);
    a->waypoint = a->f.target;
    a->heading = c->route[a->f.target];
    if (a->f.state == LS_AGENT_ARRIVED && a->heading.x == f->goal.x &&
        a->heading.y == f->goal.y) {
        leave(c, a);
        a->state = LS_CROWD_ARRIVED;
    }
}

static void step_move(or_crowd *c)
{
    uint32_t i;
    for (i = 0; i < c->count; i++) {
        or_crowd_agent *a = &c->agents[i];
        if (a->state != LS_CROWD_MOVING)
            continue;
        if (a->field >= 0) {
            move_on_field(c, a);
            continue;
        }
        or_agent_step(&a->f, a->way, a->way_count);
        a->waypoint = a->f.target;
        if (a->f.state == LS_AGENT_ARRIVED)
            a->state = LS_CROWD_ARRIVED;
    }
}

/* ---- the tick ------------------------------------------------------------------ */

uint64_t or_crowd_digest(const or_crowd *c)
{
    uint64_t d = or_fnv64(OR_FNV_BASIS,
                          or_map_digest(c->cells, c->width, c->height));
    uint32_t i;
    d = or_fnv32(d, c->count);
    for (i = 0; i < c->count; i++) {
        const or_crowd_agent *a = &c->agents[i];
        d = or_fnv64(d, (uint64_t)a->id);
        d = or_fnv32(d, (uint32_t)a->f.x);
        d = or_fnv32(d, (uint32_t)a->f.y);
        d = or_fnv_byte(d, (uint8_t)a->state);
        d = or_fnv32(d, a->state == LS_CROWD_MOVING ||
                                a->state == LS_CROWD_ARRIVED
                            ? a->waypoint : 0u);
    }
    return d;
}

int or_crowd_tick(or_crowd *c, const ls_grid *grid, uint64_t *tick_digest)
{
    const size_t n = (size_t)c->width * (size_t)c->height;
    uint8_t *prev = malloc(n ? n : 1);
    uint32_t revision = 0, x;
    int edited;
    if (!prev)
        return -1;
    memcpy(prev, c->cells, n);
    for (x = 0; x < n; x++)
        ls_grid_get(grid, (int32_t)(x % (size_t)c->width),
                    (int32_t)(x / (size_t)c->width), &c->cells[x]);
    ls_grid_revision(grid, &revision);
    edited = c->ticks > 0 && (grid != c->grid || revision != c->revision);
    c->grid = grid;
    c->revision = revision;
    if (edited)
        step_edits(c, prev);
    step_orders(c);
    step_serve(c, edited);
    step_handover(c);
    step_move(c);
    *tick_digest = or_crowd_digest(c);
    c->run_digest = or_fnv64(c->run_digest, *tick_digest);
    c->ticks++;
    free(prev);
    return 0;
}
