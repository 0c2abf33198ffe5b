/* SPDX-License-Identifier: MIT */
/*
 * oracle.h - the one independent oracle of lockstar's movement rules:
 * the cost of a step, whether a path is a legal walk, and the optimal cost
 * by a plain Dijkstra.
 *
 * Written from the rules of include/lockstar.h alone (connectivity, the
 * three corner rules, step cost = straight or diagonal cost x the cost of
 * the cell entered), never from the library's search code, so that a bug
 * in the search cannot hide in its own check. Only ls_grid_size and
 * ls_grid_get are used from the library.
 *
 * Built as the convenience library tests/liboracle.la, linked by tests/unit
 * (through test_util.h, which includes this header) and by tools/vecgen,
 * which refuses to record an outcome the oracle does not confirm. The names
 * keep the tests' tu_ prefix. Memory comes from malloc; nothing is kept
 * between calls.
 */
#ifndef LS_TESTS_ORACLE_H
#define LS_TESTS_ORACLE_H

#include <stddef.h>
#include <stdint.h>
#include "lockstar.h"

/* A row-major copy (y * width + x) of the grid's cells, malloc'd; NULL
 * when out of memory. */
uint8_t *tu_cells(const ls_grid *grid, int32_t *width, int32_t *height);

/* The cost of one step from (x, y) by (dx, dy) under q's connectivity,
 * corner rule and step costs, in the cells of a width x height grid; -1 if
 * the step is not a legal move. */
int64_t tu_step_cost(const uint8_t *cells, int32_t width, int32_t height,
                     const ls_query *q, int32_t x, int32_t y, int32_t dx,
                     int32_t dy);

/* Optimal cost from q's start to q's goal by a plain Dijkstra (own binary
 * heap, lazy deletion); -1 if unreachable, -2 if out of memory. *reached
 * (optional) receives the number of cells reachable from the start. */
int64_t tu_dijkstra(const ls_grid *grid, const ls_query *q,
                    uint32_t *reached);

/* The same Dijkstra's cost to every cell, row-major (-1 = unreachable), in
 * a malloc'd array; NULL when out of memory. */
int64_t *tu_dijkstra_all(const ls_grid *grid, const ls_query *q,
                         uint32_t *reached);

/* The same optimal cost on a row-major copy of the cells, stopping as soon
 * as the goal is settled (for large maps); -1 if unreachable (or the start
 * or goal is outside or blocked), -2 if out of memory. */
int64_t tu_dijkstra_cells(const uint8_t *cells, int32_t width, int32_t height,
                          const ls_query *q);

/* 1 if path[0..length) is legal for q on grid: starts at q's start, ends at
 * q's goal, every step a legal move; its summed step cost goes to *cost.
 * Otherwise 0 with a reason in why[0..why_size). The goal check is skipped
 * when to_goal is 0 (partial paths). */
int tu_path_legal(const ls_grid *grid, const ls_query *q,
                  const ls_point *path, uint32_t length, int to_goal,
                  int64_t *cost, char *why, size_t why_size);

#endif
