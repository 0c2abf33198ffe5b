/* SPDX-License-Identifier: MIT */
/*
 * suite_heap.h - the tests of the CUnit suite "heap" that live outside
 * suite_heap.c, which registers every test of the suite in one order.
 */
#ifndef LS_TESTS_SUITE_HEAP_H
#define LS_TESTS_SUITE_HEAP_H

/* suite_heap_search.c */
void test_both_forms_give_identical_searches(void);
void test_compact_context_matches_full_or_refuses(void);

#endif
