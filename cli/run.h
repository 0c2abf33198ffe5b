/* SPDX-License-Identifier: MIT */
/*
 * run.h - running one query the way both CLI commands do: begun once,
 * stepped in slices of a budget (so --budget exercises time slicing), and
 * its path copied into a buffer that grows only when a longer path comes.
 */
#ifndef CLI_RUN_H
#define CLI_RUN_H

#include <stdint.h>
#include "lockstar.h"

/* A reusable path buffer; start zeroed (or via cli_path_buffer_init). */
typedef struct cli_path_buffer {
    ls_point *points;
    uint32_t capacity;
    uint32_t length;   /* points of the last path copied */
} cli_path_buffer;

/* Allocate room for capacity points up front (0 is fine). 0 or -1. */
int cli_path_buffer_init(cli_path_buffer *b, uint32_t capacity);
void cli_path_buffer_free(cli_path_buffer *b);

/* Begin q on grid and call ls_search_step(search, budget) until it ends
 * (budget 0 = one call), then fill *result. Returns LS_OK when the query
 * ran to an outcome (see result->status), else the library's error. */
ls_status cli_run_query(ls_search *search, const ls_grid *grid,
                        const ls_query *q, uint32_t budget,
                        ls_result *result);

/* Copy the finished query's path (partial = 0, via ls_search_path) or
 * partial path (partial = 1, via ls_search_partial_path) into b, growing
 * it on LS_ERR_BUFFER_TOO_SMALL. Returns what the library call returned
 * (LS_OK, LS_NO_PATH, ...) or LS_ERR_OUT_OF_MEMORY; b->length is 0 when
 * no point was copied. */
ls_status cli_fetch_path(const ls_search *search, int partial,
                         cli_path_buffer *b);

#endif
