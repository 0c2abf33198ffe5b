/* SPDX-License-Identifier: MIT */
/*
 * draw.h - the map as ASCII text with a path on it (`lockstar path --draw`).
 *
 *   #  blocked               .  open (cost 1)
 *   ~  swamp ('S' in the map file, cost 1) or terrain cost > 1
 *   *  path                  +  partial path (no path was found)
 *   S  start                 G  goal
 *
 * One line per map row, then one legend line. Only integers are involved.
 */
#ifndef CLI_DRAW_H
#define CLI_DRAW_H

#include <stdint.h>
#include <stddef.h>
#include "lockstar.h"

typedef struct cli_drawing {
    const ls_grid *grid;
    const char *symbols;    /* the map file's characters, or NULL */
    const ls_point *path;   /* start to end; may be NULL if length is 0 */
    uint32_t length;
    int partial;            /* draw the path with '+' instead of '*' */
    ls_point start, goal;
} cli_drawing;

/* Render the drawing (rows, then the legend line) into a malloc'd,
 * NUL-terminated *text of *length bytes; caller frees. Points outside the
 * grid are ignored. Returns 0, or -1 when out of memory. Rendering before
 * printing lets a command print nothing at all when something fails. */
int cli_draw_text(const cli_drawing *d, char **text, size_t *length);

#endif
