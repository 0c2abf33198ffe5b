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

int mai_symbol_cost(char symbol, uint8_t swamp_cost)
{
    switch (symbol) {
    case '.': case 'G':
        return LS_CELL_OPEN;
    case 'S':
        return swamp_cost;
    case '@': case 'O': case 'T': case 'W':
        return LS_CELL_BLOCKED;
    default:
        return -1;
    }
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

/* Symbol classes, indexed by byte: 0 not a map symbol, 1 open ('.', 'G'),
 * 2 blocked ('@', 'O', 'T', 'W'), 3 swamp ('S'); the same sets as
 * mai_symbol_cost's switch, which tests/suite_reader.c checks byte for
 * byte. A lookup costs a few instructions a cell where the switch cost
 * about nine (37,636 cells on lak303d, read twice: checked, converted). */
static const unsigned char symbol_class[256] = {
    ['.'] = 1, ['G'] = 1, ['@'] = 2, ['O'] = 2, ['T'] = 2, ['W'] = 2,
    ['S'] = 3
};

static int row_is_good(const char *row, size_t length)
{
    unsigned bad = 0;
    size_t x;
    for (x = 0; x < length; x++)
        bad |= symbol_class[(unsigned char)row[x]] == 0;
    return !bad;
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

/* Check the H rows and what follows them; store where each row starts. */
static int scan_rows(const char *name, mai_cursor *c, int32_t width,
                     int32_t height, const char **rows, mai_error *err)
{
    mai_line line;
    int32_t y;

    for (y = 0; y < height; y++) {
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
    size_t i, n = (size_t)map->width * (size_t)map->height;
    /* Cost by symbol class; a parsed map holds only classes 1..3. */
    const uint8_t cost[4] = { LS_CELL_BLOCKED, LS_CELL_OPEN, LS_CELL_BLOCKED,
                              swamp_cost };
    for (i = 0; i < n; i++)
        cells[i] = cost[symbol_class[(unsigned char)map->symbols[i]]];
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
