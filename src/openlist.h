/* SPDX-License-Identifier: MIT */
/*
 * openlist.h - the open list, in two interchangeable forms.
 *
 * Both pop cells in exactly the documented total order
 *     (f ascending, g descending or ascending, cell index ascending),
 * so which one a query uses can never change a result; tests run the same
 * queries through both and compare every expansion count and path.
 *
 * Per cell the open list has a link slot at link + (cell << link_shift):
 * in a full context `next` and `prev`, the last two words of the cell's
 * 16-byte node (one cache line, one base register, as the search touches
 * them together); in a compact context `next` alone, in an array of its
 * own beside 8-byte nodes. The shifts are constants in the hot loops.
 *
 * Bucket form (the common case: a consistent heuristic, weight 1.0 and the
 * larger-g tie-break). Integer costs allow buckets by f. With a consistent
 * heuristic f never decreases along an edge, so every cell offered while
 * level F is processed has f in [F, F + spread], where spread bounds how
 * much f can grow in one edge (or one jump); a ring of more than `spread`
 * buckets therefore never mixes two f values.
 *   - Cells of future levels sit in lists through `next`, newest first. To
 *     unlink a cell on decrease-key, a full context follows its `prev`
 *     (O(1)); a compact context walks the old bucket's list from its head
 *     (the bucket is found from the cell's old g: f - g is the cell's h,
 *     which the offer computes anyway). That walk is the price of 12 bytes
 *     per cell (docs/performance.md, "A compact context").
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
 * Heap form (any query, full contexts only): a binary min-heap of cell
 * indices in `heap`, each cell's heap position in its `next` word and its
 * f in its `prev` word, so decrease-key finds the entry in O(1). A compact
 * context has no heap and refuses the queries that would need it.
 *
 * src/openlist.c sizes the ring and picks the form for each query; the
 * operations themselves are inline here, for the search loops.
 */
#ifndef LS_OPENLIST_H
#define LS_OPENLIST_H

#include <stddef.h>
#include <stdint.h>
#include "bits.h"
#include "compiler.h"
#include "node.h"
#include "plan.h"

#define LS_NO_CELL 0xFFFFFFFFu
/* In the bucket form, the prev of a list's first cell: this bit plus the
 * bucket number (cell indices stay below 2^29, so it is never a cell). */
#define LS_BUCKET_MARK 0x80000000u

typedef struct ls_open {
    uint32_t *link;         /* per cell, 1 << link_shift words: next, prev */
    uint32_t link_shift;    /* 2 (full: next and prev inside the 16-byte
                               node) or 0 (compact: an array of next) */
    uint32_t node_shift;    /* log2 of a node's stride: 4 (full) or 3 */
    uint32_t *heap;         /* full contexts: the heap of cells; after a
                               search, the path */
    uint32_t size;          /* cells in the heap */
    uint32_t capacity;      /* cells of the grid: each is open at most once */
    uint32_t tie_mask;      /* 0xFFFFFFFF: larger g first; 0: smaller g first */
    int32_t bucket_form;
    int32_t force_heap;     /* tests: the heap form whenever there is a heap */
    /* Bucket form. */
    uint32_t top;           /* first cell of the current level, or none */
    uint32_t *heads;        /* first cell of each ring bucket */
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
 * merge sorted as a linked list through the links. */
#define LS_SORT_KEYS 4096u

/* ------------------------------------------------- sizing and the form */

/* Buckets in the ring of a context of this size (a power of two). */
uint32_t ls__open_ring_size(int32_t width, int32_t height);

/* 1 when a query with plan p on grid can run in this open list: always
 * with a heap (full contexts), else only in the bucket form. */
int ls__open_accepts(const ls_open *o, const ls_grid *grid, const ls_plan *p);

/* Start a query with plan p on grid: empty what the previous query left,
 * pick the form, and make the start's f, start_f, the current level. */
void ls__open_start(ls_open *o, const ls_grid *grid, const ls_plan *p,
                    uint32_t start_f);

/* The next word of cell, in slots of 1 << shift words; shift is
 * o->link_shift, passed so that a caller which knows it can make it a
 * constant. */
LS_HOT_INLINE uint32_t *ls__next(uint32_t *link, uint32_t cell, uint32_t shift)
{
    return &link[(size_t)cell << shift];
}

/* The link words: in a full context (shift 2) the last two words of each
 * 16-byte node, else the open list's own array. Derived from nodes when
 * the shift is a constant 2, so that the hot loop addresses nodes and
 * links from one register, as it did when the links were node fields. */
LS_HOT_INLINE uint32_t *ls__links(const ls_open *o, ls_node *nodes,
                                  uint32_t shift)
{
    return shift == 2u ? (uint32_t *)(void *)nodes + 2 : o->link;
}

/* The prev word (full contexts only: slots of at least two words). */
LS_HOT_INLINE uint32_t *ls__prev(uint32_t *link, uint32_t cell, uint32_t shift)
{
    return &link[((size_t)cell << shift) + 1u];
}

/* ---------------------------------------------------------------- heap */

static inline uint64_t ls__open_key(const ls_open *o, ls_node *nodes,
                                    uint32_t cell)
{
    return ((uint64_t)*ls__prev(o->link, cell, o->link_shift) << 32) |
           (ls__node(nodes, cell, o->node_shift)->g ^ o->tie_mask); /* prev = f */
}

/* Strictly before in the total order (keys first, then cell index). */
static inline int ls__heap_before(const ls_open *o, ls_node *nodes,
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
        *ls__next(o->link, pc, o->link_shift) = pos;
        pos = parent;
    }
    o->heap[pos] = c;
    *ls__next(o->link, c, o->link_shift) = pos;
}

static inline void ls__heap_push(ls_open *o, ls_node *nodes, uint32_t cell)
{
    o->heap[o->size] = cell;
    ls__heap_sift_up(o, nodes, o->size++);
}

/* The cell's key (its g and f) has just become smaller. */
static inline void ls__heap_decrease(ls_open *o, ls_node *nodes, uint32_t cell)
{
    ls__heap_sift_up(o, nodes, *ls__next(o->link, cell, o->link_shift));
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
        *ls__next(o->link, o->heap[hole], o->link_shift) = hole;
        hole = child;
    }
    o->heap[hole] = o->heap[n];
    ls__heap_sift_up(o, nodes, hole);
}

/* -------------------------------------------------------------- buckets */

/* a is popped after b (both at the current level, larger g first);
 * nshift is o->node_shift. */
LS_HOT_INLINE int ls__level_after(ls_node *nodes, uint32_t nshift,
                                  uint32_t a, uint32_t b)
{
    const uint32_t ga = ls__node(nodes, a, nshift)->g;
    const uint32_t gb = ls__node(nodes, b, nshift)->g;
    return ga < gb || (ga == gb && a > b);
}

/* track is o->track_occupied, shift o->link_shift (nshift o->node_shift):
 * passed so that a caller which knows them can make them constants. */
LS_HOT_INLINE void ls__bucket_link(ls_open *o, ls_node *nodes, uint32_t cell,
                                   uint32_t f, int track, uint32_t shift)
{
    const uint32_t b = f & (o->bucket_count - 1u), first = o->heads[b];
    uint32_t *link = ls__links(o, nodes, shift);
    *ls__next(link, cell, shift) = first;
    if (shift) {
        *ls__prev(link, cell, shift) = LS_BUCKET_MARK | b;
        if (first != LS_NO_CELL)
            *ls__prev(link, first, shift) = cell;
    }
    if (f > o->highest)
        o->highest = f;
    if (track && first == LS_NO_CELL)
        o->occupied[b >> 6] |= (uint64_t)1 << (b & 63u);
    o->heads[b] = cell;
    o->future++;
}

/* Take cell out of the future bucket of old_f: in O(1) through prev in a
 * full context (a list's first cell has the bucket in its prev), else by
 * walking the bucket's list to the word that points at the cell. */
LS_HOT_INLINE void ls__bucket_unlink(ls_open *o, ls_node *nodes, uint32_t cell,
                                     uint32_t old_f, int track, uint32_t shift)
{
    uint32_t *link = ls__links(o, nodes, shift);
    const uint32_t next = *ls__next(link, cell, shift);
    uint32_t b, *at;
    if (shift) {
        const uint32_t p = *ls__prev(link, cell, shift);
        if (next != LS_NO_CELL)
            *ls__prev(link, next, shift) = p;
        if (!(p & LS_BUCKET_MARK)) {
            *ls__next(link, p, shift) = next;
            o->future--;
            return;
        }
        b = p & ~LS_BUCKET_MARK;
        at = &o->heads[b];
    } else {
        b = old_f & (o->bucket_count - 1u);
        at = &o->heads[b];
        while (*at != cell)
            at = ls__next(link, *at, 0);
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
                                    int track, uint32_t shift, uint32_t nshift)
{
    uint32_t *link = ls__links(o, nodes, shift), *at;
    if (was_open)
        ls__bucket_unlink(o, nodes, cell, old_f, track, shift);
    if (f != o->level) {
        ls__bucket_link(o, nodes, cell, f, track, shift);
        return;
    }
    /* Into the current level, before everything older (see the top). */
    at = &o->top;
    while (*at != LS_NO_CELL && ls__level_after(nodes, nshift, cell, *at))
        at = ls__next(link, *at, shift);
    *ls__next(link, cell, shift) = *at;
    *at = cell;
}

/* Merge two lists, each sorted in pop order, into one. */
static inline uint32_t ls__list_merge(ls_node *nodes, uint32_t nshift,
                                      uint32_t *link, uint32_t shift,
                                      uint32_t a, uint32_t b)
{
    uint32_t head = LS_NO_CELL, *tail = &head;
    while (a != LS_NO_CELL && b != LS_NO_CELL) {
        if (ls__level_after(nodes, nshift, a, b)) {
            *tail = b;
            tail = ls__next(link, b, shift);
            b = *tail;
        } else {
            *tail = a;
            tail = ls__next(link, a, shift);
            a = *tail;
        }
    }
    *tail = a != LS_NO_CELL ? a : b;
    return head;
}

/* Sort a list into pop order (largest g, then smallest index, first):
 * bottom-up merge sort, bin i holding a sorted run of 2^i cells, so it
 * needs no memory but the links. The order is strict, so every correct
 * sort gives the same list. */
static inline uint32_t ls__list_sort(ls_node *nodes, uint32_t nshift,
                                     uint32_t *link, uint32_t shift,
                                     uint32_t list)
{
    uint32_t bins[32], used = 0, i, run;
    while (list != LS_NO_CELL) {
        run = list;
        list = *ls__next(link, list, shift);
        *ls__next(link, run, shift) = LS_NO_CELL;
        for (i = 0; i < used && bins[i] != LS_NO_CELL; i++) {
            run = ls__list_merge(nodes, nshift, link, shift, bins[i], run);
            bins[i] = LS_NO_CELL;
        }
        if (i == used)
            used++;
        bins[i] = run;
    }
    run = LS_NO_CELL;
    for (i = 0; i < used; i++)
        if (bins[i] != LS_NO_CELL)
            run = ls__list_merge(nodes, nshift, link, shift, bins[i], run);
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
    const uint32_t mask = o->bucket_count - 1u, shift = o->link_shift;
    const uint32_t nshift = o->node_shift;
    uint32_t *link = o->link;
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
    if (*ls__next(link, first, shift) == LS_NO_CELL) { /* one cell: JPS */
        o->top = first;
        o->future--;
        return;
    }
    /* Read the list straight into sort keys (no loads from the node array
     * while sorting); a level too large for the scratch array is merge
     * sorted through its links instead. */
    for (cell = first; cell != LS_NO_CELL && n < LS_SORT_KEYS;
         cell = *ls__next(link, cell, shift))
        keys[n++] = ((uint64_t)ls__node(nodes, cell, nshift)->g << 32) |
                    (0xFFFFFFFFu - cell);
    if (cell != LS_NO_CELL) {
        for (; cell != LS_NO_CELL; cell = *ls__next(link, cell, shift))
            n++;
        o->future -= n;
        o->top = ls__list_sort(nodes, nshift, link, shift, first);
        return;
    }
    o->future -= n;
    ls__key_sort(keys, n);
    /* Relink in pop order: keys[n - 1] first. */
    cell = LS_NO_CELL;
    for (i = 0; i < n; i++) {
        uint32_t c = 0xFFFFFFFFu - (uint32_t)keys[i];
        *ls__next(link, c, shift) = cell;
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
LS_HOT_INLINE void ls__bucket_pop(ls_open *o, ls_node *nodes, uint32_t shift)
{
    o->top = *ls__next(ls__links(o, nodes, shift), o->top, shift);
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
    return o->bucket_form ? o->level
                          : *ls__prev(o->link, cell, o->link_shift);
}

/* Remove the cell ls__open_top returned. */
static inline void ls__open_pop(ls_open *o, ls_node *nodes)
{
    if (o->bucket_form)
        ls__bucket_pop(o, nodes, o->link_shift);
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
                         o->track_occupied, o->link_shift, o->node_shift);
        return;
    }
    *ls__prev(o->link, cell, o->link_shift) = f;
    if (was_open)
        ls__heap_decrease(o, nodes, cell);
    else
        ls__heap_push(o, nodes, cell);
}

#endif
