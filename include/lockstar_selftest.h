/* SPDX-License-Identifier: MIT */
/*
 * lockstar_selftest.h - the self-test that runs on the device.
 *
 * The API of liblockstar-selftest, a library of its own beside liblockstar:
 * its golden tables are most of what the self-test weighs, so a program
 * that never runs it neither includes this header nor links it. Link with
 * -llockstar-selftest -llockstar (pkg-config --libs lockstar-selftest).
 * It includes lockstar.h (lockstar.h does not include it). Same
 * conventions as lockstar.h (every function returns an ls_status, nothing
 * is written on an error unless said otherwise).
 */
#ifndef LOCKSTAR_SELFTEST_H
#define LOCKSTAR_SELFTEST_H

#include "lockstar.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Self-test on the device
 *
 * Golden vectors built into this library (a selection of the project's
 * vectors/: A* and JPS queries over every option family, limits, errors
 * and their order, one-shot and sliced; scripts of the path queue,
 * batches, map edits with map digests, path checks and flow fields; and
 * crowd replays from vectors/crowd/: agents ordered alone and in groups on
 * flow fields while the map is edited, tick digests compared), run on the
 * device
 * and compared with their recorded outcomes, for targets that cannot run
 * the test suite. No file I/O, no clock, no floating point, no state kept
 * between calls (threads may call it at once). All memory comes from the
 * allocator (NULL: malloc/free), a few blocks allocated before the first
 * case and released before it returns. A batch runs on 2 worker threads
 * (on the caller's thread where there are none, as ls_batch does).
 *
 * The digest: FNV-1a 64 (ls_path_digest's basis and prime) over every
 * value the cases observe (statuses, costs, expansion and slice counts,
 * lengths, path, map, field and tick digests, queue and path-check
 * results), in case
 * order, each as a little-endian integer of its width (4 or 8 bytes). It
 * equals the value published for this library version (README.md,
 * "Self-test on the device") exactly when every observed value equals the
 * golden one, so a device that deviates anywhere reports another digest.
 * --------------------------------------------------------------------- */

#define LS_SELFTEST_SEARCH 0  /* a query of a vector file */
#define LS_SELFTEST_SCRIPT 1  /* a script (queue, batch, edits, checks,
                                 flow fields) or a crowd replay */
#define LS_SELFTEST_NONE 0xFFFFFFFFu

typedef struct ls_selftest_report {
    uint32_t total;             /* cases run: the queries, the scripts,
                                   then the crowd replays */
    uint32_t passed;
    uint32_t failed;            /* total - passed */
    uint32_t first_failed;      /* index of the first failed case, or
                                   LS_SELFTEST_NONE */
    int32_t first_failed_kind;  /* LS_SELFTEST_SEARCH or _SCRIPT; -1 if none */
    uint32_t first_failed_step; /* a query: 0 its one-shot run, 1 its sliced
                                   run; a script: the line of its vector
                                   file that differed (0: its map); a crowd
                                   replay: the line of its .out file whose
                                   digest differed (0: its map or set-up) */
    uint64_t digest;            /* the combined digest above */
} ls_selftest_report;

/* Run every built-in case and fill *out. Returns LS_OK when they ran,
 * whatever their outcome (see out->failed), or: LS_ERR_NULL_ARGUMENT (out
 * NULL), LS_ERR_OUT_OF_MEMORY (the allocator refused; nothing ran and
 * nothing is left allocated), LS_ERR_THREAD (the system refused a batch's
 * thread). *out is zeroed (first_failed LS_SELFTEST_NONE) on an error. */
ls_status ls_selftest(const ls_allocator *allocator, ls_selftest_report *out);

/* The id of built-in case index as its vector file names it ("random-0006",
 * "queue-0007"), or NULL when index >= the total. */
const char *ls_selftest_case_name(uint32_t index);

#ifdef __cplusplus
}
#endif

#endif /* LOCKSTAR_SELFTEST_H */
