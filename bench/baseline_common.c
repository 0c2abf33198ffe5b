/* SPDX-License-Identifier: MIT */
/* baseline_common.c - what every baseline shares: allocation, directions,
 * path cost. */
#define _DEFAULT_SOURCE /* madvise, posix_memalign */
#include <stdlib.h>
#include <sys/mman.h>
#include "baselines.h"

static uint64_t alloc_calls;
static int huge_pages;

void bl_set_huge_pages(int on)
{
    huge_pages = on;
}

void *bl_block_alloc(size_t size)
{
#ifdef MADV_HUGEPAGE
    const size_t huge = (size_t)2 << 20;
    if (huge_pages && size >= huge) {
        void *p = NULL;
        if (posix_memalign(&p, huge, size) != 0)
            return NULL;
        madvise(p, size, MADV_HUGEPAGE); /* a hint; failure is harmless */
        return p;
    }
#endif
    return malloc(size);
}

void *bl_malloc(size_t size)
{
    alloc_calls++;
    return bl_block_alloc(size);
}

void *bl_calloc(size_t size)
{
    alloc_calls++;
    return calloc(1, size);
}

uint64_t bl_alloc_count(void)
{
    return alloc_calls;
}

const int8_t bl_dx[8] = { 0, 1, 0, -1, 1, 1, -1, -1 };
const int8_t bl_dy[8] = { -1, 0, 1, 0, -1, 1, 1, -1 };

int64_t bl_path_cost(const bl_grid *grid, const uint32_t *path,
                     uint32_t length)
{
    int64_t cost = 0;
    uint32_t i, w = (uint32_t)grid->width;

    if (length == 0)
        return -1;
    for (i = 1; i < length; i++) {
        int straight = path[i] % w == path[i - 1] % w ||
                       path[i] / w == path[i - 1] / w;
        cost += straight ? BL_STRAIGHT : BL_DIAGONAL;
    }
    return cost;
}

uint32_t bl_trace(const int32_t *parent, int32_t goal, uint32_t *path)
{
    uint32_t length = 0, i;
    int32_t c;
    for (c = goal; c >= 0; c = parent[c])
        length++;
    i = length;
    for (c = goal; c >= 0; c = parent[c])
        path[--i] = (uint32_t)c;
    return length;
}
