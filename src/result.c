/* result.c - reading a finished query: result, path, partial path. */
#include "internal.h"

uint32_t ls__chain_length(const ls_search *s, uint32_t cell)
{
    ls_chain_walk w;
    uint32_t n = 1;
    ls__chain_start(&w, cell);
    while (ls__chain_back(s, &w))
        n++;
    return n;
}

void ls__chain_points(const ls_search *s, uint32_t cell, ls_point *points,
                      uint32_t length)
{
    ls_chain_walk w;
    ls__chain_start(&w, cell);
    while (length-- > 0) {
        points[length] = ls__cell_point_fast(s, w.cell);
        ls__chain_back(s, &w);
    }
}

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
    uint32_t i, cell;
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
    /* finish_found left the path, start first, in the heap array of a full
     * context, or threaded it through the links of a compact one. */
    if (s->open.heap)
        for (i = 0; i < s->path_length; i++)
            points[i] = ls__cell_point_fast(s, s->open.heap[i]);
    else
        for (i = 0, cell = s->path_first; i < s->path_length;
             i++, cell = *ls__next(s->open.link, cell, 0))
            points[i] = ls__cell_point_fast(s, cell);
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

ls_status ls_find_path(ls_search *s, const ls_grid *grid, const ls_query *q,
                       ls_point *points, uint32_t capacity, ls_result *result)
{
    ls_status st;
    uint32_t length;
    if (!s || !grid || !q || !result || (!points && capacity > 0))
        return LS_ERR_NULL_ARGUMENT;
    st = ls_search_begin(s, grid, q);
    if (st != LS_OK)
        return st;
    st = ls_search_step(s, 0);
    if (st < 0)
        return st;
    ls_search_result(s, result);
    if (st != LS_OK)
        return st;
    return ls_search_path(s, points, capacity, &length);
}
