/* SPDX-License-Identifier: MIT */
/*
 * timer.h - timing for the benchmark (never used by the library).
 * Clocks in integer nanoseconds; doubles only for printing.
 */
#ifndef LS_BENCH_TIMER_H
#define LS_BENCH_TIMER_H

#include <stdint.h>

/* The clock that times queries, in nanoseconds since an arbitrary start:
 * CLOCK_MONOTONIC (wall time), or after bench_use_cpu_clock() the calling
 * thread's CPU time (CLOCK_THREAD_CPUTIME_ID), which leaves out the time
 * other processes held the CPU on a busy machine. */
uint64_t bench_now_ns(void);
/* Switch bench_now_ns to thread CPU time. Returns 0 if unavailable. */
int bench_use_cpu_clock(void);

/* Wall time (CLOCK_MONOTONIC) and this process's CPU time (getrusage,
 * user + system), in nanoseconds: their ratio over a phase shows how much
 * of it the process actually ran. */
uint64_t bench_wall_ns(void);
uint64_t bench_cpu_ns(void);

/* Peak resident set size of this process in KiB (getrusage ru_maxrss). */
long bench_peak_rss_kib(void);

/* KiB of this process on transparent huge pages (Linux
 * /proc/self/smaps_rollup), or -1 if unknown. */
long bench_anon_huge_kib(void);

/* Try to restart the peak RSS count at the current RSS (Linux: writes "5"
 * to /proc/self/clear_refs). Returns 1 if that worked, else 0. */
int bench_reset_peak_rss(void);

#endif
