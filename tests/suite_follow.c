/* SPDX-License-Identifier: MIT */
/*
 * suite_follow.c - path following (ls_agent_*): every tick of random
 * routes, frames and speeds against the oracle library's follower
 * (tests/oracle/oracle.h: its own square root and rounding), the distance
 * along the route growing by exactly speed per tick, exact landings on
 * waypoints, speeds longer than many legs, arrival exactly on the goal
 * centre, and every error leaving the agent untouched.
 */
#include <stdio.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "lockstar.h"
#include "suites.h"
#include "test_util.h"

#define ONE 65536
enum { MAXW = 64 };

/* ------------------------------------------------------------ the model */

/* Follow wp from (x0, y0) at speed, every tick against the oracle
 * library's follower (tests/oracle/oracle.h); and, stated on their own,
 * the distance along the route growing by exactly speed a tick (each
 * leg's start summed from the oracle's lengths), the tick count
 * ceil(total / speed), the arrival exactly on the goal's centre. Returns
 * the number of disagreements (and the ticks taken in *ticks). */
static int run_against_model(const ls_world *w, fix16_t x0, fix16_t y0,
                             fix16_t speed, const ls_point *wp, uint32_t n,
                             uint32_t *ticks)
{
    int64_t start[MAXW + 1], total = 0, t = 0, expected_ticks;
    fix16_t fx = x0, fy = y0, gx = 0, gy = 0;
    or_agent m;
    ls_agent a;
    uint32_t k;
    int bad = 0;

    for (k = 0; k < n; k++) {
        fix16_t len = 0;
        if (or_centre(w, wp[k].x, wp[k].y, &gx, &gy) != LS_OK ||
            or_distance(fx, fy, gx, gy, &len) != LS_OK)
            return 1;
        start[k] = total;
        total += len;
        fx = gx;
        fy = gy;
    }
    expected_ticks = (total + speed - 1) / speed;
    if (ls_agent_init(&a, w, x0, y0, speed) != LS_OK ||
        ls_agent_follow(&a, wp, n) != LS_OK ||
        or_agent_init(&m, w, x0, y0, speed) != LS_OK ||
        or_agent_follow(&m, wp, n) != LS_OK)
        return 1;
    if (total == 0)
        bad += a.state != LS_AGENT_ARRIVED; /* already there */
    for (;;) {
        if (a.x != m.x || a.y != m.y || a.target != m.target ||
            a.state != m.state || a.travelled != m.travelled) {
            fprintf(stderr, "\n    tick %d: agent (%d, %d) target %u state %d,"
                    " model (%d, %d) target %u state %d\n", (int)t,
                    (int)a.x, (int)a.y, (unsigned)a.target, (int)a.state,
                    (int)m.x, (int)m.y, (unsigned)m.target, (int)m.state);
            return bad + 1;
        }
        /* Exactly speed along the route per tick: start of the leg plus
         * what was travelled on it. */
        if (a.state == LS_AGENT_MOVING &&
            start[a.target] + a.travelled != t * speed)
            bad++;
        if (a.state == LS_AGENT_ARRIVED)
            break;
        if (ls_agent_step(&a, wp, n) != LS_OK ||
            or_agent_step(&m, wp, n) != LS_OK)
            return bad + 1;
        t++;
        if (t > expected_ticks + 1)
            return bad + 1;
    }
    bad += total > 0 && t != expected_ticks;
    /* Arrived: exactly on the goal centre, and it stays there. */
    bad += a.x != gx || a.y != gy;
    bad += ls_agent_step(&a, NULL, 0) != LS_OK || a.x != gx || a.y != gy;
    *ticks = (uint32_t)t;
    return bad;
}

/* ------------------------------------------------------------ the tests */

static void test_random_routes_against_the_model(void)
{
    ls_rng rng;
    int round, bad = 0;
    uint64_t ticks_total = 0;
    ls_rng_seed(&rng, 2024);
    /* Fewer random routes under an emulator (tu_trials). */
    for (round = 0; round < (int)tu_trials(3000) && bad == 0; round++) {
        const uint32_t kind = ls_rng_below(&rng, 3);
        const fix16_t size = kind == 0 ? 1 + (fix16_t)ls_rng_below(&rng, 9)
                           : kind == 1 ? ONE : 1000 + (fix16_t)ls_rng_below(&rng, 400000);
        const ls_world w = { (fix16_t)ls_rng_below(&rng, 2000000) - 1000000,
                             -(fix16_t)ls_rng_below(&rng, 5000000), size };
        ls_point wp[MAXW];
        const uint32_t n = 1 + ls_rng_below(&rng, 12);
        uint32_t k, ticks = 0;
        fix16_t x0, y0, speed;
        for (k = 0; k < n; k++) {
            /* mostly near the last one, sometimes repeated */
            wp[k].x = (int32_t)ls_rng_below(&rng, 40) - 20;
            wp[k].y = (int32_t)ls_rng_below(&rng, 40) - 20;
            if (k > 0 && ls_rng_below(&rng, 6) == 0)
                wp[k] = wp[k - 1];
        }
        CU_ASSERT_FATAL(ls_world_cell_center(&w, wp[0].x, wp[0].y, &x0, &y0) == LS_OK);
        if (ls_rng_below(&rng, 2)) { /* start off-centre */
            x0 += (fix16_t)ls_rng_below(&rng, (uint32_t)size) - size / 2;
            y0 -= (fix16_t)ls_rng_below(&rng, (uint32_t)size) - size / 2;
        }
        switch (ls_rng_below(&rng, 4)) {
        case 0: speed = 1 + (fix16_t)ls_rng_below(&rng, (uint32_t)size); break;
        case 1: speed = size; break; /* a straight step per tick */
        case 2: speed = 1 + (fix16_t)ls_rng_below(&rng, 30u * (uint32_t)size); break;
        default: speed = size / 7 + 1; break;
        }
        bad += run_against_model(&w, x0, y0, speed, wp, n, &ticks);
        ticks_total += ticks;
    }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT(ticks_total > tu_trials(10000));
}

/* Smoothed paths the search found, followed at speeds that divide the
 * legs and at speeds that do not. */
static void test_found_and_smoothed_paths(void)
{
    ls_rng rng;
    ls_grid *g;
    ls_search *s = NULL;
    static ls_point path[2048], way[2048];
    int q, bad = 0, followed = 0;
    const ls_world w = { -50 * ONE, 20 * ONE, ONE / 2 };
    ls_rng_seed(&rng, 77);
    g = tu_random_grid(&rng, 40, 40, 20, 30, 5);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    CU_ASSERT_FATAL(ls_search_create(40, 40, NULL, &s) == LS_OK);
    for (q = 0; q < 300 && bad == 0; q++) {
        ls_query query;
        ls_result r;
        uint32_t m = 0, ticks;
        fix16_t x0, y0;
        ls_query_init(&query);
        tu_random_open_cell(&rng, g, &query.start_x, &query.start_y);
        tu_random_open_cell(&rng, g, &query.goal_x, &query.goal_y);
        if (ls_find_path(s, g, &query, path, 2048, &r) != LS_OK ||
            ls_smooth_path(g, path, r.path_length, way, 2048, &m) != LS_OK ||
            m > MAXW)
            continue;
        ls_world_cell_center(&w, way[0].x, way[0].y, &x0, &y0);
        bad += run_against_model(&w, x0, y0, 1 + (fix16_t)ls_rng_below(&rng, ONE),
                                 way, m, &ticks);
        bad += run_against_model(&w, x0, y0, ONE / 2, way, m, &ticks);
        followed++;
    }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT(followed > 200);
    ls_search_destroy(s);
    ls_grid_destroy(g);
}

/* Legs of 3, 4 and 5 cells on a frame of size 1.0, at speed 1.0: every
 * waypoint is reached exactly, on its centre, and left in that tick. */
static void test_exact_landings(void)
{
    const ls_world w = { 0, 0, ONE };
    const ls_point wp[4] = { { 0, 0 }, { 3, 0 }, { 3, 4 }, { 0, 0 } };
    ls_agent a;
    int t;
    CU_ASSERT_EQUAL_FATAL(ls_agent_init(&a, &w, ONE / 2, ONE / 2, ONE), LS_OK);
    CU_ASSERT_EQUAL_FATAL(ls_agent_follow(&a, wp, 4), LS_OK);
    /* leg 0 has length 0: passed at once */
    CU_ASSERT_EQUAL(a.state, LS_AGENT_MOVING);
    CU_ASSERT_EQUAL(a.target, 1u);
    for (t = 1; t <= 12; t++) {
        CU_ASSERT_EQUAL_FATAL(ls_agent_step(&a, wp, 4), LS_OK);
        if (t == 3) { /* on (3,0)'s centre, heading for (3,4) */
            CU_ASSERT(a.x == 3 * ONE + ONE / 2 && a.y == ONE / 2);
            CU_ASSERT_EQUAL(a.target, 2u);
            CU_ASSERT_EQUAL(a.travelled, 0);
        }
        if (t == 7) {
            CU_ASSERT(a.x == 3 * ONE + ONE / 2 && a.y == 4 * ONE + ONE / 2);
            CU_ASSERT_EQUAL(a.target, 3u);
        }
        if (t == 10) { /* 3-4-5: (3,4) -> (0,0) is 5 long, 3/5 of it */
            /* 9 * 65536 / 5 = 117964.8 and 12 * 65536 / 5 = 157286.4 */
            CU_ASSERT_EQUAL(a.x, ONE / 2 + 3 * ONE - 117965);
            CU_ASSERT_EQUAL(a.y, ONE / 2 + 4 * ONE - 157286);
        }
    }
    CU_ASSERT_EQUAL(a.state, LS_AGENT_ARRIVED);
    CU_ASSERT(a.x == ONE / 2 && a.y == ONE / 2);
}

/* A speed longer than the whole route arrives in one tick; one that ends
 * exactly on a waypoint after several legs stops on its centre. */
static void test_long_speeds(void)
{
    const ls_world w = { 100 * ONE, -100 * ONE, 2 * ONE };
    const ls_point wp[5] = { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 2, 1 }, { 5, 1 } };
    ls_agent a;
    fix16_t x0, y0, gx, gy, cx, cy;
    CU_ASSERT_FATAL(ls_world_cell_center(&w, 0, 0, &x0, &y0) == LS_OK);
    CU_ASSERT_FATAL(ls_world_cell_center(&w, 5, 1, &gx, &gy) == LS_OK);
    CU_ASSERT_FATAL(ls_world_cell_center(&w, 2, 1, &cx, &cy) == LS_OK);
    CU_ASSERT_EQUAL_FATAL(ls_agent_init(&a, &w, x0, y0, 1000 * ONE), LS_OK);
    CU_ASSERT_EQUAL_FATAL(ls_agent_follow(&a, wp, 5), LS_OK);
    CU_ASSERT_EQUAL(ls_agent_step(&a, wp, 5), LS_OK);
    CU_ASSERT_EQUAL(a.state, LS_AGENT_ARRIVED);
    CU_ASSERT(a.x == gx && a.y == gy && a.target == 4u && a.travelled == 0);
    /* 3 legs of 2.0: speed 6.0 lands on (2,1) exactly */
    CU_ASSERT_EQUAL_FATAL(ls_agent_init(&a, &w, x0, y0, 6 * ONE), LS_OK);
    CU_ASSERT_EQUAL_FATAL(ls_agent_follow(&a, wp, 5), LS_OK);
    CU_ASSERT_EQUAL(ls_agent_step(&a, wp, 5), LS_OK);
    CU_ASSERT(a.x == cx && a.y == cy && a.target == 4u && a.travelled == 0);
    CU_ASSERT_EQUAL(a.state, LS_AGENT_MOVING);
    /* the last leg is 6.0 long: the next tick arrives exactly */
    CU_ASSERT_EQUAL(ls_agent_step(&a, wp, 5), LS_OK);
    CU_ASSERT_EQUAL(a.state, LS_AGENT_ARRIVED);
    CU_ASSERT(a.x == gx && a.y == gy);
    /* the largest speed */
    CU_ASSERT_EQUAL_FATAL(ls_agent_init(&a, &w, x0, y0, INT32_MAX), LS_OK);
    CU_ASSERT_EQUAL_FATAL(ls_agent_follow(&a, wp, 5), LS_OK);
    CU_ASSERT_EQUAL(ls_agent_step(&a, wp, 5), LS_OK);
    CU_ASSERT(a.state == LS_AGENT_ARRIVED && a.x == gx && a.y == gy);
}

static void test_follow_special_routes(void)
{
    const ls_world w = { 0, 0, ONE };
    const ls_point one[1] = { { 2, 3 } };
    const ls_point dup[3] = { { 2, 3 }, { 2, 3 }, { 2, 3 } };
    ls_agent a, before;
    fix16_t cx, cy;
    CU_ASSERT_FATAL(ls_world_cell_center(&w, 2, 3, &cx, &cy) == LS_OK);
    /* already on the only centre: arrived at once, without a step */
    CU_ASSERT_EQUAL_FATAL(ls_agent_init(&a, &w, cx, cy, 5), LS_OK);
    CU_ASSERT_EQUAL(a.state, LS_AGENT_IDLE);
    CU_ASSERT_EQUAL(ls_agent_follow(&a, one, 1), LS_OK);
    CU_ASSERT_EQUAL(a.state, LS_AGENT_ARRIVED);
    CU_ASSERT_EQUAL(ls_agent_follow(&a, dup, 3), LS_OK);
    CU_ASSERT(a.state == LS_AGENT_ARRIVED && a.target == 2u);
    /* idle and arrived agents do not move */
    before = a;
    CU_ASSERT_EQUAL(ls_agent_step(&a, NULL, 0), LS_OK);
    CU_ASSERT_EQUAL(memcmp(&a, &before, sizeof a), 0);
    CU_ASSERT_EQUAL_FATAL(ls_agent_init(&a, &w, cx, cy, 5), LS_OK);
    before = a;
    CU_ASSERT_EQUAL(ls_agent_step(&a, NULL, 0), LS_OK);
    CU_ASSERT_EQUAL(memcmp(&a, &before, sizeof a), 0);
    /* a new route mid-leg starts where the agent stands */
    {
        const ls_point r1[2] = { { 0, 0 }, { 9, 0 } };
        const ls_point r2[2] = { { 4, 0 }, { 4, 5 } };
        fix16_t x;
        CU_ASSERT_EQUAL_FATAL(ls_agent_init(&a, &w, ONE / 2, ONE / 2, ONE + 77), LS_OK);
        CU_ASSERT_EQUAL_FATAL(ls_agent_follow(&a, r1, 2), LS_OK);
        CU_ASSERT_EQUAL(ls_agent_step(&a, r1, 2), LS_OK);
        CU_ASSERT_EQUAL(ls_agent_step(&a, r1, 2), LS_OK);
        x = a.x;
        CU_ASSERT_EQUAL(x, ONE / 2 + 2 * ONE + 154);
        CU_ASSERT_EQUAL(ls_agent_follow(&a, r2, 2), LS_OK);
        CU_ASSERT(a.x == x && a.from_x == x && a.target == 0 && a.travelled == 0);
        CU_ASSERT_EQUAL(ls_agent_step(&a, r2, 2), LS_OK);
        /* leg 0 is 2.0 less 154 raw: after ONE + 77 still on it */
        CU_ASSERT_EQUAL(a.target, 0u);
        CU_ASSERT_EQUAL(a.x, x + ONE + 77);
        CU_ASSERT_EQUAL(ls_agent_step(&a, r2, 2), LS_OK);
        CU_ASSERT_EQUAL(a.target, 1u);
        CU_ASSERT_EQUAL(a.x, 4 * ONE + ONE / 2);
    }
}

static void test_errors_leave_the_agent_untouched(void)
{
    const ls_world w = { 0, 0, ONE };
    const ls_world bad_frame = { 0, 0, 0 };
    const ls_point wp[3] = { { 0, 0 }, { 5, 0 }, { 5, 5 } };
    ls_agent a, before, broken;
    CU_ASSERT_EQUAL(ls_agent_init(NULL, &w, 0, 0, ONE), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_agent_init(&a, NULL, 0, 0, ONE), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_agent_init(&a, &bad_frame, 0, 0, ONE), LS_ERR_BAD_FRAME);
    CU_ASSERT_EQUAL(ls_agent_init(&a, &w, INT32_MIN, 0, ONE), LS_ERR_WORLD_RANGE);
    CU_ASSERT_EQUAL(ls_agent_init(&a, &w, 0, INT32_MIN, ONE), LS_ERR_WORLD_RANGE);
    CU_ASSERT_EQUAL(ls_agent_init(&a, &w, 0, 0, 0), LS_ERR_BAD_SPEED);
    CU_ASSERT_EQUAL(ls_agent_init(&a, &w, 0, 0, -ONE), LS_ERR_BAD_SPEED);

    CU_ASSERT_EQUAL_FATAL(ls_agent_init(&a, &w, 0, 0, ONE / 3), LS_OK);
    before = a;
    CU_ASSERT_EQUAL(ls_agent_follow(NULL, wp, 3), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_agent_follow(&a, NULL, 3), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_agent_follow(&a, wp, 0), LS_ERR_BAD_SIZE);
    {
        /* a centre outside the world, and a leg longer than 0x7FFFFFFF */
        const ls_point far[2] = { { 0, 0 }, { 40000, 0 } };
        const ls_point long_leg[2] = { { -20000, 0 }, { 20000, 10 } };
        CU_ASSERT_EQUAL(ls_agent_follow(&a, far, 2), LS_ERR_WORLD_RANGE);
        CU_ASSERT_EQUAL(ls_agent_follow(&a, long_leg, 2), LS_ERR_WORLD_RANGE);
    }
    CU_ASSERT_EQUAL(memcmp(&a, &before, sizeof a), 0);

    CU_ASSERT_EQUAL_FATAL(ls_agent_follow(&a, wp, 3), LS_OK);
    CU_ASSERT_EQUAL_FATAL(ls_agent_step(&a, wp, 3), LS_OK);
    before = a;
    CU_ASSERT_EQUAL(ls_agent_step(NULL, wp, 3), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_agent_step(&a, NULL, 3), LS_ERR_NULL_ARGUMENT);
    CU_ASSERT_EQUAL(ls_agent_step(&a, wp, 2), LS_ERR_BAD_AGENT);
    CU_ASSERT_EQUAL(memcmp(&a, &before, sizeof a), 0);
    /* every inconsistent field, each on a copy */
    broken = before; broken.state = 7;
    CU_ASSERT_EQUAL(ls_agent_step(&broken, wp, 3), LS_ERR_BAD_AGENT);
    broken = before; broken.target = 3;
    CU_ASSERT_EQUAL(ls_agent_step(&broken, wp, 3), LS_ERR_BAD_AGENT);
    broken = before; broken.travelled = -1;
    CU_ASSERT_EQUAL(ls_agent_step(&broken, wp, 3), LS_ERR_BAD_AGENT);
    broken = before; broken.travelled = 5 * ONE;
    CU_ASSERT_EQUAL(ls_agent_step(&broken, wp, 3), LS_ERR_BAD_AGENT);
    broken = before; broken.speed = 0;
    CU_ASSERT_EQUAL(ls_agent_step(&broken, wp, 3), LS_ERR_BAD_SPEED);
    broken = before; broken.world.cell_size = -1;
    CU_ASSERT_EQUAL(ls_agent_step(&broken, wp, 3), LS_ERR_BAD_FRAME);
    broken = before; broken.x = INT32_MIN;
    CU_ASSERT_EQUAL(ls_agent_step(&broken, wp, 3), LS_ERR_WORLD_RANGE);
    broken = before; broken.from_y = INT32_MIN;
    CU_ASSERT_EQUAL(ls_agent_step(&broken, wp, 3), LS_ERR_WORLD_RANGE);
    broken = before; broken.count = 0;
    CU_ASSERT_EQUAL(ls_agent_step(&broken, wp, 0), LS_ERR_BAD_AGENT);
    broken = before; broken.state = LS_AGENT_IDLE;
    CU_ASSERT_EQUAL(ls_agent_step(&broken, wp, 3), LS_ERR_BAD_AGENT);
    broken = before; broken.state = LS_AGENT_ARRIVED;
    CU_ASSERT_EQUAL(ls_agent_step(&broken, wp, 3), LS_ERR_BAD_AGENT);
    CU_ASSERT_EQUAL(ls_agent_follow(&broken, wp, 3), LS_ERR_BAD_AGENT);
    /* the speed may change between ticks */
    a.speed = 20 * ONE;
    CU_ASSERT_EQUAL(ls_agent_step(&a, wp, 3), LS_OK);
    CU_ASSERT_EQUAL(a.state, LS_AGENT_ARRIVED);
    CU_ASSERT(a.x == 5 * ONE + ONE / 2 && a.y == 5 * ONE + ONE / 2);
}

/* Rounding is symmetric: the same leg walked both ways mirrors. */
static void test_rounding_is_half_away_from_zero(void)
{
    const ls_world w = { 0, 0, 3 };
    const ls_point there[2] = { { 0, 0 }, { 7, 3 } };
    const ls_point back[2] = { { 7, 3 }, { 0, 0 } };
    ls_agent a, b;
    fix16_t ax0, ay0, bx0, by0;
    int t;
    ls_world_cell_center(&w, 0, 0, &ax0, &ay0);
    ls_world_cell_center(&w, 7, 3, &bx0, &by0);
    CU_ASSERT_EQUAL_FATAL(ls_agent_init(&a, &w, ax0, ay0, 1), LS_OK);
    CU_ASSERT_EQUAL_FATAL(ls_agent_init(&b, &w, bx0, by0, 1), LS_OK);
    CU_ASSERT_EQUAL_FATAL(ls_agent_follow(&a, there, 2), LS_OK);
    CU_ASSERT_EQUAL_FATAL(ls_agent_follow(&b, back, 2), LS_OK);
    CU_ASSERT_EQUAL(a.target, 1u);
    for (t = 0; t < 23 && a.state == LS_AGENT_MOVING; t++) {
        /* leg length ceil(sqrt(21^2 + 9^2)) = 23: a at t, b at 23 - t */
        CU_ASSERT_EQUAL(a.x - ax0, bx0 - b.x);
        CU_ASSERT_EQUAL(a.y - ay0, by0 - b.y);
        CU_ASSERT_EQUAL(ls_agent_step(&a, there, 2), LS_OK);
        CU_ASSERT_EQUAL(ls_agent_step(&b, back, 2), LS_OK);
    }
}

int suite_follow_register(void)
{
    CU_pSuite s = CU_add_suite("follow", NULL, NULL);
    if (!s)
        return -1;
    if (!CU_add_test(s, "random routes against the model",
                     test_random_routes_against_the_model) ||
        !CU_add_test(s, "found and smoothed paths",
                     test_found_and_smoothed_paths) ||
        !CU_add_test(s, "exact landings on waypoints", test_exact_landings) ||
        !CU_add_test(s, "speeds longer than many legs", test_long_speeds) ||
        !CU_add_test(s, "special routes", test_follow_special_routes) ||
        !CU_add_test(s, "errors leave the agent untouched",
                     test_errors_leave_the_agent_untouched) ||
        !CU_add_test(s, "rounding is half away from zero",
                     test_rounding_is_half_away_from_zero))
        return -1;
    return 0;
}
