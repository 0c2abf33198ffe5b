/* SPDX-License-Identifier: MIT */
/*
 * selftest.h - the self-test's insides (ls_selftest, lockstar_selftest.h):
 * the embedded cases as src/selftest_data.c holds them (written by
 * tools/selftestgen from vectors/, never by hand), the runner of
 * src/selftest.c, the scripts of src/selftest_script.c (run by the one
 * interpreter of the script language, src/selftest_interp.h) and the
 * crowd replays of src/selftest_crowd.c.
 * Tests reach ls__selftest_run to run a tampered copy of the tables.
 *
 * These files make liblockstar-selftest, a library apart from liblockstar
 * (a game that never runs the self-test does not carry its tables): they
 * call liblockstar through the public API only, and of src/ include just
 * digest.h, whose constants and inline functions need no link.
 *
 * The combined digest folds every observed value as FNV-1a 64 over its
 * little-endian bytes (4 for 32-bit values, 8 for 64-bit ones). Which
 * values a case observes, in which order, is listed where the case is run:
 * run_search in src/selftest.c, the operations in src/selftest_interp.c,
 * the replays in src/selftest_crowd.c.
 * tools/selftestgen folds the golden values in the same order to compute
 * the digest every device must give.
 */
#ifndef LS_SELFTEST_H
#define LS_SELFTEST_H

#include <stddef.h>
#include <stdint.h>
#include "lockstar_selftest.h"
#include "selftest_interp.h"

/* How a map's cells are encoded in the byte table. */
enum {
    /* (cost, run) pairs, the run a LEB128 number >= 1, row-major. */
    LS__ST_RLE = 0,
    /* One bit per cell, row-major, least significant bit first: 1 open
     * (cost 1), 0 blocked. */
    LS__ST_BITS = 1
};

typedef struct ls__st_map {
    int32_t width, height;
    uint32_t encoding;     /* LS__ST_RLE or LS__ST_BITS */
    uint32_t offset, size; /* its bytes in ls__selftest_data.bytes */
    uint64_t digest;       /* ls_grid_digest of the map (lockstar.h) */
} ls__st_map;

/* One query of a vector file with its golden outcome (vectors/README.md,
 * "Vector block"). */
typedef struct ls__st_search {
    const char *id;        /* the vector's id in its file */
    uint32_t map;
    int32_t start_x, start_y, goal_x, goal_y;
    int32_t connectivity, corner_rule, heuristic, tie_break, algorithm;
    uint32_t straight_cost, diagonal_cost;
    int32_t weight;
    uint32_t max_expansions;
    uint32_t clearance;    /* the query's (0: none; clearance.vec's K) */
    uint32_t budget;       /* 0: one-shot only; else also sliced */
    int32_t status;
    uint32_t slices;
    int32_t cost;
    uint32_t expansions, length;
    uint64_t digest;
    uint32_t partial_length;
    uint64_t partial_digest;
} ls__st_search;

/* A script (vectors/README.md, "Format version 2: scripts") as a run of
 * 32-bit words of ls__selftest_data.words (format: src/selftest_script.c). */
typedef struct ls__st_script {
    const char *id;
    uint32_t map;
    uint32_t first_word, word_count;
    /* What it needs, for sizing memory before anything runs: its queue's
     * capacity and pool (0, 0 without a queue), the most queries of one
     * batch and the most points of one batch (queries x cells), its flow's
     * goals (0 without a flow; the flow is made for its map). */
    uint32_t queue_capacity, queue_pool, batch_queries, batch_points;
    uint32_t flow_goals;
} ls__st_script;

/* A crowd replay (vectors/crowd/sNNN.replay, versions 1 and 2, and
 * vectors/avoid/aNNN.replay, version 3: docs/replay.md) with golden
 * digests from its .out (or .trace) file, run on the library's crowd
 * by src/selftest_crowd.c (which lists what it observes). Its words, from
 * first_word of ls__selftest_data.crowd_words (ids and digests two words,
 * low half first; a cell x | y << 16, both below 16384 by the format):
 *
 *   agents    agent_count x (id-low id-high cell speed body), in file
 *             order (speed: fix16 bits; body: radius | priority << 24,
 *             the radius's fix16 bits, at most LS_CROWD_MAX_RADIUS, so
 *             23 bits, and the priority at most 99; 0 for a point);
 *             added so at tick 0, then given their body when it is not 0
 *   events    event_words words of `at` lines in file order, each
 *             opening with kind | tick << 3, then by kind:
 *               0 move   agent cell          (agent: its index above)
 *               1 set    cell cost
 *               2 rect   cell w | h << 16 cost
 *               3 group  cell count agent ... (count <= 64 agents)
 *               4 avoid  on                  (1 on, 0 off)
 *   checks    check_count x (tick digest-low digest-high): the golden
 *             digest of that tick (every 32nd tick, T = 31, 63, ..., and
 *             the last); the run digest is run_digest.
 *
 * Every tick digest is observed and folded; these are compared (with
 * run_digest, which folds them all, so any tick that differs fails). */
typedef struct ls__st_crowd {
    const char *id;          /* "crowd-0123" for vectors/crowd/s123.replay,
                                "avoid-0123" for vectors/avoid/a123.replay */
    uint32_t map;            /* the map with the script's swamp cost */
    uint32_t ticks;
    int32_t cell_size;       /* fix16 world units per cell */
    /* The crowd's options (ls_query_init's, then these) and budget. */
    int32_t connectivity, corner_rule, heuristic, tie_break, algorithm;
    uint32_t straight_cost, diagonal_cost;
    int32_t weight;
    uint32_t max_expansions;
    uint32_t clearance;
    uint32_t budget;
    uint32_t avoidance;      /* 1: LS_CROWD_AVOIDANCE ('avoidance on') */
    /* The crowd's sizes: capacity (the agents), field slots (distinct
     * group goals) and a route pool it never outgrows. */
    uint32_t agent_count, max_fields, path_points;
    uint32_t first_word, event_words, check_count;
    uint64_t run_digest;     /* the .out file's final digest */
} ls__st_crowd;

typedef struct ls__selftest_data {
    const ls__st_map *maps;
    uint32_t map_count;
    const uint8_t *bytes;
    uint32_t byte_count;
    const ls__st_search *searches;
    uint32_t search_count;
    const ls__st_script *scripts;
    uint32_t script_count;
    const uint32_t *words;
    uint32_t word_count;
    const ls__st_crowd *crowds;
    uint32_t crowd_count;
    const uint32_t *crowd_words;
    uint32_t crowd_word_count;
    uint64_t digest;       /* the combined digest of the golden values */
} ls__selftest_data;

/* The tables of src/selftest_data.c. */
extern const ls__selftest_data ls__selftest_builtin;

/* ls_selftest on the given tables. */
ls_status ls__selftest_run(const ls__selftest_data *data,
                           const ls_allocator *allocator,
                           ls_selftest_report *out);

/* ---- shared by src/selftest.c and src/selftest_script.c ------------- */

/* What a run holds while it goes: made by src/selftest.c. */
typedef struct ls__st_run {
    const ls__selftest_data *data;
    ls_allocator arena;      /* a bump allocator over arena_base */
    uint8_t *arena_base;
    size_t arena_size, arena_used;
    size_t arena_mark;       /* where the buffers end: grids start here */
    int32_t max_width, max_height; /* what the buffers were sized for */
    uint64_t digest;         /* the fold so far */
    uint32_t mismatches;     /* differences in the current case */
    uint32_t step;           /* where the first difference was */
    uint32_t failed_step;
    ls_grid *grid;           /* the current map's grid */
    uint32_t grid_map;       /* which map it holds (UINT32_MAX: none) */
    ls_search *search;
    uint8_t *cells;          /* max cells, for decoding a map */
    ls_point *points;        /* max cells (at least the largest pool) */
    uint32_t point_capacity;
    ls__script_memory script; /* scripts' (its points are points) */
    uint32_t flow_goals;     /* the most goals a script's flow was sized
                                for (its FLOW line may ask no more) */
} ls__st_run;

/* Fold a value into the digest. */
void ls__st_fold32(ls__st_run *run, uint32_t v);
void ls__st_fold64(ls__st_run *run, uint64_t v);
/* Count a difference (at the current step). */
void ls__st_differ(ls__st_run *run);
/* Fold got, and count a difference from want (at the current step). */
void ls__st_expect32(ls__st_run *run, uint32_t got, uint32_t want);
void ls__st_expect64(ls__st_run *run, uint64_t got, uint64_t want);

/* Make run->grid hold map, and run->search a context of its size: the
 * cells are loaded again only when it is another map or force is set (a
 * script edits its grid), the grid and context made again (the arena
 * rewound to arena_mark) only when the size changes. Then the map digest
 * is folded and compared. 0, or -1 when the grid could not be made
 * (counted as a difference). */
int ls__st_use_map(ls__st_run *run, uint32_t map, int force);

/* Run script i; its differences are counted in run. */
void ls__st_run_script(ls__st_run *run, uint32_t i);

/* Run crowd replay i (src/selftest_crowd.c); likewise. */
void ls__st_run_crowd(ls__st_run *run, uint32_t i);

#endif
