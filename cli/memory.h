/* SPDX-License-Identifier: MIT */
/*
 * memory.h - every allocation of the replay (cli/replay*.c), through hooks
 * a test may replace: tests/suite_replay.c fails each allocation in turn
 * and counts blocks to prove each failure is reported and leaks nothing.
 * Without hooks these are malloc, calloc, realloc and free, and the
 * library objects the replay makes use the library's default allocator.
 */
#ifndef CLI_MEMORY_H
#define CLI_MEMORY_H

#include <stddef.h>
#include "lockstar.h"

typedef struct cli_memory_hooks {
    /* size bytes, or NULL */
    void *(*alloc)(void *user, size_t size);
    /* block (NULL: a new one) resized to size bytes, or NULL with block
     * untouched */
    void *(*resize)(void *user, void *block, size_t size);
    /* block from alloc or resize; never called with NULL */
    void (*release)(void *user, void *block);
    void *user;
} cli_memory_hooks;

/* Route every allocation below through hooks (copied), or back to the C
 * library with NULL. Not thread-safe: set it before a replay starts. */
void cli_memory_use(const cli_memory_hooks *hooks);

void *cli_alloc(size_t size);
/* count * size zeroed bytes; NULL also when the product overflows. */
void *cli_alloc_zeroed(size_t count, size_t size);
void *cli_resize(void *block, size_t size);
/* NULL is ignored. */
void cli_release(void *block);

/* The allocator for library objects the replay creates: NULL (the
 * library's default) without hooks, else the hooks as an ls_allocator. */
const ls_allocator *cli_library_allocator(void);

#endif
