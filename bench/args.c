/* SPDX-License-Identifier: MIT */
/*
 * args.c - lockstar-bench's command line (usage() lists the options).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include "timer.h"

static void usage(void)
{
    int a;
    printf("usage: lockstar-bench [options] MAP SCEN [MAP SCEN ...]\n"
           "       lockstar-bench [options] --generate SIZE[,SIZE...]\n"
           "options:\n"
           "  --algo LIST            algorithms to run, comma-separated (default: all)\n"
           "  --batch N1,N2,...      instead of the tables: every query through\n"
           "                         ls_batch_run with each thread count, median of\n"
           "                         --repeat runs, results compared across counts\n"
           "  --flow                 instead of the tables: a whole flow field per map\n"
           "                         (ls_flow) against a Dijkstra ls_find_path over\n"
           "                         the same cells, median of --repeat rounds each\n"
           "  --only ALGO            run ALGO once over the queries, no timing or checks\n"
           "                         (for valgrind --tool=callgrind --toggle-collect=run_only_queries)\n"
           "  --repeat N             timed passes over the queries (default 1)\n"
           "  --block N              interleave algorithms every N queries (default 10)\n"
           "  --compact              lockstar in a compact context (12 bytes per cell)\n"
           "                         instead of a full one (20)\n"
           "  --compact-grid         lockstar on compact grids (1 byte per cell, JPS\n"
           "                         scanning cells) instead of full ones (2.25)\n"
           "  --huge-pages           put every algorithm's search state (blocks of 2 MiB\n"
           "                         and more) on transparent huge pages (madvise)\n"
           "  --clock wall|cpu       time queries in wall time (CLOCK_MONOTONIC, default)\n"
           "                         or thread CPU time (CLOCK_THREAD_CPUTIME_ID)\n"
           "  --queries N            use only N queries of each map, spread evenly\n"
           "  --listscan-queries N   list-scan runs only N queries, spread evenly (default 20)\n"
           "  --listscan-max-cells N and no query on larger maps (default 1048576)\n"
           "  --generate SIZES       generated square maps instead of MAP SCEN\n"
           "  --gen-queries N        queries per generated map (default 32)\n"
           "  --gen-percent P        blocked cells in percent (default 20)\n"
           "algorithms:\n");
    for (a = 0; a < ALG_COUNT; a++)
        if (a != ALG_JPS || HAVE_JPS)
            printf("  %-9s %s\n", bench_algos[a].name, bench_algos[a].what);
}

static int algo_by_name(const char *name, size_t len)
{
    int a;
    for (a = 0; a < ALG_COUNT; a++)
        if (strlen(bench_algos[a].name) == len && strncmp(bench_algos[a].name, name, len) == 0 &&
            (a != ALG_JPS || HAVE_JPS))
            return a;
    return -1;
}

static uint32_t parse_count(const char *opt, const char *text)
{
    char *end;
    unsigned long v = strtoul(text, &end, 10);
    if (*text == '\0' || *end != '\0' || v > 0xFFFFFFFFul)
        bench_die("%s: not a count: %s", opt, text);
    return (uint32_t)v;
}

static void parse_algos(config *cfg, const char *list)
{
    const char *p = list;
    memset(cfg->enabled, 0, sizeof cfg->enabled);
    while (*p) {
        size_t len = strcspn(p, ",");
        int a = algo_by_name(p, len);
        if (a < 0)
            bench_die("--algo: unknown algorithm in %s", list);
        cfg->enabled[a] = 1;
        p += len;
        if (*p == ',')
            p++;
    }
}

static void parse_sizes(config *cfg, const char *list)
{
    const char *p = list;
    cfg->gen_count = 0;
    while (*p) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || v < 2 || v > LS_MAX_DIMENSION ||
            cfg->gen_count == sizeof cfg->gen_sizes / sizeof cfg->gen_sizes[0])
            bench_die("--generate: bad size list %s", list);
        cfg->gen_sizes[cfg->gen_count++] = (int32_t)v;
        p = end;
        if (*p == ',')
            p++;
        else if (*p)
            bench_die("--generate: bad size list %s", list);
    }
}

/* --batch 1,2: thread counts, 1..LS_BATCH_MAX_THREADS each. */
static void parse_batch(config *cfg, const char *list)
{
    const char *p = list;
    cfg->batch_count = 0;
    while (*p) {
        char *end;
        unsigned long v = strtoul(p, &end, 10);
        if (end == p || v < 1 || v > LS_BATCH_MAX_THREADS ||
            cfg->batch_count == 8)
            bench_die("--batch: bad thread list %s (up to 8 counts, 1..%d)",
                      list, LS_BATCH_MAX_THREADS);
        cfg->batch_threads[cfg->batch_count++] = (uint32_t)v;
        p = *end == ',' ? end + 1 : end;
        if (*end != ',' && *end != '\0')
            bench_die("--batch: bad thread list %s", list);
    }
    if (cfg->batch_count == 0)
        bench_die("--batch: empty thread list");
}

static int takes_value(const char *arg)
{
    static const char *const names[] = {
        "--algo", "--only", "--repeat", "--block", "--clock", "--queries",
        "--listscan-queries", "--listscan-max-cells", "--generate",
        "--gen-queries", "--gen-percent", "--batch"
    };
    size_t k;
    for (k = 0; k < sizeof names / sizeof names[0]; k++)
        if (strcmp(arg, names[k]) == 0)
            return 1;
    return 0;
}

uint32_t bench_parse_args(int argc, char **argv, config *cfg,
                          const char **files, uint32_t max)
{
    uint32_t nfiles = 0;
    int i, a;

    memset(cfg, 0, sizeof *cfg);
    for (a = 0; a < ALG_COUNT; a++)
        cfg->enabled[a] = a != ALG_JPS || HAVE_JPS;
    cfg->only = -1;
    cfg->repeat = 1;
    cfg->block = 10;
    cfg->listscan_queries = 20;
    cfg->listscan_max_cells = 1024u * 1024u;
    cfg->gen_queries = 32;
    cfg->gen_percent = 20;
    cfg->context_flags = LS_SEARCH_FULL;
    cfg->grid_flags = LS_GRID_FULL;

    for (i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        int takes = 1;
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            usage();
            exit(0);
        } else if (strcmp(arg, "--compact") == 0) {
            takes = 0;
            cfg->context_flags = LS_SEARCH_COMPACT;
        } else if (strcmp(arg, "--compact-grid") == 0) {
            takes = 0;
            cfg->grid_flags = LS_GRID_COMPACT;
        } else if (strcmp(arg, "--flow") == 0) {
            takes = 0;
            cfg->flow = 1;
        } else if (strcmp(arg, "--huge-pages") == 0) {
            takes = 0;
            cfg->huge_pages = 1;
            bl_set_huge_pages(1);
        } else if (takes_value(arg) && !val) {
            bench_die("%s needs a value", arg);
        } else if (strcmp(arg, "--algo") == 0) {
            parse_algos(cfg, val);
        } else if (strcmp(arg, "--only") == 0) {
            cfg->only = algo_by_name(val, strlen(val));
            if (cfg->only < 0)
                bench_die("--only: unknown algorithm %s", val);
        } else if (strcmp(arg, "--repeat") == 0) {
            cfg->repeat = parse_count(arg, val);
            if (cfg->repeat == 0)
                bench_die("--repeat must be at least 1");
        } else if (strcmp(arg, "--clock") == 0) {
            if (strcmp(val, "cpu") == 0) {
                if (!bench_use_cpu_clock())
                    bench_die("--clock cpu: no thread CPU clock here");
                cfg->cpu_clock = 1;
            } else if (strcmp(val, "wall") != 0) {
                bench_die("--clock: wall or cpu, not %s", val);
            }
        } else if (strcmp(arg, "--block") == 0) {
            cfg->block = parse_count(arg, val);
            if (cfg->block == 0)
                bench_die("--block must be at least 1");
        } else if (strcmp(arg, "--batch") == 0) {
            parse_batch(cfg, val);
        } else if (strcmp(arg, "--queries") == 0) {
            cfg->max_queries = parse_count(arg, val);
        } else if (strcmp(arg, "--listscan-queries") == 0) {
            cfg->listscan_queries = parse_count(arg, val);
        } else if (strcmp(arg, "--listscan-max-cells") == 0) {
            cfg->listscan_max_cells = parse_count(arg, val);
        } else if (strcmp(arg, "--generate") == 0) {
            parse_sizes(cfg, val);
        } else if (strcmp(arg, "--gen-queries") == 0) {
            cfg->gen_queries = parse_count(arg, val);
        } else if (strcmp(arg, "--gen-percent") == 0) {
            cfg->gen_percent = parse_count(arg, val);
            if (cfg->gen_percent > 90)
                bench_die("--gen-percent above 90 leaves no room for queries");
        } else if (arg[0] == '-' && arg[1] != '\0') {
            bench_die("unknown option %s (try --help)", arg);
        } else {
            takes = 0;
            if (nfiles == max)
                bench_die("too many files");
            files[nfiles++] = arg;
        }
        i += takes;
    }
    if (nfiles % 2 != 0 || (nfiles == 0) == (cfg->gen_count == 0)) {
        usage();
        exit(2);
    }
    return nfiles;
}
