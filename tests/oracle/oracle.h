/* SPDX-License-Identifier: MIT */
/*
 * oracle.h - the one independent model of each rule of lockstar, what the
 * vector generator, the tests and the fuzzers check the library against.
 *
 * Written from the words of include/lockstar.h and its companions alone,
 * never from src/ (nothing here includes a src/ header or calls the
 * library's search, digests, queue, sight, smoothing or follower), so that
 * a bug in the library cannot hide in its own check. Of the library, only
 * ls_grid_size and ls_grid_get (to read cells; crowd.c also
 * ls_grid_revision) and the header's types and constants are used; the
 * crowd model's caller mirrors its fields on ls_flow objects for the one
 * number no header defines apart from the library (an update's
 * expansions, see crowd.c).
 *
 * One model per rule, one file per rule:
 *
 *   astar.c   the search order: A* again, with a linear-scan open list
 *             (what a query reports, expansions and partial paths too)
 *   search.c  the step rule (connectivity, corner rules, step costs), the
 *             optimal cost by a plain Dijkstra, path legality, and
 *             ls_check_path's outcome (the same step rule, with reasons)
 *   digest.c  FNV-1a 64 over little-endian integers (the path digest, the
 *             self-test's fold, the vector files' map block digest) and
 *             the map digest (SplitMix64's mixer over terms per cell)
 *   queue.c   the path queue's budget rule, one tick at a time
 *   sight.c   the cells a segment touches (closed squares against the
 *             segment, brute force), in the walk's order, line of sight
 *             and line cost
 *   smooth.c  the smoothing rule (greedy farthest shortcut, terrain limit)
 *   world.c   world frames: cells, centres, lengths (exact int64, a square
 *             root by bisection)
 *   follow.c  path following: the agent's tick
 *   flow.c    flow fields: every cell's cost and direction, the field
 *             digest (include/lockstar_flow.h)
 *   crowd.c   the crowd's tick (include/lockstar_crowd.h) on the models
 *             above (it also reads ls_grid_revision: was there an edit?)
 *   clearance.c  each cell's clearance (brute force) and the grid a sized
 *             query sees; the search models (astar.c, search.c) honour
 *             ls_query.clearance through it, the others take its cells
 *
 * A rule being added gets its file here, its section below and a row in
 * docs/architecture.md; no second model elsewhere.
 *
 * Built as the convenience library tests/oracle/liblockstar-oracle.la,
 * linked by tests/unit, tests/maps, the fuzzers (tests/fuzz/run.sh
 * compiles these files into its archive) and tools/vecgen. Names keep the
 * prefixes they had before the models moved here (tu_ for the search
 * oracle, sr_ for the touched cells); the rest are or_. Memory comes from
 * malloc; nothing is kept between calls; nothing prints or exits: a model
 * that cannot answer says so in its return value.
 */
#ifndef LS_TESTS_ORACLE_H
#define LS_TESTS_ORACLE_H

#include <stddef.h>
#include <stdint.h>
#include "lockstar.h"

/* ---- clearance.c: clearance and the grid a sized query sees ---------- */

/* Cell (x, y)'s clearance on the cells (w x h), from the definition: 0 if
 * blocked, else the least Chebyshev distance to a blocked cell or a cell
 * outside, capped at LS_CLEARANCE_MAX (a scan of square rings). */
uint32_t or_clearance_at(const uint8_t *cells, int32_t w, int32_t h,
                         int32_t x, int32_t y);
/* Every cell's, row-major, into out (w * h bytes). */
void or_clearance(const uint8_t *cells, int32_t w, int32_t h, uint8_t *out);
/* A malloc'd copy of the cells with every cell of clearance below k
 * blocked (k <= 1: a plain copy): the grid a query of clearance k sees.
 * NULL when out of memory. */
uint8_t *or_sized_cells(const uint8_t *cells, int32_t w, int32_t h,
                        uint32_t k);
/* tu_cells, then or_sized_cells for q->clearance. */
uint8_t *or_query_cells(const ls_grid *grid, const ls_query *q, int32_t *w,
                        int32_t *h);

/* ---- search.c: moves, optimal costs, legal paths --------------------- */

/* A row-major copy (y * width + x) of the grid's cells, malloc'd; NULL
 * when out of memory. */
uint8_t *tu_cells(const ls_grid *grid, int32_t *width, int32_t *height);

/* The cost of one step from (x, y) by (dx, dy) under q's connectivity,
 * corner rule and step costs, in the cells of a width x height grid; -1 if
 * the step is not a legal move. */
int64_t tu_step_cost(const uint8_t *cells, int32_t width, int32_t height,
                     const ls_query *q, int32_t x, int32_t y, int32_t dx,
                     int32_t dy);

/* Optimal cost from q's start to q's goal by a plain Dijkstra (own binary
 * heap, lazy deletion); -1 if unreachable, -2 if out of memory. *reached
 * (optional) receives the number of cells reachable from the start. This
 * and every other model that takes q honour q->clearance: they work on
 * the cells that clearance sees (or_query_cells, or_sized_cells of the
 * cells given), all but tu_step_cost, the step rule on the cells as
 * given. */
int64_t tu_dijkstra(const ls_grid *grid, const ls_query *q,
                    uint32_t *reached);

/* The same Dijkstra's cost to every cell, row-major (-1 = unreachable), in
 * a malloc'd array; NULL when out of memory. */
int64_t *tu_dijkstra_all(const ls_grid *grid, const ls_query *q,
                         uint32_t *reached);

/* The same optimal cost on a row-major copy of the cells, stopping as soon
 * as the goal is settled (for large maps); -1 if unreachable (or the start
 * or goal is outside or blocked), -2 if out of memory. */
int64_t tu_dijkstra_cells(const uint8_t *cells, int32_t width, int32_t height,
                          const ls_query *q);

/* 1 if path[0..length) is legal for q on grid: starts at q's start, ends at
 * q's goal, every step a legal move; its summed step cost goes to *cost.
 * Otherwise 0 with a reason in why[0..why_size). The goal check is skipped
 * when to_goal is 0 (partial paths). */
int tu_path_legal(const ls_grid *grid, const ls_query *q,
                  const ls_point *path, uint32_t length, int to_goal,
                  int64_t *cost, char *why, size_t why_size);

/* What ls_check_path must give for points[0..n) with planned cost on the
 * cells (w x h): the status, and on LS_OK *out (for q->clearance above 1,
 * on the cells that clearance sees; LS_ERR_BAD_CLEARANCE above
 * LS_CLEARANCE_MAX). */
ls_status or_path_check(const uint8_t *cells, int32_t w, int32_t h,
                        const ls_query *q, const ls_point *points,
                        uint32_t n, int32_t planned, ls_path_check *out);

/* ---- astar.c: the search order -------------------------------------- */

/* Longest path the outcome buffers hold (grids of up to 4096 cells). */
#define TU_MAX_PATH 4096u

/* Everything a query reports, for comparing two runs field by field. */
typedef struct tu_outcome {
    ls_status begin_status;
    ls_status status;          /* final status of ls_search_step */
    uint32_t steps;            /* ls_search_step calls until the end */
    uint32_t protocol_errors;  /* IN_PROGRESS with budget 0, or a final
                                  status that did not repeat */
    ls_status result_status;   /* ls_search_result */
    ls_result result;
    ls_status path_status;     /* ls_search_path */
    uint32_t path_length;
    ls_point path[TU_MAX_PATH];
    ls_status partial_status;  /* ls_search_partial_path */
    uint32_t partial_length;
    ls_point partial[TU_MAX_PATH];
} tu_outcome;

/* The search order of lockstar.h, implemented again from the text alone
 * with a linear-scan open list: status, cost, expansions, path, digest and
 * partial path an A* query must give (the path only if it fits in
 * TU_MAX_PATH). Returns 0 when out of memory. The query must be valid. */
int tu_reference_astar(const ls_grid *grid, const ls_query *q, tu_outcome *out);

/* ---- digest.c: the digests ------------------------------------------- */

#define OR_FNV_BASIS 0xcbf29ce484222325ull

/* FNV-1a 64 of one byte, and of a 32-bit or 64-bit value's little-endian
 * bytes, folded into h. */
uint64_t or_fnv_byte(uint64_t h, uint8_t byte);
uint64_t or_fnv32(uint64_t h, uint32_t v);
uint64_t or_fnv64(uint64_t h, uint64_t v);

/* The path digest (ls_path_digest): FNV-1a 64 over each point's x then y
 * as little-endian int32. */
uint64_t tu_fnv1a_points(const ls_point *points, uint32_t count);

/* The map digest (ls_grid_digest) of a row-major copy of the cells, from
 * its definition, term by term. */
uint64_t or_map_digest(const uint8_t *cells, int32_t w, int32_t h);

/* The same of a grid's cells as ls_grid_get reads them; 0 when out of
 * memory. */
uint64_t or_grid_digest(const ls_grid *grid);

/* ---- queue.c: the path queue's budget rule --------------------------- */

enum { OR_WAITING, OR_RUNNING, OR_DONE };

/* One request of the model, in submission order. A caller's request type
 * starts with one (or_queue_tick steps through the caller's array). */
typedef struct or_request {
    int state;               /* OR_* */
    uint32_t given;          /* running: expansions given so far */
    int refused;             /* ls_search_begin refused it (costs nothing) */
    ls_status found;         /* running, done: ls_find_path's status on the
                                grid it was begun on */
    uint32_t expansions;     /* running, done: the expansions it takes */
    uint32_t length;         /* running, done: its path's length */
    ls_status status;        /* done: the request's final status */
    uint32_t kept;           /* done: points kept in the pool */
    int finished_now;        /* done in the tick just modelled */
} or_request;

/* One tick of the budget rule of lockstar_queue.h over the n requests at
 * requests, stride bytes apart, each starting with an or_request. begin
 * (ctx, r) fills r->refused, r->found, r->expansions and r->length with
 * what ls_search_begin and ls_find_path give on the grid as it is now. restart: the grid changed
 * (another revision or another grid) since the last tick, so a running
 * request starts again. pool: the pool's points, *pool_used those kept.
 * Marks finished_now. */
void or_queue_tick(void *requests, size_t stride, uint32_t n,
                   uint32_t budget, int restart, uint32_t pool,
                   uint32_t *pool_used,
                   void (*begin)(void *ctx, or_request *r), void *ctx);

/* ---- sight.c: the cells of a segment, sight, line cost --------------- */

/* 1 when the segment between the centres of cells a and b shares a point
 * with the closed square of cell c. */
int sr_touches(int32_t ax, int32_t ay, int32_t bx, int32_t by, int32_t cx,
               int32_t cy);

/* The touched cells, row by row of the bounding box widened by one cell
 * (cells outside the box are asserted untouched by the callers' counts),
 * into out (at most cap); returns how many there are. */
uint32_t sr_cells(int32_t ax, int32_t ay, int32_t bx, int32_t by,
                  ls_point *out, uint32_t cap);

/* The largest cost among the touched cells of grid, 0 if one is blocked
 * (cells outside the grid count as blocked). */
uint8_t sr_max_cost(const ls_grid *grid, int32_t ax, int32_t ay, int32_t bx,
                    int32_t by);

/* The same on a row-major copy of the cells (w x h). */
uint8_t or_line_cost(const uint8_t *cells, int32_t w, int32_t h, int32_t ax,
                     int32_t ay, int32_t bx, int32_t by);

/* The touched cells in the order a walk from a to b meets them (the first
 * cap into out); how many there are. Segments whose box passes 400,000
 * cells are counted, not listed, when straight or at 45 degrees; for any
 * other such segment, or when out of memory, 0 (never a real count). */
uint32_t or_line(int32_t ax, int32_t ay, int32_t bx, int32_t by,
                 ls_point *out, uint32_t cap);

/* ls_line_cells' outcome (or_line's count 0 is returned as LS_OK with
 * *count 0: the caller must not take it for an answer). */
ls_status or_line_cells(int32_t ax, int32_t ay, int32_t bx, int32_t by,
                        ls_point *out, uint32_t cap, uint32_t *count);

/* ls_line_of_sight's and ls_line_cost's outcome on the cells (w x h). */
ls_status or_sight(const uint8_t *cells, int32_t w, int32_t h, int32_t ax,
                   int32_t ay, int32_t bx, int32_t by, int32_t *clear,
                   uint8_t *cost);

/* ---- smooth.c: the smoothing rule ------------------------------------ */

/* ls_smooth_path's outcome for p[0..n) on the cells (w x h): the count in
 * *length, the waypoints in out and (optional) the index in p of each in
 * index when they fit in cap. */
ls_status or_smooth(const uint8_t *cells, int32_t w, int32_t h,
                    const ls_point *p, uint32_t n, ls_point *out,
                    uint32_t *index, uint32_t cap, uint32_t *length);

/* ---- world.c: world frames ------------------------------------------- */

/* 1 when the frame is refused (LS_ERR_BAD_FRAME): a cell size not above
 * 0, or an origin coordinate of INT32_MIN. */
int or_frame_bad(const ls_world *w);

ls_status or_world_cell(const ls_world *w, int32_t x, int32_t y,
                        ls_point *cell);
ls_status or_centre(const ls_world *w, int32_t cx, int32_t cy, int32_t *x,
                    int32_t *y);
ls_status or_distance(int32_t ax, int32_t ay, int32_t bx, int32_t by,
                      int32_t *len);
ls_status or_segment(const ls_world *w, int32_t ax, int32_t ay, int32_t bx,
                     int32_t by, int32_t *len);
ls_status or_path_length(const ls_world *w, const ls_point *p, uint32_t n,
                         int32_t *len);

/* ---- follow.c: the agent's tick -------------------------------------- */

/* The follower's fields, the model's own (not ls_agent). */
typedef struct or_agent {
    ls_world world;
    int32_t x, y, speed, state;
    uint32_t count, target;
    int32_t from_x, from_y, travelled;
} or_agent;

ls_status or_agent_init(or_agent *a, const ls_world *w, int32_t x, int32_t y,
                        int32_t speed);
ls_status or_agent_follow(or_agent *a, const ls_point *wp, uint32_t n);
ls_status or_agent_step(or_agent *a, const ls_point *wp, uint32_t n);

/* ---- flow.c: flow fields --------------------------------------------- */

/* A field of the model: w * h cells row-major, cost -1 where no goal is
 * reached (and where the cost would pass LS_COST_MAX), direction 0..7,
 * LS_FLOW_GOAL or LS_FLOW_NONE. */
typedef struct or_flow_field {
    ls_status status;     /* LS_OK, LS_ERR_COST_OVERFLOW (a reachable
                             cell's cost above LS_COST_MAX) or
                             LS_ERR_OUT_OF_MEMORY */
    int32_t *cost;        /* malloc'd */
    uint8_t *direction;   /* malloc'd */
    uint32_t reached;     /* cells a goal is reached from, goals included:
                             a fresh field's expansions */
    uint32_t settled;     /* of them, those of cost <= LS_COST_MAX */
} or_flow_field;

/* What ls_flow_begin says of the goals on these cells, after the options
 * were accepted: LS_ERR_BAD_SIZE (none), LS_ERR_GOAL_OUT_OF_BOUNDS,
 * LS_ERR_GOAL_BLOCKED, in that order over all goals; else LS_OK. */
ls_status or_flow_goals(const uint8_t *cells, int32_t w, int32_t h,
                        const ls_point *goals, uint32_t goal_count);

/* The field of the cells (w x h) towards goals[0..goal_count) (inside the
 * grid; those on blocked cells reach nothing) under q's connectivity,
 * corner rule and step costs, on the cells q's clearance sees
 * (or_sized_cells; or_flow_goals must be given those); its status is
 * returned too. Free with
 * or_flow_free (also after a failure). */
ls_status or_flow(const uint8_t *cells, int32_t w, int32_t h,
                  const ls_query *q, const ls_point *goals,
                  uint32_t goal_count, or_flow_field *out);
void or_flow_free(or_flow_field *f);

/* The field digest of lockstar_flow.h over count cells. */
uint64_t or_flow_digest(const int32_t *cost, const uint8_t *direction,
                        size_t count);

/* ---- crowd.c: the crowd's tick ---------------------------------------- */

#define OR_CROWD_AGENTS 64   /* agents the model holds */
#define OR_CROWD_SLOTS 64    /* field slots (max_fields at most this) */

enum { OR_ITEM_REQUEST = 1, OR_ITEM_FIELD };
enum { OR_ORDER_MOVE = 1, OR_ORDER_GROUP, OR_ORDER_STOP };

/* What the model cannot know of a field: the caller mirrors each slot on
 * an ls_flow and answers with the call's status (step: its expansions in
 * *did). The model calls them exactly where the header says the crowd
 * calls ls_flow_begin, ls_flow_refresh and ls_flow_step. */
typedef struct or_crowd_fields {
    ls_status (*begin)(void *ctx, uint32_t slot, const ls_grid *grid,
                       const ls_query *options, ls_point goal);
    ls_status (*refresh)(void *ctx, uint32_t slot, const ls_grid *grid);
    ls_status (*step)(void *ctx, uint32_t slot, uint32_t budget,
                      uint32_t *did);
    void *ctx;
} or_crowd_fields;

typedef struct or_crowd_agent {
    int64_t id;
    int32_t state;           /* LS_CROWD_* */
    or_agent f;              /* the follower: position, speed, target */
    ls_point goal;
    ls_point *path;          /* the found path, its waypoints and their */
    ls_point *way;           /* indices in the path (malloc'd) */
    uint32_t *way_index;
    uint32_t path_len, way_count;
    int32_t field;           /* its field's slot, or -1 */
    ls_point heading;        /* on a field: the cell it heads for */
    uint32_t waypoint;       /* the digest's waypoint index */
    int finished;            /* its request finished this tick */
    ls_status found;         /* with this status */
} or_crowd_agent;

/* An entry of the serving order: a request (who: the agent's id) or a
 * field (who: its slot). */
typedef struct or_crowd_item {
    int kind;
    int64_t who;
    int begun, refused, done;
    uint32_t given, expansions;
    ls_status found;
} or_crowd_item;

typedef struct or_crowd_slot {
    int held, complete;
    ls_status status;        /* the field's end (complete) */
    ls_point goal;
    uint8_t *copy;           /* the cells it was begun or refreshed on */
    or_flow_field model;     /* the model's field (complete) */
} or_crowd_slot;

typedef struct or_crowd_cmd {
    int64_t id;
    int kind;                /* OR_ORDER_* */
    ls_point goal;
} or_crowd_cmd;

typedef struct or_crowd {
    ls_world world;
    ls_query options;
    uint32_t budget, max_fields;
    or_crowd_fields fields;
    int32_t width, height;
    or_crowd_agent agents[OR_CROWD_AGENTS]; /* ascending id */
    uint32_t count;
    or_crowd_cmd orders[OR_CROWD_AGENTS]; /* in the order given */
    uint32_t order_count;
    or_crowd_item serve[OR_CROWD_AGENTS + OR_CROWD_SLOTS];
    uint32_t serve_count;
    or_crowd_slot slots[OR_CROWD_SLOTS];
    ls_point route[LS_CROWD_FIELD_REACH]; /* a field agent's this tick */
    tu_outcome *outcome;     /* the search model's, reused */
    uint8_t *cells;          /* the grid as the last tick saw it */
    const ls_grid *grid;
    uint32_t revision, ticks;
    uint64_t run_digest;
} or_crowd;

/* A model of a crowd made with config (its world, options, budget,
 * max_fields <= OR_CROWD_SLOTS, width and height; the route pool is taken
 * to be large enough). 0, or -1 when out of memory (free it anyway). */
int or_crowd_init(or_crowd *c, const ls_crowd_config *config,
                  const or_crowd_fields *fields);
void or_crowd_free(or_crowd *c);
/* The calls of lockstar_crowd.h, for arguments the library accepted:
 * 0, or -1 when the model cannot hold it. */
int or_crowd_add(or_crowd *c, int64_t id, int32_t x, int32_t y,
                 int32_t speed);
int or_crowd_remove(or_crowd *c, int64_t id);
void or_crowd_order(or_crowd *c, int64_t id, int32_t x, int32_t y);
void or_crowd_group(or_crowd *c, const int64_t *ids, uint32_t n, int32_t x,
                    int32_t y);
void or_crowd_stop(or_crowd *c, int64_t id);
void or_crowd_speed(or_crowd *c, int64_t id, int32_t speed);
/* One tick on grid; its tick digest in *tick_digest (the run digest in
 * c->run_digest). 0, or -1 when out of memory. */
int or_crowd_tick(or_crowd *c, const ls_grid *grid, uint64_t *tick_digest);
/* The tick digest of the model's state now. */
uint64_t or_crowd_digest(const or_crowd *c);

#endif
