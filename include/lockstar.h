/* SPDX-License-Identifier: MIT */
/*
 * lockstar.h - deterministic grid pathfinding for lockstep games.
 *
 * This header is the whole public contract of liblockstar. Everything it
 * promises holds byte for byte on every CPU, OS, compiler, optimisation
 * level, thread count and time-slice budget:
 *
 *   same grid + same query + same options + same library version
 *   => same status, cost, expansion count, path and digest.
 *
 * How that is achieved (and what a port must reproduce exactly):
 *   - Costs are integers. No floating point is used anywhere in the library.
 *     Fractions (the heuristic weight) are libfixmath fix16_t (Q16.16),
 *     applied with integer arithmetic only.
 *   - The open list pops nodes in a strict total order (see "Search order"),
 *     so no data-structure detail can change the result.
 *   - Neighbours are generated in a fixed, documented order, and a node's
 *     parent changes only when a strictly smaller g is found.
 *   - Overflow is an error (LS_ERR_COST_OVERFLOW), never a wrap.
 *   - No result depends on global state: two contexts never influence
 *     each other, and a result never depends on earlier queries. The one
 *     process-wide value is a counter, under a lock, that numbers grid
 *     creations so the path queue can tell one grid from another; no
 *     search, digest or result reads it.
 *
 * Usage in short:
 *
 *   ls_grid *grid;   ls_search *search;   ls_query q;   ls_result r;
 *   ls_point path[256];
 *   ls_grid_create(64, 64, NULL, &grid);            // all cells cost 1
 *   ls_grid_set(grid, 10, 5, LS_CELL_BLOCKED);       // a wall
 *   ls_search_create(64, 64, NULL, &search);         // once, reused
 *   ls_query_init(&q);                               // defaults
 *   q.start_x = 1; q.start_y = 1; q.goal_x = 60; q.goal_y = 60;
 *   if (ls_find_path(search, grid, &q, path, 256, &r) == LS_OK)
 *       ... r.cost, r.expansions, r.path_length, r.digest, path[] ...
 *
 * Threads: a grid may be searched by any number of contexts on any number
 * of threads at once, as long as nobody edits it meanwhile. A context is
 * used by one thread at a time.
 *
 * ABI: handles are opaque; the structs below hold only fixed-width integer
 * fields (enumerations travel as int32_t), with no padding holes, so they
 * bind unchanged from C# and JavaScript (wasm), the two bindings that
 * exist (bindings/), and from any other FFI. ls_query carries
 * its own size so fields can be appended in later versions.
 */
#ifndef LOCKSTAR_H
#define LOCKSTAR_H

#include <stddef.h>
#include <stdint.h>
#include <libfixmath/fix16.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Version
 * --------------------------------------------------------------------- */

#define LS_VERSION_MAJOR 0
#define LS_VERSION_MINOR 1
#define LS_VERSION_PATCH 0
#define LS_VERSION_STRING "0.1.0"

/* The version of the library actually linked (may differ from the header). */
const char *ls_version(void);

/* ------------------------------------------------------------------------
 * Status codes
 *
 * Every public function that can fail returns an ls_status. Values >= 0
 * are outcomes, values < 0 are errors. ls_status_string() names each one.
 * The numeric values are part of the ABI and never change.
 * --------------------------------------------------------------------- */

typedef int32_t ls_status;

enum {
    LS_OK = 0,                   /* done; a path was found */
    LS_IN_PROGRESS = 1,          /* sliced search: call ls_search_step again */
    LS_NO_PATH = 2,              /* done; the goal cannot be reached */
    LS_EXPANSION_LIMIT = 3,      /* done; max_expansions reached first (a
                                    partial path is available) */

    LS_ERR_NULL_ARGUMENT = -1,   /* a required pointer argument was NULL */
    LS_ERR_BAD_SIZE = -2,        /* width or height outside 1..LS_MAX_DIMENSION */
    LS_ERR_SIZE_OVERFLOW = -3,   /* width*height (or a byte count) too large */
    LS_ERR_OUT_OF_MEMORY = -4,   /* the allocator returned NULL */
    LS_ERR_OUT_OF_BOUNDS = -5,   /* a cell coordinate outside the grid */
    LS_ERR_START_OUT_OF_BOUNDS = -6,
    LS_ERR_GOAL_OUT_OF_BOUNDS = -7,
    LS_ERR_START_BLOCKED = -8,
    LS_ERR_GOAL_BLOCKED = -9,
    LS_ERR_BAD_OPTION = -10,     /* connectivity, corner rule, heuristic,
                                    tie-break or algorithm value unknown */
    LS_ERR_BAD_STEP_COST = -11,  /* step costs outside the documented range */
    LS_ERR_BAD_WEIGHT = -12,     /* weight < 1.0 or > LS_MAX_WEIGHT */
    LS_ERR_COST_OVERFLOW = -13,  /* a g or f value would exceed LS_COST_MAX */
    LS_ERR_BUFFER_TOO_SMALL = -14, /* the path buffer is too small; the
                                      required length was stored, nothing
                                      was written */
    LS_ERR_GRID_MISMATCH = -15,  /* context and grid sizes differ */
    LS_ERR_NO_QUERY = -16,       /* no query was begun on this context */
    LS_ERR_NOT_DONE = -17,       /* the query is still in progress */
    LS_ERR_GRID_CHANGED = -18,   /* the grid was edited during a sliced query */
    LS_ERR_BAD_STRUCT_SIZE = -19,/* ls_query.struct_size is not one this
                                    library knows (call ls_query_init) */
    LS_ERR_BAD_TEXT = -20,       /* text could not be parsed (ls_fix16_parse) */
    LS_ERR_NO_PARTIAL = -21,     /* partial path asked for, but the query
                                    ended with LS_OK or an error */
    LS_ERR_NOT_UNIFORM = -22,    /* JPS: a passable cell costs more than 1 */
    LS_ERR_UNSUPPORTED = -23,    /* JPS: needs 8-connectivity and
                                    LS_CORNERS_NONE; jump tables on an
                                    LS_GRID_COMPACT grid */
    LS_ERR_NEEDS_FULL_CONTEXT = -24, /* a LS_SEARCH_COMPACT context cannot
                                        run the query; a LS_SEARCH_FULL one
                                        can (see ls_search_check) */
    LS_ERR_BAD_FLAGS = -25,      /* unknown grid or search context flags */
    LS_ERR_QUEUE_FULL = -26,     /* the path queue holds capacity requests */
    LS_ERR_UNKNOWN_ID = -27,     /* no request with this id in the queue */
    LS_ERR_DUPLICATE_ID = -28,   /* the queue already holds this id */
    LS_ERR_POOL_FULL = -29,      /* a queued request found its path, but the
                                    path pool had no room for it */
    LS_ERR_THREAD = -30,         /* the system refused a thread, lock or
                                    condition variable (ls_batch_create) */
    LS_ERR_BAD_FRAME = -31,      /* a world frame's cell size <= 0, or an
                                    origin of 0x80000000 */
    LS_ERR_WORLD_RANGE = -32,    /* a world position, length or cell
                                    outside its type's range */
    LS_ERR_BAD_SPEED = -33,      /* an agent's speed <= 0 */
    LS_ERR_BAD_AGENT = -34,      /* an ls_agent's fields are inconsistent,
                                    or the waypoints are not its route's */
    LS_ERR_BAD_ROUTE = -35,      /* waypoints that are not points of the
                                    path, in order, from its first point to
                                    its last (ls_check_route) */
    LS_ERR_CROWD_FULL = -36,     /* the crowd holds capacity agents */
    LS_ERR_BAD_CLEARANCE = -37,  /* a query's clearance above
                                    LS_CLEARANCE_MAX, or above 1 where it
                                    cannot be honoured (a compact grid,
                                    JPS) */
    LS_ERR_BAD_RADIUS = -38,     /* an agent's radius < 0 or above
                                    LS_CROWD_MAX_RADIUS */
    LS_ERR_BAD_PRIORITY = -39,   /* an agent's priority outside
                                    0..LS_CROWD_MAX_PRIORITY */
    LS_ERR_NOT_PREPARED = -40    /* the query asks for preprocessed tables
                                    (jump tables, landmarks, a hierarchy)
                                    the grid does not hold */
};

/* A short English description of a status ("goal cell is blocked", ...).
 * Never NULL; unknown values give "unknown status". */
const char *ls_status_string(ls_status status);

/* The status's enum name as a stable token for logs, bindings and tools
 * ("LS_OK", "LS_ERR_GOAL_BLOCKED", ...): it never changes for a value.
 * Never NULL; values not in the enum give "LS_UNKNOWN_STATUS". */
const char *ls_status_name(ls_status status);

/* ------------------------------------------------------------------------
 * Limits
 * --------------------------------------------------------------------- */

/* Largest width and height of a grid or search context. */
#define LS_MAX_DIMENSION 16384
/* Largest number of cells (width * height) of a grid or search context. */
#define LS_MAX_CELLS (16384u * 16384u)
/* Largest g, f or path cost; exceeding it gives LS_ERR_COST_OVERFLOW. */
#define LS_COST_MAX 0x7FFFFFFFu
/* Step costs: 1 <= straight <= LS_MAX_STEP_COST and (for both connectivities,
 * since octile uses it) straight <= diagonal <= 2 * straight, which keeps
 * octile admissible and exact. */
#define LS_MAX_STEP_COST 65535u
/* Weight range of weighted A*: 1.0 (plain A*) .. 64.0, as fix16_t. */
#define LS_MIN_WEIGHT ((fix16_t)0x00010000)
#define LS_MAX_WEIGHT ((fix16_t)0x00400000)

/* ------------------------------------------------------------------------
 * Allocation
 *
 * Optional. Pass NULL wherever an allocator is taken to use malloc/free
 * (calloc for the blocks that must start zeroed: the system then gives a
 * search context's pages memory only when a query first touches them).
 * lockstar allocates only in ls_grid_create, ls_search_create,
 * ls_queue_create and ls_batch_create; queries and batch runs never
 * allocate.
 * --------------------------------------------------------------------- */

typedef struct ls_allocator {
    /* Return size bytes aligned for any type, or NULL. */
    void *(*alloc)(void *user, size_t size);
    /* Release a block from alloc; size is the size it was allocated with. */
    void (*release)(void *user, void *block, size_t size);
    void *user;
} ls_allocator;

/* ------------------------------------------------------------------------
 * Grid
 *
 * A width x height array of cells, x = column (0 = left), y = row
 * (0 = top). Each cell holds a terrain cost multiplier:
 *     0        blocked (LS_CELL_BLOCKED)
 *     1..255   passable; a step INTO the cell costs the base step cost
 *              (straight or diagonal) times this multiplier.
 * The cell index used in tie-breaking is y * width + x.
 * Memory: one byte per cell, cells counted with a one-cell blocked border
 * ((width + 2) * (height + 2)); an LS_GRID_FULL grid (the default) adds
 * two passability bitsets of one bit per bordered cell (by rows and by
 * columns, lines rounded up to 64-bit words, and a zero word at each end)
 * that jump point search scans 64 cells at a time, and one byte of
 * clearance per bordered cell (see "Clearance"): 2.25 bytes per cell.
 * An LS_GRID_COMPACT grid has neither, 1 byte per cell: JPS on it gives
 * the same results, scanning a cell at a time (slower; A* is unaffected),
 * and it takes no query with a clearance above 1.
 * --------------------------------------------------------------------- */

typedef struct ls_grid ls_grid;

#define LS_CELL_BLOCKED 0
#define LS_CELL_OPEN 1

#define LS_GRID_FULL 0u
#define LS_GRID_COMPACT 1u

/* Create an LS_GRID_FULL grid whose cells are all LS_CELL_OPEN (cost 1). */
ls_status ls_grid_create(int32_t width, int32_t height,
                         const ls_allocator *allocator, ls_grid **out);
/* The same, of the kind flags names (LS_GRID_FULL or LS_GRID_COMPACT;
 * anything else gives LS_ERR_BAD_FLAGS). */
ls_status ls_grid_create_with(int32_t width, int32_t height, uint32_t flags,
                              const ls_allocator *allocator, ls_grid **out);
/* Free a grid. NULL is accepted and ignored. */
void ls_grid_destroy(ls_grid *grid);

ls_status ls_grid_size(const ls_grid *grid, int32_t *width, int32_t *height);
ls_status ls_grid_get(const ls_grid *grid, int32_t x, int32_t y, uint8_t *cost);
/* Set one cell. Cells may be edited between queries, never during one (a
 * sliced query that sees an edit ends with LS_ERR_GRID_CHANGED). */
ls_status ls_grid_set(ls_grid *grid, int32_t x, int32_t y, uint8_t cost);
/* Set every cell to cost. */
ls_status ls_grid_fill(ls_grid *grid, uint8_t cost);
/* Copy count = width*height cells, row-major (y * width + x), into the grid.
 * Any other count gives LS_ERR_BAD_SIZE and leaves the grid untouched. */
ls_status ls_grid_load(ls_grid *grid, const uint8_t *cells, size_t count);
/* A counter that changes on every edit (set, fill, load). Every edit
 * also keeps the clearances current (see "Clearance" for its cost). */
ls_status ls_grid_revision(const ls_grid *grid, uint32_t *revision);

/* Set every cell of the w x h rectangle whose top-left cell is (x, y) to
 * cost (a building placed, or removed with LS_CELL_OPEN). Everything is
 * checked before any cell changes: NULL grid gives LS_ERR_NULL_ARGUMENT,
 * w or h below 1 LS_ERR_BAD_SIZE, a rectangle not wholly inside the grid
 * LS_ERR_OUT_OF_BOUNDS; on any error the grid, its digest and its revision
 * are untouched. On LS_OK the revision advances by exactly one if at least
 * one cell's cost changed, and not at all if every cell already held cost
 * (so a sliced query in progress ends with LS_ERR_GRID_CHANGED only after
 * a call that changed something). Same cost as w * h ls_grid_set calls,
 * O(1) per cell. */
ls_status ls_grid_set_rect(ls_grid *grid, int32_t x, int32_t y, int32_t w,
                           int32_t h, uint8_t cost);

/* The map digest: a 64-bit summary of the size and every cell, for peers
 * to compare maps after edits without sending them. Read in O(1): every
 * edit keeps it current (ls_grid_set and ls_grid_set_rect at O(1) per
 * cell, taking the old cell's term out and adding the new one; ls_grid_fill
 * and ls_grid_load recompute it with the cells). Defined exactly, all
 * arithmetic on unsigned 64-bit integers mod 2^64:
 *   mix(z):  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
 *            z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
 *            return z ^ (z >> 31);
 *   digest = mix((width << 32 | height) ^ 0x6c6f636b73746172)
 *          + sum over every cell, i = y * width + x, of
 *            mix(i * 256 + cost_i + 0x9e3779b97f4a7c15)
 * cost_i being the cell's byte (0 blocked). It depends only on the size and
 * the cells (not on LS_GRID_COMPACT, nor on the order of the edits). */
ls_status ls_grid_digest(const ls_grid *grid, uint64_t *digest);

/* ------------------------------------------------------------------------
 * Clearance
 *
 * A full grid (not LS_GRID_COMPACT) keeps each cell's clearance: 0 for a
 * blocked cell, else the least Chebyshev distance from it to a blocked
 * cell or to a cell outside the grid, capped at LS_CLEARANCE_MAX. So a
 * free cell of clearance k is the centre of a (2k - 1) x (2k - 1) square
 * of free cells of the grid; a free cell on the grid's edge has 1. Terrain
 * costs do not matter, only blocked or not. One byte per bordered cell.
 *
 * It is kept current under every edit, incrementally: a cell's clearance
 * can only change when an edit changes passability within Chebyshev
 * distance LS_CLEARANCE_MAX - 1 of it, so ls_grid_set recomputes at most
 * the 31 x 31 cells around the cell (none when its passability did not
 * change; blocking only lowers them), ls_grid_set_rect the rectangle grown
 * by 15 cells on each side (when a passability changed), ls_grid_fill and
 * ls_grid_load the whole grid. The values depend on the cells alone, never
 * on the edits that made them.
 *
 * Unit sizes: a query with clearance k (ls_query.clearance, 2 ..
 * LS_CLEARANCE_MAX) is by definition the same query without clearance on
 * the grid where every cell whose clearance is below k is blocked: the
 * same moves, corner rules (on that derived passability), costs (the
 * cells' own), search order, tie-breaks, expansions, path and digest. A
 * start or goal cell whose clearance is below k is blocked for it
 * (LS_ERR_START_BLOCKED, LS_ERR_GOAL_BLOCKED). A unit that needs k cells
 * of room passes a gap 2k - 1 cells wide and no narrower one.
 * ls_world_clearance (lockstar_world.h) gives k for a disc of a radius.
 * --------------------------------------------------------------------- */

/* Cell (x, y)'s clearance in *clearance. Errors: LS_ERR_NULL_ARGUMENT,
 * LS_ERR_OUT_OF_BOUNDS, LS_ERR_BAD_CLEARANCE (a compact grid keeps none). */
ls_status ls_grid_clearance(const ls_grid *grid, int32_t x, int32_t y,
                            uint32_t *clearance);

/* ------------------------------------------------------------------------
 * Query options
 * --------------------------------------------------------------------- */

/* Connectivity. */
#define LS_CONNECT_4 4
#define LS_CONNECT_8 8

/* Diagonal corner rule (8-connectivity only). A diagonal step from (x,y) to
 * (x+dx,y+dy) passes the two orthogonal cells (x+dx,y) and (x,y+dy):
 *   LS_CORNERS_NONE  both must be passable (no corner cutting; default)
 *   LS_CORNERS_ONE   at least one must be passable (may clip one corner,
 *                    never squeeze between two blocked cells)
 *   LS_CORNERS_ALL   the diagonal is allowed whenever its target is passable
 */
#define LS_CORNERS_NONE 0
#define LS_CORNERS_ONE 1
#define LS_CORNERS_ALL 2

/* Heuristics, with S = straight cost, D = diagonal cost, dx, dy the absolute
 * coordinate differences to the goal:
 *   LS_HEURISTIC_AUTO       octile for 8-connectivity, Manhattan for 4
 *   LS_HEURISTIC_OCTILE     D*min(dx,dy) + S*(max(dx,dy) - min(dx,dy))
 *                           (exact on an empty 8-connected grid)
 *   LS_HEURISTIC_MANHATTAN  S*(dx+dy)  (exact on an empty 4-connected grid;
 *                           overestimates with 8-connectivity, so the path
 *                           may then be longer than optimal)
 *   LS_HEURISTIC_CHEBYSHEV  S*max(dx,dy)
 *   LS_HEURISTIC_ZERO       0 (Dijkstra)
 * With terrain multipliers >= 1 every admissible choice stays admissible. */
#define LS_HEURISTIC_AUTO 0
#define LS_HEURISTIC_OCTILE 1
#define LS_HEURISTIC_MANHATTAN 2
#define LS_HEURISTIC_CHEBYSHEV 3
#define LS_HEURISTIC_ZERO 4
#define LS_HEURISTIC_LANDMARKS 7 /* optimal A*: lockstar_landmarks.h */

/* Tie-break among equal f (see "Search order"). */
#define LS_TIE_HIGH_G 0 /* larger g first: dives toward the goal; default */
#define LS_TIE_LOW_G 1  /* smaller g first */

/* Search algorithm.
 *   LS_ALGO_ASTAR  A* as specified below.
 *   LS_ALGO_JPS    jump point search: the same optimal cost as A* on grids
 *                  whose passable cells all cost 1, with 8-connectivity and
 *                  no corner cutting (else LS_ERR_NOT_UNIFORM or
 *                  LS_ERR_UNSUPPORTED). Its expansions count jump points;
 *                  its path lists every cell, like A*'s. Its exact
 *                  successor rules (forced neighbours, jumps, their order,
 *                  the path between jump points) are part of this contract:
 *                  docs/contract-jps.md.
 *   LS_ALGO_JPS_PLUS  exactly LS_ALGO_JPS's results, its jumps looked up
 *                  in the grid's jump tables (lockstar_jumps.h). */
#define LS_ALGO_ASTAR 0
#define LS_ALGO_JPS 1
#define LS_ALGO_JPS_PLUS 2
/*   LS_ALGO_HPA    near-optimal search on the grid's cluster hierarchy:
 *                  lockstar_hpa.h says what it computes, counts, refuses. */
#define LS_ALGO_HPA 3

/*
 * Search order (the contract every port must reproduce):
 *
 * f = g + hw, with hw = floor(h * weight / 65536) computed exactly in 64-bit
 * unsigned integers (weight is fix16_t, 65536 = 1.0). With an admissible h,
 * the cost found is at most weight x optimal (floor never raises hw).
 *
 * The open list pops the node with the smallest key, keys ordered by:
 *   1. f ascending;
 *   2. g descending (LS_TIE_HIGH_G) or ascending (LS_TIE_LOW_G);
 *   3. cell index y * width + x ascending.
 * Keys are unique (one entry per cell), so this is a strict total order.
 *
 * The search stops when the goal is at the top of the open list (the goal is
 * not expanded). Otherwise the top node is removed and expanded: that is one
 * expansion. Neighbours are generated in this order (y grows downward):
 *   N (0,-1), E (+1,0), S (0,+1), W (-1,0),
 *   NE (+1,-1), SE (+1,+1), SW (-1,+1), NW (-1,-1)
 * (4-connectivity uses the first four). A neighbour is skipped when blocked,
 * outside the grid, already expanded, or forbidden by the corner rule. Its
 * tentative g is g(parent) + base step cost * multiplier(neighbour); it is
 * inserted, or its g, parent and key updated, only when that g is strictly
 * smaller than the g it already has.
 *
 * If max_expansions != 0 and that many expansions were done when another
 * would begin, the query ends with LS_EXPANSION_LIMIT.
 */

/* Largest clearance a query may ask for (ls_query.clearance): a cell's
 * clearance is kept up to this value (see "Clearance"). */
#define LS_CLEARANCE_MAX 16u

typedef struct ls_query {
    uint32_t struct_size;    /* sizeof(ls_query); set by ls_query_init */
    int32_t start_x, start_y;
    int32_t goal_x, goal_y;
    int32_t connectivity;    /* LS_CONNECT_8 (default) or LS_CONNECT_4 */
    int32_t corner_rule;     /* LS_CORNERS_NONE (default) */
    int32_t heuristic;       /* LS_HEURISTIC_AUTO (default) */
    int32_t tie_break;       /* LS_TIE_HIGH_G (default) */
    int32_t algorithm;       /* LS_ALGO_ASTAR (default) */
    uint32_t straight_cost;  /* 10 by default; 1..LS_MAX_STEP_COST */
    uint32_t diagonal_cost;  /* 14 by default; straight..2*straight */
    fix16_t weight;          /* 1.0 (fix16_one) by default */
    uint32_t max_expansions; /* 0 = no limit (default) */
    uint32_t clearance;      /* 0 (default) or 1: every passable cell may
                                be entered; 2..LS_CLEARANCE_MAX: only cells
                                whose clearance is at least this (see
                                "Clearance"), A* only */
} ls_query;

/* Fill q with the defaults above (start and goal 0,0). */
ls_status ls_query_init(ls_query *q);

/* Check q against a grid's size without searching: the same errors, in the
 * same order, that ls_search_begin would report. The order:
 * LS_ERR_NULL_ARGUMENT; LS_ERR_BAD_STRUCT_SIZE; LS_ERR_BAD_OPTION
 * (connectivity, corner rule, heuristic, tie-break, algorithm);
 * LS_ERR_BAD_STEP_COST; LS_ERR_BAD_WEIGHT; LS_ERR_UNSUPPORTED (JPS's
 * moves); LS_ERR_BAD_CLEARANCE (clearance above LS_CLEARANCE_MAX, or above
 * 1 with JPS, or above 1 on an LS_GRID_COMPACT grid); LS_ERR_NOT_UNIFORM
 * (JPS on terrain); LS_ERR_NOT_PREPARED (JPS+ on a grid without jump
 * tables; HPA on a grid without a hierarchy for the query's moves;
 * LS_HEURISTIC_LANDMARKS without landmark tables for the query's moves);
 * LS_ERR_START_OUT_OF_BOUNDS; LS_ERR_GOAL_OUT_OF_BOUNDS;
 * LS_ERR_START_BLOCKED; LS_ERR_GOAL_BLOCKED (blocked, or for a clearance
 * k above 1, a clearance below k); LS_ERR_COST_OVERFLOW (the start's own
 * f). */
ls_status ls_query_validate(const ls_query *q, const ls_grid *grid);

/* ------------------------------------------------------------------------
 * Search context
 *
 * Created once for a grid size and reused for any number of queries; a query
 * never allocates. Per-cell state is stamped with a query generation number,
 * so starting a query is O(1), not O(cells).
 *
 * Two kinds, chosen at creation:
 *   LS_SEARCH_FULL     runs every valid query (ls_search_create makes this
 *                      kind); 20 bytes per cell.
 *   LS_SEARCH_COMPACT  12 bytes per cell; runs the queries of a consistent
 *                      search whose f can be bucketed: weight 1.0,
 *                      LS_TIE_HIGH_G, any heuristic but Manhattan with
 *                      8-connectivity, and step costs small for the grid.
 *                      Every such query with diagonal_cost <= 14 (the
 *                      default costs included, with or without terrain,
 *                      A* or JPS) is accepted on any grid; larger diagonal
 *                      costs may be refused, depending on the grid's size
 *                      and terrain. ls_search_check answers for one query
 *                      without running it; ls_search_begin refuses what
 *                      the context cannot run with LS_ERR_NEEDS_FULL_CONTEXT
 *                      (after the checks of ls_query_validate), like any
 *                      error leaving the context with no query.
 * Both kinds give the same results for every query they accept: which open
 * list a query uses never changes its pop order.
 *
 * Memory: ls_search_bytes_per_cell(flags) bytes per cell, cells counted with
 * the one-cell border: (width + 2) * (height + 2), all allocated at
 * creation. Plus, per context, a part that grows with the longest side
 * (about 16 KB for a 64x64 grid, 64 KB for 512x512, 2 MB for 16384 wide)
 * and 32 KB of scratch. How the bytes are used is not part of the contract
 * (docs/design.md describes it).
 * --------------------------------------------------------------------- */

typedef struct ls_search ls_search;

#define LS_SEARCH_FULL 0u
#define LS_SEARCH_COMPACT 1u

/* A LS_SEARCH_FULL context. */
ls_status ls_search_create(int32_t width, int32_t height,
                           const ls_allocator *allocator, ls_search **out);
/* A context of the kind flags names (LS_SEARCH_FULL or LS_SEARCH_COMPACT;
 * anything else gives LS_ERR_BAD_FLAGS). */
ls_status ls_search_create_with(int32_t width, int32_t height, uint32_t flags,
                                const ls_allocator *allocator, ls_search **out);
/* Free a context. NULL is accepted and ignored. */
void ls_search_destroy(ls_search *search);
/* Bytes of search state per (bordered) cell for a context of this kind:
 * 12 for LS_SEARCH_COMPACT, 20 for LS_SEARCH_FULL, 0 for unknown flags. */
uint32_t ls_search_bytes_per_cell(uint32_t flags);

/* A grid cell. */
typedef struct ls_point {
    int32_t x, y;
} ls_point;

/* The outcome of a finished query. */
typedef struct ls_result {
    ls_status status;      /* LS_OK, LS_NO_PATH or LS_EXPANSION_LIMIT */
    int32_t cost;          /* path cost, or -1 when status != LS_OK */
    uint32_t expansions;   /* number of expansions (see "Search order") */
    uint32_t path_length;  /* cells on the path incl. start and goal; 0 if
                              status != LS_OK */
    uint64_t digest;       /* ls_path_digest of the path (of no points when
                              status != LS_OK) */
} ls_result;

/* Would ls_search_begin accept q on grid in this context? LS_OK, or the
 * error it would return (ls_query_validate's, LS_ERR_GRID_MISMATCH, or
 * LS_ERR_NEEDS_FULL_CONTEXT when a compact context cannot run q). Touches
 * nothing: a query in progress goes on. */
ls_status ls_search_check(const ls_search *search, const ls_grid *grid,
                          const ls_query *q);

/* Start a query on grid (whose size must equal the context's). Validates
 * everything and returns LS_OK once the query has begun, or an error (the
 * context then holds no query). Nothing is expanded yet. The grid must stay
 * alive and unedited until the query ends. start == goal is a valid query
 * that ends here, inside ls_search_begin: the one-cell path, cost 0 and
 * no expansion are readable at once, every ls_search_step returns LS_OK,
 * and an edit of the grid after the begin does not change that result. */
ls_status ls_search_begin(ls_search *search, const ls_grid *grid,
                          const ls_query *q);

/* Do at most budget expansions (0 = no budget: run to the end). Returns
 * LS_IN_PROGRESS while unfinished, else the final status (LS_OK, LS_NO_PATH,
 * LS_EXPANSION_LIMIT or an error). The outcome is identical whatever the
 * budgets were. After the end, further calls return the same final status. */
ls_status ls_search_step(ls_search *search, uint32_t budget);

/* The result of the finished query (LS_ERR_NOT_DONE while in progress). */
ls_status ls_search_result(const ls_search *search, ls_result *out);

/* The expansions of the query begun last, whatever its outcome so far:
 * while it runs, those done until now; after it ended, all of them, also
 * when it ended with an error (such as LS_ERR_COST_OVERFLOW part-way,
 * which ls_search_result does not report). LS_OK with *count set, or
 * LS_ERR_NULL_ARGUMENT, or LS_ERR_NO_QUERY (nothing begun, or the last
 * begin was refused: that query expanded nothing). */
ls_status ls_search_expansions(const ls_search *search, uint32_t *count);

/* Copy the path, start to goal inclusive, into points[0..capacity) and
 * store its length in *length. If capacity is too small, returns
 * LS_ERR_BUFFER_TOO_SMALL with the required length in *length and writes no
 * point. A query that ended without a path returns its status (LS_NO_PATH,
 * LS_EXPANSION_LIMIT) with *length = 0. points may be NULL if capacity is 0. */
ls_status ls_search_path(const ls_search *search, ls_point *points,
                         uint32_t capacity, uint32_t *length);

/* After LS_NO_PATH or LS_EXPANSION_LIMIT: the path from the start to the
 * expanded cell closest to the goal, as Detour's ...Partial queries give.
 * "Closest" is the smallest distance estimate d to the goal, where d is the
 * octile distance (8-connectivity) or Manhattan distance (4-connectivity)
 * with the query's step costs, whatever heuristic the search used; equal d
 * are ordered by the search order above. The start itself counts (it is
 * the answer when nothing was expanded). Buffer rules as ls_search_path.
 * After LS_OK it returns LS_ERR_NO_PARTIAL (use ls_search_path). */
ls_status ls_search_partial_path(const ls_search *search, ls_point *points,
                                 uint32_t capacity, uint32_t *length);

/* Run a whole query: begin, step to the end, fill *result (may not be NULL)
 * and copy the path into points as ls_search_path does. Returns the final
 * status, or LS_ERR_BUFFER_TOO_SMALL when the path was found but does not
 * fit (result then holds the found path's status, cost and length). */
ls_status ls_find_path(ls_search *search, const ls_grid *grid,
                       const ls_query *q, ls_point *points,
                       uint32_t capacity, ls_result *result);

/* ------------------------------------------------------------------------
 * Debug read-out: what a search visited
 *
 * For pictures and debugging only (lockstar path --png draws them): the
 * state each cell of the context's grid size is in after the last query
 * began, read from the per-cell state the search keeps anyway, so queries
 * cost exactly the same whether or not these are ever called.
 *   LS_VISIT_NONE    the search never reached the cell
 *   LS_VISIT_OPEN    reached (given a g) and not expanded: on the open
 *                    list; the goal of a found path is open (the search
 *                    stops with it on top), and so is the start of a query
 *                    whose start is its goal
 *   LS_VISIT_CLOSED  expanded
 * With LS_ALGO_JPS (and LS_ALGO_JPS_PLUS) only jump points (the start,
 * the goal and the cells where jumps stop) are reached: the cells a jump passes over read
 * LS_VISIT_NONE, and "closed" means "expanded jump point".
 * Readable whenever a query has begun: while a sliced query is in progress
 * (the states after the last ls_search_step), and after it ended whatever
 * its outcome; after an error part-way (LS_ERR_COST_OVERFLOW) the states
 * are where the search stopped, the cell whose expansion overflowed
 * reading open. The states follow from the search order like everything
 * else, but no golden vector pins them: they are for eyes, not digests.
 * O(1) per cell, no allocation.
 * --------------------------------------------------------------------- */

#define LS_VISIT_NONE 0
#define LS_VISIT_OPEN 1
#define LS_VISIT_CLOSED 2

/* The state of cell (x, y) in *state (LS_VISIT_*). Errors, *state
 * untouched: LS_ERR_NULL_ARGUMENT, LS_ERR_NO_QUERY (nothing begun, or the
 * last begin was refused), LS_ERR_OUT_OF_BOUNDS. */
ls_status ls_search_cell_state(const ls_search *search, int32_t x, int32_t y,
                               int32_t *state);

/* Every cell's state, row-major (y * width + x), one LS_VISIT_* byte each,
 * into states[0..count). count must be width * height (else
 * LS_ERR_BAD_SIZE); errors as ls_search_cell_state, nothing written. */
ls_status ls_search_cell_states(const ls_search *search, uint8_t *states,
                                size_t count);

/* A cell's figures in the query begun last (ls_search_cell_costs). */
typedef struct ls_cell_costs {
    int32_t state; /* LS_VISIT_*, as ls_search_cell_state gives */
    int32_t g;     /* cost of the best path found so far from the start */
    int32_t h;     /* the estimate h to the goal (see "Search order") */
    int32_t f;     /* g + floor(h * weight / 65536): the cell's key */
} ls_cell_costs;

/* The g, h and f of cell (x, y), with its state, for the query begun last,
 * in progress or ended, whatever its outcome (the figures the search has
 * when it stopped, as for ls_search_cell_state).
 *   LS_VISIT_NONE  (not reached by this query, whatever earlier queries
 *                  reached; with JPS, every cell a jump passed over, the
 *                  found path's cells between its jump points included,
 *                  unless another jump stopped there): g = h = f = -1.
 *   LS_VISIT_OPEN, LS_VISIT_CLOSED: g is the cell's g, the sum of the step
 *                  costs (base cost x multiplier of the cell entered) of
 *                  the path from the start the search holds for it; for a
 *                  closed cell the g it was expanded with, which never
 *                  changes after. h is the query's estimate from (x, y)
 *                  to the goal with its heuristic (LS_HEURISTIC_AUTO as
 *                  resolved: octile or Manhattan) and step costs, before
 *                  any weight; f = g + floor(h * weight / 65536), the f
 *                  the open list orders by (keys tie on f, then on g by
 *                  the tie-break). The start has g 0; the goal of a found
 *                  path is open with g the path's cost. All three are at
 *                  most LS_COST_MAX.
 * Statuses, *out untouched on every error: LS_ERR_NULL_ARGUMENT,
 * LS_ERR_NO_QUERY (nothing begun, or the last begin was refused),
 * LS_ERR_OUT_OF_BOUNDS, LS_ERR_GRID_CHANGED (the grid was edited since the
 * query began: the g of a closed cell is worked out from the grid's
 * terrain, below, so it is no longer known).
 * The search keeps the g of open cells; a closed cell's g it clears, so
 * that its one "strictly smaller g" comparison also skips closed cells.
 * This call therefore reads an open cell in O(1), and a closed one by
 * walking its parent chain back to the start (as ls_search_partial_path
 * does), one step per cell of that path, adding up the step costs with
 * the terrain of the grid the query ran on: that grid must still exist.
 * Queries cost the same whether or not this is ever called. No
 * allocation; for debugging and pictures, like the states. */
ls_status ls_search_cell_costs(const ls_search *search, int32_t x, int32_t y,
                               ls_cell_costs *out);

/* ------------------------------------------------------------------------
 * Path check
 *
 * After an edit, which planned paths still hold? ls_check_path walks a path
 * (start to goal inclusive, as ls_search_path gives it) over the grid as it
 * is now, with the movement rules and step costs of the query it was
 * planned with, and tells where it breaks and what it costs today.
 * --------------------------------------------------------------------- */

/* Why a point of a path is illegal (ls_path_check.reason). */
#define LS_STEP_LEGAL 0          /* none is: the path is legal */
#define LS_STEP_OUT_OF_BOUNDS 1  /* the point is outside the grid */
#define LS_STEP_BLOCKED 2        /* its cell is blocked (or its clearance
                                    is below q->clearance) */
#define LS_STEP_NOT_A_MOVE 3     /* it is not one move from the point before:
                                    the same cell, more than one cell away,
                                    or diagonal with 4-connectivity */
#define LS_STEP_CORNER 4         /* a diagonal move the corner rule forbids
                                    (given the cells beside it now) */

typedef struct ls_path_check {
    uint32_t first_illegal; /* index of the first illegal point, or the
                               path's length when every point is legal */
    int32_t reason;         /* LS_STEP_*: why that point is illegal */
    int32_t cost;           /* the path's cost on the grid now (the sum over
                               its steps of base step cost * multiplier of
                               the cell entered, as the search counts it),
                               or -1 when a point is illegal */
    int32_t cost_changed;   /* 1 when cost != planned_cost, else 0 (so 1
                               for every illegal path unless planned_cost
                               is -1) */
} ls_path_check;

/* Check points[0..count) on grid under q's connectivity, corner_rule,
 * straight_cost and diagonal_cost (its other fields are ignored), and
 * compare the cost with planned_cost (e.g. the ls_result.cost the path was
 * found with). Points are examined in order, each for: inside the grid,
 * then not blocked (point 0 included: a unit's own cell may have been
 * built on), then (from point 1) one legal move from the point before.
 * With q->clearance k above 1 the grid is the one a query of clearance k
 * sees (see "Clearance"): a point whose cell's clearance is below k is
 * LS_STEP_BLOCKED ("blocked for this clearance"), and the corner rule
 * reads the same derived passability.
 * An empty path is legal with cost 0; a 1-point path costs 0 if its cell
 * is inside and passable. Returns LS_OK with *out filled, or an error with
 * *out untouched: LS_ERR_NULL_ARGUMENT (grid, q, out, or points when
 * count > 0), LS_ERR_BAD_STRUCT_SIZE, LS_ERR_BAD_OPTION (connectivity,
 * corner rule), LS_ERR_BAD_STEP_COST (as ls_query_validate),
 * LS_ERR_BAD_CLEARANCE (above LS_CLEARANCE_MAX, or above 1 on a compact
 * grid; the algorithm is not looked at, so JPS options are fine), or
 * LS_ERR_COST_OVERFLOW when the cost up to a legal point exceeds
 * LS_COST_MAX (terrain raised since the search can do that). Takes
 * O(count) time, never allocates, never changes the grid. */
ls_status ls_check_path(const ls_grid *grid, const ls_query *q,
                        const ls_point *points, uint32_t count,
                        int32_t planned_cost, ls_path_check *out);

/* ------------------------------------------------------------------------
 * Digests and fixed-point text
 *
 * lockstar has six digests, each named for what it digests, each defined
 * byte for byte where its function is declared, so peers (and ports) can
 * compare them without sending what they summarise:
 *   path digest     one path's points: ls_path_digest, ls_result.digest;
 *   map digest      a grid's size and every cell: ls_grid_digest;
 *   field digest    a flow field's costs and directions: ls_flow_digest
 *                   (lockstar_flow.h);
 *   agent digest    one crowd agent's id, position, state and waypoint:
 *                   ls_crowd_agent_digest (lockstar_crowd.h);
 *   tick digest     a crowd after a tick: the map digest and every
 *                   agent's fields, ls_crowd_tick_digest; the run digest
 *                   (ls_crowd_run_digest) folds the tick digests in order;
 *   self-test digest  every value the on-device self-test observed:
 *                   ls_selftest (lockstar_selftest.h).
 * All but the map digest are FNV-1a 64 over little-endian integers; the
 * map digest is a sum of SplitMix64-mixed terms, so an edit updates it in
 * O(1).
 * --------------------------------------------------------------------- */

/* The path digest: FNV-1a 64 over the points, each as x then y, each a 32-bit little-endian
 * two's complement integer; offset basis 0xcbf29ce484222325, prime
 * 0x100000001b3. Zero points hash to the offset basis. Peers compare digests
 * to detect a desync without sending paths. points may be NULL if count 0. */
ls_status ls_path_digest(const ls_point *points, uint32_t count,
                         uint64_t *digest);

/* Parse a decimal such as "1", "1.5", "+2.25", "0.00001" into fix16_t with
 * integer arithmetic only: the value is rounded to the nearest 1/65536, ties
 * away from zero. The whole text must be
 *     [ '+' | '-' ] DIGITS [ '.' DIGITS ]
 * where the first DIGITS is one or more decimal digits and the second one
 * to 9: a '.' needs a digit on both sides, so ".5", "1.", "+" and "" are
 * refused, as is anything else (spaces, ',', an exponent). Any other text
 * gives LS_ERR_BAD_TEXT, and so do values whose magnitude exceeds
 * 32767.99998 (0x7FFFFFFF), -32768 included: its bit pattern is
 * libfixmath's overflow marker. */
ls_status ls_fix16_parse(const char *text, fix16_t *out);

/* ------------------------------------------------------------------------
 * Deterministic random numbers (SplitMix64)
 *
 * For generated test maps and golden vectors, so that any port can rebuild
 * them bit for bit. The search never uses it.
 *   next:  state += 0x9e3779b97f4a7c15;
 *          z = state;
 *          z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
 *          z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
 *          return z ^ (z >> 31);            (all arithmetic mod 2^64)
 *   below(n), 0 < n: x = next() >> 32, drawn again while
 *          x < (2^32 - n) mod n; returns x mod n (no modulo bias).
 * ------------------------------------------------------------------------ */

typedef struct ls_rng {
    uint64_t state;
} ls_rng;

/* Start the generator at seed (state = seed). */
ls_status ls_rng_seed(ls_rng *rng, uint64_t seed);
/* The next 64-bit output; 0 if rng is NULL. */
uint64_t ls_rng_next(ls_rng *rng);
/* A uniform integer in [0, bound); 0 if rng is NULL or bound is 0. */
uint32_t ls_rng_below(ls_rng *rng, uint32_t bound);

#ifdef __cplusplus
}
#endif

/* The rest of the API, in headers of their own (each includes this one).
 * Not lockstar_selftest.h: the self-test is a library of its own
 * (liblockstar-selftest), included and linked only by who runs it. */
#include "lockstar_world.h"
#include "lockstar_queue.h"
#include "lockstar_flow.h"
#include "lockstar_jumps.h"
#include "lockstar_crowd.h"
#include "lockstar_hpa.h"
#include "lockstar_cache.h"
#include "lockstar_landmarks.h"

#endif /* LOCKSTAR_H */
