/* SPDX-License-Identifier: MIT */
/*
 * replay_check.c - `lockstar replay --check`: the library's overlap
 * check after every tick, and each ordered agent's arrival against its
 * straight-line time (docs/replay.md, "Checking overlaps and arrivals").
 * Counting and measuring only: overlaps and arrival are the crowd's
 * answers, lengths ls_world_distance's.
 */
#include <inttypes.h>
#include <string.h>
#include "memory.h"
#include "replay_check.h"

static int oops(mai_error *err, const char *what, ls_status st)
{
    mai_error_set(err, "replay: %s failed: %s (%s)", what,
                  ls_status_name(st), ls_status_string(st));
    return -1;
}

int cli_check_start(cli_check *check, const cli_sim *sim, mai_error *err)
{
    uint32_t k, n = cli_sim_agent_count(sim);
    memset(check, 0, sizeof *check);
    check->agents = cli_alloc_zeroed(n ? n : 1u, sizeof *check->agents);
    if (!check->agents) {
        mai_error_set(err, "replay: out of memory");
        return -1;
    }
    check->count = n;
    for (k = 0; k < n; k++)
        check->agents[k].id = cli_sim_agent(sim, k).id;
    return 0;
}

/* The index of id in the crowd's id order (ids ascending), or count. */
static uint32_t find(const cli_check *check, int64_t id)
{
    uint32_t lo = 0, hi = check->count;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2u;
        if (check->agents[mid].id < id)
            lo = mid + 1u;
        else
            hi = mid;
    }
    return lo < check->count && check->agents[lo].id == id ? lo
                                                          : check->count;
}

/* Agent index is ordered to cell (gx, gy) at sim->tick: its straight
 * line runs from where it stands now to the goal cell's centre. */
static int ordered(cli_check *check, const cli_sim *sim, uint32_t index,
                   int32_t gx, int32_t gy, mai_error *err)
{
    cli_check_agent *c;
    ls_crowd_agent a;
    ls_world world;
    fix16_t cx, cy, length;
    uint64_t ticks;
    ls_status st;
    if (index >= check->count)
        return 0; /* not held: the reader refuses such orders */
    c = &check->agents[index];
    a = cli_sim_agent(sim, index);
    world.origin_x = world.origin_y = 0;
    world.cell_size = sim->script->cell_size;
    st = ls_world_cell_center(&world, gx, gy, &cx, &cy);
    if (st == LS_OK)
        st = ls_world_distance(a.x, a.y, cx, cy, &length);
    if (st != LS_OK)
        return oops(err, "a straight-line length", st);
    /* ceil(length / speed) ticks, on the raw values; an agent ordered to
     * where it stands counts 1 tick, so every ratio has a divisor. */
    ticks = ((uint64_t)length + (uint64_t)a.speed - 1u) / (uint64_t)a.speed;
    c->straight = ticks > 0 ? (uint32_t)ticks : 1u;
    c->ordered = 1;
    c->arrived = 0;
    c->order_tick = sim->tick;
    return 0;
}

int cli_check_before_tick(cli_check *check, const cli_sim *sim,
                          mai_error *err)
{
    const cli_replay_script *s = sim->script;
    uint32_t k, j;
    for (k = sim->next_event;
         k < s->event_count && s->events[k].tick == sim->tick; k++) {
        const cli_replay_event *e = &s->events[k];
        if (e->kind == CLI_REPLAY_MOVE) {
            if (ordered(check, sim, find(check, e->agent), e->x, e->y,
                        err) != 0)
                return -1;
        } else if (e->kind == CLI_REPLAY_GROUP) {
            for (j = e->first; j < e->first + e->count; j++)
                if (ordered(check, sim, find(check, s->group_ids[j]), e->x,
                            e->y, err) != 0)
                    return -1;
        }
    }
    return 0;
}

int cli_check_after_tick(cli_check *check, cli_sim *sim, mai_error *err)
{
    ls_crowd_overlaps o;
    uint32_t k, tick = sim->tick - 1u; /* the tick just run */
    ls_status st = ls_crowd_check_overlaps(sim->crowd, sim->grid, &o);
    if (st != LS_OK)
        return oops(err, "ls_crowd_check_overlaps", st);
    check->ticks++;
    check->pairs += o.pairs;
    check->walls += o.walls;
    if (o.pairs > 0 || o.walls > 0) {
        check->overlap_ticks++;
        if (!check->has_first) {
            check->has_first = 1;
            check->first_tick = tick;
            check->first = o;
        }
    }
    for (k = 0; k < check->count; k++) {
        cli_check_agent *c = &check->agents[k];
        if (c->ordered && !c->arrived &&
            cli_sim_agent(sim, k).state == LS_CROWD_ARRIVED) {
            c->arrived = 1;
            c->arrival_tick = tick;
        }
    }
    return 0;
}

int cli_check_print(const cli_check *check, FILE *out)
{
    uint32_t k, ordered_count = 0, arrived = 0, within = 0;
    uint64_t worst = 0; /* the worst ratio times 100, rounded up */
    if (!check->has_first) {
        fprintf(out, "check: %" PRIu32 " ticks, 0 overlaps\n", check->ticks);
    } else {
        const ls_crowd_overlaps *o = &check->first;
        fprintf(out, "check: %" PRIu32 " ticks, %" PRIu64 " pair overlaps "
                "and %" PRIu64 " wall overlaps in %" PRIu32 " ticks, first "
                "at tick %" PRIu32 ": ", check->ticks, check->pairs,
                check->walls, check->overlap_ticks, check->first_tick);
        if (o->pairs > 0)
            fprintf(out, "agents %" PRId64 " and %" PRId64 "\n", o->pair_a,
                    o->pair_b);
        else
            fprintf(out, "agent %" PRId64 " and cell %" PRId32 ",%" PRId32
                    "\n", o->wall_agent, o->wall_cell.x, o->wall_cell.y);
    }
    for (k = 0; k < check->count; k++) {
        const cli_check_agent *c = &check->agents[k];
        uint64_t travel, ratio;
        if (!c->ordered)
            continue;
        ordered_count++;
        if (!c->arrived)
            continue;
        arrived++;
        /* Ticks from the order's tick through the arrival tick. */
        travel = (uint64_t)c->arrival_tick - c->order_tick + 1u;
        within += travel <= 3u * (uint64_t)c->straight;
        ratio = (travel * 100u + c->straight - 1u) / c->straight;
        if (ratio > worst)
            worst = ratio;
    }
    fprintf(out, "arrived: %" PRIu32 " of %" PRIu32 " agents ordered, "
            "within 3x straight-line time: %" PRIu32, arrived, ordered_count,
            within);
    if (arrived > 0)
        fprintf(out, " (worst ratio %" PRIu64 ".%02" PRIu64 ")\n",
                worst / 100u, worst % 100u);
    else
        fputs(" (worst ratio -)\n", out);
    return check->has_first ? 1 : 0;
}

void cli_check_end(cli_check *check)
{
    cli_release(check->agents);
    memset(check, 0, sizeof *check);
}
