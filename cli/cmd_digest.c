/* SPDX-License-Identifier: MIT */
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
#include "args.h"
#include "output.h"

static const cli_command digest_command = {
    "digest", 1, "expected MAP only", 0, 1, 0
};

int cli_cmd_digest(int argc, char **argv)
{
    cli_args a;
    mai_error err;
    ls_grid *grid = NULL;
    uint64_t digest = 0;
    ls_status st;
    int status = cli_parse_args(argc, argv, &digest_command, &a);

    if (status >= 0)
        return status;
    if (a.file_count == 0)
        return cli_fail("digest: no MAP file given (usage: lockstar digest "
                        "MAP [--swamp-cost N])");
    if (mai_grid_load(a.files[0], (uint8_t)a.options.swamp_cost,
                      LS_GRID_COMPACT, &grid, NULL, &err) != 0)
        return cli_fail_error(&err);
    st = ls_grid_digest(grid, &digest);
    ls_grid_destroy(grid);
    if (st != LS_OK)
        return cli_fail("digest: %s", ls_status_string(st));
    printf("%016" PRIx64 "\n", digest);
    return cli_finish(CLI_EXIT_DONE);
}
