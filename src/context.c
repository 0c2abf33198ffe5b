/*
 * context.c - search contexts: all the memory a query needs, allocated once
 * for a grid size so that queries never allocate.
 */
#include <stdint.h>
#include <string.h>
#include "internal.h"

uint32_t ls_search_bytes_per_cell(void)
{
    return (uint32_t)(sizeof(ls_node) + sizeof(ls_heap_entry));
}

static size_t nodes_bytes(uint32_t cells)
{
    return (size_t)cells * sizeof(ls_node);
}

static size_t heap_bytes(uint32_t cells)
{
    return (size_t)cells * sizeof(ls_heap_entry);
}

ls_status ls_search_create(int32_t width, int32_t height,
                           const ls_allocator *allocator, ls_search **out)
{
    ls_allocator a;
    ls_search *s;
    uint32_t cells;
    ls_status st;

    if (!out)
        return LS_ERR_NULL_ARGUMENT;
    *out = NULL;
    st = ls__bordered_cells(width, height, &cells);
    if (st != LS_OK)
        return st;
    /* Only a 32-bit size_t can overflow here. */
    if ((uint64_t)cells * sizeof(ls_heap_entry) > (uint64_t)SIZE_MAX)
        return LS_ERR_SIZE_OVERFLOW;

    ls__allocator_copy(&a, allocator);
    s = ls__alloc(&a, sizeof *s);
    if (!s)
        return LS_ERR_OUT_OF_MEMORY;
    memset(s, 0, sizeof *s);
    s->allocator = a;
    s->nodes = ls__alloc(&a, nodes_bytes(cells));
    s->heap.entries = ls__alloc(&a, heap_bytes(cells));
    if (!s->nodes || !s->heap.entries) {
        ls__release(&a, s->nodes, nodes_bytes(cells));
        ls__release(&a, s->heap.entries, heap_bytes(cells));
        ls__release(&a, s, sizeof *s);
        return LS_ERR_OUT_OF_MEMORY;
    }
    /* Generation 0 is never used by a query, so zeroed tags mean "unseen". */
    memset(s->nodes, 0, nodes_bytes(cells));
    s->width = width;
    s->height = height;
    s->stride = (uint32_t)width + 2u;
    s->cell_count = cells;
    s->heap.capacity = cells;
    s->generation = 0;
    s->phase = LS_PHASE_IDLE;
    *out = s;
    return LS_OK;
}

void ls_search_destroy(ls_search *s)
{
    ls_allocator a;
    if (!s)
        return;
    a = s->allocator;
    ls__release(&a, s->nodes, nodes_bytes(s->cell_count));
    ls__release(&a, s->heap.entries, heap_bytes(s->cell_count));
    ls__release(&a, s, sizeof *s);
}
