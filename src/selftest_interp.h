/* SPDX-License-Identifier: MIT */
/*
 * selftest_interp.h - the one interpreter of the vector script language
 * (vectors/README.md, "Format version 2: scripts"): each line's call made
 * on the library, and every value it observes handed with the line's
 * golden value to the caller's observer. Two callers:
 *
 *   src/selftest_script.c       the self-test on the device: lines decoded
 *                               from the words of src/selftest_data.c,
 *                               every observed value folded into the
 *                               combined digest, differences counted;
 *   tools/vecfile_script_run.c  the vector checker on the host: lines of
 *                               a parsed vector file, every difference
 *                               reported with its line and field.
 *
 * It is part of liblockstar-selftest (it calls the public API only, does
 * no I/O and allocates nothing: its buffers come from the caller, and the
 * queue's memory through the caller's allocator, batches through
 * env->batch),
 * and tools/ may include this header (docs/architecture.md). What is
 * called and observed depends on observed values only, never on golden
 * ones, so the self-test's fold is the same whatever a tampered table
 * expects; where the host reports a difference alone rather than what
 * follows from it, the observation carries shown = 0.
 */
#ifndef LS_SELFTEST_INTERP_H
#define LS_SELFTEST_INTERP_H

#include <stddef.h>
#include <stdint.h>
#include "lockstar.h"

/* The kinds of line, in the order of tools/vecfile.h's VF_OP_*. */
enum {
    LS__SOP_OPTIONS = 1, LS__SOP_QUEUE, LS__SOP_SUBMIT, LS__SOP_CANCEL,
    LS__SOP_RELEASE, LS__SOP_TICK, LS__SOP_FINISHED, LS__SOP_SET,
    LS__SOP_RECT, LS__SOP_DIGEST, LS__SOP_BATCH, LS__SOP_QUERY,
    LS__SOP_CHECK, LS__SOP_CHECK_PATH, LS__SOP_FRAME, LS__SOP_WORLD_CELL,
    LS__SOP_TO_CELL, LS__SOP_CENTRE, LS__SOP_DISTANCE, LS__SOP_SEGMENT,
    LS__SOP_PATH_LENGTH, LS__SOP_LINE, LS__SOP_SIGHT, LS__SOP_SMOOTH,
    LS__SOP_AGENT, LS__SOP_SPEED, LS__SOP_ROUTE, LS__SOP_STEP,
    LS__SOP_FLOW, LS__SOP_FLOW_BEGIN, LS__SOP_FLOW_REFRESH, LS__SOP_FLOW_CELL
};

/* The most points one line carries (tools/vecfile.h's VF_CHECK_PATH_MAX). */
#define LS__SOP_POINTS_MAX 64u

/* One line: its kind, where it is, its arguments and its golden values
 * (the fields of tools/vecfile.h's vf_op, which documents them). */
typedef struct ls__sop {
    int32_t kind;            /* LS__SOP_* */
    uint32_t line;           /* where a difference is reported */
    int has_result;          /* the line carries its result part */
    ls_query query;          /* OPTIONS */
    const char *weight_text; /* OPTIONS: the weight as written, or NULL */
    uint32_t capacity, pool; /* QUEUE; LINE SMOOTH: the buffer's capacity */
    uint64_t id;
    int32_t sx, sy, gx, gy;  /* SUBMIT QUERY */
    uint32_t budget, pending;/* TICK */
    int32_t x, y, w, h;      /* SET RECT */
    uint32_t cost;           /* SET RECT */
    uint32_t threads, count; /* BATCH: workers, its QUERY records; TICK:
                                its FINISHED records; STEP: the count */
    int32_t planned;         /* CHECK_PATH */
    uint32_t point_count;    /* CHECK_PATH PATH_LENGTH SMOOTH ROUTE */
    const ls_point *points;
    ls_status status;        /* the call's status */
    ls_result result;        /* FINISHED QUERY */
    ls_path_check check;     /* CHECK CHECK_PATH */
    uint64_t map_digest;     /* SET RECT DIGEST */
    ls_world world;          /* FRAME */
    int32_t ax, ay, bx, by;
    int32_t speed;           /* AGENT SPEED */
    int32_t out_x, out_y;
    int32_t length;          /* DISTANCE SEGMENT PATH_LENGTH */
    int32_t clear;           /* SIGHT */
    uint32_t max_cost;       /* SIGHT */
    uint32_t out_count;      /* LINE SMOOTH */
    const ls_point *out_points;
    int32_t state;           /* ROUTE STEP */
    uint32_t target;
    int32_t travelled;       /* STEP */
    ls_status end_status;    /* FLOW_BEGIN FLOW_REFRESH: the field run's */
    uint32_t slices, expansions;
    uint64_t field_digest;
    int32_t field_cost, direction; /* FLOW_CELL */
} ls__sop;

/* How an observed value reads: a number (32 bits), a status (32), a
 * 64-bit digest in hex, a 64-bit id, a call's status shown as readable or
 * not (32), a point (x in the high half, y in the low). */
enum { LS__SEE_NUMBER, LS__SEE_STATUS, LS__SEE_HEX, LS__SEE_ID,
       LS__SEE_READABLE, LS__SEE_POINT };

/* What the interpreter needs of its caller (ctx is ls__script_begin's). */
typedef struct ls__script_env {
    /* A value the line observed (got) against its golden value (want);
     * what names the call (the host adds the id of SUBMIT, CANCEL,
     * RELEASE, FINISHED and CHECK lines), field the value. shown: 0 when
     * the host does not compare it (it follows from a difference reported
     * already); the self-test folds and compares every one. */
    void (*observe)(void *ctx, const ls__sop *op, const char *what,
                    const char *field, int how, int64_t want, int64_t got,
                    int shown);
    /* A check without a golden value failed, in words. */
    void (*fail)(void *ctx, const ls__sop *op, const char *what,
                 const char *field, const char *expected, const char *got);
    /* Record i of op: a TICK's FINISHED lines, a BATCH's QUERY lines. */
    void (*record)(void *ctx, const ls__sop *op, uint32_t i, ls__sop *out);
    /* The batch a BATCH line runs on, made for width x height, and the
     * status of making it (LS_OK when it was made before). */
    ls_batch *(*batch)(void *ctx, const ls__sop *op, int32_t width,
                       int32_t height, ls_status *status);
    /* Optional: called after a batch ran with LS_OK (the host runs it
     * again on one worker and compares the bytes). */
    void (*batch_ran)(void *ctx, const ls__sop *op, const ls_grid *grid,
                      const ls_query *queries, uint32_t count,
                      uint32_t capacity, const ls_status *statuses,
                      const ls_result *results, const ls_point *points);
} ls__script_env;

/* The memory a script runs in, the caller's: points (point_capacity: the
 * grid's cells at least), held and unfinished (held_capacity requests),
 * and for batches queries, statuses, results (batch_capacity each) and
 * batch_points (batch_point_capacity, at least queries x cells). */
typedef struct ls__script_memory {
    ls_point *points;
    uint32_t point_capacity;
    uint64_t *held;          /* ids of held requests, submission order */
    uint8_t *unfinished;     /* per held request, before a tick */
    uint32_t held_capacity;
    ls_query *batch_queries;
    ls_status *batch_statuses;
    ls_result *batch_results;
    ls_point *batch_points;
    uint32_t batch_capacity;
    size_t batch_point_capacity;
} ls__script_memory;

/* A script being run. */
typedef struct ls__script {
    const ls__script_env *env;
    void *ctx;               /* the env's */
    const ls_allocator *allocator; /* the queue's; NULL: malloc */
    ls__script_memory mem;
    ls_grid *grid;           /* the script's own copy of its map */
    int32_t width, height;
    ls_query query;          /* the current query */
    ls_queue *queue;
    uint32_t held_count;     /* requests in mem.held */
    ls_world frame;          /* frame 0 0 65536 until a FRAME line */
    ls_agent agent;          /* all zero until an AGENT line */
    ls_point route[LS__SOP_POINTS_MAX]; /* the agent's waypoints */
    ls_flow *flow;           /* made by a FLOW line (allocator's) */
} ls__script;

/* Start a script on grid (edited by it) with query as the current query,
 * in the memory mem, its queue made with allocator (NULL: malloc); ctx is
 * passed to env's functions. */
void ls__script_begin(ls__script *s, const ls__script_env *env, void *ctx,
                      const ls_allocator *allocator,
                      const ls__script_memory *mem, ls_grid *grid,
                      const ls_query *query);
/* Run one line (a TICK or BATCH with its records, through env->record;
 * a FINISHED or QUERY line alone is a stray line). */
void ls__script_line(ls__script *s, const ls__sop *op);
/* Destroy the script's queue and flow. */
void ls__script_end(ls__script *s);

#endif
