/* SPDX-License-Identifier: MIT */
/*
 * mapgen.c - the golden vectors' map generators (see mapgen.h and the
 * "Map generators" section of vectors/README.md, which is the contract).
 *
 * Every draw is written out in the order the specification gives, with
 * ls_rng_below as the only source of randomness: a port that draws in a
 * different order, or skips a draw whose result does not matter, builds
 * a different map.
 */
#include <stdlib.h>
#include <string.h>
#include "mapgen.h"

typedef struct param_info {
    const char *name;
    uint32_t min, max;
} param_info;

typedef struct family_info {
    const char *name;
    uint32_t count;
    param_info param[MG_MAX_PARAMS];
} family_info;

static const family_info families[MG_FAMILY_COUNT] = {
    { "empty", 0, { { NULL, 0, 0 } } },
    { "random", 1, { { "percent", 0, 100 } } },
    { "maze", 2, { { "corridor", 1, 1024 }, { "loops", 0, 100 } } },
    { "rooms", 3,
      { { "room", 1, LS_MAX_DIMENSION }, { "door", 1, LS_MAX_DIMENSION },
        { "percent", 0, 100 } } },
    { "corridors", 2,
      { { "gaps", 1, LS_MAX_DIMENSION }, { "vertical", 0, 1 } } },
    { "traps", 4,
      { { "checker", 0, 100 }, { "segments", 0, 1000000 },
        { "length", 1, LS_MAX_DIMENSION }, { "dots", 0, 1000000 } } },
    { "terrain", 4,
      { { "patches", 0, 1000000 }, { "size", 1, LS_MAX_DIMENSION },
        { "max", 1, 255 }, { "percent", 0, 100 } } },
};

const char *mg_family_name(int32_t family)
{
    if (family < 0 || family >= MG_FAMILY_COUNT)
        return NULL;
    return families[family].name;
}

int32_t mg_family_find(const char *name)
{
    int32_t i;
    for (i = 0; i < MG_FAMILY_COUNT; i++)
        if (strcmp(families[i].name, name) == 0)
            return i;
    return -1;
}

uint32_t mg_param_count(int32_t family)
{
    if (family < 0 || family >= MG_FAMILY_COUNT)
        return 0;
    return families[family].count;
}

const char *mg_param_name(int32_t family, uint32_t i)
{
    if (i >= mg_param_count(family))
        return NULL;
    return families[family].param[i].name;
}

const char *mg_check(const mg_spec *spec)
{
    const family_info *f;
    uint32_t i;

    if (!spec || spec->family < 0 || spec->family >= MG_FAMILY_COUNT)
        return "unknown map family";
    if (spec->width < 1 || spec->width > LS_MAX_DIMENSION ||
        spec->height < 1 || spec->height > LS_MAX_DIMENSION)
        return "width or height outside 1..16384";
    f = &families[spec->family];
    for (i = 0; i < f->count; i++)
        if (spec->param[i] < f->param[i].min ||
            spec->param[i] > f->param[i].max)
            return "a generator parameter is out of range";
    for (; i < MG_MAX_PARAMS; i++)
        if (spec->param[i] != 0)
            return "unused generator parameters must be 0";
    switch (spec->family) {
    case MG_MAZE:
        /* At least one maze cell in each direction. */
        if ((uint32_t)spec->width < spec->param[0] + 2u ||
            (uint32_t)spec->height < spec->param[0] + 2u)
            return "maze: width and height must be at least corridor + 2";
        break;
    case MG_ROOMS:
        if (spec->param[1] > spec->param[0])
            return "rooms: door must not exceed room";
        break;
    default:
        break;
    }
    return NULL;
}

static void fill_all(uint8_t *cells, const mg_spec *s, uint8_t cost)
{
    memset(cells, cost, (size_t)s->width * (size_t)s->height);
}

static void set_cell(uint8_t *cells, const mg_spec *s, int64_t x, int64_t y,
                     uint8_t cost)
{
    if (x >= 0 && y >= 0 && x < s->width && y < s->height)
        cells[(size_t)y * (size_t)s->width + (size_t)x] = cost;
}

/* Blocks each cell, row-major, when ls_rng_below(100) < percent. One draw
 * per cell, even when percent is 0. */
static void scatter(uint8_t *cells, const mg_spec *s, ls_rng *rng,
                    uint32_t percent)
{
    size_t i, n = (size_t)s->width * (size_t)s->height;
    for (i = 0; i < n; i++)
        if (ls_rng_below(rng, 100) < percent)
            cells[i] = LS_CELL_BLOCKED;
}

static void gen_random(uint8_t *cells, const mg_spec *s, ls_rng *rng)
{
    fill_all(cells, s, LS_CELL_OPEN);
    scatter(cells, s, rng, s->param[0]);
}

/* Open the wall between maze cell (i, j) and its neighbour in direction d
 * (0 N, 1 E, 2 S, 3 W): the k = corridor cells of the wall line. */
static void maze_open(uint8_t *cells, const mg_spec *s, uint32_t i,
                      uint32_t j, uint32_t d)
{
    uint32_t k = s->param[0], p = k + 1, t;
    int64_t x0 = 1 + (int64_t)i * p, y0 = 1 + (int64_t)j * p;
    for (t = 0; t < k; t++) {
        switch (d) {
        case 0: set_cell(cells, s, x0 + t, y0 - 1, LS_CELL_OPEN); break;
        case 1: set_cell(cells, s, x0 + k, y0 + t, LS_CELL_OPEN); break;
        case 2: set_cell(cells, s, x0 + t, y0 + k, LS_CELL_OPEN); break;
        default: set_cell(cells, s, x0 - 1, y0 + t, LS_CELL_OPEN); break;
        }
    }
}

static int gen_maze(uint8_t *cells, const mg_spec *s, ls_rng *rng)
{
    static const int32_t di[4] = { 0, 1, 0, -1 }, dj[4] = { -1, 0, 1, 0 };
    uint32_t k = s->param[0], loops = s->param[1], p = k + 1;
    uint32_t mw = ((uint32_t)s->width - 1u) / p;
    uint32_t mh = ((uint32_t)s->height - 1u) / p;
    uint32_t n = mw * mh, top = 0, i, j, d, x, y;
    uint8_t *visited = calloc(n, 1);
    uint32_t *stack = malloc((size_t)n * sizeof *stack);

    if (!visited || !stack) {
        free(visited);
        free(stack);
        return -1;
    }
    fill_all(cells, s, LS_CELL_BLOCKED);
    for (j = 0; j < mh; j++)
        for (i = 0; i < mw; i++)
            for (y = 0; y < k; y++)
                for (x = 0; x < k; x++)
                    set_cell(cells, s, 1 + (int64_t)i * p + x,
                             1 + (int64_t)j * p + y, LS_CELL_OPEN);

    /* Randomised depth-first search from maze cell (0, 0). */
    visited[0] = 1;
    stack[top++] = 0;
    while (top > 0) {
        uint32_t cur = stack[top - 1], options[4], count = 0, pick;
        i = cur % mw;
        j = cur / mw;
        for (d = 0; d < 4; d++) {
            int64_t ni = (int64_t)i + di[d], nj = (int64_t)j + dj[d];
            if (ni >= 0 && nj >= 0 && ni < mw && nj < mh &&
                !visited[(uint32_t)nj * mw + (uint32_t)ni])
                options[count++] = d;
        }
        if (count == 0) {
            top--;
            continue;
        }
        d = options[ls_rng_below(rng, count)];
        maze_open(cells, s, i, j, d);
        pick = (uint32_t)(((int64_t)j + dj[d]) * mw + ((int64_t)i + di[d]));
        visited[pick] = 1;
        stack[top++] = pick;
    }

    /* Extra openings: one draw per internal wall, east then south. */
    for (j = 0; j < mh; j++) {
        for (i = 0; i < mw; i++) {
            if (i + 1 < mw && ls_rng_below(rng, 100) < loops)
                maze_open(cells, s, i, j, 1);
            if (j + 1 < mh && ls_rng_below(rng, 100) < loops)
                maze_open(cells, s, i, j, 2);
        }
    }
    free(visited);
    free(stack);
    return 0;
}

/* A door of up to `door` cells in a wall segment of len cells starting at
 * (x, y) and running along (dx, dy): one draw for whether it exists, and
 * one for its offset when it does. */
static void rooms_door(uint8_t *cells, const mg_spec *s, ls_rng *rng,
                       int64_t x, int64_t y, int64_t dx, int64_t dy,
                       uint32_t len)
{
    uint32_t door = s->param[1] < len ? s->param[1] : len, off, t;
    if (ls_rng_below(rng, 100) >= s->param[2])
        return;
    off = ls_rng_below(rng, len - door + 1);
    for (t = off; t < off + door; t++)
        set_cell(cells, s, x + dx * t, y + dy * t, LS_CELL_OPEN);
}

static void gen_rooms(uint8_t *cells, const mg_spec *s, ls_rng *rng)
{
    uint32_t r = s->param[0], q = r + 1;
    uint32_t w = (uint32_t)s->width, h = (uint32_t)s->height, x, y, i, j;
    uint32_t cols = (w + r) / q, rows = (h + r) / q; /* rooms per axis */

    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            cells[(size_t)y * w + x] =
                (x % q == r || y % q == r) ? LS_CELL_BLOCKED : LS_CELL_OPEN;
    for (j = 0; j < rows; j++) {
        for (i = 0; i < cols; i++) {
            uint32_t x0 = i * q, y0 = j * q;
            if (i + 1 < cols)
                rooms_door(cells, s, rng, x0 + r, y0, 0, 1,
                           h - y0 < r ? h - y0 : r);
            if (j + 1 < rows)
                rooms_door(cells, s, rng, x0, y0 + r, 1, 0,
                           w - x0 < r ? w - x0 : r);
        }
    }
}

static void gen_corridors(uint8_t *cells, const mg_spec *s, ls_rng *rng)
{
    uint32_t gaps = s->param[0], vertical = s->param[1], g;
    uint32_t w = (uint32_t)s->width, h = (uint32_t)s->height, x, y;

    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            cells[(size_t)y * w + x] = ((vertical ? x : y) % 2u == 1u)
                                           ? LS_CELL_BLOCKED : LS_CELL_OPEN;
    if (!vertical) {
        for (y = 1; y < h; y += 2)
            for (g = 0; g < gaps; g++)
                set_cell(cells, s, ls_rng_below(rng, w), y, LS_CELL_OPEN);
    } else {
        for (x = 1; x < w; x += 2)
            for (g = 0; g < gaps; g++)
                set_cell(cells, s, x, ls_rng_below(rng, h), LS_CELL_OPEN);
    }
}

static void gen_traps(uint8_t *cells, const mg_spec *s, ls_rng *rng)
{
    uint32_t checker = s->param[0], segments = s->param[1];
    uint32_t length = s->param[2], dots = s->param[3];
    uint32_t w = (uint32_t)s->width, h = (uint32_t)s->height, x, y, k, t;

    fill_all(cells, s, LS_CELL_OPEN);
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            if ((x + y) % 2u == 1u && ls_rng_below(rng, 100) < checker)
                cells[(size_t)y * w + x] = LS_CELL_BLOCKED;
    for (k = 0; k < segments; k++) {
        int64_t x0 = ls_rng_below(rng, w), y0 = ls_rng_below(rng, h);
        uint32_t dir = ls_rng_below(rng, 2);
        uint32_t len = 1 + ls_rng_below(rng, length);
        for (t = 0; t < len; t++)
            set_cell(cells, s, dir == 0 ? x0 + t : x0 - t, y0 + t,
                     LS_CELL_BLOCKED);
    }
    for (k = 0; k < dots; k++) {
        int64_t dx = ls_rng_below(rng, w), dy = ls_rng_below(rng, h);
        set_cell(cells, s, dx, dy, LS_CELL_BLOCKED);
    }
}

static void gen_terrain(uint8_t *cells, const mg_spec *s, ls_rng *rng)
{
    uint32_t patches = s->param[0], size = s->param[1], max = s->param[2];
    uint32_t k;

    fill_all(cells, s, LS_CELL_OPEN);
    for (k = 0; k < patches; k++) {
        int64_t x0 = ls_rng_below(rng, (uint32_t)s->width);
        int64_t y0 = ls_rng_below(rng, (uint32_t)s->height);
        int64_t pw = 1 + (int64_t)ls_rng_below(rng, size);
        int64_t ph = 1 + (int64_t)ls_rng_below(rng, size);
        uint8_t cost = (uint8_t)(1u + ls_rng_below(rng, max));
        int64_t x, y;
        for (y = y0; y < y0 + ph && y < s->height; y++)
            for (x = x0; x < x0 + pw && x < s->width; x++)
                cells[(size_t)y * (size_t)s->width + (size_t)x] = cost;
    }
    scatter(cells, s, rng, s->param[3]);
}

int mg_generate(const mg_spec *spec, uint8_t *cells)
{
    ls_rng rng;

    if (!cells || mg_check(spec) != NULL)
        return -1;
    ls_rng_seed(&rng, spec->seed);
    switch (spec->family) {
    case MG_EMPTY: fill_all(cells, spec, LS_CELL_OPEN); return 0;
    case MG_RANDOM: gen_random(cells, spec, &rng); return 0;
    case MG_MAZE: return gen_maze(cells, spec, &rng);
    case MG_ROOMS: gen_rooms(cells, spec, &rng); return 0;
    case MG_CORRIDORS: gen_corridors(cells, spec, &rng); return 0;
    case MG_TRAPS: gen_traps(cells, spec, &rng); return 0;
    default: gen_terrain(cells, spec, &rng); return 0;
    }
}
