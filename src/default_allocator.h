/* SPDX-License-Identifier: MIT */
/*
 * default_allocator.h - the one rule for whose memory an object uses: the
 * caller's ls_allocator when it gives both hooks, else malloc/free.
 *
 * Written once here and compiled into both libraries that need it:
 * liblockstar (src/alloc.c) and liblockstar-selftest (src/selftest.c),
 * which reaches liblockstar through its public API only and so cannot call
 * alloc.c's internal ls__ functions (liblockstar does not export them).
 * Each includer gets its own static copy of the malloc/free pair, which is
 * why src/alloc.c compares a hook with its own default_alloc.
 */
#ifndef LS_DEFAULT_ALLOCATOR_H
#define LS_DEFAULT_ALLOCATOR_H

#include <stdlib.h>
#include "lockstar.h"

static void *ls__default_alloc(void *user, size_t size)
{
    (void)user;
    return malloc(size);
}

static void ls__default_release(void *user, void *block, size_t size)
{
    (void)user;
    (void)size;
    free(block);
}

/* *dst = *src when src gives both hooks, else the malloc/free pair. */
static inline void ls__allocator_choose(ls_allocator *dst, const ls_allocator *src)
{
    if (src && src->alloc && src->release) {
        *dst = *src;
    } else {
        dst->alloc = ls__default_alloc;
        dst->release = ls__default_release;
        dst->user = NULL;
    }
}

#endif
