/* SPDX-License-Identifier: MIT */
/*
 * suite_queue.h - what the three files of the CUnit suite "queue" share:
 * suite_queue.c (results and the budget rule; it registers every test of
 * the suite, in one order), suite_queue_grid.c (edits, grid identity) and
 * suite_queue_pool.c (limits, arguments, memory).
 */
#ifndef LS_TESTS_SUITE_QUEUE_H
#define LS_TESTS_SUITE_QUEUE_H

#include <stdint.h>
#include "lockstar.h"

enum { W = 24, H = 18, NQ = 80, MAXP = W * H };

/* A W x H grid with walls (1 in 5) and terrain costs 1..4 on half the rows. */
ls_grid *queue_make_grid(uint64_t seed);
/* A random query: varied options, some refused at begin (blocked start or
 * goal, JPS on terrain), some with an expansion limit. */
void queue_random_query(ls_rng *rng, ls_query *q);
/* Check the finished request id against ls_find_path(q) on grid, through
 * every reading call. */
void queue_check_against_find_path(const ls_queue *queue, uint64_t id,
                                   ls_search *s, const ls_grid *grid,
                                   const ls_query *q);

/* suite_queue_grid.c */
void test_edits_between_ticks_restart_the_running_request(void);
void test_new_grid_at_the_same_address_restarts(void);
void test_same_cells_same_memory_still_another_grid(void);

/* suite_queue_pool.c */
void test_full_queue_duplicates_and_full_pool(void);
void test_bad_arguments(void);
void test_queue_never_allocates_after_create(void);
void test_ids_survive_random_churn(void);
void test_every_failed_create_is_clean(void);

#endif
