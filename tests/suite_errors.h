/* SPDX-License-Identifier: MIT */
/*
 * suite_errors.h - the tests of the CUnit suite "errors" that live outside
 * suite_errors.c, which registers every test of the suite in one order.
 */
#ifndef LS_TESTS_SUITE_ERRORS_H
#define LS_TESTS_SUITE_ERRORS_H

/* suite_errors_status.c */
void test_status_strings_are_distinct_and_named(void);
void test_unknown_status_string(void);
void test_status_values_are_fixed(void);
void test_status_name_is_the_enum_name_for_every_status(void);
void test_status_name_of_unknown_values_is_ls_unknown_status(void);
void test_status_string_is_never_null(void);

/* suite_errors_overflow.c */
void test_start_f_overflow_is_reported_by_begin_and_validate(void);
void test_cost_overflow_on_long_expensive_corridor(void);
void test_cost_overflow_on_long_serpentine_for_astar_and_jps(void);

#endif
