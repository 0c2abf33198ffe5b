/* SPDX-License-Identifier: MIT */
/*
 * vecfile_write.c - the canonical text of a vector file and of the index
 * (vecfile.h): keys in the order of vectors/README.md, each map just
 * before its first vector.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vecfile_impl.h"

/* ------------------------------------------------------------------------
 * Text output
 * --------------------------------------------------------------------- */

static void put(vf_text *t, const char *s)
{
    vf_text_put(t, s, strlen(s));
}

static void put_u(vf_text *t, uint64_t v)
{
    char buf[24];
    put(t, vf_fmt_u64(buf, v));
}

static void put_i(vf_text *t, int64_t v)
{
    char buf[24];
    put(t, vf_fmt_i64(buf, v));
}

/* "key value\n" */
static void put_key(vf_text *t, const char *key, const char *value)
{
    put(t, key);
    put(t, " ");
    put(t, value);
    put(t, "\n");
}

static void put_key_u(vf_text *t, const char *key, uint64_t v)
{
    char buf[24];
    put_key(t, key, vf_fmt_u64(buf, v));
}

static void put_key_i(vf_text *t, const char *key, int64_t v)
{
    char buf[24];
    put_key(t, key, vf_fmt_i64(buf, v));
}

static void put_key_hex(vf_text *t, const char *key, uint64_t v)
{
    char buf[24];
    put_key(t, key, vf_fmt_hex64(buf, v));
}

/* "key number text\n" (the weight, the status) */
static void put_key_i_text(vf_text *t, const char *key, int64_t v,
                           const char *text)
{
    put(t, key);
    put(t, " ");
    put_i(t, v);
    put(t, " ");
    put(t, text);
    put(t, "\n");
}

/* "a b" */
static void put_ij(vf_text *t, int64_t a, int64_t b)
{
    put_i(t, a);
    put(t, " ");
    put_i(t, b);
}

/* "key a b\n" */
static void put_key_ij(vf_text *t, const char *key, int64_t a, int64_t b)
{
    put(t, key);
    put(t, " ");
    put_ij(t, a, b);
    put(t, "\n");
}

static void put_key_enum(vf_text *t, const char *key,
                         const name_value *table, int32_t v)
{
    const char *name = vf_name_of(table, v);
    if (name)
        put_key(t, key, name);
    else
        put_key_i(t, key, v);
}

static void put_points(vf_text *t, const char *key, const ls_point *p,
                       uint32_t n)
{
    uint32_t i;
    for (i = 0; i < n; i++) {
        if (i % VF_POINTS_PER_LINE == 0) {
            if (i > 0)
                put(t, "\n");
            put(t, key);
        }
        put(t, " ");
        put_i(t, p[i].x);
        put(t, ",");
        put_i(t, p[i].y);
    }
    if (n > 0)
        put(t, "\n");
}

/* ------------------------------------------------------------------------
 * Writer
 * --------------------------------------------------------------------- */

static int write_map(const vf_map *m, vf_text *t, char *err, size_t err_size)
{
    uint32_t i;
    put_key(t, "map", m->name);
    put_key_ij(t, "size", m->width, m->height);
    if (m->source == VF_SOURCE_GEN) {
        put(t, "gen ");
        put(t, mg_family_name(m->gen.family));
        put(t, " seed=");
        put_u(t, m->gen.seed);
        for (i = 0; i < mg_param_count(m->gen.family); i++) {
            put(t, " ");
            put(t, mg_param_name(m->gen.family, i));
            put(t, "=");
            put_u(t, m->gen.param[i]);
        }
        put(t, "\n");
    } else if (m->source == VF_SOURCE_ROWS) {
        int32_t x, y;
        char *row = malloc((size_t)m->width + 1);
        if (!row) {
            t->failed = 1;
            return -1;
        }
        for (y = 0; y < m->height; y++) {
            for (x = 0; x < m->width; x++) {
                uint8_t c = m->rows[(size_t)y * (size_t)m->width + (size_t)x];
                if (c > 9) {
                    free(row);
                    snprintf(err, err_size,
                             "map %s: cost above 9 in rows (use an edit)",
                             m->name);
                    return -1;
                }
                row[x] = vf_row_chars[c];
            }
            row[m->width] = '\0';
            put(t, "row ");
            put(t, row);
            put(t, "\n");
        }
        free(row);
    } else {
        put_key(t, "file", m->file);
    }
    for (i = 0; i < m->edit_count; i++) {
        const vf_edit *e = &m->edits[i];
        int one_cell = e->w == 1 && e->h == 1;
        put(t, one_cell ? "set " : "fill ");
        put_ij(t, e->x, e->y);
        if (!one_cell) {
            put(t, " ");
            put_ij(t, e->w, e->h);
        }
        put(t, " ");
        put_u(t, e->cost);
        put(t, "\n");
    }
    put_key_hex(t, "digest", m->digest);
    put(t, "end\n\n");
    return 0;
}

static void write_vector(const vf_file *f, const vf_vector *v, vf_text *t)
{
    const ls_query *q = &v->query;
    const vf_outcome *e = &v->expect;

    put_key(t, "vector", v->id);
    put_key(t, "map", f->maps[v->map].name);
    put_key_enum(t, "algo", vf_algo_names, q->algorithm);
    put_key_ij(t, "start", q->start_x, q->start_y);
    put_key_ij(t, "goal", q->goal_x, q->goal_y);
    put_key_i(t, "connectivity", q->connectivity);
    put_key_enum(t, "corners", vf_corner_names, q->corner_rule);
    put_key_enum(t, "heuristic", vf_heuristic_names, q->heuristic);
    put_key_enum(t, "tie", vf_tie_names, q->tie_break);
    put_key_u(t, "straight", q->straight_cost);
    put_key_u(t, "diagonal", q->diagonal_cost);
    put_key_i_text(t, "weight", q->weight, v->weight_text);
    put_key_u(t, "max-expansions", q->max_expansions);
    if (q->clearance != 0) /* sized queries only: older files unchanged */
        put_key_u(t, "clearance", q->clearance);
    put_key_u(t, "budget", v->budget);
    put_key_i_text(t, "status", e->status,
                   vf_status_known(e->status) ? ls_status_name(e->status)
                                              : "?");
    if (v->budget > 0)
        put_key_u(t, "slices", e->slices);
    if (e->status >= 0) {
        put_key_i(t, "cost", e->cost);
        put_key_u(t, "expansions", e->expansions);
        put_key_u(t, "length", e->length);
        put_key_hex(t, "digest", e->digest);
        put_points(t, "path", e->path, e->length);
    }
    if (e->status == LS_NO_PATH || e->status == LS_EXPANSION_LIMIT) {
        put_key_u(t, "partial-length", e->partial_length);
        put_key_hex(t, "partial-digest", e->partial_digest);
        put_points(t, "partial-path", e->partial, e->partial_length);
    }
    put(t, "end\n\n");
}

/* ------------------------------------------------------------------------
 * Scripts (format version 2)
 * --------------------------------------------------------------------- */

/* The query keys of q that differ from prev (all nine when prev is NULL),
 * in the order of a vector block. */
static void put_options(vf_text *t, const ls_query *q, const char *wtext,
                        const ls_query *prev, const char *prev_wtext)
{
    if (!prev || q->algorithm != prev->algorithm)
        put_key_enum(t, "algo", vf_algo_names, q->algorithm);
    if (!prev || q->connectivity != prev->connectivity)
        put_key_i(t, "connectivity", q->connectivity);
    if (!prev || q->corner_rule != prev->corner_rule)
        put_key_enum(t, "corners", vf_corner_names, q->corner_rule);
    if (!prev || q->heuristic != prev->heuristic)
        put_key_enum(t, "heuristic", vf_heuristic_names, q->heuristic);
    if (!prev || q->tie_break != prev->tie_break)
        put_key_enum(t, "tie", vf_tie_names, q->tie_break);
    if (!prev || q->straight_cost != prev->straight_cost)
        put_key_u(t, "straight", q->straight_cost);
    if (!prev || q->diagonal_cost != prev->diagonal_cost)
        put_key_u(t, "diagonal", q->diagonal_cost);
    if (!prev || q->weight != prev->weight || strcmp(wtext, prev_wtext) != 0)
        put_key_i_text(t, "weight", q->weight, wtext);
    if (!prev || q->max_expansions != prev->max_expansions)
        put_key_u(t, "max-expansions", q->max_expansions);
}

/* 1 when an options op would write no line. */
static int same_options(const ls_query *a, const char *at, const ls_query *b,
                        const char *bt)
{
    return a->algorithm == b->algorithm &&
           a->connectivity == b->connectivity &&
           a->corner_rule == b->corner_rule && a->heuristic == b->heuristic &&
           a->tie_break == b->tie_break &&
           a->straight_cost == b->straight_cost &&
           a->diagonal_cost == b->diagonal_cost && a->weight == b->weight &&
           strcmp(at, bt) == 0 && a->max_expansions == b->max_expansions;
}

/* " -> N NAME" */
static void put_status(vf_text *t, ls_status st)
{
    put(t, " -> ");
    put_i(t, st);
    put(t, " ");
    put(t, vf_status_known(st) ? ls_status_name(st) : "?");
}

static void put_hex(vf_text *t, uint64_t v)
{
    char buf[24];
    put(t, vf_fmt_hex64(buf, v));
}

static void put_result(vf_text *t, const ls_result *r)
{
    put(t, " cost ");
    put_i(t, r->cost);
    put(t, " expansions ");
    put_u(t, r->expansions);
    put(t, " length ");
    put_u(t, r->path_length);
    put(t, " digest ");
    put_hex(t, r->digest);
}

static void put_check(vf_text *t, const ls_path_check *c)
{
    put(t, " first ");
    put_u(t, c->first_illegal);
    put(t, " reason ");
    put_i(t, c->reason);
    put(t, " cost ");
    put_i(t, c->cost);
    put(t, " changed ");
    put_i(t, c->cost_changed);
}

/* " COUNT X,Y ..." */
static void put_list(vf_text *t, const ls_point *p, uint32_t n)
{
    uint32_t i;
    put(t, " ");
    put_u(t, n);
    for (i = 0; i < n; i++) {
        put(t, " ");
        put_i(t, p[i].x);
        put(t, ",");
        put_i(t, p[i].y);
    }
}

static void put_word_i(vf_text *t, const char *word, int64_t v)
{
    put(t, " ");
    put(t, word);
    put(t, " ");
    put_i(t, v);
}

/* A geometry line (vecfile.h's table); -1 when it cannot be written. */
static int write_geo(vf_text *t, const vf_op *op)
{
    static const char *const keys[] = {
        "frame", "world-cell", "to-cell", "centre", "distance", "segment",
        "path-length", "line", "sight", "smooth", "agent", "speed", "route",
        "step"
    };
    int k = op->kind, has = vf_op_has_result(op);
    if (op->point_count > VF_CHECK_PATH_MAX ||
        op->capacity > VF_CHECK_PATH_MAX || op->count > VF_CHECK_PATH_MAX ||
        (has && op->status == LS_OK && op->out_count > VF_CHECK_PATH_MAX))
        return -1;
    put(t, keys[k - VF_OP_FRAME]);
    switch (k) {
    case VF_OP_FRAME:
        put(t, " ");
        put_ij(t, op->world.origin_x, op->world.origin_y);
        put(t, " ");
        put_i(t, op->world.cell_size);
        return 0;
    case VF_OP_SPEED:
        put(t, " ");
        put_i(t, op->speed);
        return 0;
    case VF_OP_PATH_LENGTH:
    case VF_OP_ROUTE:
        put_list(t, op->points, op->point_count);
        break;
    case VF_OP_SMOOTH:
        put(t, " ");
        put_u(t, op->capacity);
        put_list(t, op->points, op->point_count);
        break;
    case VF_OP_STEP:
        put(t, " ");
        put_u(t, op->count);
        break;
    default:
        put(t, " ");
        put_ij(t, op->ax, op->ay);
        if (k == VF_OP_AGENT) {
            put(t, " ");
            put_i(t, op->speed);
        } else if (k == VF_OP_DISTANCE || k == VF_OP_SEGMENT ||
                   k == VF_OP_LINE || k == VF_OP_SIGHT) {
            put(t, " ");
            put_ij(t, op->bx, op->by);
        }
        if (k == VF_OP_LINE) {
            put(t, " ");
            put_u(t, op->capacity);
        }
        break;
    }
    put_status(t, op->status);
    if (!has)
        return 0;
    switch (k) {
    case VF_OP_WORLD_CELL:
    case VF_OP_TO_CELL:
    case VF_OP_CENTRE:
        put(t, k == VF_OP_CENTRE ? " at " : " cell ");
        put_ij(t, op->out_x, op->out_y);
        break;
    case VF_OP_DISTANCE:
    case VF_OP_SEGMENT:
    case VF_OP_PATH_LENGTH:
        put_word_i(t, "length", op->length);
        break;
    case VF_OP_SIGHT:
        put_word_i(t, "clear", op->clear);
        put_word_i(t, "cost", op->max_cost);
        break;
    case VF_OP_LINE:
    case VF_OP_SMOOTH:
        put(t, " count");
        if (op->status == LS_OK) {
            put_list(t, op->out_points, op->out_count);
        } else {
            put(t, " ");
            put_u(t, op->out_count);
        }
        break;
    default: /* ROUTE STEP */
        if (k == VF_OP_STEP) {
            put(t, " at ");
            put_ij(t, op->out_x, op->out_y);
        }
        put_word_i(t, "state", op->state);
        put_word_i(t, "target", op->target);
        if (k == VF_OP_STEP)
            put_word_i(t, "travelled", op->travelled);
        break;
    }
    return 0;
}

/* A flow line (vectors/README.md, "Flow lines"). */
static int write_flow(vf_text *t, const vf_op *op)
{
    switch (op->kind) {
    case VF_OP_FLOW:
        put(t, "flow ");
        put_u(t, op->capacity);
        put_status(t, op->status);
        return 0;
    case VF_OP_FLOW_CELL:
        put(t, "flow-cell ");
        put_ij(t, op->x, op->y);
        put_status(t, op->status);
        if (vf_op_has_result(op)) {
            put_word_i(t, "cost", op->field_cost);
            put_word_i(t, "direction", op->direction);
        }
        return 0;
    case VF_OP_FLOW_BEGIN:
        if (op->point_count > VF_CHECK_PATH_MAX)
            return -1;
        put(t, "flow-begin ");
        put_u(t, op->budget);
        put_list(t, op->points, op->point_count);
        break;
    default: /* VF_OP_FLOW_REFRESH */
        put(t, "flow-refresh ");
        put_u(t, op->budget);
        break;
    }
    put_status(t, op->status);
    if (!vf_op_has_result(op))
        return 0;
    put(t, " end ");
    put_i(t, op->end_status);
    put(t, " ");
    put(t, vf_status_known(op->end_status) ? ls_status_name(op->end_status)
                                           : "?");
    put_word_i(t, "slices", op->slices);
    put_word_i(t, "expansions", op->expansions);
    if (op->end_status == LS_OK) {
        put(t, " digest ");
        put_hex(t, op->field_digest);
    }
    return 0;
}

static int write_op(vf_text *t, const vf_op *op)
{
    uint32_t i;
    switch (op->kind) {
    case VF_OP_QUEUE:
        put(t, "queue ");
        put_u(t, op->capacity);
        put(t, " ");
        put_u(t, op->pool);
        break;
    case VF_OP_SUBMIT:
        put(t, "submit ");
        put_u(t, op->id);
        put(t, " ");
        put_ij(t, op->sx, op->sy);
        put(t, " ");
        put_ij(t, op->gx, op->gy);
        put_status(t, op->status);
        break;
    case VF_OP_CANCEL:
    case VF_OP_RELEASE:
    case VF_OP_CHECK:
        put(t, op->kind == VF_OP_CANCEL ? "cancel "
               : op->kind == VF_OP_RELEASE ? "release " : "check ");
        put_u(t, op->id);
        put_status(t, op->status);
        if (vf_op_has_result(op))
            put_check(t, &op->check);
        break;
    case VF_OP_TICK:
        put(t, "tick ");
        put_u(t, op->budget);
        put(t, " -> pending ");
        put_u(t, op->pending);
        break;
    case VF_OP_FINISHED:
        put(t, "finished ");
        put_u(t, op->id);
        put(t, " ");
        put_i(t, op->status);
        put(t, " ");
        put(t, vf_status_known(op->status) ? ls_status_name(op->status) : "?");
        if (vf_op_has_result(op))
            put_result(t, &op->result);
        break;
    case VF_OP_SET:
    case VF_OP_RECT:
        put(t, op->kind == VF_OP_SET ? "set " : "rect ");
        put_ij(t, op->x, op->y);
        if (op->kind == VF_OP_RECT) {
            put(t, " ");
            put_ij(t, op->w, op->h);
        }
        put(t, " ");
        put_u(t, op->cost);
        put_status(t, op->status);
        put(t, " digest ");
        put_hex(t, op->map_digest);
        break;
    case VF_OP_DIGEST:
        put(t, "digest -> ");
        put_hex(t, op->map_digest);
        break;
    case VF_OP_BATCH:
        put(t, "batch ");
        put_u(t, op->threads);
        put(t, " ");
        put_u(t, op->count);
        break;
    case VF_OP_QUERY:
        put(t, "query ");
        put_ij(t, op->sx, op->sy);
        put(t, " ");
        put_ij(t, op->gx, op->gy);
        put_status(t, op->status);
        if (vf_op_has_result(op))
            put_result(t, &op->result);
        break;
    case VF_OP_CHECK_PATH:
        if (op->point_count > VF_CHECK_PATH_MAX)
            return -1;
        put(t, "check-path ");
        put_i(t, op->planned);
        put(t, " ");
        put_u(t, op->point_count);
        for (i = 0; i < op->point_count; i++) {
            put(t, " ");
            put_i(t, op->points[i].x);
            put(t, ",");
            put_i(t, op->points[i].y);
        }
        put_status(t, op->status);
        if (vf_op_has_result(op))
            put_check(t, &op->check);
        break;
    default:
        if (op->kind >= VF_OP_FLOW && op->kind <= VF_OP_FLOW_CELL) {
            if (write_flow(t, op) != 0)
                return -1;
            break;
        }
        if (op->kind < VF_OP_FRAME || op->kind > VF_OP_STEP ||
            write_geo(t, op) != 0)
            return -1;
        break;
    }
    put(t, "\n");
    return 0;
}

static int write_script(const vf_file *f, const vf_script *s, vf_text *t,
                        char *err, size_t err_size)
{
    const ls_query *cur = &s->query;
    const char *cur_text = s->weight_text;
    uint32_t i;

    put_key(t, "script", s->id);
    put_key(t, "map", f->maps[s->map].name);
    put_options(t, &s->query, s->weight_text, NULL, NULL);
    for (i = 0; i < s->op_count; i++) {
        const vf_op *op = &s->ops[i];
        if (op->kind == VF_OP_OPTIONS) {
            /* Such lines would read back merged into one change (or into
             * the script's own options): not canonical. */
            if (same_options(&op->query, op->weight_text, cur, cur_text) ||
                i == 0 || s->ops[i - 1].kind == VF_OP_OPTIONS) {
                snprintf(err, err_size, "script %s: op %lu: an options op "
                         "that changes nothing, comes first or follows "
                         "another", s->id, (unsigned long)i);
                return -1;
            }
            put_options(t, &op->query, op->weight_text, cur, cur_text);
            cur = &op->query;
            cur_text = op->weight_text;
        } else if (write_op(t, op) != 0) {
            snprintf(err, err_size, "script %s: op %lu cannot be written",
                     s->id, (unsigned long)i);
            return -1;
        }
    }
    put(t, "end\n\n");
    return 0;
}

int vf_write(const vf_file *f, vf_text *t, char *err, size_t err_size)
{
    uint32_t i;
    uint8_t *written = calloc(f->map_count + 1u, 1);

    if (!written) {
        snprintf(err, err_size, "out of memory");
        return -1;
    }
    if (f->header && !vf_header_ok(f->header)) {
        free(written);
        snprintf(err, err_size, "header: a byte other than a newline or "
                                "printable ASCII (space to '~')");
        return -1;
    }
    put(t, f->script_count > 0 ? "lockstar-vectors 2\n"
                               : "lockstar-vectors 1\n");
    if (f->header) {
        const char *p = f->header;
        while (*p) {
            const char *nl = strchr(p, '\n');
            size_t n = nl ? (size_t)(nl - p) : strlen(p);
            put(t, n > 0 ? "# " : "#");
            vf_text_put(t, p, n);
            put(t, "\n");
            p += n;
            if (*p == '\n')
                p++;
        }
    }
    put(t, "\n");
    /* Each map just before its first vector, so a map and the queries on
     * it read together; maps no vector uses come last. */
    for (i = 0; i < f->vector_count; i++) {
        const vf_vector *v = &f->vectors[i];
        if (v->map >= f->map_count) {
            free(written);
            snprintf(err, err_size, "vector %s: no such map", v->id);
            return -1;
        }
        if (!written[v->map]) {
            if (write_map(&f->maps[v->map], t, err, err_size) != 0) {
                free(written);
                return -1;
            }
            written[v->map] = 1;
        }
        write_vector(f, v, t);
    }
    /* Scripts after the vectors, each map likewise before its first use. */
    for (i = 0; i < f->script_count; i++) {
        const vf_script *sc = &f->scripts[i];
        if (sc->map >= f->map_count) {
            free(written);
            snprintf(err, err_size, "script %s: no such map", sc->id);
            return -1;
        }
        if (!written[sc->map]) {
            if (write_map(&f->maps[sc->map], t, err, err_size) != 0) {
                free(written);
                return -1;
            }
            written[sc->map] = 1;
        }
        if (write_script(f, sc, t, err, err_size) != 0) {
            free(written);
            return -1;
        }
    }
    for (i = 0; i < f->map_count; i++) {
        if (!written[i] && write_map(&f->maps[i], t, err, err_size) != 0) {
            free(written);
            return -1;
        }
    }
    free(written);
    if (t->failed) {
        snprintf(err, err_size, "out of memory");
        return -1;
    }
    return 0;
}

int vf_write_index(char *const *names, const uint32_t *counts, int n,
                   vf_text *out)
{
    uint64_t total = 0;
    int i;
    put(out, "lockstar-vectors 1\n"
             "# The golden vector files, in the order they are checked, and\n"
             "# how many vectors each holds. Written by tools/vecgen.\n");
    for (i = 0; i < n; i++) {
        put(out, "file ");
        put(out, names[i]);
        put(out, " ");
        put_u(out, counts[i]);
        put(out, "\n");
        total += counts[i];
    }
    put_key_u(out, "total", total);
    return out->failed ? -1 : 0;
}
