/* SPDX-License-Identifier: MIT */
/*
 * mapgen.h - the golden vectors' map generators.
 *
 * Each generator is a pure function of (family, width, height, parameters,
 * seed): it draws only from lockstar's ls_rng (SplitMix64, ls_rng_below)
 * and uses integer arithmetic only, so any port that follows the
 * specification in vectors/README.md rebuilds the same grid bit for bit.
 * The specification there is the contract; this file implements it.
 *
 * Cells are written row-major (y * width + x) with lockstar's meaning:
 * 0 blocked, 1..255 terrain cost multiplier.
 */
#ifndef LS_TOOLS_MAPGEN_H
#define LS_TOOLS_MAPGEN_H

#include <stdint.h>
#include "lockstar.h"

/* Families; the names (mg_family_name) are what vector files spell. */
enum {
    MG_EMPTY,     /* every cell cost 1 */
    MG_RANDOM,    /* random obstacles: percent */
    MG_MAZE,      /* perfect maze (randomised DFS): corridor, loops */
    MG_ROOMS,     /* rooms and doors: room, door, percent */
    MG_CORRIDORS, /* one-cell corridors in a serpentine: gaps, vertical */
    MG_TRAPS,     /* corner-cutting traps: checker, segments, length, dots */
    MG_TERRAIN,   /* terrain-cost patches: patches, size, max, percent */
    MG_FAMILY_COUNT
};

#define MG_MAX_PARAMS 4

typedef struct mg_spec {
    int32_t family;
    int32_t width, height;
    uint64_t seed;
    /* The family's parameters, in the order mg_param_name lists them. */
    uint32_t param[MG_MAX_PARAMS];
} mg_spec;

/* The family's name, or NULL for an unknown family. */
const char *mg_family_name(int32_t family);
/* The family with this name, or -1. */
int32_t mg_family_find(const char *name);
/* How many parameters the family takes (0 for an unknown family). */
uint32_t mg_param_count(int32_t family);
/* The name of parameter i of the family, or NULL. */
const char *mg_param_name(int32_t family, uint32_t i);

/* NULL when spec is valid (family known, size within lockstar's limits,
 * parameters in range), else a short reason. */
const char *mg_check(const mg_spec *spec);

/* Fill cells[0 .. width*height) as the specification says. Returns 0, or
 * -1 when mg_check rejects spec or scratch memory cannot be allocated. */
int mg_generate(const mg_spec *spec, uint8_t *cells);

#endif
