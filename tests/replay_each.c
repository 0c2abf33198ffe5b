/* SPDX-License-Identifier: MIT */
/*
 * replay_each.c - many `lockstar replay` runs in one process, each one's
 * standard output compared with its recorded file (`make check`: the
 * replay-vector families, tests/avoid-vectors.sh and
 * tests/crowd-vectors.sh, about 1,300 runs natively).
 *
 * Why one process: under the platform matrix's emulators a run of a small
 * script costs mostly the program's start and qemu's translation of the
 * same code again (qemu-arm: 173 ms a run, of which 43 ms is the start of
 * `lockstar --version`, against 2 ms natively). Here each run calls the
 * command's own code, cli_cmd_replay (cli/cmd_replay.c, compiled into this
 * program from the same source as into `lockstar`), with standard output
 * and standard error sent to scratch files; only main() is not the
 * program's, and tests/cli.sh and tests/replay.sh test that one.
 *
 * Usage: tests/replay_each LIST REPORT
 *   LIST    one run per line, fields separated by tabs (so paths may hold
 *           spaces): STATUS, EXPECTED, then the command line from
 *           "replay" on: "0<TAB>a000.out<TAB>replay<TAB>a000.replay<TAB>
 *           --check". STATUS is the exit status the run must end with;
 *           EXPECTED the file its standard output must equal, byte for
 *           byte.
 *   REPORT  written here: one line per run, "ok NAME" or "FAIL NAME: why"
 *           (NAME: the command line from the script on), flushed line by
 *           line so that a crash shows which run it was. The runs' own
 *           output goes to REPORT.out and REPORT.err, one run at a time.
 * Exit status: 0 every run matched, 1 some did not, 2 the LIST or REPORT
 * could not be opened (said on standard error) or a LIST line is
 * malformed (said in the REPORT).
 */
#include <stdio.h>
#include <string.h>
#include "commands.h"

enum { MAX_LINE = 8192, MAX_ARGS = 32, MAX_NAME = 600 };

/* Split line (its newline removed) at tabs into fields; return their
 * count, or -1 when there are more than max. */
static int split_tabs(char *line, char **fields, int max)
{
    int n = 0;
    char *p = line;
    for (;;) {
        char *tab = strchr(p, '\t');
        if (n == max)
            return -1;
        fields[n++] = p;
        if (!tab)
            return n;
        *tab = '\0';
        p = tab + 1;
    }
}

/* 0 when the files hold the same bytes; else -1 (a file cannot be read)
 * or the 1-based line of the first difference. */
static long compare_files(const char *got_path, const char *want_path)
{
    FILE *got = fopen(got_path, "rb"), *want = fopen(want_path, "rb");
    long line = 1, result = 0;
    if (!got || !want) {
        result = -1;
    } else {
        for (;;) {
            int a = getc(got), b = getc(want);
            if (a != b) {
                result = line;
                break;
            }
            if (a == EOF)
                break;
            if (a == '\n')
                line++;
        }
    }
    if (got)
        fclose(got);
    if (want)
        fclose(want);
    return result;
}

/* The first line of path (for a failure's reason), into out. */
static void first_line(const char *path, char *out, size_t size)
{
    FILE *f = fopen(path, "rb");
    out[0] = '\0';
    if (!f)
        return;
    if (fgets(out, (int)size, f))
        out[strcspn(out, "\r\n")] = '\0';
    fclose(f);
}

/* What the report calls a run: its command line from the script on,
 * the script shortened to its file name. */
static void run_name(char **args, int count, char *out, size_t size)
{
    int k;
    size_t used = 0;
    out[0] = '\0';
    for (k = 1; k < count && used + 1 < size; k++) {
        const char *a = args[k];
        const char *slash = strrchr(a, '/');
        if (k == 1 && slash)
            a = slash + 1;
        used += (size_t)snprintf(out + used, size - used, "%s%s",
                                 k > 1 ? " " : "", a);
        if (used >= size)
            used = size - 1;
    }
}

int main(int argc, char **argv)
{
    static char line[MAX_LINE], out_path[1024], err_path[1024];
    static char name[MAX_NAME], why[400];
    char *fields[MAX_ARGS + 2];
    FILE *list, *report;
    unsigned long number = 0, runs = 0, failures = 0;
    if (argc != 3) {
        fprintf(stderr, "usage: replay_each LIST REPORT\n");
        return 2;
    }
    if (snprintf(out_path, sizeof out_path, "%s.out", argv[2]) >=
            (int)sizeof out_path ||
        snprintf(err_path, sizeof err_path, "%s.err", argv[2]) >=
            (int)sizeof err_path) {
        fprintf(stderr, "replay_each: %s: name too long\n", argv[2]);
        return 2;
    }
    list = fopen(argv[1], "rb");
    if (!list) {
        fprintf(stderr, "replay_each: cannot open %s\n", argv[1]);
        return 2;
    }
    report = fopen(argv[2], "wb");
    if (!report) {
        fprintf(stderr, "replay_each: cannot write %s\n", argv[2]);
        fclose(list);
        return 2;
    }
    while (fgets(line, sizeof line, list)) {
        int count, status, want;
        long differs;
        char **args;
        number++;
        if (!strchr(line, '\n') && !feof(list)) {
            fprintf(report, "replay_each: %s:%lu: line too long\n",
                    argv[1], number);
            return 2;
        }
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0')
            continue;
        count = split_tabs(line, fields, MAX_ARGS + 2);
        if (count < 4 || strcmp(fields[2], "replay") != 0 ||
            sscanf(fields[0], "%d", &want) != 1) {
            fprintf(report, "replay_each: %s:%lu: expected STATUS, EXPECTED, "
                    "replay, SCRIPT [OPTION...] separated by tabs\n",
                    argv[1], number);
            return 2;
        }
        args = fields + 2;
        run_name(args, count - 2, name, sizeof name);
        /* Binary: the outputs compare byte for byte on every system
         * (Windows' text mode would write CR LF). */
        if (!freopen(out_path, "wb", stdout) ||
            !freopen(err_path, "wb", stderr)) {
            fprintf(report, "FAIL %s: cannot redirect the output to %s\n",
                    name, out_path);
            return 2;
        }
        status = cli_cmd_replay(count - 2, args);
        fflush(stdout);
        fflush(stderr);
        runs++;
        differs = compare_files(out_path, fields[1]);
        why[0] = '\0';
        if (status != want) {
            char err[300];
            first_line(err_path, err, sizeof err);
            snprintf(why, sizeof why, "exit status %d, expected %d (%s)",
                     status, want, err);
        } else if (differs < 0) {
            snprintf(why, sizeof why, "cannot read %s or its output",
                     fields[1]);
        } else if (differs > 0) {
            snprintf(why, sizeof why, "output differs from %s at line %ld",
                     fields[1], differs);
        }
        if (why[0]) {
            failures++;
            fprintf(report, "FAIL %s: %s\n", name, why);
        } else {
            fprintf(report, "ok %s\n", name);
        }
        fflush(report);
    }
    fprintf(report, "replay_each: %lu runs, %lu failures\n", runs, failures);
    if (ferror(list) || fclose(report) != 0) {
        fclose(list);
        return 2;
    }
    fclose(list);
    return failures ? 1 : 0;
}
