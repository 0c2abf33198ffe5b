/* SPDX-License-Identifier: MIT */
/*
 * avoid_bench.c - nanoseconds per call of the ORCA solver (src/avoid.h)
 * for an agent with 10 neighbours and 4 walls, over 4,096 varied cases
 * (about one in sixteen infeasible). Not a test, a timing program
 * (docs/avoidance.md, "Cost"): `make tests/avoid_bench && tests/avoid_bench`
 * in a build directory. (Here rather than in bench/, whose files may not
 * include the library's insides.)
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdint.h>
#include <time.h>
#include "../src/avoid.h"

#define CASES 4096
#define U 65536

static uint32_t state = 2463534242u;
static int32_t gen(int32_t lo, int32_t hi)
{
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return lo + (int32_t)(state % (uint32_t)(hi - lo + 1));
}

typedef struct one {
    ls__avoid_body self, others[10];
    ls__avoid_box walls[4];
    int32_t px, py;
} one;

static one cases[CASES];

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

int main(void)
{
    ls__avoid_line scratch[14];
    int i, k, rep;
    int64_t sink = 0;
    double best[CASES / 256], mean = 0;
    for (i = 0; i < CASES; i++) {
        one *c = &cases[i];
        c->self.x = 0;
        c->self.y = 0;
        c->self.vx = gen(-8192, 8192);
        c->self.vy = gen(-8192, 8192);
        c->self.radius = U / 2;
        c->self.priority = gen(0, 99);
        c->px = gen(-8192, 8192);
        c->py = gen(-8192, 8192);
        for (k = 0; k < 10; k++) {
            /* ring of neighbours 1.1 .. 6 units away */
            c->others[k].x = gen(-6 * U, 6 * U);
            c->others[k].y = gen(-6 * U, 6 * U);
            if (c->others[k].x > -U - U / 10 && c->others[k].x < U + U / 10)
                c->others[k].x += (c->others[k].x < 0 ? -2 : 2) * U;
            c->others[k].vx = gen(-8192, 8192);
            c->others[k].vy = gen(-8192, 8192);
            c->others[k].radius = U / 2;
            c->others[k].priority = gen(0, 99);
        }
        for (k = 0; k < 4; k++) {
            c->walls[k].x0 = gen(-4 * U, 3 * U);
            c->walls[k].y0 = (k & 1 ? 1 : -1) * gen(U, 3 * U);
            c->walls[k].x1 = c->walls[k].x0 + U - 1;
            c->walls[k].y1 = c->walls[k].y0 + U - 1;
        }
    }
    for (i = 0; i < CASES / 256; i++)
        best[i] = 1e30;
    /* Best of many short rounds (256 calls each, about 0.1 ms): on a
     * shared machine a round that was not interrupted is the true cost. */
    for (rep = 0; rep < 400; rep++) {
        const int base = (rep % (CASES / 256)) * 256;
        const double t0 = now();
        double dt;
        for (i = base; i < base + 256; i++) {
            int32_t vx, vy;
            ls__avoid_velocity(&cases[i].self, cases[i].px, cases[i].py, 8192,
                               20, cases[i].others, 10, cases[i].walls, 4,
                               scratch, &vx, &vy);
            sink += vx ^ vy;
        }
        dt = (now() - t0) / 256;
        if (dt < best[rep % (CASES / 256)])
            best[rep % (CASES / 256)] = dt;
    }
    for (i = 0; i < CASES / 256; i++)
        mean += best[i] / (CASES / 256);
    printf("avoid: %.0f ns per call (10 neighbours, 4 walls; %d cases in"
           " rounds of 256, each round's best of 25) [%lld]\n", mean, CASES,
           (long long)sink);
    return 0;
}
