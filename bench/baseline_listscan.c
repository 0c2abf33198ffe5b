/* SPDX-License-Identifier: MIT */
/*
 * baseline_listscan.c - the "before": A* whose open list is a plain array.
 * Every pop scans the whole array for the smallest f (ties toward larger g)
 * and fills the hole with the last entry; when a queued cell's g improves,
 * the array is scanned again to find its entry. A per-cell state byte says
 * whether a cell is new, open or closed. This is the A* of many tutorials
 * and first game prototypes; its cost per expansion grows with the open
 * list, so whole searches are O(n^2).
 */
#include <stdlib.h>
#include <string.h>
#include "baselines.h"

enum { CELL_NEW = 0, CELL_OPEN = 1, CELL_CLOSED = 2 };

typedef struct open_entry {
    int32_t cell;
    int32_t f, g;
} open_entry;

struct bl_listscan {
    size_t cells;
    int32_t *g;
    int32_t *parent;
    uint8_t *state;
    open_entry *open;
    uint32_t count;
};

uint32_t bl_listscan_bytes_per_cell(void)
{
    return (uint32_t)(2 * sizeof(int32_t) + sizeof(uint8_t) +
                      sizeof(open_entry));
}

bl_listscan *bl_listscan_create(int32_t width, int32_t height)
{
    bl_listscan *s = bl_calloc(sizeof *s);
    size_t n = (size_t)width * (size_t)height;
    if (!s)
        return NULL;
    s->cells = n;
    s->g = bl_malloc(n * sizeof *s->g);
    s->parent = bl_malloc(n * sizeof *s->parent);
    s->state = bl_malloc(n);
    s->open = bl_malloc(n * sizeof *s->open);
    if (!s->g || !s->parent || !s->state || !s->open) {
        bl_listscan_destroy(s);
        return NULL;
    }
    return s;
}

void bl_listscan_destroy(bl_listscan *s)
{
    if (!s)
        return;
    free(s->g);
    free(s->parent);
    free(s->state);
    free(s->open);
    free(s);
}

/* Remove and return the best open entry. count must be > 0. */
static open_entry take_best(bl_listscan *s)
{
    uint32_t best = 0, i;
    open_entry e;
    for (i = 1; i < s->count; i++) {
        const open_entry *a = &s->open[i], *b = &s->open[best];
        if (a->f < b->f || (a->f == b->f && a->g > b->g))
            best = i;
    }
    e = s->open[best];
    s->open[best] = s->open[--s->count];
    return e;
}

static void update_open(bl_listscan *s, int32_t cell, int32_t f, int32_t g)
{
    uint32_t i;
    for (i = 0; i < s->count; i++) {
        if (s->open[i].cell == cell) {
            s->open[i].f = f;
            s->open[i].g = g;
            return;
        }
    }
}

bl_result bl_listscan_find(bl_listscan *s, const bl_grid *grid,
                           const bl_query *q, uint32_t *path)
{
    const int32_t w = grid->width;
    const int32_t start = q->sy * w + q->sx, goal = q->gy * w + q->gx;
    bl_result r = { -1, 0, 0 };

    memset(s->g, 0x7f, s->cells * sizeof *s->g);
    memset(s->parent, 0xff, s->cells * sizeof *s->parent);
    memset(s->state, CELL_NEW, s->cells);

    s->g[start] = 0;
    s->state[start] = CELL_OPEN;
    s->open[0].cell = start;
    s->open[0].g = 0;
    s->open[0].f = bl_octile(q->sx, q->sy, q->gx, q->gy);
    s->count = 1;
    while (s->count > 0) {
        open_entry top = take_best(s);
        int32_t cur = top.cell, x = cur % w, y = cur / w, d;
        if (cur == goal) {
            r.cost = s->g[goal];
            r.path_length = bl_trace(s->parent, goal, path);
            return r;
        }
        s->state[cur] = CELL_CLOSED;
        r.expansions++;
        for (d = 0; d < 8; d++) {
            int32_t nx = x + bl_dx[d], ny = y + bl_dy[d];
            int32_t next = ny * w + nx, ng, f;
            if (!bl_can_step(grid, x, y, d) || s->state[next] == CELL_CLOSED)
                continue;
            ng = s->g[cur] + (d < 4 ? BL_STRAIGHT : BL_DIAGONAL);
            if (ng >= s->g[next])
                continue;
            s->g[next] = ng;
            s->parent[next] = cur;
            f = ng + bl_octile(nx, ny, q->gx, q->gy);
            if (s->state[next] == CELL_OPEN) {
                update_open(s, next, f, ng);
            } else {
                s->state[next] = CELL_OPEN;
                s->open[s->count].cell = next;
                s->open[s->count].f = f;
                s->open[s->count].g = ng;
                s->count++;
            }
        }
    }
    return r;
}
