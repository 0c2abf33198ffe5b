/* SPDX-License-Identifier: MIT */
/*
 * replay_read.c - reading a replay script (docs/replay.md) line by line
 * into a cli_replay_script. Every refusal names the file and line; nothing
 * is half-read: on an error the script is freed and emptied.
 */
#include <stdlib.h>
#include <string.h>
#include "memory.h"
#include "replay.h"

#define MAX_WORDS 64

/* One line split into words (pointers into a private copy). */
typedef struct line_words {
    char *word[MAX_WORDS];
    int count;
} line_words;

/* Settings seen so far, for "duplicate" messages. */
typedef struct seen_lines {
    uint32_t version, map, cell, swamp, budget, ticks, avoidance;
} seen_lines;

typedef struct reader {
    const char *name;
    uint32_t line;
    mai_error *err;
    cli_replay_script *s;
    seen_lines seen;
    uint32_t agent_room, event_room, group_room;
    uint32_t *index;       /* agent ids, see find_agent */
    uint32_t index_size;   /* a power of two, or 0 */
} reader;

static int fail(reader *r, const char *what, const char *detail)
{
    mai_error_set(r->err, "%s:%lu: %s%s", r->name, (unsigned long)r->line,
                  what, detail ? detail : "");
    return -1;
}

/* "'TEXT'" quoted for a message (mai_quote's rules). */
static const char *quoted(const char *text, char *buf, size_t size)
{
    char inner[48];
    mai_quote(text, strlen(text), inner, sizeof inner);
    strcpy(buf, " '");
    strncat(buf, inner, size - 4);
    strcat(buf, "'");
    return buf;
}

static int bad_word(reader *r, const char *what, const char *text)
{
    char q[64];
    return fail(r, what, quoted(text, q, sizeof q));
}

/* Split buf (a NUL-terminated line, CR removed) into words at spaces and
 * tabs. A word starting with '#' starts a comment that runs to the end of
 * the line. Other control bytes are refused. */
static int split(reader *r, char *buf, line_words *w)
{
    char *p = buf;
    w->count = 0;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\0' || *p == '#')
            return 0;
        if (w->count == MAX_WORDS)
            return fail(r, "too many words on one line (at most 64)", NULL);
        w->word[w->count++] = p;
        while (*p != '\0' && *p != ' ' && *p != '\t') {
            if (*p == '\r')
                return fail(r, MAI_CR_REASON, NULL);
            if ((unsigned char)*p < 0x20 || (unsigned char)*p == 0x7f)
                return fail(r, "a control byte in the line", NULL);
            p++;
        }
        if (*p != '\0')
            *p++ = '\0';
    }
}

static int want_words(reader *r, const line_words *w, int n,
                      const char *usage)
{
    if (w->count != n) {
        mai_error_set(r->err, "%s:%lu: '%s' takes %d value%s: %s", r->name,
                      (unsigned long)r->line, w->word[0], n - 1,
                      n == 2 ? "" : "s", usage);
        return -1;
    }
    return 0;
}

static int once(reader *r, uint32_t *seen, const char *key)
{
    if (*seen) {
        mai_error_set(r->err, "%s:%lu: a second '%s' line (the first is "
                      "line %lu)", r->name, (unsigned long)r->line, key,
                      (unsigned long)*seen);
        return -1;
    }
    *seen = r->line;
    return 0;
}

/* A signed decimal integer that fits int64_t (optional '-', digits). */
static int parse_id(const char *text, int64_t *out)
{
    const char *p = text;
    int negative = 0;
    uint64_t v = 0, limit;
    if (*p == '-') {
        negative = 1;
        p++;
    }
    if (*p == '\0')
        return -1;
    limit = negative ? (uint64_t)INT64_MAX + 1u : (uint64_t)INT64_MAX;
    for (; *p; p++) {
        unsigned d;
        if (*p < '0' || *p > '9')
            return -1;
        d = (unsigned)(*p - '0');
        if (v > (limit - d) / 10u)
            return -1;
        v = v * 10u + d;
    }
    if (negative)
        *out = v == (uint64_t)INT64_MAX + 1u ? INT64_MIN : -(int64_t)v;
    else
        *out = (int64_t)v;
    return 0;
}

static int parse_cell(reader *r, const char *text, int32_t *x, int32_t *y)
{
    if (cli_parse_point(text, x, y) != 0)
        return bad_word(r, "bad cell (expected X,Y: whole numbers below "
                        "16384):", text);
    return 0;
}

static int parse_cost(reader *r, const char *text, uint8_t *cost)
{
    uint32_t v;
    if (cli_parse_uint(text, 0, 255, &v) != 0)
        return bad_word(r, "bad cost (expected 0 to 255, 0 = blocked):",
                        text);
    *cost = (uint8_t)v;
    return 0;
}

/* A positive decimal in world units (cell size, speed). */
static int parse_length(reader *r, const char *text, const char *what,
                        fix16_t *out)
{
    fix16_t v;
    if (ls_fix16_parse(text, &v) != LS_OK || v <= 0) {
        char msg[96];
        strcpy(msg, "bad ");
        strcat(msg, what);
        strcat(msg, " (expected a decimal above 0, at most 32767.99998):");
        return bad_word(r, msg, text);
    }
    *out = v;
    return 0;
}

static int grow(reader *r, void **array, uint32_t *room, uint32_t count,
                size_t size)
{
    void *bigger;
    uint32_t n;
    if (count < *room)
        return 0;
    n = *room ? *room * 2u : 64u;
    bigger = cli_resize(*array, (size_t)n * size);
    if (!bigger)
        return fail(r, "out of memory", NULL);
    *array = bigger;
    *room = n;
    return 0;
}

/* The agents' ids, hashed (open addressing, linear probing) so that a
 * script of 100000 agents is read in linear time: slots hold an agent's
 * index + 1, 0 when empty; the table is kept at most half full. */
static uint32_t id_slot(int64_t id, uint32_t mask)
{
    /* SplitMix64 of the id: the library's generator seeded with the id
     * gives exactly that as its first number (lockstar.h, ls_rng). */
    ls_rng rng;
    ls_rng_seed(&rng, (uint64_t)id);
    return (uint32_t)ls_rng_next(&rng) & mask;
}

static const cli_replay_agent *find_agent(const reader *r, int64_t id)
{
    uint32_t k;
    if (r->index_size == 0)
        return NULL;
    for (k = id_slot(id, r->index_size - 1u); r->index[k] != 0;
         k = (k + 1u) & (r->index_size - 1u))
        if (r->s->agents[r->index[k] - 1u].id == id)
            return &r->s->agents[r->index[k] - 1u];
    return NULL;
}

/* Index agents[0 .. agent_count-1], growing the table first if needed. */
static int index_agents(reader *r)
{
    uint32_t n = r->s->agent_count, k, size = r->index_size;
    if (n * 2u <= size) {
        uint32_t j = id_slot(r->s->agents[n - 1u].id, size - 1u);
        while (r->index[j] != 0)
            j = (j + 1u) & (size - 1u);
        r->index[j] = n;
        return 0;
    }
    size = size ? size * 2u : 256u;
    cli_release(r->index);
    r->index = cli_alloc_zeroed(size, sizeof *r->index);
    if (!r->index)
        return fail(r, "out of memory", NULL);
    r->index_size = size;
    for (k = 0; k < n; k++) {
        uint32_t j = id_slot(r->s->agents[k].id, size - 1u);
        while (r->index[j] != 0)
            j = (j + 1u) & (size - 1u);
        r->index[j] = k + 1u;
    }
    return 0;
}

static int read_map(reader *r, const line_words *w)
{
    const char *slash;
    size_t dir, n;
    if (want_words(r, w, 2, "map FILE") != 0 || once(r, &r->seen.map, "map"))
        return -1;
    n = strlen(w->word[1]);
    r->s->map_path = cli_alloc(n + 1);
    slash = strrchr(r->name, '/');
    dir = (slash && w->word[1][0] != '/') ? (size_t)(slash - r->name) + 1 : 0;
    r->s->map_file = cli_alloc(dir + n + 1);
    if (!r->s->map_path || !r->s->map_file)
        return fail(r, "out of memory", NULL);
    memcpy(r->s->map_path, w->word[1], n + 1);
    memcpy(r->s->map_file, r->name, dir);
    memcpy(r->s->map_file + dir, w->word[1], n + 1);
    r->s->map_line = r->line;
    return 0;
}

/* options --connect 8 --corners none ...: the CLI's query options, those
 * that change a query's result (not --budget, --context, --grid or
 * --swamp-cost, which have their own lines or do not apply). */
static int read_options(reader *r, line_words *w)
{
    static const char *const allowed[] = {
        "--connect", "--corners", "--heuristic", "--weight", "--tie",
        "--straight", "--diagonal", "--algo", "--max-expansions", NULL
    };
    int i = 1;
    mai_error e;
    while (i < w->count) {
        const char *word = w->word[i];
        int k, ok = 0, rc;
        for (k = 0; allowed[k]; k++) {
            size_t n = strlen(allowed[k]);
            if (strncmp(word, allowed[k], n) == 0 &&
                (word[n] == '\0' || word[n] == '='))
                ok = 1;
        }
        if (!ok)
            return bad_word(r, "not a query option of a replay (--connect, "
                            "--corners, --heuristic, --weight, --tie, "
                            "--straight, --diagonal, --algo, "
                            "--max-expansions):", word);
        rc = cli_options_take(w->count, w->word, &i, &r->s->options, &e);
        if (rc < 0)
            return fail(r, e.message, NULL);
    }
    if (cli_options_check(&r->s->options, &e) != 0)
        return fail(r, e.message, NULL);
    /* A crowd's grid holds no jump, hierarchy or landmark tables yet, so
     * these would be refused query by query; say so once, here. */
    if (r->s->options.query.algorithm == LS_ALGO_JPS_PLUS ||
        r->s->options.query.algorithm == LS_ALGO_HPA ||
        r->s->options.query.heuristic == LS_HEURISTIC_LANDMARKS)
        return fail(r, "--algo jps+, --algo hpa and --heuristic landmarks "
                    "are not served by replays (a crowd's grid holds no "
                    "tables)", NULL);
    return 0;
}

/* "'WORD' needs 'lockstar-replay 3'": what version 3 added, named with
 * its line in an older script, so a script says which rules it needs. */
static int needs_v3(reader *r, const char *word)
{
    mai_error_set(r->err, "%s:%lu: '%s' needs 'lockstar-replay 3' (this "
                  "script says 'lockstar-replay %lu')", r->name,
                  (unsigned long)r->line, word, (unsigned long)r->s->version);
    return -1;
}

/* on|off (avoidance lines) into *on. */
static int parse_on_off(reader *r, const char *text, int32_t *on)
{
    if (strcmp(text, "on") != 0 && strcmp(text, "off") != 0)
        return bad_word(r, "bad avoidance setting (expected on or off):",
                        text);
    *on = text[1] == 'n';
    return 0;
}

/* Version 3's "radius R" and "priority P" after an agent's speed: words
 * 4 .. count-1 in pairs, either order, each at most once. The radius is
 * checked against LS_CROWD_MAX_RADIUS here; whether its clearance class
 * fits the script's cell size is the library's answer (ls_crowd_set_body,
 * replay_sim.c), since the cell line may come later. */
static int read_body(reader *r, const line_words *w, cli_replay_agent *a)
{
    int k, seen_radius = 0, seen_priority = 0;
    for (k = 4; k + 1 < w->count; k += 2) {
        const char *key = w->word[k], *value = w->word[k + 1];
        int radius = strcmp(key, "radius") == 0;
        int *seen = radius ? &seen_radius : &seen_priority;
        if (!radius && strcmp(key, "priority") != 0)
            return bad_word(r, "unknown agent setting (expected radius or "
                            "priority):", key);
        if (*seen) {
            mai_error_set(r->err, "%s:%lu: '%s' is given twice on one line",
                          r->name, (unsigned long)r->line, key);
            return -1;
        }
        *seen = 1;
        if (radius) {
            fix16_t v;
            if (ls_fix16_parse(value, &v) != LS_OK || v < 0 ||
                v > LS_CROWD_MAX_RADIUS)
                return bad_word(r, "bad radius (expected a decimal from 0 "
                                "to 64):", value);
            a->radius = v;
        } else {
            uint32_t v;
            if (cli_parse_uint(value, 0, LS_CROWD_MAX_PRIORITY, &v) != 0)
                return bad_word(r, "bad priority (expected a whole number "
                                "from 0 to 99):", value);
            a->priority = (int32_t)v;
        }
    }
    return 0;
}

static int read_agent(reader *r, const line_words *w)
{
    cli_replay_agent a;
    memset(&a, 0, sizeof a);
    if (r->s->version < 3 && w->count > 4 &&
        (strcmp(w->word[4], "radius") == 0 ||
         strcmp(w->word[4], "priority") == 0))
        return needs_v3(r, w->word[4]);
    if (r->s->version < 3) {
        if (want_words(r, w, 4, "agent ID X,Y SPEED") != 0)
            return -1;
    } else if (w->count != 4 && w->count != 6 && w->count != 8) {
        return fail(r, "'agent' takes 3 values, then 'radius R' and "
                    "'priority P' if wanted: agent ID X,Y SPEED [radius R] "
                    "[priority P]", NULL);
    }
    if (parse_id(w->word[1], &a.id) != 0)
        return bad_word(r, "bad agent id (expected a whole number from "
                        "-9223372036854775808 to 9223372036854775807):",
                        w->word[1]);
    if (find_agent(r, a.id)) {
        mai_error_set(r->err, "%s:%lu: agent %s is declared twice (first "
                      "at line %lu)", r->name, (unsigned long)r->line,
                      w->word[1], (unsigned long)find_agent(r, a.id)->line);
        return -1;
    }
    if (r->s->agent_count == CLI_REPLAY_MAX_AGENTS)
        return fail(r, "too many agents (at most 100000)", NULL);
    if (parse_cell(r, w->word[2], &a.x, &a.y) != 0 ||
        parse_length(r, w->word[3], "speed", &a.speed) != 0 ||
        read_body(r, w, &a) != 0)
        return -1;
    a.line = r->line;
    if (grow(r, (void **)&r->s->agents, &r->agent_room, r->s->agent_count,
             sizeof a) != 0)
        return -1;
    r->s->agents[r->s->agent_count++] = a;
    return index_agents(r);
}

/* at T group X,Y ID [ID ...]: the ids go to the script's group_ids. */
static int read_group(reader *r, const line_words *w, cli_replay_event *e)
{
    int k;
    if (r->s->version < 2)
        return fail(r, "'group' orders need 'lockstar-replay 2' (this "
                    "script says 'lockstar-replay 1')", NULL);
    if (w->count < 5)
        return fail(r, "'group' takes a goal and at least one agent: "
                    "at T group X,Y ID [ID ...]", NULL);
    e->kind = CLI_REPLAY_GROUP;
    if (parse_cell(r, w->word[3], &e->x, &e->y) != 0)
        return -1;
    e->first = r->s->group_id_count;
    for (k = 4; k < w->count; k++) {
        int64_t id;
        if (parse_id(w->word[k], &id) != 0)
            return bad_word(r, "bad agent id (expected a whole number from "
                            "-9223372036854775808 to 9223372036854775807):",
                            w->word[k]);
        if (!find_agent(r, id))
            return bad_word(r, "no agent with this id is declared before "
                            "this line:", w->word[k]);
        if (grow(r, (void **)&r->s->group_ids, &r->group_room,
                 r->s->group_id_count, sizeof id) != 0)
            return -1;
        r->s->group_ids[r->s->group_id_count++] = id;
    }
    e->count = r->s->group_id_count - e->first;
    return 0;
}

/* at T move ID X,Y | at T set X,Y COST | at T rect X,Y W,H COST |
 * at T group X,Y ID [ID ...] | at T avoidance on|off */
static int read_event(reader *r, const line_words *w)
{
    cli_replay_event e;
    const char *verb;
    memset(&e, 0, sizeof e);
    if (w->count < 3)
        return fail(r, "'at' needs a tick and an order: at T move ID X,Y, "
                    "at T set X,Y COST or at T rect X,Y W,H COST", NULL);
    if (cli_parse_uint(w->word[1], 0, CLI_REPLAY_MAX_TICKS - 1, &e.tick) != 0)
        return bad_word(r, "bad tick (expected a whole number below "
                        "10000000):", w->word[1]);
    if (r->s->event_count > 0 &&
        e.tick < r->s->events[r->s->event_count - 1].tick) {
        mai_error_set(r->err, "%s:%lu: tick %lu comes after tick %lu (line "
                      "%lu): 'at' lines must be in tick order", r->name,
                      (unsigned long)r->line, (unsigned long)e.tick,
                      (unsigned long)r->s->events[r->s->event_count - 1].tick,
                      (unsigned long)r->s->events[r->s->event_count - 1].line);
        return -1;
    }
    verb = w->word[2];
    if (strcmp(verb, "move") == 0) {
        if (want_words(r, w, 5, "at T move ID X,Y") != 0)
            return -1;
        e.kind = CLI_REPLAY_MOVE;
        if (parse_id(w->word[3], &e.agent) != 0)
            return bad_word(r, "bad agent id (expected a whole number from "
                        "-9223372036854775808 to 9223372036854775807):",
                            w->word[3]);
        if (!find_agent(r, e.agent))
            return bad_word(r, "no agent with this id is declared before "
                            "this line:", w->word[3]);
        if (parse_cell(r, w->word[4], &e.x, &e.y) != 0)
            return -1;
    } else if (strcmp(verb, "set") == 0) {
        if (want_words(r, w, 5, "at T set X,Y COST") != 0)
            return -1;
        e.kind = CLI_REPLAY_SET;
        e.w = e.h = 1;
        if (parse_cell(r, w->word[3], &e.x, &e.y) != 0 ||
            parse_cost(r, w->word[4], &e.cost) != 0)
            return -1;
    } else if (strcmp(verb, "rect") == 0) {
        if (want_words(r, w, 6, "at T rect X,Y W,H COST") != 0)
            return -1;
        e.kind = CLI_REPLAY_RECT;
        if (parse_cell(r, w->word[3], &e.x, &e.y) != 0)
            return -1;
        if (cli_parse_point(w->word[4], &e.w, &e.h) != 0 || e.w < 1 ||
            e.h < 1)
            return bad_word(r, "bad rectangle size (expected W,H: whole "
                            "numbers from 1 to 16383):", w->word[4]);
        if (parse_cost(r, w->word[5], &e.cost) != 0)
            return -1;
    } else if (strcmp(verb, "group") == 0) {
        if (read_group(r, w, &e) != 0)
            return -1;
    } else if (strcmp(verb, "avoidance") == 0) {
        int32_t on = 0;
        if (r->s->version < 3)
            return needs_v3(r, "avoidance");
        if (want_words(r, w, 4, "at T avoidance on|off") != 0 ||
            parse_on_off(r, w->word[3], &on) != 0)
            return -1;
        e.kind = CLI_REPLAY_AVOID;
        e.cost = (uint8_t)on;
    } else {
        return bad_word(r, r->s->version >= 3
                               ? "unknown order (expected move, group, set, "
                                 "rect or avoidance):"
                           : r->s->version >= 2
                               ? "unknown order (expected move, group, set "
                                 "or rect):"
                               : "unknown order (expected move, set or "
                                 "rect):",
                        verb);
    }
    e.line = r->line;
    if (grow(r, (void **)&r->s->events, &r->event_room, r->s->event_count,
             sizeof e) != 0)
        return -1;
    r->s->events[r->s->event_count++] = e;
    return 0;
}

static int read_line(reader *r, line_words *w)
{
    const char *key = w->word[0];
    if (!r->seen.version) {
        if (strcmp(key, "lockstar-replay") != 0)
            return fail(r, "a replay script starts with 'lockstar-replay 1'",
                        NULL);
        if (w->count != 2 || (strcmp(w->word[1], "1") != 0 &&
                              strcmp(w->word[1], "2") != 0 &&
                              strcmp(w->word[1], "3") != 0))
            return fail(r, "unsupported replay version (this lockstar reads "
                        "'lockstar-replay 1', 'lockstar-replay 2' and "
                        "'lockstar-replay 3')", NULL);
        r->s->version = (uint32_t)(w->word[1][0] - '0');
        r->seen.version = r->line;
        return 0;
    }
    if (strcmp(key, "map") == 0)
        return read_map(r, w);
    if (strcmp(key, "cell") == 0)
        return want_words(r, w, 2, "cell SIZE") != 0 ||
               once(r, &r->seen.cell, "cell") != 0 ||
               parse_length(r, w->word[1], "cell size", &r->s->cell_size);
    if (strcmp(key, "swamp-cost") == 0) {
        if (want_words(r, w, 2, "swamp-cost N") != 0 ||
            once(r, &r->seen.swamp, "swamp-cost") != 0)
            return -1;
        if (cli_parse_uint(w->word[1], 1, 255, &r->s->swamp_cost) != 0)
            return bad_word(r, "bad swamp cost (expected 1 to 255):",
                            w->word[1]);
        return 0;
    }
    if (strcmp(key, "options") == 0)
        return read_options(r, w);
    if (strcmp(key, "budget") == 0) {
        if (want_words(r, w, 2, "budget E") != 0 ||
            once(r, &r->seen.budget, "budget") != 0)
            return -1;
        if (cli_parse_uint(w->word[1], 0, UINT32_MAX, &r->s->budget) != 0)
            return bad_word(r, "bad budget (expected a whole number from 0 "
                            "to 4294967295, 0 = no limit):", w->word[1]);
        return 0;
    }
    if (strcmp(key, "avoidance") == 0) {
        if (r->s->version < 3)
            return needs_v3(r, "avoidance");
        return want_words(r, w, 2, "avoidance on|off") != 0 ||
               once(r, &r->seen.avoidance, "avoidance") != 0 ||
               parse_on_off(r, w->word[1], &r->s->avoidance);
    }
    if (strcmp(key, "agent") == 0)
        return read_agent(r, w);
    if (strcmp(key, "at") == 0)
        return read_event(r, w);
    if (strcmp(key, "ticks") == 0) {
        if (want_words(r, w, 2, "ticks N") != 0 ||
            once(r, &r->seen.ticks, "ticks") != 0)
            return -1;
        if (cli_parse_uint(w->word[1], 0, CLI_REPLAY_MAX_TICKS,
                           &r->s->ticks) != 0)
            return bad_word(r, "bad tick count (expected 0 to 10000000):",
                            w->word[1]);
        return 0;
    }
    if (strcmp(key, "lockstar-replay") == 0)
        return fail(r, "a second 'lockstar-replay' line", NULL);
    return bad_word(r, "unknown command:", key);
}

/* After the last line: what the whole script must hold. */
static int read_end(reader *r)
{
    uint32_t k;
    if (!r->seen.version) {
        mai_error_set(r->err, "%s: empty script (it starts with "
                      "'lockstar-replay 1')", r->name);
        return -1;
    }
    if (!r->seen.map) {
        mai_error_set(r->err, "%s: no 'map FILE' line", r->name);
        return -1;
    }
    if (!r->seen.ticks) {
        mai_error_set(r->err, "%s: no 'ticks N' line", r->name);
        return -1;
    }
    for (k = 0; k < r->s->event_count; k++) {
        const cli_replay_event *e = &r->s->events[k];
        if (e->tick >= r->s->ticks) {
            mai_error_set(r->err, "%s:%lu: tick %lu is not run (ticks %lu "
                          "runs ticks 0 to %lu, line %lu)", r->name,
                          (unsigned long)e->line, (unsigned long)e->tick,
                          (unsigned long)r->s->ticks,
                          (unsigned long)r->s->ticks - 1u,
                          (unsigned long)r->seen.ticks);
            return -1;
        }
    }
    return 0;
}

int cli_replay_parse(const char *name, const char *text, size_t length,
                     cli_replay_script *s, mai_error *err)
{
    reader r;
    mai_cursor cursor;
    mai_line line;
    char *buf;
    int rc = 0;

    memset(s, 0, sizeof *s);
    memset(&r, 0, sizeof r);
    r.name = name ? name : "(replay)";
    r.err = err;
    r.s = s;
    cli_options_init(&s->options);
    s->cell_size = 0x10000;
    s->swamp_cost = 1;
    buf = cli_alloc(length + 1);
    if (!buf) {
        mai_error_set(err, "%s: out of memory", r.name);
        return -1;
    }
    mai_text_begin(&cursor, text, length);
    while (rc == 0 && mai_text_next(&cursor, &line)) {
        line_words w;
        r.line = line.number;
        if (memchr(line.start, '\0', line.length)) {
            rc = fail(&r, "a NUL byte in the line", NULL);
            break;
        }
        memcpy(buf, line.start, line.length);
        buf[line.length] = '\0';
        rc = split(&r, buf, &w);
        if (rc == 0 && w.count > 0)
            rc = read_line(&r, &w);
    }
    cli_release(buf);
    cli_release(r.index);
    if (rc == 0)
        rc = read_end(&r);
    if (rc != 0)
        cli_replay_free(s);
    return rc;
}

int cli_replay_load(const char *path, cli_replay_script *s, mai_error *err)
{
    char *text;
    size_t length;
    int rc;
    memset(s, 0, sizeof *s);
    if (mai_read_file(path, &text, &length, err) != 0)
        return -1;
    rc = cli_replay_parse(path, text, length, s, err);
    free(text);
    return rc;
}

static int outside(const ls_grid *grid, int32_t x, int32_t y, int32_t w,
                   int32_t h)
{
    int32_t width = 0, height = 0;
    ls_grid_size(grid, &width, &height);
    return x >= width || y >= height || w > width - x || h > height - y;
}

int cli_replay_check_map(const char *name, const cli_replay_script *s,
                         const ls_grid *grid, mai_error *err)
{
    int32_t width = 0, height = 0;
    uint32_t k;
    ls_grid_size(grid, &width, &height);
    for (k = 0; k < s->agent_count; k++) {
        const cli_replay_agent *a = &s->agents[k];
        uint8_t cost = 0;
        if (outside(grid, a->x, a->y, 1, 1)) {
            mai_error_set(err, "%s:%lu: agent starts at %ld,%ld, outside "
                          "the %ldx%ld map", name, (unsigned long)a->line,
                          (long)a->x, (long)a->y, (long)width, (long)height);
            return -1;
        }
        ls_grid_get(grid, a->x, a->y, &cost);
        if (cost == LS_CELL_BLOCKED) {
            mai_error_set(err, "%s:%lu: agent starts on a blocked cell "
                          "%ld,%ld", name, (unsigned long)a->line,
                          (long)a->x, (long)a->y);
            return -1;
        }
    }
    for (k = 0; k < s->event_count; k++) {
        const cli_replay_event *e = &s->events[k];
        if (e->kind == CLI_REPLAY_AVOID)
            continue; /* no cell */
        if (outside(grid, e->x, e->y, e->w ? e->w : 1, e->h ? e->h : 1)) {
            mai_error_set(err, "%s:%lu: %s %ld,%ld%s is outside the %ldx%ld "
                          "map", name, (unsigned long)e->line,
                          e->kind == CLI_REPLAY_MOVE ||
                                  e->kind == CLI_REPLAY_GROUP ? "goal" :
                          e->kind == CLI_REPLAY_SET ? "cell" : "rectangle at",
                          (long)e->x, (long)e->y,
                          e->kind == CLI_REPLAY_RECT ? " (with its size)" : "",
                          (long)width, (long)height);
            return -1;
        }
    }
    return 0;
}

uint32_t cli_replay_field_count(const cli_replay_script *s)
{
    uint32_t k, j, n = 0;
    for (k = 0; k < s->event_count && n < 64u; k++) {
        const cli_replay_event *e = &s->events[k];
        if (e->kind != CLI_REPLAY_GROUP)
            continue;
        for (j = 0; j < k; j++)
            if (s->events[j].kind == CLI_REPLAY_GROUP &&
                s->events[j].x == e->x && s->events[j].y == e->y)
                break;
        if (j == k)
            n++;
    }
    return n;
}

int cli_replay_shows_bodies(const cli_replay_script *s)
{
    uint32_t k;
    if (s->version < 3)
        return 0;
    if (s->avoidance)
        return 1;
    for (k = 0; k < s->agent_count; k++)
        if (s->agents[k].radius > 0)
            return 1;
    for (k = 0; k < s->event_count; k++)
        if (s->events[k].kind == CLI_REPLAY_AVOID && s->events[k].cost)
            return 1;
    return 0;
}

void cli_replay_free(cli_replay_script *s)
{
    cli_release(s->map_path);
    cli_release(s->map_file);
    cli_release(s->agents);
    cli_release(s->events);
    cli_release(s->group_ids);
    memset(s, 0, sizeof *s);
}
