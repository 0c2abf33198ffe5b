/* SPDX-License-Identifier: MIT */
/*
 * crowd.h - the crowd's insides (the contract is include/lockstar_crowd.h).
 *
 * crowd.c       creation, agents, orders, readers, digests
 * crowd_tick.c  one tick: route checks, orders, hand-over, movement
 * crowd_serve.c requests under the queue's budget rule, searched on the
 *               batch's workers
 * crowd_pool.c  the route pool: one block of points per agent, compacted
 * crowd_field.c group orders on flow fields: slots, refresh, hand-over,
 *               steering
 * crowd_avoid.c step 6 with avoidance: preferred velocities, ORCA on the
 *               workers, the resolution rounds, arrival and stuck agents
 * crowd_space.c the buckets agents are found by, the disc and wall tests
 *               (one of each), ls_crowd_check_overlaps
 */
#ifndef LS_CROWD_H
#define LS_CROWD_H

#include <stdint.h>
#include "lockstar.h"

#define LS__CROWD_NONE UINT32_MAX

/* Kinds of a pending order. */
enum {
    LS__ORDER_NONE = 0,
    LS__ORDER_MOVE = 1,
    LS__ORDER_STOP = 2,
    LS__ORDER_GROUP = 3
};

typedef struct ls__crowd_agent {
    int64_t id;
    int32_t state;           /* LS_CROWD_* */
    int32_t in_use;
    ls_agent body;           /* position and following */
    ls_point goal;

    /* Its route block in the pool: path_length points of path, then
     * way_count waypoints, then way_count (index in path, cost of the
     * path from there to the end) pairs stored as points. */
    uint32_t block, room;    /* offset and size, LS__CROWD_NONE / 0 */
    uint32_t pool_prev, pool_next; /* blocks in pool order */
    uint32_t path_length, way_count;

    /* Its request (at most one), by the queue's budget rule. */
    int32_t requested;       /* held: unfinished or finished, not handed */
    int32_t finished;
    uint32_t req_prev, req_next;  /* unfinished requests, serving order */
    ls_point req_start;      /* the cell it was asked from */
    int32_t begun;
    uint64_t begun_stamp;
    uint32_t begun_revision;
    int32_t solved;          /* need, status and path are the search's */
    uint64_t solved_stamp;
    uint32_t solved_revision;
    uint32_t need, given;    /* expansions the search made, and given */
    ls_status outcome;       /* the search's status */
    uint32_t found_length;   /* the found path's points */
    uint32_t run_slot;       /* where the path waits in the run buffers,
                                LS__CROWD_NONE when it was too long for
                                them (searched again when it finishes) */

    /* Its field (a group's), LS__CROWD_NONE when none; the cell whose
     * centre it heads for while MOVING on it. */
    uint32_t field;
    ls_point heading;

    /* Its pending order. */
    int32_t order_kind;      /* LS__ORDER_* */
    ls_point order_goal;
    uint32_t order_seq;      /* which entry of crowd->orders is live */

    /* Its size ("Sizes and avoidance"). */
    fix16_t radius;
    int32_t priority;
    uint32_t clearance;      /* ls_world_clearance of radius */
    uint32_t asked_clearance; /* the clearance its request was made with */
    /* Avoidance: the move of the last tick, and ticks stuck in a row. */
    int32_t vx, vy;
    uint32_t stuck;
    /* ARRIVED on its own goal (not by touching another arrived agent of
     * the same goal): it holds that place, walking back when pushed more
     * than a cell away. */
    int32_t holds;
} ls__crowd_agent;

/* A flow field slot. Serving-order links of fields are node numbers
 * capacity + slot (agents' are their slot numbers). */
typedef struct ls__crowd_field {
    ls_flow *flow;
    int32_t held;            /* has a goal and agents */
    ls_point goal;
    uint32_t clearance;      /* the size class it was computed for */
    uint32_t agents;         /* agents on it */
    int32_t ready;           /* complete for the grid as it is */
    ls_status status;        /* the last step's: LS_OK, or the overflow */
    int32_t queued;          /* in the serving order */
    uint32_t prev, next;
} ls__crowd_field;

typedef struct ls__crowd_order {
    uint32_t slot;
    uint32_t seq;
} ls__crowd_order;

struct ls_crowd {
    ls_allocator allocator;
    ls_crowd_config config;
    uint32_t cells;
    struct ls_path_cache *cache; /* ls_crowd_set_path_cache; NULL: none */

    ls__crowd_agent *agents; /* capacity slots */
    uint32_t *by_id;         /* count slot numbers, ascending id */
    uint32_t count;
    uint32_t free_head;      /* free slots, linked through pool_next */

    ls__crowd_order *orders; /* capacity entries, given order */
    uint32_t order_count, order_seq;

    /* The route pool. */
    ls_point *pool;
    uint32_t pool_size, pool_top, pool_used;
    uint32_t pool_first, pool_last; /* blocks in pool order */
    ls_point *scratch_path;  /* cells points: a path being moved */
    ls_point *scratch_ways;  /* cells points: waypoints being made */

    /* Flow fields (max_fields slots). */
    ls__crowd_field *fields;

    /* Requests. */
    ls_batch *batch;
    uint32_t chunk;          /* searches per batch run */
    uint32_t run_room;       /* points per query in a run */
    ls_query *run_queries;   /* chunk */
    uint32_t *run_slots;     /* chunk */
    ls_status *run_statuses; /* chunk */
    ls_result *run_results;  /* chunk */
    ls_point *run_points;    /* chunk * run_room */
    uint32_t req_head, req_tail;

    /* The grid of the last tick. */
    int32_t has_ticked;
    uint64_t grid_stamp;
    uint32_t grid_revision;

    uint32_t ticks;
    uint64_t tick_digest, run_digest;
    ls_crowd_stats stats;

    /* Avoidance: on in the last tick, and from the next one. */
    int32_t avoiding, avoid_next;
    struct ls__crowd_space *space; /* crowd_space.c, made at create */
};

/* crowd_pool.c */
ls_status ls__crowd_pool_create(ls_crowd *c, uint32_t points);
void ls__crowd_pool_destroy(ls_crowd *c);
/* Give the agent a block of at least room points, keeping the first
 * `keep` points of its block (keep <= its room and the cell count).
 * LS_OK, or LS_ERR_POOL_FULL when there is no room and the crowd may not
 * grow (or growing failed): the agent then holds no block. */
ls_status ls__crowd_pool_reserve(ls_crowd *c, ls__crowd_agent *a,
                                 uint32_t room, uint32_t keep);
/* Free the agent's block. */
void ls__crowd_pool_release(ls_crowd *c, ls__crowd_agent *a);

/* The agent's path, waypoints and (index, rest cost) pairs. */
static inline ls_point *ls__crowd_path(const ls_crowd *c,
                                       const ls__crowd_agent *a)
{
    return c->pool + a->block;
}
static inline ls_point *ls__crowd_ways(const ls_crowd *c,
                                       const ls__crowd_agent *a)
{
    return c->pool + a->block + a->path_length;
}
static inline ls_point *ls__crowd_marks(const ls_crowd *c,
                                        const ls__crowd_agent *a)
{
    return c->pool + a->block + a->path_length + a->way_count;
}

/* crowd_serve.c */
/* The crowd's options for a size class: the clearance of the class when
 * larger than the options', and A* for a sized query under JPS, JPS+ or
 * HPA* options (they take no clearance). */
void ls__crowd_options(const ls_crowd *c, uint32_t clearance, ls_query *q);

/* Where a request or a field of size class `clearance` starts for an
 * agent in `cell`: the cell itself when it is wide enough for the class
 * (its clearance is at least the class; classes 0 and 1 fit any passable
 * cell), else the nearest cell within `clearance` cells of it that is
 * wide enough and that a straight line from the cell's centre reaches over
 * passable cells only (nearest by dx*dx + dy*dy in cells, then smaller y,
 * then smaller x), else the cell itself (its search then finds the start
 * blocked). An agent pushed into a gap narrower than itself by others, or
 * walled in by an edit, so walks back out to where its path begins,
 * instead of being unreachable. */
ls_point ls__crowd_wide_start(const ls_grid *grid, uint32_t clearance,
                              ls_point cell);
ls_status ls__crowd_serve_create(ls_crowd *c);
void ls__crowd_serve_destroy(ls_crowd *c);
/* Submit a request for the agent (it holds none) at the end of the
 * serving order. */
void ls__crowd_submit(ls_crowd *c, ls__crowd_agent *a, ls_point start);
/* Forget the agent's request, whatever its state. */
void ls__crowd_cancel(ls_crowd *c, ls__crowd_agent *a);
/* Step 4 on grid. */
ls_status ls__crowd_serve(ls_crowd *c, const ls_grid *grid);

/* The serving order's links of node k (an agent slot, or capacity + a
 * field slot). */
static inline uint32_t *ls__crowd_next(ls_crowd *c, uint32_t k)
{
    return k < c->config.capacity ? &c->agents[k].req_next
                                  : &c->fields[k - c->config.capacity].next;
}
static inline uint32_t *ls__crowd_prev(ls_crowd *c, uint32_t k)
{
    return k < c->config.capacity ? &c->agents[k].req_prev
                                  : &c->fields[k - c->config.capacity].prev;
}
/* Append node k to / unlink it from the serving order. */
void ls__crowd_link(ls_crowd *c, uint32_t k);
void ls__crowd_unlink(ls_crowd *c, uint32_t k);

/* crowd_field.c */
ls_status ls__crowd_fields_create(ls_crowd *c);
void ls__crowd_fields_destroy(ls_crowd *c);
/* The agent leaves its field, if any (a field left empty is freed). */
void ls__crowd_field_leave(ls_crowd *c, ls__crowd_agent *a);
/* Step 3 for a group order: 1 when carried out, 0 when no slot was free
 * (the caller makes it a move order). */
int ls__crowd_field_join(ls_crowd *c, const ls_grid *grid,
                         ls__crowd_agent *a, ls_point goal);
/* Step 1, after the route checks: refresh every held field. */
void ls__crowd_fields_refresh(ls_crowd *c, const ls_grid *grid);
/* Step 4 for field slot f: serve it with left expansions (0 with a budget
 * of 0: no limit); the expansions done in *done; 1 when it is complete. */
int ls__crowd_field_serve(ls_crowd *c, uint32_t f, uint32_t budget,
                          uint32_t left, uint32_t *done);
/* Step 5 for an agent WAITING on a complete field: it heads for the
 * cell ls__crowd_wide_start gives for its cell and the field's class. */
void ls__crowd_field_hand_over(ls_crowd *c, const ls_grid *grid,
                               ls__crowd_agent *a);
/* Step 6 for an agent MOVING on a field. */
ls_status ls__crowd_field_step(ls_crowd *c, ls__crowd_agent *a);

/* Tell the profiler (ls_crowd_config.phase) a phase begins. */
static inline void ls__crowd_phase(const ls_crowd *c, int32_t which)
{
    if (c->config.phase)
        c->config.phase(c->config.user, which);
}

/* crowd_space.c and crowd_avoid.c */
ls_status ls__crowd_space_create(ls_crowd *c);
void ls__crowd_space_destroy(ls_crowd *c);
/* Step 6 with avoidance on (6a-6e). */
ls_status ls__crowd_avoid_move(ls_crowd *c, const ls_grid *grid);
/* crowd_field.c: the cell whose centre an agent MOVING on a field aims at
 * from where it stands (avoidance on). */
ls_point ls__crowd_field_aim(const ls_crowd *c, const ls__crowd_agent *a);

/* crowd.c */
ls__crowd_agent *ls__crowd_find(const ls_crowd *c, int64_t id);
uint64_t ls__crowd_digest_now(const ls_crowd *c, const ls_grid *grid);

/* The end of a route or field: the agent keeps its position and target
 * (the digest's waypoint index) but no longer needs the points. */
void ls__crowd_settle(ls_crowd *c, ls__crowd_agent *a, int32_t state);

/* crowd_tick.c: a new request from the agent's cell to its goal; it
 * waits. */
void ls__crowd_ask(ls_crowd *c, ls__crowd_agent *a);
/* crowd_tick.c: the agent's cell now. */
ls_point ls__crowd_cell(const ls_crowd *c, const ls__crowd_agent *a);

#endif
