/* SPDX-License-Identifier: MIT */
/*
 * fix16_parse.c - decimal text to fix16_t with integer arithmetic only.
 *
 * libfixmath's fix16_from_str accepts ',' as a decimal point, drops digits
 * past the fifth decimal and returns fix16_overflow for every error, so the
 * library parses weights itself: exactly, with documented rounding.
 */
#include "lockstar.h"

#define MAX_FRACTION_DIGITS 9

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

ls_status ls_fix16_parse(const char *text, fix16_t *out)
{
    const char *p = text;
    int negative = 0;
    uint64_t whole = 0, fraction = 0, scale = 1, magnitude;
    int digits = 0, fraction_digits = 0;

    if (!text || !out)
        return LS_ERR_NULL_ARGUMENT;
    if (*p == '+' || *p == '-')
        negative = (*p++ == '-');
    while (is_digit(*p)) {
        whole = whole * 10 + (uint64_t)(*p++ - '0');
        if (whole > 32768)
            return LS_ERR_BAD_TEXT;
        digits++;
    }
    if (digits == 0)
        return LS_ERR_BAD_TEXT;
    if (*p == '.') {
        p++;
        while (is_digit(*p)) {
            if (++fraction_digits > MAX_FRACTION_DIGITS)
                return LS_ERR_BAD_TEXT;
            fraction = fraction * 10 + (uint64_t)(*p++ - '0');
            scale *= 10;
        }
        if (fraction_digits == 0)
            return LS_ERR_BAD_TEXT;
    }
    if (*p != '\0')
        return LS_ERR_BAD_TEXT;

    /* Round fraction * 65536 / scale to nearest, ties away from zero:
     * fraction < 10^9 so every product stays below 2^47. */
    magnitude = (whole << 16) + (fraction * 131072u + scale) / (2u * scale);
    /* 0x80000000 is libfixmath's overflow marker: never produce it. */
    if (magnitude > 0x7FFFFFFFu)
        return LS_ERR_BAD_TEXT;
    *out = negative ? -(fix16_t)magnitude : (fix16_t)magnitude;
    return LS_OK;
}
