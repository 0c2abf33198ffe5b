/* SPDX-License-Identifier: MIT */
/*
 * selftestgen_crowd.c - the crowd replays of src/selftest_data.c: from
 * vectors/crowd/ (sNNN.replay with its golden sNNN.out) and vectors/avoid/
 * (aNNN.replay with aNNN.out or aNNN.trace), encoded as
 * the words src/selftest_crowd.c runs (src/selftest.h, ls__st_crowd, is
 * the format), their golden digests folded in the order it observes them.
 *
 * Scripts are read by the CLI's reader (cli/replay.h, the one reader of
 * the format) and their maps by movingai/ with the script's swamp cost, as
 * `lockstar replay` reads them. Golden values come from the .out files
 * only. The library is run here for one thing the files do not say: the
 * route pool. The vectors were made with a pool that grows
 * (LS_CROWD_GROW_PATHS); the self-test's must not (it allocates nothing
 * in a case), so for each replay the smallest pool with which a crowd
 * without growth gives every golden digest is found (a pool too small
 * gives no-room states, so other digests), and twice that is recorded,
 * room for a change in how the crowd uses its pool.
 *
 * Which replays: tools/selftestgen_pick.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "selftestgen.h"
#include "../cli/replay.h"
#include "movingai.h"

#define MAX_CROWDS 96u
#define CHECK_EVERY 32u
/* An agent's body word: radius | priority << 24 (src/selftest.h). */
#define BODY_SHIFT 24u

const sg_source sg_crowd_src = { "crowd", 's', "crowd-" };
const sg_source sg_avoid_src = { "avoid", 'a', "avoid-" };

typedef struct sg_crowd {
    char id[16];
    uint32_t index;            /* NNN of sNNN */
    uint32_t map, ticks, version, fields, agents, path_points, budget;
    uint32_t avoidance;        /* 'avoidance on' */
    int32_t cell_size;
    ls_query options;
    uint32_t first_word, event_words, check_count;
    uint64_t run_digest;
} sg_crowd;

static struct {
    sg_crowd crowds[MAX_CROWDS];
    uint32_t count;
    uint32_t *words;
    uint32_t word_count, word_capacity;
    /* the maps added: their cells, to find one again */
    uint8_t *cells[MAX_CROWDS];
    int32_t width[MAX_CROWDS], height[MAX_CROWDS];
    uint32_t map[MAX_CROWDS], map_count;
    uint32_t ticks, events, groups, edits, checks;
    uint32_t v3, avoid_on, switches, bodies, v3_ticks;
} g;

static int put(uint32_t w)
{
    if (g.word_count == g.word_capacity) {
        uint32_t cap = g.word_capacity ? g.word_capacity * 2u : 4096u;
        uint32_t *p = realloc(g.words, (size_t)cap * sizeof *p);
        if (!p)
            return -1;
        g.words = p;
        g.word_capacity = cap;
    }
    g.words[g.word_count++] = w;
    return 0;
}

static int put64(uint64_t v)
{
    return put((uint32_t)(v & 0xffffffffu)) | put((uint32_t)(v >> 32));
}

/* ------------------------------------------------------------------------
 * Reading
 * --------------------------------------------------------------------- */

static void script_path(char *path, size_t size, const char *dir,
                        const sg_source *src, uint32_t i, const char *ext)
{
    snprintf(path, size, "%s/%s/%c%03u.%s", dir, src->sub, src->letter,
             (unsigned)i, ext);
}

int sg_load_replay(const char *dir, const sg_source *src, uint32_t i,
                   struct cli_replay_script *s)
{
    char path[1024];
    mai_error err;
    script_path(path, sizeof path, dir, src, i, "replay");
    if (cli_replay_load(path, s, &err) != 0) {
        fprintf(stderr, "selftestgen: %s\n", err.message);
        return -1;
    }
    return 0;
}

int sg_replay_exists(const char *dir, const sg_source *src, uint32_t i)
{
    char path[1024];
    FILE *f;
    script_path(path, sizeof path, dir, src, i, "replay");
    f = fopen(path, "rb");
    if (f)
        fclose(f);
    return f != NULL;
}

/* The golden digests of the script's .out file (else its .trace file,
 * which avoid/ has for its small scripts): ticks of them, then the final
 * one in digests[ticks]. A trace's agent lines, and the check and
 * arrived lines --check adds after the final one, are skipped: the tick
 * digests already cover every agent. 0, or -1 with a message. */
static int load_out(const char *dir, const sg_source *src, uint32_t i,
                    uint32_t ticks, uint64_t *digests)
{
    char path[1024], line[512];
    uint32_t t = 0;
    FILE *f;
    int ok = 1;
    script_path(path, sizeof path, dir, src, i, "out");
    f = fopen(path, "rb");
    if (!f) {
        script_path(path, sizeof path, dir, src, i, "trace");
        f = fopen(path, "rb");
    }
    if (!f) {
        fprintf(stderr, "selftestgen: cannot read %s or its .out\n", path);
        return -1;
    }
    while (ok && fgets(line, sizeof line, f)) {
        unsigned long tick;
        char hex[17];
        unsigned long long v;
        if (t < ticks && sscanf(line, "tick %lu %16[0-9a-f]", &tick, hex) == 2 &&
            tick == t && strlen(hex) == 16 && sscanf(hex, "%llx", &v) == 1) {
            digests[t++] = (uint64_t)v;
        } else if (t == ticks && sscanf(line, "final %16[0-9a-f]", hex) == 1 &&
                   strlen(hex) == 16 && sscanf(hex, "%llx", &v) == 1) {
            digests[t++] = (uint64_t)v;
        } else if (t > 0 && t <= ticks && strncmp(line, "agent ", 6) == 0 &&
                   strchr(line, '\n') != NULL) {
            /* a trace's agent line */
        } else if (t == ticks + 1u && (strncmp(line, "check: ", 7) == 0 ||
                                       strncmp(line, "arrived: ", 9) == 0)) {
            /* --check's summary */
        } else {
            ok = 0;
        }
    }
    fclose(f);
    if (!ok || t != ticks + 1) {
        fprintf(stderr, "selftestgen: %s: not %u tick lines and a final "
                "line\n", path, (unsigned)ticks);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------------
 * The route pool: a run without growth, as src/selftest_crowd.c makes it
 * --------------------------------------------------------------------- */

/* 1 when a crowd with a pool of points (no growth, one worker) gives every
 * golden digest on the cells; 0 when not; -1 when it cannot be made. */
static int run_golden(const cli_replay_script *s, const uint8_t *cells,
                      int32_t w, int32_t h, uint32_t points,
                      const uint64_t *golden)
{
    ls_crowd_config k;
    ls_crowd *crowd = NULL;
    ls_grid *grid = NULL;
    uint32_t t, e = 0, j;
    uint64_t d;
    int same = 1;

    ls_crowd_config_init(&k);
    k.width = w;
    k.height = h;
    k.capacity = s->agent_count ? s->agent_count : 1u;
    k.path_points = points;
    k.world.cell_size = s->cell_size;
    k.options = s->options.query;
    k.budget = s->budget;
    k.threads = 1;
    k.max_fields = cli_replay_field_count(s);
    k.flags = s->avoidance ? LS_CROWD_AVOIDANCE : 0u;
    if (ls_grid_create(w, h, NULL, &grid) != LS_OK ||
        ls_grid_load(grid, cells, (size_t)w * (size_t)h) != LS_OK ||
        ls_crowd_create(&k, NULL, &crowd) != LS_OK) {
        ls_grid_destroy(grid);
        return -1;
    }
    for (j = 0; j < s->agent_count; j++) {
        const cli_replay_agent *a = &s->agents[j];
        if (ls_crowd_add(crowd, a->id, a->x, a->y, a->speed) != LS_OK ||
            ((a->radius != 0 || a->priority != 0) &&
             ls_crowd_set_body(crowd, a->id, a->radius, a->priority) != LS_OK))
            same = -1;
    }
    for (t = 0; t < s->ticks && same == 1; t++) {
        int bad = 0;
        for (j = e; j < s->event_count && s->events[j].tick == t; j++) {
            const cli_replay_event *v = &s->events[j];
            if (v->kind == CLI_REPLAY_SET)
                bad |= ls_grid_set(grid, v->x, v->y, v->cost) != LS_OK;
            else if (v->kind == CLI_REPLAY_RECT)
                bad |= ls_grid_set_rect(grid, v->x, v->y, v->w, v->h,
                                        v->cost) != LS_OK;
        }
        for (; e < s->event_count && s->events[e].tick == t; e++) {
            const cli_replay_event *v = &s->events[e];
            if (v->kind == CLI_REPLAY_MOVE)
                bad |= ls_crowd_order(crowd, v->agent, v->x, v->y) != LS_OK;
            else if (v->kind == CLI_REPLAY_GROUP)
                bad |= ls_crowd_order_group(crowd, s->group_ids + v->first,
                                            v->count, v->x, v->y) != LS_OK;
            else if (v->kind == CLI_REPLAY_AVOID)
                bad |= ls_crowd_set_avoidance(crowd, v->cost) != LS_OK;
        }
        bad |= ls_crowd_tick(crowd, grid) != LS_OK;
        d = 0;
        ls_crowd_tick_digest(crowd, &d);
        if (bad)
            same = -1;
        else if (d != golden[t])
            same = 0;
    }
    if (same == 1) {
        d = 0;
        ls_crowd_run_digest(crowd, &d);
        same = d == golden[s->ticks];
    }
    ls_crowd_destroy(crowd);
    ls_grid_destroy(grid);
    return same;
}

/* The smallest pool that gives the golden digests (checked to give them
 * at twice its size too); 0 with a message when none up to three points
 * per cell per agent does. */
static uint32_t smallest_pool(const cli_replay_script *s, const uint8_t *cells,
                              int32_t w, int32_t h, const uint64_t *golden,
                              const char *name)
{
    uint32_t lo = 1, hi = 3u * (uint32_t)w * (uint32_t)h *
                         (s->agent_count ? s->agent_count : 1u);
    if (run_golden(s, cells, w, h, hi, golden) != 1) {
        fprintf(stderr, "selftestgen: %s: the library does not give the "
                "golden digests (a pool of %u points, no growth)\n", name,
                (unsigned)hi);
        return 0;
    }
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2u;
        if (run_golden(s, cells, w, h, mid, golden) == 1)
            hi = mid;
        else
            lo = mid + 1u;
    }
    /* what is recorded, twice that, must give them too */
    if (run_golden(s, cells, w, h, 2u * lo, golden) != 1) {
        fprintf(stderr, "selftestgen: %s: a pool of %u points gives the "
                "golden digests, one of %u does not\n", name, (unsigned)lo,
                (unsigned)(2u * lo));
        return 0;
    }
    return lo;
}

/* ------------------------------------------------------------------------
 * Maps, encoding and the fold
 * --------------------------------------------------------------------- */

/* The index in d of the map with these cells, added if new; -1 on error. */
static int32_t crowd_map(sg_data *d, uint8_t *cells, int32_t w, int32_t h)
{
    uint32_t i;
    int32_t m;
    for (i = 0; i < g.map_count; i++)
        if (g.width[i] == w && g.height[i] == h &&
            memcmp(g.cells[i], cells, (size_t)w * (size_t)h) == 0) {
            free(cells);
            return (int32_t)g.map[i];
        }
    m = sg_add_cells_map(d, cells, w, h);
    if (m < 0 || g.map_count == MAX_CROWDS) {
        free(cells);
        return -1;
    }
    g.cells[g.map_count] = cells;
    g.width[g.map_count] = w;
    g.height[g.map_count] = h;
    g.map[g.map_count++] = (uint32_t)m;
    return m;
}

static uint32_t cell(int32_t x, int32_t y)
{
    return (uint32_t)x | (uint32_t)y << 16;
}

/* The index of the agent with this id in the script's list. */
static uint32_t agent_index(const cli_replay_script *s, int64_t id)
{
    uint32_t k;
    for (k = 0; k < s->agent_count; k++)
        if (s->agents[k].id == id)
            return k;
    return UINT32_MAX;
}

/* An event's first word (src/selftest.h): kind | tick << 3. */
static uint32_t opening(uint32_t kind, uint32_t tick)
{
    return kind | tick << 3;
}

static int encode(const cli_replay_script *s, sg_crowd *c)
{
    uint32_t k, j, start;
    int rc = 0;
    c->first_word = g.word_count;
    for (k = 0; k < s->agent_count; k++) {
        const cli_replay_agent *a = &s->agents[k];
        /* the reader keeps both in range: 23 bits and 7 */
        if (a->radius < 0 || a->radius > LS_CROWD_MAX_RADIUS ||
            a->priority < 0 || a->priority > LS_CROWD_MAX_PRIORITY)
            return -1;
        rc |= put64((uint64_t)a->id) | put(cell(a->x, a->y)) |
              put((uint32_t)a->speed) |
              put((uint32_t)a->radius | (uint32_t)a->priority << BODY_SHIFT);
        g.bodies += a->radius != 0 || a->priority != 0;
    }
    start = g.word_count;
    for (k = 0; k < s->event_count; k++) {
        const cli_replay_event *e = &s->events[k];
        if (e->tick >= (1u << 29))
            return -1;
        switch (e->kind) {
        case CLI_REPLAY_MOVE:
            rc |= put(opening(0, e->tick)) | put(agent_index(s, e->agent)) |
                  put(cell(e->x, e->y));
            break;
        case CLI_REPLAY_SET:
            rc |= put(opening(1, e->tick)) | put(cell(e->x, e->y)) |
                  put(e->cost);
            g.edits++;
            break;
        case CLI_REPLAY_RECT:
            rc |= put(opening(2, e->tick)) | put(cell(e->x, e->y)) |
                  put(cell(e->w, e->h)) | put(e->cost);
            g.edits++;
            break;
        case CLI_REPLAY_AVOID:
            rc |= put(opening(4, e->tick)) | put(e->cost ? 1u : 0u);
            g.switches++;
            break;
        default:
            if (e->count > 64u)
                return -1;
            rc |= put(opening(3, e->tick)) | put(cell(e->x, e->y)) |
                  put(e->count);
            for (j = 0; j < e->count; j++)
                rc |= put(agent_index(s, s->group_ids[e->first + j]));
            g.groups++;
            break;
        }
        g.events++;
    }
    c->event_words = g.word_count - start;
    return rc;
}

/* Checks and the fold, in the order src/selftest_crowd.c observes. */
static int checks_and_fold(sg_data *d, sg_crowd *c, const uint64_t *golden)
{
    uint32_t t;
    int rc = 0;
    sg_fold64(&d->digest, d->maps[c->map].digest);
    sg_fold_i32(&d->digest, LS_OK);
    c->check_count = 0;
    for (t = 0; t < c->ticks; t++) {
        sg_fold_i32(&d->digest, LS_OK);
        sg_fold64(&d->digest, golden[t]);
        if (t % CHECK_EVERY == CHECK_EVERY - 1u || t + 1u == c->ticks) {
            rc |= put(t) | put64(golden[t]);
            c->check_count++;
        }
    }
    sg_fold64(&d->digest, golden[c->ticks]);
    c->run_digest = golden[c->ticks];
    g.ticks += c->ticks;
    g.checks += c->check_count + 1u;
    return rc;
}

int sg_add_replay(sg_data *d, const char *dir, const sg_source *src,
                  uint32_t i)
{
    cli_replay_script s;
    mai_error err;
    ls_grid *grid = NULL;
    uint64_t *golden;
    uint8_t *cells;
    sg_crowd *c = &g.crowds[g.count];
    int32_t w = 0, h = 0, x, y, m;
    uint32_t pool;
    char name[64];

    snprintf(name, sizeof name, "%s/%c%03u.replay", src->sub, src->letter,
             (unsigned)i);
    if (g.count == MAX_CROWDS || sg_load_replay(dir, src, i, &s) != 0)
        return -1;
    if (mai_grid_load(s.map_file, (uint8_t)s.swamp_cost, LS_GRID_FULL, &grid,
                      NULL, &err) != 0 ||
        cli_replay_check_map(name, &s, grid, &err) != 0) {
        fprintf(stderr, "selftestgen: %s: %s\n", name, err.message);
        ls_grid_destroy(grid);
        cli_replay_free(&s);
        return -1;
    }
    ls_grid_size(grid, &w, &h);
    cells = malloc((size_t)w * (size_t)h);
    golden = malloc(((size_t)s.ticks + 1u) * sizeof *golden);
    if (!cells || !golden || (uint32_t)w * (uint32_t)h > SG_MAX_CELLS ||
        w > SG_MAX_WIDTH || h > SG_MAX_HEIGHT ||
        load_out(dir, src, i, s.ticks, golden) != 0) {
        fprintf(stderr, "selftestgen: %s: cannot take it\n", name);
        free(cells);
        free(golden);
        ls_grid_destroy(grid);
        cli_replay_free(&s);
        return -1;
    }
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            ls_grid_get(grid, x, y, &cells[(size_t)y * (size_t)w + (size_t)x]);
    ls_grid_destroy(grid);
    memset(c, 0, sizeof *c);
    snprintf(c->id, sizeof c->id, "%s%04u", src->prefix, (unsigned)i);
    c->index = i;
    c->ticks = s.ticks;
    c->version = s.version;
    c->fields = cli_replay_field_count(&s);
    c->agents = s.agent_count;
    c->budget = s.budget;
    c->cell_size = s.cell_size;
    c->options = s.options.query;
    c->avoidance = s.avoidance != 0;
    pool = smallest_pool(&s, cells, w, h, golden, name);
    m = pool ? crowd_map(d, cells, w, h) : -1;
    if (m < 0 || encode(&s, c) != 0) {
        if (!pool)
            free(cells);
        free(golden);
        cli_replay_free(&s);
        return -1;
    }
    c->map = (uint32_t)m;
    c->path_points = 2u * pool;
    checks_and_fold(d, c, golden);
    if (s.version >= 3) {
        g.v3++;
        g.v3_ticks += s.ticks;
        g.avoid_on += c->avoidance;
    }
    g.count++;
    free(golden);
    cli_replay_free(&s);
    return 0;
}

/* ------------------------------------------------------------------------
 * Writing
 * --------------------------------------------------------------------- */

void sg_write_crowds(vf_text *t)
{
    uint32_t i;
    size_t line = sg_array_open(t, "static const uint32_t crowd_words[]");
    for (i = 0; i < g.word_count; i++)
        sg_array_u32(t, g.words[i], &line);
    sg_array_close(t, line);
    sg_put(t, "static const ls__st_crowd crowds[] = {\n");
    for (i = 0; i < g.count; i++) {
        const sg_crowd *c = &g.crowds[i];
        const ls_query *q = &c->options;
        sg_put(t, "{\"");
        sg_put(t, c->id);
        sg_put(t, "\",");
        sg_u32(t, c->map); sg_put(t, ",");
        sg_u32(t, c->ticks); sg_put(t, ",");
        sg_i32(t, c->cell_size); sg_put(t, ",");
        sg_query_options(t, q);
        sg_u32(t, c->budget); sg_put(t, ",");
        sg_u32(t, c->avoidance); sg_put(t, ",");
        sg_u32(t, c->agents); sg_put(t, ",");
        sg_u32(t, c->fields); sg_put(t, ",");
        sg_u32(t, c->path_points); sg_put(t, ",");
        sg_u32(t, c->first_word); sg_put(t, ",");
        sg_u32(t, c->event_words); sg_put(t, ",");
        sg_u32(t, c->check_count); sg_put(t, ",");
        sg_hex64(t, c->run_digest);
        sg_put(t, "},\n");
    }
    sg_put(t, "};\n\n");
}

/* The fields of ls__selftest_data after words: "crowds, N, crowd_words, W". */
void sg_write_crowd_fields(vf_text *t)
{
    sg_put(t, g.count ? "crowds, " : "NULL, ");
    sg_u32(t, g.count);
    sg_put(t, g.word_count ? ", crowd_words, " : ", NULL, ");
    sg_u32(t, g.word_count);
}

uint32_t sg_crowd_count(void)
{
    return g.count;
}

void sg_print_crowd_summary(void)
{
    uint32_t i, v1 = 0, v2 = 0, fields = 0, agents = 0, points = 0;
    for (i = 0; i < g.count; i++) {
        v1 += g.crowds[i].version == 1;
        v2 += g.crowds[i].version == 2;
        if (g.crowds[i].fields > fields)
            fields = g.crowds[i].fields;
        if (g.crowds[i].agents > agents)
            agents = g.crowds[i].agents;
        if (g.crowds[i].path_points > points)
            points = g.crowds[i].path_points;
    }
    printf("selftestgen: %u crowd replays (%u version 1, %u version 2, %u "
           "version 3) on %u maps: %u ticks, %u events (%u edits, %u group "
           "orders, %u avoidance switches), %u digests compared, %u words; "
           "at most %u agents, %u fields, %u route points\n",
           (unsigned)g.count, (unsigned)v1, (unsigned)v2, (unsigned)g.v3,
           (unsigned)g.map_count, (unsigned)g.ticks, (unsigned)g.events,
           (unsigned)g.edits, (unsigned)g.groups, (unsigned)g.switches,
           (unsigned)g.checks, (unsigned)g.word_count, (unsigned)agents,
           (unsigned)fields, (unsigned)points);
    printf("selftestgen: version 3: %u ticks, %u with avoidance on from "
           "tick 0, %u agents with a radius or priority\n",
           (unsigned)g.v3_ticks, (unsigned)g.avoid_on, (unsigned)g.bodies);
}

void sg_free_crowds(void)
{
    uint32_t i;
    for (i = 0; i < g.map_count; i++)
        free(g.cells[i]);
    free(g.words);
    memset(&g, 0, sizeof g);
}
