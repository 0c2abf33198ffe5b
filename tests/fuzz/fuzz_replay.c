/* SPDX-License-Identifier: MIT */
/*
 * fuzz_replay.c - the replay script reader (cli/replay_read.c; format in
 * docs/replay.md) on any bytes, then its check against a map. The first
 * two bytes choose that map's size (1..64 each; every seventh cell
 * blocked); the rest is the script.
 *
 * Invariants: a refusal is one line "(fuzz):LINE: reason" (or
 * "(fuzz): reason") with the script left empty; an accepted script keeps
 * docs/replay.md's limits (ticks, agents, speeds above 0, event ticks
 * never decreasing, rectangles at least 1 x 1, agent ids unique, group
 * orders only from version 2 on and naming declared agents; radii 0 to
 * 64, priorities 0 to 99, avoidance lines only in version 3); the map
 * check accepts exactly the scripts whose agents start inside on passable
 * cells and whose events lie inside the map, as worked out here.
 */
#include <string.h>
#include "fuzz_util.h"
#include "replay.h"

static int blocked(int32_t x, int32_t y, int32_t w)
{
    return ((int64_t)y * w + x) % 7 == 3;
}

static int inside(int32_t w, int32_t h, int32_t x, int32_t y, int32_t rw,
                  int32_t rh)
{
    return x >= 0 && y >= 0 && rw >= 1 && rh >= 1 &&
           (int64_t)x + rw <= w && (int64_t)y + rh <= h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_bytes b;
    int32_t w, h, x, y;
    cli_replay_script s;
    mai_error err;
    ls_grid *grid = NULL;
    uint32_t i, j;
    int fits = 1;

    fz_begin(&b, data, size);
    w = fz_range(&b, 1, 64);
    h = fz_range(&b, 1, 64);
    memset(&s, 0x5a, sizeof s);
    if (cli_replay_parse("(fuzz)", (const char *)data + b.pos, fz_left(&b),
                         &s, &err) != 0) {
        FZ_CHECK(strncmp(err.message, "(fuzz):", 7) == 0);
        FZ_CHECK(strchr(err.message, '\n') == NULL);
        FZ_CHECK(s.agents == NULL && s.events == NULL && s.map_path == NULL &&
                 s.group_ids == NULL);
        return 0;
    }
    FZ_CHECK(s.map_path != NULL && s.map_file != NULL);
    FZ_CHECK(s.ticks <= CLI_REPLAY_MAX_TICKS);
    FZ_CHECK(s.agent_count <= CLI_REPLAY_MAX_AGENTS);
    FZ_CHECK(s.cell_size > 0);
    FZ_CHECK(s.swamp_cost >= 1 && s.swamp_cost <= 255);
    FZ_CHECK(s.version >= 1 && s.version <= 3);
    FZ_CHECK(s.avoidance == 0 || (s.avoidance == 1 && s.version == 3));
    for (i = 0; i < s.agent_count; i++) {
        FZ_CHECK(s.agents[i].speed > 0);
        FZ_CHECK(s.agents[i].radius >= 0 &&
                 s.agents[i].radius <= LS_CROWD_MAX_RADIUS);
        FZ_CHECK(s.agents[i].priority >= 0 &&
                 s.agents[i].priority <= LS_CROWD_MAX_PRIORITY);
        FZ_CHECK(s.version == 3 ||
                 (s.agents[i].radius == 0 && s.agents[i].priority == 0));
        for (j = 0; j < i; j++)
            FZ_CHECK(s.agents[j].id != s.agents[i].id);
    }
    for (i = 0; i < s.event_count; i++) {
        const cli_replay_event *e = &s.events[i];
        FZ_CHECK(i == 0 || e->tick >= s.events[i - 1].tick);
        FZ_CHECK(e->line > 0);
        if (e->kind == CLI_REPLAY_RECT)
            FZ_CHECK(e->w >= 1 && e->h >= 1);
        if (e->kind == CLI_REPLAY_AVOID)
            FZ_CHECK(s.version == 3 && e->cost <= 1);
        if (e->kind == CLI_REPLAY_GROUP) {
            /* Version 2 on; its ids lie in group_ids, each declared. */
            FZ_CHECK(s.version >= 2);
            FZ_CHECK(e->count >= 1 && e->first <= s.group_id_count &&
                     e->count <= s.group_id_count - e->first);
            for (j = e->first; j < e->first + e->count; j++) {
                uint32_t k;
                for (k = 0; k < s.agent_count; k++)
                    if (s.agents[k].id == s.group_ids[j])
                        break;
                FZ_CHECK(k < s.agent_count);
            }
        }
    }

    if (ls_grid_create(w, h, NULL, &grid) != LS_OK) {
        cli_replay_free(&s);
        return 0;
    }
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            if (blocked(x, y, w))
                ls_grid_set(grid, x, y, LS_CELL_BLOCKED);
    for (i = 0; i < s.agent_count; i++) {
        const cli_replay_agent *a = &s.agents[i];
        fits &= inside(w, h, a->x, a->y, 1, 1) && !blocked(a->x, a->y, w);
    }
    for (i = 0; i < s.event_count; i++) {
        const cli_replay_event *e = &s.events[i];
        fits &= inside(w, h, e->x, e->y, e->kind == CLI_REPLAY_RECT ? e->w : 1,
                       e->kind == CLI_REPLAY_RECT ? e->h : 1);
    }
    if (cli_replay_check_map("(fuzz)", &s, grid, &err) == 0) {
        FZ_CHECK(fits);
    } else {
        FZ_CHECK(!fits);
        FZ_CHECK(strncmp(err.message, "(fuzz):", 7) == 0);
    }
    ls_grid_destroy(grid);
    cli_replay_free(&s);
    FZ_CHECK(s.agents == NULL && s.events == NULL && s.group_ids == NULL);
    return 0;
}
