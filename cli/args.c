/* SPDX-License-Identifier: MIT */
/*
 * args.c - the argument loop shared by `lockstar path` and `scen` (see
 * args.h); every message is the one the commands printed before they
 * shared it.
 */
#include <stdio.h>
#include <string.h>
#include "args.h"
#include "output.h"
#include "picture.h"
#include "pngfile.h"
#include "usage.h"

static int take_point(const char *option, const char *value, ls_point *p)
{
    if (cli_parse_point(value, &p->x, &p->y) == 0)
        return 0;
    cli_fail("bad value '%s' for %s: expected X,Y (two whole numbers below "
             "%d, such as 3,4)", value, option, LS_MAX_DIMENSION);
    return -1;
}

/* --from, --to and --draw. Like cli_options_take: 1 taken, 0 not one of
 * them, -1 with err set; 2 when a point was bad (already reported). */
static int take_path_option(int argc, char **argv, int *i, cli_args *a,
                            mai_error *err)
{
    static const char *const names[2] = { "--from", "--to" };
    ls_point *points[2];
    int *seen[2];
    const char *value;
    int k, rc;

    points[0] = &a->from;
    points[1] = &a->to;
    seen[0] = &a->has_from;
    seen[1] = &a->has_to;
    for (k = 0; k < 2; k++) {
        rc = cli_option_value(argc, argv, i, names[k], &value, err);
        if (rc > 0) {
            if (take_point(names[k], value, points[k]) != 0)
                return 2;
            *seen[k] = 1;
        }
        if (rc != 0)
            return rc;
    }
    rc = cli_option_flag(argc, argv, i, "--draw", err);
    if (rc > 0)
        a->draw = 1;
    return rc;
}

/* --png FILE and --scale N, as take_path_option. A lockstar built
 * without libpng refuses --png here, before any work. */
static int take_png_option(int argc, char **argv, int *i, const char *name,
                           cli_args *a, mai_error *err)
{
    const char *value;
    int rc = cli_option_value(argc, argv, i, "--png", &value, err);

    if (rc > 0) {
        if (!cli_png_supported()) {
            cli_fail("%s: --png: this lockstar was built without libpng "
                     "(on Debian: apt-get install libpng-dev, then "
                     "configure and build again)", name);
            return 2;
        }
        if (value[0] == '\0') {
            cli_fail("%s: --png needs a file name", name);
            return 2;
        }
        /* "--png --scale 4" would write a file named "--scale": a name
         * starting with '-' is taken for a forgotten value. */
        if (value[0] == '-') {
            cli_fail("%s: --png needs a file name, not '%s' (write ./%s "
                     "for a file of that name)", name, value, value);
            return 2;
        }
        a->png = value;
    }
    if (rc != 0)
        return rc;
    rc = cli_option_value(argc, argv, i, "--scale", &value, err);
    if (rc > 0) {
        if (cli_parse_uint(value, 1, CLI_PICTURE_MAX_SCALE, &a->scale) != 0) {
            cli_fail("bad value '%s' for --scale: expected a whole number "
                     "from 1 to %u", value, CLI_PICTURE_MAX_SCALE);
            return 2;
        }
        a->has_scale = 1;
    }
    return rc;
}

/* Is arg the option name, alone or as name=value? */
static int is_option(const char *arg, const char *name)
{
    size_t n = strlen(name);
    return strncmp(arg, name, n) == 0 && (arg[n] == '\0' || arg[n] == '=');
}

int cli_parse_args(int argc, char **argv, const cli_command *cmd,
                   cli_args *a)
{
    mai_error err;
    int i = 1, only_files = 0;

    memset(a, 0, sizeof *a);
    cli_options_init(&a->options);
    a->scale = CLI_PICTURE_DEFAULT_SCALE;
    while (i < argc) {
        const char *arg = argv[i];
        int rc;

        if (only_files || arg[0] != '-' || arg[1] == '\0') {
            if (a->file_count == cmd->max_files)
                return cli_fail("%s: unexpected argument '%s' (%s)",
                                cmd->name, arg, cmd->too_many);
            a->files[a->file_count++] = arg;
            i++;
            continue;
        }
        if (strcmp(arg, "--") == 0) {
            only_files = 1;
            i++;
            continue;
        }
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            cli_usage(stdout);
            return cli_finish(CLI_EXIT_DONE);
        }
        rc = cmd->map_only && !is_option(arg, "--swamp-cost")
                 ? 0
                 : cli_options_take(argc, argv, &i, &a->options, &err);
        if (rc == 0 && cmd->takes_points)
            rc = take_path_option(argc, argv, &i, a, &err);
        if (rc == 0 && cmd->takes_png)
            rc = take_png_option(argc, argv, &i, cmd->name, a, &err);
        if (rc == 2)
            return CLI_EXIT_BAD_INPUT;
        if (rc < 0)
            return cli_fail_error(&err);
        if (rc == 0)
            return cli_fail("%s: unknown option '%s' (try 'lockstar "
                            "--help')", cmd->name, arg);
    }
    return -1;
}
