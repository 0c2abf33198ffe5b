/* SPDX-License-Identifier: MIT */
/*
 * vecfile_script_parse.c - the lines of a script block (format version 2,
 * vectors/README.md "Format version 2: scripts"), one at a time, into the
 * vf_op list of vecfile.h. vf_parse (vecfile_parse.c) splits the lines and
 * reports the reasons returned here as "name:line: reason".
 */
#include <stdlib.h>
#include <string.h>
#include "vecfile_impl.h"

/* The nine query keys a script may set anywhere. */
static int option_key(const char *key)
{
    static const char *const keys[] = {
        "algo", "connectivity", "corners", "heuristic", "tie", "straight",
        "diagonal", "weight", "max-expansions", NULL
    };
    int i;
    for (i = 0; keys[i]; i++)
        if (strcmp(key, keys[i]) == 0)
            return 1;
    return 0;
}

/* One option line into q (and wtext); NULL or a reason. */
static const char *parse_option(ls_query *q, char *wtext, char **tok, int n)
{
    const char *k = tok[0];
    int ok;
    if (n != (strcmp(k, "weight") == 0 ? 3 : 2))
        return "script: wrong number of values for the key";
    if (strcmp(k, "algo") == 0)
        ok = vf_parse_enum(vf_algo_names, tok[1], &q->algorithm) == 0;
    else if (strcmp(k, "connectivity") == 0)
        ok = vf_parse_i32(tok[1], &q->connectivity) == 0;
    else if (strcmp(k, "corners") == 0)
        ok = vf_parse_enum(vf_corner_names, tok[1], &q->corner_rule) == 0;
    else if (strcmp(k, "heuristic") == 0)
        ok = vf_parse_enum(vf_heuristic_names, tok[1], &q->heuristic) == 0;
    else if (strcmp(k, "tie") == 0)
        ok = vf_parse_enum(vf_tie_names, tok[1], &q->tie_break) == 0;
    else if (strcmp(k, "straight") == 0)
        ok = vf_parse_u32(tok[1], &q->straight_cost) == 0;
    else if (strcmp(k, "diagonal") == 0)
        ok = vf_parse_u32(tok[1], &q->diagonal_cost) == 0;
    else if (strcmp(k, "max-expansions") == 0)
        ok = vf_parse_u32(tok[1], &q->max_expansions) == 0;
    else {
        int32_t raw;
        ok = vf_parse_i32(tok[1], &raw) == 0 &&
             strlen(tok[2]) < VF_WEIGHT_TEXT_MAX;
        if (ok) {
            q->weight = (fix16_t)raw;
            strcpy(wtext, tok[2]);
        }
    }
    return ok ? NULL : "script: bad value";
}

/* tok[at..at+3) is "-> N NAME": the status into *st. */
static int parse_arrow_status(char **tok, int n, int at, ls_status *st)
{
    if (n < at + 3 || strcmp(tok[at], "->") != 0 ||
        vf_parse_i32(tok[at + 1], st) != 0 || !vf_status_known(*st))
        return -1;
    return strcmp(ls_status_name(*st), tok[at + 2]) == 0 ? 0 : -1;
}

/* "cost C expansions E length L digest D" at tok[at..at+8). */
static int parse_result(char **tok, int at, ls_result *r)
{
    return strcmp(tok[at], "cost") == 0 &&
                   vf_parse_i32(tok[at + 1], &r->cost) == 0 &&
                   strcmp(tok[at + 2], "expansions") == 0 &&
                   vf_parse_u32(tok[at + 3], &r->expansions) == 0 &&
                   strcmp(tok[at + 4], "length") == 0 &&
                   vf_parse_u32(tok[at + 5], &r->path_length) == 0 &&
                   strcmp(tok[at + 6], "digest") == 0 &&
                   vf_parse_hex64(tok[at + 7], &r->digest) == 0
               ? 0
               : -1;
}

/* "first F reason R cost C changed K" at tok[at..at+8). */
static int parse_check(char **tok, int at, ls_path_check *c)
{
    return strcmp(tok[at], "first") == 0 &&
                   vf_parse_u32(tok[at + 1], &c->first_illegal) == 0 &&
                   strcmp(tok[at + 2], "reason") == 0 &&
                   vf_parse_i32(tok[at + 3], &c->reason) == 0 &&
                   strcmp(tok[at + 4], "cost") == 0 &&
                   vf_parse_i32(tok[at + 5], &c->cost) == 0 &&
                   strcmp(tok[at + 6], "changed") == 0 &&
                   vf_parse_i32(tok[at + 7], &c->cost_changed) == 0
               ? 0
               : -1;
}

/* The bracketed part after "-> N NAME" ending at tok[at): present exactly
 * when vf_op_has_result says so. */
static const char *parse_tail(vf_op *op, char **tok, int n, int at)
{
    int has = vf_op_has_result(op);
    if (n != at + (has ? 8 : 0))
        return has ? "script: this status needs its result fields"
                   : "script: result fields only with a status that has them";
    if (!has)
        return NULL;
    if (op->kind == VF_OP_FINISHED || op->kind == VF_OP_QUERY)
        return parse_result(tok, at, &op->result) == 0
                   ? NULL
                   : "script: expected cost C expansions E length L digest D";
    return parse_check(tok, at, &op->check) == 0
               ? NULL
               : "script: expected first F reason R cost C changed K";
}

/* "COUNT X,Y ..." at tok[at..): COUNT (0..VF_CHECK_PATH_MAX) points into a
 * malloc'd list; the index after the last, or -1. */
static int parse_list(char **tok, int n, int at, uint32_t *count,
                      ls_point **points)
{
    uint32_t i;
    if (at >= n || vf_parse_u32(tok[at], count) != 0 ||
        *count > VF_CHECK_PATH_MAX || n < at + 1 + (int)*count)
        return -1;
    if (*count > 0) {
        *points = malloc(*count * sizeof **points);
        if (!*points)
            return -1;
    }
    for (i = 0; i < *count; i++)
        if (vf_parse_point(tok[at + 1 + (int)i], &(*points)[i]) != 0)
            return -1;
    return at + 1 + (int)*count;
}

static int parse_ints(char **tok, int count, int32_t *out);

/* The bracketed part of a geometry line at tok[at..n): present exactly
 * when vf_op_has_result says so. */
static const char *parse_geo_tail(vf_op *op, char **tok, int n, int at)
{
    int32_t v[3];
    int has = vf_op_has_result(op), want = 0, next;
    const char *bad = "script: wrong result fields for this line and status";
    if (!has)
        return n == at ? NULL : bad;
    switch (op->kind) {
    case VF_OP_WORLD_CELL:
    case VF_OP_TO_CELL:
    case VF_OP_CENTRE:
        if (n != at + 3 ||
            strcmp(tok[at], op->kind == VF_OP_CENTRE ? "at" : "cell") != 0 ||
            parse_ints(tok + at + 1, 2, v) != 0)
            return bad;
        op->out_x = v[0];
        op->out_y = v[1];
        return NULL;
    case VF_OP_DISTANCE:
    case VF_OP_SEGMENT:
    case VF_OP_PATH_LENGTH:
        return n == at + 2 && strcmp(tok[at], "length") == 0 &&
                       vf_parse_i32(tok[at + 1], &op->length) == 0
                   ? NULL
                   : bad;
    case VF_OP_SIGHT:
        if (n != at + 4 || strcmp(tok[at], "clear") != 0 ||
            strcmp(tok[at + 2], "cost") != 0 ||
            vf_parse_i32(tok[at + 1], &op->clear) != 0 ||
            vf_parse_u32(tok[at + 3], &op->max_cost) != 0)
            return bad;
        return NULL;
    case VF_OP_LINE:
    case VF_OP_SMOOTH:
        if (op->status != LS_OK) {
            return n == at + 2 && strcmp(tok[at], "count") == 0 &&
                           vf_parse_u32(tok[at + 1], &op->out_count) == 0
                       ? NULL
                       : bad;
        }
        if (n < at + 1 || strcmp(tok[at], "count") != 0)
            return bad;
        next = parse_list(tok, n, at + 1, &op->out_count, &op->out_points);
        return next == n ? NULL : bad;
    case VF_OP_ROUTE:
        want = 4;
        break;
    case VF_OP_STEP:
        want = 9;
        break;
    default:
        return bad;
    }
    if (n != at + want)
        return bad;
    if (op->kind == VF_OP_STEP) {
        if (strcmp(tok[at], "at") != 0 || parse_ints(tok + at + 1, 2, v) != 0)
            return bad;
        op->out_x = v[0];
        op->out_y = v[1];
        at += 3;
    }
    if (strcmp(tok[at], "state") != 0 ||
        vf_parse_i32(tok[at + 1], &op->state) != 0 ||
        strcmp(tok[at + 2], "target") != 0 ||
        vf_parse_u32(tok[at + 3], &op->target) != 0)
        return bad;
    if (op->kind == VF_OP_STEP &&
        (strcmp(tok[at + 4], "travelled") != 0 ||
         vf_parse_i32(tok[at + 5], &op->travelled) != 0))
        return bad;
    return NULL;
}

/* A geometry line (format version 2, vectors/README.md). */
static const char *parse_geo(vf_op *op, char **tok, int n)
{
    int32_t v[5];
    int at;
    const char *usage = "script: expected the line's values, then -> N NAME";

    switch (op->kind) {
    case VF_OP_FRAME:
        if (n != 4 || parse_ints(tok + 1, 3, v) != 0)
            return "frame: expected frame OX OY SIZE";
        op->world.origin_x = v[0];
        op->world.origin_y = v[1];
        op->world.cell_size = v[2];
        return NULL;
    case VF_OP_SPEED:
        return n == 2 && vf_parse_i32(tok[1], &op->speed) == 0
                   ? NULL
                   : "speed: expected speed SPEED";
    case VF_OP_WORLD_CELL:
    case VF_OP_TO_CELL:
    case VF_OP_CENTRE:
        at = 3;
        break;
    case VF_OP_AGENT:
        at = 4;
        break;
    case VF_OP_DISTANCE:
    case VF_OP_SEGMENT:
    case VF_OP_SIGHT:
        at = 5;
        break;
    case VF_OP_LINE:
        at = 6;
        break;
    case VF_OP_STEP:
        if (n < 2 || vf_parse_u32(tok[1], &op->count) != 0 ||
            op->count > VF_CHECK_PATH_MAX)
            return "step: expected step COUNT (0..64) -> N NAME [...]";
        at = 2;
        break;
    case VF_OP_PATH_LENGTH:
    case VF_OP_ROUTE:
        at = parse_list(tok, n, 1, &op->point_count, &op->points);
        if (at < 0)
            return "script: expected COUNT (0..64) points X,Y";
        break;
    default: /* VF_OP_SMOOTH */
        if (n < 2 || vf_parse_u32(tok[1], &op->capacity) != 0 ||
            op->capacity > VF_CHECK_PATH_MAX)
            return "smooth: expected smooth CAPACITY (0..64) COUNT X,Y ...";
        at = parse_list(tok, n, 2, &op->point_count, &op->points);
        if (at < 0)
            return "smooth: expected COUNT (0..64) points X,Y";
        break;
    }
    if (op->kind != VF_OP_STEP && op->kind != VF_OP_PATH_LENGTH &&
        op->kind != VF_OP_ROUTE && op->kind != VF_OP_SMOOTH) {
        if (n < at || parse_ints(tok + 1, at - 1, v) != 0)
            return usage;
        op->ax = v[0];
        op->ay = v[1];
        if (op->kind == VF_OP_AGENT) {
            op->speed = v[2];
        } else if (at >= 5) {
            op->bx = v[2];
            op->by = v[3];
        }
        if (op->kind == VF_OP_LINE) {
            if (v[4] < 0 || v[4] > VF_CHECK_PATH_MAX)
                return "line: CAPACITY is 0..64";
            op->capacity = (uint32_t)v[4];
        }
    }
    if (parse_arrow_status(tok, n, at, &op->status) != 0)
        return usage;
    return parse_geo_tail(op, tok, n, at + 3);
}

/* "end S NAME slices K expansions E [digest D]" at tok[at..n) of a flow
 * line (digest exactly when S is LS_OK). */
static const char *parse_field_run(vf_op *op, char **tok, int n, int at)
{
    const char *bad = "flow: expected end S NAME slices K expansions E "
                      "[digest D] (digest exactly when S is LS_OK)";
    if (n < at + 7 || strcmp(tok[at], "end") != 0 ||
        vf_parse_i32(tok[at + 1], &op->end_status) != 0 ||
        !vf_status_known(op->end_status) ||
        strcmp(ls_status_name(op->end_status), tok[at + 2]) != 0 ||
        strcmp(tok[at + 3], "slices") != 0 ||
        vf_parse_u32(tok[at + 4], &op->slices) != 0 ||
        strcmp(tok[at + 5], "expansions") != 0 ||
        vf_parse_u32(tok[at + 6], &op->expansions) != 0)
        return bad;
    if (op->end_status != LS_OK)
        return n == at + 7 ? NULL : bad;
    return n == at + 9 && strcmp(tok[at + 7], "digest") == 0 &&
                   vf_parse_hex64(tok[at + 8], &op->field_digest) == 0
               ? NULL
               : bad;
}

/* The flow lines (vectors/README.md, "Flow lines"). */
static const char *parse_flow(vf_op *op, char **tok, int n)
{
    int32_t v[2];
    int at;
    switch (op->kind) {
    case VF_OP_FLOW:
        if (n != 5 || vf_parse_u32(tok[1], &op->capacity) != 0 ||
            parse_arrow_status(tok, n, 2, &op->status) != 0)
            return "flow: expected flow MAXGOALS -> N NAME";
        return NULL;
    case VF_OP_FLOW_BEGIN:
        if (n < 3 || vf_parse_u32(tok[1], &op->budget) != 0)
            return "flow-begin: expected flow-begin BUDGET COUNT X,Y ... -> "
                   "N NAME [...]";
        at = parse_list(tok, n, 2, &op->point_count, &op->points);
        if (at < 0 || parse_arrow_status(tok, n, at, &op->status) != 0)
            return "flow-begin: expected COUNT (0..64) goals X,Y then -> N "
                   "NAME";
        break;
    case VF_OP_FLOW_REFRESH:
        if (n < 5 || vf_parse_u32(tok[1], &op->budget) != 0 ||
            parse_arrow_status(tok, n, 2, &op->status) != 0)
            return "flow-refresh: expected flow-refresh BUDGET -> N NAME "
                   "[...]";
        at = 2;
        break;
    default: /* VF_OP_FLOW_CELL */
        if (n < 6 || parse_ints(tok + 1, 2, v) != 0 ||
            parse_arrow_status(tok, n, 3, &op->status) != 0)
            return "flow-cell: expected flow-cell X Y -> N NAME [cost C "
                   "direction R]";
        op->x = v[0];
        op->y = v[1];
        if (!vf_op_has_result(op))
            return n == 6 ? NULL : "flow-cell: cost and direction only with "
                                   "LS_OK";
        return n == 10 && strcmp(tok[6], "cost") == 0 &&
                       vf_parse_i32(tok[7], &op->field_cost) == 0 &&
                       strcmp(tok[8], "direction") == 0 &&
                       vf_parse_i32(tok[9], &op->direction) == 0
                   ? NULL
                   : "flow-cell: expected cost C direction R";
    }
    at += 3;
    if (!vf_op_has_result(op))
        return n == at ? NULL : "flow: the end of the run only after LS_OK "
                                "(flow-refresh: LS_IN_PROGRESS)";
    return parse_field_run(op, tok, n, at);
}

static int parse_ints(char **tok, int count, int32_t *out)
{
    int i;
    for (i = 0; i < count; i++)
        if (vf_parse_i32(tok[i], &out[i]) != 0)
            return -1;
    return 0;
}

/* The current query: the last options op's, or the script's own. */
static void current_query(const vf_script *s, const ls_query **q,
                          const char **wtext)
{
    uint32_t i = s->op_count;
    *q = &s->query;
    *wtext = s->weight_text;
    while (i > 0) {
        const vf_op *op = &s->ops[--i];
        if (op->kind == VF_OP_OPTIONS) {
            *q = &op->query;
            *wtext = op->weight_text;
            return;
        }
    }
}

static const char *parse_op(vf_script *s, vf_script_state *st, vf_op *op,
                            char **tok, int n)
{
    int32_t v[5];
    ls_status status;

    switch (op->kind) {
    case VF_OP_QUEUE:
        if (st->have_queue)
            return "queue: at most once in a script";
        if (st->queue_users)
            return "queue: before any submit, cancel, release, tick or check";
        if (n != 3 || vf_parse_u32(tok[1], &op->capacity) != 0 ||
            vf_parse_u32(tok[2], &op->pool) != 0)
            return "queue: expected queue CAPACITY POOL";
        st->have_queue = 1;
        return NULL;
    case VF_OP_SUBMIT:
        if (n != 9 || vf_parse_u64(tok[1], UINT64_MAX, &op->id) != 0 ||
            parse_ints(tok + 2, 4, v) != 0 ||
            parse_arrow_status(tok, n, 6, &op->status) != 0)
            return "submit: expected submit ID SX SY GX GY -> N NAME";
        op->sx = v[0];
        op->sy = v[1];
        op->gx = v[2];
        op->gy = v[3];
        return NULL;
    case VF_OP_CANCEL:
    case VF_OP_RELEASE:
        if (n != 5 || vf_parse_u64(tok[1], UINT64_MAX, &op->id) != 0 ||
            parse_arrow_status(tok, n, 2, &op->status) != 0)
            return "script: expected cancel|release ID -> N NAME";
        return NULL;
    case VF_OP_CHECK:
        if (n < 5 || vf_parse_u64(tok[1], UINT64_MAX, &op->id) != 0 ||
            parse_arrow_status(tok, n, 2, &op->status) != 0)
            return "check: expected check ID -> N NAME [first F reason R "
                   "cost C changed K]";
        return parse_tail(op, tok, n, 5);
    case VF_OP_TICK:
        if (n != 5 || vf_parse_u32(tok[1], &op->budget) != 0 ||
            strcmp(tok[2], "->") != 0 || strcmp(tok[3], "pending") != 0 ||
            vf_parse_u32(tok[4], &op->pending) != 0)
            return "tick: expected tick BUDGET -> pending P";
        return NULL;
    case VF_OP_FINISHED:
        if (!st->after_tick)
            return "finished: only right after a tick (or another finished)";
        if (n < 4 || vf_parse_u64(tok[1], UINT64_MAX, &op->id) != 0 ||
            vf_parse_i32(tok[2], &status) != 0 || !vf_status_known(status) ||
            strcmp(ls_status_name(status), tok[3]) != 0)
            return "finished: expected finished ID N NAME [cost C expansions "
                   "E length L digest D]";
        op->status = status;
        return parse_tail(op, tok, n, 4);
    case VF_OP_SET:
    case VF_OP_RECT: {
        int nv = op->kind == VF_OP_SET ? 2 : 4;
        if (n != nv + 7 || parse_ints(tok + 1, nv, v) != 0 ||
            vf_parse_u32(tok[nv + 1], &op->cost) != 0 || op->cost > 255 ||
            parse_arrow_status(tok, n, nv + 2, &op->status) != 0 ||
            strcmp(tok[nv + 5], "digest") != 0 ||
            vf_parse_hex64(tok[nv + 6], &op->map_digest) != 0)
            return op->kind == VF_OP_SET
                       ? "set: expected set X Y COST -> N NAME digest D"
                       : "rect: expected rect X Y W H COST -> N NAME digest D";
        op->x = v[0];
        op->y = v[1];
        op->w = op->kind == VF_OP_SET ? 1 : v[2];
        op->h = op->kind == VF_OP_SET ? 1 : v[3];
        return NULL;
    }
    case VF_OP_DIGEST:
        if (n != 3 || strcmp(tok[1], "->") != 0 ||
            vf_parse_hex64(tok[2], &op->map_digest) != 0)
            return "digest: expected digest -> D";
        return NULL;
    case VF_OP_BATCH:
        if (n != 3 || vf_parse_u32(tok[1], &op->threads) != 0 ||
            vf_parse_u32(tok[2], &op->count) != 0 || op->threads < 1 ||
            op->threads > LS_BATCH_MAX_THREADS || op->count < 1)
            return "batch: expected batch THREADS COUNT (1..64 threads, "
                   "1 or more queries)";
        st->batch_left = op->count;
        return NULL;
    case VF_OP_QUERY:
        if (n < 8 || parse_ints(tok + 1, 4, v) != 0 ||
            parse_arrow_status(tok, n, 5, &op->status) != 0)
            return "query: expected query SX SY GX GY -> N NAME [cost C "
                   "expansions E length L digest D]";
        op->sx = v[0];
        op->sy = v[1];
        op->gx = v[2];
        op->gy = v[3];
        st->batch_left--;
        return parse_tail(op, tok, n, 8);
    case VF_OP_CHECK_PATH: {
        uint32_t i;
        int at;
        if (n < 3 || vf_parse_i32(tok[1], &op->planned) != 0 ||
            vf_parse_u32(tok[2], &op->point_count) != 0 ||
            op->point_count > VF_CHECK_PATH_MAX)
            return "check-path: expected check-path PLANNED COUNT (0..64) "
                   "X,Y ... -> N NAME [...]";
        at = 3 + (int)op->point_count;
        if (n < at + 3 || parse_arrow_status(tok, n, at, &op->status) != 0)
            return "check-path: expected COUNT points X,Y then -> N NAME";
        if (op->point_count > 0) {
            op->points = malloc(op->point_count * sizeof *op->points);
            if (!op->points)
                return "out of memory";
        }
        for (i = 0; i < op->point_count; i++)
            if (vf_parse_point(tok[3 + i], &op->points[i]) != 0)
                return "check-path: points are x,y";
        return parse_tail(op, tok, n, at + 3);
    }
    default:
        if (op->kind >= VF_OP_FRAME && op->kind <= VF_OP_STEP)
            return parse_geo(op, tok, n);
        if (op->kind >= VF_OP_FLOW && op->kind <= VF_OP_FLOW_CELL)
            return parse_flow(op, tok, n);
        break;
    }
    (void)s;
    return "script: unknown key";
}

const char *vf_parse_script_line(vf_file *f, vf_script *s,
                                 vf_script_state *st, uint32_t line,
                                 char **tok, int n)
{
    static const struct { const char *key; int32_t kind; } ops[] = {
        { "queue", VF_OP_QUEUE }, { "submit", VF_OP_SUBMIT },
        { "cancel", VF_OP_CANCEL }, { "release", VF_OP_RELEASE },
        { "tick", VF_OP_TICK }, { "finished", VF_OP_FINISHED },
        { "set", VF_OP_SET }, { "rect", VF_OP_RECT },
        { "digest", VF_OP_DIGEST }, { "batch", VF_OP_BATCH },
        { "query", VF_OP_QUERY }, { "check", VF_OP_CHECK },
        { "check-path", VF_OP_CHECK_PATH }, { "frame", VF_OP_FRAME },
        { "world-cell", VF_OP_WORLD_CELL }, { "to-cell", VF_OP_TO_CELL },
        { "centre", VF_OP_CENTRE }, { "distance", VF_OP_DISTANCE },
        { "segment", VF_OP_SEGMENT }, { "path-length", VF_OP_PATH_LENGTH },
        { "line", VF_OP_LINE }, { "sight", VF_OP_SIGHT },
        { "smooth", VF_OP_SMOOTH }, { "agent", VF_OP_AGENT },
        { "speed", VF_OP_SPEED }, { "route", VF_OP_ROUTE },
        { "step", VF_OP_STEP }, { "flow", VF_OP_FLOW },
        { "flow-begin", VF_OP_FLOW_BEGIN },
        { "flow-refresh", VF_OP_FLOW_REFRESH },
        { "flow-cell", VF_OP_FLOW_CELL },
    };
    int32_t kind = 0;
    const char *reason;
    vf_op *op;
    uint32_t i;

    if (!st->have_map) {
        int32_t idx;
        if (strcmp(tok[0], "map") != 0 || n != 2)
            return "script: \"map NAME\" must be its first line";
        idx = vf_find_map(f, tok[1]);
        if (idx < 0)
            return "script: map not defined (earlier in this file)";
        s->map = (uint32_t)idx;
        st->have_map = 1;
        return NULL;
    }
    if (st->batch_left > 0 && strcmp(tok[0], "query") != 0)
        return "batch: expected COUNT query lines after it";
    if (option_key(tok[0])) {
        st->after_tick = 0;
        if (s->op_count == 0)
            return parse_option(&s->query, s->weight_text, tok, n);
        op = &s->ops[s->op_count - 1];
        if (op->kind != VF_OP_OPTIONS) {
            /* A copy first: adding the op may move the ops. */
            const ls_query *q;
            const char *wtext;
            ls_query cur;
            char cur_text[VF_WEIGHT_TEXT_MAX];
            current_query(s, &q, &wtext);
            cur = *q;
            strcpy(cur_text, wtext);
            op = vf_add_op(s, VF_OP_OPTIONS);
            if (!op)
                return "out of memory";
            op->query = cur;
            strcpy(op->weight_text, cur_text);
            op->line = line;
        }
        return parse_option(&op->query, op->weight_text, tok, n);
    }
    for (i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strcmp(tok[0], ops[i].key) == 0)
            kind = ops[i].kind;
    if (kind == 0)
        return "script: unknown key";
    if (kind == VF_OP_QUERY && st->batch_left == 0)
        return "query: only in the COUNT lines after a batch line";
    if (kind == VF_OP_SUBMIT || kind == VF_OP_CANCEL ||
        kind == VF_OP_RELEASE || kind == VF_OP_TICK || kind == VF_OP_CHECK ||
        kind == VF_OP_FINISHED) {
        if (!st->have_queue)
            return "script: a queue line must come first";
        st->queue_users = 1;
    }
    if (kind == VF_OP_FLOW) {
        if (st->have_flow)
            return "flow: at most once in a script";
        st->have_flow = 1;
    } else if (kind > VF_OP_FLOW && kind <= VF_OP_FLOW_CELL &&
               !st->have_flow) {
        return "script: a flow line must come first";
    }
    op = vf_add_op(s, kind);
    if (!op)
        return "out of memory";
    op->line = line;
    reason = parse_op(s, st, op, tok, n);
    st->after_tick = kind == VF_OP_TICK || kind == VF_OP_FINISHED;
    return reason;
}

const char *vf_finish_script(const vf_script *s, const vf_script_state *st)
{
    if (!st->have_map)
        return "script: no map line";
    if (st->batch_left > 0)
        return "batch: fewer query lines than its COUNT";
    (void)s;
    return NULL;
}
