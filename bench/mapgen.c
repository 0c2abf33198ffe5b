/* SPDX-License-Identifier: MIT */
/*
 * mapgen.c - random-obstacle maps and connected query pairs for the
 * scaling run. Connectivity comes from labelling the components once
 * (moves are symmetric without corner cutting, so components are
 * well defined), which keeps drawing pairs cheap on 4096^2 maps.
 */
#include <stdlib.h>
#include "lockstar.h"
#include "mapgen.h"

uint64_t bench_mapgen_seed(int32_t size)
{
    /* "lockstar" in ASCII, plus the size: one fixed map per size. */
    return 0x6c6f636b73746172ull + (uint64_t)size;
}

/* Label every open cell with its component number (from 1); 0 = blocked. */
static int label_components(const bl_grid *grid, uint32_t *label)
{
    size_t n = (size_t)grid->width * (size_t)grid->height, i;
    int32_t *queue = malloc(n * sizeof *queue);
    uint32_t next_label = 0;

    if (!queue)
        return -1;
    for (i = 0; i < n; i++)
        label[i] = 0;
    for (i = 0; i < n; i++) {
        size_t head = 0, tail = 0;
        if (grid->cells[i] == 0 || label[i] != 0)
            continue;
        label[i] = ++next_label;
        queue[tail++] = (int32_t)i;
        while (head < tail) {
            int32_t cur = queue[head++];
            int32_t x = cur % grid->width, y = cur / grid->width, d;
            for (d = 0; d < 8; d++) {
                int32_t next = (y + bl_dy[d]) * grid->width + x + bl_dx[d];
                if (bl_can_step(grid, x, y, d) && label[next] == 0) {
                    label[next] = next_label;
                    queue[tail++] = next;
                }
            }
        }
    }
    free(queue);
    return 0;
}

int bench_mapgen(int32_t size, uint32_t percent, uint64_t seed,
                 uint32_t count, uint8_t **cells_out, bl_query **queries_out)
{
    size_t n = (size_t)size * (size_t)size, i;
    uint8_t *cells = malloc(n);
    uint32_t *label = malloc(n * sizeof *label);
    bl_query *queries = malloc((count ? count : 1) * sizeof *queries);
    bl_grid grid;
    ls_rng rng;
    uint32_t k;

    if (!cells || !label || !queries)
        goto fail;
    ls_rng_seed(&rng, seed);
    for (i = 0; i < n; i++)
        cells[i] = ls_rng_below(&rng, 100) < percent ? 0 : 1;
    grid.width = size;
    grid.height = size;
    grid.cells = cells;
    if (label_components(&grid, label) != 0)
        goto fail;
    for (k = 0; k < count; k++) {
        uint32_t tries;
        for (tries = 0;; tries++) {
            bl_query q;
            size_t s, g;
            if (tries == 1000000)
                goto fail;
            q.sx = (int32_t)ls_rng_below(&rng, (uint32_t)size);
            q.sy = (int32_t)ls_rng_below(&rng, (uint32_t)size);
            q.gx = (int32_t)ls_rng_below(&rng, (uint32_t)size);
            q.gy = (int32_t)ls_rng_below(&rng, (uint32_t)size);
            s = (size_t)q.sy * (size_t)size + (size_t)q.sx;
            g = (size_t)q.gy * (size_t)size + (size_t)q.gx;
            if (s != g && label[s] != 0 && label[s] == label[g]) {
                queries[k] = q;
                break;
            }
        }
    }
    free(label);
    *cells_out = cells;
    *queries_out = queries;
    return 0;
fail:
    free(cells);
    free(label);
    free(queries);
    return -1;
}
