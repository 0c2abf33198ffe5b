/* SPDX-License-Identifier: MIT */
/*
 * replay_trail.c - writing and reading trail files (docs/replay.md, "The
 * trail file"), and telling what differs at a tick.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "memory.h"
#include "replay_trail.h"

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

/* Exactly n lowercase hex digits. */
static int parse_hex(const char *p, size_t n, uint64_t *out)
{
    uint64_t v = 0;
    size_t k;
    for (k = 0; k < n; k++) {
        int d = hex_value(p[k]);
        if (d < 0)
            return -1;
        v = v << 4 | (uint64_t)d;
    }
    *out = v;
    return 0;
}

static int parse_digest(const char *word, uint64_t *out)
{
    return strlen(word) == 16 ? parse_hex(word, 16, out) : -1;
}

static int parse_int(const char *p, int64_t min, int64_t max, int64_t *out)
{
    int negative = *p == '-';
    uint64_t v = 0;
    if (negative)
        p++;
    if (*p == '\0')
        return -1;
    for (; *p; p++) {
        if (*p < '0' || *p > '9' || v > (UINT64_MAX - 9u) / 10u)
            return -1;
        v = v * 10u + (uint64_t)(*p - '0');
        if (v > (uint64_t)INT64_MAX + 1u)
            return -1;
    }
    if (negative) {
        if (v > (uint64_t)INT64_MAX + 1u)
            return -1;
        *out = v == (uint64_t)INT64_MAX + 1u ? INT64_MIN : -(int64_t)v;
    } else {
        if (v > (uint64_t)INT64_MAX)
            return -1;
        *out = (int64_t)v;
    }
    return *out < min || *out > max ? -1 : 0;
}

static int state_of(const char *name)
{
    int32_t k;
    for (k = 0; k <= LS_CROWD_NO_ROOM; k++)
        if (strcmp(name, ls_crowd_state_name(k)) == 0)
            return k;
    return -1;
}

void cli_trail_free(cli_trail *t)
{
    uint32_t k;
    for (k = 0; k < t->count; k++) {
        cli_release(t->ticks[k].agents);
        cli_release(t->ticks[k].traced);
    }
    cli_release(t->ticks);
    memset(t, 0, sizeof *t);
}

typedef struct trail_reader {
    const char *path;
    uint32_t line;
    mai_error *err;
    cli_trail *t;
    uint32_t room;
    uint32_t traced;    /* agent lines read for the last tick */
} trail_reader;

static int bad(trail_reader *r, const char *reason)
{
    mai_error_set(r->err, "%s:%lu: %s", r->path, (unsigned long)r->line,
                  reason);
    return -1;
}

static cli_trail_tick *last_tick(trail_reader *r)
{
    return r->t->count ? &r->t->ticks[r->t->count - 1] : NULL;
}

static int read_tick(trail_reader *r, char **w, int n)
{
    cli_trail_tick *k;
    int64_t number;
    if (n != 3 || parse_int(w[1], 0, INT32_MAX, &number) != 0)
        return bad(r, "expected 'tick T DIGEST'");
    if ((uint64_t)number != r->t->count)
        return bad(r, "ticks must count up from 0, one line each");
    if (r->t->has_final)
        return bad(r, "a tick after the 'final' line");
    if (last_tick(r) && last_tick(r)->traced && r->traced != r->t->agent_count)
        return bad(r, "the tick before has not one 'agent' line per agent");
    if (r->t->count == r->room) {
        uint32_t room = r->room ? r->room * 2u : 1024u;
        cli_trail_tick *bigger = cli_resize(r->t->ticks, room * sizeof *bigger);
        if (!bigger)
            return bad(r, "out of memory");
        r->t->ticks = bigger;
        r->room = room;
    }
    k = &r->t->ticks[r->t->count++];
    memset(k, 0, sizeof *k);
    k->line = r->line;
    r->traced = 0;
    if (parse_digest(w[2], &k->digest) != 0)
        return bad(r, "a digest is 16 lowercase hex digits");
    return 0;
}

static int read_agents(trail_reader *r, char **w, int n)
{
    cli_trail_tick *k = last_tick(r);
    uint32_t a, count = r->t->agent_count;
    if (!k || k->agents)
        return bad(r, "an 'agents' line belongs after its tick line, once");
    if (n != 2 && !(n == 1 && count == 0))
        return bad(r, "expected 'agents HHHH...'");
    if ((n == 1 ? 0 : strlen(w[1])) != (size_t)count * 4u)
        return bad(r, "the 'agents' line does not hold 4 hex digits for "
                   "each agent of the script");
    k->agents = cli_alloc((count ? count : 1) * sizeof *k->agents);
    if (!k->agents)
        return bad(r, "out of memory");
    for (a = 0; a < count; a++) {
        uint64_t v;
        if (parse_hex(w[1] + 4u * a, 4, &v) != 0)
            return bad(r, "the 'agents' line holds a non-hex digit");
        k->agents[a] = (uint16_t)v;
    }
    return 0;
}

/* agent ID X Y CX,CY STATE [field GX,GY] (a --trace line). */
static int read_agent(trail_reader *r, char **w, int n)
{
    cli_trail_tick *k = last_tick(r);
    cli_trail_agent *a;
    int64_t id, x, y;
    int state;
    if (!k)
        return bad(r, "an 'agent' line before any tick line");
    if ((n != 6 && (n != 8 || strcmp(w[6], "field") != 0)) ||
        parse_int(w[1], INT64_MIN, INT64_MAX, &id) != 0 ||
        parse_int(w[2], INT32_MIN, INT32_MAX, &x) != 0 ||
        parse_int(w[3], INT32_MIN, INT32_MAX, &y) != 0 ||
        (state = state_of(w[5])) < 0)
        return bad(r, "expected 'agent ID X Y CX,CY STATE [field GX,GY]'");
    if (r->traced >= r->t->agent_count)
        return bad(r, "more 'agent' lines than the script has agents");
    if (!k->traced) {
        k->traced = cli_alloc(r->t->agent_count * sizeof *k->traced);
        if (!k->traced)
            return bad(r, "out of memory");
    }
    a = &k->traced[r->traced++];
    a->id = id;
    a->x = (int32_t)x;
    a->y = (int32_t)y;
    a->state = state;
    return 0;
}

static int read_line(trail_reader *r, char *line)
{
    char *w[8];
    int n = 0;
    char *p = line;
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        if (n == 8)
            return bad(r, "too many words");
        w[n++] = p;
        while (*p && *p != ' ')
            p++;
        if (*p)
            *p++ = '\0';
    }
    if (n == 0)
        return 0;
    if (strcmp(w[0], "lockstar-trail") == 0)
        return r->line == 1 && n == 2 && strcmp(w[1], "1") == 0
                   ? 0
                   : bad(r, "'lockstar-trail 1' may only be the first line");
    if (strcmp(w[0], "tick") == 0)
        return read_tick(r, w, n);
    if (strcmp(w[0], "map") == 0) {
        cli_trail_tick *k = last_tick(r);
        if (!k || k->has_map || n != 2 || parse_digest(w[1], &k->map) != 0)
            return bad(r, "expected 'map DIGEST' once after a tick line");
        k->has_map = 1;
        return 0;
    }
    if (strcmp(w[0], "agents") == 0)
        return read_agents(r, w, n);
    if (strcmp(w[0], "agent") == 0)
        return read_agent(r, w, n);
    if (strcmp(w[0], "final") == 0) {
        if (r->t->has_final || n != 2 ||
            parse_digest(w[1], &r->t->final) != 0)
            return bad(r, "expected one 'final DIGEST' line");
        r->t->has_final = 1;
        return 0;
    }
    return bad(r, "not a trail line (tick, map, agents, agent, final)");
}

int cli_trail_parse(const char *name, char *text, size_t length,
                    uint32_t agent_count, cli_trail *t, mai_error *err)
{
    trail_reader r;
    mai_cursor cursor;
    mai_line line;
    int rc = 0;
    memset(t, 0, sizeof *t);
    memset(&r, 0, sizeof r);
    r.path = name;
    r.err = err;
    r.t = t;
    t->agent_count = agent_count;
    mai_text_begin(&cursor, text, length);
    while (rc == 0 && mai_text_next(&cursor, &line)) {
        size_t i;
        r.line = line.number;
        for (i = 0; i < line.length && rc == 0; i++)
            if ((unsigned char)line.start[i] < 0x20 ||
                (unsigned char)line.start[i] == 0x7f)
                rc = bad(&r, "a control byte in the line");
        if (rc == 0) {
            /* The line's end ('\n', '\r' or the file's NUL) is ours. */
            text[line.start - text + line.length] = '\0';
            rc = read_line(&r, text + (line.start - text));
        }
    }
    if (rc == 0 && last_tick(&r) && last_tick(&r)->traced &&
        r.traced != agent_count)
        rc = bad(&r, "the last tick has not one 'agent' line per agent");
    if (rc != 0)
        cli_trail_free(t);
    return rc;
}

int cli_trail_load(const char *path, uint32_t agent_count, cli_trail *t,
                   mai_error *err)
{
    char *text;
    size_t length;
    int rc;
    memset(t, 0, sizeof *t);
    if (mai_read_file(path, &text, &length, err) != 0)
        return -1;
    rc = cli_trail_parse(path, text, length, agent_count, t, err);
    free(text);
    return rc;
}

void cli_trail_write_tick(FILE *out, const cli_sim *sim, uint32_t tick,
                          uint64_t digest)
{
    uint64_t map = 0;
    uint32_t k;
    ls_grid_digest(sim->grid, &map);
    fprintf(out, "tick %" PRIu32 " %016" PRIx64 "\nmap %016" PRIx64
            "\nagents ", tick, digest, map);
    for (k = 0; k < cli_sim_agent_count(sim); k++)
        fprintf(out, "%04x",
                (unsigned)(cli_sim_agent_digest(sim, k) & 0xffffu));
    fputc('\n', out);
}

/* Append ", ID" (or "ID") to why, if it fits; count the rest. */
static void name_agent(char *why, size_t size, int64_t id, uint32_t *named,
                       uint32_t *unnamed)
{
    size_t used = strlen(why);
    char item[32];
    snprintf(item, sizeof item, "%s%" PRId64, *named ? ", " : "", id);
    if (used + strlen(item) + 24 < size) {
        strcat(why, item);
        (*named)++;
    } else {
        (*unnamed)++;
    }
}

int cli_trail_compare(const cli_trail *t, const cli_sim *sim, uint32_t tick,
                      uint64_t digest, char *why, size_t size)
{
    const cli_trail_tick *k;
    uint64_t map = 0;
    uint32_t a, named = 0, unnamed = 0;
    char head[96];
    if (tick >= t->count) {
        snprintf(why, size, "the trail ends before tick %" PRIu32, tick);
        return 1;
    }
    k = &t->ticks[tick];
    if (k->digest == digest)
        return 0;
    ls_grid_digest(sim->grid, &map);
    snprintf(why, size, "tick %" PRIu32 " differs (trail line %" PRIu32
             "): ", tick, k->line);
    if (k->has_map)
        strncat(why, k->map == map ? "the map matches" : "the map differs",
                size - strlen(why) - 1);
    else
        strncat(why, "the trail has no map digest",
                size - strlen(why) - 1);
    if (!k->agents && !k->traced) {
        strncat(why, "; the trail has no agent digests (record it with "
                "--record to see which agents differ)",
                size - strlen(why) - 1);
        return 1;
    }
    snprintf(head, sizeof head, "; agents differing: ");
    strncat(why, head, size - strlen(why) - 1);
    for (a = 0; a < cli_sim_agent_count(sim); a++) {
        const ls_crowd_agent g = cli_sim_agent(sim, a);
        int differs;
        if (k->traced)
            differs = k->traced[a].id != g.id || k->traced[a].x != g.x ||
                      k->traced[a].y != g.y ||
                      k->traced[a].state != g.state;
        else
            differs = k->agents[a] !=
                      (uint16_t)(cli_sim_agent_digest(sim, a) & 0xffffu);
        if (differs)
            name_agent(why, size, g.id, &named, &unnamed);
    }
    if (named == 0 && k->has_map && k->map != map)
        strncat(why, "none", size - strlen(why) - 1);
    else if (named == 0)
        strncat(why, "none in what the trail shows (the difference is in "
                "what it does not record)", size - strlen(why) - 1);
    else if (unnamed > 0) {
        snprintf(head, sizeof head, " and %" PRIu32 " more", unnamed);
        strncat(why, head, size - strlen(why) - 1);
    }
    return 1;
}
