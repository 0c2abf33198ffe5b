/* SPDX-License-Identifier: MIT */
/*
 * suite_errors_status.c - the errors suite's tests of the statuses
 * themselves: their fixed values (ABI), ls_status_string (distinct,
 * never NULL) and ls_status_name (the enum's own spelling, and
 * LS_UNKNOWN_STATUS for any other value).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suite_errors.h"

void test_status_strings_are_distinct_and_named(void)
{
    /* LS_ERR_NOT_PREPARED is the lowest status the header defines. */
    enum { LOWEST = LS_ERR_NOT_PREPARED, COUNT = LS_EXPANSION_LIMIT - LOWEST + 1 };
    const char *names[COUNT];
    ls_status st;
    int i, j;

    for (st = LOWEST; st <= LS_EXPANSION_LIMIT; st++) {
        const char *s = ls_status_string(st);
        CU_ASSERT_PTR_NOT_NULL_FATAL(s);
        CU_ASSERT(s[0] != '\0');
        CU_ASSERT_STRING_NOT_EQUAL(s, "unknown status");
        names[st - LOWEST] = s;
    }
    for (i = 0; i < COUNT; i++)
        for (j = i + 1; j < COUNT; j++)
            CU_ASSERT_STRING_NOT_EQUAL(names[i], names[j]);
}

void test_unknown_status_string(void)
{
    const ls_status unknown[] = { 4, 5, 100, LS_ERR_NOT_PREPARED - 1, -100,
                                  INT32_MIN, INT32_MAX };
    size_t i;
    for (i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        CU_ASSERT_PTR_NOT_NULL_FATAL(ls_status_string(unknown[i]));
        CU_ASSERT_STRING_EQUAL(ls_status_string(unknown[i]), "unknown status");
    }
}

/* The numeric values are ABI. */
void test_status_values_are_fixed(void)
{
    CU_ASSERT_EQUAL(LS_OK, 0);
    CU_ASSERT_EQUAL(LS_IN_PROGRESS, 1);
    CU_ASSERT_EQUAL(LS_NO_PATH, 2);
    CU_ASSERT_EQUAL(LS_EXPANSION_LIMIT, 3);
    CU_ASSERT_EQUAL(LS_ERR_NULL_ARGUMENT, -1);
    CU_ASSERT_EQUAL(LS_ERR_COST_OVERFLOW, -13);
    CU_ASSERT_EQUAL(LS_ERR_BUFFER_TOO_SMALL, -14);
    CU_ASSERT_EQUAL(LS_ERR_BAD_STRUCT_SIZE, -19);
    CU_ASSERT_EQUAL(LS_ERR_NOT_UNIFORM, -22);
    CU_ASSERT_EQUAL(LS_ERR_UNSUPPORTED, -23);
    CU_ASSERT_EQUAL(LS_ERR_NEEDS_FULL_CONTEXT, -24);
    CU_ASSERT_EQUAL(LS_ERR_BAD_FLAGS, -25);
    CU_ASSERT_EQUAL(LS_ERR_QUEUE_FULL, -26);
    CU_ASSERT_EQUAL(LS_ERR_UNKNOWN_ID, -27);
    CU_ASSERT_EQUAL(LS_ERR_DUPLICATE_ID, -28);
    CU_ASSERT_EQUAL(LS_ERR_POOL_FULL, -29);
    CU_ASSERT_EQUAL(LS_ERR_THREAD, -30);
    CU_ASSERT_EQUAL(LS_ERR_BAD_FRAME, -31);
    CU_ASSERT_EQUAL(LS_ERR_WORLD_RANGE, -32);
    CU_ASSERT_EQUAL(LS_ERR_BAD_SPEED, -33);
    CU_ASSERT_EQUAL(LS_ERR_BAD_AGENT, -34);
    CU_ASSERT_EQUAL(LS_ERR_BAD_ROUTE, -35);
    CU_ASSERT_EQUAL(LS_ERR_CROWD_FULL, -36);
    CU_ASSERT_EQUAL(LS_ERR_BAD_CLEARANCE, -37);
    CU_ASSERT_EQUAL(LS_ERR_BAD_RADIUS, -38);
    CU_ASSERT_EQUAL(LS_ERR_BAD_PRIORITY, -39);
    CU_ASSERT_EQUAL(LS_ERR_NOT_PREPARED, -40);
}

/* Every value of the ls_status enum, with its name as spelled in
 * include/lockstar.h: ls_status_name must return exactly that token. */
static const struct {
    ls_status status;
    const char *name;
} status_names[] = {
    { LS_OK, "LS_OK" },
    { LS_IN_PROGRESS, "LS_IN_PROGRESS" },
    { LS_NO_PATH, "LS_NO_PATH" },
    { LS_EXPANSION_LIMIT, "LS_EXPANSION_LIMIT" },
    { LS_ERR_NULL_ARGUMENT, "LS_ERR_NULL_ARGUMENT" },
    { LS_ERR_BAD_SIZE, "LS_ERR_BAD_SIZE" },
    { LS_ERR_SIZE_OVERFLOW, "LS_ERR_SIZE_OVERFLOW" },
    { LS_ERR_OUT_OF_MEMORY, "LS_ERR_OUT_OF_MEMORY" },
    { LS_ERR_OUT_OF_BOUNDS, "LS_ERR_OUT_OF_BOUNDS" },
    { LS_ERR_START_OUT_OF_BOUNDS, "LS_ERR_START_OUT_OF_BOUNDS" },
    { LS_ERR_GOAL_OUT_OF_BOUNDS, "LS_ERR_GOAL_OUT_OF_BOUNDS" },
    { LS_ERR_START_BLOCKED, "LS_ERR_START_BLOCKED" },
    { LS_ERR_GOAL_BLOCKED, "LS_ERR_GOAL_BLOCKED" },
    { LS_ERR_BAD_OPTION, "LS_ERR_BAD_OPTION" },
    { LS_ERR_BAD_STEP_COST, "LS_ERR_BAD_STEP_COST" },
    { LS_ERR_BAD_WEIGHT, "LS_ERR_BAD_WEIGHT" },
    { LS_ERR_COST_OVERFLOW, "LS_ERR_COST_OVERFLOW" },
    { LS_ERR_BUFFER_TOO_SMALL, "LS_ERR_BUFFER_TOO_SMALL" },
    { LS_ERR_GRID_MISMATCH, "LS_ERR_GRID_MISMATCH" },
    { LS_ERR_NO_QUERY, "LS_ERR_NO_QUERY" },
    { LS_ERR_NOT_DONE, "LS_ERR_NOT_DONE" },
    { LS_ERR_GRID_CHANGED, "LS_ERR_GRID_CHANGED" },
    { LS_ERR_BAD_STRUCT_SIZE, "LS_ERR_BAD_STRUCT_SIZE" },
    { LS_ERR_BAD_TEXT, "LS_ERR_BAD_TEXT" },
    { LS_ERR_NO_PARTIAL, "LS_ERR_NO_PARTIAL" },
    { LS_ERR_NOT_UNIFORM, "LS_ERR_NOT_UNIFORM" },
    { LS_ERR_UNSUPPORTED, "LS_ERR_UNSUPPORTED" },
    { LS_ERR_NEEDS_FULL_CONTEXT, "LS_ERR_NEEDS_FULL_CONTEXT" },
    { LS_ERR_BAD_FLAGS, "LS_ERR_BAD_FLAGS" },
    { LS_ERR_QUEUE_FULL, "LS_ERR_QUEUE_FULL" },
    { LS_ERR_UNKNOWN_ID, "LS_ERR_UNKNOWN_ID" },
    { LS_ERR_DUPLICATE_ID, "LS_ERR_DUPLICATE_ID" },
    { LS_ERR_POOL_FULL, "LS_ERR_POOL_FULL" },
    { LS_ERR_THREAD, "LS_ERR_THREAD" },
    { LS_ERR_BAD_FRAME, "LS_ERR_BAD_FRAME" },
    { LS_ERR_WORLD_RANGE, "LS_ERR_WORLD_RANGE" },
    { LS_ERR_BAD_SPEED, "LS_ERR_BAD_SPEED" },
    { LS_ERR_BAD_AGENT, "LS_ERR_BAD_AGENT" },
    { LS_ERR_BAD_ROUTE, "LS_ERR_BAD_ROUTE" },
    { LS_ERR_CROWD_FULL, "LS_ERR_CROWD_FULL" },
    { LS_ERR_BAD_CLEARANCE, "LS_ERR_BAD_CLEARANCE" },
    { LS_ERR_BAD_RADIUS, "LS_ERR_BAD_RADIUS" },
    { LS_ERR_BAD_PRIORITY, "LS_ERR_BAD_PRIORITY" },
    { LS_ERR_NOT_PREPARED, "LS_ERR_NOT_PREPARED" },
};
#define STATUS_COUNT (sizeof status_names / sizeof status_names[0])

void test_status_name_is_the_enum_name_for_every_status(void)
{
    size_t i;
    int seen[LS_EXPANSION_LIMIT - LS_ERR_NOT_PREPARED + 1];

    /* The table above is the whole enum: every value from the lowest
     * error to the highest outcome, each once. */
    memset(seen, 0, sizeof seen);
    CU_ASSERT_EQUAL(STATUS_COUNT, LS_EXPANSION_LIMIT - LS_ERR_NOT_PREPARED + 1);
    for (i = 0; i < STATUS_COUNT; i++) {
        ls_status st = status_names[i].status;
        const char *name = ls_status_name(st);
        CU_ASSERT_FATAL(st >= LS_ERR_NOT_PREPARED && st <= LS_EXPANSION_LIMIT);
        seen[st - LS_ERR_NOT_PREPARED]++;
        CU_ASSERT_PTR_NOT_NULL_FATAL(name);
        CU_ASSERT_STRING_EQUAL(name, status_names[i].name);
        if (strcmp(name, status_names[i].name) != 0)
            fprintf(stderr, "    ls_status_name(%d) = \"%s\", want \"%s\"\n",
                    (int)st, name, status_names[i].name);
    }
    for (i = 0; i < sizeof seen / sizeof seen[0]; i++)
        CU_ASSERT_EQUAL(seen[i], 1);
}

static const ls_status unknown_statuses[] = {
    4, 5, 1000, -1000, -50, LS_ERR_NOT_PREPARED - 1, LS_EXPANSION_LIMIT + 1,
    INT32_MIN, INT32_MAX,
};

void test_status_name_of_unknown_values_is_ls_unknown_status(void)
{
    size_t i;
    for (i = 0; i < sizeof unknown_statuses / sizeof unknown_statuses[0]; i++) {
        const char *name = ls_status_name(unknown_statuses[i]);
        CU_ASSERT_PTR_NOT_NULL_FATAL(name);
        CU_ASSERT_STRING_EQUAL(name, "LS_UNKNOWN_STATUS");
    }
}

/* ls_status_string never returns NULL, for known and unknown values. */
void test_status_string_is_never_null(void)
{
    size_t i;
    for (i = 0; i < STATUS_COUNT; i++)
        CU_ASSERT_PTR_NOT_NULL(ls_status_string(status_names[i].status));
    for (i = 0; i < sizeof unknown_statuses / sizeof unknown_statuses[0]; i++)
        CU_ASSERT_PTR_NOT_NULL(ls_status_string(unknown_statuses[i]));
}
