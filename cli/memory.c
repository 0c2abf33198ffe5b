/* SPDX-License-Identifier: MIT */
/*
 * memory.c - the replay's allocations, through replaceable hooks
 * (memory.h). The hooks are one static copy: the CLI runs one replay at a
 * time, and only tests replace them.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "memory.h"

static cli_memory_hooks hooks;
static int hooked;
static ls_allocator library;

static void *library_alloc(void *user, size_t size)
{
    (void)user;
    return cli_alloc(size);
}

static void library_release(void *user, void *block, size_t size)
{
    (void)user;
    (void)size;
    cli_release(block);
}

void cli_memory_use(const cli_memory_hooks *h)
{
    hooked = h != NULL;
    if (h)
        hooks = *h;
    library.alloc = library_alloc;
    library.release = library_release;
    library.user = NULL;
}

void *cli_alloc(size_t size)
{
    return hooked ? hooks.alloc(hooks.user, size) : malloc(size);
}

void *cli_alloc_zeroed(size_t count, size_t size)
{
    void *block;
    if (!hooked)
        return calloc(count, size);
    if (size != 0 && count > SIZE_MAX / size)
        return NULL;
    block = hooks.alloc(hooks.user, count * size);
    if (block)
        memset(block, 0, count * size);
    return block;
}

void *cli_resize(void *block, size_t size)
{
    return hooked ? hooks.resize(hooks.user, block, size)
                  : realloc(block, size);
}

void cli_release(void *block)
{
    if (!block)
        return;
    if (hooked)
        hooks.release(hooks.user, block);
    else
        free(block);
}

const ls_allocator *cli_library_allocator(void)
{
    return hooked ? &library : NULL;
}
