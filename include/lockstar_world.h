/* SPDX-License-Identifier: MIT */
/*
 * lockstar_world.h - units in a game world: world coordinates, line of sight, smoothing and
 * path following.
 *
 * Part of the lockstar API: lockstar.h includes it, and it includes
 * lockstar.h, so either may be included first. Same conventions as
 * lockstar.h (every function returns an ls_status, nothing is written on
 * an error unless said otherwise).
 */
#ifndef LOCKSTAR_WORLD_H
#define LOCKSTAR_WORLD_H

#include "lockstar.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * World coordinates
 *
 * A world frame places the grid in a game's world, in fix16_t world units
 * (Q16.16; "raw" below means the fix16_t's 32-bit integer value). Cell
 * (x, y) covers the half-open square
 *     [origin_x + x*s, origin_x + (x+1)*s) x [origin_y + y*s, origin_y + (y+1)*s)
 * with s = cell_size, x growing with world x and y with world y. All
 * arithmetic is exact on raw values in 64-bit integers; nothing wraps.
 *
 * A world value is any fix16_t but 0x80000000 (libfixmath's overflow
 * marker): an input equal to it gives LS_ERR_WORLD_RANGE, and no output
 * ever equals it, so every world value can be negated. A frame is valid
 * when cell_size > 0 and neither origin is 0x80000000 (else
 * LS_ERR_BAD_FRAME). Errors are checked in this order: NULL pointers
 * (LS_ERR_NULL_ARGUMENT), the frame, then the values; on an error nothing
 * is written.
 * --------------------------------------------------------------------- */

typedef struct ls_world {
    fix16_t origin_x, origin_y; /* world position of cell (0,0)'s corner */
    fix16_t cell_size;          /* world units per cell side, > 0 */
} ls_world;

/* The cell holding world position (x, y), any integer cell:
 *     cell.x = floor((x - origin_x) / cell_size)     (raw values, exact
 *     cell.y = floor((y - origin_y) / cell_size)      floor, negatives too)
 * LS_ERR_WORLD_RANGE when x or y is 0x80000000 or a result leaves int32. */
ls_status ls_world_cell(const ls_world *world, fix16_t x, fix16_t y,
                        ls_point *cell);

/* ls_world_cell, and the cell must be one of grid's: LS_ERR_OUT_OF_BOUNDS
 * when it is not (a cell outside int32 included). */
ls_status ls_world_to_cell(const ls_world *world, const ls_grid *grid,
                           fix16_t x, fix16_t y, ls_point *cell);

/* The centre of cell (cx, cy), any int32 cell, in raw values:
 *     x = origin_x + cx * cell_size + floor(cell_size / 2)
 *     y = origin_y + cy * cell_size + floor(cell_size / 2)
 * exact when cell_size's raw value is even; when it is odd, the centre is
 * half a raw unit (2^-17) below the true one on both axes. Either way
 * ls_world_cell of a centre is its cell, and two centres differ by exactly
 * (dx * cell_size, dy * cell_size). LS_ERR_WORLD_RANGE when a result is
 * not a world value. */
ls_status ls_world_cell_center(const ls_world *world, int32_t cx, int32_t cy,
                               fix16_t *x, fix16_t *y);

/* Lengths in world units. Every length is the ceiling of a Euclidean
 * length, in raw units:
 *     distance(dx, dy) = ceil(sqrt(dx^2 + dy^2))
 * computed with an exact 64-bit integer square root. It is
 * LS_ERR_WORLD_RANGE when |dx| or |dy| > 0x7FFFFFFF or the result exceeds
 * 0x7FFFFFFF (so every length is a positive-or-zero fix16_t).
 * Rounding every length up makes lengths subadditive: a straight segment
 * is never longer than any chain of segments between the same two points
 * (exact triangle inequality, and ceil(a) <= ceil(b1) + ... + ceil(bk)
 * whenever a <= b1 + ... + bk), which is why smoothing never lengthens a
 * path (see ls_smooth_path). */

/* distance(bx - ax, by - ay) between two world positions (none may be
 * 0x80000000). */
ls_status ls_world_distance(fix16_t ax, fix16_t ay, fix16_t bx, fix16_t by,
                            fix16_t *length);

/* The length of the segment between the centres of cells a and b:
 * distance((bx - ax) * cell_size, (by - ay) * cell_size), any int32
 * cells (the centres themselves need not be world values). A straight
 * step costs exactly cell_size; a diagonal step ceil(cell_size * sqrt 2). */
ls_status ls_world_segment_length(const ls_world *world, int32_t ax,
                                  int32_t ay, int32_t bx, int32_t by,
                                  fix16_t *length);

/* The length of the polyline through the centres of points[0..count): the
 * sum of ls_world_segment_length over consecutive points (0 for fewer than
 * two points; points may be NULL when count is 0). For a path as
 * ls_search_path gives it, that is the sum of its steps' lengths; for
 * waypoints, of their segments'. LS_ERR_WORLD_RANGE when a segment's
 * length or the sum exceeds 0x7FFFFFFF. */
ls_status ls_world_path_length(const ls_world *world, const ls_point *points,
                               uint32_t count, fix16_t *length);

/* The clearance class of a disc of radius `radius` (world units, >= 0):
 * the least k >= 1 with (2k - 1) * cell_size >= 2 * radius, so that the
 * disc centred on a cell whose clearance (lockstar.h, "Clearance") is at
 * least k overlaps no blocked cell. Exact on raw values. Errors:
 * LS_ERR_NULL_ARGUMENT, LS_ERR_BAD_FRAME, LS_ERR_BAD_RADIUS (radius < 0,
 * or k above LS_CLEARANCE_MAX). */
ls_status ls_world_clearance(const ls_world *world, fix16_t radius,
                             uint32_t *clearance);

/* ------------------------------------------------------------------------
 * Line of sight
 *
 * Geometry on cells, no world frame: cell (x, y) is the closed unit square
 * [x, x+1] x [y, y+1], its centre (x + 1/2, y + 1/2). The segment between
 * the centres of cells a and b touches a cell when it shares at least one
 * point with the cell's closed square: a segment along a row touches only
 * that row's cells; one crossing an edge touches the cells on both sides;
 * one passing exactly through a corner touches all four cells there (so a
 * diagonal step touches the two cells beside it: a line of sight never
 * squeezes between two blocked cells, nor clips a blocked cell's corner).
 * a == b touches that cell only. The cells are found exactly, with integer
 * arithmetic on doubled coordinates (centres odd, edges even), in
 * O(|bx - ax| + |by - ay|) time.
 * --------------------------------------------------------------------- */

/* The cells the segment between the centres of a and b touches, in the
 * order met walking from a to b: a first, b last; where the segment passes
 * through a corner from cell c to cell c + (sx, sy), the cells
 * c + (sx, 0), c + (0, sy), c + (sx, sy) in this order. No cell appears
 * twice; there are 1 + |bx - ax| + |by - ay| cells plus one per corner
 * passed. Coordinates must lie in 0..LS_MAX_DIMENSION-1 (else
 * LS_ERR_OUT_OF_BOUNDS). Buffer rules as ls_search_path: with too small a
 * capacity, LS_ERR_BUFFER_TOO_SMALL, the count in *count, nothing
 * written; cells may be NULL when capacity is 0. */
ls_status ls_line_cells(int32_t ax, int32_t ay, int32_t bx, int32_t by,
                        ls_point *cells, uint32_t capacity, uint32_t *count);

/* *clear = 1 when every cell the segment between the centres of a and b
 * touches is passable, else 0. a and b must be grid cells
 * (LS_ERR_OUT_OF_BOUNDS); a blocked a or b gives *clear = 0. */
ls_status ls_line_of_sight(const ls_grid *grid, int32_t ax, int32_t ay,
                           int32_t bx, int32_t by, int32_t *clear);

/* The largest terrain multiplier among the cells the segment touches, in
 * *max_cost, or 0 (LS_CELL_BLOCKED) when one of them is blocked; so the
 * line of sight is clear exactly when *max_cost != 0. Errors as
 * ls_line_of_sight. */
ls_status ls_line_cost(const ls_grid *grid, int32_t ax, int32_t ay,
                       int32_t bx, int32_t by, uint8_t *max_cost);

/* ------------------------------------------------------------------------
 * Smoothing
 *
 * ls_smooth_path turns a path p[0..n) (cells, e.g. from ls_search_path)
 * into waypoints: the subsequence p[i0], p[i1], ..., p[ik] with i0 = 0 and
 * ik = n - 1, chosen greedily:
 *     next(i) = the largest j, i < j < n, such that j == i + 1, or
 *               every cell the segment between the centres of p[i] and
 *               p[j] touches (see "Line of sight") is passable and costs
 *               at most M(i, j) = max(cost of p[i], p[i+1], ..., p[j])
 *     i0 = 0, i(m+1) = next(i(m)), until n - 1 is reached.
 * "Largest" is meant literally: the farthest qualifying path cell, even if
 * some cell between does not qualify. The cells a shortcut replaces are
 * p[i..j] inclusive, so a shortcut never crosses terrain dearer than the
 * dearest cell of the stretch of path it replaces, nor a blocked cell.
 * j = i + 1, the path's own step, always qualifies (a diagonal step of a
 * corner-cutting path is kept as the path had it).
 *
 * Length: for every world frame, ls_world_path_length of the waypoints is
 * at most that of the path (each segment is at most the sum of the steps
 * it replaces, lengths being subadditive; see "Lengths in world units").
 *
 * Cost: for each waypoint, at most n candidates are tried from the far end
 * down, each a walk of O(segment length) cells stopping at the first cell
 * that disqualifies it: O(waypoints * n * L) time, L the grid's longest
 * side, in practice far less. No allocation.
 * --------------------------------------------------------------------- */

/* Smooth points[0..count) on grid into waypoints[0..capacity), their
 * number in *length. points need not be a legal path: any cells of the
 * grid (duplicates and jumps too) are smoothed by the rule above (a blocked
 * cell, after an edit, is never shortcut across, only stepped to). waypoints
 * may be points itself (smoothing in place); no other overlap is allowed.
 * Errors: LS_ERR_NULL_ARGUMENT (grid, points, length, or waypoints with
 * capacity > 0), LS_ERR_BAD_SIZE (count 0), LS_ERR_OUT_OF_BOUNDS (a point
 * outside the grid), LS_ERR_BUFFER_TOO_SMALL (the number needed in
 * *length, nothing written; capacity >= count always suffices). */
ls_status ls_smooth_path(const ls_grid *grid, const ls_point *points,
                         uint32_t count, ls_point *waypoints,
                         uint32_t capacity, uint32_t *length);

/* The same rule for a unit of clearance `clearance` (lockstar.h,
 * "Clearance"): "passable" above means a clearance of at least
 * `clearance`, as the path of a query with that clearance was found
 * (0 or 1: exactly ls_smooth_path). So a sized path's shortcuts never take
 * the unit nearer a wall than its path does. Errors as ls_smooth_path,
 * and LS_ERR_BAD_CLEARANCE (clearance above LS_CLEARANCE_MAX, or above 1
 * on an LS_GRID_COMPACT grid) right after LS_ERR_NULL_ARGUMENT. */
ls_status ls_smooth_path_sized(const ls_grid *grid, uint32_t clearance,
                               const ls_point *points, uint32_t count,
                               ls_point *waypoints, uint32_t capacity,
                               uint32_t *length);

/* ------------------------------------------------------------------------
 * Path following
 *
 * An ls_agent moves along a route of waypoints (cells, e.g. from
 * ls_smooth_path) in a world frame, exactly `speed` world units per tick.
 * The route is the polyline from the agent's position to the centre of
 * waypoint 0, then through the centres of waypoints 1 .. count-1 (the
 * centres of ls_world_cell_center); its legs are measured with
 * ls_world_distance. The caller owns the waypoints and passes the same
 * array, unchanged, to every ls_agent_step of the route.
 *
 * One tick (ls_agent_step) moves the agent `speed` along the route: while
 * what is left of the move reaches the end of the current leg, the agent
 * passes that waypoint and carries the rest into the next leg (any number
 * of legs in one tick); reaching the last waypoint, it stops exactly on
 * its centre and is LS_AGENT_ARRIVED (the rest of that tick's move is
 * dropped). Within a leg from F to T of length len, after travelling d
 * (0 <= d < len) the position is, per axis,
 *     F + round((T - F) * d / len)
 * rounded half away from zero, exactly in 64-bit integers. So the distance
 * along the route grows by exactly speed each tick until arrival, a
 * waypoint reached exactly is its exact centre, and the position never
 * leaves the leg's bounding box (it may lie up to one raw unit beside the
 * exact segment, so in rare cases in a cell the segment only passes
 * within a raw unit of).
 *
 * The struct is plain data (ABI: 32-bit fields only) that a game may copy,
 * hash or send; its fields are set by the functions below and must not
 * be changed by hand, except speed (any value > 0 between ticks).
 * --------------------------------------------------------------------- */

#define LS_AGENT_IDLE 0    /* no route (after ls_agent_init) */
#define LS_AGENT_MOVING 1  /* on its route */
#define LS_AGENT_ARRIVED 2 /* on the centre of its last waypoint */

typedef struct ls_agent {
    ls_world world;          /* the frame of its waypoints' centres */
    fix16_t x, y;            /* position now */
    fix16_t speed;           /* world units per tick, > 0 */
    int32_t state;           /* LS_AGENT_IDLE, _MOVING or _ARRIVED */
    uint32_t count;          /* waypoints of the route (0 when idle) */
    uint32_t target;         /* the waypoint the current leg ends at (the
                                last one once arrived) */
    fix16_t from_x, from_y;  /* where the current leg began: the agent's
                                position when the route was given (leg 0),
                                else the centre of waypoint target - 1 */
    fix16_t travelled;       /* distance along the current leg, 0 <= it <
                                the leg's length (0 unless moving) */
} ls_agent;

/* An idle agent at world position (x, y) in frame world (also how to stop
 * an agent where it stands: init it again at its x, y). Errors:
 * LS_ERR_NULL_ARGUMENT, LS_ERR_BAD_FRAME, LS_ERR_WORLD_RANGE (x or y is
 * 0x80000000), LS_ERR_BAD_SPEED (speed <= 0). */
ls_status ls_agent_init(ls_agent *agent, const ls_world *world, fix16_t x,
                        fix16_t y, fix16_t speed);

/* Give the agent a new route from where it stands (whatever its state):
 * target 0, travelled 0, from = its position; the agent does not move.
 * Legs of length 0 at the start are passed at once (so an agent already
 * on the centre of a one-waypoint route is LS_AGENT_ARRIVED). Every
 * centre and leg length is checked here, so later steps of this route
 * cannot fail on range. Errors, the agent untouched: LS_ERR_NULL_ARGUMENT,
 * LS_ERR_BAD_SIZE (count 0), the agent's own (see ls_agent_step),
 * LS_ERR_WORLD_RANGE (a centre is not a world value, or a leg is longer
 * than 0x7FFFFFFF). */
ls_status ls_agent_follow(ls_agent *agent, const ls_point *waypoints,
                          uint32_t count);

/* Advance one tick (see above). An idle or arrived agent does not move
 * (LS_OK; waypoints is then not read and may be NULL). O(legs passed).
 * Errors, the agent untouched: LS_ERR_NULL_ARGUMENT, LS_ERR_BAD_FRAME,
 * LS_ERR_WORLD_RANGE (a position or a recomputed centre or length out of
 * range), LS_ERR_BAD_SPEED, LS_ERR_BAD_AGENT (fields inconsistent: an
 * unknown state, target >= count, travelled outside the leg, or a count
 * other than the agent's route's). */
ls_status ls_agent_step(ls_agent *agent, const ls_point *waypoints,
                        uint32_t count);

#ifdef __cplusplus
}
#endif

#endif /* LOCKSTAR_WORLD_H */
