/*
 * suite_parsers.c - the CLI's input parsers: Moving AI maps and scenarios
 * (cli/mapfile.c, cli/scenfile.c), the shared query options
 * (cli/options.c), the sliced query runner (cli/run.c) and the ASCII
 * drawing (cli/draw.c).
 *
 * Inputs are given inline as strings. Every rejected input must produce a
 * message "FILE:LINE: reason" naming the file, the line and the reason; a
 * seeded stream of mutated and random inputs checks that nothing crashes.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "../cli/draw.h"
#include "../cli/mapfile.h"
#include "../cli/options.h"
#include "../cli/run.h"
#include "../cli/scenfile.h"
#include "suites.h"

/* A small valid map: 5 wide, 3 high, every character of the format. */
static const char good_map[] =
    "type octile\n"
    "height 3\n"
    "width 5\n"
    "map\n"
    ".GS@O\n"
    "..TW.\n"
    "S...G\n";

static int parse_map(const char *text, ls_grid **grid, ls_cli_error *err)
{
    return ls_map_parse("m.map", text, strlen(text), grid, err);
}

static int parse_scen(const char *text, int32_t width, int32_t height,
                      ls_scenario *scen, ls_cli_error *err)
{
    return ls_scen_parse("s.scen", text, strlen(text), width, height, scen,
                         err);
}

static int contains(const char *haystack, const char *needle)
{
    return strstr(haystack, needle) != NULL;
}

/* The map text must be rejected with a message that starts with where
 * ("m.map:LINE:") and contains reason. */
static void expect_map_error(const char *text, const char *where,
                             const char *reason)
{
    ls_grid *grid = (ls_grid *)1;
    ls_cli_error err;
    memset(&err, 0, sizeof err);
    CU_ASSERT_EQUAL(parse_map(text, &grid, &err), -1);
    CU_ASSERT_PTR_NULL(grid);
    CU_ASSERT_EQUAL(strncmp(err.message, where, strlen(where)), 0);
    CU_ASSERT_TRUE(contains(err.message, reason));
    if (strncmp(err.message, where, strlen(where)) != 0 ||
        !contains(err.message, reason))
        fprintf(stderr, "\n  got: %s\n  want: %s ... %s\n", err.message,
                where, reason);
    if (grid && grid != (ls_grid *)1)
        ls_grid_destroy(grid);
}

static void expect_scen_error(const char *text, int32_t width,
                              int32_t height, const char *where,
                              const char *reason)
{
    ls_scenario scen = { (ls_scen_query *)1, 7 };
    ls_cli_error err;
    memset(&err, 0, sizeof err);
    CU_ASSERT_EQUAL(parse_scen(text, width, height, &scen, &err), -1);
    CU_ASSERT_PTR_NULL(scen.queries);
    CU_ASSERT_EQUAL(scen.count, 0);
    CU_ASSERT_EQUAL(strncmp(err.message, where, strlen(where)), 0);
    CU_ASSERT_TRUE(contains(err.message, reason));
    if (strncmp(err.message, where, strlen(where)) != 0 ||
        !contains(err.message, reason))
        fprintf(stderr, "\n  got: %s\n  want: %s ... %s\n", err.message,
                where, reason);
}

static uint8_t cell(const ls_grid *grid, int32_t x, int32_t y)
{
    uint8_t cost = 99;
    CU_ASSERT_EQUAL(ls_grid_get(grid, x, y, &cost), LS_OK);
    return cost;
}

/* ------------------------------------------------------------- maps */

static void test_map_good_file_gives_grid_with_documented_costs(void)
{
    static const char *const rows[3] = { ".GS@O", "..TW.", "S...G" };
    ls_grid *grid = NULL;
    ls_cli_error err;
    int32_t w = 0, h = 0, x, y;

    CU_ASSERT_EQUAL_FATAL(parse_map(good_map, &grid, &err), 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(grid);
    ls_grid_size(grid, &w, &h);
    CU_ASSERT_EQUAL(w, 5);
    CU_ASSERT_EQUAL(h, 3);
    for (y = 0; y < 3; y++) {
        for (x = 0; x < 5; x++) {
            char ch = rows[y][x];
            uint8_t want = (ch == '.' || ch == 'G' || ch == 'S')
                               ? LS_CELL_OPEN : LS_CELL_BLOCKED;
            CU_ASSERT_EQUAL(cell(grid, x, y), want);
        }
    }
    ls_grid_destroy(grid);
}

static void test_map_symbols_copy_the_rows(void)
{
    ls_grid *grid = NULL;
    char *symbols = NULL;
    ls_cli_error err;
    CU_ASSERT_EQUAL_FATAL(ls_map_parse_symbols("m.map", good_map,
                                               strlen(good_map), &grid,
                                               &symbols, &err), 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(symbols);
    CU_ASSERT_EQUAL(memcmp(symbols, ".GS@O..TW.S...G", 15), 0);
    free(symbols);
    ls_grid_destroy(grid);
}

static void test_map_accepts_crlf_line_endings(void)
{
    static const char text[] =
        "type octile\r\nheight 2\r\nwidth 3\r\nmap\r\n.@.\r\n...\r\n";
    ls_grid *grid = NULL;
    ls_cli_error err;
    CU_ASSERT_EQUAL_FATAL(parse_map(text, &grid, &err), 0);
    CU_ASSERT_EQUAL(cell(grid, 1, 0), LS_CELL_BLOCKED);
    CU_ASSERT_EQUAL(cell(grid, 2, 1), LS_CELL_OPEN);
    ls_grid_destroy(grid);
}

static void test_map_accepts_missing_final_newline_and_blank_tail(void)
{
    static const char no_newline[] =
        "type octile\nheight 1\nwidth 2\nmap\n.@";
    static const char blank_tail[] =
        "type octile\nheight 1\nwidth 2\nmap\n.@\n\n  \n\t\r\n\n";
    ls_grid *grid = NULL;
    ls_cli_error err;
    CU_ASSERT_EQUAL(parse_map(no_newline, &grid, &err), 0);
    ls_grid_destroy(grid);
    grid = NULL;
    CU_ASSERT_EQUAL(parse_map(blank_tail, &grid, &err), 0);
    ls_grid_destroy(grid);
}

static void test_map_accepts_tabs_and_spaces_in_header(void)
{
    static const char text[] =
        "type  octile \nheight\t1\nwidth 1  \n map \n.\n";
    ls_grid *grid = NULL;
    ls_cli_error err;
    CU_ASSERT_EQUAL(parse_map(text, &grid, &err), 0);
    ls_grid_destroy(grid);
}

static void test_map_rejects_empty_file(void)
{
    expect_map_error("", "m.map:1:", "empty file");
}

static void test_map_rejects_wrong_header(void)
{
    expect_map_error("type grid\nheight 1\nwidth 1\nmap\n.\n", "m.map:1:",
                     "map type 'grid' is not supported");
    expect_map_error("octile\nheight 1\nwidth 1\nmap\n.\n", "m.map:1:",
                     "expected 'type octile'");
    expect_map_error("version 1\n", "m.map:1:", "expected 'type octile'");
    expect_map_error("type octile\nwidth 1\nheight 1\nmap\n.\n", "m.map:2:",
                     "expected 'height N'");
    expect_map_error("type octile\nheight 1\nheight 1\nmap\n.\n", "m.map:3:",
                     "expected 'width N'");
    expect_map_error("type octile\nheight 1\nwidth 1\nmaps\n.\n", "m.map:4:",
                     "expected 'map'");
    expect_map_error("type octile\nheight 1 2\nwidth 1\nmap\n.\n",
                     "m.map:2:", "one number");
}

static void test_map_rejects_missing_lines(void)
{
    expect_map_error("type octile\n", "m.map:2:", "ends early");
    expect_map_error("type octile\nheight 2\n", "m.map:3:",
                     "expected 'width N'");
    expect_map_error("type octile\nheight 2\nwidth 2", "m.map:4:",
                     "expected 'map'");
    expect_map_error("type octile\nheight 2\nwidth 2\nmap\n", "m.map:5:",
                     "ends after 0 of 2 map rows");
    expect_map_error("type octile\nheight 3\nwidth 2\nmap\n..\n..\n",
                     "m.map:7:", "ends after 2 of 3 map rows");
}

static void test_map_rejects_bad_sizes(void)
{
    expect_map_error("type octile\nheight 0\nwidth 1\nmap\n", "m.map:2:",
                     "bad height '0'");
    expect_map_error("type octile\nheight -3\nwidth 1\nmap\n", "m.map:2:",
                     "bad height '-3'");
    expect_map_error("type octile\nheight +3\nwidth 1\nmap\n", "m.map:2:",
                     "bad height '+3'");
    expect_map_error("type octile\nheight 3x\nwidth 1\nmap\n", "m.map:2:",
                     "bad height '3x'");
    expect_map_error("type octile\nheight 0x10\nwidth 1\nmap\n", "m.map:2:",
                     "bad height");
    expect_map_error("type octile\nheight 1\nwidth 16385\nmap\n", "m.map:3:",
                     "bad width '16385'");
    expect_map_error("type octile\nheight 1\nwidth 99999999999999999999\n"
                     "map\n", "m.map:3:", "from 1 to 16384");
    expect_map_error("type octile\nheight 1\nwidth\nmap\n", "m.map:3:",
                     "expected 'width N'");
}

static void test_map_rejects_short_and_long_rows(void)
{
    expect_map_error("type octile\nheight 2\nwidth 3\nmap\n...\n..\n",
                     "m.map:6:", "row 1 is too short: 2 characters");
    expect_map_error("type octile\nheight 2\nwidth 3\nmap\n....\n...\n",
                     "m.map:5:", "row 0 is too long: 4 characters");
    /* A blank line inside the rows is a (very) short row. */
    expect_map_error("type octile\nheight 2\nwidth 3\nmap\n\n...\n...\n",
                     "m.map:5:", "too short");
    /* Trailing spaces make a row too long: they are not map characters. */
    expect_map_error("type octile\nheight 1\nwidth 3\nmap\n... \n",
                     "m.map:5:", "too long");
}

static void test_map_rejects_sizes_that_do_not_match_rows(void)
{
    /* height says 1, the file has 2 rows */
    expect_map_error("type octile\nheight 1\nwidth 2\nmap\n..\n..\n",
                     "m.map:6:", "extra text after the 1 map rows");
    /* width says 4, rows have 3 */
    expect_map_error("type octile\nheight 1\nwidth 4\nmap\n...\n",
                     "m.map:5:", "expected the width 4");
}

static void test_map_rejects_bad_characters(void)
{
    static const char nul_row[] = "type octile\nheight 1\nwidth 3\nmap\n.\0.\n";
    ls_grid *grid = NULL;
    ls_cli_error err;

    expect_map_error("type octile\nheight 2\nwidth 3\nmap\n...\n.x.\n",
                     "m.map:6:", "bad character 'x' at column 2");
    expect_map_error("type octile\nheight 1\nwidth 3\nmap\n..#\n",
                     "m.map:5:", "bad character '#' at column 3");
    expect_map_error("type octile\nheight 1\nwidth 3\nmap\n.\t.\n",
                     "m.map:5:", "byte 0x09");
    expect_map_error("type octile\nheight 1\nwidth 3\nmap\n. .\n",
                     "m.map:5:", "byte 0x20");
    /* Lower-case letters are not the format's characters. */
    expect_map_error("type octile\nheight 1\nwidth 1\nmap\ns\n", "m.map:5:",
                     "bad character 's'");
    /* A NUL byte inside the buffer is just another bad character. */
    CU_ASSERT_EQUAL(ls_map_parse("m.map", nul_row, sizeof nul_row - 1, &grid,
                                 &err), -1);
    CU_ASSERT_TRUE(contains(err.message, "m.map:5: bad character (byte 0x00)"));
}

static void test_map_rejects_text_after_the_rows(void)
{
    expect_map_error("type octile\nheight 1\nwidth 1\nmap\n.\n\n.\n",
                     "m.map:7:", "extra text");
}

static void test_map_error_names_the_file_given(void)
{
    ls_grid *grid = NULL;
    ls_cli_error err;
    CU_ASSERT_EQUAL(ls_map_parse("maps/some where.map", "type x\n", 7, &grid,
                                 &err), -1);
    CU_ASSERT_TRUE(contains(err.message, "maps/some where.map:1: "));
}

static void test_map_of_largest_width_parses(void)
{
    /* A 16384 x 1 map: the width limit itself is accepted. */
    const char *head = "type octile\nheight 1\nwidth 16384\nmap\n";
    size_t n = strlen(head);
    char *text = malloc(n + 16384 + 2);
    ls_grid *grid = NULL;
    ls_cli_error err;
    int32_t w = 0, h = 0;

    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    memcpy(text, head, n);
    memset(text + n, '.', 16384);
    text[n + 16384] = '\n';
    CU_ASSERT_EQUAL(ls_map_parse("m.map", text, n + 16385, &grid, &err), 0);
    ls_grid_size(grid, &w, &h);
    CU_ASSERT_EQUAL(w, 16384);
    CU_ASSERT_EQUAL(h, 1);
    ls_grid_destroy(grid);
    free(text);
}

static void test_map_load_reports_unreadable_file(void)
{
    ls_grid *grid = NULL;
    ls_cli_error err;
    CU_ASSERT_EQUAL(ls_map_load("/nonexistent/dir/x.map", &grid, &err), -1);
    CU_ASSERT_PTR_NULL(grid);
    CU_ASSERT_TRUE(contains(err.message, "/nonexistent/dir/x.map: cannot "
                                         "open"));
}

/* -------------------------------------------------------- scenarios */

static void test_scen_good_file_lists_queries_in_order(void)
{
    static const char text[] =
        "version 1\n"
        "0\tmaps/m.map\t5\t3\t0\t0\t4\t2\t4.82843\n"
        "\n"
        "3\tm.map\t5\t3\t4\t2\t1\t1\t12\n";
    ls_scenario scen;
    ls_cli_error err;

    CU_ASSERT_EQUAL_FATAL(parse_scen(text, 5, 3, &scen, &err), 0);
    CU_ASSERT_EQUAL_FATAL(scen.count, 2);
    CU_ASSERT_EQUAL(scen.queries[0].bucket, 0);
    CU_ASSERT_EQUAL(scen.queries[0].sx, 0);
    CU_ASSERT_EQUAL(scen.queries[0].gx, 4);
    CU_ASSERT_EQUAL(scen.queries[0].gy, 2);
    CU_ASSERT_EQUAL(scen.queries[0].line, 2);
    CU_ASSERT_EQUAL(scen.queries[1].bucket, 3);
    CU_ASSERT_EQUAL(scen.queries[1].sx, 4);
    CU_ASSERT_EQUAL(scen.queries[1].sy, 2);
    CU_ASSERT_EQUAL(scen.queries[1].gx, 1);
    CU_ASSERT_EQUAL(scen.queries[1].gy, 1);
    CU_ASSERT_EQUAL(scen.queries[1].line, 4);
    ls_scen_free(&scen);
    CU_ASSERT_PTR_NULL(scen.queries);
}

static void test_scen_accepts_version_1_and_1_0(void)
{
    ls_scenario scen;
    ls_cli_error err;
    CU_ASSERT_EQUAL(parse_scen("version 1\n", 5, 3, &scen, &err), 0);
    CU_ASSERT_EQUAL(scen.count, 0);
    ls_scen_free(&scen);
    CU_ASSERT_EQUAL(parse_scen("version 1.0\n0\tm\t5\t3\t1\t1\t2\t2\t1.41421"
                               "\n", 5, 3, &scen, &err), 0);
    CU_ASSERT_EQUAL(scen.count, 1);
    ls_scen_free(&scen);
}

static void test_scen_accepts_crlf_and_blank_tail(void)
{
    static const char text[] =
        "version 1\r\n0\tm\t5\t3\t1\t1\t2\t2\t1.41421\r\n\r\n\r\n";
    ls_scenario scen;
    ls_cli_error err;
    CU_ASSERT_EQUAL_FATAL(parse_scen(text, 5, 3, &scen, &err), 0);
    CU_ASSERT_EQUAL(scen.count, 1);
    CU_ASSERT_EQUAL(scen.queries[0].gy, 2);
    ls_scen_free(&scen);
}

static void test_scen_rejects_empty_file_and_wrong_header(void)
{
    expect_scen_error("", 5, 3, "s.scen:1:", "empty file");
    expect_scen_error("version 2\n", 5, 3, "s.scen:1:",
                      "version '2' is not supported");
    expect_scen_error("version 1.00\n", 5, 3, "s.scen:1:", "not supported");
    expect_scen_error("Version 1\n", 5, 3, "s.scen:1:",
                      "expected 'version 1'");
    expect_scen_error("0\tm\t5\t3\t1\t1\t2\t2\t1\n", 5, 3, "s.scen:1:",
                      "expected 'version 1'");
    expect_scen_error("type octile\n", 5, 3, "s.scen:1:",
                      "expected 'version 1'");
}

static void test_scen_rejects_short_and_long_rows(void)
{
    expect_scen_error("version 1\n0\tm\t5\t3\t1\t1\t2\t2\n", 5, 3,
                      "s.scen:2:", "too few fields: found 8, expected 9");
    expect_scen_error("version 1\n0\tm\t5\t3\t1\t1\t2\t2\t1\t7\n", 5, 3,
                      "s.scen:2:", "too many fields: found 10");
    /* Fields are tab-separated: spaces do not separate them. */
    expect_scen_error("version 1\n0 m 5 3 1 1 2 2 1\n", 5, 3, "s.scen:2:",
                      "found 1");
    expect_scen_error("version 1\n0\tm\t5\t3\t1\t1\t2\t2\t1\n"
                      "0\tm\t5\t3\n", 5, 3, "s.scen:3:", "too few fields");
}

static void test_scen_rejects_bad_numbers(void)
{
    expect_scen_error("version 1\nx\tm\t5\t3\t1\t1\t2\t2\t1\n", 5, 3,
                      "s.scen:2:", "bad bucket 'x'");
    expect_scen_error("version 1\n0\tm\t5\t3\t-1\t1\t2\t2\t1\n", 5, 3,
                      "s.scen:2:", "bad start x '-1'");
    expect_scen_error("version 1\n0\tm\t5\t3\t1\t1e0\t2\t2\t1\n", 5, 3,
                      "s.scen:2:", "bad start y '1e0'");
    expect_scen_error("version 1\n0\tm\t5\t3\t1\t1\t\t2\t1\n", 5, 3,
                      "s.scen:2:", "bad goal x ''");
    expect_scen_error("version 1\n0\tm\t5\t3\t1\t1\t2\t 2\t1\n", 5, 3,
                      "s.scen:2:", "bad goal y ' 2'");
    expect_scen_error("version 1\n0\tm\t5\t3\t1\t1\t2\t99999999999\t1\n", 5,
                      3, "s.scen:2:", "bad goal y '99999999999'");
    expect_scen_error("version 1\n0\tm\t5x\t3\t1\t1\t2\t2\t1\n", 5, 3,
                      "s.scen:2:", "bad map width '5x'");
    expect_scen_error("version 1\n0\tm\t5\t0\t1\t1\t2\t2\t1\n", 5, 3,
                      "s.scen:2:", "bad map height '0'");
}

static void test_scen_checks_optimal_length_syntax(void)
{
    static const char *const bad[] = {
        "", "3.", ".5", "1e5", "3,5", "-1", "nan", "inf", "1.2.3", "0x10",
        "3.5 ", NULL
    };
    static const char *const good[] = { "0", "12", "3.41421", "007.50", NULL };
    char text[128];
    ls_scenario scen;
    ls_cli_error err;
    int i;

    for (i = 0; bad[i]; i++) {
        snprintf(text, sizeof text, "version 1\n0\tm\t5\t3\t1\t1\t2\t2\t%s\n",
                 bad[i]);
        expect_scen_error(text, 5, 3, "s.scen:2:", "bad optimal_length");
    }
    for (i = 0; good[i]; i++) {
        snprintf(text, sizeof text, "version 1\n0\tm\t5\t3\t1\t1\t2\t2\t%s\n",
                 good[i]);
        CU_ASSERT_EQUAL(parse_scen(text, 5, 3, &scen, &err), 0);
        ls_scen_free(&scen);
    }
}

static void test_scen_rejects_size_different_from_map(void)
{
    expect_scen_error("version 1\n0\tm\t49\t49\t1\t1\t2\t2\t1\n", 5, 3,
                      "s.scen:2:",
                      "scenario is for a 49x49 map, but the map is 5x3");
    expect_scen_error("version 1\n0\tm\t3\t5\t1\t1\t2\t2\t1\n", 5, 3,
                      "s.scen:2:", "for a 3x5 map");
}

static void test_scen_rejects_coordinates_outside_the_map(void)
{
    expect_scen_error("version 1\n0\tm\t5\t3\t5\t0\t1\t1\t1\n", 5, 3,
                      "s.scen:2:", "start 5,0 is outside the 5x3 map");
    expect_scen_error("version 1\n0\tm\t5\t3\t0\t3\t1\t1\t1\n", 5, 3,
                      "s.scen:2:", "start 0,3 is outside");
    expect_scen_error("version 1\n0\tm\t5\t3\t1\t1\t4\t2\t1\n"
                      "0\tm\t5\t3\t1\t1\t4\t3\t1\n", 5, 3, "s.scen:3:",
                      "goal 4,3 is outside the 5x3 map");
}

static void test_scen_load_reports_unreadable_file(void)
{
    ls_scenario scen;
    ls_cli_error err;
    CU_ASSERT_EQUAL(ls_scen_load("/nonexistent/s.scen", 5, 3, &scen, &err),
                    -1);
    CU_ASSERT_TRUE(contains(err.message, "/nonexistent/s.scen: cannot open"));
}

/* ---------------------------------------------------------- options */

/* Run ls_options_take over args (NULL-terminated) as the commands do.
 * Returns the last result; *used is how many arguments were consumed. */
static int take_all(const char *const *args, ls_cli_options *o, int *used,
                    ls_cli_error *err)
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
    ls_options_init(o);
    while (i < argc) {
        rc = ls_options_take(argc, argv, &i, o, err);
        if (rc <= 0)
            break;
    }
    *used = i;
    return rc;
}

static void expect_option_error(const char *const *args, const char *reason)
{
    ls_cli_options o;
    ls_cli_error err;
    int used;
    memset(&err, 0, sizeof err);
    CU_ASSERT_EQUAL(take_all(args, &o, &used, &err), -1);
    CU_ASSERT_TRUE(contains(err.message, reason));
    if (!contains(err.message, reason))
        fprintf(stderr, "\n  got: %s\n  want: %s\n", err.message, reason);
}

static void test_options_defaults_are_the_library_defaults(void)
{
    ls_cli_options o;
    ls_query q;
    ls_options_init(&o);
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
    ls_cli_options o;
    ls_cli_error err;
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
    CU_ASSERT_EQUAL(ls_options_check(&o, &err), 0);
}

static void test_options_weight_uses_ls_fix16_parse(void)
{
    static const char *const weights[] = {
        "1", "1.0", "2.25", "1.00001", "63.99999", "64", "+1.5", NULL
    };
    int i;
    for (i = 0; weights[i]; i++) {
        const char *args[3];
        ls_cli_options o;
        ls_cli_error err;
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
    ls_cli_options o;
    ls_cli_error err;
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
    ls_cli_options o;
    ls_cli_error err;
    ls_options_init(&o);
    o.query.straight_cost = 10;
    o.query.diagonal_cost = 21;
    CU_ASSERT_EQUAL(ls_options_check(&o, &err), -1);
    CU_ASSERT_TRUE(contains(err.message, "straight <= diagonal <= 2 * "
                                         "straight"));
    CU_ASSERT_TRUE(contains(err.message, "--straight 10 --diagonal 21"));
    o.query.diagonal_cost = 9;
    CU_ASSERT_EQUAL(ls_options_check(&o, &err), -1);
    o.query.straight_cost = 1;
    o.query.diagonal_cost = 1;
    CU_ASSERT_EQUAL(ls_options_check(&o, &err), 0);
    o.query.straight_cost = 65535;
    o.query.diagonal_cost = 131070;
    CU_ASSERT_EQUAL(ls_options_check(&o, &err), 0);
}

static void test_options_flag_and_value_helpers(void)
{
    char a0[] = "--draw", a1[] = "--draw=yes", a2[] = "--from=3,4",
         a3[] = "--from", a4[] = "5,6", a5[] = "--drawing";
    char *argv[] = { a0, a1, a2, a3, a4, a5, NULL };
    const char *value = NULL;
    ls_cli_error err;
    int i = 0;

    CU_ASSERT_EQUAL(ls_option_flag(6, argv, &i, "--draw", &err), 1);
    CU_ASSERT_EQUAL(i, 1);
    CU_ASSERT_EQUAL(ls_option_flag(6, argv, &i, "--draw", &err), -1);
    CU_ASSERT_TRUE(contains(err.message, "--draw takes no value"));
    i = 2;
    CU_ASSERT_EQUAL(ls_option_value(6, argv, &i, "--from", &value, &err), 1);
    CU_ASSERT_STRING_EQUAL(value, "3,4");
    CU_ASSERT_EQUAL(i, 3);
    CU_ASSERT_EQUAL(ls_option_value(6, argv, &i, "--from", &value, &err), 1);
    CU_ASSERT_STRING_EQUAL(value, "5,6");
    CU_ASSERT_EQUAL(i, 5);
    CU_ASSERT_EQUAL(ls_option_flag(6, argv, &i, "--draw", &err), 0);
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
    CU_ASSERT_EQUAL(ls_parse_point("3,4", &x, &y), 0);
    CU_ASSERT_EQUAL(x, 3);
    CU_ASSERT_EQUAL(y, 4);
    CU_ASSERT_EQUAL(ls_parse_point("16383,0", &x, &y), 0);
    CU_ASSERT_EQUAL(x, 16383);
    for (i = 0; bad[i]; i++)
        CU_ASSERT_EQUAL(ls_parse_point(bad[i], &x, &y), -1);
}

static void test_uint_parser_checks_range_exactly(void)
{
    uint32_t v = 0;
    CU_ASSERT_EQUAL(ls_parse_uint("4294967295", 0, UINT32_MAX, &v), 0);
    CU_ASSERT_EQUAL(v, 4294967295u);
    CU_ASSERT_EQUAL(ls_parse_uint("4294967296", 0, UINT32_MAX, &v), -1);
    CU_ASSERT_EQUAL(ls_parse_uint("42949672950", 0, UINT32_MAX, &v), -1);
    CU_ASSERT_EQUAL(ls_parse_uint("5", 0, 5, &v), 0);
    CU_ASSERT_EQUAL(ls_parse_uint("6", 0, 5, &v), -1);
    CU_ASSERT_EQUAL(ls_parse_uint("7", 0, 5, &v), -1);
    CU_ASSERT_EQUAL(ls_parse_uint("0", 1, 5, &v), -1);
    CU_ASSERT_EQUAL(ls_parse_uint("", 0, 5, &v), -1);
    CU_ASSERT_EQUAL(ls_parse_uint("0005", 0, 5, &v), 0);
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
    ls_path_buffer path;
    ls_cli_error err;
    ls_query q;
    ls_result first, r;
    ls_point first_path[64];
    uint32_t first_length = 0;
    size_t k;

    CU_ASSERT_EQUAL_FATAL(parse_map(text, &grid, &err), 0);
    CU_ASSERT_EQUAL_FATAL(ls_search_create(7, 5, NULL, &search), LS_OK);
    CU_ASSERT_EQUAL_FATAL(ls_path_buffer_init(&path, 0), 0);
    ls_query_init(&q);
    q.start_x = 2;
    q.start_y = 3;
    q.goal_x = 6;
    q.goal_y = 4;
    memset(&first, 0, sizeof first);
    for (k = 0; k < sizeof budgets / sizeof budgets[0]; k++) {
        CU_ASSERT_EQUAL_FATAL(ls_run_query(search, grid, &q, budgets[k], &r),
                              LS_OK);
        CU_ASSERT_EQUAL(r.status, LS_OK);
        /* Starts with no room: the first fetch must grow the buffer. */
        CU_ASSERT_EQUAL_FATAL(ls_fetch_path(search, 0, &path), LS_OK);
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
    ls_path_buffer_free(&path);
    ls_search_destroy(search);
    ls_grid_destroy(grid);
}

static void test_runner_gives_partial_path_at_expansion_limit(void)
{
    static const char text[] =
        "type octile\nheight 1\nwidth 8\nmap\n........\n";
    ls_grid *grid = NULL;
    ls_search *search = NULL;
    ls_path_buffer path;
    ls_cli_error err;
    ls_query q;
    ls_result r;

    CU_ASSERT_EQUAL_FATAL(parse_map(text, &grid, &err), 0);
    CU_ASSERT_EQUAL_FATAL(ls_search_create(8, 1, NULL, &search), LS_OK);
    CU_ASSERT_EQUAL_FATAL(ls_path_buffer_init(&path, 1), 0);
    ls_query_init(&q);
    q.goal_x = 7;
    q.max_expansions = 3;
    CU_ASSERT_EQUAL_FATAL(ls_run_query(search, grid, &q, 1, &r), LS_OK);
    CU_ASSERT_EQUAL(r.status, LS_EXPANSION_LIMIT);
    CU_ASSERT_EQUAL(r.cost, -1);
    CU_ASSERT_EQUAL(ls_fetch_path(search, 0, &path), LS_EXPANSION_LIMIT);
    CU_ASSERT_EQUAL(path.length, 0);
    CU_ASSERT_EQUAL(ls_fetch_path(search, 1, &path), LS_OK);
    CU_ASSERT_TRUE(path.length >= 2);
    CU_ASSERT_EQUAL(path.points[0].x, 0);
    ls_path_buffer_free(&path);
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
    char *symbols = NULL, *picture = NULL;
    ls_cli_error err;
    ls_drawing d;
    size_t length = 0;

    CU_ASSERT_EQUAL_FATAL(ls_map_parse_symbols("m.map", text, strlen(text),
                                               &grid, &symbols, &err), 0);
    d.grid = grid;
    d.symbols = symbols;
    d.path = path;
    d.length = 6;   /* the last point is outside the map: ignored */
    d.partial = 0;
    d.start = path[0];
    d.goal = path[4];
    /* The swamp at (2,1) is off the path and shows as '~'. */
    CU_ASSERT_EQUAL_FATAL(ls_draw_text(&d, &picture, &length), 0);
    CU_ASSERT_EQUAL(length, strlen(want));
    CU_ASSERT_STRING_EQUAL(picture, want);
    free(picture);
    picture = NULL;
    d.partial = 1;
    d.length = 2;
    CU_ASSERT_EQUAL_FATAL(ls_draw_text(&d, &picture, &length), 0);
    CU_ASSERT_TRUE(contains(picture, "S+...\n"));
    CU_ASSERT_TRUE(contains(picture, "+ partial path"));
    free(picture);
    free(symbols);
    ls_grid_destroy(grid);
}

/* ----------------------------------------------------- never crashes */

/* Parse text as a map and as a scenario; either may fail, but a failure
 * must come with a message naming the file. */
static void parse_anything(const char *text, size_t length)
{
    ls_grid *grid = NULL;
    ls_scenario scen;
    ls_cli_error err;

    err.message[0] = '\0';
    if (ls_map_parse("g.map", text, length, &grid, &err) == 0) {
        CU_ASSERT_PTR_NOT_NULL(grid);
        ls_grid_destroy(grid);
    } else {
        CU_ASSERT_EQUAL(strncmp(err.message, "g.map:", 6), 0);
    }
    err.message[0] = '\0';
    if (ls_scen_parse("g.scen", text, length, 5, 3, &scen, &err) == 0)
        ls_scen_free(&scen);
    else
        CU_ASSERT_EQUAL(strncmp(err.message, "g.scen:", 7), 0);
}

static void test_parsers_survive_mutated_and_random_input(void)
{
    static const char good_scen[] =
        "version 1\n0\tm\t5\t3\t0\t0\t4\t2\t4.5\n1\tm\t5\t3\t1\t2\t3\t0\t3\n";
    static const char alphabet[] = ".GS@OTW\n\r\t 0123456789-.,eversionmaptyp"
                                   "octilehgwd\xff";
    const char *seeds[2];
    char buf[160];
    ls_rng rng;
    int round, s;

    seeds[0] = good_map;
    seeds[1] = good_scen;
    ls_rng_seed(&rng, 20240229u);
    for (round = 0; round < 3000; round++) {
        for (s = 0; s < 2; s++) {
            size_t n = strlen(seeds[s]), k, edits;
            memcpy(buf, seeds[s], n);
            edits = 1 + ls_rng_below(&rng, 4);
            for (k = 0; k < edits; k++) {
                uint32_t at = ls_rng_below(&rng, (uint32_t)n);
                switch (ls_rng_below(&rng, 3)) {
                case 0: /* replace a byte */
                    buf[at] = alphabet[ls_rng_below(&rng, sizeof alphabet - 1)];
                    break;
                case 1: /* cut the text short */
                    n = at;
                    break;
                default: /* any byte at all */
                    buf[at] = (char)ls_rng_below(&rng, 256);
                    break;
                }
                if (n == 0)
                    break;
            }
            parse_anything(buf, n);
        }
        /* Pure noise from the alphabet, of random length. */
        {
            size_t n = ls_rng_below(&rng, sizeof buf), k;
            for (k = 0; k < n; k++)
                buf[k] = alphabet[ls_rng_below(&rng, sizeof alphabet - 1)];
            parse_anything(buf, n);
        }
    }
    parse_anything(NULL, 0);
}

int suite_parsers_register(void)
{
    CU_pSuite s = CU_add_suite("parsers", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "map: good file gives grid with documented costs",
                     test_map_good_file_gives_grid_with_documented_costs) ||
        !CU_add_test(s, "map: symbols copy the rows",
                     test_map_symbols_copy_the_rows) ||
        !CU_add_test(s, "map: accepts CRLF line endings",
                     test_map_accepts_crlf_line_endings) ||
        !CU_add_test(s, "map: accepts missing final newline and blank tail",
                     test_map_accepts_missing_final_newline_and_blank_tail) ||
        !CU_add_test(s, "map: accepts tabs and spaces in header",
                     test_map_accepts_tabs_and_spaces_in_header) ||
        !CU_add_test(s, "map: rejects empty file",
                     test_map_rejects_empty_file) ||
        !CU_add_test(s, "map: rejects wrong header",
                     test_map_rejects_wrong_header) ||
        !CU_add_test(s, "map: rejects missing lines",
                     test_map_rejects_missing_lines) ||
        !CU_add_test(s, "map: rejects bad sizes",
                     test_map_rejects_bad_sizes) ||
        !CU_add_test(s, "map: rejects short and long rows",
                     test_map_rejects_short_and_long_rows) ||
        !CU_add_test(s, "map: rejects sizes that do not match rows",
                     test_map_rejects_sizes_that_do_not_match_rows) ||
        !CU_add_test(s, "map: rejects bad characters",
                     test_map_rejects_bad_characters) ||
        !CU_add_test(s, "map: rejects text after the rows",
                     test_map_rejects_text_after_the_rows) ||
        !CU_add_test(s, "map: error names the file given",
                     test_map_error_names_the_file_given) ||
        !CU_add_test(s, "map: largest width parses",
                     test_map_of_largest_width_parses) ||
        !CU_add_test(s, "map: load reports unreadable file",
                     test_map_load_reports_unreadable_file) ||
        !CU_add_test(s, "scen: good file lists queries in order",
                     test_scen_good_file_lists_queries_in_order) ||
        !CU_add_test(s, "scen: accepts version 1 and 1.0",
                     test_scen_accepts_version_1_and_1_0) ||
        !CU_add_test(s, "scen: accepts CRLF and blank tail",
                     test_scen_accepts_crlf_and_blank_tail) ||
        !CU_add_test(s, "scen: rejects empty file and wrong header",
                     test_scen_rejects_empty_file_and_wrong_header) ||
        !CU_add_test(s, "scen: rejects short and long rows",
                     test_scen_rejects_short_and_long_rows) ||
        !CU_add_test(s, "scen: rejects bad numbers",
                     test_scen_rejects_bad_numbers) ||
        !CU_add_test(s, "scen: checks optimal_length syntax",
                     test_scen_checks_optimal_length_syntax) ||
        !CU_add_test(s, "scen: rejects size different from map",
                     test_scen_rejects_size_different_from_map) ||
        !CU_add_test(s, "scen: rejects coordinates outside the map",
                     test_scen_rejects_coordinates_outside_the_map) ||
        !CU_add_test(s, "scen: load reports unreadable file",
                     test_scen_load_reports_unreadable_file) ||
        !CU_add_test(s, "options: defaults are the library defaults",
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
                     test_draw_marks_terrain_path_start_and_goal) ||
        !CU_add_test(s, "parsers survive mutated and random input",
                     test_parsers_survive_mutated_and_random_input))
        return -1;
    return 0;
}
