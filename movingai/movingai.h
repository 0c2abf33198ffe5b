/* SPDX-License-Identifier: MIT */
/*
 * movingai.h - the one reader of Moving AI benchmark files (.map, .scen)
 * for the lockstar program, the bench, the tests and the vector tools.
 *
 * Not part of liblockstar (the library does no I/O): a convenience library
 * of its own, movingai/libmovingai.la, never installed. Names start with
 * mai_. Every function that can fail returns 0, or -1 with a one-line
 * message in a mai_error, "FILE:LINE: reason" (or "FILE: reason" when no
 * line is to blame); the messages are what `lockstar` prints and what the
 * tests pin, so they do not change lightly.
 *
 * Typical use:
 *
 *     mai_map map;  mai_scen scen;  mai_error err;  ls_grid *grid;
 *     if (mai_grid_load("arena.map", 1, LS_GRID_FULL, &grid, &map,
 *                       &err) != 0 ||
 *         mai_scen_load("arena.map.scen", map.width, map.height, &scen,
 *                       &err) != 0)
 *         fprintf(stderr, "%s\n", err.message);
 *
 * Nothing here keeps state between calls; results are owned by the caller
 * (mai_map_free, mai_scen_free, free() for mai_read_file's text).
 */
#ifndef MAI_MOVINGAI_H
#define MAI_MOVINGAI_H

#include <stddef.h>
#include <stdint.h>
#include "lockstar.h"

/* One readable error: "FILE:LINE: reason", always NUL-terminated. */
typedef struct mai_error {
    char message[512];
} mai_error;

/* printf into err->message (cut if too long); err may be NULL. */
void mai_error_set(mai_error *err, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* ---- whole files (file.c) ---------------------------------------------- */

/* Read the whole file at path into a malloc'd buffer, NUL-terminated
 * (*length excludes the NUL; the text may hold other NULs). Returns 0, or
 * -1 with err set ("PATH: cannot open: ...", "PATH: is a directory, not a
 * file", "PATH: cannot read: ..."). */
int mai_read_file(const char *path, char **text, size_t *length,
                  mai_error *err);

/* ---- maps (map.c) -------------------------------------------------------
 *
 * A Moving AI map: "type octile", "height H", "width W", "map", then H rows
 * of W characters. Each character is one cell:
 *
 *   .  ground                  passable, cost 1
 *   G  ground                  passable, cost 1
 *   S  swamp                   passable, cost 1 (as in the Moving AI
 *                              benchmarks), or the swamp_cost given to
 *                              mai_map_cells / mai_map_grid (the CLI's
 *                              --swamp-cost, a lockstar extension)
 *   @  out of bounds           blocked
 *   O  out of bounds           blocked
 *   T  trees                   blocked
 *   W  water                   blocked (old Warcraft III maps; their
 *                              scenarios may start or end on it)
 *
 * Any other byte in a row (a space or a tab included) is an error, so a
 * typo never silently becomes open or blocked ground. The four header
 * lines come in that order, words separated by spaces or tabs; H and W are
 * 1..LS_MAX_DIMENSION, plain decimal digits: leading zeros are read as
 * decimal ("004" is 4, as strtol and every Moving AI tool read it), while
 * a sign ("+4", "-0"), a point, a prefix or trailing junk is an error.
 * CRLF line ends are accepted, the last line need not end in '\n', and
 * blank lines (spaces and tabs only) may follow the rows. A CR anywhere
 * else (CR-only line ends) is refused by its own message
 * (mai_text_refuse_cr), as is every fault, with the line it is on; the
 * cases are pinned one by one in tests/hostile.sh.
 */
typedef struct mai_map {
    int32_t width, height;
    char *symbols;   /* width * height map characters, row-major, not
                        NUL-terminated; malloc'd, see mai_map_free */
} mai_map;

/* Parse map text (length bytes, not necessarily NUL-terminated); name
 * (NULL: "(map)") is the file name used in messages. Rows are checked
 * before anything as large as the map is allocated. 0, or -1 with err set
 * and *map empty. */
int mai_map_parse(const char *name, const char *text, size_t length,
                  mai_map *map, mai_error *err);
/* mai_read_file then mai_map_parse, naming the map by its path. */
int mai_map_load(const char *path, mai_map *map, mai_error *err);
/* Free map->symbols and empty *map; safe on an empty map. */
void mai_map_free(mai_map *map);

/* The cost of one map character: LS_CELL_OPEN, LS_CELL_BLOCKED, or
 * swamp_cost (1..255) for 'S'; -1 for a character not in the table. */
int mai_symbol_cost(char symbol, uint8_t swamp_cost);

/* Write the width * height cell costs of map (row-major, the layout of
 * ls_grid_load) into cells, with 'S' costing swamp_cost (1..255). */
void mai_map_cells(const mai_map *map, uint8_t swamp_cost, uint8_t *cells);

/* Make a new grid of kind grid_flags (LS_GRID_FULL or LS_GRID_COMPACT)
 * holding map's cells as mai_map_cells gives them; name is for messages.
 * 0 with *grid set (caller destroys), or -1 with err set. */
int mai_map_grid(const mai_map *map, const char *name, uint8_t swamp_cost,
                 uint32_t grid_flags, ls_grid **grid, mai_error *err);

/* mai_map_load then mai_map_grid. When map is not NULL the parsed map is
 * kept there too (for drawing; caller frees), else it is freed. */
int mai_grid_load(const char *path, uint8_t swamp_cost, uint32_t grid_flags,
                  ls_grid **grid, mai_map *map, mai_error *err);

/* ---- scenarios (scen.c) -------------------------------------------------
 *
 * A "version 1" (or "version 1.0") line, then rows of nine tab-separated
 * fields "bucket map width height sx sy gx gy optimal_length". The map
 * named in a row is not read (the caller has the map), but width and
 * height must equal the map's and both points must lie inside it; every
 * number is checked (optimal_length as a decimal, without floating point,
 * at most 10 digits before the point and 20 after: it is never used, but
 * a number of a megabyte is junk). Whole numbers are plain digits (leading
 * zeros allowed, no sign). Blank lines are skipped anywhere; CRLF line
 * ends are accepted, CR-only ones refused.
 */
typedef struct mai_query {
    int32_t bucket;
    int32_t sx, sy, gx, gy;
    uint32_t line;          /* line number in the file, for messages */
} mai_query;

typedef struct mai_scen {
    mai_query *queries;     /* malloc'd, file order; see mai_scen_free */
    uint32_t count;
} mai_scen;

/* Parse scenario text against a map of width x height; name (NULL:
 * "(scenario)") is for messages. 0, or -1 with err set and *scen empty. */
int mai_scen_parse(const char *name, const char *text, size_t length,
                   int32_t width, int32_t height, mai_scen *scen,
                   mai_error *err);
int mai_scen_load(const char *path, int32_t width, int32_t height,
                  mai_scen *scen, mai_error *err);
void mai_scen_free(mai_scen *scen);

/* ---- lines (text.c), for other line-based readers ---------------------- */

/* One line, without its '\n' and without a '\r' just before it (CRLF
 * files read like LF files). number counts from 1. */
typedef struct mai_line {
    const char *start;
    size_t length;
    uint32_t number;
} mai_line;

typedef struct mai_cursor {
    const char *text;
    size_t length;
    size_t pos;
    uint32_t line;   /* number of the last line returned */
} mai_cursor;

/* Walk text (length bytes, NULs included) line by line: a final '\n' ends
 * the last line and does not begin an empty one. */
void mai_text_begin(mai_cursor *c, const char *text, size_t length);
/* Store the next line in *line and return 1, or return 0 at the end. */
int mai_text_next(mai_cursor *c, mai_line *line);

/* A '\r' inside a line (not the CR of a CRLF end, which the cursor drops)
 * is refused by every reader: a file with CR-only line ends (classic Mac
 * OS) would otherwise read as one long line with a puzzling message.
 * Returns 0 when the line has none, else -1 with err set to
 * "NAME:LINE: a carriage return inside the line: ..." */
int mai_text_refuse_cr(const char *name, const mai_line *line,
                       mai_error *err);
/* The reason of that message, for readers that add the place themselves. */
#define MAI_CR_REASON "a carriage return inside the line: CR-only line " \
                      "ends are not read (use LF or CRLF line ends)"

/* ---- numbers and quoting (text.c), for messages in the same manner ---- */

/* Parse exactly length bytes of decimal digits (no sign, space or prefix)
 * into a value in [min, max]. 0, or -1 when empty, not digits or out of
 * range (checked without wrapping). */
int mai_parse_uint(const char *text, size_t length, uint32_t min,
                   uint32_t max, uint32_t *out);

/* Copy length bytes of text into buf (size > 4) for a message: at most
 * about 40 characters, bytes outside printable ASCII as '?', "..." when
 * cut. */
void mai_quote(const char *text, size_t length, char *buf, size_t size);

#endif
