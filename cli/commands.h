/* SPDX-License-Identifier: MIT */
/*
 * commands.h - the subcommands of the lockstar program, as main.c calls
 * them. The commands build on output.h, args.h, run.h and draw.h, never on
 * main.c, so dependencies run one way.
 */
#ifndef CLI_COMMANDS_H
#define CLI_COMMANDS_H

/* argv[0] is the command's own name ("path", "scen"). Return the exit
 * status (output.h). */
int cli_cmd_path(int argc, char **argv);
int cli_cmd_scen(int argc, char **argv);
int cli_cmd_queue(int argc, char **argv);
int cli_cmd_digest(int argc, char **argv);
int cli_cmd_batch(int argc, char **argv);
int cli_cmd_selftest(int argc, char **argv);
int cli_cmd_replay(int argc, char **argv);
int cli_cmd_render(int argc, char **argv);
int cli_cmd_prep(int argc, char **argv);

#endif
