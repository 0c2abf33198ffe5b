/* SPDX-License-Identifier: MIT */
/*
 * draw.c - the map as ASCII text with a path on it. The whole picture is
 * built in one buffer: marking each path point is then O(1), where
 * drawing row by row would scan the path once per row.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "draw.h"

static char terrain(uint8_t cost, char symbol)
{
    if (cost == LS_CELL_BLOCKED)
        return '#';
    if (symbol == 'S' || cost > LS_CELL_OPEN)
        return '~';
    return '.';
}

static void mark(char *canvas, int32_t width, int32_t height, ls_point p,
                 char ch)
{
    if (p.x >= 0 && p.y >= 0 && p.x < width && p.y < height)
        canvas[(size_t)p.y * ((size_t)width + 1u) + (size_t)p.x] = ch;
}

int cli_draw_text(const cli_drawing *d, char **text, size_t *length)
{
    char legend[160];
    int32_t width, height, x, y;
    size_t row_bytes, map_bytes, legend_bytes;
    char *canvas;
    uint32_t i;
    int n;

    *text = NULL;
    *length = 0;
    if (ls_grid_size(d->grid, &width, &height) != LS_OK)
        return -1;
    n = snprintf(legend, sizeof legend, "legend: # blocked, . open, "
                 "~ swamp or costly terrain, %s, S start, G goal\n",
                 d->partial ? "+ partial path (goal not reached)" : "* path");
    if (n < 0 || (size_t)n >= sizeof legend)
        return -1;
    legend_bytes = (size_t)n;
    row_bytes = (size_t)width + 1u;  /* the row and its '\n' */
    map_bytes = row_bytes * (size_t)height;
    canvas = malloc(map_bytes + legend_bytes + 1u);
    if (!canvas)
        return -1;
    for (y = 0; y < height; y++) {
        char *row = canvas + (size_t)y * row_bytes;
        for (x = 0; x < width; x++) {
            uint8_t cost = LS_CELL_BLOCKED;
            char symbol = d->symbols
                ? d->symbols[(size_t)y * (size_t)width + (size_t)x] : '.';
            ls_grid_get(d->grid, x, y, &cost);
            row[x] = terrain(cost, symbol);
        }
        row[width] = '\n';
    }
    for (i = 0; i < d->length; i++)
        mark(canvas, width, height, d->path[i], d->partial ? '+' : '*');
    /* Start and goal last, so they stay visible on top of the path. */
    mark(canvas, width, height, d->goal, 'G');
    mark(canvas, width, height, d->start, 'S');
    memcpy(canvas + map_bytes, legend, legend_bytes + 1u);
    *text = canvas;
    *length = map_bytes + legend_bytes;
    return 0;
}
