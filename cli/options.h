/* SPDX-License-Identifier: MIT */
/*
 * options.h - the query options shared by `lockstar path` and `scen`.
 *
 *   --connect 4|8            --corners none|one|all
 *   --heuristic auto|octile|manhattan|chebyshev|zero
 *   --weight W               (decimal, 1.0..64.0, parsed by ls_fix16_parse)
 *   --tie high-g|low-g       --straight N   --diagonal N   (step costs)
 *   --max-expansions N       (0 = no limit)
 *   --budget N               (expansions per ls_search_step; 0 = one call;
 *                             never changes any output byte)
 *   --algo astar|jps|jps+|hpa  (LS_ALGO_ASTAR, _JPS, _JPS_PLUS, _HPA: the
 *                             last two need tables cli_options_prepare
 *                             builds on the loaded grid)
 *   --heuristic ... |landmarks (LS_HEURISTIC_LANDMARKS: landmark tables)
 *   --cluster 8|16|32        (the hierarchy's cluster size for --algo hpa)
 *   --landmarks K            (landmarks to place, 1..LS_LANDMARKS_MAX)
 *   --swamp-cost N           (cost 1..255 of 'S' cells; default 1)
 *   --context full|compact   (LS_SEARCH_FULL or LS_SEARCH_COMPACT)
 *   --grid full|compact      (LS_GRID_FULL or LS_GRID_COMPACT; never
 *                             changes any output byte, but a compact grid
 *                             refuses --clearance above 1)
 *   --clearance K            (ls_query.clearance, 0..16: the unit's size;
 *                             --smooth then uses ls_smooth_path_sized)
 *   --smooth                 (a flag: print the found path's waypoints,
 *                             ls_smooth_path, too)
 *
 * Each is accepted as "--opt V" and "--opt=V". Numbers are decimal digits
 * only, range-checked (mai_parse_uint). No floating point is used. Errors
 * are one-line messages in a mai_error, the reader's message type.
 */
#ifndef CLI_OPTIONS_H
#define CLI_OPTIONS_H

#include <stdint.h>
#include "lockstar.h"
#include "movingai.h"

typedef struct cli_options {
    ls_query query;   /* every field but start and goal */
    uint32_t budget;  /* expansions per step; 0 = run each query in one call */
    uint32_t swamp_cost; /* cost of 'S' map cells, 1..255 */
    uint32_t context_flags; /* LS_SEARCH_FULL (default) or LS_SEARCH_COMPACT */
    uint32_t grid_flags;    /* LS_GRID_FULL (default) or LS_GRID_COMPACT */
    int smooth;             /* --smooth: print waypoints too */
    uint32_t cluster;       /* --cluster: ls_hpa_config.cluster_size */
    uint32_t landmarks;     /* --landmarks: ls_landmarks_config.count */
} cli_options;

/* Defaults: ls_query_init's, budget 0, a full context and grid. */
void cli_options_init(cli_options *o);

/* If argv[*i] is a shared option, parse it and its value, advance *i past
 * them and return 1. Return 0 (nothing changed) when argv[*i] is not one
 * of them, -1 with err set when its value is missing or bad. */
int cli_options_take(int argc, char *const argv[], int *i, cli_options *o,
                     mai_error *err);

/* Check what depends on several options (straight <= diagonal <=
 * 2 * straight). Returns 0, or -1 with err set. */
int cli_options_check(const cli_options *o, mai_error *err);

/* Build on grid what o's algorithm and heuristic look up: jump tables
 * for jps+, a hierarchy for hpa, landmark tables for landmarks, each for
 * the query's moves and costs. The library does the building; the CLI
 * only chooses. Returns the library's status (LS_OK when nothing is
 * needed). */
ls_status cli_options_prepare(const cli_options *o, ls_grid *grid);

/* If argv[*i] is "--name V" or "--name=V", set *value to V, advance *i past
 * it and return 1. Return 0 when argv[*i] is something else, -1 with err
 * set when the value is missing. For a command's own options. */
int cli_option_value(int argc, char *const argv[], int *i, const char *name,
                     const char **value, mai_error *err);

/* If argv[*i] is exactly "--name", advance *i and return 1; "--name=..."
 * is an error (-1, err set); anything else returns 0. */
int cli_option_flag(int argc, char *const argv[], int *i, const char *name,
                    mai_error *err);

/* Parse "X,Y" (each decimal digits, below LS_MAX_DIMENSION). 0 or -1. */
int cli_parse_point(const char *text, int32_t *x, int32_t *y);

/* Parse decimal digits in [min, max]. 0 or -1. */
int cli_parse_uint(const char *text, uint32_t min, uint32_t max,
                   uint32_t *out);

#endif
