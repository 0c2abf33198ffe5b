/*
 * mapfile.h - reading Moving AI grid maps (.map) into a lockstar grid.
 *
 * Format: "type octile", "height H", "width W", "map", then H rows of W
 * characters. '.', 'G' -> cost 1; 'S' (swamp) -> cost 1 as well (passable,
 * see README for the full mapping); '@', 'O', 'T', 'W' -> blocked.
 * Errors name the file, the line and the reason.
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

#endif
