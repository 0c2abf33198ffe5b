/* SPDX-License-Identifier: MIT */
/*
 * options.c - parsing the query options shared by `path` and `scen` into
 * an ls_query. Values are checked here, with messages that name the
 * option, so that a bad option never reaches the library as a bare status.
 */
#include <stdio.h>
#include <string.h>
#include "options.h"

void cli_options_init(cli_options *o)
{
    ls_query_init(&o->query);
    o->budget = 0;
    o->swamp_cost = 1;
    o->context_flags = LS_SEARCH_FULL;
    o->grid_flags = LS_GRID_FULL;
    o->smooth = 0;
    {
        /* The headers' defaults, taken from the library's own inits. */
        ls_landmarks_config lc;
        ls_landmarks_config_init(&lc);
        o->landmarks = lc.count;
        o->cluster = LS_HPA_CLUSTER_DEFAULT;
    }
}

ls_status cli_options_prepare(const cli_options *o, ls_grid *grid)
{
    const ls_query *q = &o->query;
    ls_status st = LS_OK;

    if (q->algorithm == LS_ALGO_JPS_PLUS)
        st = ls_grid_build_jumps(grid);
    if (st == LS_OK && q->algorithm == LS_ALGO_HPA) {
        ls_hpa_config hc;
        ls_hpa_config_init(&hc);
        hc.cluster_size = o->cluster;
        hc.connectivity = q->connectivity;
        hc.corner_rule = q->corner_rule;
        hc.straight_cost = q->straight_cost;
        hc.diagonal_cost = q->diagonal_cost;
        st = ls_grid_build_hierarchy(grid, &hc);
    }
    if (st == LS_OK && q->heuristic == LS_HEURISTIC_LANDMARKS) {
        ls_landmarks_config lc;
        ls_landmarks_config_init(&lc);
        lc.count = o->landmarks;
        lc.connectivity = q->connectivity;
        lc.corner_rule = q->corner_rule;
        lc.straight_cost = q->straight_cost;
        lc.diagonal_cost = q->diagonal_cost;
        st = ls_grid_build_landmarks(grid, &lc);
    }
    return st;
}

int cli_parse_uint(const char *text, uint32_t min, uint32_t max,
                   uint32_t *out)
{
    return mai_parse_uint(text, strlen(text), min, max, out);
}

int cli_parse_point(const char *text, int32_t *x, int32_t *y)
{
    const char *comma = strchr(text, ',');
    uint32_t vx, vy;

    if (!comma)
        return -1;
    if (mai_parse_uint(text, (size_t)(comma - text), 0, LS_MAX_DIMENSION - 1,
                       &vx) != 0 ||
        cli_parse_uint(comma + 1, 0, LS_MAX_DIMENSION - 1, &vy) != 0)
        return -1;
    *x = (int32_t)vx;
    *y = (int32_t)vy;
    return 0;
}

int cli_option_value(int argc, char *const argv[], int *i, const char *name,
                     const char **value, mai_error *err)
{
    const char *arg = argv[*i];
    size_t n = strlen(name);

    if (strncmp(arg, name, n) != 0)
        return 0;
    if (arg[n] == '=') {
        *value = arg + n + 1;
        *i += 1;
        return 1;
    }
    if (arg[n] != '\0')
        return 0;
    if (*i + 1 >= argc) {
        mai_error_set(err, "option %s needs a value", name);
        return -1;
    }
    *value = argv[*i + 1];
    *i += 2;
    return 1;
}

int cli_option_flag(int argc, char *const argv[], int *i, const char *name,
                    mai_error *err)
{
    const char *arg = argv[*i];
    size_t n = strlen(name);

    (void)argc;
    if (strncmp(arg, name, n) != 0)
        return 0;
    if (arg[n] == '=') {
        mai_error_set(err, "option %s takes no value", name);
        return -1;
    }
    if (arg[n] != '\0')
        return 0;
    *i += 1;
    return 1;
}

/* A word option: the index of value in names (NULL-terminated), or -1. */
static int pick(const char *value, const char *const *names)
{
    int k;
    for (k = 0; names[k]; k++)
        if (strcmp(value, names[k]) == 0)
            return k;
    return -1;
}

static int bad_value(mai_error *err, const char *option,
                     const char *value, const char *expected)
{
    char shown[48];
    mai_quote(value, strlen(value), shown, sizeof shown);
    mai_error_set(err, "bad value '%s' for %s: expected %s", shown,
                  option, expected);
    return -1;
}

static int take_word(const char *option, const char *value,
                     const char *const *names, const int32_t *codes,
                     const char *expected, int32_t *field, mai_error *err)
{
    int k = pick(value, names);
    if (k < 0)
        return bad_value(err, option, value, expected);
    *field = codes[k];
    return 1;
}

/* --context and --grid: full or compact. take_word stores an int32_t code,
 * but the library takes these as the uint32_t flags of ls_search_create_with
 * and ls_grid_create_with, hence the copy. */
static int take_kind(const char *option, const char *value,
                     const int32_t *codes, uint32_t *flags, mai_error *err)
{
    static const char *const kind_names[] = { "full", "compact", NULL };
    int32_t code;
    int rc = take_word(option, value, kind_names, codes, "full or compact",
                       &code, err);
    if (rc > 0)
        *flags = (uint32_t)code;
    return rc;
}

static int take_number(const char *option, const char *value, uint32_t min,
                       uint32_t max, uint32_t *field, mai_error *err)
{
    char expected[64];
    if (cli_parse_uint(value, min, max, field) == 0)
        return 1;
    snprintf(expected, sizeof expected, "a whole number from %lu to %lu",
             (unsigned long)min, (unsigned long)max);
    return bad_value(err, option, value, expected);
}

static int take_weight(const char *value, fix16_t *field, mai_error *err)
{
    fix16_t w;
    static const char expected[] =
        "a decimal from 1.0 to 64.0 (such as 1.5)";
    if (ls_fix16_parse(value, &w) != LS_OK || w < LS_MIN_WEIGHT ||
        w > LS_MAX_WEIGHT)
        return bad_value(err, "--weight", value, expected);
    *field = w;
    return 1;
}

/* The shared options, in the order of the switch in cli_options_take. */
static const char *const option_names[] = {
    "--connect", "--corners", "--heuristic", "--tie", "--weight",
    "--straight", "--diagonal", "--max-expansions", "--budget", "--algo",
    "--swamp-cost", "--context", "--grid", "--cluster", "--landmarks",
    "--clearance", NULL
};

int cli_options_take(int argc, char *const argv[], int *i, cli_options *o,
                     mai_error *err)
{
    static const char *const connect_names[] = { "4", "8", NULL };
    static const int32_t connect_codes[] = { LS_CONNECT_4, LS_CONNECT_8 };
    static const char *const corner_names[] = { "none", "one", "all", NULL };
    static const int32_t corner_codes[] = {
        LS_CORNERS_NONE, LS_CORNERS_ONE, LS_CORNERS_ALL
    };
    static const char *const heuristic_names[] = {
        "auto", "octile", "manhattan", "chebyshev", "zero", "landmarks", NULL
    };
    static const int32_t heuristic_codes[] = {
        LS_HEURISTIC_AUTO, LS_HEURISTIC_OCTILE, LS_HEURISTIC_MANHATTAN,
        LS_HEURISTIC_CHEBYSHEV, LS_HEURISTIC_ZERO, LS_HEURISTIC_LANDMARKS
    };
    static const char *const tie_names[] = { "high-g", "low-g", NULL };
    static const int32_t tie_codes[] = { LS_TIE_HIGH_G, LS_TIE_LOW_G };
    static const char *const algo_names[] = {
        "astar", "jps", "jps+", "hpa", NULL
    };
    static const int32_t algo_codes[] = {
        LS_ALGO_ASTAR, LS_ALGO_JPS, LS_ALGO_JPS_PLUS, LS_ALGO_HPA
    };
    static const char *const cluster_names[] = { "8", "16", "32", NULL };
    static const int32_t cluster_codes[] = { 8, 16, 32 };
    int32_t code;
    static const int32_t context_codes[] = { LS_SEARCH_FULL,
                                             LS_SEARCH_COMPACT };
    static const int32_t grid_codes[] = { LS_GRID_FULL, LS_GRID_COMPACT };
    ls_query *q = &o->query;
    const char *v = "";
    int k, rc = cli_option_flag(argc, argv, i, "--smooth", err);

    if (rc != 0) {
        if (rc > 0)
            o->smooth = 1;
        return rc;
    }

    for (k = 0; option_names[k]; k++) {
        rc = cli_option_value(argc, argv, i, option_names[k], &v, err);
        if (rc != 0)
            break;
    }
    if (rc <= 0)
        return rc;
    switch (k) {
    case 0:
        return take_word("--connect", v, connect_names, connect_codes,
                         "4 or 8", &q->connectivity, err);
    case 1:
        return take_word("--corners", v, corner_names, corner_codes,
                         "none, one or all", &q->corner_rule, err);
    case 2:
        return take_word("--heuristic", v, heuristic_names, heuristic_codes,
                         "auto, octile, manhattan, chebyshev, zero or "
                         "landmarks",
                         &q->heuristic, err);
    case 3:
        return take_word("--tie", v, tie_names, tie_codes, "high-g or low-g",
                         &q->tie_break, err);
    case 4:
        return take_weight(v, &q->weight, err);
    case 5:
        return take_number("--straight", v, 1, LS_MAX_STEP_COST,
                           &q->straight_cost, err);
    case 6:
        return take_number("--diagonal", v, 1, 2u * LS_MAX_STEP_COST,
                           &q->diagonal_cost, err);
    case 7:
        return take_number("--max-expansions", v, 0, UINT32_MAX,
                           &q->max_expansions, err);
    case 8:
        return take_number("--budget", v, 0, UINT32_MAX, &o->budget, err);
    case 9:
        return take_word("--algo", v, algo_names, algo_codes, "astar, jps, jps+ or hpa",
                         &q->algorithm, err);
    case 10:
        return take_number("--swamp-cost", v, 1, 255, &o->swamp_cost, err);
    case 11:
        return take_kind("--context", v, context_codes, &o->context_flags,
                         err);
    case 12:
        return take_kind("--grid", v, grid_codes, &o->grid_flags, err);
    case 13:
        rc = take_word("--cluster", v, cluster_names, cluster_codes,
                       "8, 16 or 32", &code, err);
        if (rc > 0)
            o->cluster = (uint32_t)code;
        return rc;
    case 14:
        return take_number("--landmarks", v, 1, LS_LANDMARKS_MAX,
                           &o->landmarks, err);
    default:
        return take_number("--clearance", v, 0, LS_CLEARANCE_MAX,
                           &q->clearance, err);
    }
}

int cli_options_check(const cli_options *o, mai_error *err)
{
    uint32_t s = o->query.straight_cost, d = o->query.diagonal_cost;
    /* The library checks this for 4-connectivity too (the octile estimate
     * uses the diagonal cost), so the CLI does the same. */
    if (d < s || d > 2u * s) {
        mai_error_set(err, "step costs must satisfy straight <= diagonal "
                      "<= 2 * straight (got --straight %lu --diagonal %lu)",
                      (unsigned long)s, (unsigned long)d);
        return -1;
    }
    return 0;
}
