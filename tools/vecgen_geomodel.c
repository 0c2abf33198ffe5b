/* SPDX-License-Identifier: MIT */
/*
 * vecgen_geomodel.c - what the geometry lines of world.vec, sight.vec,
 * smooth.vec and follow.vec must give, worked out from lockstar.h's text
 * apart from src/world.c, src/sight.c, src/smooth.c and src/follow.c:
 * world conversions in exact int64 arithmetic with a square root by
 * bisection, the cells of a segment from the brute-force reference of
 * tests/sight_ref.h put in walk order by where the segment enters each,
 * the smoothing rule as the header states it, and the follower's tick.
 */
#include <stdlib.h>
#include <string.h>
#include "vecgen.h"
#include "../tests/sight_ref.h"

#define WMAX 0x7FFFFFFF

static int frame_bad(const ls_world *w)
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

ls_status gm_world_cell(const ls_world *w, int32_t x, int32_t y,
                        ls_point *cell)
{
    int64_t cx, cy;
    if (frame_bad(w))
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

ls_status gm_centre(const ls_world *w, int32_t cx, int32_t cy, int32_t *x,
                    int32_t *y)
{
    int64_t half, vx, vy;
    if (frame_bad(w))
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

ls_status gm_distance(int32_t ax, int32_t ay, int32_t bx, int32_t by,
                      int32_t *len)
{
    if (ax == INT32_MIN || ay == INT32_MIN || bx == INT32_MIN ||
        by == INT32_MIN)
        return LS_ERR_WORLD_RANGE;
    return dist_mag(mag((int64_t)bx - ax), mag((int64_t)by - ay), len);
}

ls_status gm_segment(const ls_world *w, int32_t ax, int32_t ay, int32_t bx,
                     int32_t by, int32_t *len)
{
    uint64_t s;
    if (frame_bad(w))
        return LS_ERR_BAD_FRAME;
    s = (uint64_t)w->cell_size; /* < 2^31, cells apart < 2^32: < 2^63 */
    return dist_mag(mag((int64_t)bx - ax) * s, mag((int64_t)by - ay) * s,
                    len);
}

ls_status gm_path_length(const ls_world *w, const ls_point *p, uint32_t n,
                         int32_t *len)
{
    int64_t sum = 0;
    uint32_t i;
    if (frame_bad(w))
        return LS_ERR_BAD_FRAME;
    for (i = 1; i < n; i++) {
        int32_t l;
        ls_status st = gm_segment(w, p[i - 1].x, p[i - 1].y, p[i].x, p[i].y,
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

/* ---- the cells of a segment ------------------------------------------ */

/* Where the segment from a's centre (doubled: A = 2a + 1, D = 2(b - a))
 * enters cell c's closed square: the parameter num / den in [0, 1]. */
typedef struct entry {
    ls_point c;
    int64_t num, den;
    int64_t px, py;          /* progress along x and y from a */
} entry;

static void enter_axis(int64_t a2, int64_t d2, int32_t c, int64_t *num,
                       int64_t *den)
{
    int64_t near;
    if (d2 == 0) {
        *num = 0;
        *den = 1;
        return;
    }
    near = d2 > 0 ? 2 * (int64_t)c : 2 * (int64_t)c + 2;
    *num = d2 > 0 ? near - a2 : a2 - near;
    *den = d2 > 0 ? d2 : -d2;
    if (*num < 0)
        *num = 0;
}

static int before(const entry *e, const entry *f)
{
    int64_t l = e->num * f->den, r = f->num * e->den;
    if (l != r)
        return l < r;
    if (e->py != f->py)
        return e->py < f->py;
    return e->px < f->px;
}

static int sgn(int64_t v)
{
    return (v > 0) - (v < 0);
}

uint32_t gm_line(int32_t ax, int32_t ay, int32_t bx, int32_t by,
                 ls_point *out, uint32_t cap)
{
    int64_t dx = (int64_t)bx - ax, dy = (int64_t)by - ay;
    int64_t box = (mag(dx) + 3) * (mag(dy) + 3);
    uint32_t n, i, j, room;
    entry *e;
    ls_point *cells;

    if (box > 400000) {
        /* Long segments: only the shapes whose count is plain. */
        if (dx == 0 || dy == 0)
            return (uint32_t)(1 + mag(dx) + mag(dy));
        if (mag(dx) == mag(dy))
            return (uint32_t)(1 + 3 * mag(dx));
        die("internal", "a long segment that is neither straight nor 45");
    }
    room = (uint32_t)(2 * (mag(dx) + mag(dy)) + 8);
    cells = malloc(room * sizeof *cells);
    e = malloc(room * sizeof *e);
    if (!cells || !e)
        die("out of memory", NULL);
    n = sr_cells(ax, ay, bx, by, cells, room);
    if (n > room)
        die("internal", "more touched cells than a segment can touch");
    for (i = 0; i < n; i++) {
        int64_t nx, dxn, ny, dyn;
        entry t;
        t.c = cells[i];
        enter_axis(2 * (int64_t)ax + 1, 2 * dx, cells[i].x, &nx, &dxn);
        enter_axis(2 * (int64_t)ay + 1, 2 * dy, cells[i].y, &ny, &dyn);
        if (nx * dyn >= ny * dxn) {
            t.num = nx;
            t.den = dxn;
        } else {
            t.num = ny;
            t.den = dyn;
        }
        t.px = ((int64_t)cells[i].x - ax) * sgn(dx);
        t.py = ((int64_t)cells[i].y - ay) * sgn(dy);
        for (j = i; j > 0 && before(&t, &e[j - 1]); j--)
            e[j] = e[j - 1];
        e[j] = t;
    }
    for (i = 0; i < n && i < cap; i++)
        out[i] = e[i].c;
    free(cells);
    free(e);
    return n;
}

ls_status gm_line_cells(int32_t ax, int32_t ay, int32_t bx, int32_t by,
                        ls_point *out, uint32_t cap, uint32_t *count)
{
    if (ax < 0 || ay < 0 || bx < 0 || by < 0 || ax >= LS_MAX_DIMENSION ||
        ay >= LS_MAX_DIMENSION || bx >= LS_MAX_DIMENSION ||
        by >= LS_MAX_DIMENSION)
        return LS_ERR_OUT_OF_BOUNDS;
    *count = gm_line(ax, ay, bx, by, out, cap);
    return *count > cap ? LS_ERR_BUFFER_TOO_SMALL : LS_OK;
}

/* The largest cost the segment touches on cells (w x h), 0 when it
 * touches a blocked cell or one outside. */
static uint8_t worst(const uint8_t *cells, int32_t w, int32_t h, int32_t ax,
                     int32_t ay, int32_t bx, int32_t by, uint8_t limit)
{
    ls_point buf[512];
    uint32_t n = gm_line(ax, ay, bx, by, buf, 512), i;
    uint8_t most = 0;
    if (n > 512)
        die("internal", "a segment too long for the sight model");
    for (i = 0; i < n; i++) {
        uint8_t c;
        if (buf[i].x < 0 || buf[i].y < 0 || buf[i].x >= w || buf[i].y >= h)
            return 0;
        c = cells[(size_t)buf[i].y * (size_t)w + (size_t)buf[i].x];
        if (c == 0 || c > limit)
            return 0;
        if (c > most)
            most = c;
    }
    return most;
}

ls_status gm_sight(const uint8_t *cells, int32_t w, int32_t h, int32_t ax,
                   int32_t ay, int32_t bx, int32_t by, int32_t *clear,
                   uint8_t *cost)
{
    if (ax < 0 || ay < 0 || bx < 0 || by < 0 || ax >= w || bx >= w ||
        ay >= h || by >= h)
        return LS_ERR_OUT_OF_BOUNDS;
    *cost = worst(cells, w, h, ax, ay, bx, by, 255);
    *clear = *cost != 0;
    return LS_OK;
}

ls_status gm_smooth(const uint8_t *cells, int32_t w, int32_t h,
                    const ls_point *p, uint32_t n, ls_point *out,
                    uint32_t cap, uint32_t *length)
{
    uint32_t i, k = 0, j;
    if (n == 0)
        return LS_ERR_BAD_SIZE;
    for (i = 0; i < n; i++)
        if (p[i].x < 0 || p[i].y < 0 || p[i].x >= w || p[i].y >= h)
            return LS_ERR_OUT_OF_BOUNDS;
    /* First the count, then (when it fits) the waypoints. */
    i = 0;
    for (;;) {
        if (k < cap && out)
            out[k] = p[i];
        k++;
        if (i == n - 1)
            break;
        for (j = n - 1; j > i + 1; j--) {
            uint8_t m = 0;
            uint32_t t;
            for (t = i; t <= j; t++) {
                uint8_t c = cells[(size_t)p[t].y * (size_t)w + (size_t)p[t].x];
                if (c > m)
                    m = c;
            }
            if (worst(cells, w, h, p[i].x, p[i].y, p[j].x, p[j].y, m) != 0)
                break;
        }
        i = j;
    }
    *length = k;
    return k > cap ? LS_ERR_BUFFER_TOO_SMALL : LS_OK;
}

/* ---- the follower ----------------------------------------------------- */

/* round(num / den) half away from zero, den > 0. */
static int64_t round_div(int64_t num, int64_t den)
{
    uint64_t m = mag(num), q = (2 * m + (uint64_t)den) / (2 * (uint64_t)den);
    return num < 0 ? -(int64_t)q : (int64_t)q;
}

ls_status gm_agent_init(gm_agent *a, const ls_world *w, int32_t x, int32_t y,
                        int32_t speed)
{
    if (frame_bad(w))
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
static ls_status own(const gm_agent *a)
{
    if (frame_bad(&a->world))
        return LS_ERR_BAD_FRAME;
    if (a->x == INT32_MIN || a->y == INT32_MIN)
        return LS_ERR_WORLD_RANGE;
    if (a->speed <= 0)
        return LS_ERR_BAD_SPEED;
    return LS_OK;
}

ls_status gm_agent_follow(gm_agent *a, const ls_point *wp, uint32_t n)
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
        st = gm_centre(&a->world, wp[i].x, wp[i].y, &cx, &cy);
        if (st == LS_OK)
            st = gm_distance(fx, fy, cx, cy, &len);
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
        gm_centre(&a->world, wp[a->target].x, wp[a->target].y, &cx, &cy);
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

ls_status gm_agent_step(gm_agent *a, const ls_point *wp, uint32_t n)
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
        gm_centre(&a->world, wp[a->target].x, wp[a->target].y, &tx, &ty);
        gm_distance(a->from_x, a->from_y, tx, ty, &len);
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
