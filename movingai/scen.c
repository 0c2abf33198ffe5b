/* SPDX-License-Identifier: MIT */
/*
 * scen.c - reading Moving AI scenario files (.scen); the format is in
 * movingai.h. Each row is checked completely (field count, every number,
 * the map size, both coordinates) so that a bad row is reported with its
 * line number before any query runs.
 */
#include <stdlib.h>
#include "movingai.h"
#include "text.h"

#define SCEN_FIELDS 9

static int parse_version(const char *name, mai_cursor *c,
                         mai_error *err)
{
    mai_line line;
    mai_span w[2];
    char shown[48];
    size_t n;

    if (!mai_text_next(c, &line)) {
        mai_error_set(err, "%s:1: empty file; expected 'version 1'", name);
        return -1;
    }
    if (mai_text_refuse_cr(name, &line, err) != 0)
        return -1;
    n = mai_text_words(&line, w, 2);
    if (n == 2 && mai_text_equals(w[0], "version")) {
        if (mai_text_equals(w[1], "1") || mai_text_equals(w[1], "1.0"))
            return 0;
        mai_text_quote(w[1], shown, sizeof shown);
        mai_error_set(err, "%s:1: scenario version '%s' is not supported "
                      "(expected 'version 1' or 'version 1.0')", name,
                      shown);
        return -1;
    }
    mai_text_quote(mai_text_all(&line), shown, sizeof shown);
    mai_error_set(err, "%s:1: expected 'version 1' (a Moving AI "
                  "scenario), found '%s'", name, shown);
    return -1;
}

/* Split line at tabs into at most max fields; returns the field count. */
static size_t split_tabs(const mai_line *line, mai_span *fields,
                         size_t max)
{
    size_t i, begin = 0, n = 0;
    for (i = 0; i <= line->length; i++) {
        if (i < line->length && line->start[i] != '\t')
            continue;
        if (n < max) {
            fields[n].start = line->start + begin;
            fields[n].length = i - begin;
        }
        n++;
        begin = i + 1;
    }
    return n;
}

/* Parse a whole-number field; what names it in the message. */
static int number_field(const char *name, uint32_t lineno, mai_span f,
                        const char *what, uint32_t min, uint32_t max,
                        uint32_t *out, mai_error *err)
{
    char shown[48];
    if (mai_text_uint(f, min, max, out) == 0)
        return 0;
    mai_text_quote(f, shown, sizeof shown);
    mai_error_set(err, "%s:%lu: bad %s '%s': expected a whole number from "
                  "%lu to %lu", name, (unsigned long)lineno, what, shown,
                  (unsigned long)min, (unsigned long)max);
    return -1;
}

/* optimal_length is only checked, never used, but a number of a megabyte
 * is junk, not a length: 10 digits hold any path on a 16384 x 16384 map,
 * and the Moving AI files have at most 8 after the point. */
#define OPTIMAL_INT_DIGITS 10
#define OPTIMAL_FRACTION_DIGITS 20

/* 1 when a decimal (mai_text_is_decimal) has at most the digits above. */
static int decimal_fits(mai_span f)
{
    size_t point = 0;
    while (point < f.length && f.start[point] != '.')
        point++;
    return point <= OPTIMAL_INT_DIGITS &&
           (point == f.length || f.length - point - 1 <= OPTIMAL_FRACTION_DIGITS);
}

static int parse_row(const char *name, const mai_line *line,
                     int32_t width, int32_t height, mai_query *q,
                     mai_error *err)
{
    static const char *const coord_names[4] = {
        "start x", "start y", "goal x", "goal y"
    };
    mai_span f[SCEN_FIELDS];
    uint32_t bucket, w, h, coord[4];
    char shown[48];
    size_t n;
    int i;

    n = split_tabs(line, f, SCEN_FIELDS);
    if (n != SCEN_FIELDS) {
        mai_error_set(err, "%s:%lu: %s fields: found %lu, expected %d "
                      "tab-separated (bucket map width height sx sy gx gy "
                      "optimal_length)", name,
                      (unsigned long)line->number,
                      n < SCEN_FIELDS ? "too few" : "too many",
                      (unsigned long)n, SCEN_FIELDS);
        return -1;
    }
    if (number_field(name, line->number, f[0], "bucket", 0, INT32_MAX,
                     &bucket, err) != 0 ||
        number_field(name, line->number, f[2], "map width", 1,
                     LS_MAX_DIMENSION, &w, err) != 0 ||
        number_field(name, line->number, f[3], "map height", 1,
                     LS_MAX_DIMENSION, &h, err) != 0)
        return -1;
    for (i = 0; i < 4; i++)
        if (number_field(name, line->number, f[4 + i], coord_names[i], 0,
                         INT32_MAX, &coord[i], err) != 0)
            return -1;
    if (!mai_text_is_decimal(f[8])) {
        mai_text_quote(f[8], shown, sizeof shown);
        mai_error_set(err, "%s:%lu: bad optimal_length '%s': expected a "
                      "decimal such as 12 or 3.41421", name,
                      (unsigned long)line->number, shown);
        return -1;
    }
    if (!decimal_fits(f[8])) {
        mai_text_quote(f[8], shown, sizeof shown);
        mai_error_set(err, "%s:%lu: bad optimal_length '%s': at most %d "
                      "digits before the point and %d after", name,
                      (unsigned long)line->number, shown,
                      OPTIMAL_INT_DIGITS, OPTIMAL_FRACTION_DIGITS);
        return -1;
    }
    if ((int32_t)w != width || (int32_t)h != height) {
        mai_error_set(err, "%s:%lu: scenario is for a %lux%lu map, but "
                      "the map is %ldx%ld", name,
                      (unsigned long)line->number, (unsigned long)w,
                      (unsigned long)h, (long)width, (long)height);
        return -1;
    }
    for (i = 0; i < 4; i += 2) {
        if (coord[i] >= (uint32_t)width || coord[i + 1] >= (uint32_t)height) {
            mai_error_set(err, "%s:%lu: %s %lu,%lu is outside the %ldx%ld "
                          "map", name, (unsigned long)line->number,
                          i == 0 ? "start" : "goal",
                          (unsigned long)coord[i],
                          (unsigned long)coord[i + 1], (long)width,
                          (long)height);
            return -1;
        }
    }
    q->bucket = (int32_t)bucket;
    q->sx = (int32_t)coord[0];
    q->sy = (int32_t)coord[1];
    q->gx = (int32_t)coord[2];
    q->gy = (int32_t)coord[3];
    q->line = line->number;
    return 0;
}

/* The fast path: a row read in one pass, taken only when every check of
 * parse_row would pass, with the same query out; 0 for anything unusual,
 * which parse_row then reads again to say what is wrong. Splitting at tabs
 * and then reading each field cost about 1,250 instructions a row (0.38 M
 * of `lockstar scen` on a 300-row scenario); this is about a fifth. */

/* Digits up to the next tab, at most max, the tab required; advances *at
 * past it. */
static inline int fast_uint(const char **at, const char *end,
                            uint32_t max, uint32_t *out)
{
    const char *p = *at;
    uint64_t value = 0;
    /* A tab, like any byte but a digit, ends the run ('\t' - '0' wraps
     * past 9). The value is tested once, after at most 10 digits (below
     * 2^34); a longer run may wrap, and is refused by its length. */
    for (; p != end; p++) {
        unsigned digit = (unsigned)(unsigned char)*p - (unsigned)'0';
        if (digit > 9u)
            break;
        value = value * 10u + digit;
    }
    if (p == end || p == *at || p - *at > 10 || value > max || *p != '\t')
        return 0;
    *at = p + 1;
    *out = (uint32_t)value;
    return 1;
}

/* A run of digits from p; returns its end. */
static const char *skip_digits(const char *p, const char *end)
{
    while (p != end && (unsigned)(unsigned char)*p - (unsigned)'0' <= 9u)
        p++;
    return p;
}

static int fast_row(const mai_line *line, int32_t width, int32_t height,
                    mai_query *q)
{
    const char *p = line->start, *end = p + line->length, *digits;
    uint32_t bucket, w, h, sx, sy, gx, gy;
    if (!fast_uint(&p, end, INT32_MAX, &bucket))
        return 0;
    while (p != end && *p != '\t') /* the map's name, never read */
        p++;
    if (p == end)
        return 0;
    p++;
    /* The size must be the map's; points inside it. */
    if (!fast_uint(&p, end, (uint32_t)width, &w) || w != (uint32_t)width ||
        !fast_uint(&p, end, (uint32_t)height, &h) || h != (uint32_t)height ||
        !fast_uint(&p, end, (uint32_t)width - 1u, &sx) ||
        !fast_uint(&p, end, (uint32_t)height - 1u, &sy) ||
        !fast_uint(&p, end, (uint32_t)width - 1u, &gx) ||
        !fast_uint(&p, end, (uint32_t)height - 1u, &gy))
        return 0;
    /* optimal_length: 1..OPTIMAL_INT_DIGITS digits, then the end or a
     * point and 1..OPTIMAL_FRACTION_DIGITS digits, then the end. */
    digits = skip_digits(p, end);
    if (digits == p || digits - p > OPTIMAL_INT_DIGITS)
        return 0;
    if (digits != end) {
        p = digits + 1;
        if (*digits != '.')
            return 0;
        digits = skip_digits(p, end);
        if (digits != end || digits == p ||
            digits - p > OPTIMAL_FRACTION_DIGITS)
            return 0;
    }
    q->bucket = (int32_t)bucket;
    q->sx = (int32_t)sx;
    q->sy = (int32_t)sy;
    q->gx = (int32_t)gx;
    q->gy = (int32_t)gy;
    q->line = line->number;
    return 1;
}

static int append(mai_scen *out, uint32_t *capacity,
                  const mai_query *q)
{
    if (out->count == *capacity) {
        uint32_t grown = *capacity ? *capacity * 2u : 64u;
        mai_query *bigger;
        /* Keeping the byte count below 2^32 makes it fit any size_t. */
        if (grown <= *capacity || grown > UINT32_MAX / sizeof *bigger)
            return -1;
        bigger = realloc(out->queries, (size_t)grown * sizeof *bigger);
        if (!bigger)
            return -1;
        out->queries = bigger;
        *capacity = grown;
    }
    out->queries[out->count++] = *q;
    return 0;
}

int mai_scen_parse(const char *name, const char *text, size_t length,
                   int32_t width, int32_t height, mai_scen *out,
                   mai_error *err)
{
    mai_cursor c;
    mai_line line;
    uint32_t capacity = 0;

    if (!out)
        return -1;
    out->queries = NULL;
    out->count = 0;
    if (!name)
        name = "(scenario)";
    if (!text && length > 0) {
        mai_error_set(err, "%s: internal error: no text", name);
        return -1;
    }
    mai_text_begin(&c, text, length);
    if (parse_version(name, &c, err) != 0)
        return -1;
    while (mai_text_next(&c, &line)) {
        mai_query q;
        /* Blank lines carry no query; tolerating them anywhere costs
         * nothing and keeps hand-edited files working. */
        if (mai_text_blank(&line))
            continue;
        if (mai_text_refuse_cr(name, &line, err) != 0 ||
            (!fast_row(&line, width, height, &q) &&
             parse_row(name, &line, width, height, &q, err) != 0)) {
            mai_scen_free(out);
            return -1;
        }
        if (append(out, &capacity, &q) != 0) {
            mai_error_set(err, "%s:%lu: out of memory", name,
                          (unsigned long)line.number);
            mai_scen_free(out);
            return -1;
        }
    }
    return 0;
}

int mai_scen_load(const char *path, int32_t width, int32_t height,
                  mai_scen *out, mai_error *err)
{
    char *text;
    size_t length;
    int rc;

    if (out) {
        out->queries = NULL;
        out->count = 0;
    }
    if (mai_read_file(path, &text, &length, err) != 0)
        return -1;
    rc = mai_scen_parse(path, text, length, width, height, out, err);
    free(text);
    return rc;
}

void mai_scen_free(mai_scen *scen)
{
    if (!scen)
        return;
    free(scen->queries);
    scen->queries = NULL;
    scen->count = 0;
}
