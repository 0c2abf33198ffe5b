/* SPDX-License-Identifier: MIT */
/*
 * vecfile_impl.h - private to the vecfile_*.c files: the option-value
 * names, the hand-made number parsing and the grid copy they share (the
 * number formatting is in vecfile.h: tools/selftestgen writes with it).
 *
 *   vecfile_model.c  files, maps, vectors and outcomes in memory
 *   vecfile_text.c   names, numbers and text buffers
 *   vecfile_parse.c  vf_parse, vf_parse_index
 *   vecfile_script_parse.c  the lines of a script block (for vf_parse)
 *   vecfile_write.c  vf_write, vf_write_index
 *   vecfile_load.c   vf_read_file, vf_load_map_file (disk reads)
 *   vecfile_run.c    grids, runs, comparisons, vf_check_file/dir
 *   vecfile_script_run.c  running and checking a script (vf_check_script)
 */
#ifndef LS_TOOLS_VECFILE_IMPL_H
#define LS_TOOLS_VECFILE_IMPL_H

#include "vecfile.h"

/* FNV-1a 64's offset basis: the digest of no points and no cells. */
#define VF_DIGEST_EMPTY 0xcbf29ce484222325ull

/* A value's name in a file; tables end with { NULL, 0 }. */
typedef struct name_value {
    const char *name;
    int32_t value;
} name_value;

extern const name_value vf_corner_names[], vf_heuristic_names[],
    vf_tie_names[], vf_algo_names[];

/* 1 when s[0..n) may be a line of a file's header (vf_header_ok), else 0. */
int vf_header_line_ok(const char *s, size_t n);

/* The name of value in table, or NULL. */
const char *vf_name_of(const name_value *table, int32_t value);
/* The value named name: 0, or -1 when the table has no such name. */
int vf_value_of(const name_value *table, const char *name, int32_t *value);

/* The characters of map rows, indexed by cost: "#.23456789". */
extern const char vf_row_chars[];

/* A fresh copy of grid's cells in a grid of the kind flags names
 * (LS_GRID_FULL or LS_GRID_COMPACT), or NULL when out of memory. */
ls_grid *vf_grid_copy(const ls_grid *grid, uint32_t flags);

/* *dst = a malloc'd copy of src[0..n) (NULL when n is 0). 0, or -1 when
 * out of memory. */
int vf_copy_points(ls_point **dst, const ls_point *src, uint32_t n);

/* Make room for one more element (of size elem) in a growing array of
 * *capacity elements, count used. 0, or -1 when out of memory. */
int vf_grow(void **array, uint32_t *capacity, uint32_t count, size_t elem);

/* Parse a whole token; 0, or -1 when it is not exactly one number in
 * range (no '+', no leading zeros; see vectors/README.md). */
int vf_parse_u64(const char *s, uint64_t max, uint64_t *out);
int vf_parse_u32(const char *s, uint32_t *out);
int vf_parse_i32(const char *s, int32_t *out);
int vf_parse_hex64(const char *s, uint64_t *out);
/* "x,y" (s is modified). */
int vf_parse_point(char *s, ls_point *p);
/* A name of table, or a decimal integer (values with no name). */
int vf_parse_enum(const name_value *table, const char *s, int32_t *out);

/* Where vf_parse is in a script block (vecfile_script_parse.c). */
typedef struct vf_script_state {
    int have_map;            /* its "map" line was read */
    int have_queue;          /* its "queue" line was read */
    int queue_users;         /* a submit, cancel, release, tick or check */
    int after_tick;          /* the last line was a tick or a finished */
    uint32_t batch_left;     /* query lines still owed to a batch */
    int have_flow;           /* its "flow" line was read */
} vf_script_state;

/* One line of a script (tok[0..n), the line's number): NULL, or the reason
 * it is refused. Then, at "end": NULL or the reason the script is
 * incomplete. */
const char *vf_parse_script_line(vf_file *f, vf_script *s,
                                 vf_script_state *st, uint32_t line,
                                 char **tok, int n);
const char *vf_finish_script(const vf_script *s, const vf_script_state *st);

#endif
