/* SPDX-License-Identifier: MIT */
/*
 * lockstar_hpa.h - a cluster hierarchy kept with a grid, for near-optimal
 * queries on big maps (LS_ALGO_HPA, lockstar.h). lockstar.h includes it,
 * and it includes lockstar.h, so either may be included first. Same
 * conventions as lockstar.h: every function validates its arguments and
 * returns an ls_status; nothing is written on an error.
 *
 * What a hierarchy is (the contract; docs/hierarchy.md explains it):
 *
 *   The grid is cut into square clusters of cluster_size x cluster_size
 *   cells (the last row and column of clusters may be smaller). Where two
 *   clusters side by side share a border, every maximal run of border
 *   positions whose two cells (one in each cluster) are both passable is an
 *   entrance: a run shorter than 6 has one transition, at its middle cell
 *   (the lower of the two middle cells for an even run), a longer one two,
 *   at its two ends. The two cells of a transition are abstract nodes of
 *   their clusters. Within a cluster, every ordered pair of its nodes is
 *   joined by the least cost of a path that stays inside the cluster (the
 *   flow field of lockstar_flow.h computed on the cluster alone), when one
 *   exists. All of it is a function of the grid's cells alone: never of
 *   the order of edits that led to them.
 *
 *   A hierarchy serves the moves it was built for (connectivity, step
 *   costs; corner rule LS_CORNERS_NONE only): a query with other moves is
 *   refused with LS_ERR_NOT_PREPARED.
 *
 * Edits: every edit of the grid (ls_grid_set, ls_grid_set_rect,
 * ls_grid_fill, ls_grid_load) brings the hierarchy up to date before it
 * returns, by building again the clusters whose cells, or whose entrances,
 * the edit can have changed (those holding an edited cell or a straight
 * neighbour of one). The result equals, byte for byte, a hierarchy built
 * afresh on the edited grid (ls_grid_hierarchy_digest compares them), so a
 * query never sees a stale hierarchy and there is nothing to wait for.
 * Cost: a few clusters' fields for an edit of one cell (docs/hierarchy.md
 * gives the time measured); all clusters for ls_grid_fill and
 * ls_grid_load. No allocation.
 *
 * Memory: fixed at build, for the worst case of every cluster: per
 * cluster, room for 2 * cluster_size nodes, the cost of every ordered
 * pair (4 bytes) and for every node a direction per cluster cell (half a
 * byte); plus 2 bytes per grid cell (ls_hpa_info.bytes gives the total:
 * about 34 bytes per cell for clusters of 16).
 *
 * Queries (LS_ALGO_HPA, lockstar.h): near-optimal, not optimal, paths
 * for big maps, with terrain too. Refused: LS_ERR_NOT_PREPARED when the
 * grid holds no hierarchy, or one built for another connectivity, corner
 * rule or step costs (after LS_ERR_NOT_UNIFORM in ls_query_validate's
 * order); LS_ERR_BAD_CLEARANCE for a clearance above 1;
 * LS_ERR_NEEDS_FULL_CONTEXT in an LS_SEARCH_COMPACT context. The search:
 * the cells within one cluster of the start's and of the goal's cluster
 * are searched as A* searches them, and between them the search goes
 * from transition to transition with the costs held, in the library's
 * search order (f, g by tie-break, cell); weight, heuristic, tie-break and
 * max_expansions act as for A*. Its expansions count the vertices it
 * expands (those cells and abstract nodes); ls_search_step's budget counts
 * them too, and the step that reaches the goal also refines the path
 * (O(path length x 32), no expansion). The path: each intra-cluster edge
 * is replaced by the least-cost path inside its cluster, a cell met twice
 * closes a loop that is cut, and, when the path used an intra-cluster
 * edge, the shortening rule of docs/hierarchy.md replaces stretches of up to 32 steps by a straight-and-diagonal shape
 * that costs strictly less. It lists every cell once, by legal moves, from
 * start to goal; its cost is that path's cost (ls_check_path agrees), at
 * least A*'s optimum; LS_NO_PATH exactly when no path exists. Its partial
 * path (after LS_NO_PATH or LS_EXPANSION_LIMIT) is the start alone. A
 * function of the grid's cells and the query alone, like every result.
 *
 * Threads: a hierarchy is read by queries only, so any number of contexts
 * may query one grid from several threads at once (ls_batch), as long as
 * nobody edits it meanwhile: every query keeps its own state in its
 * search context.
 */
#ifndef LOCKSTAR_HPA_H
#define LOCKSTAR_HPA_H

#include "lockstar.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Cluster sides a hierarchy accepts: 8, 16 (the default), 32. */
#define LS_HPA_CLUSTER_MIN 8u
#define LS_HPA_CLUSTER_MAX 32u
#define LS_HPA_CLUSTER_DEFAULT 16u

typedef struct ls_hpa_config {
    uint32_t struct_size;    /* sizeof(ls_hpa_config); set by ls_hpa_config_init */
    uint32_t cluster_size;   /* 8, 16 or 32 cells a side (default 16) */
    int32_t connectivity;    /* LS_CONNECT_8 (default) or LS_CONNECT_4 */
    int32_t corner_rule;     /* LS_CORNERS_NONE (the only one served) */
    uint32_t straight_cost;  /* 10 by default, as ls_query */
    uint32_t diagonal_cost;  /* 14 by default, as ls_query */
} ls_hpa_config;

/* Fill cfg with the defaults above, which serve ls_query_init's moves. */
ls_status ls_hpa_config_init(ls_hpa_config *cfg);

/* Build a hierarchy for cfg's moves on grid and keep it with the grid
 * (replacing one built before), until ls_grid_drop_hierarchy or
 * ls_grid_destroy. Errors, in this order, the grid keeping what it had:
 * LS_ERR_NULL_ARGUMENT; LS_ERR_BAD_STRUCT_SIZE; LS_ERR_BAD_SIZE (a
 * cluster_size other than 8, 16, 32); LS_ERR_BAD_OPTION (connectivity or
 * corner rule as ls_query_validate checks them); LS_ERR_BAD_STEP_COST;
 * LS_ERR_UNSUPPORTED (a corner rule other than LS_CORNERS_NONE with
 * 8-connectivity); LS_ERR_SIZE_OVERFLOW, LS_ERR_OUT_OF_MEMORY. Time:
 * O(cells x cluster_size) (docs/hierarchy.md: about 40 ms for 512 x 512). */
ls_status ls_grid_build_hierarchy(ls_grid *grid, const ls_hpa_config *cfg);

/* Release the grid's hierarchy, if any (queries with LS_ALGO_HPA are then
 * refused with LS_ERR_NOT_PREPARED). LS_ERR_NULL_ARGUMENT for NULL. */
ls_status ls_grid_drop_hierarchy(ls_grid *grid);

typedef struct ls_hpa_info {
    uint32_t cluster_size;
    uint32_t clusters;       /* columns x rows of clusters */
    uint32_t entrances;      /* transitions: pairs of nodes across borders */
    uint32_t nodes;          /* abstract nodes (distinct cells) */
    uint32_t edges;          /* intra-cluster edges (ordered pairs with a
                                path inside the cluster) */
    uint32_t max_nodes;      /* most nodes in one cluster */
    uint64_t bytes;          /* memory the hierarchy holds */
} ls_hpa_info;

/* The grid's hierarchy described in *info. LS_ERR_NULL_ARGUMENT, or
 * LS_ERR_NOT_PREPARED when the grid holds none. O(clusters x nodes). */
ls_status ls_grid_hierarchy_info(const ls_grid *grid, ls_hpa_info *info);

/* A 64-bit digest of the hierarchy's whole contents (every cluster's
 * nodes, the costs between them and the directions kept for refining
 * paths), equal for two hierarchies exactly when they are the same bytes
 * (up to the hash): for tests and peers comparing hierarchies. Same
 * errors as ls_grid_hierarchy_info. O(memory held). */
ls_status ls_grid_hierarchy_digest(const ls_grid *grid, uint64_t *digest);

#ifdef __cplusplus
}
#endif

#endif
