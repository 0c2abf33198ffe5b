/* SPDX-License-Identifier: MIT */
/*
 * fuzz_map.c - the Moving AI map reader (movingai/map.c) on any bytes.
 *
 * Invariants: a refusal is one line "(fuzz):LINE: reason" or
 * "(fuzz): reason" with the map left empty; an accepted map has a size in
 * 1..LS_MAX_DIMENSION, only characters of the table, and as many as its
 * size says; written back as a canonical map it reads again to the same
 * map; its grid (both kinds) holds each character's cost, and its map
 * digest equals the oracle library's, recomputed from the definition in
 * lockstar.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz_util.h"
#include "movingai.h"
#include "oracle/oracle.h"

static void check_message(const mai_error *err)
{
    const char *m = err->message;
    FZ_CHECK(strncmp(m, "(fuzz):", 7) == 0);
    FZ_CHECK(strlen(m) > 8);
    FZ_CHECK(strchr(m, '\n') == NULL);
}

/* The canonical text of map: header and rows, LF line ends. */
static char *canonical(const mai_map *map, size_t *length)
{
    size_t w = (size_t)map->width, h = (size_t)map->height, y;
    size_t room = 80 + h * (w + 1);
    char *text = malloc(room), *p;
    if (!text)
        return NULL;
    p = text + sprintf(text, "type octile\nheight %d\nwidth %d\nmap\n",
                       (int)map->height, (int)map->width);
    for (y = 0; y < h; y++) {
        memcpy(p, map->symbols + y * w, w);
        p += w;
        *p++ = '\n';
    }
    *length = (size_t)(p - text);
    return text;
}

static void check_grid(const mai_map *map, uint8_t swamp, uint32_t flags)
{
    ls_grid *grid = NULL;
    mai_error err;
    int32_t w, h, x, y;
    uint64_t digest;
    FZ_CHECK(mai_map_grid(map, "(fuzz)", swamp, flags, &grid, &err) == 0);
    FZ_CHECK(ls_grid_size(grid, &w, &h) == LS_OK);
    FZ_CHECK(w == map->width && h == map->height);
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++) {
            uint8_t cost = 0;
            int want = mai_symbol_cost(map->symbols[(size_t)y * (size_t)w +
                                                    (size_t)x], swamp);
            FZ_CHECK(ls_grid_get(grid, x, y, &cost) == LS_OK);
            FZ_CHECK(want >= 0 && cost == (uint8_t)want);
        }
    FZ_CHECK(ls_grid_digest(grid, &digest) == LS_OK);
    FZ_CHECK(digest == or_grid_digest(grid));
    ls_grid_destroy(grid);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mai_map map, again;
    mai_error err;
    size_t i, cells, length = 0;
    char *text;

    memset(&map, 0x5a, sizeof map);
    if (mai_map_parse("(fuzz)", (const char *)data, size, &map, &err) != 0) {
        check_message(&err);
        FZ_CHECK(map.symbols == NULL);
        return 0;
    }
    FZ_CHECK(map.width >= 1 && map.width <= LS_MAX_DIMENSION);
    FZ_CHECK(map.height >= 1 && map.height <= LS_MAX_DIMENSION);
    cells = (size_t)map.width * (size_t)map.height;
    /* Every cell is one byte of the input. */
    FZ_CHECK(cells <= size);
    for (i = 0; i < cells; i++)
        FZ_CHECK(mai_symbol_cost(map.symbols[i], 1) >= 0);

    text = canonical(&map, &length);
    if (text) {
        FZ_CHECK(mai_map_parse("(fuzz)", text, length, &again, &err) == 0);
        FZ_CHECK(again.width == map.width && again.height == map.height);
        FZ_CHECK(memcmp(again.symbols, map.symbols, cells) == 0);
        mai_map_free(&again);
        free(text);
    }
    check_grid(&map, 1, LS_GRID_FULL);
    check_grid(&map, (uint8_t)(1 + size % 255), LS_GRID_COMPACT);
    mai_map_free(&map);
    FZ_CHECK(map.symbols == NULL);
    return 0;
}
