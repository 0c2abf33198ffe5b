/* SPDX-License-Identifier: MIT */
/*
 * replay_sim.c - a replay script on the library's crowd: the agents are
 * added, and each tick the script's edits are made and its orders given
 * before ls_crowd_tick (docs/replay.md, "One tick"). Nothing here is a
 * rule of the simulation; the crowd holds them all.
 */
#include <string.h>
#include "memory.h"
#include "replay_sim.h"

static int oops(mai_error *err, const char *what, ls_status st)
{
    mai_error_set(err, "replay: %s failed: %s (%s)", what,
                  ls_status_name(st), ls_status_string(st));
    return -1;
}

/* The crowd's phase hook: the time since the last phase goes to the
 * profile's column for that phase. */
static void on_phase(void *user, int32_t phase)
{
    cli_sim *sim = user;
    clock_t now = clock(), spent = now - sim->phase_began;
    switch (sim->phase) {
    case LS_CROWD_PHASE_ROUTES:
    case LS_CROWD_PHASE_ORDERS: sim->times.edits += spent; break;
    case LS_CROWD_PHASE_SEARCH: sim->times.search += spent; break;
    case LS_CROWD_PHASE_FIELDS: sim->times.fields += spent; break;
    case LS_CROWD_PHASE_HANDOVER: sim->times.smooth += spent; break;
    case LS_CROWD_PHASE_MOVE: sim->times.follow += spent; break;
    case LS_CROWD_PHASE_AVOID: sim->times.avoid += spent; break;
    case LS_CROWD_PHASE_DIGEST: sim->times.digest += spent; break;
    default: break;
    }
    sim->phase = phase;
    sim->phase_began = now;
}

void cli_sim_end(cli_sim *sim)
{
    ls_crowd_destroy(sim->crowd);
    ls_grid_destroy(sim->grid);
    memset(sim, 0, sizeof *sim);
}

int cli_sim_start(cli_sim *sim, const char *name,
                  const cli_replay_script *script, ls_grid *grid,
                  uint32_t budget, uint32_t threads, int profile,
                  mai_error *err)
{
    ls_crowd_config config;
    uint32_t k, cells;
    ls_status st;

    memset(sim, 0, sizeof *sim);
    sim->grid = grid;
    sim->script = script;
    sim->budget = budget;
    sim->threads = threads;
    sim->profile = profile;
    if (cli_replay_check_map(name, script, grid, err) != 0)
        return -1;
    ls_crowd_config_init(&config);
    ls_grid_size(grid, &config.width, &config.height);
    cells = (uint32_t)config.width * (uint32_t)config.height;
    config.capacity = script->agent_count ? script->agent_count : 1;
    /* The route pool starts at room for every agent's path across the
     * map, up to a million points, and grows when a tick needs more. */
    config.path_points = cells <= (1u << 20) / config.capacity
                             ? cells * config.capacity
                             : 1u << 20;
    config.flags = LS_CROWD_GROW_PATHS;
    if (script->avoidance)
        config.flags |= LS_CROWD_AVOIDANCE;
    config.world.cell_size = script->cell_size;
    config.options = script->options.query;
    config.budget = budget;
    config.threads = threads;
    config.max_fields = cli_replay_field_count(script);
    if (profile) {
        config.phase = on_phase;
        config.user = sim;
    }
    st = ls_crowd_create(&config, cli_library_allocator(), &sim->crowd);
    if (st != LS_OK)
        return oops(err, "ls_crowd_create", st);
    for (k = 0; k < script->agent_count; k++) {
        const cli_replay_agent *d = &script->agents[k];
        st = ls_crowd_add(sim->crowd, d->id, d->x, d->y, d->speed);
        if (st == LS_ERR_WORLD_RANGE) {
            mai_error_set(err, "%s:%lu: agent at %ld,%ld: %s (%s): the cell "
                          "size puts it outside fix16's range", name,
                          (unsigned long)d->line, (long)d->x, (long)d->y,
                          ls_status_name(st), ls_status_string(st));
            return -1;
        }
        if (st != LS_OK)
            return oops(err, "ls_crowd_add", st);
        /* Only version 3 agents have a body; the others are left exactly
         * as the crowd adds them. */
        if (d->radius == 0 && d->priority == 0)
            continue;
        st = ls_crowd_set_body(sim->crowd, d->id, d->radius, d->priority);
        if (st == LS_ERR_BAD_RADIUS) {
            /* The radius is within 0..64 (the reader's check): its
             * clearance class is too large for this cell size. */
            mai_error_set(err, "%s:%lu: the radius is too large for the "
                          "cell size: its clearance class would be above "
                          "%u (%s)", name, (unsigned long)d->line,
                          (unsigned)LS_CLEARANCE_MAX, ls_status_name(st));
            return -1;
        }
        if (st != LS_OK)
            return oops(err, "ls_crowd_set_body", st);
    }
    return 0;
}

int cli_sim_tick(cli_sim *sim, mai_error *err)
{
    const cli_replay_script *s = sim->script;
    uint32_t k;
    clock_t t0 = sim->profile ? clock() : 0;
    ls_status st;
    /* The tick's edits, in script order, then its orders, in script
     * order: the crowd carries the orders out after its route checks.
     * An avoidance line is given with the orders; it takes effect for
     * this whole tick (the crowd reads it when the tick begins). */
    for (k = sim->next_event; k < s->event_count && s->events[k].tick == sim->tick;
         k++) {
        const cli_replay_event *e = &s->events[k];
        st = LS_OK;
        if (e->kind == CLI_REPLAY_SET)
            st = ls_grid_set(sim->grid, e->x, e->y, e->cost);
        else if (e->kind == CLI_REPLAY_RECT)
            st = ls_grid_set_rect(sim->grid, e->x, e->y, e->w, e->h, e->cost);
        if (st != LS_OK)
            return oops(err, "an edit", st);
    }
    for (; sim->next_event < s->event_count &&
           s->events[sim->next_event].tick == sim->tick;
         sim->next_event++) {
        const cli_replay_event *e = &s->events[sim->next_event];
        if (e->kind == CLI_REPLAY_MOVE)
            st = ls_crowd_order(sim->crowd, e->agent, e->x, e->y);
        else if (e->kind == CLI_REPLAY_GROUP)
            st = ls_crowd_order_group(sim->crowd, s->group_ids + e->first,
                                      e->count, e->x, e->y);
        else if (e->kind == CLI_REPLAY_AVOID)
            st = ls_crowd_set_avoidance(sim->crowd, e->cost);
        else
            continue;
        if (st != LS_OK)
            return oops(err, "an order", st);
    }
    if (sim->profile) {
        sim->times.edits += clock() - t0;
        sim->phase = 0;
        sim->phase_began = clock();
    }
    st = ls_crowd_tick(sim->crowd, sim->grid);
    if (st != LS_OK)
        return oops(err, "ls_crowd_tick", st);
    sim->tick++;
    return 0;
}

uint64_t cli_sim_digest(const cli_sim *sim)
{
    uint64_t d = 0;
    ls_crowd_tick_digest(sim->crowd, &d);
    return d;
}

uint64_t cli_sim_final(const cli_sim *sim)
{
    uint64_t d = 0;
    ls_crowd_run_digest(sim->crowd, &d);
    return d;
}

uint32_t cli_sim_agent_count(const cli_sim *sim)
{
    uint32_t n = 0;
    ls_crowd_count(sim->crowd, &n);
    return n;
}

ls_crowd_agent cli_sim_agent(const cli_sim *sim, uint32_t index)
{
    ls_crowd_agent a;
    memset(&a, 0, sizeof a);
    ls_crowd_get_at(sim->crowd, index, &a);
    return a;
}

uint64_t cli_sim_agent_digest(const cli_sim *sim, uint32_t index)
{
    uint64_t d = 0;
    ls_crowd_agent_digest(sim->crowd, cli_sim_agent(sim, index).id, &d);
    return d;
}
