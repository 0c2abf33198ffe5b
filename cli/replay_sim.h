/* SPDX-License-Identifier: MIT */
/*
 * replay_sim.h - running a replay script tick by tick (rules in
 * docs/replay.md): agents, the path queue (or a batch on N threads with
 * the queue's budget rule), edits, re-planning, smoothing, following, and
 * the digests.
 */
#ifndef CLI_REPLAY_SIM_H
#define CLI_REPLAY_SIM_H

#include <stdint.h>
#include <time.h>
#include "lockstar.h"
#include "replay.h"

/* An agent's state in the replay (docs/replay.md "One tick"); the values
 * are the bytes the digests feed. */
enum {
    CLI_AGENT_IDLE = 0,
    CLI_AGENT_WAITING = 1,
    CLI_AGENT_MOVING = 2,
    CLI_AGENT_ARRIVED = 3,
    CLI_AGENT_UNREACHABLE = 4
};

typedef struct cli_sim_agent {
    int64_t id;
    int32_t state;          /* CLI_AGENT_* */
    ls_agent body;          /* position and following (the library's) */
    ls_point goal;
    uint64_t request;       /* the request in the queue, 0 when none */
    ls_point *path;         /* the found cell path (malloc'd) */
    uint32_t path_length, path_room;
    ls_point *ways;         /* its waypoints (malloc'd, path_room) */
    uint32_t *way_at;       /* each waypoint's index in path */
    uint32_t way_count;
    int32_t route_cost;     /* scratch: the rest of the route's cost before
                               the tick's edits, -1 when it had none */
} cli_sim_agent;

/* Where the time went, in clock() ticks (for `make bench`). */
typedef struct cli_sim_times {
    clock_t edits, search, smooth, follow, digest;
} cli_sim_times;

struct cli_model;       /* the batch's stand-in for the queue (replay_model.h) */

typedef struct cli_sim {
    const cli_replay_script *script;
    ls_grid *grid;
    ls_world world;
    ls_query query;          /* the script's options */
    uint32_t budget;
    uint32_t threads;        /* 1: ls_queue; more: a batch (cli_sim_model) */
    uint32_t tick;           /* the next tick to run */
    uint32_t next_event;
    uint64_t next_request;   /* ids 1, 2, 3, ... */
    cli_sim_agent *agents;   /* ascending id */
    uint32_t agent_count;
    ls_queue *queue;         /* threads == 1 */
    ls_search *search;       /* for paths the queue's pool could not keep */
    ls_point *scratch;       /* width * height points */
    uint32_t cells;
    struct cli_model *model; /* threads > 1 */
    cli_sim_times times;
    uint64_t requests;       /* paths asked for */
    uint64_t replans;        /* of them, asked again after an edit */
} cli_sim;

/* Set up the simulation of script on grid (which it then owns and
 * destroys), budget and threads as given (the caller applies the
 * command-line overrides). 0, or -1 with err set (name: the script's
 * path, for messages). */
int cli_sim_start(cli_sim *sim, const char *name,
                  const cli_replay_script *script, ls_grid *grid,
                  uint32_t budget, uint32_t threads, mai_error *err);

/* Run tick sim->tick and advance it. 0, or -1 with err set when the
 * library refused something it should not have (a bug, reported). */
int cli_sim_tick(cli_sim *sim, mai_error *err);

/* The tick digest of the state now, and one agent's digest, exactly (as
 * in docs/replay.md "The digests"): FNV-1a 64 (offset basis
 * 0xcbf29ce484222325, prime 0x100000001b3) over bytes, integers fed
 * little-endian at the width given.
 *   agent digest: id (int64), x and y (the raw fix16 bits, int32 each),
 *     state (1 byte, CLI_AGENT_*), waypoint index (uint32,
 *     cli_sim_waypoint_index), in that order;
 *   tick digest: the map digest (ls_grid_digest, uint64), the agent count
 *     (uint32), then every agent's fields as above, in ascending id order
 *     (the fields, not each agent's digest);
 *   final digest: every tick digest in tick order, each as a uint64 (the
 *     offset basis when there are no ticks). */
uint64_t cli_sim_digest(const cli_sim *sim);
uint64_t cli_sim_agent_digest(const cli_sim_agent *agent);
/* The waypoint index the digests use: the ls_agent's target while moving
 * or arrived, else 0. */
uint32_t cli_sim_waypoint_index(const cli_sim_agent *agent);

/* The state's name: idle, waiting, moving, arrived, unreachable. */
const char *cli_sim_state_name(int32_t state);

/* Free everything (the grid too). Safe on a zeroed or failed sim. */
void cli_sim_end(cli_sim *sim);

/* FNV-1a 64 of little-endian integers, for the digests. */
#define CLI_FNV_BASIS 0xcbf29ce484222325u
uint64_t cli_fnv_u64(uint64_t h, uint64_t v, int bytes);

#endif
