/*
 * output.c - one-line errors, the final flush and path points, as every
 * lockstar command reports them (see output.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include "output.h"

int cli_fail(const char *format, ...)
{
    char message[1024];
    size_t i;
    va_list args;

    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    /* File names and arguments are quoted as given; a control character
     * in one (a newline, say) must not break the one-line error. */
    for (i = 0; message[i]; i++)
        if ((unsigned char)message[i] < 0x20 || message[i] == 0x7f)
            message[i] = '?';
    fprintf(stderr, "lockstar: %s\n", message);
    return CLI_EXIT_BAD_INPUT;
}

int cli_fail_error(const mai_error *err)
{
    return cli_fail("%s", err->message);
}

int cli_finish(int status)
{
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_fail("cannot write to standard output");
    return status;
}

void cli_print_points(const ls_point *points, uint32_t count)
{
    uint32_t i;
    for (i = 0; i < count; i++)
        printf(" %ld,%ld", (long)points[i].x, (long)points[i].y);
}
