/*
 * internal.h - structures shared by liblockstar's source files.
 * Not installed. Everything here may change between versions.
 */
#ifndef LS_INTERNAL_H
#define LS_INTERNAL_H

#include "lockstar.h"

/* Hot-path helpers that must be inlined for speed; plain `static inline`
 * elsewhere (the result is the same, only slower). */
#if defined(__GNUC__) || defined(__clang__)
#define LS_HOT_INLINE static inline __attribute__((always_inline))
#define LS_NOINLINE __attribute__((noinline))
#else
#define LS_HOT_INLINE static inline
#define LS_NOINLINE
#endif

/* Allocation through the caller's hooks or malloc/free. */
void *ls__alloc(const ls_allocator *a, size_t size);
void ls__release(const ls_allocator *a, void *block, size_t size);
/* Copy *src (or the malloc/free pair when src is NULL) into *dst. */
void ls__allocator_copy(ls_allocator *dst, const ls_allocator *src);

/* Check width and height and compute the bordered cell count
 * (width + 2) * (height + 2). */
ls_status ls__bordered_cells(int32_t width, int32_t height, uint32_t *cells);

/*
 * Cells are stored with a one-cell blocked border, so a neighbour index
 * never leaves the array and needs no bounds test. Cell (x, y) lives at
 * (y + 1) * stride + (x + 1), stride = width + 2. This bordered index sorts
 * exactly like y * width + x, so it serves as the tie-break index directly.
 */
struct ls_grid {
    int32_t width, height;
    uint32_t stride;
    uint32_t cell_count;     /* bordered */
    uint32_t revision;
    uint32_t costly_cells;   /* cells with cost > 1 (JPS needs none) */
    uint8_t *cells;
    /* Passability bitsets for JPS (bits.h), kept in step with cells. */
    uint64_t *row_bits, *col_bits;
    uint32_t row_words, col_words; /* words per bordered row, column */
    ls_allocator allocator;
};

static inline uint32_t ls__cell_index(uint32_t stride, int32_t x, int32_t y)
{
    return ((uint32_t)y + 1u) * stride + (uint32_t)x + 1u;
}

/*
 * Per-cell search state. The node below is what every loop reads; its
 * stride and the open list's links (openlist.h) depend on the context:
 *   full     16-byte nodes: g, tag, then the links next and prev
 *   compact   8-byte nodes: g, tag; next in an array of its own
 * so a full context touches one 16-byte line per cell, as the search reads
 * g and tag and writes the links together, and a compact one needs 12
 * bytes per cell. A cell's state is valid only while the generation in its
 * tag equals the context's, which makes starting a query O(1): bumping
 * the generation forgets every cell at once.
 *   g     cost from the start while the cell is open; 0 once it is closed,
 *         so the "strictly smaller g" test alone also skips closed cells
 *   tag   bits 31..19  generation (13 bits; all tags are cleared for real
 *                      once every 8191 queries)
 *         bit  18      closed (expanded; for debugging: the loops test g)
 *         bit  17      has a parent
 *         bits 16..14  direction of the steps from the parent into this cell
 *         bits 13..0   run: how many such steps (1 for A*; a jump's length
 *                      for JPS), so parent = cell - run * offset[direction]
 */
typedef struct ls_node {
    uint32_t g;
    uint32_t tag;
} ls_node;

/* The node of cell in an array of nodes 1 << node_shift bytes apart: 8
 * (compact contexts) or 16 (full contexts, whose open-list links fill the
 * rest of each node). */
LS_HOT_INLINE ls_node *ls__node(ls_node *nodes, uint32_t cell,
                                uint32_t node_shift)
{
    /* Counted in 32-bit words, like the links (openlist.h): in a full
     * context a cell's node and its links then share one index, cell << 2,
     * which the compiler computes once. */
    return (ls_node *)(void *)((uint32_t *)(void *)nodes +
                               ((size_t)cell << (node_shift - 2u)));
}

#define LS_TAG_GEN_SHIFT 19u
#define LS_TAG_CLOSED (1u << 18)
#define LS_TAG_HAS_PARENT (1u << 17)
#define LS_TAG_DIR_SHIFT 14u
#define LS_TAG_RUN_MASK 0x3FFFu
#define LS_GENERATION_MAX ((1u << 13) - 1u)

/* The tag of a cell reached from its parent by run steps in direction dir. */
static inline uint32_t ls__tag_parent(uint32_t generation, uint32_t dir,
                                      uint32_t run)
{
    return (generation << LS_TAG_GEN_SHIFT) | LS_TAG_HAS_PARENT |
           (dir << LS_TAG_DIR_SHIFT) | run;
}

/* Close an expanded cell (see ls_node): no later offer can reach it. */
static inline void ls__close(ls_node *n)
{
    n->tag |= LS_TAG_CLOSED;
    n->g = 0;
}

static inline uint32_t ls__tag_dir(uint32_t tag)
{
    return (tag >> LS_TAG_DIR_SHIFT) & 7u;
}

#include "openlist.h"

enum { LS_PHASE_IDLE, LS_PHASE_RUNNING, LS_PHASE_DONE };

/* Which copy of the search loop a query runs: the checked one, or a fast
 * one (bucket form, weight 1.0, costs that cannot overflow) for a full or
 * a compact context (16-byte nodes holding the links, or 8-byte nodes). */
enum { LS_LOOP_CHECKED = 0, LS_LOOP_FAST_FULL = 1, LS_LOOP_FAST_COMPACT = 2 };
/* The open list's link and node shifts (openlist.h) in a copy of the loop:
 * constants in the fast copies, read from the open list o in the other. */
#define LS_LOOP_LINK_SHIFT(loop, o)                                         \
    ((loop) == LS_LOOP_FAST_FULL      ? 2u                                 \
     : (loop) == LS_LOOP_FAST_COMPACT ? 0u                                 \
                                      : (o)->link_shift)
#define LS_LOOP_NODE_SHIFT(loop, o)                                         \
    ((loop) == LS_LOOP_FAST_FULL      ? 4u                                 \
     : (loop) == LS_LOOP_FAST_COMPACT ? 3u                                 \
                                      : (o)->node_shift)

/* A validated query, in the form the expansion loop uses. */
typedef struct ls_plan {
    uint32_t start, goal;            /* bordered cell indices */
    int32_t goal_x, goal_y;
    uint32_t dir_count;              /* 4 or 8 */
    int32_t corner_rule;
    int32_t heuristic;               /* never LS_HEURISTIC_AUTO */
    int32_t tie_break;
    int32_t algorithm;
    uint32_t straight, diagonal;
    uint32_t weight;                 /* fix16, >= 1.0 */
    uint32_t max_expansions;
} ls_plan;

struct ls_search {
    int32_t width, height;
    uint32_t stride;
    uint32_t cell_count;             /* bordered */
    ls_node *nodes;
    ls_open open;
    uint32_t flags;                  /* LS_SEARCH_COMPACT or 0 */
    uint32_t generation;
    uint64_t row_magic;              /* see ls__cell_point_fast */
    int32_t force_heap;              /* tests: always use the heap form */
    ls_allocator allocator;

    /* The query in progress or finished. */
    int32_t phase;
    ls_status final_status;
    const ls_grid *grid;
    uint32_t grid_revision;
    ls_plan plan;
    int32_t offset[8];               /* bordered-index step per direction */
    uint32_t expansions;
    uint32_t best_cell;              /* closest expanded cell, for partials */
    uint64_t best_distance;
    uint32_t best_f, best_g;
    int32_t closeness_from_key;      /* closeness == f - g (see astar.c) */
    int32_t fast_loop;               /* LS_LOOP_*: bucket form, weight 1, no
                                        overflow, and the link slot size */
    int32_t cost;
    uint32_t path_first;             /* compact: start of the path's links */
    uint32_t path_length;
    uint64_t digest;
};

/* ls__cell_point without a division: row = cell * row_magic >> 48, with
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

/* Direction tables, in the documented neighbour order. */
extern const int8_t ls__dir_dx[8];
extern const int8_t ls__dir_dy[8];

/* Validate q for a grid of the given size and cells; fill *plan. */
ls_status ls__plan_query(const ls_query *q, const ls_grid *grid,
                         ls_plan *plan);

/* The digest of no points (FNV-1a 64 offset basis), and one more point. */
#define LS_DIGEST_EMPTY 0xcbf29ce484222325ull
#define LS_FNV_PRIME 0x100000001b3ull

/* FNV-1a over v as 4 little-endian bytes, whatever the host's byte order
 * (the bytes are taken from the integer, not from memory). */
static inline uint64_t ls__fnv_int32(uint64_t h, int32_t v)
{
    const uint32_t u = (uint32_t)v; /* two's complement by definition */
    h = (h ^ (u & 0xffu)) * LS_FNV_PRIME;
    h = (h ^ ((u >> 8) & 0xffu)) * LS_FNV_PRIME;
    h = (h ^ ((u >> 16) & 0xffu)) * LS_FNV_PRIME;
    return (h ^ (u >> 24)) * LS_FNV_PRIME;
}

static inline uint64_t ls__digest_extend(uint64_t digest, ls_point point)
{
    return ls__fnv_int32(ls__fnv_int32(digest, point.x), point.y);
}

/* The same for a point of a grid, whose coordinates are 0..LS_MAX_DIMENSION-1
 * and so below 2^16: their two high bytes are zero, and FNV-1a of a zero
 * byte is a bare multiply, so the last three multiplies of each coordinate
 * fold into one by the prime cubed (mod 2^64, as the hash itself wraps).
 * Half the multiplies of ls__digest_extend, on the dependency chain that
 * every found path's digest waits for. */
#define LS_FNV_PRIME_CUBED (LS_FNV_PRIME * LS_FNV_PRIME * LS_FNV_PRIME)

static inline uint64_t ls__digest_extend_cell(uint64_t digest, ls_point point)
{
    const uint32_t x = (uint32_t)point.x, y = (uint32_t)point.y;
    digest = (digest ^ (x & 0xffu)) * LS_FNV_PRIME;
    digest = (digest ^ (x >> 8)) * LS_FNV_PRIME_CUBED;
    digest = (digest ^ (y & 0xffu)) * LS_FNV_PRIME;
    return (digest ^ (y >> 8)) * LS_FNV_PRIME_CUBED;
}

/* What a JPS expansion reads, copied out of the context once per
 * ls_search_step (jps.c): stores into the node array could otherwise alias
 * these fields and force reloads in the jump loops. */
typedef struct ls_jps_view {
    const uint8_t *cells;
    const uint64_t *row_bits, *col_bits;
    uint32_t row_words, col_words, stride;
    uint32_t goal, goal_c, goal_r;   /* bordered index, column, row */
    int32_t offset[8];
    int32_t fast;                    /* LS_LOOP_*: a fast loop only with the
                                        octile estimate */
    int32_t bytes;                   /* the grid has no bitsets: scan cells */
} ls_jps_view;

void ls__jps_view_init(const ls_search *s, ls_jps_view *v);

/* Jump point search: expand cell (at its point at) by jumping (src/jps.c).
 * LS_OK or LS_ERR_COST_OVERFLOW. */
ls_status ls__jps_expand(ls_search *s, const ls_jps_view *v, uint32_t cell,
                         ls_point at);

/* Walking a parent chain backward, one grid cell at a time. */
typedef struct ls_chain_walk {
    uint32_t cell;
    uint32_t run_left; /* steps left in the current run */
    uint32_t dir;
} ls_chain_walk;

static inline void ls__chain_start(ls_chain_walk *w, uint32_t cell)
{
    w->cell = cell;
    w->run_left = 0;
    w->dir = 0;
}

/* Step to the previous cell of the chain; 0 when w is at the chain's start. */
static inline int ls__chain_back(const ls_search *s, ls_chain_walk *w)
{
    if (w->run_left == 0) {
        uint32_t tag = ls__node(s->nodes, w->cell, s->open.node_shift)->tag;
        if (!(tag & LS_TAG_HAS_PARENT))
            return 0;
        w->run_left = tag & LS_TAG_RUN_MASK;
        w->dir = ls__tag_dir(tag);
    }
    w->cell -= (uint32_t)s->offset[w->dir];
    w->run_left--;
    return 1;
}

/* Length of the parent chain ending at cell (cells, inclusive). */
uint32_t ls__chain_length(const ls_search *s, uint32_t cell);
/* Write the chain ending at cell into points[0..length), start first. */
void ls__chain_points(const ls_search *s, uint32_t cell, ls_point *points,
                      uint32_t length);

#endif
