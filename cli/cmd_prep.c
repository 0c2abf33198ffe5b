/* SPDX-License-Identifier: MIT */
/*
 * cmd_prep.c - `lockstar prep MAP [--jumps] [--landmarks K] [--hierarchy
 * N] [options]`: builds each table named (all three when none is) on the
 * map with the query options' moves and costs, and prints one line per
 * table, in the order jumps, landmarks, hierarchy:
 *
 *   jumps: BYTES bytes, B.BB bytes/cell, T us
 *   landmarks K: BYTES bytes, B.BB bytes/cell, T us
 *   hierarchy N: BYTES bytes, B.BB bytes/cell, T us
 *
 * BYTES comes from the library's info calls; T is the build's time in
 * microseconds, measured here with clock() as `scen` times itself (CPU
 * time: the builds run on one thread, so it is close to the wall clock,
 * and clock() is what C99 offers). Every table is built before the first
 * line is printed, so a build error leaves standard output empty.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "lockstar.h"
#include "movingai.h"
#include "args.h"
#include "commands.h"
#include "output.h"

static const cli_command prep_command = {
    "prep", 1, "one MAP file only", 0, 0, 0
};

enum { PREP_JUMPS, PREP_LANDMARKS, PREP_HIERARCHY, PREP_TABLES };

typedef struct prep_args {
    cli_args a;
    int want[PREP_TABLES];
    uint32_t landmarks, cluster;
} prep_args;

/* --jumps, --landmarks K and --hierarchy N: 1 taken, 0 not one of them,
 * -1 reported. --landmarks is also a shared option (the count for
 * --heuristic landmarks); here it names the table too. */
static int take_own(int argc, char **argv, int *i, prep_args *p)
{
    mai_error err;
    const char *value;
    int rc = cli_option_flag(argc, argv, i, "--jumps", &err);

    if (rc > 0)
        p->want[PREP_JUMPS] = 1;
    if (rc != 0)
        return rc < 0 ? (cli_fail_error(&err), -1) : 1;
    rc = cli_option_value(argc, argv, i, "--landmarks", &value, &err);
    if (rc > 0) {
        if (cli_parse_uint(value, 1, LS_LANDMARKS_MAX, &p->landmarks) != 0) {
            cli_fail("bad value '%s' for --landmarks: expected a whole "
                     "number from 1 to %u", value, LS_LANDMARKS_MAX);
            return -1;
        }
        p->want[PREP_LANDMARKS] = 1;
        return 1;
    }
    if (rc < 0)
        return (cli_fail_error(&err), -1);
    rc = cli_option_value(argc, argv, i, "--hierarchy", &value, &err);
    if (rc > 0) {
        if (strcmp(value, "8") != 0 && strcmp(value, "16") != 0 &&
            strcmp(value, "32") != 0) {
            cli_fail("bad value '%s' for --hierarchy: expected 8, 16 or 32",
                     value);
            return -1;
        }
        p->cluster = (uint32_t)atoi(value);
        p->want[PREP_HIERARCHY] = 1;
        return 1;
    }
    return rc < 0 ? (cli_fail_error(&err), -1) : 0;
}

/* Returns -1 to go on, or the exit status to end with. */
static int parse_args(int argc, char **argv, prep_args *p)
{
    mai_error err;
    char **rest;
    int i = 1, n = 1, k, any = 0, status, rc;

    memset(p, 0, sizeof *p);
    rest = malloc(((size_t)argc + 1) * sizeof *rest);
    if (!rest)
        return cli_fail("prep: out of memory");
    rest[0] = argv[0];
    while (i < argc) {
        if (strcmp(argv[i], "--") == 0) {
            while (i < argc)
                rest[n++] = argv[i++];
            break;
        }
        rc = take_own(argc, argv, &i, p);
        if (rc < 0) {
            free(rest);
            return CLI_EXIT_BAD_INPUT;
        }
        if (rc == 0)
            rest[n++] = argv[i++];
    }
    rest[n] = NULL;
    status = cli_parse_args(n, rest, &prep_command, &p->a);
    free(rest);
    if (status >= 0)
        return status;
    if (p->a.file_count == 0)
        return cli_fail("prep: no MAP file given (usage: lockstar prep MAP "
                        "[--jumps] [--landmarks K] [--hierarchy N])");
    if (cli_options_check(&p->a.options, &err) != 0)
        return cli_fail_error(&err);
    for (k = 0; k < PREP_TABLES; k++)
        any |= p->want[k];
    if (!any) {
        for (k = 0; k < PREP_TABLES; k++)
            p->want[k] = 1;
    }
    if (!p->landmarks)
        p->landmarks = p->a.options.landmarks;
    if (!p->cluster)
        p->cluster = p->a.options.cluster;
    return -1;
}

/* Build one table on grid with clock() around the library call alone;
 * then its bytes from the info call. */
static ls_status build(const prep_args *p, int table, ls_grid *grid,
                       uint64_t *bytes, uint64_t *micros)
{
    cli_options o = p->a.options;
    clock_t started;
    ls_status st;

    /* cli_options_prepare builds what an algorithm and heuristic need:
     * one way to turn the options into a build, for queries and prep. */
    o.query.algorithm = table == PREP_JUMPS ? LS_ALGO_JPS_PLUS
                        : table == PREP_HIERARCHY ? LS_ALGO_HPA
                                                  : LS_ALGO_ASTAR;
    o.query.heuristic = table == PREP_LANDMARKS ? LS_HEURISTIC_LANDMARKS
                                                : LS_HEURISTIC_AUTO;
    o.landmarks = p->landmarks;
    o.cluster = p->cluster;
    started = clock();
    st = cli_options_prepare(&o, grid);
    *micros = (uint64_t)(clock() - started) * 1000000u /
              (uint64_t)CLOCKS_PER_SEC;
    if (st != LS_OK)
        return st;
    if (table == PREP_JUMPS)
        return ls_grid_jumps_bytes(grid, bytes);
    if (table == PREP_LANDMARKS) {
        ls_landmarks_info info;
        memset(&info, 0, sizeof info);
        info.struct_size = sizeof info;
        st = ls_grid_landmarks_info(grid, &info);
        *bytes = info.bytes;
        return st;
    } else {
        ls_hpa_info info;
        st = ls_grid_hierarchy_info(grid, &info);
        *bytes = info.bytes;
        return st;
    }
}

int cli_cmd_prep(int argc, char **argv)
{
    static const char *const names[PREP_TABLES] = {
        "jumps", "landmarks", "hierarchy"
    };
    prep_args p;
    mai_error err;
    ls_grid *grid = NULL;
    uint64_t bytes[PREP_TABLES], micros[PREP_TABLES], cells, hundredths;
    int32_t width = 0, height = 0;
    ls_status st = LS_OK;
    int k, status = parse_args(argc, argv, &p);

    if (status >= 0)
        return status;
    if (mai_grid_load(p.a.files[0], (uint8_t)p.a.options.swamp_cost,
                      p.a.options.grid_flags, &grid, NULL, &err) != 0)
        return cli_fail_error(&err);
    for (k = 0; k < PREP_TABLES && st == LS_OK; k++) {
        bytes[k] = micros[k] = 0;
        if (p.want[k])
            st = build(&p, k, grid, &bytes[k], &micros[k]);
    }
    if (st != LS_OK) {
        ls_grid_destroy(grid);
        return cli_fail("prep: cannot build the %s of %s: %s", names[k - 1],
                        p.a.files[0], ls_status_string(st));
    }
    ls_grid_size(grid, &width, &height);
    cells = (uint64_t)width * (uint64_t)height;
    for (k = 0; k < PREP_TABLES; k++) {
        if (!p.want[k])
            continue;
        fputs(names[k], stdout);
        if (k == PREP_LANDMARKS)
            printf(" %lu", (unsigned long)p.landmarks);
        else if (k == PREP_HIERARCHY)
            printf(" %lu", (unsigned long)p.cluster);
        /* Bytes per cell in hundredths, integer arithmetic only. */
        hundredths = (bytes[k] * 100u + cells / 2u) / cells;
        printf(": %" PRIu64 " bytes, %" PRIu64 ".%02u bytes/cell, %" PRIu64
               " us\n", bytes[k], hundredths / 100u,
               (unsigned)(hundredths % 100u), micros[k]);
    }
    ls_grid_destroy(grid);
    return cli_finish(CLI_EXIT_DONE);
}
