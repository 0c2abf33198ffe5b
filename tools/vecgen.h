/* SPDX-License-Identifier: MIT */
/*
 * vecgen.h - private to tools/vecgen: the generator state and the helpers
 * its families share.
 *
 *   vecgen.c        the driver: the family table, writing the files, the
 *                   coverage summary
 *   vecgen_gen.c    maps, vectors and their options on a gen; the
 *                   independent checks before a vector is recorded
 *   vecgen_astar.c  the A* families (empty.vec ... files.vec)
 *   vecgen_jps.c    the JPS family (jps.vec) and its sections
 *   vecgen_both.c   families both of them draw, sized by their callers
 *   vecgen_script.c scripts (format version 2): each line run on the
 *                   library and, before it is recorded, against the models
 *   vecgen_emit.c   a script's lines recorded, and dying with the script
 *                   and line named (vecgen_script.c and vecgen_geo.c)
 *   the models      tests/oracle/oracle.h (the oracle library), written
 *                   apart from the code they pin
 *   vecgen_queue.c, vecgen_batch.c, vecgen_edits.c, vecgen_pathcheck.c
 *                   the script files queue.vec, batch.vec, edits.vec and
 *                   pathcheck.vec
 *   vecgen_flow.c   flow.vec: flow fields, each checked cell by cell
 *                   against the oracle's model
 *   vecgen_clearance.c  clearance.vec: sized queries, each compared whole
 *                   with the oracle's search
 *
 * All state travels in one gen per vector file, passed by pointer; the
 * files hold no mutable globals (only const tables). Every helper that can
 * fail for want of memory or by an internal mistake calls die(), which
 * ends the program: vecgen writes all of the vectors or none.
 */
#ifndef LS_TOOLS_VECGEN_H
#define LS_TOOLS_VECGEN_H

#include <stdint.h>
#include "vecfile.h"
#include "../tests/oracle/oracle.h"

/* The sections of jps.vec, counted for the summary. */
#define VG_MAX_SECTIONS 24
typedef struct vg_sections {
    const char *name[VG_MAX_SECTIONS];
    uint32_t count[VG_MAX_SECTIONS];
    uint32_t used;           /* sections opened */
    uint32_t start;          /* first vector of the open section */
} vg_sections;

/* The state of one vector file being generated. */
typedef struct gen {
    const char *dir;
    const char *stem;        /* file name without .vec; id prefix */
    vf_file file;
    ls_rng rng;              /* vecgen's own choices */
    uint32_t combo;          /* cycles through the option combinations */
    int32_t map;             /* current map, -1 before the first */
    uint32_t map_vectors;    /* vectors made on the current map */
    ls_grid *grid;           /* the current map's grid and cells */
    uint8_t *cells;
    int32_t w, h;
    vf_runner runner;
    int huge_costs;          /* step costs up to 65535 allowed */
    uint32_t budget_percent; /* share of vectors also run sliced */
    int jps;                 /* vec_options draws JPS queries (jps.vec) */
    vg_sections sections;    /* jps.vec only */
    uint32_t events[8];      /* script files: SG_EV_* counts (summary) */
} gen;

/* What scripts did that their lines do not show, counted for the summary. */
enum { SG_EV_CANCEL_WAITING, SG_EV_CANCEL_RUNNING, SG_EV_CANCEL_DONE,
       SG_EV_NOT_DONE_WAITING, SG_EV_NOT_DONE_RUNNING, SG_EV_RESTART,
       SG_EV_ZERO_EXPANSIONS, SG_EV_NOOP_EDIT, SG_EV_COUNT };

/* A drawn map (rows as for map_rows) with two start/goal pairs. */
typedef struct trap {
    const char *const *rows;
    int32_t pairs[2][4];
} trap;

/* ---- vecgen_gen.c: state, maps, vectors, checks ---------------------- */

/* Print "vecgen: what: detail" and exit(1). */
void die(const char *what, const char *detail);
/* ls_rng_below(&g->rng, n): every choice of vecgen is one of these draws. */
uint32_t rnd(gen *g, uint32_t n);
/* A random cell on the outer ring of the current map. */
void border_point(gen *g, int32_t *px, int32_t *py);

/* Start a new current map: a generator, inline rows ('#' blocked, '.'
 * cost 1, '2'..'9' that cost), or a Moving AI file of the vectors dir. */
void map_gen(gen *g, int32_t family, int32_t w, int32_t h, uint64_t seed,
             uint32_t p0, uint32_t p1, uint32_t p2, uint32_t p3);
void map_rows(gen *g, const char *const *rows);
void map_file(gen *g, const char *path, int32_t w, int32_t h);
/* Edit the current map (only before its first vector). */
void map_edit(gen *g, int32_t x, int32_t y, int32_t w, int32_t h,
              uint32_t cost);
/* A blocked square ring of radius r around (cx, cy), clipped. */
void map_ring(gen *g, int32_t cx, int32_t cy, int32_t r);
/* The current map's cell at (x, y), which must be inside. */
uint8_t cell(const gen *g, int32_t x, int32_t y);
/* A random passable (blocked) cell; -1 when there is none. */
int pick_open(gen *g, int32_t *x, int32_t *y);
int pick_blocked(gen *g, int32_t *x, int32_t *y);

/* The step costs (straight, diagonal) vec_options draws from, and the
 * slicing budgets (sized here so that sizeof works in every file). */
extern const uint32_t costs[18][2];
extern const uint32_t budgets[16];

/* A new vector on the current map (its options still the defaults). */
vf_vector *vec_new(gen *g);
void set_weight(vf_vector *v, const char *text);
void set_costs(vf_vector *v, uint32_t straight, uint32_t diagonal);
/* Draw the next options (jps.vec: JPS's own cycle). */
void vec_options(gen *g, vf_vector *v);
/* Draw a random open start and goal. */
void vec_pair(gen *g, vf_vector *v);
/* 1 when q's heuristic never overestimates under q's connectivity. */
int admissible(const ls_query *q);
/* Run v, check the outcome independently and record it; its status. */
ls_status vec_done(gen *g, vf_vector *v);
/* n vectors on the current map: random pairs, cycling options. */
void vec_random(gen *g, uint32_t n);
/* A copy of vector i's query and budget as a new vector. */
vf_vector *vec_clone(gen *g, uint32_t i);
uint32_t last_index(const gen *g);
/* Forget the last vector. */
void vec_drop(gen *g);

/* A new vector with drawn options at the given start and goal. */
vf_vector *vec_at(gen *g, int32_t sx, int32_t sy, int32_t gx, int32_t gy);
/* vec_at, then vec_done. */
void err_vector(gen *g, int32_t sx, int32_t sy, int32_t gx, int32_t gy);
/* A new vector with drawn options and a drawn open start and goal (what
 * vec_random records); then, for vec_to, the goal moved to (gx, gy). */
vf_vector *vec_drawn(gen *g);
vf_vector *vec_to(gen *g, int32_t gx, int32_t gy);
/* A blocked ring of radius r around (cx, cy) on the current map, with
 * the square of half-width open around the centre set back to cost 1. */
void map_walled(gen *g, int32_t cx, int32_t cy, int32_t r, int32_t open);

/* ---- vecgen_both.c: families both vecgen_astar.c and vecgen_jps.c draw,
 * with their own sizes, seeds and counts -------------------------------- */

#define VG_COUNT(a) ((uint32_t)(sizeof (a) / sizeof (a)[0]))

/* map_gen's arguments. */
typedef struct map_spec {
    int32_t family, w, h;
    uint64_t seed;
    uint32_t p[4];
} map_spec;
void map_spec_gen(gen *g, const map_spec *m);

/* Empty maps {w, h, vectors} with random pairs; of every cycle vectors,
 * the second shares the start's row, the fourth its column, the sixth its
 * diagonal (with anti, every other one of those the anti-diagonal). */
void empty_family(gen *g, const int32_t (*maps)[3], uint32_t n_maps,
                  uint32_t cycle, int anti);

/* Maps of one generator family for every first parameter a, pair of
 * further parameters b and size s (loops nested in that order), per_map
 * random vectors on each: param[0] = first[a], param[1..2] = pair[b],
 * seed = seed + a * a_step + b * 10 + s. */
typedef struct map_grid {
    int32_t family;
    const uint32_t *first;
    uint32_t n_first;
    const uint32_t (*pair)[2];
    uint32_t n_pair;
    const int32_t (*sizes)[2];
    uint32_t n_sizes;
    uint64_t seed;
    uint32_t a_step, per_map;
} map_grid;
void grid_family(gen *g, const map_grid *m);

/* Generated corner traps (checkerboard densities 0, 30, 60 and 90 %, each
 * size; seeds seed + c * 10 + s), fill(g, per_map) on each. */
void trap_maps(gen *g, const int32_t (*sizes)[2], uint32_t n_sizes,
               uint64_t seed, void (*fill)(gen *, uint32_t), uint32_t per_map);

/* maps random maps (seeds seed + i, 5 + i * density_step % obstacles),
 * each with one cell inside a blocked ring; per_map queries alternate that
 * cell as goal and as start. */
void enclosed_family(gen *g, uint32_t maps, uint32_t seed,
                     uint32_t density_step, uint32_t per_map);
void unreachable_family(gen *g, uint32_t maps, uint32_t seed, uint32_t want);
void sliced_trivial_and_error(gen *g);
void sliced_unreachable(gen *g, uint32_t seed, uint32_t count,
                        uint32_t budget_step);
void limit_ladder(gen *g);
/* rounds times over maps (the seeds moved on by n each round), ladders
 * limit_ladder on each map. */
void ladder_maps(gen *g, const map_spec *maps, uint32_t n, uint32_t rounds,
                 uint32_t ladders);
/* enclosed queries (limits 1 to 40) to a goal walled in on a 32x32 random
 * map of the given seed, then boxed ones from a start walled in alone on
 * an empty 12x12 map (limits 0 and 1 in turn). */
void limits_without_path(gen *g, uint64_t seed, uint32_t enclosed,
                         uint32_t boxed);
/* per_budget random pairs on the current map for every slicing budget. */
void every_budget(gen *g, uint32_t per_budget);
/* A query run sliced with budget 1; if it is found with E >= 3
 * expansions, copies with budgets E-1, E, E+1, E/2, E/2+1 and 2^32-1,
 * each once without and once with a limit of E-1 or E-2. 1 if the ladder
 * was made, 0 if the query did not qualify (it is kept). */
int budgets_around(gen *g);
/* On each map: every_budget(per_budget), budgets_around until it made
 * ladders ladders or was tried tries times, sliced_trivial_and_error. */
void slicing_maps(gen *g, const map_spec *maps, uint32_t n,
                  uint32_t per_budget, uint32_t tries, uint32_t ladders);
void vec_far(gen *g, uint32_t n, uint32_t maxlen);
/* A big map and vec_far(count, maxlen) on it. */
typedef struct far_map {
    map_spec map;
    uint32_t count, maxlen;
} far_map;
void far_maps(gen *g, const far_map *maps, uint32_t n);

/* The edge cases of edges.vec and jps.vec. */
/* 1 x N and N x 1 lines (widths 1 then N, k = 0..3: empty, empty, with
 * obstacles, with obstacles; seeds seed + i * 10 + k), per_map random
 * vectors on each. The obstacles are terrain patches, or with uniform
 * (JPS refuses other costs) 4 % blocked cells. */
void line_maps(gen *g, const int32_t *lines, uint32_t n, uint32_t seed,
               uint32_t per_map, int uniform);
/* Four 2 x N and N x 2 maps with 15 % obstacles, N 40 and then long_n
 * (seeds seed + i), per_map random vectors on each. */
void two_wide_maps(gen *g, uint32_t seed, int32_t long_n, uint32_t per_map);
/* maps random maps (seeds seed + i, 5 + i * density_step % obstacles),
 * per_map queries between cells on the outer ring; with open_only a
 * blocked end is drawn again. */
void border_pairs(gen *g, uint32_t maps, uint32_t seed,
                  uint32_t density_step, uint32_t per_map, int open_only);
/* count queries with start == goal on a 16x16 random map: the first
 * centred in a cell walled in alone, the rest on open cells; every third
 * with a limit of 1, with sliced every fourth (from the second) budget 1. */
void start_is_goal(gen *g, uint32_t seed, uint32_t count, uint32_t centred,
                   int sliced);
/* Four queries whose start's f overflows at once (weight 48 or 64 times a
 * 699-cell estimate at straight 65535) on a 700x1 map; with draw the other
 * options drawn first. */
void start_f_overflow(gen *g, int draw);

/* ---- vecgen_astar.c: one function per vector file -------------------- */

/* The drawn corner traps of corners.vec with their start/goal pairs.
 * jps.vec reuses the first CORNER_TRAPS_UNIFORM; the last, the swamp, has
 * costs above 1 (JPS refuses it: jps.vec's not-uniform section). */
#define CORNER_TRAPS 8
#define CORNER_TRAPS_UNIFORM 7
extern const trap corner_traps[CORNER_TRAPS];
extern const char *const trap_swamp[];

void fam_empty(gen *g);
void fam_random(gen *g);
void fam_maze(gen *g);
void fam_rooms(gen *g);
void fam_corridors(gen *g);
void fam_corners(gen *g);
void fam_terrain(gen *g);
void fam_edges(gen *g);
void fam_limits(gen *g);
void fam_errors(gen *g);
void fam_slicing(gen *g);
void fam_large(gen *g);
void fam_files(gen *g);

/* ---- vecgen_jps.c ------------------------------------------------------ */

/* jps.vec; its section counts end up in g->sections. */
void fam_jps(gen *g);

/* ---- the models (tests/oracle/oracle.h): what the script lines must
 * give, worked out apart from src/ ---------------------------------------- */

/* A request of the queue model (vecgen_script.c), in submission order:
 * the oracle's request first (or_queue_tick steps through them). */
typedef struct sg_request {
    or_request rule;         /* state, budget given, outcome, points kept */
    uint64_t id;
    ls_query query;
    ls_result result;        /* running and done: ls_find_path's result */
    ls_point *path;          /* running and done: ls_find_path's points */
} sg_request;

/* or_line, dying when the oracle cannot list the segment. */
uint32_t vg_line(int32_t ax, int32_t ay, int32_t bx, int32_t by,
                 ls_point *out, uint32_t cap);

/* ---- vecgen_script.c: building scripts -------------------------------- */

#define SG_MAX_REQUESTS 64

/* A script being built on the current map of a gen. Every sg_* call
 * appends one line: it makes the call on the library, works out what the
 * call must give apart from the library (the models above, ls_find_path
 * for search results, the same oracle for the paths), dies
 * when the two differ, and records the result. */
typedef struct sgen {
    gen *g;
    uint32_t script;         /* index in g->file.scripts */
    ls_grid *grid;           /* the script's own copy of its map */
    uint8_t *cells;          /* vecgen's own copy, edited by the model */
    int32_t w, h;
    ls_query query;          /* the current query (start, goal 0) */
    char weight_text[VF_WEIGHT_TEXT_MAX];
    ls_queue *queue;
    uint32_t capacity, pool, pool_used;
    sg_request req[SG_MAX_REQUESTS];
    uint32_t nreq;
    int restart;             /* the revision changed since the last tick */
    ls_search *search;       /* ls_find_path's context */
    ls_point *buffer;        /* w * h points */
    ls_world frame;          /* geometry lines (vecgen_geo.c): the frame, */
    ls_agent agent;          /* the library's agent and the model's, */
    or_agent model;
    ls_point route[VF_CHECK_PATH_MAX]; /* the route both follow */
} sgen;

/* Start a script on the current map with q's options (ls_query_init's
 * when q is NULL); end it (frees everything; the script stays). */
void sg_begin(gen *g, sgen *s, const ls_query *q, const char *weight_text);
void sg_end(sgen *s);
/* Options: draw the next (vec_options: cycling combinations, drawn weight
 * and step costs) into q and text; set the current ones (no line when
 * nothing changes). */
void sg_draw(sgen *s, ls_query *q, char text[VF_WEIGHT_TEXT_MAX]);
void sg_options(sgen *s, const ls_query *q, const char *weight_text);
void sg_queue(sgen *s, uint32_t capacity, uint32_t pool);
ls_status sg_submit(sgen *s, uint64_t id, int32_t sx, int32_t sy,
                    int32_t gx, int32_t gy);
ls_status sg_cancel(sgen *s, uint64_t id);
ls_status sg_release(sgen *s, uint64_t id);
/* A tick and its finished lines; returns pending. */
uint32_t sg_tick(sgen *s, uint32_t budget);
/* Ticks of budget until nothing is pending or max ticks were made. */
void sg_drain(sgen *s, uint32_t budget, uint32_t max);
ls_status sg_set(sgen *s, int32_t x, int32_t y, uint32_t cost);
ls_status sg_rect(sgen *s, int32_t x, int32_t y, int32_t w, int32_t h,
                  uint32_t cost);
void sg_digest(sgen *s);
/* A batch of n queries pairs[i] = {sx, sy, gx, gy} under the current
 * options. */
void sg_batch(sgen *s, uint32_t threads, uint32_t n,
              const int32_t (*pairs)[4]);
ls_status sg_check(sgen *s, uint64_t id);
ls_status sg_check_path(sgen *s, int32_t planned, const ls_point *points,
                        uint32_t n);
/* The model's request of this id, or NULL. */
sg_request *sg_find(sgen *s, uint64_t id);
/* The cell (x, y) of the script's current cells (inside). */
uint8_t sg_cell(const sgen *s, int32_t x, int32_t y);
/* A random passable cell of the script's cells (-1: none). */
int sg_open(sgen *s, int32_t *x, int32_t *y);

/* A map for scripts: family k % 6 of random 20 %, maze, rooms, terrain,
 * empty, random 35 %, w x h (at least 4 x 4), seed. */
void sg_map(gen *g, uint32_t k, int32_t w, int32_t h, uint64_t seed);
/* A random open start and goal of the script's cells: {sx, sy, gx, gy}. */
void sg_pair(sgen *s, int32_t p[4]);
/* Drawn options (max_expansions = limit) and pair, then submit id. */
ls_status sg_submit_drawn(sgen *s, uint64_t id, uint32_t limit);

/* ---- vecgen_emit.c: recording a line (vecgen_script.c, vecgen_geo.c) -- */

/* The script being built; a new line of kind on it (dies when memory runs
 * out). */
vf_script *sg_current_script(sgen *s);
vf_op *sg_add(sgen *s, int32_t kind);
/* A malloc'd copy of p[0..n) (NULL when n is 0) for a line to keep. */
ls_point *sg_copy_points(const ls_point *p, uint32_t n);
/* die(what) naming the script and a line: sg_fail the one about to be
 * added (its checks run before sg_add), sg_fail_added the one sg_add
 * just added (checks run on it). */
void sg_fail(sgen *s, const char *what);
void sg_fail_added(sgen *s, const char *what);

/* ---- the script files ------------------------------------------------- */

void fam_queue(gen *g);
void fam_batch(gen *g);
void fam_edits(gen *g);
void fam_pathcheck(gen *g);

/* ---- vecgen_geo.c: geometry lines, each checked against the models of
 * tests/oracle/oracle.h before it is recorded; vecgen_geofam.c: the files --- */

void sg_frame(sgen *s, int32_t ox, int32_t oy, int32_t size);
ls_status sg_world_cell(sgen *s, int32_t x, int32_t y, int to_cell);
ls_status sg_centre(sgen *s, int32_t cx, int32_t cy);
ls_status sg_distance(sgen *s, int32_t ax, int32_t ay, int32_t bx,
                      int32_t by);
ls_status sg_segment(sgen *s, int32_t ax, int32_t ay, int32_t bx,
                     int32_t by);
ls_status sg_path_length(sgen *s, const ls_point *p, uint32_t n);
ls_status sg_line(sgen *s, int32_t ax, int32_t ay, int32_t bx, int32_t by,
                  uint32_t cap);
ls_status sg_sight(sgen *s, int32_t ax, int32_t ay, int32_t bx, int32_t by);
/* The waypoints (and their count) when it returned LS_OK. */
ls_status sg_smooth(sgen *s, uint32_t cap, const ls_point *p, uint32_t n,
                    ls_point *waypoints, uint32_t *count);
ls_status sg_agent(sgen *s, int32_t x, int32_t y, int32_t speed);
void sg_speed(sgen *s, int32_t speed);
ls_status sg_route(sgen *s, const ls_point *p, uint32_t n);
ls_status sg_step(sgen *s, uint32_t count);
/* A found path (ls_find_path, 8-connected octile) of at most max points
 * between two drawn open cells into p; its length, 0 when none. */
uint32_t sg_found_path(sgen *s, ls_point *p, uint32_t max);

void fam_world(gen *g);
void fam_sight(gen *g);
void fam_smooth(gen *g);
void fam_follow(gen *g);

/* ---- vecgen_flow.c: flow.vec, each line checked against the oracle's
 * flow-field model (tests/oracle/flow.c) before it is recorded ---------- */
void fam_flow(gen *g);

/* ---- vecgen_clearance.c: clearance.vec, sized queries, each compared
 * whole with the oracle's search on the grid the size sees ------------- */
void fam_clearance(gen *g);

#endif
