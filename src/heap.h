/*
 * heap.h - the open list: a binary min-heap with decrease-key.
 *
 * Entries are ordered by (key, cell), key = f << 32 | tie(g). Both parts
 * are unique per cell, so the order is strict and total: the pop order
 * depends on the set of keys alone, never on how the heap sifts. Each
 * cell's position in the heap is kept in its ls_node, so decrease-key finds
 * the entry in O(1) (Detour scans the heap for it).
 */
#ifndef LS_HEAP_H
#define LS_HEAP_H

#include <stdint.h>

typedef struct ls_heap_entry {
    uint64_t key;
    uint32_t cell;
    uint32_t xy;      /* the cell's x << 16 | y: saves a division per pop */
} ls_heap_entry;

typedef struct ls_heap {
    ls_heap_entry *entries;
    uint32_t size;
    uint32_t capacity;
} ls_heap;

/* The search order's key: f ascending, then the tie-break on g. */
static inline uint64_t ls__heap_key(uint32_t f, uint32_t g, int high_g_first)
{
    uint32_t tie = high_g_first ? (UINT32_MAX - g) : g;
    return ((uint64_t)f << 32) | tie;
}

static inline int ls__heap_less(const ls_heap_entry *a, const ls_heap_entry *b)
{
    return a->key < b->key || (a->key == b->key && a->cell < b->cell);
}

static inline void ls__heap_place(ls_heap *h, ls_node *nodes, uint32_t pos,
                                  ls_heap_entry e)
{
    h->entries[pos] = e;
    nodes[e.cell].heap_pos = pos;
}

/* Move the entry at pos toward the root until its parent is smaller. */
static inline void ls__heap_sift_up(ls_heap *h, ls_node *nodes, uint32_t pos)
{
    ls_heap_entry e = h->entries[pos];
    while (pos > 0) {
        uint32_t parent = (pos - 1) >> 1;
        if (!ls__heap_less(&e, &h->entries[parent]))
            break;
        ls__heap_place(h, nodes, pos, h->entries[parent]);
        pos = parent;
    }
    ls__heap_place(h, nodes, pos, e);
}

/* Insert cell (at packed point xy) with key. The caller guarantees
 * size < capacity (the capacity is the cell count and a cell is in the heap
 * at most once). */
static inline void ls__heap_push_xy(ls_heap *h, ls_node *nodes, uint64_t key,
                                    uint32_t cell, uint32_t xy)
{
    ls_heap_entry e;
    e.key = key;
    e.cell = cell;
    e.xy = xy;
    h->entries[h->size] = e;
    ls__heap_sift_up(h, nodes, h->size++);
}

static inline void ls__heap_push(ls_heap *h, ls_node *nodes, uint64_t key,
                                 uint32_t cell)
{
    ls__heap_push_xy(h, nodes, key, cell, 0);
}

/* Lower the key of the entry at pos (key must not grow). */
static inline void ls__heap_decrease(ls_heap *h, ls_node *nodes, uint32_t pos,
                                     uint64_t key)
{
    h->entries[pos].key = key;
    ls__heap_sift_up(h, nodes, pos);
}

/* Remove and return the smallest entry's cell. size must be > 0.
 * The hole left at the root walks down along the smaller children to a
 * leaf, then the last entry fills it and sifts up: the last entry is
 * usually large, so this saves a comparison per level over a plain
 * sift-down. The result is the same heap order either way. */
static inline uint32_t ls__heap_pop(ls_heap *h, ls_node *nodes)
{
    uint32_t top = h->entries[0].cell;
    uint32_t n = --h->size, hole = 0, child;
    if (n == 0)
        return top;
    while ((child = 2 * hole + 1) < n) {
        if (child + 1 < n &&
            ls__heap_less(&h->entries[child + 1], &h->entries[child]))
            child++;
        ls__heap_place(h, nodes, hole, h->entries[child]);
        hole = child;
    }
    h->entries[hole] = h->entries[n];
    ls__heap_sift_up(h, nodes, hole);
    return top;
}

#endif
