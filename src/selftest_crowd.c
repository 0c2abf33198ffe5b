/* SPDX-License-Identifier: MIT */
/*
 * selftest_crowd.c - the self-test's crowd replays: a selection of
 * vectors/crowd/ (docs/replay.md, versions 1 and 2) and of vectors/avoid/
 * (version 3: sizes and avoidance), run on the library's crowd
 * (lockstar_crowd.h) exactly as `lockstar replay` drives it
 * (cli/replay_sim.c), and compared with the golden digests of their .out
 * (or .trace) files. The words are src/selftest.h's (ls__st_crowd).
 *
 * The crowd: one worker (threads 1: the self-test runs where there may be
 * no threads, and the thread count never changes a result), capacity the
 * agent count, the script's cell size, options and budget, max_fields the
 * distinct group goals, and a route pool the replay never outgrows
 * (tools/selftestgen_crowd.c finds it), without LS_CROWD_GROW_PATHS: the
 * crowd is made inside the arena, sized before the first case for the
 * largest crowd of the tables (src/selftest.c), and nothing is allocated
 * in a tick. LS_CROWD_AVOIDANCE when the script says `avoidance on`.
 * Agents are added in file order, each given its radius and priority
 * (ls_crowd_set_body) right after it is added when either is not 0 (as
 * the CLI does: a point stays exactly as the crowd adds it); each tick
 * makes its edits in script order, then gives its orders in script order
 * (move: ls_crowd_order, group: ls_crowd_order_group, avoidance:
 * ls_crowd_set_avoidance), then ls_crowd_tick.
 *
 * Observed, in this order: the map digest of the fresh copy of the map
 * (ls__st_use_map); the setup's status (ls_crowd_create, then each
 * ls_crowd_add and ls_crowd_set_body: the first that is not LS_OK, else
 * LS_OK; the case ends
 * there if it is not LS_OK); then for every tick its status (the first
 * of its edits, orders and ls_crowd_tick that is not LS_OK, else LS_OK)
 * and its tick digest (ls_crowd_tick_digest); then the run digest
 * (ls_crowd_run_digest). Compared: the statuses (LS_OK), the tick digests
 * of the checks, the run digest. The step of a difference
 * (ls_selftest_report.first_failed_step) is the line of the .out file:
 * T + 1 for tick T, ticks + 1 for the final digest, 0 for the map or the
 * setup. Words that do not make the script are a difference.
 */
#include <string.h>
#include "selftest.h"

#define GROUP_MAX 64u

enum { EV_MOVE = 0, EV_SET = 1, EV_RECT = 2, EV_GROUP = 3, EV_AVOID = 4 };
/* An event's first word: kind | tick << EV_SHIFT. */
#define EV_SHIFT 3u
#define EV_KIND 7u
/* Words per agent: id (2), cell, speed, body. */
#define AGENT_WORDS 5u

typedef struct crowd_state {
    ls__st_run *run;
    const ls__st_crowd *c;
    const uint32_t *agents;  /* AGENT_WORDS each */
    const uint32_t *ev;      /* the events */
    uint32_t ev_count, at;   /* their words, the next tick's first */
    ls_crowd *crowd;
} crowd_state;

static int32_t cell_x(uint32_t w)
{
    return (int32_t)(w & 0xffffu);
}

static int32_t cell_y(uint32_t w)
{
    return (int32_t)(w >> 16);
}

static int64_t agent_id(const crowd_state *s, uint32_t k)
{
    const uint32_t *a = s->agents + AGENT_WORDS * k;
    uint64_t u = (uint64_t)a[0] | (uint64_t)a[1] << 32;
    return u <= (uint64_t)INT64_MAX ? (int64_t)u
                                    : -(int64_t)(~u) - 1;
}

/* The words of the event at ev[at], or 0 when they do not fit. */
static uint32_t event_words(const crowd_state *s, uint32_t at)
{
    uint32_t left = s->ev_count - at, n;
    switch (s->ev[at] & EV_KIND) {
    case EV_MOVE: n = 3; break;
    case EV_SET: n = 3; break;
    case EV_RECT: n = 4; break;
    case EV_AVOID: n = 2; break;
    case EV_GROUP:
        if (left < 3 || s->ev[at + 2] > GROUP_MAX)
            return 0;
        n = 3 + s->ev[at + 2];
        break;
    default:
        return 0;
    }
    return n <= left ? n : 0;
}

/* One event's call (edits when edits is set, else orders). */
static ls_status event(crowd_state *s, uint32_t at, int edits)
{
    const uint32_t *e = s->ev + at;
    const uint32_t kind = e[0] & EV_KIND;
    int64_t ids[GROUP_MAX];
    uint32_t k;

    if ((kind == EV_SET || kind == EV_RECT) != (edits != 0))
        return LS_OK;
    switch (kind) {
    case EV_MOVE:
        if (e[1] >= s->c->agent_count)
            return LS_ERR_UNKNOWN_ID;
        return ls_crowd_order(s->crowd, agent_id(s, e[1]), cell_x(e[2]),
                              cell_y(e[2]));
    case EV_SET:
        return ls_grid_set(s->run->grid, cell_x(e[1]), cell_y(e[1]),
                           (uint8_t)e[2]);
    case EV_RECT:
        return ls_grid_set_rect(s->run->grid, cell_x(e[1]), cell_y(e[1]),
                                cell_x(e[2]), cell_y(e[2]), (uint8_t)e[3]);
    case EV_AVOID:
        return ls_crowd_set_avoidance(s->crowd, (int32_t)e[1]);
    default:
        for (k = 0; k < e[2]; k++) {
            if (e[3 + k] >= s->c->agent_count)
                return LS_ERR_UNKNOWN_ID;
            ids[k] = agent_id(s, e[3 + k]);
        }
        return ls_crowd_order_group(s->crowd, ids, e[2], cell_x(e[1]),
                                    cell_y(e[1]));
    }
}

/* Tick t: its edits, its orders, ls_crowd_tick; the first status that is
 * not LS_OK, else LS_OK (a malformed event: LS_ERR_BAD_SIZE). */
static ls_status tick(crowd_state *s, uint32_t t)
{
    ls_status st = LS_OK, got;
    uint32_t end = s->at, n;
    int pass;

    while (end < s->ev_count && (s->ev[end] >> EV_SHIFT) == t) {
        n = event_words(s, end);
        if (n == 0) {
            s->ev_count = end; /* nothing after it is read */
            st = LS_ERR_BAD_SIZE;
            break;
        }
        end += n;
    }
    for (pass = 1; pass >= 0; pass--) {
        uint32_t at;
        for (at = s->at; at < end; at += event_words(s, at)) {
            got = event(s, at, pass);
            if (st == LS_OK)
                st = got;
        }
    }
    s->at = end;
    got = ls_crowd_tick(s->crowd, s->run->grid);
    return st == LS_OK ? got : st;
}

static ls_status setup(crowd_state *s)
{
    const ls__st_crowd *c = s->c;
    ls_crowd_config k;
    ls_status st;
    uint32_t i;

    ls_crowd_config_init(&k);
    k.width = s->run->data->maps[c->map].width;
    k.height = s->run->data->maps[c->map].height;
    k.capacity = c->agent_count ? c->agent_count : 1u;
    k.path_points = c->path_points;
    k.world.cell_size = c->cell_size;
    k.options.connectivity = c->connectivity;
    k.options.corner_rule = c->corner_rule;
    k.options.heuristic = c->heuristic;
    k.options.tie_break = c->tie_break;
    k.options.algorithm = c->algorithm;
    k.options.straight_cost = c->straight_cost;
    k.options.diagonal_cost = c->diagonal_cost;
    k.options.weight = c->weight;
    k.options.max_expansions = c->max_expansions;
    k.options.clearance = c->clearance;
    k.budget = c->budget;
    k.flags = c->avoidance ? LS_CROWD_AVOIDANCE : 0u;
    k.threads = 1;
    k.max_fields = c->max_fields;
    st = ls_crowd_create(&k, &s->run->arena, &s->crowd);
    for (i = 0; st == LS_OK && i < c->agent_count; i++) {
        const uint32_t *a = s->agents + AGENT_WORDS * i;
        st = ls_crowd_add(s->crowd, agent_id(s, i), cell_x(a[2]),
                          cell_y(a[2]), (fix16_t)a[3]);
        if (st == LS_OK && a[4] != 0)
            st = ls_crowd_set_body(s->crowd, agent_id(s, i),
                                   (fix16_t)(a[4] & 0x00ffffffu),
                                   (int32_t)(a[4] >> 24));
    }
    return st;
}

/* Fold st; a difference unless LS_OK. */
static void expect_ok(ls__st_run *run, ls_status st)
{
    ls__st_expect32(run, (uint32_t)st, (uint32_t)LS_OK);
}

void ls__st_run_crowd(ls__st_run *run, uint32_t i)
{
    const ls__st_crowd *c = &run->data->crowds[i];
    const uint32_t total = run->data->crowd_word_count;
    const uint32_t *checks;
    crowd_state s;
    size_t mark;
    uint64_t d;
    uint32_t t, next = 0, need;
    ls_status st;

    memset(&s, 0, sizeof s);
    s.run = run;
    s.c = c;
    run->step = 0;
    need = c->agent_count * AGENT_WORDS;
    if (c->agent_count > total / AGENT_WORDS || c->first_word > total ||
        need > total - c->first_word ||
        c->event_words > total - c->first_word - need ||
        c->check_count > (total - c->first_word - need - c->event_words) / 3u) {
        ls__st_expect32(run, c->first_word, total);
        return;
    }
    s.agents = run->data->crowd_words + c->first_word;
    s.ev = s.agents + need;
    s.ev_count = c->event_words;
    checks = s.ev + c->event_words;
    if (ls__st_use_map(run, c->map, 1) != 0)
        return;
    mark = run->arena_used;
    st = setup(&s);
    expect_ok(run, st);
    if (st == LS_OK) {
        for (t = 0; t < c->ticks; t++) {
            run->step = t + 1u;
            expect_ok(run, tick(&s, t));
            d = 0;
            ls_crowd_tick_digest(s.crowd, &d);
            ls__st_fold64(run, d);
            if (next < c->check_count && checks[3u * next] == t) {
                if (d != ((uint64_t)checks[3u * next + 1] |
                          (uint64_t)checks[3u * next + 2] << 32))
                    ls__st_differ(run);
                next++;
            }
        }
        run->step = c->ticks + 1u;
        d = 0;
        ls_crowd_run_digest(s.crowd, &d);
        ls__st_expect64(run, d, c->run_digest);
        /* every event and check was reached */
        if (next != c->check_count || s.at != s.ev_count)
            ls__st_differ(run);
    }
    ls_crowd_destroy(s.crowd);
    run->arena_used = mark;
    /* The grid was edited: the next case loads its map again. */
    run->grid_map = UINT32_MAX;
}
