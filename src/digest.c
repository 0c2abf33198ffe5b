/* SPDX-License-Identifier: MIT */
/* digest.c - the path digest of the determinism contract (FNV-1a 64; the
 * hashing itself is ls__digest_extend in digest.h). */
#include "digest.h"

ls_status ls_path_digest(const ls_point *points, uint32_t count,
                         uint64_t *digest)
{
    uint64_t h = LS_DIGEST_EMPTY;
    uint32_t i;
    if (!digest || (!points && count > 0))
        return LS_ERR_NULL_ARGUMENT;
    for (i = 0; i < count; i++)
        h = ls__digest_extend(h, points[i]);
    *digest = h;
    return LS_OK;
}
