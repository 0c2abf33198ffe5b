/* SPDX-License-Identifier: MIT */
/*
 * args.h - the one argument loop of the lockstar commands: file operands,
 * "--", --help, the shared query options (options.h) and, for `path`
 * only, --from X,Y, --to X,Y and --draw; `digest` takes --swamp-cost
 * alone; `path` and `render` take --png FILE and --scale N.
 */
#ifndef CLI_ARGS_H
#define CLI_ARGS_H

#include "lockstar.h"
#include "options.h"

/* What a command accepts. */
typedef struct cli_command {
    const char *name;          /* "path", "scen": starts every message */
    int max_files;             /* file operands accepted (1 or 2) */
    const char *too_many;      /* after "unexpected argument '%s'" */
    int takes_points;          /* --from, --to and --draw allowed */
    int map_only;              /* only --swamp-cost, of the query options */
    int takes_png;             /* --png FILE and --scale N allowed */
} cli_command;

typedef struct cli_args {
    cli_options options;
    const char *files[2];      /* in the order given */
    int file_count;
    int has_from, has_to, draw;
    ls_point from, to;
    const char *png;           /* --png FILE, or NULL */
    uint32_t scale;            /* --scale N (1..32), default 8 */
    int has_scale;
} cli_args;

/* Parse argv[1..argc-1] (argv[0] is the command's name) into *a. Returns
 * -1 to go on, or the exit status to end with (after --help, or after
 * reporting a bad argument). The command then checks what it requires
 * (its files, --from, --to) before calling cli_options_check. */
int cli_parse_args(int argc, char **argv, const cli_command *cmd,
                   cli_args *a);

#endif
