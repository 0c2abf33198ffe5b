/* SPDX-License-Identifier: MIT */
/*
 * baseline_dfs.c - depth-first search over the same moves, with an explicit
 * stack: always step to the first untried neighbour (N E S W NE SE SW NW
 * order), back up when none is left, stop when the goal is stepped on. The
 * stack is the path. Its paths can be absurdly long; it is here because it
 * is in the tables people quote.
 */
#include <stdlib.h>
#include <string.h>
#include "baselines.h"

struct bl_dfs {
    size_t cells;
    uint8_t *next_dir;       /* 0 = unvisited, else 1 + next direction to try */
    int32_t *stack;
};

uint32_t bl_dfs_bytes_per_cell(void)
{
    return (uint32_t)(sizeof(uint8_t) + sizeof(int32_t));
}

bl_dfs *bl_dfs_create(int32_t width, int32_t height)
{
    bl_dfs *s = bl_calloc(sizeof *s);
    size_t n = (size_t)width * (size_t)height;
    if (!s)
        return NULL;
    s->cells = n;
    s->next_dir = bl_malloc(n);
    s->stack = bl_malloc(n * sizeof *s->stack);
    if (!s->next_dir || !s->stack) {
        bl_dfs_destroy(s);
        return NULL;
    }
    return s;
}

void bl_dfs_destroy(bl_dfs *s)
{
    if (!s)
        return;
    free(s->next_dir);
    free(s->stack);
    free(s);
}

bl_result bl_dfs_find(bl_dfs *s, const bl_grid *grid, const bl_query *q,
                      uint32_t *path)
{
    const int32_t w = grid->width;
    const int32_t start = q->sy * w + q->sx, goal = q->gy * w + q->gx;
    bl_result r = { -1, 0, 0 };
    uint32_t depth = 0, i;
    int found = start == goal;

    memset(s->next_dir, 0, s->cells);
    s->next_dir[start] = 1;
    s->stack[depth++] = start;
    r.expansions = found ? 0 : 1;
    while (!found && depth > 0) {
        int32_t cur = s->stack[depth - 1], x = cur % w, y = cur / w;
        int d = s->next_dir[cur] - 1;
        for (; d < 8; d++) {
            int32_t next = (y + bl_dy[d]) * w + x + bl_dx[d];
            if (bl_can_step(grid, x, y, d) && s->next_dir[next] == 0)
                break;
        }
        if (d == 8) {
            depth--; /* dead end: back up */
            continue;
        }
        s->next_dir[cur] = (uint8_t)(d + 2);
        {
            int32_t next = (y + bl_dy[d]) * w + x + bl_dx[d];
            s->next_dir[next] = 1;
            s->stack[depth++] = next;
            if (next == goal)
                found = 1;
            else
                r.expansions++;
        }
    }
    if (found) {
        for (i = 0; i < depth; i++)
            path[i] = (uint32_t)s->stack[i];
        r.path_length = depth;
        r.cost = bl_path_cost(grid, path, depth);
    }
    return r;
}
