/* SPDX-License-Identifier: MIT */
/*
 * replay_check.h - `lockstar replay --check` (docs/replay.md, "Checking
 * overlaps and arrivals"): after every tick, the library's overlap count
 * (ls_crowd_check_overlaps), and for each ordered agent the tick it
 * arrived against its straight-line time. The rules (what overlaps, when
 * an agent is ARRIVED) are the library's; this file only counts, and
 * measures the straight line with ls_world_distance.
 */
#ifndef CLI_REPLAY_CHECK_H
#define CLI_REPLAY_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include "lockstar.h"
#include "replay_sim.h"

/* One agent, in the crowd's id order (a replay never removes agents, so
 * the index of ls_crowd_get_at stays the agent's). */
typedef struct cli_check_agent {
    int64_t id;
    int32_t ordered;        /* 1 once a move or group order named it */
    int32_t arrived;        /* 1 when ARRIVED at the end of a tick after
                               its last order */
    uint32_t order_tick;    /* the tick of its last order */
    uint32_t straight;      /* straight-line time in ticks, at least 1 */
    uint32_t arrival_tick;  /* the first tick after which it was ARRIVED
                               (since its last order) */
} cli_check_agent;

typedef struct cli_check {
    cli_check_agent *agents;
    uint32_t count;
    uint32_t ticks;          /* ticks checked */
    uint64_t pairs, walls;   /* ls_crowd_overlaps' counts, summed over the
                                ticks */
    uint32_t overlap_ticks;  /* ticks with any overlap */
    int32_t has_first;
    uint32_t first_tick;     /* the first tick with any overlap */
    ls_crowd_overlaps first; /* what that tick's check gave */
} cli_check;

/* Set up for sim's agents (after cli_sim_start). 0, or -1 with err set. */
int cli_check_start(cli_check *check, const cli_sim *sim, mai_error *err);

/* Before cli_sim_tick: the orders of the tick about to run, each agent's
 * position when ordered (the start of the tick) and its goal. 0, or -1
 * with err set (a world length the library refuses: a bug). */
int cli_check_before_tick(cli_check *check, const cli_sim *sim,
                          mai_error *err);

/* After cli_sim_tick: the overlaps now and the agents that arrived. 0,
 * or -1 with err set when the library refused the check. */
int cli_check_after_tick(cli_check *check, cli_sim *sim, mai_error *err);

/* The two summary lines (docs/replay.md) to out; returns 1 when any tick
 * had an overlap, else 0. */
int cli_check_print(const cli_check *check, FILE *out);

/* Free what check holds; safe on a zeroed check. */
void cli_check_end(cli_check *check);

#endif
