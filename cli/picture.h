/* SPDX-License-Identifier: MIT */
/*
 * picture.h - a map, and what a search did on it, as an RGB raster
 * (`lockstar path --png`, `lockstar render`); cli/png.c encodes it. Each
 * cell is a scale x scale square. The palette (docs/pictures.md, "Legend"):
 *
 *   blocked              40  40  48
 *   open ground (cost 1) 236 236 228
 *   terrain cost 2..255  from 222 200 150 (cost 2) to 110 75 35 (cost 255),
 *                        each channel a + (b - a) * (cost - 2) / 253
 *   closed (expanded)    the cell's ground averaged with  66 133 244
 *   open (reached)       the cell's ground averaged with  52 168  83
 *   path                 255 140   0
 *   partial path         200  60 200   (no path: to the cell nearest the goal)
 *   waypoints            25  25 112   a centred square of side scale / 2
 *                        (at least 1), joined by lines of the same colour
 *                        from centre pixel to centre pixel, 1 + scale / 8
 *                        pixels wide
 *   start                0 176  80    the whole cell
 *   goal                 220   0   0    the whole cell
 *
 * "Averaged" is (ground + colour) / 2 per channel, rounded down. Layers
 * are drawn in that order, later ones on top. Integers only.
 */
#ifndef CLI_PICTURE_H
#define CLI_PICTURE_H

#include <stddef.h>
#include <stdint.h>
#include "lockstar.h"

#define CLI_PICTURE_MAX_SCALE 32u
#define CLI_PICTURE_DEFAULT_SCALE 8u
/* At most 2^26 pixels (192 MiB of RGB): larger maps need a smaller scale. */
#define CLI_PICTURE_MAX_PIXELS (1u << 26)

typedef struct cli_picture {
    const ls_grid *grid;
    const uint8_t *visits;       /* LS_VISIT_* per cell, row-major; NULL:
                                    the map alone */
    const ls_point *path;        /* may be NULL when path_length is 0 */
    uint32_t path_length;
    int partial;                 /* the path is a partial path */
    const ls_point *waypoints;   /* may be NULL when waypoint_count is 0 */
    uint32_t waypoint_count;
    int has_ends;                /* draw start and goal */
    ls_point start, goal;
    uint32_t scale;              /* 1..CLI_PICTURE_MAX_SCALE */
} cli_picture;

/* The ground colour of a cell of this cost (blocked, open or terrain). */
void cli_picture_ground(uint8_t cost, uint8_t rgb[3]);

/* The picture's size for grid at scale in *width, *height. 0, or -1 when
 * it would have more than CLI_PICTURE_MAX_PIXELS (sizes still set). */
int cli_picture_size(const ls_grid *grid, uint32_t scale, uint32_t *width,
                     uint32_t *height);

/* Render p into a malloc'd *rgb of *width x *height pixels, 3 bytes each,
 * rows top first; the caller frees. Points outside the grid are ignored.
 * 0, or -1 (nothing allocated) when too large or out of memory. */
int cli_picture_render(const cli_picture *p, uint8_t **rgb, uint32_t *width,
                       uint32_t *height);

#endif
