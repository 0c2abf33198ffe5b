/* SPDX-License-Identifier: MIT */
/*
 * baselines.h - the pathfinders a game developer would otherwise write,
 * run by the benchmark against lockstar on the same queries.
 *
 * All of them search a plain row-major uint8_t grid of width * height cells
 * (0 = blocked, anything else = passable; terrain multipliers are ignored,
 * every benchmark map has only cost-1 cells) with lockstar's default
 * movement: 8-connected, no corner cutting (a diagonal step needs both
 * orthogonal cells it passes to be passable), straight step 10, diagonal 14,
 * neighbours in lockstar's order N E S W NE SE SW NW. They check bounds the
 * ordinary way (no blocked border).
 *
 *   listscan  the "before": A* whose open list is an unsorted array scanned
 *             for the smallest f at every pop (and scanned again to find an
 *             entry whose g improved). O(open) per expansion.
 *   textbook  A* with a binary heap and decrease-key through a per-cell heap
 *             index; every array is reset with memset at each query.
 *   dijkstra  the textbook code with h = 0.
 *   bfs       breadth-first search: fewest steps, not least cost.
 *   dfs       depth-first search: any path; shown to make the point.
 *
 * listscan and textbook pop by f ascending, then g descending (the tie-break
 * lockstar uses by default), so their expansion counts are comparable with
 * lockstar's. Every state is created once for a map size and reused; a query
 * never allocates. Bench code: plain malloc, abort on out of memory.
 */
#ifndef LS_BENCH_BASELINES_H
#define LS_BENCH_BASELINES_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct bl_grid {
    int32_t width, height;
    const uint8_t *cells;    /* width * height, 0 = blocked */
} bl_grid;

typedef struct bl_query {
    int32_t sx, sy, gx, gy;
} bl_query;

typedef struct bl_result {
    int64_t cost;            /* cost of the path found (10/14), -1 if none */
    uint32_t expansions;     /* cells whose neighbours were generated */
    uint32_t path_length;    /* cells on the path incl. start and goal */
} bl_result;

/* The step cost of straight and diagonal moves, as lockstar's defaults. */
#define BL_STRAIGHT 10
#define BL_DIAGONAL 14

/* Neighbour order, the same as lockstar's: N E S W NE SE SW NW. */
extern const int8_t bl_dx[8];
extern const int8_t bl_dy[8];

/* Whether the move from (x, y) in direction d stays in the grid, enters a
 * passable cell and (for a diagonal) cuts no corner. */
static inline int bl_can_step(const bl_grid *grid, int32_t x, int32_t y,
                              int d)
{
    int32_t nx = x + bl_dx[d], ny = y + bl_dy[d];
    const uint8_t *c = grid->cells;
    int32_t w = grid->width;
    if (nx < 0 || ny < 0 || nx >= w || ny >= grid->height)
        return 0;
    if (c[ny * w + nx] == 0)
        return 0;
    if (d >= 4 && (c[y * w + nx] == 0 || c[ny * w + x] == 0))
        return 0;
    return 1;
}

/* malloc and calloc that count their calls, so the benchmark can show
 * that baseline queries do not allocate either. */
void *bl_malloc(size_t size);
/* The allocation behind bl_malloc (and lockstar's hook in the driver),
 * freed with free(). With bl_set_huge_pages(1), blocks of 2 MiB or more are
 * 2 MiB-aligned and advised MADV_HUGEPAGE (Linux transparent huge pages),
 * for the experiment of whether TLB misses limit large maps. */
void *bl_block_alloc(size_t size);
void bl_set_huge_pages(int on);
void *bl_calloc(size_t size);
uint64_t bl_alloc_count(void);

/* The octile distance (10/14) from (x, y) to (gx, gy): A*'s estimate. */
static inline int32_t bl_octile(int32_t x, int32_t y, int32_t gx, int32_t gy)
{
    int32_t dx = abs(x - gx), dy = abs(y - gy);
    int32_t lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return BL_DIAGONAL * lo + BL_STRAIGHT * (hi - lo);
}

/* Write the path that ends at goal (parent[] links, -1 before the start)
 * into path, start first, as cell indices; return its length. */
uint32_t bl_trace(const int32_t *parent, int32_t goal, uint32_t *path);

/* The cost (10/14) of a path given as cell indices y * width + x. */
int64_t bl_path_cost(const bl_grid *grid, const uint32_t *path,
                     uint32_t length);

/* One opaque state type per baseline; *_create returns NULL on no memory.
 * *_find writes the path (start first) as cell indices into path, which
 * must hold width * height entries, and returns its result. *_bytes_per_cell
 * is the search state's size per grid cell, from sizeof. */
typedef struct bl_listscan bl_listscan;
bl_listscan *bl_listscan_create(int32_t width, int32_t height);
void bl_listscan_destroy(bl_listscan *s);
bl_result bl_listscan_find(bl_listscan *s, const bl_grid *grid,
                           const bl_query *q, uint32_t *path);
uint32_t bl_listscan_bytes_per_cell(void);

typedef struct bl_textbook bl_textbook;
bl_textbook *bl_textbook_create(int32_t width, int32_t height);
void bl_textbook_destroy(bl_textbook *s);
bl_result bl_textbook_find(bl_textbook *s, const bl_grid *grid,
                           const bl_query *q, uint32_t *path);
uint32_t bl_textbook_bytes_per_cell(void);

typedef struct bl_dijkstra bl_dijkstra;
bl_dijkstra *bl_dijkstra_create(int32_t width, int32_t height);
void bl_dijkstra_destroy(bl_dijkstra *s);
bl_result bl_dijkstra_find(bl_dijkstra *s, const bl_grid *grid,
                           const bl_query *q, uint32_t *path);
uint32_t bl_dijkstra_bytes_per_cell(void);

typedef struct bl_bfs bl_bfs;
bl_bfs *bl_bfs_create(int32_t width, int32_t height);
void bl_bfs_destroy(bl_bfs *s);
bl_result bl_bfs_find(bl_bfs *s, const bl_grid *grid, const bl_query *q,
                      uint32_t *path);
uint32_t bl_bfs_bytes_per_cell(void);

typedef struct bl_dfs bl_dfs;
bl_dfs *bl_dfs_create(int32_t width, int32_t height);
void bl_dfs_destroy(bl_dfs *s);
bl_result bl_dfs_find(bl_dfs *s, const bl_grid *grid, const bl_query *q,
                      uint32_t *path);
uint32_t bl_dfs_bytes_per_cell(void);

#endif
