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

ls_status ls_search_path(const ls_search *s, ls_point *points,
                         uint32_t capacity, uint32_t *length)
{
    ls_status st;
    if (!s || !length || (!points && capacity > 0))
        return LS_ERR_NULL_ARGUMENT;
    *length = 0;
    st = finished(s);
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
    ls_status st;
    uint32_t n;
    if (!s || !length || (!points && capacity > 0))
        return LS_ERR_NULL_ARGUMENT;
    *length = 0;
    st = finished(s);
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
