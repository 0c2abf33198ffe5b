/* SPDX-License-Identifier: MIT */
/*
 * picture.c - the RGB raster of picture.h: ground, search states, path,
 * waypoints, start and goal, each cell a scale x scale square. The whole
 * raster is built in memory (bounded by CLI_PICTURE_MAX_PIXELS), so the
 * waypoint lines can cross rows freely.
 */
#include <stdlib.h>
#include <string.h>
#include "picture.h"

static const uint8_t blocked_rgb[3] = { 40, 40, 48 };
static const uint8_t ground_rgb[3] = { 236, 236, 228 };
static const uint8_t terrain_low[3] = { 222, 200, 150 };  /* cost 2 */
static const uint8_t terrain_high[3] = { 110, 75, 35 };   /* cost 255 */
static const uint8_t closed_rgb[3] = { 66, 133, 244 };
static const uint8_t open_rgb[3] = { 52, 168, 83 };
static const uint8_t path_rgb[3] = { 255, 140, 0 };
static const uint8_t partial_rgb[3] = { 200, 60, 200 };
static const uint8_t waypoint_rgb[3] = { 25, 25, 112 };
static const uint8_t start_rgb[3] = { 0, 176, 80 };
static const uint8_t goal_rgb[3] = { 220, 0, 0 };

void cli_picture_ground(uint8_t cost, uint8_t rgb[3])
{
    int k;
    if (cost == LS_CELL_BLOCKED) {
        memcpy(rgb, blocked_rgb, 3);
        return;
    }
    if (cost == LS_CELL_OPEN) {
        memcpy(rgb, ground_rgb, 3);
        return;
    }
    for (k = 0; k < 3; k++) {
        int32_t a = terrain_low[k], b = terrain_high[k];
        rgb[k] = (uint8_t)(a + (b - a) * ((int32_t)cost - 2) / 253);
    }
}

int cli_picture_size(const ls_grid *grid, uint32_t scale, uint32_t *width,
                     uint32_t *height)
{
    int32_t w = 0, h = 0;
    ls_grid_size(grid, &w, &h);
    /* At most 16384 * 32 per side: no wrap. */
    *width = (uint32_t)w * scale;
    *height = (uint32_t)h * scale;
    return (uint64_t)*width * *height > CLI_PICTURE_MAX_PIXELS ? -1 : 0;
}

typedef struct canvas {
    uint8_t *rgb;
    uint32_t width, height, scale;
    int32_t cols, rows;
} canvas;

static void plot(const canvas *c, int64_t x, int64_t y, const uint8_t rgb[3])
{
    if (x >= 0 && y >= 0 && x < (int64_t)c->width && y < (int64_t)c->height)
        memcpy(c->rgb + ((size_t)y * c->width + (size_t)x) * 3u, rgb, 3);
}

static int inside(const canvas *c, ls_point p)
{
    return p.x >= 0 && p.y >= 0 && p.x < c->cols && p.y < c->rows;
}

/* The square of side `side` pixels at offset `inset` inside cell p. */
static void fill_square(const canvas *c, ls_point p, uint32_t inset,
                        uint32_t side, const uint8_t rgb[3])
{
    uint32_t i, j;
    if (!inside(c, p))
        return;
    for (j = 0; j < side; j++)
        for (i = 0; i < side; i++)
            plot(c, (int64_t)p.x * c->scale + inset + i,
                 (int64_t)p.y * c->scale + inset + j, rgb);
}

/* A brush of side 1 + scale / 8 pixels centred on (x, y), so that lines
 * stay visible on large cells. */
static void brush(const canvas *c, int64_t x, int64_t y, const uint8_t rgb[3])
{
    const int64_t side = 1 + c->scale / 8u, from = side / 2;
    int64_t i, j;
    for (j = 0; j < side; j++)
        for (i = 0; i < side; i++)
            plot(c, x - from + i, y - from + j, rgb);
}

/* A line from the centre pixel of cell a to that of cell b (Bresenham),
 * drawn with the brush. */
static void line(const canvas *c, ls_point a, ls_point b, const uint8_t rgb[3])
{
    const int64_t half = c->scale / 2u;
    int64_t x = (int64_t)a.x * c->scale + half, y = (int64_t)a.y * c->scale + half;
    const int64_t x1 = (int64_t)b.x * c->scale + half;
    const int64_t y1 = (int64_t)b.y * c->scale + half;
    const int64_t dx = x1 > x ? x1 - x : x - x1, sx = x1 > x ? 1 : -1;
    const int64_t dy = y1 > y ? y1 - y : y - y1, sy = y1 > y ? 1 : -1;
    int64_t err = dx - dy;

    if (!inside(c, a) || !inside(c, b))
        return;
    for (;;) {
        int64_t e2 = 2 * err;
        brush(c, x, y, rgb);
        if (x == x1 && y == y1)
            break;
        if (e2 > -dy) {
            err -= dy;
            x += sx;
        }
        if (e2 < dx) {
            err += dx;
            y += sy;
        }
    }
}

/* Ground and search states, one cell at a time. */
static void draw_cells(const canvas *c, const cli_picture *p)
{
    int32_t x, y;
    int k;
    for (y = 0; y < c->rows; y++)
        for (x = 0; x < c->cols; x++) {
            uint8_t cost = LS_CELL_BLOCKED, rgb[3];
            const uint8_t *tint = NULL;
            ls_point at;
            ls_grid_get(p->grid, x, y, &cost);
            cli_picture_ground(cost, rgb);
            if (p->visits) {
                uint8_t v = p->visits[(size_t)y * (size_t)c->cols + (size_t)x];
                tint = v == LS_VISIT_CLOSED ? closed_rgb
                       : v == LS_VISIT_OPEN ? open_rgb : NULL;
            }
            if (tint)
                for (k = 0; k < 3; k++)
                    rgb[k] = (uint8_t)((rgb[k] + tint[k]) / 2);
            at.x = x;
            at.y = y;
            fill_square(c, at, 0, c->scale, rgb);
        }
}

int cli_picture_render(const cli_picture *p, uint8_t **rgb, uint32_t *width,
                       uint32_t *height)
{
    canvas c;
    uint32_t i, side;

    *rgb = NULL;
    if (p->scale < 1 || p->scale > CLI_PICTURE_MAX_SCALE ||
        cli_picture_size(p->grid, p->scale, width, height) != 0)
        return -1;
    c.width = *width;
    c.height = *height;
    c.scale = p->scale;
    ls_grid_size(p->grid, &c.cols, &c.rows);
    c.rgb = malloc((size_t)c.width * c.height * 3u);
    if (!c.rgb)
        return -1;
    draw_cells(&c, p);
    for (i = 0; i < p->path_length; i++)
        fill_square(&c, p->path[i], 0, c.scale,
                    p->partial ? partial_rgb : path_rgb);
    for (i = 1; i < p->waypoint_count; i++)
        line(&c, p->waypoints[i - 1], p->waypoints[i], waypoint_rgb);
    side = c.scale / 2u ? c.scale / 2u : 1u;
    for (i = 0; i < p->waypoint_count; i++)
        fill_square(&c, p->waypoints[i], (c.scale - side) / 2u, side,
                    waypoint_rgb);
    if (p->has_ends) {
        fill_square(&c, p->start, 0, c.scale, start_rgb);
        fill_square(&c, p->goal, 0, c.scale, goal_rgb);
    }
    *rgb = c.rgb;
    return 0;
}
