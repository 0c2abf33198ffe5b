/* SPDX-License-Identifier: MIT */
/*
 * crowd_field.c - group orders on flow fields (lockstar_crowd.h, "Groups
 * on flow fields"): the crowd's field slots, joining and leaving them, the
 * refresh after edits, serving a field under the tick's budget, handing a
 * complete field to its agents, and the integer steering rule. The fields
 * themselves are lockstar_flow.h's; following is ls_agent's.
 */
#include "alloc.h"
#include "crowd.h"
#include "direction.h"
#include "lockstar.h"

ls_status ls__crowd_fields_create(ls_crowd *c)
{
    const uint32_t n = c->config.max_fields;
    uint32_t f;
    if (n == 0)
        return LS_OK;
    c->fields = ls__alloc_zeroed(&c->allocator, (size_t)n * sizeof *c->fields);
    if (!c->fields)
        return LS_ERR_OUT_OF_MEMORY;
    for (f = 0; f < n; f++) {
        ls_status st = ls_flow_create(c->config.width, c->config.height, 1,
                                      &c->allocator, &c->fields[f].flow);
        if (st != LS_OK)
            return st;
        c->fields[f].prev = c->fields[f].next = LS__CROWD_NONE;
    }
    return LS_OK;
}

void ls__crowd_fields_destroy(ls_crowd *c)
{
    uint32_t f;
    if (!c->fields)
        return;
    for (f = 0; f < c->config.max_fields; f++)
        ls_flow_destroy(c->fields[f].flow);
    ls__release(&c->allocator, c->fields,
                (size_t)c->config.max_fields * sizeof *c->fields);
    c->fields = NULL;
}

static uint32_t node_of(const ls_crowd *c, uint32_t f)
{
    return c->config.capacity + f;
}

void ls__crowd_field_leave(ls_crowd *c, ls__crowd_agent *a)
{
    ls__crowd_field *fd;
    if (a->field == LS__CROWD_NONE)
        return;
    fd = &c->fields[a->field];
    if (--fd->agents == 0) {
        if (fd->queued)
            ls__crowd_unlink(c, node_of(c, a->field));
        fd->held = fd->queued = fd->ready = 0;
    }
    a->field = LS__CROWD_NONE;
}

static void queue_field(ls_crowd *c, uint32_t f)
{
    ls__crowd_field *fd = &c->fields[f];
    fd->ready = 0;
    if (!fd->queued) {
        fd->queued = 1;
        ls__crowd_link(c, node_of(c, f));
    }
    c->stats.fields++;
}

int ls__crowd_field_join(ls_crowd *c, const ls_grid *grid,
                         ls__crowd_agent *a, ls_point goal)
{
    uint32_t f, free_slot = LS__CROWD_NONE;
    ls_query q;
    ls_status st;
    /* One field per goal and size class. */
    ls__crowd_options(c, a->clearance, &q);
    for (f = 0; f < c->config.max_fields; f++) {
        const ls__crowd_field *fd = &c->fields[f];
        if (fd->held && fd->goal.x == goal.x && fd->goal.y == goal.y &&
            fd->clearance == q.clearance)
            break;
        if (!fd->held && free_slot == LS__CROWD_NONE)
            free_slot = f;
    }
    if (f == c->config.max_fields) {
        if (free_slot == LS__CROWD_NONE)
            return 0;
        f = free_slot;
        st = ls_flow_begin(c->fields[f].flow, grid, &q, &goal, 1);
        if (st != LS_OK) {
            /* The goal is blocked: nothing to share, nothing held. */
            a->state = LS_CROWD_UNREACHABLE;
            return 1;
        }
        c->fields[f].held = 1;
        c->fields[f].goal = goal;
        c->fields[f].clearance = q.clearance;
        c->fields[f].agents = 0;
        queue_field(c, f);
    }
    c->fields[f].agents++;
    a->field = f;
    a->state = LS_CROWD_WAITING;
    return 1;
}

void ls__crowd_fields_refresh(ls_crowd *c, const ls_grid *grid)
{
    uint32_t f, n;
    if (c->config.max_fields > 0)
        ls__crowd_phase(c, LS_CROWD_PHASE_FIELDS);
    for (f = 0; f < c->config.max_fields; f++) {
        ls__crowd_field *fd = &c->fields[f];
        if (!fd->held || ls_flow_refresh(fd->flow, grid) != LS_IN_PROGRESS)
            continue;
        queue_field(c, f);
        for (n = 0; n < c->count; n++) {
            ls__crowd_agent *a = &c->agents[c->by_id[n]];
            if (a->field == f && a->state == LS_CROWD_MOVING)
                a->state = LS_CROWD_WAITING;
        }
    }
    if (c->config.max_fields > 0)
        ls__crowd_phase(c, LS_CROWD_PHASE_ROUTES);
}

int ls__crowd_field_serve(ls_crowd *c, uint32_t f, uint32_t budget,
                          uint32_t left, uint32_t *done)
{
    ls__crowd_field *fd = &c->fields[f];
    ls_status st = ls_flow_step(fd->flow, budget != 0 ? left : 0, done);
    if (st == LS_IN_PROGRESS)
        return 0;
    fd->status = st;
    fd->ready = 1;
    fd->queued = 0;
    ls__crowd_unlink(c, node_of(c, f));
    return 1;
}

void ls__crowd_field_hand_over(ls_crowd *c, const ls_grid *grid,
                               ls__crowd_agent *a)
{
    const ls__crowd_field *fd = &c->fields[a->field];
    const ls_point cell =
        ls__crowd_wide_start(grid, fd->clearance, ls__crowd_cell(c, a));
    int32_t cost = -1;
    if (fd->status != LS_OK ||
        ls_flow_cost(fd->flow, cell.x, cell.y, &cost) != LS_OK || cost < 0) {
        ls__crowd_field_leave(c, a);
        ls__crowd_settle(c, a, LS_CROWD_UNREACHABLE);
        return;
    }
    a->heading = cell;
    a->state = LS_CROWD_MOVING;
}

/* The agent's route this tick: the centre it heads for, then where the
 * field's directions lead, up to the goal or as far as one tick can go. */
static uint32_t field_route(const ls_crowd *c, const ls__crowd_agent *a,
                            ls_point *ways)
{
    const ls_flow *flow = c->fields[a->field].flow;
    /* Legs after the first are at least a cell long, so the agent cannot
     * pass `reach` waypoints in one tick unless it is capped. */
    uint64_t reach = (uint64_t)a->body.speed / (uint64_t)c->config.world.cell_size + 3u;
    ls_point p = a->heading;
    uint32_t n = 0;
    if (reach > LS_CROWD_FIELD_REACH)
        reach = LS_CROWD_FIELD_REACH;
    ways[n++] = p;
    while (n < reach) {
        int32_t d = LS_FLOW_NONE;
        if (ls_flow_direction(flow, p.x, p.y, &d) != LS_OK || d > 7)
            break;
        p.x += ls__dir_dx((uint32_t)d);
        p.y += ls__dir_dy((uint32_t)d);
        ways[n++] = p;
    }
    return n;
}

ls_status ls__crowd_field_step(ls_crowd *c, ls__crowd_agent *a)
{
    const ls__crowd_field *fd = &c->fields[a->field];
    ls_point *ways = c->scratch_ways;
    const uint32_t n = field_route(c, a, ways);
    ls_status st = ls_agent_follow(&a->body, ways, n);
    if (st == LS_OK)
        st = ls_agent_step(&a->body, ways, n);
    if (st != LS_OK)
        return st;
    a->heading = ways[a->body.target];
    if (a->body.state == LS_AGENT_ARRIVED && a->heading.x == fd->goal.x &&
        a->heading.y == fd->goal.y) {
        ls__crowd_field_leave(c, a);
        ls__crowd_settle(c, a, LS_CROWD_ARRIVED);
    }
    return LS_OK;
}

ls_point ls__crowd_field_aim(const ls_crowd *c, const ls__crowd_agent *a)
{
    const ls__crowd_field *fd = &c->fields[a->field];
    ls_point cell = ls__crowd_cell(c, a);
    int32_t d = LS_FLOW_NONE;
    if (cell.x == fd->goal.x && cell.y == fd->goal.y)
        return cell;
    /* A cell the field gives no direction (pushed where the field does not
     * reach: it cannot happen while walls hold, but an edit may wall an
     * agent in) keeps the agent aiming where it aimed. */
    if (ls_flow_direction(fd->flow, cell.x, cell.y, &d) != LS_OK || d > 7)
        return a->heading;
    cell.x += ls__dir_dx((uint32_t)d);
    cell.y += ls__dir_dy((uint32_t)d);
    return cell;
}
