/* SPDX-License-Identifier: MIT */
/*
 * crowd_space.c - where the crowd's agents are (crowd_space.h): buckets of
 * 2 x 2 cells rebuilt from the positions at the start of each avoiding
 * step, the walk over them that finds an agent's neighbours, the one wall
 * test, and ls_crowd_check_overlaps (lockstar_crowd.h, "The guarantee"),
 * which uses the same two tests the resolution step enforces.
 */
#include <string.h>
#include "alloc.h"
#include "crowd.h"
#include "crowd_space.h"
#include "grid.h"
#include "lockstar.h"

static uint32_t buckets_along(int32_t cells)
{
    return ((uint32_t)cells + LS__SPACE_BUCKET_CELLS - 1u) /
           LS__SPACE_BUCKET_CELLS;
}

ls_status ls__crowd_space_create(ls_crowd *c)
{
    struct ls__crowd_space *s;
    const uint32_t cap = c->config.capacity;
    uint64_t buckets;
    s = ls__alloc_zeroed(&c->allocator, sizeof *s);
    if (!s)
        return LS_ERR_OUT_OF_MEMORY;
    c->space = s;
    s->bx = buckets_along(c->config.width);
    s->by = buckets_along(c->config.height);
    s->bucket = (int64_t)c->config.world.cell_size * LS__SPACE_BUCKET_CELLS;
    buckets = (uint64_t)s->bx * s->by;
    s->starts = ls__alloc(&c->allocator, (size_t)(buckets + 1u) *
                                             sizeof *s->starts);
    s->items = ls__alloc(&c->allocator, (size_t)cap * sizeof *s->items);
    s->bucket_of = ls__alloc(&c->allocator, (size_t)cap * sizeof *s->bucket_of);
    s->state = ls__alloc_zeroed(&c->allocator, (size_t)cap * sizeof *s->state);
    s->active = ls__alloc(&c->allocator, (size_t)cap * sizeof *s->active);
    s->scratch = ls__alloc(&c->allocator, (size_t)c->config.threads *
                                              sizeof *s->scratch);
    /* Stamps 0: no rank's cache is valid before the first build. At most
     * 2^24 ranks x 32 x 4 bytes = 2^31: the size fits a 32-bit size_t. */
    s->cache = ls__alloc_zeroed(&c->allocator, (size_t)cap * sizeof *s->cache);
    s->cached = ls__alloc(&c->allocator, (size_t)cap * LS__SPACE_CACHED *
                                             sizeof *s->cached);
    return s->starts && s->items && s->bucket_of && s->state && s->active &&
                   s->scratch && s->cache && s->cached
               ? LS_OK
               : LS_ERR_OUT_OF_MEMORY;
}

void ls__crowd_space_destroy(ls_crowd *c)
{
    struct ls__crowd_space *s = c->space;
    const uint32_t cap = c->config.capacity;
    if (!s)
        return;
    ls__release(&c->allocator, s->starts, ((size_t)s->bx * s->by + 1u) *
                                              sizeof *s->starts);
    ls__release(&c->allocator, s->items, (size_t)cap * sizeof *s->items);
    ls__release(&c->allocator, s->bucket_of, (size_t)cap * sizeof *s->bucket_of);
    ls__release(&c->allocator, s->state, (size_t)cap * sizeof *s->state);
    ls__release(&c->allocator, s->active, (size_t)cap * sizeof *s->active);
    ls__release(&c->allocator, s->scratch,
                (size_t)c->config.threads * sizeof *s->scratch);
    ls__release(&c->allocator, s->cache, (size_t)cap * sizeof *s->cache);
    ls__release(&c->allocator, s->cached,
                (size_t)cap * LS__SPACE_CACHED * sizeof *s->cached);
    ls__release(&c->allocator, s, sizeof *s);
    c->space = NULL;
}


static uint32_t clamp_bucket(int64_t v, uint32_t n)
{
    return v < 0 ? 0u : v >= (int64_t)n ? n - 1u : (uint32_t)v;
}

static uint32_t bucket_at(const ls_crowd *c, int64_t x, int64_t y)
{
    const struct ls__crowd_space *s = c->space;
    const uint32_t bx = clamp_bucket(
        ls__space_floor_div(x - c->config.world.origin_x, s->bucket), s->bx);
    const uint32_t by = clamp_bucket(
        ls__space_floor_div(y - c->config.world.origin_y, s->bucket), s->by);
    return by * s->bx + bx;
}

void ls__space_build(ls_crowd *c)
{
    struct ls__crowd_space *s = c->space;
    const uint32_t buckets = s->bx * s->by;
    uint32_t n, b;
    memset(s->starts, 0, ((size_t)buckets + 1u) * sizeof *s->starts);
    /* A new epoch makes every rank's cache stale. Stamps are never 0 but
     * before the first build; when the count wraps, every stamp is
     * cleared, so an old stamp can never come round again. */
    if (++s->epoch == 0) {
        memset(s->cache, 0, (size_t)c->config.capacity * sizeof *s->cache);
        s->epoch = 1;
    }
    s->max_radius = 0;
    s->max_speed = 0;
    for (n = 0; n < c->count; n++) {
        const ls__avoid_state *st = &s->state[n];
        s->bucket_of[n] = bucket_at(c, st->x0, st->y0);
        s->starts[s->bucket_of[n] + 1u]++;
        if (st->radius > s->max_radius)
            s->max_radius = st->radius;
        if (st->speed > s->max_speed)
            s->max_speed = st->speed;
    }
    for (b = 0; b < buckets; b++)
        s->starts[b + 1u] += s->starts[b];
    /* Ranks ascending within a bucket: a counting sort in rank order. The
     * last start is moved one bucket on by each placement, then restored. */
    for (n = 0; n < c->count; n++) {
        ls__space_item *it = &s->items[s->starts[s->bucket_of[n]]++];
        it->x = s->state[n].x0;
        it->y = s->state[n].y0;
        it->rank = n;
    }
    for (b = buckets; b > 0; b--)
        s->starts[b] = s->starts[b - 1u];
    s->starts[0] = 0;
}

/* A number at least floor(sqrt(n)) and at most 6 % above it, without a
 * division: one Newton step from a = 2^(h-1), where 2^(h-1) <= sqrt(n) <
 * 2^h, floor((a + floor(n / a)) / 2), is at or above floor(sqrt(n)) (the
 * inequality of the means, as in isqrt.c), and within 6 % of it from
 * such a start. The walk's square only needs to hold the disc. For every
 * 64-bit n, h <= 32: a <= 2^31 and n / a < 2^34, so the sum fits. */
static uint64_t root_above(uint64_t n)
{
    uint32_t h;
    if (n < 2)
        return n;
    h = (ls__highest_bit(n) >> 1) + 1u;   /* bits(n) <= 2h */
    return (((uint64_t)1 << (h - 1u)) + (n >> (h - 1u))) >> 1;
}

/* The items of rank i's cache within *bound of (x, y), in the order the
 * walk found them. Every agent within *bound is there: the cache holds
 * every item within its own bound, which is no smaller, of the same
 * point (rows and LS__SPACE_RANGE_MAX as in the walk). */
static void visit_cached(const struct ls__crowd_space *s, uint32_t i,
                         int64_t x, int64_t y, uint64_t *bound,
                         ls__space_visit visit, void *context)
{
    const uint32_t *k = &s->cached[(size_t)i * LS__SPACE_CACHED];
    const uint32_t count = s->cache[i].count;
    uint32_t n;
    for (n = 0; n < count; n++) {
        const ls__space_item *it = &s->items[k[n]];
        /* Each axis within the cache's reach, at most 2^24: d2 < 2^49. */
        const int64_t dx = (int64_t)it->x - x, dy = (int64_t)it->y - y;
        const uint64_t d2 = (uint64_t)(dx * dx) + (uint64_t)(dy * dy);
        if (d2 <= *bound)
            visit(context, it->rank, d2);
    }
}

/* Buckets b0 .. b1 of one row hold items starts[b0] .. starts[b1 + 1] - 1,
 * one run of the array (ls__space_build sorts them by bucket, row-major):
 * a row of the box around (x, y) is one loop without a call per bucket.
 * A rank's first walk of the tick keeps what it finds within its first
 * bound (the cache): step 6 asks again for the same agent, from the same
 * point, within smaller bounds (the resolution rounds, arrival). */
void ls__space_near(const ls_crowd *c, uint32_t i, int64_t x, int64_t y,
                    uint64_t *bound, ls__space_visit visit, void *context)
{
    struct ls__crowd_space *s = c->space;
    const ls__space_item *items = s->items;
    ls__space_cache *cache = &s->cache[i];
    uint32_t *keep = NULL, kept = 0;
    const uint64_t first = *bound;
    /* An agent within the bound is within `reach` on each axis: dx^2 <=
     * bound gives |dx| <= floor(sqrt(bound)) <= root_above(bound).
     * Beyond LS__SPACE_RANGE_MAX on an axis nobody is visited, so the box
     * stops there. */
    int64_t reach, gx0, gx1, gy0, gy1, gy;
    if (cache->stamp == s->epoch) {
        if (cache->count <= LS__SPACE_CACHED && cache->x == x &&
            cache->y == y && first <= cache->bound) {
            visit_cached(s, i, x, y, bound, visit, context);
            return;
        }
    } else {
        /* The first walk for rank i since the build: it keeps what it
         * finds (i's cache is written by i's walks only, and one rank's
         * walks never run at once: the workers take ranks apart). */
        cache->stamp = s->epoch;
        cache->x = (int32_t)x;
        cache->y = (int32_t)y;
        cache->bound = first;
        keep = &s->cached[(size_t)i * LS__SPACE_CACHED];
    }
    reach = (int64_t)root_above(first);
    if (reach > LS__SPACE_RANGE_MAX)
        reach = LS__SPACE_RANGE_MAX;
    /* Agents are bucketed by their clamped bucket (bucket_at), and floor
     * division and clamping are monotone: every agent with |x_j - x| <=
     * reach lies in a bucket column of [gx0, gx1], and so for rows. */
    gx0 = clamp_bucket(ls__space_floor_div(x - reach - c->config.world.origin_x,
                                           s->bucket), s->bx);
    gx1 = clamp_bucket(ls__space_floor_div(x + reach - c->config.world.origin_x,
                                           s->bucket), s->bx);
    gy0 = clamp_bucket(ls__space_floor_div(y - reach - c->config.world.origin_y,
                                           s->bucket), s->by);
    gy1 = clamp_bucket(ls__space_floor_div(y + reach - c->config.world.origin_y,
                                           s->bucket), s->by);
    for (gy = gy0; gy <= gy1; gy++) {
        const uint32_t row = (uint32_t)gy * s->bx;
        const uint32_t end = s->starts[row + (uint32_t)gx1 + 1u];
        uint32_t k;
        for (k = s->starts[row + (uint32_t)gx0]; k < end; k++) {
            const int64_t dx = (int64_t)items[k].x - x;
            const int64_t dy = (int64_t)items[k].y - y;
            uint64_t d2;
            /* |dx|, |dy| <= reach <= 2^24 after these tests: d2 < 2^49. */
            if (dx > reach || dx < -reach || dy > reach || dy < -reach ||
                items[k].rank == i)
                continue;
            d2 = (uint64_t)(dx * dx) + (uint64_t)(dy * dy);
            if (keep && d2 <= first) {
                /* kept <= LS__SPACE_CACHED: one past the room marks the
                 * cache as not kept. */
                if (kept < LS__SPACE_CACHED)
                    keep[kept] = k;
                if (kept <= LS__SPACE_CACHED)
                    kept++;
            }
            if (d2 <= *bound)
                visit(context, items[k].rank, d2);
        }
    }
    if (keep)
        cache->count = kept;
}

int ls__space_cell_blocked(const ls_grid *grid, int32_t cx, int32_t cy)
{
    if (cx < 0 || cy < 0 || cx >= grid->width || cy >= grid->height)
        return 1;
    return grid->cells[ls__cell_index(grid->stride, cx, cy)] ==
           LS_CELL_BLOCKED;
}

int ls__space_clear_around(const ls_crowd *c, const ls_grid *grid, int64_t x,
                           int64_t y, int64_t r)
{
    const ls_world *w = &c->config.world;
    const int64_t cx = ls__space_floor_div(x - w->origin_x, w->cell_size);
    const int64_t cy = ls__space_floor_div(y - w->origin_y, w->cell_size);
    uint32_t k;
    int64_t lo_x, hi_x, lo_y, hi_y;
    /* ls_grid_clearance's read without its call: inside the grid, and a
     * grid that keeps clearances. */
    if (cx < 0 || cy < 0 || cx >= grid->width || cy >= grid->height ||
        !grid->clear)
        return 0;
    k = grid->clear[ls__cell_index(grid->stride, (int32_t)cx, (int32_t)cy)];
    if (k == 0)
        return 0;
    lo_x = w->origin_x + (cx - (int64_t)(k - 1u)) * w->cell_size;
    hi_x = w->origin_x + (cx + (int64_t)k) * w->cell_size;
    lo_y = w->origin_y + (cy - (int64_t)(k - 1u)) * w->cell_size;
    hi_y = w->origin_y + (cy + (int64_t)k) * w->cell_size;
    return x - r >= lo_x && x + r <= hi_x && y - r >= lo_y && y + r <= hi_y;
}

int ls__space_wall_conflict(const ls_crowd *c, const ls_grid *grid,
                            int64_t x, int64_t y, int64_t r, int64_t sx,
                            int64_t sy, int with_start, ls_point *cell)
{
    const ls_world *w = &c->config.world;
    const int64_t size = w->cell_size;
    int64_t x0, x1, y0, y1, gx, gy;
    if (r == 0) {
        /* A point: the cell it lies in (half-open squares). One it stood
         * in from the start, blocked by an edit, it may move about in. */
        const int64_t cx = ls__space_floor_div(x - w->origin_x, size);
        const int64_t cy = ls__space_floor_div(y - w->origin_y, size);
        if (!ls__space_cell_blocked(grid, (int32_t)cx, (int32_t)cy) ||
            (with_start && ls__space_floor_div(sx - w->origin_x, size) == cx &&
             ls__space_floor_div(sy - w->origin_y, size) == cy))
            return 0;
        if (cell) {
            cell->x = (int32_t)cx;
            cell->y = (int32_t)cy;
        }
        return 1;
    }
    if (ls__space_clear_around(c, grid, x, y, r))
        return 0;
    ls__space_disc_cells(w, x, y, r, &x0, &x1, &y0, &y1);
    for (gy = y0; gy <= y1; gy++) {
        for (gx = x0; gx <= x1; gx++) {
            const int64_t bx0 = w->origin_x + gx * size;
            const int64_t by0 = w->origin_y + gy * size;
            uint64_t d2;
            if (!ls__space_cell_blocked(grid, (int32_t)gx, (int32_t)gy))
                continue;
            d2 = ls__space_box_d2(x, y, bx0, by0, bx0 + size, by0 + size);
            if (d2 >= (uint64_t)(r * r))
                continue;
            if (with_start &&
                ls__space_box_d2(sx, sy, bx0, by0, bx0 + size, by0 + size) <=
                    d2)
                continue; /* overlapped before, and no closer now */
            if (cell) {
                cell->x = (int32_t)gx;
                cell->y = (int32_t)gy;
            }
            return 1;
        }
    }
    return 0;
}

/* ls_crowd_check_overlaps: pairs j > i overlapping agent i. */
typedef struct pair_count {
    const ls_crowd *c;
    uint32_t i;
    uint32_t pairs;
    uint32_t first_i, first_j;
} pair_count;

static void count_pair(void *context, uint32_t j, uint64_t d2)
{
    pair_count *p = context;
    const ls__avoid_state *a = &p->c->space->state[p->i];
    const ls__avoid_state *b = &p->c->space->state[j];
    (void)d2;
    if (j <= p->i || !ls__space_discs_overlap(a->x0, a->y0, a->radius, b->x0,
                                              b->y0, b->radius))
        return;
    if (p->pairs == 0 || j < p->first_j) {
        if (p->pairs == 0)
            p->first_i = p->i;
        p->first_j = j;
    }
    p->pairs++;
}

ls_status ls_crowd_check_overlaps(ls_crowd *c, const ls_grid *grid,
                                  ls_crowd_overlaps *out)
{
    struct ls__crowd_space *s;
    ls_crowd_overlaps r;
    uint32_t n;
    if (!c || !grid || !out)
        return LS_ERR_NULL_ARGUMENT;
    if (grid->width != c->config.width || grid->height != c->config.height)
        return LS_ERR_GRID_MISMATCH;
    s = c->space;
    memset(&r, 0, sizeof r);
    for (n = 0; n < c->count; n++) {
        const ls__crowd_agent *a = &c->agents[c->by_id[n]];
        ls__avoid_state *st = &s->state[n];
        st->x0 = a->body.x;
        st->y0 = a->body.y;
        st->radius = a->radius;
        st->speed = a->body.speed;
    }
    ls__space_build(c);
    for (n = 0; n < c->count; n++) {
        const ls__avoid_state *st = &s->state[n];
        const int64_t reach = (int64_t)st->radius + s->max_radius;
        uint64_t bound = (uint64_t)(reach * reach);
        pair_count p;
        ls_point cell;
        p.c = c;
        p.i = n;
        p.pairs = 0;
        p.first_i = p.first_j = 0;
        if (reach > 0)
            ls__space_near(c, n, st->x0, st->y0, &bound, count_pair, &p);
        if (p.pairs > 0 && r.pairs == 0) {
            r.pair_a = c->agents[c->by_id[p.first_i]].id;
            r.pair_b = c->agents[c->by_id[p.first_j]].id;
        }
        r.pairs += p.pairs;
        if (st->radius > 0 &&
            ls__space_wall_conflict(c, grid, st->x0, st->y0, st->radius, 0, 0,
                                    0, &cell)) {
            if (r.walls == 0) {
                r.wall_agent = c->agents[c->by_id[n]].id;
                r.wall_cell = cell;
            }
            r.walls++;
        }
    }
    *out = r;
    return LS_OK;
}
