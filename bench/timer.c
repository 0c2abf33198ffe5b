/* SPDX-License-Identifier: MIT */
/* timer.c - clocks and peak RSS for the benchmark. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>
#include <sys/resource.h>
#include "timer.h"

static clockid_t query_clock = CLOCK_MONOTONIC;

int bench_use_cpu_clock(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
        return 0;
    query_clock = CLOCK_THREAD_CPUTIME_ID;
    return 1;
}

uint64_t bench_now_ns(void)
{
    struct timespec ts;
    clock_gettime(query_clock, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t bench_wall_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t bench_cpu_ns(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return 0;
    return ((uint64_t)ru.ru_utime.tv_sec + (uint64_t)ru.ru_stime.tv_sec) *
               1000000000u +
           ((uint64_t)ru.ru_utime.tv_usec + (uint64_t)ru.ru_stime.tv_usec) *
               1000u;
}

long bench_peak_rss_kib(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return -1;
    return ru.ru_maxrss; /* KiB on Linux */
}

long bench_anon_huge_kib(void)
{
    FILE *f = fopen("/proc/self/smaps_rollup", "r");
    char line[256];
    long kib = -1;
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "AnonHugePages: %ld kB", &kib) == 1)
            break;
    fclose(f);
    return kib;
}

int bench_reset_peak_rss(void)
{
    FILE *f = fopen("/proc/self/clear_refs", "w");
    int ok;
    if (!f)
        return 0;
    ok = fputs("5", f) >= 0;
    ok = (fclose(f) == 0) && ok;
    return ok;
}
