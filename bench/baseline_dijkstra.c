/* SPDX-License-Identifier: MIT */
/*
 * baseline_dijkstra.c - Dijkstra's algorithm: the textbook binary heap with
 * decrease-key, keyed on g alone (no heuristic), stopping when the goal is
 * popped. Arrays are reset with memset at every query.
 */
#include <stdlib.h>
#include <string.h>
#include "baselines.h"

typedef struct dj_entry {
    int32_t g;
    int32_t cell;
} dj_entry;

struct bl_dijkstra {
    size_t cells;
    int32_t *g;
    int32_t *parent;
    int32_t *heap_pos;       /* -1 while not in the heap */
    uint8_t *closed;
    dj_entry *heap;
    uint32_t size;
};

uint32_t bl_dijkstra_bytes_per_cell(void)
{
    return (uint32_t)(3 * sizeof(int32_t) + sizeof(uint8_t) +
                      sizeof(dj_entry));
}

bl_dijkstra *bl_dijkstra_create(int32_t width, int32_t height)
{
    bl_dijkstra *s = bl_calloc(sizeof *s);
    size_t n = (size_t)width * (size_t)height;
    if (!s)
        return NULL;
    s->cells = n;
    s->g = bl_malloc(n * sizeof *s->g);
    s->parent = bl_malloc(n * sizeof *s->parent);
    s->heap_pos = bl_malloc(n * sizeof *s->heap_pos);
    s->closed = bl_malloc(n);
    s->heap = bl_malloc(n * sizeof *s->heap);
    if (!s->g || !s->parent || !s->heap_pos || !s->closed || !s->heap) {
        bl_dijkstra_destroy(s);
        return NULL;
    }
    return s;
}

void bl_dijkstra_destroy(bl_dijkstra *s)
{
    if (!s)
        return;
    free(s->g);
    free(s->parent);
    free(s->heap_pos);
    free(s->closed);
    free(s->heap);
    free(s);
}

static void dj_sift_up(bl_dijkstra *s, uint32_t pos)
{
    dj_entry e = s->heap[pos];
    while (pos > 0) {
        uint32_t up = (pos - 1) / 2;
        if (s->heap[up].g <= e.g)
            break;
        s->heap[pos] = s->heap[up];
        s->heap_pos[s->heap[pos].cell] = (int32_t)pos;
        pos = up;
    }
    s->heap[pos] = e;
    s->heap_pos[e.cell] = (int32_t)pos;
}

static void dj_sift_down(bl_dijkstra *s, uint32_t pos)
{
    dj_entry e = s->heap[pos];
    for (;;) {
        uint32_t child = 2 * pos + 1;
        if (child >= s->size)
            break;
        if (child + 1 < s->size && s->heap[child + 1].g < s->heap[child].g)
            child++;
        if (s->heap[child].g >= e.g)
            break;
        s->heap[pos] = s->heap[child];
        s->heap_pos[s->heap[pos].cell] = (int32_t)pos;
        pos = child;
    }
    s->heap[pos] = e;
    s->heap_pos[e.cell] = (int32_t)pos;
}

bl_result bl_dijkstra_find(bl_dijkstra *s, const bl_grid *grid,
                           const bl_query *q, uint32_t *path)
{
    const int32_t w = grid->width;
    const int32_t start = q->sy * w + q->sx, goal = q->gy * w + q->gx;
    bl_result r = { -1, 0, 0 };

    memset(s->g, 0x7f, s->cells * sizeof *s->g);
    memset(s->parent, 0xff, s->cells * sizeof *s->parent);
    memset(s->heap_pos, 0xff, s->cells * sizeof *s->heap_pos);
    memset(s->closed, 0, s->cells);

    s->g[start] = 0;
    s->heap[0].g = 0;
    s->heap[0].cell = start;
    s->heap_pos[start] = 0;
    s->size = 1;
    while (s->size > 0) {
        dj_entry top = s->heap[0];
        int32_t cur = top.cell, x = cur % w, y = cur / w, d;
        s->heap_pos[cur] = -1;
        if (--s->size > 0) {
            s->heap[0] = s->heap[s->size];
            dj_sift_down(s, 0);
        }
        if (cur == goal) {
            r.cost = s->g[goal];
            r.path_length = bl_trace(s->parent, goal, path);
            return r;
        }
        s->closed[cur] = 1;
        r.expansions++;
        for (d = 0; d < 8; d++) {
            int32_t next = (y + bl_dy[d]) * w + x + bl_dx[d], ng;
            if (!bl_can_step(grid, x, y, d) || s->closed[next])
                continue;
            ng = s->g[cur] + (d < 4 ? BL_STRAIGHT : BL_DIAGONAL);
            if (ng >= s->g[next])
                continue;
            s->g[next] = ng;
            s->parent[next] = cur;
            if (s->heap_pos[next] < 0) {
                s->heap[s->size].g = ng;
                s->heap[s->size].cell = next;
                s->size++;
                dj_sift_up(s, s->size - 1);
            } else {
                uint32_t pos = (uint32_t)s->heap_pos[next];
                s->heap[pos].g = ng;
                dj_sift_up(s, pos);
            }
        }
    }
    return r;
}
