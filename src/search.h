/* SPDX-License-Identifier: MIT */
/*
 * search.h - the search context: everything one query needs, allocated
 * once for a grid size (src/context.c), run by the query driver
 * (src/driver.c) through the A* (src/astar.c) or JPS (src/jps.c) loop,
 * and read back by src/result.c.
 */
#ifndef LS_SEARCH_H
#define LS_SEARCH_H

#include <stdint.h>
#include "lockstar.h"
#include "grid.h"
#include "node.h"
#include "openlist.h"
#include "plan.h"

/* Where a context is in the life of a query. */
typedef enum ls_phase {
    LS_PHASE_IDLE,    /* no query begun, or the last begin failed */
    LS_PHASE_RUNNING, /* begun; ls_search_step goes on */
    LS_PHASE_DONE     /* ended; final_status holds the outcome */
} ls_phase;

/* Which copy of the search loop a query runs (src/loop.h). A fast copy
 * needs the bucket form, weight 1.0 and costs that cannot overflow, so its
 * checks vanish; it exists per context kind, whose node and link strides
 * are then constants. Every other query runs the checked copy. */
typedef enum ls_loop_kind {
    LS_LOOP_CHECKED,      /* any query, any context */
    LS_LOOP_FAST_FULL,    /* fast, 16-byte nodes holding the links */
    LS_LOOP_FAST_COMPACT, /* fast, 8-byte nodes and an array of next */
    LS_LOOP_SIZED         /* the checked copy for a sized A* query, which
                             reads passability from the clearance (a copy
                             of its own, so the others test nothing more) */
} ls_loop_kind;

/* Is loop one of the fast copies (no overflow checks, bucket form)? */
LS_HOT_INLINE int ls__loop_fast(ls_loop_kind loop)
{
    return loop == LS_LOOP_FAST_FULL || loop == LS_LOOP_FAST_COMPACT;
}

struct ls_search {
    int32_t width, height;
    uint32_t stride;
    uint32_t cell_count;             /* bordered */
    uint32_t kind;                   /* LS_SEARCH_FULL or LS_SEARCH_COMPACT */
    ls_node *nodes;
    ls_open open;
    uint32_t generation;
    /* Forgetting stamps for real (src/driver.c): from generation
     * clear_from on, a query's start clears some: LS_GENERATION_MAX for a
     * small context (all tags at the wrap), 0 for a large one (a slice of
     * sweep_step tags from sweep_cursor at every query). */
    uint32_t clear_from;
    uint32_t sweep_cursor, sweep_step;
    uint64_t row_magic;              /* see ls__cell_point_fast */
    ls_allocator allocator;

    /* The query in progress or finished. */
    ls_phase phase;
    ls_status final_status;
    const ls_grid *grid;
    uint32_t grid_revision;
    ls_plan plan;
    int32_t offset[8];               /* bordered-index step per direction */
    ls_loop_kind loop;
    uint32_t expansions;
    uint32_t best_cell;              /* closest expanded cell, for partials */
    uint64_t best_distance;
    uint32_t best_f, best_g;
    int32_t closeness_from_key;      /* closeness == f - g (see loop.h) */
    /* After LS_OK: what src/path.c recorded. */
    int32_t cost;
    uint32_t path_first;             /* compact: the path's first cell */
    uint32_t path_length;
    uint64_t digest;
};

/* The node and link strides of a loop copy: constants in the fast copies,
 * read from the open list o in the checked one. */
LS_HOT_INLINE uint32_t ls__loop_link_shift(ls_loop_kind loop, const ls_open *o)
{
    return loop == LS_LOOP_FAST_FULL      ? 2u
           : loop == LS_LOOP_FAST_COMPACT ? 0u
                                          : o->link_shift;
}

LS_HOT_INLINE uint32_t ls__loop_node_shift(ls_loop_kind loop, const ls_open *o)
{
    return loop == LS_LOOP_FAST_FULL      ? 4u
           : loop == LS_LOOP_FAST_COMPACT ? 3u
                                          : o->node_shift;
}

/* The cell's point without a division: row = cell * row_magic >> 48, with
 * row_magic = floor(2^48 / stride) + 1. Exact because cell < stride * 2^14
 * and stride < 2^15: the error term cell / 2^48 stays below 1 / stride. */
static inline ls_point ls__cell_point_fast(const ls_search *s, uint32_t cell)
{
    ls_point p;
    uint32_t row = (uint32_t)(((uint64_t)cell * s->row_magic) >> 48);
    p.x = (int32_t)(cell - row * s->stride) - 1;
    p.y = (int32_t)row - 1;
    return p;
}

/* ---- the query driver (src/driver.c), called from the loops --------- */

/* End the query with status (the loop returns what this returns). */
ls_status ls__search_finish(ls_search *s, ls_status status);
/* End the query at its goal: store and digest the path (src/path.c). */
ls_status ls__search_finish_found(ls_search *s);

/* Run the begun query's A* (src/astar.c) or JPS (src/jps.c) loop for at
 * most budget expansions (0 = to the end). */
ls_status ls__astar_run(ls_search *s, uint32_t budget);
ls_status ls__jps_run(ls_search *s, uint32_t budget);
/* The JPS+ loop (src/jps_plus.c): JPS with the grid's jump tables. */
ls_status ls__jps_plus_run(ls_search *s, uint32_t budget);

#endif
