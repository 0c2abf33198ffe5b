/* SPDX-License-Identifier: MIT */
/*
 * openlist.c - the open list's policy: how large its bucket ring is, which
 * form (openlist.h) each query uses, and emptying it between queries.
 * The operations the search loops run are inline in openlist.h.
 */
#include <string.h>
#include "grid.h"
#include "openlist.h"

/* Contexts are created only for sides ls__creation_cells accepted, so
 * the ring needs at most 2 * 16384 * 14 < 2^19 buckets. */
typedef char ls__ring_fits_32_bits
    [2u * (uint64_t)LS_MAX_DIMENSION * 14u < 0x80000000u ? 1 : -1];

/* The bucket ring must be wider than f can rise in one step of the default
 * costs (diagonal 14, terrain up to 255) and in one JPS jump across the
 * grid; other queries that do not fit use the heap form. The doubling
 * stops at 2^31 whatever the sides, so it can never wrap to 0 and spin
 * (it stops far below that for every side a context accepts). */
uint32_t ls__open_ring_size(int32_t width, int32_t height)
{
    uint64_t longest = (uint64_t)(width > height ? width : height);
    uint64_t need = 256u * 14u, jump = 2u * longest * 14u;
    uint32_t n = 1024;
    if (jump > need)
        need = jump;
    while (n <= need && n < 0x80000000u)
        n <<= 1;
    return n;
}

/* How much f can rise in one edge (A*) or one jump (JPS) of this query. */
static uint64_t f_spread(const ls_grid *grid, const ls_plan *p)
{
    uint64_t terrain = grid->costly_cells ? 255u : 1u;
    uint64_t longest =
        (uint64_t)(grid->width > grid->height ? grid->width : grid->height);
    /* A landmark bound can rise by a whole step back (base * multiplier
     * of the cell left) where octile rises by one diagonal at most. */
    if (p->heuristic == LS_HEURISTIC_LANDMARKS && p->algorithm == LS_ALGO_ASTAR)
        return 2u * terrain * p->diagonal;
    return ls__algo_jumps(p->algorithm) ? 2u * longest * p->diagonal
                                       : (terrain + 1u) * p->diagonal;
}

/* Can this query use the bucket form? It needs a consistent heuristic (no
 * weight; Manhattan only with 4-connectivity), the larger-g tie-break, and
 * a ring wider than the largest rise of f. */
static int bucket_form_fits(const ls_open *o, const ls_grid *grid,
                            const ls_plan *p)
{
    /* HPA's intra-cluster edges raise f by more than a ring's width. */
    int consistent = p->algorithm != LS_ALGO_HPA && p->weight == 0x10000u &&
                     (p->heuristic != LS_HEURISTIC_MANHATTAN || p->dir_count == 4);
    return consistent && p->tie_break == LS_TIE_HIGH_G &&
           f_spread(grid, p) < o->bucket_count;
}

int ls__open_accepts(const ls_open *o, const ls_grid *grid, const ls_plan *p)
{
    return o->heap != NULL || bucket_form_fits(o, grid, p);
}

/* Empty the bucket ring a previous query may have left cells in. Only
 * buckets for f in (level, highest] can hold cells. A* leaves a short
 * range, cleared directly; JPS can leave a long one, so it clears through
 * the occupancy bitmap, one word per 64 buckets. */
static void clear_buckets(ls_open *o)
{
    const uint32_t words = o->bucket_count >> 6;
    uint32_t w = (o->level + 1u) >> 6, last = o->highest >> 6, k;
    o->top = LS_NO_CELL;
    if (o->future == 0)
        return;
    o->future = 0;
    if (!o->track_occupied) {
        /* The future buckets level+1..highest (at most the whole ring) are
         * at most two runs of the ring; LS_NO_CELL is all one bits, so each
         * run is one memset, not a store per bucket. */
        uint32_t count = o->highest - o->level, first, run;
        if (count > o->bucket_count)
            count = o->bucket_count;
        first = (o->level + 1u) & (o->bucket_count - 1u);
        run = o->bucket_count - first < count ? o->bucket_count - first : count;
        memset(o->heads + first, 0xFF, (size_t)run * sizeof *o->heads);
        memset(o->heads, 0xFF, (size_t)(count - run) * sizeof *o->heads);
        return;
    }
    for (k = 0; k <= last - w && k < words; k++) {
        uint32_t i = (w + k) & (words - 1u);
        uint64_t bits = o->occupied[i];
        while (bits) {
            o->heads[(i << 6) | ls__lowest_bit(bits)] = LS_NO_CELL;
            bits &= bits - 1u;
        }
        o->occupied[i] = 0;
    }
}

void ls__open_start(ls_open *o, const ls_grid *grid, const ls_plan *p,
                    uint32_t start_f)
{
    /* First, as it reads the previous query's form and levels. */
    clear_buckets(o);
    /* Without a heap (compact contexts) there is nothing to force. */
    o->bucket_form = (o->force_heap == 0 || o->heap == NULL) &&
                     bucket_form_fits(o, grid, p);
    o->tie_mask = p->tie_break == LS_TIE_HIGH_G ? 0xFFFFFFFFu : 0u;
    o->track_occupied = ls__algo_jumps(p->algorithm);
    o->size = 0;
    o->top = LS_NO_CELL;
    o->level = start_f;
    o->highest = start_f;
}
