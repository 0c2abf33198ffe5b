/*
 * openlist.h - the open list, in two interchangeable forms.
 *
 * Both pop cells in exactly the documented total order
 *     (f ascending, g descending or ascending, cell index ascending),
 * so which one a query uses can never change a result; tests run the same
 * queries through both and compare every expansion count and path.
 *
 * Heap form (any query): a binary min-heap of cell indices. A cell's key
 * (f, g) is read from its ls_node (f in aux) and its position in the heap
 * is kept there too (link), so decrease-key finds the entry in O(1).
 *
 * Bucket form (the common case: a consistent heuristic, weight 1.0 and the
 * larger-g tie-break). Integer costs allow buckets by f. With a consistent
 * heuristic f never decreases along an edge, so every cell offered while
 * level F is processed has f in [F, F + spread], where spread bounds how
 * much f can grow in one edge (or one jump); a ring of more than `spread`
 * buckets therefore never mixes two f values. Cells of future levels sit
 * in doubly linked lists threaded through their ls_node (link = next,
 * aux = prev; O(1) insert and
 * O(1) removal on decrease-key); the current level is a sorted stack whose
 * top is the largest g (then the smallest index). A cell offered at the
 * current level always has a larger g than everything left on the stack
 * (g = g(popped) + step > g(popped) >= the rest), so it goes on top after
 * at most a few comparisons with the other cells offered by the same
 * expansion; and a cell already on the stack can never be improved (its f
 * would drop below F). Push, pop and decrease-key are O(1); each level is
 * sorted once when it becomes current. For JPS, whose levels can lie far
 * apart, a bitmap of non-empty buckets finds the next level and clears the
 * ring 64 buckets at a time.
 */
#ifndef LS_OPENLIST_H
#define LS_OPENLIST_H

#include <stdint.h>
#include "bits.h"

#define LS_NO_CELL 0xFFFFFFFFu
/* In the bucket form, the prev link of a list's first cell: this bit plus
 * the bucket number (cell indices stay below 2^29, so it is never a cell). */
#define LS_BUCKET_MARK 0x80000000u

typedef struct ls_open {
    uint32_t *cells;        /* heap, or the current level's stack */
    uint32_t size;
    uint32_t capacity;      /* cells of the grid: each is open at most once */
    uint32_t tie_mask;      /* 0xFFFFFFFF: larger g first; 0: smaller g first */
    int32_t bucket_form;
    uint32_t *heads;        /* bucket form: first cell of each ring bucket */
    uint64_t *occupied;     /* with track_occupied: bit b <=> heads[b] used */
    int32_t track_occupied; /* keep `occupied` (JPS: f rises in long jumps) */
    uint32_t bucket_count;  /* a power of two, at least 64 */
    uint32_t level;         /* f of the current level (stack) */
    uint32_t future;        /* cells in the ring's buckets */
    uint32_t highest;       /* largest f ever put in the ring this query */
    uint64_t *sort_keys;    /* LS_SORT_KEYS slots for sorting a level */
} ls_open;

/* A level of up to this many cells is sorted on packed keys in a scratch
 * array (no loads from the node array while sorting); a larger one is
 * sorted in place through the nodes. */
#define LS_SORT_KEYS 4096u

/* ---------------------------------------------------------------- heap */

static inline uint64_t ls__open_key(const ls_open *o, const ls_node *n)
{
    return ((uint64_t)n->aux << 32) | (n->g ^ o->tie_mask); /* aux = f */
}

/* Strictly before in the total order (keys first, then cell index). */
static inline int ls__heap_before(const ls_open *o, const ls_node *nodes,
                                  uint32_t a, uint32_t b)
{
    uint64_t ka = ls__open_key(o, &nodes[a]), kb = ls__open_key(o, &nodes[b]);
    return ka < kb || (ka == kb && a < b);
}

static inline void ls__heap_sift_up(ls_open *o, ls_node *nodes, uint32_t pos)
{
    const uint32_t c = o->cells[pos];
    const uint64_t kc = ls__open_key(o, &nodes[c]);
    while (pos > 0) {
        uint32_t parent = (pos - 1) >> 1, pc = o->cells[parent];
        uint64_t kp = ls__open_key(o, &nodes[pc]);
        if (!(kc < kp || (kc == kp && c < pc)))
            break;
        o->cells[pos] = pc;
        nodes[pc].link = pos;
        pos = parent;
    }
    o->cells[pos] = c;
    nodes[c].link = pos;
}

static inline void ls__heap_push(ls_open *o, ls_node *nodes, uint32_t cell)
{
    o->cells[o->size] = cell;
    ls__heap_sift_up(o, nodes, o->size++);
}

/* The cell's key (its g and f in nodes) has just become smaller. */
static inline void ls__heap_decrease(ls_open *o, ls_node *nodes, uint32_t cell)
{
    ls__heap_sift_up(o, nodes, nodes[cell].link);
}

/* Remove the top. The hole walks down along the smaller children to a
 * leaf, then the last cell fills it and sifts up: the last cell is usually
 * large, which saves a comparison per level. */
static inline void ls__heap_pop(ls_open *o, ls_node *nodes)
{
    uint32_t n = --o->size, hole = 0, child;
    if (n == 0)
        return;
    while ((child = 2 * hole + 1) < n) {
        if (child + 1 < n &&
            ls__heap_before(o, nodes, o->cells[child + 1], o->cells[child]))
            child++;
        o->cells[hole] = o->cells[child];
        nodes[o->cells[hole]].link = hole;
        hole = child;
    }
    o->cells[hole] = o->cells[n];
    ls__heap_sift_up(o, nodes, hole);
}

/* -------------------------------------------------------------- buckets */

/* a is popped after b (both at the current level, larger g first). */
static inline int ls__level_after(const ls_node *nodes, uint32_t a, uint32_t b)
{
    return nodes[a].g < nodes[b].g || (nodes[a].g == nodes[b].g && a > b);
}

/* track is o->track_occupied, passed so that a caller which knows it can
 * make it a constant. */
LS_HOT_INLINE void ls__bucket_link(ls_open *o, ls_node *nodes, uint32_t cell,
                                   uint32_t f, int track)
{
    uint32_t b = f & (o->bucket_count - 1u), first = o->heads[b];
    nodes[cell].link = first;
    nodes[cell].aux = LS_BUCKET_MARK | b; /* aux = prev */
    if (f > o->highest)
        o->highest = f;
    if (first != LS_NO_CELL)
        nodes[first].aux = cell;
    else if (track)
        o->occupied[b >> 6] |= (uint64_t)1 << (b & 63u);
    o->heads[b] = cell;
    o->future++;
}

LS_HOT_INLINE void ls__bucket_unlink(ls_open *o, ls_node *nodes, uint32_t cell,
                                     int track)
{
    uint32_t prev = nodes[cell].aux, next = nodes[cell].link;
    if (prev & LS_BUCKET_MARK) {
        uint32_t b = prev & ~LS_BUCKET_MARK;
        o->heads[b] = next;
        if (track && next == LS_NO_CELL)
            o->occupied[b >> 6] &= ~((uint64_t)1 << (b & 63u));
    } else
        nodes[prev].link = next;
    if (next != LS_NO_CELL)
        nodes[next].aux = prev;
    o->future--;
}

/* Put cell (whose g is set) with f where it belongs; was_open says it was
 * already in a future bucket (a decrease-key). */
LS_HOT_INLINE void ls__bucket_offer(ls_open *o, ls_node *nodes, uint32_t cell,
                                    uint32_t f, int was_open, int track)
{
    uint32_t j;
    if (was_open)
        ls__bucket_unlink(o, nodes, cell, track);
    if (f != o->level) {
        ls__bucket_link(o, nodes, cell, f, track);
        return;
    }
    /* Onto the stack, above everything older (see the file comment). */
    j = o->size++;
    while (j > 0 && ls__level_after(nodes, cell, o->cells[j - 1])) {
        o->cells[j] = o->cells[j - 1];
        j--;
    }
    o->cells[j] = cell;
}

/* Sort cells[0..n) so that the last is popped first, on the strict order
 * ls__level_after: insertion sort when short, else heapsort; in place, and
 * since the order is strict every correct sort gives the same array. */
static inline void ls__level_sift(const ls_node *nodes, uint32_t *a,
                                  uint32_t pos, uint32_t n)
{
    uint32_t c = a[pos], child;
    while ((child = 2 * pos + 1) < n) {
        if (child + 1 < n && ls__level_after(nodes, a[child], a[child + 1]))
            child++;
        if (!ls__level_after(nodes, c, a[child]))
            break;
        a[pos] = a[child];
        pos = child;
    }
    a[pos] = c;
}

static inline void ls__level_sort(const ls_node *nodes, uint32_t *a, uint32_t n)
{
    uint32_t i, t;
    if (n <= 16) { /* most levels are small: insertion sort */
        for (i = 1; i < n; i++) {
            uint32_t j = i, c = a[i];
            while (j > 0 && ls__level_after(nodes, c, a[j - 1])) {
                a[j] = a[j - 1];
                j--;
            }
            a[j] = c;
        }
        return;
    }
    for (i = n / 2; i-- > 0;)
        ls__level_sift(nodes, a, i, n);
    for (i = n - 1; i > 0; i--) {
        t = a[0];
        a[0] = a[i];
        a[i] = t;
        ls__level_sift(nodes, a, 0, i);
    }
}

/* Restore the max-heap a[0..n) below pos, bottom-up (Floyd): the hole at
 * pos walks down to a leaf along the larger children, one comparison per
 * level and no branch on it, then the displaced key climbs back up. Keys
 * are unique, so the larger child is always well defined. On random512
 * this cut the whole search's mispredicted branches by 23 % (cachegrind's
 * branch model). */
static inline void ls__key_sift(uint64_t *a, uint32_t pos, uint32_t n)
{
    const uint64_t c = a[pos];
    const uint32_t top = pos;
    uint32_t child;
    while ((child = 2 * pos + 2) < n) {
        child -= (uint32_t)(a[child] < a[child - 1]); /* the larger one */
        a[pos] = a[child];
        pos = child;
    }
    if (child == n) { /* a last, left-only child */
        a[pos] = a[n - 1];
        pos = n - 1;
    }
    while (pos > top) {
        uint32_t parent = (pos - 1) / 2;
        if (a[parent] > c)
            break;
        a[pos] = a[parent];
        pos = parent;
    }
    a[pos] = c;
}

/* Sort keys ascending: insertion sort when short (levels of up to 64 cells
 * measured cheaper so), else heapsort. */
static inline void ls__key_sort(uint64_t *a, uint32_t n)
{
    uint32_t i;
    uint64_t t;
    if (n <= 64) {
        for (i = 1; i < n; i++) {
            uint32_t j = i;
            t = a[i];
            while (j > 0 && a[j - 1] > t) {
                a[j] = a[j - 1];
                j--;
            }
            a[j] = t;
        }
        return;
    }
    for (i = n / 2; i-- > 0;)
        ls__key_sift(a, i, n);
    for (i = n - 1; i > 0; i--) {
        t = a[0];
        a[0] = a[i];
        a[i] = t;
        ls__key_sift(a, 0, i);
    }
}

/* The first non-empty bucket at or after ring position `from` in ring
 * order, found through the occupancy bitmap. */
static inline uint32_t ls__next_occupied(const ls_open *o, uint32_t from)
{
    const uint32_t last_word = (o->bucket_count >> 6) - 1u;
    uint32_t w = from >> 6;
    uint64_t bits = o->occupied[w] & (~(uint64_t)0 << (from & 63u));
    while (bits == 0) { /* terminates: future > 0 means some bit is set */
        w = (w + 1u) & last_word;
        bits = o->occupied[w];
    }
    return (w << 6) | ls__lowest_bit(bits);
}

/* Make the next non-empty level current. Requires an empty stack and
 * future > 0. The stack must end with the cell popped first (largest g,
 * then smallest index): ascending keys g << 32 | (2^32 - 1 - cell) give
 * exactly that order, and keys are unique, so any correct sort agrees. */
static inline void ls__bucket_advance(ls_open *o, ls_node *nodes)
{
    const uint32_t mask = o->bucket_count - 1u;
    uint32_t cell, n = 0, i, from = (o->level + 1u) & mask, b;
    uint64_t *keys = o->sort_keys;
    /* The next non-empty bucket in ring order: every cell of the ring has
     * f in (level, level + bucket_count), so ring order is f order. A*
     * levels are a step or two apart, where a plain scan is cheapest;
     * JPS levels can be far apart, where the bitmap skips 64 at a time. */
    if (o->track_occupied) {
        b = ls__next_occupied(o, from);
        o->occupied[b >> 6] &= ~((uint64_t)1 << (b & 63u));
    } else {
        b = from;
        while (o->heads[b] == LS_NO_CELL)
            b = (b + 1u) & mask;
    }
    o->level += 1u + ((b - from) & mask);
    cell = o->heads[b];
    o->heads[b] = LS_NO_CELL;
    if (nodes[cell].link == LS_NO_CELL) { /* one cell: common with JPS */
        o->cells[0] = cell;
        o->future--;
        o->size = 1;
        return;
    }
    /* Read the list straight into sort keys (no loads from the node array
     * while sorting); a level too large for the scratch array is sorted in
     * place through the nodes. */
    for (; cell != LS_NO_CELL && n < LS_SORT_KEYS; cell = nodes[cell].link)
        keys[n++] = ((uint64_t)nodes[cell].g << 32) | (0xFFFFFFFFu - cell);
    o->future -= n;
    if (cell != LS_NO_CELL) {
        for (i = 0; i < n; i++)
            o->cells[i] = 0xFFFFFFFFu - (uint32_t)keys[i];
        for (; cell != LS_NO_CELL; cell = nodes[cell].link, n++)
            o->cells[n] = cell;
        o->future -= n - LS_SORT_KEYS;
        o->size = n;
        ls__level_sort(nodes, o->cells, n);
        return;
    }
    ls__key_sort(keys, n);
    for (i = 0; i < n; i++)
        o->cells[i] = 0xFFFFFFFFu - (uint32_t)keys[i];
    o->size = n;
}

/* The next cell of the bucket form (ls__open_top when the form is known). */
LS_HOT_INLINE uint32_t ls__bucket_top(ls_open *o, ls_node *nodes)
{
    if (o->size == 0) {
        if (o->future == 0)
            return LS_NO_CELL;
        ls__bucket_advance(o, nodes);
    }
    return o->cells[o->size - 1];
}

/* ---------------------------------------------------------- either form */

/* The next cell in the total order, or LS_NO_CELL when the list is empty. */
static inline uint32_t ls__open_top(ls_open *o, ls_node *nodes)
{
    if (!o->bucket_form)
        return o->size ? o->cells[0] : LS_NO_CELL;
    return ls__bucket_top(o, nodes);
}

/* f of the cell ls__open_top returned. */
static inline uint32_t ls__open_top_f(const ls_open *o, const ls_node *nodes,
                                      uint32_t cell)
{
    return o->bucket_form ? o->level : nodes[cell].aux;
}

/* Remove the cell ls__open_top returned. */
static inline void ls__open_pop(ls_open *o, ls_node *nodes)
{
    if (o->bucket_form)
        o->size--;
    else
        ls__heap_pop(o, nodes);
}

/* Insert cell (its g set) with f, or move it after its f dropped
 * (was_open). */
LS_HOT_INLINE void ls__open_offer(ls_open *o, ls_node *nodes, uint32_t cell,
                                  uint32_t f, int was_open)
{
    if (o->bucket_form) {
        ls__bucket_offer(o, nodes, cell, f, was_open, o->track_occupied);
        return;
    }
    nodes[cell].aux = f;
    if (was_open)
        ls__heap_decrease(o, nodes, cell);
    else
        ls__heap_push(o, nodes, cell);
}

#endif
