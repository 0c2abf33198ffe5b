/* SPDX-License-Identifier: MIT */
/*
 * output.c - one-line errors, the final flush and path points, as every
 * lockstar command reports them (see output.h).
 *
 * Scenario lines and path points are formatted by hand into a buffer
 * written with fwrite: printf's format parsing took 47.5 % of the
 * instructions of `lockstar scen --algo jps` on a 530x481 Dragon Age map,
 * more than the search. The bytes are printf's: %ld, %lu and %016 PRIx64
 * (lowercase) written out, which tests/cli.sh and the before/after md5 of
 * every scenario output hold to.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* Room for the line buffer; an item's worst case (a point:
 * " -2147483648,-2147483648", or the 14 bytes a point from coord_text
 * touches) is at most ITEM_MAX, and put_points flushes before a point
 * could pass the end. */
#define LINE_ROOM 4096
#define ITEM_MAX 32

/* "00" "01" ... "99": two digits per division, the few numbers a point
 * has written straight into place (no reversing copy). */
static const char digit_pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233"
    "34353637383940414243444546474849505152535455565758596061626364656667"
    "6869707172737475767778798081828384858687888990919293949596979899";

/* How many decimal digits v has. */
static size_t decimal_digits(unsigned long v)
{
    size_t n = 1;
    while (v >= 10000u) {
        v /= 10000u;
        n += 4;
    }
    return n + (v >= 10u) + (v >= 100u) + (v >= 1000u);
}

/* The decimal digits of v at p (%lu); returns the end. */
static char *put_unsigned(char *p, unsigned long v)
{
    char *end = p + decimal_digits(v);
    char *q = end;
    while (v >= 100u) {
        const char *pair = &digit_pairs[(v % 100u) * 2u];
        v /= 100u;
        q -= 2;
        q[0] = pair[0];
        q[1] = pair[1];
    }
    if (v >= 10u) {
        q[-2] = digit_pairs[v * 2u];
        q[-1] = digit_pairs[v * 2u + 1u];
    } else {
        q[-1] = (char)('0' + (int)v);
    }
    return end;
}

/* %ld of v at p (the magnitude taken in unsigned arithmetic, so LONG_MIN
 * is exact); returns the end. */
static char *put_signed(char *p, long v)
{
    if (v < 0) {
        *p++ = '-';
        return put_unsigned(p, 0ul - (unsigned long)v);
    }
    return put_unsigned(p, (unsigned long)v);
}

/* %016 PRIx64 of v at p; returns the end. */
static char *put_hex16(char *p, uint64_t v)
{
    static const char hex[] = "0123456789abcdef";
    int k;
    for (k = 15; k >= 0; k--) {
        p[k] = hex[v & 15u];
        v >>= 4;
    }
    return p + 16;
}

/* The text of 0 .. coord_count - 1 as a point writes it, in two tables
 * of 8-byte entries, one block: coord_text[k] is " digits" and
 * coord_text[coord_count + k] ",digits", each with its length (1 + the
 * digits) in byte 7. Every coordinate of a point on a grid is below
 * LS_MAX_DIMENSION (5 digits), and a path's points are most of what the
 * scenario commands print, so a point costs two 8-byte copies and two
 * additions instead of two division loops (8-byte entries: an index
 * scales into an address with no extra instruction). Grown (doubling) to
 * the largest coordinate seen, so a small map builds a small table; kept
 * for the process (the commands print from one thread). */
static unsigned char (*coord_text)[8];
static uint32_t coord_count;

/* Make coord_text reach v (< LS_MAX_DIMENSION); 0, or -1 when memory ran
 * out (the caller formats v by hand, the same bytes). The count stays a
 * power of two (256 doubled), so "both below it" is one test of x | y.
 * Growing moves the second table, so both are written again. */
static int coord_reach(uint32_t v)
{
    uint32_t n = coord_count ? coord_count : 256u, k;
    unsigned char (*bigger)[8];
    while (n <= v)
        n *= 2u;
    bigger = realloc(coord_text, (size_t)n * 2u * sizeof *bigger);
    if (!bigger)
        return -1;
    for (k = 0; k < n; k++) {
        char *t = (char *)bigger[k], *u = (char *)bigger[n + k];
        size_t len = (size_t)(put_unsigned(t + 1, k) - t);
        t[0] = ' ';
        u[0] = ',';
        memcpy(u + 1, t + 1, len - 1);
        bigger[k][7] = bigger[n + k][7] = (unsigned char)len;
    }
    coord_text = bigger;
    coord_count = n;
    return 0;
}

/* Whether point (x, y) can come from coord_text, growing it if need be. */
static int coord_ready(uint32_t x, uint32_t y)
{
    return x < LS_MAX_DIMENSION && y < LS_MAX_DIMENSION &&
           coord_reach(x > y ? x : y) == 0;
}

/* %ld of a scenario's coordinate at p, from coord_text when it can come
 * from there (bytes 1.. of an entry: the digits, then bytes the caller
 * writes over; the line buffer has the room); returns the end. */
static char *put_coord(char *p, int32_t v)
{
    if ((uint32_t)v >= coord_count &&
        (v < 0 || !coord_ready((uint32_t)v, (uint32_t)v)))
        return put_signed(p, (long)v);
    memcpy(p, coord_text[v] + 1, 7);
    return p + coord_text[v][7] - 1;
}

/* Append " x,y" per point to the line buf[0..*used), writing the buffer
 * out whenever it is nearly full. The points are most of what the
 * scenario commands print (55,005 on lak303d's 300 queries), so the inner
 * loop runs a stretch of points that surely fit (ITEM_MAX bytes each, one
 * byte kept for the line's newline) with no room test, and takes a
 * point's two numbers from coord_text after one range test. */
static void put_points(char *buf, size_t *used, const ls_point *points,
                       uint32_t count)
{
    char *p = buf + *used;
    uint32_t i = 0;
    /* Locals: the byte stores below may alias any object, so the globals
     * would be read again after each one. */
    unsigned char (*sp)[8] = coord_text, (*cm)[8] = NULL;
    uint32_t known = coord_count;
    if (sp)
        cm = sp + known;
    while (i < count) {
        uint32_t fit = (uint32_t)((LINE_ROOM - 1u - (size_t)(p - buf)) /
                                  ITEM_MAX);
        uint32_t end = count - i < fit ? count : i + fit;
        if (fit == 0) {
            fwrite(buf, 1, (size_t)(p - buf), stdout);
            p = buf;
            continue;
        }
        for (; i < end; i++) {
            uint32_t x = (uint32_t)points[i].x, y = (uint32_t)points[i].y;
            if ((x | y) >= known) {
                if (!coord_ready(x, y)) {
                    /* Never for a grid's point; the same bytes anyway. */
                    *p++ = ' ';
                    p = put_signed(p, (long)points[i].x);
                    *p++ = ',';
                    p = put_signed(p, (long)points[i].y);
                    continue;
                }
                sp = coord_text;
                known = coord_count;
                cm = sp + known;
            }
            /* 8 bytes each: ITEM_MAX leaves room for the overrun. */
            memcpy(p, sp[x], 8);
            p += sp[x][7];
            memcpy(p, cm[y], 8);
            p += cm[y][7];
        }
    }
    *used = (size_t)(p - buf);
}

void cli_print_points(const ls_point *points, uint32_t count)
{
    char buf[LINE_ROOM];
    size_t used = 0;
    put_points(buf, &used, points, count);
    fwrite(buf, 1, used, stdout);
}

int cli_print_waypoints(const ls_grid *grid, uint32_t clearance,
                        const ls_point *points, uint32_t count)
{
    ls_point *ways = malloc((count ? count : 1) * sizeof *ways);
    uint32_t n = 0;
    ls_status st;
    if (!ways) {
        cli_fail("out of memory while smoothing a path of %lu points",
                 (unsigned long)count);
        return -1;
    }
    st = ls_smooth_path_sized(grid, clearance, points, count, ways, count,
                              &n);
    if (st != LS_OK) {
        free(ways);
        cli_fail("smoothing failed: %s", ls_status_string(st));
        return -1;
    }
    cli_print_points(ways, n);
    free(ways);
    return 0;
}

int cli_print_scen_line(const mai_query *sq, ls_status outcome,
                        const ls_result *r, const ls_point *points,
                        cli_tally *t)
{
    char buf[LINE_ROOM];
    char *p = buf;
    size_t used;
    int rc = 0;
    /* "%ld %ld %ld %ld": four numbers, well inside the buffer. */
    p = put_coord(p, sq->sx);
    *p++ = ' ';
    p = put_coord(p, sq->sy);
    *p++ = ' ';
    p = put_coord(p, sq->gx);
    *p++ = ' ';
    p = put_coord(p, sq->gy);
    if (outcome < 0) {
        fwrite(buf, 1, (size_t)(p - buf), stdout);
        printf(" error %s\n", ls_status_name(outcome));
        t->refused++;
        return 0;
    }
    /* " %ld %lu %016" PRIx64 */
    *p++ = ' ';
    p = put_signed(p, (long)r->cost);
    *p++ = ' ';
    p = put_unsigned(p, (unsigned long)r->expansions);
    *p++ = ' ';
    p = put_hex16(p, r->digest);
    used = (size_t)(p - buf);
    if (outcome == LS_OK) {
        put_points(buf, &used, points, r->path_length);
        t->solved++;
        if (t->smooth) {
            fwrite(buf, 1, used, stdout);
            used = 0;
            fputs(" |", stdout);
            rc = cli_print_waypoints(t->smooth, t->clearance, points,
                                     r->path_length);
        }
    }
    buf[used++] = '\n';
    fwrite(buf, 1, used, stdout);
    t->expansions += r->expansions;
    return rc;
}

void cli_format_cpu_time(clock_t elapsed, char *out, size_t size)
{
    unsigned long ms = (unsigned long)((uint64_t)elapsed * 1000u /
                                       (uint64_t)CLOCKS_PER_SEC);
    snprintf(out, size, "%lu.%03lu s", ms / 1000u, ms % 1000u);
}

int cli_end_scen_run(const char *command, uint32_t queries,
                     const cli_tally *t, const char *detail, int status)
{
    if (cli_finish(CLI_EXIT_DONE) != CLI_EXIT_DONE)
        return CLI_EXIT_BAD_INPUT;
    if (status != CLI_EXIT_DONE)
        return status;
    fprintf(stderr, "lockstar %s: %lu queries, %lu solved, %lu refused, "
            "%" PRIu64 " expansions, %s\n", command, (unsigned long)queries,
            (unsigned long)t->solved, (unsigned long)t->refused,
            t->expansions, detail);
    return t->refused > 0 ? CLI_EXIT_BAD_INPUT : CLI_EXIT_DONE;
}
