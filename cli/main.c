/* SPDX-License-Identifier: MIT */
/*
 * main.c - the lockstar command line: --help, --version, and dispatch to
 * a subcommand (commands.h).
 */
#include <stdio.h>
#include <string.h>
#include "lockstar.h"
#include "commands.h"
#include "output.h"
#include "usage.h"

int main(int argc, char **argv)
{
    const char *command;

    if (argc < 2)
        return cli_fail("no command given (try 'lockstar --help')");
    command = argv[1];
    if (strcmp(command, "--help") == 0 || strcmp(command, "-h") == 0 ||
        strcmp(command, "help") == 0) {
        cli_usage(stdout);
        return cli_finish(CLI_EXIT_DONE);
    }
    if (strcmp(command, "--version") == 0 ||
        strcmp(command, "version") == 0) {
        printf("lockstar %s (liblockstar %s)\n", LS_VERSION_STRING,
               ls_version());
        return cli_finish(CLI_EXIT_DONE);
    }
    if (strcmp(command, "path") == 0)
        return cli_cmd_path(argc - 1, argv + 1);
    if (strcmp(command, "scen") == 0)
        return cli_cmd_scen(argc - 1, argv + 1);
    if (strcmp(command, "queue") == 0)
        return cli_cmd_queue(argc - 1, argv + 1);
    if (strcmp(command, "digest") == 0)
        return cli_cmd_digest(argc - 1, argv + 1);
    if (strcmp(command, "batch") == 0)
        return cli_cmd_batch(argc - 1, argv + 1);
    if (strcmp(command, "selftest") == 0)
        return cli_cmd_selftest(argc - 1, argv + 1);
    if (strcmp(command, "replay") == 0)
        return cli_cmd_replay(argc - 1, argv + 1);
    if (strcmp(command, "render") == 0)
        return cli_cmd_render(argc - 1, argv + 1);
    if (strcmp(command, "prep") == 0)
        return cli_cmd_prep(argc - 1, argv + 1);
    if (command[0] == '-')
        return cli_fail("unknown option '%s' (try 'lockstar --help')",
                        command);
    return cli_fail("unknown command '%s' (try 'lockstar --help')", command);
}
