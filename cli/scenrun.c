/* SPDX-License-Identifier: MIT */
/*
 * scenrun.c - loading and running a scenario command's files (see
 * scenrun.h).
 */
#include <stdio.h>
#include <time.h>
#include "scenrun.h"

int cli_load_map_and_scen(const cli_args *a, ls_grid **grid, mai_scen *scen)
{
    mai_error err;
    int32_t width = 0, height = 0;
    ls_status st;

    if (mai_grid_load(a->files[0], (uint8_t)a->options.swamp_cost,
                      a->options.grid_flags, grid, NULL, &err) != 0)
        return cli_fail_error(&err);
    st = cli_options_prepare(&a->options, *grid);
    if (st != LS_OK) {
        ls_grid_destroy(*grid);
        *grid = NULL;
        return cli_fail("cannot build the tables the options need on %s: %s",
                        a->files[0], ls_status_string(st));
    }
    /* The scenario's points are checked against the map's size. */
    ls_grid_size(*grid, &width, &height);
    if (mai_scen_load(a->files[1], width, height, scen, &err) != 0) {
        ls_grid_destroy(*grid);
        *grid = NULL;
        return cli_fail_error(&err);
    }
    return CLI_EXIT_DONE;
}

int cli_timed_scen_run(const char *command, const cli_args *a,
                       cli_scen_loop loop, const void *context,
                       const char *detail_prefix)
{
    ls_grid *grid = NULL;
    mai_scen scen = { NULL, 0 };
    cli_tally totals = { 0, 0, 0, NULL, 0 };
    clock_t started;
    char cpu[32], detail[96];
    int status = cli_load_map_and_scen(a, &grid, &scen);

    if (status != CLI_EXIT_DONE)
        return status;
    totals.smooth = a->options.smooth ? grid : NULL;
    totals.clearance = a->options.query.clearance;
    /* clock(): the CPU time of every thread, a batch's workers too. */
    started = clock();
    status = loop(a, context, grid, &scen, &totals);
    cli_format_cpu_time(clock() - started, cpu, sizeof cpu);
    snprintf(detail, sizeof detail, "%s%s", detail_prefix, cpu);
    status = cli_end_scen_run(command, scen.count, &totals, detail, status);
    mai_scen_free(&scen);
    ls_grid_destroy(grid);
    return status;
}
