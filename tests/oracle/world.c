/* SPDX-License-Identifier: MIT */
/*
 * world.c - the oracle's world frames (oracle.h, lockstar_world.h "World
 * coordinates"), apart from src/world.c and src/isqrt.c: positions to
 * cells by an exact floor, cell centres, and lengths (distance(dx, dy) =
 * ceil(sqrt(dx^2 + dy^2))) in exact int64 arithmetic with a square root by
 * bisection.
 */
#include "oracle.h"

#define WMAX 0x7FFFFFFF

int or_frame_bad(const ls_world *w)
{
    return w->cell_size <= 0 || w->origin_x == INT32_MIN ||
           w->origin_y == INT32_MIN;
}

/* floor(a / b), b > 0. */
static int64_t floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if (a % b != 0 && a < 0)
        q--;
    return q;
}

static int fits(int64_t v)
{
    return v >= -(int64_t)WMAX && v <= WMAX;
}

ls_status or_world_cell(const ls_world *w, int32_t x, int32_t y,
                        ls_point *cell)
{
    int64_t cx, cy;
    if (or_frame_bad(w))
        return LS_ERR_BAD_FRAME;
    if (x == INT32_MIN || y == INT32_MIN)
        return LS_ERR_WORLD_RANGE;
    cx = floor_div((int64_t)x - w->origin_x, w->cell_size);
    cy = floor_div((int64_t)y - w->origin_y, w->cell_size);
    if (cx < INT32_MIN || cx > INT32_MAX || cy < INT32_MIN || cy > INT32_MAX)
        return LS_ERR_WORLD_RANGE;
    cell->x = (int32_t)cx;
    cell->y = (int32_t)cy;
    return LS_OK;
}

ls_status or_centre(const ls_world *w, int32_t cx, int32_t cy, int32_t *x,
                    int32_t *y)
{
    int64_t half, vx, vy;
    if (or_frame_bad(w))
        return LS_ERR_BAD_FRAME;
    half = w->cell_size / 2;
    vx = w->origin_x + (int64_t)cx * w->cell_size + half;
    vy = w->origin_y + (int64_t)cy * w->cell_size + half;
    if (!fits(vx) || !fits(vy))
        return LS_ERR_WORLD_RANGE;
    *x = (int32_t)vx;
    *y = (int32_t)vy;
    return LS_OK;
}

/* ceil(sqrt(n)) by bisection on the floor root (n < 2^63). */
static uint64_t ceil_root(uint64_t n)
{
    uint64_t lo = 0, hi = (uint64_t)1 << 32; /* lo^2 <= n < hi^2 */
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (mid * mid <= n)
            lo = mid;
        else
            hi = mid;
    }
    return lo * lo == n ? lo : lo + 1;
}

/* distance(dx, dy) of lockstar.h from magnitudes. */
static ls_status dist_mag(uint64_t dx, uint64_t dy, int32_t *len)
{
    uint64_t r;
    if (dx > WMAX || dy > WMAX)
        return LS_ERR_WORLD_RANGE;
    r = ceil_root(dx * dx + dy * dy);
    if (r > WMAX)
        return LS_ERR_WORLD_RANGE;
    *len = (int32_t)r;
    return LS_OK;
}

static uint64_t mag(int64_t v)
{
    return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
}

ls_status or_distance(int32_t ax, int32_t ay, int32_t bx, int32_t by,
                      int32_t *len)
{
    if (ax == INT32_MIN || ay == INT32_MIN || bx == INT32_MIN ||
        by == INT32_MIN)
        return LS_ERR_WORLD_RANGE;
    return dist_mag(mag((int64_t)bx - ax), mag((int64_t)by - ay), len);
}

ls_status or_segment(const ls_world *w, int32_t ax, int32_t ay, int32_t bx,
                     int32_t by, int32_t *len)
{
    uint64_t s;
    if (or_frame_bad(w))
        return LS_ERR_BAD_FRAME;
    s = (uint64_t)w->cell_size; /* < 2^31, cells apart < 2^32: < 2^63 */
    return dist_mag(mag((int64_t)bx - ax) * s, mag((int64_t)by - ay) * s,
                    len);
}

ls_status or_path_length(const ls_world *w, const ls_point *p, uint32_t n,
                         int32_t *len)
{
    int64_t sum = 0;
    uint32_t i;
    if (or_frame_bad(w))
        return LS_ERR_BAD_FRAME;
    for (i = 1; i < n; i++) {
        int32_t l;
        ls_status st = or_segment(w, p[i - 1].x, p[i - 1].y, p[i].x, p[i].y,
                                  &l);
        if (st != LS_OK)
            return st;
        sum += l;
        if (sum > WMAX)
            return LS_ERR_WORLD_RANGE;
    }
    *len = (int32_t)sum;
    return LS_OK;
}

