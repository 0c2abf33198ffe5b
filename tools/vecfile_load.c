/*
 * vecfile_load.c - what the vector code reads from disk: whole files and
 * Moving AI map files, one function each (vecfile.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vecfile_impl.h"

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
                           vf_parse_i32(line + 7, &fh) != 0)) ||
            (part == 2 && (strncmp(line, "width ", 6) != 0 ||
                           vf_parse_i32(line + 6, &fw) != 0)) ||
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

int vf_load_map_file(const char *dir, const vf_map *m, uint8_t *cells,
                     char *err, size_t err_size)
{
    size_t plen = strlen(dir) + strlen(m->file) + 2, tlen;
    char *path = malloc(plen), *text = NULL, why[128];
    int rc = -1;

    if (!path) {
        snprintf(err, err_size, "map %s: out of memory", m->name);
        return -1;
    }
    snprintf(path, plen, "%s/%s", dir, m->file);
    if (vf_read_file(path, &text, &tlen) != 0)
        snprintf(err, err_size, "map %s: cannot read %s", m->name, path);
    else if (parse_movingai(text, m->width, m->height, cells, why,
                            sizeof why) != 0)
        snprintf(err, err_size, "map %s: %s: %s", m->name, path, why);
    else
        rc = 0;
    free(text);
    free(path);
    return rc;
}
