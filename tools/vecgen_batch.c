/* SPDX-License-Identifier: MIT */
/*
 * vecgen_batch.c - batch.vec: scripts of batches (ls_batch_run) on 1, 2,
 * 3, 8 and 64 threads: random pairs under drawn options, start == goal,
 * refused queries, expansion limits, JPS (and LS_ERR_NOT_UNIFORM), several
 * batches in one script with options changed and the map edited between
 * them (each edit with its map digest). Every result is ls_find_path's.
 */
#include <string.h>
#include "vecgen.h"

/* Thread counts in turn, 64 less often. */
static const uint32_t thread_counts[] = { 1, 2, 3, 8, 64, 1, 2, 3,
                                          8, 2, 3, 8, 1, 2, 3, 8 };

#define MAX_BATCH 80

/* n queries on the script's cells: random pairs, and by kind every so
 * often start == goal, a blocked start, a goal outside. */
static void fill_pairs(sgen *s, int32_t (*p)[4], uint32_t n, uint32_t kind)
{
    uint32_t i;
    for (i = 0; i < n; i++) {
        sg_pair(s, p[i]);
        if (kind % 3 == 1 && i % 5 == 2) {
            p[i][2] = p[i][0];
            p[i][3] = p[i][1];
        }
        if (kind % 3 == 2 && i % 7 == 3) {
            int32_t x, y;
            if (pick_blocked(s->g, &x, &y) == 0 && sg_cell(s, x, y) == 0) {
                p[i][0] = x;
                p[i][1] = y;
            } else {
                p[i][2] = s->w;
            }
        }
    }
}

static void one_batch(sgen *s, uint32_t threads, uint32_t n, uint32_t kind)
{
    int32_t p[MAX_BATCH][4];
    fill_pairs(s, p, n, kind);
    sg_batch(s, threads, n, (const int32_t(*)[4])p);
}

/* Batches on one map: drawn options (a limit or JPS by kind), an edit and
 * its digest between batches. */
static void batch_script(gen *g, uint32_t k)
{
    uint32_t threads = thread_counts[k % VG_COUNT(thread_counts)];
    uint32_t rounds = 1 + (k / 5) % 3, r;
    /* One worker on maps of 8x8 to 40x40; more on 32x32 maps, so that a
     * checker can keep one batch per thread count for the whole file. */
    int32_t n = threads == 1 ? 8 + (int32_t)rnd(g, 33) : 32, x, y;
    sgen s;
    ls_query q;
    char text[VF_WEIGHT_TEXT_MAX];

    sg_map(g, k / 5, n, n, 50000 + k);
    sg_begin(g, &s, NULL, "1");
    for (r = 0; r < rounds; r++) {
        uint32_t count = 1 + rnd(g, threads == 64 ? 79 : 24);
        g->jps = (k / 15) % 4 == 3;
        sg_draw(&s, &q, text);
        g->jps = 0;
        if (r == 1 && k % 2)
            q.max_expansions = 1 + rnd(g, 40);
        sg_options(&s, &q, text);
        one_batch(&s, threads, count, k + r);
        if (r + 1 < rounds && sg_open(&s, &x, &y) == 0) {
            if (rnd(g, 2))
                sg_rect(&s, x, y, 1 + rnd(g, 4), 1, rnd(g, 3) ? 0 : 2);
            else
                sg_set(&s, x, y, rnd(g, 2) ? 0 : 5);
            sg_digest(&s);
        }
    }
    sg_end(&s);
}

void fam_batch(gen *g)
{
    uint32_t k;
    for (k = 0; k < 160; k++)
        batch_script(g, k);
}
