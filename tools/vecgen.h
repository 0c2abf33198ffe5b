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
} gen;

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

/* Families of vectors both vecgen_astar.c and vecgen_jps.c draw. */
void enclosed_family(gen *g, uint32_t maps, uint32_t seed,
                     uint32_t density_step, uint32_t per_map);
void unreachable_family(gen *g, uint32_t maps, uint32_t seed, uint32_t want);
void sliced_trivial_and_error(gen *g);
void sliced_unreachable(gen *g, uint32_t seed, uint32_t count,
                        uint32_t budget_step);
void limit_ladder(gen *g);
/* enclosed queries (limits 1 to 40) to a goal walled in on a 32x32 random
 * map of the given seed, then boxed ones from a start walled in alone on
 * an empty 12x12 map (limits 0 and 1 in turn). */
void limits_without_path(gen *g, uint64_t seed, uint32_t enclosed,
                         uint32_t boxed);
/* A new vector with drawn options and the given start and goal. */
vf_vector *vec_at(gen *g, int32_t sx, int32_t sy, int32_t gx, int32_t gy);
/* vec_at, then vec_done. */
void err_vector(gen *g, int32_t sx, int32_t sy, int32_t gx, int32_t gy);
/* per_budget random pairs on the current map for every slicing budget. */
void every_budget(gen *g, uint32_t per_budget);
/* A query run sliced with budget 1; if it is found with E >= 3
 * expansions, copies with budgets E-1, E, E+1, E/2, E/2+1 and 2^32-1,
 * each once without and once with a limit of E-1 or E-2. 1 if the ladder
 * was made, 0 if the query did not qualify (it is kept). */
int budgets_around(gen *g);
void vec_far(gen *g, uint32_t n, uint32_t maxlen);

/* ---- vecgen_astar.c: one function per vector file -------------------- */

/* The drawn corner traps of corners.vec, which jps.vec reuses. */
extern const char *const trap_pinch[], *const trap_clip[],
    *const trap_stairs[], *const trap_wall[], *const trap_zigzag[],
    *const trap_room[], *const trap_fence[], *const trap_swamp[];

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

#endif
