/* SPDX-License-Identifier: MIT */
/*
 * text.h - lines, words and numbers of a text buffer, for the map and
 * scenario readers (private to movingai/; users include movingai.h).
 *
 * The buffer need not be NUL-terminated, so every helper takes a pointer
 * and a length. Numbers are parsed strictly: decimal digits only, range
 * checked, so that "12abc" or "99999999999" is an error instead of
 * strtol's silent garbage.
 */
#ifndef MAI_TEXT_H
#define MAI_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "movingai.h"

/* A piece of a line. */
typedef struct mai_span {
    const char *start;
    size_t length;
} mai_span;

/* 1 when the line holds nothing but spaces and tabs. */
int mai_text_blank(const mai_line *line);
/* The whole line as a span. */
mai_span mai_text_all(const mai_line *line);

/* Split a line into words separated by runs of spaces and tabs. Stores at
 * most max words; returns how many there are in all (may exceed max). */
size_t mai_text_words(const mai_line *line, mai_span *words, size_t max);
/* 1 when span equals the NUL-terminated word exactly. */
int mai_text_equals(mai_span span, const char *word);
/* mai_parse_uint on a span. */
int mai_text_uint(mai_span span, uint32_t min, uint32_t max, uint32_t *out);
/* 1 when span is a non-negative decimal: digits, optionally '.' and more
 * digits ("12", "3.41421"). Checked with integer code only. */
int mai_text_is_decimal(mai_span span);
/* mai_quote on a span. */
void mai_text_quote(mai_span span, char *buf, size_t size);

#endif
