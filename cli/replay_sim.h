/* SPDX-License-Identifier: MIT */
/*
 * replay_sim.h - running a replay script on the library's crowd
 * (lockstar_crowd.h; the rules of a tick are in docs/replay.md): the
 * script's agents are added to a crowd, and each tick its edits are made
 * to the grid and its orders given before ls_crowd_tick. The digests are
 * the crowd's. This file only reads the script and calls the library.
 */
#ifndef CLI_REPLAY_SIM_H
#define CLI_REPLAY_SIM_H

#include <stdint.h>
#include <time.h>
#include "lockstar.h"
#include "replay.h"

/* Where the time went, in clock() ticks (for --profile and `make bench`),
 * measured at the crowd's phase boundaries. */
typedef struct cli_sim_times {
    clock_t edits, search, fields, smooth, follow, avoid, digest;
} cli_sim_times;

typedef struct cli_sim {
    const cli_replay_script *script;
    ls_grid *grid;
    ls_crowd *crowd;
    uint32_t budget;
    uint32_t threads;
    uint32_t tick;           /* the next tick to run */
    uint32_t next_event;
    cli_sim_times times;
    clock_t phase_began;
    int32_t phase;           /* the crowd's phase being timed, 0: none */
    int profile;             /* measure times */
} cli_sim;

/* Set up the simulation of script on grid (which it then owns and
 * destroys), budget and threads as given (the caller applies the
 * command-line overrides); profile: measure sim->times (clock() at every
 * phase of every tick, a few per cent of a small tick's time, so only
 * when asked). 0, or -1 with err set (name: the script's path, for
 * messages). */
int cli_sim_start(cli_sim *sim, const char *name,
                  const cli_replay_script *script, ls_grid *grid,
                  uint32_t budget, uint32_t threads, int profile,
                  mai_error *err);

/* Run tick sim->tick and advance it. 0, or -1 with err set when the
 * library refused something it should not have (a bug, reported). */
int cli_sim_tick(cli_sim *sim, mai_error *err);

/* The last tick's digest, and the run digest (ls_crowd_tick_digest,
 * ls_crowd_run_digest). */
uint64_t cli_sim_digest(const cli_sim *sim);
uint64_t cli_sim_final(const cli_sim *sim);

/* The number of agents, and the index-th in id order. */
uint32_t cli_sim_agent_count(const cli_sim *sim);
ls_crowd_agent cli_sim_agent(const cli_sim *sim, uint32_t index);
/* That agent's digest (ls_crowd_agent_digest). */
uint64_t cli_sim_agent_digest(const cli_sim *sim, uint32_t index);

/* Free everything (the grid too). Safe on a zeroed or failed sim. */
void cli_sim_end(cli_sim *sim);

#endif
