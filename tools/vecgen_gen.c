/* SPDX-License-Identifier: MIT */
/*
 * vecgen_gen.c - the generator state of tools/vecgen (vecgen.h): maps and
 * vectors made on a gen, their drawn options, and the independent checks
 * an outcome passes before it is recorded (the oracle library,
 * tests/oracle/oracle.h: legal walks, step costs, Dijkstra's optimum).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vecgen.h"

void die(const char *what, const char *detail)
{
    fprintf(stderr, "vecgen: %s%s%s\n", what, detail ? ": " : "",
            detail ? detail : "");
    exit(1);
}

uint32_t rnd(gen *g, uint32_t n)
{
    return ls_rng_below(&g->rng, n);
}

/* A random cell on the outer ring of the current map; one draw in five
 * picks a corner. (Draws: side, x, y, and two more for a corner.) */
void border_point(gen *g, int32_t *px, int32_t *py)
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

void map_gen(gen *g, int32_t family, int32_t w, int32_t h,
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
void map_rows(gen *g, const char *const *rows)
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

void map_file(gen *g, const char *path, int32_t w, int32_t h)
{
    vf_map *m = new_map(g, w, h);
    m->source = VF_SOURCE_FILE;
    snprintf(m->file, sizeof m->file, "%s", path);
    use_last_map(g);
}

/* An edit of the current map; only before its first vector. */
void map_edit(gen *g, int32_t x, int32_t y, int32_t w, int32_t h,
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
void map_ring(gen *g, int32_t cx, int32_t cy, int32_t r)
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

uint8_t cell(const gen *g, int32_t x, int32_t y)
{
    return g->cells[(size_t)y * (size_t)g->w + (size_t)x];
}

/* A random passable cell; -1 when the map has none. */
int pick_open(gen *g, int32_t *x, int32_t *y)
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

int pick_blocked(gen *g, int32_t *x, int32_t *y)
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

vf_vector *vec_new(gen *g)
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

void set_weight(vf_vector *v, const char *text)
{
    if (ls_fix16_parse(text, &v->query.weight) != LS_OK)
        die("internal: weight text does not parse", text);
    snprintf(v->weight_text, sizeof v->weight_text, "%s", text);
}

void set_costs(vf_vector *v, uint32_t straight, uint32_t diagonal)
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
const uint32_t costs[18][2] = {
    { 10, 14 }, { 10, 14 }, { 10, 14 }, { 10, 14 }, { 10, 14 }, { 10, 14 },
    { 10, 14 }, { 1, 1 }, { 1, 2 }, { 2, 3 }, { 3, 4 }, { 5, 7 }, { 7, 10 },
    { 100, 141 }, { 1000, 1414 }, { 65535, 65535 }, { 65535, 131070 },
    { 4096, 5793 }
};
#define N_COSTS_MODERATE 15 /* the first entries, all below 65535 */

const uint32_t budgets[16] = { 1, 2, 3, 4, 5, 7, 8, 13, 16, 31, 64,
                                      100, 255, 1000, 4096, 65536 };

/* Draw the weight, the step costs and whether (and with which budget)
 * the vector also runs sliced, in this order. */
static void draw_weight_costs_budget(gen *g, vf_vector *v)
{
    uint32_t nc = g->huge_costs ? (uint32_t)(sizeof costs / sizeof costs[0])
                                : N_COSTS_MODERATE;
    uint32_t k;
    set_weight(v, weights[rnd(g, sizeof weights / sizeof weights[0])]);
    k = rnd(g, nc);
    set_costs(v, costs[k][0], costs[k][1]);
    v->budget = 0;
    if (rnd(g, 100) < g->budget_percent)
        v->budget = budgets[rnd(g, sizeof budgets / sizeof budgets[0])];
}

/* jps.vec: JPS, 8-connected, no corner cutting (what it supports); the
 * next of the 5 x 2 = 10 combinations of heuristic and tie-break. */
static void jps_options(ls_query *q, uint32_t k)
{
    q->algorithm = LS_ALGO_JPS;
    q->connectivity = LS_CONNECT_8;
    q->corner_rule = LS_CORNERS_NONE;
    q->heuristic = (int32_t)(k % 5);
    q->tie_break = (int32_t)((k / 5) % 2);
}

/* The next of the 2 x 3 x 5 x 2 = 60 combinations of connectivity,
 * corner rule, heuristic and tie-break (jps.vec: its own cycle); weight,
 * costs and budget drawn. */
void vec_options(gen *g, vf_vector *v)
{
    uint32_t k = g->combo++;
    ls_query *q = &v->query;
    if (g->jps) {
        jps_options(q, k);
    } else {
        q->connectivity = k % 2 ? LS_CONNECT_4 : LS_CONNECT_8;
        q->corner_rule = (int32_t)((k / 2) % 3);
        q->heuristic = (int32_t)((k / 6) % 5);
        q->tie_break = (int32_t)((k / 30) % 2);
    }
    draw_weight_costs_budget(g, v);
}

void vec_pair(gen *g, vf_vector *v)
{
    if (pick_open(g, &v->query.start_x, &v->query.start_y) != 0 ||
        pick_open(g, &v->query.goal_x, &v->query.goal_y) != 0)
        die("internal: a map with no open cell", NULL);
}

/* ------------------------------------------------------------------------
 * Independent checks of an outcome before it is recorded
 * --------------------------------------------------------------------- */

/* The step costs of path[0..n), a legal walk from q's start (to its goal
 * when to_goal), by the oracle; -1 if it is not one. */
static int64_t walk_cost(const gen *g, const ls_query *q, const ls_point *p,
                         uint32_t n, int to_goal)
{
    int64_t cost;
    char why[128];
    if (!tu_path_legal(g->grid, q, p, n, to_goal, &cost, why, sizeof why))
        return -1;
    return cost;
}

/* The optimal cost from start to goal by the oracle's Dijkstra, or -1 when
 * the goal cannot be reached. */
static int64_t reference_cost(const gen *g, const ls_query *q)
{
    int64_t cost = tu_dijkstra_cells(g->cells, g->w, g->h, q);
    if (cost == -2)
        die("out of memory", NULL);
    return cost;
}

int admissible(const ls_query *q)
{
    return q->heuristic != LS_HEURISTIC_MANHATTAN ||
           q->connectivity == LS_CONNECT_4;
}

static void sanity(gen *g, const vf_vector *v, const vf_outcome *o)
{
    const ls_query *q = &v->query;
    uint64_t d;

    if (o->status == LS_OK) {
        int64_t walked = walk_cost(g, q, o->path, o->length, 1), ref;
        if (walked < 0)
            die("the library returned an illegal path", v->id);
        if (walked != (int64_t)o->cost)
            die("the path's step costs do not add up to the cost", v->id);
        ls_path_digest(o->path, o->length, &d);
        if (d != o->digest)
            die("the digest is not the path's digest", v->id);
        ref = reference_cost(g, q);
        if (ref < 0 || walked < ref)
            die("the cost is below Dijkstra's optimum", v->id);
        if (admissible(q) && q->weight == fix16_one && walked != ref)
            die("plain A* with an admissible heuristic was not optimal",
                v->id);
        if (admissible(q) && (uint64_t)walked * 65536u >
                                 (uint64_t)ref * (uint64_t)(uint32_t)q->weight)
            die("weighted A* exceeded weight x optimum", v->id);
    }
    if (o->status == LS_NO_PATH && reference_cost(g, q) >= 0)
        die("LS_NO_PATH, but Dijkstra reaches the goal", v->id);
    if (o->status == LS_NO_PATH || o->status == LS_EXPANSION_LIMIT) {
        if (o->partial_status != LS_OK ||
            walk_cost(g, q, o->partial, o->partial_length, 0) < 0)
            die("the partial path is not a legal walk from the start", v->id);
    }
    if (o->status == LS_OK && o->partial_status != LS_ERR_NO_PARTIAL)
        die("a partial path after LS_OK", v->id);
    if (o->status == LS_IN_PROGRESS || !vf_status_known(o->status))
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
 * same query as A*), then JPS's own (connectivity and corner rule; a
 * clearance above 1; then a passable cell costing more than 1 anywhere on
 * the grid, found by scanning vecgen's copy of the cells), then the rest
 * of the A* checks (bounds, blocked cells, the start's f). */
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
    /* JPS takes no size (nor one above the cap, as any query). */
    if (q->clearance > 1u)
        return LS_ERR_BAD_CLEARANCE;
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
ls_status vec_done(gen *g, vf_vector *v)
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

/* n vectors on the current map: random pairs, cycling options. */
void vec_random(gen *g, uint32_t n)
{
    uint32_t i;
    for (i = 0; i < n; i++)
        vec_done(g, vec_drawn(g));
}

/* A copy of vector i (its query and budget) as a new vector. */
vf_vector *vec_clone(gen *g, uint32_t i)
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

uint32_t last_index(const gen *g)
{
    return g->file.vector_count - 1;
}

/* Forget the last vector (a draw that did not fit the family's aim). */
void vec_drop(gen *g)
{
    vf_outcome_free(&g->file.vectors[last_index(g)].expect);
    g->file.vector_count--;
    g->map_vectors--;
}

vf_vector *vec_at(gen *g, int32_t sx, int32_t sy, int32_t gx, int32_t gy)
{
    vf_vector *v = vec_new(g);
    vec_options(g, v);
    v->query.start_x = sx;
    v->query.start_y = sy;
    v->query.goal_x = gx;
    v->query.goal_y = gy;
    return v;
}

void err_vector(gen *g, int32_t sx, int32_t sy, int32_t gx, int32_t gy)
{
    vec_done(g, vec_at(g, sx, sy, gx, gy));
}

/* Draws: the options, then the start and the goal (the goal is drawn even
 * where vec_to moves it, so the draws stay those of vec_random). */
vf_vector *vec_drawn(gen *g)
{
    vf_vector *v = vec_new(g);
    vec_options(g, v);
    vec_pair(g, v);
    return v;
}

vf_vector *vec_to(gen *g, int32_t gx, int32_t gy)
{
    vf_vector *v = vec_drawn(g);
    v->query.goal_x = gx;
    v->query.goal_y = gy;
    return v;
}

void map_walled(gen *g, int32_t cx, int32_t cy, int32_t r, int32_t open)
{
    map_ring(g, cx, cy, r);
    map_edit(g, cx - open, cy - open, 2 * open + 1, 2 * open + 1, 1);
}
