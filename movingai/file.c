/* SPDX-License-Identifier: MIT */
/*
 * file.c - reading a whole file into memory, for the map and scenario
 * readers and anyone else who parses a file in one piece.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "movingai.h"

/* A path as messages show it: whole up to PATH_SHOWN bytes, else its
 * start and "...", so that the reason after it is never cut off by the
 * message's 512 bytes (a replay script may name a map of a megabyte). */
#define PATH_SHOWN 200
static const char *shown(const char *path, char *buf)
{
    if (strlen(path) <= PATH_SHOWN)
        return path;
    memcpy(buf, path, PATH_SHOWN);
    strcpy(buf + PATH_SHOWN, "...");
    return buf;
}

int mai_read_file(const char *path, char **text, size_t *length,
                  mai_error *err)
{
    char cut[PATH_SHOWN + 4];
    FILE *f;
    char *buf = NULL;
    size_t size = 0, capacity = 0;
    int failed = 0, saved;

    *text = NULL;
    *length = 0;
    /* Said the same way everywhere: Linux opens a directory and fails to
     * read it, Windows refuses to open it. */
    {
        struct stat st;
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            mai_error_set(err, "%s: is a directory, not a file",
                          shown(path, cut));
            return -1;
        }
    }
    f = fopen(path, "rb");
    if (!f) {
        mai_error_set(err, "%s: cannot open: %s", shown(path, cut),
                      strerror(errno));
        return -1;
    }
    for (;;) {
        size_t got;
        if (capacity - size < 2) {
            /* Grow geometrically; stop before the size computation wraps. */
            size_t grown = capacity ? capacity * 2 : 65536;
            char *bigger;
            if (grown <= capacity) {
                failed = ENOMEM;
                break;
            }
            bigger = realloc(buf, grown);
            if (!bigger) {
                failed = ENOMEM;
                break;
            }
            buf = bigger;
            capacity = grown;
        }
        got = fread(buf + size, 1, capacity - size - 1, f);
        size += got;
        if (got == 0)
            break;
    }
    saved = errno;
    if (!failed && ferror(f))
        failed = saved ? saved : EIO;
    fclose(f);
    if (failed) {
        free(buf);
        mai_error_set(err, "%s: cannot read: %s", shown(path, cut),
                      strerror(failed));
        return -1;
    }
    buf[size] = '\0';
    *text = buf;
    *length = size;
    return 0;
}
