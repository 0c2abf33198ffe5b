/* SPDX-License-Identifier: MIT */
/*
 * vecfile_parse.c - reading vector files and the index (vecfile.h): every
 * key checked, every error reported as "name:line: reason".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vecfile_impl.h"

#define MAX_TOKENS 96 /* a check-path line: 64 points and 14 more */

/* ------------------------------------------------------------------------
 * Parser
 * --------------------------------------------------------------------- */

typedef struct parser {
    const char *name;
    uint32_t line;
    char *err;
    size_t err_size;
} parser;

static int fail(parser *ps, const char *reason)
{
    char num[24];
    snprintf(ps->err, ps->err_size, "%s:%s: %s", ps->name,
             vf_fmt_u64(num, ps->line), reason);
    return -1;
}

/* Split line (modified in place) at spaces into at most MAX_TOKENS. */
static int tokenize(char *line, char **tok)
{
    int n = 0;
    char *p = line;
    while (*p) {
        while (*p == ' ')
            *p++ = '\0';
        if (!*p)
            break;
        if (n == MAX_TOKENS)
            return -1;
        tok[n++] = p;
        while (*p && *p != ' ')
            p++;
    }
    return n;
}

static int valid_name(const char *s)
{
    size_t n = 0;
    for (; s[n]; n++) {
        char c = s[n];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-'))
            return 0;
    }
    return n > 0 && n < VF_NAME_MAX;
}

/* A relative path of name characters and '/', with no ".." part. */
static int valid_path(const char *s)
{
    size_t n = strlen(s), i;
    if (n == 0 || n >= VF_PATH_MAX || s[0] == '/' || strstr(s, ".."))
        return 0;
    for (i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-' ||
              c == '/'))
            return 0;
    }
    return 1;
}

static int parse_gen(parser *ps, vf_map *m, char **tok, int n)
{
    int32_t family = mg_family_find(tok[1]);
    uint32_t count, i;
    const char *reason;

    if (family < 0)
        return fail(ps, "gen: unknown map family");
    count = mg_param_count(family);
    if ((uint32_t)n != 3u + count)
        return fail(ps, "gen: expected seed=S and every parameter of the family");
    if (strncmp(tok[2], "seed=", 5) != 0 ||
        vf_parse_u64(tok[2] + 5, UINT64_MAX, &m->gen.seed) != 0)
        return fail(ps, "gen: expected seed=S (an unsigned 64-bit decimal)");
    memset(m->gen.param, 0, sizeof m->gen.param);
    for (i = 0; i < count; i++) {
        const char *pname = mg_param_name(family, i);
        size_t len = strlen(pname);
        const char *t = tok[3 + i];
        if (strncmp(t, pname, len) != 0 || t[len] != '=' ||
            vf_parse_u32(t + len + 1, &m->gen.param[i]) != 0)
            return fail(ps, "gen: parameters must be name=value, in the family's order");
    }
    m->gen.family = family;
    m->gen.width = m->width;
    m->gen.height = m->height;
    reason = mg_check(&m->gen);
    if (reason)
        return fail(ps, reason);
    m->source = VF_SOURCE_GEN;
    return 0;
}

/* One line of a map block. *have_source / *rows_done track the source. */
static int parse_map_line(parser *ps, vf_map *m, char **tok, int n,
                          int *have_source, int32_t *rows_done)
{
    const char *k = tok[0];
    if (strcmp(k, "size") == 0) {
        if (m->width != 0 || n != 3 || vf_parse_i32(tok[1], &m->width) != 0 ||
            vf_parse_i32(tok[2], &m->height) != 0 || m->width < 1 ||
            m->height < 1 || m->width > LS_MAX_DIMENSION ||
            m->height > LS_MAX_DIMENSION)
            return fail(ps, "size: expected once, as size W H (1..16384)");
        return 0;
    }
    if (m->width == 0)
        return fail(ps, "map: size must come first");
    if (strcmp(k, "digest") == 0) {
        if (*have_source != 1 || n != 2 || vf_parse_hex64(tok[1], &m->digest) != 0)
            return fail(ps, "digest: expected once, after the source, as 16 lowercase hex digits");
        *have_source = 2;
        return 0;
    }
    if (*have_source == 2)
        return fail(ps, "map: digest must be the block's last line");
    if (strcmp(k, "gen") == 0) {
        if (*have_source || n < 3)
            return fail(ps, "gen: a map has one source: gen FAMILY seed=S ...");
        *have_source = 1;
        return parse_gen(ps, m, tok, n);
    }
    if (strcmp(k, "file") == 0) {
        if (*have_source || n != 2 || !valid_path(tok[1]))
            return fail(ps, "file: expected one relative path (one source per map)");
        *have_source = 1;
        m->source = VF_SOURCE_FILE;
        strcpy(m->file, tok[1]);
        return 0;
    }
    if (strcmp(k, "row") == 0) {
        int32_t x;
        if (*have_source && m->source != VF_SOURCE_ROWS)
            return fail(ps, "row: a map has one source");
        if (m->edit_count > 0 || *rows_done >= m->height || n != 2 ||
            strlen(tok[1]) != (size_t)m->width)
            return fail(ps, "row: expected height rows of width cells, before edits");
        if (!m->rows) {
            m->rows = malloc((size_t)m->width * (size_t)m->height);
            if (!m->rows)
                return fail(ps, "out of memory");
        }
        *have_source = 1;
        m->source = VF_SOURCE_ROWS;
        for (x = 0; x < m->width; x++) {
            const char *c = strchr(vf_row_chars, tok[1][x]);
            if (!c || tok[1][x] == '\0')
                return fail(ps, "row: cells are # . 2-9");
            m->rows[(size_t)*rows_done * (size_t)m->width + (size_t)x] =
                (uint8_t)(c - vf_row_chars);
        }
        (*rows_done)++;
        return 0;
    }
    if (strcmp(k, "set") == 0 || strcmp(k, "fill") == 0) {
        int fill = k[0] == 'f';
        int32_t v[4] = { 0, 0, 1, 1 };
        uint32_t cost;
        int i, nv = fill ? 4 : 2;
        if (!*have_source || n != nv + 2)
            return fail(ps, fill ? "fill: expected fill X Y W H COST after the source"
                                 : "set: expected set X Y COST after the source");
        for (i = 0; i < nv; i++)
            if (vf_parse_i32(tok[1 + i], &v[i]) != 0)
                return fail(ps, "edit: bad number");
        if (vf_parse_u32(tok[1 + nv], &cost) != 0 || cost > 255)
            return fail(ps, "edit: cost must be 0..255");
        if (v[0] < 0 || v[1] < 0 || v[2] < 1 || v[3] < 1 ||
            v[2] > m->width - v[0] || v[3] > m->height - v[1] ||
            (fill && v[2] == 1 && v[3] == 1))
            return fail(ps, "edit: rectangle outside the grid (or a 1x1 fill: use set)");
        if (vf_add_edit(m, v[0], v[1], v[2], v[3], cost) != 0)
            return fail(ps, "out of memory");
        return 0;
    }
    return fail(ps, "map: unknown key");
}

enum {
    K_MAP = 1u << 0, K_ALGO = 1u << 1, K_START = 1u << 2, K_GOAL = 1u << 3,
    K_CONNECT = 1u << 4, K_CORNERS = 1u << 5, K_HEURISTIC = 1u << 6,
    K_TIE = 1u << 7, K_STRAIGHT = 1u << 8, K_DIAGONAL = 1u << 9,
    K_WEIGHT = 1u << 10, K_MAXEXP = 1u << 11, K_BUDGET = 1u << 12,
    K_STATUS = 1u << 13, K_SLICES = 1u << 14, K_COST = 1u << 15,
    K_EXPANSIONS = 1u << 16, K_LENGTH = 1u << 17, K_DIGEST = 1u << 18,
    K_PLENGTH = 1u << 19, K_PDIGEST = 1u << 20, K_PATH = 1u << 21,
    K_PPATH = 1u << 22, K_CLEARANCE = 1u << 23
};

#define K_QUERY (K_MAP | K_ALGO | K_START | K_GOAL | K_CONNECT | K_CORNERS | \
                 K_HEURISTIC | K_TIE | K_STRAIGHT | K_DIAGONAL | K_WEIGHT | \
                 K_MAXEXP | K_BUDGET | K_STATUS)
#define K_RESULT (K_COST | K_EXPANSIONS | K_LENGTH | K_DIGEST)
#define K_PARTIAL (K_PLENGTH | K_PDIGEST)

typedef struct vector_state {
    uint32_t seen;
    uint32_t path_cap, partial_cap, path_n, partial_n;
} vector_state;

static int append_points(parser *ps, ls_point **pts, uint32_t *n,
                         uint32_t *cap, char **tok, int count)
{
    int i;
    if (count < 1 || count > VF_POINTS_PER_LINE)
        return fail(ps, "path: 1 to 16 points per line");
    for (i = 0; i < count; i++) {
        if (vf_grow((void **)pts, cap, *n, sizeof **pts) != 0)
            return fail(ps, "out of memory");
        if (vf_parse_point(tok[i], &(*pts)[*n]) != 0)
            return fail(ps, "path: points are x,y");
        (*n)++;
    }
    return 0;
}

static int parse_vector_line(parser *ps, const vf_file *f, vf_vector *v,
                             vector_state *st, char **tok, int n)
{
    static const struct { const char *key; uint32_t bit; int args; } keys[] = {
        { "map", K_MAP, 1 }, { "algo", K_ALGO, 1 }, { "start", K_START, 2 },
        { "goal", K_GOAL, 2 }, { "connectivity", K_CONNECT, 1 },
        { "corners", K_CORNERS, 1 }, { "heuristic", K_HEURISTIC, 1 },
        { "tie", K_TIE, 1 }, { "straight", K_STRAIGHT, 1 },
        { "diagonal", K_DIAGONAL, 1 }, { "weight", K_WEIGHT, 2 },
        { "max-expansions", K_MAXEXP, 1 }, { "clearance", K_CLEARANCE, 1 },
        { "budget", K_BUDGET, 1 },
        { "status", K_STATUS, 2 }, { "slices", K_SLICES, 1 },
        { "cost", K_COST, 1 }, { "expansions", K_EXPANSIONS, 1 },
        { "length", K_LENGTH, 1 }, { "digest", K_DIGEST, 1 },
        { "partial-length", K_PLENGTH, 1 }, { "partial-digest", K_PDIGEST, 1 },
        { "path", K_PATH, -1 }, { "partial-path", K_PPATH, -1 },
    };
    ls_query *q = &v->query;
    vf_outcome *e = &v->expect;
    uint32_t bit = 0, i;
    int ok = 0;

    for (i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        if (strcmp(tok[0], keys[i].key) == 0) {
            bit = keys[i].bit;
            if (keys[i].args >= 0 && n != keys[i].args + 1)
                return fail(ps, "vector: wrong number of values for the key");
            break;
        }
    }
    if (bit == 0)
        return fail(ps, "vector: unknown key");
    if (bit == K_PATH)
        return append_points(ps, &e->path, &st->path_n, &st->path_cap,
                             tok + 1, n - 1);
    if (bit == K_PPATH)
        return append_points(ps, &e->partial, &st->partial_n,
                             &st->partial_cap, tok + 1, n - 1);
    if (st->seen & bit)
        return fail(ps, "vector: key given twice");
    st->seen |= bit;

    switch (bit) {
    case K_MAP: {
        int32_t idx = vf_find_map(f, tok[1]);
        if (idx < 0)
            return fail(ps, "vector: map not defined (earlier in this file)");
        v->map = (uint32_t)idx;
        ok = 1;
        break;
    }
    case K_ALGO: ok = vf_parse_enum(vf_algo_names, tok[1], &q->algorithm) == 0; break;
    case K_START:
        ok = vf_parse_i32(tok[1], &q->start_x) == 0 &&
             vf_parse_i32(tok[2], &q->start_y) == 0;
        break;
    case K_GOAL:
        ok = vf_parse_i32(tok[1], &q->goal_x) == 0 &&
             vf_parse_i32(tok[2], &q->goal_y) == 0;
        break;
    case K_CONNECT: ok = vf_parse_i32(tok[1], &q->connectivity) == 0; break;
    case K_CORNERS:
        ok = vf_parse_enum(vf_corner_names, tok[1], &q->corner_rule) == 0;
        break;
    case K_HEURISTIC:
        ok = vf_parse_enum(vf_heuristic_names, tok[1], &q->heuristic) == 0;
        break;
    case K_TIE: ok = vf_parse_enum(vf_tie_names, tok[1], &q->tie_break) == 0; break;
    case K_STRAIGHT: ok = vf_parse_u32(tok[1], &q->straight_cost) == 0; break;
    case K_DIAGONAL: ok = vf_parse_u32(tok[1], &q->diagonal_cost) == 0; break;
    case K_WEIGHT: {
        int32_t raw;
        ok = vf_parse_i32(tok[1], &raw) == 0 &&
             strlen(tok[2]) < VF_WEIGHT_TEXT_MAX;
        if (ok) {
            q->weight = (fix16_t)raw;
            strcpy(v->weight_text, tok[2]);
        }
        break;
    }
    case K_MAXEXP: ok = vf_parse_u32(tok[1], &q->max_expansions) == 0; break;
    case K_CLEARANCE: /* optional: written only when not 0 */
        ok = vf_parse_u32(tok[1], &q->clearance) == 0 && q->clearance != 0;
        break;
    case K_BUDGET: ok = vf_parse_u32(tok[1], &v->budget) == 0; break;
    case K_STATUS: {
        const char *name;
        ok = vf_parse_i32(tok[1], &e->status) == 0;
        name = ok && vf_status_known(e->status) ? ls_status_name(e->status)
                                                : NULL;
        if (!name || strcmp(name, tok[2]) != 0)
            return fail(ps, "status: expected a known status number and its name");
        break;
    }
    case K_SLICES: ok = vf_parse_u32(tok[1], &e->slices) == 0; break;
    case K_COST: ok = vf_parse_i32(tok[1], &e->cost) == 0; break;
    case K_EXPANSIONS: ok = vf_parse_u32(tok[1], &e->expansions) == 0; break;
    case K_LENGTH: ok = vf_parse_u32(tok[1], &e->length) == 0; break;
    case K_DIGEST: ok = vf_parse_hex64(tok[1], &e->digest) == 0; break;
    case K_PLENGTH: ok = vf_parse_u32(tok[1], &e->partial_length) == 0; break;
    case K_PDIGEST: ok = vf_parse_hex64(tok[1], &e->partial_digest) == 0; break;
    default: break;
    }
    if (!ok)
        return fail(ps, "vector: bad value");
    return 0;
}

/* The vector's keys agree with its status (see the README's table). */
static int finish_vector(parser *ps, vf_vector *v, const vector_state *st)
{
    const vf_outcome *e = &v->expect;
    uint32_t want = K_QUERY;
    uint32_t seen = st->seen & ~(uint32_t)K_CLEARANCE; /* optional */

    if ((seen & K_QUERY) != K_QUERY)
        return fail(ps, "vector: a query key or the status is missing");
    if (v->budget > 0)
        want |= K_SLICES;
    if (e->status >= 0)
        want |= K_RESULT;
    if (e->status == LS_NO_PATH || e->status == LS_EXPANSION_LIMIT)
        want |= K_PARTIAL;
    if (seen != want)
        return fail(ps, "vector: keys do not match the status and budget "
                        "(slices iff budget > 0; cost, expansions, length, "
                        "digest iff status >= 0; partial-* iff LS_NO_PATH "
                        "or LS_EXPANSION_LIMIT)");
    if (st->path_n != e->length)
        return fail(ps, "vector: path points differ from length");
    if (st->partial_n != e->partial_length)
        return fail(ps, "vector: partial-path points differ from partial-length");
    return 0;
}

static int finish_map(parser *ps, const vf_file *f, const vf_map *m,
                      int have_source, int32_t rows_done)
{
    if (!have_source)
        return fail(ps, "map: no source (gen, row or file)");
    if (have_source != 2)
        return fail(ps, "map: no digest line");
    if (m->source == VF_SOURCE_ROWS && rows_done != m->height)
        return fail(ps, "map: fewer rows than its height");
    if (vf_find_map(f, m->name) != (int32_t)(m - f->maps))
        return fail(ps, "map: name defined twice");
    return 0;
}

int vf_parse(const char *name, const char *text, size_t length, vf_file *out,
             char *err, size_t err_size)
{
    parser ps;
    char *buf, *p, *end, *tok[MAX_TOKENS];
    vf_text header = { NULL, 0, 0, 0 };
    enum { NONE, IN_MAP, IN_VECTOR, IN_SCRIPT } state = NONE;
    vf_map *m = NULL;
    vf_vector *v = NULL;
    vf_script *sc = NULL;
    vector_state vs;
    vf_script_state ss;
    const char *reason;
    int have_source = 0, rc = -1, blocks = 0, version = 1;
    int32_t rows_done = 0;

    ps.name = name;
    ps.line = 0;
    ps.err = err;
    ps.err_size = err_size;
    vf_file_init(out);
    memset(&vs, 0, sizeof vs);
    memset(&ss, 0, sizeof ss);
    buf = malloc(length + 1);
    if (!buf)
        return fail(&ps, "out of memory");
    memcpy(buf, text, length);
    buf[length] = '\0';
    end = buf + length;

    for (p = buf; p < end;) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        char *line = p;
        int n;
        if (!nl) {
            ps.line++;
            fail(&ps, "the last line has no newline");
            goto done;
        }
        *nl = '\0';
        p = nl + 1;
        ps.line++;
        if (strlen(line) != (size_t)(nl - line)) {
            fail(&ps, "NUL byte in text");
            goto done;
        }
        if (nl > line && nl[-1] == '\r')
            nl[-1] = '\0';
        if (ps.line == 1) {
            if (strcmp(line, "lockstar-vectors 2") == 0) {
                version = 2;
            } else if (strcmp(line, "lockstar-vectors 1") != 0) {
                fail(&ps, "the first line must be \"lockstar-vectors 1\" "
                          "(or 2, for a file with scripts)");
                goto done;
            }
            continue;
        }
        if (line[0] == '#') {
            /* Comments before the first block are the file's header. */
            if (blocks == 0 && state == NONE) {
                const char *c = line + 1;
                if (*c == ' ')
                    c++;
                if (!vf_header_line_ok(c, strlen(c))) {
                    fail(&ps, "a header comment may hold only printable "
                              "ASCII (space to '~')");
                    goto done;
                }
                vf_text_put(&header, c, strlen(c));
                vf_text_put(&header, "\n", 1);
            }
            continue;
        }
        n = tokenize(line, tok);
        if (n < 0) {
            fail(&ps, "too many fields on a line");
            goto done;
        }
        if (n == 0)
            continue;
        if (state == NONE) {
            if (n != 2 || !valid_name(tok[1]) ||
                (strcmp(tok[0], "map") != 0 && strcmp(tok[0], "vector") != 0 &&
                 strcmp(tok[0], "script") != 0)) {
                fail(&ps, "expected \"map NAME\", \"vector ID\" or "
                          "\"script ID\" (names: 1-63 of A-Z a-z 0-9 . _ -)");
                goto done;
            }
            blocks++;
            if (tok[0][0] == 's') {
                if (version < 2) {
                    fail(&ps, "script: only in a \"lockstar-vectors 2\" file");
                    goto done;
                }
                sc = vf_add_script(out);
                if (!sc) {
                    fail(&ps, "out of memory");
                    goto done;
                }
                strcpy(sc->id, tok[1]);
                sc->line = ps.line;
                memset(&ss, 0, sizeof ss);
                state = IN_SCRIPT;
            } else if (tok[0][0] == 'm') {
                m = vf_add_map(out);
                if (!m) {
                    fail(&ps, "out of memory");
                    goto done;
                }
                strcpy(m->name, tok[1]);
                m->line = ps.line;
                have_source = 0;
                rows_done = 0;
                state = IN_MAP;
            } else {
                v = vf_add_vector(out);
                if (!v) {
                    fail(&ps, "out of memory");
                    goto done;
                }
                strcpy(v->id, tok[1]);
                v->line = ps.line;
                memset(&vs, 0, sizeof vs);
                state = IN_VECTOR;
            }
            continue;
        }
        if (strcmp(tok[0], "end") == 0 && n == 1) {
            if (state == IN_MAP) {
                if (finish_map(&ps, out, m, have_source, rows_done) != 0)
                    goto done;
            } else if (state == IN_SCRIPT) {
                reason = vf_finish_script(sc, &ss);
                if (reason) {
                    fail(&ps, reason);
                    goto done;
                }
            } else if (finish_vector(&ps, v, &vs) != 0) {
                goto done;
            }
            state = NONE;
            continue;
        }
        if (state == IN_MAP) {
            if (parse_map_line(&ps, m, tok, n, &have_source, &rows_done) != 0)
                goto done;
        } else if (state == IN_SCRIPT) {
            reason = vf_parse_script_line(out, sc, &ss, ps.line, tok, n);
            if (reason) {
                fail(&ps, reason);
                goto done;
            }
        } else if (parse_vector_line(&ps, out, v, &vs, tok, n) != 0) {
            goto done;
        }
    }
    if (ps.line == 0) {
        fail(&ps, "empty file");
        goto done;
    }
    if (state != NONE) {
        fail(&ps, "the last block has no \"end\"");
        goto done;
    }
    if (header.failed) {
        fail(&ps, "out of memory");
        goto done;
    }
    out->header = header.data;
    header.data = NULL;
    rc = 0;
done:
    vf_text_free(&header);
    free(buf);
    if (rc != 0)
        vf_file_free(out);
    return rc;
}

/* ------------------------------------------------------------------------
 * Index
 * --------------------------------------------------------------------- */

int vf_parse_index(const char *name, const char *text, char ***names,
                   uint32_t **counts, char *err, size_t err_size)
{
    parser ps;
    size_t len = strlen(text);
    char *buf = malloc(len + 1), *p, *tok[MAX_TOKENS];
    char **nm = NULL;
    uint32_t *cn = NULL, cap = 0, count = 0, i;
    uint64_t sum = 0;
    int have_total = 0, rc = -1;

    ps.name = name;
    ps.line = 0;
    ps.err = err;
    ps.err_size = err_size;
    *names = NULL;
    *counts = NULL;
    if (!buf)
        return fail(&ps, "out of memory");
    memcpy(buf, text, len + 1);
    for (p = buf; *p;) {
        char *nl = strchr(p, '\n'), *line = p;
        int n;
        if (!nl) {
            ps.line++;
            fail(&ps, "the last line has no newline");
            goto done;
        }
        *nl = '\0';
        if (nl > line && nl[-1] == '\r')
            nl[-1] = '\0';
        p = nl + 1;
        ps.line++;
        if (ps.line == 1) {
            if (strcmp(line, "lockstar-vectors 1") != 0) {
                fail(&ps, "the first line must be \"lockstar-vectors 1\"");
                goto done;
            }
            continue;
        }
        if (line[0] == '#')
            continue;
        n = tokenize(line, tok);
        if (n == 0)
            continue;
        if (have_total) {
            fail(&ps, "nothing may follow \"total\"");
            goto done;
        }
        if (n == 3 && strcmp(tok[0], "file") == 0 && valid_name(tok[1])) {
            uint32_t c;
            if (vf_parse_u32(tok[2], &c) != 0) {
                fail(&ps, "file: bad count");
                goto done;
            }
            if (count == cap) {
                uint32_t nc = cap ? cap * 2 : 16;
                char **a = realloc(nm, nc * sizeof *a);
                uint32_t *b;
                if (!a) {
                    fail(&ps, "out of memory");
                    goto done;
                }
                nm = a;
                b = realloc(cn, nc * sizeof *b);
                if (!b) {
                    fail(&ps, "out of memory");
                    goto done;
                }
                cn = b;
                cap = nc;
            }
            nm[count] = malloc(strlen(tok[1]) + 1);
            if (!nm[count]) {
                fail(&ps, "out of memory");
                goto done;
            }
            strcpy(nm[count], tok[1]);
            cn[count++] = c;
            sum += c;
        } else if (n == 2 && strcmp(tok[0], "total") == 0) {
            uint32_t total;
            if (vf_parse_u32(tok[1], &total) != 0 || total != sum) {
                fail(&ps, "total: not the sum of the file counts");
                goto done;
            }
            have_total = 1;
        } else {
            fail(&ps, "expected \"file NAME COUNT\" or \"total N\"");
            goto done;
        }
    }
    if (!have_total) {
        fail(&ps, "no \"total\" line");
        goto done;
    }
    *names = nm;
    *counts = cn;
    nm = NULL;
    cn = NULL;
    rc = (int)count;
done:
    if (nm) {
        for (i = 0; i < count; i++)
            free(nm[i]);
        free(nm);
    }
    free(cn);
    free(buf);
    return rc;
}
