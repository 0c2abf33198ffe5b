/* timer.c - monotonic clock and peak RSS for the benchmark. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>
#include <sys/resource.h>
#include "timer.h"

uint64_t bench_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

long bench_peak_rss_kib(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return -1;
    return ru.ru_maxrss; /* KiB on Linux */
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
