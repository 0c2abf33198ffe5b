/* SPDX-License-Identifier: MIT */
/*
 * node.h - the per-cell state of a search: g and a tag.
 *
 * The node below is what every loop reads; its stride depends on the
 * context kind (src/search.h):
 *   full     16-byte nodes: g, tag, then the open list's links next, prev
 *   compact   8-byte nodes: g, tag; next in an array of its own
 * so a full context touches one 16-byte line per cell, as the search reads
 * g and tag and writes the links together, and a compact one needs 12
 * bytes per cell. A cell's state is valid only while the generation in its
 * tag equals the context's, which makes starting a query O(1): bumping
 * the generation forgets every cell at once.
 *   g     cost from the start while the cell is open; 0 once it is closed,
 *         so the "strictly smaller g" test alone also skips closed cells
 *   tag   bits 31..19  generation (13 bits; all tags are cleared for real
 *                      once every 8191 queries)
 *         bit  18      closed (expanded; for debugging: the loops test g)
 *         bit  17      has a parent
 *         bits 16..14  direction of the steps from the parent into this cell
 *         bits 13..0   run: how many such steps (1 for A*; a jump's length
 *                      for JPS), so parent = cell - run * offset[direction]
 * docs/design.md explains the choices.
 */
#ifndef LS_NODE_H
#define LS_NODE_H

#include <stddef.h>
#include <stdint.h>
#include "compiler.h"

typedef struct ls_node {
    uint32_t g;
    uint32_t tag;
} ls_node;

/* The node of cell in an array of nodes 1 << node_shift bytes apart: 8
 * (compact contexts) or 16 (full contexts, whose open-list links fill the
 * rest of each node). */
LS_HOT_INLINE ls_node *ls__node(ls_node *nodes, uint32_t cell,
                                uint32_t node_shift)
{
    /* Counted in 32-bit words, like the links (openlist.h): in a full
     * context a cell's node and its links then share one index, cell << 2,
     * which the compiler computes once. */
    return (ls_node *)(void *)((uint32_t *)(void *)nodes +
                               ((size_t)cell << (node_shift - 2u)));
}

#define LS_TAG_GEN_SHIFT 19u
#define LS_TAG_CLOSED (1u << 18)
#define LS_TAG_HAS_PARENT (1u << 17)
#define LS_TAG_DIR_SHIFT 14u
#define LS_TAG_RUN_MASK 0x3FFFu
#define LS_GENERATION_MAX ((1u << 13) - 1u)
/* Contexts of more bordered cells sweep their stamps a slice per query
 * (src/driver.c); smaller ones clear them all at the wrap, at most 64 MiB
 * of full nodes read once every 8191 queries. */
#define LS_SWEEP_MIN_CELLS (1u << 22)

/* The tag of a cell reached from its parent by run steps in direction dir. */
static inline uint32_t ls__tag_parent(uint32_t generation, uint32_t dir,
                                      uint32_t run)
{
    return (generation << LS_TAG_GEN_SHIFT) | LS_TAG_HAS_PARENT |
           (dir << LS_TAG_DIR_SHIFT) | run;
}

/* Close an expanded cell (see above): no later offer can reach it. */
static inline void ls__close(ls_node *n)
{
    n->tag |= LS_TAG_CLOSED;
    n->g = 0;
}

static inline uint32_t ls__tag_dir(uint32_t tag)
{
    return (tag >> LS_TAG_DIR_SHIFT) & 7u;
}

#endif
