/* SPDX-License-Identifier: MIT */
/*
 * baseline_textbook.c - A* as the textbooks give it: a binary min-heap of
 * (f, g, cell) with decrease-key through a per-cell heap position, g and
 * parent arrays, a closed flag, all reset with memset at every query.
 * Integer costs 10/14, octile heuristic, ties on f broken toward larger g.
 */
#include <stdlib.h>
#include <string.h>
#include "baselines.h"

typedef struct tb_entry {
    int32_t f, g;
    int32_t cell;
} tb_entry;

struct bl_textbook {
    size_t cells;
    int32_t *g;
    int32_t *parent;
    int32_t *heap_pos;       /* -1 while not in the heap */
    uint8_t *closed;
    tb_entry *heap;
    uint32_t size;
};

uint32_t bl_textbook_bytes_per_cell(void)
{
    return (uint32_t)(3 * sizeof(int32_t) + sizeof(uint8_t) +
                      sizeof(tb_entry));
}

bl_textbook *bl_textbook_create(int32_t width, int32_t height)
{
    bl_textbook *s = bl_calloc(sizeof *s);
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
        bl_textbook_destroy(s);
        return NULL;
    }
    return s;
}

void bl_textbook_destroy(bl_textbook *s)
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

static int tb_less(const tb_entry *a, const tb_entry *b)
{
    return a->f < b->f || (a->f == b->f && a->g > b->g);
}

static void tb_sift_up(bl_textbook *s, uint32_t pos)
{
    tb_entry e = s->heap[pos];
    while (pos > 0) {
        uint32_t up = (pos - 1) / 2;
        if (!tb_less(&e, &s->heap[up]))
            break;
        s->heap[pos] = s->heap[up];
        s->heap_pos[s->heap[pos].cell] = (int32_t)pos;
        pos = up;
    }
    s->heap[pos] = e;
    s->heap_pos[e.cell] = (int32_t)pos;
}

static void tb_sift_down(bl_textbook *s, uint32_t pos)
{
    tb_entry e = s->heap[pos];
    for (;;) {
        uint32_t child = 2 * pos + 1;
        if (child >= s->size)
            break;
        if (child + 1 < s->size && tb_less(&s->heap[child + 1], &s->heap[child]))
            child++;
        if (!tb_less(&s->heap[child], &e))
            break;
        s->heap[pos] = s->heap[child];
        s->heap_pos[s->heap[pos].cell] = (int32_t)pos;
        pos = child;
    }
    s->heap[pos] = e;
    s->heap_pos[e.cell] = (int32_t)pos;
}

static void tb_push(bl_textbook *s, int32_t cell, int32_t f, int32_t g)
{
    s->heap[s->size].cell = cell;
    s->heap[s->size].f = f;
    s->heap[s->size].g = g;
    s->size++;
    tb_sift_up(s, s->size - 1);
}

static tb_entry tb_pop(bl_textbook *s)
{
    tb_entry top = s->heap[0];
    s->heap_pos[top.cell] = -1;
    s->size--;
    if (s->size > 0) {
        s->heap[0] = s->heap[s->size];
        tb_sift_down(s, 0);
    }
    return top;
}

bl_result bl_textbook_find(bl_textbook *s, const bl_grid *grid,
                           const bl_query *q, uint32_t *path)
{
    const int32_t w = grid->width;
    const int32_t start = q->sy * w + q->sx, goal = q->gy * w + q->gx;
    bl_result r = { -1, 0, 0 };

    memset(s->g, 0x7f, s->cells * sizeof *s->g);
    memset(s->parent, 0xff, s->cells * sizeof *s->parent);
    memset(s->heap_pos, 0xff, s->cells * sizeof *s->heap_pos);
    memset(s->closed, 0, s->cells);
    s->size = 0;

    s->g[start] = 0;
    tb_push(s, start, bl_octile(q->sx, q->sy, q->gx, q->gy), 0);
    while (s->size > 0) {
        tb_entry top = tb_pop(s);
        int32_t cur = top.cell, x = cur % w, y = cur / w, d;
        if (cur == goal) {
            r.cost = s->g[goal];
            r.path_length = bl_trace(s->parent, goal, path);
            return r;
        }
        s->closed[cur] = 1;
        r.expansions++;
        for (d = 0; d < 8; d++) {
            int32_t nx = x + bl_dx[d], ny = y + bl_dy[d];
            int32_t next = ny * w + nx, ng;
            if (!bl_can_step(grid, x, y, d) || s->closed[next])
                continue;
            ng = s->g[cur] + (d < 4 ? BL_STRAIGHT : BL_DIAGONAL);
            if (ng >= s->g[next])
                continue;
            s->g[next] = ng;
            s->parent[next] = cur;
            if (s->heap_pos[next] < 0) {
                tb_push(s, next, ng + bl_octile(nx, ny, q->gx, q->gy), ng);
            } else {
                uint32_t pos = (uint32_t)s->heap_pos[next];
                s->heap[pos].f = ng + bl_octile(nx, ny, q->gx, q->gy);
                s->heap[pos].g = ng;
                tb_sift_up(s, pos);
            }
        }
    }
    return r;
}
