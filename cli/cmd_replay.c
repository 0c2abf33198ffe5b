/* SPDX-License-Identifier: MIT */
/*
 * cmd_replay.c - `lockstar replay SCRIPT [--trace] [--record FILE]
 * [--verify FILE] [--check] [--budget E] [--threads N] [--profile]`: run
 * a replay script (docs/replay.md) and print `tick T DIGEST` per tick,
 * then `final DIGEST`; or record the trail, or verify a recorded one;
 * --check adds the overlap and arrival summary (replay_check.c).
 *
 * Exit status: 0 done (with --verify: every tick matched; with --check:
 * no overlap); 1 with --verify when a tick differs, with --check when any
 * tick had an overlap; 2 bad input (script, map, trail, options).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "lockstar.h"
#include "movingai.h"
#include "commands.h"
#include "options.h"
#include "output.h"
#include "replay.h"
#include "replay_check.h"
#include "replay_sim.h"
#include "replay_trail.h"

typedef struct replay_args {
    const char *script;
    const char *record, *verify;
    int trace, profile, check;
    int has_budget;
    uint32_t budget;
    uint32_t threads;
} replay_args;

static int usage_error(const char *what)
{
    return cli_fail("replay: %s (usage: lockstar replay SCRIPT [--trace] "
                    "[--record FILE | --verify FILE] [--check] [--budget E] "
                    "[--threads N] [--profile])", what);
}

/* Returns -1 to go on, or the exit status to end with. */
static int parse_args(int argc, char **argv, replay_args *a)
{
    int i = 1, rc, operands_only = 0;
    mai_error err;
    memset(a, 0, sizeof *a);
    a->threads = 1;
    while (i < argc) {
        const char *v = NULL;
        const char *arg = argv[i];
        if (!operands_only && strcmp(arg, "--") == 0) {
            operands_only = 1;
            i++;
            continue;
        }
        if (operands_only || arg[0] != '-' || arg[1] == '\0') {
            if (a->script)
                return usage_error("expected one SCRIPT");
            a->script = arg;
            i++;
            continue;
        }
        if (strcmp(arg, "--help") == 0) {
            printf("usage: lockstar replay SCRIPT [--trace] [--record FILE | "
                   "--verify FILE]\n"
                   "                       [--check] [--budget E] "
                   "[--threads N] [--profile]\n"
                   "Runs a lockstep replay script (docs/replay.md) and "
                   "prints 'tick T DIGEST'\nper tick, then 'final DIGEST'. "
                   "--check then prints the overlaps found\nafter every tick "
                   "and the arrivals ('check: ...', 'arrived: ...'; exit 1\n"
                   "on any overlap).\n");
            return cli_finish(CLI_EXIT_DONE);
        }
        if ((rc = cli_option_flag(argc, argv, &i, "--trace", &err)) != 0) {
            if (rc < 0)
                return cli_fail("replay: %s", err.message);
            a->trace = 1;
            continue;
        }
        if ((rc = cli_option_flag(argc, argv, &i, "--check", &err)) != 0) {
            if (rc < 0)
                return cli_fail("replay: %s", err.message);
            a->check = 1;
            continue;
        }
        if ((rc = cli_option_flag(argc, argv, &i, "--profile", &err)) != 0) {
            if (rc < 0)
                return cli_fail("replay: %s", err.message);
            a->profile = 1;
            continue;
        }
        if ((rc = cli_option_value(argc, argv, &i, "--record", &v, &err)) ||
            (rc = cli_option_value(argc, argv, &i, "--verify", &v, &err))) {
            int verify = strncmp(arg, "--verify", 8) == 0;
            if (rc < 0)
                return cli_fail("replay: %s", err.message);
            if (*v == '\0')
                return cli_fail("replay: %s needs a file name",
                                verify ? "--verify" : "--record");
            /* "--record --trace" would record into a file named
             * "--trace": a name starting with '-' is taken for a
             * forgotten value (./-x names such a file). */
            if (*v == '-')
                return cli_fail("replay: %s needs a file name, not '%s' "
                                "(write ./%s for a file of that name)",
                                verify ? "--verify" : "--record", v, v);
            if (verify ? a->verify != NULL : a->record != NULL)
                return cli_fail("replay: %s given twice",
                                verify ? "--verify" : "--record");
            *(verify ? &a->verify : &a->record) = v;
            continue;
        }
        if ((rc = cli_option_value(argc, argv, &i, "--budget", &v, &err))) {
            if (rc < 0)
                return cli_fail("replay: %s", err.message);
            if (cli_parse_uint(v, 0, UINT32_MAX, &a->budget) != 0)
                return cli_fail("replay: bad value '%s' for --budget: "
                                "expected a whole number from 0 to 4294967295 "
                                "(0 = no limit)", v);
            a->has_budget = 1;
            continue;
        }
        if ((rc = cli_option_value(argc, argv, &i, "--threads", &v, &err))) {
            if (rc < 0)
                return cli_fail("replay: %s", err.message);
            if (cli_parse_uint(v, 1, LS_BATCH_MAX_THREADS, &a->threads) != 0)
                return cli_fail("replay: bad value '%s' for --threads: "
                                "expected 1 to %d", v, LS_BATCH_MAX_THREADS);
            continue;
        }
        return cli_fail("replay: unknown option '%s'", arg);
    }
    if (!a->script)
        return usage_error("no SCRIPT given");
    if (a->record && a->verify)
        return usage_error("--record and --verify cannot be combined");
    if (a->trace && a->verify)
        return usage_error("--trace and --verify cannot be combined");
    if (a->check && a->verify)
        return usage_error("--check and --verify cannot be combined");
    return -1;
}

/* bodies: add " r R v VX,VY" (cli_replay_shows_bodies), raw fix16 like
 * X and Y. */
static void print_trace(const cli_sim *sim, int bodies)
{
    uint32_t k;
    for (k = 0; k < cli_sim_agent_count(sim); k++) {
        const ls_crowd_agent g = cli_sim_agent(sim, k);
        printf("agent %" PRId64 " %" PRId32 " %" PRId32 " %" PRId32
               ",%" PRId32 " %s", g.id, (int32_t)g.x, (int32_t)g.y,
               g.cell.x, g.cell.y, ls_crowd_state_name(g.state));
        if (g.on_field)
            printf(" field %" PRId32 ",%" PRId32, g.goal.x, g.goal.y);
        if (bodies)
            printf(" r %" PRId32 " v %" PRId32 ",%" PRId32,
                   (int32_t)g.radius, (int32_t)g.vx, (int32_t)g.vy);
        putchar('\n');
    }
}

static void print_profile(const cli_sim *sim, uint32_t ticks, clock_t total)
{
    const cli_sim_times *t = &sim->times;
    char buf[32];
    clock_t all = total > 0 ? total : 1;
    cli_format_cpu_time(total, buf, sizeof buf);
    fprintf(stderr,
            "lockstar replay: profile: %" PRIu32 " ticks in %s (%" PRIu64
            " ticks per second); searching %ld%%, flow fields %ld%%, "
            "smoothing and hand-over %ld%%, following %ld%%, avoidance "
            "%ld%%, edits and orders %ld%%, digests %ld%%\n",
            ticks, buf,
            (uint64_t)ticks * (uint64_t)CLOCKS_PER_SEC / (uint64_t)all,
            (long)(100 * t->search / all), (long)(100 * t->fields / all),
            (long)(100 * t->smooth / all), (long)(100 * t->follow / all),
            (long)(100 * t->avoid / all), (long)(100 * t->edits / all),
            (long)(100 * t->digest / all));
}

/* The run's summary on standard error, after a clean finish. */
static int summary(const cli_sim *sim, const cli_replay_script *s,
                   clock_t elapsed, int status)
{
    char buf[32];
    uint32_t k, n = cli_sim_agent_count(sim);
    uint32_t counts[LS_CROWD_NO_ROOM + 1] = { 0 };
    ls_crowd_stats stats;
    if (status != CLI_EXIT_DONE)
        return status;
    for (k = 0; k < n; k++)
        counts[cli_sim_agent(sim, k).state]++;
    ls_crowd_stats_get(sim->crowd, &stats);
    cli_format_cpu_time(elapsed, buf, sizeof buf);
    fprintf(stderr, "lockstar replay: %" PRIu32 " ticks, %" PRIu32 " agents "
            "(%" PRIu32 " arrived, %" PRIu32 " moving, %" PRIu32 " waiting, "
            "%" PRIu32 " unreachable, %" PRIu32 " idle%s), %" PRIu64 " paths "
            "asked for (%" PRIu64 " after edits), %" PRIu32 " threads, %s\n",
            s->ticks, n, counts[LS_CROWD_ARRIVED],
            counts[LS_CROWD_MOVING], counts[LS_CROWD_WAITING],
            counts[LS_CROWD_UNREACHABLE], counts[LS_CROWD_IDLE],
            counts[LS_CROWD_NO_ROOM] ? ", some without room for a route" : "",
            stats.requests, stats.replans, sim->threads, buf);
    /* With sizes or avoidance (version 3), what the avoidance did: the
     * crowd's counters of stuck agents' re-plans and of moves its
     * resolution halved or cancelled. */
    if (cli_replay_shows_bodies(s))
        fprintf(stderr, "lockstar replay: avoidance: %" PRIu64 " stuck "
                "re-plans, %" PRIu64 " moves cut\n", stats.stuck,
                stats.moves_cut);
    return status;
}

/* Run every tick: print, record or verify; check is NULL without
 * --check. */
static int run(const replay_args *a, const cli_replay_script *s,
               cli_sim *sim, const cli_trail *trail, FILE *record,
               cli_check *check)
{
    uint64_t final;
    clock_t start = clock();
    uint32_t tick;
    mai_error err;
    char why[512];
    int bodies = cli_replay_shows_bodies(s), overlaps = 0;
    for (tick = 0; tick < s->ticks; tick++) {
        uint64_t digest;
        if (check && cli_check_before_tick(check, sim, &err) != 0)
            return cli_fail_error(&err);
        if (cli_sim_tick(sim, &err) != 0)
            return cli_fail_error(&err);
        if (check && cli_check_after_tick(check, sim, &err) != 0)
            return cli_fail_error(&err);
        digest = cli_sim_digest(sim);
        if (trail) {
            if (cli_trail_compare(trail, sim, tick, digest, why,
                                  sizeof why)) {
                printf("verify: %s\n", why);
                return cli_finish(CLI_EXIT_NOT_FOUND);
            }
            continue;
        }
        printf("tick %" PRIu32 " %016" PRIx64 "\n", tick, digest);
        if (a->trace)
            print_trace(sim, bodies);
        if (record)
            cli_trail_write_tick(record, sim, tick, digest);
    }
    final = cli_sim_final(sim);
    if (trail) {
        if (trail->count > s->ticks) {
            printf("verify: the trail goes on after the run's last tick %"
                   PRIu32 " (it has %" PRIu32 " ticks)\n", s->ticks - 1u,
                   trail->count);
            return cli_finish(CLI_EXIT_NOT_FOUND);
        }
        if (trail->has_final && trail->final != final) {
            printf("verify: every tick matches, but the final digest "
                   "differs\n");
            return cli_finish(CLI_EXIT_NOT_FOUND);
        }
        printf("verify: %" PRIu32 " ticks match\n", s->ticks);
    } else {
        printf("final %016" PRIx64 "\n", final);
        if (record)
            fprintf(record, "final %016" PRIx64 "\n", final);
        if (check)
            overlaps = cli_check_print(check, stdout);
    }
    if (a->profile)
        print_profile(sim, s->ticks, clock() - start);
    if (summary(sim, s, clock() - start, cli_finish(CLI_EXIT_DONE)) !=
        CLI_EXIT_DONE)
        return CLI_EXIT_BAD_INPUT; /* standard output failed */
    return overlaps ? CLI_EXIT_NOT_FOUND : CLI_EXIT_DONE;
}

int cli_cmd_replay(int argc, char **argv)
{
    replay_args a;
    cli_replay_script s;
    cli_trail trail;
    cli_check check;
    cli_sim sim;
    mai_error err;
    ls_grid *grid = NULL;
    FILE *record = NULL;
    int status = parse_args(argc, argv, &a);
    if (status >= 0)
        return status;
    if (cli_replay_load(a.script, &s, &err) != 0)
        return cli_fail_error(&err);
    if (mai_grid_load(s.map_file, (uint8_t)s.swamp_cost, LS_GRID_FULL, &grid,
                      NULL, &err) != 0) {
        unsigned long line = s.map_line;
        cli_replay_free(&s);
        return cli_fail("%s:%lu: %s", a.script, line, err.message);
    }
    if (cli_sim_start(&sim, a.script, &s, grid,
                      a.has_budget ? a.budget : s.budget, a.threads,
                      a.profile, &err) != 0) {
        cli_sim_end(&sim);
        cli_replay_free(&s);
        return cli_fail_error(&err);
    }
    memset(&trail, 0, sizeof trail);
    memset(&check, 0, sizeof check);
    if (a.check && cli_check_start(&check, &sim, &err) != 0)
        status = cli_fail_error(&err);
    if (status < 0 && a.verify &&
        cli_trail_load(a.verify, s.agent_count, &trail, &err) != 0)
        status = cli_fail_error(&err);
    if (status < 0 && a.record) {
        /* Binary: LF line ends on every system, so trails compare. */
        record = fopen(a.record, "wb");
        if (!record)
            status = cli_fail("replay: cannot write %s", a.record);
        else
            fputs("lockstar-trail 1\n", record);
    }
    if (status < 0)
        status = run(&a, &s, &sim, a.verify ? &trail : NULL, record,
                     a.check ? &check : NULL);
    if (record && (fclose(record) != 0) && status == CLI_EXIT_DONE)
        status = cli_fail("replay: cannot write %s", a.record);
    cli_trail_free(&trail);
    cli_check_end(&check);
    cli_sim_end(&sim);
    cli_replay_free(&s);
    return status;
}
