/* SPDX-License-Identifier: MIT */
/*
 * baseline_bfs.c - breadth-first search over the same moves. It finds the
 * fewest steps, not the least cost (a diagonal step counts as one), and
 * stops as soon as the goal is reached. The parent array doubles as the
 * visited mark; it and nothing else is reset (memset) at every query.
 */
#include <stdlib.h>
#include <string.h>
#include "baselines.h"

struct bl_bfs {
    size_t cells;
    int32_t *parent;         /* -1 = unvisited; the start is its own parent */
    int32_t *queue;
};

uint32_t bl_bfs_bytes_per_cell(void)
{
    return (uint32_t)(2 * sizeof(int32_t));
}

bl_bfs *bl_bfs_create(int32_t width, int32_t height)
{
    bl_bfs *s = bl_calloc(sizeof *s);
    size_t n = (size_t)width * (size_t)height;
    if (!s)
        return NULL;
    s->cells = n;
    s->parent = bl_malloc(n * sizeof *s->parent);
    s->queue = bl_malloc(n * sizeof *s->queue);
    if (!s->parent || !s->queue) {
        bl_bfs_destroy(s);
        return NULL;
    }
    return s;
}

void bl_bfs_destroy(bl_bfs *s)
{
    if (!s)
        return;
    free(s->parent);
    free(s->queue);
    free(s);
}

static uint32_t trace(const int32_t *parent, int32_t start, int32_t goal,
                      uint32_t *path)
{
    uint32_t length = 1, i;
    int32_t c;
    for (c = goal; c != start; c = parent[c])
        length++;
    i = length;
    path[--i] = (uint32_t)goal;
    for (c = goal; c != start;) {
        c = parent[c];
        path[--i] = (uint32_t)c;
    }
    return length;
}

bl_result bl_bfs_find(bl_bfs *s, const bl_grid *grid, const bl_query *q,
                      uint32_t *path)
{
    const int32_t w = grid->width;
    const int32_t start = q->sy * w + q->sx, goal = q->gy * w + q->gx;
    bl_result r = { -1, 0, 0 };
    uint32_t head = 0, tail = 0;

    memset(s->parent, 0xff, s->cells * sizeof *s->parent);
    s->parent[start] = start;
    s->queue[tail++] = start;
    if (start == goal)
        head = tail; /* nothing to search */
    while (head < tail) {
        int32_t cur = s->queue[head++], x = cur % w, y = cur / w, d;
        r.expansions++;
        for (d = 0; d < 8; d++) {
            int32_t next = (y + bl_dy[d]) * w + x + bl_dx[d];
            if (!bl_can_step(grid, x, y, d) || s->parent[next] >= 0)
                continue;
            s->parent[next] = cur;
            if (next == goal) {
                head = tail;
                break;
            }
            s->queue[tail++] = next;
        }
    }
    if (s->parent[goal] >= 0) {
        r.path_length = trace(s->parent, start, goal, path);
        r.cost = bl_path_cost(grid, path, r.path_length);
    }
    return r;
}
