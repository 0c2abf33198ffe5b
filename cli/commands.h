/*
 * commands.h - the subcommands of the lockstar program and what they share.
 *
 * Exit status (the same for every command):
 *   0  the command did its job (for `path`: a path was found)
 *   1  `path` found no path (none exists, or --max-expansions was hit)
 *   2  bad input: unreadable or malformed files, bad options, coordinates
 *      outside the map, a blocked start or goal
 * Every error is one line on standard error, "lockstar: " then the reason.
 */
#ifndef LS_CLI_COMMANDS_H
#define LS_CLI_COMMANDS_H

#include <stdio.h>
#include "mapfile.h"

enum {
    LS_EXIT_DONE = 0,
    LS_EXIT_NOT_FOUND = 1,
    LS_EXIT_BAD_INPUT = 2
};

/* argv[0] is the command's own name ("path", "scen"). Return the exit
 * status. */
int cmd_path(int argc, char **argv);
int cmd_scen(int argc, char **argv);

/* Print the usage text to out. */
void cli_usage(FILE *out);

/* Print "lockstar: <message>" on stderr; return LS_EXIT_BAD_INPUT. */
int cli_fail(const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
int cli_fail_error(const ls_cli_error *err);

/* Flush stdout; on a write error (disk full, closed pipe) report it and
 * return LS_EXIT_BAD_INPUT, else return status. */
int cli_finish(int status);

/* Write points as " x,y x,y ..." (each preceded by one space) to stdout. */
void cli_print_points(const ls_point *points, uint32_t count);

#endif
