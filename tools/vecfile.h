/*
 * vecfile.h - golden vector files: parse, write, run and check.
 *
 * The format ("lockstar-vectors 1") is specified in vectors/README.md. A
 * file holds map blocks (a grid: generator reference, inline rows or a map
 * file, plus edits) and vector blocks (a query on a map with every option,
 * and the expected outcome). Parsing and writing are exact inverses on a
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

#define VF_FORMAT_VERSION 1
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

typedef struct vf_file {
    char *header;            /* comment lines after the version line */
    vf_map *maps;
    uint32_t map_count, map_capacity;
    vf_vector *vectors;
    uint32_t vector_count, vector_capacity;
} vf_file;

/* A growing text buffer (the writer's output). */
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
    uint32_t checked;        /* vectors run */
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

/* Check every vector of a parsed file (named name, in directory dir).
 * Adds to rep; returns the number of vectors that failed. */
uint32_t vf_check_file(const vf_file *f, const char *dir, const char *name,
                       vf_report *rep);

/* Check every file listed in dir/index.txt: each must load, hold the
 * number of vectors the index says, be canonical (writing it back gives
 * the same bytes) and match. Prints "vectors: N checked, M failed" to
 * rep->out. Returns 0 when everything passed. */
int vf_check_dir(const char *dir, vf_report *rep);

#endif
