/* SPDX-License-Identifier: MIT */
/*
 * vecfile.h - golden vector files: parse, write, run and check.
 *
 * The format ("lockstar-vectors 1", and 2 for files that hold scripts) is
 * specified in vectors/README.md. A file holds map blocks (a grid:
 * generator reference, inline rows or a map file, plus edits), vector
 * blocks (a query on a map with every option, and the expected outcome)
 * and, in version 2, script blocks (queue, batch, edit and path-check
 * calls on a map, each with what it must return). Parsing and writing are exact inverses on a
 * canonical file, which is what tools/vecgen writes.
 *
 * Only plain fopen/fread/fwrite are used, and every number is formatted
 * and parsed here by hand, so files and messages are the same under any C
 * library, emulator or locale.
 */
#ifndef LS_TOOLS_VECFILE_H
#define LS_TOOLS_VECFILE_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include "lockstar.h"
#include "mapgen.h"

#define VF_FORMAT_VERSION 2      /* the newest version read and written */
#define VF_NAME_MAX 64          /* map names and vector ids, incl. NUL */
#define VF_PATH_MAX 128         /* map file paths, incl. NUL */
#define VF_WEIGHT_TEXT_MAX 24   /* weight text, incl. NUL */
#define VF_POINTS_PER_LINE 16   /* points on one path line */
#define VF_INDEX_NAME "index.txt"

/* Where a map's cells come from. */
enum { VF_SOURCE_GEN, VF_SOURCE_ROWS, VF_SOURCE_FILE };

/* An edit applied after the source: fill the w x h rectangle at (x, y)
 * (written "set x y cost" when w = h = 1). */
typedef struct vf_edit {
    int32_t x, y, w, h;
    uint32_t cost;
} vf_edit;

typedef struct vf_map {
    char name[VF_NAME_MAX];
    int32_t width, height;
    int32_t source;          /* VF_SOURCE_* */
    mg_spec gen;             /* VF_SOURCE_GEN */
    uint8_t *rows;           /* VF_SOURCE_ROWS: width*height cells */
    char file[VF_PATH_MAX];  /* VF_SOURCE_FILE: relative to the vectors dir */
    vf_edit *edits;
    uint32_t edit_count, edit_capacity;
    uint64_t digest;         /* vf_grid_digest of the built grid */
    uint32_t line;           /* where the block starts (0 if built) */
} vf_map;

/* A query's outcome: what a vector expects, or what a run produced. */
typedef struct vf_outcome {
    ls_status status;        /* from ls_find_path (or the sliced run) */
    uint32_t slices;         /* sliced runs: ls_search_step calls made */
    int32_t cost;            /* the rest only when status >= 0 */
    uint32_t expansions;
    uint32_t length;
    uint64_t digest;
    ls_point *path;          /* length points (malloc'd) */
    /* Only for LS_NO_PATH and LS_EXPANSION_LIMIT: */
    uint32_t partial_length;
    uint64_t partial_digest;
    ls_point *partial;       /* partial_length points (malloc'd) */
    /* Not in files: checks of the calls themselves (runs only). */
    ls_status partial_status;   /* ls_search_partial_path's return */
    ls_status after_end_status; /* sliced: one more ls_search_step */
} vf_outcome;

typedef struct vf_vector {
    char id[VF_NAME_MAX];
    uint32_t map;            /* index into vf_file.maps */
    ls_query query;          /* start, goal and every option */
    char weight_text[VF_WEIGHT_TEXT_MAX]; /* decimal text of query.weight */
    uint32_t budget;         /* 0: one-shot only; else also sliced */
    vf_outcome expect;
    uint32_t line;
} vf_vector;

/* ---- scripts (format version 2) ---------------------------------------
 *
 * A script is a list of operations run in order on a fresh copy of its map
 * (vectors/README.md, "Format version 2: scripts"). Each vf_op is one line
 * of the file, in file order; a reader walks script->ops[0..op_count) and
 * does what the kind says, with these fields (the others are 0):
 *
 *   kind             line in the file         fields used
 *   VF_OP_OPTIONS    algo ... max-expansions  query, weight_text: the whole
 *                    (the keys that change)   current query after the line(s)
 *   VF_OP_QUEUE      queue CAPACITY POOL      capacity, pool
 *   VF_OP_SUBMIT     submit ID SX SY GX GY    id, sx, sy, gx, gy, status
 *   VF_OP_CANCEL     cancel ID                id, status
 *   VF_OP_RELEASE    release ID               id, status
 *   VF_OP_TICK       tick BUDGET              budget, pending
 *   VF_OP_FINISHED   finished ID ...          id, status, and when
 *                                             vf_op_has_result: result
 *   VF_OP_SET        set X Y COST             x, y, cost (w = h = 1),
 *                                             status, map_digest
 *   VF_OP_RECT       rect X Y W H COST        x, y, w, h, cost, status,
 *                                             map_digest
 *   VF_OP_DIGEST     digest                   map_digest
 *   VF_OP_BATCH      batch THREADS COUNT      threads, count: the next count
 *                                             ops are its VF_OP_QUERY ops
 *   VF_OP_QUERY      query SX SY GX GY        sx, sy, gx, gy, status, and
 *                                             when vf_op_has_result: result
 *   VF_OP_CHECK      check ID                 id, status, and when
 *                                             vf_op_has_result: check
 *   VF_OP_CHECK_PATH check-path PLANNED ...   planned, points[0..count),
 *                                             status, and check likewise
 *
 * and the geometry lines (world frames, line of sight, smoothing, path
 * following; "result" below is the bracketed part, when vf_op_has_result):
 *
 *   VF_OP_FRAME      frame OX OY SIZE         world (sets the current frame)
 *   VF_OP_WORLD_CELL world-cell X Y           ax, ay, status; out_x, out_y
 *   VF_OP_TO_CELL    to-cell X Y              likewise
 *   VF_OP_CENTRE     centre CX CY             ax, ay, status; out_x, out_y
 *   VF_OP_DISTANCE   distance AX AY BX BY     ax, ay, bx, by, status; length
 *   VF_OP_SEGMENT    segment AX AY BX BY      likewise
 *   VF_OP_PATH_LENGTH path-length COUNT X,Y.. points, status; length
 *   VF_OP_LINE       line AX AY BX BY CAP     ax .. by, capacity, status;
 *                                             out_count, out_points (LS_OK)
 *   VF_OP_SIGHT      sight AX AY BX BY        ax .. by, status; clear,
 *                                             max_cost
 *   VF_OP_SMOOTH     smooth CAP COUNT X,Y ..  capacity, points, status;
 *                                             out_count, out_points (LS_OK)
 *   VF_OP_AGENT      agent X Y SPEED          ax, ay, speed, status
 *   VF_OP_SPEED      speed SPEED              speed (set by hand, no call)
 *   VF_OP_ROUTE      route COUNT X,Y ...      points, status; state, target
 *   VF_OP_STEP       step COUNT               count, status; out_x, out_y,
 *                                             state, target, travelled
 *
 * and the flow lines (lockstar_flow.h; the result when vf_op_has_result):
 *
 *   VF_OP_FLOW       flow MAXGOALS            capacity, status
 *   VF_OP_FLOW_BEGIN flow-begin BUDGET COUNT  budget, points (the goals),
 *                    X,Y ...                  status; end_status, slices,
 *                                             expansions, field_digest
 *   VF_OP_FLOW_REFRESH flow-refresh BUDGET    budget, status; likewise
 *   VF_OP_FLOW_CELL  flow-cell X Y            x, y, status; field_cost,
 *                                             direction
 *
 * "status" is what the call must return (for VF_OP_FINISHED the request's
 * ls_queue_status). The query every submit, query, check and check-path
 * uses is the script's query until the first VF_OP_OPTIONS, then the
 * query of the last VF_OP_OPTIONS before it (its start and goal replaced
 * by sx, sy, gx, gy for submit and query). An OPTIONS op changes at least
 * one key, is never the first op and never follows another OPTIONS op
 * (the parser reads such lines into the script's query, or into one op;
 * vf_write refuses them). */
enum {
    VF_OP_OPTIONS = 1, VF_OP_QUEUE, VF_OP_SUBMIT, VF_OP_CANCEL,
    VF_OP_RELEASE, VF_OP_TICK, VF_OP_FINISHED, VF_OP_SET, VF_OP_RECT,
    VF_OP_DIGEST, VF_OP_BATCH, VF_OP_QUERY, VF_OP_CHECK, VF_OP_CHECK_PATH,
    VF_OP_FRAME, VF_OP_WORLD_CELL, VF_OP_TO_CELL, VF_OP_CENTRE,
    VF_OP_DISTANCE, VF_OP_SEGMENT, VF_OP_PATH_LENGTH, VF_OP_LINE,
    VF_OP_SIGHT, VF_OP_SMOOTH, VF_OP_AGENT, VF_OP_SPEED, VF_OP_ROUTE,
    VF_OP_STEP, VF_OP_FLOW, VF_OP_FLOW_BEGIN, VF_OP_FLOW_REFRESH,
    VF_OP_FLOW_CELL
};

#define VF_CHECK_PATH_MAX 64     /* points of one check-path line, and of
                                    every other point list of a line
                                    (inputs, capacities and outputs) */

typedef struct vf_op {
    int32_t kind;            /* VF_OP_* */
    uint32_t line;           /* its line in the file (0 if built) */
    ls_query query;          /* OPTIONS */
    char weight_text[VF_WEIGHT_TEXT_MAX]; /* OPTIONS */
    uint32_t capacity, pool; /* QUEUE */
    uint64_t id;             /* SUBMIT CANCEL RELEASE FINISHED CHECK */
    int32_t sx, sy, gx, gy;  /* SUBMIT QUERY: start and goal */
    uint32_t budget;         /* TICK: 0 = no limit */
    uint32_t pending;        /* TICK: expected ls_queue_pending after it */
    int32_t x, y, w, h;      /* SET RECT: the rectangle (SET: w = h = 1) */
    uint32_t cost;           /* SET RECT: 0..255 */
    uint32_t threads, count; /* BATCH: workers, query lines that follow */
    int32_t planned;         /* CHECK_PATH: the planned cost */
    uint32_t point_count;    /* CHECK_PATH: 0..VF_CHECK_PATH_MAX */
    ls_point *points;        /* CHECK_PATH (malloc'd; NULL when none) */
    ls_status status;        /* expected: the call's status */
    ls_result result;        /* FINISHED QUERY: cost, expansions,
                                path_length, digest (result.status unused) */
    ls_path_check check;     /* CHECK CHECK_PATH */
    uint64_t map_digest;     /* SET RECT DIGEST: ls_grid_digest after it */
    /* Geometry lines (see the table above); point inputs in points,
     * point_count; capacities in capacity; STEP's count in count. */
    ls_world world;          /* FRAME */
    int32_t ax, ay, bx, by;  /* the call's coordinates */
    int32_t speed;           /* AGENT SPEED (fix16 raw) */
    int32_t out_x, out_y;    /* a cell, a centre or the agent's position */
    int32_t length;          /* DISTANCE SEGMENT PATH_LENGTH (fix16 raw) */
    int32_t clear;           /* SIGHT: ls_line_of_sight's */
    uint32_t max_cost;       /* SIGHT: ls_line_cost's */
    uint32_t out_count;      /* LINE SMOOTH: the count or length written */
    ls_point *out_points;    /* LINE SMOOTH with LS_OK (malloc'd) */
    int32_t state;           /* ROUTE STEP: the agent's after the call */
    uint32_t target;
    int32_t travelled;       /* STEP */
    /* Flow lines: the field run's end and the cell's values. */
    ls_status end_status;    /* FLOW_BEGIN FLOW_REFRESH: the last step's */
    uint32_t slices;         /* ls_flow_step calls */
    uint32_t expansions;     /* ls_flow_expansions after them */
    uint64_t field_digest;   /* ls_flow_digest (end_status LS_OK) */
    int32_t field_cost;      /* FLOW_CELL: ls_flow_cost's */
    int32_t direction;       /* FLOW_CELL: ls_flow_direction's */
} vf_op;

typedef struct vf_script {
    char id[VF_NAME_MAX];
    uint32_t map;            /* index into vf_file.maps */
    ls_query query;          /* the current query at the start (the nine
                                keys written right after "map") */
    char weight_text[VF_WEIGHT_TEXT_MAX];
    vf_op *ops;
    uint32_t op_count, op_capacity;
    uint32_t line;
} vf_script;

/* 1 when op carries the bracketed part of its line: FINISHED with status
 * LS_OK, LS_NO_PATH, LS_EXPANSION_LIMIT or LS_ERR_POOL_FULL (its result);
 * QUERY with status >= 0 (result); CHECK and CHECK_PATH with LS_OK (check);
 * the geometry lines but FRAME, AGENT and SPEED with LS_OK, and LINE and
 * SMOOTH also with LS_ERR_BUFFER_TOO_SMALL (the count alone); FLOW_BEGIN
 * and FLOW_CELL with LS_OK, FLOW_REFRESH with LS_IN_PROGRESS (FLOW
 * never). */
int vf_op_has_result(const vf_op *op);

typedef struct vf_file {
    char *header;            /* comment lines after the version line */
    vf_map *maps;
    uint32_t map_count, map_capacity;
    vf_vector *vectors;
    uint32_t vector_count, vector_capacity;
    vf_script *scripts;      /* version 2; written after the vectors */
    uint32_t script_count, script_capacity;
} vf_file;

/* A growing text buffer (the writer's output, and tools/selftestgen's). */
typedef struct vf_text {
    char *data;
    size_t length, capacity;
    int failed;              /* an allocation failed */
} vf_text;

/* Where the checker reports: mismatches are printed to out, up to
 * print_limit lines (0 = no limit), and all of them are counted. */
typedef struct vf_report {
    FILE *out;
    uint32_t print_limit;
    uint32_t printed;
    uint32_t checked;        /* vectors and scripts run */
    uint32_t scripts;        /* of those, scripts */
    uint32_t failed;         /* vectors with at least one mismatch */
    uint32_t mismatches;     /* fields that differed */
    uint32_t errors;         /* files, maps or the index that did not load */
    uint32_t compact_checked; /* vectors also run in a compact context */
    uint32_t compact_grid_checked; /* JPS vectors also run on a compact grid */
} vf_report;

/* ---- statuses -------------------------------------------------------- */

/* 1 when status is a value of the ls_status enum (ls_status_name gives
 * its name, which files write after the number), else 0 (ls_status_name
 * gives "LS_UNKNOWN_STATUS", which no file may hold). */
int vf_status_known(ls_status status);

/* ---- files in memory ----------------------------------------------- */

void vf_file_init(vf_file *f);
void vf_file_free(vf_file *f);
/* Append a zeroed map or vector (NULL when out of memory). A vector's
 * query is ls_query_init's defaults and its weight text "1". */
vf_map *vf_add_map(vf_file *f);
vf_vector *vf_add_vector(vf_file *f);
/* Append a script (query: ls_query_init's, weight text "1") or an op
 * (zeroed but for kind) to a script; NULL when out of memory. */
vf_script *vf_add_script(vf_file *f);
vf_op *vf_add_op(vf_script *s, int32_t kind);
/* Append an edit to a map; 0, or -1 when out of memory. */
int vf_add_edit(vf_map *m, int32_t x, int32_t y, int32_t w, int32_t h,
                uint32_t cost);
/* Index of the map named name, or -1. */
int32_t vf_find_map(const vf_file *f, const char *name);
/* Header lines hold printable ASCII only, 0x20 (space) to 0x7e ('~'):
 * no CR, tab, other control byte or byte above 0x7e. That is what makes
 * the header round-trip exactly: the writer puts "# " before each line
 * ("#" alone for an empty one) and "\n" after it; the reader drops the
 * "#", one space after it and the CR of a CRLF line end, and refuses a
 * header comment holding any other byte (so "# a\r\r\n" is an error, not
 * "a\r"). Comments after the first block are skipped unchecked.
 * 1 when every line of text ('\n'-separated) is such a line, else 0. */
int vf_header_ok(const char *text);

/* Set the header comment (lines without '#', separated by '\n'). 0, or
 * -1 when out of memory or !vf_header_ok(text) (nothing is changed). */
int vf_set_header(vf_file *f, const char *text);

void vf_outcome_free(vf_outcome *o);
/* Deep copy; 0, or -1 when out of memory. */
int vf_outcome_copy(vf_outcome *dst, const vf_outcome *src);

/* ---- reading and writing ------------------------------------------- */

/* Read a whole file (fopen/fread). Returns 0 with *text malloc'd and
 * NUL-terminated, or -1. */
int vf_read_file(const char *path, char **text, size_t *length);
/* Read the Moving AI map file of m (VF_SOURCE_FILE), dir/m->file, into
 * cells (m->width x m->height, row-major); its size must be m's. Returns
 * 0, or -1 with "map NAME: reason" in err. */
int vf_load_map_file(const char *dir, const vf_map *m, uint8_t *cells,
                     char *err, size_t err_size);
/* Parse vector file text; name is used in messages. Returns 0, or -1 with
 * "name:line: reason" in err. */
int vf_parse(const char *name, const char *text, size_t length, vf_file *out,
             char *err, size_t err_size);
/* Append the canonical text of f. Returns 0, or -1 (out of memory, a
 * header that fails vf_header_ok, or a map that the format cannot express)
 * with a reason in err. */
int vf_write(const vf_file *f, vf_text *out, char *err, size_t err_size);
void vf_text_free(vf_text *t);
/* Append s[0..n) to t (and keep it NUL-terminated); on a failed
 * allocation set t->failed and append nothing more. */
void vf_text_put(vf_text *t, const char *s, size_t n);
/* Text of v into buf, NUL-terminated: decimal (buf of at least 21
 * bytes), or exactly 16 lowercase hex digits (at least 17); they return
 * buf. */
char *vf_fmt_u64(char *buf, uint64_t v);
char *vf_fmt_i64(char *buf, int64_t v);
char *vf_fmt_hex64(char *buf, uint64_t v);

/* Parse the index (list of vector files and their vector counts).
 * Returns the number of files, or -1 with err filled. names[i] and
 * counts[i] are malloc'd arrays (free names[i], names, counts). */
int vf_parse_index(const char *name, const char *text, char ***names,
                   uint32_t **counts, char *err, size_t err_size);

/* Append the index text for n files. 0, or -1 when out of memory. */
int vf_write_index(char *const *names, const uint32_t *counts, int n,
                   vf_text *out);

/* ---- building grids and running queries ------------------------------ */

/* Build the map's grid (dir: the vectors directory, for map files).
 * Returns 0, or -1 with a reason in err. */
int vf_build_grid(const vf_map *m, const char *dir, ls_grid **out,
                  char *err, size_t err_size);

/* FNV-1a 64 (as ls_path_digest: offset basis 0xcbf29ce484222325, prime
 * 0x100000001b3) over the grid's cells, one byte each, row-major. */
uint64_t vf_grid_digest(const ls_grid *grid);

/* A search context and path buffer for one grid size, reused. */
typedef struct vf_runner {
    uint32_t context_flags;  /* LS_SEARCH_FULL (what vf_runner_init sets) or
                                LS_SEARCH_COMPACT */
    ls_search *search;
    int32_t width, height;
    ls_point *buffer;
    uint32_t capacity;
} vf_runner;

void vf_runner_init(vf_runner *r);
void vf_runner_free(vf_runner *r);
/* Run v's query on grid: one-shot with ls_find_path (sliced = 0), or
 * ls_search_begin + ls_search_step(v->budget) until done (sliced = 1,
 * budget must be > 0). Fills *out (free with vf_outcome_free). Returns 0,
 * or -1 when out of memory. */
int vf_run(vf_runner *r, const ls_grid *grid, const vf_vector *v,
           int sliced, vf_outcome *out);

/* Compare a run with v's expectation, field by field; each difference is
 * counted in rep and printed as "where: vector ID (mode): field: expected
 * X, got Y". Returns the number of differences. */
uint32_t vf_compare(const char *where, const vf_vector *v, const char *mode,
                    const vf_outcome *got, vf_report *rep);

/* Batches kept from one script to the next (vf_check_file keeps one per
 * file): making threads is slow under emulators (wine), and a batch's
 * results never depend on its earlier runs. At most VF_BATCH_CACHE, found
 * by grid size and thread count; the least recently used goes when it is
 * full. Zero it to start. */
#define VF_BATCH_CACHE 8
typedef struct vf_batch_cache {
    ls_batch *batch[VF_BATCH_CACHE];
    int32_t width[VF_BATCH_CACHE], height[VF_BATCH_CACHE];
    uint32_t used_at[VF_BATCH_CACHE]; /* clock of the last use */
    uint32_t used, clock;
} vf_batch_cache;

/* A batch of this size and thread count: from the cache, else made and
 * kept (NULL when ls_batch_create fails, its status in *status). */
ls_batch *vf_batch_get(vf_batch_cache *c, int32_t width, int32_t height,
                       uint32_t threads, ls_status *status);
void vf_batch_cache_free(vf_batch_cache *c);

/* Run script s of f on a fresh copy of map_grid (its map, built and
 * digest-checked) and compare every line; each difference is counted in
 * rep and printed as "name:LINE: script ID (what): field: expected X, got
 * Y". batches: NULL, or a cache kept between scripts. Returns the number
 * of differences. */
uint32_t vf_check_script(const vf_file *f, const vf_script *s,
                         const ls_grid *map_grid, const char *name,
                         vf_batch_cache *batches, vf_report *rep);

/* Check every vector and script of a parsed file (named name, in directory dir).
 * Adds to rep; returns the number of vectors that failed. */
uint32_t vf_check_file(const vf_file *f, const char *dir, const char *name,
                       vf_report *rep);

/* Check every file listed in dir/index.txt: each must load, hold the
 * number of vectors the index says, be canonical (writing it back gives
 * the same bytes) and match. Prints "vectors: N checked, M failed" to
 * rep->out. Returns 0 when everything passed. */
int vf_check_dir(const char *dir, vf_report *rep);

#endif
