/*
 * cmd_digest.c - `lockstar digest MAP [--swamp-cost N]`: the map digest of
 * lockstar.h (ls_grid_digest) of a Moving AI map, as 16 lowercase hex
 * digits and a newline, so peers can compare maps by one line.
 * --swamp-cost sets the cost of 'S' cells as for `path` and `scen`, and so
 * changes the digest of a map that has any.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "lockstar.h"
#include "movingai.h"
#include "commands.h"
#include "options.h"
#include "output.h"
#include "usage.h"

static int usage_fail(const char *reason)
{
    return cli_fail("digest: %s (usage: lockstar digest MAP "
                    "[--swamp-cost N])", reason);
}

/* Returns -1 to go on with *map and *swamp set, or the exit status to end
 * with. */
static int parse_args(int argc, char **argv, const char **map,
                      uint32_t *swamp)
{
    mai_error err;
    const char *value;
    int i = 1, only_files = 0, rc;

    *map = NULL;
    *swamp = 1;
    while (i < argc) {
        const char *arg = argv[i];
        if (only_files || arg[0] != '-' || arg[1] == '\0') {
            if (*map)
                return cli_fail("digest: unexpected argument '%s' "
                                "(expected MAP only)", arg);
            *map = arg;
            i++;
            continue;
        }
        if (strcmp(arg, "--") == 0) {
            only_files = 1;
            i++;
            continue;
        }
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            cli_usage(stdout);
            return cli_finish(CLI_EXIT_DONE);
        }
        rc = cli_option_value(argc, argv, &i, "--swamp-cost", &value, &err);
        if (rc < 0)
            return cli_fail_error(&err);
        if (rc == 0)
            return cli_fail("digest: unknown option '%s' (try 'lockstar "
                            "--help')", arg);
        if (cli_parse_uint(value, 1, 255, swamp) != 0)
            return cli_fail("bad value '%s' for --swamp-cost: expected a "
                            "whole number from 1 to 255", value);
    }
    if (!*map)
        return usage_fail("no MAP file given");
    return -1;
}

int cli_cmd_digest(int argc, char **argv)
{
    const char *map;
    uint32_t swamp;
    mai_error err;
    ls_grid *grid = NULL;
    uint64_t digest = 0;
    ls_status st;
    int status = parse_args(argc, argv, &map, &swamp);

    if (status >= 0)
        return status;
    if (mai_grid_load(map, (uint8_t)swamp, LS_GRID_COMPACT, &grid, NULL,
                      &err) != 0)
        return cli_fail_error(&err);
    st = ls_grid_digest(grid, &digest);
    ls_grid_destroy(grid);
    if (st != LS_OK)
        return cli_fail("digest: %s", ls_status_string(st));
    printf("%016" PRIx64 "\n", digest);
    return cli_finish(CLI_EXIT_DONE);
}
