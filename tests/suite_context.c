/* SPDX-License-Identifier: MIT */
/*
 * suite_context.c - search contexts (ls_search): the two kinds and which
 * queries each accepts (the compact context's documented rule, and
 * ls_search_check), and the absence of hidden state: a context reused for
 * many queries (some abandoned half-way) gives what a fresh one gives,
 * its per-cell stamps wrap without leaking old queries, and contexts on
 * one grid, stepped in turns or on four threads, never disturb each other.
 * (A compact context's results against a full one's: suite_heap_search.c,
 * with the open-list forms.)
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "../src/search.h" /* LS_GENERATION_MAX, the sweep, for the wrap tests */
#include "suites.h"
#include "test_util.h"

/* Threads are only used here, to prove that searches on one grid from
 * several threads at once give one thread's results. Targets without
 * pthreads (wasm32-wasi, Windows) skip that test. */
#if !defined(__wasi__) && !defined(_WIN32) && !defined(LS_TESTS_NO_THREADS)
#define HAVE_THREADS 1
#include <pthread.h>
#endif

enum { CAP = 4096 };
static ls_point path[CAP];
static char why[256];
static tu_outcome out_a, out_b;

/* ------------------------------------------------- context kinds */

/* The rule lockstar.h gives callers: a compact context accepts every
 * consistent query (weight 1.0, LS_TIE_HIGH_G, no Manhattan with
 * 8-connectivity) whose diagonal cost is at most 14, on any grid size,
 * with terrain (A*) or without (A* and JPS); it refuses the others with
 * LS_ERR_NEEDS_FULL_CONTEXT, which a full context runs. ls_search_check
 * says so without disturbing a query in progress. */
static void test_compact_acceptance_rule_holds(void)
{
    static const int32_t sizes[][2] = { { 1, 1 },   { 7, 3 },    { 64, 64 },
                                        { 300, 2 }, { 16384, 1 }, { 1, 16384 },
                                        { 2000, 700 } };
    static const int32_t heuristics[] = { LS_HEURISTIC_AUTO, LS_HEURISTIC_OCTILE,
                                          LS_HEURISTIC_CHEBYSHEV,
                                          LS_HEURISTIC_ZERO };
    size_t k, h;
    uint32_t accepted = 0, wrong = 0;

    for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        const int32_t w = sizes[k][0], ht = sizes[k][1];
        ls_grid *uniform = NULL, *terrain = NULL;
        ls_search *sc = NULL, *sf = NULL;
        uint32_t diag, straight;
        ls_query q;
        ls_result r;
        ls_point pt[2];

        CU_ASSERT_FATAL(ls_grid_create(w, ht, NULL, &uniform) == LS_OK);
        CU_ASSERT_FATAL(ls_grid_create(w, ht, NULL, &terrain) == LS_OK);
        CU_ASSERT_FATAL(ls_grid_set(terrain, w - 1, ht - 1, 255) == LS_OK);
        CU_ASSERT_FATAL(ls_search_create_with(w, ht, LS_SEARCH_COMPACT, NULL,
                                              &sc) == LS_OK);
        CU_ASSERT_FATAL(ls_search_create(w, ht, NULL, &sf) == LS_OK);
        for (diag = 1; diag <= 14; diag++) {
            for (straight = (diag + 1) / 2; straight <= diag; straight++) {
                ls_query_init(&q);
                q.goal_x = w - 1;
                q.goal_y = ht - 1;
                q.straight_cost = straight;
                q.diagonal_cost = diag;
                for (h = 0; h < sizeof heuristics / sizeof heuristics[0]; h++) {
                    q.heuristic = heuristics[h];
                    q.algorithm = LS_ALGO_ASTAR;
                    wrong += ls_search_check(sc, terrain, &q) != LS_OK;
                    q.algorithm = LS_ALGO_JPS;
                    wrong += ls_search_check(sc, uniform, &q) != LS_OK;
                    accepted += 2;
                }
                q.algorithm = LS_ALGO_ASTAR;
                q.heuristic = LS_HEURISTIC_MANHATTAN;
                q.connectivity = LS_CONNECT_4;
                wrong += ls_search_check(sc, terrain, &q) != LS_OK;
                accepted++;
            }
        }
        /* Each refusal, and the full context running the same query. */
        ls_query_init(&q);
        q.goal_x = w - 1;
        q.goal_y = ht - 1;
        q.weight = fix16_one + fix16_one / 2;
        CU_ASSERT_EQUAL(ls_search_check(sc, terrain, &q),
                        LS_ERR_NEEDS_FULL_CONTEXT);
        CU_ASSERT_EQUAL(ls_search_check(sf, terrain, &q), LS_OK);
        q.weight = fix16_one;
        q.tie_break = LS_TIE_LOW_G;
        CU_ASSERT_EQUAL(ls_search_check(sc, terrain, &q),
                        LS_ERR_NEEDS_FULL_CONTEXT);
        CU_ASSERT_EQUAL(ls_search_check(sf, terrain, &q), LS_OK);
        q.tie_break = LS_TIE_HIGH_G;
        q.heuristic = LS_HEURISTIC_MANHATTAN;
        CU_ASSERT_EQUAL(ls_search_check(sc, terrain, &q),
                        LS_ERR_NEEDS_FULL_CONTEXT);
        CU_ASSERT_EQUAL(ls_search_check(sf, terrain, &q), LS_OK);
        /* A query in progress is untouched by a check (here: of a query
         * that fails), and the check reports validation errors first. */
        q.heuristic = LS_HEURISTIC_AUTO;
        CU_ASSERT_EQUAL(ls_search_begin(sc, terrain, &q), LS_OK);
        q.goal_x = w;
        CU_ASSERT_EQUAL(ls_search_check(sc, terrain, &q),
                        LS_ERR_GOAL_OUT_OF_BOUNDS);
        CU_ASSERT_EQUAL(ls_search_check(sc, NULL, &q), LS_ERR_NULL_ARGUMENT);
        CU_ASSERT_EQUAL(ls_search_step(sc, 0), LS_OK);
        CU_ASSERT_EQUAL(ls_search_result(sc, &r), LS_OK);
        CU_ASSERT_EQUAL(r.status, LS_OK);
        CU_ASSERT(ls_search_path(sc, pt, 0, &r.path_length) == LS_OK ||
                  r.path_length > 0);
        ls_search_destroy(sc);
        ls_search_destroy(sf);
        ls_grid_destroy(uniform);
        ls_grid_destroy(terrain);
    }
    CU_ASSERT_EQUAL(wrong, 0);
    CU_ASSERT(accepted > 1000);
}

/* ------------------------------------------------------ no history */

/* Random queries with every option, on one grid. */
static void random_query(ls_rng *rng, const ls_grid *g, ls_query *q)
{
    static const uint32_t costs[][2] = { { 10, 14 }, { 1, 1 }, { 3, 4 },
                                         { 100, 141 }, { 5, 10 } };
    uint32_t c = ls_rng_below(rng, 5);
    ls_query_init(q);
    q->connectivity = ls_rng_below(rng, 2) ? LS_CONNECT_8 : LS_CONNECT_4;
    q->corner_rule = (int32_t)ls_rng_below(rng, 3);
    q->heuristic = (int32_t)ls_rng_below(rng, 5);
    q->tie_break = (int32_t)ls_rng_below(rng, 2);
    q->straight_cost = costs[c][0];
    q->diagonal_cost = costs[c][1];
    q->weight = ls_rng_below(rng, 3) == 0 ? (fix16_t)(0x10000 + ls_rng_below(rng, 0x30000))
                                          : fix16_one;
    q->max_expansions = ls_rng_below(rng, 4) == 0 ? 1 + ls_rng_below(rng, 60) : 0;
    tu_random_open_cell(rng, g, &q->start_x, &q->start_y);
    tu_random_open_cell(rng, g, &q->goal_x, &q->goal_y);
}

/* One context used for many queries (some abandoned half-way) gives what a
 * fresh context gives for each. */
static void test_reused_context_matches_fresh_context(void)
{
    ls_rng rng;
    ls_grid *g;
    ls_search *reused = NULL;
    int i, differ = 0;

    ls_rng_seed(&rng, 4242);
    g = tu_random_grid(&rng, 24, 20, 25, 30, 9);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_FATAL(ls_search_create(24, 20, NULL, &reused) == LS_OK);
    for (i = 0; i < 150; i++) {
        ls_search *fresh = NULL;
        ls_query q;
        random_query(&rng, g, &q);
        /* Leave some queries unfinished before the real one. */
        if (i % 5 == 0) {
            ls_query other;
            random_query(&rng, g, &other);
            if (ls_search_begin(reused, g, &other) == LS_OK)
                ls_search_step(reused, 1 + ls_rng_below(&rng, 10));
        }
        tu_run(reused, g, &q, ls_rng_below(&rng, 3) * 5, &out_a);
        CU_ASSERT_FATAL(ls_search_create(24, 20, NULL, &fresh) == LS_OK);
        tu_run(fresh, g, &q, 0, &out_b);
        ls_search_destroy(fresh);
        if (!tu_outcome_equal(&out_a, &out_b, why, sizeof why))
            differ++;
        CU_ASSERT_EQUAL(out_a.protocol_errors, 0);
    }
    CU_ASSERT_EQUAL(differ, 0);
    ls_search_destroy(reused);
    ls_grid_destroy(g);
}

/* Many thousands of queries on one context: results stay those of a fresh
 * context (the per-cell generation stamps wrap around without leaking old
 * state into new queries). */
static void test_many_queries_on_one_context_stay_exact(void)
{
    enum { W = 7, H = 6, KINDS = 16, ROUNDS = 17000 };
    ls_rng rng;
    ls_grid *g;
    ls_search *s = NULL;
    ls_query qs[KINDS];
    ls_result want[KINDS];
    uint64_t want_partial[KINDS];
    int i, k, differ = 0;

    ls_rng_seed(&rng, 77);
    g = tu_random_grid(&rng, W, H, 20, 30, 4);
    CU_ASSERT_FATAL(g != NULL);
    for (k = 0; k < KINDS; k++) {
        ls_search *fresh = NULL;
        uint32_t len = 0;
        random_query(&rng, g, &qs[k]);
        CU_ASSERT_FATAL(ls_search_create(W, H, NULL, &fresh) == LS_OK);
        ls_find_path(fresh, g, &qs[k], path, CAP, &want[k]);
        want_partial[k] = 0;
        if (ls_search_partial_path(fresh, path, CAP, &len) == LS_OK)
            want_partial[k] = tu_fnv1a_points(path, len);
        ls_search_destroy(fresh);
    }
    CU_ASSERT_FATAL(ls_search_create(W, H, NULL, &s) == LS_OK);
    for (i = 0; i < ROUNDS; i++) {
        ls_result r;
        uint32_t len = 0;
        uint64_t partial = 0;
        k = (int)ls_rng_below(&rng, KINDS);
        ls_find_path(s, g, &qs[k], path, CAP, &r);
        if (ls_search_partial_path(s, path, CAP, &len) == LS_OK)
            partial = tu_fnv1a_points(path, len);
        if (r.status != want[k].status || r.cost != want[k].cost ||
            r.expansions != want[k].expansions ||
            r.path_length != want[k].path_length ||
            r.digest != want[k].digest || partial != want_partial[k])
            differ++;
    }
    CU_ASSERT_EQUAL(differ, 0);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/*
 * The per-cell stamps of a context repeat after LS_GENERATION_MAX queries.
 * Query 1 searches the right half of a corridor (a wall keeps it there),
 * queries 2 .. LS_GENERATION_MAX only the left half, so the right half
 * still carries query 1's stamps (cells closed) when query
 * LS_GENERATION_MAX + 1 gets query 1's generation number again and
 * searches the right half once more: it must not see them.
 */
/* The corridor scenario above on a context s; sweep_step 0 leaves the
 * context as created, else it is made to sweep that many tags a query as
 * a large context does (src/driver.c). */
static void wrap_scenario(uint32_t sweep_step)
{
    enum { CW = 40 };
    ls_grid *g = NULL;
    ls_search *s = NULL, *fresh = NULL;
    ls_query right, left;
    ls_result want, r;
    uint32_t i;
    int differ = 0;

    CU_ASSERT_FATAL(ls_grid_create(CW, 1, NULL, &g) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(CW, 1, NULL, &s) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(CW, 1, NULL, &fresh) == LS_OK);
    CU_ASSERT_EQUAL(s->clear_from, LS_GENERATION_MAX); /* small */
    if (sweep_step) {
        s->clear_from = 0;
        s->sweep_step = sweep_step;
    }
    ls_grid_set(g, CW / 2 - 1, 0, LS_CELL_BLOCKED);
    ls_query_init(&right);
    right.start_x = CW - 1;
    right.goal_x = CW / 2;
    ls_query_init(&left);
    left.goal_x = 5;
    CU_ASSERT_EQUAL_FATAL(ls_find_path(fresh, g, &right, path, CAP, &want), LS_OK);
    CU_ASSERT_EQUAL(ls_find_path(s, g, &right, path, CAP, &r), LS_OK);
    for (i = 2; i <= LS_GENERATION_MAX; i++)
        if (ls_find_path(s, g, &left, path, CAP, &r) != LS_OK)
            differ++;
    /* Query LS_GENERATION_MAX + 1, and a few more. */
    for (i = 0; i < 3; i++) {
        if (ls_find_path(s, g, &right, path, CAP, &r) != LS_OK ||
            memcmp(&r, &want, sizeof r) != 0)
            differ++;
    }
    CU_ASSERT_EQUAL(differ, 0);
    ls_search_destroy(s);
    ls_search_destroy(fresh);
    ls_grid_destroy(g);
}

static void test_generation_wrap_forgets_old_stamps(void)
{
#if LS_GENERATION_MAX < 1000000
    wrap_scenario(0);
#else
    CU_PASS("generation counter too wide to wrap in a unit test");
#endif
}

/* A large context forgets stamps a slice per query: the corridor above,
 * made to sweep one tag a query, must not see query 1's stamps when its
 * generation comes round. And a context above LS_SWEEP_MIN_CELLS sweeps,
 * at a step that passes every cell in fewer than LS_GENERATION_MAX
 * queries (a tag is gone before its generation is used again), while
 * one just below clears at the wrap. */
static void test_large_context_sweep_forgets_old_stamps(void)
{
    ls_search *big = NULL;
    uint64_t cells;
    wrap_scenario(1);
    CU_ASSERT_EQUAL_FATAL(ls_search_create(2049, 2049, NULL, &big), LS_OK);
    cells = (uint64_t)2051 * 2051;
    CU_ASSERT(cells > LS_SWEEP_MIN_CELLS);
    CU_ASSERT_EQUAL(big->clear_from, 0);
    CU_ASSERT((uint64_t)big->sweep_step * (LS_GENERATION_MAX - 1u) >= cells);
    CU_ASSERT(big->sweep_step <= cells / (LS_GENERATION_MAX - 1u) + 1u);
    ls_search_destroy(big);
    CU_ASSERT_EQUAL_FATAL(ls_search_create(2046, 2046, NULL, &big), LS_OK);
    CU_ASSERT_EQUAL(big->clear_from, LS_GENERATION_MAX); /* 2048^2 cells */
    ls_search_destroy(big);
}

/* Two contexts on one grid, stepped in turns, do not disturb each other. */
static void test_two_contexts_on_one_grid_do_not_interfere(void)
{
    ls_rng rng;
    ls_grid *g;
    ls_search *a = NULL, *b = NULL, *solo = NULL;
    int i, differ = 0;

    ls_rng_seed(&rng, 99);
    g = tu_random_grid(&rng, 20, 20, 20, 20, 5);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_FATAL(ls_search_create(20, 20, NULL, &a) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(20, 20, NULL, &b) == LS_OK);
    CU_ASSERT_FATAL(ls_search_create(20, 20, NULL, &solo) == LS_OK);
    for (i = 0; i < 40; i++) {
        ls_query qa, qb;
        ls_status sa, sb;
        ls_result ra, rb, want;
        random_query(&rng, g, &qa);
        random_query(&rng, g, &qb);
        qa.max_expansions = qb.max_expansions = 0;
        if (ls_search_begin(a, g, &qa) != LS_OK ||
            ls_search_begin(b, g, &qb) != LS_OK) {
            differ++;
            continue;
        }
        do {
            sa = ls_search_step(a, 3);
            sb = ls_search_step(b, 2);
        } while (sa == LS_IN_PROGRESS || sb == LS_IN_PROGRESS);
        ls_search_result(a, &ra);
        ls_search_result(b, &rb);
        ls_find_path(solo, g, &qa, path, CAP, &want);
        if (memcmp(&ra, &want, sizeof ra) != 0)
            differ++;
        ls_find_path(solo, g, &qb, path, CAP, &want);
        if (memcmp(&rb, &want, sizeof rb) != 0)
            differ++;
    }
    CU_ASSERT_EQUAL(differ, 0);
    ls_search_destroy(a);
    ls_search_destroy(b);
    ls_search_destroy(solo);
    ls_grid_destroy(g);
}

/* ---------------------------------------------------------- threads */

#ifdef HAVE_THREADS
enum { T_W = 48, T_H = 48, T_QUERIES = 120, T_THREADS = 4 };

typedef struct thread_job {
    const ls_grid *grid;
    const ls_query *queries;
    ls_result results[T_QUERIES];
    uint64_t partial[T_QUERIES];
    int failed;
} thread_job;

static void run_job(thread_job *job)
{
    ls_search *s = NULL;
    ls_point *pts = malloc(CAP * sizeof *pts);
    int i;

    if (!pts || ls_search_create(T_W, T_H, NULL, &s) != LS_OK) {
        job->failed = 1;
        free(pts);
        return;
    }
    for (i = 0; i < T_QUERIES; i++) {
        uint32_t len = 0;
        /* Sliced on even queries, one call on odd ones. */
        if (i % 2 == 0) {
            if (ls_search_begin(s, job->grid, &job->queries[i]) == LS_OK) {
                while (ls_search_step(s, 4) == LS_IN_PROGRESS)
                    ;
                ls_search_result(s, &job->results[i]);
            }
        } else {
            ls_find_path(s, job->grid, &job->queries[i], pts, CAP,
                         &job->results[i]);
        }
        job->partial[i] = 0;
        if (ls_search_partial_path(s, pts, CAP, &len) == LS_OK)
            job->partial[i] = tu_fnv1a_points(pts, len);
    }
    ls_search_destroy(s);
    free(pts);
}

static void *thread_main(void *arg)
{
    run_job(arg);
    return NULL;
}
#endif

static void test_four_threads_match_one_thread(void)
{
#ifdef HAVE_THREADS
    static ls_query queries[T_QUERIES];
    static thread_job single, jobs[T_THREADS];
    pthread_t threads[T_THREADS];
    ls_rng rng;
    ls_grid *g;
    int i, t, started[T_THREADS];

    ls_rng_seed(&rng, 31337);
    g = tu_random_grid(&rng, T_W, T_H, 22, 30, 9);
    CU_ASSERT_FATAL(g != NULL);
    for (i = 0; i < T_QUERIES; i++)
        random_query(&rng, g, &queries[i]);
    memset(&single, 0, sizeof single);
    single.grid = g;
    single.queries = queries;
    run_job(&single);
    CU_ASSERT_FATAL(!single.failed);

    for (t = 0; t < T_THREADS; t++) {
        memset(&jobs[t], 0, sizeof jobs[t]);
        jobs[t].grid = g;
        jobs[t].queries = queries;
        started[t] = pthread_create(&threads[t], NULL, thread_main, &jobs[t]) == 0;
        CU_ASSERT(started[t]);
    }
    for (t = 0; t < T_THREADS; t++)
        if (started[t])
            pthread_join(threads[t], NULL);
    for (t = 0; t < T_THREADS; t++) {
        CU_ASSERT(!jobs[t].failed);
        CU_ASSERT_EQUAL(memcmp(jobs[t].results, single.results,
                               sizeof single.results), 0);
        CU_ASSERT_EQUAL(memcmp(jobs[t].partial, single.partial,
                               sizeof single.partial), 0);
    }
    ls_grid_destroy(g);
#else
    printf("\n    context: no pthreads on this target; the thread test was skipped\n");
    CU_PASS("threads not available here");
#endif
}

int suite_context_register(void)
{
    CU_pSuite s = CU_add_suite("context", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "compact context: the documented acceptance rule holds",
                     test_compact_acceptance_rule_holds) ||
        !CU_add_test(s, "reused context matches a fresh context",
                     test_reused_context_matches_fresh_context) ||
        !CU_add_test(s, "many queries on one context stay exact",
                     test_many_queries_on_one_context_stay_exact) ||
        !CU_add_test(s, "generation wrap forgets old stamps",
                     test_generation_wrap_forgets_old_stamps) ||
        !CU_add_test(s, "large context sweep forgets old stamps",
                     test_large_context_sweep_forgets_old_stamps) ||
        !CU_add_test(s, "two contexts on one grid do not interfere",
                     test_two_contexts_on_one_grid_do_not_interfere) ||
        !CU_add_test(s, "four threads match one thread",
                     test_four_threads_match_one_thread))
        return -1;
    return 0;
}
