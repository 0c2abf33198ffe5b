/* SPDX-License-Identifier: MIT */
/*
 * hpa_query.c - the LS_ALGO_HPA query (include/lockstar_hpa.h, lockstar.h):
 * one best-first search over a graph mixing grid cells and the hierarchy's
 * abstract nodes, then the refinement of its path into grid cells.
 *
 * The graph. Around the start and around the goal lies a zone: the
 * clusters within LS_HPA_ZONE clusters of theirs (a square of clusters).
 * Its vertices are the cells of the zones and the abstract nodes; its
 * edges, each a real path of grid steps:
 *   - a grid step (the query's moves) between two cells of the zones, or
 *     between two abstract nodes (the step across a border joining the
 *     two cells of a transition, mostly);
 *   - from an abstract node outside the zones, an intra-cluster edge to
 *     each other node of its cluster it can reach inside the cluster, at
 *     the cost the hierarchy holds.
 * Inside the zones the search is A* on the grid, so a query whose start
 * and goal are near one another is answered as A* answers it; far apart,
 * the search crosses the map from entrance to entrance. Every edge costs
 * at least the octile (Manhattan) distance between its ends, so the
 * query's heuristic stays consistent, and the search's order is the
 * library's: the open list's heap form, keys (f, g by tie-break, cell).
 *
 * Per vertex the search keeps what A* keeps, in the context's per-cell
 * nodes (g, tag): a grid step's parent is written as A* writes it
 * (direction, run 1); an intra-cluster edge's as the run
 * LS_HPA_RUN_INTRA | the parent's node number (src/hpa.h). Nothing is
 * written into the grid or its hierarchy, so queries of several threads
 * on one grid are safe.
 *
 * The refinement walks the parents back from the goal, replacing each
 * intra-cluster edge by the cells of the hierarchy's direction field
 * toward its end node, and writes the cells from the end of the
 * context's heap array backward (the heap is finished with once the goal
 * is on top). A cell met a second time closes a loop, which is cut out
 * (both of its steps are legal, and the cut path costs no more), so the
 * path's cells are distinct and always fit.
 */
#include <string.h>
#include "digest.h"
#include "direction.h"
#include "heuristic.h"
#include "hpa.h"
#include "openlist.h"

/* Clusters a zone reaches on each side of the start's or goal's. */
#define LS_HPA_ZONE 1

typedef struct zone {
    int32_t x0, y0, x1, y1; /* cells, inclusive */
} zone;

typedef struct hpa_walk {
    const struct ls_hpa *h;
    zone z[2];
    const uint8_t *cells;
    const uint16_t *local;
} hpa_walk;

static zone zone_around(const struct ls_hpa *h, const ls_grid *grid, int32_t x,
                        int32_t y)
{
    const int32_t s = (int32_t)h->shift;
    int32_t cx0 = (x >> s) - LS_HPA_ZONE, cy0 = (y >> s) - LS_HPA_ZONE;
    int32_t cx1 = (x >> s) + LS_HPA_ZONE, cy1 = (y >> s) + LS_HPA_ZONE;
    zone z;
    z.x0 = cx0 < 0 ? 0 : cx0 << s;
    z.y0 = cy0 < 0 ? 0 : cy0 << s;
    z.x1 = ((cx1 + 1) << s) - 1;
    z.y1 = ((cy1 + 1) << s) - 1;
    if (z.x1 >= grid->width)
        z.x1 = grid->width - 1;
    if (z.y1 >= grid->height)
        z.y1 = grid->height - 1;
    return z;
}

static int in_zones(const hpa_walk *w, int32_t x, int32_t y)
{
    return (x >= w->z[0].x0 && x <= w->z[0].x1 && y >= w->z[0].y0 &&
            y <= w->z[0].y1) ||
           (x >= w->z[1].x0 && x <= w->z[1].x1 && y >= w->z[1].y0 &&
            y <= w->z[1].y1);
}

/* Offer vertex next the cost ng through the parent written in tag, with
 * A*'s "strictly smaller g" rule. LS_OK or LS_ERR_COST_OVERFLOW. */
static ls_status offer(ls_search *s, uint32_t next, uint32_t ng, uint32_t tag)
{
    ls_node *n = ls__node(s->nodes, next, s->open.node_shift);
    const int fresh = (n->tag >> LS_TAG_GEN_SHIFT) != s->generation;
    ls_point p;
    uint64_t f;
    /* A closed vertex has g 0 (ls__close): skipped here too. */
    if (!fresh && ng >= n->g)
        return LS_OK;
    if (ng > LS_COST_MAX)
        return LS_ERR_COST_OVERFLOW;
    p = ls__cell_point_fast(s, next);
    f = ls__f_value(&s->plan, ng, p.x, p.y);
    if (f > LS_COST_MAX)
        return LS_ERR_COST_OVERFLOW;
    n->g = ng;
    n->tag = tag;
    ls__open_offer(&s->open, s->nodes, next, (uint32_t)f, !fresh, 0);
    return LS_OK;
}

/* Expand vertex cell (g its cost): its grid steps, then its
 * intra-cluster edges. */
static ls_status expand(ls_search *s, const hpa_walk *w, uint32_t cell,
                        uint32_t g)
{
    const struct ls_hpa *h = w->h;
    const ls_point at = ls__cell_point_fast(s, cell);
    const int inside = in_zones(w, at.x, at.y);
    const uint32_t me = w->local[cell];
    const int32_t rule = s->plan.corner_rule;
    uint32_t d, j;
    ls_status st;

    for (d = 0; d < s->plan.dir_count; d++) {
        const uint32_t next = cell + (uint32_t)s->offset[d];
        if (w->cells[next] == LS_CELL_BLOCKED)
            continue;
        if (!(inside && in_zones(w, at.x + ls__dir_dx(d),
                                 at.y + ls__dir_dy(d))) &&
            !(me != LS_HPA_NOT_NODE && w->local[next] != LS_HPA_NOT_NODE))
            continue;
        if (d >= 4 && rule != LS_CORNERS_ALL &&
            !ls__corner_allows(
                rule,
                w->cells[cell + (uint32_t)s->offset[ls__dir_corner_x(d)]] != 0,
                w->cells[cell + (uint32_t)s->offset[ls__dir_corner_y(d)]] != 0))
            continue;
        st = offer(s, next,
                   g + (d < 4 ? s->plan.straight : s->plan.diagonal) *
                           w->cells[next],
                   ls__tag_parent(s->generation, d, 1));
        if (st != LS_OK)
            return st;
    }
    /* Inside a zone the grid steps cover the whole cluster already. */
    if (me != LS_HPA_NOT_NODE && !inside) {
        const uint32_t m = h->max_nodes;
        const uint32_t k = ls__hpa_cluster(h, at.x, at.y);
        const uint32_t n = h->node_count[k];
        const uint32_t *row = &h->dist[((size_t)k * m + me) * m];
        const uint32_t *nodes = &h->node_cell[(size_t)k * m];
        for (j = 0; j < n; j++) {
            if (j == me || row[j] == LS_HPA_INF)
                continue;
            st = offer(s, nodes[j], g + row[j],
                       ls__tag_parent(s->generation, 0,
                                      LS_HPA_RUN_INTRA | me));
            if (st != LS_OK)
                return st;
        }
    }
    return LS_OK;
}

/* ------------------------------------------------------------ the path */

typedef struct path_out {
    uint32_t *cells;   /* the context's heap array */
    uint32_t pos, end; /* the path so far is cells[pos..end) */
} path_out;

/* Put cell in front of the path; a cell already on it ends a loop,
 * which is cut. Each cell's position is kept in its node's g (the
 * search's g is no longer needed; tags, which hold the parents still to
 * be walked, are untouched), trusted only when the path holds the cell
 * there. */
static void prepend(ls_search *s, path_out *o, uint32_t cell)
{
    ls_node *n = ls__node(s->nodes, cell, s->open.node_shift);
    if (n->g >= o->pos && n->g < o->end && o->cells[n->g] == cell) {
        o->pos = n->g;
        return;
    }
    o->cells[--o->pos] = cell;
    n->g = o->pos;
}

/* Put the cells of the intra-cluster edge from node `from` to cell `to`
 * (node j of the same cluster k) in front of the path, `to` excluded:
 * the direction field toward j, walked from `from`, forward into the
 * context's sort scratch, then prepended backward. */
static void prepend_edge(ls_search *s, path_out *o, uint32_t from, uint32_t to,
                         uint32_t k, uint32_t j)
{
    const struct ls_hpa *h = s->grid->hpa;
    const uint8_t *field =
        &h->field[((size_t)k * h->max_nodes + j) * h->field_bytes];
    const uint32_t c = h->cluster_size, mask = c - 1u;
    uint32_t *seg = (uint32_t *)(void *)s->open.sort_keys;
    uint32_t n = 0, cell = from;
    while (cell != to) {
        ls_point p = ls__cell_point_fast(s, cell);
        uint32_t local = ((uint32_t)p.y & mask) * c + ((uint32_t)p.x & mask);
        uint32_t d = (field[local >> 1] >> ((local & 1u) * 4u)) & 15u;
        seg[n++] = cell;
        cell += (uint32_t)s->offset[d];
    }
    while (n > 0)
        prepend(s, o, seg[--n]);
}

/* The step cost of the path's move from cell a to cell b. */
static uint64_t step_cost(const ls_search *s, uint32_t a, uint32_t b)
{
    const uint32_t diff = b > a ? b - a : a - b;
    const uint32_t base = diff == 1u || diff == s->stride ? s->plan.straight
                                                          : s->plan.diagonal;
    return (uint64_t)base * s->grid->cells[b];
}

/* The goal is on top: refine the search's path into cells, record it as
 * src/path.c records A*'s (in the heap array, path_length, digest, cost)
 * and end the query. */
static ls_status finish_found(ls_search *s)
{
    const struct ls_hpa *h = s->grid->hpa;
    path_out o;
    uint32_t cell = s->plan.goal, i, length;
    uint64_t cost = 0, digest = LS_DIGEST_EMPTY;
    int abstract = 0; /* an intra-cluster edge on the path */

    o.cells = s->open.heap;
    o.pos = o.end = s->open.capacity;
    s->open.size = 0;
    s->open.top = LS_NO_CELL;
    prepend(s, &o, cell);
    for (;;) {
        const uint32_t tag = ls__node(s->nodes, cell, s->open.node_shift)->tag;
        const uint32_t run = tag & LS_TAG_RUN_MASK;
        if (!(tag & LS_TAG_HAS_PARENT))
            break;
        if (run & LS_HPA_RUN_INTRA) {
            const ls_point p = ls__cell_point_fast(s, cell);
            const uint32_t k = ls__hpa_cluster(h, p.x, p.y);
            const uint32_t from =
                h->node_cell[(size_t)k * h->max_nodes +
                             (run & LS_HPA_RUN_NODE_MASK)];
            prepend_edge(s, &o, from, cell, k, h->local[cell]);
            cell = from;
            abstract = 1;
        } else {
            cell -= (uint32_t)s->offset[ls__tag_dir(tag)];
            prepend(s, &o, cell);
        }
    }
    length = o.end - o.pos;
    memmove(o.cells, o.cells + o.pos, (size_t)length * sizeof *o.cells);
    /* A path of grid steps alone is A*'s inside the zones: only one
     * through the clusters' edges bends toward transitions. */
    if (abstract)
        length = ls__hpa_shorten(s, o.cells, length);
    for (i = 0; i < length; i++) {
        if (i > 0)
            cost += step_cost(s, o.cells[i - 1], o.cells[i]);
        digest = ls__digest_extend_cell(digest,
                                        ls__cell_point_fast(s, o.cells[i]));
    }
    s->path_length = length;
    s->digest = digest;
    s->cost = (int32_t)cost; /* at most the goal's g <= LS_COST_MAX */
    return ls__search_finish(s, LS_OK);
}

/* ---------------------------------------------------------- the loop */

ls_status ls__hpa_run(ls_search *s, uint32_t budget)
{
    const uint32_t goal = s->plan.goal, max = s->plan.max_expansions;
    uint32_t done = 0, cell;
    hpa_walk w;
    ls_point a;

    w.h = s->grid->hpa;
    w.cells = s->grid->cells;
    w.local = w.h->local;
    a = ls__cell_point_fast(s, s->plan.start);
    w.z[0] = zone_around(w.h, s->grid, a.x, a.y);
    w.z[1] = zone_around(w.h, s->grid, s->plan.goal_x, s->plan.goal_y);
    while ((cell = ls__open_top(&s->open, s->nodes)) != LS_NO_CELL) {
        ls_node *n;
        ls_status st;
        if (cell == goal)
            return finish_found(s);
        if (max != 0 && s->expansions == max)
            return ls__search_finish(s, LS_EXPANSION_LIMIT);
        if (budget != 0 && done == budget)
            return LS_IN_PROGRESS;
        ls__open_pop(&s->open, s->nodes);
        s->expansions++;
        done++;
        n = ls__node(s->nodes, cell, s->open.node_shift);
        st = expand(s, &w, cell, n->g);
        if (st != LS_OK)
            return ls__search_finish(s, st);
        ls__close(n);
    }
    return ls__search_finish(s, LS_NO_PATH);
}
