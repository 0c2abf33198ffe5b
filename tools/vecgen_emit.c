/* SPDX-License-Identifier: MIT */
/*
 * vecgen_emit.c - what both writers of script lines (vecgen_script.c and
 * vecgen_geo.c) need to record one: the script being built, a new line
 * on it, a copy of the points a line keeps, and dying with the script and
 * line named when the library and the model disagree.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vecgen.h"

vf_script *sg_current_script(sgen *s)
{
    return &s->g->file.scripts[s->script];
}

vf_op *sg_add(sgen *s, int32_t kind)
{
    vf_op *op = vf_add_op(sg_current_script(s), kind);
    if (!op)
        die("out of memory", NULL);
    return op;
}

ls_point *sg_copy_points(const ls_point *p, uint32_t n)
{
    ls_point *copy;
    if (n == 0)
        return NULL;
    copy = malloc((size_t)n * sizeof *copy);
    if (!copy)
        die("out of memory", NULL);
    memcpy(copy, p, (size_t)n * sizeof *copy);
    return copy;
}

/* die() with "script ID, line N" as the detail. */
static void fail_at(sgen *s, const char *what, unsigned long line)
{
    char where[128];
    snprintf(where, sizeof where, "script %s, line %lu",
             sg_current_script(s)->id, line);
    die(what, where);
}

void sg_fail(sgen *s, const char *what)
{
    fail_at(s, what, (unsigned long)sg_current_script(s)->op_count + 1u);
}

void sg_fail_added(sgen *s, const char *what)
{
    fail_at(s, what, (unsigned long)sg_current_script(s)->op_count);
}
