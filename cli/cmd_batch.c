/* SPDX-License-Identifier: MIT */
/*
 * cmd_batch.c - `lockstar batch MAP SCEN --threads N [options]`: every
 * query of a Moving AI scenario solved by an ls_batch of N worker threads
 * (1..64). Standard output is byte for byte what `lockstar scen` prints
 * for the same files and options (cli/cmd_scen.c: one line per query,
 * refused queries as `error NAME` lines, exit status 2 if any), whatever
 * N is: that is the library's promise, and tests/cli.sh compares the two.
 * The summary on standard error names the thread count.
 *
 * Queries go to the batch in chunks of CHUNK, each path with room for
 * 4 * (width + height) points at first. No query is searched twice
 * (searching is what costs): ls_batch_run_keep stops a worker whose path
 * does not fit and keeps that path in its context, the lines of the
 * queries that ran are printed (a kept path copied out first), and the
 * chunk goes on from there. The slots then grow to the longest path kept
 * (CHUNK times its points, the memory a re-run needed before), so that
 * with several threads, where a stopped worker waits for the others to
 * stop, workers seldom stop again. --budget is accepted and changes nothing (a batch runs each
 * query whole).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lockstar.h"
#include "movingai.h"
#include "args.h"
#include "commands.h"
#include "scenrun.h"
#include "output.h"
#include "run.h"

#define CHUNK 1024u

static const cli_command batch_command = {
    "batch", 2, "expected MAP and SCEN only", 0, 0, 0
};

/* Take --threads N (or --threads=N) out of argv, in place, before the
 * shared parser sees the rest. Returns -1 to go on, or the exit status. */
static int take_threads(int *argc, char **argv, uint32_t *threads)
{
    int i, j = 1, seen = 0;
    for (i = 1; i < *argc; i++) {
        const char *arg = argv[i], *value = NULL;
        char *end;
        unsigned long n;
        if (strcmp(arg, "--") == 0) {
            while (i < *argc)
                argv[j++] = argv[i++];
            break;
        }
        if (strcmp(arg, "--threads") == 0) {
            if (i + 1 >= *argc)
                return cli_fail("batch: --threads needs a value (1..%d)",
                                LS_BATCH_MAX_THREADS);
            value = argv[++i];
        } else if (strncmp(arg, "--threads=", 10) == 0) {
            value = arg + 10;
        } else {
            argv[j++] = argv[i];
            continue;
        }
        if (seen)
            return cli_fail("batch: --threads given twice");
        seen = 1;
        n = 0;
        end = NULL;
        if (value[0] >= '0' && value[0] <= '9')
            n = strtoul(value, &end, 10);
        if (!end || *end != '\0' || n < 1 || n > LS_BATCH_MAX_THREADS)
            return cli_fail("batch: bad value '%s' for --threads (expected "
                            "an integer 1..%d)", value, LS_BATCH_MAX_THREADS);
        *threads = (uint32_t)n;
    }
    *argc = j;
    if (!seen)
        return cli_fail("batch: --threads N is required (1..%d)",
                        LS_BATCH_MAX_THREADS);
    return -1;
}

/* Returns -1 to go on, or the exit status to end with. */
static int parse_args(int argc, char **argv, cli_args *a, uint32_t *threads)
{
    mai_error err;
    int status = take_threads(&argc, argv, threads);

    if (status >= 0)
        return status;
    status = cli_parse_args(argc, argv, &batch_command, a);
    if (status >= 0)
        return status;
    if (a->file_count < 2)
        return cli_fail("batch: %s (usage: lockstar batch MAP SCEN "
                        "--threads N [options])",
                        a->file_count == 0 ? "no MAP and SCEN files given"
                                           : "no SCEN file given");
    if (cli_options_check(&a->options, &err) != 0)
        return cli_fail_error(&err);
    return -1;
}

/* The buffers of one chunk. */
typedef struct chunk {
    ls_query *queries;
    ls_status *statuses;
    ls_result *results;
    ls_point *points;
    uint32_t capacity;
    cli_path_buffer kept;  /* a kept path, copied out to be printed */
} chunk;

static void chunk_free(chunk *c)
{
    free(c->queries);
    free(c->statuses);
    free(c->results);
    free(c->points);
    cli_path_buffer_free(&c->kept);
}

/* Room for capacity points per query; 0, or -1 when out of memory. The
 * points already written keep their bytes (realloc). */
static int chunk_points(chunk *c, uint32_t capacity)
{
    ls_point *p;
    uint64_t bytes = (uint64_t)sizeof(ls_point) * capacity * CHUNK;
    if (bytes != (size_t)bytes)
        return -1;
    p = realloc(c->points, (size_t)bytes);
    if (!p)
        return -1;
    c->points = p;
    c->capacity = capacity;
    return 0;
}

/* Copy the path the batch kept for query index of its last run into
 * c->kept (grown to the length the result gave). 0, or -1 when out of
 * memory or the batch broke its promise. */
static int copy_kept(ls_batch *batch, uint32_t index, const ls_result *r,
                     chunk *c)
{
    uint32_t length = 0;
    if (r->path_length > c->kept.capacity) {
        ls_point *p;
        if (r->path_length > UINT32_MAX / sizeof *p)
            return -1;
        p = realloc(c->kept.points, (size_t)r->path_length * sizeof *p);
        if (!p)
            return -1;
        c->kept.points = p;
        c->kept.capacity = r->path_length;
    }
    if (ls_batch_kept_path(batch, index, c->kept.points, c->kept.capacity,
                           &length) != LS_OK ||
        length != r->path_length)
        return -1;
    return 0;
}

/* Print the lines of the queries [first, first + ran) that the last run
 * solved from slot 0 on; *longest becomes the longest kept path. */
static int print_ran(ls_batch *batch, const mai_scen *scen, uint32_t first,
                     uint32_t ran, chunk *c, uint32_t *longest,
                     cli_tally *totals)
{
    uint32_t j;
    for (j = 0; j < ran; j++) {
        const ls_status *st = &c->statuses[j];
        const ls_result *r = &c->results[j];
        const ls_point *points = c->points + (size_t)j * c->capacity;
        ls_status outcome = *st;
        if (*st == LS_ERR_BUFFER_TOO_SMALL) {
            if (copy_kept(batch, j, r, c) != 0)
                return -1;
            points = c->kept.points;
            outcome = r->status;
            if (r->path_length > *longest)
                *longest = r->path_length;
        }
        if (cli_print_scen_line(&scen->queries[first + j], outcome, r,
                                points, totals) != 0)
            return -1;
    }
    return 0;
}

/* Run queries [first, first + n) and print them. 0, or -1 out of memory
 * (or, never seen, a batch that broke its contract). */
static int run_chunk(const cli_args *a, ls_batch *batch, const ls_grid *grid,
                     const mai_scen *scen, uint32_t first, uint32_t n,
                     chunk *c, cli_tally *totals)
{
    uint32_t i, done;
    for (i = 0; i < n; i++) {
        const mai_query *sq = &scen->queries[first + i];
        ls_query *q = &c->queries[i];
        *q = a->options.query;
        q->start_x = sq->sx;
        q->start_y = sq->sy;
        q->goal_x = sq->gx;
        q->goal_y = sq->gy;
    }
    /* Each run solves a prefix of what is left, into slots from 0. */
    for (done = 0; done < n; ) {
        uint32_t ran = 0, longest = 0;
        if (ls_batch_run_keep(batch, grid, c->queries + done, n - done,
                              c->points, c->capacity, c->statuses,
                              c->results, &ran) != LS_OK || ran == 0)
            return -1;
        if (print_ran(batch, scen, first + done, ran, c, &longest,
                      totals) != 0)
            return -1;
        done += ran;
        if (longest > c->capacity && chunk_points(c, longest) != 0)
            return -1;
    }
    return 0;
}

/* Every query in file order (context: the thread count). CLI_EXIT_DONE
 * when each one ran. */
static int run_all(const cli_args *a, const void *context,
                   const ls_grid *grid, const mai_scen *scen,
                   cli_tally *totals)
{
    uint32_t threads = *(const uint32_t *)context;
    ls_batch *batch = NULL;
    chunk c;
    int32_t width, height;
    uint32_t first;
    ls_status st;
    int status = CLI_EXIT_DONE;

    memset(&c, 0, sizeof c);
    cli_path_buffer_init(&c.kept, 0);
    ls_grid_size(grid, &width, &height);
    st = ls_batch_create(width, height, a->options.context_flags, threads,
                         NULL, &batch);
    if (st != LS_OK)
        return cli_fail("batch: cannot create a batch of %lu threads: %s",
                        (unsigned long)threads, ls_status_string(st));
    c.queries = malloc(sizeof(ls_query) * CHUNK);
    c.statuses = malloc(sizeof(ls_status) * CHUNK);
    c.results = malloc(sizeof(ls_result) * CHUNK);
    if (!c.queries || !c.statuses || !c.results ||
        chunk_points(&c, 4u * ((uint32_t)width + (uint32_t)height)) != 0) {
        status = cli_fail("batch: out of memory");
    } else {
        for (first = 0; first < scen->count; first += CHUNK) {
            uint32_t n = scen->count - first < CHUNK ? scen->count - first
                                                     : CHUNK;
            if (run_chunk(a, batch, grid, scen, first, n, &c, totals) != 0) {
                status = cli_fail("batch: out of memory");
                break;
            }
        }
    }
    chunk_free(&c);
    ls_batch_destroy(batch);
    return status;
}

int cli_cmd_batch(int argc, char **argv)
{
    cli_args a;
    uint32_t threads = 0;
    char threads_text[32];
    int status = parse_args(argc, argv, &a, &threads);

    if (status >= 0)
        return status;
    snprintf(threads_text, sizeof threads_text, "%lu threads, ",
             (unsigned long)threads);
    return cli_timed_scen_run("batch", &a, run_all, &threads, threads_text);
}
