/* SPDX-License-Identifier: MIT */
/*
 * landmarks.c - landmark tables kept with a grid
 * (include/lockstar_landmarks.h): creation and release, what edits do to
 * them, the update entry point, the readers, and what a query takes from
 * them (its check and its view). The computation itself is
 * src/landmarks_build.c's; the bound the search reads, src/landmarks.h's.
 */
#include "alloc.h"
#include "flow.h"
#include "grid.h"
#include "landmarks.h"
#include "plan.h"
#include "thread.h"

ls_status ls_landmarks_config_init(ls_landmarks_config *cfg)
{
    if (!cfg)
        return LS_ERR_NULL_ARGUMENT;
    cfg->struct_size = (uint32_t)sizeof *cfg;
    cfg->count = 8;
    cfg->connectivity = LS_CONNECT_8;
    cfg->corner_rule = LS_CORNERS_NONE;
    cfg->straight_cost = 10;
    cfg->diagonal_cost = 14;
    return LS_OK;
}

uint32_t ls_landmarks_bytes_per_cell(uint32_t count)
{
    if (count < 1 || count > LS_LANDMARKS_MAX)
        return 0;
    /* distances, the parts' queue, a flow field */
    return 4u * count + 4u + ls_flow_bytes_per_cell();
}

/* The config's moves, checked by the rules of a query's
 * (ls__check_move_set), and its count. */
static ls_status check_config(const ls_landmarks_config *cfg)
{
    if (cfg->struct_size != sizeof *cfg)
        return LS_ERR_BAD_STRUCT_SIZE;
    if (cfg->count < 1 || cfg->count > LS_LANDMARKS_MAX)
        return LS_ERR_BAD_SIZE;
    return ls__check_move_set(cfg->connectivity, cfg->corner_rule,
                              cfg->straight_cost, cfg->diagonal_cost);
}

static void release(const ls_allocator *a, struct ls_landmarks *lm)
{
    if (!lm)
        return;
    ls__release(a, lm->dist,
                (size_t)lm->cell_count * lm->config.count * sizeof(uint32_t));
    ls__release(a, lm->queue, (size_t)lm->cell_count * sizeof(uint32_t));
    ls_flow_destroy(lm->flow);
    ls__release(a, lm, sizeof *lm);
}

void ls__landmarks_release(ls_grid *grid)
{
    release(&grid->allocator, grid->landmarks);
    grid->landmarks = NULL;
}

static struct ls_landmarks *create(ls_grid *grid,
                                   const ls_landmarks_config *cfg,
                                   ls_status *st)
{
    const ls_allocator *a = &grid->allocator;
    const uint64_t bytes = (uint64_t)grid->cell_count * cfg->count * 4u;
    struct ls_landmarks *lm;
    if (bytes > (uint64_t)SIZE_MAX) {
        *st = LS_ERR_SIZE_OVERFLOW;
        return NULL;
    }
    lm = ls__alloc_zeroed(a, sizeof *lm);
    if (!lm) {
        *st = LS_ERR_OUT_OF_MEMORY;
        return NULL;
    }
    lm->config = *cfg;
    lm->cell_count = grid->cell_count;
    lm->dist = ls__alloc(a, (size_t)bytes);
    lm->queue = ls__alloc(a, (size_t)grid->cell_count * sizeof(uint32_t));
    *st = lm->dist && lm->queue ? ls_flow_create(grid->width, grid->height, 1,
                                                 a, &lm->flow)
                                : LS_ERR_OUT_OF_MEMORY;
    if (*st != LS_OK) {
        release(a, lm);
        return NULL;
    }
    ls__landmarks_restart(lm);
    lm->epoch = ls__stamp_next();
    return lm;
}

/* Run the computation; on its end the tables are usable and exact, on
 * an overflow they are released (the grid holds none). */
static ls_status run(ls_grid *grid, uint32_t budget, uint32_t *done)
{
    struct ls_landmarks *lm = grid->landmarks;
    ls_status st;
    if (lm->usable && lm->exact)
        return LS_OK;
    if (lm->usable) { /* inexact: rebuilt in place, unusable meanwhile */
        lm->usable = 0;
        lm->epoch = ls__stamp_next();
    }
    st = ls__landmarks_run(grid, lm, budget, done);
    if (st == LS_OK) {
        lm->usable = lm->exact = 1;
        lm->symmetric = grid->costly_cells == 0;
        lm->epoch = ls__stamp_next();
    } else if (st != LS_IN_PROGRESS) {
        ls__landmarks_release(grid);
    }
    return st;
}

ls_status ls_grid_build_landmarks(ls_grid *grid,
                                  const ls_landmarks_config *cfg)
{
    struct ls_landmarks *lm;
    ls_status st;
    if (!grid || !cfg)
        return LS_ERR_NULL_ARGUMENT;
    st = check_config(cfg);
    if (st != LS_OK)
        return st;
    lm = create(grid, cfg, &st);
    if (!lm)
        return st;
    ls__landmarks_release(grid);
    grid->landmarks = lm;
    return run(grid, 0, NULL);
}

ls_status ls_grid_drop_landmarks(ls_grid *grid)
{
    if (!grid)
        return LS_ERR_NULL_ARGUMENT;
    ls__landmarks_release(grid);
    return LS_OK;
}

ls_status ls_grid_update_landmarks(ls_grid *grid, uint32_t budget,
                                   uint32_t *done)
{
    if (done)
        *done = 0;
    if (!grid)
        return LS_ERR_NULL_ARGUMENT;
    if (!grid->landmarks)
        return LS_ERR_NOT_PREPARED;
    return run(grid, budget, done);
}

void ls__landmarks_after_edit(ls_grid *grid, int lowered)
{
    struct ls_landmarks *lm = grid->landmarks;
    if (!lm)
        return;
    /* Any work of an update in progress was done on other cells; and the
     * next update starts from the beginning. */
    ls__landmarks_restart(lm);
    lm->exact = 0;
    if (lowered && lm->usable) {
        lm->usable = 0;
        lm->epoch = ls__stamp_next();
    }
}

ls_status ls_grid_landmarks_info(const ls_grid *grid, ls_landmarks_info *info)
{
    const struct ls_landmarks *lm;
    uint32_t i;
    if (!grid || !info)
        return LS_ERR_NULL_ARGUMENT;
    if (info->struct_size != sizeof *info)
        return LS_ERR_BAD_STRUCT_SIZE;
    lm = grid->landmarks;
    if (!lm)
        return LS_ERR_NOT_PREPARED;
    info->count = lm->usable ? lm->count : 0;
    info->usable = lm->usable;
    info->exact = lm->usable && lm->exact;
    info->bytes_per_cell = ls_landmarks_bytes_per_cell(lm->config.count);
    info->reserved = 0;
    /* plus the flow's fixed part: its struct, bucket ring, the pool's
     * chunks beyond two entries per cell and its one goal */
    info->bytes = (uint64_t)info->bytes_per_cell * lm->cell_count +
                  sizeof *lm + sizeof(ls_flow) +
                  2u * LS_FLOW_RING * sizeof(uint32_t) +
                  (LS_FLOW_RING + 2u) * LS_FLOW_CHUNK * sizeof(uint32_t) +
                  sizeof(uint32_t);
    info->config = lm->config;
    for (i = 0; i < LS_LANDMARKS_MAX; i++) {
        uint32_t c = i < info->count ? lm->cells[i] : 0;
        info->cells[i].x = i < info->count ? (int32_t)(c % grid->stride) - 1 : -1;
        info->cells[i].y = i < info->count ? (int32_t)(c / grid->stride) - 1 : -1;
    }
    return LS_OK;
}

ls_status ls_grid_landmark_distance(const ls_grid *grid, uint32_t index,
                                    int32_t x, int32_t y, int32_t *cost)
{
    const struct ls_landmarks *lm;
    uint32_t v;
    if (!grid || !cost)
        return LS_ERR_NULL_ARGUMENT;
    lm = grid->landmarks;
    if (!lm || !lm->usable)
        return LS_ERR_NOT_PREPARED;
    if (x < 0 || y < 0 || x >= grid->width || y >= grid->height)
        return LS_ERR_OUT_OF_BOUNDS;
    if (index >= lm->count)
        return LS_ERR_BAD_SIZE;
    v = lm->dist[(size_t)ls__cell_index(grid->stride, x, y) *
                     lm->config.count + index];
    *cost = v == LS_LANDMARK_FAR ? -1 : (int32_t)v;
    return LS_OK;
}

ls_status ls__landmarks_check(const ls_grid *grid, const ls_query *q)
{
    const struct ls_landmarks *lm = grid->landmarks;
    if (!lm || lm->config.connectivity != q->connectivity ||
        lm->config.corner_rule != q->corner_rule ||
        lm->config.straight_cost != q->straight_cost ||
        lm->config.diagonal_cost != q->diagonal_cost)
        return LS_ERR_NOT_PREPARED;
    return LS_OK;
}

int ls__landmarks_view(const ls_grid *grid, uint32_t goal,
                       ls_landmark_view *view)
{
    const struct ls_landmarks *lm = grid->landmarks;
    const uint32_t *row;
    uint32_t i;
    if (!lm->usable)
        return 0;
    row = lm->dist + (size_t)goal * lm->config.count;
    view->dist = lm->dist;
    view->stride = lm->config.count;
    view->symmetric = lm->symmetric;
    view->grid_stride = grid->stride;
    view->epoch = lm->epoch;
    view->active = view->inactive = 0;
    for (i = 0; i < lm->count; i++)
        if (row[i] != LS_LANDMARK_FAR) {
            view->column[view->active] = i;
            view->goal[view->active] = row[i];
            view->active++;
        }
    for (i = 0; i < lm->count; i++)
        if (row[i] == LS_LANDMARK_FAR)
            view->column[view->active + view->inactive++] = i;
    return 1;
}

int ls__landmarks_current(const ls_grid *grid, uint64_t epoch)
{
    return grid->landmarks != NULL && grid->landmarks->epoch == epoch;
}
