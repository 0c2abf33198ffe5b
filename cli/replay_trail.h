/* SPDX-License-Identifier: MIT */
/*
 * replay_trail.h - trail files of `lockstar replay` (docs/replay.md, "The
 * trail file"): what --record writes and --verify reads.
 */
#ifndef CLI_REPLAY_TRAIL_H
#define CLI_REPLAY_TRAIL_H

#include <stdint.h>
#include <stdio.h>
#include "movingai.h"
#include "replay_sim.h"

/* One agent as a --trace line shows it. */
typedef struct cli_trail_agent {
    int64_t id;
    int32_t x, y;            /* raw fix16 */
    int32_t state;           /* CLI_AGENT_* */
} cli_trail_agent;

/* One tick of a trail. */
typedef struct cli_trail_tick {
    uint64_t digest;
    int has_map;
    uint64_t map;
    uint16_t *agents;        /* `agents` line: agent_count values, or NULL */
    cli_trail_agent *traced; /* `agent` lines: agent_count, or NULL */
    uint32_t line;
} cli_trail_tick;

typedef struct cli_trail {
    cli_trail_tick *ticks;
    uint32_t count;
    int has_final;
    uint64_t final;
    uint32_t agent_count;    /* agents per `agents` or traced tick */
} cli_trail;

/* Read trail text (length bytes, followed by a NUL as mai_read_file
 * leaves it; line ends are overwritten) for a run of agent_count agents;
 * name is for messages. 0, or -1 with err set ("NAME:LINE: reason") and
 * *t empty. */
int cli_trail_parse(const char *name, char *text, size_t length,
                    uint32_t agent_count, cli_trail *t, mai_error *err);
/* mai_read_file, then cli_trail_parse. */
int cli_trail_load(const char *path, uint32_t agent_count, cli_trail *t,
                   mai_error *err);
void cli_trail_free(cli_trail *t);

/* Write one tick of the record (the tick line, `map`, `agents`). */
void cli_trail_write_tick(FILE *out, const cli_sim *sim, uint32_t tick,
                          uint64_t digest);

/* Compare tick `tick` of the run (digest given) with the trail. 0 when it
 * matches; else 1 with what differs described in why (tick, map, agents). */
int cli_trail_compare(const cli_trail *t, const cli_sim *sim, uint32_t tick,
                      uint64_t digest, char *why, size_t size);

#endif
