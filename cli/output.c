/*
 * output.c - one-line errors, the final flush and path points, as every
 * lockstar command reports them (see output.h).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "output.h"

int cli_fail(const char *format, ...)
{
    char message[1024];
    size_t i;
    va_list args;

    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    /* File names and arguments are quoted as given; a control character
     * in one (a newline, say) must not break the one-line error. */
    for (i = 0; message[i]; i++)
        if ((unsigned char)message[i] < 0x20 || message[i] == 0x7f)
            message[i] = '?';
    fprintf(stderr, "lockstar: %s\n", message);
    return CLI_EXIT_BAD_INPUT;
}

int cli_fail_error(const mai_error *err)
{
    return cli_fail("%s", err->message);
}

int cli_finish(int status)
{
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_fail("cannot write to standard output");
    return status;
}

void cli_print_points(const ls_point *points, uint32_t count)
{
    uint32_t i;
    for (i = 0; i < count; i++)
        printf(" %ld,%ld", (long)points[i].x, (long)points[i].y);
}

int cli_print_waypoints(const ls_grid *grid, const ls_point *points,
                        uint32_t count)
{
    ls_point *ways = malloc((count ? count : 1) * sizeof *ways);
    uint32_t n = 0;
    ls_status st;
    if (!ways) {
        cli_fail("out of memory while smoothing a path of %lu points",
                 (unsigned long)count);
        return -1;
    }
    st = ls_smooth_path(grid, points, count, ways, count, &n);
    if (st != LS_OK) {
        free(ways);
        cli_fail("smoothing failed: %s", ls_status_string(st));
        return -1;
    }
    cli_print_points(ways, n);
    free(ways);
    return 0;
}

int cli_print_scen_line(const mai_query *sq, ls_status outcome,
                        const ls_result *r, const ls_point *points,
                        cli_tally *t)
{
    int rc = 0;
    printf("%ld %ld %ld %ld", (long)sq->sx, (long)sq->sy, (long)sq->gx,
           (long)sq->gy);
    if (outcome < 0) {
        printf(" error %s\n", ls_status_name(outcome));
        t->refused++;
        return 0;
    }
    printf(" %ld %lu %016" PRIx64, (long)r->cost,
           (unsigned long)r->expansions, r->digest);
    if (outcome == LS_OK) {
        cli_print_points(points, r->path_length);
        t->solved++;
        if (t->smooth) {
            fputs(" |", stdout);
            rc = cli_print_waypoints(t->smooth, points, r->path_length);
        }
    }
    putchar('\n');
    t->expansions += r->expansions;
    return rc;
}

void cli_format_cpu_time(clock_t elapsed, char *out, size_t size)
{
    unsigned long ms = (unsigned long)((uint64_t)elapsed * 1000u /
                                       (uint64_t)CLOCKS_PER_SEC);
    snprintf(out, size, "%lu.%03lu s", ms / 1000u, ms % 1000u);
}

int cli_end_scen_run(const char *command, uint32_t queries,
                     const cli_tally *t, const char *detail, int status)
{
    if (cli_finish(CLI_EXIT_DONE) != CLI_EXIT_DONE)
        return CLI_EXIT_BAD_INPUT;
    if (status != CLI_EXIT_DONE)
        return status;
    fprintf(stderr, "lockstar %s: %lu queries, %lu solved, %lu refused, "
            "%" PRIu64 " expansions, %s\n", command, (unsigned long)queries,
            (unsigned long)t->solved, (unsigned long)t->refused,
            t->expansions, detail);
    return t->refused > 0 ? CLI_EXIT_BAD_INPUT : CLI_EXIT_DONE;
}
