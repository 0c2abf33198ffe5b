/* SPDX-License-Identifier: MIT */
/*
 * smooth.c - the oracle's smoothing (oracle.h), the rule of
 * lockstar_world.h "Smoothing" as the header states it, apart from
 * src/smooth.c: from each waypoint, the farthest later path cell whose
 * shortcut touches no blocked cell and no cell dearer than the dearest
 * path cell it replaces (line costs from sight.c's brute force), else the
 * next cell.
 */
#include "oracle.h"

static uint8_t at(const uint8_t *cells, int32_t w, ls_point p)
{
    return cells[(size_t)p.y * (size_t)w + (size_t)p.x];
}

/* Does the shortcut p[i] -> p[j] (j > i + 1) qualify? */
static int qualifies(const uint8_t *cells, int32_t w, int32_t h,
                     const ls_point *p, uint32_t i, uint32_t j)
{
    uint8_t limit = 0, line;
    uint32_t t;
    for (t = i; t <= j; t++)
        if (at(cells, w, p[t]) > limit)
            limit = at(cells, w, p[t]);
    line = or_line_cost(cells, w, h, p[i].x, p[i].y, p[j].x, p[j].y);
    return line != 0 && line <= limit;
}

ls_status or_smooth(const uint8_t *cells, int32_t w, int32_t h,
                    const ls_point *p, uint32_t n, ls_point *out,
                    uint32_t *index, uint32_t cap, uint32_t *length)
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
        if (k < cap && index)
            index[k] = i;
        k++;
        if (i == n - 1)
            break;
        for (j = n - 1; j > i + 1; j--)
            if (qualifies(cells, w, h, p, i, j))
                break;
        i = j;
    }
    *length = k;
    return k > cap ? LS_ERR_BUFFER_TOO_SMALL : LS_OK;
}
