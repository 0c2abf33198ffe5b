/* SPDX-License-Identifier: MIT */
/*
 * cmd_queue.c - `lockstar queue MAP SCEN --tick-budget E [--per-tick K]
 * [--pool N] [options]`: the scenario's queries through a path request
 * queue (ls_queue_*), as a lockstep game would send its agents' requests.
 *
 * The queries are submitted in file order, K before each tick from tick 0
 * (all before tick 0 without --per-tick); ls_queue_tick(E) runs until
 * every request is done. Then, in file order, each query's `lockstar scen`
 * line (same format, `error NAME` lines included) is printed after its
 * completion tick T (ticks count from 0):
 *
 *   T sx sy gx gy cost expanded digest x0,y0 ... xn,yn
 *   T sx sy gx gy error NAME
 *
 * Requests finish in submission order, so after each tick the finished
 * ones are the next lines to print: they are printed and released at
 * once, and the pool (--pool N points, default width * height: room for a
 * path through every cell) holds only the paths finished in one tick.
 * With --pool given, a path that does not fit prints `error
 * LS_ERR_POOL_FULL`, as the library reports it. Without it the output must
 * be `scen`'s whatever the budget, so a path the default pool could not
 * keep (many long paths finishing in one tick) is found again with
 * ls_find_path, which the queue's contract says gives the same result (its
 * digest is checked against the queue's). The queue's
 * context is always full (--context is not used), and --budget is not
 * used (--tick-budget is the budget). Exit status and the summary on
 * standard error as `scen`'s.
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

static const cli_command queue_command = {
    "queue", 2, "expected MAP and SCEN only", 0, 0, 0
};

#define QUEUE_MAX_POOL (1u << 28)

typedef struct queue_args {
    cli_args a;
    uint32_t tick_budget, per_tick, pool;
    int has_tick_budget, has_per_tick, has_pool;
} queue_args;

typedef struct queue_totals {
    cli_tally tally;
    uint64_t ticks;
} queue_totals;

/* The command's own options: 1 taken (into *field), 0 not it, -1
 * reported. */
static int take_own(int argc, char **argv, int *i, const char *name,
                    uint32_t min, uint32_t max, uint32_t *field, int *seen)
{
    mai_error err;
    const char *value;
    int rc = cli_option_value(argc, argv, i, name, &value, &err);
    if (rc < 0) {
        cli_fail_error(&err);
        return -1;
    }
    if (rc == 0)
        return 0;
    if (cli_parse_uint(value, min, max, field) != 0) {
        cli_fail("bad value '%s' for %s: expected a whole number from %lu "
                 "to %lu", value, name, (unsigned long)min,
                 (unsigned long)max);
        return -1;
    }
    *seen = 1;
    return 1;
}

/* Take --tick-budget, --per-tick and --pool out of argv, the rest going to
 * the shared argument loop. Returns -1 to go on, or the exit status. */
static int parse_args(int argc, char **argv, queue_args *q)
{
    mai_error err;
    char **rest;
    int i = 1, n = 1, status, rc;

    memset(q, 0, sizeof *q);
    rest = malloc(((size_t)argc + 1) * sizeof *rest);
    if (!rest)
        return cli_fail("queue: out of memory");
    rest[0] = argv[0];
    while (i < argc) {
        if (strcmp(argv[i], "--") == 0) {
            while (i < argc)
                rest[n++] = argv[i++];
            break;
        }
        rc = take_own(argc, argv, &i, "--tick-budget", 1, UINT32_MAX,
                      &q->tick_budget, &q->has_tick_budget);
        if (rc == 0)
            rc = take_own(argc, argv, &i, "--per-tick", 1, UINT32_MAX,
                          &q->per_tick, &q->has_per_tick);
        if (rc == 0)
            rc = take_own(argc, argv, &i, "--pool", 0, QUEUE_MAX_POOL,
                          &q->pool, &q->has_pool);
        if (rc < 0) {
            free(rest);
            return CLI_EXIT_BAD_INPUT;
        }
        if (rc == 0)
            rest[n++] = argv[i++];
    }
    rest[n] = NULL;
    status = cli_parse_args(n, rest, &queue_command, &q->a);
    free(rest);
    if (status >= 0)
        return status;
    if (q->a.file_count < 2)
        return cli_fail("queue: %s (usage: lockstar queue MAP SCEN "
                        "--tick-budget E [--per-tick K] [options])",
                        q->a.file_count == 0 ? "no MAP and SCEN files given"
                                             : "no SCEN file given");
    if (!q->has_tick_budget)
        return cli_fail("queue: --tick-budget E is required (expansions per "
                        "tick, 1 or more)");
    if (cli_options_check(&q->a.options, &err) != 0)
        return cli_fail_error(&err);
    return -1;
}

/* What printing needs besides the queue: the path buffer, and for paths
 * the default pool could not keep, a context to find them again. */
typedef struct printer {
    cli_path_buffer path;
    ls_search *again;        /* made on first use; NULL before */
    const ls_grid *grid;
    int refind;              /* no --pool: find LS_ERR_POOL_FULL paths again */
} printer;

/* Request i's path into p->path: from the pool, or found again when the
 * pool could not keep it and p->refind. Sets *st to the status to print by
 * (LS_OK with r->path_length points); returns 0, or -1 after reporting a
 * failure. */
static int fetch_path(printer *p, ls_queue *queue, uint32_t i,
                      const ls_query *q, const ls_result *r,
                      ls_status *st)
{
    uint32_t length;
    ls_result again;
    int32_t width, height;
    if (p->path.capacity < r->path_length) {
        cli_path_buffer_free(&p->path);
        if (cli_path_buffer_init(&p->path, r->path_length) != 0)
            return cli_fail("queue: out of memory"), -1;
    }
    *st = ls_queue_path(queue, i, p->path.points, p->path.capacity, &length);
    if (*st != LS_ERR_POOL_FULL || !p->refind)
        return 0;
    ls_grid_size(p->grid, &width, &height);
    if (!p->again &&
        ls_search_create(width, height, NULL, &p->again) != LS_OK)
        return cli_fail("queue: out of memory"), -1;
    *st = ls_find_path(p->again, p->grid, q, p->path.points,
                       p->path.capacity, &again);
    if (*st != LS_OK || again.digest != r->digest)
        return cli_fail("queue: request %lu: found again, the path differs "
                        "from the queue's (digest %016" PRIx64 ", not %016"
                        PRIx64 ")", (unsigned long)i, again.digest, r->digest),
               -1;
    return 0;
}

/* Print request i's line after its tick, then release it. Returns 0, or
 * -1 after reporting a failure. */
static int print_one(printer *p, ls_queue *queue, uint32_t i, uint64_t tick,
                     const ls_query *q, const mai_query *sq,
                     queue_totals *totals)
{
    ls_result r;
    ls_status st = ls_queue_result(queue, i, &r);

    /* LS_ERR_POOL_FULL comes with the result filled: its path was found. */
    if ((st == LS_OK || st == LS_ERR_POOL_FULL) && r.status == LS_OK &&
        fetch_path(p, queue, i, q, &r, &st) != 0)
        return -1;
    printf("%" PRIu64 " ", tick);
    if (cli_print_scen_line(sq, st != LS_OK ? st : r.status, &r,
                            p->path.points, &totals->tally) != 0)
        return -1;
    ls_queue_release(queue, i);
    return 0;
}

/* Submit, tick and print until every query is done. */
static int run_all(const queue_args *q, const ls_grid *grid,
                   const mai_scen *scen, queue_totals *totals)
{
    ls_queue *queue = NULL;
    printer p;
    ls_query query = q->a.options.query;
    int32_t width, height;
    uint32_t submitted = 0, printed = 0, pool, k, per_tick;
    uint64_t tick;
    ls_status st;
    int status = CLI_EXIT_DONE;

    ls_grid_size(grid, &width, &height);
    pool = q->has_pool ? q->pool : (uint32_t)width * (uint32_t)height;
    per_tick = q->has_per_tick ? q->per_tick : scen->count;
    st = ls_queue_create(width, height, scen->count ? scen->count : 1u, pool,
                         NULL, &queue);
    if (st != LS_OK)
        return cli_fail("queue: cannot create a path queue: %s",
                        ls_status_string(st));
    p.again = NULL;
    p.grid = grid;
    p.refind = !q->has_pool;
    if (cli_path_buffer_init(&p.path, 0) != 0) {
        ls_queue_destroy(queue);
        return cli_fail("queue: out of memory");
    }
    for (tick = 0; printed < scen->count && status == CLI_EXIT_DONE; tick++) {
        for (k = 0; k < per_tick && submitted < scen->count; k++, submitted++) {
            const mai_query *sq = &scen->queries[submitted];
            query.start_x = sq->sx;
            query.start_y = sq->sy;
            query.goal_x = sq->gx;
            query.goal_y = sq->gy;
            ls_queue_submit(queue, submitted, &query);
        }
        ls_queue_tick(queue, grid, q->tick_budget);
        /* The finished requests are the next in file order. */
        while (printed < submitted &&
               ls_queue_status(queue, printed, &st) == LS_OK &&
               st != LS_IN_PROGRESS) {
            const mai_query *sq = &scen->queries[printed];
            query.start_x = sq->sx;
            query.start_y = sq->sy;
            query.goal_x = sq->gx;
            query.goal_y = sq->gy;
            if (print_one(&p, queue, printed, tick, &query, sq, totals) != 0) {
                status = CLI_EXIT_BAD_INPUT;
                break;
            }
            printed++;
        }
        totals->ticks = tick + 1;
    }
    cli_path_buffer_free(&p.path);
    ls_search_destroy(p.again);
    ls_queue_destroy(queue);
    return status;
}

int cli_cmd_queue(int argc, char **argv)
{
    queue_args q;
    ls_grid *grid = NULL;
    mai_scen scen = { NULL, 0 };
    queue_totals totals;
    char detail[32];
    int status = parse_args(argc, argv, &q);

    if (status >= 0)
        return status;
    if (cli_load_map_and_scen(&q.a, &grid, &scen) != CLI_EXIT_DONE)
        return CLI_EXIT_BAD_INPUT;
    memset(&totals, 0, sizeof totals);
    totals.tally.smooth = q.a.options.smooth ? grid : NULL;
    totals.tally.clearance = q.a.options.query.clearance;
    status = run_all(&q, grid, &scen, &totals);
    snprintf(detail, sizeof detail, "%" PRIu64 " ticks", totals.ticks);
    status = cli_end_scen_run("queue", scen.count, &totals.tally, detail,
                              status);
    mai_scen_free(&scen);
    ls_grid_destroy(grid);
    return status;
}
