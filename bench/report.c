/* SPDX-License-Identifier: MIT */
/*
 * report.c - lockstar-bench's Markdown output: a table per map, the
 * summary over all maps and the targets this run can judge. Bench code:
 * doubles are used for printing times.
 */
#include <stdio.h>
#include "bench.h"

void bench_print_map_table(const config *cfg, const bench_map *m,
                           const map_summary *sum)
{
    int a;
    printf("### %s (%dx%d, %u queries", m->name, (int)m->width,
           (int)m->height, (unsigned)m->count);
    if (m->scen_count != m->count)
        printf(" of %u", (unsigned)m->scen_count);
    printf(", repeat %u)\n\n", (unsigned)cfg->repeat);
    printf("| algorithm | queries | median µs | mean µs | expansions/query "
           "| M exp/s | ns/exp | path cells | cost/optimal | bytes/cell "
           "| peak RSS MiB | allocs/query | median time vs lockstar "
           "| mean time vs lockstar |\n");
    printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (a = 0; a < ALG_COUNT; a++) {
        const algo_stats *s = &sum->st[a];
        if (!s->ran)
            continue;
        printf("| %s | %u | %.1f | %.1f | %.0f | %.1f | %.1f | %.1f | %.3f "
               "| %u | %.1f | %g |", bench_algos[a].name, (unsigned)s->queries,
               s->median_ns / 1e3, s->mean_ns / 1e3, s->expansions,
               s->mexp_per_s, s->ns_per_exp, s->path_cells, s->cost_ratio,
               (unsigned)s->bytes_per_cell, (double)s->rss_kib / 1024.0,
               s->allocs_per_query);
        if (sum->st[ALG_LOCKSTAR].ran)
            printf(" %.2f× | %.2f× |\n", s->ratio_median, s->ratio_mean);
        else
            printf(" – | – |\n");
    }
    if (cfg->enabled[ALG_LISTSCAN] && sum->st[ALG_LISTSCAN].queries < m->count)
        printf("\nlistscan ran %s; its ratios compare it with lockstar on "
               "those queries only.\n",
               sum->st[ALG_LISTSCAN].ran ? "only some queries, spread evenly (its open list makes it O(n²))"
                                         : "no query on this map (too large)");
    printf("\nTiming phase: peak RSS with all states alive %.1f MiB; "
           "%.1f s wall time, of which this process ran %.0f %% "
           "(the rest went to other processes).\n\n",
           (double)sum->rss_all_kib / 1024.0,
           (double)sum->timing_wall_ns / 1e9,
           sum->timing_wall_ns
               ? 100.0 * (double)sum->timing_cpu_ns / (double)sum->timing_wall_ns
               : 0.0);
    if (cfg->huge_pages)
        printf("On transparent huge pages at the end of the timing phase: "
               "%.1f MiB.\n\n", (double)sum->huge_kib / 1024.0);
}

static const char *verdict(int ok)
{
    return ok ? "met" : "**not met**";
}

/* The targets that this run can judge (the instruction ratio comes
 * from callgrind, in bench/report.sh). */
static void print_targets(const map_summary *sums, uint32_t count,
                          int generated, int cpu_clock)
{
    uint32_t k, worst_ratio = 0, worst_rate = 0;
    double lo = 0, hi = 0, all_exp = 0, all_ns = 0;
    int have_tb = 1;
    const algo_stats *ls0 = &sums[0].st[ALG_LOCKSTAR];

    for (k = 0; k < count; k++) {
        const algo_stats *ls = &sums[k].st[ALG_LOCKSTAR];
        if (!sums[k].st[ALG_TEXTBOOK].ran)
            have_tb = 0;
        else if (sums[k].st[ALG_TEXTBOOK].ratio_median <
                 sums[worst_ratio].st[ALG_TEXTBOOK].ratio_median)
            worst_ratio = k;
        if (ls->mexp_per_s < sums[worst_rate].st[ALG_LOCKSTAR].mexp_per_s)
            worst_rate = k;
        all_exp += ls->expansions * ls->queries;
        all_ns += ls->mean_ns * ls->queries;
        if (k == 0 || ls->ns_per_exp < lo)
            lo = ls->ns_per_exp;
        if (k == 0 || ls->ns_per_exp > hi)
            hi = ls->ns_per_exp;
    }
    printf("#### Targets of issue 4 judged by this run\n\n");
    printf("| target | measured (worst map) | |\n|---|---|---|\n");
    if (have_tb) {
        double r = sums[worst_ratio].st[ALG_TEXTBOOK].ratio_median;
        printf("| lockstar A* ≥ 1.7× less time than textbook A* (medians, %s) "
               "| %.2f× (%s) | %s |\n", cpu_clock ? "thread CPU time" : "wall time",
               r, sums[worst_ratio].name, verdict(r >= 1.7));
    }
    printf("| ≥ 20 M expansions/s | %.1f (%s); %.1f over all queries "
           "| %s |\n", sums[worst_rate].st[ALG_LOCKSTAR].mexp_per_s,
           sums[worst_rate].name, all_ns > 0 ? all_exp * 1e3 / all_ns : 0,
           verdict(sums[worst_rate].st[ALG_LOCKSTAR].mexp_per_s >= 20.0));
    /* Judged by the compact context, the kind that exists for it; the
     * run itself used ls0->bytes_per_cell (--compact or not). */
    printf("| search state ≤ 12 bytes/cell | %u with a compact context "
           "(this run: %u) | %s |\n",
           (unsigned)ls_search_bytes_per_cell(LS_SEARCH_COMPACT),
           (unsigned)ls0->bytes_per_cell,
           verdict(ls_search_bytes_per_cell(LS_SEARCH_COMPACT) <= 12));
    if (generated && count > 1)
        printf("| time per expansion within 1.5× over all sizes "
               "| %.2f× (%.1f to %.1f ns) | %s |\n", lo > 0 ? hi / lo : 0,
               lo, hi, verdict(lo > 0 && hi / lo <= 1.5));
    printf("\n");
}

void bench_print_summary(const config *cfg, const map_summary *sums,
                         uint32_t count, int generated)
{
    uint32_t k;
    int a;
    const algo_stats *first = &sums[0].st[ALG_LOCKSTAR];

    if (!sums[0].st[ALG_LOCKSTAR].ran)
        return;
    printf("### Summary: lockstar A*%s\n\n",
           generated ? " on generated maps (scaling)" : "");
    printf("| map | queries | lockstar median µs | expansions/query | M exp/s "
           "| ns/exp |%s bytes/cell", generated ? " ns/exp vs first |" : "");
    for (a = 0; a < ALG_COUNT; a++)
        if (a != ALG_LOCKSTAR && cfg->enabled[a])
            printf(" | %s/lockstar (median)", bench_algos[a].name);
    printf(" |\n|---|---:|---:|---:|---:|---:|---:%s",
           generated ? "|---:" : "");
    for (a = 0; a < ALG_COUNT; a++)
        if (a != ALG_LOCKSTAR && cfg->enabled[a])
            printf("|---:");
    printf("|\n");
    for (k = 0; k < count; k++) {
        const algo_stats *s = &sums[k].st[ALG_LOCKSTAR];
        printf("| %s | %u | %.1f | %.0f | %.1f | %.1f |", sums[k].name,
               (unsigned)s->queries, s->median_ns / 1e3, s->expansions,
               s->mexp_per_s, s->ns_per_exp);
        if (generated)
            printf(" %.2f× |", first->ns_per_exp > 0
                                   ? s->ns_per_exp / first->ns_per_exp : 0);
        printf(" %u", (unsigned)s->bytes_per_cell);
        for (a = 0; a < ALG_COUNT; a++) {
            if (a == ALG_LOCKSTAR || !cfg->enabled[a])
                continue;
            if (sums[k].st[a].ran)
                printf(" | %.2f×", sums[k].st[a].ratio_median);
            else
                printf(" | –");
        }
        printf(" |\n");
    }
    printf("\n");
    print_targets(sums, count, generated, cfg->cpu_clock);
}
