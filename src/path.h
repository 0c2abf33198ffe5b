/* SPDX-License-Identifier: MIT */
/*
 * path.h - the paths a finished search reads back: the found path, stored
 * once when the goal is reached, and the parent chain of any cell (partial
 * paths). src/path.c alone knows where a found path is kept.
 */
#ifndef LS_PATH_H
#define LS_PATH_H

#include <stdint.h>
#include "search.h"

/* Store the path that ends at the goal so that ls__path_read can give it
 * start first, and set s->path_length and s->digest. The open list is
 * finished with: its storage may be reused. */
void ls__path_record(ls_search *s);

/* Write the stored path's s->path_length points, start first. */
void ls__path_read(const ls_search *s, ls_point *points);

/* Length of the parent chain ending at cell (cells, inclusive). */
uint32_t ls__chain_length(const ls_search *s, uint32_t cell);
/* Write the chain ending at cell into points[0..length), start first. */
void ls__chain_points(const ls_search *s, uint32_t cell, ls_point *points,
                      uint32_t length);

#endif
