/* SPDX-License-Identifier: MIT */
/*
 * flow_run.c - settling the cells of a flow field (src/flow.h says why a
 * settled cost is final): a fresh field drains a ring of buckets, each a
 * doubly linked list through link[]; an update drains a binary heap of
 * (cost, cell) keys, since its seeds' costs spread over the whole field.
 * Both settle a cell the same way: its direction from its neighbours,
 * then an offer to each legal neighbour.
 */
#include "compiler.h"
#include "direction.h"
#include "flow.h"

/* ------------------------------------------------------------- the ring */

static void ring_link(ls_flow *f, uint32_t c, uint32_t bucket)
{
    const uint32_t b = bucket & (LS_FLOW_RING - 1u);
    const uint32_t head = f->heads[b];
    f->link[2u * c] = head;
    f->link[2u * c + 1u] = LS_FLOW_NIL;
    if (head != LS_FLOW_NIL)
        f->link[2u * head + 1u] = c;
    else
        f->occupied[b >> 6] |= (uint64_t)1 << (b & 63u);
    f->heads[b] = c;
}

static void ring_unlink(ls_flow *f, uint32_t c, uint32_t bucket)
{
    const uint32_t b = bucket & (LS_FLOW_RING - 1u);
    const uint32_t next = f->link[2u * c], prev = f->link[2u * c + 1u];
    if (prev != LS_FLOW_NIL)
        f->link[2u * prev] = next;
    else {
        f->heads[b] = next;
        if (next == LS_FLOW_NIL)
            f->occupied[b >> 6] &= ~((uint64_t)1 << (b & 63u));
    }
    if (next != LS_FLOW_NIL)
        f->link[2u * next + 1u] = prev;
}

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

void ls__flow_fresh_start(ls_flow *f)
{
    const uint32_t n = f->cell_count;
    const uint8_t *cm = f->cells;
    uint32_t *cost = f->cost;
    uint8_t *dir = f->dir;
    uint32_t i;

    for (i = 0; i < n; i++) {
        const int open = cm[i] != 0;
        cost[i] = open ? LS_FLOW_INF : 0u;
        dir[i] = open ? LS_FLOW_UNSET : (uint8_t)LS_FLOW_NONE;
    }
    for (i = 0; i < LS_FLOW_RING; i++)
        f->heads[i] = LS_FLOW_NIL;
    for (i = 0; i < LS_FLOW_RING / 64u; i++)
        f->occupied[i] = 0;
    f->cur = 0;
    f->queued = 0;
    /* Goals are distinct; one blocked by an edit reaches nothing. */
    for (i = 0; i < f->goal_count; i++) {
        const uint32_t g = f->goals[i];
        if (cm[g] != 0) {
            cost[g] = 0;
            ring_link(f, g, 0);
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


/* Settle cell u, whose cost is final. fresh: the cell came off the ring,
 * and offers move cells between buckets; else off the heap, and offers go
 * to ls__flow_offer. Returns 1 when the heap overflowed. dirs is 4 or 8, a
 * constant in each copy below. */
LS_HOT_INLINE int settle(ls_flow *f, uint32_t u, uint32_t dirs, int fresh)
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

    for (d = 0; d < dirs; d++) {
        const uint32_t v = u + (uint32_t)off[d];
        const uint32_t tv = cost[v], base = d < 4 ? s : dg;
        const uint32_t c = d < 4 ? cs : cd;
        if (!((legal >> d) & 1u))
            continue;
        /* On an optimal path from u? (64 bits: tv may be LS_FLOW_INF) */
        if ((uint64_t)tv + (uint64_t)base * cm[v] == t)
            match |= 1u << d;
        if (c < tv) {
            if (fresh) {
                if (tv != LS_FLOW_INF) {
                    const uint32_t ob = tv >> f->shift, nb = c >> f->shift;
                    if (ob != nb) {
                        ring_unlink(f, v, ob);
                        ring_link(f, v, nb);
                    }
                } else {
                    ring_link(f, v, c >> f->shift);
                    f->queued++;
                }
                cost[v] = c;
            } else if (ls__flow_offer(f, v, c, ls__dir_opposite(d))) {
                return 1;
            }
        } else if (!fresh && c == tv) {
            ls__flow_offer(f, v, c, ls__dir_opposite(d));
        }
    }
    /* A cell of cost 0 is a goal; any other has a neighbour on an optimal
     * path (the one whose offer gave its cost). */
    f->dir[u] = (uint8_t)(t == 0 ? LS_FLOW_GOAL
                                 : match ? lowest_bit64(match) : LS_FLOW_NONE);
    return 0;
}

/* ------------------------------------------------------------- the loops */

LS_HOT_INLINE ls_status fresh_loop(ls_flow *f, uint32_t budget,
                                   uint32_t *done, uint32_t dirs)
{
    uint32_t n = *done;
    while (f->queued > 0) {
        uint32_t b, u, next;
        if (budget != 0 && n == budget) {
            *done = n;
            return LS_IN_PROGRESS;
        }
        b = f->cur & (LS_FLOW_RING - 1u);
        if (f->heads[b] == LS_FLOW_NIL) {
            f->cur = ring_next(f, f->cur);
            b = f->cur & (LS_FLOW_RING - 1u);
        }
        u = f->heads[b];
        /* The first bucket past LS_COST_MAX starts at 2^31 exactly. */
        if (f->cost[u] > LS_COST_MAX) {
            f->phase = LS_FLOW_PHASE_FAILED;
            *done = n;
            return LS_ERR_COST_OVERFLOW;
        }
        next = f->link[2u * u];
        f->heads[b] = next;
        if (next != LS_FLOW_NIL)
            f->link[2u * next + 1u] = LS_FLOW_NIL;
        else
            f->occupied[b >> 6] &= ~((uint64_t)1 << (b & 63u));
        f->queued--;
        settle(f, u, dirs, 1);
        n++;
    }
    *done = n;
    f->phase = LS_FLOW_PHASE_DONE;
    return LS_OK;
}

static LS_NOINLINE ls_status fresh8(ls_flow *f, uint32_t budget, uint32_t *done)
{
    return fresh_loop(f, budget, done, 8);
}

static LS_NOINLINE ls_status fresh4(ls_flow *f, uint32_t budget, uint32_t *done)
{
    return fresh_loop(f, budget, done, 4);
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
        if (settle(f, u, f->dir_count, 0)) {
            /* The heap outgrew its room: compute the field afresh. */
            ls__flow_fresh_start(f);
            *done = n;
            return LS_IN_PROGRESS;
        }
    }
    *done = n;
    f->phase = LS_FLOW_PHASE_DONE;
    return LS_OK;
}

ls_status ls__flow_run(ls_flow *f, uint32_t budget, uint32_t *done)
{
    *done = 0;
    for (;;) {
        ls_flow_phase before = f->phase;
        switch (f->phase) {
        case LS_FLOW_PHASE_FRESH:
            return f->dir_count == 8 ? fresh8(f, budget, done)
                                     : fresh4(f, budget, done);
        case LS_FLOW_PHASE_RESET:
            ls__flow_reset_run(f, budget, done);
            break;
        case LS_FLOW_PHASE_SEED:
            ls__flow_seed_run(f, budget, done);
            break;
        case LS_FLOW_PHASE_REPAIR: {
            ls_status st = repair_loop(f, budget, done);
            if (f->phase != LS_FLOW_PHASE_FRESH) /* else it fell back */
                return st;
            break;
        }
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
