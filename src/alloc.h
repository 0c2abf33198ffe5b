/* SPDX-License-Identifier: MIT */
/*
 * alloc.h - every allocation of the library goes through these, so that a
 * caller's ls_allocator sees all of them (src/alloc.c).
 */
#ifndef LS_ALLOC_H
#define LS_ALLOC_H

#include <stddef.h>
#include "lockstar.h"

/* Allocation through the caller's hooks or malloc/free. */
void *ls__alloc(const ls_allocator *a, size_t size);
/* size bytes, all zero, through a as ls__alloc. Without a caller's
 * allocator this is calloc, whose large blocks are pages the system zeroes
 * only when first touched; a caller's blocks are zeroed with memset. */
void *ls__alloc_zeroed(const ls_allocator *a, size_t size);
/* Release block (NULL is ignored), giving the size it was allocated with. */
void ls__release(const ls_allocator *a, void *block, size_t size);
/* Copy *src (or the malloc/free pair when src is NULL) into *dst. */
void ls__allocator_copy(ls_allocator *dst, const ls_allocator *src);

/* The start of every object the library creates: copy requested (or the
 * malloc/free pair when NULL) into *a and allocate size bytes through it,
 * zeroed. NULL when out of memory. */
void *ls__alloc_object(const ls_allocator *requested, ls_allocator *a,
                       size_t size);

#endif
