/*
 * mapfile.c - reading Moving AI grid maps (.map) into a lockstar grid.
 * The accepted format and the character mapping are in mapfile.h.
 *
 * Rows are validated first (remembering where each starts) and the cell
 * buffer is allocated only once the whole file is known to be good, so a
 * short file claiming a 16384 x 16384 map fails fast without a 256 MB
 * allocation.
 */
#include <stdlib.h>
#include <string.h>
#include "mapfile.h"
#include "scenfile.h"
#include "text.h"

/* The cost of a map character, or -1 for a character that is not part of
 * the format. */
static int symbol_cost(unsigned char ch)
{
    switch (ch) {
    case '.': case 'G': case 'S':
        return LS_CELL_OPEN;
    case '@': case 'O': case 'T': case 'W':
        return LS_CELL_BLOCKED;
    default:
        return -1;
    }
}

/* Read the next line into *line; at the end of the text report what was
 * expected instead. */
static int need_line(const char *name, ls_text_cursor *c, ls_text_line *line,
                     const char *expected, ls_cli_error *err)
{
    if (ls_text_next(c, line))
        return 0;
    if (c->line == 0)
        ls_cli_error_set(err, "%s:1: empty file; expected '%s'", name,
                         expected);
    else
        ls_cli_error_set(err, "%s:%lu: file ends early; expected '%s'", name,
                         (unsigned long)c->line + 1u, expected);
    return -1;
}

static int parse_type(const char *name, ls_text_cursor *c, ls_cli_error *err)
{
    ls_text_line line;
    ls_text_span w[2];
    char shown[48];
    size_t n;

    if (need_line(name, c, &line, "type octile", err) != 0)
        return -1;
    n = ls_text_words(&line, w, 2);
    if (n == 2 && ls_text_equals(w[0], "type") && ls_text_equals(w[1], "octile"))
        return 0;
    if (n == 2 && ls_text_equals(w[0], "type")) {
        ls_text_quote(w[1], shown, sizeof shown);
        ls_cli_error_set(err, "%s:%lu: map type '%s' is not supported "
                         "(expected 'type octile')", name,
                         (unsigned long)line.number, shown);
    } else {
        ls_text_span all;
        all.start = line.start;
        all.length = line.length;
        ls_text_quote(all, shown, sizeof shown);
        ls_cli_error_set(err, "%s:%lu: expected 'type octile' (a Moving AI "
                         "map), found '%s'", name,
                         (unsigned long)line.number, shown);
    }
    return -1;
}

/* Parse "keyword N" with N in 1..LS_MAX_DIMENSION. */
static int parse_size(const char *name, ls_text_cursor *c, const char *keyword,
                      int32_t *value, ls_cli_error *err)
{
    ls_text_line line;
    ls_text_span w[2];
    char expected[16], shown[48];
    uint32_t v;
    size_t n;

    strcpy(expected, keyword);
    strcat(expected, " N");
    if (need_line(name, c, &line, expected, err) != 0)
        return -1;
    n = ls_text_words(&line, w, 2);
    if (n == 0 || !ls_text_equals(w[0], keyword)) {
        ls_text_span all;
        all.start = line.start;
        all.length = line.length;
        ls_text_quote(all, shown, sizeof shown);
        ls_cli_error_set(err, "%s:%lu: expected '%s', found '%s'", name,
                         (unsigned long)line.number, expected, shown);
        return -1;
    }
    if (n != 2) {
        ls_cli_error_set(err, "%s:%lu: expected '%s' (one number after "
                         "'%s')", name, (unsigned long)line.number, expected,
                         keyword);
        return -1;
    }
    if (ls_text_uint(w[1], 1, LS_MAX_DIMENSION, &v) != 0) {
        ls_text_quote(w[1], shown, sizeof shown);
        ls_cli_error_set(err, "%s:%lu: bad %s '%s': expected a whole number "
                         "from 1 to %d", name, (unsigned long)line.number,
                         keyword, shown, LS_MAX_DIMENSION);
        return -1;
    }
    *value = (int32_t)v;
    return 0;
}

static int parse_map_keyword(const char *name, ls_text_cursor *c,
                             ls_cli_error *err)
{
    ls_text_line line;
    ls_text_span w[1];
    char shown[48];
    ls_text_span all;

    if (need_line(name, c, &line, "map", err) != 0)
        return -1;
    if (ls_text_words(&line, w, 1) == 1 && ls_text_equals(w[0], "map"))
        return 0;
    all.start = line.start;
    all.length = line.length;
    ls_text_quote(all, shown, sizeof shown);
    ls_cli_error_set(err, "%s:%lu: expected 'map', found '%s'", name,
                     (unsigned long)line.number, shown);
    return -1;
}

static int check_row(const char *name, const ls_text_line *line, int32_t y,
                     int32_t width, ls_cli_error *err)
{
    size_t x;
    if (line->length != (size_t)width) {
        ls_cli_error_set(err, "%s:%lu: row %ld is %s: %lu characters, "
                         "expected the width %ld", name,
                         (unsigned long)line->number, (long)y,
                         line->length < (size_t)width ? "too short"
                                                      : "too long",
                         (unsigned long)line->length, (long)width);
        return -1;
    }
    for (x = 0; x < line->length; x++) {
        unsigned char ch = (unsigned char)line->start[x];
        if (symbol_cost(ch) >= 0)
            continue;
        if (ch > 0x20 && ch < 0x7f)
            ls_cli_error_set(err, "%s:%lu: bad character '%c' at column %lu "
                             "(allowed: . G S passable, @ O T W blocked)",
                             name, (unsigned long)line->number, (char)ch,
                             (unsigned long)x + 1u);
        else
            ls_cli_error_set(err, "%s:%lu: bad character (byte 0x%02x) at "
                             "column %lu (allowed: . G S passable, @ O T W "
                             "blocked)", name, (unsigned long)line->number,
                             (unsigned)ch, (unsigned long)x + 1u);
        return -1;
    }
    return 0;
}

/* Check the H rows and what follows them; store where each row starts. */
static int scan_rows(const char *name, ls_text_cursor *c, int32_t width,
                     int32_t height, const char **rows, ls_cli_error *err)
{
    ls_text_line line;
    int32_t y;

    for (y = 0; y < height; y++) {
        if (!ls_text_next(c, &line)) {
            ls_cli_error_set(err, "%s:%lu: file ends after %ld of %ld map "
                             "rows", name, (unsigned long)c->line + 1u,
                             (long)y, (long)height);
            return -1;
        }
        if (check_row(name, &line, y, width, err) != 0)
            return -1;
        rows[y] = line.start;
    }
    while (ls_text_next(c, &line)) {
        if (!ls_text_blank(&line)) {
            ls_cli_error_set(err, "%s:%lu: extra text after the %ld map rows "
                             "(height %ld)", name,
                             (unsigned long)line.number, (long)height,
                             (long)height);
            return -1;
        }
    }
    return 0;
}

static int build_grid(const char *name, const char *const *rows,
                      int32_t width, int32_t height, uint32_t grid_flags,
                      ls_grid **grid, char **symbols, ls_cli_error *err)
{
    size_t cells = (size_t)width * (size_t)height, i = 0;
    uint8_t *costs = malloc(cells);
    char *copy = NULL;
    ls_status st;
    int32_t x, y;

    if (symbols)
        copy = malloc(cells);
    if (!costs || (symbols && !copy)) {
        free(costs);
        free(copy);
        ls_cli_error_set(err, "%s: out of memory for a %ldx%ld map", name,
                         (long)width, (long)height);
        return -1;
    }
    for (y = 0; y < height; y++)
        for (x = 0; x < width; x++, i++)
            costs[i] = (uint8_t)symbol_cost((unsigned char)rows[y][x]);
    st = ls_grid_create_with(width, height, grid_flags, NULL, grid);
    if (st == LS_OK)
        st = ls_grid_load(*grid, costs, cells);
    free(costs);
    if (st != LS_OK) {
        ls_grid_destroy(*grid);
        *grid = NULL;
        free(copy);
        ls_cli_error_set(err, "%s: cannot create a %ldx%ld grid: %s", name,
                         (long)width, (long)height, ls_status_string(st));
        return -1;
    }
    if (symbols) {
        for (y = 0; y < height; y++)
            memcpy(copy + (size_t)y * (size_t)width, rows[y], (size_t)width);
        *symbols = copy;
    }
    return 0;
}

/* ls_map_parse_symbols for a grid of any kind (LS_GRID_FULL or
 * LS_GRID_COMPACT); the public parsers keep their signatures and make a
 * full grid, only the CLI's --grid asks for a compact one. */
static int parse_map(const char *name, const char *text, size_t length,
                     uint32_t grid_flags, ls_grid **grid, char **symbols,
                     ls_cli_error *err)
{
    ls_text_cursor c;
    int32_t width = 0, height = 0;
    const char **rows;
    int rc;

    if (grid)
        *grid = NULL;
    if (symbols)
        *symbols = NULL;
    if (!name)
        name = "(map)";
    if (!grid || (!text && length > 0)) {
        ls_cli_error_set(err, "%s: internal error: no text or grid", name);
        return -1;
    }
    ls_text_begin(&c, text, length);
    if (parse_type(name, &c, err) != 0 ||
        parse_size(name, &c, "height", &height, err) != 0 ||
        parse_size(name, &c, "width", &width, err) != 0 ||
        parse_map_keyword(name, &c, err) != 0)
        return -1;
    rows = malloc((size_t)height * sizeof *rows);
    if (!rows) {
        ls_cli_error_set(err, "%s: out of memory", name);
        return -1;
    }
    rc = scan_rows(name, &c, width, height, rows, err);
    if (rc == 0)
        rc = build_grid(name, rows, width, height, grid_flags, grid, symbols,
                        err);
    free(rows);
    return rc;
}

int ls_map_parse_symbols(const char *name, const char *text, size_t length,
                         ls_grid **grid, char **symbols, ls_cli_error *err)
{
    return parse_map(name, text, length, LS_GRID_FULL, grid, symbols, err);
}

int ls_map_parse(const char *name, const char *text, size_t length,
                 ls_grid **grid, ls_cli_error *err)
{
    return ls_map_parse_symbols(name, text, length, grid, NULL, err);
}

/* Read the file at path and parse_map it. */
static int load_map(const char *path, uint32_t grid_flags, ls_grid **grid,
                    char **symbols, ls_cli_error *err)
{
    char *text;
    size_t length;
    int rc;

    if (grid)
        *grid = NULL;
    if (symbols)
        *symbols = NULL;
    if (ls_read_file(path, &text, &length, err) != 0)
        return -1;
    rc = parse_map(path, text, length, grid_flags, grid, symbols, err);
    free(text);
    return rc;
}

int ls_map_load_symbols(const char *path, ls_grid **grid, char **symbols,
                        ls_cli_error *err)
{
    return load_map(path, LS_GRID_FULL, grid, symbols, err);
}

int ls_map_load(const char *path, ls_grid **grid, ls_cli_error *err)
{
    return ls_map_load_symbols(path, grid, NULL, err);
}

int ls_map_load_terrain(const char *path, uint8_t swamp_cost,
                        uint32_t grid_flags, ls_grid **grid, char **symbols,
                        ls_cli_error *err)
{
    char *own = NULL;
    char **keep = symbols ? symbols : &own;
    int32_t w = 0, h = 0, x, y;

    if (swamp_cost == 1)
        return load_map(path, grid_flags, grid, symbols, err);
    if (load_map(path, grid_flags, grid, keep, err) != 0)
        return -1;
    ls_grid_size(*grid, &w, &h);
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            if ((*keep)[(size_t)y * (size_t)w + (size_t)x] == 'S')
                ls_grid_set(*grid, x, y, swamp_cost);
    free(own);
    return 0;
}
