/* SPDX-License-Identifier: MIT */
/*
 * cmd_selftest.c - `lockstar selftest`: ls_selftest, the golden vectors
 * built into the library, and one line on standard output:
 *
 *   lockstar selftest: P passed, F failed, digest D
 *
 * D is the combined digest as 16 lowercase hex digits; README.md publishes
 * the line every build of this version must print. Exit status 0 when
 * every case passed; 1 otherwise, with the first failed case named on
 * standard error ("lockstar: selftest: first failure: case I, vector ID,
 * sliced run" or "..., script ID, line N"); 2 on an argument (it
 * takes none but --help) or when the self-test could not run.
 *
 * The one file of the program that needs liblockstar-selftest (the
 * program links it; the library it tests is liblockstar, as for a game).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "lockstar_selftest.h"
#include "commands.h"
#include "output.h"
#include "usage.h"

int cli_cmd_selftest(int argc, char **argv)
{
    ls_selftest_report r;
    ls_status st;
    const char *name;
    int status;

    if (argc > 1) {
        if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
            cli_usage(stdout);
            return cli_finish(CLI_EXIT_DONE);
        }
        return cli_fail("selftest: unexpected argument '%s' (selftest takes "
                        "none)", argv[1]);
    }
    st = ls_selftest(NULL, &r);
    if (st != LS_OK)
        return cli_fail("selftest: %s", ls_status_string(st));
    printf("lockstar selftest: %" PRIu32 " passed, %" PRIu32 " failed, "
           "digest %016" PRIx64 "\n", r.passed, r.failed, r.digest);
    status = cli_finish(r.failed == 0 ? CLI_EXIT_DONE : CLI_EXIT_NOT_FOUND);
    if (status != CLI_EXIT_NOT_FOUND)
        return status;
    name = ls_selftest_case_name(r.first_failed);
    if (r.first_failed_kind == LS_SELFTEST_SCRIPT)
        fprintf(stderr, "lockstar: selftest: first failure: case %" PRIu32
                ", script %s, line %" PRIu32 "\n", r.first_failed,
                name ? name : "?", r.first_failed_step);
    else
        fprintf(stderr, "lockstar: selftest: first failure: case %" PRIu32
                ", vector %s, %s run\n", r.first_failed, name ? name : "?",
                r.first_failed_step ? "sliced" : "one-shot");
    return CLI_EXIT_NOT_FOUND;
}
