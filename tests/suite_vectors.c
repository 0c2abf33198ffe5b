/* SPDX-License-Identifier: MIT */
/*
 * suite_vectors.c - the golden vectors (vectors/, format in
 * vectors/README.md): every field of every vector, one-shot and sliced.
 *
 * The vectors directory is $LOCKSTAR_VECTORS_DIR if set, else
 * $top_srcdir/vectors (make check exports top_srcdir), else ./vectors.
 * The vectors are part of the project, so not finding them is a failure.
 * The other tests here prove the checker itself: that it notices a wrong
 * field, and that the parser refuses malformed files.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suites.h"
#include "../tools/vecfile.h"

static char dir_buf[1024];

static int has_index(const char *dir)
{
    char path[1100];
    FILE *fp;
    snprintf(path, sizeof path, "%s/%s", dir, VF_INDEX_NAME);
    fp = fopen(path, "rb");
    if (!fp)
        return 0;
    fclose(fp);
    return 1;
}

static const char *vectors_dir(void)
{
    const char *env = getenv("LOCKSTAR_VECTORS_DIR");
    const char *top = getenv("top_srcdir");
    if (env && *env)
        return env; /* asked for explicitly: used even if it is wrong */
    if (top && *top) {
        snprintf(dir_buf, sizeof dir_buf, "%s/vectors", top);
        if (has_index(dir_buf))
            return dir_buf;
    }
    if (has_index("vectors"))
        return "vectors";
    return NULL;
}

static void test_every_golden_vector_matches(void)
{
    const char *dir = vectors_dir();
    vf_report rep;

    if (!dir) {
        printf("\nvectors: not found (set LOCKSTAR_VECTORS_DIR, or run from "
               "the source tree or via make check)\n");
        CU_FAIL("the golden vectors were not found");
        return;
    }
    memset(&rep, 0, sizeof rep);
    rep.out = stdout;
    rep.print_limit = 50;
    printf("\nvectors: checking %s\n", dir);
    CU_ASSERT_EQUAL(vf_check_dir(dir, &rep), 0);
    CU_ASSERT(rep.checked > 0);
    CU_ASSERT_EQUAL(rep.failed, 0);
    CU_ASSERT_EQUAL(rep.errors, 0);
    fflush(stdout);
}

/* A small file: one drawn map, three queries (found, unreachable with a
 * limit, an error), expectations filled by running the library as vecgen
 * does. */
static int make_sample(vf_file *f, ls_grid **grid)
{
    static const char *const rows[] = { "....#...", ".##.#.#.",
                                        "...#..#.", ".#...##.", NULL };
    vf_map *m;
    vf_vector *v;
    vf_runner r;
    char err[128];
    int32_t x, y;
    uint32_t i;

    vf_file_init(f);
    m = vf_add_map(f);
    if (!m)
        return -1;
    strcpy(m->name, "sample");
    m->width = 8;
    m->height = 4;
    m->source = VF_SOURCE_ROWS;
    m->rows = malloc(32);
    if (!m->rows)
        return -1;
    for (y = 0; y < 4; y++)
        for (x = 0; x < 8; x++)
            m->rows[y * 8 + x] = rows[y][x] == '#' ? 0 : 1;
    if (vf_add_edit(m, 0, 3, 1, 1, 5) != 0 ||
        vf_build_grid(m, ".", grid, err, sizeof err) != 0)
        return -1;
    m->digest = vf_grid_digest(*grid);
    for (i = 0; i < 3; i++) {
        v = vf_add_vector(f);
        if (!v)
            return -1;
        snprintf(v->id, sizeof v->id, "sample-%u", (unsigned)i);
        v->query.goal_x = i == 2 ? 6 : 7;
        v->query.goal_y = i == 2 ? 1 : 3;
        v->query.max_expansions = i == 1 ? 3 : 0;
        v->budget = i == 0 ? 2 : 0;
    }
    vf_runner_init(&r);
    for (i = 0; i < f->vector_count; i++) {
        vf_outcome o, s;
        v = &f->vectors[i];
        if (vf_run(&r, *grid, v, 0, &o) != 0)
            return -1;
        v->expect = o;
        if (v->budget) {
            if (vf_run(&r, *grid, v, 1, &s) != 0)
                return -1;
            v->expect.slices = s.slices;
            vf_outcome_free(&s);
        }
    }
    vf_runner_free(&r);
    return 0;
}

static uint32_t check_quietly(const vf_file *f)
{
    vf_report rep;
    memset(&rep, 0, sizeof rep);
    vf_check_file(f, ".", "sample", &rep);
    return rep.mismatches;
}

static void test_checker_reports_each_wrong_field(void)
{
    vf_file f;
    ls_grid *grid = NULL;
    vf_vector *found, *partial, *error;

    CU_ASSERT_FATAL(make_sample(&f, &grid) == 0);
    found = &f.vectors[0];
    partial = &f.vectors[1];
    error = &f.vectors[2];
    CU_ASSERT_EQUAL_FATAL(found->expect.status, LS_OK);
    CU_ASSERT_EQUAL_FATAL(partial->expect.status, LS_EXPANSION_LIMIT);
    CU_ASSERT_EQUAL_FATAL(error->expect.status, LS_ERR_GOAL_BLOCKED);
    CU_ASSERT_FATAL(found->expect.length >= 3);
    CU_ASSERT_FATAL(partial->expect.partial_length >= 1);
    CU_ASSERT_EQUAL(check_quietly(&f), 0);

    /* Each wrong field is noticed: one-shot, and sliced when budgeted, in
     * a full and (the sample's queries are default ones) a compact
     * context. */
    found->expect.cost++;
    CU_ASSERT_EQUAL(check_quietly(&f), 4);
    found->expect.cost--;
    found->expect.expansions++;
    CU_ASSERT_EQUAL(check_quietly(&f), 4);
    found->expect.expansions--;
    found->expect.slices++;
    CU_ASSERT_EQUAL(check_quietly(&f), 2);
    found->expect.slices--;
    found->expect.path[1].x ^= 1;
    CU_ASSERT(check_quietly(&f) >= 3); /* the path and its digest */
    found->expect.path[1].x ^= 1;
    found->expect.digest ^= 1;
    CU_ASSERT(check_quietly(&f) >= 3);
    found->expect.digest ^= 1;
    partial->expect.partial[0].y++;
    CU_ASSERT(check_quietly(&f) >= 2);
    partial->expect.partial[0].y--;
    partial->expect.partial_length--;
    CU_ASSERT(check_quietly(&f) >= 1);
    partial->expect.partial_length++;
    error->expect.status = LS_ERR_START_BLOCKED;
    CU_ASSERT_EQUAL(check_quietly(&f), 2);
    error->expect.status = LS_ERR_GOAL_BLOCKED;
    strcpy(found->weight_text, "1.5");
    CU_ASSERT_EQUAL(check_quietly(&f), 1);
    strcpy(found->weight_text, "1");
    f.maps[0].digest ^= 1;
    CU_ASSERT_EQUAL(check_quietly(&f), 3); /* every vector on the map */
    f.maps[0].digest ^= 1;
    CU_ASSERT_EQUAL(check_quietly(&f), 0);

    ls_grid_destroy(grid);
    vf_file_free(&f);
}

static void test_writer_and_parser_round_trip(void)
{
    vf_file f, g;
    vf_text a = { NULL, 0, 0, 0 }, b = { NULL, 0, 0, 0 };
    ls_grid *grid = NULL;
    char err[256];

    CU_ASSERT_FATAL(make_sample(&f, &grid) == 0);
    CU_ASSERT_FATAL(vf_set_header(&f, "a header\n\nof two paragraphs") == 0);
    CU_ASSERT_FATAL(vf_write(&f, &a, err, sizeof err) == 0);
    CU_ASSERT_EQUAL_FATAL(vf_parse("sample", a.data, a.length, &g, err,
                                   sizeof err), 0);
    CU_ASSERT_EQUAL(g.vector_count, 3);
    CU_ASSERT_EQUAL(check_quietly(&g), 0);
    CU_ASSERT_FATAL(vf_write(&g, &b, err, sizeof err) == 0);
    CU_ASSERT_EQUAL(a.length, b.length);
    CU_ASSERT(a.length == b.length && memcmp(a.data, b.data, a.length) == 0);
    vf_text_free(&a);
    vf_text_free(&b);
    vf_file_free(&g);
    vf_file_free(&f);
    ls_grid_destroy(grid);
}

/* Parse text; 0 when refused with a message naming the line. */
static int refused_at(const char *text, const char *line)
{
    vf_file f;
    char err[256];
    if (vf_parse("t", text, strlen(text), &f, err, sizeof err) == 0) {
        vf_file_free(&f);
        return -1;
    }
    return strncmp(err, line, strlen(line)) == 0 ? 0 : -1;
}

#define HEAD "lockstar-vectors 1\nmap m\nsize 2 1\nrow ..\ndigest "
#define MAPOK HEAD "0123456789abcdef\nend\n"
#define VEC "vector v\nmap m\nalgo astar\nstart 0 0\ngoal 1 0\n" \
    "connectivity 8\ncorners none\nheuristic auto\ntie high-g\n" \
    "straight 10\ndiagonal 14\nweight 65536 1\nmax-expansions 0\n"

static void test_parser_refuses_malformed_files(void)
{
    CU_ASSERT_EQUAL(refused_at("lockstar-vectors 3\n", "t:1:"), 0);
    CU_ASSERT_EQUAL(refused_at("", "t:0:"), 0);
    CU_ASSERT_EQUAL(refused_at(MAPOK "bogus\n", "t:7:"), 0);
    CU_ASSERT_EQUAL(refused_at(HEAD "0123456789ABCDEF\nend\n", "t:5:"), 0);
    CU_ASSERT_EQUAL(refused_at(HEAD "0123456789abcdef\n", "t:5:"), 0);
    CU_ASSERT_EQUAL(refused_at(MAPOK "map m\nsize 1 1\nrow .\n"
                               "digest 0123456789abcdef\nend\n", "t:11:"), 0);
    CU_ASSERT_EQUAL(refused_at("lockstar-vectors 1\nmap m\nsize 2 1\n"
                               "row ...\n", "t:4:"), 0);
    CU_ASSERT_EQUAL(refused_at("lockstar-vectors 1\nmap m\nsize 2 1\n"
                               "gen maze seed=1 corridor=1 loops=0\n", "t:4:"), 0);
    CU_ASSERT_EQUAL(refused_at("lockstar-vectors 1\nmap m\nsize 9 9\n"
                               "gen random seed=1\n", "t:4:"), 0);
    CU_ASSERT_EQUAL(refused_at("lockstar-vectors 1\nmap m\nsize 9 9\n"
                               "file ../x.map\n", "t:4:"), 0);
    /* vector blocks */
    CU_ASSERT_EQUAL(refused_at(MAPOK VEC "budget 0\nstatus 0 LS_NO_PATH\n",
                               "t:21:"), 0);
    CU_ASSERT_EQUAL(refused_at(MAPOK VEC "budget 0\nstatus -9 LS_ERR_GOAL_BLOCKED\n"
                               "cost 5\nend\n", "t:23:"), 0);
    CU_ASSERT_EQUAL(refused_at(MAPOK VEC "budget 1\nstatus -9 LS_ERR_GOAL_BLOCKED\n"
                               "end\n", "t:22:"), 0);
    CU_ASSERT_EQUAL(refused_at(MAPOK VEC "budget 0\nstatus 0 LS_OK\ncost 10\n"
                               "expansions 1\nlength 2\ndigest 0123456789abcdef\n"
                               "path 0,0\nend\n", "t:27:"), 0);
    CU_ASSERT_EQUAL(refused_at(MAPOK VEC "budget 0\nbudget 0\n", "t:21:"), 0);
    CU_ASSERT_EQUAL(refused_at(MAPOK VEC "budget x\n", "t:20:"), 0);
    CU_ASSERT_EQUAL(refused_at(MAPOK "vector v\nmap nosuch\n", "t:8:"), 0);
    CU_ASSERT_EQUAL(refused_at(MAPOK VEC "budget 0\nstatus 12345 "
                               "LS_UNKNOWN_STATUS\n", "t:21:"), 0);
    CU_ASSERT_EQUAL(refused_at(MAPOK VEC "budget 0\nstatus 0 LS_OK\n"
                               "cost 10\nexpansions 1\nlength 2\n"
                               "digest 0123456789abcdef\npath 0,0 1,0\n"
                               "end", "t:27:"), 0);
}

/* Parse text, write it, parse that and write again: 0 when both parses
 * succeed, the two writes are the same bytes and the two headers are the
 * same text; 1 when the first parse refuses text; else -1. The first
 * header goes to want (up to want_size bytes, "" for none). */
static int header_round_trip(const char *text, size_t length, char *want,
                             size_t want_size)
{
    vf_file f, g;
    vf_text a = { NULL, 0, 0, 0 }, b = { NULL, 0, 0, 0 };
    char err[256];
    int rc = -1;

    if (vf_parse("t", text, length, &f, err, sizeof err) != 0)
        return 1;
    snprintf(want, want_size, "%s", f.header ? f.header : "");
    if (vf_write(&f, &a, err, sizeof err) == 0 &&
        vf_parse("t", a.data, a.length, &g, err, sizeof err) == 0) {
        if (vf_write(&g, &b, err, sizeof err) == 0 && a.length == b.length &&
            memcmp(a.data, b.data, a.length) == 0 &&
            strcmp(want, g.header ? g.header : "") == 0)
            rc = 0;
        vf_file_free(&g);
    }
    vf_text_free(&a);
    vf_text_free(&b);
    vf_file_free(&f);
    return rc;
}

/* The written text of a file with no block and the given header. */
static int header_written(const char *header, const char *want)
{
    vf_file f;
    vf_text t = { NULL, 0, 0, 0 };
    char err[256];
    int same;
    vf_file_init(&f);
    if (vf_set_header(&f, header) != 0)
        return 0;
    same = vf_write(&f, &t, err, sizeof err) == 0 && t.data &&
           strcmp(t.data, want) == 0;
    vf_text_free(&t);
    vf_file_free(&f);
    return same;
}

#define V1 "lockstar-vectors 1\n"

/* ---- scripts (format version 2) ---------------------------------------- */

/* 16 lowercase hex digits of v. */
static char *hex16(char buf[24], uint64_t v)
{
    snprintf(buf, 24, "%08lx%08lx", (unsigned long)(v >> 32),
             (unsigned long)(v & 0xffffffffu));
    return buf;
}

/* A script over every kind of line, its expected values computed here by
 * the library's direct calls (ls_find_path, ls_grid_digest,
 * ls_check_path), written into buf. 0, or -1. */
static int script_text(char *buf, size_t size)
{
    static const char *const rows[] = { "....#...", ".##.#.#.",
                                        "...#..#.", ".#...##.", NULL };
    uint8_t cells[32];
    ls_grid *grid = NULL;
    ls_search *search = NULL;
    ls_query q;
    ls_result r1, r4;
    ls_point path[32], p4[32];
    ls_path_check pc;
    uint64_t d0;
    char h1[24], h2[24], h3[24];
    int32_t x, y;
    int n;

    for (y = 0; y < 4; y++)
        for (x = 0; x < 8; x++)
            cells[y * 8 + x] = rows[y][x] == '#' ? 0 : 1;
    if (ls_grid_create(8, 4, NULL, &grid) != LS_OK ||
        ls_grid_load(grid, cells, 32) != LS_OK ||
        ls_search_create(8, 4, NULL, &search) != LS_OK)
        return -1;
    d0 = vf_grid_digest(grid);
    ls_query_init(&q);
    q.goal_x = 7;
    q.goal_y = 3;
    if (ls_find_path(search, grid, &q, path, 32, &r1) != LS_OK ||
        ls_grid_set(grid, 5, 1, 3) != LS_OK ||
        ls_check_path(grid, &q, path, r1.path_length, r1.cost, &pc) != LS_OK)
        return -1;
    q.connectivity = 4;
    if (ls_find_path(search, grid, &q, p4, 32, &r4) != LS_OK)
        return -1;
    {
        uint64_t d1;
        char a[24];
        ls_grid_digest(grid, &d1);
        n = snprintf(buf, size,
            "lockstar-vectors 2\n\nmap s\nsize 8 4\nrow ....#...\n"
            "row .##.#.#.\nrow ...#..#.\nrow .#...##.\ndigest %s\nend\n\n"
            "script s-0\nmap s\nalgo astar\nconnectivity 8\ncorners none\n"
            "heuristic auto\ntie high-g\nstraight 10\ndiagonal 14\n"
            "weight 65536 1\nmax-expansions 0\nqueue 4 64\n"
            "submit 1 0 0 7 3 -> 0 LS_OK\n"
            "submit 2 0 0 6 1 -> 0 LS_OK\n"
            "submit 1 0 0 1 0 -> -28 LS_ERR_DUPLICATE_ID\n"
            "tick 0 -> pending 0\n"
            "finished 1 0 LS_OK cost %ld expansions %lu length %lu digest %s\n"
            "finished 2 -9 LS_ERR_GOAL_BLOCKED\n"
            "release 3 -> -27 LS_ERR_UNKNOWN_ID\n"
            "set 5 1 3 -> 0 LS_OK digest %s\n"
            "rect 0 0 0 1 5 -> -2 LS_ERR_BAD_SIZE digest %s\n"
            "digest -> %s\n"
            "check 1 -> 0 LS_OK first %lu reason %ld cost %ld changed %ld\n"
            "connectivity 4\n"
            "check-path 10 2 0,0 2,0 -> 0 LS_OK first 1 reason 3 cost -1 "
            "changed 1\n"
            "batch 2 2\n"
            "query 0 0 7 3 -> 0 LS_OK cost %ld expansions %lu length %lu "
            "digest %s\n"
            "query 0 0 6 1 -> -9 LS_ERR_GOAL_BLOCKED\n"
            "end\n\n",
            hex16(h1, d0), (long)r1.cost, (unsigned long)r1.expansions,
            (unsigned long)r1.path_length, hex16(h2, r1.digest),
            hex16(h3, d1), h3, h3, (unsigned long)pc.first_illegal,
            (long)pc.reason, (long)pc.cost, (long)pc.cost_changed,
            (long)r4.cost, (unsigned long)r4.expansions,
            (unsigned long)r4.path_length, hex16(a, r4.digest));
    }
    ls_search_destroy(search);
    ls_grid_destroy(grid);
    return n > 0 && (size_t)n < size ? 0 : -1;
}

/* Parse text and check it: the mismatches (-1 when it does not parse);
 * printed when VF_DEBUG is set. */
static int check_script_text(const char *text)
{
    vf_file f;
    vf_report rep;
    char err[256];
    if (vf_parse("s", text, strlen(text), &f, err, sizeof err) != 0)
        return -1;
    memset(&rep, 0, sizeof rep);
    rep.out = getenv("VF_DEBUG") ? stdout : NULL;
    vf_check_file(&f, ".", "s", &rep);
    vf_file_free(&f);
    return (int)rep.mismatches;
}

/* text with the first occurrence of from replaced by to, into out. */
static const char *replaced(char *out, const char *text, const char *from,
                            const char *to)
{
    const char *at = strstr(text, from);
    size_t pre;
    if (!at)
        return "";
    pre = (size_t)(at - text);
    memcpy(out, text, pre);
    strcpy(out + pre, to);
    strcat(out, at + strlen(from));
    return out;
}

static void test_script_round_trips_and_checks(void)
{
    static char text[4096], bad[4096];
    vf_file f;
    vf_text again = { NULL, 0, 0, 0 };
    char err[256];

    CU_ASSERT_FATAL(script_text(text, sizeof text) == 0);
    CU_ASSERT_EQUAL_FATAL(vf_parse("s", text, strlen(text), &f, err,
                                   sizeof err), 0);
    CU_ASSERT_EQUAL(f.script_count, 1);
    CU_ASSERT_EQUAL(f.scripts[0].op_count, 17);
    CU_ASSERT_EQUAL(f.scripts[0].ops[12].kind, VF_OP_OPTIONS);
    CU_ASSERT_EQUAL(f.scripts[0].ops[12].query.connectivity, 4);
    CU_ASSERT_EQUAL(f.scripts[0].ops[13].point_count, 2);
    CU_ASSERT_FATAL(vf_write(&f, &again, err, sizeof err) == 0);
    CU_ASSERT(again.length == strlen(text) &&
              memcmp(again.data, text, again.length) == 0);
    vf_text_free(&again);
    vf_file_free(&f);
    CU_ASSERT_EQUAL(check_script_text(text), 0);

    /* Each wrong value is noticed. */
    CU_ASSERT_EQUAL(check_script_text(replaced(bad, text, "pending 0",
                                               "pending 1")), 1);
    CU_ASSERT_EQUAL(check_script_text(replaced(bad, text,
        "-28 LS_ERR_DUPLICATE_ID", "-26 LS_ERR_QUEUE_FULL")), 1);
    CU_ASSERT_EQUAL(check_script_text(replaced(bad, text,
        "finished 2 -9 LS_ERR_GOAL_BLOCKED\n", "")), 1);
    CU_ASSERT_EQUAL(check_script_text(replaced(bad, text,
        "rect 0 0 0 1 5 -> -2", "rect 0 0 1 1 5 -> -2")), 3); /* and the digest line after it */
    CU_ASSERT_EQUAL(check_script_text(replaced(bad, text, "first 1 reason 3",
                                               "first 1 reason 2")), 1);
    CU_ASSERT_EQUAL(check_script_text(replaced(bad, text, "batch 2 2",
                                               "batch 64 2")), 0);
    /* The script's weight text, and the options line that inherits it. */
    CU_ASSERT_EQUAL(check_script_text(replaced(bad, text, "weight 65536 1",
                                               "weight 65536 2")), 2);
    CU_ASSERT(check_script_text(replaced(bad, text, "connectivity 4\n",
                                         "straight 11\n")) >= 1);

    /* Malformed scripts are refused with the line. */
    CU_ASSERT_EQUAL(refused_at(replaced(bad, text, "lockstar-vectors 2",
                                        "lockstar-vectors 1"), "t:12:"), 0);
    CU_ASSERT_EQUAL(refused_at(replaced(bad, text, "queue 4 64\n", ""),
                               "t:23:"), 0);
    CU_ASSERT_EQUAL(refused_at(replaced(bad, text, "finished 2 -9",
                                        "digest -> 0000000000000000\n"
                                        "finished 2 -9"), "t:30:"), 0);
    CU_ASSERT_EQUAL(refused_at(replaced(bad, text, "batch 2 2", "batch 2 3"),
                               "t:40:"), 0);
    CU_ASSERT_EQUAL(refused_at(replaced(bad, text, "batch 2 2", "batch 0 2"),
                               "t:37:"), 0);
    CU_ASSERT_EQUAL(refused_at(replaced(bad, text, "-9 LS_ERR_GOAL_BLOCKED\nend",
                                        "-9 LS_ERR_GOAL_BLOCKED cost 1\nend"),
                               "t:39:"), 0);
    CU_ASSERT_EQUAL(refused_at(replaced(bad, text, "LS_OK first 1 reason 3",
                                        "LS_OK"), "t:36:"), 0);
    CU_ASSERT_EQUAL(refused_at(replaced(bad, text, "check-path 10 2",
                                        "check-path 10 3"), "t:36:"), 0);
    CU_ASSERT_EQUAL(refused_at(replaced(bad, text, "map s\nalgo",
                                        "algo astar\nmap s\nalgo"),
                               "t:13:"), 0);
}

/* The geometry lines (world frames, line of sight, smoothing, following),
 * values worked out by hand from lockstar.h. */
static int geo_text(char *buf, size_t size)
{
    static const uint8_t cells[12] = { 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 3, 1 };
    ls_grid *grid = NULL;
    char h[24];
    int n;
    if (ls_grid_create(4, 3, NULL, &grid) != LS_OK ||
        ls_grid_load(grid, cells, 12) != LS_OK)
        return -1;
    n = snprintf(buf, size,
        "lockstar-vectors 2\n\nmap g\nsize 4 3\nrow ....\nrow .#..\n"
        "row ..3.\ndigest %s\nend\n\n"
        "script g-0\nmap g\nalgo astar\nconnectivity 8\ncorners none\n"
        "heuristic auto\ntie high-g\nstraight 10\ndiagonal 14\n"
        "weight 65536 1\nmax-expansions 0\n"
        "world-cell 5 -7 -> 0 LS_OK cell 0 -1\n"
        "frame -65536 0 3\n"
        "world-cell -65536 2 -> 0 LS_OK cell 0 0\n"
        "to-cell -65537 0 -> -5 LS_ERR_OUT_OF_BOUNDS\n"
        "centre 1 1 -> 0 LS_OK at -65532 4\n"
        "distance 0 0 3 4 -> 0 LS_OK length 5\n"
        "segment 0 0 1 1 -> 0 LS_OK length 5\n"
        "path-length 3 0,0 1,0 1,2 -> 0 LS_OK length 9\n"
        "line 0 0 3 1 64 -> 0 LS_OK count 6 0,0 1,0 2,0 1,1 2,1 3,1\n"
        "line 0 0 3 1 2 -> -14 LS_ERR_BUFFER_TOO_SMALL count 6\n"
        "sight 0 0 3 2 -> 0 LS_OK clear 0 cost 0\n"
        "sight 3 2 1 2 -> 0 LS_OK clear 1 cost 3\n"
        "smooth 4 4 0,0 0,1 0,2 1,2 -> 0 LS_OK count 3 0,0 0,2 1,2\n"
        "frame 0 0 65536\n"
        "agent 32768 32768 65536 -> 0 LS_OK\n"
        "route 2 0,0 2,0 -> 0 LS_OK state 1 target 1\n"
        "step 2 -> 0 LS_OK at 98304 32768 state 1 target 1 travelled 65536\n"
        "step 2 -> 0 LS_OK at 163840 32768 state 2 target 1 travelled 0\n"
        "speed 0\n"
        "step 2 -> -33 LS_ERR_BAD_SPEED\n"
        "end\n\n", hex16(h, vf_grid_digest(grid)));
    ls_grid_destroy(grid);
    return n > 0 && (size_t)n < size ? 0 : -1;
}

static void test_geometry_lines(void)
{
    static char text[4096], bad[4096];
    vf_file f;
    vf_text again = { NULL, 0, 0, 0 };
    char err[256];
    static const char *const wrong[][2] = {
        { "cell 0 -1", "cell 0 0" }, { "cell 0 0", "cell 1 0" },
        { "-5 LS_ERR_OUT_OF_BOUNDS", "0 LS_OK cell -1 0" },
        { "at -65532 4", "at -65532 5" }, { "length 5\nseg", "length 6\nseg" },
        { "1 1 -> 0 LS_OK length 5", "1 1 -> 0 LS_OK length 4" },
        { "length 9", "length 8" }, { "2,1 3,1", "3,1 2,1" },
        { "count 6\n", "count 7\n" }, { "clear 0 cost 0", "clear 1 cost 1" },
        { "cost 3", "cost 2" }, { "count 3 0,0 0,2 1,2", "count 3 0,0 0,1 1,2" },
        { "target 1\n", "target 0\n" }, { "travelled 65536", "travelled 1" },
        { "at 163840", "at 163839" }, { "-33 LS_ERR_BAD_SPEED", "0 LS_OK at "
          "163840 32768 state 2 target 1 travelled 0" },
    };
    uint32_t i;

    CU_ASSERT_FATAL(geo_text(text, sizeof text) == 0);
    CU_ASSERT_EQUAL_FATAL(vf_parse("s", text, strlen(text), &f, err,
                                   sizeof err), 0);
    CU_ASSERT_EQUAL(f.scripts[0].op_count, 20);
    CU_ASSERT_EQUAL(f.scripts[0].ops[1].kind, VF_OP_FRAME);
    CU_ASSERT_EQUAL(f.scripts[0].ops[1].world.cell_size, 3);
    CU_ASSERT_EQUAL(f.scripts[0].ops[8].out_count, 6);
    CU_ASSERT_FATAL(vf_write(&f, &again, err, sizeof err) == 0);
    CU_ASSERT(again.length == strlen(text) &&
              memcmp(again.data, text, again.length) == 0);
    vf_text_free(&again);
    vf_file_free(&f);
    CU_ASSERT_EQUAL(check_script_text(text), 0);
    for (i = 0; i < sizeof wrong / sizeof wrong[0]; i++)
        CU_ASSERT(check_script_text(replaced(bad, text, wrong[i][0],
                                             wrong[i][1])) >= 1);
    /* The frame changes what follows; a step with another count. */
    CU_ASSERT(check_script_text(replaced(bad, text, "frame -65536 0 3",
                                         "frame -65536 0 4")) >= 2);
    CU_ASSERT(check_script_text(replaced(bad, text, "step 2 -> 0 LS_OK at 98",
                                         "step 3 -> 0 LS_OK at 98")) >= 1);

    /* Malformed lines are refused with the line. */
    CU_ASSERT_EQUAL(refused_at(replaced(bad, text, "frame -65536 0 3",
                                        "frame -65536 0"), "t:23:"), 0);
    CU_ASSERT_EQUAL(refused_at(replaced(bad, text, "line 0 0 3 1 2 ",
                                        "line 0 0 3 1 65 "), "t:31:"), 0);
    CU_ASSERT_EQUAL(refused_at(replaced(bad, text, " count 6\n",
                                        " count 6 1,1\n"), "t:31:"), 0);
    CU_ASSERT_EQUAL(refused_at(replaced(bad, text, "clear 0 cost 0",
                                        "clear 0"), "t:32:"), 0);
    CU_ASSERT_EQUAL(refused_at(replaced(bad, text, "smooth 4 4 0,0",
                                        "smooth 4 5 0,0"), "t:34:"), 0);
    CU_ASSERT_EQUAL(refused_at(replaced(bad, text, "LS_OK state 1 target 1",
                                        "LS_OK"), "t:37:"), 0);
    CU_ASSERT_EQUAL(refused_at(replaced(bad, text, "-> -33 LS_ERR_BAD_SPEED",
                                        "-> -33 LS_ERR_BAD_SPEED at 1 1"),
                               "t:41:"), 0);
}

static void test_header_round_trips_exactly(void)
{
    /* Accepted headers: what the reader keeps, and write-parse-write
     * gives the same bytes and the same header. */
    static const struct { const char *text, *header; } ok[] = {
        { V1, "" },
        { V1 "# a\n\n", "a\n" },
        { V1 "# a\r\n\n", "a\n" },                 /* CRLF checkout */
        { "lockstar-vectors 1\r\n# a\r\n#\r\n# \r\n\r\n", "a\n\n\n" },
        { V1 "#  two spaces \n#x\n", " two spaces \nx\n" },
        { V1 "# a\n\n# b\n", "a\nb\n" },           /* blank lines drop */
        { V1 "# ~!\"#$%&'()*+,-./09:;<=>?@AZ[\\]^_`az{|}\n",
          "~!\"#$%&'()*+,-./09:;<=>?@AZ[\\]^_`az{|}\n" },
    };
    /* Refused: a header byte that could not come back as it was (a CR
     * beyond the CRLF one used to be kept, then lost on the next read). */
    static const struct { const char *text, *line; } bad[] = {
        { V1 "# a\r\r\n", "t:2:" },
        { V1 "#\r\r\n", "t:2:" },
        { V1 "# \r\n# a\r\r\n", "t:3:" },
        { V1 "# a\rb\n", "t:2:" },
        { V1 "# \rb\r\n", "t:2:" },
        { V1 "# a\tb\n", "t:2:" },
        { V1 "# \x7f\n", "t:2:" },
        { V1 "# caf\xc3\xa9\n", "t:2:" },
        { "lockstar-vectors 1\r# a\r", "t:1:" },      /* CR-only line ends */
        { "lockstar-vectors 1\r# a\r\n", "t:1:" },
    };
    char header[256];
    vf_file f;
    vf_text t = { NULL, 0, 0, 0 };
    char err[256];
    size_t i;

    for (i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        CU_ASSERT_EQUAL(header_round_trip(ok[i].text, strlen(ok[i].text),
                                          header, sizeof header), 0);
        CU_ASSERT_STRING_EQUAL(header, ok[i].header);
    }
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CU_ASSERT_EQUAL(header_round_trip(bad[i].text, strlen(bad[i].text),
                                          header, sizeof header), 1);
        CU_ASSERT_EQUAL(refused_at(bad[i].text, bad[i].line), 0);
    }

    /* Setting and writing a header: the same rule. */
    CU_ASSERT(header_written("a\n\nb", V1 "# a\n#\n# b\n\n"));
    CU_ASSERT(header_written("a\n", V1 "# a\n\n"));
    CU_ASSERT(header_written("", V1 "\n"));
    vf_file_init(&f);
    CU_ASSERT_EQUAL(vf_set_header(&f, "kept"), 0);
    CU_ASSERT_EQUAL(vf_set_header(&f, "a\r"), -1);
    CU_ASSERT_EQUAL(vf_set_header(&f, "a\rb"), -1);
    CU_ASSERT_EQUAL(vf_set_header(&f, "a\tb"), -1);
    CU_ASSERT_EQUAL(vf_set_header(&f, "\x80"), -1);
    CU_ASSERT_STRING_EQUAL(f.header, "kept");
    f.header[3] = '\r'; /* set around vf_set_header: the writer refuses */
    CU_ASSERT_EQUAL(vf_write(&f, &t, err, sizeof err), -1);
    vf_text_free(&t);
    vf_file_free(&f);
}

int suite_vectors_register(void)
{
    CU_pSuite s = CU_add_suite("vectors", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "checker reports each wrong field",
                     test_checker_reports_each_wrong_field) ||
        !CU_add_test(s, "writer and parser round-trip",
                     test_writer_and_parser_round_trip) ||
        !CU_add_test(s, "parser refuses malformed files with the line",
                     test_parser_refuses_malformed_files) ||
        !CU_add_test(s, "scripts: round trip, every kind of line checked, "
                        "malformed ones refused with the line",
                     test_script_round_trips_and_checks) ||
        !CU_add_test(s, "scripts: geometry lines checked, wrong values "
                        "noticed, malformed ones refused",
                     test_geometry_lines) ||
        !CU_add_test(s, "header round-trips exactly (CR and bytes refused)",
                     test_header_round_trips_exactly) ||
        !CU_add_test(s, "every golden vector matches, one-shot and sliced",
                     test_every_golden_vector_matches))
        return -1;
    return 0;
}
