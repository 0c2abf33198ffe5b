/* SPDX-License-Identifier: MIT */
/*
 * prep.c - the one place where a grid edit reaches the preprocessed tables
 * kept with the grid (grid.h: jumps, landmarks, hpa). Every edit function
 * of grid.c and gridrect.c calls ls__prep_after_edit once, after the cells,
 * bitsets, digest and clearance are current, so no table can miss an edit
 * and none reads a half-edited grid. A module that attaches a table adds
 * its update here and its release in ls__prep_release.
 */
#include "grid.h"
#include "hpa.h"
#include "jumps.h"
#include "landmarks.h"

void ls__prep_after_edit(ls_grid *grid, int32_t x, int32_t y, int32_t w,
                         int32_t h, int lowered)
{
    /* Jump tables are exact again before the edit returns (jumps.c). */
    ls__jumps_after_edit(grid, x, y, w, h);
    /* Landmark tables go stale where a cost was lowered (landmarks.c). */
    ls__landmarks_after_edit(grid, lowered);
    /* The hierarchy is rebuilt where the cells changed (hpa_build.c). */
    ls__hpa_after_edit(grid, x, y, w, h);
}

void ls__prep_release(ls_grid *grid)
{
    ls__jumps_release(grid);
    ls__landmarks_release(grid);
    ls__hpa_release(grid);
}
