/* SPDX-License-Identifier: MIT */
/*
 * scenrun.h - what the scenario commands (`scen`, `queue`, `batch`) share
 * around their own loop over the queries: the map and then its scenario,
 * loaded the one way all three load them (every failure reported as a
 * one-line error), and, for `scen` and `batch`, the whole run timed in
 * CPU time, summed up and freed.
 */
#ifndef CLI_SCENRUN_H
#define CLI_SCENRUN_H

#include "lockstar.h"
#include "movingai.h"
#include "args.h"
#include "output.h"

/* Load a->files[0] as the map (with --swamp-cost and --grid) into *grid,
 * then a->files[1] as a scenario on a map of that size into *scen.
 * Returns CLI_EXIT_DONE with both loaded (the caller frees them with
 * mai_scen_free and ls_grid_destroy), or CLI_EXIT_BAD_INPUT after
 * reporting the reader's error, with nothing left allocated. */
int cli_load_map_and_scen(const cli_args *a, ls_grid **grid, mai_scen *scen);

/* A command's loop over every query of scen on grid, each line printed
 * and counted in totals; context is the command's own (NULL for `scen`).
 * Returns CLI_EXIT_DONE, or the exit status to end with (reported). */
typedef int (*cli_scen_loop)(const cli_args *a, const void *context,
                             const ls_grid *grid, const mai_scen *scen,
                             cli_tally *totals);

/* Load the files, run loop on them (totals.smooth set for --smooth),
 * then cli_end_scen_run(command, ...) with the detail detail_prefix
 * followed by the CPU time, and free the files. Returns the exit status
 * to end with. */
int cli_timed_scen_run(const char *command, const cli_args *a,
                       cli_scen_loop loop, const void *context,
                       const char *detail_prefix);

#endif
