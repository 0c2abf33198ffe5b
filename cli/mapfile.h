/*
 * mapfile.h - reading Moving AI grid maps (.map) into a lockstar grid.
 *
 * Format: "type octile", "height H", "width W", "map", then H rows of W
 * characters. '.', 'G' -> cost 1; 'S' (swamp) -> cost 1 as well (passable,
 * see README for the full mapping); '@', 'O', 'T', 'W' -> blocked.
 * Errors name the file, the line and the reason.
 *
 * Details of what is accepted:
 *   - the four header lines come in that order; words in them may be
 *     separated by spaces or tabs; H and W are 1..LS_MAX_DIMENSION;
 *   - only the seven characters above may appear in a row (no other
 *     mapping: any other byte, a space or a tab included, is an error, so a
 *     typo never silently becomes open or blocked ground);
 *   - CRLF line endings are accepted, the last line need not end in '\n',
 *     and blank lines (spaces and tabs only) may follow the last row;
 *   - 'S' costs 1 like '.', so that costs stay comparable with the usual
 *     Moving AI tools (one passable step costs the same everywhere); only
 *     a drawing shows swamp differently.
 */
#ifndef LS_CLI_MAPFILE_H
#define LS_CLI_MAPFILE_H

#include <stddef.h>
#include "lockstar.h"

/* One readable error: "FILE:LINE: reason". */
typedef struct ls_cli_error {
    char message[512];
} ls_cli_error;

/* Parse map text (length bytes, not necessarily NUL-terminated) named
 * name (for messages). On success *grid is a new grid (caller destroys).
 * Returns 0 on success, -1 with err filled on any error. */
int ls_map_parse(const char *name, const char *text, size_t length,
                 ls_grid **grid, ls_cli_error *err);

/* Read and parse the file at path. Same return convention. */
int ls_map_load(const char *path, ls_grid **grid, ls_cli_error *err);

/* As ls_map_parse / ls_map_load, and when symbols is not NULL also store
 * in *symbols a malloc'd copy of the map's characters (width * height,
 * row-major, not NUL-terminated; caller frees), for drawing. */
int ls_map_parse_symbols(const char *name, const char *text, size_t length,
                         ls_grid **grid, char **symbols, ls_cli_error *err);
int ls_map_load_symbols(const char *path, ls_grid **grid, char **symbols,
                        ls_cli_error *err);

/* As ls_map_load_symbols, with swamp ('S') cells costing swamp_cost
 * (1..255) instead of 1: the CLI's --swamp-cost, a lockstar extension that
 * turns Moving AI swamps into terrain the search prefers to go around.
 * grid_flags (LS_GRID_FULL or LS_GRID_COMPACT, the CLI's --grid) picks the
 * kind of grid made; the other loaders above always make a full one. */
int ls_map_load_terrain(const char *path, uint8_t swamp_cost,
                        uint32_t grid_flags, ls_grid **grid, char **symbols,
                        ls_cli_error *err);

#endif
