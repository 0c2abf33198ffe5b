/* SPDX-License-Identifier: MIT */
/*
 * world.c - world frames: world positions to cells (exact floor division),
 * cell centres to world positions, and lengths in world units (the ceiling
 * of the exact Euclidean length, src/isqrt.h). Every value is a raw fix16_t
 * widened to 64 bits, where no sum or product below can overflow; results
 * are range-checked before they narrow, so nothing ever wraps. Also the
 * clearance class of a radius (ls_world_clearance).
 */
#include "grid.h"
#include "isqrt.h"
#include "world.h"

ls_status ls__world_check(const ls_world *world)
{
    if (world->cell_size <= 0 || !ls__world_value_ok(world->origin_x) ||
        !ls__world_value_ok(world->origin_y))
        return LS_ERR_BAD_FRAME;
    return LS_OK;
}

/* floor(num / den) for den > 0, negatives included (C rounds toward 0). */
static int64_t floor_div(int64_t num, int64_t den)
{
    int64_t q = num / den;
    if (num % den != 0 && num < 0)
        q--;
    return q;
}

/* |num| < 2^32 and size >= 1, so the quotient is exact in 64 bits; it fits
 * int32 only when size is large enough, hence the check. */
static ls_status axis_cell(fix16_t v, fix16_t origin, fix16_t size,
                           int32_t *cell)
{
    const int64_t c = floor_div((int64_t)v - origin, size);
    if (c < INT32_MIN || c > INT32_MAX)
        return LS_ERR_WORLD_RANGE;
    *cell = (int32_t)c;
    return LS_OK;
}

ls_status ls_world_cell(const ls_world *world, fix16_t x, fix16_t y,
                        ls_point *cell)
{
    ls_point p;
    ls_status st;
    if (!world || !cell)
        return LS_ERR_NULL_ARGUMENT;
    st = ls__world_check(world);
    if (st != LS_OK)
        return st;
    if (!ls__world_value_ok(x) || !ls__world_value_ok(y))
        return LS_ERR_WORLD_RANGE;
    st = axis_cell(x, world->origin_x, world->cell_size, &p.x);
    if (st == LS_OK)
        st = axis_cell(y, world->origin_y, world->cell_size, &p.y);
    if (st == LS_OK)
        *cell = p;
    return st;
}

ls_status ls_world_to_cell(const ls_world *world, const ls_grid *grid,
                           fix16_t x, fix16_t y, ls_point *cell)
{
    ls_point p;
    ls_status st;
    if (!world || !grid || !cell)
        return LS_ERR_NULL_ARGUMENT;
    st = ls_world_cell(world, x, y, &p);
    if (st == LS_ERR_WORLD_RANGE && ls__world_value_ok(x) &&
        ls__world_value_ok(y))
        return LS_ERR_OUT_OF_BOUNDS; /* a cell beyond int32: not the grid's */
    if (st != LS_OK)
        return st;
    if (p.x < 0 || p.y < 0 || p.x >= grid->width || p.y >= grid->height)
        return LS_ERR_OUT_OF_BOUNDS;
    *cell = p;
    return LS_OK;
}

/* origin + c * size + floor(size / 2): |c * size| < 2^62. */
static ls_status axis_center(fix16_t origin, int32_t c, fix16_t size,
                             fix16_t *out)
{
    const int64_t v = (int64_t)origin + (int64_t)c * size + size / 2;
    if (v < -LS__WORLD_MAX || v > LS__WORLD_MAX)
        return LS_ERR_WORLD_RANGE;
    *out = (fix16_t)v;
    return LS_OK;
}

ls_status ls__world_center(const ls_world *world, int32_t cx, int32_t cy,
                           fix16_t *x, fix16_t *y)
{
    fix16_t px, py;
    ls_status st = axis_center(world->origin_x, cx, world->cell_size, &px);
    if (st == LS_OK)
        st = axis_center(world->origin_y, cy, world->cell_size, &py);
    if (st != LS_OK)
        return st;
    *x = px;
    *y = py;
    return LS_OK;
}

ls_status ls_world_cell_center(const ls_world *world, int32_t cx, int32_t cy,
                               fix16_t *x, fix16_t *y)
{
    ls_status st;
    if (!world || !x || !y)
        return LS_ERR_NULL_ARGUMENT;
    st = ls__world_check(world);
    return st != LS_OK ? st : ls__world_center(world, cx, cy, x, y);
}

ls_status ls__distance(int64_t dx, int64_t dy, fix16_t *length)
{
    uint64_t ux, uy, r;
    if (dx < -LS__WORLD_MAX || dx > LS__WORLD_MAX || dy < -LS__WORLD_MAX ||
        dy > LS__WORLD_MAX)
        return LS_ERR_WORLD_RANGE;
    ux = (uint64_t)(dx < 0 ? -dx : dx);
    uy = (uint64_t)(dy < 0 ? -dy : dy);
    /* Each square is below 2^62, the sum below 2^63. */
    r = ls__isqrt_ceil(ux * ux + uy * uy);
    if (r > LS__WORLD_MAX)
        return LS_ERR_WORLD_RANGE;
    *length = (fix16_t)r;
    return LS_OK;
}

ls_status ls_world_distance(fix16_t ax, fix16_t ay, fix16_t bx, fix16_t by,
                            fix16_t *length)
{
    if (!length)
        return LS_ERR_NULL_ARGUMENT;
    if (!ls__world_value_ok(ax) || !ls__world_value_ok(ay) ||
        !ls__world_value_ok(bx) || !ls__world_value_ok(by))
        return LS_ERR_WORLD_RANGE;
    return ls__distance((int64_t)bx - ax, (int64_t)by - ay, length);
}

/* (b - a) * size: |b - a| < 2^32 and size < 2^31, so below 2^63. */
static int64_t scaled(int32_t a, int32_t b, fix16_t size)
{
    return ((int64_t)b - a) * size;
}

ls_status ls_world_segment_length(const ls_world *world, int32_t ax,
                                  int32_t ay, int32_t bx, int32_t by,
                                  fix16_t *length)
{
    ls_status st;
    if (!world || !length)
        return LS_ERR_NULL_ARGUMENT;
    st = ls__world_check(world);
    if (st != LS_OK)
        return st;
    return ls__distance(scaled(ax, bx, world->cell_size),
                        scaled(ay, by, world->cell_size), length);
}

ls_status ls_world_path_length(const ls_world *world, const ls_point *points,
                               uint32_t count, fix16_t *length)
{
    int64_t sum = 0;
    uint32_t i;
    ls_status st;
    if (!world || !length || (!points && count > 0))
        return LS_ERR_NULL_ARGUMENT;
    st = ls__world_check(world);
    if (st != LS_OK)
        return st;
    for (i = 1; i < count; i++) {
        fix16_t step;
        st = ls__distance(
            scaled(points[i - 1].x, points[i].x, world->cell_size),
            scaled(points[i - 1].y, points[i].y, world->cell_size), &step);
        if (st != LS_OK)
            return st;
        sum += step; /* both <= 2^31 - 1 here: no overflow */
        if (sum > LS__WORLD_MAX)
            return LS_ERR_WORLD_RANGE;
    }
    *length = (fix16_t)sum;
    return LS_OK;
}

ls_status ls_world_clearance(const ls_world *world, fix16_t radius,
                             uint32_t *clearance)
{
    int64_t s, k;
    ls_status st;
    if (!world || !clearance)
        return LS_ERR_NULL_ARGUMENT;
    st = ls__world_check(world);
    if (st != LS_OK)
        return st;
    if (radius < 0)
        return LS_ERR_BAD_RADIUS;
    /* (2k - 1) s >= 2r  <=>  k >= (2r + s) / (2s): the ceiling of that,
     * on raw values (2r + 3s < 2^33: no overflow), is at least 1. */
    s = world->cell_size;
    k = (2 * (int64_t)radius + s + 2 * s - 1) / (2 * s);
    if (k > (int64_t)LS_CLEARANCE_MAX)
        return LS_ERR_BAD_RADIUS;
    *clearance = (uint32_t)k;
    return LS_OK;
}
