/* SPDX-License-Identifier: MIT */
/*
 * flow.c - lockstar-bench --flow: a whole flow field (ls_flow_begin, then
 * ls_flow_step to the end) against a Dijkstra query of the library
 * (ls_find_path, LS_HEURISTIC_ZERO) over the same cells, side by side in
 * one run, on each map.
 *
 * The field's goal is the first query's goal (a generated map's centre
 * cell, or the nearest open cell after it in row-major order); the query
 * starts there and heads for the reachable cell the field says is
 * farthest (the last in row-major order among the most costly), so it
 * expands nearly every reachable cell, as the field settles every one.
 * Both take turns, run r of each before run r + 1 of either (--repeat
 * rounds), so a slow spell of the machine hits both alike; the table
 * gives each one's median. Before timing, the field is also computed in
 * slices of 4096 expansions and must give the same digest and expansions.
 * Then an edit: the cell halfway along the farthest cell's directions is
 * blocked and the field refreshed to the end, then opened and refreshed
 * again (the mean of the two, median of the rounds; the field must end as
 * it began).
 */
#include <stdio.h>
#include <stdlib.h>
#include "bench.h"
#include "timer.h"

static void *flow_alloc(void *user, size_t size)
{
    (void)user;
    return bl_block_alloc(size);
}

static void flow_release(void *user, void *block, size_t size)
{
    (void)user;
    (void)size;
    free(block);
}

static int by_value(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static double median_ms(uint64_t *ns, uint32_t n)
{
    qsort(ns, n, sizeof *ns, by_value);
    return n % 2 ? (double)ns[n / 2] / 1e6
                 : ((double)ns[n / 2 - 1] + (double)ns[n / 2]) / 2e6;
}

/* The goal: the first query's, else the centre; the first open cell from
 * there on (row-major, wrapping). 0 if the map has none. */
static int pick_goal(const bench_map *m, ls_point *goal)
{
    const uint32_t cells = (uint32_t)m->width * (uint32_t)m->height;
    uint32_t start, i;
    if (m->count > 0)
        start = (uint32_t)m->queries[0].gy * (uint32_t)m->width +
                (uint32_t)m->queries[0].gx;
    else
        start = (uint32_t)(m->height / 2) * (uint32_t)m->width +
                (uint32_t)(m->width / 2);
    for (i = 0; i < cells; i++) {
        uint32_t c = (start + i) % cells;
        uint8_t cost;
        goal->x = (int32_t)(c % (uint32_t)m->width);
        goal->y = (int32_t)(c / (uint32_t)m->width);
        if (ls_grid_get(m->grid, goal->x, goal->y, &cost) == LS_OK && cost != 0)
            return 1;
    }
    return 0;
}

static uint64_t time_field(ls_flow *f, const bench_map *m, const ls_query *q,
                           const ls_point *goal, uint32_t budget,
                           uint32_t *expansions, uint64_t *digest)
{
    uint64_t t0 = bench_now_ns(), t1;
    ls_status st;
    if (ls_flow_begin(f, m->grid, q, goal, 1) != LS_OK)
        bench_die("--flow: ls_flow_begin failed on %s", m->name);
    do
        st = ls_flow_step(f, budget, NULL);
    while (st == LS_IN_PROGRESS);
    t1 = bench_now_ns();
    if (st != LS_OK)
        bench_die("--flow: the field on %s ended with %s", m->name,
                  ls_status_name(st));
    ls_flow_expansions(f, expansions);
    ls_flow_digest(f, digest);
    return t1 - t0;
}

/* ls_flow_refresh, then steps to the end: the update's expansions. */
static uint32_t refresh_to_end(ls_flow *f, const bench_map *m)
{
    uint32_t n = 0;
    ls_status st = ls_flow_refresh(f, m->grid);
    while (st == LS_IN_PROGRESS)
        st = ls_flow_step(f, 0, NULL);
    if (st != LS_OK)
        bench_die("--flow: an update ended with %s on %s", ls_status_name(st),
                  m->name);
    ls_flow_expansions(f, &n);
    return n;
}

/* The cell halfway along the directions from c to the goal. */
static ls_point edit_cell(const ls_flow *f, const bench_map *m, ls_point c)
{
    static const int32_t dx[8] = { 0, 1, 0, -1, 1, 1, -1, -1 };
    static const int32_t dy[8] = { -1, 0, 1, 0, -1, 1, 1, -1 };
    ls_point p = c, half = c;
    uint32_t steps = 0, k;
    int32_t d;
    while (ls_flow_direction(f, p.x, p.y, &d) == LS_OK && d < 8) {
        p.x += dx[d];
        p.y += dy[d];
        steps++;
    }
    p = c;
    for (k = 0; k < steps / 2u; k++) {
        ls_flow_direction(f, p.x, p.y, &d);
        p.x += dx[d];
        p.y += dy[d];
    }
    half = p;
    (void)m;
    return half;
}

void bench_run_flow(const config *cfg, const bench_map *m)
{
    const ls_allocator a = { flow_alloc, flow_release, NULL };
    const uint32_t w = (uint32_t)m->width, h = (uint32_t)m->height;
    ls_flow *f = NULL;
    ls_search *s = NULL;
    ls_query q, dq;
    ls_point goal, far;
    ls_result r;
    int32_t *costs;
    uint32_t i, exp, exp2, reached = 0;
    uint64_t digest, digest2, *tf, *td;
    int32_t most = -1;

    if (!pick_goal(m, &goal))
        bench_die("--flow: %s has no open cell", m->name);
    ls_query_init(&q);
    if (ls_flow_create(m->width, m->height, 1, &a, &f) != LS_OK ||
        ls_search_create_with(m->width, m->height, cfg->context_flags, &a,
                              &s) != LS_OK)
        bench_die("--flow: out of memory on %s", m->name);
    costs = malloc((size_t)w * h * sizeof *costs);
    tf = malloc(cfg->repeat * sizeof *tf);
    td = malloc(cfg->repeat * sizeof *td);
    if (!costs || !tf || !td)
        bench_die("--flow: out of memory");

    /* Untimed: the field one-shot and in slices, and the farthest cell. */
    time_field(f, m, &q, &goal, 0, &exp, &digest);
    time_field(f, m, &q, &goal, 4096, &exp2, &digest2);
    if (exp != exp2 || digest != digest2)
        bench_die("--flow: slicing changed the field on %s", m->name);
    ls_flow_costs(f, costs, (size_t)w * h);
    far = goal;
    for (i = 0; i < w * h; i++) {
        if (costs[i] >= 0)
            reached++;
        if (costs[i] >= most) {
            most = costs[i];
            far.x = (int32_t)(i % w);
            far.y = (int32_t)(i / w);
        }
    }
    dq = q;
    dq.heuristic = LS_HEURISTIC_ZERO;
    dq.start_x = goal.x;
    dq.start_y = goal.y;
    dq.goal_x = far.x;
    dq.goal_y = far.y;
    if (ls_find_path(s, m->grid, &dq, NULL, 0, &r) != LS_OK &&
        r.status != LS_OK)
        bench_die("--flow: the Dijkstra query failed on %s", m->name);

    for (i = 0; i < cfg->repeat; i++) {
        uint64_t t0;
        tf[i] = time_field(f, m, &q, &goal, 0, &exp2, &digest2);
        t0 = bench_now_ns();
        ls_find_path(s, m->grid, &dq, NULL, 0, &r);
        td[i] = bench_now_ns() - t0;
    }
    {
        const double fm = median_ms(tf, cfg->repeat);
        const double dm = median_ms(td, cfg->repeat);
        double um;
        uint32_t ue = 0;
        ls_point mid = edit_cell(f, m, far);
        uint8_t was;
        /* An edit: the cell halfway along the farthest cell's directions
         * blocked, the field refreshed to the end, and opened again. */
        ls_grid_get(m->grid, mid.x, mid.y, &was);
        for (i = 0; i < cfg->repeat; i++) {
            uint64_t t0 = bench_now_ns();
            uint32_t e1, e2;
            ls_grid_set(m->grid, mid.x, mid.y, LS_CELL_BLOCKED);
            e1 = refresh_to_end(f, m);
            ls_grid_set(m->grid, mid.x, mid.y, was);
            e2 = refresh_to_end(f, m);
            tf[i] = (bench_now_ns() - t0) / 2u;
            ue = (e1 + e2) / 2u;
        }
        um = median_ms(tf, cfg->repeat);
        ls_flow_digest(f, &digest2);
        if (digest2 != digest)
            bench_die("--flow: the updated field differs on %s", m->name);
        printf("| %s | %ux%u | %u | %.2f | %.1f | %u | %.2f | %.1f | %.2f× | "
               "%.2f | %u | %016llx |\n",
               m->name, (unsigned)w, (unsigned)h, (unsigned)exp, fm,
               (double)exp / fm / 1e3, (unsigned)r.expansions, dm,
               (double)r.expansions / dm / 1e3, dm / fm, um, (unsigned)ue,
               (unsigned long long)digest);
    }
    if (reached != exp)
        bench_die("--flow: %u cells reached but %u expansions on %s",
                  (unsigned)reached, (unsigned)exp, m->name);
    fflush(stdout);
    free(costs);
    free(tf);
    free(td);
    ls_search_destroy(s);
    ls_flow_destroy(f);
}
