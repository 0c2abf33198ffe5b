/* SPDX-License-Identifier: MIT */
/*
 * cmd_render.c - `lockstar render MAP --png FILE [--scale N]
 * [--swamp-cost N]`: the map alone as a PNG (picture.h: blocked cells,
 * open ground, terrain shaded by its cost), nothing on standard output.
 */
#include <string.h>
#include "lockstar.h"
#include "movingai.h"
#include "args.h"
#include "commands.h"
#include "output.h"
#include "picture.h"
#include "pngfile.h"

static const cli_command render_command = {
    "render", 1, "one MAP file only", 0, 1, 1
};

int cli_cmd_render(int argc, char **argv)
{
    cli_args a;
    mai_error err;
    ls_grid *grid = NULL;
    cli_picture p;
    int status = cli_parse_args(argc, argv, &render_command, &a);

    if (status >= 0)
        return status;
    if (a.file_count == 0)
        return cli_fail("render: no MAP file given (usage: lockstar render "
                        "MAP --png FILE [--scale N] [--swamp-cost N])");
    if (!a.png)
        return cli_fail("render: --png FILE is required");
    if (mai_grid_load(a.files[0], (uint8_t)a.options.swamp_cost,
                      LS_GRID_COMPACT, &grid, NULL, &err) != 0)
        return cli_fail_error(&err);
    memset(&p, 0, sizeof p);
    p.grid = grid;
    p.scale = a.scale;
    status = cli_picture_save("render", &p, a.png);
    ls_grid_destroy(grid);
    return status == CLI_EXIT_DONE ? cli_finish(CLI_EXIT_DONE) : status;
}
