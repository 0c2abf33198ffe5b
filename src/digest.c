/* digest.c - the path digest of the determinism contract (FNV-1a 64). */
#include "internal.h"

#define FNV_PRIME 0x100000001b3ull

/* Hash v as 4 little-endian bytes, whatever the host's byte order. */
static uint64_t fnv_int32(uint64_t h, int32_t v)
{
    uint32_t u = (uint32_t)v; /* two's complement by definition of uint32_t */
    int i;
    for (i = 0; i < 4; i++) {
        h ^= (uint64_t)((u >> (8 * i)) & 0xffu);
        h *= FNV_PRIME;
    }
    return h;
}

uint64_t ls__digest_extend(uint64_t digest, ls_point point)
{
    return fnv_int32(fnv_int32(digest, point.x), point.y);
}

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
