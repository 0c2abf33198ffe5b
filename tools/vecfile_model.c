/* SPDX-License-Identifier: MIT */
/*
 * vecfile_model.c - vector files in memory (vecfile.h): the file, its maps
 * with their edits, its vectors and their outcomes.
 */
#include <stdlib.h>
#include <string.h>
#include "vecfile_impl.h"

/* ------------------------------------------------------------------------
 * Files in memory
 * --------------------------------------------------------------------- */

void vf_file_init(vf_file *f)
{
    memset(f, 0, sizeof *f);
}

void vf_outcome_free(vf_outcome *o)
{
    free(o->path);
    free(o->partial);
    o->path = o->partial = NULL;
}

int vf_copy_points(ls_point **dst, const ls_point *src, uint32_t n)
{
    *dst = NULL;
    if (n == 0)
        return 0;
    *dst = malloc((size_t)n * sizeof **dst);
    if (!*dst)
        return -1;
    memcpy(*dst, src, (size_t)n * sizeof **dst);
    return 0;
}

int vf_outcome_copy(vf_outcome *dst, const vf_outcome *src)
{
    *dst = *src;
    dst->path = dst->partial = NULL;
    if (vf_copy_points(&dst->path, src->path, src->length) != 0 ||
        vf_copy_points(&dst->partial, src->partial, src->partial_length) != 0) {
        vf_outcome_free(dst);
        return -1;
    }
    return 0;
}

void vf_file_free(vf_file *f)
{
    uint32_t i;
    for (i = 0; i < f->map_count; i++) {
        free(f->maps[i].rows);
        free(f->maps[i].edits);
    }
    for (i = 0; i < f->vector_count; i++)
        vf_outcome_free(&f->vectors[i].expect);
    for (i = 0; i < f->script_count; i++) {
        uint32_t k;
        for (k = 0; k < f->scripts[i].op_count; k++) {
            free(f->scripts[i].ops[k].points);
            free(f->scripts[i].ops[k].out_points);
        }
        free(f->scripts[i].ops);
    }
    free(f->maps);
    free(f->vectors);
    free(f->scripts);
    free(f->header);
    vf_file_init(f);
}

/* Make room for one more element of an array of size elem. */
int vf_grow(void **array, uint32_t *capacity, uint32_t count, size_t elem)
{
    uint32_t cap;
    void *p;
    if (count < *capacity)
        return 0;
    cap = *capacity ? *capacity * 2u : 16u;
    p = realloc(*array, (size_t)cap * elem);
    if (!p)
        return -1;
    *array = p;
    *capacity = cap;
    return 0;
}

vf_map *vf_add_map(vf_file *f)
{
    vf_map *m;
    if (vf_grow((void **)&f->maps, &f->map_capacity, f->map_count,
             sizeof *f->maps) != 0)
        return NULL;
    m = &f->maps[f->map_count++];
    memset(m, 0, sizeof *m);
    return m;
}

vf_vector *vf_add_vector(vf_file *f)
{
    vf_vector *v;
    if (vf_grow((void **)&f->vectors, &f->vector_capacity, f->vector_count,
             sizeof *f->vectors) != 0)
        return NULL;
    v = &f->vectors[f->vector_count++];
    memset(v, 0, sizeof *v);
    ls_query_init(&v->query);
    strcpy(v->weight_text, "1");
    v->expect.cost = -1;
    v->expect.digest = VF_DIGEST_EMPTY;
    v->expect.partial_digest = VF_DIGEST_EMPTY;
    return v;
}

vf_script *vf_add_script(vf_file *f)
{
    vf_script *s;
    if (vf_grow((void **)&f->scripts, &f->script_capacity, f->script_count,
                sizeof *f->scripts) != 0)
        return NULL;
    s = &f->scripts[f->script_count++];
    memset(s, 0, sizeof *s);
    ls_query_init(&s->query);
    strcpy(s->weight_text, "1");
    return s;
}

vf_op *vf_add_op(vf_script *s, int32_t kind)
{
    vf_op *op;
    if (vf_grow((void **)&s->ops, &s->op_capacity, s->op_count,
                sizeof *s->ops) != 0)
        return NULL;
    op = &s->ops[s->op_count++];
    memset(op, 0, sizeof *op);
    op->kind = kind;
    return op;
}

int vf_op_has_result(const vf_op *op)
{
    switch (op->kind) {
    case VF_OP_FINISHED:
        return op->status == LS_OK || op->status == LS_NO_PATH ||
               op->status == LS_EXPANSION_LIMIT ||
               op->status == LS_ERR_POOL_FULL;
    case VF_OP_QUERY: return op->status >= 0;
    case VF_OP_CHECK:
    case VF_OP_CHECK_PATH: return op->status == LS_OK;
    case VF_OP_FRAME:
    case VF_OP_AGENT:
    case VF_OP_SPEED: return 0;
    case VF_OP_LINE:
    case VF_OP_SMOOTH:
        return op->status == LS_OK || op->status == LS_ERR_BUFFER_TOO_SMALL;
    case VF_OP_FLOW: return 0;
    case VF_OP_FLOW_REFRESH: return op->status == LS_IN_PROGRESS;
    default: return op->kind >= VF_OP_WORLD_CELL && op->status == LS_OK;
    }
}

int vf_add_edit(vf_map *m, int32_t x, int32_t y, int32_t w, int32_t h,
                uint32_t cost)
{
    vf_edit *e;
    if (vf_grow((void **)&m->edits, &m->edit_capacity, m->edit_count,
             sizeof *m->edits) != 0)
        return -1;
    e = &m->edits[m->edit_count++];
    e->x = x;
    e->y = y;
    e->w = w;
    e->h = h;
    e->cost = cost;
    return 0;
}

int32_t vf_find_map(const vf_file *f, const char *name)
{
    uint32_t i;
    for (i = 0; i < f->map_count; i++)
        if (strcmp(f->maps[i].name, name) == 0)
            return (int32_t)i;
    return -1;
}

int vf_set_header(vf_file *f, const char *text)
{
    size_t n = strlen(text);
    char *copy;
    if (!vf_header_ok(text))
        return -1;
    copy = malloc(n + 1);
    if (!copy)
        return -1;
    memcpy(copy, text, n + 1);
    free(f->header);
    f->header = copy;
    return 0;
}
