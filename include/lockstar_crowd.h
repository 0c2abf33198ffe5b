/* SPDX-License-Identifier: MIT */
/*
 * lockstar_crowd.h - the crowd: many units moved by one deterministic
 * tick. Agents held by 64-bit id are ordered to cells; their requests are
 * served under an expansion budget per tick (the path queue's rule, on one
 * or more worker threads with identical results), their paths smoothed and
 * followed in fix16 world units, and their routes checked after every map
 * edit. Every tick ends with a tick digest that peers compare.
 *
 * Part of the lockstar API: lockstar.h includes it, and it includes
 * lockstar.h, so either may be included first. Same conventions as
 * lockstar.h: every function returns an ls_status (or a documented value),
 * checks its arguments and writes nothing on an error unless said
 * otherwise; nothing depends on global state, the host, the compiler or
 * the thread count.
 */
#ifndef LOCKSTAR_CROWD_H
#define LOCKSTAR_CROWD_H

#include "lockstar.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Route check: is the rest of a smoothed route still good after an edit?
 *
 * A route is a cell path (from ls_find_path, say) and its waypoints (from
 * ls_smooth_path of that path): the waypoints are points of the path, in
 * its order, the first being the path's first point and the last its last.
 * ls_check_route answers, on the grid now, the one question a unit asks
 * after the map changed under its route: can I keep it? It holds when
 *   - ls_check_path finds every point of the path legal (the same checks,
 *     in the same order, under q's connectivity, corner rule and step
 *     costs), and the path's cost equals planned_cost; and
 *   - every smoothed segment between consecutive waypoints still passes
 *     ls_smooth_path's shortcut rule: every cell the straight segment
 *     between the two centres touches is passable and costs no more than
 *     the dearest path cell between the two waypoints (segments between
 *     adjacent path points are steps of the path, checked above).
 * It does not ask whether a cheaper route now exists (an edit that opens
 * a shortcut does not break a route), nor re-run the smoothing.
 * --------------------------------------------------------------------- */

typedef struct ls_route_check {
    ls_path_check path;     /* ls_check_path's answer for the points */
    uint32_t first_broken;  /* index in the waypoints of the first
                               segment that fails the shortcut rule, or
                               way_count - 1 when none does (also when the
                               path check failed: segments are then not
                               examined) */
    int32_t holds;          /* 1 when the route may be kept, else 0 */
} ls_route_check;

/* Check the route points[0..count) with waypoints[0..way_count) on grid
 * (see above). Errors, *out untouched: LS_ERR_NULL_ARGUMENT (grid, q,
 * out, points or waypoints NULL), LS_ERR_BAD_SIZE (count or way_count 0),
 * LS_ERR_BAD_ROUTE (the waypoints are not points of the path in its order
 * from its first point to its last), and ls_check_path's errors.
 * O(count + the cells the segments touch); never allocates. */
ls_status ls_check_route(const ls_grid *grid, const ls_query *q,
                         const ls_point *points, uint32_t count,
                         const ls_point *waypoints, uint32_t way_count,
                         int32_t planned_cost, ls_route_check *out);

/* ------------------------------------------------------------------------
 * The crowd
 *
 * Created once for a grid size with room for `capacity` agents and
 * `path_points` points of routes; after that no call allocates (except
 * that a crowd made with LS_CROWD_GROW_PATHS may grow its route pool in a
 * tick, see "Routes"). The grid stays the caller's: it is passed to every
 * tick, may be edited between ticks (ls_grid_set, ls_grid_set_rect, ...)
 * and may even be another grid of the same size; the crowd notices by the
 * grid's revision and identity, as the path queue does.
 *
 * Agents. An agent has a caller-chosen 64-bit id (any value), a position
 * (fix16 world units in the crowd's frame), a speed (world units per tick)
 * and a state:
 *   LS_CROWD_IDLE         never ordered, or stopped;
 *   LS_CROWD_WAITING      its path request is queued; it does not move;
 *   LS_CROWD_MOVING       following its route;
 *   LS_CROWD_ARRIVED      on its goal cell's centre;
 *   LS_CROWD_UNREACHABLE  its request ended without a path (no path, a
 *                         blocked start or goal, the expansion limit of
 *                         the options, or another refusal); it stays where
 *                         it is until ordered again;
 *   LS_CROWD_NO_ROOM      a path was found but the route pool had no room
 *                         for it (never with LS_CROWD_GROW_PATHS unless the
 *                         allocator refused to grow it); it stays where it
 *                         is until ordered again.
 * Agents are added and removed between ticks, at once. Orders (move,
 * stop) given between ticks are kept, in the order given, and carried out
 * in step 3 of the next tick; a second order to the same agent before that
 * tick replaces the first (it takes the later one's place in the order).
 *
 * One tick, ls_crowd_tick(crowd, grid). Wherever an order among agents
 * matters they are taken in ascending id order.
 *   1. Edits noticed. If the grid is not the grid of the previous tick or
 *      its revision changed, every MOVING agent checks the rest of its
 *      route with ls_check_route: the cell path from the waypoint it last
 *      passed (waypoint 0 before it passed any) to the goal, with the
 *      waypoints from there on, and as planned cost the cost that same
 *      rest had on the grid of the previous tick. If it does not hold, the
 *      agent asks again: a new request from the cell it stands in to its
 *      goal, and it becomes WAITING. (At the first tick nobody is MOVING.)
 *   2. (reserved: nothing; the numbering follows docs/replay.md, whose
 *      step 1 is the script's edits.)
 *   3. Orders, in the order given: a move order cancels the agent's
 *      request, if any, and submits a new one from the cell it stands in
 *      to the ordered cell; it becomes WAITING. A stop order cancels its
 *      request and leaves it IDLE where it stands.
 *   4. Requests, by the path queue's budget rule (lockstar_queue.h,
 *      "Path request queue") over the requests in submission order, with
 *      the crowd's budget: a request needing E expansions (those of
 *      ls_find_path for its query on the grid it finishes on) finishes in
 *      the tick in which the expansions given to it reach E; one begun on
 *      an older grid or revision starts again from 0. The searches run on
 *      the crowd's workers (threads); which worker ran a search never
 *      changes a result, so a crowd gives the same bytes with any thread
 *      count.
 *   5. Hand-over, in id order, for each agent whose request finished:
 *      with a path, it is smoothed (ls_smooth_path) and the agent follows
 *      it (ls_agent_follow: from where it stands to the centre of its own
 *      cell, then through the waypoints after the first); MOVING, or
 *      ARRIVED when it stands on the goal centre already. Otherwise
 *      UNREACHABLE (or NO_ROOM, above).
 *   6. Movement: every MOVING agent advances (ls_agent_step); one that
 *      reaches its goal centre is ARRIVED.
 *   7. The tick digest of the state now is computed and folded into the
 *      run digest.
 * A tick's cost: its searches' expansions (at most the budget, plus a
 * search at most per worker begun for a later tick), O(route length) per
 * agent checking its route in step 1, the smoothing of the paths handed
 * over, O(legs passed) per moving agent, O(agents) for the digest.
 *
 * Groups on flow fields. ls_crowd_order_group orders several agents to
 * one goal cell; all agents ordered by group orders to the same goal share
 * one flow field (lockstar_flow.h) under the crowd's options, for as long
 * as any of them is on it. Carried out in step 3 (each agent in the order
 * given, its entry in the order list as a move order's): the agent's
 * request or field is dropped; if a field for that goal is held it joins
 * it, else the lowest free field slot begins one (ls_flow_begin) and puts
 * it at the end of the serving order of step 4; the agent is WAITING on
 * it. A goal the field refuses (blocked: LS_ERR_GOAL_BLOCKED) makes the
 * agent UNREACHABLE. When all max_fields slots hold fields with agents,
 * the order is carried out as a move order instead (a path request), so a
 * group order never fails for want of a slot.
 *   Step 1 also refreshes every held field (ls_flow_refresh, in slot
 *   order, after the route checks): a complete field whose cells an edit
 *   changed goes back to the end of the serving order, and its MOVING
 *   agents are WAITING until it is complete again; a field still being
 *   computed starts again on the edited cells where it stands in the
 *   serving order (as a request begun on an older grid does).
 *   Step 4 serves fields and requests in one serving order (submission
 *   order): a field is given ls_flow_step(what is left of the budget); its
 *   expansions are taken off the budget; if it is not complete the budget
 *   is spent and the tick's serving ends, as for a request.
 *   Step 5 hands a complete field to each of its WAITING agents, in id
 *   order: UNREACHABLE if its cell's cost is -1 (or the field overflowed),
 *   else MOVING, heading for the centre of the cell it stands in.
 *   Step 6 moves an agent on a field by the field's integer rule: its
 *   route this tick is the centre of the cell it heads for, then the
 *   centres of the cells the field's directions lead to from there, up to
 *   the goal (at most LS_CROWD_FIELD_REACH cells); it follows that route
 *   (ls_agent_follow, ls_agent_step: exactly its speed along it), heads
 *   next for the waypoint its ls_agent targets, and on reaching the goal's
 *   centre it is ARRIVED and leaves the field. (So it walks the field's
 *   optimal steps centre to centre, never cutting a corner the field did
 *   not check; the digest's waypoint index is its ls_agent target in that
 *   tick's route.)
 * An agent leaves its field when it is ordered again, stopped, removed,
 * ARRIVED or UNREACHABLE; a field with no agent left frees its slot.
 *
 * Routes. An agent's cell path and waypoints (at most 3 points of room per
 * path point) live in the crowd's route pool of path_points points, shared
 * by all agents: an agent holds one route at a time. A request's path
 * takes its room when the request finishes (step 4, in serving order) and
 * grows to path, waypoints and their costs at hand-over (step 5, in id
 * order); an agent that arrives, is stopped, removed or re-ordered gives
 * its room back. So whether a path fits depends on the calls alone, never
 * on the thread count. Free room is compacted when needed (the pool never
 * fragments). A path that does not fit gives NO_ROOM, unless the crowd
 * was made with LS_CROWD_GROW_PATHS: the pool then grows (to at least
 * twice its size) through the crowd's allocator, in that tick. Where
 * routes sit in the pool never changes a result. (Paths found ahead of
 * their turn wait in the workers' buffers, 4,096 points a query; a longer
 * one is searched again when it finishes, which costs time, never a
 * different result.)
 *
 * Digests (all FNV-1a 64, offset basis 0xcbf29ce484222325, prime
 * 0x100000001b3, integers fed little-endian, two's complement, at the
 * width given; the same as docs/replay.md "The digests"):
 *   agent digest: the id (int64), x and y (the raw fix16 bits, int32 each),
 *     the state (1 byte, LS_CROWD_*), the waypoint index (uint32: the
 *     index in the agent's route of the waypoint it is heading for, its
 *     ls_agent target, while MOVING or ARRIVED; else 0), in that order;
 *   tick digest: the map digest of the tick's grid (ls_grid_digest,
 *     uint64), the number of agents (uint32), then each agent's fields as
 *     above in ascending id order (the fields, not each agent's digest);
 *   run digest: every tick digest so far in tick order, each as a uint64
 *     (the offset basis before the first tick).
 * --------------------------------------------------------------------- */

typedef struct ls_crowd ls_crowd;

enum {
    LS_CROWD_IDLE = 0,
    LS_CROWD_WAITING = 1,
    LS_CROWD_MOVING = 2,
    LS_CROWD_ARRIVED = 3,
    LS_CROWD_UNREACHABLE = 4,
    LS_CROWD_NO_ROOM = 5
};

/* Crowd flags. */
#define LS_CROWD_GROW_PATHS 1u  /* grow the route pool in a tick rather
                                   than give NO_ROOM */
#define LS_CROWD_AVOIDANCE 2u   /* avoidance on from the first tick (see
                                   "Sizes and avoidance"; also
                                   ls_crowd_set_avoidance) */

/* Where a tick is, for a profiler (ls_crowd_config.phase): each phase's
 * number is passed when it begins, LS_CROWD_PHASE_END when the tick is
 * over. */
enum {
    LS_CROWD_PHASE_ROUTES = 1,   /* step 1: route checks after edits */
    LS_CROWD_PHASE_ORDERS = 3,   /* step 3 */
    LS_CROWD_PHASE_SEARCH = 4,   /* step 4: searches and fields */
    LS_CROWD_PHASE_HANDOVER = 5, /* step 5: smoothing and hand-over */
    LS_CROWD_PHASE_MOVE = 6,     /* step 6 */
    LS_CROWD_PHASE_DIGEST = 7,   /* step 7 */
    LS_CROWD_PHASE_END = 8,
    LS_CROWD_PHASE_FIELDS = 9,   /* within steps 1 and 4: a field brought
                                    up to date or served (the phase before
                                    is passed again when it is done) */
    LS_CROWD_PHASE_AVOID = 10    /* within step 6 with avoidance on: the
                                    velocities and their resolution (step
                                    6 passes LS_CROWD_PHASE_MOVE again when
                                    it is done) */
};

/* Largest capacity and field count of a crowd. */
#define LS_CROWD_MAX_CAPACITY 0x01000000u
#define LS_CROWD_MAX_FIELDS 1024u
/* Largest radius (fix16 world units: 64.0) and priority of an agent. */
#define LS_CROWD_MAX_RADIUS 0x00400000
#define LS_CROWD_MAX_PRIORITY 99
/* Most cells an agent on a field passes in one tick. */
#define LS_CROWD_FIELD_REACH 1024u

typedef struct ls_crowd_config {
    uint32_t struct_size;   /* sizeof(ls_crowd_config); ls_crowd_config_init */
    int32_t width, height;  /* the grids' size */
    uint32_t capacity;      /* most agents held at once, 1 ..
                               LS_CROWD_MAX_CAPACITY (default 1024) */
    uint32_t path_points;   /* the route pool, in points (default
                               65536; 0 allowed with LS_CROWD_GROW_PATHS) */
    ls_world world;         /* the world frame (default origin 0,0, cell
                               size 1.0) */
    ls_query options;       /* the movement and search options of every
                               request (start and goal are ignored;
                               default: ls_query_init's) */
    uint32_t budget;        /* expansions per tick, 0 = no limit (default) */
    uint32_t threads;       /* workers, 1 .. LS_BATCH_MAX_THREADS (default
                               1: the caller's thread only) */
    uint32_t flags;         /* LS_CROWD_* flags (default 0) */
    uint32_t max_fields;    /* flow fields for group orders, 0 ..
                               LS_CROWD_MAX_FIELDS (default 4); each costs
                               ls_flow_bytes_per_cell() bytes per bordered
                               cell */
    /* Called at each phase of a tick with user (may be NULL): for
     * profilers; it must not call the crowd. */
    void (*phase)(void *user, int32_t phase);
    void *user;
    /* Avoidance (see "Sizes and avoidance"; read only with it on). */
    uint32_t avoid_neighbours; /* most neighbours an agent avoids, 1 ..
                                  LS_CROWD_MAX_NEIGHBOURS (default 10) */
    uint32_t avoid_horizon;    /* ticks ahead an agent avoids others, 1 ..
                                  LS_CROWD_MAX_HORIZON (default 4: longer
                                  horizons make dense crowds timid, see
                                  docs/avoidance.md) */
    uint32_t stuck_ticks;      /* K: a MOVING agent that has not moved a
                                  quarter of its speed for K ticks in a
                                  row asks for a new path; 0 = never
                                  (default 40) */
} ls_crowd_config;

/* Limits of the avoidance settings. */
#define LS_CROWD_MAX_NEIGHBOURS 32u
#define LS_CROWD_MAX_HORIZON 1024u

/* Fill config with the defaults above (width and height 1). */
ls_status ls_crowd_config_init(ls_crowd_config *config);

/* A crowd made to config, all its memory (agents, id index, orders, route
 * pool, flow fields, the workers' search contexts and threads) allocated
 * here through
 * allocator (NULL: malloc/free). Errors, *out NULL and nothing left
 * behind: LS_ERR_NULL_ARGUMENT, LS_ERR_BAD_STRUCT_SIZE (config's),
 * LS_ERR_BAD_SIZE (width, height, or capacity 0), LS_ERR_SIZE_OVERFLOW
 * (capacity above LS_CROWD_MAX_CAPACITY, max_fields above
 * LS_CROWD_MAX_FIELDS, or a block that cannot be addressed), LS_ERR_BAD_FRAME, LS_ERR_BAD_FLAGS, LS_ERR_BAD_OPTION
 * (threads outside 1..LS_BATCH_MAX_THREADS, or a bad option), the
 * options' other errors as ls_query_validate gives them for a query from
 * 0,0 to 0,0, LS_ERR_OUT_OF_MEMORY, LS_ERR_THREAD. */
ls_status ls_crowd_create(const ls_crowd_config *config,
                          const ls_allocator *allocator, ls_crowd **out);
/* (For arenas sized ahead: no block ls_crowd_create allocates gets smaller
 * when width, height, capacity, path_points, max_fields or threads grow, so
 * a crowd made with the largest of each needs at least the memory of any
 * smaller one.) */

/* Free the crowd and everything it holds (the grid is the caller's).
 * NULL is ignored. */
void ls_crowd_destroy(ls_crowd *crowd);

/* Add an IDLE agent at the centre of cell (x, y) with speed (> 0).
 * Errors, nothing changed: LS_ERR_NULL_ARGUMENT, LS_ERR_DUPLICATE_ID,
 * LS_ERR_CROWD_FULL (capacity agents held), LS_ERR_OUT_OF_BOUNDS (the
 * cell outside the grid size), LS_ERR_BAD_SPEED, LS_ERR_WORLD_RANGE (the
 * centre is not a fix16 value). The cell's cost is not looked at here: an
 * agent standing on a blocked cell finds no path (UNREACHABLE). */
ls_status ls_crowd_add(ls_crowd *crowd, int64_t id, int32_t x, int32_t y,
                       fix16_t speed);
/* The same at world position (wx, wy), which must lie in a cell of the
 * grid (LS_ERR_OUT_OF_BOUNDS otherwise). */
ls_status ls_crowd_add_at(ls_crowd *crowd, int64_t id, fix16_t wx,
                          fix16_t wy, fix16_t speed);
/* Remove the agent at once, with its request, order and route.
 * LS_ERR_UNKNOWN_ID if not held. */
ls_status ls_crowd_remove(ls_crowd *crowd, int64_t id);

/* Order the agent to cell (x, y) at the next tick (step 3).
 * LS_ERR_UNKNOWN_ID, LS_ERR_OUT_OF_BOUNDS (outside the grid size). */
ls_status ls_crowd_order(ls_crowd *crowd, int64_t id, int32_t x,
                         int32_t y);
/* Order the agent to the cell holding world point (wx, wy): it arrives on
 * that cell's centre. LS_ERR_UNKNOWN_ID, LS_ERR_OUT_OF_BOUNDS. */
ls_status ls_crowd_order_at(ls_crowd *crowd, int64_t id, fix16_t wx,
                            fix16_t wy);
/* Order agents ids[0..count) to cell (x, y) as a group on one flow field
 * (see "Groups on flow fields"), at the next tick, in the order given.
 * Errors, nothing ordered: LS_ERR_NULL_ARGUMENT, LS_ERR_BAD_SIZE (count
 * 0), LS_ERR_UNKNOWN_ID (any id), LS_ERR_OUT_OF_BOUNDS. */
ls_status ls_crowd_order_group(ls_crowd *crowd, const int64_t *ids,
                               uint32_t count, int32_t x, int32_t y);
/* Stop the agent at the next tick (step 3): IDLE where it stands then.
 * LS_ERR_UNKNOWN_ID. */
ls_status ls_crowd_stop(ls_crowd *crowd, int64_t id);
/* Change the agent's speed (> 0) from the next tick's movement on.
 * LS_ERR_UNKNOWN_ID, LS_ERR_BAD_SPEED. */
ls_status ls_crowd_set_speed(ls_crowd *crowd, int64_t id, fix16_t speed);

/* Run one tick on grid (see "One tick"). Errors: LS_ERR_NULL_ARGUMENT,
 * LS_ERR_GRID_MISMATCH (grid's size is not the crowd's), nothing done;
 * LS_ERR_OUT_OF_MEMORY or LS_ERR_THREAD only if a worker or the route
 * pool's growth failed in a way the crowd cannot describe by a state (a
 * bug to report: the tick is then incomplete). */
ls_status ls_crowd_tick(ls_crowd *crowd, const ls_grid *grid);

/* What a caller may read of an agent. */
typedef struct ls_crowd_agent {
    int64_t id;
    int32_t state;          /* LS_CROWD_* */
    fix16_t x, y;           /* position, world units */
    ls_point cell;          /* the cell it stands in */
    ls_point goal;          /* its goal cell (its own cell when never
                               ordered) */
    fix16_t speed;
    uint32_t waypoint;      /* the digest's waypoint index */
    uint32_t way_count;     /* its route's waypoints (0 without one) */
    ls_point heading;       /* the cell whose centre it heads for (MOVING;
                               else its cell) */
    int32_t on_field;       /* 1 when it belongs to a group's field */
    fix16_t radius;         /* see "Sizes and avoidance" */
    int32_t priority;
    fix16_t vx, vy;         /* its move in the last tick (world units;
                               0, 0 unless avoidance is on) */
    uint32_t clearance;     /* its clearance class */
    uint32_t stuck;         /* ticks it has been stuck (avoidance) */
} ls_crowd_agent;

/* The number of agents held. */
ls_status ls_crowd_count(const ls_crowd *crowd, uint32_t *count);
/* The agent with this id. LS_ERR_UNKNOWN_ID. */
ls_status ls_crowd_get(const ls_crowd *crowd, int64_t id,
                       ls_crowd_agent *out);
/* The index-th agent in ascending id order (0 .. count-1);
 * LS_ERR_OUT_OF_BOUNDS past the end. */
ls_status ls_crowd_get_at(const ls_crowd *crowd, uint32_t index,
                          ls_crowd_agent *out);
/* Copy the agent's waypoints (its route, as it follows it) like
 * ls_search_path: LS_OK with the count in *length, or
 * LS_ERR_BUFFER_TOO_SMALL with the count needed and nothing written;
 * *length 0 when it has no route (not MOVING, or on a field: read its
 * heading). LS_ERR_UNKNOWN_ID. */
ls_status ls_crowd_route(const ls_crowd *crowd, int64_t id,
                         ls_point *points, uint32_t capacity,
                         uint32_t *length);

/* ------------------------------------------------------------------------
 * Sizes and avoidance
 *
 * Sizes. Every agent has a radius (fix16 world units, 0 ..
 * LS_CROWD_MAX_RADIUS; default 0, a point) and a priority (0 ..
 * LS_CROWD_MAX_PRIORITY; default 0), set by ls_crowd_set_body. Its
 * clearance class is ls_world_clearance of its radius: the least k >= 1
 * such that a disc of that radius centred on a cell whose clearance
 * (lockstar.h, "Clearance") is at least k overlaps no blocked cell. Every
 * request of the agent, and every field it joins, is searched with the
 * clearance max(options.clearance, k), so it never plans through a gap
 * narrower than itself; a sized request (clearance above 1) under JPS,
 * JPS+ or HPA* options is searched with A* (they take no clearance; the
 * cost is JPS's, or at most HPA*'s; the path may differ). Agents of one group order of different
 * classes share one field per (goal, class). Radius 0 agents and
 * LS_CROWD_AVOIDANCE off give exactly the crowd of before this section.
 *
 * Avoidance (LS_CROWD_AVOIDANCE, ls_crowd_set_avoidance; off by default)
 * replaces step 6 by the steps below. Velocities and positions are raw
 * fix16 values per tick; every computation is on integers, and which
 * worker computes what never changes a result. docs/avoidance.md gives
 * the method's every rounding.
 *   6a. Preferred velocity, per agent: a MOVING agent on a route heads for
 *       the centre of the waypoint it targets, on a field for the centre
 *       of the next cell of its field from the cell it stands in (the
 *       goal's centre in the goal cell), at its speed, or less when that
 *       centre is the goal's and nearer than its speed. Other agents
 *       prefer to stand still, but for an agent ARRIVED on its own goal
 *       (not by touching another, below): pushed more than a cell from
 *       the goal's centre, it heads back for it. Lanes: an agent with
 *       another agent ahead of it (positive dot product with its
 *       preferred velocity), within the reach 6b looks in (before the
 *       count limit), whose preferred velocity points against its own
 *       (negative dot product) and whose priority is at least its own
 *       aims 30 degrees to the right of its own instead (clockwise on a
 *       y-down screen; cos, sin taken as 111/128 and 64/128), so opposed
 *       streams sort themselves into two lanes before they meet.
 *       Priority here and in 6c and 6d is the agent's waiting priority:
 *       its priority plus 4 for each tick it has been stuck (the stuck
 *       count below and in ls_crowd_agent), at most
 *       LS_CROWD_MAX_PRIORITY, so a unit of low priority in a dense crowd
 *       does not give way to every neighbour for ever.
 *   6b. Neighbours: the other agents j whose gap (centre distance minus
 *       both radii) is at most avoid_horizon * (speed_i + speed_j), sorted
 *       by (squared centre distance, id), the first avoid_neighbours of
 *       them; and the blocked cells (cells outside the grid count as
 *       blocked) near enough to be reached in this tick.
 *   6c. New velocity: optimal reciprocal collision avoidance (ORCA, van
 *       den Berg, Guy, Lin, Manocha 2011) over the state at the start of
 *       step 6, every disc seen cell_size / 64 larger (so rounding never
 *       lets the velocities close the gap; two centres on one point are
 *       taken as if the agent of lower id stood one raw unit west): each
 *       neighbour gives a half-plane of velocities, the agent
 *       taking the share (P_j + 1) / (P_i + P_j + 2) of the avoidance (so
 *       a higher priority yields less; equal priorities split it evenly),
 *       each blocked cell a half-plane keeping it off the cell this tick;
 *       the velocity nearest the preferred one inside all of them, no
 *       faster than its speed (or, when none exists, the one that least
 *       violates the agents' half-planes while keeping the walls'). When
 *       the preferred velocity itself lies in the nearest neighbour's
 *       forbidden half-plane, it is first turned to the right by an angle
 *       whose tangent is a quarter of the agent's share, unless that
 *       neighbour already moves along it (its last velocity within about
 *       26 degrees of it: a queue does not all drift to one side). A
 *       head-on pair exactly in line passes on the right of each agent.
 *       Agents at rest (not MOVING, with a preferred velocity of 0) make
 *       way: against any agent that is not at rest they take the whole of
 *       the avoidance, whatever the priorities.
 *   6d. Resolution, so that the guarantee below holds whatever the
 *       rounding: every agent proposes its position plus its velocity. In
 *       rounds, each looking at all proposals at once, an agent whose
 *       proposed disc overlaps a blocked cell or the outside of the grid,
 *       or another agent's proposed disc (where the two were not already
 *       overlapping at the start of the tick and closer), has its move
 *       halved (each axis towards zero), and after four halvings
 *       cancelled; of two conflicting agents of different (waiting)
 *       priorities only the lower is cut while it still has a move, else
 *       both are. Rounds repeat until no proposal conflicts. (An agent
 *       that does not move conflicts with nobody new, so this ends.)
 *   6e. Every agent moves to its proposal; its velocity is the move made.
 *       A MOVING agent on a route passes its target waypoint when its
 *       centre is within its speed of the waypoint's centre, or when the
 *       next waypoint passes the smoothing rule's shortcut test from the
 *       cell it stands in (its clearance; no cell dearer than the path
 *       between the two waypoints), so a unit pushed past a waypoint
 *       walks on rather than back against the crowd; it is ARRIVED
 *       when its centre is within max(radius, cell_size / 8) of its goal's
 *       centre, or when it is within cell_size / 4 (gap) of an agent that
 *       was ARRIVED at the start of the tick with the same goal cell. A
 *       MOVING agent that moved less than a quarter of its speed in each
 *       of stuck_ticks ticks in a row asks for a new path from the cell it
 *       stands in (it becomes WAITING; a stats counter counts it). A
 *       sized agent whose cell is narrower than its class (pushed into a
 *       gap, or walled in by an edit) asks, and has its field looked up,
 *       from the nearest cell wide enough within its class's reach of it
 *       that a straight line over passable cells reaches (nearest by
 *       dx*dx + dy*dy in cells, then y, then x), so it walks back out
 *       instead of being UNREACHABLE.
 * An ARRIVED or IDLE agent pushed aside stays where it is pushed.
 * Switching avoidance off makes every MOVING agent on a route ask for a
 * new path at the next tick (its ls_agent was not following the route).
 *
 * The guarantee: after every tick with avoidance on, no two discs overlap
 * (centre distance >= r1 + r2, exactly, on the raw values) and no disc
 * overlaps a blocked cell or leaves the grid, unless they already did
 * before the tick (agents added onto each other, or a cell blocked under
 * a disc by an edit): such discs never move closer, and part when they
 * can. ls_crowd_check_overlaps counts overlaps at any time.
 *
 * With avoidance on, the agent digest adds, after the fields above, the
 * velocity vx and vy (raw fix16, int32 each), the radius (raw, int32), the
 * priority (1 byte) and the ticks it has been stuck (uint32).
 * --------------------------------------------------------------------- */

/* Set the agent's radius (0 .. LS_CROWD_MAX_RADIUS, and its clearance
 * class at most LS_CLEARANCE_MAX in the crowd's frame) and priority (0 ..
 * LS_CROWD_MAX_PRIORITY), at once: its next request or field uses the new
 * class (a request already made keeps its own). Errors, nothing changed:
 * LS_ERR_UNKNOWN_ID, LS_ERR_BAD_RADIUS, LS_ERR_BAD_PRIORITY. */
ls_status ls_crowd_set_body(ls_crowd *crowd, int64_t id, fix16_t radius,
                            int32_t priority);
/* Avoidance on (1) or off (0) from the next tick on. LS_ERR_BAD_OPTION
 * for another value. */
ls_status ls_crowd_set_avoidance(ls_crowd *crowd, int32_t on);

/* Let the crowd's searches go through a path cache (lockstar_cache.h),
 * or none (NULL, the default), from the next tick on. A cached answer is
 * the bytes ls_find_path would give, expansion count included, so the
 * budget rule, every tick and every digest are the same with a cache of
 * any size or none (peers may differ in this); only stats.searches counts
 * fewer searches. The crowd does not own the cache: it must outlive its
 * use (set NULL before destroying it), and it is read and written on the
 * thread that calls ls_crowd_tick only, never by the workers, so one
 * cache may serve several crowds and callers of that thread. Errors:
 * LS_ERR_NULL_ARGUMENT (crowd). */
struct ls_path_cache;
ls_status ls_crowd_set_path_cache(ls_crowd *crowd,
                                  struct ls_path_cache *cache);

/* Overlaps now (see "The guarantee"). */
typedef struct ls_crowd_overlaps {
    uint32_t pairs;         /* pairs of agents whose discs overlap */
    uint32_t walls;         /* agents whose disc overlaps a blocked cell
                               or leaves the grid */
    int64_t pair_a, pair_b; /* the first overlapping pair, a < b, in
                               ascending (a, b) order; 0, 0 when none */
    int64_t wall_agent;     /* the first agent (id order) of walls; 0 */
    ls_point wall_cell;     /* its first offending cell in row-major order
                               (a cell outside the grid when it leaves
                               the grid); 0,0 when none */
} ls_crowd_overlaps;
/* Count overlaps on grid (the crowd's size, LS_ERR_GRID_MISMATCH) now:
 * exact integer tests on the raw values; radius 0 overlaps nothing.
 * Uses the crowd's scratch memory (hence not const) and changes nothing
 * a tick reads; O(agents * neighbours near each + cells under the discs).
 * LS_ERR_NULL_ARGUMENT. */
ls_status ls_crowd_check_overlaps(ls_crowd *crowd, const ls_grid *grid,
                                  ls_crowd_overlaps *out);

/* The agent's digest now. LS_ERR_UNKNOWN_ID. */
ls_status ls_crowd_agent_digest(const ls_crowd *crowd, int64_t id,
                                uint64_t *digest);
/* The digest of the last tick (LS_ERR_NOT_DONE before the first). */
ls_status ls_crowd_tick_digest(const ls_crowd *crowd, uint64_t *digest);
/* The run digest: every tick digest so far. */
ls_status ls_crowd_run_digest(const ls_crowd *crowd, uint64_t *digest);
/* The ticks run so far. */
ls_status ls_crowd_ticks(const ls_crowd *crowd, uint32_t *ticks);

/* Counters since creation. */
typedef struct ls_crowd_stats {
    uint64_t requests;      /* requests submitted (orders and re-plans) */
    uint64_t replans;       /* of them, after an edit broke a route */
    uint64_t expansions;    /* expansions given by the budget rule */
    uint64_t searches;      /* searches run by the workers (a request
                               restarted by an edit is searched again; how
                               many are run ahead depends on the thread
                               count, nothing else does) */
    uint64_t fields;        /* fields begun or brought up to date */
    uint32_t pool_points;   /* the route pool's size now */
    uint32_t pool_used;     /* points of routes held now */
    uint64_t stuck;         /* requests made by agents stuck stuck_ticks */
    uint64_t moves_cut;     /* moves halved or cancelled by step 6d */
} ls_crowd_stats;
ls_status ls_crowd_stats_get(const ls_crowd *crowd, ls_crowd_stats *out);

/* The state's name: "idle", "waiting", "moving", "arrived",
 * "unreachable", "no-room"; "?" for another value. */
const char *ls_crowd_state_name(int32_t state);

#ifdef __cplusplus
}
#endif

#endif /* LOCKSTAR_CROWD_H */
