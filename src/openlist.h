/*
 * openlist.h - the open list, in two interchangeable forms.
 *
 * Both pop cells in exactly the documented total order
 *     (f ascending, g descending or ascending, cell index ascending),
 * so which one a query uses can never change a result; tests run the same
 * queries through both and compare every expansion count and path.
 *
 * Bucket form (the common case: a consistent heuristic, weight 1.0 and the
 * larger-g tie-break). Integer costs allow buckets by f. With a consistent
 * heuristic f never decreases along an edge, so every cell offered while
 * level F is processed has f in [F, F + spread], where spread bounds how
 * much f can grow in one edge (or one jump); a ring of more than `spread`
 * buckets therefore never mixes two f values. It needs nothing per cell
 * but the node's one `link` field, which is what lets a compact context
 * hold 12 bytes per cell:
 *   - Cells of future levels sit in singly linked lists, newest first.
 *     Decrease-key walks the old bucket's list from its head to unlink the
 *     cell: the old bucket is found from the cell's old g (f - g is the
 *     cell's h, which the offer computes anyway), and the cell is usually
 *     near the head, since cells are improved soon after they are first
 *     reached (measured: see the README's performance notes).
 *   - The current level is a sorted list from `top`, the largest g (then
 *     the smallest index) first. A cell offered at the current level has a
 *     larger g than everything left in it (g = g(popped) + step >
 *     g(popped) >= the rest), so it goes in front after at most a few
 *     comparisons with the other cells offered by the same expansion; and a
 *     cell already in it can never be improved (its f would drop below F).
 *   - Each level is sorted once, when it becomes current: on packed keys in
 *     a scratch array, or by a linked merge sort when it is larger.
 * For JPS, whose levels can lie far apart, a bitmap of non-empty buckets
 * finds the next level and clears the ring 64 buckets at a time.
 *
 * Heap form (any query): a binary min-heap of cell indices in `heap`, with
 * each cell's f in `heap_f` and its heap position in its node's link, so
 * decrease-key finds the entry in O(1). A compact context has neither
 * array and refuses the queries that would need them.
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
    /* Heap form (NULL in a compact context). */
    uint32_t *heap;         /* the heap of cells */
    uint32_t *heap_f;       /* f of each cell in the heap, by cell */
    uint32_t size;          /* cells in the heap */
    uint32_t capacity;      /* cells of the grid: each is open at most once */
    uint32_t tie_mask;      /* 0xFFFFFFFF: larger g first; 0: smaller g first */
    int32_t bucket_form;
    uint32_t *link;         /* per cell: heap position, or next cell in a
                               bucket or in the current level */
    /* Bucket form. */
    uint32_t top;           /* first cell of the current level, or none */
    uint32_t *heads;        /* first cell of each ring bucket */
    uint32_t *prev;         /* full context: previous cell in a bucket, by
                               cell (the heap_f array, free in this form);
                               NULL in a compact context */
    uint64_t *occupied;     /* with track_occupied: bit b <=> heads[b] used */
    int32_t track_occupied; /* keep `occupied` (JPS: f rises in long jumps) */
    uint32_t bucket_count;  /* a power of two, at least 64 */
    uint32_t level;         /* f of the current level */
    uint32_t future;        /* cells in the ring's buckets */
    uint32_t highest;       /* largest f ever put in the ring this query */
    uint64_t *sort_keys;    /* LS_SORT_KEYS slots for sorting a level */
} ls_open;

/* A level of up to this many cells is sorted on packed keys in a scratch
 * array (no loads from the node array while sorting); a larger one is
 * merge sorted as a linked list through the nodes. */
#define LS_SORT_KEYS 4096u

/* ---------------------------------------------------------------- heap */

static inline uint64_t ls__open_key(const ls_open *o, const ls_node *nodes,
                                    uint32_t cell)
{
    return ((uint64_t)o->heap_f[cell] << 32) | (nodes[cell].g ^ o->tie_mask);
}

/* Strictly before in the total order (keys first, then cell index). */
static inline int ls__heap_before(const ls_open *o, const ls_node *nodes,
                                  uint32_t a, uint32_t b)
{
    uint64_t ka = ls__open_key(o, nodes, a), kb = ls__open_key(o, nodes, b);
    return ka < kb || (ka == kb && a < b);
}

static inline void ls__heap_sift_up(ls_open *o, ls_node *nodes, uint32_t pos)
{
    const uint32_t c = o->heap[pos];
    const uint64_t kc = ls__open_key(o, nodes, c);
    while (pos > 0) {
        uint32_t parent = (pos - 1) >> 1, pc = o->heap[parent];
        uint64_t kp = ls__open_key(o, nodes, pc);
        if (!(kc < kp || (kc == kp && c < pc)))
            break;
        o->heap[pos] = pc;
        o->link[pc] = pos;
        pos = parent;
    }
    o->heap[pos] = c;
    o->link[c] = pos;
}

static inline void ls__heap_push(ls_open *o, ls_node *nodes, uint32_t cell)
{
    o->heap[o->size] = cell;
    ls__heap_sift_up(o, nodes, o->size++);
}

/* The cell's key (its g and f) has just become smaller. */
static inline void ls__heap_decrease(ls_open *o, ls_node *nodes, uint32_t cell)
{
    ls__heap_sift_up(o, nodes, o->link[cell]);
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
            ls__heap_before(o, nodes, o->heap[child + 1], o->heap[child]))
            child++;
        o->heap[hole] = o->heap[child];
        o->link[o->heap[hole]] = hole;
        hole = child;
    }
    o->heap[hole] = o->heap[n];
    ls__heap_sift_up(o, nodes, hole);
}

/* -------------------------------------------------------------- buckets */

/* a is popped after b (both at the current level, larger g first). */
static inline int ls__level_after(const ls_node *nodes, uint32_t a, uint32_t b)
{
    return nodes[a].g < nodes[b].g || (nodes[a].g == nodes[b].g && a > b);
}

/* In a full context, the prev link of a bucket's first cell: this bit
 * plus the bucket number (cell indices stay below 2^29, so it is never a
 * cell). */
#define LS_BUCKET_MARK 0x80000000u

/* track is o->track_occupied, passed so that a caller which knows it can
 * make it a constant. */
LS_HOT_INLINE void ls__bucket_link(ls_open *o, uint32_t cell, uint32_t f,
                                   int track)
{
    const uint32_t b = f & (o->bucket_count - 1u), first = o->heads[b];
    uint32_t *prev = o->prev;
    o->link[cell] = first;
    if (prev) {
        prev[cell] = LS_BUCKET_MARK | b;
        if (first != LS_NO_CELL)
            prev[first] = cell;
    }
    if (f > o->highest)
        o->highest = f;
    if (track && first == LS_NO_CELL)
        o->occupied[b >> 6] |= (uint64_t)1 << (b & 63u);
    o->heads[b] = cell;
    o->future++;
}

/* Take cell out of the future bucket of old_f: in O(1) through the prev
 * links of a full context, else by walking the bucket's list to the link
 * that points at the cell. */
LS_HOT_INLINE void ls__bucket_unlink(ls_open *o, uint32_t cell,
                                     uint32_t old_f, int track)
{
    const uint32_t b = old_f & (o->bucket_count - 1u), next = o->link[cell];
    uint32_t *prev = o->prev, *at;
    if (prev) {
        const uint32_t p = prev[cell];
        at = p & LS_BUCKET_MARK ? &o->heads[b] : &o->link[p];
        if (next != LS_NO_CELL)
            prev[next] = p;
    } else {
        at = &o->heads[b];
        while (*at != cell)
            at = &o->link[*at];
    }
    *at = next;
    if (track && o->heads[b] == LS_NO_CELL)
        o->occupied[b >> 6] &= ~((uint64_t)1 << (b & 63u));
    o->future--;
}

/* Put cell (whose g is set) with f where it belongs; was_open says it was
 * already in the future bucket of old_f (a decrease-key). */
LS_HOT_INLINE void ls__bucket_offer(ls_open *o, ls_node *nodes, uint32_t cell,
                                    uint32_t f, int was_open, uint32_t old_f,
                                    int track)
{
    uint32_t *at;
    if (was_open)
        ls__bucket_unlink(o, cell, old_f, track);
    if (f != o->level) {
        ls__bucket_link(o, cell, f, track);
        return;
    }
    /* Into the current level, before everything older (see the top). */
    at = &o->top;
    while (*at != LS_NO_CELL && ls__level_after(nodes, cell, *at))
        at = &o->link[*at];
    o->link[cell] = *at;
    *at = cell;
}

/* Merge two lists, each sorted in pop order, into one. */
static inline uint32_t ls__list_merge(const ls_node *nodes, uint32_t *link,
                                      uint32_t a, uint32_t b)
{
    uint32_t head = LS_NO_CELL, *tail = &head;
    while (a != LS_NO_CELL && b != LS_NO_CELL) {
        if (ls__level_after(nodes, a, b)) {
            *tail = b;
            tail = &link[b];
            b = link[b];
        } else {
            *tail = a;
            tail = &link[a];
            a = link[a];
        }
    }
    *tail = a != LS_NO_CELL ? a : b;
    return head;
}

/* Sort a list into pop order (largest g, then smallest index, first):
 * bottom-up merge sort, bin i holding a sorted run of 2^i cells, so it
 * needs no memory but the links. The order is strict, so every correct
 * sort gives the same list. */
static inline uint32_t ls__list_sort(const ls_node *nodes, uint32_t *link,
                                     uint32_t list)
{
    uint32_t bins[32], used = 0, i, run;
    while (list != LS_NO_CELL) {
        run = list;
        list = link[list];
        link[run] = LS_NO_CELL;
        for (i = 0; i < used && bins[i] != LS_NO_CELL; i++) {
            run = ls__list_merge(nodes, link, bins[i], run);
            bins[i] = LS_NO_CELL;
        }
        if (i == used)
            used++;
        bins[i] = run;
    }
    run = LS_NO_CELL;
    for (i = 0; i < used; i++)
        if (bins[i] != LS_NO_CELL)
            run = ls__list_merge(nodes, link, bins[i], run);
    return run;
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

/* Make the next non-empty level current. Requires an empty current level
 * and future > 0. Ascending keys g << 32 | (2^32 - 1 - cell) are exactly
 * the reverse of the pop order (largest g, then smallest index, first),
 * and keys are unique, so any correct sort agrees. */
static inline void ls__bucket_advance(ls_open *o, ls_node *nodes)
{
    const uint32_t mask = o->bucket_count - 1u;
    uint32_t cell, first, n = 0, i, from = (o->level + 1u) & mask, b;
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
    first = o->heads[b];
    o->heads[b] = LS_NO_CELL;
    if (o->link[first] == LS_NO_CELL) { /* one cell: common with JPS */
        o->top = first;
        o->future--;
        return;
    }
    /* Read the list straight into sort keys (no loads from the node array
     * while sorting); a level too large for the scratch array is merge
     * sorted through its links instead. */
    for (cell = first; cell != LS_NO_CELL && n < LS_SORT_KEYS;
         cell = o->link[cell])
        keys[n++] = ((uint64_t)nodes[cell].g << 32) | (0xFFFFFFFFu - cell);
    if (cell != LS_NO_CELL) {
        for (; cell != LS_NO_CELL; cell = o->link[cell])
            n++;
        o->future -= n;
        o->top = ls__list_sort(nodes, o->link, first);
        return;
    }
    o->future -= n;
    ls__key_sort(keys, n);
    /* Relink in pop order: keys[n - 1] first. */
    cell = LS_NO_CELL;
    for (i = 0; i < n; i++) {
        uint32_t c = 0xFFFFFFFFu - (uint32_t)keys[i];
        o->link[c] = cell;
        cell = c;
    }
    o->top = cell;
}

/* The next cell of the bucket form (ls__open_top when the form is known). */
LS_HOT_INLINE uint32_t ls__bucket_top(ls_open *o, ls_node *nodes)
{
    if (o->top == LS_NO_CELL) {
        if (o->future == 0)
            return LS_NO_CELL;
        ls__bucket_advance(o, nodes);
    }
    return o->top;
}

/* Remove the cell ls__bucket_top returned. */
LS_HOT_INLINE void ls__bucket_pop(ls_open *o)
{
    o->top = o->link[o->top];
}

/* ---------------------------------------------------------- either form */

/* The next cell in the total order, or LS_NO_CELL when the list is empty. */
static inline uint32_t ls__open_top(ls_open *o, ls_node *nodes)
{
    if (!o->bucket_form)
        return o->size ? o->heap[0] : LS_NO_CELL;
    return ls__bucket_top(o, nodes);
}

/* f of the cell ls__open_top returned. */
static inline uint32_t ls__open_top_f(const ls_open *o, uint32_t cell)
{
    return o->bucket_form ? o->level : o->heap_f[cell];
}

/* Remove the cell ls__open_top returned. */
static inline void ls__open_pop(ls_open *o, ls_node *nodes)
{
    if (o->bucket_form)
        ls__bucket_pop(o);
    else
        ls__heap_pop(o, nodes);
}

/* Insert cell (its g set) with f, or, when was_open, move it after its f
 * dropped from old_f. */
LS_HOT_INLINE void ls__open_offer(ls_open *o, ls_node *nodes, uint32_t cell,
                                  uint32_t f, int was_open, uint32_t old_f)
{
    if (o->bucket_form) {
        ls__bucket_offer(o, nodes, cell, f, was_open, old_f,
                         o->track_occupied);
        return;
    }
    o->heap_f[cell] = f;
    if (was_open)
        ls__heap_decrease(o, nodes, cell);
    else
        ls__heap_push(o, nodes, cell);
}

#endif
