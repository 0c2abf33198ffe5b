/* SPDX-License-Identifier: MIT */
/*
 * suite_crowd.h - what the crowd suites share (tests/suite_crowd_tick.c
 * defines it): a crowd with its grid, ticked through ct_tick, which after
 * every tick checks the tick, run and agent digests against their
 * definition in lockstar_crowd.h, computed apart from the library with
 * the oracle's FNV-1a and map digest (tests/oracle/oracle.h).
 */
#ifndef LS_TESTS_SUITE_CROWD_H
#define LS_TESTS_SUITE_CROWD_H

#include <stdint.h>
#include "lockstar.h"

#define ONE 65536 /* 1.0 in fix16 */

typedef struct ct_fixture {
    ls_crowd *crowd;
    ls_grid *grid;     /* owned: destroyed by ct_close */
    uint64_t run;      /* the model's run digest */
    uint32_t ticks;
    int digests_ok;    /* every tick so far matched the model */
    int avoiding;      /* avoidance on in the last tick, and next */
    int avoid_next;
} ct_fixture;

/* ls_crowd_config_init, then the size and capacity. */
void ct_config(ls_crowd_config *k, int32_t w, int32_t h, uint32_t cap);
/* An open w x h grid. */
ls_grid *ct_open_grid(int32_t w, int32_t h);
/* A crowd made to k (malloc) on grid g. */
void ct_open(ct_fixture *f, ls_grid *g, const ls_crowd_config *k);
/* Assert every tick matched the model; free the crowd and the grid. */
void ct_close(ct_fixture *f);
/* Avoidance on or off from the next tick (ls_crowd_set_avoidance), so
 * the model knows the digest's fields. */
void ct_set_avoidance(ct_fixture *f, int on);
/* One tick (asserted LS_OK), then the digests against the model. */
void ct_tick(ct_fixture *f);
/* The agent (asserted held). */
ls_crowd_agent ct_agent(const ct_fixture *f, int64_t id);
/* Tick until the agent is ARRIVED, at most limit ticks: the tick number
 * (counted from the crowd's first), or 0. */
uint32_t ct_tick_until_arrived(ct_fixture *f, int64_t id, uint32_t limit);

#endif
