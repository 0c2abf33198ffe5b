/*
 * text.h - line and number scanning shared by the map and scenario parsers.
 *
 * The parsers work on a buffer that need not be NUL-terminated, so every
 * helper takes a pointer and a length. Numbers are parsed strictly: decimal
 * digits only (no sign, no spaces, no base prefix), range-checked, so that
 * "12abc" or "99999999999" is an error instead of strtol's silent garbage.
 */
#ifndef LS_CLI_TEXT_H
#define LS_CLI_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include "mapfile.h"

/* One line of a text buffer, without its '\n' and without a '\r' just
 * before it (CRLF files read like LF files). number counts from 1. */
typedef struct ls_text_line {
    const char *start;
    size_t length;
    uint32_t number;
} ls_text_line;

typedef struct ls_text_cursor {
    const char *text;
    size_t length;
    size_t pos;
    uint32_t line;   /* number of the last line returned */
} ls_text_cursor;

void ls_text_begin(ls_text_cursor *c, const char *text, size_t length);
/* Store the next line in *line and return 1, or return 0 at the end. */
int ls_text_next(ls_text_cursor *c, ls_text_line *line);
/* 1 when the line holds nothing but spaces and tabs. */
int ls_text_blank(const ls_text_line *line);

/* A piece of a line. */
typedef struct ls_text_span {
    const char *start;
    size_t length;
} ls_text_span;

/* Split a line into words separated by runs of spaces and tabs. Stores at
 * most max words; returns how many there are in all (may exceed max). */
size_t ls_text_words(const ls_text_line *line, ls_text_span *words,
                     size_t max);
/* 1 when span equals the NUL-terminated word exactly. */
int ls_text_equals(ls_text_span span, const char *word);

/* Parse span as decimal digits into a value in [min, max]. Returns 0, or -1
 * when a character is not a digit, the span is empty or the value is out of
 * range. */
int ls_text_uint(ls_text_span span, uint32_t min, uint32_t max,
                 uint32_t *out);
/* 1 when span is a non-negative decimal: digits, optionally '.' and more
 * digits ("12", "3.41421"). Checked with integer code only. */
int ls_text_is_decimal(ls_text_span span);

/* Write span into buf (size > 4) for an error message: at most about 40
 * characters, bytes outside printable ASCII shown as '?', "..." when cut. */
void ls_text_quote(ls_text_span span, char *buf, size_t size);

/* printf into err->message (always NUL-terminated, cut if too long). */
void ls_cli_error_set(ls_cli_error *err, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#endif
