/* SPDX-License-Identifier: MIT */
/*
 * sight.c - the oracle's cells of a segment (oracle.h, lockstar_world.h
 * "Line of sight"), by brute force: doubled coordinates (centres odd,
 * square edges even), a closed segment meets a closed square when an
 * endpoint lies in it or the segment meets one of its four closed edges
 * (the square is convex). Nothing is shared with src/sight.c's walk: the
 * walk's order is found by sorting the touched cells by where the
 * segment enters each.
 */
#include <stdlib.h>
#include "oracle.h"

typedef struct {
    int64_t x, y;
} pt;

static int sign64(int64_t v)
{
    return (v > 0) - (v < 0);
}

static int orient(pt a, pt b, pt c)
{
    return sign64((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
}

/* c collinear with a-b: is it within the segment's box? */
static int on_segment(pt a, pt b, pt c)
{
    return c.x >= (a.x < b.x ? a.x : b.x) && c.x <= (a.x > b.x ? a.x : b.x) &&
           c.y >= (a.y < b.y ? a.y : b.y) && c.y <= (a.y > b.y ? a.y : b.y);
}

static int segments_meet(pt p1, pt p2, pt q1, pt q2)
{
    const int d1 = orient(q1, q2, p1), d2 = orient(q1, q2, p2);
    const int d3 = orient(p1, p2, q1), d4 = orient(p1, p2, q2);
    if (d1 * d2 < 0 && d3 * d4 < 0)
        return 1;
    return (d1 == 0 && on_segment(q1, q2, p1)) ||
           (d2 == 0 && on_segment(q1, q2, p2)) ||
           (d3 == 0 && on_segment(p1, p2, q1)) ||
           (d4 == 0 && on_segment(p1, p2, q2));
}

static int in_square(pt p, int64_t x0, int64_t y0)
{
    return p.x >= x0 && p.x <= x0 + 2 && p.y >= y0 && p.y <= y0 + 2;
}

int sr_touches(int32_t ax, int32_t ay, int32_t bx, int32_t by, int32_t cx,
               int32_t cy)
{
    const pt p = { 2 * (int64_t)ax + 1, 2 * (int64_t)ay + 1 };
    const pt q = { 2 * (int64_t)bx + 1, 2 * (int64_t)by + 1 };
    const int64_t x0 = 2 * (int64_t)cx, y0 = 2 * (int64_t)cy;
    const pt c00 = { x0, y0 }, c10 = { x0 + 2, y0 }, c01 = { x0, y0 + 2 },
             c11 = { x0 + 2, y0 + 2 };
    if (in_square(p, x0, y0) || in_square(q, x0, y0))
        return 1;
    return segments_meet(p, q, c00, c10) || segments_meet(p, q, c10, c11) ||
           segments_meet(p, q, c11, c01) || segments_meet(p, q, c01, c00);
}

uint32_t sr_cells(int32_t ax, int32_t ay, int32_t bx, int32_t by,
                  ls_point *out, uint32_t cap)
{
    const int32_t x0 = (ax < bx ? ax : bx) - 1, x1 = (ax > bx ? ax : bx) + 1;
    const int32_t y0 = (ay < by ? ay : by) - 1, y1 = (ay > by ? ay : by) + 1;
    uint32_t n = 0;
    int32_t x, y;
    for (y = y0; y <= y1; y++)
        for (x = x0; x <= x1; x++)
            if (sr_touches(ax, ay, bx, by, x, y)) {
                if (n < cap) {
                    out[n].x = x;
                    out[n].y = y;
                }
                n++;
            }
    return n;
}

/* The cost of cell (x, y) of a grid or of a row-major copy of its cells,
 * 0 outside. */
static uint8_t cost_at(const ls_grid *grid, const uint8_t *cells, int32_t w,
                       int32_t h, int32_t x, int32_t y)
{
    uint8_t c = 0;
    if (grid)
        return ls_grid_get(grid, x, y, &c) == LS_OK ? c : 0;
    if (x < 0 || y < 0 || x >= w || y >= h)
        return 0;
    return cells[(size_t)y * (size_t)w + (size_t)x];
}

/* The largest cost among the touched cells, 0 if one is blocked or
 * outside. */
static uint8_t max_cost(const ls_grid *grid, const uint8_t *cells,
                        int32_t w, int32_t h, int32_t ax, int32_t ay,
                        int32_t bx, int32_t by)
{
    const int32_t x0 = (ax < bx ? ax : bx) - 1, x1 = (ax > bx ? ax : bx) + 1;
    const int32_t y0 = (ay < by ? ay : by) - 1, y1 = (ay > by ? ay : by) + 1;
    uint8_t most = 0;
    int32_t x, y;
    for (y = y0; y <= y1; y++)
        for (x = x0; x <= x1; x++) {
            uint8_t c;
            if (!sr_touches(ax, ay, bx, by, x, y))
                continue;
            c = cost_at(grid, cells, w, h, x, y);
            if (c == 0)
                return 0;
            if (c > most)
                most = c;
        }
    return most;
}

uint8_t sr_max_cost(const ls_grid *grid, int32_t ax, int32_t ay, int32_t bx,
                    int32_t by)
{
    return max_cost(grid, NULL, 0, 0, ax, ay, bx, by);
}

uint8_t or_line_cost(const uint8_t *cells, int32_t w, int32_t h, int32_t ax,
                     int32_t ay, int32_t bx, int32_t by)
{
    return max_cost(NULL, cells, w, h, ax, ay, bx, by);
}

ls_status or_sight(const uint8_t *cells, int32_t w, int32_t h, int32_t ax,
                   int32_t ay, int32_t bx, int32_t by, int32_t *clear,
                   uint8_t *cost)
{
    if (ax < 0 || ay < 0 || bx < 0 || by < 0 || ax >= w || bx >= w ||
        ay >= h || by >= h)
        return LS_ERR_OUT_OF_BOUNDS;
    *cost = or_line_cost(cells, w, h, ax, ay, bx, by);
    *clear = *cost != 0;
    return LS_OK;
}

/* ---- the walk's order --------------------------------------------------- */

/* Where the segment from a's centre (doubled: A = 2a + 1, D = 2(b - a))
 * enters cell c's closed square: the parameter num / den in [0, 1]. */
typedef struct entry {
    ls_point c;
    int64_t num, den;
    int64_t px, py;          /* progress along x and y from a */
} entry;

static uint64_t mag(int64_t v)
{
    return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
}

static int sgn(int64_t v)
{
    return (v > 0) - (v < 0);
}

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

uint32_t or_line(int32_t ax, int32_t ay, int32_t bx, int32_t by,
                 ls_point *out, uint32_t cap)
{
    int64_t dx = (int64_t)bx - ax, dy = (int64_t)by - ay;
    int64_t box = (int64_t)((mag(dx) + 3) * (mag(dy) + 3));
    uint32_t n, i, j, room;
    entry *e;
    ls_point *cells;

    if (box > 400000) {
        /* Long segments: only the shapes whose count is plain. */
        if (dx == 0 || dy == 0)
            return (uint32_t)(1 + mag(dx) + mag(dy));
        if (mag(dx) == mag(dy))
            return (uint32_t)(1 + 3 * mag(dx));
        return 0;
    }
    room = (uint32_t)(2 * (mag(dx) + mag(dy)) + 8);
    cells = malloc(room * sizeof *cells);
    e = malloc(room * sizeof *e);
    n = cells && e ? sr_cells(ax, ay, bx, by, cells, room) : 0;
    if (n > room)
        n = 0; /* more touched cells than a segment can touch */
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

ls_status or_line_cells(int32_t ax, int32_t ay, int32_t bx, int32_t by,
                        ls_point *out, uint32_t cap, uint32_t *count)
{
    if (ax < 0 || ay < 0 || bx < 0 || by < 0 || ax >= LS_MAX_DIMENSION ||
        ay >= LS_MAX_DIMENSION || bx >= LS_MAX_DIMENSION ||
        by >= LS_MAX_DIMENSION)
        return LS_ERR_OUT_OF_BOUNDS;
    *count = or_line(ax, ay, bx, by, out, cap);
    return *count > cap ? LS_ERR_BUFFER_TOO_SMALL : LS_OK;
}
