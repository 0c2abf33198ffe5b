/* SPDX-License-Identifier: MIT */
/*
 * sight_ref.c - the touched cells of a segment by brute force: doubled
 * coordinates (centres odd, square edges even), a closed segment meets a
 * closed square when an endpoint lies in it or the segment meets one of
 * its four closed edges (the square is convex).
 */
#include "sight_ref.h"

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

uint8_t sr_max_cost(const ls_grid *grid, int32_t ax, int32_t ay, int32_t bx,
                    int32_t by)
{
    const int32_t x0 = (ax < bx ? ax : bx) - 1, x1 = (ax > bx ? ax : bx) + 1;
    const int32_t y0 = (ay < by ? ay : by) - 1, y1 = (ay > by ? ay : by) + 1;
    uint8_t most = 0;
    int32_t x, y;
    for (y = y0; y <= y1; y++)
        for (x = x0; x <= x1; x++) {
            uint8_t c = 0;
            if (!sr_touches(ax, ay, bx, by, x, y))
                continue;
            if (ls_grid_get(grid, x, y, &c) != LS_OK || c == 0)
                return 0;
            if (c > most)
                most = c;
        }
    return most;
}
