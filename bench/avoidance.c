/* SPDX-License-Identifier: MIT */
/*
 * avoidance.c - lockstar-avoid-bench: the crowd's avoidance step (issue
 * 22, "Speed") timed on the library's crowd itself, through its public
 * API only (lockstar_crowd.h), so the figure is what a game linking the
 * library gets.
 *
 * The scenario (one open area, kept busy): an open SIDE x SIDE grid (no
 * blocked cell; the outside counts as walls), N agents of radius 0.4
 * cells on distinct random cells (so no two discs start overlapping),
 * speeds 0.1 to 0.2 cells per tick, priorities 0 to 99, each ordered at
 * tick 0 to a random cell and ordered to another one whenever it has
 * arrived (or found no path), so that nearly every agent walks, through
 * the others, on every tick. Paths, not flow fields: each unit has its
 * own goal, the case where avoidance has the most to do. Budget 0 (every
 * search in its tick), the crowd's default avoidance settings (10
 * neighbours, horizon 20 ticks, stuck after 40).
 *
 * Timing: WARMUP ticks untimed (tick 0 searches N paths at once), then
 * TICKS ticks each timed around ls_crowd_tick, and the avoidance step
 * inside it by the crowd's phase hook (ls_crowd_config.phase: from
 * LS_CROWD_PHASE_AVOID to the next phase, i.e. steps 6a-6d: preferred
 * velocities, the neighbour grid, ORCA on the workers and the resolution
 * rounds). The same scenario runs with avoidance on and off, taking
 * turns for REPEAT rounds (which goes first alternates), so a slow spell
 * of a shared machine hits both alike; the row gives each figure's median
 * over the rounds. Every round of a setting must end on the same run
 * digest (the program aborts otherwise), and with --check every tick of
 * the first round with avoidance on is checked by ls_crowd_check_overlaps
 * (outside the timed calls).
 *
 * Clock: wall time (CLOCK_MONOTONIC) by default; --clock cpu times the
 * calling thread's CPU time instead, which leaves out the time other
 * processes held the CPU, and is refused with more than one thread (the
 * workers' time would not be counted).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lockstar.h"
#include "timer.h"

typedef struct setup {
    uint32_t agents, threads, warmup, ticks, repeat;
    int32_t side;
    int check;
} setup;

typedef struct run_figures {
    uint64_t tick_ns, avoid_ns;  /* sums over the timed ticks */
    uint64_t moving;             /* agents MOVING, summed over them */
    uint64_t digest;             /* the run digest at the end */
    uint32_t overlaps;           /* pairs + walls, every checked tick */
    ls_crowd_stats stats;
} run_figures;

/* The phase hook: time spent from LS_CROWD_PHASE_AVOID to the next phase
 * passed. */
typedef struct phase_clock {
    int32_t current;
    uint64_t since, avoid_ns;
} phase_clock;

static void on_phase(void *user, int32_t phase)
{
    phase_clock *pc = (phase_clock *)user;
    const uint64_t now = bench_now_ns();
    if (pc->current == LS_CROWD_PHASE_AVOID)
        pc->avoid_ns += now - pc->since;
    pc->current = phase;
    pc->since = now;
}

static void die(const char *what, ls_status st)
{
    fprintf(stderr, "lockstar-avoid-bench: %s: %s\n", what,
            ls_status_string(st));
    exit(2);
}

/* Park-Miller, so the scenario is the same on every run and machine. */
static uint32_t rng_state;
static uint32_t draw(uint32_t n)
{
    rng_state = (uint32_t)(((uint64_t)rng_state * 48271u) % 2147483647u);
    return rng_state % n;
}

static void order_somewhere(ls_crowd *crowd, int64_t id, int32_t side)
{
    const int32_t x = (int32_t)draw((uint32_t)side);
    const int32_t y = (int32_t)draw((uint32_t)side);
    ls_status st = ls_crowd_order(crowd, id, x, y);
    if (st != LS_OK)
        die("ls_crowd_order", st);
}

static void run_once(const setup *s, const ls_grid *grid, int avoidance,
                     int check, run_figures *out)
{
    const uint32_t cells = (uint32_t)s->side * (uint32_t)s->side;
    ls_crowd_config cfg;
    ls_crowd *crowd = NULL;
    phase_clock pc;
    uint32_t *cell_of;
    uint32_t i, t;
    ls_status st;

    memset(out, 0, sizeof *out);
    memset(&pc, 0, sizeof pc);
    ls_crowd_config_init(&cfg);
    cfg.width = cfg.height = s->side;
    cfg.capacity = s->agents;
    cfg.path_points = s->agents * (uint32_t)s->side;
    cfg.flags = LS_CROWD_GROW_PATHS | (avoidance ? LS_CROWD_AVOIDANCE : 0u);
    cfg.threads = s->threads;
    cfg.phase = on_phase;
    cfg.user = &pc;
    if ((st = ls_crowd_create(&cfg, NULL, &crowd)) != LS_OK)
        die("ls_crowd_create", st);

    /* Distinct start cells: the first N of a random permutation. */
    cell_of = malloc(cells * sizeof *cell_of);
    if (cell_of == NULL)
        die("malloc", LS_ERR_OUT_OF_MEMORY);
    for (i = 0; i < cells; i++)
        cell_of[i] = i;
    rng_state = 20261202u;
    for (i = 0; i < s->agents; i++) {
        const uint32_t j = i + draw(cells - i), c = cell_of[j];
        const int64_t id = (int64_t)i + 1;
        cell_of[j] = cell_of[i];
        cell_of[i] = c;
        st = ls_crowd_add(crowd, id, (int32_t)(c % (uint32_t)s->side),
                          (int32_t)(c / (uint32_t)s->side),
                          (fix16_t)(6554 + draw(6554)));
        if (st != LS_OK)
            die("ls_crowd_add", st);
        /* 0.4 cells: 26214 of the default cell size 1.0 (65536). */
        if ((st = ls_crowd_set_body(crowd, id, 26214, (int32_t)draw(100))) != LS_OK)
            die("ls_crowd_set_body", st);
    }
    free(cell_of);
    for (i = 0; i < s->agents; i++)
        order_somewhere(crowd, (int64_t)i + 1, s->side);

    for (t = 0; t < s->warmup + s->ticks; t++) {
        const int timed = t >= s->warmup;
        uint64_t t0, t1;
        pc.avoid_ns = 0;
        pc.current = 0;
        t0 = bench_now_ns();
        st = ls_crowd_tick(crowd, grid);
        t1 = bench_now_ns();
        if (st != LS_OK)
            die("ls_crowd_tick", st);
        if (timed) {
            out->tick_ns += t1 - t0;
            out->avoid_ns += pc.avoid_ns;
        }
        if (check) {
            ls_crowd_overlaps ov;
            if ((st = ls_crowd_check_overlaps(crowd, grid, &ov)) != LS_OK)
                die("ls_crowd_check_overlaps", st);
            out->overlaps += ov.pairs + ov.walls;
        }
        /* Keep the area busy: whoever has arrived (or found no path)
         * walks on to a new random cell. Outside the timed call. */
        for (i = 0; i < s->agents; i++) {
            ls_crowd_agent a;
            if ((st = ls_crowd_get_at(crowd, i, &a)) != LS_OK)
                die("ls_crowd_get_at", st);
            if (timed && a.state == LS_CROWD_MOVING)
                out->moving++;
            if (a.state == LS_CROWD_ARRIVED || a.state == LS_CROWD_UNREACHABLE ||
                a.state == LS_CROWD_NO_ROOM || a.state == LS_CROWD_IDLE)
                order_somewhere(crowd, a.id, s->side);
        }
    }
    ls_crowd_run_digest(crowd, &out->digest);
    ls_crowd_stats_get(crowd, &out->stats);
    ls_crowd_destroy(crowd);
}

static int by_value(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, uint32_t n)
{
    qsort(v, n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static uint32_t number(const char *opt, const char *val, uint32_t lo,
                       uint32_t hi)
{
    char *end = NULL;
    unsigned long v;
    if (val == NULL)
        goto bad;
    v = strtoul(val, &end, 10);
    if (*val < '0' || *val > '9' || *end != '\0' || v < lo || v > hi)
        goto bad;
    return (uint32_t)v;
bad:
    fprintf(stderr, "lockstar-avoid-bench: %s needs a whole number %lu..%lu\n",
            opt, (unsigned long)lo, (unsigned long)hi);
    exit(2);
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: lockstar-avoid-bench [--agents N] [--side S] [--threads T]\n"
            "         [--warmup W] [--ticks T] [--repeat R] [--clock wall|cpu]\n"
            "         [--check] [--header]\n"
            "N agents of radius 0.4 on an open S x S grid, each walking to random\n"
            "cells; the avoidance step and the whole tick timed with avoidance on,\n"
            "the tick with it off, R rounds taking turns; one Markdown row\n"
            "(--header: the table's header first). Defaults: 2000 agents, side 128,\n"
            "1 thread, 60 warm-up ticks, 200 timed ticks, 5 rounds, wall clock.\n");
}

int main(int argc, char **argv)
{
    setup s;
    ls_grid *grid = NULL;
    run_figures on, off, first_on, first_off;
    double *avoid, *tick_on, *tick_off, *ratio;
    double moving = 0;
    uint32_t overlaps = 0, r;
    int header = 0, cpu = 0, i;
    ls_status st;

    s.agents = 2000;
    s.side = 128;
    s.threads = 1;
    s.warmup = 60;
    s.ticks = 200;
    s.repeat = 5;
    s.check = 0;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--agents") == 0)
            s.agents = number(a, v, 1, 1000000), i++;
        else if (strcmp(a, "--side") == 0)
            s.side = (int32_t)number(a, v, 2, 4096), i++;
        else if (strcmp(a, "--threads") == 0)
            s.threads = number(a, v, 1, LS_BATCH_MAX_THREADS), i++;
        else if (strcmp(a, "--warmup") == 0)
            s.warmup = number(a, v, 0, 1000000), i++;
        else if (strcmp(a, "--ticks") == 0)
            s.ticks = number(a, v, 1, 1000000), i++;
        else if (strcmp(a, "--repeat") == 0)
            s.repeat = number(a, v, 1, 1000), i++;
        else if (strcmp(a, "--clock") == 0 && v != NULL &&
                 (strcmp(v, "wall") == 0 || strcmp(v, "cpu") == 0))
            cpu = v[0] == 'c', i++;
        else if (strcmp(a, "--check") == 0)
            s.check = 1;
        else if (strcmp(a, "--header") == 0)
            header = 1;
        else if (strcmp(a, "--help") == 0) {
            usage(stdout);
            return 0;
        } else {
            usage(stderr);
            return 2;
        }
    }
    if ((uint64_t)s.agents > (uint64_t)s.side * (uint64_t)s.side) {
        fprintf(stderr, "lockstar-avoid-bench: more agents than cells\n");
        return 2;
    }
    if (cpu && s.threads > 1) {
        fprintf(stderr, "lockstar-avoid-bench: --clock cpu times one thread; "
                        "use wall with --threads above 1\n");
        return 2;
    }
    if (cpu && !bench_use_cpu_clock()) {
        fprintf(stderr, "lockstar-avoid-bench: no thread CPU clock here\n");
        return 2;
    }
    if ((st = ls_grid_create(s.side, s.side, NULL, &grid)) != LS_OK)
        die("ls_grid_create", st);

    avoid = malloc(4 * s.repeat * sizeof *avoid);
    if (avoid == NULL)
        die("malloc", LS_ERR_OUT_OF_MEMORY);
    tick_on = avoid + s.repeat;
    tick_off = tick_on + s.repeat;
    ratio = tick_off + s.repeat;
    memset(&first_on, 0, sizeof first_on);
    memset(&first_off, 0, sizeof first_off);
    for (r = 0; r < s.repeat; r++) {
        /* Which setting goes first alternates from round to round. */
        if (r % 2 == 0) {
            run_once(&s, grid, 1, s.check && r == 0, &on);
            run_once(&s, grid, 0, 0, &off);
        } else {
            run_once(&s, grid, 0, 0, &off);
            run_once(&s, grid, 1, 0, &on);
        }
        if (r == 0) {
            first_on = on;
            first_off = off;
            overlaps = on.overlaps;
            moving = (double)on.moving / s.ticks;
        } else if (on.digest != first_on.digest || off.digest != first_off.digest) {
            fprintf(stderr, "lockstar-avoid-bench: round %u ended on another "
                            "run digest than round 1\n", r + 1);
            return 1;
        }
        avoid[r] = (double)on.avoid_ns / s.ticks / 1e6;
        tick_on[r] = (double)on.tick_ns / s.ticks / 1e6;
        tick_off[r] = (double)off.tick_ns / s.ticks / 1e6;
        ratio[r] = (double)on.tick_ns / (double)off.tick_ns;
    }
    if (header) {
        printf("| agents | grid | threads | clock | avoidance step, ms per tick | whole tick, avoidance on | whole tick, off | on / off | moving per tick | moves cut | stuck re-plans | overlaps | run digest (on) |\n");
        printf("|---:|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---|\n");
    }
    printf("| %u | %d x %d open | %u | %s | %.3f | %.3f | %.3f | %.2f× | %.0f | %llu | %llu | %s | %016llx |\n",
           s.agents, s.side, s.side, s.threads, cpu ? "cpu" : "wall",
           median(avoid, s.repeat),
           median(tick_on, s.repeat), median(tick_off, s.repeat),
           median(ratio, s.repeat), moving,
           (unsigned long long)first_on.stats.moves_cut,
           (unsigned long long)first_on.stats.stuck,
           s.check ? (overlaps == 0 ? "0" : "**some**") : "not checked",
           (unsigned long long)first_on.digest);
    free(avoid);
    ls_grid_destroy(grid);
    return s.check && overlaps != 0 ? 1 : 0;
}
