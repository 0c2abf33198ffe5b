/* SPDX-License-Identifier: MIT */
/*
 * path.c - where a found path is kept, and walking parent chains.
 *
 * When the goal is reached the path is stored by one walk back from the
 * goal, and digested:
 *   - a context with a heap (full) writes the cells into its heap array,
 *     which the finished query no longer needs, then reverses them in
 *     place;
 *   - a context without (compact) threads the path forward through the
 *     link fields of its cells (the open list, whose links they were, is
 *     finished with; a cell inside a JPS jump that the search never
 *     touched has a free link too). That needs every cell to appear once,
 *     which holds for the queries a compact context runs: A* chains never
 *     repeat a cell, and the path of an optimal search (JPS with a
 *     consistent heuristic and weight 1.0) cannot either. A weighted JPS
 *     path can cross itself, which is why the full context keeps the
 *     array.
 */
#include "digest.h"
#include "path.h"

/* Walking a parent chain backward, one grid cell at a time. */
typedef struct chain_walk {
    uint32_t cell;
    uint32_t run_left; /* steps left in the current run */
    uint32_t dir;
} chain_walk;

static void chain_start(chain_walk *w, uint32_t cell)
{
    w->cell = cell;
    w->run_left = 0;
    w->dir = 0;
}

/* Step to the previous cell of the chain; 0 when w is at the chain's start. */
static int chain_back(const ls_search *s, chain_walk *w)
{
    if (w->run_left == 0) {
        uint32_t tag = ls__node(s->nodes, w->cell, s->open.node_shift)->tag;
        if (!(tag & LS_TAG_HAS_PARENT))
            return 0;
        w->run_left = tag & LS_TAG_RUN_MASK;
        w->dir = ls__tag_dir(tag);
    }
    w->cell -= (uint32_t)s->offset[w->dir];
    w->run_left--;
    return 1;
}

void ls__path_record(ls_search *s)
{
    uint32_t *array = s->open.heap;
    uint32_t length = 0, next = LS_NO_CELL, cell, i, j;
    uint64_t digest = LS_DIGEST_EMPTY;
    chain_walk w;

    chain_start(&w, s->plan.goal);
    do {
        if (array)
            array[length] = w.cell;
        else
            *ls__next(s->open.link, w.cell, s->open.link_shift) = next;
        next = w.cell;
        length++;
    } while (chain_back(s, &w));
    if (array) {
        for (i = 0, j = length - 1u; i < j; i++, j--) {
            uint32_t t = array[i];
            array[i] = array[j];
            array[j] = t;
        }
        for (i = 0; i < length; i++)
            digest = ls__digest_extend_cell(digest,
                                            ls__cell_point_fast(s, array[i]));
    } else {
        for (i = 0, cell = next; i < length;
             i++, cell = *ls__next(s->open.link, cell, s->open.link_shift))
            digest = ls__digest_extend_cell(digest,
                                            ls__cell_point_fast(s, cell));
    }
    s->path_first = next;
    s->path_length = length;
    s->digest = digest;
    /* The heap array now holds the path, not open cells. */
    s->open.size = 0;
    s->open.top = LS_NO_CELL;
}

void ls__path_read(const ls_search *s, ls_point *points)
{
    uint32_t i, cell;
    if (s->open.heap)
        for (i = 0; i < s->path_length; i++)
            points[i] = ls__cell_point_fast(s, s->open.heap[i]);
    else
        for (i = 0, cell = s->path_first; i < s->path_length;
             i++, cell = *ls__next(s->open.link, cell, s->open.link_shift))
            points[i] = ls__cell_point_fast(s, cell);
}

uint32_t ls__chain_length(const ls_search *s, uint32_t cell)
{
    chain_walk w;
    uint32_t n = 1;
    chain_start(&w, cell);
    while (chain_back(s, &w))
        n++;
    return n;
}

void ls__chain_points(const ls_search *s, uint32_t cell, ls_point *points,
                      uint32_t length)
{
    chain_walk w;
    chain_start(&w, cell);
    while (length-- > 0) {
        points[length] = ls__cell_point_fast(s, w.cell);
        chain_back(s, &w);
    }
}
