/* SPDX-License-Identifier: MIT */
/*
 * hpa.h - the cluster hierarchy kept with a grid (include/lockstar_hpa.h):
 * its layout, shared by src/hpa_build.c (entrances, clusters, the rebuild
 * after an edit) and src/hpa_query.c (the LS_ALGO_HPA search and the
 * refinement of its path).
 *
 * Every cluster owns fixed slots sized for the worst case (max_nodes
 * nodes), so rebuilding one cluster rewrites its slots alone and leaves
 * every other byte where a fresh build puts it: that is what makes an
 * edited hierarchy equal to a fresh one without any bookkeeping.
 *   node_cell[k * M + i]   node i of cluster k: a bordered cell index;
 *                          nodes in ascending index order; unused slots
 *                          LS_HPA_NO_CELL
 *   dist[(k * M + i) * M + j]  least cost from node i to node j inside
 *                          the cluster, LS_HPA_INF when none (and unused)
 *   field[(k * M + j) * field_bytes + cell / 2]  nibble per cluster cell
 *                          (cell = ly * C + lx, low nibble for even): the
 *                          flow field direction toward node j (0..7),
 *                          LS_HPA_DIR_GOAL at node j, LS_HPA_DIR_NONE
 *   local[bordered cell]   the cell's node number in its cluster, or
 *                          LS_HPA_NOT_NODE
 */
#ifndef LS_HPA_H
#define LS_HPA_H

#include <stdint.h>
#include "lockstar.h" /* and through it lockstar_hpa.h */
#include "grid.h"
#include "search.h"

#define LS_HPA_INF 0xFFFFFFFFu
#define LS_HPA_NO_CELL 0xFFFFFFFFu
#define LS_HPA_NOT_NODE 0xFFFFu
#define LS_HPA_DIR_GOAL 8u
#define LS_HPA_DIR_NONE 15u
/* An entrance this wide or wider gets a transition at each end. */
#define LS_HPA_WIDE_ENTRANCE 6u
/* The run field of a search tag whose parent is node (run & mask) of the
 * same cluster, reached by an intra-cluster edge (node.h: run < 2^14;
 * a grid step's run is 1). */
#define LS_HPA_RUN_INTRA 0x2000u
#define LS_HPA_RUN_NODE_MASK 0x1FFFu

struct ls_hpa {
    /* The moves served. */
    uint32_t cluster_size, shift;       /* C = 1 << shift */
    uint32_t dir_count;
    int32_t corner_rule;
    uint32_t straight, diagonal;
    /* Clusters: cols x rows, k = cy * cols + cx. */
    uint32_t cols, rows, clusters;
    uint32_t max_nodes;                 /* M = 2 * C */
    uint32_t field_bytes;               /* C * C / 2 */
    uint32_t *node_count;
    uint32_t *node_cell;
    uint32_t *dist;
    uint8_t *field;
    uint16_t *local;
    uint32_t cell_count;                /* of local[]: the grid's, bordered */
    /* Building (one edit at a time, never during a query): the cluster
     * cut out as a grid of its own, its flow field, and a cell buffer. */
    ls_grid *mini;
    ls_flow *flow;
    uint8_t *mini_cells;                /* C * C */
    uint8_t *mark;                      /* C * C: node cells of a cluster */
    ls_allocator allocator;
    uint64_t bytes;
};

/* The cluster number of grid cell (x, y). */
static inline uint32_t ls__hpa_cluster(const struct ls_hpa *h, int32_t x,
                                       int32_t y)
{
    return ((uint32_t)y >> h->shift) * h->cols + ((uint32_t)x >> h->shift);
}

/* After the cells of rectangle (x, y, w, h) changed (src/prep.c). */
void ls__hpa_after_edit(ls_grid *grid, int32_t x, int32_t y, int32_t w,
                        int32_t h);
/* Release the grid's hierarchy, if any. */
void ls__hpa_release(ls_grid *grid);

/* May a query of these moves run on grid's hierarchy? LS_OK or
 * LS_ERR_NOT_PREPARED (none, or one built for other moves). */
ls_status ls__hpa_accepts(const ls_grid *grid, const ls_query *q);

/* Run the begun LS_ALGO_HPA query for at most budget expansions (0 = to
 * the end), as ls__astar_run does (src/hpa_query.c). */
ls_status ls__hpa_run(ls_search *s, uint32_t budget);

/* Shorten the refined path p[0..n) in place (src/hpa_smooth.c's rule) and
 * return its new length: still a path of the query's moves from p[0] to
 * p[n - 1], every cell once, costing no more. Uses the context's nodes. */
uint32_t ls__hpa_shorten(ls_search *s, uint32_t *p, uint32_t n);

#endif
