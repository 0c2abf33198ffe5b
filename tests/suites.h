/* SPDX-License-Identifier: MIT */
/* suites.h - every CUnit suite of tests/unit registers itself here. */
#ifndef LS_TESTS_SUITES_H
#define LS_TESTS_SUITES_H

/* Each adds its suite and tests to the registry; 0 on success. */
int suite_grid_register(void);
int suite_heap_register(void);
int suite_heuristics_register(void);
int suite_corners_register(void);
int suite_errors_register(void);
int suite_search_register(void);
int suite_context_register(void);
int suite_crosscheck_register(void);
int suite_slicing_register(void);
int suite_alloc_register(void);
int suite_digest_register(void);
int suite_numbers_register(void);
int suite_world_register(void);
int suite_sight_register(void);
int suite_smooth_register(void);
int suite_follow_register(void);
int suite_parsers_register(void);
int suite_reader_register(void);
int suite_vectors_register(void);
int suite_edits_register(void);
int suite_queue_register(void);
int suite_sizes_register(void);
int suite_batch_register(void);
int suite_selftest_register(void);
int suite_selftest_crowd_register(void);
int suite_replay_register(void);
int suite_replay_alloc_register(void);
int suite_visit_register(void);
int suite_costs_register(void);
int suite_picture_register(void);
int suite_flow_register(void);
int suite_flow_exact_register(void);
int suite_flow_model_register(void);
int suite_clearance_register(void);
int suite_clearance_use_register(void);
int suite_crowd_model_register(void);
int suite_crowd_register(void);
int suite_crowd_tick_register(void);
int suite_crowd_avoid_register(void);
int suite_crowd_route_register(void);
int suite_avoid_register(void);
int suite_hpa_register(void);
int suite_pathcache_register(void);
int suite_jumps_register(void);
int suite_landmarks_register(void);

#endif
