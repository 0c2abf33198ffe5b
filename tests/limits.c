/* SPDX-License-Identifier: MIT */
/*
 * limits.c - `tests/limits` (`make check-limits`): the largest grids the
 * header allows, created and searched corner to corner, with the time and
 * peak memory each size costs (docs/big-grids.md's figures come from here).
 *
 * Usage: tests/limits [SIDE ...]   (default: LS_MAX_DIMENSION)
 * Each line gives the step's wall and CPU time and the process's peak
 * resident memory after it (which only grows: run one side per process
 * to read a side's own peak).
 * For each side n: an n x n grid and both kinds of search context; on the
 * open grid a trivial query (0,0 to 0,0), then A* and JPS from corner to
 * corner in each context, each cost checked against the octile distance
 * worked out here, and the path checked to be the diagonal; then a wall
 * down the middle with one gap at the bottom, searched by JPS, its cost
 * checked against the only way through the gap; then 8192 trivial queries,
 * past the wrap of the generation stamps, which must not make the
 * untouched part of the context resident. Exit 0 when all hold, 1
 * with the first fault, 77 (skipped) where size_t cannot hold a context of
 * the largest size (32-bit hosts; the header promises LS_ERR_SIZE_OVERFLOW
 * or LS_ERR_OUT_OF_MEMORY there, which tests/suite_grid.c checks).
 *
 * Not part of `make check`: the 17-target matrix runs that under emulators,
 * where a 268-million-cell grid takes minutes. tools/test.sh runs it.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include "lockstar.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double cpu_seconds(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)u.ru_utime.tv_sec + (double)u.ru_utime.tv_usec * 1e-6 +
           (double)u.ru_stime.tv_sec + (double)u.ru_stime.tv_usec * 1e-6;
}

static long peak_rss_mib(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss / 1024; /* Linux: kilobytes */
}

static int faults;

static void fault(const char *what, long long got, long long want)
{
    fprintf(stderr, "limits: FAIL: %s: got %lld, expected %lld\n", what, got,
            want);
    faults++;
}

/* Octile distance with the default costs 10 and 14. */
static int32_t octile(int32_t dx, int32_t dy)
{
    int32_t lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return 14 * lo + 10 * (hi - lo);
}

/* Run q; check status LS_OK and cost; if diagonal, check that every point
 * i is (i, i). Prints one timing line. */
static void run(const char *label, ls_search *s, const ls_grid *g,
                const ls_query *q, ls_point *path, uint32_t capacity,
                int32_t want_cost, int diagonal)
{
    ls_result r;
    double t0 = now(), c0 = cpu_seconds();
    ls_status st = ls_find_path(s, g, q, path, capacity, &r);
    double wall = now() - t0, cpu = cpu_seconds() - c0;
    uint32_t i;
    printf("  %-30s %7.3f s wall %7.3f s cpu %6ld MiB peak  cost %ld, "
           "%lu expansions, %lu points\n", label, wall, cpu, peak_rss_mib(),
           (long)r.cost, (unsigned long)r.expansions,
           (unsigned long)r.path_length);
    if (st != LS_OK) {
        fault(label, st, LS_OK);
        return;
    }
    if (r.cost != want_cost)
        fault(label, r.cost, want_cost);
    if (diagonal) {
        if (r.path_length != (uint32_t)(q->goal_x - q->start_x + 1))
            fault("diagonal path length", r.path_length,
                  q->goal_x - q->start_x + 1);
        else
            for (i = 0; i < r.path_length; i++)
                if (path[i].x != (int32_t)i || path[i].y != (int32_t)i) {
                    fault("diagonal path point", path[i].x, (long long)i);
                    break;
                }
    }
}

static int one_side(int32_t n)
{
    ls_grid *g = NULL;
    ls_search *full = NULL, *compact = NULL;
    ls_point *path = malloc((size_t)3 * (size_t)n * sizeof *path);
    const uint32_t capacity = 3u * (uint32_t)n; /* the wall path: 2n + 1 */
    ls_query q;
    ls_status st;
    double t0, c0;
    int32_t half = n / 2;

    printf("limits: %ld x %ld\n", (long)n, (long)n);
    if (!path) {
        fault("path buffer", 0, 1);
        return -1;
    }
    t0 = now();
    c0 = cpu_seconds();
    st = ls_grid_create(n, n, NULL, &g);
    printf("  %-30s %7.3f s wall %7.3f s cpu %6ld MiB peak\n",
           "ls_grid_create", now() - t0, cpu_seconds() - c0, peak_rss_mib());
    if (st != LS_OK) {
        fault("ls_grid_create", st, LS_OK);
        free(path);
        return -1;
    }
    t0 = now();
    c0 = cpu_seconds();
    st = ls_search_create_with(n, n, LS_SEARCH_FULL, NULL, &full);
    if (st == LS_OK)
        st = ls_search_create_with(n, n, LS_SEARCH_COMPACT, NULL, &compact);
    printf("  %-30s %7.3f s wall %7.3f s cpu %6ld MiB peak\n",
           "both ls_search_create", now() - t0, cpu_seconds() - c0,
           peak_rss_mib());
    if (st == LS_ERR_SIZE_OVERFLOW && sizeof(size_t) < 8) {
        printf("limits: SKIP: a %ld x %ld context does not fit a %u-bit "
               "size_t\n", (long)n, (long)n, (unsigned)sizeof(size_t) * 8u);
        ls_grid_destroy(g);
        free(path);
        return 77;
    }
    if (st != LS_OK) {
        fault("ls_search_create", st, LS_OK);
    } else {
        ls_query_init(&q);
        run("trivial 0,0 to 0,0 (full)", full, g, &q, path, capacity, 0, 1);
        run("trivial 0,0 to 0,0 (compact)", compact, g, &q, path, capacity,
            0, 1);
        q.goal_x = q.goal_y = n - 1;
        run("A* corner to corner (full)", full, g, &q, path, capacity,
            octile(n - 1, n - 1), 1);
        run("A* corner to corner (compact)", compact, g, &q, path, capacity,
            octile(n - 1, n - 1), 1);
        q.algorithm = LS_ALGO_JPS;
        run("JPS corner to corner (full)", full, g, &q, path, capacity,
            octile(n - 1, n - 1), 1);
        run("JPS corner to corner (compact)", compact, g, &q, path, capacity,
            octile(n - 1, n - 1), 1);
        {
            /* The stamps wrap once every 8191 queries and every tag is
             * cleared for real (src/driver.c): only tags not yet zero
             * are written, so the pages no query reached stay untouched
             * and the peak must not grow by the context's size. */
            long before = peak_rss_mib();
            double w0 = now(), wc0 = cpu_seconds();
            ls_result r;
            ls_point one[1];
            uint32_t i;
            ls_query_init(&q);
            q.start_x = q.goal_x = n - 1;
            q.start_y = q.goal_y = n - 1;
            double slowest = 0;
            for (i = 0; i < 8192u && st == LS_OK; i++) {
                double q0 = now();
                st = ls_find_path(full, g, &q, one, 1, &r);
                if (now() - q0 > slowest)
                    slowest = now() - q0;
            }
            printf("  %-30s %7.3f s wall %7.3f s cpu %6ld MiB peak  "
                   "slowest %.4f s\n", "8192 queries past the wrap",
                   now() - w0, cpu_seconds() - wc0, peak_rss_mib(), slowest);
            if (st != LS_OK)
                fault("a query past the wrap", st, LS_OK);
            if (peak_rss_mib() > before + 64)
                fault("peak MiB after the wrap", peak_rss_mib(), before);
        }
        if (n >= 4) {
            /* A wall at x = half, rows 0 .. n-2: the one way is the gap
             * (half, n-1), entered and left straight (no corner cutting
             * past the wall's end), each side an open rectangle where
             * the octile distance is reachable. */
            int32_t want = octile(half - 1, n - 1) + 20 +
                           octile(n - 1 - (half + 1), n - 1);
            st = ls_grid_set_rect(g, half, 0, 1, n - 1, LS_CELL_BLOCKED);
            if (st != LS_OK)
                fault("ls_grid_set_rect", st, LS_OK);
            ls_query_init(&q);
            q.algorithm = LS_ALGO_JPS;
            q.goal_x = n - 1;
            q.goal_y = 0;
            run("JPS around a wall (full)", full, g, &q, path, capacity, want,
                0);
            run("JPS around a wall (compact)", compact, g, &q, path,
                capacity, want, 0);
        }
    }
    ls_search_destroy(full);
    ls_search_destroy(compact);
    ls_grid_destroy(g);
    free(path);
    return faults ? -1 : 0;
}

int main(int argc, char **argv)
{
    int i, rc = 0;
    if (argc < 2)
        return one_side(LS_MAX_DIMENSION) == 0 ? 0 : faults ? 1 : 77;
    for (i = 1; i < argc; i++) {
        char *end;
        long n = strtol(argv[i], &end, 10);
        if (*end || n < 1 || n > LS_MAX_DIMENSION) {
            fprintf(stderr, "limits: bad side '%s' (1..%d)\n", argv[i],
                    LS_MAX_DIMENSION);
            return 2;
        }
        rc = one_side((int32_t)n);
        if (rc == 77)
            return 77;
    }
    return faults ? 1 : 0;
}
