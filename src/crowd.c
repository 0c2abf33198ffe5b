/* SPDX-License-Identifier: MIT */
/*
 * crowd.c - the crowd object (lockstar_crowd.h): creation, agents by id,
 * orders given between ticks, readers and digests. A tick is in
 * crowd_tick.c, the requests in crowd_serve.c, routes in crowd_pool.c.
 */
#include <string.h>
#include "alloc.h"
#include "crowd.h"
#include "hash.h"
#include "lockstar.h"
#include "plan.h"

ls_status ls_crowd_config_init(ls_crowd_config *config)
{
    if (!config)
        return LS_ERR_NULL_ARGUMENT;
    memset(config, 0, sizeof *config);
    config->struct_size = sizeof *config;
    config->width = config->height = 1;
    config->capacity = 1024;
    config->path_points = 65536;
    config->world.origin_x = config->world.origin_y = 0;
    config->world.cell_size = fix16_one;
    (void)ls_query_init(&config->options);
    config->threads = 1;
    config->max_fields = 4;
    config->avoid_neighbours = 10;
    config->avoid_horizon = 4;
    config->stuck_ticks = 40;
    return LS_OK;
}

void ls_crowd_destroy(ls_crowd *c)
{
    ls_allocator al;
    if (!c)
        return;
    al = c->allocator;
    ls__crowd_serve_destroy(c);
    ls__crowd_space_destroy(c);
    ls__crowd_fields_destroy(c);
    ls__crowd_pool_destroy(c);
    ls__release(&al, c->scratch_path, (size_t)c->cells * sizeof(ls_point));
    ls__release(&al, c->scratch_ways, (size_t)c->cells * sizeof(ls_point));
    ls__release(&al, c->agents,
                (size_t)c->config.capacity * sizeof *c->agents);
    ls__release(&al, c->by_id, (size_t)c->config.capacity * sizeof *c->by_id);
    ls__release(&al, c->orders,
                (size_t)c->config.capacity * sizeof *c->orders);
    ls__release(&al, c, sizeof *c);
}

/* The checks of ls_crowd_create that need no memory. */
static ls_status check_config(const ls_crowd_config *k)
{
    ls_status st;
    ls_point cell;
    if (k->struct_size != sizeof *k)
        return LS_ERR_BAD_STRUCT_SIZE;
    if (k->width < 1 || k->height < 1 || k->width > LS_MAX_DIMENSION ||
        k->height > LS_MAX_DIMENSION || k->capacity == 0)
        return LS_ERR_BAD_SIZE;
    if ((uint64_t)k->width * (uint64_t)k->height > LS_MAX_CELLS ||
        k->capacity > LS_CROWD_MAX_CAPACITY ||
        k->max_fields > LS_CROWD_MAX_FIELDS)
        return LS_ERR_SIZE_OVERFLOW;
    if (k->flags & ~(LS_CROWD_GROW_PATHS | LS_CROWD_AVOIDANCE))
        return LS_ERR_BAD_FLAGS;
    if (k->threads < 1 || k->threads > LS_BATCH_MAX_THREADS ||
        k->avoid_neighbours < 1 ||
        k->avoid_neighbours > LS_CROWD_MAX_NEIGHBOURS ||
        k->avoid_horizon < 1 || k->avoid_horizon > LS_CROWD_MAX_HORIZON)
        return LS_ERR_BAD_OPTION;
    st = ls_world_cell(&k->world, k->world.origin_x, k->world.origin_y,
                       &cell);
    if (st != LS_OK)
        return st;
    return ls__check_query_options(&k->options);
}

ls_status ls_crowd_create(const ls_crowd_config *config,
                          const ls_allocator *allocator, ls_crowd **out)
{
    ls_crowd *c;
    ls_allocator al;
    ls_status st;
    uint32_t k, cap;
    if (!out)
        return LS_ERR_NULL_ARGUMENT;
    *out = NULL;
    if (!config)
        return LS_ERR_NULL_ARGUMENT;
    st = check_config(config);
    if (st != LS_OK)
        return st;
    c = ls__alloc_object(allocator, &al, sizeof *c);
    if (!c)
        return LS_ERR_OUT_OF_MEMORY;
    c->allocator = al;
    c->config = *config;
    cap = config->capacity;
    c->cells = (uint32_t)config->width * (uint32_t)config->height;
    c->free_head = LS__CROWD_NONE;
    c->run_digest = LS_FNV_BASIS;
    c->avoiding = c->avoid_next = (config->flags & LS_CROWD_AVOIDANCE) != 0;
    c->agents = ls__alloc_zeroed(&al, (size_t)cap * sizeof *c->agents);
    c->by_id = ls__alloc(&al, (size_t)cap * sizeof *c->by_id);
    c->orders = ls__alloc(&al, (size_t)cap * sizeof *c->orders);
    c->scratch_path = ls__alloc(&al, (size_t)c->cells * sizeof(ls_point));
    c->scratch_ways = ls__alloc(&al, (size_t)c->cells * sizeof(ls_point));
    st = c->agents && c->by_id && c->orders && c->scratch_path &&
                 c->scratch_ways
             ? LS_OK
             : LS_ERR_OUT_OF_MEMORY;
    if (st == LS_OK)
        st = ls__crowd_pool_create(c, config->path_points);
    if (st == LS_OK)
        st = ls__crowd_serve_create(c);
    if (st == LS_OK)
        st = ls__crowd_fields_create(c);
    if (st == LS_OK)
        st = ls__crowd_space_create(c);
    if (st != LS_OK) {
        ls_crowd_destroy(c);
        return st;
    }
    for (k = cap; k-- > 0;) {
        c->agents[k].pool_next = c->free_head;
        c->free_head = k;
    }
    *out = c;
    return LS_OK;
}

/* Where id is, or would go, in by_id. */
static uint32_t rank_of(const ls_crowd *c, int64_t id)
{
    uint32_t lo = 0, hi = c->count;
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2u;
        if (c->agents[c->by_id[mid]].id < id)
            lo = mid + 1u;
        else
            hi = mid;
    }
    return lo;
}

ls__crowd_agent *ls__crowd_find(const ls_crowd *c, int64_t id)
{
    const uint32_t r = rank_of(c, id);
    return r < c->count && c->agents[c->by_id[r]].id == id
               ? &c->agents[c->by_id[r]]
               : NULL;
}

static int inside(const ls_crowd *c, int32_t x, int32_t y)
{
    return x >= 0 && y >= 0 && x < c->config.width && y < c->config.height;
}

ls_status ls_crowd_add_at(ls_crowd *c, int64_t id, fix16_t wx, fix16_t wy,
                          fix16_t speed)
{
    ls__crowd_agent *a;
    ls_agent body;
    ls_point cell;
    uint32_t r, slot;
    ls_status st;
    if (!c)
        return LS_ERR_NULL_ARGUMENT;
    if (ls__crowd_find(c, id))
        return LS_ERR_DUPLICATE_ID;
    if (c->count == c->config.capacity)
        return LS_ERR_CROWD_FULL;
    st = ls_world_cell(&c->config.world, wx, wy, &cell);
    if (st != LS_OK)
        return st == LS_ERR_WORLD_RANGE ? LS_ERR_OUT_OF_BOUNDS : st;
    if (!inside(c, cell.x, cell.y))
        return LS_ERR_OUT_OF_BOUNDS;
    st = ls_agent_init(&body, &c->config.world, wx, wy, speed);
    if (st != LS_OK)
        return st;
    slot = c->free_head;
    a = &c->agents[slot];
    c->free_head = a->pool_next;
    memset(a, 0, sizeof *a);
    a->id = id;
    a->in_use = 1;
    a->state = LS_CROWD_IDLE;
    a->body = body;
    a->goal = cell;
    a->block = LS__CROWD_NONE;
    a->pool_prev = a->pool_next = LS__CROWD_NONE;
    a->req_prev = a->req_next = LS__CROWD_NONE;
    a->field = LS__CROWD_NONE;
    a->heading = cell;
    a->clearance = a->asked_clearance = 1; /* radius 0 */
    r = rank_of(c, id);
    memmove(c->by_id + r + 1, c->by_id + r,
            (size_t)(c->count - r) * sizeof *c->by_id);
    c->by_id[r] = slot;
    c->count++;
    return LS_OK;
}

ls_status ls_crowd_add(ls_crowd *c, int64_t id, int32_t x, int32_t y,
                       fix16_t speed)
{
    fix16_t wx, wy;
    ls_status st;
    if (!c)
        return LS_ERR_NULL_ARGUMENT;
    if (!inside(c, x, y))
        return LS_ERR_OUT_OF_BOUNDS;
    st = ls_world_cell_center(&c->config.world, x, y, &wx, &wy);
    return st != LS_OK ? st : ls_crowd_add_at(c, id, wx, wy, speed);
}

ls_status ls_crowd_remove(ls_crowd *c, int64_t id)
{
    ls__crowd_agent *a;
    uint32_t r, slot;
    if (!c)
        return LS_ERR_NULL_ARGUMENT;
    a = ls__crowd_find(c, id);
    if (!a)
        return LS_ERR_UNKNOWN_ID;
    ls__crowd_cancel(c, a);
    ls__crowd_field_leave(c, a);
    ls__crowd_pool_release(c, a);
    slot = (uint32_t)(a - c->agents);
    r = rank_of(c, id);
    memmove(c->by_id + r, c->by_id + r + 1,
            (size_t)(c->count - r - 1u) * sizeof *c->by_id);
    c->count--;
    a->in_use = 0;
    a->order_seq = 0;
    a->pool_next = c->free_head;
    c->free_head = slot;
    return LS_OK;
}

/* Keep an order for the next tick, replacing the agent's pending one. */
static ls_status give(ls_crowd *c, int64_t id, int32_t kind, ls_point goal)
{
    ls__crowd_agent *a = c ? ls__crowd_find(c, id) : NULL;
    if (!c)
        return LS_ERR_NULL_ARGUMENT;
    if (!a)
        return LS_ERR_UNKNOWN_ID;
    /* Its earlier entry, if any, is dead from now on; so the live entries
     * are other agents', fewer than capacity, and dropping the dead ones
     * always makes room. */
    a->order_seq = 0;
    if (c->order_count == c->config.capacity) {
        uint32_t n, kept = 0;
        for (n = 0; n < c->order_count; n++) {
            const ls__crowd_agent *b = &c->agents[c->orders[n].slot];
            if (b->in_use && b->order_seq == c->orders[n].seq)
                c->orders[kept++] = c->orders[n];
        }
        c->order_count = kept;
    }
    a->order_kind = kind;
    a->order_goal = goal;
    /* Sequence numbers tell a live entry from a replaced one; 0 is none. */
    if (++c->order_seq == 0)
        c->order_seq = 1;
    a->order_seq = c->order_seq;
    c->orders[c->order_count].slot = (uint32_t)(a - c->agents);
    c->orders[c->order_count].seq = a->order_seq;
    c->order_count++;
    return LS_OK;
}

ls_status ls_crowd_order(ls_crowd *c, int64_t id, int32_t x, int32_t y)
{
    ls_point goal;
    if (!c)
        return LS_ERR_NULL_ARGUMENT;
    if (!ls__crowd_find(c, id))
        return LS_ERR_UNKNOWN_ID;
    if (!inside(c, x, y))
        return LS_ERR_OUT_OF_BOUNDS;
    goal.x = x;
    goal.y = y;
    return give(c, id, LS__ORDER_MOVE, goal);
}

ls_status ls_crowd_order_at(ls_crowd *c, int64_t id, fix16_t wx, fix16_t wy)
{
    ls_point cell;
    ls_status st;
    if (!c)
        return LS_ERR_NULL_ARGUMENT;
    if (!ls__crowd_find(c, id))
        return LS_ERR_UNKNOWN_ID;
    st = ls_world_cell(&c->config.world, wx, wy, &cell);
    if (st != LS_OK)
        return st == LS_ERR_WORLD_RANGE ? LS_ERR_OUT_OF_BOUNDS : st;
    return ls_crowd_order(c, id, cell.x, cell.y);
}

ls_status ls_crowd_order_group(ls_crowd *c, const int64_t *ids,
                               uint32_t count, int32_t x, int32_t y)
{
    ls_point goal;
    uint32_t n;
    if (!c || !ids)
        return LS_ERR_NULL_ARGUMENT;
    if (count == 0)
        return LS_ERR_BAD_SIZE;
    for (n = 0; n < count; n++)
        if (!ls__crowd_find(c, ids[n]))
            return LS_ERR_UNKNOWN_ID;
    if (!inside(c, x, y))
        return LS_ERR_OUT_OF_BOUNDS;
    goal.x = x;
    goal.y = y;
    for (n = 0; n < count; n++)
        (void)give(c, ids[n], LS__ORDER_GROUP, goal);
    return LS_OK;
}

ls_status ls_crowd_stop(ls_crowd *c, int64_t id)
{
    const ls_point none = { 0, 0 };
    return give(c, id, LS__ORDER_STOP, none);
}

ls_status ls_crowd_set_speed(ls_crowd *c, int64_t id, fix16_t speed)
{
    ls__crowd_agent *a;
    if (!c)
        return LS_ERR_NULL_ARGUMENT;
    a = ls__crowd_find(c, id);
    if (!a)
        return LS_ERR_UNKNOWN_ID;
    if (speed <= 0)
        return LS_ERR_BAD_SPEED;
    a->body.speed = speed;
    return LS_OK;
}

ls_status ls_crowd_set_body(ls_crowd *c, int64_t id, fix16_t radius,
                            int32_t priority)
{
    ls__crowd_agent *a;
    uint32_t k = 0;
    ls_status st;
    if (!c)
        return LS_ERR_NULL_ARGUMENT;
    a = ls__crowd_find(c, id);
    if (!a)
        return LS_ERR_UNKNOWN_ID;
    if (radius < 0 || radius > LS_CROWD_MAX_RADIUS)
        return LS_ERR_BAD_RADIUS;
    st = ls_world_clearance(&c->config.world, radius, &k);
    if (st != LS_OK)
        return st;
    if (priority < 0 || priority > LS_CROWD_MAX_PRIORITY)
        return LS_ERR_BAD_PRIORITY;
    a->radius = radius;
    a->priority = priority;
    a->clearance = k;
    return LS_OK;
}

ls_status ls_crowd_set_avoidance(ls_crowd *c, int32_t on)
{
    if (!c)
        return LS_ERR_NULL_ARGUMENT;
    if (on != 0 && on != 1)
        return LS_ERR_BAD_OPTION;
    c->avoid_next = on;
    return LS_OK;
}

ls_status ls_crowd_set_path_cache(ls_crowd *c, struct ls_path_cache *cache)
{
    if (!c)
        return LS_ERR_NULL_ARGUMENT;
    c->cache = cache;
    return LS_OK;
}

/* The digest's waypoint index. */
static uint32_t waypoint_index(const ls__crowd_agent *a)
{
    return a->state == LS_CROWD_MOVING || a->state == LS_CROWD_ARRIVED
               ? a->body.target
               : 0;
}

static uint64_t feed_agent(const ls_crowd *c, uint64_t h,
                           const ls__crowd_agent *a)
{
    h = ls__fnv1a_le(h, (uint64_t)a->id, 8);
    h = ls__fnv1a_le(h, (uint32_t)a->body.x, 4);
    h = ls__fnv1a_le(h, (uint32_t)a->body.y, 4);
    h = ls__fnv1a_le(h, (uint32_t)a->state, 1);
    h = ls__fnv1a_le(h, waypoint_index(a), 4);
    if (!c->avoiding)
        return h; /* the digest of a crowd without avoidance, unchanged */
    h = ls__fnv1a_le(h, (uint32_t)a->vx, 4);
    h = ls__fnv1a_le(h, (uint32_t)a->vy, 4);
    h = ls__fnv1a_le(h, (uint32_t)a->radius, 4);
    h = ls__fnv1a_le(h, (uint32_t)a->priority, 1);
    return ls__fnv1a_le(h, a->stuck, 4);
}

uint64_t ls__crowd_digest_now(const ls_crowd *c, const ls_grid *grid)
{
    uint64_t map = 0, h = LS_FNV_BASIS;
    uint32_t n;
    (void)ls_grid_digest(grid, &map);
    h = ls__fnv1a_le(h, map, 8);
    h = ls__fnv1a_le(h, c->count, 4);
    for (n = 0; n < c->count; n++)
        h = feed_agent(c, h, &c->agents[c->by_id[n]]);
    return h;
}

static void describe(const ls_crowd *c, const ls__crowd_agent *a,
                     ls_crowd_agent *out)
{
    memset(out, 0, sizeof *out);
    out->id = a->id;
    out->state = a->state;
    out->x = a->body.x;
    out->y = a->body.y;
    out->cell = ls__crowd_cell(c, a);
    out->goal = a->goal;
    out->speed = a->body.speed;
    out->waypoint = waypoint_index(a);
    out->on_field = a->field != LS__CROWD_NONE;
    out->way_count = a->state == LS_CROWD_MOVING && !out->on_field
                         ? a->way_count
                         : 0;
    if (a->state != LS_CROWD_MOVING)
        out->heading = out->cell;
    else if (out->on_field)
        out->heading = a->heading;
    else
        out->heading = ls__crowd_ways(c, a)[a->body.target];
    out->radius = a->radius;
    out->priority = a->priority;
    out->vx = a->vx;
    out->vy = a->vy;
    out->clearance = a->clearance;
    out->stuck = a->stuck;
}

ls_status ls_crowd_count(const ls_crowd *c, uint32_t *count)
{
    if (!c || !count)
        return LS_ERR_NULL_ARGUMENT;
    *count = c->count;
    return LS_OK;
}

ls_status ls_crowd_get(const ls_crowd *c, int64_t id, ls_crowd_agent *out)
{
    const ls__crowd_agent *a;
    if (!c || !out)
        return LS_ERR_NULL_ARGUMENT;
    a = ls__crowd_find(c, id);
    if (!a)
        return LS_ERR_UNKNOWN_ID;
    describe(c, a, out);
    return LS_OK;
}

ls_status ls_crowd_get_at(const ls_crowd *c, uint32_t index,
                          ls_crowd_agent *out)
{
    if (!c || !out)
        return LS_ERR_NULL_ARGUMENT;
    if (index >= c->count)
        return LS_ERR_OUT_OF_BOUNDS;
    describe(c, &c->agents[c->by_id[index]], out);
    return LS_OK;
}

ls_status ls_crowd_route(const ls_crowd *c, int64_t id, ls_point *points,
                         uint32_t capacity, uint32_t *length)
{
    const ls__crowd_agent *a;
    uint32_t n;
    if (!c || !length || (!points && capacity > 0))
        return LS_ERR_NULL_ARGUMENT;
    a = ls__crowd_find(c, id);
    if (!a)
        return LS_ERR_UNKNOWN_ID;
    n = a->state == LS_CROWD_MOVING && a->field == LS__CROWD_NONE
            ? a->way_count
            : 0;
    *length = n;
    if (n > capacity)
        return LS_ERR_BUFFER_TOO_SMALL;
    if (n > 0)
        memcpy(points, ls__crowd_ways(c, a), (size_t)n * sizeof *points);
    return LS_OK;
}

ls_status ls_crowd_agent_digest(const ls_crowd *c, int64_t id,
                                uint64_t *digest)
{
    const ls__crowd_agent *a;
    if (!c || !digest)
        return LS_ERR_NULL_ARGUMENT;
    a = ls__crowd_find(c, id);
    if (!a)
        return LS_ERR_UNKNOWN_ID;
    *digest = feed_agent(c, LS_FNV_BASIS, a);
    return LS_OK;
}

ls_status ls_crowd_tick_digest(const ls_crowd *c, uint64_t *digest)
{
    if (!c || !digest)
        return LS_ERR_NULL_ARGUMENT;
    if (c->ticks == 0)
        return LS_ERR_NOT_DONE;
    *digest = c->tick_digest;
    return LS_OK;
}

ls_status ls_crowd_run_digest(const ls_crowd *c, uint64_t *digest)
{
    if (!c || !digest)
        return LS_ERR_NULL_ARGUMENT;
    *digest = c->run_digest;
    return LS_OK;
}

ls_status ls_crowd_ticks(const ls_crowd *c, uint32_t *ticks)
{
    if (!c || !ticks)
        return LS_ERR_NULL_ARGUMENT;
    *ticks = c->ticks;
    return LS_OK;
}

ls_status ls_crowd_stats_get(const ls_crowd *c, ls_crowd_stats *out)
{
    if (!c || !out)
        return LS_ERR_NULL_ARGUMENT;
    *out = c->stats;
    out->pool_points = c->pool_size;
    out->pool_used = c->pool_used;
    return LS_OK;
}

const char *ls_crowd_state_name(int32_t state)
{
    static const char *const names[] = { "idle",    "waiting",
                                         "moving",  "arrived",
                                         "unreachable", "no-room" };
    return state >= 0 && state <= LS_CROWD_NO_ROOM ? names[state] : "?";
}
