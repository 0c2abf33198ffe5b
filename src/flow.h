/* SPDX-License-Identifier: MIT */
/*
 * flow.h - flow fields (include/lockstar_flow.h): the flow's state, shared
 * by src/flow.c (creation, begin, readers, the field digest), src/flow_run.c
 * (settling cells: a fresh field's bucket queue, an update's heap) and
 * src/flow_update.c (what an edit changes: the diff, the cells reset, the
 * seeds of an update).
 *
 * The field is a backward Dijkstra from the goals. With cost(u) the least
 * cost from u to a goal, a step u -> v (legal, v passable) costs
 * base(u, v) * multiplier(v), and the corner rule is symmetric (the step
 * v -> u passes the same two cells), so settling v offers every legal
 * neighbour u the cost cost(v) + base * multiplier(v).
 *
 * Per bordered cell (index (y + 1) * stride + x + 1, the grid's layout):
 *   cost[c]   the cost: final once settled; a tentative cost while queued;
 *             LS_FLOW_INF when unreached; 0 at goals and at blocked cells
 *             (so no offer ever lowers a blocked cell).
 *   dir[c]    0..7 or LS_FLOW_GOAL once settled, LS_FLOW_NONE at blocked
 *             cells, LS_FLOW_UNSET otherwise (unreached, queued in an
 *             update, reset), but LS_FLOW_QUEUED | direction for a cell
 *             queued in a fresh field (src/flow_run.c). A complete field
 *             reads an unset cell as unreachable.
 *   cells[c]  the multipliers the field is computed on: a copy of the grid
 *             taken at begin and updated at refresh, so that steps never
 *             read the grid. A sized field's (clearance k above 1) copy
 *             is the grid it sees: 0 where the clearance is below k
 *             (ls__flow_seen), so an edit's clearance changes are edits
 *             of the copy like any other, and everything else stands.
 *   moves[c]  bit d set when the step from c in direction d may be taken
 *             as far as the corner rule goes (legal[] of the passability
 *             of its four straight neighbours), written for every cell
 *             when a fresh field starts; an update computes it as it goes.
 *   link[]    two uint32 per cell, plus a chunk per bucket: the pool of
 *             chunks of the fresh field's buckets (src/flow_run.c); an
 *             update uses the same memory for its lists and heap.
 *
 * Why a settled cost is final, bucket by bucket: a bucket holds the costs
 * [k * 2^shift, (k + 1) * 2^shift) with 2^shift <= the straight cost, the
 * least step, so settling a cell of bucket k offers only costs in later
 * buckets. Every cell of the lowest non-empty bucket therefore has its
 * final cost, in whatever order the bucket is drained; its direction is
 * found when it is settled, since every neighbour on an optimal path has a
 * cost at least one step lower, in an earlier bucket. No result depends on
 * the order within a bucket: costs and directions are functions of the
 * cells alone, and a step settles min(budget, cells left) cells.
 */
#ifndef LS_FLOW_H
#define LS_FLOW_H

#include <stdint.h>
#include "lockstar.h" /* and through it lockstar_flow.h */
#include "grid.h"

#define LS_FLOW_INF 0xFFFFFFFFu  /* unreached */
#define LS_FLOW_UNSET 0xFFu      /* dir[]: no cost settled */
#define LS_FLOW_QUEUED 0x80u     /* dir[] of a fresh field's queued cell */
#define LS_FLOW_NIL 0xFFFFFFFFu  /* no cell (list ends) */
/* Buckets in the ring: a step spans fewer than 2 * 255 * 2 = 1020 bucket
 * widths (the diagonal <= 2 straight, the multiplier <= 255, the width >
 * straight / 2), so the buckets queued at once fit in 1024. */
#define LS_FLOW_RING 1024u
/* uint32 per chunk of a bucket: the next chunk, then LS_FLOW_CHUNK - 1
 * cells. The pool holds 2 * cells + (LS_FLOW_RING + 2) * LS_FLOW_CHUNK
 * uint32, so after compacting (at most one entry per queued cell, at most
 * one partly filled chunk per bucket) a chunk is always free. */
#define LS_FLOW_CHUNK 16u

/* Where a flow is. */
typedef enum ls_flow_phase {
    LS_FLOW_PHASE_IDLE,   /* nothing begun, or the last begin was refused */
    LS_FLOW_PHASE_FRESH,  /* a fresh field: the bucket queue is drained */
    LS_FLOW_PHASE_RESET,  /* update: cells left without support, reset */
    LS_FLOW_PHASE_SEED,   /* update: reset and edited cells re-seeded */
    LS_FLOW_PHASE_REPAIR, /* update: the heap is drained */
    LS_FLOW_PHASE_DIRS,   /* update: kept cells find their direction */
    LS_FLOW_PHASE_DONE,   /* complete and readable */
    LS_FLOW_PHASE_FAILED  /* ended with LS_ERR_COST_OVERFLOW */
} ls_flow_phase;

struct ls_flow {
    int32_t width, height;
    uint32_t stride, cell_count; /* bordered */
    uint32_t *cost;
    uint8_t *dir;
    uint8_t *cells;
    uint8_t *moves;              /* a fresh field's legal directions per cell */
    uint32_t *link;              /* the pool, link_count uint32 */
    uint32_t link_count;
    uint32_t *ring;              /* per bucket its top chunk, then fill */
    uint32_t free_chunk, next_chunk, chunk_count;
    uint32_t compactions;        /* times the pool was compacted (tests) */
    uint32_t blocked_cells;      /* of the copy, border included */
    uint32_t *goals;             /* sorted, distinct bordered indices */
    uint32_t goal_count, max_goals;
    ls_allocator allocator;
    uint64_t occupied[LS_FLOW_RING / 64]; /* non-empty buckets */

    /* The moves, from the options of the begin. */
    uint32_t dir_count;          /* 4 or 8 */
    int32_t corner_rule;
    uint32_t straight, diagonal;
    uint32_t clearance;          /* 2..LS_CLEARANCE_MAX sized, else 1 */
    uint32_t shift;              /* bucket width 2^shift <= straight */
    int32_t offset[8];           /* bordered-index step per direction */
    uint8_t legal[16];           /* legal directions by N,E,S,W passable */

    ls_flow_phase phase;
    uint32_t expansions;         /* since the last begin or update start */
    uint32_t cur;                /* the fresh field's current bucket */
    uint32_t queued;             /* cells in the buckets */

    /* An update's lists in link[] (as uint32): the edited cells
     * [0, changed), the reset and kept cells [changed, changed + reset); then its
     * heap of (cost << 32 | cell) keys, heap_size of heap_cap, in link[]
     * as uint64 from heap_base. */
    uint32_t changed, reset, reset_done, seed_done, dirs_done;
    uint32_t heap_base, heap_size, heap_cap;

    /* The grid the copy of the cells was taken from, and its revision. */
    uint64_t grid_stamp;
    uint32_t grid_revision;
};

/* The diagonal directions legal from a cell whose four straight
 * neighbours' passability is pass (bit d for direction d), under the
 * flow's moves; the straight directions always (their target's
 * passability is the cost test). */
void ls__flow_legal_table(ls_flow *f);

/* Start a fresh field on the flow's copy of the cells: every cell's state
 * written, the goals queued. */
void ls__flow_fresh_start(ls_flow *f);

/* Run the phase in progress for at most budget expansions (0: no limit);
 * *done gets the number done. LS_IN_PROGRESS, LS_OK or
 * LS_ERR_COST_OVERFLOW. */
ls_status ls__flow_run(ls_flow *f, uint32_t budget, uint32_t *done);

/* The update's phases but the heap's (src/flow_update.c): reset and seed
 * before it, the kept cells' directions after it; each at most
 * budget - *done more expansions. */
void ls__flow_reset_run(ls_flow *f, uint32_t budget, uint32_t *done);
void ls__flow_seed_run(ls_flow *f, uint32_t budget, uint32_t *done);
void ls__flow_dirs_run(ls_flow *f, uint32_t budget, uint32_t *done);

/* Compare grid's cells with the copy and start the update (or a fresh
 * field): LS_OK when nothing changed, else LS_IN_PROGRESS. */
ls_status ls__flow_update_start(ls_flow *f, const ls_grid *grid);

/* An update's offer of cost c to cell w from its neighbour in direction
 * back (seen from w): a lower cost queues w again (it may have been
 * settled before the edit); an equal one may give a settled w a direction
 * earlier in the order. 0, or 1 when the heap is full. */
int ls__flow_offer(ls_flow *f, uint32_t w, uint32_t c, uint32_t back);

/* Compact the fresh field's bucket pool: every bucket keeps only the
 * entries of queued cells whose cost lies in it. Run when the pool is
 * empty; harmless at any time between steps (the tests call it so). */
void ls__flow_compact(ls_flow *f);

/* Queue cell c at its cost on the update's heap: 0, or 1 when full. */
int ls__flow_heap_push(ls_flow *f, uint32_t c);

/* Is the step from cell w in direction d legal on the copy of the cells? */
int ls__flow_step_legal(const ls_flow *f, uint32_t w, uint32_t d);

/* The multiplier of bordered cell c as a field of clearance k sees it
 * on grid: the cell's, or 0 (blocked) where its clearance is below k. */
static inline uint8_t ls__flow_seen(const ls_grid *grid, uint32_t c,
                                    uint32_t k)
{
    return k > 1u && grid->clear[c] < k ? (uint8_t)LS_CELL_BLOCKED
                                        : grid->cells[c];
}

/* Is cell c one of the goals? (binary search of the sorted list) */
int ls__flow_is_goal(const ls_flow *f, uint32_t c);

#endif
