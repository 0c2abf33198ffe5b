/* SPDX-License-Identifier: MIT */
/*
 * avoid.h - local avoidance for the crowd's step 6c: optimal reciprocal
 * collision avoidance (ORCA; van den Berg, Guy, Lin, Manocha, "Reciprocal
 * n-body collision avoidance", ISRR 2009 / STAR 70, 2011) in integers
 * only. A pure function: no allocation, no I/O, no hidden state; the same
 * inputs give the same bytes on every target. docs/avoidance.md ("The
 * method: ORCA in integers") explains every step; the rules in brief:
 *
 * Units. Positions raw fix16 world units (int32); velocities raw fix16
 * world units PER TICK; radius raw fix16, 0 .. 0x400000 (64.0); max_speed
 * raw per tick > 0; horizon in ticks, 1 .. 1024; priority -1 .. 99
 * (-1: an agent that makes way, taking the whole of the avoidance against
 * any other; two of them share it evenly).
 *
 * Bounds the caller guarantees (beyond them the inputs are SATURATED, so
 * the result stays a defined, deterministic function, only a poorer
 * one): a neighbour's and a box's offset from self, |dx| and |dy|, at most
 * 2^26 raw (1,024 world units); every velocity component and max_speed at
 * most 2^24 raw (256 world units per tick); radius and priority in range
 * (clamped); horizon clamped to 1 .. 1024; max_speed <= 0 gives 0, 0.
 *
 * Frame. x right, y DOWN (the grid's frame). det(a, b) = ax*by - ay*bx.
 *
 * Half-planes (ls__avoid_line): point (px, py) in raw velocity units per
 * tick, direction (dx, dy) a unit vector in Q20 (length 2^20, rounded);
 * the permitted velocities v are those with det(d, v - p) >= 0.
 *  - Agents: for each neighbour j, ORCA's half-plane: line point = v_i +
 *    u * share (truncated toward zero), where u is the smallest change of
 *    the relative velocity v_i - v_j that leaves the truncated velocity
 *    obstacle (horizon ticks; if the discs already overlap, the obstacle
 *    of ONE tick: the paper's collision rule) - or, when it is outside,
 *    that reaches its edge. share = (P_j + 1) / (P_i + P_j + 2) (P =
 *    priority) of the avoidance when inside; (P_i + 1) / (P_i + P_j + 2)
 *    of the free margin when outside (a higher priority yields less and
 *    is held back less); the two agents' shares add up to 1 either way
 *    (each rounded down to Q16: 1 or a hair less).
 *    Both radii are taken 2 raw units larger (the rounding's room).
 *  - Right-hand rule: when the relative position and w (the relative
 *    velocity minus the cut-off centre) are collinear, the leg chosen is
 *    the one that makes each agent of a head-on pair turn to ITS OWN RIGHT
 *    (clockwise of its direction of travel on a y-down screen).
 *  - Keep right: if pref violates a neighbour's half-plane, the target is
 *    pref turned clockwise (y-down screen) by tan = share / 4 (the share
 *    of the first such neighbour): 1/8 between equals.
 *  - Walls: for each box, q its point closest to the centre p, d = |q - p|:
 *    n.v <= floor(d) - radius - 2 raw (never below 0), n = (q - p)/d. A
 *    disc already overlapping the box (d < radius): n.v <= 0 (it never
 *    moves closer); a centre inside the box: n is the inward normal of the
 *    box's nearest face (ties: x0, x1, y0, y1 faces in that order), n.v <= 0.
 *    v = 0 satisfies every wall half-plane.
 *  - Solution: the velocity nearest pref inside all half-planes with
 *    |v| <= max_speed (LP1/LP2, lines in the order walls, then neighbours
 *    as given); if none, the one minimising the largest violation of the
 *    agent half-planes while keeping the walls' (LP3); if LP3 fails too
 *    (only through rounding), 0, 0.
 *  - Result: vx^2 + vy^2 <= max_speed^2 exactly (scaled with the exact
 *    ceiling square root, components truncated toward zero, then grown by
 *    at most one raw unit each while it still fits). Then, exactly on the
 *    integers: if the disc moved by v would overlap a box it did not
 *    overlap (or come closer to a box it overlapped), v is scaled by
 *    k / 16 for the largest k in 15 .. 0 that does not.
 *  - Only the first LS__AVOID_MAX_NEAR neighbours count (the caller's
 *    order is by distance: the nearest).
 */
#ifndef LS_AVOID_H
#define LS_AVOID_H

#include <stdint.h>

/* Neighbours beyond this many are ignored (LS_CROWD_MAX_NEIGHBOURS). */
#define LS__AVOID_MAX_NEAR 32u

typedef struct ls__avoid_body {
    int32_t x, y;       /* position */
    int32_t vx, vy;     /* velocity of the last tick */
    int32_t radius;
    int32_t priority;   /* -1..99 (-1: makes way) */
} ls__avoid_body;

/* A blocked cell's closed square [x0,x1]x[y0,y1], raw. */
typedef struct ls__avoid_box { int32_t x0, y0, x1, y1; } ls__avoid_box;

/* One half-plane: point raw per tick, direction Q20 unit (see above). */
typedef struct ls__avoid_line { int64_t px, py, dx, dy; } ls__avoid_line;

/* The new velocity of `self` (*vx, *vy, raw per tick), by the rules
 * above. others: near_count neighbours sorted by the caller (distance, id);
 * walls: wall_count boxes; scratch: room for near_count + wall_count
 * lines (the caller's memory; its contents afterwards are unspecified).
 * Pointers may be NULL when their count is 0. */
void ls__avoid_velocity(const ls__avoid_body *self, int32_t pref_vx,
                        int32_t pref_vy, int32_t max_speed, int32_t horizon,
                        const ls__avoid_body *others, uint32_t near_count,
                        const ls__avoid_box *walls, uint32_t wall_count,
                        ls__avoid_line *scratch, int32_t *vx, int32_t *vy);

#endif
