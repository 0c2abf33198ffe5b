/* SPDX-License-Identifier: MIT */
/*
 * vecfile_run.c - building a vector's grid, running its query (one-shot,
 * sliced, in a compact context, on a compact grid), comparing the outcome
 * field by field and checking whole files and directories (vecfile.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vecfile_impl.h"
#include "../tests/oracle/oracle.h"

/* ------------------------------------------------------------------------
 * Grids
 * --------------------------------------------------------------------- */

int vf_build_grid(const vf_map *m, const char *dir, ls_grid **out,
                  char *err, size_t err_size)
{
    size_t count = (size_t)m->width * (size_t)m->height;
    uint8_t *cells = NULL;
    ls_grid *grid = NULL;
    uint32_t i;
    int32_t x, y;

    *out = NULL;
    if (m->source == VF_SOURCE_ROWS) {
        if (!m->rows) {
            snprintf(err, err_size, "map %s: no rows", m->name);
            return -1;
        }
    } else {
        cells = malloc(count);
        if (!cells) {
            snprintf(err, err_size, "map %s: out of memory", m->name);
            return -1;
        }
    }
    if (m->source == VF_SOURCE_GEN) {
        if (mg_generate(&m->gen, cells) != 0) {
            snprintf(err, err_size, "map %s: the generator failed", m->name);
            goto fail;
        }
    } else if (m->source == VF_SOURCE_FILE) {
        if (vf_load_map_file(dir, m, cells, err, err_size) != 0)
            goto fail;
    }
    if (ls_grid_create(m->width, m->height, NULL, &grid) != LS_OK ||
        ls_grid_load(grid, cells ? cells : m->rows, count) != LS_OK) {
        snprintf(err, err_size, "map %s: cannot create the grid", m->name);
        goto fail;
    }
    for (i = 0; i < m->edit_count; i++) {
        const vf_edit *e = &m->edits[i];
        for (y = e->y; y < e->y + e->h; y++) {
            for (x = e->x; x < e->x + e->w; x++) {
                if (ls_grid_set(grid, x, y, (uint8_t)e->cost) != LS_OK) {
                    snprintf(err, err_size, "map %s: edit outside the grid",
                             m->name);
                    goto fail;
                }
            }
        }
    }
    free(cells);
    *out = grid;
    return 0;
fail:
    ls_grid_destroy(grid);
    free(cells);
    return -1;
}

ls_grid *vf_grid_copy(const ls_grid *grid, uint32_t flags)
{
    int32_t w, h, x, y;
    uint8_t *cells;
    ls_grid *copy = NULL;
    ls_grid_size(grid, &w, &h);
    cells = malloc((size_t)w * (size_t)h);
    if (cells && ls_grid_create_with(w, h, flags, NULL, &copy) == LS_OK) {
        for (y = 0; y < h; y++)
            for (x = 0; x < w; x++)
                ls_grid_get(grid, x, y,
                            &cells[(size_t)y * (size_t)w + (size_t)x]);
        if (ls_grid_load(copy, cells, (size_t)w * (size_t)h) != LS_OK) {
            ls_grid_destroy(copy);
            copy = NULL;
        }
    }
    free(cells);
    return copy;
}

uint64_t vf_grid_digest(const ls_grid *grid)
{
    uint64_t d = VF_DIGEST_EMPTY;
    int32_t w = 0, h = 0, x, y;
    ls_grid_size(grid, &w, &h);
    for (y = 0; y < h; y++) {
        for (x = 0; x < w; x++) {
            uint8_t c = 0;
            ls_grid_get(grid, x, y, &c);
            d = or_fnv_byte(d, c);
        }
    }
    return d;
}

/* ------------------------------------------------------------------------
 * Running queries
 * --------------------------------------------------------------------- */

void vf_runner_init(vf_runner *r)
{
    memset(r, 0, sizeof *r);
}

void vf_runner_free(vf_runner *r)
{
    uint32_t flags = r->context_flags;
    ls_search_destroy(r->search);
    free(r->buffer);
    vf_runner_init(r);
    r->context_flags = flags;
}

static int runner_prepare(vf_runner *r, const ls_grid *grid)
{
    int32_t w, h;
    uint64_t cells;
    ls_grid_size(grid, &w, &h);
    if (r->search && r->width == w && r->height == h)
        return 0;
    vf_runner_free(r);
    /* A path never holds more points than the grid has cells. */
    cells = (uint64_t)w * (uint64_t)h;
    if (cells > UINT32_MAX)
        return -1;
    r->buffer = malloc((size_t)cells * sizeof *r->buffer);
    if (!r->buffer || ls_search_create_with(w, h, r->context_flags, NULL,
                                            &r->search) != LS_OK) {
        vf_runner_free(r);
        return -1;
    }
    r->width = w;
    r->height = h;
    r->capacity = (uint32_t)cells;
    return 0;
}

int vf_run(vf_runner *r, const ls_grid *grid, const vf_vector *v,
           int sliced, vf_outcome *out)
{
    ls_result res;
    ls_status st;
    uint32_t len = 0;

    memset(out, 0, sizeof *out);
    out->cost = -1;
    out->digest = VF_DIGEST_EMPTY;
    out->partial_digest = VF_DIGEST_EMPTY;
    out->partial_status = LS_ERR_NO_QUERY;
    if (runner_prepare(r, grid) != 0)
        return -1;

    if (!sliced) {
        st = ls_find_path(r->search, grid, &v->query, r->buffer, r->capacity,
                          &res);
        out->status = st;
        out->after_end_status = st;
        if (st < 0)
            return 0;
        len = st == LS_OK ? res.path_length : 0;
    } else {
        /* Each call does at least one expansion or ends the query, so
         * cells + 2 calls are more than enough: more means a hang. */
        uint64_t guard = (uint64_t)r->capacity + 2u;
        st = ls_search_begin(r->search, grid, &v->query);
        out->status = st;
        out->after_end_status = st;
        if (st != LS_OK)
            return 0;
        do {
            st = ls_search_step(r->search, v->budget);
            out->slices++;
        } while (st == LS_IN_PROGRESS && out->slices < guard);
        out->status = st;
        out->after_end_status = ls_search_step(r->search, v->budget);
        if (st < 0 || st == LS_IN_PROGRESS)
            return 0;
        if (ls_search_result(r->search, &res) != LS_OK)
            return 0;
        if (st == LS_OK &&
            ls_search_path(r->search, r->buffer, r->capacity, &len) != LS_OK)
            len = 0;
    }
    out->cost = res.cost;
    out->expansions = res.expansions;
    out->length = res.path_length;
    out->digest = res.digest;
    if (len > out->length)
        len = out->length;
    if (vf_copy_points(&out->path, r->buffer, len) != 0)
        return -1;
    if (len < out->length) /* the path could not be read: report that */
        out->length = len;

    out->partial_status = ls_search_partial_path(r->search, r->buffer,
                                                 r->capacity, &len);
    if (out->partial_status == LS_OK) {
        out->partial_length = len;
        if (vf_copy_points(&out->partial, r->buffer, len) != 0) {
            vf_outcome_free(out);
            return -1;
        }
        ls_path_digest(out->partial, len, &out->partial_digest);
    }
    return 0;
}

/* ------------------------------------------------------------------------
 * Comparing
 * --------------------------------------------------------------------- */

static void report(vf_report *rep, const char *where, const vf_vector *v,
                   const char *mode, const char *field, const char *expected,
                   const char *got)
{
    rep->mismatches++;
    if (!rep->out || (rep->print_limit && rep->printed >= rep->print_limit))
        return;
    rep->printed++;
    fprintf(rep->out, "%s: vector %s (%s): %s: expected %s, got %s\n",
            where, v->id, mode, field, expected, got);
}

/* How cmp_value shows want and got: a number, a digest, a status. */
enum { CMP_I64, CMP_HEX, CMP_STATUS };

/* u as the int64_t it was converted from (without the implementation-
 * defined conversion of a value above INT64_MAX). */
static int64_t as_i64(uint64_t u)
{
    return u <= (uint64_t)INT64_MAX ? (int64_t)u
                                    : -(int64_t)(UINT64_MAX - u) - 1;
}

static const char *show(char buf[64], int how, uint64_t x)
{
    char num[24];
    ls_status s = (ls_status)as_i64(x);
    switch (how) {
    case CMP_HEX: return vf_fmt_hex64(buf, x);
    case CMP_STATUS:
        snprintf(buf, 64, "%s %s", vf_fmt_i64(num, s),
                 vf_status_known(s) ? ls_status_name(s) : "(unknown)");
        return buf;
    default: return vf_fmt_i64(buf, as_i64(x));
    }
}

/* 0 when want == got, else 1 and a report (signed values as uint64_t). */
static uint32_t cmp_value(vf_report *rep, const char *where,
                          const vf_vector *v, const char *mode,
                          const char *field, int how, uint64_t want,
                          uint64_t got)
{
    char a[64], b[64];
    if (want == got)
        return 0;
    report(rep, where, v, mode, field, show(a, how, want), show(b, how, got));
    return 1;
}

/* The first point where two paths differ (lengths are compared apart). */
static uint32_t cmp_points(vf_report *rep, const char *where,
                           const vf_vector *v, const char *mode,
                           const char *field, const ls_point *want,
                           uint32_t nwant, const ls_point *got, uint32_t ngot)
{
    uint32_t i, n = nwant < ngot ? nwant : ngot;
    for (i = 0; i < n; i++) {
        if (want[i].x != got[i].x || want[i].y != got[i].y) {
            char f[64], a[48], b[48], x[24], y[24];
            snprintf(f, sizeof f, "%s[%s]", field, vf_fmt_u64(x, i));
            snprintf(a, sizeof a, "%s,%s", vf_fmt_i64(x, want[i].x),
                     vf_fmt_i64(y, want[i].y));
            snprintf(b, sizeof b, "%s,%s", vf_fmt_i64(x, got[i].x),
                     vf_fmt_i64(y, got[i].y));
            report(rep, where, v, mode, f, a, b);
            return 1;
        }
    }
    return 0;
}

uint32_t vf_compare(const char *where, const vf_vector *v, const char *mode,
                    const vf_outcome *got, vf_report *rep)
{
    const vf_outcome *e = &v->expect;
    uint32_t bad = 0;
    int partial = e->status == LS_NO_PATH || e->status == LS_EXPANSION_LIMIT;

    bad += cmp_value(rep, where, v, mode, "status", CMP_STATUS, e->status,
                     got->status);
    if (strstr(mode, "sliced") != NULL) { /* "sliced", "compact sliced" */
        bad += cmp_value(rep, where, v, mode, "slices", CMP_I64, e->slices,
                         got->slices);
        bad += cmp_value(rep, where, v, mode, "step after the end", CMP_STATUS,
                         got->status, got->after_end_status);
    }
    if (e->status >= 0 && got->status >= 0) {
        bad += cmp_value(rep, where, v, mode, "cost", CMP_I64, e->cost,
                         got->cost);
        bad += cmp_value(rep, where, v, mode, "expansions", CMP_I64,
                         e->expansions, got->expansions);
        bad += cmp_value(rep, where, v, mode, "length", CMP_I64, e->length,
                         got->length);
        bad += cmp_value(rep, where, v, mode, "digest", CMP_HEX, e->digest,
                         got->digest);
        bad += cmp_points(rep, where, v, mode, "path", e->path, e->length,
                          got->path, got->length);
    }
    if (partial && got->status >= 0) {
        bad += cmp_value(rep, where, v, mode, "partial call", CMP_STATUS,
                         LS_OK, got->partial_status);
        bad += cmp_value(rep, where, v, mode, "partial-length", CMP_I64,
                         e->partial_length, got->partial_length);
        bad += cmp_value(rep, where, v, mode, "partial-digest", CMP_HEX,
                         e->partial_digest, got->partial_digest);
        bad += cmp_points(rep, where, v, mode, "partial-path", e->partial,
                          e->partial_length, got->partial, got->partial_length);
    } else if (e->status == LS_OK && got->status == LS_OK) {
        bad += cmp_value(rep, where, v, mode, "partial call", CMP_STATUS,
                         LS_ERR_NO_PARTIAL, got->partial_status);
    }
    return bad;
}

/* ------------------------------------------------------------------------
 * Checking
 * --------------------------------------------------------------------- */

/* The file's own consistency: digests of the listed paths, and the weight
 * text against the raw weight. */
static uint32_t check_self(const char *where, const vf_vector *v,
                           vf_report *rep)
{
    const vf_outcome *e = &v->expect;
    uint32_t bad = 0;
    uint64_t d;
    fix16_t w;

    if (e->status >= 0) {
        ls_path_digest(e->path, e->length, &d);
        bad += cmp_value(rep, where, v, "file", "digest of the listed path",
                         CMP_HEX, e->digest, d);
    }
    if (e->status == LS_NO_PATH || e->status == LS_EXPANSION_LIMIT) {
        ls_path_digest(e->partial, e->partial_length, &d);
        bad += cmp_value(rep, where, v, "file",
                         "digest of the listed partial path", CMP_HEX,
                         e->partial_digest, d);
    }
    if (ls_fix16_parse(v->weight_text, &w) != LS_OK) {
        char a[24];
        report(rep, where, v, "file", "weight text",
               vf_fmt_i64(a, v->query.weight), "unparsable text");
        bad++;
    } else {
        bad += cmp_value(rep, where, v, "file", "weight text parsed", CMP_I64,
                         v->query.weight, w);
    }
    return bad;
}

/* Run v again (one-shot, and sliced when it has a budget) with runner r on
 * grid, under the mode names one_shot and sliced_mode, counting it in
 * *checked: a query accepted must give the very same outcome; one refused
 * with LS_ERR_NEEDS_FULL_CONTEXT (a compact context) is left to the full
 * context. */
static uint32_t check_again(vf_runner *r, const ls_grid *grid,
                            const vf_vector *v, const char *where,
                            vf_report *rep, const char *one_shot,
                            const char *sliced_mode, uint32_t *checked)
{
    uint32_t bad = 0;
    int sliced;
    for (sliced = 0; sliced <= (v->budget > 0); sliced++) {
        const char *mode = sliced ? sliced_mode : one_shot;
        vf_outcome got;
        if (vf_run(r, grid, v, sliced, &got) != 0) {
            report(rep, where, v, mode, "run", "done", "out of memory");
            return bad + 1;
        }
        if (got.status != LS_ERR_NEEDS_FULL_CONTEXT) {
            bad += vf_compare(where, v, mode, &got, rep);
            if (!sliced)
                (*checked)++;
        }
        vf_outcome_free(&got);
    }
    return bad;
}

/* Build map i of f into grids[i] once, comparing its digest; broken[i]
 * is 1 when it cannot be built, 2 when its digest differs. */
static void build_map(const vf_file *f, uint32_t i, const char *dir,
                      const char *name, ls_grid **grids, uint8_t *broken,
                      vf_report *rep)
{
    const vf_map *m = &f->maps[i];
    char err[256], num[24];
    if (grids[i] || broken[i])
        return;
    if (vf_build_grid(m, dir, &grids[i], err, sizeof err) != 0) {
        broken[i] = 1;
        if (rep->out)
            fprintf(rep->out, "%s: %s\n", name, err);
    } else if (vf_grid_digest(grids[i]) != m->digest) {
        char a[24], b[24];
        broken[i] = 2;
        if (rep->out)
            fprintf(rep->out, "%s:%s: map %s: digest: expected %s, "
                    "got %s (the map generator or map file differs)\n",
                    name, vf_fmt_u64(num, m->line), m->name,
                    vf_fmt_hex64(a, m->digest),
                    vf_fmt_hex64(b, vf_grid_digest(grids[i])));
    }
}

uint32_t vf_check_file(const vf_file *f, const char *dir, const char *name,
                       vf_report *rep)
{
    ls_grid **grids = calloc(f->map_count + 1u, sizeof *grids);
    ls_grid **compact_grids = calloc(f->map_count + 1u, sizeof *compact_grids);
    uint8_t *broken = calloc(f->map_count + 1u, 1);
    vf_runner runner, compact;
    vf_batch_cache batches;
    uint32_t i, failed = 0;
    char where[VF_PATH_MAX + 32], num[24];

    vf_runner_init(&runner);
    vf_runner_init(&compact);
    memset(&batches, 0, sizeof batches);
    compact.context_flags = LS_SEARCH_COMPACT;
    if (!grids || !compact_grids || !broken) {
        free(grids);
        free(compact_grids);
        free(broken);
        rep->errors++;
        rep->failed += f->vector_count;
        return f->vector_count;
    }
    for (i = 0; i < f->vector_count; i++) {
        const vf_vector *v = &f->vectors[i];
        vf_outcome got;
        uint32_t bad;
        int sliced;

        snprintf(where, sizeof where, "%s:%s", name, vf_fmt_u64(num, v->line));
        rep->checked++;
        bad = check_self(where, v, rep);
        build_map(f, v->map, dir, name, grids, broken, rep);
        if (broken[v->map] == 1) {
            report(rep, where, v, "map", "grid", "built", "failed");
            bad++;
        } else {
            if (broken[v->map] == 2) {
                report(rep, where, v, "map", "map digest", "as listed",
                       "different");
                bad++;
            }
            for (sliced = 0; sliced <= (v->budget > 0); sliced++) {
                const char *mode = sliced ? "sliced" : "one-shot";
                if (vf_run(&runner, grids[v->map], v, sliced, &got) != 0) {
                    report(rep, where, v, mode, "run", "done",
                           "out of memory");
                    bad++;
                } else {
                    bad += vf_compare(where, v, mode, &got, rep);
                    vf_outcome_free(&got);
                }
            }
            bad += check_again(&compact, grids[v->map], v, where, rep,
                               "compact one-shot", "compact sliced",
                               &rep->compact_checked);
            /* JPS alone reads the bitsets a compact grid lacks. */
            if (v->query.algorithm == LS_ALGO_JPS) {
                if (!compact_grids[v->map])
                    compact_grids[v->map] =
                        vf_grid_copy(grids[v->map], LS_GRID_COMPACT);
                if (!compact_grids[v->map]) {
                    report(rep, where, v, "compact grid", "grid", "built",
                           "failed");
                    bad++;
                } else {
                    bad += check_again(&runner, compact_grids[v->map], v, where,
                                       rep, "compact-grid one-shot",
                                       "compact-grid sliced",
                                       &rep->compact_grid_checked);
                }
            }
        }
        if (bad) {
            failed++;
            rep->failed++;
        }
    }
    for (i = 0; i < f->script_count; i++) {
        const vf_script *sc = &f->scripts[i];
        uint32_t bad = 0;
        rep->checked++;
        rep->scripts++;
        build_map(f, sc->map, dir, name, grids, broken, rep);
        if (broken[sc->map]) {
            char num2[24];
            bad++;
            rep->mismatches++;
            if (rep->out && (!rep->print_limit ||
                             rep->printed < rep->print_limit)) {
                rep->printed++;
                fprintf(rep->out, "%s:%s: script %s (map): map %s: not "
                        "built or digest differs\n", name,
                        vf_fmt_u64(num2, sc->line), sc->id,
                        f->maps[sc->map].name);
            }
        } else {
            bad = vf_check_script(f, sc, grids[sc->map], name, &batches,
                                  rep);
        }
        if (bad) {
            failed++;
            rep->failed++;
        }
    }
    vf_batch_cache_free(&batches);
    vf_runner_free(&runner);
    vf_runner_free(&compact);
    for (i = 0; i < f->map_count; i++) {
        ls_grid_destroy(grids[i]);
        ls_grid_destroy(compact_grids[i]);
    }
    free(grids);
    free(compact_grids);
    free(broken);
    return failed;
}

/* Equal apart from a '\r' before any '\n' in a (a CRLF checkout). */
static int same_text(const char *a, size_t na, const char *b, size_t nb)
{
    size_t i = 0, j = 0;
    while (i < na && j < nb) {
        if (a[i] == '\r' && i + 1 < na && a[i + 1] == '\n') {
            i++;
            continue;
        }
        if (a[i] != b[j])
            return 0;
        i++;
        j++;
    }
    return i == na && j == nb;
}

int vf_check_dir(const char *dir, vf_report *rep)
{
    size_t plen = strlen(dir) + VF_NAME_MAX + 2, len;
    char *path = malloc(plen), *text = NULL, **names = NULL, err[512];
    uint32_t *counts = NULL;
    int n, i;

    if (!path) {
        rep->errors++;
        return -1;
    }
    snprintf(path, plen, "%s/%s", dir, VF_INDEX_NAME);
    if (vf_read_file(path, &text, &len) != 0) {
        if (rep->out)
            fprintf(rep->out, "vectors: cannot read %s\n", path);
        rep->errors++;
        n = 0;
    } else {
        n = vf_parse_index(path, text, &names, &counts, err, sizeof err);
        free(text);
        if (n < 0) {
            if (rep->out)
                fprintf(rep->out, "vectors: %s\n", err);
            rep->errors++;
            n = 0;
        }
    }
    for (i = 0; i < n; i++) {
        vf_file f;
        vf_text again = { NULL, 0, 0, 0 };
        snprintf(path, plen, "%s/%s", dir, names[i]);
        if (vf_read_file(path, &text, &len) != 0) {
            if (rep->out)
                fprintf(rep->out, "vectors: cannot read %s\n", path);
            rep->errors++;
            rep->failed += counts[i];
            continue;
        }
        if (vf_parse(names[i], text, len, &f, err, sizeof err) != 0) {
            if (rep->out)
                fprintf(rep->out, "vectors: %s\n", err);
            rep->errors++;
            rep->failed += counts[i];
            free(text);
            continue;
        }
        if (f.vector_count + f.script_count != counts[i]) {
            char a[24], b[24];
            if (rep->out)
                fprintf(rep->out, "vectors: %s holds %s vectors and scripts, "
                        "the index says %s\n", names[i],
                        vf_fmt_u64(a, f.vector_count + f.script_count),
                        vf_fmt_u64(b, counts[i]));
            rep->errors++;
        }
        if (vf_write(&f, &again, err, sizeof err) != 0 ||
            !same_text(text, len, again.data, again.length)) {
            if (rep->out)
                fprintf(rep->out, "vectors: %s is not canonical: writing it "
                        "back changes it (edit tools/vecgen.c and run make "
                        "vectors-regen instead of editing vectors)\n",
                        names[i]);
            rep->errors++;
        }
        vf_text_free(&again);
        free(text);
        vf_check_file(&f, dir, names[i], rep);
        vf_file_free(&f);
    }
    for (i = 0; i < n; i++)
        free(names[i]);
    free(names);
    free(counts);
    free(path);
    if (rep->out) {
        char a[24], b[24], c[24], d[24], e[24];
        fprintf(rep->out, "vectors: %s checked (%s scripts; %s also in a "
                "compact context, %s also on a compact grid), %s failed\n",
                vf_fmt_u64(a, rep->checked), vf_fmt_u64(e, rep->scripts),
                vf_fmt_u64(c, rep->compact_checked),
                vf_fmt_u64(d, rep->compact_grid_checked), vf_fmt_u64(b, rep->failed));
        if (rep->errors)
            fprintf(rep->out, "vectors: %s file errors\n",
                    vf_fmt_u64(a, rep->errors));
        if (rep->print_limit && rep->mismatches > rep->printed)
            fprintf(rep->out, "vectors: %s of %s mismatches printed\n",
                    vf_fmt_u64(a, rep->printed), vf_fmt_u64(b, rep->mismatches));
    }
    return rep->failed == 0 && rep->errors == 0 && rep->checked > 0 ? 0 : -1;
}
