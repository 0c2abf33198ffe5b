/* SPDX-License-Identifier: MIT */
/*
 * suite_replay.c - the replay's reader and simulation (cli/replay*.c)
 * from inside: what a script line becomes, the tick digest against its
 * definition in docs/replay.md computed here apart from the simulation's
 * code, the queue and its batch model step for step, and a unit's walk
 * (exactly SPEED a tick until it stops on the goal centre).
 */
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "../cli/replay.h"
#include "../cli/replay_sim.h"
#include "suites.h"
#include "test_util.h"


static const char script_text[] =
    "lockstar-replay 1\n"
    "# comment\n"
    "map any.map\n"
    "cell 0.75\n"
    "options --connect 8 --weight 1.5\n"
    "budget 9\n"
    "agent 20 1,1 0.3\n"
    "agent -5 10,5 1.25   # trailing comment\n"
    "at 0 move 20 10,1\n"
    "at 0 move -5 1,5\n"
    "at 12 rect 6,4 1,1 0\n"
    "at 40 set 6,4 1\n"
    "at 45 move 20 10,1\n"
    "ticks 120\n";

static void test_reader_keeps_every_value(void)
{
    cli_replay_script s;
    mai_error err;
    CU_ASSERT_EQUAL_FATAL(cli_replay_parse("dir/a.replay", script_text,
                                           strlen(script_text), &s, &err), 0);
    CU_ASSERT_STRING_EQUAL(s.map_file, "dir/any.map");
    CU_ASSERT_EQUAL(s.cell_size, 49152);            /* 0.75 */
    CU_ASSERT_EQUAL(s.options.query.weight, 0x18000); /* 1.5 */
    CU_ASSERT_EQUAL(s.budget, 9);
    CU_ASSERT_EQUAL(s.ticks, 120);
    CU_ASSERT_EQUAL_FATAL(s.agent_count, 2);
    CU_ASSERT(s.agents[1].id == -5);
    CU_ASSERT_EQUAL(s.agents[1].speed, 81920);      /* 1.25 */
    CU_ASSERT_EQUAL(s.agents[0].speed, 19661);      /* 0.3, rounded */
    CU_ASSERT_EQUAL_FATAL(s.event_count, 5);
    CU_ASSERT_EQUAL(s.events[2].kind, CLI_REPLAY_RECT);
    CU_ASSERT_EQUAL(s.events[2].tick, 12);
    CU_ASSERT_EQUAL(s.events[2].line, 11);
    CU_ASSERT_EQUAL(s.events[3].kind, CLI_REPLAY_SET);
    cli_replay_free(&s);
    CU_ASSERT_EQUAL(cli_replay_parse("x", "lockstar-replay 1\nticks 1\n", 25,
                                     &s, &err), -1);
    CU_ASSERT_STRING_EQUAL(err.message, "x: no 'map FILE' line");
    CU_ASSERT_PTR_NULL(s.agents);
}

/* Version 3: radius and priority in either order, the defaults, and the
 * avoidance lines (docs/replay.md, "The script, version 3"). */
static void test_reader_version_3(void)
{
    static const char text[] =
        "lockstar-replay 3\n"
        "map any.map\n"
        "agent 1 1,1 1 radius 0.5 priority 7\n"
        "agent 2 2,1 1 priority 99 radius 64\n"
        "agent 3 3,1 0.25\n"
        "avoidance on\n"
        "at 4 avoidance off\n"
        "at 4 move 3 5,5\n"
        "at 9 avoidance on\n"
        "ticks 10\n";
    cli_replay_script s;
    mai_error err;
    CU_ASSERT_EQUAL_FATAL(cli_replay_parse("v3", text, strlen(text), &s,
                                           &err), 0);
    CU_ASSERT_EQUAL(s.version, 3);
    CU_ASSERT_EQUAL(s.avoidance, 1);
    CU_ASSERT_EQUAL_FATAL(s.agent_count, 3);
    CU_ASSERT_EQUAL(s.agents[0].radius, 0x8000);
    CU_ASSERT_EQUAL(s.agents[0].priority, 7);
    CU_ASSERT_EQUAL(s.agents[1].radius, LS_CROWD_MAX_RADIUS);
    CU_ASSERT_EQUAL(s.agents[1].priority, 99);
    CU_ASSERT_EQUAL(s.agents[2].radius, 0);
    CU_ASSERT_EQUAL(s.agents[2].priority, 0);
    CU_ASSERT_EQUAL_FATAL(s.event_count, 3);
    CU_ASSERT_EQUAL(s.events[0].kind, CLI_REPLAY_AVOID);
    CU_ASSERT_EQUAL(s.events[0].cost, 0);
    CU_ASSERT_EQUAL(s.events[0].tick, 4);
    CU_ASSERT_EQUAL(s.events[1].kind, CLI_REPLAY_MOVE);
    CU_ASSERT_EQUAL(s.events[2].cost, 1);
    CU_ASSERT_EQUAL(s.events[2].line, 9);
    CU_ASSERT_EQUAL(cli_replay_shows_bodies(&s), 1);
    cli_replay_free(&s);
    /* A version 1 script never has the trace's r/v columns. */
    CU_ASSERT_EQUAL_FATAL(cli_replay_parse("v1", script_text,
                                           strlen(script_text), &s, &err), 0);
    CU_ASSERT_EQUAL(s.agents[0].radius, 0);
    CU_ASSERT_EQUAL(s.avoidance, 0);
    CU_ASSERT_EQUAL(cli_replay_shows_bodies(&s), 0);
    cli_replay_free(&s);
    CU_ASSERT_EQUAL(cli_replay_parse("x", "lockstar-replay 2\nmap m\n"
                                     "agent 1 1,1 1 radius 1\nticks 1\n",
                                     55, &s, &err), -1);
    CU_ASSERT_STRING_EQUAL(err.message, "x:3: 'radius' needs "
                           "'lockstar-replay 3' (this script says "
                           "'lockstar-replay 2')");
}

/* docs/replay.md, "The digests", written out again on the oracle's FNV-1a
 * and map digest (tests/oracle/digest.c). */
static uint64_t digest_by_definition(const cli_sim *sim)
{
    uint64_t h = OR_FNV_BASIS;
    uint32_t k, n = cli_sim_agent_count(sim);
    h = or_fnv64(h, or_grid_digest(sim->grid));
    h = or_fnv32(h, n);
    for (k = 0; k < n; k++) {
        const ls_crowd_agent a = cli_sim_agent(sim, k);
        int heading = a.state == LS_CROWD_MOVING ||
                      a.state == LS_CROWD_ARRIVED;
        h = or_fnv64(h, (uint64_t)a.id);
        h = or_fnv32(h, (uint32_t)a.x);
        h = or_fnv32(h, (uint32_t)a.y);
        h = or_fnv_byte(h, (uint8_t)a.state);
        h = or_fnv32(h, heading ? a.waypoint : 0u);
    }
    return h;
}

/* The state of the agent with index k (in id order). */
static int32_t state_of(const cli_sim *sim, uint32_t k)
{
    return cli_sim_agent(sim, k).state;
}

static ls_crowd_stats stats_of(const cli_sim *sim)
{
    ls_crowd_stats st;
    memset(&st, 0, sizeof st);
    ls_crowd_stats_get(sim->crowd, &st);
    return st;
}

static int start(cli_sim *sim, cli_replay_script *s, uint32_t threads)
{
    mai_error err;
    ls_grid *g = tu_replay_grid();
    if (!g || cli_replay_parse("t.replay", script_text, strlen(script_text),
                               s, &err) != 0)
        return -1;
    return cli_sim_start(sim, "t.replay", s, g, s->budget, threads, 0, &err);
}

static void test_digest_matches_its_definition_and_the_model(void)
{
    cli_replay_script s1, s2;
    cli_sim one, two;
    mai_error err;
    uint32_t t, moved = 0, waited = 0;
    CU_ASSERT_EQUAL_FATAL(start(&one, &s1, 1), 0);
    CU_ASSERT_EQUAL_FATAL(start(&two, &s2, 3), 0);
    /* Sorted by id. */
    CU_ASSERT(cli_sim_agent(&one, 0).id == -5 &&
              cli_sim_agent(&one, 1).id == 20);
    for (t = 0; t < s1.ticks; t++) {
        CU_ASSERT_EQUAL_FATAL(cli_sim_tick(&one, &err), 0);
        CU_ASSERT_EQUAL_FATAL(cli_sim_tick(&two, &err), 0);
        CU_ASSERT_EQUAL(cli_sim_digest(&one), digest_by_definition(&one));
        CU_ASSERT_EQUAL(cli_sim_digest(&one), cli_sim_digest(&two));
        if (state_of(&one, 1) == LS_CROWD_MOVING)
            moved++;
        if (state_of(&one, 1) == LS_CROWD_WAITING)
            waited++;
        /* The gap closed at tick 12 cut unit 20 off; reopened at 40, it
         * stays so until ordered again at 45. */
        if (t == 44) {
            CU_ASSERT_EQUAL(state_of(&one, 1), LS_CROWD_UNREACHABLE);
            CU_ASSERT(stats_of(&one).replans >= 1);
        }
    }
    /* A budget of 9 makes requests span ticks; the wall forces a detour. */
    CU_ASSERT(waited > 0);
    CU_ASSERT(moved > 10);
    CU_ASSERT_EQUAL(state_of(&one, 0), LS_CROWD_ARRIVED);
    CU_ASSERT_EQUAL(state_of(&one, 1), LS_CROWD_ARRIVED);
    /* Arrived exactly on the goal centres. */
    {
        fix16_t x, y;
        ls_world w = { 0, 0, 0 };
        w.cell_size = s1.cell_size;
        ls_world_cell_center(&w, 10, 1, &x, &y);
        CU_ASSERT_EQUAL(cli_sim_agent(&one, 1).x, x);
        CU_ASSERT_EQUAL(cli_sim_agent(&one, 1).y, y);
    }
    CU_ASSERT(stats_of(&one).requests >= 2);
    cli_sim_end(&one);
    cli_sim_end(&two);
    cli_replay_free(&s1);
    cli_replay_free(&s2);
}

/* On an open grid a unit walks exactly SPEED per tick: the distance from
 * its start grows by SPEED each tick along a straight row until it stops
 * on the goal centre. */
static void test_a_unit_walks_speed_per_tick(void)
{
    static const char text[] =
        "lockstar-replay 1\nmap m\ncell 2\nbudget 0\n"
        "agent 1 0,0 0.7\nat 0 move 1 9,0\nticks 40\n";
    cli_replay_script s;
    cli_sim sim;
    mai_error err;
    ls_grid *g = NULL;
    fix16_t x0, y0, gx, gy;
    ls_world w = { 0, 0, 0 };
    uint32_t t;
    CU_ASSERT_FATAL(ls_grid_create(10, 1, NULL, &g) == LS_OK);
    CU_ASSERT_EQUAL_FATAL(cli_replay_parse("w", text, strlen(text), &s,
                                           &err), 0);
    CU_ASSERT_EQUAL_FATAL(cli_sim_start(&sim, "w", &s, g, 0, 1, 0, &err), 0);
    w.cell_size = s.cell_size;
    ls_world_cell_center(&w, 0, 0, &x0, &y0);
    ls_world_cell_center(&w, 9, 0, &gx, &gy);
    for (t = 0; t < s.ticks; t++) {
        int64_t want = (int64_t)x0 + (int64_t)(t + 1) * 45875; /* 0.7 */
        CU_ASSERT_EQUAL_FATAL(cli_sim_tick(&sim, &err), 0);
        if (want >= gx) {
            CU_ASSERT_EQUAL(cli_sim_agent(&sim, 0).x, gx);
            CU_ASSERT_EQUAL(state_of(&sim, 0), LS_CROWD_ARRIVED);
        } else {
            CU_ASSERT_EQUAL(cli_sim_agent(&sim, 0).x, want);
            CU_ASSERT_EQUAL(state_of(&sim, 0), LS_CROWD_MOVING);
        }
        CU_ASSERT_EQUAL(cli_sim_agent(&sim, 0).y, y0);
    }
    cli_sim_end(&sim);
    cli_replay_free(&s);
}

int suite_replay_register(void)
{
    CU_pSuite s = CU_add_suite("replay", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "the reader keeps every value",
                     test_reader_keeps_every_value) ||
        !CU_add_test(s, "the reader's version 3", test_reader_version_3) ||
        !CU_add_test(s, "digest matches its definition and the model",
                     test_digest_matches_its_definition_and_the_model) ||
        !CU_add_test(s, "a unit walks speed per tick",
                     test_a_unit_walks_speed_per_tick))
        return -1;
    return 0;
}
