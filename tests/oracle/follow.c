/* SPDX-License-Identifier: MIT */
/*
 * follow.c - the oracle's path following (oracle.h, lockstar_world.h
 * "Path following"), apart from src/follow.c: an agent moving exactly its
 * speed per tick along the legs between its position and the waypoints'
 * centres, landing exactly on each centre it reaches, placed on a leg by
 * rounding half away from zero.
 */
#include <string.h>
#include "oracle.h"

static uint64_t mag(int64_t v)
{
    return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
}

/* round(num / den) half away from zero, den > 0. */
static int64_t round_div(int64_t num, int64_t den)
{
    uint64_t m = mag(num), q = (2 * m + (uint64_t)den) / (2 * (uint64_t)den);
    return num < 0 ? -(int64_t)q : (int64_t)q;
}

ls_status or_agent_init(or_agent *a, const ls_world *w, int32_t x, int32_t y,
                        int32_t speed)
{
    if (or_frame_bad(w))
        return LS_ERR_BAD_FRAME;
    if (x == INT32_MIN || y == INT32_MIN)
        return LS_ERR_WORLD_RANGE;
    if (speed <= 0)
        return LS_ERR_BAD_SPEED;
    memset(a, 0, sizeof *a);
    a->world = *w;
    a->x = x;
    a->y = y;
    a->speed = speed;
    a->state = LS_AGENT_IDLE;
    return LS_OK;
}

/* The agent's own errors (frame, position, speed). */
static ls_status own(const or_agent *a)
{
    if (or_frame_bad(&a->world))
        return LS_ERR_BAD_FRAME;
    if (a->x == INT32_MIN || a->y == INT32_MIN)
        return LS_ERR_WORLD_RANGE;
    if (a->speed <= 0)
        return LS_ERR_BAD_SPEED;
    return LS_OK;
}

ls_status or_agent_follow(or_agent *a, const ls_point *wp, uint32_t n)
{
    int32_t fx, fy, cx = 0, cy = 0, len;
    uint32_t i;
    ls_status st;
    if (n == 0)
        return LS_ERR_BAD_SIZE;
    st = own(a);
    if (st != LS_OK)
        return st;
    fx = a->x;
    fy = a->y;
    for (i = 0; i < n; i++) {
        st = or_centre(&a->world, wp[i].x, wp[i].y, &cx, &cy);
        if (st == LS_OK)
            st = or_distance(fx, fy, cx, cy, &len);
        if (st != LS_OK)
            return LS_ERR_WORLD_RANGE;
        fx = cx;
        fy = cy;
    }
    a->state = LS_AGENT_MOVING;
    a->count = n;
    a->target = 0;
    a->from_x = a->x;
    a->from_y = a->y;
    a->travelled = 0;
    /* Legs of length 0 at the start are passed at once. */
    for (;;) {
        or_centre(&a->world, wp[a->target].x, wp[a->target].y, &cx, &cy);
        if (cx != a->x || cy != a->y)
            break;
        if (a->target == n - 1) {
            a->state = LS_AGENT_ARRIVED;
            break;
        }
        a->target++;
        a->from_x = cx;
        a->from_y = cy;
    }
    return LS_OK;
}

ls_status or_agent_step(or_agent *a, const ls_point *wp, uint32_t n)
{
    int64_t rest;
    ls_status st = own(a);
    if (st != LS_OK)
        return st;
    if (a->state == LS_AGENT_IDLE || a->state == LS_AGENT_ARRIVED)
        return LS_OK;
    if (n != a->count)
        return LS_ERR_BAD_AGENT;
    rest = a->speed;
    for (;;) {
        int32_t tx, ty, len;
        int64_t left;
        or_centre(&a->world, wp[a->target].x, wp[a->target].y, &tx, &ty);
        or_distance(a->from_x, a->from_y, tx, ty, &len);
        left = (int64_t)len - a->travelled;
        if (rest >= left) {
            rest -= left;
            a->x = tx;
            a->y = ty;
            a->travelled = 0;
            if (a->target == n - 1) {
                a->state = LS_AGENT_ARRIVED;
                return LS_OK;
            }
            a->target++;
            a->from_x = tx;
            a->from_y = ty;
            continue;
        }
        a->travelled += (int32_t)rest;
        a->x = (int32_t)(a->from_x +
                         round_div(((int64_t)tx - a->from_x) * a->travelled,
                                   len));
        a->y = (int32_t)(a->from_y +
                         round_div(((int64_t)ty - a->from_y) * a->travelled,
                                   len));
        return LS_OK;
    }
}
