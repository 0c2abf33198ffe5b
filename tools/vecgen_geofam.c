/* SPDX-License-Identifier: MIT */
/*
 * vecgen_geofam.c - the geometry script files: world.vec (frames, cells,
 * centres, lengths), sight.vec (the cells of segments, line of sight and
 * cost), smooth.vec (smoothing found paths and listed cells, before and
 * after edits, on terrain) and follow.vec (agents walking routes). Every
 * line goes through vecgen_geo.c, which checks it against the models.
 */
#include <stdint.h>
#include "vecgen.h"

#define WMAX 0x7FFFFFFF

/* Frames: the plain one, negative origins, odd and tiny raw sizes, large
 * sizes up to the range limits, origins at the limits; then bad ones. */
static const int32_t frames[][3] = {
    { 0, 0, 65536 },
    { -327680, -196608, 65536 },
    { 131077, -458755, 65536 },
    { 0, 0, 1 },
    { -1, -1, 3 },
    { 100, -100, 65537 },
    { 0, 0, 32768 },
    { -6553600, 3276800, 655360 },
    { -5, 11, 13 },
    { 123456, -654321, 99999 },
    { -0x78000000, -0x78000000, 0x06000000 },
    { 0, 0, 0x40000000 },
    { -0x40000000, -0x40000000, 0x40000000 },
    { 0, 0, WMAX },
    { -WMAX, WMAX, WMAX },
    { WMAX, -WMAX, 7 },
    { -WMAX, -WMAX, 1 },
    { -98304, 163840, 196611 },
    /* bad frames (LS_ERR_BAD_FRAME) */
    { 0, 0, 0 },
    { 0, 0, -65536 },
    { INT32_MIN, 0, 65536 },
    { 0, INT32_MIN, 65536 },
    { 0, 0, INT32_MIN },
};
#define GOOD_FRAMES 18

/* A 32-bit value: small, near a cell edge of the frame, or any. */
static int32_t any32(gen *g)
{
    uint32_t v = (rnd(g, 65536) << 16) | rnd(g, 65536);
    return (int32_t)v;
}

static int32_t frame_value(sgen *s, int32_t origin, int32_t cells)
{
    gen *g = s->g;
    int64_t size = s->frame.cell_size > 0 ? s->frame.cell_size : 65536;
    int64_t c = (int64_t)rnd(g, (uint32_t)cells + 4) - 2;
    int64_t v = origin + c * size + (int64_t)rnd(g, 3) - 1;
    switch (rnd(g, 4)) {
    case 0: v = origin + c * size; break;              /* an edge */
    case 1: v = origin + c * size - 1; break;          /* just below */
    case 2: v = origin + c * size + size / 2; break;   /* the centre */
    default: break;
    }
    if (v > WMAX || v < -(int64_t)WMAX)
        v = any32(g);
    return (int32_t)v;
}

static void world_script(gen *g, uint32_t k)
{
    const int32_t *f = frames[k % VG_COUNT(frames)];
    uint32_t i;
    sgen s;
    ls_point pts[VF_CHECK_PATH_MAX];
    static const int32_t odd[][2] = {
        { INT32_MIN, 0 }, { 0, INT32_MIN }, { INT32_MAX, INT32_MAX },
        { -WMAX, -WMAX }, { 0, 0 }, { -1, -1 }
    };
    static const int32_t dist[][4] = {
        { 0, 0, 3, 4 }, { 0, 0, 1, 1 }, { -7, -7, -7, -7 },
        { 0, 0, WMAX, 0 }, { -WMAX, 0, WMAX, 0 }, { 0, 0, WMAX, WMAX },
        { 0, 0, 1518500249, 1518500249 }, { 0, 0, 1518500250, 1518500250 },
        { INT32_MIN, 0, 0, 0 }, { 5, 5, 5, INT32_MIN },
        { -65536, -65536, 65536, 65536 }, { 1, 2, -3, -4 }
    };

    if (k % 2)
        map_gen(g, MG_RANDOM, 8 + (int32_t)(k % 5), 6 + (int32_t)(k % 3),
                70000 + k, 20, 0, 0, 0);
    else
        map_gen(g, MG_EMPTY, 8 + (int32_t)(k % 5), 6 + (int32_t)(k % 3), 0,
                0, 0, 0, 0);
    sg_begin(g, &s, NULL, "1");
    if (k % 7 == 3)
        sg_world_cell(&s, 65536 * 2 + 5, -1, 0); /* the default frame */
    sg_frame(&s, f[0], f[1], f[2]);
    for (i = 0; i < 4; i++) {
        int32_t cx = (int32_t)rnd(g, (uint32_t)s.w + 2) - 1;
        int32_t cy = (int32_t)rnd(g, (uint32_t)s.h + 2) - 1;
        sg_centre(&s, cx, cy);
    }
    sg_centre(&s, odd[k % 6][0], odd[k % 6][1]);
    if (s.frame.cell_size > 0) {
        /* The last cell whose centre is in range, and the next. */
        int64_t last = ((int64_t)WMAX - s.frame.origin_x -
                        s.frame.cell_size / 2) / s.frame.cell_size;
        if (last >= INT32_MIN && last < INT32_MAX) {
            sg_centre(&s, (int32_t)last, 0);
            sg_centre(&s, (int32_t)last + 1, 0);
        }
    }
    for (i = 0; i < 8; i++)
        sg_world_cell(&s, frame_value(&s, s.frame.origin_x, s.w),
                      frame_value(&s, s.frame.origin_y, s.h), 0);
    sg_world_cell(&s, odd[(k + 1) % 6][0], odd[(k + 2) % 6][1], 0);
    sg_world_cell(&s, any32(g), any32(g), 0);
    for (i = 0; i < 6; i++)
        sg_world_cell(&s, frame_value(&s, s.frame.origin_x, s.w),
                      frame_value(&s, s.frame.origin_y, s.h), 1);
    sg_world_cell(&s, any32(g), odd[k % 6][1], 1);
    for (i = 0; i < 4; i++) {
        int32_t a = (int32_t)rnd(g, 20) - 5, b = (int32_t)rnd(g, 20) - 5;
        int32_t c = (int32_t)rnd(g, 20) - 5, d = (int32_t)rnd(g, 20) - 5;
        sg_segment(&s, a, b, i == 0 ? a : c, i == 0 ? b : d);
    }
    sg_segment(&s, 0, 0, 1, 1);
    sg_segment(&s, 3, -2, 4, -2);
    sg_segment(&s, INT32_MIN, 0, INT32_MAX, 0);
    if (s.frame.cell_size > 0) {
        int32_t far = (int32_t)(WMAX / s.frame.cell_size);
        sg_segment(&s, 0, 0, far, 0);
        sg_segment(&s, 0, 0, far, far);
        if (far < INT32_MAX)
            sg_segment(&s, -1, 0, far, 0);
    }
    sg_distance(&s, dist[k % 12][0], dist[k % 12][1], dist[k % 12][2],
                dist[k % 12][3]);
    sg_distance(&s, any32(g), any32(g), any32(g), any32(g));
    sg_distance(&s, (int32_t)rnd(g, 1u << 20) - (1 << 19),
                (int32_t)rnd(g, 1u << 20) - (1 << 19),
                (int32_t)rnd(g, 1u << 20), (int32_t)rnd(g, 1u << 20));
    for (i = 0; i < 3; i++) {
        uint32_t n = i == 0 ? k % 3 : 2 + rnd(g, 12), j;
        for (j = 0; j < n; j++) {
            pts[j].x = (int32_t)rnd(g, (uint32_t)s.w + 6) - 3;
            pts[j].y = (int32_t)rnd(g, (uint32_t)s.h + 6) - 3;
        }
        sg_path_length(&s, pts, n);
    }
    /* A sum beyond range: many long segments. */
    for (i = 0; i < 40; i++) {
        pts[i].x = i % 2 ? 3000 : -3000;
        pts[i].y = (int32_t)i;
    }
    sg_path_length(&s, pts, 40);
    /* Far corners: cells outside int32 in the frames of raw size 1. */
    sg_world_cell(&s, WMAX, -WMAX, 0);
    sg_world_cell(&s, WMAX, -WMAX, 1);
    sg_end(&s);
}

void fam_world(gen *g)
{
    uint32_t k;
    for (k = 0; k < 2 * VG_COUNT(frames) + 4; k++)
        world_script(g, k);
}

/* ---- sight.vec -------------------------------------------------------- */

static const char *const pinch[] = {
    "..........", ".#.#......", "..#.#.....", ".#.#.#....", "....#.#...",
    ".....#....", "..5...9...", "...22.....", "#........#", "..........",
    NULL /* map_rows counts the rows up to here */
};

/* A segment of the current map with a listable count. */
static void short_segment(sgen *s, int32_t p[4])
{
    gen *g = s->g;
    uint32_t span = s->w < 20 ? (uint32_t)s->w : 20u;
    do {
        p[0] = (int32_t)rnd(g, (uint32_t)s->w);
        p[1] = (int32_t)rnd(g, (uint32_t)s->h);
        p[2] = p[0] + (int32_t)rnd(g, span) - (int32_t)span / 2;
        p[3] = p[1] + (int32_t)rnd(g, span) - (int32_t)span / 2;
    } while (p[2] < 0 || p[3] < 0 || p[2] >= s->w || p[3] >= s->h);
}

static void sight_script(gen *g, uint32_t k)
{
    static const int32_t named[][4] = {
        { 2, 2, 2, 2 }, { 0, 3, 9, 3 }, { 4, 0, 4, 9 }, { 0, 0, 5, 5 },
        { 5, 0, 0, 5 }, { 9, 9, 1, 1 }, { 0, 0, 3, 1 }, { 0, 0, 2, 6 },
        { 7, 2, 1, 4 }, { 1, 1, 2, 2 }, { 3, 3, 2, 4 }, { 0, 9, 9, 0 }
    };
    static const int32_t bad[][5] = {
        { -1, 0, 3, 3, 64 }, { 0, 0, 16384, 0, 64 },
        { 0, INT32_MIN, 0, 0, 0 }, { 16383, 16383, 0, 0, 0 },
        { 0, 0, 16383, 0, 0 }, { 0, 16383, 0, 0, 5 },
        { 16383, 0, 0, 16383, 0 }, { 0, 0, 0, 16384, 0 }
    };
    uint32_t i;
    int32_t p[4];
    sgen s;

    switch (k % 5) {
    case 0: map_gen(g, MG_RANDOM, 16, 16, 71000 + k, 20, 0, 0, 0); break;
    case 1: map_gen(g, MG_TERRAIN, 16, 12, 71000 + k, 6, 5, 9, 10); break;
    case 2: map_gen(g, MG_MAZE, 15, 15, 71000 + k, 1, 10, 0, 0); break;
    case 3: map_rows(g, pinch); break;
    default: map_gen(g, MG_EMPTY, 12, 10, 0, 0, 0, 0, 0); break;
    }
    sg_begin(g, &s, NULL, "1");
    for (i = 0; i < 3; i++) {
        const int32_t *n = named[(k * 3 + i) % VG_COUNT(named)];
        sg_line(&s, n[0], n[1], n[2], n[3], 64);
    }
    for (i = 0; i < 4; i++) {
        short_segment(&s, p);
        sg_line(&s, p[0], p[1], p[2], p[3], 64);
    }
    short_segment(&s, p);
    {
        ls_point buf[VF_CHECK_PATH_MAX];
        uint32_t n = vg_line(p[0], p[1], p[2], p[3], buf, 0);
        sg_line(&s, p[0], p[1], p[2], p[3], n - 1);
        sg_line(&s, p[0], p[1], p[2], p[3], n);
    }
    sg_line(&s, bad[k % 8][0], bad[k % 8][1], bad[k % 8][2], bad[k % 8][3],
            (uint32_t)bad[k % 8][4]);
    for (i = 0; i < 3; i++) {
        const int32_t *n = named[(k + i * 5) % VG_COUNT(named)];
        sg_sight(&s, n[0] % s.w, n[1] % s.h, n[2] % s.w, n[3] % s.h);
    }
    for (i = 0; i < 6; i++) {
        short_segment(&s, p);
        sg_sight(&s, p[0], p[1], p[2], p[3]);
    }
    sg_sight(&s, k % 3 ? s.w : -1, 0, 0, 0);
    sg_sight(&s, 0, 0, 1, k % 2 ? s.h : -1);
    /* Edits: block a cell of a clear line, raise one, open it again. */
    for (i = 0; i < 10; i++) {
        short_segment(&s, p);
        if (sg_sight(&s, p[0], p[1], p[2], p[3]) == LS_OK)
            break;
    }
    {
        ls_point buf[VF_CHECK_PATH_MAX];
        uint32_t n = vg_line(p[0], p[1], p[2], p[3], buf, VF_CHECK_PATH_MAX);
        ls_point c = buf[n / 2];
        uint8_t old = sg_cell(&s, c.x, c.y);
        sg_set(&s, c.x, c.y, 0);
        sg_sight(&s, p[0], p[1], p[2], p[3]);
        sg_set(&s, c.x, c.y, 200);
        sg_sight(&s, p[0], p[1], p[2], p[3]);
        sg_set(&s, c.x, c.y, old);
        sg_sight(&s, p[2], p[3], p[0], p[1]);
        if (k % 4 == 0) {
            sg_rect(&s, 0, 0, s.w, s.h, 3);
            sg_sight(&s, p[0], p[1], p[2], p[3]);
        }
    }
    sg_end(&s);
}

void fam_sight(gen *g)
{
    uint32_t k;
    for (k = 0; k < 60; k++)
        sight_script(g, k);
}

/* ---- smooth.vec -------------------------------------------------------- */

/* Smooth p[0..n): into room for n, for one too few, for none; the world
 * lengths of path and waypoints. The waypoints into wp; their count. */
static uint32_t smooth_all(sgen *s, const ls_point *p, uint32_t n,
                           ls_point *wp, int lengths)
{
    uint32_t k = 0;
    if (sg_smooth(s, n, p, n, wp, &k) != LS_OK)
        return 0;
    if (k > 1)
        sg_smooth(s, k - 1, p, n, NULL, NULL);
    if (lengths) {
        sg_path_length(s, p, n);
        sg_path_length(s, wp, k);
    }
    return k;
}

static void smooth_script(gen *g, uint32_t k)
{
    ls_point path[VF_CHECK_PATH_MAX], wp[VF_CHECK_PATH_MAX];
    ls_point list[VF_CHECK_PATH_MAX];
    uint32_t n, m, i, j;
    const int32_t *f = frames[(k * 5) % GOOD_FRAMES];
    sgen s;

    switch (k % 6) {
    case 0: map_gen(g, MG_RANDOM, 24, 24, 72000 + k, 20, 0, 0, 0); break;
    case 1: map_gen(g, MG_TERRAIN, 24, 20, 72000 + k, 10, 6, 9, 10); break;
    case 2: map_gen(g, MG_ROOMS, 24, 24, 72000 + k, 5, 2, 80, 0); break;
    case 3: map_gen(g, MG_TERRAIN, 20, 20, 72000 + k, 12, 5, 3, 0); break;
    case 4: map_gen(g, MG_MAZE, 21, 21, 72000 + k, 2, 25, 0, 0); break;
    default: map_gen(g, MG_EMPTY, 16, 16, 0, 0, 0, 0, 0); break;
    }
    sg_begin(g, &s, NULL, "1");
    sg_frame(&s, f[0], f[1], f[2]);
    for (i = 0; i < 2; i++) {
        n = sg_found_path(&s, path, VF_CHECK_PATH_MAX);
        if (n == 0)
            continue;
        m = smooth_all(&s, path, n, wp, i == 0);
        if (i == 1 && m > 0)
            sg_smooth(&s, 0, path, n, NULL, NULL);
        if (m < 2)
            continue;
        /* After edits: a cell a shortcut crosses blocked, then dearer. */
        {
            ls_point buf[VF_CHECK_PATH_MAX];
            uint32_t c = vg_line(wp[0].x, wp[0].y, wp[1].x, wp[1].y, buf,
                                 VF_CHECK_PATH_MAX);
            ls_point x = buf[c / 2];
            uint8_t old = sg_cell(&s, x.x, x.y);
            sg_set(&s, x.x, x.y, 0);
            smooth_all(&s, path, n, list, 0);
            sg_set(&s, x.x, x.y, (uint8_t)(old + 4));
            smooth_all(&s, path, n, list, 0);
            sg_set(&s, x.x, x.y, old);
        }
    }
    /* Listed cells: any cells, duplicates and jumps. */
    m = 2 + rnd(g, 14);
    for (j = 0; j < m; j++) {
        if (j > 0 && rnd(g, 4) == 0) {
            list[j] = list[j - 1];
            continue;
        }
        list[j].x = (int32_t)rnd(g, (uint32_t)s.w);
        list[j].y = (int32_t)rnd(g, (uint32_t)s.h);
    }
    smooth_all(&s, list, m, wp, 1);
    list[0].x = 0;
    list[0].y = 0;
    sg_smooth(&s, 1, list, 1, NULL, NULL);
    /* Errors: none, a point outside, too little room. */
    sg_smooth(&s, 4, list, 0, NULL, NULL);
    list[m / 2].x = k % 2 ? s.w : -1;
    sg_smooth(&s, m, list, m, NULL, NULL);
    list[m / 2].x = 0;
    list[m / 2].y = k % 2 ? -1 : s.h;
    sg_smooth(&s, 0, list, m, NULL, NULL);
    sg_end(&s);
}

void fam_smooth(gen *g)
{
    uint32_t k;
    for (k = 0; k < 60; k++)
        smooth_script(g, k);
}

/* ---- follow.vec -------------------------------------------------------- */

/* Steps until arrival (and one more) or max steps. */
static void walk(sgen *s, uint32_t count, uint32_t max)
{
    uint32_t i;
    for (i = 0; i < max; i++) {
        if (sg_step(s, count) != LS_OK)
            return;
        if (s->agent.state == LS_AGENT_ARRIVED) {
            sg_step(s, count);
            return;
        }
    }
}

/* The length of the leg between the centres of two cells (0 if none). */
static int32_t leg(sgen *s, ls_point a, ls_point b)
{
    int32_t len = 0;
    or_segment(&s->frame, a.x, a.y, b.x, b.y, &len);
    return len;
}

/* v modulo 2^32 as a two's complement int32_t. The speeds below were
 * drawn with int32_t sums that wrapped on huge frames (a negative speed
 * is then drawn again or refused by the library); the vectors hold those
 * values, so they are kept, computed without signed overflow. */
static int32_t wrap32(int64_t v)
{
    uint32_t u = (uint32_t)v;
    return u <= (uint32_t)INT32_MAX ? (int32_t)u : -(int32_t)~u - 1;
}

static void follow_script(gen *g, uint32_t k)
{
    ls_point path[VF_CHECK_PATH_MAX], wp[VF_CHECK_PATH_MAX + 8];
    uint32_t n, m = 0, i, kind = k % 8;
    const int32_t *f = frames[(k * 7) % GOOD_FRAMES];
    int32_t x = 0, y = 0, speed, size;
    sgen s;

    switch (k % 4) {
    case 0: map_gen(g, MG_RANDOM, 20, 20, 73000 + k, 15, 0, 0, 0); break;
    case 1: map_gen(g, MG_TERRAIN, 20, 16, 73000 + k, 8, 5, 5, 10); break;
    case 2: map_gen(g, MG_ROOMS, 20, 20, 73000 + k, 4, 2, 90, 0); break;
    default: map_gen(g, MG_EMPTY, 14, 14, 0, 0, 0, 0, 0); break;
    }
    sg_begin(g, &s, NULL, "1");
    if (k % 5 == 0)
        sg_step(&s, 0); /* an agent of zeros: LS_ERR_BAD_FRAME */
    sg_frame(&s, f[0], f[1], f[2]);
    size = s.frame.cell_size;
    n = sg_found_path(&s, path, VF_CHECK_PATH_MAX);
    if (n > 0)
        m = smooth_all(&s, path, n, wp, 0);
    if (m == 0) {
        wp[0].x = wp[0].y = 0;
        wp[1].x = wp[1].y = 1;
        m = 2;
    }
    if (or_centre(&s.frame, wp[0].x, wp[0].y, &x, &y) != LS_OK)
        x = y = 0;
    if (kind == 6) { /* off the centre, and a zero-length leg inside */
        x += (int32_t)rnd(g, 5) - 2;
        y -= size / 3;
        if (m < VF_CHECK_PATH_MAX) {
            for (i = m; i > 1; i--)
                wp[i] = wp[i - 1];
            m++;
        }
    }
    switch (kind) {
    case 0: speed = leg(&s, wp[0], wp[1]); break;            /* exact */
    case 1: speed = m > 2 ? wrap32((int64_t)leg(&s, wp[0], wp[1]) +
                                   leg(&s, wp[1], wp[2]))
                          : leg(&s, wp[0], wp[1]); break;    /* 2 legs */
    case 2: speed = WMAX; break;                              /* all */
    case 3: speed = size / 3 + 1; break;
    case 4: speed = leg(&s, wp[0], wp[1]) / 2; break;
    case 5: speed = wrap32((int64_t)size + size / 2); break;
    case 6: speed = size / 2 + 1; break;
    default: speed = (int32_t)(1 + rnd(g, (uint32_t)size * 2u)); break;
    }
    if (speed <= 0)
        speed = 1 + (int32_t)rnd(g, 1000);
    if (k % 9 == 1)
        sg_agent(&s, x, y, k % 2 ? 0 : -speed); /* LS_ERR_BAD_SPEED */
    if (k % 9 == 2)
        sg_agent(&s, INT32_MIN, y, speed);      /* LS_ERR_WORLD_RANGE */
    sg_agent(&s, x, y, speed);
    sg_step(&s, 0);                             /* idle: no move */
    if (k % 6 == 0)
        sg_route(&s, wp, 0);                    /* LS_ERR_BAD_SIZE */
    sg_route(&s, wp, m);
    if (k % 6 == 3)
        sg_step(&s, m + 1);                     /* LS_ERR_BAD_AGENT */
    if (kind == 5) {
        /* Re-routed mid-walk, from where it stands, back to the start. */
        walk(&s, m, 2);
        if (s.agent.state == LS_AGENT_MOVING) {
            ls_point back[2];
            back[0] = wp[s.agent.target];
            back[1] = wp[0];
            sg_route(&s, back, 2);
            m = 2;
            for (i = 0; i < 2; i++)
                wp[i] = back[i];
        }
    }
    if (kind == 7 || k % 10 == 4) {
        walk(&s, m, 2);
        /* changed by hand */
        sg_speed(&s, k % 3 ? wrap32((int64_t)speed * 2 + 1) : 0);
        sg_step(&s, m);
        sg_speed(&s, speed);
    }
    walk(&s, m, 30);
    if (k % 7 == 0) {
        /* A route beyond range: a far cell, then a leg too long. */
        ls_point far[2];
        far[0].x = INT32_MAX;
        far[0].y = 0;
        sg_route(&s, far, 1);
        sg_frame(&s, 0, 0, 0x40000000);
        sg_agent(&s, 0, 0, 0x10000000);
        far[0].x = -1;
        far[0].y = 0;
        far[1].x = 1;
        far[1].y = 0;
        sg_route(&s, far, 2);
        sg_route(&s, far, 1);
        walk(&s, 1, 8);
    }
    if (k % 8 == 3) {
        sg_frame(&s, 0, 0, -1);
        sg_agent(&s, x, y, speed);              /* LS_ERR_BAD_FRAME */
    }
    sg_end(&s);
}

void fam_follow(gen *g)
{
    uint32_t k;
    for (k = 0; k < 120; k++)
        follow_script(g, k);
}
