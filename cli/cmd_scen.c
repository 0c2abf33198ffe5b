/*
 * cmd_scen.c - `lockstar scen MAP SCEN [options]`: every query of a Moving
 * AI scenario, one output line each, in file order:
 *
 *   sx sy gx gy cost expanded digest x0,y0 x1,y1 ... xn,yn
 *
 * (cost -1 and no points when no path was found, including when
 * --max-expansions was hit). A summary goes to standard error.
 *
 * All queries are checked (inside the map, start and goal passable, options
 * accepted by ls_query_validate) before the first line is printed, so bad
 * input leaves standard output empty.
 * One search context and one path buffer serve the whole run: a query
 * allocates only when its path is longer than every path before it.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "commands.h"
#include "options.h"
#include "run.h"
#include "scenfile.h"

typedef struct scen_args {
    ls_cli_options options;
    const char *files[2];   /* MAP, SCEN */
    int file_count;
} scen_args;

/* Returns -1 to go on, or the exit status to end with. */
static int parse_args(int argc, char **argv, scen_args *a)
{
    ls_cli_error err;
    int i = 1, only_files = 0;

    memset(a, 0, sizeof *a);
    ls_options_init(&a->options);
    while (i < argc) {
        const char *arg = argv[i];
        int rc;

        if (only_files || arg[0] != '-' || arg[1] == '\0') {
            if (a->file_count == 2)
                return cli_fail("scen: unexpected argument '%s' (expected "
                                "MAP and SCEN only)", arg);
            a->files[a->file_count++] = arg;
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
            return cli_finish(LS_EXIT_DONE);
        }
        rc = ls_options_take(argc, argv, &i, &a->options, &err);
        if (rc < 0)
            return cli_fail_error(&err);
        if (rc == 0)
            return cli_fail("scen: unknown option '%s' (try 'lockstar "
                            "--help')", arg);
    }
    if (a->file_count < 2)
        return cli_fail("scen: %s (usage: lockstar scen MAP SCEN [options])",
                        a->file_count == 0 ? "no MAP and SCEN files given"
                                           : "no SCEN file given");
    if (ls_options_check(&a->options, &err) != 0)
        return cli_fail_error(&err);
    return -1;
}

/* Validate every query before the first one runs, so that bad input is
 * reported before any output line. The scenario parser knows only the
 * map's size; blocked cells (and anything else the library would refuse)
 * need the grid and the options. */
static int check_queries(const ls_scenario *scen, const ls_grid *grid,
                         const ls_query *options, const char *map_path,
                         const char *scen_path)
{
    ls_query q = *options;
    uint32_t i;
    for (i = 0; i < scen->count; i++) {
        const ls_scen_query *sq = &scen->queries[i];
        ls_status st;
        q.start_x = sq->sx;
        q.start_y = sq->sy;
        q.goal_x = sq->gx;
        q.goal_y = sq->gy;
        st = ls_query_validate(&q, grid);
        if (st == LS_OK)
            continue;
        if (st == LS_ERR_START_BLOCKED || st == LS_ERR_GOAL_BLOCKED) {
            int is_start = st == LS_ERR_START_BLOCKED;
            cli_fail("%s:%lu: %s %ld,%ld is a blocked cell of %s", scen_path,
                     (unsigned long)sq->line, is_start ? "start" : "goal",
                     (long)(is_start ? sq->sx : sq->gx),
                     (long)(is_start ? sq->sy : sq->gy), map_path);
        } else {
            cli_fail("%s:%lu: %s", scen_path, (unsigned long)sq->line,
                     ls_status_string(st));
        }
        return -1;
    }
    return 0;
}

typedef struct scen_totals {
    uint32_t solved;
    uint64_t expansions;
} scen_totals;

static int run_all(const scen_args *a, const ls_grid *grid,
                   const ls_scenario *scen, scen_totals *totals)
{
    ls_search *search = NULL;
    ls_path_buffer path;
    ls_query q = a->options.query;
    int32_t width, height;
    uint32_t i, start_capacity;
    ls_status st;
    int status = LS_EXIT_DONE;

    ls_grid_size(grid, &width, &height);
    /* Room for a path that crosses the map a couple of times; a longer one
     * grows the buffer once. */
    start_capacity = 4u * ((uint32_t)width + (uint32_t)height);
    st = ls_search_create_with(width, height, a->options.context_flags, NULL,
                               &search);
    if (st != LS_OK)
        return cli_fail("scen: cannot create a search context: %s",
                        ls_status_string(st));
    if (ls_path_buffer_init(&path, start_capacity) != 0) {
        ls_search_destroy(search);
        return cli_fail("scen: out of memory");
    }
    for (i = 0; i < scen->count; i++) {
        const ls_scen_query *sq = &scen->queries[i];
        ls_result r;

        q.start_x = sq->sx;
        q.start_y = sq->sy;
        q.goal_x = sq->gx;
        q.goal_y = sq->gy;
        st = ls_run_query(search, grid, &q, a->options.budget, &r);
        if (st == LS_OK && r.status == LS_OK)
            st = ls_fetch_path(search, 0, &path);
        if (st != LS_OK) {
            /* Only a cost overflow (huge --straight/--diagonal or
             * --weight on a big map) or memory can get here, possibly
             * after earlier lines were printed: the message names the
             * query, and the exit status is 2. */
            status = cli_fail("%s:%lu: query failed: %s", a->files[1],
                              (unsigned long)sq->line, ls_status_string(st));
            break;
        }
        printf("%ld %ld %ld %ld %ld %lu %016" PRIx64, (long)sq->sx,
               (long)sq->sy, (long)sq->gx, (long)sq->gy, (long)r.cost,
               (unsigned long)r.expansions, r.digest);
        if (r.status == LS_OK) {
            cli_print_points(path.points, path.length);
            totals->solved++;
        }
        putchar('\n');
        totals->expansions += r.expansions;
    }
    ls_path_buffer_free(&path);
    ls_search_destroy(search);
    return status;
}

int cmd_scen(int argc, char **argv)
{
    scen_args a;
    ls_cli_error err;
    ls_grid *grid = NULL;
    ls_scenario scen = { NULL, 0 };
    scen_totals totals = { 0, 0 };
    int32_t width = 0, height = 0;
    clock_t started, elapsed;
    unsigned long ms;
    int status = parse_args(argc, argv, &a);

    if (status >= 0)
        return status;
    if (ls_map_load_terrain(a.files[0], (uint8_t)a.options.swamp_cost,
                            a.options.grid_flags, &grid, NULL, &err) != 0)
        return cli_fail_error(&err);
    ls_grid_size(grid, &width, &height);
    if (ls_scen_load(a.files[1], width, height, &scen, &err) != 0) {
        ls_grid_destroy(grid);
        return cli_fail_error(&err);
    }
    if (check_queries(&scen, grid, &a.options.query, a.files[0],
                      a.files[1]) != 0) {
        status = LS_EXIT_BAD_INPUT;
    } else {
        started = clock();
        status = run_all(&a, grid, &scen, &totals);
        elapsed = clock() - started;
        status = cli_finish(status);
        if (status == LS_EXIT_DONE) {
            /* CPU time in integer milliseconds: for humans only. */
            ms = (unsigned long)((uint64_t)elapsed * 1000u /
                                 (uint64_t)CLOCKS_PER_SEC);
            fprintf(stderr, "lockstar scen: %lu queries, %lu solved, "
                    "%" PRIu64 " expansions, %lu.%03lu s\n",
                    (unsigned long)scen.count, (unsigned long)totals.solved,
                    totals.expansions, ms / 1000u, ms % 1000u);
        }
    }
    ls_scen_free(&scen);
    ls_grid_destroy(grid);
    return status;
}
