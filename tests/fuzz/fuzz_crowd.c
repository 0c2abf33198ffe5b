/* SPDX-License-Identifier: MIT */
/*
 * fuzz_crowd.c - the crowd (lockstar_crowd.h) under operation sequences
 * drawn from the fuzzer's bytes: agents added (duplicate ids, cells off
 * the grid, bad speeds included), removed, ordered one by one and in
 * groups, stopped, sped up, given radii and priorities (bad ones too),
 * avoidance switched on and off; map edits between ticks; ticks; every
 * reader.
 * Two crowds are driven with the same calls, one on 1 worker and one on
 * 3 (with fewer field slots than goals, so group orders also fall back to
 * paths), and checked after every call:
 *   - both return the same status, a known one, and refusals change
 *     nothing (the agent count and the digests stay);
 *   - after every call both have the same agents (ls_crowd_get_at field
 *     by field), states are LS_CROWD_*, agents come in strictly ascending
 *     id order; after every tick the same tick and run digests;
 *   - with avoidance on, a tick that starts with no overlap ends with none
 *     (ls_crowd_check_overlaps before and after: the guarantee);
 *   - no allocation happens after creation (a counting allocator), and
 *     destroying both frees every byte.
 */
#include <stdlib.h>
#include <string.h>
#include "fuzz_util.h"
#include "lockstar.h"

#define SIDE_MAX 16
#define CAPACITY 12

typedef struct counting {
    size_t live, allocs;
} counting;

static void *count_alloc(void *user, size_t size)
{
    counting *c = user;
    void *p = malloc(size);
    if (p) {
        c->live += size;
        c->allocs++;
    }
    return p;
}

static void count_release(void *user, void *block, size_t size)
{
    counting *c = user;
    if (block)
        c->live -= size;
    free(block);
}

static void same_agents(const ls_crowd *a, const ls_crowd *b)
{
    uint32_t n = 0, m = 0, k;
    int64_t last = 0;
    FZ_CHECK(ls_crowd_count(a, &n) == LS_OK && ls_crowd_count(b, &m) == LS_OK);
    FZ_CHECK(n == m && n <= CAPACITY);
    for (k = 0; k < n; k++) {
        ls_crowd_agent x, y;
        FZ_CHECK(ls_crowd_get_at(a, k, &x) == LS_OK);
        FZ_CHECK(ls_crowd_get_at(b, k, &y) == LS_OK);
        FZ_CHECK(memcmp(&x, &y, sizeof x) == 0);
        FZ_CHECK(x.state >= LS_CROWD_IDLE && x.state <= LS_CROWD_NO_ROOM);
        FZ_CHECK(k == 0 || x.id > last);
        last = x.id;
    }
    {
        ls_crowd_agent past;
        FZ_CHECK(ls_crowd_get_at(a, n, &past) == LS_ERR_OUT_OF_BOUNDS);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_bytes b;
    counting count[2];
    ls_allocator al[2];
    ls_crowd *crowd[2] = { NULL, NULL };
    ls_crowd_config config;
    ls_grid *grid = NULL;
    int32_t w, h;
    size_t allocs[2];
    int k, steps, avoiding, avoid_next;

    fz_begin(&b, data, size);
    w = fz_range(&b, 1, SIDE_MAX);
    h = fz_range(&b, 1, SIDE_MAX);
    if (ls_grid_create(w, h, NULL, &grid) != LS_OK)
        return 0;
    ls_crowd_config_init(&config);
    config.width = w;
    config.height = h;
    config.capacity = CAPACITY;
    config.path_points = (uint32_t)fz_range(&b, 0, 400);
    config.budget = (uint32_t)fz_range(&b, 0, 40);
    config.max_fields = (uint32_t)fz_range(&b, 0, 2);
    config.flags = (fz_u8(&b) & 1u ? LS_CROWD_GROW_PATHS : 0u) |
                   (fz_u8(&b) & 1u ? LS_CROWD_AVOIDANCE : 0u);
    config.avoid_horizon = (uint32_t)fz_range(&b, 1, 30);
    config.avoid_neighbours = (uint32_t)fz_range(&b, 1, 12);
    config.stuck_ticks = (uint32_t)fz_range(&b, 0, 20);
    config.options.connectivity = fz_u8(&b) & 1u ? LS_CONNECT_4 : LS_CONNECT_8;
    config.options.corner_rule = fz_range(&b, LS_CORNERS_NONE, LS_CORNERS_ALL);
    config.world.cell_size = (fix16_t)fz_range(&b, 1 << 12, 3 << 16);
    for (k = 0; k < 2; k++) {
        memset(&count[k], 0, sizeof count[k]);
        al[k].alloc = count_alloc;
        al[k].release = count_release;
        al[k].user = &count[k];
        config.threads = k == 0 ? 1u : 3u;
        FZ_CHECK(ls_crowd_create(&config, &al[k], &crowd[k]) == LS_OK);
        allocs[k] = count[k].allocs;
    }
    avoiding = avoid_next = (config.flags & LS_CROWD_AVOIDANCE) != 0;
    for (steps = 0; steps < 400 && fz_left(&b) > 0; steps++) {
        /* Every value is drawn once, then given to both crowds. */
        const uint8_t op = fz_u8(&b) % 12u;
        ls_crowd_overlaps before[2];
        const int64_t id = (int64_t)fz_range(&b, -3, 14);
        const int32_t x = fz_range(&b, -1, w), y = fz_range(&b, -1, h);
        const int32_t value = fz_range(&b, -1, 3 << 16);
        const int64_t ids[3] = { id, id + 1, id - 2 };
        ls_status st[2];
        if (op == 6) {
            const ls_status edit = ls_grid_set(grid, x, y,
                                               (uint8_t)(value & 3));
            FZ_CHECK(edit == LS_OK || edit == LS_ERR_OUT_OF_BOUNDS);
            continue;
        }
        for (k = 0; k < 2; k++) {
            switch (op) {
            case 0:
                st[k] = ls_crowd_add(crowd[k], id, x, y, (fix16_t)value);
                break;
            case 1:
                st[k] = ls_crowd_remove(crowd[k], id);
                break;
            case 2:
                st[k] = ls_crowd_order(crowd[k], id, x, y);
                break;
            case 3:
                st[k] = ls_crowd_order_group(crowd[k], ids,
                                             (uint32_t)(value & 3), x, y);
                break;
            case 4:
                st[k] = ls_crowd_stop(crowd[k], id);
                break;
            case 5:
                st[k] = ls_crowd_set_speed(crowd[k], id, (fix16_t)value);
                break;
            case 7:
                st[k] = ls_crowd_set_body(crowd[k], id, (fix16_t)value,
                                          x * 25);
                break;
            case 8:
                st[k] = ls_crowd_set_avoidance(crowd[k], (int32_t)(value % 3));
                break;
            default:
                FZ_CHECK(ls_crowd_check_overlaps(crowd[k], grid,
                                                 &before[k]) == LS_OK);
                st[k] = ls_crowd_tick(crowd[k], grid);
                break;
            }
        }
        FZ_CHECK(st[0] == st[1]);
        FZ_CHECK(fz_status_known(st[0]));
        if (op == 8 && st[0] == LS_OK)
            avoid_next = (int)(value % 3);
        if (op >= 9)
            avoiding = avoid_next; /* the tick just run used it */
        if (op >= 9) {
            uint64_t d0 = 0, d1 = 0;
            ls_crowd_overlaps after[2];
            FZ_CHECK(st[0] == LS_OK);
            for (k = 0; k < 2; k++) {
                FZ_CHECK(ls_crowd_check_overlaps(crowd[k], grid,
                                                 &after[k]) == LS_OK);
                if (avoiding && before[k].pairs == 0 && before[k].walls == 0)
                    FZ_CHECK(after[k].pairs == 0 && after[k].walls == 0);
            }
            FZ_CHECK(memcmp(&after[0], &after[1], sizeof after[0]) == 0);
            FZ_CHECK(ls_crowd_tick_digest(crowd[0], &d0) == LS_OK);
            FZ_CHECK(ls_crowd_tick_digest(crowd[1], &d1) == LS_OK);
            FZ_CHECK(d0 == d1);
            FZ_CHECK(ls_crowd_run_digest(crowd[0], &d0) == LS_OK);
            FZ_CHECK(ls_crowd_run_digest(crowd[1], &d1) == LS_OK);
            FZ_CHECK(d0 == d1);
        }
        same_agents(crowd[0], crowd[1]);
        if (!(config.flags & LS_CROWD_GROW_PATHS))
            for (k = 0; k < 2; k++)
                FZ_CHECK(count[k].allocs == allocs[k]);
    }
    for (k = 0; k < 2; k++) {
        ls_crowd_destroy(crowd[k]);
        FZ_CHECK(count[k].live == 0);
    }
    ls_grid_destroy(grid);
    return 0;
}
