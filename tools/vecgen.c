/* SPDX-License-Identifier: MIT */
/*
 * vecgen.c - writes lockstar's golden vectors (make vectors-regen).
 *
 *   vecgen DIR          regenerate DIR/<family>.vec and DIR/index.txt
 *                       (DIR/maps/ must hold the map files files.vec uses)
 *   vecgen --check DIR  check DIR as `make check` does
 *
 * This program is the only writer of expected values: it chooses maps and
 * queries, runs the library and records what it returned. Before it
 * records anything it checks the outcome independently (the path is a
 * legal walk whose step costs add up to the cost; the cost equals a plain
 * Dijkstra's where the heuristic is admissible and the weight 1; a sliced
 * run agrees with the one-shot run), so a bug is refused, not enshrined.
 *
 * Its own choices come from ls_rng with fixed seeds and integer
 * arithmetic, so two runs write byte-identical files.
 *
 * This file is the driver (the table of vector files, writing them, the
 * coverage summary); vecgen.h lists the others. No file-scope mutable
 * state: a gen per vector file and a summary for the run, by pointer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vecgen.h"

#define MAX_STATS 64

/* ------------------------------------------------------------------------
 * Coverage statistics (printed at the end)
 * --------------------------------------------------------------------- */

enum { SHOW_INT, SHOW_STATUS, SHOW_PAIR };

typedef struct tally {
    const char *label;
    int show;                /* SHOW_*: how values are printed */
    int64_t value[MAX_STATS][2];
    uint32_t count[MAX_STATS];
    uint32_t used, other;    /* other: values beyond MAX_STATS */
} tally;

/* The tallies, in the order they are printed. */
enum { T_ALGO, T_CONNECT, T_CORNERS, T_HEURISTIC, T_TIE, T_WEIGHT, T_COSTS,
       T_BUDGET, T_STATUS, N_TALLIES };

/* What the run wrote, over every file. */
typedef struct summary {
    tally tally[N_TALLIES];
    uint32_t limited, large, sliced;
    vg_sections sections;    /* jps.vec's */
} summary;

static void summary_init(summary *s)
{
    static const struct {
        const char *label;
        int show;
    } tallies[N_TALLIES] = {
        { "algo", SHOW_INT }, { "connectivity", SHOW_INT },
        { "corners", SHOW_INT }, { "heuristic", SHOW_INT },
        { "tie", SHOW_INT }, { "weight (fix16 raw, 65536 = 1.0)", SHOW_INT },
        { "straight/diagonal", SHOW_PAIR }, { "budget", SHOW_INT },
        { "status", SHOW_STATUS }
    };
    int k;
    memset(s, 0, sizeof *s);
    for (k = 0; k < N_TALLIES; k++) {
        s->tally[k].label = tallies[k].label;
        s->tally[k].show = tallies[k].show;
    }
}

static void tally_add(tally *t, int64_t a, int64_t b)
{
    uint32_t i;
    for (i = 0; i < t->used; i++) {
        if (t->value[i][0] == a && t->value[i][1] == b) {
            t->count[i]++;
            return;
        }
    }
    if (t->used < MAX_STATS) {
        t->value[t->used][0] = a;
        t->value[t->used][1] = b;
        t->count[t->used++] = 1;
    } else {
        t->other++;
    }
}

/* Print v in decimal (long may be 32 bits: no printf for int64_t). */
static void print_i64(int64_t v)
{
    char buf[24];
    int n = 0;
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    do {
        buf[n++] = (char)('0' + (int)(u % 10u));
        u /= 10u;
    } while (u != 0);
    if (v < 0)
        putchar('-');
    while (n > 0)
        putchar(buf[--n]);
}

static void tally_print(const tally *t)
{
    uint32_t i;
    printf("  %s:", t->label);
    for (i = 0; i < t->used; i++) {
        const int64_t *v = t->value[i];
        if (t->show == SHOW_STATUS) {
            ls_status st = (ls_status)v[0];
            /* without "LS_" */
            printf(" %s", vf_status_known(st) ? ls_status_name(st) + 3 : "?");
        } else {
            putchar(' ');
            print_i64(v[0]);
            if (t->show == SHOW_PAIR) {
                putchar('/');
                print_i64(v[1]);
            }
        }
        printf("=%lu", (unsigned long)t->count[i]);
    }
    if (t->other)
        printf(" (and %lu more values)", (unsigned long)t->other);
    printf("\n");
}

static void tally_file(summary *s, const vf_file *f)
{
    uint32_t i;
    for (i = 0; i < f->vector_count; i++) {
        const vf_vector *v = &f->vectors[i];
        const ls_query *q = &v->query;
        const vf_map *m = &f->maps[v->map];
        const int64_t value[N_TALLIES][2] = {
            { q->algorithm, 0 }, { q->connectivity, 0 },
            { q->corner_rule, 0 }, { q->heuristic, 0 }, { q->tie_break, 0 },
            { q->weight, 0 }, { q->straight_cost, q->diagonal_cost },
            { v->budget, 0 }, { v->expect.status, 0 }
        };
        int k;
        for (k = 0; k < N_TALLIES; k++)
            tally_add(&s->tally[k], value[k][0], value[k][1]);
        if (v->budget)
            s->sliced++;
        if (v->query.max_expansions)
            s->limited++;
        if ((int64_t)m->width * m->height >= 512 * 512)
            s->large++;
    }
}

/* Script lines by kind and status, printed per script file. */
static void script_summary(const vf_file *f, const uint32_t *events)
{
    static const char *const event_names[SG_EV_COUNT] = {
        "cancel-waiting", "cancel-running", "cancel-finished",
        "not-done-waiting", "not-done-running", "restarts-after-edit",
        "finished-with-0-expansions", "no-op-edits"
    };
    static const char *const kinds[] = {
        "?", "options", "queue", "submit", "cancel", "release", "tick",
        "finished", "set", "rect", "digest", "batch", "query", "check",
        "check-path", "frame", "world-cell", "to-cell", "centre", "distance",
        "segment", "path-length", "line", "sight", "smooth", "agent", "speed",
        "route", "step", "flow", "flow-begin", "flow-refresh", "flow-cell"
    };
    tally t;
    uint32_t i, k, lines = 0;
    memset(&t, 0, sizeof t);
    t.label = "lines (kind status=count)";
    for (i = 0; i < f->script_count; i++) {
        for (k = 0; k < f->scripts[i].op_count; k++) {
            const vf_op *op = &f->scripts[i].ops[k];
            tally_add(&t, op->kind, op->status);
            lines++;
        }
    }
    printf("  %lu script lines:", (unsigned long)lines);
    for (i = 0; i < t.used; i++) {
        int32_t kind = (int32_t)t.value[i][0];
        ls_status st = (ls_status)t.value[i][1];
        int plain = kind == VF_OP_OPTIONS || kind == VF_OP_QUEUE ||
                    kind == VF_OP_TICK || kind == VF_OP_DIGEST ||
                    kind == VF_OP_BATCH || kind == VF_OP_FRAME ||
                    kind == VF_OP_SPEED;
        printf("%s%s", i % 4 == 0 ? "\n   " : "", kinds[kind]);
        if (!plain)
            printf(" %s", vf_status_known(st) ? ls_status_name(st) + 3 : "?");
        printf("=%lu;", (unsigned long)t.count[i]);
    }
    if (t.other)
        printf(" (and %lu more)", (unsigned long)t.other);
    memset(&t, 0, sizeof t);
    for (i = 0; i < f->script_count; i++) {
        for (k = 0; k < f->scripts[i].op_count; k++) {
            const vf_op *op = &f->scripts[i].ops[k];
            if (op->kind == VF_OP_TICK)
                tally_add(&t, 0, op->budget);
            else if (op->kind == VF_OP_BATCH)
                tally_add(&t, 1, op->threads);
            else if (vf_op_has_result(op) && (op->kind == VF_OP_CHECK ||
                                              op->kind == VF_OP_CHECK_PATH))
                tally_add(&t, 2 + op->check.reason, op->check.cost_changed);
        }
    }
    for (i = 0; i < t.used; i++) {
        int64_t a = t.value[i][0], b = t.value[i][1];
        printf("%s%s", i % 8 == 0 ? "\n   " : " ",
               a == 0 ? "tick " : a == 1 ? "threads " : "reason ");
        print_i64(a >= 2 ? a - 2 : b);
        if (a >= 2) {
            printf(" changed ");
            print_i64(b);
        }
        printf("=%lu;", (unsigned long)t.count[i]);
    }
    printf("\n  events:");
    for (i = 0; i < SG_EV_COUNT; i++)
        printf(" %s=%lu", event_names[i], (unsigned long)events[i]);
    printf("\n");
}

/* ------------------------------------------------------------------------
 * Driver
 * --------------------------------------------------------------------- */

typedef struct family {
    const char *stem;
    void (*build)(gen *g);
    int huge_costs;
    uint32_t budget_percent;
    const char *header;
} family;

static const family families[] = {
    { "empty", fam_empty, 1, 20,
      "Empty fields: every cell cost 1, so ties are everywhere; the hardest\n"
      "test of the tie-break. Sizes 1x1 to 256x256." },
    { "random", fam_random, 1, 20,
      "Random obstacles from 5 % to 45 %, sizes 24x24 to 96x96." },
    { "maze", fam_maze, 1, 20,
      "Perfect mazes (randomised depth-first search), corridors 1 to 3\n"
      "cells wide, with 0 %, 5 % or 25 % extra openings." },
    { "rooms", fam_rooms, 1, 20,
      "Rooms and doors: square rooms of 4 to 15 cells, doors 1 to 3 wide,\n"
      "50 % to 100 % of the walls with a door." },
    { "corridors", fam_corridors, 1, 20,
      "Corridors one cell wide: serpentines with 1, 2 or 4 gaps per wall,\n"
      "horizontal and vertical." },
    { "corners", fam_corners, 1, 20,
      "Corner-cutting traps: drawn pinches, staircases and diagonal walls,\n"
      "and generated ones; each pair under all three corner rules." },
    { "terrain", fam_terrain, 0, 20,
      "Terrain-cost patches (multipliers up to 2, 5, 9 and 255) with 0 %,\n"
      "10 % or 25 % obstacles; a drawn map with costs set by edits." },
    { "edges", fam_edges, 1, 20,
      "Borders and degenerate shapes: 1x1, 1xN and Nx1 up to 5000, 2xN,\n"
      "starts and goals on the outer ring, start == goal." },
    { "limits", fam_limits, 1, 20,
      "Unreachable goals and expansion limits, with the partial path\n"
      "(ls_search_partial_path) of every such query." },
    { "errors", fam_errors, 1, 10,
      "Error statuses: out-of-bounds and blocked starts and goals, bad\n"
      "options, step costs and weights (alone and combined, which pins the\n"
      "order they are reported in), and cost overflow." },
    { "slicing", fam_slicing, 1, 100,
      "Time slicing: every vector runs sliced under its budget too, and\n"
      "records how many ls_search_step calls it took." },
    { "large", fam_large, 1, 20,
      "Maps of 512x512 and larger (always generated, never inline)." },
    { "files", fam_files, 1, 20,
      "Maps read from files in vectors/maps/ (Moving AI format)." },
    { "jps", fam_jps, 1, 20,
      "Jump point search (algo jps): empty fields, random obstacles, mazes,\n"
      "rooms, corridors, corner traps, borders and lines up to 16384,\n"
      "start == goal, unreachable goals, expansion limits, slicing, every\n"
      "heuristic, weight and step cost, 512x512 maps, map files; and its\n"
      "errors: LS_ERR_NOT_UNIFORM, LS_ERR_UNSUPPORTED, their order among\n"
      "the other errors, cost overflow. Each found cost is A*'s (weight 1,\n"
      "admissible heuristic)." },
    { "queue", fam_queue, 0, 0,
      "Scripts (format version 2) of the path request queue: budgets 1 to\n"
      "4096 and unlimited, the completion tick and result of every request,\n"
      "edits while a request runs (it starts again), a full queue and pool,\n"
      "duplicate and unknown ids, releases of unfinished requests, cancels\n"
      "of waiting, running and finished requests, begins that fail, JPS." },
    { "batch", fam_batch, 0, 0,
      "Scripts of batches (ls_batch_run) on 1, 2, 3, 8 and 64 threads, with\n"
      "options changed and the map edited between batches." },
    { "edits", fam_edits, 0, 0,
      "Scripts of map edits (ls_grid_set, ls_grid_set_rect) with the map\n"
      "digest after each: every cost 0 to 255, rectangles, no-op edits,\n"
      "errors (the digest unchanged), edits undone." },
    { "pathcheck", fam_pathcheck, 0, 0,
      "Scripts of path checks (ls_check_path) of kept and listed paths,\n"
      "before and after edits: every LS_STEP_* reason, costs changed and\n"
      "unchanged, cost overflow, bad options and step costs." },
    { "world", fam_world, 0, 0,
      "Scripts of world frames (ls_world_*): cells of world positions,\n"
      "centres, distances, segment and path lengths, in frames with negative\n"
      "origins, odd raw cell sizes and sizes up to the range limits; every\n"
      "error (LS_ERR_BAD_FRAME, LS_ERR_WORLD_RANGE, bounds)." },
    { "sight", fam_sight, 0, 0,
      "Scripts of line of sight: the cells of segments (ls_line_cells) along\n"
      "rows, columns, diagonals and through corners, buffers, bounds; line\n"
      "of sight and line cost (ls_line_of_sight, ls_line_cost) before and\n"
      "after edits." },
    { "smooth", fam_smooth, 0, 0,
      "Scripts of smoothing (ls_smooth_path) of found paths and listed cells\n"
      "on maps with terrain (the terrain limit), after edits (blocked and\n"
      "dearer cells), buffers, errors; world lengths of path and waypoints." },
    { "follow", fam_follow, 0, 0,
      "Scripts of path following (ls_agent_*): speeds that land exactly on a\n"
      "waypoint, longer than a whole leg or route, zero-length legs, routes\n"
      "given again mid-walk, speed changed by hand, every error." },
    { "flow", fam_flow, 0, 0,
      "Scripts of flow fields (ls_flow_*): fields on generated maps of every\n"
      "family, on terrain up to 255 and on maps/fort.map, maps/pinch.map and\n"
      "maps/demo.map, with one to eight goals, both connectivities, every\n"
      "corner rule and step costs 1/1 to 65535/131070, sliced under budgets;\n"
      "edited and refreshed (goals blocked and reopened, nothing to do);\n"
      "fields past LS_COST_MAX; every error of the calls. Every cell of\n"
      "every field was checked against the oracle's model." },
    { "clearance", fam_clearance, 0, 20,
      "Sized queries (clearance K: only cells whose clearance is K or more\n"
      "are entered): random maps, rooms with doors 1 to 5 wide, gaps 1 to\n"
      "11 wide across a wall (2K-1 lets K through, 2K-2 not), mazes with\n"
      "corridors 2 and 3 wide, terrain, edited maps, an empty field; K 1 to\n"
      "6; starts and goals blocked for the size; LS_ERR_BAD_CLEARANCE above\n"
      "16 and with JPS, in its place among the other errors. Every vector\n"
      "was compared whole with the oracle's search on the grid the size\n"
      "sees." },
};

static int write_text(const char *path, const vf_text *t)
{
    FILE *fp = fopen(path, "wb");
    if (!fp)
        return -1;
    if (fwrite(t->data, 1, t->length, fp) != t->length) {
        fclose(fp);
        return -1;
    }
    return fclose(fp) == 0 ? 0 : -1;
}

static int generate(const char *dir)
{
    summary sum;
    const size_t nf = sizeof families / sizeof families[0];
    char *names[sizeof families / sizeof families[0]];
    uint32_t counts[sizeof families / sizeof families[0]];
    char path[1024], err[256], header[1024];
    uint32_t total = 0;
    size_t i;
    vf_text index = { NULL, 0, 0, 0 };

    summary_init(&sum);
    for (i = 0; i < nf; i++) {
        gen g;
        vf_text text = { NULL, 0, 0, 0 };
        memset(&g, 0, sizeof g);
        g.dir = dir;
        g.stem = families[i].stem;
        g.map = -1;
        g.huge_costs = families[i].huge_costs;
        g.budget_percent = families[i].budget_percent;
        vf_file_init(&g.file);
        vf_runner_init(&g.runner);
        ls_rng_seed(&g.rng, 0x76656374u + (uint64_t)i * 7919u);
        snprintf(header, sizeof header,
                 "%s.vec - lockstar golden vectors (format: README.md).\n"
                 "Written by tools/vecgen (make vectors-regen); do not edit.\n"
                 "\n%s", g.stem, families[i].header);
        if (vf_set_header(&g.file, header) != 0)
            die("out of memory", NULL);
        families[i].build(&g);
        tally_file(&sum, &g.file);
        if (g.sections.used > 0)
            sum.sections = g.sections;
        if (vf_write(&g.file, &text, err, sizeof err) != 0)
            die("cannot write", err);
        snprintf(path, sizeof path, "%s/%s.vec", dir, g.stem);
        if (write_text(path, &text) != 0)
            die("cannot write", path);
        names[i] = malloc(strlen(g.stem) + 5);
        if (!names[i])
            die("out of memory", NULL);
        sprintf(names[i], "%s.vec", g.stem);
        counts[i] = g.file.vector_count + g.file.script_count;
        total += counts[i];
        if (g.file.script_count == 0) {
            printf("%-14s %5lu vectors %4lu maps %8lu bytes\n", names[i],
                   (unsigned long)counts[i], (unsigned long)g.file.map_count,
                   (unsigned long)text.length);
        } else {
            printf("%-14s %5lu scripts %4lu maps %8lu bytes\n", names[i],
                   (unsigned long)counts[i], (unsigned long)g.file.map_count,
                   (unsigned long)text.length);
            script_summary(&g.file, g.events);
        }
        vf_text_free(&text);
        vf_runner_free(&g.runner);
        ls_grid_destroy(g.grid);
        free(g.cells);
        vf_file_free(&g.file);
    }
    if (vf_write_index(names, counts, (int)nf, &index) != 0)
        die("out of memory", NULL);
    snprintf(path, sizeof path, "%s/%s", dir, VF_INDEX_NAME);
    if (write_text(path, &index) != 0)
        die("cannot write", path);
    vf_text_free(&index);
    for (i = 0; i < nf; i++)
        free(names[i]);
    printf("total          %5lu vectors and scripts (%lu also sliced, %lu with an "
           "expansion limit, %lu on maps of 512x512 or more)\n",
           (unsigned long)total, (unsigned long)sum.sliced,
           (unsigned long)sum.limited, (unsigned long)sum.large);
    printf("coverage (value=vectors):\n");
    for (i = 0; i < N_TALLIES; i++)
        tally_print(&sum.tally[i]);
    if (sum.sections.used > 0) {
        uint32_t i2;
        printf("jps.vec sections (value=vectors):\n ");
        for (i2 = 0; i2 < sum.sections.used; i2++)
            printf(" %s=%lu", sum.sections.name[i2],
                   (unsigned long)sum.sections.count[i2]);
        printf("\n");
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--check") == 0) {
        vf_report rep;
        memset(&rep, 0, sizeof rep);
        rep.out = stdout;
        rep.print_limit = 100;
        return vf_check_dir(argv[2], &rep) == 0 ? 0 : 1;
    }
    if (argc == 2 && argv[1][0] != '-')
        return generate(argv[1]);
    fprintf(stderr, "usage: vecgen DIR           regenerate the vectors in DIR\n"
                    "       vecgen --check DIR   check the vectors in DIR\n");
    return 2;
}
