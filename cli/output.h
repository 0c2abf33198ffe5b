/* SPDX-License-Identifier: MIT */
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

#include <stddef.h>
#include <stdint.h>
#include <time.h>
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

/* What a scenario run (`scen`, `queue`, `batch`) counts for its summary. */
typedef struct cli_tally {
    uint32_t solved, refused;
    uint64_t expansions;
    const ls_grid *smooth;  /* --smooth: the grid to smooth found paths on
                               (NULL: no waypoints printed) */
    uint32_t clearance;     /* ... for units of this clearance (--clearance) */
} cli_tally;

/* Print one query's scenario line and count it in t: with outcome >= 0
 * (LS_OK, LS_NO_PATH, LS_EXPANSION_LIMIT) "sx sy gx gy cost expanded
 * digest" and, after LS_OK, r->path_length points, then with t->smooth
 * " |" and the waypoints (ls_smooth_path_sized on t->smooth with
 * t->clearance); with an error,
 * "sx sy gx gy error NAME". The one place this format is written.
 * Returns 0, or -1 (reported) when memory for the waypoints ran out. */
int cli_print_scen_line(const mai_query *sq, ls_status outcome,
                        const ls_result *r, const ls_point *points,
                        cli_tally *t);

/* Print " X,Y ..." of the waypoints ls_smooth_path_sized makes of points
 * on grid for the clearance (0: ls_smooth_path's). 0, or -1 (reported on
 * stderr) when memory ran out. */
int cli_print_waypoints(const ls_grid *grid, uint32_t clearance,
                        const ls_point *points, uint32_t count);

/* CPU time as "S.mmm s" (integer milliseconds: for humans only). */
void cli_format_cpu_time(clock_t elapsed, char *out, size_t size);

/* End a scenario run that ended with status: flush, then (if it is still
 * CLI_EXIT_DONE) print "lockstar COMMAND: N queries, N solved, N refused,
 * N expansions, DETAIL" on stderr. Returns the exit status: 2 after a
 * write error or when any query was refused. */
int cli_end_scen_run(const char *command, uint32_t queries,
                     const cli_tally *t, const char *detail, int status);

#endif
