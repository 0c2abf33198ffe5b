/* SPDX-License-Identifier: MIT */
/*
 * vecgen_queue.c - queue.vec: scripts of the path request queue (the
 * budget rule's completion ticks and every request's result): budgets
 * from 1 to 4096 and unlimited, edits while a request runs, a full queue,
 * duplicate and unknown ids, releases of unfinished requests, cancels in
 * every state, a full pool, requests whose begin fails, JPS requests
 * (LS_ERR_NOT_UNIFORM after an edit raised a cost), many requests at once.
 */
#include <string.h>
#include "vecgen.h"

/* The budgets of the budget section, each with its own map sizes. */
static const uint32_t tick_budgets[] = { 1, 7, 1000, 0, 2, 3, 5, 10, 16, 32,
                                         64, 100, 250, 4096 };

static int32_t size_for(gen *g, uint32_t budget)
{
    if (budget != 0 && budget <= 3)
        return 6 + (int32_t)rnd(g, 7);
    if (budget != 0 && budget <= 16)
        return 10 + (int32_t)rnd(g, 15);
    if (budget != 0 && budget <= 100)
        return 16 + (int32_t)rnd(g, 25);
    return 24 + (int32_t)rnd(g, 41);
}

/* The oldest finished request with a kept path (or any finished), or 0. */
static uint64_t finished_id(sgen *s, int kept)
{
    uint32_t i;
    for (i = 0; i < s->nreq; i++)
        if (s->req[i].rule.state == OR_DONE && (!kept || s->req[i].rule.kept))
            return s->req[i].id;
    return 0;
}

/* Submissions between ticks, releases of finished requests, the odd
 * start == goal and expansion limit: until nothing is pending. */
static void budget_script(gen *g, uint32_t budget, uint32_t k)
{
    int32_t n = size_for(g, budget);
    sgen s;
    uint32_t i, ticks, requests = 2 + rnd(g, 4);
    uint64_t id = 1 + rnd(g, 1000);

    sg_map(g, k, n, n, 40000 + k);
    sg_begin(g, &s, NULL, "1");
    sg_queue(&s, 4 + rnd(g, 8), (uint32_t)(n * n) * (1 + rnd(g, 3)));
    for (i = 0; i < requests && s.nreq < s.capacity; i++) {
        uint32_t what = rnd(g, 8);
        if (what == 0) {
            int32_t x, y;
            sg_open(&s, &x, &y);
            sg_submit(&s, id++, x, y, x, y);
        } else {
            sg_submit_drawn(&s, id++, what == 1 ? 1 + rnd(g, 30) : 0);
        }
    }
    for (ticks = 0; ticks < 60; ticks++) {
        uint32_t pending = sg_tick(&s, budget), what = rnd(g, 6);
        if (what == 0 && s.nreq < s.capacity)
            sg_submit_drawn(&s, id++, 0);
        else if (what == 1 && finished_id(&s, 0))
            sg_release(&s, finished_id(&s, 0));
        if (pending == 0 && (ticks > 3 || what > 2))
            break;
    }
    sg_end(&s);
}

/* A request running (budget b), then an edit of the kind k % 8: a cell of
 * its path blocked, a rectangle built, a no-op rectangle (no restart), a
 * no-op set (a restart: every set is an edit), a cost raised, an edit
 * that is an error (no restart), its goal blocked, its start blocked. */
static void edit_script(gen *g, uint32_t k)
{
    int32_t n = 24 + (int32_t)rnd(g, 25), x, y;
    sgen s;
    sg_request *r;
    uint32_t i, b = 5 + rnd(g, 30), kind = k % 8;

    sg_map(g, k % 3 == 2 ? 4 : k % 3, n, n, 41000 + k);
    sg_begin(g, &s, NULL, "1");
    sg_queue(&s, 8, (uint32_t)(n * n) * 2u);
    for (i = 0; i < 3; i++)
        sg_submit_drawn(&s, 10 + i, 0);
    sg_tick(&s, b);
    r = NULL;
    for (i = 0; i < s.nreq; i++)
        if (s.req[i].rule.state == OR_RUNNING)
            r = &s.req[i];
    if (r && r->result.path_length > 2) {
        const ls_point *p = &r->path[r->result.path_length / 2];
        switch (kind) {
        case 0: sg_set(&s, p->x, p->y, 0); break;
        case 1: sg_rect(&s, p->x > 1 ? p->x - 1 : 0, p->y > 1 ? p->y - 1 : 0,
                        2, 2, 0);
            break;
        case 2: sg_rect(&s, p->x, p->y, 1, 1, sg_cell(&s, p->x, p->y)); break;
        case 3: sg_set(&s, p->x, p->y, sg_cell(&s, p->x, p->y)); break;
        case 4: sg_rect(&s, p->x, p->y, 1, 1, 7); break;
        case 5: sg_rect(&s, n - 1, 0, 2, 1, 0); break;
        case 6: sg_set(&s, r->query.goal_x, r->query.goal_y, 0); break;
        default: sg_set(&s, r->query.start_x, r->query.start_y, 0); break;
        }
    } else {
        sg_set(&s, 0, 0, sg_cell(&s, 0, 0));
    }
    sg_tick(&s, b);
    if (rnd(g, 2) && sg_open(&s, &x, &y) == 0)
        sg_set(&s, x, y, 3);
    sg_drain(&s, b * 4, 40);
    for (i = 0; i < s.nreq && i < 2; i++)
        if (s.req[i].rule.kept)
            sg_check(&s, s.req[i].id);
    sg_end(&s);
}

/* Capacity 1..4: QUEUE_FULL, DUPLICATE_ID, UNKNOWN_ID, NOT_DONE, cancels
 * of a waiting, a running and a finished request, ids 0 and 2^64-1. */
static void ids_script(gen *g, uint32_t k)
{
    static const uint64_t ids[] = { 0, 1, 18446744073709551615ull,
                                    9223372036854775808ull, 42, 7 };
    int32_t n = 16 + (int32_t)rnd(g, 17);
    uint32_t cap = 1 + k % 4, i;
    sgen s;

    sg_map(g, k, n, n, 42000 + k);
    sg_begin(g, &s, NULL, "1");
    sg_queue(&s, cap, (uint32_t)(n * n) * 2u);
    for (i = 0; i < cap + 1; i++)
        sg_submit_drawn(&s, ids[(k + i) % 6], 0);
    sg_submit_drawn(&s, ids[k % 6], 0);            /* duplicate or full */
    sg_release(&s, ids[k % 6]);                    /* NOT_DONE: waiting */
    sg_cancel(&s, 123456789);                      /* UNKNOWN_ID */
    sg_release(&s, 123456789);
    sg_tick(&s, 1 + rnd(g, 10));
    sg_release(&s, ids[k % 6]);                    /* running or finished */
    if (cap > 1)
        sg_cancel(&s, ids[(k + cap - 1) % 6]);     /* waiting (or done) */
    sg_cancel(&s, ids[k % 6]);                     /* running or unknown */
    sg_submit_drawn(&s, ids[k % 6], 0);            /* the id again */
    sg_drain(&s, 0, 1);
    sg_cancel(&s, ids[k % 6]);                     /* finished */
    sg_release(&s, ids[k % 6]);                    /* UNKNOWN_ID */
    sg_submit_drawn(&s, ids[(k + 3) % 6], 0);
    sg_drain(&s, 50, 30);
    while (s.nreq > 0) {
        if (s.req[0].rule.state == OR_DONE)
            sg_release(&s, s.req[0].id);
        else
            sg_cancel(&s, s.req[0].id);
    }
    sg_tick(&s, 10);
    sg_end(&s);
}

/* A small pool: LS_ERR_POOL_FULL, room made by a release. */
static void pool_script(gen *g, uint32_t k)
{
    int32_t n = 12 + (int32_t)rnd(g, 21);
    uint32_t i, pools[4];
    sgen s;
    uint64_t kept;

    pools[0] = 0;
    pools[1] = 5 + rnd(g, 20);
    pools[2] = (uint32_t)n;
    pools[3] = (uint32_t)n * 2u;
    sg_map(g, k, n, n, 43000 + k);
    sg_begin(g, &s, NULL, "1");
    sg_queue(&s, 8, pools[k % 4]);
    for (i = 0; i < 5; i++)
        sg_submit_drawn(&s, 100 + i, 0);
    sg_tick(&s, k % 2 ? 0 : 200);
    kept = finished_id(&s, 1);
    if (kept)
        sg_release(&s, kept);
    for (i = 0; i < 3; i++)
        sg_submit_drawn(&s, 200 + i, 0);
    sg_drain(&s, k % 2 ? 0 : 200, 20);
    kept = finished_id(&s, 1);
    if (kept)
        sg_cancel(&s, kept);
    sg_submit_drawn(&s, 300, 0);
    sg_drain(&s, 0, 1);
    sg_end(&s);
}

/* Requests whose begin fails, between good ones: each finishes at once,
 * costing nothing, and the next is served in the same tick. */
static void begin_fail_script(gen *g, uint32_t k)
{
    int32_t n = 10 + (int32_t)rnd(g, 15), p[4], bx = 0, by = 0;
    uint32_t i;
    sgen s;
    ls_query q;
    char text[VF_WEIGHT_TEXT_MAX];

    sg_map(g, k % 2 ? 5 : 0, n, n, 44000 + k);
    sg_begin(g, &s, NULL, "1");
    sg_queue(&s, 12, (uint32_t)(n * n) * 3u);
    pick_blocked(g, &bx, &by);
    for (i = 0; i < 8; i++) {
        uint32_t what = (k + i) % 12;
        sg_draw(&s, &q, text);
        sg_pair(&s, p);
        switch (what) {
        case 0: p[0] = bx; p[1] = by; break;
        case 1: p[2] = bx; p[3] = by; break;
        case 2: p[0] = -1; break;
        case 3: p[3] = n; break;
        case 4: q.connectivity = 6; break;
        case 5: q.corner_rule = 3; break;
        case 6: q.heuristic = 9; break;
        case 7: q.straight_cost = 0; break;
        case 8: q.diagonal_cost = q.straight_cost * 2u + 1u; break;
        case 9: q.weight = 32768; strcpy(text, "0.5"); break;
        case 10: q.algorithm = 99; break;
        default: break;
        }
        if (i % 2 == 1) { /* every other one is good */
            sg_draw(&s, &q, text);
            sg_pair(&s, p);
        }
        sg_options(&s, &q, text);
        sg_submit(&s, 500 + i, p[0], p[1], p[2], p[3]);
    }
    sg_drain(&s, tick_budgets[k % 4], 80);
    sg_end(&s);
}

/* JPS requests; a cost raised while one runs (LS_ERR_NOT_UNIFORM when it
 * starts again), set back to 1 (they run), and 4-connected JPS. */
static void jps_script(gen *g, uint32_t k)
{
    int32_t n = 16 + (int32_t)rnd(g, 33), x, y;
    uint32_t i;
    sgen s;
    ls_query q;
    char text[VF_WEIGHT_TEXT_MAX];

    sg_map(g, k % 3 == 0 ? 4 : k % 3 == 1 ? 0 : 1, n, n, 45000 + k);
    sg_begin(g, &s, NULL, "1");
    sg_queue(&s, 8, (uint32_t)(n * n) * 2u);
    g->jps = 1;
    for (i = 0; i < 3; i++)
        sg_submit_drawn(&s, 1 + i, 0);
    g->jps = 0;
    sg_tick(&s, 1 + rnd(g, 4));
    sg_open(&s, &x, &y);
    if (k % 4 == 0)
        sg_set(&s, x, y, 2);
    else
        sg_rect(&s, x, y, 1, 1, k % 4 == 1 ? 255 : 9);
    sg_tick(&s, 3);
    g->jps = 1;
    sg_submit_drawn(&s, 4, 0);
    g->jps = 0;
    sg_tick(&s, 0);
    sg_set(&s, x, y, k % 2 ? 1 : 0);
    g->jps = 1;
    sg_submit_drawn(&s, 5, 0);
    sg_draw(&s, &q, text);
    q.connectivity = LS_CONNECT_4;
    g->jps = 0;
    sg_options(&s, &q, text);
    sg_submit(&s, 6, x, y, x, y);
    sg_drain(&s, 1 + rnd(g, 20), 60);
    sg_end(&s);
}

/* Many requests at once: capacity 64, 40 submitted, big budgets. */
static void many_script(gen *g, uint32_t k)
{
    int32_t n = 20 + (int32_t)rnd(g, 13);
    uint32_t i;
    sgen s;

    sg_map(g, k, n, n, 46000 + k);
    sg_begin(g, &s, NULL, "1");
    sg_queue(&s, 64, (uint32_t)(n * n) * 8u);
    for (i = 0; i < 40; i++)
        sg_submit_drawn(&s, 1000 + i * 7, i % 9 == 4 ? 5 : 0);
    sg_tick(&s, 1000);
    for (i = 0; i < 10; i++)
        sg_release(&s, 1000 + i * 7);
    sg_drain(&s, k % 2 ? 0 : 1000, 40);
    sg_end(&s);
}

void fam_queue(gen *g)
{
    uint32_t b, k;
    for (b = 0; b < VG_COUNT(tick_budgets); b++)
        for (k = 0; k < 15; k++)
            budget_script(g, tick_budgets[b], b * 15 + k);
    for (k = 0; k < 72; k++)
        edit_script(g, k);
    for (k = 0; k < 40; k++)
        ids_script(g, k);
    for (k = 0; k < 40; k++)
        pool_script(g, k);
    for (k = 0; k < 36; k++)
        begin_fail_script(g, k);
    for (k = 0; k < 48; k++)
        jps_script(g, k);
    for (k = 0; k < 20; k++)
        many_script(g, k);
}
