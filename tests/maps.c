/* SPDX-License-Identifier: MIT */
/*
 * maps.c - tests/maps: the five Moving AI maps of the shared developer set
 * against costs computed by an independent oracle (<map>.expected, columns
 * "sx sy gx gy cost8 cost4 ...", '#' lines are comments, -1 = unreachable,
 * -2 = not computed). Every query runs with the default query (8-connected,
 * no corner cutting, straight 10 / diagonal 14), with JPS, and 4-connected;
 * costs must match and paths must be legal. The maps are read by the one
 * Moving AI reader (movingai/movingai.h), as the CLI and the bench read
 * them.
 *
 * The maps live outside the repository, in $LS_MAPS_DIR when it is set,
 * else in "$top_srcdir/../shared/maps". Without them the program says so
 * in one line and exits 77, which Automake counts as SKIP, never PASS.
 *
 * Runtime: all 1360 queries take about 9 s natively (5.4 s of it the maze:
 * 4-wide corridors make A* expand most of the map), far too long for a
 * check run that also goes through qemu and sanitizers. So by default the
 * 512 x 512 maps run every 20th query plus the last (the longest bucket)
 * and lak303d every 4th; arena runs all. LS_TEST_MAPS=all runs every query
 * of every map.
 *
 * Exit status: 0 all match, 1 a mismatch or an unreadable file, 77 skipped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lockstar.h"
#include "movingai.h"
#include "test_util.h"

#define EXIT_SKIP 77

static char maps_dir[1024];
static ls_point *path;
static uint32_t path_cap;

/* Where the maps should be: $LS_MAPS_DIR, else $top_srcdir/../shared/maps
 * (top_srcdir is set by `make check`; "." when run by hand from the
 * source tree). */
static void find_dir(void)
{
    const char *dir = getenv("LS_MAPS_DIR"), *top = getenv("top_srcdir");
    if (dir && *dir)
        snprintf(maps_dir, sizeof maps_dir, "%s", dir);
    else
        snprintf(maps_dir, sizeof maps_dir, "%s/../shared/maps",
                 top && *top ? top : ".");
}

static int file_exists(const char *p)
{
    FILE *f = fopen(p, "rb");
    if (!f)
        return 0;
    fclose(f);
    return 1;
}

/* Run q and compare with the expected cost (-1: unreachable). 1 if right. */
static int check_query(ls_search *s, const ls_grid *g, const ls_query *q,
                       long want, const char *map, unsigned line)
{
    ls_result r;
    ls_status st = ls_find_path(s, g, q, path, path_cap, &r);
    int64_t sum = -1;
    char why[200];

    if (want < 0) {
        if (st == LS_NO_PATH)
            return 1;
        printf("maps: %s line %u (algo %d, %d-connected): status %d, "
               "expected no path\n", map, line, (int)q->algorithm,
               (int)q->connectivity, (int)st);
        return 0;
    }
    if (st != LS_OK || r.cost != want) {
        printf("maps: %s line %u (algo %d, %d-connected): status %d cost %ld, "
               "expected %ld\n", map, line, (int)q->algorithm,
               (int)q->connectivity, (int)st, (long)r.cost, want);
        return 0;
    }
    if (!tu_path_legal(g, q, path, r.path_length, 1, &sum, why, sizeof why) ||
        sum != r.cost || tu_fnv1a_points(path, r.path_length) != r.digest) {
        printf("maps: %s line %u (algo %d, %d-connected): bad path: %s "
               "(steps sum to %lld, cost %ld)\n", map, line, (int)q->algorithm,
               (int)q->connectivity, why, (long long)sum, (long)r.cost);
        return 0;
    }
    return 1;
}

/* Check one map; the number of failures (0 when all is well). */
static unsigned check_map(const char *name, unsigned stride)
{
    char map_path[1200], expected_path[1200], line[512];
    mai_error err;
    ls_grid *g = NULL;
    ls_search *s = NULL;
    FILE *f;
    int32_t w, h;
    unsigned line_no = 0, queries = 0, wrong = 0, unreachable = 0, seen = 0;
    const char *all = getenv("LS_TEST_MAPS");
    long last_line = -1;

    snprintf(map_path, sizeof map_path, "%s/%s", maps_dir, name);
    snprintf(expected_path, sizeof expected_path, "%s/%s.expected", maps_dir, name);
    memset(&err, 0, sizeof err);
    if (mai_grid_load(map_path, 1, LS_GRID_FULL, &g, NULL, &err) != 0) {
        printf("maps: %s\n", err.message);
        return 1;
    }
    ls_grid_size(g, &w, &h);
    f = fopen(expected_path, "r");
    if (!f || ls_search_create(w, h, NULL, &s) != LS_OK) {
        printf("maps: %s: %s\n", expected_path,
               f ? "cannot create a search context" : "cannot open");
        if (f)
            fclose(f);
        ls_grid_destroy(g);
        return 1;
    }
    if (all && strcmp(all, "all") == 0)
        stride = 1;
    /* Find the last query line, which is always run. */
    while (fgets(line, sizeof line, f)) {
        line_no++;
        if (line[0] != '#' && line[0] != '\n' && line[0] != '\r')
            last_line = (long)line_no;
    }
    rewind(f);
    line_no = 0;
    while (fgets(line, sizeof line, f)) {
        long sx, sy, gx, gy, cost8, cost4;
        ls_query q;
        line_no++;
        if (line[0] == '#' || line[0] == '\n' || line[0] == '\r')
            continue;
        if (seen++ % stride != 0 && (long)line_no != last_line)
            continue;
        if (sscanf(line, "%ld %ld %ld %ld %ld %ld", &sx, &sy, &gx, &gy, &cost8,
                   &cost4) != 6) {
            printf("maps: %s line %u is malformed\n", expected_path, line_no);
            wrong++;
            continue;
        }
        ls_query_init(&q);
        q.start_x = (int32_t)sx;
        q.start_y = (int32_t)sy;
        q.goal_x = (int32_t)gx;
        q.goal_y = (int32_t)gy;
        if (cost8 != -2) {
            if (!check_query(s, g, &q, cost8, name, line_no))
                wrong++;
            /* The maps cost 1 everywhere passable: JPS applies. */
            q.algorithm = LS_ALGO_JPS;
            if (!check_query(s, g, &q, cost8, name, line_no))
                wrong++;
            q.algorithm = LS_ALGO_ASTAR;
        }
        if (cost4 != -2) {
            q.connectivity = LS_CONNECT_4;
            if (!check_query(s, g, &q, cost4, name, line_no))
                wrong++;
        }
        if (cost8 == -1 || cost4 == -1)
            unreachable++;
        queries++;
    }
    fclose(f);
    printf("maps: %s %dx%d: %u of %u queries%s (%u with an unreachable "
           "goal) x {8-connected A*, JPS, 4-connected A*}: %u wrong\n",
           name, (int)w, (int)h, queries, seen,
           stride > 1 ? " (LS_TEST_MAPS=all runs all)" : "", unreachable,
           wrong);
    if (seen < 100 || queries < 15) {
        printf("maps: %s: only %u queries in %s (expected 100 or more)\n",
               name, seen, expected_path);
        wrong++;
    }
    ls_search_destroy(s);
    ls_grid_destroy(g);
    return wrong;
}

int main(void)
{
    static const struct {
        const char *name;
        unsigned stride;
    } maps[] = {
        { "arena.map", 1 },
        { "lak303d.map", 4 },
        { "maze512-4-0.map", 20 },
        { "random512-20-0.map", 20 },
        { "16room_000.map", 20 },
    };
    char probe[1200];
    unsigned failures = 0;
    size_t i;

    find_dir();
    snprintf(probe, sizeof probe, "%s/arena.map.expected", maps_dir);
    if (!file_exists(probe)) {
        printf("SKIP: tests/maps: the shared Moving AI maps are not in %s "
               "(set LS_MAPS_DIR)\n", maps_dir);
        return EXIT_SKIP;
    }
    path_cap = 512u * 512u;
    path = malloc(path_cap * sizeof *path);
    if (!path)
        return 1;
    for (i = 0; i < sizeof maps / sizeof maps[0]; i++)
        failures += check_map(maps[i].name, maps[i].stride);
    free(path);
    printf("maps: %u failures\n", failures);
    return failures == 0 ? 0 : 1;
}
