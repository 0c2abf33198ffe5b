/* SPDX-License-Identifier: MIT */
/*
 * vecgen_pathcheck.c - pathcheck.vec: ls_check_path of paths the queue
 * kept (check ID) and of listed points (check-path), before and after
 * edits: every reason LS_STEP_* 0 to 4, costs unchanged and changed,
 * planned cost -1, empty and one-point paths, LS_ERR_COST_OVERFLOW (costs
 * raised to 255 under step costs of 65535), bad options and step costs.
 */
#include <string.h>
#include "vecgen.h"

/* Up to 64 points of a kept path into p; the count. */
static uint32_t prefix(const sg_request *r, ls_point *p)
{
    uint32_t n = r->rule.kept < VF_CHECK_PATH_MAX ? r->rule.kept : VF_CHECK_PATH_MAX;
    memcpy(p, r->path, n * sizeof *p);
    return n;
}

/* The cost of p[0..n) on the script's cells now (legal walks only). */
static int32_t cost_now(sgen *s, const ls_point *p, uint32_t n)
{
    ls_path_check c;
    if (or_path_check(s->cells, s->w, s->h, &s->query, p, n, -1, &c) !=
            LS_OK ||
        c.reason != LS_STEP_LEGAL)
        return -1;
    return c.cost;
}

/* check-path lines made from a kept path: as it is, with its planned
 * cost, another cost, -1; and broken at point i by kind: outside, onto a
 * blocked cell, repeated, two cells on. */
static void listed_checks(sgen *s, const sg_request *r, uint32_t k)
{
    ls_point p[VF_CHECK_PATH_MAX];
    uint32_t n = prefix(r, p), i;
    int32_t c = cost_now(s, p, n), bx, by;

    sg_check_path(s, c, p, n);
    sg_check_path(s, c + 1 + (int32_t)rnd(s->g, 50), p, n);
    sg_check_path(s, -1, p, n);
    if (n < 2)
        return;
    i = 1 + rnd(s->g, n - 1);
    switch (k % 5) {
    case 0: p[i].x = k % 2 ? -1 : s->w; break;
    case 1:
        if (pick_blocked(s->g, &bx, &by) == 0 && sg_cell(s, bx, by) == 0) {
            p[i].x = bx;
            p[i].y = by;
        } else {
            p[i].y = -5;
        }
        break;
    case 2: p[i] = p[i - 1]; break;
    case 3: p[i].x = p[i - 1].x + 2; p[i].y = p[i - 1].y; break;
    default: p[0].y = s->h; break; /* point 0 itself */
    }
    sg_check_path(s, c, p, n);
}

/* A diagonal step whose side cells decide: both open, one blocked, both
 * blocked, under each corner rule and 4-connectivity. */
static void corner_checks(gen *g, uint32_t k)
{
    static const char *const rows[] = {
        ".....#..",
        ".#...#..",
        "..#.....",
        "........",
        "###.#...",
        "...#....",
        NULL
    };
    static const ls_point walks[][3] = {
        { { 0, 0 }, { 1, 1 }, { 2, 2 } },   /* (1,1) blocked */
        { { 2, 3 }, { 3, 4 }, { 4, 5 } },   /* one side blocked, then both */
        { { 3, 2 }, { 4, 1 }, { 4, 0 } },   /* legal under every rule */
        { { 6, 0 }, { 5, 1 }, { 4, 2 } },   /* (5,0)/(5,1) walls */
        { { 2, 5 }, { 3, 4 }, { 4, 3 } },   /* both sides blocked */
        { { 0, 3 }, { 1, 2 }, { 2, 1 } },   /* side (1,3)... */
    };
    static const int32_t rules[][2] = {
        { 8, LS_CORNERS_NONE }, { 8, LS_CORNERS_ONE }, { 8, LS_CORNERS_ALL },
        { 4, LS_CORNERS_NONE }
    };
    sgen s;
    uint32_t r, w;
    ls_query q;
    char text[VF_WEIGHT_TEXT_MAX];

    map_rows(g, rows);
    sg_begin(g, &s, NULL, "1");
    for (r = 0; r < 4; r++) {
        sg_draw(&s, &q, text);
        q.connectivity = rules[(r + k) % 4][0];
        q.corner_rule = rules[(r + k) % 4][1];
        sg_options(&s, &q, text);
        for (w = 0; w < VG_COUNT(walks); w++)
            sg_check_path(&s, 20, walks[w], 2 + (w + k) % 2);
    }
    sg_check_path(&s, 0, NULL, 0);                  /* empty: cost 0 */
    sg_check_path(&s, -1, walks[0], 1);             /* one point */
    sg_check_path(&s, 0, &walks[1][1], 1);          /* one blocked point */
    sg_end(&s);
}

/* Paths the queue kept, checked, then edits that break or reprice them. */
static void queue_checks(gen *g, uint32_t k)
{
    int32_t n = 10 + (int32_t)rnd(g, 30);
    uint32_t i, j;
    sgen s;

    sg_map(g, k, n, n, 70000 + k);
    sg_begin(g, &s, NULL, "1");
    sg_queue(&s, 8, (uint32_t)(n * n) * 4u);
    for (i = 0; i < 4; i++)
        sg_submit_drawn(&s, 1 + i, 0);
    sg_tick(&s, 0);
    for (i = 0; i < s.nreq; i++)
        if (s.req[i].rule.kept)
            sg_check(&s, s.req[i].id);
    for (i = 0; i < s.nreq; i++) {
        sg_request *r = &s.req[i];
        const ls_point *p;
        if (!r->rule.kept || r->rule.kept < 3)
            continue;
        p = &r->path[1 + rnd(g, r->rule.kept - 2)];
        switch ((k + i) % 4) {
        case 0: sg_set(&s, p->x, p->y, 0); break;          /* blocked */
        case 1: sg_set(&s, p->x, p->y, 2 + rnd(g, 8)); break; /* dearer */
        case 2: sg_rect(&s, p->x, p->y, 1, 1, sg_cell(&s, p->x, p->y));
            break;                                          /* unchanged */
        default: {
            /* A side cell of a diagonal step, if the path has one. */
            for (j = 1; j < r->rule.kept; j++) {
                const ls_point *a = &r->path[j - 1], *b = &r->path[j];
                if (a->x != b->x && a->y != b->y) {
                    sg_set(&s, b->x, a->y, 0);
                    break;
                }
            }
            if (j == r->rule.kept)
                sg_set(&s, p->x, p->y, 1);
            break;
        }
        }
        sg_check(&s, r->id);
        listed_checks(&s, r, k + i);
    }
    if (k % 3 == 0) {
        ls_query q = s.query;
        q.connectivity = s.query.connectivity == 8 ? 4 : 8;
        sg_options(&s, &q, s.weight_text);
        for (i = 0; i < s.nreq; i++)
            if (s.req[i].rule.kept)
                sg_check(&s, s.req[i].id);
    }
    sg_end(&s);
}

/* Bad options and step costs: the errors, in their order. */
static void option_checks(gen *g, uint32_t k)
{
    static const ls_point two[2] = { { 0, 0 }, { 1, 0 } };
    sgen s;
    ls_query q;
    uint32_t i;

    map_gen(g, MG_EMPTY, 4 + (int32_t)(k % 5), 3, 0, 0, 0, 0, 0);
    sg_begin(g, &s, NULL, "1");
    for (i = 0; i < 8; i++) {
        ls_query_init(&q);
        switch ((k + i) % 8) {
        case 0: q.connectivity = 6; break;
        case 1: q.corner_rule = 3; break;
        case 2: q.connectivity = 4; q.corner_rule = 7; break;
        case 3: q.straight_cost = 0; break;
        case 4: q.diagonal_cost = 9; break;
        case 5: q.straight_cost = 65536; q.diagonal_cost = 65536; break;
        case 6: q.connectivity = 0; q.straight_cost = 0; break;
        default: q.heuristic = 99; q.weight = 0; break; /* ignored */
        }
        sg_options(&s, &q, q.weight == 0 ? "0" : "1");
        sg_check_path(&s, 10, two, 2);
        sg_check_path(&s, 0, NULL, 0);
    }
    sg_end(&s);
}

/* LS_ERR_COST_OVERFLOW: a diagonal path across a 70x70 field planned at
 * cost 1 per cell under step costs 65535/131070, then cells raised to
 * 255: 65 diagonal steps overflow, fewer do not. */
static void overflow_checks(gen *g, uint32_t k)
{
    sgen s;
    ls_query q;
    int32_t side = 66 + (int32_t)(k % 5);
    ls_point p[VF_CHECK_PATH_MAX];
    uint32_t i;

    map_gen(g, MG_EMPTY, side, side, 0, 0, 0, 0, 0);
    ls_query_init(&q);
    q.straight_cost = 65535;
    q.diagonal_cost = k % 2 ? 131070 : 65535;
    sg_begin(g, &s, &q, "1");
    sg_queue(&s, 2, (uint32_t)side * 4u);
    sg_submit(&s, 1, 0, 0, side - 1, side - 1);
    sg_tick(&s, 0);
    sg_check(&s, 1);
    sg_rect(&s, 0, 0, side, side / 2, 255);
    sg_check(&s, 1);
    sg_rect(&s, 0, side / 2, side, side - side / 2, 255);
    sg_check(&s, 1);
    for (i = 0; i < VF_CHECK_PATH_MAX; i++) {
        p[i].x = (int32_t)i;
        p[i].y = (int32_t)i;
    }
    sg_check_path(&s, -1, p, VF_CHECK_PATH_MAX);
    sg_end(&s);
}

void fam_pathcheck(gen *g)
{
    uint32_t k;
    for (k = 0; k < 140; k++)
        queue_checks(g, k);
    for (k = 0; k < 24; k++)
        corner_checks(g, k);
    for (k = 0; k < 32; k++)
        option_checks(g, k);
    for (k = 0; k < 10; k++)
        overflow_checks(g, k);
}
