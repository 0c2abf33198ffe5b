/* SPDX-License-Identifier: MIT */
/*
 * alloc.c - every allocation of the library goes through here, so a caller's
 * hook sees all of them (and tests can prove that queries allocate nothing).
 *
 * Zeroed blocks (ls__alloc_zeroed) come from calloc when the caller gave no
 * allocator: for a large block the C library maps fresh pages that the
 * system zeroes on first touch, so a search context for a 16384 x 16384
 * grid (4 GiB of nodes) costs only the pages its queries reach. A caller's
 * allocator makes no such promise, so its blocks are zeroed here.
 */
#include <stdlib.h>
#include <string.h>
#include "alloc.h"
#include "default_allocator.h"

void ls__allocator_copy(ls_allocator *dst, const ls_allocator *src)
{
    ls__allocator_choose(dst, src);
}

void *ls__alloc(const ls_allocator *a, size_t size)
{
    return a->alloc(a->user, size);
}

void ls__release(const ls_allocator *a, void *block, size_t size)
{
    if (block)
        a->release(a->user, block, size);
}

void *ls__alloc_zeroed(const ls_allocator *a, size_t size)
{
    void *block;
    if (a->alloc == ls__default_alloc)
        return calloc(1, size);
    block = a->alloc(a->user, size);
    if (block)
        memset(block, 0, size);
    return block;
}

void *ls__alloc_object(const ls_allocator *requested, ls_allocator *a,
                       size_t size)
{
    ls__allocator_copy(a, requested);
    return ls__alloc_zeroed(a, size);
}
