/* SPDX-License-Identifier: MIT */
/*
 * landmarks.h - landmark tables kept with a grid (include/lockstar_landmarks.h):
 * the bound the search reads (inline here, the one copy of the rule), the
 * tables' state (src/landmarks.c: API, edits, what a query plans) and
 * their resumable computation (src/landmarks_build.c).
 *
 * Table layout: dist[cell * stride + i] is d(cell, landmark i), the least
 * cost from the bordered cell to landmark i under the tables' moves,
 * LS_LANDMARK_FAR when the cell cannot reach it (blocked cells, the
 * border and other connected parts). stride is the configured count, so
 * the distances of one cell share a cache line or two.
 *
 * Why the bound is admissible and consistent (docs/landmarks.md has the
 * proof): d obeys the triangle inequality d(n, L) <= c(n, m) + d(m, L),
 * so b_L(n) = d(n, L) - d(goal, L) <= d(n, goal), and b_L(n) - b_L(m) <=
 * c(n, m) for every step n -> m; with symmetric costs (every passable
 * cell costs 1) the same holds for d(goal, L) - d(n, L). Edits that only
 * raise costs make every true distance larger, never the stored ones, so
 * the stored tables stay lower bounds of the same form.
 */
#ifndef LS_LANDMARKS_H
#define LS_LANDMARKS_H

#include <stddef.h>
#include <stdint.h>
#include "compiler.h"
#include "lockstar.h" /* and through it lockstar_landmarks.h */

#define LS_LANDMARK_FAR 0xFFFFFFFFu
/* The estimate of a cell the tables prove cannot reach the goal. */
#define LS_LANDMARK_APART UINT64_MAX

/* What a query reads of the tables, filled by ls__landmarks_view: the
 * columns of the landmarks the goal reaches (active of them, with the
 * goal's distances), then those it does not (inactive). */
typedef struct ls_landmark_view {
    const uint32_t *dist;
    uint32_t stride;       /* uint32 per cell */
    uint32_t active, inactive;
    uint32_t symmetric;    /* built on a grid of cost-1 cells only */
    uint32_t grid_stride;  /* the grid's bordered row length */
    uint64_t epoch;        /* the tables' epoch the view was taken at */
    uint32_t column[LS_LANDMARKS_MAX];
    uint32_t goal[LS_LANDMARKS_MAX];
} ls_landmark_view;

/* max(octile, the landmark bound of cell), or LS_LANDMARK_APART when
 * the tables show the cell cannot reach the goal: one of them reaches a
 * landmark the other does not (the parts of the map the tables were
 * built on only split under edits that keep them usable). A finite
 * distance minus another is at most LS_COST_MAX in magnitude, and
 * LS_LANDMARK_FAR minus a finite one is above it, so for the active
 * landmarks one comparison at the end finds a cell cut off, with no
 * branch per landmark. */
LS_HOT_INLINE uint64_t ls__landmark_estimate(const ls_landmark_view *v,
                                             uint32_t cell, uint64_t octile)
{
    const uint32_t *row = v->dist + (size_t)cell * v->stride;
    int64_t best = (int64_t)octile;
    uint32_t i;
    if (v->symmetric) {
        for (i = 0; i < v->active; i++) {
            int64_t d = (int64_t)row[v->column[i]] - (int64_t)v->goal[i];
            d = d < 0 ? -d : d;
            best = d > best ? d : best;
        }
    } else {
        for (i = 0; i < v->active; i++) {
            int64_t d = (int64_t)row[v->column[i]] - (int64_t)v->goal[i];
            best = d > best ? d : best;
        }
    }
    for (; i < v->active + v->inactive; i++)
        if (row[v->column[i]] != LS_LANDMARK_FAR)
            return LS_LANDMARK_APART;
    return best > (int64_t)LS_COST_MAX ? LS_LANDMARK_APART : (uint64_t)best;
}

/* Phases of a build or update (src/landmarks_build.c). */
enum {
    LS_LM_PHASE_CLEAR,       /* marks cleared, first passable cell found */
    LS_LM_PHASE_PARTS_BEGIN, /* the flow begun there, for its move rules */
    LS_LM_PHASE_PARTS,       /* connected parts searched, largest kept */
    LS_LM_PHASE_FIELD_BEGIN, /* the next field's start (one piece) */
    LS_LM_PHASE_FIELD_RUN,   /* its expansions */
    LS_LM_PHASE_FIELD_COPY,  /* copied into the table, next landmark found */
    LS_LM_PHASE_DONE
};

struct ls_flow;

struct ls_landmarks {
    ls_landmarks_config config;
    uint32_t cell_count;     /* bordered */
    uint32_t count;          /* landmarks placed */
    uint32_t cells[LS_LANDMARKS_MAX]; /* their bordered indices */
    uint32_t *dist;          /* cell_count * config.count */
    uint32_t *queue;         /* cell_count: the parts' search */
    struct ls_flow *flow;
    uint32_t usable, exact, symmetric;
    uint64_t epoch;          /* new (ls__stamp_next) whenever usable
                                tables change or stop being usable */

    /* The computation in progress. */
    uint32_t phase;
    uint32_t cursor;         /* the phase's scan position */
    uint32_t head, tail;     /* the parts' search queue */
    uint32_t part_root, part_size, best_root, best_size;
    uint32_t field;          /* 0: the seed's field; f: landmark f - 1's */
    uint32_t goal;           /* the cell the field in progress is of */
    uint32_t far_value, far_cell; /* the farthest cell found so far */
};

/* After an edit (src/prep.c): lowered makes the tables stale, any edit
 * inexact; an update in progress starts again. */
void ls__landmarks_after_edit(ls_grid *grid, int lowered);

/* Release the grid's tables (src/prep.c, at the grid's end). */
void ls__landmarks_release(ls_grid *grid);

/* The part of ls_query_validate for LS_HEURISTIC_LANDMARKS: the grid's
 * tables exist and are for the query's moves (else LS_ERR_NOT_PREPARED). */
ls_status ls__landmarks_check(const ls_grid *grid, const ls_query *q);

/* Fill view for a query to goal (bordered) on grid, whose tables passed
 * ls__landmarks_check. Returns 0 when the tables are not usable (the
 * query then runs with the octile estimate), else 1. */
int ls__landmarks_view(const ls_grid *grid, uint32_t goal,
                       ls_landmark_view *view);

/* Are the tables a view was taken from still those of the grid? */
int ls__landmarks_current(const ls_grid *grid, uint64_t epoch);

/* Run the computation for at most about budget units (0: no limit; see
 * lockstar_landmarks.h, "Work"), adding the units done to *done.
 * LS_OK once done, LS_IN_PROGRESS, or LS_ERR_COST_OVERFLOW. */
ls_status ls__landmarks_run(ls_grid *grid, struct ls_landmarks *lm,
                            uint32_t budget, uint32_t *done);

/* Start the computation again from its first phase (tables unusable). */
void ls__landmarks_restart(struct ls_landmarks *lm);

#endif
