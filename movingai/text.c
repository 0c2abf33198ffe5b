/* SPDX-License-Identifier: MIT */
/*
 * text.c - lines, words and numbers of a text buffer (see text.h); nothing
 * here allocates.
 */
#include <string.h>
#include "movingai.h"
#include "text.h"

void mai_text_begin(mai_cursor *c, const char *text, size_t length)
{
    c->text = text;
    c->length = length;
    c->pos = 0;
    c->line = 0;
}

int mai_text_next(mai_cursor *c, mai_line *line)
{
    const char *start, *nl;
    size_t rest, len;

    /* A final '\n' ends the last line; it does not begin an empty one. */
    if (c->pos >= c->length)
        return 0;
    start = c->text + c->pos;
    rest = c->length - c->pos;
    nl = memchr(start, '\n', rest);
    if (nl) {
        len = (size_t)(nl - start);
        c->pos += len + 1;
    } else {
        len = rest;
        c->pos = c->length;
    }
    if (len > 0 && start[len - 1] == '\r')
        len--;
    c->line++;
    line->start = start;
    line->length = len;
    line->number = c->line;
    return 1;
}

static int is_blank_char(char ch)
{
    return ch == ' ' || ch == '\t';
}

int mai_text_blank(const mai_line *line)
{
    size_t i;
    for (i = 0; i < line->length; i++)
        if (!is_blank_char(line->start[i]))
            return 0;
    return 1;
}

mai_span mai_text_all(const mai_line *line)
{
    mai_span all;
    all.start = line->start;
    all.length = line->length;
    return all;
}

size_t mai_text_words(const mai_line *line, mai_span *words, size_t max)
{
    size_t i = 0, n = 0;
    while (i < line->length) {
        size_t begin;
        while (i < line->length && is_blank_char(line->start[i]))
            i++;
        if (i == line->length)
            break;
        begin = i;
        while (i < line->length && !is_blank_char(line->start[i]))
            i++;
        if (n < max) {
            words[n].start = line->start + begin;
            words[n].length = i - begin;
        }
        n++;
    }
    return n;
}

int mai_text_equals(mai_span span, const char *word)
{
    size_t n = strlen(word);
    return span.length == n && memcmp(span.start, word, n) == 0;
}

int mai_parse_uint(const char *text, size_t length, uint32_t min,
                   uint32_t max, uint32_t *out)
{
    uint64_t value = 0;
    size_t i;
    if (length == 0)
        return -1;
    for (i = 0; i < length; i++) {
        if (text[i] < '0' || text[i] > '9')
            return -1;
        /* value <= max < 2^32 before, so this cannot wrap 64 bits; past
         * max is refused at once (no division per digit: a scenario has
         * 2,100 numbers on 300 rows). */
        value = value * 10u + (uint32_t)(text[i] - '0');
        if (value > max)
            return -1;
    }
    if (value < min)
        return -1;
    *out = (uint32_t)value;
    return 0;
}

int mai_text_uint(mai_span span, uint32_t min, uint32_t max, uint32_t *out)
{
    return mai_parse_uint(span.start, span.length, min, max, out);
}

int mai_text_is_decimal(mai_span span)
{
    size_t i = 0, whole = 0, fraction = 0;
    while (i < span.length && span.start[i] >= '0' && span.start[i] <= '9') {
        i++;
        whole++;
    }
    if (whole == 0)
        return 0;
    if (i == span.length)
        return 1;
    if (span.start[i] != '.')
        return 0;
    i++;
    while (i < span.length && span.start[i] >= '0' && span.start[i] <= '9') {
        i++;
        fraction++;
    }
    return fraction > 0 && i == span.length;
}

void mai_quote(const char *text, size_t length, char *buf, size_t size)
{
    size_t i, n = length, limit = 40;
    int cut = 0;
    if (size < 5) {
        if (size > 0)
            buf[0] = '\0';
        return;
    }
    if (limit > size - 4)
        limit = size - 4;
    if (n > limit) {
        n = limit;
        cut = 1;
    }
    for (i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)text[i];
        buf[i] = (ch >= 0x20 && ch < 0x7f) ? (char)ch : '?';
    }
    if (cut) {
        memcpy(buf + n, "...", 3);
        n += 3;
    }
    buf[n] = '\0';
}

void mai_text_quote(mai_span span, char *buf, size_t size)
{
    mai_quote(span.start, span.length, buf, size);
}

int mai_text_refuse_cr(const char *name, const mai_line *line,
                       mai_error *err)
{
    if (!memchr(line->start, '\r', line->length))
        return 0;
    mai_error_set(err, "%s:%lu: " MAI_CR_REASON, name,
                  (unsigned long)line->number);
    return -1;
}
