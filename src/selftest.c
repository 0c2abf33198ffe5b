/* SPDX-License-Identifier: MIT */
/*
 * selftest.c - ls_selftest: the golden vectors built into the library
 * (src/selftest_data.c), run and compared on the device, folded into one
 * digest.
 *
 * Memory. Everything comes from one block of the caller's allocator, the
 * arena, sized before any case runs: the grid, search context, queue and
 * batch of the largest map (and of the largest queue and batch any script
 * makes) are created once through a counting allocator that forwards to
 * the caller's and then destroyed, which measures them on this platform;
 * the arena holds that much plus the runner's buffers. During the cases
 * every object is created inside the arena by a bump allocator (releases
 * are no-ops; the runner rewinds it when it destroys what it made), so the
 * caller's allocator sees a handful of calls, all before the first case,
 * and a refusal there is LS_ERR_OUT_OF_MEMORY with nothing left behind.
 * That an object of a smaller map never needs more than the largest map's
 * is what the sizes of lockstar.h's memory notes give (they grow with the
 * cells and the longest side); if it ever failed, the object's creation
 * would fail inside the arena and its case would fail, never overrun.
 *
 * Digest. FNV-1a 64, offset basis and prime of ls_path_digest, over every
 * value a case observes, each as its 4 (32-bit values) or 8 (64-bit)
 * little-endian bytes, in case order: search cases first (run_search
 * lists their values), then scripts (src/selftest_script.c), then crowd
 * replays (src/selftest_crowd.c).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "default_allocator.h"
#include "digest.h"
#include "selftest.h"

/* Every arena block is a multiple of this, and so aligned for any type
 * (the arena itself is, coming from the caller's allocator). */
#define LS__ST_ALIGN 16u
#define LS__ST_THREADS 2u

static size_t round_up(size_t n)
{
    return (n + (LS__ST_ALIGN - 1u)) & ~(size_t)(LS__ST_ALIGN - 1u);
}

/* ------------------------------------------------------------------------
 * The arena and the measuring allocator
 * --------------------------------------------------------------------- */

static void *arena_alloc(void *user, size_t size)
{
    ls__st_run *run = user;
    size_t n = round_up(size);
    void *block;
    if (n < size || n > run->arena_size - run->arena_used)
        return NULL;
    block = run->arena_base + run->arena_used;
    run->arena_used += n;
    return block;
}

static void arena_release(void *user, void *block, size_t size)
{
    (void)user;
    (void)block;
    (void)size;
}

typedef struct measure {
    const ls_allocator *caller;
    size_t bytes;
    int overflow;
} measure;

static void *measure_alloc(void *user, size_t size)
{
    measure *m = user;
    size_t n = round_up(size);
    if (n < size || n > SIZE_MAX - m->bytes) {
        m->overflow = 1;
        return NULL;
    }
    m->bytes += n;
    return m->caller->alloc(m->caller->user, size);
}

static void measure_release(void *user, void *block, size_t size)
{
    measure *m = user;
    if (block)
        m->caller->release(m->caller->user, block, size);
}

/* ------------------------------------------------------------------------
 * The digest and the comparisons
 * --------------------------------------------------------------------- */

void ls__st_fold32(ls__st_run *run, uint32_t v)
{
    run->digest = ls__fnv1a_le(run->digest, v, 4);
}

/* Low half then high half: the 8 bytes little-endian. */
void ls__st_fold64(ls__st_run *run, uint64_t v)
{
    run->digest = ls__fnv1a_le(run->digest, v, 8);
}

void ls__st_differ(ls__st_run *run)
{
    if (run->mismatches++ == 0)
        run->failed_step = run->step;
}

void ls__st_expect32(ls__st_run *run, uint32_t got, uint32_t want)
{
    ls__st_fold32(run, got);
    if (got != want)
        ls__st_differ(run);
}

void ls__st_expect64(ls__st_run *run, uint64_t got, uint64_t want)
{
    ls__st_fold64(run, got);
    if (got != want)
        ls__st_differ(run);
}

/* Statuses and costs are folded as their two's complement bits. */
static void expect_i32(ls__st_run *run, int32_t got, int32_t want)
{
    ls__st_expect32(run, (uint32_t)got, (uint32_t)want);
}

/* ------------------------------------------------------------------------
 * Maps
 * --------------------------------------------------------------------- */

/* Decode map m into cells; 0, or -1 when its bytes do not make exactly
 * width * height cells. */
static int decode_map(const ls__selftest_data *d, const ls__st_map *m,
                      uint8_t *cells)
{
    const uint8_t *p = d->bytes + m->offset, *end = p + m->size;
    uint32_t count = (uint32_t)m->width * (uint32_t)m->height, at = 0, i;

    if (m->offset > d->byte_count || m->size > d->byte_count - m->offset)
        return -1;
    if (m->encoding == LS__ST_BITS) {
        if (m->size != (count + 7u) / 8u)
            return -1;
        for (i = 0; i < count; i++)
            cells[i] = (uint8_t)((p[i >> 3] >> (i & 7u)) & 1u);
        return 0;
    }
    while (p < end) {
        uint8_t cost = *p++;
        uint32_t run = 0, shift = 0;
        uint8_t b;
        do {
            if (p == end || shift > 28)
                return -1;
            b = *p++;
            run |= (uint32_t)(b & 0x7fu) << shift;
            shift += 7;
        } while (b & 0x80u);
        if (run == 0 || run > count - at)
            return -1;
        memset(cells + at, cost, run);
        at += run;
    }
    return at == count ? 0 : -1;
}

static void drop_grid(ls__st_run *run)
{
    ls_search_destroy(run->search);
    ls_grid_destroy(run->grid);
    run->search = NULL;
    run->grid = NULL;
    run->grid_map = UINT32_MAX;
    run->arena_used = run->arena_mark;
}

int ls__st_use_map(ls__st_run *run, uint32_t map, int force)
{
    const ls__st_map *m;
    int32_t w = 0, h = 0;
    uint64_t digest = 0;
    ls_status st = LS_OK;

    if (map >= run->data->map_count) {
        ls__st_differ(run);
        return -1;
    }
    if (map == run->grid_map && !force)
        return 0;
    m = &run->data->maps[map];
    if (run->grid)
        ls_grid_size(run->grid, &w, &h);
    if (!run->grid || w != m->width || h != m->height) {
        drop_grid(run);
        st = ls_grid_create(m->width, m->height, &run->arena, &run->grid);
        if (st == LS_OK)
            st = ls_search_create(m->width, m->height, &run->arena,
                                  &run->search);
    }
    if (st == LS_OK &&
        (m->width > run->max_width || m->height > run->max_height ||
         decode_map(run->data, m, run->cells) != 0))
        st = LS_ERR_BAD_SIZE;
    if (st == LS_OK)
        st = ls_grid_load(run->grid, run->cells,
                          (size_t)m->width * (size_t)m->height);
    if (st != LS_OK) {
        drop_grid(run);
        expect_i32(run, st, LS_OK);
        return -1;
    }
    run->grid_map = map;
    ls_grid_digest(run->grid, &digest);
    ls__st_expect64(run, digest, m->digest);
    return 0;
}

/* ------------------------------------------------------------------------
 * Search cases
 * --------------------------------------------------------------------- */

static void query_of(const ls__st_search *c, ls_query *q)
{
    ls_query_init(q);
    q->start_x = c->start_x;
    q->start_y = c->start_y;
    q->goal_x = c->goal_x;
    q->goal_y = c->goal_y;
    q->connectivity = c->connectivity;
    q->corner_rule = c->corner_rule;
    q->heuristic = c->heuristic;
    q->tie_break = c->tie_break;
    q->algorithm = c->algorithm;
    q->straight_cost = c->straight_cost;
    q->diagonal_cost = c->diagonal_cost;
    q->weight = c->weight;
    q->max_expansions = c->max_expansions;
    q->clearance = c->clearance;
}

/* The result and path of a finished query, and its partial path:
 * cost, expansions, path length, the result's digest, the digest of the
 * points read back, then for LS_NO_PATH and LS_EXPANSION_LIMIT the status
 * of ls_search_partial_path, its length and its points' digest, and for
 * LS_OK the status of ls_search_partial_path alone (LS_ERR_NO_PARTIAL). */
static void expect_outcome(ls__st_run *run, const ls__st_search *c,
                           ls_status status, const ls_result *r,
                           uint32_t length)
{
    uint64_t d = LS_DIGEST_EMPTY;
    ls_status ps;

    expect_i32(run, r->cost, c->cost);
    ls__st_expect32(run, r->expansions, c->expansions);
    ls__st_expect32(run, r->path_length, c->length);
    ls__st_expect64(run, r->digest, c->digest);
    ls_path_digest(run->points, length, &d);
    ls__st_expect64(run, d, c->digest);
    ps = ls_search_partial_path(run->search, run->points, run->point_capacity,
                                &length);
    if (status == LS_OK) {
        expect_i32(run, ps, LS_ERR_NO_PARTIAL);
        return;
    }
    expect_i32(run, ps, LS_OK);
    if (ps != LS_OK)
        length = 0;
    ls__st_expect32(run, length, c->partial_length);
    d = LS_DIGEST_EMPTY;
    ls_path_digest(run->points, length, &d);
    ls__st_expect64(run, d, c->partial_digest);
}

/* Observed, in this order: the map digest (when the grid is built for
 * this case); one-shot: ls_find_path's status and, when it is >= 0, the
 * outcome (expect_outcome); sliced (budget > 0): the final status (or
 * ls_search_begin's error), the number of ls_search_step calls, the
 * status of one more call, and when the final status is >= 0 the outcome
 * read with ls_search_result and ls_search_path. */
static void run_search(ls__st_run *run, const ls__st_search *c)
{
    ls_query q;
    ls_result r;
    ls_status st;
    uint32_t length = 0, slices = 0, guard;

    run->step = 0;
    if (ls__st_use_map(run, c->map, 0) != 0)
        return;
    query_of(c, &q);
    memset(&r, 0, sizeof r);
    st = ls_find_path(run->search, run->grid, &q, run->points,
                      run->point_capacity, &r);
    expect_i32(run, st, c->status);
    if (st >= 0)
        expect_outcome(run, c, st, &r, st == LS_OK ? r.path_length : 0);
    if (c->budget == 0)
        return;

    run->step = 1;
    guard = run->point_capacity + 2u;
    st = ls_search_begin(run->search, run->grid, &q);
    if (st == LS_OK) {
        do {
            st = ls_search_step(run->search, c->budget);
            slices++;
        } while (st == LS_IN_PROGRESS && slices < guard);
    }
    expect_i32(run, st, c->status);
    ls__st_expect32(run, slices, c->slices);
    if (slices == 0)
        return;
    expect_i32(run, ls_search_step(run->search, c->budget), c->status);
    if (st < 0 || st == LS_IN_PROGRESS)
        return;
    memset(&r, 0, sizeof r);
    ls_search_result(run->search, &r);
    length = 0;
    if (st == LS_OK &&
        ls_search_path(run->search, run->points, run->point_capacity,
                       &length) != LS_OK)
        length = 0;
    expect_outcome(run, c, st, &r, length);
}

/* ------------------------------------------------------------------------
 * Sizing, and the run
 * --------------------------------------------------------------------- */

typedef struct needs {
    int32_t width, height;       /* the largest of each over the maps */
    uint32_t queue_capacity, queue_pool, batch_queries, batch_points;
    uint32_t flow_goals;         /* the most goals of a script's flow */
    int32_t flow_width, flow_height; /* the largest of its maps' sides */
    /* the largest crowd replay's (src/selftest_crowd.c), its map's sides
     * the largest of the replays' maps alone */
    uint32_t crowd_agents, crowd_points, crowd_fields;
    int32_t crowd_width, crowd_height;
} needs;

static void find_needs(const ls__selftest_data *d, needs *n)
{
    uint32_t i;
    memset(n, 0, sizeof *n);
    n->width = n->height = 1;
    for (i = 0; i < d->map_count; i++) {
        if (d->maps[i].width > n->width)
            n->width = d->maps[i].width;
        if (d->maps[i].height > n->height)
            n->height = d->maps[i].height;
    }
    for (i = 0; i < d->script_count; i++) {
        const ls__st_script *s = &d->scripts[i];
        if (s->queue_capacity > n->queue_capacity)
            n->queue_capacity = s->queue_capacity;
        if (s->queue_pool > n->queue_pool)
            n->queue_pool = s->queue_pool;
        if (s->batch_queries > n->batch_queries)
            n->batch_queries = s->batch_queries;
        if (s->batch_points > n->batch_points)
            n->batch_points = s->batch_points;
        if (s->flow_goals > 0 && s->map < d->map_count) {
            const ls__st_map *m = &d->maps[s->map];
            if (s->flow_goals > n->flow_goals)
                n->flow_goals = s->flow_goals;
            if (m->width > n->flow_width)
                n->flow_width = m->width;
            if (m->height > n->flow_height)
                n->flow_height = m->height;
        }
    }
    for (i = 0; i < d->crowd_count; i++) {
        const ls__st_crowd *c = &d->crowds[i];
        uint32_t agents = c->agent_count ? c->agent_count : 1u;
        if (agents > n->crowd_agents)
            n->crowd_agents = agents;
        if (c->path_points > n->crowd_points)
            n->crowd_points = c->path_points;
        if (c->max_fields > n->crowd_fields)
            n->crowd_fields = c->max_fields;
        if (c->map < d->map_count && d->maps[c->map].width > n->crowd_width)
            n->crowd_width = d->maps[c->map].width;
        if (c->map < d->map_count && d->maps[c->map].height > n->crowd_height)
            n->crowd_height = d->maps[c->map].height;
    }
}

/* The bytes the objects of the largest case take here: made and destroyed
 * through the caller's allocator. The crowd as wide and as high as the
 * widest and the highest map of a replay, with the most agents, route
 * points and field slots of any replay (one worker), holds at least what
 * any replay's crowd holds: its blocks grow with each of these
 * (src/selftest_crowd.c makes it after the grid and context). */
static ls_status measure_objects(const needs *n, const ls_allocator *caller,
                                 size_t *bytes)
{
    measure m;
    ls_allocator a;
    ls_grid *grid = NULL;
    ls_search *search = NULL;
    ls_queue *queue = NULL;
    ls_batch *batch = NULL;
    ls_flow *flow = NULL;
    ls_crowd *crowd = NULL;
    ls_crowd_config k;
    ls_status st;

    m.caller = caller;
    m.bytes = 0;
    m.overflow = 0;
    a.alloc = measure_alloc;
    a.release = measure_release;
    a.user = &m;
    st = ls_grid_create(n->width, n->height, &a, &grid);
    if (st == LS_OK)
        st = ls_search_create(n->width, n->height, &a, &search);
    if (st == LS_OK && n->queue_capacity > 0)
        st = ls_queue_create(n->width, n->height, n->queue_capacity,
                             n->queue_pool, &a, &queue);
    if (st == LS_OK && n->batch_queries > 0)
        st = ls_batch_create(n->width, n->height, LS_SEARCH_FULL,
                             LS__ST_THREADS, &a, &batch);
    if (st == LS_OK && n->flow_goals > 0)
        st = ls_flow_create(n->flow_width, n->flow_height, n->flow_goals, &a,
                            &flow);
    if (st == LS_OK && n->crowd_agents > 0) {
        ls_crowd_config_init(&k);
        k.width = n->crowd_width > 0 ? n->crowd_width : 1;
        k.height = n->crowd_height > 0 ? n->crowd_height : 1;
        k.capacity = n->crowd_agents;
        k.path_points = n->crowd_points;
        k.max_fields = n->crowd_fields;
        st = ls_crowd_create(&k, &a, &crowd);
    }
    ls_crowd_destroy(crowd);
    ls_flow_destroy(flow);
    ls_batch_destroy(batch);
    ls_queue_destroy(queue);
    ls_search_destroy(search);
    ls_grid_destroy(grid);
    if (m.overflow)
        return LS_ERR_SIZE_OVERFLOW;
    *bytes = m.bytes;
    return st;
}

/* Add count elements of size elem to *total; 0, or -1 on overflow. */
static int add_block(size_t *total, uint64_t count, size_t elem)
{
    uint64_t n = count * (uint64_t)elem;
    if (count != 0 && n / count != elem)
        return -1;
    if (n > (uint64_t)(SIZE_MAX - LS__ST_ALIGN) ||
        round_up((size_t)n) > SIZE_MAX - *total)
        return -1;
    *total += round_up((size_t)n);
    return 0;
}

static ls_status buffer_bytes(const needs *n, size_t *total)
{
    uint64_t cells = (uint64_t)(uint32_t)n->width * (uint32_t)n->height;
    uint64_t points = cells > n->queue_pool ? cells : n->queue_pool;
    if (points + 2u > UINT32_MAX ||
        add_block(total, cells, 1) != 0 ||
        add_block(total, points, sizeof(ls_point)) != 0 ||
        add_block(total, n->queue_capacity, sizeof(uint64_t)) != 0 ||
        add_block(total, n->queue_capacity, 1) != 0 ||
        add_block(total, n->batch_points, sizeof(ls_point)) != 0 ||
        add_block(total, n->batch_queries, sizeof(ls_status)) != 0 ||
        add_block(total, n->batch_queries, sizeof(ls_result)) != 0 ||
        add_block(total, n->batch_queries, sizeof(ls_query)) != 0)
        return LS_ERR_SIZE_OVERFLOW;
    return LS_OK;
}

/* Carve the runner's buffers out of the fresh arena. */
static void take_buffers(ls__st_run *run, const needs *n)
{
    uint64_t cells = (uint64_t)(uint32_t)n->width * (uint32_t)n->height;
    uint64_t points = cells > n->queue_pool ? cells : n->queue_pool;
    run->cells = arena_alloc(run, (size_t)cells);
    run->points = arena_alloc(run, (size_t)points * sizeof(ls_point));
    run->point_capacity = (uint32_t)points;
    run->script.held =
        arena_alloc(run, (size_t)n->queue_capacity * sizeof(uint64_t));
    run->script.unfinished = arena_alloc(run, n->queue_capacity);
    run->script.held_capacity = n->queue_capacity;
    run->script.batch_points =
        arena_alloc(run, (size_t)n->batch_points * sizeof(ls_point));
    run->script.batch_point_capacity = n->batch_points;
    run->script.batch_statuses =
        arena_alloc(run, (size_t)n->batch_queries * sizeof(ls_status));
    run->script.batch_results =
        arena_alloc(run, (size_t)n->batch_queries * sizeof(ls_result));
    run->script.batch_queries =
        arena_alloc(run, (size_t)n->batch_queries * sizeof(ls_query));
    run->script.batch_capacity = n->batch_queries;
    run->max_width = n->width;
    run->max_height = n->height;
    run->flow_goals = n->flow_goals;
    run->arena_mark = run->arena_used;
}

static void count_case(ls__st_run *run, ls_selftest_report *out,
                       uint32_t index, int32_t kind)
{
    out->total++;
    if (run->mismatches == 0) {
        out->passed++;
        return;
    }
    if (out->failed++ == 0) {
        out->first_failed = index;
        out->first_failed_kind = kind;
        out->first_failed_step = run->failed_step;
    }
    run->mismatches = 0;
}

ls_status ls__selftest_run(const ls__selftest_data *data,
                           const ls_allocator *allocator,
                           ls_selftest_report *out)
{
    ls_allocator caller;
    ls__st_run run;
    needs n;
    size_t bytes = 0;
    ls_status st;
    uint32_t i;

    if (!out)
        return LS_ERR_NULL_ARGUMENT;
    memset(out, 0, sizeof *out);
    out->first_failed = LS_SELFTEST_NONE;
    out->first_failed_kind = -1;
    if (!data)
        return LS_ERR_NULL_ARGUMENT;
    ls__allocator_choose(&caller, allocator);
    find_needs(data, &n);
    st = measure_objects(&n, &caller, &bytes);
    if (st == LS_OK)
        st = buffer_bytes(&n, &bytes);
    if (st != LS_OK)
        return st;

    memset(&run, 0, sizeof run);
    run.data = data;
    run.digest = LS_DIGEST_EMPTY;
    run.grid_map = UINT32_MAX;
    run.arena.alloc = arena_alloc;
    run.arena.release = arena_release;
    run.arena.user = &run;
    run.arena_size = bytes;
    run.arena_base = caller.alloc(caller.user, bytes ? bytes : 1);
    if (!run.arena_base)
        return LS_ERR_OUT_OF_MEMORY;
    take_buffers(&run, &n);

    for (i = 0; i < data->search_count; i++) {
        run_search(&run, &data->searches[i]);
        count_case(&run, out, i, LS_SELFTEST_SEARCH);
    }
    for (i = 0; i < data->script_count; i++) {
        ls__st_run_script(&run, i);
        count_case(&run, out, data->search_count + i, LS_SELFTEST_SCRIPT);
    }
    for (i = 0; i < data->crowd_count; i++) {
        ls__st_run_crowd(&run, i);
        count_case(&run, out, data->search_count + data->script_count + i,
                   LS_SELFTEST_SCRIPT);
    }
    drop_grid(&run);
    caller.release(caller.user, run.arena_base, bytes ? bytes : 1);
    out->digest = run.digest;
    return LS_OK;
}

ls_status ls_selftest(const ls_allocator *allocator, ls_selftest_report *out)
{
    return ls__selftest_run(&ls__selftest_builtin, allocator, out);
}

const char *ls_selftest_case_name(uint32_t index)
{
    const ls__selftest_data *d = &ls__selftest_builtin;
    if (index < d->search_count)
        return d->searches[index].id;
    index -= d->search_count;
    if (index < d->script_count)
        return d->scripts[index].id;
    index -= d->script_count;
    return index < d->crowd_count ? d->crowds[index].id : NULL;
}
