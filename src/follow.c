/* SPDX-License-Identifier: MIT */
/*
 * follow.c - path following (ls_agent_*): an agent moves exactly `speed`
 * world units per tick along the polyline of its route, as lockstar.h's
 * "Path following" defines. Every step works on a copy of the agent and
 * stores it only on success, so an error never leaves a half-moved agent.
 *
 * Invariant of a moving agent: 0 <= travelled < length of the current leg
 * (legs of length 0 are passed as soon as they are reached), so a tick
 * always moves it and the loop over legs ends within the route.
 */
#include "world.h"

/* The checks every agent call starts with, in the documented order. */
static ls_status check_agent(const ls_agent *a)
{
    ls_status st = ls__world_check(&a->world);
    if (st != LS_OK)
        return st;
    if (!ls__world_value_ok(a->x) || !ls__world_value_ok(a->y))
        return LS_ERR_WORLD_RANGE;
    if (a->speed <= 0)
        return LS_ERR_BAD_SPEED;
    switch (a->state) {
    case LS_AGENT_IDLE:
        if (a->count != 0 || a->target != 0 || a->travelled != 0)
            return LS_ERR_BAD_AGENT;
        break;
    case LS_AGENT_MOVING:
        if (a->count == 0 || a->target >= a->count || a->travelled < 0)
            return LS_ERR_BAD_AGENT;
        if (!ls__world_value_ok(a->from_x) || !ls__world_value_ok(a->from_y))
            return LS_ERR_WORLD_RANGE;
        break;
    case LS_AGENT_ARRIVED:
        if (a->count == 0 || a->target != a->count - 1 || a->travelled != 0)
            return LS_ERR_BAD_AGENT;
        break;
    default:
        return LS_ERR_BAD_AGENT;
    }
    return LS_OK;
}

ls_status ls_agent_init(ls_agent *agent, const ls_world *world, fix16_t x,
                        fix16_t y, fix16_t speed)
{
    ls_agent a;
    ls_status st;
    if (!agent || !world)
        return LS_ERR_NULL_ARGUMENT;
    a.world = *world;
    a.x = x;
    a.y = y;
    a.speed = speed;
    a.state = LS_AGENT_IDLE;
    a.count = 0;
    a.target = 0;
    a.from_x = x;
    a.from_y = y;
    a.travelled = 0;
    st = check_agent(&a);
    if (st == LS_OK)
        *agent = a;
    return st;
}

/* The current leg's end and length. */
static ls_status leg(const ls_agent *a, const ls_point *w, fix16_t *tx,
                     fix16_t *ty, fix16_t *len)
{
    ls_status st = ls__world_center(&a->world, w[a->target].x,
                                    w[a->target].y, tx, ty);
    if (st != LS_OK)
        return st;
    return ls__distance((int64_t)*tx - a->from_x, (int64_t)*ty - a->from_y,
                        len);
}

/* The agent stands on the end (tx, ty) of its current leg: pass that
 * waypoint and every following one reached by a leg of length 0; arrive
 * on the last. */
static ls_status pass_waypoints(ls_agent *a, const ls_point *w, fix16_t tx,
                                fix16_t ty)
{
    fix16_t len = 0;
    a->x = tx;
    a->y = ty;
    a->travelled = 0;
    while (len == 0) {
        ls_status st;
        if (a->target == a->count - 1) {
            a->state = LS_AGENT_ARRIVED;
            return LS_OK;
        }
        a->from_x = tx;
        a->from_y = ty;
        a->target++;
        st = leg(a, w, &tx, &ty, &len);
        if (st != LS_OK)
            return st;
    }
    return LS_OK;
}

ls_status ls_agent_follow(ls_agent *agent, const ls_point *waypoints,
                          uint32_t count)
{
    ls_agent a;
    fix16_t tx, ty, len;
    ls_status st;
    uint32_t i;
    if (!agent || !waypoints)
        return LS_ERR_NULL_ARGUMENT;
    if (count == 0)
        return LS_ERR_BAD_SIZE;
    st = check_agent(agent);
    if (st != LS_OK)
        return st;
    a = *agent;
    a.state = LS_AGENT_MOVING;
    a.count = count;
    a.target = 0;
    a.from_x = a.x;
    a.from_y = a.y;
    a.travelled = 0;
    /* Every leg once, so that no later step can fail on range. */
    for (i = 0; i < count; i++) {
        ls_agent probe = a;
        if (i > 0) {
            st = ls__world_center(&a.world, waypoints[i - 1].x,
                                  waypoints[i - 1].y, &probe.from_x,
                                  &probe.from_y);
            if (st != LS_OK)
                return st;
        }
        probe.target = i;
        st = leg(&probe, waypoints, &tx, &ty, &len);
        if (st != LS_OK)
            return st;
    }
    st = leg(&a, waypoints, &tx, &ty, &len);
    if (st == LS_OK && len == 0)
        st = pass_waypoints(&a, waypoints, tx, ty);
    if (st == LS_OK)
        *agent = a;
    return st;
}

/* F + round((T - F) * d / len), half away from zero; 0 <= d < len, and
 * |T - F| <= len < 2^31, so the product is below 2^62 and the result lies
 * between F and T. */
static fix16_t along(fix16_t f, fix16_t t, fix16_t d, fix16_t len)
{
    const int64_t delta = (int64_t)t - f;
    const uint64_t num = (uint64_t)(delta < 0 ? -delta : delta) * (uint64_t)d;
    const int64_t q = (int64_t)((2 * num + (uint64_t)len) /
                                (2 * (uint64_t)len));
    return (fix16_t)(f + (delta < 0 ? -q : q));
}

ls_status ls_agent_step(ls_agent *agent, const ls_point *waypoints,
                        uint32_t count)
{
    ls_agent a;
    int64_t rest;
    ls_status st;
    if (!agent || (!waypoints && agent->state == LS_AGENT_MOVING))
        return LS_ERR_NULL_ARGUMENT;
    st = check_agent(agent);
    if (st != LS_OK || agent->state != LS_AGENT_MOVING)
        return st;
    if (count != agent->count)
        return LS_ERR_BAD_AGENT;
    a = *agent;
    rest = a.speed;
    for (;;) {
        fix16_t tx, ty, len;
        st = leg(&a, waypoints, &tx, &ty, &len);
        if (st != LS_OK)
            return st;
        if (a.travelled >= len)
            return LS_ERR_BAD_AGENT;
        if (rest < (int64_t)len - a.travelled) {
            a.travelled = (fix16_t)(a.travelled + rest);
            a.x = along(a.from_x, tx, a.travelled, len);
            a.y = along(a.from_y, ty, a.travelled, len);
            break;
        }
        rest -= (int64_t)len - a.travelled;
        st = pass_waypoints(&a, waypoints, tx, ty);
        if (st != LS_OK)
            return st;
        if (a.state == LS_AGENT_ARRIVED || rest == 0)
            break;
    }
    *agent = a;
    return LS_OK;
}
