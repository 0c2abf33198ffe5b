/* SPDX-License-Identifier: MIT */
/*
 * selftestgen_script.c - the scripts of src/selftest_data.c (queue,
 * batches, edits with map digests, path checks, flow fields): chosen from
 * the version 2
 * script files, encoded as the words src/selftest_script.c interprets
 * (its header comment is the format), their golden values folded in the
 * order it observes them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "selftestgen.h"

/* Word codes of src/selftest_script.c. */
enum {
    OP_OPTIONS = 1, OP_QUEUE, OP_SUBMIT, OP_CANCEL, OP_RELEASE, OP_TICK,
    OP_SET, OP_RECT, OP_DIGEST, OP_BATCH, OP_CHECK, OP_CHECK_PATH,
    OP_FLOW, OP_FLOW_BEGIN, OP_FLOW_REFRESH, OP_FLOW_CELL
};

/* The script files and how many scripts each gives at most (those whose
 * map fits, sg_map_fits; evenly spaced). A missing file gives none. */
static const struct quota {
    const char *file;
    uint32_t count;
} quotas[] = {
    { "queue.vec", 24 }, { "batch.vec", 12 }, { "edits.vec", 20 },
    { "pathcheck.vec", 16 }, { "flow.vec", 16 },
};

static int put(sg_data *d, uint32_t w)
{
    if (d->word_count == d->word_capacity) {
        uint32_t cap = d->word_capacity ? d->word_capacity * 2u : 4096u;
        uint32_t *p = realloc(d->words, (size_t)cap * sizeof *p);
        if (!p)
            return -1;
        d->words = p;
        d->word_capacity = cap;
    }
    d->words[d->word_count++] = w;
    return 0;
}

static int put_i32(sg_data *d, int32_t v)
{
    return put(d, (uint32_t)v);
}

static int put64(sg_data *d, uint64_t v)
{
    return put(d, (uint32_t)(v & 0xffffffffu)) | put(d, (uint32_t)(v >> 32));
}

static int put_options(sg_data *d, const ls_query *q, uint32_t line)
{
    return put(d, OP_OPTIONS) | put(d, line) | put_i32(d, q->connectivity) |
           put_i32(d, q->corner_rule) | put_i32(d, q->heuristic) |
           put_i32(d, q->tie_break) | put_i32(d, q->algorithm) |
           put(d, q->straight_cost) | put(d, q->diagonal_cost) |
           put_i32(d, q->weight) | put(d, q->max_expansions);
}

static int result_status(ls_status st)
{
    return st == LS_OK || st == LS_NO_PATH || st == LS_EXPANSION_LIMIT ||
           st == LS_ERR_POOL_FULL;
}

/* One finished request: its record, and its golden values folded. */
static int put_finished(sg_data *d, const vf_op *f)
{
    int has = vf_op_has_result(f);
    int rc = put64(d, f->id) | put_i32(d, f->status) |
             put_i32(d, has ? f->result.cost : 0) |
             put(d, has ? f->result.expansions : 0) |
             put(d, has ? f->result.path_length : 0) |
             put64(d, has ? f->result.digest : 0);
    sg_fold64(&d->digest, f->id);
    sg_fold_i32(&d->digest, f->status);
    if (result_status(f->status)) {
        sg_fold_i32(&d->digest, f->status == LS_ERR_POOL_FULL
                                    ? LS_ERR_POOL_FULL : LS_OK);
        sg_fold_i32(&d->digest, f->result.cost);
        sg_fold32(&d->digest, f->result.expansions);
        sg_fold32(&d->digest, f->result.path_length);
        sg_fold64(&d->digest, f->result.digest);
        if (f->status == LS_OK) {
            sg_fold_i32(&d->digest, LS_OK);
            sg_fold64(&d->digest, f->result.digest);
        }
    }
    return rc;
}

static int put_check(sg_data *d, const vf_op *op)
{
    int has = vf_op_has_result(op);
    sg_fold_i32(&d->digest, op->status);
    if (op->status == LS_OK) {
        sg_fold32(&d->digest, op->check.first_illegal);
        sg_fold_i32(&d->digest, op->check.reason);
        sg_fold_i32(&d->digest, op->check.cost);
        sg_fold_i32(&d->digest, op->check.cost_changed);
    }
    return put_i32(d, op->status) |
           put(d, has ? op->check.first_illegal : 0) |
           put_i32(d, has ? op->check.reason : 0) |
           put_i32(d, has ? op->check.cost : 0) |
           put_i32(d, has ? op->check.cost_changed : 0);
}

/* A field run's end (FLOW_BEGIN with LS_OK, FLOW_REFRESH with
 * LS_IN_PROGRESS): its words, and its golden values folded when has. */
static int put_field(sg_data *d, const vf_op *op, int has)
{
    if (has) {
        sg_fold_i32(&d->digest, op->end_status);
        sg_fold32(&d->digest, op->slices);
        sg_fold32(&d->digest, op->expansions);
        if (op->end_status == LS_OK)
            sg_fold64(&d->digest, op->field_digest);
    }
    return put_i32(d, has ? op->end_status : 0) |
           put(d, has ? op->slices : 0) | put(d, has ? op->expansions : 0) |
           put64(d, has && op->end_status == LS_OK ? op->field_digest : 0);
}

/* Encode script s of f (its map is d->maps[map]) and fold its golden
 * values; 0, or -1 with a message. */
static int encode(sg_data *d, const vf_script *s, uint32_t map, sg_script *out,
                  const char *file)
{
    uint32_t i, k;
    int rc;

    out->id = s->id;
    out->map = map;
    out->first_word = d->word_count;
    sg_fold64(&d->digest, d->maps[map].digest);
    rc = put_options(d, &s->query, s->line);
    for (i = 0; i < s->op_count; i++)
        if (s->ops[i].kind > 0 && s->ops[i].kind < 40)
            d->op_counts[s->ops[i].kind]++;
    for (i = 0; i < s->op_count && rc == 0; i++) {
        const vf_op *op = &s->ops[i];
        switch (op->kind) {
        case VF_OP_OPTIONS:
            rc |= put_options(d, &op->query, op->line);
            break;
        case VF_OP_QUEUE:
            rc |= put(d, OP_QUEUE) | put(d, op->line) | put(d, op->capacity) |
                  put(d, op->pool);
            if (op->capacity > out->queue_capacity)
                out->queue_capacity = op->capacity;
            if (op->pool > out->queue_pool)
                out->queue_pool = op->pool;
            sg_fold_i32(&d->digest, LS_OK);
            break;
        case VF_OP_SUBMIT:
            rc |= put(d, OP_SUBMIT) | put(d, op->line) | put64(d, op->id) |
                  put_i32(d, op->sx) | put_i32(d, op->sy) |
                  put_i32(d, op->gx) | put_i32(d, op->gy) |
                  put_i32(d, op->status);
            sg_fold_i32(&d->digest, op->status);
            break;
        case VF_OP_CANCEL:
        case VF_OP_RELEASE:
            rc |= put(d, op->kind == VF_OP_CANCEL ? OP_CANCEL : OP_RELEASE) |
                  put(d, op->line) | put64(d, op->id) | put_i32(d, op->status);
            sg_fold_i32(&d->digest, op->status);
            break;
        case VF_OP_TICK: {
            uint32_t n = 0;
            while (i + 1 + n < s->op_count &&
                   s->ops[i + 1 + n].kind == VF_OP_FINISHED)
                n++;
            rc |= put(d, OP_TICK) | put(d, op->line) | put(d, op->budget) |
                  put(d, op->pending) | put(d, n);
            sg_fold_i32(&d->digest, LS_OK);
            sg_fold32(&d->digest, op->pending);
            for (k = 0; k < n; k++)
                rc |= put_finished(d, &s->ops[i + 1 + k]);
            sg_fold32(&d->digest, n);
            i += n;
            break;
        }
        case VF_OP_SET:
        case VF_OP_RECT:
            rc |= put(d, op->kind == VF_OP_SET ? OP_SET : OP_RECT) |
                  put(d, op->line) | put_i32(d, op->x) | put_i32(d, op->y);
            if (op->kind == VF_OP_RECT)
                rc |= put_i32(d, op->w) | put_i32(d, op->h);
            rc |= put(d, op->cost) | put_i32(d, op->status) |
                  put64(d, op->map_digest);
            sg_fold_i32(&d->digest, op->status);
            sg_fold64(&d->digest, op->map_digest);
            break;
        case VF_OP_DIGEST:
            rc |= put(d, OP_DIGEST) | put(d, op->line) |
                  put64(d, op->map_digest);
            sg_fold64(&d->digest, op->map_digest);
            break;
        case VF_OP_BATCH:
            if (i + op->count >= s->op_count) {
                fprintf(stderr, "selftestgen: %s: script %s: a batch without "
                        "its queries\n", file, s->id);
                return -1;
            }
            rc |= put(d, OP_BATCH) | put(d, op->line) | put(d, op->threads) |
                  put(d, op->count);
            if (op->count > out->batch_queries)
                out->batch_queries = op->count;
            if (op->count * (uint32_t)(d->maps[map].width * d->maps[map].height) >
                out->batch_points)
                out->batch_points =
                    op->count * (uint32_t)(d->maps[map].width * d->maps[map].height);
            sg_fold_i32(&d->digest, LS_OK);
            sg_fold_i32(&d->digest, LS_OK);
            for (k = 0; k < op->count; k++) {
                const vf_op *q = &s->ops[i + 1 + k];
                int has = vf_op_has_result(q);
                rc |= put_i32(d, q->sx) | put_i32(d, q->sy) |
                      put_i32(d, q->gx) | put_i32(d, q->gy) |
                      put_i32(d, q->status) |
                      put_i32(d, has ? q->result.cost : 0) |
                      put(d, has ? q->result.expansions : 0) |
                      put(d, has ? q->result.path_length : 0) |
                      put64(d, has ? q->result.digest : 0);
                sg_fold_i32(&d->digest, q->status);
                if (q->status >= 0) {
                    sg_fold_i32(&d->digest, q->result.cost);
                    sg_fold32(&d->digest, q->result.expansions);
                    sg_fold32(&d->digest, q->result.path_length);
                    sg_fold64(&d->digest, q->result.digest);
                    sg_fold64(&d->digest, q->result.digest);
                }
            }
            i += op->count;
            break;
        case VF_OP_CHECK:
            rc |= put(d, OP_CHECK) | put(d, op->line) | put64(d, op->id);
            sg_fold_i32(&d->digest, LS_OK); /* ls_queue_path */
            sg_fold_i32(&d->digest, LS_OK); /* ls_queue_result */
            rc |= put_check(d, op);
            break;
        case VF_OP_CHECK_PATH:
            rc |= put(d, OP_CHECK_PATH) | put(d, op->line) |
                  put_i32(d, op->planned) | put(d, op->point_count);
            for (k = 0; k < op->point_count; k++)
                rc |= put_i32(d, op->points[k].x) | put_i32(d, op->points[k].y);
            rc |= put_check(d, op);
            break;
        case VF_OP_FLOW:
            rc |= put(d, OP_FLOW) | put(d, op->line) | put(d, op->capacity) |
                  put_i32(d, op->status);
            if (op->status == LS_OK && op->capacity > out->flow_goals)
                out->flow_goals = op->capacity;
            sg_fold_i32(&d->digest, op->status);
            break;
        case VF_OP_FLOW_BEGIN:
            rc |= put(d, OP_FLOW_BEGIN) | put(d, op->line) |
                  put(d, op->budget) | put(d, op->point_count);
            for (k = 0; k < op->point_count; k++)
                rc |= put_i32(d, op->points[k].x) | put_i32(d, op->points[k].y);
            rc |= put_i32(d, op->status);
            sg_fold_i32(&d->digest, op->status);
            rc |= put_field(d, op, vf_op_has_result(op));
            break;
        case VF_OP_FLOW_REFRESH:
            rc |= put(d, OP_FLOW_REFRESH) | put(d, op->line) |
                  put(d, op->budget) | put_i32(d, op->status);
            sg_fold_i32(&d->digest, op->status);
            rc |= put_field(d, op, vf_op_has_result(op));
            break;
        case VF_OP_FLOW_CELL: {
            int has = vf_op_has_result(op);
            rc |= put(d, OP_FLOW_CELL) | put(d, op->line) | put_i32(d, op->x) |
                  put_i32(d, op->y) | put_i32(d, op->status) |
                  put_i32(d, has ? op->field_cost : 0) |
                  put_i32(d, has ? op->direction : 0);
            sg_fold_i32(&d->digest, op->status);
            if (has) {
                sg_fold_i32(&d->digest, op->field_cost);
                sg_fold_i32(&d->digest, op->direction);
            }
            break;
        }
        default:
            fprintf(stderr, "selftestgen: %s: script %s: line %u: an "
                    "operation this program does not know\n", file, s->id,
                    (unsigned)op->line);
            return -1;
        }
    }
    out->word_count = d->word_count - out->first_word;
    if (rc != 0)
        fprintf(stderr, "selftestgen: out of memory\n");
    return rc ? -1 : 0;
}

int sg_add_scripts(sg_data *d, const char *dir)
{
    size_t q;
    for (q = 0; q < sizeof quotas / sizeof quotas[0]; q++) {
        char path[1024];
        FILE *probe;
        vf_file *f;
        uint32_t i, eligible = 0, j = 0, take, member = 0;

        snprintf(path, sizeof path, "%s/%s", dir, quotas[q].file);
        probe = fopen(path, "rb");
        if (!probe)
            continue;
        fclose(probe);
        if (d->file_count == SG_MAX_FILES)
            return -1;
        f = &d->files[d->file_count];
        if (sg_load(dir, quotas[q].file, f) != 0)
            return -1;
        d->file_names[d->file_count++] = quotas[q].file;
        for (i = 0; i < f->script_count; i++) {
            const vf_map *m = &f->maps[f->scripts[i].map];
            eligible += (uint32_t)sg_map_fits(m);
        }
        take = eligible < quotas[q].count ? eligible : quotas[q].count;
        for (i = 0; i < f->script_count && j < take; i++) {
            const vf_script *s = &f->scripts[i];
            const vf_map *m = &f->maps[s->map];
            uint32_t k;
            int32_t map;
            if (!sg_map_fits(m))
                continue;
            k = (uint32_t)(((uint64_t)2 * j + 1) * eligible / (2u * (uint64_t)take));
            if (member++ != k)
                continue;
            j++;
            map = sg_add_map(d, f, s->map, dir, quotas[q].file);
            if (map < 0 || d->script_count == SG_MAX_SCRIPTS)
                return -1;
            memset(&d->scripts[d->script_count], 0, sizeof d->scripts[0]);
            if (encode(d, s, (uint32_t)map, &d->scripts[d->script_count],
                       quotas[q].file) != 0)
                return -1;
            d->script_count++;
        }
        d->per_file[d->file_count - 1] = j;
    }
    return 0;
}

void sg_write_scripts(vf_text *t, const sg_data *d)
{
    uint32_t i;
    size_t line;
    if (d->script_count == 0)
        return;
    line = sg_array_open(t, "static const uint32_t words[]");
    for (i = 0; i < d->word_count; i++)
        sg_array_u32(t, d->words[i], &line);
    sg_array_close(t, line);
    sg_array_open(t, "static const ls__st_script scripts[]");
    for (i = 0; i < d->script_count; i++) {
        const sg_script *s = &d->scripts[i];
        sg_put(t, "{\"");
        sg_put(t, s->id);
        sg_put(t, "\",");
        sg_u32(t, s->map); sg_put(t, ",");
        sg_u32(t, s->first_word); sg_put(t, ",");
        sg_u32(t, s->word_count); sg_put(t, ",");
        sg_u32(t, s->queue_capacity); sg_put(t, ",");
        sg_u32(t, s->queue_pool); sg_put(t, ",");
        sg_u32(t, s->batch_queries); sg_put(t, ",");
        sg_u32(t, s->batch_points); sg_put(t, ",");
        sg_u32(t, s->flow_goals);
        sg_put(t, i % 4 == 3 || i + 1 == d->script_count ? "},\n" : "}, ");
    }
    sg_put(t, "};\n\n");
}

void sg_print_script_summary(const sg_data *d)
{
    static const char *const names[] = {
        NULL, "option groups", "queues", "submits", "cancels", "releases",
        "ticks", "finished", "sets", "rects", "digests", "batches",
        "batch queries", "checks", "check-paths", "frames", "world-cells",
        "to-cells", "centres", "distances", "segments", "path-lengths",
        "lines", "sights", "smooths", "agents", "speeds", "routes", "steps",
        "flows", "flow-begins", "flow-refreshes", "flow-cells"
    };
    int k;
    printf("selftestgen: script lines:");
    for (k = 1; k <= VF_OP_FLOW_CELL; k++)
        if (k <= VF_OP_CHECK_PATH || k >= VF_OP_FLOW)
            printf(" %u %s%s", (unsigned)d->op_counts[k], names[k],
                   k < VF_OP_FLOW_CELL ? "," : "\n");
}

void sg_free_scripts(sg_data *d)
{
    free(d->words);
    d->words = NULL;
}
