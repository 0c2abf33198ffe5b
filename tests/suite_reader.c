/* SPDX-License-Identifier: MIT */
/*
 * suite_reader.c - the Moving AI reader (movingai/movingai.h): maps,
 * scenarios and whole files.
 *
 * Inputs are given inline as strings. Every rejected input must produce a
 * message "FILE:LINE: reason" naming the file, the line and the reason
 * (tests/cli.sh pins the same messages end to end); a seeded stream of
 * mutated and random inputs checks that nothing crashes.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "movingai.h"
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

/* Parse map text and build its full grid, as the CLI does with
 * mai_grid_load; *grid is NULL on failure. */
static int map_grid(const char *name, const char *text, size_t length,
                    ls_grid **grid, mai_error *err)
{
    mai_map map;
    int rc;

    *grid = NULL;
    if (mai_map_parse(name, text, length, &map, err) != 0)
        return -1;
    rc = mai_map_grid(&map, name, 1, LS_GRID_FULL, grid, err);
    mai_map_free(&map);
    return rc;
}

static int parse_map(const char *text, ls_grid **grid, mai_error *err)
{
    return map_grid("m.map", text, strlen(text), grid, err);
}

static int parse_scen(const char *text, int32_t width, int32_t height,
                      mai_scen *scen, mai_error *err)
{
    return mai_scen_parse("s.scen", text, strlen(text), width, height, scen,
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
    mai_error err;
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
    mai_scen scen = { (mai_query *)1, 7 };
    mai_error err;
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
    mai_error err;
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
    mai_map map;
    mai_error err;
    CU_ASSERT_EQUAL_FATAL(mai_map_parse("m.map", good_map, strlen(good_map),
                                        &map, &err), 0);
    CU_ASSERT_EQUAL(map.width, 5);
    CU_ASSERT_EQUAL(map.height, 3);
    CU_ASSERT_PTR_NOT_NULL_FATAL(map.symbols);
    CU_ASSERT_EQUAL(memcmp(map.symbols, ".GS@O..TW.S...G", 15), 0);
    mai_map_free(&map);
    CU_ASSERT_PTR_NULL(map.symbols);
}

/* The character table of movingai.h: water 'W' blocked, swamp 'S' cost 1
 * or the swamp cost asked for, and nothing else accepted. */
static void test_map_cells_follow_the_character_table(void)
{
    static const uint8_t want1[15] = { 1, 1, 1, 0, 0, 1, 1, 0, 0, 1,
                                       1, 1, 1, 1, 1 };
    uint8_t cells[15], want4[15];
    mai_map map;
    mai_error err;
    ls_grid *grid = NULL;
    int k;

    CU_ASSERT_EQUAL_FATAL(mai_map_parse("m.map", good_map, strlen(good_map),
                                        &map, &err), 0);
    mai_map_cells(&map, 1, cells);
    CU_ASSERT_EQUAL(memcmp(cells, want1, sizeof cells), 0);
    memcpy(want4, want1, sizeof want4);
    want4[2] = 4;    /* the 'S' of ".GS@O" */
    want4[10] = 4;   /* the 'S' of "S...G" */
    mai_map_cells(&map, 4, cells);
    CU_ASSERT_EQUAL(memcmp(cells, want4, sizeof cells), 0);
    CU_ASSERT_EQUAL_FATAL(mai_map_grid(&map, "m.map", 4, LS_GRID_COMPACT,
                                       &grid, &err), 0);
    CU_ASSERT_EQUAL(cell(grid, 2, 0), 4);
    CU_ASSERT_EQUAL(cell(grid, 3, 1), LS_CELL_BLOCKED);
    ls_grid_destroy(grid);
    mai_map_free(&map);
    CU_ASSERT_EQUAL(mai_symbol_cost('W', 9), LS_CELL_BLOCKED);
    CU_ASSERT_EQUAL(mai_symbol_cost('S', 9), 9);
    CU_ASSERT_EQUAL(mai_symbol_cost('G', 9), LS_CELL_OPEN);
    for (k = 0; k < 256; k++)
        if (!strchr(".GS@OTW", k) || k == 0)
            CU_ASSERT_EQUAL(mai_symbol_cost((char)k, 1), -1);
}

static void test_map_accepts_crlf_line_endings(void)
{
    static const char text[] =
        "type octile\r\nheight 2\r\nwidth 3\r\nmap\r\n.@.\r\n...\r\n";
    ls_grid *grid = NULL;
    mai_error err;
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
    mai_error err;
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
    mai_error err;
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
    mai_error err;

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
    CU_ASSERT_EQUAL(map_grid("m.map", nul_row, sizeof nul_row - 1, &grid,
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
    mai_error err;
    CU_ASSERT_EQUAL(map_grid("maps/some where.map", "type x\n", 7, &grid,
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
    mai_error err;
    int32_t w = 0, h = 0;

    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    memcpy(text, head, n);
    memset(text + n, '.', 16384);
    text[n + 16384] = '\n';
    CU_ASSERT_EQUAL(map_grid("m.map", text, n + 16385, &grid, &err), 0);
    ls_grid_size(grid, &w, &h);
    CU_ASSERT_EQUAL(w, 16384);
    CU_ASSERT_EQUAL(h, 1);
    ls_grid_destroy(grid);
    free(text);
}

static void test_map_load_reports_unreadable_file(void)
{
    ls_grid *grid = NULL;
    mai_error err;
    CU_ASSERT_EQUAL(mai_grid_load("/nonexistent/dir/x.map", 1, LS_GRID_FULL,
                                  &grid, NULL, &err), -1);
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
    mai_scen scen;
    mai_error err;

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
    mai_scen_free(&scen);
    CU_ASSERT_PTR_NULL(scen.queries);
}

static void test_scen_accepts_version_1_and_1_0(void)
{
    mai_scen scen;
    mai_error err;
    CU_ASSERT_EQUAL(parse_scen("version 1\n", 5, 3, &scen, &err), 0);
    CU_ASSERT_EQUAL(scen.count, 0);
    mai_scen_free(&scen);
    CU_ASSERT_EQUAL(parse_scen("version 1.0\n0\tm\t5\t3\t1\t1\t2\t2\t1.41421"
                               "\n", 5, 3, &scen, &err), 0);
    CU_ASSERT_EQUAL(scen.count, 1);
    mai_scen_free(&scen);
}

static void test_scen_accepts_crlf_and_blank_tail(void)
{
    static const char text[] =
        "version 1\r\n0\tm\t5\t3\t1\t1\t2\t2\t1.41421\r\n\r\n\r\n";
    mai_scen scen;
    mai_error err;
    CU_ASSERT_EQUAL_FATAL(parse_scen(text, 5, 3, &scen, &err), 0);
    CU_ASSERT_EQUAL(scen.count, 1);
    CU_ASSERT_EQUAL(scen.queries[0].gy, 2);
    mai_scen_free(&scen);
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
    mai_scen scen;
    mai_error err;
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
        mai_scen_free(&scen);
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
    mai_scen scen;
    mai_error err;
    CU_ASSERT_EQUAL(mai_scen_load("/nonexistent/s.scen", 5, 3, &scen, &err),
                    -1);
    CU_ASSERT_TRUE(contains(err.message, "/nonexistent/s.scen: cannot open"));
}

/* ---------------------------------------------------------- options */

/* ----------------------------------------------------- never crashes */

/* Parse text as a map and as a scenario; either may fail, but a failure
 * must come with a message naming the file. */
static void parse_anything(const char *text, size_t length)
{
    ls_grid *grid = NULL;
    mai_scen scen;
    mai_error err;

    err.message[0] = '\0';
    if (map_grid("g.map", text, length, &grid, &err) == 0) {
        CU_ASSERT_PTR_NOT_NULL(grid);
        ls_grid_destroy(grid);
    } else {
        CU_ASSERT_EQUAL(strncmp(err.message, "g.map:", 6), 0);
    }
    err.message[0] = '\0';
    if (mai_scen_parse("g.scen", text, length, 5, 3, &scen, &err) == 0)
        mai_scen_free(&scen);
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

int suite_reader_register(void)
{
    CU_pSuite s = CU_add_suite("reader", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "map: good file gives grid with documented costs",
                     test_map_good_file_gives_grid_with_documented_costs) ||
        !CU_add_test(s, "map: symbols copy the rows",
                     test_map_symbols_copy_the_rows) ||
        !CU_add_test(s, "map: cells follow the character table (W blocked, S swamp cost)",
                     test_map_cells_follow_the_character_table) ||
        !CU_add_test(s, "map: accepts CRLF line endings",
                     test_map_accepts_crlf_line_endings) ||
        !CU_add_test(s, "map: accepts missing final newline and blank tail",
                     test_map_accepts_missing_final_newline_and_blank_tail) ||
        !CU_add_test(s, "map: accepts tabs and spaces in header",
                     test_map_accepts_tabs_and_spaces_in_header) ||
        !CU_add_test(s, "map: rejects empty file", test_map_rejects_empty_file) ||
        !CU_add_test(s, "map: rejects wrong header",
                     test_map_rejects_wrong_header) ||
        !CU_add_test(s, "map: rejects missing lines",
                     test_map_rejects_missing_lines) ||
        !CU_add_test(s, "map: rejects bad sizes", test_map_rejects_bad_sizes) ||
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
        !CU_add_test(s, "parsers survive mutated and random input",
                     test_parsers_survive_mutated_and_random_input))
        return -1;
    return 0;
}
