/*
 * scenfile.h - reading Moving AI scenario files (.scen).
 *
 * Format: a "version 1" (or "version 1.0") line, then tab-separated rows
 * "bucket map width height sx sy gx gy optimal_length". The map named in a
 * row is ignored (the map comes from the command line), but its width and
 * height must match that map, and coordinates must lie inside it.
 */
#ifndef LS_CLI_SCENFILE_H
#define LS_CLI_SCENFILE_H

#include <stddef.h>
#include <stdint.h>
#include "mapfile.h"

typedef struct ls_scen_query {
    int32_t bucket;
    int32_t sx, sy, gx, gy;
    uint32_t line;          /* line number in the file, for messages */
} ls_scen_query;

typedef struct ls_scenario {
    ls_scen_query *queries; /* malloc'd; free with ls_scen_free */
    uint32_t count;
} ls_scenario;

/* Parse scenario text against a map of width x height. Returns 0, or -1
 * with err filled ("FILE:LINE: reason"). */
int ls_scen_parse(const char *name, const char *text, size_t length,
                  int32_t width, int32_t height, ls_scenario *out,
                  ls_cli_error *err);
int ls_scen_load(const char *path, int32_t width, int32_t height,
                 ls_scenario *out, ls_cli_error *err);
void ls_scen_free(ls_scenario *scen);

/* Read a whole file into a malloc'd buffer (NUL-terminated; *length
 * excludes the NUL). Returns 0, or -1 with err filled. */
int ls_read_file(const char *path, char **text, size_t *length,
                 ls_cli_error *err);

#endif
