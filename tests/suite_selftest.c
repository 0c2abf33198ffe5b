/* SPDX-License-Identifier: MIT */
/*
 * suite_selftest.c - ls_selftest, the golden vectors built into the
 * library: every case passes with the digest the generator computed from
 * the golden values; all memory goes through the given allocator and comes
 * back; every allocation failure is clean; tampered tables fail (so the
 * self-test really compares) and change the digest when what a device
 * observes changes; calls on two threads at once agree.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "../src/selftest.h" /* ls__selftest_run and the tables */
#include "../src/thread.h"
#include "suites.h"
#include "test_util.h"

static uint32_t builtin_total(void)
{
    return ls__selftest_builtin.search_count + ls__selftest_builtin.script_count +
           ls__selftest_builtin.crowd_count;
}

static void test_every_case_passes_with_the_golden_digest(void)
{
    ls_selftest_report r;
    CU_ASSERT_EQUAL_FATAL(ls_selftest(NULL, &r), LS_OK);
    CU_ASSERT(r.total >= 300);
    CU_ASSERT(ls__selftest_builtin.search_count >= 250);
    CU_ASSERT_EQUAL(r.total, builtin_total());
    CU_ASSERT_EQUAL(r.passed, r.total);
    CU_ASSERT_EQUAL(r.failed, 0);
    CU_ASSERT_EQUAL(r.first_failed, LS_SELFTEST_NONE);
    CU_ASSERT_EQUAL(r.first_failed_kind, -1);
    CU_ASSERT_EQUAL(r.digest, ls__selftest_builtin.digest);
    /* The ABI: fixed-width fields, no holes. */
    CU_ASSERT_EQUAL(sizeof r, 32);
}

static void test_null_report_is_refused(void)
{
    CU_ASSERT_EQUAL(ls_selftest(NULL, NULL), LS_ERR_NULL_ARGUMENT);
}

static void test_case_names(void)
{
    uint32_t n = builtin_total();
    CU_ASSERT_STRING_EQUAL(ls_selftest_case_name(0),
                           ls__selftest_builtin.searches[0].id);
    CU_ASSERT_PTR_NOT_NULL(ls_selftest_case_name(n - 1));
    CU_ASSERT_PTR_NULL(ls_selftest_case_name(n));
    CU_ASSERT_PTR_NULL(ls_selftest_case_name(LS_SELFTEST_NONE));
}

/* Every allocation goes through the allocator given, with the size it is
 * released with, and all of it is released; a second call gives the same
 * report (nothing carried between calls). */
static void test_all_memory_goes_through_the_allocator(void)
{
    tu_counter c;
    ls_allocator a = tu_counting_allocator(&c);
    ls_selftest_report r1, r2;

    CU_ASSERT_EQUAL_FATAL(ls_selftest(&a, &r1), LS_OK);
    CU_ASSERT(c.allocs >= 2);
    CU_ASSERT(tu_counter_balanced(&c));
    CU_ASSERT_EQUAL(c.size_mismatches, 0);
    CU_ASSERT_EQUAL(r1.failed, 0);
    CU_ASSERT_EQUAL(r1.digest, ls__selftest_builtin.digest);
    CU_ASSERT_EQUAL_FATAL(ls_selftest(&a, &r2), LS_OK);
    CU_ASSERT(memcmp(&r1, &r2, sizeof r1) == 0);
}

/* Fail the first, second, ... allocation until the self-test runs: each
 * failure is LS_ERR_OUT_OF_MEMORY with a zeroed report and nothing left
 * allocated. */
static void test_every_allocation_failure_is_clean(void)
{
    int64_t k;
    int ran = 0;
    for (k = 0; k < 200 && !ran; k++) {
        tu_counter c;
        ls_allocator a = tu_counting_allocator(&c);
        ls_selftest_report r;
        ls_status st;
        c.fail_after = k;
        memset(&r, 0xa5, sizeof r);
        st = ls_selftest(&a, &r);
        if (st == LS_OK) {
            ran = 1;
            CU_ASSERT_EQUAL(c.failed, 0);
            CU_ASSERT_EQUAL(c.allocs, (uint64_t)k);
            CU_ASSERT_EQUAL(r.failed, 0);
        } else {
            CU_ASSERT_EQUAL(st, LS_ERR_OUT_OF_MEMORY);
            CU_ASSERT(c.failed >= 1);
            CU_ASSERT_EQUAL(r.total, 0);
            CU_ASSERT_EQUAL(r.digest, 0);
            CU_ASSERT_EQUAL(r.first_failed, LS_SELFTEST_NONE);
        }
        CU_ASSERT(tu_counter_balanced(&c));
    }
    CU_ASSERT(ran);
    CU_ASSERT(k >= 3);
}

/* The embedded queries cover every family of vectors/: both algorithms,
 * connectivities and tie-breaks, the three corner rules, every heuristic,
 * weights above 1, terrain, slicing, expansion limits, and every status a
 * query of a vector file can end with. */
static void test_cases_cover_every_family(void)
{
    static const ls_status statuses[] = {
        LS_OK, LS_NO_PATH, LS_EXPANSION_LIMIT, LS_ERR_START_OUT_OF_BOUNDS,
        LS_ERR_GOAL_OUT_OF_BOUNDS, LS_ERR_START_BLOCKED, LS_ERR_GOAL_BLOCKED,
        LS_ERR_BAD_OPTION, LS_ERR_BAD_STEP_COST, LS_ERR_BAD_WEIGHT,
        LS_ERR_COST_OVERFLOW, LS_ERR_NOT_UNIFORM, LS_ERR_UNSUPPORTED
    };
    const ls__selftest_data *d = &ls__selftest_builtin;
    uint32_t seen[64], corners[3] = { 0, 0, 0 }, heuristics[5] = { 0 };
    uint32_t jps = 0, four = 0, low_g = 0, weighted = 0, sliced = 0;
    uint32_t limited = 0, terrain = 0, i;
    size_t k;

    memset(seen, 0, sizeof seen);
    for (i = 0; i < d->search_count; i++) {
        const ls__st_search *c = &d->searches[i];
        if (c->status <= 0 && c->status > -64)
            seen[-c->status]++;
        else if (c->status > 0 && c->status < 4)
            seen[32 + c->status]++;
        if (c->corner_rule >= 0 && c->corner_rule < 3)
            corners[c->corner_rule]++;
        if (c->heuristic >= 0 && c->heuristic < 5)
            heuristics[c->heuristic]++;
        jps += c->algorithm == LS_ALGO_JPS;
        four += c->connectivity == LS_CONNECT_4;
        low_g += c->tie_break == LS_TIE_LOW_G;
        weighted += c->weight > 0x10000;
        sliced += c->budget > 0;
        limited += c->max_expansions > 0;
    }
    for (i = 0; i < d->map_count; i++) {
        /* a cost above 1 in a run-length map: a (cost, run) pair */
        const ls__st_map *m = &d->maps[i];
        uint32_t at = m->offset;
        while (m->encoding == LS__ST_RLE && at < m->offset + m->size) {
            terrain += d->bytes[at] > 1;
            at++;
            while (d->bytes[at++] & 0x80u)
                ;
        }
    }
    for (k = 0; k < sizeof statuses / sizeof statuses[0]; k++) {
        ls_status st = statuses[k];
        uint32_t n = seen[st <= 0 ? -st : 32 + st];
        if (n == 0)
            printf("\n    selftest: no embedded query ends with %s",
                   ls_status_name(st));
        CU_ASSERT(n > 0);
    }
    for (k = 0; k < 3; k++)
        CU_ASSERT(corners[k] >= 10);
    for (k = 0; k < 5; k++)
        CU_ASSERT(heuristics[k] >= 10);
    CU_ASSERT(jps >= 50);
    CU_ASSERT(four >= 50);
    CU_ASSERT(low_g >= 50);
    CU_ASSERT(weighted >= 50);
    CU_ASSERT(sliced >= 50);
    CU_ASSERT(limited >= 10);
    CU_ASSERT(terrain >= 10);
}

/* A copy of the built-in tables whose searches (and bytes) may be changed. */
typedef struct tampered {
    ls__selftest_data data;
    ls__st_search *searches;
    uint8_t *bytes;
} tampered;

static void tamper_init(tampered *t)
{
    const ls__selftest_data *b = &ls__selftest_builtin;
    t->data = *b;
    t->searches = malloc(b->search_count * sizeof *t->searches);
    t->bytes = malloc(b->byte_count);
    CU_ASSERT_FATAL(t->searches != NULL && t->bytes != NULL);
    memcpy(t->searches, b->searches, b->search_count * sizeof *t->searches);
    memcpy(t->bytes, b->bytes, b->byte_count);
    t->data.searches = t->searches;
    t->data.bytes = t->bytes;
}

static void tamper_free(tampered *t)
{
    free(t->searches);
    free(t->bytes);
}

/* The first case found with status st (and sliced when sliced). */
static uint32_t find_case(ls_status st, int sliced)
{
    uint32_t i;
    for (i = 0; i < ls__selftest_builtin.search_count; i++) {
        const ls__st_search *c = &ls__selftest_builtin.searches[i];
        if (c->status == st && (c->budget > 0) == (sliced != 0) &&
            c->length > 2)
            return i;
    }
    CU_FAIL_FATAL("no such case");
    return 0;
}

/* A wrong golden value fails its case; the digest, made of what the
 * device observed, does not move. */
static void test_a_wrong_expectation_fails_its_case(void)
{
    tampered t;
    ls_selftest_report r;
    uint32_t i = find_case(LS_OK, 0), j = find_case(LS_OK, 1);

    tamper_init(&t);
    t.searches[i].cost += 1;
    t.searches[j].slices += 1;
    CU_ASSERT_EQUAL_FATAL(ls__selftest_run(&t.data, NULL, &r), LS_OK);
    CU_ASSERT_EQUAL(r.failed, 2);
    CU_ASSERT_EQUAL(r.passed, r.total - 2);
    CU_ASSERT_EQUAL(r.first_failed, i < j ? i : j);
    CU_ASSERT_EQUAL(r.first_failed_kind, LS_SELFTEST_SEARCH);
    CU_ASSERT_EQUAL(r.first_failed_step, i < j ? 0u : 1u);
    CU_ASSERT_EQUAL(r.digest, ls__selftest_builtin.digest);
    tamper_free(&t);
}

/* A device that observes something else (here: another goal, a changed
 * map, a limit reached) fails and reports another digest. */
static void test_a_different_outcome_changes_the_digest(void)
{
    tampered t;
    ls_selftest_report r;
    uint32_t i = find_case(LS_OK, 1);
    uint64_t digests[3];
    int k;

    for (k = 0; k < 3; k++) {
        tamper_init(&t);
        if (k == 0) {
            /* its goal moved onto its start */
            ls__st_search *c = &t.searches[i];
            c->goal_x = c->start_x;
            c->goal_y = c->start_y;
        } else if (k == 1) {
            /* flip one encoded byte of a map */
            t.bytes[t.data.maps[t.searches[i].map].offset + 1] ^= 1u;
        } else {
            t.searches[i].max_expansions = 1;
        }
        CU_ASSERT_EQUAL_FATAL(ls__selftest_run(&t.data, NULL, &r), LS_OK);
        CU_ASSERT(r.failed >= 1);
        CU_ASSERT(r.first_failed <= i);
        CU_ASSERT_NOT_EQUAL(r.digest, ls__selftest_builtin.digest);
        digests[k] = r.digest;
        tamper_free(&t);
    }
    CU_ASSERT_NOT_EQUAL(digests[0], digests[1]);
    CU_ASSERT_NOT_EQUAL(digests[1], digests[2]);
    CU_ASSERT_NOT_EQUAL(digests[0], digests[2]);
}

/* ------------------------------------------------------------------------
 * Scripts: the words of src/selftest_script.c, walked here by its format
 * (code, line, then the operation's words).
 * --------------------------------------------------------------------- */

enum { OP_OPTIONS = 1, OP_QUEUE, OP_SUBMIT, OP_CANCEL, OP_RELEASE, OP_TICK,
       OP_SET, OP_RECT, OP_DIGEST, OP_BATCH, OP_CHECK, OP_CHECK_PATH };

/* Words of the operation at w[0] (its code), or 0 for an unknown code. */
static uint32_t op_words(const uint32_t *w)
{
    switch (w[0]) {
    case OP_OPTIONS: return 11;
    case OP_QUEUE: return 4;
    case OP_SUBMIT: return 9;
    case OP_CANCEL: case OP_RELEASE: return 5;
    case OP_TICK: return 5 + 8 * w[4];
    case OP_SET: return 8;
    case OP_RECT: return 10;
    case OP_DIGEST: return 4;
    case OP_BATCH: return 4 + 10 * w[3];
    case OP_CHECK: return 9;
    case OP_CHECK_PATH: return 4 + 2 * w[3] + 5;
    default: return 0;
    }
}

/* The first operation of code (with a non-empty record when it is a TICK
 * or BATCH) in any built-in script: its script in *script, its first
 * word's index in the word table returned; UINT32_MAX if none. */
static uint32_t find_op(uint32_t code, uint32_t *script)
{
    const ls__selftest_data *d = &ls__selftest_builtin;
    uint32_t i;
    for (i = 0; i < d->script_count; i++) {
        const ls__st_script *s = &d->scripts[i];
        uint32_t at = s->first_word, end = s->first_word + s->word_count;
        while (at < end) {
            const uint32_t *w = d->words + at;
            uint32_t n = op_words(w);
            CU_ASSERT_FATAL(n > 0 && n <= end - at);
            if (w[0] == code &&
                ((code != OP_TICK && code != OP_BATCH) || w[code == OP_TICK ? 4 : 3] > 0)) {
                *script = i;
                return at;
            }
            at += n;
        }
    }
    return UINT32_MAX;
}

/* Each kind of script line is compared: a wrong golden value in the
 * first operation of each kind fails that script, at that operation's
 * line, with the digest unchanged. A queue of capacity 0 (refused at its
 * line) and a submit to another goal (noticed at a later tick) change
 * what is observed, and so the digest. */
static void test_a_wrong_script_value_fails_its_script(void)
{
    /* code, the word (after the code) to change */
    static const uint32_t cases[][2] = {
        { OP_QUEUE, 2 },        /* capacity: 0, refused */
        { OP_SUBMIT, 8 },       /* expected status */
        { OP_TICK, 3 },         /* expected pending */
        { OP_TICK, 5 + 2 },     /* the first finished request's status */
        { OP_TICK, 5 + 3 },     /* its cost */
        { OP_SET, 6 },          /* the map digest after it */
        { OP_RECT, 8 },         /* likewise */
        { OP_DIGEST, 2 },
        { OP_BATCH, 4 + 5 },    /* the first query's cost */
        { OP_CHECK, 5 },        /* first illegal point */
        { OP_CHECK_PATH, 0 },   /* (set below: expected status) */
        { OP_SUBMIT, 6 },       /* the goal: observed values change */
    };
    const ls__selftest_data *b = &ls__selftest_builtin;
    size_t k;

    CU_ASSERT_FATAL(b->script_count >= 60);
    for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        uint32_t script = 0, at = find_op(cases[k][0], &script), word;
        ls__selftest_data d = *b;
        uint32_t *words;
        ls_selftest_report r;

        if (at == UINT32_MAX) {
            printf("\n    selftest: no script holds operation %u",
                   (unsigned)cases[k][0]);
            CU_FAIL("an operation kind is missing from the scripts");
            continue;
        }
        words = malloc(b->word_count * sizeof *words);
        CU_ASSERT_FATAL(words != NULL);
        memcpy(words, b->words, b->word_count * sizeof *words);
        word = cases[k][1];
        if (cases[k][0] == OP_CHECK_PATH)
            word = 4 + 2 * words[at + 3];
        if (cases[k][0] == OP_SUBMIT && word == 6)
            words[at + 6] = words[at + 4]; /* goal x := start x */
        else if (cases[k][0] == OP_QUEUE)
            words[at + word] = 0;
        else
            words[at + word] ^= 1u;
        d.words = words;
        CU_ASSERT_EQUAL_FATAL(ls__selftest_run(&d, NULL, &r), LS_OK);
        CU_ASSERT(r.failed >= 1);
        CU_ASSERT_EQUAL(r.first_failed, b->search_count + script);
        CU_ASSERT_EQUAL(r.first_failed_kind, LS_SELFTEST_SCRIPT);
        if (cases[k][0] == OP_SUBMIT && word == 6) {
            CU_ASSERT(r.first_failed_step > words[at + 1]);
            CU_ASSERT_NOT_EQUAL(r.digest, b->digest);
        } else {
            CU_ASSERT_EQUAL(r.first_failed_step, words[at + 1]);
            if (cases[k][0] == OP_QUEUE)
                CU_ASSERT_NOT_EQUAL(r.digest, b->digest)
            else
                CU_ASSERT_EQUAL(r.digest, b->digest)
        }
        if (r.first_failed != b->search_count + script)
            printf("\n    selftest: operation %u, word %u: failed %u, "
                   "first %u step %u (expected script %u line %u)",
                   (unsigned)cases[k][0], (unsigned)word, (unsigned)r.failed,
                   (unsigned)r.first_failed, (unsigned)r.first_failed_step,
                   (unsigned)(b->search_count + script),
                   (unsigned)words[at + 1]);
        free(words);
    }
}

/* No state is shared between calls: two threads at once (one after the
 * other where there are no threads) give the builtin report. */
typedef struct call {
    ls_status status;
    ls_selftest_report report;
    tu_counter counter;
} call;

static void call_main(void *arg)
{
    call *c = arg;
    ls_allocator a = tu_counting_allocator(&c->counter);
    c->status = ls_selftest(&a, &c->report);
}

static void test_calls_on_two_threads_agree(void)
{
    call calls[2];
    ls__thread t;
    int started;
    memset(calls, 0, sizeof calls);
    started = ls__thread_start(&t, call_main, &calls[1]) == 0;
    call_main(&calls[0]);
    if (started)
        ls__thread_join(&t);
    else
        call_main(&calls[1]);
    CU_ASSERT_EQUAL(calls[0].status, LS_OK);
    CU_ASSERT_EQUAL(calls[1].status, LS_OK);
    CU_ASSERT(memcmp(&calls[0].report, &calls[1].report,
                     sizeof calls[0].report) == 0);
    CU_ASSERT_EQUAL(calls[0].report.failed, 0);
    CU_ASSERT(tu_counter_balanced(&calls[0].counter));
    CU_ASSERT(tu_counter_balanced(&calls[1].counter));
}

int suite_selftest_register(void)
{
    CU_pSuite s = CU_add_suite("selftest", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "every case passes with the golden digest",
                     test_every_case_passes_with_the_golden_digest) ||
        !CU_add_test(s, "a NULL report is refused",
                     test_null_report_is_refused) ||
        !CU_add_test(s, "case names", test_case_names) ||
        !CU_add_test(s, "the cases cover every family",
                     test_cases_cover_every_family) ||
        !CU_add_test(s, "all memory goes through the allocator",
                     test_all_memory_goes_through_the_allocator) ||
        !CU_add_test(s, "every allocation failure is clean",
                     test_every_allocation_failure_is_clean) ||
        !CU_add_test(s, "a wrong expectation fails its case",
                     test_a_wrong_expectation_fails_its_case) ||
        !CU_add_test(s, "a different outcome changes the digest",
                     test_a_different_outcome_changes_the_digest) ||
        !CU_add_test(s, "a wrong script value fails its script",
                     test_a_wrong_script_value_fails_its_script) ||
        !CU_add_test(s, "calls on two threads agree",
                     test_calls_on_two_threads_agree))
        return -1;
    return 0;
}
