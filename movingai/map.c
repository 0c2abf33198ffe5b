/* SPDX-License-Identifier: MIT */
/*
 * map.c - reading Moving AI grid maps (.map); the accepted format and the
 * character table are in movingai.h.
 *
 * Rows are validated first (remembering where each starts) and the map's
 * characters are copied only once the whole file is known to be good, so
 * a short file claiming a 16384 x 16384 map fails fast without a 256 MB
 * allocation.
 */
#include <stdlib.h>
#include <string.h>
#include "movingai.h"
#include "text.h"

/* Symbol classes, indexed by byte: the one table of map symbols. 0 not a
 * map symbol, else SYMBOL_OK with 1 open ('.', 'G'), 2 blocked ('@', 'O',
 * 'T', 'W'), 3 swamp ('S'). mai_symbol_cost reads a symbol's cost from it,
 * and the row checks and the conversion to cells below read it a row at a
 * time: a lookup costs a few instructions a cell where a switch cost about
 * nine (37,636 cells on lak303d, read twice: checked, converted). */
#define SYMBOL_OK 0x80u
static const unsigned char symbol_class[256] = {
    ['.'] = SYMBOL_OK | 1u, ['G'] = SYMBOL_OK | 1u,
    ['@'] = SYMBOL_OK | 2u, ['O'] = SYMBOL_OK | 2u,
    ['T'] = SYMBOL_OK | 2u, ['W'] = SYMBOL_OK | 2u,
    ['S'] = SYMBOL_OK | 3u
};

/* The cost of a symbol's class (1, 2 or 3). */
static uint8_t class_cost(unsigned cls, uint8_t swamp_cost)
{
    return cls == 1u ? LS_CELL_OPEN : cls == 3u ? swamp_cost : LS_CELL_BLOCKED;
}

int mai_symbol_cost(char symbol, uint8_t swamp_cost)
{
    unsigned cls = symbol_class[(unsigned char)symbol];
    return cls ? class_cost(cls & 3u, swamp_cost) : -1;
}

/* Read the next line into *line; at the end of the text report what was
 * expected instead. */
static int need_line(const char *name, mai_cursor *c, mai_line *line,
                     const char *expected, mai_error *err)
{
    if (mai_text_next(c, line))
        return mai_text_refuse_cr(name, line, err);
    if (c->line == 0)
        mai_error_set(err, "%s:1: empty file; expected '%s'", name,
                      expected);
    else
        mai_error_set(err, "%s:%lu: file ends early; expected '%s'", name,
                      (unsigned long)c->line + 1u, expected);
    return -1;
}

static int parse_type(const char *name, mai_cursor *c, mai_error *err)
{
    mai_line line;
    mai_span w[2];
    char shown[48];
    size_t n;

    if (need_line(name, c, &line, "type octile", err) != 0)
        return -1;
    n = mai_text_words(&line, w, 2);
    if (n == 2 && mai_text_equals(w[0], "type") &&
        mai_text_equals(w[1], "octile"))
        return 0;
    if (n == 2 && mai_text_equals(w[0], "type")) {
        mai_text_quote(w[1], shown, sizeof shown);
        mai_error_set(err, "%s:%lu: map type '%s' is not supported "
                      "(expected 'type octile')", name,
                      (unsigned long)line.number, shown);
    } else {
        mai_text_quote(mai_text_all(&line), shown, sizeof shown);
        mai_error_set(err, "%s:%lu: expected 'type octile' (a Moving AI "
                      "map), found '%s'", name,
                      (unsigned long)line.number, shown);
    }
    return -1;
}

/* Parse "keyword N" with N in 1..LS_MAX_DIMENSION. */
static int parse_size(const char *name, mai_cursor *c, const char *keyword,
                      int32_t *value, mai_error *err)
{
    mai_line line;
    mai_span w[2];
    char expected[16], shown[48];
    uint32_t v;
    size_t n;

    strcpy(expected, keyword);
    strcat(expected, " N");
    if (need_line(name, c, &line, expected, err) != 0)
        return -1;
    n = mai_text_words(&line, w, 2);
    if (n == 0 || !mai_text_equals(w[0], keyword)) {
        mai_text_quote(mai_text_all(&line), shown, sizeof shown);
        mai_error_set(err, "%s:%lu: expected '%s', found '%s'", name,
                      (unsigned long)line.number, expected, shown);
        return -1;
    }
    if (n != 2) {
        mai_error_set(err, "%s:%lu: expected '%s' (one number after "
                      "'%s')", name, (unsigned long)line.number, expected,
                      keyword);
        return -1;
    }
    if (mai_text_uint(w[1], 1, LS_MAX_DIMENSION, &v) != 0) {
        mai_text_quote(w[1], shown, sizeof shown);
        mai_error_set(err, "%s:%lu: bad %s '%s': expected a whole number "
                      "from 1 to %d", name, (unsigned long)line.number,
                      keyword, shown, LS_MAX_DIMENSION);
        return -1;
    }
    *value = (int32_t)v;
    return 0;
}

static int parse_map_keyword(const char *name, mai_cursor *c,
                             mai_error *err)
{
    mai_line line;
    mai_span w[1];
    char shown[48];

    if (need_line(name, c, &line, "map", err) != 0)
        return -1;
    if (mai_text_words(&line, w, 1) == 1 && mai_text_equals(w[0], "map"))
        return 0;
    mai_text_quote(mai_text_all(&line), shown, sizeof shown);
    mai_error_set(err, "%s:%lu: expected 'map', found '%s'", name,
                  (unsigned long)line.number, shown);
    return -1;
}


/* Whether every byte of the row is a map symbol: the classes ANDed, four
 * bytes a step (SYMBOL_OK survives only if every byte has it). */
static int row_is_good(const char *row, size_t length)
{
    const unsigned char *b = (const unsigned char *)row;
    unsigned ok = SYMBOL_OK;
    size_t x = 0;
    for (; x + 4u <= length; x += 4u)
        ok &= (unsigned)symbol_class[b[x]] & symbol_class[b[x + 1u]] &
              symbol_class[b[x + 2u]] & symbol_class[b[x + 3u]];
    for (; x < length; x++)
        ok &= symbol_class[b[x]];
    return ok != 0u;
}

static int check_row(const char *name, const mai_line *line, int32_t y,
                     int32_t width, mai_error *err)
{
    size_t x;
    if (mai_text_refuse_cr(name, line, err) != 0)
        return -1;
    if (line->length != (size_t)width) {
        mai_error_set(err, "%s:%lu: row %ld is %s: %lu characters, "
                      "expected the width %ld", name,
                      (unsigned long)line->number, (long)y,
                      line->length < (size_t)width ? "too short"
                                                      : "too long",
                      (unsigned long)line->length, (long)width);
        return -1;
    }
    /* Most rows are all good: one pass of table lookups, and the column
     * of a bad byte looked for only when there is one. */
    if (row_is_good(line->start, line->length))
        return 0;
    for (x = 0; x < line->length; x++) {
        unsigned char ch = (unsigned char)line->start[x];
        if (mai_symbol_cost((char)ch, 1) >= 0)
            continue;
        if (ch > 0x20 && ch < 0x7f)
            mai_error_set(err, "%s:%lu: bad character '%c' at column %lu "
                          "(allowed: . G S passable, @ O T W blocked)",
                          name, (unsigned long)line->number, (char)ch,
                          (unsigned long)x + 1u);
        else
            mai_error_set(err, "%s:%lu: bad character (byte 0x%02x) at "
                          "column %lu (allowed: . G S passable, @ O T W "
                          "blocked)", name, (unsigned long)line->number,
                          (unsigned)ch, (unsigned long)x + 1u);
        return -1;
    }
    return 0;
}

/* The next line when it is a good row: exactly width symbols, then '\n'
 * or the end of the text. That is what mai_text_next and check_row would
 * accept, taken without their search for the line's end and for a CR
 * (neither byte is a symbol, so row_is_good refuses both). Anything else
 * is left to them, for their messages. */
static int next_good_row(mai_cursor *c, int32_t width, const char **row)
{
    const size_t w = (size_t)width;
    const char *start = c->text + c->pos;
    size_t rest;
    if (c->pos >= c->length)
        return 0;
    rest = c->length - c->pos;
    if (rest < w || (rest > w && start[w] != '\n') ||
        !row_is_good(start, w))
        return 0;
    c->pos += rest > w ? w + 1u : w;
    c->line++;
    *row = start;
    return 1;
}

/* Check the H rows and what follows them; store where each row starts. */
static int scan_rows(const char *name, mai_cursor *c, int32_t width,
                     int32_t height, const char **rows, mai_error *err)
{
    mai_line line;
    int32_t y;

    for (y = 0; y < height; y++) {
        if (next_good_row(c, width, &rows[y]))
            continue;
        if (!mai_text_next(c, &line)) {
            mai_error_set(err, "%s:%lu: file ends after %ld of %ld map "
                          "rows", name, (unsigned long)c->line + 1u,
                          (long)y, (long)height);
            return -1;
        }
        if (check_row(name, &line, y, width, err) != 0)
            return -1;
        rows[y] = line.start;
    }
    while (mai_text_next(c, &line)) {
        if (!mai_text_blank(&line)) {
            mai_error_set(err, "%s:%lu: extra text after the %ld map rows "
                          "(height %ld)", name,
                          (unsigned long)line.number, (long)height,
                          (long)height);
            return -1;
        }
    }
    return 0;
}

/* Copy the checked rows into map->symbols. */
static int copy_rows(const char *name, const char *const *rows,
                     int32_t width, int32_t height, mai_map *map,
                     mai_error *err)
{
    char *copy = malloc((size_t)width * (size_t)height);
    int32_t y;

    if (!copy) {
        mai_error_set(err, "%s: out of memory for a %ldx%ld map", name,
                      (long)width, (long)height);
        return -1;
    }
    for (y = 0; y < height; y++)
        memcpy(copy + (size_t)y * (size_t)width, rows[y], (size_t)width);
    map->width = width;
    map->height = height;
    map->symbols = copy;
    return 0;
}

int mai_map_parse(const char *name, const char *text, size_t length,
                  mai_map *map, mai_error *err)
{
    mai_cursor c;
    int32_t width = 0, height = 0;
    const char **rows;
    int rc;

    if (map) {
        map->width = map->height = 0;
        map->symbols = NULL;
    }
    if (!name)
        name = "(map)";
    if (!map || (!text && length > 0)) {
        mai_error_set(err, "%s: internal error: no text or map", name);
        return -1;
    }
    mai_text_begin(&c, text, length);
    if (parse_type(name, &c, err) != 0 ||
        parse_size(name, &c, "height", &height, err) != 0 ||
        parse_size(name, &c, "width", &width, err) != 0 ||
        parse_map_keyword(name, &c, err) != 0)
        return -1;
    rows = malloc((size_t)height * sizeof *rows);
    if (!rows) {
        mai_error_set(err, "%s: out of memory", name);
        return -1;
    }
    rc = scan_rows(name, &c, width, height, rows, err);
    if (rc == 0)
        rc = copy_rows(name, rows, width, height, map, err);
    free(rows);
    return rc;
}

int mai_map_load(const char *path, mai_map *map, mai_error *err)
{
    char *text;
    size_t length;
    int rc;

    if (map) {
        map->width = map->height = 0;
        map->symbols = NULL;
    }
    if (mai_read_file(path, &text, &length, err) != 0)
        return -1;
    rc = mai_map_parse(path, text, length, map, err);
    free(text);
    return rc;
}

void mai_map_free(mai_map *map)
{
    if (!map)
        return;
    free(map->symbols);
    map->symbols = NULL;
    map->width = map->height = 0;
}

void mai_map_cells(const mai_map *map, uint8_t swamp_cost, uint8_t *cells)
{
    size_t i = 0, n = (size_t)map->width * (size_t)map->height;
    const unsigned char *s = (const unsigned char *)map->symbols;
    uint8_t cost[256];
    unsigned k;
    /* Cost by byte, from the classes (a parsed map holds only symbols;
     * any other byte gets LS_CELL_BLOCKED), four cells a step. */
    for (k = 0; k < 256u; k++)
        cost[k] = class_cost(symbol_class[k] & 3u, swamp_cost);
    for (; i + 4u <= n; i += 4u) {
        cells[i] = cost[s[i]];
        cells[i + 1u] = cost[s[i + 1u]];
        cells[i + 2u] = cost[s[i + 2u]];
        cells[i + 3u] = cost[s[i + 3u]];
    }
    for (; i < n; i++)
        cells[i] = cost[s[i]];
}

int mai_map_grid(const mai_map *map, const char *name, uint8_t swamp_cost,
                 uint32_t grid_flags, ls_grid **grid, mai_error *err)
{
    size_t cells = (size_t)map->width * (size_t)map->height;
    uint8_t *costs = malloc(cells ? cells : 1);
    ls_status st;

    *grid = NULL;
    if (!name)
        name = "(map)";
    if (!costs) {
        mai_error_set(err, "%s: out of memory for a %ldx%ld map", name,
                      (long)map->width, (long)map->height);
        return -1;
    }
    mai_map_cells(map, swamp_cost, costs);
    st = ls_grid_create_with(map->width, map->height, grid_flags, NULL, grid);
    if (st == LS_OK)
        st = ls_grid_load(*grid, costs, cells);
    free(costs);
    if (st != LS_OK) {
        ls_grid_destroy(*grid);
        *grid = NULL;
        mai_error_set(err, "%s: cannot create a %ldx%ld grid: %s", name,
                      (long)map->width, (long)map->height,
                      ls_status_string(st));
        return -1;
    }
    return 0;
}

int mai_grid_load(const char *path, uint8_t swamp_cost, uint32_t grid_flags,
                  ls_grid **grid, mai_map *map, mai_error *err)
{
    mai_map own;
    mai_map *keep = map ? map : &own;
    int rc;

    *grid = NULL;
    if (mai_map_load(path, keep, err) != 0)
        return -1;
    rc = mai_map_grid(keep, path, swamp_cost, grid_flags, grid, err);
    if (rc != 0 || !map)
        mai_map_free(keep);
    return rc;
}
