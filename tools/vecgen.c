/*
 * vecgen.c - writes lockstar's golden vectors (make vectors-regen).
 *
 *   vecgen DIR          regenerate DIR/<family>.vec and DIR/index.txt
 *                       (DIR/maps/ must hold the map files files.vec uses)
 *   vecgen --check DIR  check DIR as `make check` does
 *
 * This program is the only writer of expected values: it chooses maps and
 * queries, runs the library and records what it returned. Before it
 * records anything it checks the outcome independently (the path is a
 * legal walk whose step costs add up to the cost; the cost equals a plain
 * Dijkstra's where the heuristic is admissible and the weight 1; a sliced
 * run agrees with the one-shot run), so a bug is refused, not enshrined.
 *
 * Its own choices come from ls_rng with fixed seeds and integer
 * arithmetic, so two runs write byte-identical files.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vecfile.h"

#define MAX_STATS 64

/* ------------------------------------------------------------------------
 * Coverage statistics (printed at the end)
 * --------------------------------------------------------------------- */

enum { SHOW_INT, SHOW_STATUS, SHOW_PAIR };

typedef struct tally {
    const char *label;
    int show;                /* SHOW_*: how values are printed */
    int64_t value[MAX_STATS][2];
    uint32_t count[MAX_STATS];
    uint32_t used, other;    /* other: values beyond MAX_STATS */
} tally;

#define TALLY(label, show) { label, show, { { 0, 0 } }, { 0 }, 0, 0 }
static tally t_connect = TALLY("connectivity", SHOW_INT);
static tally t_corners = TALLY("corners", SHOW_INT);
static tally t_heuristic = TALLY("heuristic", SHOW_INT);
static tally t_tie = TALLY("tie", SHOW_INT);
static tally t_algo = TALLY("algo", SHOW_INT);
static tally t_weight = TALLY("weight (fix16 raw, 65536 = 1.0)", SHOW_INT);
static tally t_costs = TALLY("straight/diagonal", SHOW_PAIR);
static tally t_status = TALLY("status", SHOW_STATUS);
static tally t_budget = TALLY("budget", SHOW_INT);
static uint32_t n_limited, n_large, n_sliced;

static void tally_add(tally *t, int64_t a, int64_t b)
{
    uint32_t i;
    for (i = 0; i < t->used; i++) {
        if (t->value[i][0] == a && t->value[i][1] == b) {
            t->count[i]++;
            return;
        }
    }
    if (t->used < MAX_STATS) {
        t->value[t->used][0] = a;
        t->value[t->used][1] = b;
        t->count[t->used++] = 1;
    } else {
        t->other++;
    }
}

/* Print v in decimal (long may be 32 bits: no printf for int64_t). */
static void print_i64(int64_t v)
{
    char buf[24];
    int n = 0;
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    do {
        buf[n++] = (char)('0' + (int)(u % 10u));
        u /= 10u;
    } while (u != 0);
    if (v < 0)
        putchar('-');
    while (n > 0)
        putchar(buf[--n]);
}

static void tally_print(const tally *t)
{
    uint32_t i;
    printf("  %s:", t->label);
    for (i = 0; i < t->used; i++) {
        const int64_t *v = t->value[i];
        if (t->show == SHOW_STATUS) {
            const char *name = vf_status_name((ls_status)v[0]);
            printf(" %s", name ? name + 3 : "?"); /* without "LS_" */
        } else {
            putchar(' ');
            print_i64(v[0]);
            if (t->show == SHOW_PAIR) {
                putchar('/');
                print_i64(v[1]);
            }
        }
        printf("=%lu", (unsigned long)t->count[i]);
    }
    if (t->other)
        printf(" (and %lu more values)", (unsigned long)t->other);
    printf("\n");
}

/* ------------------------------------------------------------------------
 * Generator state
 * --------------------------------------------------------------------- */

typedef struct gen {
    const char *dir;
    const char *stem;        /* file name without .vec; id prefix */
    vf_file file;
    ls_rng rng;              /* vecgen's own choices */
    uint32_t combo;          /* cycles through the option combinations */
    int32_t map;             /* current map, -1 before the first */
    uint32_t map_vectors;    /* vectors made on the current map */
    ls_grid *grid;           /* the current map's grid and cells */
    uint8_t *cells;
    int32_t w, h;
    vf_runner runner;
    int huge_costs;          /* step costs up to 65535 allowed */
    uint32_t budget_percent; /* share of vectors also run sliced */
    int jps;                 /* vec_options draws JPS queries (jps.vec) */
} gen;

static void die(const char *what, const char *detail)
{
    fprintf(stderr, "vecgen: %s%s%s\n", what, detail ? ": " : "",
            detail ? detail : "");
    exit(1);
}

static uint32_t rnd(gen *g, uint32_t n)
{
    return ls_rng_below(&g->rng, n);
}

/* A random cell on the outer ring of the current map; one draw in five
 * picks a corner. (Draws: side, x, y, and two more for a corner.) */
static void border_point(gen *g, int32_t *px, int32_t *py)
{
    uint32_t side = rnd(g, 5);
    int32_t x = (int32_t)rnd(g, (uint32_t)g->w);
    int32_t y = (int32_t)rnd(g, (uint32_t)g->h);
    switch (side) {
    case 0: y = 0; break;
    case 1: y = g->h - 1; break;
    case 2: x = 0; break;
    case 3: x = g->w - 1; break;
    default:
        x = rnd(g, 2) ? g->w - 1 : 0;
        y = rnd(g, 2) ? g->h - 1 : 0;
        break;
    }
    *px = x;
    *py = y;
}

static vf_map *new_map(gen *g, int32_t w, int32_t h)
{
    vf_map *m = vf_add_map(&g->file);
    if (!m)
        die("out of memory", NULL);
    snprintf(m->name, sizeof m->name, "%s-m%03u", g->stem,
             (unsigned)(g->file.map_count - 1));
    m->width = w;
    m->height = h;
    return m;
}

/* Build the current map's grid and keep a copy of its cells. */
static void load_map(gen *g)
{
    const vf_map *m = &g->file.maps[g->map];
    char err[256];
    int32_t x, y;

    ls_grid_destroy(g->grid);
    free(g->cells);
    if (vf_build_grid(m, g->dir, &g->grid, err, sizeof err) != 0)
        die("cannot build a map", err);
    g->w = m->width;
    g->h = m->height;
    g->cells = malloc((size_t)g->w * (size_t)g->h);
    if (!g->cells)
        die("out of memory", NULL);
    for (y = 0; y < g->h; y++)
        for (x = 0; x < g->w; x++)
            ls_grid_get(g->grid, x, y, &g->cells[(size_t)y * g->w + x]);
    g->file.maps[g->map].digest = vf_grid_digest(g->grid);
}

static void use_last_map(gen *g)
{
    g->map = (int32_t)g->file.map_count - 1;
    g->map_vectors = 0;
    load_map(g);
}

static void map_gen(gen *g, int32_t family, int32_t w, int32_t h,
                    uint64_t seed, uint32_t p0, uint32_t p1, uint32_t p2,
                    uint32_t p3)
{
    vf_map *m = new_map(g, w, h);
    m->source = VF_SOURCE_GEN;
    m->gen.family = family;
    m->gen.width = w;
    m->gen.height = h;
    m->gen.seed = seed;
    m->gen.param[0] = p0;
    m->gen.param[1] = p1;
    m->gen.param[2] = p2;
    m->gen.param[3] = p3;
    if (mg_check(&m->gen))
        die("bad generator parameters", mg_check(&m->gen));
    use_last_map(g);
}

/* Inline rows: '#' blocked, '.' cost 1, '2'..'9' that cost. */
static void map_rows(gen *g, const char *const *rows)
{
    int32_t w = (int32_t)strlen(rows[0]), h = 0, x, y;
    vf_map *m;
    while (rows[h])
        h++;
    m = new_map(g, w, h);
    m->source = VF_SOURCE_ROWS;
    m->rows = malloc((size_t)w * (size_t)h);
    if (!m->rows)
        die("out of memory", NULL);
    for (y = 0; y < h; y++) {
        if ((int32_t)strlen(rows[y]) != w)
            die("ragged inline map", rows[y]);
        for (x = 0; x < w; x++) {
            char c = rows[y][x];
            m->rows[(size_t)y * w + x] =
                c == '#' ? 0 : c == '.' ? 1 : (uint8_t)(c - '0');
        }
    }
    use_last_map(g);
}

static void map_file(gen *g, const char *path, int32_t w, int32_t h)
{
    vf_map *m = new_map(g, w, h);
    m->source = VF_SOURCE_FILE;
    snprintf(m->file, sizeof m->file, "%s", path);
    use_last_map(g);
}

/* An edit of the current map; only before its first vector. */
static void map_edit(gen *g, int32_t x, int32_t y, int32_t w, int32_t h,
                     uint32_t cost)
{
    if (g->map_vectors != 0)
        die("internal: map edited after a vector used it", NULL);
    if (x < 0 || y < 0 || w < 1 || h < 1 || x + w > g->w || y + h > g->h)
        die("internal: edit outside the map", NULL);
    if (vf_add_edit(&g->file.maps[g->map], x, y, w, h, cost) != 0)
        die("out of memory", NULL);
    load_map(g);
}

/* A blocked square ring of radius r around (cx, cy), clipped to the map. */
static void map_ring(gen *g, int32_t cx, int32_t cy, int32_t r)
{
    int32_t x0 = cx - r, y0 = cy - r, x1 = cx + r, y1 = cy + r;
    int32_t cx0 = x0 < 0 ? 0 : x0, cy0 = y0 < 0 ? 0 : y0;
    int32_t cx1 = x1 >= g->w ? g->w - 1 : x1, cy1 = y1 >= g->h ? g->h - 1 : y1;
    if (y0 >= 0)
        map_edit(g, cx0, y0, cx1 - cx0 + 1, 1, 0);
    if (y1 < g->h)
        map_edit(g, cx0, y1, cx1 - cx0 + 1, 1, 0);
    if (x0 >= 0)
        map_edit(g, x0, cy0, 1, cy1 - cy0 + 1, 0);
    if (x1 < g->w)
        map_edit(g, x1, cy0, 1, cy1 - cy0 + 1, 0);
}

static uint8_t cell(const gen *g, int32_t x, int32_t y)
{
    return g->cells[(size_t)y * (size_t)g->w + (size_t)x];
}

/* A random passable cell; -1 when the map has none. */
static int pick_open(gen *g, int32_t *x, int32_t *y)
{
    uint32_t tries;
    size_t i, n = (size_t)g->w * (size_t)g->h;
    for (tries = 0; tries < 1000; tries++) {
        *x = (int32_t)rnd(g, (uint32_t)g->w);
        *y = (int32_t)rnd(g, (uint32_t)g->h);
        if (cell(g, *x, *y) != 0)
            return 0;
    }
    for (i = 0; i < n; i++) {
        if (g->cells[i] != 0) {
            *x = (int32_t)(i % (size_t)g->w);
            *y = (int32_t)(i / (size_t)g->w);
            return 0;
        }
    }
    return -1;
}

static int pick_blocked(gen *g, int32_t *x, int32_t *y)
{
    uint32_t tries;
    for (tries = 0; tries < 10000; tries++) {
        *x = (int32_t)rnd(g, (uint32_t)g->w);
        *y = (int32_t)rnd(g, (uint32_t)g->h);
        if (cell(g, *x, *y) == 0)
            return 0;
    }
    return -1;
}

/* ------------------------------------------------------------------------
 * Vectors and their options
 * --------------------------------------------------------------------- */

static vf_vector *vec_new(gen *g)
{
    vf_vector *v = vf_add_vector(&g->file);
    if (!v)
        die("out of memory", NULL);
    snprintf(v->id, sizeof v->id, "%s-%04u", g->stem,
             (unsigned)(g->file.vector_count - 1));
    v->map = (uint32_t)g->map;
    g->map_vectors++;
    return v;
}

static void set_weight(vf_vector *v, const char *text)
{
    if (ls_fix16_parse(text, &v->query.weight) != LS_OK)
        die("internal: weight text does not parse", text);
    snprintf(v->weight_text, sizeof v->weight_text, "%s", text);
}

static void set_costs(vf_vector *v, uint32_t straight, uint32_t diagonal)
{
    v->query.straight_cost = straight;
    v->query.diagonal_cost = diagonal;
}

/* Weights: 1 (plain A*) half of the time, else a spread up to the
 * maximum; "1.00001" is the smallest weight above 1 (raw 65537). */
static const char *const weights[] = {
    "1", "1", "1", "1", "1", "1", "1", "1", "1", "1",
    "1.00001", "1.1", "1.25", "1.5", "2", "2.5", "3", "5", "10", "64"
};

/* Step costs (straight, diagonal): the default half of the time. */
static const uint32_t costs[][2] = {
    { 10, 14 }, { 10, 14 }, { 10, 14 }, { 10, 14 }, { 10, 14 }, { 10, 14 },
    { 10, 14 }, { 1, 1 }, { 1, 2 }, { 2, 3 }, { 3, 4 }, { 5, 7 }, { 7, 10 },
    { 100, 141 }, { 1000, 1414 }, { 65535, 65535 }, { 65535, 131070 },
    { 4096, 5793 }
};
#define N_COSTS_MODERATE 15 /* the first entries, all below 65535 */

static const uint32_t budgets[] = { 1, 2, 3, 4, 5, 7, 8, 13, 16, 31, 64,
                                    100, 255, 1000, 4096, 65536 };

static void jps_options(gen *g, vf_vector *v);

/* The next of the 2 x 3 x 5 x 2 = 60 combinations of connectivity,
 * corner rule, heuristic and tie-break; weight, costs and budget drawn. */
static void vec_options(gen *g, vf_vector *v)
{
    uint32_t k;
    ls_query *q = &v->query;
    uint32_t nc = g->huge_costs ? (uint32_t)(sizeof costs / sizeof costs[0])
                                : N_COSTS_MODERATE;
    if (g->jps) { /* jps.vec: its own cycle of options */
        jps_options(g, v);
        return;
    }
    k = g->combo++;
    q->connectivity = k % 2 ? LS_CONNECT_4 : LS_CONNECT_8;
    q->corner_rule = (int32_t)((k / 2) % 3);
    q->heuristic = (int32_t)((k / 6) % 5);
    q->tie_break = (int32_t)((k / 30) % 2);
    set_weight(v, weights[rnd(g, sizeof weights / sizeof weights[0])]);
    k = rnd(g, nc);
    set_costs(v, costs[k][0], costs[k][1]);
    v->budget = 0;
    if (rnd(g, 100) < g->budget_percent)
        v->budget = budgets[rnd(g, sizeof budgets / sizeof budgets[0])];
}

/* jps.vec: JPS, 8-connected, no corner cutting (what it supports); the
 * next of the 5 x 2 = 10 combinations of heuristic and tie-break; weight,
 * costs and budget drawn as vec_options draws them. */
static void jps_options(gen *g, vf_vector *v)
{
    uint32_t k = g->combo++;
    ls_query *q = &v->query;
    uint32_t nc = g->huge_costs ? (uint32_t)(sizeof costs / sizeof costs[0])
                                : N_COSTS_MODERATE;
    q->algorithm = LS_ALGO_JPS;
    q->connectivity = LS_CONNECT_8;
    q->corner_rule = LS_CORNERS_NONE;
    q->heuristic = (int32_t)(k % 5);
    q->tie_break = (int32_t)((k / 5) % 2);
    set_weight(v, weights[rnd(g, sizeof weights / sizeof weights[0])]);
    k = rnd(g, nc);
    set_costs(v, costs[k][0], costs[k][1]);
    v->budget = 0;
    if (rnd(g, 100) < g->budget_percent)
        v->budget = budgets[rnd(g, sizeof budgets / sizeof budgets[0])];
}

static void vec_pair(gen *g, vf_vector *v)
{
    if (pick_open(g, &v->query.start_x, &v->query.start_y) != 0 ||
        pick_open(g, &v->query.goal_x, &v->query.goal_y) != 0)
        die("internal: a map with no open cell", NULL);
}

/* ------------------------------------------------------------------------
 * Independent checks of an outcome before it is recorded
 * --------------------------------------------------------------------- */

static int inside(const gen *g, int64_t x, int64_t y)
{
    return x >= 0 && y >= 0 && x < g->w && y < g->h;
}

/* The step from (x, y) by (dx, dy) is legal under q; its cost or 0. */
static uint64_t step_cost(const gen *g, const ls_query *q, int32_t x,
                          int32_t y, int32_t dx, int32_t dy)
{
    int32_t nx = x + dx, ny = y + dy;
    if ((dx == 0 && dy == 0) || dx < -1 || dx > 1 || dy < -1 || dy > 1 ||
        !inside(g, nx, ny) || cell(g, nx, ny) == 0)
        return 0;
    if (dx != 0 && dy != 0) {
        int a, b;
        if (q->connectivity != 8)
            return 0;
        a = cell(g, nx, y) != 0;
        b = cell(g, x, ny) != 0;
        if (q->corner_rule == LS_CORNERS_NONE && !(a && b))
            return 0;
        if (q->corner_rule == LS_CORNERS_ONE && !(a || b))
            return 0;
        return (uint64_t)q->diagonal_cost * cell(g, nx, ny);
    }
    return (uint64_t)q->straight_cost * cell(g, nx, ny);
}

/* A legal walk from the start; its cost, or UINT64_MAX if illegal. */
static uint64_t walk_cost(const gen *g, const ls_query *q, const ls_point *p,
                          uint32_t n)
{
    uint64_t total = 0;
    uint32_t i;
    if (n == 0 || p[0].x != q->start_x || p[0].y != q->start_y)
        return UINT64_MAX;
    for (i = 1; i < n; i++) {
        uint64_t c = step_cost(g, q, p[i - 1].x, p[i - 1].y,
                               p[i].x - p[i - 1].x, p[i].y - p[i - 1].y);
        if (c == 0)
            return UINT64_MAX;
        total += c;
    }
    return total;
}

/* A plain Dijkstra (binary heap, lazy deletion): the optimal cost from
 * start to goal under q's moves, or UINT64_MAX when unreachable. Written
 * apart from the library on purpose. */
static uint64_t reference_cost(const gen *g, const ls_query *q)
{
    typedef struct item { uint64_t d; uint32_t c; } item;
    size_t n = (size_t)g->w * (size_t)g->h, size = 0, cap = 1024;
    uint64_t *dist = malloc(n * sizeof *dist), result = UINT64_MAX;
    item *heap = malloc(cap * sizeof *heap);
    uint32_t goal = (uint32_t)q->goal_y * (uint32_t)g->w + (uint32_t)q->goal_x;
    size_t i;

    if (!dist || !heap)
        die("out of memory", NULL);
    for (i = 0; i < n; i++)
        dist[i] = UINT64_MAX;
    dist[(size_t)q->start_y * g->w + q->start_x] = 0;
    heap[size].d = 0;
    heap[size++].c = (uint32_t)q->start_y * (uint32_t)g->w +
                     (uint32_t)q->start_x;
    while (size > 0) {
        item top = heap[0], last = heap[--size];
        size_t pos = 0;
        int32_t x, y, dx, dy;
        /* pop: sift last down from the root */
        for (;;) {
            size_t child = 2 * pos + 1;
            if (child >= size)
                break;
            if (child + 1 < size && heap[child + 1].d < heap[child].d)
                child++;
            if (heap[child].d >= last.d)
                break;
            heap[pos] = heap[child];
            pos = child;
        }
        if (size > 0)
            heap[pos] = last;
        if (top.d != dist[top.c])
            continue;
        if (top.c == goal) {
            result = top.d;
            break;
        }
        x = (int32_t)(top.c % (uint32_t)g->w);
        y = (int32_t)(top.c / (uint32_t)g->w);
        for (dy = -1; dy <= 1; dy++) {
            for (dx = -1; dx <= 1; dx++) {
                uint64_t c = step_cost(g, q, x, y, dx, dy), nd;
                size_t nc, p;
                if (c == 0)
                    continue;
                nc = (size_t)(y + dy) * g->w + (size_t)(x + dx);
                nd = top.d + c;
                if (nd >= dist[nc])
                    continue;
                dist[nc] = nd;
                if (size == cap) {
                    cap *= 2;
                    heap = realloc(heap, cap * sizeof *heap);
                    if (!heap)
                        die("out of memory", NULL);
                }
                p = size++;
                while (p > 0 && heap[(p - 1) / 2].d > nd) {
                    heap[p] = heap[(p - 1) / 2];
                    p = (p - 1) / 2;
                }
                heap[p].d = nd;
                heap[p].c = (uint32_t)nc;
            }
        }
    }
    free(dist);
    free(heap);
    return result;
}

static int admissible(const ls_query *q)
{
    return q->heuristic != LS_HEURISTIC_MANHATTAN ||
           q->connectivity == LS_CONNECT_4;
}

static void sanity(gen *g, const vf_vector *v, const vf_outcome *o)
{
    const ls_query *q = &v->query;
    uint64_t d, ref;

    if (o->status == LS_OK) {
        uint64_t walked = walk_cost(g, q, o->path, o->length);
        if (walked == UINT64_MAX || o->path[o->length - 1].x != q->goal_x ||
            o->path[o->length - 1].y != q->goal_y)
            die("the library returned an illegal path", v->id);
        if (walked != (uint64_t)o->cost)
            die("the path's step costs do not add up to the cost", v->id);
        ls_path_digest(o->path, o->length, &d);
        if (d != o->digest)
            die("the digest is not the path's digest", v->id);
        ref = reference_cost(g, q);
        if (ref == UINT64_MAX || walked < ref)
            die("the cost is below Dijkstra's optimum", v->id);
        if (admissible(q) && q->weight == fix16_one && walked != ref)
            die("plain A* with an admissible heuristic was not optimal",
                v->id);
        if (admissible(q) &&
            walked * 65536u > ref * (uint64_t)(uint32_t)q->weight)
            die("weighted A* exceeded weight x optimum", v->id);
    }
    if (o->status == LS_NO_PATH && reference_cost(g, q) != UINT64_MAX)
        die("LS_NO_PATH, but Dijkstra reaches the goal", v->id);
    if (o->status == LS_NO_PATH || o->status == LS_EXPANSION_LIMIT) {
        if (o->partial_status != LS_OK ||
            walk_cost(g, q, o->partial, o->partial_length) == UINT64_MAX)
            die("the partial path is not a legal walk from the start", v->id);
    }
    if (o->status == LS_OK && o->partial_status != LS_ERR_NO_PARTIAL)
        die("a partial path after LS_OK", v->id);
    if (o->status == LS_IN_PROGRESS || !vf_status_name(o->status))
        die("an unexpected status", v->id);
}

/* ---- JPS (jps.vec): checks on top of sanity() ---- */

static int is_option_error(ls_status st)
{
    return st == LS_ERR_BAD_OPTION || st == LS_ERR_BAD_STEP_COST ||
           st == LS_ERR_BAD_WEIGHT || st == LS_ERR_BAD_STRUCT_SIZE;
}

/* What validating a JPS query must give, worked out apart from the JPS
 * code: the option checks every algorithm shares (ls_query_validate of the
 * same query as A*), then JPS's own two (connectivity and corner rule,
 * then a passable cell costing more than 1 anywhere on the grid, found by
 * scanning vecgen's copy of the cells), then the rest of the A* checks
 * (bounds, blocked cells, the start's f). */
static ls_status jps_expected_validation(const gen *g, const ls_query *q)
{
    ls_query a = *q;
    ls_status st;
    size_t i, n = (size_t)g->w * (size_t)g->h;
    a.algorithm = LS_ALGO_ASTAR;
    st = ls_query_validate(&a, g->grid);
    if (is_option_error(st))
        return st;
    if (q->connectivity != LS_CONNECT_8 || q->corner_rule != LS_CORNERS_NONE)
        return LS_ERR_UNSUPPORTED;
    for (i = 0; i < n; i++)
        if (g->cells[i] > 1)
            return LS_ERR_NOT_UNIFORM;
    return st;
}

/* A JPS outcome against its validation order and against A* on the same
 * query (default heuristic, weight 1, no limit): the same reachability,
 * never a cost below A*'s optimum, and exactly A*'s cost when the JPS
 * query itself has weight 1 and an admissible heuristic. (sanity() has
 * already checked the path as a legal walk, its cost against Dijkstra's
 * and the partial path.) */
static void jps_check(gen *g, const vf_vector *v, const vf_outcome *o)
{
    const ls_query *q = &v->query;
    ls_status want = jps_expected_validation(g, q);
    vf_vector a;
    vf_outcome ao;

    if (want != LS_OK) {
        if (o->status != want)
            die("JPS gave another status than validation must give", v->id);
        return;
    }
    if (o->status < 0 && o->status != LS_ERR_COST_OVERFLOW)
        die("JPS refused a query it supports", v->id);
    if (o->status == LS_EXPANSION_LIMIT &&
        o->expansions != q->max_expansions)
        die("JPS stopped at another count than its expansion limit", v->id);
    if (o->status == LS_OK && q->max_expansions != 0 &&
        o->expansions > q->max_expansions)
        die("JPS expanded more than its limit", v->id);
    if (o->status == LS_OK && q->start_x == q->goal_x &&
        q->start_y == q->goal_y &&
        (o->cost != 0 || o->length != 1 || o->expansions != 0))
        die("start == goal is not the one-cell path of cost 0", v->id);
    if (o->status != LS_OK && o->status != LS_NO_PATH)
        return;

    memset(&a, 0, sizeof a);
    memcpy(a.id, v->id, sizeof a.id);
    a.query = *q;
    a.query.algorithm = LS_ALGO_ASTAR;
    a.query.heuristic = LS_HEURISTIC_AUTO;
    a.query.weight = fix16_one;
    a.query.max_expansions = 0;
    if (vf_run(&g->runner, g->grid, &a, 0, &ao) != 0)
        die("out of memory", NULL);
    if (o->status == LS_NO_PATH && ao.status != LS_NO_PATH)
        die("JPS found no path, A* did", v->id);
    if (o->status == LS_OK) {
        if (ao.status != LS_OK)
            die("JPS found a path, A* did not", v->id);
        if (o->cost < ao.cost)
            die("the JPS cost is below A*'s optimum", v->id);
        if (admissible(q) && q->weight == fix16_one && o->cost != ao.cost)
            die("the JPS cost differs from A*'s (weight 1, admissible)",
                v->id);
    }
    vf_outcome_free(&ao);
}

/* Run v, check the outcome and record it as v's expectation. */
static ls_status vec_done(gen *g, vf_vector *v)
{
    vf_outcome o, s;
    vf_report rep;

    if (vf_run(&g->runner, g->grid, v, 0, &o) != 0)
        die("out of memory", NULL);
    sanity(g, v, &o);
    if (v->query.algorithm == LS_ALGO_JPS)
        jps_check(g, v, &o);
    vf_outcome_free(&v->expect);
    v->expect = o;
    if (v->budget > 0) {
        if (vf_run(&g->runner, g->grid, v, 1, &s) != 0)
            die("out of memory", NULL);
        v->expect.slices = s.slices;
        memset(&rep, 0, sizeof rep);
        rep.out = stderr;
        if (vf_compare(g->stem, v, "sliced", &s, &rep) != 0)
            die("a sliced run differs from the one-shot run", v->id);
        vf_outcome_free(&s);
    }
    return v->expect.status;
}

static void tally_file(const vf_file *f)
{
    uint32_t i;
    for (i = 0; i < f->vector_count; i++) {
        const vf_vector *v = &f->vectors[i];
        const vf_map *m = &f->maps[v->map];
        tally_add(&t_connect, v->query.connectivity, 0);
        tally_add(&t_corners, v->query.corner_rule, 0);
        tally_add(&t_heuristic, v->query.heuristic, 0);
        tally_add(&t_tie, v->query.tie_break, 0);
        tally_add(&t_algo, v->query.algorithm, 0);
        tally_add(&t_weight, v->query.weight, 0);
        tally_add(&t_costs, v->query.straight_cost, v->query.diagonal_cost);
        tally_add(&t_status, v->expect.status, 0);
        tally_add(&t_budget, v->budget, 0);
        if (v->budget)
            n_sliced++;
        if (v->query.max_expansions)
            n_limited++;
        if ((int64_t)m->width * m->height >= 512 * 512)
            n_large++;
    }
}

/* n vectors on the current map: random pairs, cycling options. */
static void vec_random(gen *g, uint32_t n)
{
    uint32_t i;
    for (i = 0; i < n; i++) {
        vf_vector *v = vec_new(g);
        vec_options(g, v);
        vec_pair(g, v);
        vec_done(g, v);
    }
}

/* A copy of vector i (its query and budget) as a new vector. */
static vf_vector *vec_clone(gen *g, uint32_t i)
{
    ls_query q = g->file.vectors[i].query;
    char text[VF_WEIGHT_TEXT_MAX];
    uint32_t budget = g->file.vectors[i].budget;
    vf_vector *v;
    memcpy(text, g->file.vectors[i].weight_text, sizeof text);
    v = vec_new(g);
    v->query = q;
    memcpy(v->weight_text, text, sizeof text);
    v->budget = budget;
    return v;
}

static uint32_t last_index(const gen *g)
{
    return g->file.vector_count - 1;
}

/* Forget the last vector (a draw that did not fit the family's aim). */
static void vec_drop(gen *g)
{
    vf_outcome_free(&g->file.vectors[last_index(g)].expect);
    g->file.vector_count--;
    g->map_vectors--;
}

/* maps random maps (seeds seed + i, 5 + i * density_step % obstacles),
 * each with one cell inside a blocked ring; per_map queries alternate that
 * cell as goal and as start. */
static void enclosed_family(gen *g, uint32_t maps, uint32_t seed,
                            uint32_t density_step, uint32_t per_map)
{
    uint32_t i, k;
    for (i = 0; i < maps; i++) {
        int32_t w = 24 + (int32_t)i * 4, h = 20 + (int32_t)i * 2, cx, cy;
        map_gen(g, MG_RANDOM, w, h, seed + i, 5 + i * density_step, 0, 0, 0);
        cx = 3 + (int32_t)rnd(g, (uint32_t)w - 6);
        cy = 3 + (int32_t)rnd(g, (uint32_t)h - 6);
        map_ring(g, cx, cy, 1 + (int32_t)(i % 3));
        map_edit(g, cx, cy, 1, 1, 1);
        for (k = 0; k < per_map; k++) {
            vf_vector *v = vec_new(g);
            vec_options(g, v);
            vec_pair(g, v);
            if (k % 2 == 0) {
                v->query.goal_x = cx;
                v->query.goal_y = cy;
            } else {
                v->query.start_x = cx;
                v->query.start_y = cy;
            }
            vec_done(g, v);
        }
    }
}

/* maps dense 40x40 random maps (seeds seed + i); keep up to want random
 * pairs per map that turn out unreachable (of at most 200 tried). */
static void unreachable_family(gen *g, uint32_t maps, uint32_t seed,
                               uint32_t want)
{
    uint32_t i, k, found;
    for (i = 0; i < maps; i++) {
        map_gen(g, MG_RANDOM, 40, 40, seed + i, 40 + i % 2 * 5, 0, 0, 0);
        for (found = 0, k = 0; found < want && k < 200; k++) {
            vf_vector *v = vec_new(g);
            vec_options(g, v);
            vec_pair(g, v);
            if (vec_done(g, v) == LS_NO_PATH)
                found++;
            else
                vec_drop(g);
        }
    }
}

/* ------------------------------------------------------------------------
 * Families
 * --------------------------------------------------------------------- */

static void fam_empty(gen *g)
{
    static const int32_t sizes[][3] = {
        { 3, 3, 20 }, { 8, 8, 40 }, { 16, 16, 60 }, { 32, 32, 60 },
        { 64, 64, 60 }, { 100, 37, 40 }, { 37, 100, 40 }, { 5, 40, 20 },
        { 40, 5, 20 }, { 128, 128, 40 }, { 200, 50, 30 }, { 256, 256, 16 }
    };
    uint32_t s, i;
    for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        map_gen(g, MG_EMPTY, sizes[s][0], sizes[s][1], 0, 0, 0, 0, 0);
        for (i = 0; i < (uint32_t)sizes[s][2]; i++) {
            vf_vector *v = vec_new(g);
            ls_query *q = &v->query;
            vec_options(g, v);
            vec_pair(g, v);
            /* A quarter on a shared row, column or diagonal: ties. */
            switch (i % 8) {
            case 1: q->goal_y = q->start_y; break;
            case 3: q->goal_x = q->start_x; break;
            case 5: {
                int32_t d = q->goal_x - q->start_x;
                if (q->start_y + d >= 0 && q->start_y + d < g->h)
                    q->goal_y = q->start_y + d;
                break;
            }
            default: break;
            }
            vec_done(g, v);
        }
    }
}

static void fam_random(gen *g)
{
    static const int32_t sizes[][2] = { { 24, 24 }, { 48, 48 }, { 64, 40 },
                                        { 96, 96 } };
    uint32_t percent, s;
    for (percent = 5; percent <= 45; percent += 5) {
        for (s = 0; s < 4; s++) {
            map_gen(g, MG_RANDOM, sizes[s][0], sizes[s][1],
                    1000u + percent * 10u + s, percent, 0, 0, 0);
            vec_random(g, 20);
        }
    }
}

static void fam_maze(gen *g)
{
    static const int32_t sizes[][2] = { { 21, 21 }, { 41, 31 }, { 63, 63 },
                                        { 101, 81 } };
    static const uint32_t loops[] = { 0, 5, 25 };
    uint32_t k, l, s;
    for (k = 1; k <= 3; k++)
        for (l = 0; l < 3; l++)
            for (s = 0; s < 4; s++) {
                map_gen(g, MG_MAZE, sizes[s][0], sizes[s][1],
                        2000u + k * 100u + l * 10u + s, k, loops[l], 0, 0);
                vec_random(g, 9);
            }
}

static void fam_rooms(gen *g)
{
    static const int32_t sizes[][2] = { { 32, 32 }, { 64, 48 }, { 100, 100 } };
    static const uint32_t rooms[] = { 4, 7, 10, 15 };
    static const uint32_t doors[][2] = { { 1, 50 }, { 2, 80 }, { 3, 100 } };
    uint32_t r, d, s;
    for (r = 0; r < 4; r++)
        for (d = 0; d < 3; d++)
            for (s = 0; s < 3; s++) {
                map_gen(g, MG_ROOMS, sizes[s][0], sizes[s][1],
                        3000u + r * 100u + d * 10u + s, rooms[r], doors[d][0],
                        doors[d][1], 0);
                vec_random(g, 7);
            }
}

static void fam_corridors(gen *g)
{
    static const int32_t sizes[][2] = { { 9, 9 }, { 15, 21 }, { 31, 17 },
                                        { 40, 40 } };
    static const uint32_t gaps[] = { 1, 2, 4 };
    uint32_t k, vert, s;
    for (k = 0; k < 3; k++)
        for (vert = 0; vert < 2; vert++)
            for (s = 0; s < 4; s++) {
                map_gen(g, MG_CORRIDORS, sizes[s][0], sizes[s][1],
                        4000u + k * 100u + vert * 10u + s, gaps[k], vert, 0, 0);
                vec_random(g, 9);
            }
}

/* Small drawn traps where the corner rule decides: run each start/goal
 * pair under all three rules and both tie-breaks. */
static const char *const trap_pinch[] = { ".#", "#.", NULL };
static const char *const trap_clip[] = { "..", "#.", NULL };
static const char *const trap_stairs[] = {
    ".####", "#.###", "##.##", "###.#", "####.", NULL };
static const char *const trap_wall[] = {
    "......", "....#.", "...#..", "..#...", ".#....", "......", NULL };
static const char *const trap_zigzag[] = {
    ".#......", "..#.#...", "...#.#..", "....#.#.", "......#.", NULL };
static const char *const trap_room[] = {
    "#########", "#.......#", "#.##.##.#", "#.#...#.#", "#...#...#",
    "#.#...#.#", "#.##.##.#", "#.......#", "#########", NULL };
static const char *const trap_fence[] = {
    "..........", ".#.#.#.#..", "..#.#.#.#.", ".#.#.#.#..", "..........",
    NULL };
static const char *const trap_swamp[] = {
    "..........", ".99999999.", ".9#....#9.", ".9.#..#.9.", ".9..##..9.",
    ".99999999.", "..........", NULL };

typedef struct trap {
    const char *const *rows;
    int32_t pairs[2][4];
} trap;

static const trap traps[] = {
    { trap_pinch, { { 0, 0, 1, 1 }, { 1, 1, 0, 0 } } },
    { trap_clip, { { 0, 0, 1, 1 }, { 1, 1, 0, 0 } } },
    { trap_stairs, { { 0, 0, 4, 4 }, { 4, 4, 0, 0 } } },
    { trap_wall, { { 5, 0, 0, 5 }, { 3, 3, 2, 2 } } },
    { trap_zigzag, { { 0, 0, 7, 4 }, { 7, 0, 0, 4 } } },
    { trap_room, { { 1, 1, 7, 7 }, { 4, 3, 4, 5 } } },
    { trap_fence, { { 0, 0, 9, 4 }, { 2, 1, 8, 3 } } },
    { trap_swamp, { { 0, 3, 9, 3 }, { 4, 3, 5, 4 } } },
};

static void fam_corners(gen *g)
{
    static const uint32_t checker[] = { 0, 30, 60, 90 };
    static const int32_t sizes[][2] = { { 20, 20 }, { 48, 32 }, { 64, 64 } };
    uint32_t t, p, rule, tie, c, s, i;

    for (t = 0; t < sizeof traps / sizeof traps[0]; t++) {
        map_rows(g, traps[t].rows);
        for (p = 0; p < 2; p++)
            for (rule = 0; rule < 3; rule++)
                for (tie = 0; tie < 2; tie++) {
                    vf_vector *v = vec_new(g);
                    v->query.start_x = traps[t].pairs[p][0];
                    v->query.start_y = traps[t].pairs[p][1];
                    v->query.goal_x = traps[t].pairs[p][2];
                    v->query.goal_y = traps[t].pairs[p][3];
                    v->query.corner_rule = (int32_t)rule;
                    v->query.tie_break = (int32_t)tie;
                    v->query.heuristic = (int32_t)((t + p) % 5);
                    v->budget = (t + rule) % 4 == 0 ? 1 : 0;
                    vec_done(g, v);
                }
        /* And once 4-connected. */
        {
            vf_vector *v = vec_new(g);
            v->query.connectivity = LS_CONNECT_4;
            v->query.start_x = traps[t].pairs[0][0];
            v->query.start_y = traps[t].pairs[0][1];
            v->query.goal_x = traps[t].pairs[0][2];
            v->query.goal_y = traps[t].pairs[0][3];
            vec_done(g, v);
        }
    }
    /* Generated traps: diagonal walls, checkerboard pinches, dots. Each
     * pair 8-connected under the three rules, with the other options
     * cycling. */
    for (c = 0; c < 4; c++)
        for (s = 0; s < 3; s++) {
            uint32_t area = (uint32_t)(sizes[s][0] * sizes[s][1]);
            map_gen(g, MG_TRAPS, sizes[s][0], sizes[s][1],
                    5000u + c * 10u + s, checker[c], area / 40u, 8,
                    area / 30u);
            for (i = 0; i < 8; i++) {
                uint32_t first = 0;
                for (rule = 0; rule < 3; rule++) {
                    vf_vector *v;
                    if (rule == 0) {
                        v = vec_new(g);
                        vec_options(g, v);
                        vec_pair(g, v);
                        first = last_index(g);
                    } else {
                        v = vec_clone(g, first);
                    }
                    v->query.connectivity = LS_CONNECT_8;
                    v->query.corner_rule = (int32_t)rule;
                    vec_done(g, v);
                }
            }
        }
}

static void fam_terrain(gen *g)
{
    static const uint32_t max[] = { 2, 5, 9, 255 };
    static const uint32_t percent[] = { 0, 10, 25 };
    static const int32_t sizes[][2] = { { 32, 32 }, { 64, 64 }, { 96, 48 } };
    static const char *const drawn[] = {
        "..........222222222", ".###......299999992", "...#......298888892",
        "...#####..298777892", ".......#..298777892", "..2222.#..298888892",
        "..2552.#..299999992", "..2222....222222222", NULL };
    uint32_t m, p, s;

    for (m = 0; m < 4; m++)
        for (p = 0; p < 3; p++)
            for (s = 0; s < 3; s++) {
                uint32_t area = (uint32_t)(sizes[s][0] * sizes[s][1]);
                map_gen(g, MG_TERRAIN, sizes[s][0], sizes[s][1],
                        6000u + m * 100u + p * 10u + s, area / 64u + 3u, 12,
                        max[m], percent[p]);
                vec_random(g, 8);
            }
    map_rows(g, drawn);
    vec_random(g, 20);
    /* The same drawn map with a few costs no row character can spell. */
    map_rows(g, drawn);
    map_edit(g, 12, 2, 3, 3, 200);
    map_edit(g, 0, 7, 1, 1, 255);
    map_edit(g, 5, 0, 4, 2, 17);
    vec_random(g, 20);
}

static void fam_edges(gen *g)
{
    static const int32_t lines[] = { 2, 3, 10, 64, 257, 5000 };
    uint32_t i, k;

    /* 1 x 1: start == goal, and a blocked single cell. */
    map_gen(g, MG_EMPTY, 1, 1, 0, 0, 0, 0, 0);
    for (i = 0; i < 12; i++) {
        vf_vector *v = vec_new(g);
        vec_options(g, v);
        vec_done(g, v);
    }
    map_gen(g, MG_EMPTY, 1, 1, 0, 0, 0, 0, 0);
    map_edit(g, 0, 0, 1, 1, 0);
    {
        vf_vector *v = vec_new(g);
        vec_done(g, v);
    }
    /* 1 x N and N x 1, empty and with obstacles. */
    for (i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        for (k = 0; k < 4; k++) {
            int32_t w = k % 2 ? lines[i] : 1, h = k % 2 ? 1 : lines[i];
            if (k < 2)
                map_gen(g, MG_EMPTY, w, h, 0, 0, 0, 0, 0);
            else
                map_gen(g, MG_TERRAIN, w, h, 7000u + i * 10u + k,
                        (uint32_t)lines[i] / 8u + 1u, 6, 4, 5);
            vec_random(g, 6);
        }
    }
    /* 2 x N and N x 2 with obstacles (diagonals squeeze past them). */
    for (i = 0; i < 4; i++) {
        map_gen(g, MG_RANDOM, i % 2 ? 40 : 2, i % 2 ? 2 : 40, 7100u + i, 15,
                0, 0, 0);
        vec_random(g, 8);
    }
    /* Borders: start and goal on the outer ring, corners included. */
    for (i = 0; i < 4; i++) {
        map_gen(g, MG_RANDOM, 30 + (int32_t)i * 7, 20 + (int32_t)i * 3,
                7200u + i, 5 + i * 5, 0, 0, 0);
        for (k = 0; k < 16; k++) {
            vf_vector *v = vec_new(g);
            int32_t pts[2][2], j;
            vec_options(g, v);
            for (j = 0; j < 2; j++)
                border_point(g, &pts[j][0], &pts[j][1]);
            v->query.start_x = pts[0][0];
            v->query.start_y = pts[0][1];
            v->query.goal_x = pts[1][0];
            v->query.goal_y = pts[1][1];
            vec_done(g, v);
        }
    }
    /* start == goal on open maps, in a walled cell, with a limit. */
    map_gen(g, MG_RANDOM, 16, 16, 7300, 30, 0, 0, 0);
    map_ring(g, 8, 8, 1);
    map_edit(g, 8, 8, 1, 1, 1);
    for (i = 0; i < 24; i++) {
        vf_vector *v = vec_new(g);
        vec_options(g, v);
        if (i < 8) {
            v->query.start_x = v->query.goal_x = 8;
            v->query.start_y = v->query.goal_y = 8;
        } else {
            pick_open(g, &v->query.start_x, &v->query.start_y);
            v->query.goal_x = v->query.start_x;
            v->query.goal_y = v->query.start_y;
        }
        if (i % 3 == 0)
            v->query.max_expansions = 1;
        vec_done(g, v);
    }
}

/* Slicing vectors shared by the A* and JPS families, on the current map:
 * start == goal with budget 1, and a blocked goal (or one off the map when
 * nothing is blocked) with budget 2. */
static void sliced_trivial_and_error(gen *g)
{
    vf_vector *v = vec_new(g);
    int32_t bx, by;
    vec_options(g, v);
    vec_pair(g, v);
    v->query.goal_x = v->query.start_x;
    v->query.goal_y = v->query.start_y;
    v->budget = 1;
    vec_done(g, v);
    v = vec_new(g);
    vec_options(g, v);
    vec_pair(g, v);
    if (pick_blocked(g, &bx, &by) == 0) {
        v->query.goal_x = bx;
        v->query.goal_y = by;
    } else {
        v->query.goal_x = -1;
    }
    v->budget = 2;
    vec_done(g, v);
}

/* count sliced queries to a goal walled in by a ring on a 40x30 random
 * map of the given seed; budgets taken every budget_step-th from the list. */
static void sliced_unreachable(gen *g, uint32_t seed, uint32_t count,
                               uint32_t budget_step)
{
    uint32_t k;
    map_gen(g, MG_RANDOM, 40, 30, seed, 20, 0, 0, 0);
    map_ring(g, 20, 15, 3);
    map_edit(g, 19, 14, 3, 3, 1);
    for (k = 0; k < count; k++) {
        vf_vector *v = vec_new(g);
        vec_options(g, v);
        vec_pair(g, v);
        v->query.goal_x = 20;
        v->query.goal_y = 15;
        v->budget = budgets[(k * budget_step) %
                            (sizeof budgets / sizeof budgets[0])];
        vec_done(g, v);
    }
}

/* An expansion-limit ladder around a solvable query's expansion count E:
 * max_expansions 1, 2, E/2, E-1 (limit), E and E+1 (found). */
static void limit_ladder(gen *g)
{
    vf_vector *v;
    uint32_t e, i, base;
    uint32_t tries = 0;
    for (;;) {
        v = vec_new(g);
        vec_options(g, v);
        vec_pair(g, v);
        if (vec_done(g, v) == LS_OK && v->expect.expansions >= 4)
            break;
        vec_drop(g);
        if (++tries > 50)
            return;
    }
    base = last_index(g);
    e = g->file.vectors[base].expect.expansions;
    {
        const uint32_t ladder[5] = { 1, 2, e / 2, e - 1, e + 1 };
        for (i = 0; i < 5; i++) {
            v = vec_clone(g, base);
            v->query.max_expansions = ladder[i];
            vec_done(g, v);
        }
    }
    /* the base itself, exactly at its count */
    v = vec_clone(g, base);
    v->query.max_expansions = e;
    vec_done(g, v);
}

static void fam_limits(gen *g)
{
    uint32_t i, k;

    /* Enclosed goals (and starts): a blocked ring around them. */
    enclosed_family(g, 10, 8000u, 2, 8);
    /* Dense random maps: keep pairs that turn out unreachable. */
    unreachable_family(g, 6, 8100u, 10);
    /* Expansion limits with partial paths. */
    for (i = 0; i < 8; i++) {
        switch (i % 4) {
        case 0: map_gen(g, MG_RANDOM, 48, 48, 8200u + i, 20, 0, 0, 0); break;
        case 1: map_gen(g, MG_MAZE, 41, 41, 8200u + i, 1, 10, 0, 0); break;
        case 2: map_gen(g, MG_ROOMS, 64, 64, 8200u + i, 9, 2, 80, 0); break;
        default:
            map_gen(g, MG_TERRAIN, 48, 48, 8200u + i, 30, 10, 9, 10);
            break;
        }
        for (k = 0; k < 4; k++)
            limit_ladder(g);
    }
    /* Limits on queries that have no path; and a start boxed in alone. */
    map_gen(g, MG_RANDOM, 32, 32, 8300, 20, 0, 0, 0);
    map_ring(g, 10, 10, 2);
    map_edit(g, 9, 9, 3, 3, 1);
    for (k = 0; k < 20; k++) {
        vf_vector *v = vec_new(g);
        vec_options(g, v);
        vec_pair(g, v);
        v->query.goal_x = 10;
        v->query.goal_y = 10;
        v->query.max_expansions = 1 + rnd(g, 40);
        vec_done(g, v);
    }
    map_gen(g, MG_EMPTY, 12, 12, 0, 0, 0, 0, 0);
    map_ring(g, 3, 3, 1);
    for (k = 0; k < 10; k++) {
        vf_vector *v = vec_new(g);
        vec_options(g, v);
        v->query.start_x = 3;
        v->query.start_y = 3;
        v->query.goal_x = 9;
        v->query.goal_y = 10;
        v->query.max_expansions = k % 2;
        vec_done(g, v);
    }
}

static void err_vector(gen *g, int32_t sx, int32_t sy, int32_t gx, int32_t gy)
{
    vf_vector *v = vec_new(g);
    vec_options(g, v);
    v->query.start_x = sx;
    v->query.start_y = sy;
    v->query.goal_x = gx;
    v->query.goal_y = gy;
    vec_done(g, v);
}

static void fam_errors(gen *g)
{
    static const int32_t outside[][2] = {
        { -1, 0 }, { 0, -1 }, { 16, 0 }, { 0, 12 }, { 16, 12 }, { -1, -1 },
        { INT32_MIN, 0 }, { 0, INT32_MIN }, { INT32_MAX, 5 }, { 5, INT32_MAX },
        { -16384, 3 }, { 3, 16384 }
    };
    static const int32_t bad_connect[] = { 0, 1, 2, 6, -4, -8, 9, 16 };
    static const int32_t bad_corner[] = { -1, 3, 4, 100, INT32_MIN };
    static const int32_t bad_heuristic[] = { -1, 5, 6, 99, INT32_MAX };
    static const int32_t bad_tie[] = { -1, 2, 3, 255 };
    static const int32_t bad_algo[] = { -1, 99, 1000, INT32_MAX };
    static const uint32_t bad_costs[][2] = {
        { 0, 0 }, { 0, 1 }, { 65536, 65536 }, { 65536, 131072 }, { 10, 9 },
        { 10, 21 }, { 1, 0 }, { 1, 3 }, { 65535, 131071 }, { 65535, 65534 },
        { UINT32_MAX, UINT32_MAX }, { 100000, 141421 }
    };
    static const char *const bad_weights[] = {
        "0", "0.5", "0.99999", "-1", "-64", "64.00002", "65", "100",
        "32767.99998", "-0.00001"
    };
    static const char *const good_edges[] = { "64", "1", "1.00001", "63.99999" };
    uint32_t i, k;
    int32_t bx, by, ox, oy;
    vf_vector *v;

    map_gen(g, MG_RANDOM, 16, 12, 9000, 25, 0, 0, 0);
    pick_blocked(g, &bx, &by);
    pick_open(g, &ox, &oy);
    /* Out of bounds start, goal, both. */
    for (i = 0; i < sizeof outside / sizeof outside[0]; i++) {
        err_vector(g, outside[i][0], outside[i][1], ox, oy);
        err_vector(g, ox, oy, outside[i][0], outside[i][1]);
        err_vector(g, outside[i][0], outside[i][1], outside[i][1],
                   outside[i][0]);
    }
    /* Blocked start, goal, both; and blocked against out of bounds. */
    for (k = 0; k < 6; k++) {
        int32_t b2x, b2y;
        pick_blocked(g, &bx, &by);
        pick_blocked(g, &b2x, &b2y);
        pick_open(g, &ox, &oy);
        err_vector(g, bx, by, ox, oy);
        err_vector(g, ox, oy, bx, by);
        err_vector(g, bx, by, b2x, b2y);
        err_vector(g, bx, by, -1, oy);
        err_vector(g, 16, oy, bx, by);
    }
    /* Bad options, each alone and together with other errors to pin the
     * order in which they are reported. */
    pick_blocked(g, &bx, &by);
    pick_open(g, &ox, &oy);
    for (i = 0; i < sizeof bad_connect / sizeof bad_connect[0]; i++) {
        v = vec_new(g);
        vec_options(g, v);
        vec_pair(g, v);
        v->query.connectivity = bad_connect[i];
        if (i % 2)
            v->query.start_x = -1;
        vec_done(g, v);
    }
    for (i = 0; i < sizeof bad_corner / sizeof bad_corner[0]; i++)
        for (k = 0; k < 2; k++) {
            v = vec_new(g);
            vec_options(g, v);
            vec_pair(g, v);
            v->query.connectivity = k ? LS_CONNECT_4 : LS_CONNECT_8;
            v->query.corner_rule = bad_corner[i];
            vec_done(g, v);
        }
    for (i = 0; i < sizeof bad_heuristic / sizeof bad_heuristic[0]; i++)
        for (k = 0; k < 2; k++) {
            v = vec_new(g);
            vec_options(g, v);
            vec_pair(g, v);
            v->query.heuristic = bad_heuristic[i];
            if (k)
                set_costs(v, 0, 0);
            vec_done(g, v);
        }
    for (i = 0; i < sizeof bad_tie / sizeof bad_tie[0]; i++)
        for (k = 0; k < 2; k++) {
            v = vec_new(g);
            vec_options(g, v);
            vec_pair(g, v);
            v->query.tie_break = bad_tie[i];
            if (k)
                set_weight(v, "0.5");
            vec_done(g, v);
        }
    for (i = 0; i < sizeof bad_algo / sizeof bad_algo[0]; i++)
        for (k = 0; k < 2; k++) {
            v = vec_new(g);
            vec_options(g, v);
            vec_pair(g, v);
            v->query.algorithm = bad_algo[i];
            if (k) {
                v->query.goal_x = bx;
                v->query.goal_y = by;
            }
            vec_done(g, v);
        }
    for (i = 0; i < sizeof bad_costs / sizeof bad_costs[0]; i++)
        for (k = 0; k < 3; k++) {
            v = vec_new(g);
            vec_options(g, v);
            vec_pair(g, v);
            set_costs(v, bad_costs[i][0], bad_costs[i][1]);
            if (k == 1)
                v->query.connectivity = LS_CONNECT_4;
            if (k == 2)
                set_weight(v, "100");
            vec_done(g, v);
        }
    for (i = 0; i < sizeof bad_weights / sizeof bad_weights[0]; i++)
        for (k = 0; k < 2; k++) {
            v = vec_new(g);
            vec_options(g, v);
            vec_pair(g, v);
            set_weight(v, bad_weights[i]);
            if (k) {
                v->query.start_x = bx;
                v->query.start_y = by;
            }
            vec_done(g, v);
        }
    /* The valid extremes next to them. */
    for (i = 0; i < sizeof good_edges / sizeof good_edges[0]; i++) {
        v = vec_new(g);
        vec_options(g, v);
        vec_pair(g, v);
        set_weight(v, good_edges[i]);
        vec_done(g, v);
    }
    for (i = 0; i < 3; i++) {
        static const uint32_t edge_costs[3][2] = {
            { 1, 1 }, { 65535, 65535 }, { 65535, 131070 } };
        v = vec_new(g);
        vec_options(g, v);
        vec_pair(g, v);
        set_costs(v, edge_costs[i][0], edge_costs[i][1]);
        vec_done(g, v);
    }

    /* Cost overflow. A step into a cost-255 cell at straight 65535 costs
     * 16711425: 128 steps fit below 2^31, 129 do not. */
    for (i = 0; i < 4; i++) {
        int32_t len = i < 2 ? 129 : 130;
        map_gen(g, MG_EMPTY, len, i % 2 ? 3 : 1, 0, 0, 0, 0, 0);
        map_edit(g, 0, 0, len, g->h, 255);
        for (k = 0; k < 4; k++) {
            v = vec_new(g);
            v->query.connectivity = k % 2 ? LS_CONNECT_4 : LS_CONNECT_8;
            v->query.heuristic = k < 2 ? LS_HEURISTIC_AUTO : LS_HEURISTIC_ZERO;
            set_costs(v, 65535, 131070);
            v->query.start_x = 0;
            v->query.start_y = 0;
            v->query.goal_x = len - 1;
            v->query.goal_y = g->h - 1;
            v->budget = k == 3 ? 50 : 0;
            vec_done(g, v);
        }
    }
    /* ... in the middle of a 2-D search, with diagonals and terrain. */
    map_gen(g, MG_TERRAIN, 200, 60, 9100, 40, 30, 255, 5);
    for (k = 0; k < 6; k++) {
        v = vec_new(g);
        vec_options(g, v);
        set_costs(v, 65535, k % 2 ? 65535 : 131070);
        v->query.start_x = 0;
        v->query.start_y = (int32_t)k * 10;
        v->query.goal_x = 199;
        v->query.goal_y = 59 - (int32_t)k * 10;
        while (cell(g, v->query.start_x, v->query.start_y) == 0 ||
               cell(g, v->query.goal_x, v->query.goal_y) == 0)
            vec_pair(g, v);
        vec_done(g, v);
    }
    /* The start's f overflows at once: weight 64 x a long estimate. */
    map_gen(g, MG_EMPTY, 700, 1, 0, 0, 0, 0, 0);
    for (k = 0; k < 4; k++) {
        v = vec_new(g);
        set_costs(v, 65535, 65535 + k);
        set_weight(v, k % 2 ? "64" : "48");
        v->query.heuristic = (int32_t)(k % 4);
        v->query.goal_x = 699;
        v->budget = k == 2 ? 1 : 0;
        vec_done(g, v);
    }
}

static void fam_slicing(gen *g)
{
    uint32_t m, k, i;
    for (m = 0; m < 6; m++) {
        switch (m) {
        case 0: map_gen(g, MG_RANDOM, 48, 48, 10000, 20, 0, 0, 0); break;
        case 1: map_gen(g, MG_MAZE, 41, 41, 10001, 1, 5, 0, 0); break;
        case 2: map_gen(g, MG_ROOMS, 64, 64, 10002, 7, 2, 70, 0); break;
        case 3: map_gen(g, MG_EMPTY, 64, 64, 10003, 0, 0, 0, 0); break;
        case 4: map_gen(g, MG_TERRAIN, 48, 48, 10004, 40, 10, 9, 10); break;
        default: map_gen(g, MG_CORRIDORS, 31, 31, 10005, 2, 0, 0, 0); break;
        }
        /* Every budget from the list on random pairs. */
        for (i = 0; i < sizeof budgets / sizeof budgets[0]; i++)
            for (k = 0; k < 2; k++) {
                vf_vector *v = vec_new(g);
                vec_options(g, v);
                vec_pair(g, v);
                v->budget = budgets[i];
                vec_done(g, v);
            }
        /* Budgets around a query's expansion count E, with and without a
         * limit at the same count. */
        for (k = 0; k < 2; k++) {
            uint32_t base, e, b;
            vf_vector *v = vec_new(g);
            vec_options(g, v);
            vec_pair(g, v);
            v->budget = 1;
            if (vec_done(g, v) != LS_OK || v->expect.expansions < 3)
                continue;
            base = last_index(g);
            e = v->expect.expansions;
            {
                const uint32_t around[6] = { e - 1, e, e + 1, e / 2,
                                             e / 2 + 1, UINT32_MAX };
                for (b = 0; b < 6; b++) {
                    v = vec_clone(g, base);
                    v->budget = around[b];
                    vec_done(g, v);
                    v = vec_clone(g, base);
                    v->budget = around[b];
                    v->query.max_expansions = e - 1 - (b % 2);
                    vec_done(g, v);
                }
            }
        }
        sliced_trivial_and_error(g);
    }
    sliced_unreachable(g, 10010, 16, 1);
}

/* Pairs far apart on a big map (so searches are long), at most maxlen
 * cells of path when found, to keep files small. */
static void vec_far(gen *g, uint32_t n, uint32_t maxlen)
{
    uint32_t i, tries;
    for (i = 0; i < n; i++) {
        vf_vector *v = vec_new(g);
        vec_options(g, v);
        for (tries = 0;; tries++) {
            int32_t dx, dy;
            vec_pair(g, v);
            dx = v->query.goal_x - v->query.start_x;
            dy = v->query.goal_y - v->query.start_y;
            if (dx < 0)
                dx = -dx;
            if (dy < 0)
                dy = -dy;
            if ((dx > dy ? dx : dy) >= g->w / 4 || tries > 100)
                break;
        }
        vec_done(g, v);
        if (v->expect.status == LS_OK && v->expect.length > maxlen &&
            tries < 100) {
            /* too long for the file: drop it, draw again */
            vec_drop(g);
            i--;
        }
    }
}

static void fam_large(gen *g)
{
    map_gen(g, MG_RANDOM, 512, 512, 11000, 20, 0, 0, 0);
    vec_far(g, 10, 1200);
    map_gen(g, MG_MAZE, 512, 512, 11001, 4, 0, 0, 0);
    vec_far(g, 6, 2500);
    map_gen(g, MG_ROOMS, 512, 512, 11002, 31, 3, 80, 0);
    vec_far(g, 8, 1200);
    map_gen(g, MG_TERRAIN, 512, 512, 11003, 300, 64, 9, 10);
    vec_far(g, 6, 1200);
    map_gen(g, MG_TRAPS, 512, 512, 11004, 20, 4000, 16, 6000);
    vec_far(g, 6, 1200);
    map_gen(g, MG_EMPTY, 1024, 1024, 0, 0, 0, 0, 0);
    vec_far(g, 8, 2000);
    map_gen(g, MG_RANDOM, 1024, 768, 11006, 30, 0, 0, 0);
    vec_far(g, 6, 2000);
}

static void fam_files(gen *g)
{
    map_file(g, "maps/fort.map", 48, 24);
    vec_random(g, 30);
    map_file(g, "maps/pinch.map", 32, 20);
    vec_random(g, 30);
    /* A map file with edits on top: a gate closed, a swamp laid. */
    map_file(g, "maps/fort.map", 48, 24);
    map_edit(g, 25, 16, 3, 1, 0);
    map_edit(g, 36, 17, 10, 5, 7);
    vec_random(g, 20);
}

/* ------------------------------------------------------------------------
 * JPS (jps.vec): every query is LS_ALGO_JPS. Successful ones are checked
 * by sanity() (legal walk, Dijkstra's cost) and by jps_check() (A*'s cost,
 * the validation order). The file is split into sections, counted in the
 * summary.
 * --------------------------------------------------------------------- */

#define MAX_SECTIONS 24
static const char *section_name[MAX_SECTIONS];
static uint32_t section_count[MAX_SECTIONS], section_used, section_start;

/* Close the current section and open one called name (NULL: none). */
static void jps_section(gen *g, const char *name)
{
    if (section_used > 0)
        section_count[section_used - 1] =
            g->file.vector_count - section_start;
    if (!name)
        return;
    if (section_used == MAX_SECTIONS)
        die("internal: too many sections", name);
    section_name[section_used++] = name;
    section_start = g->file.vector_count;
}

/* A JPS vector with drawn options and the given start and goal. */
static vf_vector *jps_vector(gen *g, int32_t sx, int32_t sy, int32_t gx,
                             int32_t gy)
{
    vf_vector *v = vec_new(g);
    vec_options(g, v);
    v->query.start_x = sx;
    v->query.start_y = sy;
    v->query.goal_x = gx;
    v->query.goal_y = gy;
    return v;
}

/* Drawn maps where jump points and forced neighbours decide. */
static const char *const jps_forced[] = {
    "............", "....#.......", "............", "........#...",
    "..#.........", "............", "......#.....", "............", NULL };
static const char *const jps_utrap[] = {
    "..............", "...########...", "..........#...", "..........#...",
    "..........#...", "...########...", "..............", "..............",
    NULL };
static const char *const jps_pillars[] = {
    "...........", ".#.#.#.#.#.", "...........", ".#.#.#.#.#.",
    "...........", ".#.#.#.#.#.", "...........", NULL };
static const char *const jps_diagwall[] = {
    "........#", ".......#.", "......#..", ".....#...", "....#....",
    "...#.....", "..#......", ".#.......", "#........", NULL };
static const char *const jps_online[] = {
    "...............", "...............", "...............",
    "..........#....", "...............", NULL };

static const trap jps_traps[] = {
    { trap_pinch, { { 0, 0, 1, 1 }, { 1, 1, 0, 0 } } },
    { trap_clip, { { 0, 0, 1, 1 }, { 1, 1, 0, 0 } } },
    { trap_stairs, { { 0, 0, 4, 4 }, { 4, 4, 0, 0 } } },
    { trap_wall, { { 5, 0, 0, 5 }, { 3, 3, 2, 2 } } },
    { trap_zigzag, { { 0, 0, 7, 4 }, { 7, 0, 0, 4 } } },
    { trap_room, { { 1, 1, 7, 7 }, { 4, 3, 4, 5 } } },
    { trap_fence, { { 0, 0, 9, 4 }, { 2, 1, 8, 3 } } },
    { jps_forced, { { 0, 0, 11, 7 }, { 11, 1, 0, 6 } } },
    { jps_utrap, { { 5, 3, 13, 3 }, { 0, 3, 13, 4 } } },
    { jps_pillars, { { 0, 0, 10, 6 }, { 2, 2, 8, 4 } } },
    { jps_diagwall, { { 0, 0, 8, 8 }, { 0, 0, 4, 3 } } },
    { jps_online, { { 0, 2, 7, 2 }, { 0, 0, 4, 4 } } },
};

static void jps_plain(gen *g)
{
    static const int32_t empty[][3] = {
        { 3, 3, 10 }, { 8, 8, 20 }, { 16, 16, 24 }, { 32, 32, 24 },
        { 64, 64, 24 }, { 100, 37, 16 }, { 37, 100, 16 }, { 5, 40, 10 },
        { 40, 5, 10 }, { 128, 128, 16 }, { 256, 256, 10 }
    };
    static const int32_t rnd_sizes[][2] = { { 32, 32 }, { 64, 48 } };
    static const int32_t maze_sizes[][2] = { { 21, 21 }, { 63, 47 } };
    static const uint32_t maze_loops[] = { 0, 10 };
    static const int32_t room_sizes[][2] = { { 40, 40 }, { 80, 64 } };
    static const uint32_t rooms[] = { 5, 9, 15 };
    static const uint32_t doors[][2] = { { 1, 60 }, { 3, 100 } };
    static const int32_t corr_sizes[][2] = { { 15, 21 }, { 40, 40 } };
    static const uint32_t gaps[] = { 1, 2, 4 };
    uint32_t s, i, p, k, l, d;

    /* Empty fields: ties everywhere; a third of the pairs on a shared row,
     * column, diagonal or anti-diagonal. */
    jps_section(g, "empty");
    for (s = 0; s < sizeof empty / sizeof empty[0]; s++) {
        map_gen(g, MG_EMPTY, empty[s][0], empty[s][1], 0, 0, 0, 0, 0);
        for (i = 0; i < (uint32_t)empty[s][2]; i++) {
            vf_vector *v = vec_new(g);
            ls_query *q = &v->query;
            int32_t dd;
            vec_options(g, v);
            vec_pair(g, v);
            switch (i % 6) {
            case 1: q->goal_y = q->start_y; break;
            case 3: q->goal_x = q->start_x; break;
            case 5:
                dd = q->goal_x - q->start_x;
                if (i % 12 == 11)
                    dd = -dd; /* anti-diagonal */
                if (q->start_y + dd >= 0 && q->start_y + dd < g->h)
                    q->goal_y = q->start_y + dd;
                break;
            default: break;
            }
            vec_done(g, v);
        }
    }

    jps_section(g, "random");
    for (p = 5; p <= 45; p += 5)
        for (s = 0; s < 2; s++) {
            map_gen(g, MG_RANDOM, rnd_sizes[s][0], rnd_sizes[s][1],
                    20000u + p * 10u + s, p, 0, 0, 0);
            vec_random(g, 8);
        }

    jps_section(g, "maze");
    for (k = 1; k <= 3; k++)
        for (l = 0; l < 2; l++)
            for (s = 0; s < 2; s++) {
                map_gen(g, MG_MAZE, maze_sizes[s][0], maze_sizes[s][1],
                        21000u + k * 100u + l * 10u + s, k, maze_loops[l], 0,
                        0);
                vec_random(g, 6);
            }

    jps_section(g, "rooms");
    for (k = 0; k < 3; k++)
        for (d = 0; d < 2; d++)
            for (s = 0; s < 2; s++) {
                map_gen(g, MG_ROOMS, room_sizes[s][0], room_sizes[s][1],
                        22000u + k * 100u + d * 10u + s, rooms[k],
                        doors[d][0], doors[d][1], 0);
                vec_random(g, 6);
            }

    jps_section(g, "corridors");
    for (k = 0; k < 3; k++)
        for (l = 0; l < 2; l++)
            for (s = 0; s < 2; s++) {
                map_gen(g, MG_CORRIDORS, corr_sizes[s][0], corr_sizes[s][1],
                        23000u + k * 100u + l * 10u + s, gaps[k], l, 0, 0);
                vec_random(g, 6);
            }
}

static void jps_corners(gen *g)
{
    static const uint32_t checker[] = { 0, 30, 60, 90 };
    static const int32_t sizes[][2] = { { 20, 20 }, { 48, 32 } };
    uint32_t t, p, tie, c, s;

    /* Drawn traps (no corner may be cut: pinches and diagonal walls are
     * closed to JPS) and forced-neighbour patterns: each pair under both
     * tie-breaks, then random pairs. */
    jps_section(g, "corners");
    for (t = 0; t < sizeof jps_traps / sizeof jps_traps[0]; t++) {
        map_rows(g, jps_traps[t].rows);
        for (p = 0; p < 2; p++)
            for (tie = 0; tie < 2; tie++) {
                const int32_t *pr = jps_traps[t].pairs[p];
                vf_vector *v = jps_vector(g, pr[0], pr[1], pr[2], pr[3]);
                v->query.tie_break = (int32_t)tie;
                v->query.heuristic = (int32_t)((t + p + tie) % 5);
                if ((t + p + tie) % 4 == 0)
                    v->budget = 1;
                vec_done(g, v);
            }
        vec_random(g, 4);
    }
    /* Generated traps: checkerboard pinches, diagonal walls, dots. */
    for (c = 0; c < 4; c++)
        for (s = 0; s < 2; s++) {
            uint32_t area = (uint32_t)(sizes[s][0] * sizes[s][1]);
            map_gen(g, MG_TRAPS, sizes[s][0], sizes[s][1],
                    24000u + c * 10u + s, checker[c], area / 40u, 8,
                    area / 30u);
            vec_random(g, 6);
        }
}

static void jps_edges(gen *g)
{
    static const int32_t lines[] = { 2, 3, 10, 64, 257, 2000 };
    uint32_t i, k;

    /* 1 x 1: start == goal. */
    jps_section(g, "edges");
    map_gen(g, MG_EMPTY, 1, 1, 0, 0, 0, 0, 0);
    for (i = 0; i < 6; i++) {
        vf_vector *v = jps_vector(g, 0, 0, 0, 0);
        if (i == 5)
            v->budget = 1;
        vec_done(g, v);
    }
    /* 1 x N and N x 1, empty and with a few obstacles. */
    for (i = 0; i < sizeof lines / sizeof lines[0]; i++)
        for (k = 0; k < 4; k++) {
            int32_t w = k % 2 ? lines[i] : 1, h = k % 2 ? 1 : lines[i];
            if (k < 2)
                map_gen(g, MG_EMPTY, w, h, 0, 0, 0, 0, 0);
            else
                map_gen(g, MG_RANDOM, w, h, 25000u + i * 10u + k, 4, 0, 0,
                        0);
            vec_random(g, 3);
        }
    /* The longest lines (LS_MAX_DIMENSION): jumps of up to 16383 cells to
     * the border, a wall part-way, short paths found beside long jumps. */
    for (k = 0; k < 2; k++) {
        int32_t n = 16384;
        map_gen(g, MG_EMPTY, k ? 1 : n, k ? n : 1, 0, 0, 0, 0, 0);
        if (k)
            map_edit(g, 0, 9000, 1, 1, 0);
        else
            map_edit(g, 16000, 0, 1, 1, 0);
        for (i = 0; i < 4; i++) {
            static const int32_t pts[4][2] = {
                { 16380, 16383 }, { 0, 16383 }, { 8000, 8005 }, { 5, 0 } };
            vf_vector *v = k ? jps_vector(g, 0, pts[i][0], 0, pts[i][1])
                             : jps_vector(g, pts[i][0], 0, pts[i][1], 0);
            vec_done(g, v);
        }
    }
    /* 2 x N and N x 2 with obstacles. */
    for (i = 0; i < 4; i++) {
        int32_t n = i < 2 ? 40 : 200;
        map_gen(g, MG_RANDOM, i % 2 ? n : 2, i % 2 ? 2 : n, 25100u + i, 15,
                0, 0, 0);
        vec_random(g, 5);
    }
    /* Borders: start and goal on the outer ring, corners included. */
    for (i = 0; i < 3; i++) {
        map_gen(g, MG_RANDOM, 30 + (int32_t)i * 7, 20 + (int32_t)i * 3,
                25200u + i, 5 + i * 10, 0, 0, 0);
        for (k = 0; k < 12; k++) {
            vf_vector *v = vec_new(g);
            int32_t pts[2][2], j;
            vec_options(g, v);
            for (j = 0; j < 2; j++)
                border_point(g, &pts[j][0], &pts[j][1]);
            v->query.start_x = pts[0][0];
            v->query.start_y = pts[0][1];
            v->query.goal_x = pts[1][0];
            v->query.goal_y = pts[1][1];
            if (cell(g, pts[0][0], pts[0][1]) == 0 ||
                cell(g, pts[1][0], pts[1][1]) == 0) {
                vec_drop(g); /* errors have their own section */
                k--;
                continue;
            }
            vec_done(g, v);
        }
    }

    /* start == goal: in a walled cell, on open cells, with a limit. */
    jps_section(g, "start-goal");
    map_gen(g, MG_RANDOM, 16, 16, 25300, 30, 0, 0, 0);
    map_ring(g, 8, 8, 1);
    map_edit(g, 8, 8, 1, 1, 1);
    for (i = 0; i < 12; i++) {
        vf_vector *v = vec_new(g);
        vec_options(g, v);
        if (i < 6) {
            v->query.start_x = v->query.goal_x = 8;
            v->query.start_y = v->query.goal_y = 8;
        } else {
            pick_open(g, &v->query.start_x, &v->query.start_y);
            v->query.goal_x = v->query.start_x;
            v->query.goal_y = v->query.start_y;
        }
        if (i % 3 == 0)
            v->query.max_expansions = 1;
        if (i % 4 == 1)
            v->budget = 1;
        vec_done(g, v);
    }
}

static void jps_limits(gen *g)
{
    uint32_t i, k;

    /* Enclosed goals and starts: no path, a partial path. */
    jps_section(g, "unreachable");
    enclosed_family(g, 6, 26000u, 3, 6);
    /* Dense random maps: keep pairs that turn out unreachable. */
    unreachable_family(g, 3, 26100u, 6);

    /* Expansion limits (1, 2, E/2, E-1, E, E+1) with partial paths. */
    jps_section(g, "limits");
    for (i = 0; i < 4; i++) {
        switch (i) {
        case 0: map_gen(g, MG_RANDOM, 48, 48, 26200, 20, 0, 0, 0); break;
        case 1: map_gen(g, MG_MAZE, 41, 41, 26201, 1, 10, 0, 0); break;
        case 2: map_gen(g, MG_ROOMS, 64, 64, 26202, 9, 2, 80, 0); break;
        default: map_gen(g, MG_RANDOM, 64, 64, 26203, 30, 0, 0, 0); break;
        }
        for (k = 0; k < 2; k++)
            limit_ladder(g);
    }
    /* Limits on queries that have no path; a start boxed in alone. */
    map_gen(g, MG_RANDOM, 32, 32, 26300, 20, 0, 0, 0);
    map_ring(g, 10, 10, 2);
    map_edit(g, 9, 9, 3, 3, 1);
    for (k = 0; k < 12; k++) {
        vf_vector *v = vec_new(g);
        vec_options(g, v);
        vec_pair(g, v);
        v->query.goal_x = 10;
        v->query.goal_y = 10;
        v->query.max_expansions = 1 + rnd(g, 40);
        vec_done(g, v);
    }
    map_gen(g, MG_EMPTY, 12, 12, 0, 0, 0, 0, 0);
    map_ring(g, 3, 3, 1);
    for (k = 0; k < 6; k++) {
        vf_vector *v = jps_vector(g, 3, 3, 9, 10);
        v->query.max_expansions = k % 2;
        vec_done(g, v);
    }
}

static void jps_slicing(gen *g)
{
    uint32_t m, k, i;
    jps_section(g, "slicing");
    for (m = 0; m < 3; m++) {
        switch (m) {
        case 0: map_gen(g, MG_RANDOM, 48, 48, 27000, 20, 0, 0, 0); break;
        case 1: map_gen(g, MG_MAZE, 41, 41, 27001, 1, 5, 0, 0); break;
        default: map_gen(g, MG_EMPTY, 64, 64, 0, 0, 0, 0, 0); break;
        }
        /* Every budget of the list on a random pair. */
        for (i = 0; i < sizeof budgets / sizeof budgets[0]; i++) {
            vf_vector *v = vec_new(g);
            vec_options(g, v);
            vec_pair(g, v);
            v->budget = budgets[i];
            vec_done(g, v);
        }
        /* Budgets around a query's expansion count E, with and without a
         * limit at the same count. */
        for (k = 0; k < 4; k++) {
            uint32_t base, e, b;
            vf_vector *v = vec_new(g);
            vec_options(g, v);
            vec_pair(g, v);
            v->budget = 1;
            if (vec_done(g, v) != LS_OK || v->expect.expansions < 3)
                continue;
            base = last_index(g);
            e = v->expect.expansions;
            {
                const uint32_t around[6] = { e - 1, e, e + 1, e / 2,
                                             e / 2 + 1, UINT32_MAX };
                for (b = 0; b < 6; b++) {
                    v = vec_clone(g, base);
                    v->budget = around[b];
                    vec_done(g, v);
                    v = vec_clone(g, base);
                    v->budget = around[b];
                    v->query.max_expansions = e - 1 - (b % 2);
                    vec_done(g, v);
                }
            }
            break; /* one ladder per map */
        }
        sliced_trivial_and_error(g);
    }
    sliced_unreachable(g, 27010, 8, 2);
}

static void jps_option_grid(gen *g)
{
    static const char *const wts[] = { "1", "1.00001", "1.5", "2", "64" };
    static const uint32_t steps[][2] = {
        { 1, 1 }, { 1, 2 }, { 2, 2 }, { 2, 3 }, { 2, 4 }, { 3, 4 }, { 3, 5 },
        { 5, 7 }, { 10, 10 }, { 10, 14 }, { 10, 20 }, { 50, 99 },
        { 100, 141 }, { 1000, 1414 }, { 4096, 5793 }, { 32768, 65536 },
        { 65535, 65535 }, { 65535, 131070 }
    };
    uint32_t h, w, t, i, n = 0;

    /* Every heuristic JPS accepts (all five: manhattan overestimates with
     * 8-connectivity, so only legality is checked there) x weights x
     * tie-breaks, step costs cycling. */
    jps_section(g, "options");
    map_gen(g, MG_RANDOM, 48, 48, 28000, 15, 0, 0, 0);
    for (h = 0; h < 5; h++)
        for (w = 0; w < sizeof wts / sizeof wts[0]; w++)
            for (t = 0; t < 2; t++) {
                vf_vector *v = vec_new(g);
                const uint32_t *c = costs[n++ % (sizeof costs / sizeof costs[0])];
                vec_options(g, v);
                vec_pair(g, v);
                v->query.heuristic = (int32_t)h;
                v->query.tie_break = (int32_t)t;
                set_weight(v, wts[w]);
                set_costs(v, c[0], c[1]);
                vec_done(g, v);
            }
    /* Step costs from 1/1 to 65535/131070 (straight <= diagonal <=
     * 2 x straight): once with the defaults otherwise, once drawn. */
    jps_section(g, "step-costs");
    map_gen(g, MG_MAZE, 41, 41, 28001, 2, 15, 0, 0);
    for (i = 0; i < sizeof steps / sizeof steps[0]; i++)
        for (t = 0; t < 2; t++) {
            vf_vector *v = vec_new(g);
            if (t)
                vec_options(g, v);
            else
                v->query.algorithm = LS_ALGO_JPS;
            vec_pair(g, v);
            set_costs(v, steps[i][0], steps[i][1]);
            vec_done(g, v);
        }
}

static void jps_large(gen *g)
{
    jps_section(g, "large");
    map_gen(g, MG_RANDOM, 512, 512, 29000, 20, 0, 0, 0);
    vec_far(g, 5, 1200);
    map_gen(g, MG_MAZE, 512, 512, 29001, 4, 0, 0, 0);
    vec_far(g, 3, 2500);
    map_gen(g, MG_ROOMS, 512, 512, 29002, 31, 3, 80, 0);
    vec_far(g, 4, 1200);
    map_gen(g, MG_EMPTY, 512, 512, 0, 0, 0, 0, 0);
    vec_far(g, 4, 1200);
    map_gen(g, MG_TRAPS, 512, 512, 29004, 20, 4000, 16, 6000);
    vec_far(g, 4, 1200);
    map_gen(g, MG_RANDOM, 512, 512, 29005, 35, 0, 0, 0);
    vec_far(g, 4, 1200);

    jps_section(g, "files");
    map_file(g, "maps/fort.map", 48, 24);
    vec_random(g, 12);
    map_file(g, "maps/pinch.map", 32, 20);
    vec_random(g, 12);
}

static void jps_errors(gen *g)
{
    uint32_t i, k;
    int32_t ox, oy, bx, by;
    vf_vector *v;

    /* LS_ERR_NOT_UNIFORM: one passable cell above cost 1 anywhere, even
     * where no search could reach it. */
    jps_section(g, "not-uniform");
    for (i = 0; i < 4; i++) {
        map_gen(g, MG_EMPTY, 16, 16, 0, 0, 0, 0, 0);
        switch (i) {
        case 0: map_edit(g, 15, 15, 1, 1, 2); break;
        case 1: map_edit(g, 0, 0, 1, 1, 255); break;
        case 2: /* walled off */
            map_ring(g, 8, 8, 1);
            map_edit(g, 8, 8, 1, 1, 3);
            break;
        default: map_edit(g, 3, 5, 4, 2, 9); break;
        }
        for (k = 0; k < 5; k++) {
            v = vec_new(g);
            vec_options(g, v);
            vec_pair(g, v);
            if (k == 3) { /* start == goal */
                v->query.goal_x = v->query.start_x;
                v->query.goal_y = v->query.start_y;
            }
            vec_done(g, v);
        }
    }
    /* ... at the start or the goal itself. */
    map_gen(g, MG_EMPTY, 10, 10, 0, 0, 0, 0, 0);
    map_edit(g, 2, 2, 1, 1, 2);
    map_edit(g, 7, 7, 1, 1, 2);
    err_vector(g, 2, 2, 7, 7);
    err_vector(g, 7, 7, 0, 0);
    err_vector(g, 0, 0, 2, 2);
    /* Generated terrain and a drawn swamp. */
    for (i = 0; i < 3; i++) {
        static const uint32_t max[] = { 2, 9, 255 };
        map_gen(g, MG_TERRAIN, 32, 32, 29100u + i, 8, 6, max[i], 10);
        vec_random(g, 3);
    }
    map_rows(g, trap_swamp);
    vec_random(g, 3);
    /* Costs raised and set back to 1 (or blocked) by edits: uniform
     * again, so these queries run. Then one row left costly. */
    map_gen(g, MG_RANDOM, 24, 24, 29110, 10, 0, 0, 0);
    map_edit(g, 2, 2, 6, 6, 9);
    map_edit(g, 2, 2, 6, 6, 1);
    map_edit(g, 20, 20, 1, 1, 7);
    map_edit(g, 20, 20, 1, 1, 0);
    map_edit(g, 12, 3, 2, 2, 200);
    map_edit(g, 12, 3, 2, 2, 1);
    vec_random(g, 6);
    map_gen(g, MG_RANDOM, 24, 24, 29110, 10, 0, 0, 0);
    map_edit(g, 2, 2, 6, 6, 9);
    map_edit(g, 2, 2, 6, 5, 1);
    vec_random(g, 3);

    /* LS_ERR_UNSUPPORTED: 4-connectivity (any corner rule) and corner
     * rules one and all, on a uniform map. */
    jps_section(g, "unsupported");
    map_gen(g, MG_RANDOM, 24, 24, 29200, 20, 0, 0, 0);
    for (i = 0; i < 5; i++)
        for (k = 0; k < 4; k++) {
            v = vec_new(g);
            vec_options(g, v);
            vec_pair(g, v);
            v->query.connectivity = i < 3 ? LS_CONNECT_4 : LS_CONNECT_8;
            v->query.corner_rule = (int32_t)(i < 3 ? i : i - 2);
            if (k == 3) {
                v->query.goal_x = v->query.start_x;
                v->query.goal_y = v->query.start_y;
            }
            vec_done(g, v);
        }
    map_gen(g, MG_EMPTY, 1, 1, 0, 0, 0, 0, 0);
    for (i = 0; i < 3; i++) {
        v = jps_vector(g, 0, 0, 0, 0);
        v->query.connectivity = i ? LS_CONNECT_8 : LS_CONNECT_4;
        v->query.corner_rule = (int32_t)i;
        vec_done(g, v);
    }

    /* The order: option errors, then UNSUPPORTED, then NOT_UNIFORM, then
     * bounds and blocked cells. */
    jps_section(g, "error-order");
    map_gen(g, MG_EMPTY, 16, 16, 0, 0, 0, 0, 0);
    map_edit(g, 3, 3, 1, 1, 0);
    map_edit(g, 12, 12, 1, 1, 5);
    for (i = 0; i < 2; i++) { /* i = 1: also 4-connected (UNSUPPORTED) */
        static const int32_t pts[][4] = {
            { -1, 0, 5, 5 }, { 5, 5, 16, 3 }, { 3, 3, 5, 5 }, { 5, 5, 3, 3 },
            { 5, 5, 5, 5 } };
        for (k = 0; k < sizeof pts / sizeof pts[0]; k++) {
            v = jps_vector(g, pts[k][0], pts[k][1], pts[k][2], pts[k][3]);
            if (i)
                v->query.connectivity = LS_CONNECT_4;
            vec_done(g, v);
        }
        for (k = 0; k < 6; k++) {
            v = jps_vector(g, 5, 5, 10, 9);
            if (i)
                v->query.corner_rule = LS_CORNERS_ALL;
            switch (k) {
            case 0: v->query.connectivity = 6; break;
            case 1: v->query.corner_rule = 3; break;
            case 2: v->query.heuristic = 5; break;
            case 3: v->query.tie_break = 2; break;
            case 4: set_costs(v, 10, 21); break;
            default: set_weight(v, "0.5"); break;
            }
            vec_done(g, v);
        }
    }
    map_gen(g, MG_RANDOM, 16, 12, 29300, 25, 0, 0, 0);
    for (k = 0; k < 6; k++) {
        pick_blocked(g, &bx, &by);
        pick_open(g, &ox, &oy);
        switch (k % 3) {
        case 0: v = jps_vector(g, bx, by, ox, oy); break;
        case 1: v = jps_vector(g, ox, oy, bx, by); break;
        default: v = jps_vector(g, ox, oy, ox, 12); break;
        }
        if (k >= 3)
            v->query.connectivity = LS_CONNECT_4;
        vec_done(g, v);
    }

    /* LS_ERR_COST_OVERFLOW: the start's f (weight 64 x a long estimate),
     * and during the search: a serpentine of 65 rows of 600 cells, about
     * 39000 steps, over 2^31 at straight costs of 60000 and more. */
    jps_section(g, "overflow");
    map_gen(g, MG_EMPTY, 700, 1, 0, 0, 0, 0, 0);
    for (k = 0; k < 4; k++) {
        v = jps_vector(g, 0, 0, 699, 0);
        set_costs(v, 65535, 65535 + k);
        set_weight(v, k % 2 ? "64" : "48");
        v->query.heuristic = (int32_t)(k % 4);
        v->budget = k == 2 ? 1 : 0;
        vec_done(g, v);
    }
    map_gen(g, MG_EMPTY, 600, 129, 0, 0, 0, 0, 0);
    for (i = 1; i < 129; i += 2)
        map_edit(g, i % 4 == 1 ? 0 : 1, (int32_t)i, 599, 1, 0);
    for (k = 0; k < 6; k++) {
        static const uint32_t big[][2] = { { 65535, 65535 },
                                           { 65535, 131070 },
                                           { 60000, 84853 } };
        v = jps_vector(g, 0, 0, k % 2 ? 599 : 0, 128);
        set_weight(v, "1");
        set_costs(v, big[k % 3][0], big[k % 3][1]);
        if (k == 3)
            v->budget = 7;
        if (k == 5)
            v->query.max_expansions = 20;
        vec_done(g, v);
    }
}

static void fam_jps(gen *g)
{
    g->jps = 1;
    jps_plain(g);
    jps_corners(g);
    jps_edges(g);
    jps_limits(g);
    jps_slicing(g);
    jps_option_grid(g);
    jps_large(g);
    jps_errors(g);
    jps_section(g, NULL);
}

/* ------------------------------------------------------------------------
 * Driver
 * --------------------------------------------------------------------- */

typedef struct family {
    const char *stem;
    void (*build)(gen *g);
    int huge_costs;
    uint32_t budget_percent;
    const char *header;
} family;

static const family families[] = {
    { "empty", fam_empty, 1, 20,
      "Empty fields: every cell cost 1, so ties are everywhere; the hardest\n"
      "test of the tie-break. Sizes 1x1 to 256x256." },
    { "random", fam_random, 1, 20,
      "Random obstacles from 5 % to 45 %, sizes 24x24 to 96x96." },
    { "maze", fam_maze, 1, 20,
      "Perfect mazes (randomised depth-first search), corridors 1 to 3\n"
      "cells wide, with 0 %, 5 % or 25 % extra openings." },
    { "rooms", fam_rooms, 1, 20,
      "Rooms and doors: square rooms of 4 to 15 cells, doors 1 to 3 wide,\n"
      "50 % to 100 % of the walls with a door." },
    { "corridors", fam_corridors, 1, 20,
      "Corridors one cell wide: serpentines with 1, 2 or 4 gaps per wall,\n"
      "horizontal and vertical." },
    { "corners", fam_corners, 1, 20,
      "Corner-cutting traps: drawn pinches, staircases and diagonal walls,\n"
      "and generated ones; each pair under all three corner rules." },
    { "terrain", fam_terrain, 0, 20,
      "Terrain-cost patches (multipliers up to 2, 5, 9 and 255) with 0 %,\n"
      "10 % or 25 % obstacles; a drawn map with costs set by edits." },
    { "edges", fam_edges, 1, 20,
      "Borders and degenerate shapes: 1x1, 1xN and Nx1 up to 5000, 2xN,\n"
      "starts and goals on the outer ring, start == goal." },
    { "limits", fam_limits, 1, 20,
      "Unreachable goals and expansion limits, with the partial path\n"
      "(ls_search_partial_path) of every such query." },
    { "errors", fam_errors, 1, 10,
      "Error statuses: out-of-bounds and blocked starts and goals, bad\n"
      "options, step costs and weights (alone and combined, which pins the\n"
      "order they are reported in), and cost overflow." },
    { "slicing", fam_slicing, 1, 100,
      "Time slicing: every vector runs sliced under its budget too, and\n"
      "records how many ls_search_step calls it took." },
    { "large", fam_large, 1, 20,
      "Maps of 512x512 and larger (always generated, never inline)." },
    { "files", fam_files, 1, 20,
      "Maps read from files in vectors/maps/ (Moving AI format)." },
    { "jps", fam_jps, 1, 20,
      "Jump point search (algo jps): empty fields, random obstacles, mazes,\n"
      "rooms, corridors, corner traps, borders and lines up to 16384,\n"
      "start == goal, unreachable goals, expansion limits, slicing, every\n"
      "heuristic, weight and step cost, 512x512 maps, map files; and its\n"
      "errors: LS_ERR_NOT_UNIFORM, LS_ERR_UNSUPPORTED, their order among\n"
      "the other errors, cost overflow. Each found cost is A*'s (weight 1,\n"
      "admissible heuristic)." },
};

static int write_text(const char *path, const vf_text *t)
{
    FILE *fp = fopen(path, "wb");
    if (!fp)
        return -1;
    if (fwrite(t->data, 1, t->length, fp) != t->length) {
        fclose(fp);
        return -1;
    }
    return fclose(fp) == 0 ? 0 : -1;
}

static int generate(const char *dir)
{
    const size_t nf = sizeof families / sizeof families[0];
    char *names[sizeof families / sizeof families[0]];
    uint32_t counts[sizeof families / sizeof families[0]];
    char path[1024], err[256], header[1024];
    uint32_t total = 0;
    size_t i;
    vf_text index = { NULL, 0, 0, 0 };

    for (i = 0; i < nf; i++) {
        gen g;
        vf_text text = { NULL, 0, 0, 0 };
        memset(&g, 0, sizeof g);
        g.dir = dir;
        g.stem = families[i].stem;
        g.map = -1;
        g.huge_costs = families[i].huge_costs;
        g.budget_percent = families[i].budget_percent;
        vf_file_init(&g.file);
        vf_runner_init(&g.runner);
        ls_rng_seed(&g.rng, 0x76656374u + (uint64_t)i * 7919u);
        snprintf(header, sizeof header,
                 "%s.vec - lockstar golden vectors (format: README.md).\n"
                 "Written by tools/vecgen (make vectors-regen); do not edit.\n"
                 "\n%s", g.stem, families[i].header);
        if (vf_set_header(&g.file, header) != 0)
            die("out of memory", NULL);
        families[i].build(&g);
        tally_file(&g.file);
        if (vf_write(&g.file, &text, err, sizeof err) != 0)
            die("cannot write", err);
        snprintf(path, sizeof path, "%s/%s.vec", dir, g.stem);
        if (write_text(path, &text) != 0)
            die("cannot write", path);
        names[i] = malloc(strlen(g.stem) + 5);
        if (!names[i])
            die("out of memory", NULL);
        sprintf(names[i], "%s.vec", g.stem);
        counts[i] = g.file.vector_count;
        total += counts[i];
        printf("%-14s %5lu vectors %4lu maps %8lu bytes\n", names[i],
               (unsigned long)counts[i], (unsigned long)g.file.map_count,
               (unsigned long)text.length);
        vf_text_free(&text);
        vf_runner_free(&g.runner);
        ls_grid_destroy(g.grid);
        free(g.cells);
        vf_file_free(&g.file);
    }
    if (vf_write_index(names, counts, (int)nf, &index) != 0)
        die("out of memory", NULL);
    snprintf(path, sizeof path, "%s/%s", dir, VF_INDEX_NAME);
    if (write_text(path, &index) != 0)
        die("cannot write", path);
    vf_text_free(&index);
    for (i = 0; i < nf; i++)
        free(names[i]);
    printf("total          %5lu vectors (%lu also sliced, %lu with an "
           "expansion limit, %lu on maps of 512x512 or more)\n",
           (unsigned long)total, (unsigned long)n_sliced,
           (unsigned long)n_limited, (unsigned long)n_large);
    printf("coverage (value=vectors):\n");
    tally_print(&t_algo);
    tally_print(&t_connect);
    tally_print(&t_corners);
    tally_print(&t_heuristic);
    tally_print(&t_tie);
    tally_print(&t_weight);
    tally_print(&t_costs);
    tally_print(&t_budget);
    tally_print(&t_status);
    if (section_used > 0) {
        uint32_t i2;
        printf("jps.vec sections (value=vectors):\n ");
        for (i2 = 0; i2 < section_used; i2++)
            printf(" %s=%lu", section_name[i2],
                   (unsigned long)section_count[i2]);
        printf("\n");
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--check") == 0) {
        vf_report rep;
        memset(&rep, 0, sizeof rep);
        rep.out = stdout;
        rep.print_limit = 100;
        return vf_check_dir(argv[2], &rep) == 0 ? 0 : 1;
    }
    if (argc == 2 && argv[1][0] != '-')
        return generate(argv[1]);
    fprintf(stderr, "usage: vecgen DIR           regenerate the vectors in DIR\n"
                    "       vecgen --check DIR   check the vectors in DIR\n");
    return 2;
}
