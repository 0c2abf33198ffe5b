/* SPDX-License-Identifier: MIT */
/*
 * selftestgen_pick.c - which crowd replays src/selftest_data.c holds:
 * chosen from vectors/crowd/ and vectors/avoid/ by what their script
 * files say (read by the CLI's reader), then added by
 * tools/selftestgen_crowd.c.
 *
 * The choice depends on the files alone. From crowd/: those of at most
 * MAX_FIELDS distinct group goals (each field slot costs about 90 KB on
 * these maps) and at most MAX_AGENT_TICKS agent-ticks (time); by version
 * and budget, QUOTA_V1 version 1 scripts and QUOTA_V2 version 2 scripts
 * with group orders per budget (0, 1, 7, 60, 1000), evenly spaced in file
 * order among those of their kind.
 *
 * Then QUOTA_AVOID version 3 scripts from vectors/avoid/ (aNNN.replay,
 * golden digests from aNNN.out or, for the small ones, aNNN.trace, both
 * recorded with --check: their agent, check and arrived lines are not
 * read): of at most MAX_FIELDS goals, MAX_AVOID_AGENT_TICKS agent-ticks
 * (enough for the smallest circles) and a map of at most MAX_AVOID_WIDTH x
 * MAX_AVOID_HEIGHT (so the arena's crowd, sized for the widest and the
 * highest map, stays near the size the version 1 and 2 replays need);
 * first the middle one of each budget (0, 1, 7, 60, 1000: avoidance under
 * every budget of the queue), then the rest spread over avoidgen.awk's
 * kinds (script I is of kind I / AVOID_KIND, tools/avoidgen.awk): every
 * kind gets one before any gets two, in kind order, evenly spaced in file
 * order within a kind (choose_avoids).
 */
#include <stdio.h>
#include <string.h>
#include "selftestgen.h"
#include "../cli/replay.h"
#include "movingai.h"

#define MAX_SCRIPTS 1000u
#define MAX_FIELDS 4u
#define MAX_AGENT_TICKS 2000u
#define QUOTA_V1 5u
#define QUOTA_V2 3u
#define QUOTA_AVOID 24u
#define MAX_AVOID_AGENT_TICKS 2400u
#define MAX_AVOID_WIDTH 40
#define MAX_AVOID_HEIGHT 32
#define AVOID_KIND 20u
#define MAX_KINDS (MAX_SCRIPTS / AVOID_KIND)

static const uint32_t budgets[] = { 0, 1, 7, 60, 1000 };

/* What a script file gives. */
typedef struct script_info {
    uint32_t version, budget, fields, agents, ticks, groups;
    int32_t width, height;     /* its map's (avoid/ only; else 0) */
} script_info;

static int info_of(const char *dir, const sg_source *src, uint32_t i,
                   script_info *in)
{
    cli_replay_script s;
    uint32_t k;
    if (sg_load_replay(dir, src, i, &s) != 0)
        return -1;
    in->version = s.version;
    in->budget = s.budget;
    in->fields = cli_replay_field_count(&s);
    in->agents = s.agent_count;
    in->ticks = s.ticks;
    in->groups = 0;
    in->width = in->height = 0;
    for (k = 0; k < s.event_count; k++)
        in->groups += s.events[k].kind == CLI_REPLAY_GROUP;
    if (src == &sg_avoid_src) {
        /* every avoid/ script has its own map: its size is read here */
        ls_grid *grid = NULL;
        mai_error err;
        if (mai_grid_load(s.map_file, (uint8_t)s.swamp_cost, LS_GRID_FULL,
                          &grid, NULL, &err) != 0) {
            fprintf(stderr, "selftestgen: %s\n", err.message);
            cli_replay_free(&s);
            return -1;
        }
        ls_grid_size(grid, &in->width, &in->height);
        ls_grid_destroy(grid);
    }
    cli_replay_free(&s);
    return 0;
}

/* The scripts of src in dir, aNNN from 0 up to the first missing one;
 * how many, or -1. */
static int32_t read_infos(const char *dir, const sg_source *src,
                          script_info *info)
{
    uint32_t n = 0;
    while (n < MAX_SCRIPTS && sg_replay_exists(dir, src, n)) {
        if (info_of(dir, src, n, &info[n]) != 0)
            return -1;
        n++;
    }
    return (int32_t)n;
}

static int crowd_fits(const script_info *in, uint32_t v, uint32_t budget)
{
    return in->version == v && in->budget == budget &&
           in->fields <= MAX_FIELDS &&
           (uint64_t)in->agents * in->ticks <= MAX_AGENT_TICKS &&
           (v == 1 || in->groups > 0);
}

static int avoid_fits(const script_info *in)
{
    return in->version == 3 && in->fields <= MAX_FIELDS &&
           (uint64_t)in->agents * in->ticks <= MAX_AVOID_AGENT_TICKS &&
           in->width <= MAX_AVOID_WIDTH && in->height <= MAX_AVOID_HEIGHT;
}

/* Mark the version 1 and 2 replays of crowd/ in chosen; 0 or -1. */
static int choose_crowds(const script_info *info, uint32_t n, uint8_t *chosen)
{
    uint32_t v, b, i;
    for (v = 1; v <= 2; v++) {
        for (b = 0; b < sizeof budgets / sizeof budgets[0]; b++) {
            uint32_t quota = v == 1 ? QUOTA_V1 : QUOTA_V2, size = 0, j = 0;
            uint32_t member = 0;
            for (i = 0; i < n; i++)
                size += crowd_fits(&info[i], v, budgets[b]);
            if (size < quota) {
                fprintf(stderr, "selftestgen: crowd/: only %u version %u "
                        "replays of budget %u fit\n", (unsigned)size,
                        (unsigned)v, (unsigned)budgets[b]);
                return -1;
            }
            /* the (2j+1) * size / (2 * quota)-th member, j < quota */
            for (i = 0; i < n && j < quota; i++) {
                if (!crowd_fits(&info[i], v, budgets[b]))
                    continue;
                if (member == ((2u * j + 1u) * size) / (2u * quota)) {
                    chosen[i] = 1;
                    j++;
                }
                member++;
            }
        }
    }
    return 0;
}

/* Mark QUOTA_AVOID scripts of avoid/ in chosen: first, for each budget
 * (0, 1, 7, 60, 1000), the middle one of that budget in file order (so
 * avoidance meets every budget of the queue); then more, spread over the
 * kinds: round L gives every kind with fewer than L, and more that fit,
 * one more, until the quota; within a kind, the new ones evenly spaced in
 * file order among those not yet chosen. 0 or -1. */
static int choose_avoids(const script_info *info, uint32_t n, uint8_t *chosen)
{
    uint32_t size[MAX_KINDS], take[MAX_KINDS], kinds = 0, taken = 0, k, i;
    uint32_t b, level;
    if (n == 0) {
        /* a tree without them (before issue 22's vectors were recorded):
         * the unit suite's coverage test fails on such tables */
        fprintf(stderr, "selftestgen: no avoid/a000.replay: no version 3 "
                "replays\n");
        return 0;
    }
    memset(size, 0, sizeof size);
    memset(take, 0, sizeof take);
    for (b = 0; b < sizeof budgets / sizeof budgets[0]; b++) {
        uint32_t count = 0, member = 0;
        for (i = 0; i < n; i++)
            count += avoid_fits(&info[i]) && info[i].budget == budgets[b];
        for (i = 0; i < n && count > 0; i++) {
            if (!avoid_fits(&info[i]) || info[i].budget != budgets[b])
                continue;
            if (member++ == count / 2u) {
                chosen[i] = 1;
                take[i / AVOID_KIND]++;
                taken++;
            }
        }
    }
    for (i = 0; i < n; i++) {
        k = i / AVOID_KIND;
        size[k] += avoid_fits(&info[i]) && !chosen[i];
        kinds = k + 1u;
    }
    for (level = 1; taken < QUOTA_AVOID && level <= AVOID_KIND; level++)
        for (k = 0; k < kinds && taken < QUOTA_AVOID; k++)
            if (take[k] < level && size[k] > 0) {
                take[k]++;
                size[k]--; /* one fewer left to take */
                taken++;
            }
    if (taken < QUOTA_AVOID) {
        fprintf(stderr, "selftestgen: avoid/: only %u of %u scripts fit\n",
                (unsigned)taken, (unsigned)n);
        return -1;
    }
    for (k = 0; k < kinds; k++) {
        /* the kind's new ones: the (2j+1) * left / (2 * more)-th of those
         * not chosen yet, j < more */
        uint32_t left = 0, more = take[k], member = 0, j = 0;
        uint8_t before[AVOID_KIND];
        for (i = k * AVOID_KIND; i < n && i / AVOID_KIND == k; i++) {
            before[i - k * AVOID_KIND] = chosen[i];
            more -= chosen[i];
            left += avoid_fits(&info[i]) && !chosen[i];
        }
        for (i = k * AVOID_KIND; i < n && i / AVOID_KIND == k && j < more;
             i++) {
            if (!avoid_fits(&info[i]) || before[i - k * AVOID_KIND])
                continue;
            if (member == ((2u * j + 1u) * left) / (2u * more)) {
                chosen[i] = 1;
                j++;
            }
            member++;
        }
    }
    return 0;
}

int sg_add_crowds(sg_data *d, const char *dir)
{
    static script_info info[MAX_SCRIPTS];
    static uint8_t chosen[MAX_SCRIPTS];
    const sg_source *srcs[2];
    uint32_t i, k;
    int32_t n;

    srcs[0] = &sg_crowd_src;
    srcs[1] = &sg_avoid_src;
    for (k = 0; k < 2; k++) {
        n = read_infos(dir, srcs[k], info);
        if (n < 0)
            return -1;
        memset(chosen, 0, sizeof chosen);
        if ((k == 0 ? choose_crowds : choose_avoids)(info, (uint32_t)n,
                                                     chosen) != 0)
            return -1;
        for (i = 0; i < (uint32_t)n; i++)
            if (chosen[i] && sg_add_replay(d, dir, srcs[k], i) != 0)
                return -1;
    }
    return 0;
}
