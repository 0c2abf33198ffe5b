/* SPDX-License-Identifier: MIT */
/*
 * vecgen_edits.c - edits.vec: sequences of map edits (ls_grid_set,
 * ls_grid_set_rect) with the map digest after each: cells set to every
 * cost from 0 to 255, rectangles, edits that change nothing, edits that
 * are errors (outside the grid, w or h below 1, sizes that overflow: the
 * digest unchanged), edits undone (the digest back to the map's), on maps
 * from 1x1 to 64x64.
 */
#include <stdint.h>
#include "vecgen.h"

/* Errors: each leaves the grid and its digest as they were. */
static void error_edit(sgen *s, uint32_t k)
{
    int32_t w = s->w, h = s->h;
    switch (k % 14) {
    case 0: sg_set(s, -1, 0, 0); break;
    case 1: sg_set(s, w, 0, 5); break;
    case 2: sg_set(s, 0, h, 1); break;
    case 3: sg_set(s, INT32_MIN, INT32_MAX, 0); break;
    case 4: sg_rect(s, 0, 0, 0, 1, 0); break;
    case 5: sg_rect(s, 0, 0, 1, 0, 3); break;
    case 6: sg_rect(s, 0, 0, -1, -1, 0); break;
    case 7: sg_rect(s, -1, 0, 2, 1, 0); break;
    case 8: sg_rect(s, 0, -1, 1, 2, 0); break;
    case 9: sg_rect(s, w - 1, 0, 2, 1, 0); break;
    case 10: sg_rect(s, 0, h - 1, 1, 2, 7); break;
    case 11: sg_rect(s, 1, 1, INT32_MAX, 1, 0); break;
    case 12: sg_rect(s, INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX, 0); break;
    default: sg_rect(s, 0, 0, w + 1, h, 0); break; /* BAD_SIZE first */
    }
}

/* A random edit that succeeds: a cell or a rectangle, a cost drawn from
 * the whole range or the usual ones. */
static void random_edit(sgen *s, uint32_t k)
{
    gen *g = s->g;
    int32_t x = (int32_t)rnd(g, (uint32_t)s->w);
    int32_t y = (int32_t)rnd(g, (uint32_t)s->h);
    uint32_t cost = rnd(g, 3) ? rnd(g, 4) : rnd(g, 256);
    if (k % 2) {
        sg_set(s, x, y, cost);
    } else {
        int32_t w = 1 + (int32_t)rnd(g, (uint32_t)(s->w - x));
        int32_t h = 1 + (int32_t)rnd(g, (uint32_t)(s->h - y));
        sg_rect(s, x, y, w, h, cost);
    }
}

static const int32_t sizes[][2] = {
    { 1, 1 }, { 1, 7 }, { 9, 1 }, { 2, 2 }, { 4, 4 }, { 5, 3 }, { 8, 8 },
    { 16, 16 }, { 24, 12 }, { 32, 32 }, { 64, 64 }, { 48, 40 }, { 64, 17 }
};

static void edits_script(gen *g, uint32_t k)
{
    const int32_t *sz = sizes[k % VG_COUNT(sizes)];
    uint32_t i, steps = 8 + rnd(g, 20);
    sgen s;

    if (sz[0] >= 4 && sz[1] >= 4)
        sg_map(g, k / VG_COUNT(sizes), sz[0], sz[1], 60000 + k);
    else
        map_gen(g, MG_EMPTY, sz[0], sz[1], 0, 0, 0, 0, 0);
    sg_begin(g, &s, NULL, "1");
    sg_digest(&s);
    for (i = 0; i < steps; i++) {
        uint32_t what = rnd(g, 10);
        if (what < 5) {
            random_edit(&s, k + i);
        } else if (what < 7) {
            error_edit(&s, k * 3 + i);
        } else if (what == 7) {
            /* No-op: a cell or a rectangle set to what it holds. */
            int32_t x = (int32_t)rnd(g, (uint32_t)s.w);
            int32_t y = (int32_t)rnd(g, (uint32_t)s.h);
            if (i % 2)
                sg_set(&s, x, y, sg_cell(&s, x, y));
            else
                sg_rect(&s, x, y, 1, 1, sg_cell(&s, x, y));
        } else if (what == 8) {
            /* The whole map, then every cell back as the map had it. */
            int32_t x = (int32_t)rnd(g, (uint32_t)s.w);
            int32_t y = (int32_t)rnd(g, (uint32_t)s.h);
            uint8_t old = sg_cell(&s, x, y);
            sg_set(&s, x, y, 200);
            sg_set(&s, x, y, old);
        } else {
            sg_digest(&s);
        }
    }
    /* Every cost from 0 to 255 occurs across the file. */
    sg_set(&s, 0, 0, k % 256);
    if (k % 5 == 0)
        sg_rect(&s, 0, 0, s.w, s.h, k % 3); /* the whole map */
    error_edit(&s, k);
    sg_end(&s);
}

/* A map undone: edits, then the same cells set back from the map's own
 * cells, so the digest returns to the map's (order does not matter). */
static void undo_script(gen *g, uint32_t k)
{
    int32_t n = 6 + (int32_t)rnd(g, 27), xs[8], ys[8];
    uint8_t old[8];
    uint32_t i;
    sgen s;

    sg_map(g, k, n, n, 61000 + k);
    sg_begin(g, &s, NULL, "1");
    sg_digest(&s);
    for (i = 0; i < 8; i++) {
        xs[i] = (int32_t)rnd(g, (uint32_t)n);
        ys[i] = (int32_t)rnd(g, (uint32_t)n);
        old[i] = sg_cell(&s, xs[i], ys[i]);
    }
    for (i = 0; i < 8; i++)
        sg_set(&s, xs[i], ys[i], (old[i] + 1u + i) % 256u);
    for (i = 8; i > 0; i--) /* back in the other order */
        sg_set(&s, xs[i - 1], ys[i - 1], old[i - 1]);
    sg_digest(&s);
    sg_end(&s);
}

void fam_edits(gen *g)
{
    uint32_t k;
    for (k = 0; k < 230; k++)
        edits_script(g, k);
    for (k = 0; k < 30; k++)
        undo_script(g, k);
}
