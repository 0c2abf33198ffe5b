/* SPDX-License-Identifier: MIT */
/*
 * test_util.h - helpers shared by the unit suites of tests/unit.
 *
 * Everything here is written independently of the library's search code so
 * that the suites can check the library against it: the oracle library
 * of oracle/oracle.h (a plain Dijkstra with its own heap, a path legality checker
 * that re-derives every step cost), ASCII grids, random grids from ls_rng,
 * a reference A* and a counting allocator.
 */
#ifndef LS_TESTS_UTIL_H
#define LS_TESTS_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include "lockstar.h"
#include "oracle/oracle.h"

/* ------------------------------------------------------------- grids */

/* Build a grid from height rows of equal length. Characters:
 *   '#' '@' blocked, '.' cost 1, '1'..'9' that cost, 'S' 'G' cost 1
 *   (markers, see tu_find), 'x' cost 255.
 * Returns NULL (after reporting to stderr) on a malformed picture. */
ls_grid *tu_grid_from_rows(const char *const *rows, int32_t height);
/* Position of the first ch in rows (row-major); 0 if absent. */
int tu_find(const char *const *rows, int32_t height, char ch,
            int32_t *x, int32_t *y);

/* A random width x height grid: each cell blocked with probability
 * blocked_percent/100, else cost 1, or (when max_terrain > 1) with
 * probability terrain_percent/100 a cost in 2..max_terrain. */
ls_grid *tu_random_grid(ls_rng *rng, int32_t width, int32_t height,
                        uint32_t blocked_percent, uint32_t terrain_percent,
                        uint8_t max_terrain);
/* A random passable cell of grid; 0 if the grid has none. */
int tu_random_open_cell(ls_rng *rng, const ls_grid *grid, int32_t *x,
                        int32_t *y);

/* --------------------------------------------- movement rules (tests) */

/* tu_cells, tu_step_cost, tu_dijkstra, tu_dijkstra_all, tu_dijkstra_cells,
 * tu_path_legal and tu_fnv1a_points (the path digest) are the oracle
 * library's, oracle/oracle.h (included above), shared with the fuzzers and
 * tools/vecgen. */

/* The replay suites' map: 12 x 6, a wall at x = 6 with a gap at y = 4. */
ls_grid *tu_replay_grid(void);

/* ls_find_path, then check its report: with LS_OK a legal path from start
 * to goal whose step costs sum to the cost and whose digest matches; with
 * LS_NO_PATH or LS_EXPANSION_LIMIT cost -1, no path and the empty digest.
 * 1 if all holds (result filled), else 0 with why. */
int tu_find_checked(ls_search *search, const ls_grid *grid, const ls_query *q,
                    ls_point *path, uint32_t capacity, ls_result *result,
                    char *why, size_t why_size);

/* ------------------------------------------------ counting allocator */

typedef struct tu_counter {
    uint64_t allocs;           /* successful allocations */
    uint64_t releases;
    uint64_t failed;           /* allocations refused */
    uint64_t bytes_allocated;
    uint64_t bytes_released;
    uint64_t size_mismatches;  /* release size != allocation size */
    /* Refuse the allocation when allocs == fail_after (-1 = never), and
     * every one larger than max_size (0 = no limit). */
    int64_t fail_after;
    size_t max_size;
} tu_counter;

/* Reset *c and return hooks that count into it. */
ls_allocator tu_counting_allocator(tu_counter *c);

/* 1 when every allocation was released with the size it was made with. */
int tu_counter_balanced(const tu_counter *c);

/* ------------------------------------------------- whole-query runs */

/* Begin q, step with budget until the end (0 = one unbounded step), then
 * read result, path and partial path into *out. Returns the final status
 * (or the begin error). */
ls_status tu_run(ls_search *search, const ls_grid *grid, const ls_query *q,
                 uint32_t budget, tu_outcome *out);

/* 1 if a and b are identical in every reported field; else 0 and why. */
int tu_outcome_equal(const tu_outcome *a, const tu_outcome *b, char *why,
                     size_t why_size);

/* ------------------------------------------------ randomised trials */

/* How many of native_count randomised trials to run: all natively; a
 * quarter (at least 1) when TEST_EMULATOR is set and non-empty, because
 * under qemu-user, wine or node the full counts make tests/unit the
 * slowest step of CI. LOCKSTAR_TEST_TRIALS_PERCENT (1..100) overrides
 * both, so an emulator's counts can be reproduced natively; an invalid
 * value is reported on stderr and counts as 100. The seeds do not change:
 * where the scaled loop is the last use of its seed (most are), a scaled
 * run checks a prefix of the native run's trials. Only for loops of
 * random trials: never for golden or recorded data (vectors, self-test
 * digests), which every target checks in full. */
uint32_t tu_trials(uint32_t native_count);

/* The percent tu_trials scales by; *why (if why) names the variable that
 * set it (NULL when 100 by default). The environment is read once. */
uint32_t tu_trials_percent(const char **why);

#endif
