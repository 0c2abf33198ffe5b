/* SPDX-License-Identifier: MIT */
/*
 * bench.h - what the parts of lockstar-bench share: the algorithms, the
 * run's configuration, a map with its queries and the figures measured.
 * bench.c runs, report.c prints, args.c reads the command line.
 */
#ifndef LS_BENCH_BENCH_H
#define LS_BENCH_BENCH_H

#include <stdint.h>
#include "lockstar.h"
#include "baselines.h"

enum {
    ALG_LOCKSTAR, ALG_JPS, ALG_TEXTBOOK, ALG_LISTSCAN, ALG_DIJKSTRA,
    ALG_BFS, ALG_DFS, ALG_COUNT
};

typedef struct algo_info {
    const char *name;
    const char *what;
    int optimal;       /* must find the least cost */
} algo_info;

/* Name, description and optimality of each ALG_ (bench.c). */
extern const algo_info bench_algos[ALG_COUNT];

#ifdef LS_ALGO_JPS
#define HAVE_JPS 1
#else
#define HAVE_JPS 0
#endif

typedef struct config {
    int enabled[ALG_COUNT];
    int only;                   /* an ALG_ or -1 */
    uint32_t repeat;            /* timed passes */
    uint32_t block;             /* queries per interleaving block */
    int cpu_clock;              /* time queries in thread CPU time */
    int huge_pages;             /* search states on transparent huge pages */
    uint32_t max_queries;       /* 0 = all */
    uint32_t listscan_queries;  /* list-scan runs only this many */
    uint64_t listscan_max_cells;/* and not at all on larger maps */
    uint32_t gen_queries;
    uint32_t gen_percent;
    int32_t gen_sizes[16];
    uint32_t gen_count;
    uint32_t context_flags;     /* LS_SEARCH_FULL, or --compact */
    uint32_t grid_flags;        /* LS_GRID_FULL, or --compact-grid */
    uint32_t batch_threads[8];  /* --batch: thread counts, in order */
    uint32_t batch_count;       /* 0: no --batch */
    int flow;                   /* --flow: fields against Dijkstra */
} config;

/* A map with its queries, in lockstar's and the baselines' forms. */
typedef struct bench_map {
    char name[128];
    int32_t width, height;
    ls_grid *grid;
    uint8_t *plain;             /* width * height, 0 = blocked, 1 = open */
    bl_query *queries;
    uint32_t count;
    uint32_t scen_count;        /* before --queries */
} bench_map;

typedef struct algo_stats {
    int ran;
    uint32_t queries;
    double median_ns, mean_ns;
    double expansions;          /* mean per query */
    double mexp_per_s, ns_per_exp;
    double path_cells;          /* mean over queries with a path */
    double cost_ratio;          /* sum of costs / sum of optimal costs */
    uint32_t bytes_per_cell;
    long rss_kib;               /* peak during this algorithm's check phase */
    double allocs_per_query;
    double ratio_median, ratio_mean;  /* this / lockstar, same queries */
} algo_stats;

typedef struct map_summary {
    char name[128];
    int32_t width, height;
    uint32_t queries;
    algo_stats st[ALG_COUNT];
    long rss_all_kib;
    long huge_kib;              /* on transparent huge pages, end of timing */
    uint64_t timing_wall_ns, timing_cpu_ns;
} map_summary;

/* Print "lockstar-bench: MESSAGE" on stderr and exit with status 2. */
void bench_die(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2), noreturn))
#endif
    ;

/* Read the command line into *cfg (defaults first) and the MAP SCEN file
 * pairs into files (room for max). Returns the number of files, or exits:
 * 0 after --help, 2 (through bench_die or after the usage) on bad input. */
uint32_t bench_parse_args(int argc, char **argv, config *cfg,
                          const char **files, uint32_t max);

/* --batch: ls_batch_run on every query of m with each thread count of
 * cfg, one Markdown row each (batch.c). */
void bench_run_batches(const config *cfg, const bench_map *m);

/* --flow: a whole flow field against a Dijkstra query over the same
 * cells on m, one Markdown row (flow.c). */
void bench_run_flow(const config *cfg, const bench_map *m);

/* The Markdown table of one map, then the summary of all maps with the
 * targets this run can judge. */
void bench_print_map_table(const config *cfg, const bench_map *m,
                           const map_summary *sum);
void bench_print_summary(const config *cfg, const map_summary *sums,
                         uint32_t count, int generated);

#endif
