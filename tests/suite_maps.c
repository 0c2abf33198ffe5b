/*
 * suite_maps.c - the five Moving AI maps of the shared developer set
 * against costs computed by an independent oracle (<map>.expected, columns
 * "sx sy gx gy cost8 cost4 ...", '#' lines are comments, -1 = unreachable,
 * -2 = not computed). Every query runs with the default query (8-connected,
 * no corner cutting, straight 10 / diagonal 14), with JPS, and 4-connected;
 * costs must match and paths must be legal.
 *
 * The maps live outside the repository: in "$top_srcdir/../shared/maps",
 * "../shared/maps" or "/work/shared/maps". Without them the tests pass
 * after saying so in one line.
 *
 * Runtime: all 1360 queries take about 9 s natively (5.4 s of it the maze:
 * 4-wide corridors make A* expand most of the map), far too long for a
 * unit run that also goes through qemu and sanitizers. So by default the
 * 512 x 512 maps run every 20th query plus the last (the longest bucket)
 * and lak303d every 4th; arena runs all. LS_TEST_MAPS=all runs every query
 * of every map.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "../cli/mapfile.h"
#include "suites.h"
#include "test_util.h"

static char maps_dir[1024];
static int maps_found;
static ls_point *path;
static uint32_t path_cap;

static int file_exists(const char *p)
{
    FILE *f = fopen(p, "rb");
    if (!f)
        return 0;
    fclose(f);
    return 1;
}

static int try_dir(const char *dir)
{
    char probe[1200];
    if (!dir || strlen(dir) >= sizeof maps_dir)
        return 0;
    snprintf(probe, sizeof probe, "%s/arena.map.expected", dir);
    if (!file_exists(probe))
        return 0;
    strcpy(maps_dir, dir);
    return 1;
}

static int setup(void)
{
    const char *top = getenv("top_srcdir");
    char buf[1024];

    maps_found = 0;
    if (top && strlen(top) + 16 < sizeof buf) {
        snprintf(buf, sizeof buf, "%s/../shared/maps", top);
        maps_found = try_dir(buf);
    }
    if (!maps_found)
        maps_found = try_dir("../shared/maps");
    if (!maps_found)
        maps_found = try_dir("/work/shared/maps");
    if (!maps_found) {
        printf("\n    maps: shared maps not found ($top_srcdir/../shared/maps, "
               "../shared/maps, /work/shared/maps): map checks skipped\n");
        return 0;
    }
    path_cap = 512u * 512u;
    path = malloc(path_cap * sizeof *path);
    return path ? 0 : -1;
}

static int teardown(void)
{
    free(path);
    path = NULL;
    return 0;
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
        printf("\n    maps: %s line %u (algo %d, %d-connected): status %d, "
               "expected no path", map, line, (int)q->algorithm,
               (int)q->connectivity, (int)st);
        return 0;
    }
    if (st != LS_OK || r.cost != want) {
        printf("\n    maps: %s line %u (algo %d, %d-connected): status %d cost %ld, "
               "expected %ld", map, line, (int)q->algorithm,
               (int)q->connectivity, (int)st, (long)r.cost, want);
        return 0;
    }
    if (!tu_path_legal(g, q, path, r.path_length, 1, &sum, why, sizeof why) ||
        sum != r.cost || tu_fnv1a_points(path, r.path_length) != r.digest) {
        printf("\n    maps: %s line %u (algo %d, %d-connected): bad path: %s "
               "(steps sum to %lld, cost %ld)", map, line, (int)q->algorithm,
               (int)q->connectivity, why, (long long)sum, (long)r.cost);
        return 0;
    }
    return 1;
}

static void check_map(const char *name, unsigned stride)
{
    char map_path[1200], expected_path[1200], line[512];
    ls_cli_error err;
    ls_grid *g = NULL;
    ls_search *s = NULL;
    FILE *f;
    int32_t w, h;
    unsigned line_no = 0, queries = 0, wrong = 0, unreachable = 0, seen = 0;
    const char *all = getenv("LS_TEST_MAPS");
    long last_line = -1;

    if (!maps_found) {
        CU_PASS("shared maps not found: skipped");
        return;
    }
    snprintf(map_path, sizeof map_path, "%s/%s", maps_dir, name);
    snprintf(expected_path, sizeof expected_path, "%s/%s.expected", maps_dir, name);
    memset(&err, 0, sizeof err);
    if (ls_map_load(map_path, &g, &err) != 0) {
        printf("\n    maps: %s\n", err.message);
        CU_FAIL_FATAL("map did not load");
    }
    CU_ASSERT_FATAL(ls_grid_size(g, &w, &h) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(w, h, NULL, &s) == LS_OK);
    if (all && strcmp(all, "all") == 0)
        stride = 1;
    f = fopen(expected_path, "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
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
            printf("\n    maps: %s line %u is malformed", expected_path, line_no);
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
    printf("\n    maps: %s %dx%d: %u of %u queries%s (%u with an unreachable "
           "goal) x {8-connected A*, JPS, 4-connected A*}\n",
           name, (int)w, (int)h, queries, seen,
           stride > 1 ? " (LS_TEST_MAPS=all runs all)" : "", unreachable);
    CU_ASSERT_EQUAL(wrong, 0);
    CU_ASSERT(seen >= 100);
    CU_ASSERT(queries >= 15);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

static void test_map_arena(void)
{
    check_map("arena.map", 1);
}

static void test_map_lak303d(void)
{
    check_map("lak303d.map", 4);
}

static void test_map_maze512(void)
{
    check_map("maze512-4-0.map", 20);
}

static void test_map_random512(void)
{
    check_map("random512-20-0.map", 20);
}

static void test_map_16room(void)
{
    check_map("16room_000.map", 20);
}

int suite_maps_register(void)
{
    CU_pSuite s = CU_add_suite("maps", setup, teardown);
    if (!s)
        return -1;
    if (!CU_add_test(s, "arena.map costs match the oracle", test_map_arena) ||
        !CU_add_test(s, "lak303d.map costs match the oracle", test_map_lak303d) ||
        !CU_add_test(s, "maze512-4-0.map costs match the oracle", test_map_maze512) ||
        !CU_add_test(s, "random512-20-0.map costs match the oracle",
                     test_map_random512) ||
        !CU_add_test(s, "16room_000.map costs match the oracle", test_map_16room))
        return -1;
    return 0;
}
