/* SPDX-License-Identifier: MIT */
/*
 * flow_run.c - settling the cells of a flow field (src/flow.h says why a
 * settled cost is final): a fresh field drains a ring of buckets; an
 * update drains a binary heap of (cost, cell) keys, since its seeds' costs
 * spread over the whole field.
 *
 * A bucket is a stack of chunks of LS_FLOW_CHUNK - 1 cells taken from a
 * pool in link[], so that pushing and popping touch memory in order (a
 * linked list through the cells made every pop wait for the memory of the
 * cell it popped). A cell is pushed when first offered a cost and again
 * when a lower offer moves it to an earlier bucket; the entry it leaves
 * behind is stale and skipped when popped (the cell is settled by then).
 * Stale entries are few, but to be sure the pool never runs out it is
 * compacted when empty: every bucket keeps only the entries of queued
 * cells in their bucket, at most one per cell, and the pool holds two per
 * cell plus a partly filled chunk per bucket.
 */
#include <string.h>
#include "compiler.h"
#include "direction.h"
#include "flow.h"

/* The index of m's lowest set bit (m != 0). */
static inline uint32_t lowest_bit64(uint64_t m)
{
#if defined(__GNUC__) || defined(__clang__)
    return (uint32_t)__builtin_ctzll(m);
#else
    uint32_t k = 0;
    while (!(m & 1u)) {
        m >>= 1;
        k++;
    }
    return k;
#endif
}

/* The first non-empty bucket from cur on, circularly (one exists:
 * f->queued > 0, all within LS_FLOW_RING buckets of cur). */
static uint32_t ring_next(const ls_flow *f, uint32_t cur)
{
    const uint32_t at = cur & (LS_FLOW_RING - 1u);
    uint32_t k;
    for (k = 0; k <= LS_FLOW_RING / 64u; k++) {
        const uint32_t word = ((at >> 6) + k) & (LS_FLOW_RING / 64u - 1u);
        uint64_t w = f->occupied[word];
        if (k == 0)
            w &= ~(uint64_t)0 << (at & 63u);
        if (w != 0) {
            const uint32_t pos = word * 64u + lowest_bit64(w);
            return cur + ((pos - at) & (LS_FLOW_RING - 1u));
        }
    }
    return cur; /* not reached */
}

/* ------------------------------------------------------------- the ring */

static uint32_t *chunk_at(uint32_t *link, uint32_t c)
{
    return link + (size_t)c * LS_FLOW_CHUNK;
}

/* A chunk from the free list or the untouched rest of the pool, or
 * LS_FLOW_NIL. */
static uint32_t chunk_take(ls_flow *f)
{
    uint32_t c = f->free_chunk;
    if (c != LS_FLOW_NIL) {
        f->free_chunk = chunk_at(f->link, c)[0];
        return c;
    }
    if (f->next_chunk < f->chunk_count)
        return f->next_chunk++;
    return LS_FLOW_NIL;
}

static void chunk_give(ls_flow *f, uint32_t c)
{
    chunk_at(f->link, c)[0] = f->free_chunk;
    f->free_chunk = c;
}

/* Keep in every bucket only the entries of queued cells whose cost lies in
 * it (at most one per cell), packed, and give back the chunks emptied. */
void ls__flow_compact(ls_flow *f)
{
    const uint32_t per = LS_FLOW_CHUNK - 1u;
    uint32_t b;
    f->compactions++;
    for (b = 0; b < LS_FLOW_RING; b++) {
        uint32_t *top = &f->ring[b], *fill = &f->ring[LS_FLOW_RING + b];
        uint32_t rc = *top, wc = *top, kept = 0, n = *fill, prev, c;
        if (rc == LS_FLOW_NIL)
            continue;
        /* Read chunk by chunk from the top (the first holds *fill cells,
         * the others are full); write packed into the same chain, never
         * ahead of what is still to be read. */
        while (rc != LS_FLOW_NIL) {
            uint32_t *rd = chunk_at(f->link, rc), i;
            for (i = 1; i <= n; i++) {
                const uint32_t u = rd[i];
                if ((f->dir[u] & LS_FLOW_QUEUED) &&
                    ((f->cost[u] >> f->shift) & (LS_FLOW_RING - 1u)) == b) {
                    if (kept == per) {
                        wc = chunk_at(f->link, wc)[0];
                        kept = 0;
                    }
                    chunk_at(f->link, wc)[1u + kept++] = u;
                }
            }
            rc = rd[0];
            n = per;
        }
        /* The chunks after wc are free; the chain's order is reversed so
         * that the partly filled one, wc, is the top. */
        c = chunk_at(f->link, wc)[0];
        while (c != LS_FLOW_NIL) {
            uint32_t next = chunk_at(f->link, c)[0];
            chunk_give(f, c);
            c = next;
        }
        if (kept == 0) {
            /* wc is the old top: nothing kept at all */
            chunk_give(f, wc);
            *top = LS_FLOW_NIL;
            *fill = 0;
            f->occupied[b >> 6] &= ~((uint64_t)1 << (b & 63u));
            continue;
        }
        prev = LS_FLOW_NIL;
        c = *top;
        for (;;) {
            uint32_t next = chunk_at(f->link, c)[0];
            chunk_at(f->link, c)[0] = prev;
            prev = c;
            if (c == wc)
                break;
            c = next;
        }
        *top = wc;
        *fill = kept;
    }
}

/* Push cell c onto bucket slot b when its top chunk is full or missing. */
static LS_NOINLINE void ring_push_chunk(ls_flow *f, uint32_t c, uint32_t b)
{
    uint32_t top = f->ring[b], fill = f->ring[LS_FLOW_RING + b];
    uint32_t nc = chunk_take(f);
    if (nc == LS_FLOW_NIL) {
        ls__flow_compact(f);
        top = f->ring[b];
        fill = f->ring[LS_FLOW_RING + b];
        if (top != LS_FLOW_NIL && fill < LS_FLOW_CHUNK - 1u) {
            chunk_at(f->link, top)[1u + fill] = c;
            f->ring[LS_FLOW_RING + b] = fill + 1u;
            return;
        }
        nc = chunk_take(f); /* never NIL after compacting (flow.h) */
    }
    if (top == LS_FLOW_NIL)
        f->occupied[b >> 6] |= (uint64_t)1 << (b & 63u);
    chunk_at(f->link, nc)[0] = top;
    chunk_at(f->link, nc)[1] = c;
    f->ring[b] = nc;
    f->ring[LS_FLOW_RING + b] = 1u;
}

/* Push cell c onto bucket (absolute number). */
LS_HOT_INLINE void ring_push(ls_flow *f, uint32_t c, uint32_t bucket)
{
    const uint32_t b = bucket & (LS_FLOW_RING - 1u);
    const uint32_t top = f->ring[b], fill = f->ring[LS_FLOW_RING + b];
    if (top == LS_FLOW_NIL || fill == LS_FLOW_CHUNK - 1u) {
        ring_push_chunk(f, c, b);
        return;
    }
    f->link[(size_t)top * LS_FLOW_CHUNK + 1u + fill] = c;
    f->ring[LS_FLOW_RING + b] = fill + 1u;
}

/* 0x01 in each byte of x that is not 0, else 0x00. */
static inline uint64_t bytes_nonzero(uint64_t x)
{
    const uint64_t low7 = 0x7F7F7F7F7F7F7F7Full;
    return (((x & low7) + low7) | x) >> 7 & 0x0101010101010101ull;
}

/* Eight bytes as one word and back. Every operation on the word below
 * stays within its bytes, so the host's byte order cannot matter. */
static inline uint64_t load8(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

static inline void store8(uint8_t *p, uint64_t v)
{
    memcpy(p, &v, 8);
}

/* The moves of 8 cells from the passability (0x01 per byte) of their
 * north, east, south and west neighbours: the straight directions always,
 * the diagonals by the corner rule of ls__corner_allows (NE passes E and
 * N, SE E and S, SW W and S, NW W and N: ls__dir_corner_x/_y). */
static inline uint64_t moves8(int32_t rule, uint64_t n, uint64_t e,
                              uint64_t s, uint64_t w)
{
    const uint64_t straight = 0x0F0F0F0F0F0F0F0Full;
    if (rule == LS_CORNERS_NONE)
        return straight | (e & n) << 4 | (e & s) << 5 | (w & s) << 6 |
               (w & n) << 7;
    if (rule == LS_CORNERS_ONE)
        return straight | (e | n) << 4 | (e | s) << 5 | (w | s) << 6 |
               (w | n) << 7;
    return rule == LS_CORNERS_ALL ? ~(uint64_t)0 : straight;
}

/* Each inside cell's legal moves (flow.h), eight cells at a time; the
 * border is never settled (its moves are written or not, never read). */
static void write_moves(ls_flow *f)
{
    const uint32_t stride = f->stride, n = f->cell_count;
    const uint8_t *cm = f->cells;
    uint8_t *moves = f->moves;
    const int32_t rule = f->dir_count == 4 ? -1 : f->corner_rule;
    uint32_t i = stride + 1u;
    const uint32_t end = n - stride - 1u; /* past the last inside cell */
    for (; i + 8u <= end; i += 8u)
        store8(moves + i, moves8(rule, bytes_nonzero(load8(cm + i - stride)),
                                 bytes_nonzero(load8(cm + i + 1u)),
                                 bytes_nonzero(load8(cm + i + stride)),
                                 bytes_nonzero(load8(cm + i - 1u))));
    for (; i < end; i++)
        moves[i] = (uint8_t)moves8(rule, cm[i - stride] != 0,
                                   cm[i + 1u] != 0, cm[i + stride] != 0,
                                   cm[i - 1u] != 0);
}

void ls__flow_fresh_start(ls_flow *f)
{
    const uint32_t n = f->cell_count;
    const uint8_t *cm = f->cells;
    uint32_t *cost = f->cost;
    uint8_t *dir = f->dir;
    uint32_t i;
    uint32_t blocked = 0;

    /* cost LS_FLOW_INF and dir LS_FLOW_UNSET where open, 0 and
     * LS_FLOW_NONE where blocked; eight cells at a time first */
    for (i = 0; i + 8u <= n; i += 8u) {
        const uint64_t open = bytes_nonzero(load8(cm + i));
        uint32_t k;
        store8(dir + i, open * 0xFFu | 0x0909090909090909ull);
        for (k = 0; k < 8; k++)
            cost[i + k] = 0u - (uint32_t)(cm[i + k] != 0);
        blocked += 8u - (uint32_t)((open * 0x0101010101010101ull) >> 56);
    }
    for (; i < n; i++) {
        const uint32_t open = (uint32_t)(cm[i] != 0);
        cost[i] = 0u - open;
        dir[i] = (uint8_t)(LS_FLOW_NONE | (0u - open));
        blocked += open ^ 1u;
    }
    f->blocked_cells = blocked; /* border included */
    /* Each inside cell's legal moves, row by row (the border is never
     * settled). */
    write_moves(f);
    for (i = 0; i < LS_FLOW_RING; i++) {
        f->ring[i] = LS_FLOW_NIL;
        f->ring[LS_FLOW_RING + i] = 0;
    }
    for (i = 0; i < LS_FLOW_RING / 64u; i++)
        f->occupied[i] = 0;
    f->free_chunk = LS_FLOW_NIL;
    f->next_chunk = 0;
    f->cur = 0;
    f->queued = 0;
    /* Goals are distinct; one blocked by an edit reaches nothing. */
    for (i = 0; i < f->goal_count; i++) {
        const uint32_t g = f->goals[i];
        if (cm[g] != 0) {
            cost[g] = 0;
            ring_push(f, g, 0);
            f->queued++;
        }
    }
    f->phase = LS_FLOW_PHASE_FRESH;
}

/* ------------------------------------------------------------- the heap */

static uint64_t *heap_of(ls_flow *f)
{
    return (uint64_t *)(void *)f->link + f->heap_base;
}

static int heap_push(ls_flow *f, uint64_t key)
{
    uint64_t *h = heap_of(f);
    uint32_t i = f->heap_size;
    if (i == f->heap_cap)
        return 1;
    f->heap_size++;
    while (i > 0) {
        uint32_t up = (i - 1u) / 2u;
        if (h[up] <= key)
            break;
        h[i] = h[up];
        i = up;
    }
    h[i] = key;
    return 0;
}

static uint64_t heap_pop(ls_flow *f)
{
    uint64_t *h = heap_of(f);
    const uint64_t top = h[0], last = h[--f->heap_size];
    const uint32_t n = f->heap_size;
    uint32_t i = 0;
    for (;;) {
        uint32_t c = 2u * i + 1u;
        if (c >= n)
            break;
        if (c + 1u < n && h[c + 1u] < h[c])
            c++;
        if (last <= h[c])
            break;
        h[i] = h[c];
        i = c;
    }
    if (n > 0)
        h[i] = last;
    return top;
}

int ls__flow_heap_push(ls_flow *f, uint32_t c)
{
    return heap_push(f, (uint64_t)f->cost[c] << 32 | c);
}

/* 1 when the heap is full (the update then starts a fresh field). */
int ls__flow_offer(ls_flow *f, uint32_t w, uint32_t c, uint32_t back)
{
    const uint32_t t = f->cost[w];
    if (c < t) {
        f->cost[w] = c;
        f->dir[w] = LS_FLOW_UNSET;
        return heap_push(f, (uint64_t)c << 32 | w);
    }
    if (c == t && f->dir[w] < 8u && back < f->dir[w])
        f->dir[w] = (uint8_t)back;
    return 0;
}

/* -------------------------------------------------------- settling a cell */


/* Settle cell u of an update, whose cost is final: its direction from its
 * neighbours, then an offer to each legal one (ls__flow_offer: a lower
 * cost queues it, an equal one may move its direction earlier). Returns 1
 * when the heap overflowed. */
static int settle(ls_flow *f, uint32_t u)
{
    uint32_t *restrict cost = f->cost;
    const uint8_t *restrict cm = f->cells;
    const int32_t *off = f->offset;
    const uint32_t t = cost[u], m = cm[u];
    const uint32_t s = f->straight, dg = f->diagonal;
    const uint32_t pass = (cm[u + (uint32_t)off[0]] != 0) |
                          (uint32_t)(cm[u + (uint32_t)off[1]] != 0) << 1 |
                          (uint32_t)(cm[u + (uint32_t)off[2]] != 0) << 2 |
                          (uint32_t)(cm[u + (uint32_t)off[3]] != 0) << 3;
    const uint32_t legal = f->legal[pass];
    /* t <= LS_COST_MAX and a step < 2^25: no wrap */
    const uint32_t cs = t + s * m, cd = t + dg * m;
    uint32_t match = 0, d;

    for (d = 0; d < f->dir_count; d++) {
        const uint32_t v = u + (uint32_t)off[d];
        const uint32_t tv = cost[v], base = d < 4 ? s : dg;
        const uint32_t c = d < 4 ? cs : cd;
        if (!((legal >> d) & 1u))
            continue;
        /* On an optimal path from u? (64 bits: tv may be LS_FLOW_INF) */
        if ((uint64_t)tv + (uint64_t)base * cm[v] == t)
            match |= 1u << d;
        if (c <= tv && ls__flow_offer(f, v, c, ls__dir_opposite(d)))
            return 1;
    }
    /* A cell of cost 0 is a goal; any other has a neighbour on an optimal
     * path (the one whose offer gave its cost). */
    f->dir[u] = (uint8_t)(t == 0 ? LS_FLOW_GOAL
                                 : match ? lowest_bit64(match) : LS_FLOW_NONE);
    return 0;
}

/* ------------------------------------------------------------- the loops */

/* What the fresh loop reads and writes, copied out of the flow: stores
 * into the cost array could otherwise alias the flow's fields and force
 * the compiler to reload them after every store. */
typedef struct fresh_locals {
    ls_flow *f;
    uint32_t *restrict cost;
    const uint8_t *restrict cm;
    uint8_t *restrict dir;
    const uint8_t *restrict moves;
    uint32_t s, dg, shift, queued;
    int32_t off[8];
} fresh_locals;

/* Offer cost c (lower than its cost tv) to v, the neighbour of a settled
 * cell in direction d. A queued cell's dir holds LS_FLOW_QUEUED | the first
 * direction, in the order, of the offers that gave its cost: every
 * neighbour on an optimal path from it is settled before it (its cost is a
 * step lower) and offers exactly its cost, so settling reads its direction
 * there. */
LS_HOT_INLINE void fresh_lower(fresh_locals *l, uint32_t v, uint32_t d,
                               uint32_t c, uint32_t tv)
{
    const uint32_t nb = c >> l->shift;
    l->cost[v] = c;
    l->dir[v] = (uint8_t)(LS_FLOW_QUEUED | ls__dir_opposite(d));
    /* a new entry when it was not queued or changes bucket */
    if (tv == LS_FLOW_INF) {
        l->queued++;
        ring_push(l->f, v, nb);
    } else if ((tv >> l->shift) != nb) {
        ring_push(l->f, v, nb);
    }
}

/* An offer equal to v's cost: the earlier direction in the order wins. */
LS_HOT_INLINE void fresh_tie(fresh_locals *l, uint32_t v, uint32_t d)
{
    const uint8_t back = (uint8_t)(LS_FLOW_QUEUED | ls__dir_opposite(d));
    if (back < l->dir[v])
        l->dir[v] = back;
}

/* Offer cost c to the neighbour of u in direction d (a constant after
 * inlining). A straight step is always tried: a blocked target costs 0,
 * so no offer reaches it. */
LS_HOT_INLINE void fresh_try(fresh_locals *l, uint32_t u, uint32_t d,
                             uint32_t legal, uint32_t c, uint32_t stride)
{
    /* the step from constants and the stride, a value in a register: an
     * offset read from memory would be read again after every store of a
     * cost, which may alias it */
    const uint32_t v = u + (uint32_t)ls__dir_dx(d) +
                       (uint32_t)ls__dir_dy(d) * stride;
    const uint32_t tv = l->cost[v];
    if (d >= 4 && !((legal >> d) & 1u))
        return;
    if (c < tv)
        fresh_lower(l, v, d, c, tv);
    else if (c == tv)
        fresh_tie(l, v, d);
}

#if defined(__SSE2__) && !defined(LS_FLOW_NO_SIMD)
/* The eight offers of a settle compared four at a time (SSE2, every
 * x86-64 CPU has it): the three rows of u's neighbourhood loaded from the
 * cost array, then only the offers that lower a cost or tie are handled
 * one by one. The same results as fresh_try's (tests/suite_flow*.c run
 * both: configure with CPPFLAGS=-DLS_FLOW_NO_SIMD for the other). Integer
 * instructions only. */
#define LS_FLOW_SIMD 1
#include <emmintrin.h>

/* Row-major lanes of the 3 x 4 block around u (rows y-1, y, y+1; columns
 * x-1 .. x+1 and an unused fourth lane) to directions; 8 marks u itself
 * and the unused lanes. */
static const uint8_t lane_dir[12] = { 7, 0, 4, 8, 3, 8, 1, 8, 6, 2, 5, 8 };

/* The lanes of the straight directions, always offered (N 1, W 4, E 6,
 * S 9), and of the legal diagonals by the moves' bits 4-7 (NE lane 2, SE
 * 10, SW 8, NW 0). */
#define LANES_STRAIGHT 0x252u
static const uint16_t diag_lanes[16] = {
    0x000, 0x004, 0x400, 0x404, 0x100, 0x104, 0x500, 0x504,
    0x001, 0x005, 0x401, 0x405, 0x101, 0x105, 0x501, 0x505
};

/* x's bits as an int32_t, without the implementation-defined conversion
 * of a value above INT32_MAX (compilers make this a plain move). */
static inline int32_t bits_i32(uint32_t x)
{
    return x <= 0x7FFFFFFFu ? (int32_t)x
                            : (int32_t)(x - 0x80000000u) - 0x7FFFFFFF - 1;
}

/* One bit per lane (bits 0-3 top row, 4-7 middle, 8-11 bottom) of three
 * comparison results. */
static inline uint32_t lane_bits(__m128i top, __m128i mid, __m128i bot)
{
    const __m128i words = _mm_packs_epi32(top, mid);
    const __m128i bytes = _mm_packs_epi16(words, _mm_packs_epi32(bot, bot));
    return (uint32_t)_mm_movemask_epi8(bytes) & 0xFFFu;
}

LS_HOT_INLINE void fresh_offers_simd(fresh_locals *l, uint32_t u,
                                     uint32_t legal, uint32_t cs, uint32_t cd)
{
    const uint32_t stride = (uint32_t)l->off[2];
    const __m128i bias = _mm_set1_epi32(-0x7FFFFFFF - 1);
    const __m128i cdiag = _mm_set_epi32(bits_i32(cd), bits_i32(cd),
                                        bits_i32(cs), bits_i32(cd));
    const __m128i cmid = _mm_set1_epi32(bits_i32(cs));
    /* Loaded one by one, not 16 bytes at once: the costs were often just
     * stored by the settle before, and a wide load of narrow stores waits
     * for them to reach the cache. */
    const uint32_t *c0 = l->cost + u - stride - 1u, *c1 = l->cost + u - 1u,
                   *c2 = l->cost + u + stride - 1u;
    const __m128i tt = _mm_set_epi32(0, bits_i32(c0[2]), bits_i32(c0[1]),
                                     bits_i32(c0[0]));
    const __m128i tm = _mm_set_epi32(0, bits_i32(c1[2]), 0, bits_i32(c1[0]));
    const __m128i tb = _mm_set_epi32(0, bits_i32(c2[2]), bits_i32(c2[1]),
                                     bits_i32(c2[0]));
    /* unsigned c < tv as signed after flipping the top bits */
    const uint32_t lanes = LANES_STRAIGHT | diag_lanes[legal >> 4];
    uint32_t lower = lane_bits(
        _mm_cmpgt_epi32(_mm_xor_si128(tt, bias), _mm_xor_si128(cdiag, bias)),
        _mm_cmpgt_epi32(_mm_xor_si128(tm, bias), _mm_xor_si128(cmid, bias)),
        _mm_cmpgt_epi32(_mm_xor_si128(tb, bias), _mm_xor_si128(cdiag, bias)));
    uint32_t tie = lane_bits(_mm_cmpeq_epi32(tt, cdiag), _mm_cmpeq_epi32(tm, cmid),
                             _mm_cmpeq_epi32(tb, cdiag));
    lower &= lanes;
    tie &= lanes;
    while (lower) {
        const uint32_t d = lane_dir[lowest_bit64(lower)];
        const uint32_t v = u + (uint32_t)l->off[d];
        lower &= lower - 1u;
        fresh_lower(l, v, d, d < 4 ? cs : cd, l->cost[v]);
    }
    while (tie) {
        const uint32_t d = lane_dir[lowest_bit64(tie)];
        tie &= tie - 1u;
        fresh_tie(l, u + (uint32_t)l->off[d], d);
    }
}
#endif

/* Settle u, whose cost is final. simd: compare the offers four at a time
 * (a constant in each loop copy; same results either way). */
LS_HOT_INLINE void fresh_settle(fresh_locals *l, uint32_t u, uint32_t dirs,
                                int simd)
{
    const uint32_t t = l->cost[u], m = l->cm[u];
    const uint32_t legal = l->moves[u];
    const uint32_t stride = (uint32_t)l->off[2];
    /* t <= LS_COST_MAX and a step < 2^25: no wrap */
    const uint32_t cs = t + l->s * m, cd = t + l->dg * m;
    /* Its own direction first: offers to it are over. */
    l->dir[u] = (uint8_t)(t == 0 ? LS_FLOW_GOAL : l->dir[u] & ~LS_FLOW_QUEUED);
#ifdef LS_FLOW_SIMD
    if (simd) {
        /* the legal table holds no diagonal with 4-connectivity */
        fresh_offers_simd(l, u, legal, cs, cd);
        return;
    }
#else
    (void)simd;
#endif
    fresh_try(l, u, 0, legal, cs, stride);
    fresh_try(l, u, 1, legal, cs, stride);
    fresh_try(l, u, 2, legal, cs, stride);
    fresh_try(l, u, 3, legal, cs, stride);
    if (dirs == 8) {
        fresh_try(l, u, 4, legal, cd, stride);
        fresh_try(l, u, 5, legal, cd, stride);
        fresh_try(l, u, 6, legal, cd, stride);
        fresh_try(l, u, 7, legal, cd, stride);
    }
}

LS_HOT_INLINE ls_status fresh_loop(ls_flow *f, uint32_t budget,
                                   uint32_t *done, uint32_t dirs, int simd)
{
    fresh_locals l;
    uint32_t n = *done, cur = f->cur, d;
    ls_status st = LS_OK;

    l.f = f;
    l.cost = f->cost;
    l.cm = f->cells;
    l.dir = f->dir;
    l.moves = f->moves;
    l.s = f->straight;
    l.dg = f->diagonal;
    l.shift = f->shift;
    l.queued = f->queued;
    for (d = 0; d < 8; d++)
        l.off[d] = f->offset[d];
    while (l.queued > 0 && st == LS_OK) {
        uint32_t b, c, k, *ch;
        if (budget != 0 && n == budget) {
            st = LS_IN_PROGRESS;
            break;
        }
        b = cur & (LS_FLOW_RING - 1u);
        if (f->ring[b] == LS_FLOW_NIL) {
            cur = ring_next(f, cur);
            b = cur & (LS_FLOW_RING - 1u);
        }
        /* Take the bucket's top chunk off and drain it here: no offer goes
         * to the current bucket, and a compaction leaves a chunk that is
         * in no bucket alone. */
        c = f->ring[b];
        k = f->ring[LS_FLOW_RING + b];
        ch = chunk_at(f->link, c);
        f->ring[b] = ch[0];
        f->ring[LS_FLOW_RING + b] = ch[0] != LS_FLOW_NIL ? LS_FLOW_CHUNK - 1u : 0u;
        if (ch[0] == LS_FLOW_NIL)
            f->occupied[b >> 6] &= ~((uint64_t)1 << (b & 63u));
        while (k > 0) {
            const uint32_t u = ch[k];
            if (!(l.dir[u] & LS_FLOW_QUEUED)) {
                k--; /* stale: settled from an earlier bucket */
                continue;
            }
            if (budget != 0 && n == budget)
                break;
            /* The first bucket past LS_COST_MAX starts at 2^31 exactly. */
            if (l.cost[u] > LS_COST_MAX) {
                f->phase = LS_FLOW_PHASE_FAILED;
                st = LS_ERR_COST_OVERFLOW;
                break;
            }
            k--;
            l.queued--;
            fresh_settle(&l, u, dirs, simd);
            n++;
        }
        if (st != LS_OK)
            break;
        if (k > 0) {
            /* The budget ran out: the rest goes back on top. */
            ch[0] = f->ring[b];
            if (ch[0] == LS_FLOW_NIL)
                f->occupied[b >> 6] |= (uint64_t)1 << (b & 63u);
            f->ring[b] = c;
            f->ring[LS_FLOW_RING + b] = k;
            st = LS_IN_PROGRESS;
            break;
        }
        chunk_give(f, c);
    }
    if (st == LS_OK)
        f->phase = LS_FLOW_PHASE_DONE;
    f->cur = cur;
    f->queued = l.queued;
    *done = n;
    return st;
}

/* The loop copies: the branch per offer predicts well where nearly every
 * cell is open (the open field: 30 % faster than four at a time), the
 * four-wide comparisons where blocked cells make the offers irregular (15
 * to 20 % faster on a 20 % random map; measured on 512 and 1024 squares). */
static LS_NOINLINE ls_status fresh8(ls_flow *f, uint32_t budget, uint32_t *done)
{
    return fresh_loop(f, budget, done, 8, 0);
}

static LS_NOINLINE ls_status fresh4(ls_flow *f, uint32_t budget, uint32_t *done)
{
    return fresh_loop(f, budget, done, 4, 0);
}

#ifdef LS_FLOW_SIMD
static LS_NOINLINE ls_status fresh_wide(ls_flow *f, uint32_t budget,
                                        uint32_t *done)
{
    return fresh_loop(f, budget, done, 8, 1);
}
#endif

static ls_status fresh_run(ls_flow *f, uint32_t budget, uint32_t *done)
{
#ifdef LS_FLOW_SIMD
    if (f->blocked_cells * 16u > f->cell_count)
        return fresh_wide(f, budget, done);
#endif
    return f->dir_count == 8 ? fresh8(f, budget, done)
                             : fresh4(f, budget, done);
}

/* Drain the update's heap. A key whose cell has another cost now, or is
 * settled, is stale and costs nothing. */
static ls_status repair_loop(ls_flow *f, uint32_t budget, uint32_t *done)
{
    uint32_t n = *done;
    while (f->heap_size > 0) {
        uint64_t key;
        uint32_t u, c;
        if (budget != 0 && n == budget) {
            *done = n;
            return LS_IN_PROGRESS;
        }
        key = heap_pop(f);
        u = (uint32_t)key;
        c = (uint32_t)(key >> 32);
        if (f->cost[u] != c || f->dir[u] != LS_FLOW_UNSET)
            continue;
        if (c > LS_COST_MAX) {
            f->phase = LS_FLOW_PHASE_FAILED;
            *done = n;
            return LS_ERR_COST_OVERFLOW;
        }
        n++;
        if (settle(f, u)) {
            /* The heap outgrew its room: compute the field afresh. */
            ls__flow_fresh_start(f);
            *done = n;
            return LS_IN_PROGRESS;
        }
    }
    *done = n;
    f->dirs_done = 0;
    f->phase = LS_FLOW_PHASE_DIRS;
    return LS_IN_PROGRESS;
}

ls_status ls__flow_run(ls_flow *f, uint32_t budget, uint32_t *done)
{
    *done = 0;
    for (;;) {
        ls_flow_phase before = f->phase;
        switch (f->phase) {
        case LS_FLOW_PHASE_FRESH:
            return fresh_run(f, budget, done);
        case LS_FLOW_PHASE_RESET:
            ls__flow_reset_run(f, budget, done);
            break;
        case LS_FLOW_PHASE_SEED:
            ls__flow_seed_run(f, budget, done);
            break;
        case LS_FLOW_PHASE_REPAIR: {
            ls_status st = repair_loop(f, budget, done);
            if (f->phase == LS_FLOW_PHASE_REPAIR ||
                f->phase == LS_FLOW_PHASE_FAILED)
                return st;
            break; /* on to the directions, or fell back to a fresh field */
        }
        case LS_FLOW_PHASE_DIRS:
            ls__flow_dirs_run(f, budget, done);
            break;
        case LS_FLOW_PHASE_DONE:
            return LS_OK;
        case LS_FLOW_PHASE_FAILED:
            return LS_ERR_COST_OVERFLOW;
        default:
            return LS_ERR_NO_QUERY;
        }
        /* A phase that did not move on spent the budget. */
        if (f->phase == before)
            return LS_IN_PROGRESS;
    }
}
