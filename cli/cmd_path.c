/* SPDX-License-Identifier: MIT */
/*
 * cli_cmd_path.c - `lockstar path MAP --from X,Y --to X,Y [--draw]
 * [--png FILE [--scale N]] [options]`: one query, reported as "key: value"
 * lines; --png also draws it (picture.h).
 *
 * Everything is computed (and, with --draw, rendered; with --png, written)
 * before the first byte is printed, so an error leaves standard output
 * empty.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lockstar.h"
#include "movingai.h"
#include "args.h"
#include "commands.h"
#include "draw.h"
#include "output.h"
#include "picture.h"
#include "pngfile.h"
#include "run.h"

static const cli_command path_command = {
    "path", 1, "one MAP file only", 1, 0, 1
};

/* Returns -1 to go on, or the exit status to end with. */
static int parse_args(int argc, char **argv, cli_args *a)
{
    mai_error err;
    int status = cli_parse_args(argc, argv, &path_command, a);

    if (status >= 0)
        return status;
    if (a->file_count == 0)
        return cli_fail("path: no MAP file given (usage: lockstar path MAP "
                        "--from X,Y --to X,Y)");
    if (!a->has_from)
        return cli_fail("path: --from X,Y is required");
    if (!a->has_to)
        return cli_fail("path: --to X,Y is required");
    if (a->has_scale && !a->png)
        return cli_fail("path: --scale needs --png FILE");
    if (cli_options_check(&a->options, &err) != 0)
        return cli_fail_error(&err);
    return -1;
}

/* --png: the map, the search's states, the path (or partial path), the
 * waypoints with --smooth, start and goal (picture.h). Returns the exit
 * status so far: CLI_EXIT_DONE, or CLI_EXIT_BAD_INPUT (reported). */
static int save_picture(const cli_args *a, const ls_grid *grid,
                        const ls_search *search, const ls_result *r,
                        const cli_path_buffer *path,
                        const cli_path_buffer *partial)
{
    cli_picture p;
    int32_t width, height;
    size_t cells;
    uint8_t *visits;
    ls_point *waypoints = NULL;
    uint32_t count = 0;
    ls_status st;
    int status;

    memset(&p, 0, sizeof p);
    ls_grid_size(grid, &width, &height);
    cells = (size_t)width * (size_t)height;
    visits = malloc(cells);
    if (!visits)
        return cli_fail("path: --png: out of memory");
    st = ls_search_cell_states(search, visits, cells);
    if (st == LS_OK && a->options.smooth && path->length > 0) {
        waypoints = malloc((size_t)path->length * sizeof *waypoints);
        st = waypoints ? ls_smooth_path_sized(grid,
                                              a->options.query.clearance,
                                              path->points, path->length,
                                              waypoints, path->length, &count)
                       : LS_ERR_OUT_OF_MEMORY;
    }
    if (st != LS_OK) {
        free(visits);
        free(waypoints);
        return cli_fail("path: --png: %s", ls_status_string(st));
    }
    p.grid = grid;
    p.visits = visits;
    p.partial = r->status == LS_EXPANSION_LIMIT;
    p.path = p.partial ? partial->points : path->points;
    p.path_length = p.partial ? partial->length : path->length;
    p.waypoints = waypoints;
    p.waypoint_count = count;
    p.has_ends = 1;
    p.start = a->from;
    p.goal = a->to;
    p.scale = a->scale;
    status = cli_picture_save("path", &p, a->png);
    free(visits);
    free(waypoints);
    return status;
}

/* Bounds and blocked cells, with messages in the CLI's own words. */
static int check_point(const char *option, ls_point p, const ls_grid *grid,
                       const char *map_path)
{
    int32_t width = 0, height = 0;
    uint8_t cost = LS_CELL_BLOCKED;

    ls_grid_size(grid, &width, &height);
    if (p.x >= width || p.y >= height) {
        cli_fail("%s %ld,%ld is outside the %ldx%ld map %s", option,
                 (long)p.x, (long)p.y, (long)width, (long)height, map_path);
        return -1;
    }
    ls_grid_get(grid, p.x, p.y, &cost);
    if (cost == LS_CELL_BLOCKED) {
        cli_fail("%s %ld,%ld is a blocked cell of %s", option, (long)p.x,
                 (long)p.y, map_path);
        return -1;
    }
    return 0;
}

static const char *status_text(ls_status status)
{
    switch (status) {
    case LS_OK: return "path found";
    case LS_NO_PATH: return "no path";
    case LS_EXPANSION_LIMIT: return "expansion limit reached";
    default: return ls_status_string(status);
    }
}

static int print_report(const ls_result *r, const cli_path_buffer *path,
                        const cli_path_buffer *partial,
                        const ls_grid *smooth, uint32_t clearance)
{
    printf("status: %s\n", status_text(r->status));
    printf("cost: %ld\n", (long)r->cost);
    printf("expansions: %lu\n", (unsigned long)r->expansions);
    printf("digest: %016" PRIx64 "\n", r->digest);
    printf("length: %lu\n", (unsigned long)path->length);
    if (path->length > 0) {
        fputs("path:", stdout);
        cli_print_points(path->points, path->length);
        fputc('\n', stdout);
    } else {
        fputs("path: none\n", stdout);
    }
    if (smooth && path->length > 0) {
        fputs("waypoints:", stdout);
        if (cli_print_waypoints(smooth, clearance, path->points,
                                path->length) != 0)
            return -1;
        fputc('\n', stdout);
    } else if (smooth) {
        fputs("waypoints: none\n", stdout);
    }
    if (r->status == LS_EXPANSION_LIMIT) {
        printf("partial length: %lu\n", (unsigned long)partial->length);
        fputs("partial path (NOT a solution: it ends at the expanded cell "
              "nearest the goal):", stdout);
        cli_print_points(partial->points, partial->length);
        fputc('\n', stdout);
    }
    return 0;
}

static int run(const cli_args *a, const ls_grid *grid, const char *symbols)
{
    ls_search *search = NULL;
    cli_path_buffer path, partial;
    ls_query q = a->options.query;
    ls_result result;
    ls_status st;
    char *picture = NULL;
    size_t picture_length = 0;
    int32_t width, height;
    int status = CLI_EXIT_BAD_INPUT;

    cli_path_buffer_init(&path, 0);
    cli_path_buffer_init(&partial, 0);
    q.start_x = a->from.x;
    q.start_y = a->from.y;
    q.goal_x = a->to.x;
    q.goal_y = a->to.y;
    ls_grid_size(grid, &width, &height);
    st = ls_search_create_with(width, height, a->options.context_flags, NULL,
                               &search);
    if (st == LS_OK)
        st = cli_run_query(search, grid, &q, a->options.budget, &result);
    if (st == LS_OK && result.status == LS_OK)
        st = cli_fetch_path(search, 0, &path);
    else if (st == LS_OK && result.status == LS_EXPANSION_LIMIT)
        st = cli_fetch_path(search, 1, &partial);
    if (st != LS_OK) {
        cli_fail("path: %s", ls_status_string(st));
        goto done;
    }
    if (a->draw) {
        cli_drawing d;
        d.grid = grid;
        d.symbols = symbols;
        /* After LS_NO_PATH there is no path to draw, partial or not. */
        d.partial = result.status == LS_EXPANSION_LIMIT;
        d.path = d.partial ? partial.points : path.points;
        d.length = d.partial ? partial.length : path.length;
        d.start = a->from;
        d.goal = a->to;
        if (cli_draw_text(&d, &picture, &picture_length) != 0) {
            cli_fail("path: out of memory while drawing the map");
            goto done;
        }
    }
    if (a->png &&
        save_picture(a, grid, search, &result, &path, &partial) != CLI_EXIT_DONE)
        goto done;
    if (print_report(&result, &path, &partial,
                     a->options.smooth ? grid : NULL,
                     a->options.query.clearance) != 0)
        goto done;
    if (picture)
        fwrite(picture, 1, picture_length, stdout);
    status = cli_finish(result.status == LS_OK ? CLI_EXIT_DONE
                                               : CLI_EXIT_NOT_FOUND);
done:
    free(picture);
    cli_path_buffer_free(&path);
    cli_path_buffer_free(&partial);
    ls_search_destroy(search);
    return status;
}

int cli_cmd_path(int argc, char **argv)
{
    cli_args a;
    mai_error err;
    mai_map map = { 0, 0, NULL };
    ls_grid *grid = NULL;
    ls_status st;
    int status = parse_args(argc, argv, &a);

    if (status >= 0)
        return status;
    if (mai_grid_load(a.files[0], (uint8_t)a.options.swamp_cost,
                      a.options.grid_flags, &grid, a.draw ? &map : NULL,
                      &err) != 0)
        return cli_fail_error(&err);
    if (check_point("--from", a.from, grid, a.files[0]) != 0 ||
        check_point("--to", a.to, grid, a.files[0]) != 0)
        status = CLI_EXIT_BAD_INPUT;
    else if ((st = cli_options_prepare(&a.options, grid)) != LS_OK)
        status = cli_fail("path: cannot build the tables the options need "
                          "on %s: %s", a.files[0], ls_status_string(st));
    else
        status = run(&a, grid, map.symbols);
    mai_map_free(&map);
    ls_grid_destroy(grid);
    return status;
}
