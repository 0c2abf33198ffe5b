/* SPDX-License-Identifier: MIT */
/*
 * error.c - the reader's one-line error messages ("FILE:LINE: reason").
 */
#include <stdarg.h>
#include <stdio.h>
#include "movingai.h"

void mai_error_set(mai_error *err, const char *format, ...)
{
    va_list args;
    if (!err)
        return;
    va_start(args, format);
    vsnprintf(err->message, sizeof err->message, format, args);
    va_end(args);
}
