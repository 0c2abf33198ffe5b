/* SPDX-License-Identifier: MIT */
/* mapdigest.c - reading the map digest, which src/grid.c keeps current on
 * every edit (the terms are in mapdigest.h). */
#include "grid.h"

ls_status ls_grid_digest(const ls_grid *grid, uint64_t *digest)
{
    if (!grid || !digest)
        return LS_ERR_NULL_ARGUMENT;
    *digest = grid->digest;
    return LS_OK;
}
