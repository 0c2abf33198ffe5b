/* SPDX-License-Identifier: MIT */
/*
 * unit_main.c - runs every CUnit suite of lockstar (`make check`).
 * Usage: tests/unit [SUITE_NAME]   (one suite only, by its CUnit name)
 * TEST_EMULATOR or LOCKSTAR_TEST_TRIALS_PERCENT cut the randomised trials
 * (tu_trials, test_util.h).
 */
#include <stdio.h>
#include <string.h>
#include <CUnit/Basic.h>
#include "suites.h"
#include "test_util.h"

typedef int (*register_fn)(void);

static const register_fn all_suites[] = {
    suite_grid_register,       suite_heap_register,
    suite_heuristics_register, suite_corners_register,
    suite_errors_register,     suite_search_register,
    suite_context_register,    suite_crosscheck_register,
    suite_slicing_register,    suite_alloc_register,
    suite_digest_register,     suite_numbers_register,
    suite_world_register,      suite_sight_register,
    suite_smooth_register,     suite_follow_register,
    suite_parsers_register,    suite_reader_register,
    suite_vectors_register,    suite_queue_register,
    suite_batch_register,      suite_replay_register,
    suite_edits_register,      suite_selftest_register,
    suite_selftest_crowd_register,
    suite_visit_register,      suite_costs_register,
    suite_picture_register,
    suite_replay_alloc_register,
    suite_sizes_register,
    suite_flow_register,       suite_flow_exact_register,
    suite_flow_model_register, suite_crowd_model_register,
    suite_clearance_register,  suite_clearance_use_register,
    suite_crowd_register,      suite_crowd_tick_register,
    suite_crowd_avoid_register,
    suite_crowd_route_register,
    suite_avoid_register,      suite_hpa_register,
    suite_pathcache_register,
    suite_jumps_register,
    suite_landmarks_register,
};

int main(int argc, char **argv)
{
    size_t i;
    unsigned failures;
    const char *why = NULL;
    const uint32_t percent = tu_trials_percent(&why);

    /* Say so when the random trials are cut (tests/test_util.h), so a log
     * of an emulated run is not read as the full one. */
    if (percent != 100)
        printf("unit: randomised trials at %u %% (%s); golden vectors and "
               "the self-test run in full\n",
               (unsigned)percent, why ? why : "?");

    /* CUnit switches stdout to unbuffered; some C libraries drop what was
     * buffered before that, so flush first and set the mode first. */
    fflush(stdout);
    CU_basic_set_mode(CU_BRM_VERBOSE);
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    for (i = 0; i < sizeof all_suites / sizeof all_suites[0]; i++) {
        if (all_suites[i]() != 0) {
            fprintf(stderr, "unit: could not register a suite: %s\n",
                    CU_get_error_msg());
            CU_cleanup_registry();
            return 2;
        }
    }
    if (argc > 1) {
        CU_pSuite suite = CU_get_suite(argv[1]);
        if (!suite) {
            fprintf(stderr, "unit: no suite named '%s'\n", argv[1]);
            CU_cleanup_registry();
            return 2;
        }
        CU_basic_run_suite(suite);
    } else {
        CU_basic_run_tests();
    }
    failures = CU_get_number_of_failures() + CU_get_number_of_suites_failed();
    CU_cleanup_registry();
    return failures == 0 ? 0 : 1;
}
