/* SPDX-License-Identifier: MIT */
/*
 * replay_sim.c - one replay tick after another (docs/replay.md, "One
 * tick"): edits, re-planning, orders, the queue (or its batch model),
 * hand-over with smoothing, movement; and the digests.
 */
#include <stdlib.h>
#include <string.h>
#include "memory.h"
#include "replay_model.h"
#include "replay_sim.h"

uint64_t cli_fnv_u64(uint64_t h, uint64_t v, int bytes)
{
    int k;
    for (k = 0; k < bytes; k++) {
        h ^= (v >> (8 * k)) & 0xffu;
        h *= 0x100000001b3u;
    }
    return h;
}

const char *cli_sim_state_name(int32_t state)
{
    static const char *const names[] = {
        "idle", "waiting", "moving", "arrived", "unreachable"
    };
    return state >= 0 && state <= CLI_AGENT_UNREACHABLE ? names[state] : "?";
}

uint32_t cli_sim_waypoint_index(const cli_sim_agent *a)
{
    return a->state == CLI_AGENT_MOVING || a->state == CLI_AGENT_ARRIVED
               ? a->body.target
               : 0;
}

static uint64_t feed_agent(uint64_t h, const cli_sim_agent *a)
{
    h = cli_fnv_u64(h, (uint64_t)a->id, 8);
    h = cli_fnv_u64(h, (uint64_t)(uint32_t)a->body.x, 4);
    h = cli_fnv_u64(h, (uint64_t)(uint32_t)a->body.y, 4);
    h = cli_fnv_u64(h, (uint64_t)(uint32_t)a->state, 1);
    return cli_fnv_u64(h, cli_sim_waypoint_index(a), 4);
}

uint64_t cli_sim_agent_digest(const cli_sim_agent *a)
{
    return feed_agent(CLI_FNV_BASIS, a);
}

uint64_t cli_sim_digest(const cli_sim *sim)
{
    uint64_t map = 0, h = CLI_FNV_BASIS;
    uint32_t k;
    ls_grid_digest(sim->grid, &map);
    h = cli_fnv_u64(h, map, 8);
    h = cli_fnv_u64(h, sim->agent_count, 4);
    for (k = 0; k < sim->agent_count; k++)
        h = feed_agent(h, &sim->agents[k]);
    return h;
}

static int by_id(const void *a, const void *b)
{
    int64_t x = ((const cli_sim_agent *)a)->id;
    int64_t y = ((const cli_sim_agent *)b)->id;
    return x < y ? -1 : x > y;
}

static cli_sim_agent *find_agent(cli_sim *sim, int64_t id)
{
    uint32_t lo = 0, hi = sim->agent_count;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2u;
        if (sim->agents[mid].id < id)
            lo = mid + 1u;
        else
            hi = mid;
    }
    return lo < sim->agent_count && sim->agents[lo].id == id
               ? &sim->agents[lo]
               : NULL;
}

static int oops(mai_error *err, const char *what, ls_status st)
{
    mai_error_set(err, "replay: %s failed: %s (%s)", what,
                  ls_status_name(st), ls_status_string(st));
    return -1;
}

void cli_sim_end(cli_sim *sim)
{
    uint32_t k;
    if (sim->agents)
        for (k = 0; k < sim->agent_count; k++) {
            cli_release(sim->agents[k].path);
            cli_release(sim->agents[k].ways);
            cli_release(sim->agents[k].way_at);
        }
    cli_release(sim->agents);
    ls_queue_destroy(sim->queue);
    ls_search_destroy(sim->search);
    cli_model_destroy(sim->model);
    cli_release(sim->scratch);
    ls_grid_destroy(sim->grid);
    memset(sim, 0, sizeof *sim);
}

int cli_sim_start(cli_sim *sim, const char *name,
                  const cli_replay_script *script, ls_grid *grid,
                  uint32_t budget, uint32_t threads, mai_error *err)
{
    int32_t width = 0, height = 0;
    uint32_t k, pool;
    ls_status st;

    memset(sim, 0, sizeof *sim);
    sim->grid = grid;
    sim->script = script;
    sim->query = script->options.query;
    sim->budget = budget;
    sim->threads = threads;
    sim->next_request = 1;
    sim->world.origin_x = 0;
    sim->world.origin_y = 0;
    sim->world.cell_size = script->cell_size;
    ls_grid_size(grid, &width, &height);
    sim->cells = (uint32_t)width * (uint32_t)height;
    if (cli_replay_check_map(name, script, grid, err) != 0)
        return -1;
    sim->agent_count = script->agent_count;
    sim->agents = cli_alloc_zeroed(script->agent_count ? script->agent_count : 1,
                         sizeof *sim->agents);
    sim->scratch = cli_alloc((size_t)sim->cells * sizeof *sim->scratch);
    if (!sim->agents || !sim->scratch) {
        mai_error_set(err, "%s: out of memory", name);
        return -1;
    }
    for (k = 0; k < script->agent_count; k++) {
        const cli_replay_agent *d = &script->agents[k];
        cli_sim_agent *a = &sim->agents[k];
        fix16_t x, y;
        a->id = d->id;
        a->state = CLI_AGENT_IDLE;
        st = ls_world_cell_center(&sim->world, d->x, d->y, &x, &y);
        if (st == LS_OK)
            st = ls_agent_init(&a->body, &sim->world, x, y, d->speed);
        if (st != LS_OK) {
            mai_error_set(err, "%s:%lu: agent at %ld,%ld: %s (%s): the cell "
                          "size puts it outside fix16's range", name,
                          (unsigned long)d->line, (long)d->x, (long)d->y,
                          ls_status_name(st), ls_status_string(st));
            return -1;
        }
    }
    qsort(sim->agents, sim->agent_count, sizeof *sim->agents, by_id);
    st = ls_search_create(width, height, cli_library_allocator(),
                          &sim->search);
    if (st != LS_OK)
        return oops(err, "ls_search_create", st);
    if (threads > 1) {
        st = cli_model_create(width, height, sim->agent_count, threads,
                              &sim->model);
        return st == LS_OK ? 0 : oops(err, "the batch", st);
    }
    /* Room for every agent's request; the pool keeps what fits in about
     * 8 MB, and a path it could not keep is found again directly (the
     * same path: the queue's result is ls_find_path's). */
    pool = sim->cells;
    if (sim->agent_count > 0 && pool <= (1u << 20) / sim->agent_count)
        pool *= sim->agent_count;
    else if (pool < (1u << 20))
        pool = 1u << 20;
    st = ls_queue_create(width, height,
                         sim->agent_count ? sim->agent_count : 1, pool,
                         cli_library_allocator(), &sim->queue);
    return st == LS_OK ? 0 : oops(err, "ls_queue_create", st);
}

/* The cell the agent stands in. */
static ls_status agent_cell(const cli_sim *sim, const cli_sim_agent *a,
                            ls_point *cell)
{
    return ls_world_cell(&sim->world, a->body.x, a->body.y, cell);
}

/* Forget the agent's queued request, if any. */
static void drop_request(cli_sim *sim, cli_sim_agent *a)
{
    if (a->request == 0)
        return;
    if (sim->model)
        cli_model_cancel(sim->model, (uint32_t)(a - sim->agents));
    else
        ls_queue_cancel(sim->queue, a->request);
    a->request = 0;
}

/* A new request from the agent's cell to its goal; it waits. */
static int ask(cli_sim *sim, cli_sim_agent *a, mai_error *err)
{
    ls_query q = sim->query;
    ls_point cell;
    ls_status st;
    drop_request(sim, a);
    st = agent_cell(sim, a, &cell);
    if (st != LS_OK)
        return oops(err, "ls_world_cell", st);
    q.start_x = cell.x;
    q.start_y = cell.y;
    q.goal_x = a->goal.x;
    q.goal_y = a->goal.y;
    a->request = sim->next_request++;
    a->state = CLI_AGENT_WAITING;
    sim->requests++;
    if (sim->model) {
        cli_model_submit(sim->model, (uint32_t)(a - sim->agents), &q);
        return 0;
    }
    st = ls_queue_submit(sim->queue, a->request, &q);
    return st == LS_OK ? 0 : oops(err, "ls_queue_submit", st);
}

/* The index in the path of the waypoint the agent last passed. */
static uint32_t route_from(const cli_sim_agent *a)
{
    return a->body.target > 0 ? a->body.target - 1u : 0;
}

/* The cost of the rest of the agent's cell path on the grid now (-1 when
 * it is no longer legal). */
static int32_t rest_cost(const cli_sim *sim, const cli_sim_agent *a)
{
    uint32_t from = a->way_at[route_from(a)];
    ls_path_check check;
    if (ls_check_path(sim->grid, &sim->query, a->path + from,
                      a->path_length - from, -1, &check) != LS_OK ||
        check.first_illegal < a->path_length - from)
        return -1;
    return check.cost;
}

/* The remaining shortcuts still pass the smoothing rule: every cell each
 * touches passable and no dearer than the dearest path cell it replaces. */
static int shortcuts_hold(const cli_sim *sim, const cli_sim_agent *a)
{
    uint32_t w;
    for (w = route_from(a); w + 1u < a->way_count; w++) {
        uint32_t i = a->way_at[w], j = a->way_at[w + 1u], k;
        uint8_t line = 0, most = 0, c = 0;
        if (j == i + 1u)
            continue;
        for (k = i; k <= j; k++) {
            ls_grid_get(sim->grid, a->path[k].x, a->path[k].y, &c);
            if (c > most)
                most = c;
        }
        if (ls_line_cost(sim->grid, a->path[i].x, a->path[i].y, a->path[j].x,
                         a->path[j].y, &line) != LS_OK ||
            line == 0 || line > most)
            return 0;
    }
    return 1;
}

/* Steps 1 and 2: the tick's edits, then re-planning. */
static int edit_and_replan(cli_sim *sim, mai_error *err)
{
    const cli_replay_script *s = sim->script;
    uint32_t k, first = sim->next_event, before = 0, after = 0;
    int any = 0;
    for (k = first; k < s->event_count && s->events[k].tick == sim->tick; k++)
        if (s->events[k].kind != CLI_REPLAY_MOVE)
            any = 1;
    if (!any)
        return 0;
    for (k = 0; k < sim->agent_count; k++)
        if (sim->agents[k].state == CLI_AGENT_MOVING)
            sim->agents[k].route_cost = rest_cost(sim, &sim->agents[k]);
    ls_grid_revision(sim->grid, &before);
    for (k = first; k < s->event_count && s->events[k].tick == sim->tick; k++) {
        const cli_replay_event *e = &s->events[k];
        ls_status st = LS_OK;
        if (e->kind == CLI_REPLAY_SET)
            st = ls_grid_set(sim->grid, e->x, e->y, e->cost);
        else if (e->kind == CLI_REPLAY_RECT)
            st = ls_grid_set_rect(sim->grid, e->x, e->y, e->w, e->h, e->cost);
        if (st != LS_OK)
            return oops(err, "an edit", st);
    }
    ls_grid_revision(sim->grid, &after);
    if (before == after)
        return 0;
    for (k = 0; k < sim->agent_count; k++) {
        cli_sim_agent *a = &sim->agents[k];
        if (a->state != CLI_AGENT_MOVING)
            continue;
        if (rest_cost(sim, a) != a->route_cost || a->route_cost < 0 ||
            !shortcuts_hold(sim, a)) {
            sim->replans++;
            if (ask(sim, a, err) != 0)
                return -1;
        }
    }
    return 0;
}

/* Step 3: the tick's orders, in script order. */
static int orders(cli_sim *sim, mai_error *err)
{
    const cli_replay_script *s = sim->script;
    for (; sim->next_event < s->event_count &&
           s->events[sim->next_event].tick == sim->tick;
         sim->next_event++) {
        const cli_replay_event *e = &s->events[sim->next_event];
        cli_sim_agent *a;
        if (e->kind != CLI_REPLAY_MOVE)
            continue;
        a = find_agent(sim, e->agent);
        a->goal.x = e->x;
        a->goal.y = e->y;
        if (ask(sim, a, err) != 0)
            return -1;
    }
    return 0;
}

static int room_for(cli_sim_agent *a, uint32_t length)
{
    if (length <= a->path_room)
        return 0;
    cli_release(a->path);
    cli_release(a->ways);
    cli_release(a->way_at);
    a->path = cli_alloc((size_t)length * sizeof *a->path);
    a->ways = cli_alloc((size_t)length * sizeof *a->ways);
    a->way_at = cli_alloc((size_t)length * sizeof *a->way_at);
    a->path_room = a->path && a->ways && a->way_at ? length : 0;
    return a->path_room ? 0 : -1;
}

/* Step 5 for one agent: a finished request's outcome. */
static int hand_over(cli_sim *sim, cli_sim_agent *a, ls_status status,
                     const ls_point *path, uint32_t length, mai_error *err)
{
    uint32_t w, i;
    ls_status st;
    a->request = 0;
    if (status != LS_OK || length == 0) {
        a->state = CLI_AGENT_UNREACHABLE;
        return 0;
    }
    if (room_for(a, length) != 0)
        return oops(err, "a path's memory", LS_ERR_OUT_OF_MEMORY);
    memmove(a->path, path, (size_t)length * sizeof *path);
    a->path_length = length;
    st = ls_smooth_path(sim->grid, a->path, length, a->ways, a->path_room,
                        &a->way_count);
    if (st != LS_OK)
        return oops(err, "ls_smooth_path", st);
    /* Waypoints are a subsequence of the path: find each one's index. */
    for (w = 0, i = 0; w < a->way_count; w++) {
        while (a->path[i].x != a->ways[w].x || a->path[i].y != a->ways[w].y)
            i++;
        a->way_at[w] = i;
    }
    st = ls_agent_follow(&a->body, a->ways, a->way_count);
    if (st != LS_OK)
        return oops(err, "ls_agent_follow", st);
    a->state = a->body.state == LS_AGENT_ARRIVED ? CLI_AGENT_ARRIVED
                                                 : CLI_AGENT_MOVING;
    return 0;
}

/* Steps 4 and 5 with the queue. */
static int serve_queue(cli_sim *sim, mai_error *err)
{
    uint32_t k;
    clock_t t0 = clock();
    ls_status st = ls_queue_tick(sim->queue, sim->grid, sim->budget);
    sim->times.search += clock() - t0;
    if (st != LS_OK)
        return oops(err, "ls_queue_tick", st);
    t0 = clock();
    for (k = 0; k < sim->agent_count; k++) {
        cli_sim_agent *a = &sim->agents[k];
        ls_status done = LS_IN_PROGRESS;
        uint32_t length = 0;
        if (a->request == 0)
            continue;
        ls_queue_status(sim->queue, a->request, &done);
        if (done == LS_IN_PROGRESS)
            continue;
        if (done == LS_OK)
            ls_queue_path(sim->queue, a->request, sim->scratch, sim->cells,
                          &length);
        if (done == LS_ERR_POOL_FULL) {
            /* Found, but not kept: the same path again, directly. */
            ls_query q;
            ls_result r;
            ls_point cell;
            agent_cell(sim, a, &cell);
            q = sim->query;
            q.start_x = cell.x;
            q.start_y = cell.y;
            q.goal_x = a->goal.x;
            q.goal_y = a->goal.y;
            done = ls_find_path(sim->search, sim->grid, &q, sim->scratch,
                                sim->cells, &r);
            length = r.path_length;
        }
        ls_queue_release(sim->queue, a->request);
        if (hand_over(sim, a, done, sim->scratch, length, err) != 0)
            return -1;
    }
    sim->times.smooth += clock() - t0;
    return 0;
}

/* Steps 4 and 5 with the batch model. */
static int serve_model(cli_sim *sim, mai_error *err)
{
    uint32_t k;
    clock_t t0 = clock();
    ls_status st = cli_model_tick(sim->model, sim->grid, sim->budget);
    sim->times.search += clock() - t0;
    if (st != LS_OK)
        return oops(err, "the batch", st);
    t0 = clock();
    for (k = 0; k < sim->agent_count; k++) {
        cli_sim_agent *a = &sim->agents[k];
        const ls_point *path = NULL;
        uint32_t length = 0;
        ls_status done;
        if (a->request == 0 ||
            !cli_model_take(sim->model, k, &done, &path, &length))
            continue;
        if (hand_over(sim, a, done, path, length, err) != 0)
            return -1;
    }
    sim->times.smooth += clock() - t0;
    return 0;
}

int cli_sim_tick(cli_sim *sim, mai_error *err)
{
    uint32_t k;
    clock_t t0 = clock();
    if (edit_and_replan(sim, err) != 0 || orders(sim, err) != 0)
        return -1;
    sim->times.edits += clock() - t0;
    if ((sim->model ? serve_model(sim, err) : serve_queue(sim, err)) != 0)
        return -1;
    t0 = clock();
    for (k = 0; k < sim->agent_count; k++) {
        cli_sim_agent *a = &sim->agents[k];
        ls_status st;
        if (a->state != CLI_AGENT_MOVING)
            continue;
        st = ls_agent_step(&a->body, a->ways, a->way_count);
        if (st != LS_OK)
            return oops(err, "ls_agent_step", st);
        if (a->body.state == LS_AGENT_ARRIVED)
            a->state = CLI_AGENT_ARRIVED;
    }
    sim->times.follow += clock() - t0;
    sim->tick++;
    return 0;
}
