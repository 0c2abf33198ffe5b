/* SPDX-License-Identifier: MIT */
/*
 * hpa_build.c - building the cluster hierarchy (include/lockstar_hpa.h):
 * entrances on the borders between clusters, each cluster's nodes, the
 * costs between them and the directions that refine them, and the
 * rebuild of the clusters an edit touches (called from src/prep.c).
 *
 * A cluster is always built by one function, build_cluster, from the
 * grid's cells alone; a fresh build calls it for every cluster and an
 * edit for the clusters it touches, so both leave the same bytes.
 * The costs and directions inside a cluster are the library's flow field
 * (src/flow*.c), computed on a small grid holding the cluster's cells:
 * one rule for "least cost to a cell and the first step toward it".
 */
#include <string.h>
#include "alloc.h"
#include "flow.h"
#include "hpa.h"
#include "plan.h"

/* ------------------------------------------------------------ entrances */

/* Is the step across the border between border cells a and b, both of
 * the grid, possible (both passable)? */
static int crossable(const ls_grid *grid, uint32_t a, uint32_t b)
{
    return grid->cells[a] != LS_CELL_BLOCKED &&
           grid->cells[b] != LS_CELL_BLOCKED;
}

/* Mark, in h->mark, this cluster's cells of the transitions on one of its
 * borders. The border runs along `count` positions from the cluster cell
 * `first` (bordered index) in steps of `along`; the other cluster's cell
 * is `across` away. Entrances as lockstar_hpa.h defines them. */
static void mark_border(struct ls_hpa *h, const ls_grid *grid, uint32_t first,
                        int32_t along, int32_t across, uint32_t count,
                        uint32_t mark_first, uint32_t mark_along)
{
    uint32_t i = 0;
    while (i < count) {
        uint32_t start, len;
        if (!crossable(grid, first + (uint32_t)((int32_t)i * along),
                       first + (uint32_t)((int32_t)i * along + across))) {
            i++;
            continue;
        }
        start = i;
        while (i < count &&
               crossable(grid, first + (uint32_t)((int32_t)i * along),
                         first + (uint32_t)((int32_t)i * along + across)))
            i++;
        len = i - start;
        if (len < LS_HPA_WIDE_ENTRANCE) {
            h->mark[mark_first + (start + (len - 1u) / 2u) * mark_along] = 1;
        } else {
            h->mark[mark_first + start * mark_along] = 1;
            h->mark[mark_first + (i - 1u) * mark_along] = 1;
        }
    }
}

/* The transitions on cluster (cx, cy)'s borders with its four side
 * neighbours, as marks on its cells (lx + ly * C); w, hgt its size. */
static void mark_transitions(struct ls_hpa *h, const ls_grid *grid,
                             uint32_t cx, uint32_t cy, uint32_t w,
                             uint32_t hgt)
{
    const uint32_t c = h->cluster_size, stride = grid->stride;
    const int32_t x0 = (int32_t)(cx * c), y0 = (int32_t)(cy * c);
    const int32_t x1 = x0 + (int32_t)w - 1, y1 = y0 + (int32_t)hgt - 1;
    memset(h->mark, 0, (size_t)c * c);
    if (cy > 0) /* north */
        mark_border(h, grid, ls__cell_index(stride, x0, y0), 1,
                    -(int32_t)stride, w, 0, 1);
    if (cy + 1 < h->rows) /* south */
        mark_border(h, grid, ls__cell_index(stride, x0, y1), 1,
                    (int32_t)stride, w, (hgt - 1u) * c, 1);
    if (cx > 0) /* west */
        mark_border(h, grid, ls__cell_index(stride, x0, y0), (int32_t)stride,
                    -1, hgt, 0, c);
    if (cx + 1 < h->cols) /* east */
        mark_border(h, grid, ls__cell_index(stride, x1, y0), (int32_t)stride,
                    1, hgt, w - 1u, c);
}

/* -------------------------------------------------------------- clusters */

static void put_nibble(uint8_t *field, uint32_t cell, uint32_t value)
{
    uint8_t *b = &field[cell >> 1];
    *b = (cell & 1u) ? (uint8_t)((*b & 0x0Fu) | (value << 4))
                     : (uint8_t)((*b & 0xF0u) | value);
}

/* The flow options of the hierarchy's moves. */
static void flow_options(const struct ls_hpa *h, ls_query *q)
{
    ls_query_init(q);
    q->connectivity = (int32_t)h->dir_count;
    q->corner_rule = h->corner_rule;
    q->straight_cost = h->straight;
    q->diagonal_cost = h->diagonal;
}

/* Build cluster (cx, cy) from the grid's cells: nodes, costs, fields. */
static void build_cluster(struct ls_hpa *h, const ls_grid *grid, uint32_t cx,
                          uint32_t cy)
{
    const uint32_t c = h->cluster_size, m = h->max_nodes;
    const uint32_t k = cy * h->cols + cx;
    const int32_t x0 = (int32_t)(cx * c), y0 = (int32_t)(cy * c);
    const uint32_t w = (uint32_t)grid->width - cx * c < c
                           ? (uint32_t)grid->width - cx * c : c;
    const uint32_t hgt = (uint32_t)grid->height - cy * c < c
                             ? (uint32_t)grid->height - cy * c : c;
    const uint32_t mstride = h->mini->stride;
    uint32_t *cells = &h->node_cell[(size_t)k * m];
    uint32_t *dist = &h->dist[(size_t)k * m * m];
    uint8_t *field = &h->field[(size_t)k * m * h->field_bytes];
    uint32_t lx, ly, n = 0, i, j;
    ls_query opts;

    mark_transitions(h, grid, cx, cy, w, hgt);
    /* Nodes in ascending cell order; the cut-out grid of the cluster's
     * cells, blocked where the grid ends. */
    memset(h->mini_cells, LS_CELL_BLOCKED, (size_t)c * c);
    for (ly = 0; ly < hgt; ly++)
        for (lx = 0; lx < w; lx++) {
            uint32_t cell = ls__cell_index(grid->stride, x0 + (int32_t)lx,
                                           y0 + (int32_t)ly);
            h->mini_cells[ly * c + lx] = grid->cells[cell];
            h->local[cell] = LS_HPA_NOT_NODE;
            if (h->mark[ly * c + lx]) {
                h->local[cell] = (uint16_t)n;
                cells[n++] = cell;
            }
        }
    h->node_count[k] = n;
    for (i = n; i < m; i++)
        cells[i] = LS_HPA_NO_CELL;
    memset(dist, 0xFF, (size_t)m * m * sizeof *dist);
    memset(field, 0xFF, (size_t)m * h->field_bytes);
    if (n == 0)
        return;
    ls_grid_load(h->mini, h->mini_cells, (size_t)c * c);
    flow_options(h, &opts);
    for (j = 0; j < n; j++) {
        ls_point goal;
        uint8_t *fj = &field[(size_t)j * h->field_bytes];
        goal.x = (int32_t)(cells[j] % grid->stride) - 1 - x0;
        goal.y = (int32_t)(cells[j] / grid->stride) - 1 - y0;
        /* Cannot fail: the goal is a passable cell of the small grid,
         * and no cost within a cluster comes near LS_COST_MAX. */
        ls_flow_begin(h->flow, h->mini, &opts, &goal, 1);
        ls_flow_step(h->flow, 0, NULL);
        for (ly = 0; ly < c; ly++)
            for (lx = 0; lx < c; lx++) {
                uint32_t mc = (ly + 1u) * mstride + lx + 1u;
                uint32_t d = h->flow->dir[mc];
                put_nibble(fj, ly * c + lx,
                           d < 8u ? d : d == LS_FLOW_GOAL ? LS_HPA_DIR_GOAL
                                                          : LS_HPA_DIR_NONE);
            }
        for (i = 0; i < n; i++) {
            uint32_t mc = (cells[i] / grid->stride - (uint32_t)y0) * mstride +
                          cells[i] % grid->stride - (uint32_t)x0;
            uint32_t d = h->flow->dir[mc];
            if (d < 8u || d == LS_FLOW_GOAL)
                dist[(size_t)i * m + j] = h->flow->cost[mc];
        }
    }
}

/* Build every cluster whose cluster coordinates lie in [cx0, cx1] x
 * [cy0, cy1] (clipped to the grid). */
static void build_clusters(struct ls_hpa *h, const ls_grid *grid, int32_t cx0,
                           int32_t cy0, int32_t cx1, int32_t cy1)
{
    int32_t cx, cy;
    if (cx0 < 0)
        cx0 = 0;
    if (cy0 < 0)
        cy0 = 0;
    if (cx1 >= (int32_t)h->cols)
        cx1 = (int32_t)h->cols - 1;
    if (cy1 >= (int32_t)h->rows)
        cy1 = (int32_t)h->rows - 1;
    for (cy = cy0; cy <= cy1; cy++)
        for (cx = cx0; cx <= cx1; cx++)
            build_cluster(h, grid, (uint32_t)cx, (uint32_t)cy);
}

/* ------------------------------------------------------ life and edits */

static void hpa_free(struct ls_hpa *h)
{
    ls_allocator copy;
    const ls_allocator *a = &copy;
    size_t cl, m;
    if (!h)
        return;
    copy = h->allocator; /* h itself is released through it last */
    cl = h->clusters;
    m = h->max_nodes;
    ls__release(a, h->node_count, cl * sizeof *h->node_count);
    ls__release(a, h->node_cell, cl * m * sizeof *h->node_cell);
    ls__release(a, h->dist, cl * m * m * sizeof *h->dist);
    ls__release(a, h->field, cl * m * h->field_bytes);
    ls__release(a, h->local, (size_t)h->cell_count * sizeof *h->local);
    ls__release(a, h->mini_cells, (size_t)h->cluster_size * h->cluster_size);
    ls__release(a, h->mark, (size_t)h->cluster_size * h->cluster_size);
    ls_grid_destroy(h->mini);
    ls_flow_destroy(h->flow);
    ls__release(a, h, sizeof *h);
}

/* The block sizes, each checked against SIZE_MAX: 0 when one overflows. */
static int sizes_fit(uint64_t clusters, uint64_t m, uint64_t field_bytes,
                     uint64_t cells)
{
    const uint64_t limit = (uint64_t)(size_t)-1 / 2u;
    return clusters * m * m * 4u <= limit &&
           clusters * m * field_bytes <= limit && cells * 2u <= limit;
}

static ls_status check_config(const ls_hpa_config *cfg)
{
    ls_status st;
    if (cfg->struct_size != sizeof *cfg)
        return LS_ERR_BAD_STRUCT_SIZE;
    if (cfg->cluster_size != 8u && cfg->cluster_size != 16u &&
        cfg->cluster_size != 32u)
        return LS_ERR_BAD_SIZE;
    st = ls__check_move_set(cfg->connectivity, cfg->corner_rule,
                            cfg->straight_cost, cfg->diagonal_cost);
    if (st == LS_OK && cfg->connectivity == LS_CONNECT_8 &&
        cfg->corner_rule != LS_CORNERS_NONE)
        st = LS_ERR_UNSUPPORTED;
    return st;
}

ls_status ls_hpa_config_init(ls_hpa_config *cfg)
{
    if (!cfg)
        return LS_ERR_NULL_ARGUMENT;
    cfg->struct_size = (uint32_t)sizeof *cfg;
    cfg->cluster_size = LS_HPA_CLUSTER_DEFAULT;
    cfg->connectivity = LS_CONNECT_8;
    cfg->corner_rule = LS_CORNERS_NONE;
    cfg->straight_cost = 10;
    cfg->diagonal_cost = 14;
    return LS_OK;
}

ls_status ls_grid_build_hierarchy(ls_grid *grid, const ls_hpa_config *cfg)
{
    struct ls_hpa *h;
    ls_allocator a;
    ls_status st;
    uint32_t c, shift = 0;
    size_t cl, m;
    if (!grid || !cfg)
        return LS_ERR_NULL_ARGUMENT;
    st = check_config(cfg);
    if (st != LS_OK)
        return st;
    c = cfg->cluster_size;
    while ((1u << shift) < c)
        shift++;
    if (!sizes_fit(((uint64_t)grid->width + c - 1u) / c *
                       (((uint64_t)grid->height + c - 1u) / c),
                   2u * c, (uint64_t)c * c / 2u, grid->cell_count))
        return LS_ERR_SIZE_OVERFLOW;
    h = ls__alloc_object(&grid->allocator, &a, sizeof *h);
    if (!h)
        return LS_ERR_OUT_OF_MEMORY;
    h->allocator = a;
    h->cluster_size = c;
    h->shift = shift;
    h->dir_count = (uint32_t)cfg->connectivity;
    h->corner_rule = cfg->corner_rule;
    h->straight = cfg->straight_cost;
    h->diagonal = cfg->diagonal_cost;
    h->cols = ((uint32_t)grid->width + c - 1u) / c;
    h->rows = ((uint32_t)grid->height + c - 1u) / c;
    h->clusters = h->cols * h->rows;
    h->max_nodes = 2u * c;
    h->field_bytes = c * c / 2u;
    h->cell_count = grid->cell_count;
    cl = h->clusters;
    m = h->max_nodes;
    h->node_count = ls__alloc(&a, cl * sizeof *h->node_count);
    h->node_cell = ls__alloc(&a, cl * m * sizeof *h->node_cell);
    h->dist = ls__alloc(&a, cl * m * m * sizeof *h->dist);
    h->field = ls__alloc(&a, cl * m * h->field_bytes);
    h->local = ls__alloc(&a, (size_t)h->cell_count * sizeof *h->local);
    h->mini_cells = ls__alloc(&a, (size_t)c * c);
    h->mark = ls__alloc(&a, (size_t)c * c);
    if (!h->node_count || !h->node_cell || !h->dist || !h->field ||
        !h->local || !h->mini_cells || !h->mark ||
        ls_grid_create_with((int32_t)c, (int32_t)c, LS_GRID_COMPACT, &a,
                            &h->mini) != LS_OK ||
        ls_flow_create((int32_t)c, (int32_t)c, 1u, &a, &h->flow) != LS_OK) {
        hpa_free(h);
        return LS_ERR_OUT_OF_MEMORY;
    }
    h->bytes = sizeof *h + cl * sizeof *h->node_count +
               cl * m * sizeof *h->node_cell + cl * m * m * sizeof *h->dist +
               cl * m * h->field_bytes +
               (uint64_t)h->cell_count * sizeof *h->local +
               2u * (uint64_t)c * c;
    /* The border ring is never a node. */
    memset(h->local, 0xFF, (size_t)h->cell_count * sizeof *h->local);
    build_clusters(h, grid, 0, 0, (int32_t)h->cols - 1, (int32_t)h->rows - 1);
    ls__hpa_release(grid);
    grid->hpa = h;
    /* As an edit: a sliced query begun before ends (LS_ERR_GRID_CHANGED)
     * rather than read a hierarchy it did not begin with. */
    grid->revision++;
    return LS_OK;
}

ls_status ls_grid_drop_hierarchy(ls_grid *grid)
{
    if (!grid)
        return LS_ERR_NULL_ARGUMENT;
    if (grid->hpa) {
        ls__hpa_release(grid);
        grid->revision++; /* as in ls_grid_build_hierarchy */
    }
    return LS_OK;
}

void ls__hpa_release(ls_grid *grid)
{
    hpa_free(grid->hpa);
    grid->hpa = NULL;
}

void ls__hpa_after_edit(ls_grid *grid, int32_t x, int32_t y, int32_t w,
                        int32_t h)
{
    struct ls_hpa *hp = grid->hpa;
    int32_t s, cx, cy, cx0, cy0, cx1, cy1;
    if (!hp)
        return;
    s = (int32_t)hp->shift;
    /* The clusters holding an edited cell or a straight neighbour of one:
     * the edited cells' own clusters, and those across a border from an
     * edited border cell (whose entrances may have changed). Diagonal
     * neighbours share no entrance. */
    cx0 = (x > 0 ? x - 1 : 0) >> s;
    cy0 = (y > 0 ? y - 1 : 0) >> s;
    cx1 = (x + w) >> s;
    cy1 = (y + h) >> s;
    if (cx1 >= (int32_t)hp->cols)
        cx1 = (int32_t)hp->cols - 1;
    if (cy1 >= (int32_t)hp->rows)
        cy1 = (int32_t)hp->rows - 1;
    for (cy = cy0; cy <= cy1; cy++)
        for (cx = cx0; cx <= cx1; cx++) {
            /* The cluster's cells, and the rectangle grown by one cell
             * along one axis at a time. */
            int32_t lo_x = cx << s, hi_x = ((cx + 1) << s) - 1;
            int32_t lo_y = cy << s, hi_y = ((cy + 1) << s) - 1;
            int across_x = lo_x <= x + w && hi_x >= x - 1 && lo_y <= y + h - 1 &&
                           hi_y >= y;
            int across_y = lo_x <= x + w - 1 && hi_x >= x && lo_y <= y + h &&
                           hi_y >= y - 1;
            if (across_x || across_y)
                build_clusters(hp, grid, cx, cy, cx, cy);
        }
}

ls_status ls__hpa_accepts(const ls_grid *grid, const ls_query *q)
{
    const struct ls_hpa *h = grid->hpa;
    if (!h || (uint32_t)q->connectivity != h->dir_count ||
        q->straight_cost != h->straight ||
        (h->dir_count == 8u && (q->corner_rule != h->corner_rule ||
                                q->diagonal_cost != h->diagonal)))
        return LS_ERR_NOT_PREPARED;
    return LS_OK;
}

/* ------------------------------------------------------------- reading */

ls_status ls_grid_hierarchy_info(const ls_grid *grid, ls_hpa_info *info)
{
    const struct ls_hpa *h;
    uint32_t k, i, j, nodes = 0, edges = 0, most = 0, entrances = 0;
    if (!grid || !info)
        return LS_ERR_NULL_ARGUMENT;
    h = grid->hpa;
    if (!h)
        return LS_ERR_NOT_PREPARED;
    for (k = 0; k < h->clusters; k++) {
        const uint32_t n = h->node_count[k], m = h->max_nodes;
        nodes += n;
        most = n > most ? n : most;
        for (i = 0; i < n; i++) {
            const uint32_t cell = h->node_cell[k * m + i];
            /* A transition is counted at its east or south cell. */
            if (h->local[cell - 1u] != LS_HPA_NOT_NODE &&
                ls__hpa_cluster(h, (int32_t)(cell % grid->stride) - 2,
                                (int32_t)(cell / grid->stride) - 1) != k)
                entrances++;
            if (h->local[cell - grid->stride] != LS_HPA_NOT_NODE &&
                ls__hpa_cluster(h, (int32_t)(cell % grid->stride) - 1,
                                (int32_t)(cell / grid->stride) - 2) != k)
                entrances++;
            for (j = 0; j < n; j++)
                if (j != i &&
                    h->dist[((size_t)k * m + i) * m + j] != LS_HPA_INF)
                    edges++;
        }
    }
    info->cluster_size = h->cluster_size;
    info->clusters = h->clusters;
    info->entrances = entrances;
    info->nodes = nodes;
    info->edges = edges;
    info->max_nodes = most;
    info->bytes = h->bytes;
    return LS_OK;
}

static uint64_t digest_bytes(uint64_t d, const void *p, size_t n)
{
    const uint8_t *b = p;
    size_t i;
    for (i = 0; i < n; i++) {
        d ^= b[i];
        d *= 0x100000001b3u;
    }
    return d;
}

/* Words are digested as little-endian bytes, so the digest is the same on
 * every target. */
static uint64_t digest_words(uint64_t d, const uint32_t *w, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        uint8_t b[4];
        b[0] = (uint8_t)w[i];
        b[1] = (uint8_t)(w[i] >> 8);
        b[2] = (uint8_t)(w[i] >> 16);
        b[3] = (uint8_t)(w[i] >> 24);
        d = digest_bytes(d, b, 4);
    }
    return d;
}

ls_status ls_grid_hierarchy_digest(const ls_grid *grid, uint64_t *digest)
{
    const struct ls_hpa *h;
    size_t cl, m, i;
    uint64_t d = 0xcbf29ce484222325u;
    if (!grid || !digest)
        return LS_ERR_NULL_ARGUMENT;
    h = grid->hpa;
    if (!h)
        return LS_ERR_NOT_PREPARED;
    cl = h->clusters;
    m = h->max_nodes;
    d = digest_words(d, h->node_count, cl);
    d = digest_words(d, h->node_cell, cl * m);
    d = digest_words(d, h->dist, cl * m * m);
    d = digest_bytes(d, h->field, cl * m * h->field_bytes);
    for (i = 0; i < h->cell_count; i++) {
        uint32_t v = h->local[i];
        d = digest_words(d, &v, 1);
    }
    *digest = d;
    return LS_OK;
}
