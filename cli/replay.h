/* SPDX-License-Identifier: MIT */
/*
 * replay.h - `lockstar replay`: a scripted lockstep simulation (the format
 * and the rules of a tick are in docs/replay.md).
 *
 * replay_read.c reads a script into a cli_replay_script, checking every
 * line ("FILE:LINE: reason"); replay_sim.c runs it tick by tick on the
 * library (queue, edits, path checks, smoothing, following) and gives each
 * tick's digest; replay_trail.c records and verifies trails.
 */
#ifndef CLI_REPLAY_H
#define CLI_REPLAY_H

#include <stddef.h>
#include <stdint.h>
#include "lockstar.h"
#include "movingai.h"
#include "options.h"

/* Limits a script may not pass (each refused with its line). */
#define CLI_REPLAY_MAX_TICKS 10000000u
#define CLI_REPLAY_MAX_AGENTS 100000u

typedef enum cli_replay_kind {
    CLI_REPLAY_MOVE,   /* at T move ID X,Y */
    CLI_REPLAY_SET,    /* at T set X,Y COST */
    CLI_REPLAY_RECT,   /* at T rect X,Y W,H COST */
    CLI_REPLAY_GROUP,  /* at T group X,Y ID [ID ...] (version 2) */
    CLI_REPLAY_AVOID   /* at T avoidance on|off (version 3; cost: 1 on) */
} cli_replay_kind;

typedef struct cli_replay_event {
    uint32_t tick;
    cli_replay_kind kind;
    int64_t agent;       /* move: the agent ordered */
    int32_t x, y;        /* move: the goal cell; set, rect: the top-left */
    int32_t w, h;        /* rect: its size (set: 1 x 1) */
    uint8_t cost;        /* set, rect; avoidance: 1 on, 0 off */
    uint32_t first, count; /* group: its ids, group_ids[first..+count) */
    uint32_t line;       /* for messages */
} cli_replay_event;

typedef struct cli_replay_agent {
    int64_t id;
    int32_t x, y;        /* the cell it stands on at tick 0 */
    fix16_t speed;       /* world units per tick, > 0 */
    fix16_t radius;      /* 0 .. LS_CROWD_MAX_RADIUS (version 3; else 0) */
    int32_t priority;    /* 0 .. LS_CROWD_MAX_PRIORITY (version 3; else 0) */
    uint32_t line;
} cli_replay_agent;

typedef struct cli_replay_script {
    char *map_path;      /* as written, relative to the script's folder */
    char *map_file;      /* the path to open (malloc'd) */
    uint32_t map_line;
    fix16_t cell_size;   /* world units per cell (default 1.0) */
    uint32_t swamp_cost; /* cost of 'S' cells (default 1) */
    cli_options options; /* the query options (start and goal unused) */
    uint32_t budget;     /* expansions per tick, 0 = no limit */
    uint32_t ticks;      /* run ticks 0 .. ticks-1 */
    cli_replay_agent *agents;  /* in file order */
    uint32_t agent_count;
    cli_replay_event *events;  /* in file order: ticks never decrease */
    uint32_t event_count;
    int64_t *group_ids;        /* every group line's ids, in file order */
    uint32_t group_id_count;
    uint32_t version;          /* 1, 2 or 3 */
    int32_t avoidance;         /* 'avoidance on' (version 3): 1, else 0 */
} cli_replay_script;

/* Parse script text (length bytes); name is the script's path, for
 * messages and to find the map beside it. Checks everything that does
 * not need the map; cli_replay_check_map checks the rest. 0, or -1 with
 * err set ("NAME:LINE: reason") and *s empty. */
int cli_replay_parse(const char *name, const char *text, size_t length,
                     cli_replay_script *s, mai_error *err);

/* mai_read_file, then cli_replay_parse. */
int cli_replay_load(const char *path, cli_replay_script *s, mai_error *err);

/* What needs the map: every cell inside it, every agent starting on a
 * passable cell. name is the script's path. 0, or -1 with err set. */
int cli_replay_check_map(const char *name, const cli_replay_script *s,
                         const ls_grid *grid, mai_error *err);

/* The crowd's field slots for the script: one per distinct group goal, at
 * most 64 (a group order that finds every slot held is carried out as
 * move orders, lockstar_crowd.h "Groups on flow fields"). The one rule
 * `lockstar replay` and the self-test's generator size crowds by. */
uint32_t cli_replay_field_count(const cli_replay_script *s);

/* Whether --trace shows each agent's radius and velocity (docs/replay.md,
 * version 3): a version 3 script that turns avoidance on (its setting or
 * any 'at T avoidance on') or gives any agent a radius above 0. A whole
 * run's trace has the columns or none has them; version 1 and 2 traces
 * never do, so they stay byte for byte as before. */
int cli_replay_shows_bodies(const cli_replay_script *s);

/* Free what the script holds and empty it; safe on an empty script. */
void cli_replay_free(cli_replay_script *s);

#endif
