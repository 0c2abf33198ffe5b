/* SPDX-License-Identifier: MIT */
/* result.c - reading a finished query: result, path, partial path. */
#include "path.h"
#include "search.h"

static ls_status finished(const ls_search *s)
{
    if (s->phase == LS_PHASE_IDLE)
        return LS_ERR_NO_QUERY;
    if (s->phase == LS_PHASE_RUNNING)
        return LS_ERR_NOT_DONE;
    return LS_OK;
}

/* What both path calls check first: their arguments (then *length = 0)
 * and that the query has ended. */
static ls_status path_call(const ls_search *s, const ls_point *points,
                           uint32_t capacity, uint32_t *length)
{
    if (!s || !length || (!points && capacity > 0))
        return LS_ERR_NULL_ARGUMENT;
    *length = 0;
    return finished(s);
}

ls_status ls_search_result(const ls_search *s, ls_result *out)
{
    ls_status st;
    if (!s || !out)
        return LS_ERR_NULL_ARGUMENT;
    st = finished(s);
    if (st != LS_OK)
        return st;
    if (s->final_status < 0)
        return s->final_status;
    out->status = s->final_status;
    out->cost = s->cost;
    out->expansions = s->expansions;
    out->path_length = s->path_length;
    out->digest = s->digest;
    return LS_OK;
}

ls_status ls_search_expansions(const ls_search *s, uint32_t *count)
{
    if (!s || !count)
        return LS_ERR_NULL_ARGUMENT;
    if (s->phase == LS_PHASE_IDLE)
        return LS_ERR_NO_QUERY;
    *count = s->expansions;
    return LS_OK;
}

ls_status ls_search_path(const ls_search *s, ls_point *points,
                         uint32_t capacity, uint32_t *length)
{
    ls_status st = path_call(s, points, capacity, length);
    if (st != LS_OK)
        return st;
    if (s->final_status != LS_OK)
        return s->final_status;
    *length = s->path_length;
    if (capacity < s->path_length)
        return LS_ERR_BUFFER_TOO_SMALL;
    ls__path_read(s, points);
    return LS_OK;
}

ls_status ls_search_partial_path(const ls_search *s, ls_point *points,
                                 uint32_t capacity, uint32_t *length)
{
    ls_status st = path_call(s, points, capacity, length);
    uint32_t n;
    if (st != LS_OK)
        return st;
    if (s->final_status != LS_NO_PATH && s->final_status != LS_EXPANSION_LIMIT)
        return LS_ERR_NO_PARTIAL;
    n = ls__chain_length(s, s->best_cell);
    *length = n;
    if (capacity < n)
        return LS_ERR_BUFFER_TOO_SMALL;
    ls__chain_points(s, s->best_cell, points, n);
    return LS_OK;
}
