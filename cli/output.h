/*
 * output.h - what every lockstar command shares when it reports: exit
 * statuses, one-line errors on standard error, and the final flush.
 *
 * Exit status (the same for every command):
 *   0  the command did its job (for `path`: a path was found; for `scen`:
 *      every query ran, found or not)
 *   1  `path` found no path (none exists, or --max-expansions was hit)
 *   2  bad input: unreadable or malformed files, bad options, coordinates
 *      outside the map, a blocked start or goal (for `scen`: any query
 *      the library refused, reported on its own output line)
 * Every error is one line on standard error, "lockstar: " then the reason.
 */
#ifndef CLI_OUTPUT_H
#define CLI_OUTPUT_H

#include <stdint.h>
#include "lockstar.h"
#include "movingai.h"

enum {
    CLI_EXIT_DONE = 0,
    CLI_EXIT_NOT_FOUND = 1,
    CLI_EXIT_BAD_INPUT = 2
};

/* Print "lockstar: <message>" on stderr (control characters shown as '?'
 * so that the error stays one line); return CLI_EXIT_BAD_INPUT. */
int cli_fail(const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* cli_fail with a reader's or the option parser's message. */
int cli_fail_error(const mai_error *err);

/* Flush stdout; on a write error (disk full, closed pipe) report it and
 * return CLI_EXIT_BAD_INPUT, else return status. */
int cli_finish(int status);

/* Write points as " x,y x,y ..." (each preceded by one space) to stdout. */
void cli_print_points(const ls_point *points, uint32_t count);

#endif
