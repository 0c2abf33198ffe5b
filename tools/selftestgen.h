/* SPDX-License-Identifier: MIT */
/*
 * selftestgen.h - shared by tools/selftestgen.c (the driver, maps and
 * search vectors), tools/selftestgen_script.c (scripts) and
 * tools/selftestgen_crowd.c and _pick.c (crowd replays): the data being
 * gathered for src/selftest_data.c, text output and the digest fold.
 */
#ifndef LS_TOOLS_SELFTESTGEN_H
#define LS_TOOLS_SELFTESTGEN_H

#include <stddef.h>
#include <stdint.h>
#include "vecfile.h"

#define SG_MAX_FILES 32
#define SG_MAX_MAPS 1024
#define SG_MAX_SEARCHES 1024
#define SG_MAX_SCRIPTS 1024

typedef struct sg_map {
    const vf_file *file;     /* where it comes from */
    uint32_t vf_index;
    int32_t width, height;
    uint32_t encoding, offset, size;
    uint64_t digest;         /* lockstar.h's map digest */
} sg_map;

typedef struct sg_search {
    const vf_vector *v;
    uint32_t map;
} sg_search;

typedef struct sg_script {
    const char *id;
    uint32_t map;
    uint32_t first_word, word_count;
    uint32_t queue_capacity, queue_pool, batch_queries, batch_points;
    uint32_t flow_goals;
} sg_script;

typedef struct sg_data {
    vf_file files[SG_MAX_FILES];
    const char *file_names[SG_MAX_FILES];
    uint32_t per_file[SG_MAX_FILES];  /* cases taken from each */
    uint32_t file_count;
    sg_map maps[SG_MAX_MAPS];
    uint32_t map_count;
    uint8_t *bytes;
    uint32_t byte_count, byte_capacity;
    sg_search searches[SG_MAX_SEARCHES];
    uint32_t search_count;
    sg_script scripts[SG_MAX_SCRIPTS];
    uint32_t script_count;
    uint32_t *words;
    uint32_t word_count, word_capacity;
    uint32_t op_counts[40];  /* script lines taken, by VF_OP_* kind */
    uint64_t digest;         /* the golden values folded so far */
} sg_data;

/* Text: append a string, numbers as C literals, wrap long lines. */
void sg_put(vf_text *t, const char *s);
void sg_u64(vf_text *t, uint64_t v);
void sg_u32(vf_text *t, uint32_t v);
void sg_i32(vf_text *t, int32_t v);
void sg_hex64(vf_text *t, uint64_t v);
/* A query's options as the tables hold them (ls__st_search and
 * ls__st_crowd alike): connectivity, corner rule, heuristic, tie-break,
 * algorithm, straight and diagonal costs, weight, expansion limit, each
 * followed by a comma. */
void sg_query_options(vf_text *t, const ls_query *q);
void sg_wrap(vf_text *t, size_t *line_start, size_t width);
/* The C arrays of numbers: "DECL = {" and a new line (returns where it
 * starts); "V," with a new line once the line is 1000 characters long;
 * the current line ended unless it is empty, then "};" and a blank line. */
size_t sg_array_open(vf_text *t, const char *decl);
void sg_array_u32(vf_text *t, uint32_t v, size_t *line_start);
void sg_array_close(vf_text *t, size_t line_start);

/* The runner's fold (src/selftest.c), on golden values: FNV-1a 64 over
 * little-endian bytes, the oracle library's (tests/oracle/oracle.h, which
 * also gives the maps' digests). */
void sg_fold32(uint64_t *h, uint32_t v);
void sg_fold64(uint64_t *h, uint64_t v);
void sg_fold_i32(uint64_t *h, int32_t v);

/* The maps the self-test takes: at most 4096 cells, 130 wide (for the
 * long rows of the cost overflow vectors) and 64 high. Its memory is
 * sized by the largest width and height together, so both are kept small. */
#define SG_MAX_WIDTH 130
#define SG_MAX_HEIGHT 64
#define SG_MAX_CELLS 4096
int sg_map_fits(const vf_map *m);

/* Parse dir/name into f; 0, or -1 with a message. */
int sg_load(const char *dir, const char *name, vf_file *f);
/* The map's index in d (added if new), or -1 with a message. */
int32_t sg_add_map(sg_data *d, const vf_file *f, uint32_t index,
                   const char *dir, const char *file);

/* Add a map of these cells (not from a vector file: file NULL), encoded
 * with its digest; its index, or -1. */
int32_t sg_add_cells_map(sg_data *d, const uint8_t *cells, int32_t width,
                         int32_t height);

/* Crowd replays: tools/selftestgen_pick.c chooses them from DIR/crowd/
 * and DIR/avoid/ (sg_add_crowds, after the scripts);
 * tools/selftestgen_crowd.c reads, encodes and folds each one
 * (sg_add_replay), writes their tables and the initializer's "crowds, N,
 * crowd_words, W"; count, summary; frees what they hold. */
typedef struct sg_source {
    const char *sub;    /* the folder under the vectors */
    char letter;        /* of the file names: sNNN, aNNN */
    const char *prefix; /* of the case ids: crowd-NNNN, avoid-NNNN */
} sg_source;
extern const sg_source sg_crowd_src, sg_avoid_src;
struct cli_replay_script;
/* Script i of src (DIR/SUB/LNNN.replay) read by the CLI's reader; 0, or
 * -1 with a message. */
int sg_load_replay(const char *dir, const sg_source *src, uint32_t i,
                   struct cli_replay_script *s);
int sg_replay_exists(const char *dir, const sg_source *src, uint32_t i);
/* Add script i of src as a replay case; 0, or -1 with a message. */
int sg_add_replay(sg_data *d, const char *dir, const sg_source *src,
                  uint32_t i);
int sg_add_crowds(sg_data *d, const char *dir);
void sg_write_crowds(vf_text *t);
void sg_write_crowd_fields(vf_text *t);
uint32_t sg_crowd_count(void);
void sg_print_crowd_summary(void);
void sg_free_crowds(void);

/* Scripts (tools/selftestgen_script.c): read the script files, encode and
 * fold their scripts; write their tables; free what they hold. */
int sg_add_scripts(sg_data *d, const char *dir);
void sg_write_scripts(vf_text *t, const sg_data *d);
void sg_free_scripts(sg_data *d);
/* Print how many script lines of each kind were taken. */
void sg_print_script_summary(const sg_data *d);

#endif
