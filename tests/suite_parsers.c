/* SPDX-License-Identifier: MIT */
/*
 * suite_parsers.c - the CLI's own input handling: the shared query options
 * (cli/options.c), the sliced query runner (cli/run.c) and the ASCII
 * drawing (cli/draw.c). The Moving AI reader has its own suite
 * (suite_reader.c).
 *
 * Every rejected option must produce a message naming the option and the
 * reason.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "movingai.h"
#include "../cli/draw.h"
#include "../cli/options.h"
#include "../cli/run.h"
#include "suites.h"

static int contains(const char *haystack, const char *needle)
{
    return strstr(haystack, needle) != NULL;
}

/* Read map text with the reader and build its full grid; *map keeps the
 * characters (for drawing). */
static int parse_map(const char *text, mai_map *map, ls_grid **grid)
{
    mai_error err;
    if (mai_map_parse("m.map", text, strlen(text), map, &err) != 0)
        return -1;
    return mai_map_grid(map, "m.map", 1, LS_GRID_FULL, grid, &err);
}

/* Run cli_options_take over args (NULL-terminated) as the commands do.
 * Returns the last result; *used is how many arguments were consumed. */
static int take_all(const char *const *args, cli_options *o, int *used,
                    mai_error *err)
{
    char *argv[16];
    int argc = 0, i = 0, rc = 0;
    while (args[argc] && argc < 15) {
        /* The parser never writes to argv's strings; argv is char ** only
         * because main's is. */
        argv[argc] = (char *)(uintptr_t)args[argc];
        argc++;
    }
    argv[argc] = NULL;
    cli_options_init(o);
    while (i < argc) {
        rc = cli_options_take(argc, argv, &i, o, err);
        if (rc <= 0)
            break;
    }
    *used = i;
    return rc;
}

static void expect_option_error(const char *const *args, const char *reason)
{
    cli_options o;
    mai_error err;
    int used;
    memset(&err, 0, sizeof err);
    CU_ASSERT_EQUAL(take_all(args, &o, &used, &err), -1);
    CU_ASSERT_TRUE(contains(err.message, reason));
    if (!contains(err.message, reason))
        fprintf(stderr, "\n  got: %s\n  want: %s\n", err.message, reason);
}

static void test_options_defaults_are_the_library_defaults(void)
{
    cli_options o;
    ls_query q;
    cli_options_init(&o);
    ls_query_init(&q);
    CU_ASSERT_EQUAL(memcmp(&o.query, &q, sizeof q), 0);
    CU_ASSERT_EQUAL(o.budget, 0);
}

static void test_options_accept_both_spellings(void)
{
    static const char *const args[] = {
        "--connect", "4", "--corners=one", "--heuristic", "chebyshev",
        "--tie=low-g", "--weight", "1.5", "--straight=3", "--diagonal", "4",
        "--max-expansions=4294967295", "--budget", "7", NULL
    };
    cli_options o;
    mai_error err;
    int used;
    CU_ASSERT_EQUAL(take_all(args, &o, &used, &err), 1);
    CU_ASSERT_EQUAL(used, 14);
    CU_ASSERT_EQUAL(o.query.connectivity, LS_CONNECT_4);
    CU_ASSERT_EQUAL(o.query.corner_rule, LS_CORNERS_ONE);
    CU_ASSERT_EQUAL(o.query.heuristic, LS_HEURISTIC_CHEBYSHEV);
    CU_ASSERT_EQUAL(o.query.tie_break, LS_TIE_LOW_G);
    CU_ASSERT_EQUAL(o.query.weight, 0x18000);
    CU_ASSERT_EQUAL(o.query.straight_cost, 3);
    CU_ASSERT_EQUAL(o.query.diagonal_cost, 4);
    CU_ASSERT_EQUAL(o.query.max_expansions, 4294967295u);
    CU_ASSERT_EQUAL(o.budget, 7);
    CU_ASSERT_EQUAL(cli_options_check(&o, &err), 0);
}

static void test_options_weight_uses_ls_fix16_parse(void)
{
    static const char *const weights[] = {
        "1", "1.0", "2.25", "1.00001", "63.99999", "64", "+1.5", NULL
    };
    int i;
    for (i = 0; weights[i]; i++) {
        const char *args[3];
        cli_options o;
        mai_error err;
        fix16_t want = 0;
        int used;
        args[0] = "--weight";
        args[1] = weights[i];
        args[2] = NULL;
        CU_ASSERT_EQUAL(ls_fix16_parse(weights[i], &want), LS_OK);
        CU_ASSERT_EQUAL(take_all(args, &o, &used, &err), 1);
        CU_ASSERT_EQUAL(o.query.weight, want);
    }
}

static void test_options_reject_bad_values_with_messages(void)
{
    static const char *const a1[] = { "--connect", "6", NULL };
    static const char *const a2[] = { "--corners=some", NULL };
    static const char *const a3[] = { "--heuristic", "euclid", NULL };
    static const char *const a4[] = { "--tie", "HIGH-G", NULL };
    static const char *const a5[] = { "--weight", "0.5", NULL };
    static const char *const a6[] = { "--weight", "64.00001", NULL };
    static const char *const a7[] = { "--weight", "1,5", NULL };
    static const char *const a8[] = { "--weight=1e0", NULL };
    static const char *const a9[] = { "--weight", "", NULL };
    static const char *const b1[] = { "--straight", "0", NULL };
    static const char *const b2[] = { "--straight", "65536", NULL };
    static const char *const b3[] = { "--budget", "-1", NULL };
    static const char *const b4[] = { "--budget", "12x", NULL };
    static const char *const b5[] = { "--budget", "4294967296", NULL };
    static const char *const b6[] = { "--max-expansions", " 5", NULL };
    static const char *const b7[] = { "--budget", NULL };
    static const char *const b8[] = { "--diagonal=", NULL };
    static const char *const b9[] = { "--connect", "4", "--budget", "0x10",
                                      NULL };

    expect_option_error(a1, "bad value '6' for --connect: expected 4 or 8");
    expect_option_error(a2, "bad value 'some' for --corners");
    expect_option_error(a3, "bad value 'euclid' for --heuristic");
    expect_option_error(a4, "bad value 'HIGH-G' for --tie");
    expect_option_error(a5, "bad value '0.5' for --weight");
    expect_option_error(a6, "for --weight: expected a decimal from 1.0 to "
                            "64.0");
    expect_option_error(a7, "bad value '1,5' for --weight");
    expect_option_error(a8, "bad value '1e0' for --weight");
    expect_option_error(a9, "bad value '' for --weight");
    expect_option_error(b1, "bad value '0' for --straight");
    expect_option_error(b2, "bad value '65536' for --straight: expected a "
                            "whole number from 1 to 65535");
    expect_option_error(b3, "bad value '-1' for --budget");
    expect_option_error(b4, "bad value '12x' for --budget");
    expect_option_error(b5, "bad value '4294967296' for --budget");
    expect_option_error(b6, "bad value ' 5' for --max-expansions");
    expect_option_error(b7, "option --budget needs a value");
    expect_option_error(b8, "bad value '' for --diagonal");
    expect_option_error(b9, "bad value '0x10' for --budget");
}

static void test_options_leave_other_arguments_alone(void)
{
    static const char *const a1[] = { "--draw", NULL };
    static const char *const a2[] = { "--connection", "4", NULL };
    static const char *const a3[] = { "map.map", NULL };
    cli_options o;
    mai_error err;
    int used;
    CU_ASSERT_EQUAL(take_all(a1, &o, &used, &err), 0);
    CU_ASSERT_EQUAL(used, 0);
    CU_ASSERT_EQUAL(take_all(a2, &o, &used, &err), 0);
    CU_ASSERT_EQUAL(used, 0);
    CU_ASSERT_EQUAL(take_all(a3, &o, &used, &err), 0);
    CU_ASSERT_EQUAL(used, 0);
}

static void test_options_check_step_cost_relation(void)
{
    cli_options o;
    mai_error err;
    cli_options_init(&o);
    o.query.straight_cost = 10;
    o.query.diagonal_cost = 21;
    CU_ASSERT_EQUAL(cli_options_check(&o, &err), -1);
    CU_ASSERT_TRUE(contains(err.message, "straight <= diagonal <= 2 * "
                                         "straight"));
    CU_ASSERT_TRUE(contains(err.message, "--straight 10 --diagonal 21"));
    o.query.diagonal_cost = 9;
    CU_ASSERT_EQUAL(cli_options_check(&o, &err), -1);
    o.query.straight_cost = 1;
    o.query.diagonal_cost = 1;
    CU_ASSERT_EQUAL(cli_options_check(&o, &err), 0);
    o.query.straight_cost = 65535;
    o.query.diagonal_cost = 131070;
    CU_ASSERT_EQUAL(cli_options_check(&o, &err), 0);
}

static void test_options_flag_and_value_helpers(void)
{
    char a0[] = "--draw", a1[] = "--draw=yes", a2[] = "--from=3,4",
         a3[] = "--from", a4[] = "5,6", a5[] = "--drawing";
    char *argv[] = { a0, a1, a2, a3, a4, a5, NULL };
    const char *value = NULL;
    mai_error err;
    int i = 0;

    CU_ASSERT_EQUAL(cli_option_flag(6, argv, &i, "--draw", &err), 1);
    CU_ASSERT_EQUAL(i, 1);
    CU_ASSERT_EQUAL(cli_option_flag(6, argv, &i, "--draw", &err), -1);
    CU_ASSERT_TRUE(contains(err.message, "--draw takes no value"));
    i = 2;
    CU_ASSERT_EQUAL(cli_option_value(6, argv, &i, "--from", &value, &err), 1);
    CU_ASSERT_STRING_EQUAL(value, "3,4");
    CU_ASSERT_EQUAL(i, 3);
    CU_ASSERT_EQUAL(cli_option_value(6, argv, &i, "--from", &value, &err), 1);
    CU_ASSERT_STRING_EQUAL(value, "5,6");
    CU_ASSERT_EQUAL(i, 5);
    CU_ASSERT_EQUAL(cli_option_flag(6, argv, &i, "--draw", &err), 0);
    CU_ASSERT_EQUAL(i, 5);
}

static void test_points_are_parsed_strictly(void)
{
    static const char *const bad[] = {
        "", "3", "3,", ",4", "-1,2", "3,-2", "3,4,5", "3 ,4", "3, 4",
        "16384,0", "0,16384", "99999999999,1", "0x3,4", "3;4", NULL
    };
    int32_t x = -1, y = -1;
    int i;
    CU_ASSERT_EQUAL(cli_parse_point("3,4", &x, &y), 0);
    CU_ASSERT_EQUAL(x, 3);
    CU_ASSERT_EQUAL(y, 4);
    CU_ASSERT_EQUAL(cli_parse_point("16383,0", &x, &y), 0);
    CU_ASSERT_EQUAL(x, 16383);
    for (i = 0; bad[i]; i++)
        CU_ASSERT_EQUAL(cli_parse_point(bad[i], &x, &y), -1);
}

static void test_uint_parser_checks_range_exactly(void)
{
    uint32_t v = 0;
    CU_ASSERT_EQUAL(cli_parse_uint("4294967295", 0, UINT32_MAX, &v), 0);
    CU_ASSERT_EQUAL(v, 4294967295u);
    CU_ASSERT_EQUAL(cli_parse_uint("4294967296", 0, UINT32_MAX, &v), -1);
    CU_ASSERT_EQUAL(cli_parse_uint("42949672950", 0, UINT32_MAX, &v), -1);
    CU_ASSERT_EQUAL(cli_parse_uint("5", 0, 5, &v), 0);
    CU_ASSERT_EQUAL(cli_parse_uint("6", 0, 5, &v), -1);
    CU_ASSERT_EQUAL(cli_parse_uint("7", 0, 5, &v), -1);
    CU_ASSERT_EQUAL(cli_parse_uint("0", 1, 5, &v), -1);
    CU_ASSERT_EQUAL(cli_parse_uint("", 0, 5, &v), -1);
    CU_ASSERT_EQUAL(cli_parse_uint("0005", 0, 5, &v), 0);
}

/* ------------------------------------------------- runner and drawing */

static void test_runner_budget_does_not_change_result_or_path(void)
{
    static const char text[] =
        "type octile\nheight 5\nwidth 7\nmap\n"
        ".......\n"
        ".@@@@@.\n"
        ".@...@.\n"
        ".@.@.@.\n"
        "...@...\n";
    static const uint32_t budgets[] = { 0, 1, 2, 7, 1000 };
    ls_grid *grid = NULL;
    ls_search *search = NULL;
    cli_path_buffer path;
    mai_map map;
    ls_query q;
    ls_result first, r;
    ls_point first_path[64];
    uint32_t first_length = 0;
    size_t k;

    CU_ASSERT_EQUAL_FATAL(parse_map(text, &map, &grid), 0);
    mai_map_free(&map);
    CU_ASSERT_EQUAL_FATAL(ls_search_create(7, 5, NULL, &search), LS_OK);
    CU_ASSERT_EQUAL_FATAL(cli_path_buffer_init(&path, 0), 0);
    ls_query_init(&q);
    q.start_x = 2;
    q.start_y = 3;
    q.goal_x = 6;
    q.goal_y = 4;
    memset(&first, 0, sizeof first);
    for (k = 0; k < sizeof budgets / sizeof budgets[0]; k++) {
        CU_ASSERT_EQUAL_FATAL(cli_run_query(search, grid, &q, budgets[k], &r),
                              LS_OK);
        CU_ASSERT_EQUAL(r.status, LS_OK);
        /* Starts with no room: the first fetch must grow the buffer. */
        CU_ASSERT_EQUAL_FATAL(cli_fetch_path(search, 0, &path), LS_OK);
        CU_ASSERT_EQUAL(path.length, r.path_length);
        if (k == 0) {
            first = r;
            first_length = path.length;
            CU_ASSERT_FATAL(first_length <= 64);
            memcpy(first_path, path.points, first_length * sizeof *first_path);
            continue;
        }
        CU_ASSERT_EQUAL(r.cost, first.cost);
        CU_ASSERT_EQUAL(r.expansions, first.expansions);
        CU_ASSERT_EQUAL(r.digest, first.digest);
        CU_ASSERT_EQUAL(path.length, first_length);
        CU_ASSERT_EQUAL(memcmp(path.points, first_path,
                               first_length * sizeof *first_path), 0);
    }
    cli_path_buffer_free(&path);
    ls_search_destroy(search);
    ls_grid_destroy(grid);
}

static void test_runner_gives_partial_path_at_expansion_limit(void)
{
    static const char text[] =
        "type octile\nheight 1\nwidth 8\nmap\n........\n";
    ls_grid *grid = NULL;
    ls_search *search = NULL;
    cli_path_buffer path;
    mai_map map;
    ls_query q;
    ls_result r;

    CU_ASSERT_EQUAL_FATAL(parse_map(text, &map, &grid), 0);
    mai_map_free(&map);
    CU_ASSERT_EQUAL_FATAL(ls_search_create(8, 1, NULL, &search), LS_OK);
    CU_ASSERT_EQUAL_FATAL(cli_path_buffer_init(&path, 1), 0);
    ls_query_init(&q);
    q.goal_x = 7;
    q.max_expansions = 3;
    CU_ASSERT_EQUAL_FATAL(cli_run_query(search, grid, &q, 1, &r), LS_OK);
    CU_ASSERT_EQUAL(r.status, LS_EXPANSION_LIMIT);
    CU_ASSERT_EQUAL(r.cost, -1);
    CU_ASSERT_EQUAL(cli_fetch_path(search, 0, &path), LS_EXPANSION_LIMIT);
    CU_ASSERT_EQUAL(path.length, 0);
    CU_ASSERT_EQUAL(cli_fetch_path(search, 1, &path), LS_OK);
    CU_ASSERT_TRUE(path.length >= 2);
    CU_ASSERT_EQUAL(path.points[0].x, 0);
    cli_path_buffer_free(&path);
    ls_search_destroy(search);
    ls_grid_destroy(grid);
}

static void test_draw_marks_terrain_path_start_and_goal(void)
{
    static const char text[] =
        "type octile\nheight 3\nwidth 5\nmap\n"
        ".....\n"
        ".@S..\n"
        ".....\n";
    static const char want[] =
        "S**..\n"
        ".#~*.\n"
        "....G\n"
        "legend: # blocked, . open, ~ swamp or costly terrain, * path, "
        "S start, G goal\n";
    static const ls_point path[] = { {0, 0}, {1, 0}, {2, 0}, {3, 1}, {4, 2},
                                     {99, 99} };
    ls_grid *grid = NULL;
    char *picture = NULL;
    mai_map map;
    cli_drawing d;
    size_t length = 0;

    CU_ASSERT_EQUAL_FATAL(parse_map(text, &map, &grid), 0);
    d.grid = grid;
    d.symbols = map.symbols;
    d.path = path;
    d.length = 6;   /* the last point is outside the map: ignored */
    d.partial = 0;
    d.start = path[0];
    d.goal = path[4];
    /* The swamp at (2,1) is off the path and shows as '~'. */
    CU_ASSERT_EQUAL_FATAL(cli_draw_text(&d, &picture, &length), 0);
    CU_ASSERT_EQUAL(length, strlen(want));
    CU_ASSERT_STRING_EQUAL(picture, want);
    free(picture);
    picture = NULL;
    d.partial = 1;
    d.length = 2;
    CU_ASSERT_EQUAL_FATAL(cli_draw_text(&d, &picture, &length), 0);
    CU_ASSERT_TRUE(contains(picture, "S+...\n"));
    CU_ASSERT_TRUE(contains(picture, "+ partial path"));
    free(picture);
    mai_map_free(&map);
    ls_grid_destroy(grid);
}

int suite_parsers_register(void)
{
    CU_pSuite s = CU_add_suite("parsers", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "options: defaults are the library defaults",
                     test_options_defaults_are_the_library_defaults) ||
        !CU_add_test(s, "options: accept --opt V and --opt=V",
                     test_options_accept_both_spellings) ||
        !CU_add_test(s, "options: --weight uses ls_fix16_parse",
                     test_options_weight_uses_ls_fix16_parse) ||
        !CU_add_test(s, "options: reject bad values with messages",
                     test_options_reject_bad_values_with_messages) ||
        !CU_add_test(s, "options: leave other arguments alone",
                     test_options_leave_other_arguments_alone) ||
        !CU_add_test(s, "options: check step cost relation",
                     test_options_check_step_cost_relation) ||
        !CU_add_test(s, "options: flag and value helpers",
                     test_options_flag_and_value_helpers) ||
        !CU_add_test(s, "options: points are parsed strictly",
                     test_points_are_parsed_strictly) ||
        !CU_add_test(s, "options: uint parser checks range exactly",
                     test_uint_parser_checks_range_exactly) ||
        !CU_add_test(s, "runner: budget does not change result or path",
                     test_runner_budget_does_not_change_result_or_path) ||
        !CU_add_test(s, "runner: partial path at expansion limit",
                     test_runner_gives_partial_path_at_expansion_limit) ||
        !CU_add_test(s, "draw: marks terrain, path, start and goal",
                     test_draw_marks_terrain_path_start_and_goal))
        return -1;
    return 0;
}
