/* SPDX-License-Identifier: MIT */
/*
 * flow_update.c - bringing a complete flow field up to date after edits
 * (ls_flow_refresh), so that it is then identical to a field computed
 * afresh on the edited cells.
 *
 * Costs are unique and directions follow from costs, so exact costs are
 * all an update must get right. A settled cell's supports are the
 * neighbours, settled and not reset, to which its step (legal on the
 * edited cells) costs at most its cost from there. After the edits:
 *   - a cell left without a support may cost more: it is reset (phase
 *     RESET: the cells around the edited ones are checked when the update
 *     starts; each reset cell's neighbours that it supported are checked
 *     again, until no check resets another). A reset cell keeps its old
 *     cost until it is seeded, so that its neighbours can still tell it
 *     supported them;
 *   - every other cell keeps a path of at most its old cost through its
 *     supports, so its cost is an upper bound and can only fall; one whose
 *     direction's step is gone is listed, to find its direction again at
 *     the end (phase DIRS);
 *   - each reset cell is seeded with the least offer of its settled
 *     neighbours, and every step that got cheaper or newly legal (into an
 *     edited cell, or a diagonal beside one) offers its cost (phase SEED);
 *   - a Dijkstra over a heap then settles every cell whose cost fell or
 *     was reset (phase REPAIR, src/flow_run.c), each settled cell offering
 *     to its neighbours: a lower offer queues even a cell settled before
 *     the edit, an equal one may give it a direction earlier in the order.
 * A cell keeps its old direction only if its cost did not change, its
 * direction's step still gives that cost, and no equal offer earlier in
 * the order reached it: then that direction is still the first optimal
 * one. When an update would touch many cells (the limits below) it starts
 * a fresh field instead, which gives the same field.
 */
#include <string.h>
#include "direction.h"
#include "flow.h"
#include "grid.h"

/* The flow's lists in link[], seen as uint32. */
static uint32_t *lists(ls_flow *f)
{
    return f->link;
}

static void fall_back(ls_flow *f)
{
    ls__flow_fresh_start(f);
}

/* An entry of the reset list that is a kept cell (its direction to be
 * found again), not a reset one. */
#define KEPT 0x80000000u

static int list_add(ls_flow *f, uint32_t entry)
{
    if (f->reset >= f->cell_count / 4u + 16u)
        return 1;
    lists(f)[f->changed + f->reset++] = entry;
    return 0;
}

/* Reset cell w (its cost may rise): 1 when the list is full. Its cost
 * stays until it is seeded. */
static int reset_cell(ls_flow *f, uint32_t w)
{
    f->dir[w] = LS_FLOW_UNSET;
    return list_add(f, w);
}

static uint32_t base_of(const ls_flow *f, uint32_t d)
{
    return d < 4 ? f->straight : f->diagonal;
}

/* The cost of w's step in direction d from its neighbour's cost, when the
 * neighbour is settled (not reset) and the step legal; else LS_FLOW_INF
 * (64 bits: a sum above it means the same). */
static uint64_t step_from(const ls_flow *f, uint32_t w, uint32_t d)
{
    const uint32_t v = w + (uint32_t)f->offset[d];
    if (f->dir[v] > LS_FLOW_GOAL || !ls__flow_step_legal(f, w, d))
        return LS_FLOW_INF;
    return (uint64_t)f->cost[v] + (uint64_t)base_of(f, d) * f->cells[v];
}

static int has_support(const ls_flow *f, uint32_t w)
{
    uint32_t d;
    for (d = 0; d < f->dir_count; d++)
        if (step_from(f, w, d) <= f->cost[w])
            return 1;
    return 0;
}

/* A settled cell that may have lost a support: reset when it has none
 * left, else listed when its direction's step no longer gives its cost.
 * 1 when the list is full. */
static int check_cell(ls_flow *f, uint32_t w)
{
    const uint32_t d = f->dir[w];
    if (d >= 8u) /* a goal, blocked, unreached or reset */
        return 0;
    if (!has_support(f, w))
        return reset_cell(f, w);
    if (step_from(f, w, d) != f->cost[w])
        return list_add(f, w | KEPT);
    return 0;
}

ls_status ls__flow_update_start(ls_flow *f, const ls_grid *grid)
{
    const uint32_t n = f->cell_count, limit = n / 16u + 16u;
    const uint8_t *gc = grid->cells;
    uint8_t *cm = f->cells;
    uint32_t *list = lists(f);
    uint32_t i, k, changed = 0;
    int too_many = 0;

    f->grid_stamp = grid->stamp;
    f->grid_revision = grid->revision;
    /* The diff, eight cells at a time; the copy takes the new cells. A
     * sized field compares the grid it sees (ls__flow_seen), a cell at a
     * time: every cell whose clearance crossed k is an edit for it. */
    for (i = 0; i < n && f->clearance > 1u; i++) {
        const uint8_t seen = ls__flow_seen(grid, i, f->clearance);
        if (cm[i] == seen)
            continue;
        cm[i] = seen;
        if (changed < limit)
            list[changed++] = i;
        else
            too_many = 1;
    }
    for (i = 0; i < n && f->clearance <= 1u; i += 8u) {
        uint64_t a = 0, b = 0;
        uint32_t end = n - i < 8u ? n - i : 8u;
        memcpy(&a, cm + i, end);
        memcpy(&b, gc + i, end);
        if (a == b)
            continue;
        for (k = i; k < i + end; k++) {
            if (cm[k] == gc[k])
                continue;
            cm[k] = gc[k];
            if (changed < limit)
                list[changed++] = k;
            else
                too_many = 1;
        }
    }
    /* Cells identical to the copy: the field stands, and so does the
     * count of the field or update begun last (ls_flow_expansions). */
    if (changed == 0)
        return LS_OK;
    f->expansions = 0;
    if (too_many) {
        fall_back(f);
        return LS_IN_PROGRESS;
    }
    f->changed = changed;
    f->reset = 0;
    /* Blocked and opened cells. */
    for (i = 0; i < changed; i++) {
        const uint32_t x = list[i];
        if (cm[x] == LS_CELL_BLOCKED) {
            f->cost[x] = 0;
            f->dir[x] = LS_FLOW_NONE;
        } else if (f->dir[x] == LS_FLOW_NONE) {
            if (ls__flow_is_goal(f, x)) {
                f->cost[x] = 0; /* queued by the seeds */
                f->dir[x] = LS_FLOW_UNSET;
            } else if (reset_cell(f, x)) {
                fall_back(f);
                return LS_IN_PROGRESS;
            }
        }
    }
    /* The cells around an edited one: its steps and the diagonals beside
     * it are the only ones that changed. */
    for (i = 0; i < changed; i++) {
        const uint32_t x = list[i];
        for (k = 0; k < 9u; k++) {
            const uint32_t w = k == 8u ? x : x + (uint32_t)f->offset[k];
            if (check_cell(f, w)) {
                fall_back(f);
                return LS_IN_PROGRESS;
            }
        }
    }
    f->reset_done = 0;
    f->phase = LS_FLOW_PHASE_RESET;
    return LS_IN_PROGRESS;
}

void ls__flow_reset_run(ls_flow *f, uint32_t budget, uint32_t *done)
{
    uint32_t n = *done;
    while (f->reset_done < f->reset) {
        const uint32_t a = lists(f)[f->changed + f->reset_done];
        uint32_t d;
        if (budget != 0 && n == budget) {
            *done = n;
            return;
        }
        f->reset_done++;
        n++;
        if (a & KEPT)
            continue;
        /* The neighbours it supported (its old cost is still there). */
        for (d = 0; d < f->dir_count; d++) {
            const uint32_t u = a + (uint32_t)f->offset[d];
            const uint32_t back = ls__dir_opposite(d);
            if (f->dir[u] < 8u && ls__flow_step_legal(f, u, back) &&
                (uint64_t)f->cost[a] + (uint64_t)base_of(f, back) * f->cells[a] <=
                    f->cost[u] &&
                check_cell(f, u)) {
                fall_back(f);
                *done = n;
                return;
            }
        }
    }
    *done = n;
    f->seed_done = 0;
    f->heap_size = 0;
    f->heap_base = (f->changed + f->reset + 1u) / 2u;
    f->heap_cap = f->link_count / 2u - f->heap_base;
    f->phase = LS_FLOW_PHASE_SEED;
}

/* A reset cell's seed: the least offer of its settled neighbours. */
static int seed_reset(ls_flow *f, uint32_t a)
{
    uint32_t best = LS_FLOW_INF, d;
    f->cost[a] = LS_FLOW_INF; /* its old cost, kept until now, goes */
    for (d = 0; d < f->dir_count; d++) {
        const uint32_t v = a + (uint32_t)f->offset[d];
        if (f->dir[v] <= LS_FLOW_GOAL && ls__flow_step_legal(f, a, d)) {
            const uint32_t c = f->cost[v] + base_of(f, d) * f->cells[v];
            if (c < best)
                best = c;
        }
    }
    return best != LS_FLOW_INF ? ls__flow_offer(f, a, best, 0) : 0;
}

/* An edited cell's new offers: the steps into it (its multiplier may have
 * fallen, or it opened) and the diagonals beside it (now legal perhaps). */
static int seed_edited(ls_flow *f, uint32_t x)
{
    uint32_t d, corner;
    if (f->cells[x] == LS_CELL_BLOCKED)
        return 0;
    if (f->dir[x] == LS_FLOW_UNSET) {
        /* An opened goal is queued; any other unset cell was reset, is
         * seeded, and offers to its neighbours when settled. */
        if (f->cost[x] == 0 && ls__flow_is_goal(f, x) &&
            ls__flow_heap_push(f, x))
            return 1;
    } else {
        for (d = 0; d < f->dir_count; d++) {
            const uint32_t w = x + (uint32_t)f->offset[d];
            const uint32_t back = ls__dir_opposite(d);
            if (ls__flow_step_legal(f, w, back) &&
                ls__flow_offer(f, w,
                               f->cost[x] + base_of(f, back) * f->cells[x],
                               back))
                return 1;
        }
    }
    for (d = 4; d < f->dir_count; d++) {
        for (corner = 0; corner < 2; corner++) {
            const uint32_t a = x - (uint32_t)f->offset[corner ? ls__dir_corner_y(d)
                                                             : ls__dir_corner_x(d)];
            const uint32_t b = a + (uint32_t)f->offset[d];
            if (f->dir[b] <= LS_FLOW_GOAL && ls__flow_step_legal(f, a, d) &&
                ls__flow_offer(f, a, f->cost[b] + f->diagonal * f->cells[b], d))
                return 1;
        }
    }
    return 0;
}

void ls__flow_seed_run(ls_flow *f, uint32_t budget, uint32_t *done)
{
    uint32_t n = *done;
    const uint32_t total = f->reset + f->changed;
    while (f->seed_done < total) {
        const uint32_t i = f->seed_done;
        int full;
        if (budget != 0 && n == budget) {
            *done = n;
            return;
        }
        f->seed_done++;
        if (i < f->reset) {
            const uint32_t e = lists(f)[f->changed + i];
            if (e & KEPT)
                continue; /* its turn comes in phase DIRS */
            n++;
            full = seed_reset(f, e);
        } else {
            n++;
            full = seed_edited(f, lists(f)[i - f->reset]);
        }
        if (full) {
            fall_back(f);
            *done = n;
            return;
        }
    }
    *done = n;
    f->phase = LS_FLOW_PHASE_REPAIR;
}

/* The kept cells' directions, once every cost is final: the first
 * neighbour whose step gives the cell's cost (one exists: a support). A
 * kept cell settled again in the repair found its direction then; this
 * finds the same one. */
void ls__flow_dirs_run(ls_flow *f, uint32_t budget, uint32_t *done)
{
    uint32_t n = *done;
    while (f->dirs_done < f->reset) {
        const uint32_t e = lists(f)[f->changed + f->dirs_done];
        uint32_t d;
        if (budget != 0 && n == budget) {
            *done = n;
            return;
        }
        f->dirs_done++;
        if (!(e & KEPT))
            continue;
        n++;
        if (f->dir[e & ~KEPT] >= 8u)
            continue;
        for (d = 0; d < f->dir_count; d++)
            if (step_from(f, e & ~KEPT, d) == f->cost[e & ~KEPT]) {
                f->dir[e & ~KEPT] = (uint8_t)d;
                break;
            }
    }
    *done = n;
    f->phase = LS_FLOW_PHASE_DONE;
}
