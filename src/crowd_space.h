/* SPDX-License-Identifier: MIT */
/*
 * crowd_space.h - where agents are, for avoidance (crowd_space.c): buckets
 * of 2 x 2 cells holding the agents by rank (their place in the id order),
 * the one test of two discs and the one test of a disc and a blocked cell,
 * and the per-rank state of step 6 (crowd_avoid.c).
 */
#ifndef LS_CROWD_SPACE_H
#define LS_CROWD_SPACE_H

#include <stdint.h>
#include "avoid.h"
#include "bits.h"
#include "crowd.h"

/* Cells per bucket side: small enough that the ten nearest agents of a
 * dense crowd lie in the 3 x 3 buckets around an agent. */
#define LS__SPACE_BUCKET_CELLS 2
/* Most blocked cells an agent's ORCA step avoids (the nearest ones; the
 * resolution step checks every cell anyway). */
#define LS__SPACE_WALLS 16u
/* Agents within reach an agent's first walk of a tick keeps (its cache,
 * below): a dense crowd's avoidance reach holds some 20 to 30; beyond
 * this many the walk is simply repeated. */
#define LS__SPACE_CACHED 32u
/* Neighbour ranges are capped at 256 world units (raw 2^24): the solver's
 * bounds (src/avoid.h) hold for every pair it is given. */
#define LS__SPACE_RANGE_MAX ((int64_t)1 << 24)

/* Step 6's state of the agent of rank n (all raw fix16 values). */
typedef struct ls__avoid_state {
    int32_t x0, y0;          /* position at the start of step 6 */
    int32_t pref_vx, pref_vy;
    int32_t vx, vy;          /* the move of the last tick (the agent's) */
    int32_t mx, my;          /* the velocity chosen (6c) */
    int32_t px, py;          /* the proposal (6d) */
    int32_t radius, speed, priority;
    uint8_t cut;             /* halvings so far; 5 = cancelled */
    uint8_t conflict;
    uint8_t was_arrived;     /* ARRIVED at the start of step 6 */
    uint8_t yields;          /* at rest: it makes way (priority -1) */
} ls__avoid_state;

/* A worker's scratch for 6b and 6c. */
typedef struct ls__avoid_scratch {
    uint32_t picked[LS_CROWD_MAX_NEIGHBOURS];
    uint64_t near_d2[LS_CROWD_MAX_NEIGHBOURS];
    ls__avoid_body bodies[LS_CROWD_MAX_NEIGHBOURS];
    ls__avoid_box walls[LS__SPACE_WALLS];
    uint64_t wall_d2[LS__SPACE_WALLS];
    uint32_t wall_index[LS__SPACE_WALLS];
    ls__avoid_line lines[LS_CROWD_MAX_NEIGHBOURS + LS__SPACE_WALLS];
} ls__avoid_scratch;

/* An agent in its bucket: its position there and its rank. */
typedef struct ls__space_item {
    int32_t x, y;
    uint32_t rank;
} ls__space_item;

/* A rank's first walk of the tick (ls__space_near), kept for the next
 * ones: the items within `bound` of (x, y) when count <= LS__SPACE_CACHED,
 * valid while stamp is the space's epoch. */
typedef struct ls__space_cache {
    int32_t x, y;
    uint64_t bound;
    uint32_t stamp;
    uint32_t count;          /* LS__SPACE_CACHED + 1: too many, not kept */
} ls__space_cache;

struct ls__crowd_space {
    int64_t bucket;          /* bucket side, raw world units */
    uint32_t bx, by;         /* buckets per row and per column */
    uint32_t *starts;        /* bx * by + 1: first item of each bucket */
    ls__space_item *items;   /* capacity, by bucket, ranks ascending */
    uint32_t *bucket_of;     /* capacity: each rank's bucket */
    ls__avoid_state *state;  /* capacity, by rank */
    uint32_t *active;        /* capacity: ranks a resolution round checks */
    ls__avoid_scratch *scratch; /* one per worker */
    ls__space_cache *cache;  /* capacity, by rank */
    uint32_t *cached;        /* capacity * LS__SPACE_CACHED item indices */
    uint32_t epoch;          /* ls__space_build's count: 1 on, never 0 after
                                the first build (stamps start at 0) */
    int32_t max_radius, max_speed; /* over the agents, this tick */
};

/* The squared distance from (px, py) to the closed box [x0, x1] x [y0, y1]
 * (raw values; callers keep each axis' gap below 2^31). */
static inline uint64_t ls__space_box_d2(int64_t px, int64_t py, int64_t x0,
                                        int64_t y0, int64_t x1, int64_t y1)
{
    const int64_t dx = px < x0 ? x0 - px : px > x1 ? px - x1 : 0;
    const int64_t dy = py < y0 ? y0 - py : py > y1 ? py - y1 : 0;
    return (uint64_t)(dx * dx) + (uint64_t)(dy * dy);
}

/* Do two discs overlap: centre distance < r1 + r2, exactly (radius 0
 * discs overlap nothing)? Gaps of up to 2^31 per axis are exact. */
static inline int ls__space_discs_overlap(int64_t ax, int64_t ay, int64_t ar,
                                          int64_t bx, int64_t by, int64_t br)
{
    const int64_t r = ar + br, dx = ax - bx, dy = ay - by;
    if (r == 0 || dx >= r || dx <= -r || dy >= r || dy <= -r)
        return 0;
    return (uint64_t)(dx * dx) + (uint64_t)(dy * dy) < (uint64_t)(r * r);
}

/* Build the buckets from the agents' positions now (x0, y0 of each rank's
 * state, which the caller has filled). */
void ls__space_build(ls_crowd *c);

/* Call visit(context, rank j, squared centre distance) for every agent
 * j != i (by the positions the buckets were built from) whose squared
 * distance from (x, y) is at most *bound (and within LS__SPACE_RANGE_MAX
 * on each axis), walking the rows of buckets that the square around
 * (x, y) of half-side floor(sqrt(*bound)) covers; visit may lower *bound
 * (a caller keeping the k nearest lowers it to the k-th), and agents
 * beyond the lowered bound are skipped from then on. The order of the
 * visits is not defined, nor which agents beyond the bound are visited,
 * so a caller's result must depend only on those within it, in any
 * order. A rank's first call after ls__space_build keeps what it finds
 * within its bound, and a later call for the same rank and point within
 * no larger a bound reads that instead of walking (calls for one rank
 * must not run at once; for different ranks they may). */
typedef void (*ls__space_visit)(void *context, uint32_t j, uint64_t d2);
void ls__space_near(const ls_crowd *c, uint32_t i, int64_t x, int64_t y,
                    uint64_t *bound, ls__space_visit visit, void *context);

/* Is cell (cx, cy) blocked for discs: outside the grid, or cost 0? */
int ls__space_cell_blocked(const ls_grid *grid, int32_t cx, int32_t cy);

/* Does the square of free cells the grid's clearance keeps around the
 * cell holding (x, y) hold the whole disc of radius r? (0 when the grid
 * keeps no clearance.) Then no cell near it needs looking at. */
int ls__space_clear_around(const ls_crowd *c, const ls_grid *grid, int64_t x,
                           int64_t y, int64_t r);

/* floor(a / b), b > 0, negatives too; |a| < 2^62. A power of two (the
 * usual cell size of 1.0 is 2^16) is a shift: -a then rounds up, so the
 * floor of a negative comes out as the division's would. */
static inline int64_t ls__space_floor_div(int64_t a, int64_t b)
{
    int64_t q;
    if ((b & (b - 1)) == 0) {
        const uint32_t k = ls__lowest_bit((uint64_t)b);
        return a >= 0 ? a >> k : -((-a + b - 1) >> k);
    }
    q = a / b;
    return q * b > a ? q - 1 : q;
}

/* The cells the square around the disc (x, y, r) touches, any integer
 * cells (the grid's or not): columns *x0 .. *x1, rows *y0 .. *y1. The one
 * rule for which cells a disc test or the walls an agent avoids look at. */
static inline void ls__space_disc_cells(const ls_world *w, int64_t x,
                                        int64_t y, int64_t r, int64_t *x0,
                                        int64_t *x1, int64_t *y0,
                                        int64_t *y1)
{
    *x0 = ls__space_floor_div(x - r - w->origin_x, w->cell_size);
    *x1 = ls__space_floor_div(x + r - w->origin_x, w->cell_size);
    *y0 = ls__space_floor_div(y - r - w->origin_y, w->cell_size);
    *y1 = ls__space_floor_div(y + r - w->origin_y, w->cell_size);
}

/* Does the disc (x, y, r) overlap a blocked cell or leave the grid? With
 * (sx, sy) a start position: a cell the disc already overlapped from
 * there counts only if the disc is now closer to it. The first offending
 * cell in row-major order in *cell (may be NULL). */
int ls__space_wall_conflict(const ls_crowd *c, const ls_grid *grid,
                            int64_t x, int64_t y, int64_t r, int64_t sx,
                            int64_t sy, int with_start, ls_point *cell);

#endif
