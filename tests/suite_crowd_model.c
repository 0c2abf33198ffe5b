/* SPDX-License-Identifier: MIT */
/*
 * suite_crowd_model.c - ls_crowd against the oracle's crowd model
 * (tests/oracle/crowd.c, written from lockstar_crowd.h): random scenarios
 * (maps of 8x8 to 24x24 with obstacles and terrain, both connectivities,
 * every corner rule, cell sizes, 3 to 14 agents with ids anywhere in
 * int64, orders, group orders on 0 to 4 field slots, stops, speed changes,
 * edits, agents added and removed, budgets 0, 1, 7 and 1000, 1 or 2
 * threads) run through the library and the model, every tick digest and
 * the run digest compared. The model's fields are mirrored on ls_flow
 * objects for their expansion counts only (the model steers by its own
 * flow model). A difference prints the case, the tick and every agent as
 * each side has it. Then the crowd vectors (vectors/crowd/s*.replay, read
 * by the CLI's reader) run through the model alone, as cli/replay_sim.c
 * drives the crowd: every tick digest and the final digest of each .out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suites.h"
#include "test_util.h"
#include "../cli/replay.h"

enum { CM_CASES = 400, CM_MAX_FIELDS = 4 };

/* Agent-ticks by state and on fields, over all scenarios (coverage). */
static uint32_t cm_states[6], cm_on_field;

typedef struct cm_flows {
    ls_flow *slot[OR_CROWD_SLOTS];
} cm_flows;

static ls_status cm_begin(void *ctx, uint32_t slot, const ls_grid *grid,
                          const ls_query *q, ls_point goal)
{
    return ls_flow_begin(((cm_flows *)ctx)->slot[slot], grid, q, &goal, 1);
}

static ls_status cm_refresh(void *ctx, uint32_t slot, const ls_grid *grid)
{
    return ls_flow_refresh(((cm_flows *)ctx)->slot[slot], grid);
}

static ls_status cm_step(void *ctx, uint32_t slot, uint32_t budget,
                         uint32_t *did)
{
    return ls_flow_step(((cm_flows *)ctx)->slot[slot], budget, did);
}

static void cm_dump(const ls_crowd *crowd, const or_crowd *m, uint32_t k,
                    uint32_t tick)
{
    uint32_t i, n = 0;
    ls_crowd_count(crowd, &n);
    fprintf(stderr, "crowd_model: case %u, tick %u: %u agents (model %u)\n",
            k, tick, n, m->count);
    for (i = 0; i < n || i < m->count; i++) {
        ls_crowd_agent a;
        memset(&a, 0, sizeof a);
        if (i < n)
            ls_crowd_get_at(crowd, i, &a);
        fprintf(stderr, "  lib %lld %s %d,%d wp %u field %d heading %d,%d",
                (long long)a.id, ls_crowd_state_name(a.state), (int)a.x,
                (int)a.y, a.waypoint, (int)a.on_field, (int)a.heading.x,
                (int)a.heading.y);
        if (i < m->count) {
            const or_crowd_agent *b = &m->agents[i];
            fprintf(stderr, " | model %lld %s %d,%d wp %u field %d "
                    "heading %d,%d",
                    (long long)b->id, ls_crowd_state_name(b->state),
                    (int)b->f.x, (int)b->f.y, b->waypoint, (int)b->field,
                    (int)b->heading.x, (int)b->heading.y);
        }
        fprintf(stderr, "\n");
    }
}

static int cm_trace = -1; /* CM_TRACE=K: every call and tick of case K */

static int64_t cm_id(ls_rng *rng)
{
    uint64_t hi = ls_rng_next(rng);
    return ls_rng_below(rng, 2) ? (int64_t)(hi >> 1) - (int64_t)(hi >> 2)
                                : (int64_t)ls_rng_below(rng, 1000);
}

/* One scenario; the ticks it compared, or 0 at the first difference. */
static uint32_t cm_case(uint32_t k, ls_rng *rng)
{
    static const uint32_t budgets[4] = { 0, 1, 7, 1000 };
    static const int32_t sizes[3] = { 65536, 98304, 49152 };
    static const int32_t speeds[5] = { 19661, 32768, 65536, 111411, 150000 };
    static const uint8_t terrains[4] = { 1, 3, 9, 1 };
    int32_t w = 8 + (int32_t)ls_rng_below(rng, 17);
    int32_t h = 8 + (int32_t)ls_rng_below(rng, 17);
    /* One draw per statement: argument order differs between compilers,
     * and the scenarios must be the same on every target. */
    uint32_t blocked = 5 + ls_rng_below(rng, 20);
    uint32_t terrain = ls_rng_below(rng, 30);
    uint8_t top = terrains[ls_rng_below(rng, 4)];
    ls_grid *g = tu_random_grid(rng, w, h, blocked, terrain, top);
    ls_crowd_config cfg;
    ls_crowd *crowd = NULL;
    or_crowd *m = malloc(sizeof *m);
    cm_flows flows;
    or_crowd_fields fields = { cm_begin, cm_refresh, cm_step, NULL };
    uint32_t ticks = 150 + ls_rng_below(rng, 150), t, i, agents, s, done = 0;
    int64_t ids[OR_CROWD_AGENTS];
    uint32_t nid = 0;

    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    memset(&flows, 0, sizeof flows);
    fields.ctx = &flows;
    ls_crowd_config_init(&cfg);
    cfg.width = w;
    cfg.height = h;
    cfg.capacity = OR_CROWD_AGENTS;
    cfg.budget = budgets[k % 4];
    cfg.threads = 1 + (k % 3 == 1);
    cfg.flags = LS_CROWD_GROW_PATHS;
    cfg.max_fields = ls_rng_below(rng, CM_MAX_FIELDS + 1);
    cfg.world.cell_size = sizes[ls_rng_below(rng, 3)];
    cfg.options.connectivity = ls_rng_below(rng, 3) == 0 ? LS_CONNECT_4
                                                         : LS_CONNECT_8;
    cfg.options.corner_rule = (int32_t)ls_rng_below(rng, 3);
    if (ls_rng_below(rng, 2)) {
        cfg.options.straight_cost = 1 + ls_rng_below(rng, 5);
        cfg.options.diagonal_cost = cfg.options.straight_cost +
                                    ls_rng_below(rng, cfg.options.straight_cost + 1);
    }
    CU_ASSERT_EQUAL_FATAL(ls_crowd_create(&cfg, NULL, &crowd), LS_OK);
    for (s = 0; s < cfg.max_fields; s++)
        CU_ASSERT_EQUAL_FATAL(ls_flow_create(w, h, 1, NULL, &flows.slot[s]),
                              LS_OK);
    CU_ASSERT_EQUAL_FATAL(or_crowd_init(m, &cfg, &fields), 0);

    agents = 3 + ls_rng_below(rng, 12);
    for (i = 0; i < agents; i++) {
        int64_t id = cm_id(rng);
        int32_t x, y;
        int32_t speed = speeds[ls_rng_below(rng, 5)];
        tu_random_open_cell(rng, g, &x, &y);
        if (ls_crowd_add(crowd, id, x, y, speed) != LS_OK)
            continue;
        CU_ASSERT_EQUAL(or_crowd_add(m, id, x, y, speed), 0);
        ids[nid++] = id;
    }
    for (t = 0; t < ticks; t++) {
        uint64_t want = 0, got = 0;
        uint32_t r = ls_rng_below(rng, 100);
        int32_t x, y;
        if (nid > 0 && r < 25) { /* a move order */
            int64_t id = ids[ls_rng_below(rng, nid)];
            tu_random_open_cell(rng, g, &x, &y);
            if (ls_rng_below(rng, 10) == 0) {
                x = (int32_t)ls_rng_below(rng, (uint32_t)w);
                y = (int32_t)ls_rng_below(rng, (uint32_t)h);
            }
            CU_ASSERT_EQUAL(ls_crowd_order(crowd, id, x, y), LS_OK);
            if (cm_trace == (int)k)
                fprintf(stderr, "t%u order %lld %d,%d\n", t, (long long)id, x, y);
            or_crowd_order(m, id, x, y);
        } else if (nid > 0 && r < 37) { /* a group order */
            int64_t group[6];
            uint32_t n = 1 + ls_rng_below(rng, 5), j;
            for (j = 0; j < n; j++)
                group[j] = ids[ls_rng_below(rng, nid)];
            tu_random_open_cell(rng, g, &x, &y);
            if (ls_rng_below(rng, 12) == 0) {
                x = (int32_t)ls_rng_below(rng, (uint32_t)w);
                y = (int32_t)ls_rng_below(rng, (uint32_t)h);
            }
            CU_ASSERT_EQUAL(ls_crowd_order_group(crowd, group, n, x, y), LS_OK);
            if (cm_trace == (int)k) {
                fprintf(stderr, "t%u group %d,%d:", t, x, y);
                for (j = 0; j < n; j++)
                    fprintf(stderr, " %lld", (long long)group[j]);
                fprintf(stderr, "\n");
            }
            or_crowd_group(m, group, n, x, y);
        } else if (nid > 0 && r < 40) {
            int64_t id = ids[ls_rng_below(rng, nid)];
            CU_ASSERT_EQUAL(ls_crowd_stop(crowd, id), LS_OK);
            if (cm_trace == (int)k)
                fprintf(stderr, "t%u stop %lld\n", t, (long long)id);
            or_crowd_stop(m, id);
        } else if (nid > 0 && r < 42) {
            int64_t id = ids[ls_rng_below(rng, nid)];
            int32_t speed = speeds[ls_rng_below(rng, 5)];
            CU_ASSERT_EQUAL(ls_crowd_set_speed(crowd, id, speed), LS_OK);
            or_crowd_speed(m, id, speed);
        } else if (r < 50) { /* an edit */
            static const uint8_t costs[5] = { 0, 0, 1, 2, 5 };
            x = (int32_t)ls_rng_below(rng, (uint32_t)w);
            y = (int32_t)ls_rng_below(rng, (uint32_t)h);
            if (ls_rng_below(rng, 3) == 0 && x + 2 <= w && y + 2 <= h) {
                uint8_t c = costs[ls_rng_below(rng, 5)];
                ls_grid_set_rect(g, x, y, 2, 2, c);
                if (cm_trace == (int)k)
                    fprintf(stderr, "t%u rect %d,%d 2x2 %u\n", t, x, y, c);
            } else {
                uint8_t c = costs[ls_rng_below(rng, 5)];
                ls_grid_set(g, x, y, c);
                if (cm_trace == (int)k)
                    fprintf(stderr, "t%u set %d,%d %u\n", t, x, y, c);
            }
        } else if (r < 51 && nid < OR_CROWD_AGENTS) {
            int64_t id = cm_id(rng);
            tu_random_open_cell(rng, g, &x, &y);
            if (ls_crowd_add(crowd, id, x, y, 65536) == LS_OK) {
                CU_ASSERT_EQUAL(or_crowd_add(m, id, x, y, 65536), 0);
                ids[nid++] = id;
            }
        } else if (r < 52 && nid > 1) {
            uint32_t j = ls_rng_below(rng, nid);
            CU_ASSERT_EQUAL(ls_crowd_remove(crowd, ids[j]), LS_OK);
            CU_ASSERT_EQUAL(or_crowd_remove(m, ids[j]), 0);
            ids[j] = ids[--nid];
        }
        CU_ASSERT_EQUAL(ls_crowd_tick(crowd, g), LS_OK);
        CU_ASSERT_EQUAL_FATAL(or_crowd_tick(m, g, &want), 0);
        ls_crowd_tick_digest(crowd, &got);
        if (cm_trace == (int)k)
            cm_dump(crowd, m, k, t);
        for (i = 0; i < m->count; i++) {
            cm_states[m->agents[i].state]++;
            cm_on_field += m->agents[i].field >= 0 &&
                           m->agents[i].state == LS_CROWD_MOVING;
        }
        if (got != want) {
            cm_dump(crowd, m, k, t);
            CU_FAIL("a tick digest differs from the model's");
            break;
        }
        done++;
    }
    if (t == ticks) {
        uint64_t run = 0;
        ls_crowd_run_digest(crowd, &run);
        CU_ASSERT_EQUAL(run, m->run_digest);
    }
    or_crowd_free(m);
    free(m);
    for (s = 0; s < CM_MAX_FIELDS; s++)
        ls_flow_destroy(flows.slot[s]);
    ls_crowd_destroy(crowd);
    ls_grid_destroy(g);
    return t == ticks ? done : 0;
}

static void test_model(void)
{
    ls_rng rng;
    /* Random scenarios: fewer under an emulator (tu_trials). */
    const uint32_t cases = tu_trials(CM_CASES);
    uint32_t k, ticks = 0, passed = 0;
    ls_rng_seed(&rng, 0x63726f77u);
    if (getenv("CM_TRACE"))
        cm_trace = atoi(getenv("CM_TRACE"));
    for (k = 0; k < cases; k++) {
        uint32_t n = cm_case(k, &rng);
        ticks += n;
        passed += n > 0;
    }
    printf("\ncrowd_model: %u of %u scenarios equal to the model, %u ticks "
           "compared; agent-ticks idle %u, waiting %u, moving %u (%u on "
           "fields), arrived %u, unreachable %u\n", passed, cases, ticks,
           cm_states[0], cm_states[1], cm_states[2], cm_on_field,
           cm_states[3], cm_states[4]);
}

/* ---- the crowd vectors through the model -------------------------------- */

static const char *cv_dir(char *buf, size_t size)
{
    const char *env = getenv("LOCKSTAR_VECTORS_DIR");
    const char *top = getenv("top_srcdir");
    if (env && *env)
        snprintf(buf, size, "%s/crowd", env);
    else if (top && *top)
        snprintf(buf, size, "%s/vectors/crowd", top);
    else
        snprintf(buf, size, "vectors/crowd");
    return buf;
}

/* Script n run through the model; its .out compared. -1 when the script
 * is not there, -2 for a JPS script (the oracle has no model of JPS's
 * expansions, which count jump points), else the number of lines that
 * differ. */
static int cv_script(const char *dir, uint32_t n, uint32_t *ticks)
{
    char path[1024], line[128];
    cli_replay_script s;
    mai_error err;
    ls_grid *g = NULL;
    or_crowd *m;
    cm_flows flows;
    or_crowd_fields fields = { cm_begin, cm_refresh, cm_step, NULL };
    ls_crowd_config cfg;
    FILE *out;
    uint32_t k, j, t, next = 0, bad = 0;

    snprintf(path, sizeof path, "%.900s/s%03u.replay", dir, n);
    if (cli_replay_load(path, &s, &err) != 0)
        return -1;
    if (s.options.query.algorithm == LS_ALGO_JPS) {
        cli_replay_free(&s);
        return -2;
    }
    snprintf(path, sizeof path, "%.900s/s%03u.out", dir, n);
    out = fopen(path, "rb");
    m = malloc(sizeof *m);
    if (!out || !m ||
        mai_grid_load(s.map_file, (uint8_t)s.swamp_cost, LS_GRID_FULL, &g,
                      NULL, &err) != 0) {
        if (out)
            fclose(out);
        free(m);
        cli_replay_free(&s);
        return 1;
    }
    memset(&flows, 0, sizeof flows);
    fields.ctx = &flows;
    ls_crowd_config_init(&cfg);
    ls_grid_size(g, &cfg.width, &cfg.height);
    cfg.world.cell_size = s.cell_size;
    cfg.options = s.options.query;
    cfg.budget = s.budget;
    /* One field slot per distinct group goal (cli/replay_sim.c). */
    for (k = 0; k < s.event_count && cfg.max_fields < 64u; k++) {
        if (s.events[k].kind != CLI_REPLAY_GROUP)
            continue;
        for (j = 0; j < k; j++)
            if (s.events[j].kind == CLI_REPLAY_GROUP &&
                s.events[j].x == s.events[k].x && s.events[j].y == s.events[k].y)
                break;
        cfg.max_fields += j == k;
    }
    for (k = 0; k < cfg.max_fields; k++)
        ls_flow_create(cfg.width, cfg.height, 1, NULL, &flows.slot[k]);
    if (or_crowd_init(m, &cfg, &fields) != 0)
        bad++;
    for (k = 0; k < s.agent_count && !bad; k++)
        if (or_crowd_add(m, s.agents[k].id, s.agents[k].x, s.agents[k].y,
                         s.agents[k].speed) != 0)
            bad++;
    for (t = 0; t < s.ticks && !bad; t++) {
        uint64_t d = 0, want = 0;
        const cli_replay_event *e;
        for (k = next; k < s.event_count && s.events[k].tick == t; k++) {
            e = &s.events[k];
            if (e->kind == CLI_REPLAY_SET)
                ls_grid_set(g, e->x, e->y, e->cost);
            else if (e->kind == CLI_REPLAY_RECT)
                ls_grid_set_rect(g, e->x, e->y, e->w, e->h, e->cost);
        }
        for (; next < s.event_count && s.events[next].tick == t; next++) {
            e = &s.events[next];
            if (e->kind == CLI_REPLAY_MOVE)
                or_crowd_order(m, e->agent, e->x, e->y);
            else if (e->kind == CLI_REPLAY_GROUP)
                or_crowd_group(m, s.group_ids + e->first, e->count, e->x, e->y);
        }
        if (or_crowd_tick(m, g, &d) != 0 || !fgets(line, sizeof line, out) ||
            sscanf(line, "tick %*u %16llx", (unsigned long long *)&want) != 1 ||
            d != want) {
            if (bad++ == 0)
                fprintf(stderr, "crowd_model: vectors/crowd/s%03u.replay: tick "
                        "%u differs from the model's\n", n, t);
        }
        (*ticks)++;
    }
    if (!bad) {
        uint64_t want = 0;
        if (!fgets(line, sizeof line, out) ||
            sscanf(line, "final %16llx", (unsigned long long *)&want) != 1 ||
            want != m->run_digest)
            bad++;
    }
    fclose(out);
    or_crowd_free(m);
    free(m);
    for (k = 0; k < OR_CROWD_SLOTS; k++)
        ls_flow_destroy(flows.slot[k]);
    ls_grid_destroy(g);
    cli_replay_free(&s);
    return (int)bad;
}

/* Whether vectors/crowd/sNNN.replay exists. */
static int cv_exists(const char *dir, uint32_t n)
{
    char path[1024];
    FILE *f;
    snprintf(path, sizeof path, "%.900s/s%03u.replay", dir, n);
    f = fopen(path, "rb");
    if (f)
        fclose(f);
    return f != NULL;
}

static void test_vectors(void)
{
    char dir[1024];
    uint32_t n, scripts = 0, passed = 0, ticks = 0, jps = 0, left = 0;
    /* The model is test code, the same on every target, and replays every
     * vector natively. With randomised trials cut (tu_trials: under an
     * emulator or memcheck, where this test took 10 s of qemu-arm's time
     * and 70 s of memcheck's) it replays every fourth (at 25 %); each
     * target still replays every vector through the library
     * (tests/crowd-vectors.sh). */
    const uint32_t percent = tu_trials_percent(NULL);
    const uint32_t stride = percent >= 100 ? 1 : 100 / percent;
    cv_dir(dir, sizeof dir);
    for (n = 0; n < 10000; n++) {
        int bad;
        if (n % stride != 0) {
            if (!cv_exists(dir, n))
                break;
            left++;
            continue;
        }
        bad = cv_script(dir, n, &ticks);
        if (bad == -1)
            break;
        if (bad == -2) {
            jps++;
            continue;
        }
        scripts++;
        passed += bad == 0;
    }
    printf("\ncrowd_model: %u of %u crowd vectors (%s; %u JPS scripts "
           "left out, %u for tu_trials) replayed by the model equal their "
           ".out, %u ticks\n",
           passed, scripts, dir, jps, left, ticks);
    CU_ASSERT(scripts + jps + left >= 480);
    CU_ASSERT_EQUAL(passed, scripts);
}

int suite_crowd_model_register(void)
{
    CU_pSuite s = CU_add_suite("crowd_model", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "every tick digest equals the model's", test_model) ||
        !CU_add_test(s, "the crowd vectors replayed by the model",
                     test_vectors))
        return -1;
    return 0;
}
