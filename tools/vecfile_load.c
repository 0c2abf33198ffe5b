/* SPDX-License-Identifier: MIT */
/*
 * vecfile_load.c - what the vector code reads from disk: whole files and
 * Moving AI map files, one function each (vecfile.h), both through the
 * project's one Moving AI reader (movingai/movingai.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vecfile_impl.h"
#include "../movingai/movingai.h"

int vf_read_file(const char *path, char **text, size_t *length)
{
    mai_error err;
    return mai_read_file(path, text, length, &err);
}

int vf_load_map_file(const char *dir, const vf_map *m, uint8_t *cells,
                     char *err, size_t err_size)
{
    size_t plen = strlen(dir) + strlen(m->file) + 2;
    char *path = malloc(plen);
    mai_map map = { 0, 0, NULL };
    mai_error why;
    int rc = -1;

    if (!path) {
        snprintf(err, err_size, "map %s: out of memory", m->name);
        return -1;
    }
    snprintf(path, plen, "%s/%s", dir, m->file);
    if (mai_map_load(path, &map, &why) != 0) {
        snprintf(err, err_size, "map %s: %s", m->name, why.message);
    } else if (map.width != m->width || map.height != m->height) {
        snprintf(err, err_size, "map %s: %s: size differs from the map's size",
                 m->name, path);
    } else {
        mai_map_cells(&map, 1, cells);
        rc = 0;
    }
    mai_map_free(&map);
    free(path);
    return rc;
}
