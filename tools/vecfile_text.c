/* SPDX-License-Identifier: MIT */
/*
 * vecfile_text.c - the names of option values and the numbers of vector
 * files, formatted and parsed by hand (see vecfile_impl.h): no strtoul, no
 * printf of 64-bit values, since the C libraries of the cross targets
 * (mingw, wasi) differ there and a vector file must read and write the
 * same everywhere.
 */
#include <stdlib.h>
#include <string.h>
#include "vecfile_impl.h"

/* ------------------------------------------------------------------------
 * Names
 * --------------------------------------------------------------------- */

const name_value vf_corner_names[] = {
    { "none", LS_CORNERS_NONE }, { "one", LS_CORNERS_ONE },
    { "all", LS_CORNERS_ALL }, { NULL, 0 }
};

const name_value vf_heuristic_names[] = {
    { "auto", LS_HEURISTIC_AUTO }, { "octile", LS_HEURISTIC_OCTILE },
    { "manhattan", LS_HEURISTIC_MANHATTAN },
    { "chebyshev", LS_HEURISTIC_CHEBYSHEV }, { "zero", LS_HEURISTIC_ZERO },
    { NULL, 0 }
};

const name_value vf_tie_names[] = {
    { "high-g", LS_TIE_HIGH_G }, { "low-g", LS_TIE_LOW_G }, { NULL, 0 }
};

/* Every algorithm's name; values without one are written as integers. */
const name_value vf_algo_names[] = {
    { "astar", LS_ALGO_ASTAR }, { "jps", LS_ALGO_JPS }, { NULL, 0 }
};

int vf_status_known(ls_status status)
{
    return strcmp(ls_status_name(status), "LS_UNKNOWN_STATUS") != 0;
}

int vf_header_line_ok(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (s[i] < ' ' || s[i] > '~')
            return 0;
    return 1;
}

int vf_header_ok(const char *text)
{
    for (; *text; text++)
        if (*text != '\n' && !vf_header_line_ok(text, 1))
            return 0;
    return 1;
}

const char *vf_name_of(const name_value *table, int32_t value)
{
    for (; table->name; table++)
        if (table->value == value)
            return table->name;
    return NULL;
}

int vf_value_of(const name_value *table, const char *name, int32_t *value)
{
    for (; table->name; table++) {
        if (strcmp(table->name, name) == 0) {
            *value = table->value;
            return 0;
        }
    }
    return -1;
}


/* ------------------------------------------------------------------------
 * Numbers, by hand
 * --------------------------------------------------------------------- */

/* Decimal text of v into buf (at least 21 bytes); returns buf. */
char *vf_fmt_u64(char *buf, uint64_t v)
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
char *vf_fmt_i64(char *buf, int64_t v)
{
    if (v < 0) {
        buf[0] = '-';
        vf_fmt_u64(buf + 1, (uint64_t)0 - (uint64_t)v);
        return buf;
    }
    return vf_fmt_u64(buf, (uint64_t)v);
}

/* 16 lowercase hex digits into buf (at least 17 bytes); returns buf. */
char *vf_fmt_hex64(char *buf, uint64_t v)
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
int vf_parse_u64(const char *s, uint64_t max, uint64_t *out)
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

int vf_parse_u32(const char *s, uint32_t *out)
{
    uint64_t v;
    if (vf_parse_u64(s, UINT32_MAX, &v) != 0)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

/* Optional '-', then digits; the value must fit int32_t. */
int vf_parse_i32(const char *s, int32_t *out)
{
    uint64_t v;
    if (*s == '-') {
        if (vf_parse_u64(s + 1, 0x80000000u, &v) != 0)
            return -1;
        *out = (int32_t)(-(int64_t)v);
        return 0;
    }
    if (vf_parse_u64(s, 0x7FFFFFFFu, &v) != 0)
        return -1;
    *out = (int32_t)v;
    return 0;
}

/* Exactly 16 lowercase hex digits. */
int vf_parse_hex64(const char *s, uint64_t *out)
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
int vf_parse_point(char *s, ls_point *p)
{
    char *comma = strchr(s, ',');
    int ok;
    if (!comma)
        return -1;
    *comma = '\0';
    ok = vf_parse_i32(s, &p->x) == 0 && vf_parse_i32(comma + 1, &p->y) == 0;
    *comma = ',';
    return ok ? 0 : -1;
}

/* A name from a table, or a decimal integer (for values with no name). */
int vf_parse_enum(const name_value *table, const char *s, int32_t *out)
{
    if (vf_value_of(table, s, out) == 0)
        return 0;
    return vf_parse_i32(s, out);
}

/* ------------------------------------------------------------------------
 * Text buffers
 * --------------------------------------------------------------------- */

/* Map rows: the character of each cost (0 blocked, 1 to 9). */
const char vf_row_chars[] = "#.23456789";

void vf_text_free(vf_text *t)
{
    free(t->data);
    memset(t, 0, sizeof *t);
}

void vf_text_put(vf_text *t, const char *s, size_t n)
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
