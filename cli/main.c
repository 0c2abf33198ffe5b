/*
 * main.c - the lockstar command line: dispatch to a subcommand, plus the
 * help, version and error-reporting pieces every command shares.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "commands.h"

void cli_usage(FILE *out)
{
    fputs(
"usage: lockstar path MAP --from X,Y --to X,Y [--draw] [options]\n"
"       lockstar scen MAP SCEN [options]\n"
"       lockstar --help | --version\n"
"\n"
"  path   find one path; prints status, cost, expansions, digest and the\n"
"         path (--draw adds the map as ASCII with the path on it)\n"
"  scen   run every query of a Moving AI scenario file on MAP; prints one\n"
"         line per query: sx sy gx gy cost expanded digest x0,y0 ... xn,yn\n"
"         (cost -1 and no points when no path was found); a summary goes\n"
"         to standard error\n"
"\n"
"options (both commands; --opt V or --opt=V):\n"
"  --connect 4|8                 neighbours per cell (default 8)\n"
"  --corners none|one|all        diagonal corner cutting (default none)\n"
"  --heuristic auto|octile|manhattan|chebyshev|zero   (default auto)\n"
"  --weight W                    weighted A*, decimal 1.0..64.0 (default 1)\n"
"  --tie high-g|low-g            tie-break among equal f (default high-g)\n"
"  --straight N --diagonal N     step costs (default 10 and 14)\n"
"  --max-expansions N            give up after N expansions (0 = no limit)\n"
"  --budget N                    search in slices of N expansions; never\n"
"                                changes the output\n"
"  --algo astar|jps              search algorithm (default astar; jps needs\n"
"                                uniform costs, 8-connectivity, corners none)\n"
"  --swamp-cost N                cost 1..255 of swamp 'S' cells (default 1)\n"
"  --context full|compact        search context: full (20 bytes per cell,\n"
"                                any query; default) or compact (12 bytes,\n"
"                                default-style queries only, slower on open\n"
"                                maps)\n"
"  --grid full|compact           map grid: full (1.25 bytes per cell;\n"
"                                default) or compact (1 byte, slower jps);\n"
"                                never changes the output\n"
"\n"
"maps: Moving AI format; . G S passable (cost 1), @ O T W blocked.\n"
"exit status: 0 done (path: found), 1 path: no path, 2 bad input.\n",
        out);
}

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
    return LS_EXIT_BAD_INPUT;
}

int cli_fail_error(const ls_cli_error *err)
{
    return cli_fail("%s", err->message);
}

int cli_finish(int status)
{
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_fail("cannot write to standard output");
    return status;
}

void cli_print_points(const ls_point *points, uint32_t count)
{
    uint32_t i;
    for (i = 0; i < count; i++)
        printf(" %ld,%ld", (long)points[i].x, (long)points[i].y);
}

int main(int argc, char **argv)
{
    const char *command;

    if (argc < 2)
        return cli_fail("no command given (try 'lockstar --help')");
    command = argv[1];
    if (strcmp(command, "--help") == 0 || strcmp(command, "-h") == 0 ||
        strcmp(command, "help") == 0) {
        cli_usage(stdout);
        return cli_finish(LS_EXIT_DONE);
    }
    if (strcmp(command, "--version") == 0 ||
        strcmp(command, "version") == 0) {
        printf("lockstar %s (liblockstar %s)\n", LS_VERSION_STRING,
               ls_version());
        return cli_finish(LS_EXIT_DONE);
    }
    if (strcmp(command, "path") == 0)
        return cmd_path(argc - 1, argv + 1);
    if (strcmp(command, "scen") == 0)
        return cmd_scen(argc - 1, argv + 1);
    if (command[0] == '-')
        return cli_fail("unknown option '%s' (try 'lockstar --help')",
                        command);
    return cli_fail("unknown command '%s' (try 'lockstar --help')", command);
}
