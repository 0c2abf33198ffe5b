/* SPDX-License-Identifier: MIT */
/*
 * cmd_scen.c - `lockstar scen MAP SCEN [options]`: every query of a Moving
 * AI scenario, one output line each, in file order:
 *
 *   sx sy gx gy cost expanded digest x0,y0 x1,y1 ... xn,yn
 *   sx sy gx gy error NAME
 *
 * (cost -1 and no points when no path was found, including when
 * --max-expansions was hit). The second form is a query the library
 * refused, NAME being ls_status_name of its status: real scenario files
 * hold such queries (old Warcraft III ones start or end on water, which
 * the reader maps to blocked), so the run reports them and goes on, and
 * ends with exit status 2. A summary goes to standard error.
 *
 * Every refusal of a query is such a line, whatever its status: one that
 * hits every query alike (JPS on a map with terrain, a weighted query in a
 * compact context) gives one error line per query. Only faults of the
 * files stop the run before the first line, leaving standard output
 * empty: unreadable or malformed files, a map size that differs from the
 * scenario's (the reader, "FILE:LINE: reason"), and running out of memory.
 * One search context and one path buffer serve the whole run: a query
 * allocates only when its path is longer than every path before it.
 */
#include <inttypes.h>
#include <stdio.h>
#include "lockstar.h"
#include "movingai.h"
#include "args.h"
#include "commands.h"
#include "scenrun.h"
#include "output.h"
#include "run.h"

static const cli_command scen_command = {
    "scen", 2, "expected MAP and SCEN only", 0, 0, 0
};

/* Returns -1 to go on, or the exit status to end with. */
static int parse_args(int argc, char **argv, cli_args *a)
{
    mai_error err;
    int status = cli_parse_args(argc, argv, &scen_command, a);

    if (status >= 0)
        return status;
    if (a->file_count < 2)
        return cli_fail("scen: %s (usage: lockstar scen MAP SCEN [options])",
                        a->file_count == 0 ? "no MAP and SCEN files given"
                                           : "no SCEN file given");
    if (cli_options_check(&a->options, &err) != 0)
        return cli_fail_error(&err);
    return -1;
}

static void set_points(ls_query *q, const mai_query *sq)
{
    q->start_x = sq->sx;
    q->start_y = sq->sy;
    q->goal_x = sq->gx;
    q->goal_y = sq->gy;
}

/* Run one query and print its line. Returns 0, or -1 when out of memory
 * (reported). */
static int run_one(const cli_args *a, ls_search *search, const ls_grid *grid,
                   const mai_query *sq, cli_path_buffer *path,
                   cli_tally *totals)
{
    ls_query q = a->options.query;
    ls_result r;
    ls_status st;

    set_points(&q, sq);
    st = cli_run_query(search, grid, &q, a->options.budget, &r);
    if (st == LS_OK && r.status == LS_OK)
        st = cli_fetch_path(search, 0, path);
    if (st == LS_ERR_OUT_OF_MEMORY) {
        cli_fail("%s:%lu: query failed: %s", a->files[1],
                 (unsigned long)sq->line, ls_status_string(st));
        return -1;
    }
    /* An error is a refusal when the query began (a blocked start or
     * goal, options the library refuses for this map) or during the
     * search (a cost overflow: huge --straight or --weight on a big map). */
    return cli_print_scen_line(sq, st != LS_OK ? st : r.status, &r,
                               path->points, totals);
}

/* Every query in file order. CLI_EXIT_DONE when each one ran (refused
 * ones included), else CLI_EXIT_BAD_INPUT after reporting why. */
static int run_all(const cli_args *a, const void *context,
                   const ls_grid *grid, const mai_scen *scen,
                   cli_tally *totals)
{
    ls_search *search = NULL;
    cli_path_buffer path;
    int32_t width, height;
    uint32_t i, start_capacity;
    ls_status st;
    int status = CLI_EXIT_DONE;

    (void)context; /* scen has no options of its own to pass */
    ls_grid_size(grid, &width, &height);
    /* Room for a path that crosses the map a couple of times; a longer one
     * grows the buffer once. */
    start_capacity = 4u * ((uint32_t)width + (uint32_t)height);
    st = ls_search_create_with(width, height, a->options.context_flags, NULL,
                               &search);
    if (st != LS_OK)
        return cli_fail("scen: cannot create a search context: %s",
                        ls_status_string(st));
    if (cli_path_buffer_init(&path, start_capacity) != 0) {
        ls_search_destroy(search);
        return cli_fail("scen: out of memory");
    }
    for (i = 0; i < scen->count; i++) {
        if (run_one(a, search, grid, &scen->queries[i], &path, totals) != 0) {
            status = CLI_EXIT_BAD_INPUT;
            break;
        }
    }
    cli_path_buffer_free(&path);
    ls_search_destroy(search);
    return status;
}

int cli_cmd_scen(int argc, char **argv)
{
    cli_args a;
    int status = parse_args(argc, argv, &a);

    if (status >= 0)
        return status;
    return cli_timed_scen_run("scen", &a, run_all, NULL, "");
}
