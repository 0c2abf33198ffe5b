/* SPDX-License-Identifier: MIT */
/*
 * crowd_tick.c - one crowd tick (lockstar_crowd.h, "One tick"): route
 * checks after edits, orders, the requests, hand-over with smoothing,
 * movement, the digest. Every rule is the library's own call: the route
 * check is ls_check_route, costs are ls_check_path's, smoothing is
 * ls_smooth_path, following is ls_agent_follow / ls_agent_step.
 */
#include <string.h>
#include "crowd.h"
#include "grid.h"
#include "hash.h"
#include "lockstar.h"

ls_point ls__crowd_cell(const ls_crowd *c, const ls__crowd_agent *a)
{
    ls_point cell = { 0, 0 };
    /* Cannot fail: every position a crowd gives an agent lies in a cell
     * of the grid (a centre, or a point of a leg between centres). */
    (void)ls_world_cell(&c->config.world, a->body.x, a->body.y, &cell);
    return cell;
}

void ls__crowd_ask(ls_crowd *c, ls__crowd_agent *a)
{
    ls__crowd_cancel(c, a);
    ls__crowd_submit(c, a, ls__crowd_cell(c, a));
    a->state = LS_CROWD_WAITING;
    c->stats.requests++;
}

/* The waypoint the agent last passed (0 before it passed any). */
static uint32_t route_from(const ls__crowd_agent *a)
{
    return a->body.target > 0 ? a->body.target - 1u : 0;
}

/* Each waypoint's cost of the path from it to the end, from waypoint
 * `from` on, on grid now (the path is legal there: it was just found, or
 * its check just held). Costs are ls_check_path's, segment by segment. */
static ls_status mark_costs(const ls_crowd *c, const ls_grid *grid,
                            const ls__crowd_agent *a, uint32_t from)
{
    const ls_point *path = ls__crowd_path(c, a);
    ls_point *marks = ls__crowd_marks(c, a);
    uint32_t w = a->way_count - 1u;
    int32_t rest = 0;
    ls_query q;
    ls__crowd_options(c, a->asked_clearance, &q);
    marks[w].y = 0;
    while (w-- > from) {
        ls_path_check check;
        const uint32_t i = (uint32_t)marks[w].x, j = (uint32_t)marks[w + 1].x;
        ls_status st = ls_check_path(grid, &q, path + i,
                                     j - i + 1u, -1, &check);
        if (st != LS_OK)
            return st;
        rest += check.cost;
        marks[w].y = rest;
    }
    return LS_OK;
}

/* Step 1 for one MOVING agent: 1 when its route still holds. */
static int route_holds(ls_crowd *c, const ls_grid *grid,
                       const ls__crowd_agent *a)
{
    const uint32_t from = route_from(a);
    const ls_point *marks = ls__crowd_marks(c, a);
    const uint32_t at = (uint32_t)marks[from].x;
    ls_route_check check;
    ls_query q;
    ls__crowd_options(c, a->asked_clearance, &q);
    if (ls_check_route(grid, &q, ls__crowd_path(c, a) + at,
                       a->path_length - at, ls__crowd_ways(c, a) + from,
                       a->way_count - from, marks[from].y, &check) !=
            LS_OK ||
        !check.holds)
        return 0;
    /* The costs of the rest on this grid, for the next edit's check (the
     * total is unchanged, its split between segments may not be). A
     * failure here (costs past LS_COST_MAX) cannot follow a check that
     * held with the same costs. */
    return mark_costs(c, grid, a, from) == LS_OK;
}

static void check_routes(ls_crowd *c, const ls_grid *grid)
{
    uint32_t n;
    for (n = 0; n < c->count; n++) {
        ls__crowd_agent *a = &c->agents[c->by_id[n]];
        if (a->state == LS_CROWD_MOVING && a->field == LS__CROWD_NONE &&
            !route_holds(c, grid, a)) {
            c->stats.replans++;
            ls__crowd_ask(c, a);
        }
    }
}

/* Drop what the agent was doing: its request, its field, its route. */
static void drop_all(ls_crowd *c, ls__crowd_agent *a)
{
    ls__crowd_cancel(c, a);
    ls__crowd_field_leave(c, a);
    ls__crowd_pool_release(c, a);
}

/* Avoidance switched on or off for this tick. Off: an agent that was
 * avoiding was not following its route the ls_agent way, so one on a
 * route asks again (before the orders, in id order). */
static void switch_avoidance(ls_crowd *c)
{
    uint32_t n;
    if (c->avoid_next == c->avoiding)
        return;
    c->avoiding = c->avoid_next;
    for (n = 0; n < c->count; n++) {
        ls__crowd_agent *a = &c->agents[c->by_id[n]];
        a->stuck = 0;
        a->vx = a->vy = 0;
        if (!c->avoiding && a->state == LS_CROWD_MOVING &&
            a->field == LS__CROWD_NONE)
            ls__crowd_ask(c, a);
    }
}

static void carry_out_orders(ls_crowd *c, const ls_grid *grid)
{
    uint32_t n;
    for (n = 0; n < c->order_count; n++) {
        const ls__crowd_order *o = &c->orders[n];
        ls__crowd_agent *a = &c->agents[o->slot];
        if (!a->in_use || a->order_seq != o->seq)
            continue; /* replaced by a later order, or removed */
        if (a->order_kind == LS__ORDER_MOVE) {
            ls__crowd_field_leave(c, a);
            a->goal = a->order_goal;
            ls__crowd_ask(c, a);
        } else if (a->order_kind == LS__ORDER_GROUP) {
            drop_all(c, a);
            a->goal = a->order_goal;
            if (!ls__crowd_field_join(c, grid, a, a->goal))
                ls__crowd_ask(c, a); /* no field slot free: a path request */
        } else {
            drop_all(c, a);
            (void)ls_agent_init(&a->body, &c->config.world, a->body.x,
                                a->body.y, a->body.speed);
            a->state = LS_CROWD_IDLE;
        }
        a->order_kind = LS__ORDER_NONE;
        a->order_seq = 0;
    }
    c->order_count = 0;
}

void ls__crowd_settle(ls_crowd *c, ls__crowd_agent *a, int32_t state)
{
    a->state = state;
    a->holds = state == LS_CROWD_ARRIVED; /* on its goal's centre */
    ls__crowd_pool_release(c, a);
}

/* Step 5 for one agent whose request finished. */
static ls_status hand_over(ls_crowd *c, const ls_grid *grid,
                           ls__crowd_agent *a)
{
    const uint32_t length = a->path_length;
    ls_point *ways, *marks;
    const ls_point *path;
    uint32_t count = 0, w, i;
    ls_query q;
    ls_status st;
    a->requested = 0;
    a->finished = 0;
    if (a->outcome != LS_OK || length == 0) {
        ls__crowd_settle(c, a, a->outcome == LS_ERR_POOL_FULL ? LS_CROWD_NO_ROOM
                                                     : LS_CROWD_UNREACHABLE);
        return LS_OK;
    }
    ls__crowd_options(c, a->asked_clearance, &q);
    st = ls_smooth_path_sized(grid, q.clearance, ls__crowd_path(c, a), length,
                              c->scratch_ways, c->cells, &count);
    if (st != LS_OK)
        return st;
    if (ls__crowd_pool_reserve(c, a, length + 2u * count, length) != LS_OK) {
        ls__crowd_settle(c, a, LS_CROWD_NO_ROOM);
        return LS_OK;
    }
    a->way_count = count;
    path = ls__crowd_path(c, a);
    ways = ls__crowd_ways(c, a);
    marks = ls__crowd_marks(c, a);
    memcpy(ways, c->scratch_ways, (size_t)count * sizeof *ways);
    /* Waypoints are a subsequence of the path: find each one's index. */
    for (w = 0, i = 0; w < count; w++) {
        while (path[i].x != ways[w].x || path[i].y != ways[w].y)
            i++;
        marks[w].x = (int32_t)i;
    }
    st = mark_costs(c, grid, a, 0);
    if (st == LS_OK)
        st = ls_agent_follow(&a->body, ways, count);
    if (st != LS_OK)
        return st;
    if (a->body.state == LS_AGENT_ARRIVED)
        ls__crowd_settle(c, a, LS_CROWD_ARRIVED);
    else
        a->state = LS_CROWD_MOVING;
    return LS_OK;
}

static void fold_digest(ls_crowd *c, const ls_grid *grid)
{
    c->tick_digest = ls__crowd_digest_now(c, grid);
    c->run_digest = ls__fnv1a_le(c->run_digest, c->tick_digest, 8);
}

ls_status ls_crowd_tick(ls_crowd *c, const ls_grid *grid)
{
    uint32_t n;
    ls_status st;
    if (!c || !grid)
        return LS_ERR_NULL_ARGUMENT;
    if (grid->width != c->config.width || grid->height != c->config.height)
        return LS_ERR_GRID_MISMATCH;
    ls__crowd_phase(c, LS_CROWD_PHASE_ROUTES);
    if (c->has_ticked && (grid->stamp != c->grid_stamp ||
                          grid->revision != c->grid_revision)) {
        check_routes(c, grid);
        ls__crowd_fields_refresh(c, grid);
    }
    ls__crowd_phase(c, LS_CROWD_PHASE_ORDERS);
    switch_avoidance(c);
    carry_out_orders(c, grid);
    ls__crowd_phase(c, LS_CROWD_PHASE_SEARCH);
    st = ls__crowd_serve(c, grid);
    if (st != LS_OK)
        return st;
    ls__crowd_phase(c, LS_CROWD_PHASE_HANDOVER);
    for (n = 0; n < c->count; n++) {
        ls__crowd_agent *a = &c->agents[c->by_id[n]];
        if (a->requested && a->finished && (st = hand_over(c, grid, a)) != LS_OK)
            return st;
        if (a->field != LS__CROWD_NONE && a->state == LS_CROWD_WAITING &&
            c->fields[a->field].ready)
            ls__crowd_field_hand_over(c, grid, a);
    }
    ls__crowd_phase(c, LS_CROWD_PHASE_MOVE);
    if (c->avoiding) {
        st = ls__crowd_avoid_move(c, grid);
        if (st != LS_OK)
            return st;
    }
    for (n = 0; n < c->count && !c->avoiding; n++) {
        ls__crowd_agent *a = &c->agents[c->by_id[n]];
        if (a->state != LS_CROWD_MOVING)
            continue;
        if (a->field != LS__CROWD_NONE) {
            st = ls__crowd_field_step(c, a);
            if (st != LS_OK)
                return st;
            continue;
        }
        st = ls_agent_step(&a->body, ls__crowd_ways(c, a), a->way_count);
        if (st != LS_OK)
            return st;
        if (a->body.state == LS_AGENT_ARRIVED)
            ls__crowd_settle(c, a, LS_CROWD_ARRIVED);
    }
    ls__crowd_phase(c, LS_CROWD_PHASE_DIGEST);
    fold_digest(c, grid);
    c->has_ticked = 1;
    c->grid_stamp = grid->stamp;
    c->grid_revision = grid->revision;
    c->ticks++;
    ls__crowd_phase(c, LS_CROWD_PHASE_END);
    return LS_OK;
}
