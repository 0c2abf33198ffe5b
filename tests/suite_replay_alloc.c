/* SPDX-License-Identifier: MIT */
/*
 * suite_replay_alloc.c - the replay (cli/replay*.c) when memory runs out:
 * every allocation of reading a script, starting and running the
 * simulation (queue or batch model, and the library objects they create)
 * and reading a trail is failed in turn through cli/memory.h's hooks. Each
 * failure must come back as -1 with a message naming the lack of memory,
 * leave the script or trail empty, and leak nothing (blocks counted); and
 * the run that meets no failure must give the same digests as a run with
 * the C library's allocator.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "../cli/memory.h"
#include "../cli/replay.h"
#include "../cli/replay_sim.h"
#include "../cli/replay_trail.h"
#include "suites.h"
#include "test_util.h"

/* Counting hooks: every allocation from number fail_at on (counted from
 * 0, resizes included) is refused; fail_at < 0 never refuses. */
typedef struct counting {
    long calls, live, refused, fail_at;
} counting;

static int refuse(counting *c)
{
    if (c->fail_at >= 0 && c->calls++ >= c->fail_at) {
        c->refused++;
        return 1;
    }
    if (c->fail_at < 0)
        c->calls++;
    return 0;
}

static void *count_alloc(void *user, size_t size)
{
    counting *c = user;
    void *block;
    if (refuse(c))
        return NULL;
    block = malloc(size ? size : 1);
    c->live += block != NULL;
    return block;
}

static void *count_resize(void *user, void *block, size_t size)
{
    counting *c = user;
    void *bigger;
    if (refuse(c))
        return NULL;
    bigger = realloc(block, size ? size : 1);
    c->live += bigger != NULL && block == NULL;
    return bigger;
}

static void count_release(void *user, void *block)
{
    counting *c = user;
    c->live--;
    free(block);
}

static void use_counting(counting *c, long fail_at)
{
    cli_memory_hooks h;
    memset(c, 0, sizeof *c);
    c->fail_at = fail_at;
    h.alloc = count_alloc;
    h.resize = count_resize;
    h.release = count_release;
    h.user = c;
    cli_memory_use(&h);
}

static const char script_text[] =
    "lockstar-replay 1\nmap any.map\ncell 0.75\n"
    "options --connect 8\nbudget 9\n"
    "agent 20 1,1 0.3\nagent -5 10,5 1.25\nagent 7 2,5 0.5\n"
    "at 0 move 20 10,1\nat 0 move -5 1,5\nat 3 move 7 11,0\n"
    "at 12 rect 6,4 1,1 0\nat 40 set 6,4 1\nat 45 move 20 10,1\n"
    "ticks 90\n";


static int says_out_of_memory(const mai_error *err)
{
    return strstr(err->message, "out of memory") != NULL ||
           strstr(err->message, "OUT_OF_MEMORY") != NULL;
}

static int script_is_empty(const cli_replay_script *s)
{
    return !s->map_path && !s->map_file && !s->agents && !s->events &&
           s->agent_count == 0 && s->event_count == 0;
}

typedef struct outcome {
    int stage;          /* 0 parse, 1 start, 2 ticks, 3 done */
    int reported;       /* the failure came back as -1 with its message */
    int left_empty;     /* a failed parse left the script empty */
    uint64_t final;     /* the final digest when stage 3 */
} outcome;

/* A trail in memory: what --record writes (docs/replay.md). */
typedef struct trail_text {
    char text[32768];
    size_t length;
} trail_text;

static void add(trail_text *r, const char *line)
{
    size_t n = strlen(line);
    if (r->length + n < sizeof r->text) {
        memcpy(r->text + r->length, line, n + 1);
        r->length += n;
    }
}

static void record_tick(trail_text *r, const cli_sim *sim, uint32_t tick,
                        uint64_t digest)
{
    char line[64];
    uint64_t map;
    uint32_t k;
    ls_grid_digest(sim->grid, &map);
    sprintf(line, "tick %lu %016llx\nmap %016llx\nagents ",
            (unsigned long)tick, (unsigned long long)digest,
            (unsigned long long)map);
    add(r, line);
    for (k = 0; k < cli_sim_agent_count(sim); k++) {
        sprintf(line, "%04x",
                (unsigned)(cli_sim_agent_digest(sim, k) & 0xffffu));
        add(r, line);
    }
    add(r, "\n");
}

/* Read, start and run the script with `threads`; record what failed. */
static outcome run_script(uint32_t threads, trail_text *record)
{
    outcome o = { 0, 1, 1, 0 };
    cli_replay_script s;
    cli_sim sim;
    mai_error err;
    ls_grid *g;
    uint32_t t;
    if (cli_replay_parse("m.replay", script_text, strlen(script_text), &s,
                         &err) != 0) {
        o.reported = says_out_of_memory(&err);
        o.left_empty = script_is_empty(&s);
        return o;
    }
    o.stage = 1;
    g = tu_replay_grid();
    if (!g || cli_sim_start(&sim, "m.replay", &s, g, s.budget, threads, 0,
                            &err) != 0) {
        o.reported = g != NULL && says_out_of_memory(&err);
        cli_sim_end(&sim);
        cli_replay_free(&s);
        return o;
    }
    o.stage = 2;
    for (t = 0; t < s.ticks; t++) {
        uint64_t d;
        if (cli_sim_tick(&sim, &err) != 0) {
            o.reported = says_out_of_memory(&err);
            break;
        }
        d = cli_sim_digest(&sim);
        if (record)
            record_tick(record, &sim, t, d);
    }
    if (t == s.ticks)
        o.stage = 3;
    o.final = cli_sim_final(&sim);
    cli_sim_end(&sim);
    cli_replay_free(&s);
    return o;
}

static void every_failure_in_a_run_is_clean(uint32_t threads)
{
    outcome plain;
    long n, failures = 0, stages[3] = { 0, 0, 0 };
    cli_memory_use(NULL);
    plain = run_script(threads, NULL);
    CU_ASSERT_EQUAL_FATAL(plain.stage, 3);
    for (n = 0; n < 100000; n++) {
        counting c;
        outcome o;
        use_counting(&c, n);
        o = run_script(threads, NULL);
        cli_memory_use(NULL);
        CU_ASSERT_EQUAL(c.live, 0);
        if (c.refused == 0) {
            /* No failure met: the whole run, the same digests. */
            CU_ASSERT_EQUAL(o.stage, 3);
            CU_ASSERT_EQUAL(o.final, plain.final);
            break;
        }
        failures++;
        CU_ASSERT(o.stage < 3);
        CU_ASSERT(o.reported);
        CU_ASSERT(o.left_empty);
        if (o.stage < 3)
            stages[o.stage]++;
    }
    CU_ASSERT(n < 100000);
    /* Failures were met while reading and starting (the crowd: its
     * agents, route pool, batch and contexts), never while running: the
     * crowd's pool starts with room for every agent's path across this
     * map, so no tick allocates. */
    CU_ASSERT(stages[0] >= 3);
    CU_ASSERT(stages[1] >= 4);
    CU_ASSERT_EQUAL(stages[2], 0);
    CU_ASSERT(failures == stages[0] + stages[1] + stages[2]);
}

static void test_every_failure_with_the_queue_is_clean(void)
{
    every_failure_in_a_run_is_clean(1);
}

static void test_every_failure_with_the_batch_model_is_clean(void)
{
    every_failure_in_a_run_is_clean(3);
}

static void test_every_failure_reading_a_trail_is_clean(void)
{
    static trail_text trail;
    static char copy[sizeof trail.text];
    char line[64];
    outcome plain;
    long n, failures = 0;
    cli_memory_use(NULL);
    trail.length = 0;
    add(&trail, "lockstar-trail 1\n");
    plain = run_script(1, &trail);
    CU_ASSERT_EQUAL_FATAL(plain.stage, 3);
    /* --trace lines too, so a traced agents' array is allocated. */
    add(&trail, "agent -5 65536 65536 1,1 idle\nagent 7 0 0 2,5 idle\n"
                "agent 20 0 0 1,1 moving\n");
    sprintf(line, "final %016llx\n", (unsigned long long)plain.final);
    add(&trail, line);
    CU_ASSERT_FATAL(trail.length + 1 < sizeof trail.text);
    for (n = 0; n < 100000; n++) {
        counting c;
        cli_trail t;
        mai_error err;
        int rc;
        /* The reader overwrites line ends: a fresh copy each time. */
        memcpy(copy, trail.text, trail.length + 1);
        use_counting(&c, n);
        rc = cli_trail_parse("m.trail", copy, trail.length, 3, &t, &err);
        if (rc == 0) {
            CU_ASSERT_EQUAL(t.count, 90);
            CU_ASSERT(t.has_final && t.final == plain.final);
            cli_trail_free(&t);
        }
        cli_memory_use(NULL);
        CU_ASSERT_EQUAL(c.live, 0);
        if (c.refused == 0) {
            CU_ASSERT_EQUAL(rc, 0);
            break;
        }
        failures++;
        CU_ASSERT_EQUAL(rc, -1);
        CU_ASSERT(says_out_of_memory(&err));
        CU_ASSERT(t.ticks == NULL && t.count == 0);
    }
    /* The tick array, each tick's agents, the traced agents. */
    CU_ASSERT(failures >= 90);
}

int suite_replay_alloc_register(void)
{
    CU_pSuite s = CU_add_suite("replay-alloc", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "every failure with the queue is clean",
                     test_every_failure_with_the_queue_is_clean) ||
        !CU_add_test(s, "every failure with the batch model is clean",
                     test_every_failure_with_the_batch_model_is_clean) ||
        !CU_add_test(s, "every failure reading a trail is clean",
                     test_every_failure_reading_a_trail_is_clean))
        return -1;
    return 0;
}
