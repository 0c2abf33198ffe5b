/*
 * timer.h - wall-clock timing for the benchmark (never used by the library).
 * A monotonic clock in nanoseconds; doubles only for printing.
 */
#ifndef LS_BENCH_TIMER_H
#define LS_BENCH_TIMER_H

#include <stdint.h>

/* Nanoseconds on CLOCK_MONOTONIC since an arbitrary start. */
uint64_t bench_now_ns(void);

/* Peak resident set size of this process in KiB (getrusage ru_maxrss). */
long bench_peak_rss_kib(void);

/* Try to restart the peak RSS count at the current RSS (Linux: writes "5"
 * to /proc/self/clear_refs). Returns 1 if that worked, else 0. */
int bench_reset_peak_rss(void);

#endif
