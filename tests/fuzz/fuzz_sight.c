/* SPDX-License-Identifier: MIT */
/*
 * fuzz_sight.c - line of sight and smoothing against the oracle library
 * (tests/oracle/oracle.h: closed squares against the segment with integer
 * cross products, and the smoothing rule), on grids, segments and paths
 * drawn from the fuzzer's bytes.
 *
 * Invariants: ls_line_cells gives exactly the reference's cells, a first,
 * b last, each next to the one before, none twice, and obeys the buffer
 * rules; ls_line_cost is the reference's largest cost (0 when blocked)
 * and ls_line_of_sight says clear exactly when it is not 0; cells outside
 * the grid are refused; ls_smooth_path gives the waypoints of the
 * oracle's greedy farthest-shortcut rule of lockstar_world.h, in place or
 * not, with the buffer rules.
 */
#include <stdlib.h>
#include <string.h>
#include "fuzz_util.h"
#include "oracle/oracle.h"

#define MAX_SIDE 16
#define MAX_LINE (4 * MAX_SIDE + 8)
#define MAX_PATH 20

static void check_segment(const ls_grid *g, int32_t w, int32_t h, int32_t ax,
                          int32_t ay, int32_t bx, int32_t by, uint32_t cap)
{
    ls_point cells[MAX_LINE], ref[9 * MAX_LINE];
    uint32_t count = 0, n, i, j, small;
    int32_t clear = -1;
    uint8_t cost = 99;
    int inside = ax >= 0 && ay >= 0 && bx >= 0 && by >= 0 && ax < w &&
                 ay < h && bx < w && by < h;

    FZ_CHECK(ls_line_cells(ax, ay, bx, by, cells, MAX_LINE, &count) == LS_OK);
    n = sr_cells(ax, ay, bx, by, ref, 9 * MAX_LINE);
    FZ_CHECK(count == n && n >= 1 && n <= MAX_LINE);
    FZ_CHECK(cells[0].x == ax && cells[0].y == ay);
    FZ_CHECK(cells[n - 1].x == bx && cells[n - 1].y == by);
    for (i = 0; i < n; i++) {
        int found = 0;
        if (i > 0) {
            int32_t dx = cells[i].x - cells[i - 1].x;
            int32_t dy = cells[i].y - cells[i - 1].y;
            FZ_CHECK(dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1 &&
                     (dx || dy));
        }
        for (j = 0; j < n; j++)
            found += ref[j].x == cells[i].x && ref[j].y == cells[i].y;
        FZ_CHECK(found == 1);
        for (j = 0; j < i; j++)
            FZ_CHECK(cells[j].x != cells[i].x || cells[j].y != cells[i].y);
    }
    small = cap % (n + 1);
    if (small < n) {
        ls_point canary[MAX_LINE];
        memset(canary, 0x6b, sizeof canary);
        FZ_CHECK(ls_line_cells(ax, ay, bx, by, small ? canary : NULL, small,
                               &count) == LS_ERR_BUFFER_TOO_SMALL);
        FZ_CHECK(count == n && canary[0].x == 0x6b6b6b6b);
    }
    if (!inside) {
        FZ_CHECK(ls_line_of_sight(g, ax, ay, bx, by, &clear) ==
                 LS_ERR_OUT_OF_BOUNDS && clear == -1);
        FZ_CHECK(ls_line_cost(g, ax, ay, bx, by, &cost) ==
                 LS_ERR_OUT_OF_BOUNDS && cost == 99);
        return;
    }
    FZ_CHECK(ls_line_cost(g, ax, ay, bx, by, &cost) == LS_OK);
    FZ_CHECK(cost == sr_max_cost(g, ax, ay, bx, by));
    FZ_CHECK(ls_line_of_sight(g, ax, ay, bx, by, &clear) == LS_OK);
    FZ_CHECK(clear == (cost != 0));
}

static void check_smooth(const ls_grid *g, const ls_point *p, uint32_t n,
                         uint32_t cap)
{
    ls_point want[MAX_PATH], got[MAX_PATH], copy[MAX_PATH];
    uint32_t k = 0, length = 0, small;
    int32_t w = 0, h = 0;
    uint8_t *cells = tu_cells(g, &w, &h);

    FZ_CHECK(cells != NULL);
    FZ_CHECK(or_smooth(cells, w, h, p, n, want, NULL, MAX_PATH, &k) == LS_OK);
    free(cells);
    FZ_CHECK(ls_smooth_path(g, p, n, got, MAX_PATH, &length) == LS_OK);
    FZ_CHECK(length == k);
    FZ_CHECK(memcmp(got, want, k * sizeof *got) == 0);
    memcpy(copy, p, n * sizeof *p);
    FZ_CHECK(ls_smooth_path(g, copy, n, copy, n, &length) == LS_OK);
    FZ_CHECK(length == k && memcmp(copy, want, k * sizeof *copy) == 0);
    small = cap % (k + 1);
    if (small < k) {
        memset(got, 0x6b, sizeof got);
        FZ_CHECK(ls_smooth_path(g, p, n, small ? got : NULL, small, &length) ==
                 LS_ERR_BUFFER_TOO_SMALL);
        FZ_CHECK(length == k && got[0].x == 0x6b6b6b6b);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_bytes b;
    int32_t w, h, x, y;
    ls_grid *grid = NULL;
    ls_point path[MAX_PATH];
    uint32_t n, i, segments = 0;
    uint8_t density, top;

    fz_begin(&b, data, size);
    w = fz_range(&b, 1, MAX_SIDE);
    h = fz_range(&b, 1, MAX_SIDE);
    if (ls_grid_create(w, h, NULL, &grid) != LS_OK)
        return 0;
    density = fz_u8(&b);
    top = fz_u8(&b);
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++) {
            uint8_t c = fz_u8(&b);
            ls_grid_set(grid, x, y, c < density / 2 ? LS_CELL_BLOCKED
                                    : (uint8_t)(1 + c % (1 + top % 8)));
        }
    /* A path of cells (jumps and repeats allowed), smoothed. */
    n = (uint32_t)fz_range(&b, 1, MAX_PATH);
    for (i = 0; i < n; i++) {
        path[i].x = fz_range(&b, 0, w - 1);
        path[i].y = fz_range(&b, 0, h - 1);
        if (i > 0 && fz_u8(&b) < 200) { /* mostly a step */
            path[i].x = path[i - 1].x + fz_range(&b, -1, 1);
            path[i].y = path[i - 1].y + fz_range(&b, -1, 1);
            if (path[i].x < 0 || path[i].x >= w) path[i].x = path[i - 1].x;
            if (path[i].y < 0 || path[i].y >= h) path[i].y = path[i - 1].y;
        }
    }
    check_smooth(grid, path, n, fz_u8(&b));
    {
        ls_point outside = {w, 0};
        uint32_t length = 7;
        path[0] = outside;
        FZ_CHECK(ls_smooth_path(grid, path, n, path, n, &length) ==
                 LS_ERR_OUT_OF_BOUNDS && length == 7);
    }
    /* Segments, a few reaching just outside the grid. */
    while (fz_left(&b) >= 4 && segments++ < 16) {
        int32_t ax = fz_range(&b, -1, w), ay = fz_range(&b, -1, h);
        int32_t bx = fz_range(&b, -1, w), by = fz_range(&b, -1, h);
        if (ax < 0 || ay < 0 || bx < 0 || by < 0) {
            uint32_t count = 5;
            FZ_CHECK(ls_line_cells(ax, ay, bx, by, path, MAX_PATH, &count) ==
                     LS_ERR_OUT_OF_BOUNDS);
            continue;
        }
        check_segment(grid, w, h, ax, ay, bx, by, fz_u8(&b));
    }
    ls_grid_destroy(grid);
    return 0;
}
