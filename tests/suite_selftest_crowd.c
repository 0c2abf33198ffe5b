/* SPDX-License-Identifier: MIT */
/*
 * suite_selftest_crowd.c - the self-test's crowd replays
 * (src/selftest_crowd.c, chosen from vectors/crowd/ and vectors/avoid/ by
 * tools/selftestgen_crowd.c): they cover the three script versions, group
 * orders, edits, every budget of the vectors and the movement rules, and
 * issue 22's sizes and avoidance (radii, priorities, avoidance on from
 * tick 0 and switched in a run); a
 * wrong golden digest (a tick's or the run's) fails its replay at that
 * line of its .out file with the digest unchanged; a device that observes
 * something else (another speed, another goal, another budget, another
 * radius or priority, avoidance off) fails and reports another digest;
 * words that do not make a replay fail it and nothing else. The sized
 * queries among the self-test's searches (clearance.vec) are checked here
 * too, with the sized crowds: both are issue 22's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "../src/selftest.h" /* ls__selftest_run and the tables */
#include "suites.h"

static const ls__selftest_data *builtin(void)
{
    return &ls__selftest_builtin;
}

/* The case index of crowd replay i. */
static uint32_t crowd_case(uint32_t i)
{
    return builtin()->search_count + builtin()->script_count + i;
}

/* src/selftest.h's format: words per agent, an event's kind. */
#define AGENT_WORDS 5u
#define KIND(w) ((w) & 7u)
enum { EV_MOVE, EV_SET, EV_RECT, EV_GROUP, EV_AVOID };

/* Words of the event at e. */
static uint32_t event_words(const uint32_t *e)
{
    switch (KIND(e[0])) {
    case EV_MOVE: case EV_SET: return 3;
    case EV_RECT: return 4;
    case EV_AVOID: return 2;
    default: return 3 + e[2];
    }
}

/* The first event of kind in replay c, as an index into crowd_words;
 * UINT32_MAX if none. */
static uint32_t find_event(const ls__st_crowd *c, uint32_t kind)
{
    const uint32_t *w = builtin()->crowd_words;
    uint32_t at = c->first_word + AGENT_WORDS * c->agent_count;
    uint32_t end = at + c->event_words;
    while (at < end) {
        if (KIND(w[at]) == kind)
            return at;
        at += event_words(w + at);
    }
    return UINT32_MAX;
}

static void test_replays_cover_the_crowd(void)
{
    static const uint32_t budgets[] = { 0, 1, 7, 60, 1000 };
    const ls__selftest_data *d = builtin();
    uint32_t i, k, groups = 0, edits = 0, v1 = 0, jps = 0, four = 0, n = 0;
    uint32_t limited = 0, corners[3] = { 0, 0, 0 }, by_budget[5] = { 0 };

    CU_ASSERT(d->crowd_count >= 40 && d->crowd_count <= 80);
    for (i = 0; i < d->crowd_count; i++) {
        const ls__st_crowd *c = &d->crowds[i];
        uint32_t g = find_event(c, 3);
        CU_ASSERT_STRING_EQUAL(ls_selftest_case_name(crowd_case(i)), c->id);
        CU_ASSERT((strncmp(c->id, "crowd-", 6) == 0 ||
                   strncmp(c->id, "avoid-", 6) == 0) && strlen(c->id) == 10);
        CU_ASSERT(c->check_count >= 1);
        if (strncmp(c->id, "avoid-", 6) == 0)
            continue; /* version 3: the next test */
        n++;
        CU_ASSERT(c->path_points > 0);
        groups += g != UINT32_MAX;
        v1 += g == UINT32_MAX;
        edits += find_event(c, 1) != UINT32_MAX ||
                 find_event(c, 2) != UINT32_MAX;
        jps += c->algorithm == LS_ALGO_JPS;
        four += c->connectivity == LS_CONNECT_4;
        limited += c->max_expansions > 0;
        if (c->corner_rule >= 0 && c->corner_rule < 3)
            corners[c->corner_rule]++;
        for (k = 0; k < 5; k++)
            by_budget[k] += c->budget == budgets[k];
    }
    CU_ASSERT(groups >= 10);
    CU_ASSERT(v1 >= 10);
    CU_ASSERT(n >= 24);
    CU_ASSERT(edits >= n - 2);
    CU_ASSERT(jps >= 2);
    CU_ASSERT(four >= 4);
    CU_ASSERT(limited >= 4);
    for (k = 0; k < 3; k++)
        CU_ASSERT(corners[k] >= 3);
    for (k = 0; k < 5; k++)
        CU_ASSERT(by_budget[k] >= 4);
    CU_ASSERT_PTR_NULL(ls_selftest_case_name(crowd_case(d->crowd_count)));
}

/* Whether replay c is a version 3 one (vectors/avoid/). */
static int is_avoid(const ls__st_crowd *c)
{
    return strncmp(c->id, "avoid-", 6) == 0;
}

/* The avoidance replays cover issue 22's crowd: bodies (radii of several
 * clearance classes, priorities), avoidance on from tick 0 and switched
 * in a run, with edits, group orders, every budget and cell sizes other
 * than 1; they come after the version 1 and 2 replays. */
static void test_avoid_replays_cover_sizes_and_avoidance(void)
{
    static const uint32_t budgets[] = { 0, 1, 7, 60, 1000 };
    const ls__selftest_data *d = builtin();
    const uint32_t *w = d->crowd_words;
    uint32_t i, k, n = 0, on = 0, switched = 0, edits = 0, groups = 0;
    uint32_t radius = 0, large = 0, priority = 0, cells = 0, points = 0;
    uint32_t by_budget[5] = { 0 };
    int seen = 0;

    for (i = 0; i < d->crowd_count; i++) {
        const ls__st_crowd *c = &d->crowds[i];
        if (!is_avoid(c)) {
            CU_ASSERT(!seen); /* no version 1 or 2 replay after them */
            CU_ASSERT_EQUAL(c->avoidance, 0);
            continue;
        }
        seen = 1;
        n++;
        on += c->avoidance == 1;
        switched += find_event(c, EV_AVOID) != UINT32_MAX;
        edits += find_event(c, EV_SET) != UINT32_MAX ||
                 find_event(c, EV_RECT) != UINT32_MAX;
        groups += find_event(c, EV_GROUP) != UINT32_MAX;
        cells += c->cell_size != 0x10000;
        for (k = 0; k < c->agent_count; k++) {
            uint32_t body = w[c->first_word + AGENT_WORDS * k + 4];
            uint32_t r = body & 0x00ffffffu;
            radius += r > 0;
            points += body == 0;
            /* a radius above half a cell: clearance class 2 or more */
            large += (int64_t)r * 2 > (int64_t)c->cell_size;
            priority += (body >> 24) > 0;
        }
        for (k = 0; k < 5; k++)
            by_budget[k] += c->budget == budgets[k];
    }
    CU_ASSERT(n >= 16 && n <= 32);
    CU_ASSERT(on >= n / 2);
    CU_ASSERT(switched >= 2);
    CU_ASSERT(edits >= 2);
    CU_ASSERT(groups >= 1);
    CU_ASSERT(cells >= 1);
    CU_ASSERT(radius >= 100);
    CU_ASSERT(large >= 10);
    CU_ASSERT(priority >= 20);
    CU_ASSERT(points >= 1);
    for (k = 0; k < 5; k++)
        CU_ASSERT(by_budget[k] >= 1);
}

/* The self-test's searches include sized queries (clearance.vec): of
 * clearance 2 to 6, found and not, with LS_ERR_BAD_CLEARANCE among the
 * errors, one-shot and sliced; the other files' queries have none. */
static void test_searches_include_sized_queries(void)
{
    const ls__selftest_data *d = builtin();
    uint32_t i, sized = 0, found = 0, none = 0, bad = 0, sliced = 0;
    uint32_t k[7] = { 0 };
    for (i = 0; i < d->search_count; i++) {
        const ls__st_search *c = &d->searches[i];
        if (strncmp(c->id, "clearance-", 10) != 0) {
            CU_ASSERT_EQUAL(c->clearance, 0);
            continue;
        }
        if (c->clearance > 1)
            sized++;
        if (c->clearance < 7)
            k[c->clearance]++;
        found += c->status == LS_OK && c->clearance > 1;
        none += c->status == LS_NO_PATH && c->clearance > 1;
        bad += c->status == LS_ERR_BAD_CLEARANCE;
        sliced += c->budget > 0 && c->clearance > 1;
    }
    CU_ASSERT(sized >= 32);
    CU_ASSERT(found >= 8);
    CU_ASSERT(none >= 4);
    CU_ASSERT(bad >= 1);
    CU_ASSERT(sliced >= 4);
    for (i = 2; i < 7; i++)
        CU_ASSERT(k[i] >= 2);
}

/* A copy of the tables whose crowd replays and words may be changed. */
typedef struct tampered {
    ls__selftest_data data;
    ls__st_crowd *crowds;
    uint32_t *words;
} tampered;

static void tamper_init(tampered *t)
{
    const ls__selftest_data *b = builtin();
    t->data = *b;
    t->crowds = malloc(b->crowd_count * sizeof *t->crowds);
    t->words = malloc(b->crowd_word_count * sizeof *t->words);
    CU_ASSERT_FATAL(t->crowds != NULL && t->words != NULL);
    memcpy(t->crowds, b->crowds, b->crowd_count * sizeof *t->crowds);
    memcpy(t->words, b->crowd_words, b->crowd_word_count * sizeof *t->words);
    t->data.crowds = t->crowds;
    t->data.crowd_words = t->words;
}

static void tamper_free(tampered *t)
{
    free(t->crowds);
    free(t->words);
}

/* The first replay with at least two checks. */
static uint32_t find_replay(void)
{
    uint32_t i;
    for (i = 0; i < builtin()->crowd_count; i++)
        if (builtin()->crowds[i].check_count >= 2)
            return i;
    CU_FAIL_FATAL("no replay with two checks");
    return 0;
}

/* A wrong golden tick digest (the second check) or run digest fails its
 * replay at its .out line (tick T: T + 1; the final line: ticks + 1);
 * the digest, made of what the device observed, does not move. */
static void test_a_wrong_golden_digest_fails_its_replay(void)
{
    uint32_t i = find_replay(), k;
    for (k = 0; k < 2; k++) {
        tampered t;
        ls_selftest_report r;
        const ls__st_crowd *c;
        uint32_t check, step;
        tamper_init(&t);
        c = &t.crowds[i];
        check = c->first_word + AGENT_WORDS * c->agent_count + c->event_words +
                3u;
        if (k == 0) {
            t.words[check + 2] ^= 0x80000000u; /* its high half */
            step = t.words[check] + 1u;
        } else {
            t.crowds[i].run_digest ^= 1u;
            step = c->ticks + 1u;
        }
        CU_ASSERT_EQUAL_FATAL(ls__selftest_run(&t.data, NULL, &r), LS_OK);
        CU_ASSERT_EQUAL(r.failed, 1);
        CU_ASSERT_EQUAL(r.passed, r.total - 1);
        CU_ASSERT_EQUAL(r.first_failed, crowd_case(i));
        CU_ASSERT_EQUAL(r.first_failed_kind, LS_SELFTEST_SCRIPT);
        CU_ASSERT_EQUAL(r.first_failed_step, step);
        CU_ASSERT_EQUAL(r.digest, builtin()->digest);
        tamper_free(&t);
    }
}

/* Change replay i of t as change k says: agent 0 twice as fast, the
 * first move to its agent's own starting cell, another budget, the first
 * group order to its first agent's starting cell; in a version 3 replay:
 * agent 0's radius halved (or 0.25 for a point), its priority another
 * (0 or 50), avoidance from tick 0 the other way, the first avoidance
 * switch the other way. 0 when the replay has no such order. */
#define CHANGES 8u
static int change(tampered *t, uint32_t i, uint32_t k)
{
    const ls__st_crowd *c = &builtin()->crowds[i];
    uint32_t *body = &t->words[c->first_word + 4];
    uint32_t at = find_event(c, k == 3 ? EV_GROUP
                                : k == 7 ? EV_AVOID : EV_MOVE);
    if (k >= 4 && (!is_avoid(c) || c->agent_count == 0))
        return 0;
    if (k == 0)
        t->words[c->first_word + 3] *= 2u;
    else if (k == 2)
        t->crowds[i].budget = c->budget == 1u ? 2u : 1u;
    else if (k == 4)
        *body = (*body & 0xff000000u) |
                ((*body & 0x00ffffffu) ? (*body & 0x00ffffffu) / 2u : 0x4000u);
    else if (k == 5)
        *body = (*body & 0x00ffffffu) | ((*body >> 24) ? 0u : 50u << 24);
    else if (k == 6)
        t->crowds[i].avoidance = !c->avoidance;
    else if (at == UINT32_MAX)
        return 0;
    else if (k == 1)
        t->words[at + 2] =
            t->words[c->first_word + AGENT_WORDS * t->words[at + 1] + 2];
    else if (k == 3)
        t->words[at + 1] =
            t->words[c->first_word + AGENT_WORDS * t->words[at + 3] + 2];
    else
        t->words[at + 1] = !t->words[at + 1];
    return 1;
}

/* A device whose crowd does something else fails the replay and reports
 * another digest. Each change is made to the first replay where it
 * changes what the crowd does (run alone: in some, agent 0 never moves,
 * or a move's agent is unreachable anyway), which must exist. */
static void test_a_different_outcome_changes_the_digest(void)
{
    const ls__selftest_data *b = builtin();
    uint64_t digests[CHANGES];
    uint32_t k, j;
    for (k = 0; k < CHANGES; k++) {
        tampered t;
        ls_selftest_report r;
        uint32_t i;
        int found = 0;
        for (i = 0; i < b->crowd_count && !found; i++) {
            tamper_init(&t);
            if (change(&t, i, k)) {
                ls__selftest_data one = t.data;
                one.search_count = one.script_count = 0;
                one.crowds = t.crowds + i;
                one.crowd_count = 1;
                CU_ASSERT_EQUAL_FATAL(ls__selftest_run(&one, NULL, &r), LS_OK);
                found = r.failed == 1;
            }
            if (!found)
                tamper_free(&t);
        }
        CU_ASSERT_FATAL(found);
        i--;
        CU_ASSERT_EQUAL_FATAL(ls__selftest_run(&t.data, NULL, &r), LS_OK);
        CU_ASSERT_EQUAL(r.failed, 1);
        CU_ASSERT_EQUAL(r.first_failed, crowd_case(i));
        CU_ASSERT_EQUAL(r.first_failed_kind, LS_SELFTEST_SCRIPT);
        CU_ASSERT_NOT_EQUAL(r.digest, b->digest);
        digests[k] = r.digest;
        tamper_free(&t);
    }
    for (k = 0; k < CHANGES; k++)
        for (j = k + 1; j < CHANGES; j++)
            CU_ASSERT_NOT_EQUAL(digests[k], digests[j]);
}

/* Words that do not make a replay (a group of 65 agents, an agent index
 * past the list, words past the table, a check never reached, an event of
 * no kind (5), a radius above LS_CROWD_MAX_RADIUS) fail that replay alone;
 * nothing is read outside the tables. */
static void test_bad_words_fail_their_replay(void)
{
    const ls__selftest_data *b = builtin();
    uint32_t k;
    for (k = 0; k < 6; k++) {
        tampered t;
        ls_selftest_report r;
        uint32_t i, at = UINT32_MAX;
        tamper_init(&t);
        for (i = 0; i < b->crowd_count && at == UINT32_MAX; i++)
            at = find_event(&b->crowds[i], k == 0   ? EV_GROUP
                                           : k == 4 ? EV_AVOID
                                                    : EV_MOVE);
        CU_ASSERT_FATAL(at != UINT32_MAX);
        i--;
        if (k == 0)
            t.words[at + 2] = 65;
        else if (k == 1)
            t.words[at + 1] = b->crowds[i].agent_count;
        else if (k == 2)
            t.crowds[i].event_words = b->crowd_word_count;
        else if (k == 3)
            t.crowds[i].check_count++; /* reads the next replay's words */
        else if (k == 4)
            t.words[at] = (t.words[at] & ~7u) | 5u;
        else
            t.words[b->crowds[i].first_word + 4] = 0x00ffffffu;
        CU_ASSERT_EQUAL_FATAL(ls__selftest_run(&t.data, NULL, &r), LS_OK);
        CU_ASSERT_EQUAL(r.failed, 1);
        CU_ASSERT_EQUAL(r.first_failed, crowd_case(i));
        tamper_free(&t);
    }
}

int suite_selftest_crowd_register(void)
{
    CU_pSuite s = CU_add_suite("selftest_crowd", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "the replays cover the crowd",
                     test_replays_cover_the_crowd) ||
        !CU_add_test(s, "a wrong golden digest fails its replay",
                     test_a_wrong_golden_digest_fails_its_replay) ||
        !CU_add_test(s, "a different outcome changes the digest",
                     test_a_different_outcome_changes_the_digest) ||
        !CU_add_test(s, "bad words fail their replay",
                     test_bad_words_fail_their_replay) ||
        !CU_add_test(s, "the avoidance replays cover sizes and avoidance",
                     test_avoid_replays_cover_sizes_and_avoidance) ||
        !CU_add_test(s, "the searches include sized queries",
                     test_searches_include_sized_queries))
        return -1;
    return 0;
}
