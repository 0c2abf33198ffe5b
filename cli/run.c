/* SPDX-License-Identifier: MIT */
/*
 * run.c - running one query for the CLI: sliced stepping and a path buffer
 * that grows on demand, so a scenario run allocates only when a path longer
 * than any before it turns up.
 */
#include <stdlib.h>
#include "run.h"

int cli_path_buffer_init(cli_path_buffer *b, uint32_t capacity)
{
    b->points = NULL;
    b->capacity = 0;
    b->length = 0;
    if (capacity == 0)
        return 0;
    if (capacity > UINT32_MAX / sizeof *b->points)
        return -1;
    b->points = malloc((size_t)capacity * sizeof *b->points);
    if (!b->points)
        return -1;
    b->capacity = capacity;
    return 0;
}

void cli_path_buffer_free(cli_path_buffer *b)
{
    free(b->points);
    b->points = NULL;
    b->capacity = 0;
    b->length = 0;
}

ls_status cli_run_query(ls_search *search, const ls_grid *grid,
                        const ls_query *q, uint32_t budget,
                        ls_result *result)
{
    ls_status st = ls_search_begin(search, grid, q);
    if (st != LS_OK)
        return st;
    do
        st = ls_search_step(search, budget);
    while (st == LS_IN_PROGRESS);
    if (st < 0)
        return st;
    return ls_search_result(search, result);
}

static ls_status copy_path(const ls_search *search, int partial,
                           cli_path_buffer *b, uint32_t *length)
{
    if (partial)
        return ls_search_partial_path(search, b->points, b->capacity, length);
    return ls_search_path(search, b->points, b->capacity, length);
}

ls_status cli_fetch_path(const ls_search *search, int partial,
                         cli_path_buffer *b)
{
    uint32_t length = 0;
    ls_status st = copy_path(search, partial, b, &length);

    b->length = 0;
    if (st == LS_ERR_BUFFER_TOO_SMALL) {
        ls_point *bigger;
        /* The library told us the exact length; keeping the byte count
         * below 2^32 makes it fit any size_t. */
        if (length > UINT32_MAX / sizeof *bigger)
            return LS_ERR_OUT_OF_MEMORY;
        bigger = realloc(b->points, (size_t)length * sizeof *bigger);
        if (!bigger)
            return LS_ERR_OUT_OF_MEMORY;
        b->points = bigger;
        b->capacity = length;
        st = copy_path(search, partial, b, &length);
    }
    if (st == LS_OK)
        b->length = length;
    return st;
}
