/*
 * vecfile.c - golden vector files: parse, write, run and check (see
 * vecfile.h; the format is specified in vectors/README.md).
 *
 * Numbers are parsed and formatted by hand (no strtoul, no printf of
 * 64-bit values): the C libraries of the cross targets (mingw, wasi) differ
 * there, and a vector file must read and write the same everywhere.
 */
#include <stdlib.h>
#include <string.h>
#include "vecfile.h"

#define DIGEST_EMPTY 0xcbf29ce484222325ull
#define MAX_TOKENS 40

/* ------------------------------------------------------------------------
 * Names
 * --------------------------------------------------------------------- */

typedef struct name_value {
    const char *name;
    int32_t value;
} name_value;

static const name_value status_names[] = {
    { "LS_OK", LS_OK },
    { "LS_IN_PROGRESS", LS_IN_PROGRESS },
    { "LS_NO_PATH", LS_NO_PATH },
    { "LS_EXPANSION_LIMIT", LS_EXPANSION_LIMIT },
    { "LS_ERR_NULL_ARGUMENT", LS_ERR_NULL_ARGUMENT },
    { "LS_ERR_BAD_SIZE", LS_ERR_BAD_SIZE },
    { "LS_ERR_SIZE_OVERFLOW", LS_ERR_SIZE_OVERFLOW },
    { "LS_ERR_OUT_OF_MEMORY", LS_ERR_OUT_OF_MEMORY },
    { "LS_ERR_OUT_OF_BOUNDS", LS_ERR_OUT_OF_BOUNDS },
    { "LS_ERR_START_OUT_OF_BOUNDS", LS_ERR_START_OUT_OF_BOUNDS },
    { "LS_ERR_GOAL_OUT_OF_BOUNDS", LS_ERR_GOAL_OUT_OF_BOUNDS },
    { "LS_ERR_START_BLOCKED", LS_ERR_START_BLOCKED },
    { "LS_ERR_GOAL_BLOCKED", LS_ERR_GOAL_BLOCKED },
    { "LS_ERR_BAD_OPTION", LS_ERR_BAD_OPTION },
    { "LS_ERR_BAD_STEP_COST", LS_ERR_BAD_STEP_COST },
    { "LS_ERR_BAD_WEIGHT", LS_ERR_BAD_WEIGHT },
    { "LS_ERR_COST_OVERFLOW", LS_ERR_COST_OVERFLOW },
    { "LS_ERR_BUFFER_TOO_SMALL", LS_ERR_BUFFER_TOO_SMALL },
    { "LS_ERR_GRID_MISMATCH", LS_ERR_GRID_MISMATCH },
    { "LS_ERR_NO_QUERY", LS_ERR_NO_QUERY },
    { "LS_ERR_NOT_DONE", LS_ERR_NOT_DONE },
    { "LS_ERR_GRID_CHANGED", LS_ERR_GRID_CHANGED },
    { "LS_ERR_BAD_STRUCT_SIZE", LS_ERR_BAD_STRUCT_SIZE },
    { "LS_ERR_BAD_TEXT", LS_ERR_BAD_TEXT },
    { "LS_ERR_NO_PARTIAL", LS_ERR_NO_PARTIAL },
    { "LS_ERR_NOT_UNIFORM", LS_ERR_NOT_UNIFORM },
    { "LS_ERR_UNSUPPORTED", LS_ERR_UNSUPPORTED },
    { "LS_ERR_NEEDS_FULL_CONTEXT", LS_ERR_NEEDS_FULL_CONTEXT },
    { "LS_ERR_BAD_FLAGS", LS_ERR_BAD_FLAGS },
    { NULL, 0 }
};

static const name_value corner_names[] = {
    { "none", LS_CORNERS_NONE }, { "one", LS_CORNERS_ONE },
    { "all", LS_CORNERS_ALL }, { NULL, 0 }
};

static const name_value heuristic_names[] = {
    { "auto", LS_HEURISTIC_AUTO }, { "octile", LS_HEURISTIC_OCTILE },
    { "manhattan", LS_HEURISTIC_MANHATTAN },
    { "chebyshev", LS_HEURISTIC_CHEBYSHEV }, { "zero", LS_HEURISTIC_ZERO },
    { NULL, 0 }
};

static const name_value tie_names[] = {
    { "high-g", LS_TIE_HIGH_G }, { "low-g", LS_TIE_LOW_G }, { NULL, 0 }
};

/* Every algorithm's name; values without one are written as integers. */
static const name_value algo_names[] = {
    { "astar", LS_ALGO_ASTAR }, { "jps", LS_ALGO_JPS }, { NULL, 0 }
};

static const char *name_of(const name_value *table, int32_t value)
{
    for (; table->name; table++)
        if (table->value == value)
            return table->name;
    return NULL;
}

static int value_of(const name_value *table, const char *name, int32_t *value)
{
    for (; table->name; table++) {
        if (strcmp(table->name, name) == 0) {
            *value = table->value;
            return 0;
        }
    }
    return -1;
}

const char *vf_status_name(ls_status status)
{
    return name_of(status_names, status);
}

/* ------------------------------------------------------------------------
 * Numbers, by hand
 * --------------------------------------------------------------------- */

/* Decimal text of v into buf (at least 21 bytes); returns buf. */
static char *fmt_u64(char *buf, uint64_t v)
{
    char tmp[24];
    size_t n = 0, i;
    do {
        tmp[n++] = (char)('0' + (int)(v % 10u));
        v /= 10u;
    } while (v != 0);
    for (i = 0; i < n; i++)
        buf[i] = tmp[n - 1 - i];
    buf[n] = '\0';
    return buf;
}

/* Decimal text of v into buf (at least 22 bytes); returns buf. */
static char *fmt_i64(char *buf, int64_t v)
{
    if (v < 0) {
        buf[0] = '-';
        fmt_u64(buf + 1, (uint64_t)0 - (uint64_t)v);
        return buf;
    }
    return fmt_u64(buf, (uint64_t)v);
}

/* 16 lowercase hex digits into buf (at least 17 bytes); returns buf. */
static char *fmt_hex64(char *buf, uint64_t v)
{
    static const char digits[] = "0123456789abcdef";
    int i;
    for (i = 15; i >= 0; i--) {
        buf[i] = digits[v & 15u];
        v >>= 4;
    }
    buf[16] = '\0';
    return buf;
}

/* Unsigned decimal (digits only) up to max. */
static int parse_u64(const char *s, uint64_t max, uint64_t *out)
{
    uint64_t v = 0;
    if (*s == '\0')
        return -1;
    for (; *s; s++) {
        uint32_t d;
        if (*s < '0' || *s > '9')
            return -1;
        d = (uint32_t)(*s - '0');
        if (v > (max - d) / 10u)
            return -1;
        v = v * 10u + d;
    }
    *out = v;
    return 0;
}

static int parse_u32(const char *s, uint32_t *out)
{
    uint64_t v;
    if (parse_u64(s, UINT32_MAX, &v) != 0)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

/* Optional '-', then digits; the value must fit int32_t. */
static int parse_i32(const char *s, int32_t *out)
{
    uint64_t v;
    if (*s == '-') {
        if (parse_u64(s + 1, 0x80000000u, &v) != 0)
            return -1;
        *out = (int32_t)(-(int64_t)v);
        return 0;
    }
    if (parse_u64(s, 0x7FFFFFFFu, &v) != 0)
        return -1;
    *out = (int32_t)v;
    return 0;
}

/* Exactly 16 lowercase hex digits. */
static int parse_hex64(const char *s, uint64_t *out)
{
    uint64_t v = 0;
    int i;
    for (i = 0; i < 16; i++) {
        char c = s[i];
        uint32_t d;
        if (c >= '0' && c <= '9')
            d = (uint32_t)(c - '0');
        else if (c >= 'a' && c <= 'f')
            d = (uint32_t)(c - 'a') + 10u;
        else
            return -1;
        v = (v << 4) | d;
    }
    if (s[16] != '\0')
        return -1;
    *out = v;
    return 0;
}

/* "x,y", each an int32_t. */
static int parse_point(char *s, ls_point *p)
{
    char *comma = strchr(s, ',');
    int ok;
    if (!comma)
        return -1;
    *comma = '\0';
    ok = parse_i32(s, &p->x) == 0 && parse_i32(comma + 1, &p->y) == 0;
    *comma = ',';
    return ok ? 0 : -1;
}

/* A name from a table, or a decimal integer (for values with no name). */
static int parse_enum(const name_value *table, const char *s, int32_t *out)
{
    if (value_of(table, s, out) == 0)
        return 0;
    return parse_i32(s, out);
}

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

static int copy_points(ls_point **dst, const ls_point *src, uint32_t n)
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
    if (copy_points(&dst->path, src->path, src->length) != 0 ||
        copy_points(&dst->partial, src->partial, src->partial_length) != 0) {
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
    free(f->maps);
    free(f->vectors);
    free(f->header);
    vf_file_init(f);
}

/* Make room for one more element of an array of size elem. */
static int grow(void **array, uint32_t *capacity, uint32_t count, size_t elem)
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
    if (grow((void **)&f->maps, &f->map_capacity, f->map_count,
             sizeof *f->maps) != 0)
        return NULL;
    m = &f->maps[f->map_count++];
    memset(m, 0, sizeof *m);
    return m;
}

vf_vector *vf_add_vector(vf_file *f)
{
    vf_vector *v;
    if (grow((void **)&f->vectors, &f->vector_capacity, f->vector_count,
             sizeof *f->vectors) != 0)
        return NULL;
    v = &f->vectors[f->vector_count++];
    memset(v, 0, sizeof *v);
    ls_query_init(&v->query);
    strcpy(v->weight_text, "1");
    v->expect.cost = -1;
    v->expect.digest = DIGEST_EMPTY;
    v->expect.partial_digest = DIGEST_EMPTY;
    return v;
}

int vf_add_edit(vf_map *m, int32_t x, int32_t y, int32_t w, int32_t h,
                uint32_t cost)
{
    vf_edit *e;
    if (grow((void **)&m->edits, &m->edit_capacity, m->edit_count,
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
    char *copy = malloc(n + 1);
    if (!copy)
        return -1;
    memcpy(copy, text, n + 1);
    free(f->header);
    f->header = copy;
    return 0;
}

/* ------------------------------------------------------------------------
 * Text output
 * --------------------------------------------------------------------- */

void vf_text_free(vf_text *t)
{
    free(t->data);
    memset(t, 0, sizeof *t);
}

static void put_n(vf_text *t, const char *s, size_t n)
{
    if (t->failed)
        return;
    if (t->length + n + 1 > t->capacity) {
        size_t cap = t->capacity ? t->capacity : 4096;
        char *p;
        while (t->length + n + 1 > cap)
            cap *= 2;
        p = realloc(t->data, cap);
        if (!p) {
            t->failed = 1;
            return;
        }
        t->data = p;
        t->capacity = cap;
    }
    memcpy(t->data + t->length, s, n);
    t->length += n;
    t->data[t->length] = '\0';
}

static void put(vf_text *t, const char *s)
{
    put_n(t, s, strlen(s));
}

static void put_u(vf_text *t, uint64_t v)
{
    char buf[24];
    put(t, fmt_u64(buf, v));
}

static void put_i(vf_text *t, int64_t v)
{
    char buf[24];
    put(t, fmt_i64(buf, v));
}

static void put_hex(vf_text *t, uint64_t v)
{
    char buf[24];
    put(t, fmt_hex64(buf, v));
}

/* "key value\n" */
static void put_key_u(vf_text *t, const char *key, uint64_t v)
{
    put(t, key);
    put(t, " ");
    put_u(t, v);
    put(t, "\n");
}

static void put_key_enum(vf_text *t, const char *key,
                         const name_value *table, int32_t v)
{
    const char *name = name_of(table, v);
    put(t, key);
    put(t, " ");
    if (name)
        put(t, name);
    else
        put_i(t, v);
    put(t, "\n");
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

static const char row_chars[] = "#.23456789";

static int write_map(const vf_map *m, vf_text *t, char *err, size_t err_size)
{
    uint32_t i;
    put(t, "map ");
    put(t, m->name);
    put(t, "\nsize ");
    put_i(t, m->width);
    put(t, " ");
    put_i(t, m->height);
    put(t, "\n");
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
                row[x] = row_chars[c];
            }
            row[m->width] = '\0';
            put(t, "row ");
            put(t, row);
            put(t, "\n");
        }
        free(row);
    } else {
        put(t, "file ");
        put(t, m->file);
        put(t, "\n");
    }
    for (i = 0; i < m->edit_count; i++) {
        const vf_edit *e = &m->edits[i];
        if (e->w == 1 && e->h == 1) {
            put(t, "set ");
        } else {
            put(t, "fill ");
        }
        put_i(t, e->x);
        put(t, " ");
        put_i(t, e->y);
        if (!(e->w == 1 && e->h == 1)) {
            put(t, " ");
            put_i(t, e->w);
            put(t, " ");
            put_i(t, e->h);
        }
        put(t, " ");
        put_u(t, e->cost);
        put(t, "\n");
    }
    put(t, "digest ");
    put_hex(t, m->digest);
    put(t, "\nend\n\n");
    return 0;
}

static void write_vector(const vf_file *f, const vf_vector *v, vf_text *t)
{
    const ls_query *q = &v->query;
    const vf_outcome *e = &v->expect;

    put(t, "vector ");
    put(t, v->id);
    put(t, "\nmap ");
    put(t, f->maps[v->map].name);
    put(t, "\n");
    put_key_enum(t, "algo", algo_names, q->algorithm);
    put(t, "start ");
    put_i(t, q->start_x);
    put(t, " ");
    put_i(t, q->start_y);
    put(t, "\ngoal ");
    put_i(t, q->goal_x);
    put(t, " ");
    put_i(t, q->goal_y);
    put(t, "\nconnectivity ");
    put_i(t, q->connectivity);
    put(t, "\n");
    put_key_enum(t, "corners", corner_names, q->corner_rule);
    put_key_enum(t, "heuristic", heuristic_names, q->heuristic);
    put_key_enum(t, "tie", tie_names, q->tie_break);
    put_key_u(t, "straight", q->straight_cost);
    put_key_u(t, "diagonal", q->diagonal_cost);
    put(t, "weight ");
    put_i(t, q->weight);
    put(t, " ");
    put(t, v->weight_text);
    put(t, "\n");
    put_key_u(t, "max-expansions", q->max_expansions);
    put_key_u(t, "budget", v->budget);
    put(t, "status ");
    put_i(t, e->status);
    put(t, " ");
    put(t, vf_status_name(e->status) ? vf_status_name(e->status) : "?");
    put(t, "\n");
    if (v->budget > 0)
        put_key_u(t, "slices", e->slices);
    if (e->status >= 0) {
        put(t, "cost ");
        put_i(t, e->cost);
        put(t, "\n");
        put_key_u(t, "expansions", e->expansions);
        put_key_u(t, "length", e->length);
        put(t, "digest ");
        put_hex(t, e->digest);
        put(t, "\n");
        put_points(t, "path", e->path, e->length);
    }
    if (e->status == LS_NO_PATH || e->status == LS_EXPANSION_LIMIT) {
        put_key_u(t, "partial-length", e->partial_length);
        put(t, "partial-digest ");
        put_hex(t, e->partial_digest);
        put(t, "\n");
        put_points(t, "partial-path", e->partial, e->partial_length);
    }
    put(t, "end\n\n");
}

int vf_write(const vf_file *f, vf_text *t, char *err, size_t err_size)
{
    uint32_t i;
    uint8_t *written = calloc(f->map_count + 1u, 1);

    if (!written) {
        snprintf(err, err_size, "out of memory");
        return -1;
    }
    put(t, "lockstar-vectors 1\n");
    if (f->header) {
        const char *p = f->header;
        while (*p) {
            const char *nl = strchr(p, '\n');
            size_t n = nl ? (size_t)(nl - p) : strlen(p);
            put(t, n > 0 ? "# " : "#");
            put_n(t, p, n);
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
             fmt_u64(num, ps->line), reason);
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
        parse_u64(tok[2] + 5, UINT64_MAX, &m->gen.seed) != 0)
        return fail(ps, "gen: expected seed=S (an unsigned 64-bit decimal)");
    memset(m->gen.param, 0, sizeof m->gen.param);
    for (i = 0; i < count; i++) {
        const char *pname = mg_param_name(family, i);
        size_t len = strlen(pname);
        const char *t = tok[3 + i];
        if (strncmp(t, pname, len) != 0 || t[len] != '=' ||
            parse_u32(t + len + 1, &m->gen.param[i]) != 0)
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
        if (m->width != 0 || n != 3 || parse_i32(tok[1], &m->width) != 0 ||
            parse_i32(tok[2], &m->height) != 0 || m->width < 1 ||
            m->height < 1 || m->width > LS_MAX_DIMENSION ||
            m->height > LS_MAX_DIMENSION)
            return fail(ps, "size: expected once, as size W H (1..16384)");
        return 0;
    }
    if (m->width == 0)
        return fail(ps, "map: size must come first");
    if (strcmp(k, "digest") == 0) {
        if (*have_source != 1 || n != 2 || parse_hex64(tok[1], &m->digest) != 0)
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
            const char *c = strchr(row_chars, tok[1][x]);
            if (!c || tok[1][x] == '\0')
                return fail(ps, "row: cells are # . 2-9");
            m->rows[(size_t)*rows_done * (size_t)m->width + (size_t)x] =
                (uint8_t)(c - row_chars);
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
            if (parse_i32(tok[1 + i], &v[i]) != 0)
                return fail(ps, "edit: bad number");
        if (parse_u32(tok[1 + nv], &cost) != 0 || cost > 255)
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
    K_PPATH = 1u << 22
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
        if (grow((void **)pts, cap, *n, sizeof **pts) != 0)
            return fail(ps, "out of memory");
        if (parse_point(tok[i], &(*pts)[*n]) != 0)
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
        { "max-expansions", K_MAXEXP, 1 }, { "budget", K_BUDGET, 1 },
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
    case K_ALGO: ok = parse_enum(algo_names, tok[1], &q->algorithm) == 0; break;
    case K_START:
        ok = parse_i32(tok[1], &q->start_x) == 0 &&
             parse_i32(tok[2], &q->start_y) == 0;
        break;
    case K_GOAL:
        ok = parse_i32(tok[1], &q->goal_x) == 0 &&
             parse_i32(tok[2], &q->goal_y) == 0;
        break;
    case K_CONNECT: ok = parse_i32(tok[1], &q->connectivity) == 0; break;
    case K_CORNERS:
        ok = parse_enum(corner_names, tok[1], &q->corner_rule) == 0;
        break;
    case K_HEURISTIC:
        ok = parse_enum(heuristic_names, tok[1], &q->heuristic) == 0;
        break;
    case K_TIE: ok = parse_enum(tie_names, tok[1], &q->tie_break) == 0; break;
    case K_STRAIGHT: ok = parse_u32(tok[1], &q->straight_cost) == 0; break;
    case K_DIAGONAL: ok = parse_u32(tok[1], &q->diagonal_cost) == 0; break;
    case K_WEIGHT: {
        int32_t raw;
        ok = parse_i32(tok[1], &raw) == 0 &&
             strlen(tok[2]) < VF_WEIGHT_TEXT_MAX;
        if (ok) {
            q->weight = (fix16_t)raw;
            strcpy(v->weight_text, tok[2]);
        }
        break;
    }
    case K_MAXEXP: ok = parse_u32(tok[1], &q->max_expansions) == 0; break;
    case K_BUDGET: ok = parse_u32(tok[1], &v->budget) == 0; break;
    case K_STATUS: {
        const char *name;
        ok = parse_i32(tok[1], &e->status) == 0;
        name = ok ? vf_status_name(e->status) : NULL;
        if (!name || strcmp(name, tok[2]) != 0)
            return fail(ps, "status: expected a known status number and its name");
        break;
    }
    case K_SLICES: ok = parse_u32(tok[1], &e->slices) == 0; break;
    case K_COST: ok = parse_i32(tok[1], &e->cost) == 0; break;
    case K_EXPANSIONS: ok = parse_u32(tok[1], &e->expansions) == 0; break;
    case K_LENGTH: ok = parse_u32(tok[1], &e->length) == 0; break;
    case K_DIGEST: ok = parse_hex64(tok[1], &e->digest) == 0; break;
    case K_PLENGTH: ok = parse_u32(tok[1], &e->partial_length) == 0; break;
    case K_PDIGEST: ok = parse_hex64(tok[1], &e->partial_digest) == 0; break;
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
    uint32_t seen = st->seen;

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
    enum { NONE, IN_MAP, IN_VECTOR } state = NONE;
    vf_map *m = NULL;
    vf_vector *v = NULL;
    vector_state vs;
    int have_source = 0, rc = -1, blocks = 0;
    int32_t rows_done = 0;

    ps.name = name;
    ps.line = 0;
    ps.err = err;
    ps.err_size = err_size;
    vf_file_init(out);
    memset(&vs, 0, sizeof vs);
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
            if (strcmp(line, "lockstar-vectors 1") != 0) {
                fail(&ps, "the first line must be \"lockstar-vectors 1\"");
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
                put(&header, c);
                put(&header, "\n");
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
                (strcmp(tok[0], "map") != 0 && strcmp(tok[0], "vector") != 0)) {
                fail(&ps, "expected \"map NAME\" or \"vector ID\" "
                          "(names: 1-63 of A-Z a-z 0-9 . _ -)");
                goto done;
            }
            blocks++;
            if (tok[0][0] == 'm') {
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
            } else if (finish_vector(&ps, v, &vs) != 0) {
                goto done;
            }
            state = NONE;
            continue;
        }
        if (state == IN_MAP) {
            if (parse_map_line(&ps, m, tok, n, &have_source, &rows_done) != 0)
                goto done;
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

int vf_read_file(const char *path, char **text, size_t *length)
{
    FILE *fp = fopen(path, "rb");
    char *buf = NULL;
    size_t n = 0, cap = 0;

    if (!fp)
        return -1;
    for (;;) {
        size_t got;
        if (cap - n < 65536) {
            char *p;
            cap = cap ? cap * 2 : 262144;
            p = realloc(buf, cap + 1);
            if (!p) {
                free(buf);
                fclose(fp);
                return -1;
            }
            buf = p;
        }
        got = fread(buf + n, 1, cap - n, fp);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(fp)) {
        free(buf);
        fclose(fp);
        return -1;
    }
    fclose(fp);
    buf[n] = '\0';
    *text = buf;
    *length = n;
    return 0;
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
            if (parse_u32(tok[2], &c) != 0) {
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
            if (parse_u32(tok[1], &total) != 0 || total != sum) {
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
    put(out, "total ");
    put_u(out, total);
    put(out, "\n");
    return out->failed ? -1 : 0;
}

/* ------------------------------------------------------------------------
 * Grids
 * --------------------------------------------------------------------- */

/* A Moving AI map ("type octile", "height H", "width W", "map", rows) of
 * exactly w x h: '.', 'G', 'S' passable (cost 1); '@', 'O', 'T', 'W'
 * blocked. */
static int parse_movingai(const char *text, int32_t w, int32_t h,
                          uint8_t *cells, char *why, size_t why_size)
{
    const char *p = text;
    int32_t fw = 0, fh = 0, y, x;
    int part;

    for (part = 0; part < 4; part++) {
        const char *nl = strchr(p, '\n');
        size_t n;
        char line[64];
        if (!nl) {
            snprintf(why, why_size, "map file: header too short");
            return -1;
        }
        n = (size_t)(nl - p);
        if (n > 0 && p[n - 1] == '\r')
            n--;
        if (n >= sizeof line) {
            snprintf(why, why_size, "map file: header line too long");
            return -1;
        }
        memcpy(line, p, n);
        line[n] = '\0';
        p = nl + 1;
        if ((part == 0 && strcmp(line, "type octile") != 0) ||
            (part == 1 && (strncmp(line, "height ", 7) != 0 ||
                           parse_i32(line + 7, &fh) != 0)) ||
            (part == 2 && (strncmp(line, "width ", 6) != 0 ||
                           parse_i32(line + 6, &fw) != 0)) ||
            (part == 3 && strcmp(line, "map") != 0)) {
            snprintf(why, why_size,
                     "map file: expected type octile, height, width, map");
            return -1;
        }
    }
    if (fw != w || fh != h) {
        snprintf(why, why_size, "map file: size differs from the map's size");
        return -1;
    }
    for (y = 0; y < h; y++) {
        for (x = 0; x < w; x++) {
            char c = p[x];
            uint8_t v;
            if (c == '.' || c == 'G' || c == 'S')
                v = LS_CELL_OPEN;
            else if (c == '@' || c == 'O' || c == 'T' || c == 'W')
                v = LS_CELL_BLOCKED;
            else {
                snprintf(why, why_size, "map file: bad cell or short row");
                return -1;
            }
            cells[(size_t)y * (size_t)w + (size_t)x] = v;
        }
        p += w;
        if (*p == '\r')
            p++;
        if (*p != '\n') {
            snprintf(why, why_size, "map file: row longer than width");
            return -1;
        }
        p++;
    }
    return 0;
}

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
        size_t plen = strlen(dir) + strlen(m->file) + 2, tlen;
        char *path = malloc(plen), *text = NULL, why[128];
        if (!path) {
            snprintf(err, err_size, "map %s: out of memory", m->name);
            goto fail;
        }
        snprintf(path, plen, "%s/%s", dir, m->file);
        if (vf_read_file(path, &text, &tlen) != 0) {
            snprintf(err, err_size, "map %s: cannot read %s", m->name, path);
            free(path);
            goto fail;
        }
        if (parse_movingai(text, m->width, m->height, cells, why,
                           sizeof why) != 0) {
            snprintf(err, err_size, "map %s: %s: %s", m->name, path, why);
            free(text);
            free(path);
            goto fail;
        }
        free(text);
        free(path);
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

uint64_t vf_grid_digest(const ls_grid *grid)
{
    uint64_t d = DIGEST_EMPTY;
    int32_t w = 0, h = 0, x, y;
    ls_grid_size(grid, &w, &h);
    for (y = 0; y < h; y++) {
        for (x = 0; x < w; x++) {
            uint8_t c = 0;
            ls_grid_get(grid, x, y, &c);
            d = (d ^ c) * 0x100000001b3ull;
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
    out->digest = DIGEST_EMPTY;
    out->partial_digest = DIGEST_EMPTY;
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
    if (copy_points(&out->path, r->buffer, len) != 0)
        return -1;
    if (len < out->length) /* the path could not be read: report that */
        out->length = len;

    out->partial_status = ls_search_partial_path(r->search, r->buffer,
                                                 r->capacity, &len);
    if (out->partial_status == LS_OK) {
        out->partial_length = len;
        if (copy_points(&out->partial, r->buffer, len) != 0) {
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

static uint32_t cmp_i64(vf_report *rep, const char *where, const vf_vector *v,
                        const char *mode, const char *field, int64_t want,
                        int64_t got)
{
    char a[24], b[24];
    if (want == got)
        return 0;
    report(rep, where, v, mode, field, fmt_i64(a, want), fmt_i64(b, got));
    return 1;
}

static const char *status_text(char *buf, ls_status s)
{
    const char *name = vf_status_name(s);
    char num[24];
    fmt_i64(num, s);
    snprintf(buf, 64, "%s %s", num, name ? name : "(unknown)");
    return buf;
}

static uint32_t cmp_status(vf_report *rep, const char *where,
                           const vf_vector *v, const char *mode,
                           const char *field, ls_status want, ls_status got)
{
    char a[64], b[64];
    if (want == got)
        return 0;
    report(rep, where, v, mode, field, status_text(a, want),
           status_text(b, got));
    return 1;
}

static uint32_t cmp_hex(vf_report *rep, const char *where, const vf_vector *v,
                        const char *mode, const char *field, uint64_t want,
                        uint64_t got)
{
    char a[24], b[24];
    if (want == got)
        return 0;
    report(rep, where, v, mode, field, fmt_hex64(a, want), fmt_hex64(b, got));
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
            snprintf(f, sizeof f, "%s[%s]", field, fmt_u64(x, i));
            snprintf(a, sizeof a, "%s,%s", fmt_i64(x, want[i].x),
                     fmt_i64(y, want[i].y));
            snprintf(b, sizeof b, "%s,%s", fmt_i64(x, got[i].x),
                     fmt_i64(y, got[i].y));
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

    bad += cmp_status(rep, where, v, mode, "status", e->status, got->status);
    if (strstr(mode, "sliced") != NULL) { /* "sliced", "compact sliced" */
        bad += cmp_i64(rep, where, v, mode, "slices", e->slices, got->slices);
        bad += cmp_status(rep, where, v, mode, "step after the end",
                          got->status, got->after_end_status);
    }
    if (e->status >= 0 && got->status >= 0) {
        bad += cmp_i64(rep, where, v, mode, "cost", e->cost, got->cost);
        bad += cmp_i64(rep, where, v, mode, "expansions", e->expansions,
                       got->expansions);
        bad += cmp_i64(rep, where, v, mode, "length", e->length, got->length);
        bad += cmp_hex(rep, where, v, mode, "digest", e->digest, got->digest);
        bad += cmp_points(rep, where, v, mode, "path", e->path, e->length,
                          got->path, got->length);
    }
    if (partial && got->status >= 0) {
        bad += cmp_status(rep, where, v, mode, "partial call", LS_OK,
                          got->partial_status);
        bad += cmp_i64(rep, where, v, mode, "partial-length",
                       e->partial_length, got->partial_length);
        bad += cmp_hex(rep, where, v, mode, "partial-digest",
                       e->partial_digest, got->partial_digest);
        bad += cmp_points(rep, where, v, mode, "partial-path", e->partial,
                          e->partial_length, got->partial, got->partial_length);
    } else if (e->status == LS_OK && got->status == LS_OK) {
        bad += cmp_status(rep, where, v, mode, "partial call",
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
        bad += cmp_hex(rep, where, v, "file", "digest of the listed path",
                       e->digest, d);
    }
    if (e->status == LS_NO_PATH || e->status == LS_EXPANSION_LIMIT) {
        ls_path_digest(e->partial, e->partial_length, &d);
        bad += cmp_hex(rep, where, v, "file",
                       "digest of the listed partial path",
                       e->partial_digest, d);
    }
    if (ls_fix16_parse(v->weight_text, &w) != LS_OK) {
        char a[24];
        report(rep, where, v, "file", "weight text",
               fmt_i64(a, v->query.weight), "unparsable text");
        bad++;
    } else {
        bad += cmp_i64(rep, where, v, "file", "weight text parsed",
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

/* A copy of grid made LS_GRID_COMPACT (no bitsets), or NULL. */
static ls_grid *compact_copy(const ls_grid *grid)
{
    int32_t w, h, x, y;
    uint8_t *cells;
    ls_grid *copy = NULL;
    ls_grid_size(grid, &w, &h);
    cells = malloc((size_t)w * (size_t)h);
    if (cells && ls_grid_create_with(w, h, LS_GRID_COMPACT, NULL, &copy) == LS_OK) {
        for (y = 0; y < h; y++)
            for (x = 0; x < w; x++)
                ls_grid_get(grid, x, y, &cells[(size_t)y * (size_t)w + (size_t)x]);
        if (ls_grid_load(copy, cells, (size_t)w * (size_t)h) != LS_OK) {
            ls_grid_destroy(copy);
            copy = NULL;
        }
    }
    free(cells);
    return copy;
}

uint32_t vf_check_file(const vf_file *f, const char *dir, const char *name,
                       vf_report *rep)
{
    ls_grid **grids = calloc(f->map_count + 1u, sizeof *grids);
    ls_grid **compact_grids = calloc(f->map_count + 1u, sizeof *compact_grids);
    uint8_t *broken = calloc(f->map_count + 1u, 1);
    vf_runner runner, compact;
    uint32_t i, failed = 0;
    char where[VF_PATH_MAX + 32], num[24];

    vf_runner_init(&runner);
    vf_runner_init(&compact);
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

        snprintf(where, sizeof where, "%s:%s", name, fmt_u64(num, v->line));
        rep->checked++;
        bad = check_self(where, v, rep);
        if (!grids[v->map] && !broken[v->map]) {
            const vf_map *m = &f->maps[v->map];
            char err[256];
            if (vf_build_grid(m, dir, &grids[v->map], err, sizeof err) != 0) {
                broken[v->map] = 1;
                if (rep->out)
                    fprintf(rep->out, "%s: %s\n", name, err);
            } else if (vf_grid_digest(grids[v->map]) != m->digest) {
                char a[24], b[24];
                broken[v->map] = 2;
                if (rep->out)
                    fprintf(rep->out, "%s:%s: map %s: digest: expected %s, "
                            "got %s (the map generator or map file differs)\n",
                            name, fmt_u64(num, m->line), m->name,
                            fmt_hex64(a, m->digest),
                            fmt_hex64(b, vf_grid_digest(grids[v->map])));
            }
        }
        if (broken[v->map] == 1) {
            report(rep, where, v, "map", "grid", "built", "failed");
            bad++;
        } else {
            if (broken[v->map] == 2) {
                report(rep, where, v, "map", "map digest", "as listed",
                       "different");
                bad++;
            }
            if (vf_run(&runner, grids[v->map], v, 0, &got) != 0) {
                report(rep, where, v, "one-shot", "run", "done",
                       "out of memory");
                bad++;
            } else {
                bad += vf_compare(where, v, "one-shot", &got, rep);
                vf_outcome_free(&got);
            }
            if (v->budget > 0) {
                if (vf_run(&runner, grids[v->map], v, 1, &got) != 0) {
                    report(rep, where, v, "sliced", "run", "done",
                           "out of memory");
                    bad++;
                } else {
                    bad += vf_compare(where, v, "sliced", &got, rep);
                    vf_outcome_free(&got);
                }
            }
            bad += check_again(&compact, grids[v->map], v, where, rep,
                               "compact one-shot", "compact sliced",
                               &rep->compact_checked);
            /* JPS alone reads the bitsets a compact grid lacks. */
            if (v->query.algorithm == LS_ALGO_JPS) {
                if (!compact_grids[v->map])
                    compact_grids[v->map] = compact_copy(grids[v->map]);
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
        if (f.vector_count != counts[i]) {
            char a[24], b[24];
            if (rep->out)
                fprintf(rep->out, "vectors: %s holds %s vectors, the index "
                        "says %s\n", names[i], fmt_u64(a, f.vector_count),
                        fmt_u64(b, counts[i]));
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
        char a[24], b[24], c[24], d[24];
        fprintf(rep->out, "vectors: %s checked (%s also in a compact context, "
                "%s also on a compact grid), %s failed\n",
                fmt_u64(a, rep->checked), fmt_u64(c, rep->compact_checked),
                fmt_u64(d, rep->compact_grid_checked), fmt_u64(b, rep->failed));
        if (rep->errors)
            fprintf(rep->out, "vectors: %s file errors\n",
                    fmt_u64(a, rep->errors));
        if (rep->print_limit && rep->mismatches > rep->printed)
            fprintf(rep->out, "vectors: %s of %s mismatches printed\n",
                    fmt_u64(a, rep->printed), fmt_u64(b, rep->mismatches));
    }
    return rep->failed == 0 && rep->errors == 0 && rep->checked > 0 ? 0 : -1;
}
